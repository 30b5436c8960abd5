# ruff: noqa: E501 (the templates are data, one line each)
"""Blind probes of the sensitivity gate (issue 12).

Run `python tests/data/make_sensitivity_blind.py` to rewrite
`sensitivity_blind1.jsonl` (and later probes) next to this file.

A probe is a set of templates written *before* the gate is changed and scored
once; its figures are the honest "on new text" numbers. Once a probe's misses
have been looked at and fixed it is no longer blind: its figures become
dev figures and a new probe (new templates, new seed) is written.

`blind1` was written on 2026-11-23 before any change of that session: agent
notes in the shape they come in (shell history, config files, chat lines,
tickets, logs, CSV/JSON rows) in several languages. Each record: `text`,
`label` (`secret`, `pii`, `clean`), `kind`, `template`, `probe`, and for PII
the `value` the gate must cover.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sensitivity_values import NATIONAL_IDS, Values  # noqa: E402

ALNUM = string.ascii_letters + string.digits
HEXD = "0123456789abcdef"
B64 = ALNUM + "+/"

FIRST = "Amara Bilal Chen Dalia Emre Fatou Goran Hana Ivo Jun Kofi Leila Marek Noa Olu Pita Qiu Rafael Saanvi Tomasz Ulla Vesna Wiremu Ximena Yara Zeynep".split()
LAST = "Adeyemi Bauer Castro Dvořák Eriksen Fernandes Gupta Horvat Ishikawa Jovanović Kaya Lindqvist Moreau Nowak Ogunleye Petrov Quispe Rahman Schneider Takahashi Usman Virtanen Wójcik Yilmaz Zhou".split()
HOSTS = "pg-main.int prod-db-3 10.20.0.14 mysql.svc.cluster.local db.eu-west.acme.io 192.168.1.50 nas01.home vault.corp.lan".split()
USERS = "postgres admin root svc_sync dbadmin jenkins app backup_user ops".split()
WORDS = "Otter Basil Quokka Nimbus Cobalt Falcon Mango Tundra Zephyr Pumpkin Lilac Rocket Sierra Juniper".split()


class Probe:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.v = Values(self.r)

    def pick(self, seq):
        return self.r.choice(seq)

    def rand(self, alphabet: str, n: int) -> str:
        return "".join(self.r.choice(alphabet) for _ in range(n))

    def name(self) -> str:
        return f"{self.pick(FIRST)} {self.pick(LAST)}"

    def pw(self) -> str:
        """A password as people pick them, or as a generator prints them."""
        style = self.r.randrange(6)
        word = self.pick(WORDS)
        if style == 0:
            return word + str(self.r.randint(1, 999)) + self.pick("!$%&#?*")
        if style == 1:
            return (
                word.replace("o", "0").replace("a", "4").replace("e", "3")
                + self.pick("&@#")
                + str(self.r.randint(10, 999))
            )
        if style == 2:
            return self.rand(ALNUM, self.r.randint(12, 24))
        if style == 3:
            return self.rand(ALNUM + "!@#$%^&*_-", self.r.randint(14, 22))
        if style == 4:
            return f"{word}{self.pick(('Sommer', 'Winter', 'Spring'))}{self.r.randint(2019, 2026)}!"
        return (
            self.pick(WORDS).lower()
            + "-"
            + self.pick(WORDS).lower()
            + "-"
            + str(self.r.randint(10, 99))
            + self.pick(WORDS)
        )

    def ghp(self) -> str:
        return "ghp_" + self.rand(ALNUM, 36)

    def aws_key(self) -> str:
        return "AKIA" + self.rand(string.ascii_uppercase + "234567", 16)

    def aws_secret(self) -> str:
        return self.rand(ALNUM + "/+", 40)

    def jwt(self) -> str:
        def enc(obj) -> str:
            return (
                base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")
            )

        return ".".join(
            (
                enc({"alg": "HS256", "typ": "JWT"}),
                enc(
                    {
                        "sub": self.rand(ALNUM, 10),
                        "role": "admin",
                        "exp": self.r.randint(1.7e9, 1.9e9),
                    }
                ),
                self.rand(ALNUM + "-_", 43),
            )
        )

    def pem_private(self) -> str:
        label = self.pick(
            (
                "RSA PRIVATE KEY",
                "OPENSSH PRIVATE KEY",
                "PRIVATE KEY",
                "ENCRYPTED PRIVATE KEY",
                "PGP PRIVATE KEY BLOCK",
            )
        )
        body = "\n".join(self.rand(B64, 64) for _ in range(3))
        return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"

    def cert(self) -> str:
        body = "\n".join(
            "MII" + self.rand(B64, 61) if i == 0 else self.rand(B64, 64)
            for i in range(5)
        )
        return f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----"

    def ssh_pub(self) -> str:
        kind = self.pick(("ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256"))
        return f"{kind} AAAA{self.rand(B64, 64 if kind == 'ssh-ed25519' else 120)} {self.pick(USERS)}@{self.pick(('laptop', 'ci-runner', 'mbp-2023'))}"

    def sha(self, n: int = 40) -> str:
        return self.rand(HEXD, n)


# Secret templates: each returns (kind, text).
def secret_templates(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u, pw = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS)), p.pw
    return [
        lambda: (
            "cli_mysql",
            f"$ mysql -h {h()} -u {u()} -p'{pw()}' billing < fix.sql",
        ),
        lambda: (
            "cli_mysql",
            f"mysqldump -u{u()} -p{p.rand(ALNUM, 14)} --all-databases | gzip > all.sql.gz",
        ),
        lambda: (
            "cli_docker",
            f"docker login registry.gitlab.com -u {u()} -p '{pw()}'",
        ),
        lambda: (
            "cli_docker",
            f"echo done; docker login -u ci -p {p.rand(ALNUM, 20)} harbor.acme.io",
        ),
        lambda: (
            "cli_env",
            f"PGPASSWORD='{pw()}' psql -h {h()} -U {u()} -d reports -c 'select 1'",
        ),
        lambda: (
            "cli_env",
            f"MYSQL_PWD={p.rand(ALNUM, 16)} mysql -u {u()} -e 'show processlist'",
        ),
        lambda: (
            "cli_sshpass",
            f"sshpass -p '{pw()}' ssh -o StrictHostKeyChecking=no {u()}@{h()}",
        ),
        lambda: (
            "cli_flag",
            f"./manage.py createsuperuser --username ops --password={pw()}",
        ),
        lambda: (
            "cli_flag",
            f"vault login -method=userpass username={u()} password={pw()}",
        ),
        lambda: ("cli_zip", f"zip -P {pw()} payroll-2026.zip payroll/*.xlsx"),
        lambda: ("cli_7z", f"7z a -p{pw()} -mhe=on backup.7z ./secrets"),
        lambda: (
            "cli_sqlplus",
            f"sqlplus {u()}/{p.rand(ALNUM, 12)}@//{h()}:1521/ORCL @migrate.sql",
        ),
        lambda: (
            "cli_kubectl",
            f"kubectl create secret generic db-creds --from-literal=username={u()} --from-literal=password='{pw()}'",
        ),
        lambda: (
            "cli_openssl",
            f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{pw()}",
        ),
        lambda: (
            "cli_curl",
            f"curl -s -u {u()}:{p.rand(ALNUM, 18)} https://jenkins.acme.io/api/json",
        ),
        lambda: (
            "cli_git",
            f"git clone https://{u()}:{p.ghp()}@github.com/acme/infra.git",
        ),
        lambda: (
            "url",
            f"DATABASE_URL=postgres://{u()}:{p.rand(ALNUM, 20)}@{h()}:5432/app",
        ),
        lambda: (
            "url",
            f'mongo "mongodb+srv://{u()}:{p.rand(ALNUM, 16)}@cluster0.ab12c.mongodb.net/test"',
        ),
        lambda: (
            "url",
            f"celery broker: amqp://{u()}:{p.rand(ALNUM, 14)}@rabbitmq:5672//",
        ),
        lambda: (
            "env",
            f"export AWS_ACCESS_KEY_ID={p.aws_key()}\nexport AWS_SECRET_ACCESS_KEY={p.aws_secret()}",
        ),
        lambda: (
            "env",
            f"[default]\naws_access_key_id = {p.aws_key()}\naws_secret_access_key = {p.aws_secret()}",
        ),
        lambda: (
            "env",
            f"SMTP_HOST=smtp.mailgun.org\nSMTP_USER=postmaster@mg.acme.io\nSMTP_PASSWORD={pw()}",
        ),
        lambda: ("env", f"export VAULT_TOKEN=hvs.{p.rand(ALNUM, 24)}"),
        lambda: (
            "yaml",
            f"spring:\n  datasource:\n    url: jdbc:postgresql://{h()}:5432/orders\n    username: {u()}\n    password: {pw()}",
        ),
        lambda: (
            "yaml",
            f"services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {pw()}",
        ),
        lambda: ("yaml", f'ansible_user: {u()}\nansible_become_pass: "{pw()}"'),
        lambda: (
            "json",
            f'{{"type": "service_account", "project_id": "acme-prod", "private_key_id": "{p.sha(40)}", "private_key": "-----BEGIN PRIVATE KEY-----\\n{p.rand(B64, 64)}\\n{p.rand(B64, 64)}\\n-----END PRIVATE KEY-----\\n", "client_email": "sync@acme-prod.iam.gserviceaccount.com"}}',
        ),
        lambda: ("ini", f"[client]\nuser={u()}\npassword={pw()}\nhost={h()}"),
        lambda: (
            "properties",
            f"spring.mail.password={pw()}\nspring.mail.username=alerts",
        ),
        lambda: ("npmrc", f"//registry.npmjs.org/:_authToken=npm_{p.rand(ALNUM, 36)}"),
        lambda: (
            "pip",
            f"pip install -i https://{u()}:{p.rand(ALNUM, 22)}@pypi.acme.io/simple/ acme-core",
        ),
        lambda: (
            "code",
            f"conn = psycopg2.connect(host='{h()}', user='{u()}', password='{pw()}')",
        ),
        lambda: ("code", f"requests.get(url, auth=('{u()}', '{pw()}'), timeout=10)"),
        lambda: ("code", f'var cred = new NetworkCredential("{u()}", "{pw()}");'),
        lambda: ("code", f"smtp.login('reports@acme.io', '{pw()}')"),
        lambda: ("token", f"Authorization: Bearer {p.jwt()}"),
        lambda: ("token", f"jwt from the staging login response: {p.jwt()}"),
        lambda: (
            "token",
            f"slack webhook for #alerts: https://hooks.slack.com/services/T{p.rand(string.ascii_uppercase + string.digits, 8)}/B{p.rand(string.ascii_uppercase + string.digits, 10)}/{p.rand(ALNUM, 24)}",
        ),
        lambda: (
            "token",
            f"telegram bot token {p.r.randint(10**8, 10**10)}:AA{p.rand(ALNUM + '_-', 33)}",
        ),
        lambda: (
            "token",
            f"SENDGRID_API_KEY=SG.{p.rand(ALNUM + '_-', 22)}.{p.rand(ALNUM + '_-', 43)}",
        ),
        lambda: ("token", f"twilio auth token: {p.sha(32)}"),
        lambda: (
            "token",
            f"azure: DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={p.rand(B64, 86)}==;EndpointSuffix=core.windows.net",
        ),
        lambda: (
            "token",
            f"otpauth://totp/ACME:{u()}?secret={p.rand('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 32)}&issuer=ACME",
        ),
        lambda: (
            "token",
            f"discord bot token = {p.rand(ALNUM, 24)}.{p.rand(ALNUM, 6)}.{p.rand(ALNUM + '_-', 27)}",
        ),
        lambda: ("private_key", f"deploy key for the runner:\n{p.pem_private()}"),
        lambda: ("chat", f"[09:12] {p.name()}: pw for the NAS -> {pw()}"),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: wifi in the meeting room is AcmeGuest, key {pw()}",
        ),
        lambda: (
            "chat",
            f"the new root password on {h()} is {pw()} (changed after the incident)",
        ),
        lambda: ("chat", f"remember: {p.pick(FIRST)}'s VPN login is {u()} / {pw()}"),
        lambda: ("chat", f"safe code for the server room: {p.r.randint(1000, 999999)}"),
        lambda: (
            "de",
            f"Das Kennwort für den Router lautet {pw()}, bitte nicht weitergeben.",
        ),
        lambda: ("de", f"Zugangsdaten FTP: Benutzer {u()}, Passwort: {pw()}"),
        lambda: (
            "fr",
            f"Le mot de passe du compte admin est {pw()} — à changer lundi.",
        ),
        lambda: ("es", f"contraseña del correo de soporte: {pw()}"),
        lambda: ("pt", f"senha do banco de dados de homologação = {pw()}"),
        lambda: ("pl", f"hasło do panelu: {pw()}"),
        lambda: ("it", f"la password di {p.pick(FIRST)} per Jira è {pw()}"),
        lambda: ("nl", f"wachtwoord voor de printer: {pw()}"),
        lambda: (
            "ticket",
            f"INC-{p.r.randint(1000, 9999)}: user cannot log in. Temporary password set to {pw()}, must change at next login.",
        ),
        lambda: (
            "log",
            f'2026-10-02 11:03:44 DEBUG auth: POST /login body={{"user": "{u()}", "password": "{pw()}"}}',
        ),
        lambda: (
            "netrc",
            f"machine api.heroku.com\n  login ops@acme.io\n  password {p.rand(HEXD, 8)}-{p.rand(HEXD, 4)}-{p.rand(HEXD, 4)}-{p.rand(HEXD, 4)}-{p.rand(HEXD, 12)}",
        ),
        lambda: ("tfvars", f'db_password = "{pw()}"\nregion      = "eu-west-1"'),
        lambda: (
            "cloud",
            f"stripe live key {'sk_live_' + p.rand(ALNUM, 24)} is in 1password too",
        ),
        lambda: ("cloud", f"OPENAI_API_KEY=sk-proj-{p.rand(ALNUM + '-_', 56)}"),
        lambda: ("cloud", f"GOOGLE_MAPS_KEY=AIza{p.rand(ALNUM + '_-', 35)}"),
        lambda: ("cloud", f"hf token for the eval job: hf_{p.rand(ALNUM, 34)}"),
    ]


def pii_templates(p: Probe) -> list[Callable[[str, str, str], str]]:
    """Templates over (label word, value, person name)."""
    return [
        lambda w, v, n: f"Customer {n} called about the refund; {w} {v} confirmed.",
        lambda w, v, n: (
            f"KYC-{p.r.randint(100, 999)} failed for {n} ({w}: {v}) — photo blurry, ask again."
        ),
        lambda w, v, n: (
            f"name,{w.lower().replace(' ', '_')},city\n{n},{v},{p.pick(('Pune', 'Kraków', 'Recife', 'Izmir', 'Osaka', 'Durban'))}"
        ),
        lambda w, v, n: f'{{"full_name": "{n}", "{w}": "{v}", "verified": true}}',
        lambda w, v, n: (
            f'2026-09-14T08:21:07Z INFO onboarding step=id_check applicant="{n}" {w}={v} result=match'
        ),
        lambda w, v, n: (
            f"[14:02] {p.pick(FIRST)}: {n}'s {w} is {v}, can you update the HR record?"
        ),
        lambda w, v, n: f"Note to self: {w} of {n.split()[0]} → {v}",
        lambda w, v, n: f"{n} | {w} | {v} | contract signed",
        lambda w, v, n: (
            f"Please fill the form: Name: {n}\n{w}: {v}\nDate of birth: 19{p.r.randint(55, 99)}-0{p.r.randint(1, 9)}-1{p.r.randint(0, 9)}"
        ),
        lambda w, v, n: f"Re: payroll — {n} gave {v} as {w}, please double-check",
    ]


def other_pii(p: Probe) -> list[Callable[[], tuple[str, str, str]]]:
    n = p.name
    return [
        lambda: (lambda e: ("email", f"Follow up with {n()} at {e} next week.", e))(
            f"{p.pick(FIRST).lower()}.{p.pick(LAST).lower().replace('č', 'c').replace('ř', 'r').replace('ć', 'c').replace('ó', 'o')}@{p.pick(('gmail.com', 'acme.io', 'web.de', 'yahoo.co.jp', 'uol.com.br'))}",
        ),
        lambda: (lambda t: ("phone", f"{n()} — mobile {t}, prefers WhatsApp", t))(
            p.pick(
                (
                    "+49 151 23456789",
                    "+44 7911 123456",
                    "+91 98765 43210",
                    "+55 11 91234-5678",
                    "+81 90-1234-5678",
                    "+48 601 234 567",
                    "+1 415 555 0132",
                    "+33 6 12 34 56 78",
                )
            )
        ),
        lambda: (lambda c: ("card", f"Refund to card {c}, exp 09/28", c))(p.v.card()),
        lambda: (lambda i: ("iban", f"Bankverbindung {n()}: IBAN {i}", i))(p.v.iban()),
    ]


def clean_templates(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS))
    return [
        lambda: ("cert", f"CA bundle for the internal proxy:\n{p.cert()}"),
        lambda: ("ssh_pub", f"added to authorized_keys: {p.ssh_pub()}"),
        lambda: (
            "known_hosts",
            f"{h()} ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTY{p.rand(B64, 100)}=",
        ),
        lambda: (
            "fingerprint",
            f"host key fingerprint is SHA256:{p.rand(ALNUM + '+/', 43)}. Accept? yes",
        ),
        lambda: (
            "fingerprint",
            f"GPG key fingerprint: {' '.join(p.rand('0123456789ABCDEF', 4) for _ in range(10))}",
        ),
        lambda: (
            "placeholder",
            f"export GITHUB_TOKEN=ghp_{'x' * 36}  # replace with your own",
        ),
        lambda: (
            "placeholder",
            "OPENAI_API_KEY=sk-...XXXX (set in .env, never commit)",
        ),
        lambda: (
            "placeholder",
            f"DATABASE_URL=postgresql://USER:PASSWORD@{h()}:5432/DBNAME",
        ),
        lambda: ("placeholder", "mysql -u root -p'<password>' -e 'select version()'"),
        lambda: ("placeholder", "POSTGRES_PASSWORD=${DB_PASSWORD}"),
        lambda: ("placeholder", "password: ********"),
        lambda: (
            "placeholder",
            "docker login -u $CI_REGISTRY_USER -p $CI_REGISTRY_PASSWORD $CI_REGISTRY",
        ),
        lambda: (
            "placeholder",
            'curl -H "Authorization: Bearer $TOKEN" https://api.acme.io/v2/items',
        ),
        lambda: ("placeholder", "api_key: YOUR_API_KEY_HERE"),
        lambda: (
            "placeholder",
            "Use `PGPASSWORD=$(cat /run/secrets/pg) psql ...` in the cron job.",
        ),
        lambda: (
            "prose",
            "Rotate the API key every 90 days; the password policy asks for 12+ characters.",
        ),
        lambda: (
            "prose",
            f"{p.pick(FIRST)} reset her password yesterday and the token refresh works again.",
        ),
        lambda: ("prose", "Passwort vergessen? Link zum Zurücksetzen kommt per Mail."),
        lambda: ("prose", "Le mot de passe doit contenir au moins 12 caractères."),
        lambda: (
            "log",
            f"Oct 12 03:14:07 {h()} sshd[{p.r.randint(1000, 99999)}]: Failed password for invalid user admin from 203.0.113.{p.r.randint(1, 254)} port {p.r.randint(1024, 65535)} ssh2",
        ),
        lambda: ("log", f'FATAL:  password authentication failed for user "{u()}"'),
        lambda: (
            "price",
            f"Angebot: {p.r.randint(10, 999)},{p.r.randint(0, 99):02d} € inkl. MwSt., Lieferung {p.r.randint(2, 9)},{p.r.randint(0, 99):02d} €",
        ),
        lambda: (
            "price",
            f"Total: R$ {p.r.randint(1, 99)}.{p.r.randint(100, 999)},{p.r.randint(0, 99):02d} em {p.r.randint(2, 12)}x sem juros",
        ),
        lambda: (
            "temp",
            f"GPU at {p.r.randint(60, 95)}°C under load, fan {p.r.randint(40, 100)} %, throttling above 87°C",
        ),
        lambda: (
            "part",
            f"Replace fan assembly P/N {p.r.randint(100000, 999999)}-{p.r.randint(100, 999)}, order #{p.r.randint(10**9, 10**10 - 1)}",
        ),
        lambda: (
            "part",
            f"Ordered part no. {p.r.randint(10**10, 10**11 - 1)} from Mouser, invoice {p.r.randint(10**8, 10**9 - 1)}",
        ),
        lambda: (
            "order",
            f"Amazon order {p.r.randint(100, 999)}-{p.r.randint(1000000, 9999999)}-{p.r.randint(1000000, 9999999)} arrives Thursday",
        ),
        lambda: (
            "tracking",
            f"DHL tracking {p.r.randint(10**9, 10**10 - 1)}, UPS 1Z{p.rand(string.ascii_uppercase + string.digits, 16)}",
        ),
        lambda: (
            "git",
            f"merged {p.sha(40)} into main; CI run {p.r.randint(10**9, 10**10 - 1)} green",
        ),
        lambda: ("docker", f"image digest sha256:{p.sha(64)}"),
        lambda: (
            "sri",
            f'<script src="/app.js" integrity="sha384-{p.rand(ALNUM + "+/", 64)}" crossorigin="anonymous"></script>',
        ),
        lambda: (
            "uuid",
            f"tenant {p.sha(8)}-{p.sha(4)}-4{p.sha(3)}-a{p.sha(3)}-{p.sha(12)} migrated in {p.r.randint(2, 90)} s",
        ),
        lambda: (
            "aws",
            f"arn:aws:iam::{p.r.randint(10**11, 10**12 - 1)}:role/deploy-{p.pick(('prod', 'stage'))}",
        ),
        lambda: (
            "epoch",
            f"event ts={p.r.randint(1_600_000_000_000, 1_800_000_000_000)} latency_ms={p.r.randint(1, 900)}",
        ),
        lambda: (
            "metrics",
            f"p50 {p.r.randint(1, 99)}.{p.r.randint(0, 9)} ms, p99 {p.r.randint(100, 999)} ms, {p.r.randint(10**6, 10**8)} requests, error rate 0.0{p.r.randint(1, 9)} %",
        ),
        lambda: (
            "ean",
            f"EAN {p.r.randint(4_000_000_000_000, 4_999_999_999_999)} — oat milk, {p.r.randint(1, 3)},{p.r.randint(10, 99)} €",
        ),
        lambda: (
            "isbn",
            f"Reading ISBN 978-{p.r.randint(0, 1)}-{p.r.randint(100, 999)}-{p.r.randint(10000, 99999)}-{p.r.randint(0, 9)} this month",
        ),
        lambda: (
            "version",
            f"upgraded to {p.r.randint(1, 20)}.{p.r.randint(0, 30)}.{p.r.randint(0, 200)} (build {p.r.randint(10**6, 10**8)})",
        ),
        lambda: (
            "network",
            f"{h()} 10.{p.r.randint(0, 255)}.{p.r.randint(0, 255)}.{p.r.randint(0, 255)} mac {':'.join(p.rand(HEXD, 2) for _ in range(6))}",
        ),
        lambda: (
            "meeting",
            f"Zoom meeting ID {p.r.randint(100, 999)} {p.r.randint(1000, 9999)} {p.r.randint(1000, 9999)}, passcode on the invite",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: lunch at 12:30? I booked table {p.r.randint(1, 40)} for {p.r.randint(2, 8)} people",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)} ran {p.r.randint(5, 42)} km on Sunday in {p.r.randint(1, 4)}:{p.r.randint(10, 59)}:{p.r.randint(10, 59)}",
        ),
        lambda: (
            "coords",
            f"meet at 52.{p.r.randint(100000, 999999)}, 13.{p.r.randint(100000, 999999)}",
        ),
        lambda: (
            "stack",
            f'  File "/srv/app/worker.py", line {p.r.randint(10, 900)}, in run\n    raise TimeoutError("after {p.r.randint(10, 300)} s")',
        ),
        lambda: (
            "sql",
            f"SELECT id, total FROM orders WHERE customer_id = {p.r.randint(10**5, 10**9)} AND created_at > '2026-01-01';",
        ),
        lambda: (
            "account",
            f"Invoice INV-{p.r.randint(2026000, 2026999)} for account {p.r.randint(10**7, 10**9)} due 2026-12-01",
        ),
        lambda: ("code", "password = getpass.getpass('DB password: ')"),
        lambda: ("code", "token = os.environ['SLACK_TOKEN']"),
        lambda: (
            "code",
            "if not check_password(user, password):\n    raise PermissionDenied",
        ),
        lambda: (
            "config",
            "auth:\n  password_min_length: 12\n  token_ttl: 3600\n  session_cookie_secure: true",
        ),
        lambda: (
            "k8s",
            "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-creds\n        key: password",
        ),
        lambda: (
            "base64",
            f"avatar: data:image/png;base64,iVBORw0KGgo{p.rand(B64, 60)}",
        ),
        lambda: ("hash", f"sha256sum: {p.sha(64)}  release.tar.gz"),
        lambda: (
            "serial",
            f"laptop serial {p.rand(string.ascii_uppercase + string.digits, 10)}, asset tag {p.r.randint(100000, 999999)}",
        ),
        lambda: (
            "date",
            f"Sprint {p.r.randint(30, 80)}: 2026-{p.r.randint(1, 12):02d}-{p.r.randint(1, 28):02d} → 2026-{p.r.randint(1, 12):02d}-{p.r.randint(1, 28):02d}, velocity {p.r.randint(20, 60)}",
        ),
        lambda: (
            "phone_like",
            f"Build {p.r.randint(2026, 2026)}{p.r.randint(1000000, 9999999)} failed at step {p.r.randint(1, 20)}",
        ),
        lambda: (
            "wifi",
            "The guest Wi-Fi has no password; just accept the terms page.",
        ),
        lambda: (
            "recipe",
            f"Bake at {p.r.randint(160, 230)} °C for {p.r.randint(20, 60)} min, {p.r.randint(200, 800)} g flour",
        ),
        lambda: (
            "finance",
            f"Q3 revenue 1.{p.r.randint(100, 999)}.{p.r.randint(100, 999)},{p.r.randint(10, 99)} EUR vs plan {p.r.randint(900, 999)}.{p.r.randint(100, 999)} EUR",
        ),
    ]


def build(seed: int, probe: str, per_set: int = 240) -> list[dict]:
    p = Probe(seed)
    rows: list[dict] = []
    secrets = secret_templates(p)
    for i in range(per_set):
        index = i % len(secrets)
        kind, text = secrets[index]()
        rows.append(
            {
                "text": text,
                "label": "secret",
                "kind": kind,
                "template": f"{probe}-s{index}",
            }
        )
    pii = pii_templates(p)
    others = other_pii(p)
    kinds = list(NATIONAL_IDS)
    for i in range(per_set):
        if i % 6 == 5:
            index = (i // 6) % len(others)
            kind, text, value = others[index]()
            template = f"{probe}-o{index}"
        else:
            kind = kinds[i % len(kinds)]
            generator, words = NATIONAL_IDS[kind]
            value = getattr(p.v, generator)()
            index = p.r.randrange(len(pii))
            text = pii[index](p.pick(words), value, p.name())
            template = f"{probe}-p{index}"
        rows.append(
            {
                "text": text,
                "label": "pii",
                "kind": kind,
                "value": value,
                "template": template,
            }
        )
    clean = clean_templates(p)
    for i in range(per_set):
        index = i % len(clean)
        kind, text = clean[index]()
        rows.append(
            {
                "text": text,
                "label": "clean",
                "kind": kind,
                "template": f"{probe}-c{index}",
            }
        )
    for row in rows:
        row["probe"] = probe
        row["id"] = hashlib.sha256(row["text"].encode()).hexdigest()[:16]
    return rows


# Probe `blind2`: written after blind1's misses were fixed, before scoring it.
# New syntaxes and new names for the ids (not the words of blind1).
BLIND2_ID_WORDS: dict[str, tuple[str, ...]] = {
    "in_aadhaar": ("Aadhaar card number", "aadhar no", "UIDAI number"),
    "in_pan": ("PAN number", "Permanent Account Number"),
    "pl_pesel": ("PESEL nr", "nr. PESEL"),
    "br_cpf": ("CPF nº", "CPF/MF"),
    "cn_ric": ("居民身份证号码", "Chinese ID"),
    "mx_curp": ("CURP", "Clave Única"),
    "za_idnr": ("South African ID", "ID no."),
    "kr_rrn": ("주민번호", "Korean RRN"),
    "jp_mynumber": ("マイナンバー（個人番号）", "my number card"),
    "au_tfn": ("TFN", "Tax File No."),
    "ca_sin": ("SIN #", "Social Insurance No."),
    "us_ssn": ("SSN#", "Social Security Number"),
    "ar_cuit": ("CUIL", "C.U.I.T."),
    "cl_rut": ("RUT", "R.U.T."),
    "tr_tckimlik": ("TC Kimlik Numarası", "T.C. No"),
    "my_nric": ("MyKad no.", "NRIC number"),
    "th_pin": ("Thai national ID", "เลขบัตรประชาชน"),
    "id_nik": ("NIK (KTP)", "Nomor Induk Kependudukan"),
    "pk_cnic": ("CNIC #", "NADRA CNIC"),
    "ch_ahv": ("AHV-Nummer", "n° AVS"),
    "no_fnr": ("fødselsnr.", "fødselsnummer"),
    "se_pnr": ("personnr", "Personnummer"),
    "dk_cpr": ("CPR-nummer", "cpr nr"),
    "fi_hetu": ("hetu", "henkilötunnus"),
    "gb_nhs": ("NHS No", "NHS number"),
    "ro_cnp": ("CNP", "codul numeric personal"),
    "bg_egn": ("ЕГН", "EGN no"),
    "ee_ik": ("isikukood", "Estonian personal code"),
    "cz_rc": ("rodné číslo", "r.č."),
    "be_nn": ("rijksregisternr.", "numéro de registre national"),
    "hr_oib": ("OIB", "OIB broj"),
    "ru_inn": ("ИНН физлица", "INN"),
    "ec_ci": ("cédula de identidad", "CI"),
    "gr_amka": ("Α.Μ.Κ.Α.", "AMKA"),
    "it_cf": ("C.F.", "codice fiscale"),
    "es_dni": ("DNI", "D.N.I."),
    "nl_bsn": ("BSN", "BSN-nummer"),
    "fr_nir": ("numéro de sécurité sociale", "n° SS"),
    "de_idnr": ("Steuer-ID", "steuerliche Identifikationsnummer"),
}


def secret_templates_2(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u, pw = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS)), p.pw
    return [
        lambda: (
            "libpq",
            f'psql "host={h()} port=5432 dbname=ledger user={u()} password={pw()}"',
        ),
        lambda: (
            "cli_mongo",
            f"mongosh --host {h()} --username {u()} --password '{pw()}' --authenticationDatabase admin",
        ),
        lambda: (
            "cli_ldap",
            f"ldapwhoami -x -H ldap://{h()} -D cn=admin,dc=acme,dc=io -w '{pw()}'",
        ),
        lambda: (
            "cli_curl",
            f"curl --user {u()}:{p.rand(ALNUM, 16)} -X POST https://nexus.acme.io/service/rest/v1/repositories",
        ),
        lambda: (
            "cli_wget",
            f"wget --http-user={u()} --http-password={pw()} https://files.acme.io/dump.tgz",
        ),
        lambda: (
            "cli_env",
            f"RSYNC_PASSWORD={p.rand(ALNUM, 14)} rsync -av backup@{h()}::data /mnt/data",
        ),
        lambda: ("cli_az", f"az login -u ops@acme.onmicrosoft.com -p '{pw()}'"),
        lambda: (
            "cli_mc",
            f"mc alias set minio http://{h()}:9000 {p.rand(string.ascii_uppercase + string.digits, 20)} {p.rand(ALNUM, 40)}",
        ),
        lambda: (
            "cli_aws",
            f"aws configure set aws_secret_access_key {p.aws_secret()}",
        ),
        lambda: (
            "docker",
            f"docker run -d -e POSTGRES_PASSWORD={pw()} -p 5432:5432 postgres:16",
        ),
        lambda: ("docker", f"ENV MYSQL_ROOT_PASSWORD={pw()}"),
        lambda: (
            "helm",
            f"helm upgrade --install redis bitnami/redis --set auth.password={pw()}",
        ),
        lambda: (
            "terraform",
            f"terraform apply -var 'db_password={pw()}' -auto-approve",
        ),
        lambda: (
            "kubectl",
            f"kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username={u()} --docker-password={p.ghp()}",
        ),
        lambda: (
            "openssl",
            f"openssl enc -aes-256-cbc -salt -in db.sql -out db.sql.enc -k '{pw()}'",
        ),
        lambda: (
            "gpg",
            f"gpg --batch --yes --passphrase '{pw()}' -d secrets.tar.gpg | tar x",
        ),
        lambda: ("sudo", f"echo '{pw()}' | sudo -S systemctl restart nginx"),
        lambda: (
            "stdin",
            f'echo "{pw()}" | docker login ghcr.io -u {u()} --password-stdin',
        ),
        lambda: ("windows", f"net user svc_backup {pw()} /add /domain"),
        lambda: (
            "ado",
            f"Server=tcp:{h()},1433;Initial Catalog=crm;User ID={u()};Password={pw()};Encrypt=True;",
        ),
        lambda: (
            "jdbc",
            f"jdbc:mysql://{h()}:3306/shop?user={u()}&password={p.rand(ALNUM, 16)}&useSSL=true",
        ),
        lambda: ("url", f"REDIS_URL=redis://:{p.rand(ALNUM, 24)}@{h()}:6379/0"),
        lambda: (
            "url",
            f"mount -t cifs //nas/share /mnt -o username={u()},password={pw()}",
        ),
        lambda: ("url", f"ftp://{u()}:{p.rand(ALNUM, 12)}@ftp.acme.io/incoming/"),
        lambda: ("toml", f'[database]\nhost = "{h()}"\npassword = "{pw()}"'),
        lambda: (
            "json",
            f'{{"db": {{"host": "{h()}", "user": "{u()}", "pass": "{pw()}"}}}}',
        ),
        lambda: ("header", f"X-API-Key: {p.rand(ALNUM, 32)}"),
        lambda: (
            "header",
            f"Authorization: Basic {base64.b64encode(f'{u()}:{pw()}'.encode()).decode()}",
        ),
        lambda: (
            "header",
            f"Cookie: sessionid={p.rand('abcdefghijklmnopqrstuvwxyz0123456789', 32)}; csrftoken={p.rand(ALNUM, 32)}",
        ),
        lambda: (
            "query",
            f"GET https://api.acme.io/v1/export?format=csv&api_key={p.rand(ALNUM, 32)}",
        ),
        lambda: (
            "query",
            f"https://graph.facebook.com/me?access_token=EAAB{p.rand(ALNUM, 60)}",
        ),
        lambda: ("token", f"PYPI_TOKEN=pypi-AgEIcHlwaS5vcmc{p.rand(ALNUM + '_-', 60)}"),
        lambda: (
            "token",
            f"slack user token xoxp-{p.r.randint(10**10, 10**11)}-{p.r.randint(10**10, 10**11)}-{p.r.randint(10**11, 10**12)}-{p.sha(32)}",
        ),
        lambda: ("token", f"gitlab runner: glrt-{p.rand(ALNUM + '_-', 20)}"),
        lambda: (
            "token",
            f"google oauth access token ya29.{p.rand(ALNUM + '_-', 120)}",
        ),
        lambda: ("token", f"ATLASSIAN_TOKEN=ATATT3xFfGF0{p.rand(ALNUM + '_-=', 180)}"),
        lambda: ("token", f"databricks token dapi{p.sha(32)}"),
        lambda: (
            "token",
            f"azure SAS: https://acme.blob.core.windows.net/logs?sv=2022-11-02&ss=b&srt=sco&sp=rl&se=2026-12-31T00:00:00Z&sig={p.rand(ALNUM, 43)}%3D",
        ),
        lambda: (
            "key",
            f"client key for the kubeconfig:\n    client-key-data: {base64.b64encode(p.pem_private().encode()).decode()[:200]}",
        ),
        lambda: (
            "key",
            f"PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy\nPrivate-Lines: 14\n{p.rand(B64, 64)}",
        ),
        lambda: (
            "chat",
            f"door code for the back entrance is {p.r.randint(1000, 9999)}#",
        ),
        lambda: ("chat", f"{p.pick(FIRST)}: WPA key is {pw()} — same as last year"),
        lambda: ("chat", f"passphrase for the gpg key: {pw()}"),
        lambda: ("es", f"la clave del wifi es {pw()}"),
        lambda: ("pt", f"a senha é {pw()}"),
        lambda: ("de", f"PW: {pw()} (für den Testaccount)"),
        lambda: ("fr", f"mdp : {pw()}"),
        lambda: ("it", f"pwd {pw()} per l'utente {u()}"),
        lambda: ("sv", f"lösenordet är {pw()}"),
        lambda: ("tr", f"şifre: {pw()}"),
        lambda: ("ru", f"пароль от сервера: {pw()}"),
        lambda: ("ja", f"パスワードは{pw()}です"),
        lambda: ("zh", f"数据库密码：{pw()}"),
        lambda: (
            "ticket",
            f"SEC-{p.r.randint(100, 999)} leaked creds in repo: user={u()} pass={pw()} — rotate!",
        ),
        lambda: (
            "log",
            f"[WARN] retrying connection with credentials {u()}:{pw()} to {h()}",
        ),
    ]


def pii_templates_2(p: Probe) -> list[Callable[[str, str, str], str]]:
    return [
        lambda w, v, n: f"| {n} | {w}: {v} | approved |",
        lambda w, v, n: f"Applicant: {n}\n{w}\n{v}",
        lambda w, v, n: f"- {n} ({w} {v}) moved to the Lisbon office",
        lambda w, v, n: f"<td>{n}</td><td>{w}</td><td>{v}</td>",
        lambda w, v, n: (
            f"user_profile: name={n!r} {w.lower().replace(' ', '_').replace('.', '')}={v!r}"
        ),
        lambda w, v, n: f"Sent {n}'s documents to the notary. {w}: {v}.",
        lambda w, v, n: f"ERROR kyc: mismatch for {w} {v} (expected name {n})",
        lambda w, v, n: f"{w} {v} gehört zu {n}, bitte im CRM ergänzen",
        lambda w, v, n: (
            f"reminder — {n.split()[0]} asked us to delete {w} {v} from the old spreadsheet"
        ),
        lambda w, v, n: f"{n}\n{w}: {v}\nAddress: {p.r.randint(1, 200)} Harbour Rd",
    ]


def other_pii_2(p: Probe) -> list[Callable[[], tuple[str, str, str]]]:
    n = p.name
    return [
        lambda: (lambda e: ("email", f"cc {e} on the invoice thread", e))(
            f"{p.pick(FIRST).lower()}+billing@{p.pick(('proton.me', 'acme.co.uk', 'gmx.net'))}"
        ),
        lambda: (lambda t: ("phone", f"Tel. {t} ({n()}, nachmittags erreichbar)", t))(
            p.pick(("030 12345678", "+49 30 1234567", "089 2345678"))
        ),
        lambda: (lambda t: ("phone", f"call {n()} back on {t}", t))(
            p.pick(
                (
                    "(415) 555-0147",
                    "+1 212 555 0198",
                    "+61 2 9374 4000",
                    "+34 612 345 678",
                )
            )
        ),
        lambda: (lambda c: ("card", f"Visa ending … no wait, full number {c}", c))(
            p.v.card()
        ),
        lambda: (lambda i: ("iban", f"please wire the deposit to {i} ({n()})", i))(
            p.v.iban()
        ),
    ]


def clean_templates_2(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    u = lambda: p.pick(USERS)  # noqa: E731
    return [
        lambda: (
            "gha",
            "      - uses: docker/login-action@v3\n        with:\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}",
        ),
        lambda: (
            "stdin",
            "cat ~/.config/ghcr.txt | docker login ghcr.io -u ci --password-stdin",
        ),
        lambda: ("empty", "PASSWORD=\nTOKEN=\n# fill these in locally"),
        lambda: (
            "prompt",
            f"[sudo] password for {u()}:\nSorry, try again.\nsudo: 3 incorrect password attempts",
        ),
        lambda: (
            "log",
            f"WARN token expired at 2026-{p.r.randint(1, 12):02d}-{p.r.randint(1, 28):02d}T10:00:00Z, refreshing",
        ),
        lambda: ("gerrit", f"Change-Id: I{p.sha(40)}"),
        lambda: (
            "gpg",
            f'gpg: key {p.rand("0123456789ABCDEF", 16)}: public key "{p.name()} <releases@acme.io>" imported'.replace(
                " <releases@acme.io>", ""
            ),
        ),
        lambda: (
            "aws_doc",
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        ),
        lambda: (
            "kubeconfig",
            f"    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{p.rand(B64, 120)}",
        ),
        lambda: (
            "pgp_pub",
            f"-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBG{p.rand(B64, 58)}\n{p.rand(B64, 64)}\n=ab12\n-----END PGP PUBLIC KEY BLOCK-----",
        ),
        lambda: (
            "known_hosts",
            f"|1|{p.rand(B64, 27)}=|{p.rand(B64, 27)}= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{p.rand(B64, 43)}",
        ),
        lambda: ("placeholder", "export SLACK_BOT_TOKEN=xoxb-your-token-here"),
        lambda: ("placeholder", "AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX"),
        lambda: ("placeholder", "curl -u admin:*** https://jenkins.acme.io/api/json"),
        lambda: ("placeholder", "password=[REDACTED] user=svc_sync host=db01"),
        lambda: ("placeholder", 'vault_token: "{{ vault_token }}"'),
        lambda: ("placeholder", "set PGPASSWORD=%PGPASSWORD% && psql -U app"),
        lambda: ("placeholder", "$env:DB_PASS = Read-Host -AsSecureString"),
        lambda: ("placeholder", "OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
        lambda: ("placeholder", "mysql -u root -p  # prompts for the password"),
        lambda: (
            "flight",
            f"Flight LH {p.r.randint(100, 2999)} seat {p.r.randint(1, 40)}{p.pick('ABCDEF')}, booking ref {p.rand(string.ascii_uppercase + string.digits, 6)}",
        ),
        lambda: (
            "postal",
            f"Office moved to Invalidenstraße {p.r.randint(1, 120)}, {p.r.randint(10115, 14199)} Berlin",
        ),
        lambda: (
            "dates",
            f"Kickoff {p.r.randint(1, 28)}.{p.r.randint(1, 12)}.2026, review {p.r.randint(1, 12)}/{p.r.randint(1, 28)}/2026",
        ),
        lambda: (
            "table",
            f"| 2026-{p.r.randint(1, 12):02d} | {p.r.randint(1, 9)} {p.r.randint(100, 999)} {p.r.randint(100, 999)} | {p.r.randint(10, 99)},{p.r.randint(0, 9)} % | {p.r.randint(10**8, 10**9)} |",
        ),
        lambda: (
            "pid",
            f"killed pid {p.r.randint(1000, 4194304)}, port {p.r.randint(1024, 65535)} free, exit 137",
        ),
        lambda: (
            "http",
            f"GET /api/v1/orders/{p.r.randint(10**9, 10**12)} 200 {p.r.randint(1, 999)}ms",
        ),
        lambda: (
            "stock",
            f"ACME closed at {p.r.randint(10, 999)}.{p.r.randint(10, 99)} USD, volume {p.r.randint(10**6, 10**9):,}",
        ),
        lambda: (
            "vin",
            f"car VIN checked at the garage, odometer {p.r.randint(10000, 250000)} km, next service {p.r.randint(1000, 30000)} km",
        ),
        lambda: (
            "phoneless",
            f"we ran {p.r.randint(1000, 99999)} iterations, seed {p.r.randint(10**9, 10**10)}, loss 0.{p.r.randint(1000, 9999)}",
        ),
        lambda: (
            "bigint",
            f"snowflake id {p.r.randint(10**17, 10**18)} for the message; channel {p.r.randint(10**17, 10**18)}",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: I went hiking with the kids on Saturday, {p.r.randint(8, 25)} km and {p.r.randint(300, 1500)} m up",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: my sister turns {p.r.randint(20, 60)} on the {p.r.randint(1, 28)}th, party at 7",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: the password manager finally synced, no more sticky notes",
        ),
        lambda: (
            "prose",
            "Never paste tokens into tickets; use the vault link instead.",
        ),
        lambda: (
            "prose",
            "Die Passwortrichtlinie verlangt mindestens 14 Zeichen und eine Zahl.",
        ),
        lambda: ("prose", "La contraseña debe cambiarse cada 90 días."),
        lambda: ("prose", "The API key rotation job runs nightly at 02:00 UTC."),
        lambda: (
            "code",
            "def verify_password(raw: str, hashed: str) -> bool:\n    return bcrypt.checkpw(raw.encode(), hashed.encode())",
        ),
        lambda: ("code", "headers = {'Authorization': f'Bearer {token}'}"),
        lambda: (
            "code",
            "user = authenticate(request, username=username, password=password)",
        ),
        lambda: ("code", "const apiKey = process.env.API_KEY;"),
        lambda: (
            "config",
            "PasswordAuthentication no\nPubkeyAuthentication yes\nPermitRootLogin prohibit-password",
        ),
        lambda: (
            "config",
            f"max_connections = {p.r.randint(50, 500)}\nshared_buffers = {p.r.randint(1, 16)}GB\nport = 5432",
        ),
        lambda: (
            "hash",
            f"md5 {p.sha(32)}  firmware-{p.r.randint(1, 9)}.{p.r.randint(0, 9)}.bin",
        ),
        lambda: (
            "docker",
            f'{p.sha(12)}   postgres:16   "docker-entrypoint.s…"   {p.r.randint(2, 9)} days ago   Up {p.r.randint(2, 9)} days',
        ),
        lambda: (
            "temp",
            f"Fridge at {p.r.randint(2, 7)} °C, freezer −{p.r.randint(16, 22)} °C, humidity {p.r.randint(30, 70)} %",
        ),
        lambda: (
            "price",
            f"Preis: CHF {p.r.randint(10, 999)}.–, Versand {p.r.randint(5, 15)},{p.r.randint(0, 95):02d} €",
        ),
        lambda: (
            "part",
            f"Bosch part 0 {p.r.randint(100, 999)} {p.r.randint(100, 999)} {p.r.randint(100, 999)}, qty {p.r.randint(1, 20)}",
        ),
        lambda: (
            "bank_doc",
            "Use the IBAN format DE89 followed by 18 digits; never send real IBANs here.",
        ),
        lambda: (
            "isbn",
            f"ISBN {p.r.randint(9780000000000, 9789999999999)}, {p.r.randint(100, 900)} pages",
        ),
    ]


def build_2(seed: int, probe: str, per_set: int = 240) -> list[dict]:
    p = Probe(seed)
    rows: list[dict] = []
    secrets = secret_templates_2(p)
    for i in range(per_set):
        index = i % len(secrets)
        kind, text = secrets[index]()
        rows.append(
            {
                "text": text,
                "label": "secret",
                "kind": kind,
                "template": f"{probe}-s{index}",
            }
        )
    pii = pii_templates_2(p)
    others = other_pii_2(p)
    kinds = list(BLIND2_ID_WORDS)
    for i in range(per_set):
        if i % 6 == 5:
            index = (i // 6) % len(others)
            kind, text, value = others[index]()
            template = f"{probe}-o{index}"
        else:
            kind = kinds[i % len(kinds)]
            generator = NATIONAL_IDS[kind][0]
            value = getattr(p.v, generator)()
            index = p.r.randrange(len(pii))
            text = pii[index](p.pick(BLIND2_ID_WORDS[kind]), value, p.name())
            template = f"{probe}-p{index}"
        rows.append(
            {
                "text": text,
                "label": "pii",
                "kind": kind,
                "value": value,
                "template": template,
            }
        )
    clean = clean_templates_2(p)
    for i in range(per_set):
        index = i % len(clean)
        kind, text = clean[index]()
        rows.append(
            {
                "text": text,
                "label": "clean",
                "kind": kind,
                "template": f"{probe}-c{index}",
            }
        )
    for row in rows:
        row["probe"] = probe
        row["id"] = hashlib.sha256(row["text"].encode()).hexdigest()[:16]
    return rows


# Probe `blind3`: written after blind2's misses were fixed, before scoring it.
BLIND3_ID_WORDS: dict[str, tuple[str, ...]] = {
    "in_aadhaar": ("Aadhaar", "आधार संख्या"),
    "in_pan": ("PAN", "income tax PAN"),
    "pl_pesel": ("PESEL", "numer PESEL"),
    "br_cpf": ("CPF", "inscrito no CPF sob o nº"),
    "cn_ric": ("身份证", "公民身份号码"),
    "mx_curp": ("CURP",),
    "za_idnr": ("ID number", "SA ID no"),
    "kr_rrn": ("주민등록번호",),
    "jp_mynumber": ("マイナンバー", "My Number"),
    "au_tfn": ("tax file number",),
    "ca_sin": ("SIN", "numéro d'assurance sociale"),
    "us_ssn": ("SSN", "social"),
    "ar_cuit": ("CUIT",),
    "cl_rut": ("RUT",),
    "tr_tckimlik": ("T.C. kimlik numarası", "TCKN"),
    "il_idnr": ("מספר זהות", "Israeli ID number"),
    "my_nric": ("IC", "MyKad"),
    "th_pin": ("Thai ID card",),
    "id_nik": ("NIK",),
    "pk_cnic": ("CNIC",),
    "ch_ahv": ("AHV",),
    "no_fnr": ("fødselsnummer",),
    "se_pnr": ("personnummer",),
    "dk_cpr": ("CPR",),
    "fi_hetu": ("henkilötunnus",),
    "gb_nhs": ("NHS",),
    "ie_pps": ("PPS",),
    "ro_cnp": ("CNP",),
    "bg_egn": ("ЕГН",),
    "hr_oib": ("OIB",),
    "ru_inn": ("ИНН",),
    "ua_rntrc": ("ідентифікаційний код", "РНОКПП"),
    "gr_amka": ("ΑΜΚΑ",),
    "it_cf": ("codice fiscale",),
    "es_nie": ("NIE",),
    "nl_bsn": ("BSN",),
    "de_idnr": ("Steuer-ID",),
    "be_nn": ("rijksregisternummer",),
    "cz_rc": ("rodné číslo",),
    "lt_asmens": ("asmens kodas",),
}

BIP39 = "abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid acoustic acquire across act action actor actress actual".split()


def secret_templates_3(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u, pw = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS)), p.pw
    return [
        lambda: ("git_credentials", f"https://{u()}:{p.ghp()}@github.com"),
        lambda: (
            "docker_config",
            f'{{"auths": {{"ghcr.io": {{"auth": "{base64.b64encode(f"{u()}:{pw()}".encode()).decode()}"}}}}}}',
        ),
        lambda: (
            "pypirc",
            f"[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmc{p.rand(ALNUM + '_-', 50)}",
        ),
        lambda: (
            "s3cfg",
            f"[default]\naccess_key = {p.aws_key()}\nsecret_key = {p.aws_secret()}",
        ),
        lambda: ("php", f"define( 'DB_PASSWORD', '{pw()}' );"),
        lambda: ("php", f'$db_pass = "{pw()}";'),
        lambda: ("ruby", f'  config.api_key = "{p.rand(ALNUM, 32)}"'),
        lambda: ("go", f'\tpassword := "{pw()}"'),
        lambda: ("java", f'private static final String PASSWORD = "{pw()}";'),
        lambda: (
            "csharp",
            f'"ConnectionStrings": {{ "Default": "Host={h()};Username={u()};Password={pw()};Database=crm" }}',
        ),
        lambda: ("rust", f'let token = "{p.rand(ALNUM, 40)}";'),
        lambda: ("env", f"export ANSIBLE_VAULT_PASSWORD={pw()}"),
        lambda: (
            "cli",
            f"psql postgresql://{u()}:{p.rand(ALNUM, 18)}@{h()}/ledger -c '\\dt'",
        ),
        lambda: (
            "cli",
            f"redis-cli -h {h()} -a {p.rand(ALNUM, 24)} --no-auth-warning info",
        ),
        lambda: (
            "cli",
            f"influx bucket list --host http://{h()}:8086 --token {p.rand(ALNUM + '_-', 86)}==",
        ),
        lambda: ("token", f"mailchimp key {p.sha(32)}-us{p.r.randint(1, 20)}"),
        lambda: ("token", f"TWILIO_AUTH_TOKEN={p.sha(32)}"),
        lambda: (
            "token",
            f"HEROKU_API_KEY={p.sha(8)}-{p.sha(4)}-{p.sha(4)}-{p.sha(4)}-{p.sha(12)}",
        ),
        lambda: ("token", f"newrelic license_key: {p.sha(40)}"),
        lambda: ("token", f"DD_API_KEY={p.sha(32)}"),
        lambda: (
            "token",
            f"curl -H 'Authorization: SSWS 00{p.rand(ALNUM + '_-', 40)}' https://acme.okta.com/api/v1/users",
        ),
        lambda: (
            "token",
            f'curl -H "PRIVATE-TOKEN: glpat-{p.rand(ALNUM + "_-", 20)}" https://gitlab.acme.io/api/v4/projects',
        ),
        lambda: (
            "token",
            f'curl https://api.anthropic.com/v1/messages -H "x-api-key: sk-ant-api03-{p.rand(ALNUM + "_-", 93)}AA"',
        ),
        lambda: ("token", f"square access token EAAA{p.rand(ALNUM + '_-', 60)}"),
        lambda: (
            "wireguard",
            f"[Interface]\nPrivateKey = {p.rand(B64, 43)}=\nAddress = 10.8.0.2/24",
        ),
        lambda: (
            "age",
            f"AGE-SECRET-KEY-1{p.rand('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}",
        ),
        lambda: (
            "seed",
            f"wallet recovery phrase: {' '.join(p.pick(BIP39) for _ in range(12))}",
        ),
        lambda: (
            "tfstate",
            f'"attributes": {{"name": "db", "password": "{pw()}", "port": 5432}}',
        ),
        lambda: ("chat", f"Login for the staging admin: admin@acme.io pw {pw()}"),
        lambda: ("chat", f"user: {u()}, pass: {pw()}"),
        lambda: ("chat", f"creds -> {u()} / {pw()}"),
        lambda: (
            "chat",
            f"passcode for the conference bridge admin: {p.r.randint(100000, 999999)}",
        ),
        lambda: ("de", f"Das Passwort ist {pw()}"),
        lambda: ("fr", f"Identifiants : admin / {pw()}"),
        lambda: ("es", f"usuario: admin contraseña: {pw()}"),
        lambda: ("it", f"credenziali: {u()} / {pw()}"),
        lambda: ("nl", f"gebruikersnaam {u()}, wachtwoord {pw()}"),
        lambda: ("pl", f"login: {u()} hasło: {pw()}"),
        lambda: ("pt", f"login {u()} senha {pw()}"),
        lambda: ("tr", f"kullanıcı adı: {u()} şifre: {pw()}"),
        lambda: ("ja", f"ID: {u()} / PW: {pw()}"),
        lambda: ("ko", f"비밀번호: {pw()}"),
        lambda: (
            "log",
            f"2026-11-02 DEBUG db: connecting with 'Server={h()};Uid={u()};Pwd={pw()};'",
        ),
        lambda: ("yaml", f"smtp:\n  user: alerts@acme.io\n  pass: {pw()}"),
        lambda: ("ini", f"[ldap]\nbind_dn = cn=svc,dc=acme,dc=io\nbind_pw = {pw()}"),
        lambda: ("env", f"JWT_SECRET={p.rand(ALNUM, 48)}"),
        lambda: ("env", f"SECRET_KEY_BASE={p.sha(128)}"),
        lambda: ("env", f"DJANGO_SECRET_KEY='{p.rand(ALNUM + '!@#$%^&*(-_=+)', 50)}'"),
    ]


def pii_templates_3(p: Probe) -> list[Callable[[str, str, str], str]]:
    return [
        lambda w, v, n: (
            f"| Name | Role | {w} |\n|---|---|---|\n| {n} | engineer | {v} |"
        ),
        lambda w, v, n: (
            f'{{"employee": {{"name": "{n}", "documents": {{"{w}": "{v}"}}}}}}'
        ),
        lambda w, v, n: f"Die {w} von {n} lautet {v}.",
        lambda w, v, n: f"{n} se registró con {w} {v} ayer.",
        lambda w, v, n: f"{n}, {w} {v}, solicitou o reembolso.",
        lambda w, v, n: f"TODO: mask {w} ({v}) in the export for {n.split()[0]}",
        lambda w, v, n: f"{w}={v}; name={n}; status=pending",
        lambda w, v, n: f"Q: what's {n.split()[0]}'s {w}?\nA: {v}",
        lambda w, v, n: f"scan of the ID card — {w}: {v} — holder {n}",
        lambda w, v, n: f"{n} ({v}, {w}) joined the team in March.",
    ]


def other_pii_3(p: Probe) -> list[Callable[[], tuple[str, str, str]]]:
    n = p.name
    return [
        lambda: (lambda e: ("email", f"send the contract to {e}", e))(
            f"{p.pick(FIRST).lower()}_{p.r.randint(1, 99)}@{p.pick(('hotmail.com', 'icloud.com', 'naver.com', 'qq.com'))}"
        ),
        lambda: (lambda t: ("phone", f"{n()} WhatsApp: {t}", t))(
            p.pick(
                (
                    "+971 50 123 4567",
                    "+90 532 123 45 67",
                    "+27 82 123 4567",
                    "+62 812-3456-7890",
                    "+52 55 1234 5678",
                )
            )
        ),
        lambda: (lambda t: ("phone", f"Handy {n()}: {t}", t))(
            p.pick(("0151 23456789", "0170 1234567", "0176 98765432"))
        ),
        lambda: (lambda c: ("card", f"cc on file {c} exp 11/27 cvv on the back", c))(
            p.v.card()
        ),
        lambda: (lambda i: ("iban", f"IBAN: {i}", i))(p.v.iban()),
    ]


def clean_templates_3(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS))
    return [
        lambda: (
            "wireguard",
            f"[Peer]\nPublicKey = {p.rand(B64, 43)}=\nAllowedIPs = 10.8.0.0/24\nEndpoint = {h()}:51820",
        ),
        lambda: (
            "vault_file",
            "ansible-vault encrypt group_vars/prod.yml --vault-password-file ~/.vault_pass",
        ),
        lambda: ("ssh", f"ssh -i ~/.ssh/id_ed25519 -p 2222 {u()}@{h()}"),
        lambda: (
            "k8s",
            f"Name:         db-creds\nType:  Opaque\nData\n====\npassword:  {p.r.randint(8, 40)} bytes\nusername:  {p.r.randint(3, 12)} bytes",
        ),
        lambda: (
            "k8s",
            "kubectl get secret db-creds -n prod -o jsonpath='{.data.password}' | base64 -d",
        ),
        lambda: (
            "git",
            f'git commit -m "rotate the staging token (INC-{p.r.randint(1000, 9999)})"',
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: I forgot my password again lol, reset link please",
        ),
        lambda: (
            "prose",
            f"token bucket limiter: {p.r.randint(10, 500)} tokens/s, burst {p.r.randint(10, 99)}",
        ),
        lambda: (
            "hardware",
            f"connect pin {p.r.randint(2, 40)} of the header to GND, then pin {p.r.randint(2, 40)} to 3V3",
        ),
        lambda: (
            "tests",
            f"CI passes {p.r.randint(100, 999)}/{p.r.randint(1000, 1200)} tests, pass rate {p.r.randint(90, 99)}.{p.r.randint(0, 9)}%",
        ),
        lambda: (
            "travel",
            f"boarding pass: seat {p.r.randint(1, 40)}{p.pick('ABCDEF')}, gate B{p.r.randint(1, 60)}, flight TK{p.r.randint(1000, 1999)}",
        ),
        lambda: ("prose", "The key insight: store key: value pairs, not blobs."),
        lambda: (
            "prose",
            f"secret santa budget {p.r.randint(10, 50)} €, draw on Friday",
        ),
        lambda: (
            "log",
            f'127.0.0.1 - - [02/Nov/2026:10:{p.r.randint(10, 59)}:00 +0000] "GET /api/me HTTP/1.1" 401 {p.r.randint(20, 200)} "-" "curl/8.5.0"',
        ),
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} went to a support group on {p.r.randint(1, 28)} May 2023 and felt accepted.",
        ),
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} has been painting for {p.r.randint(2, 15)} years and sold {p.r.randint(2, 30)} pieces.",
        ),
        lambda: (
            "version",
            f"Version {p.r.randint(1, 9)}.{p.r.randint(0, 30)}.{p.r.randint(0, 9)}-rc{p.r.randint(1, 5)} released",
        ),
        lambda: (
            "price",
            f"Rechnungsbetrag {p.r.randint(1, 9)}.{p.r.randint(100, 999)},{p.r.randint(10, 99)} € (netto {p.r.randint(100, 999)},{p.r.randint(10, 99)} €)",
        ),
        lambda: (
            "zip",
            f"ship to ZIP {p.r.randint(10000, 99999)}, box {p.r.randint(1, 20)} of {p.r.randint(20, 40)}",
        ),
        lambda: (
            "color",
            f"brand colours #{p.sha(6)} and #{p.sha(6)}, radius {p.r.randint(2, 16)}px",
        ),
        lambda: (
            "ulid",
            f"event 01H{p.rand('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 23)} processed",
        ),
        lambda: (
            "ipfs",
            f"pinned to IPFS: Qm{p.rand('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 44)}",
        ),
        lambda: (
            "eth",
            f"tx 0x{p.sha(64)} confirmed in block {p.r.randint(10**7, 2 * 10**7)}",
        ),
        lambda: (
            "image",
            f"image ghcr.io/acme/api:sha-{p.sha(7)} deployed to {p.pick(('prod', 'stage'))}",
        ),
        lambda: ("prose", "OTP sent to the user's phone; it expires after 5 minutes."),
        lambda: ("cli", "docker secret create db_pw --password-file /run/secrets/pw"),
        lambda: ("prose", "We store the password in 1Password under 'Staging DB'."),
        lambda: (
            "prose",
            "Backup codes were regenerated; the old ones are invalid now.",
        ),
        lambda: ("code", "hashed = hashlib.sha256(password.encode()).hexdigest()"),
        lambda: (
            "code",
            "if (!token) return res.status(401).json({ error: 'missing token' });",
        ),
        lambda: (
            "config",
            "[security]\nmin_password_length = 12\nlockout_after = 5\ntoken_ttl_minutes = 30",
        ),
        lambda: (
            "sql",
            f"UPDATE users SET password_reset_at = now() WHERE id = {p.r.randint(1, 99999)};",
        ),
        lambda: (
            "metrics",
            f"heap {p.r.randint(100, 999)} MB, gc pause {p.r.randint(1, 99)} ms, threads {p.r.randint(10, 200)}, uptime {p.r.randint(1, 99)}d",
        ),
        lambda: (
            "phoneish",
            f"Call ID {p.r.randint(10**9, 10**10)} lasted {p.r.randint(1, 59)} min (recording off)",
        ),
        lambda: (
            "bank_format",
            f"transfer ref RF{p.r.randint(10, 99)} {p.r.randint(1000, 9999)} {p.r.randint(1000, 9999)}, amount {p.r.randint(10, 999)},00 EUR",
        ),
        lambda: (
            "math",
            f"{p.r.randint(1000, 9999)} × {p.r.randint(1000, 9999)} = a {p.r.randint(7, 8)}-digit number",
        ),
        lambda: (
            "calendar",
            f"Q{p.r.randint(1, 4)} planning: {p.r.randint(10, 60)} story points, {p.r.randint(2, 9)} engineers, {p.r.randint(1, 12)} sprints",
        ),
        lambda: (
            "hash",
            f"bcrypt cost {p.r.randint(10, 14)}, argon2 memory {p.r.randint(16, 256)} MiB",
        ),
        lambda: ("placeholder", "DB_PASSWORD=<generated by terraform>"),
        lambda: ("placeholder", "password: \"{{ lookup('env', 'DB_PASSWORD') }}\""),
    ]


def build_3(seed: int, probe: str, per_set: int = 240) -> list[dict]:
    p = Probe(seed)
    rows: list[dict] = []
    secrets = secret_templates_3(p)
    for i in range(per_set):
        index = i % len(secrets)
        kind, text = secrets[index]()
        rows.append(
            {
                "text": text,
                "label": "secret",
                "kind": kind,
                "template": f"{probe}-s{index}",
            }
        )
    pii = pii_templates_3(p)
    others = other_pii_3(p)
    kinds = list(BLIND3_ID_WORDS)
    for i in range(per_set):
        if i % 6 == 5:
            index = (i // 6) % len(others)
            kind, text, value = others[index]()
            template = f"{probe}-o{index}"
        else:
            kind = kinds[i % len(kinds)]
            generator = NATIONAL_IDS[kind][0]
            value = getattr(p.v, generator)()
            index = p.r.randrange(len(pii))
            text = pii[index](p.pick(BLIND3_ID_WORDS[kind]), value, p.name())
            template = f"{probe}-p{index}"
        rows.append(
            {
                "text": text,
                "label": "pii",
                "kind": kind,
                "value": value,
                "template": template,
            }
        )
    clean = clean_templates_3(p)
    for i in range(per_set):
        index = i % len(clean)
        kind, text = clean[index]()
        rows.append(
            {
                "text": text,
                "label": "clean",
                "kind": kind,
                "template": f"{probe}-c{index}",
            }
        )
    for row in rows:
        row["probe"] = probe
        row["id"] = hashlib.sha256(row["text"].encode()).hexdigest()[:16]
    return rows


# Probe `blind4`: written after blind3's misses were fixed, before scoring it.
GENERIC_ID_WORDS = (
    "national ID",
    "ID number",
    "personal number",
    "citizen ID",
    "identity card no.",
    "ID",
)
BLIND4_KINDS = (
    "in_aadhaar",
    "pl_pesel",
    "br_cpf",
    "cn_ric",
    "mx_curp",
    "za_idnr",
    "kr_rrn",
    "tr_tckimlik",
    "th_pin",
    "id_nik",
    "pk_cnic",
    "ch_ahv",
    "no_fnr",
    "se_pnr",
    "fi_hetu",
    "ro_cnp",
    "bg_egn",
    "ee_ik",
    "be_nn",
    "hr_oib",
    "it_cf",
    "es_dni",
    "nl_bsn",
    "us_ssn",
    "ca_sin",
    "cl_rut",
    "ar_cuit",
    "my_nric",
    "il_idnr",
    "jp_mynumber",
)


def secret_templates_4(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u, pw = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS)), p.pw
    return [
        lambda: ("chat", f"here's the prod token: `{p.ghp()}` (expires friday)"),
        lambda: (
            "md",
            f"```\nSTRIPE_SECRET=sk_live_{p.rand(ALNUM, 24)}\nSTRIPE_WEBHOOK_SECRET=whsec_{p.rand(ALNUM, 32)}\n```",
        ),
        lambda: ("yaml", f'maps:\n  apiKey: "AIza{p.rand(ALNUM + "_-", 35)}"'),
        lambda: ("code", f'headers = {{"Authorization": "Token {p.sha(40)}"}}'),
        lambda: (
            "cli",
            f'curl -b "session={p.rand(ALNUM, 40)}" https://admin.acme.io/export',
        ),
        lambda: (
            "cli",
            f'http POST :8000/api/items Authorization:"Bearer {p.rand(ALNUM, 40)}"',
        ),
        lambda: (
            "cli",
            f"git remote set-url origin https://oauth2:glpat-{p.rand(ALNUM + '_-', 20)}@gitlab.com/acme/app.git",
        ),
        lambda: ("cli", f"npm config set //npm.pkg.github.com/:_authToken {p.ghp()}"),
        lambda: ("cli", f"yarn config set npmAuthToken {p.rand(ALNUM, 36)}"),
        lambda: ("cli", f'gh secret set SMTP_PASSWORD --body "{pw()}"'),
        lambda: (
            "cli",
            f"heroku config:set DATABASE_URL=postgres://{u()}:{p.rand(ALNUM, 20)}@{h()}:5432/app",
        ),
        lambda: ("cli", f"fly secrets set API_KEY={p.rand(ALNUM, 32)}"),
        lambda: ("cli", f"docker exec -e PGPASSWORD={pw()} -it pg psql -U {u()}"),
        lambda: (
            "cli",
            f'mongodump --uri "mongodb://{u()}:{p.rand(ALNUM, 16)}@{h()}:27017/app" --out /backup',
        ),
        lambda: (
            "cli",
            f"ldapadd -x -D cn=admin,dc=acme,dc=io -w {pw()} -f users.ldif",
        ),
        lambda: (
            "cli",
            f"wp user create bob bob@acme.io --role=editor --user_pass={pw()}",
        ),
        lambda: ("cli", f"mysqladmin -u root password '{pw()}'"),
        lambda: ("sql", f"ALTER USER {u()} WITH PASSWORD '{pw()}';"),
        lambda: ("sql", f"CREATE USER '{u()}'@'%' IDENTIFIED BY '{pw()}';"),
        lambda: (
            "cli",
            f"ipmitool -I lanplus -H 10.0.9.{p.r.randint(2, 250)} -U ADMIN -P {pw()} chassis power status",
        ),
        lambda: ("cisco", f"username admin privilege 15 password 0 {pw()}"),
        lambda: (
            "cli",
            f"wpa_passphrase AcmeOffice '{pw()}' >> /etc/wpa_supplicant.conf",
        ),
        lambda: ("cli", f"nmcli dev wifi connect AcmeGuest password '{pw()}'"),
        lambda: ("windows", f"cmdkey /add:fileserver01 /user:ACME\\{u()} /pass:{pw()}"),
        lambda: ("chat", f"fyi new pw is {pw()}"),
        lambda: ("chat", f"the pin for the company card is {p.r.randint(1000, 9999)}"),
        lambda: (
            "chat",
            f"my bank login is user {p.pick(FIRST).lower()}{p.r.randint(10, 99)} pass {pw()}",
        ),
        lambda: (
            "ticket",
            f"Password reset to {pw()} for user {u()} per phone request.",
        ),
        lambda: ("cs", f"heslo je {pw()}"),
        lambda: ("hu", f"jelszó: {pw()}"),
        lambda: ("ro", f"parola: {pw()}"),
        lambda: ("el", f"κωδικός: {pw()}"),
        lambda: ("vi", f"mật khẩu: {pw()}"),
        lambda: ("id", f"kata sandi: {pw()}"),
        lambda: ("ar", f"كلمة المرور: {pw()}"),
        lambda: ("he", f"סיסמה: {pw()}"),
        lambda: ("hi", f"पासवर्ड: {pw()}"),
        lambda: ("da", f"adgangskode: {pw()}"),
        lambda: ("fi", f"salasana on {pw()}"),
        lambda: ("no", f"passordet er {pw()}"),
    ]


def pii_templates_4(p: Probe) -> list[Callable[[str, str, str], str]]:
    return [
        lambda w, v, n: f"Visitor badge for {n}: {w} {v}, valid until Friday",
        lambda w, v, n: f"{n} forgot the {w} on the form, added later: {v}",
        lambda w, v, n: f"[support] customer {n} read out her {w} — {v} — to verify",
        lambda w, v, n: f"- [ ] redact {v} ({n}'s {w}) from the screenshot",
        lambda w, v, n: f"Passport copy + {w} {v} received from {n}",
        lambda w, v, n: f"{n}; {w}; {v}; 2026-02-11",
        lambda w, v, n: (
            f"hey, what's the {w} for {n.split()[0]} again? think it was {v}"
        ),
        lambda w, v, n: f"{w}:\n  {v}\nholder: {n}",
    ]


def other_pii_4(p: Probe) -> list[Callable[[], tuple[str, str, str]]]:
    n = p.name
    return [
        lambda: (
            lambda t: (
                "phone",
                f"BEGIN:VCARD\nFN:{n()}\nTEL;TYPE=cell:{t}\nEND:VCARD",
                t,
            )
        )(p.pick(("+49 151 23456789", "+44 7911 123456", "+33 6 12 34 56 78"))),
        lambda: (lambda t: ("phone", f"{n()}'s mobile is {t}", t))(
            p.pick(("07911 123456", "0612345678", "+91 98765 43210"))
        ),
        lambda: (lambda e: ("email", f"Reply-To: {n()} <{e}>", e))(
            f"{p.pick(FIRST).lower()}@{p.pick(('acme.io', 'gmail.com', 'posteo.de'))}"
        ),
        lambda: (lambda c: ("card", f"Karte: {c} (gültig bis 03/29)", c))(p.v.card()),
        lambda: (lambda i: ("iban", f"Kontoverbindung: {i}, BIC GENODEF1XXX", i))(
            p.v.iban()
        ),
    ]


def clean_templates_4(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    return [
        lambda: (
            "prose",
            "pw reset flow: user enters email, gets a link valid for 30 minutes",
        ),
        lambda: (
            "prose",
            "Use `mysql -p` and type the password when asked; never put it on the command line.",
        ),
        lambda: ("sql", "ALTER USER app WITH PASSWORD :'new_password';"),
        lambda: ("sql", "CREATE USER 'app'@'%' IDENTIFIED BY '<password>';"),
        lambda: ("cli", "gh secret set API_KEY < key.txt"),
        lambda: (
            "cli",
            f"$ fly secrets list\nNAME     DIGEST                  CREATED AT\nAPI_KEY  {p.sha(16)}        2m ago",
        ),
        lambda: (
            "diff",
            "-      password: ${{ secrets.DB_PASSWORD }}\n+      password: ${{ secrets.PG_PASSWORD }}",
        ),
        lambda: (
            "prose",
            f"the pin code feature ships in v{p.r.randint(2, 5)}.{p.r.randint(0, 9)}",
        ),
        lambda: (
            "prose",
            f"See RFC 7519 section 4.1.4, CVE-2024-{p.r.randint(1000, 9999)}, port 5432, HTTP 429, ISO 27001.",
        ),
        lambda: (
            "order",
            f"Bestellnummer 302-{p.r.randint(1000000, 9999999)}-{p.r.randint(1000000, 9999999)}, Sendungsnummer 00340434{p.r.randint(10**11, 10**12 - 1)}",
        ),
        lambda: (
            "invoice",
            f"Rechnungsnr. 2026-{p.r.randint(10000, 99999)}, Kundennr. {p.r.randint(10**6, 10**8)}",
        ),
        lambda: (
            "prose",
            "We need to validate PESEL and CPF numbers in the signup form.",
        ),
        lambda: (
            "commit",
            f"fix SSN regex (ticket {p.r.randint(1000, 9999)}), add tests for 9-digit inputs",
        ),
        lambda: (
            "prose",
            f"AHV-Rente: {p.r.randint(1, 3)}.{p.r.randint(100, 999)} CHF pro Monat",
        ),
        lambda: ("math", "sin(1) ≈ 0.841470984 and cos(1) ≈ 0.540302305"),
        lambda: ("prose", "NHS 111 for advice, 999 for emergencies"),
        lambda: ("prose", "PAN and tilt the camera to frame the whiteboard"),
        lambda: (
            "date",
            f"deployed 2026-{p.r.randint(1, 12):02d}-{p.r.randint(1, 28):02d}T{p.r.randint(0, 23):02d}:{p.r.randint(0, 59):02d}:00Z by {p.pick(USERS)}",
        ),
        lambda: (
            "jwks",
            f'{{"kty": "RSA", "e": "AQAB", "use": "sig", "kid": "{p.sha(8)}", "n": "{p.rand(ALNUM + "-_", 342)}"}}',
        ),
        lambda: (
            "oauth",
            f"GOOGLE_CLIENT_ID={p.r.randint(10**11, 10**12)}-{p.rand('abcdefghijklmnopqrstuvwxyz0123456789', 32)}.apps.googleusercontent.com",
        ),
        lambda: ("stripe_pk", f"STRIPE_PUBLISHABLE_KEY=pk_live_{p.rand(ALNUM, 24)}"),
        lambda: (
            "sentry",
            f"SENTRY_DSN=https://{p.sha(32)}@o{p.r.randint(100000, 999999)}.ingest.sentry.io/{p.r.randint(1000000, 9999999)}",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: booked the Airbnb for {p.r.randint(2, 6)} nights, {p.r.randint(300, 1500)} € total",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: my daughter scored {p.r.randint(70, 100)}/100 on the math test!",
        ),
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} adopted a dog named {p.pick(WORDS)} in {p.pick(('March', 'June', 'October'))} {p.r.randint(2019, 2025)}.",
        ),
        lambda: (
            "log",
            f"[{p.r.randint(10, 23)}:{p.r.randint(10, 59)}:{p.r.randint(10, 59)}] worker-{p.r.randint(1, 9)} processed batch {p.r.randint(10**5, 10**7)} ({p.r.randint(100, 9999)} items) in {p.r.randint(1, 999)} ms",
        ),
        lambda: (
            "k8s",
            f"pod/api-{p.sha(10)}-{p.rand('abcdefghijklmnopqrstuvwxyz0123456789', 5)}   1/1   Running   0   {p.r.randint(1, 59)}m",
        ),
        lambda: (
            "prose",
            "Passwords are hashed with argon2id; tokens are rotated every 24 hours.",
        ),
        lambda: (
            "prose",
            f"Lösung: Kennwort-Richtlinie auf {p.r.randint(10, 16)} Zeichen erhöht.",
        ),
        lambda: (
            "prose",
            "Le jeton d'accès expire après une heure; le mot de passe après 90 jours.",
        ),
        lambda: (
            "table",
            f"| metric | value |\n|---|---|\n| p95 | {p.r.randint(10, 99)}.{p.r.randint(0, 9)} ms |\n| rows | {p.r.randint(10**6, 10**9)} |",
        ),
        lambda: (
            "csv",
            f"date,orders,revenue\n2026-10-{p.r.randint(10, 28)},{p.r.randint(100, 9999)},{p.r.randint(10**4, 10**7)}",
        ),
        lambda: ("prose", "Set `PGPASSFILE=~/.pgpass` and keep the file mode 0600."),
        lambda: ("prose", "The WPA2 key is printed on the router's label."),
        lambda: (
            "phone_doc",
            "Format phone numbers as E.164, e.g. +<country><number>.",
        ),
    ]


def build_4(seed: int, probe: str, per_set: int = 240) -> list[dict]:
    p = Probe(seed)
    rows: list[dict] = []
    secrets = secret_templates_4(p)
    for i in range(per_set):
        index = i % len(secrets)
        kind, text = secrets[index]()
        rows.append(
            {
                "text": text,
                "label": "secret",
                "kind": kind,
                "template": f"{probe}-s{index}",
            }
        )
    pii = pii_templates_4(p)
    others = other_pii_4(p)
    for i in range(per_set):
        if i % 6 == 5:
            index = (i // 6) % len(others)
            kind, text, value = others[index]()
            template = f"{probe}-o{index}"
        else:
            kind = BLIND4_KINDS[i % len(BLIND4_KINDS)]
            generator, words = NATIONAL_IDS[kind]
            value = getattr(p.v, generator)()
            index = p.r.randrange(len(pii))
            word = p.pick(GENERIC_ID_WORDS) if p.r.random() < 0.4 else p.pick(words)
            text = pii[index](word, value, p.name())
            template = f"{probe}-p{index}"
        rows.append(
            {
                "text": text,
                "label": "pii",
                "kind": kind,
                "value": value,
                "template": template,
            }
        )
    clean = clean_templates_4(p)
    for i in range(per_set):
        index = i % len(clean)
        kind, text = clean[index]()
        rows.append(
            {
                "text": text,
                "label": "clean",
                "kind": kind,
                "template": f"{probe}-c{index}",
            }
        )
    for row in rows:
        row["probe"] = probe
        row["id"] = hashlib.sha256(row["text"].encode()).hexdigest()[:16]
    return rows


# Probe `blind5`: written after blind4's misses were fixed, before scoring it.
# Meant to be representative rather than adversarial: the everyday shapes an
# agent's notes take, secrets and ids as people mention them in passing.
def secret_templates_5(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u, pw = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS)), p.pw
    return [
        lambda: ("note", f"Note: staging DB creds are {u()} / {pw()}"),
        lambda: ("note", f"TODO rotate: OPENAI key sk-proj-{p.rand(ALNUM + '-_', 48)}"),
        lambda: ("note", f"set GITHUB_TOKEN={p.ghp()} in CI settings"),
        lambda: (
            "note",
            f"aws creds for the sandbox: {p.aws_key()} / {p.aws_secret()}",
        ),
        lambda: ("chat", f"ssh password for the pi is {pw()}"),
        lambda: ("chat", f"router admin: http://192.168.0.1 admin/{pw()}"),
        lambda: ("cli", f"127.0.0.1:6379> AUTH default {p.rand(ALNUM, 20)}"),
        lambda: ("chat", f"my netflix password is {pw()}"),
        lambda: ("chat", f"wifi: AcmeHome / {pw()}"),
        lambda: (
            "token",
            f"api token for grafana: glsa_{p.rand(ALNUM, 32)}_{p.sha(8)}",
        ),
        lambda: ("env", f"`export NPM_TOKEN=npm_{p.rand(ALNUM, 36)}`"),
        lambda: ("chat", f"SSH key passphrase: {pw()}"),
        lambda: (
            "key",
            "BitLocker recovery key: "
            + "-".join(f"{p.r.randint(0, 999999):06d}" for _ in range(8)),
        ),
        lambda: ("chat", f"VPN PSK: {pw()}"),
        lambda: ("chat", f"use root:{pw()} on the serial console"),
        lambda: ("chat", f"login with deploy@acme.io and {pw()}"),
        lambda: ("chat", f"sudo password is the same as my laptop: {pw()}"),
        lambda: ("env", f"the .env has DB_PASS={pw()}"),
        lambda: ("cli", f"PASS={pw()} ./run.sh --env prod"),
        lambda: ("cli", f"kubectl --token={p.jwt()} get pods -A"),
        lambda: (
            "chat",
            f"use `Authorization: Bearer {p.rand(ALNUM, 48)}` for the partner API",
        ),
        lambda: (
            "yaml",
            f"oauth:\n  client_id: acme-web\n  client_secret: {p.rand(ALNUM, 40)}",
        ),
        lambda: (
            "key",
            f"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA{p.rand(B64, 40)}\n{p.rand(B64, 70)}\n-----END OPENSSH PRIVATE KEY-----",
        ),
        lambda: ("chat", f"the encryption key is {p.sha(64)}"),
        lambda: ("env", f"HMAC secret {p.rand(ALNUM, 32)}"),
        lambda: ("token", f"Jenkins API token 11{p.sha(32)}"),
        lambda: ("pgpass", f"{h()}:5432:*:{u()}:{pw()}"),
        lambda: ("url", f"mysql://{u()}:{p.rand(ALNUM, 16)}@{h()}/app"),
        lambda: ("de", f"Mein Passwort für die Bank ist {pw()}"),
        lambda: ("fr", f"le code wifi c'est {pw()}"),
        lambda: ("es", f"te paso la contraseña: {pw()}"),
        lambda: ("pt", f"a senha do wifi é {pw()}"),
        lambda: ("it", f"la password è {pw()}"),
        lambda: ("pl", f"hasło to {pw()}"),
        lambda: ("nl", f"het wachtwoord is {pw()}"),
        lambda: ("tr", f"wifi şifresi {pw()}"),
        lambda: ("ru", f"пароль {pw()}"),
        lambda: ("ja", f"Wi-Fiのパスワード：{pw()}"),
        lambda: (
            "env",
            f"SLACK_BOT_TOKEN=xoxb-{p.r.randint(10**10, 10**11)}-{p.r.randint(10**12, 10**13)}-{p.rand(ALNUM, 24)}",
        ),
        lambda: ("env", f"ANTHROPIC_API_KEY=sk-ant-api03-{p.rand(ALNUM + '_-', 93)}AA"),
    ]


def pii_templates_5(p: Probe) -> list[Callable[[str, str, str], str]]:
    return [
        lambda w, v, n: f"{n} sent her {w} ({v}) for the visa application",
        lambda w, v, n: f"HR: updated {w} for {n} -> {v}",
        lambda w, v, n: f"Personal details — {n}, born 1984, {w} {v}",
        lambda w, v, n: f"my {w} is {v}",
        lambda w, v, n: f"{n} | {v} | {w}",
        lambda w, v, n: f"Bank asked for {n}'s {w}: {v}",
        lambda w, v, n: f"{w} {v}",
        lambda w, v, n: (
            f"Insurance claim for {n} — {w}: {v}, policy 88-{p.r.randint(1000, 9999)}"
        ),
    ]


def other_pii_5(p: Probe) -> list[Callable[[], tuple[str, str, str]]]:
    n = p.name
    return [
        lambda: (lambda e: ("email", f"{n()}'s new email: {e}", e))(
            f"{p.pick(FIRST).lower()}.{p.r.randint(70, 99)}@{p.pick(('gmail.com', 'outlook.com', 'web.de', 'yahoo.fr'))}"
        ),
        lambda: (lambda t: ("phone", f"text {n()} at {t} when you land", t))(
            p.pick(
                (
                    "+1 646 555 0187",
                    "+49 160 98765432",
                    "+44 7700 123456",
                    "+34 699 123 456",
                    "+39 347 123 4567",
                )
            )
        ),
        lambda: (lambda c: ("card", f"paid with {c}", c))(p.v.card()),
        lambda: (lambda i: ("iban", f"rent goes to {i}", i))(p.v.iban()),
        lambda: (lambda e: ("email", f"contact: {e}", e))(
            f"hr@{p.pick(('acme.io', 'example-shop.de', 'kanzlei-berg.at'))}"
        ),
    ]


def clean_templates_5(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS))
    return [
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} is planning a trip to {p.pick(('Lisbon', 'Kyoto', 'Lagos', 'Lima'))} in {p.pick(('May', 'August', 'December'))} with her sister.",
        ),
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} started learning the guitar {p.r.randint(2, 10)} months ago and practises every evening.",
        ),
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} ran a half marathon in {p.r.randint(1, 2)}:{p.r.randint(10, 59)} and wants to do a full one next year.",
        ),
        lambda: (
            "standup",
            f"standup: finished the migration for tenant {p.r.randint(100, 999)}, reviewing PR #{p.r.randint(1000, 9999)}, blocked on infra",
        ),
        lambda: ("cli", f"ssh {u()}@{h()} 'df -h && uptime'"),
        lambda: (
            "cli",
            f"psql -h {h()} -U {u()} -d reports -c 'select count(*) from orders'",
        ),
        lambda: (
            "cli",
            f"docker compose -f docker-compose.prod.yml up -d --scale worker={p.r.randint(2, 8)}",
        ),
        lambda: (
            "cli",
            "kubectl rollout restart deploy/api -n prod && kubectl get pods -n prod | grep api",
        ),
        lambda: (
            "price",
            f"groceries {p.r.randint(20, 120)},{p.r.randint(10, 99)} €, fuel {p.r.randint(40, 90)},{p.r.randint(10, 99)} €",
        ),
        lambda: (
            "numbers",
            f"the report has {p.r.randint(10, 99)} pages, {p.r.randint(1000, 99999)} words and {p.r.randint(5, 60)} figures",
        ),
        lambda: (
            "code",
            "def login(request):\n    form = LoginForm(request.POST)\n    if form.is_valid():\n        return redirect('home')",
        ),
        lambda: (
            "config",
            f"DEBUG=false\nALLOWED_HOSTS=acme.io\nWORKERS={p.r.randint(2, 16)}\nDB_HOST={h()}",
        ),
        lambda: (
            "url",
            f"see https://docs.acme.io/runbooks/{p.pick(('redis', 'postgres', 'kafka'))}#failover for the steps",
        ),
        lambda: (
            "git",
            f"git rebase -i HEAD~{p.r.randint(2, 9)} && git push --force-with-lease",
        ),
        lambda: (
            "log",
            f"2026-11-{p.r.randint(10, 28)} 10:{p.r.randint(10, 59)}:{p.r.randint(10, 59)} INFO request_id={p.sha(8)}-{p.sha(4)}-{p.sha(4)}-{p.sha(4)}-{p.sha(12)} status=200 duration_ms={p.r.randint(1, 900)}",
        ),
        lambda: (
            "prose",
            "Reminder: passwords go into the vault, never into notes or tickets.",
        ),
        lambda: (
            "prose",
            "The token endpoint returns 401 when the refresh token is expired.",
        ),
        lambda: (
            "prose",
            f"{p.pick(FIRST)} changed her password after the phishing test.",
        ),
        lambda: ("prose", "Der Schlüssel für den Keller hängt neben der Tür."),
        lambda: ("prose", "La clé USB est dans le tiroir du bureau."),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: can you send me the slides from {p.pick(('Monday', 'Tuesday', 'Friday'))}'s meeting?",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: my flight got moved to {p.r.randint(6, 22)}:{p.pick(('05', '15', '40'))}, I'll be late",
        ),
        lambda: (
            "meeting",
            f"Teams meeting ID: {p.r.randint(100, 999)} {p.r.randint(100, 999)} {p.r.randint(100, 999)} {p.r.randint(100, 999)}",
        ),
        lambda: (
            "product",
            f"ordered the {p.pick(('Sony WH-1000XM5', 'Dell U2723QE', 'Logitech MX Keys'))} for {p.r.randint(100, 600)} $, order {p.r.randint(100, 999)}-{p.r.randint(1000000, 9999999)}-{p.r.randint(1000000, 9999999)}",
        ),
        lambda: ("ssh_pub", f"deploy key (public): {p.ssh_pub()}"),
        lambda: ("cert", f"server.crt:\n{p.cert()}"),
        lambda: ("placeholder", "cp .env.example .env && edit DB_PASSWORD=change-me"),
        lambda: ("placeholder", "Authorization: Bearer <token>"),
        lambda: ("placeholder", "mysql -u root -p$MYSQL_ROOT_PASSWORD"),
        lambda: ("placeholder", "export AWS_SECRET_ACCESS_KEY=... # from the vault"),
        lambda: (
            "hash",
            f"commit {p.sha(40)}\nAuthor: {p.pick(FIRST)} <{p.pick(FIRST).lower()}@users.noreply.github.com>".split(
                "\nAuthor"
            )[0],
        ),
        lambda: (
            "sizes",
            f"image {p.r.randint(100, 900)} MB → {p.r.randint(20, 99)} MB after multi-stage build, layers {p.r.randint(5, 30)}",
        ),
        lambda: (
            "time",
            f"cron: {p.r.randint(0, 59)} {p.r.randint(0, 23)} * * 1-5 /usr/local/bin/backup.sh",
        ),
        lambda: (
            "ip",
            f"allowlist 203.0.113.{p.r.randint(1, 254)}/32 and 198.51.100.0/24 on port {p.r.randint(1024, 65535)}",
        ),
        lambda: (
            "temp",
            f"server room at {p.r.randint(18, 30)}°C, humidity {p.r.randint(30, 60)} %",
        ),
        lambda: (
            "recipe",
            f"{p.r.randint(2, 6)} eggs, {p.r.randint(100, 500)} g flour, {p.r.randint(100, 300)} ml milk, bake {p.r.randint(20, 50)} min",
        ),
        lambda: (
            "sports",
            f"score {p.r.randint(0, 5)}–{p.r.randint(0, 5)}, attendance {p.r.randint(10000, 80000):,}",
        ),
        lambda: (
            "address",
            f"new office: floor {p.r.randint(2, 30)}, room {p.r.randint(100, 999)}, building {p.pick('ABC')}",
        ),
        lambda: (
            "uuid",
            f"request {p.sha(8)}-{p.sha(4)}-{p.sha(4)}-{p.sha(4)}-{p.sha(12)} failed with 502",
        ),
        lambda: (
            "prose",
            "Our SSO uses OIDC; the client ID is public, the secret stays in the vault.",
        ),
    ]


def build_5(seed: int, probe: str, per_set: int = 240) -> list[dict]:
    p = Probe(seed)
    rows: list[dict] = []
    secrets = secret_templates_5(p)
    for i in range(per_set):
        index = i % len(secrets)
        kind, text = secrets[index]()
        rows.append(
            {
                "text": text,
                "label": "secret",
                "kind": kind,
                "template": f"{probe}-s{index}",
            }
        )
    pii = pii_templates_5(p)
    others = other_pii_5(p)
    kinds = list(NATIONAL_IDS)
    for i in range(per_set):
        if i % 4 == 3:
            index = (i // 4) % len(others)
            kind, text, value = others[index]()
            template = f"{probe}-o{index}"
        else:
            kind = p.pick(kinds)
            generator, words = NATIONAL_IDS[kind]
            value = getattr(p.v, generator)()
            index = p.r.randrange(len(pii))
            text = pii[index](p.pick(words), value, p.name())
            template = f"{probe}-p{index}"
        rows.append(
            {
                "text": text,
                "label": "pii",
                "kind": kind,
                "value": value,
                "template": template,
            }
        )
    clean = clean_templates_5(p)
    for i in range(per_set):
        index = i % len(clean)
        kind, text = clean[index]()
        rows.append(
            {
                "text": text,
                "label": "clean",
                "kind": kind,
                "template": f"{probe}-c{index}",
            }
        )
    for row in rows:
        row["probe"] = probe
        row["id"] = hashlib.sha256(row["text"].encode()).hexdigest()[:16]
    return rows


# Probe `blind6`: written after blind5's misses were fixed, scored once, and
# not tuned on: its first score is the figure reported for new text.
def secret_templates_6(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u, pw = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS)), p.pw
    nosym = lambda: p.rand(ALNUM, p.r.randint(12, 20))  # noqa: E731
    return [
        lambda: (
            "token",
            f"pls use this token for the staging bot: xoxb-{p.r.randint(10**10, 10**11)}-{p.r.randint(10**12, 10**13)}-{p.rand(ALNUM, 24)}",
        ),
        lambda: ("token", f"Mailgun: key-{p.sha(32)}"),
        lambda: ("chat", f"creds for the shared gmail: team@acme.io / {pw()}"),
        lambda: ("chat", f"the alarm code is {p.r.randint(1000, 999999)}"),
        lambda: ("de", f"Kennwort: {pw()}"),
        lambda: ("chat", f"new PW for the VPN -> {pw()}"),
        lambda: ("cli", f"psql 'postgresql://{u()}:{nosym()}@{h()}:5432/app'"),
        lambda: ("env", f"export DATABASE_PASSWORD='{pw()}'"),
        lambda: ("code", f"app.config['SECRET_KEY'] = '{p.rand(ALNUM, 32)}'"),
        lambda: ("code", f"SECRET_KEY = '{p.rand(ALNUM + '!@#$%^&*(-_=+)', 50)}'"),
        lambda: (
            "cli",
            f"curl 'https://api.acme.io/v1/report?token={p.rand(ALNUM, 40)}'",
        ),
        lambda: ("chat", f"ssh-add done, the passphrase was {pw()}"),
        lambda: ("token", f"Gitea token: {p.sha(40)}"),
        lambda: ("chat", f"the admin password for grafana is still {pw()}"),
        lambda: ("de", f"Zugang WLAN Gäste: Netz AcmeGast, Schlüssel {pw()}"),
        lambda: ("fr", f"mot de passe wifi : {pw()}"),
        lambda: ("es", f"contraseña nueva -> {pw()}"),
        lambda: ("pt", f"senha: {pw()} (não compartilhar)"),
        lambda: ("chat", f"her password is {p.pick(WORDS)}{p.r.randint(2019, 2026)}"),
        lambda: ("chat", f"SIM PIN is {p.r.randint(1000, 9999)}"),
        lambda: ("env", f"export HF_TOKEN=hf_{p.rand(ALNUM, 34)}"),
        lambda: ("ini", f"aws_session_token = IQoJb3JpZ2luX2Vj{p.rand(B64, 200)}"),
        lambda: ("cli", f"vault kv put secret/db password='{pw()}'"),
        lambda: (
            "cli",
            f"docker run -e API_TOKEN={p.rand(ALNUM, 32)} acme/worker:latest",
        ),
        lambda: ("cli", f"git config --global github.token {p.ghp()}"),
        lambda: ("netrc", f"machine github.com login {u()} password {p.ghp()}"),
        lambda: (
            "key",
            f"-----BEGIN DSA PRIVATE KEY-----\n{p.rand(B64, 64)}\n{p.rand(B64, 64)}\n-----END DSA PRIVATE KEY-----",
        ),
        lambda: ("chat", f"admin credentials → user: admin | pass: {pw()}"),
        lambda: ("yaml", f"smtp:\n  host: smtp.acme.io\n  password: '{pw()}'"),
        lambda: ("env", f"DB_URL=postgresql+psycopg://{u()}:{nosym()}@{h()}/db"),
    ]


def pii_templates_6(p: Probe) -> list[Callable[[str, str, str], str]]:
    return [
        lambda w, v, n: f"{n} called, {w} {v}, asked about the delayed payment",
        lambda w, v, n: (
            f"onboarding checklist for {n}: contract ✓, {w} ✓ ({v}), laptop ✗"
        ),
        lambda w, v, n: f"{w}: {v} / {n}",
        lambda w, v, n: f"please double check {n}'s {w}, I typed {v}",
        lambda w, v, n: f"{n}\t{w}\t{v}",
        lambda w, v, n: f"copied {w} {v} from the scan for {n}",
    ]


def other_pii_6(p: Probe) -> list[Callable[[], tuple[str, str, str]]]:
    n = p.name
    return [
        lambda: (lambda e: ("email", f"{n()} prefers email: {e}", e))(
            f"{p.pick(FIRST).lower()}{p.r.randint(1, 99)}@{p.pick(('gmail.com', 'hotmail.co.uk', 'gmx.de', 'orange.fr'))}"
        ),
        lambda: (lambda t: ("phone", f"{n()}, tel {t}", t))(
            p.pick(
                (
                    "+49 89 12345678",
                    "+33 1 42 68 53 00",
                    "+1 (312) 555-0112",
                    "+44 20 7946 0958",
                    "+48 22 123 45 67",
                )
            )
        ),
        lambda: (lambda c: ("card", f"card on file: {c}", c))(p.v.card()),
        lambda: (lambda i: ("iban", f"salary account {i}", i))(p.v.iban()),
    ]


def clean_templates_6(p: Probe) -> list[Callable[[], tuple[str, str]]]:
    h, u = (lambda: p.pick(HOSTS)), (lambda: p.pick(USERS))
    return [
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} told {p.pick(FIRST)} that her new job at the library starts in {p.pick(('June', 'July', 'September'))}.",
        ),
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} has two cats and volunteers at the shelter every {p.pick(('Saturday', 'Sunday'))}.",
        ),
        lambda: (
            "locomo",
            f"{p.pick(FIRST)} finished reading {p.r.randint(2, 30)} books this year.",
        ),
        lambda: (
            "dev",
            f"bumped pydantic to 2.{p.r.randint(0, 12)}.{p.r.randint(0, 9)}, {p.r.randint(1, 40)} tests fixed",
        ),
        lambda: ("dev", f"ssh -J bastion {u()}@{h()} then tail -f /var/log/app.log"),
        lambda: ("dev", f"redis-cli -h {h()} INFO memory | grep used_memory_human"),
        lambda: ("dev", f'psql -c "\\\\password {u()}"  # prompts twice'),
        lambda: (
            "dev",
            "kubectl create secret generic api-keys --from-env-file=.env.prod",
        ),
        lambda: ("dev", f"sha1 {p.sha(40)} matches the release notes"),
        lambda: (
            "dev",
            f"pipeline #{p.r.randint(10**5, 10**7)} passed in {p.r.randint(2, 40)}m{p.r.randint(10, 59)}s",
        ),
        lambda: (
            "finance",
            f"budget {p.r.randint(10, 99)}.{p.r.randint(100, 999)} € approved, {p.r.randint(2, 30)} % spent",
        ),
        lambda: (
            "travel",
            f"train ICE {p.r.randint(500, 1999)} coach {p.r.randint(1, 14)} seat {p.r.randint(11, 118)}, departs {p.r.randint(6, 22)}:{p.pick(('04', '28', '51'))}",
        ),
        lambda: (
            "health",
            f"ran {p.r.randint(3, 15)} km, avg HR {p.r.randint(120, 170)} bpm, {p.r.randint(300, 1200)} kcal",
        ),
        lambda: (
            "prose",
            "Keys were rotated last week; the old tokens no longer work.",
        ),
        lambda: ("prose", "Ask IT before sharing any password, even internally."),
        lambda: ("prose", "El token caduca a las 24 horas."),
        lambda: ("prose", "Das WLAN-Passwort steht auf der Rückseite des Routers."),
        lambda: (
            "placeholder",
            'export DATABASE_PASSWORD="$(vault kv get -field=password secret/db)"',
        ),
        lambda: ("placeholder", "SECRET_KEY = os.environ['SECRET_KEY']"),
        lambda: (
            "placeholder",
            "curl 'https://api.acme.io/v1/report?token=YOUR_TOKEN'",
        ),
        lambda: ("placeholder", "password: '{{ db_password }}'"),
        lambda: (
            "numbers",
            f"batch {p.r.randint(10**6, 10**8)}: {p.r.randint(100, 99999)} ok, {p.r.randint(0, 99)} failed",
        ),
        lambda: (
            "numbers",
            f"invoice #{p.r.randint(10**5, 10**9)} — {p.r.randint(10, 999)},{p.r.randint(10, 99)} € due {p.r.randint(1, 28)}.{p.r.randint(1, 12)}.",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: see you at 7, I'll bring the {p.pick(('cake', 'wine', 'board games'))}",
        ),
        lambda: (
            "chat",
            f"{p.pick(FIRST)}: the new monitor is {p.r.randint(24, 34)} inches, {p.r.randint(60, 240)} Hz",
        ),
        lambda: ("ssh_pub", f"{p.ssh_pub()}"),
        lambda: (
            "fingerprint",
            f"ED25519 key fingerprint is SHA256:{p.rand(ALNUM + '+/', 43)}.",
        ),
        lambda: (
            "cert",
            f"-----BEGIN CERTIFICATE REQUEST-----\nMII{p.rand(B64, 61)}\n{p.rand(B64, 64)}\n-----END CERTIFICATE REQUEST-----",
        ),
        lambda: (
            "git",
            f"Merge pull request #{p.r.randint(100, 9999)} from acme/fix-token-refresh",
        ),
        lambda: (
            "log",
            f"INFO auth: user {u()} logged in from 10.{p.r.randint(0, 255)}.{p.r.randint(0, 255)}.{p.r.randint(0, 255)} (mfa=totp)",
        ),
    ]


def build_6(seed: int, probe: str, per_set: int = 240) -> list[dict]:
    p = Probe(seed)
    rows: list[dict] = []
    secrets = secret_templates_6(p)
    for i in range(per_set):
        index = i % len(secrets)
        kind, text = secrets[index]()
        rows.append(
            {
                "text": text,
                "label": "secret",
                "kind": kind,
                "template": f"{probe}-s{index}",
            }
        )
    pii = pii_templates_6(p)
    others = other_pii_6(p)
    kinds = list(NATIONAL_IDS)
    for i in range(per_set):
        if i % 4 == 3:
            index = (i // 4) % len(others)
            kind, text, value = others[index]()
            template = f"{probe}-o{index}"
        else:
            kind = p.pick(kinds)
            generator, words = NATIONAL_IDS[kind]
            value = getattr(p.v, generator)()
            index = p.r.randrange(len(pii))
            text = pii[index](p.pick(words), value, p.name())
            template = f"{probe}-p{index}"
        rows.append(
            {
                "text": text,
                "label": "pii",
                "kind": kind,
                "value": value,
                "template": template,
            }
        )
    clean = clean_templates_6(p)
    for i in range(per_set):
        index = i % len(clean)
        kind, text = clean[index]()
        rows.append(
            {
                "text": text,
                "label": "clean",
                "kind": kind,
                "template": f"{probe}-c{index}",
            }
        )
    for row in rows:
        row["probe"] = probe
        row["id"] = hashlib.sha256(row["text"].encode()).hexdigest()[:16]
    return rows


def main() -> None:
    for probe, seed, builder in (
        ("blind1", 20261123, build),
        ("blind2", 20261124, build_2),
        ("blind3", 20261125, build_3),
        ("blind4", 20261126, build_4),
        ("blind5", 20261127, build_5),
        ("blind6", 20261128, build_6),
    ):
        path = HERE / f"sensitivity_{probe}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for row in builder(seed, probe):
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(path.name)


if __name__ == "__main__":
    main()
