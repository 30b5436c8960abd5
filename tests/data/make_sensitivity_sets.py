# ruff: noqa: E501 (the templates are data, one line each)
"""Generate the labelled sensitivity sets (issue 12): secrets, PII and clean.

Run `python tests/data/make_sensitivity_sets.py` to rewrite
`sensitivity_{secrets,pii,clean}.jsonl` next to this file. The output is
deterministic (fixed seed).

Each record: `id` (a stable hash of the text), `text`, `label` (`secret`,
`pii` or `clean`), `kind` (what is in it), `template` and `split`. Every
template belongs to one of two disjoint pools: `dev` templates (70 % of the
cases) are the ones the gate is tuned on; `heldout` templates (30 %) are
only scored, so the held-out figures are on sentences and syntaxes the
tuning never saw. For PII, `value` is the personal data the gate must find.
"""

from __future__ import annotations

import hashlib
import json
import random
import string
from collections.abc import Callable
from pathlib import Path

import phonenumbers
from stdnum import iban, luhn, verhoeff
from stdnum.br import cpf
from stdnum.ca import sin
from stdnum.cl import rut
from stdnum.cn import ric
from stdnum.in_ import aadhaar
from stdnum.kr import rrn
from stdnum.mx import curp
from stdnum.pl import pesel
from stdnum.us import ssn
from stdnum.za import idnr

SEED = 12
HERE = Path(__file__).resolve().parent
PER_CATEGORY = 720
DEV_SHARE = 0.7

R = random.Random(SEED)
ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = string.ascii_letters + string.digits + "+/"

WORDS = (
    "walrus tiger maple river falcon copper lemon harbor violet summit orbit "
    "panda cedar comet delta ember frost glacier hazel indigo jasper kettle "
    "lantern marble nectar oyster pepper quartz raven saffron timber"
).split()
NAMES = (
    "alice bob carla dmitri elena farid giulia hiro ines jonas kwame lena "
    "mateo nadia oskar priya quentin rosa sven tamara uma viktor wen yusuf"
).split()
SURNAMES = (
    "nguyen smith garcia kowalski muller rossi tanaka okafor silva dubois "
    "patel kim novak jensen haddad ivanova lopez berg costa sato"
).split()
DOMAINS = (
    "acme-corp.com example.org gmail.com outlook.com proton.me corp.internal "
    "mail.ru yahoo.co.in web.de uol.com.br"
).split()
HOSTS = "db.internal db01.prod 10.0.3.17 pg.staging.local mysql-primary".split()
USERS = "admin root deploy app_rw svc_backup reporting etl ci grafana".split()


def pick(seq):
    return R.choice(seq)


def rand(alphabet: str, n: int) -> str:
    return "".join(R.choice(alphabet) for _ in range(n))


def password() -> str:
    """Return a human-made password: words, digits and a symbol, or random."""
    style = R.randrange(5)
    word = pick(WORDS)
    if style == 0:
        leet = word.translate(str.maketrans("aeio", "4310"))
        return leet.capitalize() + pick("!&#$%@*") + str(R.randint(10, 999))
    if style == 1:
        return word.capitalize() + str(R.randint(1, 99)) + pick("!?#") + pick(WORDS)
    if style == 2:
        return rand(ALNUM, R.randint(10, 16)) + pick("!@#%^")
    if style == 3:
        return (
            pick(WORDS).capitalize()
            + pick("._-")
            + pick(WORDS)
            + str(R.randint(1970, 2026))
        )
    return rand(ALNUM + "!#%&*", R.randint(12, 20))


# Secrets: values.


def aws_id():
    return "AKIA" + rand(UPPER_DIGITS.replace("0", "").replace("1", ""), 16)


def aws_secret():
    return rand(ALNUM + "+/", 40)


def github():
    return pick(("ghp_", "gho_", "ghs_", "ghu_")) + rand(ALNUM, 36)


def gitlab():
    return "glpat-" + rand(ALNUM + "_-", 20)


def slack():
    return f"xoxb-{R.randint(10**10, 10**11)}-{R.randint(10**12, 10**13)}-" + rand(
        ALNUM, 24
    )


def stripe():
    return pick(("sk_live_", "rk_live_", "sk_test_")) + rand(ALNUM, 24)


def google():
    return "AIza" + rand(ALNUM + "_-", 35)


def sendgrid():
    return "SG." + rand(ALNUM + "_-", 22) + "." + rand(ALNUM + "_-", 43)


def openai():
    return "sk-proj-" + rand(ALNUM + "_-", 48)


def anthropic():
    return "sk-ant-api03-" + rand(ALNUM + "_-", 90)


def azure_storage():
    return "AccountKey=" + rand(B64, 86) + "=="


def twilio():
    return "SK" + rand(HEX, 32)


def mailgun():
    return "key-" + rand(HEX, 32)


def npm():
    return "npm_" + rand(ALNUM, 36)


def hf():
    return "hf_" + rand(ALNUM, 34)


def digitalocean():
    return "dop_v1_" + rand(HEX, 64)


def jwt():
    import base64

    def enc(obj) -> str:
        raw = json.dumps(obj, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    header = enc({"alg": pick(("HS256", "RS256")), "typ": "JWT"})
    body = enc({"sub": str(R.randint(1000, 99999)), "iat": R.randint(1.6e9, 1.8e9)})
    return f"{header}.{body}." + rand(ALNUM + "_-", 43)


def private_key():
    kind = pick(
        ("RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY")
    )
    body = "\n".join(rand(B64, 64) for _ in range(R.randint(2, 4)))
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----"


CLOUD = [
    ("aws_access_key", aws_id),
    ("github_token", github),
    ("gitlab_token", gitlab),
    ("slack_token", slack),
    ("stripe_key", stripe),
    ("google_api_key", google),
    ("sendgrid_key", sendgrid),
    ("openai_key", openai),
    ("anthropic_key", anthropic),
    ("npm_token", npm),
    ("huggingface_token", hf),
    ("digitalocean_token", digitalocean),
    ("twilio_key", twilio),
    ("mailgun_key", mailgun),
]

Template = Callable[[], tuple[str, str]]


def _s(kind: str, text: str) -> tuple[str, str]:
    return kind, text


# Dev pool: secrets.
SECRET_DEV: list[Template] = [
    lambda: _s(
        "mysql_cli", f"mysql -u {pick(USERS)} -p'{password()}' -h {pick(HOSTS)} app"
    ),
    lambda: _s("mysql_cli", f"mysql -u{pick(USERS)} -p{password()} shop < dump.sql"),
    lambda: _s(
        "psql_env",
        f"PGPASSWORD='{password()}' psql -h {pick(HOSTS)} -U {pick(USERS)} app",
    ),
    lambda: _s(
        "docker_login",
        f"docker login -u {pick(USERS)} -p '{password()}' registry.example.com",
    ),
    lambda: _s(
        "curl_user",
        f"curl -u {pick(USERS)}:{password()} https://ci.example.com/api/json",
    ),
    lambda: _s("sshpass", f"sshpass -p '{password()}' ssh {pick(USERS)}@{pick(HOSTS)}"),
    lambda: _s(
        "htpasswd", f"htpasswd -b /etc/nginx/.htpasswd {pick(USERS)} '{password()}'"
    ),
    lambda: _s("redis_cli", f"redis-cli -h {pick(HOSTS)} -a '{password()}' INFO"),
    lambda: _s(
        "mongo_uri",
        f"mongodb+srv://{pick(USERS)}:{password().replace('@', '')}@cluster0.ab1cd.mongodb.net/app",
    ),
    lambda: _s("env", f"export DB_PASSWORD={password()}"),
    lambda: _s(
        "env", f"{pick(('STRIPE', 'SENDGRID', 'MAILGUN'))}_SECRET='{rand(ALNUM, 28)}'"
    ),
    lambda: _s("yaml", f"database:\n  user: {pick(USERS)}\n  password: {password()}"),
    lambda: _s("ini", f"[client]\nuser = {pick(USERS)}\npassword = {password()}"),
    lambda: _s("json", f'{{"username": "{pick(USERS)}", "password": "{password()}"}}'),
    lambda: _s(
        "dotenv",
        f"REDIS_URL=redis://default:{password().replace('@', '')}@{pick(HOSTS)}:6379/0",
    ),
    lambda: _s("properties", f"spring.datasource.password={password()}"),
    lambda: _s(
        "conn_string",
        f"Server={pick(HOSTS)};Database=app;User Id={pick(USERS)};Password={password().replace(';', '')};",
    ),
    lambda: _s("prose", f"pw for the router -> {password()}"),
    lambda: _s("prose", f"The wifi password is {password()}"),
    lambda: _s("prose", f"{pick(NAMES).capitalize()}'s laptop login: {password()}"),
    lambda: _s("prose", f"Remember: vpn pass {password()} (expires Friday)"),
    lambda: _s("bearer", f"Authorization: Bearer {rand(ALNUM, 40)}"),
    lambda: _s("jwt", f"Session token from the staging login: {jwt()}"),
    lambda: _s("private_key", f"Deploy key for the runner:\n{private_key()}"),
    *[
        (
            lambda kind=kind, make=make: _s(
                kind,
                f"The {pick(('CI', 'backup', 'deploy', 'nightly'))} job uses {make()}",
            )
        )
        for kind, make in CLOUD
    ],
    lambda: _s("aws_secret", f"aws_secret_access_key = {aws_secret()}"),
    lambda: _s(
        "kubectl",
        f"kubectl create secret generic db --from-literal=password='{password()}'",
    ),
    lambda: _s(
        "openssl",
        f"openssl pkcs12 -export -in cert.pem -passout pass:{password()} -out bundle.p12",
    ),
    lambda: _s(
        "keytool",
        f"keytool -importcert -keystore app.jks -storepass {password()} -file ca.crt",
    ),
    lambda: _s(
        "net_use", f"net use Z: \\\\fs01\\share /user:CORP\\{pick(USERS)} {password()}"
    ),
    lambda: _s(
        "mount_cifs",
        f"mount -t cifs //nas/media /mnt/media -o username={pick(USERS)},password={password().replace(',', '')}",
    ),
    lambda: _s("rabbitmq", f"rabbitmqctl add_user {pick(USERS)} '{password()}'"),
    lambda: _s(
        "mongosh",
        f"mongosh --host {pick(HOSTS)} -u {pick(USERS)} -p '{password()}' --authenticationDatabase admin",
    ),
    lambda: _s(
        "wget",
        f"wget --http-user={pick(USERS)} --http-password={password()} https://files.example.com/a.tgz",
    ),
    lambda: _s(
        "powershell", f"$pw = ConvertTo-SecureString '{password()}' -AsPlainText -Force"
    ),
    lambda: _s(
        "git_url",
        f"git clone https://{pick(USERS)}:{rand(ALNUM, 30)}@github.com/acme/app.git",
    ),
    lambda: _s(
        "xml",
        f"<datasource><user>{pick(USERS)}</user><password>{password()}</password></datasource>",
    ),
    lambda: _s(
        "netrc", f"machine ftp.example.com login {pick(USERS)} password {password()}"
    ),
    lambda: _s("compose", f"environment:\n  - POSTGRES_PASSWORD={password()}"),
    lambda: _s(
        "pgpass",
        f"~/.pgpass: {pick(HOSTS)}:5432:app:{pick(USERS)}:{password().replace(':', '')}",
    ),
    lambda: _s("ansible", f"ansible_become_pass: {password()}"),
    lambda: _s("prose", f"The door code is {R.randint(1000, 999999)}"),
    lambda: _s("prose", f"creds for the staging box: {pick(USERS)} / {password()}"),
    lambda: _s(
        "prose",
        f"{pick(('Passwort', 'Kennwort', 'contraseña', 'mot de passe', 'senha', 'wachtwoord', 'hasło'))}: {password()}",
    ),
    lambda: _s(
        "prose", f"Her Netflix login is {pick(NAMES)}@example.com / {password()}"
    ),
    lambda: _s("api_header", f"X-Api-Key: {rand(ALNUM, 32)}"),
    lambda: _s(
        "dotnet_config",
        f'<add key="{pick(("Db", "Smtp", "Ldap"))}Password" value="{password()}" />',
    ),
    lambda: _s("java_props_xml", f'<entry key="smtp.password">{password()}</entry>'),
    lambda: _s(
        "sqlcmd", f"sqlcmd -S {pick(HOSTS)} -U sa -P '{password()}' -Q \"SELECT 1\""
    ),
    lambda: _s("aws_cli", f"aws configure set aws_secret_access_key {aws_secret()}"),
    lambda: _s(
        "jdbc",
        f"jdbc:mysql://{pick(HOSTS)}:3306/app?user={pick(USERS)}&password={password().replace('&', '')}",
    ),
    lambda: _s(
        "npmrc",
        f"//registry.npmjs.org/:_authToken={rand(HEX, 8)}-{rand(HEX, 4)}-{rand(HEX, 4)}-{rand(HEX, 4)}-{rand(HEX, 12)}",
    ),
    lambda: _s(
        "netrc", f"machine git.example.com login {pick(USERS)} password {rand(HEX, 24)}"
    ),
    lambda: _s(
        "azure_storage",
        f"DefaultEndpointsProtocol=https;AccountName=logs{R.randint(1, 99)};{azure_storage()};EndpointSuffix=core.windows.net",
    ),
]

# Held-out pool: other sentences, other syntaxes, never read while tuning.
SECRET_HELD: list[Template] = [
    lambda: _s(
        "mysql_cli",
        f"ran `mysqldump --user={pick(USERS)} --password='{password()}' crm > crm.sql` last night",
    ),
    lambda: _s(
        "psql_uri",
        f'psql "postgresql://{pick(USERS)}:{password().replace("@", "")}@{pick(HOSTS)}:5432/warehouse"',
    ),
    lambda: _s(
        "docker_login",
        f"echo done; docker login --username {pick(USERS)} --password {password()} ghcr.io",
    ),
    lambda: _s(
        "curl_user",
        f"curl --user '{pick(USERS)}:{password()}' -X POST https://jenkins.local/job/build",
    ),
    lambda: _s(
        "redis_cli", f"use `redis-cli -a {password()} -p 6380` on the cache box"
    ),
    lambda: _s(
        "ldap", f"ldapsearch -x -D cn=admin,dc=corp -w '{password()}' -b dc=corp"
    ),
    lambda: _s(
        "smb", f"smbclient //files/share -U {pick(USERS)}%{password().replace('%', '')}"
    ),
    lambda: _s(
        "env",
        f'set -x; export {pick(("API", "SERVICE", "APP"))}_TOKEN="{rand(ALNUM, 32)}"',
    ),
    lambda: _s(
        "toml", f'[auth]\nusername = "{pick(USERS)}"\npassword = "{password()}"'
    ),
    lambda: _s("xml", f'<property name="password" value="{password()}"/>'),
    lambda: _s(
        "netrc",
        f"machine api.heroku.com login {pick(NAMES)}@example.com password {rand(HEX, 8)}-{rand(HEX, 4)}-{rand(HEX, 4)}-{rand(HEX, 12)}",
    ),
    lambda: _s(
        "prose", f"{pick(NAMES).capitalize()} told me the alarm code is {password()}"
    ),
    lambda: _s("prose", f"new password for the NAS = {password()}"),
    lambda: _s("prose", f"wifi pw: {password()}"),
    lambda: _s("prose", f"login for the printer admin page is admin / {password()}"),
    lambda: _s("bearer", f"-H 'Authorization: Bearer {jwt()}'"),
    lambda: _s("private_key", f"{private_key()}"),
    *[
        (
            lambda kind=kind, make=make: _s(
                kind,
                f"{pick(NAMES).capitalize()} pasted {make()} into the chat by mistake",
            )
        )
        for kind, make in CLOUD
    ],
]


# PII: values.


def phone() -> tuple[str, str]:
    region = pick("US GB DE FR IN BR JP AU CA ES IT NL PL MX ZA KR CN SE CH NG".split())
    base = phonenumbers.example_number_for_type(
        region, phonenumbers.PhoneNumberType.MOBILE
    )
    for _ in range(200):
        national = str(base.national_number)
        changed = national[:-4] + f"{R.randint(0, 9999):04d}"
        number = phonenumbers.parse(f"+{base.country_code}{changed}")
        if phonenumbers.is_valid_number(number):
            break
    style = pick(
        (
            phonenumbers.PhoneNumberFormat.INTERNATIONAL,
            phonenumbers.PhoneNumberFormat.E164,
            phonenumbers.PhoneNumberFormat.INTERNATIONAL,
        )
    )
    return "phone_" + region, phonenumbers.format_number(number, style)


def email() -> tuple[str, str]:
    local = pick(NAMES) + pick((".", "_", "")) + pick(SURNAMES)
    return "email", local + pick(("", str(R.randint(1, 99)))) + "@" + pick(DOMAINS)


def card() -> tuple[str, str]:
    prefix, length = pick((("4", 16), ("51", 16), ("55", 16), ("37", 15), ("6011", 16)))
    body = prefix + rand(string.digits, length - len(prefix) - 1)
    digits = body + luhn.calc_check_digit(body)
    if length == 15:
        return "card", f"{digits[:4]} {digits[4:10]} {digits[10:]}"
    sep = pick((" ", "-", ""))
    return "card", sep.join(digits[i : i + 4] for i in range(0, 16, 4))


IBAN_BBAN = {
    "DE": lambda: rand(string.digits, 18),
    "FR": lambda: (
        rand(string.digits, 10) + rand(UPPER_DIGITS, 11) + rand(string.digits, 2)
    ),
    "GB": lambda: rand(string.ascii_uppercase, 4) + rand(string.digits, 14),
    "NL": lambda: rand(string.ascii_uppercase, 4) + rand(string.digits, 10),
    "ES": lambda: rand(string.digits, 20),
    "BE": lambda: rand(string.digits, 12),
    "CH": lambda: rand(string.digits, 17),
}


def iban_value() -> tuple[str, str]:
    for _ in range(500):
        country = pick(list(IBAN_BBAN))
        bban = IBAN_BBAN[country]()
        check = iban.calc_check_digits(country + "00" + bban)
        value = country + check + bban
        if iban.is_valid(value):
            return "iban", pick((value, iban.format(value)))
    raise RuntimeError("no valid IBAN")


def _until_valid(make: Callable[[], str], valid: Callable[[str], bool]) -> str:
    for _ in range(10000):
        value = make()
        if valid(value):
            return value
    raise RuntimeError("no valid number")


def _date6() -> str:
    return f"{R.randint(50, 99):02d}{R.randint(1, 12):02d}{R.randint(1, 28):02d}"


def aadhaar_value():
    body = str(R.randint(2, 9)) + rand(string.digits, 10)
    value = body + verhoeff.calc_check_digit(body)
    assert aadhaar.is_valid(value)
    return pick((aadhaar.format(value), value))


def pesel_value():
    def make():
        body = _date6() + rand(string.digits, 4)
        return body + pesel.calc_check_digit(body)

    return _until_valid(make, pesel.is_valid)


def cpf_value():
    value = _until_valid(lambda: rand(string.digits, 11), cpf.is_valid)
    return pick((cpf.format(value), value))


def ssn_value():
    value = _until_valid(
        lambda: (
            f"{R.randint(1, 665):03d}{R.randint(1, 99):02d}{R.randint(1, 9999):04d}"
        ),
        ssn.is_valid,
    )
    return ssn.format(value)


def sin_value():
    body = str(R.randint(1, 7)) + rand(string.digits, 7)
    value = body + luhn.calc_check_digit(body)
    return pick((sin.format(value), sin.format(value).replace("-", " ")))


def curp_value():
    def make():
        body = (
            rand(string.ascii_uppercase, 4)
            + _date6()
            + pick("HM")
            + pick(("DF", "JC", "NL", "VZ", "GT"))
            + rand("BCDFGHJKLMNPQRSTVWXYZ", 3)
            + pick(string.digits)
        )
        return body + curp.calc_check_digit(body + "0")

    return _until_valid(make, curp.is_valid)


def ric_value():
    def make():
        body = (
            pick(("110101", "310104", "440305", "510107"))
            + f"19{_date6()}"
            + rand(string.digits, 3)
        )
        return body + ric.calc_check_digit(body + "0")

    return _until_valid(make, ric.is_valid)


def za_value():
    def make():
        body = _date6() + rand(string.digits, 4) + pick("01") + "8"
        return body + luhn.calc_check_digit(body)

    return _until_valid(make, idnr.is_valid)


def rrn_value():
    def make():
        body = _date6() + pick("12") + rand(string.digits, 5)
        return body + rrn.calc_check_digit(body + "0")

    return rrn.format(_until_valid(make, rrn.is_valid))


def rut_value():
    body = str(R.randint(5_000_000, 25_000_000))
    return rut.format(body + rut.calc_check_digit(body))


NATIONAL = {
    "aadhaar": (aadhaar_value, ("Aadhaar", "Aadhaar no.", "UIDAI number")),
    "pesel": (pesel_value, ("PESEL", "numer PESEL")),
    "cpf": (cpf_value, ("CPF", "CPF nº")),
    "ssn": (ssn_value, ("SSN", "social security number")),
    "sin": (sin_value, ("SIN", "social insurance number")),
    "curp": (curp_value, ("CURP",)),
    "cn_ric": (ric_value, ("resident ID", "身份证")),
    "za_id": (za_value, ("SA ID number", "ID number")),
    "kr_rrn": (rrn_value, ("RRN", "resident registration number")),
    "cl_rut": (rut_value, ("RUT",)),
}


def national(held: bool) -> tuple[str, str, str]:
    kind = pick(list(NATIONAL))
    make, labels = NATIONAL[kind]
    return "national_id_" + kind, make(), pick(labels)


def pii_value(held: bool) -> tuple[str, str, str]:
    """Return (kind, value, label) for one piece of PII; IDs half the time."""
    roll = R.random()
    if roll < 0.45:
        return national(held)
    if roll < 0.6:
        kind, value = phone()
        return kind, value, pick(("phone", "mobile", "cell"))
    if roll < 0.75:
        kind, value = email()
        return kind, value, "email"
    if roll < 0.88:
        kind, value = card()
        return kind, value, "card"
    kind, value = iban_value()
    return kind, value, "IBAN"


PII_DEV = [
    "{name}'s {label} is {value}.",
    "Customer record: {label} {value}, prefers morning calls.",
    "Update the profile of {name} with {label}: {value}",
    "{label}: {value}",
    "Ticket #4512: user gave {label} {value} to verify identity.",
    "Onboarding form for {name} {surname} — {label} {value}, start date 2026-03-01.",
    "Send the contract to {name} ({label} {value}) before Friday.",
    "KYC check passed for {name}; {label} = {value}",
]
PII_HELD = [
    "Note from the call: {name} {surname} confirmed her {label} as {value} and asked us to keep it on file.",
    "- {label} → {value}",
    "Verified via {label} ({value}), account unlocked.",
    "The payroll export lists {name} with {label} {value} twice.",
    '{name} wrote: "my {label} is {value}, please fix the typo"',
]


# Clean: text that must be stored untouched.


def certificate():
    body = "\n".join(rand(B64, 64) for _ in range(R.randint(3, 6)))
    return f"-----BEGIN CERTIFICATE-----\n{body}\n{rand(B64, 40)}==\n-----END CERTIFICATE-----"


def ssh_pub():
    kind = pick(("ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256"))
    size = {"ssh-ed25519": 68, "ssh-rsa": 372, "ecdsa-sha2-nistp256": 140}[kind]
    return f"{kind} AAAA{rand(B64, size)} {pick(NAMES)}@{pick(('laptop', 'build01', 'mbp'))}"


def fingerprint():
    if R.random() < 0.6:
        return "SHA256:" + rand(ALNUM + "+/", 43)
    return "MD5:" + ":".join(rand(HEX, 2) for _ in range(16))


def price():
    amount = R.randint(1, 9999)
    cents = R.randint(0, 99)
    return pick(
        (
            f"{amount},{cents:02d} €",
            f"€{amount}.{cents:02d}",
            f"${amount:,}.{cents:02d}",
            f"{amount} {pick(('EUR', 'USD', 'GBP', 'CHF'))}",
            f"£{amount}",
        )
    )


def isbn13():
    from stdnum import ean, isbn

    body = "978" + rand(string.digits, 9)
    return isbn.format(body + ean.calc_check_digit(body))


def ups():
    return "1Z" + rand(UPPER_DIGITS, 16)


CLEAN_DEV = [
    lambda: ("certificate", f"CA bundle for the internal proxy:\n{certificate()}"),
    lambda: ("ssh_public_key", f"Add this to authorized_keys: {ssh_pub()}"),
    lambda: ("fingerprint", f"The host key fingerprint is {fingerprint()}."),
    lambda: ("placeholder", f"Set GITHUB_TOKEN=ghp_{'x' * 36} in your .env (example)"),
    lambda: (
        "placeholder",
        f"DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/{pick(WORDS)}_{pick(('db', 'prod', 'app'))}",
    ),
    lambda: ("placeholder", "password: <PASSWORD>  # fill in from the vault"),
    lambda: (
        "placeholder",
        "The default admin password is changeme; the installer forces a reset.",
    ),
    lambda: (
        "placeholder",
        f"api_key: YOUR_API_KEY_HERE  # see docs section {R.randint(2, 9)}",
    ),
    lambda: ("price", f"The monitor costs {price()} incl. VAT."),
    lambda: (
        "temperature",
        f"GPU hit {R.randint(60, 95)}°C under load; fan at {R.randint(40, 100)} %.",
    ),
    lambda: (
        "part_number",
        f"Replace the fan with part no. {rand(string.ascii_uppercase, 3)}-{R.randint(1000, 9999)}-{rand(UPPER_DIGITS, 3)}.",
    ),
    lambda: (
        "order_id",
        f"Order {R.randint(10**9, 10**10 - 1)} shipped on 2026-0{R.randint(1, 9)}-{R.randint(10, 28)}.",
    ),
    lambda: (
        "version",
        f"Upgraded to Django {R.randint(3, 5)}.{R.randint(0, 2)}.{R.randint(0, 12)} and Python 3.{R.randint(9, 13)}.{R.randint(0, 9)}.",
    ),
    lambda: ("commit", f"Commit {rand(HEX, 40)} fixed the flaky test."),
    lambda: (
        "uuid",
        f"Request {rand(HEX, 8)}-{rand(HEX, 4)}-4{rand(HEX, 3)}-a{rand(HEX, 3)}-{rand(HEX, 12)} timed out.",
    ),
    lambda: (
        "datetime",
        f"The sync ran at 2026-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:00Z.",
    ),
    lambda: ("isbn", f"The book is ISBN {isbn13()}."),
    lambda: ("tracking", f"UPS tracking {ups()}."),
    lambda: (
        "ip_config",
        f"listen {R.randint(10, 192)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}:{R.randint(1024, 9999)}",
    ),
    lambda: (
        "serial",
        f"Serial number {R.randint(100, 999)}-{R.randint(100, 999)}-{R.randint(1000, 9999)} on the router label.",
    ),
    lambda: (
        "preference",
        f"{pick(NAMES).capitalize()} prefers {pick(('dark mode', 'tabs', 'metric units', 'short answers'))}.",
    ),
    lambda: ("docs", "To rotate a password, run `passwd` and follow the prompts."),
    lambda: (
        "docs",
        f"The token expires after {R.randint(1, 24) * 600} seconds; refresh on 401.",
    ),
    lambda: (
        "measurement",
        f"The cable is {R.randint(1, 50)} m long and weighs {R.randint(100, 999)} g.",
    ),
    lambda: ("sha256", f"sha256sum: {rand(HEX, 64)}  release.tar.gz"),
    lambda: ("docker_image", f"image: registry.example.com/app@sha256:{rand(HEX, 64)}"),
    lambda: (
        "ticket",
        f"See JIRA-{R.randint(100, 9999)} and PR #{R.randint(10, 9999)}.",
    ),
    lambda: ("env_ref", "DB_PASSWORD=${DB_PASSWORD}"),
]
CLEAN_HELD = [
    lambda: ("certificate", f"```\n{certificate()}\n```\nthat's the root CA we pin"),
    lambda: ("ssh_public_key", f"{pick(NAMES)}'s public key: {ssh_pub()}"),
    lambda: (
        "fingerprint",
        f"ECDSA key fingerprint is {fingerprint()}. Are you sure you want to continue connecting?",
    ),
    lambda: ("placeholder", f"export OPENAI_API_KEY=sk-{'x' * 40}"),
    lambda: ("placeholder", f"mysql -u USER -p'PASSWORD' -h HOST {pick(WORDS)}"),
    lambda: (
        "placeholder",
        "connection string template: Server=HOST;User Id=USERNAME;Password=<your-password>;",
    ),
    lambda: (
        "placeholder",
        f"docker login -u <username> -p <password> registry.{pick(WORDS)}.io",
    ),
    lambda: ("price", f"Invoice total {price()}, due in 30 days."),
    lambda: (
        "temperature",
        f"Oven at {R.randint(150, 250)} °C for {R.randint(10, 60)} minutes; the fridge holds {R.randint(2, 7)}°C.",
    ),
    lambda: (
        "part_number",
        f"BOM line: {rand(string.ascii_uppercase, 2)}{R.randint(100000, 999999)}{rand(string.ascii_uppercase, 2)} x{R.randint(1, 20)}",
    ),
    lambda: (
        "order_id",
        f"Refund for order #{R.randint(10**7, 10**8 - 1)}-{R.randint(100, 999)} approved.",
    ),
    lambda: (
        "version",
        f"node v{R.randint(14, 22)}.{R.randint(0, 20)}.{R.randint(0, 9)}, npm {R.randint(6, 10)}.{R.randint(0, 9)}.{R.randint(0, 9)}",
    ),
    lambda: ("commit", f"bisected to {rand(HEX, 12)} (merge of feature/{pick(WORDS)})"),
    lambda: (
        "datetime",
        f"Standup moved to {R.randint(8, 11)}:{pick(('00', '15', '30', '45'))} on {pick(('Mon', 'Tue', 'Thu'))} {R.randint(1, 28)} March.",
    ),
    lambda: (
        "tracking",
        f"DHL parcel {R.randint(10**9, 10**10 - 1)} arrives tomorrow.",
    ),
    lambda: (
        "measurement",
        f"Battery at {R.randint(3, 99)} %, {R.randint(3000, 4200)} mV, {R.randint(1000, 9000)} mAh.",
    ),
    lambda: (
        "serial",
        f"S/N {rand(UPPER_DIGITS, 12)}, firmware {R.randint(1, 9)}.{R.randint(0, 9)}.{R.randint(0, 99)}",
    ),
    lambda: (
        "docs",
        "Never paste your password into chat; use the vault link instead.",
    ),
]


def stable_id(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _generate(dev: list, held: list, make_record) -> list[dict]:
    records: list[dict] = []
    seen: set[str] = set()
    n_dev = int(PER_CATEGORY * DEV_SHARE)
    for split, pool, n in (
        ("dev", dev, n_dev),
        ("heldout", held, PER_CATEGORY - n_dev),
    ):
        count = attempts = 0
        while count < n:
            index = (count + attempts) % len(pool)
            record = make_record(pool, index)
            if record["text"] in seen:
                attempts += 1  # a template with few variants: take the next
                continue
            seen.add(record["text"])
            record.update(
                id=stable_id(record["text"]), template=f"{split}-{index}", split=split
            )
            records.append(record)
            count += 1
    return records


def secrets() -> list[dict]:
    def make(pool, index):
        kind, text = pool[index]()
        return {"text": text, "label": "secret", "kind": kind}

    return _generate(SECRET_DEV, SECRET_HELD, make)


def pii() -> list[dict]:
    def make(pool, index):
        kind, value, label = pii_value(pool is PII_HELD)
        text = pool[index].format(
            name=pick(NAMES).capitalize(),
            surname=pick(SURNAMES).capitalize(),
            label=label,
            value=value,
        )
        return {"text": text, "label": "pii", "kind": kind, "value": value}

    return _generate(PII_DEV, PII_HELD, make)


def clean() -> list[dict]:
    def make(pool, index):
        kind, text = pool[index]()
        return {"text": text, "label": "clean", "kind": kind}

    return _generate(CLEAN_DEV, CLEAN_HELD, make)


def main() -> None:
    for name, make in (("secrets", secrets), ("pii", pii), ("clean", clean)):
        path = HERE / f"sensitivity_{name}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for record in make():
                out.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
