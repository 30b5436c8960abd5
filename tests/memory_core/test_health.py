"""/healthz and /readyz: what a load balancer and a process manager rely on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from memory_core.health import (
    BEAT,
    WORKER,
    check_broker,
    heartbeat_record,
    heartbeats_prune,
)
from memory_core.models import ServiceHeartbeat

pytestmark = pytest.mark.django_db


def test_healthz_answers_without_login_or_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_readyz_is_not_ready_until_a_worker_and_beat_report(client):
    response = client.get("/readyz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "not_ready"
    checks = body["checks"]
    assert checks["database"]["ok"] and "pgvector" in checks["database"]["detail"]
    assert checks["migrations"] == {"ok": True, "detail": "all applied"}
    assert checks["broker"]["ok"]
    assert checks["worker"] == {"ok": False, "detail": "no worker has ever reported"}
    assert checks["beat"] == {"ok": False, "detail": "no beat has ever reported"}
    assert "no-cache" in response["Cache-Control"]


def test_readyz_is_ready_with_fresh_heartbeats(client):
    heartbeat_record(component=WORKER, hostname="celery@a")
    heartbeat_record(component=BEAT)

    response = client.get("/readyz")

    assert response.status_code == 200
    assert response.json()["status"] == "ready"
    assert response.json()["checks"]["worker"]["detail"].startswith("celery@a seen")


def test_a_stale_worker_makes_it_unready_and_says_since_when(client):
    heartbeat_record(component=BEAT)
    ServiceHeartbeat.objects.create(
        component=WORKER,
        hostname="celery@gone",
        seen_at=timezone.now() - timedelta(minutes=5),
    )

    response = client.get("/readyz")

    assert response.status_code == 503
    detail = response.json()["checks"]["worker"]["detail"]
    assert detail.startswith("last worker (celery@gone) seen 300 s ago")


def test_the_newest_of_several_workers_counts(client):
    heartbeat_record(component=BEAT)
    ServiceHeartbeat.objects.create(
        component=WORKER, hostname="old", seen_at=timezone.now() - timedelta(hours=1)
    )
    heartbeat_record(component=WORKER, hostname="new")

    assert client.get("/readyz").status_code == 200


def test_an_unreachable_broker_fails_its_check():
    reachable = check_broker()
    unreachable = check_broker("redis://127.0.0.1:1/0")

    assert reachable.ok
    assert not unreachable.ok
    assert unreachable.detail.startswith("broker unreachable")


def test_a_heartbeat_overwrites_its_row_and_old_hosts_are_pruned():
    heartbeat_record(component=WORKER, hostname="w1")
    heartbeat_record(component=WORKER, hostname="w1")
    ServiceHeartbeat.objects.create(
        component=WORKER, hostname="w0", seen_at=timezone.now() - timedelta(days=8)
    )

    assert heartbeats_prune() == 1
    assert list(ServiceHeartbeat.objects.values_list("hostname", flat=True)) == ["w1"]


def test_probes_are_not_redirected_to_https(client, settings):
    settings.SECURE_SSL_REDIRECT = True

    assert client.get("/healthz").status_code == 200
    assert client.get("/login/").status_code == 301
