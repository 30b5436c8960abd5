"""The door's plain answer and body validation match DRF's serializers."""

import json
import uuid
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from rest_framework.renderers import JSONRenderer

from memory_core.apis import WriteCreateApi, WriteOutput, _WriteBody, write_output
from memory_core.models import (
    MemoryVersion,
    ReviewTier,
    WriteRequest,
    WriteStatus,
)

URL = "/api/v1/writes"
CREATED = datetime(2026, 11, 25, 18, 30, 1, 123456, tzinfo=UTC)


def rendered(data) -> dict:
    return json.loads(JSONRenderer().render(data))


def _contradiction(decision: str) -> dict:
    first, second = uuid.uuid4(), uuid.uuid4()
    found = [{"item_id": str(i)} for i in (first, second, first)]
    return {
        "gate": "contradiction",
        "decision": decision,
        "details": {"contradictions": found},
    }


def outcomes() -> list[WriteRequest]:
    """Writes as the door and the worker leave them, one of each outcome."""
    queued = WriteRequest(
        id=uuid.uuid4(), status=WriteStatus.QUEUED, created_at=CREATED
    )
    rejected = WriteRequest(
        id=uuid.uuid4(),
        status=WriteStatus.REJECTED,
        gate="sensitivity",
        code="secret_detected",
        reason="The content holds a secret.",
        flags=["secret", "pii"],
        risk_score=1,
        created_at=CREATED,
        finished_at=CREATED + timedelta(seconds=1),
    )
    deferred = WriteRequest(
        id=uuid.uuid4(),
        status=WriteStatus.DEFERRED,
        gate="rate",
        code="rate_limited",
        reason="Too many writes.",
        # Not UTC: DRF gives it in the current time zone.
        retry_at=datetime(2026, 11, 25, 20, 0, tzinfo=ZoneInfo("Europe/Paris")),
        created_at=CREATED,
    )
    committed = WriteRequest(
        id=uuid.uuid4(),
        status=WriteStatus.COMMITTED,
        tier=ReviewTier.AUTO,
        risk_score=0.125,
        memory_item_id=uuid.uuid4(),
        decided_by="pipeline",
        created_at=CREATED,
        finished_at=CREATED + timedelta(milliseconds=5),
    )
    committed.version = MemoryVersion(id=uuid.uuid4(), number=3)
    review = WriteRequest(
        id=uuid.uuid4(),
        status=WriteStatus.PENDING_REVIEW,
        tier=ReviewTier.ASYNC,
        gate_decisions=[
            {"gate": "schema", "decision": "accept"},
            _contradiction("review"),
        ],
        review_deadline=CREATED + timedelta(hours=4),
        created_at=CREATED,
    )
    passed = WriteRequest(
        id=uuid.uuid4(),
        status=WriteStatus.COMMITTED,
        tier=ReviewTier.SYNC,
        gate_decisions=[_contradiction("accept")],
        created_at=CREATED,
    )
    return [queued, rejected, deferred, committed, review, passed]


@pytest.mark.parametrize("index", range(6))
def test_the_plain_answer_is_the_serializers(index):
    write = outcomes()[index]
    expected = WriteOutput(write).data
    assert write_output(write) == expected
    assert list(write_output(write)) == list(expected)
    assert rendered(write_output(write)) == rendered(expected)


def test_the_answer_of_a_stored_write_is_the_serializers(api):
    response = api.post(
        URL,
        data=json.dumps(
            {
                "scope": "/org/acme/user/42/",
                "layer": "episodic",
                "content": "The user prefers tea.",
            }
        ),
        content_type="application/json",
    )
    assert response.status_code == 202
    write = WriteRequest.objects.get(pk=response.json()["id"])
    assert response.json() == rendered(WriteOutput(write).data)


def body(**extra) -> dict:
    return {"scope": "/org/acme/", "layer": "episodic", "content": "x", **extra}


def test_the_body_fields_are_bound_once_and_keep_no_state():
    assert _WriteBody().fields is _WriteBody().fields
    bad = _WriteBody(data=body(evidence=[{"uri": "a"}], confidence="high"))
    assert not bad.is_valid()
    assert set(bad.errors) == {"evidence", "confidence"}
    good = _WriteBody(data=body(evidence=[{"source_type": "HUMAN_INPUT"}]))
    assert good.is_valid(), good.errors
    fresh = WriteCreateApi.InputSerializer(
        data=body(evidence=[{"source_type": "HUMAN_INPUT"}])
    )
    assert fresh.is_valid()
    assert good.validated_data == fresh.validated_data
    plain = _WriteBody(data=body())
    assert plain.is_valid()
    assert "evidence" not in plain.validated_data
    assert plain.validated_data["confidence"] == 0.7
