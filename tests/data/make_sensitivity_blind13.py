# ruff: noqa: E501, E731, E741 (templates are data, one string per line)
"""Held-back labelled set "blind13" for a sensitivity gate (secrets / personal data / clean look-alikes).

Run:  python make_sensitivity_blind13.py
Writes sensitivity_blind13.jsonl next to this file (deterministic: fixed seed, no OS randomness).

Row schema:
  {"text", "label": secret|pii|clean, "kind", "template", "probe": "blind13", "id": 16-hex of sha256(text),
   "value": (pii only) exact substring of text that is the personal datum}
template = "<maker>:<context>:<lang>" (the last field is the language code of the surrounding prose).
"""

import base64
import datetime
import hashlib
import hmac
import importlib
import itertools
import json
import os
import random
import string
import struct
import urllib.parse
import uuid
import zlib
from collections import Counter

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import NameOID
from phonenumbers import PhoneNumberFormat as PNF
from phonenumbers import PhoneNumberType as PNT
from stdnum import iban as std_iban
from stdnum import luhn

SET = "blind13"
SEED = 13_2024_0613
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, f"sensitivity_{SET}.jsonl")

N_SECRET, N_PII, N_CLEAN = 220, 220, 160

D = string.digits
UP = string.ascii_uppercase
LO = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "-_"
HEX = "0123456789abcdef"


def rs(n, al=ALNUM):
    return "".join(R.choice(al) for _ in range(n))


def dg(n):
    return rs(n, D)


def up(n, al=UP):
    return rs(n, al)


def pick(seq):
    return R.choice(seq)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rdate(y0=1948, y1=2003):
    a = datetime.date(y0, 1, 1)
    b = datetime.date(y1, 12, 31)
    return a + datetime.timedelta(days=R.randrange((b - a).days))


# =====================================================================================================
# deterministic crypto material (no os.urandom anywhere)
# =====================================================================================================
def _is_probable_prime(n, k=24):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(k):
        a = R.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(bits):
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if _is_probable_prime(c):
            return c


def rsa_key(bits=2048):
    e = 65537
    while True:
        p, q = _prime(bits // 2), _prime(bits // 2)
        if p == q:
            continue
        phi = (p - 1) * (q - 1)
        try:
            d = pow(e, -1, phi)
        except ValueError:
            continue
        if (p * q).bit_length() != bits:
            continue
        pub = rsa.RSAPublicNumbers(e, p * q)
        priv = rsa.RSAPrivateNumbers(
            p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), pub
        )
        return priv.private_key()


def ec_key():
    n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
    return ec.derive_private_key(R.randrange(1, n), ec.SECP256R1())


def ed_key():
    return ed25519.Ed25519PrivateKey.from_private_bytes(rbytes(32))


def pem_private(key, fmt="pkcs8"):
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


def pem_public(key):
    return (
        key.public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )


def ssh_public(key, comment):
    s = (
        key.public_key()
        .public_bytes(
            serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
        )
        .decode()
    )
    return f"{s} {comment}"


def _sshstr(b):
    if isinstance(b, str):
        b = b.encode()
    return struct.pack(">I", len(b)) + b


def openssh_private_ed25519(key, comment):
    """Unencrypted OpenSSH private key, built by hand so the check-int is deterministic."""
    raw_priv = key.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    raw_pub = key.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    pub_blob = _sshstr("ssh-ed25519") + _sshstr(raw_pub)
    check = struct.pack(">I", R.getrandbits(32))
    priv = (
        check
        + check
        + _sshstr("ssh-ed25519")
        + _sshstr(raw_pub)
        + _sshstr(raw_priv + raw_pub)
        + _sshstr(comment)
    )
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (
        b"openssh-key-v1\x00"
        + _sshstr("none")
        + _sshstr("none")
        + _sshstr(b"")
        + struct.pack(">I", 1)
        + _sshstr(pub_blob)
        + _sshstr(priv)
    )
    body = b64(blob)
    lines = [body[i : i + 70] for i in range(0, len(body), 70)]
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(lines)
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )


def _crc24(data):
    crc = 0xB704CE
    for byte in data:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def pgp_private_block():
    # secret-key packet (new format tag 5) + random key material; armored with a correct CRC24
    body = (
        bytes([0xC5, 0xFD])
        + bytes([0x04])
        + struct.pack(">I", 1650000000 + R.randrange(10**8))
        + bytes([22])
        + rbytes(420)
    )
    enc = b64(body)
    lines = [enc[i : i + 64] for i in range(0, len(enc), 64)]
    crc = b64(_crc24(body).to_bytes(3, "big"))
    return (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
        + "\n".join(lines)
        + "\n="
        + crc
        + "\n-----END PGP PRIVATE KEY BLOCK-----"
    )


def self_signed_cert(cn, org, country):
    key = ed_key()
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, country),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, org),
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
        ]
    )
    start = datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC) + datetime.timedelta(
        days=R.randrange(300)
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(R.getrandbits(64) | 1)
        .not_valid_before(start)
        .not_valid_after(start + datetime.timedelta(days=365))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(cn)]), critical=False)
        .sign(key, None)
    )
    return cert.public_bytes(serialization.Encoding.PEM).decode().strip()


def jwt_hs256(payload, secret=None):
    secret = secret or rbytes(32)
    h = b64u(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    sig = b64u(hmac.new(secret, f"{h}.{p}".encode(), hashlib.sha256).digest())
    return f"{h}.{p}.{sig}"


def jwt_rs256_like(payload):
    h = b64u(
        json.dumps(
            {"alg": "RS256", "kid": rs(8, HEX), "typ": "JWT"}, separators=(",", ":")
        ).encode()
    )
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    return f"{h}.{p}.{b64u(rbytes(256))}"


# bech32 (for age keys)
_B32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _bech32_polymod(values):
    gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    chk = 1
    for v in values:
        b = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if ((b >> i) & 1) else 0
    return chk


def bech32_encode(hrp, data8):
    acc, bits, data5 = 0, 0, []
    for b in data8:
        acc = (acc << 8) | b
        bits += 8
        while bits >= 5:
            bits -= 5
            data5.append((acc >> bits) & 31)
    if bits:
        data5.append((acc << (5 - bits)) & 31)
    values = [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp] + data5
    pm = _bech32_polymod(values + [0] * 6) ^ 1
    chk = [(pm >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(_B32[d] for d in data5 + chk)


# =====================================================================================================
# token generators (realistic formats; GitHub tokens carry their real CRC32/base62 checksum)
# =====================================================================================================
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def _b62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def gh_token(prefix="ghp"):
    body = rs(30)
    return f"{prefix}_{body}{_b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)}"


def aws_pair(temp=False):
    kid = ("ASIA" if temp else pick(["AKIA", "AKIA", "AKIA"])) + rs(16, UP + "234567")
    sec = rs(40, ALNUM + "/+")
    return kid, sec


TOKENS = {
    # provider: (display name, env var, generator)
    "github": (
        "GitHub",
        "GITHUB_TOKEN",
        lambda: gh_token(pick(["ghp", "ghp", "gho", "ghu", "ghs"])),
    ),
    "github_fg": (
        "GitHub",
        "GH_PAT",
        lambda: f"github_pat_11{rs(20, UP + D)}_{rs(59)}",
    ),
    "gitlab": ("GitLab", "GITLAB_TOKEN", lambda: "glpat-" + rs(20, URLSAFE)),
    "slack": (
        "Slack",
        "SLACK_BOT_TOKEN",
        lambda: pick(
            [
                f"xoxb-{dg(12)}-{dg(13)}-{rs(24)}",
                f"xoxp-{dg(12)}-{dg(12)}-{dg(13)}-{rs(32, HEX)}",
            ]
        ),
    ),
    "stripe": (
        "Stripe",
        "STRIPE_SECRET_KEY",
        lambda: pick(["sk_live_", "rk_live_"]) + "51" + rs(pick([22, 97])),
    ),
    "openai": (
        "OpenAI",
        "OPENAI_API_KEY",
        lambda: pick(
            [
                "sk-proj-" + rs(58, URLSAFE) + "T3BlbkFJ" + rs(58, URLSAFE),
                "sk-" + rs(20) + "T3BlbkFJ" + rs(20),
            ]
        ),
    ),
    "anthropic": (
        "Anthropic",
        "ANTHROPIC_API_KEY",
        lambda: "sk-ant-api03-" + rs(93, URLSAFE) + "AA",
    ),
    "google": ("Google Maps", "GOOGLE_API_KEY", lambda: "AIza" + rs(35, URLSAFE)),
    "google_oauth": (
        "Google OAuth",
        "GOOGLE_CLIENT_SECRET",
        lambda: "GOCSPX-" + rs(28, URLSAFE),
    ),
    "twilio": ("Twilio", "TWILIO_AUTH_TOKEN", lambda: rs(32, HEX)),
    "twilio_sk": ("Twilio", "TWILIO_API_SECRET", lambda: rs(32)),
    "sendgrid": (
        "SendGrid",
        "SENDGRID_API_KEY",
        lambda: f"SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}",
    ),
    "mailgun": (
        "Mailgun",
        "MAILGUN_API_KEY",
        lambda: pick(
            [f"key-{rs(32, HEX)}", f"{rs(32, HEX)}-{rs(8, HEX)}-{rs(8, HEX)}"]
        ),
    ),
    "npm": ("npm", "NPM_TOKEN", lambda: "npm_" + rs(36)),
    "pypi": (
        "PyPI",
        "TWINE_PASSWORD",
        lambda: (
            "pypi-AgEIcHlwaS5vcmcCJD"
            + rs(8, URLSAFE)
            + "-"
            + rs(4, HEX)
            + "-"
            + rs(120, URLSAFE)
        ),
    ),
    "discord": (
        "Discord",
        "DISCORD_BOT_TOKEN",
        lambda: (
            f"{b64u(str(R.randrange(10**17, 10**18 * 9)).encode())}.{rs(6, URLSAFE)}.{rs(38, URLSAFE)}"
        ),
    ),
    "telegram": (
        "Telegram",
        "TELEGRAM_BOT_TOKEN",
        lambda: f"{R.randrange(10**9, 8 * 10**9)}:AA{rs(33, URLSAFE)}",
    ),
    "azure_secret": (
        "Azure AD",
        "AZURE_CLIENT_SECRET",
        lambda: rs(3, ALNUM) + "8Q~" + rs(34, ALNUM + "._~-"),
    ),
    "digitalocean": (
        "DigitalOcean",
        "DIGITALOCEAN_TOKEN",
        lambda: "dop_v1_" + rs(64, HEX),
    ),
    "shopify": (
        "Shopify",
        "SHOPIFY_ACCESS_TOKEN",
        lambda: pick(["shpat_", "shpss_"]) + rs(32, HEX),
    ),
    "huggingface": (
        "Hugging Face",
        "HF_TOKEN",
        lambda: "hf_" + rs(34, string.ascii_letters),
    ),
    "databricks": (
        "Databricks",
        "DATABRICKS_TOKEN",
        lambda: "dapi" + rs(32, HEX) + pick(["", "-2", "-3"]),
    ),
    "atlassian": (
        "Jira",
        "JIRA_API_TOKEN",
        lambda: "ATATT3xFfGF0" + rs(160, URLSAFE) + "=" + rs(8, UP + D),
    ),
    "notion": (
        "Notion",
        "NOTION_TOKEN",
        lambda: pick(["secret_" + rs(43), "ntn_" + dg(11) + rs(35)]),
    ),
    "square": ("Square", "SQUARE_ACCESS_TOKEN", lambda: "EAAA" + rs(60, URLSAFE)),
    "mailchimp": (
        "Mailchimp",
        "MAILCHIMP_API_KEY",
        lambda: rs(32, HEX) + "-us" + str(R.randint(1, 21)),
    ),
    "datadog": ("Datadog", "DD_API_KEY", lambda: rs(32, HEX)),
    "newrelic": ("New Relic", "NEW_RELIC_API_KEY", lambda: "NRAK-" + rs(27, UP + D)),
    "vault": ("Vault", "VAULT_TOKEN", lambda: "hvs." + rs(pick([24, 90]), URLSAFE)),
    "doppler": ("Doppler", "DOPPLER_TOKEN", lambda: "dp.st.prd." + rs(40)),
    "pulumi": ("Pulumi", "PULUMI_ACCESS_TOKEN", lambda: "pul-" + rs(40, HEX)),
    "terraform": (
        "Terraform Cloud",
        "TF_TOKEN_app_terraform_io",
        lambda: rs(14) + ".atlasv1." + rs(67, URLSAFE),
    ),
    "grafana": (
        "Grafana",
        "GRAFANA_SA_TOKEN",
        lambda: "glsa_" + rs(32) + "_" + rs(8, HEX),
    ),
    "postman": (
        "Postman",
        "POSTMAN_API_KEY",
        lambda: f"PMAK-{rs(24, HEX)}-{rs(34, HEX)}",
    ),
    "linear": ("Linear", "LINEAR_API_KEY", lambda: "lin_api_" + rs(40)),
    "cloudflare": ("Cloudflare", "CLOUDFLARE_API_TOKEN", lambda: rs(40, URLSAFE)),
    "okta": ("Okta", "OKTA_API_TOKEN", lambda: "00" + rs(40, URLSAFE)),
    "heroku": (
        "Heroku",
        "HEROKU_API_KEY",
        lambda: str(uuid.UUID(int=R.getrandbits(128), version=4)),
    ),
    "firebase": (
        "Firebase Cloud Messaging",
        "FCM_SERVER_KEY",
        lambda: "AAAA" + rs(7, URLSAFE) + ":APA91b" + rs(134, URLSAFE),
    ),
    "facebook": (
        "Facebook Graph",
        "FB_ACCESS_TOKEN",
        lambda: "EAA" + rs(pick([120, 180])),
    ),
    "gcp_oauth": (
        "Google Cloud",
        "GOOGLE_OAUTH_ACCESS_TOKEN",
        lambda: "ya29.a0" + rs(150, URLSAFE),
    ),
    "age": (
        "age",
        "AGE_SECRET_KEY",
        lambda: bech32_encode("age-secret-key-", rbytes(32)).upper(),
    ),
    "sentry_auth": (
        "Sentry",
        "SENTRY_AUTH_TOKEN",
        lambda: (
            "sntrys_"
            + b64u(
                json.dumps(
                    {
                        "iat": 1712000000 + R.randrange(10**7),
                        "url": "https://sentry.io",
                        "org": "acme",
                    }
                ).encode()
            )
            + "_"
            + rs(43, URLSAFE)
        ),
    ),
    "supabase": (
        "Supabase",
        "SUPABASE_SERVICE_ROLE_KEY",
        lambda: jwt_hs256(
            {
                "iss": "supabase",
                "ref": rs(20, LO),
                "role": "service_role",
                "iat": 1700000000 + R.randrange(10**7),
                "exp": 2015000000 + R.randrange(10**7),
            }
        ),
    ),
    "groq": ("Groq", "GROQ_API_KEY", lambda: "gsk_" + rs(52)),
    "replicate": ("Replicate", "REPLICATE_API_TOKEN", lambda: "r8_" + rs(37)),
    "mistral": ("Mistral", "MISTRAL_API_KEY", lambda: rs(32)),
    "algolia": ("Algolia admin", "ALGOLIA_ADMIN_KEY", lambda: rs(32, HEX)),
    "circleci": (
        "CircleCI",
        "CIRCLE_TOKEN",
        lambda: "CCIPAT_" + rs(22) + "_" + rs(40, HEX),
    ),
}

# ----- free-prose frames for handing over a token, many languages ------------------------------------
CHAT_TOKEN = {
    "en": [
        "here's the {p} key for staging, don't share it: {t}",
        "FYI the prod {p} token is {t} — rotate after the demo",
        "Remember for later: the {p} API key for the team account is {t}",
    ],
    "de": [
        "Hier ist der {p}-Key fürs Staging, bitte nicht weitergeben: {t}",
        "Neuer {p}-Token für Prod: {t} (nach der Demo rotieren)",
    ],
    "fr": [
        "Voici la clé {p} pour la préprod, ne la partage pas : {t}",
        "Le jeton {p} de prod est {t}, à changer après la démo",
    ],
    "es": [
        "Te paso la clave de {p} para staging, no la compartas: {t}",
        "El token de {p} de producción es {t}",
    ],
    "it": [
        "Ecco la chiave {p} per lo staging, non condividerla: {t}",
        "Il token {p} di produzione è {t}",
    ],
    "pt": [
        "Segue a chave do {p} para homologação, não compartilhe: {t}",
        "O token do {p} em produção é {t}",
    ],
    "nl": ["Hier is de {p}-sleutel voor staging, niet delen: {t}"],
    "pl": ["Tu masz klucz {p} do stagingu, nie udostępniaj: {t}"],
    "ru": [
        "Вот ключ {p} для стейджинга, никому не передавай: {t}",
        "Токен {p} для прода: {t}",
    ],
    "uk": ["Ось ключ {p} для стейджингу, нікому не передавай: {t}"],
    "ja": [
        "ステージング用の{p}のキーです。共有しないでください：{t}",
        "本番の{p}トークンは {t} です",
    ],
    "zh": ["这是测试环境的{p}密钥，别外传：{t}", "生产环境 {p} token：{t}"],
    "ko": ["스테이징용 {p} 키야, 공유하지 마: {t}"],
    "tr": ["Staging için {p} anahtarı bu, kimseyle paylaşma: {t}"],
    "sv": ["Här är {p}-nyckeln för staging, dela den inte: {t}"],
    "cs": ["Tady je klíč {p} pro staging, nikomu ho nedávej: {t}"],
    "id": ["Ini kunci {p} untuk staging, jangan dibagikan: {t}"],
    "vi": ["Đây là khóa {p} cho môi trường staging, đừng chia sẻ: {t}"],
    "ar": ["هذا مفتاح {p} لبيئة الاختبار، لا تشاركه: {t}"],
    "hi": ["staging के लिए {p} की key यह है, किसी से शेयर मत करना: {t}"],
    "he": ["זה המפתח של {p} לסביבת הבדיקות, לא לשתף: {t}"],
    "fi": ["Tässä {p}-avain stagingiin, älä jaa sitä: {t}"],
    "el": ["Αυτό είναι το κλειδί {p} για το staging, μην το μοιραστείς: {t}"],
}
CHAT_LANGS = list(CHAT_TOKEN)


def _camel(var):
    parts = var.lower().split("_")
    return parts[0] + "".join(p.title() for p in parts[1:])


def place_token(prov, ctx=None, lang=None):
    """Embed a provider token into one of many realistic contexts. Returns (text, ctx, lang)."""
    name, var, gen = TOKENS[prov]
    t = gen()
    ctx = ctx or pick(
        [
            "env",
            "export",
            "yaml",
            "toml",
            "json",
            "escaped_json",
            "python",
            "js",
            "go",
            "curl",
            "chat",
            "chat",
            "chat",
            "log",
            "dockerfile",
            "compose",
            "powershell",
            "ini",
            "memory",
            "table",
            "k8s_env",
            "gha",
        ]
    )
    lang = "en"
    host = pick(
        ["api.internal", "svc.acme.io", "prod-eu-1", "ci-runner-07", "build-agent"]
    )
    if ctx == "env":
        text = "\n".join(
            R.sample(
                ["NODE_ENV=production", "LOG_LEVEL=info", "PORT=8080", "TZ=UTC"], 2
            )
            + [f"{var}={t}"]
        )
    elif ctx == "export":
        text = f'export {var}="{t}"\n{pick(["npm run deploy", "python app.py", "make release", "./run.sh --prod"])}'
    elif ctx == "yaml":
        text = f"{prov.split('_')[0]}:\n  enabled: true\n  {pick(['api_key', 'token', 'secret', 'apiKey'])}: {t}\n  timeout_s: {R.choice([10, 30, 60])}"
    elif ctx == "toml":
        text = f'[{prov.split("_")[0]}]\n{pick(["api_key", "token", "secret_key"])} = "{t}"\nretries = {R.randint(1, 5)}'
    elif ctx == "json":
        text = json.dumps(
            {
                "provider": name,
                "credentials": {pick(["apiKey", "token", "secret"]): t},
                "region": pick(["eu", "us"]),
            }
        )
    elif ctx == "escaped_json":
        inner = json.dumps({"service": name, "auth": {"token": t}})
        text = f"{pick(['WARN', 'DEBUG'])} config dump: {json.dumps(inner)}"
    elif ctx == "python":
        text = pick(
            [
                f'import os\n{var} = "{t}"  # TODO move to vault\nclient = Client(api_key={var})',
                f'headers = {{"Authorization": "Bearer {t}"}}\nresp = requests.get(URL, headers=headers)',
            ]
        )
    elif ctx == "js":
        text = f"const {_camel(var)} = '{t}';\nexport default {{ {_camel(var)} }};"
    elif ctx == "go":
        text = f'const {_camel(var).capitalize()} = "{t}" // {name}'
    elif ctx == "curl":
        text = pick(
            [
                f'curl -s -H "Authorization: Bearer {t}" https://{host}/v1/status',
                f"curl -X POST https://{host}/v2/events -H 'X-Api-Key: {t}' -d @payload.json",
            ]
        )
    elif ctx == "chat":
        lang = pick(CHAT_LANGS)
        text = pick(CHAT_TOKEN[lang]).format(p=name, t=t)
    elif ctx == "log":
        ts = f"2024-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}Z"
        text = f"{ts} {pick(['DEBUG', 'INFO', 'TRACE'])} [{host}] outgoing request headers={{'Authorization': 'Bearer {t}', 'Accept': 'application/json'}}"
    elif ctx == "dockerfile":
        text = f'FROM python:3.12-slim\nENV {var}={t}\nCOPY . /app\nCMD ["python", "/app/main.py"]'
    elif ctx == "compose":
        text = f"services:\n  worker:\n    image: acme/worker:latest\n    environment:\n      - {var}={t}"
    elif ctx == "powershell":
        text = f'$env:{var} = "{t}"\n.\\deploy.ps1 -Stage prod'
    elif ctx == "ini":
        text = f"[{name}]\nendpoint = https://{host}\n{pick(['key', 'token', 'api_secret'])} = {t}"
    elif ctx == "memory":
        text = pick(
            [
                f"User shared their {name} API key ({t}) so I can run the sync job nightly.",
                f"Project note: CI uses the {name} token {t}; it has admin scope.",
            ]
        )
    elif ctx == "table":
        text = f"| service | env | credential |\n|---|---|---|\n| {name} | prod | `{t}` |\n| Sentry | prod | (see vault) |"
    elif ctx == "k8s_env":
        text = f'        env:\n        - name: {var}\n          value: "{t}"'
    elif ctx == "gha":
        text = f"jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      {var}: {t}\n    steps:\n      - run: ./deploy.sh"
    else:
        raise ValueError(ctx)
    return text, ctx, lang


# =====================================================================================================
# password / passphrase generators
# =====================================================================================================
WORDS = (
    "apple river candle orbit maple violet tiger copper lantern meadow falcon quartz harbor velvet cactus "
    "thunder pepper glacier marble nectar saddle walnut ember prism juniper canyon ribbon oyster pillow sparrow "
    "tundra gravel lemon anchor bishop cobalt dolphin engine feather galaxy hammock igloo jigsaw kettle lobster "
    "mustard noodle olive pirate rocket salmon tractor umbrella vortex willow yogurt zebra basil crimson drift "
    "fossil granite hazel indigo jasmine koala lagoon mango nickel orchid parrot quiver raven sequoia tulip"
).split()
DE_WORDS = "Sonnenblume Kaffeetasse Regenschirm Bergsee Fahrrad Schneeflocke Wolkenkratzer Zitronenbaum".split()
PW_SYMB = "!@#$%&*?-_.+="


def password():
    k = R.random()
    if k < 0.30:
        return rs(R.randint(14, 22), ALNUM + PW_SYMB)
    if k < 0.55:
        return (
            pick(WORDS + DE_WORDS).capitalize()
            + pick(PW_SYMB)
            + str(R.randint(10, 2029))
            + pick(["", "!", "#"])
        )
    if k < 0.70:
        w = pick(WORDS)
        return (
            w.replace("a", "@").replace("o", "0").replace("e", "3").capitalize()
            + str(R.randint(1, 99))
            + pick(PW_SYMB)
        )
    if k < 0.85:
        return rs(4, UP) + pick(PW_SYMB) + rs(6, LO + D) + pick(PW_SYMB) + rs(3, D)
    return (
        pick(WORDS).capitalize()
        + pick(WORDS).capitalize()
        + str(R.randint(100, 999))
        + pick(PW_SYMB)
    )


def passphrase():
    n = R.randint(4, 6)
    sep = pick([" ", "-", ".", "_", " "])
    ws = R.sample(WORDS, n)
    if R.random() < 0.3:
        ws[R.randrange(n)] = str(R.randint(2, 99))
    return sep.join(ws)


USERS = [
    "admin",
    "root",
    "deploy",
    "svc_backup",
    "postgres",
    "app",
    "ci-bot",
    "jenkins",
    "sa",
    "grafana",
    "etl_user",
    "report_ro",
    "ops",
]
HOSTS = [
    "db.prod.internal",
    "10.0.12.34",
    "pg-main.acme.local",
    "mysql-01.eu-west-1.rds.amazonaws.com",
    "cluster0.x7k2m.mongodb.net",
    "redis.cache.internal",
    "rabbit.mq.local",
    "172.16.4.20",
    "sql.corp.local",
]

PW_PROSE = {
    "en": [
        "The Wi-Fi password for the office is {pw}",
        "root password on the NAS is {pw} - change it after the migration",
        "Note to self: the admin login for the router is admin / {pw}",
        "User told me the password for the shared drive: {pw}",
    ],
    "de": [
        "Das Passwort für den Router ist {pw}, bitte nicht ändern.",
        "Zugang zum Admin-Panel: Benutzer admin, Kennwort {pw}",
        "Das WLAN-Passwort im Büro lautet {pw}",
    ],
    "fr": [
        "Le mot de passe du compte admin est {pw}",
        "Mot de passe du Wi-Fi invités : {pw}",
    ],
    "es": [
        "La contraseña del servidor de producción es {pw}",
        "Usuario root, contraseña: {pw}",
    ],
    "it": [
        "La password dell'utente admin è {pw}",
        "Password del Wi-Fi in ufficio: {pw}",
    ],
    "pt": ["A senha do banco é {pw}", "Senha do painel de administração: {pw}"],
    "nl": ["Het wachtwoord van de NAS is {pw}", "Wachtwoord voor de beheerder: {pw}"],
    "pl": [
        "Hasło do panelu administracyjnego to {pw}",
        "Hasło do Wi-Fi w biurze: {pw}",
    ],
    "ru": ["Пароль от сервера: {pw}", "Логин admin, пароль {pw} — не забудь сменить"],
    "uk": ["Пароль до адмінки: {pw}"],
    "ja": ["管理画面のパスワードは {pw} です", "Wi-Fiのパスワード：{pw}"],
    "zh": ["服务器的root密码是 {pw}", "后台管理员密码：{pw}"],
    "ko": ["관리자 비밀번호는 {pw} 입니다"],
    "tr": ["Yönetici şifresi {pw}", "Sunucu parolası: {pw}"],
    "sv": ["Lösenordet till wifit är {pw}"],
    "fi": ["Palvelimen salasana on {pw}"],
    "da": ["Adgangskoden til routeren er {pw}"],
    "no": ["Passordet til serveren er {pw}"],
    "cs": ["Heslo k serveru je {pw}"],
    "el": ["Ο κωδικός του διαχειριστή είναι {pw}"],
    "he": ["הסיסמה לשרת היא {pw}"],
    "ar": ["كلمة مرور الخادم هي {pw}"],
    "hi": ["सर्वर का पासवर्ड {pw} है"],
    "id": ["Kata sandi server adalah {pw}"],
    "vi": ["Mật khẩu máy chủ là {pw}"],
    "hu": ["A szerver jelszava: {pw}"],
    "ro": ["Parola serverului este {pw}"],
}
PW_LANGS = list(PW_PROSE)

PASSPHRASE_FR = {
    "en": [
        'My KeePass master passphrase is "{pp}" — store it for me in case I forget.',
        "GPG key passphrase: {pp}",
        "The disk encryption passphrase for the laptop is: {pp}",
    ],
    "de": [
        "Die Passphrase für den Schlüssel lautet: {pp}",
        'Master-Passphrase vom Passwortmanager: "{pp}"',
    ],
    "fr": ["La phrase de passe du coffre-fort est « {pp} »"],
    "es": ["La frase de contraseña de la clave SSH es: {pp}"],
    "nl": ["De wachtzin voor de kluis is: {pp}"],
    "ja": ["鍵のパスフレーズは「{pp}」です"],
    "pt": ["A frase-senha do cofre é: {pp}"],
}


# =====================================================================================================
# SECRET makers — each returns (text, kind, template)
# =====================================================================================================
def s_token(prov, kind):
    def f():
        text, ctx, lang = place_token(prov)
        return text, kind, f"token.{prov}:{ctx}:{lang}"

    return f


def s_aws():
    kid, sec = aws_pair(temp=R.random() < 0.15)
    region = pick(["eu-central-1", "us-east-1", "ap-southeast-2", "eu-west-3"])
    ctx = pick(["credentials", "env", "boto3", "terraform", "chat_de", "json", "cli"])
    lang = "en"
    if ctx == "credentials":
        text = f"[default]\naws_access_key_id = {kid}\naws_secret_access_key = {sec}\nregion = {region}"
    elif ctx == "env":
        text = f"AWS_ACCESS_KEY_ID={kid}\nAWS_SECRET_ACCESS_KEY={sec}\nAWS_DEFAULT_REGION={region}"
    elif ctx == "boto3":
        text = f"s3 = boto3.client('s3', aws_access_key_id='{kid}', aws_secret_access_key='{sec}', region_name='{region}')"
    elif ctx == "terraform":
        text = f'provider "aws" {{\n  region     = "{region}"\n  access_key = "{kid}"\n  secret_key = "{sec}"\n}}'
    elif ctx == "chat_de":
        lang = "de"
        text = f"Die AWS-Zugangsdaten für das Backup-Bucket: Access Key {kid}, Secret {sec}"
    elif ctx == "json":
        text = json.dumps(
            {
                "AccessKey": {
                    "UserName": "ci-deployer",
                    "AccessKeyId": kid,
                    "Status": "Active",
                    "SecretAccessKey": sec,
                }
            },
            indent=2,
        )
    else:
        text = f"aws configure set aws_access_key_id {kid} && aws configure set aws_secret_access_key {sec}"
    return text, "aws_credentials", f"aws:{ctx}:{lang}"


def s_github_url():
    t = gh_token("ghp")
    org = pick(["acme", "nordlicht-dev", "orbital-labs", "kitecorp"])
    repo = pick(["infra", "billing-service", "website", "ml-pipeline"])
    ctx = pick(["clone", "remote", "pip"])
    if ctx == "clone":
        text = f"git clone https://{t}@github.com/{org}/{repo}.git"
    elif ctx == "remote":
        text = f'[remote "origin"]\n\turl = https://x-access-token:{t}@github.com/{org}/{repo}.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*'
    else:
        text = f"pip install git+https://{pick(USERS)}:{t}@github.com/{org}/{repo}.git@v1.4.2"
    return text, "github_token", f"github_url:{ctx}:en"


def s_webhook():
    p = pick(["slack", "discord", "teams", "zapier", "gchat", "slack", "discord"])
    if p == "slack":
        u = f"https://hooks.slack.com/services/T{rs(R.choice([8, 10]), UP + D)}/B{rs(R.choice([9, 11]), UP + D)}/{rs(24)}"
    elif p == "discord":
        u = f"https://discord.com/api/webhooks/{R.randrange(10**17, 10**19)}/{rs(68, URLSAFE)}"
    elif p == "teams":
        g = lambda: str(uuid.UUID(int=R.getrandbits(128), version=4))
        u = f"https://acme.webhook.office.com/webhookb2/{g()}@{g()}/IncomingWebhook/{rs(32, HEX)}/{g()}/V2{rs(40, URLSAFE)}"
    elif p == "zapier":
        u = f"https://hooks.zapier.com/hooks/catch/{R.randint(1000000, 9999999)}/{rs(6, LO + D)}/"
    else:
        u = f"https://chat.googleapis.com/v1/spaces/AAAA{rs(7, URLSAFE)}/messages?key=AIza{rs(35, URLSAFE)}&token={urllib.parse.quote(b64u(rbytes(32)))}"
    ctx = pick(["curl", "env", "chat_en", "chat_fr", "yaml"])
    lang = "en"
    if ctx == "curl":
        text = f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy finished\"}}' {u}"
    elif ctx == "env":
        text = f"ALERT_WEBHOOK_URL={u}"
    elif ctx == "chat_en":
        text = f"use this webhook for the alerts channel: {u}"
    elif ctx == "chat_fr":
        lang = "fr"
        text = f"Voici l'URL du webhook pour les alertes de prod : {u}"
    else:
        text = f"alerting:\n  receivers:\n    - name: oncall\n      webhook_url: {u}"
    return text, "webhook_url", f"webhook.{p}:{ctx}:{lang}"


def s_gcp_sa():
    key = rsa_key(2048)
    proj = pick(["acme-prod-4412", "orbital-analytics", "nordlicht-ml-233"])
    sa = {
        "type": "service_account",
        "project_id": proj,
        "private_key_id": rs(40, HEX),
        "private_key": pem_private(key) + "\n",
        "client_email": f"deployer@{proj}.iam.gserviceaccount.com",
        "client_id": dg(21),
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    ctx = pick(["file", "env_inline"])
    if ctx == "file":
        text = json.dumps(sa, indent=2)
    else:
        text = "GOOGLE_CREDENTIALS=" + json.dumps(sa)
    return text, "gcp_service_account", f"gcp_sa:{ctx}:en"


def s_twilio_pair():
    sid = "AC" + rs(32, HEX)
    tok = rs(32, HEX)
    ctx = pick(["python", "env"])
    if ctx == "python":
        text = f'from twilio.rest import Client\nclient = Client("{sid}", "{tok}")'
    else:
        text = f"TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={tok}"
    return text, "twilio_credentials", f"twilio:{ctx}:en"


def s_azure_storage():
    acct = pick(["acmeprodstore", "nlbackups01", "orbitaldatalake"])
    key = b64(rbytes(64))
    ctx = pick(["connstr", "appsettings", "sas"])
    if ctx == "connstr":
        text = f'AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net"'
        kind = "azure_storage_key"
    elif ctx == "appsettings":
        text = json.dumps(
            {
                "ConnectionStrings": {
                    "Storage": f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net"
                }
            },
            indent=2,
        )
        kind = "azure_storage_key"
    else:
        sig = urllib.parse.quote(b64(rbytes(32)), safe="")
        text = (
            f"https://{acct}.blob.core.windows.net/exports/report.csv?sv=2022-11-02&ss=b&srt=sco&sp=rwdlacup"
            f"&se=2026-12-31T23:59:59Z&st=2024-06-01T00:00:00Z&spr=https&sig={sig}"
        )
        kind = "azure_sas_url"
    return text, kind, f"azure:{ctx}:en"


def s_jwt():
    now = 1714000000 + R.randrange(10**7)
    payload = pick(
        [
            {
                "sub": str(R.randrange(10**6)),
                "role": "admin",
                "iat": now,
                "exp": now + 86400 * 365,
            },
            {"sub": "svc-reporting", "scope": "read:all write:all", "iat": now},
            {
                "iss": "https://auth.acme.io/",
                "aud": "api",
                "sub": "auth0|" + rs(24, HEX),
                "iat": now,
                "exp": now + 3600,
            },
        ]
    )
    t = jwt_hs256(payload) if R.random() < 0.6 else jwt_rs256_like(payload)
    ctx = pick(["header", "cookie", "kubeconfig", "chat", "localstorage", "http"])
    lang = "en"
    if ctx == "header":
        text = f"Authorization: Bearer {t}"
    elif ctx == "cookie":
        text = f"Set-Cookie: access_token={t}; Path=/; HttpOnly; Secure; SameSite=Lax"
    elif ctx == "kubeconfig":
        text = f"users:\n- name: ci-admin\n  user:\n    token: {t}"
    elif ctx == "chat":
        lang = pick(["en", "es", "de"])
        text = {
            "en": f"here's my session token if you want to test the API as me: {t}",
            "es": f"te dejo mi token de sesión para que pruebes la API: {t}",
            "de": f"Hier mein Session-Token zum Testen der API: {t}",
        }[lang]
    elif ctx == "localstorage":
        text = f"localStorage.setItem('id_token', '{t}');"
    else:
        text = f"GET /api/v2/admin/users HTTP/1.1\nHost: api.acme.io\nAuthorization: Bearer {t}\nAccept: */*"
    return text, "jwt", f"jwt:{ctx}:{lang}"


def s_db():
    u = pick(USERS)
    pw = password()
    pwq = urllib.parse.quote(pw, safe="")
    h = pick(HOSTS)
    ctx = pick(
        [
            "postgres",
            "mysql",
            "mongo",
            "redis",
            "amqp",
            "jdbc",
            "mssql",
            "sqlalchemy",
            "pgpass",
            "django",
            "dotnet",
            "mongo_shell",
        ]
    )
    if ctx == "postgres":
        text = f"DATABASE_URL=postgres://{u}:{pwq}@{h}:5432/{pick(['app', 'billing', 'prod'])}?sslmode=require"
    elif ctx == "mysql":
        text = f"mysql://{u}:{pwq}@{h}:3306/shop"
    elif ctx == "mongo":
        text = f"MONGO_URI=mongodb+srv://{u}:{pwq}@cluster0.{rs(5, LO + D)}.mongodb.net/?retryWrites=true&w=majority"
    elif ctx == "redis":
        text = f"REDIS_URL=redis://:{pwq}@{h}:6379/0"
    elif ctx == "amqp":
        text = f'broker_url = "amqp://{u}:{pwq}@{h}:5672/prod"'
    elif ctx == "jdbc":
        text = f"spring.datasource.url=jdbc:postgresql://{h}:5432/orders\nspring.datasource.username={u}\nspring.datasource.password={pw}"
    elif ctx == "mssql":
        text = f"Server=tcp:{h},1433;Database=Sales;User Id={u};Password={pw};Encrypt=True;"
    elif ctx == "sqlalchemy":
        text = (
            f'engine = create_engine("postgresql+psycopg2://{u}:{pwq}@{h}/analytics")'
        )
    elif ctx == "pgpass":
        text = f"# ~/.pgpass\n{h}:5432:*:{u}:{pw}"
    elif ctx == "django":
        text = (
            f"DATABASES = {{\n    'default': {{\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'app',\n"
            f"        'USER': '{u}',\n        'PASSWORD': '{pw}',\n        'HOST': '{h}',\n    }}\n}}"
        )
    elif ctx == "dotnet":
        text = json.dumps(
            {
                "ConnectionStrings": {
                    "Default": f"Host={h};Database=crm;Username={u};Password={pw}"
                }
            },
            indent=2,
        )
    else:
        text = f'mongosh "mongodb://{u}:{pwq}@{h}:27017/admin"'
    return text, "db_connection_string", f"db:{ctx}:en"


def s_private_key():
    alg = pick(["rsa_pkcs1", "rsa_pkcs8", "ec", "ed25519", "rsa_json", "ec_env"])
    if alg == "rsa_pkcs1":
        pem = pem_private(rsa_key(pick([1024, 2048])), "traditional")
        text = (
            pick(["", "deploy key for the build server:\n", "# keys/server.key\n"])
            + pem
        )
    elif alg == "rsa_pkcs8":
        text = pem_private(rsa_key(2048))
    elif alg == "ec":
        text = "# tls/privkey.pem\n" + pem_private(
            ec_key(), pick(["traditional", "pkcs8"])
        )
    elif alg == "ed25519":
        text = pem_private(ed_key())
    elif alg == "rsa_json":
        text = json.dumps(
            {
                "kid": rs(12, HEX),
                "signing_key": pem_private(rsa_key(1024), "traditional"),
            }
        )
    else:
        text = 'JWT_PRIVATE_KEY="' + pem_private(ec_key()).replace("\n", "\\n") + '"'
    return text, "private_key_pem", f"pem:{alg}:en"


def s_openssh():
    k = ed_key()
    comment = pick(["deploy@ci", "backup@nas", "git@builder"])
    pre = pick(
        [
            "",
            "cat ~/.ssh/id_ed25519\n",
            "Here's the deploy key, paste it into the runner:\n",
            "Hier der Deploy-Key für den Runner:\n",
        ]
    )
    lang = "de" if pre.startswith("Hier") else "en"
    return (
        pre + openssh_private_ed25519(k, comment),
        "openssh_private_key",
        f"openssh:{'pre' if pre else 'bare'}:{lang}",
    )


def s_pgp():
    pre = pick(["", "gpg --export-secret-keys --armor release@acme.io\n"])
    return (
        pre + pgp_private_block(),
        "pgp_private_key",
        f"pgp:{'cmd' if pre else 'bare'}:en",
    )


def s_pw_prose():
    lang = pick(PW_LANGS)
    return (
        pick(PW_PROSE[lang]).format(pw=password()),
        "password_prose",
        f"pw_prose:chat:{lang}",
    )


def s_pw_table():
    rows = [
        (
            pick(
                ["VPN", "NAS", "Router", "Jenkins", "WordPress admin", "FTP", "pfSense"]
            ),
            pick(USERS),
            password(),
        )
        for _ in range(R.randint(1, 3))
    ]
    style = pick(["md", "csv", "tsv"])
    if style == "md":
        text = "| System | User | Password |\n|---|---|---|\n" + "\n".join(
            f"| {a} | {b} | {c} |" for a, b, c in rows
        )
    elif style == "csv":
        text = "system,username,password\n" + "\n".join(
            f"{a},{b},{c}" for a, b, c in rows
        )
    else:
        text = "Dienst\tBenutzer\tPasswort\n" + "\n".join(
            f"{a}\t{b}\t{c}" for a, b, c in rows
        )
    return (
        text,
        "password_table",
        f"pw_table:{style}:{'de' if style == 'tsv' else 'en'}",
    )


def s_pw_escaped_json():
    pw = password()
    inner = json.dumps({"username": pick(USERS), "password": pw, "remember": True})
    style = pick(["log", "nested", "curl"])
    if style == "log":
        text = f"POST /api/login body={json.dumps(inner)} status=200"
    elif style == "nested":
        text = json.dumps({"event": "login_attempt", "raw_body": inner})
    else:
        text = f"curl -X POST https://intranet.acme.local/login -H 'Content-Type: application/json' -d '{inner}'"
    return text, "password_escaped_json", f"pw_json:{style}:en"


def s_pw_cli():
    pw = password().replace("'", "")
    u = pick(USERS)
    h = pick(HOSTS)
    style = pick(
        [
            "mysql",
            "mysql2",
            "sshpass",
            "curl_u",
            "docker",
            "psql_env",
            "net_use",
            "openssl",
            "smbclient",
            "mysqldump",
            "rsync",
        ]
    )
    text = {
        "mysql": f"mysql -u {u} -p'{pw}' -h {h} shop",
        "mysql2": f'mysql --user={u} --password="{pw}" --host={h}',
        "sshpass": f"sshpass -p '{pw}' ssh {u}@{h}",
        "curl_u": f"curl -u {u}:'{pw}' https://{h}/api/v1/backup",
        "docker": f"docker login registry.acme.io -u {u} -p '{pw}'",
        "psql_env": f"PGPASSWORD='{pw}' psql -h {h} -U {u} -d prod",
        "net_use": f"net use Z: \\\\fileserver\\finance /user:CORP\\{u} {pw}",
        "openssl": f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{pw}",
        "smbclient": f"smbclient //nas/share -U {u}%'{pw}'",
        "mysqldump": f"mysqldump -u{u} -p{pw} --all-databases > dump.sql",
        "rsync": f"RSYNC_PASSWORD='{pw}' rsync -av backup@{h}::data /mnt/data",
    }[style]
    return text, "password_cli_flag", f"pw_cli:{style}:en"


def s_passphrase():
    lang = pick(list(PASSPHRASE_FR))
    return (
        pick(PASSPHRASE_FR[lang]).format(pp=passphrase()),
        "passphrase",
        f"passphrase:prose:{lang}",
    )


def s_cookie():
    style = pick(
        ["django", "express", "php", "rails", "laravel", "aspnet", "curl", "chat"]
    )
    lang = "en"
    if style == "django":
        text = f"Cookie: sessionid={rs(32, LO + D)}; csrftoken={rs(32)}"
    elif style == "express":
        sid = rs(32, URLSAFE)
        text = f"Cookie: connect.sid=s%3A{sid}.{urllib.parse.quote(b64(rbytes(32)).rstrip('='), safe='')}"
    elif style == "php":
        text = f"Set-Cookie: PHPSESSID={rs(26, LO + D)}; path=/; HttpOnly"
    elif style == "rails":
        text = f"Cookie: _myapp_session={urllib.parse.quote(b64(rbytes(96)))}--{rs(40, HEX)}"
    elif style == "laravel":
        payload = b64(
            json.dumps(
                {
                    "iv": b64(rbytes(16)),
                    "value": b64(rbytes(48)),
                    "mac": rs(64, HEX),
                    "tag": "",
                }
            ).encode()
        )
        text = f"laravel_session={urllib.parse.quote(payload)}"
    elif style == "aspnet":
        text = f"Cookie: .AspNetCore.Session={rs(100, URLSAFE)}; ASP.NET_SessionId={rs(24, LO + D)}"
    elif style == "curl":
        text = f"curl https://admin.acme.io/dashboard -b 'session={b64u(rbytes(48))}'"
    else:
        lang = pick(["en", "pt", "it"])
        c = f"sessionid={rs(32, LO + D)}"
        text = {
            "en": f"if you want to look at my account, just paste this cookie into your browser: {c}",
            "pt": f"pra entrar na minha conta é só colar esse cookie no navegador: {c}",
            "it": f"per entrare nel mio account incolla questo cookie nel browser: {c}",
        }[lang]
    return text, "session_cookie", f"cookie:{style}:{lang}"


def s_basic_auth():
    u = pick(USERS)
    pw = password()
    tok = b64(f"{u}:{pw}".encode())
    style = pick(["header", "http", "nginx_proxy", "python"])
    if style == "header":
        text = f"Authorization: Basic {tok}"
    elif style == "http":
        text = f"GET /metrics HTTP/1.1\nHost: prometheus.internal\nAuthorization: Basic {tok}"
    elif style == "nginx_proxy":
        text = f'location /api/ {{\n    proxy_pass http://backend;\n    proxy_set_header Authorization "Basic {tok}";\n}}'
    else:
        text = f'requests.get(url, auth=("{u}", "{pw}"))'
    return text, "basic_auth", f"basic:{style}:en"


def s_url_creds():
    u = pick(USERS)
    pw = urllib.parse.quote(password(), safe="")
    style = pick(["https", "ftp", "proxy", "sftp", "webdav", "git"])
    text = {
        "https": f"wget https://{u}:{pw}@downloads.acme.io/releases/latest.tar.gz",
        "ftp": f"ftp://{u}:{pw}@ftp.acme-partner.de/incoming/",
        "proxy": f"export HTTPS_PROXY=http://{u}:{pw}@proxy.corp.local:3128",
        "sftp": f"Upload the nightly export to sftp://{u}:{pw}@sftp.vendor.example.net/drop",
        "webdav": f"davfs mount: https://{u}:{pw}@cloud.acme.io/remote.php/dav/files/{u}/",
        "git": f"git remote set-url origin https://{u}:{pw}@git.acme.io/platform/api.git",
    }[style]
    return text, "url_credentials", f"urlcred:{style}:en"


def s_k8s_secret():
    pw = password()
    text = (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-credentials\ntype: Opaque\ndata:\n"
        f"  username: {b64(pick(USERS).encode())}\n  password: {b64(pw.encode())}"
    )
    return text, "k8s_secret_b64", "k8s_secret:yaml:en"


def s_docker_auth():
    auth = b64(f"{pick(USERS)}:{password()}".encode())
    reg = pick(
        [
            "registry.acme.io",
            "https://index.docker.io/v1/",
            "ghcr.io",
            "harbor.corp.local",
        ]
    )
    text = json.dumps({"auths": {reg: {"auth": auth}}}, indent=2)
    return text, "docker_config_auth", "docker_auth:json:en"


def s_netrc():
    style = pick(["netrc", "npmrc", "pypirc", "git_credentials"])
    if style == "netrc":
        text = f"machine api.heroku.com\n  login ci@acme.io\n  password {TOKENS['heroku'][2]()}"
    elif style == "npmrc":
        text = f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={TOKENS['npm'][2]()}"
    elif style == "pypirc":
        text = f"[pypi]\nusername = __token__\npassword = {TOKENS['pypi'][2]()}"
    else:
        text = f"https://{pick(USERS)}:{gh_token('ghp')}@github.com"
    return text, "credential_file", f"credfile:{style}:en"


def s_smtp():
    pw = password()
    style = pick(["env", "php", "yaml"])
    if style == "env":
        text = f"MAIL_HOST=smtp.mailgun.org\nMAIL_PORT=587\nMAIL_USERNAME=postmaster@mg.acme.io\nMAIL_PASSWORD={pw}"
    elif style == "php":
        text = f"$mail->Host = 'smtp.office365.com';\n$mail->Username = 'noreply@acme.io';\n$mail->Password = '{pw}';"
    else:
        text = f"smtp:\n  host: smtp.gmail.com\n  port: 465\n  user: alerts@acme.io\n  app_password: {rs(16, LO)}"
    return text, "smtp_password", f"smtp:{style}:en"


SECRET_PLAN = [
    (s_aws, 8),
    (s_token("github", "github_token"), 5),
    (s_token("github_fg", "github_token"), 2),
    (s_github_url, 3),
    (s_token("gitlab", "gitlab_token"), 3),
    (s_token("slack", "slack_token"), 4),
    (s_webhook, 8),
    (s_token("stripe", "stripe_key"), 5),
    (s_token("openai", "openai_key"), 5),
    (s_token("anthropic", "anthropic_key"), 4),
    (s_token("google", "google_api_key"), 4),
    (s_token("google_oauth", "google_oauth_secret"), 2),
    (s_gcp_sa, 3),
    (s_twilio_pair, 2),
    (s_token("twilio_sk", "twilio_credentials"), 1),
    (s_token("sendgrid", "sendgrid_key"), 3),
    (s_token("mailgun", "mailgun_key"), 2),
    (s_token("npm", "npm_token"), 2),
    (s_token("pypi", "pypi_token"), 2),
    (s_token("discord", "discord_bot_token"), 2),
    (s_token("telegram", "telegram_bot_token"), 3),
    (s_azure_storage, 4),
    (s_token("azure_secret", "azure_client_secret"), 2),
    (s_token("digitalocean", "digitalocean_token"), 2),
    (s_token("shopify", "shopify_token"), 2),
    (s_token("huggingface", "huggingface_token"), 3),
    (s_token("databricks", "databricks_token"), 2),
    (s_token("atlassian", "atlassian_token"), 1),
    (s_token("notion", "notion_token"), 2),
    (s_token("square", "square_token"), 1),
    (s_token("mailchimp", "mailchimp_key"), 2),
    (s_token("datadog", "datadog_key"), 2),
    (s_token("newrelic", "newrelic_key"), 1),
    (s_token("vault", "vault_token"), 2),
    (s_token("doppler", "doppler_token"), 1),
    (s_token("pulumi", "pulumi_token"), 1),
    (s_token("terraform", "terraform_token"), 1),
    (s_token("grafana", "grafana_token"), 2),
    (s_token("postman", "postman_key"), 1),
    (s_token("linear", "linear_key"), 1),
    (s_token("cloudflare", "cloudflare_token"), 2),
    (s_token("okta", "okta_token"), 1),
    (s_token("heroku", "heroku_key"), 1),
    (s_token("firebase", "firebase_server_key"), 1),
    (s_token("facebook", "facebook_token"), 1),
    (s_token("gcp_oauth", "gcp_oauth_token"), 1),
    (s_token("age", "age_secret_key"), 1),
    (s_token("sentry_auth", "sentry_token"), 1),
    (s_token("supabase", "supabase_service_key"), 2),
    (s_token("groq", "groq_key"), 1),
    (s_token("replicate", "replicate_token"), 1),
    (s_token("mistral", "mistral_key"), 1),
    (s_token("algolia", "algolia_key"), 1),
    (s_token("circleci", "circleci_token"), 1),
    (s_jwt, 6),
    (s_db, 12),
    (s_private_key, 8),
    (s_openssh, 3),
    (s_pgp, 2),
    (s_pw_prose, 20),
    (s_pw_table, 4),
    (s_pw_escaped_json, 4),
    (s_pw_cli, 8),
    (s_passphrase, 6),
    (s_cookie, 7),
    (s_basic_auth, 4),
    (s_url_creds, 5),
    (s_k8s_secret, 2),
    (s_docker_auth, 2),
    (s_netrc, 3),
    (s_smtp, 2),
]


# =====================================================================================================
# PII: language frames
# =====================================================================================================
# gen: generic frames with {name} (label of the datum in that language) and {v}
L = {
    "en": dict(
        gen=[
            "Here are my details for the form — {name}: {v}",
            "Can you fill in the application for me? My {name} is {v}.",
            "Remember this for next time: user's {name} is {v}.",
            "Updating my profile — new {name}: {v}",
        ],
        phone=[
            "You can reach me on my mobile at {v} after 6pm.",
            "User asked to be called back at {v} tomorrow morning.",
            "My cell is {v}, text me when you're outside.",
        ],
        email=[
            "Send the signed contract to my personal address {v}, not the work one.",
            "User's private e-mail is {v}; use it for receipts.",
            "you can email me at {v} anytime",
        ],
        dob=[
            "User's date of birth is {v} (needed for the insurance quote).",
            "I was born on {v}, in case the form asks.",
        ],
        addr=[
            "Please ship it to my home address: {v}.",
            "User lives at {v}; deliveries only after 5pm.",
        ],
        card="card number",
        passport="passport number",
        iban="IBAN",
    ),
    "de": dict(
        gen=[
            "Hier meine Daten für das Formular – {name}: {v}",
            "Notiz: Der Nutzer hat seine Daten genannt – {name}: {v}",
            "Für den Antrag brauchst du noch Folgendes: {name} {v}",
        ],
        phone=[
            "Du erreichst mich privat unter {v}, am besten abends.",
            "Bitte ruf mich zurück: {v}",
        ],
        email=[
            "Schick die Unterlagen bitte an meine private Adresse {v}.",
            "Meine private Mail ist {v}, die Firmenadresse lese ich im Urlaub nicht.",
        ],
        dob=["Ich bin am {v} geboren.", "Geburtsdatum des Kunden: {v}"],
        addr=[
            "Meine Wohnanschrift lautet {v}.",
            "Bitte an meine Privatadresse liefern: {v}",
        ],
        card="Kartennummer",
        passport="Reisepassnummer",
        iban="IBAN",
    ),
    "fr": dict(
        gen=[
            "Voici mes infos pour le dossier — {name} : {v}",
            "Note : l'utilisateur a communiqué ses données — {name} : {v}",
            "Pour l'inscription, il me faut encore ceci : {name} {v}",
        ],
        phone=[
            "Vous pouvez me joindre sur mon portable au {v}.",
            "Rappelez-moi au {v} s'il vous plaît.",
        ],
        email=[
            "Envoyez le devis à mon adresse perso : {v}",
            "Mon e-mail personnel, c'est {v}.",
        ],
        dob=["Je suis né le {v}.", "Date de naissance de la cliente : {v}"],
        addr=["J'habite au {v}.", "Adresse de livraison (domicile) : {v}"],
        card="numéro de carte",
        passport="numéro de passeport",
        iban="IBAN",
    ),
    "es": dict(
        gen=[
            "Te paso mis datos para el formulario — {name}: {v}",
            "Nota: el cliente facilitó sus datos — {name}: {v}",
            "Para la matrícula hace falta esto: {name} {v}",
        ],
        phone=[
            "Llámame al móvil, es el {v}.",
            "Mi número de celular es {v}, escríbeme por WhatsApp.",
        ],
        email=[
            "Mándame la factura a mi correo personal: {v}",
            "Mi correo es {v}, el del trabajo no lo reviso.",
        ],
        dob=["Nací el {v}.", "Fecha de nacimiento del paciente: {v}"],
        addr=["Vivo en {v}.", "Dirección de mi casa para el envío: {v}"],
        card="número de tarjeta",
        passport="número de pasaporte",
        iban="IBAN",
    ),
    "it": dict(
        gen=[
            "Ecco i miei dati per il modulo — {name}: {v}",
            "Promemoria: l'utente ha fornito i suoi dati — {name}: {v}",
        ],
        phone=[
            "Puoi chiamarmi sul cellulare al {v}.",
            "Il mio numero è {v}, scrivimi su WhatsApp.",
        ],
        email=[
            "Mandami il preventivo all'indirizzo personale {v}",
            "La mia mail privata è {v}.",
        ],
        dob=["Sono nato il {v}.", "Data di nascita del cliente: {v}"],
        addr=["Abito in {v}.", "Indirizzo di casa per la consegna: {v}"],
        card="numero della carta",
        passport="numero di passaporto",
        iban="IBAN",
    ),
    "pt": dict(
        gen=[
            "Seguem meus dados para o cadastro — {name}: {v}",
            "Obs.: o cliente informou os dados — {name}: {v}",
        ],
        phone=["Pode me ligar no celular: {v}", "Meu WhatsApp é {v}, me chama lá."],
        email=[
            "Manda o boleto para o meu e-mail pessoal, {v}",
            "Meu e-mail particular é {v}.",
        ],
        dob=["Nasci em {v}.", "Data de nascimento do titular: {v}"],
        addr=["Moro na {v}.", "Endereço residencial para entrega: {v}"],
        card="número do cartão",
        passport="número do passaporte",
        iban="IBAN",
    ),
    "nl": dict(
        gen=[
            "Hierbij mijn gegevens voor het formulier — {name}: {v}",
            "Notitie: de klant gaf zijn gegevens door — {name}: {v}",
        ],
        phone=["Je kunt me bellen op mijn mobiel: {v}"],
        email=["Stuur de offerte naar mijn privé-adres {v}"],
        dob=["Ik ben geboren op {v}."],
        addr=["Mijn woonadres is {v}."],
        card="kaartnummer",
        passport="paspoortnummer",
        iban="IBAN",
    ),
    "pl": dict(
        gen=[
            "Moje dane do formularza — {name}: {v}",
            "Notatka: klient podał swoje dane — {name}: {v}",
        ],
        phone=["Proszę dzwonić na moją komórkę: {v}"],
        email=["Proszę wysłać umowę na mój prywatny adres {v}"],
        dob=["Urodziłem się {v}."],
        addr=["Mieszkam pod adresem {v}."],
        card="numer karty",
        passport="numer paszportu",
        iban="IBAN",
    ),
    "sv": dict(
        gen=[
            "Här är mina uppgifter till blanketten — {name}: {v}",
            "Anteckning: kunden lämnade sina uppgifter — {name}: {v}",
        ],
        phone=["Du når mig på mobilen på {v}."],
        email=["Skicka kvittot till min privata mejl {v}"],
        dob=["Jag är född den {v}."],
        addr=["Jag bor på {v}."],
        card="kortnummer",
        passport="passnummer",
        iban="IBAN",
    ),
    "no": dict(
        gen=[
            "Her er opplysningene mine til skjemaet — {name}: {v}",
            "Notat: kunden oppga følgende — {name}: {v}",
        ],
        phone=["Du kan ringe meg på mobilen: {v}"],
        email=["Send kontrakten til den private e-posten min, {v}"],
        dob=["Jeg er født {v}."],
        addr=["Jeg bor i {v}."],
        card="kortnummer",
        passport="passnummer",
        iban="IBAN",
    ),
    "da": dict(
        gen=[
            "Her er mine oplysninger til formularen — {name}: {v}",
            "Note: kunden oplyste — {name}: {v}",
        ],
        phone=["Ring til mig på min mobil: {v}"],
        email=["Send fakturaen til min private mail {v}"],
        dob=["Jeg er født den {v}."],
        addr=["Jeg bor på {v}."],
        card="kortnummer",
        passport="pasnummer",
        iban="IBAN",
    ),
    "fi": dict(
        gen=[
            "Tässä tietoni lomaketta varten — {name}: {v}",
            "Muistiinpano: asiakas antoi tietonsa — {name}: {v}",
        ],
        phone=["Minut tavoittaa kännykästä numerosta {v}."],
        email=["Lähetä sopimus yksityiseen sähköpostiini {v}"],
        dob=["Olen syntynyt {v}."],
        addr=["Asun osoitteessa {v}."],
        card="kortin numero",
        passport="passin numero",
        iban="IBAN",
    ),
    "et": dict(
        gen=[
            "Siin on minu andmed vormi jaoks — {name}: {v}",
            "Märkus: klient andis oma andmed — {name}: {v}",
        ],
        phone=["Helista mulle mobiilile: {v}"],
        email=["Saada leping minu isiklikule e-postile {v}"],
        dob=["Olen sündinud {v}."],
        addr=["Elan aadressil {v}."],
        card="kaardi number",
        passport="passi number",
        iban="IBAN",
    ),
    "lt": dict(
        gen=[
            "Mano duomenys formai — {name}: {v}",
            "Pastaba: klientas pateikė duomenis — {name}: {v}",
        ],
        phone=["Skambinkite man mobiliuoju: {v}"],
        email=["Atsiųskite sutartį į mano asmeninį el. paštą {v}"],
        dob=["Gimiau {v}."],
        addr=["Gyvenu adresu {v}."],
        card="kortelės numeris",
        passport="paso numeris",
        iban="IBAN",
    ),
    "lv": dict(
        gen=[
            "Mani dati veidlapai — {name}: {v}",
            "Piezīme: klients norādīja datus — {name}: {v}",
        ],
        phone=["Zvaniet man uz mobilo: {v}"],
        email=["Lūdzu, sūtiet līgumu uz manu privāto e-pastu {v}"],
        dob=["Esmu dzimis {v}."],
        addr=["Es dzīvoju {v}."],
        card="kartes numurs",
        passport="pases numurs",
        iban="IBAN",
    ),
    "bg": dict(
        gen=[
            "Ето данните ми за формуляра — {name}: {v}",
            "Бележка: клиентът предостави данни — {name}: {v}",
        ],
        phone=["Можете да ми се обадите на мобилния: {v}"],
        email=["Изпратете договора на личния ми имейл {v}"],
        dob=["Роден съм на {v}."],
        addr=["Живея на адрес {v}."],
        card="номер на картата",
        passport="номер на паспорта",
        iban="IBAN",
    ),
    "ro": dict(
        gen=[
            "Iată datele mele pentru formular — {name}: {v}",
            "Notă: clientul a furnizat datele — {name}: {v}",
        ],
        phone=["Mă puteți suna pe mobil la {v}."],
        email=["Trimiteți contractul pe adresa mea personală {v}"],
        dob=["M-am născut pe {v}."],
        addr=["Locuiesc pe {v}."],
        card="numărul cardului",
        passport="numărul pașaportului",
        iban="IBAN",
    ),
    "cs": dict(
        gen=[
            "Tady jsou moje údaje do formuláře — {name}: {v}",
            "Poznámka: klient uvedl údaje — {name}: {v}",
        ],
        phone=["Zavolejte mi na mobil {v}."],
        email=["Pošlete smlouvu na můj soukromý e-mail {v}"],
        dob=["Narodil jsem se {v}."],
        addr=["Bydlím na adrese {v}."],
        card="číslo karty",
        passport="číslo pasu",
        iban="IBAN",
    ),
    "sk": dict(
        gen=[
            "Tu sú moje údaje do formulára — {name}: {v}",
            "Poznámka: klient uviedol údaje — {name}: {v}",
        ],
        phone=["Zavolajte mi na mobil {v}."],
        email=["Pošlite zmluvu na môj súkromný e-mail {v}"],
        dob=["Narodil som sa {v}."],
        addr=["Bývam na adrese {v}."],
        card="číslo karty",
        passport="číslo pasu",
        iban="IBAN",
    ),
    "sl": dict(
        gen=[
            "Tu so moji podatki za obrazec — {name}: {v}",
            "Opomba: stranka je posredovala podatke — {name}: {v}",
        ],
        phone=["Pokličite me na mobitel {v}."],
        email=["Pogodbo pošljite na moj zasebni e-naslov {v}"],
        dob=["Rojen sem {v}."],
        addr=["Živim na naslovu {v}."],
        card="številka kartice",
        passport="številka potnega lista",
        iban="IBAN",
    ),
    "hr": dict(
        gen=[
            "Evo mojih podataka za obrazac — {name}: {v}",
            "Napomena: klijent je dao podatke — {name}: {v}",
        ],
        phone=["Nazovite me na mobitel {v}."],
        email=["Pošaljite ugovor na moju privatnu adresu {v}"],
        dob=["Rođen sam {v}."],
        addr=["Živim na adresi {v}."],
        card="broj kartice",
        passport="broj putovnice",
        iban="IBAN",
    ),
    "el": dict(
        gen=[
            "Ορίστε τα στοιχεία μου για τη φόρμα — {name}: {v}",
            "Σημείωση: ο πελάτης έδωσε τα στοιχεία του — {name}: {v}",
        ],
        phone=["Μπορείτε να με καλέσετε στο κινητό {v}."],
        email=["Στείλτε το συμβόλαιο στο προσωπικό μου email {v}"],
        dob=["Γεννήθηκα στις {v}."],
        addr=["Μένω στη διεύθυνση {v}."],
        card="αριθμός κάρτας",
        passport="αριθμός διαβατηρίου",
        iban="IBAN",
    ),
    "is": dict(
        gen=[
            "Hér eru upplýsingarnar mínar fyrir eyðublaðið — {name}: {v}",
            "Athugasemd: viðskiptavinurinn gaf upp — {name}: {v}",
        ],
        phone=["Þú getur hringt í mig í farsímann: {v}"],
        email=["Sendu samninginn á einkanetfangið mitt {v}"],
        dob=["Ég fæddist {v}."],
        addr=["Ég bý á {v}."],
        card="kortanúmer",
        passport="vegabréfsnúmer",
        iban="IBAN",
    ),
    "uk": dict(
        gen=[
            "Ось мої дані для анкети — {name}: {v}",
            "Примітка: клієнт надав дані — {name}: {v}",
        ],
        phone=["Телефонуйте мені на мобільний: {v}"],
        email=["Надішліть договір на мою особисту пошту {v}"],
        dob=["Я народився {v}."],
        addr=["Я живу за адресою {v}."],
        card="номер картки",
        passport="номер паспорта",
        iban="IBAN",
    ),
    "ru": dict(
        gen=[
            "Вот мои данные для анкеты — {name}: {v}",
            "Заметка: клиент сообщил данные — {name}: {v}",
        ],
        phone=[
            "Звоните мне на мобильный: {v}",
            "Мой номер {v}, лучше писать в Telegram.",
        ],
        email=["Пришлите договор на мою личную почту {v}"],
        dob=["Я родился {v}."],
        addr=["Я живу по адресу {v}."],
        card="номер карты",
        passport="номер паспорта",
        iban="IBAN",
    ),
    "tr": dict(
        gen=[
            "Form için bilgilerim — {name}: {v}",
            "Not: müşteri bilgilerini verdi — {name}: {v}",
        ],
        phone=["Bana cep telefonumdan ulaşabilirsiniz: {v}"],
        email=["Sözleşmeyi kişisel e-posta adresime gönderin: {v}"],
        dob=["Doğum tarihim {v}."],
        addr=["Ev adresim: {v}"],
        card="kart numarası",
        passport="pasaport numarası",
        iban="IBAN",
    ),
    "he": dict(
        gen=[
            "הנה הפרטים שלי לטופס — {name}: {v}",
            "הערה: הלקוח מסר פרטים — {name}: {v}",
        ],
        phone=["אפשר להשיג אותי בנייד: {v}"],
        email=["שלחו את החוזה למייל הפרטי שלי {v}"],
        dob=["תאריך הלידה שלי: {v}"],
        addr=["הכתובת שלי בבית: {v}"],
        card="מספר כרטיס",
        passport="מספר דרכון",
        iban="IBAN",
    ),
    "ar": dict(
        gen=[
            "إليك بياناتي للاستمارة — {name}: {v}",
            "ملاحظة: قدّم العميل بياناته — {name}: {v}",
        ],
        phone=["يمكنك الاتصال بي على جوالي: {v}"],
        email=["أرسل العقد إلى بريدي الشخصي {v}"],
        dob=["تاريخ ميلادي {v}."],
        addr=["عنوان منزلي: {v}"],
        card="رقم البطاقة",
        passport="رقم جواز السفر",
        iban="رقم الآيبان",
    ),
    "zh": dict(
        gen=["这是我填表用的信息——{name}：{v}", "备注：客户提供了资料——{name}：{v}"],
        phone=["有事打我手机 {v}。"],
        email=["合同请发到我的私人邮箱 {v}。"],
        dob=["我的出生日期是{v}。"],
        addr=["我住在{v}。"],
        card="卡号",
        passport="护照号码",
        iban="IBAN",
    ),
    "ja": dict(
        gen=[
            "申込書用の情報です——{name}：{v}",
            "メモ：お客様から情報をいただきました——{name}：{v}",
        ],
        phone=["携帯の番号は {v} です。夕方以降なら出られます。"],
        email=["契約書は個人のメール {v} に送ってください。"],
        dob=["生年月日は{v}です。"],
        addr=["住所は{v}です。"],
        card="カード番号",
        passport="旅券番号",
        iban="IBAN",
    ),
    "ko": dict(
        gen=[
            "신청서용 제 정보입니다 — {name}: {v}",
            "메모: 고객이 정보를 알려줌 — {name}: {v}",
        ],
        phone=["제 휴대폰 번호는 {v} 입니다."],
        email=["계약서는 제 개인 메일로 보내주세요: {v}"],
        dob=["제 생년월일은 {v}입니다."],
        addr=["저는 {v}에 살고 있어요."],
        card="카드 번호",
        passport="여권 번호",
        iban="IBAN",
    ),
    "hi": dict(
        gen=[
            "फ़ॉर्म के लिए मेरी जानकारी — {name}: {v}",
            "नोट: ग्राहक ने अपनी जानकारी दी — {name}: {v}",
        ],
        phone=["मुझे मेरे मोबाइल पर कॉल करें: {v}"],
        email=["कृपया अनुबंध मेरी निजी ईमेल {v} पर भेजें।"],
        dob=["मेरी जन्मतिथि {v} है।"],
        addr=["मेरा घर का पता है: {v}"],
        card="कार्ड नंबर",
        passport="पासपोर्ट नंबर",
        iban="IBAN",
    ),
    "ur": dict(
        gen=["فارم کے لیے میری معلومات — {name}: {v}"],
        phone=["مجھے میرے موبائل پر کال کریں: {v}"],
        email=["براہ کرم معاہدہ میری ذاتی ای میل {v} پر بھیجیں"],
        dob=["میری تاریخ پیدائش {v} ہے۔"],
        addr=["میرا گھر کا پتہ: {v}"],
        card="کارڈ نمبر",
        passport="پاسپورٹ نمبر",
        iban="IBAN",
    ),
    "id": dict(
        gen=[
            "Berikut data saya untuk formulir — {name}: {v}",
            "Catatan: pelanggan memberikan datanya — {name}: {v}",
        ],
        phone=["Hubungi saya di nomor HP {v} ya."],
        email=["Tolong kirim kontraknya ke email pribadi saya {v}"],
        dob=["Saya lahir tanggal {v}."],
        addr=["Saya tinggal di {v}."],
        card="nomor kartu",
        passport="nomor paspor",
        iban="IBAN",
    ),
    "ms": dict(
        gen=[
            "Ini butiran saya untuk borang — {name}: {v}",
            "Nota: pelanggan memberi butiran — {name}: {v}",
        ],
        phone=["Boleh hubungi saya di telefon bimbit {v}."],
        email=["Sila hantar kontrak ke e-mel peribadi saya {v}"],
        dob=["Saya dilahirkan pada {v}."],
        addr=["Saya tinggal di {v}."],
        card="nombor kad",
        passport="nombor pasport",
        iban="IBAN",
    ),
    "th": dict(
        gen=[
            "ข้อมูลของฉันสำหรับกรอกแบบฟอร์ม — {name}: {v}",
            "บันทึก: ลูกค้าให้ข้อมูล — {name}: {v}",
        ],
        phone=["โทรหาฉันที่มือถือ {v} ได้เลย"],
        email=["ส่งสัญญามาที่อีเมลส่วนตัวของฉัน {v}"],
        dob=["ฉันเกิดวันที่ {v}"],
        addr=["ฉันอาศัยอยู่ที่ {v}"],
        card="หมายเลขบัตร",
        passport="หมายเลขหนังสือเดินทาง",
        iban="IBAN",
    ),
    "vi": dict(
        gen=[
            "Đây là thông tin của tôi để điền mẫu đơn — {name}: {v}",
            "Ghi chú: khách hàng cung cấp thông tin — {name}: {v}",
        ],
        phone=["Gọi cho tôi qua số di động {v} nhé."],
        email=["Vui lòng gửi hợp đồng vào email cá nhân của tôi {v}"],
        dob=["Tôi sinh ngày {v}."],
        addr=["Tôi sống tại {v}."],
        card="số thẻ",
        passport="số hộ chiếu",
        iban="IBAN",
    ),
    "sw": dict(
        gen=[
            "Hizi ni taarifa zangu za fomu — {name}: {v}",
            "Kumbuka: mteja alitoa taarifa — {name}: {v}",
        ],
        phone=["Unaweza kunipigia kwenye simu yangu ya mkononi: {v}"],
        email=["Tafadhali tuma mkataba kwenye barua pepe yangu binafsi {v}"],
        dob=["Nilizaliwa tarehe {v}."],
        addr=["Ninaishi {v}."],
        card="nambari ya kadi",
        passport="nambari ya pasipoti",
        iban="IBAN",
    ),
    "af": dict(
        gen=[
            "Hier is my besonderhede vir die vorm — {name}: {v}",
            "Nota: die kliënt het besonderhede gegee — {name}: {v}",
        ],
        phone=["Jy kan my op my selfoon bel: {v}"],
        email=["Stuur asseblief die kontrak na my privaat e-pos {v}"],
        dob=["Ek is gebore op {v}."],
        addr=["Ek woon by {v}."],
        card="kaartnommer",
        passport="paspoortnommer",
        iban="IBAN",
    ),
    "tl": dict(
        gen=["Ito ang mga detalye ko para sa form — {name}: {v}"],
        phone=["Tawagan mo ako sa cellphone ko: {v}"],
        email=["Pakipadala ang kontrata sa personal kong email {v}"],
        dob=["Ipinanganak ako noong {v}."],
        addr=["Nakatira ako sa {v}."],
        card="numero ng card",
        passport="numero ng pasaporte",
        iban="IBAN",
    ),
    "hu": dict(
        gen=[
            "Itt vannak az adataim az űrlaphoz — {name}: {v}",
            "Megjegyzés: az ügyfél megadta az adatait — {name}: {v}",
        ],
        phone=["Hívj a mobilomon: {v}"],
        email=["Kérem, a szerződést a magán e-mail-címemre küldjék: {v}"],
        dob=["Születési dátumom: {v}."],
        addr=["A lakcímem: {v}"],
        card="kártyaszám",
        passport="útlevélszám",
        iban="IBAN",
    ),
}


def frame(lang, key, v, name=None):
    return pick(L[lang][key]).format(v=v, name=name)


# =====================================================================================================
# PII: national identifiers (valid checksums via python-stdnum; values found by completing check digits)
# =====================================================================================================
def _fix(modname, body_fn, tail_al, tail_len, tries=600):
    mod = importlib.import_module("stdnum." + modname)
    for _ in range(tries):
        body = body_fn()
        if not tail_len:
            if mod.is_valid(body):
                return body
            continue
        tails = ["".join(t) for t in itertools.product(tail_al, repeat=tail_len)]
        R.shuffle(tails)
        for t in tails:
            if mod.is_valid(body + t):
                return body + t
    raise RuntimeError("cannot generate " + modname)


def _ssn_body():
    a = R.choice([x for x in range(1, 900) if x != 666])
    return f"{a:03d}{R.randint(1, 99):02d}{R.randint(1, 9999):04d}"


def _curp_body():
    d = rdate(1950, 1999)
    return (
        pick("BCDFGHJLMNPRSTVZ")
        + pick("AEIOU")
        + up(2)
        + d.strftime("%y%m%d")
        + pick("HM")
        + pick(["DF", "JC", "NL", "PL", "VZ", "GT", "MC", "YN", "BC", "CH"])
        + up(3, "BCDFGHJKLMNPRSTVXZ")
        + "0"
    )


def _dbody(fmt, y0=1950, y1=1999):
    return rdate(y0, y1).strftime(fmt)


def _nik_body():
    d = rdate(1960, 2000)
    day = d.day + (40 if R.random() < 0.5 else 0)
    return (
        pick(["3171", "3273", "3578", "3374", "5171", "1271"])
        + dg(2)
        + f"{day:02d}{d.month:02d}{d.year % 100:02d}"
        + f"{R.randint(1, 9999):04d}"
    )


def _nir_body():
    return (
        pick("12") + _dbody("%y%m") + pick(["75", "69", "13", "33", "59", "31"]) + dg(6)
    )


def _cf_body():
    d = rdate(1950, 2000)
    day = d.day + (40 if R.random() < 0.5 else 0)
    return (
        up(6, "BCDFGLMNPRSTVZ")
        + d.strftime("%y")
        + "ABCDEHLMPRST"[d.month - 1]
        + f"{day:02d}"
        + pick(["H501", "F205", "L219", "G273", "A944"])
    )


def _rc_body():
    d = rdate(1954, 1999)
    m = d.month + (50 if R.random() < 0.5 else 0)
    return f"{d.year % 100:02d}{m:02d}{d.day:02d}/" + dg(3)


def _vnr():
    mod = importlib.import_module("stdnum.at.vnr")
    while True:
        c = str(R.randint(100, 999)) + pick(D) + _dbody("%d%m%y")
        if mod.is_valid(c):
            return c


def _kennitala():
    mod = importlib.import_module("stdnum.is_.kennitala")
    while True:
        b = _dbody("%d%m%y") + dg(2)
        for c in D:
            if mod.is_valid(b + c + "9"):
                return b + c + "9"


# (module, body, tail alphabet, tail length, language, local name, formatter)
def _fmt_mod(name):
    return lambda v: importlib.import_module("stdnum." + name).format(v)


def _ident(v):
    return v


NATID = [
    ("us.ssn", _ssn_body, "", 0, "en", "Social Security number", _fmt_mod("us.ssn")),
    (
        "us.itin",
        lambda: (
            "9"
            + dg(2)
            + str(pick([70, 71, 72, 73, 78, 80, 83, 88, 90, 92, 94, 97, 99]))
            + dg(3)
        ),
        D,
        1,
        "en",
        "ITIN",
        _fmt_mod("us.itin"),
    ),
    (
        "ca.sin",
        lambda: pick("1234567") + dg(7),
        D,
        1,
        "en",
        "SIN",
        lambda v: f"{v[:3]} {v[3:6]} {v[6:]}",
    ),
    (
        "ca.sin",
        lambda: pick("1234567") + dg(7),
        D,
        1,
        "fr",
        "numéro d'assurance sociale (NAS)",
        _fmt_mod("ca.sin"),
    ),
    ("mx.curp", _curp_body, D, 1, "es", "CURP", _ident),
    ("br.cpf", lambda: dg(9), D, 2, "pt", "CPF", _fmt_mod("br.cpf")),
    (
        "ar.dni",
        lambda: str(R.randint(10000000, 45999999)),
        "",
        0,
        "es",
        "DNI",
        _fmt_mod("ar.dni"),
    ),
    (
        "ar.cuit",
        lambda: pick(["20", "27"]) + str(R.randint(10000000, 45999999)),
        D,
        1,
        "es",
        "CUIL",
        _fmt_mod("ar.cuit"),
    ),
    (
        "cl.rut",
        lambda: str(R.randint(5000000, 25999999)),
        D + "K",
        1,
        "es",
        "RUT",
        _fmt_mod("cl.rut"),
    ),
    ("pe.cui", lambda: dg(8), D, 1, "es", "DNI", lambda v: f"{v[:8]}-{v[8:]}"),
    (
        "ec.ci",
        lambda: f"{R.randint(1, 24):02d}" + pick("012345") + dg(6),
        D,
        1,
        "es",
        "cédula de identidad",
        _ident,
    ),
    (
        "ve.rif",
        lambda: "V" + dg(8),
        D,
        1,
        "es",
        "RIF",
        lambda v: f"{v[0]}-{v[1:9]}-{v[9:]}",
    ),
    (
        "do.cedula",
        lambda: pick(["001", "002", "031", "402", "223"]) + dg(7),
        D,
        1,
        "es",
        "cédula",
        _fmt_mod("do.cedula"),
    ),
    (
        "cu.ni",
        lambda: _dbody("%y%m%d") + dg(4),
        D,
        1,
        "es",
        "número de carné de identidad",
        _ident,
    ),
    (
        "cr.cpf",
        lambda: pick("1234567") + dg(8),
        "",
        0,
        "es",
        "cédula física",
        _fmt_mod("cr.cpf"),
    ),
    ("gt.nit", lambda: dg(7), D + "K", 1, "es", "NIT", _fmt_mod("gt.nit")),
    (
        "cn.ric",
        lambda: (
            pick(["110101", "310104", "440103", "510104", "330106", "420102"])
            + _dbody("%Y%m%d", 1960, 2000)
            + dg(3)
        ),
        D + "X",
        1,
        "zh",
        "身份证号",
        _ident,
    ),
    (
        "in_.aadhaar",
        lambda: pick("23456789") + dg(10),
        D,
        1,
        "hi",
        "आधार नंबर",
        _fmt_mod("in_.aadhaar"),
    ),
    ("in_.pan", lambda: up(3) + "P" + up(1) + dg(4), UP, 1, "en", "PAN", _ident),
    (
        "in_.epic",
        lambda: up(3) + dg(6),
        D,
        1,
        "hi",
        "मतदाता पहचान पत्र (EPIC) संख्या",
        _ident,
    ),
    ("id.nik", _nik_body, "", 0, "id", "NIK", _ident),
    (
        "my.nric",
        lambda: (
            _dbody("%y%m%d", 1955, 2003)
            + pick(["01", "02", "05", "07", "08", "10", "14"])
            + dg(4)
        ),
        "",
        0,
        "ms",
        "No. Kad Pengenalan (MyKad)",
        _fmt_mod("my.nric"),
    ),
    (
        "th.pin",
        lambda: pick("1358") + dg(11),
        D,
        1,
        "th",
        "เลขประจำตัวประชาชน",
        _fmt_mod("th.pin"),
    ),
    (
        "kr.rrn",
        lambda: _dbody("%y%m%d") + pick("12") + dg(5),
        D,
        1,
        "ko",
        "주민등록번호",
        _fmt_mod("kr.rrn"),
    ),
    ("jp.in_", lambda: dg(11), D, 1, "ja", "マイナンバー", _fmt_mod("jp.in_")),
    (
        "pk.cnic",
        lambda: pick("1234567") + dg(11),
        D,
        1,
        "ur",
        "شناختی کارڈ نمبر (CNIC)",
        _fmt_mod("pk.cnic"),
    ),
    ("il.idnr", lambda: dg(8), D, 1, "he", "מספר תעודת זהות", _ident),
    (
        "tr.tckimlik",
        lambda: pick("123456789") + dg(8),
        D,
        2,
        "tr",
        "T.C. kimlik numarası",
        _ident,
    ),
    (
        "za.idnr",
        lambda: _dbody("%y%m%d", 1950, 2003) + dg(4) + "08",
        D,
        1,
        "af",
        "ID-nommer",
        _ident,
    ),
    ("ke.pin", lambda: "A" + dg(9), UP, 1, "sw", "KRA PIN", _ident),
    (
        "mu.nid",
        lambda: up(1) + _dbody("%d%m%y") + dg(6),
        D + UP,
        1,
        "fr",
        "numéro de carte d'identité nationale",
        _ident,
    ),
    ("au.tfn", lambda: dg(8), D, 1, "en", "tax file number (TFN)", _fmt_mod("au.tfn")),
    ("nz.ird", lambda: "1" + dg(7), D, 1, "en", "IRD number", _fmt_mod("nz.ird")),
    ("gh.tin", lambda: "P00" + dg(7), D + "X", 1, "en", "TIN", _ident),
    (
        "de.idnr",
        lambda: pick("123456789") + dg(9),
        D,
        1,
        "de",
        "Steuer-ID",
        _fmt_mod("de.idnr"),
    ),
    ("fr.nir", _nir_body, D, 2, "fr", "numéro de sécurité sociale", _fmt_mod("fr.nir")),
    ("it.codicefiscale", _cf_body, UP, 1, "it", "codice fiscale", _ident),
    ("es.dni", lambda: dg(8), "TRWAGMYFPDXBNJZSQVHLCKE", 1, "es", "DNI", _ident),
    (
        "es.nie",
        lambda: pick("XYZ") + dg(7),
        "TRWAGMYFPDXBNJZSQVHLCKE",
        1,
        "es",
        "NIE",
        lambda v: f"{v[0]}-{v[1:8]}-{v[8]}",
    ),
    (
        "pt.cc",
        lambda: dg(9) + pick(["ZZ", "ZY", "ZX"]),
        D,
        1,
        "pt",
        "número do Cartão de Cidadão",
        _fmt_mod("pt.cc"),
    ),
    ("nl.bsn", lambda: pick("123456") + dg(7), D, 1, "nl", "BSN", _ident),
    (
        "be.nn",
        lambda: _dbody("%y%m%d") + dg(3),
        D,
        2,
        "nl",
        "rijksregisternummer",
        _fmt_mod("be.nn"),
    ),
    ("pl.pesel", lambda: _dbody("%y%m%d") + dg(4), D, 1, "pl", "PESEL", _ident),
    (
        "se.personnummer",
        lambda: _dbody("%y%m%d") + "-" + dg(3),
        D,
        1,
        "sv",
        "personnummer",
        _ident,
    ),
    (
        "no.fodselsnummer",
        lambda: _dbody("%d%m%y") + dg(3),
        D,
        2,
        "no",
        "fødselsnummer",
        _ident,
    ),
    (
        "dk.cpr",
        lambda: _dbody("%d%m%y") + "-" + dg(3),
        D,
        1,
        "da",
        "CPR-nummer",
        _ident,
    ),
    (
        "fi.hetu",
        lambda: _dbody("%d%m%y") + "-" + f"{R.randint(2, 899):03d}",
        D + "ABCDEFHJKLMNPRSTUVWXY",
        1,
        "fi",
        "henkilötunnus",
        _ident,
    ),
    (
        "ee.ik",
        lambda: pick("34") + _dbody("%y%m%d") + dg(3),
        D,
        1,
        "et",
        "isikukood",
        _ident,
    ),
    (
        "lt.asmens",
        lambda: pick("34") + _dbody("%y%m%d") + dg(3),
        D,
        1,
        "lt",
        "asmens kodas",
        _ident,
    ),
    (
        "lv.pvn",
        lambda: _dbody("%d%m%y") + "-1" + dg(3),
        D,
        1,
        "lv",
        "personas kods",
        _ident,
    ),
    ("bg.egn", lambda: _dbody("%y%m%d") + dg(3), D, 1, "bg", "ЕГН", _ident),
    (
        "ro.cnp",
        lambda: (
            pick("12") + _dbody("%y%m%d") + pick(["40", "12", "22", "35", "01"]) + dg(3)
        ),
        D,
        1,
        "ro",
        "CNP",
        _ident,
    ),
    ("cz.rc", _rc_body, D, 1, "cs", "rodné číslo", _ident),
    ("sk.rc", _rc_body, D, 1, "sk", "rodné číslo", _ident),
    (
        "si.emso",
        lambda: (lambda d: d.strftime("%d%m") + f"{d.year % 1000:03d}" + "50" + dg(3))(
            rdate(1950, 1999)
        ),
        D,
        1,
        "sl",
        "EMŠO",
        _ident,
    ),
    ("hr.oib", lambda: pick("123456789") + dg(9), D, 1, "hr", "OIB", _ident),
    ("gr.amka", lambda: _dbody("%d%m%y") + dg(4), D, 1, "el", "ΑΜΚΑ", _ident),
    (
        "ie.pps",
        lambda: pick("123456789") + dg(6),
        "ABCDEFGHIJKLMNOPQRSTUVW",
        1,
        "en",
        "PPS number",
        _ident,
    ),
    ("is_.kennitala", None, "", 0, "is", "kennitala", _fmt_mod("is_.kennitala")),
    ("ch.ssn", lambda: "756" + dg(9), D, 1, "de", "AHV-Nummer", _fmt_mod("ch.ssn")),
    ("ch.ssn", lambda: "756" + dg(9), D, 1, "fr", "numéro AVS", _fmt_mod("ch.ssn")),
    (
        "at.vnr",
        None,
        "",
        0,
        "de",
        "Sozialversicherungsnummer",
        lambda v: f"{v[:4]} {v[4:]}",
    ),
    ("gb.nhs", lambda: "4" + dg(8), D, 1, "en", "NHS number", _fmt_mod("gb.nhs")),
    (
        "ua.rntrc",
        lambda: pick("123") + dg(8),
        D,
        1,
        "uk",
        "РНОКПП (ідентифікаційний код)",
        _ident,
    ),
    (
        "ru.inn",
        lambda: pick(["77", "78", "50", "66"]) + dg(8),
        D,
        2,
        "ru",
        "ИНН",
        _ident,
    ),
    ("mz.nuit", lambda: "1" + dg(7), D, 1, "pt", "NUIT", _fmt_mod("mz.nuit")),
]


def gen_natid(spec):
    mod, body, al, n, lang, name, fmt = spec
    if mod == "at.vnr":
        raw = _vnr()
    elif mod == "is_.kennitala":
        raw = _kennitala()
    else:
        raw = _fix(mod, body, al, n)
    v = fmt(raw)
    m = importlib.import_module("stdnum." + mod)
    assert m.is_valid(v), (mod, v)
    return v


COUNTRY_EN = {
    "us": "US",
    "ca": "Canadian",
    "mx": "Mexican",
    "br": "Brazilian",
    "ar": "Argentine",
    "cl": "Chilean",
    "pe": "Peruvian",
    "ec": "Ecuadorian",
    "ve": "Venezuelan",
    "do": "Dominican",
    "cu": "Cuban",
    "cr": "Costa Rican",
    "gt": "Guatemalan",
    "cn": "Chinese",
    "in_": "Indian",
    "id": "Indonesian",
    "my": "Malaysian",
    "th": "Thai",
    "kr": "Korean",
    "jp": "Japanese",
    "pk": "Pakistani",
    "il": "Israeli",
    "tr": "Turkish",
    "za": "South African",
    "ke": "Kenyan",
    "mu": "Mauritian",
    "au": "Australian",
    "nz": "NZ",
    "gh": "Ghanaian",
    "de": "German",
    "fr": "French",
    "it": "Italian",
    "es": "Spanish",
    "pt": "Portuguese",
    "nl": "Dutch",
    "be": "Belgian",
    "pl": "Polish",
    "se": "Swedish",
    "no": "Norwegian",
    "dk": "Danish",
    "fi": "Finnish",
    "ee": "Estonian",
    "lt": "Lithuanian",
    "lv": "Latvian",
    "bg": "Bulgarian",
    "ro": "Romanian",
    "cz": "Czech",
    "sk": "Slovak",
    "si": "Slovenian",
    "hr": "Croatian",
    "gr": "Greek",
    "ie": "Irish",
    "is_": "Icelandic",
    "ch": "Swiss",
    "at": "Austrian",
    "gb": "UK",
    "ua": "Ukrainian",
    "ru": "Russian",
    "mz": "Mozambican",
}


def p_natid(i):
    spec = NATID[i % len(NATID)]
    v = gen_natid(spec)
    mod, lang, name = spec[0], spec[4], spec[5]
    if i >= len(NATID) or (lang != "en" and R.random() < 0.12):
        cc = mod.split(".")[0]
        text = frame("en", "gen", v, f"{COUNTRY_EN[cc]} {name}")
        lang = "en"
    else:
        text = frame(lang, "gen", v, name)
    return text, v, "national_id", f"natid.{mod}:sentence:{lang}"


# ---- phones -----------------------------------------------------------------------------------------
PHONE_REGIONS = [
    ("US", "en"),
    ("CA", "fr"),
    ("GB", "en"),
    ("IE", "en"),
    ("AU", "en"),
    ("NZ", "en"),
    ("DE", "de"),
    ("AT", "de"),
    ("CH", "it"),
    ("FR", "fr"),
    ("BE", "nl"),
    ("NL", "nl"),
    ("ES", "es"),
    ("MX", "es"),
    ("AR", "es"),
    ("CO", "es"),
    ("CL", "es"),
    ("PE", "es"),
    ("BR", "pt"),
    ("PT", "pt"),
    ("IT", "it"),
    ("PL", "pl"),
    ("CZ", "cs"),
    ("SK", "sk"),
    ("SE", "sv"),
    ("NO", "no"),
    ("DK", "da"),
    ("FI", "fi"),
    ("EE", "et"),
    ("LT", "lt"),
    ("LV", "lv"),
    ("RO", "ro"),
    ("BG", "bg"),
    ("HU", "hu"),
    ("GR", "el"),
    ("HR", "hr"),
    ("SI", "sl"),
    ("IS", "is"),
    ("TR", "tr"),
    ("RU", "ru"),
    ("UA", "uk"),
    ("IL", "he"),
    ("AE", "ar"),
    ("SA", "ar"),
    ("EG", "ar"),
    ("MA", "fr"),
    ("NG", "en"),
    ("KE", "sw"),
    ("TZ", "sw"),
    ("ZA", "af"),
    ("IN", "hi"),
    ("PK", "ur"),
    ("CN", "zh"),
    ("TW", "zh"),
    ("HK", "zh"),
    ("JP", "ja"),
    ("KR", "ko"),
    ("SG", "en"),
    ("MY", "ms"),
    ("TH", "th"),
    ("VN", "vi"),
    ("ID", "id"),
    ("PH", "tl"),
]
R.shuffle(PHONE_REGIONS)


def valid_number(region, ntype):
    ex = phonenumbers.example_number_for_type(region, ntype)
    nat = phonenumbers.national_significant_number(ex)
    for _ in range(2000):
        k = min(len(nat) - 2, R.randint(4, 7))
        cand = nat[: len(nat) - k] + dg(k)
        num = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if (
            phonenumbers.is_valid_number(num)
            and phonenumbers.number_type(num) in (ntype, PNT.FIXED_LINE_OR_MOBILE)
            and phonenumbers.region_code_for_number(num) == region
        ):
            return num
    raise RuntimeError(region)


def fmt_phone(num, style):
    if style == "intl":
        return phonenumbers.format_number(num, PNF.INTERNATIONAL)
    if style == "nat":
        return phonenumbers.format_number(num, PNF.NATIONAL)
    if style == "e164":
        return phonenumbers.format_number(num, PNF.E164)
    if style == "dots":
        return phonenumbers.format_number(num, PNF.NATIONAL).replace(" ", ".")
    if style == "dashes":
        return phonenumbers.format_number(num, PNF.INTERNATIONAL).replace(" ", "-")
    if style == "00":
        return "00" + phonenumbers.format_number(num, PNF.INTERNATIONAL)[1:]
    raise ValueError(style)


def p_phone(i):
    region, lang = PHONE_REGIONS[i % len(PHONE_REGIONS)]
    num = valid_number(region, PNT.MOBILE)
    idd00 = (
        phonenumbers.PhoneMetadata.metadata_for_region(region).international_prefix
        == "00"
    )
    style = pick(
        ["intl", "intl", "nat", "nat", "e164", "dashes"]
        + (["00"] if idd00 else [])
        + (["dots"] if region in ("FR", "BE", "US", "CA") else [])
    )
    v = fmt_phone(num, style)
    if R.random() < 0.15:
        lang = "en"
    return (
        frame(lang, "phone", v),
        v,
        "phone",
        f"phone.{region}.{style}:sentence:{lang}",
    )


# ---- e-mails ----------------------------------------------------------------------------------------
EMAIL_PEOPLE = {
    "en": (
        ["emily", "jacob", "olivia", "liam", "grace", "noah"],
        ["carter", "nguyen", "oconnor", "patel", "walsh"],
        ["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "hotmail.co.uk"],
    ),
    "de": (
        ["lukas", "anna", "jonas", "lea", "tobias"],
        ["schneider", "weber", "krueger", "hoffmann"],
        ["web.de", "gmx.de", "t-online.de", "gmx.net"],
    ),
    "fr": (
        ["camille", "lucas", "manon", "hugo"],
        ["dubois", "lefebvre", "moreau", "girard"],
        ["orange.fr", "free.fr", "laposte.net", "sfr.fr"],
    ),
    "es": (
        ["lucia", "javier", "carmen", "alejandro"],
        ["garcia", "fernandez", "lopez", "martin"],
        ["gmail.com", "hotmail.es", "yahoo.es"],
    ),
    "it": (
        ["giulia", "marco", "chiara", "luca"],
        ["rossi", "bianchi", "esposito", "romano"],
        ["libero.it", "virgilio.it", "alice.it"],
    ),
    "pt": (
        ["joao", "mariana", "pedro", "beatriz"],
        ["silva", "santos", "oliveira", "souza"],
        ["uol.com.br", "bol.com.br", "sapo.pt", "gmail.com"],
    ),
    "pl": (
        ["katarzyna", "piotr", "agnieszka", "tomasz"],
        ["kowalski", "nowak", "wisniewska", "wojcik"],
        ["wp.pl", "onet.pl", "interia.pl", "o2.pl"],
    ),
    "nl": (
        ["sanne", "daan", "femke", "bram"],
        ["devries", "jansen", "bakker", "visser"],
        ["ziggo.nl", "kpnmail.nl", "hotmail.nl"],
    ),
    "ru": (
        ["dmitry", "olga", "sergey", "natalia"],
        ["ivanov", "smirnova", "kuznetsov", "popova"],
        ["mail.ru", "yandex.ru", "rambler.ru", "bk.ru"],
    ),
    "cs": (
        ["jan", "petra", "tomas", "lucie"],
        ["novak", "svobodova", "dvorak", "cerny"],
        ["seznam.cz", "email.cz", "centrum.cz"],
    ),
    "zh": (
        ["wang.lei", "li.na", "zhang.wei", "liu.yang"],
        ["88", "1990", "2008", "_sh"],
        ["qq.com", "163.com", "126.com", "sina.com"],
    ),
    "ja": (
        ["yuki", "haruto", "sakura", "kenta"],
        ["tanaka", "suzuki", "sato", "yamamoto"],
        ["docomo.ne.jp", "yahoo.co.jp", "ezweb.ne.jp"],
    ),
    "ko": (
        ["minji", "jihoon", "seoyeon", "hyunwoo"],
        ["kim", "lee", "park", "choi"],
        ["naver.com", "daum.net", "hanmail.net"],
    ),
    "tr": (
        ["ayse", "mehmet", "elif", "emre"],
        ["yilmaz", "kaya", "demir", "celik"],
        ["hotmail.com", "yandex.com.tr", "gmail.com"],
    ),
    "sv": (
        ["elin", "oskar", "maja", "erik"],
        ["andersson", "johansson", "lindqvist"],
        ["telia.com", "bredband.net", "gmail.com"],
    ),
    "hi": (
        ["rahul", "priya", "amit", "sneha"],
        ["sharma", "verma", "iyer", "reddy"],
        ["rediffmail.com", "gmail.com", "yahoo.co.in"],
    ),
    "id": (
        ["budi", "siti", "agus", "dewi"],
        ["santoso", "rahayu", "wijaya", "pratama"],
        ["yahoo.co.id", "gmail.com"],
    ),
    "vi": (
        ["nguyen.van.an", "tran.thi.mai", "le.minh"],
        ["92", "1988", "hn"],
        ["gmail.com", "yahoo.com.vn"],
    ),
    "el": (
        ["giorgos", "maria", "nikos", "eleni"],
        ["papadopoulos", "georgiou", "nikolaou"],
        ["otenet.gr", "yahoo.gr", "gmail.com"],
    ),
    "hu": (
        ["bence", "eszter", "gabor", "reka"],
        ["nagy", "kovacs", "toth", "szabo"],
        ["freemail.hu", "citromail.hu", "gmail.com"],
    ),
    "ro": (
        ["andrei", "ioana", "mihai", "elena"],
        ["popescu", "ionescu", "dumitru"],
        ["yahoo.ro", "gmail.com"],
    ),
    "fi": (
        ["mikko", "aino", "juha", "emilia"],
        ["virtanen", "korhonen", "makinen"],
        ["luukku.com", "gmail.com", "elisanet.fi"],
    ),
    "uk": (
        ["oleksandr", "iryna", "andriy", "olena"],
        ["shevchenko", "kovalenko", "bondarenko"],
        ["ukr.net", "i.ua", "gmail.com"],
    ),
    "ar": (
        ["ahmed", "fatima", "omar", "layla"],
        ["alhassan", "mansour", "khalil"],
        ["gmail.com", "hotmail.com", "yahoo.com"],
    ),
    "th": (
        ["somchai", "nattaya", "anan"],
        ["sukjai", "wongsa", "chaiyaporn"],
        ["hotmail.com", "gmail.com"],
    ),
    "sw": (
        ["wanjiru", "otieno", "amani"],
        ["kamau", "mwangi", "odhiambo"],
        ["gmail.com", "yahoo.com"],
    ),
}


def email_local(lang):
    f, l, _ = EMAIL_PEOPLE[lang]
    a, b = pick(f), pick(l)
    style = R.randrange(5)
    if style == 0:
        return f"{a}.{b}"
    if style == 1:
        return f"{a}{b}{R.randint(70, 99)}"
    if style == 2:
        return f"{a[0]}.{b}{R.randint(1, 99)}"
    if style == 3:
        return f"{a}_{b}"
    return f"{b}.{a}{R.randint(1980, 2004)}"


def p_email(i):
    lang = list(EMAIL_PEOPLE)[i % len(EMAIL_PEOPLE)]
    v = f"{email_local(lang)}@{pick(EMAIL_PEOPLE[lang][2])}"
    if lang not in L:
        lang = "en"
    return frame(lang, "email", v), v, "email", f"email:sentence:{lang}"


OBF = {
    "en": [
        (
            "{l} at {d} dot {t}",
            "Write to me at {v} (spelled out so bots don't grab it)",
            "obf_words",
        ),
        ("{l} [at] {d} [dot] {t}", "contact: {v}", "obf_brackets"),
        ("{l}(at){d}(dot){t}", "My personal mail is {v}, no spam please", "obf_paren"),
        ("{l} AT {d} DOT {t}", "reach me: {v}", "obf_caps"),
    ],
    "fr": [("{l} arobase {d} point {t}", "Mon adresse perso : {v}", "obf_words")],
    "es": [
        ("{l} arroba {d} punto {t}", "Mi correo es {v}, escríbeme ahí", "obf_words")
    ],
    "de": [("{l} (at) {d} (punkt) {t}", "Schreib mir privat an {v}", "obf_words")],
    "it": [("{l} chiocciola {d} punto {t}", "La mia mail è {v}", "obf_words")],
    "pt": [("{l} arroba {d} ponto {t}", "Meu e-mail é {v}", "obf_words")],
    "nl": [("{l} apenstaartje {d} punt {t}", "Mijn mailadres is {v}", "obf_words")],
    "pl": [("{l} małpa {d} kropka {t}", "Mój mail: {v}", "obf_words")],
    "ru": [("{l} собака {d} точка {t}", "Моя почта: {v}", "obf_words")],
}


def p_email_obf(i):
    langs = list(OBF)
    lang = langs[i % len(langs)]
    src = {
        "en": "en",
        "fr": "fr",
        "es": "es",
        "de": "de",
        "it": "it",
        "pt": "pt",
        "nl": "nl",
        "pl": "pl",
        "ru": "ru",
    }[lang]
    dom = pick(
        [x for x in EMAIL_PEOPLE[src][2] if x.count(".") == 1] or EMAIL_PEOPLE[src][2]
    )
    d, t = dom.rsplit(".", 1)
    pat, sent, style = pick(OBF[lang])
    loc = email_local(src)
    if lang == "en" and style == "obf_words" and R.random() < 0.5:
        loc = loc.replace(".", " dot ")
    v = pat.format(l=loc, d=d, t=t)
    return sent.format(v=v), v, "email_obfuscated", f"email_obf.{style}:sentence:{lang}"


# ---- payment cards ----------------------------------------------------------------------------------
CARD_BRANDS = [
    ("Visa", ["4"], 16),
    ("Mastercard", ["51", "52", "53", "54", "55", "2221", "2720", "23"], 16),
    ("American Express", ["34", "37"], 15),
    ("Discover", ["6011", "65"], 16),
    ("JCB", ["3528", "3566", "3589"], 16),
    ("UnionPay", ["62"], 16),
    ("Diners Club", ["36"], 14),
    ("Maestro", ["6759", "5018"], 16),
    ("Visa", ["4"], 16),
]


def card_number(brand):
    name, prefixes, n = brand
    body = pick(prefixes)
    body += dg(n - 1 - len(body))
    return body + luhn.calc_check_digit(body)


def fmt_card(num, style):
    if style == "compact":
        return num
    sep = " " if style == "space" else "-"
    if len(num) == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    if len(num) == 14:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i : i + 4] for i in range(0, len(num), 4))


CARD_LANGS = [
    "en",
    "de",
    "fr",
    "es",
    "it",
    "pt",
    "nl",
    "pl",
    "ja",
    "zh",
    "ko",
    "ru",
    "tr",
    "sv",
    "ar",
    "hi",
    "vi",
    "th",
    "id",
    "el",
]


def p_card(i):
    brand = CARD_BRANDS[i % len(CARD_BRANDS)]
    num = card_number(brand)
    assert luhn.is_valid(num)
    v = fmt_card(num, pick(["space", "space", "dash", "compact"]))
    lang = CARD_LANGS[i % len(CARD_LANGS)]
    exp = f"{R.randint(1, 12):02d}/{R.randint(26, 31)}"
    if lang == "en" and R.random() < 0.7:
        text = pick(
            [
                f"User paid with their {brand[0]} {v}, exp {exp} — keep it on file for the renewal.",
                f"charge my {brand[0]} card {v} for the upgrade please",
                f"Card on file: {v} ({brand[0]})",
            ]
        )
    else:
        text = frame(lang, "gen", v, f"{brand[0]} {L[lang]['card']}")
    return (
        text,
        v,
        "payment_card",
        f"card.{brand[0].split()[0].lower()}:sentence:{lang}",
    )


# ---- IBAN -------------------------------------------------------------------------------------------
IBAN_SPECS = [  # country, language, BBAN pattern (n=digit, a=upper letter, c=alnum upper)
    ("DE", "de", "18n"),
    ("AT", "de", "16n"),
    ("CH", "de", "5n12c"),
    ("FR", "fr", "10n11c2n"),
    ("BE", "nl", "12n"),
    ("NL", "nl", "4a10n"),
    ("ES", "es", "20n"),
    ("IT", "it", "1a10n12c"),
    ("PT", "pt", "21n"),
    ("GB", "en", "4a14n"),
    ("IE", "en", "4a14n"),
    ("PL", "pl", "24n"),
    ("CZ", "cs", "20n"),
    ("SK", "sk", "20n"),
    ("SE", "sv", "20n"),
    ("NO", "no", "11n"),
    ("DK", "da", "14n"),
    ("FI", "fi", "14n"),
    ("EE", "et", "16n"),
    ("LT", "lt", "16n"),
    ("LV", "lv", "4a13c"),
    ("RO", "ro", "4a16c"),
    ("BG", "bg", "4a6n8c"),
    ("HR", "hr", "17n"),
    ("SI", "sl", "15n"),
    ("GR", "el", "7n16c"),
    ("HU", "hu", "24n"),
    ("TR", "tr", "5n1n16c"),
    ("SA", "ar", "2n18c"),
    ("AE", "ar", "3n16n"),
    ("IL", "he", "19n"),
    ("BR", "pt", "23n1a1c"),
    ("IS", "is", "22n"),
    ("UA", "uk", "6n19c"),
]


def _bban(pat):
    out, num = "", ""
    for ch in pat:
        if ch.isdigit():
            num += ch
            continue
        k = int(num)
        num = ""
        out += rs(k, D if ch == "n" else UP if ch == "a" else UP + D)
    return out


def gen_iban(cc, pat):
    for _ in range(20000):
        bban = _bban(pat)
        if cc == "BR":
            bban = dg(8) + dg(5) + dg(10) + "C1"
        if cc == "PT":
            bban = "0035" + bban[4:]
        s = bban + cc + "00"
        nums = "".join(str(int(c, 36)) for c in s)
        chk = 98 - int(nums) % 97
        cand = f"{cc}{chk:02d}{bban}"
        if std_iban.is_valid(cand):
            return cand
    raise RuntimeError(cc)


def p_iban(i):
    cc, lang, pat = IBAN_SPECS[i % len(IBAN_SPECS)]
    raw = gen_iban(cc, pat)
    v = std_iban.format(raw) if R.random() < 0.65 else raw
    if lang == "de" and R.random() < 0.5:
        text = pick(
            [
                f"Bitte überweise die Miete ab jetzt auf mein neues Konto: {v}",
                f"Meine Bankverbindung für die Erstattung: IBAN {v}",
            ]
        )
    elif lang == "en" and R.random() < 0.5:
        text = f"Refund should go to my personal account, IBAN {v}."
    else:
        text = frame(lang, "gen", v, L[lang]["iban"])
    return text, v, "iban", f"iban.{cc}:sentence:{lang}"


# ---- passports --------------------------------------------------------------------------------------
PASSPORTS = [
    ("US", "en", lambda: pick(["5", "6"]) + dg(8)),
    ("US", "en", lambda: up(1) + dg(8)),
    ("GB", "en", lambda: "1" + dg(8)),
    ("DE", "de", lambda: "C" + rs(8, "CFGHJKLMNPRTVWXYZ0123456789")),
    ("FR", "fr", lambda: dg(2) + up(2) + dg(5)),
    ("IN", "hi", lambda: up(1) + dg(7)),
    ("CN", "zh", lambda: "E" + dg(8)),
    ("JP", "ja", lambda: up(2) + dg(7)),
    ("ES", "es", lambda: "P" + up(2) + dg(6)),
    ("IT", "it", lambda: up(2) + dg(7)),
    ("BR", "pt", lambda: up(2) + dg(6)),
    ("PL", "pl", lambda: up(2) + dg(7)),
    ("RU", "ru", lambda: f"{dg(2)} {dg(7)}"),
    ("KR", "ko", lambda: "M" + dg(8)),
    ("TR", "tr", lambda: "U" + dg(8)),
    ("NL", "nl", lambda: up(2) + rs(6, UP + D) + dg(1)),
]


def p_passport(i):
    cc, lang, g = PASSPORTS[i % len(PASSPORTS)]
    v = g()
    if lang == "en" and R.random() < 0.6:
        text = pick(
            [
                f"Booking the flight for the user — passport no. {v}, expires 2031.",
                f"For the visa application: my passport number is {v}.",
            ]
        )
    else:
        text = frame(lang, "gen", v, L[lang]["passport"])
    return text, v, "passport", f"passport.{cc}:sentence:{lang}"


# ---- home addresses ---------------------------------------------------------------------------------
def addr_us():
    return (
        f"{R.randint(12, 9899)} {pick(['Maple', 'Oak', 'Cedar', 'Willow', 'Lincoln', 'Hillcrest'])} "
        f"{pick(['Street', 'Avenue', 'Drive', 'Lane'])}, Apt {R.randint(1, 40)}{pick('ABCD')}, "
        f"{pick(['Springfield, IL 627', 'Columbus, OH 432', 'Tacoma, WA 984', 'Austin, TX 787'])}{dg(2)}"
    )


ADDRS = [
    ("en", addr_us),
    (
        "en",
        lambda: (
            f"{R.randint(1, 220)} {pick(['Belgrave', 'Ashfield', 'Kingsley', 'Marlborough'])} Road, {pick(['Leeds LS6', 'Bristol BS7', 'Manchester M20'])} {R.randint(1, 9)}{up(2, 'ABDEFGHJLNPQRSTUWXYZ')}"
        ),
    ),
    (
        "de",
        lambda: (
            f"{pick(['Linden', 'Goethe', 'Schiller', 'Birken', 'Ahorn'])}straße {R.randint(1, 120)}{pick(['', 'a', 'b'])}, {R.randint(10115, 99998):05d} {pick(['Köln', 'Leipzig', 'Bremen', 'Nürnberg'])}"
        ),
    ),
    (
        "fr",
        lambda: (
            f"{R.randint(1, 150)} rue des {pick(['Lilas', 'Acacias', 'Tanneurs', 'Jardins'])}, {pick(['69003 Lyon', '31000 Toulouse', '44000 Nantes', '13006 Marseille'])}"
        ),
    ),
    (
        "es",
        lambda: (
            f"Calle de {pick(['Alcalá', 'Toledo', 'Atocha', 'Serrano'])} {R.randint(1, 300)}, {R.randint(1, 8)}º {pick('ABCD')}, 280{dg(2)} Madrid"
        ),
    ),
    (
        "it",
        lambda: (
            f"Via {pick(['Garibaldi', 'Mazzini', 'Roma', 'dei Mille'])} {R.randint(1, 200)}, {pick(['20121 Milano', '10122 Torino', '40126 Bologna'])}"
        ),
    ),
    (
        "nl",
        lambda: (
            f"{pick(['Kerk', 'Molen', 'Linden', 'Berken'])}straat {R.randint(1, 200)}, {R.randint(1000, 9999)} {up(2)} {pick(['Utrecht', 'Haarlem', 'Groningen'])}"
        ),
    ),
    (
        "pl",
        lambda: (
            f"ul. {pick(['Kwiatowa', 'Słoneczna', 'Lipowa', 'Polna'])} {R.randint(1, 90)}/{R.randint(1, 60)}, {R.randint(0, 99):02d}-{R.randint(0, 999):03d} {pick(['Kraków', 'Wrocław', 'Poznań'])}"
        ),
    ),
    (
        "sv",
        lambda: (
            f"{pick(['Storgatan', 'Kungsgatan', 'Drottninggatan', 'Björkvägen'])} {R.randint(1, 80)}, {R.randint(100, 999)} {R.randint(10, 99)} {pick(['Uppsala', 'Göteborg', 'Malmö'])}"
        ),
    ),
    (
        "pt",
        lambda: (
            f"Rua {pick(['das Flores', 'Augusta', 'Sete de Setembro', 'dos Pinheiros'])}, {R.randint(10, 2500)}, apto {R.randint(11, 184)}, São Paulo - SP, 0{dg(4)}-{dg(3)}"
        ),
    ),
    (
        "ja",
        lambda: (
            f"東京都{pick(['世田谷区三軒茶屋', '杉並区高円寺南', '練馬区豊玉北', '品川区大井'])}{R.randint(1, 5)}-{R.randint(1, 30)}-{R.randint(1, 20)}"
        ),
    ),
    (
        "hi",
        lambda: (
            f"फ्लैट {R.randint(101, 1204)}, {pick(['सनशाइन अपार्टमेंट्स', 'ग्रीन पार्क रेजीडेंसी'])}, {pick(['इंदिरानगर, बेंगलुरु 560038', 'अंधेरी पूर्व, मुंबई 400069'])}"
        ),
    ),
    (
        "ru",
        lambda: (
            f"г. {pick(['Казань', 'Екатеринбург', 'Новосибирск'])}, ул. {pick(['Ленина', 'Гагарина', 'Садовая'])}, д. {R.randint(1, 120)}, кв. {R.randint(1, 300)}"
        ),
    ),
]


def p_address(i):
    lang, g = ADDRS[i % len(ADDRS)]
    v = g()
    return frame(lang, "addr", v), v, "home_address", f"address:sentence:{lang}"


# ---- dates of birth ---------------------------------------------------------------------------------
MONTHS_EN = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
DOB_FMT = [
    ("en", lambda d: f"{MONTHS_EN[d.month - 1]} {d.day}, {d.year}"),
    ("en", lambda d: d.isoformat()),
    ("de", lambda d: d.strftime("%d.%m.%Y")),
    ("fr", lambda d: d.strftime("%d/%m/%Y")),
    ("es", lambda d: d.strftime("%d/%m/%Y")),
    ("ja", lambda d: f"{d.year}年{d.month}月{d.day}日"),
    ("ko", lambda d: f"{d.year}년 {d.month}월 {d.day}일"),
    ("ru", lambda d: d.strftime("%d.%m.%Y")),
    ("pt", lambda d: d.strftime("%d/%m/%Y")),
    ("zh", lambda d: f"{d.year}年{d.month}月{d.day}日"),
]


def p_dob(i):
    lang, f = DOB_FMT[i % len(DOB_FMT)]
    v = f(rdate(1940, 2006))
    return frame(lang, "dob", v), v, "date_of_birth", f"dob:sentence:{lang}"


PII_PLAN = [
    (p_natid, 70),
    (p_phone, 40),
    (p_email, 22),
    (p_email_obf, 12),
    (p_card, 20),
    (p_iban, 24),
    (p_passport, 12),
    (p_address, 12),
    (p_dob, 8),
]


# =====================================================================================================
# CLEAN look-alikes (must be stored untouched)
# =====================================================================================================
def c_pool(kind, items):
    """items: list of (lang, template-callable-or-str). Each call consumes a random, not-yet-used item."""
    pool = list(items)
    R.shuffle(pool)
    state = {"i": 0}

    def f():
        lang, it = pool[state["i"] % len(pool)]
        state["i"] += 1
        text = it() if callable(it) else it
        return text, kind, f"{kind}.{state['i'] % len(pool)}:doc:{lang}"

    return f


C_PLACEHOLDER = c_pool(
    "placeholder",
    [
        (
            "en",
            "Set `OPENAI_API_KEY=<your-api-key>` in your .env file before running the examples.",
        ),
        (
            "en",
            "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx   # replace with your own token",
        ),
        (
            "en",
            "config.yaml:\n  api_key: YOUR_API_KEY_HERE\n  endpoint: https://api.example.com/v1",
        ),
        ("en", 'curl -H "Authorization: Bearer <TOKEN>" https://api.example.com/v1/me'),
        (
            "en",
            "DATABASE_URL=postgres://user:password@localhost:5432/mydb  (template — copy to .env and fill in real values)",
        ),
        (
            "en",
            "In the AWS docs the sample credentials are AKIAIOSFODNN7EXAMPLE and wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY; never use real keys in tutorials.",
        ),
        (
            "de",
            "Trage deinen API-Schlüssel in der config.yaml unter `api_key: <DEIN_SCHLÜSSEL>` ein.",
        ),
        (
            "fr",
            "Remplacez `VOTRE_CLE_API` par la clé fournie dans votre espace client.",
        ),
        ("es", "Sustituye `TU_TOKEN_AQUI` por el token que te dio el administrador."),
        (
            "ja",
            "`.env` の `API_KEY=xxxxxxxxxxxxxxxx` をご自身のキーに置き換えてください。",
        ),
        ("en", 'password: "********"   # masked in the UI export'),
        (
            "en",
            "-----BEGIN PRIVATE KEY-----\n<paste your key here>\n-----END PRIVATE KEY-----",
        ),
        (
            "en",
            "Slack's docs show the webhook format as https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
        ),
        (
            "en",
            'stripe.api_key = "sk_live_..."  # use the secret key from your dashboard',
        ),
        (
            "pt",
            "Defina a variável `SENHA_DO_BANCO=<sua-senha>` no arquivo .env.exemplo",
        ),
    ],
)
C_ENVREF = c_pool(
    "env_reference",
    [
        ("en", "db:\n  host: ${DB_HOST}\n  password: ${DB_PASSWORD}"),
        (
            "en",
            'api_key = os.getenv("STRIPE_API_KEY")\nif not api_key:\n    raise SystemExit("STRIPE_API_KEY not set")',
        ),
        (
            "en",
            "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
        ),
        ("en", "export OPENAI_API_KEY=$(op read op://Engineering/OpenAI/credential)"),
        (
            "en",
            "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db-credentials\n      key: password",
        ),
        (
            "en",
            "aws secretsmanager get-secret-value --secret-id prod/db/password --query SecretString --output text",
        ),
        (
            "de",
            "Den Slack-Token findest du im Tresor unter „Infra / Slack-Bot“ – frag das Plattform-Team nach Zugriff.",
        ),
        (
            "fr",
            "Le mot de passe est stocké dans Vault sous secret/data/app/prod ; il n'est jamais écrit dans le dépôt.",
        ),
    ],
)
C_SECPROSE = c_pool(
    "security_prose",
    [
        (
            "en",
            "Passwords must be at least 12 characters long and include a number and a symbol.",
        ),
        (
            "en",
            "Rotate API keys every 90 days and never commit .env files to the repository.",
        ),
        (
            "de",
            "Bitte Passwörter nie per E-Mail verschicken, sondern über den Passwort-Manager teilen.",
        ),
        (
            "en",
            "Token expired — generate a new one under Settings → Developer settings → Personal access tokens.",
        ),
        (
            "es",
            "Si olvidaste tu contraseña, usa el enlace «¿Olvidaste tu contraseña?» en la pantalla de inicio.",
        ),
    ],
)


def _pubkeys():
    out = []
    k = ed_key()
    out.append(
        (
            "en",
            f"Add this to ~/.ssh/authorized_keys on the build host:\n{ssh_public(k, 'ci@build-01')}",
        )
    )
    out.append(("en", ssh_public(ed_key(), "deploy@acme")))
    rk = rsa_key(2048)
    out.append(("en", ssh_public(rk, "backup@nas")))
    out.append(
        ("en", "Public key for verifying webhook signatures:\n" + pem_public(ec_key()))
    )
    out.append(
        (
            "de",
            "Öffentlicher Schlüssel für die JWT-Prüfung (darf veröffentlicht werden):\n"
            + pem_public(rsa_key(1024)),
        )
    )
    out.append(("en", f"age recipient (public): {bech32_encode('age', rbytes(32))}"))
    n = rk.public_key().public_numbers()
    out.append(
        (
            "en",
            json.dumps(
                {
                    "keys": [
                        {
                            "kty": "RSA",
                            "use": "sig",
                            "kid": rs(8, HEX),
                            "alg": "RS256",
                            "n": b64u(n.n.to_bytes(256, "big")),
                            "e": "AQAB",
                        }
                    ]
                }
            ),
        )
    )
    body = (
        bytes([0xC6, 0x33, 0x04])
        + struct.pack(">I", 1650000000 + R.randrange(10**7))
        + bytes([22])
        + rbytes(45)
    )
    enc = b64(body)
    out.append(
        (
            "en",
            "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n"
            + enc
            + "\n="
            + b64(_crc24(body).to_bytes(3, "big"))
            + "\n-----END PGP PUBLIC KEY BLOCK-----",
        )
    )
    return out


def _certs():
    return [
        (
            "en",
            "Server certificate (public) for pinning:\n"
            + self_signed_cert("api.acme.io", "Acme Corp", "US"),
        ),
        ("de", self_signed_cert("intranet.nordlicht.de", "Nordlicht GmbH", "DE")),
        (
            "fr",
            "Certificat de l'autorité interne à installer sur les postes :\n"
            + self_signed_cert("ca.interne.example.fr", "Exemple SA", "FR"),
        ),
    ]


def _hex(n):
    return rs(n, HEX)


C_HASH = c_pool(
    "hash",
    [
        ("en", lambda: f"{_hex(64)}  ubuntu-24.04-live-server-amd64.iso"),
        (
            "en",
            lambda: (
                f"MD5 ({pick(['setup.exe', 'firmware.bin', 'backup.tar'])}) = {_hex(32)}"
            ),
        ),
        ("en", lambda: f"image: ghcr.io/acme/api@sha256:{_hex(64)}"),
        ("en", lambda: f'"integrity": "sha512-{b64(rbytes(64))}"'),
        ("de", lambda: f"Prüfsumme (SHA-256) der Installationsdatei: {_hex(64)}"),
        ("fr", lambda: f"Empreinte SHA-1 du fichier : {_hex(40)}"),
        ("en", lambda: f'ETag: "{_hex(32)}"'),
        (
            "ja",
            lambda: (
                f"ダウンロード後に SHA256 ハッシュ {_hex(64)} と一致するか確認してください。"
            ),
        ),
        ("en", lambda: f"sha1sum release.zip -> {_hex(40)}"),
    ],
)
C_COMMIT = c_pool(
    "commit_sha",
    [
        ("en", lambda: f"Fixed in commit {_hex(40)}; backported to 2.3.x."),
        ("en", lambda: f"git cherry-pick {_hex(7)} {_hex(7)}"),
        ("en", lambda: f'Revert "Bump lodash"\n\nThis reverts commit {_hex(40)}.'),
        (
            "de",
            lambda: (
                f"Der Bug wurde mit Commit {_hex(12)} eingeführt, siehe git bisect."
            ),
        ),
        (
            "en",
            lambda: (
                f"HEAD is now at {_hex(7)} Merge pull request #{R.randint(100, 9999)} from feature/retry-backoff"
            ),
        ),
        ("es", lambda: f"El despliegue de ayer corresponde al commit {_hex(40)}."),
    ],
)


def _uuid():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


C_UUID = c_pool(
    "uuid",
    [
        ("en", lambda: f"request_id={_uuid()} status=504 upstream timed out"),
        ("en", lambda: f"X-Request-ID: {_uuid()}"),
        ("en", lambda: f"Trace {_uuid()} shows 1.2s spent in the payment service."),
        ("de", lambda: f"Vorgangs-ID {_uuid()} – bitte bei Rückfragen angeben."),
        ("fr", lambda: f"Identifiant de la ressource : {_uuid()}"),
        (
            "en",
            lambda: json.dumps(
                {"event_id": _uuid(), "type": "invoice.created", "livemode": False}
            ),
        ),
        ("zh", lambda: f"任务 ID：{_uuid()}，状态：已完成"),
    ],
)
C_FINGERPRINT = c_pool(
    "fingerprint",
    [
        (
            "en",
            lambda: (
                f"The authenticity of host 'git.acme.io (203.0.113.7)' can't be established.\nED25519 key fingerprint is SHA256:{b64(rbytes(32)).rstrip('=')}."
            ),
        ),
        (
            "en",
            lambda: (
                "Release signing key fingerprint: "
                + " ".join(_hex(4).upper() for _ in range(10))
            ),
        ),
        (
            "en",
            lambda: "SHA-1 Fingerprint=" + ":".join(_hex(2).upper() for _ in range(20)),
        ),
        (
            "de",
            lambda: (
                "Fingerabdruck des Server-Zertifikats (SHA-256): "
                + ":".join(_hex(2).upper() for _ in range(32))
            ),
        ),
        (
            "en",
            lambda: f"256 SHA256:{b64(rbytes(32)).rstrip('=')} root@web-01 (ED25519)",
        ),
        (
            "ja",
            lambda: (
                "署名鍵のフィンガープリント："
                + " ".join(_hex(4).upper() for _ in range(10))
            ),
        ),
    ],
)
C_PRICE = c_pool(
    "price",
    [
        (
            "de",
            lambda: f"Das neue Notebook kostet {R.randint(899, 2499)},00 € inkl. MwSt.",
        ),
        (
            "en",
            lambda: f"The Pro plan is ${R.randint(9, 99)}.99/month, billed annually.",
        ),
        (
            "ja",
            lambda: (
                f"ランチセットは{R.randint(9, 19)},{R.choice(['000', '500', '800'])}円（税込）です。"
                if False
                else f"ランチセットは{R.randint(800, 1800)}円（税込）です。"
            ),
        ),
        ("pt", lambda: f"O plano custa R$ {R.randint(19, 199)},90 por mês."),
        ("fr", lambda: f"Prix public conseillé : {R.randint(19, 499)},99 € TTC"),
        (
            "en",
            lambda: (
                f"Brent crude closed at ${R.randint(70, 95)}.{R.randint(10, 99)} a barrel."
            ),
        ),
        (
            "es",
            lambda: (
                f"La entrada cuesta {R.randint(8, 45)} € y los menores de 12 años no pagan."
            ),
        ),
        ("pl", lambda: f"Cena netto: {R.randint(100, 9999)},{R.randint(10, 99)} zł"),
    ],
)
C_MEASURE = c_pool(
    "measurement",
    [
        ("en", "The Eiffel Tower is about 330 m tall including antennas."),
        ("en", lambda: f"Tighten the wheel nuts to {R.randint(90, 140)} Nm."),
        (
            "de",
            lambda: (
                f"Der Akku hat {R.choice(['3,7', '7,4', '11,1'])} V und {R.randint(15, 60)}00 mAh."
            ),
        ),
        (
            "fr",
            lambda: (
                f"Pression atmosphérique ce matin : {R.randint(990, 1035)} hPa, {R.randint(-5, 30)} °C."
            ),
        ),
        (
            "en",
            lambda: (
                f"Package dimensions: {R.randint(20, 60)} x {R.randint(10, 40)} x {R.randint(5, 30)} cm, {R.randint(1, 20)}.{R.randint(0, 9)} kg"
            ),
        ),
        (
            "ja",
            lambda: f"富士山の標高は3776 m、今日の気温は{R.randint(-10, 15)}℃です。",
        ),
        (
            "es",
            lambda: (
                f"La distancia de Madrid a Barcelona por carretera es de unos {R.randint(615, 625)} km."
            ),
        ),
        (
            "it",
            lambda: (
                f"Diametro del tubo: {R.randint(10, 50)},5 mm, spessore {R.randint(1, 4)} mm."
            ),
        ),
    ],
)


def _ean13():
    from stdnum import ean

    b = "400" + dg(9)
    return b + ean.calc_check_digit(b)


def _isbn13():
    from stdnum import isbn

    b = "978" + pick(["3", "0", "2", "4"]) + dg(8)
    from stdnum import ean

    return isbn.format(b + ean.calc_check_digit(b))


C_PART = c_pool(
    "part_number",
    [
        (
            "en",
            lambda: (
                f"Replace the air filter (part no. {dg(2)}A-{dg(4)}-{dg(2)}) every 15,000 km."
            ),
        ),
        ("en", lambda: f"SKU: {up(2)}-{dg(4)}-{pick(['BLK', 'WHT', 'RED'])}"),
        ("de", lambda: f"EAN {_ean13()} – Artikel derzeit nicht lieferbar."),
        ("en", lambda: f"ISBN {_isbn13()}"),
        ("fr", lambda: f"Référence fabricant : {up(3)}{dg(5)}-{dg(2)}"),
        ("en", lambda: f"Bearing 6204-2RS, seal kit {up(2)}{dg(6)}"),
        ("zh", lambda: f"配件型号：{up(2)}-{dg(4)}{up(1)}"),
    ],
)
C_ORDER = c_pool(
    "order_number",
    [
        ("en", lambda: f"Your order {dg(3)}-{dg(7)}-{dg(7)} has shipped."),
        (
            "en",
            lambda: (
                f"Ticket #{R.randint(10000, 99999)} was closed as duplicate of #{R.randint(10000, 99999)}."
            ),
        ),
        ("de", lambda: f"Rechnungsnummer RE-2024-{dg(5)}, fällig in 14 Tagen."),
        ("fr", lambda: f"Commande n° {dg(9)} confirmée."),
        (
            "en",
            lambda: (
                f"Jira {pick(['PLAT', 'WEB', 'OPS'])}-{R.randint(100, 9999)}: flaky test in checkout flow"
            ),
        ),
        ("ja", lambda: f"注文番号 {dg(3)}-{dg(7)} の発送が完了しました。"),
        ("es", lambda: f"Número de pedido: PED-{dg(8)}"),
        (
            "en",
            lambda: (
                f"Invoice INV-{R.randint(2019, 2025)}-{dg(5)} for {R.randint(2, 40)} seats"
            ),
        ),
        ("nl", lambda: f"Je bestelling {dg(10)} wordt morgen bezorgd."),
    ],
)
C_TRACK = c_pool(
    "tracking_number",
    [
        ("en", lambda: f"UPS tracking: 1Z{rs(6, UP + D)}{dg(10)}"),
        ("de", lambda: f"DHL Sendungsnummer: {dg(12)}"),
        ("en", lambda: f"FedEx tracking {dg(12)} — delivered to the front desk."),
        ("en", lambda: f"USPS: 9400 {dg(4)} {dg(4)} {dg(4)} {dg(4)} {dg(2)}"),
        ("fr", lambda: f"Numéro de suivi Colissimo : 6A{dg(11)}"),
        ("en", lambda: f"Royal Mail tracked: {up(2)}{dg(9)}GB"),
    ],
)
C_VERSION = c_pool(
    "version",
    [
        (
            "en",
            lambda: (
                f"Upgraded to Django {R.randint(4, 5)}.{R.randint(0, 2)}.{R.randint(1, 12)} and Python 3.{R.randint(10, 13)}.{R.randint(0, 9)}."
            ),
        ),
        (
            "en",
            lambda: (
                f"Linux build-01 6.{R.randint(1, 9)}.0-{R.randint(10, 60)}-generic #{R.randint(30, 90)}-Ubuntu SMP x86_64"
            ),
        ),
        (
            "en",
            lambda: (
                f"Chrome {R.randint(118, 127)}.0.{R.randint(6000, 6500)}.{R.randint(50, 200)} (Official Build) (64-bit)"
            ),
        ),
        (
            "de",
            lambda: f"Windows 11 Version 23H2 (Build 22631.{R.randint(3000, 4000)})",
        ),
        (
            "en",
            lambda: (
                f"release v{R.randint(1, 4)}.{R.randint(0, 20)}.{R.randint(0, 9)}-rc.{R.randint(1, 4)}+build.{R.randint(100, 999)}"
            ),
        ),
        (
            "fr",
            lambda: (
                f"Mise à jour vers iOS 17.{R.randint(0, 6)}.{R.randint(0, 2)} disponible."
            ),
        ),
        (
            "en",
            lambda: (
                f'"dependencies": {{"react": "^18.{R.randint(0, 3)}.{R.randint(0, 9)}", "typescript": "~5.{R.randint(0, 5)}.{R.randint(0, 9)}"}}'
            ),
        ),
    ],
)
C_COMPANY = c_pool(
    "company_address",
    [
        ("en", "Apple Inc., One Apple Park Way, Cupertino, CA 95014, United States"),
        (
            "en",
            "Google's headquarters are at 1600 Amphitheatre Parkway, Mountain View, CA 94043.",
        ),
        ("en", "Microsoft Corporation, One Microsoft Way, Redmond, WA 98052"),
        ("de", "Impressum: SAP SE, Dietmar-Hopp-Allee 16, 69190 Walldorf"),
        (
            "de",
            "Die Siemens AG hat ihren Sitz in der Werner-von-Siemens-Straße 1, 80333 München.",
        ),
        ("fr", "Siège social : Nestlé S.A., Avenue Nestlé 55, 1800 Vevey, Suisse"),
        (
            "en",
            "The White House is located at 1600 Pennsylvania Avenue NW, Washington, DC 20500.",
        ),
        ("ja", "トヨタ自動車の本社所在地は愛知県豊田市トヨタ町1番地です。"),
        (
            "en",
            "Visit the museum at Cromwell Road, London SW7 2RL (Victoria and Albert Museum).",
        ),
    ],
)


def _biz_phone(region, t):
    return fmt_phone(valid_number(region, t), pick(["intl", "nat"]))


C_OFFICE = c_pool(
    "office_phone",
    [
        (
            "de",
            lambda: (
                f"Nordlicht Logistik GmbH – Zentrale: {_biz_phone('DE', PNT.FIXED_LINE)} (Mo–Fr 8–17 Uhr)"
            ),
        ),
        ("en", lambda: f"Customer service: {_biz_phone('US', PNT.TOLL_FREE)}, 24/7."),
        (
            "fr",
            lambda: (
                f"Standard de la mairie : {_biz_phone('FR', PNT.FIXED_LINE)}, du lundi au vendredi."
            ),
        ),
        (
            "en",
            lambda: (
                f"Acme Widgets Ltd, switchboard {_biz_phone('GB', PNT.FIXED_LINE)}, VAT reg. GB 123 4567 89"
            ),
        ),
        (
            "es",
            lambda: (
                f"Atención al cliente de Ferretería Central S.L.: {_biz_phone('ES', PNT.FIXED_LINE)}"
            ),
        ),
        (
            "ja",
            lambda: (
                f"株式会社サンプル商事 代表電話：{_biz_phone('JP', PNT.FIXED_LINE)}（平日9時〜18時）"
            ),
        ),
        (
            "it",
            lambda: (
                f"Per prenotazioni chiamate il ristorante Da Gino allo {_biz_phone('IT', PNT.FIXED_LINE)}."
            ),
        ),
        (
            "en",
            lambda: (
                f"IT helpdesk hotline (Sydney office): {_biz_phone('AU', PNT.FIXED_LINE)}"
            ),
        ),
        (
            "nl",
            lambda: (
                f"Klantenservice Bakkerij de Molen: {_biz_phone('NL', PNT.FIXED_LINE)}"
            ),
        ),
    ],
)
C_HIST = c_pool(
    "historical_date",
    [
        ("en", "The Berlin Wall fell on 9 November 1989."),
        ("de", "Am 3. Oktober 1990 wurde die deutsche Wiedervereinigung vollzogen."),
        ("fr", "La prise de la Bastille a eu lieu le 14 juillet 1789."),
        ("en", "Apollo 11 landed on the Moon on July 20, 1969."),
        ("es", "Cristóbal Colón llegó a América el 12 de octubre de 1492."),
        ("ja", "日本国憲法は1947年5月3日に施行されました。"),
        ("it", "La Repubblica Italiana è nata con il referendum del 2 giugno 1946."),
        ("ru", "Юрий Гагарин полетел в космос 12 апреля 1961 года."),
        ("pt", "A independência do Brasil foi proclamada em 7 de setembro de 1822."),
        ("zh", "中华人民共和国于1949年10月1日成立。"),
    ],
)
C_FIGURE = c_pool(
    "public_figure",
    [
        ("en", "Ada Lovelace was born on 10 December 1815 in London."),
        ("de", "Albert Einstein wurde am 14. März 1879 in Ulm geboren."),
        (
            "fr",
            "Marie Curie, née le 7 novembre 1867 à Varsovie, a reçu deux prix Nobel.",
        ),
        (
            "en",
            "Alan Turing (23 June 1912 – 7 June 1954) formalised the concept of the algorithm.",
        ),
        ("es", "Gabriel García Márquez nació el 6 de marzo de 1927 en Aracataca."),
        ("it", "Leonardo da Vinci nacque il 15 aprile 1452 a Vinci."),
        ("pl", "Mikołaj Kopernik urodził się 19 lutego 1473 roku w Toruniu."),
        ("ja", "夏目漱石は1867年2月9日に江戸で生まれた。"),
    ],
)
C_EXEMAIL = c_pool(
    "example_email",
    [
        (
            "en",
            'Example request body: {"email": "jane.doe@example.com", "plan": "pro"}',
        ),
        (
            "en",
            "To test the signup form, use user@example.org — mail to example domains is never delivered.",
        ),
        ("de", 'Beispiel: `git config user.email "you@example.com"`'),
        (
            "en",
            "RFC 2606 reserves example.com, example.net and example.org; e.g. alice@example.net in docs.",
        ),
        (
            "fr",
            "Dans la documentation, remplacez contact@example.fr par votre propre adresse.",
        ),
        ("en", 'assert validate_email("test+tag@example.com") is True'),
        ("es", "Formato esperado del campo: nombre@example.com"),
    ],
)
C_MASKED = c_pool(
    "masked_card",
    [
        ("en", lambda: f"Paid with Visa ending in {dg(4)}."),
        ("en", lambda: f"Card: **** **** **** {dg(4)} (exp **/**)"),
        ("de", lambda: f"Zahlung mit Mastercard XXXX XXXX XXXX {dg(4)} erfolgreich."),
        ("ja", lambda: f"登録済みカード：末尾 {dg(4)}"),
        ("fr", lambda: f"Carte enregistrée : •••• {dg(4)}"),
        ("en", lambda: f"IBAN on file: DE** **** **** **** **{dg(2)} {dg(2)}"),
        ("es", lambda: f"Tarjeta terminada en {dg(4)}, titular verificado."),
    ],
)


def _pubip():
    return pick(
        [
            f"203.0.113.{R.randint(1, 254)}",
            f"198.51.100.{R.randint(1, 254)}",
            "8.8.8.8",
            "1.1.1.1",
            f"192.0.2.{R.randint(1, 254)}",
        ]
    )


C_IP = c_pool(
    "ip_address",
    [
        (
            "en",
            lambda: (
                f"nginx listening on 0.0.0.0:{R.choice([80, 443, 8080])}, upstream 10.0.{R.randint(0, 255)}.{R.randint(1, 254)}:9000"
            ),
        ),
        (
            "en",
            lambda: (
                f"PING {_pubip()}: 56 data bytes, time={R.randint(5, 80)}.{R.randint(0, 9)} ms"
            ),
        ),
        ("en", lambda: f"VPC CIDR 10.{R.randint(0, 255)}.0.0/16, subnets /24"),
        (
            "de",
            lambda: (
                f"Der Router hat die Adresse 192.168.{R.randint(0, 2)}.1, DHCP-Bereich .100–.200"
            ),
        ),
        (
            "en",
            lambda: (
                f"IPv6 documentation prefix 2001:db8::/32; host 2001:db8:{_hex(4)}::{R.randint(1, 99)}"
            ),
        ),
        ("fr", lambda: f"Le serveur {_pubip()} a répondu 502 Bad Gateway."),
        ("en", lambda: f"allow from 172.16.{R.randint(0, 31)}.0/24; deny all;"),
    ],
)
C_B64 = c_pool(
    "base64_nonsecret",
    [
        ("en", f"echo {b64(b'Hello, World!')} | base64 -d   # prints Hello, World!"),
        (
            "en",
            "data:image/svg+xml;base64,"
            + b64(
                b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4"/></svg>'
            ),
        ),
        ("en", "PNG files start with iVBORw0KGgoAAAANSUhEUgAA in base64."),
        ("de", "Base64 von „Guten Morgen“ ist " + b64(b"Guten Morgen")),
        (
            "en",
            "Payload (base64): "
            + b64(
                json.dumps(
                    {"type": "greeting", "lang": "en", "text": "welcome aboard"}
                ).encode()
            ),
        ),
    ],
)
C_MATH = c_pool(
    "math",
    [
        ("en", "Euler's identity: e^{iπ} + 1 = 0"),
        ("en", "∫₀¹ x² dx = 1/3, and the sum 1 + 2 + … + 100 = 5050."),
        ("de", "ggT(1071, 462) = 21 nach dem euklidischen Algorithmus."),
        ("en", "2^61 − 1 = 2305843009213693951 is a Mersenne prime."),
        ("fr", "La constante d'Euler-Mascheroni vaut environ 0,5772156649."),
    ],
)
C_CHEM = c_pool(
    "chemical_formula",
    [
        ("en", "Caffeine is C8H10N4O2 (CAS 58-08-2)."),
        ("en", "H2SO4 + 2 NaOH → Na2SO4 + 2 H2O"),
        ("de", "Glukose hat die Summenformel C₆H₁₂O₆."),
        ("fr", "Formaldéhyde : CH2O, numéro CAS 50-00-0."),
        ("ja", "エタノールの化学式は C2H5OH です。"),
    ],
)
C_TS = c_pool(
    "timestamp",
    [
        (
            "en",
            lambda: (
                f"2024-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}.{dg(3)}Z INFO worker started"
            ),
        ),
        ("en", lambda: f"created_at: {R.randint(1690000000, 1730000000)} (unix epoch)"),
        (
            "en",
            lambda: (
                f"Date: {pick(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])}, {R.randint(1, 28)} {pick(['Jan', 'Mar', 'Jun', 'Sep'])} 2024 {R.randint(0, 23):02d}:{R.randint(0, 59):02d}:00 +0000"
            ),
        ),
        (
            "de",
            lambda: (
                f"Letzte Sicherung: {R.randint(1, 28):02d}.{R.randint(1, 12):02d}.2024, {R.randint(0, 23):02d}:{R.randint(0, 59):02d} Uhr"
            ),
        ),
        (
            "ja",
            lambda: (
                f"最終更新：2024年{R.randint(1, 12)}月{R.randint(1, 28)}日 {R.randint(0, 23)}時{R.randint(0, 59)}分"
            ),
        ),
        (
            "en",
            lambda: (
                f'[{R.randint(1, 28):02d}/Jun/2024:{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d} +0000] "GET /health HTTP/1.1" 200 2'
            ),
        ),
    ],
)

CLEAN_PLAN = None  # built in main() (public keys/certs need crypto generation)


# =====================================================================================================
# assembly
# =====================================================================================================
def sid(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def main():
    rows, seen = [], set()

    def add(text, label, kind, template, value=None):
        if text in seen:
            return False
        if label == "pii":
            assert value and text.count(value) >= 1, (text, value)
        seen.add(text)
        row = {
            "text": text,
            "label": label,
            "kind": kind,
            "template": template,
            "probe": SET,
            "id": sid(text),
        }
        if label == "pii":
            row["value"] = value
        rows.append(row)
        return True

    assert sum(n for _, n in SECRET_PLAN) == N_SECRET, sum(n for _, n in SECRET_PLAN)
    for maker, n in SECRET_PLAN:
        made = tries = 0
        while made < n:
            tries += 1
            assert tries < 50 * n, maker
            text, kind, tpl = maker()
            made += add(text, "secret", kind, tpl)

    assert sum(n for _, n in PII_PLAN) == N_PII
    for maker, n in PII_PLAN:
        made = i = 0
        while made < n:
            assert i < 50 * n, maker
            text, value, kind, tpl = maker(i)
            i += 1
            made += add(text, "pii", kind, tpl, value)

    clean_plan = [
        (C_PLACEHOLDER, 12),
        (C_ENVREF, 6),
        (C_SECPROSE, 3),
        (c_pool("public_key", _pubkeys()), 8),
        (c_pool("certificate", _certs()), 3),
        (C_HASH, 8),
        (C_COMMIT, 5),
        (C_UUID, 6),
        (C_FINGERPRINT, 5),
        (C_PRICE, 7),
        (C_MEASURE, 7),
        (C_PART, 6),
        (C_ORDER, 7),
        (C_TRACK, 5),
        (C_VERSION, 6),
        (C_COMPANY, 8),
        (C_OFFICE, 8),
        (C_HIST, 8),
        (C_FIGURE, 7),
        (C_EXEMAIL, 6),
        (C_MASKED, 6),
        (C_IP, 6),
        (C_B64, 4),
        (C_MATH, 4),
        (C_CHEM, 4),
        (C_TS, 5),
    ]
    assert sum(n for _, n in clean_plan) == N_CLEAN, sum(n for _, n in clean_plan)
    for maker, n in clean_plan:
        made = tries = 0
        while made < n:
            tries += 1
            assert tries < 50 * n, maker
            text, kind, tpl = maker()
            made += add(text, "clean", kind, tpl)

    # integrity checks
    assert len(rows) == N_SECRET + N_PII + N_CLEAN == 600
    assert len({r["text"] for r in rows}) == 600
    assert len({r["id"] for r in rows}) == 600
    lab = Counter(r["label"] for r in rows)
    assert lab == {"secret": N_SECRET, "pii": N_PII, "clean": N_CLEAN}, lab

    with open(OUT, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")

    print(f"wrote {len(rows)} rows -> {OUT}")
    for label in ("secret", "pii", "clean"):
        kinds = Counter(r["kind"] for r in rows if r["label"] == label)
        print(f"\n{label}: {lab[label]} rows, {len(kinds)} kinds")
        for k, c in sorted(kinds.items(), key=lambda x: (-x[1], x[0])):
            print(f"  {k:28s} {c}")
    langs = Counter(r["template"].rsplit(":", 1)[1] for r in rows)
    pii_langs = Counter(
        r["template"].rsplit(":", 1)[1] for r in rows if r["label"] == "pii"
    )
    print(
        f"\nkinds total: {len({r['kind'] for r in rows})}; languages overall: {len(langs)}; in pii: {len(pii_langs)}"
    )
    print("languages:", dict(sorted(langs.items(), key=lambda x: -x[1])))
    assert len(pii_langs) >= 20


if __name__ == "__main__":
    main()
