# ruff: noqa: E501, E731, E741
"""Labelled sensitivity set "sensitivity_blind16" (independent hand).

Emphasis: text an agent might paste into memory from support tickets, chat transcripts,
e-mails, shell history, CI/CD logs, application logs, .env / docker-compose files,
Kubernetes manifests, Helm values and Jupyter notebooks.  Personal data of customers and
employees from Europe, the Americas, Asia and Africa (national IDs made valid with
python-stdnum, phones valid per phonenumbers, addresses, birth dates, IBANs, cards) in the
languages of those countries; secrets of many SaaS providers and self-hosted systems; clean
look-alikes from the same kinds of files.

Writes sensitivity_blind16.jsonl next to this script: 600 rows (220 secret, 220 pii,
160 clean).  Deterministic: one seeded Random drives everything, key material is derived
from it (RSA primes by seeded Miller-Rabin, EC / Ed25519 from seeded bytes, the X.509
certificate is Ed25519-signed, which is deterministic).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import itertools
import json
import string
import zlib
from collections import Counter
from pathlib import Path
from random import Random

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import NameOID
from phonenumbers import PhoneNumberFormat as PNF
from phonenumbers import PhoneNumberType as PNT
from stdnum import iban as std_iban
from stdnum import luhn
from stdnum.ar import cuit as ar_cuit
from stdnum.at import vnr as at_vnr
from stdnum.be import nn as be_nn
from stdnum.bg import egn as bg_egn
from stdnum.br import cpf as br_cpf
from stdnum.ca import bc_phn as ca_bc_phn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.cl import rut as cl_rut
from stdnum.cn import ric as cn_ric
from stdnum.co import nit as co_nit
from stdnum.cz import rc as cz_rc
from stdnum.de import idnr as de_idnr
from stdnum.de import vat as de_vat
from stdnum.dk import cpr as dk_cpr
from stdnum.ec import ci as ec_ci
from stdnum.ee import ik as ee_ik
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fi import hetu as fi_hetu
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.gr import amka as gr_amka
from stdnum.hr import oib as hr_oib
from stdnum.id import nik as id_nik
from stdnum.ie import pps as ie_pps
from stdnum.il import idnr as il_idnr
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import pan as in_pan
from stdnum.it import codicefiscale as it_cf
from stdnum.jp import in_ as jp_in
from stdnum.ke import pin as ke_pin
from stdnum.kr import rrn as kr_rrn
from stdnum.lt import asmens as lt_asmens
from stdnum.mx import curp as mx_curp
from stdnum.my import nric as my_nric
from stdnum.nl import bsn as nl_bsn
from stdnum.no import fodselsnummer as no_fnr
from stdnum.pe import cui as pe_cui
from stdnum.pl import pesel as pl_pesel
from stdnum.pt import nif as pt_nif
from stdnum.ro import cnp as ro_cnp
from stdnum.se import personnummer as se_pnr
from stdnum.th import pin as th_pin
from stdnum.tr import tckimlik as tr_tc
from stdnum.us import ssn as us_ssn
from stdnum.za import idnr as za_idnr

PROBE = "sensitivity_blind16"
HERE = Path(__file__).resolve().parent
OUT = HERE / f"{PROBE}.jsonl"
R = Random(0xB116_2025)

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
HEX = "0123456789abcdef"
B62 = DG + UP + LO
ALNUM = UP + LO + DG
URLSAFE = ALNUM + "-_"
B64 = ALNUM + "+/"


def rs(r, n, alpha=ALNUM):
    return "".join(r.choice(alpha) for _ in range(n))


def dstr(r, n):
    return "".join(r.choice(DG) for _ in range(n))


def b62(n):
    out = ""
    while n:
        n, m = divmod(n, 62)
        out = B62[m] + out
    return out or "0"


def uuid4(r):
    h = rs(r, 32, HEX)
    h = h[:12] + "4" + h[13:16] + r.choice("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def b64url(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def ri(r, a, b):
    return r.randint(a, b)


def pick(r, seq):
    return r.choice(seq)


# ----------------------------------------------------------------------------------------------
# secret value generators
# ----------------------------------------------------------------------------------------------


def gh_token(r, prefix="ghp_"):
    body = rs(r, 30, B62)
    return prefix + body + b62(zlib.crc32(body.encode())).rjust(6, "0")


def gh_finegrained(r):
    return "github_pat_11" + rs(r, 20, UP + DG) + "_" + rs(r, 59, ALNUM)


def aws_pair(r, temp=False):
    kid = ("ASIA" if temp else "AKIA") + rs(r, 16, UP + "234567")
    sec = rs(r, 40, B64)
    return kid, sec


def glpat(r):
    return "glpat-" + rs(r, 20, URLSAFE)


def slack_bot(r):
    return f"xoxb-{dstr(r, 12)}-{dstr(r, 13)}-{rs(r, 24)}"


def slack_user(r):
    return f"xoxp-{dstr(r, 12)}-{dstr(r, 12)}-{dstr(r, 13)}-{rs(r, 32, HEX)}"


def slack_hook(r):
    return f"https://hooks.slack.com/services/T0{rs(r, 8, UP + DG)}/B0{rs(r, 9, UP + DG)}/{rs(r, 24)}"


def discord_hook(r):
    return f"https://discord.com/api/webhooks/{ri(r, 10**17, 10**18 - 1)}{ri(r, 0, 9)}/{rs(r, 68, URLSAFE)}"


def teams_hook(r, tenant):
    return (
        f"https://{tenant}.webhook.office.com/webhookb2/{uuid4(r)}@{uuid4(r)}/IncomingWebhook/"
        f"{rs(r, 32, HEX)}/{uuid4(r)}/V2{rs(r, 43, URLSAFE)}"
    )


def stripe_live(r, kind="sk"):
    return f"{kind}_live_51{rs(r, 14, ALNUM)}{rs(r, 83, ALNUM)}"


def stripe_whsec(r):
    return "whsec_" + rs(r, 32, ALNUM)


def openai_key(r):
    return "sk-proj-" + rs(r, 58, URLSAFE) + "T3BlbkFJ" + rs(r, 58, URLSAFE)


def anthropic_key(r):
    return "sk-ant-api03-" + rs(r, 93, URLSAFE) + "AA"


def google_key(r):
    return "AIza" + rs(r, 35, URLSAFE)


def gocspx(r):
    return "GOCSPX-" + rs(r, 28, URLSAFE)


def sendgrid(r):
    return "SG." + rs(r, 22, URLSAFE) + "." + rs(r, 43, URLSAFE)


def npm_tok(r):
    return "npm_" + rs(r, 36)


def pypi_tok(r):
    return "pypi-AgEIcHlwaS5vcmc" + rs(r, 160, URLSAFE)


def telegram(r):
    return f"{ri(r, 10**8, 10**10 - 1)}:AA{rs(r, 33, URLSAFE)}"


def hf_tok(r):
    return "hf_" + rs(r, 34, UP + LO)


def vault_tok(r):
    return "hvs." + rs(r, 24)


def dckr(r):
    return "dckr_pat_" + rs(r, 27, URLSAFE)


def azure_acct_key(r):
    return base64.b64encode(r.randbytes(64)).decode()


def azure_client_secret(r):
    return rs(r, 3) + "8Q~" + rs(r, 31, ALNUM + "_.~-")


def atlassian(r):
    return "ATATT3xFfGF0" + rs(r, 170, URLSAFE) + "=" + rs(r, 8, HEX.upper())


def human_pw(r):
    words = [
        "Sommer",
        "Winter",
        "Kaffee",
        "Sunshine",
        "Dragon",
        "Tigre",
        "Jardin",
        "Lua",
        "Mariposa",
        "Bulldog",
        "Kirsche",
        "Falcon",
        "Osito",
        "Nordlys",
        "Marmot",
        "Pomme",
        "Haizea",
        "Zorro",
    ]
    style = r.randint(0, 5)
    if style == 0:
        return pick(r, words) + str(ri(r, 1985, 2025)) + pick(r, "!?#$%*")
    if style == 1:
        return rs(r, ri(r, 12, 18), ALNUM + "!#%&*+-=?@^_")
    if style == 2:
        w = [
            pick(
                r,
                [
                    "correct",
                    "lampe",
                    "river",
                    "nube",
                    "gato",
                    "stone",
                    "piano",
                    "velo",
                    "kiwi",
                    "ocean",
                    "tamborim",
                    "fjell",
                ],
            )
            for _ in range(4)
        ]
        return pick(r, "-._").join(w) + str(ri(r, 1, 99))
    if style == 3:
        w = pick(r, words)
        tr = str.maketrans({"a": "@", "o": "0", "e": "3", "i": "1", "s": "$"})
        return (
            w.lower().translate(tr)
            + pick(r, ["!", "#1", "_77", "2024", "&&"])
            + pick(r, UP)
        )
    if style == 4:
        return rs(r, 4, UP) + rs(r, 4, DG) + rs(r, 4, LO) + pick(r, "!@#")
    return pick(r, words) + "_" + pick(r, words).lower() + str(ri(r, 10, 99))


def db_pw(r):
    return rs(r, ri(r, 16, 28), ALNUM) if r.random() < 0.6 else human_pw(r)


def jwt_hs(r, payload):
    h = b64url(
        json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode()
    )
    p = b64url(json.dumps(payload, separators=(",", ":")).encode())
    sig = hmac.new(r.randbytes(32), f"{h}.{p}".encode(), hashlib.sha256).digest()
    return f"{h}.{p}.{b64url(sig)}"


def jwt_rs(r, payload, kid=None):
    hd = {"alg": "RS256", "kid": kid or rs(r, 43, URLSAFE)}
    h = b64url(json.dumps(hd, separators=(",", ":")).encode())
    p = b64url(json.dumps(payload, separators=(",", ":")).encode())
    return f"{h}.{p}.{b64url(r.randbytes(256))}"


def b32(r, n):
    return rs(r, n, UP + "234567")


# ---- deterministic key material ---------------------------------------------------------------


def _is_probable_prime(n, r, rounds=24):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(rounds):
        a = r.randrange(2, n - 2)
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


def _prime(r, bits):
    while True:
        c = r.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if c % 65537 != 1 and _is_probable_prime(c, r):
            return c


def rsa_pem(r, bits=2048, traditional=True):
    e = 65537
    while True:
        p, q = _prime(r, bits // 2), _prime(r, bits // 2)
        if p != q:
            break
    if p < q:
        p, q = q, p
    phi = (p - 1) * (q - 1)
    d = pow(e, -1, phi)
    nums = rsa.RSAPrivateNumbers(
        p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), rsa.RSAPublicNumbers(e, p * q)
    )
    key = nums.private_key()
    fmt = (
        serialization.PrivateFormat.TraditionalOpenSSL
        if traditional
        else serialization.PrivateFormat.PKCS8
    )
    return (
        key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
        .decode()
        .strip()
    )


def ec_pem(r):
    key = ec.derive_private_key(r.getrandbits(250) + 1, ec.SECP256R1())
    return (
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
        .decode()
        .strip()
    )


def ed_priv_pem(r):
    key = ed25519.Ed25519PrivateKey.from_private_bytes(r.randbytes(32))
    return (
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        .decode()
        .strip()
    )


def ed_pub_ssh(r, comment):
    key = ed25519.Ed25519PrivateKey.from_private_bytes(r.randbytes(32)).public_key()
    return (
        key.public_bytes(
            serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
        ).decode()
        + " "
        + comment
    )


def ec_pub_pem(r):
    key = ec.derive_private_key(r.getrandbits(250) + 1, ec.SECP256R1()).public_key()
    return (
        key.public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )


def ed_cert_pem(r, cn):
    key = ed25519.Ed25519PrivateKey.from_private_bytes(r.randbytes(32))
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Internal CA"),
        ]
    )
    start = dt.datetime(2024, ri(r, 1, 12), ri(r, 1, 28), tzinfo=dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(r.getrandbits(120))
        .not_valid_before(start)
        .not_valid_after(start + dt.timedelta(days=825))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, None)
    )
    return cert.public_bytes(serialization.Encoding.PEM).decode().strip()


# ----------------------------------------------------------------------------------------------
# personal data generators
# ----------------------------------------------------------------------------------------------


def birth(r, y0=1952, y1=2004):
    return dt.date(ri(r, y0, y1), ri(r, 1, 12), ri(r, 1, 28))


def brute(valid, body_fn, tails, tries=4000):
    for _ in range(tries):
        body = body_fn()
        for t in tails:
            if valid(body + t):
                return body + t
    raise RuntimeError("no valid number")


T1 = list(DG)
T2 = [a + b for a, b in itertools.product(DG, DG)]


def id_de(r):
    return brute(de_idnr.is_valid, lambda: str(ri(r, 1, 9)) + dstr(r, 9), T1)


def id_fr(r):
    def body():
        b = birth(r)
        dep = f"{ri(r, 1, 95):02d}"
        dep = "75" if dep == "20" else dep
        return f"{ri(r, 1, 2)}{b.year % 100:02d}{b.month:02d}{dep}{ri(r, 1, 990):03d}{ri(r, 1, 999):03d}"

    v = brute(fr_nir.is_valid, body, T2)
    return (
        f"{v[0]} {v[1:3]} {v[3:5]} {v[5:7]} {v[7:10]} {v[10:13]} {v[13:]}"
        if r.random() < 0.6
        else v
    )


def id_es(r):
    return brute(es_dni.is_valid, lambda: dstr(r, 8), list(UP))


def id_es_nie(r):
    return brute(es_nie.is_valid, lambda: pick(r, "XYZ") + dstr(r, 7), list(UP))


def id_it(r):
    cons = "BCDFGLMNPRSTVZ"

    def body():
        b = birth(r)
        day = b.day + (40 if r.random() < 0.5 else 0)
        return (
            rs(r, 3, cons)
            + rs(r, 3, cons)
            + f"{b.year % 100:02d}"
            + "ABCDEHLMPRST"[b.month - 1]
            + f"{day:02d}"
            + pick(r, ["H501", "F205", "F839", "L219", "A944", "G273", "D612", "L736"])
        )

    return brute(it_cf.is_valid, body, list(UP))


def id_nl(r):
    return brute(nl_bsn.is_valid, lambda: str(ri(r, 1, 6)) + dstr(r, 7), T1)


def id_be(r):
    def body():
        b = birth(r, 1955, 1999)
        return f"{b.year % 100:02d}{b.month:02d}{b.day:02d}{ri(r, 1, 997):03d}"

    v = brute(be_nn.is_valid, body, T2)
    return f"{v[:2]}.{v[2:4]}.{v[4:6]}-{v[6:9]}.{v[9:]}"


def id_pl(r):
    def body():
        b = birth(r)
        m = b.month + (20 if b.year >= 2000 else 0)
        return f"{b.year % 100:02d}{m:02d}{b.day:02d}{dstr(r, 4)}"

    return brute(pl_pesel.is_valid, body, T1)


def id_se(r):
    def body():
        b = birth(r)
        return f"{b.year % 100:02d}{b.month:02d}{b.day:02d}-{dstr(r, 3)}"

    return brute(se_pnr.is_valid, body, T1)


def id_dk(r):
    def body():
        b = birth(r, 1950, 1999)
        return f"{b.day:02d}{b.month:02d}{b.year % 100:02d}-{ri(r, 0, 3)}{dstr(r, 2)}"

    return brute(dk_cpr.is_valid, body, T1)


def id_fi(r):
    def body():
        b = birth(r)
        sep = "A" if b.year >= 2000 else "-"
        return f"{b.day:02d}{b.month:02d}{b.year % 100:02d}{sep}{ri(r, 2, 899):03d}"

    return brute(fi_hetu.is_valid, body, list("0123456789ABCDEFHJKLMNPRSTUVWXY"))


def id_no(r):
    def body():
        b = birth(r, 1955, 1999)
        return f"{b.day:02d}{b.month:02d}{b.year % 100:02d}{ri(r, 0, 499):03d}"

    return brute(no_fnr.is_valid, body, T2)


def id_pt(r):
    return brute(pt_nif.is_valid, lambda: pick(r, "123") + dstr(r, 7), T1)


def id_at(r):
    def body():
        b = birth(r)
        return dstr(r, 3)

    def full():
        for _ in range(5000):
            b = birth(r)
            serial = str(ri(r, 1, 9)) + dstr(r, 2)
            tail = f"{b.day:02d}{b.month:02d}{b.year % 100:02d}"
            c = at_vnr.calc_check_digit(serial + "0" + tail)
            v = serial + c + tail
            if at_vnr.is_valid(v) and c != "10":
                return v

    v = full()
    return f"{v[:4]} {v[4:]}"


def id_ch(r):
    v = brute(ch_ssn.is_valid, lambda: "756" + dstr(r, 9), T1)
    return f"{v[:3]}.{v[3:7]}.{v[7:11]}.{v[11:]}"


def id_gb_nhs(r):
    v = brute(gb_nhs.is_valid, lambda: str(ri(r, 4, 6)) + dstr(r, 8), T1)
    return f"{v[:3]} {v[3:6]} {v[6:]}"


def id_ie(r):
    return brute(ie_pps.is_valid, lambda: dstr(r, 7), list("ABCDEFGHIJKLMNOPQRSTUVW"))


def id_cz(r):
    def body():
        b = birth(r, 1960, 1999)
        m = b.month + (50 if r.random() < 0.5 else 0)
        return f"{b.year % 100:02d}{m:02d}{b.day:02d}/{dstr(r, 3)}"

    return brute(cz_rc.is_valid, body, T1)


def id_ro(r):
    def body():
        b = birth(r)
        s = (
            ("1" if b.year < 2000 else "5")
            if r.random() < 0.5
            else ("2" if b.year < 2000 else "6")
        )
        return f"{s}{b.year % 100:02d}{b.month:02d}{b.day:02d}{ri(r, 1, 40):02d}{ri(r, 1, 999):03d}"

    return brute(ro_cnp.is_valid, body, T1)


def id_bg(r):
    def body():
        b = birth(r, 1950, 1999)
        return f"{b.year % 100:02d}{b.month:02d}{b.day:02d}{dstr(r, 3)}"

    return brute(bg_egn.is_valid, body, T1)


def id_gr(r):
    def body():
        b = birth(r)
        return f"{b.day:02d}{b.month:02d}{b.year % 100:02d}{dstr(r, 4)}"

    return brute(gr_amka.is_valid, body, T1)


def id_ee(r, mod=ee_ik):
    def body():
        b = birth(r)
        g = (3 if b.year < 2000 else 5) + ri(r, 0, 1)
        return f"{g}{b.year % 100:02d}{b.month:02d}{b.day:02d}{dstr(r, 3)}"

    return brute(mod.is_valid, body, T1)


def id_hr(r):
    return brute(hr_oib.is_valid, lambda: str(ri(r, 1, 9)) + dstr(r, 9), T1)


def id_us(r):
    while True:
        a = ri(r, 1, 899)
        if a == 666:
            continue
        v = f"{a:03d}-{ri(r, 1, 99):02d}-{ri(r, 1, 9999):04d}"
        if us_ssn.is_valid(v):
            return v


def id_br(r):
    v = brute(br_cpf.is_valid, lambda: dstr(r, 9), T2)
    return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}" if r.random() < 0.75 else v


def id_mx(r):
    def body():
        b = birth(r)
        return (
            pick(r, "BGHLMPRS")
            + pick(r, "AEIOU")
            + rs(r, 2, "ABCDEGHLMNOPRSTV")
            + f"{b.year % 100:02d}{b.month:02d}{b.day:02d}"
            + pick(r, "HM")
            + pick(r, ["DF", "JC", "NL", "PL", "VZ", "GT", "MC", "YN"])
            + rs(r, 3, "BCDFGLMNRSTZ")
            + ("0" if b.year < 2000 else "A")
        )

    return brute(mx_curp.is_valid, body, T1)


def id_ar(r):
    v = brute(
        ar_cuit.is_valid,
        lambda: pick(r, ["20", "27", "23"]) + str(ri(r, 20, 45)) + dstr(r, 6),
        T1,
    )
    return f"{v[:2]}-{v[2:10]}-{v[10]}"


def id_cl(r):
    def body():
        return str(ri(r, 8_000_000, 24_999_999))

    v = brute(cl_rut.is_valid, body, list("0123456789K"))
    n = v[:-1]
    return f"{int(n):,}".replace(",", ".") + "-" + v[-1]


def id_co(r):
    v = brute(co_nit.is_valid, lambda: str(ri(r, 10_000_000, 1_099_999_999)), T1)
    return v[:-1] + "-" + v[-1]


def id_pe(r):
    return brute(pe_cui.is_valid, lambda: dstr(r, 8), T1)


def id_ca(r):
    v = brute(ca_sin.is_valid, lambda: pick(r, "1234567") + dstr(r, 7), T1)
    return f"{v[:3]} {v[3:6]} {v[6:]}"


def id_ca_phn(r):
    v = brute(ca_bc_phn.is_valid, lambda: "9" + dstr(r, 8), T1)
    return f"{v[:4]} {v[4:7]} {v[7:]}"


def id_ec(r):
    return brute(
        ec_ci.is_valid,
        lambda: f"{ri(r, 1, 24):02d}" + str(ri(r, 0, 5)) + dstr(r, 6),
        T1,
    )


def id_in(r):
    v = brute(in_aadhaar.is_valid, lambda: str(ri(r, 2, 9)) + dstr(r, 10), T1)
    return f"{v[:4]} {v[4:8]} {v[8:]}"


def id_in_pan(r):
    while True:
        v = rs(r, 3, UP) + "P" + pick(r, UP) + dstr(r, 4) + pick(r, UP)
        if in_pan.is_valid(v):
            return v


def id_cn(r):
    def body():
        b = birth(r)
        return (
            pick(
                r,
                [
                    "110101",
                    "110105",
                    "310104",
                    "310115",
                    "440106",
                    "440305",
                    "510107",
                    "330106",
                    "420106",
                ],
            )
            + b.strftime("%Y%m%d")
            + dstr(r, 3)
        )

    return brute(cn_ric.is_valid, body, list("0123456789X"))


def id_jp(r):
    v = brute(jp_in.is_valid, lambda: dstr(r, 11), T1)
    return f"{v[:4]} {v[4:8]} {v[8:]}" if r.random() < 0.5 else v


def id_kr(r):
    def body():
        b = birth(r)
        g = (
            ("1" if b.year < 2000 else "3")
            if r.random() < 0.5
            else ("2" if b.year < 2000 else "4")
        )
        return f"{b.year % 100:02d}{b.month:02d}{b.day:02d}{g}{ri(r, 0, 95):02d}{dstr(r, 3)}"

    v = brute(kr_rrn.is_valid, body, T1)
    return v[:6] + "-" + v[6:]


def id_th(r):
    v = brute(th_pin.is_valid, lambda: str(ri(r, 1, 8)) + dstr(r, 11), T1)
    return f"{v[0]}-{v[1:5]}-{v[5:10]}-{v[10:12]}-{v[12]}"


def id_my(r):
    while True:
        b = birth(r)
        v = f"{b.year % 100:02d}{b.month:02d}{b.day:02d}-{pick(r, ['14', '10', '08', '07', '01', '12'])}-{dstr(r, 4)}"
        if my_nric.is_valid(v):
            return v


def id_id(r):
    while True:
        b = birth(r)
        d = b.day + (40 if r.random() < 0.5 else 0)
        v = (
            pick(r, ["317101", "317401", "327301", "357801", "337401", "517101"])
            + f"{d:02d}{b.month:02d}{b.year % 100:02d}"
            + f"{ri(r, 1, 60):04d}"
        )
        if id_nik.is_valid(v):
            return v


def id_tr(r):
    return brute(tr_tc.is_valid, lambda: str(ri(r, 1, 9)) + dstr(r, 8), T2)


def id_il(r):
    return brute(il_idnr.is_valid, lambda: dstr(r, 8), T1)


def id_za(r):
    def body():
        b = birth(r)
        return f"{b.year % 100:02d}{b.month:02d}{b.day:02d}{dstr(r, 4)}08"

    return brute(za_idnr.is_valid, body, T1)


def id_ke(r):
    while True:
        v = "A" + dstr(r, 9) + pick(r, UP)
        if ke_pin.is_valid(v):
            return v


def phone(r, region, style=None, kind="mobile"):
    t = PNT.MOBILE if kind == "mobile" else PNT.FIXED_LINE
    ex = phonenumbers.example_number_for_type(region, t)
    nsn = phonenumbers.national_significant_number(ex)
    keep = max(2, len(nsn) - 7)
    for _ in range(5000):
        cand = nsn[:keep] + dstr(r, len(nsn) - keep)
        p = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if phonenumbers.is_valid_number(p) and phonenumbers.number_type(p) in (
            t,
            PNT.FIXED_LINE_OR_MOBILE,
        ):
            break
    else:
        raise RuntimeError(region)
    style = style or pick(r, ["intl", "intl", "nat", "e164"])
    if style == "intl":
        return phonenumbers.format_number(p, PNF.INTERNATIONAL)
    if style == "nat":
        return phonenumbers.format_number(p, PNF.NATIONAL)
    return phonenumbers.format_number(p, PNF.E164)


def luhn_card(r, prefix, length):
    body = prefix + dstr(r, length - len(prefix) - 1)
    return body + luhn.calc_check_digit(body)


def card(r):
    kind = pick(r, ["visa", "visa", "mc", "mc2", "amex"])
    if kind == "visa":
        n = luhn_card(r, "4" + dstr(r, 5), 16)
    elif kind == "mc":
        n = luhn_card(r, str(ri(r, 51, 55)) + dstr(r, 4), 16)
    elif kind == "mc2":
        n = luhn_card(r, str(ri(r, 2221, 2720)) + dstr(r, 2), 16)
    else:
        n = luhn_card(r, pick(r, ["34", "37"]) + dstr(r, 4), 15)
    if n in ("4242424242424242", "5555555555554444"):
        return card(r)
    if len(n) == 15:
        return f"{n[:4]} {n[4:10]} {n[10:]}"
    return " ".join(n[i : i + 4] for i in range(0, 16, 4)) if r.random() < 0.6 else n


IBAN_BBAN = {
    "DE": lambda r: dstr(r, 8) + dstr(r, 10),
    "AT": lambda r: dstr(r, 16),
    "NL": lambda r: pick(r, ["ABNA", "INGB", "RABO", "SNSB", "TRIO"]) + dstr(r, 10),
    "ES": lambda r: pick(r, ["2100", "0049", "0182", "2085"]) + dstr(r, 16),
    "FR": None,
    "PL": lambda r: dstr(r, 24),
    "GB": lambda r: pick(r, ["NWBK", "BARC", "LOYD", "HBUK", "MONZ"]) + dstr(r, 14),
    "CH": lambda r: dstr(r, 17),
    "SE": lambda r: dstr(r, 20),
    "BE": lambda r: dstr(r, 12),
    "IE": lambda r: pick(r, ["AIBK", "BOFI"]) + dstr(r, 14),
    "NO": lambda r: dstr(r, 11),
    "DK": lambda r: dstr(r, 14),
    "FI": lambda r: dstr(r, 14),
    "CZ": lambda r: pick(r, ["0800", "0100", "2010", "0300"]) + dstr(r, 16),
    "RO": lambda r: pick(r, ["BTRL", "RNCB", "INGB", "BRDE"]) + rs(r, 16, UP + DG),
    "PT": lambda r: dstr(r, 21),
    "IT": lambda r: pick(r, UP) + dstr(r, 10) + dstr(r, 12),
}


def _fr_bban(r):
    bank, branch, acct = dstr(r, 5), dstr(r, 5), dstr(r, 11)
    key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
    return f"{bank}{branch}{acct}{key:02d}"


def iban(r, cc, spaced=None):
    for _ in range(20000):
        bban = _fr_bban(r) if cc == "FR" else IBAN_BBAN[cc](r)
        num = "".join(str(int(c, 36)) for c in bban + cc + "00")
        chk = 98 - int(num) % 97
        v = f"{cc}{chk:02d}{bban}"
        if std_iban.is_valid(v):
            break
    else:
        raise RuntimeError(cc)
    spaced = r.random() < 0.65 if spaced is None else spaced
    return " ".join(v[i : i + 4] for i in range(0, len(v), 4)) if spaced else v


# ----------------------------------------------------------------------------------------------
# shared context bits
# ----------------------------------------------------------------------------------------------

TEAMS = [
    "payments",
    "platform",
    "growth",
    "data",
    "infra",
    "search",
    "billing",
    "mobile",
    "crm",
]
SVCS = [
    "checkout-api",
    "ledger",
    "notifier",
    "ingest-worker",
    "web-frontend",
    "auth-gateway",
    "reporting",
    "pricing-svc",
    "media-proxy",
    "scheduler",
    "kyc-service",
    "catalog",
]
HOSTS = [
    "db01.int.lan",
    "pg-prod-2.internal",
    "10.20.3.14",
    "mysql.shop.svc.cluster.local",
    "172.16.8.21",
    "postgres.acme-prod.eu-central-1.rds.amazonaws.com",
    "nas.fritz.box",
    "192.168.178.40",
]
ORGS = [
    "acme",
    "lumen-labs",
    "nordwind",
    "kaffeeklatsch",
    "tiendaverde",
    "blueriver",
    "sakura-soft",
    "kilimo",
]


def ts(r, sep="T"):
    return f"2024-{ri(r, 1, 12):02d}-{ri(r, 1, 28):02d}{sep}{ri(r, 0, 23):02d}:{ri(r, 0, 59):02d}:{ri(r, 0, 59):02d}"


def tix(r):
    return str(ri(r, 10000, 999999))


SEC = []
PII = []
CLN = []


def reg(bucket, tid, weight=1):
    def deco(fn):
        bucket.append((tid, fn, weight))
        return fn

    return deco


# ----------------------------------------------------------------------------------------------
# SECRET templates: fn(r) -> (text, kind, value)
# ----------------------------------------------------------------------------------------------


@reg(SEC, "s.aws.env")
def _(r):
    k, s = aws_pair(r)
    reg_ = pick(
        r, ["eu-central-1", "us-east-1", "ap-southeast-1", "sa-east-1", "eu-west-3"]
    )
    t = f"# .env ({pick(r, SVCS)})\nAWS_ACCESS_KEY_ID={k}\nAWS_SECRET_ACCESS_KEY={s}\nAWS_DEFAULT_REGION={reg_}\nS3_BUCKET={pick(r, ORGS)}-uploads-prod"
    return t, "aws_secret_key.env", s


@reg(SEC, "s.aws.shell")
def _(r):
    k, s = aws_pair(r)
    n = ri(r, 300, 2100)
    t = (
        f"  {n}  aws configure list\n  {n + 1}  export AWS_ACCESS_KEY_ID={k}\n  {n + 2}  export AWS_SECRET_ACCESS_KEY={s}\n"
        f"  {n + 3}  aws s3 ls s3://{pick(r, ORGS)}-backups/ --recursive | tail"
    )
    return t, "aws_secret_key.shell", s


@reg(SEC, "s.aws.ticket")
def _(r):
    k, s = aws_pair(r, temp=r.random() < 0.3)
    t = pick(
        r,
        [
            f"Ticket #{tix(r)} – customer can't upload to their bucket. They sent their keys so we can reproduce: access key {k}, secret {s}. (asked them to rotate afterwards)",
            f"Hola equipo, el cliente nos pasó sus credenciales de AWS para revisar el error 403: {k} / {s} — ¿alguien puede probar hoy?",
            f"Kunde hat im Ticket seine AWS-Zugangsdaten gepostet: Key-ID {k}, Secret {s}. Bitte testen, danach Kunde bitten, den Schlüssel zu rotieren.",
        ],
    )
    return t, "aws_secret_key.ticket", s


@reg(SEC, "s.gh.remote")
def _(r):
    v = gh_token(r)
    t = f"$ git remote set-url origin https://{v}@github.com/{pick(r, ORGS)}/{pick(r, SVCS)}.git\n$ git push -u origin {pick(r, ['main', 'fix/retry-backoff', 'feat/csv-export'])}"
    return t, "github_pat.shell", v


@reg(SEC, "s.gh.chat")
def _(r):
    v = gh_token(r) if r.random() < 0.6 else gh_finegrained(r)
    t = pick(
        r,
        [
            f"[10:42] marek: jus use my token for now {v} i'll rotate it friday",
            f"Oye, para el workflow usa este token mío: {v} (scope repo + packages). Luego lo cambiamos.",
            f"<@U04> ok das Release-Skript braucht nen PAT, nimm erstmal meinen: {v}",
            f"Le runner n'a pas accès au repo privé, j'ai mis mon token perso en attendant : {v}",
        ],
    )
    return t, "github_pat.chat", v


@reg(SEC, "s.gh.cilog")
def _(r):
    v = gh_token(r, pick(r, ["ghp_", "ghs_", "gho_"]))
    t = (
        f"2024-06-0{ri(r, 1, 9)}T08:1{ri(r, 0, 9)}:22.4Z ##[group]Run ./scripts/publish.sh\n"
        f"+ curl -sS -H 'Authorization: token {v}' https://api.github.com/repos/{pick(r, ORGS)}/{pick(r, SVCS)}/releases\n"
        f'##[endgroup]\n{{"message": "Validation Failed", "documentation_url": "https://docs.github.com/rest"}}'
    )
    return t, "github_token.cilog", v


@reg(SEC, "s.glpat.clone")
def _(r):
    v = glpat(r)
    host = pick(
        r,
        ["gitlab.com", "git.nordwind.de", "gitlab.internal.corp", "code.kilimo.co.ke"],
    )
    t = pick(
        r,
        [
            f"git clone https://oauth2:{v}@{host}/{pick(r, TEAMS)}/{pick(r, SVCS)}.git",
            f'# .gitlab-ci.yml (tmp hack, remove!)\nvariables:\n  DEPLOY_TOKEN: "{v}"\n  GIT_DEPTH: "10"',
            f"the renovate bot on {host} uses personal access token {v}, expires in 30d",
        ],
    )
    return t, "gitlab_pat.mixed", v


@reg(SEC, "s.slack.notebook")
def _(r):
    v = slack_bot(r)
    t = (
        f'# In [{ri(r, 3, 40)}]:\nfrom slack_sdk import WebClient\nclient = WebClient(token="{v}")\n'
        f'resp = client.chat_postMessage(channel="#{pick(r, TEAMS)}-alerts", text=f"daily report: {{len(df)}} rows")'
    )
    return t, "slack_bot_token.ipynb", v


@reg(SEC, "s.slack.user")
def _(r):
    v = slack_user(r)
    t = pick(
        r,
        [
            f"export SLACK_TOKEN={v}  # user token, needed for the channel export script",
            f"Slack-Export läuft mit meinem User-Token {v}, bitte nicht weitergeben",
        ],
    )
    return t, "slack_user_token.mixed", v


@reg(SEC, "s.slack.hook.helm")
def _(r):
    v = slack_hook(r)
    t = (
        f"# values-prod.yaml (kube-prometheus-stack)\nalertmanager:\n  config:\n    global:\n      slack_api_url: '{v}'\n"
        f"    route:\n      receiver: slack-{pick(r, TEAMS)}\n      group_wait: 30s"
    )
    return t, "slack_webhook.helm", v


@reg(SEC, "s.slack.hook.prose")
def _(r):
    v = slack_hook(r)
    t = pick(
        r,
        [
            f"Webhook pro notificações de deploy: {v}",
            f'for the uptime monitor just POST to {v} with {{"text": "..."}}',
            f"デプロイ通知用のSlack Webhookはこちら → {v}",
        ],
    )
    return t, "slack_webhook.chat", v


@reg(SEC, "s.discord.hook")
def _(r):
    v = discord_hook(r)
    t = pick(
        r,
        [
            f'#!/usr/bin/env bash\n# backup.sh\nWEBHOOK="{v}"\nrestic backup /srv/data && curl -s -H \'Content-Type: application/json\' -d \'{{"content":"backup ok"}}\' "$WEBHOOK"',
            f"galera, o webhook do discord pro bot de alertas é {v} — não compartilhem fora do servidor",
            f"Webhook del canal #avisos: {v}",
        ],
    )
    return t, "discord_webhook.mixed", v


@reg(SEC, "s.teams.hook")
def _(r):
    v = teams_hook(r, pick(r, ["contoso", "nordwindgmbh", "acmecorp"]))
    t = (
        f"// Jenkinsfile\npost {{\n  failure {{\n    office365ConnectorSend webhookUrl: '{v}',\n"
        f'      message: "Build ${{env.BUILD_NUMBER}} failed"\n  }}\n}}'
    )
    return t, "teams_webhook.jenkins", v


@reg(SEC, "s.stripe.env")
def _(r):
    v = stripe_live(r, pick(r, ["sk", "sk", "rk"]))
    t = f"STRIPE_PUBLISHABLE_KEY=pk_test_{rs(r, 24)}\nSTRIPE_SECRET_KEY={v}\nSTRIPE_API_VERSION=2024-04-10"
    return t, "stripe_secret_key.env", v


@reg(SEC, "s.stripe.email")
def _(r):
    v = stripe_live(r)
    t = pick(
        r,
        [
            f"Hola Daniel,\n\nte paso la clave secreta de Stripe de producción para la integración: {v}\n\nSaludos,\nMarta",
            f"Bonjour, voici la clé secrète Stripe (live) pour brancher le module de paiement : {v}. Merci de ne pas la mettre dans le dépôt.",
            f"Ciao, la chiave live di Stripe per il negozio è {v}, mettila nelle variabili d'ambiente del server.",
        ],
    )
    return t, "stripe_secret_key.email", v


@reg(SEC, "s.stripe.whsec")
def _(r):
    v = stripe_whsec(r)
    t = (
        f"services:\n  billing:\n    image: ghcr.io/{pick(r, ORGS)}/billing:1.{ri(r, 2, 19)}.{ri(r, 0, 9)}\n    environment:\n"
        f'      STRIPE_WEBHOOK_SECRET: {v}\n      LOG_LEVEL: info\n    ports:\n      - "8081:8080"'
    )
    return t, "stripe_webhook_secret.compose", v


@reg(SEC, "s.openai.nb")
def _(r):
    v = openai_key(r)
    t = pick(
        r,
        [
            f'import os\nos.environ["OPENAI_API_KEY"] = "{v}"\nfrom openai import OpenAI\nclient = OpenAI()',
            f"# cell 2\nopenai_client = OpenAI(api_key='{v}')\nemb = openai_client.embeddings.create(model='text-embedding-3-small', input=texts)",
        ],
    )
    return t, "openai_key.ipynb", v


@reg(SEC, "s.openai.chat")
def _(r):
    v = openai_key(r)
    t = pick(
        r,
        [
            f"user: the summarizer keeps failing, here is my key {v} can you check if it's valid",
            f"Benutzer: Mein OpenAI-Key ist {v}, bitte in die Config vom Bot eintragen.",
        ],
    )
    return t, "openai_key.chat", v


@reg(SEC, "s.anthropic")
def _(r):
    v = anthropic_key(r)
    t = pick(
        r,
        [
            f"APIキーはこれです：{v}\n本番環境の.envに入れておいてください。",
            f"ANTHROPIC_API_KEY={v}\nMODEL=claude-sonnet\nMAX_TOKENS=2048",
            f"klucz do API Anthropic: {v} (ten firmowy, nie prywatny)",
        ],
    )
    return t, "anthropic_key.mixed", v


@reg(SEC, "s.google.key")
def _(r):
    v = google_key(r)
    t = pick(
        r,
        [
            f"{ts(r, ' ')} WARN geocoder: retrying GET https://maps.googleapis.com/maps/api/geocode/json?address=Hauptstr.+5&key={v} (HTTP 429)",
            f"GOOGLE_API_KEY={v}  # server-side, unrestricted",
            f'# config/settings.py\nGEMINI_API_KEY = "{v}"',
        ],
    )
    return t, "google_api_key.mixed", v


@reg(SEC, "s.google.oauth")
def _(r):
    v = gocspx(r)
    cid = f"{dstr(r, 12)}-{rs(r, 32, LO + DG)}.apps.googleusercontent.com"
    t = f'{{"web":{{"client_id":"{cid}","project_id":"{pick(r, ORGS)}-prod","client_secret":"{v}","redirect_uris":["https://app.{pick(r, ORGS)}.io/oauth/callback"]}}}}'
    return t, "google_oauth_client_secret.json", v


@reg(SEC, "s.sendgrid")
def _(r):
    v = sendgrid(r)
    t = pick(
        r,
        [
            f"# settings/prod.py\nEMAIL_HOST = 'smtp.sendgrid.net'\nEMAIL_HOST_USER = 'apikey'\nEMAIL_HOST_PASSWORD = '{v}'\nEMAIL_PORT = 587",
            f"SENDGRID_API_KEY={v}",
        ],
    )
    return t, "sendgrid_key.mixed", v


@reg(SEC, "s.twilio")
def _(r):
    v = rs(r, 32, HEX)
    sid = "AC" + rs(r, 32, HEX)
    t = pick(
        r,
        [
            f"const client = require('twilio')('{sid}', '{v}');\nclient.messages.create({{ body: 'Your code is ' + otp, from: process.env.TWILIO_FROM, to }})",
            f"TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={v}",
        ],
    )
    return t, "twilio_auth_token.mixed", v


@reg(SEC, "s.npm")
def _(r):
    v = npm_tok(r)
    t = pick(
        r,
        [
            f"$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken={v}\n@{pick(r, ORGS)}:registry=https://npm.pkg.github.com",
            f"Run npm publish --access public\nnpm notice Publishing with token {v}\nnpm ERR! 403 Forbidden",
        ],
    )
    return t, "npm_token.mixed", v


@reg(SEC, "s.pypi")
def _(r):
    v = pypi_tok(r)
    t = f"# ~/.pypirc\n[pypi]\n  username = __token__\n  password = {v}"
    return t, "pypi_token.config", v


@reg(SEC, "s.telegram")
def _(r):
    v = telegram(r)
    t = pick(
        r,
        [
            f'  {ri(r, 100, 999)}  curl -s "https://api.telegram.org/bot{v}/sendMessage?chat_id=-100{dstr(r, 10)}&text=disk%20full"',
            f"Токен бота для уведомлений: {v} — не коммитьте его, пожалуйста.",
            f"TELEGRAM_BOT_TOKEN={v}",
        ],
    )
    return t, "telegram_bot_token.mixed", v


@reg(SEC, "s.hf")
def _(r):
    v = hf_tok(r)
    t = pick(
        r,
        [
            f"!huggingface-cli login --token {v}\nfrom datasets import load_dataset",
            f'from huggingface_hub import login\nlogin("{v}")  # write token',
            f"  {ri(r, 50, 900)}  export HF_TOKEN={v}",
        ],
    )
    return t, "hf_token.mixed", v


@reg(SEC, "s.vault")
def _(r):
    v = vault_tok(r)
    t = pick(
        r,
        [
            f"export VAULT_ADDR=https://vault.{pick(r, ORGS)}.internal:8200\nexport VAULT_TOKEN={v}\nvault kv get secret/{pick(r, SVCS)}/prod",
            f"Root-Token vom Vault nach dem Init: {v} — liegt sonst nirgends, bitte in den Tresor.",
        ],
    )
    return t, "vault_token.mixed", v


@reg(SEC, "s.vault.unseal")
def _(r):
    keys = [base64.b64encode(r.randbytes(33)).decode() for _ in range(3)]
    t = f"Unseal Key 1: {keys[0]}\nUnseal Key 2: {keys[1]}\nUnseal Key 3: {keys[2]}\n\nInitial Root Token: {vault_tok(r)}"
    return t, "vault_unseal_key.output", keys[0]


@reg(SEC, "s.dockerhub")
def _(r):
    v = dckr(r)
    user = pick(r, ORGS) + "ci"
    t = pick(
        r,
        [
            f"{ts(r)}.1Z + docker login -u {user} -p {v}\n{ts(r)}.3Z WARNING! Using --password via the CLI is insecure. Use --password-stdin.\n{ts(r)}.9Z Login Succeeded",
            f"DOCKERHUB_USER={user}\nDOCKERHUB_TOKEN={v}",
        ],
    )
    return t, "dockerhub_pat.mixed", v


@reg(SEC, "s.datadog")
def _(r):
    v = rs(r, 32, HEX)
    t = pick(
        r,
        [
            f"# datadog values.yaml\ndatadog:\n  apiKey: {v}\n  appKey: {rs(r, 40, HEX)}\n  site: datadoghq.eu\n  logs:\n    enabled: true",
            f"DD_API_KEY={v} DD_SITE=datadoghq.com ./install_script_agent7.sh",
        ],
    )
    return t, "datadog_api_key.mixed", v


@reg(SEC, "s.mailgun")
def _(r):
    v = "key-" + rs(r, 32, HEX)
    t = pick(
        r,
        [
            f"{ts(r, ' ')} ERROR mailer: POST https://api:{v}@api.eu.mailgun.net/v3/mg.{pick(r, ORGS)}.com/messages -> 401 Unauthorized",
            f"MAILGUN_API_KEY={v}\nMAILGUN_DOMAIN=mg.{pick(r, ORGS)}.com",
        ],
    )
    return t, "mailgun_key.mixed", v


@reg(SEC, "s.shopify")
def _(r):
    v = "shpat_" + rs(r, 32, HEX)
    t = pick(
        r,
        [
            f"Bonjour, voici le jeton d'accès admin de la boutique {pick(r, ORGS)}.myshopify.com : {v}. Vous pouvez lancer l'import des produits.",
            f"X-Shopify-Access-Token: {v}",
        ],
    )
    return t, "shopify_token.mixed", v


@reg(SEC, "s.do")
def _(r):
    v = "dop_v1_" + rs(r, 64, HEX)
    t = pick(
        r,
        [
            f"$ doctl auth init --access-token {v}\nValidating token... OK",
            f"DIGITALOCEAN_TOKEN={v}",
        ],
    )
    return t, "digitalocean_token.mixed", v


@reg(SEC, "s.azure.conn")
def _(r):
    acct = pick(r, ORGS).replace("-", "") + "stor" + dstr(r, 2)
    v = azure_acct_key(r)
    t = (
        f'{{\n  "ConnectionStrings": {{\n    "Blob": "DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={v};EndpointSuffix=core.windows.net"\n  }},\n'
        f'  "Logging": {{ "LogLevel": {{ "Default": "Information" }} }}\n}}'
    )
    return t, "azure_storage_key.appsettings", v


@reg(SEC, "s.azure.client")
def _(r):
    v = azure_client_secret(r)
    t = pick(
        r,
        [
            f'apiVersion: v1\nkind: Secret\nmetadata:\n  name: azure-sp\n  namespace: {pick(r, TEAMS)}\ntype: Opaque\nstringData:\n  AZURE_CLIENT_ID: {uuid4(r)}\n  AZURE_TENANT_ID: {uuid4(r)}\n  AZURE_CLIENT_SECRET: "{v}"',
            f"Service principal for the pipeline: appId {uuid4(r)}, password {v}, tenant {uuid4(r)}",
        ],
    )
    return t, "azure_client_secret.mixed", v


@reg(SEC, "s.atlassian")
def _(r):
    v = atlassian(r)
    t = pick(
        r,
        [
            f"# ~/.netrc\nmachine {pick(r, ORGS)}.atlassian.net\n  login jira-bot@{pick(r, ORGS)}.io\n  password {v}",
            f"JIRA_API_TOKEN={v}",
        ],
    )
    return t, "atlassian_token.mixed", v


@reg(SEC, "s.cloudflare")
def _(r):
    v = rs(r, 40, URLSAFE)
    t = pick(
        r,
        [
            f"  {ri(r, 100, 1900)}  CLOUDFLARE_API_TOKEN={v} npx wrangler deploy",
            f"token do cloudflare (editar DNS da zona): {v}",
        ],
    )
    return t, "cloudflare_token.mixed", v


@reg(SEC, "s.grafana")
def _(r):
    v = "glsa_" + rs(r, 32) + "_" + rs(r, 8, HEX)
    t = pick(
        r,
        [
            f'curl -H "Authorization: Bearer {v}" https://grafana.{pick(r, ORGS)}.internal/api/dashboards/uid/{rs(r, 9, LO + DG)}',
            f"grafana:\n  serviceAccountToken: {v}\n  url: http://grafana.monitoring.svc:3000",
        ],
    )
    return t, "grafana_sa_token.mixed", v


@reg(SEC, "s.jenkins")
def _(r):
    v = "11" + rs(r, 32, HEX)
    t = f"curl -X POST -u {pick(r, ['admin', 'deploy', 'buildbot'])}:{v} https://jenkins.{pick(r, ORGS)}.lan/job/{pick(r, SVCS)}/buildWithParameters?ENV=staging"
    return t, "jenkins_api_token.shell", v


@reg(SEC, "s.gitea")
def _(r):
    v = rs(r, 40, HEX)
    t = pick(
        r,
        [
            f"$ cat ~/.git-credentials\nhttps://ci-bot:{v}@git.{pick(r, ORGS)}.home.arpa",
            f"Gitea Zugangstoken für den Drone-Runner: {v}",
        ],
    )
    return t, "gitea_token.mixed", v


@reg(SEC, "s.pg.compose")
def _(r):
    pw = db_pw(r)
    user = pick(r, ["app", "shop", "postgres", "ledger_rw"])
    db = pick(r, ["shop", "ledger", "crm", "app_prod"])
    v = f"postgres://{user}:{pw}@{pick(r, HOSTS)}:5432/{db}"
    t = (
        f"services:\n  web:\n    build: .\n    environment:\n      - DATABASE_URL={v}\n      - REDIS_URL=redis://cache:6379/0\n"
        f"    depends_on: [db, cache]"
    )
    return t, "postgres_url.compose", v


@reg(SEC, "s.pg.env")
def _(r):
    pw = db_pw(r)
    t = pick(
        r,
        [
            f"POSTGRES_USER=postgres\nPOSTGRES_PASSWORD={pw}\nPOSTGRES_DB=app",
            f"DB_HOST={pick(r, HOSTS)}\nDB_PORT=5432\nDB_USER=svc_{pick(r, TEAMS)}\nDB_PASSWORD={pw}",
        ],
    )
    return t, "db_password.env", pw


@reg(SEC, "s.mysql.shell")
def _(r):
    pw = db_pw(r).replace("'", "")
    t = pick(
        r,
        [
            f"mysql -h {pick(r, HOSTS)} -u root -p'{pw}' -e 'SHOW PROCESSLIST'",
            f"  {ri(r, 10, 999)}  mysqldump -uroot -p{pw} --single-transaction shop > /tmp/shop.sql",
        ],
    )
    return t, "mysql_password.shell", pw


@reg(SEC, "s.mongo.log")
def _(r):
    pw = rs(r, ri(r, 14, 24))
    user = pick(r, ["appUser", "admin", "reporting"])
    v = f"mongodb+srv://{user}:{pw}@cluster0.{rs(r, 5, LO + DG)}.mongodb.net/{pick(r, ['prod', 'orders', 'analytics'])}?retryWrites=true&w=majority"
    t = (
        f"{ts(r, ' ')} [main] ERROR MongoServerSelectionError: connection timed out\n    at Timeout._onTimeout\n"
        f"    uri={v}"
    )
    return t, "mongodb_uri.applog", v


@reg(SEC, "s.redis")
def _(r):
    pw = rs(r, ri(r, 16, 32))
    t = pick(
        r,
        [
            f"redis-cli -h {pick(r, HOSTS)} -p 6379 -a '{pw}' --no-auth-warning INFO memory",
            f"CELERY_BROKER_URL=redis://:{pw}@redis-master.{pick(r, TEAMS)}.svc:6379/1",
            f'redis:\n  auth:\n    enabled: true\n    password: "{pw}"\n  master:\n    persistence:\n      size: 8Gi',
        ],
    )
    return t, "redis_password.mixed", pw


@reg(SEC, "s.amqp")
def _(r):
    pw = db_pw(r).replace("@", "")
    v = f"amqp://{pick(r, ['celery', 'worker', 'guest2'])}:{pw}@rabbitmq.{pick(r, TEAMS)}.svc:5672/{pick(r, ['%2F', 'jobs', 'prod'])}"
    t = pick(
        r, [f'BROKER_URL = "{v}"', f"{ts(r, ' ')} INFO celery.worker: Connected to {v}"]
    )
    return t, "amqp_url.mixed", v


@reg(SEC, "s.jwt.chat")
def _(r):
    v = jwt_hs(
        r,
        {
            "sub": str(ri(r, 1000, 99999)),
            "role": pick(r, ["admin", "user", "support"]),
            "iat": 1717000000 + ri(r, 0, 9999999),
            "exp": 1727000000 + ri(r, 0, 9999999),
        },
    )
    t = pick(
        r,
        [
            f'support chat: "it says unauthorized, this is the token from my browser: {v}"',
            f"Authorization: Bearer {v}",
            f"El usuario pegó su token de sesión en el chat: {v}",
        ],
    )
    return t, "jwt_session.mixed", v


@reg(SEC, "s.cookie")
def _(r):
    sid = rs(r, 32, LO + DG)
    csrf = rs(r, 32, ALNUM)
    t = (
        f"curl 'https://admin.{pick(r, ORGS)}.com/api/orders?page=2' \\\n  -H 'accept: application/json' \\\n"
        f"  -H 'cookie: csrftoken={csrf}; sessionid={sid}' \\\n  --compressed"
    )
    return t, "session_cookie.shell", sid


@reg(SEC, "s.basic")
def _(r):
    user = pick(r, ["admin", "monitor", "scraper", "ops"])
    pw = human_pw(r)
    v = base64.b64encode(f"{user}:{pw}".encode()).decode()
    t = pick(
        r,
        [
            f"{ts(r, ' ')} DEBUG httpx: request headers={{'Authorization': 'Basic {v}', 'User-Agent': 'python-httpx/0.27.0'}}",
            f"- job_name: node\n  static_configs:\n    - targets: ['10.0.0.5:9100']\n  # Authorization: Basic {v}",
        ],
    )
    return t, "basic_auth.mixed", v


@reg(SEC, "s.wifi", weight=2)
def _(r):
    pw = human_pw(r)
    ssid = pick(
        r,
        [
            "FRITZ!Box 7590 KQ",
            "Livebox-4A21",
            "MOVISTAR_8F2C",
            "TP-Link_5G_Office",
            "Vodafone-A3F1",
            "BELL482",
            "HUAWEI-B535-9C1E",
        ],
    )
    t = pick(
        r,
        [
            f"WLAN im Büro: {ssid}, Passwort {pw}",
            f"le code wifi de la maison c'est {pw} (réseau {ssid})",
            f"WiFi: {ssid} / pass: {pw}",
            f"La contraseña del wifi de la oficina es {pw}",
            f"Il wifi degli ospiti è {ssid}, la password è {pw}",
            f"wifi-wachtwoord voor de studio: {pw}",
            f"Hasło do Wi-Fi w biurze: {pw}",
            f"オフィスのWi-Fiパスワードは {pw} です",
            f"Senha do wifi: {pw} (rede {ssid})",
            f"Ofisin wifi şifresi: {pw}",
        ],
    )
    return t, "wifi_password.prose", pw


@reg(SEC, "s.admin.prose", weight=2)
def _(r):
    pw = human_pw(r)
    t = pick(
        r,
        [
            f"Router-Login ist admin / {pw}, falls du die Portfreigabe ändern musst.",
            f"pw for the synology nas is {pw} (user: admin)",
            f"El root del servidor nuevo es {pw}, cámbialo en cuanto entres.",
            f"Mot de passe de l'interface d'admin Proxmox : {pw}",
            f"senha do root do vps: {pw}",
            f"Lösenordet till kamerasystemet är {pw}",
            f"服务器root密码是 {pw}，用完记得改掉",
            f"the grafana admin password got reset to {pw} after the upgrade",
            f"Hasło do panelu hostingu: {pw}",
            f"Das Passwort für den Jenkins-Admin lautet {pw}",
        ],
    )
    return t, "admin_password.prose", pw


@reg(SEC, "s.ssh.prose")
def _(r):
    pw = human_pw(r)
    ip = f"{ri(r, 80, 212)}.{ri(r, 1, 254)}.{ri(r, 1, 254)}.{ri(r, 2, 250)}"
    t = pick(
        r,
        [
            f"ssh deploy@{ip}, senha: {pw}",
            f"Zugang zum Staging-Server: ssh root@{ip} – PW {pw}",
            f"ssh ubuntu@{ip} password is {pw}, key auth is broken since the reinstall",
        ],
    )
    return t, "ssh_password.prose", pw


@reg(SEC, "s.k8s.secret.b64")
def _(r):
    pw = db_pw(r)
    v = base64.b64encode(pw.encode()).decode()
    t = (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick(r, SVCS)}-db\ntype: Opaque\ndata:\n"
        f"  username: {base64.b64encode(pick(r, ['app', 'postgres', 'svc']).encode()).decode()}\n  password: {v}"
    )
    return t, "k8s_secret_b64.k8s", v


@reg(SEC, "s.k8s.stringdata")
def _(r):
    pw = db_pw(r)
    t = (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp-credentials\n  namespace: {pick(r, TEAMS)}\nstringData:\n"
        f"  SMTP_HOST: smtp.{pick(r, ['office365.com', 'gmail.com', 'mailbox.org'])}\n  SMTP_USER: noreply\n  SMTP_PASSWORD: '{pw}'"
    )
    return t, "smtp_password.k8s", pw


@reg(SEC, "s.helm.pg")
def _(r):
    pw = db_pw(r)
    t = (
        f'# helm upgrade --install pg bitnami/postgresql -f values.yaml\nauth:\n  postgresPassword: "{pw}"\n  username: {pick(r, TEAMS)}\n'
        f"  database: {pick(r, ['app', 'orders', 'events'])}\nprimary:\n  resources:\n    requests:\n      memory: 512Mi"
    )
    return t, "postgres_password.helm", pw


@reg(SEC, "s.helm.set")
def _(r):
    pw = human_pw(r)
    t = pick(
        r,
        [
            f"helm upgrade --install grafana grafana/grafana -n monitoring --set adminPassword='{pw}' --set persistence.enabled=true",
            f"helm install keycloak bitnami/keycloak --set auth.adminUser=admin --set auth.adminPassword={pw}",
        ],
    )
    return t, "admin_password.helmcli", pw


@reg(SEC, "s.keycloak")
def _(r):
    v = rs(r, 32)
    t = pick(
        r,
        [
            f"KEYCLOAK_URL=https://sso.{pick(r, ORGS)}.de/realms/intern\nKEYCLOAK_CLIENT_ID={pick(r, SVCS)}\nKEYCLOAK_CLIENT_SECRET={v}",
            f"oidc:\n  issuer: https://auth.{pick(r, ORGS)}.io/realms/prod\n  clientId: grafana\n  clientSecret: {v}",
        ],
    )
    return t, "oidc_client_secret.mixed", v


@reg(SEC, "s.minio")
def _(r):
    v = rs(r, 40, B64.replace("+", "").replace("/", ""))
    t = (
        f'  minio:\n    image: quay.io/minio/minio:RELEASE.2024-0{ri(r, 1, 9)}-1{ri(r, 0, 9)}T00-00-00Z\n    command: server /data --console-address ":9001"\n'
        f"    environment:\n      MINIO_ROOT_USER: {pick(r, ['minioadmin2', 'storage-admin', 'root'])}\n      MINIO_ROOT_PASSWORD: {v}"
    )
    return t, "minio_password.compose", v


@reg(SEC, "s.argocd")
def _(r):
    pw = rs(r, 16, ALNUM + "-")
    t = (
        f'$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{{.data.password}}" | base64 -d\n{pw}\n'
        f"$ argocd login argocd.{pick(r, ORGS)}.dev --username admin"
    )
    return t, "argocd_admin_password.shell", pw


@reg(SEC, "s.pem.ec")
def _(r):
    v = ec_pem(r)
    t = pick(
        r,
        [
            f"hier der Schlüssel für den Deploy-User, bitte nach ~/.ssh legen:\n{v}",
            f"Here's the signing key for the license server:\n\n{v}\n\nplease don't put it in git",
        ],
    )
    return t, "ec_private_key.chat", v


@reg(SEC, "s.pem.ed")
def _(r):
    v = ed_priv_pem(r)
    t = pick(
        r,
        [
            f'# In [5]:\nPRIV = b"""{v}"""\nkey = serialization.load_pem_private_key(PRIV, password=None)',
            f"webhook signing key (ed25519) for the partner API:\n{v}",
        ],
    )
    return t, "ed25519_private_key.mixed", v


@reg(SEC, "s.pem.rsa", weight=1)
def _(r):
    v = rsa_pem(r, 2048, traditional=r.random() < 0.5)
    t = f"{ts(r)}Z + cat deploy/id_rsa\n{ts(r)}Z {v.splitlines()[0]}\n" + "\n".join(
        v.splitlines()[1:]
    )
    return t, "rsa_private_key.cilog", "\n".join(v.splitlines()[1:-1])


@reg(SEC, "s.gcp.sa")
def _(r):
    pem = ed_priv_pem(r).replace("\n", "\\n")
    kid = rs(r, 40, HEX)
    proj = pick(r, ORGS) + "-" + dstr(r, 6)
    t = (
        f'{{\n  "type": "service_account",\n  "project_id": "{proj}",\n  "private_key_id": "{kid}",\n'
        f'  "private_key": "{pem}\\n",\n  "client_email": "etl@{proj}.iam.gserviceaccount.com"\n}}'
    )
    return t, "gcp_service_account.json", pem


@reg(SEC, "s.smtp.fr")
def _(r):
    pw = human_pw(r)
    t = pick(
        r,
        [
            f"[mail]\nserver = smtp.ovh.net\nport = 465\nuser = factures@{pick(r, ORGS)}.fr\npassword = {pw}",
            f"Pour le script de relance, le mot de passe SMTP de la boîte compta est : {pw}",
            f"SMTP-Zugang für den Newsletter: mail.{pick(r, ORGS)}.de, User news, Passwort {pw}",
        ],
    )
    return t, "smtp_password.mixed", pw


@reg(SEC, "s.ftp")
def _(r):
    pw = human_pw(r).replace("@", "").replace("/", "")
    v = f"ftp://{pick(r, ['upload', 'partner', 'web123'])}:{pw}@ftp.{pick(r, ORGS)}.com/incoming/"
    t = pick(r, [f"lftp {v}", f"El proveedor sube los ficheros a {v} cada noche"])
    return t, "ftp_url.mixed", v


@reg(SEC, "s.harbor")
def _(r):
    v = rs(r, 32)
    t = f"Harbor robot account for CI: robot${pick(r, TEAMS)}+push / {v}\n(registry: harbor.{pick(r, ORGS)}.lan)"
    return t, "harbor_robot_secret.chat", v


@reg(SEC, "s.nextcloud")
def _(r):
    v = "-".join(rs(r, 5, ALNUM) for _ in range(5))
    t = pick(
        r,
        [
            f"App-Passwort für den Nextcloud-Sync auf dem Laptop: {v}",
            f"nextcloud app password for rclone: {v}",
        ],
    )
    return t, "nextcloud_app_password.chat", v


@reg(SEC, "s.totp")
def _(r):
    v = b32(r, 32)
    t = pick(
        r,
        [
            f"otpauth://totp/{pick(r, ORGS)}:ops-shared?secret={v}&issuer={pick(r, ORGS)}&digits=6",
            f"2FA-Seed für den gemeinsamen AWS-Root: {v} (im Authenticator hinzufügen)",
        ],
    )
    return t, "totp_seed.mixed", v


@reg(SEC, "s.kubeconfig")
def _(r):
    v = jwt_rs(
        r,
        {
            "iss": "kubernetes/serviceaccount",
            "kubernetes.io/serviceaccount/namespace": pick(r, TEAMS),
            "sub": f"system:serviceaccount:{pick(r, TEAMS)}:deployer",
        },
    )
    t = (
        f"apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://{ri(r, 10, 99)}.{ri(r, 0, 255)}.{ri(r, 0, 255)}.{ri(r, 1, 254)}:6443\n  name: prod\n"
        f"users:\n- name: deployer\n  user:\n    token: {v}"
    )
    return t, "k8s_sa_token.kubeconfig", v


@reg(SEC, "s.laravel")
def _(r):
    v = "base64:" + base64.b64encode(r.randbytes(32)).decode()
    t = f"APP_NAME={pick(r, ['Tienda', 'Portal', 'Kundencenter'])}\nAPP_ENV=production\nAPP_KEY={v}\nAPP_DEBUG=false"
    return t, "laravel_app_key.env", v


@reg(SEC, "s.django")
def _(r):
    v = rs(r, 50, LO + DG + "!@#$%^&*(-_=+)")
    t = f"# settings.py\nDEBUG = False\nSECRET_KEY = '{v}'\nALLOWED_HOSTS = ['.{pick(r, ORGS)}.com']"
    return t, "django_secret_key.py", v


@reg(SEC, "s.rails")
def _(r):
    v = rs(r, 32, HEX)
    t = pick(
        r,
        [
            f"the rails master.key for prod is {v} — paste into RAILS_MASTER_KEY on the new host",
            f"RAILS_MASTER_KEY={v} bin/rails credentials:edit",
        ],
    )
    return t, "rails_master_key.mixed", v


@reg(SEC, "s.pagerduty")
def _(r):
    v = rs(r, 32, HEX)
    t = f"receivers:\n- name: pagerduty-{pick(r, TEAMS)}\n  pagerduty_configs:\n  - routing_key: {v}\n    severity: critical"
    return t, "pagerduty_key.alertmanager", v


@reg(SEC, "s.okta")
def _(r):
    v = "00" + rs(r, 40, URLSAFE)
    t = pick(r, [f"OKTA_API_TOKEN={v}", f"Authorization: SSWS {v}"])
    return t, "okta_token.mixed", v


@reg(SEC, "s.supabase")
def _(r):
    v = jwt_hs(
        r,
        {
            "iss": "supabase",
            "ref": rs(r, 20, LO),
            "role": "service_role",
            "iat": 1700000000 + ri(r, 0, 9999999),
            "exp": 2015000000 + ri(r, 0, 9999999),
        },
    )
    t = f"NEXT_PUBLIC_SUPABASE_URL=https://{rs(r, 20, LO)}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY={v}"
    return t, "supabase_service_key.env", v


@reg(SEC, "s.newrelic")
def _(r):
    v = "NRAK-" + rs(r, 27, UP + DG)
    t = pick(
        r,
        [
            f"NEW_RELIC_API_KEY={v}",
            f"newrelic user key {v} (for the terraform provider, full access)",
        ],
    )
    return t, "newrelic_key.mixed", v


@reg(SEC, "s.bitbucket")
def _(r):
    v = "ATBB" + rs(r, 32) + rs(r, 8, HEX.upper())
    t = f"git clone https://{pick(r, ['deploybot', 'svc-build'])}:{v}@bitbucket.org/{pick(r, ORGS)}/{pick(r, SVCS)}.git"
    return t, "bitbucket_app_password.shell", v


@reg(SEC, "s.linear.notion")
def _(r):
    if r.random() < 0.5:
        v = "lin_api_" + rs(r, 40)
        t = f'# In [2]:\nLINEAR_KEY = "{v}"\nheaders = {{"Authorization": LINEAR_KEY}}'
        return t, "linear_key.ipynb", v
    v = "ntn_" + dstr(r, 11) + rs(r, 35)
    t = f'notion = Client(auth="{v}")\npages = notion.databases.query(database_id=DB_ID)'
    return t, "notion_token.ipynb", v


@reg(SEC, "s.mssql")
def _(r):
    pw = db_pw(r).replace(";", "")
    v = f"Server=tcp:{pick(r, ORGS)}-sql.database.windows.net,1433;Initial Catalog=erp;User ID=erpadmin;Password={pw};Encrypt=True;"
    t = pick(r, [f'"DefaultConnection": "{v}"', f"Connection string für das ERP: {v}"])
    return t, "mssql_connstring.mixed", pw


@reg(SEC, "s.cilog.leak")
def _(r):
    pw = db_pw(r)
    t = (
        f"[{ts(r, ' ')}] Step 4/9 : RUN ./migrate.sh\n[{ts(r, ' ')}]  ---> Running in {rs(r, 12, HEX)}\n"
        f"[{ts(r, ' ')}] psql: connecting with PGPASSWORD={pw} host={pick(r, HOSTS)}\n[{ts(r, ' ')}] migrations applied: 3"
    )
    return t, "db_password.cilog", pw


@reg(SEC, "s.mattermost.hook")
def _(r):
    v = f"https://chat.{pick(r, ORGS)}.org/hooks/{rs(r, 26, LO + DG)}"
    t = pick(
        r,
        [
            f"MATTERMOST_WEBHOOK_URL={v}",
            f"mattermost incoming webhook (channel ops): {v}",
        ],
    )
    return t, "mattermost_webhook.mixed", v


@reg(SEC, "s.ldap")
def _(r):
    pw = human_pw(r)
    t = (
        f"ldap:\n  url: ldaps://dc01.corp.{pick(r, ORGS)}.local:636\n  bindDN: CN=svc-ldap,OU=Service,DC=corp,DC=local\n"
        f"  bindPassword: {pw}\n  userSearchBase: OU=Staff,DC=corp,DC=local"
    )
    return t, "ldap_bind_password.helm", pw


# ----------------------------------------------------------------------------------------------
# PII: countries, names, addresses, native-language sentences
# ----------------------------------------------------------------------------------------------


def _addr(fmt, streets, cities):
    def f(r):
        s = pick(r, streets)
        pc, city = pick(r, cities)
        return fmt.format(
            s=s,
            n=ri(r, 1, 140),
            pc=pc,
            city=city,
            a=ri(r, 1, 40),
            fl=ri(r, 1, 9),
            x=pick(r, "ABCD"),
        )

    return f


C = {
    "DE": dict(
        lang="de",
        names=[
            "Jürgen Hoffmann",
            "Sabine Krüger",
            "Lukas Weber",
            "Anja Schröder",
            "Mehmet Yıldız",
            "Katrin Vogel",
        ],
        addr=_addr(
            "{s} {n}, {pc} {city}",
            [
                "Lindenstraße",
                "Am Mühlbach",
                "Goethestr.",
                "Bahnhofstraße",
                "Kastanienallee",
                "Schillerweg",
            ],
            [
                ("10437", "Berlin"),
                ("80331", "München"),
                ("50667", "Köln"),
                ("04109", "Leipzig"),
                ("22767", "Hamburg"),
            ],
        ),
        idf=id_de,
        idk="de_steuer_id",
        lines=[
            lambda n, v: (
                f"Hallo, meine Steuer-ID ist {v}, bitte für die Lohnabrechnung hinterlegen. Gruß {n}"
            ),
            lambda n, v: (
                f"Steuerliche Identifikationsnummer von {n}: {v} (aus dem Personalbogen)"
            ),
        ],
    ),
    "FR": dict(
        lang="fr",
        names=[
            "Camille Lefèvre",
            "Julien Moreau",
            "Nadia Benali",
            "Théo Garnier",
            "Aurélie Fabre",
        ],
        addr=_addr(
            "{n} {s}, {pc} {city}",
            [
                "rue des Lilas",
                "avenue Jean Jaurès",
                "boulevard Voltaire",
                "impasse du Moulin",
                "rue de la République",
            ],
            [
                ("69003", "Lyon"),
                ("75011", "Paris"),
                ("31000", "Toulouse"),
                ("44000", "Nantes"),
                ("13006", "Marseille"),
            ],
        ),
        idf=id_fr,
        idk="fr_nir",
        lines=[
            lambda n, v: (
                f"Bonjour, mon numéro de sécu c'est le {v}, vous pouvez mettre à jour mon dossier ? Cordialement, {n}"
            ),
            lambda n, v: f"N° de sécurité sociale du salarié ({n}) : {v}",
        ],
    ),
    "ES": dict(
        lang="es",
        names=[
            "Lucía Fernández García",
            "Javier Martín Ruiz",
            "Carmen Navarro Gil",
            "Pablo Ortega",
            "Nerea Etxeberria",
        ],
        addr=_addr(
            "{s} {n}, {fl}º {x}, {pc} {city}",
            ["C/ Mayor", "Avda. de la Constitución", "C/ de Alcalá", "C/ San Vicente"],
            [
                ("28014", "Madrid"),
                ("08012", "Barcelona"),
                ("46001", "Valencia"),
                ("41003", "Sevilla"),
                ("48005", "Bilbao"),
            ],
        ),
        idf=id_es,
        idk="es_dni",
        lines=[
            lambda n, v: f"Hola, os paso mi DNI para la factura: {v}. Un saludo, {n}",
            lambda n, v: f"DNI del nuevo empleado ({n}): {v}",
        ],
    ),
    "ESN": dict(
        lang="es",
        names=["Andrea Popescu", "Omar El Idrissi", "Sofía Castro"],
        addr=None,
        idf=id_es_nie,
        idk="es_nie",
        lines=[
            lambda n, v: f"Mi NIE es {v}, ¿lo necesitáis para el contrato de alquiler?",
            lambda n, v: f"{n} — NIE {v}, pendiente de alta en la Seguridad Social",
        ],
    ),
    "IT": dict(
        lang="it",
        names=[
            "Giulia Romano",
            "Marco Esposito",
            "Francesca Ricci",
            "Alessandro Conti",
            "Chiara Gallo",
        ],
        addr=_addr(
            "{s} {n}, {pc} {city}",
            [
                "via Garibaldi",
                "corso Vittorio Emanuele",
                "via dei Mille",
                "piazza Dante",
            ],
            [
                ("20121", "Milano"),
                ("00185", "Roma"),
                ("80134", "Napoli"),
                ("10123", "Torino"),
                ("40126", "Bologna"),
            ],
        ),
        idf=id_it,
        idk="it_codice_fiscale",
        lines=[
            lambda n, v: (
                f"Buongiorno, il codice fiscale di {n} è {v}, serve per la fattura elettronica."
            ),
            lambda n, v: f"cf: {v} — mi raccomando inseritelo giusto stavolta",
        ],
    ),
    "NL": dict(
        lang="nl",
        names=[
            "Sanne de Vries",
            "Daan Jansen",
            "Fleur Bakker",
            "Thijs van den Berg",
            "Noor El Amrani",
        ],
        addr=_addr(
            "{s} {n}, {pc} {city}",
            ["Kerkstraat", "Prinsengracht", "Dorpsweg", "Wilhelminalaan"],
            [
                ("3511 LX", "Utrecht"),
                ("1016 GV", "Amsterdam"),
                ("3012 AB", "Rotterdam"),
                ("5611 AZ", "Eindhoven"),
            ],
        ),
        idf=id_nl,
        idk="nl_bsn",
        lines=[
            lambda n, v: (
                f"Mijn BSN is {v}, kun je dat in het HR-dossier zetten? Groetjes, {n}"
            ),
            lambda n, v: f"BSN klant {n}: {v} (nodig voor de zorgverzekering)",
        ],
    ),
    "BE": dict(
        lang="nl",
        names=["Lotte Peeters", "Wout Claes", "Amélie Dubois", "Jonas Maes"],
        addr=None,
        idf=id_be,
        idk="be_rijksregisternummer",
        lines=[
            lambda n, v: f"Rijksregisternummer van de nieuwe collega {n}: {v}",
            lambda n, v: f"Numéro de registre national : {v} ({n})",
        ],
    ),
    "PL": dict(
        lang="pl",
        names=[
            "Katarzyna Nowak",
            "Piotr Wiśniewski",
            "Agnieszka Wójcik",
            "Tomasz Kamiński",
            "Zofia Lewandowska",
        ],
        addr=_addr(
            "ul. {s} {n}/{a}, {pc} {city}",
            ["Marszałkowska", "Długa", "Piotrkowska", "Kwiatowa", "Słoneczna"],
            [
                ("00-514", "Warszawa"),
                ("31-042", "Kraków"),
                ("90-001", "Łódź"),
                ("80-831", "Gdańsk"),
                ("50-101", "Wrocław"),
            ],
        ),
        idf=id_pl,
        idk="pl_pesel",
        lines=[
            lambda n, v: (
                f"Dzień dobry, mój PESEL to {v}, proszę o korektę na fakturze. {n}"
            ),
            lambda n, v: f"PESEL pracownika: {v}, umowa od 1 marca",
        ],
    ),
    "SE": dict(
        lang="sv",
        names=[
            "Elin Lindqvist",
            "Oskar Johansson",
            "Maja Berg",
            "Erik Nilsson",
            "Saga Holm",
        ],
        addr=_addr(
            "{s} {n}, {pc} {city}",
            ["Storgatan", "Drottninggatan", "Kungsvägen", "Björkvägen"],
            [
                ("411 38", "Göteborg"),
                ("111 29", "Stockholm"),
                ("211 22", "Malmö"),
                ("753 20", "Uppsala"),
            ],
        ),
        idf=id_se,
        idk="se_personnummer",
        lines=[
            lambda n, v: f"Personnummer: {v} – {n}, kund sedan mars",
            lambda n, v: (
                f"Hej! Mitt personnummer är {v}, kan ni uppdatera det i lönesystemet?"
            ),
        ],
    ),
    "DK": dict(
        lang="da",
        names=["Mette Sørensen", "Rasmus Kjær", "Freja Madsen"],
        addr=None,
        idf=id_dk,
        idk="dk_cpr",
        lines=[
            lambda n, v: (
                f"Mit CPR-nr. er {v}, kan I opdatere det i lønsystemet? Mvh {n}"
            ),
            lambda n, v: f"CPR på den nye medarbejder: {v}",
        ],
    ),
    "FI": dict(
        lang="fi",
        names=["Aino Virtanen", "Mikko Korhonen", "Emilia Mäkinen"],
        addr=None,
        idf=id_fi,
        idk="fi_hetu",
        lines=[
            lambda n, v: (
                f"Henkilötunnukseni on {v}, laittakaa se palkanlaskentaan. t. {n}"
            ),
            lambda n, v: f"hetu: {v} (asiakas {n})",
        ],
    ),
    "NO": dict(
        lang="no",
        names=["Ingrid Hansen", "Magnus Johansen", "Sigrid Olsen"],
        addr=None,
        idf=id_no,
        idk="no_fodselsnummer",
        lines=[
            lambda n, v: f"Fødselsnummeret mitt er {v}. Hilsen {n}",
            lambda n, v: f"Ny ansatt {n}, fnr {v}",
        ],
    ),
    "PT": dict(
        lang="pt",
        names=["Inês Carvalho", "Tiago Ferreira", "Beatriz Sousa", "Rui Monteiro"],
        addr=_addr(
            "{s}, n.º {n}, {fl}.º Esq., {pc} {city}",
            [
                "Rua Augusta",
                "Avenida da Liberdade",
                "Rua de Santa Catarina",
                "Travessa do Carmo",
            ],
            [
                ("1100-048", "Lisboa"),
                ("4000-447", "Porto"),
                ("3000-123", "Coimbra"),
                ("8000-250", "Faro"),
            ],
        ),
        idf=id_pt,
        idk="pt_nif",
        lines=[
            lambda n, v: (
                f"O meu NIF é {v}, pode pôr na fatura por favor? Obrigado, {n}"
            ),
            lambda n, v: f"NIF do cliente {n}: {v}",
        ],
    ),
    "AT": dict(
        lang="de",
        names=["Florian Gruber", "Theresa Huber", "Stefan Pichler"],
        addr=_addr(
            "{s} {n}/{a}, {pc} {city}",
            ["Mariahilfer Straße", "Landstraßer Hauptstraße", "Herrengasse"],
            [
                ("1060", "Wien"),
                ("8010", "Graz"),
                ("5020", "Salzburg"),
                ("6020", "Innsbruck"),
            ],
        ),
        idf=id_at,
        idk="at_svnr",
        lines=[
            lambda n, v: (
                f"Sozialversicherungsnummer: {v}, bitte an die ÖGK weiterleiten. LG {n}"
            ),
            lambda n, v: f"SV-Nr. von {n} lautet {v}",
        ],
    ),
    "CH": dict(
        lang="de",
        names=["Reto Keller", "Nina Brunner", "Luca Bernasconi", "Céline Favre"],
        addr=None,
        idf=id_ch,
        idk="ch_ahv",
        lines=[
            lambda n, v: f"Meine AHV-Nummer ist {v}. Freundliche Grüsse, {n}",
            lambda n, v: f"Numéro AVS : {v} — {n}",
        ],
    ),
    "GB": dict(
        lang="en",
        names=["Olivia Hughes", "Callum Reid", "Priya Patel", "Tom Whitaker"],
        addr=_addr(
            "{n} {s}, {city} {pc}",
            ["Victoria Road", "Church Lane", "Mill Street", "Elm Grove"],
            [
                ("M14 5RT", "Manchester"),
                ("LS6 2AB", "Leeds"),
                ("BS3 4QH", "Bristol"),
                ("EH7 5JS", "Edinburgh"),
                ("N16 8DJ", "London"),
            ],
        ),
        idf=id_gb_nhs,
        idk="gb_nhs_number",
        lines=[
            lambda n, v: (
                f"Patient {n}, NHS no. {v}, wants the appointment moved to Thursday"
            ),
            lambda n, v: f"hi, my nhs number is {v} if that helps find my record",
        ],
    ),
    "IE": dict(
        lang="en",
        names=["Aoife Byrne", "Cian Murphy", "Siobhán Kelly"],
        addr=None,
        idf=id_ie,
        idk="ie_pps",
        lines=[
            lambda n, v: f"PPSN {v} for the payroll form, cheers - {n}",
            lambda n, v: f"Employee {n} PPS number: {v}",
        ],
    ),
    "CZ": dict(
        lang="cs",
        names=["Jana Nováková", "Petr Svoboda", "Lucie Dvořáková"],
        addr=None,
        idf=id_cz,
        idk="cz_rodne_cislo",
        lines=[
            lambda n, v: f"Rodné číslo: {v}, prosím doplnit do smlouvy. Děkuji, {n}",
            lambda n, v: f"klient {n}, r.č. {v}",
        ],
    ),
    "RO": dict(
        lang="ro",
        names=["Andreea Popescu", "Mihai Ionescu", "Ioana Stan"],
        addr=None,
        idf=id_ro,
        idk="ro_cnp",
        lines=[
            lambda n, v: (
                f"CNP-ul meu este {v}, vă rog să-l treceți pe factură. Mulțumesc, {n}"
            ),
            lambda n, v: f"CNP angajat {n}: {v}",
        ],
    ),
    "BG": dict(
        lang="bg",
        names=["Мария Иванова", "Георги Петров", "Десислава Николова"],
        addr=None,
        idf=id_bg,
        idk="bg_egn",
        lines=[
            lambda n, v: f"ЕГН: {v}, моля да го впишете в договора. {n}",
            lambda n, v: f"Клиент {n}, ЕГН {v}",
        ],
    ),
    "GR": dict(
        lang="el",
        names=["Γιώργος Παπαδόπουλος", "Ελένη Νικολάου", "Δημήτρης Κωνσταντίνου"],
        addr=None,
        idf=id_gr,
        idk="gr_amka",
        lines=[
            lambda n, v: (
                f"Ο ΑΜΚΑ μου είναι {v}, παρακαλώ ενημερώστε την καρτέλα μου. {n}"
            ),
            lambda n, v: f"ΑΜΚΑ ασθενούς ({n}): {v}",
        ],
    ),
    "EE": dict(
        lang="et",
        names=["Kadri Tamm", "Martin Saar", "Liis Kask"],
        addr=None,
        idf=id_ee,
        idk="ee_isikukood",
        lines=[
            lambda n, v: f"Minu isikukood on {v}. Tervitustega, {n}",
            lambda n, v: f"isikukood {v} ({n}), leping allkirjastatud",
        ],
    ),
    "LT": dict(
        lang="lt",
        names=["Rūta Kazlauskienė", "Tomas Petrauskas"],
        addr=None,
        idf=lambda r: id_ee(r, lt_asmens),
        idk="lt_asmens_kodas",
        lines=[lambda n, v: f"Mano asmens kodas {v}, prašau įrašyti į sutartį. {n}"],
    ),
    "HR": dict(
        lang="hr",
        names=["Ivana Horvat", "Marko Kovačević", "Petra Babić"],
        addr=None,
        idf=id_hr,
        idk="hr_oib",
        lines=[
            lambda n, v: f"OIB: {v}, molim unesite u ugovor. Lp, {n}",
            lambda n, v: f"OIB kupca {n} je {v}",
        ],
    ),
    "US": dict(
        lang="en",
        names=[
            "Jessica Alvarez",
            "Tyler Brooks",
            "DeShawn Carter",
            "Emily Nguyen",
            "Robert Kowalski",
        ],
        addr=_addr(
            "{n}{a} {s}, {city}",
            [
                "Maple Ave",
                "W 34th St",
                "Oak Ridge Dr",
                "Sunset Blvd Apt 4B",
                "Lakeview Ct",
            ],
            [
                ("", "Austin, TX 78704"),
                ("", "Columbus, OH 43215"),
                ("", "Portland, OR 97214"),
                ("", "Brooklyn, NY 11215"),
                ("", "Tampa, FL 33606"),
            ],
        ),
        idf=id_us,
        idk="us_ssn",
        lines=[
            lambda n, v: f"SSN is {v} for the W-4, sorry for the late reply — {n}",
            lambda n, v: (
                f"customer {n} gave SSN {v} over the phone for the credit check"
            ),
        ],
    ),
    "BR": dict(
        lang="pt",
        names=[
            "Ana Beatriz Souza",
            "João Pedro Oliveira",
            "Larissa Santos",
            "Rafael Lima",
            "Thiago Almeida",
        ],
        addr=_addr(
            "{s}, {n}{a}, apto {fl}{a} - {city} - CEP {pc}",
            [
                "Rua Augusta",
                "Av. Paulista",
                "Rua das Laranjeiras",
                "Rua XV de Novembro",
            ],
            [
                ("01310-100", "São Paulo/SP"),
                ("22240-003", "Rio de Janeiro/RJ"),
                ("80010-000", "Curitiba/PR"),
                ("30130-010", "Belo Horizonte/MG"),
            ],
        ),
        idf=id_br,
        idk="br_cpf",
        lines=[
            lambda n, v: f"Oi, meu CPF é {v}, pode emitir a nota no meu nome? {n}",
            lambda n, v: f"cpf da cliente {n}: {v} — ela pediu reembolso via pix",
        ],
    ),
    "MX": dict(
        lang="es",
        names=[
            "María Guadalupe Hernández",
            "José Luis Ramírez",
            "Fernanda Torres",
            "Diego Morales",
        ],
        addr=_addr(
            "{s} {n}, Col. {city}",
            ["Av. Insurgentes Sur", "Calle Hidalgo", "Av. Juárez", "Calle 5 de Mayo"],
            [
                ("", "Roma Norte, CDMX, C.P. 06700"),
                ("", "Centro, Guadalajara, Jal., C.P. 44100"),
                ("", "Del Valle, Monterrey, N.L., C.P. 66220"),
            ],
        ),
        idf=id_mx,
        idk="mx_curp",
        lines=[
            lambda n, v: (
                f"Mi CURP es {v}, la necesitan para el alta en el IMSS. Saludos, {n}"
            ),
            lambda n, v: f"CURP del trabajador {n}: {v}",
        ],
    ),
    "AR": dict(
        lang="es",
        names=["Martina Gómez", "Santiago Fernández", "Valentina Ruiz"],
        addr=None,
        idf=id_ar,
        idk="ar_cuil",
        lines=[
            lambda n, v: f"Mi CUIL es {v}, lo necesitan para el recibo de sueldo. {n}",
            lambda n, v: f"CUIT/CUIL {v} — {n}, monotributista",
        ],
    ),
    "CL": dict(
        lang="es",
        names=["Camila Muñoz", "Matías Rojas", "Catalina Soto"],
        addr=None,
        idf=id_cl,
        idk="cl_rut",
        lines=[
            lambda n, v: f"Mi RUT es {v}, porfa actualízalo en la boleta. Gracias! {n}",
            lambda n, v: f"RUT cliente: {v} ({n})",
        ],
    ),
    "CO": dict(
        lang="es",
        names=["Daniela Restrepo", "Andrés Gutiérrez", "Laura Cárdenas"],
        addr=None,
        idf=id_co,
        idk="co_nit_persona",
        lines=[
            lambda n, v: (
                f"Buenas, para la factura electrónica mi NIT es {v} (persona natural). {n}"
            )
        ],
    ),
    "PE": dict(
        lang="es",
        names=["Rosa Quispe", "Luis Mamani", "Carla Vargas"],
        addr=None,
        idf=id_pe,
        idk="pe_dni",
        lines=[lambda n, v: f"Mi DNI es {v}, por favor regístrenlo en la boleta. {n}"],
    ),
    "CA": dict(
        lang="en",
        names=["Émilie Tremblay", "Liam Gagnon", "Harpreet Sandhu", "Noah MacDonald"],
        addr=_addr(
            "{n}{a} {s}, {city} {pc}",
            ["Rue Saint-Denis", "Queen St W", "Rue Sherbrooke Est", "Kingsway"],
            [
                ("H2X 3K6", "Montréal, QC"),
                ("M5V 2B7", "Toronto, ON"),
                ("V5R 4J5", "Vancouver, BC"),
            ],
        ),
        idf=id_ca,
        idk="ca_sin",
        lines=[
            lambda n, v: f"My SIN is {v} — needed for the T4. Thanks, {n}",
            lambda n, v: f"Bonjour, mon NAS est le {v}, pour le relevé 1. {n}",
        ],
    ),
    "EC": dict(
        lang="es",
        names=["Gabriela Andrade", "Kevin Zambrano"],
        addr=None,
        idf=id_ec,
        idk="ec_cedula",
        lines=[lambda n, v: f"Mi cédula es {v}, para la factura a nombre de {n}"],
    ),
    "IN": dict(
        lang="hi",
        names=[
            "Rahul Sharma",
            "Priya Iyer",
            "Ankit Verma",
            "Sneha Reddy",
            "Arjun Nair",
        ],
        addr=_addr(
            "{n}/{a}, {s}, {city} {pc}",
            [
                "MG Road",
                "Lajpat Nagar II",
                "Koramangala 5th Block",
                "Bandra West, Hill Road",
            ],
            [
                ("560095", "Bengaluru"),
                ("110024", "New Delhi"),
                ("400050", "Mumbai"),
                ("600017", "Chennai"),
            ],
        ),
        idf=id_in,
        idk="in_aadhaar",
        lines=[
            lambda n, v: f"मेरा आधार नंबर {v} है, कृपया KYC अपडेट कर दें। – {n}",
            lambda n, v: f"Aadhaar no. {v} (customer {n}) for eKYC, pls verify",
        ],
    ),
    "INP": dict(
        lang="en",
        names=["Vikram Singh", "Deepa Menon"],
        addr=None,
        idf=id_in_pan,
        idk="in_pan",
        lines=[
            lambda n, v: f"PAN card number {v} for TDS deduction – {n}",
            lambda n, v: f"मेरा पैन नंबर {v} है",
        ],
    ),
    "CN": dict(
        lang="zh",
        names=["王芳", "李伟", "张静", "刘洋", "陈晨"],
        addr=_addr(
            "{city}{s}{n}号{a}栋{fl}0{a}室",
            ["中山路", "人民大道", "建国路", "淮海中路"],
            [
                ("", "上海市徐汇区"),
                ("", "北京市朝阳区"),
                ("", "广州市天河区"),
                ("", "成都市武侯区"),
            ],
        ),
        idf=id_cn,
        idk="cn_resident_id",
        lines=[
            lambda n, v: f"我的身份证号是{v}，麻烦帮我改一下收货信息。",
            lambda n, v: f"客户{n}，身份证：{v}，已实名认证",
        ],
    ),
    "JP": dict(
        lang="ja",
        names=["佐藤 美咲", "鈴木 健太", "高橋 陽子", "田中 翔"],
        addr=_addr(
            "〒{pc} {city}{s}{fl}-{a}-{n}",
            ["神南", "梅田", "栄", "天神"],
            [
                ("150-0041", "東京都渋谷区"),
                ("530-0001", "大阪府大阪市北区"),
                ("460-0008", "愛知県名古屋市中区"),
                ("810-0001", "福岡県福岡市中央区"),
            ],
        ),
        idf=id_jp,
        idk="jp_my_number",
        lines=[
            lambda n, v: (
                f"マイナンバーは{v}です。年末調整の書類に記入をお願いします。{n}"
            ),
            lambda n, v: f"{n}様の個人番号：{v}",
        ],
    ),
    "KR": dict(
        lang="ko",
        names=["김민지", "이준호", "박서연", "최동현"],
        addr=_addr(
            "{city} {s} {n}, {a}동 {fl}0{a}호",
            ["테헤란로", "세종대로", "해운대로"],
            [
                ("", "서울특별시 강남구"),
                ("", "서울특별시 중구"),
                ("", "부산광역시 해운대구"),
            ],
        ),
        idf=id_kr,
        idk="kr_rrn",
        lines=[
            lambda n, v: f"주민등록번호 {v} 입니다. 확인 부탁드립니다. - {n}",
            lambda n, v: f"고객 {n}님 주민번호: {v}",
        ],
    ),
    "TH": dict(
        lang="th",
        names=["สมชาย ใจดี", "นภา ศรีสุข", "Kittipong Wongsa"],
        addr=None,
        idf=id_th,
        idk="th_national_id",
        lines=[
            lambda n, v: f"เลขบัตรประชาชนของผมคือ {v} ครับ",
            lambda n, v: f"ลูกค้า {n} เลขประจำตัวประชาชน {v}",
        ],
    ),
    "MY": dict(
        lang="ms",
        names=["Nurul Aisyah binti Ahmad", "Tan Wei Ming", "Muthu a/l Raman"],
        addr=None,
        idf=id_my,
        idk="my_nric",
        lines=[
            lambda n, v: f"No. IC saya {v}, tolong kemas kini dalam sistem ya. {n}",
            lambda n, v: f"MyKad {v} – {n}",
        ],
    ),
    "ID": dict(
        lang="id",
        names=["Siti Rahmawati", "Budi Santoso", "Dewi Lestari"],
        addr=_addr(
            "{s} No. {n}, RT 0{fl}/RW 0{a}, {city} {pc}",
            ["Jl. Kebon Jeruk Raya", "Jl. Cempaka Putih", "Jl. Dago"],
            [("11530", "Jakarta Barat"), ("40135", "Bandung"), ("60271", "Surabaya")],
        ),
        idf=id_id,
        idk="id_nik",
        lines=[
            lambda n, v: f"NIK saya {v}, mohon dicek ya kak. {n}",
            lambda n, v: f"NIK pelanggan a.n. {n}: {v}",
        ],
    ),
    "TR": dict(
        lang="tr",
        names=["Elif Yılmaz", "Mehmet Demir", "Zeynep Kaya", "Emre Şahin"],
        addr=_addr(
            "{s} No:{n} D:{a}, {city} {pc}",
            ["Bağdat Cad.", "Atatürk Bulvarı", "Cumhuriyet Mah. 1203. Sok."],
            [("", "Kadıköy/İstanbul"), ("", "Çankaya/Ankara"), ("", "Konak/İzmir")],
        ),
        idf=id_tr,
        idk="tr_tc_kimlik",
        lines=[
            lambda n, v: (
                f"TC kimlik numaram {v}, faturayı bu numaraya kesebilir misiniz? {n}"
            ),
            lambda n, v: f"Müşteri {n}, TCKN: {v}",
        ],
    ),
    "IL": dict(
        lang="he",
        names=["נועה כהן", "איתי לוי", "Yael Mizrahi"],
        addr=None,
        idf=id_il,
        idk="il_teudat_zehut",
        lines=[
            lambda n, v: f"מספר תעודת הזהות שלי הוא {v}, תודה. {n}",
            lambda n, v: f"ת.ז. של הלקוחה {n}: {v}",
        ],
    ),
    "ZA": dict(
        lang="en",
        names=[
            "Thabo Nkosi",
            "Lerato Mokoena",
            "Pieter van der Merwe",
            "Ayanda Dlamini",
        ],
        addr=_addr(
            "{n} {s}, {city}, {pc}",
            ["Jan Smuts Ave", "Long Street", "Florida Road", "Rivonia Rd"],
            [
                ("2196", "Sandton, Johannesburg"),
                ("8001", "Cape Town"),
                ("4001", "Morningside, Durban"),
            ],
        ),
        idf=id_za,
        idk="za_id_number",
        lines=[
            lambda n, v: f"My ID number is {v}, please FICA my account. {n}",
            lambda n, v: f"Client {n} ID no {v} – docs attached, pending RICA",
        ],
    ),
    "KE": dict(
        lang="sw",
        names=["Wanjiru Kamau", "Otieno Ochieng", "Amina Hassan"],
        addr=None,
        idf=id_ke,
        idk="ke_kra_pin",
        lines=[
            lambda n, v: (
                f"Habari, KRA PIN yangu ni {v}, tafadhali weka kwenye ankara. {n}"
            ),
            lambda n, v: f"KRA PIN for {n}: {v}",
        ],
    ),
}

PHONE_LINES = {
    "DE": [
        "Ruf mich gern an: {p}",
        "Meine Handynummer hat sich geändert, neu: {p}",
        "Rückruf erbeten unter {p} (ab 17 Uhr)",
    ],
    "FR": [
        "Vous pouvez me joindre au {p}",
        "mon nouveau numéro : {p}",
        "Rappelez-moi au {p} svp",
    ],
    "ES": ["Mi móvil es {p}, llamadme por la tarde", "Contacto del cliente: {p}"],
    "IT": ["il mio cellulare è {p}", "Richiamare la signora al {p}"],
    "NL": ["Je kunt me bereiken op {p}", "06 gewijzigd: {p}"],
    "PL": ["Mój numer telefonu: {p}", "Proszę o kontakt pod numerem {p}"],
    "SE": ["Ring mig på {p}", "nytt mobilnummer: {p}"],
    "PT": ["O meu telemóvel é {p}"],
    "GB": ["best number to reach me is {p}", "mobile: {p} (text first pls)"],
    "US": ["you can call me at {p} after 5pm", "Cell: {p}"],
    "BR": ["meu zap é {p}", "me chama no whats {p}"],
    "MX": ["Mi cel es {p}, mándame whatsapp"],
    "AR": ["Mi celu: {p}"],
    "CO": ["Me pueden llamar al {p}"],
    "CA": ["Text me at {p}"],
    "IN": ["My mobile number is {p}, please call before 7", "कृपया मुझे {p} पर कॉल करें"],
    "CN": ["我的手机号是{p}，有事打我电话", "收件人电话：{p}"],
    "JP": ["携帯番号は{p}です", "連絡先：{p}（平日18時以降）"],
    "KR": ["제 휴대폰 번호는 {p}입니다", "연락처 {p}로 문자 주세요"],
    "TH": ["เบอร์โทรของฉันคือ {p}"],
    "MY": ["Nombor telefon saya {p}"],
    "ID": ["Nomor WA saya {p} ya kak"],
    "PH": ["my globe number is {p}, txt me po"],
    "VN": ["Số điện thoại của em là {p}"],
    "TR": ["Cep numaram {p}, arayabilirsiniz"],
    "IL": ["הטלפון שלי {p}"],
    "ZA": ["Please phone me on {p}"],
    "NG": [
        "Abeg call me on {p}, my MTN line",
        "My phone number is {p} — the delivery guy can reach me there",
    ],
    "KE": ["Nambari yangu ya M-Pesa ni {p}", "Nipigie kwa {p}"],
    "GH": ["Call me on {p} (MoMo number too)"],
    "EG": ["رقم موبايلي {p}، ياريت تكلموني بعد العصر"],
    "MA": ["Mon numéro : {p}, appelez-moi après 18h", "رقم هاتفي {p}"],
    "SN": ["Mon numéro Orange Money c'est le {p}"],
    "RO": ["Numărul meu de telefon este {p}"],
    "GR": ["Το κινητό μου είναι {p}"],
    "CZ": ["Moje číslo je {p}"],
}

AFRICA_ADDR = {
    "NG": (
        "en",
        ["Chinedu Okafor", "Funmilayo Adeyemi", "Ibrahim Bello"],
        [
            "Plot {n}, Admiralty Way, Lekki Phase 1, Lagos",
            "{n} Awolowo Road, Ikoyi, Lagos",
            "No. {n} Aminu Kano Crescent, Wuse II, Abuja",
        ],
    ),
    "KE": (
        "sw",
        ["Wanjiru Kamau", "Brian Kiprotich"],
        [
            "Nyumba nambari {n}, Ngong Road, Kilimani, Nairobi",
            "Apartment {a}B, Moi Avenue, Mombasa",
        ],
    ),
    "GH": (
        "en",
        ["Kwame Mensah", "Akosua Boateng"],
        [
            "House No. {n}, Oxford Street, Osu, Accra",
            "GA-{n}-{a}{a}, East Legon, Accra",
        ],
    ),
    "EG": (
        "ar",
        ["محمد عبد الله", "فاطمة حسن"],
        ["{n} شارع التحرير، الدقي، الجيزة", "شقة {a}، {n} شارع مصدق، القاهرة"],
    ),
    "MA": (
        "fr",
        ["Youssef Benjelloun", "Salma Alaoui"],
        [
            "{n}, rue Ibn Batouta, Quartier Racine, Casablanca",
            "Appt {a}, Résidence Al Wifaq, Hay Riad, Rabat",
        ],
    ),
    "SN": (
        "fr",
        ["Awa Diop", "Moussa Ndiaye"],
        ["Villa n°{n}, Sicap Liberté 6, Dakar", "Cité Keur Gorgui, lot {n}, Dakar"],
    ),
}


def first(n):
    return n.split()[0]


def email_of(
    r,
    name,
    domains=(
        "gmail.com",
        "outlook.com",
        "yahoo.com",
        "gmx.de",
        "web.de",
        "hotmail.fr",
        "libero.it",
        "wp.pl",
        "icloud.com",
        "proton.me",
    ),
):
    tr = str.maketrans(
        dict(zip("äöüéèêáíóúñçãõåøæłśźżćńıışğëô", "aoueeeaiouncaoaoalszzcniisgeo"))
        | {"ß": "ss"}
    )
    parts = [
        p
        for p in name.lower().translate(tr).replace("'", "").split()
        if p.isascii() and p.isalpha()
    ]
    if len(parts) < 2:
        parts = [rs(r, 6, LO), rs(r, 5, LO)]
    sep = pick(r, [".", "_", "", "."])
    local = parts[0] + sep + parts[-1] + (str(ri(r, 1, 99)) if r.random() < 0.4 else "")
    return f"{local}@{pick(r, domains)}"


def wrap(r, s, name):
    w = r.randint(0, 6)
    if w == 0:
        return s
    if w == 1:
        return f"Ticket #{tix(r)} ({pick(r, ['web form', 'email', 'chat', 'phone note'])}) – customer wrote: «{s}»"
    if w == 2:
        return f"[{ri(r, 8, 21):02d}:{ri(r, 0, 59):02d}] {first(name)}: {s}"
    if w == 3:
        return f'{ts(r)}.{ri(r, 100, 999)}Z INFO  support-bot inbound msg conv={rs(r, 10, LO + DG)} text="{s}"'
    if w == 4:
        return f"Note from the call with {name}: {s}"
    if w == 5:
        return f"user: {s}\nassistant: Thanks, I've noted that."
    return f"Subject: Re: {pick(r, ['Rechnung', 'facture', 'contract', 'fatura', 'onboarding', 'factura'])} {tix(r)}\n\n{s}"


def _id_tpl(cc):
    def fn(r):
        c = C[cc]
        n = pick(r, c["names"])
        v = c["idf"](r)
        s = pick(r, c["lines"])(n, v)
        return wrap(r, s, n), f"{c['idk']}.{c['lang']}", v

    return fn


for _cc in C:
    PII.append((f"p.id.{_cc.lower()}", _id_tpl(_cc), 1))


@reg(PII, "p.phone.native", weight=7)
def _(r):
    cc = pick(r, sorted(PHONE_LINES))
    p = phone(r, cc)
    s = pick(r, PHONE_LINES[cc]).format(p=p)
    name = (
        pick(r, C[cc]["names"])
        if cc in C
        else pick(
            r, AFRICA_ADDR.get(cc, ("", ["Maria Santos", "Nguyen Thi Lan"], []))[1]
        )
    )
    return wrap(r, s, name), f"phone_{cc.lower()}.chat", p


@reg(PII, "p.phone.signature", weight=2)
def _(r):
    cc = pick(
        r, ["DE", "FR", "NL", "ES", "IT", "GB", "US", "BR", "PL", "SE", "AT", "CH"]
    )
    n = pick(r, C[cc]["names"])
    p = phone(r, cc, "intl")
    t = f"-- \n{n}\n{pick(r, ['Senior Consultant', 'Einkauf', 'Responsable RH', 'Account Manager', 'Buchhaltung'])}\nMobil: {p}\n{email_of(r, n, ('firma.de', 'acme.com', 'nordwind.eu', 'tiendaverde.es'))}"
    return t, f"phone_{cc.lower()}.email_signature", p


@reg(PII, "p.phone.crm_csv", weight=2)
def _(r):
    cc = pick(
        r, ["DE", "FR", "ES", "IT", "BR", "MX", "IN", "ZA", "NG", "KE", "PL", "TR"]
    )
    names = C[cc]["names"] if cc in C else AFRICA_ADDR[cc][1]
    n = pick(r, names)
    p = phone(r, cc, "e164")
    t = f"customer_id,full_name,phone,country,created_at\n{ri(r, 10000, 99999)},{n},{p},{cc},{ts(r, ' ')}"
    return t, f"phone_{cc.lower()}.csv", p


@reg(PII, "p.phone.applog", weight=2)
def _(r):
    cc = pick(
        r, ["GB", "US", "IN", "PH", "VN", "ID", "EG", "GH", "SN", "MA", "JP", "KR"]
    )
    p = phone(r, cc, "e164")
    t = pick(
        r,
        [
            f"{ts(r)}Z INFO  otp-service sent SMS verification code to {p} (provider=twilio, status=queued)",
            f"{ts(r, ' ')} WARN  [sms] delivery failed msisdn={p} err=UNDELIVERABLE retry=2",
            f"[{ts(r, ' ')}] auth.INFO: Login attempt for phone {p} from 41.{ri(r, 0, 255)}.{ri(r, 0, 255)}.{ri(r, 1, 254)}",
        ],
    )
    return t, f"phone_{cc.lower()}.applog", p


@reg(PII, "p.addr.ticket", weight=6)
def _(r):
    cc = pick(r, [k for k, c in C.items() if c["addr"]])
    c = C[cc]
    n = pick(r, c["names"])
    a = c["addr"](r).strip()
    lines = {
        "de": [
            f"Bitte schicken Sie die Ersatzlieferung an meine neue Adresse: {n}, {a}",
            f"Lieferadresse geändert: {a} – {n}",
        ],
        "fr": [f"Merci d'envoyer le colis à ma nouvelle adresse : {n}, {a}"],
        "es": [f"Mi nueva dirección de envío es {a}, a nombre de {n}"],
        "it": [f"Nuovo indirizzo di spedizione: {n}, {a}"],
        "nl": [f"Mijn nieuwe adres is {a}. Groet, {n}"],
        "pl": [f"Proszę wysłać paczkę na adres: {n}, {a}"],
        "sv": [f"Ny adress: {n}, {a}"],
        "pt": [
            f"Podem enviar para {a}? É a minha morada nova. {n}",
            f"endereço de entrega: {n}, {a}",
        ],
        "en": [
            f"Please update my home address to {a}. Thanks, {n}",
            f"ship to: {n}, {a}",
        ],
        "hi": [f"मेरा नया पता: {n}, {a}"],
        "zh": [f"收货地址：{a}，收件人：{n}"],
        "ja": [f"送付先住所：{a} {n}"],
        "ko": [f"배송지 주소: {a} ({n})"],
        "id": [f"Alamat pengiriman: {n}, {a}"],
        "tr": [f"Teslimat adresim: {a}, alıcı {n}"],
    }[c["lang"]]
    s = pick(r, lines)
    return wrap(r, s, n), f"home_address_{cc.lower()}.{c['lang']}", a


@reg(PII, "p.addr.africa", weight=3)
def _(r):
    cc = pick(r, sorted(AFRICA_ADDR))
    lang, names, fmts = AFRICA_ADDR[cc]
    n = pick(r, names)
    a = pick(r, fmts).format(n=ri(r, 2, 220), a=ri(r, 1, 30))
    s = {
        "en": pick(
            r,
            [
                f"Deliver to {n}, {a}. Call when you reach the gate.",
                f"Home address for {n}: {a}",
            ],
        ),
        "sw": pick(
            r, [f"Anwani yangu ya nyumbani ni {a}. — {n}", f"Tuma mzigo kwa {n}, {a}"]
        ),
        "ar": pick(r, [f"عنواني: {a} — {n}", f"من فضلك ارسلوا الطلب إلى {a}"]),
        "fr": pick(
            r,
            [
                f"Adresse de livraison : {n}, {a}",
                f"Mon adresse : {a}. Merci de livrer le matin, je travaille l'après-midi.",
            ],
        ),
    }[lang]
    return wrap(r, s, n), f"home_address_{cc.lower()}.{lang}", a


@reg(PII, "p.dob", weight=4)
def _(r):
    cc = pick(
        r,
        [
            "DE",
            "FR",
            "ES",
            "IT",
            "NL",
            "PL",
            "US",
            "BR",
            "JP",
            "KR",
            "TR",
            "SE",
            "CN",
            "MX",
        ],
    )
    c = C[cc]
    n = pick(r, c["names"])
    b = birth(r, 1948, 2006)
    fmt = {
        "de": b.strftime("%d.%m.%Y"),
        "fr": b.strftime("%d/%m/%Y"),
        "es": b.strftime("%d/%m/%Y"),
        "it": b.strftime("%d/%m/%Y"),
        "nl": b.strftime("%d-%m-%Y"),
        "pl": b.strftime("%d.%m.%Y"),
        "en": b.strftime("%m/%d/%Y"),
        "pt": b.strftime("%d/%m/%Y"),
        "ja": f"{b.year}年{b.month}月{b.day}日",
        "ko": f"{b.year}년 {b.month}월 {b.day}일",
        "tr": b.strftime("%d.%m.%Y"),
        "sv": b.isoformat(),
        "zh": f"{b.year}年{b.month}月{b.day}日",
    }[c["lang"]]
    s = {
        "de": f"{n}, geb. {fmt}, wohnhaft in {c['addr'](r).split(', ')[-1]}",
        "fr": f"Nom : {n} — date de naissance : {fmt}",
        "es": f"{n}, nacida el {fmt}, solicita la portabilidad",
        "it": f"{n}, nato il {fmt}",
        "nl": f"Geboortedatum van {n}: {fmt}",
        "pl": f"{n}, data urodzenia {fmt}",
        "en": f"Member: {n} | DOB {fmt} | plan: family",
        "pt": f"{n}, data de nascimento {fmt}",
        "ja": f"{n}（{fmt}生まれ）の会員情報を更新しました",
        "ko": f"{n} 고객님 생년월일: {fmt}",
        "tr": f"{n}, doğum tarihi {fmt}",
        "sv": f"{n}, född {fmt}",
        "zh": f"{n}，出生日期：{fmt}",
    }[c["lang"]]
    return wrap(r, s, n), f"birth_date_{cc.lower()}.{c['lang']}", fmt


@reg(PII, "p.dob.notebook", weight=1)
def _(r):
    rows = []
    val = None
    for i in range(3):
        cc = pick(r, ["DE", "FR", "ES", "PL", "NL"])
        n = pick(r, C[cc]["names"])
        b = birth(r).isoformat()
        val = val or b
        rows.append(f"{i}  {ri(r, 100000, 999999)}  {n:<24} {b}  {cc}")
    t = (
        "Out[7]:\n   cust_id  name                     birth_date  country\n"
        + "\n".join(rows)
    )
    return t, "birth_date.ipynb", val


@reg(PII, "p.iban.hr", weight=5)
def _(r):
    cc = pick(
        r,
        [
            "DE",
            "AT",
            "NL",
            "ES",
            "FR",
            "PL",
            "GB",
            "CH",
            "SE",
            "BE",
            "IE",
            "NO",
            "DK",
            "FI",
            "CZ",
            "RO",
            "PT",
            "IT",
        ],
    )
    v = iban(r, cc)
    n = (
        pick(r, C[cc]["names"])
        if cc in C
        else pick(
            r,
            {
                "IT": ["Giulia Romano"],
                "RO": C["RO"]["names"],
                "CZ": C["CZ"]["names"],
            }.get(cc, ["Anna Berg"]),
        )
    )
    s = {
        "DE": f"Hallo Frau Weber, meine neue Bankverbindung für das Gehalt: IBAN {v}, Kontoinhaber {n}.",
        "AT": f"Bitte überweisen Sie die Rückerstattung auf mein Konto {v} (lautend auf {n}).",
        "NL": f"Mijn nieuwe rekeningnummer is {v} t.n.v. {n}",
        "ES": f"Para la devolución: IBAN {v}, titular {n}",
        "FR": f"Voici mon RIB pour le remboursement : {v} – titulaire {n}",
        "PL": f"Numer konta do zwrotu: {v}, {n}",
        "GB": f"Please pay my expenses into {v} (account name {n})",
        "CH": f"Meine IBAN für die Lohnzahlung: {v}",
        "SE": f"Mitt kontonummer (IBAN) är {v}",
        "BE": f"Gelieve terug te storten op {v} op naam van {n}",
        "IE": f"bank details for the refund: {v}, {n}",
        "NO": f"Kontoen min for lønn: {v}",
        "DK": f"Min IBAN er {v}",
        "FI": f"Tilinumeroni on {v}",
        "CZ": f"Číslo účtu pro vrácení peněz: {v}",
        "RO": f"Contul meu IBAN: {v}, titular {n}",
        "PT": f"O meu IBAN é {v}",
        "IT": f"IBAN per il rimborso: {v}, intestato a {n}",
    }[cc]
    return (
        wrap(r, s, n),
        f"iban_{cc.lower()}.{ {'DE': 'de', 'AT': 'de', 'CH': 'de', 'NL': 'nl', 'BE': 'nl', 'ES': 'es', 'FR': 'fr', 'PL': 'pl', 'GB': 'en', 'IE': 'en', 'SE': 'sv', 'NO': 'no', 'DK': 'da', 'FI': 'fi', 'CZ': 'cs', 'RO': 'ro', 'PT': 'pt', 'IT': 'it'}[cc] }",
        v,
    )


@reg(PII, "p.iban.csv", weight=1)
def _(r):
    cc = pick(r, ["DE", "NL", "FR", "ES"])
    v = iban(r, cc, spaced=False)
    n = pick(r, C[cc]["names"])
    t = f"employee_no;name;iban;bic;salary_eur\n{ri(r, 1000, 9999)};{n};{v};{rs(r, 4, UP)}{cc}{rs(r, 2, UP + DG)};{ri(r, 2800, 7900)}"
    return t, f"iban_{cc.lower()}.csv", v


@reg(PII, "p.bank.latam", weight=2)
def _(r):
    k = r.randint(0, 2)
    if k == 0:
        n = pick(r, C["BR"]["names"])
        v = f"{ri(r, 1000, 9999)} / {ri(r, 10000, 99999)}-{ri(r, 0, 9)}"
        s = f"Dados pra transferência: {n}, Banco Itaú, agência/conta {v}"
        return wrap(r, s, n), "bank_account_br.pt", v
    if k == 1:
        from stdnum.ar import cbu as ar_cbu

        a, b = dstr(r, 7), dstr(r, 13)
        v = next(
            a + x + b + y
            for x, y in itertools.product(DG, DG)
            if ar_cbu.is_valid(a + x + b + y)
        )
        n = pick(r, C["AR"]["names"])
        s = f"Te paso mi CBU para el reintegro: {v} ({n})"
        return wrap(r, s, n), "bank_cbu_ar.es", v
    n = pick(r, C["US"]["names"])
    from stdnum.us import rtn as us_rtn

    rt = brute(us_rtn.is_valid, lambda: pick(r, ["0", "1", "2"]) + dstr(r, 7), T1)
    v = dstr(r, ri(r, 9, 12))
    s = f"Direct deposit form for {n}: routing {rt}, checking account {v}"
    return s, "bank_account_us.en", v


@reg(PII, "p.card", weight=4)
def _(r):
    v = card(r)
    exp = f"{ri(r, 1, 12):02d}/{ri(r, 26, 30)}"
    t = pick(
        r,
        [
            f"customer pasted the full card in chat: {v} exp {exp}, asked why the payment was declined",
            f"Mi tarjeta es la {v}, caduca {exp}, ¿me podéis cobrar por teléfono?",
            f"Kunde hat telefonisch die Kreditkarte durchgegeben: {v}, gültig bis {exp}",
            f"{ts(r)}Z ERROR payment-gw: charge failed card_number={v.replace(' ', '')} reason=do_not_honor",
            f"le client m'a donné sa carte bancaire : {v} (exp. {exp}) pour régler la facture",
            f"カード番号 {v} 有効期限 {exp} で決済してください",
        ],
    )
    if "card_number=" in t:
        v = v.replace(" ", "")
    return t, "payment_card.mixed", v


@reg(PII, "p.email", weight=5)
def _(r):
    cc = pick(
        r, ["DE", "FR", "ES", "IT", "NL", "PL", "BR", "US", "GB", "TR", "SE", "PT"]
    )
    n = pick(r, C[cc]["names"])
    v = email_of(r, n)
    t = pick(
        r,
        [
            f"{ts(r)}Z INFO  auth: password reset requested for {v} ip=85.{ri(r, 0, 255)}.{ri(r, 0, 255)}.{ri(r, 1, 254)}",
            f"  {ri(r, 100, 999)}  grep -i '{v}' /var/log/nginx/access.log | tail -50",
            f"Kontakt privat: {v}",
            f"L'adresse mail perso de {n} est {v}",
            f"Cliente {n} pidió que le escribamos a {v} en lugar del correo del trabajo",
            f"psql -c \"UPDATE users SET email='{v}' WHERE id={ri(r, 100, 99999)};\"",
            f"her private email is {v}, she left the company last month",
            f"Reply-To: {n} <{v}>",
        ],
    )
    return t, "personal_email.mixed", v


@reg(PII, "p.passport", weight=3)
def _(r):
    k = r.randint(0, 5)
    if k == 0:
        v = pick(r, "CFGHJK") + rs(r, 8, "CFGHJKLMNPRTVWXYZ0123456789")
        n = pick(r, C["DE"]["names"])
        s = f"Reisepassnummer von {n}: {v}, gültig bis 2031"
        return wrap(r, s, n), "passport_de.de", v
    if k == 1:
        v = dstr(r, 2) + rs(r, 2, UP) + dstr(r, 5)
        n = pick(r, C["FR"]["names"])
        s = f"N° de passeport : {v} ({n}) — pour la réservation du vol"
        return wrap(r, s, n), "passport_fr.fr", v
    if k == 2:
        v = pick(r, "ABCDEFGHJKLMNPRSTUVWZ") + dstr(r, 7)
        n = pick(r, C["IN"]["names"])
        s = f"Passport no. {v} for the visa invitation letter – {n}"
        return wrap(r, s, n), "passport_in.en", v
    if k == 3:
        v = dstr(r, 9)
        n = pick(r, C["US"]["names"])
        s = f"traveler: {n}, US passport {v}, exp 2029-0{ri(r, 1, 9)}-1{ri(r, 0, 9)}"
        return s, "passport_us.en", v
    if k == 4:
        v = "E" + pick(r, "ABCDEFGH") + dstr(r, 7)
        n = pick(r, C["CN"]["names"])
        s = f"护照号码：{v}，姓名：{n}"
        return s, "passport_cn.zh", v
    v = "T" + dstr(r, 8) if r.random() < 0.5 else "TK" + dstr(r, 7)
    n = pick(r, C["JP"]["names"])
    s = f"旅券番号 {v}（{n}）でホテルを予約済み"
    return s, "passport_jp.ja", v


def _kvnr(r):
    letter = pick(r, UP)
    digits = dstr(r, 8)
    seq = f"{ord(letter) - 64:02d}" + digits
    tot = 0
    for i, ch in enumerate(seq):
        p = int(ch) * (1 if i % 2 == 0 else 2)
        tot += p // 10 + p % 10
    return letter + digits + str(tot % 10)


@reg(PII, "p.health", weight=3)
def _(r):
    k = r.randint(0, 3)
    if k == 0:
        v = _kvnr(r)
        n = pick(r, C["DE"]["names"])
        s = f"Versichertennummer (TK) von {n}: {v}"
        return wrap(r, s, n), "de_kvnr.de", v
    if k == 1:
        v = id_ca_phn(r)
        n = pick(r, ["Liam Gagnon", "Harpreet Sandhu", "Noah MacDonald"])
        s = f"BC PHN {v} – {n}, needs refill of the prescription"
        return wrap(r, s, n), "ca_bc_phn.en", v
    if k == 2:
        v = id_gb_nhs(r)
        n = pick(r, C["GB"]["names"])
        s = f"{n} (DOB {birth(r).strftime('%d/%m/%Y')}), NHS {v}, allergic to penicillin"
        return s, "gb_nhs_health.en", v
    v = id_fr(r)
    n = pick(r, C["FR"]["names"])
    s = f"Carte Vitale de {n} : {v}, mutuelle MGEN"
    return wrap(r, s, n), "fr_carte_vitale.fr", v


@reg(PII, "p.plate", weight=2)
def _(r):
    k = r.randint(0, 3)
    if k == 0:
        v = f"{pick(r, ['M', 'B', 'HH', 'K', 'S'])}-{rs(r, 2, UP)} {ri(r, 10, 9999)}"
        n = pick(r, C["DE"]["names"])
        s = f"Parkausweis für {n}, Kennzeichen {v}, Stellplatz 14"
        return s, "de_plate_person.de", v
    if k == 1:
        v = f"{rs(r, 2, 'ABCDEFGHJKLMNPRSTVWXYZ')}-{dstr(r, 3)}-{rs(r, 2, 'ABCDEFGHJKLMNPRSTVWXYZ')}"
        n = pick(r, C["FR"]["names"])
        s = f"Le véhicule de {n} est immatriculé {v}, il se gare au niveau -2"
        return s, "fr_plate_person.fr", v
    if k == 2:
        v = f"{rs(r, 3, UP)}{ri(r, 0, 9)}{pick(r, UP)}{dstr(r, 2)}"
        n = pick(r, C["BR"]["names"])
        s = f"placa do carro da {n}: {v} (liberar na portaria)"
        return s, "br_plate_person.pt", v
    v = f"{rs(r, 2, 'ABCDEFGHJKLMNOPRSTUVWXY')}{dstr(r, 2)} {rs(r, 3, 'ABCDEFGHJKLMNOPRSTUVWXYZ')}"
    n = pick(r, C["GB"]["names"])
    s = f"{n}'s car reg is {v} — add to the visitor permit list"
    return s, "gb_plate_person.en", v


# ----------------------------------------------------------------------------------------------
# CLEAN look-alikes
# ----------------------------------------------------------------------------------------------


@reg(CLN, "c.reqid.log")
def _(r):
    v = uuid4(r)
    t = pick(
        r,
        [
            f"{ts(r)}.{ri(r, 100, 999)}Z INFO  {pick(r, SVCS)} request_id={v} method=POST path=/api/v2/orders status=201 duration_ms={ri(r, 8, 900)}",
            f"Kunde meldet Fehler 500, X-Request-Id: {v} – bitte in Kibana nachschauen",
            f"la requête {v} a expiré après 30s côté gateway",
        ],
    )
    return t, "request_id.applog", v


@reg(CLN, "c.trace")
def _(r):
    tid, sid = rs(r, 32, HEX), rs(r, 16, HEX)
    v = f"00-{tid}-{sid}-01"
    t = pick(
        r,
        [
            f"traceparent: {v}",
            f'slow span in {pick(r, SVCS)}: trace_id={tid} span_id={sid} db.statement="SELECT * FROM orders WHERE id = $1" 2.3s',
            f"Jaeger link for the timeout: https://jaeger.{pick(r, ORGS)}.internal/trace/{tid}",
        ],
    )
    return t, "trace_id.applog", tid


@reg(CLN, "c.gitsha")
def _(r):
    v = rs(r, 40, HEX)
    t = pick(
        r,
        [
            f"HEAD is now at {v[:7]} fix(ledger): handle negative balances in export",
            f"Checking out {v} (refs/remotes/origin/main)",
            f"the regression came in with commit {v}, revert is in #{ri(r, 100, 5000)}",
            f"Die Änderung ist in {v[:12]} drin, deployed auf staging.",
        ],
    )
    return t, "git_sha.cilog", v if v in t else v[:12] if v[:12] in t else v[:7]


@reg(CLN, "c.digest.k8s")
def _(r):
    v = "sha256:" + rs(r, 64, HEX)
    t = (
        f"    spec:\n      containers:\n      - name: {pick(r, SVCS)}\n        image: ghcr.io/{pick(r, ORGS)}/{pick(r, SVCS)}@{v}\n"
        f"        imagePullPolicy: IfNotPresent\n        resources:\n          limits:\n            memory: {pick(r, ['256Mi', '512Mi', '1Gi'])}"
    )
    return t, "image_digest.k8s", v


@reg(CLN, "c.digest.cilog")
def _(r):
    v = "sha256:" + rs(r, 64, HEX)
    tag = f"{ri(r, 1, 4)}.{ri(r, 0, 30)}.{ri(r, 0, 9)}"
    t = f"#14 exporting to image\n#14 pushing layers done\n#14 pushing manifest for registry.{pick(r, ORGS)}.io/{pick(r, SVCS)}:{tag}@{v} 0.9s done\n#14 DONE 6.2s"
    return t, "image_digest.cilog", v


@reg(CLN, "c.sha256sum")
def _(r):
    v = rs(r, 64, HEX)
    t = pick(
        r,
        [
            f"$ sha256sum {pick(r, ['node_exporter-1.8.1.linux-amd64.tar.gz', 'helm-v3.15.2-linux-amd64.tar.gz', 'backup-2024-05-01.tar.zst'])}\n{v}  {pick(r, ['node_exporter-1.8.1.linux-amd64.tar.gz', 'helm-v3.15.2-linux-amd64.tar.gz'])}",
            f"checksum verified: sha256={v}",
            f"El hash SHA-256 del instalador es {v}, coincide con el publicado.",
        ],
    )
    return t, "file_hash.shell", v


@reg(CLN, "c.md5etag")
def _(r):
    v = rs(r, 32, HEX)
    t = pick(
        r,
        [
            f'ETag: "{v}"',
            f"upload complete: s3://{pick(r, ORGS)}-artifacts/build.zip etag={v}",
            f"md5 des Exports: {v}",
        ],
    )
    return t, "etag_md5.applog", v


@reg(CLN, "c.build")
def _(r):
    v = str(ri(r, 1000, 99999))
    t = pick(
        r,
        [
            f"build #{v} failed on step `lint` again, flaky eslint cache",
            f"Pipeline {v} ist grün, kann gemerged werden",
            f"La build {v} se quedó colgada en 'Waiting for runner'",
            f"ビルド#{v}は成功しました。ステージングに反映済みです。",
            f"Run #{v} · {pick(r, ['deploy-prod', 'nightly', 'e2e'])} · completed in {ri(r, 2, 40)}m {ri(r, 0, 59)}s",
        ],
    )
    return t, "build_number.chat", v


@reg(CLN, "c.semver")
def _(r):
    a = f"{ri(r, 1, 5)}.{ri(r, 0, 30)}.{ri(r, 0, 15)}"
    b = f"{a.split('.')[0]}.{int(a.split('.')[1]) + 1}.0"
    t = pick(
        r,
        [
            f"chart: ingress-nginx {a} → {b}, appVersion bump too",
            f"Bump requests from 2.31.0 to 2.32.3 in /services/{pick(r, SVCS)}",
            f"we're on postgres 15.{ri(r, 2, 8)}, upgrade to 16 planned for Q3",
            "python 3.11.9, numpy 1.26.4, pandas 2.2.2, scikit-learn 1.5.0",
            f"Version {a} veröffentlicht, Changelog im Wiki",
        ],
    )
    return t, "version.chat", ""


@reg(CLN, "c.k8s.uid")
def _(r):
    v = uuid4(r)
    t = (
        f"metadata:\n  name: {pick(r, SVCS)}-{rs(r, 10, LO + DG)}-{rs(r, 5, LO + DG)}\n  namespace: {pick(r, TEAMS)}\n"
        f'  uid: {v}\n  resourceVersion: "{ri(r, 1000000, 99999999)}"\n  creationTimestamp: "{ts(r)}Z"'
    )
    return t, "k8s_uid.k8s", v


@reg(CLN, "c.sshpub", weight=2)
def _(r):
    v = ed_pub_ssh(
        r, pick(r, ["ci-deploy", "github-actions", "backup@nas", "ansible-controller"])
    )
    t = pick(
        r,
        [
            f"Bitte diesen Public Key auf dem Jump-Host in authorized_keys eintragen:\n{v}",
            f"# /home/deploy/.ssh/authorized_keys\n{v}",
            f"deploy key (public, read-only) added to the repo: {v}",
        ],
    )
    return t, "ssh_public_key.mixed", v


@reg(CLN, "c.pempub")
def _(r):
    v = ec_pub_pem(r)
    if r.random() < 0.5:
        v = "\n".join("    " + l for l in v.splitlines()).strip()
        t = f"jwt:\n  verifyKey: |\n    {v}"
    else:
        t = f"Public key to verify our webhook signatures (safe to share):\n{v}"
    return t, "public_key_pem.mixed", v


@reg(CLN, "c.cert")
def _(r):
    v = ed_cert_pem(r, pick(r, ["ca.internal", "Nordwind Root CA", "mesh-ca"]))
    v = "\n".join("    " + l for l in v.splitlines()).strip()
    t = f"# values.yaml\ntls:\n  caBundle: |\n    {v}\n  verify: true"
    return t, "ca_certificate.helm", v


@reg(CLN, "c.placeholder.env", weight=2)
def _(r):
    t = pick(
        r,
        [
            "# .env.example — copy to .env and fill in\nOPENAI_API_KEY=<your-openai-key>\nDATABASE_URL=postgres://USER:PASSWORD@localhost:5432/app\nSTRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxx",
            "AWS_ACCESS_KEY_ID=\nAWS_SECRET_ACCESS_KEY=\nAWS_REGION=eu-central-1",
            "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX",
            "GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX  # replace with your own PAT",
            "API_KEY=your_api_key_here\nAPI_SECRET=your_api_secret_here",
            "DB_PASSWORD=${DB_PASSWORD:?must be set}  # real value comes from Vault at deploy time",
        ],
    )
    return t, "placeholder.env", ""


@reg(CLN, "c.placeholder.docs")
def _(r):
    t = pick(
        r,
        [
            'curl -H "Authorization: Bearer $API_TOKEN" https://api.example.com/v1/items',
            "Setze `ANTHROPIC_API_KEY` auf deinen eigenen Schlüssel (beginnt mit `sk-ant-`), niemals committen.",
            "Remplacez <VOTRE_CLE_API> par la clé fournie dans la console.",
            "docker login -u <username> --password-stdin < ~/.docker/token",
            "mysql -u root -p   # prompts for the password",
            "Reemplaza {{TOKEN}} con el token que te da BotFather.",
        ],
    )
    return t, "placeholder.docs", ""


@reg(CLN, "c.gha.secrets")
def _(r):
    t = pick(
        r,
        [
            "      - uses: docker/login-action@v3\n        with:\n          username: ${{ vars.DOCKERHUB_USER }}\n          password: ${{ secrets.DOCKERHUB_TOKEN }}",
            "    env:\n      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n      NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n    run: npm publish",
            'deploy:\n  script:\n    - echo "$KUBECONFIG_B64" | base64 -d > kubeconfig\n    - helm upgrade --install app ./chart --set image.tag=$CI_COMMIT_SHORT_SHA',
        ],
    )
    return t, "ci_secret_reference.ci", ""


@reg(CLN, "c.k8s.ref")
def _(r):
    t = pick(
        r,
        [
            f"        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: {pick(r, SVCS)}-db\n              key: password",
            f"  envFrom:\n  - secretRef:\n      name: {pick(r, SVCS)}-env\n  - configMapRef:\n      name: {pick(r, SVCS)}-config",
            'auth:\n  existingSecret: pg-credentials\n  secretKeys:\n    adminPasswordKey: postgres-password\n  password: ""',
            f'kubectl create secret generic db-creds --from-literal=password="$DB_PASSWORD" -n {pick(r, TEAMS)}',
            'password: "{{ .Values.global.postgresql.auth.password | required \\"set it\\" }}"',
        ],
    )
    return t, "secret_reference.k8s", ""


@reg(CLN, "c.compose.file")
def _(r):
    t = (
        "services:\n  db:\n    image: postgres:16-alpine\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n"
        '    secrets: [db_password]\n    ports:\n      - "5432:5432"\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt'
    )
    return t, "secret_file_reference.compose", ""


@reg(CLN, "c.cilog.masked", weight=2)
def _(r):
    t = pick(
        r,
        [
            f'{ts(r)}.1Z Run echo "token=${{{{ secrets.API_TOKEN }}}}"\n{ts(r)}.2Z token=***',
            "+ docker login -u acmeci -p ***\nLogin Succeeded",
            f"[{ts(r, ' ')}] Setting environment variable DB_PASSWORD=[MASKED]",
            "AWS_SECRET_ACCESS_KEY: ****************\nAWS_REGION: eu-west-1",
            "export VAULT_TOKEN=[REDACTED]\nvault kv get secret/app",
        ],
    )
    return t, "masked_secret.cilog", ""


@reg(CLN, "c.masked.token")
def _(r):
    t4 = rs(r, 4)
    t = pick(
        r,
        [
            f"Token ghp_…{t4} was revoked automatically by GitHub secret scanning.",
            f"Stripe shows the key as sk_live_••••••••••••{t4}, last used 3 days ago",
            f"API key ending in …{t4} rotated on 2024-0{ri(r, 1, 9)}-1{ri(r, 0, 9)}",
        ],
    )
    return t, "masked_token.chat", t4


@reg(CLN, "c.masked.pii", weight=2)
def _(r):
    l4 = dstr(r, 4)
    t = pick(
        r,
        [
            f"Paid with Visa ending {l4}",
            f"Zahlung mit Mastercard **** **** **** {l4} bestätigt",
            f"Cliente: M*** G***, IBAN ES** **** **** **** **** {l4}",
            f"customer phone on file: +44 ***** ***{l4[:3]}",
            f"SSN: ***-**-{l4} (masked in export)",
            f"CPF ***.***.***-{l4[:2]} — dados mascarados conforme LGPD",
            f"Tarjeta ****{l4} rechazada por fondos insuficientes",
        ],
    )
    return t, "masked_pii.mixed", ""


@reg(CLN, "c.envnames", weight=2)
def _(r):
    t = pick(
        r,
        [
            "The job needs AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_REGION set, otherwise boto3 falls back to the instance role.",
            "Fehlt noch: STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET in der Staging-Umgebung",
            "env vars requeridas: DATABASE_URL, REDIS_URL, SENTRY_DSN, JWT_SECRET",
            "Secret `SLACK_BOT_TOKEN` is not set for environment production",
            "ERROR: environment variable OPENAI_API_KEY is empty",
        ],
    )
    return t, "env_var_names.chat", ""


@reg(CLN, "c.aws.example")
def _(r):
    t = pick(
        r,
        [
            "From the AWS docs: aws_access_key_id = AKIAIOSFODNN7EXAMPLE, aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "moto tests use the dummy creds AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        ],
    )
    return t, "aws_doc_example.docs", "AKIAIOSFODNN7EXAMPLE"


@reg(CLN, "c.testcard", weight=2)
def _(r):
    t = pick(
        r,
        [
            "Stripe test card: 4242 4242 4242 4242, any future expiry, any CVC",
            "For 3DS testing use 4000 0027 6000 3184 (Stripe test mode only)",
            "Karta testowa Stripe 5555 5555 5555 4444 – działa tylko w trybie testowym",
            "Tarjeta de prueba de Adyen: 4111 1111 4555 1142, CVC 737, 03/30",
            "テスト用カード番号 4242424242424242 を使ってください（本番では使えません）",
        ],
    )
    v = [
        x
        for x in [
            "4242 4242 4242 4242",
            "4000 0027 6000 3184",
            "5555 5555 5555 4444",
            "4111 1111 4555 1142",
            "4242424242424242",
        ]
        if x in t
    ][0]
    return t, "test_card.docs", v


@reg(CLN, "c.example.email", weight=2)
def _(r):
    t = pick(
        r,
        [
            'POST /api/users {"email": "alice@example.com", "name": "Alice Example"}',
            "Beispiel: max.mustermann@example.org wird zu m***@example.org maskiert",
            "Use test@example.net for the signup smoke test",
            "noreply@example.com is the sender in the staging templates",
            'Docs: `git config user.email "you@example.com"`',
        ],
    )
    v = [w.strip('"{}`,') for w in t.split() if "@example." in w][0]
    return t, "example_email.docs", v


@reg(CLN, "c.fictional.phone")
def _(r):
    v = f"555-01{ri(r, 0, 99):02d}"
    t = pick(
        r,
        [
            f"Sample contact in the seed data: (212) {v} — fictitious 555 number",
            f"README: phone field accepts e.g. +1 202-{v} (reserved for fiction)",
        ],
    )
    return t, "fictional_phone.docs", v


@reg(CLN, "c.sample.person", weight=2)
def _(r):
    t = pick(
        r,
        [
            "Beispieldatensatz (Muster, keine echte Person): Max Mustermann, Musterstraße 1, 12345 Musterstadt",
            '# fixtures/users.json – fake data for tests\n{"name": "Jane Doe", "email": "jane.doe@example.com", "phone": "+1-555-0100"}',
            "Exemple de format : Jean Dupont, 1 rue de l'Exemple, 75000 Paris (données fictives)",
            "Ejemplo ficticio para la documentación: Fulano de Tal, C/ Falsa 123, 00000 Ciudad",
            "Formato de exemplo (fictício): Fulano da Silva, CPF 000.000.000-00",
        ],
    )
    return t, "sample_person.docs", ""


@reg(CLN, "c.order", weight=3)
def _(r):
    v = pick(
        r,
        [
            f"ORD-{ri(r, 2023, 2025)}-{dstr(r, 6)}",
            f"#{dstr(r, 7)}",
            f"INV-{dstr(r, 5)}",
            f"{rs(r, 3, UP)}{dstr(r, 8)}",
        ],
    )
    t = pick(
        r,
        [
            f"Bestellung {v} wurde zweimal berechnet, Gutschrift ist raus",
            f"Pedido {v}: el cliente quiere cambiar la talla, ya está en tránsito",
            f"Commande {v} remboursée le 12/03",
            f"order {v} stuck in 'pending_payment' since yesterday",
            f"注文番号 {v} のキャンセル処理が完了しました",
            f"Fatura {v} vence dia 10",
        ],
    )
    return t, "order_number.ticket", v


@reg(CLN, "c.tracking", weight=2)
def _(r):
    v = pick(
        r,
        [
            f"1Z{rs(r, 6, UP + DG)}{dstr(r, 10)}",
            f"JJD{dstr(r, 18)}",
            f"{dstr(r, 12)}",
            f"LX{dstr(r, 9)}DE",
        ],
    )
    t = pick(
        r,
        [
            f"DHL Sendungsnummer: {v}",
            f"tracking {v}, estimated delivery Thursday",
            f"Número de seguimiento {v}",
            f"Colis suivi n° {v}, livré en point relais",
        ],
    )
    return t, "tracking_number.ticket", v


@reg(CLN, "c.partnum")
def _(r):
    v = pick(
        r,
        [
            f"{rs(r, 3, UP)}-{dstr(r, 4)}-{rs(r, 2, UP)}",
            f"SKU {dstr(r, 8)}",
            f"P/N {rs(r, 2, UP)}{dstr(r, 6)}",
        ],
    )
    t = pick(
        r,
        [
            f"Ersatzteil {v} ist wieder lieferbar",
            f"part {v} out of stock in the Lyon warehouse",
            f"pieza {v} llega el lunes",
        ],
    )
    return t, "part_number.ticket", v


@reg(CLN, "c.measure", weight=2)
def _(r):
    t = pick(
        r,
        [
            f"p95 latency dropped from {ri(r, 300, 900)}ms to {ri(r, 60, 280)}ms after the index",
            f"Out[12]: accuracy=0.{ri(r, 80, 97)} f1=0.{ri(r, 70, 95)} n={ri(r, 1000, 90000)}",
            f"Disk /dev/nvme0n1p2 {ri(r, 70, 99)}% full ({ri(r, 100, 900)}G/{ri(r, 900, 1900)}G)",
            f"Preis pro Einheit: {ri(r, 1, 99)},{ri(r, 10, 99)} € netto, Mindestmenge {ri(r, 10, 500)}",
            f"precio final: {ri(r, 10, 999)},{ri(r, 10, 99)} € IVA incl.",
            f"memory usage {ri(r, 200, 900)}Mi / limit 1Gi, {ri(r, 1, 9)} restarts in 24h",
        ],
    )
    return t, "measurement.mixed", ""


@reg(CLN, "c.nb.describe")
def _(r):
    t = (
        f"df.describe()\n        amount_eur     items   latency_ms\ncount  {ri(r, 1000, 9999)}.000  {ri(r, 1000, 9999)}.00  {ri(r, 1000, 9999)}.0\n"
        f"mean     {ri(r, 20, 90)}.{ri(r, 100, 999)}     {ri(r, 1, 5)}.21     {ri(r, 100, 400)}.7\nstd      {ri(r, 10, 40)}.{ri(r, 100, 999)}     1.87     {ri(r, 50, 200)}.3"
    )
    return t, "dataframe_stats.ipynb", ""


@reg(CLN, "c.cron.ports")
def _(r):
    t = pick(
        r,
        [
            f'schedule: "{ri(r, 0, 59)} {ri(r, 0, 5)} * * *"  # nightly backup',
            f'ports:\n  - "{ri(r, 3000, 9000)}:80"\n  - "127.0.0.1:5432:5432"',
            f"upstream {pick(r, SVCS)} {{ server 10.0.{ri(r, 0, 9)}.{ri(r, 2, 250)}:8080 max_fails=3; }}",
            f"listen 0.0.0.0:{ri(r, 8000, 9999)}, healthcheck /healthz every 10s",
        ],
    )
    return t, "config_value.mixed", ""


@reg(CLN, "c.npm.integrity")
def _(r):
    v = "sha512-" + base64.b64encode(r.randbytes(64)).decode()
    t = f'    "node_modules/lodash": {{\n      "version": "4.17.21",\n      "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",\n      "integrity": "{v}"\n    }}'
    return t, "npm_integrity.lockfile", v


@reg(CLN, "c.sentry.event")
def _(r):
    v = rs(r, 32, HEX)
    t = pick(
        r,
        [
            f"Sentry event {v} — TypeError: Cannot read properties of undefined (reading 'map')",
            f"Incidente registrado, id de evento {v}",
        ],
    )
    return t, "event_id.applog", v


@reg(CLN, "c.errors")
def _(r):
    t = pick(
        r,
        [
            "ORA-12541: TNS:no listener",
            "E11000 duplicate key error collection: shop.users index: email_1",
            'psycopg2.OperationalError: FATAL:  password authentication failed for user "app"',
            "Error: EACCES: permission denied, open '/var/run/secrets/kubernetes.io/serviceaccount/token'",
            "403 Forbidden: the provided token does not have the required scope `repo`",
            "fehler: Authentifizierung fehlgeschlagen für 'https://gitlab.com/team/app.git/'",
            "x509: certificate signed by unknown authority",
        ],
    )
    return t, "error_message.applog", ""


@reg(CLN, "c.company.vat")
def _(r):
    v = brute(de_vat.is_valid, lambda: "DE" + str(ri(r, 1, 9)) + dstr(r, 7), T1)
    t = pick(
        r,
        [
            f"Rechnungsempfänger: {pick(r, ['Nordwind Logistik GmbH', 'Kaffeeklatsch Rösterei GmbH & Co. KG', 'Acme Software AG'])}, USt-IdNr. {v}",
            f"Our supplier's VAT ID (company, for the reverse-charge invoice): {v}",
        ],
    )
    return t, "company_vat_id.invoice", v


@reg(CLN, "c.oauth.clientid")
def _(r):
    v = f"{dstr(r, 12)}-{rs(r, 32, LO + DG)}.apps.googleusercontent.com"
    t = pick(
        r,
        [
            f'<meta name="google-signin-client_id" content="{v}">',
            f"GOOGLE_CLIENT_ID={v}  # public, shipped in the frontend bundle",
        ],
    )
    return t, "oauth_client_id.config", v


@reg(CLN, "c.gpg")
def _(r):
    v = " ".join(rs(r, 4, "0123456789ABCDEF") for _ in range(10))
    t = pick(
        r,
        [
            f"Release signing key fingerprint: {v}",
            f'gpg: using EDDSA key {v.replace(" ", "")}\ngpg: Good signature from "Release Bot <release@{pick(r, ORGS)}.org>"',
        ],
    )
    return t, "gpg_fingerprint.mixed", v if v in t else v.replace(" ", "")


@reg(CLN, "c.vault.ref")
def _(r):
    t = pick(
        r,
        [
            f"password: vault:secret/data/{pick(r, SVCS)}/prod#db_password",
            f"DB_PASSWORD=ref+awssm://prod/{pick(r, SVCS)}/db#password",
            "spring.datasource.password=${DB_PASSWORD}",
            f"externalSecret:\n  remoteRef:\n    key: prod/{pick(r, SVCS)}\n    property: api_token",
        ],
    )
    return t, "secret_manager_ref.config", ""


@reg(CLN, "c.tfstate")
def _(r):
    v = uuid4(r)
    t = f"Error acquiring the state lock\nLock Info:\n  ID:        {v}\n  Path:      {pick(r, ORGS)}-tfstate/prod/terraform.tfstate\n  Operation: OperationTypeApply"
    return t, "lock_id.cilog", v


@reg(CLN, "c.configmap.b64")
def _(r):
    raw = pick(
        r,
        [
            "log_level=info\nworkers=4\n",
            "feature_flags: {new_checkout: true}\n",
            "timezone=Europe/Berlin\n",
        ],
    )
    v = base64.b64encode(raw.encode()).decode()
    t = f"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-settings\nbinaryData:\n  app.conf: {v}"
    return t, "configmap_b64.k8s", v


@reg(CLN, "c.appversion")
def _(r):
    v = f"{ri(r, 1, 9)}.{ri(r, 0, 20)}.{ri(r, 0, 9)} ({ri(r, 1000, 99999)})"
    t = pick(
        r,
        [
            f"Crash nur auf Android, App-Version {v}",
            f"iOS build {v} submitted to TestFlight",
        ],
    )
    return t, "app_version.ticket", v


@reg(CLN, "c.iban.format")
def _(r):
    t = pick(
        r,
        [
            "Format einer deutschen IBAN: DEkk bbbb bbbb cccc cccc cc (k = Prüfziffer, b = BLZ, c = Kontonummer)",
            "IBAN field validation: 2 letters + 2 check digits + up to 30 alphanumerics, e.g. XX00 0000 0000 0000",
        ],
    )
    return t, "iban_format.docs", ""


@reg(CLN, "c.commitmsg")
def _(r):
    t = pick(
        r,
        [
            "chore: rotate all staging secrets after the offboarding (values in Vault, not here)",
            "fix: stop logging Authorization headers in debug mode",
            "feat(auth): support passkeys; remove password min-length env var",
            "docs: explain how to request a personal access token from IT",
            "Passwörter wurden zurückgesetzt, neue Zugangsdaten gibt es über das Passwort-Tool, nicht per Mail.",
        ],
    )
    return t, "commit_message.git", ""


@reg(CLN, "c.ticket.generic", weight=2)
def _(r):
    t = pick(
        r,
        [
            f"Ticket #{tix(r)}: Kunde kann sich nicht einloggen, Passwort-Reset-Mail kommt nicht an. Spam-Ordner geprüft.",
            f"Le client signale que l'export CSV est vide depuis la version {ri(r, 3, 7)}.{ri(r, 0, 9)}.",
            "Usuario reporta que el código 2FA llega tarde (~2 min). Proveedor SMS con retrasos.",
            f"Ticket {tix(r)} merged into {tix(r)} (duplicate)",
            "顧客からの問い合わせ：請求書のPDFがダウンロードできない。ブラウザはSafari。",
            "Müşteri şifresini unuttuğunu söyledi, sıfırlama linki gönderildi.",
        ],
    )
    return t, "ticket_text.ticket", ""


@reg(CLN, "c.helm.plain")
def _(r):
    t = (
        f'replicaCount: {ri(r, 1, 6)}\nimage:\n  repository: ghcr.io/{pick(r, ORGS)}/{pick(r, SVCS)}\n  tag: "{ri(r, 1, 3)}.{ri(r, 0, 40)}.{ri(r, 0, 9)}"\n'
        f"ingress:\n  enabled: true\n  hosts:\n    - host: {pick(r, SVCS)}.{pick(r, ORGS)}.io\nresources:\n  limits:\n    cpu: {ri(r, 1, 4)}00m"
    )
    return t, "helm_values_plain.helm", ""


@reg(CLN, "c.ip.private")
def _(r):
    t = pick(
        r,
        [
            f'{ts(r, " ")} upstream timed out (110) while connecting to upstream, client: 10.{ri(r, 0, 255)}.{ri(r, 0, 255)}.{ri(r, 1, 254)}, server: _, request: "GET /healthz HTTP/1.1"',
            f"node ip-10-{ri(r, 0, 255)}-{ri(r, 0, 255)}-{ri(r, 1, 254)}.eu-central-1.compute.internal NotReady",
        ],
    )
    return t, "private_ip.applog", ""


@reg(CLN, "c.hash.pw.policy")
def _(r):
    t = pick(
        r,
        [
            "Passwort-Richtlinie: mind. 12 Zeichen, ein Sonderzeichen, Wechsel alle 180 Tage",
            "La contraseña debe tener entre 8 y 64 caracteres.",
            "password_min_length: 14\npassword_require_symbols: true",
        ],
    )
    return t, "password_policy.docs", ""


@reg(CLN, "c.stripe.ids")
def _(r):
    v = pick(
        r,
        [f"pi_{rs(r, 24)}", f"ch_{rs(r, 24)}", f"cus_{rs(r, 14)}", f"evt_{rs(r, 24)}"],
    )
    t = pick(
        r,
        [
            f"refund issued for {v}",
            f"webhook {v} delivered, 200 OK",
            f"Zahlung {v} ist im Dashboard als 'succeeded' markiert",
        ],
    )
    return t, "stripe_object_id.applog", v


@reg(CLN, "c.uuid.resource")
def _(r):
    v = uuid4(r)
    t = pick(
        r,
        [
            f"Dashboard {v} shared with the {pick(r, TEAMS)} team",
            f"DELETE /api/v1/projects/{v} -> 204",
            f"Das Ticket-Template mit der ID {v} wurde archiviert",
        ],
    )
    return t, "resource_uuid.applog", v


@reg(CLN, "c.public.hotline")
def _(r):
    t = pick(
        r,
        [
            "Unsere Service-Hotline erreichen Sie Mo–Fr unter 0800 330 1000 (kostenfrei).",
            "Our support desk: +1 800-555-0199 (toll free, business hours)",
        ],
    )
    return t, "company_hotline.docs", ""


# ----------------------------------------------------------------------------------------------
# assembly
# ----------------------------------------------------------------------------------------------

QUOTA = {"secret": (SEC, 220), "pii": (PII, 220), "clean": (CLN, 160)}


def build():
    rows, seen = [], set()
    for label, (bucket, quota) in QUOTA.items():
        slots = [(tid, fn) for tid, fn, w in bucket for _ in range(w)]
        got, passes = 0, 0
        while got < quota:
            passes += 1
            if passes > 50:
                raise RuntimeError(f"cannot fill {label}")
            order = slots[:]
            R.shuffle(order)
            for tid, fn in order:
                if got >= quota:
                    break
                text, kind, value = fn(R)
                text = "\n".join(l.rstrip() for l in text.strip("\n").splitlines())
                if text in seen:
                    continue
                if value and value not in text:
                    raise AssertionError(f"{tid}: value {value!r} not in text")
                seen.add(text)
                rows.append(
                    {
                        "text": text,
                        "label": label,
                        "kind": kind,
                        "template": tid,
                        "probe": PROBE,
                        "id": hashlib.sha256(text.encode()).hexdigest()[:16],
                        "value": value,
                    }
                )
                got += 1
    R.shuffle(rows)
    return rows


def main():
    rows = build()
    with OUT.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    lab = Counter(r["label"] for r in rows)
    print(f"wrote {len(rows)} rows to {OUT}")
    print("labels:", dict(lab))
    for label in ("secret", "pii", "clean"):
        kinds = Counter(r["kind"].split(".")[0] for r in rows if r["label"] == label)
        print(f"\n{label}: {len(kinds)} kinds")
        print("  " + ", ".join(f"{k}={n}" for k, n in sorted(kinds.items())))


if __name__ == "__main__":
    main()
