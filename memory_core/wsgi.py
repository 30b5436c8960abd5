"""WSGI entry point."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_core.settings")
application = get_wsgi_application()

# Traces only when an OTLP endpoint is configured (memory_core/metrics/tracing.py).
from memory_core.metrics.tracing import configure_tracing  # noqa: E402

configure_tracing("mgc-web")
