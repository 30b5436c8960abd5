"""The rule path's near misses (QUALITY.md, tenth session) through the API
and a real worker: a referent said longer is a duplicate, not a
contradiction; a span's end is another attribute; the user is the default
subject of a terse note."""

import json

import pytest
from rest_framework.test import APIClient

from memory_core.models import MemoryItem

pytestmark = pytest.mark.worker

SCOPE = "/org/acme/user/42/"


def post(api: APIClient, content: str, key: str) -> dict:
    body = {
        "scope": SCOPE,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
    }
    answer = api.post(
        "/api/v1/writes",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_PREFER="wait=30",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    return answer.json()


def test_near_misses_and_a_terse_contradiction(worker, api):
    bank = post(api, "User banks with Chase.", "bank-1")
    assert bank["status"] == "committed", bank
    again = post(api, "The user's bank is JPMorgan Chase.", "bank-2")
    assert again["status"] == "duplicate", again
    assert again["memory_id"] == bank["memory_id"]

    start = post(api, "The sync job runs at 00:30.", "sync-1")
    assert start["status"] == "committed", start
    end = post(api, "The sync job usually finishes by 01:10.", "sync-2")
    assert end["status"] == "committed", end

    plan = post(api, "The user's phone plan costs 25 EUR monthly.", "plan-1")
    assert plan["status"] == "committed", plan
    other = post(api, "Phone plan: €40/mo.", "plan-2")
    assert other["status"] == "rejected", other
    assert (other["gate"], other["code"]) == ("contradiction", "contradiction")
    assert other["conflicts_with"] == [plan["memory_id"]]
    assert MemoryItem.objects.count() == 4  # the bank, two sync notes, the plan
