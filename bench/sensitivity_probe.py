# ruff: noqa: E402, E501
"""A blind probe of the sensitivity gate, written after tuning (issue 12).

Run `python -m bench.sensitivity_probe`. Fresh templates, never part of the
dev or held-out sets; scored once before the last fixes (see SENSITIVITY.md).
"""

import json
import os
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
django.setup()
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "data"))
import make_sensitivity_sets as g

from memory_core.detectors import find_pii, find_secrets

g.R.seed(2027)
R, pw, pick, rand = g.R, g.password, g.pick, g.rand
U, H = g.USERS, g.HOSTS
SEC = [
    lambda: (
        f"pg_dump 'host={pick(H)} user={pick(U)} password={pw()} dbname=app' > app.sql"
    ),
    lambda: (
        f"mysql --host={pick(H)} --user={pick(U)} --password={pw()} -e 'show databases'"
    ),
    lambda: f"helm registry login registry.example.com -u {pick(U)} -p {pw()}",
    lambda: f"sshpass -p{pw()} scp backup.tgz {pick(U)}@{pick(H)}:/tmp",
    lambda: f"redis-cli -u redis://default:{pw().replace('@', '')}@{pick(H)}:6379 ping",
    lambda: (
        f"amqp://{pick(U)}:{pw().replace('@', '').replace('/', '')}@rabbit.internal:5672/vhost"
    ),
    lambda: f"SMTP_PASS={pw()}",
    lambda: f'  db_pass: "{pw()}"',
    lambda: f'"apiKey": "{rand(g.ALNUM, 32)}"',
    lambda: f"client_secret={rand(g.ALNUM + '-_', 34)}",
    lambda: f"the guest wifi at the office: SSID Acme-Guest, password {pw()}",
    lambda: f"{pick(g.NAMES).capitalize()}'s gmail password is {pw()} — don't share",
    lambda: f"router admin pw = {pw()}",
    lambda: f"PIN code for the alarm: {R.randint(1000, 9999)}",
    lambda: (
        f"curl -H 'X-Auth-Token: {rand(g.ALNUM, 40)}' https://api.example.com/v1/me"
    ),
    lambda: f"Authorization: token {g.github()}",
    lambda: f"heroku config:set STRIPE_KEY={g.stripe()}",
    lambda: f"{g.private_key()}",
    lambda: f"psql -U {pick(U)} -W  # then typed {pw()} at the prompt",
    lambda: f"vault login token={rand(g.ALNUM, 26)}",
]
PII = [
    "{name}: {value} ({label})",
    "pls call back re {label} {value}",
    "{label} on file is {value}; verified 2026-05-02",
    "From: {name} <{value}>",
    "{name} {surname}, {label}: {value}, DOB 1988-04-12",
]
CLEAN = [
    lambda: f"ssh -o StrictHostKeyChecking=no {pick(U)}@{pick(H)}",
    lambda: "Set the password policy to 12 characters minimum with one symbol.",
    lambda: (
        f"Rotated the DB password on {R.randint(1, 28)} May; new one is in 1Password."
    ),
    lambda: "curl -u $API_USER:$API_TOKEN https://ci.example.com/api/json",
    lambda: "mysql -u root -p  # prompts for the password",
    lambda: (
        f"The build took {R.randint(2, 59)}m{R.randint(0, 59)}s on runner {rand(g.HEX, 8)}."
    ),
    lambda: (
        f"Meeting room B-{R.randint(100, 499)}, call-in code {R.randint(100, 999)} {R.randint(100, 999)} {R.randint(1000, 9999)}#"
    ),
    lambda: (
        f"Invoice INV-{R.randint(2020, 2026)}-{R.randint(10000, 99999)}: {g.price()}"
    ),
    lambda: (
        f"Latency p99 {R.randint(100, 999)} ms, p50 {R.randint(10, 99)} ms, error rate 0.{R.randint(1, 9)} %."
    ),
    lambda: (
        f"Tag v{R.randint(1, 9)}.{R.randint(0, 30)}.{R.randint(0, 9)} points at {rand(g.HEX, 40)}."
    ),
    lambda: "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d",
    lambda: f"PASSWORD_MIN_LENGTH={R.randint(8, 16)}",
    lambda: f"{g.ssh_pub()}",
    lambda: f"Known host added: {pick(H)} ED25519 {g.fingerprint()}",
    lambda: (
        f"Temperature in the server room: {R.randint(18, 30)}.{R.randint(0, 9)} °C, humidity {R.randint(30, 60)}%."
    ),
    lambda: (
        f"Coordinates {R.randint(-89, 89)}.{R.randint(100000, 999999)}, {R.randint(-179, 179)}.{R.randint(100000, 999999)}"
    ),
]


def run(n=200):
    res = {}
    s_hit = 0
    miss = []
    for i in range(n):
        t = SEC[i % len(SEC)]()
        if find_secrets(t):
            s_hit += 1
        else:
            miss.append(t)
    res["secrets"] = s_hit / n
    p_hit = 0
    pmiss = []
    for i in range(n):
        kind, value, label = g.pii_value(True)
        t = PII[i % len(PII)].format(
            name=pick(g.NAMES).capitalize(),
            surname=pick(g.SURNAMES).capitalize(),
            label=label,
            value=value,
        )
        fs = [] if find_secrets(t) else find_pii(t)
        st = t.find(value)
        ok = any(f.start < st + len(value) and f.end > st for f in fs)
        p_hit += ok
        if not ok:
            pmiss.append((kind, t))
    res["pii"] = p_hit / n
    c_hit = 0
    cmiss = []
    for i in range(n):
        t = CLEAN[i % len(CLEAN)]()
        ok = not find_secrets(t) and not find_pii(t)
        c_hit += ok
        if not ok:
            cmiss.append(t)
    res["clean"] = c_hit / n
    print(json.dumps(res))
    for m in miss[:20]:
        print(" S", repr(m[:160]))
    for m in pmiss[:20]:
        print(" P", m)
    for m in cmiss[:20]:
        print(" C", repr(m[:160]))


if __name__ == "__main__":
    run()
