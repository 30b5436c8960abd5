# ruff: noqa: E501, E741, E731, E402, SIM108
"""Generate sensitivity_blind19.jsonl, a held-back test set for the sensitivity gate.

Covers memory notes an agent would store for a law firm's intake desk, a veterinary
clinic, a logistics/fleet operator, a fintech support team, a game studio's ops team,
a university admissions office and personal assistants in ~25 countries (Arabic,
Greek, Czech, Romanian, Hungarian, Hebrew, Thai, Vietnamese, Indonesian, Ukrainian,
Portuguese BR, Spanish MX/AR/CO, English IN/NG/ZA/AU/CA/US, Japanese, Korean, plus
Turkish, Polish, German, French, Italian, Dutch, Nordic, Chinese, Malay, Estonian...).

Counts: 600 rows = 300 pii, 150 secret, 150 clean.
  pii: national_id 80 (41 python-stdnum schemes), phone 34, email 24, address 30, dob 20,
       bank_account 24, card 14, health 30, money 22, passport 12, driver_licence 10
  secret: api_key 72 (38 vendor formats), token 18, password 22, private_key 10,
       credential_url 12, webhook 8, session_cookie 4, connection_string 4
  clean: placeholder 11, masked 10, public_key 9, example_key 10, company_id 10,
       support_line 9, business_address 9, reference_number 11, price 8, measurement 8,
       version 7, commit_hash 7, public_health 8, animal_health 7, salary_band 7, log 9,
       config_ref 10
Seed: 1919 (one random.Random for everything). Output is byte-identical across runs.
"""

import hashlib
import json
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import phonenumbers
from stdnum import iban as std_iban

import sblind19_clean as C
import sblind19_pii as P
import sblind19_secret as S
import sblind19_values as V
from sblind19_common import Filler

SEED = 1919
NAME = "blind19"
PROBE = "sensitivity_" + NAME
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"sensitivity_{NAME}.jsonl")

COUNTS = {
    "pii.national_id": 80, "pii.phone": 34, "pii.email": 24, "pii.address": 30, "pii.dob": 20,
    "pii.bank_account": 24, "pii.card": 14, "pii.health": 30, "pii.money": 22, "pii.passport": 12, "pii.driver_licence": 10,
    "secret.api_key": 72, "secret.token": 18, "secret.password": 22, "secret.private_key": 10, "secret.credential_url": 12,
    "secret.webhook": 8, "secret.session_cookie": 4, "secret.connection_string": 4,
    "clean.placeholder": 11, "clean.masked": 10, "clean.public_key": 9, "clean.example_key": 10, "clean.company_id": 10,
    "clean.support_line": 9, "clean.business_address": 9, "clean.reference_number": 11, "clean.price": 8, "clean.measurement": 8,
    "clean.version": 7, "clean.commit_hash": 7, "clean.public_health": 8, "clean.animal_health": 7, "clean.salary_band": 7,
    "clean.log": 9, "clean.config_ref": 10,
}


def check_row(kind, value, text, check):
    label = kind.split(".")[0]
    if label == "clean":
        assert value == ""
        return
    assert value and value in text, (kind, value, text)
    if not check:
        return
    if check[0] == "stdnum":
        assert V.M(check[1]).is_valid(value), (check, value)
    elif check[0] == "phone":
        p = phonenumbers.parse(value, None if value.startswith("+") else REGION_OF.get(value))
        assert phonenumbers.is_valid_number(p), value
    elif check[0] == "iban":
        assert std_iban.is_valid(value), value
    elif check[0] == "luhn":
        assert P.check_luhn(value), value


REGION_OF = {}


def main():
    r = random.Random(SEED)
    fill = Filler(r)
    spec = {}
    spec.update(P.entries())
    spec.update(S.entries(r))
    spec.update(C.entries(r))
    assert set(spec) == set(COUNTS), set(spec) ^ set(COUNTS)
    rows, seen = [], set()
    for kind in sorted(COUNTS):
        ents = list(spec[kind])
        r.shuffle(ents)
        n = COUNTS[kind]
        for i in range(n):
            for attempt in range(60):
                tname, loc, vfn, fmts, check = ents[(i + attempt) % len(ents)]
                v = vfn(r)
                extra = None
                if isinstance(v, tuple):
                    v, extra = v
                fmt = r.choice(fmts)
                if kind.startswith("pii.phone"):
                    # remember which region a nationally formatted number belongs to
                    REGION_OF[v] = REGION_FOR[tname]
                text = fill.fill(fmt, v, loc, extra)
                if text in seen:
                    continue
                label = kind.split(".")[0]
                value = "" if label == "clean" else v
                check_row(kind, value, text, check)
                seen.add(text)
                rows.append({"text": text, "label": label, "kind": kind, "template": tname, "probe": PROBE, "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], "value": value})
                break
            else:
                raise RuntimeError(f"could not make a unique row for {kind}")
    r.shuffle(rows)
    with open(OUT, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    ids = [row["id"] for row in rows]
    assert len(set(ids)) == len(ids)
    print(f"wrote {len(rows)} rows to {OUT}")
    print(Counter(row["label"] for row in rows))
    for k, c in sorted(Counter(row["kind"] for row in rows).items()):
        print(f"  {k:28s} {c}")
    schemes = Counter(row["template"] for row in rows if row["kind"] == "pii.national_id")
    print("national id schemes:", len(schemes))
    print("templates:", len({row["template"] for row in rows}))


REGION_FOR = {
    "ph_ar_sa": "SA", "ph_ar_ae": "AE", "ph_ar_eg": "EG", "ph_el": "GR", "ph_cs": "CZ", "ph_ro": "RO", "ph_hu": "HU", "ph_he": "IL", "ph_th": "TH",
    "ph_vi": "VN", "ph_id": "ID", "ph_uk": "UA", "ph_pt": "BR", "ph_es_mx": "MX", "ph_es_ar": "AR", "ph_es_co": "CO", "ph_en_in": "IN", "ph_en_ng": "NG",
    "ph_en_za": "ZA", "ph_en_au": "AU", "ph_en_ca": "CA", "ph_ja": "JP", "ph_ko": "KR", "ph_tr": "TR", "ph_de_fixed": "DE", "ph_kenya": "KE",
}

if __name__ == "__main__":
    main()
