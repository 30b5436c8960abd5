# ruff: noqa: E501
"""Sensitivity set blind17.

Emphasis: text an AI agent stores while helping with
  (1) travel booking and expenses (passports, MRZ lines, loyalty numbers, cards,
      booking references, reimbursement IBANs, hotel addresses),
  (2) the admin work of a small clinic or pharmacy (patient national IDs,
      health-insurance numbers, diagnoses and prescriptions tied to names), and
  (3) mobile and web app development (app-store / push / maps / payment SDK keys
      in code, Gradle / Xcode / Fastlane / Firebase configs, .npmrc / .pypirc /
      git credentials, crash logs).
People come from 50+ countries on every inhabited continent, written in their
own languages where natural. National IDs are generated then checked with
python-stdnum, phones with phonenumbers, IBANs with a mod-97 check, cards with
Luhn; private keys are real keys made with `cryptography` from seeded bytes.
Clean rows are look-alikes from the same kinds of text (hashes, fingerprints,
publishable keys, placeholders, masked values, public business addresses...).

Writes sensitivity_blind17.jsonl beside this file: 600 rows (220 secret,
220 pii, 160 clean). Deterministic: random.Random(1717).
"""

import base64
import datetime as dt
import hashlib
import hmac
import json
import random
import re
import string
import unicodedata
import uuid
import zlib
from collections import Counter
from pathlib import Path

import phonenumbers
import stdnum.ar.cuit
import stdnum.ar.dni
import stdnum.at.vnr
import stdnum.au.tfn
import stdnum.be.nn
import stdnum.bg.egn
import stdnum.br.cpf
import stdnum.ca.bc_phn
import stdnum.ca.sin
import stdnum.ch.ssn
import stdnum.cl.rut
import stdnum.cn.ric
import stdnum.cr.cpf
import stdnum.cu.ni
import stdnum.cz.rc
import stdnum.de.idnr
import stdnum.dk.cpr
import stdnum.do.cedula
import stdnum.ec.ci
import stdnum.ee.ik
import stdnum.es.ccc
import stdnum.es.dni
import stdnum.es.nie
import stdnum.fi.hetu
import stdnum.fr.nir
import stdnum.gb.nhs
import stdnum.gr.amka
import stdnum.hr.oib
import stdnum.id.nik
import stdnum.ie.pps
import stdnum.il.idnr
import stdnum.in_.aadhaar
import stdnum.in_.pan
import stdnum.is_.kennitala
import stdnum.it.codicefiscale
import stdnum.jp.in_
import stdnum.ke.pin
import stdnum.kr.rrn
import stdnum.lt.asmens
import stdnum.mu.nid
import stdnum.mx.curp
import stdnum.my.nric
import stdnum.nl.bsn
import stdnum.no.fodselsnummer
import stdnum.nz.ird
import stdnum.pe.cui
import stdnum.pk.cnic
import stdnum.pl.pesel
import stdnum.pt.cc
import stdnum.ro.cnp
import stdnum.ru.inn
import stdnum.se.personnummer
import stdnum.si.emso
import stdnum.sk.rc
import stdnum.th.pin
import stdnum.tr.tckimlik
import stdnum.ua.rntrc
import stdnum.us.ssn
import stdnum.za.idnr
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from stdnum import iban as std_iban
from stdnum import luhn

SEED = 1717
R = random.Random(SEED)
OUT = Path(__file__).with_name("sensitivity_blind17.jsonl")

DIG = string.digits
UP = string.ascii_uppercase
LOW = string.ascii_lowercase
B62 = DIG + UP + LOW
B64 = UP + LOW + DIG + "+/"
B64URL = UP + LOW + DIG + "-_"
HEX = "0123456789abcdef"
B32 = UP + "234567"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def brute(make, valid, tries=200000):
    for _ in range(tries):
        c = make()
        if c is not None and valid(c):
            return c
    raise RuntimeError("no valid candidate")


# ---------------------------------------------------------------- people
# (first, last, sex, romanised "first last" or None)
NAMES = {
    "de": [
        ("Jürgen", "Weber", "m", None),
        ("Annika", "Schröder", "f", None),
        ("Mehmet", "Yıldırım", "m", "Mehmet Yildirim"),
    ],
    "at": [("Katharina", "Huber", "f", None), ("Florian", "Gruber", "m", None)],
    "ch": [("Luca", "Bernasconi", "m", None), ("Sabine", "Meier", "f", None)],
    "fr": [
        ("Camille", "Lefèvre", "f", None),
        ("Thomas", "Girard", "m", None),
        ("Nadia", "Benali", "f", None),
    ],
    "be": [("Lotte", "Peeters", "f", None), ("Jean-Marc", "Dubois", "m", None)],
    "nl": [("Sanne", "de Vries", "f", None), ("Daan", "Bakker", "m", None)],
    "es": [
        ("Lucía", "Fernández García", "f", None),
        ("Javier", "Martín Ruiz", "m", None),
    ],
    "pt": [("Inês", "Carvalho", "f", None), ("Tiago", "Sousa", "m", None)],
    "it": [("Giulia", "Romano", "f", None), ("Marco", "Esposito", "m", None)],
    "gb": [
        ("Oliver", "Bennett", "m", None),
        ("Priya", "Patel", "f", None),
        ("Fiona", "MacLeod", "f", None),
    ],
    "ie": [("Siobhán", "Murphy", "f", None), ("Cian", "O'Brien", "m", None)],
    "pl": [("Katarzyna", "Nowak", "f", None), ("Piotr", "Wiśniewski", "m", None)],
    "cz": [("Tereza", "Dvořáková", "f", None), ("Jan", "Novák", "m", None)],
    "sk": [("Zuzana", "Kováčová", "f", None), ("Martin", "Horváth", "m", None)],
    "se": [("Elin", "Lindqvist", "f", None), ("Johan", "Berg", "m", None)],
    "no": [("Ingrid", "Solberg", "f", None), ("Henrik", "Dahl", "m", None)],
    "dk": [("Freja", "Nielsen", "f", None), ("Mads", "Jørgensen", "m", None)],
    "fi": [("Aino", "Virtanen", "f", None), ("Mikko", "Korhonen", "m", None)],
    "is": [("Guðrún", "Sigurðardóttir", "f", None), ("Jón", "Einarsson", "m", None)],
    "ee": [("Kadri", "Tamm", "f", None), ("Rasmus", "Saar", "m", None)],
    "lt": [("Rūta", "Kazlauskienė", "f", None), ("Tomas", "Petrauskas", "m", None)],
    "bg": [
        ("Мария", "Иванова", "f", "Maria Ivanova"),
        ("Георги", "Петров", "m", "Georgi Petrov"),
    ],
    "ro": [("Ioana", "Popescu", "f", None), ("Andrei", "Ionescu", "m", None)],
    "hr": [("Ana", "Horvat", "f", None), ("Ivan", "Kovačević", "m", None)],
    "si": [("Nina", "Zupančič", "f", None), ("Luka", "Kranjc", "m", None)],
    "gr": [
        ("Ελένη", "Παπαδοπούλου", "f", "Eleni Papadopoulou"),
        ("Νίκος", "Γεωργίου", "m", "Nikos Georgiou"),
    ],
    "ru": [
        ("Анна", "Смирнова", "f", "Anna Smirnova"),
        ("Дмитрий", "Кузнецов", "m", "Dmitry Kuznetsov"),
    ],
    "ua": [
        ("Олена", "Коваленко", "f", "Olena Kovalenko"),
        ("Андрій", "Шевченко", "m", "Andriy Shevchenko"),
    ],
    "tr": [("Elif", "Demir", "f", None), ("Emre", "Kaya", "m", None)],
    "in": [
        ("Ananya", "Iyer", "f", None),
        ("Rohan", "Mehta", "m", None),
        ("Aarav", "Sharma", "m", None),
    ],
    "pk": [("Ayesha", "Khan", "f", None), ("Bilal", "Ahmed", "m", None)],
    "cn": [("芳", "王", "f", "Fang Wang"), ("伟", "李", "m", "Wei Li")],
    "jp": [
        ("美咲", "佐藤", "f", "Misaki Sato"),
        ("健太", "高橋", "m", "Kenta Takahashi"),
    ],
    "kr": [("지은", "김", "f", "Jieun Kim"), ("민준", "박", "m", "Minjun Park")],
    "my": [("Nurul Aisyah", "binti Hassan", "f", None), ("Wei Ming", "Tan", "m", None)],
    "th": [
        ("สมชาย", "ใจดี", "m", "Somchai Jaidee"),
        ("พิมพ์ชนก", "ศรีสุข", "f", "Pimchanok Srisuk"),
    ],
    "id": [("Siti", "Rahmawati", "f", None), ("Budi", "Santoso", "m", None)],
    "il": [("נועה", "כהן", "f", "Noa Cohen"), ("יוסי", "לוי", "m", "Yossi Levi")],
    "sg": [("Chloe", "Lim", "f", None), ("Arjun", "Nair", "m", None)],
    "vn": [
        ("Lan", "Nguyễn Thị", "f", "Lan Nguyen"),
        ("Minh", "Trần Văn", "m", "Minh Tran"),
    ],
    "ph": [("Maria Cristina", "Santos", "f", None), ("Jose", "Reyes", "m", None)],
    "ae": [
        ("فاطمة", "الهاشمي", "f", "Fatima Alhashimi"),
        ("Omar", "Al Mansoori", "m", None),
    ],
    "za": [("Thandiwe", "Nkosi", "f", None), ("Pieter", "van der Merwe", "m", None)],
    "ke": [("Wanjiru", "Kamau", "f", None), ("Otieno", "Odhiambo", "m", None)],
    "mu": [("Priya", "Ramgoolam", "f", None), ("Kevin", "Ramdin", "m", None)],
    "ng": [("Chiamaka", "Okafor", "f", None), ("Babatunde", "Adeyemi", "m", None)],
    "eg": [
        ("منى", "عبد الرحمن", "f", "Mona Abdelrahman"),
        ("Ahmed", "Hassan", "m", None),
    ],
    "ma": [("Salma", "El Idrissi", "f", None), ("Youssef", "Benjelloun", "m", None)],
    "gh": [("Akosua", "Mensah", "f", None), ("Kwame", "Boateng", "m", None)],
    "sn": [("Aminata", "Diop", "f", None), ("Moussa", "Ndiaye", "m", None)],
    "et": [("Selam", "Tesfaye", "f", None), ("Dawit", "Bekele", "m", None)],
    "us": [
        ("Jessica", "Miller", "f", None),
        ("Marcus", "Johnson", "m", None),
        ("Emily", "Nguyen", "f", None),
    ],
    "ca": [("Émilie", "Tremblay", "f", None), ("Ryan", "MacDonald", "m", None)],
    "mx": [
        ("Guadalupe", "Hernández López", "f", None),
        ("Luis", "Ramírez Torres", "m", None),
    ],
    "cr": [("María José", "Vargas", "f", None), ("Andrés", "Solís", "m", None)],
    "do": [("Yokasta", "Rodríguez", "f", None), ("Rafael", "Peña", "m", None)],
    "cu": [("Yanelis", "Pérez", "f", None), ("Osvaldo", "Díaz", "m", None)],
    "br": [("Ana Beatriz", "Souza", "f", None), ("Rafael", "Oliveira", "m", None)],
    "ar": [("Martina", "González", "f", None), ("Facundo", "Álvarez", "m", None)],
    "cl": [("Catalina", "Muñoz", "f", None), ("Matías", "Rojas", "m", None)],
    "ec": [("Gabriela", "Andrade", "f", None), ("Diego", "Castillo", "m", None)],
    "pe": [("Rosa", "Quispe", "f", None), ("Carlos", "Huamán", "m", None)],
    "co": [("Valentina", "Gómez", "f", None), ("Santiago", "Restrepo", "m", None)],
    "uy": [("Lucía", "Pereira", "f", None), ("Nicolás", "Fernández", "m", None)],
    "au": [("Chloe", "Mitchell", "f", None), ("Liam", "O'Connor", "m", None)],
    "nz": [("Aroha", "Ngata", "f", None), ("James", "Wilson", "m", None)],
    "fj": [("Mere", "Vunivalu", "f", None), ("Josefa", "Tuilagi", "m", None)],
}
CONTINENT = {
    **{
        c: "Europe"
        for c in [
            "de",
            "at",
            "ch",
            "fr",
            "be",
            "nl",
            "es",
            "pt",
            "it",
            "gb",
            "ie",
            "pl",
            "cz",
            "sk",
            "se",
            "no",
            "dk",
            "fi",
            "is",
            "ee",
            "lt",
            "bg",
            "ro",
            "hr",
            "si",
            "gr",
            "ru",
            "ua",
            "tr",
        ]
    },
    **{
        c: "Asia"
        for c in [
            "in",
            "pk",
            "cn",
            "jp",
            "kr",
            "my",
            "th",
            "id",
            "il",
            "sg",
            "vn",
            "ph",
            "ae",
        ]
    },
    **{c: "Africa" for c in ["za", "ke", "mu", "ng", "eg", "ma", "gh", "sn", "et"]},
    **{c: "North America" for c in ["us", "ca", "mx", "cr", "do", "cu"]},
    **{c: "South America" for c in ["br", "ar", "cl", "ec", "pe", "co", "uy"]},
    **{c: "Oceania" for c in ["au", "nz", "fj"]},
}
PHONE_REGION = {c: c.upper() for c in NAMES}
PHONE_REGION["gb"] = "GB"
MAIL = {
    "de": ["gmx.de", "web.de", "t-online.de"],
    "at": ["gmx.at", "aon.at"],
    "ch": ["bluewin.ch", "gmx.ch"],
    "fr": ["orange.fr", "free.fr", "laposte.net"],
    "be": ["skynet.be", "telenet.be"],
    "nl": ["ziggo.nl", "kpnmail.nl"],
    "es": ["hotmail.es", "telefonica.net"],
    "pt": ["sapo.pt", "gmail.com"],
    "it": ["libero.it", "virgilio.it"],
    "gb": ["btinternet.com", "outlook.com"],
    "ie": ["eircom.net", "gmail.com"],
    "pl": ["wp.pl", "o2.pl", "onet.pl"],
    "cz": ["seznam.cz", "email.cz"],
    "sk": ["azet.sk", "centrum.sk"],
    "se": ["telia.com", "gmail.com"],
    "no": ["online.no", "gmail.com"],
    "dk": ["mail.dk", "gmail.com"],
    "fi": ["kolumbus.fi", "gmail.com"],
    "ru": ["mail.ru", "yandex.ru"],
    "ua": ["ukr.net", "i.ua"],
    "cn": ["qq.com", "163.com"],
    "jp": ["yahoo.co.jp", "docomo.ne.jp"],
    "kr": ["naver.com", "daum.net"],
    "in": ["gmail.com", "rediffmail.com"],
    "br": ["uol.com.br", "bol.com.br", "gmail.com"],
    "ar": ["hotmail.com.ar", "yahoo.com.ar"],
    "us": ["gmail.com", "yahoo.com", "icloud.com"],
    "za": ["mweb.co.za", "gmail.com"],
    "au": ["bigpond.com", "gmail.com"],
    "nz": ["xtra.co.nz", "gmail.com"],
    "tr": ["hotmail.com", "gmail.com"],
}


def fold(s):
    s = (
        s.replace("ø", "o")
        .replace("ð", "d")
        .replace("ß", "ss")
        .replace("ı", "i")
        .replace("'", "")
    )
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)
    )


class Person:
    def __init__(self, cc, idx=None, sex=None):
        pool = [n for n in NAMES[cc] if sex is None or n[2] == sex]
        f, l_, sex, rom = pool[idx % len(pool)] if idx is not None else R.choice(pool)
        self.cc, self.first, self.last, self.sex = cc, f, l_, sex
        if cc in ("cn", "jp", "kr"):
            self.name = l_ + f
        elif cc == "vn":
            self.name = f"{l_} {f}"
        else:
            self.name = f"{f} {l_}"
        self.rom = rom or fold(f"{f} {l_}")
        y = R.randint(1948, 2006)
        self.dob = dt.date(y, R.randint(1, 12), R.randint(1, 28))

    def email(self):
        parts = self.rom.lower().replace("-", " ").split()
        fst, lst = parts[0], parts[-1]
        style = R.randrange(6)
        local = [
            f"{fst}.{lst}",
            f"{fst[0]}{lst}",
            f"{fst}{lst}{self.dob.year % 100:02d}",
            f"{lst}.{fst}",
            f"{fst}_{lst}{R.randint(1, 99)}",
            f"{fst}{self.dob.year}",
        ][style]
        dom = R.choice(MAIL.get(self.cc, ["gmail.com", "yahoo.com", "outlook.com"]))
        return f"{local}@{dom}"


DOBFMT = {
    "us": "%m/%d/%Y",
    "de": "%d.%m.%Y",
    "at": "%d.%m.%Y",
    "ch": "%d.%m.%Y",
    "pl": "%d.%m.%Y",
    "cz": "%d. %m. %Y",
    "sk": "%d. %m. %Y",
    "ru": "%d.%m.%Y",
    "ua": "%d.%m.%Y",
    "fi": "%d.%m.%Y",
    "no": "%d.%m.%Y",
    "dk": "%d.%m.%Y",
    "tr": "%d.%m.%Y",
    "bg": "%d.%m.%Y г.",
    "se": "%Y-%m-%d",
    "lt": "%Y-%m-%d",
    "cn": "%Y年%m月%d日",
    "jp": "%Y年%m月%d日",
    "kr": "%Y.%m.%d",
    "hu": "%Y.%m.%d",
    "ca": "%Y-%m-%d",
}


def fmt_dob(p):
    f = DOBFMT.get(p.cc, "%d/%m/%Y")
    return p.dob.strftime(f)


# ---------------------------------------------------------------- national ids
def yymmdd(d):
    return d.strftime("%y%m%d")


def ddmmyy(d):
    return d.strftime("%d%m%y")


def id_de_idnr(p):
    def make():
        digs = list(DIG)
        R.shuffle(digs)
        nine = digs[:9]
        ten = nine + [R.choice(nine)]
        R.shuffle(ten)
        if ten[0] == "0":
            return "0"
        return "".join(ten) + R.choice(DIG)

    n = brute(make, stdnum.de.idnr.is_valid)
    return R.choice([n, f"{n[:2]} {n[2:5]} {n[5:8]} {n[8:]}"])


def id_fr_nir(p):
    def make():
        body = (
            ("1" if p.sex == "m" else "2")
            + p.dob.strftime("%y%m")
            + R.choice(["75", "69", "13", "33", "59", "2A", "67"])
            + f"{R.randint(1, 250):03d}"
            + f"{R.randint(1, 400):03d}"
        )
        return body + stdnum.fr.nir.calc_check_digits(body)

    n = brute(make, stdnum.fr.nir.is_valid)
    return R.choice([n, stdnum.fr.nir.format(n)])


def id_es_dni(p):
    n = brute(lambda: rs(DIG, 8) + R.choice(UP), stdnum.es.dni.is_valid)
    return R.choice([n, n[:8] + "-" + n[8:]])


def id_es_nie(p):
    return brute(
        lambda: R.choice("XYZ") + rs(DIG, 7) + R.choice(UP), stdnum.es.nie.is_valid
    )


def _cf_part(s, is_name):
    s = fold(s).upper().replace(" ", "")
    cons = [c for c in s if c.isalpha() and c not in "AEIOU"]
    vow = [c for c in s if c in "AEIOU"]
    if is_name and len(cons) >= 4:
        cons = [cons[0], cons[2], cons[3]]
    return ("".join(cons + vow) + "XXX")[:3]


def id_it_cf(p):
    months = "ABCDEHLMPRST"
    day = p.dob.day + (40 if p.sex == "f" else 0)
    body = (
        _cf_part(p.last, False)
        + _cf_part(p.first, True)
        + p.dob.strftime("%y")
        + months[p.dob.month - 1]
        + f"{day:02d}"
        + R.choice(["H501", "F205", "F839", "L219", "G273", "A944"])
    )
    return body + stdnum.it.codicefiscale.calc_check_digit(body)


def id_pt_cc(p):
    n = brute(lambda: rs(DIG, 9) + rs(UP, 2) + R.choice(DIG), stdnum.pt.cc.is_valid)
    return f"{n[:8]} {n[8]} {n[9:]}"


def id_nl_bsn(p):
    n = brute(lambda: R.choice("123456") + rs(DIG, 8), stdnum.nl.bsn.is_valid)
    return R.choice([n, f"{n[:4]}.{n[4:6]}.{n[6:]}"])


def id_be_nn(p):
    n = brute(
        lambda: (
            yymmdd(p.dob)
            + f"{R.randrange(1, 997, 2) + (0 if p.sex == 'm' else 1):03d}"
            + rs(DIG, 2)
        ),
        stdnum.be.nn.is_valid,
    )
    return stdnum.be.nn.format(n)


def id_pl_pesel(p):
    m = p.dob.month + (20 if p.dob.year >= 2000 else 0)
    return brute(
        lambda: (
            p.dob.strftime("%y")
            + f"{m:02d}{p.dob.day:02d}"
            + rs(DIG, 3)
            + R.choice("13579" if p.sex == "m" else "02468")
            + R.choice(DIG)
        ),
        stdnum.pl.pesel.is_valid,
    )


def id_se_pnr(p):
    n = brute(
        lambda: (
            yymmdd(p.dob)
            + "-"
            + rs(DIG, 2)
            + R.choice("13579" if p.sex == "m" else "02468")
            + R.choice(DIG)
        ),
        stdnum.se.personnummer.is_valid,
    )
    return n


def id_no_fnr(p):
    return brute(
        lambda: (
            ddmmyy(p.dob)
            + (
                f"{R.randint(0, 49):02d}"
                if p.dob.year < 2000
                else f"{R.randint(50, 99):02d}"
            )
            + R.choice("13579" if p.sex == "m" else "02468")
            + rs(DIG, 2)
        ),
        stdnum.no.fodselsnummer.is_valid,
    )


def id_dk_cpr(p):
    n = brute(
        lambda: (
            ddmmyy(p.dob) + rs(DIG, 3) + R.choice("13579" if p.sex == "m" else "02468")
        ),
        stdnum.dk.cpr.is_valid,
    )
    return n[:6] + "-" + n[6:]


def id_fi_hetu(p):
    sign = "-" if p.dob.year < 2000 else "A"

    def make():
        ind = f"{R.randint(2, 899):03d}"
        chk = "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(ddmmyy(p.dob) + ind) % 31]
        return ddmmyy(p.dob) + sign + ind + chk

    return brute(make, stdnum.fi.hetu.is_valid)


def _balt(p, mod):
    g = (3 if p.sex == "m" else 4) if p.dob.year < 2000 else (5 if p.sex == "m" else 6)
    return brute(lambda: str(g) + yymmdd(p.dob) + rs(DIG, 4), mod.is_valid)


def id_ee_ik(p):
    return _balt(p, stdnum.ee.ik)


def id_lt_asm(p):
    return _balt(p, stdnum.lt.asmens)


def id_bg_egn(p):
    m = p.dob.month + (40 if p.dob.year >= 2000 else 0)
    return brute(
        lambda: (
            p.dob.strftime("%y")
            + f"{m:02d}{p.dob.day:02d}"
            + rs(DIG, 2)
            + R.choice("02468" if p.sex == "m" else "13579")
            + R.choice(DIG)
        ),
        stdnum.bg.egn.is_valid,
    )


def id_ro_cnp(p):
    s = (
        ("1" if p.sex == "m" else "2")
        if p.dob.year < 2000
        else ("5" if p.sex == "m" else "6")
    )
    return brute(
        lambda: (
            s + yymmdd(p.dob) + f"{R.randint(1, 46):02d}" + rs(DIG, 3) + R.choice(DIG)
        ),
        stdnum.ro.cnp.is_valid,
    )


def id_cz_rc(p):
    m = p.dob.month + (50 if p.sex == "f" else 0)
    n = brute(
        lambda: p.dob.strftime("%y") + f"{m:02d}{p.dob.day:02d}" + rs(DIG, 4),
        stdnum.cz.rc.is_valid,
    )
    return n[:6] + "/" + n[6:]


def id_sk_rc(p):
    m = p.dob.month + (50 if p.sex == "f" else 0)
    n = brute(
        lambda: p.dob.strftime("%y") + f"{m:02d}{p.dob.day:02d}" + rs(DIG, 4),
        stdnum.sk.rc.is_valid,
    )
    return n[:6] + "/" + n[6:]


def id_hr_oib(p):
    return brute(lambda: R.choice("123456789") + rs(DIG, 10), stdnum.hr.oib.is_valid)


def id_si_emso(p):
    return brute(
        lambda: (
            p.dob.strftime("%d%m")
            + p.dob.strftime("%Y")[1:]
            + "50"
            + (
                f"{R.randint(0, 499):03d}"
                if p.sex == "m"
                else f"{R.randint(500, 999):03d}"
            )
            + R.choice(DIG)
        ),
        stdnum.si.emso.is_valid,
    )


def id_gb_nhs(p):
    n = brute(lambda: R.choice("456") + rs(DIG, 9), stdnum.gb.nhs.is_valid)
    return R.choice([f"{n[:3]} {n[3:6]} {n[6:]}", n, f"{n[:3]}-{n[3:6]}-{n[6:]}"])


def id_ie_pps(p):
    return brute(
        lambda: rs(DIG, 7) + R.choice(UP) + R.choice(["", "", "A"]),
        stdnum.ie.pps.is_valid,
    )


def id_gr_amka(p):
    return brute(lambda: ddmmyy(p.dob) + rs(DIG, 5), stdnum.gr.amka.is_valid)


def id_ch_ahv(p):
    n = brute(lambda: "756" + rs(DIG, 10), stdnum.ch.ssn.is_valid)
    return stdnum.ch.ssn.format(n)


def id_at_svnr(p):
    n = brute(
        lambda: R.choice("123456789") + rs(DIG, 3) + ddmmyy(p.dob),
        stdnum.at.vnr.is_valid,
    )
    return R.choice([n, n[:4] + " " + n[4:]])


def id_is_kt(p):
    return brute(
        lambda: ddmmyy(p.dob) + rs(DIG, 3) + ("9" if p.dob.year < 2000 else "0"),
        stdnum.is_.kennitala.is_valid,
    )


def id_in_aadhaar(p):
    n = brute(lambda: R.choice("23456789") + rs(DIG, 11), stdnum.in_.aadhaar.is_valid)
    return f"{n[:4]} {n[4:8]} {n[8:]}"


def id_in_pan(p):
    return brute(
        lambda: rs(UP, 3) + "P" + fold(p.last)[0].upper() + rs(DIG, 4) + R.choice(UP),
        stdnum.in_.pan.is_valid,
    )


def id_cn_ric(p):
    return brute(
        lambda: (
            R.choice(["110105", "310104", "440305", "510107", "330106"])
            + p.dob.strftime("%Y%m%d")
            + rs(DIG, 2)
            + R.choice("13579" if p.sex == "m" else "02468")
            + R.choice(DIG + "X")
        ),
        stdnum.cn.ric.is_valid,
    )


def id_kr_rrn(p):
    g = (
        ("1" if p.sex == "m" else "2")
        if p.dob.year < 2000
        else ("3" if p.sex == "m" else "4")
    )
    n = brute(lambda: yymmdd(p.dob) + g + rs(DIG, 6), stdnum.kr.rrn.is_valid)
    return n[:6] + "-" + n[6:]


def id_jp_mynumber(p):
    n = brute(lambda: rs(DIG, 12), stdnum.jp.in_.is_valid)
    return R.choice([n, f"{n[:4]} {n[4:8]} {n[8:]}"])


def id_my_nric(p):
    n = brute(
        lambda: (
            yymmdd(p.dob)
            + R.choice(["14", "10", "07", "01", "08"])
            + rs(DIG, 3)
            + R.choice("13579" if p.sex == "m" else "02468")
        ),
        stdnum.my.nric.is_valid,
    )
    return f"{n[:6]}-{n[6:8]}-{n[8:]}"


def id_th_pin(p):
    n = brute(lambda: R.choice("12345678") + rs(DIG, 12), stdnum.th.pin.is_valid)
    return f"{n[0]}-{n[1:5]}-{n[5:10]}-{n[10:12]}-{n[12]}"


def id_id_nik(p):
    d = p.dob.day + (40 if p.sex == "f" else 0)
    return brute(
        lambda: (
            R.choice(["317101", "327301", "357801", "347101", "517101"])
            + f"{d:02d}"
            + p.dob.strftime("%m%y")
            + f"{R.randint(1, 9999):04d}"
        ),
        stdnum.id.nik.is_valid,
    )


def id_tr_tc(p):
    return brute(
        lambda: R.choice("123456789") + rs(DIG, 10), stdnum.tr.tckimlik.is_valid
    )


def id_il_id(p):
    return brute(lambda: R.choice("0123") + rs(DIG, 8), stdnum.il.idnr.is_valid)


def id_pk_cnic(p):
    n = brute(
        lambda: (
            R.choice("1234567")
            + rs(DIG, 11)
            + R.choice("13579" if p.sex == "m" else "02468")
        ),
        stdnum.pk.cnic.is_valid,
    )
    return f"{n[:5]}-{n[5:12]}-{n[12]}"


def id_za_id(p):
    g = R.randint(5000, 9999) if p.sex == "m" else R.randint(0, 4999)
    return brute(
        lambda: yymmdd(p.dob) + f"{g:04d}" + "08" + R.choice(DIG),
        stdnum.za.idnr.is_valid,
    )


def id_mu_nid(p):
    return brute(
        lambda: (
            fold(p.last)[0].upper() + ddmmyy(p.dob) + rs(DIG, 6) + R.choice(DIG + UP)
        ),
        stdnum.mu.nid.is_valid,
    )


def id_ke_pin(p):
    return brute(lambda: "A" + rs(DIG, 9) + R.choice(UP), stdnum.ke.pin.is_valid)


def id_us_ssn(p):
    n = brute(
        lambda: (
            f"{R.randint(1, 665):03d}{R.randint(1, 99):02d}{R.randint(1, 9999):04d}"
        ),
        stdnum.us.ssn.is_valid,
    )
    return f"{n[:3]}-{n[3:5]}-{n[5:]}"


def id_ca_sin(p):
    n = brute(lambda: R.choice("1234567") + rs(DIG, 8), stdnum.ca.sin.is_valid)
    return R.choice([f"{n[:3]} {n[3:6]} {n[6:]}", f"{n[:3]}-{n[3:6]}-{n[6:]}"])


def id_ca_phn(p):
    n = brute(lambda: "9" + rs(DIG, 9), stdnum.ca.bc_phn.is_valid)
    return f"{n[:4]} {n[4:7]} {n[7:]}"


def _first_inner_consonant(s):
    return next((c for c in s[1:] if c not in "AEIOU"), "X")


def id_mx_curp(p):
    def make():
        last = fold(p.last).upper().split()
        first = fold(p.first).upper().split()[0]
        a = last[0]
        v = next((c for c in a[1:] if c in "AEIOU"), "X")
        b = last[1][0] if len(last) > 1 else "X"
        body = (
            a[0]
            + v
            + b
            + first[0]
            + yymmdd(p.dob)
            + ("H" if p.sex == "m" else "M")
            + R.choice(["DF", "JC", "NL", "PL", "VZ"])
            + _first_inner_consonant(a)
            + (_first_inner_consonant(last[1]) if len(last) > 1 else "X")
            + _first_inner_consonant(first)
            + ("0" if p.dob.year < 2000 else "A")
        )
        return body + R.choice(DIG)

    return brute(make, stdnum.mx.curp.is_valid)


def id_cr_cpf(p):
    n = brute(lambda: "0" + R.choice("1234567") + rs(DIG, 8), stdnum.cr.cpf.is_valid)
    return stdnum.cr.cpf.format(n)


def id_do_ced(p):
    n = brute(
        lambda: R.choice(["001", "402", "031", "223"]) + rs(DIG, 8),
        stdnum.do.cedula.is_valid,
    )
    return f"{n[:3]}-{n[3:10]}-{n[10]}"


def id_cu_ni(p):
    c = R.choice("012345") if p.dob.year < 2000 else R.choice("678")
    return brute(
        lambda: (
            yymmdd(p.dob)
            + c
            + rs(DIG, 2)
            + R.choice("02468" if p.sex == "m" else "13579")
            + R.choice(DIG)
        ),
        stdnum.cu.ni.is_valid,
    )


def id_br_cpf(p):
    n = brute(lambda: rs(DIG, 11), stdnum.br.cpf.is_valid)
    return R.choice([stdnum.br.cpf.format(n), n])


def id_ar_cuil(p):
    n = brute(
        lambda: (
            ("20" if p.sex == "m" else "27")
            + f"{R.randint(20000000, 45999999)}"
            + R.choice(DIG)
        ),
        stdnum.ar.cuit.is_valid,
    )
    return f"{n[:2]}-{n[2:10]}-{n[10]}"


def id_ar_dni(p):
    n = f"{R.randint(20000000, 45999999)}"
    return f"{n[:2]}.{n[2:5]}.{n[5:]}"


def id_cl_rut(p):
    n = brute(
        lambda: str(R.randint(8000000, 24999999)) + R.choice(DIG + "K"),
        stdnum.cl.rut.is_valid,
    )
    return stdnum.cl.rut.format(n)


def id_ec_ci(p):
    return brute(
        lambda: f"{R.randint(1, 24):02d}" + R.choice("012345") + rs(DIG, 7),
        stdnum.ec.ci.is_valid,
    )


def id_pe_cui(p):
    n = brute(lambda: rs(DIG, 8) + R.choice(DIG), stdnum.pe.cui.is_valid)
    return n[:8] + "-" + n[8]


def id_au_tfn(p):
    n = brute(lambda: rs(DIG, 9), stdnum.au.tfn.is_valid)
    return f"{n[:3]} {n[3:6]} {n[6:]}"


def id_nz_ird(p):
    n = brute(lambda: R.choice("1") + rs(DIG, 8), stdnum.nz.ird.is_valid)
    return f"{n[:3]}-{n[3:6]}-{n[6:]}"


def id_ru_inn(p):
    return brute(
        lambda: R.choice(["77", "78", "50", "66"]) + rs(DIG, 10),
        lambda c: len(c) == 12 and stdnum.ru.inn.is_valid(c),
    )


def id_ua_rntrc(p):
    return brute(lambda: rs(DIG, 10), stdnum.ua.rntrc.is_valid)


IDGEN = {k[3:]: v for k, v in globals().items() if k.startswith("id_") and callable(v)}


# ---------------------------------------------------------------- phones, cards, iban, passports
PNT = phonenumbers.PhoneNumberType
PNF = phonenumbers.PhoneNumberFormat


def gen_phone(region, kind="mobile"):
    t = PNT.MOBILE if kind == "mobile" else PNT.FIXED_LINE
    ex = phonenumbers.example_number_for_type(region, t)
    nsn = phonenumbers.national_significant_number(ex)
    keep = max(2, len(nsn) - 6)

    def make():
        return phonenumbers.parse(
            "+" + str(ex.country_code) + nsn[:keep] + rs(DIG, len(nsn) - keep)
        )

    def ok(n):
        return phonenumbers.is_valid_number(n) and phonenumbers.number_type(n) in (
            (PNT.MOBILE, PNT.FIXED_LINE_OR_MOBILE)
            if kind == "mobile"
            else (PNT.FIXED_LINE, PNT.FIXED_LINE_OR_MOBILE)
        )

    return brute(make, ok)


def fmt_phone(n, style):
    return phonenumbers.format_number(
        n, {"intl": PNF.INTERNATIONAL, "nat": PNF.NATIONAL, "e164": PNF.E164}[style]
    )


CARD_PREFIX = {
    "visa": (["4"], 16),
    "mc": (["51", "52", "53", "54", "55", "2221", "2720", "2305"], 16),
    "amex": (["34", "37"], 15),
    "jcb": (["3528", "3589", "3530"], 16),
    "unionpay": (["6212", "6228", "6259"], 16),
    "discover": (["6011", "65"], 16),
    "mir": (["2200", "2202", "2204"], 16),
    "elo": (["636368", "504175", "451416"], 16),
    "rupay": (["6081", "6521", "6522"], 16),
}


def gen_card(brand):
    pre, ln = CARD_PREFIX[brand]
    body = R.choice(pre)
    body += rs(DIG, ln - 1 - len(body))
    n = body + luhn.calc_check_digit(body)
    assert luhn.is_valid(n)
    if ln == 15:
        return R.choice([f"{n[:4]} {n[4:10]} {n[10:]}", n])
    return R.choice(
        [
            " ".join(n[i : i + 4] for i in range(0, 16, 4)),
            n,
            "-".join(n[i : i + 4] for i in range(0, 16, 4)),
        ]
    )


IBAN_PAT = {  # bban as (alphabet, length) chunks
    "DE": [(DIG, 18)],
    "AT": [(DIG, 16)],
    "CH": [(DIG, 5), (DIG + UP, 12)],
    "FR": [(DIG, 10), (DIG, 11), (DIG, 2)],
    "BE": [(DIG, 12)],
    "NL": [(["ABNA", "INGB", "RABO", "SNSB", "TRIO", "KNAB"], 1), (DIG, 10)],
    "ES": None,
    "PT": [(DIG, 21)],
    "IT": [(UP, 1), (DIG, 10), (DIG, 12)],
    "GB": [(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"], 1), (DIG, 14)],
    "IE": [(["AIBK", "BOFI"], 1), (DIG, 14)],
    "PL": [(DIG, 24)],
    "SE": [(DIG, 20)],
    "NO": [(DIG, 11)],
    "DK": [(DIG, 14)],
    "FI": [(DIG, 14)],
    "CZ": [(DIG, 20)],
    "RO": [(["BTRL", "RNCB", "BRDE", "INGB"], 1), (DIG + UP, 16)],
    "HR": [(DIG, 17)],
    "GR": [(DIG, 23)],
    "TR": [(DIG, 6), (DIG, 16)],
    "BR": [(DIG, 23), (UP, 1), (DIG + UP, 1)],
    "MU": [(UP, 4), (DIG, 19), (UP, 3)],
    "EG": [(DIG, 25)],
    "AE": [(DIG, 19)],
    "IL": [(DIG, 19)],
    "SK": [(DIG, 20)],
    "LT": [(DIG, 16)],
    "EE": [(DIG, 16)],
    "SI": [(DIG, 15)],
    "BG": [(UP, 4), (DIG, 6), (DIG + UP, 8)],
    "PK": [(UP, 4), (DIG, 16)],
}


def gen_iban(cc):
    cc = cc.upper()

    def make():
        if cc == "ES":
            b = rs(DIG, 8)
            acc = rs(DIG, 10)
            bban = b + stdnum.es.ccc.calc_check_digits(b + "00" + acc) + acc
        else:
            bban = ""
            for alpha, n in IBAN_PAT[cc]:
                bban += R.choice(alpha) if isinstance(alpha, list) else rs(alpha, n)
        chk = std_iban.calc_check_digits(cc + "00" + bban)
        return cc + chk + bban

    n = brute(make, std_iban.is_valid)
    return R.choice([std_iban.format(n), n, std_iban.format(n)])


PASSPORT = {
    "us": lambda: R.choice("56") + rs(DIG, 8),
    "gb": lambda: "1" + rs(DIG, 8),
    "de": lambda: R.choice("CFGHJK") + rs("CFGHJKLMNPRTVWXYZ0123456789", 8),
    "fr": lambda: rs(DIG, 2) + rs(UP, 2) + rs(DIG, 5),
    "in": lambda: R.choice("JKLMNPRSTUVWZ") + rs(DIG, 7),
    "cn": lambda: "E" + R.choice(UP) + rs(DIG, 7),
    "jp": lambda: R.choice(["TK", "TR", "TZ", "MZ"]) + rs(DIG, 7),
    "br": lambda: rs(UP, 2) + rs(DIG, 6),
    "au": lambda: R.choice(["PA", "PB", "RA"]) + rs(DIG, 7),
    "za": lambda: "A" + rs(DIG, 8),
    "ng": lambda: "A" + rs(DIG, 8),
    "ke": lambda: "AK" + rs(DIG, 7),
    "ca": lambda: rs(UP, 2) + rs(DIG, 6),
    "mx": lambda: "G" + rs(DIG, 8),
    "it": lambda: "Y" + R.choice(UP) + rs(DIG, 7),
    "es": lambda: rs(UP, 3) + rs(DIG, 6),
    "nl": lambda: rs(UP, 2) + rs(UP + DIG, 6) + R.choice(DIG),
    "kr": lambda: "M" + rs(DIG, 8),
    "pl": lambda: rs(UP, 2) + rs(DIG, 7),
    "se": lambda: rs(DIG, 8),
    "eg": lambda: "A" + rs(DIG, 8),
    "ph": lambda: "P" + rs(DIG, 7) + R.choice(UP),
    "ar": lambda: "AA" + rs(DIG, 7),
    "nz": lambda: "L" + R.choice(UP) + rs(DIG, 6),
    "tr": lambda: "U" + rs(DIG, 8),
    "th": lambda: "AA" + rs(DIG, 7),
    "gh": lambda: "G" + rs(DIG, 7),
    "pk": lambda: rs(UP, 2) + rs(DIG, 7),
    "co": lambda: "AT" + rs(DIG, 6),
    "sg": lambda: "K" + rs(DIG, 7) + R.choice(UP),
    "ie": lambda: rs(UP, 2) + rs(DIG, 7),
    "ma": lambda: rs(UP, 2) + rs(DIG, 7),
    "vn": lambda: "C" + rs(DIG, 7),
    "ch": lambda: "X" + rs(DIG, 7),
    "pe": lambda: rs(DIG, 9),
    "cl": lambda: "F" + rs(DIG, 8),
}
ISO3 = {
    "us": "USA",
    "gb": "GBR",
    "de": "D",
    "fr": "FRA",
    "in": "IND",
    "cn": "CHN",
    "jp": "JPN",
    "br": "BRA",
    "au": "AUS",
    "za": "ZAF",
    "ng": "NGA",
    "ke": "KEN",
    "ca": "CAN",
    "mx": "MEX",
    "it": "ITA",
    "es": "ESP",
    "nl": "NLD",
    "kr": "KOR",
    "pl": "POL",
    "se": "SWE",
    "eg": "EGY",
    "ph": "PHL",
    "nz": "NZL",
    "tr": "TUR",
    "th": "THA",
    "gh": "GHA",
    "pk": "PAK",
    "co": "COL",
    "sg": "SGP",
    "ie": "IRL",
    "ma": "MAR",
    "vn": "VNM",
    "ch": "CHE",
    "pe": "PER",
    "cl": "CHL",
    "ar": "ARG",
}


def mrz_check(s):
    w = [7, 3, 1]

    def v(c):
        return int(c) if c.isdigit() else (0 if c == "<" else ord(c) - 55)

    return str(sum(v(c) * w[i % 3] for i, c in enumerate(s)) % 10)


def gen_mrz(p, num):
    nat = ISO3[p.cc].ljust(3, "<")
    parts = fold(p.rom).upper().replace("-", " ").split()
    sur, giv = parts[-1], "<".join(parts[:-1])
    l1 = ("P<" + nat + sur + "<<" + giv).ljust(44, "<")[:44]
    exp = dt.date(R.randint(2026, 2034), R.randint(1, 12), R.randint(1, 28))
    pn = num.ljust(9, "<")[:9]
    dob = yymmdd(p.dob)
    ex = yymmdd(exp)
    pers = "<" * 14
    body = (
        pn
        + mrz_check(pn)
        + nat
        + dob
        + mrz_check(dob)
        + ("M" if p.sex == "m" else "F")
        + ex
        + mrz_check(ex)
        + pers
        + mrz_check(pers)
    )
    comp = (
        pn
        + mrz_check(pn)
        + dob
        + mrz_check(dob)
        + ex
        + mrz_check(ex)
        + pers
        + mrz_check(pers)
    )
    l2 = body + mrz_check(comp)
    assert len(l1) == 44 and len(l2) == 44
    return l1 + "\n" + l2


FF = {
    "mm": lambda: (
        "992 00" + rs(DIG, 1) + " " + rs(DIG, 3) + " " + rs(DIG, 3) + " " + rs(DIG, 3)
    ),
    "fb": lambda: rs(DIG, 10),
    "ba": lambda: rs(DIG, 8),
    "ua": lambda: rs(UP, 2) + rs(DIG, 6),
    "ek": lambda: "EK " + rs(DIG, 9),
    "qf": lambda: rs(DIG, 10),
    "sq": lambda: "8" + rs(DIG, 9),
    "bonvoy": lambda: rs(DIG, 9),
    "hh": lambda: rs(DIG, 9),
    "latam": lambda: rs(DIG, 11),
    "dl": lambda: rs(DIG, 10),
    "ihg": lambda: rs(DIG, 9),
    "tk": lambda: "TK" + rs(DIG, 9),
}


def gen_pnr():
    return rs("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 6)


# German health insurance KVNR: letter + 8 digits + check digit
def gen_kvnr():
    letter = R.choice(UP)
    body = f"{ord(letter) - 64:02d}" + rs(DIG, 8)
    s = 0
    for i, c in enumerate(body):
        v = int(c) * (1 if i % 2 == 0 else 2)
        s += v // 10 + v % 10
    return letter + body[2:] + str(s % 10)


def gen_mbi():  # US Medicare Beneficiary Identifier, CMS format
    a = "ACDEFGHJKMNPQRTUVWXY"
    an = a + DIG
    return (
        R.choice("123456789")
        + R.choice(a)
        + R.choice(an)
        + R.choice(DIG)
        + "-"
        + R.choice(a)
        + R.choice(an)
        + R.choice(DIG)
        + "-"
        + R.choice(a)
        + R.choice(a)
        + R.choice(DIG)
        + R.choice(DIG)
    )


def gen_cns():  # Brazil Cartão Nacional de Saúde, definitive (starts 1/2) mod 11
    def make():
        return R.choice("12") + rs(DIG, 14)

    n = brute(make, lambda c: sum(int(d) * (15 - i) for i, d in enumerate(c)) % 11 == 0)
    return f"{n[:3]} {n[3:7]} {n[7:11]} {n[11:]}"


def gen_medicare_au():
    def make():
        b = R.choice("23456") + rs(DIG, 7)
        w = [1, 3, 7, 9, 1, 3, 7, 9]
        return (
            b
            + str(sum(int(d) * w[i] for i, d in enumerate(b)) % 10)
            + R.choice("12345")
        )

    n = make()
    return f"{n[:4]} {n[4:9]} {n[9]}"


def gen_nss_mx():
    b = rs(DIG, 10)
    return b + luhn.calc_check_digit(b)


# ---------------------------------------------------------------- home addresses
ADDR = {
    "de": lambda: (
        f"{R.choice(['Lindenstraße', 'Am Mühlbach', 'Goethestr.', 'Kastanienallee', 'Hauptstraße'])} {R.randint(2, 120)}, {R.choice(['50667 Köln', '80331 München', '04109 Leipzig', '20095 Hamburg', '70173 Stuttgart'])}"
    ),
    "fr": lambda: (
        f"{R.randint(3, 88)} {R.choice(['rue des Tanneurs', 'avenue Jean-Jaurès', 'rue du Moulin', 'boulevard Voltaire'])}, {R.choice(['69007 Lyon', '31000 Toulouse', '44000 Nantes', '75011 Paris'])}"
    ),
    "es": lambda: (
        f"C/ {R.choice(['Alcalá', 'de la Paz', 'Mayor', 'San Vicente'])} {R.randint(2, 140)}, {R.randint(1, 8)}º {R.choice('ABCD')}, {R.choice(['28014 Madrid', '46001 València', '41004 Sevilla'])}"
    ),
    "it": lambda: (
        f"Via {R.choice(['Garibaldi', 'dei Mille', 'Roma', 'San Martino'])} {R.randint(2, 90)}, {R.choice(['20121 Milano', '10123 Torino', '80134 Napoli', '40126 Bologna'])}"
    ),
    "nl": lambda: (
        f"{R.choice(['Prinsengracht', 'Kerkstraat', 'Molenweg', 'Lindelaan'])} {R.randint(2, 300)}{R.choice(['', '-2', ' A'])}, {R.randint(1011, 9999)} {rs('ABCDEGHJKLMNPRSTVWXZ', 2)} {R.choice(['Amsterdam', 'Utrecht', 'Groningen', 'Eindhoven'])}"
    ),
    "gb": lambda: (
        f"{R.randint(2, 140)} {R.choice(['Elm Grove', 'Church Lane', 'Victoria Road', 'Albert Street'])}, {R.choice(['Leeds LS6 2AB', 'Bristol BS7 8EU', 'Manchester M20 4PL', 'Glasgow G12 8QQ'])}"
    ),
    "us": lambda: (
        f"{R.randint(100, 9899)} {R.choice(['Maple Ave', 'W 87th St', 'Oak Ridge Dr', 'Cedar Ln'])}{R.choice(['', ', Apt 4B', ', Unit 12'])}, {R.choice(['Austin, TX 78704', 'Columbus, OH 43215', 'Portland, OR 97214', 'Brooklyn, NY 11215'])}"
    ),
    "br": lambda: (
        f"Rua {R.choice(['das Flores', 'Augusta', 'Sete de Setembro', 'Bento Gonçalves'])}, {R.randint(10, 1999)}, apto {R.randint(11, 1204)} – {R.choice(['São Paulo – SP, 01305-000', 'Porto Alegre – RS, 90010-150', 'Recife – PE, 50050-000'])}"
    ),
    "mx": lambda: (
        f"Calle {R.choice(['Durango', 'Hidalgo', 'Morelos', 'Juárez'])} {R.randint(10, 450)}, Col. {R.choice(['Roma Norte', 'Centro', 'Del Valle'])}, {R.choice(['06700 Ciudad de México, CDMX', '44100 Guadalajara, Jal.'])}"
    ),
    "au": lambda: (
        f"{R.randint(2, 98)} {R.choice(['Wattle St', 'Bay Rd', 'Kingsford Ave', 'Station St'])}, {R.choice(['Fitzroy VIC 3065', 'Newtown NSW 2042', 'Paddington QLD 4064'])}"
    ),
    "jp": lambda: (
        f"〒{R.randint(100, 199)}-{R.randint(1000, 9999)} 東京都{R.choice(['世田谷区', '杉並区', '目黒区'])}{R.choice(['北沢', '高円寺南', '自由が丘'])}{R.randint(1, 5)}-{R.randint(1, 30)}-{R.randint(1, 20)}"
    ),
    "pl": lambda: (
        f"ul. {R.choice(['Długa', 'Mickiewicza', 'Ogrodowa', 'Kwiatowa'])} {R.randint(1, 80)}/{R.randint(1, 40)}, {R.choice(['00-238 Warszawa', '30-001 Kraków', '80-831 Gdańsk'])}"
    ),
    "za": lambda: (
        f"{R.randint(3, 99)} {R.choice(['Jacaranda Ave', 'Main Rd', 'Kloof St'])}, {R.choice(['Observatory, Cape Town, 7925', 'Melville, Johannesburg, 2092'])}"
    ),
    "ke": lambda: (
        f"{R.choice(['Hse No.', 'House'])} {R.randint(2, 60)}, {R.choice(['Ngong Road', 'Othaya Road', 'Lenana Road'])}, {R.choice(['Kilimani', 'Lavington'])}, Nairobi"
    ),
    "se": lambda: (
        f"{R.choice(['Storgatan', 'Björkvägen', 'Södra Vägen'])} {R.randint(2, 60)}, {R.choice(['411 38 Göteborg', '113 51 Stockholm', '222 21 Lund'])}"
    ),
    "ca": lambda: (
        f"{R.randint(100, 9999)} rue {R.choice(['Saint-Denis', 'Beaubien Est', 'Rachel Ouest'])}, {R.choice(['Montréal (QC) H2J 2L1', 'Québec (QC) G1R 4P5'])}"
    ),
    "in": lambda: (
        f"Flat {R.randint(101, 1204)}, {R.choice(['Sai Krupa Apts', 'Green Park Residency', 'Lakshmi Nivas'])}, {R.choice(['Indiranagar, Bengaluru 560038', 'Andheri West, Mumbai 400053', 'T. Nagar, Chennai 600017'])}"
    ),
    "ar": lambda: (
        f"Av. {R.choice(['Corrientes', 'Santa Fe', 'Rivadavia'])} {R.randint(100, 5999)}, piso {R.randint(1, 12)} {R.choice('ABCD')}, C{R.randint(1000, 1499)}AAB CABA"
    ),
    "pt": lambda: (
        f"Rua {R.choice(['de Santa Catarina', 'do Almada', 'Morais Soares'])}, {R.randint(1, 300)}, {R.randint(1, 5)}º Esq., {R.choice(['1000-196 Lisboa', '4050-031 Porto'])}"
    ),
    "tr": lambda: (
        f"{R.choice(['Bağdat Cad.', 'Moda Cad.', 'Atatürk Bulvarı'])} No: {R.randint(1, 300)} D: {R.randint(1, 20)}, {R.choice(['Kadıköy/İstanbul', 'Çankaya/Ankara'])}"
    ),
    "nz": lambda: (
        f"{R.randint(3, 220)} {R.choice(['Ponsonby Rd', 'Cuba St', 'Riccarton Rd'])}, {R.choice(['Grey Lynn, Auckland 1021', 'Te Aro, Wellington 6011', 'Christchurch 8041'])}"
    ),
    "ng": lambda: (
        f"{R.randint(2, 40)} {R.choice(['Adeola Odeku St', 'Awolowo Rd', 'Bode Thomas St'])}, {R.choice(['Victoria Island', 'Ikoyi', 'Surulere'])}, Lagos"
    ),
}


# ---------------------------------------------------------------- secrets
def b62_6(n):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(6, "0")


def gh_token(prefix):
    body = rs(B62, 30)
    return prefix + body + b62_6(zlib.crc32(body.encode()))


def npm_token():
    body = rs(B62, 30)
    return "npm_" + body + b62_6(zlib.crc32(body.encode()))


def pypi_token():
    raw = (
        b"\x02\x01\x08pypi.org\x02\x25\x00\x08"
        + R.randbytes(8)
        + b"\x00\x06"
        + R.randbytes(130)
    )
    return "pypi-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def jwt(payload):
    h = b64url(
        json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode()
    )
    p = b64url(json.dumps(payload, separators=(",", ":")).encode())
    sig = hmac.new(R.randbytes(32), f"{h}.{p}".encode(), hashlib.sha256).digest()
    return f"{h}.{p}.{b64url(sig)}"


def human_pw():
    words = [
        "Sommer",
        "Lisboa",
        "kaffee",
        "Tigre",
        "Orchid",
        "Falcon",
        "Praxis",
        "Mango",
        "Nordlicht",
        "sakura",
        "Kilimanjaro",
        "Pampa",
        "Baobab",
        "Fjord",
        "Cacau",
        "Tulpe",
    ]
    return R.choice(
        [
            lambda: R.choice(words) + str(R.randint(1990, 2025)) + R.choice("!#$%&*?"),
            lambda: (
                R.choice(words)
                + R.choice("._-#")
                + R.choice(words).lower()
                + str(R.randint(10, 99))
            ),
            lambda: (
                rs(B62, 4)
                + R.choice("!@#$%")
                + rs(B62, 5)
                + R.choice("!@#$%")
                + rs(DIG, 2)
            ),
            lambda: (
                R.choice(words).lower()
                + "-"
                + R.choice(words).lower()
                + "-"
                + R.choice(words).lower()
                + str(R.randint(1, 9))
            ),
        ]
    )()


def strong_pw(n=20):
    return rs(B62 + "!*_-.~$", n)


def _int_key(nbits):
    return int.from_bytes(R.randbytes(nbits // 8), "big")


def ec_p8():
    k = ec.derive_private_key(_int_key(256) % (2**255) + 1, ec.SECP256R1())
    return (
        k.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        .decode()
        .strip()
    )


def ed_pem():
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


def _is_prime(n):
    if n < 2:
        return False
    for sp in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % sp == 0:
            return n == sp
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


def _prime(bits):
    while True:
        c = _int_key(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if _is_prime(c) and (c - 1) % 65537:
            return c


def rsa_key(bits=2048):
    e = 65537
    p, q = _prime(bits // 2), _prime(bits // 2)
    n = p * q
    phi = (p - 1) * (q - 1)
    d = pow(e, -1, phi)
    nums = rsa.RSAPrivateNumbers(
        p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), rsa.RSAPublicNumbers(e, n)
    )
    return nums.private_key()


def rsa_pem(fmt="pkcs1", bits=2048):
    k = rsa_key(bits)
    f = (
        serialization.PrivateFormat.TraditionalOpenSSL
        if fmt == "pkcs1"
        else serialization.PrivateFormat.PKCS8
    )
    return (
        k.private_bytes(serialization.Encoding.PEM, f, serialization.NoEncryption())
        .decode()
        .strip()
    )


def s3_presigned(kind=None):
    akid = "AKIA" + rs(B32, 16)
    bucket, key = R.choice(
        [
            ("clinic-scans-prod", "referrals/ref_0093.pdf"),
            ("trip-receipts", "2025/03/receipt_7781.pdf"),
            ("app-release-builds", "android/app-release-412.aab"),
        ]
    )
    return (
        f"https://{bucket}.s3.eu-central-1.amazonaws.com/{key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F20250311%2Feu-central-1%2Fs3%2Faws4_request"
        f"&X-Amz-Date=20250311T091522Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature={rs(HEX, 64)}"
    )


def gcs_signed(kind):
    bucket, obj, proj = {
        "builds": ("mobile-builds-7731", "ios/App-2.14.0.ipa", "brisa-app"),
        "invoices": ("pharmacy-invoices", "2025-02/inv-3391.pdf", "farmacia-sol"),
    }[kind]
    return (
        f"https://storage.googleapis.com/{bucket}/{obj}?X-Goog-Algorithm=GOOG4-RSA-SHA256"
        f"&X-Goog-Credential=uploader%40{proj}.iam.gserviceaccount.com%2F20250214%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250214T100105Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature={rs(HEX, 512)}"
    )


def azure_sas():
    sig = (
        base64.b64encode(R.randbytes(32))
        .decode()
        .replace("+", "%2B")
        .replace("/", "%2F")
        .replace("=", "%3D")
    )
    return f"sv=2022-11-02&ss=b&srt=co&sp=rwdlacx&se=2025-12-31T23:59:59Z&st=2025-01-01T00:00:00Z&spr=https&sig={sig}"


def mapbox(kind):
    user = R.choice(["kofi-dev", "tripmate", "linhapp", "rutas-io"])
    pl = b64url(
        json.dumps({"u": user, "a": rs(LOW + DIG, 25)}, separators=(",", ":")).encode()
    )
    return f"{kind}.{pl}.{rs(B64URL, 22)}"


def docker_auth():
    return base64.b64encode(
        f"{R.choice(['ci-bot', 'deploy', 'mobile-ci'])}:{strong_pw(24)}".encode()
    ).decode()


def recovery_codes():
    return "\n".join(
        f"{rs(LOW + DIG, 5)}-{rs(LOW + DIG, 5)}" for _ in range(R.choice([6, 8]))
    )


def sa_json():
    pid = R.choice(["mediapp-prod-4471", "trip-buddy-2c9a1", "farmacia-app-b17"])
    pem = rsa_pem("pkcs8")
    d = {
        "type": "service_account",
        "project_id": pid,
        "private_key_id": rs(HEX, 40),
        "private_key": pem + "\n",
        "client_email": f"firebase-adminsdk-{rs(LOW + DIG, 5)}@{pid}.iam.gserviceaccount.com",
        "client_id": rs(DIG, 21),
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    return json.dumps(d, indent=2), pem.replace("\n", "\\n")


def ssh_pub():
    k = ed25519.Ed25519PrivateKey.from_private_bytes(R.randbytes(32)).public_key()
    return k.public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
    ).decode()


def pem_pub():
    k = ec.derive_private_key(_int_key(256) % (2**255) + 1, ec.SECP256R1()).public_key()
    return (
        k.public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )


def fp_colon(nbytes):
    return ":".join(rs("0123456789ABCDEF", 2) for _ in range(nbytes))


def gen_pzn():
    def make():
        b = rs(DIG, 7)
        c = sum(int(d) * (i + 1) for i, d in enumerate(b)) % 11
        return b + str(c) if c < 10 else None

    return brute(make, lambda c: c is not None)


def gen_npi_org():
    def make():
        b = R.choice("1") + rs(DIG, 8)
        return b + luhn.calc_check_digit("80840" + b)

    return make()


def gen_ean13():
    b = R.choice(["400", "590", "789", "471", "890"]) + rs(DIG, 9)
    s = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(b))
    return b + str((10 - s % 10) % 10)


def gen_ulid():
    return rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26)


GEN = {
    # --- secrets
    "aws_akid": lambda a: "AKIA" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16),
    "aws_secret": lambda a: rs(UP + LOW + DIG + "/+", 40),
    "ghp": lambda a: gh_token("ghp_"),
    "gho": lambda a: gh_token("gho_"),
    "ghs": lambda a: gh_token("ghs_"),
    "github_pat": lambda a: "github_pat_" + rs(B62, 22) + "_" + rs(B62, 59),
    "glpat": lambda a: "glpat-" + rs(B62 + "-_", 20),
    "npm": lambda a: npm_token(),
    "pypi": lambda a: pypi_token(),
    "sk_live": lambda a: "sk_live_" + rs(B62, R.choice([24, 99])),
    "rk_live": lambda a: "rk_live_" + rs(B62, 99),
    "sk_test": lambda a: "sk_test_" + rs(B62, 99),
    "whsec": lambda a: "whsec_" + rs(B62, 32),
    "gkey": lambda a: "AIzaSy" + rs(B62 + "-_", 33),
    "fcm": lambda a: "AAAA" + rs(B62 + "-_", 7) + ":APA91b" + rs(B62 + "-_", 134),
    "p8": lambda a: ec_p8(),
    "rsa": lambda a: rsa_pem("pkcs1"),
    "rsa8": lambda a: rsa_pem("pkcs8"),
    "ed": lambda a: ed_pem(),
    "slack_hook": lambda a: (
        f"https://hooks.slack.com/services/T{rs(UP + DIG, 8)}/B{rs(UP + DIG, 10)}/{rs(B62, 24)}"
    ),
    "xoxb": lambda a: f"xoxb-{rs(DIG, 12)}-{rs(DIG, 13)}-{rs(B62, 24)}",
    "xoxp": lambda a: f"xoxp-{rs(DIG, 12)}-{rs(DIG, 12)}-{rs(DIG, 13)}-{rs(HEX, 32)}",
    "discord_hook": lambda a: (
        f"https://discord.com/api/webhooks/{R.randint(10**17, 10**19 - 1)}/{rs(B62 + '-_', 68)}"
    ),
    "teams_hook": lambda a: (
        f"https://{R.choice(['contoso', 'clinicasol', 'farmaplus'])}.webhook.office.com/webhookb2/{uuid.UUID(int=R.getrandbits(128), version=4)}@{uuid.UUID(int=R.getrandbits(128), version=4)}/IncomingWebhook/{rs(HEX, 32)}/{uuid.UUID(int=R.getrandbits(128), version=4)}/V2{rs(B62 + '-_', 43)}"
    ),
    "tw_sid": lambda a: "AC" + rs(HEX, 32),
    "tw_tok": lambda a: rs(HEX, 32),
    "tw_sk": lambda a: "SK" + rs(HEX, 32),
    "sendgrid": lambda a: "SG." + rs(B62 + "-_", 22) + "." + rs(B62 + "-_", 43),
    "mailgun": lambda a: "key-" + rs(HEX, 32),
    "mb_sk": lambda a: mapbox("sk"),
    "mb_pk": lambda a: mapbox("pk"),
    "amadeus_id": lambda a: rs(B62, 32),
    "amadeus_secret": lambda a: rs(B62, 16),
    "duffel": lambda a: "duffel_live_" + rs(B62 + "-_", 43),
    "duffel_test": lambda a: "duffel_test_" + rs(B62 + "-_", 43),
    "braintree": lambda a: f"access_token$production${rs(LOW + DIG, 16)}${rs(HEX, 32)}",
    "square": lambda a: "EAAA" + rs(B62 + "-_", 60),
    "sq_secret": lambda a: "sq0csp-" + rs(B62 + "-_", 43),
    "paypal": lambda a: "E" + rs(B62 + "-_", 79),
    "rzp_id": lambda a: "rzp_live_" + rs(B62, 14),
    "rzp_secret": lambda a: rs(B62, 24),
    "paystack": lambda a: "sk_live_" + rs(HEX, 40),
    "flw": lambda a: f"FLWSECK-{rs(HEX, 32)}-X",
    "shopify": lambda a: "shpat_" + rs(HEX, 32),
    "sentry": lambda a: "sntryu_" + rs(HEX, 64),
    "expo": lambda a: rs(B62 + "_-", 40),
    "gocspx": lambda a: "GOCSPX-" + rs(B62 + "-_", 28),
    "g_refresh": lambda a: "1//0" + R.choice("39gc") + rs(B62 + "-_", 99),
    "ya29": lambda a: "ya29.a0" + rs(B62 + "-_", 150),
    "hex32": lambda a: rs(HEX, 32),
    "hex40": lambda a: rs(HEX, 40),
    "hex64": lambda a: rs(HEX, 64),
    "alnum32": lambda a: rs(B62, 32),
    "alnum40": lambda a: rs(B62, 40),
    "alnum24": lambda a: rs(B62, 24),
    "asp": lambda a: "-".join(rs(LOW, 4) for _ in range(4)),
    "atbb": lambda a: "ATBB" + rs(B62, 28) + rs("0123456789ABCDEF", 8),
    "tg": lambda a: f"{R.randint(10**9, 8 * 10**9)}:AA{rs(B62 + '-_', 33)}",
    "atsk": lambda a: "atsk_" + rs(HEX, 64),
    "totp": lambda a: rs(B32, 32),
    "totp16": lambda a: rs(B32, 16),
    "recovery": lambda a: recovery_codes(),
    "pw": lambda a: human_pw(),
    "spw": lambda a: strong_pw(int(a) if a else 20),
    "pin": lambda a: rs(DIG, int(a) if a else 4),
    "s3url": lambda a: s3_presigned(),
    "gcsurl": lambda a: gcs_signed(a),
    "sas": lambda a: azure_sas(),
    "django_sid": lambda a: rs(LOW + DIG, 32),
    "express_sid": lambda a: "s%3A" + rs(B62 + "-_", 32) + "." + rs(B62 + "%", 43),
    "docker": lambda a: docker_auth(),
    "onesignal": lambda a: "os_v2_app_" + rs(LOW + "234567", 108),
    "jwt": lambda a: jwt(
        {
            "sub": rs(DIG, 7),
            "iss": a or "https://auth.example-app.io",
            "iat": 1741680000 + R.randint(0, 9999999),
            "exp": 1741690000 + R.randint(0, 9999999),
            "scope": "read write",
        }
    ),
    "jwt_svc": lambda a: jwt(
        {
            "iss": "supabase",
            "ref": rs(LOW, 20),
            "role": "service_role",
            "iat": 1710000000,
            "exp": 2025576000,
        }
    ),
    "fb_token": lambda a: "EAAG" + rs(B62, 180),
    "myacinfo": lambda a: "DAW47V3" + rs(HEX, 180),
    "age_key": lambda a: (
        "AGE-SECRET-KEY-1" + rs("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    ),
    "hf": lambda a: "hf_" + rs(UP + LOW, 34),
    "openai": lambda a: "sk-proj-" + rs(B62 + "-_", 156),
    "wpa": lambda a: human_pw(),
    "rc_sk": lambda a: "sk_" + rs(B62, 32),
    # --- clean
    "sha256": lambda a: rs(HEX, 64),
    "sha1": lambda a: rs(HEX, 40),
    "md5": lambda a: rs(HEX, 32),
    "gitshort": lambda a: rs(HEX, R.choice([7, 8, 10])),
    "uuid": lambda a: str(uuid.UUID(int=R.getrandbits(128), version=4)),
    "UUID": lambda a: str(uuid.UUID(int=R.getrandbits(128), version=4)).upper(),
    "reqid": lambda a: "req_" + rs(B62, 14),
    "traceparent": lambda a: f"00-{rs(HEX, 32)}-{rs(HEX, 16)}-01",
    "sri": lambda a: "sha512-" + base64.b64encode(R.randbytes(64)).decode(),
    "ssh_pub": lambda a: ssh_pub(),
    "pem_pub": lambda a: pem_pub(),
    "fp256": lambda a: fp_colon(32),
    "fp1": lambda a: fp_colon(20),
    "fbappid": lambda a: (
        f"1:{rs(DIG, 12)}:{a or 'android'}:{rs(HEX, 16 if a != 'web' else 22)}"
    ),
    "stripe_pk": lambda a: "pk_live_" + rs(B62, 99),
    "pzn": lambda a: gen_pzn(),
    "npi_org": lambda a: gen_npi_org(),
    "ean13": lambda a: gen_ean13(),
    "ulid": lambda a: gen_ulid(),
    "teamid": lambda a: rs(UP + DIG, 10),
    "keyid": lambda a: rs(UP + DIG, 10),
    "hex16": lambda a: rs(HEX, 16),
    "addr0x": lambda a: "0x0000000" + R.choice("12") + rs(HEX, 8),
    "ipa_sz": lambda a: f"{R.randint(30, 190)}.{R.randint(0, 9)} MB",
    "lot": lambda a: rs(UP, 2) + rs(DIG, 4) + R.choice(["", rs(UP, 1)]),
    "biz_phone": lambda a: fmt_phone(gen_phone(a or "DE", "fixed"), "intl"),
    "int": lambda a: str(R.randint(*map(int, a.split("-")))),
}


def person_gen(key, arg, ctx):
    p = ctx["p"]
    if key == "name":
        return p.name
    if key == "first":
        return p.first
    if key == "last":
        return p.last
    if key == "rom":
        return p.rom
    if key == "ROM":
        return fold(p.rom).upper()
    if key == "dob":
        return fmt_dob(p)
    if key == "dob_iso":
        return p.dob.isoformat()
    if key == "dob_us":
        return p.dob.strftime("%m/%d/%Y")
    if key == "dob_long":
        return p.dob.strftime("%d %B %Y").lstrip("0")
    if key == "age":
        return str(2025 - p.dob.year - (1 if (p.dob.month, p.dob.day) > (3, 15) else 0))
    if key == "email":
        return p.email()
    if key.startswith("phone"):
        n = gen_phone(arg or PHONE_REGION[p.cc])
        return fmt_phone(
            n, {"phone": "intl", "phone_nat": "nat", "phone_e164": "e164"}[key]
        )
    if key == "addr":
        return ADDR[arg or p.cc]()
    if key == "id":
        return IDGEN[arg](p)
    if key == "passport":
        return PASSPORT[arg or p.cc]()
    if key == "mrz":
        num = ctx["cache"].get("passport") or PASSPORT[p.cc]()
        return gen_mrz(p, num)
    if key == "card":
        return gen_card(arg)
    if key == "iban":
        return gen_iban(arg or p.cc)
    if key == "ff":
        return FF[arg]()
    if key == "pnr":
        return gen_pnr()
    if key == "kvnr":
        return gen_kvnr()
    if key == "mbi":
        return gen_mbi()
    if key == "cns":
        return gen_cns()
    if key == "medicare":
        return gen_medicare_au()
    if key == "nss":
        return gen_nss_mx()
    raise KeyError(key)


PH = re.compile(r"«([A-Za-z_0-9]+)(?::([A-Za-z0-9_\-]+))?(?:#(\d))?»")
CHOICE = re.compile(r"⟦([^⟦⟧]*)⟧")


def render(tpl, cc):
    sex = None
    if cc and "/" in cc:
        cc, sex = cc.split("/")
    ctx = {
        "p": Person(cc, sex=sex)
        if cc
        else Person(R.choice(["us", "gb", "de", "in", "br"])),
        "cache": {},
    }
    tpl = CHOICE.sub(lambda m: R.choice(m.group(1).split("|")), tpl)

    def repl(m):
        key, arg, inst = m.group(1), m.group(2), m.group(3)
        ck = key + (":" + arg if arg else "") + ("#" + inst if inst else "")
        if ck not in ctx["cache"]:
            if key == "sa_json":
                txt, val = sa_json()
                ctx["cache"]["sa_json_value"] = val
                ctx["cache"][ck] = txt
            elif key in GEN:
                ctx["cache"][ck] = GEN[key](arg)
            else:
                ctx["cache"][ck] = person_gen(key, arg, ctx)
        return ctx["cache"][ck]

    text = PH.sub(repl, tpl)
    return text, ctx["cache"]


# ================================================================= PII rows
# (cc, kind, domain, value key, template)
PII = [
    # ---------------- travel: passports / MRZ
    (
        "de",
        "passport.note",
        "travel",
        "passport",
        "Reisepass «name»: Nr. «passport», gültig bis ⟦03/2031|11.2030|2032⟧ – im Lufthansa-Profil für den Online-Check-in hinterlegt",
    ),
    (
        "us",
        "passport.note",
        "travel",
        "passport",
        "passport # for «name» (Lisbon offsite): «passport», exp ⟦08/2032|2031-04-30⟧, issued by U.S. Department of State",
    ),
    (
        "in",
        "passport.chat",
        "travel",
        "passport",
        "ok so «first»'s passport no is «passport» — need it for the VFS Schengen appointment on 14 Apr, pls don't lose it again",
    ),
    (
        "cn",
        "passport.note",
        "travel",
        "passport",
        "«name»的护照号码：«passport»，有效期至2030年5月，已用于预订东航MU589航班",
    ),
    (
        "jp",
        "passport.note",
        "travel",
        "passport",
        "«name»様 旅券番号 «passport»（有効期限 2029/11）— JALの予約に登録済み",
    ),
    (
        "br/f",
        "passport.note",
        "travel",
        "passport",
        "Passaporte da «name»: «passport», validade 03/2030. Usar no check-in online da TAP (GRU→LIS).",
    ),
    (
        "fr",
        "passport.note",
        "travel",
        "passport",
        "Passeport de «name» : n° «passport», délivré par la préfecture du Rhône, expire en 2029 – à saisir pour le vol AF 1148",
    ),
    (
        "kr",
        "passport.note",
        "travel",
        "passport",
        "«name» 여권번호 «passport» (만료 2031.02) — 대한항공 예약에 입력 완료",
    ),
    (
        "za",
        "passport.chat",
        "travel",
        "passport",
        "heads up, «first»'s passport number is «passport», the Emirates booking still shows the old expired one",
    ),
    (
        "ke",
        "passport.form",
        "travel",
        "passport",
        "Traveller: «name» | Nationality: Kenyan | Passport: «passport» | Expiry: 2030-09-18 | Purpose: Kigali health summit",
    ),
    (
        "eg",
        "passport.note",
        "travel",
        "passport",
        "رقم جواز سفر «name»: «passport» — مطلوب لحجز الفندق في دبي",
    ),
    (
        "ph",
        "passport.form",
        "travel",
        "passport",
        "pax 2 — «ROM», PHL passport «passport», valid until 12/2029, needs Japan visa sticker",
    ),
    (
        "tr",
        "passport.note",
        "travel",
        "passport",
        "«name» pasaport no: «passport» (bordo, 2033'e kadar geçerli) – THY rezervasyonuna eklendi",
    ),
    (
        "gb",
        "mrz.ocr",
        "travel",
        "mrz",
        "OCR of «first»'s passport photo page (for the APIS fields):\n«mrz»",
    ),
    (
        "ng",
        "mrz.ocr",
        "travel",
        "mrz",
        "APIS data for «name» — machine-readable zone:\n«mrz»",
    ),
    (
        "au",
        "mrz.ocr",
        "travel",
        "mrz",
        "scan came out fine, MRZ below\n«mrz»\ncan you copy it into the Qantas form",
    ),
    (
        "mx",
        "mrz.ocr",
        "travel",
        "mrz",
        "Zona de lectura mecánica del pasaporte de «name» (para el registro previo de Aeroméxico):\n«mrz»",
    ),
    (
        "it",
        "mrz.ocr",
        "travel",
        "mrz",
        "MRZ del passaporto di «name», letta dall'app della compagnia:\n«mrz»",
    ),
    (
        "sg",
        "passport.note",
        "travel",
        "passport",
        "«name» SG passport «passport» — renewing in June, don't book anything past May on the old one",
    ),
    (
        "co",
        "passport.note",
        "travel",
        "passport",
        "Pasaporte de «name»: «passport», vence en 2028. Avianca lo pidió para el vuelo BOG–MAD.",
    ),
    # ---------------- travel: national IDs needed for bookings
    (
        "es",
        "natid.hotel",
        "travel",
        "id:es_dni",
        "Registro de viajeros para el hotel de Sevilla: «name», DNI «id:es_dni», nacionalidad española, llegada 12/04",
    ),
    (
        "it",
        "natid.invoice",
        "travel",
        "id:it_cf",
        "Per la fattura dell'albergo a Bologna serve il codice fiscale di «name»: «id:it_cf»",
    ),
    (
        "pt/f",
        "natid.booking",
        "travel",
        "id:pt_cc",
        "Cartão de Cidadão da «name»: «id:pt_cc» — a agência pediu para o voo interno para o Funchal",
    ),
    (
        "cn",
        "natid.rail",
        "travel",
        "id:cn_ric",
        "12306 购票乘车人：«name»，身份证号 «id:cn_ric»，G7 北京南→上海虹桥",
    ),
    (
        "br",
        "natid.booking",
        "travel",
        "id:br_cpf",
        "pra emitir a passagem da Gol precisa do CPF: «name» – «id:br_cpf»",
    ),
    (
        "ar",
        "natid.invoice",
        "travel",
        "id:ar_cuil",
        "Factura A del hotel en Bariloche a nombre de «name», CUIL «id:ar_cuil»",
    ),
    (
        "cl",
        "natid.booking",
        "travel",
        "id:cl_rut",
        "Pasajero: «name» · RUT «id:cl_rut» · vuelo LATAM SCL–PMC 18/07",
    ),
    (
        "pe",
        "natid.booking",
        "travel",
        "id:pe_cui",
        "para el vuelo interno a Cusco necesitan el DNI de «name»: «id:pe_cui»",
    ),
    (
        "tr",
        "natid.booking",
        "travel",
        "id:tr_tc",
        "İç hat bileti için T.C. kimlik no – «name»: «id:tr_tc»",
    ),
    (
        "in",
        "natid.booking",
        "travel",
        "id:in_aadhaar",
        "DigiYatra enrolment for «name»: Aadhaar «id:in_aadhaar», linked to the IndiGo BLR–DEL booking",
    ),
    (
        "id",
        "natid.booking",
        "travel",
        "id:id_nik",
        "Data penumpang Garuda CGK–DPS: «name», NIK «id:id_nik»",
    ),
    (
        "th",
        "natid.booking",
        "travel",
        "id:th_pin",
        "ผู้โดยสาร «name» เลขบัตรประชาชน «id:th_pin» สำหรับเที่ยวบินภายในประเทศ",
    ),
    (
        "kr",
        "natid.form",
        "travel",
        "id:kr_rrn",
        "렌터카 계약서 — 운전자 «name», 주민등록번호 «id:kr_rrn»",
    ),
    (
        "my",
        "natid.booking",
        "travel",
        "id:my_nric",
        "Penumpang: «name», No. MyKad «id:my_nric» — tiket ETS KL Sentral ke Ipoh",
    ),
    (
        "fi",
        "natid.booking",
        "travel",
        "id:fi_hetu",
        "VR:n yritysmatkatili: matkustaja «name», henkilötunnus «id:fi_hetu»",
    ),
    (
        "ec",
        "natid.booking",
        "travel",
        "id:ec_ci",
        "Cédula de «name» para el vuelo a Galápagos (ingreso INGALA): «id:ec_ci»",
    ),
    (
        "do",
        "natid.booking",
        "travel",
        "id:do_ced",
        "Reserva en Punta Cana a nombre de «name», cédula «id:do_ced»",
    ),
    # ---------------- travel: cards
    (
        "us",
        "card.expense",
        "travel",
        "card:amex",
        "corporate Amex for «name»: «card:amex», exp 09/27 — use this one for the NYC hotel, not the Visa",
    ),
    (
        "ma",
        "card.chat",
        "travel",
        "card:visa",
        "J'ai payé l'acompte du riad avec la Visa de «first» : «card:visa» (exp 11/26)",
    ),
    (
        "jp",
        "card.note",
        "travel",
        "card:jcb",
        "ホテル保証用クレジットカード（«name»）: JCB «card:jcb» 有効期限 08/28",
    ),
    (
        "cn",
        "card.note",
        "travel",
        "card:unionpay",
        "«name»的银联卡 «card:unionpay»，用于支付上海酒店押金",
    ),
    (
        "ru",
        "card.note",
        "travel",
        "card:mir",
        "Карта для оплаты гостиницы (держатель — «name»): «card:mir», срок 07/27",
    ),
    (
        "br/f",
        "card.chat",
        "travel",
        "card:elo",
        "o cartão Elo da «first» é «card:elo», validade 05/29 — usar pra reservar o hotel em Floripa",
    ),
    (
        "in",
        "card.note",
        "travel",
        "card:rupay",
        "IRCTC payment — «name»'s RuPay debit card «card:rupay», exp 02/28",
    ),
    (
        "de",
        "card.note",
        "travel",
        "card:mc",
        "Kreditkarte für die Mietwagen-Kaution (Sixt, Mallorca): Mastercard von «name», «card:mc», gültig bis 10/27",
    ),
    (
        "gb",
        "card.chat",
        "travel",
        "card:visa",
        "card for the Eurostar refund is «first»'s personal Visa «card:visa» — not the company card",
    ),
    (
        "ar",
        "card.note",
        "travel",
        "card:mc",
        "Tarjeta de «name» para Aerolíneas: Mastercard «card:mc», vto. 04/28",
    ),
    # ---------------- travel: IBAN (reimbursements)
    (
        "de",
        "iban.expense",
        "travel",
        "iban:DE",
        "Reisekostenerstattung an «name»: 412,80 € auf IBAN «iban:DE»",
    ),
    (
        "fr",
        "iban.expense",
        "travel",
        "iban:FR",
        "Note de frais (Lyon–Bruxelles) de «name» : virement de 236,40 € sur le compte FR «iban:FR»",
    ),
    (
        "nl",
        "iban.expense",
        "travel",
        "iban:NL",
        "declaratie «name» — treinreis + hotel Gent, €318,15 terugstorten op «iban:NL»",
    ),
    (
        "es",
        "iban.expense",
        "travel",
        "iban:ES",
        "Reembolso dietas congreso Valencia a «name», IBAN «iban:ES»",
    ),
    (
        "pl",
        "iban.expense",
        "travel",
        "iban:PL",
        "Zwrot kosztów delegacji dla «name»: 1 240,00 zł na konto «iban:PL»",
    ),
    (
        "ch",
        "iban.expense",
        "travel",
        "iban:CH",
        "Spesen «name» (Zürich–Genf, Hotel): CHF 389.60 → «iban:CH»",
    ),
    (
        "tr",
        "iban.expense",
        "travel",
        "iban:TR",
        "«name» harcırah ödemesi – IBAN: «iban:TR»",
    ),
    (
        "mu",
        "iban.expense",
        "travel",
        "iban:MU",
        "Refund of the Port Louis conference fee to «name», IBAN «iban:MU»",
    ),
    (
        "se",
        "iban.expense",
        "travel",
        "iban:SE",
        "Utlägg «name»: taxi Arlanda + hotell, 2 870 kr till «iban:SE»",
    ),
    (
        "ie",
        "iban.expense",
        "travel",
        "iban:IE",
        "mileage claim for «first» (Cork → Galway, 208 km) — pay into «iban:IE»",
    ),
    # ---------------- travel: loyalty
    (
        "de",
        "loyalty.note",
        "travel",
        "ff:mm",
        "Miles & More von «name»: «ff:mm» – bitte bei der Buchung FRA–GRU eintragen",
    ),
    (
        "fr",
        "loyalty.note",
        "travel",
        "ff:fb",
        "Numéro Flying Blue de «name» : «ff:fb» (statut Gold)",
    ),
    (
        "us",
        "loyalty.note",
        "travel",
        "ff:ua",
        "«name» MileagePlus #«ff:ua» and Marriott Bonvoy «ff:bonvoy», add both to the Chicago trip",
    ),
    (
        "ae/f",
        "loyalty.note",
        "travel",
        "ff:ek",
        "Skywards number for «name»: «ff:ek» — Platinum, so she gets chauffeur drive",
    ),
    # ---------------- travel: dob / address / phone / email / health
    (
        "us/f",
        "dob.form",
        "travel",
        "dob_iso",
        "Secure Flight data — «ROM» / DOB «dob_iso» / gender F / redress none",
    ),
    (
        "de",
        "dob.note",
        "travel",
        "dob",
        "Geburtsdatum von «name» (für die BahnCard 25 Bestellung): «dob»",
    ),
    (
        "pl",
        "dob.chat",
        "travel",
        "dob",
        "data urodzenia «first» do biletu PKP z ulgą: «dob»",
    ),
    (
        "au",
        "dob.form",
        "travel",
        "dob",
        "ETA application (Japan trip) — «name», born «dob», passport «passport:au»",
    ),
    (
        "gb",
        "addr.note",
        "travel",
        "addr",
        "send the returned visa docs to «name»'s home: «addr»",
    ),
    (
        "de",
        "addr.note",
        "travel",
        "addr",
        "Rückversand des Reisepasses per Einschreiben an die Privatadresse von «name»: «addr»",
    ),
    (
        "jp",
        "addr.note",
        "travel",
        "addr",
        "«name»さんの自宅住所（航空券の領収書送付先）：«addr»",
    ),
    (
        "ng",
        "addr.note",
        "travel",
        "addr",
        "courier the UK visa pack to «first» at home — «addr»",
    ),
    (
        "it",
        "phone.chat",
        "travel",
        "phone_nat",
        "il cellulare di «first» per il transfer dall'aeroporto è «phone_nat»",
    ),
    (
        "gh",
        "phone.note",
        "travel",
        "phone",
        "airport pickup in Accra: «name», WhatsApp «phone»",
    ),
    (
        "vn",
        "phone.note",
        "travel",
        "phone_nat",
        "Đón khách tại sân bay Nội Bài: «name», SĐT «phone_nat»",
    ),
    (
        "fj",
        "phone.note",
        "travel",
        "phone",
        "Nadi resort transfer contact — «name», mobile «phone»",
    ),
    (
        "uy",
        "phone.chat",
        "travel",
        "phone_nat",
        "el celu de «first» para coordinar el traslado a Punta del Este: «phone_nat»",
    ),
    (
        "nz",
        "email.note",
        "travel",
        "email",
        "send the Queenstown itinerary to «name»'s personal address «email» (work mail bounces)",
    ),
    (
        "se",
        "email.chat",
        "travel",
        "email",
        "skicka biljetterna till «first»s privata mejl: «email»",
    ),
    (
        "us",
        "health.travel",
        "travel",
        "=a type 1 diabetic",
        "«name» is a type 1 diabetic and carries insulin pens + a pump in hand luggage — ask the doctor for a fit-to-fly letter",
    ),
    (
        "pt",
        "health.travel",
        "travel",
        "=recupera de uma prótese da anca",
        "assistência especial para «name» no aeroporto de Lisboa: cadeira de rodas, recupera de uma prótese da anca feita em janeiro",
    ),
    (
        "gb",
        "health.travel",
        "travel",
        "=severe peanut allergy (anaphylactic, carries an EpiPen)",
        "offsite catering: «first» has a severe peanut allergy (anaphylactic, carries an EpiPen) — tell the venue in writing",
    ),
    (
        "fr/f",
        "health.travel",
        "travel",
        "=enceinte de 31 semaines",
        "«name» est enceinte de 31 semaines – la compagnie exige un certificat médical de non contre-indication au vol",
    ),
]
PII += [
    # ---------------- clinic / pharmacy: patient ids with care context
    (
        "gb",
        "patient.note",
        "clinic",
        "id:gb_nhs",
        "New patient registration — «name», NHS number «id:gb_nhs», DOB «dob», registered with Dr Okoye",
    ),
    (
        "gb",
        "patient.chat",
        "clinic",
        "id:gb_nhs",
        "repeat prescription query for «first», NHS no «id:gb_nhs» — the EPS token didn't reach Boots",
    ),
    (
        "de/f",
        "insurance.note",
        "clinic",
        "kvnr",
        "Patientin «name», Versichertennummer «kvnr» (AOK), Überweisung zur Kardiologie liegt vor",
    ),
    (
        "fr",
        "insurance.note",
        "clinic",
        "id:fr_nir",
        "Carte Vitale de «name» : n° «id:fr_nir», mutuelle MGEN – tiers payant OK",
    ),
    (
        "nl",
        "patient.note",
        "clinic",
        "id:nl_bsn",
        "Apotheek: herhaalrecept metformine voor «name», BSN «id:nl_bsn», ophalen donderdag",
    ),
    (
        "be",
        "patient.note",
        "clinic",
        "id:be_nn",
        "Patiënt «name» – rijksregisternummer «id:be_nn» – afspraak bij de diabetesverpleegkundige op 3/4",
    ),
    (
        "at",
        "insurance.note",
        "clinic",
        "id:at_svnr",
        "e-card von «name» funktioniert nicht, SV-Nummer händisch eingegeben: «id:at_svnr»",
    ),
    (
        "ch/f",
        "insurance.note",
        "clinic",
        "id:ch_ahv",
        "Neue Patientin «name», AHV-Nr. «id:ch_ahv», Grundversicherung bei der CSS, Franchise 2500",
    ),
    (
        "pl",
        "patient.note",
        "clinic",
        "id:pl_pesel",
        "e-recepta dla «name» (PESEL «id:pl_pesel»): kod do realizacji wysłany SMS-em",
    ),
    (
        "cz/f",
        "patient.note",
        "clinic",
        "id:cz_rc",
        "Pacientka «name», rodné číslo «id:cz_rc», pojišťovna 111 – kontrola po operaci kolene",
    ),
    (
        "sk/m",
        "patient.note",
        "clinic",
        "id:sk_rc",
        "Pacient «name», RČ «id:sk_rc», poisťovňa Dôvera, e-recept na inzulín",
    ),
    (
        "se",
        "patient.note",
        "clinic",
        "id:se_pnr",
        "Recept förnyat för «name» (personnummer «id:se_pnr») – Waran 2,5 mg, INR-kontroll om två veckor",
    ),
    (
        "no",
        "patient.note",
        "clinic",
        "id:no_fnr",
        "Fastlegetime for «name», fødselsnummer «id:no_fnr», gjelder henvisning til fysioterapi",
    ),
    (
        "dk",
        "patient.note",
        "clinic",
        "id:dk_cpr",
        "Apoteket: «name», CPR «id:dk_cpr» – recept på Ventoline klar til afhentning",
    ),
    (
        "fi",
        "patient.note",
        "clinic",
        "id:fi_hetu",
        "Potilas «name», hetu «id:fi_hetu», Kela-korvaus haettu astmalääkkeestä",
    ),
    (
        "ee",
        "patient.note",
        "clinic",
        "id:ee_ik",
        "Patsient «name», isikukood «id:ee_ik» – digiretsept kilpnäärmeravimile pikendatud",
    ),
    (
        "lt/m",
        "patient.note",
        "clinic",
        "id:lt_asm",
        "Pacientas «name», asmens kodas «id:lt_asm», kompensuojamas receptas išrašytas",
    ),
    (
        "bg/m",
        "patient.note",
        "clinic",
        "id:bg_egn",
        "Пациент «name», ЕГН «id:bg_egn» – направление за кардиолог, здравно осигурен",
    ),
    (
        "ro/f",
        "patient.note",
        "clinic",
        "id:ro_cnp",
        "Pacienta «name», CNP «id:ro_cnp», rețetă compensată pentru hipertensiune",
    ),
    (
        "hr/m",
        "patient.note",
        "clinic",
        "id:hr_oib",
        "Pacijent «name», OIB «id:hr_oib», dopunsko osiguranje HZZO aktivno",
    ),
    (
        "si/f",
        "patient.note",
        "clinic",
        "id:si_emso",
        "Pacientka «name», EMŠO «id:si_emso», napotnica za ortopeda",
    ),
    (
        "gr",
        "insurance.note",
        "clinic",
        "id:gr_amka",
        "Ασθενής «name», ΑΜΚΑ «id:gr_amka» – ηλεκτρονική συνταγή για αντιβίωση",
    ),
    (
        "is",
        "patient.note",
        "clinic",
        "id:is_kt",
        "Sjúklingur «name», kt. «id:is_kt», lyfseðill endurnýjaður",
    ),
    (
        "ie",
        "insurance.note",
        "clinic",
        "id:ie_pps",
        "Medical card renewal for «name», PPSN «id:ie_pps» — GP visit card still pending with the HSE",
    ),
    (
        "tr",
        "patient.note",
        "clinic",
        "id:tr_tc",
        "Hasta «name», TC kimlik no «id:tr_tc» – e-reçete: Augmentin 1 g, 2x1, 7 gün",
    ),
    (
        "il/f",
        "patient.note",
        "clinic",
        "id:il_id",
        "מטופלת «name», ת.ז. «id:il_id», קופת חולים מכבי – הפניה לרופא עור",
    ),
    (
        "in",
        "patient.note",
        "clinic",
        "id:in_aadhaar",
        "OPD registration: «name», Aadhaar «id:in_aadhaar», referred for HbA1c and lipid profile",
    ),
    (
        "pk",
        "patient.note",
        "clinic",
        "id:pk_cnic",
        "Patient «name», CNIC «id:pk_cnic» — Sehat Card verified, admitted for appendectomy",
    ),
    (
        "cn",
        "patient.note",
        "clinic",
        "id:cn_ric",
        "患者«name»，身份证 «id:cn_ric»，医保卡已绑定，复诊开具降压药",
    ),
    (
        "jp",
        "insurance.note",
        "clinic",
        "id:jp_mynumber",
        "«name»さんのマイナンバー «id:jp_mynumber»（保険証として利用登録済み）",
    ),
    (
        "kr",
        "patient.note",
        "clinic",
        "id:kr_rrn",
        "환자 «name», 주민번호 «id:kr_rrn» — 건강보험 자격 확인 완료, 당뇨 정기 진료",
    ),
    (
        "my",
        "patient.note",
        "clinic",
        "id:my_nric",
        "Pesakit «name», IC «id:my_nric» – ubat darah tinggi untuk 3 bulan",
    ),
    (
        "th",
        "patient.note",
        "clinic",
        "id:th_pin",
        "ผู้ป่วย «name» เลขประจำตัวประชาชน «id:th_pin» ใช้สิทธิบัตรทอง",
    ),
    (
        "id",
        "insurance.note",
        "clinic",
        "id:id_nik",
        "Pasien «name», NIK «id:id_nik», peserta BPJS Kesehatan kelas 2 – kontrol hipertensi",
    ),
    (
        "za",
        "patient.note",
        "clinic",
        "id:za_id",
        "Patient «name», SA ID «id:za_id», Discovery medical aid, chronic script for asthma",
    ),
    (
        "mu/f",
        "patient.note",
        "clinic",
        "id:mu_nid",
        "Patient «name», NIC «id:mu_nid» – follow-up at Victoria Hospital for gestational diabetes",
    ),
    (
        "us",
        "insurance.note",
        "clinic",
        "mbi",
        "Medicare MBI for «name»: «mbi» — Part D plan switched to Aetna, flu shot billed",
    ),
    (
        "us",
        "natid.note",
        "clinic",
        "id:us_ssn",
        "intake form: «name», SSN «id:us_ssn», self-pay, new patient visit 99203",
    ),
    (
        "ca",
        "insurance.note",
        "clinic",
        "id:ca_phn",
        "BC PHN for «name»: «id:ca_phn» — MSP active, referral to physio faxed",
    ),
    (
        "mx",
        "natid.note",
        "clinic",
        "id:mx_curp",
        "Paciente «name», CURP «id:mx_curp», receta de metformina 850 mg",
    ),
    (
        "mx",
        "insurance.note",
        "clinic",
        "nss",
        "Número de seguridad social (IMSS) de «name»: «nss» – incapacidad por 5 días",
    ),
    (
        "cr/f",
        "patient.note",
        "clinic",
        "id:cr_cpf",
        "Paciente «name», cédula «id:cr_cpf», asegurada CCSS, control prenatal semana 20",
    ),
    (
        "do",
        "patient.note",
        "clinic",
        "id:do_ced",
        "Paciente «name», cédula «id:do_ced», ARS Humano – consulta de pediatría para su hijo",
    ),
    (
        "cu",
        "patient.note",
        "clinic",
        "id:cu_ni",
        "Paciente «name», carné de identidad «id:cu_ni», policlínico Plaza, seguimiento de hipertensión",
    ),
    (
        "br/f",
        "insurance.note",
        "clinic",
        "cns",
        "Cartão SUS da «name»: «cns» – vacina da gripe aplicada, lote anotado",
    ),
    (
        "br",
        "natid.note",
        "clinic",
        "id:br_cpf",
        "farmácia popular: «name», CPF «id:br_cpf», retirou losartana 50 mg (30 comp.)",
    ),
    (
        "ar",
        "natid.note",
        "clinic",
        "id:ar_dni",
        "Paciente «name», DNI «id:ar_dni», OSDE 310 – turno con traumatología el jueves",
    ),
    (
        "cl",
        "natid.note",
        "clinic",
        "id:cl_rut",
        "Paciente «name», RUT «id:cl_rut», Fonasa tramo B, receta de salbutamol",
    ),
    (
        "ec/f",
        "natid.note",
        "clinic",
        "id:ec_ci",
        "Paciente «name», C.I. «id:ec_ci», afiliada al IESS – control de tiroides",
    ),
    (
        "pe",
        "natid.note",
        "clinic",
        "id:pe_cui",
        "Paciente «name», DNI «id:pe_cui», SIS activo, tratamiento de TBC mes 3",
    ),
    (
        "au",
        "insurance.note",
        "clinic",
        "medicare",
        "Medicare card for «name»: «medicare» exp 06/2028 — bulk billed",
    ),
    (
        "ru",
        "natid.note",
        "clinic",
        "id:ru_inn",
        "Справка об оплате медуслуг для налогового вычета: «name», ИНН «id:ru_inn»",
    ),
    (
        "ua/f",
        "natid.note",
        "clinic",
        "id:ua_rntrc",
        "Пацієнтка «name», РНОКПП «id:ua_rntrc», е-рецепт на інсулін через Helsi",
    ),
    (
        "ke",
        "natid.note",
        "clinic",
        "id:ke_pin",
        "Invoice for «name» (KRA PIN «id:ke_pin») — SHA cover pending, paid cash for the ultrasound",
    ),
    (
        "es/m",
        "natid.note",
        "clinic",
        "id:es_nie",
        "Paciente extranjero «name», NIE «id:es_nie», sin tarjeta sanitaria todavía – consulta privada",
    ),
    # ---------------- clinic: diagnoses / prescriptions tied to names
    (
        "de",
        "health.note",
        "clinic",
        "=Diabetes mellitus Typ 2",
        "«name»: Diabetes mellitus Typ 2, HbA1c 8,1 % – Metformin auf 2×1000 mg erhöht",
    ),
    (
        "fr/f",
        "health.note",
        "clinic",
        "=sous lithium pour un trouble bipolaire",
        "Mme «name» est sous lithium pour un trouble bipolaire, lithémie à contrôler vendredi",
    ),
    (
        "us",
        "health.chat",
        "clinic",
        "=HIV+",
        "fyi «first» «last» is HIV+ on Biktarvy, make sure the pharmacy call doesn't go to the shared family line",
    ),
    (
        "gb",
        "health.note",
        "clinic",
        "=early-onset Alzheimer's",
        "«name» — diagnosed with early-onset Alzheimer's in Feb, daughter now has lasting power of attorney",
    ),
    (
        "es",
        "health.note",
        "clinic",
        "=depresión mayor",
        "«name»: depresión mayor, sertralina 100 mg, revisión con psiquiatría en 6 semanas",
    ),
    (
        "it",
        "health.note",
        "clinic",
        "=celiachia",
        "«name» – celiachia confermata da biopsia, esenzione 059 richiesta",
    ),
    (
        "br/f",
        "health.chat",
        "clinic",
        "=teste positivo pra dengue",
        "a «first» deu teste positivo pra dengue ontem, remarcar o retorno dela pra semana que vem",
    ),
    (
        "in",
        "health.note",
        "clinic",
        "=pulmonary TB",
        "«name», 34 — pulmonary TB, DOTS started 02 Mar, next sputum test at 2 months",
    ),
    (
        "jp",
        "health.note",
        "clinic",
        "=うつ病",
        "«name»さん：うつ病の診断、休職診断書を発行（3か月）",
    ),
    (
        "za",
        "health.note",
        "clinic",
        "=on ARVs",
        "«name» is on ARVs (TLD), collect 3-month supply at the Observatory pharmacy",
    ),
    (
        "kr",
        "health.note",
        "clinic",
        "=갑상선암 수술",
        "«name» 님 갑상선암 수술 후 신지로이드 복용 중 — 다음 달 초음파 예약",
    ),
    (
        "pl",
        "health.note",
        "clinic",
        "=padaczka",
        "«name» – padaczka, lewetyracetam 500 mg 2× dziennie, bez napadów od pół roku",
    ),
    (
        "nl/f",
        "health.note",
        "clinic",
        "=borstkanker",
        "«name» – borstkanker, chemo kuur 3 van 6, apotheek levert anti-misselijkheidsmedicatie thuis",
    ),
    (
        "eg/m",
        "health.note",
        "clinic",
        "=التهاب الكبد الوبائي سي",
        "المريض «name» مصاب بالتهاب الكبد الوبائي سي، يبدأ العلاج الأسبوع القادم",
    ),
    (
        "ng",
        "health.note",
        "clinic",
        "=sickle cell disease (HbSS)",
        "«name» — sickle cell disease (HbSS), admitted twice this year for crises; folic acid + hydroxyurea",
    ),
    (
        "ca/f",
        "health.note",
        "clinic",
        "=grossesse de 12 semaines",
        "«name» : grossesse de 12 semaines, échographie de datation prévue le 14",
    ),
    (
        "au",
        "health.note",
        "clinic",
        "=opioid substitution (methadone 60 mg)",
        "«name» is on opioid substitution (methadone 60 mg) — dosing at our pharmacy daily, takeaways Sat",
    ),
    (
        "se",
        "health.note",
        "clinic",
        "=ADHD",
        "«name» fick diagnosen ADHD i höstas, Elvanse 30 mg – uppföljning hos läkaren i maj",
    ),
    (
        "ar",
        "health.chat",
        "clinic",
        "=ataques de pánico",
        "«first» pidió que no figure en la ficha de la empresa, pero está tratando ataques de pánico con clonazepam",
    ),
    (
        "tr",
        "health.note",
        "clinic",
        "=KOAH",
        "«name» – KOAH evre 3, evde oksijen konsantratörü kullanıyor",
    ),
    (
        "gh",
        "health.note",
        "clinic",
        "=malaria",
        "«name» tested positive for malaria (RDT), started on artemether-lumefantrine",
    ),
    (
        "us",
        "rx.note",
        "clinic",
        "=oxycodone 5 mg",
        "Rx for «name»: oxycodone 5 mg q6h PRN, #20, no refills — PDMP checked",
    ),
    (
        "de/f",
        "rx.note",
        "clinic",
        "=Tamoxifen 20 mg",
        "Rezept für «name»: Tamoxifen 20 mg, N3, Dauermedikation",
    ),
    (
        "fr",
        "rx.note",
        "clinic",
        "=Lévothyrox 100 µg",
        "Ordonnance de «name» : Lévothyrox 100 µg, 1 cp le matin, renouvelable 6 mois",
    ),
    (
        "in",
        "rx.note",
        "clinic",
        "=insulin glargine 18 units",
        "«name»: insulin glargine 18 units at bedtime, metformin 500 mg BD — refill for 30 days",
    ),
    (
        "ma/f",
        "rx.note",
        "clinic",
        "=Méthotrexate 15 mg",
        "Mme «name» – ordonnance : Méthotrexate 15 mg par semaine + acide folique",
    ),
    # ---------------- clinic: contact, dob, address, pay
    (
        "gb",
        "phone.note",
        "clinic",
        "phone_nat",
        "«name» — mobile «phone_nat», prefers text reminders, no voicemail",
    ),
    (
        "de/f",
        "phone.note",
        "clinic",
        "phone_nat",
        "Rückruf Frau «last» wegen Laborwerten: «phone_nat»",
    ),
    (
        "fr/m",
        "phone.note",
        "clinic",
        "phone_nat",
        "Rappeler M. «last» pour ses résultats : «phone_nat»",
    ),
    (
        "es",
        "phone.note",
        "clinic",
        "phone",
        "Recordatorio de cita por WhatsApp a «name»: «phone»",
    ),
    (
        "in",
        "phone.note",
        "clinic",
        "phone",
        "«name»'s mobile for the pharmacy home delivery: «phone»",
    ),
    ("ke", "phone.note", "clinic", "phone", "M-Pesa refund to «name», number «phone»"),
    (
        "br",
        "phone.note",
        "clinic",
        "phone_nat",
        "WhatsApp da paciente «name»: «phone_nat»",
    ),
    ("eg/f", "phone.note", "clinic", "phone", "رقم موبايل المريضة «name»: «phone»"),
    (
        "sn/f",
        "phone.note",
        "clinic",
        "phone",
        "Rappel vaccin pour l'enfant de «name» : appeler la maman au «phone»",
    ),
    (
        "et",
        "phone.note",
        "clinic",
        "phone",
        "Patient contact — «name», mobile «phone», Amharic only",
    ),
    ("pk", "phone.note", "clinic", "phone_nat", "Mariz «name» ka number: «phone_nat»"),
    ("ae", "phone.note", "clinic", "phone", "رقم هاتف «name» للمتابعة: «phone»"),
    (
        "us",
        "email.note",
        "clinic",
        "email",
        "patient portal invite for «name» sent to «email» (personal)",
    ),
    (
        "pl",
        "email.note",
        "clinic",
        "email",
        "Wyniki badań «name» wysłać na prywatny mail: «email»",
    ),
    (
        "us",
        "dob.note",
        "clinic",
        "dob_us",
        "«name», DOB «dob_us» — confirm identity before releasing the lab results",
    ),
    (
        "fr/f",
        "dob.note",
        "clinic",
        "dob",
        "Mme «name», née le «dob», allergique à la pénicilline",
    ),
    (
        "cz",
        "dob.note",
        "clinic",
        "dob",
        "«name», nar. «dob», očkování proti klíšťové encefalitidě – 2. dávka",
    ),
    (
        "jp",
        "dob.note",
        "clinic",
        "dob",
        "«name»（生年月日 «dob»）— インフルエンザ予防接種済み",
    ),
    (
        "de",
        "addr.note",
        "clinic",
        "addr",
        "Botendienst: Medikamente für «name» an «addr», klingeln bei Nachbarin falls nicht da",
    ),
    (
        "us",
        "addr.note",
        "clinic",
        "addr",
        "home visit for «name» after discharge — «addr»",
    ),
    ("in", "addr.note", "clinic", "addr", "home sample collection for «name»: «addr»"),
    (
        "gb",
        "salary.note",
        "clinic",
        "=£48,500",
        "«name» (practice nurse) — new salary £48,500 from April, band 6 equivalent",
    ),
    (
        "de",
        "salary.note",
        "clinic",
        "=3.420 € brutto",
        "Gehalt MFA «name»: 3.420 € brutto ab 1. Mai",
    ),
    (
        "fr/f",
        "salary.note",
        "clinic",
        "=2 150 € net",
        "«name» (préparatrice en pharmacie) : 2 150 € net par mois, prime de fin d'année incluse",
    ),
]
PII += [
    # ---------------- app development: user data leaking into logs, tickets, test lists
    (
        "us",
        "email.testers",
        "appdev",
        "email",
        "TestFlight external testers (batch 3):\n- «name» <«email»>\n- QA device pool (internal)",
    ),
    (
        "de",
        "email.testers",
        "appdev",
        "email",
        "Beta-Tester für die Android-Closed-Track: «name», privat «email» – bitte in die Play-Console-Liste aufnehmen",
    ),
    (
        "br",
        "email.crash",
        "appdev",
        "email",
        "Crashlytics breadcrumb #14: login_success user_email=«email» screen=CheckoutFragment",
    ),
    (
        "kr",
        "email.crash",
        "appdev",
        "email",
        "[Sentry] User: id=48812 email=«email» name=«name» | NullPointerException in PaymentActivity.onResume",
    ),
    (
        "jp",
        "email.ticket",
        "appdev",
        "email",
        "サポート問い合わせ #5521：«name»様（«email»）アプリ起動直後にクラッシュするとのこと、iOS 17.4",
    ),
    (
        "in",
        "phone.crash",
        "appdev",
        "phone_e164",
        "FirebaseAuthException: phone «phone_e164» blocked after too many OTP attempts (uid r8Kd2...)",
    ),
    (
        "id",
        "phone.crash",
        "appdev",
        "phone_e164",
        'I/OkHttp: --> POST /v1/otp/send {"msisdn":"«phone_e164»","channel":"whatsapp"}',
    ),
    (
        "ng",
        "phone.ticket",
        "appdev",
        "phone",
        "ticket from «name»: can't receive the SMS code on «phone», tried twice. MTN network.",
    ),
    (
        "mx",
        "phone.export",
        "appdev",
        "phone_e164",
        "export_auth_users.csv (fila 212): «phone_e164»,«name»,created 2024-11-03",
    ),
    (
        "fr",
        "phone.ticket",
        "appdev",
        "phone_nat",
        "Retour utilisateur : «name» n'arrive pas à valider son numéro «phone_nat» dans l'appli (Android 14)",
    ),
    (
        "pl",
        "phone.crash",
        "appdev",
        "phone",
        "logcat: D/ContactSync: upserting contact display='«name»' number='«phone»'",
    ),
    (
        "us",
        "card.crash",
        "appdev",
        "card:visa",
        "E/PaymentSheet: tokenization failed, raw request logged: card_number=«card:visa» exp_month=07 exp_year=2028 — remove this log line!",
    ),
    (
        "gb",
        "card.crash",
        "appdev",
        "card:mc",
        'crash dump attachment shows the checkout form state: {holder: "«name»", pan: "«card:mc»", cvc: "***"}',
    ),
    (
        "in",
        "card.log",
        "appdev",
        "card:visa",
        "razorpay webhook body (staging replay) had a live card: «card:visa» for «name» — purge the log bucket",
    ),
    (
        "cn",
        "card.log",
        "appdev",
        "card:unionpay",
        "支付回调日志里出现了完整卡号 «card:unionpay»（用户 «name»），需要立即脱敏",
    ),
    (
        "au",
        "card.ticket",
        "appdev",
        "card:amex",
        "user pasted their full card into the support chat: «card:amex» exp 03/27 — delete the transcript",
    ),
    (
        "br",
        "natid.log",
        "appdev",
        "id:br_cpf",
        'PIX payout request: {"chave":"«id:br_cpf»","tipo":"cpf","nome":"«name»"}',
    ),
    (
        "in",
        "natid.log",
        "appdev",
        "id:in_pan",
        "KYC step 2 payload → pan=«id:in_pan» name=«ROM» status=VERIFIED",
    ),
    (
        "id",
        "natid.log",
        "appdev",
        "id:id_nik",
        "eKYC response: nik=«id:id_nik», nama=«ROM», liveness=0.97",
    ),
    (
        "kr",
        "natid.log",
        "appdev",
        "id:kr_rrn",
        "본인인증 콜백 로그에 주민번호가 그대로 찍힘: «id:kr_rrn» — 마스킹 처리 필요",
    ),
    (
        "es",
        "natid.log",
        "appdev",
        "id:es_dni",
        "Onboarding (app de farmacia): usuario «name», DNI «id:es_dni», verificación pendiente",
    ),
    (
        "za",
        "natid.log",
        "appdev",
        "id:za_id",
        "FICA upload failed for «name», id_number=«id:za_id»",
    ),
    (
        "us",
        "natid.log",
        "appdev",
        "id:us_ssn",
        "staging DB seed accidentally used a real record: «name», ssn=«id:us_ssn»",
    ),
    (
        "nl",
        "iban.log",
        "appdev",
        "iban:NL",
        'payout webhook: {"account_holder":"«name»","iban":"«iban:NL»","amount":"€84,20"}',
    ),
    (
        "de/f",
        "iban.ticket",
        "appdev",
        "iban:DE",
        "Auszahlung an Freelancerin «name» (Android-Redesign), IBAN «iban:DE»",
    ),
    (
        "us",
        "dob.crash",
        "appdev",
        "dob_iso",
        "UserProfile(id=88213, name=«name», birthDate=«dob_iso», plan=premium) — serialized into the crash report",
    ),
    (
        "us",
        "addr.appstore",
        "appdev",
        "addr",
        "App Store listing shows my home address since I'm an individual developer: «addr» — should switch to an LLC",
    ),
    (
        "nz",
        "addr.invoice",
        "appdev",
        "addr",
        "invoice from «name» (freelance iOS dev), billing address «addr»",
    ),
    ("au", "addr.log", "appdev", "addr", "geocoder cache hit: user «name» home=«addr»"),
    (
        "us",
        "health.app",
        "appdev",
        "=blood glucose 212 mg/dL",
        "bug repro from the glucose app: «name»'s account shows blood glucose 212 mg/dL at 07:40 but the chart is empty",
    ),
    (
        "se/f",
        "health.app",
        "appdev",
        "=graviditet vecka 14",
        "supportärende: «name» (mensappen) säger att appen visar fel – hon är i graviditet vecka 14",
    ),
    (
        "gb",
        "salary.note",
        "appdev",
        "=£78,000",
        "«name» — senior Android offer accepted at £78,000 + 10% bonus, start 2 June",
    ),
    (
        "in",
        "salary.note",
        "appdev",
        "=₹32 LPA",
        "«name»'s CTC for the mobile lead role: ₹32 LPA (fixed 28 + variable 4)",
    ),
    (
        "ar",
        "salary.note",
        "appdev",
        "=USD 4.200 por mes",
        "«name» (dev React Native) cobra USD 4.200 por mes, factura como monotributista",
    ),
    (
        "ke",
        "passport.kyc",
        "appdev",
        "passport",
        "KYC doc upload: «name», passport «passport», selfie matched",
    ),
]


# ================================================================= SECRET rows
SECRET = [
    # ---------------- travel booking and expenses
    (
        None,
        "api_key.env",
        "travel",
        "amadeus_secret",
        "# Amadeus Self-Service (prod)\nAMADEUS_CLIENT_ID=«amadeus_id»\nAMADEUS_CLIENT_SECRET=«amadeus_secret»\nAMADEUS_HOSTNAME=production",
    ),
    (
        None,
        "api_key.code",
        "travel",
        "amadeus_secret",
        "amadeus = Client(\n    client_id='«amadeus_id»',\n    client_secret='«amadeus_secret»',\n    hostname='production',\n)",
    ),
    (
        None,
        "api_token.curl",
        "travel",
        "duffel",
        'curl -X POST https://api.duffel.com/air/offer_requests \\\n  -H "Duffel-Version: v2" \\\n  -H "Authorization: Bearer «duffel»" \\\n  -d @lis-gru-request.json',
    ),
    (
        None,
        "api_token.env",
        "travel",
        "duffel_test",
        "DUFFEL_ACCESS_TOKEN=«duffel_test»  # sandbox, but still don't commit it",
    ),
    (
        None,
        "payment_key.env",
        "travel",
        "sk_live",
        "# booking site backend\nSTRIPE_SECRET_KEY=«sk_live»\nSTRIPE_PUBLISHABLE_KEY=pk_live_51Hx…(see dashboard)",
    ),
    (
        None,
        "payment_key.note",
        "travel",
        "rk_live",
        "restricted key for the expense-sync job (read charges + refunds only): «rk_live»",
    ),
    (None, "webhook_secret.env", "travel", "whsec", "STRIPE_WEBHOOK_SECRET=«whsec»"),
    (
        None,
        "payment_key.config",
        "travel",
        "braintree",
        'braintree:\n  environment: production\n  access_token: "«braintree»"',
    ),
    (
        None,
        "payment_key.env",
        "travel",
        "paypal",
        "PAYPAL_CLIENT_ID=A«alnum40»\nPAYPAL_CLIENT_SECRET=«paypal»\nPAYPAL_MODE=live",
    ),
    (
        None,
        "payment_key.chat",
        "travel",
        "square",
        "the tour desk's Square access token is «square» — put it in the POS sync config, not in the sheet",
    ),
    (
        None,
        "payment_key.env",
        "travel",
        "mercadopago",
        "MP_ACCESS_TOKEN=«mercadopago»\nMP_PUBLIC_KEY=APP_USR-…-public (ok to expose)",
    ),
    (
        None,
        "payment_key.env",
        "travel",
        "flw",
        "# tours checkout (Lagos)\nFLW_SECRET_KEY=«flw»",
    ),
    (
        None,
        "payment_key.env",
        "travel",
        "paystack",
        "PAYSTACK_SECRET_KEY=«paystack»  # Accra safari bookings, live",
    ),
    (
        None,
        "payment_key.code",
        "travel",
        "rzp_secret",
        'client = razorpay.Client(auth=("«rzp_id»", "«rzp_secret»"))  # holiday packages checkout',
    ),
    (
        "us",
        "password.chat",
        "travel",
        "pw",
        "login for the Navan admin console: travel-ops@«int:100-999»corp.com / «pw»",
    ),
    (
        "de",
        "password.chat",
        "travel",
        "pw",
        "Das Passwort für das Concur-Konto der Reisestelle ist «pw» – bitte nicht weitergeben",
    ),
    (
        "es",
        "password.chat",
        "travel",
        "pw",
        "la contraseña del portal de Iberia Empresas es «pw» (usuario viajes@)",
    ),
    (
        "jp",
        "password.chat",
        "travel",
        "pw",
        "楽天トラベル法人アカウントのログインパスワードは «pw» です",
    ),
    ("kr", "password.chat", "travel", "pw", "회사 출장 포털 관리자 비밀번호: «pw»"),
    (
        "cn",
        "password.chat",
        "travel",
        "pw",
        "携程商旅管理员账号：travel_admin，密码：«pw»",
    ),
    (
        "pl",
        "password.chat",
        "travel",
        "pw",
        "hasło do firmowego konta LOT: «pw» (login: delegacje@)",
    ),
    ("nl", "password.chat", "travel", "pw", "wachtwoord KLM corporate portal = «pw»"),
    ("tr", "password.chat", "travel", "pw", "THY kurumsal portal şifresi: «pw»"),
    ("eg", "password.chat", "travel", "pw", "كلمة المرور لحساب وكالة السفر: «pw»"),
    (
        "fr",
        "password.chat",
        "travel",
        "pw",
        "mdp du compte Air France Business de l'équipe : «pw»",
    ),
    (
        "br",
        "password.chat",
        "travel",
        "pw",
        "senha do Argo (reservas corporativas): «pw»",
    ),
    (
        "pt",
        "door_code.chat",
        "travel",
        "pin:6",
        "código da porta do apartamento da equipa (Airbnb Lisboa, Rua da Rosa): «pin:6»#",
    ),
    (
        None,
        "api_key.header",
        "travel",
        "alnum40",
        "GET https://api.travelperk.com/invoices\nApi-Version: 1\nAuthorization: ApiKey «alnum40»",
    ),
    (
        None,
        "password.config",
        "travel",
        "spw",
        "siteminder:\n  channel_manager_user: xml_hotelblau\n  channel_manager_password: «spw»",
    ),
    (
        None,
        "client_secret.env",
        "travel",
        "alnum24",
        "LH_OPENAPI_CLIENT_ID=«hex32»\nLH_OPENAPI_CLIENT_SECRET=«alnum24»",
    ),
    (
        None,
        "client_secret.env",
        "travel",
        "alnum32",
        "SABRE_CLIENT_ID=V1:«alnum24»:DEVCENTER:EXT\nSABRE_CLIENT_SECRET=«alnum32»",
    ),
    (
        None,
        "api_key.env",
        "travel",
        "gkey",
        "# server-side Places/Directions for the trip planner (IP-restricted)\nGOOGLE_MAPS_SERVER_KEY=«gkey»",
    ),
    (
        None,
        "webhook.config",
        "travel",
        "slack_hook",
        "approvals:\n  notify_on: [trip_request, over_budget]\n  slack_webhook: «slack_hook»",
    ),
    (
        None,
        "webhook.config",
        "travel",
        "teams_hook",
        "EXPENSE_TEAMS_WEBHOOK=«teams_hook»",
    ),
    (
        None,
        "totp.note",
        "travel",
        "totp",
        "2FA seed for the corporate card portal (shared ops phone died): «totp»",
    ),
    (
        None,
        "recovery.note",
        "travel",
        "recovery",
        "backup codes for the travel-admin Google account:\n«recovery»",
    ),
    (
        None,
        "signed_url.chat",
        "travel",
        "s3url",
        "here's the receipt link, valid a week: «s3url»",
    ),
    (None, "signed_url.config", "travel", "sas", 'RECEIPTS_BLOB_SAS="«sas»"'),
    (
        None,
        "db_url.env",
        "travel",
        "spw",
        "DATABASE_URL=postgresql://expenses_app:«spw»@db-expenses.internal:5432/expenses",
    ),
    (
        None,
        "api_token.env",
        "travel",
        "tw_tok",
        "# flight delay SMS\nTWILIO_ACCOUNT_SID=«tw_sid»\nTWILIO_AUTH_TOKEN=«tw_tok»",
    ),
    (
        None,
        "api_key.env",
        "travel",
        "sendgrid",
        "SENDGRID_API_KEY=«sendgrid»  # itinerary mails",
    ),
    (
        None,
        "session.note",
        "travel",
        "alnum32",
        "copied the session cookie from the airline extranet so the fare scraper works: JSESSIONID=«alnum32»",
    ),
    (
        None,
        "jwt.curl",
        "travel",
        "jwt",
        "curl -H 'Authorization: Bearer «jwt»' https://booking-api.internal/v2/trips?status=pending",
    ),
    (
        None,
        "app_password.env",
        "travel",
        "asp",
        "# Gmail app password for the receipt-parser mailbox\nIMAP_USER=receipts@\nIMAP_PASSWORD=«asp»",
    ),
    (
        None,
        "api_key.env",
        "travel",
        "mailgun",
        "MAILGUN_API_KEY=«mailgun»\nMAILGUN_DOMAIN=mg.tripdesk.io",
    ),
    (
        None,
        "bot_token.env",
        "travel",
        "tg",
        "TELEGRAM_BOT_TOKEN=«tg»  # @gate_change_alerts_bot",
    ),
    (
        None,
        "webhook.chat",
        "travel",
        "discord_hook",
        "webhook for the #offsite-2025 channel: «discord_hook»",
    ),
    (
        None,
        "client_secret.json",
        "travel",
        "alnum40",
        '{\n  "uber_business": {\n    "client_id": "«alnum24»",\n    "client_secret": "«alnum40»"\n  }\n}',
    ),
    (
        None,
        "api_key.header",
        "travel",
        "hex32",
        "x-api-key: «hex32»  (Skyscanner partner feed, prod)",
    ),
    (
        None,
        "db_url.env",
        "travel",
        "spw",
        "MONGO_URI=mongodb+srv://bookings:«spw»@cluster0.x7kq2.mongodb.net/trips?retryWrites=true",
    ),
    (
        None,
        "db_url.env",
        "travel",
        "spw:16",
        "REDIS_URL=redis://default:«spw:16»@redis-fares.internal:6379/0",
    ),
    (
        None,
        "api_key.env",
        "travel",
        "openai",
        "# itinerary assistant\nOPENAI_API_KEY=«openai»",
    ),
    (
        None,
        "client_secret.env",
        "travel",
        "alnum32",
        "OPERA_CLOUD_CLIENT_ID=hotelblau_ohip\nOPERA_CLOUD_CLIENT_SECRET=«alnum32»",
    ),
    (
        None,
        "cloud_key.env",
        "travel",
        "aws_secret",
        "# receipt OCR lambda deploy\nAWS_ACCESS_KEY_ID=«aws_akid»\nAWS_SECRET_ACCESS_KEY=«aws_secret»\nAWS_REGION=eu-west-1",
    ),
    (
        None,
        "git_token.ci",
        "travel",
        "ghp",
        "- name: checkout private fares lib\n  run: git clone https://x-access-token:«ghp»@github.com/tripdesk/fares-core.git",
    ),
    (
        None,
        "expensify.json",
        "travel",
        "alnum40",
        '{"type":"create","credentials":{"partnerUserID":"aa_api_«alnum24»","partnerUserSecret":"«alnum40»"}}',
    ),
    (
        None,
        "password.note",
        "travel",
        "pw",
        "Amex @ Work login (card programme admin): user amexadmin_ops, password «pw»",
    ),
]
GEN.update(
    {
        "mercadopago": lambda a: (
            f"APP_USR-{rs(DIG, 16)}-{rs(DIG, 6)}-{rs(HEX, 32)}-{rs(DIG, 9)}"
        ),
        "daraja_passkey": lambda a: rs(HEX, 64),
        "psk": lambda a: rs(B62, 32),
        "restic": lambda a: "-".join(
            R.sample(
                [
                    "cobalt",
                    "linden",
                    "harbor",
                    "quartz",
                    "meadow",
                    "orbit",
                    "tundra",
                    "ember",
                    "saffron",
                    "glacier",
                ],
                5,
            )
        ),
        "calendly": lambda a: jwt(
            {
                "iss": "https://auth.calendly.com",
                "iat": 1738000000,
                "jti": str(uuid.UUID(int=R.getrandbits(128), version=4)),
                "user_uuid": str(uuid.UUID(int=R.getrandbits(128), version=4)),
            }
        ),
        "cf_token": lambda a: rs(B62 + "-_", 40),
        "vercel": lambda a: rs(B62, 24),
        "netlify": lambda a: "nfp_" + rs(B62, 36),
        "django_key": lambda a: (
            "django-insecure-" + rs(LOW + DIG + "!@#$%^&*(-_=+)", 50)
            if a == "insecure"
            else rs(LOW + DIG + "!@#$%^&*(-_=+)", 50)
        ),
        "laravel": lambda a: "base64:" + base64.b64encode(R.randbytes(32)).decode(),
        "rails_master": lambda a: rs(HEX, 32),
        "rs26": lambda a: rs(LOW + DIG, 32),
        "b64_32": lambda a: base64.b64encode(R.randbytes(32)).decode(),
        "matchauth": lambda a: base64.b64encode(
            f"ci-bot:{gh_token('ghp_')}".encode()
        ).decode(),
        "fbdb": lambda a: rs(B62, 40),
    }
)
SECRET += [
    # ---------------- clinic / pharmacy admin
    (
        "de",
        "password.chat",
        "clinic",
        "pw",
        "Das Passwort für den Admin-Zugang der Praxissoftware ist jetzt «pw», das alte geht nicht mehr",
    ),
    (
        "de",
        "wifi.chat",
        "clinic",
        "wpa",
        "WLAN Praxis (nur Personal, nicht Wartezimmer): SSID PraxisDrLange-intern, Passwort «wpa»",
    ),
    (
        "gb",
        "wifi.chat",
        "clinic",
        "wpa",
        "staff wifi at the surgery is «wpa» — the patient one is open, don't give them this",
    ),
    (
        "es",
        "wifi.chat",
        "clinic",
        "wpa",
        "la clave del wifi de la trastienda de la farmacia es «wpa»",
    ),
    (
        "fr",
        "password.chat",
        "clinic",
        "pw",
        "identifiant LGPI : pharma01 / mot de passe «pw»",
    ),
    (
        "nl",
        "alarm.chat",
        "clinic",
        "pin:6",
        "alarmcode apotheek (achterdeur): «pin:6», daarna binnen 30 sec de deur dicht",
    ),
    (
        "se",
        "safe_code.chat",
        "clinic",
        "pin:6",
        "kombinationen till narkotikaskåpet är «pin:6» – byt den efter semestern",
    ),
    (
        "gb",
        "smartcard_pin.chat",
        "clinic",
        "pin:6",
        "locum needs to know: my NHS smartcard passcode is «pin:6», card is in the top drawer",
    ),
    (
        "it",
        "password.chat",
        "clinic",
        "pw",
        "la password del portale del laboratorio analisi è «pw» (utente: ambulatorio.rossi)",
    ),
    (
        "pt",
        "password.chat",
        "clinic",
        "pw",
        "senha do portal da Médis para a clínica: «pw»",
    ),
    (
        "pl",
        "password.chat",
        "clinic",
        "pw",
        "hasło administratora domeny w przychodni: «pw»",
    ),
    ("cz", "password.chat", "clinic", "pw", "heslo do routeru v ordinaci: «pw»"),
    (
        "jp",
        "password.chat",
        "clinic",
        "pw",
        "電子カルテの管理者パスワード：«pw»（院長のみ）",
    ),
    ("kr", "password.chat", "clinic", "pw", "EMR 관리자 계정 비밀번호 변경함: «pw»"),
    ("cn", "password.chat", "clinic", "pw", "HIS系统管理员密码已改为 «pw»"),
    (
        "br",
        "password.chat",
        "clinic",
        "pw",
        "senha do sistema da farmácia (balcão): «pw»",
    ),
    ("ae", "password.chat", "clinic", "pw", "كلمة مرور نظام العيادة: «pw»"),
    ("tr", "password.chat", "clinic", "pw", "Medula eczane şifresi: «pw»"),
    (
        "in",
        "password.chat",
        "clinic",
        "pw",
        "practo admin login — reception@ / «pw», change after audit",
    ),
    (
        "de",
        "password.chat",
        "clinic",
        "pw",
        "Zugang Großhandelsportal (Bestellungen): Kundennr. 448120, Passwort «pw»",
    ),
    ("nl", "password.chat", "clinic", "pw", "inlog ZorgDomein voor de praktijk: «pw»"),
    (
        None,
        "jwt.curl",
        "clinic",
        "jwt",
        'curl -H "Authorization: Bearer «jwt»" https://fhir.clinic.local/r4/Patient?_count=50',
    ),
    (
        None,
        "password.config",
        "clinic",
        "spw",
        "[hl7_interface]\nhost = 10.20.0.15\nport = 2575\nuser = lab_feed\npassword = «spw»",
    ),
    (
        None,
        "db_url.env",
        "clinic",
        "spw",
        "EHR_DB_URL=postgres://ehr_owner:«spw»@localhost:5432/clinic_ehr",
    ),
    (
        None,
        "password.php",
        "clinic",
        "spw:16",
        "<?php\n// OpenEMR sites/default/sqlconf.php\n$host = 'localhost';\n$login = 'openemr';\n$pass = '«spw:16»';\n$dbase = 'openemr';",
    ),
    (
        None,
        "api_token.env",
        "clinic",
        "tw_tok",
        "# appointment reminders\nTWILIO_ACCOUNT_SID=«tw_sid»\nTWILIO_AUTH_TOKEN=«tw_tok»\nTWILIO_FROM=+4930xxxxxxx",
    ),
    (
        None,
        "api_key.env",
        "clinic",
        "alnum32",
        "TWILIO_API_KEY=«tw_sk»\nTWILIO_API_SECRET=«alnum32»",
    ),
    (
        None,
        "api_key.env",
        "clinic",
        "sendgrid",
        "SENDGRID_KEY=«sendgrid»  # recall letters",
    ),
    (
        None,
        "api_key.env",
        "clinic",
        "atsk",
        "# SMS reminders Nairobi\nAT_USERNAME=afyaclinic\nAT_API_KEY=«atsk»",
    ),
    (
        None,
        "bot_token.chat",
        "clinic",
        "tg",
        "bot token for the pharmacy order bot (@FarmaciaSolBot): «tg»",
    ),
    (None, "api_token.env", "clinic", "calendly", "CALENDLY_PAT=«calendly»"),
    (
        None,
        "payment_key.env",
        "clinic",
        "sk_live",
        "STRIPE_SECRET_KEY=«sk_live»  # physio online deposits",
    ),
    (
        None,
        "payment_key.env",
        "clinic",
        "daraja_passkey",
        "MPESA_CONSUMER_KEY=«alnum32»\nMPESA_CONSUMER_SECRET=«alnum24»\nMPESA_SHORTCODE=174379\nMPESA_PASSKEY=«daraja_passkey»",
    ),
    (
        None,
        "password.config",
        "clinic",
        "spw",
        'surescripts:\n  account: clinic-ny-0412\n  username: erx_gateway\n  password: "«spw»"',
    ),
    (
        None,
        "totp.uri",
        "clinic",
        "totp",
        "otpauth://totp/OpenEMR:admin?secret=«totp»&issuer=OpenEMR",
    ),
    (
        None,
        "recovery.note",
        "clinic",
        "recovery",
        "Google Workspace super-admin backup codes (practice):\n«recovery»",
    ),
    (
        None,
        "app_password.env",
        "clinic",
        "asp",
        "# fax-to-email relay\nSMTP_USER=fax@\nSMTP_PASS=«asp»",
    ),
    (None, "api_key.env", "clinic", "hex32", "DOCUMO_API_KEY=«hex32»  # e-fax"),
    (
        None,
        "password.note",
        "clinic",
        "spw",
        "sftp to the reference lab: sftp lab_upload@sftp.reflab.net — password «spw»",
    ),
    (
        None,
        "psk.config",
        "clinic",
        "psk",
        'conn hospital-link\n  left=%defaultroute\n  right=vpn.stmarys-hosp.net\n  authby=secret\n# /etc/ipsec.secrets\n%any vpn.stmarys-hosp.net : PSK "«psk»"',
    ),
    (
        None,
        "passphrase.env",
        "clinic",
        "restic",
        "RESTIC_REPOSITORY=s3:s3.eu-central-1.amazonaws.com/praxis-backup\nRESTIC_PASSWORD=«restic»",
    ),
    (
        None,
        "private_key.file",
        "clinic",
        "age_key",
        "# created: 2025-01-09T10:12:44+01:00\n# public key: age1«hex32»\n«age_key»",
    ),
    (
        None,
        "private_key.pem",
        "clinic",
        "ed",
        "clinic server deploy key (ed25519):\n«ed»",
    ),
    (
        None,
        "private_key.pem",
        "clinic",
        "rsa",
        "lab HL7-over-TLS client key (lab-client.key):\n«rsa»",
    ),
    (None, "signed_url.config", "clinic", "sas", "REFERRALS_CONTAINER_SAS=?«sas»"),
    (
        None,
        "signed_url.chat",
        "clinic",
        "s3url",
        "link to the scanned referral (expires in 7 days): «s3url»",
    ),
    (
        None,
        "signed_url.chat",
        "clinic",
        "gcsurl:invoices",
        "invoice download link for the wholesaler: «gcsurl:invoices»",
    ),
    (
        None,
        "webhook.config",
        "clinic",
        "slack_hook",
        "fridge_monitor:\n  range_c: [2, 8]\n  alert_webhook: «slack_hook»",
    ),
    (None, "webhook.env", "clinic", "teams_hook", "ROTA_TEAMS_WEBHOOK=«teams_hook»"),
    (
        None,
        "api_token.env",
        "clinic",
        "fb_token",
        "WHATSAPP_TOKEN=«fb_token»\nWHATSAPP_PHONE_ID=«int:100000000000000-999999999999999»",
    ),
    (
        None,
        "api_key.env",
        "clinic",
        "mailgun",
        "MAILGUN_KEY=«mailgun»  # lab results notifications",
    ),
    (
        None,
        "db_url.env",
        "clinic",
        "spw:18",
        "CELERY_BROKER_URL=redis://:«spw:18»@127.0.0.1:6379/2",
    ),
    (
        None,
        "db_url.env",
        "clinic",
        "spw",
        "MONGO_URL=mongodb://pharmacy:«spw»@mongo-0.pharm.svc:27017/stock?authSource=admin",
    ),
    (
        None,
        "session.cookie",
        "clinic",
        "django_sid",
        "Cookie: csrftoken=«alnum32»; sessionid=«django_sid»  (copied from the admin browser to reproduce the export bug)",
    ),
    (
        None,
        "session.cookie",
        "clinic",
        "express_sid",
        "patient portal admin cookie: connect.sid=«express_sid»",
    ),
    (
        None,
        "cloud_key.ini",
        "clinic",
        "aws_secret",
        "[praxis-backup]\naws_access_key_id = «aws_akid»\naws_secret_access_key = «aws_secret»",
    ),
    (
        None,
        "git_token.chat",
        "clinic",
        "github_pat",
        "token for the clinic website repo (fine-grained, contents:write): «github_pat»",
    ),
    (
        None,
        "api_key.env",
        "clinic",
        "openai",
        "OPENAI_API_KEY=«openai»  # visit-note summariser pilot",
    ),
    (
        None,
        "client_secret.json",
        "clinic",
        "gocspx",
        '{"web":{"client_id":"«int:100000000000-999999999999»-«rs26».apps.googleusercontent.com","client_secret":"«gocspx»","redirect_uris":["https://termine.praxis-lange.de/oauth2/callback"]}}',
    ),
    (
        None,
        "oauth_token.env",
        "clinic",
        "g_refresh",
        "GCAL_REFRESH_TOKEN=«g_refresh»  # room booking sync",
    ),
    (
        None,
        "password.chat",
        "clinic",
        "pw",
        "KIM-Postfach der Praxis: Passwort «pw», Konnektor-Admin separat",
    ),
    (
        None,
        "api_key.env",
        "clinic",
        "gkey",
        "# clinic finder map on the website, key restricted to our domain? NO — unrestricted, rotate\nGOOGLE_MAPS_KEY=«gkey»",
    ),
    (
        None,
        "password.config",
        "clinic",
        "spw",
        "[printer_scan_to_folder]\nshare = \\\\nas01\\scans\nuser = scanner\npassword = «spw»",
    ),
    (
        None,
        "jwt.cookie",
        "clinic",
        "jwt",
        "Set-Cookie: portal_token=«jwt»; Path=/; HttpOnly; Secure",
    ),
]
SECRET += [
    # ---------------- mobile and web app development
    (
        None,
        "keystore_pw.gradle",
        "appdev",
        "spw:16",
        "# gradle.properties\nMYAPP_UPLOAD_STORE_FILE=upload-keystore.jks\nMYAPP_UPLOAD_KEY_ALIAS=upload\nMYAPP_UPLOAD_STORE_PASSWORD=«spw:16»\nMYAPP_UPLOAD_KEY_PASSWORD=«spw:16»",
    ),
    (
        None,
        "keystore_pw.gradle",
        "appdev",
        "pw",
        'signingConfigs {\n    release {\n        storeFile file("../keystores/release.jks")\n        storePassword "«pw»"\n        keyAlias "release"\n        keyPassword "«pw»"\n    }\n}',
    ),
    (
        None,
        "keystore_pw.kts",
        "appdev",
        "spw:14",
        'signingConfigs.create("release") {\n    storeFile = file("release.keystore")\n    storePassword = "«spw:14»"\n    keyAlias = "key0"\n    keyPassword = "«spw:14»"\n}',
    ),
    (
        "de",
        "keystore_pw.chat",
        "appdev",
        "pw",
        "das Keystore-Passwort für den Play-Upload ist «pw», Alias upload",
    ),
    (
        "br",
        "keystore_pw.chat",
        "appdev",
        "pw",
        "a senha do keystore de release é «pw» — guarda no cofre, por favor",
    ),
    (
        "mx",
        "keystore_pw.chat",
        "appdev",
        "spw:12",
        "contraseña del .jks de producción: «spw:12»",
    ),
    (
        "jp",
        "password.chat",
        "appdev",
        "pw",
        "App Store Connect の共有アカウントのパスワードは «pw» です（2FAは私のiPhone）",
    ),
    (
        None,
        "maps_key.properties",
        "appdev",
        "gkey",
        "# local.properties (was committed by mistake)\nsdk.dir=/Users/ci/Library/Android/sdk\nMAPS_API_KEY=«gkey»",
    ),
    (
        None,
        "maps_key.manifest",
        "appdev",
        "gkey",
        '<meta-data\n    android:name="com.google.android.geo.API_KEY"\n    android:value="«gkey»" />',
    ),
    (
        None,
        "maps_key.swift",
        "appdev",
        "gkey",
        'func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n    GMSServices.provideAPIKey("«gkey»")\n    return true\n}',
    ),
    (
        None,
        "maps_key.url",
        "appdev",
        "gkey",
        "NSURLErrorDomain -1001 on https://maps.googleapis.com/maps/api/place/autocomplete/json?input=farm&key=«gkey»",
    ),
    (
        None,
        "maps_key.curl",
        "appdev",
        "gkey",
        "curl 'https://places.googleapis.com/v1/places:searchText' -H 'X-Goog-Api-Key: «gkey»' -H 'X-Goog-FieldMask: places.displayName' -d '{\"textQuery\":\"pharmacy near Alfama\"}'",
    ),
    (
        None,
        "password.fastlane",
        "appdev",
        "pw",
        '# Fastfile\nENV["FASTLANE_USER"] = "release@bluepine.app"\nENV["FASTLANE_PASSWORD"] = "«pw»"',
    ),
    (
        None,
        "password.ci",
        "appdev",
        "spw",
        "env:\n  MATCH_PASSWORD: «spw»\n  MATCH_GIT_URL: git@github.com:bluepine/certificates.git",
    ),
    (
        None,
        "git_auth.ci",
        "appdev",
        "matchauth",
        "export MATCH_GIT_BASIC_AUTHORIZATION=«matchauth»",
    ),
    (
        None,
        "private_key.fastlane",
        "appdev",
        "p8",
        'app_store_connect_api_key(\n  key_id: "«keyid»",\n  issuer_id: "«uuid»",\n  key_content: "«p8»",\n  in_house: false\n)',
    ),
    (None, "private_key.p8", "appdev", "p8", "AuthKey_«keyid».p8:\n«p8»"),
    (
        None,
        "private_key.p8",
        "appdev",
        "p8",
        "# push server config (APNs token auth)\napns:\n  team_id: «teamid»\n  key_id: «keyid»\n  private_key: |\n«p8»",
    ),
    (
        None,
        "app_password.env",
        "appdev",
        "asp",
        "FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=«asp»",
    ),
    (
        None,
        "session.env",
        "appdev",
        "myacinfo",
        "FASTLANE_SESSION='---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: «myacinfo»\\n  domain: apple.com\\n'",
    ),
    (
        None,
        "service_account.json",
        "appdev",
        "sa_json_value",
        "firebase-adminsdk.json (found in the repo root):\n«sa_json»",
    ),
    (
        None,
        "push_key.curl",
        "appdev",
        "fcm",
        'curl -X POST https://fcm.googleapis.com/fcm/send \\\n  -H \'Authorization: key=«fcm»\' \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"to":"/topics/promo","notification":{"title":"Sale"}}\'',
    ),
    (
        None,
        "ci_token.env",
        "appdev",
        "g_refresh",
        "FIREBASE_TOKEN=«g_refresh»  # from `firebase login:ci`",
    ),
    (
        None,
        "db_secret.url",
        "appdev",
        "fbdb",
        "https://pocketvet-default-rtdb.firebaseio.com/users.json?auth=«fbdb»",
    ),
    (
        None,
        "push_key.env",
        "appdev",
        "onesignal",
        "ONESIGNAL_APP_ID=«uuid»\nONESIGNAL_REST_API_KEY=«onesignal»",
    ),
    (
        None,
        "registry_token.npmrc",
        "appdev",
        "npm",
        "//registry.npmjs.org/:_authToken=«npm»\nalways-auth=true",
    ),
    (
        None,
        "registry_token.npmrc",
        "appdev",
        "ghp",
        "@bluepine:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«ghp»",
    ),
    (
        None,
        "registry_token.yarnrc",
        "appdev",
        "npm",
        'npmScopes:\n  kanso:\n    npmRegistryServer: "https://registry.npmjs.org"\n    npmAuthToken: "«npm»"',
    ),
    (
        None,
        "registry_token.pypirc",
        "appdev",
        "pypi",
        "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = «pypi»",
    ),
    (
        None,
        "registry_token.pypirc",
        "appdev",
        "spw",
        "[testpypi]\nrepository = https://upload.pypi.org/legacy/\nusername = rnbridge\npassword = «spw»",
    ),
    (
        None,
        "registry_url.pip",
        "appdev",
        "spw",
        "[global]\nindex-url = https://ci-reader:«spw»@nexus.kanso.dev/repository/pypi-group/simple",
    ),
    (
        None,
        "git_credentials.file",
        "appdev",
        "ghp",
        "# ~/.git-credentials\nhttps://amarafe:«ghp»@github.com",
    ),
    (
        None,
        "git_credentials.remote",
        "appdev",
        "glpat",
        "origin  https://oauth2:«glpat»@gitlab.com/pocketvet/android-app.git (fetch)",
    ),
    (
        None,
        "git_credentials.remote",
        "appdev",
        "atbb",
        "git remote set-url origin https://kwame-b:«atbb»@bitbucket.org/safarisoft/ios-app.git",
    ),
    (
        None,
        "git_credentials.netrc",
        "appdev",
        "gho",
        "machine github.com\n  login lucia-dev\n  password «gho»",
    ),
    (
        None,
        "git_credentials.yml",
        "appdev",
        "gho",
        "# ~/.config/gh/hosts.yml\ngithub.com:\n    user: rmehta\n    oauth_token: «gho»\n    git_protocol: https",
    ),
    (
        None,
        "docker_auth.json",
        "appdev",
        "docker",
        '{\n  "auths": {\n    "ghcr.io": {\n      "auth": "«docker»"\n    }\n  }\n}',
    ),
    (
        None,
        "payment_key.node",
        "appdev",
        "sk_live",
        "const stripe = require('stripe')('«sk_live»');",
    ),
    (
        None,
        "payment_key.env",
        "appdev",
        "sk_test",
        "# staging\nSTRIPE_SECRET_KEY=«sk_test»",
    ),
    (
        None,
        "payment_key.swift",
        "appdev",
        "sk_live",
        '// TODO move server-side!!\nlet stripeSecret = "«sk_live»"',
    ),
    (None, "payment_key.env", "appdev", "rc_sk", "REVENUECAT_SECRET_API_KEY=«rc_sk»"),
    (
        None,
        "payment_key.dart",
        "appdev",
        "rzp_secret",
        "final options = {\n  'key': '«rzp_id»',\n  'key_secret': '«rzp_secret»', // FIXME never ship this\n  'amount': 49900,\n};",
    ),
    (
        None,
        "payment_key.env",
        "appdev",
        "paystack",
        "EXPO_PUBLIC_PAYSTACK_KEY=pk_live_…\nPAYSTACK_SECRET=«paystack»",
    ),
    (
        None,
        "payment_key.config",
        "appdev",
        "sq_secret",
        "square:\n  application_id: sq0idp-«alnum24»\n  application_secret: «sq_secret»",
    ),
    (
        None,
        "maps_token.netrc",
        "appdev",
        "mb_sk",
        "# ~/.netrc for the Mapbox iOS SDK download\nmachine api.mapbox.com\n  login mapbox\n  password «mb_sk»",
    ),
    (
        None,
        "maps_token.gradle",
        "appdev",
        "mb_sk",
        "# gradle.properties\nMAPBOX_DOWNLOADS_TOKEN=«mb_sk»",
    ),
    (
        None,
        "ci_token.env",
        "appdev",
        "expo",
        "EXPO_TOKEN=«expo»  # eas build in GitHub Actions",
    ),
    (
        None,
        "ci_token.properties",
        "appdev",
        "sentry",
        "# sentry.properties\ndefaults.org=pocketvet\ndefaults.project=android\nauth.token=«sentry»",
    ),
    (
        None,
        "webhook.ci",
        "appdev",
        "slack_hook",
        "- name: notify\n  run: curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Build $BUILD_NUMBER uploaded to TestFlight\"}' «slack_hook»",
    ),
    (
        None,
        "webhook.chat",
        "appdev",
        "discord_hook",
        "release notes bot posts to «discord_hook»",
    ),
    (None, "bot_token.env", "appdev", "tg", "TG_BUILD_BOT=«tg»"),
    (
        None,
        "oauth_secret.env",
        "appdev",
        "gocspx",
        "GOOGLE_CLIENT_ID=«int:100000000000-999999999999»-«rs26».apps.googleusercontent.com\nGOOGLE_CLIENT_SECRET=«gocspx»",
    ),
    (
        None,
        "app_secret.env",
        "appdev",
        "hex32",
        "FACEBOOK_APP_ID=«int:100000000000000-999999999999999»\nFACEBOOK_APP_SECRET=«hex32»",
    ),
    (
        None,
        "access_token.curl",
        "appdev",
        "fb_token",
        "curl -G https://graph.facebook.com/v19.0/me/accounts -d access_token=«fb_token»",
    ),
    (
        None,
        "jwt.code",
        "appdev",
        "jwt_svc",
        '// supabase.ts — service role key must NOT be in the client bundle\nexport const supabase = createClient(SUPABASE_URL, "«jwt_svc»")',
    ),
    (
        None,
        "jwt.crash",
        "appdev",
        "jwt",
        "Fatal Exception: retrofit2.HttpException: HTTP 401\n  request headers: Authorization: Bearer «jwt»\n  at com.pocketvet.api.AuthInterceptor.intercept(AuthInterceptor.kt:41)",
    ),
    (
        None,
        "password.logcat",
        "appdev",
        "pw",
        "03-11 09:14:22.481 D/LoginViewModel: submit(username=test.pharmacist, password=«pw»)",
    ),
    (
        None,
        "session.har",
        "appdev",
        "django_sid",
        '"headers": [{"name": "Cookie", "value": "sessionid=«django_sid»; csrftoken=«alnum32»"}]',
    ),
    (
        None,
        "api_key.crash",
        "appdev",
        "hex32",
        "Thread 7 Crashed: NSInvalidArgumentException — url: https://api.weather-feed.io/v3/now?lat=38.7&lon=-9.1&apikey=«hex32»",
    ),
    (
        None,
        "api_key.har",
        "appdev",
        "alnum40",
        '{"name": "x-api-key", "value": "«alnum40»"},',
    ),
    (
        None,
        "session.bugreport",
        "appdev",
        "express_sid",
        "steps to reproduce: open /admin with cookie connect.sid=«express_sid» and click Export",
    ),
    (
        None,
        "cloud_key.env",
        "appdev",
        "aws_secret",
        "# upload dSYMs + APKs\nAWS_ACCESS_KEY_ID=«aws_akid»\nAWS_SECRET_ACCESS_KEY=«aws_secret»",
    ),
    (
        None,
        "cloud_key.ini",
        "appdev",
        "aws_secret",
        "[default]\naws_access_key_id = «aws_akid»\naws_secret_access_key = «aws_secret»\nregion = ap-southeast-1",
    ),
    (
        None,
        "keystore_pw.ci",
        "appdev",
        "spw:16",
        '- run: echo "$KEYSTORE_B64" | base64 -d > app/release.jks\n- run: ./gradlew bundleRelease -Pandroid.injected.signing.store.password=«spw:16» -Pandroid.injected.signing.key.alias=release',
    ),
    (
        None,
        "api_secret.xcconfig",
        "appdev",
        "alnum40",
        "// Secrets.xcconfig (should be gitignored)\nAPI_BASE_URL = https:/$()/api.kanso.dev\nAPI_CLIENT_SECRET = «alnum40»",
    ),
    (
        None,
        "api_secret.plist",
        "appdev",
        "sk_live",
        "<key>StripeSecretKey</key>\n<string>«sk_live»</string>",
    ),
    (
        None,
        "app_secret.env",
        "appdev",
        "b64_32",
        "NEXTAUTH_URL=https://app.kanso.dev\nNEXTAUTH_SECRET=«b64_32»\nDATABASE_URL=postgresql://kanso:«spw»@db.kanso.internal:5432/kanso",
    ),
    (
        None,
        "db_url.env",
        "appdev",
        "spw",
        'DATABASE_URL="mysql://app:«spw»@aws.connect.psdb.cloud/pocketvet?sslaccept=strict"',
    ),
    (
        None,
        "db_url.env",
        "appdev",
        "spw:24",
        "MONGODB_URI=mongodb+srv://api-user:«spw:24»@prod.b7xq1.mongodb.net/app",
    ),
    (
        None,
        "jwt_secret.env",
        "appdev",
        "hex64",
        "JWT_SECRET=«hex64»\nJWT_EXPIRES_IN=15m",
    ),
    (
        None,
        "app_secret.py",
        "appdev",
        "django_key",
        "# settings/prod.py\nSECRET_KEY = '«django_key»'\nDEBUG = False",
    ),
    (
        None,
        "app_secret.file",
        "appdev",
        "rails_master",
        "config/master.key: «rails_master»",
    ),
    (
        None,
        "app_secret.env",
        "appdev",
        "laravel",
        "APP_NAME=FarmaciaApp\nAPP_ENV=production\nAPP_KEY=«laravel»",
    ),
    (
        None,
        "private_key.pem",
        "appdev",
        "rsa",
        "deploy key for the backend repo:\n«rsa»",
    ),
    (
        None,
        "private_key.pem",
        "appdev",
        "rsa8",
        "GitHub App private key (release-bot.2025-02-11.private-key.pem):\n«rsa8»",
    ),
    (
        None,
        "private_key.pem",
        "appdev",
        "ed",
        "signing key for the OTA update manifests:\n«ed»",
    ),
    (
        None,
        "private_key.file",
        "appdev",
        "age_key",
        "# sops age key (keys.txt)\n«age_key»",
    ),
    (
        None,
        "totp.uri",
        "appdev",
        "totp16",
        "otpauth://totp/Google%3Aplay-console%40kanso.dev?secret=«totp16»&issuer=Google",
    ),
    (
        None,
        "recovery.note",
        "appdev",
        "recovery",
        "GitHub org owner recovery codes (store offline):\n«recovery»",
    ),
    (None, "git_token.env", "appdev", "github_pat", "GH_RELEASE_TOKEN=«github_pat»"),
    (
        None,
        "git_token.log",
        "appdev",
        "ghs",
        "[build 412] + git clone --depth 1 https://x-access-token:«ghs»@github.com/kanso/design-tokens.git vendor/tokens",
    ),
    (
        None,
        "git_token.ci",
        "appdev",
        "glpat",
        "variables:\n  DANGER_GITLAB_API_TOKEN: «glpat»",
    ),
    (
        None,
        "api_token.env",
        "appdev",
        "shopify",
        "SHOPIFY_ADMIN_TOKEN=«shopify»\nSHOPIFY_STORE=kanso-shop.myshopify.com",
    ),
    (
        None,
        "api_token.env",
        "appdev",
        "tw_tok",
        "# OTP via Verify\nTWILIO_ACCOUNT_SID=«tw_sid»\nTWILIO_AUTH_TOKEN=«tw_tok»\nTWILIO_VERIFY_SID=VA«hex32»",
    ),
    (None, "api_key.env", "appdev", "sendgrid", "SENDGRID_API_KEY=«sendgrid»"),
    (
        None,
        "api_key.ts",
        "appdev",
        "openai",
        'const openai = new OpenAI({ apiKey: "«openai»", dangerouslyAllowBrowser: true });',
    ),
    (
        None,
        "api_token.env",
        "appdev",
        "hf",
        "HF_TOKEN=«hf»  # on-device model export job",
    ),
    (
        None,
        "api_token.toml",
        "appdev",
        "cf_token",
        '# wrangler deploy from CI\nCLOUDFLARE_API_TOKEN = "«cf_token»"',
    ),
    (
        "in",
        "api_key.chat",
        "appdev",
        "gkey",
        "bhai maps key yeh hai «gkey» — restrict karna baaki hai, abhi kisi ko mat bhejna",
    ),
    (
        "es",
        "api_key.chat",
        "appdev",
        "sk_live",
        "te paso la clave secreta de Stripe de producción: «sk_live»",
    ),
    (
        "fr",
        "api_key.chat",
        "appdev",
        "npm",
        "le token npm pour publier le SDK : «npm» (expire dans 30 jours)",
    ),
    ("kr", "api_key.chat", "appdev", "fcm", "FCM 서버 키 공유드려요: «fcm»"),
    (
        "vn",
        "api_key.chat",
        "appdev",
        "ghp",
        "token GitHub để CI kéo repo private: «ghp»",
    ),
    (
        "ng",
        "api_key.chat",
        "appdev",
        "flw",
        "the Flutterwave live secret is «flw», don't paste it in the public channel again",
    ),
    (
        "ru",
        "password.chat",
        "appdev",
        "pw",
        "пароль от аккаунта Google Play Console: «pw»",
    ),
    ("id", "password.chat", "appdev", "pw", "password akun Apple Developer tim: «pw»"),
    (
        None,
        "api_token.env",
        "appdev",
        "xoxb",
        "SLACK_BOT_TOKEN=«xoxb»  # crash digest bot",
    ),
    (
        None,
        "signed_url.chat",
        "appdev",
        "gcsurl:builds",
        "IPA for the client demo (link expires in an hour): «gcsurl:builds»",
    ),
    (
        None,
        "oauth_token.log",
        "appdev",
        "ya29",
        "DEBUG google.auth: refreshed credentials, token=«ya29»",
    ),
]


# ================================================================= CLEAN rows (look-alikes)
CLEAN = [
    # ---------------- travel
    (
        None,
        "business_address.note",
        "travel",
        "",
        "Hotel for the Berlin offsite: Hotel Adlon Kempinski, Unter den Linden 77, 10117 Berlin — front desk +49 30 22610",
    ),
    (
        None,
        "business_address.note",
        "travel",
        "",
        "Hôtel réservé : Hôtel des Grands Boulevards, 17 boulevard Poissonnière, 75002 Paris. Check-in à partir de 15 h.",
    ),
    (
        None,
        "business_address.note",
        "travel",
        "",
        "ホテル：ホテルグレイスリー新宿（東京都新宿区歌舞伎町1-19-1）チェックイン14:00 / チェックアウト11:00",
    ),
    (
        None,
        "business_address.note",
        "travel",
        "",
        "Hotel da equipa em Lisboa: Rua da Rosa 196, 1200-389 Lisboa · receção +351 213 470 010 · pequeno-almoço incluído",
    ),
    (
        None,
        "business_address.note",
        "travel",
        "",
        "conference venue: ICC Sydney, 14 Darling Dr, Sydney NSW 2000 — registration opens 8:00 on level 2",
    ),
    (
        None,
        "business_address.note",
        "travel",
        "",
        "Hotel en Ciudad de México: Av. Paseo de la Reforma 325, Cuauhtémoc, 06500 — recepción +52 55 5208 1234",
    ),
    (
        None,
        "business_address.note",
        "travel",
        "",
        "Nairobi hotel for the summit: Radisson Blu Upper Hill, Elgon Rd — airport shuttle every hour from JKIA",
    ),
    (
        None,
        "business_address.note",
        "travel",
        "",
        "Hotel Bogotá: Cra. 7 #72-41, Chapinero. Tel. recepción (601) 325 5555",
    ),
    (
        None,
        "flight.itinerary",
        "travel",
        "",
        "LH 400 FRA→JFK, dep 10:35 CET, arr 13:10 EDT, A380, seats 61A/61C, booking class K",
    ),
    (
        None,
        "flight.itinerary",
        "travel",
        "",
        "AF 1148 CDG 07:15 → LIS 08:55 (local), Terminal 2F, cabin bag 12 kg max",
    ),
    (
        None,
        "flight.itinerary",
        "travel",
        "",
        "MU589 PVG–LAX 周五 12:40 起飞，飞行时长约 11 小时 35 分",
    ),
    (
        None,
        "flight.itinerary",
        "travel",
        "",
        "ET 308 ADD→NBO departs 08:30 EAT, arrives 10:35; connection to KQ 418 needs 2h",
    ),
    (
        None,
        "train.itinerary",
        "travel",
        "",
        "ICE 1023 Köln → München, Wagen 7, Plätze 55/56, Abfahrt 09:28 Gleis 4",
    ),
    (
        None,
        "baggage.policy",
        "travel",
        "",
        "baggage: economy 1 × 23 kg (≈ 50 lb), premium 2 × 23 kg; ski bags count as one piece",
    ),
    (
        None,
        "visa.rule",
        "travel",
        "",
        "Schengen rule: max 90 days in any 180; passport must be valid 3 months beyond the departure date and issued within the last 10 years",
    ),
    (
        None,
        "visa.rule",
        "travel",
        "",
        "ESTA costs US$21 now and is valid 2 years or until the passport expires, whichever is first",
    ),
    (
        None,
        "expense.fx",
        "travel",
        "",
        "taxi 42,50 EUR → 45.90 USD at 1.08 (ECB rate 12 Mar); tip not reimbursable",
    ),
    (
        None,
        "expense.policy",
        "travel",
        "",
        "per diem Germany (Inland): 28 € for a full day, 14 € for arrival/departure days; breakfast deduction 5,60 €",
    ),
    (
        None,
        "expense.policy",
        "travel",
        "",
        "hotel cap: 180 USD/night in NYC, 140 USD elsewhere in the US; economy for flights under 6 h",
    ),
    (
        None,
        "expense.masked",
        "travel",
        "",
        "charged to the corporate Amex ending 1008 — statement closes on the 22nd",
    ),
    (
        None,
        "expense.masked",
        "travel",
        "",
        "Zahlung mit Firmen-Visa **** **** **** 4417 am 03.03., Beleg hochgeladen",
    ),
    (
        None,
        "expense.masked",
        "travel",
        "",
        "refund of R$ 380,00 sent to the card ending in •••• 9132, 5–7 business days",
    ),
    (
        None,
        "expense.code",
        "travel",
        "",
        "GL 6410 = travel – airfare, 6420 = lodging, 6430 = meals (50 % deductible)",
    ),
    (
        None,
        "loyalty.policy",
        "travel",
        "",
        "Star Alliance Gold gets lounge access + 20 kg extra baggage; Miles & More numbers are 15 digits starting 992",
    ),
    (
        None,
        "booking.fields",
        "travel",
        "",
        "the Duffel order API needs: given_name, family_name, born_on, gender, email, phone_number, identity_documents[] — store none of them in the memory",
    ),
    (
        None,
        "booking.group_code",
        "travel",
        "",
        "room block for PyCon: use group code PYC25 on the hotel site, rate 159 €/night incl. breakfast, release date 10 April",
    ),
    (
        None,
        "placeholder.env",
        "travel",
        "",
        "AMADEUS_CLIENT_ID=<your-client-id>\nAMADEUS_CLIENT_SECRET=<your-client-secret>\nAMADEUS_HOSTNAME=test",
    ),
    (
        None,
        "placeholder.env",
        "travel",
        "",
        "DUFFEL_ACCESS_TOKEN=duffel_test_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    ),
    (
        None,
        "doc_example.card",
        "travel",
        "",
        "sandbox test cards: 4111 1111 1111 1111 (Visa), 5555 5555 5555 4444 (Mastercard), any future expiry, CVC 123",
    ),
    (
        None,
        "doc_example.card",
        "travel",
        "",
        "Stripe test card 4242 4242 4242 4242 succeeds; 4000 0000 0000 9995 declines with insufficient_funds",
    ),
    (
        None,
        "secret_ref.note",
        "travel",
        "",
        "Concur API secret lives in Vault at secret/data/travel/concur (key: client_secret); rotate quarterly",
    ),
    (
        None,
        "secret_ref.env",
        "travel",
        "",
        "STRIPE_SECRET_KEY=${{ secrets.STRIPE_SECRET_KEY }}\nSTRIPE_WEBHOOK_SECRET=${{ secrets.STRIPE_WHSEC }}",
    ),
    (
        None,
        "request_id.log",
        "travel",
        "",
        "Amadeus 500 on /v2/shopping/flight-offers, ama-request-id «uuid», retry succeeded after 2 s",
    ),
    (
        None,
        "request_id.log",
        "travel",
        "",
        "booking confirmation webhook delivered: event_id «uuid», status 200, latency 184 ms",
    ),
    (
        None,
        "price.note",
        "travel",
        "",
        "cheapest LIS–GRU fare found: 612 € RT in economy light (no checked bag), 748 € with bag",
    ),
    (
        None,
        "timezone.note",
        "travel",
        "",
        "Sydney is UTC+11 until 6 April, then UTC+10 — the 9:30 call becomes 8:30 for them",
    ),
    (
        None,
        "airport.info",
        "travel",
        "",
        "Heathrow T5: allow 45 min from gate B to the Elizabeth line; Heathrow Express every 15 min, £25 off-peak",
    ),
    (
        None,
        "hotel.wifi_public",
        "travel",
        "",
        "hotel wifi: network 'Marriott_GUEST', free for Bonvoy members, log in via the portal (no password)",
    ),
    (
        None,
        "car.rental",
        "travel",
        "",
        "rental: Sixt Palma airport, VW T-Roc or similar, pick-up 14:00, fuel full-to-full, 1 200 km included",
    ),
    (
        None,
        "iata.note",
        "travel",
        "",
        "IATA codes for the trip: GRU, GIG, CNF; São Paulo Congonhas is CGH, not GRU",
    ),
    (
        None,
        "sha.receipt",
        "travel",
        "",
        "receipt PDF stored in S3 as receipts/2025/03/«sha256».pdf (content-addressed)",
    ),
    (
        None,
        "business_phone.note",
        "travel",
        "",
        "Lufthansa service line for Germany: +49 69 86 799 799 (Mon–Sun 7–22h); rebooking via app is faster",
    ),
    (
        None,
        "masked.passport",
        "travel",
        "",
        "passport on the profile: •••••••89, expiry 2031 — valid for the trip",
    ),
    (
        None,
        "date.note",
        "travel",
        "",
        "offsite dates: 2025-06-16 to 2025-06-19, arrivals on the 15th, check-out 11:00 on the 19th",
    ),
    (
        None,
        "placeholder.form",
        "travel",
        "",
        "traveller template: {first_name} {last_name}, passport {passport_no}, DOB {yyyy-mm-dd} — fill from HR system at booking time",
    ),
    (
        None,
        "distance.note",
        "travel",
        "",
        "hotel to venue: 2.4 km (1.5 mi), about 30 min on foot or 8 min by taxi",
    ),
    (
        None,
        "currency.note",
        "travel",
        "",
        "1 USD ≈ 17.10 MXN this week; card payments fine, but carry ~2 000 MXN cash for taxis",
    ),
    (
        None,
        "fingerprint.note",
        "travel",
        "",
        "TLS pin for the GDS endpoint (SHA-256): «fp256»",
    ),
    (
        None,
        "uuid.note",
        "travel",
        "",
        "TravelPerk trip id «uuid» — approved by manager, waiting on hotel",
    ),
    # ---------------- clinic / pharmacy
    (
        None,
        "business_address.note",
        "clinic",
        "",
        "Praxis Dr. Lange, Hauptstraße 12, 69117 Heidelberg · Tel. 06221 43780 · Sprechzeiten Mo–Fr 8–12, Di/Do 15–18",
    ),
    (
        None,
        "business_address.note",
        "clinic",
        "",
        "Pharmacie du Marché, 4 place du Marché, 33000 Bordeaux – ouverte lundi–samedi 9h–19h30, garde le dimanche sur le 3237",
    ),
    (
        None,
        "business_address.note",
        "clinic",
        "",
        "Farmacia San Martín, Calle Mayor 45, 28013 Madrid — teléfono 915 32 18 40, horario de 9:30 a 21:00",
    ),
    (
        None,
        "business_address.note",
        "clinic",
        "",
        "Afya Medical Centre, Ngong Road, Nairobi — open 24 h, casualty entrance on the left",
    ),
    (
        None,
        "business_address.note",
        "clinic",
        "",
        "Green Cross Pharmacy, 88 Queen St, Auckland CBD 1010, ph 09 379 4420",
    ),
    (
        None,
        "business_address.note",
        "clinic",
        "",
        "クリニック所在地：東京都渋谷区神南1-2-3 3F、受付 9:00–12:30 / 14:30–18:00（木・日休診）",
    ),
    (
        None,
        "business_address.note",
        "clinic",
        "",
        "Farmácia Central, Av. Paulista 1000, São Paulo – SP, 01310-100, tel. (11) 3251-4400",
    ),
    (
        None,
        "business_address.note",
        "clinic",
        "",
        "Apotheek De Linde, Lindengracht 54, 1015 KK Amsterdam — herhaalrecepten ophalen vanaf 14:00",
    ),
    (
        None,
        "dosing.reference",
        "clinic",
        "",
        "amoxicillin adult dose: 500 mg three times daily for 5–7 days; reduce interval if eGFR < 30",
    ),
    (
        None,
        "dosing.reference",
        "clinic",
        "",
        "Paracetamol Erwachsene: max. 4 g/Tag, Einzeldosis 500–1000 mg, Abstand mind. 6 h",
    ),
    (
        None,
        "dosing.reference",
        "clinic",
        "",
        "Pediatric ibuprofen: 5–10 mg/kg every 6–8 h, max 40 mg/kg/day",
    ),
    (
        None,
        "code.reference",
        "clinic",
        "",
        "ICD-10 shortcuts: E11.9 type 2 diabetes w/o complications, I10 essential hypertension, J45.909 asthma unspecified",
    ),
    (
        None,
        "code.reference",
        "clinic",
        "",
        "ATC: C09AA05 ramipril, A10BA02 metformin, N02BE01 paracetamol",
    ),
    (
        None,
        "code.reference",
        "clinic",
        "",
        "CPT 99213 = established patient, low complexity; 99203 = new patient, low complexity",
    ),
    (
        None,
        "product_code.note",
        "clinic",
        "",
        "Ibuprofen 400 mg 20 St., PZN «pzn» — Nachbestellung 3 Packungen",
    ),
    (
        None,
        "product_code.note",
        "clinic",
        "",
        "Ventolin Evohaler GTIN «ean13», reorder point 12 units",
    ),
    (
        None,
        "product_code.note",
        "clinic",
        "",
        "NDC 0173-0682-20 (Ventolin HFA 90 mcg) — backordered at the wholesaler until 3/28",
    ),
    (
        None,
        "lot.note",
        "clinic",
        "",
        "Comirnaty lot «lot», exp 2025-08-31, 40 doses in fridge 2 — thawed 11 Mar 09:10",
    ),
    (
        None,
        "lot.note",
        "clinic",
        "",
        "Fluad Tetra Charge «lot», verwendbar bis 06/2025, 30 Dosen eingelagert",
    ),
    (
        None,
        "temperature.log",
        "clinic",
        "",
        "fridge 2 log: min 2.8 °C / max 7.4 °C (37.0–45.3 °F) overnight, within range",
    ),
    (
        None,
        "stats.note",
        "clinic",
        "",
        "today: 17 flu shots, 4 COVID boosters, 3 walk-ins turned away after 18:00",
    ),
    (
        None,
        "stats.note",
        "clinic",
        "",
        "本月处方量：降压药 214 张，降糖药 158 张，比上月增加 6%",
    ),
    (
        None,
        "stats.note",
        "clinic",
        "",
        "semana 10: 42 consultas, 9 por sospecha de dengue, 0 hospitalizaciones",
    ),
    (
        None,
        "schedule.note",
        "clinic",
        "",
        "appointment slots: 15 min, Mon–Fri 08:00–12:30 and 14:00–17:30; double slot for new patients",
    ),
    (
        None,
        "schedule.note",
        "clinic",
        "",
        "Vertretung im August: Praxis Dr. Yilmaz, Bahnhofstr. 3 – Akutsprechstunde täglich 8–10 Uhr",
    ),
    (
        None,
        "payer.info",
        "clinic",
        "",
        "Medicare Part B claims (Jurisdiction H): Novitas Solutions, payer ID 12502; timely filing 12 months",
    ),
    (
        None,
        "npi.org",
        "clinic",
        "",
        "group NPI for the clinic (public in NPPES): «npi_org», taxonomy 207Q00000X",
    ),
    (
        None,
        "secret_ref.note",
        "clinic",
        "",
        "EHR DB password is in Vault at secret/clinic/ehr-db, read via the ehr-backup role only",
    ),
    (
        None,
        "secret_ref.env",
        "clinic",
        "",
        "TWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}\nTWILIO_ACCOUNT_SID=${TWILIO_ACCOUNT_SID}",
    ),
    (
        None,
        "placeholder.config",
        "clinic",
        "",
        "[hl7_interface]\nhost = 10.20.0.15\nport = 2575\nuser = lab_feed\npassword = <set in /etc/clinic/hl7.secret>",
    ),
    (
        None,
        "masked.id",
        "clinic",
        "",
        "NHS number on the referral is masked as *** *** 4571 — ask the patient to bring the letter",
    ),
    (
        None,
        "masked.card",
        "clinic",
        "",
        "pago con tarjeta terminada en 0093, autorización 418822 — recibo en el cajón",
    ),
    (
        None,
        "fields.form",
        "clinic",
        "",
        "new-patient form fields: full_name, date_of_birth, nhs_number, gp_practice, allergies[], consent_sms — all required except allergies",
    ),
    (
        None,
        "hash.audit",
        "clinic",
        "",
        "audit log export 2025-03 sha256 «sha256» — verified against the signed manifest",
    ),
    (
        None,
        "uuid.fhir",
        "clinic",
        "",
        "FHIR Observation/«uuid» failed validation: missing effectiveDateTime",
    ),
    (
        None,
        "request_id.log",
        "clinic",
        "",
        "e-prescription submit → 202 Accepted, X-Request-ID «uuid», polling status every 5 s",
    ),
    (
        None,
        "fingerprint.note",
        "clinic",
        "",
        "lab SFTP host key: ED25519 SHA256:«b64fp»",
    ),
    (
        None,
        "public_key.note",
        "clinic",
        "",
        "add this to authorized_keys on the clinic NAS (backup user):\n«ssh_pub» backup@praxis-nas",
    ),
    (
        None,
        "price.note",
        "clinic",
        "",
        "Zuzahlung: 10 % des Preises, mind. 5 €, max. 10 € pro Packung; Kinder unter 18 befreit",
    ),
    (
        None,
        "price.note",
        "clinic",
        "",
        "consultation fee: £65 for 15 min, £110 for 30 min; travel vaccines priced separately",
    ),
    (
        None,
        "doc_example.id",
        "clinic",
        "",
        "example from the NHS docs: 943 476 5919 is a valid test NHS number used in the sandbox",
    ),
    (
        None,
        "policy.note",
        "clinic",
        "",
        "retain prescriptions for controlled drugs 2 years; CD register entries in ink, no corrections fluid",
    ),
    (
        None,
        "version.note",
        "clinic",
        "",
        "OpenEMR upgraded 7.0.2 → 7.0.3 (patch 1); DB migration took 4 min, no errors",
    ),
    (
        None,
        "wifi.public",
        "clinic",
        "",
        "waiting-room wifi 'Praxis-Gast' is open; staff network is separate (ask the office manager)",
    ),
    (
        None,
        "business_phone.note",
        "clinic",
        "",
        "out-of-hours: call 111 (NHS) or 116 117 (ärztlicher Bereitschaftsdienst in DE); emergencies 112",
    ),
    (
        None,
        "measurement.note",
        "clinic",
        "",
        "BP cuff recalibrated: reads within ±3 mmHg of the reference; scale off by 0.2 kg (0.44 lb), adjusted",
    ),
    (
        None,
        "stock.note",
        "clinic",
        "",
        "Metformin 850 mg: 14 Packungen N3 auf Lager, Mindestbestand 10, Lieferung Donnerstag",
    ),
    (
        None,
        "anonymised.note",
        "clinic",
        "",
        "case for the team meeting (anonymised): woman, 60s, T2DM, HbA1c 8.1 %, metformin max dose — discuss SGLT2",
    ),
    # ---------------- app development
    (
        None,
        "fingerprint.android",
        "appdev",
        "",
        "upload key SHA-1: «fp1»\nSHA-256: «fp256»\n(add both to the Firebase Android app for Google Sign-In)",
    ),
    (
        None,
        "fingerprint.assetlinks",
        "appdev",
        "",
        '[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"app.kanso.mobile","sha256_cert_fingerprints":["«fp256»"]}}]',
    ),
    (
        None,
        "firebase.ids",
        "appdev",
        "",
        "google-services: project_id pocketvet-prod, project_number «int:100000000000-999999999999», mobilesdk_app_id «fbappid:android»",
    ),
    (
        None,
        "firebase.ids",
        "appdev",
        "",
        "Firebase iOS app id «fbappid:ios», bundle id app.kanso.ios, GCM sender id «int:100000000000-999999999999»",
    ),
    (
        None,
        "publishable_key.code",
        "appdev",
        "",
        '// publishable key is meant to ship in the client\nStripeAPI.defaultPublishableKey = "«stripe_pk»"',
    ),
    (
        None,
        "publishable_key.env",
        "appdev",
        "",
        "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=«stripe_pk»\nSTRIPE_SECRET_KEY=  # server only, set in Vercel",
    ),
    (
        None,
        "public_token.code",
        "appdev",
        "",
        "// Mapbox *public* token, URL-restricted to kanso.dev\nmapboxgl.accessToken = '«mb_pk»';",
    ),
    (
        None,
        "placeholder.npmrc",
        "appdev",
        "",
        "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n@bluepine:registry=https://npm.pkg.github.com",
    ),
    (
        None,
        "placeholder.pypirc",
        "appdev",
        "",
        "[pypi]\nusername = __token__\npassword = <paste pypi- token from the vault here, never commit>",
    ),
    (
        None,
        "placeholder.gradle",
        "appdev",
        "",
        'storePassword System.getenv("KEYSTORE_PASSWORD")\nkeyPassword System.getenv("KEY_PASSWORD")\nkeyAlias "upload"',
    ),
    (
        None,
        "placeholder.fastlane",
        "appdev",
        "",
        '# Matchfile\ngit_url("git@github.com:bluepine/certificates.git")\ntype("appstore")\napp_identifier(["app.bluepine.ios"])\nusername("release@bluepine.app")  # password comes from MATCH_PASSWORD env',
    ),
    (
        None,
        "secret_ref.fastlane",
        "appdev",
        "",
        'app_store_connect_api_key(key_id: ENV["ASC_KEY_ID"], issuer_id: ENV["ASC_ISSUER_ID"], key_filepath: "./fastlane/AuthKey.p8")',
    ),
    (
        None,
        "ids.appstore",
        "appdev",
        "",
        "ASC API key id «keyid», issuer id «uuid» — the .p8 itself is in 1Password (Mobile vault)",
    ),
    (
        None,
        "ids.xcode",
        "appdev",
        "",
        "DEVELOPMENT_TEAM = «teamid»\nPRODUCT_BUNDLE_IDENTIFIER = app.kanso.ios\nPROVISIONING_PROFILE_SPECIFIER = match AppStore app.kanso.ios",
    ),
    (
        None,
        "uuid.xcode",
        "appdev",
        "",
        "provisioning profile UUID «UUID» expires 2026-02-11",
    ),
    (
        None,
        "secret_ref.ci",
        "appdev",
        "",
        "env:\n  MATCH_PASSWORD: ${{ secrets.MATCH_PASSWORD }}\n  FASTLANE_USER: ${{ vars.FASTLANE_USER }}",
    ),
    (
        None,
        "secret_ref.note",
        "appdev",
        "",
        "the Play Console service account JSON is stored as GCP secret projects/kanso-ci/secrets/play-publisher/versions/latest",
    ),
    (
        None,
        "secret_ref.arn",
        "appdev",
        "",
        "Stripe live key: arn:aws:secretsmanager:eu-west-1:«int:100000000000-999999999999»:secret:prod/stripe-live-«alnum6»",
    ),
    (
        None,
        "env_names.note",
        "appdev",
        "",
        "required env vars for the backend: DATABASE_URL, REDIS_URL, STRIPE_SECRET_KEY, SENTRY_DSN, APNS_KEY_ID, FCM_PROJECT_ID",
    ),
    (
        None,
        "doc_example.aws",
        "appdev",
        "",
        "AWS docs example creds: AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY — use them in the README, not real ones",
    ),
    (
        None,
        "masked.key",
        "appdev",
        "",
        "rotated the Stripe key; new one ends in …Xy9Q, old sk_live_…7hK2 revoked at 14:02 UTC",
    ),
    (
        None,
        "masked.log",
        "appdev",
        "",
        "Authorization: Bearer [REDACTED]\nCookie: sessionid=[REDACTED]\n(crash reporter scrubs these since v2.3)",
    ),
    (
        None,
        "masked.placeholder",
        "appdev",
        "",
        "GOOGLE_MAPS_API_KEY=AIzaSy••••••••••••••••••••••••••••••• (restricted to app.kanso.mobile + SHA-1)",
    ),
    (
        None,
        "crash.stack",
        "appdev",
        "",
        "Thread 0 Crashed:\n0   libswiftCore.dylib  «addr0x» swift_unexpectedError + 340\n1   Kanso               «addr0x#2» CartViewModel.checkout() + 212\n2   Kanso               «addr0x#3» closure #1 in CartView.body.getter + 64",
    ),
    (
        None,
        "crash.stack",
        "appdev",
        "",
        "FATAL EXCEPTION: main\nProcess: app.pocketvet, PID: 18422\njava.lang.IllegalStateException: Fragment MapFragment{«hex16»} not attached to a context.\n    at androidx.fragment.app.Fragment.requireContext(Fragment.java:972)",
    ),
    (
        None,
        "crash.meta",
        "appdev",
        "",
        "Crashlytics issue «md5»: 312 crashes / 87 users, 98 % on Android 14, first seen in 3.8.0 (build 412)",
    ),
    (
        None,
        "crash.meta",
        "appdev",
        "",
        "dSYM UUID «UUID» (arm64) uploaded for 2.14.0 (731)",
    ),
    (
        None,
        "hash.git",
        "appdev",
        "",
        "release 3.8.1 tagged at «sha1» (cherry-picked fix «gitshort» from main)",
    ),
    (
        None,
        "hash.lockfile",
        "appdev",
        "",
        '"node_modules/react-native-maps": {\n  "version": "1.14.0",\n  "resolved": "https://registry.npmjs.org/react-native-maps/-/react-native-maps-1.14.0.tgz",\n  "integrity": "«sri»"\n}',
    ),
    (
        None,
        "hash.checksum",
        "appdev",
        "",
        "app-release.aab sha256: «sha256» (matches the Play Console upload)",
    ),
    (
        None,
        "hash.gradle",
        "appdev",
        "",
        '<component group="com.google.firebase" name="firebase-messaging" version="24.0.0">\n   <artifact name="firebase-messaging-24.0.0.aar">\n      <sha256 value="«sha256»" origin="Generated by Gradle"/>',
    ),
    (
        None,
        "hash.bundle",
        "appdev",
        "",
        "web build: main.«gitshort».js 412 kB, vendor.«gitshort#2».js 1.1 MB (gzip 338 kB)",
    ),
    (
        None,
        "public_key.ssh",
        "appdev",
        "",
        "CI deploy key (public half, add to the repo as read-only):\n«ssh_pub» ci@kanso",
    ),
    (
        None,
        "public_key.pem",
        "appdev",
        "",
        "OTA manifest verification key shipped in the app:\n«pem_pub»",
    ),
    (
        None,
        "version.note",
        "appdev",
        "",
        "versionCode 412 / versionName 3.8.1, minSdk 24, targetSdk 35, compileSdk 35",
    ),
    (
        None,
        "version.note",
        "appdev",
        "",
        "bumped Flutter 3.22.2 → 3.24.0, Dart 3.5; Xcode 15.4 on the CI runners",
    ),
    (
        None,
        "version.note",
        "appdev",
        "",
        "CFBundleShortVersionString 2.14.0, CFBundleVersion 731 — submitted for review 11 Mar",
    ),
    (
        None,
        "request_id.log",
        "appdev",
        "",
        "502 from api.kanso.dev, x-request-id «reqid», traceparent «traceparent»",
    ),
    (
        None,
        "request_id.log",
        "appdev",
        "",
        "Stripe API error: request req_«alnum14» idempotency-key «uuid» — card_declined (test mode)",
    ),
    (
        None,
        "uuid.note",
        "appdev",
        "",
        "FCM message id projects/pocketvet-prod/messages/«int:1000000000000000-9999999999999999» delivered to topic promo",
    ),
    (
        None,
        "ulid.note",
        "appdev",
        "",
        "EAS build id «uuid» finished in 14m 32s, artifact «ulid».aab",
    ),
    (
        None,
        "measurement.note",
        "appdev",
        "",
        "cold start p50 820 ms (was 1.3 s), APK 48.2 MB → 39.7 MB after R8 full mode",
    ),
    (
        None,
        "config.note",
        "appdev",
        "",
        "Remote Config: checkout_v2_enabled = true (50 % rollout), min_supported_version = 3.6.0",
    ),
    (
        None,
        "config.gradle",
        "appdev",
        "",
        'android {\n    namespace "app.pocketvet"\n    defaultConfig { minSdk 24; targetSdk 35; versionCode 412 }\n}',
    ),
    (
        None,
        "config.plist",
        "appdev",
        "",
        "<key>NSLocationWhenInUseUsageDescription</key>\n<string>We use your location to show nearby pharmacies.</string>",
    ),
    (
        None,
        "config.npmrc",
        "appdev",
        "",
        "# .npmrc\nsave-exact=true\nengine-strict=true\nfund=false",
    ),
    (
        None,
        "config.pypirc",
        "appdev",
        "",
        "[distutils]\nindex-servers =\n    pypi\n    testpypi\n\n[testpypi]\nrepository = https://test.pypi.org/legacy/",
    ),
    (
        None,
        "config.git",
        "appdev",
        "",
        '[credential]\n\thelper = osxkeychain\n[url "git@github.com:"]\n\tinsteadOf = https://github.com/',
    ),
    (
        None,
        "doc_example.jwt",
        "appdev",
        "",
        "jwt.io's sample token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c decodes to sub 1234567890 — fine for the unit test",
    ),
    (
        None,
        "doc_example.phone",
        "appdev",
        "",
        "libphonenumber test fixture: +1 650-253-0000 (Google HQ main line) parses as US FIXED_LINE_OR_MOBILE",
    ),
    (
        None,
        "placeholder.swift",
        "appdev",
        "",
        'let apiKey = Bundle.main.object(forInfoDictionaryKey: "API_KEY") as? String ?? "YOUR_API_KEY_HERE"',
    ),
    (
        None,
        "placeholder.env",
        "appdev",
        "",
        "# .env.example\nSENTRY_AUTH_TOKEN=\nEXPO_TOKEN=\nONESIGNAL_REST_API_KEY=changeme",
    ),
    (None, "hash.pin", "appdev", "", "OkHttp certificate pin: sha256/«b64_32»"),
    (
        None,
        "business_address.appstore",
        "appdev",
        "",
        "App Store seller info: Kanso Labs GmbH, Torstraße 140, 10119 Berlin — support@kanso.dev",
    ),
    (
        None,
        "date.note",
        "appdev",
        "",
        "Apple distribution cert expires 2026-01-14; push key has no expiry; Play upload key reset requested 2025-03-02",
    ),
    (
        None,
        "uuid.note",
        "appdev",
        "",
        "Sentry event «hex32» grouped under issue POCKETVET-ANDROID-3KX",
    ),
    (
        None,
        "hash.docker",
        "appdev",
        "",
        "image ghcr.io/kanso/api@sha256:«sha256» deployed to prod",
    ),
    (
        None,
        "ids.push",
        "appdev",
        "",
        "APNs topic app.kanso.ios, environment production, team «teamid», key id «keyid» (key file in the secret store)",
    ),
    (
        None,
        "ci.log",
        "appdev",
        "",
        "Run fastlane ios beta\n[14:02:11]: Successfully uploaded package to App Store Connect. It might take a few minutes until it's visible online.\n[14:02:11]: fastlane.tools finished successfully 🎉",
    ),
    (
        None,
        "ci.log",
        "appdev",
        "",
        "> Task :app:bundleRelease\nBUILD SUCCESSFUL in 6m 12s\n287 actionable tasks: 251 executed, 36 up-to-date",
    ),
]
GEN.update({"alnum6": lambda a: rs(B62, 6), "alnum14": lambda a: rs(B62, 14)})
CLEAN += [
    (
        None,
        "policy.note",
        "travel",
        "",
        "hotel cancellation: free until 48 h before arrival (18:00 local time), after that the first night is charged",
    ),
    (
        None,
        "order.note",
        "clinic",
        "",
        "Lieferschein Großhandel: Auftrag 4481207 vom 12.03., 23 Positionen, Kühlware separat verpackt, Tour 2",
    ),
    (
        None,
        "version.note",
        "appdev",
        "",
        "maps-sdk for Android 19.0.0 needs minSdk 21 and Play services 21+; Places SDK bumped to 4.1.0",
    ),
]
GEN["b64fp"] = lambda a: base64.b64encode(R.randbytes(32)).decode().rstrip("=")

# ================================================================= validation of sensitive values
IDMOD = {
    "de_idnr": stdnum.de.idnr,
    "fr_nir": stdnum.fr.nir,
    "es_dni": stdnum.es.dni,
    "es_nie": stdnum.es.nie,
    "it_cf": stdnum.it.codicefiscale,
    "pt_cc": stdnum.pt.cc,
    "nl_bsn": stdnum.nl.bsn,
    "be_nn": stdnum.be.nn,
    "pl_pesel": stdnum.pl.pesel,
    "se_pnr": stdnum.se.personnummer,
    "no_fnr": stdnum.no.fodselsnummer,
    "dk_cpr": stdnum.dk.cpr,
    "fi_hetu": stdnum.fi.hetu,
    "ee_ik": stdnum.ee.ik,
    "lt_asm": stdnum.lt.asmens,
    "bg_egn": stdnum.bg.egn,
    "ro_cnp": stdnum.ro.cnp,
    "cz_rc": stdnum.cz.rc,
    "sk_rc": stdnum.sk.rc,
    "hr_oib": stdnum.hr.oib,
    "si_emso": stdnum.si.emso,
    "gb_nhs": stdnum.gb.nhs,
    "ie_pps": stdnum.ie.pps,
    "gr_amka": stdnum.gr.amka,
    "ch_ahv": stdnum.ch.ssn,
    "at_svnr": stdnum.at.vnr,
    "is_kt": stdnum.is_.kennitala,
    "in_aadhaar": stdnum.in_.aadhaar,
    "in_pan": stdnum.in_.pan,
    "cn_ric": stdnum.cn.ric,
    "kr_rrn": stdnum.kr.rrn,
    "jp_mynumber": stdnum.jp.in_,
    "my_nric": stdnum.my.nric,
    "th_pin": stdnum.th.pin,
    "id_nik": stdnum.id.nik,
    "tr_tc": stdnum.tr.tckimlik,
    "il_id": stdnum.il.idnr,
    "pk_cnic": stdnum.pk.cnic,
    "za_id": stdnum.za.idnr,
    "mu_nid": stdnum.mu.nid,
    "ke_pin": stdnum.ke.pin,
    "us_ssn": stdnum.us.ssn,
    "ca_sin": stdnum.ca.sin,
    "ca_phn": stdnum.ca.bc_phn,
    "mx_curp": stdnum.mx.curp,
    "cr_cpf": stdnum.cr.cpf,
    "do_ced": stdnum.do.cedula,
    "cu_ni": stdnum.cu.ni,
    "br_cpf": stdnum.br.cpf,
    "ar_cuil": stdnum.ar.cuit,
    "ar_dni": stdnum.ar.dni,
    "cl_rut": stdnum.cl.rut,
    "ec_ci": stdnum.ec.ci,
    "pe_cui": stdnum.pe.cui,
    "au_tfn": stdnum.au.tfn,
    "nz_ird": stdnum.nz.ird,
    "ru_inn": stdnum.ru.inn,
    "ua_rntrc": stdnum.ua.rntrc,
}


def check_value(vkey, value):
    if vkey.startswith("id:"):
        assert IDMOD[vkey[3:]].is_valid(value), (vkey, value)
    elif vkey.startswith("phone"):
        if value.startswith("+"):
            assert phonenumbers.is_valid_number(phonenumbers.parse(value)), value
    elif vkey.startswith("iban"):
        assert std_iban.is_valid(value), value
    elif vkey.startswith("card"):
        assert luhn.is_valid(re.sub(r"\D", "", value)), value


# ================================================================= build
def build():
    rows, seen = [], set()
    countries = Counter()
    for label, specs in (("pii", PII), ("secret", SECRET), ("clean", CLEAN)):
        per_kind = Counter()
        for cc, kind, domain, vkey, tpl in specs:
            text, cache = render(tpl, cc)
            if vkey.startswith("="):
                value = vkey[1:]
            elif vkey:
                value = cache[vkey]
                if label == "pii":
                    check_value(vkey, value)
                    if vkey.startswith("phone"):
                        region = PHONE_REGION[cc.split("/")[0]]
                        assert phonenumbers.is_valid_number(
                            phonenumbers.parse(value, region)
                        ), (cc, value)
            else:
                value = ""
            assert value in text, (tpl, value)
            assert text not in seen, text
            seen.add(text)
            per_kind[(domain, kind)] += 1
            if label == "pii":
                countries[cc.split("/")[0]] += 1
            rows.append(
                {
                    "text": text,
                    "label": label,
                    "kind": kind,
                    "template": f"b17.{label}.{domain}.{kind}.{per_kind[(domain, kind)]}",
                    "probe": "sensitivity_blind17",
                    "id": hashlib.sha256(text.encode()).hexdigest()[:16],
                    "value": value,
                    "_domain": domain,
                }
            )
    R.shuffle(rows)
    return rows, countries


def main():
    rows, countries = build()
    ids = [r["id"] for r in rows]
    assert len(set(ids)) == len(ids)
    lab = Counter(r["label"] for r in rows)
    assert lab == {"secret": 220, "pii": 220, "clean": 160}, lab
    with OUT.open("w", encoding="utf-8") as f:
        for r in rows:
            d = r.pop("_domain")
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
            r["_domain"] = d
    print(f"wrote {len(rows)} rows to {OUT.name}")
    print("by label:", dict(sorted(lab.items())))
    print(
        "by label x domain:",
        dict(sorted(Counter((r["label"], r["_domain"]) for r in rows).items())),
    )
    print(
        "by kind class:",
        dict(sorted(Counter(r["kind"].split(".")[0] for r in rows).items())),
    )
    conts = Counter(CONTINENT[c] for c in countries)
    print(f"pii people from {len(countries)} countries:", dict(sorted(conts.items())))


if __name__ == "__main__":
    main()
