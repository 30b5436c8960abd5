# ruff: noqa: E501, E731, E741, B905, F841, UP031 (templates are data, one string per line)
"""Labelled sensitivity set "tune20" (independent hand).

Emphasis: what an agent's memory legitimately stores that LOOKS sensitive but must be kept
untouched. Engineering notes and runbooks (hashes, digests, request/trace ids, UUIDs, ARNs,
resource ids, public keys, certificates, fingerprints, harmless base64 config, JWT headers,
placeholders, masked values, env var names, secret-store references, documentation example
values, versions, build numbers, long numbers in logs) and everyday life (order, booking,
tracking, ticket, flight and seat numbers, prices, measurements, dates, business phones and
public hotlines, business/landmark addresses, company registration and VAT numbers, ISBNs,
lab-device IMEIs, product serials), plus numbers written in many scripts. The secret and
pii rows are written into the SAME kinds of texts (a runbook with a real password, a booking
note with a passport number) so the difference is the value, not the setting.

Writes sensitivity_tune20.jsonl next to this script: 600 rows (160 secret, 160 pii,
280 clean). Deterministic: every random choice comes from one seeded Random; key material is
derived from seeded bytes (Ed25519 / EC), certificates are signed with Ed25519 (deterministic).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import string
import uuid
import zlib
from collections import Counter
from pathlib import Path
from random import Random

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.x509.oid import NameOID
from stdnum import iban as std_iban
from stdnum import isbn as std_isbn
from stdnum import luhn
from stdnum.at import uid as at_uid
from stdnum.at import vnr as at_vnr
from stdnum.be import nn as be_nn
from stdnum.br import cnpj as br_cnpj
from stdnum.br import cpf as br_cpf
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import uid as ch_uid
from stdnum.cl import rut as cl_rut
from stdnum.cn import ric as cn_ric
from stdnum.de import idnr as de_idnr
from stdnum.de import vat as de_vat
from stdnum.dk import cpr as dk_cpr
from stdnum.dk import cvr as dk_cvr
from stdnum.es import cif as es_cif
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fi import hetu as fi_hetu
from stdnum.fi import ytunnus as fi_ytunnus
from stdnum.fr import nir as fr_nir
from stdnum.fr import siren as fr_siren
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import vat as gb_vat
from stdnum.gr import amka as gr_amka
from stdnum.ie import pps as ie_pps
from stdnum.il import idnr as il_idnr
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import gstin as in_gstin
from stdnum.it import codicefiscale as it_cf
from stdnum.it import iva as it_iva
from stdnum.jp import cn as jp_cn
from stdnum.jp import in_ as jp_in
from stdnum.kr import brn as kr_brn
from stdnum.kr import rrn as kr_rrn
from stdnum.mx import curp as mx_curp
from stdnum.nl import bsn as nl_bsn
from stdnum.nl import btw as nl_btw
from stdnum.no import fodselsnummer as no_fnr
from stdnum.no import orgnr as no_orgnr
from stdnum.pl import nip as pl_nip
from stdnum.pl import pesel as pl_pesel
from stdnum.pt import nif as pt_nif
from stdnum.ro import cnp as ro_cnp
from stdnum.se import orgnr as se_orgnr
from stdnum.se import personnummer as se_pnr
from stdnum.tr import tckimlik as tr_tck
from stdnum.us import ein as us_ein
from stdnum.us import ssn as us_ssn
from stdnum.za import idnr as za_idnr

SET = "sensitivity_tune20"
PROBE = SET
HERE = Path(__file__).resolve().parent
R = Random(20_600_2020)

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
B62 = DG + UP + LO
B64 = UP + LO + DG + "+/"
B64U = UP + LO + DG + "-_"
HEX = "0123456789abcdef"


def rs(alpha: str, n: int) -> str:
    return "".join(R.choice(alpha) for _ in range(n))


def pick(seq):
    return R.choice(seq)


_CYCLES: dict = {}


def cidx(n: int, depth: int = 1) -> int:
    """cycle through 0..n-1 in a seeded shuffled order, one cycle per call site, so every
    wording of a generator is used before any repeats"""
    import sys

    f = sys._getframe(depth)
    key = (f.f_code.co_name, f.f_lineno, n)
    st = _CYCLES.get(key)
    if not st:
        st = list(range(n))
        R.shuffle(st)
        _CYCLES[key] = st
    return st.pop()


def cpick(seq):
    import sys

    f = sys._getframe(1)
    key = (f.f_code.co_name, f.f_lineno, len(seq))
    st = _CYCLES.get(key)
    if not st:
        st = list(range(len(seq)))
        R.shuffle(st)
        _CYCLES[key] = st
    return seq[st.pop()]


def digits(n: int, first_nonzero: bool = False) -> str:
    s = rs(DG, n)
    if first_nonzero and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def rand_date(y0: int, y1: int) -> dt.date:
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 28).toordinal()
    return dt.date.fromordinal(R.randint(start, end))


def until(make, ok, tries: int = 20000):
    for _ in range(tries):
        v = make()
        if ok(v):
            return v
    raise RuntimeError("could not generate a valid value")


SCRIPTS = {
    "ar": "٠١٢٣٤٥٦٧٨٩",
    "fa": "۰۱۲۳۴۵۶۷۸۹",
    "hi": "०१२३४५६७८९",
    "bn": "০১২৩৪৫৬৭৮৯",
    "th": "๐๑๒๓๔๕๖๗๘๙",
    "fw": "０１２３４５６７８９",
}


def to_script(s: str, sc: str) -> str:
    tbl = SCRIPTS[sc]
    return "".join(tbl[int(c)] if c in DG else c for c in s)


# ----------------------------------------------------------------------------------------
# names, places
# ----------------------------------------------------------------------------------------
FIRST = {
    "en": [
        "Emily",
        "James",
        "Olivia",
        "Noah",
        "Grace",
        "Liam",
        "Hannah",
        "Ethan",
        "Chloe",
        "Ryan",
    ],
    "de": [
        "Lena",
        "Jonas",
        "Marie",
        "Felix",
        "Anna",
        "Lukas",
        "Sophie",
        "Tobias",
        "Katrin",
        "Jürgen",
    ],
    "fr": [
        "Camille",
        "Louis",
        "Manon",
        "Hugo",
        "Léa",
        "Théo",
        "Chloé",
        "Mathieu",
        "Inès",
        "Julien",
    ],
    "es": [
        "Lucía",
        "Mateo",
        "Carmen",
        "Pablo",
        "Sofía",
        "Javier",
        "Elena",
        "Diego",
        "Marta",
        "Álvaro",
    ],
    "it": [
        "Giulia",
        "Marco",
        "Chiara",
        "Luca",
        "Francesca",
        "Matteo",
        "Sara",
        "Davide",
        "Elisa",
        "Paolo",
    ],
    "pt": [
        "Ana",
        "João",
        "Beatriz",
        "Pedro",
        "Mariana",
        "Rafael",
        "Larissa",
        "Gustavo",
        "Camila",
        "Thiago",
    ],
    "nl": [
        "Sanne",
        "Daan",
        "Fleur",
        "Bram",
        "Lotte",
        "Sem",
        "Eva",
        "Thijs",
        "Noor",
        "Ruben",
    ],
    "pl": [
        "Zofia",
        "Jakub",
        "Magdalena",
        "Kacper",
        "Agnieszka",
        "Piotr",
        "Natalia",
        "Tomasz",
    ],
    "sv": ["Elsa", "Oskar", "Maja", "Erik", "Ebba", "Axel", "Linnea", "Viktor"],
}
LAST = {
    "en": [
        "Walker",
        "Thompson",
        "Patel",
        "O'Brien",
        "Harris",
        "Nguyen",
        "Clarke",
        "Murphy",
        "Bennett",
        "Foster",
    ],
    "de": [
        "Schneider",
        "Becker",
        "Hoffmann",
        "Wagner",
        "Schäfer",
        "Krüger",
        "Vogel",
        "Lehmann",
        "Braun",
        "Zimmermann",
    ],
    "fr": [
        "Lefèvre",
        "Moreau",
        "Girard",
        "Fontaine",
        "Rousseau",
        "Blanchard",
        "Mercier",
        "Chevalier",
    ],
    "es": [
        "García",
        "Fernández",
        "López",
        "Martínez",
        "Sánchez",
        "Romero",
        "Navarro",
        "Torres",
    ],
    "it": [
        "Rossi",
        "Bianchi",
        "Esposito",
        "Romano",
        "Colombo",
        "Ricci",
        "Greco",
        "Marino",
    ],
    "pt": [
        "Silva",
        "Santos",
        "Oliveira",
        "Souza",
        "Pereira",
        "Costa",
        "Rodrigues",
        "Almeida",
    ],
    "nl": [
        "de Vries",
        "Jansen",
        "van Dijk",
        "Bakker",
        "Visser",
        "Smit",
        "Mulder",
        "de Boer",
    ],
    "pl": [
        "Kowalski",
        "Nowak",
        "Wiśniewska",
        "Wójcik",
        "Kamińska",
        "Lewandowski",
        "Zielińska",
    ],
    "sv": [
        "Lindqvist",
        "Johansson",
        "Karlsson",
        "Nilsson",
        "Eriksson",
        "Bergström",
        "Holm",
    ],
}


def person(lang: str = "en") -> str:
    l = lang if lang in FIRST else "en"
    return f"{pick(FIRST[l])} {pick(LAST[l])}"


def first(lang: str = "en") -> str:
    return pick(FIRST[lang if lang in FIRST else "en"])


HOSTS = [
    "db-prod-01.internal",
    "pg-main.eu-west-1.rds.amazonaws.com",
    "10.0.4.17",
    "mysql-replica-2.corp.local",
    "orders-db.cluster-c9xk2lq1w8ab.eu-central-1.rds.amazonaws.com",
    "postgres.staging.svc.cluster.local",
    "172.16.30.5",
    "billing-pg.prod.acme-internal.net",
]
SERVICES = [
    "checkout-api",
    "billing-worker",
    "search-indexer",
    "auth-gateway",
    "notif-svc",
    "ledger",
    "media-transcoder",
    "order-sync",
    "inventory",
    "payments-edge",
    "crm-bridge",
    "report-cron",
]
REGIONS = [
    "eu-west-1",
    "eu-central-1",
    "us-east-1",
    "us-west-2",
    "ap-southeast-2",
    "ap-northeast-1",
    "sa-east-1",
]


def aws_account() -> str:
    return digits(12, True)


def hexs(n: int) -> str:
    return rs(HEX, n)


def uuid4() -> str:
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


# ----------------------------------------------------------------------------------------
# secret value makers
# ----------------------------------------------------------------------------------------
def b62_encode(n: int, width: int) -> str:
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def gh_token(prefix: str = "ghp_") -> str:
    body = rs(B62, 30)
    return prefix + body + b62_encode(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def gh_fine() -> str:
    return "github_pat_11" + rs(UP + DG, 20) + "_" + rs(B62, 59)


def aws_key_id(prefix: str = "AKIA") -> str:
    return prefix + rs(UP + "234567", 16)


def aws_secret() -> str:
    return rs(UP + LO + DG + "/+", 40)


def slack_bot() -> str:
    return f"xoxb-{digits(12, True)}-{digits(13, True)}-{rs(B62, 24)}"


def slack_user() -> str:
    return f"xoxp-{digits(12, True)}-{digits(12, True)}-{digits(13, True)}-{hexs(32)}"


def slack_hook() -> str:
    return f"https://hooks.slack.com/services/T{rs(UP + DG, 8)}/B{rs(UP + DG, 10)}/{rs(B62, 24)}"


def discord_hook() -> str:
    return f"https://discord.com/api/webhooks/{digits(19, True)}/{rs(B64U, 68)}"


def stripe_live(kind: str = "sk") -> str:
    return f"{kind}_live_51{rs(B62, 14)}{rs(B62, 80)}"


def stripe_whsec() -> str:
    return "whsec_" + rs(B62, 32)


def openai_key() -> str:
    if R.random() < 0.5:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-proj-" + rs(B64U, 58) + "T3BlbkFJ" + rs(B64U, 58)


def anthropic_key() -> str:
    return "sk-ant-api03-" + rs(B64U, 93) + "AA"


def google_key() -> str:
    return "AIza" + rs(B64U, 35)


def sendgrid_key() -> str:
    return "SG." + rs(B64U, 22) + "." + rs(B64U, 43)


def npm_token() -> str:
    return "npm_" + rs(B62, 36)


def pypi_token() -> str:
    return "pypi-AgEIcHlwaS5vcmc" + rs(B64U, 130)


def telegram_token() -> str:
    return f"{digits(10, True)}:AA{rs(B64U, 33)}"


def vault_token() -> str:
    return "hvs.CAESI" + rs(B64U, 86)


def hf_token() -> str:
    return "hf_" + rs(UP + LO, 34)


def gitlab_token() -> str:
    return "glpat-" + rs(B64U, 20)


def azure_conn() -> tuple[str, str]:
    acct = cpick(
        ["stprodlogs", "acmeblobeu", "mediaingest01", "backupsweu", "crmexports"]
    )
    key = base64.b64encode(R.randbytes(64)).decode()
    return (
        f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net",
        key,
    )


def shopify_token() -> str:
    return "shpat_" + hexs(32)


def twilio_token() -> str:
    return hexs(32)


def dd_key() -> str:
    return hexs(32)


def cf_token() -> str:
    return rs(B64U, 40)


def b32(n: int) -> str:
    return rs(UP + "234567", n)


WORDS = [
    "apple",
    "river",
    "copper",
    "lantern",
    "violet",
    "tiger",
    "marble",
    "orbit",
    "falcon",
    "maple",
    "sunset",
    "harbor",
    "pepper",
    "glacier",
    "cobalt",
    "meadow",
    "ember",
    "saffron",
    "quartz",
    "willow",
    "Sonne",
    "Kaffee",
    "Wolke",
    "fresa",
    "luna",
    "mare",
    "gato",
    "Haus",
    "nuvola",
    "verano",
]


def password() -> str:
    style = R.randint(0, 6)
    if style == 0:
        return rs(B62 + "!#$%&*?@", R.randint(12, 20))
    if style == 1:
        w = pick(WORDS)
        return w.capitalize() + str(R.randint(1970, 2025)) + pick("!?#$.")
    if style == 2:
        return "-".join(pick(WORDS) for _ in range(3)) + "-" + digits(2)
    if style == 3:
        return (
            pick(WORDS)
            + pick("@#_")
            + pick(WORDS).capitalize()
            + digits(R.randint(2, 4))
        )
    if style == 4:
        return rs(B62, R.randint(16, 24))
    if style == 5:
        return (
            pick(
                [
                    "Fr33dom",
                    "Sp4rkl3",
                    "M0nkey",
                    "Dr4g0n",
                    "Pa55w",
                    "Winter",
                    "Schatz",
                    "Tesor0",
                ]
            )
            + rs(DG, 3)
            + pick("!$%&")
        )
    return rs(LO + DG, R.randint(10, 14))


def jwt_hs256(sub: str) -> tuple[str, str]:
    h = (
        base64.urlsafe_b64encode(
            json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode()
        )
        .rstrip(b"=")
        .decode()
    )
    iat = R.randint(1_717_000_000, 1_735_000_000)
    p = (
        base64.urlsafe_b64encode(
            json.dumps(
                {
                    "sub": sub,
                    "iat": iat,
                    "exp": iat + 3600 * R.choice([1, 8, 24, 720]),
                    "scope": pick(["admin", "read write", "orders:write", "svc"]),
                },
                separators=(",", ":"),
            ).encode()
        )
        .rstrip(b"=")
        .decode()
    )
    sig = (
        base64.urlsafe_b64encode(
            hmac.new(R.randbytes(32), f"{h}.{p}".encode(), hashlib.sha256).digest()
        )
        .rstrip(b"=")
        .decode()
    )
    return f"{h}.{p}.{sig}", h


def ec_private_pem() -> str:
    k = ec.derive_private_key(R.getrandbits(250) + 1, ec.SECP256R1())
    return (
        k.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
        .decode()
        .strip()
    )


def ed_private_pem() -> str:
    k = ed25519.Ed25519PrivateKey.from_private_bytes(R.randbytes(32))
    return (
        k.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        .decode()
        .strip()
    )


def ed_pub_openssh(comment: str) -> tuple[str, str]:
    k = ed25519.Ed25519PrivateKey.from_private_bytes(R.randbytes(32)).public_key()
    line = k.public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
    ).decode()
    blob = base64.b64decode(line.split()[1])
    fp = "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip(
        "="
    )
    return f"{line} {comment}", fp


def ec_pub_pem() -> str:
    k = ec.derive_private_key(R.getrandbits(250) + 1, ec.SECP256R1()).public_key()
    return (
        k.public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )


def cert_pem(cn: str) -> tuple[str, str]:
    key = ed25519.Ed25519PrivateKey.from_private_bytes(R.randbytes(32))
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Acme Internal CA"),
        ]
    )
    nb = dt.datetime(2025, R.randint(1, 12), R.randint(1, 28), tzinfo=dt.UTC)
    c = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(R.getrandbits(64) + 1)
        .not_valid_before(nb)
        .not_valid_after(nb + dt.timedelta(days=397))
        .sign(key, None)
    )
    fp = c.fingerprint(hashes.SHA256()).hex(":").upper()
    return c.public_bytes(serialization.Encoding.PEM).decode().strip(), fp


# ----------------------------------------------------------------------------------------
# personal value makers (valid check digits)
# ----------------------------------------------------------------------------------------
def mk_cpf() -> str:
    return br_cpf.format(until(lambda: digits(11), br_cpf.is_valid))


def mk_dni() -> str:
    n = digits(8)
    return n + es_dni.calc_check_digit(n)


def mk_nie() -> str:
    return until(lambda: pick("XYZ") + digits(7) + pick(UP), es_nie.is_valid)


CF_TOWNS = ["H501", "F205", "L219", "G273", "A662", "D612", "F839", "C351"]


def mk_cf() -> str:
    def make():
        cons = "".join(pick("BCDFGLMNPRSTVZ") for _ in range(6))
        d = rand_date(1950, 2004)
        day = d.day + (40 if R.random() < 0.5 else 0)
        body = (
            cons
            + str(d.year)[2:]
            + "ABCDEHLMPRST"[d.month - 1]
            + f"{day:02d}"
            + pick(CF_TOWNS)
        )
        return body + it_cf.calc_check_digit(body)

    return until(make, it_cf.is_valid)


def mk_nir() -> str:
    def make():
        d = rand_date(1950, 2004)
        body = (
            pick("12")
            + f"{d.year % 100:02d}{d.month:02d}"
            + f"{R.randint(1, 95):02d}"
            + f"{R.randint(1, 999):03d}"
            + f"{R.randint(1, 999):03d}"
        )
        return body + fr_nir.calc_check_digits(body)

    return until(make, fr_nir.is_valid)


def mk_bsn() -> str:
    return until(lambda: digits(9, True), nl_bsn.is_valid)


def mk_pnr() -> str:
    def make():
        d = rand_date(1945, 2005)
        return f"{d.year % 100:02d}{d.month:02d}{d.day:02d}-{digits(4)}"

    return until(make, se_pnr.is_valid)


def mk_fnr() -> str:
    def make():
        d = rand_date(1945, 1999)
        return f"{d.day:02d}{d.month:02d}{d.year % 100:02d}{R.randint(0, 499):03d}{digits(2)}"

    return until(make, no_fnr.is_valid)


def mk_hetu() -> str:
    def make():
        d = rand_date(1945, 2005)
        sep = "-" if d.year < 2000 else "A"
        return f"{d.day:02d}{d.month:02d}{d.year % 100:02d}{sep}{R.randint(2, 899):03d}"

    def full():
        b = make()
        return b + fi_hetu._calc_checksum(b[:6] + b[7:])

    return until(full, fi_hetu.is_valid)


def mk_cpr() -> str:
    def make():
        d = rand_date(1945, 1999)
        return f"{d.day:02d}{d.month:02d}{d.year % 100:02d}-{digits(4)}"

    return until(make, dk_cpr.is_valid)


def mk_pesel() -> str:
    def make():
        d = rand_date(1950, 2005)
        m = d.month + (20 if d.year >= 2000 else 0)
        return f"{d.year % 100:02d}{m:02d}{d.day:02d}{digits(5)}"

    return until(make, pl_pesel.is_valid)


CN_AREAS = [
    "110101",
    "310104",
    "440106",
    "510107",
    "330106",
    "420111",
    "320102",
    "370202",
]


def mk_ric() -> str:
    d = rand_date(1955, 2004)
    b = pick(CN_AREAS) + d.strftime("%Y%m%d") + digits(3)
    return b + cn_ric.calc_check_digit(b)


def mk_aadhaar() -> str:
    return until(lambda: pick("23456789") + digits(11), in_aadhaar.is_valid)


def mk_ssn() -> str:
    return until(
        lambda: (
            f"{R.randint(1, 899):03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}"
        ),
        lambda s: us_ssn.is_valid(s) and not s.startswith("666"),
    )


def mk_sin() -> str:
    return until(lambda: pick("1234567") + digits(8), ca_sin.is_valid)


def mk_za() -> str:
    def make():
        d = rand_date(1955, 2004)
        return d.strftime("%y%m%d") + digits(4) + pick("01") + "8" + digits(1)

    return until(make, za_idnr.is_valid)


def mk_rrn() -> str:
    def make():
        d = rand_date(1955, 1999)
        return d.strftime("%y%m%d") + "-" + pick("12") + digits(6)

    return until(make, kr_rrn.is_valid)


def mk_rut() -> str:
    n = str(R.randint(8_000_000, 24_999_999))
    return cl_rut.format(n + cl_rut.calc_check_digit(n))


def mk_tck() -> str:
    return until(lambda: digits(11, True), tr_tck.is_valid)


def mk_ilid() -> str:
    return until(lambda: digits(9, True), il_idnr.is_valid)


def mk_be_nn() -> str:
    def make():
        d = rand_date(1950, 1999)
        return (
            d.strftime("%y.%m.%d") + "-" + f"{R.randint(1, 997):03d}" + "." + digits(2)
        )

    return until(make, be_nn.is_valid)


def mk_cnp() -> str:
    def make():
        d = rand_date(1950, 1999)
        return pick("12") + d.strftime("%y%m%d") + f"{R.randint(1, 46):02d}" + digits(4)

    return until(make, ro_cnp.is_valid)


def mk_pt_nif() -> str:
    return until(lambda: pick("123") + digits(8), pt_nif.is_valid)


def mk_de_idnr() -> str:
    return until(lambda: digits(11, True), de_idnr.is_valid, 400000)


def mk_kvnr() -> str:
    letter = pick(UP)
    body = f"{UP.index(letter) + 1:02d}" + digits(8)
    s = 0
    for i, c in enumerate(body):
        p = int(c) * (1 if i % 2 == 0 else 2)
        s += p // 10 + p % 10
    return letter + body[2:] + str(s % 10)


def mk_nhs() -> str:
    return until(lambda: pick("4689") + digits(9), gb_nhs.is_valid)


def mk_ahv() -> str:
    return until(
        lambda: "756." + digits(4) + "." + digits(4) + "." + digits(2), ch_ssn.is_valid
    )


def mk_at_vnr() -> str:
    def make():
        d = rand_date(1950, 2000)
        return digits(3, True) + "X" + d.strftime("%d%m%y")

    def full():
        m = make()
        return m.replace("X", str(R.randint(0, 9)))

    return until(full, at_vnr.is_valid)


def mk_amka() -> str:
    def make():
        d = rand_date(1950, 2000)
        return d.strftime("%d%m%y") + digits(5)

    return until(make, gr_amka.is_valid)


def mk_pps() -> str:
    return until(lambda: digits(7) + pick(UP[:23]), ie_pps.is_valid)


def mk_jp_mynum() -> str:
    b = digits(11, True)
    return jp_in.format(b + jp_in.calc_check_digit(b))


def mk_curp() -> str:
    def make():
        d = rand_date(1955, 1999)
        return (
            pick("BCGHLMPRS")
            + pick("AEIOU")
            + rs("ABCDEGHLMNPRSTV", 2)
            + d.strftime("%y%m%d")
            + pick("HM")
            + pick(["DF", "JC", "NL", "PL", "GT", "VZ", "YN"])
            + rs("BCDFGHLMNPRSTVZ", 3)
            + "0"
            + digits(1)
        )

    return until(make, mx_curp.is_valid)


def mk_pan() -> str:
    return rs(UP, 3) + "P" + pick(UP) + digits(4) + pick(UP)


def mk_passport(cc: str) -> str:
    if cc == "DE":
        return pick("CFGHJK") + rs("CFGHJKLMNPRTVWXYZ" + DG, 8)
    if cc == "US":
        return pick("5A") + digits(8)
    if cc == "GB":
        return digits(9, True)
    if cc == "FR":
        return digits(2) + rs(UP, 2) + digits(5)
    if cc == "IN":
        return pick(UP) + digits(7, True)
    if cc == "IT":
        return rs(UP, 2) + digits(7)
    if cc == "ES":
        return rs(UP, 3) + digits(6)
    if cc == "BR":
        return rs(UP, 2) + digits(6)
    if cc == "CN":
        return "E" + digits(8)
    if cc == "JP":
        return rs(UP, 2) + digits(7)
    if cc == "NL":
        return rs(UP, 2) + rs(UP + DG, 6) + digits(1)
    return rs(UP, 2) + digits(7)


def mk_card(brand: str = "") -> str:
    brand = brand or pick(["visa", "mc", "amex", "visa", "mc"])
    if brand == "amex":
        b = cpick(["34", "37"]) + digits(12)
        n = b + luhn.calc_check_digit(b)
        return f"{n[:4]} {n[4:10]} {n[10:]}"
    pre = (
        "4" + digits(5)
        if brand == "visa"
        else pick(["51", "52", "53", "54", "55"]) + digits(4)
    )
    b = pre + digits(9)
    n = b + luhn.calc_check_digit(b)
    if n in ("4242424242424242", "4111111111111111", "5555555555554444"):
        return mk_card(brand)
    return " ".join(n[i : i + 4] for i in range(0, 16, 4)) if R.random() < 0.7 else n


def mk_iban(cc: str) -> str:
    lens = {
        "DE": (DG, 18),
        "NL": None,
        "FR": (DG, 23),
        "ES": (DG, 20),
        "IT": None,
        "GB": None,
        "PL": (DG, 24),
        "AT": (DG, 16),
        "BE": (DG, 12),
        "PT": (DG, 21),
        "SE": (DG, 20),
        "CH": (DG, 17),
        "IE": None,
    }

    def make():
        if cc == "NL":
            bban = cpick(["ABNA", "RABO", "INGB", "SNSB", "TRIO"]) + digits(10)
        elif cc == "IT":
            bban = pick(UP) + digits(10) + digits(12)
        elif cc == "GB":
            bban = cpick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + digits(14)
        elif cc == "IE":
            bban = cpick(["AIBK", "BOFI"]) + digits(14)
        else:
            alpha, n = lens[cc]
            bban = rs(alpha, n)
        raw = bban + cc + "00"
        num = int("".join(str(int(c, 36)) for c in raw))
        chk = f"{98 - num % 97:02d}"
        return cc + chk + bban

    v = until(make, std_iban.is_valid, 100000)
    return std_iban.format(v) if R.random() < 0.65 else v


MOBILE = {
    "DE": lambda: (
        "+49 1"
        + pick(["51", "52", "57", "60", "70", "71", "76"])
        + " "
        + digits(8, True)
    ),
    "GB": lambda: "+44 7" + pick(["700", "911", "812", "400", "533"]) + " " + digits(6),
    "FR": lambda: "+33 " + pick("67") + " " + " ".join(digits(2) for _ in range(4)),
    "ES": lambda: "+34 6" + digits(2) + " " + digits(3) + " " + digits(3),
    "IT": lambda: (
        "+39 3" + pick(["20", "33", "38", "47", "49"]) + " " + digits(7, True)
    ),
    "US": lambda: (
        "+1 "
        + pick(["415", "212", "646", "312", "617", "512", "206"])
        + "-"
        + pick("23456789")
        + digits(2)
        + "-"
        + digits(4)
    ),
    "BR": lambda: (
        "+55 " + pick(["11", "21", "31", "41"]) + " 9" + digits(4) + "-" + digits(4)
    ),
    "NL": lambda: "+31 6 " + digits(8, True),
    "PL": lambda: (
        "+48 "
        + pick(["501", "602", "691", "733", "880"])
        + " "
        + digits(3)
        + " "
        + digits(3)
    ),
    "SE": lambda: (
        "+46 7" + pick("0236") + "-" + digits(3) + " " + digits(2) + " " + digits(2)
    ),
    "IN": lambda: "+91 " + pick("98765") + digits(4) + " " + digits(5),
    "JP": lambda: (
        "+81 " + pick(["90", "80", "70"]) + "-" + digits(4, True) + "-" + digits(4)
    ),
    "MX": lambda: "+52 55 " + digits(4) + " " + digits(4),
    "TR": lambda: (
        "+90 5"
        + pick(["32", "33", "42", "44", "05"])
        + " "
        + digits(3)
        + " "
        + digits(2)
        + " "
        + digits(2)
    ),
}


def mk_mobile(cc: str) -> str:
    def ok(s):
        try:
            n = phonenumbers.parse(s, None)
        except phonenumbers.NumberParseException:
            return False
        return phonenumbers.is_valid_number(n)

    return until(MOBILE[cc], ok)


def valid_phone(s: str, region: str | None = None) -> bool:
    try:
        return phonenumbers.is_valid_number(phonenumbers.parse(s, region))
    except phonenumbers.NumberParseException:
        return False


MAIL_DOMAINS = [
    "gmail.com",
    "outlook.com",
    "web.de",
    "gmx.de",
    "yahoo.fr",
    "hotmail.com",
    "icloud.com",
    "proton.me",
    "libero.it",
    "orange.fr",
    "wp.pl",
    "uol.com.br",
]


def strip_accents(s: str) -> str:
    import unicodedata

    return "".join(
        c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)
    )


def mk_email(name: str) -> str:
    f, l = name.split(" ", 1)
    f = strip_accents(f).lower()
    l = strip_accents(l).lower().replace(" ", "").replace("'", "")
    form = R.randint(0, 4)
    local = [
        f"{f}.{l}",
        f"{f}{l[0]}{R.randint(70, 99)}",
        f"{f[0]}{l}",
        f"{f}_{l}{R.randint(1, 9)}",
        f"{l}.{f}",
    ][form]
    return f"{local}@{pick(MAIL_DOMAINS)}"


HOME = {
    "de": lambda: (
        f"{pick(['Lindenstraße', 'Am Mühlbach', 'Goethestr.', 'Birkenweg', 'Hauptstraße', 'Kastanienallee'])} {R.randint(1, 88)}{pick(['', '', 'a', 'b'])}, {pick(['80469 München', '50667 Köln', '10437 Berlin', '22767 Hamburg', '04109 Leipzig', '70178 Stuttgart'])}"
    ),
    "en": lambda: (
        f"{R.randint(2, 2400)} {pick(['Maple Ave', 'Oak Street', 'Ridgewood Dr', 'Linden Ct', 'Sycamore Ln', 'Beacon St'])}, {pick(['Apt 4B, ', '', 'Unit 12, ', ''])}{pick(['Portland, OR 97214', 'Austin, TX 78704', 'Somerville, MA 02144', 'Columbus, OH 43215', 'Denver, CO 80206'])}"
    ),
    "uk": lambda: (
        f"{R.randint(1, 140)} {pick(['Mill Lane', 'Church Road', 'Victoria Terrace', 'Elm Grove', 'Station Road'])}, {pick(['Leeds LS6 2QT', 'Bristol BS3 4EE', 'Manchester M20 6RN', 'Brighton BN2 1HG', 'Norwich NR2 3AB'])}"
    ),
    "fr": lambda: (
        f"{R.randint(1, 90)} {pick(['rue des Lilas', 'avenue Jean-Jaurès', 'rue Victor Hugo', 'impasse des Tilleuls', 'boulevard Voltaire'])}, {pick(['69003 Lyon', '75011 Paris', '33000 Bordeaux', '31000 Toulouse', '44000 Nantes'])}"
    ),
    "es": lambda: (
        f"Calle {pick(['de Alcalá', 'Mayor', 'del Pez', 'Sol', 'Goya', 'Velázquez'])} {R.randint(1, 120)}, {R.randint(1, 8)}º {pick('ABCD')}, {pick(['28014 Madrid', '08012 Barcelona', '46001 Valencia', '41003 Sevilla'])}"
    ),
    "it": lambda: (
        f"Via {pick(['Roma', 'Garibaldi', 'dei Mille', 'Mazzini', 'San Donato'])} {R.randint(1, 140)}, {pick(['20121 Milano', '00185 Roma', '40126 Bologna', '10128 Torino', '80134 Napoli'])}"
    ),
    "nl": lambda: (
        f"{pick(['Prinsengracht', 'Kastanjelaan', 'Dorpsstraat', 'Vondelstraat', 'Molenweg'])} {R.randint(1, 300)}{pick(['', '-II', 'A', ''])}, {pick(['1015 DV Amsterdam', '3512 JE Utrecht', '2611 HT Delft', '9711 LM Groningen'])}"
    ),
    "pt": lambda: (
        f"Rua {pick(['das Flores', 'Augusta', 'XV de Novembro', 'dos Andradas', 'Oscar Freire'])}, {R.randint(10, 2400)}, apto {R.randint(11, 154)}, {pick(['São Paulo - SP, 01310-100', 'Porto Alegre - RS, 90010-150', 'Belo Horizonte - MG, 30130-010', 'Curitiba - PR, 80020-000'])}"
    ),
    "pl": lambda: (
        f"ul. {pick(['Długa', 'Słoneczna', 'Mickiewicza', 'Lipowa', 'Polna'])} {R.randint(1, 80)}/{R.randint(1, 40)}, {pick(['00-238 Warszawa', '31-042 Kraków', '80-831 Gdańsk', '50-107 Wrocław'])}"
    ),
    "sv": lambda: (
        f"{pick(['Storgatan', 'Björkvägen', 'Kungsgatan', 'Södra Vägen', 'Tallstigen'])} {R.randint(1, 60)}, {pick(['113 46 Stockholm', '411 38 Göteborg', '211 22 Malmö', '753 20 Uppsala'])}"
    ),
}


# ----------------------------------------------------------------------------------------
# generators: each returns (text, value, kind, template)
# ----------------------------------------------------------------------------------------
SECRET_GENS: list = []
PII_GENS: list = []
CLEAN_GENS: list = []


def gen(bucket: list, weight: int = 1):
    def deco(f):
        bucket.append((f, weight))
        return f

    return deco


def choose(options: list):
    """options: list of (template_suffix, lang, callable->text). returns (suffix, lang, text)"""
    i = cidx(len(options), depth=2)
    suf, lang, fn = options[i]
    return suf, lang, fn()


def ts() -> str:
    d = rand_date(2024, 2025)
    return f"{d.isoformat()}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}.{R.randint(0, 999):03d}Z"


def short_date(lang: str = "en") -> str:
    d = rand_date(2024, 2026)
    if lang in ("de", "pl", "ru", "nl", "tr"):
        return d.strftime("%d.%m.%Y")
    if lang in ("fr", "es", "it", "pt"):
        return d.strftime("%d/%m/%Y")
    return d.strftime(pick(["%b %d", "%Y-%m-%d", "%d %b %Y"]))


# ======================================== SECRET ========================================
@gen(SECRET_GENS, 3)
def s_runbook_db_password():
    pw = password()
    host = pick(HOSTS)
    user = cpick(
        ["app_rw", "postgres", "svc_billing", "admin", "replicator", "etl_user"]
    )
    svc = pick(SERVICES)
    opts = [
        (
            "md",
            "en",
            lambda: (
                f"## Runbook: {svc} failover\n1. Promote replica in console\n2. psql -h {host} -U {user} -W  (password: {pw})\n3. Check `select pg_is_in_recovery();` returns f"
            ),
        ),
        (
            "note",
            "en",
            lambda: (
                f"note to self — {svc} db creds if vault is down again: {user} / {pw} on {host}"
            ),
        ),
        (
            "de",
            "de",
            lambda: (
                f"Notfallzugang {svc}-DB: User {user}, Passwort {pw} (Host {host}). Bitte nach dem Incident rotieren!"
            ),
        ),
        (
            "es",
            "es",
            lambda: (
                f"Runbook {svc}: si falla el pool, entrar con {user} y la contraseña {pw} en {host} y reiniciar pgbouncer"
            ),
        ),
        (
            "ja",
            "ja",
            lambda: (
                f"{svc}の障害対応メモ：DBユーザー {user}、パスワード {pw}（ホスト {host}）。作業後に必ずローテーション。"
            ),
        ),
        (
            "pt",
            "pt",
            lambda: (
                f"Acesso emergencial ao banco do {svc}: usuário {user}, senha {pw} — host {host}"
            ),
        ),
    ]
    suf, lang, text = choose(opts)
    return text, pw, f"db_password.{lang}", f"s.runbook_db.{suf}"


@gen(SECRET_GENS, 3)
def s_conn_string():
    pw = password().replace("@", "#").replace("/", "_").replace(":", "!")
    user = cpick(["app", "orders", "analytics_ro", "django", "root", "grafana"])
    host = pick(HOSTS)
    db = cpick(["orders", "app_prod", "crm", "metrics", "ledger"])
    kind, url = cpick(
        [
            ("postgres_uri", f"postgresql://{user}:{pw}@{host}:5432/{db}"),
            ("mysql_uri", f"mysql://{user}:{pw}@{host}:3306/{db}"),
            (
                "mongodb_uri",
                f"mongodb+srv://{user}:{pw}@cluster0.{rs(LO + DG, 5)}.mongodb.net/{db}?retryWrites=true&w=majority",
            ),
            ("redis_uri", f"redis://default:{pw}@{host}:6379/0"),
            (
                "amqp_uri",
                f"amqps://{user}:{pw}@{pick(['rabbit.internal', 'mq.prod.acme.io'])}:5671/{db}",
            ),
        ]
    )
    opts = [
        ("env", "en", lambda: f"DATABASE_URL={url}"),
        (
            "compose",
            "en",
            lambda: (
                f"services:\n  {pick(SERVICES)}:\n    image: ghcr.io/acme/{pick(SERVICES)}:{R.randint(1, 9)}.{R.randint(0, 30)}.{R.randint(0, 9)}\n    environment:\n      - DB_URL={url}"
            ),
        ),
        (
            "incident",
            "en",
            lambda: (
                f"INC-{R.randint(1000, 9999)} timeline {ts()[11:16]}: worker crashlooped, logged its own DSN: {url} — rotate!"
            ),
        ),
        (
            "agentmem",
            "en",
            lambda: f"User asked me to remember the staging DB connection: {url}",
        ),
        ("fr", "fr", lambda: f"Chaîne de connexion prod (à ne pas commiter) : {url}"),
        (
            "pl",
            "pl",
            lambda: f"Połączenie do bazy na produkcji: {url} — nie wrzucać do repo",
        ),
    ]
    suf, lang, text = choose(opts)
    return text, url, f"{kind}.{lang}", f"s.conn.{suf}"


@gen(SECRET_GENS, 3)
def s_aws_keys():
    kid, sec = aws_key_id(), aws_secret()
    prof = cpick(["default", "prod-admin", "deploy", "data-eng"])
    opts = [
        (
            "creds",
            "en",
            lambda: (
                f"[{prof}]\naws_access_key_id = {kid}\naws_secret_access_key = {sec}\nregion = {pick(REGIONS)}"
            ),
            sec,
        ),
        (
            "export",
            "en",
            lambda: (
                f"export AWS_ACCESS_KEY_ID={kid}\nexport AWS_SECRET_ACCESS_KEY={sec}\naws s3 ls s3://{pick(['acme-backups', 'prod-logs-archive', 'ml-datasets-eu'])}/"
            ),
            sec,
        ),
        (
            "chat",
            "en",
            lambda: (
                f"here's the CI user for the nightly export, key {kid} secret {sec}, it only has s3:PutObject"
            ),
            sec,
        ),
        (
            "de",
            "de",
            lambda: (
                f"Zugang für den Backup-Job: Access Key {kid}, Secret {sec} – bitte in den Tresor übernehmen"
            ),
            sec,
        ),
        (
            "zh",
            "zh",
            lambda: f"备份任务用的 AWS 凭证：AccessKeyId {kid}，SecretAccessKey {sec}",
            sec,
        ),
        ("keyonly", "en", lambda: f"aws_secret_access_key={sec}", sec),
    ]
    i = cidx(len(opts))
    suf, lang, fn, val = opts[i]
    text = fn()
    return text, val, f"aws_secret_key.{lang}", f"s.aws.{suf}"


@gen(SECRET_GENS, 4)
def s_vcs_tokens():
    kind, tok = cpick(
        [
            ("github_pat", gh_token("ghp_")),
            ("github_pat", gh_fine()),
            ("github_oauth", gh_token("gho_")),
            ("gitlab_pat", gitlab_token()),
            ("npm_token", npm_token()),
            ("pypi_token", pypi_token()),
        ]
    )
    specific = {
        "github_pat": [
            (
                "remote",
                "en",
                lambda: (
                    f"git remote set-url origin https://{tok}@github.com/acme/{pick(SERVICES)}.git"
                ),
            ),
            ("gh", "en", lambda: f"echo {tok} | gh auth login --with-token"),
        ],
        "github_oauth": [
            (
                "remote",
                "en",
                lambda: (
                    f"git clone https://x-access-token:{tok}@github.com/acme/{pick(SERVICES)}.git"
                ),
            )
        ],
        "gitlab_pat": [
            (
                "glremote",
                "en",
                lambda: (
                    f"git clone https://oauth2:{tok}@gitlab.com/acme/{pick(SERVICES)}.git"
                ),
            )
        ],
        "npm_token": [
            ("npmrc", "en", lambda: f"//registry.npmjs.org/:_authToken={tok}")
        ],
        "pypi_token": [
            (
                "pypirc",
                "en",
                lambda: f"[pypi]\n  username = __token__\n  password = {tok}",
            )
        ],
    }[kind]
    generic = [
        (
            "chat",
            "en",
            lambda: f"token for the release bot is {tok}, expires in 90 days",
        ),
        (
            "ci",
            "en",
            lambda: (
                f"[release] publishing with TOKEN={tok} ... done ({R.randint(3, 59)}s)"
            ),
        ),
        (
            "it",
            "it",
            lambda: (
                f"Token per il deploy automatico: {tok} (scade a {pick(['marzo', 'giugno', 'dicembre'])})"
            ),
        ),
        ("ko", "ko", lambda: f"배포 봇 토큰: {tok} 만료되면 새로 발급"),
        ("nl", "nl", lambda: f"Mijn persoonlijke token voor de registry: {tok}"),
    ]
    suf, lang, text = choose(specific * 2 + generic)
    return text, tok, f"{kind}.{lang}", f"s.vcs.{suf}"


API_URL = {
    "stripe_secret": "https://api.stripe.com/v1/charges?limit=3",
    "stripe_restricted": "https://api.stripe.com/v1/customers",
    "openai_key": "https://api.openai.com/v1/models",
    "anthropic_key": "https://api.anthropic.com/v1/models",
    "sendgrid_key": "https://api.sendgrid.com/v3/scopes",
    "hf_token": "https://huggingface.co/api/whoami-v2",
    "cloudflare_token": "https://api.cloudflare.com/client/v4/user/tokens/verify",
    "heroku_api_key": "https://api.heroku.com/apps",
}


@gen(SECRET_GENS, 6)
def s_saas_api_keys():
    kind, key, var = cpick(
        [
            ("stripe_secret", stripe_live("sk"), "STRIPE_SECRET_KEY"),
            ("stripe_restricted", stripe_live("rk"), "STRIPE_RK"),
            ("stripe_webhook_secret", stripe_whsec(), "STRIPE_WEBHOOK_SECRET"),
            ("openai_key", openai_key(), "OPENAI_API_KEY"),
            ("anthropic_key", anthropic_key(), "ANTHROPIC_API_KEY"),
            ("google_api_key", google_key(), "GOOGLE_MAPS_KEY"),
            ("sendgrid_key", sendgrid_key(), "SENDGRID_API_KEY"),
            ("hf_token", hf_token(), "HF_TOKEN"),
            ("shopify_token", shopify_token(), "SHOPIFY_ADMIN_TOKEN"),
            ("datadog_api_key", dd_key(), "DD_API_KEY"),
            ("twilio_auth_token", twilio_token(), "TWILIO_AUTH_TOKEN"),
            ("cloudflare_token", cf_token(), "CF_API_TOKEN"),
            ("heroku_api_key", uuid4(), "HEROKU_API_KEY"),
        ]
    )
    opts = [
        ("env", "en", lambda: f"{var}={key}"),
        (
            "envq",
            "en",
            lambda: (
                f'# .env.production\nNODE_ENV=production\nPORT={pick(["3000", "8080", "8000"])}\n{var}="{key}"'
            ),
        ),
        (
            "prose",
            "en",
            lambda: f"new {var.split('_')[0].lower()} key after the rotation: {key}",
        ),
        (
            "curl",
            "en",
            lambda: (
                f'curl -s {API_URL.get(kind, "https://api.acme.io/v1/ping")} -H "Authorization: Bearer {key}"'
            ),
        ),
        (
            "de",
            "de",
            lambda: f"Hab den {var} neu gesetzt: {key} – alter ist widerrufen",
        ),
        ("fr", "fr", lambda: f"Clé API prod ({var}) : {key}"),
        ("ru", "ru", lambda: f"Ключ для продакшена {var}: {key}, не свети в логах"),
        ("tr", "tr", lambda: f"Canlı ortam anahtarı {var} = {key}"),
    ]
    suf, lang, text = choose(opts)
    return text, key, f"{kind}.{lang}", f"s.saas.{suf}"


@gen(SECRET_GENS, 2)
def s_webhooks():
    kind, url = cpick(
        [
            ("slack_webhook", slack_hook()),
            ("discord_webhook", discord_hook()),
            (
                "teams_webhook",
                f"https://acme.webhook.office.com/webhookb2/{uuid4()}@{uuid4()}/IncomingWebhook/{hexs(32)}/{uuid4()}/V2{rs(B62, 43)}",
            ),
        ]
    )
    opts = [
        (
            "alert",
            "en",
            lambda: (
                f"alertmanager receiver '{pick(['oncall', 'payments-alerts', 'infra'])}' posts to {url}"
            ),
        ),
        (
            "yaml",
            "en",
            lambda: (
                f"receivers:\n- name: team-{pick(['sre', 'data', 'web'])}\n  slack_configs:\n  - api_url: {url}\n    channel: '#alerts'"
            ),
        ),
        ("es", "es", lambda: f"Webhook del canal de alertas: {url}"),
        (
            "sv",
            "sv",
            lambda: f"Webhooken till larmkanalen är {url}, använd den för nattjobben",
        ),
    ]
    suf, lang, text = choose(opts)
    return text, url, f"{kind}.{lang}", f"s.hook.{suf}"


@gen(SECRET_GENS, 2)
def s_chat_tokens():
    kind, tok = cpick(
        [
            ("slack_bot_token", slack_bot()),
            ("slack_user_token", slack_user()),
            ("telegram_bot_token", telegram_token()),
            ("vault_token", vault_token()),
        ]
    )
    opts = [
        ("note", "en", lambda: f"bot token (prod workspace): {tok}"),
        (
            "cfg",
            "en",
            lambda: (
                f'{{"name": "{pick(["standup-bot", "deploy-notifier", "price-watch"])}", "token": "{tok}", "channel": "C0{rs(UP + DG, 9)}"}}'
            ),
        ),
        (
            "de",
            "de",
            lambda: f"Token vom Telegram-/Slack-Bot für die Familiengruppe: {tok}",
        ),
        ("ja", "ja", lambda: f"通知ボットのトークン {tok} をサーバーに設定済み"),
        (
            "shell",
            "en",
            lambda: (
                f"$ VAULT_TOKEN={tok} vault kv get secret/{pick(SERVICES)}"
                if tok.startswith("hvs.")
                else f"$ BOT_TOKEN={tok} python bot.py"
            ),
        ),
    ]
    suf, lang, text = choose(opts)
    return text, tok, f"{kind}.{lang}", f"s.chattok.{suf}"


@gen(SECRET_GENS, 2)
def s_jwt_full():
    tok, _ = jwt_hs256(pick(["svc-" + pick(SERVICES), "user_" + digits(6), uuid4()]))
    opts = [
        ("header", "en", lambda: f"Authorization: Bearer {tok}"),
        (
            "debug",
            "en",
            lambda: f"reproduced 401 with this token (still valid for a while): {tok}",
        ),
        (
            "cookie",
            "en",
            lambda: f"Set-Cookie: access_token={tok}; HttpOnly; Secure; SameSite=Lax",
        ),
        ("pt", "pt", lambda: f"Token de acesso do admin pra testar a API: {tok}"),
    ]
    suf, lang, text = choose(opts)
    return text, tok, f"jwt.{lang}", f"s.jwt.{suf}"


@gen(SECRET_GENS, 2)
def s_session_cookie():
    kind, name, val = cpick(
        [
            ("session_cookie", "sessionid", rs(LO + DG, 32)),
            (
                "session_cookie",
                "connect.sid",
                "s%3A" + rs(B64U, 32) + "." + rs(B64U, 43),
            ),
            ("session_cookie", "_gh_sess", rs(B64, 120)),
            ("session_cookie", "PHPSESSID", rs(LO + DG, 26)),
            ("session_cookie", "laravel_session", "eyJpdiI6" + rs(B64, 140)),
        ]
    )
    opts = [
        (
            "curl",
            "en",
            lambda: (
                f"curl 'https://admin.{pick(['acme.io', 'shop-intern.de', 'portal.example-corp.net'])}/api/export' -H 'Cookie: {name}={val}'"
            ),
        ),
        (
            "note",
            "en",
            lambda: (
                f"logged-in admin cookie so you can skip the SSO dance: {name}={val}"
            ),
        ),
        ("fr", "fr", lambda: f"Cookie de session admin (valable 24h) : {name}={val}"),
    ]
    suf, lang, text = choose(opts)
    return text, val, f"{kind}.{lang}", f"s.cookie.{suf}"


@gen(SECRET_GENS, 2)
def s_private_key():
    pem = cpick([ec_private_pem, ed_private_pem])()
    opts = [
        (
            "deploy",
            "en",
            lambda: (
                f"deploy key for the build box, paste into ~/.ssh/deploy_key:\n{pem}"
            ),
        ),
        (
            "tls",
            "en",
            lambda: (
                f"tls.key for {pick(['api', 'grpc', 'mqtt'])}.acme.io (cert is in the other note):\n{pem}"
            ),
        ),
        ("de", "de", lambda: f"Privater Schlüssel vom Signierserver:\n{pem}"),
    ]
    suf, lang, text = choose(opts)
    return text, pem, f"private_key.{lang}", f"s.pkey.{suf}"


@gen(SECRET_GENS, 1)
def s_azure_conn():
    conn, key = azure_conn()
    opts = [
        ("appsettings", "en", lambda: f'"ConnectionStrings": {{ "Blob": "{conn}" }}'),
        ("note", "en", lambda: f"storage conn string for the export fn: {conn}"),
    ]
    suf, lang, text = choose(opts)
    return text, key, f"azure_storage_key.{lang}", f"s.azure.{suf}"


@gen(SECRET_GENS, 2)
def s_k8s_secret_b64():
    pw = password()
    b = base64.b64encode(pw.encode()).decode()
    user_b = base64.b64encode(
        pick(["app", "postgres", "admin", "svc"]).encode()
    ).decode()
    text = (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick(SERVICES)}-db\n  namespace: {pick(['prod', 'default', 'payments'])}\n"
        f"type: Opaque\ndata:\n  username: {user_b}\n  password: {b}"
    )
    return text, b, "k8s_secret_b64.en", "s.k8s_secret"


@gen(SECRET_GENS, 2)
def s_basic_auth_url():
    user = cpick(["deploy", "admin", "ci", "jenkins", "backup"])
    pw = password().replace("@", "!").replace("/", "_").replace(":", ".")
    host = cpick(
        [
            "registry.acme-internal.net",
            "nexus.corp.local",
            "jenkins.build.acme.io",
            "grafana.ops.example-corp.net",
            "192.168.10.20:8080",
        ]
    )
    url = f"https://{user}:{pw}@{host}/"
    opts = [
        (
            "pip",
            "en",
            lambda: (
                f"pip install --index-url {url}simple/ acme-core=={R.randint(1, 4)}.{R.randint(0, 20)}.{R.randint(0, 9)}"
            ),
        ),
        ("note", "en", lambda: f"Jenkins with creds baked in: {url}"),
        (
            "es",
            "es",
            lambda: f"Acceso rápido al panel: {url} (usuario y clave en la URL)",
        ),
    ]
    suf, lang, text = choose(opts)
    return text, pw, f"basic_auth_url.{lang}", f"s.basicurl.{suf}"


@gen(SECRET_GENS, 2)
def s_totp_recovery():
    kind = cpick(["totp_seed", "recovery_codes"])
    if kind == "totp_seed":
        seed = b32(32)
        acct = cpick(
            ["AWS root", "GitHub", "Google Workspace admin", "Binance", "Cloudflare"]
        )
        opts = [
            (
                "uri",
                "en",
                lambda: (
                    f"otpauth://totp/{acct.replace(' ', '%20')}:ops%40acme.io?secret={seed}&issuer={acct.split()[0]}"
                ),
            ),
            (
                "prose",
                "en",
                lambda: f"2FA seed for {acct} in case the phone dies: {seed}",
            ),
            (
                "de",
                "de",
                lambda: (
                    f"TOTP-Geheimnis für {acct} (Backup): {' '.join(seed[i : i + 4] for i in range(0, 32, 4))}"
                ),
            ),
        ]
        suf, lang, text = choose(opts)
        val = (
            seed if suf != "de" else " ".join(seed[i : i + 4] for i in range(0, 32, 4))
        )
        return text, val, f"totp_seed.{lang}", f"s.totp.{suf}"
    codes = [f"{rs(LO + DG, 5)}-{rs(LO + DG, 5)}" for _ in range(R.randint(4, 8))]
    val = " ".join(codes)
    opts = [
        ("en", "en", lambda: f"GitHub recovery codes (unused): {val}"),
        ("fr", "fr", lambda: f"codes de récupération du compte Google : {val}"),
    ]
    suf, lang, text = choose(opts)
    return text, val, f"recovery_codes.{lang}", f"s.recovery.{suf}"


@gen(SECRET_GENS, 4)
def s_everyday_passwords():
    pw = password()
    ssid = cpick(
        [
            "FRITZ!Box 7590 KL",
            "Vodafone-8A2C",
            "Livebox-41F0",
            "NETGEAR57",
            "TP-Link_5G_3E21",
            "MOVISTAR_C9A1",
            "Ziggo8836410",
            "BTHub6-XK2P",
        ]
    )
    opts = [
        ("wifi.en", "en", lambda: f"home wifi is {ssid}, password {pw}"),
        ("wifi.de", "de", lambda: f"WLAN zuhause: {ssid} / Schlüssel: {pw}"),
        ("wifi.fr", "fr", lambda: f"Le mot de passe du wifi de la maison c'est {pw}"),
        ("wifi.es", "es", lambda: f"la clave del wifi de casa es {pw}"),
        ("wifi.it", "it", lambda: f"password del wifi di casa: {pw}"),
        (
            "router.en",
            "en",
            lambda: (
                f"router admin at 192.168.{pick(['0', '1', '178'])}.1, login admin / {pw}"
            ),
        ),
        (
            "bank.en",
            "en",
            lambda: (
                f"remember: online banking login for the joint account, password is {pw}"
            ),
        ),
        (
            "shop.de",
            "de",
            lambda: f"Mein Amazon-Passwort ist jetzt {pw}, das alte hab ich geändert",
        ),
        (
            "airline.en",
            "en",
            lambda: f"Lufthansa Miles & More login for mom's booking — password {pw}",
        ),
        ("netflix.pt", "pt", lambda: f"senha da Netflix da família: {pw}"),
        ("pl", "pl", lambda: f"hasło do poczty firmowej: {pw}"),
        ("ja", "ja", lambda: f"会社のVPNのパスワードは {pw} です"),
        ("zh", "zh", lambda: f"家里路由器管理密码：{pw}"),
        ("ko", "ko", lambda: f"공유기 비밀번호 {pw}"),
        ("ar", "ar", lambda: f"كلمة مرور الواي فاي في البيت: {pw}"),
        ("hi", "hi", lambda: f"घर के वाईफाई का पासवर्ड {pw} है"),
        ("ru", "ru", lambda: f"пароль от почты: {pw}"),
        ("tr", "tr", lambda: f"e-devlet şifrem {pw}, unutma"),
        ("nl", "nl", lambda: f"wachtwoord van de NAS thuis: {pw}"),
        ("sv", "sv", lambda: f"lösenordet till BankID-appen är {pw}"),
        (
            "airbnb.en",
            "en",
            lambda: (
                f"Booking note for the Lisbon trip: flat wifi password {pw}, keybox on the left"
            ),
        ),
    ]
    suf, lang, text = choose(opts)
    return text, pw, f"password.{lang}", f"s.everyday.{suf}"


@gen(SECRET_GENS, 2)
def s_pins_codes():
    code = digits(R.choice([4, 4, 6]))
    opts = [
        ("pin.en", "en", lambda: f"PIN for the new debit card is {code}", "card_pin"),
        ("pin.de", "de", lambda: f"Die PIN von meiner EC-Karte: {code}", "card_pin"),
        (
            "sim.es",
            "es",
            lambda: f"PIN de la SIM nueva {code}, PUK {digits(8)}",
            "sim_pin",
        ),
        ("alarm.en", "en", lambda: f"alarm disarm code at home: {code}#", "alarm_code"),
        (
            "door.fr",
            "fr",
            lambda: f"code de la porte de l'immeuble (chez moi) : {code}",
            "door_code",
        ),
        (
            "phone.it",
            "it",
            lambda: f"codice di sblocco del mio telefono: {code}",
            "device_pin",
        ),
    ]
    i = cidx(len(opts))
    suf, lang, fn, k = opts[i]
    return fn(), code, f"{k}.{lang}", f"s.pin.{suf}"


@gen(SECRET_GENS, 2)
def s_ci_log_leak():
    kind, tok = cpick(
        [
            ("github_pat", gh_token("ghs_")),
            ("aws_secret_key", aws_secret()),
            ("npm_token", npm_token()),
            ("sendgrid_key", sendgrid_key()),
            ("password", password()),
        ]
    )
    job = R.randint(100000, 9999999)
    text = cpick(
        [
            f"Run #{job} · step 'Deploy'\n+ echo \"using token {tok}\"\nusing token {tok}\nError: 403 Forbidden (request-id {uuid4()})",
            f"[{ts()}] build {job}: DEBUG env SECRET={tok} (masked output disabled)",
            f"pipeline {job} failed, the set -x printed: export SERVICE_PASSWORD='{tok}'",
        ]
    )
    return text, tok, f"{kind}.en", "s.cilog"


@gen(SECRET_GENS, 2)
def s_ssh_password_runbook():
    pw = password()
    ip = f"10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
    opts = [
        (
            "en",
            "en",
            lambda: f"ssh root@{ip}  # pw {pw}  (legacy box, no key auth yet)",
        ),
        (
            "ipmi",
            "en",
            lambda: (
                f"iDRAC for rack B3 node {R.randint(1, 24)}: https://{ip} user root pass {pw}"
            ),
        ),
        (
            "de",
            "de",
            lambda: (
                f"Wartungszugang Switch im Keller: {ip}, Benutzer admin, Kennwort {pw}"
            ),
        ),
        (
            "it",
            "it",
            lambda: f"accesso al NAS dell'ufficio: {ip}, utente admin, password {pw}",
        ),
        ("zh", "zh", lambda: f"跳板机 {ip}，账号 ops，密码 {pw}"),
    ]
    suf, lang, text = choose(opts)
    return text, pw, f"ssh_password.{lang}", f"s.sshpw.{suf}"


@gen(SECRET_GENS, 1)
def s_gcp_sa():
    pem = ed_private_pem()
    kid = hexs(40)
    text = (
        '{\n  "type": "service_account",\n  "project_id": "'
        + pick(["acme-prod-42", "data-lake-eu", "mobile-backend-7731"])
        + '",\n  "private_key_id": "'
        + kid
        + '",\n  "private_key": "'
        + pem.replace("\n", "\\n")
        + '\\n",\n  "client_email": "'
        + pick(["exporter", "ci-deployer", "bq-reader"])
        + '@acme-prod-42.iam.gserviceaccount.com"\n}'
    )
    return text, pem.replace("\n", "\\n"), "gcp_sa_key.en", "s.gcp_sa"


# ========================================= PII ==========================================
AIRLINES = [
    ("LH", "Lufthansa"),
    ("AF", "Air France"),
    ("BA", "British Airways"),
    ("KL", "KLM"),
    ("IB", "Iberia"),
    ("TK", "Turkish Airlines"),
    ("NH", "ANA"),
    ("LA", "LATAM"),
    ("AZ", "ITA Airways"),
    ("SK", "SAS"),
    ("UA", "United"),
]
AIRPORTS = [
    "FRA",
    "MUC",
    "CDG",
    "LHR",
    "AMS",
    "MAD",
    "IST",
    "HND",
    "GRU",
    "FCO",
    "CPH",
    "JFK",
    "SFO",
    "LIS",
    "BCN",
    "WAW",
    "ARN",
]


def pnr() -> str:
    return rs("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 6)


def flight() -> tuple[str, str]:
    code, name = pick(AIRLINES)
    return f"{code} {R.randint(10, 2999)}", name


def seat() -> str:
    return f"{R.randint(1, 48)}{pick('ABCDEFHJK')}"


@gen(PII_GENS, 5)
def p_booking_passport():
    cc = cpick(["DE", "US", "GB", "FR", "IN", "IT", "ES", "BR", "CN", "JP", "NL"])
    pp = mk_passport(cc)
    fl, al = flight()
    ref = pnr()
    name = person(pick(list(FIRST)))
    exp = rand_date(2027, 2034).isoformat()
    opts = [
        (
            "en",
            "en",
            lambda: (
                f"Trip booked: {fl} {pick(AIRPORTS)}→{pick(AIRPORTS)}, PNR {ref}, seat {seat()}. APIS filled in with my passport {pp} (exp {exp})."
            ),
        ),
        (
            "en2",
            "en",
            lambda: (
                f"{name}'s passport no. {pp}, issued {cc}, valid until {exp} — needed for the {al} check-in"
            ),
        ),
        (
            "de",
            "de",
            lambda: (
                f"Buchung {ref} bei {al}: Reisepassnummer {pp}, gültig bis {exp}. Sitz {seat()} am Gang."
            ),
        ),
        (
            "fr",
            "fr",
            lambda: (
                f"Pour l'enregistrement {al} (réf. {ref}) : numéro de passeport {pp}, expire le {exp}"
            ),
        ),
        ("es", "es", lambda: f"Reserva {ref}, vuelo {fl}. Pasaporte de {name}: {pp}"),
        (
            "ja",
            "ja",
            lambda: f"{al}の予約 {ref}。旅券番号 {pp}（有効期限 {exp}）を事前登録済み",
        ),
        ("zh", "zh", lambda: f"机票订单 {ref}，乘机人护照号 {pp}，有效期至 {exp}"),
        (
            "pt",
            "pt",
            lambda: (
                f"Check-in online {al}: passaporte {pp}, reserva {ref}, assento {seat()}"
            ),
        ),
        (
            "hotel",
            "en",
            lambda: (
                f"Hotel wants passport details at check-in — {name}, {cc} passport {pp}"
            ),
        ),
    ]
    suf, lang, text = choose(opts)
    return text, pp, f"passport_{cc.lower()}.{lang}", f"p.booking_passport.{suf}"


NATIONAL = [
    # kind, lang, maker, noun, "my ... is" phrase, native context
    ("br_cpf", "pt", mk_cpf, "CPF", "meu CPF é", "Cadastro na farmácia feito, CPF {v}"),
    (
        "es_dni",
        "es",
        mk_dni,
        "DNI",
        "mi DNI es",
        "Para el contrato del piso me piden el DNI: {v}",
    ),
    (
        "es_nie",
        "es",
        mk_nie,
        "NIE",
        "mi NIE es",
        "NIE de la nueva inquilina: {v}, entra el día 1",
    ),
    (
        "it_codice_fiscale",
        "it",
        mk_cf,
        "codice fiscale",
        "il mio codice fiscale è",
        "per la ricetta del medico serve il codice fiscale: {v}",
    ),
    (
        "fr_nir",
        "fr",
        mk_nir,
        "numéro de sécu",
        "mon numéro de sécu c'est",
        "formulaire mutuelle : n° de sécurité sociale {v}",
    ),
    (
        "nl_bsn",
        "nl",
        mk_bsn,
        "BSN",
        "mijn BSN is",
        "voor de huurcommissie: burgerservicenummer {v}",
    ),
    (
        "se_personnummer",
        "sv",
        mk_pnr,
        "personnummer",
        "mitt personnummer är",
        "tandläkaren vill ha personnummer: {v}",
    ),
    (
        "no_fodselsnummer",
        "nb",
        mk_fnr,
        "fødselsnummer",
        "fødselsnummeret mitt er",
        "legetime bestilt, fødselsnummer {v}",
    ),
    (
        "fi_hetu",
        "fi",
        mk_hetu,
        "henkilötunnus",
        "henkilötunnukseni on",
        "vuokrasopimukseen henkilötunnus {v}",
    ),
    (
        "dk_cpr",
        "da",
        mk_cpr,
        "CPR-nummer",
        "mit CPR-nummer er",
        "lægen skal bruge CPR-nr. {v}",
    ),
    ("pl_pesel", "pl", mk_pesel, "PESEL", "mój PESEL to", "do umowy najmu: PESEL {v}"),
    (
        "cn_resident_id",
        "zh",
        mk_ric,
        "身份证号",
        "我的身份证号码是",
        "酒店登记用的身份证号：{v}",
    ),
    (
        "in_aadhaar",
        "en",
        mk_aadhaar,
        "Aadhaar no.",
        "my Aadhaar number is",
        "आधार नंबर {v} बैंक खाते से लिंक करना है",
    ),
    ("in_pan", "en", mk_pan, "PAN", "my PAN is", "PAN card number for the ITR: {v}"),
    ("us_ssn", "en", mk_ssn, "SSN", "my social is", "W-4 for the new job, SSN {v}"),
    ("ca_sin", "en", mk_sin, "SIN", "my SIN is", "payroll needs the SIN: {v}"),
    (
        "za_id",
        "en",
        mk_za,
        "SA ID number",
        "my ID number is",
        "FICA docs for the bank: ID {v}",
    ),
    (
        "kr_rrn",
        "ko",
        mk_rrn,
        "주민등록번호",
        "제 주민번호는",
        "병원 접수할 때 주민등록번호 {v}",
    ),
    ("cl_rut", "es", mk_rut, "RUT", "mi RUT es", "boleta a nombre mío, RUT {v}"),
    (
        "tr_tckimlik",
        "tr",
        mk_tck,
        "TC kimlik no",
        "TC kimlik numaram",
        "kargo için TC kimlik no istediler: {v}",
    ),
    (
        "il_teudat_zehut",
        "he",
        mk_ilid,
        "teudat zehut",
        "my teudat zehut is",
        "מספר תעודת זהות: {v}",
    ),
    (
        "be_nn",
        "fr",
        mk_be_nn,
        "numéro national",
        "mon numéro national est",
        "rijksregisternummer voor de huurwaarborg: {v}",
    ),
    (
        "ro_cnp",
        "ro",
        mk_cnp,
        "CNP",
        "CNP-ul meu este",
        "pentru contractul de muncă, CNP {v}",
    ),
    (
        "pt_nif",
        "pt",
        mk_pt_nif,
        "NIF",
        "o meu NIF é",
        "fatura com contribuinte n.º {v}, por favor",
    ),
    (
        "de_steuer_id",
        "de",
        mk_de_idnr,
        "Steuer-ID",
        "meine Steuer-ID ist",
        "für den neuen Arbeitgeber: steuerliche Identifikationsnummer {v}",
    ),
    (
        "jp_my_number",
        "ja",
        mk_jp_mynum,
        "マイナンバー",
        "私のマイナンバーは",
        "年末調整の書類にマイナンバー {v} を記入",
    ),
    ("mx_curp", "es", mk_curp, "CURP", "mi CURP es", "trámite del IMSS, CURP {v}"),
    ("ie_pps", "en", mk_pps, "PPS number", "my PPSN is", "Revenue form, PPS no. {v}"),
    (
        "gr_amka",
        "el",
        mk_amka,
        "ΑΜΚΑ",
        "ο ΑΜΚΑ μου είναι",
        "για το ραντεβού στον γιατρό, ΑΜΚΑ {v}",
    ),
]


@gen(PII_GENS, 9)
def p_national_id():
    kind, lang, mk, noun, phrase, native = pick(NATIONAL)
    v = mk()
    ctx = cidx(9)
    who = person(lang if lang in FIRST else "en")
    text = [
        lambda: f"{noun}: {v}",
        lambda: f"{phrase} {v}",
        lambda: (
            f"Form for the rental contract — {noun} {v}, move-in {short_date(lang)}"
        ),
        lambda: (
            f"Ticket #{R.randint(40000, 99999)}: customer could not verify, read out their {noun} ({v}) over chat; escalate to KYC"
        ),
        lambda: (
            f"Booking note: the hotel asked for a {noun} at check-in, gave {v}. Room {R.randint(101, 940)}, 3 nights."
        ),
        lambda: f"user asked me to keep this for the tax form: {noun} = {v}",
        lambda: f"{who}, {noun} {v}",
        lambda: f"remember {noun} → {v} (needed for the insurance claim)",
        lambda: native.format(v=v),
    ][ctx]()
    if ctx == 8:
        lang = {"in_aadhaar": "hi", "il_teudat_zehut": "he", "be_nn": "nl"}.get(
            kind, lang
        )
    elif ctx not in (0, 1):
        lang = "en"
    return text, v, f"{kind}.{lang}", f"p.natid.{ctx}"


@gen(PII_GENS, 5)
def p_phone_personal():
    home = {
        "de": "DE",
        "fr": "FR",
        "es": "ES",
        "it": "IT",
        "pt": "BR",
        "ja": "JP",
        "pl": "PL",
        "en": "GB",
        "en2": "US",
        "ticket": "",
        "oncall": "",
    }
    opts = [
        ("en", "en", lambda: f"{fn}'s mobile: {ph}"),
        (
            "en2",
            "en",
            lambda: (
                f"Delivery driver should call me on {ph} instead of ringing the bell"
            ),
        ),
        ("de", "de", lambda: f"Handynummer von {name}: {ph}"),
        ("fr", "fr", lambda: f"le portable de {fn} c'est le {ph}"),
        ("es", "es", lambda: f"móvil de {fn} (la niñera): {ph}"),
        ("it", "it", lambda: f"cellulare di {fn}: {ph}, chiamare dopo le 18"),
        ("pt", "pt", lambda: f"WhatsApp da {fn}: {ph}"),
        ("ja", "ja", lambda: f"{fn}さんの携帯番号は {ph}"),
        ("pl", "pl", lambda: f"numer do {fn}: {ph}"),
        (
            "ticket",
            "en",
            lambda: (
                f"SUP-{R.randint(1000, 99999)} customer callback requested at {ph} ({name})"
            ),
        ),
        (
            "oncall",
            "en",
            lambda: f"on-call this week: {name}, personal cell {ph} if PagerDuty fails",
        ),
    ]
    suf, l, fnc = pick(opts)
    cc = home[suf] if home[suf] and R.random() < 0.8 else pick(list(MOBILE))
    ph = mk_mobile(cc)
    nl_ = {
        "DE": "de",
        "FR": "fr",
        "ES": "es",
        "IT": "it",
        "BR": "pt",
        "NL": "nl",
        "PL": "pl",
        "SE": "sv",
        "MX": "es",
    }.get(cc, "en")
    if cc == "JP":
        name = cpick(["佐藤 花子", "鈴木 一郎", "高橋 美咲", "田中 健"])
        fn = name.split()[1]
    else:
        name = person(nl_)
        fn = name.split()[0]
    return fnc(), ph, f"phone_{cc.lower()}.{l}", f"p.phone.{suf}"


@gen(PII_GENS, 2)
def p_phone_script():
    # personal numbers written with non-Latin digits
    cc, sc, lang, tmpl = cpick(
        [
            ("EG", "ar", "ar", "رقم موبايل أختي {v}"),
            ("SA", "ar", "ar", "رقم جوال {n}: {v}"),
            ("IR", "fa", "fa", "شماره موبایل شخصی من {v}"),
            ("IN", "hi", "hi", "मेरी माँ का मोबाइल नंबर {v} है"),
            ("TH", "th", "th", "เบอร์มือถือของฉัน {v}"),
        ]
    )
    gens = {
        "EG": lambda: "01" + pick("0125") + digits(8),
        "SA": lambda: "05" + pick("0345") + digits(7),
        "IR": lambda: "09" + pick(["12", "13", "19", "35", "01"]) + digits(7),
        "IN": lambda: pick("98765") + digits(9),
        "TH": lambda: "0" + pick("89") + digits(8),
    }
    raw = until(gens[cc], lambda s: valid_phone(s, cc))
    v = to_script(raw, sc)
    text = tmpl.format(v=v, n=pick(["عمر", "فاطمة", "خالد"]))
    return text, v, f"phone_{cc.lower()}.{lang}", f"p.phone_script.{cc.lower()}"


@gen(PII_GENS, 4)
def p_email_personal():
    lang = pick(list(FIRST))
    name = person(lang)
    em = mk_email(name)
    opts = [
        ("en", "en", lambda: f"{name.split()[0]}'s private email is {em}"),
        (
            "cc",
            "en",
            lambda: f"Send the invoice copy to {em} too, that's my personal address",
        ),
        (
            "ticket",
            "en",
            lambda: f"INC-{R.randint(1000, 9999)}: affected user {em} cannot reset MFA",
        ),
        ("de", "de", lambda: f"private Mail von {name}: {em}"),
        ("fr", "fr", lambda: f"adresse perso de {name.split()[0]} : {em}"),
        ("es", "es", lambda: f"correo de mi suegra: {em}"),
        (
            "booking",
            "en",
            lambda: f"Booking {pnr()} confirmation goes to {em} (guest: {name})",
        ),
    ]
    suf, l, text = choose(opts)
    return text, em, f"email.{l}", f"p.email.{suf}"


@gen(PII_GENS, 5)
def p_home_address():
    lang = pick(list(HOME))
    addr = HOME[lang]()
    nlang = "en" if lang == "uk" else lang
    name = person(nlang if nlang in FIRST else "en")
    opts = {
        "de": [
            ("a", lambda: f"Meine neue Adresse: {addr}"),
            ("b", lambda: f"Lieferadresse für die Bestellung: {name}, {addr}"),
        ],
        "en": [
            ("a", lambda: f"ship it to my place: {addr}"),
            ("b", lambda: f"{name} moved, new home address {addr}"),
        ],
        "uk": [
            ("a", lambda: f"Mum's address for the birthday card: {addr}"),
            ("b", lambda: f"home address on file: {name}, {addr}"),
        ],
        "fr": [
            ("a", lambda: f"mon adresse perso : {addr}"),
            ("b", lambda: f"Colis à livrer chez {name}, {addr}"),
        ],
        "es": [
            ("a", lambda: f"vivo en {addr}"),
            ("b", lambda: f"dirección de mi abuela: {addr}"),
        ],
        "it": [
            ("a", lambda: f"indirizzo di casa di {name}: {addr}"),
            ("b", lambda: f"spedire a casa mia, {addr}"),
        ],
        "nl": [
            ("a", lambda: f"ons nieuwe adres is {addr}"),
            ("b", lambda: f"adres van {name}: {addr}"),
        ],
        "pt": [
            ("a", lambda: f"meu endereço: {addr}"),
            ("b", lambda: f"Entrega na casa de {name.split()[0]}: {addr}"),
        ],
        "pl": [
            ("a", lambda: f"mój adres domowy: {addr}"),
            ("b", lambda: f"adres korespondencyjny {name}: {addr}"),
        ],
        "sv": [
            ("a", lambda: f"min hemadress: {addr}"),
            ("b", lambda: f"{name} bor på {addr}"),
        ],
    }[lang]
    suf, fn = pick(opts)
    return fn(), addr, f"home_address.{nlang}", f"p.home.{lang}.{suf}"


@gen(PII_GENS, 4)
def p_iban_card():
    if R.random() < 0.5:
        cc = cpick(
            [
                "DE",
                "NL",
                "FR",
                "ES",
                "IT",
                "GB",
                "PL",
                "AT",
                "BE",
                "PT",
                "SE",
                "CH",
                "IE",
            ]
        )
        v = mk_iban(cc)
        lang = {
            "DE": "de",
            "AT": "de",
            "CH": "de",
            "FR": "fr",
            "BE": "fr",
            "ES": "es",
            "IT": "it",
            "NL": "nl",
            "PL": "pl",
            "PT": "pt",
            "SE": "sv",
        }.get(cc, "en")
        name = person(lang if lang in FIRST else "en")
        opts = [
            ("a", lambda: f"IBAN for the rent refund: {v} ({name})"),
            ("b", lambda: f"my salary account: {v}"),
            (
                "c",
                lambda: (
                    f"Erstattung bitte auf mein Konto {v}, Kontoinhaber {name}"
                    if lang == "de"
                    else f"refund to {name}, IBAN {v}"
                ),
            ),
            (
                "d",
                lambda: (
                    f"Ticket SUP-{R.randint(1000, 99999)}: customer wants chargeback paid to {v}"
                ),
            ),
        ]
        suf, fn = pick(opts)
        return fn(), v, f"iban_{cc.lower()}.{lang}", f"p.iban.{suf}"
    v = mk_card()
    exp = f"{R.randint(1, 12):02d}/{R.randint(26, 31)}"
    opts = [
        ("a", "en", lambda: f"card on file for the hotel deposit: {v}, exp {exp}"),
        (
            "b",
            "en",
            lambda: f"Order #{R.randint(100000, 999999)} — paid with my Visa {v}",
        ),
        ("c", "de", lambda: f"Kreditkarte von Papa: {v}, gültig bis {exp}"),
        ("d", "es", lambda: f"tarjeta para la reserva: {v} cad. {exp}"),
        (
            "e",
            "en",
            lambda: (
                f"customer read out the full card number on the call: {v} — purge from transcript"
            ),
        ),
        ("f", "ja", lambda: f"クレジットカード番号 {v}（有効期限 {exp}）"),
    ]
    suf, l, text = choose(opts)
    return text, v, f"card_number.{l}", f"p.card.{suf}"


@gen(PII_GENS, 3)
def p_dob():
    d = rand_date(1940, 2012)
    lang = cpick(["en", "de", "fr", "es", "it", "pt", "ja", "pl"])
    fmts = {
        "en": d.strftime("%B %d, %Y").replace(" 0", " "),
        "de": d.strftime("%d.%m.%Y"),
        "fr": d.strftime("%d/%m/%Y"),
        "es": d.strftime("%d/%m/%Y"),
        "it": d.strftime("%d/%m/%Y"),
        "pt": d.strftime("%d/%m/%Y"),
        "ja": f"{d.year}年{d.month}月{d.day}日",
        "pl": d.strftime("%d.%m.%Y"),
    }
    v = fmts[lang]
    name = person(lang if lang in FIRST else "en")
    t = {
        "en": pick(
            [
                f"{name.split()[0]}'s date of birth: {v}",
                f"DOB {v} — needed for the travel insurance form for {name}",
                f"I was born on {v}",
            ]
        ),
        "de": pick([f"Geburtsdatum von {name}: {v}", f"geb. am {v} ({name})"]),
        "fr": pick(
            [f"date de naissance de {name.split()[0]} : {v}", f"né le {v}, {name}"]
        ),
        "es": pick([f"fecha de nacimiento de mi hijo: {v}", f"{name}, nacida el {v}"]),
        "it": pick([f"data di nascita: {v} ({name})", f"mia madre è nata il {v}"]),
        "pt": pick([f"data de nascimento da {name.split()[0]}: {v}", f"nasci em {v}"]),
        "ja": pick([f"{name.split()[0]}さんの生年月日は{v}", f"生年月日：{v}"]),
        "pl": pick([f"data urodzenia {name}: {v}", f"urodziłam się {v}"]),
    }[lang]
    return t, v, f"date_of_birth.{lang}", f"p.dob.{lang}"


@gen(PII_GENS, 3)
def p_health():
    kind, lang, v, t = cpick(
        [
            ("de_kvnr", "de", None, "Versichertennummer (TK) von {n}: {v}"),
            ("gb_nhs", "en", None, "{n}'s NHS number is {v}"),
            ("ch_ahv", "de", None, "AHV-Nummer für die Krankenkasse: {v}"),
            ("at_svnr", "de", None, "Sozialversicherungsnummer (e-card) {v} – {n}"),
            ("fr_nir", "fr", None, "carte Vitale de {n} : {v}"),
            ("gr_amka", "el", None, "ΑΜΚΑ παιδιού για τον παιδίατρο: {v}"),
        ]
    )
    mk = {
        "de_kvnr": mk_kvnr,
        "gb_nhs": mk_nhs,
        "ch_ahv": mk_ahv,
        "at_svnr": mk_at_vnr,
        "fr_nir": mk_nir,
        "gr_amka": mk_amka,
    }[kind]
    v = mk()
    if kind == "gb_nhs" and R.random() < 0.6:
        v = f"{v[:3]} {v[3:6]} {v[6:]}"
    n = person("de" if lang == "de" else ("fr" if lang == "fr" else "en"))
    extra = pick(
        {
            "de": ["", f" Termin am {short_date('de')}.", " Allergie: Penicillin."],
            "en": [
                "",
                " (for the GP registration)",
                f" Appointment {short_date('en')}.",
            ],
            "fr": ["", f" RDV le {short_date('fr')}."],
            "el": ["", " Ραντεβού την Τρίτη."],
        }[lang]
    )
    return (
        t.format(n=n, v=v) + ("." if extra else "") + extra,
        v,
        f"{kind}.{lang}",
        f"p.health.{kind}",
    )


@gen(PII_GENS, 2)
def p_plate():
    cc, v, t = cpick(
        [
            (
                "de",
                f"{pick(['M', 'B', 'HH', 'K', 'S', 'F', 'DA'])}-{rs(UP, 2)} {R.randint(1, 9999)}",
                "Mein Auto: {v}, Parkausweis für die Tiefgarage beantragt",
            ),
            (
                "fr",
                f"{rs('ABCDEFGHJKLMNPRSTVWXYZ', 2)}-{digits(3)}-{rs('ABCDEFGHJKLMNPRSTVWXYZ', 2)}",
                "immatriculation de la voiture de {n} : {v}",
            ),
            (
                "uk",
                f"{rs('ABCDEFGHKLMNOPRSVWY', 2)}{R.randint(10, 74)} {rs('ABCDEFGHJKLMNOPRSTUVWXYZ', 3)}",
                "{n}'s car reg is {v}, parks in bay 14",
            ),
            (
                "es",
                f"{digits(4)} {rs('BCDFGHJKLMNPRSTVWXYZ', 3)}",
                "matrícula de mi coche: {v}",
            ),
            (
                "nl",
                f"{rs('GHJKLNPRSTXZ', 2)}-{digits(3)}-{rs('BDFGHJKLNPRSTXZ', 1)}",
                "kenteken van mijn auto {v}, parkeervergunning aanvragen",
            ),
            (
                "it",
                f"{rs('ABCDEFGHJKLMNPRSTVWXYZ', 2)} {digits(3)}{rs('ABCDEFGHJKLMNPRSTVWXYZ', 2)}",
                "targa della macchina di {n}: {v}",
            ),
        ]
    )
    lang = "en" if cc == "uk" else cc
    n = person(lang if lang in FIRST else "en")
    return t.format(v=v, n=n), v, f"licence_plate_{cc}.{lang}", f"p.plate.{cc}"


@gen(PII_GENS, 2)
def p_imei_personal():
    tac = cpick(
        ["35332811", "35391110", "35875610", "86753304", "35290611", "35925406"]
    )
    v = tac + digits(6)
    v = v + luhn.calc_check_digit(v)
    opts = [
        (
            "en",
            "en",
            lambda: (
                f"my phone got stolen at the station — IMEI {v}, police report filed"
            ),
        ),
        (
            "de",
            "de",
            lambda: (
                f"Diebstahlanzeige: mein Handy, IMEI {v}, Sperre beim Provider beantragt"
            ),
        ),
        ("es", "es", lambda: f"Me robaron el móvil, IMEI {v}. Denuncia hecha."),
    ]
    suf, l, text = choose(opts)
    return text, v, f"imei_personal.{l}", f"p.imei.{suf}"


@gen(PII_GENS, 2)
def p_runbook_with_personal():
    # engineering text that carries a real person's data
    name = person(pick(["en", "de", "nl", "fr"]))
    kind, v = cpick(
        [
            ("email", mk_email(name)),
            ("phone_de", mk_mobile("DE")),
            ("phone_gb", mk_mobile("GB")),
            ("us_ssn", mk_ssn()),
        ]
    )
    opts = [
        (
            "gdpr",
            lambda: (
                f"GDPR erasure request #{R.randint(100, 999)}: delete all rows where contact = '{v}' from users, orders_archive and the S3 exports"
            ),
        ),
        (
            "sql",
            lambda: (
                f"-- repro for bug {R.randint(2000, 9000)}\nSELECT * FROM customers WHERE {'ssn' if kind == 'us_ssn' else 'contact'} = '{v}';  -- {name}"
            ),
        ),
        (
            "log",
            lambda: (
                f"{ts()} WARN signup duplicate: {v} already registered (user {name})"
            ),
        ),
    ]
    suf, fn = pick(opts)
    return fn(), v, f"{kind}.en", f"p.runbook_personal.{suf}"


# ======================================== CLEAN =========================================
def sha1() -> str:
    return hexs(40)


def sha256() -> str:
    return hexs(64)


@gen(CLEAN_GENS, 9)
def c_git_sha():
    full = sha1()
    short = full[: R.choice([7, 8, 10, 12])]
    svc = pick(SERVICES)
    opts = [
        (
            "bisect",
            "en",
            lambda: f"git bisect points at {full} — the retry refactor in {svc}",
            full,
        ),
        ("revert", "en", lambda: f"reverted {short} on main, redeploying {svc}", short),
        (
            "deploy",
            "en",
            lambda: (
                f"{svc} prod is running {short} (tag v{R.randint(1, 6)}.{R.randint(0, 40)}.{R.randint(0, 12)}), staging is ahead by {R.randint(2, 30)} commits"
            ),
            short,
        ),
        (
            "de",
            "de",
            lambda: (
                f"Fix ist in Commit {short} drin, Cherry-Pick auf release/{R.randint(2023, 2025)}.{R.randint(1, 12)} steht noch aus"
            ),
            short,
        ),
        ("ja", "ja", lambda: f"原因のコミットは {full} でした。リバート済み。", full),
        (
            "fr",
            "fr",
            lambda: f"le bug vient du commit {short}, j'ai ouvert une PR de revert",
            short,
        ),
        (
            "es",
            "es",
            lambda: (
                f"desplegado {short} en prod a las {R.randint(8, 23)}:{R.randint(0, 59):02d}"
            ),
            short,
        ),
        (
            "pr",
            "en",
            lambda: (
                f"Merge pull request #{R.randint(100, 9999)} from acme/fix-timeouts\n\ncommit {full}\nAuthor: build-bot <ci@acme.example>"
            ),
            full,
        ),
        ("submodule", "en", lambda: f"vendor/protos pinned to {full}", full),
    ]
    i = cidx(len(opts))
    suf, lang, fn, val = opts[i]
    text = fn()
    return text, val, f"git_sha.{lang}", f"c.gitsha.{suf}"


@gen(CLEAN_GENS, 9)
def c_digests():
    kind, val, text = cpick(
        [
            (
                "image_digest",
                (d := "sha256:" + sha256()),
                f"pinned {pick(['nginx', 'postgres', 'redis', 'python'])} to {pick(['nginx', 'postgres', 'redis', 'python'])}@{d} after the CVE scan",
            ),
            (
                "image_digest",
                (d2 := "sha256:" + sha256()),
                f"ghcr.io/acme/{pick(SERVICES)}@{d2}",
            ),
            (
                "sha256sum",
                (h := sha256()),
                f"{h}  {pick(['terraform_1.9.5_linux_amd64.zip', 'ubuntu-24.04.1-live-server-amd64.iso', 'model.safetensors', 'backup-2025-03-01.tar.zst'])}",
            ),
            (
                "md5",
                (m := hexs(32)),
                f"md5 of the uploaded export: {m} (matches the vendor's)",
            ),
            (
                "sri",
                (sri := "sha384-" + base64.b64encode(R.randbytes(48)).decode()),
                f'<script src="https://cdn.jsdelivr.net/npm/htmx.org@2.0.{R.randint(0, 4)}/dist/htmx.min.js" integrity="{sri}" crossorigin="anonymous"></script>',
            ),
            (
                "npm_integrity",
                (ni := "sha512-" + base64.b64encode(R.randbytes(64)).decode()),
                f'"integrity": "{ni}"',
            ),
            (
                "etag",
                (et := hexs(32)),
                f'S3 ETag "{et}" unchanged, so the sync skipped it',
            ),
            (
                "hash_join_key",
                (hj := sha256()),
                f"we join on sha256(lower(email)) so no raw emails in the warehouse, e.g. {hj}",
            ),
            ("sha256sum", (h2 := sha256()), f"Prüfsumme stimmt: {h2}"),
            ("git_tree", (gt := sha1()), f"tree {gt}\nparent {sha1()}"),
            (
                "blake3",
                (b3 := hexs(64)),
                f"cache key blake3:{b3} hit in {R.randint(2, 90)}ms",
            ),
        ]
    )
    return (
        text,
        val,
        f"{kind}.en" if not text.startswith("Prüf") else f"{kind}.de",
        f"c.digest.{kind}",
    )


@gen(CLEAN_GENS, 9)
def c_request_ids():
    kind, val, text = cpick(
        [
            (
                "request_id",
                (u := uuid4()),
                f"500 from {pick(SERVICES)} — X-Request-Id: {u}",
            ),
            (
                "traceparent",
                (tp := f"00-{hexs(32)}-{hexs(16)}-01"),
                f"traceparent: {tp}",
            ),
            (
                "trace_id",
                (t := hexs(32)),
                f"slow span in Tempo, trace id {t}, {R.randint(900, 9000)} ms in {pick(['db.query', 'http.client', 'redis.get'])}",
            ),
            (
                "aws_request_id",
                (a := uuid4()),
                f"AccessDenied on kms:Decrypt, RequestId: {a}",
            ),
            (
                "cf_ray",
                (c := hexs(16) + "-" + pick(AIRPORTS)),
                f"Cloudflare 502, Ray ID: {c}",
            ),
            (
                "stripe_request_id",
                (s := "req_" + rs(B62, 14)),
                f"Stripe support asked for the request id: {s}",
            ),
            (
                "sentry_event",
                (e := hexs(32)),
                f"Sentry event {e} — TypeError in checkout.js:{R.randint(10, 900)}",
            ),
            (
                "correlation_id",
                (co := uuid4()),
                f"Korrelations-ID {co} im Ticket an den Hersteller gegeben",
            ),
            ("gcp_trace", (g := hexs(32)), f"projects/acme-prod-42/traces/{g}"),
            (
                "azure_activity",
                (az := uuid4()),
                f"Azure-AsyncOperation id {az} still InProgress after {R.randint(5, 40)} min",
            ),
        ]
    )
    lang = "de" if text.startswith("Korr") else "en"
    return text, val, f"{kind}.{lang}", f"c.reqid.{kind}"


@gen(CLEAN_GENS, 8)
def c_uuid_resource():
    u = uuid4()
    opts = [
        (
            "tenant",
            "en",
            lambda: (
                f"tenant {u} is the one stuck in migration, skip it in the backfill"
            ),
        ),
        ("azure_sub", "en", lambda: f"az account set --subscription {u}"),
        (
            "path",
            "en",
            lambda: (
                f"/subscriptions/{u}/resourceGroups/rg-{pick(SERVICES)}-prod/providers/Microsoft.Web/sites/{pick(SERVICES)}"
            ),
        ),
        ("grafana", "en", lambda: f"dashboard uid {u[:8]}… no, full: {u}"),
        ("sql", "en", lambda: f"UPDATE jobs SET state='queued' WHERE id = '{u}';"),
        (
            "de",
            "de",
            lambda: f"Workspace-ID {u} gehört zum Marketing-Team, nicht löschen",
        ),
        ("es", "es", lambda: f"el pedido quedó atascado, id interno {u}"),
        ("ko", "ko", lambda: f"문제 있는 작업 ID: {u}"),
        ("idempotency", "en", lambda: f"Idempotency-Key: {u}"),
    ]
    suf, lang, text = choose(opts)
    return text, u, f"uuid_resource.{lang}", f"c.uuid.{suf}"


@gen(CLEAN_GENS, 8)
def c_arn_resource_ids():
    acct = aws_account()
    reg = pick(REGIONS)
    svc = pick(SERVICES)
    kind, val = cpick(
        [
            ("iam_role_arn", f"arn:aws:iam::{acct}:role/{svc}-task-role"),
            (
                "secret_arn",
                f"arn:aws:secretsmanager:{reg}:{acct}:secret:prod/{svc}/db-{rs(B62, 6)}",
            ),
            ("kms_arn", f"arn:aws:kms:{reg}:{acct}:key/{uuid4()}"),
            (
                "s3_arn",
                f"arn:aws:s3:::{pick(['acme-prod-logs', 'ml-artifacts-eu', 'static-assets-cdn'])}/*",
            ),
            (
                "lambda_arn",
                f"arn:aws:lambda:{reg}:{acct}:function:{svc}-handler:{R.randint(1, 80)}",
            ),
            ("ec2_id", f"i-0{hexs(16)}"),
            ("sg_id", f"sg-0{hexs(16)}"),
            ("vpc_id", f"vpc-0{hexs(16)}"),
            ("ami_id", f"ami-0{hexs(16)}"),
            ("eni_id", f"eni-0{hexs(16)}"),
            ("gcp_sa_email", f"{svc}@acme-prod-42.iam.gserviceaccount.com"),
            ("aws_account_id", acct),
        ]
    )
    opts = [
        ("plain", "en", lambda: f"{val}"),
        ("note", "en", lambda: f"the thing that's failing is {val}"),
        (
            "tf",
            "en",
            lambda: (
                f"terraform import aws_{pick(['instance', 'security_group', 'iam_role'])}.this {val}"
            ),
        ),
        ("de", "de", lambda: f"Betroffene Ressource: {val} ({reg})"),
        (
            "fr",
            "fr",
            lambda: f"la ressource {val} est hors quota, ticket ouvert chez AWS",
        ),
        ("policy", "en", lambda: f'"Resource": "{val}"'),
    ]
    suf, lang, text = choose(opts)
    return text, val, f"{kind}.{lang}", f"c.arn.{suf}"


@gen(CLEAN_GENS, 9)
def c_public_keys():
    who = cpick(
        [
            "deploy@ci-runner-3",
            "ana@laptop",
            "backup@nas",
            "jenkins@build01",
            "ops@bastion",
        ]
    )
    line, fp = ed_pub_openssh(who)
    r = cidx(8)
    if r == 0:
        return (
            f"added to authorized_keys on the bastion:\n{line}",
            line,
            "ssh_public_key.en",
            "c.pubkey.authorized",
        )
    if r == 1:
        return (
            f"Host key fingerprint for bastion.acme.io is {fp} — verify before typing yes",
            fp,
            "ssh_fingerprint.en",
            "c.pubkey.fp",
        )
    if r == 2:
        return (
            f"Öffentlicher Schlüssel für den Deploy-User (darf man weitergeben): {line}",
            line,
            "ssh_public_key.de",
            "c.pubkey.de",
        )
    if r == 3:
        pem = ec_pub_pem()
        return (
            f"JWT verification key for the mobile app (public):\n{pem}",
            pem,
            "pem_public_key.en",
            "c.pubkey.pem",
        )
    if r == 4:
        pem, cfp = cert_pem(
            pick(["api.acme.io", "mqtt.acme-internal.net", "grafana.ops.acme.io"])
        )
        return (
            f"new leaf cert, SHA-256 fingerprint {cfp}\n{pem}",
            pem,
            "x509_certificate.en",
            "c.pubkey.cert",
        )
    if r == 5:
        _, cfp = cert_pem("pin")
        return (
            f"Android network_security_config pin: {cfp}",
            cfp,
            "cert_fingerprint.en",
            "c.pubkey.certfp",
        )
    if r == 6:
        g = " ".join(hexs(4).upper() for _ in range(10))
        return (
            f"release tarballs are signed with GPG key {g}",
            g,
            "gpg_fingerprint.en",
            "c.pubkey.gpg",
        )
    kh = f"github.com {line.split()[0]} {line.split()[1]}"
    return (
        f"known_hosts entry we pin in CI:\n{kh}",
        kh,
        "known_hosts.en",
        "c.pubkey.knownhosts",
    )


@gen(CLEAN_GENS, 7)
def c_base64_config():
    kind, raw, wrap = cpick(
        [
            (
                "base64_json_config",
                json.dumps(
                    {
                        "region": pick(REGIONS),
                        "log_level": pick(["info", "debug"]),
                        "features": ["search", "export"],
                    }
                ),
                "BUILD_CONFIG_B64={b}",
            ),
            (
                "base64_configmap",
                f"log_level={pick(['info', 'warn'])}\nworkers={R.randint(2, 16)}\ntimeout_ms={R.randint(500, 30000)}\n",
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {svc}-settings\nbinaryData:\n  app.properties: {b}",
            ),
            (
                "base64_cloud_init",
                "#cloud-config\npackages:\n  - htop\n  - jq\ntimezone: Europe/Berlin\n",
                'user_data = "{b}"',
            ),
            ("data_uri_png", None, '<img alt="dot" src="data:image/png;base64,{b}">'),
            (
                "base64_text",
                pick(
                    [
                        "Hello, world!",
                        "feature-flags: dark_mode=on",
                        "acme build 2025.03",
                        '{"alg":"RS256","kid":"k1"}',
                    ]
                ),
                "echo {b} | base64 -d   # just the banner text",
            ),
            (
                "jwt_header",
                json.dumps(
                    {
                        "alg": pick(["RS256", "ES256", "EdDSA"]),
                        "kid": hexs(16),
                        "typ": "JWT",
                    },
                    separators=(",", ":"),
                ),
                "JWT header only (no payload/sig) from the failing request: {b}",
            ),
            (
                "jwt_header",
                json.dumps({"alg": "RS256", "typ": "JWT"}, separators=(",", ":")),
                "all our tokens start with {b} because the header is always the same",
            ),
        ]
    )
    if raw is None:
        b = (
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
            + rs(B62, 8)
            + "AAAAASUVORK5CYII="
        )
    elif kind == "jwt_header":
        b = base64.urlsafe_b64encode(raw.encode()).rstrip(b"=").decode()
    else:
        b = base64.b64encode(raw.encode()).decode()
    return wrap.format(b=b, svc=pick(SERVICES)), b, f"{kind}.en", f"c.b64.{kind}"


@gen(CLEAN_GENS, 4)
def c_jwt_header():
    hdr = {
        "alg": pick(["RS256", "ES256", "EdDSA", "PS256"]),
        "typ": "JWT",
        "kid": pick(
            [hexs(16), uuid4(), f"key-{R.randint(2023, 2025)}-{R.randint(1, 12):02d}"]
        ),
    }
    js = json.dumps(hdr, separators=(",", ":"))
    b = base64.urlsafe_b64encode(js.encode()).rstrip(b"=").decode()
    kid = hdr["kid"]
    kind, val, t = cpick(
        [
            (
                "jwt_header",
                b,
                f"only the first segment of the token shows up in the proxy log: {b}.<payload stripped>",
            ),
            (
                "jwt_header_decoded",
                js,
                f"decoded JWT header of the rejected token: {js} — kid not in our JWKS",
            ),
            (
                "jwks_kid",
                kid,
                f"rotated the signing key; new kid {kid}, old one stays in the JWKS for 24h",
            ),
            (
                "jwt_header",
                b,
                f"Header des Tokens (nur Teil 1): {b} → alg {hdr['alg']}, also asymmetrisch",
            ),
            (
                "jwks_public",
                (n := base64.urlsafe_b64encode(R.randbytes(32)).rstrip(b"=").decode()),
                f'{{"keys":[{{"kty":"OKP","crv":"Ed25519","kid":"{kid}","x":"{n}"}}]}}',
            ),
        ]
    )
    lang = "de" if t.startswith("Header") else "en"
    return t, val, f"{kind}.{lang}", f"c.jwthdr.{kind}"


@gen(CLEAN_GENS, 9)
def c_placeholders():
    kind, val, text = cpick(
        [
            (
                "placeholder",
                "<YOUR_API_KEY>",
                'curl https://api.acme.io/v2/items -H "Authorization: Bearer <YOUR_API_KEY>"',
            ),
            (
                "placeholder",
                "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
                "# .env.example\nSTRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx\nSTRIPE_WEBHOOK_SECRET=whsec_...",
            ),
            (
                "placeholder",
                "${DB_PASSWORD}",
                "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app",
            ),
            (
                "placeholder",
                "{{ .Values.redis.password }}",
                '        - name: REDIS_PASSWORD\n          value: "{{ .Values.redis.password }}"',
            ),
            (
                "placeholder",
                "your-token-here",
                'token = "your-token-here"  # replace before running',
            ),
            ("placeholder", "REPLACE_ME", "aws_secret_access_key = REPLACE_ME"),
            ("placeholder", "<password>", "mysql -u root -p'<password>' -h 127.0.0.1"),
            (
                "placeholder",
                "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
                "Tokens look like ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX; never paste a real one in an issue.",
            ),
            (
                "placeholder",
                "xxxx-xxxx-xxxx",
                "Lizenzschlüssel im Format xxxx-xxxx-xxxx eingeben (steht auf der Rechnung)",
            ),
            (
                "placeholder",
                "TU_CLAVE_AQUI",
                "En el archivo config.ini pon api_key = TU_CLAVE_AQUI y reinicia",
            ),
            (
                "placeholder",
                "%(password)s",
                "dsn = 'host=%(host)s user=%(user)s password=%(password)s'",
            ),
            ("placeholder", "********", "pgpass template: *:5432:*:app:********"),
            (
                "placeholder",
                "$SLACK_WEBHOOK_URL",
                'curl -X POST -d @payload.json "$SLACK_WEBHOOK_URL"',
            ),
        ]
    )
    lang = (
        "de"
        if text.startswith("Lizenz")
        else ("es" if text.startswith("En el") else "en")
    )
    return (
        text,
        val,
        f"{kind}.{lang}",
        "c.placeholder." + hashlib.md5(val.encode()).hexdigest()[:6],
    )


@gen(CLEAN_GENS, 9)
def c_masked():
    kind, val, text = cpick(
        [
            (
                "masked_card",
                (m := f"•••• {digits(4)}"),
                f"Paid with Visa {m}, receipt in Drive",
            ),
            (
                "masked_card",
                (m2 := f"**** **** **** {digits(4)}"),
                f"Karte {m2} wurde belastet: {R.randint(12, 400)},{R.randint(0, 99):02d} €",
            ),
            (
                "masked_key",
                (k := "sk-..." + rs(B62, 4)),
                f"the key ending {k} is the one the billing team uses",
            ),
            (
                "masked_key",
                (k2 := "AKIA" + "*" * 12 + rs(UP, 4)),
                f"CloudTrail: access key {k2} used from unusual IP, disabled it",
            ),
            (
                "redacted",
                "[REDACTED]",
                "config dump: db.user=app db.password=[REDACTED] db.pool=20",
            ),
            ("redacted", "<redacted>", "Authorization: Bearer <redacted>"),
            (
                "masked_iban",
                (ib := f"DE** **** **** **** **{digits(2)} {digits(2)}"),
                f"Lastschrift von Konto {ib} eingegangen",
            ),
            (
                "masked_phone",
                (mp := f"+49 1** *** **{digits(2)}"),
                f"SMS-Code wurde an {mp} gesendet",
            ),
            (
                "masked_email",
                (
                    me
                    := f"{pick(LO)}***{pick(LO)}@{pick(['gmail.com', 'web.de', 'outlook.com'])}"
                ),
                f"reset link sent to {me}",
            ),
            (
                "masked_token",
                (mt := "ghp_" + "*" * 36),
                f"GitHub Actions log shows {mt} (masked, fine)",
            ),
            (
                "masked_card",
                (m3 := f"XXXX-XXXX-XXXX-{digits(4)}"),
                f"Tarjeta terminada en {m3[-4:]} ({m3})",
            ),
            (
                "masked_secret",
                (ms := "•" * 12),
                f"the 1Password item shows {ms} until you click reveal",
            ),
        ]
    )
    lang = (
        "de"
        if text.startswith(("Karte", "Lastschrift", "SMS"))
        else ("es" if text.startswith("Tarjeta") else "en")
    )
    return text, val, f"{kind}.{lang}", f"c.masked.{kind}"


@gen(CLEAN_GENS, 8)
def c_env_names_and_refs():
    svc = pick(SERVICES)
    kind, val, text = cpick(
        [
            (
                "env_var_names",
                "OPENAI_API_KEY",
                "set OPENAI_API_KEY and ANTHROPIC_API_KEY in your shell before running the eval",
            ),
            (
                "env_var_names",
                "AWS_SECRET_ACCESS_KEY",
                "unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN  # fall back to SSO profile",
            ),
            (
                "env_var_names",
                "STRIPE_SECRET_KEY",
                "Die App liest STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET aus der Umgebung, nicht aus der config.yaml",
            ),
            (
                "gha_secret_ref",
                "${{ secrets.NPM_TOKEN }}",
                "      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
            ),
            (
                "vault_ref",
                f"secret/data/prod/{svc}",
                f"vault kv get -field=password secret/data/prod/{svc}",
            ),
            (
                "op_ref",
                f"op://Infra/{svc}-db/password",
                f"DB_PASSWORD=op://Infra/{svc}-db/password  # resolved by `op run`",
            ),
            (
                "ssm_ref",
                f"/prod/{svc}/db_password",
                f"aws ssm get-parameter --name /prod/{svc}/db_password --with-decryption",
            ),
            (
                "gcp_secret_ref",
                (
                    gs
                    := f"projects/{digits(12, True)}/secrets/{svc}-api-key/versions/latest"
                ),
                f"secretKeyRef: {gs}",
            ),
            (
                "keyvault_ref",
                f"https://kv-{svc}-prod.vault.azure.net/secrets/DbPassword",
                f"@Microsoft.KeyVault(SecretUri=https://kv-{svc}-prod.vault.azure.net/secrets/DbPassword/)",
            ),
            (
                "k8s_secret_ref",
                f"{svc}-db",
                f"env:\n- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: {svc}-db\n      key: password",
            ),
            (
                "sops_encrypted",
                (
                    enc
                    := f"ENC[AES256_GCM,data:{base64.b64encode(R.randbytes(18)).decode()},iv:{base64.b64encode(R.randbytes(32)).decode()},tag:{base64.b64encode(R.randbytes(16)).decode()},type:str]"
                ),
                f"db_password: {enc}",
            ),
            (
                "runbook_ref",
                "1Password",
                f"Runbook {svc}: the DB password is NOT in this doc. Get it from 1Password vault 'Prod' item '{svc}-db', rotate via the Vault UI afterwards.",
            ),
            (
                "runbook_ref",
                "Vault",
                f"Notfall: Passwort steht im Vault unter kv/prod/{svc}, Zugriff nur mit Break-Glass-Rolle",
            ),
            (
                "runbook_ref",
                "Secrets Manager",
                f"Tras la rotación, la nueva contraseña está en Secrets Manager (prod/{svc}/db). No la copies aquí.",
            ),
        ]
    )
    lang = (
        "de"
        if text.startswith(("Die App", "Notfall"))
        else ("es" if text.startswith("Tras") else "en")
    )
    return text, val, f"{kind}.{lang}", f"c.ref.{kind}"


@gen(CLEAN_GENS, 7)
def c_doc_examples():
    kind, val, text = cpick(
        [
            (
                "aws_doc_example_key",
                "AKIAIOSFODNN7EXAMPLE",
                "The AWS docs use AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY as sample credentials; our linter allowlists them.",
            ),
            (
                "stripe_test_card",
                "4242 4242 4242 4242",
                "Stripe test card 4242 4242 4242 4242, any future expiry, any CVC — use it on staging",
            ),
            (
                "stripe_test_card",
                "4000 0027 6000 3184",
                "for the 3DS flow use test card 4000 0027 6000 3184 (Stripe docs)",
            ),
            (
                "example_email",
                "jane.doe@example.com",
                "In the API docs the sample user is jane.doe@example.com, keep it that way",
            ),
            (
                "example_phone",
                (ep := "(555) 010-" + digits(2)),
                "Placeholder phone in the signup form mockup: " + ep,
            ),
            (
                "doc_ip",
                (dip := "192.0.2." + str(R.randint(1, 254))),
                "docs snippet uses " + dip + " (TEST-NET-1) as the server address",
            ),
            (
                "example_iban",
                "DE89 3704 0044 0532 0130 00",
                "Die Beispiel-IBAN aus der Doku (DE89 3704 0044 0532 0130 00) schlägt im Validator korrekt an.",
            ),
            (
                "jwt_io_sample",
                "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
                "the default token on jwt.io (John Doe, secret 'your-256-bit-secret') is eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c — handy for parser tests",
            ),
            (
                "example_domain",
                "https://api.example.com/v1/users/{id}",
                "OpenAPI server: https://api.example.com/v1/users/{id}",
            ),
            (
                "test_card",
                "5555 5555 5555 4444",
                "Mastercard-Testkarte 5555 5555 5555 4444 für die Sandbox",
            ),
            (
                "example_ssn_format",
                "XXX-XX-XXXX",
                "US SSN field mask is XXX-XX-XXXX; we only store the last four",
            ),
        ]
    )
    lang = "de" if text.startswith(("Die Beispiel", "Mastercard")) else "en"
    return text, val, f"{kind}.{lang}", f"c.docex.{kind}"


@gen(CLEAN_GENS, 8)
def c_versions_builds():
    kind, val, text = cpick(
        [
            (
                "version",
                (v := f"{R.randint(1, 5)}.{R.randint(0, 30)}.{R.randint(0, 20)}"),
                f"bumped {pick(['django', 'fastapi', 'react', 'kafka-clients', 'openssl'])} to {v}, changelog mentions a breaking change in timeouts",
            ),
            (
                "build_number",
                (b := str(R.randint(10000, 999999))),
                f"build #{b} green, promoting to staging",
            ),
            (
                "chrome_version",
                (
                    cv
                    := f"{R.randint(120, 134)}.0.{R.randint(6000, 6999)}.{R.randint(10, 220)}"
                ),
                f"repro only on Chrome {cv} (Windows)",
            ),
            (
                "kernel",
                (k := f"6.{R.randint(1, 11)}.0-{R.randint(10, 60)}-generic"),
                f"nodes upgraded to kernel {k}, reboot wave done",
            ),
            (
                "semver_meta",
                (
                    sm
                    := f"{R.randint(1, 3)}.{R.randint(0, 9)}.{R.randint(0, 9)}-rc.{R.randint(1, 5)}+build.{R.randint(100, 9999)}"
                ),
                f"release candidate {sm} tagged",
            ),
            (
                "android_version_code",
                (vc := str(R.randint(100000, 9999999))),
                f"versionCode {vc}, versionName {R.randint(3, 9)}.{R.randint(0, 20)}.{R.randint(0, 9)}",
            ),
            (
                "firmware",
                (fw := f"{R.randint(7, 8)}.{R.randint(0, 9)}{R.randint(0, 9)}"),
                f"FRITZ!OS {fw} ist drauf, Neustart heute Nacht",
            ),
            (
                "ios_build",
                (ib := f"{R.randint(20, 23)}{pick('ABCDEFG')}{R.randint(10, 999)}"),
                f"iOS build {ib} fixes the bluetooth bug",
            ),
            (
                "db_version",
                (dv := f"PostgreSQL {R.randint(13, 17)}.{R.randint(1, 9)}"),
                f"RDS minor upgrade to {dv} scheduled in the maintenance window",
            ),
            (
                "windows_build",
                (wb := f"10.0.{R.randint(19041, 26100)}.{R.randint(1000, 4500)}"),
                f"Windows {wb} — KB update failing with 0x800f081f",
            ),
        ]
    )
    lang = "de" if "ist drauf" in text else "en"
    return text, val, f"{kind}.{lang}", f"c.version.{kind}"


@gen(CLEAN_GENS, 8)
def c_log_numbers():
    kind, val, text = cpick(
        [
            (
                "epoch_ms",
                (e := str(R.randint(1_700_000_000_000, 1_760_000_000_000))),
                f'{{"ts":{e},"level":"warn","msg":"retrying","attempt":{R.randint(2, 5)}}}',
            ),
            (
                "kafka_offset",
                (o := str(R.randint(10_000_000, 9_999_999_999))),
                f"consumer group {pick(SERVICES)} lag: partition {R.randint(0, 23)} at offset {o}, end {int(o) + R.randint(10, 90000)}",
            ),
            (
                "bytes",
                (by := str(R.randint(10**9, 10**12))),
                f"backup finished: {by} bytes in {R.randint(100, 9000)}s",
            ),
            (
                "pid",
                (p := str(R.randint(1000, 4194304))),
                f"OOM killer took out pid {p} ({pick(SERVICES)}), rss {R.randint(1000, 8000)}MB",
            ),
            (
                "snowflake_id",
                (sf := str(R.randint(10**17, 10**19 - 1))),
                f"Discord message {sf} is the one with the outage announcement",
            ),
            (
                "inode",
                (ino := str(R.randint(10**6, 10**9))),
                f"du and df disagree; deleted-but-open file inode {ino}",
            ),
            (
                "latency",
                (lat := f"p99={R.randint(200, 4000)}ms"),
                f"checkout {lat} p50={R.randint(20, 180)}ms over {R.randint(10**5, 10**7)} requests",
            ),
            (
                "lsn",
                (lsn := f"{R.randint(1, 15):X}/{hexs(8).upper()}"),
                f"replica replay_lsn {lsn}, lag {R.randint(1, 900)} MB",
            ),
            (
                "exit_code",
                (ec_ := str(pick([137, 139, 143, 1, 2]))),
                f"container exited with code {ec_} after {R.randint(3, 400)} restarts",
            ),
            (
                "http_log",
                (ip := f"203.0.113.{R.randint(1, 254)}"),
                f'{ip} - - [{rand_date(2025, 2025).strftime("%d/%b/%Y")}:{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d} +0000] "GET /healthz HTTP/1.1" 200 {R.randint(2, 90)}',
            ),
            (
                "errno",
                (er := f"0x{hexs(8).upper()}"),
                f"driver crash with stop code {er}",
            ),
        ]
    )
    return text, val, f"{kind}.en", f"c.lognum.{kind}"


def price(lang: str, lo: int = 3, hi: int = 2400) -> str:
    a = R.randint(lo, hi)
    c = R.randint(0, 99)
    return {
        "en": pick([f"${a}.{c:02d}", f"£{a}.{c:02d}", f"USD {a}.{c:02d}"]),
        "de": f"{a},{c:02d} €",
        "fr": f"{a},{c:02d} €",
        "es": f"{a},{c:02d} €",
        "it": f"€ {a},{c:02d}",
        "pt": f"R$ {a},{c:02d}",
        "ja": f"¥{a * 150:,}",
        "zh": f"¥{a}.{c:02d}",
        "pl": f"{a},{c:02d} zł",
        "nl": f"€ {a},{c:02d}",
        "sv": f"{a * 11} kr",
        "ko": f"{a * 1400:,}원",
        "tr": f"{a * 35:,} TL",
        "hi": f"₹{a * 90:,}",
    }.get(lang, f"${a}.{c:02d}")


@gen(CLEAN_GENS, 10)
def c_orders():
    lang = cpick(["en", "de", "fr", "es", "it", "pt", "ja", "zh", "pl", "nl"])
    kind, num = cpick(
        [
            ("amazon_order", f"{R.randint(111, 499)}-{digits(7)}-{digits(7)}"),
            ("shop_order", f"#{R.randint(1000, 99999)}"),
            ("ebay_order", f"{R.randint(10, 27)}-{digits(5)}-{digits(5)}"),
            ("aliexpress_order", digits(16, True)),
            ("ikea_order", digits(10, True)),
            ("zalando_order", digits(14, True)),
            ("jd_order", digits(12, True)),
            ("invoice_number", f"RE-{R.randint(2024, 2025)}-{R.randint(1, 9999):05d}"),
        ]
    )
    item = cpick(
        [
            "Kaffeemühle",
            "standing desk",
            "running shoes",
            "LEGO 10497",
            "air fryer",
            "cuffie Sony WH-1000XM5",
            "mochila",
            "電動歯ブラシ",
            "扫地机器人",
            "fietsslot",
        ]
    )
    p = price(lang)
    t = {
        "en": pick(
            [
                f"Order {num} ({item}, {p}) arrives Thursday",
                f"return window for order {num} closes on {short_date('en')}",
                f"refund for {num} came through: {p}",
            ]
        ),
        "de": pick(
            [
                f"Bestellung {num}: {item} für {p}, Lieferung Mo–Mi",
                f"Rechnungsnr. {num} über {p} ist bezahlt",
            ]
        ),
        "fr": f"commande {num} — {item}, {p}, retour possible jusqu'au {short_date('fr')}",
        "es": f"pedido {num} ({item}) por {p}, llega el martes",
        "it": f"ordine n. {num}: {item}, {p}",
        "pt": f"pedido {num} de {p} saiu para entrega",
        "ja": f"注文番号 {num}（{item}、{p}）は明日到着予定",
        "zh": f"订单号 {num}，{item}，实付 {p}",
        "pl": f"zamówienie {num} za {p} — zwrot do {short_date('pl')}",
        "nl": f"bestelling {num} ({item}) à {p} is onderweg",
    }[lang]
    return t, num, f"{kind}.{lang}", f"c.order.{lang}"


@gen(CLEAN_GENS, 9)
def c_tracking():
    kind, num = cpick(
        [
            (
                "ups_tracking",
                "1Z" + rs(UP + DG, 6) + pick(["01", "02", "03", "12"]) + digits(8),
            ),
            ("dhl_tracking", "JJD" + digits(18)),
            ("dhl_paket", digits(20, True)),
            ("dhl_express", digits(10, True)),
            (
                "usps_tracking",
                "9400 " + " ".join(digits(4) for _ in range(4)) + " " + digits(2),
            ),
            ("royal_mail", rs(UP, 2) + digits(9) + "GB"),
            ("postnl", "3S" + rs(UP, 4) + digits(9)),
            ("china_post", "LP" + digits(14)),
            ("yamato", digits(4) + "-" + digits(4) + "-" + digits(4)),
            ("fedex", digits(12, True)),
        ]
    )
    lang = cpick(["en", "de", "fr", "es", "ja", "nl", "it", "zh"])
    t = {
        "en": pick(
            [
                f"tracking {num} — stuck in customs since Monday",
                f"package is with {kind.split('_')[0].upper()}, number {num}",
                f"parcel {num} delivered to the front desk at work",
            ]
        ),
        "de": pick(
            [
                f"Sendungsnummer {num}, liegt in der Packstation",
                f"Paket {num} ist im Zustellfahrzeug",
            ]
        ),
        "fr": f"numéro de suivi {num}, livraison prévue demain",
        "es": f"número de seguimiento {num} — en reparto",
        "ja": f"追跡番号 {num}、明日午前着",
        "nl": f"track & trace {num}, ligt bij het afhaalpunt",
        "it": f"codice di tracciamento {num}, consegna in settimana",
        "zh": f"快递单号 {num}，已到达分拣中心",
    }[lang]
    return t, num, f"{kind}.{lang}", f"c.tracking.{lang}"


@gen(CLEAN_GENS, 11)
def c_travel():
    fl, al = flight()
    ref = pnr()
    s = seat()
    tkt = f"{pick(['220', '057', '125', '074', '235', '205'])}-{digits(10)}"
    gate = f"{pick('ABCDEKZ')}{R.randint(1, 60)}"
    lang = cpick(["en", "de", "fr", "es", "it", "pt", "ja", "zh", "ko", "tr", "nl"])
    dep = f"{R.randint(5, 23):02d}:{pick(['05', '15', '20', '35', '40', '55'])}"
    travel_opts = [
        (
            "flight_booking",
            ref,
            {
                "en": f"Booked {fl} {pick(AIRPORTS)}–{pick(AIRPORTS)} on {short_date('en')}, dep {dep}, PNR {ref}, seat {s}",
                "de": f"Flug {fl} am {short_date('de')} um {dep}, Buchungscode {ref}, Sitz {s}",
                "fr": f"vol {fl} le {short_date('fr')}, départ {dep}, réf. {ref}, siège {s}",
                "es": f"vuelo {fl}, localizador {ref}, asiento {s}, salida {dep}",
                "it": f"volo {fl} del {short_date('it')}, codice prenotazione {ref}, posto {s}",
                "pt": f"voo {fl}, localizador {ref}, assento {s}, embarque {dep}",
                "ja": f"{al} {fl}便、予約番号 {ref}、座席 {s}、{dep}発",
                "zh": f"航班 {fl}，预订编号 {ref}，座位 {s}，{dep} 起飞",
                "ko": f"{fl}편 예약번호 {ref}, 좌석 {s}, {dep} 출발",
                "tr": f"{fl} uçuşu, PNR {ref}, koltuk {s}, kalkış {dep}",
                "nl": f"vlucht {fl}, boekingscode {ref}, stoel {s}, vertrek {dep}",
            }[lang],
        ),
        (
            "eticket_number",
            tkt,
            f"e-ticket {tkt} for {fl}, changed to the later flight, fee {price('en', 25, 180)}",
        ),
        (
            "gate_change",
            gate,
            f"{fl} now boards from gate {gate}, terminal {R.randint(1, 5)}",
        ),
        (
            "train_booking",
            (db := digits(12, True)),
            f"DB Auftragsnummer {db}, ICE {R.randint(500, 1999)}, Wagen {R.randint(1, 14)} Platz {R.randint(11, 128)}",
        ),
        (
            "hotel_booking",
            (hb := digits(10, True)),
            f"Booking.com confirmation {hb}, PIN-free check-in from 15:00, {price('en')} total",
        ),
        (
            "car_rental",
            (cr := rs(UP, 2) + digits(8)),
            f"rental car reservation {cr}, pick-up desk in {pick(AIRPORTS)} arrivals hall",
        ),
        (
            "baggage_tag",
            (bt := cpick(["LH", "AF", "BA", "KL"]) + digits(6)),
            f"delayed bag, file reference {pick(AIRPORTS)}{bt}",
        ),
    ]
    kind, val, t = cpick(travel_opts[:1] * 4 + travel_opts[1:])

    lang2 = (
        lang
        if kind == "flight_booking"
        else ("de" if kind == "train_booking" else "en")
    )
    return t, val, f"{kind}.{lang2}", f"c.travel.{kind}"


@gen(CLEAN_GENS, 6)
def c_support_tickets():
    kind, val, t = cpick(
        [
            (
                "support_case",
                (a := digits(11, True)),
                f"Apple support case {a}, they'll send a box for the repair",
            ),
            (
                "ticket",
                (j := f"{pick(['OPS', 'SRE', 'PLAT', 'BILL'])}-{R.randint(100, 9999)}"),
                f"tracked in {j}, ETA end of sprint",
            ),
            (
                "zendesk",
                (z := f"#{R.randint(100000, 9999999)}"),
                f"Zendesk {z}: customer wants an invoice with VAT shown",
            ),
            (
                "warranty_claim",
                (w := f"RMA-{digits(8)}"),
                f"Garantiefall {w} eröffnet, Gerät einschicken",
            ),
            (
                "vendor_case",
                (v := f"{R.randint(10**9, 10**10 - 1)}"),
                f"AWS support case {v} — quota increase for g5 instances",
            ),
            (
                "insurance_claim_company",
                (ic := f"SCH-{R.randint(2024, 2025)}-{digits(6)}"),
                f"Schadennummer der Firmenhaftpflicht: {ic}",
            ),
            (
                "cve",
                (c := f"CVE-{R.randint(2021, 2025)}-{R.randint(1000, 49999)}"),
                f"patched {c} in the base image",
            ),
        ]
    )
    lang = "de" if t.startswith(("Garantie", "Schaden")) else "en"
    return t, val, f"{kind}.{lang}", f"c.ticket.{kind}"


@gen(CLEAN_GENS, 9)
def c_prices_measurements():
    lang = cpick(
        ["en", "de", "fr", "es", "it", "ja", "zh", "pt", "pl", "sv", "ko", "tr", "hi"]
    )
    kind, val, t = cpick(
        [
            (
                "price",
                (p := price(lang)),
                {
                    "en": f"the plumber quoted {p} incl. parts",
                    "de": f"Handwerker-Angebot: {p} inkl. MwSt.",
                    "fr": f"devis du plombier : {p} TTC",
                    "es": f"el fontanero pidió {p}",
                    "it": f"preventivo idraulico {p}",
                    "ja": f"修理の見積もりは{p}",
                    "zh": f"维修报价 {p}",
                    "pt": f"orçamento do encanador: {p}",
                    "pl": f"hydraulik wycenił na {p}",
                    "sv": f"rörmokaren offererade {p}",
                    "ko": f"수리 견적 {p}",
                    "tr": f"tesisatçı {p} istedi",
                    "hi": f"प्लंबर का अनुमान {p}",
                }[lang],
            ),
            (
                "measurement",
                (m := f"{R.randint(180, 420)} × {R.randint(200, 380)} cm"),
                f"living room wall is {m}, sofa must be under 240 wide",
            ),
            (
                "measurement",
                (m2 := f"{R.randint(20, 95)}.{R.randint(0, 9)} kWh"),
                f"Stromverbrauch letzte Woche: {m2}",
            ),
            (
                "measurement",
                (m3 := f"{R.randint(4, 9)},{R.randint(0, 9)} l/100 km"),
                f"consommation sur l'autoroute : {m3}",
            ),
            (
                "measurement",
                (m4 := f"{R.randint(150, 900)} g"),
                f"receta: {m4} de harina, 2 huevos, 250 ml de leche",
            ),
            (
                "measurement",
                (m5 := f"{R.randint(18, 26)}.{R.randint(0, 9)} °C"),
                f"server room temp {m5}, humidity {R.randint(30, 60)}%",
            ),
            (
                "measurement",
                (m6 := f"{R.randint(1, 6)}.{R.randint(0, 99):02d} MB"),
                f"bundle size went from {m6} to {R.randint(1, 6)}.{R.randint(0, 99):02d} MB after tree shaking",
            ),
            (
                "tyre_size",
                (
                    ty
                    := f"{pick([205, 215, 225, 235])}/{pick([45, 50, 55, 60])} R{pick([16, 17, 18])} {R.randint(88, 99)}V"
                ),
                f"Reifengröße {ty}, Winterreifen bestellen",
            ),
            (
                "paint_code",
                (pc := f"RAL {R.randint(1000, 9023)}"),
                f"Fensterrahmen in {pc}",
            ),
        ]
    )
    lk = (
        lang
        if kind == "price"
        else (
            "de"
            if t.startswith(("Strom", "Reifen", "Fenster"))
            else (
                "fr"
                if t.startswith("cons")
                else ("es" if t.startswith("receta") else "en")
            )
        )
    )
    return t, val, f"{kind}.{lk}", f"c.measure.{kind}"


@gen(CLEAN_GENS, 6)
def c_dates():
    lang = cpick(["en", "de", "fr", "es", "it", "ja", "pt", "nl"])
    d = rand_date(2025, 2026)
    v = {
        "en": d.strftime("%A, %B %d"),
        "de": d.strftime("%d.%m.%Y"),
        "fr": d.strftime("%d/%m/%Y"),
        "es": d.strftime("%d/%m/%Y"),
        "it": d.strftime("%d/%m/%Y"),
        "ja": f"{d.year}年{d.month}月{d.day}日",
        "pt": d.strftime("%d/%m/%Y"),
        "nl": d.strftime("%d-%m-%Y"),
    }[lang]
    t = {
        "en": pick(
            [
                f"dentist moved to {v} at 9:40",
                f"quarterly planning on {v}, room 4.12",
                f"contract renewal due {v}",
            ]
        ),
        "de": pick([f"TÜV fällig am {v}", f"Elternabend am {v} um 19 Uhr"]),
        "fr": f"réunion de copro le {v} à 18h30",
        "es": f"la ITV del coche vence el {v}",
        "it": f"scadenza bollo auto: {v}",
        "ja": f"{v}にサーバー移行作業",
        "pt": f"prazo do IRPF: {v}",
        "nl": f"APK verloopt op {v}",
    }[lang]
    return t, v, f"date.{lang}", f"c.date.{lang}"


@gen(CLEAN_GENS, 9)
def c_business_phones():
    kind, val, t = cpick(
        [
            ("emergency_number", "112", "EU-weiter Notruf: 112, auch ohne SIM"),
            ("emergency_number", "911", "in the US just dial 911 for fire/ambulance"),
            (
                "public_hotline",
                "116 117",
                "ärztlicher Bereitschaftsdienst am Wochenende: 116 117",
            ),
            (
                "public_hotline",
                "0800 111 0 111",
                "Telefonseelsorge (kostenlos, 24h): 0800 111 0 111",
            ),
            ("public_hotline", "116 123", "Samaritans free helpline 116 123"),
            ("public_hotline", "988", "US Suicide & Crisis Lifeline: call or text 988"),
            ("public_hotline", "111", "NHS non-emergency: 111"),
            ("public_hotline", "1-800-222-1222", "Poison Control (US): 1-800-222-1222"),
            (
                "public_hotline",
                "3919",
                "violences femmes info : 3919, gratuit et anonyme",
            ),
            (
                "public_hotline",
                "030 2970",
                "DB Service-Hotline 030 2970 wegen der Erstattung anrufen",
            ),
            ("public_hotline", "15", "SAMU en France : composer le 15"),
            ("public_hotline", "110", "日本の警察は110番、救急・消防は119番"),
            ("public_hotline", "120", "急救电话 120，报警 110"),
        ]
    )
    lang = {
        "EU": "de",
        "ärzt": "de",
        "Tele": "de",
        "DB S": "de",
        "viol": "fr",
        "SAMU": "fr",
        "日本": "ja",
        "急救": "zh",
    }.get(t[:4], "en")
    if R.random() < 0.45:
        # a business with a generated but valid landline
        cc, fmt, biz, tmpl, l2 = cpick(
            [
                (
                    "DE",
                    lambda: "+49 89 " + digits(7, True),
                    "Pizzeria Da Marco",
                    "{b}, Tel. {v} – Mo Ruhetag",
                    "de",
                ),
                (
                    "DE",
                    lambda: "+49 30 " + digits(8, True),
                    "Zahnarztpraxis am Kollwitzplatz",
                    "Termin verschieben: {b}, {v}",
                    "de",
                ),
                (
                    "FR",
                    lambda: "+33 1 " + " ".join(digits(2) for _ in range(4)),
                    "Garage Renault Bastille",
                    "{b} : {v}, ouvert le samedi matin",
                    "fr",
                ),
                (
                    "GB",
                    lambda: "+44 20 7" + digits(3) + " " + digits(4),
                    "Hackney Bike Repairs",
                    "{b} — {v}, ask for the service desk",
                    "en",
                ),
                (
                    "US",
                    lambda: "+1 212-" + pick("2345679") + digits(2) + "-" + digits(4),
                    "Joe's Hardware (Broadway)",
                    "{b} main line {v}",
                    "en",
                ),
                (
                    "ES",
                    lambda: "+34 91 " + digits(3) + " " + digits(2) + " " + digits(2),
                    "Restaurante Casa Lucio",
                    "reservas en {b}: {v}",
                    "es",
                ),
                (
                    "IT",
                    lambda: "+39 06 " + digits(8, True),
                    "Hotel Colosseo Palace",
                    "reception {b}: {v}",
                    "it",
                ),
                (
                    "JP",
                    lambda: "+81 3-" + digits(4, True) + "-" + digits(4),
                    "ヨドバシカメラ 新宿西口本店",
                    "{b}の代表番号 {v}",
                    "ja",
                ),
            ]
        )
        v = until(fmt, lambda s: valid_phone(s))
        return (
            tmpl.format(b=biz, v=v),
            v,
            f"business_phone.{l2}",
            f"c.bizphone.{cc.lower()}",
        )
    return t, val, f"{kind}.{lang}", f"c.hotline.{val.replace(' ', '')}"


@gen(CLEAN_GENS, 8)
def c_business_addresses():
    kind, val, t = cpick(
        [
            (
                "landmark_address",
                "Champ de Mars, 5 Av. Anatole France, 75007 Paris",
                "meet at the Eiffel Tower south pillar — Champ de Mars, 5 Av. Anatole France, 75007 Paris",
            ),
            (
                "landmark_address",
                "Pariser Platz, 10117 Berlin",
                "Treffpunkt Brandenburger Tor, Pariser Platz, 10117 Berlin, 14 Uhr",
            ),
            (
                "company_address",
                "1600 Amphitheatre Parkway, Mountain View, CA 94043",
                "Google's HQ mailing address is 1600 Amphitheatre Parkway, Mountain View, CA 94043",
            ),
            (
                "landmark_address",
                "C/ de Mallorca, 401, 08013 Barcelona",
                "entradas para la Sagrada Família (C/ de Mallorca, 401, 08013 Barcelona) a las 10:15",
            ),
            (
                "landmark_address",
                "Piazza del Colosseo, 1, 00184 Roma RM",
                "biglietti Colosseo, ingresso da Piazza del Colosseo, 1, 00184 Roma RM",
            ),
            (
                "company_address",
                "Friedrichstraße 68, 10117 Berlin",
                "Unser Büro ist umgezogen: Friedrichstraße 68, 10117 Berlin, 3. OG",
            ),
            (
                "company_address",
                "Rathausmarkt 1, 20095 Hamburg",
                "Bürgerservice im Rathaus, Rathausmarkt 1, 20095 Hamburg",
            ),
            (
                "venue_address",
                "Museumplein 6, 1071 DJ Amsterdam",
                "Rijksmuseum tickets, Museumplein 6, 1071 DJ Amsterdam, slot 11:30",
            ),
            (
                "company_address",
                "1 Infinite Loop, Cupertino, CA 95014",
                "old Apple campus address: 1 Infinite Loop, Cupertino, CA 95014",
            ),
            (
                "venue_address",
                "東京都墨田区押上1-1-2",
                "東京スカイツリーの住所は東京都墨田区押上1-1-2",
            ),
            (
                "company_address",
                "Av. Paulista, 1578 - Bela Vista, São Paulo - SP",
                "o MASP fica na Av. Paulista, 1578 - Bela Vista, São Paulo - SP",
            ),
            (
                "company_address",
                "Westminster, London SW1A 0AA",
                "Houses of Parliament, Westminster, London SW1A 0AA",
            ),
            (
                "venue_address",
                "Calle Felipe IV, 28014 Madrid",
                "Museo del Prado, entrada por Calle Felipe IV, 28014 Madrid",
            ),
            (
                "company_address",
                f"{pick(['Industriestraße', 'Gewerbepark', 'Am Hafen'])} {R.randint(1, 40)}, {pick(['85748 Garching', '68167 Mannheim', '90411 Nürnberg'])}",
                None,
            ),
        ]
    )
    if t is None:
        t = cpick(
            [
                f"Lieferanschrift Lager (Firma): Acme Logistics GmbH, {val}",
                f"warehouse pickup at Acme Logistics GmbH, {val}, gate 3",
            ]
        )
    lang = (
        "de"
        if t.startswith(("Tref", "Unser", "Bürger", "Liefer"))
        else (
            "es"
            if t.startswith(("entradas", "Museo"))
            else (
                "it"
                if t.startswith("biglietti")
                else (
                    "ja"
                    if t.startswith("東京")
                    else ("pt" if t.startswith("o MASP") else "en")
                )
            )
        )
    )
    return t, val, f"{kind}.{lang}", f"c.bizaddr.{kind}"


@gen(CLEAN_GENS, 10)
def c_company_ids():
    kind, lang, val, t = cpick(
        [
            (
                "de_vat",
                "de",
                (v := "DE" + until(lambda: digits(9, True), de_vat.is_valid)),
                f"USt-IdNr. des Lieferanten: {v}, Reverse Charge auf der Rechnung vermerken",
            ),
            (
                "fr_siren",
                "fr",
                (
                    v := fr_siren.format(
                        until(lambda: digits(9, True), fr_siren.is_valid)
                    )
                ),
                f"SIREN du fournisseur : {v}",
            ),
            (
                "it_iva",
                "it",
                (v := until(lambda: digits(11), it_iva.is_valid)),
                f"P.IVA del ristorante per la fattura: {v}",
            ),
            (
                "nl_btw",
                "nl",
                (
                    v := until(
                        lambda: "NL" + digits(9) + "B" + digits(2), nl_btw.is_valid
                    )
                ),
                f"btw-nummer van de leverancier: {v}",
            ),
            (
                "gb_vat",
                "en",
                (v := until(lambda: "GB" + digits(9, True), gb_vat.is_valid)),
                f"supplier VAT reg no. {v} — needed for the expense report",
            ),
            (
                "at_uid",
                "de",
                (v := until(lambda: "ATU" + digits(8), at_uid.is_valid)),
                f"UID-Nummer der Agentur: {v}",
            ),
            (
                "ch_uid",
                "de",
                (
                    v := ch_uid.format(
                        until(lambda: "CHE" + digits(9, True), ch_uid.is_valid)
                    )
                ),
                f"UID Hotel Zürich: {v} MWST",
            ),
            (
                "br_cnpj",
                "pt",
                (v := br_cnpj.format(until(lambda: digits(14), br_cnpj.is_valid))),
                f"CNPJ da loja para a nota fiscal: {v}",
            ),
            (
                "us_ein",
                "en",
                (
                    v := until(
                        lambda: digits(2, True) + "-" + digits(7), us_ein.is_valid
                    )
                ),
                f"vendor W-9 lists EIN {v} (Acme Cleaning LLC)",
            ),
            (
                "kr_brn",
                "ko",
                (v := kr_brn.format(until(lambda: digits(10, True), kr_brn.is_valid))),
                f"거래처 사업자등록번호 {v}",
            ),
            (
                "jp_corporate_number",
                "ja",
                (v := until(lambda: digits(13, True), jp_cn.is_valid)),
                f"取引先の法人番号 {v}",
            ),
            (
                "in_gstin",
                "en",
                (
                    v := until(
                        lambda: (
                            pick(["27", "29", "07", "33"])
                            + rs(UP, 5)
                            + digits(4)
                            + pick(UP)
                            + pick("123")
                            + "Z"
                            + pick(UP + DG)
                        ),
                        in_gstin.is_valid,
                        400000,
                    )
                ),
                f"GSTIN on the hotel invoice: {v}",
            ),
            (
                "dk_cvr",
                "da",
                (v := until(lambda: digits(8, True), dk_cvr.is_valid)),
                f"CVR-nr. på fakturaen: {v}",
            ),
            (
                "no_orgnr",
                "nb",
                (v := until(lambda: pick("89") + digits(8), no_orgnr.is_valid)),
                f"org.nr. {v} MVA (leverandør)",
            ),
            (
                "se_orgnr",
                "sv",
                (
                    v := until(
                        lambda: "55" + digits(4) + "-" + digits(4), se_orgnr.is_valid
                    )
                ),
                f"organisationsnummer för bolaget: {v}",
            ),
            (
                "fi_ytunnus",
                "fi",
                (
                    v := until(
                        lambda: digits(7, True) + "-" + digits(1), fi_ytunnus.is_valid
                    )
                ),
                f"Y-tunnus {v} (toimittaja)",
            ),
            (
                "pl_nip",
                "pl",
                (v := pl_nip.format(until(lambda: digits(10, True), pl_nip.is_valid))),
                f"NIP firmy do faktury: {v}",
            ),
            (
                "es_cif",
                "es",
                (v := until(lambda: pick("ABB") + digits(8), es_cif.is_valid)),
                f"CIF de la empresa de mudanzas: {v}",
            ),
            (
                "de_hrb",
                "de",
                (v := f"HRB {R.randint(10000, 299999)}"),
                f"Impressum: Amtsgericht München, {v}",
            ),
            (
                "gb_company_number",
                "en",
                (v := digits(8)),
                f"Companies House number {v} — confirmed the supplier is active",
            ),
            ("lei", "en", (v := rs(UP + DG, 18) + digits(2)), f"counterparty LEI {v}"),
        ]
    )
    return t, val, f"{kind}.{lang}", f"c.company.{kind}"


@gen(CLEAN_GENS, 6)
def c_isbn_serials():
    r = cidx(7)
    if r <= 1:
        from stdnum import ean

        b = cpick(["9783", "9780", "9781", "97884", "97828"]) + digits(12 - 4)
        b = b[:12]
        v = b + ean.calc_check_digit(b)
        if R.random() < 0.5:
            try:
                v = std_isbn.format(v)
            except Exception:
                pass
        t = cpick(
            [
                f"book club pick, ISBN {v}",
                f"Buch bestellt: ISBN {v}",
                f"ISBN {v}, capítulo 4 para el jueves",
                f"図書館で予約 ISBN {v}",
            ]
        )
        lang = (
            "de"
            if t.startswith("Buch")
            else (
                "es" if "capítulo" in t else ("ja" if t.startswith("図書館") else "en")
            )
        )
        return t, v, f"isbn.{lang}", "c.isbn"
    if r == 2:
        v = cpick(["C02", "F4K", "DMP", "G6T"]) + rs(UP + DG, 9)
        return (
            f"MacBook serial {v}, AppleCare until {short_date('en')}",
            v,
            "product_serial.en",
            "c.serial.apple",
        )
    if r == 3:
        v = rs(UP + DG, 7)
        return (
            f"Dell service tag {v} — warranty lookup says next business day onsite",
            v,
            "service_tag.en",
            "c.serial.dell",
        )
    if r == 4:
        v = f"{digits(3)}.{digits(3)}.{digits(2)}"
        return (
            pick(
                [
                    f"IKEA Artikelnummer {v} (Regalboden), zwei Stück",
                    f"IKEA article {v}, aisle {R.randint(1, 40)} bin {R.randint(1, 30)}",
                ]
            ),
            v,
            "ikea_article.en",
            "c.serial.ikea",
        )
    if r == 5:
        b = "40" + digits(10)
        from stdnum import ean

        v = b + ean.calc_check_digit(b)
        return f"EAN {v} scannt nicht an der Kasse", v, "ean13.de", "c.serial.ean"
    v = f"E-Nr. {pick(['SMV', 'WAN', 'HBA'])}{digits(4)}{rs(UP, 2)}/{digits(2)} FD {digits(4)}"
    return (
        f"Spülmaschine Bosch {v}, Ersatzteil Pumpe bestellen",
        v,
        "appliance_model.de",
        "c.serial.bosch",
    )


@gen(CLEAN_GENS, 5)
def c_imei_lab():
    tac = cpick(
        [
            ("35332811", "iPhone 13"),
            ("35391110", "Galaxy S22"),
            ("35875610", "Pixel 7"),
            ("86753304", "Redmi Note 12"),
            ("35290611", "iPhone 14 Pro"),
        ]
    )
    body = tac[0] + digits(6)
    v = body + luhn.calc_check_digit(body)
    asset = f"QA-{R.randint(100, 999)}"
    opts = [
        (
            "pool",
            "en",
            lambda: (
                f"device lab pool: {tac[1]}, asset {asset}, IMEI {v}, Android/iOS test build installed"
            ),
        ),
        (
            "tac",
            "en",
            lambda: (
                f"TAC {tac[0]} = {tac[1]}; the lab unit with IMEI {v} is on the charging rack"
            ),
        ),
        (
            "de",
            "de",
            lambda: (
                f"Testgerät {asset} ({tac[1]}), IMEI {v}, gehört der Firma, bleibt im Labor"
            ),
        ),
        (
            "ci",
            "en",
            lambda: (
                f"Firebase Test Lab matrix failed on {tac[1]} (lab device IMEI {v})"
            ),
        ),
    ]
    suf, lang, text = choose(opts)
    return text, v, f"imei_lab_device.{lang}", f"c.imei.{suf}"


@gen(CLEAN_GENS, 8)
def c_scripts():
    r = cidx(10)
    if r == 0:
        v = to_script(digits(6, True), "ar")
        return (
            f"رقم الطلب {v} وصل إلى المستودع",
            v,
            "order_number.ar",
            "c.script.ar_order",
        )
    if r == 1:
        p = f"{R.randint(10, 999)}"
        v = to_script(p, "ar") + " ر.س"
        return f"سعر الشاحن {v} شامل الضريبة", v, "price.ar", "c.script.ar_price"
    if r == 2:
        d = rand_date(2025, 2026)
        v = to_script(
            f"{d.year - 621}/{R.randint(1, 12):02d}/{R.randint(1, 29):02d}", "fa"
        )
        return f"جلسه تیم روز {v} ساعت ۱۰ صبح", v, "date.fa", "c.script.fa_date"
    if r == 3:
        v = "₹" + to_script(f"{R.randint(1, 99)},{R.randint(100, 999)}", "hi")
        return (
            f"नए फ़ोन की कीमत {v} है, सेल में और कम होगी",
            v,
            "price.hi",
            "c.script.hi_price",
        )
    if r == 4:
        v = to_script(f"TH{digits(10)}", "th")
        return f"เลขพัสดุ {v} กำลังจัดส่ง", v, "tracking_number.th", "c.script.th_tracking"
    if r == 5:
        v = to_script(digits(10, True), "fw")
        return (
            f"ご注文番号：{v}　発送準備中です",
            v,
            "order_number.ja",
            "c.script.fw_order",
        )
    if r == 6:
        v = cpick(["二〇二五年三月十二日", "二〇二六年一月五日", "令和七年四月一日"])
        return f"契約更新は{v}まで", v, "date.ja", "c.script.kanji_date"
    if r == 7:
        v = to_script(f"{R.randint(1, 40)}", "bn") + " কেজি"
        return f"চালের বস্তা {v}, দাম বেড়েছে", v, "measurement.bn", "c.script.bn_weight"
    if r == 8:
        v = f"{R.randint(1, 9)}万{R.randint(1, 9)}千元"
        return f"装修预算大概{v}，下个月开工", v, "price.zh", "c.script.zh_price"
    v = to_script(f"{R.randint(100, 999)}", "ar")
    return (
        f"الرحلة {pick(['MS', 'EK', 'QR', 'SV'])} {v} متأخرة ساعتين",
        v,
        "flight_number.ar",
        "c.script.ar_flight",
    )


@gen(CLEAN_GENS, 5)
def c_business_emails_corp():
    kind, val, t = cpick(
        [
            (
                "business_email",
                "support@zalando.de",
                "Retoure klappt nicht, hab an support@zalando.de geschrieben",
            ),
            (
                "business_email",
                "privacy@acme.io",
                "data requests go to privacy@acme.io per the policy page",
            ),
            (
                "business_email",
                "noreply@github.com",
                "filter mails from noreply@github.com into the CI folder",
            ),
            (
                "business_email",
                "reservas@casalucio.es",
                "para grupos grandes escribir a reservas@casalucio.es",
            ),
            (
                "business_email",
                "security@acme.io",
                "report vulns to security@acme.io (PGP key on the website)",
            ),
            (
                "corporate_account",
                (ca := f"DE{digits(8)}"),
                f"Lufthansa Corporate-Vertrag der Firma, Firmenkennung {ca}, gilt für alle Dienstreisen",
            ),
            (
                "corporate_account",
                (bb := digits(8, True)),
                f"BahnCard Business – Firmenkundennummer {bb} bei Buchung angeben",
            ),
            (
                "corporate_account",
                (hh := f"CORP-{rs(UP, 3)}-{digits(5)}"),
                f"hotel corporate rate code {hh} (company agreement, not personal)",
            ),
            (
                "customer_number_company",
                (cn := digits(9, True)),
                f"Kundennummer unserer Firma beim Stromanbieter: {cn}",
            ),
            (
                "shared_mailbox",
                "ops-oncall@acme.io",
                "page ops-oncall@acme.io if the VPN is down",
            ),
        ]
    )
    lang = (
        "de"
        if t.startswith(("Retoure", "Lufthansa", "BahnCard", "Kunden"))
        else ("es" if t.startswith("para") else "en")
    )
    return t, val, f"{kind}.{lang}", f"c.bizmail.{kind}"


@gen(CLEAN_GENS, 10)
def c_mixed_runbook():
    """long-ish engineering notes dense with look-alikes but no secret"""
    svc = pick(SERVICES)
    acct = aws_account()
    reg = pick(REGIONS)
    sha = sha1()
    u = uuid4()
    dig = "sha256:" + sha256()
    r = cidx(6)
    if r == 0:
        t = (
            f"## {svc} rollback\n- image: ghcr.io/acme/{svc}@{dig}\n- last good commit {sha[:10]}\n- role arn:aws:iam::{acct}:role/{svc}-deploy\n"
            f"- creds: none here, CI uses OIDC (no static keys)\n- ping #{svc} when done"
        )
        return t, dig, "runbook_refs.en", "c.runbook.rollback"
    if r == 1:
        t = (
            f"postmortem {short_date('en')}: {svc} 5xx spike. trace {hexs(32)}, request ids in the sheet. Root cause: bad config "
            f"push (build {R.randint(1000, 99999)}, commit {sha[:8]}). Keys were NOT exposed; the leaked-looking string in the log was the sha256 of the payload."
        )
        return t, sha[:8], "postmortem.en", "c.runbook.pm"
    if r == 2:
        t = (
            f"Rotation erledigt: neuer Key liegt in Secrets Manager (prod/{svc}/api), alte Version deaktiviert. "
            f"KMS-Key {uuid4()} in {reg}. Kein Klartext im Ticket!"
        )
        return t, f"prod/{svc}/api", "runbook_refs.de", "c.runbook.rotation_de"
    if r == 3:
        t = (
            f'terraform plan: ~ aws_db_instance.{svc.replace("-", "_")}\n    instance_class: "db.r6g.large" -> "db.r6g.xlarge"\n'
            f'    password: (sensitive value)\n    id: "{svc}-prod"\nPlan: 0 to add, 1 to change, 0 to destroy.'
        )
        return t, "(sensitive value)", "terraform_plan.en", "c.runbook.tfplan"
    if r == 4:
        t = (
            f"kubectl get secret {svc}-tls -o jsonpath='{{.data.tls\\.crt}}' | base64 -d | openssl x509 -noout -enddate\n"
            f"notAfter={rand_date(2025, 2026).strftime('%b %d')} 12:00:00 {R.randint(2025, 2026)} GMT"
        )
        return t, f"{svc}-tls", "k8s_command.en", "c.runbook.certcheck"
    t = (
        f"Incident {u[:8]}: el job de {svc} falló con exit 137. Nodo ip-10-0-{R.randint(0, 255)}-{R.randint(1, 254)}.{reg}.compute.internal, "
        f"pod {svc}-{hexs(10)}-{rs(LO + DG, 5)}. Subido el límite a 2Gi."
    )
    return t, u[:8], "incident_note.es", "c.runbook.es"


@gen(CLEAN_GENS, 7)
def c_everyday_mixed():
    """everyday notes with numbers galore but nothing personal or secret"""
    fl, al = flight()
    r = cidx(6)
    if r == 0:
        ref = pnr()
        t = f"Packing list + trip: {fl}, booking ref {ref}, seat {seat()}, checked bag 23 kg, hotel check-in after 15:00, airport train every 10 min ({price('en', 4, 19)})."
        return t, ref, "trip_note.en", "c.everyday.trip"
    if r == 1:
        num = f"{R.randint(111, 499)}-{digits(7)}-{digits(7)}"
        t = f"Amazon hat die Erstattung für {num} bestätigt ({price('de')}), Karte endet auf {digits(4)}, Gutschrift in 3–5 Tagen"
        return t, num, "refund_note.de", "c.everyday.refund"
    if r == 2:
        v = f"{R.randint(100000, 999999)}"
        t = f"Reparatur: Auftragsnummer {v}, Abholung Fr 16:00, Kostenvoranschlag {price('de', 60, 900)}, Werkstatt Tel. 030 2970 war falsch, die haben eine eigene Nummer auf dem Zettel"
        return t, v, "repair_note.de", "c.everyday.repair"
    if r == 3:
        v = f"{R.randint(1, 30)}{pick('ABCDEF')}"
        t = f"concert tix: Block {R.randint(100, 540)}, Reihe {R.randint(1, 40)}, Platz {v}, Einlass 18:30, Ticket-ID {rs(UP + DG, 12)}"
        return t, v, "event_ticket.en", "c.everyday.concert"
    if r == 4:
        v = f"{R.randint(1, 12)}.{R.randint(1, 28)}.{R.randint(2025, 2026)}"
        t = f"Mietwagen: {pick(['VW Golf', 'Fiat 500', 'Toyota Yaris'])} oder ähnlich, Abholung {v} am Flughafen, Tankregel voll/voll, Kaution {price('de', 200, 1500)} (wird geblockt, nicht abgebucht)"
        return t, v, "rental_note.de", "c.everyday.rental"
    v = f"{R.randint(100, 999)}"
    t = f"réservation restaurant pour {R.randint(2, 8)} à 20h, table {v}, menu à {price('fr', 18, 75)} par personne, parking Indigo juste à côté"
    return t, v, "restaurant_note.fr", "c.everyday.resto"


# ----------------------------------------------------------------------------------------
# assembly
# ----------------------------------------------------------------------------------------
QUOTA = {"secret": 160, "pii": 160, "clean": 280}
BUCKETS = {"secret": SECRET_GENS, "pii": PII_GENS, "clean": CLEAN_GENS}


def row_id(text: str) -> str:
    return hashlib.sha256(("tune20\x00" + text).encode()).hexdigest()[:16]


def build() -> list[dict]:
    rows: list[dict] = []
    seen: set[str] = set()
    for label in ("secret", "pii", "clean"):
        gens = BUCKETS[label]
        total = sum(w for _, w in gens)
        exact = [QUOTA[label] * w / total for _, w in gens]
        alloc = [int(x) for x in exact]
        for i in sorted(range(len(gens)), key=lambda i: -(exact[i] - alloc[i]))[
            : QUOTA[label] - sum(alloc)
        ]:
            alloc[i] += 1
        plan = [g for (g, _), k in zip(gens, alloc) for _ in range(k)]
        n = 0
        attempts = 0
        while n < QUOTA[label]:
            attempts += 1
            if attempts > 50000:
                raise RuntimeError(label)
            g = plan[n]
            text, value, kind, template = g()
            if text in seen:
                continue
            assert value and value in text, (label, kind, template, value, text)
            seen.add(text)
            rows.append(
                {
                    "text": text,
                    "label": label,
                    "kind": kind,
                    "template": template,
                    "probe": PROBE,
                    "id": row_id(text),
                    "value": value,
                }
            )
            n += 1
    R.shuffle(rows)
    return rows


def main() -> None:
    rows = build()
    out = HERE / f"{SET}.jsonl"
    with out.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    c = Counter(r["label"] for r in rows)
    print(out, len(rows), dict(c))
    for label in ("secret", "pii", "clean"):
        kinds = Counter(r["kind"].split(".")[0] for r in rows if r["label"] == label)
        print(
            label,
            len(kinds),
            "kinds:",
            ", ".join(f"{k}={v}" for k, v in kinds.most_common()),
        )


if __name__ == "__main__":
    main()
