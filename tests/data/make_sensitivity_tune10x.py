# ruff: noqa: E501, E402 (the templates are data, one line each; the values module is imported from this folder)
"""Second held-out probe tune10x for helper S (issue 12).

Written after the tune10 and tune10h rounds, scored once before any change
made for it: the categories of issue 12's list again (config formats, CLIs,
cloud and SaaS tokens, chat prose, codes and PINs, national ids, contact
and bank data, look-alikes), in surface forms neither earlier set used.

`python tests/data/make_sensitivity_tune10x.py tests/data/sensitivity_tune10x.jsonl`
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
from stdnum import luhn

r = random.Random(1010101)
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


WORDS = "harbor sequoia plum glacier tofu ribbon cobalt ferret mosaic nectar opal pylon quiver raven".split()


def pw():
    k = r.randrange(6)
    if k == 0:
        return rs(r.randint(12, 18), A + "!#%&*@^")
    if k == 1:
        return (
            r.choice(WORDS).capitalize()
            + str(r.randint(100, 9999))
            + r.choice("!#$&*?@")
        )
    if k == 2:
        return rs(2, D) + rs(4, L) + rs(2, U) + r.choice("!@#%+") + rs(3, A)
    if k == 3:
        return (
            r.choice(WORDS)
            + r.choice("_.")
            + r.choice(WORDS).capitalize()
            + str(r.randint(1, 99))
        )
    if k == 4:
        return rs(14, A)
    return rs(3, U) + r.choice("$%&") + rs(4, L) + rs(3, D)


def aws_id():
    return "AKIA" + rs(16, U + "234567")


sec = [
    lambda: f"auth:\n  username: deployer\n  secret: {pw()}",
    lambda: f"credentials:\n  - user: reporting\n    pass: {pw()}",
    lambda: f"[servers.alpha]\nip = \"10.0.0.1\"\npassword = '{pw()}'",
    lambda: f"Password : {pw()}",
    lambda: f'{{"PASSWORD":"{pw()}","USER":"svc"}}',
    lambda: f'{{"pwd": "{pw()}"}}',
    lambda: f'export DB_PASSWD="{pw()}"',
    lambda: f"MYSQL_PWD={pw()} mysql -u root -e 'show databases'",
    lambda: f"APP_SECRET={hexs(32)}",
    lambda: f"TOKEN={rs(40)}",
    lambda: f"    command: redis-server --requirepass {pw()} --appendonly yes",
    lambda: (
        f"kubectl create secret generic db --from-literal=DB_PASSWORD='{pw()}' -n prod"
    ),
    lambda: (
        f".dockerconfigjson: {base64.b64encode(json.dumps({'auths': {'ghcr.io': {'auth': base64.b64encode(('bot:' + pw()).encode()).decode()}}}).encode()).decode()}"
    ),
    lambda: f'variable "db_password" {{ default = "{pw()}" }}',
    lambda: f"mysql_user: name=app password={pw()} priv=*.*:ALL state=present",
    lambda: f"ansible_password: {pw()}",
    lambda: (
        f"//nexus.acme.io/repository/npm/:_password={base64.b64encode(pw().encode()).decode()}"
    ),
    lambda: f"jdbc:oracle:thin:app/{pw()}@db01:1521:ORCL",
    lambda: f"DSN=Warehouse;UID=etl;PWD={pw()}",
    lambda: f"MAIL_PASSWORD={pw()}",
    lambda: (
        f"conn = ldap3.Connection(server, 'cn=admin,dc=acme,dc=org', '{pw()}', auto_bind=True)"
    ),
    lambda: f"ldapwhoami -x -D uid=bob,ou=people,dc=acme,dc=org -w {pw()}",
    lambda: f'CONFIG SET requirepass "{pw()}"',
    lambda: f"r = redis.StrictRedis(host='cache', password='{pw()}')",
    lambda: f'db.auth("admin", "{pw()}")',
    lambda: f"mongosh 'mongodb://admin:{pw()}@mongo01:27017/?authSource=admin'",
    lambda: f"spring.rabbitmq.password={pw()}",
    lambda: f"GOOG1E{rs(55, U + D)} / {rs(40, B64)} (HMAC key for the bucket)",
    lambda: (
        f'{{"appId": "{uuid.UUID(int=r.getrandbits(128), version=4)}", "displayName": "ci", "password": "{rs(3, A)}8Q~{rs(34, A + "_.-")}", "tenant": "{uuid.UUID(int=r.getrandbits(128), version=4)}"}}'
    ),
    lambda: (
        f"AccountEndpoint=https://acme.documents.azure.com:443/;AccountKey={rs(86, B64)}==;"
    ),
    lambda: (
        f"SharedAccessSignature=sv=2021-08-06&ss=bfqt&srt=sco&sp=rl&se=2027-01-01T00:00:00Z&sig={rs(43, B64)}%3D"
    ),
    lambda: f"aws_session_token = IQoJb3JpZ2luX2VjE{rs(180, B64)}",
    lambda: f"datadog key: {hexs(32)}",
    lambda: f"the sendgrid key is SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}",
    lambda: f"hf org token api_org_{rs(34)}",
    lambda: f"OPENAI_ADMIN_KEY=sk-admin-{rs(60, URLSAFE)}",
    lambda: f"key: sk-ant-admin01-{rs(80, URLSAFE)}",
    lambda: f"github: ghp_{rs(36)}",
    lambda: f"gitlab CI job token glcbt-{rs(20, URLSAFE)}",
    lambda: f"stripe key {r.choice(['sk', 'rk'])}_live_{rs(99)}",
    lambda: f"twilio: {hexs(32)} (auth token for AC{hexs(32)})",
    lambda: f"Slack bot: xoxb-{rs(12, D)}-{rs(13, D)}-{rs(24)}",
    lambda: f"session=eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoiYm9iIn0.{rs(43, URLSAFE)}",
    lambda: f"Cookie: sessionid={rs(32, L + D)}; csrftoken={rs(32)}",
    lambda: (
        "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,"
        + hexs(32).upper()
        + "\n\n"
        + rs(64, B64)
        + "\n-----END RSA PRIVATE KEY-----"
    ),
    lambda: (
        f"PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 2\n{rs(64, B64)}\n{rs(20, B64)}\nPrivate-Lines: 1\n{rs(44, B64)}"
    ),
    lambda: (
        f'private_key = """-----BEGIN EC PRIVATE KEY-----\n{rs(64, B64)}\n-----END EC PRIVATE KEY-----"""'
    ),
    lambda: f"tls.key: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo{rs(60, B64)}",
    lambda: (
        f"gpg --batch --pinentry-mode loopback --passphrase '{pw()}' -d secrets.gpg"
    ),
    lambda: f"the password? it's {pw()}",
    lambda: f"pw = {pw()} lol",
    lambda: f"new wifi password just dropped: {pw()}",
    lambda: f"try {pw()}, that's the one for the router",
    lambda: f"Password for Sam's laptop: {pw()}",
    lambda: f"passwd {pw()}",
    lambda: f"login details - user: bob, pw: {pw()}",
    lambda: f"The PIN for my card is {r.randint(1000, 9999)}",
    lambda: f"my phone PIN: {r.randint(1000, 9999)}",
    lambda: f"SIM card PIN {r.randint(1000, 9999)}",
    lambda: f"garage PIN is {r.randint(1000, 9999)}",
    lambda: f"pin for the front door keypad: {r.randint(1000, 9999)}",
    lambda: f"Authy backup password: {pw()}",
    lambda: (
        "Proton recovery phrase: "
        + " ".join(
            r.sample(
                "apple banana cherry dolphin eagle falcon garden harbor island jungle kettle lemon mango napkin orange pepper".split(),
                12,
            )
        )
    ),
    lambda: (
        "Google 2-Step backup codes\n"
        + "\n".join(f"{rs(4, D)} {rs(4, D)}" for _ in range(6))
    ),
    lambda: "GitLab recovery codes: " + " ".join(hexs(16) for _ in range(5)),
    lambda: (
        f"wifi at mum's: network BTHub-{rs(4, U + D)}, key {rs(10, 'abcdef0123456789')}"
    ),
    lambda: f"creds → svc_backup : {pw()}",
    lambda: f"admin pass is {pw()}",
    lambda: f"U: root P: {pw()}",
    lambda: f"ssh root@10.0.0.9 # pw {pw()}",
    lambda: f"FTP: ftp.acme.io, user uploads, pass {pw()}",
    lambda: f"the shared 1Password vault pw is {pw()}",
    lambda: f"mot de passe : {pw()}",
    lambda: f"Passwort lautet {pw()}",
    lambda: f"contraseña: {pw()}",
    lambda: f"parola wifi: {pw()}",
    lambda: f"salasana on {pw()}",
    lambda: f"heslo k wifi je {pw()}",
    lambda: f"비밀번호: {pw()}",
    lambda: f"密码是{pw()}",
    lambda: f"x-api-key={rs(40)}",
    lambda: f"Api-Key: {rs(32)}",
    lambda: f"?api_key={hexs(32)}&format=json",
    lambda: f"curl https://api.acme.io/v1/items -H 'Authorization: Token {hexs(40)}'",
    lambda: f"http --auth admin:{pw()} POST https://api.acme.io/reset",
    lambda: f"rsync -av --password-file=<(echo '{pw()}') src/ backup@nas::share",
    lambda: f"sshpass -p{pw()} scp file pi@10.0.0.3:/tmp",
    lambda: f"mount -t cifs //nas/share /mnt -o user=bob,pass={pw()}",
    lambda: f"psql postgresql://app:{pw()}@localhost/app",
    lambda: f"ncat --ssl -v irc.libera.chat 6697 # then PASS {pw()}",
]

P = [
    ("in.aadhaar", V.aadhaar, "Aadhaar No.: {v}"),
    ("in.pan", V.pan, "PAN - {v}"),
    ("br.cpf", V.cpf, "CPF nº {v}"),
    ("br.cpf", V.cpf, '{{"nome": "Ana", "cpf": "{v}"}}'),
    ("mx.curp", V.curp, "curp={v}"),
    ("cl.rut", V.rut, "R.U.T. {v}"),
    ("es.dni", V.es_dni, "DNI/NIE: {v}"),
    ("es.nie", V.es_nie, "DNI/NIE: {v}"),
    ("nl.bsn", V.bsn, "Name: Jan de Vries | BSN: {v}"),
    ("pl.pesel", V.pesel, "Name: Anna Nowak | DOB: 1990-02-12 | PESEL: {v}"),
    ("se.pnr", V.personnummer, "hans personnummer är {v}"),
    ("ca.sin", V.sin, "here's my SIN {v}"),
    ("au.tfn", V.tfn, "TFN: {v} (Mum's)"),
    ("my.nric", V.nric, "NRIC {v}"),
    ("kr.rrn", V.rrn, "주민등록번호는 {v}입니다"),
    ("cn.ric", V.ric, "身份证 {v}"),
    ("za.idnr", V.za_id, "SA ID: {v}"),
    ("tr.tckimlik", V.tckimlik, "my tc kimlik no is {v}"),
    ("us.ssn", V.ssn, '{{"name": "J. Smith", "ssn": "{v}"}}'),
    ("us.ssn", V.ssn, "ssn={v}"),
    ("in.aadhaar", V.aadhaar, "aadhaar={v}"),
    ("national_id", V.pesel, '{{"national_id": "{v}", "country": "PL"}}'),
    ("tax_id", V.cpf, "tax_id: {v} (BR)"),
    ("ar.cuit", V.cuit, "CUIT/CUIL {v}"),
    ("cz.rc", V.rodne_cislo, "rodné číslo: {v}"),
    ("it.cf", V.codice_fiscale, "Codice Fiscale {v}"),
    ("fr.nir", V.nir, "NIR {v}"),
    ("de.idnr", V.de_idnr, "steuerliche IdNr {v}"),
    ("ie.pps", V.pps, "PPSN: {v}"),
    ("gb.nhs", V.nhs, "NHS {v}"),
    ("ch.ahv", V.ch_ahv, "AHV {v}"),
    ("no.fnr", V.fodselsnummer, "fødselsnr {v}"),
    ("dk.cpr", V.cpr, "cpr {v}"),
    ("fi.hetu", V.hetu, "hetu {v}"),
    ("be.nn", V.be_nn, "rijksregisternummer: {v}"),
    ("jp.mynumber", V.jp_mynumber, "個人番号 {v}"),
    ("th.pin", V.th_pin, "citizen ID {v}"),
    ("id.nik", V.nik, "nomor KTP {v}"),
    ("pk.cnic", V.cnic, "CNIC {v}"),
    ("il.idnr", V.il_id, "ת.ז. {v}"),
    ("phone", lambda: f"+1 (646) {r.randint(200, 999)}-{V.digits(4)}", "cell: {v}"),
    ("phone", lambda: f"+49 (0)171 {V.digits(7)}", "Mobil {v}"),
    ("phone", lambda: f"+91-98{V.digits(8)}", "ph: {v}"),
    ("phone", lambda: f"+61 2 {V.digits(4)} {V.digits(4)}", "office line {v}"),
    ("phone", lambda: f"+31 6 {V.digits(8)}", "bel me op {v}"),
    (
        "phone",
        lambda: f"+33 (0)6 {V.digits(2)} {V.digits(2)} {V.digits(2)} {V.digits(2)}",
        "portable : {v}",
    ),
    ("email", lambda: f"{r.choice(WORDS)}.{r.choice(WORDS)}@gmx.de", "E-Mail: {v}"),
    (
        "email",
        lambda: f"{r.choice(WORDS).upper()}@{r.choice(WORDS)}.com.br",
        "escreva para {v}",
    ),
    ("email", lambda: f"{r.choice(WORDS)}+{r.choice(WORDS)}@fastmail.com", "<{v}>"),
    ("iban", V.iban, "IBAN: {v}"),
    ("iban", V.iban, "Überweisung an {v}"),
    ("card", V.card, "Visa {v}"),
    (
        "card",
        lambda: (lambda b: b + luhn.calc_check_digit(b))(
            "5" + str(r.randint(1, 5)) + V.digits(13)
        ),
        "mastercard no {v} exp 11/27 cvc 123",
    ),
    ("passport", lambda: r.choice(U) + r.choice(U) + V.digits(7), "passport: {v}"),
    ("passport", lambda: V.digits(9), "Passport Number {v}"),
]

C = [
    f"cache key: {hexs(64)}",
    f"Idempotency-Key: {uuid.UUID(int=r.getrandbits(128), version=4)}",
    "partition key user_id, sort key created_at",
    "S3 object key reports/2026/11/summary.csv",
    "primary key (id), foreign key (tenant_id)",
    "GPG key ID 0x3AA5C34371567BD2",
    "API key id (not the secret): key_01HF3J5K7M9P2Q4R6S8T",
    "masked key sk-proj-...Xk3J in the dashboard",
    "token shown as ghp_****************************abcd",
    "xoxb-*** (redacted in the log)",
    "password: [REDACTED]",
    "secret: <redacted>",
    "Authorization: Bearer ***",
    "OAuth redirect: https://app.acme.io/cb?code=<code>&state=xyz123",
    "state=af0ifjsldkj nonce=n-0S6_WzA2Mj in the auth request",
    "kid: 2026-11-key-1, alg RS256",
    "public_key_pem stored in the jwks table",
    "-----BEGIN RSA PUBLIC KEY-----\nMIIBCgKCAQEA+xGZ/wcz9ugFpP07Nspo6U17l0YhFiFpxxU4pTk3Lifz9R3zsIsu\n-----END RSA PUBLIC KEY-----",
    "ssh-keyscan github.com >> ~/.ssh/known_hosts",
    "known_hosts: |1|JfKTdBh7rNbXkVAQCRp4OQoPfmI=|USECr3SWf1JUPsms5AqfD5QfxkM= ssh-rsa AAAAB3NzaC1yc2EAAAABIwAAAQEAq2A7hRGm",
    "AKIA + 16 characters is the shape of an access key id",
    "Stripe keys look like sk_live_… and pk_live_…",
    "the .env file holds DB_PASSWORD; it is gitignored",
    "secrets are mounted at /var/run/secrets/kubernetes.io/serviceaccount/token",
    "export KUBECONFIG=~/.kube/config",
    "token_type=bearer expires_in=3600 scope=read:org",
    "grant_type=client_credentials&client_id=web-app",
    "password_hash = bcrypt.hashpw(raw, bcrypt.gensalt(12))",
    "PASSWORD_MIN_LENGTH = 12",
    "MAX_LOGIN_ATTEMPTS=5",
    "SESSION_COOKIE_SECURE=True",
    "ALLOWED_HOSTS=app.acme.io,api.acme.io",
    "REDIS_URL=redis://redis:6379/1",
    "DATABASE_URL=postgres://app:@db:5432/app",
    "SMTP_HOST=smtp.acme.io SMTP_PORT=587 SMTP_USER=alerts",
    "LDAP_BIND_DN=cn=reader,dc=acme,dc=org",
    "requirepass is commented out in redis.conf on dev",
    "the PIN is printed on the letter that came with the card",
    "PIN entry failed twice, card retained",
    "door code: ask the concierge",
    "backup codes were regenerated on 2026-11-20",
    "the recovery phrase is written on steel plates in the safe",
    "TOTP drift of 30 s tolerated",
    "my password is too long for the bank's form (max 20 chars)",
    "password123 and qwerty were the top two in 2025",
    "I use a passphrase of four random words",
    "pwd prints /home/bob/projects",
    "cd $(pwd)/build && make -j8",
    "pass the --dry-run flag first",
    "the token bucket allows bursts of 200",
    "pin numpy<2 for the old wheels",
    "keyboard layout: US international",
    "key signature: F# minor, tempo 96 bpm",
    "the answer key for quiz 3 is on Moodle",
    "Sid Meier's Civilization VI, 2016",
    "Wi-Fi 6E router, 2.4/5/6 GHz",
    "login.microsoftonline.com/{tenant}/oauth2/v2.0/token",
    "ssh -o PasswordAuthentication=no deploy@host",
    "PermitRootLogin prohibit-password",
    "PasswordAuthentication no",
    "auth required pam_unix.so",
    "AUTH LOGIN is advertised on port 587",
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36",
    "Accept-Encoding: gzip, deflate, br",
    'If-None-Match: "33a64df551425fcc55e4d42a148795d9f25f89d4"',
    "X-Request-ID: 7f3c9a1e-2b4d-4c8e-9f1a-3d5b7c9e1f2a",
    "content-md5: Q2hlY2sgSW50ZWdyaXR5IQ==",
    "x-amz-id-2: Uuag1LuByRx9e6j5Onimru9pO4ZVKnJ2Qz7/C1NPcfTWAtRPfTaOFg==",
    'ETag: W/"0815"',
    "Set-Cookie: theme=dark; Path=/; SameSite=Lax",
    "apt-key adv --keyserver keyserver.ubuntu.com --recv-keys 7EA0A9C3F273FCD8",
    "deb [signed-by=/usr/share/keyrings/docker.gpg] https://download.docker.com/linux/ubuntu jammy stable",
    "Package: nginx, Version: 1.24.0-2ubuntu7, SHA256: 4f9a2b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5f7a",
    "wheel: numpy-2.1.3-cp312-cp312-manylinux_2_17_x86_64.whl",
    "npm notice shasum: 2c26b46b68ffc68ff99b453c1d30413413422d70",
    'yarn.lock: resolution "react@npm:18.3.1", checksum: 10c0/283e8c5efcf37802c9d1ce767f302dd569dd97a70d9bb8c7be79a789b9902451e0d16334b05d73299b20f048cbc3c7d288bbbde10b701fa194e2089c237dbea3',
    "commit 4f9a2b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a Author: Bob <bob@users.noreply.github.com>",
    "PR #4412 merged by acme-bot",
    "tag v3.2.1, signed with key 4AEE18F83AFDEB23",
    "uuid 123e4567-e89b-12d3-a456-426614174000 is RFC 4122's example",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example (the RFC example)",
    "the example AWS key AKIAIOSFODNN7EXAMPLE is in every tutorial",
    "order 112-4412998-1234567 (Amazon)",
    "AWB 176-12345675",
    "BL number MAEU123456789",
    "container MSCU1234566",
    "chassis no. JH4KA7561PC008269",
    "part 1N4148 diode, 100 pcs",
    "resistor 4K7 1% 0603",
    "GTIN 00012345600012",
    "lot #A2026-11-4412",
    "price 12 999 Kč, 2 490 kr, ¥128,000",
    "distance 42.195 km, time 3:29:41",
    "BMI 22.4, BP 118/76, HR 62",
    "temperature 37.2 °C at 08:15",
    "phone model SM-S928B/DS",
    "software build 23F79 (iOS 17.5)",
    "screen 2556 x 1179 at 460 ppi",
    "DOI 10.1038/s41586-020-2649-2",
    "arXiv:2406.12345v2",
    "PMID 31452104",
    "ISSN 0028-0836",
    "ticket #88213 reopened",
    "customer no. 004412 (loyalty card, not a bank card)",
    "Sparkasse BLZ 100 500 00 (bank code, public)",
    "SWIFT/BIC COBADEFFXXX",
    "routing number 021000021 (Chase NY, public)",
    "sample IBAN from the ECB docs: GB82 WEST 1234 5698 7654 32",
    "test SSN 078-05-1120 from the Woolworth wallet card",
    "Stripe test card 4000 0566 5566 5556 (Visa debit) for sandbox",
    "fake phone 555-0100 used in films",
    "call 911 or 112 in an emergency",
    "hotline 0800 123 456 (free)",
    "tel:+18005551234 (toll-free support line)",
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
            "probe": "tune10x",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, f in enumerate(sec):
    for _ in range(2 if i % 3 == 0 else 1):
        add(f(), "secret", "secret", f"tune10x-s{i}")
for i, (kind, gen, tmpl) in enumerate(P):
    for _ in range(2 if i % 3 == 0 else 1):
        v = gen()
        if isinstance(v, tuple):
            v = v[1]
        add(tmpl.format(v=v), "pii", kind, f"tune10x-p{i}", value=v)
for i, t in enumerate(C):
    add(t, "clean", "clean", f"tune10x-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter

print(Counter(r_["label"] for r_ in rows))
