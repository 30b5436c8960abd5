# ruff: noqa: E501 (the templates are data, one line each)
"""Blind probe 9 of the sensitivity gate (issue 12), written by hand.

Run `python tests/data/make_sensitivity_blind9.py` to rewrite
`sensitivity_blind9.jsonl` next to this file.

300 texts: 120 secret, 80 PII, 100 clean. Every template is used once. The
templates were written without reading the gate's code or the misses of the
earlier probes; the only check against them was that no text repeats one
of theirs exactly (three placeholders did and were reworded). Random parts come from one seeded generator, so the output is
deterministic. National ids are built with python-stdnum (random digits, then
the check characters searched until `is_valid` accepts the number), so each one
is valid; card numbers are Luhn-valid; IBANs carry correct check digits.
Record format as the earlier probes: text, label, kind, template, probe, id
(first 16 hex digits of the text's sha256).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import itertools
import json
import random
import re
import string
import uuid
from pathlib import Path

from stdnum import ean as std_ean
from stdnum import iban as std_iban
from stdnum import isbn as std_isbn
from stdnum import luhn

HERE = Path(__file__).resolve().parent
OUT = HERE / "sensitivity_blind9.jsonl"
PROBE = "blind9"

R = random.Random(20261209)

UP = string.ascii_uppercase
LOW = string.ascii_lowercase
DIG = string.digits
ALNUM = UP + LOW + DIG
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
B32 = UP + "234567"

WORDS = [
    "walrus",
    "copper",
    "lantern",
    "maple",
    "orbit",
    "thistle",
    "falcon",
    "meadow",
    "cobalt",
    "saffron",
    "tundra",
    "harbor",
    "pepper",
    "glacier",
    "velvet",
    "quartz",
    "nimbus",
    "ember",
    "juniper",
    "mango",
    "pebble",
    "raven",
    "sierra",
    "tango",
]
SYMS = "!#$%&*@^?+="


def rs(alphabet: str, n: int) -> str:
    return "".join(R.choice(alphabet) for _ in range(n))


def pw() -> str:
    """A human-style password: two words, digits and a symbol."""
    a, b = R.sample(WORDS, 2)
    return f"{a.capitalize()}{R.choice(SYMS)}{b}{R.randint(10, 9999)}"


def pw_url() -> str:
    """A password that can sit in a URL's userinfo or query without escaping."""
    a, b = R.sample(WORDS, 2)
    return f"{a.capitalize()}{R.choice('-_.~!*')}{b}{R.randint(10, 9999)}"


def pw_strong() -> str:
    return rs(ALNUM, R.randint(4, 6)) + R.choice(SYMS) + rs(ALNUM, R.randint(8, 12))


def b64(nbytes: int) -> str:
    return base64.b64encode(R.randbytes(nbytes)).decode()


def b64url_json(obj: dict) -> str:
    return (
        base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode())
        .decode()
        .rstrip("=")
    )


def jwt(payload: dict) -> str:
    head = b64url_json({"alg": "HS256", "typ": "JWT"})
    body = b64url_json(payload)
    sig = base64.urlsafe_b64encode(R.randbytes(32)).decode().rstrip("=")
    return f"{head}.{body}.{sig}"


def pem_body(nbytes: int, width: int = 64) -> list[str]:
    raw = b64(nbytes)
    return [raw[i : i + width] for i in range(0, len(raw), width)]


def private_key(kind: str, nbytes: int = 300) -> str:
    lines = pem_body(nbytes)
    return "\n".join([f"-----BEGIN {kind}-----", *lines, f"-----END {kind}-----"])


def aws_key_id() -> str:
    return "AKIA" + rs(UP + "234567", 16)


def aws_secret() -> str:
    return rs(ALNUM + "+/", 40)


def hexs(n: int) -> str:
    return rs(HEX, n)


def totp_seed(n: int = 32) -> str:
    return rs(B32, n)


# ---------------------------------------------------------------- secrets
# Each entry: (kind, function returning the text)
SECRETS = [
    # CLI flags
    ("cli", lambda: f"mysql -h db-prod-2 -u reporting -p'{pw()}' sales_dw"),
    (
        "cli",
        lambda: (
            f"mysql --host=127.0.0.1 --user=root --password={pw_strong()} -e 'SHOW DATABASES'"
        ),
    ),
    (
        "cli",
        lambda: f'psql "postgresql://app_rw:{pw_url()}@pg-main.internal:5432/orders"',
    ),
    (
        "cli",
        lambda: (
            f"psql postgres://analyst:{pw_url()}@10.20.0.15/warehouse -c 'select 1'"
        ),
    ),
    ("cli", lambda: f"docker login -u ci-bot -p {pw_strong()} registry.gitlab.com"),
    (
        "cli",
        lambda: (
            f"docker login registry.acme-corp.io --username deploy --password '{pw()}'"
        ),
    ),
    ("cli", lambda: f"curl -u admin:{pw()} https://jenkins.internal/api/json"),
    (
        "cli",
        lambda: (
            f"curl --user 'svc-export:{pw_strong()}' -X POST https://api.partner.net/v2/export"
        ),
    ),
    ("cli", lambda: f"htpasswd -b -c /etc/nginx/.htpasswd grafana {pw()}"),
    ("cli", lambda: f"htpasswd -bB /etc/apache2/.htpasswd alice '{pw_strong()}'"),
    (
        "cli",
        lambda: (
            f"mongosh 'mongodb://root:{pw_url()}@mongo-0.mongo:27017/admin?authSource=admin'"
        ),
    ),
    (
        "cli",
        lambda: f"PGPASSWORD='{pw()}' pg_dump -h db01 -U backup inventory > inv.sql",
    ),
    (
        "cli",
        lambda: (
            f"wget --user=ftpuser --password='{pw()}' ftp://files.vendor.com/feed.csv"
        ),
    ),
    ("cli", lambda: f"rabbitmqctl add_user billing '{pw_strong()}'"),
    (
        "cli",
        lambda: (
            f"az login --service-principal -u 3f1c9a52-7e2d-4b8a-9c11-0d5e6f7a8b9c -p '{pw_strong()}' --tenant contoso.onmicrosoft.com"
        ),
    ),
    ("cli", lambda: f"echo '{pw_strong()}' | sudo -S systemctl restart postgresql"),
    (
        "cli",
        lambda: (
            f"git clone https://deploy:{pw_url()}@git.internal.lan/infra/terraform.git"
        ),
    ),
    ("cli", lambda: f"smbclient //fileserver/finance -U 'CORP\\jdoe%{pw()}'"),
    (
        "cli",
        lambda: (
            f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{pw()}"
        ),
    ),
    (
        "cli",
        lambda: (
            f"ldapsearch -x -H ldap://dc01.corp.lan -D 'cn=admin,dc=corp,dc=lan' -w '{pw()}' -b 'dc=corp,dc=lan'"
        ),
    ),
    (
        "cli",
        lambda: (
            f"kubectl create secret generic db-creds --from-literal=username=app --from-literal=password='{pw_strong()}'"
        ),
    ),
    # config lines
    ("config", lambda: f"  password: {pw()}"),
    (
        "config",
        lambda: (
            f'database:\n  host: db.internal\n  user: orders\n  password: "{pw_strong()}"'
        ),
    ),
    ("config", lambda: f"[client]\nuser=backup\npassword={pw()}"),
    ("config", lambda: f"DB_PASSWORD={pw_strong()}"),
    ("config", lambda: f"SMTP_PASS='{pw()}'"),
    (
        "config",
        lambda: (
            f'{{"redis": {{"host": "cache-1", "port": 6379, "auth": "{pw_strong()}"}}}}'
        ),
    ),
    (
        "config",
        lambda: f'[database]\nurl = "mysql://shop:{pw_url()}@10.0.3.7:3306/shop"',
    ),
    ("config", lambda: f"spring.datasource.password={pw()}"),
    ("config", lambda: f"ldap_bind_pw = {pw_strong()}"),
    ("config", lambda: f'<add key="SqlPassword" value="{pw()}" />'),
    ("config", lambda: f"export ADMIN_TOKEN={hexs(40)}"),
    ("config", lambda: f'session_secret: "{rs(ALNUM, 48)}"'),
    ("config", lambda: f"DJANGO_SECRET_KEY='{rs(ALNUM + '!@#%^&*(-_=+)', 50)}'"),
    ("config", lambda: f"REDIS_URL=redis://:{pw_url()}@redis.prod:6379/0"),
    (
        "config",
        lambda: f"[smtp]\nserver = mail.corp.net\nusername = alerts\npassword = {pw()}",
    ),
    ("config", lambda: f"db.prod.internal:5432:*:reporter:{pw()}"),
    ("config", lambda: f'vault_token = "hvs.{rs(ALNUM, 24)}"'),
    # code
    (
        "code",
        lambda: f"$conn = new mysqli('localhost', 'wp_user', '{pw()}', 'wordpress');",
    ),
    (
        "code",
        lambda: (
            f"conn = psycopg2.connect(host='pg', dbname='crm', user='crm', password='{pw_strong()}')"
        ),
    ),
    (
        "code",
        lambda: (
            f'String url = "jdbc:postgresql://db.prod:5432/ledger?user=ledger&password={pw_url()}";'
        ),
    ),
    (
        "code",
        lambda: (
            f'DriverManager.getConnection("jdbc:mysql://10.1.1.9:3306/hr", "hr_app", "{pw_strong()}");'
        ),
    ),
    (
        "code",
        lambda: (
            f"engine = create_engine('mysql+pymysql://etl:{pw_url()}@warehouse:3306/stage')"
        ),
    ),
    (
        "code",
        lambda: (
            f"const client = new Client({{ user: 'api', password: '{pw()}', host: 'db', database: 'api' }});"
        ),
    ),
    ("code", lambda: f"smtp.login('noreply@shopfront.io', '{pw_strong()}')"),
    (
        "code",
        lambda: (
            f'var connStr = "Server=sql01;Database=Payroll;User Id=payroll;Password={pw()};";'
        ),
    ),
    ("code", lambda: f"redis.Redis(host='cache', port=6379, password='{pw_strong()}')"),
    ("code", lambda: f'requests.get(url, auth=("svc_reports", "{pw()}"))'),
    ("code", lambda: f'API_KEY = "{hexs(32)}"  # weather service, production'),
    ("code", lambda: f'headers = {{"Authorization": "Bearer {rs(ALNUM, 40)}"}}'),
    # cloud / vendor keys
    (
        "cloud_key",
        lambda: (
            f"aws_access_key_id = {aws_key_id()}\naws_secret_access_key = {aws_secret()}"
        ),
    ),
    ("cloud_key", lambda: f"AWS_SECRET_ACCESS_KEY={aws_secret()}"),
    (
        "cloud_key",
        lambda: (
            f"the old access key was {aws_key_id()}, I rotated it yesterday but it may still work"
        ),
    ),
    (
        "cloud_key",
        lambda: json.dumps(
            {
                "type": "service_account",
                "project_id": "billing-prod-381204",
                "private_key_id": hexs(40),
                "private_key": private_key("PRIVATE KEY", 240) + "\n",
                "client_email": "exporter@billing-prod-381204.iam.gserviceaccount.com",
            }
        ),
    ),
    ("cloud_key", lambda: f"GOOGLE_API_KEY=AIza{rs(ALNUM + '-_', 35)}"),
    (
        "cloud_key",
        lambda: (
            f"DefaultEndpointsProtocol=https;AccountName=stlogsprod01;AccountKey={b64(64)};EndpointSuffix=core.windows.net"
        ),
    ),
    (
        "cloud_key",
        lambda: (
            f"Endpoint=sb://orders-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={b64(32)}"
        ),
    ),
    (
        "cloud_key",
        lambda: f"AZURE_CLIENT_SECRET={rs(ALNUM, 3)}8Q~{rs(ALNUM + '~.-_', 34)}",
    ),
    ("cloud_key", lambda: f"STRIPE_SECRET_KEY=sk_live_{rs(ALNUM, 99)}"),
    (
        "cloud_key",
        lambda: (
            f"stripe restricted key for the refunds worker: rk_live_{rs(ALNUM, 24)}"
        ),
    ),
    (
        "cloud_key",
        lambda: f"SLACK_BOT_TOKEN=xoxb-{rs(DIG, 12)}-{rs(DIG, 13)}-{rs(ALNUM, 24)}",
    ),
    (
        "cloud_key",
        lambda: (
            f"post alerts to https://hooks.slack.com/services/T{rs(UP + DIG, 8)}/B{rs(UP + DIG, 10)}/{rs(ALNUM, 24)}"
        ),
    ),
    (
        "cloud_key",
        lambda: f"GITHUB_TOKEN=github_pat_11{rs(UP + DIG, 20)}_{rs(ALNUM, 59)}",
    ),
    ("cloud_key", lambda: f"use ghp_{rs(ALNUM, 36)} for the release workflow"),
    ("cloud_key", lambda: f"gitlab token: glpat-{rs(ALNUM + '-_', 20)}"),
    (
        "cloud_key",
        lambda: f"TWILIO_ACCOUNT_SID=AC{hexs(32)}\nTWILIO_AUTH_TOKEN={hexs(32)}",
    ),
    (
        "cloud_key",
        lambda: f"sendgrid: SG.{rs(ALNUM + '-_', 22)}.{rs(ALNUM + '-_', 43)}",
    ),
    ("cloud_key", lambda: f"OPENAI_API_KEY=sk-proj-{rs(ALNUM + '-_', 120)}"),
    ("cloud_key", lambda: f"openai key sk-{rs(ALNUM, 48)}"),
    ("cloud_key", lambda: f"ANTHROPIC_API_KEY=sk-ant-api03-{rs(ALNUM + '-_', 93)}AA"),
    ("cloud_key", lambda: f"npm_{rs(ALNUM, 36)} is the publish token for @acme/ui"),
    ("cloud_key", lambda: f"//registry.npmjs.org/:_authToken=npm_{rs(ALNUM, 36)}"),
    (
        "cloud_key",
        lambda: f"HEROKU_API_KEY={uuid.UUID(int=R.getrandbits(128), version=4)}",
    ),
    ("cloud_key", lambda: f"DATADOG_API_KEY={hexs(32)}"),
    ("cloud_key", lambda: f"mailgun api key: key-{hexs(32)}"),
    ("cloud_key", lambda: f"SHOPIFY_ACCESS_TOKEN=shpat_{hexs(32)}"),
    ("cloud_key", lambda: f"doctl auth init -t dop_v1_{hexs(64)}"),
    ("cloud_key", lambda: f"HF_TOKEN=hf_{rs(ALNUM, 34)}"),
    (
        "cloud_key",
        lambda: f"pypi upload token pypi-AgEIcHlwaS5vcmc{rs(ALNUM + '-_', 120)}",
    ),
    (
        "cloud_key",
        lambda: (
            f"discord bot token {rs(ALNUM, 24)}.{rs(ALNUM + '-_', 6)}.{rs(ALNUM + '-_', 38)}"
        ),
    ),
    (
        "cloud_key",
        lambda: (
            f"Telegram bot: {R.randint(1000000000, 9999999999)}:AA{rs(ALNUM + '-_', 33)}"
        ),
    ),
    # JWTs
    (
        "jwt",
        lambda: (
            f"Authorization: Bearer {jwt({'sub': '48213', 'role': 'admin', 'iat': 1767225600, 'exp': 1767312000})}"
        ),
    ),
    (
        "jwt",
        lambda: (
            f"here's my session token if you want to reproduce: {jwt({'uid': 'u_9f2c', 'scope': 'read write', 'iat': 1767000000})}"
        ),
    ),
    (
        "jwt",
        lambda: (
            f"REFRESH_TOKEN={jwt({'sub': 'svc-sync', 'typ': 'refresh', 'exp': 1798761600})}"
        ),
    ),
    (
        "jwt",
        lambda: (
            f"curl -H 'Authorization: Bearer {jwt({'iss': 'auth.acme.io', 'sub': 'ci', 'aud': 'deploy-api'})}' https://deploy.acme.io/v1/releases"
        ),
    ),
    # private key blocks
    ("private_key", lambda: private_key("RSA PRIVATE KEY", 600)),
    ("private_key", lambda: private_key("OPENSSH PRIVATE KEY", 300)),
    ("private_key", lambda: private_key("EC PRIVATE KEY", 120)),
    (
        "private_key",
        lambda: (
            "ssh key for the bastion, paste into ~/.ssh/id_ed25519:\n"
            + private_key("OPENSSH PRIVATE KEY", 260)
        ),
    ),
    (
        "private_key",
        lambda: (
            "tls:\n  key: |\n    "
            + private_key("PRIVATE KEY", 400).replace("\n", "\n    ")
        ),
    ),
    (
        "private_key",
        lambda: private_key("ENCRYPTED PRIVATE KEY", 350) + f"\npassphrase: {pw()}",
    ),
    ("private_key", lambda: private_key("PGP PRIVATE KEY BLOCK", 500)),
    # recovery codes
    (
        "recovery_code",
        lambda: (
            "GitHub recovery codes:\n"
            + "\n".join(f"{hexs(5)}-{hexs(5)}" for _ in range(8))
        ),
    ),
    (
        "recovery_code",
        lambda: (
            "my Google backup codes: "
            + ", ".join(f"{rs(DIG, 4)} {rs(DIG, 4)}" for _ in range(5))
        ),
    ),
    ("recovery_code", lambda: f"Bitwarden recovery code: {rs(UP + DIG, 32)}"),
    (
        "recovery_code",
        lambda: (
            "Save these 2FA recovery codes for the AWS root account: "
            + " ".join(rs(UP + DIG, 10) for _ in range(4))
        ),
    ),
    (
        "recovery_code",
        lambda: (
            "wallet seed phrase: "
            + " ".join(
                R.sample(
                    [
                        "abandon",
                        "orbit",
                        "tiger",
                        "canvas",
                        "silk",
                        "museum",
                        "ladder",
                        "drift",
                        "oyster",
                        "pulse",
                        "rigid",
                        "crane",
                        "velvet",
                        "answer",
                        "thumb",
                        "volcano",
                        "brisk",
                        "lemon",
                    ],
                    12,
                )
            )
        ),
    ),
    (
        "recovery_code",
        lambda: (
            f"The BitLocker recovery key for LAPTOP-0931 is {'-'.join(rs(DIG, 6) for _ in range(8))}"
        ),
    ),
    # Wi-Fi passwords in prose
    ("wifi_prose", lambda: f"the wifi password is {pw()}"),
    (
        "wifi_prose",
        lambda: f"Guest Wi-Fi is 'Harbour-Guest' and the key is {pw_strong()}",
    ),
    (
        "wifi_prose",
        lambda: (
            f"For the cabin: network SkogsHytte, password {R.choice(WORDS)}{R.randint(1000, 9999)}{R.choice(WORDS)}"
        ),
    ),
    ("wifi_prose", lambda: f"WIFI:T:WPA;S:Office-5G;P:{pw()};;"),
    (
        "wifi_prose",
        lambda: (
            f'If you\'re staying over, our wi-fi passphrase is "{R.choice(WORDS)} {R.choice(WORDS)} {R.randint(10, 99)}" (spaces included).'
        ),
    ),
    # passwords in chat prose
    ("chat_prose", lambda: f"my login is bob / {pw()}"),
    (
        "chat_prose",
        lambda: f"use my account for the demo: username kpatel, pass {pw_strong()}",
    ),
    (
        "chat_prose",
        lambda: f"I changed the router admin password to {pw()} so update the notes",
    ),
    (
        "chat_prose",
        lambda: (
            f"Remember that my bank PIN is {rs(DIG, 4)} and the online banking password is {pw()}."
        ),
    ),
    (
        "chat_prose",
        lambda: f"netflix: anna.k / {pw()} — don't share it outside the family",
    ),
    ("chat_prose", lambda: f"The root password on the NAS is now {pw_strong()}."),
    (
        "chat_prose",
        lambda: f"For the staging admin panel log in as superuser with {pw()}",
    ),
    (
        "chat_prose",
        lambda: f"my new password for the school portal is {pw()}, remember it for me",
    ),
    (
        "chat_prose",
        lambda: (
            f"The door code for the office is {rs(DIG, 6)}# and the alarm disarm code is {rs(DIG, 4)}."
        ),
    ),
    ("chat_prose", lambda: f"Passwort für den Server: {pw()}"),
    ("chat_prose", lambda: f"mot de passe du compte admin : {pw_strong()}"),
    (
        "chat_prose",
        lambda: f"Jira creds are me@work and {pw()}, the SSO is broken again",
    ),
    # TOTP seeds
    ("totp", lambda: f"otpauth://totp/ACME:jane.doe?secret={totp_seed()}&issuer=ACME"),
    (
        "totp",
        lambda: (
            f"TOTP seed for the shared ops account: {' '.join(totp_seed(4) for _ in range(8)).lower()}"
        ),
    ),
    ("totp", lambda: f"MFA_SECRET={totp_seed(16)}"),
    (
        "totp",
        lambda: (
            f"If the authenticator app is lost, re-add with setup key {totp_seed(32)}"
        ),
    ),
    ("totp", lambda: f"2fa:\n  issuer: vpn.corp\n  totp_secret: {totp_seed(26)}"),
]

# ---------------------------------------------------------------- PII helpers


def valid_id(
    module: str, base_fn, alphabet: str, k: int, fmt=None, tries: int = 200
) -> str:
    """Random base from base_fn, then the first k-character suffix that validates."""
    mod = importlib.import_module(f"stdnum.{module}")
    for _ in range(tries):
        base = base_fn()
        for tail in itertools.product(alphabet, repeat=k):
            cand = base + "".join(tail)
            try:
                if mod.is_valid(cand):
                    out = fmt(cand) if fmt else cand
                    assert mod.is_valid(out), (module, out)
                    return out
            except Exception:
                continue
    raise RuntimeError(f"no valid {module}")


def d(n: int) -> str:
    return rs(DIG, n)


def yymmdd(lo: int = 1950, hi: int = 1999) -> str:
    return f"{R.randint(lo, hi) % 100:02d}{R.randint(1, 12):02d}{R.randint(1, 28):02d}"


def ddmmyy(lo: int = 1950, hi: int = 1999) -> str:
    return f"{R.randint(1, 28):02d}{R.randint(1, 12):02d}{R.randint(lo, hi) % 100:02d}"


def luhn_number(prefix: str, length: int) -> str:
    base = prefix + d(length - len(prefix) - 1)
    return base + luhn.calc_check_digit(base)


def group(s: str, sizes: list[int], sep: str = " ") -> str:
    out, i = [], 0
    for n in sizes:
        out.append(s[i : i + n])
        i += n
    return sep.join(out)


def make_iban(country: str, bban_fn) -> str:
    """IBAN with correct check digits; BBANs with their own national check are redrawn until valid."""
    for _ in range(100000):
        bban = bban_fn()
        num = country + std_iban.calc_check_digits(country + "00" + bban) + bban
        if std_iban.is_valid(num):
            return std_iban.format(num)
    raise RuntimeError(f"no valid {country} IBAN")


FIRST = [
    "maria",
    "john",
    "li",
    "fatima",
    "olek",
    "sven",
    "ana",
    "kofi",
    "yuki",
    "ravi",
    "chloe",
    "mateus",
    "ingrid",
    "ahmed",
]
LAST = [
    "santos",
    "walker",
    "chen",
    "haddad",
    "nowak",
    "lindqvist",
    "ruiz",
    "mensah",
    "tanaka",
    "iyer",
    "dubois",
    "costa",
    "berg",
    "farouk",
]


def dotted(sep: str = ".") -> str:
    return f"{R.choice(FIRST)}{sep}{R.choice(LAST)}"


PII = [
    # emails (no example.com)
    ("email", lambda: f"my personal email is {dotted()}@gmail.com"),
    (
        "email",
        lambda: (
            f"Send the signed contract to {R.choice(FIRST)}{R.randint(70, 99)}@outlook.com by Friday."
        ),
    ),
    ("email", lambda: f"Contact: {dotted()}@nordwind-logistik.de"),
    (
        "email",
        lambda: f"her new address is {dotted('_')}{R.randint(1, 99)}@yahoo.co.uk",
    ),
    ("email", lambda: f"Reply-To: {dotted()}@proton.me"),
    (
        "email",
        lambda: (
            f"cc {R.choice(LAST)}@hospital-sanjose.es on anything about the referral"
        ),
    ),
    ("email", lambda: f"The landlord's email is {dotted()}@icloud.com"),
    (
        "email",
        lambda: (
            f"my son's school account is {R.choice(FIRST)[0]}{R.choice(LAST)}@student.lincoln-high.org"
        ),
    ),
    ("email", lambda: f"reach the accountant at {dotted()}@kpmg-advisory.nl"),
    ("email", lambda: f"booking confirmation went to {dotted()}@web.de"),
    ("email", lambda: f"user_email: {dotted()}@fastmail.com"),
    # phones of many countries
    ("phone", lambda: f"my mobile is +44 7{d(3)} {d(6)}"),
    ("phone", lambda: f"Call me on +49 151 {d(4)} {d(4)} after six."),
    ("phone", lambda: f"Her number: +33 6 {d(2)} {d(2)} {d(2)} {d(2)}"),
    ("phone", lambda: f"The plumber's phone is (415) {R.randint(200, 999)}-{d(4)}."),
    ("phone", lambda: f"WhatsApp +91 98{d(3)} {d(5)}"),
    ("phone", lambda: f"Mi número es +34 6{d(2)} {d(3)} {d(3)}"),
    ("phone", lambda: f"Tel. +39 3{d(2)} {d(3)} {d(4)}"),
    ("phone", lambda: f"my wife's cell: +1 647 {R.randint(200, 999)} {d(4)}"),
    ("phone", lambda: f"Japan office contact +81 90-{d(4)}-{d(4)}"),
    ("phone", lambda: f"ring my dad on 04{d(2)} {d(3)} {d(3)} (Australia)"),
    ("phone", lambda: f"phone: +55 11 9{d(4)}-{d(4)}"),
    ("phone", lambda: f"emergency contact: +48 5{d(2)} {d(3)} {d(3)}"),
    ("phone", lambda: f"Call the clinic patient directly at +31 6 {d(8)}"),
    ("phone", lambda: f"SMS to +27 82 {d(3)} {d(4)} once the parcel ships"),
    ("phone", lambda: f"Mob: +353 87 {d(3)} {d(4)}"),
    ("phone", lambda: f"+65 9{d(3)} {d(4)} is my Singapore number"),
    # IBANs
    ("iban", lambda: f"Please pay the deposit to {make_iban('DE', lambda: d(18))}."),
    ("iban", lambda: f"my IBAN is {make_iban('NL', lambda: rs(UP, 4) + d(10))}"),
    ("iban", lambda: f"salary account: {make_iban('ES', lambda: d(20))}"),
    (
        "iban",
        lambda: (
            f"Rent goes to {make_iban('FR', lambda: d(10) + rs(UP + DIG, 11) + d(2))} on the 1st."
        ),
    ),
    ("iban", lambda: f"Bank details — {make_iban('GB', lambda: rs(UP, 4) + d(14))}"),
    (
        "iban",
        lambda: (
            f"IBAN {make_iban('IT', lambda: rs(UP, 1) + d(10) + rs(UP + DIG, 12))} (conto di mia madre)"
        ),
    ),
    (
        "iban",
        lambda: f"transfer refund to {make_iban('BE', lambda: d(12)).replace(' ', '')}",
    ),
    ("iban", lambda: f"Kontonummer: {make_iban('AT', lambda: d(16))}"),
    # credit cards (Luhn-valid)
    (
        "card",
        lambda: f"card number {group(luhn_number('4', 16), [4, 4, 4, 4])} exp 09/28",
    ),
    (
        "card",
        lambda: (
            f"charge it to my Mastercard {group(luhn_number('5' + str(R.randint(1, 5)), 16), [4, 4, 4, 4], '-')}"
        ),
    ),
    (
        "card",
        lambda: f"Amex {group(luhn_number('37', 15), [4, 6, 5])}, CVV on the back",
    ),
    ("card", lambda: f"my work card is {luhn_number('4', 16)}"),
    (
        "card",
        lambda: (
            f"Discover ending... actually the full number is {group(luhn_number('6011', 16), [4, 4, 4, 4])}"
        ),
    ),
    ("card", lambda: f"pan={luhn_number('2' + str(R.randint(221, 720)), 16)}"),
    ("card", lambda: f"Visa {luhn_number('4', 16)} 12/27 CVC {d(3)}"),
    # national ids, valid by construction
    (
        "national_id",
        lambda: (
            "My Aadhaar number is "
            + valid_id(
                "in_.aadhaar",
                lambda: str(R.randint(2, 9)) + d(10),
                DIG,
                1,
                lambda s: group(s, [4, 4, 4]),
            )
            + "."
        ),
    ),
    (
        "national_id",
        lambda: "PESEL: " + valid_id("pl.pesel", lambda: yymmdd() + d(4), DIG, 1),
    ),
    (
        "national_id",
        lambda: (
            "CPF do titular: "
            + valid_id(
                "br.cpf",
                lambda: d(9),
                DIG,
                2,
                lambda s: f"{s[:3]}.{s[3:6]}.{s[6:9]}-{s[9:]}",
            )
        ),
    ),
    (
        "national_id",
        lambda: "DNI " + valid_id("es.dni", lambda: d(8), UP, 1) + " para la reserva",
    ),
    (
        "national_id",
        lambda: (
            "SSN "
            + valid_id(
                "us.ssn",
                lambda: (
                    f"{R.randint(1, 665):03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}"
                ),
                "",
                0,
            )
            + " for the W-2 form"
        ),
    ),
    (
        "national_id",
        lambda: (
            "mijn BSN is "
            + valid_id("nl.bsn", lambda: str(R.randint(1, 6)) + d(7), DIG, 1)
        ),
    ),
    (
        "national_id",
        lambda: (
            "personnummer "
            + valid_id("se.personnummer", lambda: yymmdd() + "-" + d(3), DIG, 1)
        ),
    ),
    (
        "national_id",
        lambda: (
            "SA ID number: "
            + valid_id("za.idnr", lambda: yymmdd() + d(4) + "08", DIG, 1)
        ),
    ),
    (
        "national_id",
        lambda: (
            "身份证号 "
            + valid_id(
                "cn.ric",
                lambda: (
                    R.choice(["110101", "310104", "440305", "510107"])
                    + f"{R.randint(1960, 1999)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}"
                    + d(3)
                ),
                DIG + "X",
                1,
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "CURP: "
            + valid_id(
                "mx.curp",
                lambda: (
                    R.choice(["GOMA", "HERL", "PEMJ", "RUSC", "LOFA"])
                    + yymmdd(1960, 1999)
                    + R.choice("HM")
                    + R.choice(["DF", "JC", "NL", "PL", "VZ"])
                    + rs("BCDFGLMNPRSTVZ", 3)
                    + "0"
                ),
                DIG,
                1,
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "numéro de sécurité sociale "
            + valid_id(
                "fr.nir",
                lambda: (
                    str(R.randint(1, 2))
                    + yymmdd()[:4]
                    + f"{R.randint(1, 95):02d}"
                    + d(6)
                ),
                DIG,
                2,
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "codice fiscale "
            + valid_id(
                "it.codicefiscale",
                lambda: (
                    rs("BCDFGLMNPRSTVZ", 3)
                    + rs("BCDFGLMNPRST", 3)
                    + f"{R.randint(50, 99)}"
                    + R.choice("ABCDEHLMPRST")
                    + f"{R.randint(1, 28):02d}"
                    + R.choice(["H501", "F205", "L219", "G273"])
                ),
                UP,
                1,
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "rijksregisternummer " + valid_id("be.nn", lambda: yymmdd() + d(3), DIG, 2)
        ),
    ),
    (
        "national_id",
        lambda: (
            "CPR-nummer " + valid_id("dk.cpr", lambda: ddmmyy() + "-" + d(4), "", 0)
        ),
    ),
    (
        "national_id",
        lambda: (
            "henkilötunnus "
            + valid_id(
                "fi.hetu",
                lambda: ddmmyy() + "-" + f"{R.randint(2, 899):03d}",
                "0123456789ABCDEFHJKLMNPRSTUVWXY",
                1,
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "fødselsnummer "
            + valid_id("no.fodselsnummer", lambda: ddmmyy() + d(3), DIG, 2)
        ),
    ),
    (
        "national_id",
        lambda: (
            "isikukood "
            + valid_id("ee.ik", lambda: str(R.randint(3, 4)) + yymmdd() + d(3), DIG, 1)
        ),
    ),
    (
        "national_id",
        lambda: (
            "CNP "
            + valid_id(
                "ro.cnp",
                lambda: (
                    str(R.randint(1, 2)) + yymmdd() + f"{R.randint(1, 40):02d}" + d(3)
                ),
                DIG,
                1,
            )
        ),
    ),
    (
        "national_id",
        lambda: "ЕГН " + valid_id("bg.egn", lambda: yymmdd() + d(3), DIG, 1),
    ),
    (
        "national_id",
        lambda: (
            "rodné číslo "
            + valid_id("cz.rc", lambda: yymmdd(1960, 1999) + "/" + d(3), DIG, 1)
        ),
    ),
    (
        "national_id",
        lambda: (
            "T.C. kimlik no: "
            + valid_id("tr.tckimlik", lambda: str(R.randint(1, 9)) + d(8), DIG, 2)
        ),
    ),
    (
        "national_id",
        lambda: (
            "주민등록번호 "
            + valid_id(
                "kr.rrn",
                lambda: (
                    yymmdd(1960, 1999)
                    + "-"
                    + str(R.randint(1, 2))
                    + f"{R.randint(0, 8)}{R.randint(0, 9)}{d(3)}"
                ),
                DIG,
                1,
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "NHS number "
            + valid_id(
                "gb.nhs",
                lambda: str(R.randint(4, 9)) + d(8),
                DIG,
                1,
                lambda s: group(s, [3, 3, 4]),
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "my SIN is "
            + valid_id(
                "ca.sin",
                lambda: str(R.choice([1, 2, 3, 4, 5, 6, 7, 9])) + d(7),
                DIG,
                1,
                lambda s: group(s, [3, 3, 3]),
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "RUT "
            + valid_id(
                "cl.rut",
                lambda: str(R.randint(10, 25)) + d(6),
                DIG + "K",
                1,
                lambda s: f"{s[:2]}.{s[2:5]}.{s[5:8]}-{s[8:]}",
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "NIF "
            + valid_id("pt.nif", lambda: str(R.randint(1, 2)) + d(7), DIG, 1)
            + " na fatura, por favor"
        ),
    ),
    (
        "national_id",
        lambda: (
            "Steuer-ID "
            + valid_id(
                "de.idnr",
                lambda: str(R.randint(1, 9)) + "".join(R.sample("0123456789", 8)) + "",
                DIG,
                2,
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "AHV-Nr. "
            + valid_id(
                "ch.ssn",
                lambda: "756" + d(9),
                DIG,
                1,
                lambda s: f"{s[:3]}.{s[3:7]}.{s[7:11]}.{s[11:]}",
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "TFN "
            + valid_id("au.tfn", lambda: d(8), DIG, 1, lambda s: group(s, [3, 3, 3]))
        ),
    ),
    (
        "national_id",
        lambda: (
            "PPS number "
            + valid_id("ie.pps", lambda: d(7), "ABCDEFGHIJKLMNOPQRSTUVW", 1)
        ),
    ),
    (
        "national_id",
        lambda: (
            "DNI argentino "
            + valid_id(
                "ar.dni",
                lambda: str(R.randint(20, 45)) + d(6),
                "",
                0,
                lambda s: f"{s[:2]}.{s[2:5]}.{s[5:]}",
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "the patient's PESEL is "
            + valid_id(
                "pl.pesel",
                lambda: (
                    f"{R.randint(0, 9):02d}{R.randint(21, 32)}{R.randint(1, 28):02d}"
                    + d(4)
                ),
                DIG,
                1,
            )
            + " (born after 2000)"
        ),
    ),
    (
        "national_id",
        lambda: (
            "CPF " + valid_id("br.cpf", lambda: d(9), DIG, 2) + " cadastrado no app"
        ),
    ),
    (
        "national_id",
        lambda: (
            "Aadhaar "
            + valid_id("in_.aadhaar", lambda: str(R.randint(2, 9)) + d(10), DIG, 1)
            + " linked to the bank account"
        ),
    ),
    (
        "national_id",
        lambda: (
            "Social Security number: "
            + valid_id(
                "us.ssn",
                lambda: (
                    f"{R.randint(100, 665):03d}{R.randint(10, 99):02d}{R.randint(1000, 9999):04d}"
                ),
                "",
                0,
            )
        ),
    ),
    (
        "national_id",
        lambda: (
            "asmens kodas "
            + valid_id(
                "lt.asmens", lambda: str(R.randint(3, 6)) + yymmdd() + d(3), DIG, 1
            )
        ),
    ),
    (
        "national_id",
        lambda: "NIE " + valid_id("es.nie", lambda: R.choice("XYZ") + d(7), UP, 1),
    ),
    (
        "national_id",
        lambda: (
            "burgerservicenummer: "
            + valid_id(
                "nl.bsn",
                lambda: str(R.randint(1, 6)) + d(7),
                DIG,
                1,
                lambda s: f"{s[:4]}.{s[4:6]}.{s[6:]}",
            )
        ),
    ),
]

# ---------------------------------------------------------------- clean look-alikes


def sha1() -> str:
    return hexs(40)


def isbn13() -> str:
    base = "978" + d(9)
    num = base + std_ean.calc_check_digit(base)
    assert std_isbn.is_valid(num)
    return f"{num[:3]}-{num[3]}-{num[4:8]}-{num[8:12]}-{num[12]}"


CLEAN = [
    # placeholders in docs
    ("placeholder", lambda: "mysql -u <user> -p'<password>' <database>"),
    (
        "placeholder",
        lambda: (
            "Set DB_PASSWORD=changeme in .env.example, then replace it before deploying."
        ),
    ),
    (
        "placeholder",
        lambda: (
            "GH_TOKEN: ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX  # paste your own token here"
        ),
    ),
    ("placeholder", lambda: "aws_access_key_id = AKIAXXXXXXXXXXXXXXXX"),
    ("placeholder", lambda: 'psql "postgresql://USER:PASSWORD@HOST:5432/DBNAME"'),
    ("placeholder", lambda: "db_password: \"{{ lookup('env', 'DB_PASSWORD') }}\""),
    ("placeholder", lambda: "api_key: {{ vault_api_key }}"),
    ("placeholder", lambda: "STRIPE_SECRET_KEY=sk_test_your_key_here"),
    (
        "placeholder",
        lambda: "curl -u YOUR_USERNAME:YOUR_PASSWORD https://api.service.com/v1/items",
    ),
    (
        "placeholder",
        lambda: (
            "The default admin password is printed once at first start; change it immediately."
        ),
    ),
    (
        "placeholder",
        lambda: (
            "curl -H 'X-Api-Key: <your-api-key>' https://api.weather.dev/v1/forecast"
        ),
    ),
    ("placeholder", lambda: "SECRET_KEY = os.environ['DJANGO_SECRET_KEY']"),
    ("placeholder", lambda: "password = getpass.getpass('Password: ')"),
    ("placeholder", lambda: "The wifi password is on the sticker under the router."),
    # public keys and fingerprints
    (
        "public_key",
        lambda: f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64(32)[:43]} deploy@ci-runner",
    ),
    (
        "public_key",
        lambda: f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{b64(256)[:340]} backup@nas",
    ),
    (
        "public_key",
        lambda: "\n".join(
            ["-----BEGIN PUBLIC KEY-----", *pem_body(294), "-----END PUBLIC KEY-----"]
        ),
    ),
    (
        "public_key",
        lambda: "\n".join(
            ["-----BEGIN CERTIFICATE-----", *pem_body(600), "-----END CERTIFICATE-----"]
        ),
    ),
    (
        "public_key",
        lambda: (
            f"age public key for the backups: age1{rs('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}"
        ),
    ),
    (
        "fingerprint",
        lambda: f"ED25519 key fingerprint is SHA256:{b64(32).rstrip('=')}.",
    ),
    (
        "fingerprint",
        lambda: "SHA256 Fingerprint=" + ":".join(hexs(2).upper() for _ in range(32)),
    ),
    (
        "fingerprint",
        lambda: f"gpg key fingerprint {' '.join(hexs(4).upper() for _ in range(10))}",
    ),
    (
        "fingerprint",
        lambda: (
            "MD5 fingerprint of the host key: " + ":".join(hexs(2) for _ in range(16))
        ),
    ),
    # commit SHAs and hashes
    ("sha", lambda: f"reverted in commit {sha1()}"),
    ("sha", lambda: f"git cherry-pick {hexs(7)} {hexs(7)}"),
    (
        "sha",
        lambda: f"Merge pull request #4812 from feature/retry-backoff ({hexs(12)})",
    ),
    ("sha", lambda: f"image: ghcr.io/acme/api@sha256:{hexs(64)}"),
    ("file_hash", lambda: f"{hexs(64)}  node-v22.11.0-linux-x64.tar.xz"),
    (
        "file_hash",
        lambda: (
            f"MD5 ({R.choice(['report.pdf', 'backup.tar', 'photo.jpg'])}) = {hexs(32)}"
        ),
    ),
    ("file_hash", lambda: f"sha512sum of the installer: {hexs(128)}"),
    ("file_hash", lambda: f"integrity: sha512-{b64(64)}"),
    # UUIDs / identifiers
    ("uuid", lambda: f"request_id={uuid.UUID(int=R.getrandbits(128), version=4)}"),
    (
        "uuid",
        lambda: (
            f"The failing job is {uuid.UUID(int=R.getrandbits(128), version=4)} in the Airflow UI."
        ),
    ),
    ("uuid", lambda: f"trace {hexs(32)} span {hexs(16)}"),
    ("uuid", lambda: f"arn:aws:iam::{d(12)}:role/ci-deployer"),
    (
        "uuid",
        lambda: f"Subscription ID: {uuid.UUID(int=R.getrandbits(128), version=4)}",
    ),
    ("uuid", lambda: f"sg-{hexs(17)} allows 443 from the ALB"),
    # versions and part numbers
    ("version", lambda: "Upgraded from 4.2.17 to 4.3.0-rc.2 last night."),
    ("version", lambda: "Django==5.1.4\npsycopg[binary]==3.2.3\ncelery==5.4.0"),
    ("version", lambda: "kernel 6.8.0-49-generic #49~22.04.1-Ubuntu SMP"),
    ("version", lambda: "Build 24H2 (OS build 26100.2605)"),
    ("version", lambda: "firmware v2.11.3 build 20250114"),
    ("part_number", lambda: f"Part no. {rs(UP, 3)}-{d(5)}-{rs(UP, 2)}"),
    ("part_number", lambda: "replacement filter MFC-2204-B, two per pack"),
    ("part_number", lambda: f"SKU {d(3)}-{d(3)}-{d(3)} is out of stock"),
    (
        "part_number",
        lambda: f"serial number {rs(UP + DIG, 12)} on the back of the router",
    ),
    ("part_number", lambda: "RAM: Kingston KF432C16BB/16, 2 sticks"),
    # prices, temperatures, dates, quantities
    ("price", lambda: "The quote came in at €12,480.00 excluding VAT."),
    ("price", lambda: "Plan costs $29/month or $290/year."),
    ("price", lambda: "Total: 1 234,56 zł"),
    ("price", lambda: "AWS bill for November: $4,812.37 (up 12%)"),
    ("temperature", lambda: "The server room hit 31.5 °C at 14:20."),
    ("temperature", lambda: "Bake at 220°C / 425°F for 25 minutes."),
    ("temperature", lambda: "fever went down from 38.9 to 37.2 overnight"),
    ("date", lambda: "Release freeze from 2025-12-19 to 2026-01-05."),
    ("date", lambda: "Meeting moved to Thursday 14/03/2025 at 10:30."),
    ("date", lambda: "cron: 30 2 * * 1-5"),
    ("date", lambda: "Timestamp 1733836800 corresponds to 2024-12-10T13:20:00Z."),
    # phone-like numbers that are not phones
    ("order_number", lambda: f"Order #{d(3)}-{d(7)}-{d(7)} has shipped."),
    ("order_number", lambda: f"Tracking number 1Z{rs(UP + DIG, 16)}"),
    ("order_number", lambda: f"Ticket INC{d(7)} was escalated to L2."),
    ("order_number", lambda: f"invoice no. {d(4)}/{d(4)}/{d(2)}"),
    (
        "order_number",
        lambda: f"Case reference {d(3)} {d(3)} {d(4)} — quote it when you call.",
    ),
    ("order_number", lambda: f"booking code {rs(UP, 6)}, flight LH{d(3)}"),
    ("order_number", lambda: f"The container number is MSCU{d(7)}."),
    ("isbn", lambda: f"ISBN {isbn13()}"),
    ("isbn", lambda: f"the library copy is ISBN-13 {isbn13().replace('-', '')}"),
    ("isbn", lambda: f"DOI 10.{d(4)}/s{d(5)}-{d(3)}-{d(4)}-{d(1)}"),
    # private IPs in config talk
    (
        "private_ip",
        lambda: (
            "The database listens on 10.0.12.7:5432, reachable only from the app subnet."
        ),
    ),
    (
        "private_ip",
        lambda: "gateway 192.168.1.1, DHCP range 192.168.1.100-192.168.1.199",
    ),
    ("private_ip", lambda: "allow 172.16.0.0/12 in pg_hba.conf for the VPN clients"),
    (
        "private_ip",
        lambda: "upstream backend { server 10.2.3.14:8080; server 10.2.3.15:8080; }",
    ),
    ("private_ip", lambda: "DHCP lease for 192.168.0.42 expires in 24 h"),
    ("private_ip", lambda: "IPv6 link-local fe80::1c2b:3aff:fe4d:5e6f on eth0"),
    # base64 of non-secrets
    (
        "base64",
        lambda: (
            "data: "
            + base64.b64encode(b'{"event":"page_view","path":"/pricing"}').decode()
        ),
    ),
    (
        "base64",
        lambda: (
            "Content-Transfer-Encoding: base64\n\n"
            + base64.b64encode(
                b"Hi team, the minutes from Monday are attached. Thanks!"
            ).decode()
        ),
    ),
    (
        "base64",
        lambda: (
            'img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="'
        ),
    ),
    (
        "base64",
        lambda: (
            "cursor="
            + base64.urlsafe_b64encode(b'{"offset":200,"sort":"created_at"}').decode()
        ),
    ),
    (
        "base64",
        lambda: (
            "The JSON header decodes from eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 — that's just the algorithm name."
        ),
    ),
    # env var names without values
    ("env_name", lambda: "Required: DATABASE_URL, REDIS_URL, SECRET_KEY, SENTRY_DSN."),
    (
        "env_name",
        lambda: (
            "If AWS_SECRET_ACCESS_KEY is unset the SDK falls back to the instance profile."
        ),
    ),
    (
        "env_name",
        lambda: (
            "env:\n  - name: POSTGRES_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: pg-secret\n        key: password"
        ),
    ),
    ("env_name", lambda: "Rotate OPENAI_API_KEY and STRIPE_SECRET_KEY every 90 days."),
    ("env_name", lambda: "password_file: /run/secrets/db_password"),
    (
        "env_name",
        lambda: (
            "The token is read from ~/.config/gh/hosts.yml, never commit that file."
        ),
    ),
    # plain prose about security, no values
    (
        "prose",
        lambda: "I reset my password yesterday and the new one works on every device.",
    ),
    ("prose", lambda: "We should move all credentials into Vault before the audit."),
    ("prose", lambda: "The wifi in the office was down for an hour this morning."),
    (
        "prose",
        lambda: (
            "The user prefers passphrases of four random words over short complex passwords."
        ),
    ),
    (
        "prose",
        lambda: (
            "Two-factor authentication is mandatory for all admin accounts from March."
        ),
    ),
    ("prose", lambda: "Our SSH keys are ed25519 and live in the hardware token."),
    (
        "prose",
        lambda: "The private key never leaves the HSM; only the CSR is exported.",
    ),
    # numbers that look like ids but are not
    ("number", lambda: "Population of the district: 1,204,733 (2021 census)."),
    ("number", lambda: "The bridge is 2,737 metres long and opened in 1937."),
    ("number", lambda: "pi to 20 places: 3.14159265358979323846"),
    ("number", lambda: f"Lot {d(6)}, best before 2026-08-31"),
    ("number", lambda: "Resolution 3840x2160 at 144 Hz, 27 inch panel."),
    ("number", lambda: "Step count this week: 8412, 10377, 6590, 12004, 9981."),
    (
        "number",
        lambda: "The user's favourite number is 7 and their lucky day is the 13th.",
    ),
    ("number", lambda: "HTTP 503 spiked to 4.2% between 02:10 and 02:25."),
]


EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A number-like span: digits and capitals with the separators ids use.
NUMBER_LIKE = re.compile(r"[+(]?[0-9A-Z][0-9A-Z .\-/()]*[0-9A-Z]")


def pii_value(text: str) -> str:
    """Return the personal datum in a PII text (the bench checks it is covered).

    The email, or else the longest number-like span with five digits or more.
    """
    email = EMAIL.search(text)
    if email:
        return email.group()
    spans = [
        m.group().strip(" .-/()")
        for m in NUMBER_LIKE.finditer(text)
        if sum(c.isdigit() for c in m.group()) >= 5
    ]
    assert spans, f"no value in {text!r}"
    return max(spans, key=len)


def record(text: str, label: str, kind: str, template: str) -> dict:
    row = {
        "text": text,
        "label": label,
        "kind": kind,
        "template": template,
        "probe": PROBE,
        "id": hashlib.sha256(text.encode()).hexdigest()[:16],
    }
    if label == "pii":
        row["value"] = pii_value(text)
    return row


def build() -> list[dict]:
    rows: list[dict] = []
    for label, prefix, table in (
        ("secret", "s", SECRETS),
        ("pii", "p", PII),
        ("clean", "c", CLEAN),
    ):
        for i, (kind, fn) in enumerate(table):
            rows.append(record(fn(), label, kind, f"{PROBE}-{prefix}{i}"))
    ids = [r["id"] for r in rows]
    assert len(set(ids)) == len(ids), "duplicate texts"
    return rows


def main() -> None:
    rows = build()
    with OUT.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["label"]] = counts.get(r["label"], 0) + 1
    print(OUT.name, len(rows), counts)


if __name__ == "__main__":
    main()
