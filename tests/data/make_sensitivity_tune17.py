# ruff: noqa: E501, E702, E731, E741, B905, F841, UP031 (templates are data, one string per line)
"""Labelled sensitivity set "tune17": secret / pii / clean memory-like texts.

Deterministic (fixed seed). Writes sensitivity_tune17.jsonl next to this script.
Emphasis: European and North American personal data in casual multilingual notes,
secrets pasted from shell history, .env, docker-compose and cloud consoles, and
clean look-alikes from docs, tutorials and logs.
"""

import base64
import datetime as dt
import hashlib
import json
import os
import random
import string
import uuid
from collections import Counter

import phonenumbers as pn
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import NameOID
from stdnum import ean as std_ean
from stdnum import iban as std_iban
from stdnum import isbn as std_isbn
from stdnum import luhn
from stdnum.ar import cuit as ar_cuit
from stdnum.at import vnr as at_vnr
from stdnum.au import tfn as au_tfn
from stdnum.be import nn as be_nn
from stdnum.bg import egn as bg_egn
from stdnum.br import cpf as br_cpf
from stdnum.ca import bc_phn as ca_bc_phn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.cl import rut as cl_rut
from stdnum.cn import ric as cn_ric
from stdnum.cz import rc as cz_rc
from stdnum.de import idnr as de_idnr
from stdnum.de import vat as de_vat
from stdnum.dk import cpr as dk_cpr
from stdnum.ec import ci as ec_ci
from stdnum.ee import ik as ee_ik
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fi import hetu as fi_hetu
from stdnum.fr import nif as fr_nif
from stdnum.fr import nir as fr_nir
from stdnum.fr import siren as fr_siren
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import utr as gb_utr
from stdnum.gr import amka as gr_amka
from stdnum.hr import oib as hr_oib
from stdnum.ie import pps as ie_pps
from stdnum.il import idnr as il_idnr
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import pan as in_pan
from stdnum.is_ import kennitala as is_kt
from stdnum.it import codicefiscale as it_cf
from stdnum.jp import in_ as jp_in
from stdnum.kr import rrn as kr_rrn
from stdnum.lt import asmens as lt_asmens
from stdnum.mx import curp as mx_curp
from stdnum.mx import rfc as mx_rfc
from stdnum.my import nric as my_nric
from stdnum.nl import bsn as nl_bsn
from stdnum.no import fodselsnummer as no_fnr
from stdnum.nz import ird as nz_ird
from stdnum.pl import pesel as pl_pesel
from stdnum.pt import nif as pt_nif
from stdnum.ro import cnp as ro_cnp
from stdnum.se import personnummer as se_pnr
from stdnum.si import emso as si_emso
from stdnum.sk import rc as sk_rc
from stdnum.th import pin as th_pin
from stdnum.tr import tckimlik as tr_tc
from stdnum.us import itin as us_itin
from stdnum.us import rtn as us_rtn
from stdnum.us import ssn as us_ssn
from stdnum.za import idnr as za_idnr

NAME = "tune17"
SEED = 1717_2024
rng = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "sensitivity_%s.jsonl" % NAME)

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
AN = UP + LO + DG
HEX = "0123456789abcdef"
B64 = AN + "+/"
B64U = AN + "-_"
B32 = UP + "234567"

rs = lambda alpha, n: "".join(rng.choice(alpha) for _ in range(n))
ch = lambda seq: rng.choice(seq)


def rdate(y0=1940, y1=2008):
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 28).toordinal()
    return dt.date.fromordinal(rng.randint(start, end))


def brute(mod, body_fn, alphabet, tries=5000):
    """body_fn() -> function(c) -> candidate; try every check char."""
    for _ in range(tries):
        mk = body_fn()
        for c in alphabet:
            cand = mk(c)
            if mod.is_valid(cand):
                return cand
    raise RuntimeError("no valid value for %s" % mod.__name__)


D1 = list(DG)
D2 = ["%02d" % i for i in range(100)]

# ---------------------------------------------------------------- names / places
FIRST = {
    "en": [
        "Emily",
        "James",
        "Olivia",
        "Liam",
        "Sophie",
        "Daniel",
        "Megan",
        "Ryan",
        "Chloe",
        "Ethan",
        "Hannah",
        "Noah",
    ],
    "de": [
        "Lukas",
        "Anna",
        "Jonas",
        "Lea",
        "Felix",
        "Marie",
        "Tobias",
        "Katharina",
        "Jürgen",
        "Sabine",
        "Uwe",
        "Heike",
    ],
    "fr": [
        "Camille",
        "Louis",
        "Chloé",
        "Hugo",
        "Manon",
        "Théo",
        "Élodie",
        "Julien",
        "Margaux",
        "Nicolas",
    ],
    "es": [
        "Lucía",
        "Javier",
        "Carmen",
        "Alejandro",
        "Marta",
        "Pablo",
        "Elena",
        "Sergio",
        "Nuria",
        "Álvaro",
    ],
    "it": [
        "Giulia",
        "Marco",
        "Francesca",
        "Luca",
        "Chiara",
        "Matteo",
        "Sara",
        "Davide",
        "Federica",
        "Alessandro",
    ],
    "nl": [
        "Sanne",
        "Daan",
        "Femke",
        "Bram",
        "Lotte",
        "Joris",
        "Anouk",
        "Thijs",
        "Maaike",
        "Ruben",
    ],
    "pt": [
        "Inês",
        "João",
        "Beatriz",
        "Tiago",
        "Mariana",
        "Rui",
        "Catarina",
        "Duarte",
        "Leonor",
        "Gonçalo",
    ],
    "pl": [
        "Agnieszka",
        "Piotr",
        "Katarzyna",
        "Tomasz",
        "Magdalena",
        "Krzysztof",
        "Zofia",
        "Marcin",
        "Ewa",
        "Paweł",
    ],
    "sv": ["Astrid", "Erik", "Maja", "Oskar", "Elin", "Anders", "Linnea", "Johan"],
    "da": ["Freja", "Mads", "Ida", "Rasmus", "Signe", "Mikkel"],
    "nb": ["Ingrid", "Sindre", "Kari", "Henrik", "Solveig", "Eirik"],
    "fi": ["Aino", "Juha", "Leena", "Mikko", "Satu", "Antti"],
    "cs": ["Tereza", "Jan", "Petra", "Tomáš", "Lucie", "Ondřej"],
    "ro": ["Ioana", "Andrei", "Elena", "Mihai", "Raluca", "Bogdan"],
    "el": ["Eleni", "Giorgos", "Maria", "Nikos", "Katerina", "Dimitris"],
    "hr": ["Ivana", "Luka", "Petra", "Marko", "Ana", "Josip"],
    "tr": ["Elif", "Mehmet", "Zeynep", "Emre", "Ayşe", "Burak"],
    "hu": ["Zsófia", "Bence", "Eszter", "Gábor", "Réka", "Ádám"],
}
LAST = {
    "en": [
        "Walker",
        "Thompson",
        "Patel",
        "O'Brien",
        "Nguyen",
        "Robinson",
        "Murphy",
        "Clarke",
        "Hughes",
        "Fraser",
        "Campbell",
        "Reid",
    ],
    "de": [
        "Müller",
        "Schneider",
        "Fischer",
        "Weber",
        "Becker",
        "Hoffmann",
        "Schäfer",
        "Krüger",
        "Wagner",
        "Zimmermann",
    ],
    "fr": [
        "Dubois",
        "Lefèvre",
        "Moreau",
        "Girard",
        "Fontaine",
        "Rousseau",
        "Lambert",
        "Bonnet",
        "Mercier",
    ],
    "es": [
        "García",
        "Fernández",
        "López",
        "Martínez",
        "Sánchez",
        "Romero",
        "Navarro",
        "Iglesias",
        "Ortega",
    ],
    "it": [
        "Rossi",
        "Russo",
        "Ferrari",
        "Esposito",
        "Bianchi",
        "Romano",
        "Colombo",
        "Ricci",
        "Marino",
        "Greco",
    ],
    "nl": [
        "de Jong",
        "Jansen",
        "de Vries",
        "van den Berg",
        "Bakker",
        "Visser",
        "Smit",
        "Mulder",
    ],
    "pt": [
        "Silva",
        "Santos",
        "Ferreira",
        "Pereira",
        "Oliveira",
        "Costa",
        "Rodrigues",
        "Martins",
    ],
    "pl": [
        "Nowak",
        "Kowalski",
        "Wiśniewska",
        "Wójcik",
        "Kamiński",
        "Lewandowska",
        "Zieliński",
        "Szymańska",
    ],
    "sv": ["Andersson", "Johansson", "Lindqvist", "Bergström", "Nilsson"],
    "da": ["Jensen", "Nielsen", "Hansen", "Pedersen", "Kristensen"],
    "nb": ["Hansen", "Johansen", "Olsen", "Haugen", "Berg"],
    "fi": ["Virtanen", "Korhonen", "Mäkinen", "Nieminen", "Laine"],
    "cs": ["Novák", "Svobodová", "Dvořák", "Černá", "Procházka"],
    "ro": ["Popescu", "Ionescu", "Dumitru", "Stan", "Constantin"],
    "el": ["Papadopoulos", "Georgiou", "Nikolaidou", "Vlachos"],
    "hr": ["Horvat", "Kovačević", "Babić", "Marić"],
    "tr": ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik"],
    "hu": ["Nagy", "Kovács", "Tóth", "Szabó", "Horváth"],
}


def person(lang="en"):
    l = lang if lang in FIRST else "en"
    return ch(FIRST[l]), ch(LAST[l])


# ---------------------------------------------------------------- phones
PHONE_FMT = ["intl", "natl", "e164", "dots", "nospace"]


def gen_phone(region, mobile=True):
    t = pn.PhoneNumberType.MOBILE if mobile else pn.PhoneNumberType.FIXED_LINE
    ex = pn.example_number_for_type(region, t) or pn.example_number(region)
    nsn = pn.national_significant_number(ex)
    for attempt in range(4000):
        keep = 1 if attempt < 2000 else max(1, len(nsn) - 6)
        cand = nsn[:keep] + rs(DG, len(nsn) - keep)
        if cand == nsn or "55501" in cand:
            continue
        try:
            n = pn.parse("+%d%s" % (ex.country_code, cand))
        except pn.NumberParseException:
            continue
        if not pn.is_valid_number(n) or pn.region_code_for_number(n) != region:
            continue
        ty = pn.number_type(n)
        if ty == t or ty == pn.PhoneNumberType.FIXED_LINE_OR_MOBILE:
            return n
    raise RuntimeError(region)


def fmt_phone(n, style=None):
    style = style or ch(PHONE_FMT)
    if style == "intl":
        return pn.format_number(n, pn.PhoneNumberFormat.INTERNATIONAL)
    if style == "natl":
        return pn.format_number(n, pn.PhoneNumberFormat.NATIONAL)
    if style == "e164":
        return pn.format_number(n, pn.PhoneNumberFormat.E164)
    if style == "dots":
        return (
            pn.format_number(n, pn.PhoneNumberFormat.INTERNATIONAL)
            .replace(" ", ".")
            .replace("-", ".")
        )
    return (
        pn.format_number(n, pn.PhoneNumberFormat.NATIONAL)
        .replace(" ", "")
        .replace("-", "")
        .replace("(", "")
        .replace(")", "")
    )


# ---------------------------------------------------------------- IBAN / cards
IBAN_SPEC = {
    "DE": "8n10n",
    "FR": "5n5n11n2n",
    "ES": "4n4n1n1n10n",
    "IT": "1a5n5n12n",
    "NL": "4a10n",
    "BE": "3n7n2n",
    "PL": "8n16n",
    "PT": "4n4n11n2n",
    "AT": "5n11n",
    "CH": "5n12n",
    "GB": "4a6n8n",
    "IE": "4a6n8n",
    "SE": "3n16n1n",
    "NO": "4n6n1n",
    "DK": "4n9n1n",
    "FI": "3n11n",
    "CZ": "4n6n10n",
    "RO": "4a16n",
    "HR": "7n10n",
    "GR": "3n4n16n",
    "LU": "3n13n",
    "HU": "3n4n1n15n1n",
}
BANK4 = {
    "NL": ["ABNA", "INGB", "RABO", "TRIO", "KNAB", "BUNQ", "SNSB"],
    "GB": ["BARC", "LOYD", "HBUK", "NWBK", "MIDL", "MONZ"],
    "IE": ["AIBK", "BOFI", "IPBS"],
    "RO": ["BTRL", "RNCB", "INGB", "BRDE"],
}


def gen_iban(cc):
    import re

    for _ in range(20000):
        bban = ""
        for n, t in re.findall(r"(\d+)([na])", IBAN_SPEC[cc]):
            n = int(n)
            if t == "a" and n == 4 and cc in BANK4:
                bban += ch(BANK4[cc])
            else:
                bban += rs(UP if t == "a" else DG, n)
        num = "".join(str(int(c, 36)) for c in bban + cc + "00")
        check = "%02d" % (98 - int(num) % 97)
        ib = cc + check + bban
        if std_iban.is_valid(ib):
            return ib
    raise RuntimeError(cc)


def fmt_iban(ib, spaced=None):
    spaced = rng.random() < 0.6 if spaced is None else spaced
    return " ".join(ib[i : i + 4] for i in range(0, len(ib), 4)) if spaced else ib


def gen_card(brand):
    if brand == "visa":
        body = "4" + rs(DG, 14)
    elif brand == "mc":
        body = ch(["51", "52", "53", "54", "55"]) + rs(DG, 13)
    else:
        body = ch(["34", "37"]) + rs(DG, 12)
    num = body + luhn.calc_check_digit(body)
    if brand == "amex":
        return "%s %s %s" % (num[:4], num[4:10], num[10:])
    return " ".join(num[i : i + 4] for i in range(0, 16, 4))


# ---------------------------------------------------------------- national IDs
def d6(d, order="ymd"):
    return {"ymd": d.strftime("%y%m%d"), "dmy": d.strftime("%d%m%y")}[order]


def g_de_idnr():
    return brute(
        de_idnr,
        lambda: (lambda b: lambda c: b + c)(str(rng.randint(1, 9)) + rs(DG, 9)),
        D1,
    )


def g_fr_nir():
    d = rdate(1945, 2004)
    body = (
        ch("12")
        + d.strftime("%y%m")
        + "%02d" % rng.randint(1, 95)
        + "%03d" % rng.randint(1, 990)
        + "%03d" % rng.randint(1, 999)
    )
    k = "%02d" % (97 - int(body) % 97)
    v = body + k
    assert fr_nir.is_valid(v)
    return v


def g_fr_nif():
    return brute(
        fr_nif,
        lambda: (lambda b: lambda c: b + c)(ch("0123") + rs(DG, 9)),
        ["%03d" % i for i in range(1000)],
        tries=200,
    )


def g_es_dni():
    return brute(es_dni, lambda: (lambda b: lambda c: b + c)(rs(DG, 8)), UP)


def g_es_nie():
    return brute(es_nie, lambda: (lambda b: lambda c: b + c)(ch("XYZ") + rs(DG, 7)), UP)


CF_MUNI = [
    "H501",
    "F205",
    "F839",
    "L219",
    "D612",
    "A662",
    "G273",
    "C351",
    "A944",
    "L736",
]


def g_it_cf():
    d = rdate(1950, 2004)
    day = d.day + (40 if rng.random() < 0.5 else 0)
    cons = "BCDFGHJKLMNPQRSTVZ"
    body = (
        rs(cons, 3)
        + rs(cons, 2)
        + ch("AEIOU")
        + d.strftime("%y")
        + "ABCDEHLMPRST"[d.month - 1]
        + "%02d" % day
        + ch(CF_MUNI)
    )
    return body + it_cf.calc_check_digit(body)


def g_nl_bsn():
    return brute(nl_bsn, lambda: (lambda b: lambda c: b + c)(rs(DG, 8)), D1)


def g_be_nn():
    d = rdate(1950, 1999)
    return brute(
        be_nn,
        lambda: (lambda b: lambda c: b + c)(d6(d) + "%03d" % rng.randint(1, 997)),
        D2,
    )


def g_pl_pesel():
    d = rdate(1950, 2012)
    m = d.month + (20 if d.year >= 2000 else 0)
    return brute(
        pl_pesel,
        lambda: (lambda b: lambda c: b + c)(
            d.strftime("%y") + "%02d" % m + d.strftime("%d") + rs(DG, 4)
        ),
        D1,
    )


def g_pt_nif():
    return brute(pt_nif, lambda: (lambda b: lambda c: b + c)(ch("123") + rs(DG, 7)), D1)


def g_se_pnr():
    d = rdate(1945, 2005)
    return brute(
        se_pnr, lambda: (lambda b: lambda c: b + c)(d6(d) + "-" + rs(DG, 3)), D1
    )


def g_fi_hetu():
    d = rdate(1945, 2005)
    sep = "-" if d.year < 2000 else "A"
    return brute(
        fi_hetu,
        lambda: (lambda b: lambda c: b + c)(
            d6(d, "dmy") + sep + "%03d" % rng.randint(2, 899)
        ),
        "0123456789ABCDEFHJKLMNPRSTUVWXY",
    )


def g_dk_cpr():
    d = rdate(1945, 1999)
    return brute(
        dk_cpr, lambda: (lambda b: lambda c: b + c)(d6(d, "dmy") + "-" + rs(DG, 3)), D1
    )


def g_no_fnr():
    d = rdate(1945, 1999)
    return brute(
        no_fnr,
        lambda: (lambda b: lambda c: b + c)(
            d6(d, "dmy") + "%03d" % rng.randint(0, 499)
        ),
        D2,
    )


def g_ch_ahv():
    v = brute(ch_ssn, lambda: (lambda b: lambda c: b + c)("756" + rs(DG, 9)), D1)
    return ch_ssn.format(v)


def g_at_svnr():
    d = rdate(1945, 2005)

    def body():
        pre = str(rng.randint(1, 9)) + rs(DG, 2)
        return lambda c: pre + c + d6(d, "dmy")

    return brute(at_vnr, body, D1)


def g_gb_nhs():
    v = brute(
        gb_nhs,
        lambda: (lambda b: lambda c: b + c)(str(rng.randint(4, 7)) + rs(DG, 8)),
        D1,
    )
    return "%s %s %s" % (v[:3], v[3:6], v[6:])


def g_ie_pps():
    return brute(ie_pps, lambda: (lambda b: lambda c: b + c)(rs(DG, 7)), UP)


def g_cz_rc():
    d = rdate(1955, 2000)
    m = d.month + (50 if rng.random() < 0.5 else 0)
    return brute(
        cz_rc,
        lambda: (lambda b: lambda c: b + c)(
            d.strftime("%y") + "%02d" % m + d.strftime("%d") + "/" + rs(DG, 3)
        ),
        D1,
    )


def g_sk_rc():
    d = rdate(1955, 2000)
    m = d.month + (50 if rng.random() < 0.5 else 0)
    return brute(
        sk_rc,
        lambda: (lambda b: lambda c: b + c)(
            d.strftime("%y") + "%02d" % m + d.strftime("%d") + "/" + rs(DG, 3)
        ),
        D1,
    )


def g_ro_cnp():
    d = rdate(1950, 1999)
    return brute(
        ro_cnp,
        lambda: (lambda b: lambda c: b + c)(
            ch("12") + d6(d) + "%02d" % rng.randint(1, 40) + rs(DG, 3)
        ),
        D1,
    )


def g_us_ssn():
    while True:
        v = "%03d-%02d-%04d" % (
            rng.randint(1, 899),
            rng.randint(1, 99),
            rng.randint(1, 9999),
        )
        if us_ssn.is_valid(v) and not v.startswith("666") and v != "078-05-1120":
            return v


def g_us_itin():
    while True:
        v = "9%02d-%02d-%04d" % (
            rng.randint(0, 99),
            ch(
                [
                    70,
                    71,
                    72,
                    73,
                    74,
                    75,
                    76,
                    77,
                    78,
                    79,
                    80,
                    81,
                    82,
                    83,
                    84,
                    85,
                    86,
                    87,
                    88,
                    90,
                    91,
                    92,
                ]
            ),
            rng.randint(0, 9999),
        )
        if us_itin.is_valid(v):
            return v


def g_ca_sin():
    v = brute(
        ca_sin, lambda: (lambda b: lambda c: b + c)(ch("1234567") + rs(DG, 7)), D1
    )
    return "%s %s %s" % (v[:3], v[3:6], v[6:])


def g_ca_bc_phn():
    v = brute(ca_bc_phn, lambda: (lambda b: lambda c: b + c)("9" + rs(DG, 8)), D1)
    return "%s %s %s" % (v[:4], v[4:7], v[7:])


MX_STATES = ["DF", "JC", "NL", "PL", "VZ", "MC", "GT", "YN", "QT", "BC"]


def g_mx_curp():
    d = rdate(1955, 1999)
    cons = "BCDFGHJKLMNPQRSTVXZ"

    def body():
        b = (
            ch(cons)
            + ch("AEIOU")
            + ch(cons)
            + ch(UP.replace("Ñ", ""))
            + d6(d)
            + ch("HM")
            + ch(MX_STATES)
            + rs(cons, 3)
            + "0"
        )
        return lambda c: b + c

    return brute(mx_curp, body, D1)


def g_mx_rfc():
    d = rdate(1955, 1999)

    def body():
        b = (
            ch("BCDFGHLMPRS")
            + ch("AEIOU")
            + rs("BCDFGHLMPRSTV", 2)
            + d6(d)
            + rs(UP.replace("O", "") + "123456789", 2)
        )
        return lambda c: b + c

    return brute(mx_rfc, body, DG + "A")


def g_br_cpf():
    v = brute(br_cpf, lambda: (lambda b: lambda c: b + c)(rs(DG, 9)), D2)
    return br_cpf.format(v)


def g_ar_cuit():
    v = brute(
        ar_cuit,
        lambda: (lambda b: lambda c: b + c)(
            ch(["20", "27", "23"]) + str(rng.randint(20, 45)) + rs(DG, 6)
        ),
        D1,
    )
    return ar_cuit.format(v)


def g_cl_rut():
    v = brute(
        cl_rut,
        lambda: (lambda b: lambda c: b + c)(str(rng.randint(8, 22)) + rs(DG, 6)),
        DG + "K",
    )
    return cl_rut.format(v)


def g_ec_ci():
    return brute(
        ec_ci,
        lambda: (lambda b: lambda c: b + c)(
            "%02d" % rng.randint(1, 24) + str(rng.randint(0, 5)) + rs(DG, 6)
        ),
        D1,
    )


def g_in_aadhaar():
    v = brute(
        in_aadhaar,
        lambda: (lambda b: lambda c: b + c)(str(rng.randint(2, 9)) + rs(DG, 10)),
        D1,
    )
    return "%s %s %s" % (v[:4], v[4:8], v[8:])


def g_in_pan():
    while True:
        v = rs(UP, 3) + "P" + rs(UP, 1) + rs(DG, 4) + rs(UP, 1)
        if in_pan.is_valid(v):
            return v


CN_LOC = [
    "110101",
    "110105",
    "310104",
    "310115",
    "440106",
    "440305",
    "330106",
    "510107",
    "320102",
    "420106",
]


def g_cn_ric():
    d = rdate(1960, 2000)

    def body():
        b = ch(CN_LOC) + d.strftime("%Y%m%d") + rs(DG, 3)
        return lambda c: b + c

    return brute(cn_ric, body, DG + "X")


def g_kr_rrn():
    d = rdate(1960, 1999)

    def body():
        b = d6(d) + ch("12") + "%02d" % rng.randint(0, 90) + rs(DG, 3)
        return lambda c: b + c

    v = brute(kr_rrn, body, D1)
    return v[:6] + "-" + v[6:]


def g_jp_in():
    return brute(jp_in, lambda: (lambda b: lambda c: b + c)(rs(DG, 11)), D1)


def g_za_id():
    d = rdate(1955, 2000)
    return brute(
        za_idnr, lambda: (lambda b: lambda c: b + c)(d6(d) + rs(DG, 4) + "08"), D1
    )


def g_au_tfn():
    while True:
        v = rs(DG, 9)
        if au_tfn.is_valid(v):
            return "%s %s %s" % (v[:3], v[3:6], v[6:])


def g_nz_ird():
    return brute(
        nz_ird,
        lambda: (lambda b: lambda c: b + c)(str(rng.randint(1, 1)) + rs(DG, 7)),
        D1,
    )


def g_ee_ik():
    d = rdate(1950, 1999)
    return brute(
        ee_ik,
        lambda: (lambda b: lambda c: b + c)(ch("3456"[:2]) + d6(d) + rs(DG, 3)),
        D1,
    )


def g_lt_asmens():
    d = rdate(1950, 1999)
    return brute(
        lt_asmens, lambda: (lambda b: lambda c: b + c)(ch("34") + d6(d) + rs(DG, 3)), D1
    )


def g_gr_amka():
    d = rdate(1950, 1999)
    return brute(
        gr_amka, lambda: (lambda b: lambda c: b + c)(d6(d, "dmy") + rs(DG, 4)), D1
    )


def g_bg_egn():
    d = rdate(1950, 1999)
    return brute(bg_egn, lambda: (lambda b: lambda c: b + c)(d6(d) + rs(DG, 3)), D1)


def g_hr_oib():
    return brute(hr_oib, lambda: (lambda b: lambda c: b + c)(rs(DG, 10)), D1)


def g_si_emso():
    d = rdate(1950, 1999)
    return brute(
        si_emso,
        lambda: (lambda b: lambda c: b + c)(
            d.strftime("%d%m") + d.strftime("%Y")[1:] + "50" + rs(DG, 3)
        ),
        D1,
    )


def g_tr_tc():
    return brute(
        tr_tc,
        lambda: (lambda b: lambda c: b + c)(str(rng.randint(1, 9)) + rs(DG, 8)),
        D2,
    )


def g_il_id():
    return brute(
        il_idnr,
        lambda: (lambda b: lambda c: b + c)(
            "0" + rs(DG, 7) if rng.random() < 0.3 else "3" + rs(DG, 7)
        ),
        D1,
    )


def g_th_pin():
    return brute(
        th_pin,
        lambda: (lambda b: lambda c: b + c)(str(rng.randint(1, 8)) + rs(DG, 11)),
        D1,
    )


def g_my_nric():
    d = rdate(1960, 2000)
    while True:
        v = d6(d) + "-" + ch(["14", "10", "07", "01", "08", "12"]) + "-" + rs(DG, 4)
        if my_nric.is_valid(v):
            return v


def g_is_kt():
    d = rdate(1950, 1999)

    def body():
        r = rs(DG, 2)
        return lambda c: d6(d, "dmy") + r + c + "9"

    v = brute(is_kt, body, D1)
    return v[:6] + "-" + v[6:]


def g_gb_utr():
    v = brute(gb_utr, lambda: (lambda b: lambda c: c + b)(rs(DG, 9)), D1)
    return "%s %s" % (v[:5], v[5:])


def g_de_kvnr():
    letter = ch(UP)
    digits = rs(DG, 8)
    seq = "%02d" % (UP.index(letter) + 1) + digits
    total = 0
    for i, c in enumerate(seq):
        p = int(c) * (1 if i % 2 == 0 else 2)
        total += p // 10 + p % 10
    return letter + digits + str(total % 10)


def g_us_mbi():
    L = "ACDEFGHJKMNPQRTUVWXY"
    A = L + DG
    v = (
        str(rng.randint(1, 9))
        + ch(L)
        + ch(A)
        + ch(DG)
        + ch(L)
        + ch(A)
        + ch(DG)
        + ch(L)
        + ch(L)
        + ch(DG)
        + ch(DG)
    )
    return "%s-%s-%s" % (v[:4], v[4:7], v[7:])


def g_ohip():
    body = str(rng.randint(1, 9)) + rs(DG, 8)
    v = body + luhn.calc_check_digit(body)
    return "%s-%s-%s-%s" % (v[:4], v[4:7], v[7:], rs("ABCDEFGHJKLMNPRSTVWXYZ", 2))


def g_uk_dl(first, last, d, female):
    sur = (last.upper().replace("'", "").replace(" ", "") + "99999")[:5]
    m = d.month + (50 if female else 0)
    return "%s%s%02d%02d%s%s9%s" % (
        sur,
        str(d.year)[2],
        m,
        d.day,
        str(d.year)[3],
        (first[0] + "9").upper(),
        rs(UP, 2),
    )


# ---------------------------------------------------------------- keys (deterministic)
def det_urandom(fn):
    real = os.urandom
    os.urandom = lambda n: rng.randbytes(n)
    try:
        return fn()
    finally:
        os.urandom = real


def ed25519_key():
    return ed25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))


def ec_key():
    return ec.derive_private_key(rng.getrandbits(250) + 1, ec.SECP256R1())


def _is_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(20):
        a = rng.randrange(2, n - 2)
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
        c = rng.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if _is_prime(c) and (c - 1) % 65537 != 0:
            return c


def rsa_key(bits=2048):
    e = 65537
    p, q = _prime(bits // 2), _prime(bits // 2)
    n = p * q
    d = pow(e, -1, (p - 1) * (q - 1))
    pub = rsa.RSAPublicNumbers(e, n)
    priv = rsa.RSAPrivateNumbers(
        p,
        q,
        d,
        rsa.rsa_crt_dmp1(d, p),
        rsa.rsa_crt_dmq1(d, q),
        rsa.rsa_crt_iqmp(p, q),
        pub,
    )
    return priv.private_key()


def pem_priv(key, fmt):
    return (
        key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
        .decode()
        .strip()
    )


def openssh_priv(key):
    return det_urandom(
        lambda: (
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.OpenSSH,
                serialization.NoEncryption(),
            )
            .decode()
            .strip()
        )
    )


def openssh_pub(key):
    return (
        key.public_key()
        .public_bytes(
            serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
        )
        .decode()
    )


def self_signed_cert(cn):
    key = ed25519_key()
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Org"),
        ]
    )
    nb = dt.datetime(2024, rng.randint(1, 12), rng.randint(1, 28), tzinfo=dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(rng.getrandbits(64))
        .not_valid_before(nb)
        .not_valid_after(nb + dt.timedelta(days=398))
        .sign(key, None)
    )
    return cert


# ---------------------------------------------------------------- passwords
PW_WORDS = [
    "Sunflower",
    "Walrus",
    "Harbor",
    "Maple",
    "Falcon",
    "Copper",
    "Velvet",
    "Thunder",
    "Pepper",
    "Lantern",
    "Glacier",
    "Biscuit",
    "Schmetterling",
    "Wolke",
    "Kartoffel",
    "Mariposa",
    "Tortuga",
    "Girasole",
    "Papillon",
    "Fjell",
    "Kanelbulle",
    "Zeemeeuw",
    "Jaskolka",
    "Orzech",
]
PP_WORDS = [
    "otter",
    "velvet",
    "quarry",
    "bishop",
    "lemon",
    "gravel",
    "nimbus",
    "tundra",
    "saddle",
    "pickle",
    "harpoon",
    "meadow",
    "cactus",
    "violin",
    "anchor",
    "juniper",
    "marble",
    "oyster",
    "tripod",
    "walnut",
    "zephyr",
    "crayon",
    "dynamo",
    "ember",
]
SYM = "!#%&*+-.=?@^_~"


def human_pw():
    w = ch(PW_WORDS)
    p = rng.randint(0, 5)
    if p == 0:
        return w + ch(SYM) + str(rng.randint(1985, 2025))
    if p == 1:
        l = w.replace("a", "4", 1).replace("e", "3", 1).replace("o", "0", 1)
        return l + ch(SYM) + str(rng.randint(10, 999))
    if p == 2:
        return w.lower() + ch(PW_WORDS) + str(rng.randint(1, 99))
    if p == 3:
        return rs(AN, 6) + ch(SYM) + rs(AN, 6)
    if p == 4:
        return (
            ch(FIRST["en"] + FIRST["de"][:4]) + str(rng.randint(1960, 2019)) + ch("!?#")
        )
    return rs(LO, 3) + ch(SYM) + w + str(rng.randint(0, 99))


def strong_pw(n=None):
    n = n or rng.randint(16, 28)
    return rs(AN, 1) + rs(AN + "!#%*+-=?@^_~", n - 2) + rs(AN, 1)


def passphrase(sep=None):
    sep = sep if sep is not None else ch(["-", " ", ".", "_"])
    return sep.join(rng.sample(PP_WORDS, rng.randint(4, 5)))


def any_pw():
    return (
        ch([human_pw, human_pw, strong_pw, strong_pw, passphrase])()
        if rng.random() < 0.9
        else passphrase("-")
    )


# ---------------------------------------------------------------- output collection
ROWS = []
SEEN = set()


def add(label, kind, lang, tid, text, value):
    assert value and value in text, (kind, tid, value, text)
    if text in SEEN:
        return False
    SEEN.add(text)
    ROWS.append(
        {
            "text": text,
            "label": label,
            "kind": "%s.%s" % (kind, lang),
            "template": tid,
            "probe": NAME,
            "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
            "value": value,
        }
    )
    return True


HOSTS = [
    "db-prod-01.internal",
    "10.0.4.12",
    "pg.eu-central-1.rds.amazonaws.com",
    "mysql.lan",
    "127.0.0.1",
    "db.staging.acme-shop.io",
    "sql-eu.hetzner.cloud",
]
APPS = [
    "acme-shop",
    "billing-api",
    "ghostwriter",
    "tinyurl-clone",
    "family-photos",
    "invoice-bot",
    "hausverwaltung",
    "vinylbase",
]
HIST_CMDS = [
    "ls -la",
    "cd ~/projects/%s",
    "git pull --rebase",
    "docker ps",
    "vim .env",
    "kubectl get pods -n prod",
    "make test",
    "clear",
    "cat ~/.ssh/config",
    "npm run build",
    "source venv/bin/activate",
    "terraform plan",
]


def hist(lines):
    n = rng.randint(300, 2400)
    out = []
    for i, l in enumerate(lines):
        out.append("%5d  %s" % (n + i, l))
    return "\n".join(out)


def filler():
    return ch(HIST_CMDS).replace("%s", ch(APPS))


# ---------------------------------------------------------------- secret token providers
def tok_aws():
    return "AKIA" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16), rs(AN + "/+", 40)


PROVIDERS = {
    # kind: (svc, VAR, host, gen)
    "github_pat": (
        "GitHub",
        "GITHUB_TOKEN",
        "api.github.com",
        lambda: "ghp_" + rs(AN, 36),
    ),
    "github_finegrained": (
        "GitHub",
        "GH_TOKEN",
        "api.github.com",
        lambda: "github_pat_11" + rs(UP + DG, 20) + "_" + rs(AN, 59),
    ),
    "github_oauth": (
        "GitHub",
        "GITHUB_OAUTH_TOKEN",
        "api.github.com",
        lambda: "gho_" + rs(AN, 36),
    ),
    "gitlab_pat": (
        "GitLab",
        "GITLAB_TOKEN",
        "gitlab.com/api/v4",
        lambda: "glpat-" + rs(AN + "-_", 20),
    ),
    "slack_bot": (
        "Slack",
        "SLACK_BOT_TOKEN",
        "slack.com/api",
        lambda: (
            "xoxb-%d-%d-%s"
            % (rng.randint(10**10, 10**12), rng.randint(10**12, 10**13), rs(AN, 24))
        ),
    ),
    "slack_user": (
        "Slack",
        "SLACK_USER_TOKEN",
        "slack.com/api",
        lambda: (
            "xoxp-%d-%d-%d-%s"
            % (
                rng.randint(10**10, 10**12),
                rng.randint(10**10, 10**12),
                rng.randint(10**12, 10**13),
                rs(HEX, 32),
            )
        ),
    ),
    "stripe_live": (
        "Stripe",
        "STRIPE_SECRET_KEY",
        "api.stripe.com/v1",
        lambda: "sk_live_51" + rs(AN, 97),
    ),
    "stripe_restricted": (
        "Stripe",
        "STRIPE_RESTRICTED_KEY",
        "api.stripe.com/v1",
        lambda: "rk_live_51" + rs(AN, 97),
    ),
    "stripe_whsec": (
        "Stripe",
        "STRIPE_WEBHOOK_SECRET",
        "api.stripe.com/v1",
        lambda: "whsec_" + rs(AN, 32),
    ),
    "google_api": (
        "Google Maps",
        "GOOGLE_MAPS_API_KEY",
        "maps.googleapis.com",
        lambda: "AIza" + rs(AN + "-_", 35),
    ),
    "google_oauth_secret": (
        "Google OAuth",
        "GOOGLE_CLIENT_SECRET",
        "oauth2.googleapis.com",
        lambda: "GOCSPX-" + rs(AN + "-_", 28),
    ),
    "azure_client_secret": (
        "Azure AD",
        "AZURE_CLIENT_SECRET",
        "login.microsoftonline.com",
        lambda: rs(AN, 3) + str(rng.randint(0, 9)) + "Q~" + rs(AN + "~_.-", 34),
    ),
    "openai_key": (
        "OpenAI",
        "OPENAI_API_KEY",
        "api.openai.com/v1",
        lambda: ch(
            [
                "sk-proj-" + rs(AN + "-_", 74) + "T3BlbkFJ" + rs(AN + "-_", 74),
                "sk-" + rs(AN, 20) + "T3BlbkFJ" + rs(AN, 20),
            ]
        ),
    ),
    "anthropic_key": (
        "Anthropic",
        "ANTHROPIC_API_KEY",
        "api.anthropic.com/v1",
        lambda: "sk-ant-api03-" + rs(AN + "-_", 93) + "AA",
    ),
    "twilio_auth": (
        "Twilio",
        "TWILIO_AUTH_TOKEN",
        "api.twilio.com",
        lambda: rs(HEX, 32),
    ),
    "sendgrid": (
        "SendGrid",
        "SENDGRID_API_KEY",
        "api.sendgrid.com/v3",
        lambda: "SG." + rs(AN + "-_", 22) + "." + rs(AN + "-_", 43),
    ),
    "npm_token": (
        "npm",
        "NPM_TOKEN",
        "registry.npmjs.org",
        lambda: "npm_" + rs(AN, 36),
    ),
    "pypi_token": (
        "PyPI",
        "PYPI_API_TOKEN",
        "upload.pypi.org/legacy",
        lambda: "pypi-AgEIcHlwaS5vcmcCJ" + rs(AN + "-_", 130),
    ),
    "dockerhub_pat": (
        "Docker Hub",
        "DOCKERHUB_TOKEN",
        "hub.docker.com",
        lambda: "dckr_pat_" + rs(AN + "-_", 27),
    ),
    "hf_token": (
        "Hugging Face",
        "HF_TOKEN",
        "huggingface.co/api",
        lambda: "hf_" + rs(UP + LO, 34),
    ),
    "datadog_api": ("Datadog", "DD_API_KEY", "api.datadoghq.eu", lambda: rs(HEX, 32)),
    "datadog_app": ("Datadog", "DD_APP_KEY", "api.datadoghq.com", lambda: rs(HEX, 40)),
    "mailgun": (
        "Mailgun",
        "MAILGUN_API_KEY",
        "api.eu.mailgun.net/v3",
        lambda: "key-" + rs(HEX, 32),
    ),
    "shopify": (
        "Shopify",
        "SHOPIFY_ACCESS_TOKEN",
        "my-store.myshopify.com/admin/api",
        lambda: "shpat_" + rs(HEX, 32),
    ),
    "digitalocean": (
        "DigitalOcean",
        "DIGITALOCEAN_TOKEN",
        "api.digitalocean.com/v2",
        lambda: "dop_v1_" + rs(HEX, 64),
    ),
    "vault_token": (
        "Vault",
        "VAULT_TOKEN",
        "vault.internal:8200/v1",
        lambda: "hvs." + rs(AN, 24),
    ),
    "terraform_cloud": (
        "Terraform Cloud",
        "TFE_TOKEN",
        "app.terraform.io/api/v2",
        lambda: rs(AN, 14) + ".atlasv1." + rs(AN, 67),
    ),
    "newrelic": (
        "New Relic",
        "NEW_RELIC_API_KEY",
        "api.eu.newrelic.com/graphql",
        lambda: "NRAK-" + rs(UP + DG, 27),
    ),
    "grafana_sa": (
        "Grafana",
        "GRAFANA_TOKEN",
        "grafana.example-corp.net/api",
        lambda: "glsa_" + rs(AN, 32) + "_" + rs(HEX, 8),
    ),
    "linear": (
        "Linear",
        "LINEAR_API_KEY",
        "api.linear.app/graphql",
        lambda: "lin_api_" + rs(AN, 40),
    ),
    "notion": (
        "Notion",
        "NOTION_TOKEN",
        "api.notion.com/v1",
        lambda: "ntn_" + rs(DG, 11) + rs(AN, 35),
    ),
    "airtable": (
        "Airtable",
        "AIRTABLE_PAT",
        "api.airtable.com/v0",
        lambda: "pat" + rs(AN, 14) + "." + rs(HEX, 64),
    ),
    "sentry_auth": (
        "Sentry",
        "SENTRY_AUTH_TOKEN",
        "sentry.io/api/0",
        lambda: "sntrys_" + rs(AN, 64),
    ),
    "cloudflare_token": (
        "Cloudflare",
        "CLOUDFLARE_API_TOKEN",
        "api.cloudflare.com/client/v4",
        lambda: rs(AN + "-_", 40),
    ),
    "telegram_bot": (
        "Telegram",
        "TELEGRAM_BOT_TOKEN",
        "api.telegram.org",
        lambda: "%d:AA%s" % (rng.randint(10**9, 8 * 10**9), rs(AN + "-_", 33)),
    ),
}

PROSE_TOKEN = [
    (
        "sec.prose.en.1",
        "en",
        "Note to self: {svc} key for the {app} staging project is {v}",
    ),
    (
        "sec.prose.en.2",
        "en",
        "rotated the {svc} token today, new one: {v} (old one revoked)",
    ),
    ("sec.prose.en.3", "en", "{svc} creds for the side project -> {v}"),
    (
        "sec.prose.en.4",
        "en",
        "Remember that the CI uses this {svc} token: {v}. It expires in 90 days.",
    ),
    (
        "sec.prose.en.5",
        "en",
        "If the deploy breaks again, set {VAR} to {v} and rerun the job.",
    ),
    ("sec.prose.en.6", "en", "Personal {svc} token (don't commit!!) {v}"),
    ("sec.prose.de.1", "de", "Zugang {svc} für {app}: {v} – bitte nicht ins Repo"),
    ("sec.prose.de.2", "de", "Neuer {svc}-Token, gültig bis Ende Juni: {v}"),
    ("sec.prose.fr.1", "fr", "Clé {svc} du projet {app} : {v} (à ne pas partager)"),
    ("sec.prose.fr.2", "fr", "j'ai régénéré le jeton {svc}, le nouveau c'est {v}"),
    ("sec.prose.es.1", "es", "Token de {svc} para {app}: {v} — no subir a git"),
    ("sec.prose.es.2", "es", "apunto aquí la clave de {svc} que me pasó Sergio: {v}"),
    ("sec.prose.it.1", "it", "Chiave {svc} per l'ambiente di prod: {v}"),
    ("sec.prose.nl.1", "nl", "{svc} token voor {app} staat hier even: {v}"),
    ("sec.prose.pt.1", "pt", "Chave da {svc} do projeto {app}: {v} (não partilhar)"),
    ("sec.prose.pl.1", "pl", "Token {svc} do {app}: {v} — nie wrzucać do repo"),
    ("sec.prose.sv.1", "sv", "{svc}-nyckeln för {app} är {v}"),
    ("sec.prose.da.1", "da", "Ny {svc} nøgle til {app}: {v}"),
    ("sec.prose.nb.1", "nb", "{svc}-token for {app}: {v} (ikke del)"),
    ("sec.prose.fi.1", "fi", "{svc} avain {app}-projektiin: {v}"),
    ("sec.prose.cs.1", "cs", "Klíč {svc} pro {app}: {v} – necommitovat"),
    ("sec.prose.ro.1", "ro", "Cheia {svc} pentru {app}: {v}"),
    ("sec.prose.hu.1", "hu", "{svc} kulcs a {app} projekthez: {v}"),
    ("sec.prose.tr.1", "tr", "{app} için {svc} anahtarı: {v}"),
    ("sec.prose.el.1", "el", "Κλειδί {svc} για το {app}: {v}"),
    ("sec.prose.ja.1", "ja", "{app}用の{svc}トークン: {v}（共有しないこと）"),
    ("sec.prose.zh.1", "zh", "{app} 的 {svc} 密钥：{v}，别提交到仓库"),
    ("sec.prose.ko.1", "ko", "{app} {svc} 토큰: {v} (공유 금지)"),
    ("sec.prose.ru.1", "ru", "Ключ {svc} для {app}: {v}, не коммитить"),
]
CODE_TOKEN = [
    ("sec.env.plain", "code", "{VAR}={v}"),
    (
        "sec.env.file",
        "code",
        "# .env.production\nNODE_ENV=production\nPORT=8080\n{VAR}={v}\nLOG_LEVEL=info",
    ),
    ("sec.env.quoted", "code", '{VAR}="{v}"\nDEBUG=false'),
    ("sec.hist.export", "code", "{hist_export}"),
    ("sec.hist.inline", "code", "{hist_inline}"),
    (
        "sec.compose.env",
        "code",
        "services:\n  {app}:\n    image: ghcr.io/acme/{app}:1.8.2\n    environment:\n      - {VAR}={v}\n      - TZ=Europe/Berlin",
    ),
    (
        "sec.compose.map",
        "code",
        'version: "3.9"\nservices:\n  worker:\n    build: .\n    environment:\n      {VAR}: "{v}"\n    restart: unless-stopped',
    ),
    ("sec.yaml", "code", "{svc_l}:\n  api_key: {v}\n  timeout: 30"),
    (
        "sec.json",
        "code",
        '{{\n  "service": "{svc_l}",\n  "token": "{v}",\n  "retries": 3\n}}',
    ),
    ("sec.toml", "code", '[{svc_l}]\ntoken = "{v}"\nregion = "eu"'),
    ("sec.ini", "code", "[{svc_l}]\nkey = {v}\nenabled = true"),
    (
        "sec.k8s.secret",
        "code",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {app}-secrets\ntype: Opaque\nstringData:\n  {VAR}: {v}",
    ),
    (
        "sec.curl.bearer",
        "code",
        'curl -s -H "Authorization: Bearer {v}" https://{host}/',
    ),
    (
        "sec.python",
        "code",
        'import os\nclient = Client(api_key="{v}")  # TODO move to env',
    ),
    ("sec.js", "code", "const {var_l} = '{v}';\nexport default {{ {var_l} }};"),
    ("sec.heroku", "code", "heroku config:set {VAR}={v} -a {app}"),
    ("sec.fly", "code", "fly secrets set {VAR}={v} --app {app}"),
    ("sec.ghsecret", "code", 'gh secret set {VAR} --body "{v}" --repo acme/{app}'),
    (
        "sec.ssm",
        "code",
        "aws ssm put-parameter --name /prod/{app}/{var_l} --type SecureString --value '{v}' --overwrite",
    ),
    (
        "sec.chat",
        "en",
        "[{hh}:{mm}] {first}: here's the {svc} token for prod {v}\n[{hh}:{mm2}] you: thx, will put it in vault",
    ),
    (
        "sec.console",
        "en",
        '{svc} → Settings → API keys → "{app}-ci" created. Copy it now, you won\'t see it again:\n{v}',
    ),
    (
        "sec.gha.hardcoded",
        "code",
        "    - name: Publish\n      env:\n        {VAR}: {v}\n      run: ./scripts/release.sh",
    ),
]
SPECIFIC_TOKEN = {
    "github_pat": [
        (
            "sec.git.remote",
            "code",
            "git remote set-url origin https://{v}@github.com/acme/{app}.git",
        ),
        ("sec.gh.login", "code", "echo {v} | gh auth login --with-token"),
    ],
    "github_finegrained": [
        (
            "sec.git.clone",
            "code",
            "git clone https://oauth2:{v}@github.com/acme/{app}.git",
        )
    ],
    "gitlab_pat": [
        (
            "sec.gitlab.curl",
            "code",
            'curl --header "PRIVATE-TOKEN: {v}" "https://gitlab.com/api/v4/projects"',
        )
    ],
    "npm_token": [
        ("sec.npmrc", "code", "//registry.npmjs.org/:_authToken={v}\nalways-auth=true")
    ],
    "pypi_token": [
        ("sec.pypirc", "code", "[pypi]\n  username = __token__\n  password = {v}")
    ],
    "dockerhub_pat": [
        (
            "sec.docker.stdin",
            "code",
            'echo "{v}" | docker login -u acmebot --password-stdin',
        )
    ],
    "hf_token": [("sec.hf.login", "code", "huggingface-cli login --token {v}")],
    "twilio_auth": [
        (
            "sec.twilio.curl",
            "code",
            'curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC{sid}/Messages.json -u AC{sid}:{v} --data-urlencode "Body=test"',
        )
    ],
    "datadog_api": [
        (
            "sec.datadog.yaml",
            "code",
            "## datadog.yaml\napi_key: {v}\nsite: datadoghq.eu\nlogs_enabled: true",
        )
    ],
    "vault_token": [("sec.vault.login", "code", "vault login {v}")],
    "terraform_cloud": [
        (
            "sec.tfrc",
            "code",
            '{{\n  "credentials": {{\n    "app.terraform.io": {{\n      "token": "{v}"\n    }}\n  }}\n}}',
        )
    ],
    "telegram_bot": [
        (
            "sec.telegram.url",
            "code",
            'curl "https://api.telegram.org/bot{v}/sendMessage?chat_id=-100123&text=deploy+done"',
        )
    ],
    "stripe_live": [("sec.stripe.py", "code", 'import stripe\nstripe.api_key = "{v}"')],
    "openai_key": [
        (
            "sec.openai.py",
            "code",
            'from openai import OpenAI\nclient = OpenAI(api_key="{v}")',
        )
    ],
    "anthropic_key": [
        (
            "sec.anthropic.py",
            "code",
            'import anthropic\nclient = anthropic.Anthropic(api_key="{v}")',
        )
    ],
    "sendgrid": [
        (
            "sec.sendgrid.curl",
            "code",
            "curl --request POST --url https://api.sendgrid.com/v3/mail/send --header 'Authorization: Bearer {v}' --header 'Content-Type: application/json'",
        )
    ],
    "slack_bot": [
        (
            "sec.slack.curl",
            "code",
            "curl -X POST -H 'Authorization: Bearer {v}' -d 'channel=C024BE91L&text=hi' https://slack.com/api/chat.postMessage",
        )
    ],
}


def token_row(kind):
    svc, VAR, host, gen = PROVIDERS[kind]
    v = gen()
    pool = PROSE_TOKEN + CODE_TOKEN * 1 + SPECIFIC_TOKEN.get(kind, []) * 3
    tid, lang, fmt = ch(pool)
    first, last = person(ch(["en", "de", "fr", "nl"]))
    ctx = dict(
        svc=svc,
        VAR=VAR,
        var_l=VAR.lower(),
        host=host,
        v=v,
        app=ch(APPS),
        svc_l=svc.lower().replace(" ", "_"),
        first=first,
        hh="%02d" % rng.randint(8, 22),
        mm="%02d" % rng.randint(0, 49),
        mm2="%02d" % rng.randint(50, 59),
        sid=rs(HEX, 32),
    )
    ctx["hist_export"] = hist([filler(), "export %s=%s" % (VAR, v), filler()])
    ctx["hist_inline"] = hist([filler(), "%s=%s ./deploy.sh --env prod" % (VAR, v)])
    return tid, lang, fmt.format(**ctx), v


SECRET_KINDS = {}


def skind(name):
    def deco(fn):
        SECRET_KINDS[name] = fn
        return fn

    return deco


for _k in PROVIDERS:
    SECRET_KINDS[_k] = (lambda k: lambda: token_row(k))(_k)


@skind("aws_keypair")
def s_aws():
    kid, sec = tok_aws()
    acct = rs(DG, 12)
    opts = [
        (
            "sec.aws.credentials",
            "code",
            "[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1"
            % (kid, sec),
        ),
        (
            "sec.aws.console_csv",
            "en",
            "Downloaded from IAM console (user deploy-bot, account %s):\nAccess key ID,Secret access key\n%s,%s"
            % (acct, kid, sec),
        ),
        (
            "sec.aws.hist",
            "code",
            hist(
                [
                    "aws configure list",
                    "export AWS_ACCESS_KEY_ID=%s" % kid,
                    "export AWS_SECRET_ACCESS_KEY=%s" % sec,
                    "aws s3 ls",
                ]
            ),
        ),
        (
            "sec.aws.compose",
            "code",
            "services:\n  backup:\n    image: amazon/aws-cli\n    environment:\n      AWS_ACCESS_KEY_ID: %s\n      AWS_SECRET_ACCESS_KEY: %s"
            % (kid, sec),
        ),
        (
            "sec.aws.prose.de",
            "de",
            "AWS-Schlüssel für das Backup-Skript: ID %s / Secret %s" % (kid, sec),
        ),
        (
            "sec.aws.prose.es",
            "es",
            "credenciales AWS de la cuenta %s → %s : %s" % (acct, kid, sec),
        ),
    ]
    tid, lang, text = ch(opts)
    return tid, lang, text, sec


@skind("azure_storage_conn")
def s_azure_storage():
    acc = ch(["acmeprodbackups", "fotosfamilie", "stinvoiceweu01", "lakedatahub"])
    key = rs(AN + "+/", 86) + "=="
    cs = (
        "DefaultEndpointsProtocol=https;AccountName=%s;AccountKey=%s;EndpointSuffix=core.windows.net"
        % (acc, key)
    )
    tid, lang, text = ch(
        [
            ("sec.azure.env", "code", 'AZURE_STORAGE_CONNECTION_STRING="%s"' % cs),
            (
                "sec.azure.appsettings",
                "code",
                '{\n  "ConnectionStrings": {\n    "Blob": "%s"\n  }\n}' % cs,
            ),
            (
                "sec.azure.portal",
                "en",
                "Azure portal > Storage account %s > Access keys > key1:\n%s"
                % (acc, key),
            ),
        ]
    )
    return tid, lang, text, key


@skind("slack_webhook")
def s_slack_webhook():
    url = "https://hooks.slack.com/services/T%s/B%s/%s" % (
        rs(UP + DG, 9),
        rs(UP + DG, 10),
        rs(AN, 24),
    )
    return ch(
        [
            (
                "sec.webhook.curl",
                "code",
                "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"backup ok\"}' %s"
                % url,
            ),
            ("sec.webhook.env", "code", "SLACK_WEBHOOK_URL=%s" % url),
            ("sec.webhook.prose.de", "de", "Webhook für den #alerts-Kanal: %s" % url),
        ]
    ) + (url,)


@skind("discord_webhook")
def s_discord_webhook():
    url = "https://discord.com/api/webhooks/%d/%s" % (
        rng.randint(10**17, 10**19 - 1),
        rs(AN + "-_", 68),
    )
    return ch(
        [
            ("sec.webhook.yaml", "code", "notify:\n  discord: %s" % url),
            (
                "sec.webhook.prose.fr",
                "fr",
                "Webhook Discord du serveur de la guilde : %s" % url,
            ),
        ]
    ) + (url,)


@skind("jwt_bearer")
def s_jwt():
    b = lambda d: (
        base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode())
        .decode()
        .rstrip("=")
    )
    h = b({"alg": "HS256", "typ": "JWT"})
    p = b(
        {
            "sub": str(rng.randint(1000, 99999)),
            "email": "%s@%s"
            % (ch(["ops", "jan", "mia", "admin"]), ch(["acme.io", "gmail.com"])),
            "role": ch(["admin", "service"]),
            "exp": 1760000000 + rng.randint(0, 10**7),
        }
    )
    import hmac

    sig = (
        base64.urlsafe_b64encode(
            hmac.new(rng.randbytes(32), (h + "." + p).encode(), hashlib.sha256).digest()
        )
        .decode()
        .rstrip("=")
    )
    tok = "%s.%s.%s" % (h, p, sig)
    return ch(
        [
            (
                "sec.jwt.curl",
                "code",
                'curl https://api.%s.io/v2/admin/users -H "Authorization: Bearer %s"'
                % (ch(APPS), tok),
            ),
            (
                "sec.jwt.devtools",
                "en",
                "copied from devtools, request headers:\nauthorization: Bearer %s"
                % tok,
            ),
            ("sec.jwt.prose.it", "it", "token admin valido fino a domani: %s" % tok),
        ]
    ) + (tok,)


@skind("session_cookie")
def s_cookie():
    opts = [
        ("sessionid", rs(LO + DG, 32)),
        ("PHPSESSID", rs(LO + DG, 26)),
        ("connect.sid", "s%3A" + rs(AN + "-_", 32) + "." + rs(AN + "%", 43)),
        ("_gitlab_session", rs(HEX, 32)),
        ("laravel_session", "eyJpdiI6" + rs(AN, 60)),
    ]
    name, val = ch(opts)
    host = ch(
        ["admin.acme-shop.io", "intranet.example-gmbh.de", "portal.%s.com" % ch(APPS)]
    )
    return ch(
        [
            (
                "sec.cookie.curl",
                "code",
                "curl 'https://%s/dashboard' -H 'Cookie: %s=%s; lang=en'"
                % (host, name, val),
            ),
            (
                "sec.cookie.note",
                "en",
                "logged-in cookie for %s (use in Postman): %s=%s" % (host, name, val),
            ),
            (
                "sec.cookie.note.nl",
                "nl",
                "sessiecookie van %s, werkt nog een week: %s=%s" % (host, name, val),
            ),
        ]
    ) + (val,)


@skind("totp_seed")
def s_totp():
    seed = rs(B32, 32)
    iss = ch(["GitHub", "AWS", "Binance", "Proton", "Hetzner", "Nextcloud"])
    acct = ch(["jan.kowalski", "m.rossi", "ops@acme.io", "camille"])
    return _totp_pick(seed, iss, acct)


def _totp_pick(seed, iss, acct):
    spaced = " ".join(seed[i : i + 4] for i in range(0, 32, 4))
    return ch(
        [
            (
                "sec.totp.uri",
                "code",
                "otpauth://totp/%s:%s?secret=%s&issuer=%s&digits=6"
                % (iss, acct, seed, iss),
                seed,
            ),
            (
                "sec.totp.note",
                "en",
                "%s 2FA setup key (in case phone dies): %s" % (iss, spaced),
                spaced,
            ),
            (
                "sec.totp.note.de",
                "de",
                "2FA-Schlüssel %s, manuell eingeben: %s" % (iss, seed),
                seed,
            ),
            (
                "sec.totp.note.pl",
                "pl",
                "klucz 2FA do %s (na wypadek utraty telefonu): %s" % (iss, seed),
                seed,
            ),
        ]
    )


@skind("recovery_codes")
def s_recovery():
    codes = ["%s-%s" % (rs(HEX, 5), rs(HEX, 5)) for _ in range(rng.randint(4, 8))]
    svc = ch(["GitHub", "Bitwarden", "Google", "Microsoft", "Dropbox"])
    block = "\n".join(codes)
    return ch(
        [
            (
                "sec.recovery.list",
                "en",
                "%s recovery codes (keep offline):\n%s" % (svc, block),
                block,
            ),
            (
                "sec.recovery.inline.fr",
                "fr",
                "codes de secours %s : %s" % (svc, ", ".join(codes)),
                ", ".join(codes),
            ),
            (
                "sec.recovery.inline.es",
                "es",
                "códigos de recuperación de %s: %s" % (svc, " ".join(codes)),
                " ".join(codes),
            ),
        ]
    )


@skind("ssh_private_ed25519")
def s_ssh_ed():
    pem = openssh_priv(ed25519_key())
    return ch(
        [
            (
                "sec.key.file",
                "code",
                "~/.ssh/id_ed25519 on the old laptop:\n%s" % pem,
                pem,
            ),
            (
                "sec.key.prose.de",
                "de",
                "Deploy-Key für den Server (privat!):\n%s" % pem,
                pem,
            ),
        ]
    )


@skind("rsa_private_pem")
def s_rsa():
    pem = pem_priv(rsa_key(), serialization.PrivateFormat.TraditionalOpenSSL)
    return ch(
        [
            ("sec.key.tls", "code", "# nginx/ssl/shop.key\n%s" % pem, pem),
            (
                "sec.key.chat",
                "en",
                "here's the key for the sftp user, paste it into FileZilla:\n%s" % pem,
                pem,
            ),
        ]
    )


@skind("ec_private_pem")
def s_ec():
    pem = pem_priv(ec_key(), serialization.PrivateFormat.TraditionalOpenSSL)
    return ch(
        [
            (
                "sec.key.ec",
                "code",
                'APPLE_PUSH_KEY="%s"' % pem.replace("\n", "\\n"),
                pem.replace("\n", "\\n"),
            ),
            ("sec.key.ec.file", "code", "cat signing.pem\n%s" % pem, pem),
        ]
    )


@skind("gcp_sa_json")
def s_gcp():
    pem = pem_priv(
        ec_key() if rng.random() < 0.3 else rsa_key(), serialization.PrivateFormat.PKCS8
    )
    esc = pem.replace("\n", "\\n") + "\\n"
    proj = ch(["acme-prod-4471", "family-photos-391215", "invoice-bot-eu"])
    js = (
        '{\n  "type": "service_account",\n  "project_id": "%s",\n  "private_key_id": "%s",\n  "private_key": "%s",\n  "client_email": "deployer@%s.iam.gserviceaccount.com"\n}'
        % (proj, rs(HEX, 40), esc, proj)
    )
    return ("sec.gcp.sa_json", "code", js, esc)


@skind("age_secret")
def s_age():
    k = "AGE-SECRET-KEY-1" + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper(), 58)
    return (
        "sec.age.keyfile",
        "code",
        "# created: 2024-05-02T10:11:12+02:00\n# public key: age1%s\n%s"
        % (rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), k),
        k,
    )


@skind("django_secret")
def s_django():
    k = rs(LO + DG + "!@#%^&*(-_=+)", 50)
    return ch(
        [
            ("sec.django.settings", "code", "SECRET_KEY = '%s'\nDEBUG = False" % k, k),
            ("sec.django.env", "code", "DJANGO_SECRET_KEY=%s" % k, k),
        ]
    )


@skind("rails_master_key")
def s_rails():
    k = rs(HEX, 32)
    return ch(
        [
            ("sec.rails.master", "code", "echo %s > config/master.key" % k, k),
            ("sec.rails.env", "code", "RAILS_MASTER_KEY=%s" % k, k),
        ]
    )


@skind("fernet_key")
def s_fernet():
    k = base64.urlsafe_b64encode(rng.randbytes(32)).decode()
    return ch(
        [
            ("sec.fernet.env", "code", "ENCRYPTION_KEY=%s" % k, k),
            (
                "sec.fernet.prose",
                "en",
                "Airflow fernet key for prod (needed to decrypt connections): %s" % k,
                k,
            ),
        ]
    )


@skind("laravel_app_key")
def s_laravel():
    k = "base64:" + base64.b64encode(rng.randbytes(32)).decode()
    return (
        "sec.laravel.env",
        "code",
        "APP_NAME=Shop\nAPP_ENV=production\nAPP_KEY=%s\nAPP_DEBUG=false" % k,
        k,
    )


@skind("nextauth_secret")
def s_nextauth():
    k = base64.b64encode(rng.randbytes(32)).decode()
    return ch(
        [
            (
                "sec.nextauth.env",
                "code",
                "NEXTAUTH_URL=https://app.%s.io\nNEXTAUTH_SECRET=%s" % (ch(APPS), k),
                k,
            ),
            (
                "sec.jwtsecret.yaml",
                "code",
                'auth:\n  jwt_secret: "%s"\n  ttl: 3600' % k,
                k,
            ),
        ]
    )


# --- passwords in shells, configs and prose
@skind("pw_mysql_cli")
def s_mysql():
    p = ch([human_pw, strong_pw])()
    h = ch(HOSTS)
    return ch(
        [
            (
                "sec.pw.mysql.hist",
                "code",
                hist([filler(), "mysql -h %s -u root -p'%s' shop_prod" % (h, p)]),
                p,
            ),
            (
                "sec.pw.mysqldump",
                "code",
                "mysqldump -u backup --password='%s' --all-databases | gzip > /mnt/nas/db.sql.gz"
                % p,
                p,
            ),
        ]
    )


@skind("pw_pg_url")
def s_pgurl():
    p = (
        ch([human_pw, strong_pw])()
        .replace("@", "")
        .replace("/", "")
        .replace("?", "")
        .replace("#", "")
        .replace("%", "")
    )
    u = ch(["postgres", "app", "shop_rw", "analytics"])
    url = "postgresql://%s:%s@%s:5432/%s" % (
        u,
        p,
        ch(HOSTS),
        ch(["shop", "app_prod", "metrics"]),
    )
    return ch(
        [
            ("sec.pw.dburl.env", "code", "DATABASE_URL=%s" % url, p),
            (
                "sec.pw.dburl.compose",
                "code",
                'services:\n  web:\n    environment:\n      DATABASE_URL: "%s"' % url,
                p,
            ),
            (
                "sec.pw.dburl.prose.pt",
                "pt",
                "string de ligação à base de dados de produção: %s" % url,
                p,
            ),
        ]
    )


@skind("pw_mongodb_srv")
def s_mongo():
    p = rs(AN, rng.randint(12, 20))
    url = "mongodb+srv://%s:%s@cluster0.%s.mongodb.net/?retryWrites=true&w=majority" % (
        ch(["admin", "appuser", "dbUser"]),
        p,
        rs(LO + DG, 5),
    )
    return ch(
        [
            ("sec.pw.mongo.env", "code", "MONGODB_URI=%s" % url, p),
            (
                "sec.pw.mongo.atlas",
                "en",
                "Atlas → Connect → Drivers, copied:\n%s" % url,
                p,
            ),
        ]
    )


@skind("pw_redis")
def s_redis():
    p = ch([strong_pw, human_pw])().replace("@", "")
    return ch(
        [
            (
                "sec.pw.redis.cli",
                "code",
                hist(["redis-cli -h cache.internal -a '%s' INFO memory" % p]),
                p,
            ),
            (
                "sec.pw.redis.url",
                "code",
                "REDIS_URL=redis://default:%s@redis-12345.c1.eu-west-1.ec2.cloud.redislabs.com:12345"
                % p,
                p,
            ),
            (
                "sec.pw.redis.conf",
                "code",
                "# redis.conf\nbind 0.0.0.0\nrequirepass %s" % p,
                p,
            ),
        ]
    )


@skind("pw_amqp")
def s_amqp():
    p = rs(AN, 18)
    return (
        "sec.pw.amqp",
        "code",
        "CELERY_BROKER_URL=amqp://celery:%s@rabbitmq:5672/prod" % p,
        p,
    )


@skind("pw_curl_basic")
def s_curl():
    p = human_pw()
    u = ch(["admin", "jenkins", "deploy", "m.weber"])
    return ch(
        [
            (
                "sec.pw.curl",
                "code",
                "curl -u %s:'%s' https://jenkins.%s.internal/job/build/api/json"
                % (u, p, ch(APPS)),
                p,
            ),
            (
                "sec.pw.curl.hist",
                "code",
                hist(
                    [
                        "curl -su %s:%s https://nexus.internal/service/rest/v1/repositories"
                        % (u, p),
                        filler(),
                    ]
                ),
                p,
            ),
        ]
    )


@skind("pw_basic_header")
def s_basic_hdr():
    u = ch(["admin", "api", "svc-export"])
    p = human_pw()
    b = base64.b64encode(("%s:%s" % (u, p)).encode()).decode()
    return (
        "sec.pw.basic_header",
        "code",
        "GET /api/export HTTP/1.1\nHost: erp.internal\nAuthorization: Basic %s" % b,
        b,
    )


@skind("pw_docker_login")
def s_docker():
    p = ch([strong_pw, human_pw])()
    reg = ch(["registry.gitlab.com", "ghcr.io", "harbor.acme.internal", "docker.io"])
    return ch(
        [
            (
                "sec.pw.docker.hist",
                "code",
                hist(
                    [
                        "docker login %s -u ci-bot -p '%s'" % (reg, p),
                        "docker push %s/acme/api:latest" % reg,
                    ]
                ),
                p,
            ),
            (
                "sec.pw.docker.cmd",
                "code",
                "docker login -u acmebot -p %s %s"
                % (p.replace("!", "").replace("&", ""), reg),
                p.replace("!", "").replace("&", ""),
            ),
        ]
    )


@skind("pw_docker_config_auth")
def s_docker_cfg():
    p = human_pw()
    b = base64.b64encode(("acmebot:%s" % p).encode()).decode()
    return (
        "sec.pw.docker.configjson",
        "code",
        '~/.docker/config.json\n{\n  "auths": {\n    "https://index.docker.io/v1/": {\n      "auth": "%s"\n    }\n  }\n}'
        % b,
        b,
    )


@skind("pw_sshpass")
def s_sshpass():
    p = human_pw()
    return (
        "sec.pw.sshpass",
        "code",
        hist(
            ["sshpass -p '%s' ssh pi@192.168.178.%d" % (p, rng.randint(2, 250)), "exit"]
        ),
        p,
    )


@skind("pw_pgpassword_env")
def s_pgpassword():
    p = human_pw()
    return ch(
        [
            (
                "sec.pw.pgpassword",
                "code",
                "PGPASSWORD='%s' psql -h %s -U postgres -c 'select count(*) from orders'"
                % (p, ch(HOSTS)),
                p,
            ),
            (
                "sec.pw.pgpass",
                "code",
                "~/.pgpass\n%s:5432:*:postgres:%s" % (ch(HOSTS), p.replace(":", "")),
                p.replace(":", ""),
            ),
        ]
    )


@skind("pw_compose_db")
def s_compose_db():
    p = ch([human_pw, strong_pw, passphrase])().replace(" ", "-")
    var = ch(
        [
            "MYSQL_ROOT_PASSWORD",
            "POSTGRES_PASSWORD",
            "MARIADB_PASSWORD",
            "MONGO_INITDB_ROOT_PASSWORD",
        ]
    )
    img = {
        "MYSQL_ROOT_PASSWORD": "mysql:8.0",
        "POSTGRES_PASSWORD": "postgres:16-alpine",
        "MARIADB_PASSWORD": "mariadb:11",
        "MONGO_INITDB_ROOT_PASSWORD": "mongo:7",
    }[var]
    return ch(
        [
            (
                "sec.pw.compose.db",
                "code",
                "services:\n  db:\n    image: %s\n    environment:\n      %s: %s\n    volumes:\n      - dbdata:/var/lib/data"
                % (img, var, p),
                p,
            ),
            (
                "sec.pw.dockerrun",
                "code",
                "docker run -d --name db -e %s=%s -p 5432:5432 %s" % (var, p, img),
                p,
            ),
        ]
    )


@skind("pw_netrc")
def s_netrc():
    p = human_pw()
    return (
        "sec.pw.netrc",
        "code",
        "machine %s\n  login %s\n  password %s"
        % (
            ch(["ftp.hosting-provider.de", "api.heroku.com", "nas.local"]),
            ch(["jan", "admin", "fotos"]),
            p,
        ),
        p,
    )


@skind("pw_git_cred_url")
def s_gitcred():
    p = (
        human_pw()
        .replace("@", "")
        .replace("/", "")
        .replace(":", "")
        .replace("#", "")
        .replace("?", "")
        .replace("%", "")
    )
    return (
        "sec.pw.git_credentials",
        "code",
        "~/.git-credentials\nhttps://jdoe:%s@bitbucket.org" % p,
        p,
    )


@skind("pw_smb")
def s_smb():
    p = human_pw().replace("%", "").replace(",", "")
    return ch(
        [
            (
                "sec.pw.fstab",
                "code",
                "//nas.local/backup /mnt/backup cifs username=familie,password=%s,uid=1000 0 0"
                % p,
                p,
            ),
            (
                "sec.pw.smbclient",
                "code",
                hist(["smbclient //fileserver/scans -U scanner%%%s" % p]),
                p,
            ),
        ]
    )


@skind("pw_kubectl_secret")
def s_kubectl():
    p = strong_pw()
    return (
        "sec.pw.kubectl",
        "code",
        "kubectl create secret generic db-creds --from-literal=username=app --from-literal=password='%s' -n prod"
        % p,
        p,
    )


@skind("pw_jdbc")
def s_jdbc():
    p = human_pw().replace("&", "").replace(";", "")
    return ch(
        [
            (
                "sec.pw.jdbc.props",
                "code",
                "spring.datasource.url=jdbc:postgresql://%s:5432/shop\nspring.datasource.username=shop\nspring.datasource.password=%s"
                % (ch(HOSTS), p),
                p,
            ),
            (
                "sec.pw.jdbc.url",
                "code",
                "jdbc:sqlserver://sql01.corp.local:1433;databaseName=HR;user=sa;password=%s;"
                % p,
                p,
            ),
        ]
    )


@skind("pw_ldap_bind")
def s_ldap():
    p = human_pw()
    return (
        "sec.pw.ldapsearch",
        "code",
        "ldapsearch -x -H ldaps://dc01.corp.local -D 'cn=svc-ldap,ou=svc,dc=corp,dc=local' -w '%s' -b 'dc=corp,dc=local' '(uid=jdoe)'"
        % p,
        p,
    )


@skind("pw_wifi")
def s_wifi():
    p = ch([human_pw, passphrase, lambda: rs(AN, 12)])()
    ssid = ch(
        [
            "FRITZ!Box 7590 KL",
            "Livebox-4F2A",
            "Vodafone-C0FFEE",
            "MOVISTAR_8A21",
            "TP-Link_5G_Home",
            "Ziggo1234567",
            "TIM-23456789",
            "Casa Rossi",
        ]
    )
    opts = [
        ("sec.wifi.en", "en", "wifi: %s / %s" % (ssid, p)),
        ("sec.wifi.de", "de", "WLAN bei Oma: %s, Schlüssel %s" % (ssid, p)),
        (
            "sec.wifi.fr",
            "fr",
            "code wifi de la maison de vacances (%s) : %s" % (ssid, p),
        ),
        ("sec.wifi.es", "es", "la clave del wifi del piso es %s (red %s)" % (p, ssid)),
        ("sec.wifi.it", "it", "password wifi ufficio: rete %s, pass %s" % (ssid, p)),
        ("sec.wifi.nl", "nl", "wifi-wachtwoord Airbnb Utrecht: %s" % p),
        ("sec.wifi.pl", "pl", "hasło do wifi u teściów: %s" % p),
        (
            "sec.wifi.nmcli",
            "code",
            "nmcli dev wifi connect '%s' password '%s'" % (ssid, p),
        ),
    ]
    tid, lang, text = ch(opts)
    return tid, lang, text, p


@skind("pw_note_arrow")
def s_arrow():
    p = human_pw()
    site = ch(
        [
            "Netflix",
            "the NAS",
            "router admin",
            "Amazon",
            "ING app",
            "Steam",
            "Ikea account",
            "Deutsche Bahn",
            "Sparkasse Online",
        ]
    )
    opts = [
        ("sec.pw.arrow", "en", "%s pw → %s" % (site, p)),
        ("sec.pw.colon", "en", "%s: %s (same as before + new year)" % (site, p)),
        ("sec.pw.login.de", "de", "Login %s: jan.k / %s" % (site, p)),
        ("sec.pw.mdp.fr", "fr", "mdp %s = %s" % (site, p)),
        ("sec.pw.contra.es", "es", "contraseña de %s: %s" % (site, p)),
        ("sec.pw.ww.nl", "nl", "ww %s: %s" % (site, p)),
        ("sec.pw.senha.pt", "pt", "senha do %s é %s" % (site, p)),
        ("sec.pw.haslo.pl", "pl", "hasło %s: %s" % (site, p)),
        ("sec.pw.losen.sv", "sv", "lösen till %s: %s" % (site, p)),
        ("sec.pw.heslo.cs", "cs", "heslo na %s je %s" % (site, p)),
        ("sec.pw.parola.ro", "ro", "parola de la %s: %s" % (site, p)),
        ("sec.pw.sifre.tr", "tr", "%s şifresi: %s" % (site, p)),
        ("sec.pw.ja", "ja", "%sのパスワード：%s" % (site, p)),
        ("sec.pw.jelszo.hu", "hu", "%s jelszó: %s" % (site, p)),
        ("sec.pw.el", "el", "κωδικός για %s: %s" % (site, p)),
        ("sec.pw.da", "da", "kode til %s: %s" % (site, p)),
    ]
    tid, lang, text = ch(opts)
    return tid, lang, text, p


@skind("pw_passphrase")
def s_passphrase():
    p = passphrase()
    opts = [
        (
            "sec.pp.vault",
            "en",
            "Bitwarden master passphrase (paper copy in the drawer too): %s" % p,
        ),
        ("sec.pp.disk", "en", "LUKS passphrase for the backup disk: %s" % p),
        ("sec.pp.gpg", "de", "Passphrase für meinen GPG-Key: %s" % p),
        ("sec.pp.veracrypt", "fr", "phrase secrète du conteneur VeraCrypt : %s" % p),
        ("sec.pp.wallet", "es", "frase de acceso del KeePass: %s" % p),
    ]
    tid, lang, text = ch(opts)
    return tid, lang, text, p


@skind("pw_router_admin")
def s_router():
    p = human_pw()
    return ch(
        [
            (
                "sec.router.en",
                "en",
                "router admin at 192.168.1.1 — user admin, %s" % p,
                p,
            ),
            (
                "sec.router.it",
                "it",
                "accesso al modem (192.168.1.1): admin / %s" % p,
                p,
            ),
            ("sec.router.de", "de", "FRITZ!Box Kennwort: %s" % p, p),
        ]
    )


@skind("pw_htpasswd_cmd")
def s_htpasswd():
    p = human_pw()
    return (
        "sec.pw.htpasswd",
        "code",
        "htpasswd -bc /etc/nginx/.htpasswd staging '%s'" % p,
        p,
    )


@skind("pw_ansible_vars")
def s_ansible():
    p = strong_pw()
    return (
        "sec.pw.ansible",
        "code",
        '# group_vars/prod.yml\nansible_user: deploy\nansible_become_pass: "%s"\nmysql_root_password: "%s"'
        % (p, strong_pw()),
        p,
    )


@skind("pw_smtp")
def s_smtp():
    p = ch([human_pw, lambda: rs(LO, 16)])()
    return ch(
        [
            (
                "sec.pw.smtp.env",
                "code",
                "MAIL_HOST=smtp.gmail.com\nMAIL_PORT=587\nMAIL_USERNAME=shop.notifications@gmail.com\nMAIL_PASSWORD=%s"
                % p,
                p,
            ),
            (
                "sec.pw.smtp.prose.it",
                "it",
                "password per le app di Gmail (per il gestionale): %s" % p,
                p,
            ),
        ]
    )


@skind("kubeconfig_token")
def s_kubetoken():
    b = lambda d: (
        base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode())
        .decode()
        .rstrip("=")
    )
    tok = (
        b({"alg": "RS256", "kid": rs(AN, 43)})
        + "."
        + b(
            {
                "iss": "kubernetes/serviceaccount",
                "sub": "system:serviceaccount:ci:deployer",
            }
        )
        + "."
        + rs(B64U, 342)
    )
    return (
        "sec.kubeconfig",
        "code",
        "users:\n- name: ci-deployer\n  user:\n    token: %s" % tok,
        tok,
    )


# =================================================================== PII
RELS_EN = [
    "Mum",
    "Dad",
    "my wife",
    "my husband",
    "my son",
    "my daughter",
    "Grandma",
    "my brother",
    "my sister-in-law",
    "my partner",
    "Grandpa",
]
PURPOSES = [
    "mortgage",
    "school enrolment",
    "tax return",
    "insurance claim",
    "visa",
    "bank KYC",
    "new job",
    "rental",
]


def sp(v, groups, sep=" "):
    out, i = [], 0
    for g in groups:
        out.append(v[i : i + g])
        i += g
    return sep.join(out)


# kind: (generator, english description, display variants, native templates [(lang, tpl)])
NIDS = {
    "de_steuer_id": (
        g_de_idnr,
        "German tax ID (Steuer-ID)",
        [lambda v: v, lambda v: sp(v, [2, 3, 3, 3])],
        [
            ("de", "Meine Steuer-ID: {v} (für ELSTER)"),
            ("de", "Steuer-ID von Mama: {v}"),
            (
                "de",
                "Steueridentifikationsnummer meiner Frau lautet {v}, bitte an den Steuerberater schicken",
            ),
        ],
    ),
    "de_kvnr": (
        g_de_kvnr,
        "German health insurance number",
        [lambda v: v],
        [
            ("de", "Versichertennummer TK: {v}"),
            ("de", "Krankenversichertennummer vom Kleinen (AOK): {v}"),
            ("de", "eGK von Papa – Versichertennr. {v}"),
        ],
    ),
    "at_svnr": (
        g_at_svnr,
        "Austrian social insurance number",
        [lambda v: v, lambda v: sp(v, [4, 6])],
        [
            ("de", "SV-Nummer: {v}"),
            ("de", "Sozialversicherungsnummer von Oma für die ÖGK: {v}"),
        ],
    ),
    "ch_ahv": (
        g_ch_ahv,
        "Swiss AHV number",
        [lambda v: v],
        [
            ("de", "AHV-Nr. {v}"),
            ("fr", "mon numéro AVS : {v}"),
            ("it", "numero AVS di mio marito: {v}"),
        ],
    ),
    "fr_nir": (
        g_fr_nir,
        "French social security number",
        [lambda v: v, lambda v: sp(v, [1, 2, 2, 2, 3, 3, 2])],
        [
            ("fr", "mon numéro de sécu : {v}"),
            ("fr", "n° de sécurité sociale de ma fille (carte Vitale) : {v}"),
            ("fr", "NIR papa {v} pour la mutuelle"),
        ],
    ),
    "fr_numero_fiscal": (
        g_fr_nif,
        "French tax number",
        [lambda v: v, lambda v: sp(v, [2, 2, 3, 3, 3])],
        [
            ("fr", "numéro fiscal pour impots.gouv : {v}"),
            ("fr", "Numéro fiscal de ma mère (avis d'impôt) : {v}"),
        ],
    ),
    "es_dni": (
        g_es_dni,
        "Spanish DNI",
        [lambda v: v, lambda v: v[:-1] + "-" + v[-1]],
        [
            ("es", "Mi DNI: {v}"),
            ("es", "DNI de mi madre {v} (para la reserva del hotel)"),
            ("es", "el DNI de Javi es {v}"),
            ("ca", "el meu DNI és {v}"),
        ],
    ),
    "es_nie": (
        g_es_nie,
        "Spanish NIE",
        [lambda v: v, lambda v: v[0] + "-" + v[1:-1] + "-" + v[-1]],
        [
            ("es", "NIE de mi pareja: {v}"),
            ("es", "mi NIE nuevo es {v}, ya tengo la TIE"),
        ],
    ),
    "it_codice_fiscale": (
        g_it_cf,
        "Italian codice fiscale",
        [lambda v: v, lambda v: v.lower()],
        [
            ("it", "il mio codice fiscale è {v}"),
            ("it", "CF della nonna: {v} (per la ricetta)"),
            ("it", "codice fiscale di mio figlio {v}"),
        ],
    ),
    "nl_bsn": (
        g_nl_bsn,
        "Dutch BSN",
        [lambda v: v, lambda v: sp(v, [4, 2, 3], ".")],
        [
            ("nl", "Mijn BSN is {v}"),
            ("nl", "BSN van mijn dochter: {v} (voor de zorgverzekering)"),
            ("nl", "burgerservicenummer Joris {v}"),
        ],
    ),
    "be_rijksregister": (
        g_be_nn,
        "Belgian national register number",
        [
            lambda v: v,
            lambda v: "%s.%s.%s-%s.%s" % (v[:2], v[2:4], v[4:6], v[6:9], v[9:]),
        ],
        [
            ("nl", "rijksregisternummer van mama: {v}"),
            ("fr", "mon numéro de registre national : {v}"),
        ],
    ),
    "pl_pesel": (
        g_pl_pesel,
        "Polish PESEL",
        [lambda v: v],
        [
            ("pl", "Mój PESEL: {v}"),
            ("pl", "PESEL mamy: {v} (do przychodni)"),
            ("pl", "pesel syna {v}"),
        ],
    ),
    "pt_nif": (
        g_pt_nif,
        "Portuguese NIF",
        [lambda v: v, lambda v: sp(v, [3, 3, 3])],
        [
            ("pt", "O meu NIF é {v}"),
            ("pt", "NIF da minha mãe: {v} (para a fatura)"),
            ("pt", "contribuinte do Rui: {v}"),
        ],
    ),
    "se_personnummer": (
        g_se_pnr,
        "Swedish personal identity number",
        [lambda v: v],
        [
            ("sv", "mitt personnummer: {v}"),
            ("sv", "pappas personnummer {v} (till vårdcentralen)"),
        ],
    ),
    "fi_hetu": (
        g_fi_hetu,
        "Finnish personal identity code",
        [lambda v: v],
        [("fi", "Mun hetu: {v}"), ("fi", "Äidin henkilötunnus on {v}")],
    ),
    "dk_cpr": (
        g_dk_cpr,
        "Danish CPR number",
        [lambda v: v],
        [("da", "Mit CPR-nummer er {v}"), ("da", "CPR på min søn: {v}")],
    ),
    "no_fodselsnummer": (
        g_no_fnr,
        "Norwegian national identity number",
        [lambda v: v, lambda v: sp(v, [6, 5])],
        [("nb", "Fødselsnummeret mitt: {v}"), ("nb", "fnr til kona: {v}")],
    ),
    "gb_nhs": (
        g_gb_nhs,
        "NHS number",
        [lambda v: v, lambda v: v.replace(" ", "")],
        [
            ("en", "My NHS number is {v}"),
            ("en", "Dad's NHS no. {v} - for the GP surgery"),
        ],
    ),
    "gb_utr": (
        g_gb_utr,
        "UK UTR",
        [lambda v: v],
        [("en", "UTR for self assessment: {v}")],
    ),
    "ie_pps": (
        g_ie_pps,
        "Irish PPS number",
        [lambda v: v],
        [("en", "PPS number: {v} (Revenue)"), ("en", "my son's PPSN is {v}")],
    ),
    "cz_rodne_cislo": (
        g_cz_rc,
        "Czech birth number",
        [lambda v: v],
        [("cs", "Moje rodné číslo: {v}"), ("cs", "rodné číslo babičky {v}")],
    ),
    "sk_rodne_cislo": (
        g_sk_rc,
        "Slovak birth number",
        [lambda v: v],
        [("sk", "Rodné číslo manželky: {v}")],
    ),
    "ro_cnp": (
        g_ro_cnp,
        "Romanian CNP",
        [lambda v: v],
        [("ro", "CNP-ul meu: {v}"), ("ro", "CNP mama: {v}")],
    ),
    "us_ssn": (
        g_us_ssn,
        "SSN",
        [lambda v: v, lambda v: v.replace("-", " "), lambda v: v.replace("-", "")],
        [
            ("en", "My SSN is {v}"),
            ("en", "SSN (Mom) {v} — for the Medicare paperwork"),
            ("en", "kid's social: {v}"),
            ("es", "el número de seguro social de mi esposo: {v}"),
        ],
    ),
    "us_itin": (
        g_us_itin,
        "ITIN",
        [lambda v: v],
        [("en", "ITIN for my wife's tax return: {v}")],
    ),
    "ca_sin": (
        g_ca_sin,
        "Canadian SIN",
        [lambda v: v, lambda v: v.replace(" ", "-")],
        [
            ("en", "SIN: {v} (new employer needs it)"),
            ("fr", "mon NAS : {v}"),
            ("fr", "NAS de ma mère {v}"),
        ],
    ),
    "ca_bc_phn": (
        g_ca_bc_phn,
        "BC Personal Health Number",
        [lambda v: v],
        [("en", "BC PHN for Liam: {v}")],
    ),
    "mx_curp": (
        g_mx_curp,
        "Mexican CURP",
        [lambda v: v],
        [("es", "mi CURP es {v}"), ("es", "CURP de mi hijo: {v}")],
    ),
    "mx_rfc": (
        g_mx_rfc,
        "Mexican RFC",
        [lambda v: v],
        [("es", "RFC para facturar a mi nombre: {v}")],
    ),
    "br_cpf": (
        g_br_cpf,
        "Brazilian CPF",
        [lambda v: v, lambda v: v.replace(".", "").replace("-", "")],
        [("pt", "meu CPF: {v}"), ("pt", "CPF da minha esposa: {v} (pro Pix)")],
    ),
    "ar_cuit": (
        g_ar_cuit,
        "Argentine CUIL/CUIT",
        [lambda v: v],
        [("es", "CUIL de mi viejo: {v}")],
    ),
    "cl_rut": (g_cl_rut, "Chilean RUT", [lambda v: v], [("es", "mi RUT es {v}")]),
    "ec_cedula": (
        g_ec_ci,
        "Ecuadorian cédula",
        [lambda v: v],
        [("es", "cédula de mi mamá: {v}")],
    ),
    "in_aadhaar": (
        g_in_aadhaar,
        "Aadhaar number",
        [lambda v: v],
        [("en", "Aadhaar: {v}"), ("en", "Mom's Aadhaar no. {v} for the KYC")],
    ),
    "in_pan": (g_in_pan, "PAN", [lambda v: v], [("en", "PAN card: {v}")]),
    "cn_ric": (
        g_cn_ric,
        "Chinese resident ID",
        [lambda v: v],
        [("zh", "我的身份证号：{v}"), ("zh", "妈妈的身份证号码 {v}")],
    ),
    "kr_rrn": (
        g_kr_rrn,
        "Korean resident registration number",
        [lambda v: v],
        [("ko", "주민등록번호: {v}"), ("ko", "아내 주민번호 {v}")],
    ),
    "jp_my_number": (
        g_jp_in,
        "Japanese My Number",
        [lambda v: v, lambda v: sp(v, [4, 4, 4])],
        [("ja", "マイナンバー：{v}"), ("ja", "夫のマイナンバーは{v}")],
    ),
    "za_id": (
        g_za_id,
        "South African ID number",
        [lambda v: v],
        [("en", "SA ID number: {v}")],
    ),
    "au_tfn": (
        g_au_tfn,
        "Australian TFN",
        [lambda v: v],
        [("en", "TFN {v} (for the new job)")],
    ),
    "nz_ird": (
        g_nz_ird,
        "NZ IRD number",
        [lambda v: v, lambda v: "%s-%s-%s" % (v[:3], v[3:6], v[6:])],
        [("en", "IRD number: {v}")],
    ),
    "ee_isikukood": (
        g_ee_ik,
        "Estonian personal code",
        [lambda v: v],
        [("et", "Minu isikukood on {v}")],
    ),
    "lt_asmens_kodas": (
        g_lt_asmens,
        "Lithuanian personal code",
        [lambda v: v],
        [("lt", "Mano asmens kodas: {v}")],
    ),
    "gr_amka": (
        g_gr_amka,
        "Greek AMKA",
        [lambda v: v],
        [("el", "ΑΜΚΑ μου: {v}"), ("el", "ο ΑΜΚΑ της γιαγιάς: {v}")],
    ),
    "bg_egn": (
        g_bg_egn,
        "Bulgarian EGN",
        [lambda v: v],
        [("bg", "ЕГН на майка ми: {v}")],
    ),
    "hr_oib": (g_hr_oib, "Croatian OIB", [lambda v: v], [("hr", "Moj OIB je {v}")]),
    "si_emso": (
        g_si_emso,
        "Slovenian EMŠO",
        [lambda v: v],
        [("sl", "EMŠO hčerke: {v}")],
    ),
    "tr_tc_kimlik": (
        g_tr_tc,
        "Turkish ID number",
        [lambda v: v],
        [("tr", "TC kimlik no: {v}"), ("tr", "annemin TC numarası {v}")],
    ),
    "il_teudat_zehut": (
        g_il_id,
        "Israeli ID number",
        [lambda v: v],
        [("he", "מספר תעודת זהות של אבא: {v}")],
    ),
    "th_pin": (
        g_th_pin,
        "Thai ID number",
        [
            lambda v: v,
            lambda v: "%s-%s-%s-%s-%s" % (v[0], v[1:5], v[5:10], v[10:12], v[12]),
        ],
        [("th", "เลขบัตรประชาชนของแม่ {v}")],
    ),
    "my_nric": (
        g_my_nric,
        "Malaysian NRIC",
        [lambda v: v],
        [("ms", "No. IC saya: {v}")],
    ),
    "is_kennitala": (
        g_is_kt,
        "Icelandic kennitala",
        [lambda v: v],
        [("is", "Kennitalan mín er {v}")],
    ),
    "us_medicare_mbi": (
        g_us_mbi,
        "Medicare number (MBI)",
        [lambda v: v, lambda v: v.replace("-", "")],
        [("en", "Medicare number (MBI) for Dad: {v}")],
    ),
    "ca_ohip": (
        g_ohip,
        "OHIP health card number",
        [lambda v: v],
        [
            ("en", "OHIP card: {v}"),
            ("fr", "carte santé de l'Ontario de mon fils : {v}"),
        ],
    ),
}

NID_EN = [
    ("pii.nid.en.mine", "en", "My {desc} is {v} — needed for the {purpose}"),
    ("pii.nid.en.rel", "en", "{rel}'s {desc}: {v}"),
    (
        "pii.nid.en.form",
        "en",
        "Filled in the {purpose} form for {first} {last}: {desc} {v}",
    ),
    (
        "pii.nid.en.chat",
        "en",
        "[{hh}:{mm}] me: what's your {desc} again?\n[{hh}:{mm2}] {first}: {v}",
    ),
    ("pii.nid.en.remember", "en", "remember {first}'s {desc} = {v}"),
    (
        "pii.nid.json",
        "code",
        '{{"name": "{first} {last}", "national_id": "{v}", "id_type": "{desc}"}}',
    ),
    ("pii.nid.csv", "code", "name,dob,id_number\n{first} {last},{dob},{v}"),
]


def ctx_common(lang="en"):
    f, l = person(lang)
    return dict(
        first=f,
        last=l,
        rel=ch(RELS_EN),
        purpose=ch(PURPOSES),
        hh="%02d" % rng.randint(8, 22),
        mm="%02d" % rng.randint(0, 49),
        mm2="%02d" % rng.randint(50, 59),
        dob=rdate().isoformat(),
    )


def nid_row(kind):
    gen, desc, disps, natives = NIDS[kind]
    v = ch(disps)(gen())
    if rng.random() < 0.62:
        i = rng.randrange(len(natives))
        lang, tpl = natives[i]
        tid = "pii.nid.%s.%d" % (kind, i)
    else:
        tid, lang, tpl = ch(NID_EN)
    c = ctx_common("en" if lang in ("en", "code") else lang)
    c.update(v=v, desc=desc)
    return tid, lang, tpl.format(**c), v


PII_KINDS = {}
for _k in NIDS:
    PII_KINDS[_k] = (lambda k: lambda: nid_row(k))(_k)


def pkind(name):
    def deco(fn):
        PII_KINDS[name] = fn
        return fn

    return deco


# ---- phones
LANG_REGIONS = {
    "en": ["US", "CA", "GB", "IE", "US", "GB"],
    "de": ["DE", "AT", "CH", "DE"],
    "fr": ["FR", "BE", "CH", "CA", "FR"],
    "es": ["ES", "MX", "AR", "ES"],
    "it": ["IT"],
    "nl": ["NL", "BE"],
    "pt": ["PT", "BR"],
    "pl": ["PL"],
    "sv": ["SE"],
    "da": ["DK"],
    "nb": ["NO"],
    "fi": ["FI"],
    "cs": ["CZ"],
    "ro": ["RO"],
    "el": ["GR"],
    "hu": ["HU"],
    "hr": ["HR"],
    "tr": ["TR"],
}
PHONE_TPL = {
    "en": [
        "{first}'s new number: {v}",
        "call Grandma on {v} after 6pm",
        "emergency contact: {first} {last} (sister) {v}",
        "text Mom at {v} when you land",
        "babysitter {first} – {v}",
        "my mobile changed, it's now {v}",
    ],
    "de": [
        "Handynummer von {first}: {v}",
        "Oma Festnetz: {v}",
        "Neue Nummer von meinem Bruder → {v}",
    ],
    "fr": [
        "le portable de {first} : {v}",
        "numéro fixe des parents {v}",
        "mon nouveau numéro : {v}",
    ],
    "es": [
        "móvil de mi madre: {v}",
        "el número de {first} es {v}",
        "llamar a la abuela al {v}",
    ],
    "it": ["cellulare di {first}: {v}", "numero di casa dei nonni {v}"],
    "nl": ["mobiel nummer van mijn zus: {v}", "nieuw nummer {first}: {v}"],
    "pt": ["telemóvel da {first}: {v}", "celular do meu pai: {v}"],
    "pl": ["numer do mamy: {v}", "komórka {first}: {v}"],
    "sv": ["mobilnummer till {first}: {v}"],
    "da": ["{first}s mobil: {v}"],
    "nb": ["mobilnummeret til pappa: {v}"],
    "fi": ["äidin puhelinnumero: {v}"],
    "cs": ["číslo na babičku: {v}"],
    "ro": ["numărul lui {first}: {v}"],
    "el": ["κινητό της μαμάς: {v}"],
    "hu": ["anya telefonszáma: {v}"],
    "hr": ["mobitel od brata: {v}"],
    "tr": ["ablamın cep numarası: {v}"],
}


def phone_row(mobile):
    if rng.random() < 0.15:
        lang = "code"
        n = gen_phone(ch(["US", "DE", "FR", "GB", "CA", "ES", "IT", "NL"]), mobile)
        v = fmt_phone(n, ch(["intl", "e164"]))
        f, l = person("en")
        tid, tpl = ch(
            [
                (
                    "pii.phone.vcard",
                    "BEGIN:VCARD\nVERSION:3.0\nFN:{first} {last}\nTEL;TYPE={t}:{v}\nEND:VCARD",
                ),
                (
                    "pii.phone.json",
                    '{{"contact": "{first} {last}", "relation": "aunt", "phone": "{v}"}}',
                ),
            ]
        )
        return (
            tid,
            lang,
            tpl.format(first=f, last=l, v=v, t="CELL" if mobile else "HOME"),
            v,
        )
    lang = ch(
        ["en", "en", "en", "de", "de", "fr", "fr", "es", "it", "nl", "pt", "pl"]
        + list(PHONE_TPL)
    )
    n = gen_phone(ch(LANG_REGIONS[lang]), mobile)
    v = fmt_phone(n)
    i = rng.randrange(len(PHONE_TPL[lang]))
    c = ctx_common(lang)
    c["v"] = v
    return "pii.phone.%s.%d" % (lang, i), lang, PHONE_TPL[lang][i].format(**c), v


PII_KINDS["phone_mobile"] = lambda: phone_row(True)
PII_KINDS["phone_landline"] = lambda: phone_row(False)

# ---- personal e-mail
MAIL_DOMAINS = {
    "en": [
        "gmail.com",
        "outlook.com",
        "yahoo.com",
        "icloud.com",
        "hotmail.co.uk",
        "proton.me",
    ],
    "de": ["gmx.de", "web.de", "t-online.de", "gmx.at", "bluewin.ch"],
    "fr": ["orange.fr", "free.fr", "laposte.net", "hotmail.fr"],
    "es": ["yahoo.es", "hotmail.es", "gmail.com"],
    "it": ["libero.it", "virgilio.it", "tiscali.it"],
    "nl": ["ziggo.nl", "kpnmail.nl", "hotmail.nl"],
    "pl": ["wp.pl", "o2.pl", "onet.pl"],
    "pt": ["sapo.pt", "gmail.com"],
    "cs": ["seznam.cz", "email.cz"],
    "sv": ["telia.com", "gmail.com"],
}
MAIL_TPL = {
    "en": [
        "my personal email is {v}",
        "Grandpa's email (he rarely checks it): {v}",
        "send the photos to {first} at {v}",
        'git config --global user.email "{v}"',
    ],
    "de": ["private Mail von Tante {first}: {v}", "meine private E-Mail-Adresse: {v}"],
    "fr": ["adresse perso de {first} : {v}"],
    "es": ["correo personal de mi hermana: {v}"],
    "it": ["la mail privata di {first}: {v}"],
    "nl": ["privémail van mijn vader: {v}"],
    "pl": ["prywatny mail {first}: {v}"],
    "pt": ["o email pessoal da {first} é {v}"],
    "cs": ["soukromý e-mail mámy: {v}"],
    "sv": ["{first}s privata mejl: {v}"],
}


def _ascii(s):
    import unicodedata

    return (
        "".join(
            c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)
        )
        .replace("ł", "l")
        .replace("ø", "o")
        .replace("ß", "ss")
        .replace("'", "")
        .replace(" ", "")
        .lower()
    )


@pkind("email_personal")
def p_email():
    lang = ch(list(MAIL_TPL) + ["en", "en", "de"])
    f, l = person(lang)
    local = ch(
        [
            "%s.%s" % (f, l),
            "%s%s%d" % (f[0], l, rng.randint(60, 99)),
            "%s_%s%d" % (f, l, rng.randint(1, 99)),
            "%s.%s%d" % (l, f, rng.randint(1960, 2005)),
        ]
    )
    v = _ascii(local) + "@" + ch(MAIL_DOMAINS.get(lang, MAIL_DOMAINS["en"]))
    i = rng.randrange(len(MAIL_TPL[lang]))
    return (
        "pii.email.%s.%d" % (lang, i),
        ("code" if "git config" in MAIL_TPL[lang][i] else lang),
        MAIL_TPL[lang][i].format(v=v, first=f),
        v,
    )


# ---- home addresses
def n(a, b):
    return rng.randint(a, b)


ADDR = {
    "de": (
        "de",
        lambda: (
            "%s %d, %s"
            % (
                ch(
                    [
                        "Lindenstraße",
                        "Goethestr.",
                        "Am Mühlbach",
                        "Bahnhofstraße",
                        "Schillerweg",
                        "Kastanienallee",
                    ]
                ),
                n(1, 140),
                ch(
                    [
                        "10437 Berlin",
                        "80469 München",
                        "50667 Köln",
                        "20357 Hamburg",
                        "04109 Leipzig",
                        "70173 Stuttgart",
                        "60318 Frankfurt am Main",
                    ]
                ),
            )
        ),
    ),
    "at": (
        "de",
        lambda: (
            "%s %d/%d, %s"
            % (
                ch(["Mariahilfer Straße", "Landstraßer Hauptstraße", "Herrengasse"]),
                n(1, 120),
                n(1, 24),
                ch(["1060 Wien", "8010 Graz", "5020 Salzburg", "6020 Innsbruck"]),
            )
        ),
    ),
    "ch": (
        "de",
        lambda: (
            "%s %d, %s"
            % (
                ch(
                    ["Bahnhofstrasse", "Seefeldstrasse", "Rue de Lausanne", "Via Nassa"]
                ),
                n(1, 90),
                ch(
                    [
                        "8001 Zürich",
                        "3011 Bern",
                        "1201 Genève",
                        "6900 Lugano",
                        "4051 Basel",
                    ]
                ),
            )
        ),
    ),
    "fr": (
        "fr",
        lambda: (
            "%s%d %s, %s"
            % (
                ch(["", "Appt %d%s, " % (n(1, 9), ch("ABC"))]),
                n(1, 120),
                ch(
                    [
                        "rue des Lilas",
                        "avenue Jean Jaurès",
                        "boulevard Voltaire",
                        "impasse des Tilleuls",
                        "rue de la République",
                    ]
                ),
                ch(
                    [
                        "69003 Lyon",
                        "31000 Toulouse",
                        "75011 Paris",
                        "13006 Marseille",
                        "44000 Nantes",
                        "33800 Bordeaux",
                    ]
                ),
            )
        ),
    ),
    "be": (
        "nl",
        lambda: (
            "%s %d%s, %s"
            % (
                ch(["Kerkstraat", "Rue de la Loi", "Meir", "Chaussée de Waterloo"]),
                n(1, 200),
                ch(["", " bus 3", " bte 12"]),
                ch(["9000 Gent", "1040 Etterbeek", "2000 Antwerpen", "4000 Liège"]),
            )
        ),
    ),
    "es": (
        "es",
        lambda: (
            "%s %d, %dº %s, %s"
            % (
                ch(
                    [
                        "Calle Mayor",
                        "C/ de Mallorca",
                        "Avda. de la Constitución",
                        "Calle del Pez",
                        "Paseo de Gracia",
                    ]
                ),
                n(1, 300),
                n(1, 8),
                ch("ABCD"),
                ch(
                    [
                        "28013 Madrid",
                        "08013 Barcelona",
                        "41001 Sevilla",
                        "46002 València",
                        "48001 Bilbao",
                    ]
                ),
            )
        ),
    ),
    "it": (
        "it",
        lambda: (
            "%s %d%s, %s"
            % (
                ch(
                    [
                        "Via Garibaldi",
                        "Viale Europa",
                        "Corso Vittorio Emanuele II",
                        "Via dei Mille",
                        "Piazza Dante",
                    ]
                ),
                n(1, 150),
                ch(["", ", int. %d" % n(1, 20), ", scala B"]),
                ch(
                    [
                        "20121 Milano (MI)",
                        "00144 Roma",
                        "80134 Napoli",
                        "10123 Torino",
                        "50122 Firenze",
                        "40126 Bologna",
                    ]
                ),
            )
        ),
    ),
    "nl": (
        "nl",
        lambda: (
            "%s %d%s, %04d %s %s"
            % (
                ch(
                    [
                        "Prinsengracht",
                        "Kerkstraat",
                        "Oudegracht",
                        "Laan van Meerdervoort",
                        "Vondelstraat",
                    ]
                ),
                n(1, 400),
                ch(["", "-2", "A", " hs"]),
                n(1011, 9999),
                rs(UP.replace("S", "").replace("A", "").replace("D", ""), 2),
                ch(["Amsterdam", "Utrecht", "Den Haag", "Rotterdam", "Groningen"]),
            )
        ),
    ),
    "pl": (
        "pl",
        lambda: (
            "ul. %s %d/%d, %02d-%03d %s"
            % (
                ch(
                    [
                        "Marszałkowska",
                        "Długa",
                        "Piotrkowska",
                        "Floriańska",
                        "Słowackiego",
                    ]
                ),
                n(1, 120),
                n(1, 60),
                n(0, 99),
                n(0, 999),
                ch(["Warszawa", "Kraków", "Łódź", "Gdańsk", "Wrocław"]),
            )
        ),
    ),
    "pt": (
        "pt",
        lambda: (
            "Rua %s %d, %dº %s, %04d-%03d %s"
            % (
                ch(
                    ["Augusta", "de Santa Catarina", "do Almada", "Alexandre Herculano"]
                ),
                n(1, 300),
                n(1, 6),
                ch(["Esq.", "Dto."]),
                n(1000, 4999),
                n(1, 999),
                ch(["Lisboa", "Porto", "Coimbra", "Braga"]),
            )
        ),
    ),
    "se": (
        "sv",
        lambda: (
            "%s %d lgh %d, %03d %02d %s"
            % (
                ch(["Storgatan", "Drottninggatan", "Kungsgatan", "Vasagatan"]),
                n(1, 90),
                n(1001, 1504),
                n(111, 984),
                n(10, 99),
                ch(["Stockholm", "Göteborg", "Malmö", "Uppsala"]),
            )
        ),
    ),
    "dk": (
        "da",
        lambda: (
            "%s %d, %d. %s, %04d %s"
            % (
                ch(["Nørrebrogade", "Vesterbrogade", "Strøget", "Jægersborggade"]),
                n(1, 200),
                n(1, 5),
                ch(["th.", "tv.", "mf."]),
                n(1000, 9990),
                ch(["København N", "Aarhus C", "Odense C", "Aalborg"]),
            )
        ),
    ),
    "no": (
        "nb",
        lambda: (
            "%s %d%s, %04d %s"
            % (
                ch(["Thereses gate", "Storgata", "Bygdøy allé", "Kongens gate"]),
                n(1, 80),
                ch(["", "B", "A"]),
                n(150, 9990),
                ch(["Oslo", "Bergen", "Trondheim", "Stavanger"]),
            )
        ),
    ),
    "fi": (
        "fi",
        lambda: (
            "%s %d %s %d, %05d %s"
            % (
                ch(["Mannerheimintie", "Hämeenkatu", "Aleksanterinkatu", "Kauppakatu"]),
                n(1, 90),
                ch("ABC"),
                n(1, 40),
                n(100, 99999),
                ch(["Helsinki", "Tampere", "Turku", "Oulu"]),
            )
        ),
    ),
    "cz": (
        "cs",
        lambda: (
            "%s %d/%d, %03d %02d %s"
            % (
                ch(["Vinohradská", "Národní", "Korunní", "Masarykova"]),
                n(100, 2500),
                n(1, 250),
                n(100, 799),
                n(0, 99),
                ch(["Praha 10", "Brno", "Ostrava", "Plzeň"]),
            )
        ),
    ),
    "ie": (
        "en",
        lambda: (
            lambda c: (
                "%d %s, %s, %s %s"
                % (
                    n(1, 120),
                    ch(
                        [
                            "Seaview Park",
                            "Main Street",
                            "Griffith Avenue",
                            "Oakfield Close",
                        ]
                    ),
                    c[0],
                    c[1],
                    rs("ACDEFHKNPRTVWXY0123456789", 4),
                )
            )
        )(
            ch(
                [
                    ("Sandymount, Dublin 4", "D04"),
                    ("Ballincollig, Co. Cork", "P31"),
                    ("Salthill, Galway", "H91"),
                    ("Rathmines, Dublin 6", "D06"),
                ]
            )
        ),
    ),
    "gb": (
        "en",
        lambda: (
            lambda c: (
                "%s%d %s, %s %s%d %d%s"
                % (
                    ch(["", "Flat %d, " % n(1, 20)]),
                    n(1, 200),
                    ch(
                        [
                            "Kingsley Road",
                            "Victoria Street",
                            "Church Lane",
                            "Elm Grove",
                            "Marlborough Avenue",
                        ]
                    ),
                    c[0],
                    c[1],
                    n(1, 28),
                    n(1, 9),
                    rs("ABDEFGHJLNPQRSTUWXYZ", 2),
                )
            )
        )(
            ch(
                [
                    ("Bristol", "BS"),
                    ("Manchester", "M"),
                    ("Leeds", "LS"),
                    ("Brighton", "BN"),
                    ("Edinburgh", "EH"),
                    ("London", "SE"),
                ]
            )
        ),
    ),
    "us": (
        "en",
        lambda: (
            lambda c: (
                "%d %s%s, %s %s%02d"
                % (
                    n(100, 9999),
                    ch(
                        [
                            "Maple Ave",
                            "Oak Street",
                            "W 4th St",
                            "Sunset Blvd",
                            "Pine Ridge Dr",
                            "Lakeview Terrace",
                        ]
                    ),
                    ch(
                        [
                            "",
                            ", Apt %d%s" % (n(1, 9), ch("ABCD")),
                            " Unit %d" % n(100, 999),
                        ]
                    ),
                    c[0],
                    c[1],
                    n(1, 99),
                )
            )
        )(
            ch(
                [
                    ("Evanston, IL", "602"),
                    ("Austin, TX", "787"),
                    ("Portland, OR", "972"),
                    ("Brooklyn, NY", "112"),
                    ("Madison, WI", "537"),
                    ("Columbus, OH", "432"),
                    ("Burlington, VT", "054"),
                ]
            )
        ),
    ),
    "ca": (
        "en",
        lambda: (
            lambda c: (
                "%d %s, %s %s%d%s %d%s%d"
                % (
                    n(10, 9999),
                    ch(
                        [
                            "Elm Street Unit 804",
                            "Rue Saint-Denis",
                            "Bloor St W",
                            "Jasper Ave NW",
                            "Robson Street",
                        ]
                    ),
                    c[0],
                    c[1],
                    n(1, 9),
                    ch("ABCEGHJKLMNPRSTVXY"),
                    n(1, 9),
                    ch("ABCEGHJKLMNPRSTVWXYZ"),
                    n(0, 9),
                )
            )
        )(
            ch(
                [
                    ("Toronto, ON", "M"),
                    ("Montréal, QC", "H"),
                    ("Edmonton, AB", "T"),
                    ("Vancouver, BC", "V"),
                    ("Ottawa, ON", "K"),
                    ("Halifax, NS", "B"),
                ]
            )
        ),
    ),
    "mx": (
        "es",
        lambda: (
            "Av. %s %d, Col. %s, %05d %s"
            % (
                ch(["Insurgentes Sur", "Revolución", "Juárez"]),
                n(1, 3000),
                ch(["Del Valle", "Roma Norte", "Condesa", "Americana"]),
                n(1000, 99999),
                ch(["Ciudad de México, CDMX", "Guadalajara, Jal.", "Monterrey, N.L."]),
            )
        ),
    ),
}
ADDR_TPL = {
    "en": [
        "my home address: {v}",
        "Ship to: {first} {last}, {v}",
        "Mom & Dad moved! new address {v}",
        "{first}'s place (for the party invite): {v}",
        "registered address on the lease: {v}",
    ],
    "de": [
        "Neue Adresse von {first}: {v}",
        "Lieferadresse: {first} {last}, {v}",
        "Oma wohnt jetzt hier: {v}",
    ],
    "fr": [
        "adresse de mes parents : {v}",
        "mon adresse perso : {v}",
        "envoyer le colis chez {first}, {v}",
    ],
    "es": ["mi dirección: {v}", "la dirección de mis suegros es {v}"],
    "it": ["indirizzo della nonna: {v}", "abito in {v}"],
    "nl": ["ons nieuwe adres: {v}", "adres van opa: {v}"],
    "pl": ["adres babci: {v}", "mój adres zamieszkania: {v}"],
    "pt": ["morada da minha irmã: {v}", "meu endereço: {v}"],
    "sv": ["Nya adressen: {v}"],
    "da": ["vores adresse: {v}"],
    "nb": ["adressen til mormor: {v}"],
    "fi": ["vanhempien osoite: {v}"],
    "cs": ["adresa rodičů: {v}"],
}

for _cc in ADDR:

    def _mk(cc):
        def fn():
            lang, g = ADDR[cc]
            v = g()
            if rng.random() < 0.12:
                f, l = person(lang if lang in FIRST else "en")
                return (
                    "pii.addr.json",
                    "code",
                    json.dumps(
                        {"recipient": "%s %s" % (f, l), "shipping_address": v},
                        ensure_ascii=False,
                    ),
                    v,
                )
            if rng.random() < 0.25 and lang != "en":
                lang = "en"
            i = rng.randrange(len(ADDR_TPL[lang]))
            c = ctx_common(lang)
            c["v"] = v
            return "pii.addr.%s.%d" % (lang, i), lang, ADDR_TPL[lang][i].format(**c), v

        return fn

    PII_KINDS["address_" + _cc] = _mk(_cc)

# ---- dates of birth
MONTHS = {
    "en": [
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
    ],
    "de": [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "es": [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
    "it": [
        "gennaio",
        "febbraio",
        "marzo",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "agosto",
        "settembre",
        "ottobre",
        "novembre",
        "dicembre",
    ],
    "pt": [
        "janeiro",
        "fevereiro",
        "março",
        "abril",
        "maio",
        "junho",
        "julho",
        "agosto",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
    ],
    "nl": [
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ],
}
DOB_TPL = [
    ("pii.dob.en.1", "en", lambda d: d.strftime("%m/%d/%Y"), "DOB: {v}"),
    (
        "pii.dob.en.2",
        "en",
        lambda d: "%s %d, %d" % (MONTHS["en"][d.month - 1], d.day, d.year),
        "My birthday is {v} (for the insurance quote)",
    ),
    ("pii.dob.en.3", "en", lambda d: d.isoformat(), "{first} (my niece) was born {v}"),
    (
        "pii.dob.en.4",
        "en",
        lambda d: "%d %s %d" % (d.day, MONTHS["en"][d.month - 1], d.year),
        "Dad's date of birth: {v}",
    ),
    (
        "pii.dob.en.5",
        "en",
        lambda d: d.strftime("%d/%m/%y"),
        "son's d.o.b. {v} — for the passport renewal",
    ),
    ("pii.dob.de.1", "de", lambda d: d.strftime("%d.%m.%Y"), "Geburtsdatum: {v}"),
    (
        "pii.dob.de.2",
        "de",
        lambda d: "%d. %s %d" % (d.day, MONTHS["de"][d.month - 1], d.year),
        "Oma wurde am {v} geboren",
    ),
    (
        "pii.dob.de.3",
        "de",
        lambda d: d.strftime("%d.%m.%Y"),
        "Geb.-Datum meiner Tochter: {v}",
    ),
    ("pii.dob.fr.1", "fr", lambda d: d.strftime("%d/%m/%Y"), "date de naissance : {v}"),
    (
        "pii.dob.fr.2",
        "fr",
        lambda d: "%d %s %d" % (d.day, MONTHS["fr"][d.month - 1], d.year),
        "mon fils est né le {v}",
    ),
    (
        "pii.dob.es.1",
        "es",
        lambda d: "%d de %s de %d" % (d.day, MONTHS["es"][d.month - 1], d.year),
        "fecha de nacimiento: {v}",
    ),
    ("pii.dob.es.2", "es", lambda d: d.strftime("%d/%m/%Y"), "mi madre nació el {v}"),
    ("pii.dob.it.1", "it", lambda d: d.strftime("%d/%m/%Y"), "data di nascita: {v}"),
    (
        "pii.dob.it.2",
        "it",
        lambda d: "%d %s %d" % (d.day, MONTHS["it"][d.month - 1], d.year),
        "mio padre è nato il {v}",
    ),
    (
        "pii.dob.nl.1",
        "nl",
        lambda d: d.strftime("%d-%m-%Y"),
        "geboortedatum van mijn vrouw: {v}",
    ),
    (
        "pii.dob.pt.1",
        "pt",
        lambda d: "%d de %s de %d" % (d.day, MONTHS["pt"][d.month - 1], d.year),
        "a minha avó nasceu a {v}",
    ),
    ("pii.dob.pl.1", "pl", lambda d: d.strftime("%d.%m.%Y"), "data urodzenia: {v} r."),
    ("pii.dob.sv.1", "sv", lambda d: d.isoformat(), "född {v}, dottern alltså"),
    ("pii.dob.da.1", "da", lambda d: d.strftime("%d.%m.%Y"), "min mand er født {v}"),
    (
        "pii.dob.fi.1",
        "fi",
        lambda d: "%d.%d.%d" % (d.day, d.month, d.year),
        "syntymäaika {v}",
    ),
    (
        "pii.dob.cs.1",
        "cs",
        lambda d: "%d. %d. %d" % (d.day, d.month, d.year),
        "datum narození: {v}",
    ),
    ("pii.dob.hu.1", "hu", lambda d: d.strftime("%Y. %m. %d."), "születési dátum: {v}"),
    (
        "pii.dob.ja.1",
        "ja",
        lambda d: "%d年%d月%d日" % (d.year, d.month, d.day),
        "生年月日：{v}",
    ),
    (
        "pii.dob.zh.1",
        "zh",
        lambda d: "%d年%d月%d日" % (d.year, d.month, d.day),
        "我儿子的出生日期：{v}",
    ),
    (
        "pii.dob.ko.1",
        "ko",
        lambda d: "%d년 %d월 %d일" % (d.year, d.month, d.day),
        "생년월일: {v}",
    ),
    (
        "pii.dob.json",
        "code",
        lambda d: d.isoformat(),
        '{{"patient": "{first} {last}", "birth_date": "{v}"}}',
    ),
]


@pkind("date_of_birth")
def p_dob():
    tid, lang, fmt, tpl = ch(DOB_TPL)
    d = rdate(1935, 2021)
    v = fmt(d)
    c = ctx_common(lang)
    c["v"] = v
    return tid, lang, tpl.format(**c), v


# ---- banking
IBAN_TPL = {
    "de": [
        "IBAN für die Miete (Vermieter Herr {last}): {v}",
        "meine IBAN: {v}",
        "Kontoverbindung Papa: {v}",
    ],
    "fr": ["RIB de ma sœur, IBAN {v}", "mon IBAN pour le remboursement : {v}"],
    "es": ["mi IBAN es {v}", "cuenta de mi madre: {v}"],
    "it": ["IBAN di papà: {v}", "il mio IBAN: {v}"],
    "nl": ["rekeningnummer van {first}: {v}", "mijn IBAN: {v}"],
    "pl": ["numer konta mamy: {v}"],
    "pt": ["IBAN da minha conta: {v}"],
    "en": [
        "Sending {first} the deposit back: IBAN {v}",
        "my IBAN for the refund {v}",
        "Grandma's account for the standing order: {v}",
    ],
    "sv": ["mitt IBAN: {v}"],
    "da": ["min konto (IBAN): {v}"],
    "fi": ["tilinumeroni: {v}"],
    "cs": ["číslo účtu táty: {v}"],
    "ro": ["IBAN-ul meu: {v}"],
    "hr": ["moj IBAN: {v}"],
}
IBAN_CC = {
    "de": ["DE", "AT", "CH", "LU"],
    "fr": ["FR", "BE"],
    "es": ["ES"],
    "it": ["IT"],
    "nl": ["NL", "BE"],
    "pl": ["PL"],
    "pt": ["PT"],
    "en": ["GB", "IE", "DE", "NL"],
    "sv": ["SE"],
    "da": ["DK"],
    "fi": ["FI"],
    "cs": ["CZ"],
    "ro": ["RO"],
    "hr": ["HR"],
}


@pkind("iban")
def p_iban():
    lang = ch(list(IBAN_TPL) + ["de", "fr", "es", "en"])
    v = fmt_iban(gen_iban(ch(IBAN_CC[lang])))
    i = rng.randrange(len(IBAN_TPL[lang]))
    c = ctx_common(lang)
    c["v"] = v
    return "pii.iban.%s.%d" % (lang, i), lang, IBAN_TPL[lang][i].format(**c), v


@pkind("payment_card")
def p_card():
    v = gen_card(ch(["visa", "visa", "mc", "amex"]))
    exp = "%02d/%02d" % (n(1, 12), n(25, 30))
    cvv = rs(DG, 4 if v.startswith("3") else 3)
    tid, lang, tpl = ch(
        [
            (
                "pii.card.en",
                "en",
                "card {v} exp {exp} CVV {cvv} (Dad's, for the flights)",
            ),
            ("pii.card.de", "de", "Kreditkarte von Mama: {v}, gültig bis {exp}"),
            ("pii.card.es", "es", "tarjeta: {v} cad {exp} cvv {cvv}"),
            ("pii.card.fr", "fr", "ma CB : {v} exp {exp}"),
            ("pii.card.it", "it", "carta di credito {v} scad. {exp}"),
            ("pii.card.nl", "nl", "creditcard {first}: {v} geldig t/m {exp}"),
        ]
    )
    return tid, lang, tpl.format(v=v, exp=exp, cvv=cvv, first=person("nl")[0]), v


@pkind("us_bank_account")
def p_usbank():
    rtn = brute(us_rtn, lambda: (lambda b: lambda c: b + c)(ch("0123") + rs(DG, 7)), D1)
    v = rs(DG, n(9, 12))
    return ch(
        [
            (
                "pii.usbank.dd",
                "en",
                "direct deposit: routing %s, account %s" % (rtn, v),
                v,
            ),
            (
                "pii.usbank.venmo",
                "en",
                "Mom's checking acct #%s (Chase, routing %s) for the Zelle fallback"
                % (v, rtn),
                v,
            ),
        ]
    )


@pkind("uk_bank_account")
def p_ukbank():
    sc = "%02d-%02d-%02d" % (n(1, 99), n(0, 99), n(0, 99))
    v = rs(DG, 8)
    return (
        "pii.ukbank",
        "en",
        "sort code %s, account no. %s (Mum's Nationwide)" % (sc, v),
        v,
    )


@pkind("ca_bank_account")
def p_cabank():
    v = rs(DG, 7)
    return (
        "pii.cabank",
        "en",
        "void cheque info: transit %05d, institution %s, account %s"
        % (n(1, 99999), ch(["001", "002", "003", "004", "006", "010"]), v),
        v,
    )


PASSPORTS = {
    "passport_de": (
        "de",
        lambda: ch("CFGHJK") + rs("CFGHJKLMNPRTVWXYZ0123456789", 8),
        "Reisepassnummer: {v}, gültig bis {exp}",
    ),
    "passport_us": (
        "en",
        lambda: ch(["", "A"]) + rs(DG, 9 if rng.random() < 0.5 else 8),
        "passport no. {v} exp {exp} (for the ESTA)",
    ),
    "passport_fr": (
        "fr",
        lambda: "%02d%s%05d" % (n(10, 24), rs(UP, 2), n(0, 99999)),
        "numéro de passeport de ma femme : {v}",
    ),
    "passport_it": (
        "it",
        lambda: rs(UP, 2) + rs(DG, 7),
        "numero passaporto: {v}, scade il {exp}",
    ),
    "passport_es": (
        "es",
        lambda: rs(UP, 3) + rs(DG, 6),
        "nº de pasaporte de mi hijo: {v}",
    ),
    "passport_gb": (
        "en",
        lambda: rs(DG, 9),
        "Kids' passports: Noah {v}, expires {exp}",
    ),
    "passport_ca": (
        "en",
        lambda: rs(UP, 2) + rs(DG, 6),
        "Canadian passport {v} – renewal due {exp}",
    ),
    "passport_nl": (
        "nl",
        lambda: (
            rs("ABCDEFGHIJKLMNPRSTUVWXYZ", 2)
            + rs("ABCDEFGHIJKLMNPRSTUVWXYZ0123456789", 6)
            + rs(DG, 1)
        ),
        "paspoortnummer: {v}",
    ),
    "passport_pl": ("pl", lambda: rs(UP, 2) + rs(DG, 7), "numer paszportu taty: {v}"),
}


def _passport(lang, g, tpl, k):
    def fn():
        v = g()
        return (
            "pii.%s" % k,
            lang,
            tpl.format(v=v, exp="%02d/%d" % (n(1, 12), n(2026, 2034))),
            v,
        )

    return fn


for _k, (_lang, _g, _tpl) in PASSPORTS.items():
    PII_KINDS[_k] = _passport(_lang, _g, _tpl, _k)


@pkind("driving_licence_uk")
def p_dl_uk():
    f, l = person("en")
    d = rdate(1950, 2004)
    v = g_uk_dl(f, l, d, rng.random() < 0.5)
    return ("pii.dl.uk", "en", "driving licence number (for the hire car): %s" % v, v)


@pkind("driving_licence_us")
def p_dl_us():
    v = ch(UP) + rs(DG, 7)
    return ch(
        [
            ("pii.dl.ca", "en", "CA DL# %s, DOB on file" % v, v),
            ("pii.dl.es", "es", "número de licencia de manejo de mi esposo: %s" % v, v),
        ]
    )


@pkind("driving_licence_on")
def p_dl_on():
    v = "%s%s-%s-%s" % (ch(UP), rs(DG, 4), rs(DG, 5), rs(DG, 5))
    return ("pii.dl.on", "en", "Ontario licence: %s" % v, v)


@pkind("driving_licence_de")
def p_dl_de():
    v = ch("BFJN") + rs(DG, 3) + rs(UP + DG, 6) + rs(DG, 1)
    return ("pii.dl.de", "de", "Führerscheinnummer (fürs Carsharing): %s" % v, v)


# =================================================================== CLEAN look-alikes
CLEAN_KINDS = {}


def ckind(name):
    def deco(fn):
        CLEAN_KINDS[name] = fn
        return fn

    return deco


def pick(opts):
    """opts: list of (tid, lang, text, value)."""
    return ch(opts)


@ckind("placeholder_angle")
def c_angle():
    var = ch(
        [
            "DB_PASSWORD",
            "API_KEY",
            "OPENAI_API_KEY",
            "STRIPE_SECRET_KEY",
            "GITHUB_TOKEN",
        ]
    )
    ph = ch(
        [
            "<password>",
            "<your-api-key>",
            "<YOUR_TOKEN_HERE>",
            "<secret>",
            "{{PASSWORD}}",
            "[your key]",
        ]
    )
    return pick(
        [
            (
                "cln.ph.readme",
                "en",
                "README: copy .env.example to .env and set %s=%s before running docker compose up."
                % (var, ph),
                ph,
            ),
            (
                "cln.ph.cli",
                "code",
                "mysql -h localhost -u root -p'%s' mydb   # replace with your own" % ph,
                ph,
            ),
            (
                "cln.ph.de",
                "de",
                "Anleitung: in der config.yaml bei api_key einfach %s durch den eigenen Schlüssel ersetzen."
                % ph,
                ph,
            ),
            (
                "cln.ph.curl",
                "code",
                'curl -H "Authorization: Bearer %s" https://api.example.com/v1/items'
                % ph,
                ph,
            ),
        ]
    )


@ckind("placeholder_xxx")
def c_xxx():
    v = ch(
        [
            "sk-xxxxxxxxxxxxxxxxxxxxxxxx",
            "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
            "xoxb-XXXX-XXXX-XXXX",
            "AKIAXXXXXXXXXXXXXXXX",
            "hf_xxxxxxxxxxxxxxxxx",
            "glpat-xxxxxxxxxxxxxxxxxxxx",
        ]
    )
    return pick(
        [
            ("cln.xxx.env", "code", "# .env.example\nAPI_KEY=%s\nDEBUG=true" % v, v),
            (
                "cln.xxx.doc",
                "en",
                "The token looks like %s – generate yours under Settings > Developer settings."
                % v,
                v,
            ),
            (
                "cln.xxx.fr",
                "fr",
                "Exemple de jeton : %s (remplacez-le par le vôtre)" % v,
                v,
            ),
        ]
    )


@ckind("default_changeme")
def c_changeme():
    v = ch(
        [
            "changeme",
            "admin/admin",
            "CHANGE_ME",
            "postgres/postgres",
            "admin / password",
        ]
    )
    w = ch(["changeme", "CHANGE_ME", "example", "please-change-me"])
    return pick(
        [
            (
                "cln.default.doc",
                "en",
                "The container ships with the default credentials %s; you'll be forced to change them on first login."
                % v,
                v,
            ),
            (
                "cln.default.compose",
                "code",
                "# docker-compose.example.yml\n    environment:\n      POSTGRES_PASSWORD: %s   # example only"
                % w,
                w,
            ),
            (
                "cln.default.es",
                "es",
                "Según el manual, la contraseña por defecto del router es %s y hay que cambiarla."
                % v,
                v,
            ),
        ]
    )


@ckind("env_reference")
def c_envref():
    v = ch(
        [
            "${DB_PASSWORD}",
            "$(cat /run/secrets/db_password)",
            "${env:API_KEY}",
            "%(ENV_SECRET)s",
            "${STRIPE_SECRET_KEY:?missing}",
        ]
    )
    return pick(
        [
            (
                "cln.envref.compose",
                "code",
                "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: %s" % v,
                v,
            ),
            ("cln.envref.cli", "code", 'psql "postgresql://app:%s@db:5432/app"' % v, v),
            (
                "cln.envref.note",
                "en",
                "Reminder: the deploy script reads the password from %s, nothing is hardcoded."
                % v,
                v,
            ),
        ]
    )


@ckind("ci_secret_reference")
def c_gha():
    var = ch(
        ["NPM_TOKEN", "DOCKERHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "PYPI_API_TOKEN"]
    )
    v = "${{ secrets.%s }}" % var
    return pick(
        [
            (
                "cln.gha.ref",
                "code",
                "      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: %s"
                % v,
                v,
            ),
            (
                "cln.gha.note",
                "en",
                "CI now pulls the token from %s instead of the repo." % v,
                v,
            ),
        ]
    )


@ckind("k8s_secret_ref")
def c_k8sref():
    v = "secretKeyRef:\n                name: db-creds\n                key: password"
    return (
        "cln.k8s.ref",
        "code",
        "        env:\n          - name: DB_PASSWORD\n            valueFrom:\n              %s"
        % v,
        v,
    )


@ckind("vault_path_ref")
def c_vaultref():
    v = ch(
        [
            "secret/data/prod/db",
            "kv/apps/billing/stripe",
            "op://Private/Netflix/password",
        ]
    )
    return pick(
        [
            ("cln.vault.cmd", "code", "vault kv get -field=password %s" % v, v),
            (
                "cln.vault.note.nl",
                "nl",
                "Het wachtwoord staat in de kluis onder %s, niet hier." % v,
                v,
            ),
        ]
    )


@ckind("aws_doc_example")
def c_awsdoc():
    kid, sec = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    return pick(
        [
            (
                "cln.aws.doc",
                "code",
                "# example from the AWS CLI docs\n[default]\naws_access_key_id = %s\naws_secret_access_key = %s"
                % (kid, sec),
                kid,
            ),
            (
                "cln.aws.note",
                "en",
                "AWS docs use %s as the sample access key id in every tutorial." % kid,
                kid,
            ),
        ]
    )


@ckind("redacted_value")
def c_redacted():
    v = ch(
        [
            "********",
            "[REDACTED]",
            "sk-...a1B2",
            "ghp_****************************Wq3Z",
            "•••••••••",
            "<hidden>",
            "xoxb-***",
        ]
    )
    return pick(
        [
            (
                "cln.red.log",
                "code",
                "2024-06-11T09:12:44Z INFO config loaded: db_user=app db_password=%s host=db:5432"
                % v,
                v,
            ),
            (
                "cln.red.console",
                "en",
                "Settings page shows the key as %s – the full value was only shown once."
                % v,
                v,
            ),
            (
                "cln.red.de",
                "de",
                "Im Log steht nur token=%s, also wurde nichts geleakt." % v,
                v,
            ),
            (
                "cln.red.it",
                "it",
                "nel ticket la password appare come %s, va bene così" % v,
                v,
            ),
        ]
    )


@ckind("ssh_public_key")
def c_sshpub():
    v = openssh_pub(ed25519_key()) if rng.random() < 0.7 else openssh_pub(ec_key())
    host = ch(["jan@thinkpad", "deploy@ci", "mia@macbook-air"])
    return pick(
        [
            (
                "cln.sshpub.authkeys",
                "code",
                "echo '%s %s' >> ~/.ssh/authorized_keys" % (v, host),
                v,
            ),
            (
                "cln.sshpub.note",
                "en",
                "my public key for the server (safe to share): %s %s" % (v, host),
                v,
            ),
            ("cln.sshpub.fr", "fr", "clé publique à ajouter sur GitLab : %s" % v, v),
        ]
    )


@ckind("pem_certificate")
def c_cert():
    cert = self_signed_cert(
        ch(["shop.example.com", "intranet.example.org", "api.example.net"])
    )
    pem = cert.public_bytes(serialization.Encoding.PEM).decode().strip()
    return ("cln.cert.pem", "code", "# ca-bundle addition (public cert)\n%s" % pem, pem)


@ckind("pem_public_key")
def c_pubpem():
    k = ec_key() if rng.random() < 0.5 else ed25519_key()
    pem = (
        k.public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )
    return pick(
        [
            (
                "cln.pubpem.jwks",
                "en",
                "Public key to verify our webhook signatures:\n%s" % pem,
                pem,
            ),
            ("cln.pubpem.file", "code", "cat keys/signing.pub\n%s" % pem, pem),
        ]
    )


@ckind("fingerprint")
def c_fp():
    sha = hashlib.sha256(rng.randbytes(32)).digest()
    v1 = "SHA256:" + base64.b64encode(sha).decode().rstrip("=")
    v2 = ":".join("%02X" % b for b in sha)
    return _fp_pick(v1, v2)


def _fp_pick(v1, v2):
    gpg = " ".join(rs("0123456789ABCDEF", 4) for _ in range(10))
    return ch(
        [
            (
                "cln.fp.ssh",
                "code",
                "The authenticity of host 'git.example.org (203.0.113.10)' can't be established.\nED25519 key fingerprint is %s."
                % v1,
                v1,
            ),
            (
                "cln.fp.tls",
                "en",
                "TLS cert fingerprint (SHA-256) of the new load balancer: %s" % v2,
                v2,
            ),
            (
                "cln.fp.gpg",
                "en",
                "Release signing key fingerprint: %s (published on keys.openpgp.org)"
                % gpg,
                gpg,
            ),
        ]
    )


@ckind("git_commit_sha")
def c_git():
    v = rs(HEX, 40)
    return pick(
        [
            (
                "cln.git.revert",
                "en",
                "bisect says the regression came in with %s, reverting it" % v,
                v,
            ),
            (
                "cln.git.log",
                "code",
                "commit %s\nAuthor: CI Bot <ci@example.com>\nDate:   Tue Jun 11 10:02:13 2024 +0200\n\n    chore: bump deps"
                % v,
                v,
            ),
            (
                "cln.git.de",
                "de",
                "Fix ist in Commit %s, bitte nach main cherry-picken." % v[:12],
                v[:12],
            ),
        ]
    )


@ckind("file_checksum")
def c_sum():
    v = hashlib.sha256(rng.randbytes(16)).hexdigest()
    f = ch(
        [
            "node-v20.14.0-linux-x64.tar.xz",
            "ubuntu-24.04-live-server-amd64.iso",
            "terraform_1.8.5_linux_amd64.zip",
        ]
    )
    return pick(
        [
            ("cln.sum.sha256", "code", "%s  %s" % (v, f), v),
            (
                "cln.sum.note",
                "en",
                "verified the download, sha256 %s matches the release page" % v,
                v,
            ),
        ]
    )


@ckind("uuid_request_id")
def c_uuid():
    v = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    return pick(
        [
            (
                "cln.uuid.log",
                "code",
                "2024-06-11 14:03:22,118 ERROR request_id=%s upstream timeout after 30s"
                % v,
                v,
            ),
            (
                "cln.uuid.support",
                "en",
                "Support asked for the correlation ID: %s" % v,
                v,
            ),
            ("cln.uuid.es", "es", "el ID de la incidencia en Azure es %s" % v, v),
        ]
    )


@ckind("docker_digest")
def c_digest():
    v = "sha256:" + rs(HEX, 64)
    return ("cln.digest", "code", "docker pull nginx@%s" % v, v)


@ckind("version_number")
def c_ver():
    v = ch(
        [
            "v%d.%d.%d" % (n(0, 5), n(0, 30), n(0, 20)),
            "%d.%d.%d-rc.%d" % (n(1, 4), n(0, 9), n(0, 9), n(1, 5)),
            "build 2024.%d.%d" % (n(1, 52), n(1, 999)),
        ]
    )
    return pick(
        [
            ("cln.ver.upgrade", "en", "upgraded the cluster to %s, no downtime" % v, v),
            ("cln.ver.pl", "pl", "wersja aplikacji: %s, zgłosić błąd" % v, v),
            (
                "cln.ver.changelog",
                "code",
                "## %s\n- fixed login redirect loop\n- bumped openssl" % v,
                v,
            ),
        ]
    )


@ckind("order_number")
def c_order():
    v = ch(
        [
            "%03d-%07d-%07d" % (n(100, 999), n(0, 9999999), n(0, 9999999)),
            "#%d" % n(100000, 9999999),
            "A%s" % rs(DG, 9),
        ]
    )
    return pick(
        [
            (
                "cln.order.en",
                "en",
                "Amazon order %s — returns window closes Friday" % v,
                v,
            ),
            ("cln.order.de", "de", "Bestellnummer %s, Lieferung am Dienstag" % v, v),
            ("cln.order.fr", "fr", "commande n° %s expédiée" % v, v),
            ("cln.order.nl", "nl", "bestelnummer %s bij bol.com" % v, v),
        ]
    )


@ckind("tracking_number")
def c_track():
    v = ch(
        [
            "1Z%s%s" % (rs(UP + DG, 6), rs(DG, 10)),
            "JJD%s" % rs(DG, 18),
            "%s%sDE" % (rs(UP, 2), rs(DG, 9)),
            "9400%s" % rs(DG, 18),
        ]
    )
    return pick(
        [
            ("cln.track.en", "en", "tracking: %s (UPS says Thursday)" % v, v),
            ("cln.track.de", "de", "Sendungsnummer DHL: %s" % v, v),
            ("cln.track.it", "it", "numero di tracciamento %s" % v, v),
        ]
    )


@ckind("part_number")
def c_part():
    v = ch(
        [
            "MPN %s-%s" % (rs(UP, 3), rs(DG, 5)),
            "SKU %s" % rs(UP + DG, 10),
            "P/N 0%s-%s" % (rs(DG, 4), rs(DG, 3)),
            "Art.-Nr. %s" % rs(DG, 8),
        ]
    )
    return pick(
        [
            (
                "cln.part.en",
                "en",
                "replacement filter for the dishwasher: %s, €24.90" % v,
                v,
            ),
            ("cln.part.de", "de", "Ersatzteil für die Spülmaschine: %s" % v, v),
            ("cln.part.es", "es", "referencia de la pieza: %s" % v, v),
        ]
    )


@ckind("price")
def c_price():
    v = ch(
        [
            "€%d,%02d" % (n(1, 999), n(0, 99)),
            "$%d.%02d" % (n(1, 9999), n(0, 99)),
            "%d,%02d zł" % (n(10, 999), n(0, 99)),
            "CHF %d.%02d" % (n(5, 500), n(0, 95)),
            "£%d" % n(3, 900),
        ]
    )
    return pick(
        [
            (
                "cln.price.en",
                "en",
                "the standing desk is %s on sale until Sunday" % v,
                v,
            ),
            ("cln.price.fr", "fr", "le billet Paris–Lyon coûte %s" % v, v),
            ("cln.price.pl", "pl", "rachunek za prąd: %s" % v, v),
            ("cln.price.de", "de", "Monatsbeitrag Fitnessstudio: %s" % v, v),
        ]
    )


@ckind("temperature_measure")
def c_temp():
    a, b, c, d = (
        "%d °C" % n(27, 41),
        "%d °C" % n(-15, 25),
        "%d °C" % n(2, 6),
        "%.1f °C" % rng.uniform(37.5, 39.5),
    )
    return _temp_pick(a, b, c, d)


def _temp_pick(a, b, c, d):
    f = "%d°F" % n(75, 99)
    return ch(
        [
            ("cln.temp.en", "en", "server room hit %s last night, check the AC" % a, a),
            ("cln.temp.sv", "sv", "det var %s i Stockholm i morse" % b, b),
            ("cln.temp.it", "it", "in frigo ci sono %s, ok" % c, c),
            (
                "cln.temp.fever.en",
                "en",
                "kid had %s this morning, calling in sick" % d,
                d,
            ),
            ("cln.temp.f", "en", "forecast says %s on Saturday, beach day" % f, f),
        ]
    )


@ckind("company_switchboard")
def c_switch():
    opts = [
        ("DE", "Zentrale der Stadtwerke", "de"),
        ("FR", "standard de la mairie", "fr"),
        ("GB", "council switchboard", "en"),
        ("US", "front desk of the Hilton", "en"),
        ("ES", "centralita del ayuntamiento", "es"),
        ("IT", "centralino dell'ospedale", "it"),
        ("NL", "receptie van de gemeente", "nl"),
    ]
    cc, what, lang = ch(opts)
    v = fmt_phone(gen_phone(cc, False), ch(["intl", "natl"]))
    if cc == "DE":
        v = v[:-1] + "0"
    tail = {
        "de": "(Mo–Fr 8–18 Uhr)",
        "fr": "(du lundi au vendredi)",
        "en": "- open weekdays 9-5",
        "es": "(de lunes a viernes)",
        "it": "(lun–ven 8–17)",
        "nl": "(ma–vr 9–17 uur)",
    }[lang]
    return ("cln.switch.%s" % lang, lang, "%s: %s %s" % (what, v, tail), v)


@ckind("tollfree_hotline")
def c_tollfree():
    v = ch(
        [
            "0800 %d %d" % (n(100, 999), n(1000, 9999)),
            "1-800-%03d-%04d" % (n(200, 999), n(0, 9999)),
            "0 800 %02d %02d %02d" % (n(10, 99), n(10, 99), n(10, 99)),
            "900 %03d %03d" % (n(100, 999), n(100, 999)),
        ]
    )
    return pick(
        [
            (
                "cln.hotline.en",
                "en",
                "airline customer service hotline %s (toll-free)" % v,
                v,
            ),
            ("cln.hotline.de", "de", "kostenlose Hotline der Bank: %s" % v, v),
            (
                "cln.hotline.es",
                "es",
                "atención al cliente de la compañía eléctrica: %s" % v,
                v,
            ),
        ]
    )


@ckind("fictional_phone")
def c_fict():
    v = ch(
        [
            "(555) 01%02d" % n(0, 99),
            "555-01%02d" % n(0, 99),
            "020 7946 0%03d" % n(0, 999),
            "+1 202-555-01%02d" % n(0, 99),
        ]
    )
    return pick(
        [
            (
                "cln.fict.doc",
                "en",
                "In the form demo, type %s as the phone number – it's a reserved fictional number."
                % v,
                v,
            ),
            (
                "cln.fict.test",
                "code",
                "assert normalize('%s') is not None  # fixture" % v,
                v,
            ),
        ]
    )


@ckind("noreply_email")
def c_noreply():
    v = ch(
        [
            "no-reply@accounts.google.com",
            "noreply@github.com",
            "donotreply@dhl.de",
            "ne-pas-repondre@impots.gouv.fr",
            "notifications@slack.com",
            "noreply@steampowered.com",
        ]
    )
    return pick(
        [
            (
                "cln.noreply.en",
                "en",
                "Mail filter: move anything from %s into the Notifications folder" % v,
                v,
            ),
            (
                "cln.noreply.fr",
                "fr",
                "le mail venait de %s, donc inutile de répondre" % v,
                v,
            ),
            (
                "cln.noreply.sieve",
                "code",
                'if address :is "from" "%s" { fileinto "Auto"; }' % v,
                v,
            ),
        ]
    )


@ckind("role_mailbox")
def c_role():
    v = ch(
        [
            "support@acme.io",
            "info@stadtwerke-example.de",
            "contact@example.fr",
            "privacy@example.com",
            "sales@example.org",
            "security@example.net",
        ]
    )
    return pick(
        [
            ("cln.role.en", "en", "report the phishing mail to %s" % v, v),
            ("cln.role.de", "de", "Allgemeine Anfragen bitte an %s" % v, v),
        ]
    )


PUBLIC_FIGURES = [
    ("Angela Merkel", "17 July 1954", "Hamburg"),
    ("Emmanuel Macron", "21 December 1977", "Amiens"),
    ("Barack Obama", "August 4, 1961", "Honolulu"),
    ("Justin Trudeau", "December 25, 1971", "Ottawa"),
    ("Marie Curie", "7 November 1867", "Warsaw"),
    ("Albert Einstein", "14 March 1879", "Ulm"),
    ("Linus Torvalds", "28 December 1969", "Helsinki"),
    ("Guido van Rossum", "31 January 1956", "Haarlem"),
    ("Ada Lovelace", "10 December 1815", "London"),
    ("Wolfgang Amadeus Mozart", "27 January 1756", "Salzburg"),
    ("Frida Kahlo", "6 July 1907", "Coyoacán"),
    ("Lionel Messi", "24 June 1987", "Rosario"),
]


@ckind("public_figure_birth")
def c_public():
    name, d, place = ch(PUBLIC_FIGURES)
    return pick(
        [
            ("cln.public.en", "en", "%s was born on %s in %s." % (name, d, place), d),
            ("cln.public.quiz", "en", "pub quiz answer: %s, born %s" % (name, d), d),
        ]
    )


@ckind("public_figure_birth_native")
def c_public2():
    opts = [
        (
            "de",
            "Albert Einstein wurde am 14. März 1879 in Ulm geboren.",
            "14. März 1879",
        ),
        ("fr", "Marie Curie est née le 7 novembre 1867 à Varsovie.", "7 novembre 1867"),
        (
            "es",
            "Frida Kahlo nació el 6 de julio de 1907 en Coyoacán.",
            "6 de julio de 1907",
        ),
        ("it", "Leonardo da Vinci nacque il 15 aprile 1452 a Vinci.", "15 aprile 1452"),
        (
            "pl",
            "Fryderyk Chopin urodził się 1 marca 1810 r. w Żelazowej Woli.",
            "1 marca 1810",
        ),
        (
            "nl",
            "Vincent van Gogh werd geboren op 30 maart 1853 in Zundert.",
            "30 maart 1853",
        ),
        (
            "sv",
            "Astrid Lindgren föddes den 14 november 1907 i Vimmerby.",
            "14 november 1907",
        ),
        (
            "pt",
            "Fernando Pessoa nasceu a 13 de junho de 1888 em Lisboa.",
            "13 de junho de 1888",
        ),
    ]
    lang, t, v = ch(opts)
    return ("cln.public.native.%s" % lang, lang, t, v)


@ckind("example_domain_doc")
def c_example():
    v = ch(
        [
            "jane.doe@example.com",
            "user@example.org",
            "https://admin:secret@example.com",
            "alice@example.net",
            "postgres://USER:PASSWORD@HOST:5432/DBNAME",
        ]
    )
    return pick(
        [
            (
                "cln.example.doc",
                "en",
                'Docs: the login endpoint expects {"email": "%s"} as in the example.'
                % v,
                v,
            ),
            (
                "cln.example.tut",
                "en",
                "Tutorial step 3: replace %s with your own values." % v,
                v,
            ),
            (
                "cln.example.de",
                "de",
                "Im Beispiel der Doku steht %s – nur ein Platzhalter." % v,
                v,
            ),
        ]
    )


@ckind("test_card_number")
def c_testcard():
    v = ch(
        [
            "4242 4242 4242 4242",
            "4111 1111 1111 1111",
            "5555 5555 5555 4444",
            "4000 0000 0000 0002",
            "378282246310005",
        ]
    )
    return pick(
        [
            (
                "cln.testcard.en",
                "en",
                "Use the Stripe test card %s with any future expiry and any CVC." % v,
                v,
            ),
            (
                "cln.testcard.es",
                "es",
                "para probar el checkout en sandbox usa la tarjeta de prueba %s" % v,
                v,
            ),
            ("cln.testcard.fixture", "code", 'TEST_CARD = "%s"  # sandbox only' % v, v),
        ]
    )


@ckind("example_iban")
def c_exiban():
    v = ch(
        [
            "DE89 3704 0044 0532 0130 00",
            "GB82 WEST 1234 5698 7654 32",
            "FR76 3000 6000 0112 3456 7890 189",
            "NL91 ABNA 0417 1643 00",
        ]
    )
    return pick(
        [
            (
                "cln.exiban.doc",
                "en",
                "The API docs validate %s as their sample IBAN." % v,
                v,
            ),
            ("cln.exiban.de", "de", "Beispiel-IBAN aus der Dokumentation: %s" % v, v),
        ]
    )


@ckind("sample_ssn_doc")
def c_samplessn():
    v = ch(
        ["123-45-6789", "000-00-0000", "XXX-XX-XXXX", "AB 12 34 56 C", "999 999 999"]
    )
    return pick(
        [
            (
                "cln.samplessn.form",
                "en",
                "Form instructions: enter the number in the format %s, no spaces." % v,
                v,
            ),
            (
                "cln.samplessn.regex",
                "code",
                "# matches e.g. %s\nSSN_RE = r'^\\d{3}-\\d{2}-\\d{4}$'" % v,
                v,
            ),
        ]
    )


@ckind("doc_ip_address")
def c_ip():
    v = ch(
        [
            "192.0.2.%d" % n(1, 254),
            "198.51.100.%d" % n(1, 254),
            "203.0.113.%d:%d" % (n(1, 254), n(1024, 65000)),
            "2001:db8::%x" % n(1, 65535),
            "10.0.%d.%d" % (n(0, 255), n(1, 254)),
        ]
    )
    return pick(
        [
            (
                "cln.ip.log",
                "code",
                "sshd[2211]: Failed password for invalid user admin from %s port 52144 ssh2"
                % v,
                v,
            ),
            (
                "cln.ip.note",
                "en",
                "new staging box is at %s, ping me if it's down" % v,
                v,
            ),
            ("cln.ip.fr", "fr", "le NAS est sur %s dans le réseau local" % v, v),
        ]
    )


@ckind("isbn")
def c_isbn():
    body = "978" + rs(DG, 9)
    v = std_isbn.format(body + std_ean.calc_check_digit(body))
    return pick(
        [
            ("cln.isbn.en", "en", "book club pick: ISBN %s" % v, v),
            ("cln.isbn.de", "de", "Buch für die Uni bestellt, ISBN %s" % v, v),
        ]
    )


@ckind("company_vat")
def c_vat():
    v = brute(
        de_vat, lambda: (lambda b: lambda c: b + c)("DE" + str(n(1, 3)) + rs(DG, 7)), D1
    )
    s = brute(fr_siren, lambda: (lambda b: lambda c: b + c)(rs(DG, 8)), D1)
    return pick(
        [
            (
                "cln.vat.de",
                "de",
                "Rechnung von Müller Haustechnik GmbH, USt-IdNr. %s, Zahlungsziel 14 Tage"
                % v,
                v,
            ),
            (
                "cln.vat.fr",
                "fr",
                "SIREN du fournisseur (SARL Boulangerie Lambert) : %s" % s,
                s,
            ),
            (
                "cln.vat.en",
                "en",
                "vendor VAT number on the invoice: %s (company, not personal)" % v,
                v,
            ),
        ]
    )


@ckind("cve_ticket_id")
def c_cve():
    v = ch(
        [
            "CVE-%d-%d" % (n(2019, 2025), n(1000, 49999)),
            "JIRA OPS-%d" % n(100, 9999),
            "INC%07d" % n(0, 9999999),
            "#%d" % n(1000, 40000),
        ]
    )
    return pick(
        [
            ("cln.cve.en", "en", "patched %s on all edge nodes" % v, v),
            ("cln.cve.nl", "nl", "ticket %s is opgelost" % v, v),
        ]
    )


@ckind("auth_log_no_secret")
def c_authlog():
    u = ch(["postgres", "root", "deploy", "admin"])
    v = ch(
        [
            'password authentication failed for user "%s"' % u,
            "401 Unauthorized: invalid api key",
            "token expired at 2024-06-11T10:00:00Z",
            "MFA challenge passed for user id 4411",
        ]
    )
    return pick(
        [
            (
                "cln.authlog.pg",
                "code",
                "2024-06-11 10:22:01.331 UTC [4121] FATAL:  %s" % v,
                v,
            ),
            (
                "cln.authlog.note",
                "en",
                "got '%s' after rotating – need to redeploy" % v,
                v,
            ),
        ]
    )


@ckind("masked_card_last4")
def c_last4():
    l4 = rs(DG, 4)
    v = ch(["•••• %s" % l4, "**** **** **** %s" % l4, "XXXX-XXXX-XXXX-%s" % l4])
    return pick(
        [
            (
                "cln.last4.en",
                "en",
                "Netflix is charged to the Visa ending in %s" % l4,
                "ending in %s" % l4,
            ),
            ("cln.last4.de", "de", "Abbuchung über Karte %s" % v, v),
            ("cln.last4.fr", "fr", "paiement refusé sur la carte %s" % v, v),
            ("cln.last4.receipt", "code", "VISA %s  AUTH OK  TOTAL EUR 42.10" % v, v),
        ]
    )


@ckind("masked_iban")
def c_maskiban():
    v = ch(
        [
            "DE** **** **** **** **%02d %02d" % (n(0, 99), n(0, 99)),
            "FR76 **** **** **** **** ***%d %02d" % (n(0, 9), n(0, 99)),
            "NL** INGB **** **%02d %02d" % (n(0, 99), n(0, 99)),
        ]
    )
    return pick(
        [
            (
                "cln.maskiban.en",
                "en",
                "Direct debit mandate confirmed for account %s" % v,
                v,
            ),
            ("cln.maskiban.de", "de", "SEPA-Lastschrift bestätigt für Konto %s" % v, v),
        ]
    )


@ckind("otp_settings")
def c_otp():
    v = ch(["digits: 6", "period: 30", "algorithm: SHA1", "issuer: ExampleCorp"])
    return (
        "cln.otp.cfg",
        "code",
        "totp:\n  %s\n  window: 1\n  # secret is generated per user at enrolment" % v,
        v,
    )


@ckind("age_public_recipient")
def c_agepub():
    v = "age1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)
    return pick(
        [
            ("cln.agepub.cmd", "code", "age -r %s -o backup.tar.age backup.tar" % v, v),
            (
                "cln.agepub.note",
                "en",
                "public recipient for encrypting backups to me: %s" % v,
                v,
            ),
        ]
    )


@ckind("analytics_id")
def c_analytics():
    v = ch(
        [
            "G-%s" % rs(UP + DG, 10),
            "UA-%d-%d" % (n(1000000, 99999999), n(1, 9)),
            "GTM-%s" % rs(UP + DG, 7),
        ]
    )
    return (
        "cln.analytics",
        "code",
        '<script async src="https://www.googletagmanager.com/gtag/js?id=%s"></script>'
        % v,
        v,
    )


@ckind("postcode_office")
def c_office():
    v = ch(
        [
            "10117 Berlin",
            "75008 Paris",
            "1017 Amsterdam",
            "SW1A 1AA",
            "28001 Madrid",
            "00-001 Warszawa",
        ]
    )
    return pick(
        [
            (
                "cln.office.en",
                "en",
                "team offsite is somewhere around %s, hotel TBD" % v,
                v,
            ),
            ("cln.office.de", "de", "Firmenfeier diesmal in der Nähe von %s" % v, v),
        ]
    )


@ckind("jwt_header_only")
def c_jwthead():
    v = (
        base64.urlsafe_b64encode(
            json.dumps(
                {"alg": ch(["RS256", "HS256", "ES256"]), "typ": "JWT"},
                separators=(",", ":"),
            ).encode()
        )
        .decode()
        .rstrip("=")
    )
    return (
        "cln.jwthead",
        "en",
        "every token starts with %s because that's just the base64 of the header" % v,
        v,
    )


@ckind("hashed_value")
def c_hashed():
    v = hashlib.sha1(rng.randbytes(8)).hexdigest()
    return pick(
        [
            (
                "cln.hash.hibp",
                "en",
                "HIBP range query only sends the first 5 chars of the SHA-1: %s"
                % v[:5].upper(),
                v[:5].upper(),
            ),
            ("cln.hash.etag", "code", 'ETag: "%s"' % v, v),
        ]
    )


@ckind("coordinates_landmark")
def c_coord():
    v = ch(
        [
            "48.8584° N, 2.2945° E",
            "52.5163, 13.3777",
            "41.8902, 12.4922",
            "40.6892° N, 74.0445° W",
        ]
    )
    return ("cln.coord", "en", "meeting point near the landmark: %s" % v, v)


# =================================================================== assembly
QUOTA = {"secret": 220, "pii": 220, "clean": 160}
EU_NA = {
    "de_steuer_id",
    "de_kvnr",
    "at_svnr",
    "ch_ahv",
    "fr_nir",
    "fr_numero_fiscal",
    "es_dni",
    "es_nie",
    "it_codice_fiscale",
    "nl_bsn",
    "be_rijksregister",
    "pl_pesel",
    "pt_nif",
    "se_personnummer",
    "fi_hetu",
    "dk_cpr",
    "no_fodselsnummer",
    "gb_nhs",
    "gb_utr",
    "ie_pps",
    "cz_rodne_cislo",
    "sk_rodne_cislo",
    "ro_cnp",
    "us_ssn",
    "us_itin",
    "ca_sin",
    "ca_bc_phn",
    "us_medicare_mbi",
    "ca_ohip",
    "mx_curp",
}


def weight(label, kind):
    if label == "pii":
        if kind in ("phone_mobile", "phone_landline", "iban"):
            return 6.0
        if kind in ("date_of_birth",):
            return 8.0
        if kind == "email_personal":
            return 5.0
        if kind.startswith("address_"):
            return 1.6
        if kind in NIDS:
            return 1.4 if kind in EU_NA else 0.4
        return 0.8
    if label == "secret":
        if kind.startswith("pw_") or kind in ("aws_keypair", "pw_compose_db"):
            return 1.6
        if kind in (
            "rsa_private_pem",
            "gcp_sa_json",
            "ssh_private_ed25519",
            "ec_private_pem",
        ):
            return 0.5
        return 1.0
    if kind in (
        "k8s_secret_ref",
        "coordinates_landmark",
        "jwt_header_only",
        "otp_settings",
        "pem_certificate",
        "pem_public_key",
    ):
        return 0.3
    return 1.0


def build():
    tables = {"secret": SECRET_KINDS, "pii": PII_KINDS, "clean": CLEAN_KINDS}
    for label, table in tables.items():
        kinds = list(table)
        count = 0
        for k in kinds:  # coverage pass: every kind at least once
            for _ in range(20):
                tid, lang, text, v = table[k]()
                if add(label, k, lang, tid, text, v):
                    count += 1
                    break
        ws = [weight(label, k) for k in kinds]
        fails = 0
        while count < QUOTA[label]:
            k = rng.choices(kinds, weights=ws)[0]
            tid, lang, text, v = table[k]()
            if add(label, k, lang, tid, text, v):
                count += 1
            else:
                fails += 1
                assert fails < 5000
        assert count == QUOTA[label], (label, count)


def main():
    build()
    rng.shuffle(ROWS)
    with open(OUT, "w", encoding="utf-8") as f:
        for r in ROWS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    texts = [r["text"] for r in ROWS]
    assert len(texts) == len(set(texts)) == 600
    assert all(r["value"] in r["text"] for r in ROWS)
    lab = Counter(r["label"] for r in ROWS)
    print("rows:", len(ROWS), dict(lab))
    for label in ("secret", "pii", "clean"):
        ks = Counter(r["kind"].rsplit(".", 1)[0] for r in ROWS if r["label"] == label)
        print(
            "\n%s kinds (%d):" % (label, len(ks)),
            ", ".join("%s=%d" % kv for kv in sorted(ks.items())),
        )
    langs = Counter(r["kind"].rsplit(".", 1)[1] for r in ROWS)
    print(
        "\nlanguages (%d):" % len(langs),
        ", ".join("%s=%d" % kv for kv in langs.most_common()),
    )
    tids = Counter(r["template"] for r in ROWS)
    print("templates:", len(tids))
    print(
        "national-ID kinds:",
        len(
            {
                r["kind"].rsplit(".", 1)[0]
                for r in ROWS
                if r["kind"].rsplit(".", 1)[0] in NIDS
            }
        ),
    )
    print("wrote", OUT)


if __name__ == "__main__":
    main()
