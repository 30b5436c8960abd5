"""Celery task names: one scheme (`<app>.<noun>.<verb>`), old names as aliases."""

from __future__ import annotations

import re

from django.conf import settings

from memory_core.celery import app

SCHEME = re.compile(r"^(memory_core|approvals|metrics)\.[a-z_]+\.[a-z_]+$")
# Registered for one release so that messages queued under them still run.
ALIASES = {
    "approvals.escalate_overdue_reviews": "approvals.reviews.escalate_overdue",
    "approvals.erasure_run": "approvals.erasure.run",
    "approvals.erasures_resume_stalled": "approvals.erasure.resume_stalled",
    "metrics.rollup_all": "metrics.rollups.run_all",
}


def _ours() -> set[str]:
    app.loader.import_default_modules()
    return {
        name
        for name in app.tasks
        if name.split(".")[0] in {"memory_core", "approvals", "metrics"}
    }


def test_every_task_but_the_aliases_follows_the_scheme():
    names = _ours()
    assert set(ALIASES) <= names and set(ALIASES.values()) <= names
    assert sorted(n for n in names - set(ALIASES) if not SCHEME.match(n)) == []


def test_an_alias_keeps_its_tasks_options():
    for old, new in ALIASES.items():
        for option in ("acks_late", "reject_on_worker_lost", "max_retries"):
            assert getattr(app.tasks[old], option) == getattr(app.tasks[new], option)


def test_beat_schedules_registered_tasks_under_their_new_names():
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled <= _ours()
    assert scheduled.isdisjoint(ALIASES)
