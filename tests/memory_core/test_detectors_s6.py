# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, twelfth round (S6): the classes tune17's misses showed.

Each case is a sentence of this round's own, with other people, places and
values than the dev hand: bank account numbers beside a routing code, health
numbers (Germany's KVNR, Ontario's OHIP, the US Medicare MBI), person numbers
under a name many countries share, licences by province or holder, home
addresses cued in Czech, Finnish and Nordic languages, birth dates written
`5. 11. 1982` or `1990년 5월 12일`; secrets in a Basic auth header, an Entra ID
client secret, a key word before its vendor, a quoted curl password, a secret
phrase; and the look-alikes kept clean: masked values, `${VAR:?…}`, a JWT's
header, bracketed placeholders, documented examples, fictional numbers in
tests, desks with opening hours, role desks at example domains, people
WordNet lists by name.
"""

import pytest

from memory_core.detectors import (
    ADDRESS,
    DOB,
    NATIONAL_ID,
    PHONE,
    _is_jose_header,
    find_pii,
    find_secrets,
)
from memory_core.national_ids import (
    _ca_on_health_valid,
    _de_kvnr_valid,
    find_national_ids,
)


def _kinds(text: str) -> dict[str, str]:
    return {f.value: f.kind for f in find_pii(text)}


PII = [
    # bank accounts beside a sort code, an ABA routing number, a transit
    (
        "routing number 021000021, account 000123456789 (Dad's savings)",
        "000123456789",
        NATIONAL_ID,
    ),
    (
        "Grandma's bank: sort code 40-47-84, account number 70872490",
        "70872490",
        NATIONAL_ID,
    ),
    ("cheque: transit 10402, institution 003, account 5123987", "5123987", NATIONAL_ID),
    # health numbers
    ("OHIP number for my son: 4523-819-078-KX", "4523-819-078-KX", NATIONAL_ID),
    ("Versichertennummer meiner Mutter: M273649181", "M273649181", NATIONAL_ID),
    ("his Medicare MBI: 3KP9TR2WX45", "3KP9TR2WX45", NATIONAL_ID),
    # a person's number under a name many countries share
    (
        "Austrian social insurance number of Jonas: 1237 010180",
        "1237 010180",
        NATIONAL_ID,
    ),
    # licences by state or province, by holder; passports by holder
    ("California driver's license: D1234567 (mine)", "D1234567", NATIONAL_ID),
    ("licencia de manejo de mi hermana: B7720415", "B7720415", NATIONAL_ID),
    ("passports — Emma 523817264, Leo 528817263", "523817264", NATIONAL_ID),
    # home addresses
    (
        "kotiosoite: Aleksanterinkatu 5 C 12, 00100 Helsinki",
        "Aleksanterinkatu 5 C 12, 00100 Helsinki",
        ADDRESS,
    ),
    (
        "adressen min er Karl Johans gate 22, 0159 Oslo",
        "Karl Johans gate 22, 0159 Oslo",
        ADDRESS,
    ),
    (
        "envoie la lettre chez Julien, 14 avenue Victor Hugo, 75016 Paris",
        "14 avenue Victor Hugo, 75016 Paris",
        ADDRESS,
    ),
    (
        "la dirección de mi tía es Calle Alcalá 45, 2º D, 28014 Madrid",
        "Calle Alcalá 45, 2º D, 28014 Madrid",
        ADDRESS,
    ),
    (
        '{"name": "Eva Novák", "shipping_address": "Vinohradská 12/345, 120 00 Praha 2"}',
        "Vinohradská 12/345, 120 00 Praha 2",
        ADDRESS,
    ),
    ("adresa bratra: Hlavní 7, 602 00 Brno", "Hlavní 7, 602 00 Brno", ADDRESS),
    (
        "registered address on the tenancy: 4 Mill Lane, Leeds LS6 2AB",
        "4 Mill Lane, Leeds LS6 2AB",
        ADDRESS,
    ),
    # birth dates
    ("narozen 5. 11. 1982 v Olomouci", "5. 11. 1982", DOB),
    ("생년월일 1990년 5월 12일", "1990년 5월 12일", DOB),
    ("mia nonna è nata il 3 aprile 1931", "3 aprile 1931", DOB),
    # phones: a landline named so, a mobile in the cue's clause
    ("numéro fixe de mamie 0299451234", "0299451234", PHONE),
    ("llamar a mi hermano al 612345678", "612345678", PHONE),
]


@pytest.mark.parametrize("text,value,kind", PII)
def test_personal_data_of_the_new_classes(text: str, value: str, kind: str) -> None:
    assert find_secrets(text) == []
    assert _kinds(text).get(value) == kind


SECRETS = [
    "Authorization: Basic dXNlcjpwYXNzd29yZDEyMw==",
    "Cheie Sendgrid pentru magazin: 7f3c9a1e5b2d4f6a8c0e1b3d5f7a9c2e",
    'curl --user admin:"S3cr3t!xq" https://ci.internal/api',
    "curl -u j.doe:'Fika!Latte88' https://nexus.corp.local/service/rest",
    "frase secreta del disco: roble nube piedra viento",
    "KeePass master passphrase (the one on the card): quartz ember falcon ridge",
    "AZURE_CLIENT_SECRET=Abc8Q~x9YzTqW3eRt5Uy7Io1Pa2Sd4Fg6Hj8Kl0Zx",
    "the app registration's secret is Xy72Q~Lm3Nq8Rt5Vw9Za1Bc4De6Fg8Hj0Kl2Mn4",
]


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_of_the_new_classes(text: str) -> None:
    assert find_secrets(text)


CLEAN = [
    "The token is masked as ghp_…f3a9 in the UI.",
    "log line: api_key=sk-...Zq9, nothing leaked",
    "Set DB_PASSWORD=${DB_PASSWORD:?set it in .env} before running.",
    "JWT header eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9 means ES256.",
    "mysql -u app -p'[db password]' app_db",
    "Email press@example.com for the template.",
    "In the unit tests we dial +44 20 7946 0958.",
    "Zentrale: 089 1234 5670 (Mo–Fr 8–18 Uhr)",
    "Routing number 021000021 is JPMorgan Chase's ABA number.",
    "AWS account 123456789012 in eu-west-1",
    "Sample UK bank details format: sort code 12-34-56, account no. 12345678",
    "envoyer le colis chez Darty, 12 rue de Rivoli, 75001 Paris pour le retour",
    "passport expires 07/2031, renew in spring",
    "exp 12/2027 on the card, CVV not stored",
    "quiz night: Taylor Swift, born December 13, 1989",
    "George Washington was born on February 22, 1732.",
    "The Medicare website explains the MBI format.",
    "Ontario licence renewal costs $90 this year.",
    "Beispiel aus der Dokumentation: GB82 WEST 1234 5698 7654 32",
    "Enter your National Insurance number in the format QQ 12 34 56 C.",
]


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []


def test_fictional_numbers_are_personal_outside_tests() -> None:
    # the reserved ranges stay a person's number when a person's phone word
    # names them and nothing says it is a test
    assert _kinds("Die Handynummer des Nutzers ist (201) 555-5182.")


def test_a_wordnet_name_makes_a_birth_public() -> None:
    assert find_pii("Barack Obama was born on August 4, 1961 in Honolulu.") == []
    # a name WordNet does not list, and a role, stay personal
    assert _kinds("Sophie Reid was born on 4 August 1961 in Leeds.")
    assert _kinds("Project Manager Anna Kowal was born on 4 August 1981.")


def test_the_new_validators() -> None:
    assert _de_kvnr_valid("M273649181")
    assert not _de_kvnr_valid("M273649182")
    assert _ca_on_health_valid("4523-819-078")
    assert not _ca_on_health_valid("4523-819-079")
    kinds = {m.kind for m in find_national_ids("Medicare number 3KP9TR2WX45")}
    assert "us.mbi" in kinds
    # an MBI's letters leave out S, L, O, I, B and Z
    assert not {m.kind for m in find_national_ids("Medicare number 3KS9TR2WX45")}


def test_a_jose_header_is_no_secret() -> None:
    assert _is_jose_header("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9")
    # a payload is not a header
    assert not _is_jose_header("eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ")
