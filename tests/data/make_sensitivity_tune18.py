# ruff: noqa: E501, E702, E731, E741, B905, F841, UP031 (templates are data, one string per line)
"""Labelled sensitivity set "tune18" (independent hand).

Emphasis: national IDs of Oceania, the Middle East, Eastern Europe and Central Asia,
personal data of the user's relatives, secrets inside application code and
infrastructure-as-code (Terraform, Ansible, Pulumi, serverless, cloud SDK snippets), and
clean look-alikes taken from the same kinds of files.

Writes sensitivity_tune18.jsonl next to this script: 600 rows (220 secret, 220 pii,
160 clean). Deterministic: every random choice comes from one seeded Random, and key
material is derived from it (RSA primes by seeded Miller-Rabin, Ed25519/EC from seeded
bytes, OpenSSH container written by hand because the library pads it with os.urandom).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import itertools
import json
import re
import string
import struct
from collections import Counter
from pathlib import Path
from random import Random

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import NameOID
from stdnum import iban as std_iban
from stdnum import luhn
from stdnum.ar import cuit
from stdnum.au import abn, acn, tfn
from stdnum.az import voen
from stdnum.be import nn as be_nn
from stdnum.bg import egn
from stdnum.br import cnpj, cpf
from stdnum.by import unp
from stdnum.ch import ssn as ch_ssn
from stdnum.cl import rut
from stdnum.cn import ric
from stdnum.cz import rc as cz_rc
from stdnum.dk import cpr
from stdnum.ean import calc_check_digit as isbn_check
from stdnum.ee import ik
from stdnum.eg import tn as eg_tn
from stdnum.es import dni as es_dni
from stdnum.fi import hetu
from stdnum.fr import nir
from stdnum.gb import nhs
from stdnum.gr import amka
from stdnum.hr import oib
from stdnum.il import hp as il_hp
from stdnum.il import idnr as il_idnr
from stdnum.in_ import aadhaar, pan
from stdnum.kr import rrn
from stdnum.lt import asmens
from stdnum.lv import pvn as lv_pvn
from stdnum.md import idno
from stdnum.mx import curp
from stdnum.nl import bsn
from stdnum.no import fodselsnummer
from stdnum.nz import bankaccount as nz_bank
from stdnum.nz import ird
from stdnum.pl import nip, pesel, regon
from stdnum.ro import cnp
from stdnum.ru import inn, ogrn
from stdnum.se import personnummer
from stdnum.si import emso
from stdnum.sk import rc as sk_rc
from stdnum.th import pin as th_pin
from stdnum.tr import tckimlik, vkn
from stdnum.ua import edrpou, rntrc
from stdnum.us import ssn as us_ssn
from stdnum.za import idnr as za_idnr

NAME = "tune18"
OUT = Path(__file__).with_name(f"sensitivity_{NAME}.jsonl")
R = Random(18_2024_18)
N_SECRET, N_PII, N_CLEAN = 220, 220, 160

# ---------------------------------------------------------------- random helpers
UP, LO, DG = string.ascii_uppercase, string.ascii_lowercase, string.digits
AN = UP + LO + DG
HEX = "0123456789abcdef"
B64 = AN + "+/"
URL = AN + "-_"
B32 = UP + "234567"


def rs(alpha: str, n: int) -> str:
    return "".join(R.choice(alpha) for _ in range(n))


def pick(seq):
    return R.choice(seq)


def rdate(y0: int = 1938, y1: int = 2016) -> dt.date:
    start = dt.date(y0, 1, 1).toordinal()
    return dt.date.fromordinal(R.randint(start, dt.date(y1, 12, 28).toordinal()))


def solve(body: str, ok, alpha: str = DG) -> str | None:
    """Fill the '?' positions of body with the first combination `ok` accepts."""
    holes = body.count("?")
    for combo in itertools.product(alpha, repeat=holes):
        it = iter(combo)
        cand = "".join(next(it) if c == "?" else c for c in body)
        if ok(cand):
            return cand
    return None


def until(fn):
    for _ in range(5000):
        v = fn()
        if v:
            return v
    raise RuntimeError("generator failed")


# ---------------------------------------------------------------- national IDs (validated)
def g_au_tfn():
    v = until(lambda: solve(str(R.randint(1, 9)) + rs(DG, 7) + "?", tfn.is_valid))
    return tfn.format(v)


def g_au_medicare():
    # Medicare card: first digit 2-6, weights 1,3,7,9,1,3,7,9 -> check digit, issue number, IRN
    d = [R.randint(2, 6)] + [R.randint(0, 9) for _ in range(7)]
    chk = sum(a * b for a, b in zip(d, [1, 3, 7, 9, 1, 3, 7, 9])) % 10
    s = "".join(map(str, d)) + str(chk) + str(R.randint(1, 5))
    return f"{s[:4]} {s[4:9]} {s[9]}" + (
        f"/{R.randint(1, 5)}" if R.random() < 0.5 else ""
    )


def g_nz_ird():
    v = until(lambda: solve(str(R.randint(1, 9)) + rs(DG, 6) + "?", ird.is_valid))
    return ird.format(v)


def g_nz_bank():
    def one():
        bank = pick(["01", "02", "03", "06", "12", "38"])
        branch = {
            "01": "0%03d" % R.randint(1, 999),
            "02": "0%03d" % R.randint(100, 999),
            "03": "%04d" % R.randint(1, 1999),
            "06": "0%03d" % R.randint(1, 999),
            "12": "3%03d" % R.randint(1, 499),
            "38": "90%02d" % R.randint(0, 99),
        }[bank]
        body = bank + branch + rs(DG, 7) + "00" + str(R.randint(0, 2))
        return nz_bank.format(body) if nz_bank.is_valid(body) else None

    return until(one)


def g_il_idnr():
    v = until(lambda: solve(rs(DG, 8) + "?", il_idnr.is_valid))
    return pick([v, il_idnr.format(v)])


def g_tr_tc():
    return until(
        lambda: solve(str(R.randint(1, 9)) + rs(DG, 8) + "??", tckimlik.is_valid)
    )


def g_tr_vkn():
    return until(lambda: solve(rs(DG, 9) + "?", vkn.is_valid))


def g_eg_tn():
    v = until(lambda: solve(str(R.randint(1, 7)) + rs(DG, 7) + "?", eg_tn.is_valid))
    return f"{v[:3]}-{v[3:6]}-{v[6:]}"


def g_ae_eid():
    d = rdate(1955, 2010)
    v = until(lambda: solve("784" + str(d.year) + rs(DG, 7) + "?", luhn.is_valid))
    return f"{v[:3]}-{v[3:7]}-{v[7:14]}-{v[14]}"


def g_sa_nid():
    return until(lambda: solve(pick("12") + rs(DG, 8) + "?", luhn.is_valid))


def _ir_ok(s: str) -> bool:
    if len(set(s)) == 1:
        return False
    r = sum(int(s[i]) * (10 - i) for i in range(9)) % 11
    c = r if r < 2 else 11 - r
    return int(s[9]) == c


def g_ir_melli():
    v = until(
        lambda: solve(
            "0" + rs(DG, 8) + "?" if R.random() < 0.3 else rs(DG, 9) + "?", _ir_ok
        )
    )
    return pick([v, f"{v[:3]}-{v[3:9]}-{v[9]}"])


def _kz_ok(s: str) -> bool:
    d = [int(c) for c in s]
    c = sum(d[i] * (i + 1) for i in range(11)) % 11
    if c == 10:
        w = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]
        c = sum(d[i] * w[i] for i in range(11)) % 11
        if c == 10:
            return False
    return d[11] == c


def g_kz_iin():
    def one():
        d = rdate(1945, 2015)
        cent = (3 if d.year < 2000 else 5) + R.randint(0, 1)
        return solve(d.strftime("%y%m%d") + str(cent) + rs(DG, 4) + "?", _kz_ok)

    return until(one)


def g_az_voen():
    return until(
        lambda: solve("%02d" % R.randint(10, 99) + rs(DG, 6) + "?" + "2", voen.is_valid)
    )


def g_pl_pesel():
    def one():
        d = rdate(1940, 2018)
        m = d.month + (20 if d.year >= 2000 else 0)
        return solve(
            f"{d.year % 100:02d}{m:02d}{d.day:02d}" + rs(DG, 4) + "?", pesel.is_valid
        )

    return until(one)


def g_pl_nip():
    v = until(lambda: solve(str(R.randint(1, 9)) + rs(DG, 8) + "?", nip.is_valid))
    return pick([v, nip.format(v)])


def g_ro_cnp():
    def one():
        d = rdate(1940, 2015)
        s = R.choice("12") if d.year < 2000 else R.choice("56")
        return solve(
            s + d.strftime("%y%m%d") + "%02d" % R.randint(1, 46) + rs(DG, 3) + "?",
            cnp.is_valid,
        )

    return until(one)


def g_bg_egn():
    def one():
        d = rdate(1940, 2015)
        m = d.month + (40 if d.year >= 2000 else 0)
        return solve(
            f"{d.year % 100:02d}{m:02d}{d.day:02d}" + rs(DG, 3) + "?", egn.is_valid
        )

    return until(one)


def g_cz_rc(mod=cz_rc):
    def one():
        d = rdate(1955, 2015)
        m = d.month + (50 if R.random() < 0.5 else 0)
        return solve(
            f"{d.year % 100:02d}{m:02d}{d.day:02d}" + rs(DG, 3) + "?", mod.is_valid
        )

    v = until(one)
    return f"{v[:6]}/{v[6:]}"


def g_ua_rntrc():
    def one():
        d = rdate(1945, 2005)
        days = (d - dt.date(1899, 12, 31)).days
        return solve("%05d" % days + rs(DG, 4) + "?", rntrc.is_valid)

    return until(one)


def g_ru_inn():
    return until(
        lambda: solve(
            "77" + rs(DG, 8) + "??", lambda s: len(s) == 12 and inn.is_valid(s)
        )
    )


def _snils_ok(s: str) -> bool:
    n = s.replace("-", "").replace(" ", "")
    t = sum(int(n[i]) * (9 - i) for i in range(9))
    c = t % 101
    c = 0 if c == 100 else c
    return int(n[9:]) == c


def g_ru_snils():
    v = until(lambda: solve(str(R.randint(1, 1)) + rs(DG, 8) + "??", _snils_ok))
    return f"{v[:3]}-{v[3:6]}-{v[6:9]} {v[9:]}"


def g_by_unp():
    # individual entrepreneurs: region letter is a digit here; accept whatever stdnum validates
    return until(lambda: solve(str(R.randint(1, 7)) + rs(DG, 7) + "?", unp.is_valid))


def g_md_idnp():
    return until(lambda: solve("2" + rs(DG, 11) + "?", idno.is_valid))


def g_ee_ik(mod=ik):
    def one():
        d = rdate(1940, 2015)
        g = R.choice("34") if d.year < 2000 else R.choice("56")
        return solve(g + d.strftime("%y%m%d") + rs(DG, 3) + "?", mod.is_valid)

    return until(one)


def g_lv_pk():
    def one():
        d = rdate(1940, 2016)
        c = "1" if d.year < 2000 else "2"
        return solve(d.strftime("%d%m%y") + c + rs(DG, 3) + "?", lv_pvn.is_valid)

    v = until(one)
    return f"{v[:6]}-{v[6:]}"


def g_jmbg(region: str):
    def one():
        d = rdate(1945, 2010)
        return solve(
            d.strftime("%d%m") + "%03d" % (d.year % 1000) + region + rs(DG, 3) + "?",
            emso.is_valid,
        )

    return until(one)


def g_hr_oib():
    return until(lambda: solve(str(R.randint(1, 9)) + rs(DG, 9) + "?", oib.is_valid))


def g_gr_amka():
    def one():
        d = rdate(1940, 2015)
        return solve(d.strftime("%d%m%y") + rs(DG, 4) + "?", amka.is_valid)

    return until(one)


def g_br_cpf():
    v = until(lambda: solve(rs(DG, 9) + "??", cpf.is_valid))
    return cpf.format(v)


def g_mx_curp():
    def one():
        d = rdate(1950, 2012)
        sex = pick("HM")
        st = pick(["DF", "JC", "NL", "PL", "VZ", "YN", "BC"])
        first = pick("GMRLHPS") + pick("AEIOU") + pick("RLMNGS") + pick("AJMLE")
        cons = pick("RNZLMT") + pick("RLNSZ") + pick("NRLSC")
        hom = "0" if d.year < 2000 else pick("ABC")
        return solve(
            first + d.strftime("%y%m%d") + sex + st + cons + hom + "?", curp.is_valid
        )

    return until(one)


def g_cl_rut():
    v = until(
        lambda: solve(str(R.randint(8, 24)) + rs(DG, 6) + "?", rut.is_valid, DG + "K")
    )
    return rut.format(v)


def g_ar_cuil():
    v = until(
        lambda: solve(
            pick(["20", "27", "23"]) + str(R.randint(10, 45)) + rs(DG, 6) + "?",
            cuit.is_valid,
        )
    )
    return cuit.format(v)


def g_cn_ric():
    return until(
        lambda: solve(
            pick(
                [
                    "110101",
                    "110105",
                    "310104",
                    "440305",
                    "440106",
                    "330106",
                    "420102",
                    "320102",
                    "370102",
                ]
            )
            + rdate(1950, 2010).strftime("%Y%m%d")
            + rs(DG, 3)
            + "?",
            ric.is_valid,
            DG + "X",
        )
    )


def g_kr_rrn():
    def one():
        d = rdate(1950, 2015)
        g = R.choice("12") if d.year < 2000 else R.choice("34")
        return solve(d.strftime("%y%m%d") + g + rs(DG, 5) + "?", rrn.is_valid)

    v = until(one)
    return f"{v[:6]}-{v[6:]}"


def g_in_aadhaar():
    v = until(lambda: solve(str(R.randint(2, 9)) + rs(DG, 10) + "?", aadhaar.is_valid))
    return aadhaar.format(v)


def g_in_pan():
    def one():
        s = rs(UP, 3) + "P" + rs(UP, 1) + rs(DG, 4) + rs(UP, 1)
        return s if pan.is_valid(s) else None

    return until(one)


def g_th_pin():
    v = until(lambda: solve(str(R.randint(1, 8)) + rs(DG, 11) + "?", th_pin.is_valid))
    return f"{v[0]}-{v[1:5]}-{v[5:10]}-{v[10:12]}-{v[12]}"


def g_za_id():
    def one():
        d = rdate(1950, 2010)
        return solve(
            d.strftime("%y%m%d") + "%04d" % R.randint(0, 9999) + "08" + "?",
            za_idnr.is_valid,
        )

    return until(one)


def g_us_ssn():
    def one():
        s = "%03d%02d%04d" % (R.randint(1, 665), R.randint(1, 99), R.randint(1, 9999))
        return us_ssn.format(s) if us_ssn.is_valid(s) else None

    return until(one)


def g_gb_nhs():
    v = until(lambda: solve(str(R.randint(4, 7)) + rs(DG, 8) + "?", nhs.is_valid))
    return f"{v[:3]} {v[3:6]} {v[6:]}"


def g_fr_nir():
    def one():
        d = rdate(1945, 2010)
        return solve(
            pick("12")
            + d.strftime("%y%m")
            + "%02d" % R.randint(1, 95)
            + "%03d" % R.randint(1, 990)
            + "%03d" % R.randint(1, 999)
            + "??",
            nir.is_valid,
        )

    return nir.format(until(one))


def g_es_dni():
    return until(lambda: solve(rs(DG, 8) + "?", es_dni.is_valid, UP))


def g_no_fnr():
    def one():
        d = rdate(1945, 1999)
        return solve(
            d.strftime("%d%m%y") + "%03d" % R.randint(0, 499) + "??",
            fodselsnummer.is_valid,
        )

    return until(one)


def g_se_pnr():
    def one():
        d = rdate(1945, 2012)
        return solve(
            d.strftime("%y%m%d") + "-" + rs(DG, 3) + "?", personnummer.is_valid
        )

    return until(one)


def g_fi_hetu():
    def one():
        d = rdate(1945, 2012)
        sep = "-" if d.year < 2000 else "A"
        return solve(
            d.strftime("%d%m%y") + sep + "%03d" % R.randint(2, 899) + "?",
            hetu.is_valid,
            DG + "ABCDEFHJKLMNPRSTUVWXY",
        )

    return until(one)


def g_nl_bsn():
    v = until(lambda: solve(str(R.randint(1, 6)) + rs(DG, 7) + "?", bsn.is_valid))
    return pick([v, f"{v[:4]}.{v[4:6]}.{v[6:]}"])


def g_be_nn():
    def one():
        d = rdate(1945, 1999)
        return solve(
            d.strftime("%y%m%d") + "%03d" % R.randint(1, 997) + "??", be_nn.is_valid
        )

    return be_nn.format(until(one))


def g_ch_ahv():
    v = until(lambda: solve("756" + rs(DG, 9) + "?", ch_ssn.is_valid))
    return ch_ssn.format(v)


def g_dk_cpr():
    def one():
        d = rdate(1945, 1999)
        s = d.strftime("%d%m%y") + rs(DG, 4)
        return s if cpr.is_valid(s) else None

    v = until(one)
    return f"{v[:6]}-{v[6:]}"


# ---------------------------------------------------------------- other personal data
PHONE_REGIONS = [
    "AU",
    "AU",
    "NZ",
    "NZ",
    "IL",
    "TR",
    "AE",
    "SA",
    "PL",
    "RO",
    "UA",
    "KZ",
    "UZ",
    "GE",
    "AM",
    "AZ",
    "CZ",
    "HU",
    "BG",
    "RS",
    "RU",
    "DE",
    "FR",
    "ES",
    "IT",
    "NL",
    "BR",
    "MX",
    "IN",
    "JP",
    "KR",
    "CN",
    "US",
    "GB",
    "SE",
    "GR",
    "EG",
    "JO",
    "QA",
    "LB",
    "MD",
    "LT",
    "EE",
    "FJ",
]


def g_phone(region: str | None = None) -> tuple[str, str]:
    region = region or pick(PHONE_REGIONS)
    ex = phonenumbers.example_number_for_type(
        region, phonenumbers.PhoneNumberType.MOBILE
    )
    nat = str(ex.national_number)
    for _ in range(500):
        cand = nat[:3] + rs(DG, len(nat) - 3)
        num = phonenumbers.parse("+%d%s" % (ex.country_code, cand))
        if (
            phonenumbers.is_valid_number(num)
            and phonenumbers.number_type(num)
            in (
                phonenumbers.PhoneNumberType.MOBILE,
                phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
            )
            and cand != nat
        ):
            fmt = pick(
                [
                    phonenumbers.PhoneNumberFormat.INTERNATIONAL,
                    phonenumbers.PhoneNumberFormat.INTERNATIONAL,
                    phonenumbers.PhoneNumberFormat.E164,
                    phonenumbers.PhoneNumberFormat.NATIONAL,
                ]
            )
            return phonenumbers.format_number(num, fmt), region
    raise RuntimeError(region)


FIRST = {
    "en": [
        "Olivia",
        "Jack",
        "Mia",
        "Noah",
        "Charlotte",
        "Liam",
        "Ruby",
        "Harper",
        "Tane",
        "Aroha",
    ],
    "pl": ["Agnieszka", "Tomasz", "Zofia", "Krzysztof", "Magdalena"],
    "ru": ["Ирина", "Алексей", "Наталья", "Дмитрий", "Светлана"],
    "uk": ["Оксана", "Тарас", "Олена", "Богдан", "Ірина"],
    "tr": ["Elif", "Mehmet", "Zeynep", "Emre", "Ayşe"],
    "he": ["נועה", "יוסי", "מיכל", "אבי", "תמר"],
    "ar": ["فاطمة", "أحمد", "مريم", "خالد", "ليلى"],
    "ro": ["Ioana", "Andrei", "Elena", "Mihai"],
    "cs": ["Petra", "Jan", "Lucie", "Tomáš"],
    "bg": ["Мария", "Георги", "Десислава", "Иван"],
    "kk": ["Айгерім", "Нұрлан", "Дана", "Ерлан"],
    "de": ["Anna", "Lukas", "Sabine", "Jonas"],
}
LAST = {
    "en": [
        "Walker",
        "Nguyen",
        "Thompson",
        "Ngata",
        "Kelly",
        "Patel",
        "O'Brien",
        "Wilson",
        "Te Rangi",
        "McKenzie",
    ],
    "pl": ["Kowalska", "Nowak", "Wiśniewski", "Zielińska"],
    "ru": ["Смирнова", "Кузнецов", "Попова", "Волков"],
    "uk": ["Шевченко", "Коваленко", "Бондаренко", "Мельник"],
    "tr": ["Yılmaz", "Demir", "Kaya", "Şahin"],
    "he": ["כהן", "לוי", "מזרחי", "פרץ"],
    "ar": ["الحسيني", "العتيبي", "منصور", "حداد"],
    "ro": ["Popescu", "Ionescu", "Dumitrescu"],
    "cs": ["Nováková", "Svoboda", "Dvořák"],
    "bg": ["Иванова", "Петров", "Димитрова"],
    "kk": ["Сейтқали", "Жұмабаев", "Омарова"],
    "de": ["Müller", "Schmidt", "Becker"],
}


def person(lang: str = "en") -> str:
    k = lang if lang in FIRST else "en"
    return f"{pick(FIRST[k])} {pick(LAST[k])}"


MAIL_DOMAINS = [
    "gmail.com",
    "outlook.com",
    "yahoo.com.au",
    "bigpond.com",
    "xtra.co.nz",
    "hotmail.co.nz",
    "yandex.ru",
    "mail.ru",
    "ukr.net",
    "wp.pl",
    "o2.pl",
    "seznam.cz",
    "abv.bg",
    "walla.co.il",
    "gmx.de",
    "icloud.com",
    "proton.me",
    "inbox.lv",
    "mail.kz",
    "yahoo.com",
]
TRANSLIT = [
    "olivia.walker",
    "jack_ngata",
    "mia.nguyen88",
    "aroha.terangi",
    "agnieszka.kowalska",
    "tomek.nowak",
    "irina.smirnova",
    "dmitry.volkov77",
    "oksana.shevchenko",
    "taras.bondarenko",
    "elif.yilmaz",
    "mehmet.demir",
    "noa.cohen",
    "yossi.levi",
    "fatima.alhusseini",
    "ioana.popescu",
    "petra.novakova",
    "maria.ivanova",
    "aigerim.seitkali",
    "nurlan.zhumabayev",
    "liam.kelly",
    "charlotte.mckenzie",
    "sabine.becker",
    "ruby.patel",
]


def g_email():
    u = pick(TRANSLIT)
    u = u + pick(["", "", str(R.randint(1, 99)), str(R.randint(1960, 2012))])
    return f"{u}@{pick(MAIL_DOMAINS)}"


def g_address() -> tuple[str, str]:
    n = R.randint(2, 180)
    c = pick(
        [
            "au",
            "au",
            "nz",
            "nz",
            "il",
            "tr",
            "pl",
            "ua",
            "ro",
            "cz",
            "ru",
            "kz",
            "ae",
            "bg",
            "ge",
            "de",
            "us",
            "gb",
            "jp",
        ]
    )
    if c == "au":
        return (
            f"{R.randint(1, 40)}/{n} {pick(['Wattle', 'Banksia', 'Oxford', 'Beach', 'Hindley', 'Brunswick'])} {pick(['St', 'Rd', 'Ave', 'Pde'])}, {pick(['Marrickville NSW 2204', 'Fitzroy VIC 3065', 'Paddington QLD 4064', 'Glenelg SA 5045', 'Subiaco WA 6008', 'Sandy Bay TAS 7005'])}",
            "en",
        )
    if c == "nz":
        return (
            f"{n} {pick(['Kowhai', 'Rimu', 'Tui', 'Karaka', 'Victoria'])} {pick(['Street', 'Road', 'Crescent', 'Terrace'])}, {pick(['Ponsonby, Auckland 1011', 'Karori, Wellington 6012', 'Riccarton, Christchurch 8011', 'Maori Hill, Dunedin 9010', 'Frankton, Hamilton 3204'])}",
            "en",
        )
    if c == "il":
        return (
            f"רחוב {pick(['הרצל', 'ז׳בוטינסקי', 'ביאליק', 'אחד העם', 'רוטשילד'])} {n}, דירה {R.randint(1, 30)}, {pick(['תל אביב-יפו', 'חיפה', 'ירושלים', 'רמת גן', 'באר שבע'])} {R.randint(61000, 99999)}",
            "he",
        )
    if c == "tr":
        return (
            f"{pick(['Atatürk', 'Cumhuriyet', 'Bağdat', 'Gazi'])} Cad. No:{n} D:{R.randint(1, 20)}, {pick(['Kadıköy', 'Çankaya', 'Konak', 'Nilüfer'])}/{pick(['İstanbul', 'Ankara', 'İzmir', 'Bursa'])} {R.randint(1000, 81999):05d}",
            "tr",
        )
    if c == "pl":
        return (
            f"ul. {pick(['Marszałkowska', 'Piotrkowska', 'Długa', 'Słowackiego', 'Kwiatowa'])} {n}/{R.randint(1, 60)}, {R.randint(0, 99):02d}-{R.randint(0, 999):03d} {pick(['Warszawa', 'Łódź', 'Kraków', 'Gdańsk', 'Poznań'])}",
            "pl",
        )
    if c == "ua":
        return (
            f"вул. {pick(['Хрещатик', 'Шевченка', 'Лесі Українки', 'Сагайдачного'])}, буд. {n}, кв. {R.randint(1, 200)}, {pick(['Київ', 'Львів', 'Одеса', 'Харків'])}, {R.randint(1000, 99999):05d}",
            "uk",
        )
    if c == "ro":
        return (
            f"Str. {pick(['Mihai Eminescu', 'Unirii', 'Florilor', 'Doamnei'])} nr. {n}, bl. {R.randint(1, 30)}, ap. {R.randint(1, 90)}, {pick(['București, sector 3', 'Cluj-Napoca', 'Iași', 'Timișoara'])} {R.randint(100000, 999999)}",
            "ro",
        )
    if c == "cz":
        return (
            f"{pick(['Vinohradská', 'Masarykova', 'Na Příkopě', 'Husova'])} {R.randint(100, 2999)}/{n}, {R.randint(100, 799)} {R.randint(0, 99):02d} {pick(['Praha 2', 'Brno', 'Ostrava', 'Plzeň'])}",
            "cs",
        )
    if c == "ru":
        return (
            f"{R.randint(100000, 199999)}, г. {pick(['Москва', 'Санкт-Петербург', 'Казань'])}, ул. {pick(['Тверская', 'Ленина', 'Садовая'])}, д. {n}, кв. {R.randint(1, 300)}",
            "ru",
        )
    if c == "kz":
        return (
            f"{pick(['г. Алматы', 'г. Астана', 'г. Шымкент'])}, мкр. {pick(['Самал-2', 'Аксай-4', 'Жетысу-3'])}, д. {n}, кв. {R.randint(1, 150)}",
            "ru",
        )
    if c == "ae":
        return (
            f"Villa {n}, Street {R.randint(1, 40)}, {pick(['Al Barsha 2', 'Jumeirah 1', 'Mirdif', 'Al Khalidiyah'])}, {pick(['Dubai', 'Abu Dhabi'])}, UAE",
            "en",
        )
    if c == "bg":
        return (
            f"ж.к. {pick(['Младост 1', 'Люлин 5', 'Надежда 2'])}, бл. {n}, вх. {pick('АБВ')}, ап. {R.randint(1, 80)}, {pick(['София 1784', 'Пловдив 4000', 'Варна 9000'])}",
            "bg",
        )
    if c == "ge":
        return (
            f"{n} {pick(['Rustaveli Ave', 'Chavchavadze Ave', 'Pekini St'])}, apt {R.randint(1, 90)}, Tbilisi {R.randint(100, 199):04d}, Georgia",
            "en",
        )
    if c == "de":
        return (
            f"{pick(['Lindenstraße', 'Am Markt', 'Goethestr.', 'Bahnhofstraße'])} {n}, {R.randint(10000, 99999)} {pick(['Berlin', 'Köln', 'Leipzig', 'Freiburg'])}",
            "de",
        )
    if c == "us":
        return (
            f"{R.randint(100, 9999)} {pick(['Maple', 'Oak', 'Cedar', 'Lakeview'])} {pick(['Dr', 'Ave', 'Ln'])}, Apt {R.randint(1, 40)}, {pick(['Austin, TX 78704', 'Portland, OR 97214', 'Madison, WI 53703'])}",
            "en",
        )
    if c == "gb":
        return (
            f"Flat {R.randint(1, 30)}, {n} {pick(['Elm Grove', 'Station Road', 'Church Lane'])}, {pick(['Leeds LS6 2AB', 'Bristol BS7 8QX', 'Manchester M20 4TL'])}",
            "en",
        )
    return (
        f"〒{R.randint(100, 999)}-{R.randint(0, 9999):04d} 東京都{pick(['世田谷区', '杉並区', '目黒区'])}{pick(['三軒茶屋', '高円寺南', '自由が丘'])}{R.randint(1, 5)}-{R.randint(1, 30)}-{R.randint(1, 20)}",
        "ja",
    )


def g_dob(lang: str) -> str:
    d = rdate(1935, 2020)
    fmts = {
        "en": ["%d %B %Y", "%B %d, %Y", "%d/%m/%Y", "%Y-%m-%d", "%d.%m.%Y"],
        "de": ["%d.%m.%Y"],
        "pl": ["%d.%m.%Y", "%Y-%m-%d"],
        "ru": ["%d.%m.%Y"],
        "uk": ["%d.%m.%Y"],
        "tr": ["%d.%m.%Y", "%d/%m/%Y"],
        "he": ["%d/%m/%Y", "%d.%m.%Y"],
        "ar": ["%d/%m/%Y", "%Y-%m-%d"],
        "ro": ["%d.%m.%Y"],
        "cs": ["%d. %m. %Y"],
        "bg": ["%d.%m.%Y г."],
        "ja": ["%Y年%m月%d日"],
        "zh": ["%Y年%m月%d日"],
        "ko": ["%Y년 %m월 %d일"],
        "fr": ["%d/%m/%Y"],
        "es": ["%d/%m/%Y"],
        "pt": ["%d/%m/%Y"],
        "it": ["%d/%m/%Y"],
        "nl": ["%d-%m-%Y"],
        "sv": ["%Y-%m-%d"],
        "hu": ["%Y. %m. %d."],
        "el": ["%d/%m/%Y"],
    }
    return d.strftime(pick(fmts.get(lang, fmts["en"])))


IBAN_CC = [
    "PL",
    "RO",
    "TR",
    "IL",
    "AE",
    "SA",
    "UA",
    "KZ",
    "AZ",
    "GE",
    "BG",
    "CZ",
    "HU",
    "LT",
    "EE",
    "LV",
    "HR",
    "RS",
    "MD",
    "JO",
    "QA",
    "DE",
    "FR",
    "NL",
]


def _bban(fmt: str) -> str:
    out = ""
    for cnt, typ in re.findall(r"(\d+)!([nac])", fmt):
        alpha = {"n": DG, "a": UP, "c": UP + DG}[typ]
        out += (
            rs(alpha if typ != "c" else DG, int(cnt))
            if typ != "a"
            else rs(UP, int(cnt))
        )
    return out


def g_iban(cc: str | None = None) -> str:
    cc = cc or pick(IBAN_CC)
    fmt = std_iban._ibandb.info(cc + "00")[0][1]["bban"]

    def one():
        bban = _bban(fmt)
        num = bban + cc + "00"
        digits = "".join(str(int(ch, 36)) for ch in num)
        chk = 98 - int(digits) % 97
        v = f"{cc}{chk:02d}{bban}"
        return v if std_iban.is_valid(v) else None

    v = until(one)
    return pick([v, std_iban.format(v)])


def g_card() -> str:
    pre = pick(["4", "51", "52", "53", "54", "55", "2221", "37", "34"])
    ln = 15 if pre in ("34", "37") else 16
    v = until(lambda: solve(pre + rs(DG, ln - len(pre) - 1) + "?", luhn.is_valid))
    if ln == 15:
        return f"{v[:4]} {v[4:10]} {v[10:]}"
    return pick(
        [
            " ".join(v[i : i + 4] for i in range(0, 16, 4)),
            "-".join(v[i : i + 4] for i in range(0, 16, 4)),
        ]
    )


def g_passport() -> tuple[str, str]:
    c = pick(["AU", "NZ", "TR", "IL", "UA", "PL", "KZ", "RU", "AE", "GE"])
    v = {
        "AU": lambda: pick(["PA", "PB", "RA", "N"]) + rs(DG, 7),
        "NZ": lambda: pick(["LA", "LH", "LF"]) + rs(DG, 6),
        "TR": lambda: "U" + rs(DG, 8),
        "IL": lambda: "3" + rs(DG, 7),
        "UA": lambda: pick(["FA", "FE", "FU"]) + rs(DG, 6),
        "PL": lambda: pick(["EA", "EM", "ES"]) + rs(DG, 7),
        "KZ": lambda: "N" + rs(DG, 8),
        "RU": lambda: "%02d %07d" % (R.randint(70, 76), R.randint(0, 9999999)),
        "AE": lambda: rs(UP, 1) + rs(DG, 7),
        "GE": lambda: "%02d" % R.randint(10, 19) + rs(UP, 2) + rs(DG, 5),
    }[c]()
    return v, c


def _mrz_check(s: str) -> str:
    val = lambda ch: int(ch) if ch.isdigit() else (0 if ch == "<" else ord(ch) - 55)
    return str(sum(val(c) * w for c, w in zip(s, itertools.cycle([7, 3, 1]))) % 10)


def g_mrz() -> tuple[str, str]:
    num = pick(["PA", "PB", "RA"]) + rs(DG, 7)
    cc = pick(["AUS", "NZL", "TUR", "UKR", "KAZ", "POL"])
    dob = rdate(1950, 2010)
    exp = dt.date(R.randint(2026, 2034), R.randint(1, 12), R.randint(1, 28))
    sur, giv = pick(
        [
            ("WALKER", "OLIVIA<ROSE"),
            ("NGATA", "TANE"),
            ("YILMAZ", "ZEYNEP"),
            ("SHEVCHENKO", "OKSANA"),
            ("SEITKALI", "AIGERIM"),
            ("KOWALSKA", "ZOFIA"),
        ]
    )
    l1 = f"P<{cc}{sur}<<{giv}".ljust(44, "<")[:44]
    n9 = num.ljust(9, "<")
    d1 = dob.strftime("%y%m%d")
    e1 = exp.strftime("%y%m%d")
    body = (
        n9
        + _mrz_check(n9)
        + cc
        + d1
        + _mrz_check(d1)
        + pick("MF")
        + e1
        + _mrz_check(e1)
        + "<" * 14
        + "0"
    )
    l2 = body + _mrz_check(
        n9 + _mrz_check(n9) + d1 + _mrz_check(d1) + e1 + _mrz_check(e1) + "<" * 14 + "0"
    )
    return f"{l1}\n{l2}", num


def g_au_licence() -> str:
    return pick([rs(DG, 8), rs(DG, 9), "%08d" % R.randint(10000000, 99999999)])


# ---------------------------------------------------------------- key material (deterministic)
def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(24):
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


def _prime(bits: int) -> int:
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if _is_prime(c):
            return c


def rsa_key(bits: int = 2048) -> rsa.RSAPrivateKey:
    e = 65537
    while True:
        p, q = _prime(bits // 2), _prime(bits // 2)
        if p != q and (p - 1) % e and (q - 1) % e:
            break
    if p < q:
        p, q = q, p
    d = pow(e, -1, (p - 1) * (q - 1))
    nums = rsa.RSAPrivateNumbers(
        p,
        q,
        d,
        rsa.rsa_crt_dmp1(d, p),
        rsa.rsa_crt_dmq1(d, q),
        rsa.rsa_crt_iqmp(p, q),
        rsa.RSAPublicNumbers(e, p * q),
    )
    return nums.private_key()


def pem_rsa(bits: int = 2048, pkcs8: bool = False) -> str:
    k = rsa_key(bits)
    fmt = (
        serialization.PrivateFormat.PKCS8
        if pkcs8
        else serialization.PrivateFormat.TraditionalOpenSSL
    )
    return (
        k.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
        .decode()
        .strip()
    )


def pem_ec() -> str:
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


def _sshstr(b: bytes) -> bytes:
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(comment: str) -> tuple[str, str]:
    seed = bytes(R.getrandbits(8) for _ in range(32))
    k = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
    pub = k.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    pubblob = _sshstr(b"ssh-ed25519") + _sshstr(pub)
    check = struct.pack(">I", R.getrandbits(32))
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
        b"openssh-key-v1\x00"
        + _sshstr(b"none")
        + _sshstr(b"none")
        + _sshstr(b"")
        + struct.pack(">I", 1)
        + _sshstr(pubblob)
        + _sshstr(priv)
    )
    b64 = base64.b64encode(blob).decode()
    body = "\n".join(b64[i : i + 70] for i in range(0, len(b64), 70))
    pem = f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----"
    serialization.load_ssh_private_key(pem.encode(), None)  # sanity: it parses
    publine = "ssh-ed25519 " + base64.b64encode(pubblob).decode() + " " + comment
    return pem, publine


def ssh_pub(comment: str) -> str:
    return openssh_ed25519(comment)[1]


def cert_pem(cn: str) -> tuple[str, str]:
    k = ed25519.Ed25519PrivateKey.from_private_bytes(
        bytes(R.getrandbits(8) for _ in range(32))
    )
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Platform Ltd"),
        ]
    )
    start = dt.datetime(2025, R.randint(1, 12), R.randint(1, 28), tzinfo=dt.UTC)
    c = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(k.public_key())
        .serial_number(R.getrandbits(64) + 1)
        .not_valid_before(start)
        .not_valid_after(start + dt.timedelta(days=397))
        .sign(k, None)
    )
    pem = c.public_bytes(serialization.Encoding.PEM).decode().strip()
    fp = ":".join("%02X" % b for b in c.fingerprint(hashes.SHA256()))
    return pem, fp


# ---------------------------------------------------------------- token shapes
def g_passwordish() -> str:
    w = pick(
        [
            "Sunflower",
            "Kiwi",
            "Kangaroo",
            "Walrus",
            "Bosphorus",
            "Dnipro",
            "Vistula",
            "Carpathia",
            "Kookaburra",
            "Pohutukawa",
            "Tbilisi",
            "Almaty",
            "Masada",
            "Marmara",
            "Pavlova",
            "Wombat",
            "Taranaki",
            "Galata",
        ]
    )
    return pick(
        [
            f"{w}!{R.randint(2000, 2026)}",
            f"{w[:3].lower()}{R.randint(10, 999)}{pick('#$%&*@')}{w[3:].upper()}",
            f"{w}{pick('_.-')}{rs(AN, 4)}{pick('!?#')}",
            f"{rs(AN, 3)}{pick('&%$')}{w.lower()}{R.randint(1, 99)}",
            rs(AN + "!@#$%^&*", R.randint(12, 20)),
        ]
    )


WORDS = [
    "correct",
    "paddock",
    "silver",
    "fern",
    "harbour",
    "lantern",
    "copper",
    "meadow",
    "tundra",
    "velvet",
    "anchor",
    "orchid",
    "saffron",
    "glacier",
    "pepper",
    "rocket",
    "marble",
    "falcon",
    "cactus",
    "ember",
    "quokka",
    "lagoon",
    "steppe",
    "minaret",
]


def g_passphrase() -> str:
    return pick(["-", " ", ".", "_"]).join(
        pick(WORDS) for _ in range(R.randint(4, 5))
    ) + pick(["", str(R.randint(1, 99)), "!"])


def b64url(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def g_jwt(sub: str, role: str = "service_role", key: bytes | None = None) -> str:
    h = b64url(
        json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode()
    )
    p = b64url(
        json.dumps(
            {
                "iss": "supabase" if role else "auth",
                "sub": sub,
                "role": role,
                "iat": 1718000000 + R.randint(0, 9_000_000),
                "exp": 2033000000 + R.randint(0, 9_000_000),
            },
            separators=(",", ":"),
        ).encode()
    )
    sig = b64url(
        hmac.new(
            key or rs(AN, 32).encode(), f"{h}.{p}".encode(), hashlib.sha256
        ).digest()
    )
    return f"{h}.{p}.{sig}"


DJ = LO + DG + "!@#$%^&*(-_=+)"
TOK = {
    "aws_secret": lambda: rs(AN + "+/", 40),
    "aws_akid": lambda: "AKIA" + rs(B32, 16),
    "github_pat": lambda: pick(
        [
            "ghp_" + rs(AN, 36),
            "github_pat_11" + rs(UP + DG, 20) + "_" + rs(AN, 59),
            "gho_" + rs(AN, 36),
        ]
    ),
    "gitlab_pat": lambda: "glpat-" + rs(URL, 20),
    "slack_bot": lambda: (
        pick(["xoxb-", "xoxp-"]) + rs(DG, 12) + "-" + rs(DG, 13) + "-" + rs(AN, 24)
    ),
    "slack_webhook": lambda: (
        f"https://hooks.slack.com/services/T{rs(UP + DG, 10)}/B{rs(UP + DG, 10)}/{rs(AN, 24)}"
    ),
    "discord_webhook": lambda: (
        f"https://discord.com/api/webhooks/{R.randint(10**17, 10**18)}/{rs(URL, 68)}"
    ),
    "teams_webhook": lambda: (
        f"https://{pick(['contoso', 'acmecorp', 'kiwiops'])}.webhook.office.com/webhookb2/{_uuid()}@{_uuid()}/IncomingWebhook/{rs(HEX, 32)}/{_uuid()}/V2{rs(URL, 40)}"
    ),
    "stripe_sk": lambda: pick(["sk_live_", "rk_live_"]) + rs(AN, R.choice([24, 99])),
    "stripe_whsec": lambda: "whsec_" + rs(AN, 32),
    "google_api": lambda: "AIza" + rs(URL, 35),
    "gcp_oauth_secret": lambda: "GOCSPX-" + rs(URL, 28),
    "azure_storage_key": lambda: base64.b64encode(
        bytes(R.getrandbits(8) for _ in range(64))
    ).decode(),
    "azure_client_secret": lambda: (
        rs(AN, 3) + str(R.randint(0, 9)) + "Q~" + rs(AN + "~._-", 34)
    ),
    "openai": lambda: pick(
        [
            "sk-proj-" + rs(URL, 74) + "T3BlbkFJ" + rs(URL, 74),
            "sk-" + rs(AN, 20) + "T3BlbkFJ" + rs(AN, 20),
        ]
    ),
    "anthropic": lambda: "sk-ant-api03-" + rs(URL, 93) + "AA",
    "twilio_token": lambda: rs(HEX, 32),
    "sendgrid": lambda: "SG." + rs(URL, 22) + "." + rs(URL, 43),
    "npm": lambda: "npm_" + rs(AN, 36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + rs(URL, 120),
    "dockerhub": lambda: "dckr_pat_" + rs(URL, 27),
    "huggingface": lambda: "hf_" + rs(UP + LO, 34),
    "datadog": lambda: rs(HEX, 32),
    "mailgun": lambda: "key-" + rs(HEX, 32),
    "shopify": lambda: "shpat_" + rs(HEX, 32),
    "digitalocean": lambda: "dop_v1_" + rs(HEX, 64),
    "vault": lambda: "hvs." + rs(URL, 24),
    "tfc_token": lambda: rs(AN, 14) + ".atlasv1." + rs(AN, 67),
    "telegram": lambda: f"{R.randint(10**8, 10**10)}:AA{rs(URL, 33)}",
    "cloudflare": lambda: rs(URL, 40),
    "newrelic": lambda: "NRAK-" + rs(UP + DG, 27),
    "grafana": lambda: "glsa_" + rs(AN, 32) + "_" + rs(HEX, 8),
    "pulumi_token": lambda: "pul-" + rs(HEX, 40),
    "doppler": lambda: "dp.st.prd." + rs(AN, 40),
    "linear": lambda: "lin_api_" + rs(AN, 40),
    "bitbucket": lambda: "ATBB" + rs(AN, 32) + rs(HEX.upper(), 8),
    "alibaba_secret": lambda: rs(AN, 30),
    "django_secret": lambda: pick(["django-insecure-", ""]) + rs(DJ, 50),
    "jwt_secret": lambda: pick(
        [
            rs(HEX, 64),
            base64.b64encode(bytes(R.getrandbits(8) for _ in range(48))).decode(),
        ]
    ),
    "totp_seed": lambda: rs(B32, R.choice([16, 32])),
    "okta": lambda: "00" + rs(URL, 40),
    "atlassian": lambda: "ATATT3xFfGF0" + rs(URL, 170) + "=" + rs(HEX.upper(), 8),
}


def _uuid() -> str:
    h = rs(HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{pick('89ab')}{h[17:20]}-{h[20:]}"


# ---------------------------------------------------------------- languages for prose
LANGS = [
    "en",
    "de",
    "fr",
    "es",
    "pt",
    "it",
    "nl",
    "pl",
    "ru",
    "uk",
    "tr",
    "he",
    "ar",
    "ro",
    "cs",
    "bg",
    "hu",
    "ja",
    "zh",
    "ko",
    "sv",
    "el",
]
CODE_COMMENT = {
    "en": [
        "TODO: move to vault",
        "temporary, rotate after launch",
        "do not commit",
        "prod creds",
    ],
    "de": ["TODO: in den Vault verschieben", "nicht committen!"],
    "fr": ["à déplacer dans le coffre", "ne pas committer"],
    "es": ["mover a secretos", "no subir al repo"],
    "pt": ["mover para o cofre", "não commitar"],
    "it": ["da spostare nel vault"],
    "nl": ["niet committen"],
    "pl": ["przenieść do sejfu", "nie commitować"],
    "ru": ["убрать в vault", "не коммитить"],
    "uk": ["перенести у vault", "не комітити"],
    "tr": ["vault'a taşınacak", "commit etme"],
    "he": ["להעביר לכספת"],
    "ar": ["انقل إلى الخزنة"],
    "ro": ["de mutat în vault"],
    "cs": ["přesunout do trezoru"],
    "bg": ["да се премести във vault"],
    "hu": ["át kell tenni a vaultba"],
    "ja": ["本番用・コミット禁止"],
    "zh": ["生产环境，勿提交"],
    "ko": ["운영용, 커밋 금지"],
    "sv": ["flytta till vault"],
    "el": ["να μεταφερθεί στο vault"],
}
SEC_PROSE = {
    "en": [
        "«svc» «what» for prod: «v»",
        "Remember: the «svc» «what» is «v» - rotate after the audit.",
        "saved the new «svc» «what» «v» (old one revoked yesterday)",
        "Note to self: staging uses «v» as the «svc» «what».",
        "[«time»] «nick»: here's the «svc» «what» → «v»",
    ],
    "de": [
        "«svc» «what» für Produktion: «v»",
        "Neuer «svc» «what»: «v» – bitte nicht ins Repo committen.",
    ],
    "fr": [
        "Clé «svc» («what») pour la prod : «v»",
        "Nouveau «what» «svc» : «v», l'ancien est révoqué.",
    ],
    "es": [
        "«what» de «svc» para producción: «v»",
        "Te paso el «what» de «svc»: «v» (no lo compartas)",
    ],
    "pt": [
        "«what» do «svc» de produção: «v»",
        "Novo «what» do «svc»: «v» — guarda bem.",
    ],
    "it": ["«what» di «svc» per la produzione: «v»"],
    "nl": ["«svc» «what» voor productie: «v»"],
    "pl": [
        "«what» do «svc» (prod): «v»",
        "Nowy «what» «svc»: «v» – stary unieważniony.",
    ],
    "ru": [
        "«what» для «svc» (прод): «v»",
        "Новый «what» от «svc»: «v», старый отозвали.",
    ],
    "uk": [
        "«what» для «svc» (прод): «v»",
        "Новий «what» «svc»: «v» — не пересилай нікому.",
    ],
    "tr": [
        "«svc» «what» (canlı ortam): «v»",
        "Yeni «svc» «what»: «v», eskisi iptal edildi.",
    ],
    "he": ["ה-«what» של «svc» לפרודקשן: «v»"],
    "ar": ["مفتاح «svc» لبيئة الإنتاج: «v»"],
    "ro": ["«what» pentru «svc» (producție): «v»"],
    "cs": ["«what» pro «svc» (produkce): «v»"],
    "bg": ["«what» за «svc» (продукция): «v»"],
    "hu": ["«svc» «what» (éles): «v»"],
    "ja": ["«svc»の本番用«what»: «v»"],
    "zh": ["«svc» 生产环境的«what»：«v»"],
    "ko": ["«svc» 운영 환경 «what»: «v»"],
    "sv": ["«svc» «what» för produktion: «v»"],
    "el": ["Το «what» του «svc» για παραγωγή: «v»"],
}
LOGIN_PROSE = {
    "en": [
        "login for «host»: «user» / «v»",
        "«host» root pw → «v»",
        "creds for the «host» box: «user»:«v»",
        "ssh «user»@«host», pass is «v»",
    ],
    "de": [
        "Zugang «host»: «user» / «v»",
        "Login für «host» – Benutzer «user», Kennwort «v»",
    ],
    "fr": ["Accès «host» : «user» / «v»", "identifiants «host» : «user» / mdp «v»"],
    "es": [
        "Acceso a «host»: «user» / «v»",
        "usuario «user», contraseña «v» (servidor «host»)",
    ],
    "pt": ["Acesso ao «host»: «user» / senha «v»"],
    "it": ["Accesso «host»: «user» / «v»"],
    "nl": ["Inloggen op «host»: «user» / «v»"],
    "pl": [
        "Dostęp do «host»: «user» / hasło «v»",
        "login «user», hasło «v» (serwer «host»)",
    ],
    "ru": ["Доступ к «host»: «user» / «v»", "пароль от «host» для «user»: «v»"],
    "uk": ["Доступ до «host»: «user» / пароль «v»"],
    "tr": ["«host» erişimi: «user» / şifre «v»", "«host» sunucusu için parola: «v»"],
    "he": ["גישה ל-«host»: «user» / סיסמה «v»"],
    "ar": ["الدخول إلى «host»: المستخدم «user» / كلمة المرور «v»"],
    "ro": ["Acces «host»: «user» / parola «v»"],
    "cs": ["Přístup na «host»: «user» / heslo «v»"],
    "bg": ["Достъп до «host»: «user» / парола «v»"],
    "hu": ["«host» belépés: «user» / jelszó «v»"],
    "ja": ["«host» のログイン: «user» / パスワード «v»"],
    "zh": ["«host» 登录：«user» / 密码 «v»"],
    "ko": ["«host» 접속: «user» / 비밀번호 «v»"],
    "sv": ["Inloggning «host»: «user» / lösenord «v»"],
    "el": ["Πρόσβαση «host»: «user» / κωδικός «v»"],
}

# ---------------------------------------------------------------- secret kinds
# Generic code / config carriers: (template id, text). «cmt» makes the row's language the comment's.
GEN_CODE = [
    ("s.env", "# .env («env»)\n«K»=«v»\nLOG_LEVEL=info"),
    ("s.export", "export «K»='«v»'   # «cmt»"),
    ("s.yaml", "«svc_l»:\n  «k_l»: «v»\n  timeout_s: 30"),
    ("s.json", '{"«k_l»": "«v»", "region": "«region»", "retries": 3}'),
    ("s.toml", '[«svc_l»]\n«k_l» = "«v»"\nenabled = true'),
    ("s.ini", "[«svc_l»]\n«k_l» = «v»\nendpoint = https://api.«svc_l».com"),
    (
        "s.k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: «proj»-«svc_l»\ntype: Opaque\nstringData:\n  «K»: «v»",
    ),
    (
        "s.gha_env",
        "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      «K»: «v»   # «cmt»",
    ),
    ("s.docker_run", "docker run -d --name «proj» -e «K»=«v» «proj»/api:«ver»"),
    (
        "s.compose",
        "services:\n  api:\n    image: «proj»/api:«ver»\n    environment:\n      - «K»=«v»",
    ),
    (
        "s.tf_variable",
        'variable "«k_l»" {\n  type    = string\n  default = "«v»"  # «cmt»\n}',
    ),
    ("s.tfvars", '# terraform.tfvars («env»)\n«k_l» = "«v»"\nregion = "«region»"'),
    (
        "s.ansible_vars",
        '# group_vars/«env»/vars.yml\n«k_l»: "«v»"\nansible_user: deploy',
    ),
    ("s.pulumi_plain", "pulumi config set «svc_l»:«k_c» «v» --stack «env»"),
    (
        "s.pulumi_yaml",
        "# Pulumi.«env».yaml\nconfig:\n  «proj»:«k_c»: «v»\n  aws:region: «region»",
    ),
    (
        "s.serverless",
        "service: «proj»\nprovider:\n  name: aws\n  runtime: python3.12\n  environment:\n    «K»: «v»",
    ),
    ("s.py_const", '«K» = "«v»"  # «cmt»'),
    ("s.py_setdefault", 'import os\nos.environ.setdefault("«K»", "«v»")'),
    ("s.go_const", 'const «k_c» = "«v»" // «cmt»'),
    ("s.java_const", 'private static final String «K» = "«v»"; // «cmt»'),
    ("s.js_fallback", 'const «k_c» = process.env.«K» || "«v»";'),
    ("s.log_leak", "«ts» DEBUG «svc_l».client request_id=«rid» using «what»=«v»"),
    (
        "s.curl_bearer",
        'curl -s -H "Authorization: Bearer «v»" https://api.«svc_l».com/v1/«path»',
    ),
]


def ctx_base() -> dict:
    lang = pick(LANGS[:12] + ["en"] * 10)
    return {
        "proj": pick(
            [
                "billing",
                "kiwi-shop",
                "atlas",
                "orbit",
                "ledger",
                "tui-api",
                "harbour",
                "steppe-etl",
                "marmara",
                "dnipro-web",
            ]
        ),
        "env": pick(["prod", "staging", "dev", "production", "uat"]),
        "region": pick(
            [
                "ap-southeast-2",
                "eu-central-1",
                "me-central-1",
                "eu-north-1",
                "us-east-1",
                "ap-south-1",
            ]
        ),
        "ver": f"{R.randint(1, 4)}.{R.randint(0, 20)}.{R.randint(0, 9)}",
        "host": pick(
            [
                "db01.internal",
                "10.20.4.17",
                "bastion.kiwiops.nz",
                "pg-prod-2",
                "mail.harbour.io",
                "nas.local",
                "192.168.1.40",
                "vps-syd-3",
            ]
        ),
        "user": pick(
            [
                "admin",
                "deploy",
                "root",
                "app_rw",
                "svc_backup",
                "olivia",
                "postgres",
                "ubuntu",
            ]
        ),
        "nick": pick(["Tane", "Zeynep", "Oksana", "mike", "priya", "Aigerim", "yossi"]),
        "time": "%02d:%02d" % (R.randint(7, 23), R.randint(0, 59)),
        "ts": f"2025-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}Z",
        "rid": rs(HEX, 12),
        "path": pick(["charges", "messages", "users/me", "deployments", "events"]),
        "acct": str(R.randint(10**11, 10**12 - 1)),
        "cmt_lang": lang,
        "cmt": pick(CODE_COMMENT[lang]),
    }


def names(K: str) -> dict:
    k_l = K.lower()
    parts = k_l.split("_")
    return {"K": K, "k_l": k_l, "k_c": parts[0] + "".join(p.title() for p in parts[1:])}


def _azure_conn() -> dict:
    key, acc = (
        TOK["azure_storage_key"](),
        pick(["kiwiopsstore", "ledgerprod01", "atlasblobs"]),
    )
    return {
        "v": f"DefaultEndpointsProtocol=https;AccountName={acc};AccountKey={key};EndpointSuffix=core.windows.net"
    }


def _k8s_b64() -> dict:
    pw = g_passwordish()
    return {"v": base64.b64encode(pw.encode()).decode(), "plain": pw}


SK: dict[str, dict] = {}


def sk(kind, K, svc, what, gen, specific=(), generic=True, prose=True):
    SK[kind] = {
        "K": K,
        "svc": svc,
        "what": what,
        "gen": gen,
        "specific": list(specific),
        "generic": generic,
        "prose": prose,
    }


AWS_SPEC = [
    (
        "s.tf_aws_provider",
        'provider "aws" {\n  region     = "«region»"\n  access_key = "«akid»"\n  secret_key = "«v»"\n}',
    ),
    (
        "s.boto3_client",
        'import boto3\ns3 = boto3.client(\n    "s3",\n    region_name="«region»",\n    aws_access_key_id="«akid»",\n    aws_secret_access_key="«v»",\n)',
    ),
    (
        "s.go_static_creds",
        'cfg, _ := config.LoadDefaultConfig(ctx,\n    config.WithRegion("«region»"),\n    config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("«akid»", "«v»", "")))',
    ),
    (
        "s.java_basic_creds",
        'AWSCredentials creds = new BasicAWSCredentials("«akid»", "«v»");\nAmazonS3 s3 = AmazonS3ClientBuilder.standard().withRegion("«region»")\n    .withCredentials(new AWSStaticCredentialsProvider(creds)).build();',
    ),
    (
        "s.js_s3client",
        'const s3 = new S3Client({\n  region: "«region»",\n  credentials: { accessKeyId: "«akid»", secretAccessKey: "«v»" },\n});',
    ),
    (
        "s.aws_credentials_file",
        "[«env»]\naws_access_key_id = «akid»\naws_secret_access_key = «v»\nregion = «region»",
    ),
    ("s.aws_configure", "aws configure set aws_secret_access_key «v» --profile «env»"),
    (
        "s.ansible_aws",
        "- name: upload artefacts\n  amazon.aws.s3_object:\n    bucket: «proj»-artefacts\n    object: /releases/«ver».tgz\n    src: dist/«ver».tgz\n    mode: put\n    access_key: «akid»\n    secret_key: «v»",
    ),
]
sk(
    "aws_secret_key",
    "AWS_SECRET_ACCESS_KEY",
    "AWS",
    "secret access key",
    lambda: {"v": TOK["aws_secret"](), "akid": TOK["aws_akid"]()},
    AWS_SPEC,
)
sk(
    "github_token",
    "GITHUB_TOKEN",
    "GitHub",
    "token",
    TOK["github_pat"],
    [
        (
            "s.git_remote_token",
            "git remote set-url origin https://«nick»:«v»@github.com/«proj»/«proj».git",
        ),
        (
            "s.tf_github_provider",
            'provider "github" {\n  owner = "«proj»"\n  token = "«v»"\n}',
        ),
    ],
)
sk(
    "gitlab_token",
    "GITLAB_TOKEN",
    "GitLab",
    "personal access token",
    TOK["gitlab_pat"],
    [
        (
            "s.gitlab_curl",
            'curl --header "PRIVATE-TOKEN: «v»" https://gitlab.com/api/v4/projects',
        ),
        ("s.tf_gitlab_provider", 'provider "gitlab" {\n  token = "«v»"\n}'),
    ],
)
sk(
    "slack_token",
    "SLACK_BOT_TOKEN",
    "Slack",
    "bot token",
    TOK["slack_bot"],
    [
        (
            "s.py_slack",
            'from slack_sdk import WebClient\nclient = WebClient(token="«v»")\nclient.chat_postMessage(channel="#deploys", text="done")',
        )
    ],
)
sk(
    "slack_webhook",
    "SLACK_WEBHOOK_URL",
    "Slack",
    "webhook",
    TOK["slack_webhook"],
    [
        (
            "s.py_requests_webhook",
            'requests.post("«v»", json={"text": "backup finished"})',
        ),
        (
            "s.alertmanager",
            "receivers:\n  - name: oncall\n    slack_configs:\n      - api_url: «v»\n        channel: '#alerts'",
        ),
    ],
)
sk(
    "discord_webhook",
    "DISCORD_WEBHOOK",
    "Discord",
    "webhook",
    TOK["discord_webhook"],
    [
        (
            "s.js_fetch_webhook",
            'await fetch("«v»", { method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({ content: msg }) });',
        )
    ],
)
sk(
    "teams_webhook",
    "TEAMS_WEBHOOK_URL",
    "MS Teams",
    "incoming webhook",
    TOK["teams_webhook"],
    [
        (
            "s.ps_teams",
            "Invoke-RestMethod -Method Post -Uri '«v»' -Body $payload -ContentType 'application/json'",
        )
    ],
)
sk(
    "stripe_secret_key",
    "STRIPE_SECRET_KEY",
    "Stripe",
    "secret key",
    TOK["stripe_sk"],
    [
        ("s.py_stripe", 'import stripe\nstripe.api_key = "«v»"'),
        ("s.js_stripe", "const stripe = require('stripe')('«v»');"),
    ],
)
sk(
    "stripe_webhook_secret",
    "STRIPE_WEBHOOK_SECRET",
    "Stripe",
    "webhook signing secret",
    TOK["stripe_whsec"],
    [
        (
            "s.py_stripe_construct",
            'event = stripe.Webhook.construct_event(payload, sig_header, "«v»")',
        )
    ],
)
sk(
    "google_api_key",
    "GOOGLE_API_KEY",
    "Google Maps",
    "API key",
    TOK["google_api"],
    [
        (
            "s.maps_url",
            "https://maps.googleapis.com/maps/api/geocode/json?address=Wellington&key=«v»",
        )
    ],
)
sk(
    "gcp_oauth_secret",
    "GOOGLE_CLIENT_SECRET",
    "Google OAuth",
    "client secret",
    TOK["gcp_oauth_secret"],
    [
        (
            "s.client_secret_json",
            '{"web": {"client_id": "«rid»-«proj».apps.googleusercontent.com", "client_secret": "«v»", "redirect_uris": ["https://«proj».app/auth/callback"]}}',
        )
    ],
)
sk(
    "azure_storage_conn",
    "AZURE_STORAGE_CONNECTION_STRING",
    "Azure Storage",
    "connection string",
    _azure_conn,
    [
        (
            "s.py_blob",
            'from azure.storage.blob import BlobServiceClient\nsvc = BlobServiceClient.from_connection_string("«v»")',
        ),
        ("s.appsettings", '{\n  "ConnectionStrings": {\n    "Blob": "«v»"\n  }\n}'),
    ],
    generic=False,
)
sk(
    "azure_client_secret",
    "AZURE_CLIENT_SECRET",
    "Azure AD",
    "client secret",
    TOK["azure_client_secret"],
    [
        (
            "s.tf_azurerm",
            'provider "azurerm" {\n  features {}\n  subscription_id = "«sub»"\n  client_id       = "«cid»"\n  client_secret   = "«v»"\n  tenant_id       = "«tid»"\n}',
        ),
        (
            "s.az_login_sp",
            "az login --service-principal -u «cid» -p '«v»' --tenant «tid»",
        ),
        (
            "s.cs_clientsecret",
            'var cred = new ClientSecretCredential("«tid»", "«cid»", "«v»");',
        ),
    ],
)
sk(
    "openai_key",
    "OPENAI_API_KEY",
    "OpenAI",
    "API key",
    TOK["openai"],
    [("s.py_openai", 'from openai import OpenAI\nclient = OpenAI(api_key="«v»")')],
)
sk(
    "anthropic_key",
    "ANTHROPIC_API_KEY",
    "Anthropic",
    "API key",
    TOK["anthropic"],
    [
        (
            "s.py_anthropic",
            'import anthropic\nclient = anthropic.Anthropic(api_key="«v»")',
        )
    ],
)
sk(
    "twilio_auth_token",
    "TWILIO_AUTH_TOKEN",
    "Twilio",
    "auth token",
    lambda: {"v": TOK["twilio_token"](), "sid": "AC" + rs(HEX, 32)},
    [
        (
            "s.py_twilio",
            'from twilio.rest import Client\nclient = Client("«sid»", "«v»")',
        ),
        (
            "s.curl_twilio",
            'curl -X POST https://api.twilio.com/2010-04-01/Accounts/«sid»/Messages.json -u «sid»:«v» --data-urlencode "Body=test"',
        ),
    ],
)
sk(
    "sendgrid_key",
    "SENDGRID_API_KEY",
    "SendGrid",
    "API key",
    TOK["sendgrid"],
    [
        (
            "s.django_email",
            'EMAIL_HOST = "smtp.sendgrid.net"\nEMAIL_HOST_USER = "apikey"\nEMAIL_HOST_PASSWORD = "«v»"\nEMAIL_PORT = 587',
        )
    ],
)
sk(
    "npm_token",
    "NPM_TOKEN",
    "npm",
    "publish token",
    TOK["npm"],
    [("s.npmrc", "//registry.npmjs.org/:_authToken=«v»\nalways-auth=true")],
)
sk(
    "pypi_token",
    "PYPI_TOKEN",
    "PyPI",
    "upload token",
    TOK["pypi"],
    [
        ("s.pypirc", "[pypi]\nusername = __token__\npassword = «v»"),
        ("s.twine", "twine upload dist/* -u __token__ -p «v»"),
    ],
)
sk(
    "dockerhub_pat",
    "DOCKERHUB_TOKEN",
    "Docker Hub",
    "access token",
    TOK["dockerhub"],
    [
        ("s.docker_login", "docker login -u «nick» -p «v»"),
        (
            "s.docker_login_stdin",
            'echo "«v»" | docker login --username «nick» --password-stdin',
        ),
    ],
)
sk(
    "hf_token",
    "HF_TOKEN",
    "Hugging Face",
    "token",
    TOK["huggingface"],
    [
        ("s.hf_login", "huggingface-cli login --token «v»"),
        ("s.py_hf", 'from huggingface_hub import login\nlogin(token="«v»")'),
    ],
)
sk(
    "datadog_api_key",
    "DD_API_KEY",
    "Datadog",
    "API key",
    TOK["datadog"],
    [
        (
            "s.dd_agent",
            "# /etc/datadog-agent/datadog.yaml\napi_key: «v»\nsite: datadoghq.eu",
        ),
        (
            "s.tf_datadog",
            'provider "datadog" {\n  api_key = "«v»"\n  app_key = "«app»"\n}',
        ),
    ],
)
sk(
    "mailgun_key",
    "MAILGUN_API_KEY",
    "Mailgun",
    "API key",
    TOK["mailgun"],
    [
        (
            "s.curl_mailgun",
            "curl -s --user 'api:«v»' https://api.mailgun.net/v3/mg.«proj».com/messages -F to=ops@«proj».com",
        )
    ],
)
sk(
    "shopify_token",
    "SHOPIFY_ACCESS_TOKEN",
    "Shopify",
    "admin API token",
    TOK["shopify"],
    [("s.shopify_header", "X-Shopify-Access-Token: «v»")],
)
sk(
    "digitalocean_token",
    "DIGITALOCEAN_TOKEN",
    "DigitalOcean",
    "API token",
    TOK["digitalocean"],
    [
        ("s.tf_do", 'provider "digitalocean" {\n  token = "«v»"\n}'),
        ("s.doctl", "doctl auth init --access-token «v»"),
    ],
)
sk(
    "vault_token",
    "VAULT_TOKEN",
    "Vault",
    "root token",
    TOK["vault"],
    [
        ("s.vault_login", "vault login «v»"),
        (
            "s.tf_vault",
            'provider "vault" {\n  address = "https://vault.«proj».internal:8200"\n  token   = "«v»"\n}',
        ),
    ],
)
sk(
    "tfc_token",
    "TF_TOKEN_app_terraform_io",
    "Terraform Cloud",
    "API token",
    TOK["tfc_token"],
    [("s.terraformrc", 'credentials "app.terraform.io" {\n  token = "«v»"\n}')],
)
sk(
    "telegram_bot_token",
    "TELEGRAM_BOT_TOKEN",
    "Telegram",
    "bot token",
    TOK["telegram"],
    [
        (
            "s.tg_url",
            "https://api.telegram.org/bot«v»/sendMessage?chat_id=-100«rid2»&text=deploy+ok",
        )
    ],
)
sk(
    "cloudflare_token",
    "CLOUDFLARE_API_TOKEN",
    "Cloudflare",
    "API token",
    TOK["cloudflare"],
    [("s.tf_cloudflare", 'provider "cloudflare" {\n  api_token = "«v»"\n}')],
)
sk("newrelic_key", "NEW_RELIC_API_KEY", "New Relic", "user key", TOK["newrelic"])
sk(
    "grafana_token",
    "GRAFANA_TOKEN",
    "Grafana",
    "service account token",
    TOK["grafana"],
    [
        (
            "s.tf_grafana",
            'provider "grafana" {\n  url  = "https://grafana.«proj».io"\n  auth = "«v»"\n}',
        )
    ],
)
sk(
    "pulumi_access_token",
    "PULUMI_ACCESS_TOKEN",
    "Pulumi",
    "access token",
    TOK["pulumi_token"],
    [
        (
            "s.pulumi_login",
            "PULUMI_ACCESS_TOKEN=«v» pulumi login && pulumi up --yes -s «env»",
        )
    ],
)
sk(
    "doppler_token",
    "DOPPLER_TOKEN",
    "Doppler",
    "service token",
    TOK["doppler"],
    [("s.doppler_run", "DOPPLER_TOKEN=«v» doppler run -- python manage.py migrate")],
)
sk("linear_key", "LINEAR_API_KEY", "Linear", "API key", TOK["linear"])
sk(
    "bitbucket_app_password",
    "BITBUCKET_APP_PASSWORD",
    "Bitbucket",
    "app password",
    TOK["bitbucket"],
    [("s.bb_clone", "git clone https://«nick»:«v»@bitbucket.org/«proj»/infra.git")],
)
sk(
    "alibaba_access_key",
    "ALIBABA_CLOUD_ACCESS_KEY_SECRET",
    "Alibaba Cloud",
    "AccessKey secret",
    lambda: {"v": TOK["alibaba_secret"](), "akid": "LTAI" + rs(AN, 20)},
    [
        (
            "s.tf_alicloud",
            'provider "alicloud" {\n  access_key = "«akid»"\n  secret_key = "«v»"\n  region     = "cn-hangzhou"\n}',
        )
    ],
)
sk(
    "django_secret_key",
    "DJANGO_SECRET_KEY",
    "Django",
    "SECRET_KEY",
    TOK["django_secret"],
    [
        (
            "s.django_settings",
            "# settings/«env».py\nDEBUG = False\nSECRET_KEY = '«v»'\nALLOWED_HOSTS = ['«proj».app']",
        )
    ],
    generic=False,
)
sk(
    "jwt_signing_secret",
    "JWT_SECRET",
    "auth service",
    "JWT signing secret",
    TOK["jwt_secret"],
    [
        (
            "s.js_jwt_sign",
            'const token = jwt.sign({ sub: user.id }, "«v»", { expiresIn: "1h" });',
        ),
        ("s.flask_secret", 'app = Flask(__name__)\napp.secret_key = "«v»"'),
    ],
)
sk(
    "okta_token",
    "OKTA_API_TOKEN",
    "Okta",
    "API token",
    TOK["okta"],
    [("s.okta_header", "Authorization: SSWS «v»")],
)
sk(
    "atlassian_token",
    "JIRA_API_TOKEN",
    "Jira",
    "API token",
    TOK["atlassian"],
    [
        (
            "s.jira_curl",
            "curl -u «nick»@«proj».com:«v» https://«proj».atlassian.net/rest/api/3/myself",
        )
    ],
)
sk(
    "supabase_service_key",
    "SUPABASE_SERVICE_ROLE_KEY",
    "Supabase",
    "service_role key",
    lambda: g_jwt("service", "service_role"),
    [
        (
            "s.js_supabase",
            'const supabase = createClient("https://«rid».supabase.co", "«v»");',
        )
    ],
)


def _pw():
    return {"v": g_passwordish()}


def _db(scheme: str):
    def gen():
        pw = g_passwordish().replace("@", "#").replace("/", "_").replace(":", "!")
        u = pick(["app", "app_rw", "billing", "etl", "admin", "ledger_svc"])
        h = pick(
            {
                "postgres": [
                    "pg-prod.cluster-c9xk2.ap-southeast-2.rds.amazonaws.com",
                    "10.0.3.21",
                    "db.internal",
                    "pg-replica.kiwiops.nz",
                ],
                "mysql": ["mysql-02.kiwiops.nz", "10.0.3.40", "shopdb.internal"],
                "mongo": ["cluster0.x7q2m.mongodb.net", "atlas-prod.ab12c.mongodb.net"],
                "redis": ["redis-main.internal", "10.0.5.9", "cache.kiwiops.nz"],
                "amqp": ["rabbit.internal"],
            }[scheme]
        )
        url = {
            "postgres": f"postgresql://{u}:{pw}@{h}:5432/{pick(['billing', 'app', 'ledger'])}",
            "mysql": f"mysql://{u}:{pw}@{h}:3306/shop",
            "mongo": f"mongodb+srv://{u}:{pw}@{h}/?retryWrites=true&w=majority",
            "redis": f"redis://:{pw}@{h}:6379/0",
            "amqp": f"amqp://{u}:{pw}@rabbit.internal:5672/%2F",
        }[scheme]
        return {"v": url, "pw": pw}

    return gen


CONN_SPEC = [
    ("s.conn_env", "DATABASE_URL=«v»"),
    ("s.sqlalchemy", 'engine = create_engine("«v»", pool_pre_ping=True)'),
    ("s.go_sqlopen", 'db, err := sql.Open("pgx", "«v»")'),
    ("s.celery_broker", 'CELERY_BROKER_URL = "«v»"'),
    ("s.conn_prose", "«prose_conn»"),
]
sk(
    "postgres_url",
    "DATABASE_URL",
    "Postgres",
    "connection string",
    _db("postgres"),
    CONN_SPEC,
    generic=False,
    prose=False,
)
sk(
    "mysql_url",
    "DATABASE_URL",
    "MySQL",
    "connection string",
    _db("mysql"),
    CONN_SPEC[:2] + [("s.conn_prose", "«prose_conn»")],
    generic=False,
    prose=False,
)
sk(
    "mongodb_uri",
    "MONGODB_URI",
    "MongoDB",
    "URI",
    _db("mongo"),
    [
        ("s.conn_env", "MONGODB_URI=«v»"),
        ("s.js_mongoose", 'await mongoose.connect("«v»");'),
        ("s.conn_prose", "«prose_conn»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "redis_url",
    "REDIS_URL",
    "Redis",
    "URL",
    _db("redis"),
    [("s.conn_env", "REDIS_URL=«v»"), ("s.celery_broker", 'CELERY_BROKER_URL = "«v»"')],
    generic=False,
    prose=False,
)
sk(
    "amqp_url",
    "AMQP_URL",
    "RabbitMQ",
    "URL",
    _db("amqp"),
    [("s.conn_env", "AMQP_URL=«v»"), ("s.celery_broker", 'CELERY_BROKER_URL = "«v»"')],
    generic=False,
    prose=False,
)
sk(
    "db_password_iac",
    "DB_PASSWORD",
    "RDS",
    "master password",
    _pw,
    [
        (
            "s.tf_rds",
            'resource "aws_db_instance" "main" {\n  engine            = "postgres"\n  instance_class    = "db.t4g.medium"\n  username          = "«user»"\n  password          = "«v»"\n  allocated_storage = 50\n}',
        ),
        (
            "s.ansible_mysql_user",
            "- name: create app user\n  community.mysql.mysql_user:\n    name: «user»\n    password: \"«v»\"\n    priv: 'shop.*:ALL'",
        ),
        (
            "s.pulumi_py_rds",
            'db = aws.rds.Instance("main",\n    engine="postgres",\n    instance_class="db.t4g.micro",\n    username="«user»",\n    password="«v»",\n    allocated_storage=20)',
        ),
        (
            "s.django_databases",
            'DATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n        "NAME": "«proj»",\n        "USER": "«user»",\n        "PASSWORD": "«v»",\n        "HOST": "«host»",\n    }\n}',
        ),
        (
            "s.spring_props",
            "spring.datasource.url=jdbc:postgresql://«host»:5432/«proj»\nspring.datasource.username=«user»\nspring.datasource.password=«v»",
        ),
        (
            "s.cdk_ts",
            "new rds.DatabaseInstance(this, 'Db', {\n  engine: rds.DatabaseInstanceEngine.POSTGRES,\n  credentials: rds.Credentials.fromPassword('«user»', SecretValue.unsafePlainText('«v»')),\n});",
        ),
    ],
    generic=False,
    prose=False,
)
sk(
    "ansible_become",
    "ANSIBLE_BECOME_PASS",
    "Ansible",
    "become password",
    _pw,
    [
        (
            "s.ansible_inventory",
            "[web]\n«host» ansible_user=«user» ansible_become_pass='«v»'",
        ),
        (
            "s.ansible_extra_vars",
            "ansible-playbook site.yml -i inventory/«env» -e 'ansible_become_password=«v»'",
        ),
        (
            "s.ansible_vault_pass_file",
            "# ~/.vault_pass.txt (used by ansible.cfg vault_password_file)\n«v»",
        ),
    ],
    generic=False,
    prose=False,
)
sk(
    "cli_password",
    "PASSWORD",
    "cli",
    "password",
    _pw,
    [
        ("s.mysql_p", "mysql -h «host» -u «user» -p'«v»' shop < dump.sql"),
        ("s.curl_u", "curl -u «user»:«v» https://«host»/api/health"),
        ("s.sshpass", "sshpass -p '«v»' ssh «user»@«host»"),
        (
            "s.pgpassword",
            "PGPASSWORD='«v»' pg_dump -h «host» -U «user» «proj» > backup.sql",
        ),
        ("s.redis_cli", "redis-cli -h «host» -a '«v»' INFO replication"),
        (
            "s.mongosh",
            "mongosh \"mongodb://«host»:27017\" -u «user» -p '«v»' --authenticationDatabase admin",
        ),
        ("s.smbclient", "smbclient //«host»/share -U «user»%«v»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "login_prose",
    "PASSWORD",
    "server",
    "password",
    _pw,
    [("s.login_prose", "«prose_login»")],
    generic=False,
    prose=False,
)
sk(
    "wifi_password",
    "WIFI",
    "wifi",
    "password",
    _pw,
    [
        ("s.wifi_note", "wifi: «v»"),
        ("s.wifi_ssid", "Home wifi «ssid» / «v»"),
        ("s.wifi_de", "WLAN «ssid», Schlüssel: «v»"),
        ("s.wifi_pl", "Hasło do wifi u babci: «v»"),
        ("s.wifi_tr", "Ofis wifi şifresi: «v»"),
        ("s.wifi_ru", "Вайфай на даче: «ssid» / «v»"),
        ("s.wifi_he", "הסיסמה לוויי-פיי בבית: «v»"),
        ("s.nmcli", "nmcli dev wifi connect «ssid» password '«v»'"),
        ("s.wpa_conf", 'network={\n    ssid="«ssid»"\n    psk="«v»"\n}'),
    ],
    generic=False,
    prose=False,
)
sk(
    "passphrase",
    "PASSPHRASE",
    "vault",
    "passphrase",
    lambda: {"v": g_passphrase()},
    [
        ("s.pp_note", "1Password master passphrase: «v»"),
        ("s.pp_bitwarden", "bitwarden unlock phrase → «v»"),
        ("s.pp_ssh", 'passphrase for my ssh key is "«v»"'),
        ("s.pp_de", "Passphrase für den Keepass-Tresor: «v»"),
        ("s.pp_uk", "Фраза для розблокування менеджера паролів: «v»"),
        ("s.pp_gpg", "gpg --batch --passphrase '«v»' -d backup.tar.gpg"),
    ],
    generic=False,
    prose=False,
)
sk(
    "pw_shorthand",
    "PW",
    "misc",
    "pw",
    _pw,
    [
        ("s.pw_arrow", "pw → «v»"),
        ("s.pw_router", "router admin: «v»"),
        ("s.pw_pin_nas", "NAS (Synology) «user» — «v»"),
        ("s.pw_kid", "school portal for the kids: «user» / «v»"),
        ("s.pw_es", "clave del banco online: «v»"),
        ("s.pw_fr", "mdp de la box: «v»"),
        ("s.pw_ja", "ルーターの管理画面: admin / «v»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "rsa_private_key",
    "PRIVATE_KEY",
    "TLS",
    "private key",
    lambda: {"v": pem_rsa(pick([1024, 2048]), pkcs8=R.random() < 0.4)},
    [
        (
            "s.pem_note",
            "TLS key for «proj».app (goes with the cert from last week):\n«v»",
        ),
        (
            "s.tf_heredoc_key",
            'resource "aws_iam_server_certificate" "«proj»" {\n  name             = "«proj»-«env»"\n  certificate_body = file("cert.pem")\n  private_key      = <<EOF\n«v»\nEOF\n}',
        ),
        ("s.gh_app_key", "GitHub App «proj»-bot private key:\n«v»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "ec_private_key",
    "PRIVATE_KEY",
    "signing",
    "EC key",
    lambda: {"v": pem_ec()},
    [
        ("s.pem_note", "Apple push signing key (p256), keep offline:\n«v»"),
        (
            "s.k8s_tls_key",
            "kubectl create secret tls «proj»-tls --cert=tls.crt --key=/dev/stdin <<'EOF'\n«v»\nEOF",
        ),
    ],
    generic=False,
    prose=False,
)
sk(
    "openssh_private_key",
    "SSH_KEY",
    "ssh",
    "deploy key",
    lambda: {
        "v": openssh_ed25519(pick(["deploy@ci", "olivia@laptop", "backup@nas"]))[0]
    },
    [
        ("s.ssh_key_note", "deploy key for «host»:\n«v»"),
        ("s.gha_ssh_key", "# paste into the runner's ~/.ssh/id_ed25519\n«v»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "gcp_service_account",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "GCP",
    "service account key",
    lambda: {"v": pem_rsa(2048, pkcs8=True)},
    [("s.gcp_sa_json", "«sa_json»")],
    generic=False,
    prose=False,
)
sk(
    "totp_seed",
    "TOTP",
    "2FA",
    "seed",
    lambda: {"v": TOK["totp_seed"]()},
    [
        ("s.otpauth", "otpauth://totp/«svc2»:«nick»?secret=«v»&issuer=«svc2»&digits=6"),
        ("s.totp_note", "2FA seed for «svc2» (scan fallback): «v»"),
        ("s.totp_py", 'totp = pyotp.TOTP("«v»")\nprint(totp.now())'),
        ("s.totp_ru", "Секрет для Google Authenticator («svc2»): «v»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "recovery_codes",
    "RECOVERY",
    "2FA",
    "recovery codes",
    lambda: {
        "v": "\n".join(
            f"{rs('0123456789abcdef', 5)}-{rs('0123456789abcdef', 5)}"
            for _ in range(R.randint(4, 8))
        )
    },
    [
        ("s.recovery_list", "GitHub recovery codes (store offline):\n«v»"),
        ("s.recovery_de", "Wiederherstellungscodes für «svc2»:\n«v»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "backup_codes_numeric",
    "BACKUP",
    "2FA",
    "backup codes",
    lambda: {
        "v": "  ".join(
            f"{R.randint(1000, 9999)} {R.randint(1000, 9999)}"
            for _ in range(R.randint(4, 6))
        )
    },
    [
        ("s.google_backup", "Google backup codes: «v»"),
        ("s.backup_tr", "Yedek kodlar («svc2»): «v»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "session_cookie",
    "SESSION",
    "web",
    "session",
    lambda: {
        "v": pick(
            [
                f"sessionid={rs(LO + DG, 32)}",
                f"connect.sid=s%3A{rs(URL, 32)}.{rs(AN, 43)}",
                f"_gh_sess={rs(AN + '%', 60)}",
                f"PHPSESSID={rs(LO + DG, 26)}",
                f"__Secure-next-auth.session-token={g_jwt('user', 'authenticated')}",
            ]
        )
    },
    [
        ("s.curl_cookie", "curl -b '«v»' https://«proj».app/admin/export"),
        ("s.cookie_header", "Cookie: «v»; csrftoken=«rid»"),
        ("s.cookie_note", "copied my logged-in cookie so the scraper works: «v»"),
    ],
    generic=False,
    prose=False,
)
sk(
    "kube_token",
    "KUBE_TOKEN",
    "Kubernetes",
    "service account token",
    lambda: {
        "v": "eyJhbGciOiJSUzI1NiIsImtpZCI6I"
        + rs(URL, 60)
        + "."
        + rs(URL, 180)
        + "."
        + rs(URL, 86)
    },
    [
        ("s.kubeconfig", "users:\n- name: ci-deployer\n  user:\n    token: «v»"),
        (
            "s.kubectl_token",
            "kubectl --server https://k8s.«proj».internal:6443 --token «v» get pods -A",
        ),
    ],
    generic=False,
    prose=False,
)
sk(
    "k8s_secret_b64",
    "DB_PASSWORD",
    "Kubernetes",
    "secret",
    _k8s_b64,
    [
        (
            "s.k8s_data_b64",
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: «proj»-db\ndata:\n  username: «user_b64»\n  password: «v»",
        ),
    ],
    generic=False,
    prose=False,
)
sk(
    "smtp_password",
    "SMTP_PASSWORD",
    "SMTP",
    "password",
    _pw,
    [
        (
            "s.serverless_smtp",
            "functions:\n  notify:\n    handler: handler.notify\n    environment:\n      SMTP_USER: alerts@«proj».com\n      SMTP_PASS: «v»",
        ),
        (
            "s.nodemailer",
            'const transport = nodemailer.createTransport({ host: "smtp.office365.com", port: 587, auth: { user: "alerts@«proj».com", pass: "«v»" } });',
        ),
        (
            "s.java_mail",
            'props.put("mail.smtp.auth", "true");\nSession s = Session.getInstance(props, new Authenticator() { protected PasswordAuthentication getPasswordAuthentication() { return new PasswordAuthentication("alerts@«proj».com", "«v»"); } });',
        ),
    ],
    generic=False,
    prose=False,
)

# ---------------------------------------------------------------- PII kinds
REL = {
    "en": [
        "my mum's",
        "my dad's",
        "my daughter's",
        "my son's",
        "my wife's",
        "my husband's",
        "Grandma's",
        "my brother's",
        "my sister's",
        "my father-in-law's",
    ],
    "de": [
        "von Mama",
        "von Papa",
        "meiner Tochter",
        "meines Sohnes",
        "meiner Frau",
        "meines Mannes",
        "von Oma",
        "meines Bruders",
    ],
    "fr": [
        "de maman",
        "de papa",
        "de ma fille",
        "de mon fils",
        "de ma femme",
        "de mon mari",
        "de mamie",
    ],
    "es": [
        "de mi madre",
        "de mi padre",
        "de mi hija",
        "de mi hijo",
        "de mi esposa",
        "de mi marido",
        "de la abuela",
    ],
    "pt": [
        "da minha mãe",
        "do meu pai",
        "da minha filha",
        "do meu filho",
        "da minha esposa",
        "do meu marido",
        "da vovó",
    ],
    "it": [
        "di mia madre",
        "di mio padre",
        "di mia figlia",
        "di mio figlio",
        "di mia moglie",
        "di mio marito",
        "della nonna",
    ],
    "nl": [
        "van mijn moeder",
        "van mijn vader",
        "van mijn dochter",
        "van mijn zoon",
        "van mijn vrouw",
        "van oma",
    ],
    "pl": ["mamy", "taty", "córki", "syna", "żony", "męża", "babci", "teściowej"],
    "ru": ["мамы", "папы", "дочери", "сына", "жены", "мужа", "бабушки", "тёщи"],
    "uk": ["мами", "тата", "доньки", "сина", "дружини", "чоловіка", "бабусі"],
    "tr": [
        "annemin",
        "babamın",
        "kızımın",
        "oğlumun",
        "eşimin",
        "babaannemin",
        "kardeşimin",
    ],
    "he": ["אמא", "אבא", "הבת שלי", "הבן שלי", "אשתי", "בעלי", "סבתא"],
    "ar": ["أمي", "أبي", "ابنتي", "ابني", "زوجتي", "زوجي", "جدتي"],
    "ro": ["mama", "tata", "fiica mea", "fiul meu", "soția mea", "soțul meu", "bunica"],
    "cs": ["mámy", "táty", "dcery", "syna", "manželky", "manžela", "babičky"],
    "bg": ["мама", "татко", "дъщеря ми", "сина ми", "жена ми", "мъжа ми", "баба"],
    "hu": [
        "anya",
        "apa",
        "a lányom",
        "a fiam",
        "a feleségem",
        "a férjem",
        "a nagymamám",
    ],
    "ja": ["母", "父", "娘", "息子", "妻", "夫", "祖母"],
    "zh": ["妈妈", "爸爸", "女儿", "儿子", "老婆", "老公", "奶奶"],
    "ko": ["엄마", "아빠", "딸", "아들", "아내", "남편", "할머니"],
    "sv": [
        "mammas",
        "pappas",
        "min dotters",
        "min sons",
        "min frus",
        "min mans",
        "mormors",
    ],
    "el": [
        "της μητέρας μου",
        "του πατέρα μου",
        "της κόρης μου",
        "του γιου μου",
        "της γυναίκας μου",
        "του άντρα μου",
    ],
}
PII_REL = {
    "en": [
        "«Rel» «idn»: «v»",
        "Saving «rel» «idn» here so I stop asking: «v»",
        "for the insurance claim - «rel» «idn» is «v»",
        "«Rel» «idn» (needed for the school enrolment form): «v»",
    ],
    "de": ["«idn» «rel»: «v»", "Für den Antrag – «idn» «rel»: «v»"],
    "fr": ["«idn» «rel» : «v»", "Pour le dossier, «idn» «rel» : «v»"],
    "es": ["«idn» «rel»: «v»", "Para el trámite — «idn» «rel»: «v»"],
    "pt": ["«idn» «rel»: «v»"],
    "it": ["«idn» «rel»: «v»"],
    "nl": ["«idn» «rel»: «v»"],
    "pl": ["«idn» «rel»: «v»", "Do wniosku — «idn» «rel»: «v»"],
    "ru": ["«idn» «rel»: «v»", "Для анкеты: «idn» «rel» — «v»"],
    "uk": ["«idn» «rel»: «v»", "Для довідки: «idn» «rel» — «v»"],
    "tr": ["«rel» «idn»: «v»", "Başvuru için «rel» «idn»: «v»"],
    "he": ["«idn» של «rel»: «v»"],
    "ar": ["«rel» — «idn»: «v»"],
    "ro": ["«idn» pentru «rel»: «v»"],
    "cs": ["«idn» «rel»: «v»"],
    "bg": ["«idn» на «rel»: «v»"],
    "hu": ["«rel» – «idn»: «v»"],
    "ja": ["«rel»の«idn»：«v»"],
    "zh": ["«rel»的«idn»：«v»"],
    "ko": ["«rel» «idn»: «v»"],
    "sv": ["«rel» «idn»: «v»"],
    "el": ["«idn» «rel»: «v»"],
}
PII_SELF = {
    "en": [
        "My «idn» is «v».",
        "«idn» (mine): «v» - for the rental application",
        "remember: my «idn» → «v»",
        "Updated my «idn» on the bank profile to «v»",
    ],
    "de": ["Meine Daten – «idn»: «v»", "Für das Formular, «idn»: «v»"],
    "fr": ["Mes infos — «idn» : «v»"],
    "es": ["Mis datos — «idn»: «v»"],
    "pt": ["Meus dados — «idn»: «v»"],
    "it": ["I miei dati — «idn»: «v»"],
    "nl": ["Mijn gegevens — «idn»: «v»"],
    "pl": ["Moje dane — «idn»: «v»"],
    "ru": ["Мои данные — «idn»: «v»"],
    "uk": ["Мої дані — «idn»: «v»"],
    "tr": ["Bilgilerim — «idn»: «v»"],
    "he": ["הפרטים שלי — «idn»: «v»"],
    "ar": ["بياناتي — «idn»: «v»"],
    "ro": ["Datele mele — «idn»: «v»"],
    "cs": ["Moje údaje — «idn»: «v»"],
    "bg": ["Моите данни — «idn»: «v»"],
    "hu": ["Az adataim — «idn»: «v»"],
    "ja": ["自分の«idn»：«v»"],
    "zh": ["我的«idn»：«v»"],
    "ko": ["내 «idn»: «v»"],
    "sv": ["Mina uppgifter — «idn»: «v»"],
    "el": ["Τα στοιχεία μου — «idn»: «v»"],
}
PII_STRUCT = [
    ("p.form", "en", "Full name: «name»\nRelationship: «relen»\n«idn_en»: «v»"),
    ("p.json", "en", '{"name": "«name»", "relation": "«relen»", "«field»": "«v»"}'),
    ("p.csv", "en", "name,relation,«field»\n«name»,«relen»,«v»"),
    (
        "p.chat",
        "en",
        "[«time»] «nick»: «v» — that's «relen_poss» «idn_en», can you fill in the form?",
    ),
    (
        "p.yaml_profile",
        "en",
        "family:\n  - name: «name»\n    relation: «relen»\n    «field»: «v»",
    ),
]
RELEN = [
    "mother",
    "father",
    "daughter",
    "son",
    "wife",
    "husband",
    "grandmother",
    "brother",
]
GEN_IDN = {
    "phone": {
        "en": "mobile number",
        "de": "Handynummer",
        "fr": "numéro de portable",
        "es": "número de móvil",
        "pt": "número de celular",
        "it": "numero di cellulare",
        "nl": "mobiele nummer",
        "pl": "numer komórki",
        "ru": "номер телефона",
        "uk": "номер телефону",
        "tr": "cep telefonu",
        "he": "מספר הטלפון",
        "ar": "رقم الجوال",
        "ro": "numărul de telefon",
        "cs": "číslo mobilu",
        "bg": "телефонът",
        "hu": "mobilszám",
        "ja": "携帯番号",
        "zh": "手机号",
        "ko": "휴대폰 번호",
        "sv": "mobilnummer",
        "el": "το κινητό",
    },
    "email": {
        "en": "personal e-mail",
        "de": "private E-Mail",
        "fr": "e-mail perso",
        "es": "correo personal",
        "pt": "e-mail pessoal",
        "it": "e-mail personale",
        "nl": "privé e-mail",
        "pl": "prywatny e-mail",
        "ru": "личная почта",
        "uk": "особиста пошта",
        "tr": "kişisel e-posta adresi",
        "he": "המייל הפרטי",
        "ar": "البريد الشخصي",
        "ro": "e-mailul personal",
        "cs": "soukromý e-mail",
        "bg": "личният имейл",
        "hu": "magán e-mail",
        "ja": "個人メール",
        "zh": "私人邮箱",
        "ko": "개인 이메일",
        "sv": "privata mejl",
        "el": "το προσωπικό email",
    },
    "address": {
        "en": "home address",
        "de": "Wohnadresse",
        "fr": "adresse",
        "es": "dirección",
        "pt": "endereço",
        "it": "indirizzo di casa",
        "nl": "woonadres",
        "pl": "adres zamieszkania",
        "ru": "домашний адрес",
        "uk": "домашня адреса",
        "tr": "ev adresi",
        "he": "הכתובת",
        "ar": "عنوان السكن",
        "ro": "adresa de domiciliu",
        "cs": "adresa bydliště",
        "bg": "адресът",
        "hu": "lakcím",
        "ja": "自宅住所",
        "zh": "家庭住址",
        "ko": "집 주소",
        "sv": "hemadress",
        "el": "η διεύθυνση",
    },
    "dob": {
        "en": "date of birth",
        "de": "Geburtsdatum",
        "fr": "date de naissance",
        "es": "fecha de nacimiento",
        "pt": "data de nascimento",
        "it": "data di nascita",
        "nl": "geboortedatum",
        "pl": "data urodzenia",
        "ru": "дата рождения",
        "uk": "дата народження",
        "tr": "doğum tarihi",
        "he": "תאריך הלידה",
        "ar": "تاريخ الميلاد",
        "ro": "data nașterii",
        "cs": "datum narození",
        "bg": "датата на раждане",
        "hu": "születési dátum",
        "ja": "生年月日",
        "zh": "出生日期",
        "ko": "생년월일",
        "sv": "födelsedatum",
        "el": "η ημερομηνία γέννησης",
    },
    "iban": {
        "en": "IBAN",
        "de": "IBAN",
        "fr": "IBAN",
        "es": "IBAN",
        "pl": "numer konta (IBAN)",
        "ru": "IBAN",
        "uk": "IBAN рахунку",
        "tr": "IBAN numarası",
        "he": "מספר ה-IBAN",
        "ar": "رقم الآيبان",
        "ro": "IBAN-ul",
        "cs": "IBAN",
        "bg": "IBAN",
        "hu": "IBAN",
        "nl": "IBAN",
        "it": "IBAN",
        "pt": "IBAN",
        "sv": "IBAN",
        "el": "IBAN",
        "ja": "IBAN",
        "zh": "IBAN",
        "ko": "IBAN",
    },
    "card": {
        "en": "card number",
        "de": "Kartennummer",
        "fr": "numéro de carte",
        "es": "número de tarjeta",
        "pl": "numer karty",
        "ru": "номер карты",
        "uk": "номер картки",
        "tr": "kart numarası",
        "he": "מספר הכרטיס",
        "ar": "رقم البطاقة",
        "ro": "numărul cardului",
        "cs": "číslo karty",
        "bg": "номерът на картата",
        "hu": "kártyaszám",
        "ja": "カード番号",
        "zh": "银行卡号",
        "ko": "카드 번호",
        "pt": "número do cartão",
        "it": "numero della carta",
        "nl": "kaartnummer",
        "sv": "kortnummer",
        "el": "ο αριθμός κάρτας",
    },
    "passport": {
        "en": "passport number",
        "de": "Reisepassnummer",
        "fr": "numéro de passeport",
        "es": "número de pasaporte",
        "pl": "numer paszportu",
        "ru": "номер загранпаспорта",
        "uk": "номер закордонного паспорта",
        "tr": "pasaport numarası",
        "he": "מספר הדרכון",
        "ar": "رقم جواز السفر",
        "ro": "numărul pașaportului",
        "cs": "číslo pasu",
        "bg": "номерът на паспорта",
        "hu": "útlevélszám",
        "ja": "パスポート番号",
        "zh": "护照号",
        "ko": "여권 번호",
        "pt": "número do passaporte",
        "it": "numero di passaporto",
        "nl": "paspoortnummer",
        "sv": "passnummer",
        "el": "ο αριθμός διαβατηρίου",
    },
}
PK: dict[str, dict] = {}


def pk(kind, gen, idn, langs, field, specific=(), weight=3):
    PK[kind] = {
        "gen": gen,
        "idn": idn,
        "langs": langs,
        "field": field,
        "specific": list(specific),
        "weight": weight,
    }


E5 = 5  # emphasis weight (Oceania, Middle East, Eastern Europe, Central Asia)
pk(
    "au_tfn",
    g_au_tfn,
    {"en": pick(["TFN", "tax file number"])},
    ["en"],
    "tfn",
    [
        (
            "p.au_tfn_ato",
            "en",
            "ATO myGov: linked «relen_poss» TFN «v» to the family tax benefit claim",
        )
    ],
    E5,
)
pk(
    "au_medicare",
    g_au_medicare,
    {"en": "Medicare number"},
    ["en"],
    "medicare_no",
    [
        (
            "p.medicare_card",
            "en",
            "Medicare card (family): «v», valid to 08/2029 - «name» is on it",
        )
    ],
    E5,
)
pk(
    "au_drivers_licence",
    g_au_licence,
    {"en": "NSW driver licence number"},
    ["en"],
    "licence_no",
    [
        (
            "p.au_licence",
            "en",
            "«Rel» NSW licence no. «v» (card number on the back is different)",
        )
    ],
    3,
)
pk(
    "nz_ird",
    g_nz_ird,
    {"en": "IRD number"},
    ["en"],
    "ird_number",
    [("p.nz_ird_kiwisaver", "en", "KiwiSaver form: IRD «v», provider Simplicity")],
    E5,
)
pk(
    "nz_bank_account",
    g_nz_bank,
    {"en": "bank account"},
    ["en"],
    "bank_account",
    [
        (
            "p.nz_bank_pay",
            "en",
            "Pay the nanny ({name}) into «v» every Friday".replace("{name}", "«name»"),
        )
    ],
    4,
)
pk(
    "il_teudat_zehut",
    g_il_idnr,
    {"en": "Israeli ID number", "he": "מספר תעודת הזהות"},
    ["he", "he", "en"],
    "teudat_zehut",
    [("p.il_kupat_holim", "he", 'קופת חולים: ת"ז «v», מכבי')],
    E5,
)
pk(
    "tr_tc_kimlik",
    g_tr_tc,
    {
        "en": "TC Kimlik No",
        "tr": "TC kimlik numarası",
        "de": "türkische Identitätsnummer",
    },
    ["tr", "tr", "en", "de"],
    "tc_kimlik_no",
    [("p.tr_edevlet", "tr", "e-Devlet girişi için TC: «v>".replace("«v>", "«v»"))],
    E5,
)
pk(
    "tr_vkn",
    g_tr_vkn,
    {"en": "Turkish tax number (VKN)", "tr": "vergi kimlik numarası"},
    ["tr", "en"],
    "vkn",
    [],
    3,
)
pk(
    "eg_tax_number",
    g_eg_tn,
    {"en": "Egyptian tax registration number", "ar": "الرقم الضريبي"},
    ["ar", "en"],
    "eg_tax_no",
    [],
    3,
)
pk(
    "ae_emirates_id",
    g_ae_eid,
    {"en": "Emirates ID", "ar": "رقم الهوية الإماراتية"},
    ["en", "en", "ar"],
    "emirates_id",
    [("p.ae_visa", "en", "Visa renewal: Emirates ID «v», sponsor «name»")],
    E5,
)
pk(
    "sa_national_id",
    g_sa_nid,
    {"en": "Saudi national ID", "ar": "رقم الهوية الوطنية"},
    ["ar", "en"],
    "national_id",
    [("p.sa_absher", "ar", "رقم الهوية الوطنية للتسجيل في أبشر: «v»")],
    4,
)
pk(
    "ir_melli_code",
    g_ir_melli,
    {"en": "Iranian national code (kart-e melli)", "de": "iranische Nationalnummer"},
    ["en", "de"],
    "melli_code",
    [],
    4,
)
pk(
    "kz_iin",
    g_kz_iin,
    {"en": "IIN (Kazakhstan)", "ru": "ИИН"},
    ["ru", "ru", "en"],
    "iin",
    [("p.kz_egov", "ru", "eGov.kz: ИИН «v», ЭЦП лежит на флешке")],
    E5,
)
pk(
    "az_voen",
    g_az_voen,
    {"en": "VÖEN (Azerbaijan tax ID)", "ru": "ВОЕН"},
    ["en", "ru"],
    "voen",
    [],
    3,
)
pk(
    "pl_pesel",
    g_pl_pesel,
    {"en": "PESEL", "pl": "PESEL"},
    ["pl", "pl", "en", "de"],
    "pesel",
    [("p.pl_nfz", "pl", "Rejestracja do lekarza, PESEL pacjenta: «v» (syn)")],
    E5,
)
pk(
    "pl_nip",
    g_pl_nip,
    {"en": "Polish tax ID (NIP)", "pl": "NIP"},
    ["pl", "en"],
    "nip",
    [],
    3,
)
pk("ro_cnp", g_ro_cnp, {"en": "CNP", "ro": "CNP-ul"}, ["ro", "ro", "en"], "cnp", [], E5)
pk("bg_egn", g_bg_egn, {"en": "EGN", "bg": "ЕГН"}, ["bg", "bg", "en"], "egn", [], E5)
pk(
    "cz_rodne_cislo",
    g_cz_rc,
    {"en": "Czech birth number", "cs": "rodné číslo"},
    ["cs", "cs", "en"],
    "rodne_cislo",
    [],
    E5,
)
pk(
    "sk_rodne_cislo",
    lambda: g_cz_rc(sk_rc),
    {"en": "Slovak birth number (rodné číslo)", "cs": "rodné číslo (SK)"},
    ["en", "cs"],
    "rodne_cislo_sk",
    [],
    3,
)
pk(
    "ua_rntrc",
    g_ua_rntrc,
    {
        "en": "Ukrainian tax number (RNOKPP)",
        "uk": "РНОКПП (ІПН)",
        "ru": "ИНН (Украина)",
    },
    ["uk", "uk", "en", "ru"],
    "rnokpp",
    [("p.ua_diia", "uk", "Дія: ІПН «v», паспорт ID-картка")],
    E5,
)
pk(
    "ru_inn",
    g_ru_inn,
    {"en": "Russian INN", "ru": "ИНН"},
    ["ru", "ru", "en"],
    "inn",
    [],
    E5,
)
pk(
    "ru_snils",
    g_ru_snils,
    {"en": "SNILS", "ru": "СНИЛС"},
    ["ru", "en"],
    "snils",
    [("p.ru_gosuslugi", "ru", "Госуслуги: СНИЛС «v», привязан к маминому аккаунту")],
    4,
)
pk("by_unp", g_by_unp, {"en": "Belarus UNP", "ru": "УНП"}, ["ru", "en"], "unp", [], 3)
pk(
    "md_idnp",
    g_md_idnp,
    {"en": "Moldovan IDNP", "ro": "IDNP", "ru": "IDNP"},
    ["ro", "en", "ru"],
    "idnp",
    [],
    4,
)
pk(
    "ee_isikukood",
    g_ee_ik,
    {"en": "Estonian isikukood"},
    ["en", "ru"],
    "isikukood",
    [],
    4,
)
pk(
    "lt_asmens_kodas",
    lambda: g_ee_ik(asmens),
    {"en": "Lithuanian asmens kodas"},
    ["en"],
    "asmens_kodas",
    [],
    3,
)
pk(
    "lv_personas_kods",
    g_lv_pk,
    {"en": "Latvian personas kods", "ru": "персональный код (Латвия)"},
    ["en", "ru"],
    "personas_kods",
    [],
    3,
)
pk("si_emso", lambda: g_jmbg("50"), {"en": "EMŠO"}, ["en", "de"], "emso", [], 3)
pk(
    "rs_jmbg",
    lambda: g_jmbg(str(R.randint(71, 79))),
    {"en": "JMBG (Serbia)", "ru": "JMBG"},
    ["en", "ru"],
    "jmbg",
    [],
    4,
)
pk(
    "ba_jmbg",
    lambda: g_jmbg(str(R.randint(10, 19))),
    {"en": "JMBG (Bosnia)"},
    ["en", "de"],
    "jmbg",
    [],
    3,
)
pk(
    "hr_oib",
    g_hr_oib,
    {"en": "OIB", "de": "kroatische OIB"},
    ["en", "de"],
    "oib",
    [],
    4,
)
pk("gr_amka", g_gr_amka, {"en": "AMKA", "el": "ο ΑΜΚΑ"}, ["el", "en"], "amka", [], 3)
pk("br_cpf", g_br_cpf, {"en": "CPF", "pt": "CPF"}, ["pt", "en"], "cpf", [], 2)
pk("mx_curp", g_mx_curp, {"en": "CURP", "es": "CURP"}, ["es", "en"], "curp", [], 2)
pk("cl_rut", g_cl_rut, {"en": "Chilean RUT", "es": "RUT"}, ["es", "en"], "rut", [], 2)
pk("ar_cuil", g_ar_cuil, {"en": "CUIL", "es": "CUIL"}, ["es"], "cuil", [], 2)
pk(
    "cn_resident_id",
    g_cn_ric,
    {"en": "Chinese resident ID", "zh": "身份证号"},
    ["zh", "en"],
    "id_card",
    [],
    3,
)
pk(
    "kr_rrn",
    g_kr_rrn,
    {"en": "Korean RRN", "ko": "주민등록번호"},
    ["ko", "en"],
    "rrn",
    [],
    3,
)
pk("in_aadhaar", g_in_aadhaar, {"en": "Aadhaar number"}, ["en"], "aadhaar", [], 3)
pk("in_pan", g_in_pan, {"en": "PAN"}, ["en"], "pan", [], 2)
pk("th_id", g_th_pin, {"en": "Thai ID card number"}, ["en"], "thai_id", [], 2)
pk("za_id", g_za_id, {"en": "South African ID number"}, ["en"], "za_id", [], 2)
pk("us_ssn", g_us_ssn, {"en": "SSN"}, ["en"], "ssn", [], 3)
pk("gb_nhs", g_gb_nhs, {"en": "NHS number"}, ["en"], "nhs_number", [], 2)
pk(
    "fr_nir",
    g_fr_nir,
    {"en": "French social security number", "fr": "numéro de sécu"},
    ["fr", "en"],
    "nir",
    [],
    2,
)
pk("es_dni", g_es_dni, {"en": "Spanish DNI", "es": "DNI"}, ["es"], "dni", [], 2)
pk(
    "no_fodselsnummer",
    g_no_fnr,
    {"en": "Norwegian fødselsnummer", "sv": "norska personnummer"},
    ["en", "sv"],
    "fodselsnummer",
    [],
    2,
)
pk(
    "se_personnummer",
    g_se_pnr,
    {"en": "Swedish personnummer", "sv": "personnummer"},
    ["sv", "en"],
    "personnummer",
    [],
    2,
)
pk(
    "fi_hetu",
    g_fi_hetu,
    {"en": "Finnish henkilötunnus", "sv": "finska personbeteckning"},
    ["en", "sv"],
    "hetu",
    [],
    2,
)
pk("nl_bsn", g_nl_bsn, {"en": "BSN", "nl": "BSN"}, ["nl", "en"], "bsn", [], 2)
pk(
    "be_nn",
    g_be_nn,
    {
        "en": "Belgian national number",
        "fr": "numéro de registre national",
        "nl": "rijksregisternummer",
    },
    ["fr", "nl", "en"],
    "rijksregister",
    [],
    2,
)
pk(
    "ch_ahv",
    g_ch_ahv,
    {"en": "Swiss AHV number", "de": "AHV-Nummer", "fr": "numéro AVS"},
    ["de", "fr", "en"],
    "ahv",
    [],
    2,
)
pk("dk_cpr", g_dk_cpr, {"en": "Danish CPR number"}, ["en"], "cpr", [], 2)
# generic personal data (language chosen freely)
pk(
    "phone",
    lambda: g_phone()[0],
    GEN_IDN["phone"],
    LANGS,
    "mobile",
    [
        (
            "p.vcard",
            "en",
            "BEGIN:VCARD\nVERSION:3.0\nFN:«name»\nTEL;TYPE=cell:«v»\nEND:VCARD",
        ),
        ("p.phone_emergency", "en", "Emergency contact: «name» («relen») «v»"),
    ],
    12,
)
pk(
    "email",
    g_email,
    GEN_IDN["email"],
    LANGS,
    "email",
    [("p.git_email", "en", "git config --global user.email «v>".replace("«v>", "«v»"))],
    8,
)
pk(
    "address",
    lambda: g_address()[0],
    GEN_IDN["address"],
    LANGS,
    "address",
    [
        ("p.ship_to", "en", "Ship to:\n«name»\n«v»"),
        ("p.gift_address", "en", "Send the birthday parcel to «rel» place: «v»"),
    ],
    12,
)
pk(
    "dob",
    None,
    GEN_IDN["dob"],
    LANGS,
    "dob",
    [
        (
            "p.birthday_reminder",
            "en",
            "«Rel» birthday: born «v» - book the restaurant a week before",
        )
    ],
    10,
)
pk(
    "iban",
    g_iban,
    GEN_IDN["iban"],
    LANGS,
    "iban",
    [
        (
            "p.sepa_json",
            "en",
            '{"creditor": "«name»", "iban": "«v»", "reference": "rent «ver»"}',
        )
    ],
    9,
)
pk(
    "card",
    g_card,
    GEN_IDN["card"],
    LANGS,
    "card_number",
    [
        (
            "p.card_on_file",
            "en",
            "card on file for the family Netflix: «v», exp «mm»/«yy»",
        )
    ],
    5,
)
pk(
    "passport",
    lambda: g_passport()[0],
    GEN_IDN["passport"],
    LANGS,
    "passport_no",
    [
        (
            "p.booking_passport",
            "en",
            "Flight booking - «name», passport «v», expires 2031",
        )
    ],
    7,
)
pk(
    "mrz",
    None,
    {"en": "passport MRZ"},
    ["en"],
    "mrz",
    [("p.mrz_scan", "en", "OCR of «rel» passport page:\n«v»")],
    3,
)

# ---------------------------------------------------------------- clean look-alikes
CK: dict[str, list] = {}


def ck(kind):
    def deco(fn):
        CK.setdefault(kind, []).append(fn)
        return fn

    return deco


def _c():
    return ctx_base()


@ck("tf_var_reference")
def _():
    c = _c()
    v = pick(
        [
            "var.aws_secret_key",
            "var.db_password",
            "var.client_secret",
            "var.cloudflare_api_token",
        ]
    )
    return (
        f'provider "aws" {{\n  region     = "{c["region"]}"\n  access_key = var.aws_access_key\n  secret_key = {v}\n}}'
        if v == "var.aws_secret_key"
        else f'resource "aws_db_instance" "main" {{\n  username = "app"\n  password = {v}  # supplied via TF_VAR_ at plan time\n}}',
        v,
        "en",
        "c.tf_var_ref",
    )


@ck("tf_var_reference")
def _():
    v = pick(["var.db_password", "var.api_token"])
    return (
        f'variable "{v[4:]}" {{\n  type      = string\n  sensitive = true\n}}\n# used as {v} in {pick(["main.tf", "rds.tf", "providers.tf"])}; value comes from TF_VAR_{v[4:]}',
        v,
        "en",
        "c.tf_sensitive_var",
    )


@ck("tf_secretsmanager_lookup")
def _():
    c = _c()
    name = f"{c['env']}/{c['proj']}/db"
    v = 'jsondecode(data.aws_secretsmanager_secret_version.db.secret_string)["password"]'
    return (
        f'data "aws_secretsmanager_secret_version" "db" {{\n  secret_id = "{name}"\n}}\n\nlocals {{\n  db_password = {v}\n}}',
        v,
        "en",
        "c.tf_secretsmanager",
    )


@ck("tf_random_password")
def _():
    n = R.randint(16, 40)
    return (
        f'resource "random_password" "db" {{\n  length  = {n}\n  special = true\n}}\n\n# password = random_password.db.result',
        "random_password.db.result",
        "en",
        "c.tf_random_password",
    )


@ck("ansible_vault_reference")
def _():
    v = pick(
        [
            "{{ vault_db_password }}",
            "{{ vault_become_pass }}",
            "{{ lookup('community.hashi_vault.hashi_vault', 'secret/data/app:token') }}",
            "{{ lookup('env', 'SMTP_PASSWORD') }}",
        ]
    )
    lang = pick(["en", "de", "ru", "pl"])
    cm = {
        "en": "real value lives in vault.yml (encrypted)",
        "de": "echter Wert steht verschlüsselt in vault.yml",
        "ru": "настоящее значение в зашифрованном vault.yml",
        "pl": "prawdziwa wartość w zaszyfrowanym vault.yml",
    }[lang]
    return (
        f'# group_vars/prod/vars.yml  — {cm}\nansible_become_pass: "{v}"\ndb_user: app',
        v,
        lang,
        "c.ansible_var_ref",
    )


@ck("ansible_vault_ciphertext")
def _():
    blob = "\n".join(rs(DG + "abcdef", 80) for _ in range(R.randint(3, 5)))
    v = "$ANSIBLE_VAULT;1.1;AES256\n" + blob
    return (
        "db_password: !vault |\n  " + v.replace("\n", "\n  "),
        v.replace("\n", "\n  "),
        "en",
        "c.ansible_vault_inline",
    )


@ck("pulumi_secure_value")
def _():
    c = _c()
    v = (
        "v1:"
        + rs(B64[:62], 16)
        + ":"
        + base64.b64encode(
            bytes(R.getrandbits(8) for _ in range(R.randint(24, 48)))
        ).decode()
    )
    return (
        f"# Pulumi.{c['env']}.yaml (encrypted by the stack's secrets provider)\nconfig:\n  aws:region: {c['region']}\n  {c['proj']}:dbPassword:\n    secure: {v}",
        v,
        "en",
        "c.pulumi_secure",
    )


@ck("pulumi_secure_value")
def _():
    c = _c()
    v = "pulumi config set --secret dbPassword"
    return (
        f"{v}   # prompts for the value, stores ciphertext in Pulumi.{c['env']}.yaml",
        v,
        "en",
        "c.pulumi_cli_secret",
    )


@ck("serverless_ssm_reference")
def _():
    v = pick(
        [
            "${ssm:/prod/stripe/secret_key}",
            "${ssm:/aws/reference/secretsmanager/prod/db}",
            "${env:SENDGRID_API_KEY}",
        ]
    )
    return (
        f"provider:\n  name: aws\n  environment:\n    API_SECRET: {v}",
        v,
        "en",
        "c.serverless_ssm",
    )


@ck("ci_secret_reference")
def _():
    v = pick(
        [
            "${{ secrets.AWS_SECRET_ACCESS_KEY }}",
            "${{ secrets.NPM_TOKEN }}",
            "$CI_JOB_TOKEN",
            "${{ secrets.DOCKERHUB_TOKEN }}",
        ]
    )
    return (
        f"      - name: publish\n        env:\n          TOKEN: {v}\n        run: ./scripts/publish.sh",
        v,
        "en",
        "c.gha_secret_ref",
    )


@ck("k8s_secret_key_ref")
def _():
    env, sec, key = (
        pick(
            [
                "DB_PASSWORD",
                "STRIPE_SECRET_KEY",
                "REDIS_PASSWORD",
                "SMTP_PASSWORD",
                "API_TOKEN",
            ]
        ),
        pick(["app-db", "payments", "cache-auth", "mailer", "ledger-secrets"]),
        pick(["password", "secret-key", "token", "api-key"]),
    )
    return (
        f"env:\n  - name: {env}\n    valueFrom:\n      secretKeyRef:\n        name: {sec}\n        key: {key}",
        "secretKeyRef",
        "en",
        "c.k8s_secretkeyref",
    )


@ck("env_lookup_in_code")
def _():
    k = pick(
        [
            "STRIPE_SECRET_KEY",
            "OPENAI_API_KEY",
            "DB_PASSWORD",
            "AWS_SECRET_ACCESS_KEY",
            "SLACK_BOT_TOKEN",
        ]
    )
    tid, t, v = pick(
        [
            (
                "c.py_environ",
                'api_key = os.environ["%s"]  # fails fast if unset' % k,
                'os.environ["%s"]' % k,
            ),
            (
                "c.go_getenv",
                'token := os.Getenv("%s")\nif token == "" {\n    log.Fatal("%s not set")\n}'
                % (k, k),
                'os.Getenv("%s")' % k,
            ),
            (
                "c.java_getenv",
                'String secret = System.getenv("%s");' % k,
                'System.getenv("%s")' % k,
            ),
            (
                "c.js_env",
                "const key = process.env.%s;\nif (!key) throw new Error('missing key');"
                % k,
                "process.env.%s" % k,
            ),
            (
                "c.boto3_default_chain",
                'import boto3\n# credentials come from the instance role / default chain\ns3 = boto3.client("s3", region_name="%s")'
                % pick(["ap-southeast-2", "me-central-1"]),
                'boto3.client("s3"',
            ),
        ]
    )
    return t, v, "en", tid


@ck("aws_documentation_example")
def _():
    v = pick(["AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"])
    t = pick(
        [
            "From the AWS CLI docs: aws_access_key_id = AKIAIOSFODNN7EXAMPLE, aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY (sample values, not real)",
            '# moto test fixture - AWS\'s published example credentials\nos.environ["AWS_ACCESS_KEY_ID"] = "AKIAIOSFODNN7EXAMPLE"\nos.environ["AWS_SECRET_ACCESS_KEY"] = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
            "localstack: any key works, we use AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY from the AWS docs",
            "Der Doku-Beispielschlüssel AKIAIOSFODNN7EXAMPLE (wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY) ist kein echter Zugang.",
        ]
    )
    return t, v, ("de" if t.startswith("Der") else "en"), "c.aws_doc_example"


@ck("placeholder")
def _():
    v = pick(
        [
            "<YOUR_API_KEY>",
            "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
            "your-token-here",
            "changeme",
            "REPLACE_ME",
            "<password>",
            "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
            "${DB_PASSWORD}",
        ]
    )
    tid, t, lang = pick(
        [
            (
                "c.readme_placeholder",
                f"README: copy .env.example to .env and set API_KEY={v} before running make dev",
                "en",
            ),
            (
                "c.tfvars_example",
                f'# terraform.tfvars.example\ndb_password = "{v}"  # set your own',
                "en",
            ),
            (
                "c.placeholder_de",
                f"Anleitung: ersetze {v} durch deinen eigenen Schlüssel.",
                "de",
            ),
            (
                "c.placeholder_ru",
                f"В примере конфига стоит {v} — это заглушка, реальный ключ берём из vault.",
                "ru",
            ),
            (
                "c.placeholder_tr",
                f"Örnek dosyada şifre alanı {v} olarak bırakıldı, gerçek değer CI'da.",
                "tr",
            ),
        ]
    )
    return t, v, lang, tid


@ck("redacted_value")
def _():
    v = pick(
        [
            "sk_live_" + "*" * 20 + rs(HEX, 4),
            "ghp_" + "*" * 32 + rs(AN, 4),
            "********",
            "AKIA" + "*" * 12 + rs(B32, 4),
            "[REDACTED]",
            "xoxb-***-***-***",
            "••••••••••",
        ]
    )
    tid, t, lang = pick(
        [
            (
                "c.redacted_log",
                f"2025-03-02T10:11:09Z INFO config loaded: API_KEY={v} DB_PASSWORD=******** region=ap-southeast-2",
                "en",
            ),
            (
                "c.redacted_tfplan",
                f'  ~ password = (sensitive value)\n  ~ api_key  = "{v}"',
                "en",
            ),
            ("c.redacted_note_pl", f"W raporcie z audytu klucz zamaskowany: {v}", "pl"),
            ("c.redacted_note_uk", f"У логах токен тепер маскується: {v}", "uk"),
        ]
    )
    return t, v, lang, tid


@ck("ssh_public_key")
def _():
    v = ssh_pub(pick(["olivia@laptop", "deploy@ci", "tane@work", "backup@nas"]))
    t, tid = pick(
        [
            (f"# ~/.ssh/authorized_keys on the bastion\n{v}", "c.authorized_keys"),
            (f"public key to add in the GitHub deploy keys page: {v}", "c.pubkey_note"),
            (
                f'- name: add key\n  ansible.posix.authorized_key:\n    user: deploy\n    key: "{v}"',
                "c.ansible_authorized_key",
            ),
        ]
    )
    return t, v, "en", tid


@ck("x509_certificate")
def _():
    pem, _fp = cert_pem(
        pick(["api.kiwiops.nz", "shop.example.com", "grafana.ledger.io"])
    )
    return pick(
        [
            (
                f"Public cert for the load balancer (safe to share):\n{pem}",
                pem,
                "en",
                "c.cert_pem",
            ),
            (
                f'resource "aws_acm_certificate" "imported" {{\n  certificate_body = <<EOT\n{pem}\nEOT\n  private_key = file(var.key_path)\n}}',
                pem,
                "en",
                "c.tf_acm_cert",
            ),
        ]
    )


@ck("certificate_fingerprint")
def _():
    _pem, fp = cert_pem("mail.harbour.io")
    lang = pick(["en", "de", "ja"])
    t = {
        "en": f"Pinned cert SHA-256 fingerprint: {fp}",
        "de": f"Zertifikat-Fingerprint (SHA-256) zum Pinnen: {fp}",
        "ja": f"証明書のSHA-256フィンガープリント: {fp}",
    }[lang]
    return t, fp, lang, "c.cert_fingerprint"


@ck("public_key_pem")
def _():
    k = ec.derive_private_key(R.getrandbits(250) + 1, ec.SECP256R1())
    v = (
        k.public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )
    return (
        f"JWT verification key (public) for the mobile app:\n{v}",
        v,
        "en",
        "c.public_key_pem",
    )


@ck("wireguard_public_key")
def _():
    v = base64.b64encode(bytes(R.getrandbits(8) for _ in range(32))).decode()
    return (
        f"[Peer]\n# office router\nPublicKey = {v}\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.kiwiops.nz:51820",
        v,
        "en",
        "c.wg_peer",
    )


@ck("git_commit_sha")
def _():
    v = rs(HEX, 40)
    lang = pick(["en", "en", "pl", "es", "uk"])
    t = {
        "en": f"Fixed the terraform state drift in commit {v}, see PR #{R.randint(100, 3000)}",
        "pl": f"Poprawka jest w commicie {v}",
        "es": f"El arreglo está en el commit {v}",
        "uk": f"Виправлення в коміті {v}",
    }[lang]
    return t, v, lang, "c.git_sha"


@ck("file_checksum")
def _():
    v = rs(HEX, 64)
    ver = f"1.{R.randint(5, 10)}.{R.randint(0, 9)}"
    return f"{v}  terraform_{ver}_linux_amd64.zip", v, "en", "c.sha256sum"


@ck("image_digest")
def _():
    v = "sha256:" + rs(HEX, 64)
    return (
        f"      containers:\n        - name: web\n          image: nginx@{v}",
        v,
        "en",
        "c.image_digest",
    )


@ck("uuid_identifier")
def _():
    v = _uuid()
    tid, t, lang = pick(
        [
            (
                "c.kms_key_id",
                f'kms_key_id = "arn:aws:kms:ap-southeast-2:{R.randint(10**11, 10**12 - 1)}:key/{v}"',
                "en",
            ),
            (
                "c.request_id",
                f"Support ticket: failing call had x-request-id {v}",
                "en",
            ),
            (
                "c.tfc_workspace",
                f"Workspace ID for the prod stack: ws-{rs(AN, 16)}, run {v}",
                "en",
            ),
            ("c.uuid_de", f"Die Korrelations-ID des Fehlers war {v}.", "de"),
        ]
    )
    return t, v, lang, tid


@ck("arn_and_account_id")
def _():
    acct = str(R.randint(10**11, 10**12 - 1))
    v = f"arn:aws:iam::{acct}:role/{pick(['github-deploy', 'ci-readonly', 'lambda-exec'])}"
    return pick(
        [
            (
                f"- name: configure aws\n  uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: {v}\n    aws-region: ap-southeast-2",
                v,
                "en",
                "c.gha_oidc_role",
            ),
            (
                f"assume role {v} via OIDC, no static keys anymore",
                v,
                "en",
                "c.arn_note",
            ),
        ]
    )


@ck("cloud_resource_id")
def _():
    v = pick(
        [
            "ami-0" + rs(HEX, 16),
            "vpc-0" + rs(HEX, 16),
            "sg-0" + rs(HEX, 16),
            "subnet-0" + rs(HEX, 16),
            "i-0" + rs(HEX, 16),
        ]
    )
    t = {
        "i": f"terraform import aws_instance.bastion {v}",
        "a": f'ami = "{v}"  # pinned golden image, rebuilt monthly by Packer',
        "v": f'vpc_id = "{v}"  # shared network account',
        "s": f"aws ec2 describe-security-groups --group-ids {v} --query 'SecurityGroups[0].IpPermissions'",
    }[v[0]]
    return t, v, "en", "c.aws_resource_id"


@ck("password_hash")
def _():
    v = "$2b$12$" + rs(AN + "./", 53)
    return pick(
        [
            (
                f"# .htpasswd for the staging basic-auth (bcrypt hash only)\nreviewer:{v}",
                v,
                "en",
                "c.htpasswd",
            ),
            (
                f'{{"model": "auth.user", "fields": {{"username": "demo", "password": "bcrypt_sha256${v}"}}}}',
                v,
                "en",
                "c.django_fixture_hash",
            ),
        ]
    )


@ck("stripe_object_id")
def _():
    v = pick(["pi_3", "cus_", "evt_1", "ch_3", "sub_1"]) + rs(AN, 24)
    return (
        f"Refund issued for {v} (customer complained about double charge)",
        v,
        "en",
        "c.stripe_object_id",
    )


@ck("publishable_key")
def _():
    v = pick(["pk_live_", "pk_test_"]) + rs(AN, 99)
    return (
        f'// frontend/src/stripe.ts — publishable key, meant to ship in the browser bundle\nconst stripe = await loadStripe("{v}");',
        v,
        "en",
        "c.stripe_publishable",
    )


@ck("test_card_number")
def _():
    v = pick(
        [
            "4242 4242 4242 4242",
            "4000 0566 5566 5556",
            "5555 5555 5555 4444",
            "4000 0000 0000 9995",
        ]
    )
    lang = pick(["en", "es", "pt", "de"])
    t = {
        "en": f"Stripe test mode card {v}, any future expiry, any CVC",
        "es": f"Tarjeta de prueba de Stripe: {v} (modo test)",
        "pt": f"Cartão de teste do Stripe: {v}, qualquer validade futura",
        "de": f"Stripe-Testkarte {v}, beliebiges Ablaufdatum",
    }[lang]
    return t, v, lang, "c.test_card"


@ck("documentation_example")
def _():
    tid, t, v = pick(
        [
            (
                "c.doc_dsn",
                "Docs: DATABASE_URL format is postgresql://USER:PASSWORD@HOST:5432/DBNAME",
                "postgresql://USER:PASSWORD@HOST:5432/DBNAME",
            ),
            (
                "c.doc_curl",
                "Example from the API guide: curl -u username:password https://api.example.com/v1/status",
                "username:password",
            ),
            (
                "c.doc_email",
                "In the tutorial the sample user is jane.doe@example.com with phone +1 555-0100",
                "jane.doe@example.com",
            ),
            (
                "c.doc_mysql",
                "mysql -u root -p   # you will be prompted for the password",
                "mysql -u root -p",
            ),
        ]
    )
    return t, v, "en", tid


@ck("version_number")
def _():
    a, b = (
        f"5.{R.randint(40, 70)}.{R.randint(0, 9)}",
        f"5.{R.randint(71, 90)}.{R.randint(0, 9)}",
    )
    lang = pick(["en", "ru", "tr", "de", "ja"])
    t = {
        "en": f"Bumped hashicorp/aws provider from {a} to {b}; plan shows no changes",
        "ru": f"Обновили провайдер aws с {a} до {b}, план без изменений",
        "tr": f"aws provider sürümü {a} → {b} yükseltildi",
        "de": f"AWS-Provider von {a} auf {b} aktualisiert",
        "ja": f"AWSプロバイダを{a}から{b}に更新",
    }[lang]
    return t, b, lang, "c.version_bump"


@ck("order_number")
def _():
    v = pick(
        [
            f"AU-{R.randint(1000, 9999)}-{R.randint(1000, 9999)}",
            f"#{R.randint(100000000, 999999999)}",
            f"TR{R.randint(10**9, 10**10 - 1)}",
            f"INV-2025-{R.randint(1, 9999):05d}",
        ]
    )
    lang = pick(["en", "tr", "pl", "he", "ar"])
    t = {
        "en": f"Order {v} from JB Hi-Fi shipped, arrives Thursday",
        "tr": f"Sipariş numarası {v}, kargoya verildi",
        "pl": f"Zamówienie {v} wysłane kurierem",
        "he": f"הזמנה {v} נשלחה",
        "ar": f"تم شحن الطلب رقم {v}",
    }[lang]
    return t, v, lang, "c.order_number"


@ck("part_number")
def _():
    v = pick(
        [
            f"{R.randint(10, 99)}-{R.randint(1000, 9999)}-{R.randint(10, 99)}",
            f"SKU {rs(UP, 3)}-{R.randint(10000, 99999)}",
            f"P/N {R.randint(100000, 999999)}-{rs(UP, 1)}{R.randint(10, 99)}",
        ]
    )
    return f"Replacement fan for the NAS: {v}, ~15 min swap", v, "en", "c.part_number"


@ck("price")
def _():
    lang = pick(["en", "tr", "uk", "pl"])
    v = {
        "en": pick(
            [
                f"A${R.randint(10, 3000)}.{R.randint(0, 99):02d}",
                f"NZ${R.randint(10, 900)}.99",
                f"{R.randint(10, 500)} AED",
            ]
        ),
        "tr": f"₺{R.randint(100, 9999)},{R.randint(0, 99):02d}",
        "uk": f"{R.randint(100, 9000)} ₴",
        "pl": f"{R.randint(100, 5000)} zł",
    }[lang]
    t = {
        "en": f"Renewal for the reserved instances came to {v} this year",
        "tr": f"Yeni klavyenin fiyatı {v}",
        "uk": f"Підписка на хостинг коштує {v} на рік",
        "pl": f"Faktura za serwer: {v} brutto",
    }[lang]
    return t, v, lang, "c.price"


@ck("measurement")
def _():
    v = pick(
        [
            f"{R.randint(18, 35)}.{R.randint(0, 9)} °C",
            f"{R.randint(40, 95)}%",
            f"{R.randint(100, 999)} ms",
            f"{R.randint(1, 64)} GiB",
        ]
    )
    lang = pick(["en", "de", "ko", "ro"])
    t = {
        "en": f"Server room reading this morning: {v}",
        "de": f"Messwert im Serverraum heute früh: {v}",
        "ko": f"오늘 아침 서버실 측정값: {v}",
        "ro": f"Valoarea măsurată în camera serverelor: {v}",
    }[lang]
    return t, v, lang, "c.measurement"


@ck("company_phone")
def _():
    v, co, lang = pick(
        [
            ("13 28 61", "ATO", "en"),
            ("13 22 00", "Telstra", "en"),
            ("0800 775 247", "Inland Revenue NZ (general)", "en"),
            ("444 0 849", "Türk Hava Yolları çağrı merkezi", "tr"),
            ("1-800-275-2273", "Apple Support US", "en"),
            ("+61 2 9250 7111", "Sydney Opera House box office", "en"),
            ("132 011", "Medicare (Services Australia)", "en"),
        ]
    )
    t = {
        "en": f"{co} switchboard: {v} (business hours)",
        "tr": f"{co}: {v}",
        "he": f"מוקד {co}: {v}",
    }[lang]
    return t, v, lang, "c.company_phone"


@ck("no_reply_address")
def _():
    v = pick(
        [
            "no-reply@github.com",
            "noreply@accounts.google.com",
            "donotreply@ato.gov.au",
            "support@stripe.com",
            "notifications@vercel.com",
            "alerts@datadoghq.com",
        ]
    )
    return pick(
        [
            (f"Filter rule: archive anything from {v}", v, "en", "c.mail_filter"),
            (
                f"Письма от {v} автоматически в папку «Уведомления»",
                v,
                "ru",
                "c.mail_filter_ru",
            ),
        ]
    )


@ck("public_figure_birth")
def _():
    _who, d, lang, t = pick(
        [
            (
                "Ada Lovelace",
                "10 December 1815",
                "en",
                "Ada Lovelace was born on 10 December 1815 — nice trivia for the Ada-themed hackathon.",
            ),
            (
                "Alan Turing",
                "23 June 1912",
                "en",
                "Turing's birthday (23 June 1912) is why the meetup is on 23 June.",
            ),
            (
                "Edmund Hillary",
                "20 July 1919",
                "en",
                "Sir Edmund Hillary, born 20 July 1919 in Auckland, is on the NZ$5 note.",
            ),
            (
                "Kate Sheppard",
                "10 March 1847",
                "en",
                "Kate Sheppard (born 10 March 1847) led the NZ suffrage campaign.",
            ),
            (
                "Марія Склодовська",
                "7 листопада 1867",
                "uk",
                "Марія Склодовська-Кюрі народилася 7 листопада 1867 року у Варшаві.",
            ),
            (
                "Wisława Szymborska",
                "2 lipca 1923",
                "pl",
                "Wisława Szymborska urodziła się 2 lipca 1923 r. — cytat do prezentacji.",
            ),
            (
                "Юрий Гагарин",
                "9 марта 1934",
                "ru",
                "Юрий Гагарин родился 9 марта 1934 года.",
            ),
            (
                "Golda Meir",
                "3 May 1898",
                "en",
                "Golda Meir was born 3 May 1898 in Kyiv.",
            ),
            (
                "Linus Torvalds",
                "28 December 1969",
                "en",
                "Linus Torvalds, born 28 December 1969, released Linux in 1991.",
            ),
            (
                "Grace Hopper",
                "9 December 1906",
                "en",
                "Grace Hopper (b. 9 December 1906) — COBOL talk reference.",
            ),
            (
                "Nikola Tesla",
                "10. srpnja 1856.",
                "hr",
                "Nikola Tesla rođen je 10. srpnja 1856. u Smiljanu.",
            ),
            (
                "Taras Shevchenko",
                "9 березня 1814",
                "uk",
                "Тарас Шевченко народився 9 березня 1814 року.",
            ),
        ]
    )
    return t, d, lang, "c.public_birth"


@ck("company_registry_number")
def _():
    kind = pick(["acn", "abn", "edrpou", "ogrn", "il_hp", "regon", "cnpj"])
    if kind == "acn":
        v = acn.format(until(lambda: solve(rs(DG, 8) + "?", acn.is_valid)))
        return (
            f"Supplier: Kookaburra Cloud Pty Ltd, ACN {v} (from the invoice footer)",
            v,
            "en",
            "c.acn",
        )
    if kind == "abn":
        v = abn.format(until(lambda: solve("5" + rs(DG, 8) + "?" + "?", abn.is_valid)))
        return f"Invoice from Harbour Web Services Pty Ltd — ABN {v}", v, "en", "c.abn"
    if kind == "edrpou":
        v = until(lambda: solve("4" + rs(DG, 6) + "?", edrpou.is_valid))
        return (
            f"Реквізити постачальника: ТОВ «Дніпро Хостинг», код ЄДРПОУ {v}",
            v,
            "uk",
            "c.edrpou",
        )
    if kind == "ogrn":
        v = until(lambda: solve("1" + rs(DG, 11) + "?", ogrn.is_valid))
        return f"Реквизиты подрядчика: ООО «Северный Код», ОГРН {v}", v, "ru", "c.ogrn"
    if kind == "il_hp":
        v = until(lambda: solve("51" + rs(DG, 6) + "?", il_hp.is_valid))
        return f'ח.פ. של הספק (חברת אחסון בע"מ): {v}', v, "he", "c.il_hp"
    if kind == "regon":
        v = until(lambda: solve(rs(DG, 8) + "?", regon.is_valid))
        return (
            f"Dane firmy na fakturze: Wisła Soft sp. z o.o., REGON {v}",
            v,
            "pl",
            "c.regon",
        )
    v = cnpj.format(until(lambda: solve(rs(DG, 8) + "0001" + "??", cnpj.is_valid)))
    return f"Fornecedor: Nuvem Verde Ltda, CNPJ {v}", v, "pt", "c.cnpj"


@ck("isbn")
def _():
    body = "978" + rs(DG, 9)
    v = body + isbn_check(body)
    v = f"{v[:3]}-{v[3]}-{v[4:8]}-{v[8:12]}-{v[12]}"
    return pick(
        [
            (
                f"Book for the team library: Terraform: Up & Running, ISBN {v}",
                v,
                "en",
                "c.isbn",
            ),
            (f"Kitap siparişi: ISBN {v}", v, "tr", "c.isbn_tr"),
        ]
    )


@ck("private_network_address")
def _():
    v = pick(
        [
            f"10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}",
            f"192.168.{R.randint(0, 10)}.{R.randint(1, 254)}",
            f"172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)}",
        ]
    )
    return pick(
        [
            (
                f"bastion moved to {v}:22, update your ssh config (key auth only)",
                v,
                "en",
                "c.private_ip",
            ),
            (f'cidr_blocks = ["{v}/32"]  # office egress', v, "en", "c.tf_cidr"),
        ]
    )


@ck("iso_date_schedule")
def _():
    v = f"2025-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}"
    lang = pick(["en", "de", "fr", "zh"])
    t = {
        "en": f"Certificate renewal due {v}; cron is set for the week before",
        "de": f"Zertifikat läuft am {v} ab",
        "fr": f"Le certificat expire le {v}",
        "zh": f"证书将于 {v} 到期",
    }[lang]
    return t, v, lang, "c.cert_expiry_date"


@ck("encrypted_sops_value")
def _():
    v = (
        "ENC[AES256_GCM,data:"
        + base64.b64encode(
            bytes(R.getrandbits(8) for _ in range(R.randint(12, 30)))
        ).decode()
        + ",iv:"
        + base64.b64encode(bytes(R.getrandbits(8) for _ in range(32))).decode()
        + ",tag:"
        + base64.b64encode(bytes(R.getrandbits(8) for _ in range(16))).decode()
        + ",type:str]"
    )
    return (
        f"# secrets.enc.yaml (sops, KMS-encrypted)\ndb_password: {v}",
        v,
        "en",
        "c.sops_value",
    )


@ck("secret_manager_path")
def _():
    v = pick(
        [
            "projects/ledger-prod/secrets/stripe-key/versions/latest",
            "arn:aws:secretsmanager:ap-southeast-2:111122223333:secret:prod/db-AbCdEf",
            "kv/data/prod/payments",
            "https://kiwi-kv.vault.azure.net/secrets/sendgrid-key",
        ]
    )
    return pick(
        [
            (
                f"The API key is NOT in the repo - fetch it from {v} at startup.",
                v,
                "en",
                "c.secret_path_note",
            ),
            (
                f"Ключ не храним в репозитории, читаем из {v}",
                v,
                "ru",
                "c.secret_path_ru",
            ),
        ]
    )


# ---------------------------------------------------------------- assembly
CONN_PROSE = {
    "en": ["prod DB: «v»", "connection string for the reporting replica: «v»"],
    "de": ["Prod-Datenbank: «v»"],
    "pl": ["Baza produkcyjna: «v»"],
    "ru": ["Строка подключения к боевой базе: «v»"],
    "tr": ["Canlı veritabanı bağlantısı: «v»"],
    "uk": ["Підключення до продової бази: «v»"],
    "es": ["Cadena de conexión de producción: «v»"],
    "ja": ["本番DBの接続文字列: «v»"],
}


def fill(text: str, ctx: dict) -> str:
    return re.sub(r"«(\w+)»", lambda m: str(ctx[m.group(1)]), text)


def lang_pick(weight_en: float = 0.45) -> str:
    return "en" if R.random() < weight_en else pick(LANGS[1:])


def make_secret(kind: str):
    info = SK[kind]
    g = info["gen"]()
    g = g if isinstance(g, dict) else {"v": g}
    c = ctx_base()
    c.update(names(info["K"]))
    c.update(g)
    c.update(
        {
            "svc": info["svc"],
            "what": info["what"],
            "svc_l": re.sub(r"[^a-z0-9]", "", info["svc"].lower()) or "svc",
            "sub": _uuid(),
            "cid": _uuid(),
            "tid": _uuid(),
            "app": rs(HEX, 40),
            "rid2": R.randint(10**9, 10**10),
            "ssid": pick(
                [
                    "TP-Link_5G_3F2A",
                    "Kowhai-Home",
                    "Vodafone-8841",
                    "FRITZ!Box 7590 QX",
                    "Superonline_2G",
                    "Kyivstar_43",
                    "Babcia_WiFi",
                ]
            ),
            "svc2": pick(
                ["GitHub", "AWS root", "Cloudflare", "Binance", "Xero", "Proton"]
            ),
            "user_b64": base64.b64encode(c["user"].encode()).decode(),
        }
    )
    opts = []
    if info["specific"]:
        opts += [("spec", t) for t in info["specific"]] * (2 if info["generic"] else 1)
    if info["generic"]:
        opts += [("gen", t) for t in R.sample(GEN_CODE, 6)]
    if info["prose"]:
        opts += [("prose", None)] * 3
    how, t = pick(opts)
    if how == "prose":
        lang = lang_pick(0.3)
        i = R.randrange(len(SEC_PROSE[lang]))
        tid, text = f"s.prose.{lang}.{i}", SEC_PROSE[lang][i]
    else:
        tid, text = t
        suf = tid.rsplit("_", 1)[-1]
        lang = c["cmt_lang"] if "«cmt»" in text else (suf if suf in LANGS else "en")
        if "«prose_login»" in text:
            lang = lang_pick(0.35)
            i = R.randrange(len(LOGIN_PROSE[lang]))
            tid = f"s.login.{lang}.{i}"
            text = LOGIN_PROSE[lang][i]
        if "«prose_conn»" in text:
            lang = pick(list(CONN_PROSE))
            i = R.randrange(len(CONN_PROSE[lang]))
            tid = f"s.conn_prose.{lang}.{i}"
            text = CONN_PROSE[lang][i]
        if "«sa_json»" in text:
            pem = c["v"] + "\n"
            sa = {
                "type": "service_account",
                "project_id": f"{c['proj']}-prod",
                "private_key_id": rs(HEX, 40),
                "private_key": pem,
                "client_email": f"deployer@{c['proj']}-prod.iam.gserviceaccount.com",
                "client_id": str(R.randint(10**20, 10**21)),
                "token_uri": "https://oauth2.googleapis.com/token",
            }
            text = json.dumps(sa, indent=2)
            c["v"] = json.dumps(c["v"])[1:-1]
            return text, c["v"], "en", tid
    return fill(text, c), c["v"], lang, tid


def make_pii(kind: str):
    info = PK[kind]
    langs = info["langs"]
    lang = lang_pick(0.4) if langs is LANGS else pick(langs)
    if kind == "dob":
        v = g_dob(lang)
    elif kind == "mrz":
        v = g_mrz()[0]
    elif kind == "address":
        v, alang = g_address()
        if R.random() < 0.6:
            lang = alang
    else:
        v = info["gen"]()
    idn = info["idn"].get(lang) or info["idn"]["en"]
    ri = R.randrange(len(RELEN))
    rel = REL[lang][ri % len(REL[lang])]
    c = {
        "v": v,
        "idn": idn,
        "idn_en": info["idn"]["en"],
        "rel": rel,
        "Rel": rel[:1].upper() + rel[1:],
        "relen": RELEN[ri],
        "relen_poss": f"my {RELEN[ri]}'s",
        "name": person(pick(["en", lang, lang])),
        "field": info["field"],
        "time": "%02d:%02d" % (R.randint(7, 23), R.randint(0, 59)),
        "nick": pick(["Mum", "Tane", "Zeynep", "Oksana", "Aigerim", "Dad"]),
        "mm": "%02d" % R.randint(1, 12),
        "yy": str(R.randint(26, 31)),
        "ver": pick(["March", "April", "Q3", "2025-06"]),
    }
    r = R.random()
    if info["specific"] and r < 0.2:
        tid, tl, text = pick(info["specific"])
        if (
            tl != lang
        ):  # specific templates carry their own language; re-derive the relative phrase there
            lang = tl
            c["rel"] = REL[lang][ri % len(REL[lang])]
            c["Rel"] = c["rel"][:1].upper() + c["rel"][1:]
            if kind == "dob":
                c["v"] = v = g_dob(lang)
    elif r < 0.62:
        i = R.randrange(len(PII_REL[lang]))
        tid, text = f"p.rel.{lang}.{i}", PII_REL[lang][i]
    elif r < 0.85:
        i = R.randrange(len(PII_SELF[lang]))
        tid, text = f"p.self.{lang}.{i}", PII_SELF[lang][i]
    else:
        tid, tl, text = pick(PII_STRUCT)
        if lang != "en" and kind == "dob":
            c["v"] = v = g_dob("en")
        lang = tl
        c["idn"] = c["idn_en"]
    return fill(text, c), v, lang, tid


def quotas(weights: dict, total: int) -> dict:
    s = sum(weights.values())
    raw = {k: w * total / s for k, w in weights.items()}
    q = {k: int(x) for k, x in raw.items()}
    for k in sorted(raw, key=lambda k: raw[k] - q[k], reverse=True)[
        : total - sum(q.values())
    ]:
        q[k] += 1
    return q


SK_W = {k: 3 for k in SK}
SK_W.update(
    {
        "aws_secret_key": 10,
        "db_password_iac": 9,
        "cli_password": 7,
        "azure_client_secret": 5,
        "azure_storage_conn": 4,
        "github_token": 4,
        "stripe_secret_key": 4,
        "postgres_url": 5,
        "wifi_password": 6,
        "pw_shorthand": 6,
        "passphrase": 5,
        "login_prose": 8,
        "ansible_become": 5,
        "rsa_private_key": 3,
        "smtp_password": 4,
        "openai_key": 4,
        "slack_webhook": 4,
        "totp_seed": 4,
    }
)
PK_W = {k: v["weight"] for k, v in PK.items()}
CK_W = {k: 4 for k in CK}
CK_W.update(
    {
        "tf_var_reference": 6,
        "env_lookup_in_code": 7,
        "placeholder": 7,
        "redacted_value": 6,
        "company_registry_number": 7,
        "public_figure_birth": 5,
        "k8s_secret_key_ref": 3,
        "aws_documentation_example": 3,
        "company_phone": 4,
        "tf_random_password": 2,
        "pulumi_secure_value": 5,
    }
)


def build(label: str, weights: dict, total: int, maker, seen: set) -> list[dict]:
    q = quotas(weights, total)
    rows: list[dict] = []
    order = [k for k in sorted(q) for _ in range(q[k])]
    R.shuffle(order)
    spare = 0
    for kind in order:
        for _ in range(40):
            text, v, lang, tid = maker(kind)
            if text not in seen:
                break
        else:
            spare += 1
            continue
        seen.add(text)
        rows.append(
            {
                "text": text,
                "label": label,
                "kind": f"{kind}.{lang}",
                "template": tid,
                "probe": NAME,
                "id": hashlib.sha256(text.encode()).hexdigest()[:16],
                "value": v,
            }
        )
    while spare:  # a kind ran out of distinct texts: top up from the heaviest kinds
        kind = max(weights, key=lambda k: weights[k] + R.random())
        text, v, lang, tid = maker(kind)
        if text in seen:
            continue
        seen.add(text)
        spare -= 1
        rows.append(
            {
                "text": text,
                "label": label,
                "kind": f"{kind}.{lang}",
                "template": tid,
                "probe": NAME,
                "id": hashlib.sha256(text.encode()).hexdigest()[:16],
                "value": v,
            }
        )
    return rows


def make_clean(kind: str):
    return pick(CK[kind])()


def main() -> None:
    seen: set[str] = set()
    rows = (
        build("secret", SK_W, N_SECRET, make_secret, seen)
        + build("pii", PK_W, N_PII, make_pii, seen)
        + build("clean", CK_W, N_CLEAN, make_clean, seen)
    )
    R.shuffle(rows)
    for r in rows:
        assert r["value"] and r["value"] in r["text"], r
    assert len({r["text"] for r in rows}) == len(rows) == N_SECRET + N_PII + N_CLEAN
    with OUT.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    lab = Counter(r["label"] for r in rows)
    print("labels:", dict(lab))
    for label in ("secret", "pii", "clean"):
        kinds = Counter(
            r["kind"].rsplit(".", 1)[0] for r in rows if r["label"] == label
        )
        print(
            f"{label}: {len(kinds)} kinds ->",
            ", ".join(f"{k}={n}" for k, n in sorted(kinds.items())),
        )
    print("templates:", len({r["template"] for r in rows}))
    print(
        "languages:",
        dict(Counter(r["kind"].rsplit(".", 1)[1] for r in rows).most_common()),
    )
    print("wrote", OUT)


if __name__ == "__main__":
    main()
