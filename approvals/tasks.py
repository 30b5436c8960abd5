"""Celery tasks of the approvals app: thin, named, calling a service."""

from __future__ import annotations

from celery import shared_task

from approvals.escalation import reviews_escalate_overdue


@shared_task(name="approvals.escalate_overdue_reviews")
def reviews_escalate_overdue_task() -> int:
    """Escalate async reviews past their SLA; safe to run twice (once per review)."""
    return reviews_escalate_overdue()
