# ruff: noqa: E501, E741, E731, E402, SIM108
"""Secret and clean templates for make_sensitivity_tune24."""
import base64
import hashlib

AL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
HEX = "0123456789abcdef"
LOW = "abcdefghijklmnopqrstuvwxyz0123456789"


def rs(r, n, al=AL):
    return "".join(r.choice(al) for _ in range(n))


def b64(r, n):
    return base64.b64encode(bytes(r.getrandbits(8) for _ in range(n))).decode()


def b64url(r, n):
    return base64.urlsafe_b64encode(bytes(r.getrandbits(8) for _ in range(n))).decode().rstrip("=")


WORDS = ["tulip", "orbit", "falcon", "marmalade", "granite", "velvet", "harbor", "cobalt", "sprocket", "lantern", "quartz", "maple", "nebula", "pepper", "saffron", "walrus"]


def password(r):
    k = r.randint(0, 5)
    if k == 0:
        return r.choice(["Sommer", "Winter", "Bayern", "Chelsea", "Luna", "Paris", "Frühling", "Lisboa"]) + str(r.randint(2019, 2026)) + r.choice("!?#$%")
    if k == 1:
        return rs(r, r.randint(12, 18), AL + "!#%&*@^")
    if k == 2:
        return "-".join(r.choice(WORDS) for _ in range(3)) + str(r.randint(1, 99))
    if k == 3:
        return r.choice(WORDS).capitalize() + r.choice(["@", "#", "_", "."]) + str(r.randint(100, 9999)) + r.choice(WORDS)
    if k == 4:
        return rs(r, 4, "ABCDEFGHJKLMNPQRSTUVWXYZ") + r.choice("$%&") + rs(r, 6, "abcdefghijkmnpqrstuvwxyz23456789") + str(r.randint(10, 99))
    return r.choice(["Xk", "Qz", "Pw", "Tr"]) + rs(r, 3, "0123456789") + r.choice(["!", "?"]) + rs(r, 6, AL)


HOSTS = ["db-prod-01.internal", "10.20.3.14", "pg.acme-corp.net", "mysql.staging.lan", "172.16.8.40", "orders-db.eu-west-1.rds.amazonaws.com", "reporting.corp.example.net"]
USERS = ["root", "admin", "app_rw", "deploy", "svc_reports", "postgres", "etl_user", "jenkins"]


# ---------------------------------------------------------------- vendor tokens (value, vendor)
def tok(r, v):
    if v == "aws":
        return "AKIA" + rs(r, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    if v == "aws_secret":
        return rs(r, 40, AL + "/+")
    if v == "github":
        return "ghp_" + rs(r, 36)
    if v == "github_pat":
        return "github_pat_" + rs(r, 22, UP) + "_" + rs(r, 59)
    if v == "gitlab":
        return "glpat-" + rs(r, 20, AL + "-_")
    if v == "slack":
        return f"xoxb-{r.randint(10**10, 10**11)}-{r.randint(10**12, 10**13)}-{rs(r, 24)}"
    if v == "stripe":
        return "sk_live_" + rs(r, 99 if r.random() < 0.3 else 24)
    if v == "stripe_rk":
        return "rk_live_" + rs(r, 24)
    if v == "openai":
        return "sk-proj-" + rs(r, 48, AL + "_-") + "T3BlbkFJ" + rs(r, 48, AL + "_-")
    if v == "anthropic":
        return "sk-ant-api03-" + rs(r, 93, AL + "_-") + "AA"
    if v == "google":
        return "AIza" + rs(r, 35, AL + "_-")
    if v == "twilio":
        return "SK" + rs(r, 32, HEX)
    if v == "sendgrid":
        return "SG." + rs(r, 22, AL + "_-") + "." + rs(r, 43, AL + "_-")
    if v == "mailgun":
        return "key-" + rs(r, 32, HEX)
    if v == "npm":
        return "npm_" + rs(r, 36)
    if v == "pypi":
        return "pypi-AgEIcHlwaS5vcmc" + rs(r, 60, AL + "_-")
    if v == "hf":
        return "hf_" + rs(r, 34)
    if v == "do":
        return "dop_v1_" + rs(r, 64, HEX)
    if v == "shopify":
        return "shpat_" + rs(r, 32, HEX)
    if v == "telegram":
        return f"{r.randint(10**8, 10**10)}:AA{rs(r, 33, AL + '_-')}"
    if v == "discord":
        return b64url(r, 14)[:24] + "." + rs(r, 6, AL + "_-") + "." + rs(r, 38, AL + "_-")
    if v == "postman":
        return "PMAK-" + rs(r, 24, HEX) + "-" + rs(r, 34, HEX)
    if v == "linear":
        return "lin_api_" + rs(r, 40)
    if v == "notion":
        return "ntn_" + rs(r, 46)
    if v == "grafana":
        return "glsa_" + rs(r, 32) + "_" + rs(r, 8, HEX)
    if v == "datadog":
        return rs(r, 32, HEX)
    if v == "azure_storage":
        return b64(r, 64)
    if v == "doppler":
        return "dp.st.prd." + rs(r, 43)
    if v == "atlassian":
        return "ATATT3xFfGF0" + rs(r, 170, AL + "_-=")[:180]
    if v == "square":
        return "EAAA" + rs(r, 60, AL + "-_")
    if v == "jwt":
        h = b64url(r, 0)
        h = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
        p = base64.urlsafe_b64encode(('{"sub":"%d","role":"admin","exp":%d}' % (r.randint(1000, 99999), r.randint(1780000000, 1790000000))).encode()).decode().rstrip("=")
        return f"{h}.{p}.{b64url(r, 32)}"
    raise ValueError(v)


# ================================================================ SECRET makers
def shell_makers():
    def hist(r):
        return f"  {r.randint(100, 2099)}  "

    def mysql(r):
        pw = password(r).replace("'", "")
        x = pw
        t = f"{hist(r)}mysql -u {r.choice(USERS)} -p'{pw}' -h {r.choice(HOSTS)} {r.choice(['orders', 'crm', 'prod'])}"
        return t, "secret.password", "sh_mysql_p", x

    def mysql2(r):
        pw = rs(r, 14)
        t = f"ran `mysqldump -u{r.choice(USERS)} -p{pw} --single-transaction shop > /tmp/shop.sql` on the bastion, dump is 4.1 GB"
        return t, "secret.password", "sh_mysqldump_note", pw

    def psql(r):
        pw = rs(r, 16)
        x = f"postgresql://{r.choice(USERS)}:{pw}@{r.choice(HOSTS)}:5432/{r.choice(['analytics', 'app', 'billing'])}"
        t = f"{hist(r)}psql \"{x}\" -c 'select count(*) from invoices'"
        return t, "secret.connection_string", "sh_psql_uri", x

    def pgpass(r):
        pw = password(r).replace("'", "")
        t = f"{hist(r)}PGPASSWORD='{pw}' pg_dump -h {r.choice(HOSTS)} -U {r.choice(USERS)} billing > billing.sql"
        return t, "secret.password", "sh_pgpassword_env", pw

    def docker(r):
        pw = password(r).replace("'", "")
        reg = r.choice(["registry.gitlab.com", "ghcr.io", "harbor.acme.io", "docker.io"])
        t = f"{hist(r)}docker login -u {r.choice(['ci-bot', 'deploy', 'mschmidt'])} -p '{pw}' {reg}"
        return t, "secret.password", "sh_docker_login", pw

    def docker_ghcr(r):
        x = tok(r, "github")
        t = f"echo {x} | docker login ghcr.io -u octo-deployer --password-stdin"
        return t, "secret.api_key", "sh_docker_stdin_ghp", x

    def kubectl(r):
        pw = password(r).replace("'", "")
        t = f"{hist(r)}kubectl -n {r.choice(['payments', 'prod', 'data'])} create secret generic db-creds --from-literal=username=app --from-literal=password='{pw}'"
        return t, "secret.password", "sh_kubectl_secret", pw

    def kubectl_token(r):
        x = tok(r, "jwt")
        t = f"kubectl --server=https://k8s.{r.choice(['acme', 'corp', 'lab'])}.internal:6443 --token={x} get pods -A"
        return t, "secret.token", "sh_kubectl_token", x

    def curl_u(r):
        pw = password(r).replace("'", "").replace('"', "")
        x = f"admin:{pw}"
        t = f"{hist(r)}curl -u {x} https://jenkins.{r.choice(['acme', 'internal', 'build'])}.io/job/release/build -X POST"
        return t, "secret.password", "sh_curl_basic", x

    def curl_bearer(r):
        v = r.choice(["openai", "anthropic", "hf", "linear", "do", "notion"])
        x = tok(r, v)
        hdr = "x-api-key" if v == "anthropic" else "Authorization: Bearer"
        t = f"curl https://api.{ {'openai': 'openai.com/v1/models', 'anthropic': 'anthropic.com/v1/messages', 'hf': 'huggingface.co/api/whoami-v2', 'linear': 'linear.app/graphql', 'do': 'digitalocean.com/v2/droplets', 'notion': 'notion.com/v1/users'}[v]} -H \"{hdr}{':' if v == 'anthropic' else ''} {x}\""
        return t, "secret.api_key", f"sh_curl_header_{v}", x

    def export_aws(r):
        x = tok(r, "aws_secret")
        t = f"{hist(r)}export AWS_ACCESS_KEY_ID={tok(r, 'aws')} AWS_SECRET_ACCESS_KEY={x}"
        return t, "secret.api_key", "sh_export_aws", x

    def sshpass(r):
        pw = password(r).replace("'", "")
        t = f"{hist(r)}sshpass -p '{pw}' ssh -o StrictHostKeyChecking=no ubuntu@{r.choice(HOSTS)}"
        return t, "secret.password", "sh_sshpass", pw

    def redis(r):
        pw = rs(r, 24)
        t = f"{hist(r)}redis-cli -h cache.{r.choice(['prod', 'eu1'])}.internal -a {pw} --no-auth-warning FLUSHDB"
        return t, "secret.password", "sh_redis_cli", pw

    def mongosh(r):
        pw = rs(r, 16)
        x = f"mongodb+srv://{r.choice(USERS)}:{pw}@cluster0.{rs(r, 5, LOW)}.mongodb.net/"
        t = f"{hist(r)}mongosh \"{x}\" --eval 'db.users.countDocuments()'"
        return t, "secret.connection_string", "sh_mongosh", x

    def openssl(r):
        pw = password(r).replace("'", "")
        t = f"{hist(r)}openssl pkcs12 -export -in cert.pem -inkey key.pem -out client.p12 -passout pass:{pw}"
        return t, "secret.password", "sh_openssl_passout", pw

    def helm(r):
        pw = password(r).replace("'", "").replace(",", "")
        t = f"helm upgrade --install grafana grafana/grafana --set adminPassword='{pw}' -n monitoring"
        return t, "secret.password", "sh_helm_set", pw

    def az(r):
        x = rs(r, 3) + "8Q~" + rs(r, 34, AL + "_.~-")
        t = f"{hist(r)}az login --service-principal -u {rs(r, 8, HEX)}-1c2d-4e5f-9a8b-{rs(r, 12, HEX)} -p {x} --tenant acme.onmicrosoft.com"
        return t, "secret.password", "sh_az_login", x

    def npm_cfg(r):
        x = tok(r, "npm")
        t = f"{hist(r)}npm config set //registry.npmjs.org/:_authToken {x}"
        return t, "secret.api_key", "sh_npm_config", x
    return [mysql, mysql2, psql, pgpass, docker, docker_ghcr, kubectl, kubectl_token, curl_u, curl_bearer, export_aws, sshpass, redis, mongosh, openssl, helm, az, npm_cfg]


def netrc_makers():
    def netrc(r):
        host, v = r.choice([("api.heroku.com", None), ("github.com", "github"), ("gitlab.com", "gitlab"), ("urs.earthdata.nasa.gov", None), ("nexus.acme.io", None)])
        x = tok(r, v) if v else password(r)
        login = r.choice(["jdoe@acme.io", "ci-bot", "mwong", "oauth2"])
        t = r.choice([f"machine {host}\n  login {login}\n  password {x}",
                      f"~/.netrc on the build box: machine {host} login {login} password {x}",
                      f"cat ~/.netrc\nmachine {host} login {login} password {x}\nmachine api.example.org login anon password anon"])
        return t, "secret.password", "netrc_entry", x
    return [netrc]


def git_makers():
    def remote(r):
        v = r.choice(["github", "github_pat", "gitlab"])
        x = tok(r, v)
        host = "gitlab.com" if v == "gitlab" else "github.com"
        user = "oauth2" if v == "gitlab" else r.choice(["x-access-token", "deploy-bot", "mkowalski"])
        url = f"https://{user}:{x}@{host}/{r.choice(['acme', 'kowalski-lab', 'payments-team'])}/{r.choice(['infra', 'api', 'website'])}.git"
        t = r.choice([f"origin\t{url} (fetch)\norigin\t{url} (push)",
                      f"git remote set-url origin {url}",
                      f"[remote \"origin\"]\n\turl = {url}\n\tfetch = +refs/heads/*:refs/remotes/origin/*",
                      f"cloned with `git clone {url}` because the SSH key isn't set up on the runner"])
        return t, "secret.credential_url", f"git_remote_{v}", url

    def remote_pw(r):
        pw = password(r).replace("@", "").replace(":", "").replace("/", "")
        url = f"https://{r.choice(['jan', 'ops', 'build'])}:{pw}@git.{r.choice(['acme', 'internal'])}.lan/scm/core/monorepo.git"
        return f"git push {url} main", "secret.credential_url", "git_push_pw_url", url
    return [remote, remote_pw]


def conn_makers():
    def pw(r):
        return rs(r, r.randint(12, 20))

    engines = [
        ("postgres", lambda r, p: f"postgres://{r.choice(USERS)}:{p}@{r.choice(HOSTS)}:5432/app?sslmode=require"),
        ("mysql", lambda r, p: f"mysql://{r.choice(USERS)}:{p}@{r.choice(HOSTS)}:3306/shop"),
        ("mongodb", lambda r, p: f"mongodb://{r.choice(USERS)}:{p}@mongo-0.mongo:27017,mongo-1.mongo:27017/?replicaSet=rs0&authSource=admin"),
        ("redis", lambda r, p: f"rediss://default:{p}@redis-{r.randint(10000, 19999)}.c1.eu-central-1-1.ec2.cloud.redislabs.com:{r.randint(10000, 19999)}"),
        ("amqp", lambda r, p: f"amqps://{r.choice(['svc', 'worker'])}:{p}@rabbit.{r.choice(['prod', 'lan'])}.acme.io:5671/orders"),
        ("mssql", lambda r, p: f"Server=tcp:{r.choice(['acme-sql', 'crm-db'])}.database.windows.net,1433;Initial Catalog=crm;User ID=sqladmin;Password={p};Encrypt=True;"),
        ("oracle", lambda r, p: f"{r.choice(['hr', 'scott', 'app'])}/{p}@//ora-prod.corp.lan:1521/ORCLPDB1"),
        ("jdbc_sqlserver", lambda r, p: f"jdbc:sqlserver://10.1.4.22:1433;databaseName=erp;user=erp_app;password={p}"),
        ("clickhouse", lambda r, p: f"clickhouse://default:{p}@ch.analytics.internal:9440/events?secure=true"),
        ("snowflake", lambda r, p: f"snowflake://ETL_USER:{p}@xy{r.randint(10000, 99999)}.eu-central-1/ANALYTICS/PUBLIC?warehouse=COMPUTE_WH"),
        ("elasticsearch", lambda r, p: f"https://elastic:{p}@es.{r.choice(['logs', 'search'])}.acme.io:9200"),
        ("neo4j", lambda r, p: f"neo4j+s://neo4j:{p}@{rs(r, 8, HEX)}.databases.neo4j.io"),
        ("mariadb_dsn", lambda r, p: f"{r.choice(USERS)}:{p}@tcp({r.choice(HOSTS)}:3306)/inventory?parseTime=true"),
    ]
    wraps = [
        ("DATABASE_URL={x}", "env"),
        ("  url: \"{x}\"", "yaml"),
        ("{{\"db\": {{\"dsn\": \"{x}\"}}}}", "json"),
        ("prod conn string (don't share): {x}", "note"),
        ("2026-03-04T11:02:17Z ERROR pool: could not connect to {x}: timeout", "log"),
    ]
    ms = []
    for name, f in engines:
        def m(r, name=name, f=f):
            x = f(r, pw(r))
            w, wn = r.choice(wraps)
            return w.format(x=x), "secret.connection_string", f"conn_{name}_{wn}", x
        ms.append(m)
    return ms


def password_makers():
    tpls = [
        ("the wifi password at the cabin is {x}, router's under the stairs", "pw_wifi_en"),
        ("User's Netflix login is her gmail and {x} — she asked me to remember it", "pw_netflix_en"),
        ("Das Passwort für die FritzBox ist {x}, bitte nicht ändern.", "pw_fritzbox_de"),
        ("le mot de passe du compte admin c'est {x} (on le change lundi)", "pw_admin_fr"),
        ("La contraseña del servidor de correo es {x}, no la pongas en Slack.", "pw_correo_es"),
        ("a senha do roteador é {x}, tá colada atrás dele", "pw_roteador_pt"),
        ("Het wachtwoord van de NAS is {x}.", "pw_nas_nl"),
        ("Lösenordet till Synology-kontot är {x}", "pw_synology_sv"),
        ("hasło do panelu hostingu: {x} – zmienić po migracji", "pw_hosting_pl"),
        ("社内VPNのパスワードは{x}です。", "pw_vpn_ja"),
        ("la password del gestionale è {x}, utente amministrazione", "pw_gestionale_it"),
        ("temp pw for the new hire's laptop: {x} (forces change on first login)", "pw_temp_en"),
        ("#ops 10:42 <kris> root on the old ftp box is still {x} lol", "pw_chat_root"),
        ("Ticket #4471: customer can't log in; reset their portal password to {x} and told them by phone.", "pw_ticket_reset"),
    ]
    ms = []
    for tpl, tn in tpls:
        def m(r, tpl=tpl, tn=tn):
            x = password(r)
            return tpl.replace("{x}", x), "secret.password", tn, x
        ms.append(m)
    return ms


def token_makers():
    vendors = [
        ("aws", "AWS_ACCESS_KEY_ID={x}\nAWS_SECRET_ACCESS_KEY=" + "{s}"),
        ("github", "GH token for the release bot: {x}"),
        ("github_pat", "gh auth login --with-token <<< {x}"),
        ("gitlab", "variables:\n  GITLAB_TOKEN: {x}"),
        ("slack", "SLACK_BOT_TOKEN={x}"),
        ("stripe", "stripe.api_key = \"{x}\""),
        ("stripe_rk", "restricted key for the refunds job: {x}"),
        ("openai", "OPENAI_API_KEY={x}"),
        ("anthropic", "the key Ben pasted in the chat: {x}"),
        ("google", "const MAPS_KEY = '{x}'; // unrestricted, TODO lock to referrer"),
        ("twilio", "twilio api key sid {x} — secret in 1password? no, it's this one"),
        ("sendgrid", "SENDGRID_API_KEY: {x}"),
        ("mailgun", "mailgun: {{ api_key: '{x}', domain: 'mg.acme.io' }}"),
        ("npm", "//registry.npmjs.org/:_authToken={x}"),
        ("pypi", "[pypi]\n  username = __token__\n  password = {x}"),
        ("hf", "HF_TOKEN={x} python train.py --push-to-hub"),
        ("do", "digitalocean token {x} (write scope)"),
        ("shopify", "X-Shopify-Access-Token: {x}"),
        ("telegram", "bot = telebot.TeleBot(\"{x}\")"),
        ("discord", "DISCORD_TOKEN={x}"),
        ("postman", "postman api key {x}"),
        ("linear", "Linear personal key: {x}"),
        ("notion", "NOTION_TOKEN=\"{x}\""),
        ("grafana", "grafana service account token {x}"),
        ("datadog", "DD_API_KEY={x}"),
        ("azure_storage", "DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={x};EndpointSuffix=core.windows.net"),
        ("doppler", "DOPPLER_TOKEN={x}"),
        ("square", "square access token: {x}"),
        ("slack_webhook", "{x}"),
        ("jwt", "Cookie: session={x}"),
    ]
    ms = []
    for v, tpl in vendors:
        def m(r, v=v, tpl=tpl):
            if v == "slack_webhook":
                x = f"https://hooks.slack.com/services/T{rs(r, 8, UP)}/B{rs(r, 10, UP)}/{rs(r, 24)}"
                t = r.choice([f"alerts go to {x}", f"SLACK_WEBHOOK_URL={x}"])
                return t, "secret.webhook", "tok_slack_webhook", x
            x = tok(r, v)
            t = tpl.replace("{x}", x).replace("{s}", tok(r, "aws_secret"))
            if v == "aws":
                x = t.split("AWS_SECRET_ACCESS_KEY=")[1]
            kind = "secret.session" if v == "jwt" else "secret.api_key"
            return t, kind, f"tok_{v}", x
        ms.append(m)
    return ms


# ================================================================ CLEAN makers
def clean_makers():
    C = {}

    def c(tname, kind, options):
        state = {}

        def m(r):
            if "order" not in state:
                state["order"] = list(range(len(options)))
                r.shuffle(state["order"])
                state["i"] = 0
            if state["i"] < len(options):
                o = options[state["order"][state["i"]]]
                state["i"] += 1
            else:
                o = r.choice(options)
            return (o(r) if callable(o) else o), kind, tname, ""
        C.setdefault(kind, []).append(m)

    # public health facts (multilingual)
    c("clean_health_fact_en", "clean.public_health", [
        lambda r: f"Type 2 diabetes accounts for about {r.choice([90, 95])}% of diabetes cases; first-line drug is usually metformin.",
        "Sertraline is an SSRI; typical starting dose for adults is 50 mg once daily (BNF).",
        lambda r: f"Flu season note: the clinic runs walk-in vaccinations on {r.choice(['Tuesdays', 'Wednesdays', 'Saturdays'])} 9–12.",
        "PTSD symptoms usually start within three months of a traumatic event, per NHS guidance.",
        "Pregnant people should avoid ibuprofen after 20 weeks unless a doctor advises it (FDA 2020).",
        "Long COVID is defined by WHO as symptoms lasting at least two months, starting within three months of infection.",
    ])
    c("clean_health_fact_xx", "clean.public_health", [
        "Die STIKO empfiehlt die Grippeimpfung für alle ab 60 Jahren.",
        "La sclérose en plaques touche environ 120 000 personnes en France.",
        "La diabetes tipo 1 suele diagnosticarse en la infancia o la adolescencia.",
        "Em caso de dengue, evite anti-inflamatórios como ibuprofeno.",
        "妊娠中はアルコールを控えるよう厚生労働省が推奨しています。",
        "高血压患者应减少食盐摄入，每日不超过5克。",
        "Antidepressiva werken meestal pas na 4 tot 6 weken volledig.",
    ])
    c("clean_health_ticket", "clean.public_health", [
        lambda r: f"Backlog: add a 'medication reminders' screen to the app (ticket MED-{r.randint(100, 999)}); copy must not give dosing advice.",
        lambda r: f"Dataset note: the public CDC WONDER export has {r.randint(20, 90)} columns, no patient identifiers.",
        "Our wellness page links to Mind (mind.org.uk) and the Samaritans line 116 123 for anyone struggling.",
    ])
    # business addresses
    c("clean_business_address", "clean.business_address", [
        "Our Berlin office moved to Friedrichstraße 68, 10117 Berlin — reception on the 3rd floor, open 9–17.",
        "Returns go to: Zalando SE, Retourenlager, 99996 Erfurt (printed label in the box).",
        "Team offsite venue: Hotel Schweizerhof, Bahnhofplatz 11, 3001 Bern — invoice to the company.",
        "Apple Regent Street, 235 Regent St, London W1B 2EL opens at 10 on Sundays.",
        "Send the signed NDA to ACME Ltd, 20 Farringdon Road, London EC1M 3HE, attn. Legal.",
        "Ship samples to the warehouse: Logistikzentrum Nord, Hafenstraße 12, 28217 Bremen (Tor 4).",
        "Le magasin IKEA Paris Nord 2 est au 1 rue du Parc des Expositions, 95950 Roissy.",
        "Oficina de Correos de Cibeles: Paseo del Prado 1, 28014 Madrid, abre de 8:30 a 20:30.",
        "WeWork Av. Paulista, 1374 – Bela Vista, São Paulo - SP: meeting room booked for the kickoff.",
        "Company HQ per the imprint: Musterfirma GmbH, Kaiserstraße 5, 60311 Frankfurt am Main, HRB 123456.",
        "東京オフィス：〒100-0005 東京都千代田区丸の内1-9-2 グラントウキョウサウスタワー（受付は14階）",
        "Flagship store: 767 Fifth Avenue, New York, NY 10153 — pickup counter on the lower level.",
    ])
    # support lines
    c("clean_support_line", "clean.support_line", [
        "Telekom Hotline: 0800 330 1000 (kostenlos, 24/7).",
        "For card fraud call the bank's 24h line on the back of the card, e.g. 0345 300 0000 for Lloyds.",
        "Support number for the printer vendor: +1 800 474 6836 (HP), have the serial ready.",
        "NHS 111 for non-emergency medical advice; 999 for emergencies.",
        "Service client SNCF : 3635, puis dites « service client ».",
        lambda r: f"IT helpdesk ext. {r.randint(2000, 2999)} (internal only), or helpdesk@company.example",
        "Airline support: +44 344 493 0787 (British Airways), lines open 6am–10pm.",
        f"Fictional number used in our demo video: (555) 010-{42:04d}.",
        "Atención al cliente de Iberia: 901 111 500.",
        "Contact form goes to support@acme.io; no personal inboxes in the footer please.",
    ])
    # placeholders / templates
    c("clean_placeholder", "clean.placeholder", [
        "OPENAI_API_KEY=<YOUR_KEY_HERE>",
        "password: ${DB_PASSWORD}",
        "DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME",
        "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "stripe.api_key = \"sk_live_xxxxxxxxxxxxxxxxxxxxxxxx\"  # replace before deploy",
        "curl -H \"Authorization: Bearer $API_TOKEN\" https://api.example.com/v1/items",
        "mysql -u root -p  # prompts for the password, don't pass it inline",
        "Dear {{first_name}}, your appointment on {{date}} at {{clinic_address}} is confirmed.",
        "Template: \"Hi <name>, call me on <phone> or mail <email>\" — fill from CRM at send time.",
        "docker login -u $REGISTRY_USER --password-stdin < /run/secrets/registry_pw",
        "machine api.heroku.com login <email> password <api-token>",
        "git remote add origin git@github.com:acme/infra.git",
        "SSN: XXX-XX-XXXX (never store the real one in the ticket)",
        "kubectl create secret generic db-creds --from-env-file=.env.production  # file not in repo",
        "Form field hint: 'IBAN (e.g. DE89 3704 0044 0532 0130 00)' — standard documentation example.",
        "Address line placeholder: 123 Main Street, Anytown, ST 12345",
        "Login page copy: 'Forgot your password? We'll e-mail you a reset link valid for 30 minutes.'",
    ])
    # documented example / test-mode keys
    c("clean_example_key", "clean.example_key", [
        "AWS docs example: AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "Stripe test mode key from the quickstart: sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        lambda r: f"Publishable key for the checkout page (public by design): pk_live_{rs(r, 24)}",
        "jwt.io sample token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        "reCAPTCHA test site key (always passes): 6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
        "Slack docs placeholder token xoxb-not-a-real-token-this-will-not-work",
        "Test card for the sandbox: 4242 4242 4242 4242, any future expiry, any CVC.",
        "Sentry DSN for the browser SDK is public by design, only the auth token in CI is secret.",
        "Firebase web config apiKey is an identifier, not a secret; lock it with App Check.",
        "Stripe test webhook secret in the docs: whsec_... (shown truncated, grab ours from the dashboard)",
    ])
    # hashes
    c("clean_hash", "clean.hash", [
        lambda r: f"Deployed {rs(r, 40, HEX)} to prod at 14:02, rollback target is {rs(r, 7, HEX)}.",
        lambda r: f"sha256sum release.tar.gz → {hashlib.sha256(str(r.random()).encode()).hexdigest()}",
        lambda r: f"image: ghcr.io/acme/api@sha256:{hashlib.sha256(str(r.random()).encode()).hexdigest()}",
        lambda r: f"git cherry-pick {rs(r, 40, HEX)} fixed the flaky test",
        lambda r: f"ETag: \"{hashlib.md5(str(r.random()).encode()).hexdigest()}\"",
        lambda r: f"Commit {rs(r, 12, HEX)} bumped requests to 2.32.3.",
    ])
    # product / order / tracking ids
    c("clean_order_id", "clean.order_id", [
        lambda r: f"Order #{r.randint(100000, 999999)} shipped, UPS tracking 1Z{rs(r, 6, UP)}{r.randint(10**9, 10**10 - 1)}.",
        lambda r: f"Amazon order {r.randint(100, 999)}-{r.randint(1000000, 9999999)}-{r.randint(1000000, 9999999)} — refund pending.",
        lambda r: f"Part no. {rs(r, 3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}-{r.randint(1000, 9999)}-{rs(r, 2, UP)} is backordered until week {r.randint(10, 50)}.",
        lambda r: f"ISBN 978-3-16-148410-0 is the edition we cite; SKU {r.randint(10**7, 10**8 - 1)}.",
        lambda r: f"Jira PAY-{r.randint(100, 9999)}: invoice INV-2026-{r.randint(1000, 9999)} has the wrong VAT rate.",
        lambda r: f"DHL Sendungsnummer {r.randint(10**11, 10**12 - 1)}, Zustellung morgen.",
        lambda r: f"Serial SN{r.randint(10**9, 10**10 - 1)} on the router, firmware 7.{r.randint(10, 60)}.",
        lambda r: f"Case {r.randint(10**7, 10**8 - 1)} opened with AWS support about the quota.",
    ])
    # masked data
    c("clean_masked", "clean.masked", [
        lambda r: f"card ending ****{r.randint(1000, 9999)} was declined, user will try another",
        lambda r: f"IBAN DE** **** **** **** **{r.randint(10, 99)} {r.randint(10, 99)} on file (masked by the bank)",
        lambda r: f"Login alert sent to j***@g****.com and +44 7*** ***{r.randint(100, 999)}.",
        lambda r: f"SSN on the form shows ***-**-{r.randint(1000, 9999)} only.",
        lambda r: f"api_key=sk-...{rs(r, 4)} (redacted in logs)",
        "password=********",
        lambda r: f"Aadhaar XXXX XXXX {r.randint(1000, 9999)} (masked copy accepted by the bank)",
        lambda r: f"token: [REDACTED] user_id={r.randint(1000, 99999)}",
    ])
    # money that is not a person's
    c("clean_money_public", "clean.salary_band", [
        lambda r: f"Job posting: Senior Backend Engineer, salary band €{r.randint(70, 80)}k–{r.randint(90, 110)}k, hybrid Berlin.",
        lambda r: f"Q3 revenue came in at ${r.randint(10, 99)}.{r.randint(1, 9)}M, up {r.randint(2, 30)}% YoY.",
        "Der Mindestlohn in Deutschland liegt 2025 bei 12,82 € pro Stunde.",
        lambda r: f"Cloud bill for March: ${r.randint(1000, 9999)}.{r.randint(10, 99)} — mostly egress.",
        "Le SMIC net mensuel est d'environ 1 426 € en 2025.",
        lambda r: f"Average rent in Lisbon per INE: €{r.randint(14, 19)}/m² (2024).",
    ])
    # configs referencing secrets
    c("clean_config_ref", "clean.config_ref", [
        "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef: {name: db-creds, key: password}",
        "password_file: /run/secrets/postgres_password",
        "api_key = os.environ[\"STRIPE_SECRET_KEY\"]",
        "aws_secret_access_key = {{ vault('secret/data/aws#secret_key') }}",
        "token: !vault |\n  $ANSIBLE_VAULT;1.1;AES256 (see group_vars, decrypted at deploy)",
        "SLACK_WEBHOOK_URL is stored in the GitHub Actions secrets, referenced as ${{ secrets.SLACK_WEBHOOK_URL }}",
        "Rotated the GitLab deploy token today; new value lives in 1Password vault 'Infra' only.",
    ])
    # public keys and logs
    c("clean_pubkey_log", "clean.public_key", [
        lambda r: f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{rs(r, 43)} deploy@ci-runner",
        lambda r: f"Added the server's host key fingerprint SHA256:{rs(r, 43)} to known_hosts.",
        lambda r: f"2026-02-11 08:14:55 WARN auth: 401 invalid api key (key_id=kid_{rs(r, 8, LOW)}) from 10.0.{r.randint(0, 255)}.{r.randint(0, 255)}",
        lambda r: f"-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{rs(r, 60, AL + '+/')}\n-----END PUBLIC KEY-----",
        lambda r: f"GPG key ID {rs(r, 16, HEX).upper()} signs our releases (public, on keys.openpgp.org).",
    ])
    # company ids and other id look-alikes
    c("clean_company_id", "clean.company_id", [
        "CNPJ da fornecedora: 11.222.333/0001-81 (empresa, consta no site).",
        "Companies House number 00445790 (Tesco PLC).",
        "ABN 51 824 753 556 on the invoice from the Australian supplier.",
        lambda r: f"VAT: DE{r.randint(10**8, 10**9 - 1)} printed on the vendor's letterhead (company).",
        "DUNS 15-048-3782 for the procurement portal.",
        lambda r: f"Ticket ID 2026-{r.randint(100000, 999999)} — not a personal number, just the queue id.",
        lambda r: f"Version {r.randint(1, 9)}.{r.randint(0, 30)}.{r.randint(0, 99)} released; build {r.randint(10000, 99999)}; temp on the rack was {r.randint(18, 27)}.{r.randint(0, 9)} °C.",
        lambda r: f"UUID {rs(r, 8, HEX)}-{rs(r, 4, HEX)}-4{rs(r, 3, HEX)}-a{rs(r, 3, HEX)}-{rs(r, 12, HEX)} is the tenant id in the staging config.",
    ])
    return C
