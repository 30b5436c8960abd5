# ruff: noqa: E501 (the templates are data, one line each)
"""Dev set tune11 for helper S (issue 12): secrets, PII and clean look-alikes.

Written to cover what the earlier sets under-cover:

- national ids of every country python-stdnum covers with a number for
  persons (personal ids, personal tax numbers, social-security, health and
  pupil numbers), each value drawn from the module's own documented example
  with its digits redrawn until the module validates it again (so no value
  is a documented example), named in the country's language and in English,
  in prose, forms, CSV, JSON and YAML;
- phones of ~40 countries, drawn from phonenumbers' example numbers with
  the last digits redrawn until phonenumbers calls them valid, in national,
  international and E.164 styles;
- credentials of vendors and tools the earlier sets do not name, in config
  formats (properties, XML, HCL, INI, TOML, YAML, .env, systemd, unattend,
  kickstart, Cisco/Juniper, wpa_supplicant, rclone, msmtp, muttrc, …);
- passwords, PINs and codes in chat prose in ~25 languages;
- clean look-alikes: company tax numbers, public ids, hashes, placeholders,
  prose about passwords in many languages, numbers with units.

`python tests/data/make_sensitivity_tune11.py tests/data/sensitivity_tune11.jsonl`
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
import random
import re
import string
import sys
import uuid

import phonenumbers
from stdnum import iban as iban_mod
from stdnum import luhn

r = random.Random(11011)
L, U, D = string.ascii_lowercase, string.ascii_uppercase, string.digits
A = L + U + D
HEX = "0123456789abcdef"
B64 = A + "+/"
URLSAFE = A + "-_"
B32 = U + "234567"


def rs(n: int, a: str = A) -> str:
    return "".join(r.choice(a) for _ in range(n))


def hexs(n: int) -> str:
    return rs(n, HEX)


WORDS = "lantern pebble quartz falcon juniper mosaic cobalt thistle harbor willow comet basil tango ripple summit otter".split()


def pw() -> str:
    k = r.randrange(7)
    if k == 0:
        return rs(r.randint(10, 16), A + "!#%&*@^")
    if k == 1:
        return (
            r.choice(WORDS).capitalize()
            + str(r.randint(10, 9999))
            + r.choice("!#$&*?@")
        )
    if k == 2:
        return rs(3, U) + rs(3, L) + rs(3, D) + r.choice("!@#%+") + rs(2, A)
    if k == 3:
        return (
            r.choice(WORDS).capitalize()
            + r.choice("-_.")
            + r.choice(WORDS)
            + str(r.randint(1, 999))
        )
    if k == 4:
        return rs(18, A)
    if k == 5:
        return rs(5, L) + str(r.randint(10, 99)) + rs(3, U) + r.choice("$%&?")
    return r.choice(WORDS) + r.choice(WORDS).capitalize() + str(r.randint(100, 9999))


def b64(n: int) -> str:
    return rs(n, B64)


def tok(n: int, a: str = A) -> str:
    return rs(n, a)


# ---------------------------------------------------------------- secrets

sec = [
    # Vendor key formats (documented prefixes), in the configs they live in.
    lambda: f"SUPABASE_ACCESS_TOKEN=sbp_{hexs(40)}",
    lambda: (
        f"supabase service_role key: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{tok(60, URLSAFE)}.{tok(43, URLSAFE)}"
    ),
    lambda: f"postman api key PMAK-{hexs(24)}-{hexs(34)}",
    lambda: f"GRAFANA_SERVICE_ACCOUNT_TOKEN=glsa_{tok(32)}_{hexs(8)}",
    lambda: f"grafana cloud token glc_{tok(80, A)}=",
    lambda: f"NEW_RELIC_API_KEY=NRAK-{tok(27, U + D)}",
    lambda: f"newrelic license_key: {hexs(36)}NRAL",
    lambda: f"DOPPLER_TOKEN=dp.pt.{tok(43)}",
    lambda: f"planetscale: pscale_tkn_{tok(43, URLSAFE)}",
    lambda: f"fly secrets: FLY_API_TOKEN=FlyV1 fm2_{tok(120, URLSAFE)}",
    lambda: f"replicate token r8_{tok(37)}",
    lambda: f"GROQ_API_KEY=gsk_{tok(52)}",
    lambda: f"export DATABRICKS_TOKEN=dapi{hexs(32)}-2",
    lambda: f"LINEAR_API_KEY=lin_api_{tok(40)}",
    lambda: f"notion integration secret: ntn_{tok(46, D + A)}",
    lambda: f"NOTION_TOKEN=secret_{tok(43)}",
    lambda: f"airtable PAT pat{tok(14)}.{hexs(64)}",
    lambda: f"dropbox access token sl.{tok(130, URLSAFE)}",
    lambda: f"pulumi login --non-interactive with PULUMI_ACCESS_TOKEN=pul-{hexs(40)}",
    lambda: (
        f'credentials.tfrc.json: {{"credentials": {{"app.terraform.io": {{"token": "{tok(14)}.atlasv1.{tok(67)}"}}}}}}'
    ),
    lambda: f"SENTRY_AUTH_TOKEN=sntrys_eyJpYXQiOjE3MzI{tok(60)}_{tok(43)}",
    lambda: f"sentry user token sntryu_{hexs(64)}",
    lambda: f"rubygems api key: rubygems_{hexs(48)}",
    lambda: f'<add key="ClearTextPassword" value="{pw()}" />',
    lambda: (
        f"nuget push pkg.nupkg -k oy2{tok(43, L + D)} -s https://api.nuget.org/v3/index.json"
    ),
    lambda: f"buildkite agent token bkua_{hexs(40)}",
    lambda: f"SONAR_TOKEN=squ_{hexs(40)}",
    lambda: f"artifactory api key AKCp8{tok(68)}",
    lambda: f"azure devops PAT: {tok(52, L + '234567')}",
    lambda: (
        f"DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={b64(86)}==;EndpointSuffix=core.windows.net"
    ),
    lambda: (
        f"https://acmelogs.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-12-31T00:00:00Z&sig={tok(43)}%3D"
    ),
    lambda: f"square access token EAAA{tok(60, URLSAFE)}",
    lambda: f"adafruit io key aio_{tok(28)}",
    lambda: f"TYPEFORM_TOKEN=tfp_{tok(44)}_{tok(14)}",
    lambda: (
        f"SCW_SECRET_KEY={uuid.UUID(int=r.getrandbits(128))}\nSCW_ACCESS_KEY=SCW{tok(17, U + D)}"
    ),
    lambda: f"alibaba cloud: AccessKeyId LTAI{tok(20)} AccessKeySecret {tok(30)}",
    lambda: f"tencent SecretId AKID{tok(32)} SecretKey {tok(32)}",
    lambda: f"yandex oauth token y0_{tok(55, URLSAFE)}",
    lambda: f"IBM_CLOUD_API_KEY={tok(44, URLSAFE)}",
    lambda: f"okta api token: 00{tok(40, URLSAFE)}",
    lambda: f"Authorization: SSWS 00{tok(40, URLSAFE)}",
    lambda: f"mapbox secret token sk.eyJ1Ijoi{tok(40)}.{tok(22, URLSAFE)}",
    lambda: f"MEILI_MASTER_KEY={tok(32)}",
    lambda: (
        f"Authorization: ApiKey {base64.b64encode((tok(20) + ':' + tok(22)).encode()).decode()}"
    ),
    lambda: f"PREFECT_API_KEY=pnu_{tok(36)}",
    lambda: f"WANDB_API_KEY={hexs(40)}",
    lambda: f"LAUNCHDARKLY_SDK_KEY=sdk-{uuid.UUID(int=r.getrandbits(128))}",
    lambda: f"pagerduty api token u+{tok(18, URLSAFE)}",
    lambda: (
        f"telegram bot token {r.randint(1000000000, 7999999999)}:AA{tok(33, URLSAFE)}"
    ),
    lambda: (
        f"discord webhook https://discord.com/api/webhooks/{r.randint(10**17, 10**18)}/{tok(68, URLSAFE)}"
    ),
    lambda: (
        f"slack webhook: https://hooks.slack.com/services/T{tok(8, U + D)}/B{tok(10, U + D)}/{tok(24)}"
    ),
    lambda: (
        f"teams incoming webhook https://acme.webhook.office.com/webhookb2/{uuid.UUID(int=r.getrandbits(128))}@{uuid.UUID(int=r.getrandbits(128))}/IncomingWebhook/{hexs(32)}/{uuid.UUID(int=r.getrandbits(128))}/V2{tok(43)}"
    ),
    lambda: f"HUBSPOT_PRIVATE_APP_TOKEN=pat-na1-{uuid.UUID(int=r.getrandbits(128))}",
    lambda: f"salesforce session id 00D{tok(12)}!{tok(96, A + '._')}",
    lambda: f"EASYPOST_API_KEY=EZAK{hexs(54)}",
    lambda: f"flutterwave secret FLWSECK-{hexs(32)}-X",
    lambda: f"paystack: sk_live_{hexs(40)}",
    lambda: f"razorpay key_id rzp_live_{tok(14)} key_secret {tok(24)}",
    lambda: f"MOLLIE_API_KEY=live_{tok(30)}",
    lambda: (
        f"braintree access token access_token$production${tok(16, L + D)}${hexs(32)}"
    ),
    lambda: f"infura project secret {hexs(32)}",
    lambda: f"ALCHEMY_API_KEY={tok(32, URLSAFE)}",
    lambda: f"ethereum private key 0x{hexs(64)} (hot wallet)",
    lambda: f"ETHERSCAN_API_KEY={tok(34, U + D)}",
    lambda: f"[Interface]\nPrivateKey = {b64(43)}=\nAddress = 10.0.0.2/32",
    lambda: (
        f"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n{b64(70)}\n-----END OPENSSH PRIVATE KEY-----"
    ),
    lambda: (
        f"-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI{b64(16)}\n{b64(64)}\n-----END ENCRYPTED PRIVATE KEY-----"
    ),
    lambda: (
        f"users:\n- name: admin\n  user:\n    client-key-data: {base64.b64encode(b'-----BEGIN RSA PRIVATE KEY-----' + r.randbytes(40)).decode()}"
    ),
    lambda: f"users:\n- name: ci\n  user:\n    token: {tok(6, L + D)}.{tok(16, L + D)}",
    lambda: f"https://bob:{pw()}@git.acme.io (from ~/.git-credentials)",
    lambda: f"db01.internal:5432:billing:billing_rw:{pw()}",
    lambda: (
        f"[default]\naccess_key = {tok(20, U + D)}\nsecret_key = {b64(40)}\nhost_base = s3.acme.io"
    ),
    lambda: (
        f"[remote]\ntype = sftp\nhost = nas.local\nuser = backup\npass = {tok(40, URLSAFE)}"
    ),
    lambda: (
        f"spring.datasource.url=jdbc:mysql://db:3306/shop\nspring.datasource.username=shop\nspring.datasource.password={pw()}"
    ),
    lambda: f"secret_key_base: {hexs(128)}",
    lambda: f"SECRET_KEY = 'django-insecure-{tok(50, L + D + '!@#$%^&*(-_=+)')}'",
    lambda: f"APP_KEY=base64:{b64(43)}=",
    lambda: f"APP_SECRET={hexs(32)}",
    lambda: f"define( 'DB_PASSWORD', '{pw()}' );",
    lambda: f"define('AUTH_KEY', '{tok(64, A + '!@#$%^&*()-_[]{}<>~+=,.;:/?|')}');",
    lambda: f'$db_pass = "{pw()}";',
    lambda: f"keytool -list -keystore release.jks -storepass {pw()}",
    lambda: f'<user username="manager" password="{pw()}" roles="manager-gui"/>',
    lambda: (
        f"<server>\n  <id>nexus</id>\n  <username>deploy</username>\n  <password>{pw()}</password>\n</server>"
    ),
    lambda: (
        f"signing.keyId=24875D73\nsigning.password={pw()}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg"
    ),
    lambda: (
        f'android {{ signingConfigs {{ release {{ storePassword "{pw()}"; keyAlias "upload"; keyPassword "{pw()}" }} }} }}'
    ),
    lambda: f"MATCH_PASSWORD={pw()} bundle exec fastlane beta",
    lambda: f"listen stats\n    bind :8404\n    stats auth admin:{pw()}",
    lambda: f"basic_auth:\n  username: prom\n  password: {pw()}",
    lambda: f"[security]\nadmin_user = admin\nadmin_password = {pw()}",
    lambda: f"KEYCLOAK_ADMIN=admin\nKEYCLOAK_ADMIN_PASSWORD={pw()}",
    lambda: f': PSK "{pw()}"',
    lambda: f'network={{\n    ssid="HomeNet"\n    psk="{pw()}"\n}}',
    lambda: f"interface=wlan0\nssid=Guest\nwpa_passphrase={pw()}",
    lambda: f"enable secret 0 {pw()}",
    lambda: f"username netadmin privilege 15 password 0 {pw()}",
    lambda: f'set system root-authentication plain-text-password-value "{pw()}"',
    lambda: f"/user add name=ops group=full password={pw()}",
    lambda: f"snmp-server community {tok(12, L + D)} RW",
    lambda: f"client 10.0.0.0/24 {{\n    secret = {pw()}\n}}",
    lambda: f"bindpw {pw()}",
    lambda: (
        f"//fs01/share /mnt/share cifs username=svc_backup,password={pw()},vers=3.0 0 0"
    ),
    lambda: f"[Service]\nEnvironment=DB_PASS={pw()}",
    lambda: f'[program:worker]\nenvironment=API_TOKEN="{tok(32)}"',
    lambda: f"helm install pg bitnami/postgresql --set auth.postgresPassword={pw()}",
    lambda: f"docker run -d -e MYSQL_ROOT_PASSWORD={pw()} mysql:8",
    lambda: (
        f'provider "postgresql" {{\n  host     = "db.internal"\n  username = "tf"\n  password = "{pw()}"\n}}'
    ),
    lambda: f"pulumi config set --secret dbPassword {pw()}",
    lambda: f"#cloud-config\nchpasswd:\n  list: |\n    ubuntu:{pw()}\n  expire: false",
    lambda: f"rootpw --plaintext {pw()}",
    lambda: f"d-i passwd/root-password password {pw()}",
    lambda: (
        f"<AdministratorPassword>\n  <Value>{pw()}</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>"
    ),
    lambda: f'$pw = ConvertTo-SecureString "{pw()}" -AsPlainText -Force',
    lambda: f"net use Z: \\\\fs01\\projects /user:ACME\\jdoe {pw()}",
    lambda: f"sqlcmd -S sql01 -U sa -P '{pw()}' -Q 'SELECT 1'",
    lambda: f"sqlplus scott/{pw()}@ORCLPDB1",
    lambda: f"mongosh \"mongodb://db01:27017\" --username admin --password '{pw()}'",
    lambda: f"cqlsh 10.0.0.5 -u cassandra -p {pw()}",
    lambda: f"INFLUX_TOKEN={tok(86, URLSAFE)}==",
    lambda: f"curl -u elastic:{pw()} https://es01:9200/_cluster/health",
    lambda: f"MINIO_ROOT_USER=admin\nMINIO_ROOT_PASSWORD={pw()}",
    lambda: f"rabbitmqctl add_user deploy {pw()}",
    lambda: (
        f'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="svc" password="{pw()}";'
    ),
    lambda: f"account default\nhost smtp.acme.io\nuser alerts@acme.io\npassword {pw()}",
    lambda: f'set imap_pass = "{pw()}"',
    lambda: f"poll imap.acme.io protocol IMAP user 'bob' password '{pw()}'",
    lambda: (
        f"[Repository main]\nremotehost = imap.acme.io\nremoteuser = bob\nremotepass = {pw()}"
    ),
    lambda: f'yarn config: npmAuthToken: "npm_{tok(36)}"',
    lambda: f"[global]\nindex-url = https://deploy:{pw()}@pypi.acme.io/simple",
    lambda: f"poetry config http-basic.acme deploy {pw()}",
    lambda: (
        f'{{"http-basic": {{"repo.acme.io": {{"username": "ci", "password": "{pw()}"}}}}}}'
    ),
    lambda: f"BUNDLE_GEMS__ACME__IO=ci:{pw()}",
    lambda: f'[registry]\ntoken = "cio{tok(32)}"',
    lambda: (
        f"helm repo add acme https://charts.acme.io --username ci --password {pw()}"
    ),
    lambda: f"echo '{pw()}' > ~/.vault_pass.txt",
    lambda: f"vnc password set to {pw()} on the kiosk",
    lambda: (
        f"[ODBC Data Sources]\n[prod]\nDriver=PostgreSQL\nServername=pg01\nUsername=report\nPassword={pw()}"
    ),
    lambda: f"Cookie: session={tok(40, URLSAFE)}; csrftoken={tok(32)}",
    lambda: (
        f"Set-Cookie: __Secure-next-auth.session-token={tok(60, URLSAFE)}; Path=/; HttpOnly"
    ),
    lambda: f"X-API-Key: {tok(40)}",
    lambda: f"headers = {{'X-Auth-Token': '{tok(36)}'}}",
    lambda: f"client_secret: {tok(34, URLSAFE)}~{tok(6)}",
    lambda: (
        f'"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b64(40)}\\n-----END PRIVATE KEY-----\\n"'
    ),
    lambda: f"OPENROUTER_API_KEY=sk-or-v1-{hexs(64)}",
    lambda: f"DEEPSEEK_API_KEY=sk-{hexs(32)}",
    lambda: f"MISTRAL_API_KEY={tok(32)}",
    lambda: f"cohere key: {tok(40)}",
    lambda: f"anthropic: sk-ant-api03-{tok(93, URLSAFE)}AA",
    lambda: f"gemini key AIza{tok(35, URLSAFE)}",
    lambda: f"voyage api key pa-{tok(43, URLSAFE)}",
    lambda: f"ELEVENLABS_API_KEY=sk_{hexs(48)}",
    lambda: f"cloudflare api token: {tok(40, URLSAFE)}",
    lambda: f"CF_API_KEY={hexs(37)}",
    lambda: f"vercel token {tok(24)}",
    lambda: f"render api key rnd_{tok(32)}",
    lambda: f"netlify: NETLIFY_AUTH_TOKEN={tok(43, URLSAFE)}",
    lambda: f"Bearer {tok(6)}.{tok(40, URLSAFE)}",
    # Passwords and codes in chat prose, many languages.
    lambda: f"el password del router es {pw()}",
    lambda: f"la contraseña nueva del correo: {pw()}",
    lambda: f"le mot de passe du wifi c'est {pw()}",
    lambda: f"mdp du compte admin : {pw()}",
    lambda: f"das Passwort fürs WLAN lautet {pw()}",
    lambda: f"Kennwort für den Drucker-Admin: {pw()}",
    lambda: f"la password di casa è {pw()}",
    lambda: f"a senha do wi-fi é {pw()}",
    lambda: f"het wachtwoord van de nas is {pw()}",
    lambda: f"hasło do serwera: {pw()}",
    lambda: f"heslo k wifi je {pw()}",
    lambda: f"пароль от почты: {pw()}",
    lambda: f"новий пароль до роутера {pw()}",
    lambda: f"wifi şifresi {pw()}",
    lambda: f"ο κωδικός του wifi είναι {pw()}",
    lambda: f"كلمة المرور الجديدة: {pw()}",
    lambda: f"הסיסמה לראוטר היא {pw()}",
    lambda: f"वाईफाई का पासवर्ड {pw()} है",
    lambda: f"数据库密码是 {pw()}",
    lambda: f"Wi-Fiのパスワードは {pw()} です",
    lambda: f"와이파이 비밀번호는 {pw()} 입니다",
    lambda: f"mật khẩu email: {pw()}",
    lambda: f"password wifi kantor: {pw()}",
    lambda: f"รหัสผ่าน wifi คือ {pw()}",
    lambda: f"lösenordet till routern är {pw()}",
    lambda: f"wifi-salasana on {pw()}",
    lambda: f"a jelszó a szerverhez: {pw()}",
    lambda: f"parola pentru router este {pw()}",
    lambda: f"adgangskoden til nas'en er {pw()}",
    lambda: f"passordet til ruteren er {pw()}",
    lambda: f"kata laluan wifi rumah: {pw()}",
    lambda: f"nenosiri la wifi ni {pw()}",
    # Codes and PINs in prose.
    lambda: f"mi PIN de la tarjeta es {r.randint(1000, 9999)}",
    lambda: f"der PIN für die Karte ist {r.randint(1000, 9999)}",
    lambda: f"le code de la porte : {r.randint(1000, 9999)}B",
    lambda: f"o PIN do cartão é {r.randint(1000, 9999)}",
    lambda: f"PIN-код карты {r.randint(1000, 9999)}",
    lambda: f"alarm code is {r.randint(1000, 99999)}, disarm within 30 s",
    lambda: (
        f"the safe combination: {r.randint(10, 99)}-{r.randint(10, 99)}-{r.randint(10, 99)}"
    ),
    lambda: f"ATM pin {r.randint(1000, 9999)} (don't tell anyone)",
    lambda: f"gate code #{r.randint(1000, 9999)}* for deliveries, keep private",
    lambda: f"voicemail PIN: {r.randint(100000, 999999)}",
    lambda: (
        f"2FA backup codes:\n{r.randint(10000000, 99999999)}\n{r.randint(10000000, 99999999)}\n{r.randint(10000000, 99999999)}"
    ),
    lambda: f"otpauth://totp/ACME:bob?secret={tok(32, B32)}&issuer=ACME",
    lambda: (
        f"my seed words: {' '.join(r.choice(['abandon', 'ladder', 'orbit', 'velvet', 'crisp', 'nominee', 'fiscal', 'gospel', 'tribe', 'mango', 'wreck', 'husband']) for _ in range(12))}"
    ),
    lambda: f"bitwarden master password: {pw()}",
    lambda: f"login for the bank: bob.k / {pw()}",
    lambda: f"user root, pass {pw()}",
    lambda: f"creds for staging → admin:{pw()}",
    lambda: f"Sent you the new VPN password: {pw()} (expires Friday)",
    lambda: f"I changed it to {pw()}, remember that please",
    lambda: f"remember: jenkins admin pwd = {pw()}",
    lambda: f"Passwort vom Router geändert, neues: {pw()}",
    lambda: f"ssh ops@bastion, passphrase for the key is {pw()}",
    lambda: (
        f'the encryption passphrase for the backups is "{r.choice(WORDS)} {r.choice(WORDS)} {r.choice(WORDS)} {r.choice(WORDS)}"'
    ),
    lambda: f"wifi: HomeNet_5G / {pw()}",
    lambda: f"SSID: Office-Guest\nKey: {pw()}",
    lambda: f"WIFI:T:WPA;S:Cafe;P:{pw()};;",
    lambda: f"GRANT ALL ON app.* TO 'app'@'%' IDENTIFIED BY '{pw()}';",
    lambda: f"CREATE ROLE reporter LOGIN PASSWORD '{pw()}';",
    lambda: f"ALTER LOGIN sa WITH PASSWORD = '{pw()}';",
    lambda: f"htpasswd -b -c /etc/nginx/.htpasswd admin {pw()}",
    lambda: (
        f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out cert.p12 -passout pass:{pw()}"
    ),
    lambda: f"7z a -p{pw()} backup.7z ~/docs",
    lambda: f"zip -P {pw()} secrets.zip notes.txt",
    lambda: f"gpg --batch --passphrase '{pw()}' -d vault.gpg",
    lambda: f"sshpass -p '{pw()}' ssh pi@192.168.1.20",
    lambda: f"smbclient //nas/share -U bob%{pw()}",
    lambda: f"wget --user=ci --password={pw()} https://repo.acme.io/pkg.tgz",
    lambda: f"lftp -u deploy,{pw()} sftp://files.acme.io",
    lambda: f"rsync rsync://backup@nas/share with RSYNC_PASSWORD={pw()}",
    lambda: f"mysqladmin -u root -p{pw()} status",
    lambda: f'pg_dump "postgresql://report:{pw()}@pg01:5432/analytics" > dump.sql',
    lambda: f"redis://default:{pw()}@redis-12345.c1.cloud.redislabs.com:12345",
    lambda: f"amqps://svc:{pw()}@mq.acme.io/vhost",
    lambda: f"ftp://upload:{pw()}@ftp.acme.io/incoming",
    lambda: f"smtps://alerts%40acme.io:{pw()}@smtp.gmail.com:465",
    lambda: f"ldaps://cn=admin,dc=acme,dc=io:{pw()}@ldap.acme.io",
    lambda: f"sftp password for the vendor drop: {pw()}",
    lambda: f"App password for Gmail: {rs(4, L)} {rs(4, L)} {rs(4, L)} {rs(4, L)}",
    lambda: f"the API key for the weather service is {tok(32, L + D)}",
    lambda: f"here's the token: {tok(40)}",
    lambda: f"use this key when you call the endpoint: {tok(36)}",
    lambda: f"secret: {tok(24)}",
    lambda: f"webhook signing secret {tok(32)}",
    lambda: f"JWT_SECRET={tok(48)}",
    lambda: f"ENCRYPTION_KEY={b64(43)}=",
    lambda: f'session_secret: "{hexs(64)}"',
    lambda: f"HMAC key = {hexs(64)}",
    lambda: f'const apiKey = "{tok(39)}";',
    lambda: f'api_key <- "{tok(32)}"',
    lambda: f'let token = "{tok(40)}"',
    lambda: f'os.environ["SERVICE_TOKEN"] = "{tok(40)}"',
    lambda: f'System.setProperty("db.password", "{pw()}");',
    lambda: f"config.password = '{pw()}'",
    lambda: f'{{"username": "svc", "passwd": "{pw()}"}}',
    lambda: f"pwd: {pw()}",
    lambda: f"passwd={pw()}",
    lambda: f'<entry key="password">{pw()}</entry>',
    lambda: (
        f'<add name="Main" connectionString="Server=sql01;Database=shop;User Id=shop;Password={pw()};" />'
    ),
    lambda: f"DATABASE_URL=mysql2://shop:{pw()}@db/shop_production",
    lambda: f"auth_token: {tok(32, L + D)}",
    lambda: f'private_token = "{tok(20, URLSAFE)}"',
    lambda: f"access_token={tok(40, URLSAFE)}",
    lambda: f"refresh_token: 1//{tok(60, URLSAFE)}",
    lambda: f"?api_key={tok(32, L + D)}&format=json",
    lambda: f"https://api.acme.io/v1/report?token={tok(40)}",
]

# ---------------------------------------------------------------- PII

PERSONAL_IDS = [
    # (stdnum module, [native/English phrasings with {v}])
    ("ar.cuit", ["CUIL del empleado: {v}", "mi CUIT es {v}"]),
    ("ar.dni", ["DNI {v}, domicilio en Rosario"]),
    ("at.vnr", ["Sozialversicherungsnummer {v}", "SVNR: {v}"]),
    ("at.tin", ["Steuernummer beim Finanzamt: {v}"]),
    ("au.tfn", ["my TFN is {v}"]),
    ("be.nn", ["numéro de registre national : {v}", "Rijksregisternummer: {v}"]),
    ("be.bis", ["BIS-nummer {v}"]),
    ("be.ssn", ["INSZ {v}"]),
    ("bg.egn", ["ЕГН: {v}", "EGN {v}"]),
    ("bg.pnf", ["ЛНЧ {v}"]),
    ("br.cpf", ["meu CPF: {v}", "CPF do titular {v}"]),
    ("ca.sin", ["NAS (numéro d'assurance sociale) : {v}", "SIN {v}"]),
    ("ca.bc_phn", ["BC Personal Health Number {v}"]),
    ("ch.ssn", ["AHV-Nummer: {v}", "numéro AVS {v}"]),
    ("cl.rut", ["RUT: {v}", "mi RUN es {v}"]),
    ("cn.ric", ["身份证号：{v}", "Chinese ID card {v}"]),
    ("co.nit", ["NIT persona natural: {v}"]),
    ("cr.cpf", ["cédula de identidad {v} (Costa Rica)"]),
    ("cr.cr", ["cédula de residencia {v}"]),
    ("cu.ni", ["carné de identidad {v}"]),
    ("cz.rc", ["rodné číslo: {v}", "RČ {v}"]),
    ("de.idnr", ["Steuer-IdNr.: {v}", "steuerliche Identifikationsnummer {v}"]),
    ("de.stnr", ["meine Steuernummer ist {v}"]),
    ("dk.cpr", ["CPR-nr.: {v}", "mit CPR nummer er {v}"]),
    ("do.cedula", ["cédula {v}"]),
    ("ec.ci", ["número de cédula: {v}"]),
    ("ee.ik", ["isikukood: {v}"]),
    ("es.dni", ["DNI: {v}"]),
    ("es.nie", ["mi NIE es {v}"]),
    ("es.nif", ["NIF del trabajador {v}"]),
    ("fi.hetu", ["henkilötunnus: {v}", "hetu {v}"]),
    ("fi.veronumero", ["veronumero {v}"]),
    ("fr.nir", ["n° de sécu : {v}"]),
    ("fr.nif", ["numéro fiscal de référence : {v}"]),
    ("gb.nhs", ["NHS no. {v}"]),
    ("gb.utr", ["UTR: {v} (self assessment)"]),
    ("gb.upn", ["Unique Pupil Number {v}"]),
    ("gr.amka", ["ΑΜΚΑ {v}", "AMKA: {v}"]),
    ("hr.oib", ["OIB: {v}", "moj OIB je {v}"]),
    ("id.nik", ["NIK KTP: {v}"]),
    ("id.npwp", ["NPWP pribadi {v}"]),
    ("ie.pps", ["PPS number {v}"]),
    ("il.idnr", ["מספר זהות {v}", "teudat zehut {v}"]),
    ("in_.aadhaar", ["Aadhaar: {v}", "आधार संख्या {v}"]),
    ("in_.pan", ["PAN card {v}"]),
    ("in_.epic", ["voter ID {v}"]),
    ("is_.kennitala", ["kennitala: {v}"]),
    ("it.codicefiscale", ["C.F. {v}", "codice fiscale del paziente: {v}"]),
    ("jp.in_", ["個人番号 {v}", "My Number: {v}"]),
    ("ke.pin", ["KRA PIN {v}"]),
    ("kr.rrn", ["주민번호 {v}"]),
    ("li.peid", ["PEID {v}"]),
    ("lt.asmens", ["asmens kodas {v}"]),
    ("lv.pvn", ["personas kods: {v}"]),
    ("mu.nid", ["Mauritius national ID card {v}"]),
    ("mx.curp", ["CURP {v}"]),
    ("mx.rfc", ["RFC persona física: {v}"]),
    ("my.nric", ["IC no: {v}", "nombor MyKad {v}"]),
    ("nl.bsn", ["BSN {v}", "mijn burgerservicenummer is {v}"]),
    ("nl.onderwijsnummer", ["onderwijsnummer {v}"]),
    ("no.fodselsnummer", ["fødselsnummer {v}", "fnr: {v}"]),
    ("nz.ird", ["IRD no. {v}"]),
    ("pe.cui", ["DNI peruano {v}"]),
    ("pk.cnic", ["CNIC {v}", "شناختی کارڈ نمبر {v}"]),
    ("pl.pesel", ["PESEL {v}", "numer PESEL pacjenta: {v}"]),
    ("pt.cc", ["Cartão de Cidadão n.º {v}"]),
    ("pt.nif", ["NIF {v}", "número de contribuinte: {v}"]),
    ("ro.cnp", ["CNP {v}", "codul numeric personal este {v}"]),
    ("ru.inn", ["ИНН физлица {v}"]),
    ("se.personnummer", ["personnummer: {v}", "pnr {v}"]),
    ("si.emso", ["EMŠO: {v}"]),
    ("sk.rc", ["rodné číslo (SK): {v}", "moje rodné číslo je {v}"]),
    ("th.pin", ["เลขประจำตัวประชาชน {v}", "Thai national ID {v}"]),
    ("tr.tckimlik", ["TC kimlik no {v}", "T.C. Kimlik Numarası: {v}"]),
    ("ua.rntrc", ["ІПН {v}", "РНОКПП: {v}"]),
    ("us.ssn", ["SSN {v}", "social security no. {v}"]),
    ("us.itin", ["ITIN: {v}"]),
    ("us.atin", ["ATIN {v} for the adoption filing"]),
    ("us.ptin", ["preparer PTIN {v}"]),
    ("ve.rif", ["RIF personal: {v}"]),
    ("vn.mst", ["mã số thuế cá nhân: {v}"]),
    ("za.idnr", ["SA ID number {v}"]),
    ("za.tin", ["SARS tax number {v}"]),
    ("py.ruc", ["RUC persona física {v}"]),
    ("gt.nit", ["NIT: {v} (Guatemala)"]),
    ("sv.nit", ["NIT {v}"]),
]

# The form a person's number takes where a module validates companies too.
PERSONAL_FORM = {
    "it.codicefiscale": lambda e: len(e) == 16,
    "es.nif": lambda e: e[0].isdigit(),
    "vn.mst": lambda e: len(e) == 10,
    "ru.inn": lambda e: len(e) == 12,
    "py.ruc": lambda e: len(e) >= 8,
    "gt.nit": lambda e: len(e) >= 8,
    "mx.rfc": lambda e: len(e.replace(" ", "")) == 13,
}

STRUCTURED = [
    "name,dob,national_id\nAna Souza,1988-04-02,{v}",
    '{{"customer": "K. Ito", "national_id": "{v}"}}',
    "applicant:\n  name: J. Novak\n  id_number: {v}",
    "| Name | ID number |\n|---|---|\n| M. Okafor | {v} |",
    "national ID: {v}",
    "Tax ID (personal): {v}",
    "ID no. {v} verified at onboarding",
]


def examples(module) -> list[str]:
    found = []
    for s in re.findall(
        r">>> (?:validate|is_valid|compact|format)\('([^']+)'\)", module.__doc__ or ""
    ):
        try:
            if module.is_valid(s):
                found.append(s)
        except Exception:  # noqa: BLE001, S112 - a validator may raise
            continue
    return found


def redrawn(module, example: str, tries: int = 60000) -> str:
    """Return a valid value shaped like `example` with most digits redrawn."""
    for _ in range(tries):
        v = "".join(
            r.choice(D) if c.isdigit() and r.random() < 0.8 else c for c in example
        )
        if v == example:
            continue
        try:
            if module.is_valid(v):
                return v
        except Exception:  # noqa: BLE001, S112
            continue
    raise RuntimeError(module.__name__)


def styled(module, value: str) -> str:
    choice = r.randrange(3)
    if choice == 0 and hasattr(module, "format"):
        try:
            return module.format(value)
        except Exception:  # noqa: BLE001
            return value
    if choice == 1 and hasattr(module, "compact"):
        return module.compact(value)
    return value


pii: list[tuple[str, str, str]] = []  # (kind, text, value)
for name, phrasings in PERSONAL_IDS:
    module = importlib.import_module("stdnum." + name)
    exs = examples(module)
    if name == "us.ssn":
        exs = ["536-90-4399"]
    if name in PERSONAL_FORM:  # the module also validates company numbers
        exs = [e for e in exs if PERSONAL_FORM[name](e)]
    if name == "mu.nid":  # no doctest example: one built with its check digit
        exs = ["J1503852914178"]
    for phrasing in phrasings:
        value = styled(module, redrawn(module, r.choice(exs)))
        pii.append((name, phrasing.format(v=value), value))
    if r.random() < 0.35:
        value = styled(module, redrawn(module, r.choice(exs)))
        pii.append((name, r.choice(STRUCTURED).format(v=value), value))

PHONE_REGIONS = "US CA MX BR AR CL CO PE GB IE FR DE AT CH NL BE ES PT IT PL CZ SE NO DK FI GR TR RU UA IL AE SA EG NG KE ZA IN PK BD CN JP KR TW HK SG MY TH VN ID PH AU NZ".split()
PHONE_FRAMES = [
    "call me at {v}",
    "mobile: {v}",
    "WhatsApp {v}",
    "her cell is {v}",
    "tel. {v}",
    "numéro de portable : {v}",
    "mi celular es {v}",
    "Handynummer {v}",
    "meu número é {v}",
    "телефон {v}",
    "電話番号 {v}",
    "text me on {v} after 6",
    "contact phone {v}",
    "emergency contact: Lee, {v}",
]


def phone(region: str) -> str:
    base = phonenumbers.example_number_for_type(
        region, phonenumbers.PhoneNumberType.MOBILE
    )
    national = str(base.national_number)
    for _ in range(5000):
        digits = national[:-5] + "".join(r.choice(D) for _ in range(5))
        number = phonenumbers.parse(f"+{base.country_code}{digits}")
        if phonenumbers.is_valid_number(number) and digits != national:
            break
    style = r.randrange(3)
    if style == 0:
        return phonenumbers.format_number(
            number, phonenumbers.PhoneNumberFormat.INTERNATIONAL
        )
    if style == 1:
        return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)


for region in PHONE_REGIONS:
    value = phone(region)
    pii.append(("phone-" + region, r.choice(PHONE_FRAMES).format(v=value), value))

FIRST = "ana li jose yuki omar priya lars chen fatima tomasz".split()
DOMAINS = "gmail.com outlook.de yahoo.co.jp web.de mail.ru naver.com uol.com.br acme.io orange.fr libero.it".split()
for frame in (
    "write to {v}",
    "correo: {v}",
    "E-Mail-Adresse {v}",
    "メール {v}",
    "her address is {v}, not the old one",
    "cc {v} on the invoice",
):
    value = f"{r.choice(FIRST)}.{r.choice(FIRST)}{r.randint(1, 99)}@{r.choice(DOMAINS)}"
    pii.append(("email", frame.format(v=value), value))


def iban_value(country: str, bban_len: int) -> str:
    bban = "".join(r.choice(D) for _ in range(bban_len))
    check = iban_mod.calc_check_digits(f"{country}00{bban}")
    return iban_mod.format(f"{country}{check}{bban}")


for country, n, frame in (
    ("DE", 18, "IBAN für die Miete: {v}"),
    ("FR", 23, "RIB / IBAN : {v}"),
    ("ES", 20, "número de cuenta IBAN {v}"),
    ("NL", 14, "rekeningnummer {v}"),
    ("PL", 24, "numer konta {v}"),
    ("SA", 20, "IBAN {v}"),
    ("TR", 22, "IBAN: {v}"),
):
    if country == "NL":
        value = iban_value("NL", 0)
        bank = "ABNA"
        acct = "".join(r.choice(D) for _ in range(10))
        check = iban_mod.calc_check_digits(f"NL00{bank}{acct}")
        value = iban_mod.format(f"NL{check}{bank}{acct}")
    else:
        value = iban_value(country, n)
    if iban_mod.is_valid(value):
        pii.append(("iban", frame.format(v=value), value))


def card(prefix: str, length: int) -> str:
    body = prefix + "".join(r.choice(D) for _ in range(length - len(prefix) - 1))
    number = body + luhn.calc_check_digit(body)
    return " ".join(number[i : i + 4] for i in range(0, len(number), 4))


for prefix, length, frame in (
    ("4", 16, "Kreditkarte {v}, gültig bis 09/28"),
    ("51", 16, "tarjeta {v}"),
    ("37", 15, "Amex {v}"),
    ("6011", 16, "Discover card {v}"),
    ("35", 16, "JCB カード {v}"),
    ("62", 16, "银联卡号 {v}"),
):
    value = card(prefix, length)
    pii.append(("card", frame.format(v=value), value))

for frame, value in (
    ("passport no. {v}", rs(2, U) + rs(7, D)),
    ("numéro de passeport {v}", rs(2, D) + rs(2, U) + rs(5, D)),
    ("Reisepassnummer {v}", "C" + rs(8, "CFGHJKLMNPRTVWXYZ0123456789")),
    ("passport: {v} (expires 2030)", rs(1, U) + rs(8, D)),
):
    pii.append(("passport", frame.format(v=value), value))

# ---------------------------------------------------------------- clean


def company(name: str) -> str:
    module = importlib.import_module("stdnum." + name)
    return styled(module, redrawn(module, r.choice(examples(module))))


clean = [
    f"Rechnung an ACME GmbH, USt-IdNr. {company('de.vat')}",
    f"supplier VAT number {company('eu.vat')} on the PO",
    f"Handelsregister {company('de.handelsregisternummer')}",
    f"SIREN de la société : {company('fr.siren')}",
    f"ABN {company('au.abn')} (Acme Pty Ltd)",
    f"company number (ACN) {company('au.acn')}",
    f"EIN {company('us.ein')} for the LLC's 1099s",
    f"KVK / BTW: {company('nl.btw')}",
    f"Y-tunnus {company('fi.ytunnus')}",
    f"Organisationsnummer {company('se.orgnr')}",
    f"CVR {company('dk.cvr')} (ApS)",
    f"UEN {company('sg.uen')} for the Singapore entity",
    f"統一編號 {company('tw.ubn')}",
    f"Partita IVA {company('it.iva')}",
    "ISIN US0378331005, CUSIP 037833100, SEDOL 2046251",
    "LEI 5493001KJTIIGC8Y1R12 for the bank",
    f"routing number {company('us.rtn')}",
    f"GTIN 0{r.randint(10**12, 10**13 - 1)} on the pallet label",
    "Sortcode 20-00-00, BIC DEUTDEFF",
    f"postcode {company('nl.postcode')} and {company('se.postnummer')}",
    f"{hexs(40)} is the commit that fixed it",
    f"docker pull ghcr.io/acme/api@sha256:{hexs(64)}",
    f"x-request-id: {uuid.UUID(int=r.getrandbits(128))}",
    f"correlation id {hexs(32)}",
    f"Idempotency-Key: {uuid.UUID(int=r.getrandbits(128))}",
    f"public key (base64): MCowBQYDK2VwAyEA{b64(43)}=",
    f"minisign public key: RWQ{tok(53)}",
    "WireGuard peer PublicKey = HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=",
    "slack channel C04QK3X7M8R, user U02ABCDE123",
    "Google Analytics G-8XK2M7Q1PZ, tag GTM-5ZR8QK",
    "Stripe price price_1PqXyz2eZvKYlo2C9s8VrT0a",
    "Firebase apiKey in the web config is public by design; the security is in the rules",
    "recaptcha site key 6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI (Google's test key)",
    "AWS example: AKIAIOSFODNN7EXAMPLE is from the docs",
    "password: ********",
    "token: ••••••••••••",
    "API_KEY=your-api-key-here",
    "SECRET_KEY=changeme",
    "password: REDACTED",
    "client_secret: <redacted>",
    "DB_PASSWORD=",
    "pass: null",
    "password: ${{ secrets.DB_PASSWORD }}",
    "password = os.environ['DB_PASSWORD']",
    "password: !secret mqtt_password",
    "spring.datasource.password=${DB_PASS}",
    'keyPassword System.getenv("KEY_PASSWORD")',
    "<password>${env.NEXUS_PASSWORD}</password>",
    "PrivateKey = (hidden)",
    "psk=hash:3f2a... (stored hashed)",
    "enable secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0",
    "root:$6$rounds=5000$saltsalt$abc...:19000:0:99999:7:::",
    "$2b$12$KIXQJ6 (bcrypt hash prefix, truncated)",
    "argon2id, m=65536, t=3, p=4",
    # Prose about credentials, many languages, no value.
    "olvidé la contraseña del correo, la reseteo mañana",
    "le mot de passe est dans le gestionnaire, demande à Paul",
    "das Passwort steht im Tresor, nicht im Chat",
    "la password va cambiata ogni 90 giorni",
    "a senha do wi-fi está no cartão atrás do roteador",
    "het wachtwoord moet minstens 12 tekens hebben",
    "hasło zmieniamy co kwartał",
    "пароль лежит в менеджере паролей",
    "şifreyi unuttum, sıfırlama linki geldi",
    "密码在保险箱里，不要发在群里",
    "パスワードは後で口頭で伝えます",
    "비밀번호는 관리자에게 문의하세요",
    "mật khẩu đã được đổi hôm qua",
    "lösenordet finns i 1Password",
    "salasana vaihdetaan ensi viikolla",
    "كلمة المرور موجودة في الخزنة",
    "הסיסמה נמצאת אצל מנהל המערכת",
    "पासवर्ड मैनेजर में है",
    "PIN zmienię jutro w banku",
    "the PIN is printed on the letter from the bank",
    "new token issued, stored in Vault under kv/ci/deploy",
    "rotated the Stripe secret key; the old one is revoked",
    "key: value pairs are separated by a colon in YAML",
    "primary key (id), foreign key (user_id)",
    "partition key: tenant_id, sort key: created_at",
    "keyboard layout: de-CH",
    "Passwort-Richtlinie: mindestens 12 Zeichen",
    "Contraseña: mínimo 8 caracteres, una mayúscula",
    # Numbers that look like ids or phones.
    "order 4012 8888 8888 1881 shipped",
    "tracking 9400 1000 0000 0000 0000 00",
    "the invoice total was 12.345,67 EUR",
    "population 8 336 817 (2023)",
    "ISBN 978-3-16-148410-0",
    "IMEI 490154203237518",
    "call center hours 9-17, ext. 2210",
    "toll-free 1-800-555-0199 (fictional)",
    "0800 123 4567 is a free number",
    "our office: +1 (555) 010-0199 is a fictional number",
    "room 1204, floor 12, badge B-5521",
    "flight AF 1234, booking ref 8XK2LQ",
    "temperature 21,5 °C, humidity 48 %",
    "the meeting is at 10:30-11:15 CET",
    "coords 52.5200, 13.4050",
    "version 24.04.1 LTS, build 20240423",
    "Kundennummer 100245 / Vertragsnummer 7755-3312-01",
    "număr de înregistrare 2024/11/25-0042",
    "invoice 2024-000417 due 2024-12-15",
    "serial no. 4C1234567890 (router)",
    "SKU 8712345678906",
    "zip code 94103, area code 415",
    "year range 1990-2024, n=12 345",
    "speed 120 km/h, 75 mph",
    "page 1234 of 5678",
    "ID 4 of 12 in the queue",
    "user id 1029384756 in the analytics export",
    "member since 2011, member no. 00412",
    "Bestellnummer 302-5521873-2240317",
    "código postal 28013 Madrid",
    "CEP 01310-100 São Paulo",
    "〒100-0001 東京都千代田区",
    "PLZ 8001 Zürich, Tel. Zentrale siehe Website",
    "Aktenzeichen 3 O 123/24",
    "case no. 2:24-cv-01234",
    "the build took 1 234 567 ms",
    "checksum CRC32 0x1C291CA3",
    "GUID {21EC2020-3AEA-1069-A2DD-08002B30309D}",
    "OID 1.2.840.113549.1.1.11 (sha256WithRSAEncryption)",
    "chmod 0644, uid 1000, gid 1000",
    "port 5432, max_connections 200",
    "heap 4096m, threads 16",
    "RGB 255, 128, 64",
    "ratio 3:2, 16:9",
    "score 98/100",
    "cron 0 */6 * * *",
    "dose 0,5 ml, lot AB1234",
    # Public keys and certs.
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGqU4Fvz4t6y0q2qgQmV4sJr3l1Q9m0vXxj3p8wY2b7R deploy@ci",
    "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE REQUEST-----\nMIICvDCCAaQCAQAwdzELMAkGA1UEBhMCVVMxDTALBgNVBAgMBFV0YWgxDzANBgNV\n-----END CERTIFICATE REQUEST-----",
    "age1yubikey1qwt50d05nh5vutpdzmlg5wn80xq5negm4uj9ghv0snvdd3yysf5yw3rhl3t",
    "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m",
    "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
    "IPFS CID bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi",
    "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a",
    "Let's Encrypt cert serial 03:a1:4f:9e:2b:7c:00:11:22:33:44:55:66:77:88:99",
    "DKIM: v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDwIRP/UC3SBsEmGqZ9ZJW3/DkMoGeLnQg1fWn7/zYtIxN2SnFCjxOCKG9v3b4jYfcTNh5ijSsq",
    "SPF: v=spf1 include:_spf.google.com ~all",
    "google-site-verification=rXOxyZounnZasA8Z7oaD3c14JdjS9aKSWvsR1EbUSIQ",
    "TXT _acme-challenge: gfj9Xq...Rg85nM (DNS-01 challenge, one-time, already used)",
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
            "probe": "tune11",
            "id": hashlib.sha1(text.encode()).hexdigest()[:16],
        }
    )


for i, make in enumerate(sec):
    add(make(), "secret", "secret", f"tune11-s{i}")
for i, (kind, text, value) in enumerate(pii):
    add(text, "pii", kind, f"tune11-p{i}", value=value)
for i, text in enumerate(clean):
    add(text, "clean", "clean", f"tune11-c{i}")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
from collections import Counter  # noqa: E402

print(Counter(row["label"] for row in rows))
