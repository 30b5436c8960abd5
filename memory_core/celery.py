"""The Celery app: the write pipeline and the beat jobs run here."""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_core.settings")

app = Celery("memory_core")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.worker_process_init.connect
@signals.worker_ready.connect
def load_embedding_model(**kwargs) -> None:
    """Load the model once per worker process, before the first write arrives."""
    import logging

    from memory_core.embeddings import get_provider

    provider = get_provider()
    provider.embed(["warm up"])
    logging.getLogger(__name__).info("embedding model loaded (%s)", provider.name)
