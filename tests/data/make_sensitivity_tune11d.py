# ruff: noqa: E501 (the templates are data, one line each)
"""Probe tune11d for helper S (issue 12): written after tune11c was tuned on.

Scored untouched only (the round's last estimate on new text). Memories
as an agent writes them about its user: third-person facts ("The user's
… is …"), in several languages, holding a national id, a phone, a
credential, or only look-alikes.

`python tests/data/make_sensitivity_tune11d.py tests/data/sensitivity_tune11d.jsonl`
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import re
import string
import sys

import phonenumbers

r = random.Random(11044)
L, U, D = string.ascii_lowercase, string.ascii_uppercase, string.digits
A = L + U + D


def rs(n: int, a: str = A) -> str:
    return "".join(r.choice(a) for _ in range(n))


def pw() -> str:
    k = r.randrange(4)
    if k == 0:
        return rs(12, A + "!#$%&*@")
    if k == 1:
        return r.choice(["Aurora", "Bishop", "Cypress", "Delta", "Echo"]) + str(r.randint(10, 9999)) + r.choice("!#$")
    if k == 2:
        return rs(16, A)
    return f"{rs(4, L)}{r.choice('!@#')}{rs(4, U)}{r.randint(10, 99)}"


NAMES = ["Amira", "Bruno", "Chen", "Dmitri", "Elif", "Farah", "Goran", "Hana", "Ines", "Jonas"]

sec = [
    lambda: f"The user's Netflix password is {pw()}.",
    lambda: f"User said their work laptop password is {pw()}",
    lambda: f"The user keeps the home Wi-Fi password as {pw()}",
    lambda: f"{r.choice(NAMES)}'s bank PIN is {r.randint(1000, 9999)}.",
    lambda: f"The user's garage door code is {r.randint(1000, 9999)}.",
    lambda: f"The user's GitHub token is ghp_{rs(36)}.",
    lambda: f"The user's OpenAI key: sk-proj-{rs(40, A + '_-')}",
    lambda: f"User shared the staging database password: {pw()}",
    lambda: f"The user's iCloud password was changed to {pw()} on Monday.",
    lambda: f"The user uses {pw()} as the password for the router admin page.",
    lambda: f"Der Nutzer hat das WLAN-Passwort {pw()} genannt.",
    lambda: f"El usuario dijo que su contraseña del correo es {pw()}.",
    lambda: f"L'utilisateur a donné le code de l'immeuble : {r.randint(1000, 9999)}A.",
    lambda: f"A senha do banco do usuário é {pw()}.",
    lambda: f"Użytkownik podał hasło do Wi-Fi: {pw()}",
    lambda: f"Пользователь сообщил пароль от почты: {pw()}",
    lambda: f"用户的邮箱密码是 {pw()}",
    lambda: f"ユーザーの銀行の暗証番号は {r.randint(1000, 9999)} です。",
    lambda: f"사용자의 와이파이 비밀번호는 {pw()} 입니다.",
    lambda: f"Kullanıcının e-posta şifresi {pw()}.",
    lambda: f"The user's AWS secret access key is {rs(40, A + '/+')}.",
    lambda: f"The user's Slack bot token is xoxb-{r.randint(10**11, 10**12)}-{r.randint(10**11, 10**12)}-{rs(24)}.",
    lambda: f"The user's 2FA backup codes are {r.randint(10000000, 99999999)}, {r.randint(10000000, 99999999)} and {r.randint(10000000, 99999999)}.",
    lambda: f"The user's crypto wallet seed phrase is '{' '.join(r.choice(['orbit', 'canal', 'pencil', 'zebra', 'humble', 'tiger', 'amber', 'nerve', 'giant', 'salad', 'raven', 'oyster']) for _ in range(12))}'.",
    lambda: f"The user's SSH key passphrase is {pw()}",
    lambda: f"The user's alarm code: {r.randint(1000, 9999)}",
    lambda: f"The user's phone unlock PIN is {r.randint(100000, 999999)}.",
    lambda: f"The user's Stripe secret key is sk_live_{rs(24)}.",
    lambda: f"The user's VPN login is jdoe with password {pw()}.",
    lambda: f"The user's email login: {r.choice(NAMES).lower()}@gmail.com / {pw()}",
]

IDS = [
    ("us.ssn", "The user's Social Security number is {v}."),
    ("ca.sin", "The user's SIN is {v}."),
    ("mx.curp", "La CURP del usuario es {v}."),
    ("br.cpf", "O CPF do usuário é {v}."),
    ("ar.dni", "El DNI del usuario es {v}."),
    ("cl.rut", "El RUT del usuario es {v}."),
    ("co.nit", "El NIT del usuario es {v}."),
    ("gb.nhs", "The user's NHS number is {v}."),
    ("ie.pps", "The user's PPS number is {v}."),
    ("fr.nir", "Le numéro de sécurité sociale de l'utilisateur est {v}."),
    ("es.dni", "El DNI del usuario: {v}"),
    ("it.codicefiscale", "Il codice fiscale dell'utente è {v}."),
    ("de.idnr", "Die Steuer-ID des Nutzers ist {v}."),
    ("nl.bsn", "Het BSN van de gebruiker is {v}."),
    ("be.nn", "Le numéro national de l'utilisateur est {v}."),
    ("ch.ssn", "Die AHV-Nummer des Nutzers ist {v}."),
    ("at.vnr", "Die Sozialversicherungsnummer des Nutzers ist {v}."),
    ("pl.pesel", "Numer PESEL użytkownika to {v}."),
    ("cz.rc", "Rodné číslo uživatele je {v}."),
    ("ro.cnp", "CNP-ul utilizatorului este {v}."),
    ("bg.egn", "ЕГН на потребителя е {v}."),
    ("gr.amka", "Ο ΑΜΚΑ του χρήστη είναι {v}."),
    ("tr.tckimlik", "Kullanıcının TC kimlik numarası {v}."),
    ("se.personnummer", "Användarens personnummer är {v}."),
    ("no.fodselsnummer", "Brukerens fødselsnummer er {v}."),
    ("dk.cpr", "Brugerens CPR-nummer er {v}."),
    ("fi.hetu", "Käyttäjän henkilötunnus on {v}."),
    ("ee.ik", "Kasutaja isikukood on {v}."),
    ("lt.asmens", "Naudotojo asmens kodas yra {v}."),
    ("hr.oib", "OIB korisnika je {v}."),
    ("si.emso", "EMŠO uporabnika je {v}."),
    ("il.idnr", "מספר תעודת הזהות של המשתמש הוא {v}."),
    ("ua.rntrc", "РНОКПП користувача: {v}."),
    ("ru.inn", "ИНН пользователя {v}."),
    ("in_.aadhaar", "The user's Aadhaar number is {v}."),
    ("in_.pan", "The user's PAN is {v}."),
    ("pk.cnic", "The user's CNIC is {v}."),
    ("cn.ric", "用户的身份证号码是 {v}。"),
    ("kr.rrn", "사용자의 주민등록번호는 {v} 입니다."),
    ("jp.in_", "ユーザーのマイナンバーは {v} です。"),
    ("th.pin", "เลขประจำตัวประชาชนของผู้ใช้คือ {v}"),
    ("my.nric", "The user's MyKad number is {v}."),
    ("id.nik", "NIK pengguna adalah {v}."),
    ("za.idnr", "The user's South African ID number is {v}."),
    ("ke.pin", "The user's KRA PIN is {v}."),
    ("au.tfn", "The user's tax file number is {v}."),
    ("nz.ird", "The user's IRD number is {v}."),
    ("pe.cui", "El DNI peruano del usuario es {v}."),
    ("ec.ci", "La cédula del usuario es {v}."),
    ("do.cedula", "La cédula dominicana del usuario es {v}."),
    ("is_.kennitala", "Kennitala notandans er {v}."),
    ("lv.pvn", "Lietotāja personas kods ir {v}."),
    ("cu.ni", "El carné de identidad del usuario es {v}."),
    ("us.itin", "The user's ITIN is {v}."),
]
PERSONAL_FORM = {"it.codicefiscale": lambda e: len(e) == 16, "ru.inn": lambda e: len(e) == 12}


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


pii: list[tuple[str, str, str]] = []
for name, phrasing in IDS:
    module = importlib.import_module("stdnum." + name)
    exs = examples(module)
    if name in PERSONAL_FORM:
        exs = [e for e in exs if PERSONAL_FORM[name](e)]
    if name == "us.ssn":
        exs = ["536-90-4399"]
    value = redrawn(module, r.choice(exs))
    if r.random() < 0.5 and hasattr(module, "format"):
        value = module.format(value)
    pii.append((name, phrasing.format(v=value), value))

PHONE_PHRASES = [
    "The user's mobile number is {v}.",
    "The user's mother can be reached at {v}.",
    "{n}'s phone number: {v}",
    "The user asked to be called on {v} after 6pm.",
    "The user's WhatsApp is {v}.",
    "Le numéro de portable de l'utilisateur est {v}.",
    "Die Handynummer des Nutzers ist {v}.",
    "El número de celular del usuario es {v}.",
    "Номер телефона пользователя {v}.",
    "用户的手机号是 {v}。",
]
for region in "US GB DE FR ES IT NL PL TR RU IN CN JP KR BR MX AR AU ZA NG EG SA AE ID VN TH PH MY SG".split():
    base = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    national = str(base.national_number)
    number = base
    for _ in range(5000):
        digits = national[:-4] + "".join(r.choice(D) for _ in range(4))
        candidate = phonenumbers.parse(f"+{base.country_code}{digits}")
        if phonenumbers.is_valid_number(candidate) and digits != national:
            number = candidate
            break
    fmt = r.choice((phonenumbers.PhoneNumberFormat.INTERNATIONAL, phonenumbers.PhoneNumberFormat.NATIONAL))
    value = phonenumbers.format_number(number, fmt)
    pii.append(("phone-" + region, r.choice(PHONE_PHRASES).format(v=value, n=r.choice(NAMES)), value))
for phrase in ("The user's email is {v}.", "The user prefers to be contacted at {v}.", "El correo del usuario es {v}."):
    value = f"{r.choice(NAMES).lower()}.{rs(5, L)}@{r.choice(['gmail.com', 'outlook.com', 'yahoo.com', 'web.de'])}"
    pii.append(("email", phrase.format(v=value), value))

clean = [
    "The user prefers dark mode and a 24-hour clock.",
    "The user's favourite number is 42.",
    "The user changed their Netflix password last week.",
    "The user keeps passwords in Bitwarden.",
    "The user forgot the Wi-Fi password and reset the router.",
    "The user's bank requires a 6-digit PIN.",
    "The user's garage door opener needs a new battery.",
    "The user has a GitHub account named octo-user.",
    "The user asked how to rotate an OpenAI API key.",
    "The user's staging database runs Postgres 16 on port 5432.",
    "The user enabled 2FA on their email account.",
    "The user's crypto wallet is a Ledger Nano X.",
    "The user wants SSH keys of type ed25519.",
    "The user's alarm system is from Verisure.",
    "The user's phone is a Pixel 8 with 128 GB.",
    "The user's Stripe account is in test mode.",
    "The user connects to the VPN every morning at 9.",
    "Der Nutzer möchte das WLAN-Passwort ändern.",
    "El usuario olvidó su contraseña del correo.",
    "L'utilisateur habite au 3e étage, porte gauche.",
    "O usuário prefere reuniões às terças.",
    "Użytkownik zmienił hasło w zeszłym tygodniu.",
    "Пользователь сменил пароль вчера.",
    "用户想修改邮箱密码。",
    "ユーザーは銀行の暗証番号を変更したい。",
    "사용자는 비밀번호를 잊어버렸습니다.",
    "Kullanıcı şifresini unuttu.",
    "The user's Social Security office appointment is on 2025-03-14 at 10:30.",
    "The user needs to renew their SIN card.",
    "The user's CURP has 18 characters.",
    "The user is applying for a CPF at the consulate.",
    "The user's NHS GP practice is in Leeds.",
    "The user lost their Aadhaar card and ordered a reprint.",
    "The user's PAN card application is pending.",
    "The user's passport expires in March 2027.",
    "The user's tax return for 2023 was filed on 2024-04-12.",
    "The user's order 112-4412870-5521937 was delivered.",
    "The user's flight LH 401 departs at 18:05 from gate B44.",
    "The user's Amazon customer ID is A2XK7Q9PLM3R.",
    "The user's employee number is 100482.",
    "The user's library card number is 29012003481277.",
    "The user's loyalty card ends in 7781.",
    "The user's car plate is KA-MX 221.",
    "The user's apartment is number 14, building C.",
    "The user's postcode is SW1A 2AA.",
    "The user's PLZ is 80331.",
    "The user's zip is 94105.",
    "The user's blood pressure was 128/82.",
    "The user ran 10.5 km in 52:13.",
    "The user weighs 74.2 kg.",
    "The user's salary is 64 000 EUR per year.",
    "The user's rent is 1 250 € per month.",
    "The user's IBAN is on file with the bank (not here).",
    "The user's phone number is on their profile page.",
    "The user's email is in the CRM, not in memory.",
    "The user's national ID was verified on 2024-11-02.",
    "The user's MyNumber card arrived.",
    "The user's 주민등록증 was reissued.",
    "The user's kennitala is needed for the Icelandic bank.",
    "The user's PESEL is required for the clinic; they will bring it.",
    "The user's BSN is needed for the Dutch tax office.",
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
            "probe": "tune11d",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, make in enumerate(sec):
    add(make(), "secret", "secret", f"tune11d-s{i}")
for i, (kind, text, value) in enumerate(pii):
    add(text, "pii", kind, f"tune11d-p{i}", value=value)
for i, text in enumerate(clean):
    add(text, "clean", "clean", f"tune11d-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter  # noqa: E402

print(Counter(row["label"] for row in rows))
