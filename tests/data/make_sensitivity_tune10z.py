# ruff: noqa: E501, E402 (the templates are data, one line each; the values module is imported from this folder)
"""Fourth held-out probe tune10z for helper S (issue 12).

Written after the tune10, tune10h, tune10x and tune10y rounds and scored
once before any change made for it: secrets and clean look-alikes in the
shapes of real notes an agent would store (chat, runbooks, tickets, shell
history, config snippets), PII in forms and messages.

`python tests/data/make_sensitivity_tune10z.py tests/data/sensitivity_tune10z.jsonl`
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

r = random.Random(31337)
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


WORDS = "otter basalt cinder drift fennel gravel hickory iris juniper kelp lotus mistral nebula orbit".split()


def pw():
    k = r.randrange(7)
    if k == 0:
        return rs(r.randint(9, 15), A + "!#%&*@^?$")
    if k == 1:
        return (
            r.choice(WORDS).capitalize() + str(r.randint(1, 999)) + r.choice("!#$&*?@.")
        )
    if k == 2:
        return rs(3, L) + rs(3, D) + rs(3, U) + rs(2, L)
    if k == 3:
        return (
            r.choice(WORDS).capitalize()
            + r.choice(WORDS).capitalize()
            + r.choice("!?#")
            + str(r.randint(10, 99))
        )
    if k == 4:
        return rs(18, A)
    if k == 5:
        return rs(2, U) + r.choice("@#") + rs(5, L) + rs(2, D)
    return rs(8, L + D)


JWT_HEAD = base64.urlsafe_b64encode(b'{"alg":"HS256"}').decode().rstrip("=")
sec = [
    # Runbooks and tickets.
    lambda: f"Runbook step 3: log into the bastion as ops with {pw()}",
    lambda: f"INC-4412: reset svc_etl password to {pw()} and restarted the job",
    lambda: f"Handover notes — Jenkins admin: admin / {pw()}; Grafana: viewer / viewer",
    lambda: f"ticket says the new SFTP password is {pw()}",
    lambda: f"Onboarding: VPN user = {rs(6, L)}, VPN password = {pw()}",
    lambda: (
        f"Vendor portal (acme-supplies.com) — user: purchasing@acme.io — pass: {pw()}"
    ),
    lambda: f"shell history:\n  $ mysql -h 10.0.0.5 -uroot -p{pw()}\n  $ exit",
    lambda: f"$ export PGPASSWORD={pw()}\n$ psql -h db -U app",
    lambda: (
        f"history | grep curl\n  512  curl -u deploy:{pw()} https://nexus.acme.io/service/rest/v1/status"
    ),
    lambda: f"ssh-add ~/.ssh/id_ed25519  # passphrase: {pw()}",
    lambda: f"kinit admin@ACME.IO <<< '{pw()}'",
    lambda: f"echo {pw()} | sudo -S apt-get update",
    lambda: f"htpasswd -bc /etc/nginx/.htpasswd admin {pw()}",
    lambda: (
        f"az storage blob upload --account-name acmelogs --account-key {rs(86, B64)}== -f x.log -c logs"
    ),
    lambda: (
        f"aws configure\nAWS Access Key ID [None]: AKIA{rs(16, U + '234567')}\nAWS Secret Access Key [None]: {rs(40, B64)}"
    ),
    lambda: (
        f'gcloud auth activate-service-account --key-file=- <<< \'{{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n{rs(60, B64)}\\n-----END PRIVATE KEY-----"}}\''
    ),
    lambda: f"docker run -e POSTGRES_PASSWORD={pw()} -d postgres:16",
    lambda: f"docker run -e API_KEY={rs(32)} acme/worker",
    lambda: f"kubectl set env deploy/api STRIPE_KEY=sk_live_{rs(24)}",
    lambda: f"terraform apply -var 'db_password={pw()}'",
    lambda: f"ansible-playbook site.yml -e 'ansible_become_password={pw()}'",
    lambda: f"helm upgrade app ./chart --set secrets.apiKey={rs(32)}",
    lambda: f"npm login --registry=https://npm.acme.io  # user ci / {pw()}",
    lambda: f"git push https://ci-bot:{rs(40)}@git.acme.io/acme/app.git",
    # Config snippets.
    lambda: (
        f"spring:\n  datasource:\n    url: jdbc:mysql://db:3306/app\n    password: {pw()}"
    ),
    lambda: f"[mysqld]\n# replication\nmaster-password={pw()}",
    lambda: f'<property name="hibernate.connection.password">{pw()}</property>',
    lambda: f"'PASSWORD': '{pw()}',",
    lambda: f'    "password": "{pw()}",',
    lambda: f"password => '{pw()}',",
    lambda: f"config.secret_key_base = '{hexs(128)}'",
    lambda: f"define('AUTH_KEY', '{rs(64, A + '!@#$%^&*()-_[]{}<>~`+=,.;:/?|')}');",
    lambda: f"OPENAI_API_KEY: sk-{rs(48)}",
    lambda: f'anthropic_api_key = "sk-ant-api03-{rs(93, URLSAFE)}AA"',
    lambda: f"HUGGINGFACEHUB_API_TOKEN=hf_{rs(34)}",
    lambda: f"export GH_TOKEN=gho_{rs(36)}",
    lambda: f"CI_JOB_TOKEN override: glpat-{rs(20, URLSAFE)}",
    lambda: (
        f"slack_webhook: https://hooks.slack.com/services/T{rs(10, U + D)}/B{rs(10, U + D)}/{rs(24)}"
    ),
    lambda: f"DATADOG_API_KEY: {hexs(32)}",
    lambda: f"TWILIO_AUTH_TOKEN={hexs(32)}",
    lambda: f"sendgrid_api_key: SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}",
    lambda: f"NPM_TOKEN=npm_{rs(36)}",
    lambda: f"PYPI_API_TOKEN=pypi-AgEIcHlwaS5vcmc{rs(70, URLSAFE)}",
    lambda: f'"client_secret": "{rs(40, URLSAFE)}"',
    lambda: (
        f"jwt: {JWT_HEAD}.{base64.urlsafe_b64encode(json.dumps({'sub': 'u1', 'role': 'admin'}).encode()).decode().rstrip('=')}.{rs(43, URLSAFE)}"
    ),
    # Chat.
    lambda: f"can you log in with {pw()}? it's the shared account",
    lambda: f"psst the password for the staging db is {pw()}",
    lambda: f"ok so user is admin and password {pw()}",
    lambda: f"it's {pw()} — don't share it",
    lambda: f"remember: bank pin {r.randint(1000, 9999)}, card ends 4412",
    lambda: f"gate code {r.randint(1000, 9999)}*",
    lambda: f"mom's phone passcode {r.randint(1000, 9999)}",
    lambda: f"pw for netflix: {pw()}",
    lambda: f"router login admin, password printed on the sticker: {pw()}",
    lambda: f"new password set: {pw()}",
    lambda: f"Hey! The WiFi is 'CasaLopez' and the password is {pw()} 😊",
    lambda: f"Das WLAN heißt FritzBox-7530 und das Passwort ist {pw()}",
    lambda: f"Le code wifi c'est {pw()}",
    lambda: f"la clave es {pw()}",
    lambda: f"パスワード：{pw()}",
    lambda: f"şifre: {pw()}",
    lambda: f"password di accesso: {pw()}",
    lambda: f"wachtwoord: {pw()}",
    lambda: "my 2fa backup codes just in case: " + " ".join(rs(8, D) for _ in range(4)),
    lambda: (
        "recovery codes\n"
        + "\n".join(f"{rs(5, L + D)}-{rs(5, L + D)}" for _ in range(8))
    ),
    lambda: f"authenticator key {' '.join(rs(4, U + '234567') for _ in range(4))}",
    lambda: (
        f"my metamask seed: {' '.join(r.sample('ocean wheat glide pencil orbit candy velvet harbor minute slogan trophy useful'.split(), 12))}"
    ),
]

P = [
    (
        "email",
        lambda: (
            f"{r.choice(WORDS)}.{r.choice(WORDS)}@{r.choice(['gmail.com', 'web.de', 'orange.fr', 'libero.it', 'qq.com', 'naver.com'])}"
        ),
        "her email is {v}",
    ),
    (
        "email",
        lambda: f"{r.choice(WORDS)}{r.randint(10, 99)}@icloud.com",
        "reply to {v} pls",
    ),
    (
        "phone",
        lambda: (
            f"+1 ({r.choice(['212', '646', '718'])}) {r.randint(200, 999)}-{V.digits(4)}"
        ),
        "cell {v}",
    ),
    ("phone", lambda: f"+44 20 7{V.digits(3)} {V.digits(4)}", "office: {v}"),
    (
        "phone",
        lambda: f"+33 1 {V.digits(2)} {V.digits(2)} {V.digits(2)} {V.digits(2)}",
        "tél. {v}",
    ),
    ("phone", lambda: f"+49 89 {V.digits(7)}", "Telefon: {v}"),
    ("phone", lambda: f"+81 3-{V.digits(4)}-{V.digits(4)}", "電話 {v}"),
    ("phone", lambda: f"+86 139 {V.digits(4)} {V.digits(4)}", "手机 {v}"),
    ("iban", V.iban, "my IBAN is {v}"),
    ("card", V.card, "card ending... actually full number {v}"),
    ("us.ssn", V.ssn, "Applicant SSN: {v}"),
    ("ca.sin", V.sin, "S.I.N. {v}"),
    ("in.aadhaar", V.aadhaar, "UID {v}"),
    ("in.pan", V.pan, "PAN no {v}"),
    ("br.cpf", V.cpf, "meu CPF: {v}"),
    ("mx.curp", V.curp, "CURP del alumno: {v}"),
    ("cl.rut", V.rut, "Rut {v}"),
    ("ar.dni", V.ar_dni, "DNI {v}"),
    ("es.dni", V.es_dni, "con DNI {v}"),
    ("nl.bsn", V.bsn, "burgerservicenummer: {v}"),
    ("pl.pesel", V.pesel, "PESEL: {v}"),
    ("se.pnr", V.personnummer, "personnr {v}"),
    ("no.fnr", V.fodselsnummer, "fødselsnummer {v}"),
    ("dk.cpr", V.cpr, "CPR-nummer {v}"),
    ("fi.hetu", V.hetu, "HETU: {v}"),
    ("de.idnr", V.de_idnr, "Steuer-ID {v}"),
    ("fr.nir", V.nir, "numéro de sécurité sociale {v}"),
    ("it.cf", V.codice_fiscale, "codice fiscale {v}"),
    (
        "gb.nino",
        lambda: "QQ 12 34 56 C".replace(
            "QQ", r.choice(["AB", "CE", "JK", "PR"])
        ).replace("12", V.digits(2)),
        "NINO {v}",
    ),
    ("au.tfn", V.tfn, "Tax File Number {v}"),
    ("nz.ird", V.ird, "IRD {v}"),
    ("my.nric", V.nric, "MyKad no. {v}"),
    ("kr.rrn", V.rrn, "주민등록번호: {v}"),
    ("cn.ric", V.ric, "身份证号：{v}"),
    ("jp.mynumber", V.jp_mynumber, "マイナンバー {v}"),
    ("za.idnr", V.za_id, "ID no. {v}"),
    ("tr.tckimlik", V.tckimlik, "T.C. Kimlik No: {v}"),
    ("il.idnr", V.il_id, "Israeli ID: {v}"),
    ("th.pin", V.th_pin, "Thai national ID {v}"),
    ("id.nik", V.nik, "NIK: {v}"),
    ("pk.cnic", V.cnic, "CNIC: {v}"),
    ("passport", lambda: r.choice(U) + V.digits(7), "passport no. {v}"),
]

C = [
    "Runbook step 3: log into the bastion as ops with your SSO",
    "INC-4412: reset svc_etl password via the vault UI; job restarted",
    "Handover notes — Jenkins admin password is in the team vault",
    "Onboarding: VPN user = first initial + last name, password set on first login",
    "shell history:\n  $ mysql -h 10.0.0.5 -uroot -p\n  $ exit",
    "$ export PGPASSFILE=~/.pgpass",
    "ssh-add ~/.ssh/id_ed25519  # asks for the passphrase",
    "docker run -e POSTGRES_PASSWORD_FILE=/run/secrets/pg -d postgres:16",
    "terraform apply -var-file=prod.tfvars",
    "helm upgrade app ./chart -f values-prod.yaml",
    "git push origin main",
    "spring:\n  datasource:\n    url: jdbc:mysql://db:3306/app\n    password: ${DB_PASSWORD}",
    "'PASSWORD': os.environ.get('DB_PASSWORD', ''),",
    "password => env('DB_PASSWORD'),",
    "OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}",
    "client_secret: ''",
    "Hey! The WiFi is 'CasaLopez', password on the fridge 😊",
    "the password is 14 characters long",
    "password strength: strong (zxcvbn score 4)",
    "gate code changes every month",
    "bank says never share your PIN",
    "PIN reset requested for card ending 4412",
    "2FA is on; backup codes printed and stored",
    "authenticator app: Aegis (open source)",
    "my metamask has 0.42 ETH",
    "Git commit 9fceb02 fixed the login redirect",
    "PR #4412: rename PasswordResetToken to ResetToken",
    "class PasswordHasher(argon2.PasswordHasher): ...",
    "def get_api_key(self) -> str: return self._api_key",
    "const token = await getToken({ audience: 'api' })",
    "SELECT * FROM api_keys WHERE revoked_at IS NULL",
    "api_keys table: id, prefix, hash, created_at",
    "Key prefix 'ak_live' is shown in the UI, the rest is hashed",
    "secretKeyRef:\n  name: api\n  key: token",
    "valueFrom:\n  secretKeyRef: {name: db, key: password}",
    "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
    "- name: LOG_LEVEL\n  value: debug",
    "env: [{name: TZ, value: Europe/Berlin}]",
    "Ticket ACME-4412 (P2): login page 500s for SSO users",
    'error: password authentication failed for user "app"',
    'FATAL: no pg_hba.conf entry for host "10.0.0.7", user "app", database "app"',
    "Permission denied (publickey,password).",
    "WARNING: Using a password on the command line interface can be insecure.",
    "npm ERR! code E401 Incorrect or missing password.",
    "HTTP/1.1 403 Forbidden: token lacks scope repo",
    "the access token expires in 3599 seconds",
    "secret scanning blocked the push (1 secret found)",
    f"commit {hexs(40)} Merge branch 'fix/token-refresh'",
    f"object {hexs(40)} type commit tag v2.0.0",
    f"Digest: sha256:{hexs(64)}",
    f"Status: Downloaded newer image, id {hexs(12)}",
    f"container {hexs(64)} exited (0)",
    f"run id {uid()} succeeded",
    f"trace_id={hexs(32)} span_id={hexs(16)}",
    'etag W/"5e1f-18c3a2b4f00"',
    f"user agent hash {base64.b64encode(bytes.fromhex(hexs(32))).decode()}",
    "Prices: 19,99 € / $24.99 / £17.49",
    "Flight UA 901, PNR K7Q2XZ, seat 23A",
    "Hotel booking no. 4412 9981 3377",
    "Order #A-2026-11-4412",
    "Appointment ref 0041-2299",
    "Case number 2026-CV-004412",
    "Policy number POL-8841-2231",
    "Tracking: 9400 1000 0000 0000 0000 00",
    "Gift card code: see the email from Amazon",
    "Promo code WELCOME10 gives 10 % off",
    "Discount code SUMMER-2026 expired",
    "Voucher XMAS2026 (public promo)",
    "Coupon: FREESHIP",
    "Room 4412, Wi-Fi network Hotel-Guest (no password)",
    "Phone: ask reception",
    "Emergency: 112",
    "bus 42 at 07:15 from stop 5512",
    "the 4412 Lisbon route",
    "dimensions 120 x 80 x 45 cm",
    "battery 5000 mAh, 25 W charging",
    "SKU 4412-BLK-XL",
    "EAN 5901234123457",
    "version 2026.11.25+4412",
    "Python 3.12.7, Django 5.2.1, psycopg 3.2.3",
    "node 22.11.0 / npm 10.9.0 / pnpm 9.14.2",
    "kernel: Linux 6.8.0-49-generic x86_64",
    "BIOS version F.42, date 07/12/2024",
    "timestamp 20261125T224902Z",
    "ISO week 2026-W48",
    "Unix time 1764110942",
    "UUID 5f3a9c1e-7b2d-4e8f-a1c3-9d7e5b3f1a2c",
    "the key is to start early",
    "key takeaways: ship small, measure often",
    "token of thanks: a coffee voucher",
    "passing grade is 60 %",
    "passcode-protected PDF arrives separately",
    "see the shared credentials doc (restricted)",
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
            "probe": "tune10z",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, f in enumerate(sec):
    for _ in range(2 if i % 2 == 0 else 1):
        add(f(), "secret", "secret", f"tune10z-s{i}")
for i, (kind, gen, tmpl) in enumerate(P):
    for _ in range(2 if i % 2 == 0 else 1):
        v = gen()
        if isinstance(v, tuple):
            v = v[1]
        add(tmpl.format(v=v), "pii", kind, f"tune10z-p{i}", value=v)
for i, t in enumerate(C):
    add(t, "clean", "clean", f"tune10z-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter

print(Counter(r_["label"] for r_ in rows))
