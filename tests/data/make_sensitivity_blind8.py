# ruff: noqa: E501 (the templates are data, one line each)
"""Blind probe 8 of the sensitivity gate (issue 12), written by hand.

Run `python tests/data/make_sensitivity_blind8.py` to rewrite
`sensitivity_blind8.jsonl` next to this file.

Unlike probes 1–6 (a few templates, each filled many times) every template
here is used once: 155 distinct texts (65 secret, 40 PII, 50 clean), written
on 2026-11-23 after the first round of changes and before the misses of
blind7 (or of this probe) were looked at. Secret values are random; national ids are
valid by construction (`sensitivity_values.py`). Same record format as the
earlier probes.
"""

from __future__ import annotations

import base64
import hashlib
import json
import string
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_sensitivity_blind import ALNUM, B64, HEXD, Probe  # noqa: E402

UP = string.ascii_uppercase
LOW = string.ascii_lowercase + string.digits

SECRETS: list[tuple[str, str]] = [
    ("cli", "mysqldump --user=backup --password={pw} shop > shop.sql"),
    ("cli", "redis-cli -h cache01 -a '{pw}' INFO"),
    ("cli", "sshpass -p '{pw}' ssh admin@10.1.4.20"),
    ("cli", "ldapsearch -x -D cn=admin,dc=acme,dc=org -w {pw} -b dc=acme,dc=org"),
    ("cli", "echo '{pw}' | docker login registry.acme.io -u ci --password-stdin"),
    (
        "cli",
        "helm repo add internal https://charts.acme.io --username ci --password {pw}",
    ),
    ("cli", "curl --user deploy:{pw} -X POST https://ci.acme.io/job/release/build"),
    ("cli", "az storage blob list --account-name acmelogs --account-key {b88}"),
    ("cli", "gh auth login --with-token <<< ghp_{a36}"),
    ("env", "SLACK_BOT_TOKEN=xoxb-{d11}-{d13}-{a24}"),
    ("env", "MAILCHIMP_API_KEY={h32}-us14"),
    ("env", "SECRET_KEY_BASE={h40}{h24}"),
    ("env", "CLOUDFLARE_API_TOKEN={a40}"),
    ("env", "PAYPAL_CLIENT_SECRET=E{a40}"),
    ("env", "NEXTAUTH_SECRET={a32}"),
    ("env", "POSTGRES_PASSWORD={pw}"),
    ("env", "REDIS_URL=rediss://default:{a32}@eu1-vital-cat-31337.upstash.io:6379"),
    (
        "yaml",
        "smtp:\n  host: smtp.mailgun.org\n  username: postmaster@mg.acme.io\n  password: {pw}",
    ),
    ("yaml", '    env:\n      - name: API_KEY\n        value: "{a32}"'),
    ("yaml", "vault_token: hvs.{a24}"),
    (
        "json",
        '{{"type": "service_account", "private_key_id": "{h40}", "client_email": "ci@acme.iam.gserviceaccount.com"}}',
    ),
    ("json", '{{"username": "ops", "password": "{pw}"}}'),
    ("ini", "[database]\nuser = app\npassword = {pw}"),
    ("toml", 'api_token = "{a40}"'),
    ("code", 'stripe.api_key = "sk_live_{a24}"'),
    ("code", "conn = psycopg2.connect(host='db', user='etl', password='{pw}')"),
    ("code", 'jwt.encode(payload, "{a32}", algorithm="HS256")'),
    ("code", "$mysqli = new mysqli('localhost', 'shop', '{pw}', 'shop');"),
    ("code", 'private static final String API_SECRET = "{a32}";'),
    ("http", "curl -H 'Authorization: token ghp_{a36}' https://api.github.com/user"),
    ("http", "X-Shopify-Access-Token: shpat_{h32}"),
    ("url", "https://user:{pw}@proxy.corp.example:3128"),
    ("url", "smtp://alerts%40acme.io:{pw}@smtp.office365.com:587"),
    (
        "url",
        "https://storage.example.com/backups/db.tar.gz?X-Amz-Signature={h40}{h24}&X-Amz-Credential=AKIA{U8}",
    ),
    ("chat", "the new router admin password is {pw}"),
    ("chat", "hey, for the staging db use postgres / {pw}"),
    ("chat", "temporary password for your account: {pw} (change it on first login)"),
    ("chat", "can you save this somewhere safe: {pw} - it's the NAS root pw"),
    ("chat", "wifi at the office -> network AcmeCorp, key {pw}"),
    ("chat", "recovery codes: 8f3k-2m9q 7d1x-4p6z 3b8n-9w2r"),
    ("chat", "my bank app PIN is 6291"),
    ("chat", "door code for the flat is 1984#"),
    ("chat", "Mum's phone passcode is 250361"),
    ("chat", "the padlock combination is 12-34-56"),
    ("chat", "creds for Jira: tom.h / {pw}"),
    ("chat", "api key for the weather service {a32}"),
    ("chat", "here's the token you asked for: {a40}"),
    ("de", "Zugangsdaten für den Server: admin / {pw}"),
    ("de", "Mein Passwort für das Portal ist {pw}"),
    ("es", "contraseña del router: {pw}"),
    ("fr", "le mot de passe de la box est {pw}"),
    ("it", "la chiave API è {a32}"),
    ("pl", "hasło do wifi: {pw}"),
    ("sv", "lösenordet till servern är {pw}"),
    ("tr", "wifi şifresi: {pw}"),
    ("ja", "サーバーのパスワードは {pw} です"),
    (
        "key",
        "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{b64}\n-----END EC PRIVATE KEY-----",
    ),
    ("key", "{pem}"),
    ("token", "{jwt}"),
    ("token", "Discord bot token: M{a23}.{a6}.{a27}"),
    ("token", "age secret key: AGE-SECRET-KEY-1{U58}"),
    ("token", "npm token npm_{a36}"),
    ("token", "pypi-AgEIcHlwaS5vcmc{a60}"),
    ("log", "2026-11-20 10:22:01 DEBUG connecting with password={pw}"),
    ("log", "DEBUG auth header: Bearer {a40}"),
]

PII: list[tuple[str, str, str]] = [
    ("email", "contact: sofia.marquez@telefonica.net", "sofia.marquez@telefonica.net"),
    (
        "email",
        "New signup: kwame.asante93@gmail.com (trial)",
        "kwame.asante93@gmail.com",
    ),
    (
        "email",
        "invoice goes to accounts@brightline-consulting.co.uk",
        "accounts@brightline-consulting.co.uk",
    ),
    ("email", "Her work email is h.nakamura@tokyo-labs.jp", "h.nakamura@tokyo-labs.jp"),
    ("phone", "Reach me at +49 151 23456789", "+49 151 23456789"),
    ("phone", "Tel. 01 42 68 53 00 (standard)", "01 42 68 53 00"),
    ("phone", "call 020 7946 0958 after 6", "020 7946 0958"),
    ("phone", "his cell: 212-555-0187", "212-555-0187"),
    ("phone", "Mobile +61 412 345 678", "+61 412 345 678"),
    ("phone", "Teléfono: +52 55 1234 5678", "+52 55 1234 5678"),
    ("card", "paid with {v}, receipt attached", "{card}"),
    ("card", "Amex {v} exp 11/27", "{card}"),
    ("iban", "Bankverbindung: {v}", "{iban}"),
    ("iban", "refund to IBAN {v} please", "{iban}"),
    ("in_aadhaar", "Aadhaar {v} uploaded for KYC", "{aadhaar}"),
    ("in_pan", "PAN card no {v}", "{pan}"),
    ("pl_pesel", "PESEL: {v}", "{pesel}"),
    ("br_cpf", "CPF {v} da titular", "{cpf}"),
    ("cn_ric", "身份证号 {v}", "{ric}"),
    ("mx_rfc", "RFC {v} para la factura", "{rfc}"),
    ("za_idnr", "ID number {v} (South Africa)", "{za_id}"),
    ("jp_mynumber", "マイナンバー {v}", "{jp_mynumber}"),
    ("us_ssn", "SSN {v} on the W-2", "{ssn}"),
    ("ar_dni", "DNI {v} del cliente", "{ar_dni}"),
    ("tr_tckimlik", "TC kimlik no: {v}", "{tckimlik}"),
    ("th_pin", "Thai ID {v}", "{th_pin}"),
    ("no_fnr", "fødselsnummer {v}", "{fodselsnummer}"),
    ("dk_cpr", "CPR-nr. {v}", "{cpr}"),
    ("gb_nhs", "NHS no. {v}", "{nhs}"),
    ("ro_cnp", "CNP {v}", "{cnp}"),
    ("bg_egn", "ЕГН {v}", "{egn}"),
    ("ee_ik", "isikukood {v}", "{isikukood}"),
    ("cz_rc", "rodné číslo {v}", "{rodne_cislo}"),
    ("be_nn", "numéro national {v}", "{be_nn}"),
    ("hr_oib", "OIB: {v}", "{oib}"),
    ("is_kt", "kennitala {v}", "{kennitala}"),
    ("nz_ird", "IRD number {v}", "{ird}"),
    ("de_idnr", "Steuer-ID {v}", "{de_idnr}"),
    ("es_nie", "NIE {v} del trabajador", "{es_nie}"),
    ("kr_rrn", "주민등록번호 {v}", "{rrn}"),
]

CLEAN: list[tuple[str, str]] = [
    ("placeholder", "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ("placeholder", "DATABASE_URL=mysql://<user>:<password>@<host>/<db>"),
    ("placeholder", 'password: \'{{{{ lookup("env", "DB_PASS") }}}}\''),
    ("placeholder", "API_KEY=your-api-key-here"),
    ("placeholder", "Authorization: Bearer <token>"),
    ("placeholder", "-p $MYSQL_ROOT_PASSWORD"),
    ("placeholder", "secret: !vault |\n  $ANSIBLE_VAULT;1.1;AES256"),
    ("placeholder", 'token = os.environ["SLACK_TOKEN"]'),
    ("dev", "passwd  # change your own password"),
    ("dev", "openssl rand -base64 32 > secret.key"),
    ("dev", "The API key is sent in the X-Api-Key header."),
    ("dev", "Tokens are rotated every 24 hours by the auth service."),
    ("dev", "kubectl create secret generic api --from-env-file=.env"),
    ("dev", "Set the password with `vault kv put secret/db password=-` (reads stdin)."),
    ("ssh_pub", "{ssh_pub}"),
    ("cert", "{cert}"),
    ("git", "Merge pull request #4821 from acme/fix-login ({sha40})"),
    ("hash", "SHA256 ({sha64}) verified"),
    ("fingerprint", "ED25519 key fingerprint is SHA256:{b43}."),
    ("log", "trace_id={h32} span_id={h16} duration=12ms"),
    ("log", "session 9f2c1e7a-4b3d-4e8f-a6c2-1d5e7f9a3b2c expired"),
    ("dev", "docker pull ghcr.io/acme/api:1.24.3@sha256:{sha64}"),
    ("finance", "Electricity bill: 84,37 € for October"),
    ("finance", "Salary review: +4.5% from April"),
    ("numbers", "Tracking number 1Z999AA10123456784"),
    ("numbers", "Part no. 8817-2203-44, qty 2"),
    ("numbers", "Room 2.14, extension 4417"),
    ("numbers", "Invoice INV-2026-00417 paid"),
    ("numbers", "VIN WVWZZZ1JZXW000001 on the registration"),
    ("travel", "Train ICE 578 departs 14:32 from platform 7"),
    ("travel", "Hotel confirmation 88412207, check-in 15:00"),
    ("health", "Fasting glucose 5.2 mmol/L, HbA1c 36 mmol/mol"),
    ("health", "Ran 21.1 km in 1:49:33, avg pace 5:12/km"),
    ("prose", "The user changed their password after the phishing email."),
    ("prose", "The user keeps passwords in a password manager."),
    ("prose", "The user's PIN was blocked after three wrong tries."),
    ("prose", "The user forgot the code to the bike lock and had to cut it."),
    ("prose", "The user's favourite band is Blink-182."),
    ("prose", "The user's car is a 2019 Golf GTI."),
    ("prose", "The user ordered the B0C1XJ7M2L charger from Amazon."),
    ("locomo", "Nate shared that his turtles love the new tank he bought."),
    ("locomo", "Joanna is writing a screenplay about her hometown."),
    ("chat", "Call me on Signal, not WhatsApp."),
    ("chat", "The meeting ID is 845 2210 9931."),
    ("chat", "Score was 6-4, 3-6, 7-5."),
    ("dev", "Use AES-256-GCM with a 96-bit nonce."),
    ("dev", "CVE-2024-3094 affects xz 5.6.0 and 5.6.1."),
    ("dev", "Port 5432 is open only to 10.0.0.0/16."),
    ("dev", "The new laptop's serial is C02Z81K3MD6M."),
    ("dev", 'ETag: "33a64df551425fcc55e4d42a148795d9f25f89d4"'),
]


def fill(p: Probe) -> dict[str, str]:
    def basic() -> str:
        return base64.b64encode(f"svc_backup:{p.pw()}".encode()).decode()

    return {
        "pw": p.pw(),
        "a14": p.rand(ALNUM, 14),
        "a6": p.rand(ALNUM + "-_", 6),
        "a23": p.rand(ALNUM, 23),
        "a27": p.rand(ALNUM + "-_", 27),
        "a60": p.rand(ALNUM + "-_", 60),
        "U58": p.rand(string.ascii_uppercase + "0123456789", 58),
        "b43": p.rand(ALNUM + "+/", 43),
        "h16": p.rand(HEXD, 16),
        "a20": p.rand(ALNUM, 20),
        "a22": p.rand(ALNUM, 22),
        "a24": p.rand(ALNUM, 24),
        "a28": p.rand(ALNUM, 28),
        "a32": p.rand(ALNUM, 32),
        "a33": p.rand(ALNUM + "-_", 33),
        "a35": p.rand(ALNUM + "-_", 35),
        "a36": p.rand(ALNUM, 36),
        "a40": p.rand(ALNUM, 40),
        "a43": p.rand(ALNUM + "-_", 43),
        "a48": p.rand(ALNUM, 48),
        "a59": p.rand(ALNUM, 59),
        "l32": p.rand(LOW, 32),
        "h24": p.rand(HEXD, 24),
        "h32": p.rand(HEXD, 32),
        "h40": p.rand(HEXD, 40),
        "U8": p.rand(UP + "0123456789", 8),
        "d10": str(p.r.randint(10**9, 10**10 - 1)),
        "d11": str(p.r.randint(10**10, 10**11 - 1)),
        "d13": str(p.r.randint(10**12, 10**13 - 1)),
        "b64": p.rand(B64, 120),
        "b86": p.rand(B64, 86),
        "b88": p.rand(B64, 86) + "==",
        "aws_key": p.aws_key(),
        "aws_secret": p.aws_secret(),
        "jwt": p.jwt(),
        "pem": p.pem_private(),
        "cert": p.cert(),
        "ssh_pub": p.ssh_pub(),
        "sha40": p.rand(HEXD, 40),
        "sha64": p.rand(HEXD, 64),
        "uuid": "-".join(p.rand(HEXD, n) for n in (8, 4, 4, 4, 12)),
        "words": " ".join(
            p.pick(
                (
                    "copper",
                    "lantern",
                    "velvet",
                    "orbit",
                    "maple",
                    "thistle",
                    "harbor",
                    "quartz",
                )
            )
            for _ in range(4)
        ),
        "basic": basic(),
    }


def build(seed: int = 20261130, probe: str = "blind8") -> list[dict]:
    p = Probe(seed)
    rows: list[dict] = []
    for i, (kind, template) in enumerate(SECRETS):
        rows.append(
            {
                "text": template.format(**fill(p)),
                "label": "secret",
                "kind": kind,
                "template": f"{probe}-s{i}",
            }
        )
    for i, (kind, template, value) in enumerate(PII):
        if value.startswith("{"):
            name = value.strip("{}")
            value = getattr(p.v, name)()
        rows.append(
            {
                "text": template.format(v=value),
                "label": "pii",
                "kind": kind,
                "value": value,
                "template": f"{probe}-p{i}",
            }
        )
    for i, (kind, template) in enumerate(CLEAN):
        rows.append(
            {
                "text": template.format(**fill(p)),
                "label": "clean",
                "kind": kind,
                "template": f"{probe}-c{i}",
            }
        )
    for row in rows:
        row["probe"] = probe
        row["id"] = hashlib.sha256(row["text"].encode()).hexdigest()[:16]
    return rows


def main() -> None:
    path = HERE / "sensitivity_blind8.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for row in build():
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(path.name)


if __name__ == "__main__":
    main()
