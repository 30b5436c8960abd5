"""The sensitivity detectors against the labelled sets of issue 12.

`tests/data/make_sensitivity_sets.py` writes three sets (secrets, PII,
clean), each split into `dev` (the templates the gate was tuned on) and
`heldout` (templates only ever scored). The targets hold on the held-out
part; `python -m bench.sensitivity --misses` prints the figures and misses.
"""

import pytest

from bench.sensitivity import load, score
from memory_core.detectors import find_pii, find_secrets

TARGETS = {"secrets_recall": 0.99, "pii_recall": 0.97, "clean_untouched": 0.97}


@pytest.fixture(scope="module")
def heldout() -> dict:
    return score("heldout")


@pytest.mark.parametrize("name", ["secrets", "pii", "clean"])
def test_each_set_is_large_and_split(name):
    rows = load(name)
    dev = [r for r in rows if r["split"] == "dev"]
    held = [r for r in rows if r["split"] == "heldout"]
    assert len(rows) >= 500
    assert 0.65 <= len(dev) / len(rows) <= 0.75
    assert not {r["template"] for r in dev} & {r["template"] for r in held}
    assert len({r["text"] for r in rows}) == len(rows)


@pytest.mark.parametrize(("figure", "target"), TARGETS.items())
def test_heldout_meets_the_target(heldout, figure, target):
    assert heldout[figure] >= target, heldout["misses"]


ISSUE_SECRETS = [
    "mysql -u root -p'Gr33n!Tea' -h db.internal shop",
    "docker login -u deploy -p 'Xk9#mLq2pW' registry.example.com",
    "pw for the router -> W4lrus&186",
]

ISSUE_PII = [
    ("Her Aadhaar is 2345 6789 0124.", "2345 6789 0124"),
    ("Aadhaar no. 499118665246 on the form.", "499118665246"),
    ("PESEL 44051401359 for the contract.", "44051401359"),
]

ISSUE_CLEAN = [
    "-----BEGIN CERTIFICATE-----\n"
    "MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n"
    "RTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYD\n"
    "-----END CERTIFICATE-----",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9"
    "GKJl alice@laptop",
    "Host key fingerprint SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8.",
    "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME",
    "The headphones cost 149,00 € at the shop.",
    "The CPU ran at 83°C during the build.",
    "Order the spare fan, part number 580-0412-03.",
]


# Ordinary engineering text that an earlier version refused or altered.
EVERYDAY_CLEAN = [
    "ssh -o StrictHostKeyChecking=no deploy@db01.prod",
    "Meeting room B-273, call-in code 417 585 1157#",
    "| bm25 | 0.627 / 0.666 | 0.592 / 0.653 |",
    "| `DATABASE_URL` | `postgresql://mgc:…@db:5432/mgc` | the database |",
    "TOKEN=$(python manage.py demo_credentials --json)",
    "For untrusted schemas, pass `offline=True` to the validator.",
    "Pass `mode=Mode.NEGATIVE` to generate invalid operations.",
    "mysql -u USER -p'PASSWORD' -h HOST",
    "docker login -u <username> -p <password> registry.example.com",
]


@pytest.mark.parametrize("text", EVERYDAY_CLEAN)
def test_everyday_text_is_untouched(text):
    assert not find_secrets(text)
    assert not find_pii(text)


def test_a_national_id_named_after_it_is_found():
    assert [f.value for f in find_pii("Elena: 971993470139 (Aadhaar no.)")] == [
        "971993470139"
    ]


@pytest.mark.parametrize("text", ISSUE_SECRETS)
def test_issue_secrets_are_refused(text):
    assert find_secrets(text)


@pytest.mark.parametrize(("text", "value"), ISSUE_PII)
def test_issue_national_ids_are_found(text, value):
    assert [f.value for f in find_pii(text)] == [value]


@pytest.mark.parametrize("text", ISSUE_CLEAN)
def test_issue_clean_texts_are_untouched(text):
    assert not find_secrets(text)
    assert not find_pii(text)
