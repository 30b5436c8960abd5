# ruff: noqa: E501, E402 (the templates are data, one line each; the values module is imported from this folder)
"""Held-out probe tune10h for helper S (issue 12).

Written after the tune10 round and scored once before any change made for
it (figures in `memory_core/pipeline/SENSITIVITY.md`): other tools' config
files and CLIs, other vendors, other phrasings, other countries' numbers,
and other look-alikes than tune10.

`python tests/data/make_sensitivity_tune10h.py tests/data/sensitivity_tune10h.jsonl`
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
from stdnum import iban as iban_mod
from stdnum import luhn

r = random.Random(100100)
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


WORDS = "lagoon pixel cactus mango quartz falcon tangerine willow comet fjord nutmeg rocket violet igloo".split()


def pw():
    k = r.randrange(6)
    if k == 0:
        return rs(r.randint(11, 20), A + "!#%&*@^~+")
    if k == 1:
        return (
            r.choice(WORDS).capitalize()
            + r.choice("!#$&*?@")
            + str(r.randint(10, 9999))
        )
    if k == 2:
        return rs(3, L) + rs(2, D) + rs(3, U) + r.choice("!@#%+=") + rs(3, L)
    if k == 3:
        return "-".join(r.choice(WORDS) for _ in range(3)) + str(r.randint(1, 99))
    if k == 4:
        return rs(20, A)
    return rs(1, U) + rs(5, L) + rs(4, D) + r.choice("$%&!")


def uid():
    return str(uuid.UUID(int=r.getrandbits(128), version=4))


def aws_id():
    return "AKIA" + rs(16, U + "234567")


sec = [
    # Config files of other tools.
    lambda: (
        f"[default]\naccess_key = {aws_id()}\nsecret_key = {rs(40, B64)}\nhost_base = s3.amazonaws.com"
    ),
    lambda: (
        f"s3 = boto3.client('s3', aws_access_key_id='{aws_id()}', aws_secret_access_key='{rs(40, B64)}')"
    ),
    lambda: (
        f'{{"Credentials": {{"AccessKeyId": "ASIA{rs(16, U + "234567")}", "SecretAccessKey": "{rs(40, B64)}", "SessionToken": "IQoJb3JpZ2luX2Vj{rs(200, B64)}"}}}}'
    ),
    lambda: (
        f"signing.keyId=24875D73\nsigning.password={pw()}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg"
    ),
    lambda: f"ossrhUsername=acme\nossrhPassword={pw()}",
    lambda: (
        f'{{"http-basic": {{"repo.packagist.com": {{"username": "token", "password": "{hexs(40)}"}}}}}}'
    ),
    lambda: f"$db_pass = '{pw()}';",
    lambda: f"ENV['SMTP_PASSWORD'] ||= '{pw()}'",
    lambda: f'dbPassword := "{pw()}"',
    lambda: f'let api_key = "{rs(32)}";',
    lambda: (
        f"const client = new Client({{ user: 'reporting', password: '{pw()}', host: 'pg' }})"
    ),
    lambda: f"db.password={pw()}\ndb.user=etl",
    lambda: (
        f'proxy_set_header Authorization "Basic {base64.b64encode(("svc:" + pw()).encode()).decode()}";'
    ),
    lambda: f"userlist admins\n  user admin insecure-password {pw()}",
    lambda: f"[smtp.gmail.com]:587 alerts@acme.io:{rs(16, L)}",
    lambda: f'poll imap.acme.io protocol IMAP user "bob" password "{pw()}"',
    lambda: f"account gmail\nhost smtp.gmail.com\nuser bob@gmail.com\npassword {pw()}",
    lambda: f'%any : PSK "{pw()}"',
    lambda: f"[security]\nadmin_user = admin\nadmin_password = {pw()}",
    lambda: f"c.NotebookApp.token = '{hexs(48)}'",
    lambda: f"AIRFLOW__CORE__FERNET_KEY={rs(43, URLSAFE)}=",
    lambda: f"broker_url = 'redis://:{pw()}@redis-master:6379/0'",
    lambda: (
        f"SUPABASE_SERVICE_ROLE_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.{rs(43, URLSAFE)}"
    ),
    lambda: f"PLAID_SECRET={hexs(30)}",
    lambda: f"PASS oauth:{rs(30, L + D)}",
    lambda: f"/msg NickServ IDENTIFY {pw()}",
    lambda: f"mosquitto_passwd -b /etc/mosquitto/passwd sensor {pw()}",
    lambda: (
        f'curl -X POST https://auth.acme.io/oauth/token -d "client_id=web&client_secret={rs(40)}&grant_type=client_credentials"'
    ),
    lambda: f"chpasswd <<< 'deploy:{pw()}'",
    lambda: f"useradd -m -p $(openssl passwd -6 '{pw()}') kiosk",
    lambda: (
        f'terraform {{\n  backend "s3" {{\n    access_key = "{aws_id()}"\n    secret_key = "{rs(40, B64)}"\n  }}\n}}'
    ),
    lambda: f"Unseal Key 1: {rs(43, B64)}=\nInitial Root Token: hvs.{rs(24)}",
    lambda: (
        f"kubeadm join 10.0.0.10:6443 --token {rs(6, L + D)}.{rs(16, L + D)} --discovery-token-ca-cert-hash sha256:{hexs(64)}"
    ),
    lambda: f"K3S_TOKEN=K10{hexs(64)}::server:{hexs(32)}",
    lambda: (
        f"docker swarm join --token SWMTKN-1-{rs(50, L + D)}-{rs(25, L + D)} 10.0.0.5:2377"
    ),
    lambda: f"etcdctl --user root:{pw()} get /config",
    lambda: f"argocd login argocd.acme.io --username admin --password '{pw()}'",
    lambda: f"CONSUL_HTTP_TOKEN={uid()}",
    lambda: f"mc alias set local http://localhost:9000 minioadmin {pw()}",
    lambda: f"s3cmd --access_key={aws_id()} --secret_key={rs(40, B64)} ls",
    lambda: (
        f"RESTIC_PASSWORD='{pw()}' restic -r s3:s3.amazonaws.com/acme-backup snapshots"
    ),
    lambda: f"export BORG_PASSPHRASE='{pw()}'",
    lambda: (
        f'git config --global url."https://api:{rs(40)}@github.com/".insteadOf "https://github.com/"'
    ),
    lambda: f"cloudinary://{r.randint(10**14, 10**15)}:{rs(27, URLSAFE)}@acme-media",
    lambda: f"ELASTIC_PASSWORD={pw()}",
    lambda: (
        f"Authorization: ApiKey {base64.b64encode((rs(20) + ':' + rs(22)).encode()).decode()}"
    ),
    lambda: (
        f"snowflake.connector.connect(user='ETL', password='{pw()}', account='acme-eu')"
    ),
    lambda: f"$ mysql_secure_installation  # new root password: {pw()}",
    lambda: f'GRAFANA_ADMIN_PASSWORD: "{pw()}"',
    lambda: f"keycloak: KEYCLOAK_ADMIN_PASSWORD={pw()}",
    lambda: f"RABBITMQ_DEFAULT_PASS={pw()}",
    lambda: f"jenkins initial admin password: {hexs(32)}",
    lambda: f"gitea: INSTALL_LOCK=true SECRET_KEY={rs(64)}",
    # Vendors.
    lambda: f"ADO PAT: {rs(52, 'abcdefghijklmnopqrstuvwxyz234567')}",
    lambda: f"HUBSPOT_TOKEN=pat-na1-{uid()}",
    lambda: f"intercom access token dG9rOj{rs(54, B64)}=",
    lambda: f"segment write key {rs(32)}",
    lambda: f"new relic license_key: {hexs(36)}NRAL",
    lambda: f"DT_API_TOKEN=dt0c01.{rs(24, U + D)}.{rs(64, U + D)}",
    lambda: f"ELEVENLABS_API_KEY=sk_{hexs(48)}",
    lambda: f"jfrog token AKCp{rs(69)}",
    lambda: f"https://acme-fn.azurewebsites.net/api/Ingest?code={rs(54, URLSAFE)}==",
    lambda: (
        f"https://acme-eu.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={aws_id()}%2F20261125%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Signature={hexs(64)}"
    ),
    lambda: f"together api key tgp_v1_{rs(43, URLSAFE)}",
    lambda: f"MISTRAL_API_KEY={rs(32)}",
    lambda: f"COHERE_API_KEY={rs(40)}",
    lambda: f"GEMINI_API_KEY=AIza{rs(35, URLSAFE)}",
    lambda: f"deepseek key sk-{hexs(32)}",
    lambda: f"Zendesk API token: {rs(40)}",
    lambda: f"rollbar access_token: {hexs(32)}",
    lambda: f"SENTRY_DSN is fine to share but SENTRY_AUTH_TOKEN={hexs(64)} is not",
    lambda: f"sendgrid: SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}",
    lambda: f"xoxe.xoxp-1-{rs(140, A)}",
    lambda: f"TWITCH_CLIENT_SECRET={rs(30, L + D)}",
    lambda: f"discord client secret {rs(32, URLSAFE)}",
    lambda: f"github app client secret {hexs(40)}",
    lambda: f"gho_{rs(36)} is the token the CLI stored",
    lambda: f"auth0: AUTH0_CLIENT_SECRET='{rs(64, URLSAFE)}'",
    lambda: f"mapbox secret token sk.eyJ1IjoiYWNtZSIsImEiOiJ{rs(20)}.{rs(22, URLSAFE)}",
    lambda: f"Shopify shpss_{hexs(32)}",
    lambda: (
        f'{{"kty":"EC","crv":"P-256","x":"{rs(43, URLSAFE)}","y":"{rs(43, URLSAFE)}","d":"{rs(43, URLSAFE)}"}}'
    ),
    lambda: (
        f'{{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n{rs(64, B64)}\\n-----END PRIVATE KEY-----\\n"}}'
    ),
    lambda: (
        f"-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFLTBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQI{rs(20, B64)}\n{rs(64, B64)}\n-----END ENCRYPTED PRIVATE KEY-----"
    ),
    lambda: f"AGE-SECRET-KEY-1{rs(58, U + D)}",
    # Chat prose.
    lambda: (
        f"pass for the gym locker: {r.randint(1, 39)}-{r.randint(1, 39)}-{r.randint(1, 39)}"
    ),
    lambda: (
        f"the combination is {r.randint(10, 39)}-{r.randint(10, 39)}-{r.randint(10, 39)}"
    ),
    lambda: f"my ATM pin's {r.randint(1000, 9999)}",
    lambda: f"door code is {r.randint(1000, 9999)}#",
    lambda: f"the alarm code is {r.randint(1000, 9999)} if you come early",
    lambda: f"use '{pw()}' when it asks",
    lambda: f"password hint for you: it's {pw()}",
    lambda: f"wifi name Acme-5G, pass: {pw()}",
    lambda: f"netflix acct: sam.r@gmail.com pw: {pw()}",
    lambda: f"bank login — user {r.randint(10**7, 10**8)} pw {pw()}",
    lambda: f"if the portal asks, it's maria.s / {pw()}",
    lambda: f"credentials below\nuser: ops-admin\npass: {pw()}",
    lambda: f"Passcode: {r.randint(1000, 999999)}",
    lambda: f"la password del wifi è {pw()}",
    lambda: f"het wachtwoord is {pw()}",
    lambda: f"wifi şifresi: {pw()}",
    lambda: f"пароль от вайфая: {pw()}",
    lambda: f"kata sandi wifi {pw()}",
    lambda: f"mật khẩu wifi là {pw()}",
    lambda: f"card pin - {r.randint(1000, 9999)}",
    lambda: f"the new vpn password: {pw()} (expires in 90 days)",
    lambda: f"Tom's iPad passcode is {r.randint(100000, 999999)}",
    lambda: f"I set the BIOS password to {pw()}",
    lambda: f"encryption passphrase for the backup drive = {pw()}",
    lambda: f"shared mailbox: support@acme.io, pwd {pw()}",
    lambda: f"the code to the storage unit is {r.randint(1000, 9999)}",
    lambda: f"DM me if you lose it again: {pw()} is the admin password",
    lambda: f"Keychain entry 'Office Printer' — {pw()}",
    lambda: f"login as root, password is {pw()}",
    lambda: f"ssh pi@raspberrypi.local (password {pw()})",
    lambda: f"Zugangsdaten Router: admin / {pw()}",
    lambda: f"identifiants : jdupont / {pw()}",
    lambda: f"wpa key {pw()}",
    lambda: f"my apple id password is {pw()}",
    lambda: f"new pw → {pw()}",
    # Codes.
    lambda: "Epic Games backup codes: " + " ".join(rs(6, D) for _ in range(6)),
    lambda: (
        "Coinbase 2FA backup code: "
        + rs(4, U + D)
        + "-"
        + rs(4, U + D)
        + "-"
        + rs(4, U + D)
        + "-"
        + rs(4, U + D)
    ),
    lambda: (
        "Dropbox recovery codes\n"
        + "\n".join(f"{rs(4, L + D)} {rs(4, L + D)}" for _ in range(5))
    ),
    lambda: "Twitter/X backup code: " + rs(12, L + D),
    lambda: (
        "emergency kit: "
        + " ".join(rs(5, L + D) + "-" + rs(5, L + D) for _ in range(4))
    ),
    lambda: f"TOTP secret: {rs(32, U + '234567')}",
    lambda: f"otpauth://hotp/Acme:alice?secret={rs(26, U + '234567')}&counter=0",
    lambda: (
        "Ledger recovery phrase: "
        + " ".join(
            r.sample(
                "ability absorb access acid acoustic adapt admit adult aerobic affair afford agent agree ahead aisle alarm album alcohol alert alien allow almost alpha already".split(),
                24,
            )
        )
    ),
]


def _phone():
    return r.choice(
        [
            f"+44 (0)20 7946 {V.digits(4)}",
            f"0049 30 {V.digits(7)}",
            f"+33 6 {V.digits(2)} {V.digits(2)} {V.digits(2)} {V.digits(2)}",
            f"(+91) 98{V.digits(3)}-{V.digits(5)}",
            f"+86 138 {V.digits(4)} {V.digits(4)}",
            f"+7 912 {V.digits(3)}-{V.digits(2)}-{V.digits(2)}",
            f"+82 10-{V.digits(4)}-{V.digits(4)}",
            f"+254 712 {V.digits(6)}",
            f"+62 812-{V.digits(4)}-{V.digits(4)}",
            f"+63 917 {V.digits(3)} {V.digits(4)}",
            f"+20 100 {V.digits(3)} {V.digits(4)}",
            f"+971 50 {V.digits(3)} {V.digits(4)}",
            f"+966 50 {V.digits(3)} {V.digits(4)}",
            f"tel:+1415{r.randint(200, 999)}{V.digits(4)}",
            f"+48 601 {V.digits(3)} {V.digits(3)}",
            f"+39 347 {V.digits(3)} {V.digits(4)}",
            f"+34 612 {V.digits(2)} {V.digits(2)} {V.digits(2)}",
            f"+55 (21) 9{V.digits(4)}-{V.digits(4)}",
        ]
    )


def _email():
    return r.choice(
        [
            f"Jane.Doe+news@Mail.{r.choice(WORDS).capitalize()}.co.uk",
            f"{r.choice(WORDS)}_{r.randint(1, 999)}@hotmail.fr",
            f"{r.choice(WORDS)}.{r.choice(WORDS)}@{r.choice(WORDS)}-labs.io",
            f"o'{r.choice(WORDS)}@example-mail.ie",
            f"{r.choice(WORDS)}{r.randint(1950, 2010)}@yandex.ru",
        ]
    )


def _iban():
    country, shape = r.choice(
        [
            ("NO", lambda: V.digits(11)),
            ("DK", lambda: V.digits(14)),
            ("FI", lambda: V.digits(14)),
            ("SE", lambda: V.digits(20)),
            ("PT", lambda: V.digits(21)),
            ("GR", lambda: V.digits(23)),
            ("HU", lambda: V.digits(24)),
            ("CZ", lambda: V.digits(20)),
            ("RO", lambda: V.letters(4) + V.digits(16)),
            ("HR", lambda: V.digits(17)),
            ("LT", lambda: V.digits(16)),
            ("LU", lambda: V.digits(16)),
            ("IL", lambda: V.digits(19)),
            ("QA", lambda: V.letters(4) + V.digits(21)),
        ]
    )

    def make():
        bban = shape()
        return country + iban_mod.calc_check_digits(country + "00" + bban) + bban

    v = V.until(make, iban_mod)
    return r.choice((v, " ".join(v[i : i + 4] for i in range(0, len(v), 4))))


def _card():
    prefix, length = r.choice(
        [
            ("4", 16),
            ("4", 19),
            ("51", 16),
            ("34", 15),
            ("6011", 16),
            ("3528", 16),
            ("6759", 16),
            ("2720", 16),
        ]
    )
    body = prefix + V.digits(length - len(prefix) - 1)
    v = body + luhn.calc_check_digit(body)
    if length == 15:
        return r.choice((v, f"{v[:4]}-{v[4:10]}-{v[10:]}"))
    if length == 19:
        return v
    return r.choice(
        (
            v,
            "-".join(v[i : i + 4] for i in range(0, 16, 4)),
            " ".join(v[i : i + 4] for i in range(0, 16, 4)),
        )
    )


P = [
    ("phone", _phone, "pls call {v} tomorrow"),
    ("phone", _phone, "Tel.: {v}"),
    ("phone", _phone, "his mobile is {v}"),
    ("phone", _phone, "WhatsApp {v} (personal)"),
    ("email", _email, "send the contract to {v}"),
    ("email", _email, "From: {v}"),
    ("iban", _iban, "IBAN {v}"),
    ("iban", _iban, "bank account for refunds: {v}"),
    ("card", _card, "charge it to {v}"),
    ("card", _card, "card: {v}, cvv on the back"),
    ("in.aadhaar", V.aadhaar, "Aadhaar number - {v}"),
    ("in.pan", V.pan, "PAN card no. {v}"),
    ("br.cpf", V.cpf, "name,cpf\nAna Souza,{v}"),
    ("br.cpf", V.cpf, "(CPF) {v}"),
    ("cl.rut", V.rut, "RUN {v}"),
    ("mx.curp", V.curp, "| nombre | CURP |\n| Luis | {v} |"),
    ("mx.rfc", V.rfc, "RFC: {v}"),
    ("ar.cuit", V.cuit, "CUIL {v}"),
    ("pl.pesel", V.pesel, "my PESEL: {v}"),
    ("pl.pesel", V.pesel, "PESEL number is {v}"),
    ("tr.tckimlik", V.tckimlik, "kimlik no {v}"),
    ("kr.rrn", V.rrn, "주민번호: {v}"),
    ("cn.ric", V.ric, "公民身份号码 {v}"),
    ("jp.mynumber", V.jp_mynumber, "My Number: {v}"),
    ("za.idnr", V.za_id, "RSA ID no {v}"),
    ("my.nric", V.nric, "IC no: {v}"),
    ("th.pin", V.th_pin, "เลขประจำตัวประชาชน {v}"),
    ("id.nik", V.nik, "No. KTP: {v}"),
    ("pk.cnic", V.cnic, "CNIC no. {v}"),
    ("il.idnr", V.il_id, "teudat zehut {v}"),
    ("ca.sin", V.sin, "NAS: {v}"),
    ("au.tfn", V.tfn, "my TFN is {v}"),
    ("nz.ird", V.ird, "IRD no {v}"),
    ("us.ssn", V.ssn, "SS# {v}"),
    ("us.ssn", V.ssn, "employee SSN: {v}"),
    ("gb.nhs", V.nhs, "NHS no. {v}"),
    ("ie.pps", V.pps, "PPS number {v}"),
    ("fr.nir", V.nir, "n° de sécu {v}"),
    ("it.cf", V.codice_fiscale, "CF {v}"),
    ("es.dni", V.es_dni, "NIF {v}"),
    ("es.nie", V.es_nie, "NIE: {v}"),
    ("nl.bsn", V.bsn, "BSN {v}"),
    ("de.idnr", V.de_idnr, "Steuer-IdNr. {v}"),
    ("be.nn", V.be_nn, "numéro national {v}"),
    ("ch.ahv", V.ch_ahv, "AVS {v}"),
    ("at.vnr", V.at_vnr, "VSNR {v}"),
    ("se.pnr", V.personnummer, "pnr {v}"),
    ("no.fnr", V.fodselsnummer, "fnr {v}"),
    ("dk.cpr", V.cpr, "CPR-nr. {v}"),
    ("fi.hetu", V.hetu, "henkilötunnus: {v}"),
    ("ee.ik", V.isikukood, "Estonian ID code {v}"),
    ("lt.asmens", V.asmens, "asmens kodas {v}"),
    ("cz.rc", V.rodne_cislo, "RČ {v}"),
    ("ro.cnp", V.cnp, "cod numeric personal {v}"),
    ("bg.egn", V.egn, "EGN {v}"),
    ("hr.oib", V.oib, "OIB: {v}"),
    ("gr.amka", V.amka, "AMKA {v}"),
    ("is.kt", V.kennitala, "kennitala {v}"),
    ("ua.rntrc", V.rntrc, "ІПН {v}"),
    ("ru.inn", V.inn, "INN {v}"),
    ("ec.ci", V.ec_ci, "C.I. {v}"),
    ("pe.cui", V.pe_cui, "CUI {v}"),
    ("do.cedula", V.cedula_do, "cédula {v}"),
    ("passport", lambda: r.choice(U) + V.digits(8), "Passport #: {v}"),
    ("passport", lambda: "PA" + V.digits(7), "pasaporte n.º {v}"),
    ("passport", lambda: r.choice(U) + V.digits(7), "passport no {v} exp 2030"),
]

CONFIGMAP = b"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app"
C = [
    "nanoid V1StGXR8_Z5jdHi6B-myT for the share link",
    f"git lfs: oid sha256:{hashlib.sha256(b'x').hexdigest()} size 1048576",
    "pod api-7d9f8b6c5d-x2k9p restarted 3 times",
    "cf-ray: 8a1b2c3d4e5f6a7b-FRA",
    "X-Amzn-Trace-Id: Root=1-67891233-abcdef012345678912345678",
    'mongo _id ObjectId("507f1f77bcf86cd799439011")',
    "watch video dQw4w9WgXcQ at 1:23",
    "spotify:track:4uLU6hMCjMI75M1A2tKUQC on repeat",
    "discord user id 80351110224678912",
    "GA4 measurement id G-XK3J8Q2M9P",
    "gid://shopify/Product/8174523318493",
    "Airtable base appQ2wE3rT4yU5iO6 table tblA1b2C3d4E5f6G7",
    "Notion page https://www.notion.so/acme/Runbook-8e7c2f6a9b1d4e3f8a7b6c5d4e3f2a1b",
    "minisign public key RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",
    'Public-Key-Pins: pin-sha256="E9CZ9INDbd+2eRQozYqqbQ2yXLVKB9+xcprMF+44U1g="; max-age=5184000',
    "onion address duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion",
    "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m",
    "checksum/config: 8f4e2a1b9c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f",
    "caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM1ekNDQWMrZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFRc0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwK",
    'api_key: "<insert key>"',
    "token: TODO",
    'password: ""',
    "password: null",
    "secret: REPLACE_ME",
    "AWS_SECRET_ACCESS_KEY=your-secret-key",
    "Set PGPASSWORD in the environment instead of passing -W",
    "use --password-stdin rather than -p in CI",
    "The default password is admin; change it on first login",
    "I forgot my password again lol",
    "password reset email didn't arrive, checked spam",
    "her PIN was blocked after 3 attempts",
    "the safe's combination is written on a note in the office",
    "secret ingredient is 2 tbsp of miso",
    "pin 13 on the Arduino drives the LED",
    "2024-11-25 14:03:22,123 INFO [main] started in 4.2 s",
    "Nov 25 14:03:22 web01 sshd[48213]: Accepted publickey for deploy from 10.0.0.7 port 52311",
    "version 1.2.3-beta.4+build.5678",
    '"lodash": "^4.17.21"',
    "git describe: v2.41.0-123-g4f9a2b1c",
    "config.yaml: " + base64.b64encode(CONFIGMAP).decode(),
    f"Subject: =?UTF-8?B?{base64.b64encode(b'Your invoice for November is ready').decode()}?=",
    "invoice IBAN placeholder: DE00 0000 0000 0000 0000 00",
    "card number format: 4 groups of 4 digits, e.g. XXXX XXXX XXXX XXXX",
    "Luhn-invalid 4111 1111 1111 1112 is rejected by the form",
    "order 4417-2231-9901-2256 delivered",
    "serial 4532015112830366X (warranty)",
    "fax-free since 2019; phone tree extension 2045",
    "call centre hours 08:00-20:00, +1 (800) hours vary",
    "the meeting PIN is shared in the invite, not here",
    "Maven Central: org.apache.commons:commons-lang3:3.14.0",
    "Docker image ghcr.io/acme/api:sha-4f9a2b1",
    "helm chart bitnami/postgresql 15.5.38",
    "SHA-1 fingerprint 2F:AE:3B:61:91:26:9C:80:21:4A:58:8C:4B:12:A9:03:88:BE:71:AE",
    "ssh-ed25519 SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s (ED25519)",
    "GPG key 3AA5C34371567BD2, fingerprint 4E2C 6E87 9329 8E4B 1D4B  3AA5 C343 7156 7BD2",
    "-----BEGIN CERTIFICATE REQUEST-----\nMIICvDCCAaQCAQAwdzELMAkGA1UEBhMCVVMxDTALBgNVBAgMBFV0YWgxDzANBgNV\n-----END CERTIFICATE REQUEST-----",
    "Mapbox public token pk.eyJ1IjoiYWNtZSIsImEiOiJjbHg4b2U3eGswMDF6MmtwN2N6bm1zZzR4In0.Xk3Jd8Qm2Lp9Rt5Vw7Yz1A",
    "Firebase config: projectId acme-prod, messagingSenderId 123456789012, appId 1:123456789012:web:abc123def456",
    "Algolia app id 4HX8LKQ2M9 and search index products_en",
    "recaptcha site key 6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI (public)",
    "the Stripe account id acct_1032D82eZvKYlo2C",
    "Slack team T0123ABCDEF, channel C0456GHIJKL, user U0789MNOPQR",
    "Jira ticket OPS-4412, sprint 2026.47",
    "AWS KMS key arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab",
    "Azure subscription 6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b, resource group rg-prod",
    "GCP project acme-prod-4412, service account ci@acme-prod-4412.iam.gserviceaccount.com",
    "vault path secret/data/prod/db, field password (value not shown)",
    "kubectl get secrets -n prod → 14 secrets",
    "Rotate the API key in the dashboard: Settings → API Keys → Roll key",
    "Our password policy requires 12+ characters; we use Bitwarden",
    "bcrypt cost factor 12, argon2id m=65536 t=3 p=4",
    "$2b$12$ hashes in the users table are fine to back up",
    "JWT expiry 15 min, refresh token 30 days",
    "2FA via TOTP (RFC 6238) with 30-second steps",
    "backup codes: 10 single-use codes, download them from Settings",
    "the wifi is open in the lobby, no password",
    "password123 is on every breach list",
    "PIN: see the sealed envelope",
    "codes for the conference: ROOM-A, ROOM-B",
    "door code changes monthly; ask reception",
    "wifi: AcmeGuest (captive portal, accept the terms)",
    "ISBN-13 9780306406157",
    "tracking ID JJD000390007123456789",
    "UPC 036000291452",
    "postal code 10115 Berlin, street number 42",
    "Ticket price €1.299,00 incl. VAT (19%)",
    "1,234,567.89 USD total revenue Q3",
    "temperature −12 °C, wind 35 km/h",
    "flight AF 1234 at 07:45, gate K42",
    "Coordinates: 52.520008, 13.404954",
    "latency histogram: p50=12ms p90=48ms p99=210ms",
    "RAM 32 GB DDR5-5600 CL36",
    "EAN-13 4006381333931 on the box",
    "bank sort code 20-00-00 is Barclays' example",
    "BIC DEUTDEFFXXX for Deutsche Bank Frankfurt",
    "VAT ID DE136695976 (company, not a person)",
    "company number 09446231 at Companies House",
    "DUNS 15-048-3782",
    "CAS 7732-18-5 (water)",
    "ORCID 0000-0002-1825-0097",
    "the lottery numbers were 4 8 15 16 23 42",
    "chmod 0644 and umask 0022",
    "port 5432, 6379, 9200 open on the db subnet",
    "ip 10.0.4.12/24, gateway 10.0.4.1",
    "my employee number is E-20417 (not secret, it's on the badge)",
    "room 1204, desk 17",
    "license plate B-MW 4412 (company car)",
    "passport photo appointment on Tuesday",
    "passport office queue number 84",
    "token ring networks were retired in 2003",
    "The Secret History by Donna Tartt, 1992",
    "key lime pie recipe: 4 egg yolks, 14 oz condensed milk",
    "Windows key + Shift + S takes a screenshot",
    "Credentials page redesign: Figma frame 12:4412",
    "login screen shows 'Welcome back, Anna'",
    "password field should have autocomplete=current-password",
    '<input type="password" name="pw" minlength="12">',
    "if password == confirm_password: save()",
    "def check_password(raw: str, hashed: str) -> bool:",
    "SELECT id, email FROM users WHERE password_hash IS NULL",
    "token = request.headers.get('Authorization', '').removeprefix('Bearer ')",
    'api_key = os.getenv("OPENAI_API_KEY")',
    'secret = Secret.from_env("STRIPE_KEY")',
    "password: !Ref DbPasswordParam",
    "MasterUserPassword: !Sub '{{resolve:secretsmanager:${DbSecret}:SecretString:password}}'",
    "password = lookup('community.hashi_vault.hashi_vault', 'secret=secret/db:password')",
    "DATABASE_URL=postgres://app@localhost/app (peer auth, no password)",
    "redis://localhost:6379/0",
    "mongodb://localhost:27017/?directConnection=true",
    "amqp://rabbitmq:5672",
    "smtp://mailhog:1025 (dev, no auth)",
    "ldap://dc01.acme.local:389, bind as the gMSA",
    "jdbc:h2:mem:testdb;DB_CLOSE_DELAY=-1",
    "Data Source=.;Initial Catalog=Dev;Integrated Security=True",
    "Password=;User ID=sa (empty in the local container)",
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
            "probe": "tune10h",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, f in enumerate(sec):
    for _ in range(2 if i % 3 == 0 else 1):
        add(f(), "secret", "secret", f"tune10h-s{i}")
for i, (kind, gen, tmpl) in enumerate(P):
    for _ in range(2 if i % 2 == 0 else 1):
        v = gen()
        if isinstance(v, tuple):
            v = v[1]
        add(tmpl.format(v=v), "pii", kind, f"tune10h-p{i}", value=v)
for i, t in enumerate(C):
    add(t, "clean", "clean", f"tune10h-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter

print(Counter(r_["label"] for r_ in rows))
