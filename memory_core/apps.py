from django.apps import AppConfig


class MemoryCoreConfig(AppConfig):
    name = "memory_core"
    verbose_name = "Memory"
