# ruff: noqa: E501 (the templates are data, one line each)
"""Probe tune11c for helper S (issue 12): written after tune11b was tuned on.

Scored once untouched, then tuned on. Records as they arrive in memory
from other systems: e-mail signatures, KYC and HR exports, intake forms,
incident notes and runbooks, support chats; national ids under the words
their own forms print (in the country's language), phones in signatures,
credentials in notes; look-alikes: masked values, documentation examples,
hashes and tokens that are ids.

`python tests/data/make_sensitivity_tune11c.py tests/data/sensitivity_tune11c.jsonl`
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

r = random.Random(11033)
L, U, D = string.ascii_lowercase, string.ascii_uppercase, string.digits
A = L + U + D


def rs(n: int, a: str = A) -> str:
    return "".join(r.choice(a) for _ in range(n))


def pw() -> str:
    k = r.randrange(5)
    if k == 0:
        return rs(14, A + "!#$%&*+=?@")
    if k == 1:
        return r.choice(["Sunset", "Granite", "Lotus", "Harvest", "Nimbus"]) + r.choice("@#!") + str(r.randint(10, 9999))
    if k == 2:
        return rs(3, U) + rs(5, L) + rs(2, D) + r.choice("!?")
    if k == 3:
        return rs(24, A)
    return f"{rs(5, L)}{r.randint(10, 99)}{rs(2, U)}"


sec = [
    lambda: f"INC-2291 postmortem: the leaked key was AKIA{rs(16, U + '234567')}, rotated at 14:02",
    lambda: f"runbook step 4: log into the BMC as ADMIN with {pw()}",
    lambda: f"Handover: NAS admin pw is {pw()} until IT rotates it",
    lambda: f"From the chat: \"the staging db password is {pw()}, don't commit it\"",
    lambda: f"support: customer read out their one-time code {r.randint(100000, 999999)} over the phone",
    lambda: f"Hi team, new Jenkins creds: admin / {pw()}",
    lambda: f"Reminder: the shared mailbox password changed to {pw()}",
    lambda: f"onboarding: laptop BIOS password {pw()}",
    lambda: f"Sentry auth token for CI: sntrys_{rs(100, A + '_')}",
    lambda: f"CLOUDFLARE_API_TOKEN={rs(40, A + '_-')}",
    lambda: f"deploy key (private):\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA{rs(60, A + '+/')}\n-----END OPENSSH PRIVATE KEY-----",
    lambda: f"Mot de passe Wi-Fi invités : {pw()}",
    lambda: f"Zugangsdaten FTP: benutzer upload, passwort {pw()}",
    lambda: f"Credenciales del panel: admin / {pw()}",
    lambda: f"credenziali VPN: utente m.rossi password {pw()}",
    lambda: f"dane logowania: login jan.kowalski, hasło {pw()}",
    lambda: f"inloggegevens: gebruiker beheer, wachtwoord {pw()}",
    lambda: f"учётка: admin, пароль {pw()}",
    lambda: f"giriş bilgileri: kullanıcı admin şifre {pw()}",
    lambda: f"登录信息：用户名 admin 密码 {pw()}",
    lambda: f"ログイン情報: ユーザー admin パスワード {pw()}",
    lambda: f"로그인: admin / {pw()}",
    lambda: f"thông tin đăng nhập: admin / {pw()}",
    lambda: f"akun admin: admin, sandi {pw()}",
    lambda: f"kirjautuminen: admin, salasana {pw()}",
    lambda: f"användare admin, lösenord {pw()}",
    lambda: f"bruker: admin passord: {pw()}",
    lambda: f"přihlášení: admin heslo {pw()}",
    lambda: f"felhasználó: admin jelszó: {pw()}",
    lambda: f"utilizator admin parola {pw()}",
    lambda: f"χρήστης admin κωδικός {pw()}",
    lambda: f"משתמש admin סיסמה {pw()}",
    lambda: f"المستخدم admin كلمة المرور {pw()}",
    lambda: f"यूज़र admin पासवर्ड {pw()}",
    lambda: f"keychain export: service=github.com account=bob password={pw()}",
    lambda: f"1Password item 'Router': username admin, password {pw()}",
    lambda: f"Bitwarden: Gmail — {pw()}",
    lambda: f"KeePass entry Title: VPN  User: jdoe  Password: {pw()}",
    lambda: f"terraform.tfvars: db_password = \"{pw()}\"",
    lambda: f"values.yaml:\n  postgresql:\n    auth:\n      password: {pw()}",
    lambda: f"docker-compose.yml:\n  environment:\n    - POSTGRES_PASSWORD={pw()}",
    lambda: f".env.production\nSTRIPE_SECRET_KEY=sk_live_{rs(24)}\nNEXT_PUBLIC_URL=https://acme.io",
    lambda: f"appsettings.json: \"ConnectionStrings\": {{ \"Default\": \"Server=sql01;Database=app;User Id=app;Password={pw()};\" }}",
    lambda: f"wp-config.php: define('DB_PASSWORD', '{pw()}');",
    lambda: f"settings.py: EMAIL_HOST_PASSWORD = '{pw()}'",
    lambda: f"config.ru: use Rack::Auth::Basic do |u, p| p == '{pw()}' end",
    lambda: f"application.yml: jwt.secret: {rs(48)}",
    lambda: f"nginx: proxy_set_header Authorization \"Basic {rs(28, A + '+/')}=\";",
    lambda: f"httpie: http -a admin:{pw()} :8080/api",
    lambda: f"ftp> user deploy {pw()}",
    lambda: f"mount -t cifs //nas/backup /mnt -o user=svc,pass={pw()}",
    lambda: f"az login --service-principal -u {uuid.UUID(int=r.getrandbits(128))} -p {rs(34, A + '~_.-')} --tenant acme",
    lambda: f"gcloud auth: service account key id {rs(40, '0123456789abcdef')} private_key \"-----BEGIN PRIVATE KEY-----\\nMIIEv{rs(40, A)}\"",
    lambda: f"the alarm panel master code is {r.randint(1000, 9999)}",
    lambda: f"Tresor-Code: {r.randint(1000, 9999)}",
    lambda: f"la combinación de la maleta es {r.randint(100, 999)}",
    lambda: f"Schließfach 14, Code {r.randint(1000, 9999)}",
    lambda: f"PIN de la SIM: {r.randint(1000, 9999)}",
    lambda: f"my debit card PIN: {r.randint(1000, 9999)}",
    lambda: f"backup codes for Google: {r.randint(1000, 9999)} {r.randint(1000, 9999)}, {r.randint(1000, 9999)} {r.randint(1000, 9999)}, {r.randint(1000, 9999)} {r.randint(1000, 9999)}",
    lambda: f"authenticator seed {rs(16, U + '234567')} (GitHub)",
    lambda: f"wallet private key {rs(64, '0123456789abcdef')}",
    lambda: f"recovery phrase: {' '.join(r.choice(['absorb', 'garden', 'tennis', 'ocean', 'velvet', 'zebra', 'glance', 'hover', 'lunar', 'metal', 'tunnel', 'quote']) for _ in range(24))}",
]

PERSONAL = [
    ("us.ssn", "Applicant SSN (last check): {v}"),
    ("us.itin", "ITIN {v}"),
    ("ca.sin", "NAS : {v}"),
    ("mx.curp", "Clave CURP {v}"),
    ("br.cpf", "Titular: Ana Lima — CPF {v}"),
    ("ar.cuit", "CUIT/CUIL {v}"),
    ("cl.rut", "R.U.T. {v}"),
    ("co.nit", "NIT: {v}"),
    ("pe.cui", "Documento de identidad (DNI): {v}"),
    ("ec.ci", "cédula de ciudadanía {v}"),
    ("es.nie", "Número de identidad de extranjero: {v}"),
    ("es.dni", "DNI/NIF {v}"),
    ("pt.cc", "N.º do Cartão de Cidadão {v}"),
    ("fr.nir", "N° de Sécurité Sociale : {v}"),
    ("it.codicefiscale", "Cod. Fiscale: {v}"),
    ("de.idnr", "Identifikationsnummer (IdNr) {v}"),
    ("at.vnr", "SV-Nr.: {v}"),
    ("ch.ssn", "AHV-Nr. {v}"),
    ("nl.bsn", "Burgerservicenummer: {v}"),
    ("be.nn", "N° national : {v}"),
    ("lu.tva", None),
    ("dk.cpr", "CPR-nummer {v}"),
    ("no.fodselsnummer", "F.nr. {v}"),
    ("se.personnummer", "Personnummer: {v}"),
    ("fi.hetu", "Henkilötunnus {v}"),
    ("is_.kennitala", "Kennitala: {v}"),
    ("ee.ik", "Isikukood: {v}"),
    ("lv.pvn", "Personas kods {v}"),
    ("lt.asmens", "Asmens kodas {v}"),
    ("pl.pesel", "Nr PESEL: {v}"),
    ("cz.rc", "Rodné číslo: {v}"),
    ("sk.rc", "Rodné č.: {v}"),
    ("hu.anum", None),
    ("ro.cnp", "Cod numeric personal: {v}"),
    ("bg.egn", "ЕГН: {v}"),
    ("hr.oib", "OIB: {v}"),
    ("si.emso", "EMŠO: {v}"),
    ("gr.amka", "ΑΜΚΑ {v}"),
    ("cy.vat", None),
    ("tr.tckimlik", "T.C. Kimlik No {v}"),
    ("il.idnr", "מספר זהות: {v}"),
    ("ua.rntrc", "РНОКПП {v}"),
    ("ru.inn", "ИНН: {v}"),
    ("in_.aadhaar", "आधार नंबर {v}"),
    ("in_.pan", "Permanent Account Number {v}"),
    ("pk.cnic", "CNIC: {v}"),
    ("cn.ric", "公民身份号码 {v}"),
    ("kr.rrn", "주민등록번호 {v}"),
    ("jp.in_", "個人番号（マイナンバー）{v}"),
    ("th.pin", "เลขบัตรประชาชน {v}"),
    ("my.nric", "No. K/P: {v}"),
    ("id.nik", "Nomor Induk Kependudukan {v}"),
    ("za.idnr", "ID Number: {v}"),
    ("ke.pin", "PIN Certificate No. {v}"),
    ("au.tfn", "Tax File Number {v}"),
    ("nz.ird", "IRD number {v}"),
    ("gb.nhs", "NHS No: {v}"),
    ("ie.pps", "PPS No. {v}"),
    ("do.cedula", "Cédula de identidad y electoral {v}"),
    ("cr.cpf", "Cédula {v}"),
    ("gt.nit", "NIT del cliente {v}"),
    ("mu.nid", "NIC {v}"),
]
PERSONAL = [(m, t) for m, t in PERSONAL if t]
FORMS = [
    "KYC export\nname|dob|id_number\nR. Okoye|1990-07-14|{v}",
    "Patient: M. Haddad, ID {v}, allergies: none",
    "New hire form — national identification number: {v}",
    '{{"first_name": "Ines", "id_document": {{"type": "national_id", "number": "{v}"}}}}',
    "<Person><Name>Liu Wei</Name><NationalId>{v}</NationalId></Person>",
]
PERSONAL_FORM = {
    "it.codicefiscale": lambda e: len(e) == 16,
    "ru.inn": lambda e: len(e) == 12,
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
    if name == "mu.nid":
        exs = ["J1503852914178"]
    value = styled(module, redrawn(module, r.choice(exs)))
    pii.append((name, phrasing.format(v=value), value))
    if r.random() < 0.35:
        value = styled(module, redrawn(module, r.choice(exs)))
        pii.append((name, r.choice(FORMS).format(v=value), value))

SIGNATURES = [
    "Best regards,\nMaria Costa\nSales Manager\nM: {v}",
    "--\nJan de Vries | Acme BV\nT {v}",
    "Mit freundlichen Grüßen\nK. Braun\nTel.: {v}",
    "Cordialement,\nC. Martin\nPortable : {v}",
    "Saludos,\nLucía\nCel: {v}",
    "Thanks!\nPriya · {v} · priya.n@acme.io",
    "お世話になっております。\n山田\nTEL：{v}",
    "Atenciosamente,\nJoão\nCelular: {v}",
    "С уважением,\nИван\nмоб. {v}",
    "Pozdrawiam\nAnna Nowak\ntel. kom. {v}",
]
REGIONS = "US CA GB IE DE AT CH FR BE NL LU ES PT IT PL CZ SK HU RO BG GR TR IL EG NG GH KE ZA IN PK CN JP KR TW HK SG MY TH ID PH VN AU NZ BR AR CL CO MX PE".split()


def phone(region: str) -> str:
    base = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE) or phonenumbers.example_number(region)
    national = str(base.national_number)
    number = base
    for _ in range(5000):
        digits = national[:-4] + "".join(r.choice(D) for _ in range(4))
        candidate = phonenumbers.parse(f"+{base.country_code}{digits}")
        if phonenumbers.is_valid_number(candidate) and digits != national:
            number = candidate
            break
    style = r.choice((phonenumbers.PhoneNumberFormat.INTERNATIONAL, phonenumbers.PhoneNumberFormat.NATIONAL, phonenumbers.PhoneNumberFormat.INTERNATIONAL))
    return phonenumbers.format_number(number, style)


for region in REGIONS:
    value = phone(region)
    pii.append(("phone-" + region, r.choice(SIGNATURES).format(v=value), value))

clean = [
    "SSN format is AAA-GG-SSSS; we store only the last four (***-**-4399)",
    "the PESEL field must have 11 digits",
    "national ID: ********1234 (masked)",
    "CPF: XXX.XXX.XXX-XX",
    "Example NIE: X-1234567-L (from the ministry's guide)",
    "IBAN: DE** **** **** **** **** 00",
    "card •••• •••• •••• 4242",
    "phone: +49 *** **** 567",
    "hash(national_id) = " + hashlib.sha256(b"id").hexdigest(),
    "customer_id 8812301, account_id 77120031",
    "Order #302-5521873-2240317 shipped",
    "Steuerjahr 2024, Bescheid vom 12.03.2025",
    "KYC passed on 2024-06-03, reviewer #17",
    "patient weight 72 kg, height 178 cm, BMI 22.7",
    "Tarif 2 450,00 € HT, TVA 20 %",
    "RUT de la empresa se valida con el SII",
    "Aadhaar-based eKYC is optional",
    "the CNIC renewal fee is 1,500 PKR",
    "主民登录 is not a real word; 주민등록번호 has 13 digits",
    "マイナンバーカードの更新は5年ごと",
    "Ticket 88123: user forgot password, reset link sent",
    "runbook: rotate the BMC password quarterly",
    "the Jenkins admin password is stored in Vault at secret/ci/jenkins",
    "keychain locked after 3 failed attempts",
    "1Password vault 'Ops' shared with 4 people",
    "Bitwarden organisation invite sent",
    "KeePass database is on the encrypted USB stick",
    "terraform.tfvars is in .gitignore",
    "values.yaml: postgresql.auth.existingSecret: pg-creds",
    "POSTGRES_PASSWORD_FILE=/run/secrets/pg",
    "STRIPE_SECRET_KEY is set in the dashboard, not in git",
    "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
    "EMAIL_HOST_PASSWORD = env('EMAIL_HOST_PASSWORD')",
    "jwt.secret: ${JWT_SECRET}",
    "Authorization: Basic <base64 of user:pass>",
    "http -a admin :8080/api (prompts for the password)",
    "mount -t cifs //nas/backup /mnt -o credentials=/root/.smbcred",
    "az login --identity",
    "the alarm panel beeps twice when armed",
    "Tresor im Keller, Code hat der Hausmeister",
    "PIN de la SIM: se lo pedí a la operadora",
    "debit card arrives in 5-7 days, PIN by post",
    "backup codes regenerated; old ones invalid",
    "authenticator app: Google Authenticator",
    "wallet address 0x52908400098527886E0F7030069857D2E4169EE7",
    "recovery phrase: 24 words, written on steel plate in the safe",
    "Best regards,\nMaria Costa\nSales Manager",
    "Tel.: siehe Website",
    "Thanks!\nPriya · Acme · priya.n@ at the usual domain",
    "Office hours Mon–Fri 9–17, +49 (0)30 hotline on the website",
    "call extension 4411 for IT",
    "fax machine retired in 2019",
    "phone model iPhone 15 Pro, 256 GB",
    "Android build RQ3A.211001.001",
    "SIM slot 1: eSIM, slot 2: empty",
    "IMEI 35 209900 176148 1 (sold phone)",
    "ISO 3166-1 alpha-2 codes: DE, FR, IT",
    "E.164 allows up to 15 digits",
    "ZIP+4 94103-1234",
    "PO Box 1234, 8000 Aarhus C",
    "Flat 4B, 221B Baker Street, NW1 6XE",
    "route 66, mile 1234",
    "the 2024-2025 budget is 1 250 000 €",
    "lat 52.3702, lon 4.8952",
    "OTP length is 6 digits",
    "session timeout 900 s",
    "cookie banner shown to 12 044 visitors",
    "sessionid cookie is HttpOnly and Secure",
    "JSESSIONID rotates after login",
    "v=DMARC1; p=reject; rua=mailto:dmarc@acme.io",
    "Stripe event evt_3Qx81LmN2opQ4rS9k1 (payment_intent.succeeded)",
    "request_id=" + uuid.UUID(int=r.getrandbits(128)).hex,
    "git tag v2.14.0 -m 'release'",
    "openssl x509 -in cert.pem -noout -fingerprint -sha256",
    "gpg --list-keys shows 4096R/2A7B4C1D",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub",
    "bcrypt cost factor 12",
    "argon2id m=19456,t=2,p=1 (OWASP)",
    "PBKDF2 with 600000 iterations",
    "AES-256-GCM, 96-bit nonce",
    "UUIDv7 018f3a2e-7b1c-7c3d-9e4f-5a6b7c8d9e0f",
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
            "probe": "tune11c",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, make in enumerate(sec):
    add(make(), "secret", "secret", f"tune11c-s{i}")
for i, (kind, text, value) in enumerate(pii):
    add(text, "pii", kind, f"tune11c-p{i}", value=value)
for i, text in enumerate(clean):
    add(text, "clean", "clean", f"tune11c-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter  # noqa: E402

print(Counter(row["label"] for row in rows))
