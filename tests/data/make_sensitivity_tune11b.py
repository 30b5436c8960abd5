# ruff: noqa: E501 (the templates are data, one line each)
"""Probe tune11b for helper S (issue 12): written after tune11 was tuned on.

Scored once untouched (its figure is the round's estimate on new text),
then tuned on. Other frames than tune11's: notes, tickets, chat, forms and
exports the way people write them; national ids in the sentence shapes of
their own countries' paperwork, phones with extensions, brackets and
country names, credentials in other tools and in chat, and look-alikes of
each.

`python tests/data/make_sensitivity_tune11b.py tests/data/sensitivity_tune11b.jsonl`
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import re
import string
import sys
import uuid

import phonenumbers

r = random.Random(11022)
L, U, D = string.ascii_lowercase, string.ascii_uppercase, string.digits
A = L + U + D


def rs(n: int, a: str = A) -> str:
    return "".join(r.choice(a) for _ in range(n))


def hexs(n: int) -> str:
    return rs(n, "0123456789abcdef")


NOUNS = "maple cedar river falcon copper meadow harbor violet summit ember orbit pixel".split()


def pw() -> str:
    k = r.randrange(6)
    if k == 0:
        return r.choice(NOUNS).capitalize() + r.choice("!?#$") + str(r.randint(100, 9999))
    if k == 1:
        return rs(12, A + "!@#%&*")
    if k == 2:
        return rs(4, L) + rs(2, D) + rs(3, U) + r.choice("!%&") + rs(2, L)
    if k == 3:
        return f"{r.choice(NOUNS)}-{r.choice(NOUNS)}-{r.choice(NOUNS)}-{r.randint(1, 99)}"
    if k == 4:
        return rs(20, A)
    return r.choice(NOUNS) + str(r.randint(1980, 2024)) + r.choice(U) + r.choice("!.")


sec = [
    lambda: f"Ticket #4411: user can't log in. Reset his password to {pw()} and told him to change it.",
    lambda: f"note to self: bank app pin {r.randint(1000, 9999)}, card pin is different",
    lambda: f"Grandma's wifi: network 'Vodafone-5G-3F', password {pw()}",
    lambda: f"for the demo use login demo@acme.io / {pw()}",
    lambda: f"the shared Netflix login is family.k@gmail.com and {pw()}",
    lambda: f"the door code at the new office is {r.randint(1000, 9999)}#",
    lambda: f"Kennwort für das Firmenkonto: {pw()} (bitte nicht weitergeben)",
    lambda: f"contraseña del banco: {pw()}",
    lambda: f"il PIN del bancomat è {r.randint(10000, 99999)}",
    lambda: f"o código do alarme é {r.randint(1000, 9999)}",
    lambda: f"Wachtwoord voor de gedeelde map: {pw()}",
    lambda: f"hasło do konta bankowego to {pw()}",
    lambda: f"пароль от wi-fi на даче: {pw()}",
    lambda: f"şifre: {pw()} (sunucu)",
    lambda: f"管理员密码：{pw()}",
    lambda: f"ルーターの管理パスワード: {pw()}",
    lambda: f"관리자 비밀번호: {pw()}",
    lambda: f"Mật khẩu wifi quán: {pw()}",
    lambda: f"salasana: {pw()}",
    lambda: f"heslo je {pw()}",
    lambda: f"jelszó: {pw()}",
    lambda: f"parola contului este {pw()}",
    lambda: f"lösen: {pw()}",
    lambda: f"κωδικός email: {pw()}",
    lambda: f"סיסמה: {pw()}",
    lambda: f"كلمة السر للراوتر: {pw()}",
    lambda: f"पासवर्ड: {pw()}",
    lambda: f"kata sandi email kantor: {pw()}",
    lambda: f"mot de passe provisoire : {pw()} — à changer à la première connexion",
    lambda: f"VPN creds — user: jsmith, pass: {pw()}",
    lambda: f"RDP to 10.0.4.12 as Administrator, {pw()}",
    lambda: f"ssh root@203.0.113.7 pw {pw()}",
    lambda: f"the old admin password was {pw()}, it still works on the printer",
    lambda: f"export GITHUB_TOKEN=ghp_{rs(36)}",
    lambda: f"gitlab runner token glrt-{rs(20, A + '_-')}",
    lambda: f"HF_TOKEN=hf_{rs(34)}",
    lambda: f"OPENAI_API_KEY=sk-proj-{rs(48, A + '_-')}",
    lambda: f"ANTHROPIC_API_KEY=sk-ant-api03-{rs(80, A + '_-')}",
    lambda: f"stripe secret: sk_live_{rs(24)}",
    lambda: f"slack bot token xoxb-{r.randint(10**11, 10**12)}-{r.randint(10**11, 10**12)}-{rs(24)}",
    lambda: f"AWS creds: AKIA{rs(16, U + '234567')} / {rs(40, A + '/+')}",
    lambda: f"aws_secret_access_key = {rs(40, A + '/+')}",
    lambda: f"GOOGLE_APPLICATION_CREDENTIALS json has \"private_key_id\": \"{hexs(40)}\", \"private_key\": \"-----BEGIN PRIVATE KEY-----\\nMIIEvg...\"",
    lambda: f"azure client secret: {rs(3)}8Q~{rs(34, A + '_-.~')}",
    lambda: f"SENDGRID_API_KEY=SG.{rs(22, A + '_-')}.{rs(43, A + '_-')}",
    lambda: f"twilio auth token {hexs(32)}",
    lambda: f"mailgun api key: key-{hexs(32)}",
    lambda: f"Shopify admin token shpat_{hexs(32)}",
    lambda: f"npm token: npm_{rs(36)}",
    lambda: f"pypi upload token pypi-AgEIcHlwaS5vcmc{rs(60, A + '_-')}",
    lambda: f"DIGITALOCEAN_TOKEN=dop_v1_{hexs(64)}",
    lambda: f"heroku api key {uuid.UUID(int=r.getrandbits(128))}",
    lambda: f"Jira API token for ci-bot: ATATT3xFfGF0{rs(180, A + '_-=')}",
    lambda: f"confluence PAT: {rs(44, A)}",
    lambda: f"bearer token from the staging login: eyJhbGciOiJSUzI1NiJ9.{rs(80, A + '_-')}.{rs(86, A + '_-')}",
    lambda: f"curl -H 'Authorization: Bearer {rs(40, A)}' https://api.acme.io/v2/me",
    lambda: f"curl -H \"X-Api-Key: {hexs(32)}\" https://api.weather.io/today",
    lambda: f"wget --header='PRIVATE-TOKEN: glpat-{rs(20, A + '_-')}' https://gitlab.acme.io/api/v4/projects",
    lambda: f"psql 'host=pg01 user=app password={pw()} dbname=app'",
    lambda: f"mysql -h db01 -u root -p{pw()} shop",
    lambda: f"PGPASSWORD={pw()} pg_dump -h pg01 -U app app > app.sql",
    lambda: f"mongodb+srv://app:{pw()}@cluster0.ab12c.mongodb.net/prod",
    lambda: f"postgresql://billing:{pw()}@db.internal:5432/billing",
    lambda: f"redis-cli -h cache01 -a '{pw()}' info",
    lambda: f"docker login registry.acme.io -u ci -p {pw()}",
    lambda: f"git clone https://oauth2:{rs(20, A + '_-')}@gitlab.acme.io/team/app.git",
    lambda: f"DATABASE_PASSWORD: \"{pw()}\"",
    lambda: f"db:\n  user: app\n  pass: {pw()}",
    lambda: f"[smtp]\nserver = smtp.office365.com\nuser = noreply@acme.io\npassword = {pw()}",
    lambda: f"<property name=\"hibernate.connection.password\">{pw()}</property>",
    lambda: f"jdbc:sqlserver://sql01;databaseName=erp;user=erp;password={pw()}",
    lambda: f"spring:\n  mail:\n    password: {pw()}",
    lambda: f"ENV SECRET_KEY={rs(50, A + '!@#%^&*(-_=+)')}",
    lambda: f"secrets.toml: api_secret = \"{rs(32)}\"",
    lambda: f"kubectl create secret generic db --from-literal=password={pw()}",
    lambda: f"vault kv put secret/app db_password={pw()}",
    lambda: f"ansible-vault password file contains: {pw()}",
    lambda: f"keystore password {pw()}, key alias upload, key password same",
    lambda: f"The Wi-Fi key for the guest network is {pw()}",
    lambda: f"Network: ACME-Guest | Password: {pw()}",
    lambda: f"recovery codes:\n{rs(4, L + D)}-{rs(4, L + D)}\n{rs(4, L + D)}-{rs(4, L + D)}\n{rs(4, L + D)}-{rs(4, L + D)}",
    lambda: f"2FA secret (for the authenticator app): {rs(32, U + '234567')}",
    lambda: f"BitLocker recovery key: {'-'.join(str(r.randint(100000, 999999)) for _ in range(8))}",
    lambda: f"seed phrase: {' '.join(r.choice(['witch', 'collapse', 'practice', 'feed', 'shame', 'open', 'despair', 'creek', 'road', 'again', 'ice', 'least']) for _ in range(12))}",
    lambda: f"the safe code is {r.randint(10, 99)}-{r.randint(10, 99)}-{r.randint(10, 99)}",
    lambda: f"locker combo {r.randint(10, 39)} {r.randint(10, 39)} {r.randint(10, 39)}",
    lambda: f"phone unlock pin: {r.randint(100000, 999999)}",
    lambda: f"SIM PIN {r.randint(1000, 9999)}, PUK {r.randint(10000000, 99999999)}",
    lambda: f"garage opener code {r.randint(1000, 9999)}",
    lambda: f"alarm disarm code: {r.randint(1000, 9999)}",
    lambda: f"my Apple ID password is {pw()}",
    lambda: f"password for the pdf: {pw()}",
    lambda: f"zip password: {pw()}",
    lambda: f"the encryption key is {hexs(64)}",
    lambda: f"master key: {rs(44, A + '+/')}=",
    lambda: f"HMAC secret {rs(32)}",
    lambda: f"webhook secret whsec_{rs(32)}",
    lambda: f"cookie: sessionid={rs(32, L + D)}",
    lambda: f"x-amz-security-token: IQoJb3JpZ2luX2VjE{rs(200, A + '/+')}",
    lambda: f"ya29.{rs(100, A + '_-')}",
    lambda: f"private key:\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{rs(55, A + '+/')}\n-----END EC PRIVATE KEY-----",
    lambda: f"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF{rs(58, A + '+/')}\n-----END PGP PRIVATE KEY BLOCK-----",
]

PERSONAL = [
    # (stdnum module, phrasing)
    ("us.ssn", "Employee SSN: {v} (on file with HR)"),
    ("us.ssn", "her social is {v}"),
    ("ca.sin", "Social Insurance Number: {v}"),
    ("mx.curp", "mi CURP: {v}"),
    ("br.cpf", "CPF nº {v}"),
    ("ar.dni", "Documento: DNI {v}"),
    ("cl.rut", "RUT del cliente {v}"),
    ("co.nit", "NIT {v} (persona natural)"),
    ("pe.cui", "DNI N° {v}"),
    ("ec.ci", "C.I. {v}"),
    ("ve.rif", "RIF: {v}"),
    ("gb.nhs", "NHS number {v}"),
    ("ie.pps", "my PPSN is {v}"),
    ("fr.nir", "numéro de sécurité sociale {v}"),
    ("es.dni", "con DNI {v}"),
    ("pt.nif", "NIF: {v}"),
    ("it.codicefiscale", "codice fiscale {v}"),
    ("de.idnr", "Steuer-ID {v}"),
    ("at.vnr", "Versicherungsnummer {v}"),
    ("ch.ssn", "AHV {v}"),
    ("nl.bsn", "BSN-nummer {v}"),
    ("be.nn", "rijksregisternr. {v}"),
    ("dk.cpr", "CPR: {v}"),
    ("no.fodselsnummer", "personnummer (fødselsnummer) {v}"),
    ("se.personnummer", "Personnr {v}"),
    ("fi.hetu", "henkilötunnus {v}"),
    ("is_.kennitala", "kt. {v}"),
    ("ee.ik", "isikukood {v}"),
    ("lt.asmens", "asmens kodas: {v}"),
    ("pl.pesel", "PESEL pacjenta {v}"),
    ("cz.rc", "RČ: {v}"),
    ("sk.rc", "rodné číslo {v}"),
    ("hr.oib", "OIB {v}"),
    ("si.emso", "EMŠO {v}"),
    ("ro.cnp", "CNP: {v}"),
    ("bg.egn", "ЕГН {v}"),
    ("gr.amka", "Α.Μ.Κ.Α. {v}"),
    ("tr.tckimlik", "TCKN: {v}"),
    ("il.idnr", "ת.ז. {v}"),
    ("ua.rntrc", "ІПН: {v}"),
    ("ru.inn", "ИНН {v}"),
    ("za.idnr", "RSA ID {v}"),
    ("ke.pin", "KRA PIN: {v}"),
    ("in_.aadhaar", "Aadhaar no. {v}"),
    ("in_.pan", "PAN: {v}"),
    ("pk.cnic", "CNIC No. {v}"),
    ("id.nik", "NIK {v}"),
    ("my.nric", "NRIC {v}"),
    ("th.pin", "บัตรประชาชน {v}"),
    ("cn.ric", "身份证 {v}"),
    ("kr.rrn", "주민등록번호: {v}"),
    ("jp.in_", "マイナンバー {v}"),
    ("au.tfn", "TFN: {v}"),
    ("nz.ird", "IRD: {v}"),
    ("do.cedula", "Cédula {v}"),
    ("cu.ni", "carnet de identidad {v}"),
    ("gt.nit", "NIT {v}"),
    ("cr.cpf", "cédula física {v}"),
    ("de.stnr", "Steuernummer {v}"),
    ("fr.nif", "numéro fiscal : {v}"),
    ("vn.mst", "MST cá nhân {v}"),
    ("id.npwp", "NPWP {v}"),
    ("mx.rfc", "RFC: {v}"),
]
FORMS = [
    "Full name: Kim Lee\nDate of birth: 1984-02-11\nNational ID: {v}",
    "employee_id,national_id,start\n1042,{v},2024-03-01",
    '{{"name": "A. Diallo", "tax_id": "{v}"}}',
    "ID: {v}",
    "identity number {v} checked against the register",
]
PERSONAL_FORM = {
    "it.codicefiscale": lambda e: len(e) == 16,
    "vn.mst": lambda e: len(e) == 10,
    "ru.inn": lambda e: len(e) == 12,
    "mx.rfc": lambda e: len(e.replace(" ", "").replace("-", "")) == 13,
    "gt.nit": lambda e: len(e) >= 8,
}


def examples(module) -> list[str]:
    found = []
    for s in re.findall(r">>> (?:validate|is_valid|compact|format)\('([^']+)'\)", module.__doc__ or ""):
        try:
            if module.is_valid(s):
                found.append(s)
        except Exception:  # noqa: BLE001, S112
            continue
    return found


def redrawn(module, example: str) -> str:
    for _ in range(80000):
        v = "".join(r.choice(D) if c.isdigit() and r.random() < 0.85 else c for c in example)
        if v == example:
            continue
        try:
            if module.is_valid(v):
                return v
        except Exception:  # noqa: BLE001, S112
            continue
    raise RuntimeError(module.__name__)


def styled(module, value: str) -> str:
    if r.random() < 0.5 and hasattr(module, "format"):
        try:
            return module.format(value)
        except Exception:  # noqa: BLE001
            return value
    return value


pii: list[tuple[str, str, str]] = []
for name, phrasing in PERSONAL:
    module = importlib.import_module("stdnum." + name)
    exs = examples(module)
    if name in PERSONAL_FORM:
        exs = [e for e in exs if PERSONAL_FORM[name](e)]
    if name == "us.ssn":
        exs = ["536-90-4399", "536904399"]
    value = styled(module, redrawn(module, r.choice(exs)))
    pii.append((name, phrasing.format(v=value), value))
    if r.random() < 0.3:
        value = styled(module, redrawn(module, r.choice(exs)))
        pii.append((name, r.choice(FORMS).format(v=value), value))

PHONE_FRAMES = [
    "Call me back on {v} please",
    "Kontakt: Frau Weber, Tel. {v}",
    "Tel: {v} ext. 214",
    "📞 {v}",
    "WhatsApp me: {v}",
    "Mob. {v}",
    "cellulare {v}",
    "my number changed to {v}",
    "reach the landlord at {v}",
    "her mum's number: {v}",
    "tel/fax {v}",
    "Téléphone portable : {v}",
    "nº de teléfono {v}",
    "телефон для связи {v}",
    "手机号码：{v}",
    "연락처 {v}",
    "số điện thoại {v}",
    "nomor WA {v}",
    "telefon numaram {v}",
]
REGIONS = "US GB DE FR ES IT PT NL BE CH AT SE NO DK FI PL CZ HU RO GR TR RU UA IL SA AE EG MA NG KE ZA IN PK BD LK CN HK TW JP KR VN TH MY SG ID PH AU NZ BR AR CL CO MX PE".split()


def phone(region: str) -> str:
    kind = r.choice((phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE))
    base = phonenumbers.example_number_for_type(region, kind) or phonenumbers.example_number(region)
    national = str(base.national_number)
    number = base
    for _ in range(5000):
        digits = national[:-4] + "".join(r.choice(D) for _ in range(4))
        candidate = phonenumbers.parse(f"+{base.country_code}{digits}")
        if phonenumbers.is_valid_number(candidate) and digits != national:
            number = candidate
            break
    style = r.choice((phonenumbers.PhoneNumberFormat.INTERNATIONAL, phonenumbers.PhoneNumberFormat.NATIONAL, phonenumbers.PhoneNumberFormat.E164))
    return phonenumbers.format_number(number, style)


for region in REGIONS:
    value = phone(region)
    pii.append(("phone-" + region, r.choice(PHONE_FRAMES).format(v=value), value))

for frame in (
    "send the contract to {v}",
    "Mail: {v}",
    "her gmail is {v}",
    "从 {v} 发来的邮件",
    "reply-to: {v}",
):
    value = f"{r.choice(NOUNS)}.{r.choice(NOUNS)}{r.randint(1, 999)}@{r.choice(['gmail.com', 'proton.me', 'yandex.ru', 'qq.com', 'gmx.at', 'hotmail.fr'])}"
    pii.append(("email", frame.format(v=value), value))

clean = [
    "Ticket #4411: user can't log in. Sent a password reset link.",
    "the wifi password is written on the router, ask at reception",
    "reset the PIN at any ATM of the bank",
    "bank app PIN must be 6 digits",
    "door code changes every month; facilities sends it by SMS",
    "Kennwort vergessen? Link zum Zurücksetzen ist in der Mail",
    "contraseña caducada, hay que renovarla cada 90 días",
    "il codice del portone lo sa il portiere",
    "пароль сменили, новый у админа",
    "密码已经重置，请查看邮件",
    "パスワードは8文字以上にしてください",
    "비밀번호 변경 완료",
    "mật khẩu phải có ít nhất 8 ký tự",
    "the password field accepts up to 128 characters",
    "password123 is on every top-10 list of bad passwords",
    "use a passphrase like four random words",
    "API keys are rotated every 90 days by the platform team",
    "the token expires after 3600 seconds",
    "JWT header alg HS256, typ JWT",
    "OAuth scopes: read:user, repo, workflow",
    "GITHUB_TOKEN is injected by Actions automatically",
    "set OPENAI_API_KEY in your shell before running",
    "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY come from the instance role",
    "stripe test mode key starts with sk_test_, live with sk_live_",
    "slack tokens look like xoxb-…, never paste them in tickets",
    "kubectl get secret db -o yaml | grep password (value is base64)",
    "vault kv get secret/app",
    "the SSH key is ~/.ssh/id_ed25519, passphrase in the password manager",
    "psql -h pg01 -U app -W",
    "mysql -h db01 -u root -p shop",
    "docker login registry.acme.io -u ci --password-stdin",
    "postgresql://app@db.internal:5432/app (password from PGPASSFILE)",
    "redis://cache01:6379/0",
    "mongodb://localhost:27017/test",
    "DATABASE_PASSWORD: ${DATABASE_PASSWORD}",
    "password: !vault |",
    "password: \"{{ lookup('env','DB_PASS') }}\"",
    "keystore: release.jks (password in CI secrets)",
    "recovery codes printed and stored in the safe",
    "2FA enabled with an authenticator app",
    "BitLocker is on for all laptops since March",
    "the safe is in the back office",
    "locker 17 is mine",
    "SIM card arrived, activation takes 24 h",
    "garage opener battery replaced",
    "zip file is 14.2 MB",
    "sha256 of the zip: " + hashlib.sha256(b"tune11b").hexdigest(),
    "commit " + hashlib.sha1(b"tune11b").hexdigest(),
    "request-id " + str(uuid.UUID(int=r.getrandbits(128))),
    "Employee ID 104233, cost centre 4410",
    "order no. 112-7730942-5521937",
    "invoice 2024/11/0042, total 1.299,00 €",
    "IBAN field left blank on purpose",
    "card ending in 4242",
    "tracking 1Z 999 AA1 01 2345 6784",
    "serial 5CG1234XYZ",
    "VAT reg. no. GB 123 4567 89",
    "company reg. 08123456 (England and Wales)",
    "KvK 12345678",
    "SIRET 732 829 320 00074",
    "CNPJ field is for companies only",
    "DUNS 15-048-3782",
    "ISIN DE0005140008",
    "lot 0424-1187, exp 2026-09",
    "flight UA 901, seat 32A, PNR K7QX2M",
    "room 2.041, phone extension 2041",
    "call the front desk, dial 0 from the room",
    "the meeting dial-in is on the invite",
    "Zoom meeting ID 812 4410 2290",
    "SWIFT/BIC COBADEFFXXX",
    "BLZ 370 400 44",
    "routing 021000021 (Chase, public)",
    "postcode EC1A 1BB",
    "PLZ 10115 Berlin",
    "〒150-0002 渋谷区",
    "CEP 20040-020",
    "PIN code 110001 (New Delhi)",
    "pincode 560001 Bengaluru",
    "Aadhaar enrolment centre opens at 9",
    "PESEL jest wymagany w formularzu",
    "NIE appointment booked for Tuesday",
    "SSN field is optional",
    "social security office closes at 4 pm",
    "the CURP format has 18 characters",
    "ID card renewal costs 37 EUR",
    "passport photos 35x45 mm",
    "call center: 1-800-555-0199",
    "UK drama number 01632 960 123",
    "+1 555 0100 is not a real number",
    "version 10.4.12-beta.3",
    "build 20241125.1432",
    "temp 36.6, pulse 72, bp 120/80",
    "score 1.234.567 points",
    "population 1 412 000 000",
    "ETA 14:35, gate B22",
    "coordinates 40.7128° N, 74.0060° W",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq2n4sWcN8f0kq1kVb2w2Qh3m3O8S0m4r7jR2p7vX8a ci@acme",
    "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
    "PGP fingerprint 4AEE 18F8 3AFD EB23 (short)",
    "BTC address bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
    "Ethereum contract 0xdAC17F958D2ee523a2206206994597C13D831ec7",
    "trace 4bf92f3577b34da6a3ce929d0e0e4736",
    "etag W/\"5e15153d-120f\"",
    "docker image sha256:" + hashlib.sha256(b"img").hexdigest()[:12],
    "ULID 01HZX3K7Q2ZC8N5V9T4M6B1R0P",
    "Firebase project id acme-prod-4f2a1",
    "Google client id 1234567890-abcdefghijklmno.apps.googleusercontent.com",
    "Stripe customer cus_Qx81LmN2opQ4rS",
    "pk_live_51Mx key is publishable, fine in the frontend",
    "Sentry DSN host o123456.ingest.sentry.io",
    "AKIAIOSFODNN7EXAMPLE appears in every AWS tutorial",
]

rows = []


def add(text: str, label: str, kind: str, tid: str, **extra) -> None:
    rows.append(
        {
            "text": text,
            "label": label,
            "kind": kind,
            **extra,
            "template": tid,
            "probe": "tune11b",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, make in enumerate(sec):
    add(make(), "secret", "secret", f"tune11b-s{i}")
for i, (kind, text, value) in enumerate(pii):
    add(text, "pii", kind, f"tune11b-p{i}", value=value)
for i, text in enumerate(clean):
    add(text, "clean", "clean", f"tune11b-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter  # noqa: E402

print(Counter(row["label"] for row in rows))
