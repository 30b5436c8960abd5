# ruff: noqa: E501 (the templates are data, one line each)
"""Generate the held-back sensitivity probe ``sensitivity_blind10.jsonl``.

Written without reading the detectors, the gates or any earlier sensitivity
set (one row of ``sensitivity_blind9.jsonl`` per label was read for the
format). It imitates what agents remember about users and infrastructure:
secrets as people and tools leak them, PII including national identifiers
that python-stdnum validates (generated valid with stdnum's own checks), and
clean text full of look-alikes (hashes, ids, public keys, placeholders,
documented example keys, prices, units, part numbers) that must stay untouched.

Deterministic: ``python tests/data/make_sensitivity_blind10.py`` rewrites the
file byte for byte.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
import random
import string
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

SEED = 100_2026
PROBE = "blind10"
OUT = Path(__file__).with_name("sensitivity_blind10.jsonl")

UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
DIGITS = string.digits
ALNUM = UPPER + LOWER + DIGITS
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"

rng = random.Random(SEED)


def pick(seq):
    return seq[rng.randrange(len(seq))]


def rand(alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def rbytes(n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


# ---------------------------------------------------------------- values

WORDS = (
    "saffron walrus tundra violet anchor copper lantern maple orbit pepper "
    "harbor falcon juniper quartz meadow cobalt ember glacier hazel indigo "
    "kestrel lagoon marble nimbus oyster pistachio quill raven sable thistle "
    "umber velvet willow zephyr birch canyon dahlia fennel gravel heron"
).split()
HOSTS = [
    "db-prod-1.internal",
    "pg-main.eu-central-1.rds.amazonaws.com",
    "10.20.4.17",
    "mysql-replica-02.corp.lan",
    "orders-db.prod.svc.cluster.local",
    "warehouse.c7xq2.eu-west-1.redshift.amazonaws.com",
    "192.168.10.40",
    "billing-db.acme-internal.net",
]
USERS = [
    "admin",
    "app_rw",
    "reporting",
    "deploy",
    "svc_orders",
    "etl",
    "root",
    "grafana",
    "backup",
    "ci-bot",
]
DBS = [
    "sales",
    "orders",
    "analytics",
    "crm_prod",
    "inventory",
    "payments",
    "wiki",
    "metrics",
]


def human_password() -> str:
    """Passwords people choose: word + digits + symbol, leetspeak, season+year."""
    style = rng.randrange(5)
    w = pick(WORDS)
    if style == 0:
        return f"{w.capitalize()}{pick('!@#$%&*?')}{rng.randrange(10, 9999)}"
    if style == 1:
        leet = w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")
        return f"{leet.capitalize()}{rng.randrange(10, 99)}{pick('!#$&')}"
    if style == 2:
        return f"{pick(['Winter', 'Summer', 'Spring', 'Autumn'])}{rng.randrange(2019, 2027)}{pick('!?#')}"
    if style == 3:
        return f"{w}-{pick(WORDS)}-{pick(WORDS)}-{rng.randrange(10, 99)}"
    return f"{pick(WORDS).capitalize()}{pick(WORDS).capitalize()}{rng.randrange(100, 999)}{pick('.!_')}"


def machine_password(n: int | None = None) -> str:
    n = n or rng.randrange(16, 33)
    alphabet = ALNUM + "!#%^*-_=+"
    while True:
        pw = rand(alphabet, n)
        if (
            any(c.isdigit() for c in pw)
            and any(c.isupper() for c in pw)
            and any(c.islower() for c in pw)
        ):
            return pw


def any_password() -> str:
    return human_password() if rng.random() < 0.55 else machine_password()


def url_safe_password() -> str:
    """A password that needs no percent-encoding inside a URI."""
    while True:
        pw = rand(ALNUM + "-_.~", rng.randrange(14, 28))
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw):
            return pw


# --------------------------------------------------------------- secrets


class _Pick:
    """A fresh random choice each time it is formatted, so every row varies."""

    def __init__(self, seq: list[str]) -> None:
        self.seq = seq

    def __str__(self) -> str:
        return pick(self.seq)

    def __format__(self, spec: str) -> str:
        return pick(self.seq)


H, U, D = _Pick(HOSTS), _Pick(USERS), _Pick(DBS)


def s_cli() -> list[tuple[str, str]]:
    rows = []
    for _ in range(3):
        h, u, d, p = H, U, D, any_password()
        rows.append((f"mysql -h {h} -u {u} -p'{p}' {d}", "mysql-p"))
        rows.append(
            (
                f"mysqldump --user={u} --password={machine_password()} --single-transaction {d} > {d}.sql",
                "mysqldump",
            )
        )
        rows.append(
            (
                f"PGPASSWORD='{any_password()}' psql -h {h} -U {u} -d {d} -c 'select count(*) from orders'",
                "pgpassword-env",
            )
        )
        rows.append(
            (
                f"docker login -u {u} -p '{machine_password()}' registry.acme.io",
                "docker-login",
            )
        )
        rows.append(
            (
                f"redis-cli -h {h} -p 6379 -a '{machine_password()}' --no-auth-warning info keyspace",
                "redis-cli",
            )
        )
        rows.append((f"sshpass -p '{human_password()}' ssh {u}@{h}", "sshpass"))
        rows.append(
            (
                f"mongosh \"mongodb://{h}:27017/{d}\" --username {u} --password '{machine_password()}' --authenticationDatabase admin",
                "mongosh",
            )
        )
        rows.append(
            (
                f"htpasswd -b -c /etc/nginx/.htpasswd {u} '{human_password()}'",
                "htpasswd",
            )
        )
        rows.append(
            (
                f"openssl pkcs12 -in client.p12 -out client.pem -nodes -passin pass:{url_safe_password()}",
                "openssl-passin",
            )
        )
        rows.append(
            (
                f"kubectl create secret generic {d}-db --from-literal=username={u} --from-literal=password='{machine_password()}'",
                "kubectl-secret",
            )
        )
        rows.append(
            (f"smbclient //nas01/backups -U {u}%{url_safe_password()}", "smbclient")
        )
        rows.append(
            (f"lftp -u {u},'{human_password()}' sftp://files.acme-partner.com", "lftp")
        )
        rows.append(
            (
                f"az login --service-principal -u {uuid()} -p '{rand(ALNUM + '~._-', 40)}' --tenant {uuid()}",
                "az-login",
            )
        )
        rows.append(
            (
                f"aws configure set aws_secret_access_key {rand(B64[:-2] + '/+', 40)} --profile prod",
                "aws-configure",
            )
        )
        rows.append(
            (
                f"wget --user={u} --password='{human_password()}' https://artifacts.acme.io/releases/app-4.2.tar.gz",
                "wget",
            )
        )
        rows.append((f"rabbitmqctl add_user {u} '{machine_password()}'", "rabbitmqctl"))
        rows.append((f"vault login {'hvs.' + rand(ALNUM, 24)}", "vault-login"))
    return rows


def s_curl_basic() -> list[tuple[str, str]]:
    rows = []
    for _ in range(4):
        u, p = U, url_safe_password()
        rows.append(
            (
                f"curl -u {u}:{p} https://jenkins.acme.io/job/deploy/build -X POST",
                "curl-u",
            )
        )
        rows.append(
            (
                f"curl --user '{u}:{any_password()}' -s https://nexus.corp.lan/service/rest/v1/repositories",
                "curl-user",
            )
        )
        rows.append(
            (
                f"the grafana link that works is https://{u}:{url_safe_password()}@grafana.acme.io/d/node-exporter",
                "basic-auth-url",
            )
        )
        rows.append(
            (
                f"git clone https://{u}:{'ghp_' + rand(ALNUM, 36)}@github.com/acme/infra-live.git",
                "git-url-token",
            )
        )
        rows.append(
            (
                f"pip install --index-url https://{u}:{url_safe_password()}@pypi.acme.io/simple/ acme-sdk",
                "pip-index-url",
            )
        )
    return rows


def s_config() -> list[tuple[str, str]]:
    rows = []
    for _ in range(3):
        u, d, h = U, D, H
        rows.append(
            (f"DB_HOST={h}\nDB_USER={u}\nDB_PASSWORD={machine_password()}", "dotenv")
        )
        rows.append((f"STRIPE_SECRET_KEY=sk_live_{rand(ALNUM, 24)}", "dotenv-stripe"))
        rows.append(
            (
                f'database:\n  host: {h}\n  user: {u}\n  password: "{any_password()}"',
                "yaml",
            )
        )
        rows.append(
            (
                f"services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {machine_password()}",
                "docker-compose",
            )
        )
        rows.append(
            (
                f'{{"smtp": {{"host": "smtp.sendgrid.net", "user": "apikey", "pass": "SG.{rand(B64URL, 22)}.{rand(B64URL, 43)}"}}}}',
                "json",
            )
        )
        rows.append(
            (f"[client]\nuser={u}\npassword={any_password()}\nhost={h}", "my.cnf")
        )
        rows.append(
            (
                f"spring.datasource.url=jdbc:postgresql://{h}:5432/{d}\nspring.datasource.password={machine_password()}",
                "java-properties",
            )
        )
        rows.append(
            (
                f'[database]\nurl = "postgres://{h}/{d}"\npassword = "{any_password()}"',
                "toml",
            )
        )
        rows.append(
            (
                f'<connectionStrings><add name="Main" connectionString="Server={h};Database={d};User Id={u};Password={url_safe_password()};"/></connectionStrings>',
                "xml-mssql",
            )
        )
        rows.append(
            (f"//registry.npmjs.org/:_authToken=npm_{rand(ALNUM, 36)}", "npmrc")
        )
        rows.append(
            (
                f"[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmc{rand(B64URL, 60)}",
                "pypirc",
            )
        )
        rows.append(
            (
                f"machine api.heroku.com\n  login deploy-bot\n  password {uuid()}",
                "netrc",
            )
        )
        rows.append((f"{h}:5432:{d}:{u}:{any_password()}", "pgpass"))
        rows.append(
            (
                f'resource "aws_db_instance" "main" {{\n  username = "{u}"\n  password = "{machine_password()}"\n}}',
                "terraform",
            )
        )
        raw = machine_password().encode()
        rows.append(
            (
                f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {d}-creds\ndata:\n  password: {b64(raw)}",
                "k8s-secret",
            )
        )
        rows.append(
            (
                f"WIFI:T:WPA;S:{pick(WORDS).capitalize()}-5G;P:{human_password()};;",
                "wifi-qr",
            )
        )
        rows.append(
            (
                f"export GITHUB_TOKEN=github_pat_{rand(ALNUM, 22)}_{rand(ALNUM, 59)}",
                "export-env",
            )
        )
        rows.append(
            (
                f'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u}" password="{machine_password()}";',
                "kafka-jaas",
            )
        )
    return rows


def s_uri() -> list[tuple[str, str]]:
    rows = []
    for _ in range(3):
        u, d, h, p = U, D, H, url_safe_password()
        rows.append(
            (
                f"DATABASE_URL=postgresql://{u}:{p}@{h}:5432/{d}?sslmode=require",
                "postgres-uri",
            )
        )
        rows.append(
            (
                f"the staging db is mysql://{u}:{url_safe_password()}@{h}:3306/{d}",
                "mysql-uri",
            )
        )
        rows.append(
            (
                f"MONGO_URI=mongodb+srv://{u}:{url_safe_password()}@cluster0.{rand(LOWER + DIGITS, 5)}.mongodb.net/{d}?retryWrites=true",
                "mongodb-srv",
            )
        )
        rows.append(
            (f"REDIS_URL=redis://:{url_safe_password()}@{h}:6379/0", "redis-uri")
        )
        rows.append(
            (
                f"broker_url = 'amqp://{u}:{url_safe_password()}@rabbit.acme.internal:5672/prod'",
                "amqp-uri",
            )
        )
        rows.append(
            (
                f"Server=tcp:acme-sql.database.windows.net,1433;Initial Catalog={d};User ID={u};Password={url_safe_password()};Encrypt=True;",
                "mssql-connstr",
            )
        )
        rows.append(
            (
                f"ELASTICSEARCH_URL=https://elastic:{url_safe_password()}@es.acme.internal:9200",
                "elastic-uri",
            )
        )
        rows.append(
            (
                f"clickhouse://{u}:{url_safe_password()}@ch-01.acme.internal:9000/{d}",
                "clickhouse-uri",
            )
        )
        rows.append(
            (
                f"sqlalchemy.url = oracle+oracledb://{u}:{url_safe_password()}@ora-prod:1521/?service_name=ORCL",
                "oracle-uri",
            )
        )
        rows.append(
            (
                f"EMAIL_URL=smtp+tls://{u}:{url_safe_password()}@smtp.mailgun.org:587",
                "smtp-uri",
            )
        )
        rows.append(
            (
                f"DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={b64(rbytes(64))};EndpointSuffix=core.windows.net",
                "azure-storage",
            )
        )
        rows.append(
            (f"nats://{u}:{url_safe_password()}@nats.acme.internal:4222", "nats-uri")
        )
    return rows


def s_apikeys() -> list[tuple[str, str]]:
    rows = []
    for _ in range(2):
        rows.append(
            (
                f"aws_access_key_id = AKIA{rand(UPPER + '234567', 16)}\naws_secret_access_key = {rand(ALNUM + '/+', 40)}",
                "aws-keypair",
            )
        )
        rows.append((f"the CI uses ghp_{rand(ALNUM, 36)} to push tags", "github-pat"))
        rows.append(
            (
                f"gitlab runner registration: glpat-{rand(ALNUM + '-_', 20)}",
                "gitlab-pat",
            )
        )
        rows.append(
            (
                f"slack bot token for the alerts app: xoxb-{rng.randrange(10**11, 10**12)}-{rng.randrange(10**12, 10**13)}-{rand(ALNUM, 24)}",
                "slack-bot",
            )
        )
        rows.append(
            (
                f"post alerts to https://hooks.slack.com/services/T{rand(UPPER + DIGITS, 8)}/B{rand(UPPER + DIGITS, 10)}/{rand(ALNUM, 24)}",
                "slack-webhook",
            )
        )
        rows.append((f"Stripe live secret: sk_live_{rand(ALNUM, 99)}", "stripe-live"))
        rows.append(
            (f'stripe.api_key = "rk_live_{rand(ALNUM, 24)}"', "stripe-restricted")
        )
        rows.append(
            (
                f"OPENAI_API_KEY=sk-proj-{rand(B64URL, 48)}T3BlbkFJ{rand(B64URL, 48)}",
                "openai",
            )
        )
        rows.append(
            (f"ANTHROPIC_API_KEY=sk-ant-api03-{rand(B64URL, 93)}AA", "anthropic")
        )
        rows.append((f"maps server key: AIza{rand(B64URL, 35)}", "google-api"))
        rows.append((f"HF_TOKEN=hf_{rand(ALNUM, 34)}", "huggingface"))
        rows.append(
            (
                f"twilio: account SID AC{rand(HEX, 32)}, auth token {rand(HEX, 32)}",
                "twilio",
            )
        )
        rows.append(
            (
                f"Telegram bot token {rng.randrange(10**9, 8 * 10**9)}:AA{rand(B64URL, 33)}",
                "telegram",
            )
        )
        rows.append((f"DIGITALOCEAN_TOKEN=dop_v1_{rand(HEX, 64)}", "digitalocean"))
        rows.append((f"X-Shopify-Access-Token: shpat_{rand(HEX, 32)}", "shopify"))
        rows.append((f"MAILGUN_API_KEY=key-{rand(HEX, 32)}", "mailgun"))
        rows.append(
            (f"datadog api key {rand(HEX, 32)} and app key {rand(HEX, 40)}", "datadog")
        )
        rows.append(
            (
                f"atlassian api token for the jira bot: ATATT3xFfGF0{rand(B64URL, 180)}={rand(HEX.upper(), 8)}",
                "atlassian",
            )
        )
        rows.append((f"postman key PMAK-{rand(HEX, 24)}-{rand(HEX, 34)}", "postman"))
        rows.append((f"LINEAR_API_KEY=lin_api_{rand(ALNUM, 40)}", "linear"))
        rows.append((f"doppler service token dp.st.prd.{rand(ALNUM, 43)}", "doppler"))
        rows.append((f"CLOUDFLARE_API_TOKEN={rand(ALNUM + '_-', 40)}", "cloudflare"))
        rows.append(
            (
                f"discord bot token: {b64url(str(rng.randrange(10**17, 10**18)).encode())}.{rand(B64URL, 6)}.{rand(B64URL, 38)}",
                "discord",
            )
        )
    return rows


def jwt(alg: str = "HS256") -> str:
    header = b64url(
        json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode()
    )
    iat = 1_760_000_000 + rng.randrange(10**7)
    claims = {
        "sub": str(uuid()),
        "iss": pick(
            ["https://auth.acme.io/", "https://login.acme-corp.com", "acme-api"]
        ),
        "iat": iat,
        "exp": iat + pick([900, 3600, 86400 * 30]),
        "scope": pick(["read:orders write:orders", "admin", "openid profile email"]),
    }
    payload = b64url(json.dumps(claims, separators=(",", ":")).encode())
    sig = b64url(rbytes(32 if alg == "HS256" else 256))
    return f"{header}.{payload}.{sig}"


def s_tokens() -> list[tuple[str, str]]:
    rows = []
    for _ in range(3):
        rows.append((f"Authorization: Bearer {jwt()}", "bearer-jwt"))
        rows.append(
            (
                f"the service account token (valid 30 days) is {jwt('RS256')}",
                "jwt-prose",
            )
        )
        rows.append((f"X-API-Key: {rand(ALNUM, 40)}", "x-api-key"))
        rows.append(
            (
                f"curl -H 'Authorization: Token {rand(HEX, 40)}' https://api.acme.io/v2/invoices",
                "curl-header",
            )
        )
        cred = b64(f"{pick(USERS)}:{url_safe_password()}".encode())
        rows.append((f"Authorization: Basic {cred}", "basic-header"))
        rows.append(
            (
                f"Cookie: sessionid={rand(LOWER + DIGITS, 32)}; csrftoken={rand(ALNUM, 32)}",
                "session-cookie",
            )
        )
        rows.append(
            (
                f"Set-Cookie: access_token={jwt()}; Path=/; HttpOnly; Secure",
                "cookie-jwt",
            )
        )
        rows.append(
            (
                f'{{"access_token": "{jwt("RS256")}", "token_type": "Bearer", "refresh_token": "{rand(B64URL, 48)}"}}',
                "oauth-response",
            )
        )
        rows.append(
            (
                f"kubectl --server https://k8s.acme.internal:6443 --token={jwt('RS256')} get pods -n prod",
                "kubectl-token",
            )
        )
        rows.append(
            (f"PRIVATE-TOKEN: glpat-{rand(ALNUM + '-_', 20)}", "private-token-header")
        )
        rows.append(
            (
                f"requests.get(url, headers={{'Authorization': 'token gho_{rand(ALNUM, 36)}'}})",
                "python-header",
            )
        )
        rows.append(
            (
                f"otpauth://totp/Acme:ops?secret={rand(UPPER + '234567', 32)}&issuer=Acme",
                "totp-seed",
            )
        )
    return rows


def pem(kind: str, body: bytes, width: int = 64) -> str:
    text = b64(body)
    lines = [text[i : i + width] for i in range(0, len(text), width)]
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


def s_private_keys() -> list[tuple[str, str]]:
    rows = []
    for _ in range(2):
        rows.append(
            (
                pem(
                    "RSA PRIVATE KEY",
                    b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00"
                    + rbytes(rng.randrange(900, 1180)),
                ),
                "rsa-pem",
            )
        )
        rows.append(
            (
                pem(
                    "PRIVATE KEY",
                    b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"
                    + rbytes(1100),
                ),
                "pkcs8-pem",
            )
        )
        rows.append(
            (
                pem("EC PRIVATE KEY", b"\x30\x77\x02\x01\x01\x04\x20" + rbytes(112)),
                "ec-pem",
            )
        )
        body = (
            b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519"
            + rbytes(300)
        )
        rows.append((pem("OPENSSH PRIVATE KEY", body, 70), "openssh-pem"))
        rows.append(
            (
                f"deploy key for the backup host:\n{pem('OPENSSH PRIVATE KEY', body[:40] + rbytes(250), 70)}",
                "openssh-prose",
            )
        )
    rows.append(
        (
            "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
            + "\n".join(b64(rbytes(48)) for _ in range(12))
            + f"\n={b64(rbytes(3))}\n-----END PGP PRIVATE KEY BLOCK-----",
            "pgp-private",
        )
    )
    return rows


PROSE = [
    ("en", "the user's email password is {p}"),
    ("en", "my bank login is {u} / {p}"),
    ("en", "wifi at the office: network AcmeGuest, password {p}"),
    ("en", "pw for the NAS admin -> {p}"),
    ("en", "Reminder from the user: the router admin password was changed to {p}"),
    ("en", "root password on the old jump host is still {p}, rotate it"),
    ("de", "Mein Passwort für das Firmen-VPN ist {p}"),
    ("de", "Das WLAN-Kennwort zu Hause lautet {p}"),
    ("fr", "Le mot de passe de la box est {p}"),
    ("fr", "mon mot de passe Gmail : {p}"),
    ("es", "La contraseña del servidor de pruebas es {p}"),
    ("es", "mi clave del banco es {p}, no la compartas"),
    ("pt", "A senha do roteador é {p}"),
    ("it", "La password dell'account admin è {p}"),
    ("nl", "Het wachtwoord van de wifi is {p}"),
    ("pl", "Hasło do serwera to {p}"),
    ("sv", "Lösenordet till NAS:en är {p}"),
    ("tr", "Sunucunun şifresi {p}"),
    ("ru", "пароль от почты: {p}"),
    ("ja", "社内VPNのパスワードは {p} です"),
    ("zh", "服务器的密码是 {p}"),
    ("ko", "공유기 비밀번호는 {p} 입니다"),
]


def s_prose() -> list[tuple[str, str]]:
    rows = []
    for _ in range(2):
        for lang, template in PROSE:
            rows.append(
                (template.format(p=any_password(), u=pick(USERS)), f"prose-{lang}")
            )
    return rows


def s_recovery_pins() -> list[tuple[str, str]]:
    rows = []
    for _ in range(2):
        codes = " ".join(f"{rand(HEX, 5)}-{rand(HEX, 5)}" for _ in range(8))
        rows.append(
            (f"GitHub 2FA recovery codes for the user: {codes}", "recovery-github")
        )
        codes = ", ".join(str(rng.randrange(10**7, 10**8)) for _ in range(6))
        rows.append((f"Google backup codes (unused): {codes}", "recovery-google"))
        rows.append(
            (
                f"the Bitwarden recovery code is {rand(UPPER + DIGITS, 28)}",
                "recovery-bitwarden",
            )
        )
        rows.append(
            (
                f"BitLocker recovery key: {'-'.join(str(rng.randrange(10**6)).zfill(6) for _ in range(8))}",
                "recovery-bitlocker",
            )
        )
        seed = " ".join(rng.sample(WORDS, 12))
        rows.append((f"the user's wallet seed phrase is: {seed}", "seed-phrase"))
        rows.append(
            (
                f"the user's phone unlock PIN is {rng.randrange(10**5, 10**6)}",
                "pin-phone",
            )
        )
        rows.append(
            (f"bank card PIN: {str(rng.randrange(10**4)).zfill(4)}", "pin-card")
        )
        rows.append(
            (
                f"door code for the server room is {rng.randrange(1000, 9999)}#",
                "door-code",
            )
        )
        rows.append(
            (
                f"alarm disarm code at the user's house: {rng.randrange(1000, 9999)}",
                "alarm-code",
            )
        )
        rows.append(
            (
                f"SIM PUK code {str(rng.randrange(10**8)).zfill(8)}, PIN {rng.randrange(1000, 9999)}",
                "sim-puk",
            )
        )
        rows.append(
            (
                f"Der PIN für die EC-Karte ist {str(rng.randrange(10**4)).zfill(4)}",
                "pin-de",
            )
        )
        rows.append(
            (
                f"el código del candado de la taquilla es {str(rng.randrange(1000)).zfill(3)}",
                "lock-es",
            )
        )
    return rows


# ------------------------------------------------------------------- pii

FIRST = [
    "olek",
    "priya",
    "jonas",
    "maria",
    "kenji",
    "amara",
    "luca",
    "sofia",
    "tariq",
    "ines",
    "mateo",
    "yuki",
    "chloe",
    "ravi",
    "nadia",
    "emil",
]
LAST = [
    "lindqvist",
    "sharma",
    "becker",
    "oliveira",
    "tanaka",
    "okafor",
    "romano",
    "kowalska",
    "haddad",
    "moreau",
    "garcia",
    "sato",
    "dubois",
    "iyer",
    "petrova",
    "nielsen",
]
DOMAINS = [
    "gmail.com",
    "outlook.com",
    "proton.me",
    "yahoo.co.uk",
    "gmx.de",
    "web.de",
    "icloud.com",
    "hotmail.fr",
    "uol.com.br",
    "naver.com",
    "qq.com",
    "orange.fr",
]


def email() -> str:
    f, last = pick(FIRST), pick(LAST)
    local = pick(
        [
            f"{f}.{last}",
            f"{f}{last[0]}",
            f"{f[0]}{last}{rng.randrange(10, 99)}",
            f"{f}_{last}",
            f"{last}.{f}",
        ]
    )
    return f"{local}@{pick(DOMAINS)}"


def phone() -> str:
    d = lambda n: rand(DIGITS, n)  # noqa: E731
    return pick(
        [
            lambda: f"+44 7{d(3)} {d(6)}",
            lambda: f"+49 15{rng.randrange(1, 8)} {d(8)}",
            lambda: f"+33 6 {d(2)} {d(2)} {d(2)} {d(2)}",
            lambda: (
                f"+1 ({pick(['415', '212', '312', '617', '206', '512', '303', '646'])}) {rng.randrange(200, 999)}-{d(4)}"
            ),
            lambda: f"+91 9{d(4)} {d(5)}",
            lambda: f"+55 11 9{d(4)}-{d(4)}",
            lambda: f"+81 90-{d(4)}-{d(4)}",
            lambda: f"+61 4{d(2)} {d(3)} {d(3)}",
            lambda: f"+34 6{d(2)} {d(2)} {d(2)} {d(2)}",
            lambda: f"+48 5{d(2)} {d(3)} {d(3)}",
            lambda: f"+46 70 {d(3)} {d(2)} {d(2)}",
            lambda: f"+353 87 {d(3)} {d(4)}",
            lambda: f"+27 82 {d(3)} {d(4)}",
            lambda: f"+52 55 {d(4)} {d(4)}",
            lambda: f"+65 9{d(3)} {d(4)}",
            lambda: f"+39 3{d(2)} {d(3)} {d(4)}",
            lambda: f"+31 6 {d(8)}",
            lambda: f"+86 13{d(1)} {d(4)} {d(4)}",
            lambda: f"+82 10-{d(4)}-{d(4)}",
            lambda: f"+90 5{d(2)} {d(3)} {d(2)} {d(2)}",
            lambda: f"0044 7{d(3)} {d(6)}",
            lambda: f"+4915{rng.randrange(1, 8)}{d(8)}",
        ]
    )()


IBAN_BBAN = {
    "DE": lambda: rand(DIGITS, 18),
    "FR": lambda: rand(DIGITS, 10) + rand(DIGITS, 11) + rand(DIGITS, 2),
    "ES": lambda: rand(DIGITS, 20),
    "NL": lambda: pick(["ABNA", "INGB", "RABO", "TRIO"]) + rand(DIGITS, 10),
    "GB": lambda: pick(["NWBK", "BARC", "HBUK", "MIDL"]) + rand(DIGITS, 14),
    "IT": lambda: rng.choice(UPPER) + rand(DIGITS, 10) + rand(DIGITS, 12),
    "PL": lambda: rand(DIGITS, 24),
    "BE": lambda: rand(DIGITS, 12),
    "CH": lambda: rand(DIGITS, 17),
    "AT": lambda: rand(DIGITS, 16),
    "PT": lambda: rand(DIGITS, 21),
    "SE": lambda: rand(DIGITS, 20),
    "IE": lambda: pick(["AIBK", "BOFI"]) + rand(DIGITS, 14),
}


def iban() -> str:
    from stdnum import iban as stdiban

    while True:
        cc = pick(sorted(IBAN_BBAN))
        bban = IBAN_BBAN[cc]()
        rearranged = bban + cc + "00"
        num = int("".join(str(int(c, 36)) for c in rearranged))
        check = 98 - num % 97
        compact = f"{cc}{check:02d}{bban}"
        if stdiban.is_valid(compact):
            if rng.random() < 0.6:
                return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))
            return compact


def luhn_complete(body: str) -> str:
    from stdnum import luhn

    return body + luhn.calc_check_digit(body)


def card() -> tuple[str, str]:
    kind = pick(["visa", "mastercard", "amex", "discover", "mastercard2"])
    if kind == "visa":
        num = luhn_complete("4" + rand(DIGITS, 14))
    elif kind == "mastercard":
        num = luhn_complete(f"5{rng.randrange(1, 6)}" + rand(DIGITS, 13))
    elif kind == "mastercard2":
        num = luhn_complete(str(rng.randrange(2221, 2721)) + rand(DIGITS, 11))
    elif kind == "discover":
        num = luhn_complete("6011" + rand(DIGITS, 11))
    else:
        num = luhn_complete(pick(["34", "37"]) + rand(DIGITS, 12))
        return (pick([num, f"{num[:4]} {num[4:10]} {num[10:]}"]), kind)
    return (
        pick(
            [
                num,
                " ".join(num[i : i + 4] for i in range(0, 16, 4)),
                "-".join(num[i : i + 4] for i in range(0, 16, 4)),
            ]
        ),
        kind,
    )


def rdate(lo: int = 1950, hi: int = 2004) -> date:
    start = date(lo, 1, 1)
    return start + timedelta(days=rng.randrange((date(hi, 12, 31) - start).days))


def _search(
    module: str, make: Callable[[], str], show: Callable[[str], str] | None = None
) -> str:
    mod = importlib.import_module(f"stdnum.{module}")
    for _ in range(20000):
        cand = make()
        if mod.is_valid(cand):
            return show(cand) if show else cand
    raise RuntimeError(f"no valid {module}")


def _pesel() -> str:
    d = rdate(1950, 2008)
    month = d.month + (20 if d.year >= 2000 else 0)
    return f"{d:%y}{month:02d}{d:%d}" + rand(DIGITS, 5)


def _curp() -> str:
    d = rdate()
    cons = "BCDFGHJKLMNPQRSTVWXZ"
    return (
        pick(cons)
        + pick("AEIOU")
        + pick(cons)
        + pick(cons)
        + f"{d:%y%m%d}"
        + pick("HM")
        + pick(["DF", "JC", "NL", "PL", "VZ", "YN", "GT"])
        + pick(cons)
        + pick(cons)
        + pick(cons)
        + ("0" if d.year < 2000 else "A")
        + rand(DIGITS, 1)
    )


def _codicefiscale() -> str:
    d = rdate()
    cons = "BCDFGHLMNPRSTVZ"
    day = d.day + (40 if rng.random() < 0.5 else 0)
    body = (
        "".join(pick(cons) for _ in range(6))
        + f"{d:%y}"
        + "ABCDEHLMPRST"[d.month - 1]
        + f"{day:02d}"
        + pick(["F205", "H501", "L219", "A944", "G273", "D612"])
    )
    return body + rng.choice(UPPER)


def _fr_nir() -> str:
    d = rdate()
    return f"{pick('12')}{d:%y%m}{pick(['75', '69', '13', '33', '59', '2A'])}{rand(DIGITS, 3)}{rand(DIGITS, 3)}{rand(DIGITS, 2)}"


def _hetu() -> str:
    d = rdate()
    sep = "-" if d.year < 2000 else "A"
    return f"{d:%d%m%y}{sep}{rng.randrange(2, 900):03d}" + rng.choice(
        "0123456789ABCDEFHJKLMNPRSTUVWXY"
    )


def _kr_rrn() -> str:
    d = rdate(1950, 2004)
    g = pick("12") if d.year < 2000 else pick("34")
    return f"{d:%y%m%d}-{g}{rand(DIGITS, 6)}"


NATIONAL_IDS: list[tuple[str, str, Callable[[], str], list[str]]] = [
    (
        "in_.aadhaar",
        "Aadhaar",
        lambda: _search(
            "in_.aadhaar",
            lambda: str(rng.randrange(2, 10)) + rand(DIGITS, 11),
            lambda s: f"{s[:4]} {s[4:8]} {s[8:]}",
        ),
        [
            "the user's Aadhaar number is {v}",
            "आधार नंबर: {v}",
            "KYC done with Aadhaar {v}",
        ],
    ),
    (
        "in_.pan",
        "PAN",
        lambda: _search(
            "in_.pan",
            lambda: (
                rand(UPPER, 3) + "P" + rand(UPPER, 1) + rand(DIGITS, 4) + rand(UPPER, 1)
            ),
        ),
        ["PAN card of the user: {v}", "user's income-tax PAN is {v}"],
    ),
    (
        "br.cpf",
        "CPF",
        lambda: _search(
            "br.cpf",
            lambda: rand(DIGITS, 11),
            lambda s: f"{s[:3]}.{s[3:6]}.{s[6:9]}-{s[9:]}",
        ),
        ["meu CPF é {v}", "the user's CPF (Brazil) is {v}"],
    ),
    (
        "br.cnpj",
        "CNPJ",
        lambda: _search(
            "br.cnpj",
            lambda: rand(DIGITS, 8) + "0001" + rand(DIGITS, 2),
            lambda s: f"{s[:2]}.{s[2:5]}.{s[5:8]}/{s[8:12]}-{s[12:]}",
        ),
        ["the user's sole-proprietor CNPJ is {v}"],
    ),
    (
        "mx.curp",
        "CURP",
        lambda: _search("mx.curp", _curp),
        ["mi CURP es {v}", "the user's CURP: {v}"],
    ),
    (
        "cl.rut",
        "RUT",
        lambda: _search(
            "cl.rut",
            lambda: (
                str(rng.randrange(5_000_000, 25_000_000)) + rng.choice(DIGITS + "K")
            ),
            lambda s: f"{int(s[:-1]):,}".replace(",", ".") + f"-{s[-1]}",
        ),
        ["mi RUT es {v}", "user's Chilean RUT: {v}"],
    ),
    (
        "es.dni",
        "DNI",
        lambda: _search("es.dni", lambda: rand(DIGITS, 8) + rng.choice(UPPER)),
        ["mi DNI es {v}", "the user's Spanish DNI is {v}"],
    ),
    (
        "es.nie",
        "NIE",
        lambda: _search(
            "es.nie", lambda: pick("XYZ") + rand(DIGITS, 7) + rng.choice(UPPER)
        ),
        ["NIE del usuario: {v}"],
    ),
    (
        "nl.bsn",
        "BSN",
        lambda: _search("nl.bsn", lambda: str(rng.randrange(1, 10)) + rand(DIGITS, 8)),
        ["mijn BSN is {v}", "the user's Dutch BSN: {v}"],
    ),
    (
        "pl.pesel",
        "PESEL",
        lambda: _search("pl.pesel", _pesel),
        ["mój PESEL to {v}", "the user's PESEL number is {v}"],
    ),
    (
        "se.personnummer",
        "personnummer",
        lambda: _search(
            "se.personnummer", lambda: f"{rdate():%y%m%d}-" + rand(DIGITS, 4)
        ),
        ["mitt personnummer är {v}", "user's Swedish personal number {v}"],
    ),
    (
        "ca.sin",
        "SIN",
        lambda: _search(
            "ca.sin",
            lambda: str(rng.randrange(1, 8)) + rand(DIGITS, 8),
            lambda s: f"{s[:3]}-{s[3:6]}-{s[6:]}",
        ),
        ["the user's Canadian SIN is {v}", "SIN for the payroll form: {v}"],
    ),
    (
        "au.tfn",
        "TFN",
        lambda: _search(
            "au.tfn", lambda: rand(DIGITS, 9), lambda s: f"{s[:3]} {s[3:6]} {s[6:]}"
        ),
        ["the user's tax file number (TFN) is {v}"],
    ),
    (
        "kr.rrn",
        "RRN",
        lambda: _search("kr.rrn", _kr_rrn),
        ["주민등록번호: {v}", "the user's Korean resident registration number is {v}"],
    ),
    (
        "cn.ric",
        "RIC",
        lambda: _search(
            "cn.ric",
            lambda: (
                pick(["110101", "310104", "440305", "330106", "510107", "420102"])
                + f"{rdate():%Y%m%d}"
                + rand(DIGITS, 3)
                + rng.choice(DIGITS + "X")
            ),
        ),
        ["身份证号码: {v}", "the user's Chinese ID card number is {v}"],
    ),
    (
        "za.idnr",
        "SA ID",
        lambda: _search(
            "za.idnr",
            lambda: (
                f"{rdate():%y%m%d}"
                + rand(DIGITS, 4)
                + pick("01")
                + "8"
                + rand(DIGITS, 1)
            ),
        ),
        ["the user's South African ID number is {v}"],
    ),
    (
        "tr.tckimlik",
        "TC Kimlik",
        lambda: _search(
            "tr.tckimlik", lambda: str(rng.randrange(1, 10)) + rand(DIGITS, 10)
        ),
        ["TC kimlik numaram {v}", "user's Turkish ID (T.C. Kimlik No) {v}"],
    ),
    (
        "it.codicefiscale",
        "codice fiscale",
        lambda: _search("it.codicefiscale", _codicefiscale),
        ["il mio codice fiscale è {v}", "the user's Italian codice fiscale: {v}"],
    ),
    (
        "fr.nir",
        "NIR",
        lambda: _search("fr.nir", _fr_nir),
        ["mon numéro de sécurité sociale est {v}"],
    ),
    (
        "de.idnr",
        "Steuer-ID",
        lambda: _search(
            "de.idnr", lambda: str(rng.randrange(1, 10)) + rand(DIGITS, 10)
        ),
        ["meine Steuer-ID lautet {v}", "the user's German tax ID (IdNr) is {v}"],
    ),
    (
        "dk.cpr",
        "CPR",
        lambda: _search(
            "dk.cpr", lambda: f"{rdate(1960, 2004):%d%m%y}-" + rand(DIGITS, 4)
        ),
        ["mit CPR-nummer er {v}"],
    ),
    (
        "fi.hetu",
        "HETU",
        lambda: _search("fi.hetu", _hetu),
        ["henkilötunnukseni on {v}"],
    ),
    (
        "no.fodselsnummer",
        "fødselsnummer",
        lambda: _search(
            "no.fodselsnummer", lambda: f"{rdate(1950, 1999):%d%m%y}" + rand(DIGITS, 5)
        ),
        ["fødselsnummeret mitt er {v}"],
    ),
    (
        "be.nn",
        "Rijksregisternummer",
        lambda: _search(
            "be.nn",
            lambda: f"{rdate(1950, 1999):%y%m%d}" + rand(DIGITS, 5),
            lambda s: f"{s[:2]}.{s[2:4]}.{s[4:6]}-{s[6:9]}.{s[9:]}",
        ),
        ["mijn rijksregisternummer is {v}"],
    ),
    (
        "ch.ssn",
        "AHV",
        lambda: _search(
            "ch.ssn",
            lambda: "756" + rand(DIGITS, 10),
            lambda s: f"{s[:3]}.{s[3:7]}.{s[7:11]}.{s[11:]}",
        ),
        ["meine AHV-Nummer ist {v}"],
    ),
    (
        "us.ssn",
        "SSN",
        lambda: _search(
            "us.ssn",
            lambda: (
                f"{rng.randrange(1, 665):03d}{rng.randrange(1, 100):02d}{rng.randrange(1, 10000):04d}"
            ),
            lambda s: f"{s[:3]}-{s[3:5]}-{s[5:]}",
        ),
        ["the user's SSN is {v}", "social security number on the W-2: {v}"],
    ),
    (
        "gb.nhs",
        "NHS",
        lambda: _search(
            "gb.nhs",
            lambda: str(rng.randrange(4, 7)) + rand(DIGITS, 9),
            lambda s: f"{s[:3]} {s[3:6]} {s[6:]}",
        ),
        ["the user's NHS number is {v}"],
    ),
    (
        "ee.ik",
        "isikukood",
        lambda: _search(
            "ee.ik", lambda: pick("3456") + f"{rdate():%y%m%d}" + rand(DIGITS, 4)
        ),
        ["minu isikukood on {v}"],
    ),
    (
        "ro.cnp",
        "CNP",
        lambda: _search(
            "ro.cnp",
            lambda: (
                pick("12")
                + f"{rdate(1950, 1999):%y%m%d}"
                + f"{rng.randrange(1, 47):02d}"
                + rand(DIGITS, 4)
            ),
        ),
        ["CNP-ul meu este {v}"],
    ),
    (
        "bg.egn",
        "EGN",
        lambda: _search(
            "bg.egn", lambda: f"{rdate(1950, 1999):%y%m%d}" + rand(DIGITS, 4)
        ),
        ["моето ЕГН е {v}"],
    ),
    (
        "cz.rc",
        "rodné číslo",
        lambda: _search(
            "cz.rc",
            lambda: f"{rdate(1960, 1999):%y%m%d}" + rand(DIGITS, 4),
            lambda s: f"{s[:6]}/{s[6:]}",
        ),
        ["moje rodné číslo je {v}"],
    ),
    (
        "hr.oib",
        "OIB",
        lambda: _search("hr.oib", lambda: rand(DIGITS, 11)),
        ["moj OIB je {v}"],
    ),
    (
        "il.idnr",
        "Teudat Zehut",
        lambda: _search("il.idnr", lambda: rand(DIGITS, 9)),
        ["the user's Israeli ID (teudat zehut) is {v}"],
    ),
    (
        "ie.pps",
        "PPS",
        lambda: _search("ie.pps", lambda: rand(DIGITS, 7) + rng.choice(UPPER[:23])),
        ["the user's PPS number is {v}"],
    ),
    (
        "pt.nif",
        "NIF",
        lambda: _search("pt.nif", lambda: pick("123") + rand(DIGITS, 8)),
        ["o meu NIF é {v}"],
    ),
    (
        "is_.kennitala",
        "kennitala",
        lambda: _search(
            "is_.kennitala",
            lambda: f"{rdate(1950, 1999):%d%m%y}" + rand(DIGITS, 3) + "9",
            lambda s: f"{s[:6]}-{s[6:]}",
        ),
        ["kennitalan mín er {v}"],
    ),
    (
        "my.nric",
        "MyKad",
        lambda: _search(
            "my.nric",
            lambda: (
                f"{rdate(1960, 1999):%y%m%d}"
                + pick(["01", "10", "14", "08"])
                + rand(DIGITS, 4)
            ),
            lambda s: f"{s[:6]}-{s[6:8]}-{s[8:]}",
        ),
        ["the user's MyKad (NRIC) number is {v}"],
    ),
    (
        "gr.amka",
        "AMKA",
        lambda: _search(
            "gr.amka", lambda: f"{rdate(1950, 1999):%d%m%y}" + rand(DIGITS, 5)
        ),
        ["ο ΑΜΚΑ μου είναι {v}"],
    ),
]


def p_rows() -> list[tuple[str, str, str, str]]:
    rows: list[tuple[str, str, str, str]] = []  # text, kind, value, template
    email_t = [
        "my personal email is {v}",
        "the user asked us to send the invoice to {v}",
        "contact the user's wife at {v}",
        "E-Mail privat: {v}",
        "mon adresse perso : {v}",
        "the user's recovery email is {v}",
    ]
    phone_t = [
        "the user's mobile is {v}",
        "call me on {v} after 6pm",
        "emergency contact (his sister): {v}",
        "Handynummer: {v}",
        "meu celular: {v}",
        "WhatsApp the user at {v}",
    ]
    iban_t = [
        "pay the user's refund to IBAN {v}",
        "my IBAN is {v}",
        "salary account of the user: {v}",
        "Bankverbindung: {v}",
    ]
    card_t = [
        "the user's credit card is {v}, exp 09/28",
        "charge the card {v} for the renewal",
        "my {k} card number: {v}",
        "card on file for the user: {v}",
    ]
    for _ in range(24):
        rows.append((pick(email_t), "email", email(), "email"))
    for _ in range(26):
        rows.append((pick(phone_t), "phone", phone(), "phone"))
    for _ in range(14):
        rows.append((pick(iban_t), "iban", iban(), "iban"))
    for _ in range(14):
        num, kind = card()
        rows.append(
            (
                pick(card_t).replace("{k}", kind.rstrip("2").capitalize()),
                "card",
                num,
                "card",
            )
        )
    for module, _label, make, templates in NATIONAL_IDS:
        for _ in range(
            3
            if module
            in {
                "in_.aadhaar",
                "pl.pesel",
                "br.cpf",
                "mx.curp",
                "cn.ric",
                "kr.rrn",
                "us.ssn",
            }
            else 2
        ):
            rows.append((pick(templates), "national_id", make(), f"nid-{module}"))
    return rows


# ----------------------------------------------------------------- clean


def uuid() -> str:
    h = rand(HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{pick('89ab')}{h[17:20]}-{h[20:]}"


def ssh_pub(kind: str) -> str:
    if kind == "ed25519":
        raw = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32)
        return f"ssh-ed25519 {b64(raw)}"
    raw = (
        b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00"
        + rbytes(256)
    )
    return f"ssh-rsa {b64(raw)}"


def c_rows() -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for _ in range(3):
        sha = rand(HEX, 40)
        rows.append((f"the regression was fixed in commit {sha}", "commit-sha"))
        rows.append(
            (
                f"deployed {rand(HEX, 7)} to staging; rollback target is {rand(HEX, 7)}",
                "short-sha",
            )
        )
        rows.append((f"{rand(HEX, 64)}  node-v20.11.1-linux-x64.tar.xz", "sha256sum"))
        rows.append((f"image: ghcr.io/acme/api@sha256:{rand(HEX, 64)}", "image-digest"))
        rows.append((f"the user's workspace id is {uuid()}", "uuid"))
        rows.append((f"X-Request-Id: {uuid()}", "request-id"))
        rows.append(
            (f"traceparent: 00-{rand(HEX, 32)}-{rand(HEX, 16)}-01", "traceparent")
        )
        rows.append(
            (
                f"Stripe request id req_{rand(ALNUM, 14)} returned 402 card_declined",
                "stripe-req-id",
            )
        )
        rows.append((f'ETag: "{rand(HEX, 32)}"', "etag"))
        rows.append((f"md5 of the export file: {rand(HEX, 32)}", "md5"))
    for _ in range(2):
        rows.append(
            (
                f"add this to authorized_keys on the build box: {ssh_pub('ed25519')} ci@build-01",
                "ssh-public-key",
            )
        )
        rows.append(
            (
                f"the user's laptop key: {ssh_pub('rsa')} priya@thinkpad",
                "ssh-public-key-rsa",
            )
        )
        fp = b64(rbytes(32)).rstrip("=")
        rows.append(
            (f"ED25519 key fingerprint is SHA256:{fp}.", "host-key-fingerprint")
        )
        fp_md5 = ":".join(rand(HEX, 2) for _ in range(16))
        rows.append(
            (
                f"RSA host key for bastion.acme.io has fingerprint MD5:{fp_md5}",
                "host-key-md5",
            )
        )
        rows.append(
            (
                pem(
                    "CERTIFICATE",
                    b"\x30\x82\x03\x5f\x30\x82\x02\x47\xa0\x03\x02\x01\x02"
                    + rbytes(850),
                ),
                "certificate",
            )
        )
        rows.append(
            (
                "the internal CA bundle:\n"
                + pem(
                    "CERTIFICATE",
                    b"\x30\x82\x05\x12\x30\x82\x03\xfa\xa0\x03\x02\x01\x02"
                    + rbytes(600),
                ),
                "ca-certificate",
            )
        )
        rows.append(
            (
                pem(
                    "PUBLIC KEY",
                    b"\x30\x82\x01\x22\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00\x03\x82\x01\x0f\x00"
                    + rbytes(270),
                ),
                "public-key-pem",
            )
        )
        rows.append(
            (
                f"the JWKS endpoint serves key id {rand(B64URL, 43)} (public, RS256)",
                "jwks-kid",
            )
        )
        rows.append(
            (
                f"age public key for the sops file: age1{rand('023456789acdefghjklmnpqrstuvwxyz', 58)}",
                "age-recipient",
            )
        )
        rows.append(
            (
                f"GPG key fingerprint {' '.join(rand(HEX.upper(), 4) for _ in range(10))}",
                "gpg-fingerprint",
            )
        )
    placeholders = [
        "mysql -u <user> -p'<password>' <database>",
        "DB_PASSWORD=${DB_PASSWORD}",
        "password: {{ .Values.postgresql.auth.password }}",
        "POSTGRES_PASSWORD: changeme  # replace before deploying",
        "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "STRIPE_SECRET_KEY=sk_live_XXXXXXXXXXXXXXXXXXXXXXXX",
        "aws_access_key_id = AKIAXXXXXXXXXXXXXXXX",
        "DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME",
        "curl -u $JENKINS_USER:$JENKINS_TOKEN https://jenkins.acme.io/api/json",
        "Authorization: Bearer <your-access-token>",
        'api_key = os.environ["OPENAI_API_KEY"]',
        "token: ${{ secrets.NPM_TOKEN }}",
        "password=********",
        "REDIS_URL=redis://:${REDIS_PASSWORD}@redis:6379/0",
        "set SMTP_PASSWORD to YOUR_SMTP_PASSWORD_HERE in the .env file",
        'psql "host=$PGHOST user=$PGUSER password=$PGPASSWORD dbname=app"',
        "HF_TOKEN=hf_...",
        "mongodb+srv://<username>:<password>@cluster0.example.mongodb.net/",
        'docker login -u "$REGISTRY_USER" --password-stdin < token.txt',
        "vault kv get -field=password secret/prod/db",
        'kubectl create secret generic db --from-literal=password="$(openssl rand -base64 24)"',
        "sshpass -f ~/.ssh/pass_file ssh deploy@bastion",
        "X-API-Key: {{API_KEY}}",
        "wifi password: see the sticker on the router",
        "sk-ant-api03-... (key redacted)",
        "the admin password is stored in 1Password under 'Grafana prod'",
        "we rotated the Stripe secret key yesterday; the new one lives in Vault at secret/payments/stripe",
        "password policy: at least 14 characters, no reuse of the last 5",
        "the user forgot their password and asked for a reset link",
        "PIN entry is disabled on the kiosk; staff badge instead",
    ]
    for t in placeholders:
        rows.append((t, "placeholder"))
    examples = [
        "From the AWS docs, the example access key is AKIAIOSFODNN7EXAMPLE (not a real key)",
        "AWS documentation example secret: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "the IAM tutorial uses the placeholder key pair AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "example connection string from the README: postgresql://user:password@localhost:5432/mydb",
        "docs sample: curl -u username:password https://api.example.com/v1/status",
        "the Stripe docs write keys as sk_test_... and pk_test_...; never paste real ones",
    ]
    for t in examples:
        rows.append((t, "doc-example"))
    prices = [
        "the user's monthly rent is 1.250,00 € warm",
        "the replacement power supply costs 149,00 €",
        "the laptop was $1,299.99 before the discount",
        "the ramen place charges ¥1,280 for a bowl",
        "Swiss rail day pass: CHF 89.90",
        "the Series A raised £2.4m",
        "the router cost R$ 349,90 at the shop",
        "the user's new phone was ₹1,24,999",
        "the SaaS plan is USD 42.50/month per seat",
        "the bike service in Stockholm was 1 495 kr",
        "concert tickets were A$89 each",
        "the monitor arm cost 259,99 zł",
        f"cloud bill for October: ${rng.randrange(1000, 9999):,}.{rng.randrange(100):02d}",
        f"the hotel quoted €{rng.randrange(90, 400)} per night incl. breakfast",
    ]
    for t in prices:
        rows.append((t, "price"))
    measures = [
        "CPU package temperature peaked at 83°C",
        "barometric pressure this morning was 1013 hPa",
        "the new laptop runs at 3.5 GHz boost",
        "the rack PDU delivers 240 V",
        "the shelf bracket needs a 12.7 mm drill bit",
        "the user drove 450 km to Porto",
        "the pallet of printer paper weighs 72 kg",
        "the database host has 64 GiB of RAM",
        "the smoker holds 225 °F for brisket",
        "the access point only supports 2.4 GHz",
        "checkout latency is 350 ms at p99",
        "the fan spins at 1,500 rpm under load",
        "the user drinks 0.75 l of coffee a day",
        "the EV used 14.2 kWh for the commute",
        "the bookshelf is 5'11\" tall",
        "the disk array holds 2.4 PB raw",
    ]
    for t in measures:
        rows.append((t, "measurement"))
    for _ in range(2):
        var = pick(
            ["DB_PASSWORD", "PGPASSWORD", "REDIS_PASSWORD", "SMTP_PASS", "API_TOKEN"]
        )
        rows.append((f"password: ${{{var}}}", "env-reference"))
        rows.append((f"password = var.{var.lower()}", "env-reference"))
        rows.append(
            (
                f"valueFrom:\n  secretKeyRef:\n    name: {pick(DBS)}-creds\n    key: password",
                "env-reference",
            )
        )
        rows.append(
            (
                f"the {pick(['Stripe', 'GitHub', 'Datadog', 'Twilio'])} token ending in ...{rand(HEX, 4)} was revoked on {rdate(2025, 2026):%Y-%m-%d}",
                "revoked-suffix",
            )
        )
        rows.append(
            (
                f"DB_PASSWORD=   # left empty on purpose, set by the {pick(['Vault agent', 'CI pipeline', 'operator'])}",
                "env-reference",
            )
        )
    parts = [
        f"ordered part no. {rand(DIGITS, 2)}-{rand(UPPER, 2)}-{rand(DIGITS, 4)}-{rand(UPPER, 2)} for the dishwasher",
        f"Amazon order #{rand(DIGITS, 3)}-{rand(DIGITS, 7)}-{rand(DIGITS, 7)} arrives Friday",
        "the user's laptop is a MacBook Pro model A2338",
        f"replacement drive: Samsung MZ-V8P2T0BW, serial ending {rand(UPPER + DIGITS, 4)}",
        f"SKU {rand(UPPER, 3)}-{rand(DIGITS, 5)}-{rand(UPPER, 1)} is out of stock",
        "EAN barcode on the box: 4006381333931",
        f"ticket OPS-{rng.randrange(1000, 9999)} tracks the migration",
        f"invoice INV-2026-{rand(DIGITS, 5)} was paid",
        "router model TL-WR841N hardware v14",
        f"pallet label LOT {rand(DIGITS, 6)}/{rand(UPPER, 2)}",
        "ISBN 978-0-13-468599-1 is the book the user keeps recommending",
        f"UPS tracking 1Z{rand(UPPER + DIGITS, 16)}",
        f"the QX-{rand(DIGITS, 4)}-ZR sensor replaced the old one",
        "we are on the Orion-X9 plan with 40 seats",
    ]
    for t in parts:
        rows.append((t, "part-number"))
    versions = [
        "v2.14.3",
        "1.27.4-eks-a1b2c3d",
        "Python 3.12.1",
        "macOS 14.5 (23F79)",
        "PostgreSQL 16.4",
        "kernel 6.8.0-45-generic",
        "node 20.11.1",
        "2026.11.0-rc.2",
        "Django 5.2.8",
        "build 7421.0.0.b3",
    ]
    version_t = [
        "upgraded to {v} last night",
        "pinned to {v} until the regression is fixed",
        "the user's machine reports {v}",
        "release notes for {v} mention the fix",
    ]
    for v in versions:
        rows.append((pick(version_t).format(v=v), "version"))
    stamps = [
        "2026-11-25T22:49:02Z",
        "Wed, 25 Nov 2026 22:49:02 +0000",
        f"epoch {1_764_000_000 + rng.randrange(10**6)}",
        "2026-03-14 09:30:00.123456+01:00",
        "25/11/2026 23:45",
        f"{1_764_000_000_000 + rng.randrange(10**9)} ms since epoch",
    ]
    for s in stamps:
        rows.append((f"last successful backup finished at {s}", "timestamp"))
    for plain in [
        "deploy finished at noon",
        "hello from the staging cluster",
        "user prefers dark mode",
        "weekly report: all green",
    ]:
        rows.append(
            (
                f"the X-Note header is just base64 of the text '{plain}': {b64(plain.encode())}",
                "base64-plain",
            )
        )
    hosts = [
        "db-prod-2.c9akciq32.eu-west-1.rds.amazonaws.com",
        "ip-10-0-3-17.ec2.internal",
        "api-7f9c6d8b5-x2k4p is the pod that keeps restarting",
        "arn:aws:s3:::acme-logs-eu-central-1/alb/",
        "the user's home server is reachable as nas.home.arpa",
        "cdn endpoint acme-assets.azureedge.net",
        "bucket gs://acme-ml-checkpoints-7c1d/",
        "MAC address of the printer is 3C:52:82:1A:9F:0E",
    ]
    for t in hosts:
        rows.append((t, "hostname"))
    prefs = [
        "the user prefers Postgres over MySQL for new services",
        "the user's password manager is Bitwarden",
        "the team uses API tokens scoped per environment, rotated every 90 days",
        "the user wants invoices in EUR, not USD",
        "the user's phone is a Pixel 8 on Android 15",
        "the user keeps recovery codes on paper in a safe",
        "the door code system at the office was replaced by badges",
        "the user's JWT library is PyJWT 2.9",
    ]
    for t in prefs:
        rows.append((t, "sensitive-topic-no-value"))
    return rows


# ------------------------------------------------------------------ main


def make_rows() -> list[dict]:
    secret_parts = [
        s_cli(),
        s_curl_basic(),
        s_config(),
        s_uri(),
        s_apikeys(),
        s_tokens(),
        s_private_keys(),
        s_prose(),
        s_recovery_pins(),
    ]
    pii = p_rows()
    clean = c_rows()
    out: list[dict] = []
    seen: set[str] = set()

    def add(
        text: str, label: str, kind: str, template: str, value: str | None = None
    ) -> None:
        if text in seen:
            return
        seen.add(text)
        row = {
            "text": text,
            "label": label,
            "kind": kind,
            "template": f"{PROBE}-{template}",
            "probe": PROBE,
            "id": hashlib.sha256(f"{PROBE}|{label}|{text}".encode()).hexdigest()[:16],
        }
        if value is not None:
            assert value in text, (value, text)
            row["value"] = value
        out.append(row)

    for part in secret_parts:
        for text, kind in part:
            add(
                text,
                "secret",
                kind.split("-")[0] if kind.startswith("prose") else _secret_kind(kind),
                f"s-{kind}",
            )
    for template, kind, value, tname in pii:
        add(
            template.format(v=value),
            "pii",
            kind,
            f"p-{tname}-t{_tindex(template)}",
            value,
        )
    for text, kind in clean:
        add(text, "clean", kind, f"c-{kind}")
    return out


SECRET_KINDS = {
    "cli": {
        "mysql-p",
        "mysqldump",
        "pgpassword-env",
        "docker-login",
        "redis-cli",
        "sshpass",
        "mongosh",
        "htpasswd",
        "openssl-passin",
        "kubectl-secret",
        "smbclient",
        "lftp",
        "az-login",
        "aws-configure",
        "wget",
        "rabbitmqctl",
        "vault-login",
    },
    "basic_auth": {
        "curl-u",
        "curl-user",
        "basic-auth-url",
        "git-url-token",
        "pip-index-url",
        "basic-header",
    },
    "config": {
        "dotenv",
        "dotenv-stripe",
        "yaml",
        "docker-compose",
        "json",
        "my.cnf",
        "java-properties",
        "toml",
        "xml-mssql",
        "npmrc",
        "pypirc",
        "netrc",
        "pgpass",
        "terraform",
        "k8s-secret",
        "wifi-qr",
        "export-env",
        "kafka-jaas",
    },
    "connection_string": {
        "postgres-uri",
        "mysql-uri",
        "mongodb-srv",
        "redis-uri",
        "amqp-uri",
        "mssql-connstr",
        "elastic-uri",
        "clickhouse-uri",
        "oracle-uri",
        "smtp-uri",
        "azure-storage",
        "nats-uri",
    },
    "jwt": {"bearer-jwt", "jwt-prose", "cookie-jwt", "oauth-response", "kubectl-token"},
    "header_token": {
        "x-api-key",
        "curl-header",
        "session-cookie",
        "private-token-header",
        "python-header",
    },
    "private_key": {
        "rsa-pem",
        "pkcs8-pem",
        "ec-pem",
        "openssh-pem",
        "openssh-prose",
        "pgp-private",
    },
    "recovery": {
        "recovery-github",
        "recovery-google",
        "recovery-bitwarden",
        "recovery-bitlocker",
        "seed-phrase",
        "totp-seed",
    },
    "pin": {
        "pin-phone",
        "pin-card",
        "door-code",
        "alarm-code",
        "sim-puk",
        "pin-de",
        "lock-es",
    },
}


def _secret_kind(kind: str) -> str:
    for name, members in SECRET_KINDS.items():
        if kind in members:
            return name
    return "api_key"


_TEMPLATE_IDS: dict[str, int] = {}


def _tindex(template: str) -> int:
    return _TEMPLATE_IDS.setdefault(template, len(_TEMPLATE_IDS))


def _check(rows: list[dict]) -> None:
    from stdnum import iban as stdiban
    from stdnum import luhn

    for row in rows:
        if row["label"] != "pii":
            continue
        value = row["value"]
        if row["kind"] == "national_id":
            module = row["template"].split("nid-")[1].rsplit("-t", 1)[0]
            assert importlib.import_module(f"stdnum.{module}").is_valid(value), (
                module,
                value,
            )
        elif row["kind"] == "iban":
            assert stdiban.is_valid(value), value
        elif row["kind"] == "card":
            assert luhn.is_valid(value.replace(" ", "").replace("-", "")), value


def main() -> None:
    rows = make_rows()
    _check(rows)
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts: dict[str, dict[str, int]] = {}
    for row in rows:
        counts.setdefault(row["label"], {}).setdefault(row["kind"], 0)
        counts[row["label"]][row["kind"]] += 1
    for label, kinds in counts.items():
        print(label, sum(kinds.values()), dict(sorted(kinds.items())))


if __name__ == "__main__":
    main()
