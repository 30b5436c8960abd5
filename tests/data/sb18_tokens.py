"""Credential-shaped strings in the formats real providers issue (random, seeded)."""
import base64
import json
import zlib
from sb18_common import R, pick, alnum, hexs, digits

B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64URL = B62 + "-_"
A32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _b62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def github(prefix="ghp_"):
    body = alnum(30, B62)
    return prefix + body + _b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def github_fine():
    return "github_pat_11" + alnum(20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "_" + alnum(59, B62)


def gitlab():
    return "glpat-" + alnum(20, B64URL)


def aws_pair():
    return pick(["AKIA", "AKIA", "ASIA"]) + alnum(16, A32), alnum(40, B62 + "+/")


def slack_bot():
    return f"xoxb-{digits(11, True)}-{digits(13, True)}-{alnum(24, B62)}"


def slack_user():
    return f"xoxp-{digits(11, True)}-{digits(12, True)}-{digits(13, True)}-{hexs(32)}"


def slack_webhook():
    return f"https://hooks.slack.com/services/T{alnum(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}/B{alnum(10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}/{alnum(24, B62)}"


def stripe(kind="sk_live_"):
    return kind + "51" + alnum(22, B62) + alnum(75, B62)


def stripe_rk():
    return "rk_live_51" + alnum(97, B62)


def openai():
    if R.randrange(2):
        return "sk-proj-" + alnum(74, B64URL) + "T3BlbkFJ" + alnum(74, B64URL)
    return "sk-" + alnum(20, B62) + "T3BlbkFJ" + alnum(20, B62)


def anthropic():
    return "sk-ant-api03-" + alnum(93, B64URL) + "AA"


def google_api():
    return "AIza" + alnum(35, B64URL)


def sendgrid():
    return "SG." + alnum(22, B64URL) + "." + alnum(43, B64URL)


def twilio():
    return "AC" + hexs(32), hexs(32)


def npm():
    return "npm_" + alnum(36, B62)


def pypi():
    return "pypi-AgEIcHlwaS5vcmcCJ" + alnum(120, B64URL)


def vault():
    return "hvs." + alnum(24, B62)


def telegram():
    return f"{digits(10, True)}:AA{alnum(33, B64URL)}"


def discord():
    uid = str(R.randrange(10 ** 17, 10 ** 18)).encode()
    return base64.b64encode(uid).decode().rstrip("=") + "." + alnum(6, B64URL) + "." + alnum(38, B64URL)


def shopify():
    return "shpat_" + hexs(32)


def mailgun():
    return "key-" + hexs(32)


def datadog():
    return hexs(32)


def azure_key():
    return base64.b64encode(bytes(R.randrange(256) for _ in range(64))).decode()


def uuid4():
    h = hexs(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{pick('89ab')}{h[17:20]}-{h[20:32]}"


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def jwt(sub=None, iss="https://auth.internal.example-corp.net/"):
    hdr = {"alg": pick(["HS256", "RS256"]), "typ": "JWT"}
    iat = 1790000000 + R.randrange(10 ** 7)
    pl = {"sub": sub or uuid4(), "iss": iss, "iat": iat, "exp": iat + pick([3600, 86400, 604800]),
          "scope": pick(["read write", "admin", "orders:write", "deploy"])}
    sig = bytes(R.randrange(256) for _ in range(32 if hdr["alg"] == "HS256" else 256))
    return b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." + \
        b64url(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64url(sig)


def pem(kind="RSA PRIVATE KEY", nbytes=1190):
    raw = bytes(R.randrange(256) for _ in range(nbytes))
    if kind == "OPENSSH PRIVATE KEY":
        raw = b"openssh-key-v1\x00" + raw
    elif kind.startswith("RSA") or kind == "PRIVATE KEY":
        raw = b"\x30\x82\x04" + raw
    b = base64.b64encode(raw).decode()
    width = 70 if kind == "OPENSSH PRIVATE KEY" else 64
    lines = [b[i:i + width] for i in range(0, len(b), width)]
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


WORDS = ["otter", "basalt", "cobalt", "lantern", "mango", "quartz", "harbor", "velvet", "falcon", "pepper", "tundra", "maple"]


def password():
    s = R.randrange(5)
    if s == 0:
        return alnum(R.randrange(16, 29), B62 + "!@#%^&*-_")
    if s == 1:
        return pick(WORDS).capitalize() + pick(["!", "#", "$", "%"]) + digits(R.randrange(2, 5)) + pick(WORDS)
    if s == 2:
        return alnum(32, B62)
    if s == 3:
        return "-".join(pick(WORDS) for _ in range(4)) + digits(2)
    return base64.b64encode(bytes(R.randrange(256) for _ in range(18))).decode()


def user():
    return pick(["app", "svc_orders", "deploy", "admin", "reporting_ro", "etl", "django", "grafana", "airflow", "api_user"])


def host(kind="pg"):
    return pick({
        "pg": ["db-prod-01.int.lumenshop.io", "orders-db.c9xkq2lmv3pz.eu-west-1.rds.amazonaws.com",
               "10.20.4.17", "pg-primary.data.svc.cluster.local", "postgres.hr-platform.internal"],
        "my": ["mysql-main.prod.kestrel.net", "10.0.12.5", "wp-db.cpyrw8zx41ab.us-east-2.rds.amazonaws.com"],
        "mongo": ["cluster0.x7gkq.mongodb.net", "shop-prod.vq2rn.mongodb.net"],
        "redis": ["redis-cache.prod.svc", "master.sessions.abc123.use1.cache.amazonaws.com", "10.3.0.44"],
        "amqp": ["rabbitmq.prod.internal", "mq-01.ops.fernweh.de"],
    }[kind])
