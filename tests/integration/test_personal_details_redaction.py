"""Home addresses and dates of birth, through the API and a real Celery worker.

Issue 12, eighth round: a person's home address and date of birth are
redacted to typed tokens (`<ADDRESS_1>`, `<DOB_1>`) before the write is
stored, as e-mails and phones are; a company's address is no one's personal
data and is stored as written.
"""

import json

import pytest

from memory_core.models import MemoryVersion, RedactionToken
from memory_core.redaction import value_decrypt

pytestmark = pytest.mark.worker

SCOPE = "/org/acme/user/42/"


def write(api, content):
    response = api.post(
        "/api/v1/writes",
        data=json.dumps(
            {
                "scope": SCOPE,
                "layer": "episodic",
                "content": content,
                "source": "user_stated",
                "confidence": 0.9,
            }
        ),
        content_type="application/json",
        HTTP_PREFER="wait=30",
    )
    assert response.status_code == 202, response.content
    body = response.json()
    assert body["status"] == "committed", body
    return body, api.get(f"/api/v1/memories/{body['memory_id']}").json()


def test_a_home_address_is_stored_as_a_token(worker, api, tenant):
    body, memory = write(
        api, "The user lives at 18 Harbour Lane, Falmouth TR11 2AB with two cats."
    )
    assert memory["content"] == "The user lives at <ADDRESS_1> with two cats."
    token = RedactionToken.objects.get(tenant=tenant, principal=SCOPE)
    assert (token.kind, token.token) == ("ADDRESS", "<ADDRESS_1>")
    assert value_decrypt(token.ciphertext) == "18 harbour lane falmouth tr11 2ab"
    version = MemoryVersion.objects.get(item_id=body["memory_id"])
    assert "pii" in version.flags
    assert "Harbour" not in version.content


def test_a_date_of_birth_is_stored_as_a_token(worker, api, tenant):
    _, memory = write(api, "The user's date of birth is 14 February 1979.")
    assert memory["content"] == "The user's date of birth is <DOB_1>."
    (token,) = RedactionToken.objects.filter(tenant=tenant, principal=SCOPE)
    assert token.kind == "DOB"
    # The same date written another way is the same value, the same token.
    _, again = write(api, "User profile: DOB 1979-02-14, plan gold.")
    assert again["content"] == "User profile: DOB <DOB_1>, plan gold."
    assert RedactionToken.objects.filter(tenant=tenant, kind="DOB").count() == 1


def test_a_named_persons_salary_is_stored_as_a_token(worker, api, tenant):
    # Issue 12, fourteenth round (S9): what one named person earns.
    _, memory = write(api, "Grace Hopper's new base salary is $98,500 from May.")
    assert memory["content"] == "Grace Hopper's new base salary is <SALARY_1> from May."
    (token,) = RedactionToken.objects.filter(tenant=tenant, principal=SCOPE)
    assert token.kind == "SALARY"
    assert value_decrypt(token.ciphertext) == "$:98500"


def test_a_company_address_is_left_alone(worker, api, tenant):
    content = (
        "The user's employer's address: Kranich Logistik GmbH, "
        "Hafenstraße 12, 20457 Hamburg."
    )
    body, memory = write(api, content)
    assert memory["content"] == content
    assert not RedactionToken.objects.filter(tenant=tenant).exists()
    version = MemoryVersion.objects.get(item_id=body["memory_id"])
    assert "pii" not in version.flags
