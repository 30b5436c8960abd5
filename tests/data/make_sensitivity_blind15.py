# ruff: noqa: E501, E702, E731, E741, B905, F841, UP031 (templates are data, one string per line)
"""Labelled sensitivity set "blind15" (independent hand).

Writes sensitivity_blind15.jsonl next to this script: 600 rows (220 secret, 220 pii, 160 clean).
Emphasis: national IDs / addresses from Asia, Africa and Latin America; secrets inside CI/CD
configs, Kubernetes manifests and chat messages between colleagues.
Deterministic: every random choice (including key material) comes from one seeded Random.
"""

import base64
import datetime as dt
import hashlib
import hmac
import importlib
import itertools
import json
import random
import string
import struct
import uuid
from collections import Counter
from pathlib import Path

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa, x25519
from cryptography.x509.oid import NameOID
from phonenumbers import PhoneNumberFormat as PNF
from phonenumbers import PhoneNumberType as PNT
from stdnum import ean, luhn
from stdnum import iban as std_iban
from stdnum import isbn as std_isbn

NAME = "blind15"
SEED = 15_015_015
R = random.Random(SEED)
OUT = Path(__file__).with_name(f"sensitivity_{NAME}.jsonl")
N_SECRET, N_PII, N_CLEAN = 220, 220, 160

# ----------------------------------------------------------------------------- helpers
AL = string.ascii_letters + string.digits
UP = string.ascii_uppercase
LOW = string.ascii_lowercase
DIG = string.digits
HEX = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
URLB = AL + "-_"
B64 = AL + "+/"
rs = lambda n, alpha=AL: "".join(R.choice(alpha) for _ in range(n))
d = lambda n: rs(n, DIG)
pick = lambda seq: seq[R.randrange(len(seq))]
b64u = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def rand_date(y0=1950, y1=2006):
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 28).toordinal()
    return dt.date.fromordinal(R.randint(start, end))


def complete(mod, body, alphabet=DIG, n=1):
    """Append the check character(s) that make `body` valid for a python-stdnum module."""
    for combo in itertools.product(alphabet, repeat=n):
        cand = body + "".join(combo)
        try:
            if mod.is_valid(cand):
                return cand
        except Exception:
            pass
    return None


def until(fn, tries=500):
    for _ in range(tries):
        v = fn()
        if v:
            return v
    raise RuntimeError(f"generator failed: {fn}")


# deterministic RSA (cryptography's generator uses the OS RNG)
def _is_prime(n):
    if n < 2:
        return False
    for p in (
        2,
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
    ):
        if n % p == 0:
            return n == p
    dd, s = n - 1, 0
    while dd % 2 == 0:
        dd //= 2
        s += 1
    for _ in range(24):
        a = R.randrange(2, n - 2)
        x = pow(a, dd, n)
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
        if _is_prime(c):
            return c


def rsa_key(bits=2048):
    e = 65537
    while True:
        p, q = _prime(bits // 2), _prime(bits // 2)
        if p == q:
            continue
        phi = (p - 1) * (q - 1)
        try:
            dd = pow(e, -1, phi)
        except ValueError:
            continue
        pub = rsa.RSAPublicNumbers(e, p * q)
        return rsa.RSAPrivateNumbers(
            p, q, dd, dd % (p - 1), dd % (q - 1), pow(q, -1, p), pub
        ).private_key()


def pem_priv(key, fmt=serialization.PrivateFormat.TraditionalOpenSSL):
    return (
        key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
        .decode()
        .strip()
    )


def pem_pub(key):
    return (
        key.public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )


def _sshstr(b):
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(comment):
    """OpenSSH-format ed25519 private key built by hand (checkint from the seeded RNG)."""
    seed = R.randbytes(32)
    k = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
    pub = k.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    pubblob = _sshstr(b"ssh-ed25519") + _sshstr(pub)
    chk = R.randbytes(4)
    priv = (
        chk
        + chk
        + _sshstr(b"ssh-ed25519")
        + _sshstr(pub)
        + _sshstr(seed + pub)
        + _sshstr(comment.encode())
    )
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = (
        b"openssh-key-v1\x00"
        + _sshstr(b"none")
        + _sshstr(b"none")
        + _sshstr(b"")
        + struct.pack(">I", 1)
        + _sshstr(pubblob)
        + _sshstr(priv)
    )
    b = base64.b64encode(blob).decode()
    body = "\n".join(b[i : i + 70] for i in range(0, len(b), 70))
    publine = "ssh-ed25519 " + base64.b64encode(pubblob).decode() + " " + comment
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + body
        + "\n-----END OPENSSH PRIVATE KEY-----",
        publine,
    )


def ed_cert(cn):
    k = ed25519.Ed25519PrivateKey.from_private_bytes(R.randbytes(32))
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Internal CA"),
        ]
    )
    nb = dt.datetime(2024, 1, 1, tzinfo=dt.UTC) + dt.timedelta(days=R.randint(0, 500))
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(k.public_key())
        .serial_number(R.getrandbits(120))
        .not_valid_before(nb)
        .not_valid_after(nb + dt.timedelta(days=397))
        .sign(k, None)
    )
    return cert


def jwt_hs256(payload):
    h = b64u(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    sig = hmac.new(R.randbytes(32), f"{h}.{p}".encode(), hashlib.sha256).digest()
    return f"{h}.{p}.{b64u(sig)}"


def jwt_rs256_like(payload, kid=True):
    hdr = (
        {"alg": "RS256", "kid": rs(43, URLB)} if kid else {"alg": "RS256", "typ": "JWT"}
    )
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    return f"{h}.{p}.{b64u(R.randbytes(256))}"


def uuid4():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


# ----------------------------------------------------------------------------- shared vocab
LANGS = [
    "en",
    "es",
    "pt",
    "fr",
    "de",
    "it",
    "nl",
    "pl",
    "tr",
    "ru",
    "ar",
    "hi",
    "zh",
    "ja",
    "ko",
    "id",
    "vi",
    "th",
    "sw",
    "tl",
]
COLLEAGUES = [
    "priya",
    "tomás",
    "aiko",
    "chinedu",
    "wanjiru",
    "thabo",
    "minh",
    "siti",
    "ahmed",
    "lucía",
    "joão",
    "kenji",
    "seo-yeon",
    "rahul",
    "fatima",
    "diego",
    "mariana",
    "kwame",
    "ana.p",
    "li.wei",
    "amara",
    "rizal",
    "nomvula",
    "carlos",
    "yusuf",
    "mei",
    "oluwaseun",
    "valentina",
]
USERS = [
    "deploy",
    "ci-bot",
    "jsilva",
    "admin",
    "svc_reports",
    "mkariuki",
    "nguyen.an",
    "rpatel",
    "build",
    "etl_user",
    "app",
    "ops",
    "tanaka",
    "ade.o",
]
DOMAINS = [
    "acme-logistics.io",
    "tiendaverde.mx",
    "kilimo.co.ke",
    "nusantara-tech.id",
    "sakura-labs.jp",
    "pagafacil.com.br",
    "lagosfin.ng",
    "andes-data.cl",
    "mekong.vn",
    "capeflow.co.za",
    "bayanihan.ph",
    "saharapay.ma",
    "deccan.in",
    "pampa.ar",
    "hanok.kr",
]
REPOS = [
    "payments-api",
    "mobile-app",
    "infra",
    "data-pipeline",
    "checkout",
    "ledger",
    "notifier",
    "web",
    "helm-charts",
    "ml-serving",
]
ORGS = [
    "acme",
    "tiendaverde",
    "kilimo-dev",
    "nusantara",
    "pagafacil",
    "lagosfin",
    "capeflow",
    "deccan-labs",
]
ENVS = ["staging", "prod", "dev", "qa", "sandbox", "preprod"]
REGIONS = [
    "sa-east-1",
    "ap-south-1",
    "af-south-1",
    "ap-southeast-3",
    "me-south-1",
    "us-east-1",
    "eu-west-1",
    "ap-northeast-1",
    "mx-central-1",
]
APPS = [
    "orders",
    "billing",
    "auth",
    "catalog",
    "kyc",
    "payouts",
    "search",
    "inventory",
    "loyalty",
    "dispatch",
]
DBS = ["orders", "app_prod", "analytics", "core", "wallet", "crm", "ledger"]


def ctx(lang):
    c1, c2 = R.sample(COLLEAGUES, 2)
    dom = pick(DOMAINS)
    app = pick(APPS)
    env = pick(ENVS)
    return dict(
        c1=c1,
        c2=c2,
        time="%02d:%02d" % (R.randint(7, 23), R.randint(0, 59)),
        user=pick(USERS),
        dom=dom,
        org=pick(ORGS),
        repo=pick(REPOS),
        env=env,
        region=pick(REGIONS),
        app=app,
        ns=f"{app}-{env}",
        host=f"{pick(['db', 'pg', 'mysql', 'primary', 'rds'])}-{R.randint(1, 9)}.{env}.{dom}",
        db=pick(DBS),
        ver="%d.%d.%d" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 40)),
        n=str(R.randint(100000, 999999)),
        ip="10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(2, 254)),
        port=pick(["5432", "3306", "6379", "27017"]),
        work_email=f"{pick(['ops', 'devops', 'platform', 'billing', 'it'])}@{dom}",
        job=pick(["deploy-prod", "nightly-build", "release", "db-backup"]),
    )


# relatives per language (the form each language's templates expect)
REL = {
    "en": [
        "my mum's",
        "my dad's",
        "my wife's",
        "my husband's",
        "my son's",
        "my daughter's",
        "grandma's",
        "my brother's",
        "my sister's",
    ],
    "es": [
        "mi madre",
        "mi papá",
        "mi esposa",
        "mi hijo",
        "mi abuela",
        "mi hermano",
        "mi hija",
    ],
    "pt": [
        "minha mãe",
        "meu pai",
        "minha esposa",
        "meu filho",
        "minha avó",
        "meu irmão",
        "minha filha",
    ],
    "fr": ["ma mère", "mon père", "ma femme", "mon fils", "ma grand-mère", "ma fille"],
    "de": ["Mama", "Papa", "meine Frau", "mein Sohn", "Oma", "meine Tochter"],
    "it": ["mia madre", "mio padre", "mia moglie", "mio figlio", "mia nonna"],
    "nl": ["mijn moeder", "mijn vader", "mijn vrouw", "mijn zoon", "oma"],
    "pl": ["mama", "tata", "żona", "syn", "babcia", "córka"],
    "tr": ["annem", "babam", "eşim", "oğlum", "kızım", "babaannem"],
    "ru": ["мама", "папа", "жена", "сын", "бабушка", "дочь"],
    "ar": ["أمي", "أبي", "زوجتي", "ابني", "ابنتي", "جدتي"],
    "hi": ["माँ", "पापा", "पत्नी", "बेटे", "दादी", "भाई"],
    "zh": ["妈妈", "爸爸", "老婆", "儿子", "奶奶", "女儿"],
    "ja": ["母", "父", "妻", "息子", "祖母", "娘"],
    "ko": ["엄마", "아빠", "아내", "아들", "할머니", "딸"],
    "id": ["ibu", "ayah", "istri", "anak saya", "nenek", "adik"],
    "vi": ["mẹ", "bố", "vợ", "con trai", "bà nội", "em gái"],
    "th": ["แม่", "พ่อ", "ภรรยา", "ลูกชาย", "ยาย", "น้องสาว"],
    "sw": ["mama", "baba", "mke wangu", "mwanangu", "bibi", "dada yangu"],
    "tl": ["nanay", "tatay", "asawa ko", "anak ko", "lola", "kapatid ko"],
}
NAMES = {
    "en": [
        "Grace Okafor",
        "Daniel Mensah",
        "Priya Raman",
        "Sarah Whitfield",
        "Tendai Moyo",
        "Kevin O'Brien",
        "Aisha Bello",
        "Rohan Mehta",
    ],
    "es": [
        "María Fernanda López",
        "Juan Pablo Restrepo",
        "Camila Rojas Díaz",
        "Andrés Quispe Mamani",
        "Valeria Gutiérrez",
        "José Luis Herrera",
    ],
    "pt": [
        "Ana Beatriz Souza",
        "João Pedro Almeida",
        "Mariana Costa Lima",
        "Lucas Ferreira",
        "Fernanda Oliveira Santos",
    ],
    "fr": ["Aminata Diallo", "Youssef Benali", "Claire Martin", "Moussa Traoré"],
    "de": ["Jana Becker", "Mehmet Yıldız", "Lukas Hoffmann"],
    "it": ["Giulia Romano", "Marco Esposito"],
    "nl": ["Sanne de Vries", "Daan Bakker"],
    "pl": ["Katarzyna Nowak", "Piotr Wiśniewski"],
    "tr": ["Elif Yılmaz", "Emre Demir", "Zeynep Kaya"],
    "ru": ["Анна Смирнова", "Дмитрий Иванов"],
    "ar": ["محمد السيد", "فاطمة الزهراء", "عمر حسن"],
    "hi": ["अनीता शर्मा", "राहुल वर्मा", "Suresh Iyer"],
    "zh": ["王芳", "李伟", "陈静"],
    "ja": ["佐藤 健", "鈴木 美咲", "高橋 翔"],
    "ko": ["김민지", "이준호", "박서연"],
    "id": ["Siti Rahmawati", "Budi Santoso", "Dewi Lestari"],
    "vi": ["Nguyễn Thị Lan", "Trần Văn Minh", "Lê Hoàng Anh"],
    "th": ["สมชาย ใจดี", "ปิยะนุช ศรีสุข"],
    "sw": ["Wanjiru Kamau", "Baraka Otieno", "Neema Mwakyusa"],
    "tl": ["Maria Clara Santos", "Jose Reyes", "Angelica Dela Cruz"],
}

# ----------------------------------------------------------------------------- dates
MONTHS = {
    "en": "January February March April May June July August September October November December".split(),
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(),
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(),
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(),
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(),
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split(),
    "nl": "januari februari maart april mei juni juli augustus september oktober november december".split(),
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia".split(),
    "tr": "Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık".split(),
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split(),
    "hi": "जनवरी फ़रवरी मार्च अप्रैल मई जून जुलाई अगस्त सितंबर अक्टूबर नवंबर दिसंबर".split(),
    "id": "Januari Februari Maret April Mei Juni Juli Agustus September Oktober November Desember".split(),
    "th": "มกราคม กุมภาพันธ์ มีนาคม เมษายน พฤษภาคม มิถุนายน กรกฎาคม สิงหาคม กันยายน ตุลาคม พฤศจิกายน ธันวาคม".split(),
    "sw": "Januari Februari Machi Aprili Mei Juni Julai Agosti Septemba Oktoba Novemba Desemba".split(),
    "tl": "Enero Pebrero Marso Abril Mayo Hunyo Hulyo Agosto Setyembre Oktubre Nobyembre Disyembre".split(),
}


def fmt_date(day, lang):
    D, M, Y = day.day, day.month, day.year
    opts = {
        "en": [
            f"{D} {MONTHS['en'][M - 1]} {Y}",
            f"{MONTHS['en'][M - 1]} {D}, {Y}",
            f"{M:02d}/{D:02d}/{Y}",
            day.isoformat(),
            f"{D:02d}/{M:02d}/{Y}",
        ],
        "es": [f"{D} de {MONTHS['es'][M - 1]} de {Y}", f"{D:02d}/{M:02d}/{Y}"],
        "pt": [f"{D:02d}/{M:02d}/{Y}", f"{D} de {MONTHS['pt'][M - 1]} de {Y}"],
        "fr": [f"{D:02d}/{M:02d}/{Y}", f"{D} {MONTHS['fr'][M - 1]} {Y}"],
        "de": [f"{D:02d}.{M:02d}.{Y}", f"{D}. {MONTHS['de'][M - 1]} {Y}"],
        "it": [f"{D:02d}/{M:02d}/{Y}", f"{D} {MONTHS['it'][M - 1]} {Y}"],
        "nl": [f"{D:02d}-{M:02d}-{Y}", f"{D} {MONTHS['nl'][M - 1]} {Y}"],
        "pl": [f"{D:02d}.{M:02d}.{Y}", f"{D} {MONTHS['pl'][M - 1]} {Y}"],
        "tr": [f"{D:02d}.{M:02d}.{Y}", f"{D} {MONTHS['tr'][M - 1]} {Y}"],
        "ru": [f"{D:02d}.{M:02d}.{Y}", f"{D} {MONTHS['ru'][M - 1]} {Y} г."],
        "ar": [f"{D:02d}/{M:02d}/{Y}", f"{Y}/{M:02d}/{D:02d}"],
        "hi": [f"{D:02d}/{M:02d}/{Y}", f"{D} {MONTHS['hi'][M - 1]} {Y}"],
        "zh": [f"{Y}年{M}月{D}日", f"{Y}.{M:02d}.{D:02d}"],
        "ja": [
            f"{Y}年{M}月{D}日",
            (
                f"昭和{Y - 1925}年{M}月{D}日"
                if day < dt.date(1989, 1, 8)
                else f"平成{Y - 1988}年{M}月{D}日"
            ),
        ],
        "ko": [f"{Y}년 {M}월 {D}일", f"{Y}.{M:02d}.{D:02d}"],
        "id": [f"{D} {MONTHS['id'][M - 1]} {Y}", f"{D:02d}-{M:02d}-{Y}"],
        "vi": [f"ngày {D} tháng {M} năm {Y}", f"{D:02d}/{M:02d}/{Y}"],
        "th": [f"{D} {MONTHS['th'][M - 1]} {Y + 543}", f"{D:02d}/{M:02d}/{Y + 543}"],
        "sw": [f"{D} {MONTHS['sw'][M - 1]} {Y}", f"{D:02d}/{M:02d}/{Y}"],
        "tl": [f"{MONTHS['tl'][M - 1]} {D}, {Y}", f"{M:02d}/{D:02d}/{Y}"],
    }
    return pick(opts[lang])


# ============================================================================= SECRET value generators
COMMON_PW_WORDS = [
    "Sunflower",
    "Jaguar",
    "Mango",
    "Kilimanjaro",
    "Sakura",
    "Tequila",
    "Baobab",
    "Monsoon",
    "Walrus",
    "Pampas",
    "Lotus",
    "Cobalt",
    "Merlin",
    "Tortuga",
    "Pelican",
    "Samba",
    "Orchid",
    "Kiwi",
    "Zebra",
    "Falcon",
    "Cacao",
    "Harmattan",
    "Tamarind",
    "Jollof",
]
DICE_WORDS = [
    "maple",
    "river",
    "copper",
    "lantern",
    "orbit",
    "cactus",
    "velvet",
    "harbor",
    "pixel",
    "saffron",
    "glacier",
    "ember",
    "tundra",
    "meadow",
    "quartz",
    "nimbus",
    "thistle",
    "marble",
    "cobra",
    "juniper",
    "anchor",
    "sparrow",
    "basalt",
    "mosaic",
    "pepper",
    "violet",
    "canyon",
]
BIP39 = [
    "abandon",
    "ability",
    "absorb",
    "acoustic",
    "adapt",
    "afford",
    "agent",
    "album",
    "alley",
    "amazing",
    "anchor",
    "angry",
    "apple",
    "arena",
    "armor",
    "arrow",
    "artist",
    "autumn",
    "avocado",
    "bamboo",
    "banana",
    "barrel",
    "beach",
    "bicycle",
    "blanket",
    "border",
    "bracket",
    "brave",
    "bridge",
    "bronze",
    "cabbage",
    "cactus",
    "canyon",
    "carbon",
    "castle",
    "cereal",
    "chimney",
    "cinnamon",
    "coconut",
    "coral",
    "cradle",
    "crystal",
    "dolphin",
    "drift",
    "eagle",
    "echo",
    "elbow",
    "embark",
    "engine",
    "exotic",
    "fabric",
    "falcon",
    "fiber",
    "glacier",
    "harbor",
    "hazard",
    "island",
    "jungle",
    "kangaroo",
    "lantern",
    "lizard",
    "mango",
    "marble",
    "meadow",
    "monkey",
    "noodle",
    "oxygen",
    "panther",
    "pepper",
    "pigeon",
    "quantum",
    "rabbit",
    "saddle",
    "salmon",
    "tiger",
    "tornado",
    "umbrella",
    "velvet",
    "volcano",
    "walnut",
    "zebra",
]


def human_pw():
    w = pick(COMMON_PW_WORDS)
    style = R.randint(0, 5)
    if style == 0:
        return f"{w}{pick('!@#$%&*?')}{R.randint(1990, 2025)}"
    if style == 1:
        leet = w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")
        return f"{leet}{pick('!&#$')}{R.randint(10, 999)}"
    if style == 2:
        return f"{w.lower()}_{pick(COMMON_PW_WORDS).lower()}{R.randint(1, 99)}"
    if style == 3:
        return rs(R.randint(14, 22), AL + "!#%*-_")
    if style == 4:
        return f"{w[:1].lower()}{w[1:]}{R.randint(100, 9999)}{pick('!?.')}"
    return f"{pick(['Mi', 'My', 'La', 'O'])}{w}{pick(['Casa', 'Home', 'Rumah', 'Nyumba'])}{R.randint(10, 99)}{pick('!#')}"


def g_aws(lang):
    return dict(ak="AKIA" + rs(16, UP + "234567"), v=rs(40, B64))


def g_pem_rsa(lang):
    return dict(v=pem_priv(rsa_key(2048)))


def g_pem_ec(lang):
    k = ec.derive_private_key(R.getrandbits(250) + 1, ec.SECP256R1())
    return dict(v=pem_priv(k))


def g_pkcs8_rsa_json(lang):
    k = rsa_key(2048)
    pem = pem_priv(k, serialization.PrivateFormat.PKCS8) + "\n"
    return dict(
        v=json.dumps(pem)[1:-1],
        kid=rs(40, HEX),
        sa_email=f"{pick(REPOS)}-sa@{pick(ORGS)}-{d(6)}.iam.gserviceaccount.com",
        cid=d(21),
    )


def g_openssh(lang):
    key, pub = openssh_ed25519(
        f"{pick(USERS)}@{pick(['bastion', 'laptop', 'runner-01', 'jenkins'])}"
    )
    return dict(v=key)


def g_kube_client_key(lang):
    k = ec.derive_private_key(R.getrandbits(250) + 1, ec.SECP256R1())
    return dict(
        v=base64.b64encode(pem_priv(k).encode() + b"\n").decode(),
        ca=base64.b64encode(R.randbytes(60)).decode(),
    )


def g_k8s_b64pw(lang):
    pw = human_pw() if R.random() < 0.5 else rs(24, AL)
    return dict(
        v=base64.b64encode(pw.encode()).decode(),
        u64=base64.b64encode(pick(USERS).encode()).decode(),
    )


def g_dockercfg(lang):
    user = pick(USERS)
    auth = base64.b64encode(
        f"{user}:{'dckr_pat_' + rs(27, URLB) if R.random() < 0.5 else human_pw()}".encode()
    ).decode()
    return dict(
        v=auth,
        reg=pick(
            [
                "https://index.docker.io/v1/",
                "ghcr.io",
                "registry.gitlab.com",
                "harbor.internal:443",
            ]
        ),
    )


def g_jwt_api(lang):
    now = 1_717_000_000 + R.randint(0, 30_000_000)
    return dict(
        v=jwt_hs256(
            {
                "sub": d(6),
                "role": pick(["admin", "service", "ops"]),
                "iat": now,
                "exp": now + 86400,
            }
        )
    )


def g_supabase(lang):
    now = 1_690_000_000 + R.randint(0, 30_000_000)
    ref = rs(20, LOW)
    return dict(
        v=jwt_hs256(
            {
                "iss": "supabase",
                "ref": ref,
                "role": "service_role",
                "iat": now,
                "exp": now + 315_360_000,
            }
        ),
        ref=ref,
    )


def g_k8s_sa_token(lang):
    now = 1_700_000_000 + R.randint(0, 30_000_000)
    ns = pick(APPS)
    return dict(
        v=jwt_rs256_like(
            {
                "iss": "kubernetes/serviceaccount",
                "kubernetes.io/serviceaccount/namespace": ns,
                "kubernetes.io/serviceaccount/service-account.name": "ci-deployer",
                "sub": f"system:serviceaccount:{ns}:ci-deployer",
                "iat": now,
            }
        ),
        ca=base64.b64encode(R.randbytes(60)).decode(),
    )


def g_totp(lang):
    seed = rs(32, B32)
    return dict(
        v=seed, spaced=" ".join(seed[i : i + 4] for i in range(0, 32, 4)).lower()
    )


def g_recovery(lang):
    style = R.randint(0, 2)
    if style == 0:
        codes = [f"{rs(5, HEX)}-{rs(5, HEX)}" for _ in range(R.randint(4, 8))]
    elif style == 1:
        codes = [f"{d(4)} {d(4)}" for _ in range(R.randint(4, 8))]
    else:
        codes = [rs(10, LOW + DIG) for _ in range(R.randint(4, 6))]
    return dict(v="\n".join(codes) if R.random() < 0.5 else ", ".join(codes))


def g_wireguard(lang):
    k = x25519.X25519PrivateKey.from_private_bytes(R.randbytes(32))
    raw = k.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    pub = k.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    return dict(
        v=base64.b64encode(raw).decode(),
        peer=base64.b64encode(R.randbytes(32)).decode(),
        pub=base64.b64encode(pub).decode(),
    )


def g_age(lang):
    return dict(
        v="AGE-SECRET-KEY-1" + rs(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper())
    )


def g_seed_phrase(lang):
    return dict(v=" ".join(R.choice(BIP39) for _ in range(pick([12, 12, 24]))))


def g_passphrase(lang):
    sep = pick(["-", " ", ".", "_"])
    return dict(
        v=sep.join(R.sample(DICE_WORDS, R.randint(4, 6)))
        + (str(R.randint(1, 99)) if R.random() < 0.4 else "")
    )


def g_pw(lang):
    return dict(v=human_pw())


def g_wifi(lang):
    v = (
        human_pw()
        if R.random() < 0.6
        else pick(
            ["Familia", "CasaDos", "Rumah", "Nyumbani", "Bahay", "Gia Dinh", "Home"]
        ).replace(" ", "")
        + d(R.randint(4, 8))
    )
    return dict(
        v=v,
        ssid=pick(
            [
                "Casa_Lopez_5G",
                "TP-Link_7F3A",
                "VIVO-FIBRA-2C1D",
                "IndiHome-8812",
                "Safaricom_Home",
                "PLDTHOMEFIBR_a81c",
                "Airtel_Xstream_4G",
                "Livebox-92B0",
                "FRITZ!Box 7590 QX",
                "TrueGigatex_2.4G",
            ]
        ),
    )


def g_access_code(lang):
    return dict(v=pick([d(4) + "#", d(6), "*" + d(4), d(5) + "*"]))


def g_db_url(scheme):
    def f(lang):
        pw = human_pw() if R.random() < 0.5 else rs(R.randint(16, 28), AL)
        user = pick(USERS)
        dom = pick(DOMAINS)
        env = pick(ENVS)
        if scheme == "postgres":
            v = f"postgres://{user}:{pw}@pg-{R.randint(1, 4)}.{env}.{dom}:5432/{pick(DBS)}?sslmode=require"
        elif scheme == "mysql":
            v = f"mysql://{user}:{pw}@mysql.{env}.{dom}:3306/{pick(DBS)}"
        elif scheme == "mongodb":
            v = f"mongodb+srv://{user}:{pw}@cluster{R.randint(0, 3)}.{rs(5, LOW + DIG)}.mongodb.net/{pick(DBS)}?retryWrites=true&w=majority"
        elif scheme == "redis":
            v = f"redis://default:{pw}@redis-{d(5)}.c{R.randint(1, 300)}.{pick(REGIONS)}.ec2.cloud.redislabs.com:{d(5)}"
        else:
            v = f"amqps://{user}:{pw}@{pick(['rabbit', 'mq', 'broker'])}.{env}.{dom}:5671/{pick(['%2F', 'orders', 'events'])}"
        return dict(v=v)

    return f


def g_azure_conn(lang):
    acct = pick(["stprod", "stbackup", "stlogs", "stmedia"]) + rs(6, LOW + DIG)
    key = base64.b64encode(R.randbytes(64)).decode()
    return dict(
        v=key,
        acct=acct,
        conn=f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net",
    )


def g_azure_secret(lang):
    return dict(
        v=rs(3, AL) + "8Q~" + rs(34, AL + "_.~-"), cid=uuid4(), tid=uuid4(), sub=uuid4()
    )


def g_twilio(lang):
    return dict(
        v=rs(32, HEX),
        sid="AC" + rs(32, HEX),
        frm="+1" + pick(["415", "646", "312"]) + d(7),
    )


def g_dd(lang):
    return dict(v=rs(32, HEX), appkey=rs(40, HEX))


def tok(prefix, n, alpha=AL, suffix=""):
    return lambda lang: dict(v=prefix + rs(n, alpha) + suffix)


def g_gh_fg(lang):
    return dict(v="github_pat_" + rs(22, UP + DIG) + "_" + rs(59, AL))


def g_slack_bot(lang):
    return dict(v=f"xoxb-{d(12)}-{d(13)}-{rs(24, AL)}")


def g_slack_user(lang):
    return dict(v=f"xoxp-{d(12)}-{d(12)}-{d(13)}-{rs(32, HEX)}")


def g_slack_wh(lang):
    return dict(
        v=f"https://hooks.slack.com/services/T{rs(8, UP + DIG)}/B{rs(10, UP + DIG)}/{rs(24, AL)}"
    )


def g_discord_wh(lang):
    return dict(
        v=f"https://discord.com/api/webhooks/{R.randint(10**17, 10**18 * 2)}/{rs(68, URLB)}"
    )


def g_teams_wh(lang):
    return dict(
        v=f"https://{pick(ORGS)}.webhook.office.com/webhookb2/{uuid4()}@{uuid4()}/IncomingWebhook/{rs(32, HEX)}/{uuid4()}"
    )


def g_openai(lang):
    return dict(v="sk-proj-" + rs(58, URLB) + "T3BlbkFJ" + rs(58, URLB))


def g_anthropic(lang):
    return dict(v="sk-ant-api03-" + rs(93, URLB) + "AA")


def g_sendgrid(lang):
    return dict(v="SG." + rs(22, URLB) + "." + rs(43, URLB))


def g_pypi(lang):
    return dict(v="pypi-AgEIcHlwaS5vcmc" + rs(R.randint(60, 120), URLB))


def g_telegram(lang):
    return dict(
        v=f"{R.randint(10**8, 10**10 - 1)}:AA{rs(33, URLB)}", chat="-100" + d(10)
    )


def g_tfc(lang):
    return dict(v=rs(14, AL) + ".atlasv1." + rs(67, AL))


def g_mailchimp(lang):
    return dict(v=rs(32, HEX) + "-us" + str(R.randint(1, 21)))


def g_jenkins(lang):
    return dict(v="11" + rs(32, HEX))


def g_postman(lang):
    return dict(v="PMAK-" + rs(24, HEX) + "-" + rs(34, HEX))


def g_grafana(lang):
    return dict(v="glsa_" + rs(32, AL) + "_" + rs(8, HEX))


def g_fcm(lang):
    return dict(v="AAAA" + rs(7, AL) + ":APA91b" + rs(134, URLB))


def g_session(lang):
    style = R.randint(0, 3)
    if style == 0:
        return dict(v=rs(32, LOW + DIG), cname="sessionid")
    if style == 1:
        return dict(
            v="s%3A" + rs(32, URLB) + "." + rs(43, AL + "%"), cname="connect.sid"
        )
    if style == 2:
        return dict(v=rs(26, LOW + DIG), cname="PHPSESSID")
    return dict(v=b64u(R.randbytes(96)), cname="__Secure-next-auth.session-token")


def g_heroku(lang):
    return dict(v=uuid4())


def g_okta(lang):
    return dict(v="00" + rs(40, URLB))


def g_atlassian(lang):
    return dict(v="ATATT3xFfGF0" + rs(170, URLB) + "=" + rs(8, HEX).upper())


# ============================================================================= SECRET kinds and templates
# Each template: (template_id, lang, format string). {v} = the sensitive value.
GENERIC_SECRET = [
    (
        "gs_chat_rotate",
        "en",
        "[{time}] {c1}: here's the {prov} token for {env}, rotate it after the demo pls\n[{time}] {c1}: {v}",
    ),
    (
        "gs_dm",
        "en",
        "{c1} → {c2} (DM): sending you the {prov} key here so it's not in #general: {v}",
    ),
    ("gs_note", "en", "Remember: the {prov} credential used by the nightly job is {v}"),
    ("gs_todo", "en", "TODO move to Vault before Friday — {prov}: {v}"),
    (
        "gs_teams",
        "en",
        "{c1} ({time}, Teams): can you add {v} as the {prov} secret in the pipeline settings? the old one expired",
    ),
    (
        "gs_ticket",
        "en",
        "INC-{n} resolved: {prov} integration was failing with 401, replaced the key with {v} in the {app} deployment.",
    ),
    (
        "gs_es",
        "es",
        "[{time}] {c1}: te paso el token de {prov} para el pipeline de {env}: {v}",
    ),
    (
        "gs_es2",
        "es",
        "Apunte: credencial de {prov} del entorno de pruebas → {v} (no compartir fuera del equipo)",
    ),
    ("gs_pt", "pt", "{c1}: segue o token do {prov} pro deploy de hoje: {v}"),
    ("gs_pt2", "pt", "Anotação: chave do {prov} da conta da empresa — {v}"),
    ("gs_fr", "fr", "{c1} : voici le jeton {prov} pour la CI, ne le partage pas : {v}"),
    (
        "gs_de",
        "de",
        "{c1}: Hier der {prov}-Token für die Pipeline, bitte nach dem Release rotieren: {v}",
    ),
    ("gs_it", "it", "{c1}: ecco la chiave {prov} per l'ambiente di test: {v}"),
    ("gs_nl", "nl", "{c1}: hier is de {prov}-token voor de build-server: {v}"),
    ("gs_pl", "pl", "{c1}: wrzucam token {prov} do deploya, nie commituj go: {v}"),
    ("gs_tr", "tr", "{c1}: {prov} anahtarı bu, pipeline'a ekler misin? {v}"),
    ("gs_ru", "ru", "{c1}: вот токен {prov} для CI, потом перевыпустим: {v}"),
    ("gs_ar", "ar", "{c1}: هذا مفتاح {prov} الخاص ببيئة الاختبار، لا تشاركه: {v}"),
    ("gs_hi", "hi", "{c1}: {prov} का टोकन ये है, pipeline में डाल देना: {v}"),
    ("gs_zh", "zh", "{c1}：{prov} 的令牌发你了，流水线里配一下：{v}"),
    (
        "gs_ja",
        "ja",
        "{c1}: {prov}のトークンです、CIのシークレットに登録お願いします → {v}",
    ),
    ("gs_ko", "ko", "{c1}: {prov} 토큰입니다. 파이프라인 시크릿에 넣어주세요: {v}"),
    ("gs_id", "id", "{c1}: ini token {prov} buat deploy, jangan di-commit ya: {v}"),
    (
        "gs_vi",
        "vi",
        "{c1}: token {prov} cho pipeline đây, đừng commit lên repo nhé: {v}",
    ),
    ("gs_th", "th", "{c1}: โทเคน {prov} สำหรับ CI นะ อย่าแชร์ต่อ: {v}"),
    (
        "gs_sw",
        "sw",
        "{c1}: hii ndiyo tokeni ya {prov} kwa pipeline, usiiweke kwenye repo: {v}",
    ),
    ("gs_tl", "tl", "{c1}: eto yung {prov} token para sa deploy, wag i-commit ha: {v}"),
]

PW_TEMPLATES = [  # human passwords; many without the word "password"
    ("pw_arrow", "en", "pw → {v}"),
    (
        "pw_laptop",
        "en",
        "Laptop login for the new hire ({user}): {v} — ask them to change it on first boot",
    ),
    ("pw_router", "en", "Router admin page 192.168.1.1 is admin / {v}"),
    (
        "pw_chat_vpn",
        "en",
        "[{time}] {c1}: VPN creds are {user} and {v}\n[{time}] {c2}: thx, in",
    ),
    ("pw_jira", "en", "jira: {work_email} pass {v}"),
    ("pw_pipe", "en", "netflix acct: family@{dom} | {v}"),
    (
        "pw_argocd",
        "en",
        "ArgoCD initial admin secret for {env} cluster is {v} (kubectl -n argocd get secret argocd-initial-admin-secret)",
    ),
    ("pw_ssh", "en", "sshpass -p '{v}' ssh {user}@{ip} 'sudo systemctl restart {app}'"),
    ("pw_mysql", "en", "mysql -h {host} -u {user} -p'{v}' {db} < migrations/{n}.sql"),
    (
        "pw_psql",
        "en",
        "PGPASSWORD='{v}' psql -h {host} -U {user} -d {db} -c 'select count(*) from orders'",
    ),
    (
        "pw_curl",
        "en",
        "curl -u {user}:{v} -X POST https://jenkins.{dom}/job/{job}/build",
    ),
    ("pw_docker_login", "en", "docker login registry.{dom} -u {user} -p {v}"),
    (
        "pw_k8s_literal",
        "en",
        "kubectl -n {ns} create secret generic {app}-db --from-literal=username={user} --from-literal=password='{v}'",
    ),
    (
        "pw_compose",
        "en",
        "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: {user}\n      POSTGRES_PASSWORD: {v}",
    ),
    (
        "pw_gha_with",
        "en",
        "- uses: appleboy/ssh-action@v1\n  with:\n    host: {ip}\n    username: {user}\n    password: {v}\n    script: ./deploy.sh",
    ),
    (
        "pw_gitlab_vars",
        "en",
        'variables:\n  MYSQL_ROOT_PASSWORD: "{v}"\n  MYSQL_DATABASE: {db}\ntest:\n  services: [mysql:8]',
    ),
    (
        "pw_jenkinsfile",
        "en",
        "environment {{\n    NEXUS_USER = '{user}'\n    NEXUS_PASS = '{v}'\n}}",
    ),
    (
        "pw_smtp_ini",
        "en",
        "[smtp]\nhost = smtp.{dom}\nport = 587\nuser = {work_email}\npassword = {v}",
    ),
    ("pw_netrc", "en", "machine ftp.{dom}\n  login {user}\n  password {v}"),
    ("pw_toml", "en", '[database]\nurl = "{host}"\nuser = "{user}"\npass = "{v}"'),
    ("pw_es", "es", "Contraseña del correo del trabajo: {v} (la cambié el lunes)"),
    ("pw_es_chat", "es", "{c1}: ¿cuál era la clave del servidor de {env}?\n{c2}: {v}"),
    ("pw_pt", "pt", "login do banco no app: agência e senha {v}"),
    ("pw_pt_chat", "pt", "{c1}: a senha do painel do {app} é {v}, troca depois"),
    ("pw_fr", "fr", "mdp du compte admin de la boutique : {v}"),
    ("pw_de", "de", "Kennwort für das NAS im Büro: {v}"),
    ("pw_it", "it", "la password del gestionale è {v}"),
    ("pw_nl", "nl", "{c1}: het wachtwoord van de testaccount is {v}"),
    ("pw_pl", "pl", "hasło do serwera backupów: {v}"),
    ("pw_tr", "tr", "{c1}: sunucunun root şifresi {v}, kimseyle paylaşma"),
    ("pw_ru", "ru", "пароль от почты: {v}"),
    ("pw_ar", "ar", "كلمة السر لحساب البريد: {v}"),
    ("pw_hi", "hi", "बैंक ऐप का पासवर्ड: {v}"),
    ("pw_zh", "zh", "{c1}：测试服务器 root 密码是 {v}"),
    ("pw_ja", "ja", "社内ポータルのパスワード：{v}"),
    ("pw_ko", "ko", "{c1}: 관리자 계정 비번 {v} 입니다"),
    ("pw_id", "id", "{c1}: password server {env} itu {v} ya"),
    ("pw_vi", "vi", "mật khẩu email công ty: {v}"),
    ("pw_th", "th", "รหัสผ่านเข้าระบบบัญชี: {v}"),
    ("pw_sw", "sw", "{c1}: nenosiri la seva ya {env} ni {v}"),
    ("pw_tl", "tl", "{c1}: yung password ng admin panel ay {v}"),
]
WIFI_TEMPLATES = [
    ("wifi_colon", "en", "wifi: {v}"),
    ("wifi_guest", "en", "Guest network {ssid} — key {v}"),
    (
        "wifi_chat",
        "en",
        "[{time}] {c1}: what's the office wifi again?\n[{time}] {c2}: {ssid} / {v}",
    ),
    ("wifi_es", "es", "La clave del wifi de casa es {v} (red {ssid})"),
    ("wifi_pt", "pt", "senha do wifi da casa da vó: {v}"),
    ("wifi_fr", "fr", "Code wifi du bureau : {v}"),
    ("wifi_de", "de", "WLAN-Schlüssel im Ferienhaus ({ssid}): {v}"),
    ("wifi_id", "id", "Password WiFi {ssid}: {v}"),
    ("wifi_sw", "sw", "Neno la siri la WiFi ya nyumbani ni {v}"),
    ("wifi_tl", "tl", "wifi sa bahay: {ssid}, pass {v}"),
    ("wifi_th", "th", "รหัส wifi ที่บ้าน: {v}"),
    ("wifi_vi", "vi", "pass wifi quán: {v}"),
]

SECRET_KINDS = {
    "aws_secret_key": dict(
        gen=g_aws,
        prov="AWS",
        generic=False,
        tpls=[
            (
                "s_aws_cfg",
                "en",
                "[profile {env}]\naws_access_key_id = {ak}\naws_secret_access_key = {v}\nregion = {region}",
            ),
            (
                "s_aws_gha",
                "en",
                "# .github/workflows/deploy.yml\nenv:\n  AWS_ACCESS_KEY_ID: {ak}\n  AWS_SECRET_ACCESS_KEY: {v}\n  AWS_REGION: {region}\njobs:\n  deploy:\n    runs-on: ubuntu-latest",
            ),
            (
                "s_aws_chat_es",
                "es",
                "{c1}: oye, ¿me pasas las credenciales de S3 de {env}?\n{c2}: toma: {ak} / {v}",
            ),
            (
                "s_aws_k8s",
                "en",
                "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {app}-aws\n  namespace: {ns}\nstringData:\n  AWS_ACCESS_KEY_ID: {ak}\n  AWS_SECRET_ACCESS_KEY: {v}",
            ),
        ],
    ),
    "github_pat_classic": dict(
        gen=tok("ghp_", 36),
        prov="GitHub",
        generic=True,
        tpls=[
            (
                "s_gh_remote",
                "en",
                "git remote set-url origin https://{user}:{v}@github.com/{org}/{repo}.git",
            ),
            (
                "s_gh_actions_env",
                "en",
                "jobs:\n  release:\n    runs-on: ubuntu-latest\n    env:\n      GH_TOKEN: {v}\n    steps:\n      - uses: actions/checkout@v4\n      - run: gh release create v{ver}",
            ),
        ],
    ),
    "github_pat_fine": dict(
        gen=g_gh_fg,
        prov="GitHub",
        generic=True,
        tpls=[
            (
                "s_ghfg_note",
                "en",
                "Created a fine-grained PAT for the {repo} repo (contents:write, expires in 90 days): {v}",
            ),
            (
                "s_ghfg_de",
                "de",
                "Neues GitHub-Token für den Renovate-Bot: {v} — bitte nicht ins Repo committen",
            ),
        ],
    ),
    "github_oauth": dict(
        gen=tok("gho_", 36),
        prov="GitHub OAuth",
        generic=True,
        tpls=[
            (
                "s_gho_hosts",
                "en",
                "# ~/.config/gh/hosts.yml\ngithub.com:\n    user: {user}\n    oauth_token: {v}\n    git_protocol: https",
            ),
        ],
    ),
    "gitlab_pat": dict(
        gen=tok("glpat-", 20, URLB),
        prov="GitLab",
        generic=True,
        tpls=[
            (
                "s_gl_ci",
                "en",
                '# .gitlab-ci.yml\nvariables:\n  GITLAB_TOKEN: "{v}"\n  DOCKER_DRIVER: overlay2\nrelease:\n  stage: deploy\n  script:\n    - npx semantic-release',
            ),
            (
                "s_gl_pt",
                "pt",
                "Token de acesso pessoal do GitLab (escopo api) do {user}: {v}",
            ),
        ],
    ),
    "gitlab_runner": dict(
        gen=tok("glrt-", 20, URLB),
        prov="GitLab runner",
        generic=False,
        tpls=[
            (
                "s_glrt_cmd",
                "en",
                "gitlab-runner register --non-interactive --url https://gitlab.{dom} --token {v} --executor docker --docker-image alpine:3.19",
            ),
            (
                "s_glrt_chat",
                "en",
                "{c1}: registering the new arm64 runner, token is {v} — I'll revoke it if it doesn't show up",
            ),
        ],
    ),
    "slack_bot": dict(
        gen=g_slack_bot,
        prov="Slack bot",
        generic=True,
        tpls=[
            (
                "s_slack_k8s",
                "en",
                'apiVersion: v1\nkind: Secret\nmetadata:\n  name: alert-bot\n  namespace: monitoring\ntype: Opaque\nstringData:\n  SLACK_BOT_TOKEN: {v}\n  SLACK_CHANNEL: "#alerts-{env}"',
            ),
            (
                "s_slack_env",
                "en",
                "# .env\nSLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=#deploys",
            ),
        ],
    ),
    "slack_user": dict(
        gen=g_slack_user,
        prov="Slack",
        generic=True,
        tpls=[
            (
                "s_slackp_py",
                "en",
                'client = WebClient(token="{v}")  # my user token, just for the export script',
            ),
        ],
    ),
    "slack_webhook": dict(
        gen=g_slack_wh,
        prov="Slack webhook",
        generic=False,
        tpls=[
            (
                "s_slackwh_gha",
                "en",
                "- name: Notify Slack\n  if: failure()\n  run: |\n    curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"{repo} build failed\"}}' {v}",
            ),
            (
                "s_slackwh_fr",
                "fr",
                "{c1} : le webhook pour #alertes-prod c'est {v}, je l'ai mis dans Alertmanager",
            ),
            (
                "s_slackwh_am",
                "en",
                "receivers:\n- name: slack-oncall\n  slack_configs:\n  - api_url: {v}\n    channel: '#oncall'\n    send_resolved: true",
            ),
        ],
    ),
    "discord_webhook": dict(
        gen=g_discord_wh,
        prov="Discord webhook",
        generic=False,
        tpls=[
            (
                "s_discord_json",
                "en",
                '{{"discord": {{"webhook_url": "{v}", "username": "build-bot"}}}}',
            ),
            ("s_discord_es", "es", "{c1}: el webhook del canal de releases es {v}"),
        ],
    ),
    "teams_webhook": dict(
        gen=g_teams_wh,
        prov="Teams webhook",
        generic=False,
        tpls=[
            (
                "s_teams_jenkins",
                "en",
                "post {{\n  failure {{\n    office365ConnectorSend webhookUrl: '{v}', message: 'Build ${{env.BUILD_NUMBER}} failed'\n  }}\n}}",
            ),
        ],
    ),
    "stripe_live": dict(
        gen=tok("sk_live_", 99),
        prov="Stripe",
        generic=True,
        tpls=[
            (
                "s_stripe_env",
                "en",
                "STRIPE_SECRET_KEY={v}\nSTRIPE_WEBHOOK_ENDPOINT=https://api.{dom}/stripe/webhook",
            ),
            (
                "s_stripe_pt",
                "pt",
                "{c1}: a chave live do Stripe é {v}, usa só no backend!",
            ),
        ],
    ),
    "stripe_restricted": dict(
        gen=tok("rk_live_", 99),
        prov="Stripe",
        generic=True,
        tpls=[
            (
                "s_rk_note",
                "en",
                "Restricted Stripe key for the reporting job (read-only charges): {v}",
            ),
        ],
    ),
    "stripe_whsec": dict(
        gen=tok("whsec_", 32),
        prov="Stripe webhook",
        generic=False,
        tpls=[
            (
                "s_whsec_helm",
                "en",
                '# values-prod.yaml\npayments:\n  stripe:\n    webhookSecret: {v}\n    apiVersion: "2024-06-20"',
            ),
            (
                "s_whsec_chat",
                "en",
                "[{time}] {c1}: signing secret for the new endpoint: {v}",
            ),
        ],
    ),
    "google_api_key": dict(
        gen=tok("AIza", 35, URLB),
        prov="Google Maps",
        generic=True,
        tpls=[
            (
                "s_gapi_js",
                "en",
                'const MAPS_KEY = "{v}"; // unrestricted, TODO lock to referrer',
            ),
            (
                "s_gapi_id",
                "id",
                "Kunci API Google Maps untuk aplikasi kurir: {v} (belum dibatasi per domain)",
            ),
        ],
    ),
    "google_oauth_secret": dict(
        gen=lambda lang: dict(
            v="GOCSPX-" + rs(28, URLB),
            cid=f"{d(12)}-{rs(32, LOW + DIG)}.apps.googleusercontent.com",
        ),
        prov="Google OAuth",
        generic=False,
        tpls=[
            (
                "s_goauth_json",
                "en",
                '{{"web": {{"client_id": "{cid}", "client_secret": "{v}", "redirect_uris": ["https://{dom}/auth/callback"]}}}}',
            ),
            ("s_goauth_env", "en", "GOOGLE_CLIENT_ID={cid}\nGOOGLE_CLIENT_SECRET={v}"),
        ],
    ),
    "gcp_sa_private_key": dict(
        gen=g_pkcs8_rsa_json,
        prov="GCP",
        generic=False,
        tpls=[
            (
                "s_gcp_sa_json",
                "en",
                '{{\n  "type": "service_account",\n  "project_id": "{org}-prod",\n  "private_key_id": "{kid}",\n  "private_key": "{v}",\n  "client_email": "{sa_email}",\n  "client_id": "{cid}"\n}}',
            ),
        ],
    ),
    "azure_storage_key": dict(
        gen=g_azure_conn,
        prov="Azure Storage",
        generic=False,
        tpls=[
            (
                "s_az_appsettings",
                "en",
                '{{\n  "ConnectionStrings": {{\n    "Blob": "{conn}"\n  }}\n}}',
            ),
            (
                "s_az_k8s_literal",
                "en",
                "kubectl create secret generic blob-creds -n {ns} --from-literal=AZURE_STORAGE_CONNECTION_STRING='{conn}'",
            ),
            ("s_az_key_chat", "en", "{c1}: storage account {acct}, key1 = {v}"),
        ],
    ),
    "azure_client_secret": dict(
        gen=g_azure_secret,
        prov="Azure AD app",
        generic=True,
        tpls=[
            (
                "s_az_tf",
                "en",
                'provider "azurerm" {{\n  features {{}}\n  subscription_id = "{sub}"\n  client_id       = "{cid}"\n  client_secret   = "{v}"\n  tenant_id       = "{tid}"\n}}',
            ),
            (
                "s_az_pipeline",
                "en",
                "# azure-pipelines.yml\nvariables:\n  ARM_CLIENT_ID: {cid}\n  ARM_CLIENT_SECRET: {v}\n  ARM_TENANT_ID: {tid}\nsteps:\n- script: terraform apply -auto-approve",
            ),
        ],
    ),
    "openai_key": dict(
        gen=g_openai,
        prov="OpenAI",
        generic=True,
        tpls=[
            (
                "s_openai_py",
                "en",
                'from openai import OpenAI\nclient = OpenAI(api_key="{v}")',
            ),
            ("s_openai_ja", "ja", "{c1}: 検証用のOpenAIキー置いとくね → {v}"),
        ],
    ),
    "anthropic_key": dict(
        gen=g_anthropic,
        prov="Anthropic",
        generic=True,
        tpls=[
            ("s_anth_env", "en", "export ANTHROPIC_API_KEY={v}"),
            ("s_anth_ko", "ko", "{c1}: 사내 해커톤용 Anthropic 키 공유드려요: {v}"),
        ],
    ),
    "twilio_auth_token": dict(
        gen=g_twilio,
        prov="Twilio",
        generic=False,
        tpls=[
            (
                "s_twilio_cfg",
                "en",
                'twilio:\n  account_sid: {sid}\n  auth_token: {v}\n  from: "{frm}"',
            ),
            (
                "s_twilio_curl",
                "en",
                "curl -X POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json -u {sid}:{v} --data-urlencode 'Body=OTP test'",
            ),
        ],
    ),
    "sendgrid_key": dict(
        gen=g_sendgrid,
        prov="SendGrid",
        generic=True,
        tpls=[
            (
                "s_sg_deploy",
                "en",
                '    spec:\n      containers:\n      - name: {app}\n        image: ghcr.io/{org}/{app}:{ver}\n        env:\n        - name: SENDGRID_API_KEY\n          value: "{v}"',
            ),
        ],
    ),
    "mailgun_key": dict(
        gen=tok("key-", 32, HEX),
        prov="Mailgun",
        generic=True,
        tpls=[
            (
                "s_mailgun_curl",
                "en",
                "curl -s --user 'api:{v}' https://api.mailgun.net/v3/mg.{dom}/messages -F to=test@{dom} -F subject=hi",
            ),
        ],
    ),
    "mailchimp_key": dict(
        gen=g_mailchimp,
        prov="Mailchimp",
        generic=True,
        tpls=[
            (
                "s_mailchimp_php",
                "en",
                "$mailchimp->setConfig(['apiKey' => '{v}', 'server' => 'us6']);",
            ),
        ],
    ),
    "npm_token": dict(
        gen=tok("npm_", 36),
        prov="npm",
        generic=True,
        tpls=[
            (
                "s_npmrc",
                "en",
                "# .npmrc\n//registry.npmjs.org/:_authToken={v}\nalways-auth=true",
            ),
            (
                "s_npm_gha",
                "en",
                "- run: npm publish --access public\n  env:\n    NODE_AUTH_TOKEN: {v}",
            ),
        ],
    ),
    "pypi_token": dict(
        gen=g_pypi,
        prov="PyPI",
        generic=False,
        tpls=[
            ("s_pypirc", "en", "[pypi]\n  username = __token__\n  password = {v}"),
            (
                "s_twine",
                "en",
                "TWINE_USERNAME=__token__ TWINE_PASSWORD={v} twine upload dist/*",
            ),
        ],
    ),
    "dockerhub_pat": dict(
        gen=tok("dckr_pat_", 27, URLB),
        prov="Docker Hub",
        generic=True,
        tpls=[
            (
                "s_docker_stdin",
                "en",
                'echo "{v}" | docker login -u {user} --password-stdin',
            ),
            (
                "s_docker_circle",
                "en",
                "# .circleci/config.yml\n    steps:\n      - checkout\n      - run: echo {v} | docker login -u {org}bot --password-stdin\n      - run: docker push {org}/{app}:{ver}",
            ),
        ],
    ),
    "docker_config_auth": dict(
        gen=g_dockercfg,
        prov="registry",
        generic=False,
        tpls=[
            ("s_dockercfg_json", "en", '{{"auths": {{"{reg}": {{"auth": "{v}"}}}}}}'),
            (
                "s_k8s_pullsecret",
                "en",
                'apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\n  namespace: {ns}\ntype: kubernetes.io/dockerconfigjson\nstringData:\n  .dockerconfigjson: \'{{"auths":{{"{reg}":{{"auth":"{v}"}}}}}}\'',
            ),
        ],
    ),
    "huggingface_token": dict(
        gen=tok("hf_", 34, string.ascii_letters),
        prov="Hugging Face",
        generic=True,
        tpls=[
            (
                "s_hf_cli",
                "en",
                "huggingface-cli login --token {v} --add-to-git-credential",
            ),
            ("s_hf_zh", "zh", "{c1}：模型仓库是私有的，用我的 HF token 拉：{v}"),
        ],
    ),
    "datadog_api_key": dict(
        gen=g_dd,
        prov="Datadog",
        generic=False,
        tpls=[
            (
                "s_dd_helm",
                "en",
                "# datadog-values.yaml\ndatadog:\n  apiKey: {v}\n  appKey: {appkey}\n  site: datadoghq.eu\n  logs:\n    enabled: true",
            ),
            (
                "s_dd_agent",
                "en",
                'docker run -d --name dd-agent -e DD_API_KEY={v} -e DD_SITE="datadoghq.com" -v /var/run/docker.sock:/var/run/docker.sock:ro gcr.io/datadoghq/agent:7',
            ),
        ],
    ),
    "vault_token": dict(
        gen=tok("hvs.", 90, AL + "_-"),
        prov="Vault",
        generic=True,
        tpls=[
            (
                "s_vault_env",
                "en",
                "export VAULT_ADDR=https://vault.{dom}:8200\nexport VAULT_TOKEN={v}\nvault kv get secret/{app}",
            ),
            (
                "s_vault_jenkins",
                "en",
                "pipeline {{\n  agent any\n  environment {{\n    VAULT_TOKEN = '{v}'\n  }}\n  stages {{ stage('fetch') {{ steps {{ sh 'vault kv get -field=db secret/{app}' }} }} }}\n}}",
            ),
        ],
    ),
    "terraform_cloud_token": dict(
        gen=g_tfc,
        prov="Terraform Cloud",
        generic=True,
        tpls=[
            (
                "s_tfrc",
                "en",
                '# ~/.terraformrc\ncredentials "app.terraform.io" {{\n  token = "{v}"\n}}',
            ),
        ],
    ),
    "shopify_token": dict(
        gen=tok("shpat_", 32, HEX),
        prov="Shopify",
        generic=True,
        tpls=[
            (
                "s_shopify_env",
                "en",
                "SHOPIFY_STORE={org}.myshopify.com\nSHOPIFY_ADMIN_TOKEN={v}",
            ),
        ],
    ),
    "telegram_bot": dict(
        gen=g_telegram,
        prov="Telegram bot",
        generic=False,
        tpls=[
            ("s_tg_ru", "ru", "{c1}: токен бота для алертов: {v}, чат {chat}"),
            (
                "s_tg_curl",
                "en",
                "curl -s https://api.telegram.org/bot{v}/sendMessage -d chat_id={chat} -d text='backup failed on {env}'",
            ),
        ],
    ),
    "cloudflare_token": dict(
        gen=lambda lang: dict(v=rs(40, URLB), acct=rs(32, HEX)),
        prov="Cloudflare",
        generic=False,
        tpls=[
            (
                "s_cf_gha",
                "en",
                "- name: Deploy worker\n  run: npx wrangler deploy\n  env:\n    CLOUDFLARE_API_TOKEN: {v}\n    CLOUDFLARE_ACCOUNT_ID: {acct}",
            ),
            (
                "s_cf_chat",
                "en",
                "{c1}: Cloudflare API token with DNS edit on {dom}: {v}",
            ),
        ],
    ),
    "digitalocean_token": dict(
        gen=tok("dop_v1_", 64, HEX),
        prov="DigitalOcean",
        generic=True,
        tpls=[
            (
                "s_do_doctl",
                "en",
                "doctl auth init --access-token {v} && doctl kubernetes cluster kubeconfig save {env}-k8s",
            ),
        ],
    ),
    "jwt_bearer": dict(
        gen=g_jwt_api,
        prov="API",
        generic=False,
        tpls=[
            (
                "s_jwt_curl",
                "en",
                'curl -H "Authorization: Bearer {v}" https://api.{dom}/v2/orders?limit=50',
            ),
            ("s_jwt_vi", "vi", "{c1}: token admin còn hạn 24h nè: {v}"),
            (
                "s_jwt_http",
                "en",
                "GET /internal/users HTTP/1.1\nHost: {app}.{dom}\nAuthorization: Bearer {v}",
            ),
        ],
    ),
    "supabase_service_role": dict(
        gen=g_supabase,
        prov="Supabase",
        generic=False,
        tpls=[
            (
                "s_supa_env",
                "en",
                "NEXT_PUBLIC_SUPABASE_URL=https://{ref}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY={v}",
            ),
        ],
    ),
    "k8s_sa_token": dict(
        gen=g_k8s_sa_token,
        prov="Kubernetes",
        generic=False,
        tpls=[
            (
                "s_kubeconfig_token",
                "en",
                "apiVersion: v1\nkind: Config\nclusters:\n- name: {env}\n  cluster:\n    server: https://{ip}:6443\n    certificate-authority-data: {ca}\nusers:\n- name: ci-deployer\n  user:\n    token: {v}",
            ),
            (
                "s_k8s_token_chat",
                "en",
                "[{time}] {c1}: use this SA token for the GitHub runner until OIDC is set up: {v}",
            ),
        ],
    ),
    "kubeconfig_client_key": dict(
        gen=g_kube_client_key,
        prov="Kubernetes",
        generic=False,
        tpls=[
            (
                "s_kube_clientkey",
                "en",
                "users:\n- name: admin@{env}\n  user:\n    client-certificate-data: {ca}\n    client-key-data: {v}",
            ),
        ],
    ),
    "k8s_secret_b64": dict(
        gen=g_k8s_b64pw,
        prov="Kubernetes",
        generic=False,
        tpls=[
            (
                "s_k8s_data",
                "en",
                "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {app}-db\n  namespace: {ns}\ntype: Opaque\ndata:\n  username: {u64}\n  password: {v}",
            ),
            (
                "s_k8s_data_helm",
                "en",
                "# templates/secret.yaml rendered for {env}\ndata:\n  DB_USER: {u64}\n  DB_PASSWORD: {v}",
            ),
        ],
    ),
    "postgres_url": dict(
        gen=g_db_url("postgres"),
        prov="Postgres",
        generic=False,
        tpls=[
            ("s_pg_env", "en", "DATABASE_URL={v}"),
            (
                "s_pg_deploy",
                "en",
                "        env:\n        - name: DATABASE_URL\n          value: {v}\n        - name: LOG_LEVEL\n          value: info",
            ),
            (
                "s_pg_tr",
                "tr",
                "{c1}: staging veritabanı: {v} — sadece okuma yap lütfen",
            ),
        ],
    ),
    "mysql_url": dict(
        gen=g_db_url("mysql"),
        prov="MySQL",
        generic=False,
        tpls=[
            ("s_mysql_yaml", "en", "spring:\n  datasource:\n    url: {v}"),
            ("s_mysql_pt", "pt", "{c1}: string de conexão do banco de {env}: {v}"),
        ],
    ),
    "mongodb_url": dict(
        gen=g_db_url("mongodb"),
        prov="MongoDB",
        generic=False,
        tpls=[
            ("s_mongo_env", "en", "MONGO_URI={v}"),
            ("s_mongo_es", "es", "{c1}: la URI de Atlas para el dashboard: {v}"),
        ],
    ),
    "redis_url": dict(
        gen=g_db_url("redis"),
        prov="Redis",
        generic=False,
        tpls=[
            (
                "s_redis_compose",
                "en",
                "  worker:\n    image: {org}/{app}-worker:{ver}\n    environment:\n      - REDIS_URL={v}",
            ),
        ],
    ),
    "amqp_url": dict(
        gen=g_db_url("amqp"),
        prov="RabbitMQ",
        generic=False,
        tpls=[
            ("s_amqp_ini", "en", "[broker]\nurl = {v}\nprefetch = 20"),
        ],
    ),
    "rsa_private_key": dict(
        gen=g_pem_rsa,
        prov="RSA",
        generic=False,
        tpls=[
            (
                "s_pem_note",
                "en",
                "deploy key for {repo} (read-only), saved here in case the runner dies:\n{v}",
            ),
            (
                "s_pem_k8s_tls",
                "en",
                "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {app}-tls\ntype: kubernetes.io/tls\nstringData:\n  tls.key: |\n    {v_indented}",
            ),
        ],
    ),
    "ec_private_key": dict(
        gen=g_pem_ec,
        prov="EC",
        generic=False,
        tpls=[
            ("s_ec_apns", "en", "APNs signing key (Key ID {n}) for the iOS app:\n{v}"),
            (
                "s_ec_chat_es",
                "es",
                "{c1}: te pego la llave privada del certificado de {env}:\n{v}",
            ),
        ],
    ),
    "openssh_private_key": dict(
        gen=g_openssh,
        prov="SSH",
        generic=False,
        tpls=[
            (
                "s_ssh_gha",
                "en",
                "# GitHub Actions step (do NOT do this)\n- run: |\n    cat > ~/.ssh/id_ed25519 <<'EOF'\n{v}\n    EOF\n    chmod 600 ~/.ssh/id_ed25519",
            ),
            ("s_ssh_note", "en", "bastion key for {env}:\n{v}"),
        ],
    ),
    "age_secret_key": dict(
        gen=g_age,
        prov="age",
        generic=False,
        tpls=[
            (
                "s_age_sops",
                "en",
                "# sops age key for {env} (keys.txt)\n# public key: age1{n}...\n{v}",
            ),
        ],
    ),
    "wireguard_private_key": dict(
        gen=g_wireguard,
        prov="WireGuard",
        generic=False,
        tpls=[
            (
                "s_wg_conf",
                "en",
                "[Interface]\nPrivateKey = {v}\nAddress = 10.8.0.{n2}/32\n\n[Peer]\nPublicKey = {peer}\nEndpoint = vpn.{dom}:51820\nAllowedIPs = 10.0.0.0/8",
            ),
        ],
    ),
    "totp_seed": dict(
        gen=g_totp,
        prov="2FA",
        generic=False,
        tpls=[
            (
                "s_totp_uri",
                "en",
                "otpauth://totp/{org}:{user}?secret={v}&issuer={org}&digits=6",
            ),
            (
                "s_totp_spaced",
                "en",
                "2FA setup key for the shared AWS root account (scan or type): {spaced}",
            ),
            ("s_totp_pt", "pt", "chave do autenticador da conta da empresa: {v}"),
        ],
    ),
    "recovery_codes": dict(
        gen=g_recovery,
        prov="recovery",
        generic=False,
        tpls=[
            ("s_recov_en", "en", "GitHub recovery codes for {user} (keep safe):\n{v}"),
            ("s_recov_de", "de", "Backup-Codes für mein Google-Konto:\n{v}"),
            ("s_recov_id", "id", "kode pemulihan akun {org}: {v}"),
        ],
    ),
    "session_cookie": dict(
        gen=g_session,
        prov="session",
        generic=False,
        tpls=[
            (
                "s_cookie_curl",
                "en",
                "curl 'https://admin.{dom}/api/export' -H 'Cookie: {cname}={v}'",
            ),
            (
                "s_cookie_chat",
                "en",
                "{c1}: just copy my cookie to reproduce the bug, {cname}={v}",
            ),
        ],
    ),
    "heroku_api_key": dict(
        gen=g_heroku,
        prov="Heroku",
        generic=False,
        tpls=[
            (
                "s_heroku_netrc",
                "en",
                "machine api.heroku.com\n  login {work_email}\n  password {v}\nmachine git.heroku.com\n  login {work_email}\n  password {v}",
            ),
            (
                "s_heroku_env",
                "en",
                "HEROKU_API_KEY={v} heroku config:set NODE_ENV=production -a {app}-{env}",
            ),
        ],
    ),
    "okta_token": dict(
        gen=g_okta,
        prov="Okta",
        generic=True,
        tpls=[
            (
                "s_okta_curl",
                "en",
                "curl -H 'Authorization: SSWS {v}' https://{org}.okta.com/api/v1/users?limit=25",
            ),
        ],
    ),
    "atlassian_token": dict(
        gen=g_atlassian,
        prov="Atlassian",
        generic=True,
        tpls=[
            (
                "s_atl_curl",
                "en",
                "curl -u {work_email}:{v} https://{org}.atlassian.net/rest/api/3/search?jql=project=OPS",
            ),
        ],
    ),
    "linear_key": dict(gen=tok("lin_api_", 40), prov="Linear", generic=True, tpls=[]),
    "notion_token": dict(gen=tok("ntn_", 46), prov="Notion", generic=True, tpls=[]),
    "sentry_token": dict(
        gen=tok("sntryu_", 64, HEX),
        prov="Sentry",
        generic=True,
        tpls=[
            (
                "s_sentry_gha",
                "en",
                "- name: Upload sourcemaps\n  run: sentry-cli sourcemaps upload ./dist\n  env:\n    SENTRY_AUTH_TOKEN: {v}\n    SENTRY_ORG: {org}",
            ),
        ],
    ),
    "grafana_token": dict(gen=g_grafana, prov="Grafana", generic=True, tpls=[]),
    "newrelic_key": dict(
        gen=tok("NRAK-", 27, UP + DIG), prov="New Relic", generic=True, tpls=[]
    ),
    "postman_key": dict(gen=g_postman, prov="Postman", generic=True, tpls=[]),
    "databricks_token": dict(
        gen=tok("dapi", 32, HEX),
        prov="Databricks",
        generic=True,
        tpls=[
            (
                "s_dbx_cfg",
                "en",
                "[DEFAULT]\nhost = https://adb-{n}.azuredatabricks.net\ntoken = {v}",
            ),
        ],
    ),
    "jenkins_api_token": dict(
        gen=g_jenkins,
        prov="Jenkins",
        generic=True,
        tpls=[
            (
                "s_jenkins_curl",
                "en",
                "curl -X POST -u {user}:{v} https://ci.{dom}/job/{job}/buildWithParameters?ENV={env}",
            ),
        ],
    ),
    "fcm_server_key": dict(
        gen=g_fcm,
        prov="FCM",
        generic=False,
        tpls=[
            (
                "s_fcm_curl",
                "en",
                "curl -X POST -H \"Authorization: key={v}\" -H 'Content-Type: application/json' https://fcm.googleapis.com/fcm/send",
            ),
        ],
    ),
    "password": dict(gen=g_pw, prov="", generic=False, tpls=PW_TEMPLATES),
    "wifi_password": dict(gen=g_wifi, prov="", generic=False, tpls=WIFI_TEMPLATES),
    "passphrase": dict(
        gen=g_passphrase,
        prov="",
        generic=False,
        tpls=[
            (
                "pp_bitwarden",
                "en",
                "Bitwarden master passphrase (in case I forget): {v}",
            ),
            ("pp_gpg", "en", "gpg key passphrase for the release signing key: {v}"),
            ("pp_luks", "en", "LUKS unlock phrase for the backup disk → {v}"),
            ("pp_es", "es", "frase de acceso del gestor de contraseñas: {v}"),
            ("pp_ja", "ja", "バックアップ暗号化のパスフレーズ：{v}"),
        ],
    ),
    "crypto_seed_phrase": dict(
        gen=g_seed_phrase,
        prov="",
        generic=False,
        tpls=[
            ("seed_en", "en", "wallet recovery phrase (Trust Wallet): {v}"),
            ("seed_pt", "pt", "as 12 palavras da carteira: {v}"),
            ("seed_sw", "sw", "maneno ya kurejesha pochi yangu: {v}"),
            ("seed_tl", "tl", "seed phrase ng wallet ko: {v}"),
        ],
    ),
    "access_code": dict(
        gen=g_access_code,
        prov="",
        generic=False,
        tpls=[
            ("code_alarm", "en", "alarm disarm code at the Lagos flat is {v}"),
            ("code_gate_es", "es", "código del portón del edificio: {v}"),
            ("code_alarm_pt", "pt", "código do alarme da casa da minha mãe: {v}"),
            ("code_locker_ja", "ja", "オフィスのロッカー暗証番号：{v}"),
        ],
    ),
}

# ============================================================================= PII generators
LETTERS = UP


def _dob():
    return rand_date(1950, 2005)


def id_br_cpf():
    raw = complete(importlib.import_module("stdnum.br.cpf"), d(9), n=2)
    return pick([f"{raw[:3]}.{raw[3:6]}.{raw[6:9]}-{raw[9:]}", raw]) if raw else None


def id_ar_dni():
    v = str(R.randint(20_000_000, 45_999_999))
    return pick([f"{v[:2]}.{v[2:5]}.{v[5:]}", v])


def id_ar_cuit():
    m = importlib.import_module("stdnum.ar.cuit")
    raw = complete(m, pick(["20", "27", "23"]) + str(R.randint(20_000_000, 45_999_999)))
    return m.format(raw) if raw else None


def id_cl_rut():
    m = importlib.import_module("stdnum.cl.rut")
    raw = complete(m, str(R.randint(8_000_000, 24_999_999)), DIG + "K")
    return m.format(raw) if raw else None


def id_co_nit():
    m = importlib.import_module("stdnum.co.nit")
    raw = complete(m, str(R.randint(1_000_000_000, 1_199_999_999)))
    return m.format(raw) if raw else None


CURP_STATES = "AS BC BS CC CL CM CS CH DF DG GT GR HG JC MC MN MS NT NL OC PL QT QR SP SL SR TC TS TL VZ YN ZS".split()
CONS = "BCDFGHJKLMNPQRSTVWXZ"


def id_mx_curp():
    m = importlib.import_module("stdnum.mx.curp")
    b = _dob()
    body = (
        pick(CONS)
        + pick("AEIOU")
        + pick(CONS)
        + pick(UP)
        + b.strftime("%y%m%d")
        + pick("HM")
        + pick(CURP_STATES)
        + rs(3, CONS)
    )
    body += pick(DIG) if b.year < 2000 else pick(UP)
    return complete(m, body)


def id_mx_rfc():
    m = importlib.import_module("stdnum.mx.rfc")
    body = (
        pick(CONS)
        + pick("AEIOU")
        + pick(CONS)
        + pick(UP)
        + _dob().strftime("%y%m%d")
        + rs(2, UP.replace("O", "") + "123456789")
    )
    return complete(m, body, DIG + "A")


def id_pe_cui():
    m = importlib.import_module("stdnum.pe.cui")
    raw = complete(m, str(R.randint(10_000_000, 79_999_999)), DIG + "ABCDEFGHIJK")
    return pick([raw[:8], raw[:8] + "-" + raw[8:]]) if raw else None


def id_ec_ci():
    m = importlib.import_module("stdnum.ec.ci")
    return complete(m, "%02d" % R.randint(1, 24) + pick("012345") + d(6))


def id_do_cedula():
    m = importlib.import_module("stdnum.do.cedula")
    raw = complete(m, pick(["001", "402", "031", "223"]) + d(7))
    return m.format(raw) if raw else None


def id_cu_ni():
    m = importlib.import_module("stdnum.cu.ni")
    b = _dob()
    return complete(m, b.strftime("%y%m%d") + d(4))


def id_ve_ci():
    m = importlib.import_module("stdnum.ve.rif")
    raw = complete(m, "V" + "%08d" % R.randint(5_000_000, 30_999_999))
    return f"V-{raw[1:9]}-{raw[9]}" if raw else None


def id_gt_nit():
    m = importlib.import_module("stdnum.gt.nit")
    raw = complete(m, str(R.randint(1_000_000, 99_999_999)), DIG + "K")
    return m.format(raw) if raw else None


def id_py_ruc():
    m = importlib.import_module("stdnum.py.ruc")
    raw = complete(m, str(R.randint(1_000_000, 6_999_999)))
    return f"{raw[:-1]}-{raw[-1]}" if raw else None


def id_cr_cpf():
    m = importlib.import_module("stdnum.cr.cpf")
    raw = "0" + str(R.randint(1, 7)) + d(8)
    return (
        (f"{raw[1]}-{raw[2:6]}-{raw[6:]}" if R.random() < 0.6 else raw)
        if m.is_valid(raw)
        else None
    )


CN_LOC = [
    "110101",
    "110105",
    "310115",
    "310104",
    "440305",
    "440106",
    "510107",
    "330106",
    "420106",
    "320102",
    "500103",
    "610113",
]


def id_cn_ric():
    m = importlib.import_module("stdnum.cn.ric")
    return complete(m, pick(CN_LOC) + _dob().strftime("%Y%m%d") + d(3), DIG + "X")


def id_in_aadhaar():
    m = importlib.import_module("stdnum.in_.aadhaar")
    raw = complete(m, str(R.randint(2, 9)) + d(10))
    return pick([m.format(raw), raw]) if raw else None


def id_in_pan():
    m = importlib.import_module("stdnum.in_.pan")
    v = rs(3, UP) + "P" + rs(1, UP) + d(4) + rs(1, UP)
    return v if m.is_valid(v) else None


def id_in_epic():
    m = importlib.import_module("stdnum.in_.epic")
    return complete(m, rs(3, UP) + d(6))


ID_LOC = [
    "317401",
    "317104",
    "327301",
    "357801",
    "337403",
    "517102",
    "127101",
    "347101",
    "737103",
    "647201",
]


def id_id_nik():
    m = importlib.import_module("stdnum.id.nik")
    b = _dob()
    day = b.day + (40 if R.random() < 0.5 else 0)
    v = (
        pick(ID_LOC)
        + "%02d%02d%02d" % (day, b.month, b.year % 100)
        + "%04d" % R.randint(1, 3999)
    )
    return v if m.is_valid(v) else None


def id_kr_rrn():
    m = importlib.import_module("stdnum.kr.rrn")
    b = _dob()
    g = pick("12") if b.year < 2000 else pick("34")
    raw = complete(m, b.strftime("%y%m%d") + g + "%04d" % R.randint(0, 2999) + d(1))
    return m.format(raw) if raw else None


def id_jp_mynumber():
    m = importlib.import_module("stdnum.jp.in_")
    raw = complete(m, d(11))
    return pick([m.format(raw), raw]) if raw else None


MY_BP = [
    "01",
    "02",
    "03",
    "04",
    "05",
    "06",
    "07",
    "08",
    "09",
    "10",
    "11",
    "12",
    "13",
    "14",
    "15",
    "16",
]


def id_my_nric():
    m = importlib.import_module("stdnum.my.nric")
    v = _dob().strftime("%y%m%d") + pick(MY_BP) + d(4)
    return f"{v[:6]}-{v[6:8]}-{v[8:]}" if m.is_valid(v) else None


def id_pk_cnic():
    m = importlib.import_module("stdnum.pk.cnic")
    v = str(R.randint(1, 7)) + d(11) + pick("123456789")
    return m.format(v) if m.is_valid(v) else None


def id_th_pin():
    m = importlib.import_module("stdnum.th.pin")
    raw = complete(m, str(R.randint(1, 8)) + d(11))
    return pick([m.format(raw), raw]) if raw else None


def id_vn_mst():
    m = importlib.import_module("stdnum.vn.mst")
    return complete(m, pick("01234578") + d(8))


def id_il_idnr():
    m = importlib.import_module("stdnum.il.idnr")
    return complete(m, pick("023") + d(7))


def id_tr_tc():
    m = importlib.import_module("stdnum.tr.tckimlik")
    return complete(m, str(R.randint(1, 9)) + d(8), n=2)


def id_za_id():
    m = importlib.import_module("stdnum.za.idnr")
    raw = complete(m, _dob().strftime("%y%m%d") + d(4) + "08")
    return pick([raw, m.format(raw)]) if raw else None


def id_ke_pin():
    m = importlib.import_module("stdnum.ke.pin")
    return complete(m, "A" + "00" + d(7), UP)


def id_mu_nid():
    m = importlib.import_module("stdnum.mu.nid")
    return complete(
        m, pick("ABCDJKLMNPRS") + _dob().strftime("%d%m%y") + d(6), DIG + UP
    )


def id_eg_tn():
    m = importlib.import_module("stdnum.eg.tn")
    raw = complete(m, d(8))
    return m.format(raw) if raw else None


def id_gh_tin():
    m = importlib.import_module("stdnum.gh.tin")
    return complete(m, "P00" + d(7), DIG + "X")


def id_mz_nuit():
    m = importlib.import_module("stdnum.mz.nuit")
    raw = complete(m, pick("1") + d(7))
    return m.format(raw) if raw else None


def id_us_ssn():
    m = importlib.import_module("stdnum.us.ssn")
    v = "%03d%02d%04d" % (R.randint(1, 665), R.randint(1, 99), R.randint(1, 9999))
    return m.format(v) if m.is_valid(v) else None


def id_ca_sin():
    m = importlib.import_module("stdnum.ca.sin")
    raw = complete(m, pick("1234567") + d(7))
    return m.format(raw) if raw else None


def id_au_tfn():
    m = importlib.import_module("stdnum.au.tfn")
    raw = complete(m, d(8))
    return m.format(raw) if raw else None


def id_es_dni():
    m = importlib.import_module("stdnum.es.dni")
    return complete(m, "%08d" % R.randint(10_000_000, 79_999_999), UP)


def id_it_cf():
    m = importlib.import_module("stdnum.it.codicefiscale")
    b = _dob()
    day = b.day + (40 if R.random() < 0.5 else 0)
    body = (
        rs(3, CONS)
        + rs(3, CONS)
        + b.strftime("%y")
        + "ABCDEHLMPRST"[b.month - 1]
        + "%02d" % day
        + pick(["H501", "F205", "A944", "L219", "F839"])
    )
    return complete(m, body, UP)


def id_pl_pesel():
    m = importlib.import_module("stdnum.pl.pesel")
    b = rand_date(1950, 1999)
    return complete(m, b.strftime("%y%m%d") + d(4))


def id_fr_nir():
    m = importlib.import_module("stdnum.fr.nir")
    b = _dob()
    raw = complete(
        m,
        pick("12") + b.strftime("%y%m") + "%02d" % R.randint(1, 95) + d(3) + d(3),
        n=2,
    )
    return m.format(raw) if raw else None


def id_gb_nhs():
    m = importlib.import_module("stdnum.gb.nhs")
    raw = complete(m, str(R.randint(4, 6)) + d(8))
    return m.format(raw) if raw else None


# (kind, label, native lang, generator, region group)
ID_SPECS = [
    ("br_cpf", "CPF", "pt", id_br_cpf, "latam"),
    ("ar_dni", "DNI", "es", id_ar_dni, "latam"),
    ("ar_cuit", "CUIT", "es", id_ar_cuit, "latam"),
    ("cl_rut", "RUT", "es", id_cl_rut, "latam"),
    ("co_nit", "NIT", "es", id_co_nit, "latam"),
    ("mx_curp", "CURP", "es", id_mx_curp, "latam"),
    ("mx_rfc", "RFC", "es", id_mx_rfc, "latam"),
    ("pe_dni", "DNI", "es", id_pe_cui, "latam"),
    ("ec_cedula", "cédula", "es", id_ec_ci, "latam"),
    ("do_cedula", "cédula", "es", id_do_cedula, "latam"),
    ("cu_ni", "carné de identidad", "es", id_cu_ni, "latam"),
    ("ve_cedula", "cédula/RIF", "es", id_ve_ci, "latam"),
    ("gt_nit", "NIT", "es", id_gt_nit, "latam"),
    ("py_ruc", "RUC", "es", id_py_ruc, "latam"),
    ("cr_cedula", "cédula", "es", id_cr_cpf, "latam"),
    ("cn_ric", "身份证号", "zh", id_cn_ric, "asia"),
    ("in_aadhaar", "Aadhaar", "hi", id_in_aadhaar, "asia"),
    ("in_pan", "PAN", "hi", id_in_pan, "asia"),
    ("in_epic", "Voter ID (EPIC)", "hi", id_in_epic, "asia"),
    ("id_nik", "NIK", "id", id_id_nik, "asia"),
    ("kr_rrn", "주민등록번호", "ko", id_kr_rrn, "asia"),
    ("jp_mynumber", "マイナンバー", "ja", id_jp_mynumber, "asia"),
    ("my_nric", "MyKad/NRIC", "en", id_my_nric, "asia"),
    ("pk_cnic", "CNIC", "en", id_pk_cnic, "asia"),
    ("th_pin", "เลขบัตรประชาชน", "th", id_th_pin, "asia"),
    ("vn_mst", "mã số thuế", "vi", id_vn_mst, "asia"),
    ("il_idnr", "Teudat Zehut", "en", id_il_idnr, "asia"),
    ("tr_tckimlik", "TC kimlik no", "tr", id_tr_tc, "asia"),
    ("za_idnr", "SA ID number", "en", id_za_id, "africa"),
    ("ke_kra_pin", "KRA PIN", "sw", id_ke_pin, "africa"),
    ("mu_nid", "NIC", "fr", id_mu_nid, "africa"),
    ("eg_tax", "الرقم الضريبي", "ar", id_eg_tn, "africa"),
    ("gh_tin", "Ghana TIN", "en", id_gh_tin, "africa"),
    ("mz_nuit", "NUIT", "pt", id_mz_nuit, "africa"),
    ("us_ssn", "SSN", "en", id_us_ssn, "other"),
    ("ca_sin", "SIN", "en", id_ca_sin, "other"),
    ("au_tfn", "TFN", "en", id_au_tfn, "other"),
    ("es_dni", "DNI", "es", id_es_dni, "other"),
    ("it_cf", "codice fiscale", "it", id_it_cf, "other"),
    ("pl_pesel", "PESEL", "pl", id_pl_pesel, "other"),
    ("fr_nir", "numéro de sécu", "fr", id_fr_nir, "other"),
    ("gb_nhs", "NHS number", "en", id_gb_nhs, "other"),
]

# native-language templates for national IDs (by kind)
ID_NATIVE = {
    "br_cpf": [
        ("id_br_nf", "pt", "Nota fiscal no nome da {rel}: CPF {v}"),
        (
            "id_br_pix",
            "pt",
            "{c1}: pode mandar o reembolso no Pix, a chave é meu CPF {v}",
        ),
    ],
    "ar_dni": [
        (
            "id_ar_turno",
            "es",
            "Turno en el hospital para {rel}, DNI {v}, obra social OSDE",
        )
    ],
    "ar_cuit": [
        ("id_ar_factura", "es", "Para la factura C: {name}, CUIT {v}, monotributista")
    ],
    "cl_rut": [("id_cl_boleta", "es", "¿Boleta con RUT? sí, {v} a nombre de {name}")],
    "co_nit": [
        ("id_co_rut", "es", "Cédula con dígito de verificación para la DIAN: {v}")
    ],
    "mx_curp": [
        ("id_mx_curp_escuela", "es", "Inscripción de {rel} en la primaria — CURP: {v}"),
        (
            "id_mx_curp_yaml",
            "en",
            "applicant:\n  name: {name}\n  curp: {v}\n  nationality: MX",
        ),
    ],
    "mx_rfc": [
        (
            "id_mx_rfc_cfdi",
            "es",
            "Datos para facturar (CFDI): {name}, RFC {v}, régimen 612, uso G03",
        )
    ],
    "pe_dni": [("id_pe_sunat", "es", "Mi DNI para el trámite en RENIEC: {v}")],
    "ec_cedula": [("id_ec_ci", "es", "Número de cédula de {rel} para el IESS: {v}")],
    "do_cedula": [
        ("id_do_ced", "es", "{c1}: para el contrato necesito tu cédula\n{c2}: {v}")
    ],
    "cu_ni": [("id_cu_ni", "es", "Carné de identidad de {rel} (para la remesa): {v}")],
    "ve_cedula": [("id_ve_ced", "es", "Pago móvil a {name}, cédula {v}, Banesco")],
    "gt_nit": [("id_gt_nit", "es", "NIT para la factura de la SAT: {v}")],
    "py_ruc": [("id_py_ruc", "es", "Factura legal a nombre de {name}, RUC {v}")],
    "cr_cedula": [("id_cr_ced", "es", "Cédula de {rel} para la CCSS: {v}")],
    "cn_ric": [
        ("id_cn_rail", "zh", "给{rel}买高铁票用的身份证号：{v}"),
        (
            "id_cn_json",
            "en",
            '{{"passenger": "{name}", "id_type": "resident_id", "id_no": "{v}"}}',
        ),
    ],
    "in_aadhaar": [
        ("id_in_aadhaar_hi", "hi", "{rel} का आधार नंबर: {v} (गैस कनेक्शन के लिए)"),
        (
            "id_in_aadhaar_en",
            "en",
            "eKYC pending — Aadhaar {v}, linked mobile ends 4471",
        ),
    ],
    "in_pan": [("id_in_pan", "en", "PAN for ITR filing this year: {v} ({name})")],
    "in_epic": [("id_in_epic", "en", "{rel} voter ID card no. {v}, booth 112")],
    "id_nik": [
        ("id_id_nik", "id", "NIK {rel} untuk daftar BPJS: {v}"),
        (
            "id_id_nik2",
            "id",
            "{c1}: kak, NIK-nya buat kontrak kerja apa ya?\n{c2}: {v}",
        ),
    ],
    "kr_rrn": [("id_kr_rrn", "ko", "{rel} 주민등록번호 {v} (연말정산용)")],
    "jp_mynumber": [("id_jp_mn", "ja", "{rel}のマイナンバー：{v}（年末調整用）")],
    "my_nric": [("id_my_ic", "en", "IC no. for the tenancy agreement: {v} ({name})")],
    "pk_cnic": [("id_pk_cnic", "en", "CNIC of {rel_en_noun} for the NADRA form: {v}")],
    "th_pin": [("id_th_pin", "th", "เลขบัตรประชาชนของ{rel}: {v}")],
    "vn_mst": [("id_vn_mst", "vi", "Mã số thuế cá nhân của {rel}: {v}")],
    "il_idnr": [("id_il", "en", "Kupat holim registration — ID (teudat zehut) {v}")],
    "tr_tckimlik": [("id_tr", "tr", "{rel} TC kimlik no: {v} (e-Devlet için)")],
    "za_idnr": [("id_za", "en", "FICA docs for the bond: {name}, ID no. {v}")],
    "ke_kra_pin": [
        ("id_ke_pin", "sw", "KRA PIN ya {rel} ni {v}, inahitajika kwa iTax"),
        ("id_ke_pin_en", "en", "Landlord asked for my KRA PIN for the lease: {v}"),
    ],
    "mu_nid": [("id_mu", "fr", "Numéro NIC de {rel} pour le dossier CSG : {v}")],
    "eg_tax": [("id_eg", "ar", "الرقم الضريبي الخاص ب{rel}: {v}")],
    "gh_tin": [("id_gh", "en", "GRA TIN for {name} (sole proprietor): {v}")],
    "mz_nuit": [("id_mz", "pt", "NUIT de {rel} para a declaração: {v}")],
    "us_ssn": [("id_us_ssn", "en", "W-4 for the nanny: {name}, SSN {v}")],
    "ca_sin": [("id_ca_sin", "en", "SIN for the T4: {v}")],
    "au_tfn": [("id_au_tfn", "en", "TFN declaration — {v}")],
    "es_dni": [("id_es_dni", "es", "DNI de {rel} para el empadronamiento: {v}")],
    "it_cf": [("id_it_cf", "it", "Codice fiscale di {rel} per il 730: {v}")],
    "pl_pesel": [("id_pl", "pl", "PESEL ({rel}): {v}")],
    "fr_nir": [("id_fr", "fr", "Numéro de sécurité sociale de {rel} : {v}")],
    "gb_nhs": [("id_gb", "en", "{rel_en_cap} NHS number: {v} (GP registration)")],
}

GENERIC_ID = [
    ("gid_my", "en", "My {lab}: {v}"),
    ("gid_visa", "en", "Note to self — {lab} for the visa application is {v}"),
    ("gid_rel", "en", "{rel_en_cap} {lab} is {v}, needed for the insurance form"),
    (
        "gid_chat",
        "en",
        "[{time}] {c1}: can you send me your {lab} for the payroll system?\n[{time}] {c2}: sure — {v}",
    ),
    (
        "gid_crm",
        "en",
        "Customer called about the refund: {name}, {lab} {v}, wants a callback tomorrow",
    ),
    (
        "gid_json",
        "en",
        '{{"full_name": "{name}", "id_type": "{lab}", "id_number": "{v}"}}',
    ),
    ("gid_es", "es", "{lab} de {rel}: {v}"),
    ("gid_pt", "pt", "{lab} — {rel}: {v}"),
    ("gid_fr", "fr", "{lab} ({rel}) : {v}"),
    ("gid_de", "de", "{lab} ({rel}): {v}"),
    ("gid_it", "it", "{lab} di {rel}: {v}"),
    ("gid_nl", "nl", "{lab} van {rel}: {v}"),
    ("gid_pl", "pl", "{lab} ({rel}): {v}"),
    ("gid_tr", "tr", "{lab} – {rel}: {v}"),
    ("gid_ru", "ru", "{lab} ({rel}): {v}"),
    ("gid_ar", "ar", "{lab} ({rel}): {v}"),
    ("gid_hi", "hi", "{rel} का {lab}: {v}"),
    ("gid_zh", "zh", "{rel}的{lab}：{v}"),
    ("gid_ja", "ja", "{rel}の{lab}：{v}"),
    ("gid_ko", "ko", "{rel} {lab}: {v}"),
    ("gid_id", "id", "{lab} {rel}: {v}"),
    ("gid_vi", "vi", "{lab} của {rel}: {v}"),
    ("gid_th", "th", "{lab}ของ{rel}: {v}"),
    ("gid_sw", "sw", "{lab} ya {rel}: {v}"),
    ("gid_tl", "tl", "{lab} ni {rel}: {v}"),
]

# ---------------------------------------------------------------- phones / emails / addresses / dob / finance
LANG_REGIONS = {
    "en": [
        "NG",
        "KE",
        "ZA",
        "GH",
        "IN",
        "PK",
        "PH",
        "US",
        "GB",
        "UG",
        "ET",
        "BD",
        "MY",
        "SG",
    ],
    "es": ["MX", "AR", "CO", "CL", "PE", "EC", "GT", "DO", "ES"],
    "pt": ["BR", "MZ", "AO"],
    "fr": ["FR", "MA", "SN", "CM"],
    "de": ["DE"],
    "it": ["IT"],
    "nl": ["NL"],
    "pl": ["PL"],
    "tr": ["TR"],
    "ru": ["RU"],
    "ar": ["EG", "MA", "SA", "AE", "JO"],
    "hi": ["IN"],
    "zh": ["CN"],
    "ja": ["JP"],
    "ko": ["KR"],
    "id": ["ID"],
    "vi": ["VN"],
    "th": ["TH"],
    "sw": ["KE", "TZ"],
    "tl": ["PH"],
}


def g_phone(lang):
    region = pick(LANG_REGIONS[lang])
    ex = phonenumbers.example_number_for_type(region, PNT.MOBILE)
    nsn = str(ex.national_number)
    keep = max(2, len(nsn) - 7)
    for _ in range(300):
        cand = nsn[:keep] + d(len(nsn) - keep)
        num = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if (
            cand != nsn
            and phonenumbers.is_valid_number(num)
            and phonenumbers.number_type(num) in (PNT.MOBILE, PNT.FIXED_LINE_OR_MOBILE)
        ):
            style = R.random()
            v = phonenumbers.format_number(
                num,
                PNF.INTERNATIONAL
                if style < 0.5
                else PNF.NATIONAL
                if style < 0.8
                else PNF.E164,
            )
            return dict(v=v, region=region)
    raise RuntimeError(region)


PHONE_TPL = [
    ("ph_new", "en", "New number for {name}: {v}"),
    ("ph_gate", "en", "call me on {v} if the gate is locked — {name}"),
    ("ph_rel", "en", "{rel_en_cap} mobile: {v}"),
    (
        "ph_chat",
        "en",
        "[{time}] {c1}: what's your personal number in case the on-call pager dies?\n[{time}] {c2}: {v}",
    ),
    (
        "ph_vcard",
        "en",
        "BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nTEL;TYPE=CELL:{v}\nEND:VCARD",
    ),
    ("ph_es", "es", "Mi celular nuevo es {v}, agéndalo"),
    ("ph_es_rel", "es", "Teléfono de {rel}: {v}"),
    ("ph_pt", "pt", "meu zap novo: {v}"),
    ("ph_fr", "fr", "Le portable de {rel} : {v}"),
    ("ph_de", "de", "Handy {rel}: {v}"),
    ("ph_it", "it", "cellulare di {rel}: {v}"),
    ("ph_nl", "nl", "mobiel nummer van {rel}: {v}"),
    ("ph_pl", "pl", "numer do {rel}: {v}"),
    ("ph_tr", "tr", "{rel} cep: {v}"),
    ("ph_ru", "ru", "Номер ({rel}): {v}"),
    ("ph_ar", "ar", "رقم جوال {rel}: {v}"),
    ("ph_hi", "hi", "{rel} का मोबाइल नंबर: {v}"),
    ("ph_zh", "zh", "我的手机号：{v}，有事打给我"),
    ("ph_ja", "ja", "{rel}の携帯番号：{v}"),
    ("ph_ko", "ko", "{rel} 핸드폰 번호 {v}"),
    ("ph_id", "id", "WA aku yang baru: {v}"),
    ("ph_vi", "vi", "số điện thoại của {rel}: {v}"),
    ("ph_th", "th", "เบอร์โทรของ{rel}: {v}"),
    ("ph_sw", "sw", "Namba yangu ya M-Pesa ni {v}"),
    ("ph_tl", "tl", "Text mo ako sa {v} pag nandyan ka na"),
]

EMAIL_PROVIDERS = {
    "en": [
        "gmail.com",
        "yahoo.com",
        "outlook.com",
        "hotmail.co.uk",
        "icloud.com",
        "rediffmail.com",
        "yahoo.co.in",
        "gmail.com",
    ],
    "es": ["gmail.com", "hotmail.com", "yahoo.com.mx", "outlook.es"],
    "pt": ["gmail.com", "hotmail.com", "yahoo.com.br", "uol.com.br", "bol.com.br"],
    "fr": ["gmail.com", "orange.fr", "yahoo.fr"],
    "de": ["gmx.de", "web.de", "t-online.de"],
    "ja": ["yahoo.co.jp", "gmail.com", "docomo.ne.jp"],
    "ko": ["naver.com", "daum.net", "gmail.com"],
    "zh": ["qq.com", "163.com", "126.com"],
    "id": ["gmail.com", "yahoo.co.id"],
    "vi": ["gmail.com", "yahoo.com.vn"],
    "ru": ["yandex.ru", "mail.ru"],
    "tr": ["gmail.com", "hotmail.com.tr"],
}
TRANSLIT = [
    "maria.fernanda",
    "joao.pedro",
    "wanjiru.k",
    "chinedu.okafor",
    "thabo.m",
    "siti.rahma",
    "nguyen.lan",
    "priya.raman",
    "kenji.sato",
    "minji.kim",
    "wei.li",
    "ahmed.hassan",
    "fatima.zahra",
    "camila.rojas",
    "baraka.otieno",
    "aisha.bello",
    "juan.restrepo",
    "ana.souza",
    "rohan.mehta",
    "yuki.takahashi",
    "kwame.mensah",
    "lerato.dlamini",
    "sofia.quispe",
    "budi.santoso",
    "elif.yilmaz",
    "amina.diallo",
    "angelica.dc",
    "tran.minh",
]


def g_email(lang):
    prov = pick(EMAIL_PROVIDERS.get(lang, EMAIL_PROVIDERS["en"]))
    base = pick(TRANSLIT)
    style = R.randint(0, 3)
    local = (
        base
        if style == 0
        else f"{base}{R.randint(70, 2005)}"
        if style == 1
        else base.replace(".", "_") + str(R.randint(1, 99))
        if style == 2
        else base.split(".")[0] + d(3)
    )
    if prov in ("qq.com",):
        local = d(R.randint(8, 10))
    return dict(v=f"{local}@{prov}")


EMAIL_TPL = [
    ("em_personal", "en", "My personal email (not the work one): {v}"),
    ("em_rel", "en", "{rel_en_cap} email for the school portal: {v}"),
    ("em_chat", "en", "[{time}] {c1}: send the photos to my gmail, {v}"),
    ("em_crm", "en", "Lead: {name} <{v}> asked for a quote on the 2-bed unit"),
    ("em_es", "es", "Correo personal de {rel}: {v}"),
    ("em_pt", "pt", "manda o boleto pro meu e-mail pessoal: {v}"),
    ("em_fr", "fr", "Mon adresse perso : {v}"),
    ("em_de", "de", "private Mail-Adresse: {v}"),
    ("em_ja", "ja", "{rel}のメールアドレス：{v}"),
    ("em_ko", "ko", "개인 메일 {v} 로 보내주세요"),
    ("em_zh", "zh", "我的私人邮箱是 {v}"),
    ("em_id", "id", "email pribadi {rel}: {v}"),
    ("em_vi", "vi", "email cá nhân của mình: {v}"),
    ("em_ru", "ru", "личная почта: {v}"),
    ("em_tr", "tr", "kişisel e-postam: {v}"),
]


def _n(a, b):
    return R.randint(a, b)


def addr_br():
    street = pick(
        [
            "Rua Augusta",
            "Rua das Laranjeiras",
            "Avenida Sete de Setembro",
            "Rua Padre Chagas",
            "Rua Tomé de Souza",
            "Rua Harmonia",
            "Avenida Boa Viagem",
        ]
    )
    b, c, uf, cep = pick(
        [
            ("Pinheiros", "São Paulo", "SP", "05"),
            ("Laranjeiras", "Rio de Janeiro", "RJ", "22"),
            ("Savassi", "Belo Horizonte", "MG", "30"),
            ("Moinhos de Vento", "Porto Alegre", "RS", "90"),
            ("Boa Viagem", "Recife", "PE", "51"),
            ("Barra", "Salvador", "BA", "40"),
        ]
    )
    return f"{street}, {_n(10, 2999)}, apto {_n(11, 1804)} – {b}, {c} – {uf}, {cep}{_n(100, 999)}-{_n(0, 999):03d}"


def addr_mx():
    street = pick(
        [
            "Calle Colima",
            "Av. Álvaro Obregón",
            "Calle Durango",
            "Av. Chapultepec",
            "Calle Morelos",
            "Av. Constitución",
        ]
    )
    col, mun, cp, city = pick(
        [
            ("Roma Norte", "Cuauhtémoc", "06700", "Ciudad de México, CDMX"),
            ("Americana", "Guadalajara", "44160", "Jal."),
            ("Del Valle", "San Pedro Garza García", "66220", "N.L."),
            ("Centro", "Oaxaca de Juárez", "68000", "Oax."),
            ("Narvarte", "Benito Juárez", "03020", "CDMX"),
        ]
    )
    return (
        f"{street} {_n(10, 999)} Int. {_n(1, 12)}, Col. {col}, {mun}, C.P. {cp}, {city}"
    )


def addr_ar():
    return pick(
        [
            f"Av. Corrientes {_n(100, 6000)}, Piso {_n(1, 15)} Depto {pick('ABCDEF')}, C{_n(1000, 1440)}AAZ CABA",
            f"Calle {_n(1, 72)} N° {_n(100, 1999)}, B1900 La Plata, Buenos Aires",
            f"Bv. Oroño {_n(100, 2500)}, {_n(1, 9)}° {pick('ABC')}, S2000 Rosario, Santa Fe",
        ]
    )


def addr_co():
    return pick(
        [
            f"Carrera {_n(1, 70)} # {_n(10, 150)}-{_n(1, 99)}, Apto {_n(101, 1804)}, Bogotá D.C.",
            f"Calle {_n(1, 50)} Sur # {_n(10, 80)}{pick(['', 'A', 'B', 'D'])}-{_n(1, 99)}, El Poblado, Medellín, Antioquia",
            f"Cra. {_n(1, 100)} # {_n(1, 70)}-{_n(1, 99)}, barrio San Fernando, Cali",
        ]
    )


def addr_cl():
    return f"{pick(['Av. Providencia', 'Los Leones', 'Av. Irarrázaval', 'Pasaje Los Aromos'])} {_n(100, 3999)}, depto {_n(11, 2208)}, {pick(['Providencia', 'Ñuñoa', 'Las Condes', 'Viña del Mar'])}, {pick(['Santiago', 'Región Metropolitana', 'Valparaíso'])}"


def addr_pe():
    return f"{pick(['Jr.', 'Av.', 'Calle'])} {pick(['Bolognesi', 'Larco', 'Los Pinos', 'Schell', 'Arequipa'])} {_n(100, 1500)}, Dpto. {_n(101, 1202)}, {pick(['Miraflores', 'San Isidro', 'Barranco', 'Surco'])}, Lima {pick(['15074', '15073', '15063', '15038'])}"


def addr_in():
    return pick(
        [
            f"Flat {_n(101, 1204)}, {pick(['Sai Residency', 'Prestige Lakeside', 'Green Glen Layout', 'Shanti Apartments'])}, {_n(1, 20)}th Cross, {pick(['Indiranagar', 'HSR Layout', 'Koramangala 4th Block'])}, Bengaluru, Karnataka {pick(['560038', '560102', '560034'])}",
            f"{pick('ABCDEFGH')}-{_n(1, 250)}, {pick(['Lajpat Nagar II', 'Mayur Vihar Phase 1', 'Vasant Kunj Sector C'])}, New Delhi {pick(['110024', '110091', '110070'])}",
            f"{_n(1, 60)}/{_n(1, 20)}, {pick(['Andheri West', 'Dadar East', 'Powai'])}, Mumbai, Maharashtra {pick(['400058', '400014', '400076'])}",
            f"No. {_n(1, 99)}, {pick(['2nd Main Road', 'Gandhi Street', 'Anna Salai'])}, {pick(['T. Nagar', 'Adyar', 'Velachery'])}, Chennai {pick(['600017', '600020', '600042'])}",
        ]
    )


def addr_id():
    return f"Jl. {pick(['Kemang Raya', 'Cipete Raya', 'Dago', 'Kaliurang', 'Tebet Barat Dalam'])} No. {_n(1, 120)}, RT {_n(1, 12):03d}/RW {_n(1, 9):02d}, Kel. {pick(['Bangka', 'Cipete Utara', 'Lebak Siliwangi', 'Tebet Barat'])}, Kec. {pick(['Mampang Prapatan', 'Kebayoran Baru', 'Coblong', 'Tebet'])}, {pick(['Jakarta Selatan 12730', 'Bandung 40132', 'Jakarta Selatan 12810'])}"


def addr_ph():
    return pick(
        [
            f"Unit {_n(101, 3510)}, {pick(['Avida Towers', 'SMDC Light Residences', 'One Serendra'])}, {pick(['34th St.', 'EDSA', 'McKinley Pkwy'])}, {pick(['Bonifacio Global City, Taguig 1634', 'Mandaluyong 1550', 'Taguig City 1630'])}",
            f"Blk {_n(1, 40)} Lot {_n(1, 30)}, {pick(['Phase 2', 'Camella Homes', 'Villa Verde'])}, Brgy. {pick(['San Isidro', 'Talon Dos', 'Lahug'])}, {pick(['Las Piñas City', 'Cebu City 6000', 'Antipolo, Rizal'])}",
        ]
    )


def addr_vn():
    return f"Số {_n(1, 120)} ngõ {_n(1, 200)} phố {pick(['Hoàng Cầu', 'Thái Hà', 'Kim Mã', 'Trần Duy Hưng'])}, phường {pick(['Ô Chợ Dừa', 'Trung Liệt', 'Ngọc Khánh', 'Trung Hòa'])}, quận {pick(['Đống Đa', 'Ba Đình', 'Cầu Giấy'])}, Hà Nội"


def addr_th():
    return f"{_n(1, 199)}/{_n(1, 400)} {pick(['หมู่บ้านพฤกษา', 'คอนโดลุมพินี', 'หมู่บ้านเสนาวิลล์'])} ถนน{pick(['รามอินทรา', 'ลาดพร้าว', 'สุขุมวิท'])} แขวง{pick(['คันนายาว', 'จอมพล', 'พระโขนงเหนือ'])} เขต{pick(['คันนายาว', 'จตุจักร', 'วัฒนา'])} กรุงเทพฯ {pick(['10230', '10900', '10110'])}"


def addr_jp():
    return f"〒{pick(['150-0041', '160-0022', '530-0001', '060-0042', '810-0001'])} {pick(['東京都渋谷区神南', '東京都新宿区新宿', '大阪府大阪市北区梅田', '北海道札幌市中央区大通西', '福岡県福岡市中央区天神'])}{_n(1, 6)}-{_n(1, 30)}-{_n(1, 20)} {pick(['コーポ神南', 'メゾン若葉', 'グランドハイツ', 'パークサイド天神'])}{_n(101, 1205)}号室"


def addr_cn():
    return f"{pick(['上海市浦东新区张杨路', '北京市朝阳区建国路', '广东省深圳市南山区科技园路', '四川省成都市武侯区人民南路', '浙江省杭州市西湖区文三路'])}{_n(1, 999)}号{_n(1, 30)}栋{_n(101, 2803)}室"


def addr_kr():
    return f"{pick(['서울특별시 마포구 월드컵북로', '서울특별시 강남구 테헤란로', '부산광역시 해운대구 센텀중앙로', '경기도 성남시 분당구 판교역로'])} {_n(1, 400)}, {_n(101, 1503)}동 {_n(101, 2502)}호"


def addr_ng():
    return pick(
        [
            f"{_n(1, 60)} {pick(['Adeola Odeku Street', 'Admiralty Way', 'Bode Thomas Street', 'Allen Avenue'])}, {pick(['Victoria Island', 'Lekki Phase 1', 'Surulere', 'Ikeja'])}, Lagos",
            f"Plot {_n(1, 900)}, {pick(['Gwarinpa Estate', 'Aminu Kano Crescent, Wuse II', 'Jabi District'])}, Abuja, FCT",
            f"Flat {_n(1, 12)}, Block {pick('ABCDEF')}, {pick(['Trans-Amadi Estate', 'GRA Phase 2'])}, Port Harcourt, Rivers State",
        ]
    )


def addr_ke():
    return f"{pick(['Apartment', 'House No.', 'Flat'])} {pick('ABCDE')}{_n(1, 40)}, {pick(['Riverside Gardens', 'Kileleshwa Court', 'Garden Estate', 'Lavington Green'])}, {pick(['Riverside Drive, Westlands', 'Othaya Road, Kileleshwa', 'Kindaruma Road, Kilimani', 'James Gichuru Road, Lavington'])}, Nairobi"


def addr_za():
    return f"{_n(1, 220)} {pick(['Kloof Street, Gardens, Cape Town, 8001', 'Jan Smuts Avenue, Parktown North, Johannesburg, 2193', 'Florida Road, Morningside, Durban, 4001', 'Main Road, Observatory, Cape Town, 7925'])}"


def addr_eg():
    return pick(
        [
            f"Apt {_n(1, 30)}, {_n(1, 60)} Mohamed Mazhar St, Zamalek, Cairo 11211",
            f"{_n(1, 90)} شارع {pick(['التحرير', 'جامعة الدول العربية', 'مصدق'])}، الدقي، الجيزة، شقة {_n(1, 30)}",
        ]
    )


def addr_ma():
    return f"Appt {_n(1, 40)}, {_n(1, 120)} {pick(['Rue Ibnou Rochd', 'Bd Zerktouni', 'Rue Tarik Ibn Ziad', 'Av. Mohammed V'])}, {pick(['Maârif, Casablanca 20330', 'Gauthier, Casablanca 20070', 'Agdal, Rabat 10080', 'Guéliz, Marrakech 40000'])}"


def addr_gh():
    return f"House No. {_n(1, 80)}, {pick(['Osu Badu Street', 'Ring Road Central', 'Nii Nortei Nyanchi Street'])}, {pick(['Airport Residential Area', 'Osu', 'Dzorwulu', 'East Legon'])}, Accra (GhanaPost GPS: GA-{_n(100, 599)}-{_n(1000, 9999)})"


def addr_us():
    return f"{_n(100, 9999)} {pick(['Maple Ave', 'Elm St', 'Oak Ridge Dr', 'Sunset Blvd'])}, Apt {_n(1, 30)}{pick('ABC')}, {pick(['Austin, TX 78704', 'Columbus, OH 43215', 'Oakland, CA 94610', 'Raleigh, NC 27601'])}"


def addr_de():
    return f"{pick(['Lindenstraße', 'Hauptstraße', 'Schillerweg', 'Goethestraße'])} {_n(1, 120)}{pick(['', 'a', 'b'])}, {pick(['10999 Berlin', '50667 Köln', '80331 München', '20095 Hamburg'])}"


ADDR = {  # kind -> (generator, native lang)
    "address_br": (addr_br, "pt"),
    "address_mx": (addr_mx, "es"),
    "address_ar": (addr_ar, "es"),
    "address_co": (addr_co, "es"),
    "address_cl": (addr_cl, "es"),
    "address_pe": (addr_pe, "es"),
    "address_in": (addr_in, "hi"),
    "address_id": (addr_id, "id"),
    "address_ph": (addr_ph, "tl"),
    "address_vn": (addr_vn, "vi"),
    "address_th": (addr_th, "th"),
    "address_jp": (addr_jp, "ja"),
    "address_cn": (addr_cn, "zh"),
    "address_kr": (addr_kr, "ko"),
    "address_ng": (addr_ng, "en"),
    "address_ke": (addr_ke, "sw"),
    "address_za": (addr_za, "en"),
    "address_eg": (addr_eg, "ar"),
    "address_ma": (addr_ma, "fr"),
    "address_gh": (addr_gh, "en"),
    "address_us": (addr_us, "en"),
    "address_de": (addr_de, "de"),
}
ADDR_TPL = [
    ("ad_home", "en", "Home address for deliveries: {v}"),
    ("ad_rel", "en", "{rel_en_cap} place: {v} — the blue gate, ring twice"),
    (
        "ad_chat",
        "en",
        "[{time}] {c1}: where should I send the laptop?\n[{time}] {c2}: my place pls — {v}",
    ),
    ("ad_yaml", "en", 'shipping:\n  recipient: {name}\n  address: "{v}"'),
    ("ad_es", "es", "Dirección de {rel}: {v}"),
    ("ad_pt", "pt", "endereço de entrega (casa da {rel_pt_f}): {v}"),
    ("ad_fr", "fr", "Adresse de {rel} : {v}"),
    ("ad_de", "de", "Wohnadresse ({rel}): {v}"),
    ("ad_hi", "hi", "{rel} का घर का पता: {v}"),
    ("ad_id", "id", "alamat rumah {rel}: {v}"),
    ("ad_tl", "tl", "address ni {rel}: {v}"),
    ("ad_vi", "vi", "địa chỉ nhà {rel}: {v}"),
    ("ad_th", "th", "ที่อยู่บ้าน{rel}: {v}"),
    ("ad_ja", "ja", "{rel}の住所：{v}"),
    ("ad_zh", "zh", "{rel}的家庭住址：{v}"),
    ("ad_ko", "ko", "{rel} 집 주소: {v}"),
    ("ad_sw", "sw", "anwani ya nyumbani ya {rel}: {v}"),
    ("ad_ar", "ar", "عنوان منزل {rel}: {v}"),
]

DOB_TPL = [
    ("dob_me", "en", "My date of birth is {v} (for the pharmacy account)"),
    ("dob_flight", "en", "{name} — DOB {v} — booked on the same PNR"),
    ("dob_rel", "en", "{rel_en_cap} date of birth: {v}"),
    ("dob_school", "en", "School enrolment: child {name}, born {v}"),
    ("dob_es", "es", "Fecha de nacimiento de {rel}: {v}"),
    ("dob_pt", "pt", "data de nascimento — {rel}: {v}"),
    ("dob_fr", "fr", "Date de naissance de {rel} : {v}"),
    ("dob_de", "de", "Geburtsdatum ({rel}): {v}"),
    ("dob_it", "it", "Data di nascita di {rel}: {v}"),
    ("dob_nl", "nl", "Geboortedatum van {rel}: {v}"),
    ("dob_pl", "pl", "Data urodzenia ({rel}): {v}"),
    ("dob_tr", "tr", "{rel} doğum tarihi: {v}"),
    ("dob_ru", "ru", "Дата рождения ({rel}): {v}"),
    ("dob_ar", "ar", "تاريخ ميلاد {rel}: {v}"),
    ("dob_hi", "hi", "{rel} की जन्मतिथि: {v}"),
    ("dob_zh", "zh", "{rel}出生日期：{v}"),
    ("dob_ja", "ja", "{rel}の生年月日：{v}"),
    ("dob_ko", "ko", "{rel} 생년월일: {v}"),
    ("dob_id", "id", "Tanggal lahir {rel}: {v}"),
    ("dob_vi", "vi", "Ngày sinh của {rel}: {v}"),
    ("dob_th", "th", "วันเกิดของ{rel}: {v}"),
    ("dob_sw", "sw", "Tarehe ya kuzaliwa ya {rel}: {v}"),
    ("dob_tl", "tl", "Petsa ng kapanganakan ni {rel}: {v}"),
]


def g_dob(lang):
    return dict(v=fmt_date(_dob(), lang))


# IBAN: (country, bban builder)
IBAN_SPECS = {
    "BR": lambda: d(8) + d(5) + d(10) + "C" + pick("1234"),
    "EG": lambda: d(25),
    "SA": lambda: d(2) + rs(18, UP + DIG),
    "PK": lambda: rs(4, UP) + d(16),
    "TN": lambda: d(20),
    "MU": lambda: pick(["BOMM", "MCBL", "SBMM"]) + d(19) + "MUR",
    "CR": lambda: "0" + d(17),
    "DO": lambda: rs(4, UP) + d(20),
    "GT": lambda: rs(4, UP) + rs(20, UP + DIG),
    "AE": lambda: d(19),
    "TR": lambda: d(5) + "0" + d(16),
    "MR": lambda: d(23),
    "JO": lambda: rs(4, UP) + d(4) + rs(18, UP + DIG),
    "DE": lambda: d(18),
    "FR": lambda: d(10) + rs(11, UP + DIG) + d(2),
}


def g_iban(lang):
    for _ in range(200):
        cc = pick(list(IBAN_SPECS))
        bban = IBAN_SPECS[cc]()
        num = int("".join(str(int(ch, 36)) for ch in bban + cc + "00"))
        cand = f"{cc}{98 - num % 97:02d}{bban}"
        if std_iban.is_valid(cand):
            return dict(v=pick([cand, std_iban.format(cand)]), cc=cc)
    raise RuntimeError("iban")


def g_card(lang):
    pre = pick(["4" + d(5), "5" + pick("12345") + d(4), "2221" + d(2), "37" + d(4)])
    length = 15 if pre.startswith("37") else 16
    body = pre + d(length - len(pre) - 1)
    num = body + luhn.calc_check_digit(body)
    if length == 16:
        v = pick(
            [
                " ".join(num[i : i + 4] for i in range(0, 16, 4)),
                num,
                "-".join(num[i : i + 4] for i in range(0, 16, 4)),
            ]
        )
    else:
        v = f"{num[:4]} {num[4:10]} {num[10:]}"
    return dict(v=v, exp=f"{_n(1, 12):02d}/{_n(26, 31)}")


def g_clabe(lang):
    body = (
        pick(["002", "012", "014", "072", "021", "127"]) + "%03d" % _n(10, 999) + d(11)
    )
    w = [3, 7, 1] * 6
    s = sum((int(c) * w[i]) % 10 for i, c in enumerate(body))
    return dict(v=body + str((10 - s % 10) % 10))


def g_cbu(lang):
    m = importlib.import_module("stdnum.ar.cbu")
    for _ in range(200):
        b1, b2 = pick(["007", "011", "017", "072", "285"]) + d(4), d(13)
        for x, y in itertools.product(DIG, DIG):
            cand = b1 + x + b2 + y
            if m.is_valid(cand):
                return dict(v=pick([cand, f"{cand[:8]} {cand[8:]}"]))
    raise RuntimeError("cbu")


def g_cns(lang):
    while True:
        pis = pick("12") + d(10)
        soma = sum(int(pis[i]) * (15 - i) for i in range(11))
        dv = 11 - soma % 11
        if dv == 11:
            dv = 0
        if dv == 10:
            soma += 2
            dv = 11 - soma % 11
            v = pis + "001" + str(dv)
        else:
            v = pis + "000" + str(dv)
        if len(v) == 15 and sum(int(v[i]) * (15 - i) for i in range(15)) % 11 == 0:
            return dict(v=pick([v, f"{v[:3]} {v[3:7]} {v[7:11]} {v[11:]}"]))


def g_nss(lang):
    body = "%02d" % _n(1, 99) + "%02d" % _n(60, 99) + "%02d" % _n(50, 99) + d(4)
    return dict(v=body + luhn.calc_check_digit(body))


def g_abha(lang):
    return dict(v=f"91-{d(4)}-{d(4)}-{d(4)}")


def g_bpjs(lang):
    return dict(v="000" + d(10))


def g_philhealth(lang):
    return dict(v=f"{d(2)}-{d(9)}-{d(1)}")


def g_passport(lang):
    style = R.randint(0, 5)
    return dict(
        v=[
            pick(UP.replace("Q", "").replace("X", "")) + d(7),  # India
            rs(2, UP) + d(6),  # Brazil
            "A" + d(8),  # Nigeria
            "P" + d(7) + pick(UP),  # Philippines
            "E" + d(8),  # China
            pick(["AK", "AB", "AC"]) + d(7),
        ][style],  # Kenya-ish
        cty=["Indian", "Brazilian", "Nigerian", "Philippine", "Chinese", "Kenyan"][
            style
        ],
    )


def g_dl(lang):
    style = R.randint(0, 2)
    if style == 0:
        return dict(
            v=f"{pick(['MH', 'KA', 'DL', 'TN'])}{_n(1, 50):02d} {_n(1995, 2022)}{d(7)}",
            cty="Indian",
        )
    if style == 1:
        return dict(
            v=f"{pick('NDA')}{_n(1, 99):02d}-{_n(1, 24):02d}-{d(6)}", cty="LTO (PH)"
        )
    return dict(v=pick(UP) + d(7), cty="California")


def g_upi(lang):
    return dict(
        v=f"{pick(['priya.raman', 'rohanmehta', 'suresh.iyer', 'anita.s'])}{_n(1, 999)}@{pick(['okhdfcbank', 'oksbi', 'okicici', 'ybl', 'paytm'])}"
    )


PII_SIMPLE = {
    "phone_mobile": dict(gen=g_phone, tpls=PHONE_TPL),
    "personal_email": dict(gen=g_email, tpls=EMAIL_TPL),
    "date_of_birth": dict(gen=g_dob, tpls=DOB_TPL),
    "iban": dict(
        gen=g_iban,
        tpls=[
            ("iban_rent", "en", "Rent goes to the landlord's account {v} by the 5th"),
            ("iban_pt", "pt", "IBAN da conta do meu pai pra transferência: {v}"),
            ("iban_fr", "fr", "Mon RIB/IBAN pour le remboursement : {v}"),
            ("iban_ar", "ar", "رقم الآيبان الخاص بحسابي: {v}"),
            (
                "iban_chat",
                "en",
                "[{time}] {c1}: send my share of the trip to {v} (it's my personal account)",
            ),
        ],
    ),
    "payment_card": dict(
        gen=g_card,
        tpls=[
            ("card_note", "en", "Card for the Netflix account: {v} exp {exp}"),
            ("card_es", "es", "tarjeta de {rel}: {v}, vence {exp}"),
            ("card_chat", "en", "{c1}: use my card for the hotel deposit, {v}, {exp}"),
            (
                "card_json",
                "en",
                '{{"cardholder": "{name}", "pan": "{v}", "exp": "{exp}"}}',
            ),
        ],
    ),
    "mx_clabe": dict(
        gen=g_clabe,
        tpls=[
            ("clabe_es", "es", "Transferencia a {name}, CLABE {v} (BBVA)"),
            ("clabe_en", "en", "Mom's CLABE for the remittance: {v}"),
        ],
    ),
    "ar_cbu": dict(
        gen=g_cbu,
        tpls=[("cbu_es", "es", "Pasame la plata a mi CBU {v}, titular {name}")],
    ),
    "br_cns": dict(
        gen=g_cns,
        tpls=[
            ("cns_pt", "pt", "Cartão SUS da {rel_pt_f}: {v}"),
            ("cns_en", "en", "CNS (cartão SUS) for the vaccine booking: {v}"),
        ],
    ),
    "mx_nss": dict(
        gen=g_nss,
        tpls=[("nss_es", "es", "Número de seguridad social (IMSS) de {rel}: {v}")],
    ),
    "in_abha": dict(
        gen=g_abha, tpls=[("abha_en", "en", "ABHA health ID for {rel_en_noun}: {v}")]
    ),
    "id_bpjs": dict(
        gen=g_bpjs, tpls=[("bpjs_id", "id", "Nomor kartu BPJS Kesehatan {rel}: {v}")]
    ),
    "ph_philhealth": dict(
        gen=g_philhealth,
        tpls=[
            ("philhealth_tl", "tl", "PhilHealth number ni {rel}: {v}"),
            ("philhealth_en", "en", "PhilHealth PIN for the hospital admission: {v}"),
        ],
    ),
    "passport": dict(
        gen=g_passport,
        tpls=[
            ("pp_no", "en", "{cty} passport no. {v}, expires {exp_year} — {name}"),
            ("pp_rel", "en", "{rel_en_cap} passport: {v}"),
            ("pp_es", "es", "pasaporte de {rel}: {v}"),
            ("pp_zh", "zh", "{rel}的护照号：{v}"),
        ],
    ),
    "driving_licence": dict(
        gen=g_dl,
        tpls=[
            ("dl_en", "en", "{cty} driving licence no. {v} (for the car rental)"),
            (
                "dl_chat",
                "en",
                "{c1}: need your licence number for the fleet insurance\n{c2}: {v}",
            ),
        ],
    ),
    "upi_id": dict(
        gen=g_upi,
        tpls=[
            ("upi_en", "en", "send the money to my UPI {v}"),
            ("upi_hi", "hi", "{rel} का UPI ID: {v}"),
        ],
    ),
}

# ============================================================================= CLEAN kinds
AWS_DOC_AK, AWS_DOC_SK = (
    "AKIAIOSFODNN7EXAMPLE",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
)
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
PUBLIC_BIRTHS = [
    ("Chinua Achebe", (1930, 11, 16), "Ogidi"),
    ("Gabriel García Márquez", (1927, 3, 6), "Aracataca"),
    ("Frida Kahlo", (1907, 7, 6), "Coyoacán"),
    ("Nelson Mandela", (1918, 7, 18), "Mvezo"),
    ("Rabindranath Tagore", (1861, 5, 7), "Calcutta"),
    ("Pelé", (1940, 10, 23), "Três Corações"),
    ("Jorge Luis Borges", (1899, 8, 24), "Buenos Aires"),
    ("Wangari Maathai", (1940, 4, 1), "Ihithe"),
    ("Akira Kurosawa", (1910, 3, 23), "Tokyo"),
    ("José Rizal", (1861, 6, 19), "Calamba"),
    ("Naguib Mahfouz", (1911, 12, 11), "Cairo"),
    ("Pablo Neruda", (1904, 7, 12), "Parral"),
    ("Kofi Annan", (1938, 4, 8), "Kumasi"),
    ("Mahatma Gandhi", (1869, 10, 2), "Porbandar"),
    ("Simón Bolívar", (1783, 7, 24), "Caracas"),
    ("Miriam Makeba", (1932, 3, 4), "Johannesburg"),
    ("A. P. J. Abdul Kalam", (1931, 10, 15), "Rameswaram"),
]
LANDMARKS = [
    (
        "Museo Frida Kahlo",
        "Londres 247, Col. Del Carmen, Coyoacán, 04100 Ciudad de México",
    ),
    ("Teatro Colón", "Cerrito 628, C1010AAN Buenos Aires"),
    ("Tokyo Tower", "4-2-8 Shibakoen, Minato-ku, Tokyo 105-0011"),
    ("the Taj Mahal", "Dharmapuri, Forest Colony, Tajganj, Agra, Uttar Pradesh 282001"),
    ("the Egyptian Museum", "Tahrir Square, Ismailia, Cairo"),
    ("Union Buildings", "Government Avenue, Arcadia, Pretoria"),
]


def c_const(v, **kw):
    return lambda lang: dict(v=v, **kw)


def c_uuid(lang):
    return dict(v=uuid4())


def c_gitsha(lang):
    return dict(v=rs(40, HEX), short="")


def c_sha256(lang):
    return dict(
        v=rs(64, HEX),
        file=f"{pick(REPOS)}-{pick(['linux-amd64', 'darwin-arm64', 'src'])}.tar.gz",
    )


def c_digest(lang):
    return dict(v="sha256:" + rs(64, HEX))


def c_version(lang):
    return dict(
        v=pick(
            [
                f"v{_n(0, 9)}.{_n(0, 30)}.{_n(0, 40)}",
                f"{_n(1, 5)}.{_n(0, 20)}.{_n(0, 9)}-rc.{_n(1, 5)}",
                f"{_n(2019, 2025)}.{_n(1, 12)}.{_n(0, 9)}",
            ]
        )
    )


def c_order(lang):
    return dict(
        v=pick(
            [
                f"#{pick(['BR', 'MX', 'KE', 'IN'])}-{_n(2023, 2025)}-{d(7)}",
                f"ORD-{d(9)}",
                f"PO {d(6)}/{_n(2024, 2025)}",
                f"{d(3)}-{d(7)}-{d(7)}",
            ]
        )
    )


def c_part(lang):
    return dict(
        v=pick(
            [
                f"{d(4)}-{d(3)}-{d(2)}",
                f"SKU {rs(3, UP)}-{d(5)}",
                f"P/N {rs(2, UP)}{d(6)}{pick(UP)}",
            ]
        )
    )


def c_price(lang):
    return dict(
        v=pick(
            [
                f"R$ {_n(10, 9999)},{_n(0, 99):02d}",
                f"${_n(5, 3000)}.{_n(0, 99):02d}",
                f"KSh {_n(100, 99999):,}",
                f"₹{_n(100, 99999):,}",
                f"¥{_n(100, 99999):,}",
                f"MXN {_n(100, 20000):,}.00",
                f"₦{_n(1000, 900000):,}",
            ]
        )
    )


def c_temp(lang):
    return dict(
        v=pick([f"{_n(15, 28)}.{_n(0, 9)} °C", f"{_n(60, 90)}°F", f"-{_n(15, 25)} °C"])
    )


def c_ip(lang):
    return dict(v=f"10.{_n(0, 255)}.{_n(0, 255)}.{_n(2, 254)}")


def c_mac(lang):
    return dict(v=":".join(rs(2, HEX) for _ in range(6)))


def c_isbn(lang):
    body = "978" + d(9)
    v = body + ean.calc_check_digit(body)
    assert std_isbn.is_valid(v)
    return dict(v=pick([std_isbn.format(v), v]))


def c_pubssh(lang):
    _, pub = openssh_ed25519(f"{pick(USERS)}@{pick(['laptop', 'ci', 'bastion'])}")
    return dict(v=pub)


def c_pem_public(lang):
    k = ec.derive_private_key(R.getrandbits(250) + 1, ec.SECP256R1())
    return dict(v=pem_pub(k))


def c_cert(lang):
    cert = ed_cert(f"{pick(APPS)}.{pick(DOMAINS)}")
    return dict(v=cert.public_bytes(serialization.Encoding.PEM).decode().strip())


def c_fpr(lang):
    cert = ed_cert(f"{pick(APPS)}.{pick(DOMAINS)}")
    fp = cert.fingerprint(hashes.SHA256()).hex().upper()
    return dict(
        v=pick(
            [
                "SHA256:" + base64.b64encode(bytes.fromhex(fp)).decode().rstrip("="),
                ":".join(fp[i : i + 2] for i in range(0, len(fp), 2)),
            ]
        )
    )


def c_wg_pub(lang):
    return dict(v=g_wireguard(lang)["pub"])


def c_switch(lang):
    region = pick(
        {"pt": ["BR"], "es": ["MX", "CO", "ES"]}.get(
            lang, ["IN", "ZA", "GB", "US", "AU"]
        )
    )
    ex = phonenumbers.example_number_for_type(region, PNT.TOLL_FREE)
    nsn = str(ex.national_number)
    for _ in range(300):
        cand = nsn[: len(nsn) - 4] + d(4)
        num = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if (
            cand != nsn
            and phonenumbers.is_valid_number(num)
            and phonenumbers.number_type(num) == PNT.TOLL_FREE
        ):
            return dict(
                v=phonenumbers.format_number(
                    num, PNF.NATIONAL if R.random() < 0.6 else PNF.INTERNATIONAL
                )
            )
    return dict(v=phonenumbers.format_number(ex, PNF.NATIONAL))


def c_fict_phone(lang):
    return dict(v=f"+1 {pick(['202', '312', '415', '617'])}-555-01{_n(0, 99):02d}")


def c_noreply(lang):
    return dict(
        v=f"{pick(['no-reply', 'noreply', 'do-not-reply', 'notifications'])}@{pick(['', 'mail.', 'notify.'])}{pick(DOMAINS)}"
    )


def c_example_email(lang):
    return dict(
        v=f"{pick(['jane.doe', 'john.smith', 'user', 'alice', 'test.user'])}@{pick(['example.com', 'example.org', 'example.net'])}"
    )


def c_birth(lang):
    n, ymd, place = pick(PUBLIC_BIRTHS)
    return dict(v=fmt_date(dt.date(*ymd), lang), who=n, place=place)


def c_landmark(lang):
    n, a = pick(LANDMARKS)
    return dict(v=a, place=n)


def c_masked_card(lang):
    return dict(
        v=pick([f"**** **** **** {d(4)}", f"XXXX-XXXX-XXXX-{d(4)}", f"•••• {d(4)}"])
    )


def c_masked_id(lang):
    return dict(
        v=pick(
            [
                f"***.{d(3)}.{d(3)}-**",
                f"XXXX XXXX {d(4)}",
                f"*******{d(4)}",
                f"{rs(4, UP)}******{rs(2, UP)}**",
            ]
        )
    )


def c_coords(lang):
    return dict(v=f"{R.uniform(-35, 35):.5f}, {R.uniform(-80, 120):.5f}")


def c_tracking(lang):
    return dict(
        v=pick([f"1Z{rs(6, UP + DIG)}{d(10)}", f"{rs(2, UP)}{d(9)}BR", f"{d(12)}"])
    )


def c_date_event(lang):
    return dict(v=rand_date(2023, 2026).isoformat())


def c_pgpfpr(lang):
    return dict(v=" ".join(rs(4, HEX.upper()) for _ in range(10)))


def c_placeholder_pw(lang):
    return dict(
        v=pick(
            [
                "<your-password-here>",
                "<password>",
                "YOUR_PASSWORD",
                "<db-password>",
                "{{ password }}",
                "PASSWORD_GOES_HERE",
            ]
        )
    )


def c_env_ref(lang):
    return dict(
        v=pick(
            [
                "${POSTGRES_PASSWORD}",
                "${DB_PASS}",
                "$REDIS_PASSWORD",
                "${STRIPE_SECRET_KEY}",
                "%SMTP_PASSWORD%",
                "${env:API_TOKEN}",
            ]
        )
    )


def c_gha_ref(lang):
    return dict(
        v=pick(
            [
                "${{ secrets.AWS_SECRET_ACCESS_KEY }}",
                "${{ secrets.NPM_TOKEN }}",
                "${{ secrets.DOCKERHUB_TOKEN }}",
                "${{ secrets.SLACK_WEBHOOK_URL }}",
                "${{ secrets.KUBE_CONFIG }}",
            ]
        )
    )


def c_gitlab_ref(lang):
    return dict(
        v=pick(
            ["$CI_JOB_TOKEN", "$CI_REGISTRY_PASSWORD", "$DEPLOY_TOKEN", "$KUBE_TOKEN"]
        )
    )


def c_redacted(lang):
    return dict(
        v=pick(
            [
                "********",
                "[REDACTED]",
                "<redacted>",
                "***",
                "sk_live_****************",
                "ghp_************************************",
                "xxxxxxxxxxxx",
            ]
        )
    )


def c_changeme(lang):
    return dict(
        v=pick(
            [
                "changeme",
                "change-me",
                "admin/admin",
                "password123 (example only)",
                "secret",
            ]
        )
    )


def c_hash(lang):
    return dict(v=pick([rs(32, HEX), rs(40, HEX), rs(64, HEX)]))


def c_test_card(lang):
    return dict(
        v=pick(
            [
                "4242 4242 4242 4242",
                "4000 0000 0000 9995",
                "5555 5555 5555 4444",
                "4111 1111 1111 1111",
            ]
        )
    )


def c_sample_iban(lang):
    return dict(v=pick(["DE89 3704 0044 0532 0130 00", "GB29 NWBK 6016 1331 9268 19"]))


def c_ga(lang):
    return dict(
        v=pick(
            [f"G-{rs(10, UP + DIG)}", f"UA-{d(8)}-{_n(1, 9)}", f"GTM-{rs(7, UP + DIG)}"]
        )
    )


def c_pk_test(lang):
    return dict(v="pk_test_" + rs(99, AL))


def c_base64_config(lang):
    raw = json.dumps(
        {
            "theme": pick(["dark", "light"]),
            "lang": pick(LANGS),
            "beta": R.random() < 0.5,
        }
    ).encode()
    return dict(v=base64.b64encode(raw).decode())


CLEAN_KINDS = {
    "placeholder_password": (
        c_placeholder_pw,
        [
            (
                "c_ph_env",
                "en",
                "# .env.example\nDB_HOST=localhost\nDB_USER=app\nDB_PASSWORD={v}",
            ),
            (
                "c_ph_doc",
                "en",
                "Set `password: {v}` in config.yml, then run `{app} migrate`.",
            ),
            (
                "c_ph_es",
                "es",
                "En el README: reemplaza {v} por la contraseña real antes de levantar el contenedor.",
            ),
            (
                "c_ph_de",
                "de",
                "Im Template steht nur {v} – das echte Passwort kommt aus dem Vault.",
            ),
        ],
    ),
    "env_var_reference": (
        c_env_ref,
        [
            (
                "c_envref_compose",
                "en",
                "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {v}",
            ),
            (
                "c_envref_note",
                "en",
                "The {app} chart reads the password from {v}; nothing is hardcoded anymore.",
            ),
            (
                "c_envref_pt",
                "pt",
                "{c1}: a senha não fica no código, vem de {v} no runtime",
            ),
        ],
    ),
    "ci_secret_reference": (
        c_gha_ref,
        [
            (
                "c_gha_ref",
                "en",
                "- name: Deploy\n  run: ./deploy.sh\n  env:\n    TOKEN: {v}",
            ),
            (
                "c_gha_ref_chat",
                "en",
                "[{time}] {c1}: moved the token to repo secrets, the workflow now uses {v}",
            ),
            (
                "c_gha_ref_ja",
                "ja",
                "{c1}: トークンはリポジトリのSecretsに移しました。ワークフローでは {v} を参照しています",
            ),
        ],
    ),
    "gitlab_variable_reference": (
        c_gitlab_ref,
        [
            (
                "c_gl_ref",
                "en",
                "deploy:\n  script:\n    - docker login -u gitlab-ci-token -p {v} $CI_REGISTRY",
            ),
            (
                "c_gl_ref_es",
                "es",
                "{c1}: ya no hay token pegado en el .gitlab-ci.yml, usamos {v}",
            ),
        ],
    ),
    "k8s_secret_ref": (
        c_const("secretKeyRef"),
        [
            (
                "c_k8s_skr",
                "en",
                "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: {app}-db\n              key: password",
            ),
            (
                "c_k8s_skr_note",
                "en",
                "{c1}: switched the {app} deployment to secretKeyRef, the plaintext value is gone from the manifest",
            ),
            (
                "c_k8s_skr_ext",
                "en",
                "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: {app}-db\nspec:\n  target:\n    name: {app}-db\n  data:\n  - secretKey: password\n    remoteRef:\n      key: {env}/{app}/db  # resolved via secretKeyRef in the pod",
            ),
        ],
    ),
    "redacted_value": (
        c_redacted,
        [
            (
                "c_red_log",
                "en",
                "2025-03-02T10:14:55Z INFO connecting to {host} user={user} password={v}",
            ),
            (
                "c_red_chat",
                "en",
                "{c1}: the log line shows token={v} so the masking works",
            ),
            (
                "c_red_fr",
                "fr",
                "Dans le ticket, la clé apparaît comme {v}, donc rien n'a fuité.",
            ),
            (
                "c_red_yaml",
                "en",
                "stripe:\n  secret_key: {v}  # masked by the config dump",
            ),
        ],
    ),
    "default_credential_doc": (
        c_changeme,
        [
            (
                "c_default_doc",
                "en",
                'Docs: the default login of the appliance is admin with password "{v}"; you are forced to change it on first boot.',
            ),
            (
                "c_default_es",
                "es",
                'Según el manual, la contraseña por defecto es "{v}" y hay que cambiarla en el primer inicio.',
            ),
            (
                "c_default_id",
                "id",
                'Di dokumentasi, kata sandi default-nya "{v}" dan wajib diganti saat login pertama.',
            ),
        ],
    ),
    "aws_doc_example_key": (
        c_const(AWS_DOC_SK, ak=AWS_DOC_AK),
        [
            (
                "c_aws_doc",
                "en",
                "From the AWS CLI docs: aws_access_key_id = {ak}, aws_secret_access_key = {v} (example values)",
            ),
            (
                "c_aws_doc_test",
                "en",
                "moto test fixture uses the documented example key {v} — not a real credential",
            ),
            (
                "c_aws_doc_pt",
                "pt",
                "{c1}: isso aí é a chave de exemplo da documentação da AWS ({v}), pode ignorar o alerta",
            ),
        ],
    ),
    "jwt_io_example": (
        c_const(JWT_IO),
        [
            (
                "c_jwtio",
                "en",
                "The sample token from jwt.io ({v}) decodes to John Doe — use it in the parser unit test.",
            ),
            (
                "c_jwtio_ko",
                "ko",
                "{c1}: 테스트 픽스처에는 jwt.io 예제 토큰 {v} 을 썼어요",
            ),
        ],
    ),
    "ssh_public_key": (
        c_pubssh,
        [
            (
                "c_sshpub_auth",
                "en",
                "Add my public key to authorized_keys on the bastion:\n{v}",
            ),
            ("c_sshpub_gh", "en", "Deploy key (public half) registered on GitHub: {v}"),
            ("c_sshpub_es", "es", "Mi llave pública para el servidor: {v}"),
        ],
    ),
    "pem_public_key": (
        c_pem_public,
        [
            (
                "c_pempub",
                "en",
                "JWT verification public key for the {app} service:\n{v}",
            ),
            (
                "c_pempub_chat",
                "en",
                "{c1}: this is only the public key, safe to commit:\n{v}",
            ),
        ],
    ),
    "x509_certificate": (
        c_cert,
        [
            ("c_cert", "en", "CA bundle entry for the internal {env} cluster:\n{v}"),
            (
                "c_cert_k8s",
                "en",
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: trusted-ca\ndata:\n  ca.crt: |\n    {v_indented}",
            ),
        ],
    ),
    "cert_fingerprint": (
        c_fpr,
        [
            ("c_fpr", "en", "Pinned cert fingerprint for api.{dom}: {v}"),
            ("c_fpr_de", "de", "Fingerprint des Zertifikats: {v}"),
            (
                "c_fpr_ssh",
                "en",
                "The authenticity of host '{ip}' can't be established. ED25519 key fingerprint is {v}.",
            ),
        ],
    ),
    "wireguard_public_key": (
        c_wg_pub,
        [
            (
                "c_wg_pub",
                "en",
                "[Peer]\nPublicKey = {v}\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.{dom}:51820",
            ),
            (
                "c_wg_pub_chat",
                "en",
                "{c1}: my WireGuard public key is {v}, add me as a peer",
            ),
        ],
    ),
    "git_commit_sha": (
        c_gitsha,
        [
            ("c_git", "en", "Regression introduced in {v} (merge of PR #{n2})"),
            ("c_git_revert", "en", "git revert {v} --no-edit && git push origin main"),
            ("c_git_zh", "zh", "回滚到提交 {v} 之后问题解决了"),
        ],
    ),
    "file_checksum": (
        c_sha256,
        [
            ("c_sha_file", "en", "{v}  {file}"),
            ("c_sha_verify", "en", "Verified download: sha256 of {file} is {v}"),
        ],
    ),
    "image_digest": (
        c_digest,
        [
            (
                "c_digest_k8s",
                "en",
                "      containers:\n      - name: {app}\n        image: ghcr.io/{org}/{app}@{v}",
            ),
            ("c_digest_note", "en", "Pinned the base image to {v} after the CVE scan."),
        ],
    ),
    "uuid": (
        c_uuid,
        [
            ("c_uuid_req", "en", "Request failed, X-Request-Id: {v}"),
            ("c_uuid_trace", "en", "trace_id={v} span=checkout.submit duration=842ms"),
            ("c_uuid_es", "es", "El ID del pedido en el sistema es {v}"),
        ],
    ),
    "version_number": (
        c_version,
        [
            (
                "c_ver",
                "en",
                "Upgraded {app} to {v}, changelog mentions a fix for the memory leak",
            ),
            ("c_ver_pl", "pl", "Zaktualizowałem bibliotekę do wersji {v}"),
            ("c_ver_tr", "tr", "{app} servisi {v} sürümüne güncellendi"),
        ],
    ),
    "order_number": (
        c_order,
        [
            ("c_order", "en", "Order {v} shipped, arrives Thursday"),
            ("c_order_pt", "pt", "Pedido {v} foi entregue na portaria"),
            ("c_order_sw", "sw", "Oda namba {v} imefika"),
        ],
    ),
    "part_number": (
        c_part,
        [
            ("c_part", "en", "Replacement fan for the rack: {v}, qty 4"),
            ("c_part_ja", "ja", "交換部品の型番：{v}"),
        ],
    ),
    "price": (
        c_price,
        [
            ("c_price", "en", "The standing desk was {v} on sale"),
            ("c_price_hi", "hi", "नया फ़ोन {v} का पड़ा"),
            ("c_price_es", "es", "La cotización salió en {v} con IVA"),
        ],
    ),
    "temperature": (
        c_temp,
        [
            ("c_temp", "en", "Server room thermostat set to {v}"),
            ("c_temp_vi", "vi", "nhiệt độ phòng máy hôm nay {v}"),
            ("c_temp_th", "th", "อุณหภูมิห้องเซิร์ฟเวอร์ {v}"),
        ],
    ),
    "private_ip": (
        c_ip,
        [
            ("c_ip", "en", "{app} is reachable internally at {v}:8080"),
            ("c_ip_fr", "fr", "Le serveur de build est sur {v}"),
        ],
    ),
    "mac_address": (
        c_mac,
        [("c_mac", "en", "DHCP reservation for the printer, MAC {v}")],
    ),
    "isbn": (
        c_isbn,
        [
            ("c_isbn", "en", "Book club pick: ISBN {v}"),
            ("c_isbn_it", "it", "Il manuale del corso ha ISBN {v}"),
        ],
    ),
    "company_switchboard": (
        c_switch,
        [
            ("c_switch", "en", "Bank's customer service line: {v} (24h)"),
            ("c_switch_pt", "pt", "SAC da operadora: {v}"),
            (
                "c_switch_es",
                "es",
                "Línea de atención al cliente de la aseguradora: {v}",
            ),
        ],
    ),
    "fictional_phone": (
        c_fict_phone,
        [
            (
                "c_555",
                "en",
                "Docs example: call {v} to reach the demo hotline (555-01xx numbers are reserved for fiction)",
            )
        ],
    ),
    "noreply_email": (
        c_noreply,
        [
            (
                "c_noreply",
                "en",
                "Alerts come from {v}, whitelist it in the spam filter",
            ),
            ("c_noreply_id", "id", "Notifikasi dikirim dari {v}, jangan dibalas"),
        ],
    ),
    "example_domain_email": (
        c_example_email,
        [
            (
                "c_exmail",
                "en",
                'API docs: POST /users with {{"email": "{v}", "name": "Jane"}}',
            ),
            ("c_exmail_test", "en", "Unit test fixture user: {v}"),
        ],
    ),
    "public_figure_birth": (
        c_birth,
        [
            ("c_birth_en", "en", "Trivia night: {who} was born on {v} in {place}."),
            ("c_birth_es", "es", "Dato curioso: {who} nació el {v} en {place}."),
            ("c_birth_note", "en", "For the school essay — {who}, born {v}, {place}."),
        ],
    ),
    "public_landmark_address": (
        c_landmark,
        [
            ("c_landmark", "en", "Meet at {place}, {v}"),
            ("c_landmark_es", "es", "Visita guiada en {place} ({v}) el sábado"),
        ],
    ),
    "masked_card": (
        c_masked_card,
        [
            ("c_mcard", "en", "Charged to card {v} — receipt attached"),
            ("c_mcard_pt", "pt", "Compra aprovada no cartão final {v}"),
        ],
    ),
    "masked_id": (
        c_masked_id,
        [
            (
                "c_mid",
                "en",
                "The KYC screen only shows {v}, the full number is never stored",
            ),
            ("c_mid_pt", "pt", "No comprovante aparece o CPF mascarado {v}"),
        ],
    ),
    "geo_coordinates": (
        c_coords,
        [("c_geo", "en", "Warehouse pin for the drivers: {v}")],
    ),
    "tracking_number": (
        c_tracking,
        [
            ("c_track", "en", "Tracking number {v}, out for delivery"),
            ("c_track_pt", "pt", "Código de rastreio dos Correios: {v}"),
        ],
    ),
    "event_date": (
        c_date_event,
        [
            ("c_date", "en", "Sprint {n2} ends on {v}; demo the day after"),
            ("c_date_de", "de", "Go-live ist am {v}"),
        ],
    ),
    "pgp_fingerprint": (
        c_pgpfpr,
        [("c_pgp", "en", "Release signing key fingerprint (public): {v}")],
    ),
    "content_hash": (
        c_hash,
        [
            ("c_hash_cache", "en", "cache key for the build: {v}"),
            ("c_hash_etag", "en", 'ETag: "{v}"'),
        ],
    ),
    "stripe_test_card": (
        c_test_card,
        [
            (
                "c_testcard",
                "en",
                "Use the Stripe test card {v} with any future expiry and any CVC",
            ),
            (
                "c_testcard_es",
                "es",
                "Para probar el checkout usa la tarjeta de prueba {v}",
            ),
        ],
    ),
    "doc_example_iban": (
        c_sample_iban,
        [("c_iban_doc", "en", "Validator docs use the textbook example IBAN {v}")],
    ),
    "analytics_id": (
        c_ga,
        [("c_ga", "en", "Google Analytics measurement ID for the marketing site: {v}")],
    ),
    "stripe_publishable_test": (
        c_pk_test,
        [
            (
                "c_pktest",
                "en",
                "Frontend uses the publishable test key {v} (safe to expose in the browser)",
            )
        ],
    ),
    "base64_nonsecret": (
        c_base64_config,
        [("c_b64cfg", "en", "Feature flags cookie is just base64 JSON: {v}")],
    ),
}

# ============================================================================= assembly
EN_SHARE = 0.45
RELS_EN_NOUN = [
    "my mother",
    "my father",
    "my wife",
    "my husband",
    "my son",
    "my daughter",
    "my grandmother",
]
PT_FEM = ["minha mãe", "minha avó", "minha tia", "minha sogra", "minha irmã"]


def choose_template(tpls, native=None):
    langs = sorted({t[1] for t in tpls})
    r = R.random()
    if "en" in langs and r < EN_SHARE:
        lang = "en"
    elif native and native in langs and r < 0.95:
        lang = native
    else:
        others = [l for l in langs if l != "en"] or langs
        lang = pick(others)
    return pick([t for t in tpls if t[1] == lang])


def render(tpl, fields):
    tid, lang, fmt = tpl
    f = ctx(lang)
    f["rel"] = pick(REL[lang])
    f["rel_en_cap"] = pick(REL["en"]).capitalize()
    f["rel_en_noun"] = pick(RELS_EN_NOUN)
    f["rel_pt_f"] = pick(PT_FEM)
    f["name"] = pick(NAMES[lang])
    f["n2"] = str(R.randint(2, 250))
    f["exp_year"] = str(R.randint(2026, 2034))
    f.update(fields)
    if "v" in f:
        f["v_indented"] = f["v"].replace("\n", "\n    ")
    text = fmt.format_map(f)
    vkey = (
        "spaced"
        if "{spaced}" in fmt
        else "v_indented"
        if "{v_indented}" in fmt
        else "v"
    )
    return text, f[vkey]


def make_rows():
    rows, seen = [], set()

    def add(label, kind, tpl, fields):
        text, value = render(tpl, fields)
        if text in seen:
            return False
        assert value in text, (kind, tpl[0], value)
        seen.add(text)
        rows.append(
            {
                "text": text,
                "label": label,
                "kind": f"{kind}.{tpl[1]}",
                "template": tpl[0],
                "probe": NAME,
                "id": hashlib.sha256(text.encode()).hexdigest()[:16],
                "value": value,
            }
        )
        return True

    # ---------------- secrets: weighted cycle of kinds
    sk = list(SECRET_KINDS)
    weights = {k: 1 for k in sk}
    for k in ("password", "wifi_password"):
        weights[k] = 14
    for k in (
        "k8s_secret_b64",
        "k8s_sa_token",
        "postgres_url",
        "slack_webhook",
        "aws_secret_key",
        "docker_config_auth",
        "passphrase",
        "totp_seed",
        "jwt_bearer",
    ):
        weights[k] = 4
    for k in (
        "crypto_seed_phrase",
        "access_code",
        "recovery_codes",
        "gitlab_pat",
        "github_pat_classic",
        "azure_storage_key",
        "openssh_private_key",
    ):
        weights[k] = 3
    secret_count = 0
    cycle = [k for k in sk for _ in range(weights[k])]
    while secret_count < N_SECRET:
        R.shuffle(cycle)
        for kind in cycle:
            if secret_count >= N_SECRET:
                break
            spec = SECRET_KINDS[kind]
            tpls = list(spec["tpls"]) + (GENERIC_SECRET if spec["generic"] else [])
            for _ in range(20):
                tpl = choose_template(tpls)
                fields = dict(spec["gen"](tpl[1]))
                fields.setdefault("prov", spec["prov"])
                if add("secret", kind, tpl, fields):
                    secret_count += 1
                    break

    # ---------------- pii
    pii_kinds = []  # (kind, weight, producer) producer(lang)->fields ; templates ; native
    for kind, lab, native, gen, grp in ID_SPECS:
        w = 3 if grp in ("latam", "asia", "africa") else 1
        tpls = ID_NATIVE.get(kind, []) + GENERIC_ID
        pii_kinds.append(
            (
                kind,
                w,
                (lambda lang, gen=gen, lab=lab: dict(v=until(gen), lab=lab)),
                tpls,
                native,
            )
        )
    for kind, (gen, native) in ADDR.items():
        w = 1 if kind in ("address_us", "address_de") else 2
        pii_kinds.append(
            (kind, w, (lambda lang, gen=gen: dict(v=gen())), ADDR_TPL, native)
        )
    simple_w = {
        "phone_mobile": 14,
        "personal_email": 8,
        "date_of_birth": 12,
        "iban": 4,
        "payment_card": 4,
        "passport": 4,
        "driving_licence": 2,
    }
    for kind, spec in PII_SIMPLE.items():
        pii_kinds.append((kind, simple_w.get(kind, 1), spec["gen"], spec["tpls"], None))
    pii_count = 0
    cycle = [i for i, p in enumerate(pii_kinds) for _ in range(p[1])]
    while pii_count < N_PII:
        R.shuffle(cycle)
        for i in cycle:
            if pii_count >= N_PII:
                break
            kind, w, prod, tpls, native = pii_kinds[i]
            if kind.startswith("address_"):
                # address templates: English, the country's own language, or (rarely) another
                ok = [t for t in tpls if t[1] in ("en", native)] or tpls
                tpl = choose_template(ok if R.random() < 0.9 else tpls, native)
            else:
                tpl = choose_template(tpls, native)
            for _ in range(20):
                fields = prod(tpl[1])
                if add("pii", kind, tpl, fields):
                    pii_count += 1
                    break

    # ---------------- clean
    ck = list(CLEAN_KINDS)
    clean_count = 0
    while clean_count < N_CLEAN:
        R.shuffle(ck)
        for kind in ck:
            if clean_count >= N_CLEAN:
                break
            gen, tpls = CLEAN_KINDS[kind]
            for _ in range(20):
                tpl = choose_template(tpls)
                fields = gen(tpl[1])
                if add("clean", kind, tpl, fields):
                    clean_count += 1
                    break
    return rows


ID_MODULES = {
    "br_cpf": "br.cpf",
    "ar_cuit": "ar.cuit",
    "cl_rut": "cl.rut",
    "co_nit": "co.nit",
    "mx_curp": "mx.curp",
    "mx_rfc": "mx.rfc",
    "pe_dni": "pe.cui",
    "ec_cedula": "ec.ci",
    "do_cedula": "do.cedula",
    "cu_ni": "cu.ni",
    "ve_cedula": "ve.rif",
    "gt_nit": "gt.nit",
    "py_ruc": "py.ruc",
    "cr_cedula": "cr.cpf",
    "cn_ric": "cn.ric",
    "in_aadhaar": "in_.aadhaar",
    "in_pan": "in_.pan",
    "in_epic": "in_.epic",
    "id_nik": "id.nik",
    "kr_rrn": "kr.rrn",
    "jp_mynumber": "jp.in_",
    "my_nric": "my.nric",
    "pk_cnic": "pk.cnic",
    "th_pin": "th.pin",
    "vn_mst": "vn.mst",
    "il_idnr": "il.idnr",
    "tr_tckimlik": "tr.tckimlik",
    "za_idnr": "za.idnr",
    "ke_kra_pin": "ke.pin",
    "mu_nid": "mu.nid",
    "eg_tax": "eg.tn",
    "gh_tin": "gh.tin",
    "mz_nuit": "mz.nuit",
    "us_ssn": "us.ssn",
    "ca_sin": "ca.sin",
    "au_tfn": "au.tfn",
    "es_dni": "es.dni",
    "it_cf": "it.codicefiscale",
    "pl_pesel": "pl.pesel",
    "fr_nir": "fr.nir",
    "gb_nhs": "gb.nhs",
    "iban": "iban",
    "ar_cbu": "ar.cbu",
    "isbn": "isbn",
}


def validate(rows):
    """Every national ID / IBAN / card in the set passes its checksum (python-stdnum / luhn)."""
    for r in rows:
        kind = r["kind"].rsplit(".", 1)[0]
        v = r["value"]
        if kind in ID_MODULES:
            mod = importlib.import_module("stdnum." + ID_MODULES[kind])
            cv = (
                v.replace(" ", "").replace("-", "").replace(".", "")
                if kind in ("ve_cedula", "mu_nid")
                else v
            )
            assert mod.is_valid(cv), (kind, v)
        elif kind == "payment_card":
            assert luhn.is_valid(v.replace(" ", "").replace("-", "")), v
        elif kind == "phone_mobile":
            assert not v.startswith("+") or phonenumbers.is_valid_number(
                phonenumbers.parse(v)
            ), v


def main():
    rows = make_rows()
    validate(rows)
    R.shuffle(rows)
    texts = [r["text"] for r in rows]
    assert len(rows) == 600 and len(set(texts)) == 600, len(rows)
    c = Counter(r["label"] for r in rows)
    assert c == {"secret": N_SECRET, "pii": N_PII, "clean": N_CLEAN}, c
    for r in rows:
        assert r["value"] in r["text"]
    with OUT.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows -> {OUT}")
    print("labels:", dict(c))
    kinds = {}
    for r in rows:
        kinds.setdefault(r["label"], Counter())[r["kind"].rsplit(".", 1)[0]] += 1
    for lab in ("secret", "pii", "clean"):
        print(f"{lab}: {len(kinds[lab])} kinds:", dict(sorted(kinds[lab].items())))
    nat = [k for k in kinds["pii"] if k in {s[0] for s in ID_SPECS}]
    print("national-ID kinds:", len(nat))
    print("templates:", len({r["template"] for r in rows}))
    print(
        "languages:",
        dict(Counter(r["kind"].rsplit(".", 1)[1] for r in rows).most_common()),
    )


if __name__ == "__main__":
    main()
