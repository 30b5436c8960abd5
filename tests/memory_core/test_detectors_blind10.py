# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12: what the held-back set `blind10` showed missing, as classes.

`tests/data/sensitivity_blind10.jsonl` was written without reading the
detectors and scored untouched first (figures in
`memory_core/pipeline/SENSITIVITY.md`, "Sixth round"). Its misses were
classes, fixed as such and tested here with other sentences: national-id
names inflected (Nordic definite and possessive endings), international
numbers after a phone word that the numbering plan does not list yet, a
password named with a qualifier in Swedish genitive (`NAS:en`), lock codes
in other languages, and recovery phrases with words longer than BIP-39's.
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

PII = [
    ("fødselsnummeret til kunden er 12056221768", "12056221768"),
    ("personnummeret hennes: 12056221768", "12056221768"),
    ("kennitalan hans er 100553-2609", "100553-2609"),
    ("henkilötunnuksesi on 230164-052U", "230164-052U"),
    (
        "ring mig på +46 70 999 12 34 i morgon, mobilnummer som vanligt",
        "+46 70 999 12 34",
    ),
    ("call me on +31 6 77389721 after 6pm", "+31 6 77389721"),
    ("Telefonnummer der Kundin: +49 1579 9999999", "+49 1579 9999999"),
]

SECRETS = [
    "Lösenordet till VPN:et är Qm7!vRt2#pLx9",
    "lösenordet för USB:n är tR4#mK9!vWq2",
    "koden till hänglåset är 4821",
    "le code du cadenas du casier est 0815",
    "der Code vom Zahlenschloss ist 372",
    "el código de la caja fuerte es 90210",
    "kod do kłódki to 1234",
    "my seed phrase is: tangerine velvet orbit harbor juniper ember walrus gravel "
    "glacier pistachio lantern meadow",
]

CLEAN = [
    "el código postal de la oficina es 28013",
    "el código de las ofertas es 2024",
    "el código del turno es 123",
    "der Code der Fehlermeldung ist 404",
    "order +31 6 77389721 was shipped",
    "tel:+18005551234 (toll-free support line)",
    "the kennitala field is optional in the signup form",
]


@pytest.mark.parametrize(("text", "value"), PII)
def test_inflected_names_and_unlisted_mobiles_are_redacted(text, value):
    assert not find_secrets(text), text
    assert value in [f.value for f in find_pii(text)], text


@pytest.mark.parametrize("text", SECRETS)
def test_lock_codes_qualified_passwords_and_long_word_phrases_are_refused(text):
    assert find_secrets(text), text


@pytest.mark.parametrize("text", CLEAN)
def test_other_codes_and_numbers_stay_clean(text):
    assert not find_secrets(text), text
    assert not find_pii(text), text
