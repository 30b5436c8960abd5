"""The memory domain and the project package of the Memory Governance Console."""

from memory_core.celery import app as celery_app

__all__ = ["celery_app"]
