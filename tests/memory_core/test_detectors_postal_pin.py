"""India's postal PIN code is a place's number, not a secret (issue 12).

A 6-digit "PIN code" is the postcode of an area when the text names a place
kind with it (`PIN code of my area`, `village pincode`); a device's, a card's
or an account's PIN code stays a secret.
"""

import pytest

from memory_core.detectors import find_secrets

POSTCODES = [
    "PIN code of my area is 682020",
    "pin code of our locality: 395007",
    "Village pincode: 523316, nearest bank branch 4 km away",
    "city PIN code is 226010 and the courier needs it",
    "Post office PIN code 781001",
]
SECRETS = [
    "My ATM PIN code is 682020",
    "phone PIN code: 395007",
    "PIN code of my debit card is 523316",
    "the door PIN code is 226010",
]


@pytest.mark.parametrize("text", POSTCODES)
def test_a_place_pin_code_is_no_secret(text):
    assert find_secrets(text) == []


@pytest.mark.parametrize("text", SECRETS)
def test_a_device_or_card_pin_code_stays_a_secret(text):
    assert find_secrets(text) != []
