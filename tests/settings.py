"""Test settings: the real settings, with the broker on Redis and a private queue.

The end-to-end tests run a real Celery worker consuming a real broker; a
queue name of its own per test run keeps stale messages out.
"""

import os
import uuid

os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
os.environ.setdefault("MGC_CELERY_QUEUE", f"test-{uuid.uuid4().hex[:12]}")

from memory_core.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
