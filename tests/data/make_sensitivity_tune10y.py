# ruff: noqa: E501, E402 (the templates are data, one line each; the values module is imported from this folder)
"""Third held-out probe tune10y for helper S (issue 12).

Written after the tune10, tune10h and tune10x rounds and scored once before
any change made for it; issue 12's categories in yet other surface forms,
with more clean look-alikes from logs, configs and chat.

`python tests/data/make_sensitivity_tune10y.py tests/data/sensitivity_tune10y.jsonl`
"""

import base64
import hashlib
import json
import random
import string
import sys
import uuid

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from sensitivity_values import Values

r = random.Random(20261125)
V = Values(r)
L, U, D = string.ascii_lowercase, string.ascii_uppercase, string.digits
A = L + U + D
HEX = "0123456789abcdef"
B64 = A + "+/"
URLSAFE = A + "-_"


def rs(n, a=A):
    return "".join(r.choice(a) for _ in range(n))


def hexs(n):
    return rs(n, HEX)


def uid():
    return str(uuid.UUID(int=r.getrandbits(128), version=4))


WORDS = "anchor biscuit crimson dune ember fable goblin hollow indigo jasper kiwi lantern marble nova".split()


def pw():
    k = r.randrange(6)
    if k == 0:
        return rs(r.randint(10, 16), A + "!#%&*@^?")
    if k == 1:
        return (
            r.choice(WORDS).capitalize()
            + r.choice(WORDS).capitalize()
            + str(r.randint(1, 99))
            + r.choice("!#$&*?@")
        )
    if k == 2:
        return rs(4, U) + rs(4, D) + rs(4, L)
    if k == 3:
        return (
            r.choice(WORDS) + str(r.randint(10, 99)) + r.choice("!?#") + r.choice(WORDS)
        )
    if k == 4:
        return rs(24, A)
    return rs(2, L) + r.choice("*&^") + rs(3, U) + rs(2, D) + rs(3, L)


sec = [
    lambda: f"POSTGRES_PASSWORD={pw()}",
    lambda: (
        f'db:\n  image: mariadb:11\n  environment:\n    MARIADB_ROOT_PASSWORD: "{pw()}"'
    ),
    lambda: (
        f'spec:\n  containers:\n  - name: api\n    env:\n    - name: API_TOKEN\n      value: "{rs(32)}"'
    ),
    lambda: f"- name: DB_PASS\n  value: {pw()}",
    lambda: (
        f'resource "azurerm_mssql_server" "sql" {{ administrator_login_password = "{pw()}" }}'
    ),
    lambda: f'resource "random_password" "x" {{}}\nmaster_password = "{pw()}"',
    lambda: f"vault_db_password: {pw()}  # TODO encrypt with ansible-vault",
    lambda: (
        f"deploy:\n  script:\n    - sshpass -p \"{pw()}\" ssh deploy@prod 'systemctl restart app'"
    ),
    lambda: (
        f'  before_script:\n    - echo "{rs(20)}" | docker login -u gitlab-ci-token --password-stdin $CI_REGISTRY'
    ),
    lambda: (
        f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={uid()}"
    ),
    lambda: (
        f"[pypi]\nrepository: https://upload.pypi.org/legacy/\nusername: acme\npassword: {pw()}"
    ),
    lambda: f"default login anonymous password {pw()}",
    lambda: f"https://{rs(8, L)}:{rs(40)}@bitbucket.org/acme/api.git",
    lambda: f"jdbc:postgresql://pg01:5432/erp?user=erp&password={pw()}&ssl=true",
    lambda: f"jdbc:mysql://root:{pw()}@db:3306/app",
    lambda: (
        f"Driver={{PostgreSQL Unicode}};Server=pg01;Port=5432;Database=dw;Uid=bi;Pwd={pw()};"
    ),
    lambda: f'smtp_password = "{pw()}"',
    lambda: f"MAIL_URL=smtps://alerts%40acme.io:{pw()}@smtp.acme.io:465",
    lambda: f"ldap.bind_password={pw()}",
    lambda: f'bind_dn = "uid=svc,ou=apps,dc=acme,dc=org"\nbind_pw = "{pw()}"',
    lambda: f"redis-cli -u redis://default:{pw()}@cache:6379 ping",
    lambda: f"AUTH {pw()}",
    lambda: f"mongodb://svc:{pw()}@10.0.0.21:27017,10.0.0.22:27017/app?replicaSet=rs0",
    lambda: f"amqps://{rs(8, L)}:{rs(32, URLSAFE)}@moose.rmq.cloudamqp.com/{rs(8, L)}",
    lambda: f"aws_secret_access_key={rs(40, B64)}",
    lambda: f"AWS keys: AKIA{rs(16, U + '234567')} {rs(40, B64)}",
    lambda: (
        f'  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQ{rs(40, B64)}\\n-----END PRIVATE KEY-----\\n",'
    ),
    lambda: (
        f"sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2026-12-31T23:59:59Z&st=2026-11-01T00:00:00Z&spr=https&sig={rs(43, B64)}%3D"
    ),
    lambda: (
        f"HostName=acme-hub.azure-devices.net;DeviceId=sensor-01;SharedAccessKey={rs(43, B64)}="
    ),
    lambda: f"slack token: xoxp-{rs(12, D)}-{rs(12, D)}-{rs(13, D)}-{hexs(32)}",
    lambda: (
        f"https://hooks.slack.com/services/T{rs(10, U + D)}/B{rs(10, U + D)}/{rs(24)}"
    ),
    lambda: f"Stripe secret: sk_live_{rs(24)}",
    lambda: f"twilio auth token {hexs(32)}",
    lambda: f"SENDGRID_API_KEY=SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}",
    lambda: f'token = "github_pat_11{rs(20, U + D)}_{rs(59)}"',
    lambda: f"glpat-{rs(20, URLSAFE)}",
    lambda: f"npm_{rs(36)}",
    lambda: f"pypi-AgEIcHlwaS5vcmc{rs(80, URLSAFE)}",
    lambda: f"hf_{rs(34)}",
    lambda: f"sk-proj-{rs(156, URLSAFE)}",
    lambda: f"sk-ant-api03-{rs(93, URLSAFE)}AA",
    lambda: f'datadog_api_key: "{hexs(32)}"',
    lambda: (
        f"eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJhbGljZSIsImV4cCI6MTc2NDAwMDAwMH0.{rs(86, URLSAFE)}"
    ),
    lambda: (
        f"-----BEGIN PRIVATE KEY-----\n{rs(64, B64)}\n{rs(64, B64)}\n-----END PRIVATE KEY-----"
    ),
    lambda: (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\nlQOYBF"
        + rs(58, B64)
        + "\n-----END PGP PRIVATE KEY BLOCK-----"
    ),
    lambda: f"my password is {pw()}",
    lambda: f"pw: {pw()}",
    lambda: f"the new one is {pw()} (for the vpn)",
    lambda: f"shared acct login -> team@acme.io / {pw()}",
    lambda: f"wifi password: {pw()}",
    lambda: f"Guest network: Acme-Guest / {pw()}",
    lambda: f"admin:{pw()}",
    lambda: f"lmk if {pw()} doesn't work as the password",
    lambda: f"the router's password got reset to {pw()}",
    lambda: f"password changed from the old one to {pw()}",
    lambda: f"here are the creds: {rs(6, L)} {pw()}",
    lambda: f"i think the pw is {pw()} but not sure",
    lambda: (
        f"Recovery codes (GitHub):\n{hexs(5)}-{hexs(5)}\n{hexs(5)}-{hexs(5)}\n{hexs(5)}-{hexs(5)}\n{hexs(5)}-{hexs(5)}"
    ),
    lambda: "backup codes " + ", ".join(rs(8, D) for _ in range(5)),
    lambda: f"recovery key for the laptop: {'-'.join(rs(6, D) for _ in range(8))}",
    lambda: f"PIN: {r.randint(1000, 9999)}",
    lambda: f"pin is {r.randint(100000, 999999)}",
    lambda: f"The door code is {r.randint(1000, 9999)}",
    lambda: f"keypad code for the office: {r.randint(1000, 9999)}",
    lambda: f"my bank PIN {r.randint(1000, 9999)}",
    lambda: f"visa pin {r.randint(1000, 9999)}",
    lambda: f"safe combo {r.randint(10, 60)}-{r.randint(10, 60)}-{r.randint(10, 60)}",
    lambda: f"2FA secret {rs(16, U + '234567')}",
]

P = [
    ("in.aadhaar", V.aadhaar, "Aadhaar {v}"),
    ("in.pan", V.pan, "PAN {v}"),
    ("br.cpf", V.cpf, "CPF {v}"),
    ("mx.curp", V.curp, "CURP {v}"),
    ("cl.rut", V.rut, "RUT: {v}"),
    ("es.dni", V.es_dni, "DNI {v}"),
    ("es.nie", V.es_nie, "NIE {v}"),
    ("nl.bsn", V.bsn, "BSN: {v}"),
    ("pl.pesel", V.pesel, "PESEL {v}"),
    ("se.pnr", V.personnummer, "Personnummer: {v}"),
    ("ca.sin", V.sin, "SIN {v}"),
    ("au.tfn", V.tfn, "TFN {v}"),
    ("my.nric", V.nric, "NRIC: {v}"),
    ("kr.rrn", V.rrn, "RRN {v}"),
    ("cn.ric", V.ric, "Chinese ID {v}"),
    ("za.idnr", V.za_id, "South African ID {v}"),
    ("tr.tckimlik", V.tckimlik, "TC {v}"),
    ("us.ssn", V.ssn, "SSN {v}"),
    ("in.aadhaar", V.aadhaar, "the customer's aadhaar is {v}"),
    ("br.cpf", V.cpf, "cliente: João, cpf {v}, tel na ficha"),
    ("pl.pesel", V.pesel, "pacjent Jan K., PESEL: {v}"),
    ("ca.sin", V.sin, "employee SIN: {v}"),
    ("kr.rrn", V.rrn, "주민번호 {v}"),
    ("za.idnr", V.za_id, "ID number: {v}"),
    ("phone", lambda: f"+1 415 {r.randint(200, 999)} {V.digits(4)}", "phone {v}"),
    ("phone", lambda: f"+44 7700 900{V.digits(3)}", "mob. {v}"),
    ("phone", lambda: f"+49 151 {V.digits(8)}", "Tel {v}"),
    ("phone", lambda: f"+91 {r.choice('6789')}{V.digits(9)}", "whatsapp {v}"),
    ("phone", lambda: f"+55 11 9{V.digits(4)} {V.digits(4)}", "celular {v}"),
    ("email", lambda: f"{r.choice(WORDS)}.{r.choice(WORDS)}@gmail.com", "{v}"),
    ("email", lambda: f"{r.choice(WORDS)}{r.randint(1, 99)}@outlook.com", "mail: {v}"),
    ("iban", V.iban, "IBAN {v}"),
    ("iban", V.iban, "account {v}"),
    ("card", V.card, "card {v}"),
    ("card", V.card, "paid by card {v} yesterday"),
    ("passport", lambda: r.choice(U) + V.digits(8), "passport {v}"),
]

C = [
    "Released v4.2.0: 38 commits, 12 contributors",
    "Build #4412 passed in 6m 12s",
    "deployment api-7f9c8d6b5-4kq2z ready 3/3",
    f"sha1 {hexs(40)}",
    f"blob {hexs(40)} README.md",
    f"md5sum {hexs(32)}  backup.tar",
    f"trace {hexs(32)}",
    f"request_id={uid()}",
    f"session {uid()} ended",
    "user_id=48213 org_id=12 plan=pro",
    "2026-11-25 22:49:02 UTC",
    "Tue, 25 Nov 2026 22:49:02 GMT",
    "1732574942123",
    "price: $1,299.00 (was $1,499.00)",
    "EUR 2.450,00 incl. MwSt.",
    "weight 72.4 kg, height 181 cm",
    "part number 8200-0012-AB",
    "model number A2337",
    "serial C02F1234Q6L4",
    "ver 10.0.22631.4460",
    "node_modules/.pnpm/lodash@4.17.21/node_modules/lodash",
    "pip install torch==2.5.1+cu121",
    "docker.io/library/postgres@sha256:4f9a2b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5f7a",
    "ghcr.io/acme/web:1.8.3-alpine",
    "arn:aws:s3:::acme-logs/2026/*",
    "projects/acme-prod/secrets/db-password/versions/3",
    "keyvault: https://kv-prod.vault.azure.net/secrets/DbPassword",
    "aws secretsmanager get-secret-value --secret-id prod/db",
    "gcloud secrets versions access latest --secret=api-key",
    "vault kv get -field=token secret/ci",
    "password: ${{ secrets.DB_PASSWORD }}",
    "DB_PASSWORD: ${DB_PASSWORD}",
    "token: '{{ .Values.token }}'",
    "apiKey: process.env.API_KEY",
    "password=os.environ['PGPASSWORD']",
    "secret_key = settings.SECRET_KEY",
    "api_key = <your api key>",
    "TOKEN=xxxxxxxxxxxxxxxxxxxxxxxx",
    "password: '********'",
    "pw: (ask me)",
    "password is in the usual place",
    "the password is the name of our first dog",
    "the PIN is my birthday",
    "login with Google",
    "we use passkeys now, no more passwords",
    "the secret to good bread is time",
    "keep the token count under 4k",
    "access key rotation is due next week",
    "private key permissions must be 0600",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKq3Rk2aK2Jk7Yd1yT6nA8p0cFZ2Wm3VbJm9S4xQe1Lr bob@laptop",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQDZ3kL7hQp2vX9wY4tM8nR1sB6cF0jE5gH2iK7lN3oP9qT4uV1wX8yZ2aB5cD7eF0gH3iJ6kL9mN2oP5qR8sT1uV4wX7yZ0a deploy@ci",
    "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU",
    "-----BEGIN CERTIFICATE-----\nMIIBkTCB+wIJAKHHIG11pR1yMA0GCSqGSIb3DQEBCwUAMBExDzANBgNVBAMMBnVu\n-----END CERTIFICATE-----",
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----",
    f"base64: {base64.b64encode(b'the quick brown fox jumps over the lazy dog').decode()}",
    f"payload={base64.urlsafe_b64encode(json.dumps({'event': 'signup', 'plan': 'pro'}).encode()).decode()}",
    "UUID v7 0190a3f4-8d2e-7b1c-9f3a-2e5d7c9b1a3f",
    "ULID 01HF3J5K7M9P2Q4R6S8T0V2W4X",
    "nanoid: Uakgb_J5m9g-0JDMbcJqLJ",
    "YouTube dQw4w9WgXcQ, Vimeo 76979871",
    "tweet 1461234567890123456",
    "Discord invite discord.gg/acme",
    "Zoom meeting 812 3456 7890",
    "Teams meeting ID: 263 512 849 003, Passcode: kT3vQ2",
    "conference bridge 1-877-555-0100, code 4412#",
    "toll free 1-800-FLOWERS",
    "order ID 5012-8843-2219",
    "reference 2026/11/4412",
    "Quote Q-2026-0412, valid 30 days",
    "invoice 0000412 due 2026-12-25",
    "ISIN US0378331005 (Apple)",
    "LEI 5493001KJTIIGC8Y1R12",
    "VAT GB 123 4567 89 (company)",
    "EIN 12-3456789 (the company's, on the W-9)",
    "NPI 1234567893 (clinic)",
    "IMO 9074729 (ship)",
    "CUSIP 037833100",
    "postcode 75008 Paris",
    "ZIP 94103",
    "P.O. Box 4412",
    "lat 37.7749, lon -122.4194",
    "batch 20261125-01",
    "shipment 1Z999AA10123456784",
    "SIM ICCID 89 4410 0000 0000 0000 09",
    "MAC 3c:22:fb:11:aa:09",
    "BSSID 00:11:22:33:44:55, channel 36",
    "SSID: Acme-Office, WPA3 Enterprise (802.1X)",
    "PSK is rotated quarterly; see the IT portal",
    "pin 7 is SDA, pin 8 is SCL",
    "code 404, code 503",
    "error code 0x80070005",
    "exit code 137 (OOM)",
    "HTTP 401 Unauthorized: invalid token",
    "401: token expired at 2026-11-25T22:00:00Z",
    'JWT header {"alg":"HS256","typ":"JWT"}',
    "bearer tokens expire after 3600 s",
]

rows = []


def add(text, label, kind, tid, **extra):
    rows.append(
        {
            "text": text,
            "label": label,
            "kind": kind,
            **extra,
            "template": tid,
            "probe": "tune10y",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, f in enumerate(sec):
    for _ in range(2 if i % 2 == 0 else 1):
        add(f(), "secret", "secret", f"tune10y-s{i}")
for i, (kind, gen, tmpl) in enumerate(P):
    for _ in range(2):
        v = gen()
        if isinstance(v, tuple):
            v = v[1]
        add(tmpl.format(v=v), "pii", kind, f"tune10y-p{i}", value=v)
for i, t in enumerate(C):
    add(t, "clean", "clean", f"tune10y-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter

print(Counter(r_["label"] for r_ in rows))
