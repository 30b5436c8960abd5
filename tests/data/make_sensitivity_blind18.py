"""Generator for the `sensitivity_blind18` labelled test set (independent hand).

Covers text that AI agents store as memory notes in five settings: an HR / recruiting team,
an e-commerce support desk, a DevOps team, a school's administration, and personal assistants
for people in ~26 countries (Korean, German, French, Spanish, Italian, Dutch, Portuguese,
Hindi/English, Japanese, Chinese, Polish, Swedish, Finnish, Danish, Norwegian, Turkish, ...).

Labels / rows (600 total, seed 1818):
  secret 150 - live credentials: AWS/GitHub/GitLab/Slack/Stripe/OpenAI/Anthropic/Google/SendGrid/
               Twilio/npm/PyPI/Vault/Telegram/Discord/Shopify/Azure/Datadog/Mailgun/Heroku keys,
               DB/broker URLs with passwords, plaintext passwords, PEM private keys, GCP SA JSON, JWTs.
               `value` = the credential (for secret.db_url the whole credential-bearing URL).
  pii    300 - national IDs / tax / social-security numbers valid per python-stdnum (28 schemes),
               phones valid per `phonenumbers`, personal e-mails, home addresses, dates of birth,
               IBANs / bank accounts / payment cards (Luhn) of named people, health conditions,
               salaries, passport numbers. `value` = the personal datum (one per row).
  clean  150 - same kinds of text with business/public data: placeholders, secret references,
               masked values, public keys, documented example keys, company numbers (stdnum-valid),
               toll-free support lines, shop addresses, order/tracking numbers, logs, configs, prices.
               `value` = "".

Run: /work/main/.venv/bin/python make_sensitivity_blind18.py  -> sensitivity_blind18.jsonl
(deterministic: single random.Random(1818) in sb18_common.py; output is byte-identical across runs).
Modules (sb18_*.py beside this file): common (rng, names, phones, addresses), ids (stdnum IDs, IBAN, cards),
tokens (credential formats), secret_rows, pii_ids, pii_other, clean_rows.
"""
import hashlib
import json
from collections import Counter
from pathlib import Path

import sb18_secret_rows as secret_rows
import sb18_pii_ids as pii_ids
import sb18_pii_other as pii_other
import sb18_clean_rows as clean_rows

NAME = "sensitivity_blind18"
TARGET = {"secret": 150, "pii": 300, "clean": 150}


def collect(label, templates, seen, out):
    """templates: list of (template_name, n, fn) ; fn() -> (kind, text, value)."""
    got = 0
    short = []
    for tname, n, fn in templates:
        k = 0
        for _ in range(n * 30):
            if k == n:
                break
            kind, text, value = fn()
            if text in seen:
                continue
            seen.add(text)
            out.append(row(text, label, kind, tname, value))
            k += 1
        got += k
        if k < n:
            short.append((tname, n - k))
    # top up from templates with variable content, round robin
    i = 0
    while got < TARGET[label]:
        tname, n, fn = templates[i % len(templates)]
        i += 1
        kind, text, value = fn()
        if text in seen:
            continue
        seen.add(text)
        out.append(row(text, label, kind, tname, value))
        got += 1
    return short


def row(text, label, kind, template, value):
    if label != "clean":
        assert value and value in text, (template, value)
    else:
        assert value == ""
    return {"text": text, "label": label, "kind": kind, "template": template, "probe": NAME,
            "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], "value": value}


def main():
    seen = set()
    out = []
    collect("secret", secret_rows.TEMPLATES, seen, out)
    # pii part 1 is a fixed list
    for kind, tname, text, value in pii_ids.rows():
        if text in seen:
            continue
        seen.add(text)
        out.append(row(text, "pii", kind, tname, value))
    n1 = sum(1 for r in out if r["label"] == "pii")
    TARGET["pii"] -= n1
    collect("pii", pii_other.TEMPLATES, seen, out)
    TARGET["pii"] += n1
    collect("clean", clean_rows.TEMPLATES, seen, out)

    ids_ = Counter(r["id"] for r in out)
    assert max(ids_.values()) == 1
    path = Path(__file__).with_name(NAME + ".jsonl")
    with path.open("w", encoding="utf-8", newline="\n") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    labels = Counter(r["label"] for r in out)
    print(f"wrote {len(out)} rows to {path}")
    for lab in ("secret", "pii", "clean"):
        print(f"  {lab}: {labels[lab]}")
    kinds = Counter((r["label"], r["kind"]) for r in out)
    for (lab, kind), c in sorted(kinds.items()):
        print(f"    {lab:6s} {kind:36s} {c}")


if __name__ == "__main__":
    main()
