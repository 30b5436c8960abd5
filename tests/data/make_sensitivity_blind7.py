# ruff: noqa: E501 (the templates are data, one line each)
"""Blind probe 7 of the sensitivity gate (issue 12), written by hand.

Run `python tests/data/make_sensitivity_blind7.py` to rewrite
`sensitivity_blind7.jsonl` next to this file.

Unlike probes 1–6 (a few templates, each filled many times) every template
here is used once: 170 distinct texts (70 secret, 45 PII, 55 clean), written
on 2026-11-23 before any change of that session and before the gate's
misses on it were looked at. Secret values are random; national ids are
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
    ("cli", "mysql -u report -p'{pw}' -h db-replica-2 sales"),
    ("cli", "PGPASSWORD={pw} pg_dump -h 10.4.0.7 -U postgres app > dump.sql"),
    ("env", "export STRIPE_SECRET_KEY=sk_live_{a24}"),
    ("env", "AWS_SECRET_ACCESS_KEY={aws_secret}"),
    (
        "ini",
        "[default]\naws_access_key_id = {aws_key}\naws_secret_access_key = {aws_secret}",
    ),
    ("http", "Authorization: Bearer {jwt}"),
    ("cli", 'curl -H "X-Api-Key: {h32}" https://api.weatherly.example/v2/forecast'),
    (
        "url",
        "git remote set-url origin https://deploy:{pw}@git.internal.example/infra.git",
    ),
    ("key", "{pem}"),
    ("url", "webhook for alerts: https://hooks.pagerbox.example/notify?token={a32}"),
    ("url", "https://hooks.slack.com/services/T{U8}/B{U8}/{a24}"),
    ("chat", "the wifi password at the cabin is {pw}"),
    ("chat", "Bitwarden master pw: {pw}"),
    ("chat", "new vpn creds -> jdoe / {pw}"),
    ("env", 'DB_PASS="{pw}"'),
    ("config", "spring.datasource.password={pw}"),
    ("json", '{{"client_id": "web-portal", "client_secret": "{a40}"}}'),
    ("env", "GOOGLE_MAPS_API_KEY=AIza{a35}"),
    ("cli", "npm config set //registry.npmjs.org/:_authToken npm_{a36}"),
    ("chat", "passphrase for my ssh key is {pw}"),
    ("chat", "smtp relay: user mailer@acme.io pass {pw}"),
    ("chat", "gate code at mum's building: 2580#"),
    ("chat", "note to self - debit card PIN 8823"),
    ("cli", "kubectl create secret generic db-creds --from-literal=password={pw}"),
    ("cli", "docker run -d -e POSTGRES_PASSWORD={pw} -p 5432:5432 postgres:16"),
    ("url", "CACHE_URL=redis://:{pw}@cache.internal:6379/0"),
    ("url", "amqp://orders:{pw}@rabbit.int:5672/%2F"),
    ("url", "mongodb+srv://app:{pw}@cluster0.ab12c.mongodb.net/prod?retryWrites=true"),
    ("token", "Twilio auth token: {h32}"),
    ("env", "SENDGRID_API_KEY=SG.{a22}.{a43}"),
    ("token", "fine-grained PAT for the release bot: github_pat_11{U8}0{a14}_{a59}"),
    ("token", "gitlab token for CI: glpat-{a20}"),
    ("env", "OPENAI_API_KEY=sk-proj-{a48}"),
    ("token", "slack user token xoxp-{d11}-{d11}-{d13}-{h32}"),
    ("env", "HEROKU_API_KEY={uuid}"),
    ("env", "DD_API_KEY={h32}"),
    ("json", '"database": {{"user": "crm", "password": "{pw}", "host": "db1"}}'),
    ("yaml", "db:\n  host: pg.internal\n  user: billing\n  password: {pw}"),
    (
        "config",
        "<connectionString>Server=sql01;Database=crm;User Id=sa;Password={pw};</connectionString>",
    ),
    ("config", "Data Source=db02;Initial Catalog=hr;User ID=hr_app;Pwd={pw}"),
    ("url", "ftp://backup:{pw}@ftp.example.org/nightly/"),
    ("chat", "fyi the root password on the NAS is now {pw}"),
    ("chat", "login for the router admin page: admin / {pw}"),
    ("de", "Das WLAN-Passwort lautet {pw}"),
    ("es", "la clave del wifi es {pw}"),
    ("fr", "mdp du serveur : {pw}"),
    ("it", "la password della posta è {pw}"),
    ("nl", "wachtwoord voor de NAS: {pw}"),
    ("pt", "senha do banco: {pw}"),
    ("cli", "vault login -method=userpass username=ops password={pw}"),
    ("cli", "git clone https://oauth2:{a20}@gitlab.com/acme/api.git"),
    ("ps", "$env:DB_PASSWORD = '{pw}'"),
    ("cmd", "set PGPASSWORD={pw}"),
    ("env", "JWT_SECRET={a32}"),
    ("http", "Cookie: sessionid={l32}; csrftoken={a32}"),
    ("token", "telegram bot token {d10}:AA{a33}"),
    ("chat", 'the passphrase for the backup gpg key is "{words}"'),
    ("chat", "SFTP pw changed to {pw} (expires in 90 days)"),
    ("http", "Authorization: Basic {basic}"),
    (
        "env",
        "AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={b88};EndpointSuffix=core.windows.net",
    ),
    ("cli", "mongosh --host mongo1 -u admin --password {pw}"),
    ("cli", "sqlplus scott/{pw}@orcl"),
    (
        "json",
        '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b64}\\n-----END PRIVATE KEY-----\\n"',
    ),
    ("yaml", "auth_token: {h40}"),
    ("chat", "pw for the family iCloud: {pw}"),
    ("chat", "Tell Sam the alarm disarm code changed to 6174"),
    ("code", 'requests.get(url, headers={{"apikey": "{a32}"}})'),
    ("code", 'const client = new Client({{ user: "app", password: "{pw}" }});'),
    ("cli", "rclone config create b2 b2 account {h24} key K00{a28}"),
    ("chat", "use {pw} for the shared Netflix account, same email as always"),
]

PII: list[tuple[str, str, str]] = [
    # (kind, template, value template)
    ("email", "Send the signed lease to {v} before Friday.", "lena.fischer84@gmx.de"),
    ("email", "cc: ravi.k@protonmail.com", "ravi.k@protonmail.com"),
    (
        "email",
        "Customer wrote from m.obrien@eircom.net asking for a refund",
        "m.obrien@eircom.net",
    ),
    (
        "email",
        "my personal address is tomasz.wojcik+shop@outlook.com",
        "tomasz.wojcik+shop@outlook.com",
    ),
    (
        "email",
        "Reply-To: Akua Mensah <akua.mensah@yahoo.co.uk>",
        "akua.mensah@yahoo.co.uk",
    ),
    (
        "phone",
        "Call the landlord on +44 7911 123456 if the boiler breaks again",
        "+44 7911 123456",
    ),
    ("phone", "Dr. Keller's practice: 030 901820", "030 901820"),
    ("phone", "Her mobile is (415) 867-5309.", "(415) 867-5309"),
    ("phone", "WhatsApp +34 612 34 56 78", "+34 612 34 56 78"),
    ("phone", "numéro de Julie : 06 12 34 56 78", "06 12 34 56 78"),
    ("phone", "emergency contact: Priya, +91 98765 43210", "+91 98765 43210"),
    ("phone", "ring 0161 496 0738 to reschedule", "0161 496 0738"),
    (
        "card",
        "Booked the hotel with the Visa ending... no wait, full number {v}",
        "{card}",
    ),
    ("card", "card: {v} exp 09/28", "{card}"),
    ("card", "Charged {v} for the annual plan", "{card}"),
    ("iban", "Please transfer the deposit to {v} (Kontoinhaber: M. Braun)", "{iban}"),
    ("iban", "IBAN {v}", "{iban}"),
    ("iban", "payout account changed to {v}", "{iban}"),
    ("in_aadhaar", "Aadhaar for the KYC form: {v}", "{aadhaar}"),
    ("in_pan", "PAN {v} is linked to the account", "{pan}"),
    ("pl_pesel", "Pacjent, PESEL {v}, zgłosił się na kontrolę", "{pesel}"),
    ("br_cpf", "Cliente informou o CPF {v} na compra", "{cpf}"),
    ("mx_curp", "Her CURP is {v}", "{curp}"),
    ("za_idnr", "South African ID number {v} on the lease", "{za_id}"),
    ("kr_rrn", "resident registration number {v}", "{rrn}"),
    ("au_tfn", "His tax file number is {v}.", "{tfn}"),
    ("ca_sin", "SIN {v} for the T4", "{sin}"),
    ("us_ssn", "social security number {v}", "{ssn}"),
    ("ar_cuit", "facturar a CUIT {v}", "{cuit}"),
    ("cl_rut", "RUT del arrendatario: {v}", "{rut}"),
    ("tr_tckimlik", "Kimlik numarası {v}", "{tckimlik}"),
    ("il_idnr", "Teudat zehut {v} for the visa letter", "{il_id}"),
    ("my_nric", "MyKad number: {v}", "{nric}"),
    ("id_nik", "NIK {v} sesuai KTP", "{nik}"),
    ("pk_cnic", "CNIC {v} verified", "{cnic}"),
    ("ch_ahv", "AHV-Nummer {v}", "{ch_ahv}"),
    ("se_pnr", "personnummer {v}", "{personnummer}"),
    ("fi_hetu", "Henkilötunnus: {v}", "{hetu}"),
    ("gb_nhs", "NHS number {v} for the referral", "{nhs}"),
    ("ie_pps", "PPSN {v}", "{pps}"),
    ("ro_cnp", "CNP-ul lui: {v}", "{cnp}"),
    ("fr_nir", "numéro de sécurité sociale {v}", "{nir}"),
    ("it_cf", "codice fiscale {v}", "{codice_fiscale}"),
    ("es_dni", "DNI del inquilino {v}", "{es_dni}"),
    ("nl_bsn", "BSN {v} voor de belastingaangifte", "{bsn}"),
]

CLEAN: list[tuple[str, str]] = [
    ("placeholder", "export API_KEY=<your-api-key>"),
    ("placeholder", "password: ${{DB_PASSWORD}}"),
    ("placeholder", 'token: "{{{{ vault_token }}}}"'),
    ("dev", "mysql -u root -p   # asks for the password"),
    ("placeholder", "Password: ********"),
    ("placeholder", "AWS_SECRET_ACCESS_KEY=REPLACE_ME"),
    ("placeholder", "DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DB"),
    ("placeholder", "STRIPE_KEY=sk_test_XXXXXXXXXXXXXXXXXXXXXXXX"),
    ("dev", 'curl -u "$USER:$TOKEN" https://api.example.com/me'),
    ("dev", "docker login -u ci --password-stdin < ~/.docker_pw"),
    ("ssh_pub", "{ssh_pub}"),
    ("cert", "{cert}"),
    ("git", "merged in {sha40} (fix: bump deps)"),
    ("hash", "{sha64}  ubuntu-24.04-live-server-amd64.iso"),
    ("dev", "image: nginx@sha256:{sha64}"),
    (
        "fingerprint",
        "GPG key fingerprint 4A1F 9C3B 7E22 D810 55AB  0C6E 91F2 3D4B 8A70 E19C",
    ),
    ("log", "request_id={uuid} status=200 took=41ms"),
    ("dev", '"integrity": "sha512-{b86}=="'),
    ("chat", "I reset my password yesterday, the new one is in 1Password"),
    ("docs", "Passwords must be at least 12 characters and contain a digit."),
    ("log", "token expired after 3600 seconds, refreshing"),
    ("docs", "Rotate API keys every 90 days."),
    ("finance", "Dinner came to 149,00 € for four people."),
    ("health", "CPU hit 83°C during the render"),
    ("numbers", "Replacement filter part no. 4471-2290-113"),
    ("numbers", "Order #40019283 shipped via DHL, tracking JJD0001234567890"),
    ("travel", "Flight LH 1172 leaves Frankfurt at 09:40 from gate B44"),
    ("dev", "bumped the SDK to v2.14.3 and node to 20.11.1"),
    ("dev", "the NAS is at 192.168.1.20, MAC 3C:52:82:1A:7F:09"),
    ("prose", "The user is reading 'Piranesi' (ISBN 978-1-5266-2242-7)."),
    ("travel", "Trailhead coordinates 46.5586, 7.9806"),
    ("prose", "Spurs won 3-1; the user watched at the pub."),
    ("chat", "dial-in: 0800 123 4567, access code 884 223 19#"),
    ("prose", "Meeting moved to room 4.12 on the fourth floor."),
    ("prose", "The user's daughter scored 1480 on the SAT."),
    ("prose", "The user ran a half marathon in 1:52:07."),
    ("locomo", "Melanie said her kids loved the pottery class last weekend."),
    ("locomo", "Caroline is thinking about adopting a dog from the shelter."),
    ("prose", "The user prefers the window seat and vegetarian meals on flights."),
    ("finance", "Rent went up from £1,250 to £1,320 a month."),
    ("dev", "kubectl get secret db-creds -o yaml  # to check the keys exist"),
    ("dev", "The password field is hashed with argon2id (m=65536, t=3, p=4)."),
    ("dev", "ssh -i ~/.ssh/id_ed25519 deploy@web-03.prod"),
    ("dev", "vault kv get secret/payments/stripe"),
    ("placeholder", "GITHUB_TOKEN: ${{{{ secrets.GITHUB_TOKEN }}}}"),
    ("placeholder", 'api_key = os.getenv("OPENAI_API_KEY")'),
    ("dev", "The public key for the webhook signature is in docs/keys/webhook.pub"),
    ("dev", "commit 9f8e7d6 reverted the change to the login form"),
    ("numbers", "Invoice 2026-0415 for 12 h at 95 €/h = 1.140,00 €"),
    ("health", "Blood pressure 128/82, pulse 64"),
    ("travel", "Booking reference QX7P2L, seat 14C"),
    ("prose", "The Wi-Fi network is called CabinGuest; the password is on the fridge."),
    ("dev", "Set PGPASSWORD in your shell before running the script."),
    ("numbers", "Serial number C02XK1ABJG5H on the laptop sticker"),
    ("prose", "The user's grandmother turned 90 on 14 February."),
]


def fill(p: Probe) -> dict[str, str]:
    def basic() -> str:
        return base64.b64encode(f"svc_backup:{p.pw()}".encode()).decode()

    return {
        "pw": p.pw(),
        "a14": p.rand(ALNUM, 14),
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


def build(seed: int = 20261129, probe: str = "blind7") -> list[dict]:
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
    path = HERE / "sensitivity_blind7.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for row in build():
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(path.name)


if __name__ == "__main__":
    main()
