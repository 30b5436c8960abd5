# ruff: noqa: E501, E402 (the templates are data, one line each; the values module is imported from this folder)
"""Dev set tune10 for helper S (issue 12): secrets, PII and clean look-alikes.

Wide on purpose: credentials as they appear in many tools' config formats
and CLIs (yaml, toml, ini, json, .env, compose, k8s, terraform, ansible,
CI files, npmrc/pypirc/netrc, JDBC/ODBC, SMTP, LDAP, Redis, Mongo, AMQP),
cloud and SaaS token formats, passwords in chat prose, recovery codes and
PINs; national ids of many continents, phones, emails, IBANs, cards and
passports; clean texts that look like all of these (digests, ids, public
keys, placeholders, encrypted values, prices, part numbers, versions).

`python tests/data/make_sensitivity_tune10.py tests/data/sensitivity_tune10.jsonl`
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
from stdnum.br import cnpj
from stdnum.in_ import pan

r = random.Random(10010)
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


WORDS = "saffron tundra marble gecko orchid nimbus pepper velvet canyon dynamo meadow hazel bramble tinker ember sorrel".split()


def pw():
    k = r.randrange(6)
    if k == 0:
        return rs(r.randint(10, 18), A + "!#%&*@^")
    if k == 1:
        return (
            r.choice(WORDS).capitalize()
            + str(r.randint(10, 9999))
            + r.choice("!#$&*?@")
        )
    if k == 2:
        return rs(2, U) + rs(4, L) + rs(3, D) + r.choice("!@#%+") + rs(2, A)
    if k == 3:
        return (
            r.choice(WORDS).capitalize()
            + r.choice("-_.")
            + r.choice(WORDS)
            + str(r.randint(1, 999))
        )
    if k == 4:
        return rs(16, A)
    return rs(4, L) + r.choice("$%&") + rs(3, U) + rs(3, D)


def b64(n):
    return rs(n, B64)


def jwt():
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = (
        base64.urlsafe_b64encode(
            json.dumps(
                {
                    "sub": str(r.randint(1000, 99999)),
                    "name": r.choice(WORDS),
                    "iat": 1732000000 + r.randint(0, 99999),
                }
            ).encode()
        )
        .decode()
        .rstrip("=")
    )
    return f"{head}.{body}.{rs(43, URLSAFE)}"


def aws_id():
    return r.choice(["AKIA", "ASIA"]) + rs(16, U + "234567")


def aws_secret():
    return rs(40, B64)


def pem(label, body_start):
    lines = [body_start + b64(64 - len(body_start))] + [
        b64(64) for _ in range(r.randint(2, 4))
    ]
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----"


sec = [
    # Config formats.
    lambda: (
        f"database:\n  host: db.internal\n  port: 5432\n  username: app\n  password: {pw()}"
    ),
    lambda: f'[database]\nhost = "pg01"\nuser = "billing"\npassword = "{pw()}"',
    lambda: f"[client]\nuser=backup\npassword={pw()}\nhost=mysql01",
    lambda: f'{{"db": {{"user": "svc_api", "pass": "{pw()}", "host": "10.2.0.8"}}}}',
    lambda: f"DB_HOST=localhost\nDB_USER=app\nDB_PASS={pw()}\nDB_NAME=shop",
    lambda: (
        f"services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: {pw()}"
    ),
    lambda: (
        f"    environment:\n      - MYSQL_ROOT_PASSWORD={pw()}\n      - MYSQL_DATABASE=wp"
    ),
    lambda: (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\nstringData:\n  username: app\n  password: {pw()}"
    ),
    lambda: (
        f"apiVersion: v1\nkind: Secret\ndata:\n  password: {base64.b64encode(pw().encode()).decode()}"
    ),
    lambda: (
        f'resource "aws_db_instance" "main" {{\n  username = "admin"\n  password = "{pw()}"\n}}'
    ),
    lambda: (
        f'provider "postgresql" {{\n  host     = "pg.internal"\n  password = "{pw()}"\n}}'
    ),
    lambda: f"ansible_user: deploy\nansible_become_pass: {pw()}",
    lambda: f"[webservers:vars]\nansible_ssh_pass={pw()}",
    lambda: f'variables:\n  DEPLOY_USER: ci\n  DEPLOY_PASSWORD: "{pw()}"',
    lambda: f"//registry.npmjs.org/:_authToken=npm_{rs(36)}",
    lambda: (
        f"//npm.pkg.github.com/:_authToken=ghp_{rs(36)}\n@acme:registry=https://npm.pkg.github.com"
    ),
    lambda: (
        f"_auth={base64.b64encode(('ci:' + pw()).encode()).decode()}\nemail=ci@acme.io"
    ),
    lambda: (
        f"[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmc{rs(70, URLSAFE)}"
    ),
    lambda: (
        f"[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = bob\npassword = {pw()}"
    ),
    lambda: (
        f"machine api.heroku.com\n  login bob@acme.io\n  password {hexs(8)}-{hexs(4)}-{hexs(4)}-{hexs(4)}-{hexs(12)}"
    ),
    lambda: f"machine ftp.acme.io login uploader password {pw()}",
    lambda: f"https://bob:{pw()}@git.acme.io",
    lambda: (
        f"git clone https://oauth2:glpat-{rs(20, URLSAFE)}@gitlab.com/acme/infra.git"
    ),
    lambda: f"git clone https://x-access-token:ghs_{rs(36)}@github.com/acme/app.git",
    lambda: f"url = jdbc:mysql://db01:3306/shop?user=shop&password={pw()}&useSSL=true",
    lambda: (
        f"jdbc:sqlserver://sql01:1433;databaseName=erp;user=sa;password={pw()};encrypt=true"
    ),
    lambda: (
        f"spring.datasource.url=jdbc:postgresql://pg:5432/app\nspring.datasource.username=app\nspring.datasource.password={pw()}"
    ),
    lambda: (
        f"Driver={{ODBC Driver 18 for SQL Server}};Server=tcp:sql01,1433;Database=crm;Uid=crm_app;Pwd={pw()};"
    ),
    lambda: (
        f"Server=myserver.database.windows.net;Database=sales;User ID=sqladmin;Password={pw()};Encrypt=True"
    ),
    lambda: (
        f"Provider=SQLOLEDB;Data Source=SRV01;Initial Catalog=HR;User Id=hr;Password={pw()};"
    ),
    lambda: (
        f"EMAIL_HOST = 'smtp.sendgrid.net'\nEMAIL_HOST_USER = 'apikey'\nEMAIL_HOST_PASSWORD = 'SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}'"
    ),
    lambda: (
        f"smtp:\n  server: smtp.office365.com\n  user: noreply@acme.io\n  pass: {pw()}"
    ),
    lambda: f"spring.mail.password={pw()}",
    lambda: f"bindDN: cn=svc-ldap,ou=svc,dc=acme,dc=org\nbindPassword: {pw()}",
    lambda: f"ldap_default_authtok = {pw()}",
    lambda: (
        f"ldapsearch -x -H ldaps://dc01 -D 'cn=reader,dc=acme,dc=org' -w '{pw()}' '(uid=bob)'"
    ),
    lambda: f"requirepass {pw()}",
    lambda: f"masterauth {pw()}",
    lambda: f"redis-cli -h cache01 -p 6380 --pass '{pw()}' ping",
    lambda: f"REDIS_URL=redis://:{pw()}@cache01:6379/0",
    lambda: f"rediss://default:{rs(32)}@eu1-fine-gecko-31337.upstash.io:6379",
    lambda: (
        f"mongodb+srv://analytics:{pw()}@cluster0.ab12c.mongodb.net/prod?retryWrites=true"
    ),
    lambda: (
        f"MONGO_URI=mongodb://root:{pw()}@mongo-0.mongo:27017,mongo-1.mongo:27017/?replicaSet=rs0"
    ),
    lambda: f"amqp://orders:{pw()}@rabbit.internal:5672/%2F",
    lambda: (
        f"CELERY_BROKER_URL = 'amqps://worker:{pw()}@b-1234.mq.eu-west-1.amazonaws.com:5671'"
    ),
    lambda: (
        f'kafka sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="svc" password="{pw()}";'
    ),
    lambda: (
        f'<connectionStrings><add name="Main" connectionString="Data Source=db;User ID=web;Password={pw()}" /></connectionStrings>'
    ),
    lambda: (
        f"<server>\n  <id>nexus</id>\n  <username>deploy</username>\n  <password>{pw()}</password>\n</server>"
    ),
    lambda: f"nexusPassword={pw()}\nnexusUsername=deploy",
    lambda: f"systemProp.https.proxyPassword={pw()}",
    lambda: f"http_proxy=http://jdoe:{pw()}@proxy.corp:3128",
    lambda: (
        f'[credential "https://git.acme.io"]\n\tusername = bob\n\thelper = store\n# store file: https://bob:{pw()}@git.acme.io'
    ),
    lambda: f'wpa_passphrase="{pw()}"\nssid="HomeNet"',
    lambda: f'network={{\n  ssid="Office5G"\n  psk="{pw()}"\n}}',
    lambda: f"[Interface]\nPrivateKey = {rs(43, B64)}=\nAddress = 10.8.0.2/32",
    lambda: f'rpc_secret = "{hexs(32)}"',
    lambda: f"SECRET_KEY = 'django-insecure-{rs(50, L + D + '!@#$%^&*(-_=+)')}'",
    lambda: f"APP_KEY=base64:{rs(43, B64)}=",
    lambda: f"NEXTAUTH_SECRET={rs(43, B64)}=",
    lambda: f"JWT_SECRET={hexs(64)}",
    lambda: f"secret_key_base: {hexs(128)}",
    lambda: f'session:\n  secret: "{rs(32)}"',
    lambda: f'cookie_secret = "{rs(40, B64)}"',
    lambda: f"webhook signing secret whsec_{rs(32)}",
    lambda: f"STRIPE_WEBHOOK_SECRET=whsec_{rs(32)}",
    # Cloud.
    lambda: f"aws_access_key_id = {aws_id()}\naws_secret_access_key = {aws_secret()}",
    lambda: f"aws configure set aws_secret_access_key {aws_secret()}",
    lambda: (
        f"AWS_ACCESS_KEY_ID={aws_id()} AWS_SECRET_ACCESS_KEY={aws_secret()} aws s3 ls"
    ),
    lambda: f"the IAM user's keys: {aws_id()} / {aws_secret()}",
    lambda: (
        f'{{"type": "service_account", "project_id": "acme-prod", "private_key_id": "{hexs(40)}", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b64(40)}\\n{b64(64)}\\n-----END PRIVATE KEY-----\\n", "client_email": "ci@acme-prod.iam.gserviceaccount.com"}}'
    ),
    lambda: f'"private_key_id": "{hexs(40)}",',
    lambda: f"GOOGLE_CLIENT_SECRET=GOCSPX-{rs(28, URLSAFE)}",
    lambda: f"oauth client secret for the web app: GOCSPX-{rs(28, URLSAFE)}",
    lambda: (
        f"curl -H 'Authorization: Bearer ya29.{rs(120, URLSAFE)}' https://www.googleapis.com/drive/v3/files"
    ),
    lambda: f"refresh_token: 1//0g{rs(98, URLSAFE)}",
    lambda: (
        f"https://acmelogs.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-01T00:00:00Z&st=2026-11-01T00:00:00Z&spr=https&sig={rs(43, B64).replace('+', '%2B').replace('/', '%2F')}%3D"
    ),
    lambda: (
        f"Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={rs(43, B64)}="
    ),
    lambda: (
        f"DefaultEndpointsProtocol=https;AccountName=acmedata;AccountKey={rs(86, B64)}==;EndpointSuffix=core.windows.net"
    ),
    lambda: f"AZURE_CLIENT_SECRET={rs(3, A)}8Q~{rs(34, A + '_.-~')}",
    lambda: f"app registration secret value: {rs(3, A)}7Q~{rs(34, A + '_.-')}",
    lambda: (
        f"az login --service-principal -u {uuid.UUID(int=r.getrandbits(128))} -p '{rs(3, A)}8Q~{rs(34, A + '_.-')}' --tenant acme.onmicrosoft.com"
    ),
    lambda: f"Ocp-Apim-Subscription-Key: {hexs(32)}",
    lambda: f"cognitive services key1 {hexs(32)} (West Europe)",
    lambda: f"DO_TOKEN=dop_v1_{hexs(64)}",
    lambda: f"hcloud context create prod # token: {rs(64)}",
    lambda: f"linode-cli token {hexs(64)}",
    lambda: f"CLOUDFLARE_API_TOKEN={rs(40, URLSAFE)}",
    lambda: f"X-Auth-Key: {hexs(37)}",
    lambda: f"HEROKU_API_KEY={uuid.UUID(int=r.getrandbits(128))}",
    lambda: f"heroku auth token -> HRKU-{rs(60, URLSAFE)}",
    lambda: f"VERCEL_TOKEN={rs(24)}",
    lambda: f"netlify token nfp_{rs(40)}",
    lambda: f"tailscale up --authkey tskey-auth-{rs(17)}-{rs(33)}",
    lambda: f"TS_API_KEY=tskey-api-{rs(16)}-{rs(32)}",
    lambda: f"OP_SERVICE_ACCOUNT_TOKEN=ops_eyJ{rs(200, URLSAFE)}",
    lambda: f"vault login s.{rs(24)}",
    lambda: f"VAULT_TOKEN=hvs.CAES{rs(90, URLSAFE)}",
    # SaaS.
    lambda: f"slack: xoxb-{rs(13, D)}-{rs(13, D)}-{rs(24)}",
    lambda: f"SLACK_SIGNING_SECRET={hexs(32)}",
    lambda: f'stripe.api_key = "sk_live_51{rs(97)}"',
    lambda: f"test-mode secret for the sandbox: sk_test_51{rs(97)}",
    lambda: f"rk_live_51{rs(97)} is the restricted key for the reports job",
    lambda: f"TWILIO_ACCOUNT_SID=AC{hexs(32)}\nTWILIO_AUTH_TOKEN={hexs(32)}",
    lambda: f'client = Client("AC{hexs(32)}", "{hexs(32)}")',
    lambda: f"sg = SendGridAPIClient('SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}')",
    lambda: f"GITHUB_TOKEN=github_pat_11{rs(20, U + D)}_{rs(59)}",
    lambda: f"gh auth login --with-token <<< ghp_{rs(36)}",
    lambda: f"PRIVATE-TOKEN: glpat-{rs(20, URLSAFE)}",
    lambda: f"gitlab deploy token gldt-{rs(20, URLSAFE)}",
    lambda: f"runner registration token glrt-{rs(20, URLSAFE)}",
    lambda: f"npm config set //registry.npmjs.org/:_authToken npm_{rs(36)}",
    lambda: (
        f"twine upload -u __token__ -p pypi-AgEIcHlwaS5vcmc{rs(70, URLSAFE)} dist/*"
    ),
    lambda: f"huggingface-cli login --token hf_{rs(34)}",
    lambda: (
        f'from openai import OpenAI\nclient = OpenAI(api_key="sk-proj-{rs(120, URLSAFE)}")'
    ),
    lambda: f"ANTHROPIC_API_KEY=sk-ant-api03-{rs(93, URLSAFE)}AA",
    lambda: f"anthropic = Anthropic(api_key='sk-ant-api03-{rs(93, URLSAFE)}AA')",
    lambda: f"DD_API_KEY={hexs(32)}\nDD_APP_KEY={hexs(40)}",
    lambda: f"datadog api key {hexs(32)}",
    lambda: f"SENTRY_AUTH_TOKEN=sntrys_{rs(120, URLSAFE)}",
    lambda: f"mailgun api key: key-{hexs(32)}",
    lambda: f"MAILCHIMP_API_KEY={hexs(32)}-us{r.randint(1, 21)}",
    lambda: f"algolia admin api key {hexs(32)}",
    lambda: f"SHOPIFY_ACCESS_TOKEN=shpat_{hexs(32)}",
    lambda: f"docker login -u acme --password-stdin <<< dckr_pat_{rs(27, URLSAFE)}",
    lambda: f"FIGMA_TOKEN=figd_{rs(40, URLSAFE)}",
    lambda: f"contentful management token CFPAT-{rs(43, URLSAFE)}",
    lambda: f"PINECONE_API_KEY=pcsk_{rs(5)}_{rs(60)}",
    lambda: f"perplexity key pplx-{rs(48)}",
    lambda: f"XAI_API_KEY=xai-{rs(80)}",
    lambda: f"LANGSMITH_API_KEY=lsv2_pt_{hexs(32)}_{hexs(10)}",
    lambda: f"resend key re_{rs(8)}_{rs(24)}",
    lambda: f"bitbucket app password ATBB{rs(28)}{hexs(8).upper()}",
    lambda: f"asana PAT 2/{rs(16, D)}/{rs(16, D)}:{hexs(32)}",
    lambda: f"okta: Authorization: SSWS 00{rs(40, URLSAFE)}",
    lambda: f"discord bot token M{rs(23)}.{rs(6, URLSAFE)}.{rs(38, URLSAFE)}",
    lambda: f"telegram: bot{r.randint(10**9, 10**10)}:AA{rs(33, URLSAFE)}",
    lambda: f"FCM server key AAAA{rs(7, URLSAFE)}:APA91b{rs(134, URLSAFE)}",
    lambda: f"circleci token CCIPAT_{rs(22)}_{hexs(40)}",
    lambda: f"BUILDKITE_AGENT_TOKEN={hexs(50)}",
    lambda: f"snyk auth {uuid.UUID(int=r.getrandbits(128))}",
    lambda: f"WANDB_API_KEY={hexs(40)}",
    lambda: f"paypal client secret E{rs(79, URLSAFE)}",
    lambda: f"Authorization: Bearer {jwt()}",
    lambda: f"id_token={jwt()}",
    lambda: f"here's my session token from devtools: {jwt()}",
    lambda: (
        f"Authorization: Basic {base64.b64encode(('admin:' + pw()).encode()).decode()}"
    ),
    lambda: f'curl -H "X-API-Key: {rs(32)}" https://api.acme.io/v2/usage',
    lambda: f"x-api-key: {rs(40)}",
    # Keys.
    lambda: pem("RSA PRIVATE KEY", "MIIEpAIBAAKCAQEA"),
    lambda: pem("PRIVATE KEY", "MIIEvgIBADANBgkqhkiG9w0BAQEFAASC"),
    lambda: pem("OPENSSH PRIVATE KEY", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"),
    lambda: (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQVYBG"
        + b64(58)
        + "\n"
        + b64(64)
        + "\n="
        + rs(4, B64)
        + "\n-----END PGP PRIVATE KEY BLOCK-----"
    ),
    lambda: pem("DSA PRIVATE KEY", "MIIBuwIBAAKBgQ"),
    lambda: (
        f"tls.key: {base64.b64encode(pem('EC PRIVATE KEY', 'MHcCAQEEI').encode()).decode()[:160]}"
    ),
    lambda: (
        f"ssh_private_key: |\n  -----BEGIN OPENSSH PRIVATE KEY-----\n  b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHI{b64(40)}\n  -----END OPENSSH PRIVATE KEY-----"
    ),
    # CLIs.
    lambda: f"PGPASSWORD='{pw()}' pg_dump -h pg01 -U app app > app.sql",
    lambda: f'psql "host=pg01 user=report password={pw()} dbname=dw"',
    lambda: f"mysqldump -u backup --password='{pw()}' --all-databases",
    lambda: f"sqlcmd -S sql01 -U sa -P '{pw()}' -Q 'SELECT 1'",
    lambda: f"helm install pg bitnami/postgresql --set auth.postgresPassword={pw()}",
    lambda: f"kubectl create secret generic api --from-literal=api-key={rs(32)}",
    lambda: (
        f"kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=bot --docker-password={pw()}"
    ),
    lambda: f"wget --user=ci --password='{pw()}' https://repo.acme.io/artifact.tar.gz",
    lambda: (
        f"rclone config create s3 s3 access_key_id {aws_id()} secret_access_key {aws_secret()}"
    ),
    lambda: (
        f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{pw()}"
    ),
    lambda: (
        f"keytool -importkeystore -srckeystore a.jks -srcstorepass {pw()} -destkeystore b.p12"
    ),
    lambda: f"net user svc_backup {pw()} /add /domain",
    lambda: (
        f"New-LocalUser -Name kiosk -Password (ConvertTo-SecureString '{pw()}' -AsPlainText -Force)"
    ),
    lambda: f"runas /user:ACME\\admin cmd  (pw {pw()})",
    lambda: f"hydra found: login: admin   password: {pw()}",
    lambda: f"heroku config:set STRIPE_SECRET=sk_live_{rs(24)}",
    lambda: f"fly secrets set DATABASE_PASSWORD='{pw()}'",
    lambda: f"gh secret set NPM_TOKEN --body npm_{rs(36)}",
    lambda: f"echo '{pw()}' | docker login ghcr.io -u acme-bot --password-stdin",
    lambda: f"ipmitool -I lanplus -H 10.0.9.4 -U ADMIN -P {pw()} chassis status",
    lambda: (
        f"snmpwalk -v3 -u monitor -l authPriv -a SHA -A '{pw()}' -x AES -X '{pw()}' 10.0.0.1"
    ),
    lambda: f"openvpn --auth-user-pass creds.txt  # creds.txt: vpnuser\\n{pw()}",
    # Chat prose.
    lambda: f"the wifi pw is {pw()}",
    lambda: f"guest wifi: Cafe-Guest, password {pw()}",
    lambda: f"login: jdoe / {pw()}",
    lambda: f"my netflix login is anna.k@gmail.com and the password is {pw()}",
    lambda: f"ok new password for the shared drive: {pw()}",
    lambda: f"I changed the router admin password to {pw()} yesterday",
    lambda: f"reminder for myself: bank app PIN is {r.randint(1000, 9999)}",
    lambda: f"my debit card PIN: {r.randint(1000, 9999)}",
    lambda: f"phone unlock code is {r.randint(100000, 999999)}",
    lambda: f"garage door keypad code {r.randint(1000, 9999)}#",
    lambda: f"alarm disarm code: {r.randint(1000, 9999)}",
    lambda: f"voicemail PIN {r.randint(1000, 9999)} (same as before)",
    lambda: f"SIM PUK: {r.randint(10**7, 10**8 - 1)}",
    lambda: f"Sam's laptop: user sam, pass {pw()}",
    lambda: f"creds for the staging grafana -> admin:{pw()}",
    lambda: f"temp password {pw()} — change it on first login",
    lambda: (
        f'he told me the vpn passphrase: "{r.choice(WORDS)} {r.choice(WORDS)} {r.choice(WORDS)} {r.choice(WORDS)}"'
    ),
    lambda: f"The Wi-Fi at the cabin is 'Lakeside' and the key is {pw()}",
    lambda: f"password for the pdf statements is {pw()}",
    lambda: f"Mot de passe du Wi-Fi : {pw()}",
    lambda: f"WLAN-Passwort: {pw()}",
    lambda: f"la contraseña del router es {pw()}",
    lambda: f"a senha do wifi é {pw()}",
    lambda: f"hasło do wifi: {pw()}",
    lambda: f"wachtwoord van de nas is {pw()}",
    lambda: f"パスワードは {pw()} です",
    lambda: f"wifi 密码: {pw()}",
    lambda: f"use {pw()} to sign in to the old admin portal",
    lambda: f"sudo password on the build box is {pw()}",
    lambda: f"root pw: {pw()}",
    lambda: f"the zip is encrypted, password {pw()}",
    lambda: f"master password hint… no, the actual one: {pw()}",
    lambda: f"login for the printer panel → admin / {pw()}",
    lambda: f"DB creds: reporting_ro, {pw()}",
    lambda: f"username: ops@acme.io\npassword: {pw()}",
    lambda: f"User: administrator | Pass: {pw()}",
    lambda: f"Benutzer: mmeier, Kennwort: {pw()}",
    lambda: f"account: bob.k  pwd: {pw()}",
    # Recovery codes, seeds.
    lambda: (
        "Your backup codes:\n" + "\n".join(f"{rs(4, D)} {rs(4, D)}" for _ in range(8))
    ),
    lambda: "AWS MFA recovery codes: " + ", ".join(rs(10, U + D) for _ in range(6)),
    lambda: "Slack backup codes\n" + "\n".join(rs(8, L + D) for _ in range(10)),
    lambda: (
        "Microsoft account recovery code: " + "-".join(rs(5, U + D) for _ in range(5))
    ),
    lambda: "Apple ID recovery key " + "-".join(rs(4, U + D) for _ in range(7)),
    lambda: (
        "1Password Emergency Kit secret key: A3-"
        + "-".join(rs(r.choice([6, 5]), U + D) for _ in range(6))
    ),
    lambda: "BitLocker recovery key: " + "-".join(rs(6, D) for _ in range(8)),
    lambda: (
        "seed phrase: "
        + " ".join(
            r.sample(
                "abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid acoustic acquire across act action actor actress actual adapt add addict address adjust admit adult advance advice".split(),
                12,
            )
        )
    ),
    lambda: f"otpauth://totp/GitHub:bob?secret={rs(32, U + '234567')}&issuer=GitHub",
    lambda: (
        f"authenticator setup key: {' '.join(rs(4, L + '234567') for _ in range(8))}"
    ),
]


# Personal data: (kind, generator, template).
def _pan():
    return V.until(
        lambda: V.letters(3) + "P" + V.letters(1) + V.digits(4) + V.letters(1), pan
    )


def _cnpj():
    v = V.until(lambda: V.digits(8) + "0001" + V.digits(2), cnpj)
    return f"{v[:2]}.{v[2:5]}.{v[5:8]}/{v[8:12]}-{v[12:]}"


def _rut():
    v = V.rut()
    return v


def _nie():
    return V.es_nie()


def _pnr():
    return V.personnummer()


def _passport_us():
    return str(r.randint(5, 6)) + V.digits(8)


def _passport_de():
    return r.choice("CFGHJK") + rs(8, "CFGHJKLMNPRTVWXYZ0123456789")


def _passport_in():
    return r.choice(U) + V.digits(7)


def _passport_gb():
    return V.digits(9)


def _nino():
    prefix = "GB"
    while prefix in ("BG", "GB", "NK", "KN", "TN", "NT", "ZZ"):
        prefix = rs(1, "ABCEGHJKLMNPRSTWXYZ") + rs(1, "ABCEGHJKLMNPRSTWXYZ")
    return f"{prefix} {V.digits(2)} {V.digits(2)} {V.digits(2)} {r.choice('ABCD')}"


def _phone_in():
    return f"+91 {r.choice('6789')}{V.digits(4)} {V.digits(5)}"


def _phone_br():
    return f"+55 11 9{V.digits(4)}-{V.digits(4)}"


def _phone_jp():
    return f"+81 90-{V.digits(4)}-{V.digits(4)}"


def _phone_uk():
    return f"07700 900{V.digits(3)}"


def _phone_de():
    return f"0151 {V.digits(8)}"


def _phone_au():
    return f"+61 4{V.digits(2)} {V.digits(3)} {V.digits(3)}"


def _phone_mx():
    return f"+52 55 {V.digits(4)} {V.digits(4)}"


def _phone_za():
    return f"+27 82 {V.digits(3)} {V.digits(4)}"


def _phone_ng():
    return f"+234 803 {V.digits(3)} {V.digits(4)}"


def _phone_us():
    return f"({r.choice(['415', '212', '617', '312'])}) {r.randint(200, 999)}-{V.digits(4)}"


def _email():
    return f"{r.choice(WORDS)}.{r.choice(WORDS)}{r.randint(1, 99)}@{r.choice(['gmail.com', 'outlook.de', 'yahoo.co.jp', 'icloud.com', 'acme-corp.co.uk', 'uni-heidelberg.de'])}"


def _iban_any():
    country, length, shape = r.choice(
        [
            ("GB", 18, lambda: V.letters(4) + V.digits(14)),
            ("IT", 23, lambda: V.letters(1) + V.digits(22)),
            ("BE", 12, lambda: V.digits(12)),
            ("SA", 20, lambda: V.digits(20)),
            ("AE", 19, lambda: V.digits(19)),
            ("AT", 16, lambda: V.digits(16)),
            ("IE", 18, lambda: V.letters(4) + V.digits(14)),
        ]
    )

    def make():
        bban = shape()
        return country + iban_mod.calc_check_digits(country + "00" + bban) + bban

    v = V.until(make, iban_mod)
    return r.choice((v, " ".join(v[i : i + 4] for i in range(0, len(v), 4))))


def _card_any():
    prefix, length = r.choice(
        [
            ("4", 16),
            ("5", 16),
            ("37", 15),
            ("6011", 16),
            ("35", 16),
            ("62", 16),
            ("2221", 16),
        ]
    )
    body = prefix + V.digits(length - len(prefix) - 1)
    v = body + luhn.calc_check_digit(body)
    if length == 15:
        return f"{v[:4]} {v[4:10]} {v[10:]}"
    return r.choice((v, " ".join(v[i : i + 4] for i in range(0, 16, 4))))


P = [
    ("in.aadhaar", V.aadhaar, "Aadhaar card: {v}"),
    ("in.aadhaar", V.aadhaar, "my aadhar no is {v} pls update KYC"),
    ("in.pan", _pan, "PAN: {v} (for TDS)"),
    ("in.pan", _pan, "Please quote PAN {v} on the invoice"),
    ("br.cpf", V.cpf, "CPF: {v}"),
    ("br.cpf", V.cpf, "o CPF da Maria é {v}"),
    ("br.cnpj", _cnpj, "CNPJ {v} (Ltda.)"),
    ("mx.curp", V.curp, "CURP: {v}"),
    ("mx.curp", V.curp, "su CURP es {v}"),
    ("mx.rfc", V.rfc, "RFC del contribuyente {v}"),
    ("cl.rut", _rut, "RUT {v}"),
    ("cl.rut", _rut, "mi rut es {v}"),
    ("ar.cuit", V.cuit, "CUIT {v}"),
    ("ar.dni", V.ar_dni, "DNI N° {v}"),
    ("es.dni", V.es_dni, "DNI: {v}"),
    ("es.nie", _nie, "NIE {v} (residencia)"),
    ("nl.bsn", V.bsn, "BSN: {v}"),
    ("nl.bsn", V.bsn, "burgerservicenummer {v}"),
    ("pl.pesel", V.pesel, "PESEL: {v}"),
    ("pl.pesel", V.pesel, "nr PESEL {v}, adres w aktach"),
    ("se.pnr", _pnr, "personnummer {v}"),
    ("no.fnr", V.fodselsnummer, "fødselsnummer: {v}"),
    ("dk.cpr", V.cpr, "CPR {v}"),
    ("fi.hetu", V.hetu, "HETU {v}"),
    ("ca.sin", V.sin, "SIN: {v}"),
    ("ca.sin", V.sin, "her social insurance number is {v}"),
    ("au.tfn", V.tfn, "TFN {v}"),
    ("au.tfn", V.tfn, "tax file number: {v}"),
    ("my.nric", V.nric, "NRIC: {v}"),
    ("my.nric", V.nric, "MyKad {v}"),
    ("kr.rrn", V.rrn, "주민등록번호 {v}"),
    ("kr.rrn", V.rrn, "RRN: {v}"),
    ("cn.ric", V.ric, "身份证号码：{v}"),
    ("cn.ric", V.ric, "resident ID {v}"),
    ("za.idnr", V.za_id, "South African ID number {v}"),
    ("za.idnr", V.za_id, "ID no: {v}"),
    ("tr.tckimlik", V.tckimlik, "TC Kimlik No: {v}"),
    ("tr.tckimlik", V.tckimlik, "T.C. kimlik numarası {v}"),
    ("us.ssn", V.ssn, "SSN: {v}"),
    ("us.ssn", V.ssn, "social security number {v}"),
    ("gb.nino", _nino, "NI number {v}"),
    ("gb.nhs", V.nhs, "NHS number: {v}"),
    ("ie.pps", V.pps, "PPSN {v}"),
    ("fr.nir", V.nir, "numéro de sécurité sociale : {v}"),
    ("it.cf", V.codice_fiscale, "codice fiscale: {v}"),
    ("de.idnr", V.de_idnr, "Steuer-ID: {v}"),
    ("be.nn", V.be_nn, "rijksregisternummer {v}"),
    ("ch.ahv", V.ch_ahv, "AHV-Nr. {v}"),
    ("at.vnr", V.at_vnr, "SV-Nummer {v}"),
    ("pk.cnic", V.cnic, "CNIC: {v}"),
    ("id.nik", V.nik, "NIK {v}"),
    ("th.pin", V.th_pin, "Thai ID {v}"),
    ("jp.mynumber", V.jp_mynumber, "マイナンバー：{v}"),
    ("il.idnr", V.il_id, "Israeli ID {v}"),
    ("ro.cnp", V.cnp, "CNP: {v}"),
    ("bg.egn", V.egn, "ЕГН {v}"),
    ("cz.rc", V.rodne_cislo, "rodné číslo {v}"),
    ("gr.amka", V.amka, "ΑΜΚΑ: {v}"),
    ("ee.ik", V.isikukood, "isikukood {v}"),
    ("ua.rntrc", V.rntrc, "РНОКПП {v}"),
    ("ru.inn", V.inn, "ИНН {v}"),
    ("nz.ird", V.ird, "IRD number {v}"),
    ("ec.ci", V.ec_ci, "cédula {v}"),
    ("pe.cui", V.pe_cui, "DNI {v} (Perú)"),
    ("do.cedula", V.cedula_do, "cédula de identidad {v}"),
    ("passport", _passport_us, "US passport no. {v}, expires 2031"),
    ("passport", _passport_de, "Reisepass Nr. {v}"),
    ("passport", _passport_in, "passport number: {v} (India)"),
    ("passport", _passport_gb, "UK passport {v} issued 2019"),
    ("phone", _phone_in, "call me on {v}"),
    ("phone", _phone_br, "WhatsApp: {v}"),
    ("phone", _phone_jp, "携帯 {v}"),
    ("phone", _phone_uk, "mobile {v}"),
    ("phone", _phone_de, "Handy: {v}"),
    ("phone", _phone_au, "ph {v}"),
    ("phone", _phone_mx, "cel. {v}"),
    ("phone", _phone_za, "cell {v}"),
    ("phone", _phone_ng, "her number is {v}"),
    ("phone", _phone_us, "Reach Dana at {v} after 5pm"),
    ("email", _email, "email me at {v}"),
    ("email", _email, "Contact: {v}"),
    ("email", _email, "{v} asked to be removed from the list"),
    ("iban", _iban_any, "IBAN: {v}"),
    ("iban", _iban_any, "please wire the deposit to {v}"),
    ("iban", _iban_any, "Kontonummer (IBAN) {v}"),
    ("card", _card_any, "card number {v} exp 08/28"),
    ("card", _card_any, "paid with {v}"),
    ("card", _card_any, "Amex/Visa on file: {v}"),
    ("card", _card_any, "cc: {v}"),
]

C = [
    # Digests, ids, public material.
    f"commit {hashlib.sha1(b'a').hexdigest()} (HEAD -> main, origin/main)",
    f"Merge pull request #4412 from acme/fix-auth {hashlib.sha1(b'b').hexdigest()[:7]}",
    f"sha256sum: {hashlib.sha256(b'c').hexdigest()}  app-1.4.2.tar.gz",
    f"md5 {hashlib.md5(b'd').hexdigest()} matches the mirror",
    f"image digest sha256:{hashlib.sha256(b'e').hexdigest()}",
    f"docker ps: {hashlib.sha256(b'f').hexdigest()[:12]} postgres:16 Up 3 hours",
    f"trace_id={hashlib.md5(b'g').hexdigest()} span_id={hashlib.md5(b'h').hexdigest()[:16]}",
    f"request {uuid.UUID(int=r.getrandbits(128))} failed with 502",
    f"tenant_id: {uuid.UUID(int=r.getrandbits(128))}\nclient_id: {uuid.UUID(int=r.getrandbits(128))}",
    f"AZURE_TENANT_ID={uuid.UUID(int=r.getrandbits(128))}",
    "ULID 01JD8X6Y2Q3T4VZ9K7M5N1P0RS for the event row",
    "ksuid 2BJzDkCcVVvEFtx6Hx9nwNrW0fX in the segment log",
    "Stripe payment intent pi_3MtwBwLkdIwHu7ix28a3tqPa succeeded",
    "customer cus_NffrFeUfNV2Hib, subscription sub_1MowQVLkdIwHu7ixeRlqHVzs",
    "webhook event evt_1NG8Du2eZvKYlo2CUI79vXWy retried twice",
    "Firebase uid xUyh3Bz0Q6YpJZ7kLmN8oPqRsT12 belongs to the test user",
    "the budget sheet id is 1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms",
    "YouTube playlist PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf",
    "BTC donations: 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
    "bitcoin address bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "ETH 0x71C7656EC7ab88b098defB751B7401B5f6d8976F",
    "Solana wallet 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
    "AWS account 123456789012, role arn:aws:iam::123456789012:role/deploy",
    "s3://acme-logs/2026/11/25/app-7f3c9a.log.gz",
    'ETag "d41d8cd98f00b204e9800998ecf8427e"',
    "go.sum: golang.org/x/crypto v0.29.0 h1:L5SG1JTTXupVV3n6sUqMTeWbjAyfPwoda2DLX8J8FrQ=",
    "github.com/stretchr/testify v1.9.0/go.mod h1:r2ic/lqez/lEtzL7wO/rwa5dbSLXVDPFyf8C91i36aY=",
    'Cargo.lock checksum = "a1ee0b9a2d5b7c3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e"',
    "pip install --require-hashes: --hash=sha256:3c1f0e2b7d4a5c6e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e",
    '"integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg=="',
    "-----BEGIN CERTIFICATE-----\nMIIFazCCA1OgAwIBAgIRAIIQz7DSQONZRGPgu2OCiwAwDQYJKoZIhvcNAQELBQAw\nTzELMAkGA1UEBhMCVVMxKTAnBgNVBAoTIEludGVybmV0IFNlY3VyaXR5IFJlc2Vh\n-----END CERTIFICATE-----",
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBGRkX1sBEADL8mX2gU3tqYhB5wVxQ0j9sZJvIr4pK0fM8cT7nE2yD6aL1bOw\n=Xk4P\n-----END PGP PUBLIC KEY BLOCK-----",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA8zKs0x9Oq9P2u4mZ1y3tq8Kd2Q7cW9eLz5x ops@bastion",
    "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEmKSENjQEezOmxkZMy7opKgwFB9nkt5YRrYMjNuG5N87uRgg6CLrbo5wAdT/y6v0mKV0U2w0WZ2YB/++Tpockg= root@web01",
    "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
    "ED25519 key fingerprint is SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU.",
    "RSA key fingerprint is MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48.",
    "cert SHA-256 fingerprint 5E:FF:56:A2:AF:15:88:25:27:19:C0:2B:42:47:64:69:30:74:05:71:05:C5:E4:54:4C:8D:E6:5C:4F:51:32:34",
    "[Peer]\nPublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\nAllowedIPs = 10.8.0.0/24",
    "age public key age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
    'JWKS: {"kty":"RSA","kid":"k1","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W","e":"AQAB"}',
    "Google OAuth client id 1234567890-abc123def456ghi789jkl012mno345pq.apps.googleusercontent.com",
    "Sentry DSN https://3f1c9b7e2a5d4c8f9e0a1b2c3d4e5f6a@o450123.ingest.sentry.io/5501234",
    "OpenAI org id org-Xk3Jd8Qm2Lp9Rt5Vw7Yz1Ab4",
    "Twilio account SID AC3e1d7f9a0b2c4d6e8f1a3b5c7d9e0f2a (not secret, the token is in vault)",
    "Stripe publishable key pk_live_51Hh2qLJ3kQ9bXyZ7mN8pV0rT4sW6uY",
    "Algolia search-only key is public by design (app id 4HX8LKQ2M9)",
    # Placeholders and templates.
    "password: <YOUR_PASSWORD>",
    "DB_PASSWORD=${DB_PASSWORD:?must be set}",
    "POSTGRES_PASSWORD_FILE: /run/secrets/pg_password",
    'password: "{{ vault_db_password }}"',
    "ansible_become_pass: \"{{ lookup('env', 'BECOME_PASS') }}\"",
    "password = var.db_password",
    "password = data.aws_secretsmanager_secret_version.db.secret_string",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-creds\n        key: password",
    "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
    "[pypi]\nusername = __token__\npassword = <your PyPI token>",
    "machine github.com login bob password $GITHUB_TOKEN",
    'redis-cli -a "$REDIS_PASSWORD" ping',
    "requirepass foobared   # the example value from redis.conf, replace it",
    "mongodb://<username>:<password>@cluster0.mongodb.net/",
    "amqp://guest:guest@localhost:5672/ (RabbitMQ default, local only)",
    "jdbc:postgresql://localhost:5432/app?user=app&password=${PG_PASS}",
    "Server=tcp:{server};Database={db};User ID={user};Password={password};",
    "AWS_SECRET_ACCESS_KEY=$(aws configure get aws_secret_access_key)",
    'export OPENAI_API_KEY="sk-..."  # paste yours',
    "ANTHROPIC_API_KEY=sk-ant-xxxxxxxxxxxxxxxxxxxxxxxx",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "token: $CI_JOB_TOKEN",
    "Authorization: Bearer $TOKEN",
    'curl -u "$JIRA_USER:$JIRA_API_TOKEN" https://acme.atlassian.net/rest/api/3/myself',
    "sops: password: ENC[AES256_GCM,data:Tr7o5Xy=,iv:1jKbn1x0Q7ZzI2Vt9k3C0b4Fh8sL2M6nP9qR4sT7uVw=,tag:Zk8m3Jq1aBcD2eFgH4iJkQ==,type:str]",
    "$ANSIBLE_VAULT;1.1;AES256\n66386439653236336462626566653063336164663966303231363934653561363964363833313662",
    "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d",
    "vault kv put secret/app password=@pw.txt",
    "Set the password in the UI under Settings → Security → Password.",
    "Passwords must be at least 14 characters with one digit and one symbol.",
    "The PIN pad has 10 digits; PINs are 4-6 digits long.",
    "pin the dependency: requests==2.32.3",
    "PIN_MEMORY=true in the dataloader",
    "the token bucket refills 100 tokens per second",
    "tokenizer: cl100k_base, max tokens 8192",
    "secret santa draw is on Friday",
    "recovery codes: none generated yet",
    "backup codes are in the fireproof box, not here",
    "the recovery key format is XXXX-XXXX-XXXX-XXXX",
    "key rotation: every 90 days, last done 2026-09-01",
    "api key quota 10,000 requests/day",
    "Stripe test card 4242 4242 4242 4242, any CVC, any future date",
    "use the test Mastercard 5555 5555 5555 4444 in sandbox mode",
    "Luhn example from Wikipedia: 7992739871 + check digit 3",
    # Prices, units, part numbers, versions, timestamps.
    "the TV was 1.299,00 € at MediaMarkt, now 1.149,00 €",
    "CPU at 87°C under load, fan 2400 rpm",
    "order #100-4412987-6612345 shipped via DHL 00340434161094042557",
    "part no. 6ES7 214-1AG40-0XB0 (Siemens S7-1200)",
    "Bosch part 0 986 494 591 brake pads",
    "ISBN 978-0-13-468599-1",
    "EAN 4006381333931",
    "VIN WVWZZZ1JZXW000001 on the title",
    "IMEI 35-209900-176148-1 (my old phone, sold)",
    "serial number C02XL0GJJGH5 (MacBook)",
    "Kernel 6.8.0-49-generic #49~22.04.1-Ubuntu SMP PREEMPT_DYNAMIC",
    "upgraded node v20.18.1 -> v22.11.0, npm 10.9.0",
    "2026-11-25T22:49:02.123456+00:00 INFO worker ready pid=48213",
    "epoch 1732574942 = 2024-11-25 22:49:02 UTC",
    "cron: 30 2 * * 1-5 /usr/local/bin/backup.sh",
    "weights: 12.5 kg, 3 x 8 reps, RPE 8",
    "flight LH 400 FRA-JFK, seat 42K, booking ref QX7K2P",
    "hotel confirmation 84512937 for 3 nights",
    "meeting ID 893 4412 7765, passcode 554210",
    "Zoom: https://acme.zoom.us/j/89344127765?pwd=placeholder-see-invite",
    "room 4.12, building B, floor 4",
    "GPS 48.137154, 11.576124 (Marienplatz)",
    "postcode SW1A 1AA, 10 Downing Street",
    "tracking 1Z999AA10123456784 (UPS)",
    "tel. extension 4412 for facilities",
    "ticket INC0012345 closed by ops",
    "model gpt-4o-2024-08-06, temperature 0.2",
    "bge-small-en-v1.5 has 384 dims, 33.4M params",
    "color palette #1E2D3C #F4A261 #2A9D8F",
    "IPv6 2001:db8:85a3::8a2e:370:7334",
    "MAC 00:1A:2B:3C:4D:5E on eth0",
    "SKU MBP-14-M3-16-512-SG",
    "lot 22A-0417, best before 2027-03",
    "invoice INV-2026-004412, amount 1 249,50 CHF",
    "account number ending 4412 (last four only)",
    "the bus is the 142, stop 58217",
    "dosage 2 x 500 mg, every 8 h",
    "resolution 3840x2160 @ 144 Hz",
    "coordinates in EPSG:25832, 691234.56 5334567.89",
    # Base64 of text, encoded content.
    f"echo {base64.b64encode(b'Hello team, the deploy window is Friday 18:00 UTC').decode()} | base64 -d",
    f"cursor={base64.b64encode(json.dumps({'page': 3, 'after': '2026-11-01'}).encode()).decode()}",
    f"Content-Transfer-Encoding: base64\n\n{base64.b64encode(b'Dear customer, your order has shipped and will arrive on Monday.').decode()}",
    f"x-goog-meta: {base64.b64encode(json.dumps({'owner': 'data-team', 'retention': '90d'}).encode()).decode()}",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    # Prose that mentions credentials without one.
    "I reset my password today, the new one is in 1Password",
    "the wifi password is on the fridge",
    "ask IT for the VPN credentials, they rotate monthly",
    "login: use your SSO account",
    "user: admin / pass: (see vault)",
    "PINs and passwords were rotated after the incident",
    "my PIN is the same as my old one, don't ask",
    "the garage code changed last week, ask Tom",
    "password manager migration: LastPass → Bitwarden",
    "hunter2 is the classic joke password",
    "the token expired at 14:05, re-authenticated via browser",
    "secret rotation job ran: 12 secrets rotated, 0 failed",
    "private key lives in the HSM, never exported",
    "the key fob battery is CR2032",
    'ssh-keygen -t ed25519 -C "bob@laptop" (no passphrase prompt shown)',
    "openssl rand -base64 32 generates a good session secret",
    "docker login ghcr.io -u acme-bot --password-stdin < token.txt",
    "psql -h pg01 -U app -W   # prompts",
    "mysql --login-path=backup -e 'select 1'",
    "git config --global credential.helper osxkeychain",
    "curl --netrc-file ~/.netrc https://api.acme.io",
    "az login --identity",
    "gcloud auth activate-service-account --key-file=sa.json",
    "aws sso login --profile prod",
    "heroku auth:token prints the token; don't paste it here",
    "The passport photo must be 35x45 mm",
    "passport renewal costs 70 EUR and takes 3 weeks",
    "user story: As an admin / I want audit logs / so that I can review",
    "ratio 16/9, split 70/30, version 2/3 of the draft",
    "feat(auth): rotate refresh tokens on use (#4412)",
    "CVE-2024-3094 affects xz 5.6.0 and 5.6.1",
    "TOTP codes are 6 digits and change every 30 seconds",
    "SIM card ICCID 8944 5000 0000 0000 001 is printed on the tray",
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
            "probe": "tune10",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, f in enumerate(sec):
    add(f(), "secret", "secret", f"tune10-s{i}")
for i, (kind, gen, tmpl) in enumerate(P):
    for _ in range(2 if i % 4 == 0 else 1):
        v = gen()
        if isinstance(v, tuple):
            v = v[1]
        add(tmpl.format(v=v), "pii", kind, f"tune10-p{i}", value=v)
for i, t in enumerate(C):
    add(t, "clean", "clean", f"tune10-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter

print(Counter(r_["label"] for r_ in rows))
