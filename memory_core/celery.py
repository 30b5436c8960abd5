"""The Celery app: the write pipeline and the beat jobs run here."""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_core.settings")

app = Celery("memory_core")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery's Django fixup closes every database connection before and after each
# task unless this is set; a new PostgreSQL connection costs ~10 ms, more than
# most tasks (a write already taken by an earlier batch is a 1 ms no-op).
# Connections are still recycled by Django's CONN_MAX_AGE and health rules.
app.conf.CELERY_DB_REUSE_MAX = 10_000


@signals.task_prerun.connect
def drop_unusable_connections(task=None, **kwargs) -> None:
    """Let Django close connections that are broken or past CONN_MAX_AGE.

    Not for eager tasks: they run inside the caller's transaction.
    """
    from django.db import close_old_connections

    if task is not None and getattr(task.request, "is_eager", False):
        return
    close_old_connections()
    clear_tenant(task)


@signals.task_postrun.connect
def clear_tenant(task=None, **kwargs) -> None:
    """Start and end every task with no tenant set (memory_core/rls.py).

    A task sets its tenant itself; a setting never carries over to the next
    task on the worker's persistent connection. Not for eager tasks either.
    """
    from memory_core.rls import session_reset

    if task is not None and getattr(task.request, "is_eager", False):
        return
    session_reset()


@signals.worker_process_init.connect
@signals.worker_ready.connect
def load_embedding_model(**kwargs) -> None:
    """Load the model once per worker process, before the first write arrives."""
    import logging

    from memory_core.embeddings import get_provider

    provider = get_provider()
    provider.embed(["warm up"])
    logging.getLogger(__name__).info("embedding model loaded (%s)", provider.name)
    warm_worker_process()


def warm_worker_process() -> None:
    """Ready a worker process for the pipeline, besides the model.

    - WordNet's tables, read once per process (about 0.2 s of CPU), before
      the first write asks the contradiction gate about a word.
    - One BLAS thread: the pipeline's products are small (a batch's 64
      vectors against a scope's few hundred), and OpenBLAS's threads spin on
      shared cores: 64×384 by 384×512 took 24 ms of CPU on two threads of a
      loaded machine, 0.5 ms on one, the same numbers (bench/PERF.md).
      `OMP_NUM_THREADS` (docs/deploy.md) does it for a prefork worker
      started with it; this does it for any worker.
    """
    from threadpoolctl import threadpool_limits

    from memory_core.pipeline import wordnet

    wordnet.available()
    threadpool_limits(limits=1, user_api="blas")


@signals.worker_process_shutdown.connect
def prometheus_process_dead(pid=None, **kwargs) -> None:
    """Drop an exiting prefork child's live Prometheus gauges (multiprocess mode)."""
    from memory_core.metrics.instruments import mark_process_dead

    mark_process_dead(pid or os.getpid())


# Request ids: published with each task, restored around it in the worker
# (memory_core/metrics/requestlog.py).
@signals.before_task_publish.connect
def publish_request_id(**kwargs) -> None:
    from memory_core.metrics.requestlog import publish_request_id

    publish_request_id(**kwargs)


@signals.task_prerun.connect
def task_request_id_enter(**kwargs) -> None:
    from memory_core.metrics.requestlog import task_request_id_enter
    from memory_core.metrics.tracing import configure_tracing

    # Once per worker process (prefork children start after the fork): traces
    # only when an OTLP endpoint is configured.
    configure_tracing("mgc-worker")
    task_request_id_enter(**kwargs)


@signals.task_postrun.connect
def task_request_id_exit(**kwargs) -> None:
    from memory_core.metrics.requestlog import task_request_id_exit

    task_request_id_exit(**kwargs)


@signals.setup_logging.connect
def keep_django_logging(**kwargs) -> None:
    """Keep Django's LOGGING (JSON lines with request ids) in the worker and beat."""
