from django.apps import AppConfig


class MetricsConfig(AppConfig):
    name = "memory_core.metrics"
    label = "metrics"
    verbose_name = "Metrics"
    default_auto_field = "django.db.models.BigAutoField"
