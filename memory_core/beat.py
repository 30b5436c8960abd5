"""Beat's scheduler, which also records beat's heartbeat (memory_core/health.py)."""

from __future__ import annotations

import logging
import time

from celery.beat import PersistentScheduler
from django.db import DatabaseError, close_old_connections

from memory_core.health import BEAT, heartbeat_record

logger = logging.getLogger(__name__)

HEARTBEAT_EVERY_SECONDS = 15.0


class HeartbeatScheduler(PersistentScheduler):
    """Celery's file-backed scheduler that records a heartbeat every 15 s."""

    # Wake at least this often, so a heartbeat is never later than this.
    max_interval = HEARTBEAT_EVERY_SECONDS

    def __init__(self, *args, **kwargs) -> None:
        self._last_heartbeat = 0.0
        super().__init__(*args, **kwargs)

    def tick(self, *args, **kwargs) -> float:
        now = time.monotonic()
        if now - self._last_heartbeat >= HEARTBEAT_EVERY_SECONDS:
            try:
                close_old_connections()
                heartbeat_record(component=BEAT)
                self._last_heartbeat = now
            except DatabaseError:
                # Readiness reports beat as stale; the schedule itself goes on.
                logger.warning("beat could not record its heartbeat", exc_info=True)
        return min(super().tick(*args, **kwargs), HEARTBEAT_EVERY_SECONDS)
