"""The door's raw lookups: the rate gate's counts and the schema gate's scopes."""

import json
from datetime import timedelta

from django.utils import timezone

from memory_core.models import Scope, WriteRequest
from memory_core.pipeline.lookups import DatabaseLookups, DoorLookups, scope_refs
from memory_core.pipeline.types import WriteCounts
from tests.factories import make_agent


def submit(api, content: str, layer: str = "episodic", session: str = "") -> str:
    body = {"scope": "/org/acme/user/42/", "layer": layer, "content": content}
    if session:
        body["session_id"] = session
    response = api.post(
        "/api/v1/writes", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 202, response.json()
    return response.json()["id"]


def test_the_counts_per_layer_window_minute_and_session(api, tenant, agent_and_token):
    agent = agent_and_token[0]
    now = timezone.now()
    ids = [
        submit(api, "one", session="s-1"),
        submit(api, "two", session="s-1"),
        submit(api, "three", layer="semantic", session="s-2"),
        submit(api, "four", session="s-1"),
    ]
    # The fourth is an hour old: out of both windows, still in its session.
    WriteRequest.objects.filter(pk=ids[3]).update(created_at=now - timedelta(hours=1))
    # Another agent's writes count for it, not for this one.
    other, token = make_agent(tenant)
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    submit(api, "five", session="s-1")
    session = WriteRequest.objects.get(pk=ids[0]).session_id
    assert session and WriteRequest.objects.get(pk=ids[1]).session_id == session

    lookups = DatabaseLookups(tenant.id)
    since = now - timedelta(minutes=10)
    assert lookups.write_counts(agent.id, "episodic", since, session) == WriteCounts(
        layer_in_window=2, all_in_last_minute=3, in_session=3
    )
    assert lookups.write_counts(agent.id, "semantic", since, "") == WriteCounts(
        layer_in_window=1, all_in_last_minute=3, in_session=0
    )
    assert lookups.write_counts(
        agent.id, "episodic", now - timedelta(hours=2), ""
    ) == WriteCounts(layer_in_window=3, all_in_last_minute=3, in_session=0)
    assert lookups.write_counts(other.id, "episodic", since, session) == WriteCounts(
        layer_in_window=1, all_in_last_minute=1, in_session=1
    )


def test_the_scopes_by_path_of_this_tenant_only(tenant, other_tenant):
    Scope.objects.filter(tenant=tenant, path="/org/acme/user/43/").update(
        archived_at=timezone.now()
    )
    paths = ["/org/acme/user/42/", "/org/acme/user/43/", "/org/acme/nope/"]
    refs = scope_refs(tenant.id, iter(paths))
    assert set(refs) == {"/org/acme/user/42/", "/org/acme/user/43/"}
    user42 = Scope.objects.get(tenant=tenant, path="/org/acme/user/42/")
    assert refs["/org/acme/user/42/"].id == user42.id
    assert refs["/org/acme/user/42/"].kind == user42.kind
    assert not refs["/org/acme/user/42/"].archived
    assert refs["/org/acme/user/43/"].archived
    assert scope_refs(other_tenant.id, paths) == {}
    assert scope_refs(tenant.id, []) == {}

    lookups = DatabaseLookups(tenant.id)
    assert lookups.scope("/org/acme/user/42/") == refs["/org/acme/user/42/"]
    assert lookups.scope("/org/acme/nope/") is None


def test_the_door_reads_key_scopes_and_counts_in_one_round_trip(
    api, tenant, agent_and_token, django_assert_num_queries
):
    agent = agent_and_token[0]
    now = timezone.now()
    first = submit(api, "one", session="s-1")
    submit(api, "two", layer="semantic")
    session = WriteRequest.objects.get(pk=first).session_id
    key = WriteRequest.objects.get(pk=first).idempotency_key
    Scope.objects.filter(tenant=tenant, path="/org/acme/").update(
        archived_at=timezone.now()
    )
    since = now - timedelta(minutes=10)
    user42 = DatabaseLookups(tenant.id).scope("/org/acme/user/42/")

    door = DoorLookups(tenant.id)
    with django_assert_num_queries(1):
        found = door.prefetch(
            agent_id=agent.id,
            keys=["another key", key],
            scope_path="/org/acme/user/42/",
            layer="episodic",
            since=since,
            session_id=session,
        )
        # The scope with its ancestors, and the counts the gate asks for.
        assert door.scope("/org/acme/user/42/") == user42
        assert door.scope("/org/acme/").archived
        assert door.scope("/global/") is not None
        assert door.write_counts(agent.id, "episodic", since, session) == WriteCounts(
            layer_in_window=1, all_in_last_minute=2, in_session=1
        )
    assert str(found) == first
    # Asked again, or about anything else, the database answers.
    with django_assert_num_queries(2):
        assert door.write_counts(agent.id, "episodic", since, session).in_session == 1
        assert door.write_counts(agent.id, "semantic", since, "") == WriteCounts(
            layer_in_window=1, all_in_last_minute=2, in_session=0
        )
    with django_assert_num_queries(1):
        assert (
            door.prefetch(
                agent_id=agent.id,
                keys=["no such key"],
                scope_path="/org/acme/user/9/",
                layer="episodic",
                since=since,
                session_id="",
            )
            is None
        )
        assert door.scope("/org/acme/user/9/") is None


def test_a_window_that_starts_inside_a_second_counts_exactly(
    api, tenant, agent_and_token
):
    """The whole seconds come from the tallies, the first one from the rows."""
    agent = agent_and_token[0]
    second = timezone.now().replace(microsecond=0) - timedelta(minutes=5)
    at = [0.2, 0.7, 1.5, 1.9]
    ids = [submit(api, f"write {i}") for i in range(len(at))]
    for write_id, offset in zip(ids, at, strict=True):
        WriteRequest.objects.filter(pk=write_id).update(
            created_at=second + timedelta(seconds=offset)
        )
    lookups = DatabaseLookups(tenant.id)
    for start, expected in [
        (0.0, 4),
        (0.2, 4),
        (0.21, 3),
        (0.5, 3),
        (0.7, 3),
        (0.71, 2),
        (1.0, 2),
        (1.5, 2),
        (1.6, 1),
        (2.0, 0),
    ]:
        since = second + timedelta(seconds=start)
        counts = lookups.write_counts(agent.id, "episodic", since, "")
        assert counts.layer_in_window == expected, start
        other = lookups.write_counts(agent.id, "semantic", since, "")
        assert other.layer_in_window == 0
