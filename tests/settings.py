"""Test settings: the real settings, with the broker on Redis and a private queue.

The end-to-end tests run a real Celery worker consuming a real broker; a
queue name of its own per test run keeps stale messages out.
"""

import os
import tempfile
import uuid

os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
os.environ.setdefault("MGC_CELERY_QUEUE", f"test-{uuid.uuid4().hex[:12]}")
# Production mode, as deployed: explicit keys (test values, never real ones);
# the worker subprocesses inherit them.
os.environ.setdefault("DJANGO_SECRET_KEY", "test-secret-key-" + "x" * 50)
os.environ.setdefault("MGC_PROVENANCE_KEY", "test-provenance-key")
os.environ.setdefault("MGC_REDACTION_KEY", "test-redaction-key")
os.environ.setdefault("MGC_AUDIT_KEY", "test-audit-key")
# Prometheus multiprocess mode, as `run_console` runs it: the test process and
# the worker subprocesses (which inherit this) write samples to one fresh
# directory, and a scrape merges them (memory_core/metrics/prometheus.py).
os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp(prefix="mgc-prom-"))

from memory_core.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The suite never runs collectstatic: serve the source files, unhashed, and
# speak plain HTTP to the test client and the live server.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0

# The test database is created and migrated by its owner; the suite then runs
# as the app role, subject to row-level security (tests/conftest.py switches
# `default` once the database is set up).
MGC_TEST_APP_DATABASE = {
    "USER": DATABASES["default"]["USER"],  # noqa: F405
    "PASSWORD": DATABASES["default"]["PASSWORD"],  # noqa: F405
}
DATABASES["default"].update(  # noqa: F405
    {
        key: DATABASES["migrate"][key]  # noqa: F405
        for key in ("USER", "PASSWORD", "HOST", "PORT")
    }
)
