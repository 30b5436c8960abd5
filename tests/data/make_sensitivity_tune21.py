# ruff: noqa: E501, UP031, B007, B905
"""Sensitivity set tune21: hard-to-see PERSONAL DATA across 50+ countries.

Emphasis: national IDs, tax / social-security / health-insurance numbers, driving
licences and passports (valid per python-stdnum where it has the ID, otherwise in
the issuing country's documented shape, MRZ lines with ICAO 9303 check digits),
written the way people really write them: with or without separators, inside
sentences in the country's language, after a label in that language, in tables,
CSV rows, JSON, YAML, forms and e-mail signatures. Also phones (national and
international form, valid per `phonenumbers`), home addresses in local formats,
dates of birth in local formats, a named person's diagnosis / medication / salary,
personal e-mails. Secrets are mixed (cloud, SaaS, database URLs, private keys,
passwords in prose in several languages). Clean rows are the same kinds of text
with public, business, masked, placeholder or documentation values.

600 rows: 150 secret, 300 pii, 150 clean. Seed 2121.
"""

import base64
import binascii
import datetime
import hashlib
import hmac
import importlib
import json
import random
import string
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import quote

import phonenumbers
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from stdnum import iban as std_iban
from stdnum import luhn

R = random.Random(2121)
OUT = Path(__file__).with_name("sensitivity_tune21.jsonl")
PROBE = "sensitivity_tune21"

DIG = string.digits
UP = string.ascii_uppercase
ALNUM = string.ascii_letters + string.digits


def D(n, first_nonzero=False):
    s = "".join(R.choice(DIG) for _ in range(n))
    if first_nonzero and s and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rdate(y0=1948, y1=2004):
    return datetime.date(R.randint(y0, y1), R.randint(1, 12), R.randint(1, 28))


def yymmdd(d):
    return d.strftime("%y%m%d")


def ddmmyy(d):
    return d.strftime("%d%m%y")


def mod(name):
    return importlib.import_module("stdnum." + name)


def until(name, fn, tries=200000):
    m = mod(name)
    for _ in range(tries):
        c = fn()
        if m.is_valid(c):
            return m.compact(c)
    raise RuntimeError("no valid " + name)


def fmt(name, v):
    m = mod(name)
    if hasattr(m, "format"):
        try:
            return m.format(v)
        except Exception:
            return v
    return v


# ---------------------------------------------------------------- ID generators
# each returns (value_compact, value_with_separators)


def g_simple(name):
    def g(fn):
        def inner():
            v = until(name, fn)
            return v, fmt(name, v)

        return inner

    return g


def curp():
    d = rdate()
    cons = "BCDFGHJKLMNPRSTVZ"
    for _ in range(100000):
        base = (
            R.choice("BCGHLMPRSTV")
            + R.choice("AEIOU")
            + R.choice(UP.replace("Ñ", ""))
            + R.choice("ABCEGJLMPRSV")
            + yymmdd(d)
            + R.choice("HM")
            + R.choice(["DF", "JC", "NL", "PL", "VZ", "GT", "MC", "YN", "CH", "SR"])
            + R.choice(cons)
            + R.choice(cons)
            + R.choice(cons)
            + "0"
            + R.choice(DIG)
        )
        if mod("mx.curp").is_valid(base):
            return base, base
    raise RuntimeError


def codicefiscale():
    cf = mod("it.codicefiscale")
    d = rdate()
    cons = "BCDFGHLMNPRSTVZ"
    months = "ABCDEHLMPRST"
    day = d.day + (40 if R.random() < 0.5 else 0)
    base = (
        rs(cons, 3)
        + rs(cons, 2)
        + R.choice("AEIOU")
        + d.strftime("%y")
        + months[d.month - 1]
        + "%02d" % day
        + R.choice(
            [
                "F205",
                "H501",
                "L219",
                "F839",
                "A944",
                "D612",
                "G273",
                "L736",
                "C351",
                "B157",
            ]
        )
    )
    v = base + cf.calc_check_digit(base)
    assert cf.is_valid(v)
    return v, v


def fr_nir():
    d = rdate()
    dept = R.choice(
        ["75", "69", "13", "33", "59", "31", "44", "67", "06", "35", "2A", "92", "93"]
    )
    body = (
        R.choice("12")
        + d.strftime("%y%m")
        + dept
        + "%03d" % R.randint(1, 400)
        + "%03d" % R.randint(1, 999)
    )
    num = int(body.replace("2A", "19").replace("2B", "18"))
    key = "%02d" % (97 - num % 97)
    v = body + key
    assert mod("fr.nir").is_valid(v), v
    return v, fmt("fr.nir", v)


def es_dni():
    n = D(8)
    v = n + mod("es.dni").calc_check_digit(n)
    return v, n[:2] + "." + n[2:5] + "." + n[5:] + "-" + v[-1]


def es_nie():
    m = mod("es.nie")
    v = until("es.nie", lambda: R.choice("XYZ") + D(7) + R.choice(UP))
    del m
    return v, v[0] + "-" + v[1:8] + "-" + v[8]


def gb_nino():
    bad1 = "DFIQUV"
    p1 = R.choice([c for c in UP if c not in bad1])
    p2 = R.choice([c for c in UP if c not in bad1 + "O"])
    if p1 + p2 in ("BG", "GB", "NK", "KN", "TN", "NT", "ZZ"):
        p1, p2 = "J", "H"
    d = D(6)
    s = R.choice("ABCD")
    v = p1 + p2 + d + s
    return v, f"{p1 + p2} {d[:2]} {d[2:4]} {d[4:]} {s}"


def de_kvnr():
    letter = R.choice(UP)
    digits = D(8, True)
    n = "%02d" % (ord(letter) - 64) + digits
    tot = 0
    for i, ch in enumerate(n):
        p = int(ch) * (1 if i % 2 == 0 else 2)
        tot += p // 10 + p % 10
    v = letter + digits + str(tot % 10)
    return v, v


def au_medicare():
    first = R.choice("23456")
    body = first + D(7)
    w = [1, 3, 7, 9, 1, 3, 7, 9]
    chk = sum(int(a) * b for a, b in zip(body, w)) % 10
    issue = str(R.randint(1, 5))
    v = body + str(chk) + issue
    return v, f"{v[:4]} {v[4:9]} {v[9]}"


def us_mbi():
    a = "ACDEFGHJKMNPQRTUVWXY"
    an = a + DIG
    v = (
        R.choice("123456789")
        + R.choice(a)
        + R.choice(an)
        + R.choice(DIG)
        + R.choice(a)
        + R.choice(an)
        + R.choice(DIG)
        + R.choice(a)
        + R.choice(a)
        + R.choice(DIG)
        + R.choice(DIG)
    )
    return v, v[:4] + "-" + v[4:7] + "-" + v[7:]


def uk_dl(surname, first, middle, d, female):
    s = (surname.upper().replace(" ", "").replace("'", "") + "99999")[:5]
    mm = d.month + (50 if female else 0)
    core = (
        s
        + d.strftime("%y")[0]
        + "%02d" % mm
        + "%02d" % d.day
        + d.strftime("%y")[1]
        + (first[0] + (middle[0] if middle else "9")).upper()
        + "9"
        + rs(UP, 2)
    )
    return core, core


G = {}


def reg(key, name, fn):
    G[key] = g_simple(name)(fn)


reg("ar.dni", "ar.dni", lambda: str(R.randint(20_000_000, 45_999_999)))
reg(
    "ar.cuit",
    "ar.cuit",
    lambda: (
        R.choice(["20", "27"]) + str(R.randint(20_000_000, 45_999_999)) + R.choice(DIG)
    ),
)
reg("at.vnr", "at.vnr", lambda: D(3, True) + R.choice(DIG) + ddmmyy(rdate()))
reg("au.tfn", "au.tfn", lambda: D(9, True))
reg("be.nn", "be.nn", lambda: yymmdd(rdate(1950, 1999)) + D(3) + D(2))
reg("bg.egn", "bg.egn", lambda: yymmdd(rdate(1950, 1999)) + D(4))
reg("br.cpf", "br.cpf", lambda: D(11))
reg("ca.sin", "ca.sin", lambda: R.choice("1234567") + D(8))
reg("ch.ssn", "ch.ssn", lambda: "756" + D(10))
reg(
    "cl.rut",
    "cl.rut",
    lambda: str(R.randint(8_000_000, 24_999_999)) + R.choice(DIG + "K"),
)
reg(
    "cn.ric",
    "cn.ric",
    lambda: (
        R.choice(
            [
                "110101",
                "310104",
                "440106",
                "510107",
                "330106",
                "420102",
                "320102",
                "370102",
            ]
        )
        + rdate().strftime("%Y%m%d")
        + D(3)
        + R.choice(DIG + "X")
    ),
)
reg("cr.cpf", "cr.cpf", lambda: R.choice("1234567") + "-" + D(4) + "-" + D(4))
reg(
    "cz.rc",
    "cz.rc",
    lambda: (
        (
            lambda d, f: (
                d.strftime("%y")
                + "%02d" % (d.month + (50 if f else 0))
                + d.strftime("%d")
            )
        )(rdate(1955, 1999), R.random() < 0.5)
        + D(4)
    ),
)
reg("de.idnr", "de.idnr", lambda: D(11, True))
reg("dk.cpr", "dk.cpr", lambda: ddmmyy(rdate()) + D(4))
reg("do.cedula", "do.cedula", lambda: R.choice(["001", "402", "031", "223"]) + D(8))
reg("ec.ci", "ec.ci", lambda: "%02d" % R.randint(1, 24) + R.choice("012345") + D(7))
reg("ee.ik", "ee.ik", lambda: R.choice("34") + yymmdd(rdate(1950, 1999)) + D(4))
reg(
    "fi.hetu",
    "fi.hetu",
    lambda: (
        ddmmyy(rdate(1950, 1999))
        + "-"
        + D(3)
        + R.choice("0123456789ABCDEFHJKLMNPRSTUVWXY")
    ),
)
reg("gb.nhs", "gb.nhs", lambda: D(10, True))
reg("gb.utr", "gb.utr", lambda: D(10, True))
reg("gr.amka", "gr.amka", lambda: ddmmyy(rdate()) + D(5))
reg("hr.oib", "hr.oib", lambda: D(11, True))
reg(
    "id.nik",
    "id.nik",
    lambda: (
        R.choice(["317101", "327302", "337401", "357801", "517101", "127101"])
        + (lambda d, f: "%02d" % (d.day + (40 if f else 0)) + d.strftime("%m%y"))(
            rdate(), R.random() < 0.5
        )
        + "%04d" % R.randint(1, 999)
    ),
)
reg("ie.pps", "ie.pps", lambda: D(7) + R.choice("ABCDEFGHIJKLMNOPQRSTUVW"))
reg("il.idnr", "il.idnr", lambda: D(9, True))
reg("jp.in_", "jp.in_", lambda: D(12, True))
reg("kr.rrn", "kr.rrn", lambda: yymmdd(rdate(1950, 1999)) + R.choice("12") + D(6))
reg("lt.asmens", "lt.asmens", lambda: R.choice("34") + yymmdd(rdate(1950, 1999)) + D(4))
reg("lv.pvn", "lv.pvn", lambda: ddmmyy(rdate(1950, 1999)) + "-1" + D(4))
reg(
    "mu.nid",
    "mu.nid",
    lambda: R.choice("ABCDJKLMPRS") + ddmmyy(rdate()) + D(6) + R.choice(UP + DIG),
)
reg(
    "mx.rfc",
    "mx.rfc",
    lambda: (
        R.choice("BCGHLMPRSTV")
        + R.choice("AEIOU")
        + rs("ABCEGJLMPRSV", 2)
        + yymmdd(rdate())
        + rs(UP + DIG, 2)
        + R.choice(DIG + "A")
    ),
)
reg("my.nric", "my.nric", lambda: yymmdd(rdate()) + "%02d" % R.randint(1, 14) + D(4))
reg("nl.bsn", "nl.bsn", lambda: D(9, True))
reg("no.fodselsnummer", "no.fodselsnummer", lambda: ddmmyy(rdate(1950, 1999)) + D(5))
reg("nz.ird", "nz.ird", lambda: R.choice(["0", ""]) + D(8, True))
reg("pe.cui", "pe.cui", lambda: str(R.randint(10_000_000, 79_999_999)) + R.choice(DIG))
reg("pk.cnic", "pk.cnic", lambda: R.choice("1234567") + D(12))
reg("pl.pesel", "pl.pesel", lambda: yymmdd(rdate(1950, 1999)) + D(5))
reg("pt.cc", "pt.cc", lambda: D(8) + R.choice(DIG) + rs("ZXYVTA", 2) + R.choice(DIG))
reg("pt.nif", "pt.nif", lambda: R.choice("123") + D(8))
reg(
    "ro.cnp",
    "ro.cnp",
    lambda: (
        R.choice("12")
        + yymmdd(rdate(1950, 1999))
        + "%02d" % R.randint(1, 40)
        + D(3)
        + R.choice(DIG)
    ),
)
reg(
    "se.personnummer", "se.personnummer", lambda: yymmdd(rdate(1950, 1999)) + "-" + D(4)
)
reg(
    "si.emso",
    "si.emso",
    lambda: (
        (lambda d: d.strftime("%d%m") + d.strftime("%Y")[1:])(rdate(1950, 1999))
        + "50"
        + D(3)
        + R.choice(DIG)
    ),
)
reg(
    "sk.rc",
    "sk.rc",
    lambda: (
        (
            lambda d, f: (
                d.strftime("%y")
                + "%02d" % (d.month + (50 if f else 0))
                + d.strftime("%d")
            )
        )(rdate(1955, 1999), R.random() < 0.5)
        + D(4)
    ),
)
reg("th.pin", "th.pin", lambda: R.choice("1358") + D(12))
reg("tr.tckimlik", "tr.tckimlik", lambda: D(11, True))
reg(
    "us.ssn",
    "us.ssn",
    lambda: (
        "%03d" % R.randint(1, 665)
        + "%02d" % R.randint(1, 99)
        + "%04d" % R.randint(1, 9999)
    ),
)
reg(
    "us.itin",
    "us.itin",
    lambda: (
        "9"
        + D(2)
        + R.choice(["70", "71", "72", "78", "80", "83", "88", "90", "94", "99"])
        + D(4)
    ),
)
reg("za.idnr", "za.idnr", lambda: yymmdd(rdate()) + D(4) + "08" + R.choice(DIG))
reg("cu.ni", "cu.ni", lambda: yymmdd(rdate(1950, 1999)) + D(5))
reg(
    "is_.kennitala",
    "is_.kennitala",
    lambda: ddmmyy(rdate(1950, 1999)) + D(2) + R.choice(DIG) + "9",
)
reg("in_.aadhaar", "in_.aadhaar", lambda: R.choice("23456789") + D(11))
reg("in_.pan", "in_.pan", lambda: rs(UP, 3) + "P" + R.choice(UP) + D(4) + R.choice(UP))
reg(
    "ve.rif",
    "ve.rif",
    lambda: "V" + str(R.randint(6_000_000, 29_999_999)) + R.choice(DIG),
)
reg("ua.rntrc", "ua.rntrc", lambda: D(10, True))
reg("ru.inn", "ru.inn", lambda: R.choice(["77", "78", "50", "54", "66"]) + D(10))
reg("ca.bc_phn", "ca.bc_phn", lambda: "9" + D(9))
reg("ad.nrt", "ad.nrt", lambda: "F" + D(6) + R.choice(UP))
G["it.codicefiscale"] = codicefiscale
G["mx.curp"] = curp
G["fr.nir"] = fr_nir
G["es.dni"] = es_dni
G["es.nie"] = es_nie
G["gb.nino"] = gb_nino
G["de.kvnr"] = de_kvnr
G["au.medicare"] = au_medicare
G["us.mbi"] = us_mbi


# custom display variants
def show(key, comp, sep):
    """Pick how a person would write it: compact, separated, or a local quirk."""
    r = R.random()
    if key == "de.idnr" and r < 0.3:
        return comp[:2] + " " + comp[2:5] + " " + comp[5:8] + " " + comp[8:]
    if key == "nl.bsn" and r < 0.35:
        return comp[:4] + "." + comp[4:6] + "." + comp[6:]
    if key == "in_.aadhaar":
        return comp[:4] + " " + comp[4:8] + " " + comp[8:] if r < 0.7 else comp
    if key == "ch.ssn":
        return sep if r < 0.75 else comp
    if key in ("us.ssn", "us.itin") and r < 0.75:
        return comp[:3] + "-" + comp[3:5] + "-" + comp[5:]
    if key == "kr.rrn" and r < 0.8:
        return comp[:6] + "-" + comp[6:]
    if key == "pk.cnic" and r < 0.8:
        return comp[:5] + "-" + comp[5:12] + "-" + comp[12]
    if key == "my.nric" and r < 0.7:
        return comp[:6] + "-" + comp[6:8] + "-" + comp[8:]
    if key == "th.pin" and r < 0.7:
        return f"{comp[0]}-{comp[1:5]}-{comp[5:10]}-{comp[10:12]}-{comp[12]}"
    if key == "cn.ric":
        return comp
    if key == "br.cpf" and r < 0.75:
        return sep
    if key == "ca.sin" and r < 0.5:
        return comp[:3] + "-" + comp[3:6] + "-" + comp[6:]
    if key == "gb.nhs" and r < 0.7:
        return comp[:3] + " " + comp[3:6] + " " + comp[6:]
    if key == "ro.cnp":
        return comp
    if key == "pl.pesel":
        return comp
    if key == "ie.pps":
        return comp
    if key == "se.personnummer" and r < 0.4:
        d = comp.replace("-", "").replace("+", "")
        return ("19" + d[:6] + "-" + d[6:]) if r < 0.2 else d[:6] + "-" + d[6:]
    if key in ("dk.cpr", "fi.hetu", "lv.pvn", "is_.kennitala") and r < 0.7:
        return sep if "-" in sep else comp[:6] + "-" + comp[6:]
    if r < 0.5:
        return sep
    return comp


# ---------------------------------------------------------------- countries
# lang -> words
W = {
    "de": {
        "name": "Name",
        "dob": "Geburtsdatum",
        "addr": "Anschrift",
        "phone": "Mobil",
        "mail": "E-Mail",
        "city_word": "Wohnort",
    },
    "fr": {
        "name": "Nom",
        "dob": "Date de naissance",
        "addr": "Adresse",
        "phone": "Portable",
        "mail": "Courriel",
        "city_word": "Domicile",
    },
    "es": {
        "name": "Nombre",
        "dob": "Fecha de nacimiento",
        "addr": "Domicilio",
        "phone": "Móvil",
        "mail": "Correo",
        "city_word": "Domicilio",
    },
    "it": {
        "name": "Nome",
        "dob": "Data di nascita",
        "addr": "Indirizzo di residenza",
        "phone": "Cellulare",
        "mail": "E-mail",
        "city_word": "Residenza",
    },
    "pt": {
        "name": "Nome",
        "dob": "Data de nascimento",
        "addr": "Morada",
        "phone": "Telemóvel",
        "mail": "E-mail",
        "city_word": "Residência",
    },
    "br": {
        "name": "Nome",
        "dob": "Data de nascimento",
        "addr": "Endereço",
        "phone": "Celular",
        "mail": "E-mail",
        "city_word": "Endereço",
    },
    "nl": {
        "name": "Naam",
        "dob": "Geboortedatum",
        "addr": "Adres",
        "phone": "Mobiel",
        "mail": "E-mail",
        "city_word": "Woonplaats",
    },
    "pl": {
        "name": "Imię i nazwisko",
        "dob": "Data urodzenia",
        "addr": "Adres zamieszkania",
        "phone": "Tel. kom.",
        "mail": "E-mail",
        "city_word": "Adres",
    },
    "sv": {
        "name": "Namn",
        "dob": "Födelsedatum",
        "addr": "Adress",
        "phone": "Mobil",
        "mail": "E-post",
        "city_word": "Bostadsort",
    },
    "nb": {
        "name": "Navn",
        "dob": "Fødselsdato",
        "addr": "Adresse",
        "phone": "Mobil",
        "mail": "E-post",
        "city_word": "Bosted",
    },
    "da": {
        "name": "Navn",
        "dob": "Fødselsdato",
        "addr": "Adresse",
        "phone": "Mobil",
        "mail": "E-mail",
        "city_word": "Bopæl",
    },
    "fi": {
        "name": "Nimi",
        "dob": "Syntymäaika",
        "addr": "Osoite",
        "phone": "Puhelin",
        "mail": "Sähköposti",
        "city_word": "Kotikunta",
    },
    "cs": {
        "name": "Jméno",
        "dob": "Datum narození",
        "addr": "Trvalé bydliště",
        "phone": "Mobil",
        "mail": "E-mail",
        "city_word": "Bydliště",
    },
    "sk": {
        "name": "Meno",
        "dob": "Dátum narodenia",
        "addr": "Trvalý pobyt",
        "phone": "Mobil",
        "mail": "E-mail",
        "city_word": "Bydlisko",
    },
    "ro": {
        "name": "Nume",
        "dob": "Data nașterii",
        "addr": "Domiciliu",
        "phone": "Telefon",
        "mail": "E-mail",
        "city_word": "Domiciliu",
    },
    "bg": {
        "name": "Име",
        "dob": "Дата на раждане",
        "addr": "Адрес",
        "phone": "Телефон",
        "mail": "Имейл",
        "city_word": "Адрес",
    },
    "hr": {
        "name": "Ime i prezime",
        "dob": "Datum rođenja",
        "addr": "Adresa",
        "phone": "Mobitel",
        "mail": "E-pošta",
        "city_word": "Prebivalište",
    },
    "sl": {
        "name": "Ime in priimek",
        "dob": "Datum rojstva",
        "addr": "Naslov",
        "phone": "GSM",
        "mail": "E-pošta",
        "city_word": "Prebivališče",
    },
    "et": {
        "name": "Nimi",
        "dob": "Sünniaeg",
        "addr": "Aadress",
        "phone": "Mobiil",
        "mail": "E-post",
        "city_word": "Elukoht",
    },
    "lt": {
        "name": "Vardas, pavardė",
        "dob": "Gimimo data",
        "addr": "Adresas",
        "phone": "Mob. tel.",
        "mail": "El. paštas",
        "city_word": "Gyvenamoji vieta",
    },
    "lv": {
        "name": "Vārds, uzvārds",
        "dob": "Dzimšanas datums",
        "addr": "Adrese",
        "phone": "Mob. tālr.",
        "mail": "E-pasts",
        "city_word": "Dzīvesvieta",
    },
    "el": {
        "name": "Ονοματεπώνυμο",
        "dob": "Ημερομηνία γέννησης",
        "addr": "Διεύθυνση",
        "phone": "Κινητό",
        "mail": "Email",
        "city_word": "Κατοικία",
    },
    "tr": {
        "name": "Ad Soyad",
        "dob": "Doğum tarihi",
        "addr": "Adres",
        "phone": "Cep",
        "mail": "E-posta",
        "city_word": "İkamet",
    },
    "zh": {
        "name": "姓名",
        "dob": "出生日期",
        "addr": "住址",
        "phone": "手机",
        "mail": "邮箱",
        "city_word": "住址",
    },
    "ja": {
        "name": "氏名",
        "dob": "生年月日",
        "addr": "住所",
        "phone": "携帯",
        "mail": "メール",
        "city_word": "住所",
    },
    "ko": {
        "name": "성명",
        "dob": "생년월일",
        "addr": "주소",
        "phone": "휴대폰",
        "mail": "이메일",
        "city_word": "주소",
    },
    "id": {
        "name": "Nama",
        "dob": "Tanggal lahir",
        "addr": "Alamat",
        "phone": "HP",
        "mail": "Email",
        "city_word": "Alamat",
    },
    "ms": {
        "name": "Nama",
        "dob": "Tarikh lahir",
        "addr": "Alamat",
        "phone": "Tel. bimbit",
        "mail": "E-mel",
        "city_word": "Alamat",
    },
    "th": {
        "name": "ชื่อ-นามสกุล",
        "dob": "วันเกิด",
        "addr": "ที่อยู่",
        "phone": "มือถือ",
        "mail": "อีเมล",
        "city_word": "ที่อยู่",
    },
    "he": {
        "name": "שם",
        "dob": "תאריך לידה",
        "addr": "כתובת",
        "phone": "נייד",
        "mail": 'דוא"ל',
        "city_word": "כתובת",
    },
    "is": {
        "name": "Nafn",
        "dob": "Fæðingardagur",
        "addr": "Heimilisfang",
        "phone": "Farsími",
        "mail": "Netfang",
        "city_word": "Lögheimili",
    },
    "uk": {
        "name": "ПІБ",
        "dob": "Дата народження",
        "addr": "Адреса",
        "phone": "Моб.",
        "mail": "Ел. пошта",
        "city_word": "Адреса",
    },
    "ru": {
        "name": "ФИО",
        "dob": "Дата рождения",
        "addr": "Адрес",
        "phone": "Моб.",
        "mail": "Эл. почта",
        "city_word": "Адрес",
    },
    "ca": {
        "name": "Nom",
        "dob": "Data de naixement",
        "addr": "Adreça",
        "phone": "Mòbil",
        "mail": "Correu",
        "city_word": "Domicili",
    },
    "en": {
        "name": "Name",
        "dob": "Date of birth",
        "addr": "Home address",
        "phone": "Mobile",
        "mail": "Email",
        "city_word": "Address",
    },
}

# sentence templates per language: {L}=label, {n}=name, {v}=value
S = {
    "de": [
        "Die {L} von {n} lautet {v}.",
        "Für {n} ist die {L} {v} hinterlegt.",
        "{n} hat heute angerufen und die {L} durchgegeben: {v}",
        "bitte im Antrag von {n} noch die {L} {v} eintragen",
    ],
    "fr": [
        "Le {L} de {n} est le {v}.",
        "Pour le dossier de {n}, {L} : {v}",
        "{n} a envoyé son {L} par mail : {v}",
        "penser à reporter le {L} {v} dans la fiche de {n}",
    ],
    "es": [
        "{L} de {n}: {v}",
        "{n} me pasó su {L}, es el {v}.",
        "Apunta en la ficha de {n}: {L} {v}",
        "ojo, el {L} que dio {n} es {v}, no el de la fotocopia",
    ],
    "it": [
        "Il {L} di {n} è {v}.",
        "{n} mi ha mandato il suo {L}: {v}",
        "Inserire nella pratica di {n} il {L} {v}.",
        "segnati il {L} di {n}, {v}",
    ],
    "pt": [
        "O {L} de {n} é {v}.",
        "{n} enviou o {L} por WhatsApp: {v}",
        "Falta preencher no processo de {n} o {L} {v}.",
        "anota aí o {L} de {n}: {v}",
    ],
    "nl": [
        "Het {L} van {n} is {v}.",
        "{n} heeft het {L} doorgegeven: {v}",
        "Graag het {L} {v} invullen in het dossier van {n}.",
        "{L} van {n} genoteerd ({v})",
    ],
    "pl": [
        "{L} klienta {n}: {v}",
        "Proszę wpisać {L} {v} do wniosku ({n}).",
        "{n} podał(a) przez telefon {L}: {v}",
        "mój {L} to {v} – {n}",
    ],
    "sv": [
        "{n}s {L} är {v}.",
        "{L} för {n}: {v}",
        "{n} ringde och lämnade sitt {L}, {v}",
        "skriv in {L} {v} i ärendet för {n}",
    ],
    "nb": ["{n} sitt {L} er {v}.", "{L} for {n}: {v}", "{n} sendte {L} på SMS: {v}"],
    "da": ["{n}s {L} er {v}.", "{L} for {n}: {v}", "{n} har oplyst sit {L}: {v}"],
    "fi": [
        "Asiakkaan {n} {L} on {v}.",
        "{L} ({n}): {v}",
        "{n} ilmoitti puhelimessa {L}: {v}",
    ],
    "cs": [
        "{L} klienta {n} je {v}.",
        "{n} – {L}: {v}",
        "Do žádosti doplnit {L} {v} ({n}).",
    ],
    "sk": [
        "{L} klienta {n} je {v}.",
        "{n}, {L}: {v}",
        "Do zmluvy treba doplniť {L} {v} ({n}).",
    ],
    "ro": [
        "{L} pentru {n}: {v}",
        "{n} are {L} {v}.",
        "Vă rog completați {L} {v} în dosarul lui {n}.",
    ],
    "bg": [
        "{L} на {n}: {v}",
        "{L} на клиента {n} е {v}.",
        "Моля, впишете {L} {v} в договора на {n}.",
    ],
    "hr": [
        "{L} ({n}): {v}",
        "{n} je poslao/la {L} mailom: {v}",
        "Upisati {L} {v} u ugovor za {n}.",
    ],
    "sl": ["{L} za {n}: {v}", "{n} je sporočil(a) {L} {v}."],
    "et": ["Kliendi {n} {L} on {v}.", "{L}: {v} ({n})"],
    "lt": ["{n} {L}: {v}", "Kliento {n} {L} yra {v}."],
    "lv": ["{n} {L} ir {v}.", "{L}: {v} ({n})"],
    "el": [
        "{L} ({n}): {v}",
        "Παρακαλώ καταχωρίστε τον {L} {v} για τον/την {n}.",
        "Ο/Η {n} έστειλε τον {L}: {v}",
    ],
    "tr": [
        "{n} adlı müşterinin {L}: {v}",
        "{L} {v} ({n})",
        "{n} telefonda {L} numarasını verdi: {v}",
    ],
    "zh": ["{n}的{L}是{v}。", "{L}：{v}（{n}）", "请把{n}的{L}{v}填进表格里"],
    "ja": [
        "{n}さんの{L}は{v}です。",
        "{L}：{v}（{n}）",
        "{n}様より{L}のご連絡あり：{v}",
    ],
    "ko": ["{n} 님의 {L}는 {v}입니다.", "{L}: {v} ({n})", "{n} 고객 {L} {v} 확인 완료"],
    "id": [
        "{L} atas nama {n}: {v}",
        "{L} {n} adalah {v}.",
        "tolong input {L} {v} buat {n} ya",
    ],
    "ms": ["{L} {n} ialah {v}.", "{L}: {v} ({n})"],
    "th": ["{L}ของ{n}คือ {v}", "{L}: {v} ({n})"],
    "he": ["{L} של {n}: {v}", "{n} שלח/ה את {L}: {v}"],
    "is": ["{L}: {v} ({n})", "{n}, {L} {v}"],
    "uk": ["{L} клієнта {n}: {v}", "{n} надіслав(ла) {L}: {v}"],
    "ru": ["{L} клиента {n} — {v}.", "{n} прислал(а) {L}: {v}", "{L}: {v} ({n})"],
    "ca": ["El {L} de {n} és {v}.", "{L} ({n}): {v}"],
    "en": [
        "{n}'s {L} is {v}.",
        "{L} for {n}: {v}",
        "{n} sent over the {L} - {v}",
        "Note: {n} gave {L} {v} during onboarding call.",
        "{n} asked me to keep the {L} handy, it's {v}",
    ],
}

# country: lang, names, ids [(key, local label, english label, class)], phone region, email domains
C = {
    "ar": (
        "es",
        [
            ("Martina", "Gómez"),
            ("Facundo", "Pereyra"),
            ("Lucía", "Fernández"),
            ("Joaquín", "Sosa"),
        ],
        [
            ("ar.dni", "DNI", "DNI", "national_id"),
            ("ar.cuit", "CUIL", "CUIL", "tax_id"),
        ],
        "AR",
        ["gmail.com", "hotmail.com.ar", "yahoo.com.ar"],
    ),
    "at": (
        "de",
        [
            ("Lukas", "Gruber"),
            ("Anna", "Huber"),
            ("Florian", "Wallner"),
            ("Sophie", "Steiner"),
        ],
        [("at.vnr", "Sozialversicherungsnummer", "social insurance number", "ssn")],
        "AT",
        ["gmx.at", "aon.at", "chello.at"],
    ),
    "au": (
        "en",
        [
            ("Chloe", "Nguyen"),
            ("Jack", "Thompson"),
            ("Olivia", "Walsh"),
            ("Liam", "O'Connor"),
        ],
        [
            ("au.tfn", "TFN", "tax file number", "tax_id"),
            ("au.medicare", "Medicare number", "Medicare number", "health_insurance"),
        ],
        "AU",
        ["bigpond.com", "gmail.com", "optusnet.com.au"],
    ),
    "be": (
        "nl",
        [
            ("Lotte", "Peeters"),
            ("Thomas", "Janssens"),
            ("Camille", "Dubois"),
            ("Arthur", "Maes"),
        ],
        [("be.nn", "rijksregisternummer", "national register number", "national_id")],
        "BE",
        ["telenet.be", "skynet.be", "proximus.be"],
    ),
    "bg": (
        "bg",
        [("Георги", "Иванов"), ("Мария", "Петрова"), ("Николай", "Димитров")],
        [("bg.egn", "ЕГН", "EGN", "national_id")],
        "BG",
        ["abv.bg", "mail.bg"],
    ),
    "br": (
        "br",
        [
            ("Ana Paula", "Souza"),
            ("Rafael", "Oliveira"),
            ("Juliana", "Santos"),
            ("Thiago", "Ferreira"),
        ],
        [("br.cpf", "CPF", "CPF", "tax_id")],
        "BR",
        ["uol.com.br", "bol.com.br", "gmail.com"],
    ),
    "ca": (
        "en",
        [
            ("Émilie", "Tremblay"),
            ("Ryan", "MacDonald"),
            ("Priya", "Singh"),
            ("Marc", "Gagnon"),
        ],
        [
            ("ca.sin", "SIN", "social insurance number", "ssn"),
            ("ca.bc_phn", "BC PHN", "BC Personal Health Number", "health_insurance"),
        ],
        "CA",
        ["sympatico.ca", "videotron.ca", "shaw.ca"],
    ),
    "ch": (
        "de",
        [
            ("Reto", "Meier"),
            ("Nadine", "Keller"),
            ("Urs", "Brunner"),
            ("Céline", "Favre"),
        ],
        [("ch.ssn", "AHV-Nummer", "AHV number", "ssn")],
        "CH",
        ["bluewin.ch", "gmx.ch", "sunrise.ch"],
    ),
    "cl": (
        "es",
        [("Camila", "Muñoz"), ("Benjamín", "Rojas"), ("Valentina", "Díaz")],
        [("cl.rut", "RUT", "RUT", "national_id")],
        "CL",
        ["gmail.com", "vtr.net"],
    ),
    "cn": (
        "zh",
        [("王", "芳"), ("李", "强"), ("张", "伟"), ("刘", "洋")],
        [("cn.ric", "身份证号", "resident ID number", "national_id")],
        "CN",
        ["qq.com", "163.com", "126.com"],
    ),
    "cr": (
        "es",
        [("Andrés", "Vargas"), ("María José", "Solís"), ("Diego", "Chaves")],
        [("cr.cpf", "cédula de identidad", "cédula", "national_id")],
        "CR",
        ["gmail.com", "racsa.co.cr"],
    ),
    "cz": (
        "cs",
        [
            ("Jan", "Novák"),
            ("Tereza", "Dvořáková"),
            ("Petr", "Svoboda"),
            ("Lucie", "Černá"),
        ],
        [("cz.rc", "rodné číslo", "birth number", "national_id")],
        "CZ",
        ["seznam.cz", "email.cz", "centrum.cz"],
    ),
    "de": (
        "de",
        [
            ("Jana", "Schröder"),
            ("Maximilian", "Becker"),
            ("Katrin", "Hoffmann"),
            ("Tobias", "Wagner"),
            ("Selin", "Yılmaz"),
        ],
        [
            ("de.idnr", "Steuer-ID", "tax ID", "tax_id"),
            (
                "de.kvnr",
                "Krankenversichertennummer",
                "health insurance number",
                "health_insurance",
            ),
        ],
        "DE",
        ["web.de", "gmx.de", "t-online.de", "posteo.de"],
    ),
    "dk": (
        "da",
        [("Mette", "Nielsen"), ("Rasmus", "Jensen"), ("Freja", "Sørensen")],
        [("dk.cpr", "CPR-nummer", "CPR number", "national_id")],
        "DK",
        ["mail.dk", "outlook.dk"],
    ),
    "do": (
        "es",
        [("Yokasta", "Reyes"), ("Luis Miguel", "Peña")],
        [("do.cedula", "cédula", "cédula", "national_id")],
        "DO",
        ["gmail.com", "hotmail.com"],
    ),
    "ec": (
        "es",
        [("Paola", "Andrade"), ("Esteban", "Zambrano")],
        [("ec.ci", "cédula de ciudadanía", "cédula", "national_id")],
        "EC",
        ["gmail.com", "hotmail.es"],
    ),
    "ee": (
        "et",
        [("Kristjan", "Tamm"), ("Liis", "Saar")],
        [("ee.ik", "isikukood", "personal ID code", "national_id")],
        "EE",
        ["hot.ee", "mail.ee"],
    ),
    "es": (
        "es",
        [
            ("Lucía", "Martínez"),
            ("Javier", "Ruiz"),
            ("Marta", "Sánchez"),
            ("Álvaro", "Navarro"),
        ],
        [
            ("es.dni", "DNI", "DNI", "national_id"),
            ("es.nie", "NIE", "NIE", "national_id"),
        ],
        "ES",
        ["gmail.com", "telefonica.net", "yahoo.es"],
    ),
    "fi": (
        "fi",
        [("Aino", "Korhonen"), ("Mikko", "Virtanen"), ("Emilia", "Mäkinen")],
        [("fi.hetu", "henkilötunnus", "personal identity code", "national_id")],
        "FI",
        ["elisanet.fi", "luukku.com"],
    ),
    "fr": (
        "fr",
        [
            ("Camille", "Lefèvre"),
            ("Julien", "Moreau"),
            ("Manon", "Girard"),
            ("Nicolas", "Fournier"),
        ],
        [("fr.nir", "numéro de sécurité sociale", "social security number", "ssn")],
        "FR",
        ["orange.fr", "free.fr", "laposte.net", "sfr.fr"],
    ),
    "gb": (
        "en",
        [
            ("Hannah", "Clarke"),
            ("Oliver", "Bennett"),
            ("Aisha", "Rahman"),
            ("George", "Whitfield"),
        ],
        [
            ("gb.nhs", "NHS number", "NHS number", "health_insurance"),
            (
                "gb.nino",
                "National Insurance number",
                "National Insurance number",
                "ssn",
            ),
            ("gb.utr", "UTR", "self-assessment UTR", "tax_id"),
        ],
        "GB",
        ["btinternet.com", "gmail.com", "sky.com"],
    ),
    "gr": (
        "el",
        [
            ("Γιώργος", "Παπαδόπουλος"),
            ("Ελένη", "Νικολάου"),
            ("Δημήτρης", "Κωνσταντίνου"),
        ],
        [("gr.amka", "ΑΜΚΑ", "AMKA", "ssn")],
        "GR",
        ["yahoo.gr", "otenet.gr"],
    ),
    "hr": (
        "hr",
        [("Ivana", "Horvat"), ("Marko", "Kovačević"), ("Petra", "Babić")],
        [("hr.oib", "OIB", "OIB", "national_id")],
        "HR",
        ["gmail.com", "net.hr"],
    ),
    "id": (
        "id",
        [("Siti", "Rahmawati"), ("Budi", "Santoso"), ("Dewi", "Lestari")],
        [("id.nik", "NIK", "NIK", "national_id")],
        "ID",
        ["gmail.com", "yahoo.co.id"],
    ),
    "ie": (
        "en",
        [("Aoife", "Murphy"), ("Cian", "O'Brien"), ("Niamh", "Kelly")],
        [("ie.pps", "PPS number", "PPS number", "ssn")],
        "IE",
        ["eircom.net", "gmail.com"],
    ),
    "il": (
        "he",
        [("נועה", "כהן"), ("יוסי", "לוי"), ("מיכל", "מזרחי")],
        [("il.idnr", "מספר תעודת זהות", "Teudat Zehut number", "national_id")],
        "IL",
        ["walla.co.il", "gmail.com"],
    ),
    "it": (
        "it",
        [
            ("Giulia", "Rossi"),
            ("Matteo", "Bianchi"),
            ("Chiara", "Esposito"),
            ("Lorenzo", "Ricci"),
        ],
        [("it.codicefiscale", "codice fiscale", "codice fiscale", "tax_id")],
        "IT",
        ["libero.it", "alice.it", "virgilio.it", "tiscali.it"],
    ),
    "jp": (
        "ja",
        [("佐藤", "美咲"), ("鈴木", "大輔"), ("高橋", "陽菜"), ("田中", "翔太")],
        [("jp.in_", "マイナンバー", "My Number", "national_id")],
        "JP",
        ["docomo.ne.jp", "ezweb.ne.jp", "yahoo.co.jp"],
    ),
    "kr": (
        "ko",
        [("김", "민준"), ("이", "서연"), ("박", "지훈"), ("최", "수빈")],
        [("kr.rrn", "주민등록번호", "resident registration number", "national_id")],
        "KR",
        ["naver.com", "daum.net", "hanmail.net"],
    ),
    "lt": (
        "lt",
        [("Rūta", "Kazlauskienė"), ("Tomas", "Petrauskas")],
        [("lt.asmens", "asmens kodas", "personal code", "national_id")],
        "LT",
        ["gmail.com", "inbox.lt"],
    ),
    "lv": (
        "lv",
        [("Ilze", "Bērziņa"), ("Jānis", "Ozoliņš")],
        [("lv.pvn", "personas kods", "personal code", "national_id")],
        "LV",
        ["inbox.lv", "gmail.com"],
    ),
    "mu": (
        "en",
        [("Priya", "Ramgoolam"), ("Jean-Claude", "Lebon")],
        [("mu.nid", "NIC number", "national identity card number", "national_id")],
        "MU",
        ["intnet.mu", "gmail.com"],
    ),
    "mx": (
        "es",
        [
            ("Guadalupe", "Hernández"),
            ("Carlos", "Ramírez"),
            ("Ximena", "Torres"),
            ("Emiliano", "Cruz"),
        ],
        [
            ("mx.curp", "CURP", "CURP", "national_id"),
            ("mx.rfc", "RFC", "RFC", "tax_id"),
        ],
        "MX",
        ["prodigy.net.mx", "hotmail.com", "gmail.com"],
    ),
    "my": (
        "ms",
        [
            ("Nurul", "Aisyah binti Hassan"),
            ("Ahmad", "Faizal bin Ismail"),
            ("Tan", "Wei Ling"),
        ],
        [("my.nric", "No. Kad Pengenalan", "MyKad number", "national_id")],
        "MY",
        ["gmail.com", "yahoo.com.my"],
    ),
    "nl": (
        "nl",
        [
            ("Sanne", "de Vries"),
            ("Daan", "Bakker"),
            ("Fleur", "van Dijk"),
            ("Bram", "Visser"),
        ],
        [("nl.bsn", "BSN", "BSN", "national_id")],
        "NL",
        ["ziggo.nl", "kpnmail.nl", "hotmail.nl", "xs4all.nl"],
    ),
    "no": (
        "nb",
        [("Ingrid", "Hansen"), ("Ola", "Johansen"), ("Sigrid", "Berg")],
        [
            (
                "no.fodselsnummer",
                "fødselsnummer",
                "national identity number",
                "national_id",
            )
        ],
        "NO",
        ["online.no", "gmail.com"],
    ),
    "nz": (
        "en",
        [("Aroha", "Ngata"), ("Sam", "Fletcher"), ("Mia", "Harrison")],
        [("nz.ird", "IRD number", "IRD number", "tax_id")],
        "NZ",
        ["xtra.co.nz", "gmail.com"],
    ),
    "pe": (
        "es",
        [("Rosa", "Quispe"), ("Miguel", "Huamán")],
        [("pe.cui", "DNI", "DNI", "national_id")],
        "PE",
        ["gmail.com", "hotmail.com"],
    ),
    "pk": (
        "en",
        [("Ayesha", "Khan"), ("Bilal", "Qureshi"), ("Fatima", "Malik")],
        [("pk.cnic", "CNIC", "CNIC", "national_id")],
        "PK",
        ["gmail.com", "yahoo.com"],
    ),
    "pl": (
        "pl",
        [
            ("Katarzyna", "Nowak"),
            ("Piotr", "Wiśniewski"),
            ("Agnieszka", "Kowalczyk"),
            ("Michał", "Zieliński"),
        ],
        [("pl.pesel", "PESEL", "PESEL", "national_id")],
        "PL",
        ["wp.pl", "onet.pl", "o2.pl", "interia.pl"],
    ),
    "pt": (
        "pt",
        [
            ("Inês", "Carvalho"),
            ("João", "Pereira"),
            ("Beatriz", "Rodrigues"),
            ("Tiago", "Almeida"),
        ],
        [
            ("pt.nif", "NIF", "NIF", "tax_id"),
            (
                "pt.cc",
                "número do Cartão de Cidadão",
                "Cartão de Cidadão number",
                "national_id",
            ),
        ],
        "PT",
        ["sapo.pt", "gmail.com", "netcabo.pt"],
    ),
    "ro": (
        "ro",
        [("Andreea", "Popescu"), ("Mihai", "Ionescu"), ("Elena", "Dumitrescu")],
        [("ro.cnp", "CNP", "CNP", "national_id")],
        "RO",
        ["yahoo.ro", "gmail.com"],
    ),
    "se": (
        "sv",
        [("Elsa", "Lindqvist"), ("Oskar", "Andersson"), ("Maja", "Karlsson")],
        [("se.personnummer", "personnummer", "personnummer", "national_id")],
        "SE",
        ["telia.com", "bredband.net", "gmail.com"],
    ),
    "si": (
        "sl",
        [("Nina", "Kranjc"), ("Matej", "Novak")],
        [("si.emso", "EMŠO", "EMŠO", "national_id")],
        "SI",
        ["siol.net", "gmail.com"],
    ),
    "sk": (
        "sk",
        [("Zuzana", "Horváthová"), ("Martin", "Kováč")],
        [("sk.rc", "rodné číslo", "birth number", "national_id")],
        "SK",
        ["azet.sk", "centrum.sk"],
    ),
    "th": (
        "th",
        [("สมชาย", "ใจดี"), ("นภัสสร", "วงศ์สวัสดิ์")],
        [("th.pin", "เลขประจำตัวประชาชน", "Thai ID number", "national_id")],
        "TH",
        ["hotmail.co.th", "gmail.com"],
    ),
    "tr": (
        "tr",
        [("Elif", "Yıldız"), ("Emre", "Demir"), ("Zeynep", "Kaya")],
        [("tr.tckimlik", "T.C. Kimlik No", "TC Kimlik number", "national_id")],
        "TR",
        ["hotmail.com", "gmail.com", "yandex.com.tr"],
    ),
    "us": (
        "en",
        [
            ("Megan", "Sullivan"),
            ("Marcus", "Johnson"),
            ("Jasmine", "Patel"),
            ("Tyler", "Brooks"),
            ("Rosa", "Delgado"),
        ],
        [
            ("us.ssn", "SSN", "SSN", "ssn"),
            ("us.itin", "ITIN", "ITIN", "tax_id"),
            (
                "us.mbi",
                "Medicare MBI",
                "Medicare Beneficiary Identifier",
                "health_insurance",
            ),
        ],
        "US",
        ["gmail.com", "yahoo.com", "comcast.net", "icloud.com"],
    ),
    "za": (
        "en",
        [("Thandiwe", "Nkosi"), ("Pieter", "van der Merwe"), ("Lerato", "Mokoena")],
        [("za.idnr", "ID number", "South African ID number", "national_id")],
        "ZA",
        ["webmail.co.za", "gmail.com"],
    ),
    "cu": (
        "es",
        [("Yunior", "Pérez"), ("Dayana", "Castillo")],
        [("cu.ni", "carné de identidad", "carné de identidad", "national_id")],
        "CU",
        ["nauta.cu"],
    ),
    "is": (
        "is",
        [("Guðrún", "Jónsdóttir"), ("Einar", "Sigurðsson")],
        [("is_.kennitala", "kennitala", "kennitala", "national_id")],
        "IS",
        ["simnet.is", "gmail.com"],
    ),
    "in": (
        "en",
        [
            ("Ananya", "Iyer"),
            ("Rohit", "Sharma"),
            ("Sneha", "Kulkarni"),
            ("Arjun", "Reddy"),
        ],
        [
            ("in_.aadhaar", "Aadhaar number", "Aadhaar number", "national_id"),
            ("in_.pan", "PAN", "PAN", "tax_id"),
        ],
        "IN",
        ["gmail.com", "rediffmail.com", "yahoo.co.in"],
    ),
    "ve": (
        "es",
        [("Mariángel", "Rondón"), ("José Gregorio", "Linares")],
        [("ve.rif", "RIF", "RIF", "tax_id")],
        "VE",
        ["cantv.net", "gmail.com"],
    ),
    "ua": (
        "uk",
        [("Олена", "Шевченко"), ("Андрій", "Коваленко")],
        [("ua.rntrc", "РНОКПП", "taxpayer number (RNTRC)", "tax_id")],
        "UA",
        ["ukr.net", "i.ua"],
    ),
    "ru": (
        "ru",
        [("Анна", "Смирнова"), ("Дмитрий", "Кузнецов")],
        [("ru.inn", "ИНН", "INN", "tax_id")],
        "RU",
        ["mail.ru", "yandex.ru"],
    ),
    "ad": (
        "ca",
        [("Núria", "Puig"), ("Jordi", "Font")],
        [("ad.nrt", "NRT", "NRT", "tax_id")],
        "AD",
        ["andorra.ad", "gmail.com"],
    ),
}


def person(cc):
    f, last = R.choice(C[cc][1])
    if cc in ("cn",):
        return f + last
    if cc in ("jp", "kr"):
        return f + (" " if cc == "kr" else "") + last if cc == "jp" else f + last
    if cc == "th":
        return f + " " + last
    return f + " " + last


def email_local(first, last):
    import unicodedata

    def tr(x):
        x = (
            x.replace("ø", "o")
            .replace("æ", "ae")
            .replace("ł", "l")
            .replace("đ", "d")
            .replace("ı", "i")
            .replace("ß", "ss")
        )
        return unicodedata.normalize("NFKD", x).encode("ascii", "ignore").decode()

    a = tr(first.lower()).replace(" ", "").replace("'", "").replace("-", "")
    b = tr(last.lower()).replace(" ", "").replace("'", "").replace("-", "")
    if not a.isascii() or not b.isascii() or not a or not b:
        a, b = R.choice(
            [
                ("wang", "fang"),
                ("minjun", "kim"),
                ("misaki", "sato"),
                ("olena", "sh"),
                ("noa", "cohen"),
            ]
        )
    y = str(R.randint(62, 99))
    form = R.choice(
        [
            "{a}.{b}",
            "{a}{b}{y}",
            "{a}_{b}",
            "{a0}{b}",
            "{a}.{b}{y}",
            "{b}.{a}",
            "{a}{y}",
        ]
    )
    return form.format(a=a, b=b, y=y, a0=a[0])


# ---------------------------------------------------------------- phones
def mobile(region):
    ex = phonenumbers.example_number_for_type(
        region, phonenumbers.PhoneNumberType.MOBILE
    )
    nat = phonenumbers.national_significant_number(ex)
    keep = max(2, len(nat) - 6)
    for _ in range(5000):
        cand = nat[:keep] + D(len(nat) - keep)
        if cand == nat:
            continue
        num = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if phonenumbers.is_valid_number(num) and phonenumbers.number_type(num) in (
            phonenumbers.PhoneNumberType.MOBILE,
            phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
        ):
            return num
    raise RuntimeError(region)


def landline(region):
    ex = phonenumbers.example_number_for_type(
        region, phonenumbers.PhoneNumberType.FIXED_LINE
    )
    nat = phonenumbers.national_significant_number(ex)
    keep = max(2, len(nat) - 5)
    for _ in range(5000):
        cand = nat[:keep] + D(len(nat) - keep)
        if cand == nat:
            continue
        num = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if phonenumbers.is_valid_number(num):
            return num
    raise RuntimeError(region)


def phone_str(num):
    r = R.random()
    F = phonenumbers.PhoneNumberFormat
    if r < 0.35:
        return phonenumbers.format_number(num, F.INTERNATIONAL)
    if r < 0.55:
        return phonenumbers.format_number(num, F.E164)
    if r < 0.9:
        return phonenumbers.format_number(num, F.NATIONAL)
    s = phonenumbers.format_number(num, F.NATIONAL)
    return s.replace(" ", "")


# ---------------------------------------------------------------- addresses (home, local formats)
def addr(cc):
    n = R.randint(2, 148)
    if cc in ("de", "at", "ch"):
        st = R.choice(
            [
                "Lindenstraße",
                "Am Mühlbach",
                "Goethestraße",
                "Kastanienallee",
                "Hauptstraße",
                "Birkenweg",
                "Schillerplatz",
                "Rosenstraße",
            ]
        )
        city = {
            "de": [
                ("04109", "Leipzig"),
                ("50667", "Köln"),
                ("80469", "München"),
                ("10247", "Berlin"),
                ("28195", "Bremen"),
            ],
            "at": [
                ("1070", "Wien"),
                ("8010", "Graz"),
                ("5020", "Salzburg"),
                ("6020", "Innsbruck"),
            ],
            "ch": [
                ("8004", "Zürich"),
                ("3011", "Bern"),
                ("4051", "Basel"),
                ("6003", "Luzern"),
            ],
        }[cc]
        plz, c = R.choice(city)
        if cc == "ch":
            st = st.replace("ß", "ss")
        extra = "/%d" % R.randint(1, 24) if cc == "at" else ""
        return "%s %d%s, %s %s" % (st, n, extra, plz, c)
    if cc == "fr":
        st = R.choice(
            [
                "rue des Lilas",
                "avenue Jean Jaurès",
                "rue du Faubourg Saint-Antoine",
                "boulevard Voltaire",
                "impasse des Tilleuls",
                "chemin de la Source",
            ]
        )
        plz, c = R.choice(
            [
                ("69003", "Lyon"),
                ("75011", "Paris"),
                ("31000", "Toulouse"),
                ("44000", "Nantes"),
                ("13006", "Marseille"),
            ]
        )
        return "%d%s %s, %s %s" % (n, R.choice(["", "", " bis"]), st, plz, c)
    if cc in ("es",):
        st = R.choice(
            [
                "C/ Alcalá",
                "Calle del Pez",
                "Avda. de la Constitución",
                "C/ Mayor",
                "Calle Sierpes",
            ]
        )
        plz, c = R.choice(
            [
                ("28009", "Madrid"),
                ("41004", "Sevilla"),
                ("08012", "Barcelona"),
                ("46002", "Valencia"),
            ]
        )
        return "%s %d, %dº %s, %s %s" % (
            st,
            n,
            R.randint(1, 8),
            R.choice("ABCD"),
            plz,
            c,
        )
    if cc == "it":
        st = R.choice(
            [
                "Via Garibaldi",
                "Via dei Mille",
                "Corso Vittorio Emanuele II",
                "Viale Monza",
                "Via Roma",
            ]
        )
        plz, c, p = R.choice(
            [
                ("20127", "Milano", "MI"),
                ("00185", "Roma", "RM"),
                ("10121", "Torino", "TO"),
                ("80134", "Napoli", "NA"),
                ("40126", "Bologna", "BO"),
            ]
        )
        return "%s %d, %s %s (%s)" % (st, n, plz, c, p)
    if cc == "pt":
        st = R.choice(
            [
                "Rua de Santa Catarina",
                "Avenida da Liberdade",
                "Rua do Almada",
                "Travessa do Carvalho",
            ]
        )
        plz, c = R.choice(
            [("4000-447", "Porto"), ("1250-096", "Lisboa"), ("3000-150", "Coimbra")]
        )
        return "%s, %d, %dº %s, %s %s" % (
            st,
            n,
            R.randint(1, 6),
            R.choice(["Esq.", "Dto."]),
            plz,
            c,
        )
    if cc == "br":
        st = R.choice(
            [
                "Rua Augusta",
                "Av. Paulista",
                "Rua Voluntários da Pátria",
                "Rua das Laranjeiras",
            ]
        )
        bairro, c, uf, cep = R.choice(
            [
                ("Consolação", "São Paulo", "SP", "01304-001"),
                ("Botafogo", "Rio de Janeiro", "RJ", "22251-050"),
                ("Savassi", "Belo Horizonte", "MG", "30140-071"),
            ]
        )
        return "%s, %d, apto %d, %s, %s - %s, %s" % (
            st,
            n * 10,
            R.randint(11, 184),
            bairro,
            c,
            uf,
            cep,
        )
    if cc in ("nl", "be"):
        st = R.choice(
            [
                "Kerkstraat",
                "Prinsengracht",
                "Lange Nieuwstraat",
                "Vondellaan",
                "Kapelstraat",
            ]
        )
        if cc == "nl":
            pc = "%d %s" % (R.randint(1011, 9999), rs("ABCDEFGHJKLMNPRSTVWXZ", 2))
            c = R.choice(["Utrecht", "Amsterdam", "Groningen", "Eindhoven", "Haarlem"])
            return "%s %d%s, %s %s" % (st, n, R.choice(["", "-II", " bis", "A"]), pc, c)
        plz, c = R.choice([("9000", "Gent"), ("2018", "Antwerpen"), ("3000", "Leuven")])
        return "%s %d bus %d, %s %s" % (st, n, R.randint(1, 12), plz, c)
    if cc == "pl":
        st = R.choice(
            [
                "ul. Słoneczna",
                "ul. Marszałkowska",
                "ul. Długa",
                "al. Jana Pawła II",
                "ul. Kwiatowa",
            ]
        )
        pc, c = R.choice(
            [
                ("31-542", "Kraków"),
                ("00-695", "Warszawa"),
                ("80-831", "Gdańsk"),
                ("50-077", "Wrocław"),
            ]
        )
        return "%s %d/%d, %s %s" % (st, n, R.randint(1, 60), pc, c)
    if cc == "se":
        st = R.choice(["Storgatan", "Drottninggatan", "Kungsgatan", "Björkvägen"])
        pc, c = R.choice(
            [("114 55", "Stockholm"), ("413 04", "Göteborg"), ("211 22", "Malmö")]
        )
        return "%s %d lgh %d, %s %s" % (st, n, R.randint(1001, 1304), pc, c)
    if cc == "no":
        st = R.choice(["Thorvald Meyers gate", "Bogstadveien", "Kirkegata", "Storgata"])
        return "%s %d %s, %s %s" % (
            st,
            n,
            R.choice(["", "B", "H0301"]),
            R.choice(["0555", "0355", "7011"]),
            R.choice(["Oslo", "Oslo", "Trondheim"]),
        )
    if cc == "dk":
        return "%s %d, %d. %s, %s" % (
            R.choice(["Nørrebrogade", "Vesterbrogade", "Jægersborggade"]),
            n,
            R.randint(1, 5),
            R.choice(["th.", "tv.", "mf."]),
            R.choice(["2200 København N", "1620 København V", "8000 Aarhus C"]),
        )
    if cc == "fi":
        return "%s %d %s %d, %s" % (
            R.choice(["Hämeenkatu", "Mannerheimintie", "Aleksanterinkatu"]),
            n,
            R.choice("ABC"),
            R.randint(1, 40),
            R.choice(["33100 Tampere", "00100 Helsinki", "20100 Turku"]),
        )
    if cc in ("cz", "sk"):
        if cc == "cz":
            return "%s %d/%d, %s" % (
                R.choice(["Vinohradská", "Masarykova", "Husova"]),
                R.randint(100, 2999),
                n,
                R.choice(["120 00 Praha 2", "602 00 Brno", "301 00 Plzeň"]),
            )
        return "%s %d, %s" % (
            R.choice(["Obchodná", "Hlavná", "Štúrova"]),
            n,
            R.choice(["811 06 Bratislava", "040 01 Košice"]),
        )
    if cc == "gb":
        pc = R.choice(
            ["BS6 7EX", "M20 2LS", "LS6 3HN", "EH9 1PR", "NW5 2QB", "B13 9RA"]
        )
        town = {
            "BS": "Bristol",
            "M2": "Manchester",
            "LS": "Leeds",
            "EH": "Edinburgh",
            "NW": "London",
            "B1": "Birmingham",
        }[pc[:2]]
        return "%s%d %s, %s %s" % (
            R.choice(["", "Flat %d, " % R.randint(1, 9)]),
            n,
            R.choice(
                ["Clarendon Road", "Albert Street", "Mayfield Avenue", "Church Lane"]
            ),
            town,
            pc,
        )
    if cc == "us":
        st_city = R.choice(
            [
                ("Columbus", "OH", "43214"),
                ("Austin", "TX", "78704"),
                ("Portland", "OR", "97212"),
                ("Raleigh", "NC", "27605"),
                ("Madison", "WI", "53703"),
            ]
        )
        return "%d %s%s, %s, %s %s" % (
            R.randint(100, 9899),
            R.choice(
                ["Maple Ave", "W 38th St", "Oak Ridge Dr", "NE Fremont St", "Elm Court"]
            ),
            R.choice(["", ", Apt %d%s" % (R.randint(1, 4), R.choice("ABC"))]),
            *st_city,
        )
    if cc == "ca":
        return R.choice(
            [
                "%d Rue Saint-Denis, app. %d, Montréal QC H2X 3K8"
                % (n * 10, R.randint(1, 12)),
                "%d Dundas St W, Unit %d, Toronto ON M5T 1G4"
                % (n * 10, R.randint(100, 900)),
                "%d W 12th Ave, Vancouver BC V5Y 1V6" % (n * 10),
            ]
        )
    if cc == "au":
        return "%d %s, %s" % (
            n,
            R.choice(["Banksia St", "Grey St", "Wattle Rd"]),
            R.choice(["Fitzroy VIC 3065", "Paddington NSW 2021", "New Farm QLD 4005"]),
        )
    if cc == "nz":
        return "%d %s, %s" % (
            n,
            R.choice(["Ponsonby Road", "Cuba Street", "Riccarton Road"]),
            R.choice(["Grey Lynn, Auckland 1021", "Te Aro, Wellington 6011"]),
        )
    if cc == "ie":
        return "%d %s, %s" % (
            n,
            R.choice(["Seafield Park", "Griffith Avenue", "Ballyfermot Road"]),
            R.choice(["Dublin 9, D09 X2T4", "Cork T12 W8FK", "Galway H91 E2K3"]),
        )
    if cc == "jp":
        return R.choice(
            [
                "〒150-0001 東京都渋谷区神宮前%d-%d-%d"
                % (R.randint(1, 6), R.randint(1, 30), R.randint(1, 20)),
                "〒530-0012 大阪府大阪市北区芝田%d-%d-%d メゾン芝田%d号室"
                % (
                    R.randint(1, 2),
                    R.randint(1, 20),
                    R.randint(1, 15),
                    R.randint(101, 905),
                ),
                "〒060-0061 北海道札幌市中央区南1条西%d丁目%d-%d"
                % (R.randint(1, 20), R.randint(1, 9), R.randint(1, 30)),
            ]
        )
    if cc == "kr":
        return "서울특별시 %s %s %d, %d동 %d호" % (
            R.choice(["마포구", "송파구", "강남구"]),
            R.choice(["월드컵북로", "올림픽로", "테헤란로"]),
            n,
            R.randint(101, 112),
            R.randint(201, 1504),
        )
    if cc == "cn":
        return "%s%s%d号%d栋%d室" % (
            R.choice(["上海市徐汇区", "北京市朝阳区", "广州市天河区"]),
            R.choice(["漕溪北路", "建国路", "天河北路"]),
            n,
            R.randint(1, 12),
            R.randint(101, 2802),
        )
    if cc == "mx":
        return "Calle %s %d, Int. %d, Col. %s, %s" % (
            R.choice(["Durango", "Tonalá", "Orizaba"]),
            n,
            R.randint(1, 12),
            R.choice(["Roma Norte", "Condesa", "Del Valle"]),
            R.choice(["06700 Ciudad de México, CDMX", "03100 CDMX"]),
        )
    if cc == "ar":
        return "Av. Corrientes %d, piso %d depto %s, C1193AAF CABA" % (
            R.randint(1000, 6000),
            R.randint(1, 12),
            R.choice("ABCD"),
        )
    if cc == "in":
        return "Flat %d, %s, %s" % (
            R.randint(101, 1204),
            R.choice(
                [
                    "Lotus Apartments, 14th Cross, Indiranagar",
                    "Sai Krupa CHS, Tilak Road, Dadar West",
                    "Shanti Niketan, Sector 62",
                ]
            ),
            R.choice(["Bengaluru 560038", "Mumbai 400028", "Noida 201309"]),
        )
    if cc == "tr":
        return "%s Mah. %s Sok. No:%d D:%d, %s" % (
            R.choice(["Caferağa", "Kavaklıdere", "Alsancak"]),
            R.choice(["Moda Cad. Gül", "Tunalı Hilmi", "Kıbrıs Şehitleri"]),
            n,
            R.randint(1, 20),
            R.choice(
                ["34710 Kadıköy/İstanbul", "06680 Çankaya/Ankara", "35220 Konak/İzmir"]
            ),
        )
    if cc == "ru":
        return "г. %s, ул. %s, д. %d, кв. %d" % (
            R.choice(["Москва", "Санкт-Петербург", "Казань"]),
            R.choice(["Ленина", "Садовая", "Профсоюзная"]),
            n,
            R.randint(1, 240),
        )
    if cc == "gr":
        return "%s %d, %s" % (
            R.choice(["Οδός Ερμού", "Λεωφόρος Αλεξάνδρας", "Οδός Τσιμισκή"]),
            n,
            R.choice(["105 63 Αθήνα", "546 22 Θεσσαλονίκη"]),
        )
    if cc == "ro":
        return "Str. %s nr. %d, bl. %s, ap. %d, %s" % (
            R.choice(["Mihai Eminescu", "Florilor", "Lalelelor"]),
            n,
            R.choice(["A3", "M12", "B4"]),
            R.randint(1, 80),
            R.choice(["Sector 2, București", "400394 Cluj-Napoca"]),
        )
    if cc == "za":
        return "%d %s, %s" % (
            n,
            R.choice(["Jan Smuts Avenue", "Kloof Street", "Florida Road"]),
            R.choice(
                [
                    "Parktown North, Johannesburg, 2193",
                    "Gardens, Cape Town, 8001",
                    "Morningside, Durban, 4001",
                ]
            ),
        )
    return None


# ---------------------------------------------------------------- DOB formats
MONTHS = {
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
}


def dob_str(cc, d):
    lang = C[cc][0]
    r = R.random()
    if cc == "us":
        return (
            d.strftime("%m/%d/%Y")
            if r < 0.6
            else "%s %d, %d" % (MONTHS["en"][d.month - 1], d.day, d.year)
        )
    if cc == "jp":
        return (
            "%d年%d月%d日" % (d.year, d.month, d.day)
            if r < 0.6
            else "昭和%d年%d月%d日" % (d.year - 1925, d.month, d.day)
            if d.year < 1989
            else d.strftime("%Y/%m/%d")
        )
    if cc == "kr":
        return (
            "%d년 %d월 %d일" % (d.year, d.month, d.day)
            if r < 0.6
            else d.strftime("%Y.%m.%d.")
        )
    if cc == "cn":
        return (
            "%d年%d月%d日" % (d.year, d.month, d.day)
            if r < 0.6
            else d.strftime("%Y-%m-%d")
        )
    if lang in ("sv", "lt") or cc in ("se",):
        return d.isoformat()
    if lang in (
        "de",
        "cs",
        "sk",
        "pl",
        "nb",
        "da",
        "fi",
        "et",
        "ro",
        "ru",
        "uk",
        "tr",
        "hr",
        "sl",
        "bg",
        "lv",
    ):
        if lang == "de" and r < 0.35:
            return "%d. %s %d" % (d.day, MONTHS["de"][d.month - 1], d.year)
        if lang == "cs" and r < 0.4:
            return "%d. %d. %d" % (d.day, d.month, d.year)
        return d.strftime("%d.%m.%Y")
    if lang in (
        "fr",
        "es",
        "it",
        "pt",
        "br",
        "ca",
        "el",
        "id",
        "ms",
        "he",
        "th",
    ) or cc in ("gb", "ie", "au", "nz", "za", "in", "mu", "pk"):
        key = {"br": "pt"}.get(lang, lang)
        if key in MONTHS and r < 0.35:
            if key == "en":
                return "%d %s %d" % (d.day, MONTHS["en"][d.month - 1], d.year)
            return (
                "%d de %s de %d" % (d.day, MONTHS[key][d.month - 1], d.year)
                if key in ("es", "pt")
                else "%d %s %d" % (d.day, MONTHS[key][d.month - 1], d.year)
            )
        return d.strftime("%d/%m/%Y")
    if lang == "nl":
        return d.strftime("%d-%m-%Y")
    return d.strftime("%d/%m/%Y")


# ---------------------------------------------------------------- rows
ROWS = []
SEEN = set()


def add(text, label, kind, template, value):
    assert value in text, (value, text)
    if label == "clean":
        value = ""
    if text in SEEN:
        return False
    SEEN.add(text)
    ROWS.append(
        {
            "text": text,
            "label": label,
            "kind": kind,
            "template": template,
            "probe": PROBE,
            "id": hashlib.sha256(text.encode()).hexdigest()[:16],
            "value": value,
        }
    )
    return True


def split_name(cc, full):
    return full.split(" ", 1) if " " in full else (full, "")


CLOSING = {
    "de": ["Viele Grüße", "Mit freundlichen Grüßen", "LG"],
    "fr": ["Cordialement,", "Bien à vous,"],
    "es": ["Saludos,", "Un abrazo,"],
    "it": ["Cordiali saluti,", "Grazie,"],
    "pt": ["Cumprimentos,"],
    "br": ["Abraços,", "Att.,"],
    "nl": ["Met vriendelijke groet,", "Groetjes,"],
    "pl": ["Pozdrawiam", "Z poważaniem"],
    "sv": ["Hälsningar,", "Mvh"],
    "nb": ["Hilsen", "Mvh"],
    "da": ["Venlig hilsen", "Mvh"],
    "fi": ["Terveisin"],
    "cs": ["S pozdravem"],
    "sk": ["S pozdravom"],
    "ro": ["Cu stimă,"],
    "bg": ["Поздрави,"],
    "hr": ["Lijep pozdrav,"],
    "ru": ["С уважением,"],
    "uk": ["З повагою,"],
    "tr": ["Saygılarımla,"],
    "ja": ["よろしくお願いいたします。"],
    "ko": ["감사합니다."],
    "zh": ["此致"],
    "en": ["Best,", "Cheers,", "Thanks,"],
    "el": ["Με εκτίμηση,"],
    "id": ["Salam,"],
    "ms": ["Terima kasih,"],
    "is": ["Kveðja,"],
    "lt": ["Pagarbiai,"],
    "lv": ["Ar cieņu,"],
    "et": ["Parimate soovidega,"],
    "sl": ["Lep pozdrav,"],
    "he": ["בברכה,"],
    "th": ["ขอบคุณครับ"],
    "ca": ["Salutacions,"],
}

ID_STYLES = [
    "sentence_local",
    "label_local",
    "sentence_en",
    "table",
    "csv",
    "json",
    "form",
    "chat",
    "yaml",
    "signature",
]


def id_row(cc, idx, style):
    lang, _names, ids, region, _domains = C[cc]
    key, lab, lab_en, cls = ids[idx % len(ids)]
    comp, sep = G[key]()
    v = show(key, comp, sep)
    n = person(cc)
    w = W["br" if lang == "br" else lang]
    sl = S["pt" if lang == "br" else lang]
    Lcap = lab[0].upper() + lab[1:]
    if style == "sentence_local":
        t = R.choice(sl).format(L=lab, n=n, v=v)
        if t[0].islower():
            t = t[0].upper() + t[1:] if R.random() < 0.5 else t
    elif style == "label_local":
        t = R.choice(
            ["{L}: {v}", "{L} {v}", "{L} - {v}", "{L}:{v}", "{L} = {v}"]
        ).format(L=Lcap if R.random() < 0.6 else lab, v=v)
        if R.random() < 0.5:
            t = "{}: {}\n{}".format(w["name"], n, t)
    elif style == "sentence_en":
        t = R.choice(
            S["en"]
            + [
                "Stored for {n} ({c}): {L} {v}",
                "client {n} - {L} {v} - verified against the scan",
                "Payroll onboarding for {n} still needs the {L}; they sent {v}.",
                "{n} (relocating from {c}) provided {L} {v} for the visa paperwork.",
                "reminder: {L} on file for {n} = {v}",
            ]
        ).format(n=n, L=lab_en, v=v, c=cc.upper())
    elif style == "table":
        d = dob_str(cc, rdate())
        head = "| {} | {} | {} |\n|---|---|---|\n".format(w["name"], w["dob"], Lcap)
        other = person(cc)
        for _ in range(20):
            if other != n:
                break
            other = person(cc)
        o_comp, o_sep = G[key]()
        t = (
            head
            + f"| {n} | {d} | {v} |\n| {other} | {dob_str(cc, rdate())} | {show(key, o_comp, o_sep)} |"
        )
    elif style == "csv":
        fn, ln = split_name(cc, n)
        hdr = R.choice(
            [
                "first_name,last_name,{},signup_date".format(
                    key.split(".")[1].rstrip("_")
                ),
                "nome;cognome;cf",
                "id,name,{}".format(lab_en.lower().replace(" ", "_")),
            ]
        )
        if hdr.startswith("first"):
            t = hdr + "\n%s,%s,%s,2025-%02d-%02d" % (
                fn,
                ln,
                v,
                R.randint(1, 9),
                R.randint(1, 28),
            )
        elif hdr.startswith("nome"):
            hdr = "{};{}".format(w["name"].lower(), lab.lower())
            t = hdr + f"\n{n};{v}"
        else:
            t = hdr + "\n%d,%s,%s" % (R.randint(100, 9999), n, v)
    elif style == "json":
        k = R.choice(
            [
                lab_en.lower().replace(" ", "_").replace("(", "").replace(")", ""),
                key.split(".")[1].rstrip("_"),
                "national_id",
                "tax_id",
                "id_number",
            ]
        )
        if cls == "health_insurance":
            k = R.choice(["insurance_no", "member_id", "health_card", k])
        obj = {"name": n, k: v}
        if R.random() < 0.5:
            obj["country"] = cc.upper()
        if R.random() < 0.4:
            obj = {
                "customer": obj,
                "source": R.choice(["kyc_upload", "crm_sync", "form_v2"]),
            }
        t = json.dumps(obj, ensure_ascii=False)
    elif style == "form":
        d = rdate()
        lines = [
            "{}: {}".format(w["name"], n),
            "{}: {}".format(w["dob"], dob_str(cc, d)),
            f"{Lcap}: {v}",
        ]
        a = addr(cc)
        if a and R.random() < 0.5:
            lines.append("{}: {}".format(w["addr"], a))
        t = "\n".join(lines)
    elif style == "chat":
        t = R.choice(
            [
                "ok got it, {l} is {v}",
                "{n} just texted me the {l} lol: {v}",
                "can u double check {v}? {n} says thats the {l}",
                "fyi the {l} for {n} = {v} (dont lose it)",
                "here's my {l} {v} - {n}",
            ]
        ).format(l=lab, v=v, n=n)
    elif style == "yaml":
        t = 'person:\n  name: {}\n  {}: "{}"\n  nationality: {}'.format(
            n, key.split(".")[1].rstrip("_"), v, cc.upper()
        )
    else:  # signature
        num = mobile(region)
        t = "{}\n{}\n{}: {}\n{}: {}".format(
            R.choice(CLOSING.get(lang, ["--"]) + ["--"]),
            n,
            w["phone"],
            phone_str(num),
            Lcap,
            v,
        )
    return t, v, f"{cls}.{style}", "id_{}_{}".format(key.replace(".", "_"), style)


# ================================================================ PII (non-ID-card kinds first)

# ---- passports (no stdnum module: documented national shapes) + MRZ with ICAO check digits
NO_O = UP.replace("O", "")
PASS = [
    ("us", "en", "passport number", lambda: R.choice([D(9, True), "A" + D(8)])),
    ("gb", "en", "passport no.", lambda: D(9, True)),
    (
        "de",
        "de",
        "Reisepassnummer",
        lambda: R.choice("CFGHJK") + rs("CFGHJKLMNPRTVWXYZ0123456789", 8),
    ),
    ("fr", "fr", "numéro de passeport", lambda: D(2) + rs(UP, 2) + D(5)),
    ("it", "it", "numero di passaporto", lambda: rs(UP, 2) + D(7)),
    ("es", "es", "número de pasaporte", lambda: rs(UP, 3) + D(6)),
    ("nl", "nl", "paspoortnummer", lambda: rs(NO_O, 2) + rs(NO_O + DIG, 6) + D(1)),
    ("be", "fr", "numéro de passeport", lambda: rs(UP, 2) + D(6)),
    ("pl", "pl", "numer paszportu", lambda: rs(UP, 2) + D(7)),
    ("se", "sv", "passnummer", lambda: D(8)),
    ("ch", "de", "Passnummer", lambda: R.choice("SX") + D(7)),
    ("at", "de", "Reisepassnummer", lambda: R.choice("PU") + D(7)),
    ("in", "en", "passport no", lambda: R.choice("JKLMNPRSTUVWZ") + D(7)),
    ("cn", "zh", "护照号码", lambda: "E" + D(8)),
    ("jp", "ja", "旅券番号", lambda: R.choice(["TK", "TR", "TZ", "MU"]) + D(7)),
    ("kr", "ko", "여권번호", lambda: "M" + D(8)),
    ("br", "br", "número do passaporte", lambda: rs(UP, 2) + D(6)),
    ("mx", "es", "número de pasaporte", lambda: R.choice("GN") + D(8)),
    ("ca", "en", "passport #", lambda: rs(UP, 2) + D(6)),
    ("au", "en", "passport number", lambda: R.choice(["PA", "PB", "N", "E"]) + D(7)),
    ("ie", "en", "passport number", lambda: rs(UP, 2) + D(7)),
    (
        "ru",
        "ru",
        "номер загранпаспорта",
        lambda: R.choice(["75", "76", "77"]) + " " + D(7),
    ),
    ("tr", "tr", "pasaport numarası", lambda: "U" + D(8)),
    ("pt", "pt", "número do passaporte", lambda: rs(UP, 1) + D(6)),
    ("ar", "es", "pasaporte", lambda: "AA" + R.choice(UP) + D(6)),
    ("za", "en", "passport number", lambda: "A" + D(8)),
    ("ng", "en", "international passport no.", lambda: "A" + D(8)),
    ("ph", "en", "passport no.", lambda: "P" + D(7) + R.choice(UP)),
    ("id", "id", "nomor paspor", lambda: R.choice("BCXE") + D(7)),
    ("my", "ms", "nombor pasport", lambda: R.choice("AH") + D(8)),
    ("th", "th", "เลขที่หนังสือเดินทาง", lambda: rs(UP, 2) + D(7)),
    ("vn", "en", "passport number", lambda: R.choice("BCN") + D(7)),
    ("pk", "en", "passport no", lambda: rs(UP, 2) + D(7)),
    ("eg", "en", "passport number", lambda: "A" + D(8)),
    ("ua", "uk", "номер закордонного паспорта", lambda: rs("ABCEFGHKMNPTX", 2) + D(6)),
    ("gr", "el", "αριθμός διαβατηρίου", lambda: rs(UP, 2) + D(7)),
    ("cz", "cs", "číslo pasu", lambda: D(8)),
    ("dk", "da", "pasnummer", lambda: D(9)),
    ("fi", "fi", "passin numero", lambda: rs(UP, 2) + D(7)),
    ("hu", "en", "útlevélszám", lambda: rs(UP, 2) + D(7)),
    ("ro", "ro", "numărul pașaportului", lambda: D(8)),
    ("no", "nb", "passnummer", lambda: rs(UP, 2) + D(7)),
    ("il", "he", "מספר דרכון", lambda: D(8)),
    ("ng2", "en", "NIN", None),
]
PASS = [p for p in PASS if p[3] is not None]
PNAMES = {
    "ng": [("Chinedu", "Okafor"), ("Funmilayo", "Adeyemi")],
    "ph": [("Maria Cristina", "Reyes"), ("Jose", "Bautista")],
    "vn": [("Nguyễn Thị", "Lan"), ("Trần Văn", "Minh")],
    "eg": [("Mohamed", "Hassan"), ("Nour", "El-Sayed")],
    "hu": [("Nagy", "Eszter"), ("Kovács", "Bence")],
}
ISO3 = {
    "us": "USA",
    "gb": "GBR",
    "de": "D",
    "fr": "FRA",
    "it": "ITA",
    "es": "ESP",
    "nl": "NLD",
    "pl": "POL",
    "se": "SWE",
    "ch": "CHE",
    "in": "IND",
    "jp": "JPN",
    "br": "BRA",
    "ca": "CAN",
    "au": "AUS",
    "ie": "IRL",
    "mx": "MEX",
    "pt": "PRT",
}


def pname(cc):
    if cc in PNAMES:
        f, last = R.choice(PNAMES[cc])
        return f, last
    f, last = R.choice(C[cc][1])
    return f, last


def mrz_check(s):
    w = [7, 3, 1]
    tot = 0
    for i, ch in enumerate(s):
        v = 0 if ch == "<" else int(ch) if ch.isdigit() else ord(ch) - 55
        tot += v * w[i % 3]
    return str(tot % 10)


def mrz(cc, first, last, num, d, female):
    import unicodedata

    def clean(x):
        x = (
            unicodedata.normalize(
                "NFKD",
                x.replace("ß", "SS")
                .replace("ı", "I")
                .replace("ø", "OE")
                .replace("æ", "AE"),
            )
            .encode("ascii", "ignore")
            .decode()
            .upper()
        )
        return "".join(c if c.isalpha() else "<" for c in x)

    iso = ISO3[cc]
    l1 = ("P<" + (iso + "<<")[:3] + clean(last) + "<<" + clean(first)).ljust(44, "<")[
        :44
    ]
    num9 = num.ljust(9, "<")[:9]
    exp = datetime.date(R.randint(2026, 2034), R.randint(1, 12), R.randint(1, 28))
    a = num9 + mrz_check(num9)
    b = yymmdd(d) + mrz_check(yymmdd(d))
    c = exp.strftime("%y%m%d") + mrz_check(exp.strftime("%y%m%d"))
    opt = "<" * 14
    optc = "<" if True else mrz_check(opt)
    l2 = a + (iso + "<<")[:3] + b + ("F" if female else "M") + c + opt + optc
    comp = a + b + c + opt + optc
    l2 = l2 + mrz_check(comp)
    assert len(l1) == 44 and len(l2) == 44, (l1, l2)
    return l1, l2


PASS_TPL = {
    "de": [
        "Reisepass von {n}: {v}, gültig bis {e}",
        "{n} – {L} {v} (Ausstellungsbehörde Stadt {c})",
        "Für die Buchung brauchen wir die {L} von {n}: {v}",
    ],
    "fr": ["Le {L} de {n} est {v}, expire le {e}.", "{n} : passeport n° {v}"],
    "es": ["Pasaporte de {n}: {v}, caduca el {e}", "{n} nos envió su {L}: {v}"],
    "it": ["Passaporto di {n} n. {v}, scadenza {e}", "il {L} di {n} è {v}"],
    "pt": ["Passaporte de {n}: {v} (validade {e})"],
    "br": ["Passaporte de {n}: {v}, validade {e}", "{n} mandou o {L}: {v}"],
    "nl": ["Paspoort {n}: {v}, geldig tot {e}", "Het {L} van {n} is {v}."],
    "pl": ["Paszport {n}: {v}, ważny do {e}", "{L}: {v} ({n})"],
    "sv": ["{n}s pass: {v}, giltigt t.o.m. {e}"],
    "zh": ["{n}的{L}：{v}，有效期至{e}"],
    "ja": ["{n}さんの{L}：{v}（有効期限 {e}）"],
    "ko": ["{n} 님 {L}: {v}, 만료일 {e}"],
    "ru": ["{L} {n}: {v}, действителен до {e}"],
    "tr": ["{n} {L}: {v}, geçerlilik {e}"],
    "uk": ["{L} {n}: {v}"],
    "el": ["{n}, {L}: {v}"],
    "cs": ["{n}, {L}: {v}, platnost do {e}"],
    "da": ["{n}s {L}: {v}"],
    "fi": ["{n}, {L}: {v}, voimassa {e} asti"],
    "ro": ["{n}, {L}: {v}"],
    "nb": ["{n}, {L}: {v}, gyldig til {e}"],
    "he": ["{L} של {n}: {v}"],
    "id": ["{L} {n}: {v}, berlaku sampai {e}"],
    "ms": ["{L} {n}: {v}"],
    "th": ["{L}ของ{n}: {v}"],
    "en": [
        "{n}'s {L}: {v}, expires {e}",
        "Passenger {N}, {L} {v}, nationality {cc}",
        "for the visa form: {n}, {L} {v}, issued in {c}",
        "travel profile | {n} | passport {v} | exp {e}",
        "{n} asked us to update the {L} on the booking to {v}",
    ],
}
pii_rows = []
for i, (cc, lang, lab, gen) in enumerate(PASS):
    f, last = pname(cc)
    n = (f + last) if cc in ("cn", "jp") or (cc == "kr") else f + " " + last
    v = gen()
    e = datetime.date(R.randint(2026, 2035), R.randint(1, 12), R.randint(1, 28))
    es = (
        e.strftime("%d.%m.%Y")
        if lang in ("de", "pl", "cs", "ru", "tr", "nb", "fi", "ro", "uk")
        else e.isoformat()
        if lang in ("sv", "zh", "ja", "ko")
        else e.strftime("%d/%m/%Y")
    )
    tpls = PASS_TPL.get(lang, PASS_TPL["en"])
    if lang != "en" and R.random() < 0.3:
        tpls, lab = PASS_TPL["en"], "passport number"
    t = R.choice(tpls).format(
        n=n,
        N=(last + "/" + f).upper().replace(" ", ""),
        L=lab,
        v=v,
        e=es,
        cc=cc.upper(),
        c=R.choice(["Leipzig", "Lyon", "Boston", "Pune", "Osaka", "Curitiba", "Kraków"])
        if cc not in ("de",)
        else R.choice(["Leipzig", "Bremen", "Köln"]),
    )
    pii_rows.append(
        (
            t,
            v,
            "passport.%s"
            % ("sentence_local" if tpls is not PASS_TPL["en"] else "sentence_en"),
            f"passport_{cc}",
        )
    )
# MRZ blocks
for cc in ["de", "fr", "gb", "it", "nl", "jp", "br", "ca"]:
    if cc not in C:
        continue
    f, last = R.choice(C[cc][1])
    if cc == "jp":
        f, last = R.choice([("MISAKI", "SATO"), ("DAISUKE", "SUZUKI")])
    num = {
        "de": lambda: R.choice("CFGHJK") + rs("CFGHJKLMNPRTVWXYZ0123456789", 8),
        "fr": lambda: D(2) + rs(UP, 2) + D(5),
        "gb": lambda: D(9, True),
        "it": lambda: rs(UP, 2) + D(7),
        "nl": lambda: rs(NO_O, 2) + rs(NO_O + DIG, 6) + D(1),
        "jp": lambda: "TK" + D(7),
        "br": lambda: rs(UP, 2) + D(6),
        "ca": lambda: rs(UP, 2) + D(6),
    }[cc]()
    d = rdate(1960, 2000)
    l1, l2 = mrz(cc, f, last, num, d, R.random() < 0.5)
    pre = R.choice(
        [
            "OCR of passport page:\n",
            "scan result (mrz):\n",
            "```\n",
            "MRZ from the uploaded ID:\n",
        ]
    )
    t = pre + l1 + "\n" + l2 + ("\n```" if pre == "```\n" else "")
    pii_rows.append((t, l2, "passport.mrz", f"passport_mrz_{cc}"))

# ---- driving licences
DL = []
for _ in range(3):
    f, last = R.choice(C["gb"][1])
    d = rdate(1960, 2002)
    female = f in ("Hannah", "Aisha")
    v, _s = uk_dl(last.replace("'", ""), f, R.choice(["", "J", "M", "E"]), d, female)
    DL.append(
        (
            R.choice(
                [
                    "Driving licence number for {n}: {v}",
                    "{n} - DVLA licence no. {v} (checked, no points)",
                    "licence: {v}\nname: {n}",
                    "Hire car booking - main driver {n}, licence {v}",
                ]
            ).format(n=f + " " + last, v=v),
            v,
            "gb",
        )
    )
v1, v2, v3, v4 = (
    "D" + D(7),
    D(3) + " " + D(3) + " " + D(3),
    f"B{D(3)}-{D(3)}-{D(2)}-{D(3)}-{D(1)}",
    D(8, True),
)
v5, v6, v7, v8 = (
    R.choice("BFJ") + D(3) + rs(UP, 3) + D(1) + rs(UP, 1) + D(2),
    D(10, True),
    D(8, True),
    f"M{D(4)}-{D(5)}-{D(5)}",
)
v9, v10, v11, v12 = (
    "U1" + rs(UP, 1) + D(5) + rs(UP, 1),
    f"{D(5)}/{D(2)}/{D(4)}",
    "3" + D(11),
    f"11-{D(2)}-{D(6)}-{D(2)}",
)
DL += [
    (f"California DL for Rosa Delgado: {v1}", v1, "us"),
    (f"NY driver license # {v2} - Marcus Johnson, class D", v2, "us"),
    (f"Tyler Brooks's Florida driver's license: {v3}", v3, "us"),
    (f"Texas DL {v4} (Jasmine Patel), exp 2029", v4, "us"),
    (f"Führerscheinnummer von Tobias Wagner: {v5}", v5, "de"),
    (f"Rijbewijsnummer Sanne de Vries: {v6}", v6, "nl"),
    (f"NSW licence no. {v7} - Chloe Nguyen", v7, "au"),
    (f"Ontario driver's licence: {v8} (Ryan MacDonald)", v8, "ca"),
    (f"Numero patente di Matteo Bianchi: {v9}", v9, "it"),
    (f"Numer prawa jazdy: {v10} (Piotr Wiśniewski)", v10, "pl"),
    (f"田中翔太さんの運転免許証番号：{v11}", v11, "jp"),
    (f"김민준 운전면허번호: {v12}", v12, "kr"),
]
for t, v, cc in DL:
    pii_rows.append((t, v, "driving_licence.sentence", f"dl_{cc}"))

# ---- health-insurance cards in appointment / claim contexts
for kt in [
    "Termin Dr. Albers 14.3., Versichertennummer {n}: {v} (TK)",
    "eGK von {n} eingelesen, KVNR {v}, Kasse AOK Plus",
]:
    v, sv = G["de.kvnr"]()
    pii_rows.append(
        (
            kt.format(n=person("de"), v=v),
            v,
            "health_insurance.sentence_local",
            "hi_de_kvnr",
        )
    )
v, sv = G["au.medicare"]()
pii_rows.append(
    (
        "Medicare card for {}: {}, IRN 2, valid to 08/2029".format(person("au"), sv),
        sv,
        "health_insurance.sentence_en",
        "hi_au_medicare",
    )
)
v, sv = G["us.mbi"]()
pii_rows.append(
    (
        "Claim rejected - MBI on file for {} is {}, need the new card".format(
            person("us"), v
        ),
        v,
        "health_insurance.sentence_en",
        "hi_us_mbi",
    )
)
v, sv = G["ca.bc_phn"]()
pii_rows.append(
    (
        "walk-in clinic needs PHN {} for {} (BC Services Card)".format(
            sv, person("ca")
        ),
        sv,
        "health_insurance.chat",
        "hi_ca_phn",
    )
)
v, sv = G["gb.nhs"]()
pii_rows.append(
    (
        "Dear GP,\nRe: {}, NHS No. {}, DOB {}\nReferred to physiotherapy for lower back pain.".format(
            person("gb"), sv, dob_str("gb", rdate())
        ),
        sv,
        "health_insurance.letter",
        "hi_gb_nhs_letter",
    )
)
v, sv = G["fr.nir"]()
pii_rows.append(
    (
        "Carte Vitale de {} : {} — mutuelle MGEN".format(person("fr"), sv),
        sv,
        "health_insurance.sentence_local",
        "hi_fr_vitale",
    )
)
v, sv = G["at.vnr"]()
pii_rows.append(
    (
        "e-card von {}, SV-Nummer {}, ÖGK Wien".format(person("at"), sv),
        sv,
        "health_insurance.sentence_local",
        "hi_at_ecard",
    )
)

# ---- phones (personal, national & international form)
PH_TPL = {
    "de": [
        "Handy von {n}: {p}",
        "{n} ist privat unter {p} erreichbar",
        "ruf {n} bitte auf dem Handy an, {p}",
    ],
    "fr": [
        "Le portable de {n} : {p}",
        "{n} préfère être appelé(e) sur son portable perso, {p}",
    ],
    "es": ["el móvil de {n} es {p}", "{n} — cel. personal {p}"],
    "it": ["Cellulare di {n}: {p}", "{n} mi ha lasciato il suo numero, {p}"],
    "pt": ["telemóvel da {n}: {p}"],
    "br": ["O celular de {n} é {p}, pode chamar no WhatsApp", "zap do {n}: {p}"],
    "nl": ["06-nummer van {n}: {p}", "{n} is bereikbaar op {p}"],
    "pl": ["Numer komórki {n}: {p}", "{n} – tel. prywatny {p}"],
    "sv": ["{n}s mobilnummer är {p}"],
    "ja": ["{n}さんの携帯番号：{p}"],
    "ko": ["{n} 님 휴대폰 번호: {p}"],
    "zh": ["{n}的手机号：{p}"],
    "tr": ["{n} cep telefonu: {p}"],
    "ru": ["Мобильный {n}: {p}"],
    "el": ["Κινητό {n}: {p}"],
    "id": ["No HP {n}: {p}"],
    "en": [
        "{n}'s cell is {p}",
        "personal mobile for {n}: {p} (don't share with vendors)",
        "text {n} at {p} when the courier arrives",
        "{n} - home phone {p}",
    ],
}
phone_cc = [
    "de",
    "fr",
    "es",
    "it",
    "pt",
    "br",
    "nl",
    "pl",
    "se",
    "jp",
    "kr",
    "cn",
    "tr",
    "ru",
    "gr",
    "id",
    "us",
    "gb",
    "in",
    "au",
    "ca",
    "mx",
    "ar",
    "ch",
    "at",
    "za",
    "ie",
    "be",
    "dk",
    "no",
    "fi",
    "cz",
    "ro",
]
for i, cc in enumerate(phone_cc):
    lang, names, ids, region, domains = C[cc]
    num = mobile(region) if cc not in ("gb",) or i % 2 == 0 else landline(region)
    ps = phone_str(num)
    n = person(cc)
    style = ["sentence", "vcard", "json", "signature", "csv"][i % 5]
    key = "br" if lang == "br" else lang
    if style == "sentence" or key not in W:
        t = R.choice(PH_TPL.get(key, PH_TPL["en"])).format(n=n, p=ps)
    elif style == "vcard":
        f, last = split_name(cc, n)
        ps = phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.E164)
        t = f"BEGIN:VCARD\nVERSION:3.0\nFN:{n}\nTEL;TYPE=cell:{ps}\nEND:VCARD"
    elif style == "json":
        t = json.dumps(
            {
                "contact": n,
                "phone": ps,
                "type": R.choice(["mobile", "personal", "home"]),
            },
            ensure_ascii=False,
        )
    elif style == "signature":
        t = "{}\n{}\n{} {}".format(
            R.choice(CLOSING.get(lang, ["--"])), n, W[key]["phone"] + ":", ps
        )
    else:
        t = "name,phone,relation\n{},{},{}".format(
            n, ps, R.choice(["emergency contact", "self", "spouse"])
        )
    pii_rows.append((t, ps, f"phone.{style}", f"phone_{cc}_{style}"))

# ---- home addresses
ADDR_TPL = {
    "de": [
        "{n} ist umgezogen, neue Anschrift: {a}",
        "Privatadresse {n}: {a}",
        "Lieferadresse (privat): {n}, {a}",
    ],
    "fr": ["Nouvelle adresse de {n} : {a}", "{n} habite au {a}"],
    "es": ["{n} vive en {a}", "Dirección particular de {n}: {a}"],
    "it": ["{n} abita in {a}", "Residenza di {n}: {a}"],
    "pt": ["Morada de {n}: {a}"],
    "br": ["Endereço residencial de {n}: {a}"],
    "nl": ["{n} woont op {a}", "Huisadres {n}: {a}"],
    "pl": ["Adres zamieszkania {n}: {a}"],
    "sv": ["{n} bor på {a}"],
    "ja": ["{n}さんの自宅住所：{a}"],
    "ko": ["{n} 님 자택 주소: {a}"],
    "zh": ["{n}家住{a}"],
    "tr": ["{n} ev adresi: {a}"],
    "ru": ["Домашний адрес {n}: {a}"],
    "el": ["Διεύθυνση κατοικίας {n}: {a}"],
    "ro": ["{n} locuiește la {a}"],
    "cs": ["{n} bydlí na adrese {a}"],
    "da": ["{n} bor på {a}"],
    "nb": ["{n} bor i {a}"],
    "fi": ["{n} asuu osoitteessa {a}"],
    "en": [
        "{n} moved - new home address: {a}",
        "ship the replacement laptop to {n}'s home: {a}",
        "{n} lives at {a}",
        "home addr for {n} -> {a}",
    ],
}
addr_cc = [
    "de",
    "at",
    "ch",
    "fr",
    "es",
    "it",
    "pt",
    "br",
    "nl",
    "be",
    "pl",
    "se",
    "no",
    "dk",
    "fi",
    "cz",
    "gb",
    "us",
    "ca",
    "au",
    "nz",
    "ie",
    "jp",
    "kr",
    "cn",
    "mx",
    "ar",
    "in",
    "tr",
    "ru",
    "gr",
    "ro",
    "za",
]
for i, cc in enumerate(addr_cc):
    lang = C[cc][0]
    key = "br" if lang == "br" else lang
    a = addr(cc)
    n = person(cc)
    if (
        i % 4 == 3
        and ", " in a
        and any(ch.isdigit() for ch in a.split(", ", 1)[0])
        and cc not in ("br", "in")
    ):
        l1, l2 = a.split(", ", 1)
        t = f"{n}\n{l1}\n{l2}"
        a = l1 + "\n" + l2
        kind = "address.label"
    else:
        t = R.choice(ADDR_TPL.get(key, ADDR_TPL["en"])).format(n=n, a=a)
        kind = "address.sentence"
        a_v = a
    v = a if a in t else a.split(", ", 1)[0]
    pii_rows.append((t, v, kind, f"addr_{cc}"))

# ---- dates of birth in local formats
DOB_TPL = {
    "de": [
        "{n}, geb. {d}",
        "Geburtsdatum von {n}: {d}",
        "{n} (* {d}) nimmt am Kurs teil",
    ],
    "fr": ["{n}, né(e) le {d}", "Date de naissance de {n} : {d}"],
    "es": ["{n}, nacido/a el {d}", "fecha de nacimiento de {n}: {d}"],
    "it": ["{n}, nato/a il {d} a Bologna", "data di nascita di {n}: {d}"],
    "pt": ["{n}, nascido(a) em {d}"],
    "br": ["{n}, nascimento {d}"],
    "nl": ["{n}, geboren op {d}"],
    "pl": ["{n}, ur. {d}"],
    "sv": ["{n}, född {d}"],
    "ja": ["{n}さん（{d}生まれ）"],
    "ko": ["{n} 님 생년월일 {d}"],
    "zh": ["{n}，出生于{d}"],
    "cs": ["{n}, nar. {d}"],
    "tr": ["{n}, doğum tarihi {d}"],
    "ru": ["{n}, дата рождения {d}"],
    "nb": ["{n}, født {d}"],
    "en": [
        "{n}'s date of birth is {d}",
        "DOB {d} ({n})",
        "{n}, born {d}, wants the birthday discount applied",
        "patient {n} d.o.b. {d}",
    ],
}
dob_cc = [
    "de",
    "fr",
    "es",
    "it",
    "pt",
    "br",
    "nl",
    "pl",
    "se",
    "jp",
    "kr",
    "cn",
    "cz",
    "tr",
    "ru",
    "no",
    "us",
    "gb",
    "in",
    "au",
    "at",
]
for i, cc in enumerate(dob_cc):
    lang = C[cc][0]
    key = "br" if lang == "br" else lang
    d = dob_str(cc, rdate(1945, 2006))
    n = person(cc)
    if i % 5 == 4:
        t = json.dumps(
            {
                "name": n,
                "birth_date": d,
                "plan": R.choice(["family", "basic", "premium"]),
            },
            ensure_ascii=False,
        )
        kind = "dob.json"
    else:
        t = R.choice(DOB_TPL.get(key, DOB_TPL["en"])).format(n=n, d=d)
        kind = "dob.sentence"
    pii_rows.append((t, d, kind, f"dob_{cc}"))

# ---- health facts tied to a named person
HEALTH = [
    (
        "{n} hat Diabetes Typ 2 und nimmt Metformin 1000 mg morgens und abends.",
        "Diabetes Typ 2",
        "de",
    ),
    (
        "Arztbrief {n}: Diagnose F32.1 (mittelgradige depressive Episode), Sertralin 50 mg.",
        "F32.1 (mittelgradige depressive Episode)",
        "de",
    ),
    (
        "{n} est sous Levothyrox 75 µg pour une hypothyroïdie, ne pas oublier le bilan TSH.",
        "hypothyroïdie",
        "fr",
    ),
    (
        "La paciente Marta Sánchez es alérgica a la penicilina y está en tratamiento por asma.",
        "alérgica a la penicilina",
        "es",
    ),
    (
        "{n} è in cura con Depakin per epilessia, controllo neurologico a maggio.",
        "epilessia",
        "it",
    ),
    (
        "Beatriz Rodrigues foi diagnosticada com endometriose e toma Visanne 2 mg.",
        "endometriose",
        "pt",
    ),
    (
        "{n} heeft de ziekte van Crohn en krijgt elke acht weken infliximab.",
        "de ziekte van Crohn",
        "nl",
    ),
    (
        "{n} choruje na stwardnienie rozsiane, przyjmuje Ocrevus.",
        "stwardnienie rozsiane",
        "pl",
    ),
    ("{n}さんは2型糖尿病で、インスリン注射をしています。", "2型糖尿病", "jp"),
    (
        "heads up: {n} is HIV positive and on Biktarvy, keep it out of the team calendar",
        "HIV positive",
        "us",
    ),
    (
        "{n} takes sertraline 100mg for anxiety - flagged by HR for the leave request",
        "sertraline 100mg for anxiety",
        "gb",
    ),
    ("{n}'s sick note: bipolar II, off work until the 20th", "bipolar II", "au"),
    (
        "{n} has a severe peanut allergy (carries an EpiPen) - tell the caterer",
        "severe peanut allergy",
        "ca",
    ),
    (
        "Aoife Murphy is 14 weeks pregnant and asked for a desk closer to the restroom",
        "14 weeks pregnant",
        "ie",
    ),
    ("{n} — ADHD diagnosis in March, now on Elvanse 30 mg", "ADHD diagnosis", "gb"),
    (
        "{n} tiene cáncer de mama en estadio II, quimioterapia los martes",
        "cáncer de mama en estadio II",
        "mx",
    ),
    ("{n} har fått diagnosen KOL och använder Spiriva.", "KOL", "se"),
    ("{n} 님은 공황장애로 약을 복용 중입니다.", "공황장애", "kr"),
]
for i, (tpl, v, cc) in enumerate(HEALTH):
    t = tpl.format(n=person(cc))
    pii_rows.append((t, v, "health.sentence", "health_%d" % i))

# ---- salary of a named person
SAL = [
    ("Gehalt {n}: 68.500 € brutto p.a. + 10 % Bonus", "68.500 € brutto p.a.", "de"),
    (
        "Le salaire de {n} passe à 3 450 € net par mois à partir de janvier.",
        "3 450 € net par mois",
        "fr",
    ),
    ("{n} base salary $142,000, 15% target bonus, 2,000 RSUs", "$142,000", "us"),
    ("{n}の年収は650万円です。", "650万円", "jp"),
    ("Sueldo bruto anual de {n}: 38.000 €", "38.000 €", "es"),
    (
        "{n} earns £54,250 a year - confirmed for the mortgage reference",
        "£54,250 a year",
        "gb",
    ),
    (
        "Wynagrodzenie {n}: 12 400 zł brutto miesięcznie",
        "12 400 zł brutto miesięcznie",
        "pl",
    ),
    ("salário de {n}: R$ 9.800,00 CLT", "R$ 9.800,00", "br"),
    ("{n}'s CTC is 24 LPA after the hike", "24 LPA", "in"),
    ("Het bruto maandsalaris van {n} is € 4.275.", "€ 4.275", "nl"),
    ("{n} verdient CHF 118'000 pro Jahr", "CHF 118'000 pro Jahr", "ch"),
]
for i, (tpl, v, cc) in enumerate(SAL):
    pii_rows.append((tpl.format(n=person(cc)), v, "salary.sentence", "salary_%d" % i))

# ---- personal e-mails
MAIL_TPL = [
    "private Mail von {n}: {e}",
    "{n} prefers the personal address {e} for anything non-work",
    "mail perso de {n} : {e}",
    "{n} — correo personal {e}",
    "{n}\n{e}",
    "cc {n} on the private inbox ({e})",
    "{n}さんの個人メール：{e}",
    "e-mail prywatny {n}: {e}",
    "personal: {e} ({n})",
    "send the photos to {e}, thats {n}'s gmail",
]
mail_cc = ["de", "us", "fr", "es", "gb", "in", "jp", "pl", "it", "br", "nl", "kr"]
for i, cc in enumerate(mail_cc):
    lang, names, ids, region, domains = C[cc]
    f, last = R.choice(names)
    n = person(cc)
    f, last = (
        split_name(cc, n)
        if cc not in ("jp", "kr")
        else ("misaki", "sato")
        if cc == "jp"
        else ("minjun", "kim")
    )
    dom = R.choice(domains)
    if "gmail" in MAIL_TPL[i % len(MAIL_TPL)]:
        dom = "gmail.com"
    e = email_local(f, last) + "@" + dom
    pii_rows.append(
        (
            MAIL_TPL[i % len(MAIL_TPL)].format(n=n, e=e),
            e,
            "email.sentence",
            "email_%d" % i,
        )
    )


# ---- IBANs / cards of a person
def make_iban(cc, bban_fn):
    for _ in range(100000):
        bban = bban_fn()
        s = bban + cc + "00"
        num = "".join(str(int(c, 36)) for c in s)
        chk = 98 - int(num) % 97
        v = "%s%02d%s" % (cc, chk, bban)
        if std_iban.is_valid(v):
            return v
    raise RuntimeError(cc)


def iban_fmt(v):
    return " ".join(v[i : i + 4] for i in range(0, len(v), 4))


for cc, bban, tpl in [
    (
        "DE",
        lambda: R.choice(["10010010", "12030000", "50010517", "43060967"]) + D(10),
        "Überweisung an {n}, IBAN {v}",
    ),
    ("FR", lambda: "30004" + D(5) + D(11) + D(2), "RIB de {n} : IBAN {v}"),
    ("ES", lambda: "2100" + D(4) + D(2) + D(10), "Cuenta de {n} para la nómina: {v}"),
    (
        "NL",
        lambda: R.choice(["INGB", "RABO", "ABNA"]) + D(10),
        "{n} wil het geld op {v} ontvangen",
    ),
    ("IT", lambda: R.choice(UP) + "03069" + D(5) + D(12), "IBAN personale di {n}: {v}"),
    ("PL", lambda: "1090" + D(4) + D(16), "Nr konta {n}: {v}"),
]:
    v = make_iban(cc, bban)
    if R.random() < 0.6:
        v = iban_fmt(v)
    pii_rows.append(
        (tpl.format(n=person(cc.lower()), v=v), v, "iban.sentence", f"iban_{cc}")
    )


def card(prefix, length=16):
    for _ in range(1000):
        body = prefix + D(length - len(prefix) - 1)
        c = body + luhn.calc_check_digit(body)
        if luhn.is_valid(c):
            return c


for tpl, pre, ln in [
    ("{n} paid with card {v} exp 09/27", "4" + R.choice(["539", "916", "147"]), 16),
    ("Kreditkarte von {n}: {v}, gültig bis 03/28", "5" + R.choice("1234") + D(2), 16),
    ("carte bancaire de {n} : {v}", "4970" + D(2), 16),
    ("Amex on file for {n}: {v}", R.choice(["34", "37"]), 15),
]:
    c = card(pre, ln)
    v = (
        " ".join(c[i : i + 4] for i in range(0, 16, 4))
        if ln == 16
        else f"{c[:4]} {c[4:10]} {c[10:]}"
    )
    cc = {"K": "de", "c": "fr"}.get(tpl[0], "us")
    pii_rows.append(
        (tpl.format(n=person(cc), v=v), v, "payment_card.sentence", f"card_{pre[:2]}")
    )

for t, v, kind, tpl in pii_rows:
    add(t, "pii", kind, tpl, v)
N_OTHER_PII = sum(1 for r in ROWS if r["label"] == "pii")

# ---- PII: IDs across all countries until 300
style_i = 0
done = False
for rnd in range(4):
    order = ccs = list(C)
    order = ccs[:]
    R.shuffle(order)
    for cc in order:
        for idx in range(len(C[cc][2])):
            if sum(1 for r in ROWS if r["label"] == "pii") >= 300:
                done = True
                break
            style = ID_STYLES[style_i % len(ID_STYLES)]
            style_i += 1
            t, v, kind, tpl = id_row(cc, idx, style)
            add(t, "pii", kind, tpl, v)
        if done:
            break
    if done:
        break

# ================================================================ SECRETS
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
B64URL = string.ascii_letters + string.digits + "-_"
HEX = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def b62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def gh_token(prefix):
    body = rs(string.ascii_letters + DIG, 30)
    return prefix + body + b62(binascii.crc32(body.encode()) & 0xFFFFFFFF, 6)


def seeded_bytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def ec_pem(pkcs8=False):
    key = ec.derive_private_key(
        int.from_bytes(seeded_bytes(32), "big") % (2**255) + 1, ec.SECP256R1()
    )
    f = (
        serialization.PrivateFormat.PKCS8
        if pkcs8
        else serialization.PrivateFormat.TraditionalOpenSSL
    )
    return key.private_bytes(
        serialization.Encoding.PEM, f, serialization.NoEncryption()
    ).decode().strip(), key


def ed_openssh():
    """OpenSSH serialisation has a random check-int; pin it to seeded bytes so output is reproducible."""
    key = ed25519.Ed25519PrivateKey.from_private_bytes(seeded_bytes(32))
    pem = (
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.OpenSSH,
            serialization.NoEncryption(),
        )
        .decode()
        .strip()
    )
    lines = pem.splitlines()
    raw = bytearray(base64.b64decode("".join(lines[1:-1])))
    pos = len(b"openssh-key-v1\0")
    for _ in range(3):  # ciphername, kdfname, kdfoptions
        pos += 4 + int.from_bytes(raw[pos : pos + 4], "big")
    pos += 4  # number of keys
    pos += 4 + int.from_bytes(raw[pos : pos + 4], "big")  # public key blob
    pos += 4  # length of private section
    check = seeded_bytes(4)
    raw[pos : pos + 4] = check
    raw[pos + 4 : pos + 8] = check
    b = base64.b64encode(bytes(raw)).decode()
    body = "\n".join(b[i : i + 70] for i in range(0, len(b), 70))
    pem = lines[0] + "\n" + body + "\n" + lines[-1]
    serialization.load_ssh_private_key(pem.encode(), None)
    return pem, key


def jwt(payload, secret):
    def enc(b):
        return base64.urlsafe_b64encode(b).rstrip(b"=").decode()

    h = enc(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    p = enc(json.dumps(payload, separators=(",", ":")).encode())
    sig = enc(hmac.new(secret, (h + "." + p).encode(), hashlib.sha256).digest())
    return h + "." + p + "." + sig


def pw():
    words = [
        "Sommer",
        "Kaffee",
        "Tiger",
        "blue",
        "Lisboa",
        "maple",
        "Orion",
        "Kirsche",
        "soleil",
        "Rayo",
        "nebula",
        "Falke",
        "gato",
        "winter",
        "Hamster",
        "tulipe",
        "Zorro",
    ]
    r = R.random()
    if r < 0.4:
        return (
            R.choice(words)
            + R.choice(["!", "#", "$", "_", "."])
            + D(R.randint(2, 4))
            + R.choice(["", "?", "!", "%"])
        )
    if r < 0.7:
        return rs(string.ascii_letters + DIG + "!@#%^&*", R.randint(12, 20))
    return "-".join(
        R.choice(
            [
                "correct",
                "velvet",
                "harbor",
                "quiet",
                "pepper",
                "glacier",
                "lantern",
                "orbit",
                "maple",
                "copper",
                "ember",
            ]
        )
        for _ in range(3)
    ) + D(2)


def aws_pair():
    return "AKIA" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16), rs(
        string.ascii_letters + DIG + "+/", 40
    )


S_ROWS = []


def sec(kind, tpl, t, v):
    S_ROWS.append((t, v, kind, tpl))


# cloud
for i in range(6):
    ak, sk = aws_pair()
    style = i % 6
    if style == 0:
        sec(
            "aws_key.credentials_file",
            "aws_cred",
            f"[default]\naws_access_key_id = {ak}\naws_secret_access_key = {sk}\nregion = eu-central-1",
            sk,
        )
    elif style == 1:
        sec(
            "aws_key.env",
            "aws_env",
            f"export AWS_ACCESS_KEY_ID={ak}\nexport AWS_SECRET_ACCESS_KEY={sk}",
            sk,
        )
    elif style == 2:
        sec(
            "aws_key.chat",
            "aws_chat",
            f"new deploy user creds: {ak} / {sk} - rotate after the migration",
            sk,
        )
    elif style == 3:
        sec(
            "aws_key.json",
            "aws_json",
            json.dumps(
                {
                    "AccessKey": {
                        "UserName": "ci-deployer",
                        "AccessKeyId": ak,
                        "Status": "Active",
                        "SecretAccessKey": sk,
                    }
                }
            ),
            sk,
        )
    elif style == 4:
        sec(
            "aws_key.code",
            "aws_code",
            f"s3 = boto3.client('s3', aws_access_key_id='{ak}', aws_secret_access_key='{sk}')",
            sk,
        )
    else:
        sec(
            "aws_key.id_only",
            "aws_akid",
            f"der Access Key {ak} hängt noch am alten Jenkins, bitte deaktivieren; Secret steht im Ticket: {sk}",
            sk,
        )
for i in range(3):
    ak = "ASIA" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
    cred = "%s/2025%02d%02d/us-east-1/s3/aws4_request" % (
        ak,
        R.randint(1, 9),
        R.randint(1, 28),
    )
    sig = rs(HEX, 64)
    url = (
        "https://%s.s3.amazonaws.com/%s?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s&X-Amz-Date=2025%02d%02dT%02d%02d00Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Security-Token=%s&X-Amz-Signature=%s"
        % (
            R.choice(["acme-exports", "hr-docs-prod", "media-private"]),
            R.choice(["reports/q3.xlsx", "contracts/2025/nda.pdf", "backup/db.sql.gz"]),
            cred.replace("/", "%2F"),
            R.randint(1, 9),
            R.randint(1, 28),
            R.randint(0, 23),
            R.randint(0, 59),
            rs(B64URL, 60),
            sig,
        )
    )
    sec(
        "signed_url.s3",
        "s3_presigned",
        R.choice(
            [
                "here's the presigned link (valid 7 days): ",
                "download: ",
                "link für den Export: ",
            ]
        )
        + url,
        url,
    )
acct = R.choice(["stprodweu01", "acmeinvoices", "mediastore42"])
akey = base64.b64encode(seeded_bytes(64)).decode()
sec(
    "azure.connection_string",
    "az_conn",
    f"AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={akey};EndpointSuffix=core.windows.net",
    akey,
)
sas = (
    "sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2025-12-31T23:59:59Z&st=2025-01-01T00:00:00Z&spr=https&sig="
    + base64.b64encode(seeded_bytes(32))
    .decode()
    .replace("+", "%2B")
    .replace("/", "%2F")
    .replace("=", "%3D")
)
sec(
    "signed_url.azure_sas",
    "az_sas",
    f"https://{acct}.blob.core.windows.net/exports?{sas}",
    sas.split("sig=")[1],
)
for i in range(2):
    cs = (
        rs(string.ascii_letters + DIG, 3)
        + "8Q~"
        + rs(string.ascii_letters + DIG + "~._-", 34)
    )
    sec(
        "azure.client_secret",
        "az_client_secret",
        R.choice(
            [
                "App registration 'billing-sync' client secret: %s (expires in 24 months)",
                "AZURE_CLIENT_SECRET=%s",
            ]
        )
        % cs,
        cs,
    )
gkey = "AIza" + rs(B64URL, 35)
sec(
    "gcp.api_key",
    "google_api_key",
    f'const MAPS_KEY = "{gkey}"; // restricted? no, unrestricted for now',
    gkey,
)
gkey = "AIza" + rs(B64URL, 35)
sec(
    "gcp.api_key",
    "google_api_key_curl",
    f"curl 'https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key={gkey}' -H 'Content-Type: application/json' -d @req.json",
    gkey,
)
pem, _k = ec_pem(pkcs8=True)
sa = {
    "type": "service_account",
    "project_id": "acme-analytics-prod",
    "private_key_id": rs(HEX, 40),
    "private_key": pem + "\n",
    "client_email": "bq-loader@acme-analytics-prod.iam.gserviceaccount.com",
    "client_id": D(21, True),
}
t = json.dumps(sa, indent=2)
sec("private_key.gcp_service_account", "gcp_sa_json", t, sa["private_key_id"])

# SaaS / dev tokens
for pre, ctx in [
    ("ghp_", "git remote set-url origin https://{t}@github.com/acme/infra.git"),
    ("ghp_", "GITHUB_TOKEN={t}"),
    ("gho_", "oauth token from the device flow: {t}"),
    ("ghs_", "installation token {t} (expires in 1h)"),
    ("ghu_", "gh auth token gave me {t}"),
]:
    tok = gh_token(pre)
    sec("github.token", "gh_" + pre.strip("_"), ctx.format(t=tok), tok)
pat = (
    "github_pat_"
    + rs(string.ascii_letters + DIG, 22)
    + "_"
    + rs(string.ascii_letters + DIG, 59)
)
sec(
    "github.fine_grained_pat",
    "gh_fgpat",
    f"fine-grained PAT for the release bot: {pat}",
    pat,
)
tok = "glpat-" + rs(B64URL, 20)
sec(
    "gitlab.token",
    "glpat",
    f'[remote "origin"]\n\turl = https://oauth2:{tok}@gitlab.com/acme/backend.git',
    tok,
)
tok = "npm_" + (lambda b: b + b62(binascii.crc32(b.encode()) & 0xFFFFFFFF, 6))(
    rs(string.ascii_letters + DIG, 30)
)
sec("npm.token", "npmrc", f"//registry.npmjs.org/:_authToken={tok}", tok)
tok = "pypi-AgEIcHlwaS5vcmc" + rs(B64URL, 150)
sec("pypi.token", "pypirc", f"[pypi]\nusername = __token__\npassword = {tok}", tok)
for i in range(3):
    tok = "xox{}-{}-{}-{}".format(
        R.choice("bp"), D(12, True), D(13, True), rs(string.ascii_letters + DIG, 24)
    )
    sec(
        "slack.token",
        "slack_tok",
        R.choice(
            [
                "SLACK_BOT_TOKEN=%s",
                "slack bot token (workspace acme): %s",
                "Authorization: Bearer %s",
            ]
        )
        % tok,
        tok,
    )
for i in range(2):
    url = f"https://hooks.slack.com/services/T{rs(UP + DIG, 10)}/B{rs(UP + DIG, 10)}/{rs(string.ascii_letters + DIG, 24)}"
    sec(
        "webhook.slack",
        "slack_webhook",
        R.choice(
            [
                "alertmanager receiver -> %s",
                "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy ok\"}' %s",
            ]
        )
        % url,
        url,
    )
url = f"https://discord.com/api/webhooks/{D(19, True)}/{rs(B64URL, 68)}"
sec("webhook.discord", "discord_webhook", f"discord webhook for #ops: {url}", url)
url = f"https://outlook.office.com/webhook/{uuid.UUID(int=R.getrandbits(128))}@{uuid.UUID(int=R.getrandbits(128))}/IncomingWebhook/{rs(HEX, 32)}/{uuid.UUID(int=R.getrandbits(128))}"
sec(
    "webhook.teams",
    "teams_webhook",
    f"Teams-Connector für den Kanal Störungen: {url}",
    url,
)
for i in range(3):
    tok = R.choice(["sk_live_", "rk_live_"]) + rs(
        string.ascii_letters + DIG, R.choice([24, 99])
    )
    sec(
        "stripe.secret_key",
        "stripe_live",
        R.choice(
            [
                "STRIPE_SECRET_KEY=%s",
                'stripe.api_key = "%s"',
                "la clé Stripe de prod : %s (ne pas commiter)",
            ]
        )
        % tok,
        tok,
    )
sid, tok = "AC" + rs(HEX, 32), rs(HEX, 32)
sec(
    "twilio.auth_token",
    "twilio",
    f"TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={tok}",
    tok,
)
tok = "SG." + rs(B64URL, 22) + "." + rs(B64URL, 43)
sec("sendgrid.api_key", "sendgrid", f"SENDGRID_API_KEY='{tok}'", tok)
tok = "key-" + rs(HEX, 32)
sec(
    "mailgun.api_key",
    "mailgun",
    f"curl -s --user 'api:{tok}' https://api.mailgun.net/v3/mg.acme.io/messages -F to=ops@acme.io",
    tok,
)
tok = "sk-proj-" + rs(B64URL, 48) + "T3BlbkFJ" + rs(B64URL, 48)
sec("openai.api_key", "openai", f"OPENAI_API_KEY={tok}", tok)
tok = "sk-ant-api03-" + rs(B64URL, 93) + "AA"
sec(
    "anthropic.api_key",
    "anthropic",
    f'client = anthropic.Anthropic(api_key="{tok}")',
    tok,
)
tok = "hf_" + rs(string.ascii_letters, 34)
sec("huggingface.token", "hf", f"huggingface-cli login --token {tok}", tok)
tok = "shpat_" + rs(HEX, 32)
sec("shopify.token", "shopify", f"X-Shopify-Access-Token: {tok}", tok)
tok = rs(HEX, 32)
sec(
    "datadog.api_key",
    "datadog",
    f"DD_API_KEY={tok} DD_SITE=datadoghq.eu docker run -d datadog/agent:7",
    tok,
)
tok = f"{D(10, True)}:AA{rs(B64URL, 33)}"
sec("telegram.bot_token", "telegram", f"токен бота для алертов: {tok}", tok)
tok = "hvs." + rs(string.ascii_letters + DIG, 24)
sec(
    "vault.token",
    "vault",
    f"VAULT_ADDR=https://vault.internal:8200 VAULT_TOKEN={tok} vault kv get secret/payments",
    tok,
)
tok = "lin_api_" + rs(string.ascii_letters + DIG, 40)
sec("linear.api_key", "linear", f"Linear API key (personal, full access): {tok}", tok)
tok = "ntn_" + D(11) + rs(string.ascii_letters + DIG, 35)
sec("notion.token", "notion", f"NOTION_TOKEN={tok}", tok)
tok = "ATATT3xFfGF0" + rs(B64URL, 170) + "=" + rs(HEX.upper(), 8)
sec("atlassian.api_token", "atlassian", f"jira cli: JIRA_API_TOKEN={tok}", tok)
tok = (
    "sk."
    + base64.urlsafe_b64encode(
        json.dumps(
            {"u": "acme-maps", "a": rs(string.ascii_letters + DIG, 25)},
            separators=(",", ":"),
        ).encode()
    )
    .decode()
    .rstrip("=")
    + "."
    + rs(B64URL, 22)
)
sec(
    "mapbox.secret_token",
    "mapbox_sk",
    f"Mapbox secret token (downloads:read scope): {tok}",
    tok,
)
tok = "dp.st.prd." + rs(string.ascii_letters + DIG, 43)
sec("doppler.token", "doppler", f"DOPPLER_TOKEN={tok} doppler run -- ./server", tok)
tok = "AAAA" + rs(B64URL, 7) + ":APA91b" + rs(B64URL, 134)
sec("firebase.server_key", "fcm", f"FCM legacy server key: {tok}", tok)

# database URLs and CLI flags
DB = [
    ("postgresql://{u}:{p}@db-prod-1.internal:5432/orders", "DATABASE_URL={url}"),
    (
        "postgres://{u}:{p}@ep-cool-river-123456.eu-central-1.aws.neon.tech/neondb?sslmode=require",
        "neon string: {url}",
    ),
    ("mysql://{u}:{p}@10.0.3.17:3306/wordpress", "WP_DB={url}"),
    (
        "mongodb+srv://{u}:{p}@cluster0.ab1cd.mongodb.net/shop?retryWrites=true&w=majority",
        'MONGO_URI="{url}"',
    ),
    (
        "redis://default:{p}@redis-12345.c1.eu-west-1-2.ec2.cloud.redislabs.com:12345",
        "cache: {url}",
    ),
    ("amqp://{u}:{p}@rabbit.internal:5672/%2F", "broker_url = '{url}'"),
    (
        "jdbc:sqlserver://sql01.corp.local:1433;databaseName=HR;user={u};password={p};encrypt=true",
        "spring.datasource.url={url}",
    ),
    (
        "Server=tcp:acme-sql.database.windows.net,1433;Initial Catalog=crm;User ID={u};Password={p};Encrypt=True;",
        '"ConnectionStrings": {{ "Default": "{url}" }}',
    ),
    (
        "postgresql+psycopg2://{u}:{p}@localhost/analytics",
        "SQLALCHEMY_DATABASE_URI = '{url}'",
    ),
    (
        "https://{u}:{p}@nexus.acme.io/repository/pypi-internal/simple",
        "pip install --index-url {url} acme-core",
    ),
    (
        "ftp://{u}:{p}@ftp.lieferant-mueller.de/upload",
        "FTP-Zugang vom Lieferanten: {url}",
    ),
    ("smtp://{u}:{p}@smtp.office365.com:587", "EMAIL_URL={url}"),
]
for url_t, ctx in DB:
    p_ = pw()
    u = R.choice(
        ["app", "admin", "svc_orders", "root", "etl", "deploy", "wp_user", "reporting"]
    )
    val = quote(p_, safe="") if "://" in url_t and not url_t.startswith("jdbc") else p_
    url = url_t.format(u=u, p=val)
    sec("db_url.password", "db_url", ctx.format(url=url), val)
CLI = [
    "mysql -h 127.0.0.1 -u root -p{p} shop < dump.sql",
    "PGPASSWORD='{p}' psql -h db.internal -U reporting -d dwh",
    "docker login registry.acme.io -u ci -p {p}",
    "sshpass -p '{p}' ssh deploy@203.0.113.10",
    "curl -u admin:{p} https://jenkins.acme.io/api/json",
    "mongosh \"mongodb://localhost:27017\" --username admin --password '{p}'",
    "redis-cli -h cache.internal -a '{p}' INFO",
    "net use Z: \\\\fileserver\\finance /user:CORP\\jdoe {p}",
]
for c in CLI:
    p_ = pw()
    sec("password.cli", "cli_flag", c.format(p=p_), p_)
# passwords in prose, several languages
PROSE = [
    ("en", "the wifi password is {p}"),
    ("en", "Guest network: Acme-Guest / pass {p}"),
    ("en", "admin login for the NAS is admin, password {p}"),
    ("de", "Das WLAN-Passwort lautet {p}"),
    ("de", "Passwort für den Router im Büro: {p} (nicht weitergeben)"),
    ("fr", "le mot de passe du compte admin est {p}"),
    ("fr", "Mot de passe Wi-Fi : {p}"),
    ("es", "la contraseña del wifi es {p}"),
    ("es", "Usuario: soporte, contraseña: {p}"),
    ("it", "la password della posta è {p}"),
    ("pt", "a senha do servidor é {p}"),
    ("br", "senha do roteador: {p}"),
    ("nl", "het wachtwoord van de gedeelde mailbox is {p}"),
    ("pl", "hasło do panelu to {p}"),
    ("sv", "lösenordet till kontot är {p}"),
    ("tr", "sunucu şifresi: {p}"),
    ("ja", "管理画面のパスワードは {p} です"),
    ("ru", "пароль от почты: {p}"),
    ("zh", "服务器密码是 {p}"),
    ("ko", "관리자 비밀번호는 {p} 입니다"),
    ("da", "adgangskoden til routeren er {p}"),
    ("cs", "heslo k wifi je {p}"),
    ("en", "root pw on the staging box changed to {p}"),
    ("en", "Kiosk PIN + password for the front desk laptop: 4471 / {p}"),
]
for lang, c in PROSE:
    p_ = pw()
    sec(f"password.prose_{lang}", "pw_prose", c.format(p=p_), p_)
# config files
for i in range(6):
    p_ = pw()
    t, v = R.choice(
        [
            ('spring:\n  datasource:\n    username: app\n    password: "{p}"', None),
            ("[client]\nuser=backup\npassword={p}", None),
            ("DB_HOST=db\nDB_USER=laravel\nDB_PASSWORD={p}\nAPP_DEBUG=false", None),
            ('<add key="SmtpPassword" value="{p}" />', None),
            (
                "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\nstringData:\n  password: {p}",
                None,
            ),
            ("auth:\n  basic:\n    user: grafana\n    pass: '{p}'", None),
            ("ldap_bind_pw = {p}", None),
        ]
    )
    sec("password.config", "pw_config", t.format(p=p_), p_)
p_ = pw()
b = base64.b64encode(p_.encode()).decode()
sec(
    "password.k8s_base64",
    "k8s_secret_b64",
    f"apiVersion: v1\nkind: Secret\ntype: Opaque\nmetadata:\n  name: smtp\ndata:\n  password: {b}",
    b,
)
u, p_ = "svc-reports", pw()
b = base64.b64encode((f"{u}:{p_}").encode()).decode()
sec("password.basic_auth", "basic_auth_hdr", f"Authorization: Basic {b}", b)
# private keys
for i in range(3):
    pem, _k = ec_pem(pkcs8=(i == 1))
    sec(
        "private_key.ec_pem",
        "ec_pem",
        R.choice(["", "key for the webhook signer:\n", "tls.key: |\n"]) + pem,
        pem,
    )
for i in range(3):
    pem, _k = ed_openssh()
    sec(
        "private_key.openssh",
        "ed25519_openssh",
        R.choice(
            [
                "~/.ssh/id_ed25519 of the deploy user:\n",
                "",
                "paste this into the CI secret DEPLOY_KEY:\n",
            ]
        )
        + pem,
        pem,
    )
# JWTs, cookies, sessions
for i in range(4):
    tok = jwt(
        {
            "sub": str(R.randint(10000, 99999)),
            "role": R.choice(["admin", "user", "service"]),
            "iat": 1735000000 + R.randint(0, 9000000),
            "exp": 1767000000 + R.randint(0, 9000000),
        },
        seeded_bytes(32),
    )
    sec(
        "jwt.bearer",
        "jwt",
        R.choice(
            [
                "curl -H 'Authorization: Bearer %s' https://api.acme.io/v2/admin/users",
                "access_token=%s",
                "session JWT from prod (valid 30 days): %s",
                "localStorage.setItem('token', '%s')",
            ]
        )
        % tok,
        tok,
    )
cookies = [
    f"Cookie: sessionid={rs(string.ascii_lowercase + DIG, 32)}; csrftoken={rs(string.ascii_letters + DIG, 32)}",
    "Set-Cookie: connect.sid=s%3A{}.{}; Path=/; HttpOnly".format(
        rs(B64URL, 32), rs(string.ascii_letters + DIG + "%", 43)
    ),
    f"_gitlab_session={rs(HEX, 32)}",
    f"laravel_session={rs(B64URL, 300)}",
]
for c in cookies:
    v = c.split("=", 1)[1].split(";")[0]
    sec(
        "session.cookie",
        "cookie",
        R.choice(["copied from devtools: ", "", "to reproduce, use "]) + c,
        v,
    )
# TOTP / recovery codes
for i in range(3):
    seed = rs(B32, 32)
    sec(
        "totp.seed",
        "totp",
        R.choice(
            [
                "otpauth://totp/Acme:ops@acme.io?secret=%s&issuer=Acme&period=30",
                "2FA setup key for the shared AWS root: %s",
                "TOTP secret (Authenticator manuell eingeben): %s",
            ]
        )
        % seed,
        seed,
    )
codes = [f"{rs(HEX, 5)}-{rs(HEX, 5)}" for _ in range(8)]
sec(
    "recovery_codes.list",
    "recovery_codes",
    "GitHub recovery codes for the org owner account:\n" + "\n".join(codes),
    codes[0],
)
codes = [D(4) + " " + D(4) for _ in range(6)]
sec(
    "recovery_codes.list",
    "recovery_codes_google",
    "Backup-Codes Google-Konto (Buchhaltung): " + ", ".join(codes),
    codes[2],
)
p_ = pw()
sec(
    "password.email",
    "pw_email",
    f"Hi Sam,\nyour temporary password for the portal is {p_} - please change it on first login.\nThanks, IT",
    p_,
)

# more SaaS shapes
MORE = [
    ("digitalocean.token", "doctl auth init -t {t}", lambda: "dop_v1_" + rs(HEX, 64)),
    (
        "postman.api_key",
        "POSTMAN_API_KEY={t}",
        lambda: "PMAK-" + rs(HEX, 24) + "-" + rs(HEX, 34),
    ),
    (
        "sentry.auth_token",
        "SENTRY_AUTH_TOKEN={t} sentry-cli releases new 2.14.0",
        lambda: "sntrys_" + rs(string.ascii_letters + DIG, 60),
    ),
    (
        "gcp.oauth_client_secret",
        '"client_secret": "{t}",',
        lambda: "GOCSPX-" + rs(B64URL, 28),
    ),
    (
        "azure_devops.pat",
        "az devops login PAT: {t}",
        lambda: rs("abcdefghijklmnopqrstuvwxyz234567", 52),
    ),
    (
        "okta.api_token",
        "Authorization: SSWS {t}",
        lambda: "00" + rs(string.ascii_letters + DIG + "-_", 40),
    ),
    (
        "terraform.token",
        'credentials "app.terraform.io" {{\n  token = "{t}"\n}}',
        lambda: (
            rs(string.ascii_letters + DIG, 14)
            + ".atlasv1."
            + rs(string.ascii_letters + DIG, 67)
        ),
    ),
    (
        "grafana.service_account_token",
        "GRAFANA_TOKEN={t}",
        lambda: "glsa_" + rs(string.ascii_letters + DIG, 32) + "_" + rs(HEX, 8),
    ),
    ("newrelic.api_key", "NEW_RELIC_API_KEY={t}", lambda: "NRAK-" + rs(UP + DIG, 27)),
    (
        "databricks.token",
        "databricks configure --token  # pasted {t}",
        lambda: "dapi" + rs(HEX, 32),
    ),
    (
        "cloudflare.api_token",
        "CLOUDFLARE_API_TOKEN={t} wrangler deploy",
        lambda: rs(B64URL, 40),
    ),
    (
        "airtable.pat",
        "Airtable PAT (base appQ…, read/write): {t}",
        lambda: "pat" + rs(string.ascii_letters + DIG, 14) + "." + rs(HEX, 64),
    ),
    ("square.access_token", "SQUARE_ACCESS_TOKEN={t}", lambda: "EAAA" + rs(B64URL, 60)),
    ("dropbox.token", 'dbx = dropbox.Dropbox("{t}")', lambda: "sl." + rs(B64URL, 135)),
    (
        "algolia.admin_key",
        "Algolia admin API key (NOT the search-only one): {t}",
        lambda: rs(HEX, 32),
    ),
    (
        "gitlab.runner_token",
        "gitlab-runner register --url https://gitlab.com --token {t}",
        lambda: "glrt-" + rs(B64URL, 20),
    ),
    (
        "github.token",
        "Personal access token für den Renovate-Bot: {t}",
        lambda: gh_token("ghp_"),
    ),
    (
        "slack.app_token",
        "SLACK_APP_TOKEN={t}",
        lambda: f"xapp-1-A{rs(UP + DIG, 10)}-{D(13, True)}-{rs(HEX, 64)}",
    ),
    (
        "stripe.webhook_secret",
        "STRIPE_WEBHOOK_SECRET={t}",
        lambda: "whsec_" + rs(string.ascii_letters + DIG, 32),
    ),
    (
        "openai.api_key",
        "ключ OpenAI для бота: {t}",
        lambda: (
            "sk-"
            + rs(string.ascii_letters + DIG, 20)
            + "T3BlbkFJ"
            + rs(string.ascii_letters + DIG, 20)
        ),
    ),
]
for kind, ctx, fn in MORE:
    tok = fn()
    sec(kind, kind.split(".")[0], ctx.format(t=tok), tok)
ssid = R.choice(["Praxis-Gast", "Buero_5G", "CasaMartinez", "Office-Staff"])
p_ = pw()
sec("password.wifi_qr", "wifi_qr", f"WIFI:T:WPA;S:{ssid};P:{p_};;", p_)
for ctx in [
    "mot de passe temporaire pour le VPN : {p}",
    "contraseña nueva del correo corporativo: {p} (cámbiala al entrar)",
    "senha do Wi-Fi da loja: {p}",
    "wachtwoord voor de NAS thuis: {p}",
    "パスワード変更しました → {p}",
    "Passwort für das DATEV-Konto ist jetzt {p}",
    "şifreyi {p} olarak değiştirdim",
    "OS login for the lab PC: labuser / {p}",
]:
    p_ = pw()
    sec("password.prose", "pw_prose2", ctx.format(p=p_), p_)

# ================================================================ CLEAN
C_ROWS = []


def cln(kind, tpl, t):
    C_ROWS.append((t, "", kind, tpl))


# company identifiers valid per stdnum (business, public)
COMP = [
    ("de.vat", lambda: "DE" + D(9, True), "USt-IdNr. der Müller Logistik GmbH: {v}"),
    (
        "fr.siren",
        lambda: D(9, True),
        "SIREN de la société Boulangeries Martin SAS : {v}",
    ),
    (
        "fr.siret",
        lambda: D(14, True),
        "Facture fournisseur — SIRET {v}, Transports Girard SARL, 69007 Lyon",
    ),
    ("br.cnpj", lambda: D(8) + "0001" + D(2), "CNPJ da Padaria Bom Gosto Ltda.: {v}"),
    (
        "es.cif",
        lambda: R.choice("ABG") + D(7) + R.choice(DIG),
        "CIF de Construcciones Navarro S.L.: {v}",
    ),
    ("it.iva", lambda: D(11), "P.IVA {v} - Trattoria Da Gino S.r.l., Bologna"),
    (
        "nl.btw",
        lambda: "NL" + D(9) + "B01",
        "btw-nummer van Bakkerij De Korenschoof B.V.: {v}",
    ),
    (
        "pl.nip",
        lambda: D(10, True),
        "Faktura VAT, sprzedawca: Drukarnia Offset Sp. z o.o., NIP {v}",
    ),
    ("au.abn", lambda: D(11, True), "Supplier: Harbourside Catering Pty Ltd, ABN {v}"),
    ("gb.vat", lambda: "GB" + D(9, True), "VAT reg no. {v} (Whitfield & Sons Ltd)"),
    (
        "us.ein",
        lambda: R.choice(["12", "20", "27", "45", "81", "94"]) + D(7),
        "Vendor W-9 on file: Brightline Analytics LLC, EIN {v}",
    ),
    ("ch.uid", lambda: "CHE" + D(9), "UID der Bäckerei Zürcher AG: {v}"),
    ("dk.cvr", lambda: D(8, True), "CVR-nr. {v} – Nordlys Design ApS"),
    ("be.vat", lambda: "BE0" + D(9), "BTW {v} – Brouwerij Den Hoorn BV"),
    ("at.uid", lambda: "ATU" + D(8), "UID-Nummer Alpenblick Hotel GmbH: {v}"),
    ("se.orgnr", lambda: "55" + D(8), "Org.nr {v}, Kaffekompaniet i Göteborg AB"),
    (
        "no.orgnr",
        lambda: R.choice("89") + D(8),
        "Organisasjonsnummer {v} (Fjordfisk AS)",
    ),
    (
        "fi.ytunnus",
        lambda: D(7, True) + "-" + R.choice(DIG),
        "Y-tunnus {v} — Pohjolan Puutyö Oy",
    ),
    (
        "in_.gstin",
        lambda: (
            "27"
            + rs(UP, 3)
            + "C"
            + R.choice(UP)
            + D(4)
            + R.choice(UP)
            + "1Z"
            + R.choice(UP + DIG)
        ),
        "GSTIN of Sai Traders Pvt Ltd: {v}",
    ),
    (
        "cl.rut",
        lambda: "76" + D(6) + R.choice(DIG + "K"),
        "RUT empresa Comercial Andes SpA: {v}",
    ),
    (
        "ar.cuit",
        lambda: "30" + D(8) + R.choice(DIG),
        "CUIT de Distribuidora del Plata S.A.: {v}",
    ),
    ("jp.cn", lambda: D(13, True), "法人番号：{v}（株式会社さくら商事）"),
    (
        "kr.brn",
        lambda: D(3, True) + "81" + D(5),
        "사업자등록번호 {v} (주식회사 한빛소프트)",
    ),
    (
        "sg.uen",
        lambda: "2019" + D(5) + R.choice(UP),
        "UEN {v} – Lion City Robotics Pte. Ltd.",
    ),
    (
        "cn.uscc",
        lambda: (
            "91310000"
            + rs("0123456789ABCDEFGHJKLMNPQRTUWXY", 9)
            + R.choice("0123456789ABCDEFGHJKLMNPQRTUWXY")
        ),
        "统一社会信用代码：{v}（上海明远贸易有限公司）",
    ),
    ("ru.ogrn", lambda: "10277" + D(8), "ОГРН {v}, ООО «Северный ветер»"),
    ("tr.vkn", lambda: D(10, True), "Vergi No: {v} – Anadolu Lojistik A.Ş."),
    ("pt.nif", lambda: "5" + D(8), "NIPC da Pastelaria Aurora, Lda.: {v}"),
    (
        "mx.rfc",
        lambda: (
            rs("ABCDEGHLMPRST", 3)
            + yymmdd(rdate(1990, 2018))
            + rs(UP + DIG, 2)
            + R.choice(DIG + "A")
        ),
        "RFC de Comercializadora Azteca S.A. de C.V.: {v}",
    ),
    ("pl.regon", lambda: D(9, True), "REGON {v} (Piekarnia Złoty Kłos s.c.)"),
]
SEPFMT = {
    "fr.siren",
    "fr.siret",
    "br.cnpj",
    "ch.uid",
    "ar.cuit",
    "cl.rut",
    "kr.brn",
    "jp.cn",
    "pl.nip",
    "au.abn",
    "fi.ytunnus",
    "mx.rfc",
}
for name, fn, tpl in COMP:
    m = mod(name)
    for _ in range(200000):
        v = fn()
        if m.is_valid(v):
            break
    else:
        raise RuntimeError(name)
    if name in SEPFMT and R.random() < 0.6:
        v = fmt(name, v)
    cln(
        "company_id.{}".format(name.replace("_", "")),
        f"company_{name}",
        tpl.format(v=v),
    )
# documentation example values & format descriptions
for t in [
    "AWS docs example: aws_access_key_id = AKIAIOSFODNN7EXAMPLE, aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "Use Stripe's test card 4242 4242 4242 4242 with any future expiry and any CVC in test mode.",
    "README: set DATABASE_URL=postgres://user:password@localhost:5432/mydb for local development",
    "The example IBAN in the ISO 13616 spec is GB82 WEST 1234 5698 7654 32.",
    "CPF format: 000.000.000-00 (11 digits, last two are check digits)",
    "A Dutch BSN has 9 digits and must pass the 11-test; the form rejects anything else.",
    "Placeholder in the template: Steuer-ID: __ ___ ___ ___",
    "SSN field format: XXX-XX-XXXX (do not store, just validate and discard)",
    "UK phone numbers reserved for drama: 07700 900000 to 07700 900999 - use these in screenshots",
    "Example from RFC 2606: send test mail to alice@example.com, never to real customers",
    'jwt.io sample header {"alg":"HS256","typ":"JWT"} encodes to eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
]:
    cln("doc_example.sentence", "doc_example", t)
# placeholders / env var names / secret-store references
for t in [
    "OPENAI_API_KEY=<YOUR_API_KEY>",
    'stripe.api_key = "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx"  # replace before deploy',
    "export GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "password: ${DB_PASSWORD}",
    "DATABASE_URL=postgresql://${PGUSER}:${PGPASSWORD}@${PGHOST}:5432/app",
    "env:\n  - name: REDIS_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: redis-auth\n        key: password",
    "run: npm publish\nenv:\n  NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
    "The Stripe key lives in AWS Secrets Manager: arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/stripe-AbCdEf",
    "db password -> vault kv get -field=password secret/data/prod/postgres",
    'op read "op://Engineering/Prod Postgres/password"',
    "App setting: @Microsoft.KeyVault(SecretUri=https://kv-acme-prod.vault.azure.net/secrets/SqlPassword/)",
    "Die Zugangsdaten liegen im Passwortmanager unter 'Buchhaltung / DATEV', bitte nicht per Mail schicken.",
    "le mot de passe est dans le coffre KeePass de l'équipe (entrée « NAS bureau »)",
    "la contraseña del wifi está pegada detrás del router, no la apuntes aquí",
    "rotate SLACK_BOT_TOKEN and SENTRY_AUTH_TOKEN after the offboarding, both are in Doppler (project: api, config: prd)",
    "password: ENC[AES256_GCM,data:Tr7o6dnM1M2+,iv:1q3N8m6QWmV1pR7bq+7N8g==,tag:Z2Vn4+7bq1M==,type:str]",
    "Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the CI variables (masked, protected).",
    "API key: sk-...Qx7f (last 4 shown in the dashboard)",
]:
    cln("secret_reference.config", "secret_ref", t)
# masked values
for t in [
    "Card ending in 4821 (**** **** **** 4821), exp 11/27",
    "IBAN DE** **** **** **** **12 34 hinterlegt",
    "SSN on file: ***-**-6721",
    "Handynummer: +49 151 ****5823 (verifiziert)",
    "Login-Mail: j.sch*****@web.de",
    "PESEL: ***********, zweryfikowano",
    "CPF ***.456.789-** confirmado no cadastro",
    "Passport no. ending …347, verified 2025-03-02",
]:
    cln("masked.sentence", "masked", t)
# hashes, ids, digests
for i in range(10):
    kind = i % 10
    if kind == 0:
        t = "fixed in %s (merge of #%d)" % (rs(HEX, 40), R.randint(1000, 9999))
    elif kind == 1:
        t = "{}  {}".format(
            rs(HEX, 64),
            R.choice(
                [
                    "node-v20.11.1-linux-x64.tar.xz",
                    "ubuntu-24.04-live-server-amd64.iso",
                    "terraform_1.8.2_linux_amd64.zip",
                ]
            ),
        )
    elif kind == 2:
        t = f"image: ghcr.io/acme/api@sha256:{rs(HEX, 64)}"
    elif kind == 3:
        t = '"integrity": "sha512-{}=="'.format(
            rs(string.ascii_letters + DIG + "+/", 86)
        )
    elif kind == 4:
        t = f"request_id={uuid.UUID(int=R.getrandbits(128))} trace_id={rs(HEX, 32)} status=502 upstream=payments"
    elif kind == 5:
        t = f"Order {uuid.UUID(int=R.getrandbits(128))} confirmed, tracking 1Z{rs(UP + DIG, 6)}{D(10)}"
    elif kind == 6:
        t = f"MD5 (backup-2025-06-30.tar.gz) = {rs(HEX, 32)}"
    elif kind == 7:
        t = f"Idempotency-Key: {uuid.UUID(int=R.getrandbits(128))}"
    elif kind == 8:
        t = f'etag: W/"{rs(HEX, 40)}"'
    else:
        t = "the bcrypt hash in the users table looks like $2b$12${} - that's expected, never plaintext".format(
            rs(string.ascii_letters + DIG + "./", 53)
        )
    cln("hash_or_id.log", "hash_id_%d" % kind, t)
for i in range(5):
    cln(
        "uuid.sentence",
        "uuid",
        R.choice(
            [
                "tenant id %s",
                "Bitte Ticket-ID %s im Betreff angeben",
                "Workspace: %s",
                "correlation id %s, retry later",
                "deviceId=%s",
            ]
        )
        % uuid.UUID(int=R.getrandbits(128)),
    )
# public keys / certs / fingerprints
for i in range(3):
    _pem, key = ec_pem()
    pub = (
        key.public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )
    cln(
        "public_key.pem",
        "ec_pub",
        R.choice(
            ["webhook signature public key:\n", "", "Verify with this public key:\n"]
        )
        + pub,
    )
for i in range(3):
    _pem, key = ed_openssh()
    pub = (
        key.public_key()
        .public_bytes(
            serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
        )
        .decode()
    )
    cln(
        "public_key.ssh",
        "ssh_pub",
        R.choice(
            [
                "add to authorized_keys: %s deploy@ci",
                "%s ops@bastion",
                "ssh-Key für den Server (öffentlich): %s",
            ]
        )
        % pub,
    )
for t in [
    "Host key fingerprint: SHA256:{} (ED25519)".format(
        base64.b64encode(seeded_bytes(32)).decode().rstrip("=")
    ),
    "PGP fingerprint for security@acme.io: {}".format(
        " ".join(rs(HEX.upper(), 4) for _ in range(10))
    ),
    "TLS cert SHA-256 fingerprint: {}".format(
        ":".join(rs(HEX.upper(), 2) for _ in range(32))
    ),
    f"STRIPE_PUBLISHABLE_KEY=pk_live_{rs(string.ascii_letters + DIG, 99)}  # public, safe in the frontend bundle",
    f"reCAPTCHA site key (public): 6L{rs(B64URL, 38)}",
]:
    cln("public_key.fingerprint", "fingerprint", t)
# business phones & addresses (public)
BIZ = [
    ("DE", "Kundenservice der Stadtwerke Leipzig: {p} (Mo–Fr 8–18 Uhr)"),
    ("DE", "Praxis Dr. Albers, Goethestraße 12, 04109 Leipzig, Tel. {p}"),
    ("FR", "Standard de la mairie de Lyon 3e : {p}"),
    ("FR", "Hôtel des Lilas — réception 24h/24 : {p}"),
    ("ES", "Atención al cliente de Construcciones Navarro: {p}"),
    ("IT", "Trattoria Da Gino, Via dei Mille 8, 40121 Bologna – prenotazioni {p}"),
    ("NL", "Receptie Bakkerij De Korenschoof: {p}"),
    ("PL", "Infolinia Drukarnia Offset: {p}"),
    ("GB", "Whitfield & Sons Ltd, 4 Mill Lane, Leeds LS6 3HN, switchboard {p}"),
    (
        "US",
        "Brightline Analytics front desk: {p}, 1200 Congress Ave, Suite 400, Austin, TX 78701",
    ),
    ("JP", "株式会社さくら商事 代表電話：{p}"),
    ("BR", "SAC da Padaria Bom Gosto: {p}"),
    ("AT", "Rezeption Alpenblick Hotel: {p}"),
    ("CH", "Bäckerei Zürcher AG, Hauptsitz Zürich, Tel. {p}"),
    ("SE", "Kaffekompaniets växel: {p}"),
    ("IN", "Sai Traders customer care: {p}"),
    ("MX", "Conmutador de Comercializadora Azteca: {p}"),
    ("KR", "한빛소프트 고객센터 {p}"),
]
for reg_, tpl in BIZ:
    num = landline(reg_)
    ps = phonenumbers.format_number(
        num,
        R.choice(
            [
                phonenumbers.PhoneNumberFormat.NATIONAL,
                phonenumbers.PhoneNumberFormat.INTERNATIONAL,
            ]
        ),
    )
    cln("business_contact.sentence", f"biz_phone_{reg_}", tpl.format(p=ps))
for t in [
    "Lieferadresse für Büromaterial: Müller Logistik GmbH, Wareneingang Tor 3, Industriestraße 40, 04129 Leipzig",
    "Siège social : Boulangeries Martin SAS, 14 quai Perrache, 69002 Lyon",
    "Office: Harbourside Catering Pty Ltd, Level 2, 55 Pier St, Sydney NSW 2000",
    "Ship returns to: Brightline Analytics LLC, Attn: RMA, 500 E 5th St, Austin, TX 78701",
    "Sede legale: Trattoria Da Gino S.r.l., Via Indipendenza 20, 40121 Bologna",
    "本社所在地：〒100-0005 東京都千代田区丸の内1-1-1 さくらビル5F",
    "Endereço da loja: Av. Paulista, 1000 - loja 12, Bela Vista, São Paulo - SP",
    "Ingang leveranciers: Bakkerij De Korenschoof B.V., Industrieweg 7, 3542 AD Utrecht",
    "Team offsite venue: Kulturhaus Alte Mühle, Mühlweg 3, 8010 Graz",
    "support@brightline-analytics.com handles all invoice questions",
    "Rechnungen bitte an buchhaltung@mueller-logistik.de",
    "contact presse : presse@boulangeries-martin.fr",
    "noreply@notifications.acme.io bounced again, check SPF",
    "facturacion@construccionesnavarro.es — solo facturas, no CVs",
]:
    cln("business_contact.address_or_mail", "biz_addr_mail", t)
# prices, measurements, versions, part numbers, product codes
isbn = until("isbn", lambda: "978" + D(10))
ean = until("ean", lambda: "40" + D(11))
for t in [
    "Preis: 1.299,00 € inkl. MwSt., Lieferzeit 3–5 Werktage",
    "upgrade postgres 15.6 -> 16.2 on Saturday, downtime ~20 min",
    "Teilenummer 4F0 615 301 E (Bremsscheibe hinten), 2 Stück bestellt",
    "ISBN {} – reprint due in Q3".format(fmt("isbn", isbn)),
    f"EAN {ean}, 500 g, MHD 14.09.2026",
    "Wall thickness 2.4 mm, max. pressure 16 bar, DN 50",
    "node 20.11.1, npm 10.2.4, pnpm 8.15.1",
    "Flight LH 1234 FRA→LIS departs 09:35, gate B44",
    "Server rack U12–U18, PDU A port 7, serial S/N CN7-4H21-0093 (company asset)",
    "Precio por kilo: 12,90 € — pedido mínimo 5 kg",
    "HS code 8471.30.00 for the laptops in the customs declaration",
    "Kubernetes 1.29.4, node pool n2-standard-8, 6 nodes",
    "Bestellnummer 4500123987 vom 03.02.2025",
    "Invoice INV-2025-00417, net 30, total 4 812,50 EUR",
    "M8×1,25 Schrauben, Festigkeitsklasse 8.8, 200 Stück",
]:
    cln("product_or_version.sentence", "product_version", t)
# dates that are not birth dates, and non-personal health / salary facts
for t in [
    "Vertragsbeginn: 01.04.2025, Kündigungsfrist 3 Monate zum Quartalsende",
    "La société a été fondée le 12 mars 1985 à Lyon.",
    "会社設立：1985年3月12日",
    "release 2024-11-05, EOL 2027-11-05",
    "Fecha de la factura: 15/07/2025 — vencimiento 14/08/2025",
    "Data di scadenza del contratto: 31/12/2026",
    "Metformin 500 mg, Packung mit 180 Tabletten, PZN-Bestellung für die Stationsapotheke",
    "ICD-10 F32.1 = moderate depressive episode (reference table for the coding tool)",
    "The flu vaccination clinic runs 1–15 October in the staff canteen.",
    "Salary band for Senior Backend Engineer (L5): €70,000–85,000 + equity",
    "Le salaire médian des infirmiers en France est d'environ 2 300 € net par mois (source INSEE).",
    "Mindestlohn ab 1. Januar: 12,82 € pro Stunde",
    "Average household size in the survey: 2.3 persons, median age 41",
    "The allergen list for the canteen menu: peanuts, gluten, lactose, sesame",
]:
    cln("non_personal.sentence", "non_personal", t)


# ================================================================ assemble
def take(rows, n, label):
    rows = [r for r in rows if r[0] not in SEEN]
    R.shuffle(rows)
    got = 0
    for t, v, kind, tpl in rows:
        if got == n:
            break
        if add(t, label, kind, tpl, v):
            got += 1
    assert got == n, (label, got)


take(S_ROWS, 150, "secret")
take(C_ROWS, 150, "clean")
R.shuffle(ROWS)
ids = [r["id"] for r in ROWS]
assert len(set(ids)) == len(ids) == 600
for r in ROWS:
    assert r["value"] in r["text"]
    assert (r["value"] == "") == (r["label"] == "clean")
with OUT.open("w", encoding="utf-8") as fh:
    for r in ROWS:
        fh.write(json.dumps(r, ensure_ascii=False) + "\n")
print("wrote", OUT, len(ROWS))
print("by label:", dict(sorted(Counter(r["label"] for r in ROWS).items())))
for lab in ("pii", "secret", "clean"):
    cls = Counter(r["kind"].split(".")[0] for r in ROWS if r["label"] == lab)
    print(lab, "by class:", dict(sorted(cls.items())))
sty = Counter(r["kind"].split(".", 1)[1] for r in ROWS if r["label"] == "pii")
print("pii by style:", dict(sorted(sty.items())))
cc = Counter(
    r["template"].split("_")[1] for r in ROWS if r["template"].startswith("id_")
)
print("national-ID rows by country module:", len(cc), dict(sorted(cc.items())))
