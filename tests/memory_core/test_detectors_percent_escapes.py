"""Contact data a request log shows percent-escaped is personal data too.

`email=chiara75%40virgilio.it`, `tel=%2B4915…`: the address and the number
are found in the escaped text and redacted there, where they are.
"""

from __future__ import annotations

import pytest

from memory_core.detectors import EMAIL, PHONE, find_pii
from memory_core.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "kind", "value", "normalized"),
    [
        (
            "GET /signup?email=chiara75%40virgilio.it&plan=pro 200",
            EMAIL,
            "chiara75%40virgilio.it",
            "chiara75@virgilio.it",
        ),
        (
            "POST /otp tel=%2B4915112345678 status=sent",
            PHONE,
            "%2B4915112345678",
            "+4915112345678",
        ),
    ],
)
def test_an_escaped_address_or_number_is_found_where_it_is(
    text: str, kind: str, value: str, normalized: str
) -> None:
    [finding] = find_pii(text)
    assert (finding.kind, finding.value) == (kind, value)
    assert finding.normalized == normalized
    assert text[finding.start : finding.end] == value


@pytest.mark.parametrize(
    "text",
    [
        "progress 40%40 done",
        "discount 20%2B free shipping on orders over 50",
        # a shared calendar's id, escaped or not, is no one's address
        "calendar?src=27ff6dc5f598c1d94c1f%40group.calendar.google.com",
        "calendar id: 27ff6dc5f598c1d94c1f@group.calendar.google.com",
    ],
)
def test_other_escapes_stay_clean(text: str) -> None:
    assert find_pii(text) == []


@pytest.mark.django_db
def test_the_escaped_address_is_redacted_in_place(tenant) -> None:
    text = "mail chiara75@virgilio.it and form email=chiara75%40virgilio.it"
    redacted, tokens = redact_text(
        tenant_id=tenant.id, principal="/org/acme/user/42/", text=text
    )
    # the same address, escaped or not, gets the same token
    assert len(tokens) == 1
    assert redacted == f"mail {tokens[0]} and form email={tokens[0]}"


def test_an_escaped_address_beside_a_redaction_token_is_found_in_its_piece() -> None:
    text = "<EMAIL_1> then form email=chiara75%40virgilio.it"
    [finding] = find_pii(text)
    assert finding.value == "chiara75%40virgilio.it"
    assert text[finding.start : finding.end] == finding.value
