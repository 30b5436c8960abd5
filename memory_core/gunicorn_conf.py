"""gunicorn's settings for the console's web processes.

`gunicorn -c python:memory_core.gunicorn_conf memory_core.wsgi` runs it as
`make run` does; every value can be overridden with gunicorn's own flags or
the `GUNICORN_CMD_ARGS` variable (docs/deploy.md).

Threaded workers (`gthread`): an agent long-polling for its write's outcome
holds a thread for up to 30 s, not a whole process.
"""

from __future__ import annotations

import os

bind = os.environ.get("MGC_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", max(2, os.cpu_count() or 1)))
worker_class = "gthread"
threads = int(os.environ.get("MGC_WEB_THREADS", "8"))
# Longer than the longest long poll (MGC_LONG_POLL_MAX_SECONDS = 30).
timeout = 60
graceful_timeout = 30
keepalive = 5
# Recycle a process now and then, staggered, so no leak outlives a day.
max_requests = 20_000
max_requests_jitter = 2_000
accesslog = "-"
errorlog = "-"
# JSON lines with the request id, like the application's own
# (memory_core/metrics/gunicorn_logging.py); with MGC_LOG_FORMAT=text, plain
# lines in this format.
logger_class = "memory_core.metrics.gunicorn_logging.JsonLogger"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
# The proxy in front terminates TLS and sets X-Forwarded-Proto; list its
# addresses here (comma-separated) so gunicorn trusts them.
forwarded_allow_ips = os.environ.get("MGC_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
proc_name = "mgc-web"
control_socket_disable = True


def child_exit(server, worker) -> None:
    """Drop an exited web process's live Prometheus gauges (multiprocess mode)."""
    from memory_core.metrics.instruments import mark_process_dead

    mark_process_dead(worker.pid)


def post_worker_init(worker) -> None:
    """Import the URLconf and load the local embedding model in the
    background as this process starts.

    Django imports the URLconf (every view module) on a process's first
    request, and the model loads on its first search: together about 0.4 s
    that an agent's first request to each web process waited, against
    20-70 ms after. In a thread, so the process serves at once (a request
    that needs either waits for it, as before) and a first start that
    exports the model (tens of seconds) never holds the worker past
    gunicorn's timeout.
    """
    import threading

    threading.Thread(target=_warm_up, name="mgc-warm-up", daemon=True).start()


def _warm_up() -> None:
    """Import the URLconf; load a local embedding model (a remote one,
    `openai`, has nothing to load and is not called). A failure is logged:
    the first request does the work instead."""
    import logging

    from django.urls import get_resolver

    from memory_core.embeddings import OpenAICompatible, get_provider

    try:
        get_resolver().url_patterns  # noqa: B018 - the import is the point
        provider = get_provider()
        if not isinstance(provider, OpenAICompatible):
            provider.embed(["warm up"])
    except Exception:  # noqa: BLE001 - a request will do it, or say why
        logging.getLogger(__name__).exception("could not warm this web process up")
