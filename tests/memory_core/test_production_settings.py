"""Safe defaults: production refuses to start half-configured; deployed, it is clean.

Each case starts `manage.py` in a process of its own with the real settings
module, as an operator would, with only the environment it names.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT, database_url_for_tests

KEYS = (
    "DJANGO_SECRET_KEY",
    "MGC_PROVENANCE_KEY",
    "MGC_REDACTION_KEY",
    "MGC_AUDIT_KEY",
)
# What docs/deploy.md tells an operator to set.
DOCUMENTED = {
    "DJANGO_SECRET_KEY": "s" * 30 + "Q9v#kL2@xW8!pZ4$mN6^rT1&yB3*cD5-",
    "MGC_PROVENANCE_KEY": "provenance-key-of-this-deployment-0123456789",
    "MGC_REDACTION_KEY": "redaction-key-of-this-deployment-0123456789",
    "MGC_AUDIT_KEY": "audit-key-of-this-deployment-0123456789",
    "DJANGO_ALLOWED_HOSTS": "memory.example.com",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://memory.example.com",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/15",
}


def manage(*args: str, env: dict[str, str], tmp_path) -> subprocess.CompletedProcess:
    """Run manage.py as an operator would, on an external database.

    With a DATABASE_URL the settings never start an embedded server in
    `tmp_path` (one would outlive the test); none of these commands writes.
    """
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in KEYS and not k.startswith(("DJANGO_", "MGC_"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={
            **base,
            "DJANGO_SETTINGS_MODULE": "memory_core.settings",
            "MGC_DATA_DIR": str(tmp_path),
            "DATABASE_URL": database_url_for_tests(),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("missing", KEYS)
def test_production_refuses_to_start_without_each_key(missing, tmp_path):
    env = {k: v for k, v in DOCUMENTED.items() if k != missing}

    result = manage("check", env=env, tmp_path=tmp_path)

    assert result.returncode == 1
    assert result.stderr.startswith("Configuration error: Production mode")
    assert missing in result.stderr
    assert "Traceback" not in result.stderr
    # No key was made up for it either.
    assert not (tmp_path / "secret_key").exists()


def test_development_makes_a_private_secret_once(tmp_path):
    first = manage(
        "shell",
        "-v",
        "0",
        "-c",
        "from django.conf import settings; print(settings.SECRET_KEY)",
        env={"DJANGO_DEBUG": "1"},
        tmp_path=tmp_path,
    )
    second = manage(
        "shell",
        "-v",
        "0",
        "-c",
        "from django.conf import settings; print(settings.SECRET_KEY)",
        env={"DJANGO_DEBUG": "1"},
        tmp_path=tmp_path,
    )

    assert first.returncode == 0, first.stderr
    secret = (tmp_path / "secret_key").read_text().strip()
    assert first.stdout.strip() == second.stdout.strip() == secret
    assert len(secret) >= 50
    assert oct((tmp_path / "secret_key").stat().st_mode & 0o777) == "0o600"


@pytest.mark.django_db
def test_check_deploy_is_clean_with_the_documented_variables(tmp_path):
    env = DOCUMENTED

    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", env=env, tmp_path=tmp_path
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_debug_is_off_unless_asked_for(tmp_path):
    code = "from django.conf import settings; print(settings.DEBUG)"
    production = manage(
        "shell", "-v", "0", "-c", code, env=DOCUMENTED, tmp_path=tmp_path
    )
    development = manage(
        "shell", "-v", "0", "-c", code, env={"DJANGO_DEBUG": "1"}, tmp_path=tmp_path
    )

    assert production.stdout.strip() == "False", production.stderr
    assert development.stdout.strip() == "True", development.stderr


def test_production_is_hardened_for_the_web(tmp_path):
    code = (
        "import json; from django.conf import settings as s; print(json.dumps({"
        "'hsts': s.SECURE_HSTS_SECONDS, 'subdomains': s.SECURE_HSTS_INCLUDE_SUBDOMAINS,"
        "'redirect': s.SECURE_SSL_REDIRECT, 'session_secure': s.SESSION_COOKIE_SECURE,"
        "'session_httponly': s.SESSION_COOKIE_HTTPONLY,"
        "'session_samesite': s.SESSION_COOKIE_SAMESITE,"
        "'csrf_secure': s.CSRF_COOKIE_SECURE, 'csrf_httponly': s.CSRF_COOKIE_HTTPONLY,"
        "'csp': s.MGC_CONTENT_SECURITY_POLICY, 'axes': 'axes' in s.INSTALLED_APPS,"
        "'backend': s.AUTHENTICATION_BACKENDS[0], 'limit': s.AXES_FAILURE_LIMIT,"
        "'middleware': s.MIDDLEWARE}))"
    )
    result = manage("shell", "-v", "0", "-c", code, env=DOCUMENTED, tmp_path=tmp_path)

    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["hsts"] >= 365 * 24 * 3600
    assert found["subdomains"] and found["redirect"]
    assert found["session_secure"] and found["session_httponly"]
    assert found["session_samesite"] == "Lax"
    assert found["csrf_secure"] and found["csrf_httponly"]
    assert "script-src 'self';" in found["csp"]
    assert "frame-ancestors 'none'" in found["csp"]
    assert "unsafe" not in found["csp"]
    assert found["axes"] and found["limit"] == 5
    assert found["backend"] == "memory_core.security.LoginThrottleBackend"
    assert "axes.middleware.AxesMiddleware" in found["middleware"]
