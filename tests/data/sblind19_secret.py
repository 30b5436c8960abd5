# ruff: noqa: E501, E741, E731, E402, SIM108
"""Secret templates for the blind19 set: vendor-format keys, tokens, passwords,
private keys, credential URLs, webhooks and session cookies."""

import base64

import sblind19_values as V
from sblind19_values import AN, B32, D, HEX, LO, UP, rs

B64 = AN + "+/"
URLS = AN + "-_"

# vendor: (env var, generator)
VENDORS = {
    "aws_secret": ("AWS_SECRET_ACCESS_KEY", lambda r: rs(r, B64, 40)),
    "aws_akid": ("AWS_ACCESS_KEY_ID", lambda r: "AKIA" + rs(r, B32, 16)),
    "github_pat": ("GITHUB_TOKEN", lambda r: "ghp_" + rs(r, AN, 36)),
    "github_fine": ("GH_PAT", lambda r: "github_pat_11" + rs(r, UP + D, 20) + "_" + rs(r, AN, 59)),
    "gitlab": ("GITLAB_TOKEN", lambda r: "glpat-" + rs(r, AN + "-_", 20)),
    "stripe": ("STRIPE_SECRET_KEY", lambda r: "sk_live_51" + rs(r, AN, 97)),
    "stripe_rk": ("STRIPE_RESTRICTED_KEY", lambda r: "rk_live_51" + rs(r, AN, 60)),
    "openai": ("OPENAI_API_KEY", lambda r: "sk-proj-" + rs(r, URLS, 74) + "T3BlbkFJ" + rs(r, URLS, 74)),
    "anthropic": ("ANTHROPIC_API_KEY", lambda r: "sk-ant-api03-" + rs(r, URLS, 93) + "AA"),
    "google": ("GOOGLE_MAPS_API_KEY", lambda r: "AIza" + rs(r, URLS, 35)),
    "twilio": ("TWILIO_API_SECRET", lambda r: "SK" + rs(r, HEX, 32)),
    "sendgrid": ("SENDGRID_API_KEY", lambda r: "SG." + rs(r, URLS, 22) + "." + rs(r, URLS, 43)),
    "mailgun": ("MAILGUN_API_KEY", lambda r: "key-" + rs(r, HEX, 32)),
    "npm": ("NPM_TOKEN", lambda r: "npm_" + rs(r, AN, 36)),
    "pypi": ("PYPI_TOKEN", lambda r: "pypi-AgEIcHlwaS5vcmcCJD" + rs(r, URLS, 120)),
    "shopify": ("SHOPIFY_ADMIN_TOKEN", lambda r: "shpat_" + rs(r, HEX, 32)),
    "digitalocean": ("DO_TOKEN", lambda r: "dop_v1_" + rs(r, HEX, 64)),
    "vault": ("VAULT_TOKEN", lambda r: "hvs." + rs(r, AN + "_-", 90)),
    "huggingface": ("HF_TOKEN", lambda r: "hf_" + rs(r, UP + LO, 34)),
    "databricks": ("DATABRICKS_TOKEN", lambda r: "dapi" + rs(r, HEX, 32)),
    "grafana": ("GRAFANA_SA_TOKEN", lambda r: "glsa_" + rs(r, AN, 32) + "_" + rs(r, HEX, 8)),
    "newrelic": ("NEW_RELIC_API_KEY", lambda r: "NRAK-" + rs(r, UP + D, 27)),
    "linear": ("LINEAR_API_KEY", lambda r: "lin_api_" + rs(r, AN, 40)),
    "notion": ("NOTION_TOKEN", lambda r: "ntn_" + rs(r, D, 11) + rs(r, AN, 35)),
    "atlassian": ("JIRA_API_TOKEN", lambda r: "ATATT3xFfGF0" + rs(r, URLS, 170) + "=" + rs(r, UP + D, 8)),
    "doppler": ("DOPPLER_TOKEN", lambda r: "dp.st.prd." + rs(r, AN, 40)),
    "square": ("SQUARE_ACCESS_TOKEN", lambda r: "EAAA" + rs(r, URLS, 60)),
    "sentry": ("SENTRY_AUTH_TOKEN", lambda r: "sntrys_" + base64.b64encode(("{\"iat\":%d,\"org\":\"%s\"}" % (r.randint(1_700_000_000, 1_760_000_000), r.choice(["nimbus-games", "vetcare", "fleetly"]))).encode()).decode().rstrip("=") + "_" + rs(r, AN, 43)),
    "figma": ("FIGMA_TOKEN", lambda r: "figd_" + rs(r, URLS, 40)),
    "pulumi": ("PULUMI_ACCESS_TOKEN", lambda r: "pul-" + rs(r, HEX, 40)),
    "mapbox": ("MAPBOX_SECRET_TOKEN", lambda r: "sk.eyJ1Ijoi" + rs(r, AN, 30) + "." + rs(r, URLS, 22)),
    "planetscale": ("PLANETSCALE_TOKEN", lambda r: "pscale_tkn_" + rs(r, URLS, 43)),
    "heroku": ("HEROKU_API_KEY", lambda r: "HRKU-AA" + rs(r, URLS, 58)),
    "cloudflare": ("CLOUDFLARE_API_TOKEN", lambda r: rs(r, URLS, 40)),
    "age": ("SOPS_AGE_KEY", lambda r: "AGE-SECRET-KEY-1" + rs(r, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper(), 58)),
    "onepassword": ("OP_SERVICE_ACCOUNT_TOKEN", lambda r: "ops_eyJzaWduSW5BZGRyZXNzIjoi" + rs(r, AN, 120)),
    "supabase": ("SUPABASE_SECRET_KEY", lambda r: "sb_secret_" + rs(r, URLS, 32)),
    "postman": ("POSTMAN_API_KEY", lambda r: "PMAK-" + rs(r, HEX, 24) + "-" + rs(r, HEX, 34)),
}

API_FMTS = [
    ("env", ["§e=§v"]),
    ("export", ["export §e=§v", "export §e=\"§v\""]),
    ("yaml", ["§l:\n  api_key: §v\n  region: eu-west-1", "env:\n  - name: §e\n    value: \"§v\""]),
    ("json", ['{"§l": {"token": "§v", "timeout": 30}}']),
    ("chat", ["here's the §l key for the staging box: §v — rotate after the demo", "use §v for §l, I pasted it from the vault", "new §l key: §v (old one revoked)"]),
    ("note", ["Remember: the game studio's §l credential is §v.", "Fleet tracker integration uses §l key §v.", "Intake bot §l key → §v"]),
    ("cli", ["curl -H \"Authorization: Bearer §v\" https://api.§l.example/v1/me", "docker run -e §e=§v ghcr.io/acme/worker:1.4"]),
    ("py", ["client = Client(api_key=\"§v\")  # §l prod"]),
]

TOKEN_KINDS = {
    "discord_bot": lambda r: rs(r, "MNO", 1) + rs(r, AN, 25) + "." + rs(r, URLS, 6) + "." + rs(r, URLS, 38),
    "telegram_bot": lambda r: str(r.randint(1_000_000_000, 7_999_999_999)) + ":AA" + rs(r, URLS, 33),
    "slack_bot": lambda r: f"xoxb-{rs(r, D, 12)}-{rs(r, D, 13)}-{rs(r, AN, 24)}",
    "slack_user": lambda r: f"xoxp-{rs(r, D, 12)}-{rs(r, D, 12)}-{rs(r, D, 13)}-{rs(r, HEX, 32)}",
    "jwt": lambda r: V.jwt_like(r),
    "google_oauth": lambda r: "ya29.a0" + rs(r, URLS, 140),
    "gh_oauth": lambda r: "gho_" + rs(r, AN, 36),
    "fb_page": lambda r: "EAAG" + rs(r, AN, 150),
}
TOKEN_FMTS = {
    "discord_bot": ["DISCORD_BOT_TOKEN=§v", "the moderation bot token for the game server is §v"],
    "telegram_bot": ["TELEGRAM_BOT_TOKEN=§v", "Бот для сповіщень: токен §v", "bot token của kênh thông báo: §v"],
    "slack_bot": ["SLACK_BOT_TOKEN=§v", "Slack bot for #fleet-alerts → §v"],
    "slack_user": ["my slack user token (for the export script): §v"],
    "jwt": ["Authorization: Bearer §v", "service_role key from the supabase dashboard: §v"],
    "google_oauth": ["access_token=§v&token_type=Bearer&expires_in=3599"],
    "gh_oauth": ["gh auth token printed §v, saving for the CI job"],
    "fb_page": ["FB page access token for the clinic page: §v"],
}

PASSWORDS = [
    lambda r: r.choice(["Tr0mbone", "Kocka", "Lua", "Mango", "Sakura", "Hanuman", "Jacaranda", "Zorro", "Pelican", "Bao"]) + r.choice(["!", "#", "$", "_", "@"]) + str(r.randint(10, 9999)) + r.choice(["", "x", "Q", "zz"]),
    lambda r: rs(r, AN, r.randint(12, 20)),
    lambda r: "-".join(r.choice(["correct", "ember", "violet", "anchor", "saffron", "mosaic", "tundra", "oracle", "plinth", "ruby"]) for _ in range(4)) + str(r.randint(1, 99)),
    lambda r: r.choice(["Praha", "Bucuresti", "Szeged", "Haifa", "Saigon", "Bandung", "Kyiv", "Recife", "Rosario", "Medellin"]) + str(r.randint(1980, 2024)) + r.choice(["!", "*", "."]),
]

PW_FMTS = [
    ("pw_en", "the wifi password at the Melbourne office is §v"),
    ("pw_en_login", "Login for the fleet portal: dispatch@fleetly.io / §v"),
    ("pw_en_admin", "admin pw for the game's staging console is §v, don't share"),
    ("pw_pt", "A senha do e-mail da clínica é §v"),
    ("pw_es", "La contraseña del portal del SAT de la oficina es §v"),
    ("pw_cs", "Heslo k routeru: §v"),
    ("pw_ro", "Parola contului de la bancă e §v, schimb-o luna viitoare."),
    ("pw_hu", "A Neptun jelszavam: §v"),
    ("pw_el", "Ο κωδικός για το Wi-Fi του ιατρείου είναι §v"),
    ("pw_he", "הסיסמה לחשבון הבנק: §v"),
    ("pw_th", "รหัสผ่านอีเมลของออฟฟิศคือ §v"),
    ("pw_vi", "mật khẩu tài khoản quản trị là §v"),
    ("pw_id", "Password akun admin portal penerimaan: §v"),
    ("pw_uk", "Пароль до кабінету платника: §v"),
    ("pw_ja", "管理画面のパスワードは§vです"),
    ("pw_ko", "회사 VPN 비밀번호: §v"),
    ("pw_ar", "كلمة مرور حساب العيادة: §v"),
    ("pw_env", "DB_PASSWORD=§v"),
    ("pw_yaml", "database:\n  user: app\n  password: \"§v\""),
    ("pw_cli", "mysql -u root -p'§v' -h 10.0.3.12 vetclinic"),
    ("pw_json", '{"smtp_user": "noreply@admissions.example.edu", "smtp_pass": "§v"}'),
    ("pw_rdp", "RDP to the depot PC: user dispatcher, pass §v"),
]


def pem(r, kind):
    body = base64.b64encode(bytes(r.getrandbits(8) for _ in range(r.choice([120, 180, 240])))).decode()
    lines = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    hdr = {"rsa": "RSA PRIVATE KEY", "ec": "EC PRIVATE KEY", "openssh": "OPENSSH PRIVATE KEY", "pkcs8": "PRIVATE KEY", "pgp": "PGP PRIVATE KEY BLOCK"}[kind]
    if kind == "pgp":
        return f"-----BEGIN {hdr}-----\n\n{lines}\n={rs(r, B64, 4)}\n-----END {hdr}-----"
    if kind == "openssh":
        lines = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n" + lines
    return f"-----BEGIN {hdr}-----\n{lines}\n-----END {hdr}-----"


PK_FMTS = [
    ("pk_deploy", "openssh", "Deploy key for the build server (game-ops):\n§v"),
    ("pk_file", "rsa", "contents of id_rsa for the depot jump host:\n§v"),
    ("pk_ec", "ec", "TLS key for admissions portal:\n§v"),
    ("pk_pkcs8", "pkcs8", "GOOGLE_SERVICE_ACCOUNT_KEY (private_key field):\n§v"),
    ("pk_pgp", "pgp", "PGP private key backup, passphrase on the sticky note:\n§v"),
]


def cred_url(r):
    user = r.choice(["app", "postgres", "admin", "fleet_rw", "vet_app", "root"])
    pw = rs(r, AN, r.randint(12, 22))
    host = r.choice(["db.internal.fleetly.io", "10.2.0.15", "prod-pg.cluster-c1x2.eu-central-1.rds.amazonaws.com", "mongo0.nimbus-games.net", "redis.vetcare.local"])
    kind = r.choice(["pg", "mysql", "mongo", "redis", "amqp", "git", "ftp"])
    return {
        "pg": f"postgresql://{user}:{pw}@{host}:5432/core",
        "mysql": f"mysql://{user}:{pw}@{host}:3306/clinic",
        "mongo": f"mongodb+srv://{user}:{pw}@{host}/matchmaking?retryWrites=true",
        "redis": f"redis://:{pw}@{host}:6379/0",
        "amqp": f"amqps://{user}:{pw}@{host}:5671/fleet",
        "git": f"https://{user}:ghp_{rs(r, AN, 36)}@github.com/acme/ops-scripts.git",
        "ftp": f"ftp://{user}:{pw}@ftp.{host}/exports/",
    }[kind]


CU_FMTS = [
    ("cu_env", "DATABASE_URL=§v"),
    ("cu_note", "Connection string for the reporting replica: §v"),
    ("cu_cli", "psql \"§v\" -c 'select 1'"),
    ("cu_yaml", "spring:\n  datasource:\n    url: §v"),
    ("cu_chat", "can you check why §v is timing out?"),
    ("cu_vi", "chuỗi kết nối DB production: §v"),
]


def webhook(r):
    k = r.choice(["slack", "discord", "teams", "zapier", "gchat"])
    return {
        "slack": f"https://hooks.slack.com/services/T{rs(r, UP + D, 8)}/B{rs(r, UP + D, 10)}/{rs(r, AN, 24)}",
        "discord": f"https://discord.com/api/webhooks/{r.randint(10**17, 10**18)}/{rs(r, URLS, 68)}",
        "teams": f"https://acme.webhook.office.com/webhookb2/{rs(r, HEX, 8)}-{rs(r, HEX, 4)}-{rs(r, HEX, 4)}-{rs(r, HEX, 4)}-{rs(r, HEX, 12)}/IncomingWebhook/{rs(r, HEX, 32)}/{rs(r, HEX, 8)}-{rs(r, HEX, 4)}-{rs(r, HEX, 4)}-{rs(r, HEX, 4)}-{rs(r, HEX, 12)}",
        "zapier": f"https://hooks.zapier.com/hooks/catch/{r.randint(1000000, 9999999)}/{rs(r, LO + D, 6)}/",
        "gchat": f"https://chat.googleapis.com/v1/spaces/AAAA{rs(r, URLS, 7)}/messages?key=AIza{rs(r, URLS, 35)}&token={rs(r, URLS, 43)}%3D",
    }[k]


WH_FMTS = [
    ("wh_env", "ALERT_WEBHOOK_URL=§v"),
    ("wh_note", "Post deploy notices to §v"),
    ("wh_yaml", "notifications:\n  webhook: §v"),
    ("wh_es", "El webhook del canal de alertas es §v"),
]


def cookie(r):
    k = r.choice(["django", "express", "php", "rails", "laravel", "aspnet"])
    return {
        "django": f"sessionid={rs(r, LO + D, 32)}",
        "express": f"connect.sid=s%3A{rs(r, URLS, 32)}.{rs(r, AN + '%', 43)}",
        "php": f"PHPSESSID={rs(r, LO + D, 26)}",
        "rails": f"_session_id={rs(r, HEX, 32)}",
        "laravel": f"laravel_session=eyJpdiI6{rs(r, AN, 120)}",
        "aspnet": f".AspNetCore.Cookies=CfDJ8{rs(r, URLS, 150)}",
    }[k]


CK_FMTS = [
    ("ck_header", "Cookie: §v"),
    ("ck_curl", "curl -b '§v' https://admin.nimbus-games.net/players/export"),
    ("ck_note", "logged-in admin cookie for the support console (valid till Friday): §v"),
    ("ck_pt", "cookie de sessão do painel: §v"),
]


def conn_string(r):
    k = r.choice(["azure", "mssql", "servicebus"])
    return {
        "azure": f"DefaultEndpointsProtocol=https;AccountName=fleetlogs{r.randint(1, 99)};AccountKey={rs(r, B64, 86)}==;EndpointSuffix=core.windows.net",
        "mssql": f"Server=tcp:sql-admissions.database.windows.net,1433;Database=apps;User ID=svc_adm;Password={rs(r, AN, 16)}!;Encrypt=True;",
        "servicebus": f"Endpoint=sb://fleet-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={rs(r, B64, 43)}=",
    }[k]


def entries(r):
    """kind -> list of (template, loc, value_fn, formats, check). Formats may use §e (env var) and §l (vendor label)."""
    out = {"secret.api_key": [], "secret.token": [], "secret.password": [], "secret.private_key": [], "secret.credential_url": [], "secret.webhook": [], "secret.session_cookie": [], "secret.connection_string": []}
    vendors = sorted(VENDORS)
    for i, vend in enumerate(vendors):
        env, gen = VENDORS[vend]
        fname, fmts = API_FMTS[i % len(API_FMTS)]
        fname2, fmts2 = API_FMTS[(i + 3) % len(API_FMTS)]
        extra = {"e": env, "l": vend.split("_")[0]}
        out["secret.api_key"].append((f"api_{vend}_{fname}_{fname2}", "en", (lambda g, ex: (lambda r: (g(r), ex)))(gen, extra), fmts + fmts2, None))
    for k, gen in TOKEN_KINDS.items():
        out["secret.token"].append((f"tok_{k}", "en", gen, TOKEN_FMTS[k], None))
    for j, (t, f) in enumerate(PW_FMTS):
        out["secret.password"].append((t, "en", PASSWORDS[j % len(PASSWORDS)], [f], None))
    for t, kind, f in PK_FMTS:
        out["secret.private_key"].append((t, "en", (lambda k: (lambda r: pem(r, k)))(kind), [f], None))
    for t, f in CU_FMTS:
        out["secret.credential_url"].append((t, "en", cred_url, [f], None))
    for t, f in WH_FMTS:
        out["secret.webhook"].append((t, "en", webhook, [f], None))
    for t, f in CK_FMTS:
        out["secret.session_cookie"].append((t, "en", cookie, [f], None))
    out["secret.connection_string"] = [("cs_env", "en", conn_string, ["AZURE_STORAGE_CONNECTION_STRING=\"§v\"", "appsettings.json → \"ConnectionStrings\": {\"Default\": \"§v\"}"], None), ("cs_note", "en", conn_string, ["conn string from the portal: §v"], None)]
    return out
