#!/usr/bin/env python3
# ruff: noqa: E501, E731
"""Generate the held-back sensitivity set ``sensitivity_blind11.jsonl``.

Seeded and deterministic: running it again rewrites the file byte for byte
(given the same python-stdnum / phonenumbers / cryptography versions).

Labels:
  secret -- text that carries a usable credential (must be refused),
  pii    -- text that carries personal data (must be redacted),
  clean  -- look-alikes that carry neither (must pass untouched).

Every pii row also carries ``value``: the exact substring of ``text`` that is
the personal datum a redactor must cover (the identifier / number / address
as written). secret and clean rows have no ``value`` key.

Run with the product's venv:  /work/main/.venv/bin/python make_sensitivity_blind11.py
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import random
import string
import struct
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa, x25519
from cryptography.x509.oid import NameOID
from phonenumbers import PhoneNumberFormat, PhoneNumberType
from stdnum import ean, isbn, luhn
from stdnum import iban as std_iban

SEED = 11_2026_1126
PROBE = "blind11"
OUT = Path(__file__).with_name("sensitivity_blind11.jsonl")

R = random.Random(SEED)

LOW = string.ascii_lowercase
UP = string.ascii_uppercase
DIG = string.digits
HEX = "0123456789abcdef"
ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "-_"
B32 = UP + "234567"


# --------------------------------------------------------------------------- basics
def rs(n: int, alpha: str = ALNUM) -> str:
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n: int) -> str:
    return rs(n, HEX)


def b64s(nbytes: int) -> str:
    return base64.b64encode(R.randbytes(nbytes)).decode()


def b64u(nbytes: int) -> str:
    return base64.urlsafe_b64encode(R.randbytes(nbytes)).decode().rstrip("=")


def pick(seq):  # noqa: ANN001, ANN201
    return R.choice(seq)


def uuid4() -> str:
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def b62(num: int) -> str:
    out = ""
    while num:
        num, r = divmod(num, 62)
        out = (DIG + UP + LOW)[r] + out
    return out or "0"


WORDS = (
    "autumn harbor falcon maple copper thistle walrus orchid pepper canyon velvet "
    "meadow lantern saffron juniper marble cobalt sparrow glacier willow ember "
    "tundra kestrel pebble quartz mango nutmeg otter puffin raven salmon tulip "
    "violet walnut yarrow zephyr badger cactus dolphin fjord gecko heron iris "
    "jasper koala lemur mistral nectar onyx panda quill rhubarb sequoia tango "
    "umber vortex wombat bramble cinder dune fennel granite hazel indigo"
).split()
SYMS = "!#$%&*?@+=-_."


def pw_random(n: int | None = None) -> str:
    n = n or R.randint(12, 22)
    alpha = ALNUM + "!#$%^&*-_=+?.~@"
    while True:
        p = rs(n, alpha)
        if (
            any(c.isdigit() for c in p)
            and any(c.isupper() for c in p)
            and any(c.islower() for c in p)
        ):
            return p


def pw_human() -> str:
    w = pick(WORDS)
    style = R.randint(0, 6)
    if style == 0:
        return f"{w.capitalize()}{R.randint(2015, 2026)}{pick('!#$%&*?@')}"
    if style == 1:
        return f"{w.capitalize()}{pick(WORDS).capitalize()}{R.randint(10, 99)}"
    if style == 2:
        leet = w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")
        return f"{leet.capitalize()}{pick('!#$%&*?@')}{pick(WORDS)}"
    if style == 3:
        return f"{w}{R.randint(10, 999)}{pick('!#$%&*?@')}"
    if style == 4:
        return f"{pick(WORDS).capitalize()}.{w}.{R.randint(1, 99)}"
    if style == 5:
        return f"{w.upper()[:3]}{R.randint(1000, 9999)}{w[3:]}{pick('!#$%&')}"
    return f"{pick(UP)}{rs(5, LOW)}{R.randint(100, 999)}{pick('!#$%&*')}"


def passphrase() -> str:
    sep = pick("-.-_ ")
    return sep.join(R.sample(WORDS, R.randint(3, 4))) + (
        f"{sep}{R.randint(1, 99)}" if R.random() < 0.6 else ""
    )


def password() -> str:
    x = R.random()
    if x < 0.45:
        return pw_random()
    if x < 0.85:
        return pw_human()
    return passphrase().replace(" ", "-")


def pin(n: int = 4) -> str:
    while True:
        p = rs(n, DIG)
        if len(set(p)) >= 3 and p not in "0123456789" and p not in "9876543210":
            return p


COMPANIES = [
    "kestrel-labs",
    "tidewater",
    "nordvik",
    "brightpath",
    "orbisoft",
    "pinecrest",
    "helmsley",
    "vantara",
    "lumenfield",
    "quarrystone",
    "bluefjord",
    "ostara-tech",
    "maplecore",
    "ferrovia",
]
TLDS = ["io", "net", "internal", "corp", "de", "co.uk", "lan", "cloud", "dev", "eu"]
ROLES = [
    "db",
    "pg",
    "mysql",
    "api",
    "auth",
    "cache",
    "mq",
    "billing-db",
    "reporting",
    "crm",
    "erp",
    "etl",
]
ENVS = ["prod", "stg", "dev", "qa", "eu1", "us2"]
SVC_USERS = [
    "deploy",
    "app_rw",
    "svc_reporting",
    "etl",
    "admin",
    "root",
    "postgres",
    "grafana",
    "ci-bot",
    "backup",
    "svc_billing",
    "readonly",
    "jenkins",
    "monitor",
    "webapp",
    "sa",
]
REGIONS = [
    "eu-west-1",
    "eu-central-1",
    "us-east-1",
    "us-west-2",
    "ap-southeast-1",
    "ap-northeast-1",
]


def company() -> str:
    return pick(COMPANIES)


def domain() -> str:
    return f"{company()}.{pick(TLDS)}"


def host() -> str:
    x = R.random()
    if x < 0.45:
        return f"{pick(ROLES)}-{pick(ENVS)}-{R.randint(1, 12):02d}.{domain()}"
    if x < 0.6:
        return f"10.{R.randint(0, 60)}.{R.randint(0, 255)}.{R.randint(2, 250)}"
    if x < 0.7:
        return f"192.168.{R.randint(0, 30)}.{R.randint(2, 250)}"
    if x < 0.8:
        return f"{pick(ROLES)}-{pick(ENVS)}.{rs(12, LOW + DIG)}.{pick(REGIONS)}.rds.amazonaws.com"
    if x < 0.9:
        return f"{pick(ROLES)}.{company()}.svc.cluster.local"
    return f"{pick(ROLES)}{R.randint(1, 4)}"


def user() -> str:
    return pick(SVC_USERS)


def dbname() -> str:
    return pick(
        [
            "crm_prod",
            "analytics",
            "billing",
            "orders",
            "inventory",
            "app",
            "warehouse",
            "ledger",
            "events",
        ]
    )


# --------------------------------------------------------------------------- vendor key shapes
def gh_token(prefix: str) -> str:
    body = rs(30)
    return prefix + body + b62(zlib.crc32(body.encode())).rjust(6, "0")


def aws_key_id(prefix: str = "AKIA") -> str:
    return prefix + rs(16, B32)


def aws_secret() -> str:
    return rs(40, ALNUM + "/+")


def jwt_token(claims: dict | None = None, alg: str = "HS256") -> str:
    now = R.randint(1_735_000_000, 1_764_000_000)
    payload = claims or {
        "sub": pick([uuid4(), str(R.randint(10_000, 9_999_999)), f"svc:{user()}"]),
        "iat": now,
        "exp": now + pick([900, 3600, 86400, 604800]),
    }
    if R.random() < 0.5 and not claims:
        payload["scope"] = pick(
            ["read write", "admin", "orders:read", "api", "openid profile"]
        )
    if R.random() < 0.4 and not claims:
        payload["iss"] = f"https://auth.{domain()}/"
    header = {"alg": alg, "typ": "JWT"}
    if alg != "HS256" or R.random() < 0.3:
        header["kid"] = hx(16)
    enc = lambda d: (
        base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode())
        .decode()
        .rstrip("=")
    )  # noqa: E731
    signing = f"{enc(header)}.{enc(payload)}"
    if alg == "HS256":
        sig = hmac.new(R.randbytes(32), signing.encode(), hashlib.sha256).digest()
    else:
        sig = R.randbytes(256)
    return signing + "." + base64.urlsafe_b64encode(sig).decode().rstrip("=")


BIP39ISH = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident account "
    "accuse achieve acid acoustic acquire across act action actor actress actual adapt add addict "
    "address adjust admit adult advance advice aerobic affair afford afraid again age agent agree "
    "ahead aim air airport aisle alarm album alcohol alert alien all alley allow almost alone alpha "
    "already also alter always amateur amazing among amount amused analyst anchor ancient anger angle "
    "angry animal ankle announce annual another answer antenna antique anxiety any apart apology "
    "appear apple approve april arch arctic area arena argue arm armed armor army around arrange "
    "arrest arrive arrow art artefact artist artwork ask aspect assault asset assist assume asthma "
    "athlete atom attack attend attitude attract auction audit august aunt author auto autumn average "
    "avocado avoid awake aware away awesome awful awkward axis baby bachelor bacon badge bag balance"
).split()

# (vendor, ENV name, generator, api host)
VENDORS: list[tuple[str, str, Callable[[], str], str]] = [
    ("GitHub", "GITHUB_TOKEN", lambda: gh_token("ghp_"), "api.github.com"),
    (
        "GitHub fine-grained",
        "GH_PAT",
        lambda: "github_pat_" + rs(22) + "_" + rs(59),
        "api.github.com",
    ),
    ("GitHub OAuth", "GITHUB_OAUTH_TOKEN", lambda: gh_token("gho_"), "api.github.com"),
    ("GitLab", "GITLAB_TOKEN", lambda: "glpat-" + rs(20, URLSAFE), "gitlab.com"),
    (
        "Slack bot",
        "SLACK_BOT_TOKEN",
        lambda: f"xoxb-{rs(12, DIG)}-{rs(13, DIG)}-{rs(24)}",
        "slack.com",
    ),
    (
        "Slack user",
        "SLACK_USER_TOKEN",
        lambda: f"xoxp-{rs(11, DIG)}-{rs(12, DIG)}-{rs(13, DIG)}-{hx(32)}",
        "slack.com",
    ),
    (
        "Stripe",
        "STRIPE_SECRET_KEY",
        lambda: "sk_live_51" + rs(R.choice([24, 97])),
        "api.stripe.com",
    ),
    ("Stripe restricted", "STRIPE_RK", lambda: "rk_live_51" + rs(97), "api.stripe.com"),
    (
        "Stripe webhook",
        "STRIPE_WEBHOOK_SECRET",
        lambda: "whsec_" + rs(32),
        "api.stripe.com",
    ),
    (
        "OpenAI",
        "OPENAI_API_KEY",
        lambda: (
            "sk-proj-"
            + rs(R.choice([48, 64]), URLSAFE)
            + "T3BlbkFJ"
            + rs(R.choice([48, 64]), URLSAFE)
        ),
        "api.openai.com",
    ),
    (
        "OpenAI legacy",
        "OPENAI_KEY",
        lambda: "sk-" + rs(20) + "T3BlbkFJ" + rs(20),
        "api.openai.com",
    ),
    (
        "Anthropic",
        "ANTHROPIC_API_KEY",
        lambda: "sk-ant-api03-" + rs(93, URLSAFE) + "AA",
        "api.anthropic.com",
    ),
    (
        "Google Maps",
        "GOOGLE_MAPS_API_KEY",
        lambda: "AIza" + rs(35, URLSAFE),
        "maps.googleapis.com",
    ),
    (
        "Google OAuth client",
        "GOOGLE_CLIENT_SECRET",
        lambda: "GOCSPX-" + rs(28, URLSAFE),
        "oauth2.googleapis.com",
    ),
    (
        "SendGrid",
        "SENDGRID_API_KEY",
        lambda: f"SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}",
        "api.sendgrid.com",
    ),
    ("Twilio", "TWILIO_API_SECRET", lambda: rs(32), "api.twilio.com"),
    (
        "Mailchimp",
        "MAILCHIMP_API_KEY",
        lambda: f"{hx(32)}-us{R.randint(1, 21)}",
        "us6.api.mailchimp.com",
    ),
    (
        "Mailgun",
        "MAILGUN_API_KEY",
        lambda: f"{hx(32)}-{hx(8)}-{hx(8)}",
        "api.mailgun.net",
    ),
    ("npm", "NPM_TOKEN", lambda: "npm_" + rs(36), "registry.npmjs.org"),
    (
        "PyPI",
        "PYPI_TOKEN",
        lambda: "pypi-AgEIcHlwaS5vcmc" + rs(R.randint(130, 160), URLSAFE),
        "upload.pypi.org",
    ),
    (
        "Docker Hub",
        "DOCKERHUB_TOKEN",
        lambda: "dckr_pat_" + rs(27, URLSAFE),
        "hub.docker.com",
    ),
    (
        "Hugging Face",
        "HF_TOKEN",
        lambda: "hf_" + rs(34, string.ascii_letters),
        "huggingface.co",
    ),
    (
        "DigitalOcean",
        "DIGITALOCEAN_TOKEN",
        lambda: "dop_v1_" + hx(64),
        "api.digitalocean.com",
    ),
    ("Linear", "LINEAR_API_KEY", lambda: "lin_api_" + rs(40), "api.linear.app"),
    ("Notion", "NOTION_TOKEN", lambda: "ntn_" + rs(11, DIG) + rs(35), "api.notion.com"),
    ("Airtable", "AIRTABLE_PAT", lambda: f"pat{rs(14)}.{hx(64)}", "api.airtable.com"),
    (
        "Atlassian",
        "JIRA_API_TOKEN",
        lambda: "ATATT3xFfGF0" + rs(170, URLSAFE) + "=" + rs(8, HEX.upper()),
        "your-team.atlassian.net",
    ),
    ("Shopify", "SHOPIFY_ADMIN_TOKEN", lambda: "shpat_" + hx(32), "admin.shopify.com"),
    (
        "Vault",
        "VAULT_TOKEN",
        lambda: "hvs.CAESI" + rs(R.randint(80, 90), URLSAFE),
        "vault.service.consul:8200",
    ),
    (
        "Terraform Cloud",
        "TFE_TOKEN",
        lambda: f"{rs(14)}.atlasv1.{rs(67)}",
        "app.terraform.io",
    ),
    (
        "Grafana",
        "GRAFANA_SA_TOKEN",
        lambda: f"glsa_{rs(32)}_{hx(8)}",
        "grafana.internal",
    ),
    (
        "Postman",
        "POSTMAN_API_KEY",
        lambda: f"PMAK-{hx(24)}-{hx(34)}",
        "api.getpostman.com",
    ),
    (
        "Databricks",
        "DATABRICKS_TOKEN",
        lambda: "dapi" + hx(32),
        "adb-1234567890123456.7.azuredatabricks.net",
    ),
    ("Supabase", "SUPABASE_ACCESS_TOKEN", lambda: "sbp_" + hx(40), "api.supabase.com"),
    (
        "New Relic",
        "NEW_RELIC_API_KEY",
        lambda: "NRAK-" + rs(27, UP + DIG),
        "api.newrelic.com",
    ),
    ("Datadog", "DD_API_KEY", lambda: hx(32), "api.datadoghq.eu"),
    (
        "Cloudflare",
        "CLOUDFLARE_API_TOKEN",
        lambda: rs(40, URLSAFE),
        "api.cloudflare.com",
    ),
    (
        "Square",
        "SQUARE_ACCESS_TOKEN",
        lambda: "EAAA" + rs(60, URLSAFE),
        "connect.squareup.com",
    ),
    (
        "Braintree",
        "BRAINTREE_ACCESS_TOKEN",
        lambda: f"access_token$production${rs(16, LOW + DIG)}${hx(32)}",
        "api.braintreegateway.com",
    ),
    ("Plaid", "PLAID_SECRET", lambda: hx(30), "production.plaid.com"),
    (
        "Mapbox",
        "MAPBOX_SECRET_TOKEN",
        lambda: (
            "sk.eyJ1Ijoi"
            + rs(R.randint(14, 20))
            + "IiwiYSI6I"
            + rs(22)
            + "In0."
            + rs(22, URLSAFE)
        ),
        "api.mapbox.com",
    ),
    ("Algolia", "ALGOLIA_ADMIN_API_KEY", lambda: hx(32), "xyz-dsn.algolia.net"),
    (
        "Alibaba Cloud",
        "ALIBABA_CLOUD_ACCESS_KEY_SECRET",
        lambda: rs(30),
        "ecs.aliyuncs.com",
    ),
    (
        "Firebase FCM",
        "FCM_SERVER_KEY",
        lambda: f"AAAA{rs(7, URLSAFE)}:APA91b{rs(134, URLSAFE)}",
        "fcm.googleapis.com",
    ),
    ("SonarQube", "SONAR_TOKEN", lambda: "squ_" + hx(40), "sonar.internal"),
    ("Buildkite", "BUILDKITE_API_TOKEN", lambda: "bkua_" + hx(40), "api.buildkite.com"),
    ("CircleCI", "CIRCLECI_TOKEN", lambda: f"CCIPAT_{rs(22)}_{hx(40)}", "circleci.com"),
    ("Netlify", "NETLIFY_AUTH_TOKEN", lambda: "nfp_" + rs(36), "api.netlify.com"),
    ("Render", "RENDER_API_KEY", lambda: "rnd_" + rs(28), "api.render.com"),
    ("Resend", "RESEND_API_KEY", lambda: f"re_{rs(8)}_{rs(24)}", "api.resend.com"),
    ("Paystack", "PAYSTACK_SECRET_KEY", lambda: "sk_live_" + hx(40), "api.paystack.co"),
    ("Mollie", "MOLLIE_API_KEY", lambda: "live_" + rs(30), "api.mollie.com"),
    (
        "Flutterwave",
        "FLW_SECRET_KEY",
        lambda: f"FLWSECK-{hx(32)}-X",
        "api.flutterwave.com",
    ),
    ("EasyPost", "EASYPOST_API_KEY", lambda: "EZAK" + rs(54), "api.easypost.com"),
    ("Shippo", "SHIPPO_API_TOKEN", lambda: "shippo_live_" + hx(40), "api.goshippo.com"),
    ("Okta", "OKTA_API_TOKEN", lambda: "00" + rs(40, URLSAFE), "kestrel-labs.okta.com"),
    (
        "Contentful",
        "CONTENTFUL_MANAGEMENT_TOKEN",
        lambda: "CFPAT-" + rs(43, URLSAFE),
        "api.contentful.com",
    ),
    ("Figma", "FIGMA_TOKEN", lambda: "figd_" + rs(40, URLSAFE), "api.figma.com"),
    (
        "Asana",
        "ASANA_PAT",
        lambda: f"2/{rs(16, DIG)}/{rs(16, DIG)}:{hx(32)}",
        "app.asana.com",
    ),
    (
        "Dropbox",
        "DROPBOX_ACCESS_TOKEN",
        lambda: "sl." + rs(R.randint(130, 140), URLSAFE),
        "api.dropboxapi.com",
    ),
    ("Groq", "GROQ_API_KEY", lambda: "gsk_" + rs(52), "api.groq.com"),
    ("Replicate", "REPLICATE_API_TOKEN", lambda: "r8_" + rs(37), "api.replicate.com"),
    (
        "Pinecone",
        "PINECONE_API_KEY",
        lambda: f"pcsk_{rs(6)}_{rs(60)}",
        "api.pinecone.io",
    ),
    (
        "LangSmith",
        "LANGSMITH_API_KEY",
        lambda: f"lsv2_pt_{hx(32)}_{hx(10)}",
        "api.smith.langchain.com",
    ),
    ("Weights & Biases", "WANDB_API_KEY", lambda: hx(40), "api.wandb.ai"),
    (
        "Doppler",
        "DOPPLER_TOKEN",
        lambda: f"dp.st.{pick(['prd', 'stg', 'dev'])}.{rs(40)}",
        "api.doppler.com",
    ),
    ("Pulumi", "PULUMI_ACCESS_TOKEN", lambda: "pul-" + hx(40), "api.pulumi.com"),
    (
        "Bitbucket",
        "BITBUCKET_APP_PASSWORD",
        lambda: "ATBB" + rs(32) + hx(8).upper(),
        "api.bitbucket.org",
    ),
    (
        "HubSpot",
        "HUBSPOT_PRIVATE_APP_TOKEN",
        lambda: f"pat-{pick(['na1', 'eu1'])}-{uuid4()}",
        "api.hubapi.com",
    ),
    ("Pipedrive", "PIPEDRIVE_API_TOKEN", lambda: hx(40), "api.pipedrive.com"),
    (
        "Trello",
        "TRELLO_TOKEN",
        lambda: "ATTA" + hx(64) + hx(8).upper(),
        "api.trello.com",
    ),
    (
        "ClickUp",
        "CLICKUP_API_TOKEN",
        lambda: f"pk_{rs(8, DIG)}_{rs(32, UP + DIG)}",
        "api.clickup.com",
    ),
    (
        "PagerDuty",
        "PAGERDUTY_API_KEY",
        lambda: "u+" + rs(18, URLSAFE),
        "api.pagerduty.com",
    ),
    ("Rollbar", "ROLLBAR_ACCESS_TOKEN", lambda: hx(32), "api.rollbar.com"),
    ("Auth0", "AUTH0_CLIENT_SECRET", lambda: rs(64, URLSAFE), "kestrel.eu.auth0.com"),
    (
        "Telegram",
        "TELEGRAM_BOT_TOKEN",
        lambda: f"{R.randint(10**9, 8 * 10**9)}:AA{rs(33, URLSAFE)}",
        "api.telegram.org",
    ),
    (
        "Discord bot",
        "DISCORD_BOT_TOKEN",
        lambda: (
            base64.b64encode(str(R.randint(10**17, 2 * 10**18)).encode())
            .decode()
            .rstrip("=")
            + "."
            + rs(6, URLSAFE)
            + "."
            + rs(38, URLSAFE)
        ),
        "discord.com",
    ),
    (
        "Azure AD app",
        "AZURE_CLIENT_SECRET",
        lambda: rs(3) + "8Q~" + rs(34, ALNUM + "_~.-"),
        "login.microsoftonline.com",
    ),
    (
        "Fly.io",
        "FLY_API_TOKEN",
        lambda: (
            "FlyV1 fm2_lJPECAAAAAAAA" + rs(R.randint(140, 180), ALNUM + "+/") + "=="
        ),
        "api.fly.io",
    ),
    (
        "Sentry",
        "SENTRY_AUTH_TOKEN",
        lambda: "sntrys_eyJpYXQiO" + rs(120, ALNUM + "+/") + "_" + rs(43, ALNUM + "+/"),
        "sentry.io",
    ),
    ("Zendesk", "ZENDESK_API_TOKEN", lambda: rs(40), "kestrel.zendesk.com"),
    ("Razorpay", "RAZORPAY_KEY_SECRET", lambda: rs(24), "api.razorpay.com"),
    ("Twitch", "TWITCH_OAUTH", lambda: "oauth:" + rs(30, LOW + DIG), "api.twitch.tv"),
    (
        "Yandex Cloud",
        "YC_API_KEY",
        lambda: "AQVN" + rs(36, URLSAFE),
        "llm.api.cloud.yandex.net",
    ),
    (
        "JFrog",
        "JFROG_ACCESS_TOKEN",
        lambda: "cmVmdGtuOjAxOjE3" + rs(48),
        "kestrel.jfrog.io",
    ),
    ("Coinbase", "COINBASE_API_SECRET", lambda: b64s(64), "api.coinbase.com"),
]


# --------------------------------------------------------------------------- keys (deterministic)
def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in (
        3,
        5,
        7,
        11,
        13,
        17,
        19,
        23,
        29,
        31,
        37,
        41,
        43,
        47,
        53,
        59,
        61,
        67,
        71,
        73,
    ):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(20):
        a = R.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(bits: int) -> int:
    while True:
        c = R.getrandbits(bits) | (3 << (bits - 2)) | 1
        if c % 65537 != 1 and _is_prime(c):
            return c


def rsa_key(bits: int = 2048) -> rsa.RSAPrivateKey:
    p, q = _prime(bits // 2), _prime(bits // 2)
    if p < q:
        p, q = q, p
    e = 65537
    n = p * q
    d = pow(e, -1, (p - 1) * (q - 1))
    nums = rsa.RSAPrivateNumbers(
        p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), rsa.RSAPublicNumbers(e, n)
    )
    return nums.private_key()


def pem_private(key, fmt: str = "pkcs8") -> str:  # noqa: ANN001
    f = (
        serialization.PrivateFormat.PKCS8
        if fmt == "pkcs8"
        else serialization.PrivateFormat.TraditionalOpenSSL
    )
    return (
        key.private_bytes(serialization.Encoding.PEM, f, serialization.NoEncryption())
        .decode()
        .strip()
    )


def pem_public(key) -> str:  # noqa: ANN001
    return (
        key.public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )


def _sshstr(b: bytes) -> bytes:
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(comment: str) -> tuple[str, str]:
    """Return (private key in OpenSSH format, public key line), built by hand so it is deterministic."""
    seed = R.randbytes(32)
    pub = (
        ed25519.Ed25519PrivateKey.from_private_bytes(seed)
        .public_key()
        .public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    )
    pubblob = _sshstr(b"ssh-ed25519") + _sshstr(pub)
    check = R.randbytes(4)
    priv = (
        check
        + check
        + _sshstr(b"ssh-ed25519")
        + _sshstr(pub)
        + _sshstr(seed + pub)
        + _sshstr(comment.encode())
    )
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (
        b"openssh-key-v1\0"
        + _sshstr(b"none")
        + _sshstr(b"none")
        + _sshstr(b"")
        + struct.pack(">I", 1)
    )
    blob += _sshstr(pubblob) + _sshstr(priv)
    b = base64.b64encode(blob).decode()
    body = "\n".join(b[i : i + 70] for i in range(0, len(b), 70))
    priv_txt = f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----"
    pub_txt = f"ssh-ed25519 {base64.b64encode(pubblob).decode()} {comment}"
    return priv_txt, pub_txt


def ssh_rsa_pub(key: rsa.RSAPrivateKey, comment: str) -> str:
    return (
        key.public_key()
        .public_bytes(
            serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
        )
        .decode()
        + " "
        + comment
    )


def ec_key() -> ec.EllipticCurvePrivateKey:
    return ec.derive_private_key(R.randrange(1, 2**255), ec.SECP256R1())


def _crc24(data: bytes) -> int:
    crc = 0xB704CE
    for byte in data:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def pgp_armor(kind: str, nbytes: int) -> str:
    head = (
        bytes([0x95 if kind == "PRIVATE" else 0x99, 0x03, 0xC6, 0x04])
        + struct.pack(">I", R.randint(1_500_000_000, 1_760_000_000))
        + b"\x01"
    )
    data = head + R.randbytes(nbytes)
    b = base64.b64encode(data).decode()
    body = "\n".join(b[i : i + 64] for i in range(0, len(b), 64))
    crc = base64.b64encode(_crc24(data).to_bytes(3, "big")).decode()
    return f"-----BEGIN PGP {kind} KEY BLOCK-----\n\n{body}\n={crc}\n-----END PGP {kind} KEY BLOCK-----"


_B32CH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _bech32_polymod(values: list[int]) -> int:
    gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    chk = 1
    for v in values:
        b = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if ((b >> i) & 1) else 0
    return chk


def bech32(hrp: str, data: bytes) -> str:
    acc, bits, out = 0, 0, []
    for byte in data:
        acc = (acc << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            out.append((acc >> bits) & 31)
    if bits:
        out.append((acc << (5 - bits)) & 31)
    hrpx = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    pm = _bech32_polymod(hrpx + out + [0] * 6) ^ 1
    chk = [(pm >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(_B32CH[d] for d in out + chk)


def x25519_pair() -> tuple[bytes, bytes]:
    sk = bytearray(R.randbytes(32))
    sk[0] &= 248
    sk[31] &= 127
    sk[31] |= 64
    pk = (
        x25519.X25519PrivateKey.from_private_bytes(bytes(sk))
        .public_key()
        .public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    )
    return bytes(sk), pk


def certificate(cn: str, org: str) -> str:
    key = ed25519.Ed25519PrivateKey.from_private_bytes(R.randbytes(32))
    name = x509.Name(
        [
            x509.NameAttribute(
                NameOID.COUNTRY_NAME, pick(["DE", "NL", "GB", "US", "SE"])
            ),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, org),
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
        ]
    )
    start = dt.datetime(2025, R.randint(1, 12), R.randint(1, 28), tzinfo=dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(R.getrandbits(120))
        .not_valid_before(start)
        .not_valid_after(start + dt.timedelta(days=pick([90, 365, 825])))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(cn)]), critical=False)
        .sign(key, None)
    )
    return cert.public_bytes(serialization.Encoding.PEM).decode().strip()


def rsa_cert(key: rsa.RSAPrivateKey, cn: str, org: str) -> str:
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, org),
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
        ]
    )
    start = dt.datetime(2025, R.randint(1, 12), R.randint(1, 28), tzinfo=dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(R.getrandbits(120))
        .not_valid_before(start)
        .not_valid_after(start + dt.timedelta(days=398))
        .sign(key, hashes.SHA256())
    )
    return cert.public_bytes(serialization.Encoding.PEM).decode().strip()


# --------------------------------------------------------------------------- rows
ROWS: list[
    tuple[str, str, str, str, str | None]
] = []  # (label, kind, template, text, value)


def emit(
    label: str, kind: str, template: str, text: str, *, value: str | None = None
) -> None:
    """Queue a row; ``value`` (pii only) is the substring of ``text`` a redactor must cover."""
    if value is not None:
        assert value and value in text, (template, value, text)
    ROWS.append((label, kind, f"{PROBE}-{template}", text, value))


def fence(text: str, lang: str = "") -> str:
    return f"```{lang}\n{text}\n```"


def maybe_fence(text: str, lang: str, p: float = 0.2) -> str:
    return fence(text, lang) if R.random() < p else text


def shell_prompt(cmd: str) -> str:
    x = R.random()
    if x < 0.35:
        return cmd
    if x < 0.55:
        return "$ " + cmd
    if x < 0.68:
        return f"{pick(['ops', 'deploy', 'mk', 'ubuntu', 'ec2-user', 'pi'])}@{pick(['bastion', 'build-02', 'web1', 'jumpbox', 'nas'])}:~$ {cmd}"
    if x < 0.78:
        return f": {R.randint(1_735_000_000, 1_764_000_000)}:0;{cmd}"
    if x < 0.88:
        return f"  {R.randint(100, 2400)}  {cmd}"
    if x < 0.94:
        return "# " + cmd
    return maybe_fence(cmd, pick(["bash", "sh", "console"]), 1.0)


def q(s: str) -> str:
    """Quote a shell argument the way a human might."""
    x = R.random()
    if x < 0.4 and "'" not in s:
        return f"'{s}'"
    if x < 0.7 and not any(c in s for c in '"$`\\!'):
        return f'"{s}"'
    if all(c in ALNUM + "-_.@%+=:,/" for c in s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


# ---- secrets: CLI / shell history
def _cli_templates() -> list[tuple[str, Callable[[], str]]]:
    return [
        (
            "mysql-p",
            lambda: f"mysql -h {host()} -u {user()} -p{q(password())} {dbname()}",
        ),
        (
            "mysql-password",
            lambda: (
                f"mysql --host={host()} --user={user()} --password={q(password())} -e 'show processlist'"
            ),
        ),
        (
            "pgpassword",
            lambda: (
                f"PGPASSWORD={q(password())} psql -h {host()} -U {user()} -d {dbname()} -c '\\dt'"
            ),
        ),
        (
            "pg-dump-uri",
            lambda: (
                f'pg_dump "postgresql://{user()}:{pw_random()}@{host()}:5432/{dbname()}" -Fc -f /backups/{dbname()}.dump'
            ),
        ),
        (
            "sshpass",
            lambda: (
                f"sshpass -p {q(password())} ssh -o StrictHostKeyChecking=no {user()}@{host()}"
            ),
        ),
        (
            "sshpass-scp",
            lambda: (
                f"sshpass -p {q(password())} scp backup.tar.gz {user()}@{host()}:/srv/backups/"
            ),
        ),
        (
            "docker-login",
            lambda: (
                f"docker login -u {pick(['ci', 'deploy', 'kestrelbot'])} -p {pick([password(), 'dckr_pat_' + rs(27, URLSAFE)])} {pick(['registry.' + domain(), 'docker.io', 'ghcr.io'])}"
            ),
        ),
        (
            "kubectl-secret",
            lambda: (
                f"kubectl -n {pick(['prod', 'payments', 'default'])} create secret generic {pick(['db-creds', 'app-secrets', 'smtp'])} --from-literal=username={user()} --from-literal=password={q(password())}"
            ),
        ),
        (
            "helm-set",
            lambda: (
                f"helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword={q(pw_random())} --set auth.database={dbname()}"
            ),
        ),
        (
            "aws-configure",
            lambda: (
                f"aws configure set aws_secret_access_key {aws_secret()} --profile {pick(['prod', 'default', 'billing'])}"
            ),
        ),
        (
            "redis-cli",
            lambda: (
                f"redis-cli -h {host()} -p 6379 -a {q(password())} --no-auth-warning INFO replication"
            ),
        ),
        (
            "curl-u",
            lambda: f"curl -u {user()}:{q(password())} https://{host()}/api/v1/health",
        ),
        (
            "curl-bearer",
            lambda: (
                f'curl -s -H "Authorization: Bearer {pick(VENDORS)[2]()}" https://api.{domain()}/v2/orders?limit=50'
            ),
        ),
        (
            "git-clone-token",
            lambda: (
                f"git clone https://oauth2:{'glpat-' + rs(20, URLSAFE)}@gitlab.{domain()}/platform/infra.git"
            ),
        ),
        (
            "git-remote-token",
            lambda: (
                f"git remote set-url origin https://{pick(['x-access-token', 'ci-bot', 'mk'])}:{gh_token('ghp_')}@github.com/{company()}/{pick(['api', 'web', 'infra'])}.git"
            ),
        ),
        (
            "heroku-config",
            lambda: (
                f"heroku config:set STRIPE_SECRET_KEY={'sk_live_51' + rs(97)} -a {company()}-api"
            ),
        ),
        (
            "vault-kv-put",
            lambda: (
                f"vault kv put secret/{pick(['prod', 'stg'])}/{pick(['billing', 'crm', 'etl'])} db_password={q(password())}"
            ),
        ),
        (
            "htpasswd",
            lambda: (
                f"htpasswd -b -c /etc/nginx/.htpasswd {pick(['admin', 'ops', 'grafana'])} {q(password())}"
            ),
        ),
        (
            "smbclient",
            lambda: (
                f"smbclient //{pick(['fs01', 'nas', 'filesrv'])}/{pick(['finance', 'scans', 'public'])} -U 'CORP\\{user()}%{pw_human()}'"
            ),
        ),
        (
            "openssl-pass",
            lambda: (
                f"openssl pkcs12 -export -in tls.crt -inkey tls.key -out bundle.p12 -passout pass:{pw_random()}"
            ),
        ),
        (
            "zip-p",
            lambda: (
                f"zip -P {q(password())} -r export_{R.randint(2024, 2026)}.zip ./reports"
            ),
        ),
        (
            "7z-p",
            lambda: f"7z a -p{q(password())} -mhe=on vault_backup.7z ~/Documents/tax",
        ),
        (
            "gpg-passphrase",
            lambda: (
                f"gpg --batch --yes --passphrase {q(passphrase().replace(' ', '-'))} -d secrets.tar.gpg | tar x"
            ),
        ),
        (
            "ldapsearch",
            lambda: (
                f'ldapsearch -x -H ldap://{host()} -D "cn=admin,dc={company().replace("-", "")},dc=local" -w {q(password())} -b "ou=people,dc={company().replace("-", "")},dc=local"'
            ),
        ),
        (
            "mosquitto",
            lambda: (
                f"mosquitto_pub -h {host()} -u {pick(['sensor', 'homeassistant', 'iot'])} -P {q(password())} -t home/garage/door -m open"
            ),
        ),
        (
            "sqlcmd",
            lambda: (
                f"sqlcmd -S {host()},1433 -U sa -P {q(password())} -Q \"BACKUP DATABASE [{dbname()}] TO DISK='D:\\bak\\db.bak'\""
            ),
        ),
        (
            "rabbitmqctl",
            lambda: (
                f"rabbitmqctl add_user {pick(['celery', 'worker', 'orders'])} {q(password())} && rabbitmqctl set_user_tags celery administrator"
            ),
        ),
        (
            "net-use",
            lambda: (
                f"net use Z: \\\\{pick(['fs01', 'dc02', 'nas'])}\\{pick(['share', 'finance', 'it$'])} /user:CORP\\{user()} {pw_human()}"
            ),
        ),
        (
            "xfreerdp",
            lambda: (
                f"xfreerdp /v:{host()} /u:Administrator /p:{q(password())} /size:1920x1080"
            ),
        ),
        (
            "lftp",
            lambda: (
                f"lftp -u {user()},{q(password())} sftp://{host()} -e 'mirror -R ./dist /var/www/html; bye'"
            ),
        ),
        (
            "mc-alias",
            lambda: (
                f"mc alias set minio http://{host()}:9000 {rs(20, UP + DIG)} {rs(40)}"
            ),
        ),
        (
            "restic",
            lambda: (
                f"RESTIC_PASSWORD={q(passphrase().replace(' ', '-'))} restic -r s3:s3.{pick(REGIONS)}.amazonaws.com/{company()}-backups backup /srv"
            ),
        ),
        (
            "borg",
            lambda: (
                f"export BORG_PASSPHRASE={q(passphrase().replace(' ', '-'))}; borg create ::'{{hostname}}-{{now}}' /home"
            ),
        ),
        (
            "terraform-var",
            lambda: f"terraform apply -var 'db_password={pw_random()}' -var env=prod",
        ),
        (
            "docker-run-env",
            lambda: (
                f"docker run -d --name pg -e POSTGRES_PASSWORD={q(password())} -p 5432:5432 postgres:16"
            ),
        ),
        (
            "ipmitool",
            lambda: (
                f"ipmitool -I lanplus -H {host()} -U ADMIN -P {q(password())} chassis power cycle"
            ),
        ),
        (
            "snmpwalk-v3",
            lambda: (
                f"snmpwalk -v3 -u monitor -l authPriv -a SHA -A {q(pw_random())} -x AES -X {q(pw_random())} {host()} 1.3.6.1.2.1.1"
            ),
        ),
        (
            "sqlplus",
            lambda: (
                f"sqlplus {pick(['system', 'hr', 'app_owner'])}/{pw_human()}@//{host()}:1521/ORCLPDB1"
            ),
        ),
        (
            "npm-config",
            lambda: (
                f"npm config set //registry.npmjs.org/:_authToken {'npm_' + rs(36)}"
            ),
        ),
        ("cargo-login", lambda: f"cargo login cio{rs(32)}"),
        (
            "twine",
            lambda: (
                f"twine upload -u __token__ -p pypi-AgEIcHlwaS5vcmc{rs(140, URLSAFE)} dist/*"
            ),
        ),
        (
            "poetry-token",
            lambda: (
                f"poetry config pypi-token.pypi pypi-AgEIcHlwaS5vcmc{rs(150, URLSAFE)}"
            ),
        ),
        (
            "nuget-source",
            lambda: (
                f"dotnet nuget add source https://nuget.{domain()}/v3/index.json -n internal -u {user()} -p {q(password())} --store-password-in-clear-text"
            ),
        ),
        (
            "composer-auth",
            lambda: (
                f"composer config http-basic.repo.{domain()} {user()} {q(password())}"
            ),
        ),
        ("gh-auth", lambda: f"gh auth login --with-token <<< {gh_token('ghp_')}"),
        ("doctl", lambda: f"doctl auth init -t dop_v1_{hx(64)}"),
        (
            "pwsh-securestring",
            lambda: (
                f"$pw = ConvertTo-SecureString '{pw_human()}' -AsPlainText -Force; $cred = New-Object PSCredential('CORP\\{user()}', $pw)"
            ),
        ),
        (
            "pwsh-irm",
            lambda: (
                f'Invoke-RestMethod -Uri https://api.github.com/user/repos -Headers @{{ Authorization = "token {gh_token("ghp_")}" }}'
            ),
        ),
        ("sudo-S", lambda: f"echo {q(password())} | sudo -S systemctl restart nginx"),
        (
            "wget-password",
            lambda: (
                f"wget --user={user()} --password={q(password())} https://files.{domain()}/exports/{dbname()}.csv.gz"
            ),
        ),
        (
            "rclone-create",
            lambda: (
                f"rclone config create wasabi s3 provider Wasabi access_key_id {rs(20, UP + DIG)} secret_access_key {rs(40)}"
            ),
        ),
        (
            "influx-setup",
            lambda: (
                f"influx setup -u admin -p {q(password())} -o {company()} -b metrics -t {b64u(64)} -f"
            ),
        ),
        (
            "mysqladmin",
            lambda: f"mysqladmin -uroot -p{q(pw_human())} password {q(pw_random())}",
        ),
        (
            "az-login-sp",
            lambda: (
                f"az login --service-principal -u {uuid4()} -p {rs(3) + '8Q~' + rs(34, ALNUM + '_~.-')} --tenant {uuid4()}"
            ),
        ),
        (
            "kafka-jaas",
            lambda: (
                f'kafka-console-producer --bootstrap-server {host()}:9093 --topic orders --producer-property security.protocol=SASL_SSL --producer-property \'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{user()}" password="{pw_random()}";\''
            ),
        ),
        (
            "psexec",
            lambda: (
                f"psexec \\\\{pick(['WS-0142', 'SRV-APP03', 'PC-FIN-12'])} -u CORP\\admin -p {pw_human()} cmd /c ipconfig /all"
            ),
        ),
        (
            "keytool",
            lambda: (
                f"keytool -importkeystore -srckeystore old.jks -destkeystore new.p12 -deststoretype PKCS12 -srcstorepass {pw_random()} -deststorepass {pw_random()}"
            ),
        ),
        (
            "ansible-become",
            lambda: (
                f'ansible-playbook site.yml -i inventory/prod -e "ansible_become_pass={pw_human()}"'
            ),
        ),
        (
            "wp-cli",
            lambda: (
                f"wp user create {pick(['editor2', 'shopadmin', 'marketing'])} ops@{domain()} --role=administrator --user_pass={q(password())}"
            ),
        ),
        (
            "git-insteadof",
            lambda: (
                f'git config --global url."https://{pick(["ci", "build"])}:{gh_token("ghp_")}@github.com/".insteadOf "https://github.com/"'
            ),
        ),
        (
            "nmcli-wifi",
            lambda: (
                f"nmcli dev wifi connect {pick(['Kestrel-5G', 'FRITZ!Box 7590 XY', 'Office-Guest', 'TP-Link_3F2A'])!r} password {q(password())}"
            ),
        ),
        (
            "mongosh",
            lambda: (
                f'mongosh "mongodb+srv://{user()}:{pw_random()}@cluster0.{rs(5, LOW + DIG)}.mongodb.net/{dbname()}?retryWrites=true&w=majority"'
            ),
        ),
        ("export-env", lambda: f"export {(v := pick(VENDORS))[1]}={v[2]()}"),
        (
            "export-aws",
            lambda: (
                f"export AWS_ACCESS_KEY_ID={aws_key_id()}\nexport AWS_SECRET_ACCESS_KEY={aws_secret()}\nexport AWS_DEFAULT_REGION={pick(REGIONS)}"
            ),
        ),
        (
            "export-aws-session",
            lambda: (
                f"export AWS_ACCESS_KEY_ID={aws_key_id('ASIA')} AWS_SECRET_ACCESS_KEY={aws_secret()} AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjE{rs(300, ALNUM + '/+')}=="
            ),
        ),
    ]


def gen_cli() -> None:
    for name, fn in _cli_templates():
        for _ in range(1 if R.random() < 0.7 else 2):
            emit("secret", "cli", f"s-{name}", shell_prompt(fn()))


# ---- secrets: configuration files
def _cfg_dotenv() -> str:
    lines = [
        f"APP_ENV={pick(['production', 'staging'])}",
        f"APP_URL=https://{pick(['app', 'portal', 'shop'])}.{domain()}",
        f"DB_HOST={host()}",
        "DB_PORT=5432",
        f"DB_USER={user()}",
        "DB_PASSWORD=" + pick([password(), repr(password()), '"' + pw_random() + '"']),
        f"REDIS_URL=redis://{host()}:6379/0",
        "LOG_LEVEL=info",
    ]
    keep = lines[:3] + R.sample(lines[3:], 3) + [lines[5]]
    return "\n".join(dict.fromkeys(keep))


def _cfg_compose() -> str:
    pw = password().replace("$", "$$")
    return (
        "services:\n  db:\n    image: postgres:16-alpine\n    restart: unless-stopped\n    environment:\n"
        f'      POSTGRES_USER: {user()}\n      POSTGRES_PASSWORD: "{pw}"\n      POSTGRES_DB: {dbname()}\n'
        "    volumes:\n      - pgdata:/var/lib/postgresql/data\n  app:\n    build: .\n    environment:\n"
        f"      - SECRET_KEY={rs(50, ALNUM + '!@#%^&*(-_=+)')}\n    depends_on: [db]"
    )


def _cfg_k8s_secret_string() -> str:
    return (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick(['db-credentials', 'smtp-auth', 'api-keys'])}\n"
        f"  namespace: {pick(['prod', 'payments', 'backend'])}\ntype: Opaque\nstringData:\n"
        f"  username: {user()}\n  password: {q(password())}\n"
    ).strip()


def _cfg_k8s_secret_data() -> str:
    u = user()
    p = password()
    return (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: registry-creds\ntype: Opaque\ndata:\n"
        f"  username: {base64.b64encode(u.encode()).decode()}\n  password: {base64.b64encode(p.encode()).decode()}"
    )


def _cfg_k8s_env() -> str:
    v = pick(VENDORS)
    return (
        "    spec:\n      containers:\n        - name: worker\n"
        f"          image: ghcr.io/{company()}/worker:{R.randint(1, 4)}.{R.randint(0, 30)}.{R.randint(0, 9)}\n"
        "          env:\n            - name: LOG_LEVEL\n              value: info\n"
        f'            - name: {v[1]}\n              value: "{v[2]()}"'
    )


def _cfg_spring_yaml() -> str:
    return (
        "spring:\n  datasource:\n"
        f"    url: jdbc:postgresql://{host()}:5432/{dbname()}\n    username: {user()}\n    password: {password()}\n"
        "  jpa:\n    hibernate:\n      ddl-auto: validate"
    )


def _cfg_spring_props() -> str:
    return (
        f"spring.datasource.url=jdbc:mysql://{host()}:3306/{dbname()}?useSSL=true\n"
        f"spring.datasource.username={user()}\nspring.datasource.password={password()}\n"
        f"spring.mail.host=smtp.{domain()}\nspring.mail.password={pw_random()}"
    )


def _cfg_rails_db() -> str:
    return (
        "production:\n  <<: *default\n"
        f"  database: {company().replace('-', '_')}_production\n  username: {user()}\n"
        f"  password: {password()}\n  host: {host()}"
    )


def _cfg_django() -> str:
    return (
        f'SECRET_KEY = "django-insecure-{rs(50, LOW + DIG + "!@#$%^&*(-_=+)")}"\n'
        'DATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n'
        f'        "NAME": "{dbname()}",\n        "USER": "{user()}",\n        "PASSWORD": "{pw_random()}",\n'
        f'        "HOST": "{host()}",\n    }}\n}}'
    )


def _cfg_wpconfig() -> str:
    salt = lambda: rs(64, ALNUM + "!@#%^&*()-_[]{}<>~+=,.;:/?|")  # noqa: E731
    return (
        f"define( 'DB_NAME', 'wp_{rs(6, LOW)}' );\ndefine( 'DB_USER', 'wp_{rs(6, LOW)}' );\n"
        f"define( 'DB_PASSWORD', '{pw_random()}' );\ndefine( 'DB_HOST', 'localhost' );\n"
        f"define( 'AUTH_KEY',         '{salt()}' );\ndefine( 'SECURE_AUTH_KEY',  '{salt()}' );"
    )


def _cfg_laravel() -> str:
    return (
        f"APP_NAME={company().title()}\nAPP_KEY=base64:{b64s(32)}\nAPP_DEBUG=false\n"
        f"DB_CONNECTION=mysql\nDB_HOST={host()}\nDB_DATABASE={dbname()}\nDB_USERNAME={user()}\nDB_PASSWORD={password()}"
    )


def _cfg_appsettings() -> str:
    return json.dumps(
        {
            "Logging": {"LogLevel": {"Default": "Information"}},
            "ConnectionStrings": {
                "Default": f"Server={host()};Database={dbname()};User Id={user()};Password={pw_random()};TrustServerCertificate=True;"
            },
        },
        indent=2,
    )


def _cfg_webconfig() -> str:
    return (
        "<connectionStrings>\n"
        f'  <add name="ErpDb" connectionString="Data Source={host()};Initial Catalog={dbname()};User ID={user()};Password={pw_human()}" providerName="System.Data.SqlClient" />\n'
        "</connectionStrings>"
    )


def _cfg_maven() -> str:
    return (
        "<settings>\n  <servers>\n    <server>\n      <id>nexus-releases</id>\n"
        f"      <username>{user()}</username>\n      <password>{password()}</password>\n    </server>\n  </servers>\n</settings>"
    )


def _cfg_nuget() -> str:
    return (
        "<packageSourceCredentials>\n  <InternalFeed>\n"
        f'    <add key="Username" value="{user()}" />\n    <add key="ClearTextPassword" value="{rs(52, LOW + DIG)}" />\n'
        "  </InternalFeed>\n</packageSourceCredentials>"
    )


def _cfg_tomcat() -> str:
    return (
        '<tomcat-users>\n  <role rolename="manager-gui"/>\n'
        f'  <user username="{pick(["tomcat", "admin", "deployer"])}" password="{password()}" roles="manager-gui,manager-script"/>\n</tomcat-users>'
    )


def _cfg_aws_credentials() -> str:
    return (
        f"[{pick(['default', 'prod', 'kestrel-admin'])}]\naws_access_key_id = {aws_key_id()}\n"
        f"aws_secret_access_key = {aws_secret()}\nregion = {pick(REGIONS)}"
    )


def _cfg_mycnf() -> str:
    return f"[client]\nuser={user()}\npassword={q(password())}\nhost={host()}\n\n[mysqldump]\nsingle-transaction"


def _cfg_pgpass() -> str:
    return f"{host()}:5432:{dbname()}:{user()}:" + password().replace(":", "\\:")


def _cfg_netrc() -> str:
    return f"machine {pick(['api.heroku.com', 'git.' + domain(), 'ftp.' + domain()])}\n  login {user()}\n  password {pick([password(), gh_token('ghp_')])}"


def _cfg_git_credentials() -> str:
    return f"https://{pick(['mk', 'ci-bot', 'deploy'])}:{pick([gh_token('ghp_'), 'glpat-' + rs(20, URLSAFE)])}@{pick(['github.com', 'gitlab.' + domain()])}"


def _cfg_docker_config() -> str:
    creds = base64.b64encode(
        f"{pick(['ci', 'robot$deploy', 'kestrel'])}:{password()}".encode()
    ).decode()
    return json.dumps(
        {
            "auths": {
                pick(
                    [
                        "registry." + domain(),
                        "https://index.docker.io/v1/",
                        "harbor." + domain(),
                    ]
                ): {"auth": creds}
            }
        },
        indent=2,
    )


def _cfg_npmrc() -> str:
    return f"@{company()}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={gh_token('ghp_')}\nalways-auth=true"


def _cfg_pipconf() -> str:
    return f"[global]\nindex-url = https://{user()}:{pw_random()}@pypi.{domain()}/simple/\ntimeout = 60"


def _cfg_tf_provider() -> str:
    return (
        'provider "aws" {\n'
        f'  region     = "{pick(REGIONS)}"\n  access_key = "{aws_key_id()}"\n  secret_key = "{aws_secret()}"\n}}'
    )


def _cfg_tfvars() -> str:
    return (
        f'environment     = "prod"\ninstance_type   = "{pick(["t3.medium", "m6i.large"])}"\n'
        f'db_master_password = "{pw_random()}"\ncloudflare_api_token = "{rs(40, URLSAFE)}"'
    )


def _cfg_ansible_vars() -> str:
    return (
        f"ansible_user: {pick(['ubuntu', 'deploy', 'admin'])}\nansible_password: {q(password())}\n"
        f"ansible_become_password: {q(password())}\nntp_servers: [0.pool.ntp.org]"
    )


def _cfg_helm_values() -> str:
    return (
        "postgresql:\n  enabled: true\n  auth:\n"
        f"    username: {user()}\n    password: {q(password())}\n    database: {dbname()}\n"
        "redis:\n  auth:\n"
        f"    password: {pw_random()}"
    )


def _cfg_systemd() -> str:
    return (
        f"[Service]\nUser={pick(['app', 'etl', 'svc'])}\nWorkingDirectory=/opt/{company()}\n"
        f'Environment="DATABASE_URL=postgres://{user()}:{pw_random()}@{host()}:5432/{dbname()}"\n'
        "ExecStart=/opt/app/.venv/bin/gunicorn app.wsgi -b 127.0.0.1:8000\nRestart=always"
    )


def _cfg_nginx_basic() -> str:
    token = base64.b64encode(f"{user()}:{password()}".encode()).decode()
    return (
        "location /internal/ {\n"
        f'    proxy_pass http://{host()}:8080/;\n    proxy_set_header Authorization "Basic {token}";\n}}'
    )


def _cfg_apache_ldap() -> str:
    return (
        "<Location /wiki>\n  AuthType Basic\n  AuthBasicProvider ldap\n"
        f'  AuthLDAPURL "ldap://{host()}/ou=people,dc=corp,dc=local?uid"\n'
        '  AuthLDAPBindDN "cn=svc-apache,ou=service,dc=corp,dc=local"\n'
        f'  AuthLDAPBindPassword "{pw_random()}"\n  Require valid-user\n</Location>'
    )


def _cfg_jenkinsfile() -> str:
    v = pick(VENDORS)
    return (
        "pipeline {\n  agent any\n  environment {\n"
        f"    {v[1]} = '{v[2]()}'\n  }}\n  stages {{\n    stage('Deploy') {{ steps {{ sh './deploy.sh' }} }}\n  }}\n}}"
    )


def _cfg_gha() -> str:
    v = pick(VENDORS)
    return (
        "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n"
        f"      {v[1]}: {v[2]()}\n    steps:\n      - uses: actions/checkout@v4\n      - run: make deploy"
    )


def _cfg_gitlab_ci() -> str:
    return (
        "variables:\n"
        f'  DOCKER_AUTH_CONFIG: \'{{"auths":{{"registry.{domain()}":{{"auth":"{base64.b64encode((user() + ":" + password()).encode()).decode()}"}}}}}}\'\n'
        "stages: [build]"
    )


def _cfg_streamlit_toml() -> str:
    return (
        "[connections.snowflake]\n"
        f'account = "{rs(7, LOW + DIG)}-{rs(7, LOW + DIG)}"\nuser = "{user().upper()}"\npassword = "{password()}"\n'
        'warehouse = "COMPUTE_WH"'
    )


def _cfg_cargo_credentials() -> str:
    return f'[registry]\ntoken = "cio{rs(32)}"'


def _cfg_supervisord() -> str:
    return (
        f"[program:worker]\ncommand=/opt/app/bin/worker\n"
        f'environment=CELERY_BROKER_URL="amqp://{user()}:{pw_random()}@{host()}:5672//",C_FORCE_ROOT="false"'
    )


def _cfg_pgbouncer() -> str:
    return "\n".join(f'"{u}" "{pw_random()}"' for u in R.sample(SVC_USERS, 2))


def _cfg_redis_conf() -> str:
    return f"bind 0.0.0.0\nport 6379\nrequirepass {pw_random(R.randint(24, 40))}\nmasterauth {pw_random(R.randint(24, 40))}"


def _cfg_wireguard() -> str:
    sk, _ = x25519_pair()
    _, peer = x25519_pair()
    return (
        f"[Interface]\nPrivateKey = {base64.b64encode(sk).decode()}\nAddress = 10.{R.randint(0, 50)}.0.{R.randint(2, 40)}/24\n"
        f"ListenPort = 51820\n\n[Peer]\nPublicKey = {base64.b64encode(peer).decode()}\nAllowedIPs = 10.0.0.0/8\n"
        f"Endpoint = vpn.{domain()}:51820"
    )


def _cfg_ipsec() -> str:
    return f'# /etc/ipsec.secrets\n{host()} %any : PSK "{pw_random(R.randint(20, 32))}"'


def _cfg_radius() -> str:
    return f"client {pick(['ap-floor2', 'switch-core', 'vpn-gw'])} {{\n    ipaddr = {host()}\n    secret = {pw_random()}\n    shortname = wifi\n}}"


def _cfg_keepalived() -> str:
    return (
        "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n"
        f"    authentication {{\n        auth_type PASS\n        auth_pass {rs(8)}\n    }}\n}}"
    )


def _cfg_haproxy() -> str:
    return f"listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats auth admin:{password()}"


def _cfg_grafana_ini() -> str:
    return f"[security]\nadmin_user = admin\nadmin_password = {password()}\nsecret_key = {rs(32)}"


def _cfg_prometheus() -> str:
    return (
        "scrape_configs:\n  - job_name: node\n    scheme: https\n    basic_auth:\n"
        f"      username: prometheus\n      password: {pw_random()}\n    static_configs:\n      - targets: ['{host()}:9100']"
    )


def _cfg_alertmanager() -> str:
    return (
        "global:\n"
        f"  smtp_smarthost: 'smtp.{domain()}:587'\n  smtp_from: 'alerts@{domain()}'\n"
        f"  smtp_auth_username: 'alerts@{domain()}'\n  smtp_auth_password: '{pw_random()}'"
    )


def _cfg_postfix() -> str:
    return f"# /etc/postfix/sasl_passwd\n[smtp.{pick(['gmail.com', 'office365.com', 'sendgrid.net'])}]:587 {pick(['apikey', 'relay@' + domain()])}:{pick([pw_random(), 'SG.' + rs(22, URLSAFE) + '.' + rs(43, URLSAFE)])}"


def _cfg_msmtprc() -> str:
    return (
        f"account default\nhost smtp.{domain()}\nport 587\nauth on\ntls on\n"
        f"user backups@{domain()}\npassword {password()}"
    )


def _cfg_muttrc() -> str:
    return f'set imap_user = "ops@{domain()}"\nset imap_pass = "{password()}"\nset folder = "imaps://imap.{domain()}:993"'


def _cfg_kubeconfig() -> str:
    return (
        "users:\n- name: ci-deployer\n  user:\n"
        f"    token: {jwt_token({'iss': 'kubernetes/serviceaccount', 'kubernetes.io/serviceaccount/namespace': 'ci', 'sub': 'system:serviceaccount:ci:deployer'}, alg='RS256')}"
    )


def _cfg_dbt() -> str:
    return (
        f"{company().replace('-', '_')}:\n  target: prod\n  outputs:\n    prod:\n      type: postgres\n"
        f"      host: {host()}\n      user: {user()}\n      password: {password()}\n      port: 5432\n      dbname: {dbname()}\n      schema: marts\n      threads: 4"
    )


def _cfg_airflow() -> str:
    return f"AIRFLOW_CONN_WAREHOUSE='postgres://{user()}:{pw_random()}@{host()}:5432/{dbname()}'\nAIRFLOW__CORE__FERNET_KEY={b64u(32)}="


def _cfg_celery() -> str:
    return f'broker_url = "redis://:{pw_random()}@{host()}:6379/1"\nresult_backend = "db+postgresql://{user()}:{pw_random()}@{host()}/celery"'


def _cfg_jupyter() -> str:
    return f"c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.token = '{hx(48)}'\nc.ServerApp.open_browser = False"


def _cfg_wpa() -> str:
    return f'network={{\n    ssid="{pick(["Kestrel-Office", "Vodafone-4F21", "Heim-WLAN", "Livebox-9A3C"])}"\n    psk="{password()}"\n    key_mgmt=WPA-PSK\n}}'


def _cfg_hostapd() -> str:
    return f"interface=wlan0\nssid={pick(['lab-iot', 'Workshop', 'Boat-AP'])}\nwpa=2\nwpa_passphrase={password()}\nwpa_key_mgmt=WPA-PSK"


def _cfg_openvpn_auth() -> str:
    return f"# /etc/openvpn/client/auth.txt (auth-user-pass)\n{pick(['vpnuser', 'mk.remote', 'branch-berlin'])}\n{password()}"


def _cfg_rclone() -> str:
    return f"[b2]\ntype = b2\naccount = {hx(12)}\nkey = K00{rs(28)}\nhard_delete = true"


def _cfg_s3cfg() -> str:
    return f"[default]\naccess_key = {aws_key_id()}\nsecret_key = {aws_secret()}\nhost_base = s3.amazonaws.com"


def _cfg_logstash() -> str:
    return (
        "output {\n  elasticsearch {\n"
        f'    hosts => ["https://{host()}:9200"]\n    user => "logstash_writer"\n    password => "{pw_random()}"\n  }}\n}}'
    )


def _cfg_kibana() -> str:
    return f'elasticsearch.hosts: ["https://{host()}:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "{pw_random()}"'


def _cfg_spring_xml() -> str:
    return (
        '<bean id="dataSource" class="com.zaxxer.hikari.HikariDataSource">\n'
        f'  <property name="jdbcUrl" value="jdbc:oracle:thin:@{host()}:1521/ERP"/>\n'
        f'  <property name="username" value="{user()}"/>\n  <property name="password" value="{pw_human()}"/>\n</bean>'
    )


def _cfg_inventory() -> str:
    return f"[windows]\n{host()}\n\n[windows:vars]\nansible_user=Administrator\nansible_password={password()}\nansible_connection=winrm"


def _cfg_crontab() -> str:
    v = pick(VENDORS)
    return f"*/15 * * * * curl -fsS -H 'Authorization: Bearer {v[2]()}' https://{v[3]}/ > /dev/null"


def _cfg_circleci() -> str:
    return f"jobs:\n  build:\n    docker:\n      - image: cimg/node:20.11\n        auth:\n          username: {pick(['kestrelci', 'builder'])}\n          password: {password()}"


def _cfg_azure_pipelines() -> str:
    return f"variables:\n  sqlAdminUser: '{user()}'\n  sqlAdminPassword: '{pw_random()}'\n\npool:\n  vmImage: ubuntu-latest"


def _cfg_nomad() -> str:
    return f'task "api" {{\n  driver = "docker"\n  env {{\n    CONSUL_HTTP_TOKEN = "{uuid4()}"\n    NOMAD_TOKEN       = "{uuid4()}"\n  }}\n}}'


def _cfg_yarnrc() -> str:
    return f'npmScopes:\n  {company()}:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAuthToken: "{gh_token("ghp_")}"'


def _cfg_gradle() -> str:
    return f"org.gradle.jvmargs=-Xmx2g\nartifactoryUser={user()}\nartifactoryPassword={pw_random()}\nsigning.password={pw_human()}"


def _cfg_gemfile() -> str:
    return f'source "https://{user()}:{rs(24, LOW + DIG)}@gems.{domain()}/" do\n  gem "kestrel-auth"\nend'


def _cfg_composer_auth() -> str:
    return json.dumps(
        {"http-basic": {"repo.magento.com": {"username": hx(32), "password": hx(32)}}},
        indent=4,
    )


def _cfg_php_array() -> str:
    return f"'mysql' => [\n    'driver' => 'mysql',\n    'host' => '{host()}',\n    'username' => '{user()}',\n    'password' => '{password()}',\n],"


def _cfg_fluentbit() -> str:
    return f"[OUTPUT]\n    Name        http\n    Match       *\n    Host        logs.{domain()}\n    http_User   fluent\n    http_Passwd {pw_random()}"


def _cfg_ini_generic() -> str:
    return f"[smtp]\nserver = mail.{domain()}\nport = 465\nusername = noreply@{domain()}\npassword = {password()}"


def _cfg_xml_mail() -> str:
    return f"<mail>\n  <smtpHost>smtp.{domain()}</smtpHost>\n  <user>{user()}</user>\n  <password>{password()}</password>\n</mail>"


def _cfg_toml_generic() -> str:
    return f'[database]\nurl = "mysql://{user()}:{pw_random()}@{host()}:3306/{dbname()}"\npool_size = 10'


def _cfg_json_generic() -> str:
    v = pick(VENDORS)
    return json.dumps(
        {
            "service": v[0].lower().replace(" ", "_"),
            "endpoint": f"https://{v[3]}",
            "apiKey": v[2](),
            "timeoutMs": 5000,
        },
        indent=2,
    )


CFG_TEMPLATES: list[tuple[str, Callable[[], str], str]] = [
    (name[5:].replace("_", "-"), fn, lang)
    for name, fn, lang in [
        ("_cfg_dotenv", _cfg_dotenv, "dotenv"),
        ("_cfg_compose", _cfg_compose, "yaml"),
        ("_cfg_k8s_secret_string", _cfg_k8s_secret_string, "yaml"),
        ("_cfg_k8s_secret_data", _cfg_k8s_secret_data, "yaml"),
        ("_cfg_k8s_env", _cfg_k8s_env, "yaml"),
        ("_cfg_spring_yaml", _cfg_spring_yaml, "yaml"),
        ("_cfg_spring_props", _cfg_spring_props, "properties"),
        ("_cfg_rails_db", _cfg_rails_db, "yaml"),
        ("_cfg_django", _cfg_django, "python"),
        ("_cfg_wpconfig", _cfg_wpconfig, "php"),
        ("_cfg_laravel", _cfg_laravel, "dotenv"),
        ("_cfg_appsettings", _cfg_appsettings, "json"),
        ("_cfg_webconfig", _cfg_webconfig, "xml"),
        ("_cfg_maven", _cfg_maven, "xml"),
        ("_cfg_nuget", _cfg_nuget, "xml"),
        ("_cfg_tomcat", _cfg_tomcat, "xml"),
        ("_cfg_aws_credentials", _cfg_aws_credentials, "ini"),
        ("_cfg_mycnf", _cfg_mycnf, "ini"),
        ("_cfg_pgpass", _cfg_pgpass, ""),
        ("_cfg_netrc", _cfg_netrc, ""),
        ("_cfg_git_credentials", _cfg_git_credentials, ""),
        ("_cfg_docker_config", _cfg_docker_config, "json"),
        ("_cfg_npmrc", _cfg_npmrc, "ini"),
        ("_cfg_pipconf", _cfg_pipconf, "ini"),
        ("_cfg_tf_provider", _cfg_tf_provider, "hcl"),
        ("_cfg_tfvars", _cfg_tfvars, "hcl"),
        ("_cfg_ansible_vars", _cfg_ansible_vars, "yaml"),
        ("_cfg_helm_values", _cfg_helm_values, "yaml"),
        ("_cfg_systemd", _cfg_systemd, "ini"),
        ("_cfg_nginx_basic", _cfg_nginx_basic, "nginx"),
        ("_cfg_apache_ldap", _cfg_apache_ldap, "apache"),
        ("_cfg_jenkinsfile", _cfg_jenkinsfile, "groovy"),
        ("_cfg_gha", _cfg_gha, "yaml"),
        ("_cfg_gitlab_ci", _cfg_gitlab_ci, "yaml"),
        ("_cfg_streamlit_toml", _cfg_streamlit_toml, "toml"),
        ("_cfg_cargo_credentials", _cfg_cargo_credentials, "toml"),
        ("_cfg_supervisord", _cfg_supervisord, "ini"),
        ("_cfg_pgbouncer", _cfg_pgbouncer, ""),
        ("_cfg_redis_conf", _cfg_redis_conf, ""),
        ("_cfg_wireguard", _cfg_wireguard, "ini"),
        ("_cfg_ipsec", _cfg_ipsec, ""),
        ("_cfg_radius", _cfg_radius, ""),
        ("_cfg_keepalived", _cfg_keepalived, ""),
        ("_cfg_haproxy", _cfg_haproxy, ""),
        ("_cfg_grafana_ini", _cfg_grafana_ini, "ini"),
        ("_cfg_prometheus", _cfg_prometheus, "yaml"),
        ("_cfg_alertmanager", _cfg_alertmanager, "yaml"),
        ("_cfg_postfix", _cfg_postfix, ""),
        ("_cfg_msmtprc", _cfg_msmtprc, ""),
        ("_cfg_muttrc", _cfg_muttrc, ""),
        ("_cfg_kubeconfig", _cfg_kubeconfig, "yaml"),
        ("_cfg_dbt", _cfg_dbt, "yaml"),
        ("_cfg_airflow", _cfg_airflow, "dotenv"),
        ("_cfg_celery", _cfg_celery, "python"),
        ("_cfg_jupyter", _cfg_jupyter, "python"),
        ("_cfg_wpa", _cfg_wpa, ""),
        ("_cfg_hostapd", _cfg_hostapd, ""),
        ("_cfg_openvpn_auth", _cfg_openvpn_auth, ""),
        ("_cfg_rclone", _cfg_rclone, "ini"),
        ("_cfg_s3cfg", _cfg_s3cfg, "ini"),
        ("_cfg_logstash", _cfg_logstash, ""),
        ("_cfg_kibana", _cfg_kibana, "yaml"),
        ("_cfg_spring_xml", _cfg_spring_xml, "xml"),
        ("_cfg_inventory", _cfg_inventory, "ini"),
        ("_cfg_crontab", _cfg_crontab, ""),
        ("_cfg_circleci", _cfg_circleci, "yaml"),
        ("_cfg_azure_pipelines", _cfg_azure_pipelines, "yaml"),
        ("_cfg_nomad", _cfg_nomad, "hcl"),
        ("_cfg_yarnrc", _cfg_yarnrc, "yaml"),
        ("_cfg_gradle", _cfg_gradle, "properties"),
        ("_cfg_gemfile", _cfg_gemfile, "ruby"),
        ("_cfg_composer_auth", _cfg_composer_auth, "json"),
        ("_cfg_php_array", _cfg_php_array, "php"),
        ("_cfg_fluentbit", _cfg_fluentbit, ""),
        ("_cfg_ini_generic", _cfg_ini_generic, "ini"),
        ("_cfg_xml_mail", _cfg_xml_mail, "xml"),
        ("_cfg_toml_generic", _cfg_toml_generic, "toml"),
        ("_cfg_json_generic", _cfg_json_generic, "json"),
    ]
]


def gen_config() -> None:
    for name, fn, lang in CFG_TEMPLATES:
        text = fn()
        kind = "wifi" if name in ("wpa", "hostapd") else "config"
        emit("secret", kind, f"s-cfg-{name}", maybe_fence(text, lang, 0.25))


# ---- secrets: vendor keys in context
def _vendor_contexts() -> list[tuple[str, Callable[[tuple, str], str]]]:
    def cls(v: tuple) -> str:
        return (
            "".join(
                w.capitalize() for w in v[0].replace("&", "").replace(".", " ").split()
            )
            + "Client"
        )

    return [
        ("export", lambda v, k: f"export {v[1]}={k}"),
        ("dotenv-quoted", lambda v, k: f'{v[1]}="{k}"'),
        (
            "yaml",
            lambda v, k: (
                f"{v[0].lower().split()[0]}:\n  {pick(['api_key', 'token', 'secret', 'access_token'])}: {k}\n  base_url: https://{v[3]}"
            ),
        ),
        ("python-kwarg", lambda v, k: f'client = {cls(v)}(api_key="{k}", timeout=30)'),
        (
            "js-const",
            lambda v, k: (
                f"const {pick(['apiKey', 'token', 'API_TOKEN', 'secret'])} = '{k}';"
            ),
        ),
        (
            "curl-header",
            lambda v, k: (
                f'curl https://{v[3]}/ -H "{pick(["Authorization: Bearer ", "Authorization: Token ", "X-API-Key: "])}{k}"'
            ),
        ),
        (
            "json",
            lambda v, k: json.dumps(
                {"provider": v[0], pick(["apiKey", "token", "secret", "key"]): k}
            ),
        ),
        (
            "note-en",
            lambda v, k: pick(
                [
                    f"{v[0]} key for staging: {k}",
                    f"remember: the {v[0]} token is {k} (expires end of quarter)",
                    f"New {v[0]} credential after rotation -> {k}",
                    f"Use {k} for the {v[0]} integration until we move it into Vault.",
                ]
            ),
        ),
        (
            "chat",
            lambda v, k: pick(
                [
                    f"can you try with this one? {k}",
                    f"here's the {v[0].lower()} key, don't share it: `{k}`",
                    f"@{pick(['mk', 'lena', 'raj', 'tomasz'])} {v[0]} token -> {k} (prod!)",
                    f"ok updated the secret in the dashboard, new value is {k}",
                ]
            ),
        ),
        (
            "note-de",
            lambda v, k: (
                f"{v[0]}-Token für die Produktion: {k} – bitte nicht ins Wiki kopieren."
            ),
        ),
        ("note-fr", lambda v, k: f"Clé API {v[0]} (prod) : {k}"),
        ("note-es", lambda v, k: f"La clave de {v[0]} para producción es {k}"),
        ("note-ja", lambda v, k: f"{v[0]}のAPIキー: {k} （本番用）"),
        (
            "gha-secret-leak",
            lambda v, k: (
                f'      - run: ./scripts/notify.sh\n        env:\n          {v[1]}: "{k}"'
            ),
        ),
        ("go-const", lambda v, k: f'const {v[1].title().replace("_", "")} = "{k}"'),
        (
            "ts-config",
            lambda v, k: (
                f'export const config = {{\n  {pick(["apiKey", "token"])}: "{k}",\n  baseUrl: "https://{v[3]}",\n}};'
            ),
        ),
        ("memory-fact", lambda v, k: f"User's {v[0]} credential ({v[1]}) = {k}"),
    ]


def gen_vendor(n: int) -> None:
    ctxs = _vendor_contexts()
    vendors = (
        R.sample(VENDORS, n)
        if n <= len(VENDORS)
        else VENDORS + R.sample(VENDORS, n - len(VENDORS))
    )
    for i, v in enumerate(vendors):
        cname, fn = ctxs[i % len(ctxs)] if i < len(ctxs) else pick(ctxs)
        emit("secret", "vendor-key", f"s-vendor-{cname}", fn(v, v[2]()))
    # paired identifiers (id + secret)
    emit(
        "secret",
        "vendor-key",
        "s-vendor-twilio-pair",
        f"TWILIO_ACCOUNT_SID=AC{hx(32)}\nTWILIO_AUTH_TOKEN={hx(32)}",
    )
    emit(
        "secret",
        "vendor-key",
        "s-vendor-alibaba-pair",
        f"accessKeyId: LTAI{rs(20)}\naccessKeySecret: {rs(30)}",
    )
    emit(
        "secret",
        "vendor-key",
        "s-vendor-tencent-pair",
        f"SecretId={'AKID' + rs(32)}\nSecretKey={rs(32)}",
    )
    emit(
        "secret",
        "vendor-key",
        "s-vendor-razorpay-pair",
        f"razorpay = Razorpay::Client.new('rzp_live_{rs(14)}', '{rs(24)}')",
    )
    emit(
        "secret",
        "vendor-key",
        "s-vendor-azure-storage",
        f"DefaultEndpointsProtocol=https;AccountName={company().replace('-', '')}prod;AccountKey={b64s(64)};EndpointSuffix=core.windows.net",
    )
    emit(
        "secret",
        "vendor-key",
        "s-vendor-azure-sas",
        f"https://{company().replace('-', '')}files.blob.core.windows.net/exports?sv=2022-11-02&ss=b&srt=co&sp=rwdlacx&se=2026-12-31T23:59:59Z&st=2025-01-01T00:00:00Z&spr=https&sig={b64s(32).replace('+', '%2B').replace('/', '%2F').replace('=', '%3D')}",
    )
    emit(
        "secret",
        "vendor-key",
        "s-vendor-okta-ssws",
        f"GET /api/v1/users?limit=25 HTTP/1.1\nHost: {company()}.okta.com\nAuthorization: SSWS 00{rs(40, URLSAFE)}",
    )
    emit(
        "secret",
        "vendor-key",
        "s-vendor-cloudinary-url",
        f"CLOUDINARY_URL=cloudinary://{rs(15, DIG)}:{rs(27, URLSAFE)}@{company()}",
    )
    emit(
        "secret",
        "vendor-key",
        "s-vendor-age-secret",
        f"# created: 2025-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}\n# public key: {bech32('age', x25519_pair()[1])}\n"
        + bech32("age-secret-key-", R.randbytes(32)).upper(),
    )


# ---- secrets: connection strings
def _conn_templates() -> list[tuple[str, Callable[[], str]]]:
    return [
        (
            "postgres-url",
            lambda: (
                f"postgres://{user()}:{pw_random()}@{host()}:5432/{dbname()}?sslmode=require"
            ),
        ),
        (
            "postgresql-asyncpg",
            lambda: (
                f"DATABASE_URL=postgresql+asyncpg://{user()}:{pw_random()}@{host()}/{dbname()}"
            ),
        ),
        (
            "mysql-pymysql",
            lambda: (
                f"SQLALCHEMY_DATABASE_URI = 'mysql+pymysql://{user()}:{pw_random()}@{host()}:3306/{dbname()}?charset=utf8mb4'"
            ),
        ),
        (
            "mongodb-srv",
            lambda: (
                f"mongodb+srv://{user()}:{pw_random()}@cluster0.{rs(5, LOW + DIG)}.mongodb.net/?retryWrites=true&w=majority&appName={company()}"
            ),
        ),
        (
            "mongodb-replica",
            lambda: (
                f"mongodb://{user()}:{pw_random()}@mongo-0.{domain()}:27017,mongo-1.{domain()}:27017/{dbname()}?replicaSet=rs0&authSource=admin"
            ),
        ),
        ("redis-auth", lambda: f"REDIS_URL=redis://:{pw_random()}@{host()}:6379/0"),
        (
            "rediss-default",
            lambda: (
                f"rediss://default:{rs(32)}@{rs(8, LOW)}-{R.randint(10000, 99999)}.upstash.io:6379"
            ),
        ),
        (
            "amqp",
            lambda: (
                f"CELERY_BROKER_URL=amqp://{user()}:{pw_random()}@{host()}:5672/{pick(['prod', '%2F', 'jobs'])}"
            ),
        ),
        (
            "mssql-ado",
            lambda: (
                f"Server=tcp:{company()}-sql.database.windows.net,1433;Initial Catalog={dbname()};User ID={user()};Password={pw_random()};Encrypt=True;"
            ),
        ),
        (
            "jdbc-password",
            lambda: (
                f"jdbc:postgresql://{host()}:5432/{dbname()}?user={user()}&password={pw_random()}&ssl=true"
            ),
        ),
        (
            "jdbc-sqlserver",
            lambda: (
                f"jdbc:sqlserver://{host()}:1433;databaseName={dbname()};user={user()};password={pw_human()};encrypt=true"
            ),
        ),
        (
            "oracle-ez",
            lambda: (
                f"{pick(['APP_OWNER', 'HR', 'SCOTT2'])}/{pw_human()}@//{host()}:1521/ORCLPDB1"
            ),
        ),
        (
            "odbc",
            lambda: (
                f"Driver={{ODBC Driver 18 for SQL Server}};Server={host()};Database={dbname()};Uid={user()};Pwd={{{pw_random()}}};"
            ),
        ),
        (
            "clickhouse",
            lambda: (
                f"clickhouse://{user()}:{pw_random()}@{host()}:9440/{dbname()}?secure=true"
            ),
        ),
        (
            "neo4j",
            lambda: (
                f"NEO4J_URI=neo4j+s://{rs(8, LOW + DIG)}.databases.neo4j.io\nNEO4J_USERNAME=neo4j\nNEO4J_PASSWORD={rs(43, URLSAFE)}"
            ),
        ),
        (
            "elastic-url",
            lambda: f"ELASTICSEARCH_URL=https://elastic:{rs(24)}@{host()}:9200",
        ),
        (
            "snowflake",
            lambda: (
                f"snowflake://{user().upper()}:{pw_random()}@{rs(7, LOW)}-{rs(7, LOW + DIG)}/{dbname().upper()}/PUBLIC?warehouse=COMPUTE_WH"
            ),
        ),
        ("ftp-url", lambda: f"ftp://{user()}:{pw_human()}@ftp.{domain()}/outgoing/"),
        ("sftp-url", lambda: f"sftp://{user()}:{pw_random()}@{host()}:22/upload"),
        (
            "smb-url",
            lambda: (
                f"smb://{user()}:{pw_human()}@{pick(['nas.local', 'fs01', 'diskstation'])}/backup"
            ),
        ),
        (
            "ldap-url",
            lambda: (
                f"LDAP_BIND_DN=cn=readonly,dc={company().replace('-', '')},dc=org\nLDAP_BIND_PASSWORD={pw_random()}\nLDAP_URL=ldaps://{host()}:636"
            ),
        ),
        (
            "nats",
            lambda: f"nats://{pick(['orders', 'events'])}:{pw_random()}@{host()}:4222",
        ),
        (
            "mqtt",
            lambda: (
                f"mqtt://{pick(['homeassistant', 'zigbee2mqtt', 'sensor01'])}:{pw_human()}@{pick(['192.168.178.20', 'broker.lan'])}:1883"
            ),
        ),
        (
            "influx",
            lambda: (
                f"INFLUX_URL=http://{host()}:8086\nINFLUX_TOKEN={b64s(64).replace('+', '-').replace('/', '_')}"
            ),
        ),
        (
            "cassandra",
            lambda: (
                f"cassandra.contact-points={host()}:9042\ncassandra.username={user()}\ncassandra.password={pw_random()}"
            ),
        ),
        (
            "rabbit-http",
            lambda: f"http://{user()}:{pw_random()}@{host()}:15672/api/queues",
        ),
        (
            "prisma",
            lambda: (
                f'DATABASE_URL="mysql://{user()}:{pw_random()}@aws.connect.psdb.cloud/{dbname()}?sslaccept=strict"'
            ),
        ),
        (
            "sqlalchemy-mssql",
            lambda: (
                f'engine = create_engine("mssql+pyodbc://{user()}:{pw_random()}@{host()}/{dbname()}?driver=ODBC+Driver+18+for+SQL+Server")'
            ),
        ),
        (
            "kafka-props",
            lambda: (
                f'bootstrap.servers={host()}:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{rs(16, UP + DIG)}" password="{rs(64, ALNUM + "+/")}";'
            ),
        ),
        (
            "pgbouncer-dsn",
            lambda: (
                f'dsn = "host={host()} port=6432 dbname={dbname()} user={user()} password={pw_random()} sslmode=verify-full"'
            ),
        ),
    ]


def gen_conn(n: int) -> None:
    tps = _conn_templates()
    for name, fn in tps if n >= len(tps) else R.sample(tps, n):
        emit("secret", "conn-string", f"s-conn-{name}", fn())


# ---- secrets: tokens, cookies, session ids, basic auth
def gen_auth() -> None:
    t = [
        (
            "jwt-bearer-curl",
            "jwt",
            lambda: (
                f"curl -H 'Authorization: Bearer {jwt_token()}' https://api.{domain()}/v1/me"
            ),
        ),
        (
            "jwt-note",
            "jwt",
            lambda: (
                f"access token from the staging login (valid 7 days): {jwt_token()}"
            ),
        ),
        (
            "jwt-localstorage",
            "jwt",
            lambda: f"localStorage.setItem('access_token', '{jwt_token()}')",
        ),
        (
            "jwt-supabase-service",
            "jwt",
            lambda: (
                f"SUPABASE_SERVICE_ROLE_KEY={jwt_token({'iss': 'supabase', 'ref': rs(20, LOW), 'role': 'service_role', 'iat': 1727000000, 'exp': 2042576000})}"
            ),
        ),
        (
            "jwt-rs256-header",
            "jwt",
            lambda: f"Authorization: Bearer {jwt_token(alg='RS256')}",
        ),
        (
            "cookie-django",
            "cookie",
            lambda: f"Cookie: csrftoken={rs(32)}; sessionid={rs(32, LOW + DIG)}",
        ),
        (
            "cookie-express",
            "cookie",
            lambda: (
                f"Set-Cookie: connect.sid=s%3A{rs(32, URLSAFE)}.{rs(43, ALNUM + '%')}; Path=/; HttpOnly; Secure"
            ),
        ),
        (
            "cookie-php",
            "cookie",
            lambda: (
                f"curl -b 'PHPSESSID={rs(26, LOW + DIG)}' https://shop.{domain()}/admin/orders.php"
            ),
        ),
        (
            "cookie-jsession",
            "cookie",
            lambda: (
                f"JSESSIONID={hx(32).upper()} for the admin console, paste it in devtools to skip SSO"
            ),
        ),
        (
            "cookie-laravel",
            "cookie",
            lambda: (
                f"laravel_session=eyJpdiI6I{rs(40, ALNUM + '+/')}iLCJ2YWx1ZSI6I{rs(160, ALNUM + '+/')}In0%3D"
            ),
        ),
        (
            "cookie-aspnet",
            "cookie",
            lambda: f".AspNetCore.Cookies=CfDJ8{rs(300, URLSAFE)}",
        ),
        (
            "cookie-nextauth",
            "cookie",
            lambda: (
                f"__Secure-next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..{rs(16, URLSAFE)}.{rs(200, URLSAFE)}.{rs(22, URLSAFE)}"
            ),
        ),
        (
            "cookie-copy-as-curl",
            "cookie",
            lambda: (
                f"curl 'https://{pick(['app', 'admin'])}.{domain()}/api/export' -H 'accept: application/json' -b '_session_id={hx(32)}; remember_user_token={rs(120, URLSAFE)}' --compressed"
            ),
        ),
        (
            "basic-header",
            "basic-auth",
            lambda: (
                f"Authorization: Basic {base64.b64encode((user() + ':' + password()).encode()).decode()}"
            ),
        ),
        (
            "basic-url",
            "basic-auth",
            lambda: (
                f"https://{user()}:{pw_random()}@{pick(['jenkins', 'grafana', 'registry', 'nexus'])}.{domain()}/"
            ),
        ),
        (
            "basic-requests",
            "basic-auth",
            lambda: (
                f'r = requests.get(url, auth=("{user()}", "{password()}"), timeout=10)'
            ),
        ),
        (
            "basic-axios",
            "basic-auth",
            lambda: (
                f"axios.get(url, {{ auth: {{ username: '{user()}', password: '{password()}' }} }})"
            ),
        ),
        (
            "api-key-header",
            "vendor-key",
            lambda: f"X-Api-Key: {rs(40)}\nX-Api-Secret: {rs(64, HEX)}",
        ),
        (
            "oauth-refresh",
            "jwt",
            lambda: (
                f'{{"access_token": "ya29.{rs(150, URLSAFE)}", "refresh_token": "1//0{rs(100, URLSAFE)}", "token_type": "Bearer", "expires_in": 3599}}'
            ),
        ),
        (
            "signed-url",
            "vendor-key",
            lambda: (
                f"https://{company()}-exports.s3.{pick(REGIONS)}.amazonaws.com/report.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={aws_key_id('ASIA')}%2F20251126%2F{pick(REGIONS)}%2Fs3%2Faws4_request&X-Amz-Date=20251126T013000Z&X-Amz-Expires=604800&X-Amz-Security-Token=IQoJb3JpZ2luX2Vj{rs(200, URLSAFE)}&X-Amz-SignedHeaders=host&X-Amz-Signature={hx(64)}"
            ),
        ),
        (
            "client-credentials",
            "vendor-key",
            lambda: (
                f"curl -X POST https://login.microsoftonline.com/{uuid4()}/oauth2/v2.0/token -d 'grant_type=client_credentials&client_id={uuid4()}&client_secret={rs(3) + '8Q~' + rs(34, ALNUM + '_~.-')}&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default'"
            ),
        ),
        (
            "session-token-prose",
            "cookie",
            lambda: (
                f"the session id that got leaked in the screenshot was {rs(48, LOW + DIG)}; it is still active until we force logout"
            ),
        ),
    ]
    for name, kind, fn in t:
        emit("secret", kind, f"s-auth-{name}", fn())


# ---- secrets: private keys
_RSA_KEYS: list[rsa.RSAPrivateKey] = []


def rsa_pool() -> list[rsa.RSAPrivateKey]:
    if not _RSA_KEYS:
        for _ in range(4):
            _RSA_KEYS.append(rsa_key(2048))
        _RSA_KEYS.append(rsa_key(1024))
    return _RSA_KEYS


def gen_private_keys() -> None:
    keys = rsa_pool()
    emit("secret", "private-key", "s-key-rsa-pkcs1", pem_private(keys[0], "pkcs1"))
    emit(
        "secret",
        "private-key",
        "s-key-rsa-pkcs8-fenced",
        "deploy key for the build box:\n" + fence(pem_private(keys[1]), ""),
    )
    k = pem_private(keys[2], "pkcs1").splitlines()
    emit(
        "secret",
        "private-key",
        "s-key-rsa-truncated",
        "\n".join(k[:9]) + "\n...(truncated)...\n" + "\n".join(k[-3:]),
    )
    emit("secret", "private-key", "s-key-rsa-1024", pem_private(keys[4], "pkcs1"))
    priv, _ = openssh_ed25519(
        f"{pick(['deploy', 'ci', 'backup'])}@{pick(['build-02', 'bastion', 'nas'])}"
    )
    emit("secret", "private-key", "s-key-openssh-ed25519", priv)
    priv, _ = openssh_ed25519(f"github-actions@{company()}")
    emit(
        "secret",
        "private-key",
        "s-key-openssh-in-secret",
        "SSH_PRIVATE_KEY: |\n  " + priv.replace("\n", "\n  "),
    )
    emit("secret", "private-key", "s-key-ec", pem_private(ec_key(), "pkcs1"))
    emit(
        "secret",
        "private-key",
        "s-key-ec-pkcs8-coinbase",
        json.dumps(
            {
                "name": f"organizations/{uuid4()}/apiKeys/{uuid4()}",
                "privateKey": pem_private(ec_key(), "pkcs1") + "\n",
            },
            indent=2,
        ),
    )
    sa_key = pem_private(keys[3]) + "\n"
    proj = f"{company()}-{pick(['prod', 'data', 'ml'])}-{R.randint(100000, 999999)}"
    emit(
        "secret",
        "private-key",
        "s-key-gcp-service-account",
        json.dumps(
            {
                "type": "service_account",
                "project_id": proj,
                "private_key_id": hx(40),
                "private_key": sa_key,
                "client_email": f"{pick(['etl-runner', 'terraform', 'bq-reader'])}@{proj}.iam.gserviceaccount.com",
                "client_id": rs(21, DIG),
                "token_uri": "https://oauth2.googleapis.com/token",
            },
            indent=2,
        ),
    )
    emit(
        "secret",
        "private-key",
        "s-key-pgp-private",
        pgp_armor("PRIVATE", R.randint(900, 1300)),
    )
    emit(
        "secret",
        "private-key",
        "s-key-python-inline",
        f'SIGNING_KEY = """{pem_private(ec_key())}"""',
    )
    ed = ed25519.Ed25519PrivateKey.from_private_bytes(R.randbytes(32))
    emit(
        "secret",
        "private-key",
        "s-key-ed25519-pkcs8-escaped",
        'JWT_PRIVATE_KEY="' + pem_private(ed).replace("\n", "\\n") + '"',
    )


# ---- secrets: webhooks
def gen_webhooks() -> None:
    t = [
        (
            "slack",
            f"https://hooks.slack.com/services/T{rs(R.choice([8, 10]), UP + DIG)}/B{rs(R.choice([8, 10]), UP + DIG)}/{rs(24)}",
        ),
        (
            "slack-curl",
            f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy finished\"}}' https://hooks.slack.com/services/T{rs(9, UP + DIG)}/B{rs(11, UP + DIG)}/{rs(24)}",
        ),
        (
            "discord",
            f"DISCORD_WEBHOOK=https://discord.com/api/webhooks/{R.randint(10**17, 2 * 10**18)}/{rs(68, URLSAFE)}",
        ),
        (
            "teams",
            f"https://{company().replace('-', '')}.webhook.office.com/webhookb2/{uuid4()}@{uuid4()}/IncomingWebhook/{hx(32)}/{uuid4()}/V2{rs(43, URLSAFE)}",
        ),
        (
            "google-chat",
            f"https://chat.googleapis.com/v1/spaces/AAAA{rs(7, URLSAFE)}/messages?key=AIzaSy{rs(33, URLSAFE)}&token={rs(43, URLSAFE)}%3D",
        ),
        (
            "mattermost",
            f"webhook_url: https://chat.{domain()}/hooks/{rs(26, LOW + DIG)}",
        ),
        (
            "zapier",
            f"post the form to https://hooks.zapier.com/hooks/catch/{R.randint(1000000, 29999999)}/{rs(6, LOW + DIG)}/ with header X-Zap-Secret: {rs(32)}",
        ),
        (
            "telegram-url",
            f"https://api.telegram.org/bot{R.randint(10**9, 8 * 10**9)}:AA{rs(33, URLSAFE)}/sendMessage?chat_id=-100{rs(10, DIG)}&text=backup+ok",
        ),
    ]
    for name, text in t:
        emit("secret", "webhook", f"s-webhook-{name}", text)


# ---- secrets: OTP seeds and recovery codes
def gen_otp() -> None:
    seed = rs(32, B32)
    emit(
        "secret",
        "otp",
        "s-otp-uri",
        f"otpauth://totp/{company().title()}:{pick(['admin', 'root', 'ops'])}?secret={seed}&issuer={company().title()}&algorithm=SHA1&digits=6&period=30",
    )
    seed = rs(32, B32)
    emit(
        "secret",
        "otp",
        "s-otp-grouped",
        "2FA setup key for the AWS root account: "
        + " ".join(seed[i : i + 4].lower() for i in range(0, 32, 4)),
    )
    emit(
        "secret",
        "otp",
        "s-otp-yaml",
        f"mfa:\n  totp_secret: {rs(16, B32)}\n  issuer: {company()}",
    )
    codes = [f"{hx(5)}-{hx(5)}" for _ in range(8)]
    emit(
        "secret",
        "otp",
        "s-recovery-github",
        "GitHub recovery codes (keep safe):\n" + "\n".join(codes),
    )
    codes = [f"{rs(4, DIG)} {rs(4, DIG)}" for _ in range(6)]
    emit(
        "secret",
        "otp",
        "s-recovery-google",
        "Backup codes for the shared ops Google account: " + ", ".join(codes),
    )
    groups = "-".join(f"{R.randint(0, 65535) * 11:06d}" for _ in range(8))
    emit(
        "secret",
        "otp",
        "s-recovery-bitlocker",
        f"BitLocker recovery key for LAPTOP-{rs(7, UP + DIG)}:\n{groups}",
    )
    emit(
        "secret",
        "otp",
        "s-recovery-1password",
        f"1Password Secret Key: A3-{rs(6, UP + DIG)}-{rs(6, UP + DIG)}-{rs(5, UP + DIG)}-{rs(5, UP + DIG)}-{rs(5, UP + DIG)}-{rs(5, UP + DIG)}",
    )
    emit(
        "secret",
        "otp",
        "s-recovery-seed-phrase",
        "wallet seed (24 words): " + " ".join(R.choice(BIP39ISH) for _ in range(24)),
    )
    emit(
        "secret",
        "otp",
        "s-otp-de",
        f"Der TOTP-Schlüssel für das VPN-Konto lautet {rs(26, B32)} – in die Authenticator-App eintragen.",
    )
    emit(
        "secret",
        "otp",
        "s-recovery-bitwarden",
        f"bitwarden recovery code: {rs(32, LOW + DIG)}",
    )


# ---- secrets: prose, chat, wifi, PINs (several languages)
def _prose_templates() -> list[tuple[str, str, Callable[[], str]]]:
    nas = lambda: pick(
        ["NAS", "Synology", "router", "Proxmox host", "UniFi controller", "firewall"]
    )  # noqa: E731
    return [
        # English
        (
            "en-vpn",
            "prose",
            lambda: f"My password for the VPN is {password()} — I keep forgetting it.",
        ),
        (
            "en-admin-login",
            "prose",
            lambda: f"The admin login for the {nas()} is admin / {password()}",
        ),
        (
            "en-memory",
            "prose",
            lambda: (
                f"User mentioned their Netflix password is {pw_human()} and asked me to remember it."
            ),
        ),
        (
            "en-root",
            "prose",
            lambda: (
                f"root pw on {pick(['web1', 'db-old', 'the pi'])} is still {pw_human()}, we never changed it after the install"
            ),
        ),
        (
            "en-mailbox",
            "prose",
            lambda: (
                f"Mailbox credentials for the shared inbox: user support, pass {password()}."
            ),
        ),
        (
            "en-wifi",
            "wifi",
            lambda: f"The wifi code is {pick([pw_human(), rs(10, DIG), passphrase()])}",
        ),
        (
            "en-wifi-guest",
            "wifi",
            lambda: (
                f'Guest Wi-Fi: network "{pick(["Hollowell Guest", "Cafe Lumen", "Office-Guest"])}", password {pw_human()}.'
            ),
        ),
        ("en-pin", "pin", lambda: f"PIN {pin()}"),
        (
            "en-door",
            "pin",
            lambda: (
                f"door code is {pin(4)}# for the back entrance, alarm code {pin(4)}"
            ),
        ),
        (
            "en-sim",
            "pin",
            lambda: f"SIM PIN {pin(4)}, PUK {pin(8)} (from the card in the drawer)",
        ),
        (
            "en-safe",
            "pin",
            lambda: (
                f"The safe combination is {R.randint(10, 59)}-{R.randint(10, 59)}-{R.randint(10, 59)}."
            ),
        ),
        (
            "en-debit",
            "pin",
            lambda: f"my debit card PIN is {pin()} if you need to get cash tomorrow",
        ),
        ("en-voicemail", "pin", lambda: f"Voicemail PIN: {pin(6)}"),
        (
            "en-garage",
            "pin",
            lambda: f"garage keypad code changed to {pin(6)} last week",
        ),
        (
            "en-phone-unlock",
            "pin",
            lambda: f"phone unlock code is {pin(6)}, the laptop one is {pw_human()}",
        ),
        # chat style
        ("chat-nas", "chat", lambda: f"pw for the nas: {password()}"),
        (
            "chat-db",
            "chat",
            lambda: f"hey, prod db pass is `{pw_random()}` — delete this msg after",
        ),
        (
            "chat-dm",
            "chat",
            lambda: (
                f"[{R.randint(8, 22):02d}:{R.randint(0, 59):02d}] {pick(['lena', 'raj', 'mk', 'jo'])}: the new jenkins admin password is {password()}"
            ),
        ),
        (
            "chat-multi",
            "chat",
            lambda: (
                f"ok here u go\nuser: {user()}\npass: {password()}\nlmk if it works"
            ),
        ),
        (
            "chat-slack-quote",
            "chat",
            lambda: (
                f"> can someone share the grafana login?\nsure: admin / {pw_human()}"
            ),
        ),
        ("chat-pw-short", "chat", lambda: f"pw: {pw_random()} (changed it today)"),
        (
            "chat-token",
            "chat",
            lambda: f"just paste this token in the settings page: {rs(40, LOW + DIG)}",
        ),
        # German
        (
            "de-wlan",
            "wifi",
            lambda: f"Das WLAN-Passwort lautet {pick([pw_human(), rs(20, DIG)])}.",
        ),
        (
            "de-portal",
            "prose",
            lambda: (
                f"Mein Passwort für das Firmenportal ist {password()}, bitte nur im Notfall benutzen."
            ),
        ),
        ("de-pin", "pin", lambda: f"PIN der EC-Karte: {pin()}"),
        (
            "de-zugang",
            "prose",
            lambda: f"Zugangsdaten Router: Benutzer admin, Kennwort {pw_human()}",
        ),
        # French
        ("fr-wifi", "wifi", lambda: f"Le mot de passe du wifi est {pw_human()}"),
        ("fr-pin", "pin", lambda: f"Mon code PIN est {pin()}, ne le dis à personne."),
        (
            "fr-identifiants",
            "prose",
            lambda: f"Identifiant : admin, mot de passe : {password()}",
        ),
        (
            "fr-digicode",
            "pin",
            lambda: f"Digicode de l'immeuble : {pin(4)}B, puis 2e étage gauche.",
        ),
        # Spanish
        ("es-router", "prose", lambda: f"La contraseña del router es {pw_human()}"),
        ("es-pin", "pin", lambda: f"mi PIN de la tarjeta es {pin()}"),
        ("es-wifi", "wifi", lambda: f"clave del wifi: {password()}"),
        # Portuguese
        ("pt-wifi", "wifi", lambda: f"A senha do wi-fi é {pw_human()}"),
        (
            "pt-banco",
            "prose",
            lambda: (
                f"senha do internet banking: {pw_human()} e a senha de 4 dígitos do cartão é {pin()}"
            ),
        ),
        # Italian
        (
            "it-mail",
            "prose",
            lambda: f"La password della mail aziendale è {password()}",
        ),
        ("it-cancello", "pin", lambda: f"il codice del cancello è {pin(5)}"),
        # Dutch
        ("nl-nas", "prose", lambda: f"Het wachtwoord van de NAS is {pw_human()}"),
        ("nl-pincode", "pin", lambda: f"pincode van de bankpas: {pin()}"),
        # Polish / Swedish / Turkish
        ("pl-wifi", "wifi", lambda: f"Hasło do wifi to {pw_human()}"),
        ("sv-router", "prose", lambda: f"Lösenordet till routern är {pw_human()}"),
        ("tr-wifi", "wifi", lambda: f"Wi-Fi şifresi: {pw_human()}"),
        # Japanese / Chinese / Korean
        ("ja-vpn", "prose", lambda: f"社内VPNのパスワードは{password()}です。"),
        ("ja-pin", "pin", lambda: f"キャッシュカードの暗証番号は{pin()}"),
        ("zh-root", "prose", lambda: f"服务器root密码是{pw_random()}，别外传。"),
        ("zh-bank", "pin", lambda: f"银行卡密码{pin(6)}"),
        ("ko-router", "wifi", lambda: f"공유기 비밀번호는 {pw_human()}입니다"),
        # Russian / Ukrainian
        ("ru-mail", "prose", lambda: f"пароль от почты: {password()}"),
        ("ru-pin", "pin", lambda: f"ПИН-код карты {pin()}"),
        ("uk-wifi", "wifi", lambda: f"Пароль від вайфаю: {pw_human()}"),
        # Arabic / Hindi
        ("ar-password", "prose", lambda: f"كلمة المرور للحساب هي {pw_human()}"),
        ("hi-password", "prose", lambda: f"मेरा ईमेल पासवर्ड {pw_human()} है"),
        # notes/memory style
        (
            "memory-fact",
            "prose",
            lambda: (
                f"- Stores the household alarm code ({pin(4)}) and the spare-key lockbox code ({pin(4)}) in this note."
            ),
        ),
        (
            "todo",
            "prose",
            lambda: (
                f"TODO rotate: the shared ops account still uses {password()} everywhere"
            ),
        ),
        (
            "ticket",
            "prose",
            lambda: (
                f"Ticket #{R.randint(1000, 99999)}: reset done, temporary password is {pw_random(R.randint(10, 14))} (user must change at first login)"
            ),
        ),
        (
            "email-body",
            "prose",
            lambda: (
                f"Hi team,\n\nthe new password for the {pick(['Salesforce sandbox', 'VPN appliance', 'staging Wordpress'])} is:\n\n    {password()}\n\nThanks"
            ),
        ),
        (
            "markdown-table",
            "prose",
            lambda: (
                f"| system | user | password |\n|---|---|---|\n| {nas()} | admin | {password()} |\n| printer | admin | {pw_human()} |"
            ),
        ),
        (
            "apple-id",
            "prose",
            lambda: f"Apple ID password for the kids' iPad: {pw_human()}",
        ),
        (
            "escaped-json",
            "prose",
            lambda: (
                f'"message": "login ok", "debug": "{{\\"user\\":\\"{user()}\\",\\"password\\":\\"{pw_random()}\\"}}"'
            ),
        ),
        (
            "log-line",
            "prose",
            lambda: (
                f"2025-11-{R.randint(1, 25):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:11Z DEBUG auth: attempting login user={user()} password={password()}"
            ),
        ),
    ]


def gen_prose(n: int) -> None:
    tps = _prose_templates()
    chosen = tps if n >= len(tps) else tps[:n]
    for name, kind, fn in chosen:
        text = fn()
        if R.random() < 0.15 and text[-1:].isascii():
            text = text.rstrip(".") + pick(["", ".", "!", " :)", " 🙏"])
        emit("secret", kind, f"s-prose-{name}", text)
    for _ in range(n - len(chosen)):
        name, kind, fn = pick(tps)
        emit("secret", kind, f"s-prose-{name}", fn())


# --------------------------------------------------------------------------- PII
NAMES: dict[str, tuple[list[str], list[str]]] = {
    "en": (
        [
            "James",
            "Mary",
            "Olivia",
            "Ethan",
            "Ava",
            "Noah",
            "Madison",
            "Tyler",
            "Grace",
            "Daniel",
        ],
        [
            "Johnson",
            "Garcia",
            "Miller",
            "Davis",
            "Rodriguez",
            "Wilson",
            "Anderson",
            "Thompson",
            "Carter",
            "Brooks",
        ],
    ),
    "gb": (
        ["Oliver", "Amelia", "Harry", "Isla", "George", "Freya"],
        ["Smith", "Taylor", "Brown", "Evans", "Hughes", "Patel"],
    ),
    "de": (
        ["Lukas", "Anna", "Jonas", "Lea", "Felix", "Marie", "Katrin", "Tobias"],
        [
            "Müller",
            "Schmidt",
            "Schneider",
            "Fischer",
            "Weber",
            "Becker",
            "Hoffmann",
            "Schäfer",
        ],
    ),
    "fr": (
        ["Camille", "Lucas", "Chloé", "Hugo", "Manon", "Théo"],
        ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Girard"],
    ),
    "es": (
        ["Lucía", "Hugo", "Martina", "Pablo", "Alejandro", "Carmen"],
        ["García", "Fernández", "López", "Martínez", "Sánchez", "Romero"],
    ),
    "latam": (
        [
            "José Luis",
            "Guadalupe",
            "Ximena",
            "Santiago",
            "María Fernanda",
            "Valentina",
            "Matías",
        ],
        ["Hernández", "Ramírez", "Flores", "Torres", "Vázquez", "Rojas", "Muñoz"],
    ),
    "br": (
        ["João", "Ana Clara", "Gabriel", "Larissa", "Rafael", "Beatriz"],
        ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa"],
    ),
    "it": (
        ["Giulia", "Francesco", "Chiara", "Matteo", "Alessandro", "Sofia"],
        ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano"],
    ),
    "nl": (
        ["Daan", "Sanne", "Bram", "Lotte", "Sem", "Fleur"],
        ["de Vries", "Jansen", "van den Berg", "Bakker", "Visser", "Smit"],
    ),
    "pl": (
        ["Jan", "Zofia", "Kacper", "Julia", "Wojciech", "Agnieszka"],
        ["Kowalski", "Nowak", "Wiśniewska", "Wójcik", "Kamiński", "Lewandowska"],
    ),
    "sv": (
        ["Erik", "Elsa", "Oskar", "Maja", "Lars", "Ingrid"],
        ["Andersson", "Johansson", "Karlsson", "Nilsson", "Lindqvist", "Berg"],
    ),
    "no": (
        ["Ola", "Ingrid", "Magnus", "Nora", "Sindre"],
        ["Hansen", "Johansen", "Olsen", "Larsen", "Haugen"],
    ),
    "da": (
        ["Mads", "Freja", "Rasmus", "Ida"],
        ["Jensen", "Nielsen", "Pedersen", "Kristensen"],
    ),
    "fi": (
        ["Aino", "Eero", "Veera", "Juho"],
        ["Korhonen", "Virtanen", "Mäkinen", "Nieminen"],
    ),
    "ja": (
        ["太郎", "花子", "翔太", "美咲", "大輔"],
        ["佐藤", "鈴木", "高橋", "田中", "伊藤"],
    ),
    "zh": (["伟", "芳", "娜", "敏", "静", "磊"], ["王", "李", "张", "刘", "陈", "杨"]),
    "ko": (["민준", "서연", "지훈", "하은"], ["김", "이", "박", "최"]),
    "ru": (
        ["Алексей", "Дмитрий", "Сергей", "Игорь"],
        ["Иванов", "Кузнецов", "Соколов", "Волков"],
    ),
    "uk": (
        ["Олександр", "Оксана", "Андрій", "Ірина"],
        ["Шевченко", "Коваленко", "Бондаренко", "Ткаченко"],
    ),
    "tr": (
        ["Mehmet", "Ayşe", "Mustafa", "Zeynep", "Emre"],
        ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik"],
    ),
    "in": (
        ["Aarav", "Priya", "Rohan", "Ananya", "Vikram"],
        ["Sharma", "Patel", "Iyer", "Reddy", "Gupta"],
    ),
    "ar": (
        ["محمد", "فاطمة", "أحمد", "مريم"],
        ["العتيبي", "الحربي", "الزهراني", "المصري"],
    ),
    "he": (["נועה", "יוסי", "תמר", "אורי"], ["כהן", "לוי", "מזרחי", "פרץ"]),
    "th": (["สมชาย", "สุดา", "ณัฐพล"], ["ใจดี", "ศรีสุข", "วงศ์ใหญ่"]),
    "id": (
        ["Budi", "Siti", "Agus", "Dewi", "Rizky"],
        ["Santoso", "Wijaya", "Saputra", "Lestari"],
    ),
    "ms": (
        ["Ahmad", "Nur Aisyah", "Muhammad Hafiz"],
        ["bin Ismail", "binti Hassan", "bin Abdullah"],
    ),
    "ur": (["Ali", "Ayesha", "Usman", "Fatima"], ["Khan", "Ahmed", "Qureshi", "Malik"]),
    "za": (
        ["Thabo", "Lerato", "Pieter", "Naledi"],
        ["Nkosi", "van der Merwe", "Dlamini", "Botha"],
    ),
    "ke": (
        ["Wanjiru", "Otieno", "Achieng", "Kamau"],
        ["Mwangi", "Odhiambo", "Kiptoo", "Njoroge"],
    ),
    "el": (
        ["Γιώργος", "Μαρία", "Νίκος", "Ελένη"],
        ["Παπαδόπουλος", "Κωνσταντίνου", "Γεωργίου"],
    ),
    "cs": (
        ["Jakub", "Tereza", "Petr", "Lucie"],
        ["Novák", "Svobodová", "Dvořák", "Černá"],
    ),
    "ro": (
        ["Andrei", "Ioana", "Mihai", "Elena"],
        ["Popescu", "Ionescu", "Dumitru", "Stan"],
    ),
    "bg": (
        ["Георги", "Мария", "Иван", "Десислава"],
        ["Иванов", "Петрова", "Димитров", "Георгиева"],
    ),
    "hr": (["Luka", "Ana", "Ivan", "Petra"], ["Horvat", "Kovačević", "Babić", "Marić"]),
    "et": (["Mart", "Kadri", "Jaan", "Liis"], ["Tamm", "Saar", "Sepp", "Mägi"]),
    "lt": (
        ["Jonas", "Rūta", "Mantas", "Eglė"],
        ["Kazlauskas", "Petrauskienė", "Jankauskas"],
    ),
    "sl": (["Luka", "Nina", "Žiga", "Maja"], ["Novak", "Horvat", "Kranjc", "Zupan"]),
    "is": (
        ["Jón", "Guðrún", "Sigurður", "Anna"],
        ["Jónsson", "Sigurðardóttir", "Guðmundsson"],
    ),
    "pt": (
        ["Tiago", "Inês", "Rui", "Mariana"],
        ["Ferreira", "Rodrigues", "Almeida", "Carvalho"],
    ),
    "ga": (
        ["Seán", "Aoife", "Ciarán", "Niamh"],
        ["Murphy", "O'Brien", "Kelly", "Byrne"],
    ),
    "be": (
        ["Lotte", "Maxime", "Wout", "Elise"],
        ["Peeters", "Janssens", "Maes", "Dubois"],
    ),
}
EAST_ASIAN = {"ja", "zh", "ko"}


def name(loc: str) -> str:
    first, last = NAMES[loc]
    if loc in EAST_ASIAN:
        return pick(last) + ("" if loc != "ko" else "") + pick(first)
    return f"{pick(first)} {pick(last)}"


def bdate(lo: int = 1950, hi: int = 2004) -> dt.date:
    return dt.date(lo, 1, 1) + dt.timedelta(
        days=R.randint(0, (dt.date(hi, 12, 31) - dt.date(lo, 1, 1)).days)
    )


def ymd(d: dt.date) -> str:
    return d.strftime("%y%m%d")


def dmy(d: dt.date) -> str:
    return d.strftime("%d%m%y")


def brute(mod: ModuleType, maker: Callable[[], str], tries: int = 400_000) -> str:
    for _ in range(tries):
        c = maker()
        try:
            if mod.is_valid(c):
                return c
        except Exception:  # noqa: BLE001,S112
            continue
    raise RuntimeError(f"could not generate a valid {mod.__name__}")


def _std(path: str) -> ModuleType:
    import importlib

    return importlib.import_module("stdnum." + path)


def _de_idnr() -> str:
    digits = R.sample("0123456789", 9)
    while digits[0] == "0":
        R.shuffle(digits)
    dup = R.choice(digits)
    body = digits + [dup]
    first, rest = body[0], body[1:]
    R.shuffle(rest)
    return first + "".join(rest) + R.choice(DIG)


def _curp() -> str:
    d = bdate()
    cons = "BCDFGHJKLMNPQRSTVWXZ"
    return (
        pick(cons)
        + pick("AEIOU")
        + pick(cons)
        + pick(cons + "AEIOU")
        + ymd(d)
        + pick("HM")
        + pick(["DF", "JC", "NL", "PL", "MC", "VZ", "GT", "CH", "YN", "QT"])
        + rs(3, cons)
        + ("0" if d.year < 2000 else "A")
        + R.choice(DIG)
    )


def _cf_it() -> str:
    d = bdate()
    cons = "BCDFGLMNPRSTVZ"
    day = d.day + (40 if R.random() < 0.5 else 0)
    body = (
        rs(3, cons)
        + rs(3, cons)
        + d.strftime("%y")
        + "ABCDEHLMPRST"[d.month - 1]
        + f"{day:02d}"
        + pick(["H501", "F205", "F839", "L219", "A944", "G273"])
    )
    return body + _std("it.codicefiscale").calc_check_digit(body)


def _nino() -> str:
    while True:
        a, b = pick("ABCEGHJKLMNOPRSTWXYZ"), pick("ABCEGHJKLMNPRSTWXYZ")
        if a + b not in ("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"):
            break
    n = rs(6, DIG)
    return f"{a}{b} {n[:2]} {n[2:4]} {n[4:]} {pick('ABCD')}"


def _century_code(d: dt.date, old: str, new: str) -> str:
    return old if d.year < 2000 else new


# (key, locale, module path, maker, display formatter, templates)
IDS: list[tuple[str, str, str, Callable[[], str], Callable[[str], str], list[str]]] = [
    (
        "us-ssn",
        "en",
        "us.ssn",
        lambda: (
            f"{pick([R.randint(1, 665), R.randint(667, 899)]):03d}{R.randint(1, 99):02d}{R.randint(1, 9999):04d}"
        ),
        lambda s: _std("us.ssn").format(s),
        [
            "{name}'s SSN is {id} — needed for the background check.",
            "Social Security number: {id} (applicant {name})",
            "SSN {id}, DOB {dob}",
        ],
    ),
    (
        "us-itin",
        "en",
        "us.itin",
        lambda: (
            f"9{rs(2, DIG)}{pick([R.randint(70, 88), R.randint(90, 92), R.randint(94, 99)])}{rs(4, DIG)}"
        ),
        lambda s: _std("us.itin").format(s),
        ["ITIN for {name}: {id}"],
    ),
    (
        "ca-sin",
        "fr",
        "ca.sin",
        lambda: pick("1234567") + rs(8, DIG),
        lambda s: _std("ca.sin").format(s).replace("-", pick([" ", "-"])),
        [
            "Numéro d'assurance sociale (NAS) de {name} : {id}",
            "SIN {id} – employee onboarding, {name}",
        ],
    ),
    (
        "br-cpf",
        "br",
        "br.cpf",
        lambda: rs(11, DIG),
        lambda s: _std("br.cpf").format(s),
        [
            "Meu CPF é {id}, pode usar no cadastro.",
            "CPF do cliente {name}: {id}",
            "Nome: {name} | CPF: {id} | nascimento: {dob}",
        ],
    ),
    (
        "mx-curp",
        "latam",
        "mx.curp",
        _curp,
        lambda s: s,
        [
            "CURP de {name}: {id}",
            "Mi CURP es {id}, por si la necesitas para el trámite.",
        ],
    ),
    (
        "mx-rfc",
        "latam",
        "mx.rfc",
        lambda: rs(4, UP) + ymd(bdate()) + rs(2, UP + DIG) + R.choice(DIG + "A"),
        lambda s: s,
        ["RFC del empleado {name}: {id}"],
    ),
    (
        "ar-cuil",
        "latam",
        "ar.cuit",
        lambda: pick(["20", "27", "23"]) + rs(8, DIG) + R.choice(DIG),
        lambda s: _std("ar.cuit").format(s),
        ["CUIL de {name}: {id}", "Mi CUIL es {id}"],
    ),
    (
        "cl-rut",
        "latam",
        "cl.rut",
        lambda: str(R.randint(5_000_000, 26_000_000)) + R.choice(DIG + "K"),
        lambda s: f"{int(s[:-1]):,}".replace(",", ".") + "-" + s[-1],
        ["RUT de {name}: {id}", "Mi RUT es {id}, para la boleta."],
    ),
    (
        "ec-cedula",
        "latam",
        "ec.ci",
        lambda: f"{R.randint(1, 24):02d}{R.randint(0, 5)}{rs(6, DIG)}{R.choice(DIG)}",
        lambda s: s,
        ["Número de cédula de {name}: {id}"],
    ),
    (
        "in-aadhaar",
        "in",
        "in_.aadhaar",
        lambda: R.choice("23456789") + rs(11, DIG),
        lambda s: _std("in_.aadhaar").format(s),
        [
            "Aadhaar number of {name}: {id}",
            "मेरा आधार नंबर {id} है",
            "KYC: {name}, Aadhaar {id}, DOB {dob}",
        ],
    ),
    (
        "in-pan",
        "in",
        "in_.pan",
        lambda: rs(3, UP) + "P" + rs(1, UP) + rs(4, DIG) + rs(1, UP),
        lambda s: s,
        ["PAN card number: {id} ({name})", "{name} ka PAN {id} hai"],
    ),
    (
        "cn-ric",
        "zh",
        "cn.ric",
        lambda: (
            pick(["110101", "310104", "440305", "510107", "330106", "420106"])
            + bdate().strftime("%Y%m%d")
            + rs(3, DIG)
            + R.choice(DIG + "X")
        ),
        lambda s: s,
        ["{name}的身份证号码是{id}", "身份证号：{id}，姓名：{name}"],
    ),
    (
        "kr-rrn",
        "ko",
        "kr.rrn",
        lambda: (
            lambda d: (
                ymd(d)
                + (pick("12") if d.year < 2000 else pick("34"))
                + f"{R.randint(0, 95):02d}"
                + rs(3, DIG)
                + R.choice(DIG)
            )
        )(bdate()),
        lambda s: _std("kr.rrn").format(s),
        ["{name} 주민등록번호: {id}", "주민번호 {id} 로 본인인증 했어요"],
    ),
    (
        "jp-mynumber",
        "ja",
        "jp.in_",
        lambda: R.choice("123456789") + rs(10, DIG) + R.choice(DIG),
        lambda s: _std("jp.in_").format(s),
        ["{name}さんのマイナンバーは{id}です。", "個人番号（マイナンバー）：{id}"],
    ),
    (
        "th-pin",
        "th",
        "th.pin",
        lambda: R.choice("12345678") + rs(11, DIG) + R.choice(DIG),
        lambda s: _std("th.pin").format(s),
        ["เลขประจำตัวประชาชนของ{name}: {id}"],
    ),
    (
        "my-nric",
        "ms",
        "my.nric",
        lambda: ymd(bdate()) + pick(["01", "05", "07", "08", "10", "14"]) + rs(4, DIG),
        lambda s: _std("my.nric").format(s),
        ["No. MyKad {name}: {id}", "Nombor kad pengenalan saya {id}"],
    ),
    (
        "id-nik",
        "id",
        "id.nik",
        lambda: (
            lambda d: (
                pick(["317101", "327301", "357801", "517101", "337401"])
                + f"{d.day + (40 if R.random() < 0.5 else 0):02d}{d:%m%y}"
                + f"{R.randint(1, 999):04d}"
            )
        )(bdate()),
        lambda s: s,
        ["NIK {name}: {id}", "Nomor KTP saya {id}, atas nama {name}"],
    ),
    (
        "pk-cnic",
        "ur",
        "pk.cnic",
        lambda: R.choice("1234567") + rs(11, DIG) + R.choice(DIG),
        lambda s: _std("pk.cnic").format(s),
        ["CNIC number of {name}: {id}", "شناختی کارڈ نمبر: {id}"],
    ),
    (
        "tr-tckimlik",
        "tr",
        "tr.tckimlik",
        lambda: R.choice("123456789") + rs(10, DIG),
        lambda s: s,
        ["TC Kimlik No: {id} ({name})", "{name} adına TC kimlik numarası {id}"],
    ),
    (
        "il-idnr",
        "he",
        "il.idnr",
        lambda: rs(9, DIG),
        lambda s: s,
        ["מספר תעודת זהות של {name}: {id}", "ת.ז. {id}"],
    ),
    (
        "za-idnr",
        "za",
        "za.idnr",
        lambda: ymd(bdate()) + rs(4, DIG) + "08" + R.choice(DIG),
        lambda s: s,
        [
            "SA ID number: {id} ({name})",
            "{name}, ID {id}, please verify with Home Affairs",
        ],
    ),
    (
        "mu-nid",
        "en",
        "mu.nid",
        lambda: rs(1, UP) + dmy(bdate()) + rs(6, DIG) + R.choice(DIG + UP),
        lambda s: s,
        ["National Identity Card number (Mauritius): {id} – {name}"],
    ),
    (
        "ru-inn",
        "ru",
        "ru.inn",
        lambda: pick(["77", "78", "50", "66", "16"]) + rs(10, DIG),
        lambda s: s,
        ["ИНН физлица {name}: {id}", "Мой ИНН {id}"],
    ),
    (
        "ua-rntrc",
        "uk",
        "ua.rntrc",
        lambda: R.choice("123") + rs(9, DIG),
        lambda s: s,
        ["РНОКПП (ІПН) {name}: {id}"],
    ),
    (
        "gb-nhs",
        "gb",
        "gb.nhs",
        lambda: R.choice("456") + rs(9, DIG),
        lambda s: _std("gb.nhs").format(s).replace("-", " "),
        ["NHS number for {name}: {id}", "Patient {name}, NHS no. {id}, DOB {dob}"],
    ),
    (
        "gb-nino",
        "gb",
        "",
        _nino,
        lambda s: s,
        ["National Insurance number: {id} ({name})", "my NI number is {id}"],
    ),
    (
        "ch-ahv",
        "de",
        "ch.ssn",
        lambda: "756" + rs(10, DIG),
        lambda s: _std("ch.ssn").format(s),
        ["AHV-Nummer von {name}: {id}", "Numéro AVS : {id}"],
    ),
    (
        "no-fodselsnummer",
        "no",
        "no.fodselsnummer",
        lambda: dmy(bdate()) + rs(5, DIG),
        lambda s: _std("no.fodselsnummer").format(s),
        ["Fødselsnummeret til {name} er {id}"],
    ),
    (
        "is-kennitala",
        "is",
        "is_.kennitala",
        lambda: (
            lambda d: (
                dmy(d) + rs(2, DIG) + R.choice(DIG) + ("9" if d.year < 2000 else "0")
            )
        )(bdate()),
        lambda s: _std("is_.kennitala").format(s),
        ["Kennitala {name}: {id}"],
    ),
    (
        "au-tfn",
        "en",
        "au.tfn",
        lambda: rs(9, DIG),
        lambda s: _std("au.tfn").format(s),
        ["Tax File Number (TFN): {id} – {name}", "my TFN is {id}"],
    ),
    (
        "nz-ird",
        "en",
        "nz.ird",
        lambda: str(R.randint(10_000_000, 150_000_000)),
        lambda s: _std("nz.ird").format(s),
        ["IRD number for {name}: {id}"],
    ),
    (
        "ke-pin",
        "ke",
        "ke.pin",
        lambda: "A" + rs(9, DIG) + rs(1, UP),
        lambda s: s,
        ["KRA PIN ya {name}: {id}"],
    ),
    (
        "do-cedula",
        "latam",
        "do.cedula",
        lambda: f"{R.randint(1, 240):03d}" + rs(7, DIG) + R.choice(DIG),
        lambda s: _std("do.cedula").format(s),
        ["Cédula de identidad (RD) de {name}: {id}"],
    ),
    (
        "cr-cedula",
        "latam",
        "cr.cpf",
        lambda: f"{R.randint(1, 7)}{rs(4, DIG)}{rs(4, DIG)}",
        lambda s: _std("cr.cpf").format(s),
        ["Cédula física de {name}: {id}"],
    ),
    (
        "gt-nit",
        "latam",
        "gt.nit",
        lambda: str(R.randint(1_000_000, 99_999_999)) + R.choice(DIG + "K"),
        lambda s: _std("gt.nit").format(s),
        ["NIT personal de {name}: {id}"],
    ),
    (
        "cu-ni",
        "latam",
        "cu.ni",
        lambda: ymd(bdate(1950, 1999)) + rs(5, DIG),
        lambda s: s,
        ["Carné de identidad de {name}: {id}"],
    ),
    (
        "de-steuerid",
        "de",
        "de.idnr",
        _de_idnr,
        lambda s: _std("de.idnr").format(s),
        [
            "Steuerliche Identifikationsnummer von {name}: {id}",
            "Meine Steuer-ID ist {id}, bitte in die Lohnabrechnung eintragen.",
        ],
    ),
    (
        "fr-nir",
        "fr",
        "fr.nir",
        lambda: (
            lambda d: (
                pick("12")
                + d.strftime("%y%m")
                + f"{R.randint(1, 95):02d}"
                + rs(6, DIG)
                + rs(2, DIG)
            )
        )(bdate()),
        lambda s: _std("fr.nir").format(s),
        ["Numéro de sécurité sociale de {name} : {id}", "N° de sécu : {id}"],
    ),
    (
        "it-cf",
        "it",
        "it.codicefiscale",
        _cf_it,
        lambda s: s,
        ["Codice fiscale di {name}: {id}", "il mio codice fiscale è {id}"],
    ),
    (
        "es-dni",
        "es",
        "es.dni",
        lambda: (lambda n: n + _std("es.dni").calc_check_digit(n))(rs(8, DIG)),
        lambda s: s,
        ["DNI de {name}: {id}", "Mi DNI es {id}"],
    ),
    (
        "es-nie",
        "es",
        "es.nie",
        lambda: (lambda n: n + _std("es.nie").calc_check_digit(n))(
            pick("XYZ") + rs(7, DIG)
        ),
        lambda s: s,
        ["NIE del nuevo empleado {name}: {id}"],
    ),
    (
        "nl-bsn",
        "nl",
        "nl.bsn",
        lambda: R.choice("123456789") + rs(8, DIG),
        lambda s: pick([s, _std("nl.bsn").format(s)]),
        ["BSN van {name}: {id}", "Mijn burgerservicenummer is {id}"],
    ),
    (
        "se-personnummer",
        "sv",
        "se.personnummer",
        lambda: ymd(bdate()) + "-" + rs(4, DIG),
        lambda s: s,
        ["Personnummer för {name}: {id}", "mitt personnummer är {id}"],
    ),
    (
        "dk-cpr",
        "da",
        "dk.cpr",
        lambda: dmy(bdate()) + rs(4, DIG),
        lambda s: _std("dk.cpr").format(s),
        ["CPR-nummer: {id} ({name})"],
    ),
    (
        "fi-hetu",
        "fi",
        "fi.hetu",
        lambda: (
            lambda d: (
                dmy(d)
                + ("-" if d.year < 2000 else "A")
                + f"{R.randint(2, 899):03d}"
                + R.choice("0123456789ABCDEFHJKLMNPRSTUVWXY")
            )
        )(bdate()),
        lambda s: s,
        ["Henkilötunnus: {id} ({name})"],
    ),
    (
        "pl-pesel",
        "pl",
        "pl.pesel",
        lambda: (
            lambda d: (
                d.strftime("%y")
                + f"{d.month + (20 if d.year >= 2000 else 0):02d}"
                + d.strftime("%d")
                + rs(5, DIG)
            )
        )(bdate()),
        lambda s: s,
        ["PESEL: {id}, {name}", "Mój numer PESEL to {id}"],
    ),
    (
        "pt-cc",
        "pt",
        "pt.cc",
        lambda: rs(8, DIG) + R.choice(DIG) + rs(2, UP) + R.choice(DIG),
        lambda s: _std("pt.cc").format(s),
        ["Número do Cartão de Cidadão de {name}: {id}"],
    ),
    (
        "be-nn",
        "be",
        "be.nn",
        lambda: ymd(bdate(1950, 1999)) + rs(5, DIG),
        lambda s: _std("be.nn").format(s),
        ["Rijksregisternummer van {name}: {id}", "Numéro de registre national : {id}"],
    ),
    (
        "ro-cnp",
        "ro",
        "ro.cnp",
        lambda: (
            lambda d: (
                _century_code(d, pick("12"), pick("56"))
                + ymd(d)
                + f"{R.randint(1, 46):02d}"
                + rs(3, DIG)
                + R.choice(DIG)
            )
        )(bdate()),
        lambda s: s,
        ["CNP-ul lui {name} este {id}"],
    ),
    (
        "bg-egn",
        "bg",
        "bg.egn",
        lambda: (
            lambda d: (
                d.strftime("%y")
                + f"{d.month + (40 if d.year >= 2000 else 0):02d}"
                + d.strftime("%d")
                + rs(4, DIG)
            )
        )(bdate()),
        lambda s: s,
        ["ЕГН на {name}: {id}"],
    ),
    (
        "cz-rc",
        "cs",
        "cz.rc",
        lambda: (
            lambda d: (
                d.strftime("%y")
                + f"{d.month + (50 if R.random() < 0.5 else 0):02d}"
                + d.strftime("%d")
                + rs(4, DIG)
            )
        )(bdate(1955, 2004)),
        lambda s: _std("cz.rc").format(s),
        ["Rodné číslo: {id} ({name})"],
    ),
    (
        "hr-oib",
        "hr",
        "hr.oib",
        lambda: rs(11, DIG),
        lambda s: s,
        ["OIB od {name}: {id}"],
    ),
    (
        "gr-amka",
        "el",
        "gr.amka",
        lambda: dmy(bdate()) + rs(5, DIG),
        lambda s: s,
        ["ΑΜΚΑ του/της {name}: {id}"],
    ),
    (
        "ee-isikukood",
        "et",
        "ee.ik",
        lambda: (
            lambda d: _century_code(d, pick("34"), pick("56")) + ymd(d) + rs(4, DIG)
        )(bdate()),
        lambda s: s,
        ["Isikukood: {id} ({name})"],
    ),
    (
        "lt-asmens",
        "lt",
        "lt.asmens",
        lambda: (
            lambda d: _century_code(d, pick("34"), pick("56")) + ymd(d) + rs(4, DIG)
        )(bdate()),
        lambda s: s,
        ["Asmens kodas: {id}, {name}"],
    ),
    (
        "si-emso",
        "sl",
        "si.emso",
        lambda: (
            lambda d: (
                d.strftime("%d%m")
                + f"{d.year % 1000:03d}"
                + "50"
                + rs(3, DIG)
                + R.choice(DIG)
            )
        )(bdate()),
        lambda s: s,
        ["EMŠO: {id} ({name})"],
    ),
    (
        "at-svnr",
        "de",
        "at.vnr",
        lambda: f"{R.randint(100, 999)}" + R.choice(DIG) + dmy(bdate()),
        lambda s: s[:4] + " " + s[4:],
        ["Sozialversicherungsnummer (AT) von {name}: {id}"],
    ),
    (
        "ie-pps",
        "ga",
        "ie.pps",
        lambda: rs(7, DIG) + R.choice("ABCDEFGHIJKLMNOPQRSTUVW") + pick(["", "A"]),
        lambda s: s,
        ["PPS number: {id} ({name})", "My PPSN is {id}"],
    ),
]


def gen_national_ids() -> None:
    for key, loc, mod, maker, fmt, templates in IDS:
        n = 2 if len(templates) >= 3 else 1
        for t in R.sample(templates, n):
            raw = maker() if not mod else brute(_std(mod), maker)
            d = bdate()
            nm = name(loc)
            shown = fmt(raw)
            dob = pick([d.strftime("%d/%m/%Y"), d.isoformat(), d.strftime("%m/%d/%Y")])
            text = t.format(name=nm, id=shown, dob=dob)
            emit("pii", "national-id", f"p-id-{key}", text, value=shown)


# ---- phones
PHONE_REGIONS = [
    ("US", "en", ["Call {name} at {num}", "cell: {num}", "{name} – mobile {num}"]),
    ("GB", "gb", ["ring me on {num}", "{name}'s mobile is {num}"]),
    ("DE", "de", ["Handynummer von {name}: {num}", "Ruf mich unter {num} an."]),
    ("FR", "fr", ["Mon portable : {num}", "Tél. de {name} : {num}"]),
    ("ES", "es", ["Mi móvil es el {num}", "Teléfono de {name}: {num}"]),
    ("IT", "it", ["Il cellulare di {name} è {num}"]),
    ("NL", "nl", ["Bel {name} op {num}"]),
    ("PL", "pl", ["Numer telefonu {name}: {num}"]),
    ("SE", "sv", ["Ring mig på {num}"]),
    ("BR", "br", ["Meu celular/WhatsApp: {num}", "Telefone de {name}: {num}"]),
    ("MX", "latam", ["Mi celular es {num}, mándame WhatsApp"]),
    ("AR", "latam", ["Celular de {name}: {num}"]),
    ("CO", "latam", ["El número de {name} es {num}"]),
    ("IN", "in", ["{name}'s number: {num}", "WhatsApp me on {num}"]),
    ("JP", "ja", ["{name}さんの携帯番号は{num}です", "電話番号：{num}"]),
    ("CN", "zh", ["{name}的手机号是{num}", "手机：{num}"]),
    ("KR", "ko", ["{name} 휴대폰 번호: {num}"]),
    ("AU", "en", ["mobile: {num} ({name})"]),
    ("CA", "fr", ["Cellulaire de {name} : {num}"]),
    ("ZA", "za", ["{name}'s cell: {num}"]),
    ("NG", "en", ["Please call {name} on {num}"]),
    ("KE", "ke", ["Nambari ya simu ya {name}: {num}"]),
    ("EG", "ar", ["رقم موبايل {name}: {num}"]),
    ("SA", "ar", ["جوال {name}: {num}"]),
    ("TR", "tr", ["{name} cep telefonu: {num}"]),
    ("RU", "ru", ["Телефон {name}: {num}"]),
    ("UA", "uk", ["Мій номер: {num}"]),
    ("CH", "de", ["Natel von {name}: {num}"]),
    ("PT", "pt", ["O telemóvel da {name} é {num}"]),
    ("ID", "id", ["Nomor HP {name}: {num}"]),
    ("TH", "th", ["เบอร์โทรของ{name}: {num}"]),
    ("PK", "ur", ["{name} ka number {num} hai"]),
    ("IL", "he", ["הטלפון של {name}: {num}"]),
    ("IE", "ga", ["{name}'s mobile is {num}"]),
]


def gen_phone_number(region: str, mobile: bool = True) -> phonenumbers.PhoneNumber:
    ptype = PhoneNumberType.MOBILE if mobile else PhoneNumberType.FIXED_LINE
    ex = phonenumbers.example_number_for_type(region, ptype)
    nsn = phonenumbers.national_significant_number(ex)
    for _ in range(20000):
        keep = R.randint(1, min(3, len(nsn) - 4))
        cand = nsn[:keep] + rs(len(nsn) - keep, DIG)
        if cand == nsn:
            continue
        num = phonenumbers.parse(f"+{ex.country_code}{cand}")
        if region in ("US", "CA") and cand[3:6] == "555":
            continue
        if region == "GB" and (
            cand.startswith("7700900") or cand.startswith("20794609")
        ):
            continue
        if phonenumbers.is_valid_number(num) and phonenumbers.number_type(num) in (
            ptype,
            PhoneNumberType.FIXED_LINE_OR_MOBILE,
        ):
            return num
    raise RuntimeError(region)


def fmt_phone(num: phonenumbers.PhoneNumber) -> str:
    x = R.random()
    if x < 0.3:
        return phonenumbers.format_number(num, PhoneNumberFormat.INTERNATIONAL)
    if x < 0.55:
        return phonenumbers.format_number(num, PhoneNumberFormat.NATIONAL)
    if x < 0.7:
        return phonenumbers.format_number(num, PhoneNumberFormat.E164)
    if x < 0.8:
        return (
            "00" + phonenumbers.format_number(num, PhoneNumberFormat.INTERNATIONAL)[1:]
        )
    if x < 0.9:
        return (
            phonenumbers.format_number(num, PhoneNumberFormat.INTERNATIONAL)
            .replace(" ", ".")
            .replace("-", ".")
        )
    return phonenumbers.format_number(num, PhoneNumberFormat.NATIONAL).replace(" ", "")


def gen_phones() -> None:
    for region, loc, templates in PHONE_REGIONS:
        num = gen_phone_number(region, mobile=R.random() < 0.8)
        tpl = pick(templates)
        nm = name(loc)
        shown = fmt_phone(num)
        emit(
            "pii",
            "phone",
            f"p-phone-{region.lower()}",
            tpl.format(name=nm, num=shown),
            value=shown,
        )
    # structured contexts
    num = gen_phone_number("US")
    e164 = phonenumbers.format_number(num, PhoneNumberFormat.E164)
    emit(
        "pii",
        "phone",
        "p-phone-vcard",
        f"BEGIN:VCARD\nVERSION:3.0\nFN:{name('en')}\nTEL;TYPE=CELL:{e164}\nEND:VCARD",
        value=e164,
    )
    num = gen_phone_number("DE", mobile=False)
    kid = R.randint(10000, 99999)
    nm = name("de")
    shown = fmt_phone(num)
    emit(
        "pii",
        "phone",
        "p-phone-csv",
        f"kunde_id;name;telefon\n{kid};{nm};{shown}",
        value=shown,
    )
    num = gen_phone_number("FR")
    nm = name("fr")
    e164 = phonenumbers.format_number(num, PhoneNumberFormat.E164)
    emit(
        "pii",
        "phone",
        "p-phone-json",
        json.dumps({"customer": nm, "phone": e164}, ensure_ascii=False),
        value=e164,
    )
    num = gen_phone_number("NL")
    e164 = phonenumbers.format_number(num, PhoneNumberFormat.E164)
    emit(
        "pii",
        "phone",
        "p-phone-tel-link",
        f'<a href="tel:{e164}">{name("nl")}</a>',
        value=e164,
    )


# ---- emails
def _ascii(s: str) -> str:
    import unicodedata

    s = (
        s.replace("ß", "ss")
        .replace("ł", "l")
        .replace("Ł", "L")
        .replace("ø", "o")
        .replace("æ", "ae")
        .replace("ı", "i")
    )
    s = "".join(
        c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)
    )
    return s.replace(" ", "").replace("'", "")


EMAIL_DOMAINS = [
    "gmail.com",
    "outlook.com",
    "yahoo.com",
    "hotmail.co.uk",
    "web.de",
    "gmx.de",
    "orange.fr",
    "libero.it",
    "icloud.com",
    "proton.me",
    "t-online.de",
    "uol.com.br",
    "yahoo.co.jp",
    "naver.com",
    "qq.com",
    "mail.ru",
    "wp.pl",
]


def email_for(loc: str) -> tuple[str, str]:
    loc_ascii = (
        loc
        if loc
        in (
            "en",
            "gb",
            "de",
            "fr",
            "es",
            "it",
            "nl",
            "pl",
            "sv",
            "br",
            "latam",
            "tr",
            "in",
            "pt",
        )
        else "en"
    )
    first, last = pick(NAMES[loc_ascii][0]), pick(NAMES[loc_ascii][1])
    f, ln = _ascii(first).lower(), _ascii(last).lower()
    local = pick(
        [
            f"{f}.{ln}",
            f"{f[0]}{ln}",
            f"{f}{ln}{R.randint(1, 99)}",
            f"{f}_{ln}",
            f"{ln}.{f}",
            f"{f}.{ln[0]}",
            f"{f}{R.randint(1970, 2005)}",
        ]
    )
    dom = pick(
        EMAIL_DOMAINS + [f"{company()}.{pick(['com', 'de', 'io', 'co.uk', 'fr'])}"]
    )
    return f"{first} {last}", f"{local}@{dom}"


def gen_emails() -> None:
    t = [
        ("prose-en", "en", "You can reach {name} at {email}."),
        ("prose-de", "de", "Die E-Mail-Adresse von {name} lautet {email}"),
        ("prose-fr", "fr", "Écris-moi à {email}, c'est mon adresse perso."),
        ("prose-es", "es", "El correo de {name} es {email}"),
        ("prose-it", "it", "la mail di {name}: {email}"),
        ("prose-pt", "br", "Meu e-mail é {email}"),
        ("prose-nl", "nl", "Stuur het naar {email} ({name})"),
        ("prose-pl", "pl", "Mój adres e-mail to {email}"),
        ("prose-tr", "tr", "{name} e-posta adresi: {email}"),
        ("prose-ja", "en", "連絡先メール：{email}"),
        (
            "memory-fact",
            "en",
            "User prefers invoices sent to {email} rather than the work address.",
        ),
        (
            "git-author",
            "en",
            "Author: {name} <{email}>\nDate:   Tue Nov 18 14:02:11 2025 +0100\n\n    fix typo in onboarding docs",
        ),
        (
            "mail-header",
            "de",
            "From: {name} <{email}>\nTo: support@{domain}\nSubject: Rückfrage zu Rechnung {inv}",
        ),
        ("csv", "fr", "id,nom,email\n{n},{name},{email}"),
        (
            "json",
            "es",
            '{{"nombre": "{name}", "email": "{email}", "newsletter": true}}',
        ),
        ("mailto", "en", '<a href="mailto:{email}">Contact {name}</a>'),
        (
            "chat",
            "in",
            "pls add {email} to the shared drive, that's {name}'s personal one",
        ),
        ("crm-note", "sv", "Kund: {name}, e-post {email}, ring efter 17:00"),
        (
            "signup-log",
            "en",
            "2025-11-20 09:14:55 INFO signup completed email={email} plan=pro",
        ),
        ("yaml-contact", "en", "maintainers:\n  - name: {name}\n    email: {email}"),
        ("cc-list", "gb", "cc: {email}; {email2}"),
        ("obfuscated-at", "en", "my email is {obf} (anti-spam)"),
    ]
    for key, loc, tpl in t:
        nm, em = email_for(loc)
        _, em2 = email_for(loc)
        local, dom = em.split("@")
        obf = f"{local} [at] {dom.replace('.', ' [dot] ')}"
        emit(
            "pii",
            "email",
            f"p-email-{key}",
            tpl.format(
                name=nm,
                email=em,
                email2=em2,
                domain=domain(),
                inv=f"RE-{R.randint(2024, 2026)}-{R.randint(1000, 99999)}",
                n=R.randint(100, 9999),
                obf=obf,
            ),
            value=obf if "{obf}" in tpl else em,
        )


# ---- IBANs
def _rib_key(bank: str, branch: str, acct: str) -> str:
    return f"{97 - (89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97:02d}"


IBAN_SPECS: list[tuple[str, Callable[[], str], str, str]] = [
    (
        "DE",
        lambda: (
            pick(["10070000", "37040044", "50010517", "20050550", "70150000"])
            + rs(10, DIG)
        ),
        "de",
        "IBAN von {name}: {iban}",
    ),
    (
        "FR",
        lambda: (lambda b, g, a: b + g + a + _rib_key(b, g, a))(
            pick(["30004", "30003", "20041", "10278"]), rs(5, DIG), rs(11, DIG)
        ),
        "fr",
        "RIB de {name} — IBAN : {iban}",
    ),
    (
        "GB",
        lambda: (
            pick(["BARC20", "NWBK60", "HBUK40", "LOYD30", "MIDL40"])
            + rs(4, DIG)
            + rs(8, DIG)
        ),
        "gb",
        "Pay {name}: IBAN {iban}",
    ),
    (
        "NL",
        lambda: pick(["INGB", "ABNA", "RABO", "SNSB"]) + "0" + rs(9, DIG),
        "nl",
        "Rekeningnummer van {name}: {iban}",
    ),
    (
        "ES",
        lambda: pick(["2100", "0049", "0182", "0081"]) + rs(16, DIG),
        "es",
        "Mi IBAN es {iban}",
    ),
    (
        "CH",
        lambda: pick(["00762", "00235", "80808"]) + rs(12, DIG),
        "de",
        "Kontoverbindung {name}: {iban}",
    ),
    (
        "AT",
        lambda: pick(["12000", "20111", "32000"]) + rs(11, DIG),
        "de",
        "Bitte überweisen an {name}, IBAN {iban}",
    ),
    ("BE", lambda: rs(12, DIG), "be", "Rekening {name}: {iban}"),
    ("PL", lambda: rs(24, DIG), "pl", "Numer konta {name}: {iban}"),
    ("NO", lambda: rs(11, DIG), "no", "Kontonummer (IBAN) til {name}: {iban}"),
    (
        "SE",
        lambda: pick(["500", "800", "600"]) + rs(17, DIG),
        "sv",
        "IBAN för lönen: {iban} ({name})",
    ),
    (
        "IE",
        lambda: pick(["AIBK93", "BOFI90"]) + rs(4, DIG) + rs(8, DIG),
        "ga",
        "{name}'s IBAN is {iban}",
    ),
    (
        "PT",
        lambda: pick(["0035", "0033", "0007"]) + rs(17, DIG),
        "pt",
        "IBAN da {name}: {iban}",
    ),
    (
        "SA",
        lambda: pick(["80", "10", "45"]) + rs(18, DIG),
        "ar",
        "رقم الآيبان الخاص بـ{name}: {iban}",
    ),
    (
        "AE",
        lambda: pick(["033", "026", "035"]) + rs(16, DIG),
        "en",
        "Salary account of {name}: {iban}",
    ),
    (
        "TR",
        lambda: pick(["00010", "00062", "00046"]) + "0" + rs(16, DIG),
        "tr",
        "{name} IBAN: {iban}",
    ),
    (
        "BR",
        lambda: rs(8, DIG) + rs(5, DIG) + rs(10, DIG) + "C" + R.choice(DIG),
        "br",
        "IBAN de {name}: {iban}",
    ),
]


def gen_ibans(n: int) -> None:
    for cc, maker, loc, tpl in IBAN_SPECS[:n]:
        for _ in range(10000):
            bban = maker()
            cand = cc + std_iban.calc_check_digits(cc + "00" + bban) + bban
            if std_iban.is_valid(cand):
                break
        else:
            raise RuntimeError(cc)
        shown = std_iban.format(cand) if R.random() < 0.7 else cand
        emit(
            "pii",
            "iban",
            f"p-iban-{cc.lower()}",
            tpl.format(name=name(loc), iban=shown),
            value=shown,
        )


# ---- cards
CARD_BINS = [
    ("visa", lambda: "4" + pick(["539", "916", "485", "024", "716", "929", "175"]), 16),
    ("mastercard", lambda: str(R.randint(51, 55)) + rs(2, DIG), 16),
    ("mastercard2", lambda: str(R.randint(2221, 2720)), 16),
    ("amex", lambda: pick(["34", "37"]) + rs(2, DIG), 15),
    ("discover", lambda: "6011", 16),
    ("jcb", lambda: str(R.randint(3528, 3589)), 16),
    ("unionpay", lambda: "62" + rs(4, DIG), R.choice([16, 19])),
    ("mir", lambda: f"220{R.randint(0, 4)}", 16),
    ("diners", lambda: "36" + rs(2, DIG), 14),
    ("maestro", lambda: "6759", 16),
]


def card_number(prefix: str, length: int) -> str:
    body = prefix + rs(length - len(prefix) - 1, DIG)
    return body + luhn.calc_check_digit(body)


def fmt_card(num: str) -> str:
    if len(num) == 15:
        return pick([f"{num[:4]} {num[4:10]} {num[10:]}", num])
    sep = pick([" ", "-", "", " "])
    return sep.join(num[i : i + 4] for i in range(0, len(num), 4))


def gen_cards() -> None:
    t = [
        "card on file for {name}: {card} exp {exp}",
        "Kreditkarte: {card}, gültig bis {exp}",
        "Numéro de carte : {card} (exp. {exp})",
        "tarjeta {card} vence {exp}",
        "cartão de crédito final? não, o número inteiro: {card}",
        "my card is {card} if you want to book the hotel",
        '{{"pan": "{card}", "expiry": "{exp}", "holder": "{name}"}}',
        "クレジットカード番号：{card}",
        "Номер карты: {card}",
        "charge it to {card}, name on card {name}",
    ]
    for (brand, pre, ln), tpl in zip(CARD_BINS, t, strict=True):
        num = card_number(pre(), ln)
        exp = f"{R.randint(1, 12):02d}/{R.randint(26, 31)}"
        shown = fmt_card(num)
        emit(
            "pii",
            "card",
            f"p-card-{brand}",
            tpl.format(card=shown, exp=exp, name=name("en").upper()),
            value=shown,
        )


# ---- passports (with MRZ check digits where shown)
def _mrz_check(s: str) -> str:
    vals = {
        **{c: i for i, c in enumerate(DIG)},
        **{c: i + 10 for i, c in enumerate(UP)},
        "<": 0,
    }
    return str(sum(vals[c] * w for c, w in zip(s, [7, 3, 1] * 20, strict=False)) % 10)


def gen_passports() -> None:
    t = [
        ("us", "en", lambda: rs(9, DIG), "Passport number: {p} ({name})"),
        (
            "de",
            "de",
            lambda: pick("CFGHJK") + rs(8, "CFGHJKLMNPRTVWXYZ0123456789"),
            "Reisepassnummer von {name}: {p}",
        ),
        (
            "fr",
            "fr",
            lambda: rs(2, DIG) + rs(2, UP) + rs(5, DIG),
            "Numéro de passeport : {p} — {name}",
        ),
        (
            "in",
            "in",
            lambda: pick(UP) + rs(7, DIG),
            "{name}, passport no. {p}, valid till 2032",
        ),
        ("cn", "zh", lambda: "E" + rs(8, DIG), "护照号码：{p}（{name}）"),
        ("jp", "ja", lambda: rs(2, UP) + rs(7, DIG), "パスポート番号は{p}です"),
        (
            "es",
            "es",
            lambda: rs(3, UP) + rs(6, DIG),
            "Número de pasaporte de {name}: {p}",
        ),
    ]
    for cc, loc, mk, tpl in t:
        pno = mk()
        emit(
            "pii",
            "passport",
            f"p-passport-{cc}",
            tpl.format(p=pno, name=name(loc)),
            value=pno,
        )
    # MRZ of a TD3 passport
    last, first = (
        _ascii(pick(NAMES["nl"][1])).upper().replace(" ", "<"),
        _ascii(pick(NAMES["nl"][0])).upper(),
    )
    line1 = f"P<NLD{last}<<{first}".ljust(44, "<")[:44]
    num = rs(2, UP) + rs(6, UP + DIG) + rs(1, DIG)
    d = bdate()
    exp = dt.date(2030, R.randint(1, 12), R.randint(1, 28))
    sex = pick("MF")
    pnum = num + _mrz_check(num)
    birth = d.strftime("%y%m%d") + _mrz_check(d.strftime("%y%m%d"))
    expiry = exp.strftime("%y%m%d") + _mrz_check(exp.strftime("%y%m%d"))
    personal = "<" * 14
    composite = pnum + birth + expiry + personal + "<"
    line2 = f"{pnum}NLD{birth}{sex}{expiry}{personal}<" + _mrz_check(composite)
    assert line2.startswith(num)
    emit(
        "pii",
        "passport",
        "p-passport-mrz",
        f"scanned passport MRZ:\n{line1}\n{line2}",
        value=num,
    )


# ---- names with dates of birth
def gen_dob() -> None:
    t: list[tuple[str, Callable[[str, str], str], Callable[[dt.date], str]]] = [
        (
            "en",
            lambda n, s: f"{n} (born {s}) joined the project in March.",
            lambda d: f"{d:%B} {d.day}, {d.year}",
        ),
        (
            "de",
            lambda n, s: f"{n}, geb. {s}, wohnhaft in Leipzig",
            lambda d: f"{d:%d.%m.%Y}",
        ),
        (
            "fr",
            lambda n, s: f"{n}, né(e) le {s} à Marseille",
            lambda d: f"{d:%d/%m/%Y}",
        ),
        (
            "es",
            lambda n, s: f"Fecha de nacimiento de {n}: {s}",
            lambda d: f"{d:%d/%m/%Y}",
        ),
        (
            "ja",
            lambda n, s: f"{n}（{s}生まれ）",
            lambda d: f"{d.year}年{d.month}月{d.day}日",
        ),
        (
            "br",
            lambda n, s: f"Paciente: {n} | Data de nascimento: {s}",
            lambda d: f"{d:%d/%m/%Y}",
        ),
        (
            "en",
            lambda n, s: (
                f"DOB: {s} | Name: {n} | Member ID: {R.randint(10**7, 10**8 - 1)}"
            ),
            lambda d: d.isoformat(),
        ),
        ("ru", lambda n, s: f"{n}, дата рождения {s}", lambda d: f"{d:%d.%m.%Y}"),
    ]
    for loc, fn, fmt in t:
        nm = name(loc)
        shown = fmt(bdate())
        emit("pii", "dob", f"p-dob-{loc}", fn(nm, shown), value=shown)


# ---- postal addresses
def _addr_us() -> tuple[str, str]:
    nm = name("en")
    street = f"{R.randint(100, 9999)} {pick(['Maple Ridge Dr', 'Oak St', 'Lakeview Ave', 'Cedar Ln'])}"
    apt = f"{R.randint(1, 40)}{pick('ABC')}"
    city = f"{pick(['Columbus, OH 432', 'Austin, TX 787', 'Portland, OR 972'])}{R.randint(10, 99)}"
    return f"Ship to: {nm}, {street}, Apt {apt}, {city}", street


def _addr_gb() -> tuple[str, str]:
    nm = name("gb")
    flat = R.randint(1, 12)
    street = f"{R.randint(1, 180)} {pick(['Kingsley Road', 'Hawthorn Close', 'Victoria Street'])}"
    city = f"{pick(['Leeds LS6', 'Bristol BS7', 'Manchester M14'])} {R.randint(1, 9)}{pick(UP)}{pick(UP)}"
    return f"{nm}\nFlat {flat}, {street}\n{city}", street


def _addr_de() -> tuple[str, str]:
    nm = name("de")
    street = f"{pick(['Lindenstraße', 'Goethestraße', 'Am Mühlbach', 'Bahnhofstraße'])} {R.randint(1, 120)}"
    city = pick(["50674 Köln", "04109 Leipzig", "80331 München", "20095 Hamburg"])
    return f"Lieferadresse: {nm}, {street}, {city}", street


def _addr_fr() -> tuple[str, str]:
    nm = name("fr")
    street = f"{R.randint(1, 80)} rue des {pick(['Lilas', 'Tanneurs', 'Capucins'])}"
    city = pick(["69003 Lyon", "31000 Toulouse", "13006 Marseille"])
    return f"{nm}, {street}, {city}", street


def _addr_es() -> tuple[str, str]:
    nm = name("es")
    street = f"Calle {pick(['Mayor', 'de Alcalá', 'del Carmen'])} {R.randint(1, 200)}"
    floor = f"{R.randint(1, 8)}º {pick('ABCD')}"
    city = pick(["28014 Madrid", "46001 Valencia", "41004 Sevilla"])
    return f"Dirección de {nm}: {street}, {floor}, {city}", street


def _addr_jp() -> tuple[str, str]:
    zipc = f"〒{R.randint(100, 999)}-{R.randint(1000, 9999)}"
    ward = pick(["世田谷区", "杉並区", "目黒区"])
    # the street line: district + chōme-banchi-gō (the Japanese house number)
    street = f"{pick(['三軒茶屋', '高円寺南', '自由が丘'])}{R.randint(1, 5)}-{R.randint(1, 30)}-{R.randint(1, 20)}"
    return f"{zipc} 東京都{ward}{street} {name('ja')}様", street


def _addr_br() -> tuple[str, str]:
    street = f"Rua {pick(['das Palmeiras', 'Augusta', 'XV de Novembro'])}, {R.randint(10, 2000)}"
    apto = R.randint(11, 190)
    city = pick(["São Paulo - SP", "Curitiba - PR"])
    cep = f"{R.randint(10000, 89999)}-{R.randint(100, 999)}"
    return f"Endereço: {street}, apto {apto} – {city}, CEP {cep} ({name('br')})", street


def _addr_pl() -> tuple[str, str]:
    nm = name("pl")
    street = f"ul. {pick(['Lipowa', 'Ogrodowa', 'Polna'])} {R.randint(1, 90)}/{R.randint(1, 30)}"
    city = pick(["31-052 Kraków", "00-950 Warszawa", "50-001 Wrocław"])
    return f"{nm}, {street}, {city}", street


def gen_addresses() -> None:
    t: list[tuple[str, Callable[[], tuple[str, str]]]] = [
        ("us", _addr_us),
        ("gb", _addr_gb),
        ("de", _addr_de),
        ("fr", _addr_fr),
        ("es", _addr_es),
        ("jp", _addr_jp),
        ("br", _addr_br),
        ("pl", _addr_pl),
    ]
    for key, fn in t:
        text, street = fn()
        emit("pii", "address", f"p-address-{key}", text, value=street)


# --------------------------------------------------------------------------- clean look-alikes
def _tiny_png() -> str:
    w, h = R.randint(2, 4), R.randint(2, 4)
    raw = b"".join(b"\x00" + R.randbytes(w * 3) for _ in range(h))

    def chunk(t: bytes, d: bytes) -> bytes:
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )
    return base64.b64encode(png).decode()


def _isbn13() -> str:
    body = "978" + rs(9, DIG)
    return isbn.format(body + ean.calc_check_digit(body))


def _ean13() -> str:
    body = pick(["400", "590", "871", "300", "800"]) + rs(9, DIG)
    return body + ean.calc_check_digit(body)


def _company_ids() -> list[tuple[str, str]]:
    cnpj = brute(_std("br.cnpj"), lambda: rs(8, DIG) + "0001" + rs(2, DIG))
    siren = brute(_std("fr.siren"), lambda: rs(9, DIG))
    abn = brute(_std("au.abn"), lambda: R.choice("123456789") + rs(10, DIG))
    vat_de = brute(_std("de.vat"), lambda: "DE" + R.choice("123") + rs(8, DIG))
    ein = brute(
        _std("us.ein"), lambda: pick(["12", "20", "46", "82", "93"]) + rs(7, DIG)
    )
    lei = brute(_std("lei"), lambda: rs(4, DIG) + "00" + rs(12, UP + DIG) + rs(2, DIG))
    return [
        (
            "cnpj",
            f"Razão social: {company().title()} Tecnologia Ltda., CNPJ {_std('br.cnpj').format(cnpj)} — emitir nota fiscal para esta empresa.",
        ),
        (
            "siren",
            f"{company().title()} SAS, SIREN {_std('fr.siren').format(siren)}, RCS Lyon — coordonnées de facturation du fournisseur.",
        ),
        (
            "abn",
            f"Supplier: {company().title()} Pty Ltd, ABN {_std('au.abn').format(abn)} (see the public ABN Lookup).",
        ),
        (
            "vat-de",
            f"Rechnungsempfänger: {company().title()} GmbH, USt-IdNr. {vat_de}, Handelsregister HRB {R.randint(10000, 99999)}",
        ),
        (
            "ein",
            f"{company().title()} Inc. (Delaware corporation), EIN {_std('us.ein').format(ein)}, is the contracting entity.",
        ),
        ("lei", f"Counterparty LEI: {lei} ({company().title()} Holdings AG)"),
    ]


def gen_clean() -> None:
    sha = lambda: hx(40)  # noqa: E731
    keys = rsa_pool()
    t: list[tuple[str, str, Callable[[], str]]] = [
        # hashes, commits, digests
        (
            "commit",
            "commit-short",
            lambda: (
                f"Fixed in {hx(7)}; cherry-picked to release/2.{R.randint(10, 19)} as {hx(7)}."
            ),
        ),
        ("commit", "commit-revert", lambda: f"git revert --no-edit {sha()}"),
        (
            "commit",
            "commit-log",
            lambda: (
                f"commit {sha()}\nMerge: {hx(7)} {hx(7)}\nDate:   Wed Nov 19 10:{R.randint(10, 59)}:03 2025 +0000\n\n    Merge pull request #{R.randint(100, 9999)} from feature/audit-export"
            ),
        ),
        (
            "commit",
            "commit-range",
            lambda: f"git log --oneline {hx(12)}..{hx(12)} -- memory_core/",
        ),
        (
            "hash",
            "docker-digest",
            lambda: f"image: ghcr.io/{company()}/api@sha256:{hx(64)}",
        ),
        (
            "hash",
            "sha256sum",
            lambda: (
                f"{hx(64)}  release-{R.randint(1, 3)}.{R.randint(0, 20)}.{R.randint(0, 9)}-linux-amd64.tar.gz"
            ),
        ),
        ("hash", "npm-integrity", lambda: f'"integrity": "sha512-{b64s(64)}"'),
        (
            "hash",
            "etag",
            lambda: (
                f'ETag: "{hx(32)}"\nCache-Control: public, max-age=31536000, immutable'
            ),
        ),
        (
            "hash",
            "sri",
            lambda: (
                f'<script src="https://cdn.{domain()}/app.{hx(8)}.js" integrity="sha384-{b64s(48)}" crossorigin="anonymous"></script>'
            ),
        ),
        (
            "hash",
            "git-lfs",
            lambda: (
                f"version https://git-lfs.github.com/spec/v1\noid sha256:{hx(64)}\nsize {R.randint(10000, 90000000)}"
            ),
        ),
        (
            "hash",
            "webhook-signature",
            lambda: (
                f"X-Hub-Signature-256: sha256={hx(64)}\nX-GitHub-Delivery: {uuid4()}"
            ),
        ),
        (
            "hash",
            "md5-checksum",
            lambda: (
                f"MD5 (backup-{R.randint(2024, 2025)}-{R.randint(1, 12):02d}.tar.zst) = {hx(32)}"
            ),
        ),
        (
            "hash",
            "pip-hash",
            lambda: f"django==5.2.{R.randint(1, 9)} \\\n    --hash=sha256:{hx(64)}",
        ),
        # ids
        (
            "uuid",
            "request-id",
            lambda: (
                f"request_id={uuid4()} status=200 latency_ms={R.randint(3, 900)} path=/api/v1/memories"
            ),
        ),
        ("uuid", "traceparent", lambda: f"traceparent: 00-{hx(32)}-{hx(16)}-01"),
        (
            "uuid",
            "k8s-pod",
            lambda: (
                f"pod web-{hx(10)[:9]}-{rs(5, LOW + DIG)} restarted {R.randint(2, 9)} times (OOMKilled)"
            ),
        ),
        (
            "uuid",
            "aws-resources",
            lambda: (
                f"i-0{hx(16)} in subnet-0{hx(16)} with sg-0{hx(16)} ({pick(REGIONS)})"
            ),
        ),
        (
            "uuid",
            "arn-role",
            lambda: (
                f"arn:aws:iam::{rs(12, DIG)}:role/{pick(['ci-deploy', 'etl-runner', 'readonly-audit'])}"
            ),
        ),
        (
            "uuid",
            "stripe-object-ids",
            lambda: (
                f"refund re_{rs(24)} for charge ch_{rs(24)} (customer cus_{rs(14)})"
            ),
        ),
        (
            "uuid",
            "sentry-event",
            lambda: (
                f"Sentry event {hx(32)} grouped under issue {pick(UP)}{pick(UP)}-{R.randint(100, 9999)}"
            ),
        ),
        (
            "uuid",
            "container-id",
            lambda: (
                f"CONTAINER ID   IMAGE          STATUS\n{hx(12)}   redis:7.4      Up {R.randint(2, 40)} hours"
            ),
        ),
        (
            "uuid",
            "ulid",
            lambda: f"event_id: 01J{rs(23, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}",
        ),
        (
            "uuid",
            "slack-ids",
            lambda: f"posted to channel C0{rs(9, UP + DIG)} by bot B0{rs(9, UP + DIG)}",
        ),
        # public keys and certificates
        (
            "public-key",
            "ssh-authorized-keys",
            lambda: openssh_ed25519(
                f"{pick(['deploy', 'ci', 'backup'])}@{pick(['build-02', 'bastion', 'nas'])}"
            )[1],
        ),
        (
            "public-key",
            "ssh-rsa-pub",
            lambda: ssh_rsa_pub(
                pick(keys), f"{pick(['ansible', 'jenkins'])}@{pick(['ctl-01', 'ci'])}"
            ),
        ),
        ("public-key", "pem-public", lambda: pem_public(pick(keys))),
        ("public-key", "ec-public", lambda: pem_public(ec_key())),
        (
            "public-key",
            "wireguard-peer",
            lambda: (
                f"[Peer]\n# laptop-{rs(4, LOW)}\nPublicKey = {base64.b64encode(x25519_pair()[1]).decode()}\nAllowedIPs = 10.{R.randint(0, 50)}.0.{R.randint(2, 200)}/32"
            ),
        ),
        (
            "public-key",
            "age-recipient",
            lambda: (
                f"# recipients.txt\n{bech32('age', x25519_pair()[1])}\n{bech32('age', x25519_pair()[1])}"
            ),
        ),
        ("public-key", "pgp-public", lambda: pgp_armor("PUBLIC", R.randint(400, 600))),
        (
            "public-key",
            "gpg-fingerprint",
            lambda: (
                "Key fingerprint = "
                + " ".join(hx(40).upper()[i : i + 4] for i in range(0, 40, 4))
            ),
        ),
        (
            "public-key",
            "ssh-host-fingerprint",
            lambda: (
                f"ED25519 key fingerprint is SHA256:{b64s(32).rstrip('=')}.\nThis key is not known by any other names."
            ),
        ),
        (
            "public-key",
            "dkim-record",
            lambda: (
                f'selector1._domainkey.{domain()}. 3600 IN TXT "v=DKIM1; k=rsa; p='
                + pem_public(pick(keys))
                .split("\n", 1)[1]
                .rsplit("\n", 1)[0]
                .replace("\n", "")
                + '"'
            ),
        ),
        (
            "certificate",
            "x509-ed25519",
            lambda: certificate(f"api.{domain()}", f"{company().title()} Ltd"),
        ),
        (
            "certificate",
            "x509-rsa",
            lambda: rsa_cert(pick(keys), f"*.{domain()}", f"{company().title()} GmbH"),
        ),
        (
            "certificate",
            "cert-k8s-configmap",
            lambda: (
                "ca.crt: |\n  "
                + certificate(
                    f"ca.{domain()}", f"{company().title()} Internal CA"
                ).replace("\n", "\n  ")
            ),
        ),
        (
            "public-key",
            "jwks",
            lambda: json.dumps(
                {
                    "keys": [
                        {
                            "kty": "RSA",
                            "use": "sig",
                            "kid": hx(16),
                            "alg": "RS256",
                            "e": "AQAB",
                            "n": base64.urlsafe_b64encode(
                                pick(keys)
                                .public_key()
                                .public_numbers()
                                .n.to_bytes(256, "big")
                            )
                            .decode()
                            .rstrip("="),
                        }
                    ]
                }
            ),
        ),
        (
            "public-key",
            "publishable-key",
            lambda: (
                f"The Stripe *publishable* key pk_live_51{rs(97)} is embedded in checkout.js on purpose — publishable keys are public; the secret key stays in Vault."
            ),
        ),
        (
            "public-key",
            "recaptcha-site-key",
            lambda: (
                f'<div class="g-recaptcha" data-sitekey="6L{rs(38, URLSAFE)}"></div>  <!-- public site key, rendered in every page -->'
            ),
        ),
        (
            "public-key",
            "site-verification",
            lambda: (
                f'{domain()}. 300 IN TXT "google-site-verification={rs(43, URLSAFE)}"'
            ),
        ),
        # placeholders and references
        (
            "placeholder",
            "angle-brackets",
            lambda: f"DB_PASSWORD=<password>\nDB_USER=<username>\nDB_HOST={host()}",
        ),
        (
            "placeholder",
            "masked",
            lambda: (
                f'password: "{pick(["********", "••••••••", "[REDACTED]", "***"])}"  # masked by the config dump tool'
            ),
        ),
        (
            "placeholder",
            "your-key-here",
            lambda: f"{pick(VENDORS)[1]}=your-api-key-here",
        ),
        (
            "placeholder",
            "xxxx",
            lambda: f"export {pick(VENDORS)[1]}=xxxx-xxxx-xxxx-xxxx",
        ),
        (
            "placeholder",
            "truncated-prefix",
            lambda: (
                f"The key in the screenshot starts with sk_live_… and was revoked on {R.randint(1, 28)}.11.; the new one is only in the secret manager."
            ),
        ),
        (
            "placeholder",
            "changeme-template",
            lambda: (
                "# .env.example — copy to .env and fill in\nSECRET_KEY=\nDATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME\nSTRIPE_SECRET_KEY=sk_test_REPLACE_ME"
            ),
        ),
        (
            "env-ref",
            "compose-env-ref",
            lambda: (
                "environment:\n  POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}\n  POSTGRES_USER: ${POSTGRES_USER:-app}"
            ),
        ),
        (
            "env-ref",
            "gha-secrets",
            lambda: (
                "      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}"
            ),
        ),
        (
            "env-ref",
            "k8s-secretkeyref",
            lambda: (
                "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-credentials\n        key: password"
            ),
        ),
        (
            "env-ref",
            "python-environ",
            lambda: (
                'password = os.environ["DB_PASSWORD"]\ntoken = os.getenv("GITHUB_TOKEN", "")'
            ),
        ),
        (
            "env-ref",
            "go-getenv",
            lambda: (
                'apiKey := os.Getenv("STRIPE_SECRET_KEY")\nif apiKey == "" {\n\tlog.Fatal("STRIPE_SECRET_KEY not set")\n}'
            ),
        ),
        (
            "env-ref",
            "terraform-var",
            lambda: (
                'resource "aws_db_instance" "main" {\n  username = var.db_username\n  password = var.db_password  # sensitive = true in variables.tf\n}'
            ),
        ),
        (
            "env-ref",
            "vault-template",
            lambda: (
                '{{ with secret "secret/data/prod/billing" }}\nDB_PASSWORD={{ .Data.data.password }}\n{{ end }}'
            ),
        ),
        (
            "env-ref",
            "password-stdin",
            lambda: (
                'echo "$CR_PAT" | docker login ghcr.io -u USERNAME --password-stdin'
            ),
        ),
        (
            "env-ref",
            "curl-env",
            lambda: (
                'curl -u "$JIRA_USER:$JIRA_API_TOKEN" https://jira.example.org/rest/api/2/myself'
            ),
        ),
        (
            "env-ref",
            "secret-arn",
            lambda: (
                f"arn:aws:secretsmanager:{pick(REGIONS)}:{rs(12, DIG)}:secret:prod/{pick(['billing', 'crm'])}/db-{rs(6)}"
            ),
        ),
        (
            "env-ref",
            "password-file",
            lambda: "POSTGRES_PASSWORD_FILE=/run/secrets/postgres_password",
        ),
        (
            "env-ref",
            "gcloud-keyfile",
            lambda: (
                f"gcloud auth activate-service-account --key-file=$HOME/.config/gcloud/{pick(['ci', 'etl'])}-sa.json"
            ),
        ),
        (
            "env-ref",
            "conn-no-password",
            lambda: (
                f"DATABASE_URL=postgres://{user()}@{host()}:5432/{dbname()}?sslmode=verify-full  # auth via IAM token"
            ),
        ),
        ("env-ref", "redis-no-auth", lambda: f"REDIS_URL=redis://{host()}:6379/0"),
        (
            "env-ref",
            "mysql-prompt",
            lambda: (
                f"mysql -h {host()} -u {user()} -p {dbname()}   # prompts for the password"
            ),
        ),
        (
            "env-ref",
            "1password-ref",
            lambda: "DB_PASSWORD=op://Production/billing-db/password",
        ),
        # documented example values
        (
            "doc-example",
            "aws-docs-example",
            lambda: (
                "The AWS docs use AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY as the example access key pair; they are not real credentials."
            ),
        ),
        (
            "doc-example",
            "jwt-io-example",
            lambda: (
                "jwt.io's default example token is eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c (signed with the documented secret, for demos only)."
            ),
        ),
        (
            "doc-example",
            "stripe-test-card",
            lambda: (
                "In test mode use Stripe's documented test card 4242 4242 4242 4242 with any future expiry and any CVC."
            ),
        ),
        (
            "doc-example",
            "fictional-phone",
            lambda: (
                "In the screenshots we use the fictional number (555) 010-0199 from the reserved 555-0100…0199 range."
            ),
        ),
        (
            "doc-example",
            "example-email",
            lambda: (
                'Docs example: POST /users {"email": "user@example.com"} returns 201; example.com is reserved for documentation (RFC 2606).'
            ),
        ),
        (
            "doc-example",
            "ofcom-drama",
            lambda: (
                "Ofcom reserves 07700 900000–900999 for TV and radio drama, so the script uses 07700 900461."
            ),
        ),
        (
            "doc-example",
            "placeholder-iban-docs",
            lambda: (
                "The IBAN field's help text shows the ECBS sample format: CC00 BBBB 0000 0000 00 (country code, checksum, bank, account)."
            ),
        ),
        (
            "doc-example",
            "totp-docs",
            lambda: (
                'RFC 6238 test vectors use the ASCII secret "12345678901234567890"; our unit tests reuse those published vectors.'
            ),
        ),
        # encrypted material
        (
            "ciphertext",
            "ansible-vault",
            lambda: (
                "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  "
                + "\n  ".join(hx(80) for _ in range(4))
            ),
        ),
        (
            "ciphertext",
            "sops",
            lambda: (
                f"password: ENC[AES256_GCM,data:{b64s(18)},iv:{b64s(32)},tag:{b64s(16)},type:str]"
            ),
        ),
        (
            "ciphertext",
            "sealed-secret",
            lambda: (
                f"apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: db-credentials\nspec:\n  encryptedData:\n    password: Ag{rs(300, ALNUM + '+/')}=="
            ),
        ),
        # policy / prose with sensitive words but no values
        (
            "policy",
            "policy-en",
            lambda: (
                f"Passwords must be at least {R.randint(12, 16)} characters and are rotated every {pick([60, 90, 180])} days; MFA is mandatory for admins."
            ),
        ),
        (
            "policy",
            "policy-de",
            lambda: (
                "Das neue Passwort muss mindestens 12 Zeichen lang sein und darf keines der letzten fünf wiederholen."
            ),
        ),
        (
            "policy",
            "policy-fr",
            lambda: (
                "Mot de passe oublié ? Cliquez sur « Réinitialiser » : le lien est valable 30 minutes."
            ),
        ),
        (
            "policy",
            "policy-es",
            lambda: (
                "La contraseña se guarda en el gestor de contraseñas del equipo, nunca en el wiki."
            ),
        ),
        (
            "policy",
            "policy-ja",
            lambda: (
                "パスワードは1Passwordの「本番DB」項目に保存済みです。チャットには貼らないでください。"
            ),
        ),
        (
            "policy",
            "policy-zh",
            lambda: "密码已经存到公司的密码管理器里了，不要发在群里。",
        ),
        (
            "policy",
            "policy-pt",
            lambda: "A senha do wi-fi está no adesivo embaixo do roteador.",
        ),
        (
            "policy",
            "wifi-no-value",
            lambda: (
                f"SSID is {pick(['Kestrel-5G', 'Office-Guest'])}; the password is printed on the card at reception."
            ),
        ),
        (
            "policy",
            "rotation-note",
            lambda: (
                f"Rotated the {pick(VENDORS)[0]} token on 2025-11-{R.randint(1, 25):02d}; old one revoked, new one lives in Vault at secret/ci."
            ),
        ),
        (
            "policy",
            "commit-msg",
            lambda: (
                "fix(auth): never log the password field in the audit trail; mask tokens in error messages"
            ),
        ),
        (
            "policy",
            "log-redacted",
            lambda: (
                f"WARN login failed for user '{user()}' (password=[REDACTED], reason=bad_credentials, attempts={R.randint(2, 5)})"
            ),
        ),
        (
            "policy",
            "http-401",
            lambda: (
                'HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer error="invalid_token", error_description="The access token expired"'
            ),
        ),
        (
            "policy",
            "regex",
            lambda: (
                'PASSWORD_RE = r"^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^\\w\\s]).{12,}$"'
            ),
        ),
        (
            "policy",
            "django-validators",
            lambda: (
                'AUTH_PASSWORD_VALIDATORS = [\n    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 12}},\n]'
            ),
        ),
        # homonyms: pin / token / key / secret
        (
            "homonym",
            "gpio-pin",
            lambda: (
                f"Connect the sensor's data line to GPIO pin {R.randint(2, 27)} (physical pin {R.randint(3, 40)}) and ground to pin 6."
            ),
        ),
        (
            "homonym",
            "pin-dependency",
            lambda: (
                f"pin numpy<2 and pydantic=={R.randint(2, 2)}.{R.randint(5, 11)}.{R.randint(0, 4)} until the upstream fix lands"
            ),
        ),
        (
            "homonym",
            "pinned-msg",
            lambda: (
                "I pinned the runbook link in #incidents so the on-call can find it."
            ),
        ),
        (
            "homonym",
            "token-context",
            lambda: (
                f"The model has a {pick(['128k', '200k', '32k'])}-token context window; we chunk at {R.randint(400, 1200)} tokens with {R.randint(50, 150)} overlap."
            ),
        ),
        (
            "homonym",
            "music-key",
            lambda: "The second movement is in the key of D minor, tempo 72 bpm.",
        ),
        (
            "homonym",
            "secret-recipe",
            lambda: (
                "The secret to good sourdough is a 48-hour cold ferment and a very hot oven."
            ),
        ),
        (
            "homonym",
            "foreign-key",
            lambda: (
                "ALTER TABLE orders ADD CONSTRAINT fk_orders_customer_id FOREIGN KEY (customer_id) REFERENCES customers(id);"
            ),
        ),
        (
            "homonym",
            "api-key-header-name",
            lambda: (
                "The API expects the key in the X-Api-Key header; requests without it get a 401."
            ),
        ),
        (
            "homonym",
            "pin-diode",
            lambda: (
                f"Use a PIN diode (BAP{R.randint(50, 70)}) for the RF switch; PIN-compatible with the old part."
            ),
        ),
        (
            "homonym",
            "password-reset-metric",
            lambda: (
                f"Password reset emails take ~{R.randint(2, 9)} minutes to arrive; {R.randint(3, 40)}% of tickets last week were about this."
            ),
        ),
        (
            "homonym",
            "bank-pin-policy",
            lambda: "Bank staff will never ask for your PIN or one-time code by phone.",
        ),
        # numbers that look like PINs / ids but are not
        (
            "number",
            "rpm",
            lambda: (
                f"the pump runs at {R.randint(1200, 9000)} rpm and draws {R.randint(2, 15)}.{R.randint(0, 9)} A"
            ),
        ),
        (
            "number",
            "room",
            lambda: (
                f"Meeting moved to room {R.randint(1000, 5999)}, building C, at 14:30."
            ),
        ),
        (
            "number",
            "invoice",
            lambda: (
                f"Invoice INV-{R.randint(2024, 2026)}-{R.randint(100, 999999):06d} is due on 2025-12-{R.randint(1, 28):02d}, total €{R.randint(100, 99999):,}.{R.randint(0, 99):02d}"
            ),
        ),
        (
            "number",
            "ticket",
            lambda: (
                f"See {pick(['OPS', 'MGC', 'INFRA'])}-{R.randint(100, 9999)} for the post-mortem of incident #{R.randint(100, 9999)}."
            ),
        ),
        (
            "number",
            "tracking",
            lambda: (
                f"UPS tracking 1Z{rs(6, UP + DIG)}{R.randint(10, 99)}{rs(8, DIG)} — delivered to the loading dock."
            ),
        ),
        (
            "number",
            "flight",
            lambda: (
                f"Flight {pick(['LH', 'AF', 'BA', 'KL'])} {R.randint(100, 2999)} departs {R.randint(6, 22):02d}:{pick(['05', '20', '45'])} from gate {pick('ABCDE')}{R.randint(1, 60)}."
            ),
        ),
        (
            "number",
            "isbn",
            lambda: f"ISBN {_isbn13()} ({pick(['2nd', '3rd', '4th'])} edition)",
        ),
        (
            "number",
            "ean",
            lambda: (
                f"EAN {_ean13()} — {pick(['oat milk 1 L', 'AA batteries x8', 'USB-C cable 2 m'])}"
            ),
        ),
        (
            "number",
            "build",
            lambda: (
                f"build {R.randint(2024, 2025)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}.{R.randint(1, 9)} passed {R.randint(900, 4000)} tests in {R.randint(3, 30)} min"
            ),
        ),
        (
            "number",
            "port-ip",
            lambda: (
                f"nginx listens on 10.0.{R.randint(0, 9)}.{R.randint(2, 250)}:8443 and proxies to 127.0.0.1:{R.randint(3000, 9000)}"
            ),
        ),
        (
            "number",
            "hex-address",
            lambda: (
                f"segfault at 0x{hx(12)} ip 0x{hx(12)} sp 0x{hx(12)} error 4 in libc.so.6"
            ),
        ),
        (
            "number",
            "cron",
            lambda: (
                f'schedule: "{R.randint(0, 59)} {R.randint(0, 23)} * * {R.randint(0, 6)}"  # weekly vacuum'
            ),
        ),
        (
            "number",
            "pg-config",
            lambda: (
                f"max_connections = {R.randint(100, 500)}\nshared_buffers = {R.randint(1, 16)}GB\nwork_mem = {R.randint(4, 64)}MB"
            ),
        ),
        (
            "number",
            "math",
            lambda: (
                "pi ≈ 3.14159265358979, e ≈ 2.71828182845905, Avogadro = 6.02214076e23 mol⁻¹"
            ),
        ),
        (
            "number",
            "hex-colors",
            lambda: (
                f"--brand: #{hx(6).upper()}; --accent: #{hx(6).upper()}; --muted: #{hx(6).upper()};"
            ),
        ),
        (
            "number",
            "data-uri",
            lambda: f'<img alt="spacer" src="data:image/png;base64,{_tiny_png()}">',
        ),
        (
            "number",
            "bic",
            lambda: (
                f"SWIFT/BIC of the bank: {pick(['DEUTDEFF', 'COBADEFFXXX', 'BNPAFRPP', 'INGBNL2A', 'NWBKGB2L'])} (bank identifier, public)"
            ),
        ),
        # prices, units, versions, timestamps, coordinates, part numbers
        (
            "price",
            "price-eur",
            lambda: (
                f"Angebot: {R.randint(100, 9999)},{R.randint(0, 99):02d} € netto zzgl. 19 % MwSt."
            ),
        ),
        (
            "price",
            "price-usd",
            lambda: (
                f"Plan: ${R.randint(5, 499)}.{pick(['00', '99', '50'])}/month, billed annually (${R.randint(100, 5000):,})."
            ),
        ),
        ("price", "price-jpy", lambda: f"税込 ¥{R.randint(1000, 99999):,}（送料無料）"),
        (
            "unit",
            "units",
            lambda: (
                f"Tyre pressure {R.randint(20, 40)}.{R.randint(0, 9)} psi ({R.randint(150, 280)} kPa), torque {R.randint(80, 140)} N·m"
            ),
        ),
        (
            "unit",
            "sizes",
            lambda: (
                f"Disk usage: {R.randint(10, 900)} GiB of {pick([1, 2, 4])} TiB; p99 latency {R.randint(20, 900)} ms"
            ),
        ),
        (
            "version",
            "versions",
            lambda: (
                f"Upgraded PostgreSQL {R.randint(14, 16)}.{R.randint(1, 9)} -> 17.{R.randint(0, 6)}, pgvector 0.8.{R.randint(0, 1)}, Django 5.2.{R.randint(1, 8)}"
            ),
        ),
        (
            "version",
            "semver-build",
            lambda: (
                f"v{R.randint(1, 4)}.{R.randint(0, 30)}.{R.randint(0, 9)}-rc.{R.randint(1, 5)}+build.{R.randint(1000, 9999)}"
            ),
        ),
        (
            "version",
            "user-agent",
            lambda: (
                f"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{R.randint(120, 142)}.0.{R.randint(1000, 7000)}.{R.randint(10, 200)} Safari/537.36"
            ),
        ),
        (
            "timestamp",
            "iso-timestamp",
            lambda: (
                f"last_seen_at: 2025-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}.{rs(6, DIG)}Z"
            ),
        ),
        (
            "timestamp",
            "epoch",
            lambda: (
                f"exp={R.randint(1_735_000_000, 1_800_000_000)} iat={R.randint(1_700_000_000, 1_734_000_000)} (unix seconds)"
            ),
        ),
        (
            "timestamp",
            "log-ts",
            lambda: (
                f'[{R.randint(1, 28):02d}/Nov/2025:{R.randint(0, 23):02d}:{R.randint(10, 59)}:{R.randint(10, 59)} +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.31"'
            ),
        ),
        (
            "coordinates",
            "landmark",
            lambda: pick(
                [
                    "Eiffel Tower: 48.8584° N, 2.2945° E",
                    "Brandenburger Tor liegt bei 52.516275, 13.377704.",
                    "Sydney Opera House −33.8568, 151.2153",
                    "東京タワー：北緯35度39分31秒 東経139度44分44秒",
                ]
            ),
        ),
        (
            "coordinates",
            "geofence",
            lambda: (
                f"geofence center {R.uniform(-60, 60):.5f},{R.uniform(-170, 170):.5f} radius {R.randint(100, 5000)} m (warehouse zone)"
            ),
        ),
        (
            "part-number",
            "mcu",
            lambda: (
                f"BOM line {R.randint(1, 40)}: {pick(['STM32F407VGT6', 'ESP32-S3-WROOM-1-N8R8', 'ATmega328P-AU', 'RP2040'])}, qty {R.randint(1, 500)}"
            ),
        ),
        (
            "part-number",
            "car-part",
            lambda: (
                f"Bremsbeläge Bosch 0 986 {R.randint(100, 999)} {R.randint(100, 999)} für Golf VII, Artikelnr. {R.randint(100000, 999999)}"
            ),
        ),
        (
            "part-number",
            "bolt",
            lambda: (
                f"M{pick([6, 8, 10])}x{pick(['1.0', '1.25', '1.5'])} DIN 912 A2-70, {R.randint(10, 80)} mm, pack of {pick([50, 100, 200])}"
            ),
        ),
        (
            "part-number",
            "sku",
            lambda: (
                f"SKU {rs(3, UP)}-{R.randint(1000, 9999)}-{pick(['BLK', 'WHT', 'RED'])}-{pick(['S', 'M', 'L', 'XL'])} restocked: {R.randint(10, 400)} units"
            ),
        ),
        (
            "part-number",
            "cve",
            lambda: (
                f"CVE-{R.randint(2023, 2025)}-{R.randint(1000, 59999)} fixed in openssl 3.{R.randint(0, 5)}.{R.randint(0, 9)}"
            ),
        ),
        (
            "part-number",
            "aws-instance",
            lambda: (
                f"{pick(['m7g.large', 'c6i.2xlarge', 'r6g.xlarge'])} in {pick(REGIONS)}, AMI ami-0{hx(16)}"
            ),
        ),
    ]
    fence_lang = {
        "commit": "console",
        "hash": "",
        "public-key": "",
        "certificate": "",
        "env-ref": "yaml",
        "ciphertext": "yaml",
    }
    for cat, name, fn in t:
        text = fn()
        if cat in fence_lang:
            text = maybe_fence(text, fence_lang[cat], 0.25)
        emit("clean", cat, f"c-{name}", text)
    for key, text in _company_ids():
        emit("clean", "business-id", f"c-business-{key}", text)


def gen_clean_extra() -> None:
    t: list[tuple[str, str, Callable[[], str]]] = [
        (
            "commit",
            "commit-de",
            lambda: (
                f"Der Fix ist in Commit {hx(7)} enthalten und wird mit 2.{R.randint(10, 20)}.0 ausgeliefert."
            ),
        ),
        (
            "uuid",
            "order-id-fr",
            lambda: f"Identifiant de la commande : {uuid4()} — statut « expédiée ».",
        ),
        (
            "uuid",
            "bitcoin-txid",
            lambda: f"txid {hx(64)} has {R.randint(1, 60)} confirmations",
        ),
        (
            "uuid",
            "ipfs-cid",
            lambda: (
                f"pinned to IPFS as bafybei{rs(52, 'abcdefghijklmnopqrstuvwxyz234567')}"
            ),
        ),
        (
            "uuid",
            "youtube-id",
            lambda: (
                f"talk recording: https://www.youtube.com/watch?v={rs(11, URLSAFE)}&t={R.randint(30, 3000)}s"
            ),
        ),
        ("uuid", "short-url", lambda: f"slides: https://bit.ly/{rs(7)}"),
        (
            "uuid",
            "s3-public-url",
            lambda: (
                f"https://{company()}-public-assets.s3.{pick(REGIONS)}.amazonaws.com/img/logo-{hx(8)}.svg"
            ),
        ),
        (
            "uuid",
            "oauth-public-client",
            lambda: (
                f"oidc:\n  issuer: https://login.{domain()}/\n  client_id: {rs(20, LOW + DIG)}\n  pkce: true   # public SPA client, no client secret\n  scopes: [openid, profile]"
            ),
        ),
        (
            "uuid",
            "api-key-metadata",
            lambda: json.dumps(
                {
                    "id": f"key_{rs(12, LOW + DIG)}",
                    "name": "ci-readonly",
                    "last4": rs(4),
                    "created_at": f"2025-{R.randint(1, 11):02d}-{R.randint(1, 28):02d}",
                    "scopes": ["read"],
                }
            ),
        ),
        (
            "config",
            "configmap-plain",
            lambda: (
                f'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  LOG_LEVEL: info\n  FEATURE_FLAGS: "semantic_search,audit_export"\n  TZ: Europe/Berlin\n  WORKERS: "{R.randint(2, 16)}"'
            ),
        ),
        (
            "config",
            "dotenv-plain",
            lambda: (
                f"APP_ENV=production\nPORT={R.randint(3000, 9000)}\nLOG_LEVEL=warning\nTZ=UTC\nMAX_UPLOAD_MB={R.randint(5, 100)}"
            ),
        ),
        (
            "config",
            "compose-plain",
            lambda: (
                'services:\n  web:\n    image: nginx:1.27-alpine\n    ports: ["8080:80"]\n    volumes:\n      - ./site:/usr/share/nginx/html:ro'
            ),
        ),
        (
            "config",
            "terraform-output",
            lambda: (
                f'vpc_id = "vpc-0{hx(16)}"\nprivate_subnets = ["subnet-0{hx(16)}", "subnet-0{hx(16)}"]\nalb_dns = "internal-api-{R.randint(100000000, 999999999)}.{pick(REGIONS)}.elb.amazonaws.com"'
            ),
        ),
        (
            "config",
            "jwt-header-decoded",
            lambda: (
                f'decoded JWT header: {{"alg":"RS256","typ":"JWT","kid":"{hx(16)}"}} — the signature check failed because kid was rotated'
            ),
        ),
        (
            "config",
            "sql-placeholders",
            lambda: (
                'cur.execute("SELECT id FROM users WHERE email = %s AND password_hash = %s", (email, pw_hash))'
            ),
        ),
        (
            "config",
            "basic-auth-docs",
            lambda: (
                "Use HTTP Basic auth with your username and an app password (Settings → Security → App passwords)."
            ),
        ),
        (
            "homonym",
            "token-ja",
            lambda: (
                f"このモデルは最大{pick(['12万8千', '20万'])}トークンまで扱えます。"
            ),
        ),
        (
            "homonym",
            "pin-pad",
            lambda: (
                f"PIN pad firmware v{R.randint(1, 4)}.{R.randint(0, 9)} adds contactless support for the kiosk terminals."
            ),
        ),
        (
            "homonym",
            "steuer-id-no-value",
            lambda: (
                "Die Steuer-ID steht auf dem Lohnsteuerbescheid oben rechts; bitte nicht per Mail schicken."
            ),
        ),
        (
            "homonym",
            "masked-card",
            lambda: (
                f"Paid with Visa ending in {rs(4, DIG)} (authorised {R.randint(1, 28):02d}.11.2025)."
            ),
        ),
        (
            "homonym",
            "masked-iban",
            lambda: (
                f"Lastschrift vom Konto DE** **** **** **** **{rs(2, DIG)} {rs(2, DIG)} wurde eingezogen."
            ),
        ),
        (
            "hash",
            "empty-sha1",
            lambda: (
                "SHA-1 of the empty string is da39a3ee5e6b4b0d3255bfef95601890afd80709, which is why every empty blob hashes the same."
            ),
        ),
        (
            "number",
            "duration",
            lambda: f"retention: P{R.randint(30, 400)}D, grace: PT{R.randint(1, 48)}H",
        ),
        (
            "number",
            "hexdump",
            lambda: (
                "00000000: 7f45 4c46 0201 0100 0000 0000 0000 0000  .ELF............\n00000010: 0300 3e00 0100 0000 "
                + " ".join(hx(4) for _ in range(4))
            ),
        ),
        (
            "number",
            "git-tag-branch",
            lambda: (
                f"git checkout -b fix/{R.randint(100, 999)}-{pick(['audit-export', 'vector-index', 'tenant-scope'])} v2.{R.randint(10, 19)}.{R.randint(0, 9)}"
            ),
        ),
        (
            "number",
            "lat-long-es",
            lambda: (
                f"La Sagrada Família está en 41.4036, 2.1744; el hotel del congreso a {R.randint(2, 9)} km."
            ),
        ),
        (
            "number",
            "sensor",
            lambda: (
                f"sensor-{rs(4, HEX)}: temp={R.uniform(18, 26):.1f}°C humidity={R.randint(30, 70)}% battery={R.randint(20, 100)}%"
            ),
        ),
        (
            "number",
            "phone-like-serial",
            lambda: (
                f"Serial no. {rs(2, UP)}{rs(10, DIG)} — warranty until 2027-{R.randint(1, 12):02d}."
            ),
        ),
        (
            "uuid",
            "random-looking-filename",
            lambda: (
                f"uploaded {hx(32)}.webp ({R.randint(20, 900)} KB) to the CDN cache"
            ),
        ),
        (
            "uuid",
            "base64-config-blob",
            lambda: (
                "feature_flags_b64: "
                + base64.b64encode(
                    json.dumps(
                        {
                            "search": True,
                            "audit_export": R.random() < 0.5,
                            "max_results": R.randint(10, 100),
                        }
                    ).encode()
                ).decode()
            ),
        ),
    ]
    for cat, name, fn in t:
        text = fn()
        if cat in ("config", "uuid"):
            text = maybe_fence(text, "", 0.2)
        emit("clean", cat, f"c-{name}", text)


# --------------------------------------------------------------------------- assemble
def vary(text: str) -> str:
    """Light-touch surroundings shared by all labels so wrappers carry no signal."""
    x = R.random()
    if x < 0.05:
        return f"> {text}" if "\n" not in text else "> " + text.replace("\n", "\n> ")
    if x < 0.09 and "\n" not in text:
        return f'"{text}"'
    if x < 0.13:
        return pick(["Note: ", "FYI ", "saved from chat: ", "memo — "]) + text
    if x < 0.16:
        return text + pick([" (from yesterday's call)", " — see thread", " [pasted]"])
    return text


def build() -> list[dict[str, str]]:
    ROWS.clear()
    # secrets
    cli = _cli_templates()
    for name, fn in R.sample(cli, 56):
        emit("secret", "cli", f"s-{name}", shell_prompt(fn()))
    for name, fn, lang in R.sample(CFG_TEMPLATES, 62):
        emit(
            "secret",
            "wifi" if name in ("wpa", "hostapd") else "config",
            f"s-cfg-{name}",
            maybe_fence(fn(), lang, 0.25),
        )
    gen_vendor(52)
    gen_conn(26)
    gen_auth()
    gen_private_keys()
    gen_webhooks()
    gen_otp()
    gen_prose(60)
    # pii
    gen_national_ids()
    gen_phones()
    gen_emails()
    gen_ibans(12)
    gen_cards()
    gen_passports()
    gen_dob()
    gen_addresses()
    # clean
    gen_clean()
    gen_clean_extra()

    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for label, kind, template, text, value in ROWS:
        if not (kind in ("cli", "config", "private-key") and label == "secret"):
            text = vary(text)
        rid = hashlib.sha256(text.encode()).hexdigest()[:16]
        if rid in seen:
            continue
        seen.add(rid)
        row = {
            "text": text,
            "label": label,
            "kind": kind,
            "template": template,
            "probe": PROBE,
            "id": rid,
        }
        if value is not None:
            row["value"] = value
        out.append(row)
    # every pii row names the datum to redact, as an exact substring of its (final) text; no other row does
    for row in out:
        if row["label"] == "pii":
            assert row.get("value") and row["value"] in row["text"], row
        else:
            assert "value" not in row, row
    return out


def main() -> None:
    rows = build()
    with OUT.open("w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    labels = Counter(r["label"] for r in rows)
    print(f"wrote {len(rows)} rows to {OUT}: {dict(labels)}")
    for lab in ("secret", "pii", "clean"):
        kinds = Counter(r["kind"] for r in rows if r["label"] == lab)
        print(f"  {lab}: " + ", ".join(f"{k}={v}" for k, v in kinds.most_common()))


if __name__ == "__main__":
    main()
