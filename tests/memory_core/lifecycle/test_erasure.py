"""Erasure mechanics end to end on PostgreSQL: scan, closure, delete, verify.

`seed_subject` stores one data subject (Jane Doe, jane.doe@example.com,
user 42) across layers, versions, statuses, merges, evidence links,
redaction mappings, a queued write and a curator's note, plus another
subject and unrelated memories that must survive. It is shared with the
approvals tests.
"""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests
from __future__ import annotations

import uuid
from dataclasses import dataclass, field

import pytest
from django.db import connection, transaction
from django.utils import timezone

from approvals.erasure.job import erasure_run
from approvals.erasure.requests import erasure_execute, erasure_file
from approvals.models import ErasureStatus
from memory_core.exceptions import Invalid
from memory_core.hashing import content_hash
from memory_core.lifecycle.erasure import (
    Identifier,
    Kind,
    erasure_scan,
    erasure_survivors,
    identifier_parse,
    name_regex,
    subject_hash,
)
from memory_core.models import (
    Conflict,
    MemoryAnnotation,
    MemoryItem,
    MemoryVersion,
    RedactionToken,
    Role,
    Scope,
    VersionStatus,
    WriteStatus,
)
from memory_core.redaction import value_digest
from memory_core.services.writes import write_submit
from tests.factories import make_member
from tests.memory_core.services.test_curation import (  # noqa: F401
    agent,
    committed,
    unit_vector,
)

JANE_EMAIL = "jane.doe@example.com"
USER_42 = "/org/acme/user/42/"
USER_43 = "/org/acme/user/43/"
ORG = "/org/acme/"


@dataclass
class Seeded:
    subject_items: set[uuid.UUID] = field(default_factory=set)
    derived_items: set[uuid.UUID] = field(default_factory=set)
    other_items: set[uuid.UUID] = field(default_factory=set)
    queued_write: uuid.UUID | None = None
    jane_note: int | None = None
    bob_note: int | None = None
    identifiers: list[tuple[str, str]] = field(default_factory=list)

    @property
    def erased(self) -> set[uuid.UUID]:
        return self.subject_items | self.derived_items


def orm_item(
    tenant,
    content: str,
    *,
    path: str = ORG,
    layer: str = "semantic",
    subject: str = "",
    status: str = VersionStatus.ACTIVE,
    **version_fields,
) -> MemoryItem:
    """Store an item with one version directly (shapes the pipeline rarely makes)."""
    now = timezone.now()
    scope = Scope.objects.get(tenant=tenant, path=path)
    item = MemoryItem.objects.create(
        tenant=tenant,
        scope=scope,
        layer=layer,
        subject=subject,
        status=status,
        created_at=now,
        updated_at=now,
    )
    version = orm_version(item, content, status=status, **version_fields)
    if status != VersionStatus.DRAFT:
        item.head = version
        item.save(update_fields=["head"])
    return item


def orm_version(item: MemoryItem, content: str, **fields) -> MemoryVersion:
    now = timezone.now()
    number = item.versions.count() + 1
    return MemoryVersion.objects.create(
        tenant_id=item.tenant_id,
        item=item,
        scope_id=item.scope_id,
        layer=item.layer,
        number=number,
        content=content,
        embedding=fields.pop("embedding", None) or unit_vector(),
        content_hash=content_hash(content),
        confidence=0.9,
        source="user_stated",
        status=fields.pop("status", VersionStatus.ACTIVE),
        valid_from=now,
        created_at=now,
        **fields,
    )


def seed_subject(tenant, agent) -> Seeded:
    """Store Jane's data everywhere it can be, and others' data beside it."""
    seeded = Seeded(
        identifiers=[
            (Kind.EMAIL, "Jane.Doe@Example.com"),
            (Kind.NAME, "jane doe"),
            (Kind.USER_ID, "42"),
        ]
    )
    # Through the pipeline: the email is redacted to user 42's <EMAIL_1>.
    contact = committed(
        agent,
        f"Jane Doe asked to be emailed at {JANE_EMAIL} about renewals.",
        scope=USER_42,
        key="contact",
    )
    assert "<EMAIL_1>" in contact.head.content
    # Two more versions: superseded history and a retracted one.
    head = contact.head
    head.status, head.valid_to = VersionStatus.SUPERSEDED, timezone.now()
    head.save(update_fields=["status", "valid_to"])
    v2 = orm_version(contact, "Renewals go to <EMAIL_1> in March.", supersedes=head)
    contact.head = v2
    contact.save(update_fields=["head"])
    prefers = committed(agent, "Prefers morning meetings.", scope=USER_42)
    seeded.subject_items |= {contact.pk, prefers.pk}
    # In the org scope, about user 42 by subject, and a draft naming her.
    dark = orm_item(tenant, "Prefers dark mode.", subject="user:42")
    draft = orm_item(
        tenant, "JANE  DOE called about the invoice.", status=VersionStatus.DRAFT
    )
    structured = orm_item(
        tenant, "A customer record.", structured={"customer": "Jane Doe"}
    )
    seeded.subject_items |= {dark.pk, draft.pk, structured.pk}
    # User 43 (Bob) mentions Jane's email: redacted to *his* <EMAIL_2>.
    bob = committed(agent, "Bob Roe's email is bob@example.org.", scope=USER_43)
    bob_mentions = committed(
        agent, f"Bob forwarded the thread to {JANE_EMAIL}.", scope=USER_43
    )
    assert "<EMAIL_2>" in bob_mentions.head.content
    seeded.subject_items.add(bob_mentions.pk)
    # Derived: a merge of her version, an item citing that merge, one citing
    # her preference, one superseding her contact's version from elsewhere.
    merged = orm_item(
        tenant, "Customer contact channels, consolidated.", merged_from=[v2.pk]
    )
    cites_merge = orm_item(
        tenant,
        "Quarterly summary of contact channels.",
        evidence=[{"source_type": "MEMORY_ITEM", "memory_id": str(merged.pk)}],
    )
    cites_pref = orm_item(
        tenant,
        "Team meetings move to mornings.",
        evidence=[{"source_type": "MEMORY_ITEM", "memory_id": str(prefers.pk)}],
    )
    supersedes = orm_item(tenant, "Contact policy, revised.", supersedes=v2)
    seeded.derived_items |= {merged.pk, cites_merge.pk, cites_pref.pk, supersedes.pk}
    # Survivors: Bob's own data, an unrelated org fact, a near-namesake.
    office = orm_item(tenant, "The office is closed on Fridays.")
    namesake = orm_item(tenant, "Janet Doeson leads procurement.")
    seeded.other_items |= {bob.pk, office.pk, namesake.pk}
    # A curator's notes: one names Jane (goes), one does not (stays).
    curator = make_member(tenant, Role.CURATOR, username="note-taker")
    now = timezone.now()
    seeded.jane_note = MemoryAnnotation.objects.create(
        tenant=tenant,
        item=office,
        author=curator,
        text="Jane Doe asked.",
        created_at=now,
    ).pk
    seeded.bob_note = MemoryAnnotation.objects.create(
        tenant=tenant, item=office, author=curator, text="Checked.", created_at=now
    ).pk
    # A contradiction case between her version and the draft.
    Conflict.objects.create(
        tenant=tenant,
        new_version=draft.versions.get(),
        existing_version=v2,
        detector="rules",
    )
    # A write still queued, naming her email: its stored payload holds the token.
    queued = write_submit(
        agent=agent,
        payload={
            "scope": USER_42,
            "layer": "episodic",
            "content": f"Call {JANE_EMAIL} tomorrow.",
            "embedding": unit_vector(),
        },
        idempotency_key="queued-1",
    ).write
    assert queued.status == WriteStatus.QUEUED
    assert "<EMAIL_1>" in queued.payload["content"]
    seeded.queued_write = queued.pk
    return seeded


def parsed(seeded: Seeded) -> list[Identifier]:
    return [identifier_parse(kind, raw) for kind, raw in seeded.identifiers]


def raw_rows(sql: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


@pytest.fixture
def officer(tenant):
    return make_member(tenant, Role.COMPLIANCE_OFFICER, username="olga")


def executor(tenant):
    """A second officer: under four eyes (the default) the filer never executes."""
    from django.contrib.auth.models import User

    user = User.objects.filter(username="olga-executes").first()
    return user or make_member(
        tenant, Role.COMPLIANCE_OFFICER, username="olga-executes"
    )


# Identifiers


@pytest.mark.parametrize(
    ("kind", "raw", "value"),
    [
        (Kind.EMAIL, " Jane.Doe@Example.COM ", "jane.doe@example.com"),
        (Kind.PHONE, "+44 20 7946 0958", "+442079460958"),
        (Kind.PHONE, "(415) 555-2671", "+14155552671"),
        (Kind.NAME, "  Jane   Doe ", "Jane Doe"),
        (Kind.USER_ID, "user:42", "42"),
        (Kind.SCOPE, "/org/acme/user/42", "/org/acme/user/42/"),
    ],
)
def test_identifiers_are_normalized_like_redaction(kind, raw, value):
    assert identifier_parse(kind, raw) == Identifier(kind, value)


@pytest.mark.parametrize(
    ("kind", "raw"),
    [
        (Kind.EMAIL, "not an email"),
        (Kind.EMAIL, "a@b.com and c@d.com"),
        (Kind.PHONE, "12"),
        (Kind.NAME, "J"),
        (Kind.USER_ID, "42/../43"),
        (Kind.SCOPE, "/org/acme/"),
        (Kind.SCOPE, "/global/"),
        (Kind.MEMORY, "not-a-uuid"),
        ("passport", "X123"),
        (Kind.EMAIL, ""),
    ],
)
def test_bad_identifiers_are_refused(kind, raw):
    with pytest.raises(Invalid):
        identifier_parse(kind, raw)


def test_the_subject_hash_is_keyed_stable_and_order_free(settings):
    a = [Identifier(Kind.EMAIL, "x@y.com"), Identifier(Kind.NAME, "Jane Doe")]
    first = subject_hash(tenant_id="t1", identifiers=a)
    assert first == subject_hash(tenant_id="t1", identifiers=list(reversed(a)))
    assert first != subject_hash(tenant_id="t2", identifiers=a)
    settings.MGC_REDACTION_KEY = "another key"
    assert first != subject_hash(tenant_id="t1", identifiers=a)


def test_a_name_matches_whole_words_in_any_case_and_spacing(db):
    pattern = name_regex("Jane Doe")
    rows = raw_rows(
        "SELECT s, s ~* %s FROM unnest(%s::text[]) s",
        [pattern, ["JANE  DOE called", "jane doe.", "Janet Doeson", "MaryJane Doe"]],
    )
    assert dict(rows) == {
        "JANE  DOE called": True,
        "jane doe.": True,
        "Janet Doeson": False,
        "MaryJane Doe": False,
    }


# The scan


def test_the_scan_finds_every_copy_and_the_closure_with_reasons(tenant, agent):
    seeded = seed_subject(tenant, agent)
    found = erasure_scan(tenant_id=tenant.id, identifiers=parsed(seeded))
    assert set(found.items) == seeded.erased
    assert not set(found.items) & seeded.other_items
    # The chain of a derived-of-derived item leads back to a direct match.
    cites_merge = next(
        pk
        for pk in seeded.derived_items
        if MemoryItem.objects.get(pk=pk).head.content.startswith("Quarterly")
    )
    codes = [r.code for r in found.items[cites_merge]]
    assert codes == ["evidence"]
    chain = " / ".join(_chain(found, cites_merge))
    assert "cites an erased memory" in chain and "a merge of" in chain
    # Mappings: her token for user 42 and Bob's <EMAIL_2>, not Bob's own.
    tokens = RedactionToken.objects.filter(pk__in=found.rows["redaction_token"])
    assert sorted(tokens.values_list("principal", "token")) == [
        (USER_42, "<EMAIL_1>"),
        (USER_43, "<EMAIL_2>"),
    ]
    assert seeded.queued_write in found.rows["write_request"]
    assert set(found.rows["annotation"]) == {seeded.jane_note}


def _chain(found, item_id):
    from memory_core.lifecycle.erasure import reason_chain

    return reason_chain(found, item_id)


def test_a_token_is_matched_only_within_its_principal(tenant, agent):
    """User 43's <EMAIL_1> is Bob, not Jane, although user 42's <EMAIL_1> is Jane."""
    seeded = seed_subject(tenant, agent)
    only_email = [identifier_parse(Kind.EMAIL, JANE_EMAIL)]
    found = erasure_scan(tenant_id=tenant.id, identifiers=only_email)
    bob = MemoryItem.objects.get(head__content__startswith="Bob Roe")
    assert "<EMAIL_1>" in bob.head.content
    assert bob.pk not in found.items
    # Prefers-morning (user 42, no email) is not an email match either.
    prefers = MemoryItem.objects.get(head__content="Prefers morning meetings.")
    assert prefers.pk not in found.items
    assert seeded.queued_write in found.rows["write_request"]


def test_within_restricts_direct_matches_to_a_subtree(tenant, agent):
    seed_subject(tenant, agent)
    email = [identifier_parse(Kind.EMAIL, JANE_EMAIL)]
    found = erasure_scan(tenant_id=tenant.id, identifiers=email, within=USER_43)
    heads = {
        MemoryItem.objects.get(pk=pk).head.content
        for pk in found.items
        if MemoryItem.objects.get(pk=pk).head
    }
    assert heads == {"Bob forwarded the thread to <EMAIL_2>."}


def test_unknown_identifiers_find_nothing(tenant, agent):
    seed_subject(tenant, agent)
    found = erasure_scan(
        tenant_id=tenant.id,
        identifiers=[
            identifier_parse(Kind.EMAIL, "nobody@nowhere.test"),
            identifier_parse(Kind.NAME, "Zebulon Quux"),
        ],
    )
    assert found.empty


def test_another_tenants_copy_is_out_of_reach(tenant, other_tenant, agent):
    seed_subject(tenant, agent)
    found = erasure_scan(
        tenant_id=other_tenant.id,
        identifiers=[identifier_parse(Kind.EMAIL, JANE_EMAIL)],
    )
    assert found.empty


# Execution and verification, raw


def _snapshot_embeddings(item_ids):
    return list(
        MemoryVersion.objects.filter(item_id__in=item_ids).values_list(
            "id", "embedding"
        )
    )


def _others_fingerprint(item_ids):
    return sorted(
        MemoryVersion.objects.filter(item_id__in=item_ids).values_list(
            "id", "content_hash", "status"
        )
    )


def test_erasure_leaves_nothing_of_the_subject_anywhere(tenant, agent, officer):
    seeded = seed_subject(tenant, agent)
    erased_versions = _snapshot_embeddings(seeded.erased)
    others_before = _others_fingerprint(seeded.other_items)
    bob_token = RedactionToken.objects.get(principal=USER_43, token="<EMAIL_1>")
    request = erasure_file(
        tenant=tenant,
        identifiers=seeded.identifiers,
        legal_basis="consent_withdrawn",
        user=officer,
    )
    erasure_execute(tenant=tenant, request_id=request.pk, user=executor(tenant))
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED

    ids = [str(i) for i in seeded.erased]
    version_ids = [str(v) for v, _ in erased_versions]
    digest = value_digest("EMAIL", JANE_EMAIL)
    checks = {
        "items": (
            "SELECT count(*) FROM memory_core_memoryitem WHERE id::text = ANY(%s)",
            [ids],
        ),
        "versions": (
            "SELECT count(*) FROM memory_core_memoryversion WHERE id::text = ANY(%s) "
            "OR item_id::text = ANY(%s)",
            [version_ids, ids],
        ),
        "version text": (
            "SELECT count(*) FROM memory_core_memoryversion WHERE "
            "(content || structured::text || evidence::text) ~* '\\mjane\\M|dark mode' "
            "OR (scope_id IN (SELECT id FROM memory_core_scope WHERE path LIKE %s))",
            [USER_42 + "%"],
        ),
        "item fields": (
            "SELECT count(*) FROM memory_core_memoryitem WHERE "
            "(subject || object || coalesce(memory_key, '')) ~* 'jane|user:42|contact'",
            [],
        ),
        "log": (
            "SELECT count(*) FROM memory_core_memorylogentry "
            "WHERE item_id::text = ANY(%s) "
            "OR (reason || payload::text) ~* '\\mjane\\M'",
            [ids],
        ),
        "write requests": (
            "SELECT count(*) FROM memory_core_writerequest WHERE "
            "memory_item_id::text = ANY(%s) OR payload::text ~* '\\mjane\\M|<EMAIL_2>' "
            "OR scope_path LIKE %s",
            [ids, USER_42 + "%"],
        ),
        "tokens": (
            "SELECT count(*) FROM memory_core_redactiontoken WHERE value_digest = %s "
            "OR principal = %s",
            [digest, USER_42],
        ),
        "conflicts": (
            "SELECT count(*) FROM memory_core_conflict WHERE "
            "existing_version_id::text = ANY(%s) OR new_version_id::text = ANY(%s)",
            [version_ids, version_ids],
        ),
        "annotations": (
            "SELECT count(*) FROM memory_core_memoryannotation "
            "WHERE text ~* '\\mjane\\M'",
            [],
        ),
    }
    for name, (sql, params) in checks.items():
        assert raw_rows(sql, params) == [(0,)], name
    # The vector index: her versions' embeddings find none of them.
    erased_set = {v for v, _ in erased_versions}
    for _, embedding in erased_versions:
        neighbours = raw_rows(
            "SELECT id FROM memory_core_memoryversion "
            "ORDER BY embedding <=> %s::vector LIMIT 5",
            ["[" + ",".join(map(str, embedding)) + "]"],
        )
        assert not {row[0] for row in neighbours} & erased_set
    # Others are untouched, to the row.
    assert _others_fingerprint(seeded.other_items) == others_before
    assert RedactionToken.objects.filter(pk=bob_token.pk).exists()
    assert MemoryAnnotation.objects.filter(pk=seeded.bob_note).exists()
    # The certificate's counts are the rows that went.
    request.refresh_from_db()
    tables = request.certificate["counts"]["tables"]
    assert request.certificate["counts"]["items"] == len(seeded.erased)
    assert tables["memory_core_memoryitem"] == len(seeded.erased)
    assert tables["memory_core_memoryversion"] == len(erased_versions)
    assert tables["memory_core_redactiontoken"] == 2
    assert tables["memory_core_memoryannotation"] == 1
    assert tables["memory_core_conflict"] == 1
    assert sum(request.certificate["counts"]["layers"].values()) == len(seeded.erased)


def test_survivors_are_reported_by_table(tenant, agent):
    seeded = seed_subject(tenant, agent)
    identifiers = parsed(seeded)
    probes = _snapshot_embeddings(seeded.erased)
    with transaction.atomic():
        survivors = erasure_survivors(
            tenant_id=tenant.id, identifiers=identifiers, within="", probes=probes
        )
    assert survivors["memory_item"] == len(seeded.erased)
    assert survivors["memory_version"] == len(probes)
    assert survivors["hnsw_index"] >= len(probes)
    assert survivors["redaction_token"] == 2


def test_other_personal_data_in_an_erased_memory_loses_its_mapping(
    tenant, agent, officer
):
    """Erased by her name, the memory also held her phone (as <PHONE_1>).

    Nobody listed the phone, but with the memory gone the mapping would keep
    it (encrypted) for nothing; a mapping other surviving content shows stays.
    """
    path = "/org/acme/user/43/"
    committed(agent, "Jane Doe can be reached on +44 7911 123456.", scope=path)
    kept = committed(agent, "Ops rota contact: +44 20 7946 0958.", scope=path)
    committed(agent, "Jane Doe also uses +44 20 7946 0958 at work.", scope=path)
    tokens = dict(
        RedactionToken.objects.filter(principal=path).values_list("token", "pk")
    )
    assert set(tokens) == {"<PHONE_1>", "<PHONE_2>"}
    request = erasure_file(
        tenant=tenant,
        identifiers=[(Kind.NAME, "Jane Doe")],
        legal_basis="consent_withdrawn",
        user=officer,
    )
    erasure_execute(tenant=tenant, request_id=request.pk, user=executor(tenant))
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED

    remaining = set(
        RedactionToken.objects.filter(principal=path).values_list("token", flat=True)
    )
    # <PHONE_1> was only in an erased memory; <PHONE_2> is still shown by "Ops rota".
    assert remaining == {"<PHONE_2>"}
    kept.refresh_from_db()
    assert "<PHONE_2>" in kept.head.content
    request.refresh_from_db()
    assert request.counts["tables"]["memory_core_redactiontoken"] == 1


# Every column that can hold agent text (issue 13, item 1)


def _model_label(model) -> str:
    return f"{model._meta.app_label}.{model.__name__}"


def test_every_text_column_is_scanned_or_excluded_with_a_reason():
    """Listed from the models' metadata: a new text column fails here until
    it is scanned (SCANNED_COLUMNS) or excluded with why (NOT_SCANNED)."""
    from django.apps import apps

    from memory_core.lifecycle.erasure import (
        NOT_SCANNED,
        PROJECT_APPS,
        SCANNED_COLUMNS,
        SCANNED_TABLES,
        text_columns,
    )

    scanned = {_model_label(m): set(cols) for m, cols in SCANNED_COLUMNS.items()}
    unclassified, stale, both = [], [], []
    for model in apps.get_models():
        if model._meta.app_label not in PROJECT_APPS:
            continue
        label = _model_label(model)
        columns = set(text_columns(model))
        known_scanned = scanned.get(label, set())
        excluded = set(NOT_SCANNED.get(label, {}))
        unclassified += [
            f"{label}.{c}" for c in sorted(columns - known_scanned - excluded)
        ]
        stale += [f"{label}.{c}" for c in sorted(known_scanned - columns)]
        both += [f"{label}.{c}" for c in sorted(known_scanned & excluded)]
        assert all(NOT_SCANNED.get(label, {}).values()), f"{label}: say why"
    assert not unclassified, f"neither scanned nor excluded: {unclassified}"
    assert not stale, f"scanned but not a text column: {stale}"
    assert not both, f"both scanned and excluded: {both}"
    # Every model scanned has a table the scan reads.
    assert set(SCANNED_TABLES.values()) == set(SCANNED_COLUMNS)


def test_the_scan_reads_every_scanned_column_and_the_indexes_match():
    import importlib

    from memory_core.lifecycle.erasure import (
        ITEM_TABLES,
        ROW_SCANS,
        SCANNED_COLUMNS,
        SCANNED_TABLES,
        scan_texts,
    )

    tables = {t.name: t for t in (*ITEM_TABLES, *ROW_SCANS)}
    for name, model in SCANNED_TABLES.items():
        text = " ".join(tables[name].texts)
        for column in SCANNED_COLUMNS[model]:
            assert f"t.{model._meta.get_field(column).column}" in text, (name, column)
    indexes = {
        **importlib.import_module(
            "approvals.migrations.0002_erasure_requests"
        ).ERASURE_INDEXES,
        **importlib.import_module(
            "approvals.migrations.0004_erasure_id_text_indexes"
        ).ERASURE_ID_TEXT_INDEXES,
    }
    definitions = " ".join(indexes.values())
    for model in (MemoryVersion, MemoryItem):
        for expression in scan_texts(model, alias=""):
            assert f"({expression} gin_trgm_ops)" in definitions, expression


SID_EMAIL = "sid.vicious@example.org"


def _clear_copies(value: str) -> list[tuple[str, str, int]]:
    """Return (table, column, rows) of every project text column holding `value`."""
    from django.apps import apps

    from memory_core.lifecycle.erasure import PROJECT_APPS, text_columns

    found = []
    for model in apps.get_models():
        if model._meta.app_label not in PROJECT_APPS:
            continue
        table = model._meta.db_table
        for name in text_columns(model):
            column = model._meta.get_field(name).column
            (count,) = raw_rows(
                f"SELECT count(*) FROM {table} WHERE {column}::text ILIKE %s",
                [f"%{value}%"],
            )[0]
            if count:
                found.append((table, column, count))
    return found


def _erase(tenant, officer, identifiers):
    request = erasure_file(
        tenant=tenant,
        identifiers=identifiers,
        legal_basis="consent_withdrawn",
        user=officer,
    )
    erasure_execute(tenant=tenant, request_id=request.pk, user=executor(tenant))
    status = erasure_run(request_id=request.pk)
    request.refresh_from_db()
    return status, request


def test_personal_data_in_ids_key_and_uri_is_redacted_at_the_door_and_erased(
    tenant, agent, officer
):
    """The email only in the session id, task id, key, predicate, evidence
    uri and Idempotency-Key: nothing stores it in clear, the preview finds the
    memory, the erasure removes it and certifies 0 survivors truthfully."""
    from memory_core.services.writes import write_process

    payload = {
        "scope": USER_42,
        "layer": "episodic",
        "content": "Prefers the late shift.",
        "key": f"shift:{SID_EMAIL}",
        "subject": "user:42",
        "predicate": f"shift of {SID_EMAIL}",
        "object": "late",
        "source": "user_stated",
        "confidence": 0.9,
        "session_id": f"chat/{SID_EMAIL}",
        "task_id": f"task/{SID_EMAIL}",
        "evidence": [
            {"source_type": "HUMAN_INPUT", "uri": f"mailto:{SID_EMAIL}#msg-1"}
        ],
        "embedding": unit_vector(),
    }
    result = write_submit(
        agent=agent, payload=payload, idempotency_key=f"retry-{SID_EMAIL}"
    )
    write_process(write_id=result.write.id)
    result.write.refresh_from_db()
    assert result.write.status == WriteStatus.COMMITTED, result.write.reason
    item = MemoryItem.objects.get(pk=result.write.memory_item_id)
    assert item.memory_key == "shift:<EMAIL_1>"
    assert item.head.session_id == "chat/<EMAIL_1>"
    assert item.head.task_id == "task/<EMAIL_1>"
    assert item.head.evidence[0]["uri"] == "mailto:<EMAIL_1>#msg-1"
    assert result.write.session_id == "chat/<EMAIL_1>"
    assert result.write.idempotency_key.startswith("ik:")
    assert "pii" in result.write.flags
    assert _clear_copies(SID_EMAIL) == []
    # A replay with the same key and body is still recognised.
    again = write_submit(
        agent=agent, payload=payload, idempotency_key=f"retry-{SID_EMAIL}"
    )
    assert again.replayed and again.write.pk == result.write.pk

    identifiers = [identifier_parse(Kind.EMAIL, SID_EMAIL)]
    found = erasure_scan(tenant_id=tenant.id, identifiers=identifiers)
    assert set(found.items) == {item.pk}
    assert result.write.pk in found.rows["write_request"]
    assert len(found.rows["redaction_token"]) == 1
    status, request = _erase(tenant, officer, [(Kind.EMAIL, SID_EMAIL)])
    assert status == ErasureStatus.COMPLETED, request.error
    assert request.certificate["verification"]["survivors"] == 0
    assert not MemoryItem.objects.filter(pk=item.pk).exists()
    assert not RedactionToken.objects.filter(
        value_digest=value_digest("EMAIL", SID_EMAIL)
    ).exists()


def test_rows_stored_in_clear_before_the_door_redacted_are_found_and_erased(
    tenant, agent, officer
):
    """Rows written before redaction covered these columns keep the email in
    clear: the scan and the verification read every column that can hold it."""
    from memory_core.models import WriteRequest

    places = {
        "session_id": orm_item(tenant, "Late shift.", session_id=SID_EMAIL),
        "task_id": orm_item(tenant, "Early shift.", task_id=f"t/{SID_EMAIL}"),
        "provenance": orm_item(
            tenant, "Night shift.", provenance={"session_id": SID_EMAIL}
        ),
        "evidence uri": orm_item(
            tenant,
            "Day shift.",
            evidence=[{"source_type": "DOCUMENT", "uri": f"mailto:{SID_EMAIL}"}],
        ),
    }
    keyed = orm_item(tenant, "Weekend shift.")
    MemoryItem.objects.filter(pk=keyed.pk).update(
        memory_key=SID_EMAIL, predicate=f"works with {SID_EMAIL}"
    )
    places["key"] = keyed
    untouched = orm_item(tenant, "Nothing of hers.", session_id="sess-9")
    write = WriteRequest.objects.create(
        tenant=tenant,
        agent=agent,
        idempotency_key=f"k:{SID_EMAIL}",
        request_hash="0" * 64,
        payload={"scope": ORG, "layer": "semantic"},
        scope_path=ORG,
        layer="semantic",
        status=WriteStatus.REJECTED,
        session_id=SID_EMAIL,
    )
    identifiers = [identifier_parse(Kind.EMAIL, SID_EMAIL)]
    found = erasure_scan(tenant_id=tenant.id, identifiers=identifiers)
    missed = [where for where, i in places.items() if i.pk not in found.items]
    assert not missed and len(found.items) == len(places)
    assert set(found.rows["write_request"]) == {write.pk}
    # Verification counts them too: it certifies nothing while they remain.
    with transaction.atomic():
        survivors = erasure_survivors(
            tenant_id=tenant.id, identifiers=identifiers, within="", probes=[]
        )
    assert survivors == {"memory_item": len(places), "write_request": 1}

    status, request = _erase(tenant, officer, [(Kind.EMAIL, SID_EMAIL)])
    assert status == ErasureStatus.COMPLETED, request.error
    assert request.certificate["verification"]["survivors"] == 0
    assert _clear_copies(SID_EMAIL) == []
    assert MemoryItem.objects.filter(pk=untouched.pk).exists()
