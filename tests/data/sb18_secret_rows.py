"""Secret rows: live credentials in prose, config, shell, logs, chat (label=secret)."""
import sb18_tokens as T
from sb18_common import R, pick, digits, hexs

TEMPLATES = []


def tpl(n):
    def deco(f):
        TEMPLATES.append((f.__name__, n, f))
        return f
    return deco


def ts():
    return f"2026-{R.randrange(1, 12):02d}-{R.randrange(1, 28):02d}T{R.randrange(24):02d}:{R.randrange(60):02d}:{R.randrange(60):02d}Z"


@tpl(5)
def aws_env_file():
    k, s = T.aws_pair()
    reg = pick(["eu-west-1", "us-east-1", "ap-northeast-2", "eu-central-1"])
    return "secret.aws_secret_key", f"# .env.production\nAWS_ACCESS_KEY_ID={k}\nAWS_SECRET_ACCESS_KEY={s}\nAWS_DEFAULT_REGION={reg}\nS3_BUCKET=lumen-{pick(['invoices', 'exports', 'media'])}-prod", s


@tpl(4)
def aws_credentials_ini():
    k, s = T.aws_pair()
    prof = pick(["default", "prod-deploy", "ci", "billing-admin"])
    return "secret.aws_secret_key", f"cat ~/.aws/credentials\n[{prof}]\naws_access_key_id = {k}\naws_secret_access_key = {s}", s


@tpl(3)
def aws_chat():
    k, s = T.aws_pair()
    who = pick(["@ops-oncall", "Sam", "hey team"])
    return "secret.aws_secret_key", f"{who} can someone check why the backup job fails? I exported `AWS_ACCESS_KEY_ID={k}` and the secret `{s}` locally and it works from my laptop", s


@tpl(6)
def github_pat_ci():
    t = T.github(pick(["ghp_", "ghp_", "gho_", "ghs_"]))
    return "secret.github_token", f"Run git clone https://x-access-token:{t}@github.com/{pick(['acme-retail', 'kestrel-ops', 'schoolhub'])}/{pick(['infra', 'storefront', 'payroll-sync'])}.git\nCloning into '{pick(['infra', 'app', 'repo'])}'...\nremote: Enumerating objects: {R.randrange(300, 9000)}, done.", t


@tpl(3)
def github_fine_note():
    t = T.github_fine()
    return "secret.github_token", f"Note to self: new fine-grained PAT for the release bot (expires in 90 days): {t}. Stored it in the runner too.", t


@tpl(4)
def gitlab_ci_var():
    t = T.gitlab()
    return "secret.gitlab_token", f"variables:\n  GIT_DEPTH: \"10\"\n  GITLAB_API_TOKEN: \"{t}\"\n\nrelease:\n  stage: deploy\n  script:\n    - 'curl --header \"PRIVATE-TOKEN: $GITLAB_API_TOKEN\" \"$CI_API_V4_URL/projects/$CI_PROJECT_ID/releases\"'", t


@tpl(5)
def slack_bot_yaml():
    t = T.slack_bot() if R.randrange(3) else T.slack_user()
    return "secret.slack_token", f"alertmanager:\n  receivers:\n    - name: oncall\n      slack_configs:\n        - channel: '#incidents'\n          api_url: https://slack.com/api/chat.postMessage\n          http_config:\n            authorization:\n              credentials: {t}", t


@tpl(4)
def slack_webhook_shell():
    u = T.slack_webhook()
    return "secret.slack_webhook", f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy {pick(['v2.4.1', 'v3.0.0-rc2', 'build 8812'])} finished\"}}' {u}", u


@tpl(5)
def stripe_live():
    t = T.stripe() if R.randrange(4) else T.stripe_rk()
    lang = R.randrange(3)
    if lang == 0:
        text = f"import stripe\nstripe.api_key = \"{t}\"\n\nrefund = stripe.Refund.create(payment_intent=\"pi_{T.alnum(24)}\")"
    elif lang == 1:
        text = f"const stripe = require('stripe')('{t}');\n// TODO move to vault before launch"
    else:
        text = f"Support macro broke because the refund script still has the live key hardcoded ({t}). Can DevOps rotate it?"
    return "secret.stripe_key", text, t


@tpl(5)
def openai_key():
    t = T.openai()
    f = R.randrange(3)
    if f == 0:
        text = f"export OPENAI_API_KEY={t}\npython summarize_tickets.py --since 2026-11-01"
    elif f == 1:
        text = f"[2026-11-{R.randrange(1, 28):02d} 09:{R.randrange(60):02d}:11] DEBUG httpx: headers={{'authorization': 'Bearer {t}', 'content-type': 'application/json'}}"
    else:
        text = f"openai:\n  api_key: {t}\n  model: gpt-4o-mini\n  temperature: 0.2"
    return "secret.openai_key", text, t


@tpl(4)
def anthropic_key():
    t = T.anthropic()
    f = R.randrange(2)
    text = (f"ANTHROPIC_API_KEY=\"{t}\"  # shared recruiting-bot key, do not commit" if f == 0
            else f"Bitte den Key für den Lebenslauf-Parser eintragen: {t} (gilt für das HR-Projekt)")
    return "secret.anthropic_key", text, t


@tpl(4)
def google_key():
    t = T.google_api()
    f = R.randrange(2)
    text = (f"<script src=\"https://maps.googleapis.com/maps/api/js?key={t}&libraries=places\"></script>" if f == 0
            else f"GOOGLE_PLACES_KEY = '{t}'  # unrestricted key from billing account")
    return "secret.google_api_key", text, t


@tpl(4)
def sendgrid_key():
    t = T.sendgrid()
    return "secret.sendgrid_key", pick([
        f"EMAIL_BACKEND=sendgrid\nSENDGRID_API_KEY={t}\nDEFAULT_FROM_EMAIL=no-reply@lumenshop.io",
        f"the order-confirmation mails stopped. sendgrid says 401 — is `{t}` still the active key?",
        f"mail:\n  provider: sendgrid\n  key: \"{t}\"",
    ]), t


@tpl(3)
def twilio_cfg():
    sid, tok = T.twilio()
    return "secret.twilio_token", f"TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={tok}\nTWILIO_FROM=+1 415 555 0143", tok


@tpl(12)
def db_url():
    u, p = T.user(), "".join(ch for ch in T.password() if ch.isalnum() or ch in "-_.")
    f = R.randrange(6)
    if f == 0:
        url = f"postgresql://{u}:{p}@{T.host('pg')}:5432/{pick(['orders', 'hr', 'school_admin', 'payroll'])}"
        text = f"DATABASE_URL={url}"
    elif f == 1:
        url = f"mysql://{u}:{p}@{T.host('my')}:3306/{pick(['shop', 'wordpress', 'moodle'])}"
        text = f"spring:\n  datasource:\n    url: jdbc:{url}?useSSL=true"
    elif f == 2:
        url = f"mongodb+srv://{u}:{p}@{T.host('mongo')}/{pick(['catalog', 'sessions'])}?retryWrites=true&w=majority"
        text = f"2026-11-{R.randrange(1, 28):02d} 14:02:{R.randrange(60):02d} ERROR [worker-3] MongoServerSelectionError connecting to {url}: timed out after 30000ms"
    elif f == 3:
        url = f"redis://:{p}@{T.host('redis')}:6379/0"
        text = f"celery -A shop worker --broker={url} -l info"
    elif f == 4:
        url = f"amqp://{u}:{p}@{T.host('amqp')}:5672/%2F"
        text = f"Incident #{R.randrange(400, 999)} timeline: 03:14 consumer lag rising; 03:20 restarted consumers with BROKER_URL={url}; 03:31 lag back to 0"
    else:
        url = f"postgres://{u}:{p}@{T.host('pg')}/{pick(['analytics', 'grades', 'crm'])}?sslmode=require"
        text = f"Quick one: psql \"{url}\" gives me 'too many connections', anyone else?"
    return "secret.db_url", text, url


@tpl(6)
def password_config():
    p = T.password()
    f = R.randrange(5)
    if f == 0:
        text = f"[smtp]\nhost = smtp.office365.com\nport = 587\nuser = notifications@{pick(['brightwood-school.org', 'lumenshop.io'])}\npassword = {p}"
    elif f == 1:
        text = f"ldap:\n  bind_dn: cn=svc-sync,ou=service,dc=corp,dc=local\n  bind_password: \"{p}\""
    elif f == 2:
        text = f"<add name=\"Main\" connectionString=\"Server=sql01;Database=Payroll;User Id=payroll_app;Password={p};\" />"
    elif f == 3:
        text = f"MYSQL_ROOT_PASSWORD={p}\nMYSQL_DATABASE=shop"
    else:
        text = f"  environment:\n    - GF_SECURITY_ADMIN_PASSWORD={p}\n    - GF_SERVER_ROOT_URL=https://grafana.ops.lumenshop.io"
    return "secret.password", text, p


@tpl(7)
def password_chat():
    p = T.password()
    f = R.randrange(5)
    texts = [
        f"The wifi for the staff room changed, new password is {p} — please don't give it to pupils.",
        f"hey can you log into the Shopify admin for me? user is ops@lumenshop.io, pw {p}",
        f"Le mot de passe du compte admin Pronote est maintenant : {p}",
        f"Zugang zum Lohnportal: Benutzer hr-admin, Passwort {p}",
        f"vpn is down again, I'm using the break-glass account root / {p} until it's back",
    ]
    return "secret.password", texts[f], p


@tpl(4)
def curl_basic():
    p = T.password()
    u = pick(["admin", "jenkins", "deploy-bot", "api"])
    f = R.randrange(2)
    text = (f"curl -u {u}:{p} https://jenkins.ops.internal/job/storefront/buildWithParameters?ENV=prod" if f == 0
            else f"wget https://{u}:{p}@nexus.kestrel.net/repository/releases/app-{R.randrange(1, 5)}.{R.randrange(20)}.jar")
    return "secret.password", text, p


@tpl(6)
def private_key():
    kind = pick(["RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY"])
    k = T.pem(kind, pick([121, 400, 1190]) if kind != "EC PRIVATE KEY" else 121)
    pre = pick(["deploy key for the prod bastion:\n", "$ cat ~/.ssh/id_ed25519\n", "tls.key: |\n",
                "Attaching the key the vendor sent us for SFTP:\n", ""])
    if pre == "tls.key: |\n":
        k2 = "\n".join("  " + line for line in k.split("\n"))
        return "secret.private_key", pre + k2, k2.strip()
    return "secret.private_key", pre + k, k


@tpl(4)
def gcp_sa_json():
    k = T.pem("PRIVATE KEY", 600).replace("\n", "\\n")
    proj = pick(["shop-analytics-prod", "school-admin-4471", "hr-docs-ocr"])
    text = ("{\n  \"type\": \"service_account\",\n  \"project_id\": \"" + proj + "\",\n  \"private_key_id\": \"" + hexs(40)
            + "\",\n  \"private_key\": \"" + k + "\\n\",\n  \"client_email\": \"etl@" + proj + ".iam.gserviceaccount.com\"\n}")
    return "secret.gcp_service_account", text, k


@tpl(6)
def jwt_bearer():
    t = T.jwt()
    f = R.randrange(3)
    texts = [
        f"curl -H \"Authorization: Bearer {t}\" https://api.lumenshop.io/v2/orders?status=refund_pending",
        f"{ts()} INFO gateway request path=/admin/users method=GET auth=\"Bearer {t}\" status=200",
        f"copy this session token into Postman if you need to reproduce: {t}",
    ]
    return "secret.jwt", texts[f], t


@tpl(3)
def npm_token():
    t = T.npm()
    return "secret.npm_token", f"# .npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={t}", t


@tpl(3)
def pypi_token():
    t = T.pypi()
    return "secret.pypi_token", f"[pypi]\n  username = __token__\n  password = {t}", t


@tpl(3)
def vault_token():
    t = T.vault()
    return "secret.vault_token", pick([f"export VAULT_ADDR=https://vault.ops.internal:8200\nexport VAULT_TOKEN={t}\nvault kv get secret/payroll/db",
                                       f"root token after unseal: {t}  (revoke after setup!)"]), t


@tpl(3)
def telegram_bot():
    t = T.telegram()
    return "secret.telegram_token", pick([f"BOT_TOKEN = \"{t}\"\nCHAT_ID = -100{digits(10)}",
                                          f"https://api.telegram.org/bot{t}/sendMessage?chat_id=@shop_alerts&text=disk+full"]), t


@tpl(3)
def discord_bot():
    t = T.discord()
    return "secret.discord_token", f"client.login('{t}'); // school club bot", t


@tpl(3)
def shopify_token():
    t = T.shopify()
    return "secret.shopify_token", f"X-Shopify-Access-Token: {t}\nGET /admin/api/2024-10/orders.json?status=any", t


@tpl(3)
def azure_conn():
    k = T.azure_key()
    acct = pick(["hrdocsprod", "shopmedia01", "schoolbackups"])
    s = f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={k};EndpointSuffix=core.windows.net"
    return "secret.azure_storage", f"\"AzureWebJobsStorage\": \"{s}\"", k


@tpl(3)
def datadog_key():
    k = T.datadog()
    return "secret.datadog_key", pick([f"helm upgrade --install datadog datadog/datadog --set datadog.apiKey={k} --set datadog.site=datadoghq.eu",
                                        f"DD_API_KEY={k}\nDD_ENV=prod\nDD_SERVICE=checkout"]), k


@tpl(3)
def mailgun_key():
    k = T.mailgun()
    return "secret.mailgun_key", f"requests.post('https://api.eu.mailgun.net/v3/mg.lumenshop.io/messages', auth=('api', '{k}'), data=payload)", k


@tpl(3)
def heroku_key():
    k = T.uuid4()
    return "secret.heroku_key", f"HEROKU_API_KEY={k} heroku ps:scale web=2 -a shop-staging", k


@tpl(3)
def k8s_secret_plain():
    p = T.password()
    return "secret.password", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: payroll-db\ntype: Opaque\nstringData:\n  username: payroll\n  password: {p}", p


@tpl(3)
def netrc_pgpass():
    p = T.password()
    f = R.randrange(2)
    text = (f"machine api.heroku.com\n  login ops@lumenshop.io\n  password {p}" if f == 0
            else f"# ~/.pgpass\n{T.host('pg')}:5432:*:{T.user()}:{p}")
    return "secret.password", text, p


@tpl(3)
def docker_login():
    p = T.password()
    return "secret.password", f"$ docker login registry.kestrel.net -u ci-bot -p {p}\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded", p


@tpl(4)
def personal_assistant_secret():
    p = T.password()
    texts = [
        f"Remember for me: bank app PIN changed, online banking password is now {p}",
        f"기억해줘: 회사 메일 비밀번호 {p} 로 바꿨어",
        f"Anota: la contraseña del router de casa es {p}",
        f"Lembrete: senha do internet banking agora é {p}",
        f"Notiere bitte: das neue Passwort fürs Steuerportal ELSTER ist {p}",
    ]
    return "secret.password", texts[R.randrange(len(texts))], p


@tpl(3)
def gh_actions_log():
    t = T.github("ghp_")
    return "secret.github_token", f"jobs:\n  sync:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          repository: acme-retail/{pick(['storefront', 'infra', 'tools'])}\n          token: {t}", t
