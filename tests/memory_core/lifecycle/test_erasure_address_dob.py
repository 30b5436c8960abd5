"""Erasure by a home address or a date of birth (issue 12), on PostgreSQL.

Redaction stores both as per-principal tokens (`<ADDRESS_1>`, `<DOB_1>`)
keyed by the digest of their normalized value; an erasure request naming
one finds the tokens by that digest (each matched only in its principal's
subtree) and the value in clear in rows stored before redaction, then
deletes them like an e-mail's.
"""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests
from __future__ import annotations

import pytest
from django.db import connection

from approvals.erasure.job import erasure_run
from approvals.erasure.requests import erasure_execute, erasure_file
from approvals.models import ErasureStatus
from memory_core.exceptions import Invalid
from memory_core.lifecycle.erasure import (
    Identifier,
    Kind,
    address_regex,
    birth_date_regex,
    erasure_scan,
    identifier_parse,
)
from memory_core.models import MemoryItem, RedactionToken
from tests.memory_core.lifecycle.test_erasure import (  # noqa: F401
    executor,
    officer,
    orm_item,
)
from tests.memory_core.services.test_curation import (  # noqa: F401
    agent,
    committed,
    unit_vector,
)

USER_42 = "/org/acme/user/42/"
USER_43 = "/org/acme/user/43/"
HOME = "18 Harbour Lane, Falmouth TR11 2AB"


@pytest.mark.parametrize(
    ("kind", "raw", "value"),
    [
        (Kind.ADDRESS, HOME, "18 harbour lane falmouth tr11 2ab"),
        (Kind.ADDRESS, " KIRCHWEG 3,  8001 ZÜRICH ", "kirchweg 3 8001 zürich"),
        (Kind.DOB, "1979-02-14", "1979-02-14"),
        (Kind.DOB, "14 February 1979", "1979-02-14"),
        (Kind.DOB, "14.02.1979", "1979-02-14"),
        (Kind.DOB, "February 14, 1979", "1979-02-14"),
        (Kind.DOB, "1979年2月14日", "1979-02-14"),
    ],
)
def test_addresses_and_birth_dates_are_normalized_like_redaction(kind, raw, value):
    assert identifier_parse(kind, raw) == Identifier(kind, value)


@pytest.mark.parametrize(
    ("kind", "raw"),
    [
        (Kind.ADDRESS, "Falmouth"),
        (Kind.ADDRESS, "12"),
        (Kind.DOB, "next Tuesday"),
        (Kind.DOB, "31/02/1980"),
        (Kind.DOB, "2999-01-01"),
    ],
)
def test_bad_addresses_and_birth_dates_are_refused(kind, raw):
    with pytest.raises(Invalid):
        identifier_parse(kind, raw)


def _matches(pattern: str, texts: list[str]) -> dict[str, bool]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT s, s ~* %s FROM unnest(%s::text[]) s", [pattern, texts])
        return dict(cursor.fetchall())


def test_an_address_in_clear_matches_its_words_in_any_punctuation(db):
    pattern = address_regex(identifier_parse(Kind.ADDRESS, HOME).value)
    assert _matches(
        pattern,
        [
            "lives at 18 Harbour Lane, Falmouth TR11 2AB.",
            "18 HARBOUR LANE FALMOUTH, TR11 2AB",
            "118 Harbour Lane, Falmouth TR11 2AB",
            "18 Harbour Lane, Falmouth TR11 2ABC",
        ],
    ) == {
        "lives at 18 Harbour Lane, Falmouth TR11 2AB.": True,
        "18 HARBOUR LANE FALMOUTH, TR11 2AB": True,
        "118 Harbour Lane, Falmouth TR11 2AB": False,
        "18 Harbour Lane, Falmouth TR11 2ABC": False,
    }


def test_a_birth_date_in_clear_matches_as_people_write_it(db):
    pattern = birth_date_regex("1979-02-04")
    assert _matches(
        pattern,
        [
            "born 4 February 1979",
            "DOB: 04/02/1979",
            "geb. 4.2.1979",
            "date of birth 1979-02-04",
            "born Feb. 4, 1979",
            "nacida el 4 de febrero de 1979",
            "born 14 February 1979",
            "born 4 February 1989",
            "ref 1979-02-041",
        ],
    ) == {
        "born 4 February 1979": True,
        "DOB: 04/02/1979": True,
        "geb. 4.2.1979": True,
        "date of birth 1979-02-04": True,
        "born Feb. 4, 1979": True,
        "nacida el 4 de febrero de 1979": True,
        "born 14 February 1979": False,
        "born 4 February 1989": False,
        "ref 1979-02-041": False,
    }


def _seed(tenant, agent) -> dict[str, MemoryItem]:
    """User 42's address and birth date, redacted; user 43's own; old clear rows."""
    items = {
        "home": committed(
            agent, f"The user lives at {HOME} with two cats.", scope=USER_42
        ),
        "dob": committed(
            agent, "The user's date of birth is 14 February 1979.", scope=USER_42
        ),
        # User 43 names the same address (a neighbour's note): their own token.
        "visit": committed(agent, f"Deliver to: Sam Lee, {HOME}", scope=USER_43),
        # User 43's own address and birth date: other values, other tokens.
        "other": committed(
            agent,
            "The user lives at 7 Rowan Avenue, Leeds LS6 2QT; born 3 May 1990.",
            scope=USER_43,
        ),
        # Rows stored in clear before redaction read addresses and births.
        "clear_home": orm_item(tenant, f"Old CRM note: 18 Harbour Lane, {HOME[16:]}"),
        "clear_dob": orm_item(tenant, "Old CRM note: DOB 14/02/1979, prefers email"),
        "unrelated": orm_item(tenant, "The office is closed on Fridays."),
    }
    assert "<ADDRESS_1>" in items["home"].head.content
    assert "<DOB_1>" in items["dob"].head.content
    assert "<ADDRESS_1>" in items["visit"].head.content
    assert "<ADDRESS_2>" in items["other"].head.content
    return items


def test_the_scan_finds_an_address_and_a_birth_date_by_token_and_in_clear(
    tenant, agent
):
    items = _seed(tenant, agent)
    found = erasure_scan(
        tenant_id=tenant.id,
        identifiers=[
            identifier_parse(Kind.ADDRESS, HOME),
            identifier_parse(Kind.DOB, "14 February 1979"),
        ],
    )
    expected = {
        items[k].pk for k in ("home", "dob", "visit", "clear_home", "clear_dob")
    }
    assert set(found.items) == expected
    tokens = RedactionToken.objects.filter(pk__in=found.rows["redaction_token"])
    assert sorted(tokens.values_list("principal", "token")) == [
        (USER_42, "<ADDRESS_1>"),
        (USER_42, "<DOB_1>"),
        (USER_43, "<ADDRESS_1>"),
    ]
    codes = {r.code for pk in expected for r in found.items[pk]}
    assert codes == {"token", "clear"}


def test_a_token_of_another_value_or_principal_is_not_matched(tenant, agent):
    items = _seed(tenant, agent)
    found = erasure_scan(
        tenant_id=tenant.id,
        identifiers=[identifier_parse(Kind.DOB, "1979-02-14")],
        within=USER_43,
    )
    # User 43's <DOB_1> is 1990-05-03, not the subject's: nothing under 43.
    assert found.empty
    other = erasure_scan(
        tenant_id=tenant.id,
        identifiers=[identifier_parse(Kind.ADDRESS, "7 Rowan Avenue, Leeds LS6 2QT")],
    )
    assert set(other.items) == {items["other"].pk}


def test_an_erasure_by_address_and_birth_date_leaves_none_of_them(
    tenant, agent, officer
):
    items = _seed(tenant, agent)
    request = erasure_file(
        tenant=tenant,
        identifiers=[(Kind.ADDRESS, HOME), (Kind.DOB, "14.02.1979")],
        legal_basis="consent_withdrawn",
        user=officer,
    )
    erasure_execute(tenant=tenant, request_id=request.pk, user=executor(tenant))
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED
    gone = {"home", "dob", "visit", "clear_home", "clear_dob"}
    remaining = set(MemoryItem.objects.values_list("pk", flat=True))
    assert not {items[k].pk for k in gone} & remaining
    assert {items["other"].pk, items["unrelated"].pk} <= remaining
    assert set(
        RedactionToken.objects.filter(tenant=tenant).values_list("principal", "token")
    ) == {(USER_43, "<ADDRESS_2>"), (USER_43, "<DOB_1>")}
    rescan = erasure_scan(
        tenant_id=tenant.id,
        identifiers=[
            identifier_parse(Kind.ADDRESS, HOME),
            identifier_parse(Kind.DOB, "1979-02-14"),
        ],
    )
    assert rescan.empty
