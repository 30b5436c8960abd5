# ruff: noqa: E501, E402 (the templates are data, one line each; the values module is imported from this folder)
"""Dev set tune9 for helper S (issue 12): secrets/PII/clean look-alikes."""

import hashlib
import json
import random
import string
import sys

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from sensitivity_values import Values
from stdnum.be import bis
from stdnum.bg import pnf
from stdnum.cr import cpf as cr_cpf
from stdnum.cu import ni as cu_ni
from stdnum.ke import pin as ke_pin
from stdnum.lv import pvn
from stdnum.mu import nid as mu_nid
from stdnum.pt import cc as pt_cc
from stdnum.pt import nif as pt_nif
from stdnum.si import emso
from stdnum.sk import rc as sk_rc
from stdnum.us import itin

r = random.Random(9091)
V = Values(r)
L, U, D = string.ascii_lowercase, string.ascii_uppercase, string.digits
A = L + U + D


def rs(n, a=A):
    return "".join(r.choice(a) for _ in range(n))


WORDS = "maple otter copper falcon river basil quokka walrus juniper cedar pumpkin zephyr lantern thistle harbor cobalt".split()


def pw():
    k = r.randrange(5)
    if k == 0:
        return rs(r.randint(10, 16), A + "!#%&*")
    if k == 1:
        return (
            r.choice(WORDS).capitalize() + str(r.randint(10, 999)) + r.choice("!#$&*?")
        )
    if k == 2:
        return rs(3, U) + rs(3, L) + rs(2, D) + r.choice("!@#%") + rs(3, A)
    if k == 3:
        return (
            r.choice(WORDS).capitalize()
            + r.choice("-_.")
            + r.choice(WORDS)
            + str(r.randint(1, 99))
        )
    return rs(12, A)


def hexs(n):
    return rs(n, "0123456789abcdef")


def b32(n):
    return rs(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


S = []  # secret templates: callables returning text


def s(f):
    S.append(f)
    return f


sec = [
    lambda: f"$db = new mysqli('db01', 'shop_app', '{pw()}', 'shop');",
    lambda: f'$link = mysqli_connect("localhost", "root", "{pw()}", "wordpress");',
    lambda: f"conn = mysql.connector.connect('10.0.3.7', 'report', '{pw()}')",
    lambda: f'db = pymysql.connect("db.internal", "etl", "{pw()}", "warehouse")',
    lambda: f'db = MySQLdb.connect("127.0.0.1", "admin", "{pw()}", "crm")',
    lambda: f'Connection c = DriverManager.getConnection(url, "sa", "{pw()}");',
    lambda: (
        f'conn = DriverManager.getConnection("jdbc:postgresql://pg:5432/app", "app", "{pw()}")'
    ),
    lambda: f'my $dbh = DBI->connect("dbi:mysql:shop", "root", "{pw()}");',
    lambda: f"ftp = FTP('ftp.acme.io', 'uploader', '{pw()}')",
    lambda: f"ftp = Net::FTP.new('files.acme.io', 'bob', '{pw()}')",
    lambda: f'ssh.connect("10.0.0.5", 22, "root", "{pw()}")',
    lambda: f'conn = cx_Oracle.connect("scott", "{pw()}", "dbhost/orcl")',
    lambda: (
        f"const sequelize = new Sequelize('inventory', 'inv_user', '{pw()}', {{ host: 'db' }});"
    ),
    lambda: f'auth := smtp.PlainAuth("", "alerts@acme.io", "{pw()}", "smtp.acme.io")',
    lambda: f"con <- dbConnect(RMySQL::MySQL(), dbname = 'shop', 'analyst', '{pw()}')",
    lambda: f'conn.simple_bind_s("cn=admin,dc=acme,dc=org", "{pw()}")',
    lambda: f"r = redis.Redis('cache01', 6379, 0, '{pw()}')",
    lambda: f"PDO: new PDO('mysql:host=db;dbname=shop', 'shop', '{pw()}');",
    lambda: (
        f"Net::SMTP.start('smtp.acme.io', 587, 'acme.io', 'mailer', '{pw()}', :plain)"
    ),
    lambda: f'db, _ := sql.Open("mysql", "app:{pw()}@tcp(db:3306)/shop")',
    lambda: f"mysql -h db01 -P 3306 -u root -p'{pw()}' shop < dump.sql",
    lambda: f"mysql -uadmin -p\"{pw()}\" -e 'show databases'",
    lambda: f"docker login -u deploy -p '{pw()}' registry.acme.io",
    lambda: f'docker login registry.gitlab.com --username ci -p "{pw()}"',
    lambda: f"xfreerdp /u:administrator /p:{pw()} /v:10.0.0.12",
    lambda: f"rdesktop -u admin -p {pw()} 192.168.1.40",
    lambda: f"evil-winrm -i 10.10.10.5 -u svc_backup -p '{pw()}'",
    lambda: f"lftp -u bob,{pw()} sftp://files.acme.io",
    lambda: f"mosquitto_pub -h broker -u sensor -P {pw()} -t home/temp -m 21",
    lambda: f"mysqladmin -u root password '{pw()}'",
    lambda: f"nmcli dev wifi connect HomeNet password '{pw()}'",
    lambda: f"psexec \\\\srv01 -u ACME\\admin -p {pw()} cmd",
    lambda: f"influx -host db -username admin -password '{pw()}'",
    lambda: f"smbclient //nas/backup {pw()} -U backup",
    lambda: f"ssh-keygen -t ed25519 -N '{pw()}' -f ~/.ssh/deploy",
    lambda: f"wmic /node:srv02 /user:admin /password:{pw()} os get caption",
    lambda: f"for the staging db use postgres / {pw()}",
    lambda: f"login: bob / {pw()}",
    lambda: f"jenkins: ci-bot / {pw()} (don't share)",
    lambda: f"grafana admin / {pw()} on the new box",
    lambda: f"the NAS is admin:{pw()} now",
    lambda: f"router web UI -> admin / {pw()}",
    lambda: f"Zugang fürs Wiki: mmueller / {pw()}",
    lambda: f"acceso al panel: soporte / {pw()}",
    lambda: f"sftp user deploy, pw {pw()}",
    lambda: f"ssh deploy@10.0.4.2 then sudo with {pw()}",
    lambda: f"pw for the camera -> {pw()}",
    lambda: f"got the vpn creds from Sam, vpnuser:{pw()}",
    lambda: f"staging mongo is app / {pw()}, prod is different",
    lambda: (
        "recovery codes: "
        + " ".join(f"{rs(4, L + D)}-{rs(4, L + D)}" for _ in range(r.randint(4, 8)))
    ),
    lambda: (
        "GitHub backup codes\n"
        + "\n".join(f"{hexs(5)}-{hexs(5)}" for _ in range(r.randint(6, 10)))
    ),
    lambda: (
        "Google backup codes: "
        + ", ".join(f"{rs(4, D)} {rs(4, D)}" for _ in range(r.randint(5, 10)))
    ),
    lambda: (
        "2FA recovery codes for Proton: "
        + " ".join(rs(8, L + D) for _ in range(r.randint(5, 8)))
    ),
    lambda: (
        "emergency codes (Discord): "
        + " / ".join(f"{rs(4, L + D)}-{rs(4, L + D)}" for _ in range(r.randint(4, 8)))
    ),
    lambda: f"otpauth://totp/Acme:bob@acme.io?secret={b32(32)}&issuer=Acme",
    lambda: f"2FA setup key: {' '.join(b32(4) for _ in range(8)).lower()}",
    lambda: f"TOTP seed for the shared admin account: {b32(16)}",
    lambda: f"authenticator secret {b32(32)} (scan failed so typed it)",
    lambda: f"STRIPE_SECRET_KEY=sk_live_{rs(24)}",
    lambda: f"restricted key for reporting: rk_live_{rs(24)}",
    lambda: f"slack bot token xoxb-{rs(11, D)}-{rs(12, D)}-{rs(24)}",
    lambda: f"SLACK_USER_TOKEN: xoxp-{rs(11, D)}-{rs(11, D)}-{rs(12, D)}-{hexs(32)}",
    lambda: f"app-level token xapp-1-A{rs(10, U + D)}-{rs(13, D)}-{hexs(64)}",
    lambda: f"git remote set-url origin https://ghp_{rs(36)}@github.com/acme/app.git",
    lambda: f"the OAuth app gave gho_{rs(36)}",
    lambda: f"GH_TOKEN={r.choice(['ghu', 'ghs', 'ghr'])}_{rs(36)}",
    lambda: f"fine-grained PAT: github_pat_11{rs(20, U + D)}_{rs(59)}",
    lambda: f"CI_TOKEN: glpat-{rs(20, A + '-_')}",
    lambda: f"twilio api key SK{hexs(32)} secret {rs(32)}",
    lambda: f"SENDGRID_API_KEY='SG.{rs(22, A + '-_')}.{rs(43, A + '-_')}'",
    lambda: f"openai key sk-proj-{rs(48, A + '-_')}",
    lambda: f"export OPENAI_API_KEY=sk-{rs(48)}",
    lambda: f"maps key AIza{rs(35, A + '-_')}",
    lambda: (
        f"DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={rs(86, A + '+/')}==;EndpointSuffix=core.windows.net"
    ),
    lambda: f"//registry.npmjs.org/:_authToken=npm_{rs(36)}",
    lambda: (
        f"[pypi]\\n  username = __token__\\n  password = pypi-AgEIcHlwaS5vcmc{rs(60, A + '-_')}".replace(
            "\\n", "\n"
        )
    ),
    lambda: f"HF_TOKEN=hf_{rs(34)}",
    lambda: f"shopify admin token shpat_{hexs(32)}",
    lambda: f"doctl auth init -t dop_v1_{hexs(64)}",
    lambda: f"mailgun: key-{hexs(32)}",
    lambda: f"square access token sq0atp-{rs(22, A + '-_')}",
    lambda: f"square app secret sq0csp-{rs(43, A + '-_')}",
    lambda: (
        f"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA{rs(60, A + '+/')}\n{rs(64, A + '+/')}\n-----END RSA PRIVATE KEY-----"
    ),
    lambda: (
        f"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA{rs(40, A + '+/')}\n-----END OPENSSH PRIVATE KEY-----"
    ),
    lambda: (
        f"-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkq{rs(32, A + '+/')}\n-----END ENCRYPTED PRIVATE KEY-----"
    ),
    lambda: (
        f"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQdGBF{rs(58, A + '+/')}\n=abcd\n-----END PGP PRIVATE KEY BLOCK-----"
    ),
    lambda: (
        f"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{rs(55, A + '+/')}\n-----END EC PRIVATE KEY-----"
    ),
    lambda: f"vault token hvs.{rs(24)}",
    lambda: f"telegram bot {rs(10, D)}:AA{rs(33, A + '-_')}",
    lambda: f"linear key lin_api_{rs(40)}",
    lambda: f"postman PMAK-{hexs(24)}-{hexs(34)}",
    lambda: f"databricks token dapi{hexs(32)}",
    lambda: f"grafana service account glsa_{rs(32)}_{hexs(8)}",
    lambda: f"NEW_RELIC_API_KEY=NRAK-{rs(27, U + D)}",
    lambda: f"atlassian api token ATATT3xFfGF0{rs(40, A + '-_')}={hexs(8).upper()}",
    lambda: f"doppler dp.st.prd.{rs(40)}",
    lambda: (
        f"slack webhook https://hooks.slack.com/services/T{rs(8, U + D)}/B{rs(8, U + D)}/{rs(24)}"
    ),
]
P = [
    lambda: (
        "sk.rc",
        "rodné číslo",
        lambda: V.until(
            lambda: V.date(1954, 2003).strftime("%y%m%d") + "/" + V.digits(4), sk_rc
        ),
        "Slovak client, rodné číslo {v}, address on file",
    ),
    lambda: (
        "si.emso",
        "EMŠO",
        lambda: V.until(
            lambda: (
                V.date().strftime("%d%m")
                + V.date().strftime("%Y")[1:]
                + "50"
                + V.digits(4)
            ),
            emso,
        ),
        "EMŠO: {v}",
    ),
    lambda: (
        "lv.pk",
        "personas kods",
        lambda: V.until(
            lambda: V.date().strftime("%d%m%y") + "-" + r.choice("012") + V.digits(4),
            pvn,
        ),
        "personas kods {v} (Riga branch)",
    ),
    lambda: (
        "pt.cc",
        "cartão de cidadão",
        lambda: V.until(
            lambda: V.digits(8) + " " + V.digits(1) + " " + V.letters(2) + V.digits(1),
            pt_cc,
        ),
        "Cartão de Cidadão n.º {v}",
    ),
    lambda: (
        "pt.nif",
        "NIF",
        lambda: V.until(lambda: r.choice("123") + V.digits(8), pt_nif),
        "NIF do cliente: {v}",
    ),
    lambda: (
        "cr.cpf",
        "cédula",
        lambda: V.until(
            lambda: r.choice("1234567") + "-" + V.digits(4) + "-" + V.digits(4), cr_cpf
        ),
        "cédula de identidad {v} (Costa Rica)",
    ),
    lambda: (
        "cu.ni",
        "carné de identidad",
        lambda: V.until(
            lambda: V.date(1960, 2003).strftime("%y%m%d") + V.digits(5), cu_ni
        ),
        "carné de identidad: {v}",
    ),
    lambda: (
        "be.bis",
        "BIS",
        lambda: V.until(
            lambda: (
                V.digits(2)
                + "."
                + str(r.randint(21, 32))
                + "."
                + V.digits(2)
                + "-"
                + V.digits(3)
                + "."
                + V.digits(2)
            ),
            bis,
        ),
        "BIS number {v} for the contractor",
    ),
    lambda: (
        "us.itin",
        "ITIN",
        lambda: V.until(
            lambda: (
                "9"
                + V.digits(2)
                + "-"
                + r.choice(["70", "78", "88", "90", "94"])
                + "-"
                + V.digits(4)
            ),
            itin,
        ),
        "her ITIN is {v}",
    ),
    lambda: (
        "ke.pin",
        "KRA PIN",
        lambda: V.until(lambda: "A" + V.digits(9) + V.letters(1), ke_pin),
        "KRA PIN {v} for the Nairobi invoice",
    ),
    lambda: (
        "mu.nid",
        "NID",
        lambda: V.until(
            lambda: (
                V.letters(1) + V.date().strftime("%d%m%y") + V.digits(6) + V.letters(1)
            ),
            mu_nid,
        ),
        "Mauritius NID: {v}",
    ),
    lambda: (
        "bg.pnf",
        "ЛНЧ",
        lambda: V.until(lambda: V.digits(10), pnf),
        "ЛНЧ {v} (foreign resident)",
    ),
]
C = [
    "$db = new mysqli($host, $user, $pass, $dbname);",
    "conn = mysql.connector.connect(host, user, os.environ['DB_PASSWORD'])",
    "Connection c = DriverManager.getConnection(url, user, password);",
    "DriverManager.getConnection(url, props) // creds come from vault",
    "db = pymysql.connect(host=cfg.host, user=cfg.user, password=cfg.password)",
    "ftp = FTP('ftp.acme.io', 'anonymous', '')",
    "$dbh = DBI->connect($dsn, $user, $password) or die;",
    "const sequelize = new Sequelize(process.env.DB, process.env.USER, process.env.PASS);",
    "mysql -u root -p shop   # prompts for the password",
    "mysql -h db01 -u app -p",
    "docker login -u ci --password-stdin registry.acme.io < token.txt",
    "docker login registry.acme.io (uses the credential helper)",
    "psql -U postgres -W -h db01",
    "mysql -u root -p'<password>' shop",
    'docker login -u deploy -p "$REGISTRY_PASSWORD" registry.acme.io',
    "xfreerdp /u:administrator /p:$PASS /v:10.0.0.12",
    'sshpass -p "$SSHPASS" ssh admin@host',
    "PDO expects new PDO($dsn, $username, $password)",
    'mysqli_connect("localhost", "root", "", "test") on the dev laptop (empty password)',
    "conn.simple_bind_s(bind_dn, bind_pw)",
    'smtp.PlainAuth("", from, pass, host)',
    "use postgres / the usual one from the vault",
    "login: bob / ask Alice for the password",
    "user / password fields are required on the form",
    "the A / B test ended, variant B / control",
    "read/write split is 80/20, input/output on TCP/IP",
    "admin / user roles are configured in LDAP",
    "release notes: v2.4.1-rc3 / v2.4.0",
    "login: alice / password: see 1Password",
    "recovery codes regenerated; the old ones are invalid now",
    "recovery codes are stored in the safe, not in the wiki",
    "backup codes: 10 left (use one per login)",
    "2FA enabled with an authenticator app, backup codes printed",
    "otpauth://totp/Acme:bob?secret=${TOTP_SECRET}&issuer=Acme",
    "the otpauth:// URI format is otpauth://TYPE/LABEL?PARAMETERS",
    "STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
    "publishable key pk_live_51HcZ2kLmnopQrstuVwxYZabcd for the checkout page",
    "SLACK_BOT_TOKEN=xoxb-your-token-here",
    "GITHUB_TOKEN=${{ secrets.GITHUB_TOKEN }}",
    "export OPENAI_API_KEY=sk-...",
    "export HF_TOKEN=hf_****************",
    "glpat- tokens expire after a year now",
    "rotate the sk_live_ keys every 90 days",
    "AccountKey=<storage-account-key>",
    "password = %s",
    'cursor.execute("UPDATE users SET password = %s WHERE id = %s", (h, uid))',
    "DB_PASSWORD=changeme  # docs default, override in prod",
    "password: ********",
    "password: {password}",
    'f"postgres://{user}:{password}@{host}/{db}"',
    "Authorization: Bearer <token>",
    "mysql -p'xxxx'",
    "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl deploy@ci",
    "host key fingerprint SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "gpg fingerprint 4AEE 18F8 3AFD EB23 B5E5  9F9B 7E82 4EB4 18EA 2A2D",
    "GPG key ID 0x7E824EB418EA2A2D",
    "docker pull nginx@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31",
    "release tarball sha512: cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
    "git bisect points at 9fceb02d0ae598e95dc970b74767f19372d61af8",
    "request id 3f2c1a7e-8b4d-4c9e-a1f0-7d6e5b4c3a21 timed out",
    "upgraded Postgres 15.4 -> 16.1, pgvector 0.7.0",
    "price went from $1,299.99 to €1.149,00",
    "order total 4f9k items? no: 49 items at $12.50",
    "build 2026.11.25-4f9k2j8d deployed",
    "short sha 4f9k2j8 is not hex, ignore",
    "RFC 6238 TOTP uses a 30 s step and 6 digits",
    "the recovery code format is xxxx-xxxx",
    "temp password rules: 12+ chars, 1 digit, 1 symbol",
    "login with your SSO account / company email",
    "ssh deploy@10.0.4.2 then sudo -i",
    "pw reset link sent to the user",
    "Kennwort vergessen? -> Link im Portal",
    "password manager -> Bitwarden, vault: Engineering",
    "ENV: POSTGRES_PASSWORD_FILE=/run/secrets/db_password",
    "kubectl create secret generic db --from-file=password=./pw.txt",
    "Azure storage account: acmelogs, key in Key Vault kv-prod",
    "npm token list shows 2 tokens (read-only, publish)",
    "pypi upload uses trusted publishing, no token needed",
    "Twilio SID AC lookup failed for +1 555 0100 (test number)",
    "Slack channel C04AB12CD3E pinned the runbook",
    "HF model id meta-llama/Llama-3.1-8B-Instruct",
    "dop_v1_ tokens are scoped per team",
    "Mailgun domain mg.acme.io verified",
    "Square location id L8J2K4M6N0 in the POS config",
    "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----",
    "ENCRYPTED PRIVATE KEY files need -passin on import",
    "wifi: AcmeGuest / open network, no password",
    "staging db: postgres / see the team vault entry",
    "ticket 4412: user bob / team infra / prio high",
    "the camera model is DS-2CD2143G2-I / firmware V5.7.3",
    "latency p50 / p99: 12 ms / 88 ms",
    "color #4F9A2B and #1E2D3C in the theme",
    "commit message: Fix/Refactor auth flow (AUTH-1234)",
    "ISBN 978-3-16-148410-0 on the shelf",
    "mac 3C:52:82:1A:7F:09 gets 10.0.0.40",
    "vault kv get -field=password secret/db",
    "LDAP bind DN cn=reader,dc=acme,dc=org, bind password from env",
    'curl -u "$USER:$TOKEN" https://api.acme.io',
    "redis.Redis(host, port, db, password)",
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
            "probe": "tune9",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, f in enumerate(sec):
    for _ in range(2 if i < 55 else 1):
        add(f(), "secret", "secret", f"tune9-s{i}")
# PII: new countries twice each, plus existing kinds in new wording
for i, f in enumerate(P):
    kind, name, gen, tmpl = f()
    for _ in range(2):
        v = gen()
        add(tmpl.format(v=v), "pii", kind, f"tune9-p{i}", value=v)
extra_pii = [
    (
        "email",
        lambda: (
            "reply-to: "
            + (_v := f"{r.choice(WORDS)}.{r.choice(WORDS)}{r.randint(1, 99)}@proton.me")
        ),
        None,
    ),
]
more = [
    ("pl.pesel", "PESEL pacjenta {v}", V.pesel),
    ("br.cpf", "CPF {v} cadastrado", V.cpf),
    ("card", "card on file {v}", V.card),
    ("iban", "pay to {v} by Friday", V.iban),
    ("us.ssn", "SSN {v}", V.ssn),
    ("fi.hetu", "henkilötunnus {v}", V.hetu if hasattr(V, "hetu") else V.ssn),
    ("dk.cpr", "CPR-nr. {v}", V.cpr if hasattr(V, "cpr") else V.ssn),
    ("es.dni", "DNI {v} del titular", V.es_dni),
    ("nl.bsn", "BSN {v}", V.bsn),
    ("de.idnr", "Steuer-ID {v}", V.de_idnr),
    ("it.cf", "codice fiscale {v}", V.codice_fiscale),
    ("ro.cnp", "CNP {v}", V.cnp if hasattr(V, "cnp") else V.ssn),
    ("za.idnr", "SA ID {v}", V.za_id),
]
for j, (kind, tmpl, gen) in enumerate(more):
    for _ in range(2):
        v = gen()
        if isinstance(v, tuple):
            v = v[1]
        add(tmpl.format(v=v), "pii", kind, f"tune9-q{j}", value=v)
for i, t in enumerate(C):
    add(t, "clean", "clean", f"tune9-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter

print(Counter(r_["label"] for r_ in rows))
