# ruff: noqa: E501 (templates are data, one string per line)
"""Write sensitivity_blind12.jsonl: a labelled, deterministic test set for the sensitivity gate.

Labels: secret (usable credential), pii (personal datum, with `value`), clean (look-alikes).
Run with: /work/main/.venv/bin/python make_sensitivity_blind12.py
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import importlib
import json
import random
import string
import struct
import zlib
from collections import Counter
from pathlib import Path

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.x509.oid import NameOID
from stdnum import iban as std_iban
from stdnum import luhn

NAME = "sensitivity_blind12"
PROBE = "blind12"
N_SECRET, N_PII, N_CLEAN = 220, 220, 160

R = random.Random(1212_2026)

DIG = string.digits
UP = string.ascii_uppercase
LO = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
HEX = "0123456789abcdef"
B64 = string.ascii_letters + string.digits + "+/"
B64U = string.ascii_letters + string.digits + "-_"


def rs(alpha: str, n: int) -> str:
    return "".join(R.choice(alpha) for _ in range(n))


def d(n: int) -> str:
    return rs(DIG, n)


def pick(seq):
    return R.choice(seq)


def b64u(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def rdate(y0: int = 1948, y1: int = 2004) -> dt.date:
    return dt.date(R.randint(y0, y1), R.randint(1, 12), R.randint(1, 28))


# ----------------------------------------------------------------------------- names / languages
NAMES = {
    "en": [
        "Emily Carter",
        "James O'Neill",
        "Olivia Bennett",
        "Michael Grant",
        "Sarah Whitfield",
    ],
    "de": [
        "Jana Müller",
        "Lukas Schneider",
        "Katrin Hoffmann",
        "Tobias Weber",
        "Anja Krüger",
    ],
    "fr": [
        "Camille Dubois",
        "Julien Moreau",
        "Élodie Laurent",
        "Mathieu Girard",
        "Chloé Fontaine",
    ],
    "es": [
        "Lucía Fernández",
        "Javier Ortega",
        "María José Ruiz",
        "Diego Navarro",
        "Carmen Delgado",
    ],
    "it": [
        "Giulia Bianchi",
        "Marco Esposito",
        "Francesca Romano",
        "Luca Ferrari",
        "Chiara Colombo",
    ],
    "pt": [
        "Ana Beatriz Souza",
        "João Pedro Almeida",
        "Mariana Costa",
        "Rafael Oliveira",
        "Inês Carvalho",
    ],
    "nl": [
        "Sanne de Vries",
        "Daan Jansen",
        "Femke Bakker",
        "Joris van Dijk",
        "Lotte Visser",
    ],
    "pl": [
        "Agnieszka Kowalska",
        "Piotr Nowak",
        "Katarzyna Wiśniewska",
        "Tomasz Zieliński",
    ],
    "sv": ["Elin Lindqvist", "Oskar Bergström", "Maja Nyström", "Erik Holm"],
    "nb": ["Ingrid Haugen", "Magnus Solberg", "Sigrid Dahl"],
    "da": ["Mette Kristensen", "Rasmus Mikkelsen", "Freja Sørensen"],
    "fi": ["Aino Virtanen", "Mikko Korhonen", "Laura Mäkinen"],
    "et": ["Kadri Tamm", "Margus Saar"],
    "lt": ["Rūta Kazlauskienė", "Tomas Petrauskas"],
    "is": ["Guðrún Jónsdóttir", "Sigurður Ólafsson"],
    "hr": ["Ivana Horvat", "Marko Kovačević"],
    "sl": ["Nina Novak", "Jure Krajnc"],
    "cs": ["Tereza Dvořáková", "Jan Svoboda", "Petra Černá"],
    "sk": ["Zuzana Horváthová", "Martin Kováč"],
    "ro": ["Ioana Popescu", "Andrei Ionescu", "Elena Dumitru"],
    "bg": ["Мария Петрова", "Георги Иванов"],
    "el": ["Ελένη Παπαδοπούλου", "Νίκος Γεωργίου"],
    "tr": ["Ayşe Yılmaz", "Mehmet Demir", "Zeynep Kaya"],
    "uk": ["Олена Коваленко", "Андрій Шевченко"],
    "ru": ["Анна Смирнова", "Дмитрий Кузнецов", "Ольга Попова"],
    "he": ["נועה כהן", "יוסי לוי"],
    "ar": ["ليلى حسن", "محمد العلي", "سارة خالد"],
    "ja": ["佐藤 花子", "鈴木 一郎", "高橋 美咲"],
    "zh": ["王芳", "李伟", "张静"],
    "ko": ["김민지", "이준호", "박서연"],
    "hi": ["प्रिया शर्मा", "राहुल वर्मा"],
    "th": ["สมชาย ใจดี", "สุนิสา แก้วมณี"],
    "id": ["Siti Rahmawati", "Budi Santoso"],
    "ms": ["Nur Aisyah binti Ahmad", "Muhammad Hafiz bin Ismail"],
    "vi": ["Nguyễn Thị Lan", "Trần Văn Minh"],
    "ur": ["Ayesha Khan", "Bilal Ahmed"],
    "sw": ["Wanjiru Kamau", "Otieno Odhiambo"],
}

ID_FRAMES = {
    "en": [
        "{name}'s {doc} is {v} - needed for the payroll form.",
        "Customer {name} read out the {doc} over the phone: {v}",
        '{{"employee": "{name}", "{key}": "{v}", "status": "onboarding"}}',
        "Note to self: {doc} for {name} = {v} (verify against the scan).",
    ],
    "de": [
        "Die {doc} von {name} lautet {v}.",
        "Bitte für {name} die {doc} {v} im HR-System hinterlegen.",
    ],
    "fr": ["Le {doc} de {name} est {v}.", "{name} m'a transmis son {doc} : {v}"],
    "es": ["El {doc} de {name} es {v}.", "{name} me pasó su {doc}: {v}, para el alta."],
    "it": [
        "Il {doc} di {name} è {v}.",
        "Per {name} inserire {doc} {v} nel modulo F24.",
    ],
    "pt": [
        "O {doc} da cliente {name} é {v}.",
        "Cliente {name}, {doc} {v}, pediu reembolso.",
    ],
    "nl": ["Het {doc} van {name} is {v}.", "{name} stuurde haar {doc} door: {v}"],
    "pl": [
        "Pracownik {name}, {doc}: {v}.",
        "Klientka {name} podała {doc} {v} przy rejestracji.",
    ],
    "sv": ["{name}s {doc} är {v}.", "Registrera {name} med {doc} {v} i lönesystemet."],
    "nb": ["{doc} til {name} er {v}.", "Husk å legge inn {doc} {v} for {name}."],
    "da": ["{name}s {doc} er {v}.", "Opret {name} med {doc} {v}."],
    "fi": [
        "Henkilön {name} {doc} on {v}.",
        "{name}: {doc} {v}, lisää palkanlaskentaan.",
    ],
    "et": ["{name} {doc} on {v}.", "Töötaja {name}, {doc}: {v}"],
    "lt": ["{name} {doc}: {v}.", "Darbuotojo {name} {doc} yra {v}."],
    "is": ["{doc} hjá {name}: {v}", "{name} er með {doc} {v}."],
    "hr": ["{doc} za {name}: {v}", "{name} je poslala svoj {doc}: {v}."],
    "sl": ["{doc} osebe {name}: {v}", "{name} ima {doc} {v}."],
    "cs": ["{doc} paní {name}: {v}", "Zaměstnanec {name}, {doc} {v}."],
    "sk": ["{doc} pani {name}: {v}", "Klient {name} uviedol {doc} {v}."],
    "ro": ["{doc} lui {name} este {v}.", "Clientul {name} are {doc} {v}."],
    "bg": ["{doc} на {name} е {v}.", "Служител {name}, {doc}: {v}"],
    "el": ["Ο {doc} της {name} είναι {v}.", "Πελάτης {name}, {doc}: {v}"],
    "tr": [
        "{name} adlı müşterinin {doc} numarası {v}.",
        "{name} için {doc}: {v} (bordroya ekle)",
    ],
    "uk": ["{doc} {name}: {v}", "Мій {doc} — {v}, записала {name}."],
    "ru": [
        "{doc} клиента {name}: {v}",
        "Сотрудник {name}, {doc} {v}, оформить до пятницы.",
    ],
    "he": ["ה{doc} של {name} הוא {v}", "{name} שלחה את ה{doc}: {v}"],
    "ar": ["{doc} الخاص بـ {name} هو {v}", "العميلة {name} أرسلت {doc}: {v}"],
    "ja": [
        "{name}さんの{doc}は{v}です。",
        "{doc}（{name}）: {v} 給与システムに登録してください",
    ],
    "zh": ["{name}的{doc}是{v}。", "客户{name}，{doc}：{v}，请核对。"],
    "ko": ["{name}님의 {doc}는 {v}입니다.", "고객 {name} {doc}: {v} 확인 필요"],
    "hi": ["{name} का {doc} {v} है।", "{doc} ({name}): {v}"],
    "th": ["{doc}ของ{name}คือ {v}", "ลูกค้า {name} {doc}: {v}"],
    "id": ["{doc} milik {name} adalah {v}.", "Pelanggan {name}, {doc}: {v}"],
    "ms": ["{doc} {name} ialah {v}.", "Pekerja {name}, {doc}: {v}"],
    "vi": ["{doc} của {name} là {v}.", "Khách hàng {name}, {doc}: {v}"],
    "ur": ["{name} ka {doc} {v} hai.", "{doc} of {name}: {v}"],
    "sw": ["{doc} ya {name} ni {v}.", "Mteja {name}, {doc}: {v}"],
}


def sm(path: str):
    return importlib.import_module("stdnum." + path)


def brute(path: str, build, tries: int = 60000) -> str:
    mod = sm(path)
    for _ in range(tries):
        c = build()
        try:
            if mod.is_valid(c):
                return c
        except Exception:
            pass
    raise RuntimeError(f"could not generate {path}")


def yymmdd(t: dt.date) -> str:
    return t.strftime("%y%m%d")


def ddmmyy(t: dt.date) -> str:
    return t.strftime("%d%m%y")


def _b_fr_nir():
    t = rdate()
    return (
        f"{pick('12')}{t:%y%m}{pick(['75', '69', '13', '33', '59'])}{d(3)}{d(3)}{d(2)}"
    )


def _b_it_cf():
    t = rdate()
    mc = "ABCDEHLMPRST"[t.month - 1]
    day = t.day + pick([0, 40])
    return f"{rs('BCDFGLMNPRSTVZ', 3)}{rs('BCDFGLMNPRSTVZ', 3)}{t:%y}{mc}{day:02d}{pick(['H501', 'F205', 'L219', 'G273', 'A662'])}{pick(UP)}"


def _b_mx_curp():
    t = rdate()
    return f"{pick('BCGHLMNPRS')}{pick('AEIOU')}{rs('BCDGLMNPRST', 2)}{yymmdd(t)}{pick('HM')}{pick(['DF', 'JC', 'NL', 'PL', 'VZ'])}{rs('BCDFGLMNPRSTVZ', 3)}{'0' if t.year < 2000 else 'A'}{d(1)}"


def _b_mx_rfc():
    t = rdate()
    return f"{pick('BCGHLMNPRS')}{pick('AEIOU')}{rs('BCDGLMNPRST', 2)}{yymmdd(t)}{rs(UP + DIG, 2)}{d(1)}"


def _b_kr_rrn():
    t = rdate(1950, 1999)
    return f"{yymmdd(t)}{pick('12')}{R.randint(0, 8):02d}{d(2)}{d(1)}{d(1)}"


def _b_za():
    t = rdate()
    return f"{yymmdd(t)}{d(4)}0{pick('89')}{d(1)}"


def _b_cn():
    t = rdate()
    return f"{pick(['110101', '310104', '440106', '510107'])}{t:%Y%m%d}{d(3)}{pick(DIG + 'X')}"


def _b_my():
    t = rdate()
    return f"{yymmdd(t)}{pick(['01', '10', '14', '08'])}{d(4)}"


def _b_nik():
    t = rdate()
    day = t.day + pick([0, 40])
    return f"{pick(['3171', '3273', '3578', '5171'])}{R.randint(1, 9):02d}{day:02d}{t:%m%y}{R.randint(1, 60):04d}"


def _b_mu():
    t = rdate()
    return f"{pick(UP)}{ddmmyy(t)}{d(6)}{pick(UP + DIG)}"


def _b_ee():
    t = rdate(1950, 1999)
    return f"{pick('34')}{yymmdd(t)}{d(3)}{d(1)}"


def _b_ro():
    t = rdate(1950, 1999)
    return f"{pick('12')}{yymmdd(t)}{R.randint(1, 40):02d}{d(3)}{d(1)}"


def _b_si():
    t = rdate(1950, 1999)
    return f"{t:%d%m}{t.year % 1000:03d}50{d(3)}{d(1)}"


def _b_kt():
    t = rdate(1950, 1999)
    return f"{ddmmyy(t)}{d(2)}{d(1)}9"


def _b_cz():
    t = rdate(1960, 1999)
    m = t.month + pick([0, 50])
    return f"{t:%y}{m:02d}{t:%d}/{d(4)}"


def _b_cu():
    t = rdate(1950, 1999)
    return f"{yymmdd(t)}{d(5)}"


def _b_hetu():
    t = rdate(1950, 1999)
    return (
        f"{ddmmyy(t)}-{R.randint(2, 899):03d}{pick('0123456789ABCDEFHJKLMNPRSTUVWXY')}"
    )


def _b_at_vnr():
    t = rdate()
    return f"{R.randint(1, 9)}{d(2)}{d(1)}{ddmmyy(t)}"


# type: (stdnum path or None, builder, lang, doc name, json key)
ID_TYPES: list[tuple] = [
    ("de.idnr", lambda: pick("123456789") + d(10), "de", "Steuer-ID", "steuer_id"),
    ("fr.nir", _b_fr_nir, "fr", "numéro de sécurité sociale", "nir"),
    ("es.dni", lambda: d(8) + pick(UP), "es", "DNI", "dni"),
    ("es.nie", lambda: pick("XYZ") + d(7) + pick(UP), "es", "NIE", "nie"),
    ("pt.nif", lambda: pick("123") + d(8), "pt", "NIF", "nif"),
    ("nl.bsn", lambda: pick("1234567") + d(8), "nl", "BSN", "bsn"),
    (
        "be.nn",
        lambda: yymmdd(rdate(1950, 1999)) + d(3) + d(2),
        "nl",
        "rijksregisternummer",
        "rrn",
    ),
    (
        "pl.pesel",
        lambda: yymmdd(rdate(1950, 1999)) + d(4) + d(1),
        "pl",
        "PESEL",
        "pesel",
    ),
    ("cz.rc", _b_cz, "cs", "rodné číslo", "rodne_cislo"),
    ("sk.rc", _b_cz, "sk", "rodné číslo", "rodne_cislo"),
    ("ro.cnp", _b_ro, "ro", "CNP", "cnp"),
    ("bg.egn", lambda: yymmdd(rdate(1950, 1999)) + d(4), "bg", "ЕГН", "egn"),
    ("gr.amka", lambda: ddmmyy(rdate(1950, 1999)) + d(5), "el", "ΑΜΚΑ", "amka"),
    (
        "se.personnummer",
        lambda: yymmdd(rdate(1950, 1999)) + "-" + d(4),
        "sv",
        "personnummer",
        "personnummer",
    ),
    (
        "no.fodselsnummer",
        lambda: ddmmyy(rdate(1950, 1999)) + d(5),
        "nb",
        "fødselsnummer",
        "fnr",
    ),
    (
        "dk.cpr",
        lambda: ddmmyy(rdate(1950, 1999)) + "-" + d(4),
        "da",
        "CPR-nummer",
        "cpr",
    ),
    ("fi.hetu", _b_hetu, "fi", "henkilötunnus", "hetu"),
    ("ee.ik", _b_ee, "et", "isikukood", "isikukood"),
    ("lt.asmens", _b_ee, "lt", "asmens kodas", "asmens_kodas"),
    ("is_.kennitala", _b_kt, "is", "kennitala", "kennitala"),
    ("hr.oib", lambda: pick("123456789") + d(10), "hr", "OIB", "oib"),
    ("si.emso", _b_si, "sl", "EMŠO", "emso"),
    ("ch.ssn", lambda: "756" + d(10), "de", "AHV-Nummer", "ahv_nr"),
    ("at.vnr", _b_at_vnr, "de", "Sozialversicherungsnummer", "svnr"),
    ("ie.pps", lambda: d(7) + pick(UP[:23]), "en", "PPS number", "pps"),
    ("it.codicefiscale", _b_it_cf, "it", "codice fiscale", "codice_fiscale"),
    ("gb.nhs", lambda: pick("4689") + d(9), "en", "NHS number", "nhs_number"),
    ("gb.utr", lambda: pick("123456789") + d(9), "en", "UTR", "utr"),
    ("tr.tckimlik", lambda: pick("123456789") + d(10), "tr", "T.C. kimlik", "tckn"),
    ("ua.rntrc", lambda: pick("123") + d(9), "uk", "РНОКПП", "rnokpp"),
    ("ru.inn", lambda: pick(["77", "78", "50", "54"]) + d(10), "ru", "ИНН", "inn"),
    ("il.idnr", lambda: pick("0123") + d(8), "he", "תעודת זהות", "teudat_zehut"),
    (
        "us.ssn",
        lambda: (
            f"{R.randint(101, 665):03d}-{R.randint(10, 99)}-{R.randint(1000, 9999)}"
        ),
        "en",
        "SSN",
        "ssn",
    ),
    (
        "us.itin",
        lambda: f"9{d(2)}-{pick(['70', '71', '78', '80', '88', '92'])}-{d(4)}",
        "en",
        "ITIN",
        "itin",
    ),
    ("ca.sin", lambda: pick("1234567") + d(8), "en", "SIN", "sin"),
    ("br.cpf", lambda: pick("123456789") + d(10), "pt", "CPF", "cpf"),
    ("mx.curp", _b_mx_curp, "es", "CURP", "curp"),
    ("mx.rfc", _b_mx_rfc, "es", "RFC", "rfc"),
    ("ar.cuit", lambda: pick(["20", "23", "27"]) + d(8) + d(1), "es", "CUIL", "cuil"),
    (
        "cl.rut",
        lambda: str(R.randint(8, 25)) + d(6) + pick(DIG + "K"),
        "es",
        "RUT",
        "rut",
    ),
    ("pe.cui", lambda: pick("1234567") + d(7) + d(1), "es", "DNI (CUI)", "dni"),
    (
        "ec.ci",
        lambda: f"{R.randint(1, 24):02d}{R.randint(0, 5)}{d(7)}",
        "es",
        "cédula",
        "cedula",
    ),
    ("ve.rif", lambda: "V" + pick("12") + d(7) + d(1), "es", "RIF", "rif"),
    (
        "cr.cpf",
        lambda: f"0{R.randint(1, 7)}{d(4)}{d(4)}",
        "es",
        "cédula de identidad",
        "cedula",
    ),
    ("do.cedula", lambda: pick(["001", "402", "223"]) + d(8), "es", "cédula", "cedula"),
    ("cu.ni", _b_cu, "es", "carné de identidad", "ci"),
    ("cn.ric", _b_cn, "zh", "居民身份证号", "id_card"),
    ("in_.aadhaar", lambda: pick("23456789") + d(11), "hi", "आधार नंबर", "aadhaar"),
    (
        "in_.pan",
        lambda: rs(UP, 3) + "P" + pick(UP) + d(4) + pick(UP),
        "en",
        "PAN",
        "pan",
    ),
    ("jp.in_", lambda: d(12), "ja", "マイナンバー", "my_number"),
    ("kr.rrn", _b_kr_rrn, "ko", "주민등록번호", "rrn"),
    ("my.nric", _b_my, "ms", "No. MyKad", "nric"),
    ("th.pin", lambda: pick("1358") + d(12), "th", "เลขประจำตัวประชาชน", "citizen_id"),
    ("id.nik", _b_nik, "id", "NIK", "nik"),
    ("pk.cnic", lambda: pick("34567") + d(12), "ur", "CNIC", "cnic"),
    ("za.idnr", _b_za, "en", "SA ID number", "id_number"),
    ("ke.pin", lambda: "A" + d(9) + pick(UP), "sw", "KRA PIN", "kra_pin"),
    ("mu.nid", _b_mu, "en", "National Identity Card number", "nic"),
    ("au.tfn", lambda: d(9), "en", "TFN", "tfn"),
    ("nz.ird", lambda: pick("1") + d(8), "en", "IRD number", "ird"),
    ("ca.bc_phn", lambda: "9" + d(9), "en", "BC PHN", "phn"),
    ("vn.mst", lambda: "0" + d(9), "vi", "mã số thuế cá nhân", "mst"),
    ("eg.tn", lambda: d(9), "ar", "الرقم الضريبي", "tax_no"),
]


def fmt_id(path: str, v: str) -> str:
    mod = sm(path)
    if hasattr(mod, "format") and R.random() < 0.6:
        try:
            return mod.format(v)
        except Exception:
            return v
    return mod.compact(v)


def pii_id(idx: int):
    path, build, lang, doc, key = ID_TYPES[idx]
    raw = brute(path, build)
    v = fmt_id(path, raw)
    lg = lang if R.random() < 0.8 else "en"
    frame = pick(ID_FRAMES[lg])
    name = pick(NAMES[lang] if lang in NAMES else NAMES["en"])
    if lg == "en" and lang != "en":
        doc = f"{doc} ({path.split('.')[0].rstrip('_').upper()})"
    text = frame.format(name=name, doc=doc, key=key, v=v)
    return (
        path.replace("in_.", "in.").replace("is_.", "is.").rstrip("_"),
        f"id.{lg}",
        text,
        v,
    )


def pii_uk_nino():
    v = f"{pick(['AB', 'JG', 'NE', 'SK', 'WL', 'PR'])} {d(2)} {d(2)} {d(2)} {pick('ABCD')}"
    text = pick(
        [
            f"HMRC letter for {pick(NAMES['en'])}: National Insurance number {v}.",
            f"New starter form - NI no. {v}, tax code 1257L",
        ]
    )
    return "gb.nino", "id.gb_nino", text, v


# ----------------------------------------------------------------------------- phones
PHONE_C = [
    ("US", "en"),
    ("CA", "en"),
    ("MX", "es"),
    ("BR", "pt"),
    ("AR", "es"),
    ("CL", "es"),
    ("CO", "es"),
    ("PE", "es"),
    ("GB", "en"),
    ("IE", "en"),
    ("DE", "de"),
    ("FR", "fr"),
    ("ES", "es"),
    ("IT", "it"),
    ("PT", "pt"),
    ("NL", "nl"),
    ("BE", "fr"),
    ("CH", "de"),
    ("AT", "de"),
    ("PL", "pl"),
    ("SE", "sv"),
    ("NO", "nb"),
    ("DK", "da"),
    ("FI", "fi"),
    ("CZ", "cs"),
    ("RO", "ro"),
    ("GR", "el"),
    ("TR", "tr"),
    ("RU", "ru"),
    ("UA", "uk"),
    ("IL", "he"),
    ("AE", "ar"),
    ("SA", "ar"),
    ("EG", "ar"),
    ("ZA", "en"),
    ("NG", "en"),
    ("KE", "sw"),
    ("MA", "fr"),
    ("IN", "hi"),
    ("PK", "ur"),
    ("CN", "zh"),
    ("JP", "ja"),
    ("KR", "ko"),
    ("TW", "zh"),
    ("HK", "zh"),
    ("SG", "en"),
    ("MY", "ms"),
    ("TH", "th"),
    ("ID", "id"),
    ("VN", "vi"),
    ("PH", "en"),
    ("AU", "en"),
    ("NZ", "en"),
]
PHONE_FRAMES = {
    "en": [
        "Call me on {v} after 6pm.",
        "Her mobile is {v}, text before calling.",
        "Contact: {name}, tel. {v}",
    ],
    "de": ["Ruf mich unter {v} an.", "Handynummer von {name}: {v}"],
    "fr": ["Tu peux me joindre au {v}.", "Portable de {name} : {v}"],
    "es": ["Mi celular es {v}, escríbeme por WhatsApp.", "Teléfono de {name}: {v}"],
    "it": ["Il mio cellulare è {v}.", "Numero di {name}: {v}"],
    "pt": ["Meu celular: {v}", "O telefone da {name} é {v}."],
    "nl": ["Bel me op {v}.", "Mobiel nummer van {name}: {v}"],
    "pl": ["Mój numer to {v}.", "Telefon do {name}: {v}"],
    "sv": ["Ring mig på {v}.", "{name}s mobil: {v}"],
    "nb": ["Ring meg på {v}.", "Mobilnummeret til {name} er {v}"],
    "da": ["Ring til mig på {v}.", "{name}s mobil: {v}"],
    "fi": ["Soita minulle numeroon {v}.", "{name}, puh. {v}"],
    "cs": ["Zavolejte mi na {v}.", "Telefon paní {name}: {v}"],
    "ro": ["Mă puteți suna la {v}.", "Telefonul lui {name}: {v}"],
    "el": ["Καλέστε με στο {v}.", "Κινητό {name}: {v}"],
    "tr": ["Beni {v} numarasından arayabilirsin.", "{name} cep: {v}"],
    "ru": ["Мой номер {v}, звоните после обеда.", "Телефон {name}: {v}"],
    "uk": ["Мій номер {v}.", "Телефон {name}: {v}"],
    "he": ["אפשר להתקשר אליי ל-{v}", "הטלפון של {name}: {v}"],
    "ar": ["رقم جوالي {v}", "هاتف {name}: {v}"],
    "sw": ["Nipigie kwa {v}.", "Simu ya {name}: {v}"],
    "hi": ["मेरा मोबाइल नंबर {v} है।", "{name} का फ़ोन: {v}"],
    "ur": ["Mera number {v} hai.", "{name} ka phone: {v}"],
    "zh": ["我的手机号是{v}。", "{name}电话：{v}"],
    "ja": ["携帯番号は{v}です。", "{name}さんの電話: {v}"],
    "ko": ["제 번호는 {v}입니다.", "{name} 연락처: {v}"],
    "ms": ["Nombor telefon saya {v}.", "Telefon {name}: {v}"],
    "th": ["เบอร์โทรของฉันคือ {v}", "โทร {name}: {v}"],
    "id": ["Nomor HP saya {v}.", "Telepon {name}: {v}"],
    "vi": ["Số điện thoại của tôi là {v}.", "SĐT {name}: {v}"],
}


def gen_phone(cc: str) -> str:
    ex = phonenumbers.example_number_for_type(cc, phonenumbers.PhoneNumberType.MOBILE)
    nsn = phonenumbers.national_significant_number(ex)
    for _ in range(500):
        k = min(6, len(nsn) - 2)
        cand = nsn[:-k] + d(k)
        num = phonenumbers.parse("+" + str(ex.country_code) + cand, None)
        if phonenumbers.is_valid_number(num) and cand != nsn:
            f = pick(
                [
                    phonenumbers.PhoneNumberFormat.NATIONAL,
                    phonenumbers.PhoneNumberFormat.INTERNATIONAL,
                    phonenumbers.PhoneNumberFormat.E164,
                    phonenumbers.PhoneNumberFormat.INTERNATIONAL,
                ]
            )
            return phonenumbers.format_number(num, f)
    raise RuntimeError(cc)


def pii_phone(i: int):
    cc, lang = PHONE_C[i % len(PHONE_C)]
    v = gen_phone(cc)
    name = pick(NAMES.get(lang, NAMES["en"]))
    kind = pick(["frame", "frame", "json", "sig"])
    if kind == "json":
        text = json.dumps(
            {"contact": name, "phone": v, "country": cc}, ensure_ascii=False
        )
    elif kind == "sig":
        text = f"Best regards,\n{name}\nMobile: {v}"
    else:
        text = pick(PHONE_FRAMES[lang]).format(v=v, name=name)
    return "phone", f"phone.{kind}.{cc.lower()}", text, v


# ----------------------------------------------------------------------------- emails
ASCII_LOCAL = {
    "en": ["emily.carter", "jogrant88", "sarah.whitfield", "mike_oneill"],
    "de": ["jana.mueller", "l.schneider", "katrin.hoffmann79"],
    "fr": ["camille.dubois", "julien.moreau12"],
    "es": ["lucia.fdez", "javi.ortega"],
    "it": ["giulia.bianchi", "marco.esposito90"],
    "pt": ["anabsouza", "joaopedro.almeida"],
    "ru": ["anna.smirnova", "d.kuznetsov"],
    "ja": ["hanako.sato", "ichiro.suzuki"],
    "zh": ["wangfang1988", "li.wei"],
    "ko": ["minji.kim", "junho.lee"],
    "tr": ["ayse.yilmaz", "mehmetdemir"],
    "pl": ["a.kowalska", "piotr.nowak"],
    "nl": ["sanne.devries", "daanjansen"],
}
DOMAINS = {
    "en": ["gmail.com", "outlook.com", "icloud.com", "yahoo.co.uk"],
    "de": ["web.de", "gmx.de", "t-online.de"],
    "fr": ["free.fr", "orange.fr", "laposte.net"],
    "es": ["hotmail.es", "gmail.com"],
    "it": ["libero.it", "virgilio.it"],
    "pt": ["uol.com.br", "bol.com.br", "sapo.pt"],
    "ru": ["yandex.ru", "mail.ru"],
    "ja": ["docomo.ne.jp", "yahoo.co.jp"],
    "zh": ["qq.com", "163.com"],
    "ko": ["naver.com", "daum.net"],
    "tr": ["hotmail.com.tr", "gmail.com"],
    "pl": ["wp.pl", "onet.pl"],
    "nl": ["ziggo.nl", "kpnmail.nl"],
}
EMAIL_FRAMES = {
    "en": [
        "Please reply to {v} instead of my work address.",
        "From: {name} <{v}>",
        "contact_email={v}",
    ],
    "de": ["Schick die Unterlagen bitte an {v}.", "Private Mail von {name}: {v}"],
    "fr": ["Mon adresse perso : {v}", "Écrivez à {name} ({v})."],
    "es": ["Mi correo es {v}.", "Correo de {name}: {v}"],
    "it": ["La mia email è {v}.", "Scrivere a {name}: {v}"],
    "pt": ["Meu e-mail é {v}.", "E-mail da {name}: {v}"],
    "ru": ["Моя почта: {v}", "Почта {name}: {v}"],
    "ja": ["連絡先メール: {v}", "{name}さんのメールは{v}です。"],
    "zh": ["我的邮箱是{v}", "{name}的邮箱：{v}"],
    "ko": ["제 이메일은 {v}입니다.", "{name} 이메일: {v}"],
    "tr": ["E-posta adresim {v}.", "{name} e-posta: {v}"],
    "pl": ["Mój e-mail: {v}", "Adres e-mail {name}: {v}"],
    "nl": ["Mijn e-mailadres is {v}.", "Mail van {name}: {v}"],
}


def pii_email(i: int):
    lang = list(EMAIL_FRAMES)[i % len(EMAIL_FRAMES)]
    v = f"{pick(ASCII_LOCAL[lang])}{pick(['', '', str(R.randint(1, 99))])}@{pick(DOMAINS[lang])}"
    name = pick(NAMES[lang])
    text = pick(EMAIL_FRAMES[lang]).format(v=v, name=name)
    return "email", f"email.{lang}", text, v


# ----------------------------------------------------------------------------- cards
KNOWN_TEST_CARDS = {
    "4242424242424242",
    "4111111111111111",
    "5555555555554444",
    "378282246310005",
}


def gen_card() -> tuple[str, str]:
    brand, pre, n = pick(
        [
            ("visa", "4" + d(5), 16),
            ("mastercard", str(R.randint(51, 55)) + d(4), 16),
            ("mastercard", "2" + str(R.randint(221, 720)) + d(2), 16),
            ("amex", pick(["34", "37"]) + d(4), 15),
            ("discover", "6011" + d(2), 16),
            ("jcb", "35" + str(R.randint(28, 89)) + d(2), 16),
            ("unionpay", "62" + d(4), 16),
        ]
    )
    while True:
        body = pre + d(n - len(pre) - 1)
        num = body + luhn.calc_check_digit(body)
        if num not in KNOWN_TEST_CARDS and "0000" not in num:
            break
    if brand == "amex":
        grp = [num[:4], num[4:10], num[10:]]
    else:
        grp = [num[i : i + 4] for i in range(0, 16, 4)]
    sep = pick([" ", "-", "", " "])
    return brand, sep.join(grp)


CARD_FRAMES = [
    ("en", "Card on file for {name}: {v}, exp {exp}"),
    ("en", "pay with my {brand} {v} exp {exp} cvv {cvv}"),
    ("de", "Kreditkarte: {v}, gültig bis {exp}"),
    ("fr", "Ma carte bancaire : {v} (exp. {exp})"),
    ("es", "Número de tarjeta: {v} vence {exp}"),
    ("pt", "Cartão de crédito {v}, validade {exp}"),
    ("it", "Carta di credito {v} scadenza {exp}"),
    ("ja", "クレジットカード番号：{v} 有効期限 {exp}"),
    ("zh", "信用卡号 {v}，有效期 {exp}"),
    ("ru", "Номер карты {v}, срок {exp}"),
    ("tr", "Kart numaram {v}, SKT {exp}"),
    ("nl", "Creditcard {v}, geldig tot {exp}"),
]


def pii_card(i: int):
    brand, v = gen_card()
    lang, fr = CARD_FRAMES[i % len(CARD_FRAMES)]
    exp = f"{R.randint(1, 12):02d}/{R.randint(26, 31)}"
    text = fr.format(
        v=v, exp=exp, cvv=d(3), brand=brand.upper(), name=pick(NAMES[lang])
    )
    return "card", f"card.{lang}", text, v


# ----------------------------------------------------------------------------- iban
IBAN_C = [
    ("DE", "de", "Bitte überweise auf mein Konto {v} (Sparkasse)."),
    ("FR", "fr", "RIB de {name} : IBAN {v}"),
    ("ES", "es", "Mi IBAN es {v}, titular {name}."),
    ("IT", "it", "IBAN per il rimborso: {v} intestato a {name}"),
    ("NL", "nl", "Mijn rekeningnummer: {v}"),
    ("BE", "fr", "Compte de {name} : {v}"),
    ("GB", "en", "Refund to {name}, IBAN {v}"),
    ("IE", "en", "Salary account for {name}: {v}"),
    ("CH", "de", "Lohnkonto {name}: {v}"),
    ("AT", "de", "Kontonummer (IBAN) von {name}: {v}"),
    ("PL", "pl", "Numer konta {name}: {v}"),
    ("SE", "sv", "{name}s bankkonto: {v}"),
    ("NO", "nb", "Kontonummer til {name}: {v}"),
    ("DK", "da", "{name}s konto: {v}"),
    ("FI", "fi", "Tilinumero: {v} ({name})"),
    ("PT", "pt", "NIB/IBAN da {name}: {v}"),
    ("CZ", "cs", "Číslo účtu {name}: {v}"),
    ("RO", "ro", "Contul lui {name}: {v}"),
    ("GR", "el", "IBAN {name}: {v}"),
    ("TR", "tr", "{name} IBAN: {v}"),
    ("HR", "hr", "IBAN za {name}: {v}"),
    ("BG", "bg", "Банкова сметка на {name}: {v}"),
    ("SA", "ar", "رقم الآيبان الخاص بـ {name}: {v}"),
    ("AE", "ar", "آيبان {name}: {v}"),
    ("IL", "he", "מספר IBAN של {name}: {v}"),
    ("BR", "pt", "Conta internacional da {name}: {v}"),
    ("UA", "uk", "Рахунок {name}: {v}"),
    ("LU", "fr", "IBAN de {name} : {v}"),
]


def gen_iban(cc: str) -> str:
    info = std_iban._ibandb.info(cc + "00")[0][1]["bban"]
    import re

    parts = re.findall(r"(\d+)!?([nac])", info)
    for _ in range(20000):
        bban = "".join(
            rs({"n": DIG, "a": UP, "c": UP + DIG}[t], int(k)) for k, t in parts
        )
        cand = cc + "00" + bban
        chk = std_iban.calc_check_digits(cand)
        full = cc + chk + bban
        if std_iban.is_valid(full):
            return full
    raise RuntimeError(cc)


def pii_iban(i: int):
    cc, lang, fr = IBAN_C[i % len(IBAN_C)]
    raw = gen_iban(cc)
    v = std_iban.format(raw) if R.random() < 0.6 else raw
    text = fr.format(v=v, name=pick(NAMES.get(lang, NAMES["en"])))
    return "iban", f"iban.{cc.lower()}", text, v


# ----------------------------------------------------------------------------- passports
def mrz_check(s: str) -> str:
    w = [7, 3, 1]
    tot = 0
    for i, ch in enumerate(s):
        if ch.isdigit():
            val = int(ch)
        elif ch.isalpha():
            val = ord(ch) - 55
        else:
            val = 0
        tot += val * w[i % 3]
    return str(tot % 10)


PASSPORTS = [
    (
        "DEU",
        "de",
        lambda: pick("CFGHJK") + rs("CFGHJKLMNPRTVWXYZ0123456789", 8),
        "Reisepassnummer von {name}: {v}",
    ),
    ("USA", "en", lambda: pick("56A") + d(8), "{name}'s passport no. {v}, exp 2031"),
    ("GBR", "en", lambda: "1" + d(8), "UK passport number for {name}: {v}"),
    (
        "FRA",
        "fr",
        lambda: d(2) + rs(UP, 2) + d(5),
        "Numéro de passeport de {name} : {v}",
    ),
    ("ITA", "it", lambda: rs(UP, 2) + d(7), "Passaporto di {name} n. {v}"),
    ("ESP", "es", lambda: rs(UP, 3) + d(6), "Pasaporte de {name}: {v}"),
    ("IND", "hi", lambda: pick("JKLMNPRSTZ") + d(7), "{name} का पासपोर्ट नंबर {v} है"),
    ("CHN", "zh", lambda: "E" + d(8), "{name}的护照号码：{v}"),
    (
        "JPN",
        "ja",
        lambda: pick(["TK", "TR", "MZ"]) + d(7),
        "{name}さんの旅券番号は{v}です",
    ),
    ("KOR", "ko", lambda: "M" + d(8), "{name} 여권번호 {v}"),
    ("BRA", "pt", lambda: rs(UP, 2) + d(6), "Passaporte da {name}: {v}"),
    ("RUS", "ru", lambda: d(2) + " " + d(7), "Загранпаспорт {name}: {v}"),
    ("TUR", "tr", lambda: "U" + d(8), "{name} pasaport no: {v}"),
    (
        "NLD",
        "nl",
        lambda: (
            rs("BCDFGHJKLMNPRSTVWXYZ", 2)
            + rs("BCDFGHJKLMNPRSTVWXYZ0123456789", 6)
            + d(1)
        ),
        "Paspoortnummer {name}: {v}",
    ),
    ("POL", "pl", lambda: rs(UP, 2) + d(7), "Paszport {name}: {v}"),
    ("MEX", "es", lambda: "G" + d(8), "Pasaporte mexicano de {name}: {v}"),
]


def pii_passport(i: int):
    cc, lang, build, fr = PASSPORTS[i % len(PASSPORTS)]
    v = build()
    name = pick(NAMES[lang])
    if i % 5 == 4 and " " not in v:
        # ICAO TD3 machine readable zone with real check digits
        num = (v + "<" * 9)[:9]
        dob = rdate(1955, 2000)
        exp = dt.date(R.randint(2027, 2034), R.randint(1, 12), R.randint(1, 28))
        sur = (
            "".join(
                ch
                for ch in pick(ASCII_LOCAL["en"]).split(".")[-1].upper()
                if ch.isalpha()
            )
            or "SMITH"
        )
        l1 = f"P<{cc}{sur}<<{pick(['ANNA', 'JOHN', 'MARIA', 'LEE'])}"
        l1 = (l1 + "<" * 44)[:44]
        p1 = num + mrz_check(num)
        p2 = dob.strftime("%y%m%d")
        p2 += mrz_check(p2)
        p3 = exp.strftime("%y%m%d")
        p3 += mrz_check(p3)
        personal = "<" * 14
        l2 = p1 + cc + p2 + pick("MF") + p3 + personal + "<"
        l2 = l2 + mrz_check(p1 + p2 + p3 + personal + "<")
        text = f"scan of passport page (OCR):\n{l1}\n{l2}"
        return "passport", f"passport.mrz.{cc.lower()}", text, l2[:9].rstrip("<")
    return "passport", f"passport.{cc.lower()}", fr.format(v=v, name=name), v


# ----------------------------------------------------------------------------- addresses and dob
ADDRS = [
    (
        "de",
        lambda: (
            f"{pick(['Lindenstraße', 'Am Mühlbach', 'Goethestr.', 'Rosenweg'])} {R.randint(1, 120)}, {R.randint(10115, 99998)} {pick(['Leipzig', 'Bochum', 'Freiburg'])}"
        ),
        "Ich wohne jetzt in der {v}, bitte Post dorthin.",
    ),
    (
        "en",
        lambda: (
            f"{R.randint(1, 240)} {pick(['Maple Avenue', 'Elm Street', 'Birchwood Drive'])}, Apt {R.randint(1, 40)}, {pick(['Columbus, OH 43215', 'Austin, TX 78704', 'Portland, OR 97214'])}"
        ),
        "{name}'s home address: {v}",
    ),
    (
        "en",
        lambda: (
            f"Flat {R.randint(1, 30)}, {R.randint(2, 99)} {pick(['Victoria Road', 'Kingsley Close', 'Mill Lane'])}, {pick(['Leeds LS6 2AB', 'Bristol BS7 8QT', 'Manchester M20 4WF'])}"
        ),
        "I've moved - new home address is {v}.",
    ),
    (
        "fr",
        lambda: (
            f"{R.randint(1, 90)} rue {pick(['des Lilas', 'Victor Hugo', 'de la Paix'])}, {pick(['69003 Lyon', '31000 Toulouse', '44000 Nantes'])}"
        ),
        "{name} habite au {v}.",
    ),
    (
        "es",
        lambda: (
            f"Calle {pick(['Mayor', 'de Alcalá', 'Real'])} {R.randint(1, 200)}, {R.randint(1, 8)}º {pick('ABCD')}, {pick(['28014 Madrid', '41001 Sevilla', '46002 Valencia'])}"
        ),
        "Mi domicilio: {v}",
    ),
    (
        "it",
        lambda: (
            f"Via {pick(['Garibaldi', 'Roma', 'dei Mille'])} {R.randint(1, 150)}, {pick(['20121 Milano', '50122 Firenze', '80133 Napoli'])}"
        ),
        "{name} abita in {v}.",
    ),
    (
        "pt",
        lambda: (
            f"Rua {pick(['das Flores', 'Augusta', 'do Sol'])}, {R.randint(1, 900)}, apto {R.randint(11, 99)}, {pick(['São Paulo - SP, 01310-100', 'Lisboa 1100-038'])}"
        ),
        "Endereço residencial da {name}: {v}",
    ),
    (
        "nl",
        lambda: (
            f"{pick(['Kerkstraat', 'Prinsengracht', 'Dorpsweg'])} {R.randint(1, 300)}, {R.randint(1011, 9999)} {pick(['AB', 'KL', 'TX'])} {pick(['Utrecht', 'Amsterdam', 'Groningen'])}"
        ),
        "Woonadres van {name}: {v}",
    ),
    (
        "pl",
        lambda: (
            f"ul. {pick(['Długa', 'Kwiatowa', 'Mickiewicza'])} {R.randint(1, 80)}/{R.randint(1, 40)}, {pick(['00-950 Warszawa', '30-001 Kraków'])}"
        ),
        "Adres zamieszkania {name}: {v}",
    ),
    (
        "ja",
        lambda: (
            f"〒{d(3)}-{d(4)} 東京都{pick(['世田谷区', '杉並区', '練馬区'])}{pick(['北沢', '阿佐谷南', '豊玉北'])}{R.randint(1, 5)}-{R.randint(1, 30)}-{R.randint(1, 20)}"
        ),
        "{name}さんの自宅住所: {v}",
    ),
    (
        "zh",
        lambda: (
            f"上海市{pick(['徐汇区', '浦东新区'])}{pick(['衡山路', '世纪大道'])}{R.randint(1, 999)}弄{R.randint(1, 30)}号{R.randint(101, 2202)}室"
        ),
        "{name}家住{v}",
    ),
    (
        "ru",
        lambda: (
            f"г. {pick(['Казань', 'Москва', 'Самара'])}, ул. {pick(['Ленина', 'Пушкина', 'Садовая'])}, д. {R.randint(1, 90)}, кв. {R.randint(1, 200)}"
        ),
        "Домашний адрес {name}: {v}",
    ),
    (
        "tr",
        lambda: (
            f"{pick(['Atatürk Cad.', 'Bağdat Cad.'])} No:{R.randint(1, 200)} D:{R.randint(1, 20)}, {pick(['Kadıköy/İstanbul', 'Çankaya/Ankara'])}"
        ),
        "{name} ev adresi: {v}",
    ),
    (
        "ko",
        lambda: (
            f"서울특별시 {pick(['마포구', '송파구'])} {pick(['월드컵로', '올림픽로'])} {R.randint(1, 300)}, {R.randint(101, 120)}동 {R.randint(101, 1504)}호"
        ),
        "{name}님 집 주소: {v}",
    ),
    (
        "ar",
        lambda: (
            f"شارع {pick(['الملك فهد', 'التحلية'])}، مبنى {R.randint(1, 90)}، شقة {R.randint(1, 30)}، {pick(['الرياض', 'جدة'])}"
        ),
        "عنوان منزل {name}: {v}",
    ),
    (
        "sv",
        lambda: (
            f"{pick(['Storgatan', 'Björkvägen'])} {R.randint(1, 60)}, {R.randint(111, 984)} {R.randint(10, 99)} {pick(['Uppsala', 'Malmö'])}"
        ),
        "{name} bor på {v}.",
    ),
]

DOB_FRAMES = [
    (
        "en",
        lambda t: t.strftime("%d/%m/%Y"),
        "Patient {name}, DOB {v}, allergic to penicillin.",
    ),
    (
        "en",
        lambda t: t.strftime("%B %d, %Y").replace(" 0", " "),
        "{name} was born on {v}.",
    ),
    ("de", lambda t: t.strftime("%d.%m.%Y"), "Geburtsdatum von {name}: {v}"),
    ("fr", lambda t: t.strftime("%d/%m/%Y"), "{name}, née le {v} à Lyon."),
    ("es", lambda t: t.strftime("%d-%m-%Y"), "Fecha de nacimiento de {name}: {v}"),
    ("it", lambda t: t.strftime("%d/%m/%Y"), "{name}, nata il {v}"),
    ("pt", lambda t: t.strftime("%d/%m/%Y"), "Data de nascimento da {name}: {v}"),
    (
        "ja",
        lambda t: f"{t.year}年{t.month}月{t.day}日",
        "{name}さんの生年月日は{v}です。",
    ),
    ("zh", lambda t: f"{t.year}年{t.month}月{t.day}日", "{name}，出生日期{v}"),
    ("ko", lambda t: f"{t.year}년 {t.month}월 {t.day}일", "{name}님 생년월일: {v}"),
    ("ru", lambda t: t.strftime("%d.%m.%Y"), "{name}, дата рождения {v}"),
    ("pl", lambda t: t.strftime("%d.%m.%Y"), "Data urodzenia {name}: {v}"),
    ("nl", lambda t: t.strftime("%d-%m-%Y"), "Geboortedatum {name}: {v}"),
    ("tr", lambda t: t.strftime("%d.%m.%Y"), "{name} doğum tarihi: {v}"),
    ("en", lambda t: t.isoformat(), '{{"member": "{name}", "date_of_birth": "{v}"}}'),
]


def pii_address(i: int):
    lang, build, fr = ADDRS[i % len(ADDRS)]
    v = build()
    return "address", f"address.{lang}", fr.format(v=v, name=pick(NAMES[lang])), v


def pii_dob(i: int):
    lang, f, fr = DOB_FRAMES[i % len(DOB_FRAMES)]
    v = f(rdate(1940, 2010))
    return "dob", f"dob.{lang}", fr.format(v=v, name=pick(NAMES[lang])), v


# ----------------------------------------------------------------------------- crypto material (deterministic)
def _is_probable_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    dd, s = n - 1, 0
    while dd % 2 == 0:
        dd //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53):
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


def _prime(bits: int) -> int:
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if _is_probable_prime(c):
            return c


def det_rsa(bits: int = 2048) -> rsa.RSAPrivateKey:
    e = 65537
    while True:
        p, q = _prime(bits // 2), _prime(bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e:
            break
    dd = pow(e, -1, phi)
    nums = rsa.RSAPrivateNumbers(
        p,
        q,
        dd,
        rsa.rsa_crt_dmp1(dd, p),
        rsa.rsa_crt_dmq1(dd, q),
        rsa.rsa_crt_iqmp(p, q),
        rsa.RSAPublicNumbers(e, p * q),
    )
    return nums.private_key()


def det_ed25519() -> ed25519.Ed25519PrivateKey:
    return ed25519.Ed25519PrivateKey.from_private_bytes(R.randbytes(32))


def det_ec() -> ec.EllipticCurvePrivateKey:
    return ec.derive_private_key(R.getrandbits(250) + 1, ec.SECP256R1())


def sshstr(b: bytes) -> bytes:
    return struct.pack(">I", len(b)) + b


def ed_raw(k: ed25519.Ed25519PrivateKey) -> tuple[bytes, bytes]:
    seed = k.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    pub = k.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    return seed, pub


def openssh_ed25519_private(k, comment: str) -> str:
    seed, pub = ed_raw(k)
    pubblob = sshstr(b"ssh-ed25519") + sshstr(pub)
    check = R.randbytes(4)
    priv = (
        check
        + check
        + sshstr(b"ssh-ed25519")
        + sshstr(pub)
        + sshstr(seed + pub)
        + sshstr(comment.encode())
    )
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = (
        b"openssh-key-v1\x00"
        + sshstr(b"none")
        + sshstr(b"none")
        + sshstr(b"")
        + struct.pack(">I", 1)
    )
    blob += sshstr(pubblob) + sshstr(priv)
    b = base64.b64encode(blob).decode()
    lines = [b[i : i + 70] for i in range(0, len(b), 70)]
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(lines)
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )


def openssh_ed25519_public(k, comment: str) -> str:
    _, pub = ed_raw(k)
    return (
        "ssh-ed25519 "
        + base64.b64encode(sshstr(b"ssh-ed25519") + sshstr(pub)).decode()
        + " "
        + comment
    )


def crc24(data: bytes) -> int:
    crc = 0xB704CE
    for b in data:
        crc ^= b << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def _mpi(b: bytes) -> bytes:
    n = int.from_bytes(b, "big")
    return struct.pack(">H", n.bit_length()) + b.lstrip(b"\x00")


def pgp_block(k, uid: str, secret: bool) -> str:
    seed, pub = ed_raw(k)
    body = (
        b"\x04" + struct.pack(">I", 1700000000 + R.randint(0, 60_000_000)) + bytes([22])
    )
    body += bytes([9]) + bytes.fromhex("2B06010401DA470F01") + _mpi(b"\x40" + pub)
    if secret:
        sm_ = _mpi(seed)
        body += b"\x00" + sm_ + struct.pack(">H", sum(sm_) % 65536)
        tag = 0xC5
    else:
        tag = 0xC6
    pkt = bytes([tag, len(body)]) + body
    u = uid.encode()
    pkt += bytes([0xCD, len(u)]) + u
    b = base64.b64encode(pkt).decode()
    lines = [b[i : i + 64] for i in range(0, len(b), 64)]
    crc = base64.b64encode(crc24(pkt).to_bytes(3, "big")).decode()
    kind = "PRIVATE" if secret else "PUBLIC"
    return (
        f"-----BEGIN PGP {kind} KEY BLOCK-----\n\n"
        + "\n".join(lines)
        + f"\n={crc}\n-----END PGP {kind} KEY BLOCK-----"
    )


RSA_KEY = det_rsa(2048)
RSA_KEY2 = det_rsa(1024 + 512)
ED_KEYS = [det_ed25519() for _ in range(8)]
EC_KEYS = [det_ec() for _ in range(3)]


def pem_priv(k, fmt) -> str:
    return (
        k.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
        .decode()
        .strip()
    )


def pem_pub(k) -> str:
    return (
        k.public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )


def self_signed_cert(k, cn: str) -> str:
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Org"),
        ]
    )
    nb = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    b = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(k.public_key())
        .serial_number(R.getrandbits(64))
        .not_valid_before(nb)
        .not_valid_after(nb + dt.timedelta(days=825))
    )
    algo = None if isinstance(k, ed25519.Ed25519PrivateKey) else hashes.SHA256()
    return b.sign(k, algo).public_bytes(serialization.Encoding.PEM).decode().strip()


def jwt_token(alg: str) -> str:
    now = 1764000000 + R.randint(0, 5_000_000)
    payload = {
        "sub": pick(["user_" + d(6), "svc-billing", "auth0|" + rs(HEX, 24)]),
        "iss": pick(
            [
                "https://auth.acme-corp.io/",
                "https://login.helio.app",
                "accounts.internal",
            ]
        ),
        "aud": pick(["api", "mgc-console", "https://api.helio.app"]),
        "iat": now,
        "exp": now + pick([900, 3600, 86400 * 30]),
        "scope": pick(["read write", "admin", "memories:write"]),
    }
    header = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        header["kid"] = rs(ALNUM, 16)
    si = (
        b64u(json.dumps(header, separators=(",", ":")).encode())
        + "."
        + b64u(json.dumps(payload, separators=(",", ":")).encode())
    )
    if alg == "HS256":
        sig = hmac.new(R.randbytes(32), si.encode(), hashlib.sha256).digest()
    elif alg == "RS256":
        sig = RSA_KEY.sign(si.encode(), padding.PKCS1v15(), hashes.SHA256())
    else:
        sig = pick(ED_KEYS).sign(si.encode())
    return si + "." + b64u(sig)


# ----------------------------------------------------------------------------- secret generators
def gh_token(prefix: str) -> str:
    body = rs(ALNUM, 30)
    c = zlib.crc32(body.encode())
    enc = ""
    while c:
        c, r = divmod(c, 62)
        enc = B62[r] + enc
    return prefix + body + enc.rjust(6, "0")


def aws_pair():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16), rs(ALNUM + "+/", 40)


def pw_strong() -> str:
    return pick(
        [
            rs(ALNUM, 10) + pick("!#$%&*?@") + d(2),
            pick(
                ["Sommer", "Orange", "Falcon", "Maple", "Kirschbaum", "Tigre", "Sakura"]
            )
            + d(4)
            + pick("!#$%?"),
            rs(ALNUM + "!@#%^*", 16),
            "-".join(
                pick(
                    [
                        "correct",
                        "horse",
                        "battery",
                        "staple",
                        "violet",
                        "anchor",
                        "quartz",
                        "mango",
                        "lantern",
                    ]
                )
                for _ in range(4)
            ),
        ]
    )


HOSTS = [
    "db-prod-01.internal",
    "10.20.4.17",
    "pg.eu-west-1.rds.amazonaws.com",
    "mysql.acme-corp.net",
    "cluster0.x7k2p.mongodb.net",
    "redis-main.svc.cluster.local",
]
USERS = ["app", "admin", "svc_reporting", "root", "deploy", "etl_user"]


def s_aws_env():
    a, s = aws_pair()
    return (
        "aws",
        f"export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\nexport AWS_DEFAULT_REGION=eu-central-1",
    )


def s_aws_creds():
    a, s = aws_pair()
    return "aws", f"[default]\naws_access_key_id = {a}\naws_secret_access_key = {s}"


def s_aws_chat():
    a, s = aws_pair()
    return "aws", pick(
        [
            f"hier die Keys für den Bucket: {a} / {s}",
            f"use these for the S3 upload job: key {a} secret {s}",
            f"AWSのキー: {a} シークレット: {s}",
        ]
    )


def s_github():
    t = gh_token(pick(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]))
    return "github", pick(
        [
            f"GITHUB_TOKEN={t}",
            f"git remote set-url origin https://{t}@github.com/acme/infra.git",
            f"the PAT for the release bot is {t}",
            f"gh auth login --with-token <<< {t}",
        ]
    )


def s_github_fine():
    t = "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(ALNUM, 59)
    return "github", f'{{"github": {{"token": "{t}", "org": "acme"}}}}'


def s_gitlab():
    t = pick(["glpat-", "glrt-", "gldt-"]) + rs(ALNUM + "-_", 20)
    return "gitlab", pick(
        [
            f"variables:\n  GITLAB_TOKEN: {t}",
            f"gitlab-runner register --url https://gitlab.acme.io --token {t}",
            f"Token für die Pipeline: {t}",
        ]
    )


def s_slack_token():
    t = pick(["xoxb-", "xoxp-"]) + d(12) + "-" + d(13) + "-" + rs(ALNUM, 24)
    return "slack", pick(
        [f"SLACK_BOT_TOKEN={t}", f'slack_client = WebClient(token="{t}")']
    )


def s_slack_webhook():
    u = f"https://hooks.slack.com/services/T{rs(UP + DIG, 8)}/B{rs(UP + DIG, 10)}/{rs(ALNUM, 24)}"
    return "webhook", pick(
        [
            f"alertmanager slack_api_url: {u}",
            f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy ok\"}}' {u}",
            f"Webhook do canal #ops: {u}",
        ]
    )


def s_discord():
    u = f"https://discord.com/api/webhooks/{d(18)}/{rs(B64U, 68)}"
    return "webhook", pick(
        [f"DISCORD_WEBHOOK={u}", f"Webhook Discord pour les alertes : {u}"]
    )


def s_teams():
    u = f"https://acmecorp.webhook.office.com/webhookb2/{rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}@{rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}/IncomingWebhook/{rs(HEX, 32)}/{rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}/V2{rs(ALNUM, 43)}"
    return "webhook", f'teams_webhook_url: "{u}"'


def s_gchat():
    u = f"https://chat.googleapis.com/v1/spaces/AAAA{rs(ALNUM, 7)}/messages?key=AIzaSy{rs(ALNUM + '-_', 33)}&token={rs(ALNUM + '-_', 43)}%3D"
    return "webhook", f"Google Chat webhook: {u}"


def s_stripe():
    t = pick(["sk_live_", "rk_live_"]) + rs(ALNUM, 99)
    w = "whsec_" + rs(ALNUM, 32)
    return "stripe", pick(
        [
            f"STRIPE_SECRET_KEY={t}",
            f"stripe:\n  secret_key: {t}\n  webhook_secret: {w}",
            f"Stripe.api_key = '{t}'",
        ]
    )


def s_twilio():
    return (
        "twilio",
        f"TWILIO_ACCOUNT_SID=AC{rs(HEX, 32)}\nTWILIO_AUTH_TOKEN={rs(HEX, 32)}",
    )


def s_sendgrid():
    t = "SG." + rs(B64U, 22) + "." + rs(B64U, 43)
    return "sendgrid", pick(
        [f"SENDGRID_API_KEY={t}", f'EMAIL_HOST_PASSWORD = "{t}"  # sendgrid']
    )


def s_mailgun():
    return (
        "mailgun",
        f"MAILGUN_API_KEY={rs(HEX, 32)}-{rs(HEX, 8)}-{rs(HEX, 8)}\nMAILGUN_DOMAIN=mg.acme-shop.de",
    )


def s_mailchimp():
    return "mailchimp", f"mailchimp api key: {rs(HEX, 32)}-us{R.randint(2, 21)}"


def s_openai():
    t = pick(["sk-proj-" + rs(ALNUM + "-_", 156), "sk-" + rs(ALNUM, 48)])
    return "openai", pick(
        [
            f"OPENAI_API_KEY={t}",
            f'client = OpenAI(api_key="{t}")',
            f"Mein OpenAI-Key: {t}",
        ]
    )


def s_anthropic():
    t = "sk-ant-api03-" + rs(ALNUM + "-_", 93) + "AA"
    return "anthropic", pick(
        [f"ANTHROPIC_API_KEY={t}", f'export ANTHROPIC_API_KEY="{t}"']
    )


def s_hf():
    t = "hf_" + rs(ALNUM, 34)
    return "huggingface", pick([f"huggingface-cli login --token {t}", f"HF_TOKEN={t}"])


def s_replicate():
    return "replicate", f"REPLICATE_API_TOKEN=r8_{rs(ALNUM, 37)}"


def s_google_api():
    t = "AIza" + rs(ALNUM + "-_", 35)
    return "google", pick(
        [
            f"GOOGLE_MAPS_API_KEY={t}",
            f'<meta-data android:name="com.google.android.geo.API_KEY" android:value="{t}"/>',
            f"clave de API de Google: {t}",
        ]
    )


def s_gcp_sa():
    pk = pem_priv(RSA_KEY2, serialization.PrivateFormat.PKCS8).replace("\n", "\\n")
    proj = pick(["acme-prod-4821", "helio-data", "mgc-staging"])
    obj = {
        "type": "service_account",
        "project_id": proj,
        "private_key_id": rs(HEX, 40),
        "private_key": "PKPLACE",
        "client_email": f"etl-runner@{proj}.iam.gserviceaccount.com",
        "client_id": d(21),
    }
    return "gcp", json.dumps(obj, indent=2).replace("PKPLACE", pk)


def s_google_oauth():
    return "oauth", json.dumps(
        {
            "web": {
                "client_id": f"{d(12)}-{rs(LO + DIG, 32)}.apps.googleusercontent.com",
                "client_secret": "GOCSPX-" + rs(ALNUM + "-_", 28),
                "redirect_uris": ["https://app.helio.app/oauth/callback"],
            }
        }
    )


def s_google_refresh():
    return "oauth", pick(
        [
            f"refresh_token: 1//0{rs(ALNUM + '-_', 100)}",
            f"access_token=ya29.a0{rs(ALNUM + '-_', 150)}",
        ]
    )


def s_azure_storage():
    key = base64.b64encode(R.randbytes(64)).decode()
    return (
        "azure",
        f"DefaultEndpointsProtocol=https;AccountName=acmeprodlogs;AccountKey={key};EndpointSuffix=core.windows.net",
    )


def s_azure_sas():
    sig = (
        base64.b64encode(R.randbytes(32))
        .decode()
        .replace("+", "%2B")
        .replace("/", "%2F")
        .replace("=", "%3D")
    )
    return (
        "azure",
        f"https://acmebackups.blob.core.windows.net/db?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-12-31T00:00:00Z&st=2025-01-01T00:00:00Z&spr=https&sig={sig}",
    )


def s_azure_sp():
    return (
        "azure",
        f"AZURE_CLIENT_ID={rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}\nAZURE_TENANT_ID={rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}\nAZURE_CLIENT_SECRET={rs(ALNUM, 3)}8Q~{rs(ALNUM + '_-.', 34)}",
    )


def s_npm():
    return "npm", pick(
        [
            f"//registry.npmjs.org/:_authToken=npm_{rs(ALNUM, 36)}",
            f"NPM_TOKEN=npm_{rs(ALNUM, 36)}",
        ]
    )


def s_pypi():
    t = "pypi-AgEIcHlwaS5vcmc" + rs(B64U, 160)
    return "pypi", pick(
        [
            f"[pypi]\n  username = __token__\n  password = {t}",
            f"twine upload dist/* -u __token__ -p {t}",
        ]
    )


def s_rubygems():
    return "rubygems", f"---\n:rubygems_api_key: rubygems_{rs(HEX, 48)}"


def s_nuget():
    return (
        "nuget",
        f"dotnet nuget push pkg.nupkg --api-key oy2{rs(LO + DIG, 43)} --source https://api.nuget.org/v3/index.json",
    )


def s_docker_pat():
    t = "dckr_pat_" + rs(ALNUM + "-_", 27)
    return "docker", pick(
        [f"echo {t} | docker login -u acmeci --password-stdin", f"DOCKERHUB_TOKEN={t}"]
    )


def s_docker_config():
    user = pick(["acmeci", "deploy", "jenkins"])
    auth = base64.b64encode(f"{user}:{pw_strong()}".encode()).decode()
    return "docker", json.dumps(
        {
            "auths": {
                pick(["https://index.docker.io/v1/", "registry.acme.io", "ghcr.io"]): {
                    "auth": auth
                }
            }
        },
        indent=2,
    )


def s_docker_compose():
    pw = pw_strong()
    return (
        "docker",
        f'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: "{pw}"\n    ports:\n      - "5432:5432"',
    )


def s_k8s_secret():
    pw = pw_strong()
    return "kubernetes", (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-credentials\n  namespace: prod\ntype: Opaque\ndata:\n"
        f"  username: {base64.b64encode(b'app').decode()}\n  password: {base64.b64encode(pw.encode()).decode()}"
    )


def s_k8s_cli():
    return (
        "kubernetes",
        f"kubectl create secret generic api-keys --from-literal=STRIPE_KEY=sk_live_{rs(ALNUM, 40)} -n payments",
    )


def s_kubeconfig():
    return (
        "kubernetes",
        f"users:\n- name: ci-deployer\n  user:\n    token: {jwt_token('RS256')}",
    )


def s_dburl():
    scheme = pick(
        ["postgresql", "postgres", "mysql", "mongodb+srv", "redis", "amqp", "mssql"]
    )
    pw = (
        pw_strong()
        .replace("@", "%40")
        .replace("/", "_")
        .replace("#", "%23")
        .replace("?", "%3F")
    )
    user = "" if scheme == "redis" and R.random() < 0.5 else pick(USERS)
    host = pick(HOSTS)
    url = f"{scheme}://{user}:{pw}@{host}/{pick(['app', 'billing', 'analytics', '0'])}"
    return "dburl", pick(
        [
            f"DATABASE_URL={url}",
            f"db connection: {url}",
            f'SQLALCHEMY_DATABASE_URI = "{url}"',
            f"La cadena de conexión de producción es {url}",
        ]
    )


def s_jdbc():
    pw = pw_strong()
    return "dburl", pick(
        [
            f"spring.datasource.url=jdbc:postgresql://{pick(HOSTS)}:5432/orders\nspring.datasource.username=orders\nspring.datasource.password={pw}",
            f"Server=sql-prod.acme.local;Database=Payroll;User Id=sa;Password={pw};TrustServerCertificate=True",
        ]
    )


def s_cli_mysql():
    pw = pw_strong().replace("'", "")
    return "cli", pick(
        [
            f"$ mysql -h {pick(HOSTS)} -u root -p'{pw}' billing < dump.sql",
            f"  512  PGPASSWORD='{pw}' psql -h {pick(HOSTS)} -U {pick(USERS)} -d app",
            f"history | tail -3\n 1021  cd infra\n 1022  sshpass -p '{pw}' ssh deploy@10.0.3.14\n 1023  exit",
        ]
    )


def s_cli_curl():
    t = pick([jwt_token("HS256"), "sk_live_" + rs(ALNUM, 32), rs(HEX, 40)])
    return "cli", pick(
        [
            f'curl -s -H "Authorization: Bearer {t}" https://api.helio.app/v2/exports',
            f"curl -u admin:{pw_strong()} https://jenkins.acme.io/job/deploy/build",
            f"http POST https://api.acme.io/v1/orders X-API-Key:{rs(ALNUM, 32)}",
        ]
    )


def s_cli_docker_login():
    return "cli", f"docker login registry.acme.io -u deploy -p {pw_strong()}"


def s_git_creds():
    return (
        "git",
        f"https://{pick(['jdoe', 'build-bot', 'x-access-token'])}:{gh_token('ghp_')}@github.com\nhttps://oauth2:glpat-{rs(ALNUM, 20)}@gitlab.com",
    )


def s_netrc():
    return (
        "netrc",
        f"machine api.heroku.com\n  login ops@acme-corp.io\n  password {rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}",
    )


def s_heroku():
    return (
        "heroku",
        f"HEROKU_API_KEY={rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}",
    )


def s_do():
    return "digitalocean", pick(
        [
            f"doctl auth init -t dop_v1_{rs(HEX, 64)}",
            f"DIGITALOCEAN_TOKEN=dop_v1_{rs(HEX, 64)}",
        ]
    )


def s_cloudflare():
    return "cloudflare", pick(
        [
            f"CLOUDFLARE_API_TOKEN={rs(ALNUM + '-_', 40)}",
            f"CF_API_KEY={rs(HEX, 37)}\nCF_API_EMAIL=ops@acme-corp.io",
        ]
    )


def s_vercel():
    return "vercel", f"vercel deploy --prod --token {rs(ALNUM, 24)}"


def s_netlify():
    return "netlify", f"NETLIFY_AUTH_TOKEN=nfp_{rs(ALNUM, 36)}"


def s_datadog():
    return (
        "datadog",
        f"datadog:\n  apiKey: {rs(HEX, 32)}\n  appKey: {rs(HEX, 40)}\n  site: datadoghq.eu",
    )


def s_newrelic():
    return "newrelic", pick(
        [
            f"NEW_RELIC_LICENSE_KEY={rs(HEX, 36)}NRAL",
            f"NEW_RELIC_API_KEY=NRAK-{rs(UP + DIG, 27)}",
        ]
    )


def s_sentry():
    return "sentry", pick(
        [
            f"SENTRY_AUTH_TOKEN=sntrys_{rs(ALNUM, 120)}",
            f"sentry-cli --auth-token {rs(HEX, 64)} releases new 2.4.1",
        ]
    )


def s_shopify():
    return (
        "shopify",
        f"SHOPIFY_ACCESS_TOKEN=shpat_{rs(HEX, 32)}\nSHOPIFY_API_SECRET=shpss_{rs(HEX, 32)}",
    )


def s_square():
    return "square", f"SQUARE_ACCESS_TOKEN=EAAA{rs(ALNUM + '-_', 60)}"


def s_paypal():
    return (
        "paypal",
        f"BRAINTREE_ACCESS_TOKEN=access_token$production${rs(LO + DIG, 16)}${rs(HEX, 32)}",
    )


def s_atlassian():
    return "atlassian", pick(
        [
            f"JIRA_API_TOKEN=ATATT3xFfGF0{rs(ALNUM + '-_', 180)}={rs(HEX.upper(), 8)}",
            f"jira:\n  user: ops@acme-corp.io\n  token: ATATT3xFfGF0{rs(ALNUM + '-_', 180)}",
        ]
    )


def s_linear_notion():
    return pick(
        [
            ("linear", f"LINEAR_API_KEY=lin_api_{rs(ALNUM, 40)}"),
            ("notion", f"NOTION_TOKEN=ntn_{d(11)}{rs(ALNUM, 35)}"),
            ("airtable", f"AIRTABLE_PAT=pat{rs(ALNUM, 14)}.{rs(HEX, 64)}"),
        ]
    )


def s_telegram():
    t = f"{R.randint(100000000, 7999999999)}:AA{rs(ALNUM + '-_', 33)}"
    return "telegram", pick(
        [f"TELEGRAM_BOT_TOKEN={t}", f'bot = telebot.TeleBot("{t}")', f"Токен бота: {t}"]
    )


def s_discord_bot():
    t = b64u(d(18).encode()) + "." + rs(B64U, 6) + "." + rs(B64U, 38)
    return "discord", f"DISCORD_BOT_TOKEN={t}"


def s_terraform():
    return "terraform", pick(
        [
            f'credentials "app.terraform.io" {{\n  token = "{rs(ALNUM, 14)}.atlasv1.{rs(ALNUM, 67)}"\n}}',
            f"VAULT_TOKEN=hvs.{rs(ALNUM + '_-', 90)}",
        ]
    )


def s_doppler():
    return "doppler", f"DOPPLER_TOKEN=dp.st.prd.{rs(ALNUM, 43)}"


def s_pulumi():
    return "pulumi", f"PULUMI_ACCESS_TOKEN=pul-{rs(HEX, 40)}"


def s_circleci():
    return "ci", pick(
        [
            f"CIRCLE_TOKEN=CCIPAT_{rs(ALNUM, 22)}_{rs(HEX, 40)}",
            f"# Jenkins credentials.xml\n<password>{pw_strong()}</password>",
            f"TRAVIS_API_TOKEN={rs(ALNUM, 22)}",
        ]
    )


def s_gha_secret_log():
    return (
        "ci",
        f'Run echo "token=${{{{ secrets.DEPLOY_TOKEN }}}}"\ntoken={gh_token("ghs_")}\n(secret was not masked because it was echoed through base64)',
    )


def s_django():
    return "config", pick(
        [
            f"SECRET_KEY = '{rs(LO + DIG + '!@#$%^&*(-_=+)', 50)}'",
            f"secret_key_base: {rs(HEX, 128)}",
            f"APP_KEY=base64:{base64.b64encode(R.randbytes(32)).decode()}",
        ]
    )


def s_wp():
    return (
        "config",
        f"define( 'DB_NAME', 'wp_shop' );\ndefine( 'DB_USER', 'wp_admin' );\ndefine( 'DB_PASSWORD', '{pw_strong()}' );\ndefine( 'DB_HOST', 'localhost' );",
    )


def s_dotenv():
    return "dotenv", (
        f"# .env (production)\nNODE_ENV=production\nPORT=8080\nJWT_SECRET={rs(ALNUM, 48)}\nREDIS_URL=redis://:{rs(ALNUM, 24)}@cache.internal:6379/0\nLOG_LEVEL=info"
    )


def s_yaml_app():
    return (
        "config",
        f'smtp:\n  host: smtp.office365.com\n  port: 587\n  username: noreply@acme-corp.io\n  password: "{pw_strong()}"',
    )


def s_ssh_ed():
    k = pick(ED_KEYS)
    return "ssh_key", openssh_ed25519_private(
        k, pick(["deploy@ci", "jan@laptop", "backup@nas"])
    )


def s_rsa_pem():
    txt = pem_priv(
        RSA_KEY,
        pick(
            [
                serialization.PrivateFormat.TraditionalOpenSSL,
                serialization.PrivateFormat.PKCS8,
            ]
        ),
    )
    return "private_key", pick([txt, f"# server.key for nginx\n{txt}"])


def s_ec_pem():
    return "private_key", pem_priv(
        pick(EC_KEYS), serialization.PrivateFormat.TraditionalOpenSSL
    )


def s_pgp():
    return "pgp_key", pgp_block(
        pick(ED_KEYS), pick(["Release Signing Key", "backup-encryption"]), True
    )


def s_age_wg():
    return pick(
        [
            (
                "age",
                f"# created: 2025-06-02T10:11:12Z\n# public key: age1{rs('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\nAGE-SECRET-KEY-1{rs('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}",
            ),
            (
                "wireguard",
                f"[Interface]\nPrivateKey = {base64.b64encode(R.randbytes(32)).decode()}\nAddress = 10.8.0.2/24\n\n[Peer]\nPublicKey = {base64.b64encode(R.randbytes(32)).decode()}\nEndpoint = vpn.acme-corp.io:51820",
            ),
        ]
    )


def s_jwt():
    alg = pick(["HS256", "RS256", "EdDSA"])
    t = jwt_token(alg)
    return "jwt", pick(
        [
            f"Authorization: Bearer {t}",
            f"session cookie: access_token={t}",
            f"ACCESS_TOKEN={t}",
            f"這是測試用的 token: {t}",
        ]
    )


def s_jwt_secret():
    return "jwt", f"JWT_SIGNING_KEY={base64.b64encode(R.randbytes(48)).decode()}"


def s_totp():
    seed = rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32)
    return "totp", pick(
        [
            f"otpauth://totp/Acme:ops@acme-corp.io?secret={seed}&issuer=Acme&digits=6",
            f"2FA-Seed für das Admin-Konto: {' '.join(seed[i : i + 4] for i in range(0, 32, 4))}",
            f"Backup codes for the root account: {', '.join(d(8) for _ in range(5))}",
        ]
    )


PW_PROSE = [
    "The wifi password for the office guest network is {pw}",
    "my login for the supplier portal: user jcarter / password {pw}",
    "Das Passwort für den Router ist {pw}, bitte nicht weitergeben.",
    "Mein Passwort fürs Lohnportal: {pw}",
    "Le mot de passe du compte admin est {pw}",
    "La contraseña del servidor FTP es {pw}",
    "A senha do e-mail corporativo é {pw}",
    "La password del NAS è {pw}",
    "Het wachtwoord van de beheerder is {pw}",
    "Hasło do konta bankowego: {pw}",
    "Lösenordet till VPN:et är {pw}",
    "Пароль от админки: {pw}",
    "Пароль до пошти: {pw}",
    "Yönetici şifresi: {pw}",
    "管理画面のパスワードは{pw}です",
    "服务器root密码是{pw}",
    "관리자 비밀번호는 {pw} 입니다",
    "كلمة المرور لحساب المدير هي {pw}",
    "הסיסמה לשרת היא {pw}",
    "Mật khẩu wifi là {pw}",
    "Kata sandi akun admin: {pw}",
    "Heslo k databázi je {pw}",
    "Parola contului de admin este {pw}",
    "Το συνθηματικό του router είναι {pw}",
    "Salasana palvelimelle: {pw}",
]


def s_pw_prose():
    return "password", pick(PW_PROSE).format(pw=pw_strong())


def s_pw_chat():
    u = pick(["anna", "tom", "kenji", "lucia", "olek"])
    return "password", pick(
        [
            f"[10:42] {u}: can you log into the staging box?\n[10:43] ops: yes, root / {pw_strong()}\n[10:43] {u}: thx",
            f"<{u}> PSA new shared vault master password: {pw_strong()}",
            f"{u}: 新しいパスワード送ります → {pw_strong()}",
            f"- {u}: contraseña nueva del jira: {pw_strong()} (cámbiala al entrar)",
        ]
    )


def s_pin():
    return "pin", pick(
        [
            f"Door code for the flat: {d(4)}#, key safe code {d(4)}",
            f"PIN der EC-Karte: {d(4)}",
            f"Code d'accès de l'immeuble : {d(4)}B, digicode portail {d(5)}",
            f"alarm disarm code is {d(4)} (garage keypad {d(6)})",
            f"Mi PIN del banco es {d(4)}, no se lo digas a nadie",
        ]
    )


def s_ldap():
    return (
        "config",
        f"ldap:\n  url: ldaps://ldap.acme.local:636\n  bind_dn: cn=svc-bind,ou=svc,dc=acme,dc=local\n  bind_password: {pw_strong()}",
    )


def s_smtp_url():
    return (
        "config",
        f"EMAIL_URL=smtp://postmaster%40mg.acme-shop.de:{rs(HEX, 32)}-{rs(HEX, 8)}@smtp.eu.mailgun.org:587",
    )


def s_firebase():
    return (
        "firebase",
        f"FCM_SERVER_KEY=AAAA{rs(ALNUM + '-_', 7)}:APA91b{rs(ALNUM + '-_', 134)}",
    )


def s_okta_auth0():
    return pick(
        [
            ("okta", f"OKTA_API_TOKEN=00{rs(ALNUM + '-_', 40)}"),
            ("auth0", f"AUTH0_CLIENT_SECRET={rs(ALNUM + '-_', 64)}"),
        ]
    )


def s_facebook():
    return "oauth", f"FB_PAGE_ACCESS_TOKEN=EAAG{rs(ALNUM, 180)}"


def s_snowflake():
    return (
        "dburl",
        f"snowsql -a xy12345.eu-central-1 -u ETL_USER --password '{pw_strong()}' -d ANALYTICS",
    )


def s_ansible_vault_pw():
    return (
        "config",
        f"# ~/.vault_pass\n{pw_strong()}\n# used by ansible-playbook --vault-password-file",
    )


def s_htpasswd_plain():
    return (
        "config",
        f"nginx basic auth for /admin -> user: monitor, pass: {pw_strong()}",
    )


def s_jupyter():
    return "cli", f"[I 09:14:02 NotebookApp] http://127.0.0.1:8888/?token={rs(HEX, 48)}"


def s_grafana():
    return (
        "grafana",
        f"GF_SECURITY_ADMIN_PASSWORD={pw_strong()}\nGRAFANA_API_KEY=glsa_{rs(ALNUM, 32)}_{rs(HEX, 8)}",
    )


def s_minio():
    return (
        "minio",
        f"mc alias set prod https://minio.acme.io {rs(UP + DIG, 20)} {rs(ALNUM, 40)}",
    )


def s_ssh_in_ticket():
    return (
        "ssh_key",
        f"Ticket #4812: Zugang für den Dienstleister\nHost: 10.12.0.5, user deploy\nKey:\n{openssh_ed25519_private(pick(ED_KEYS), 'vendor')}",
    )


SECRET_GENS = [
    s_aws_env,
    s_aws_creds,
    s_aws_chat,
    s_github,
    s_github_fine,
    s_gitlab,
    s_slack_token,
    s_slack_webhook,
    s_discord,
    s_teams,
    s_gchat,
    s_stripe,
    s_twilio,
    s_sendgrid,
    s_mailgun,
    s_mailchimp,
    s_openai,
    s_anthropic,
    s_hf,
    s_replicate,
    s_google_api,
    s_gcp_sa,
    s_google_oauth,
    s_google_refresh,
    s_azure_storage,
    s_azure_sas,
    s_azure_sp,
    s_npm,
    s_pypi,
    s_rubygems,
    s_nuget,
    s_docker_pat,
    s_docker_config,
    s_docker_compose,
    s_k8s_secret,
    s_k8s_cli,
    s_kubeconfig,
    s_dburl,
    s_jdbc,
    s_cli_mysql,
    s_cli_curl,
    s_cli_docker_login,
    s_git_creds,
    s_netrc,
    s_heroku,
    s_do,
    s_cloudflare,
    s_vercel,
    s_netlify,
    s_datadog,
    s_newrelic,
    s_sentry,
    s_shopify,
    s_square,
    s_paypal,
    s_atlassian,
    s_linear_notion,
    s_telegram,
    s_discord_bot,
    s_terraform,
    s_doppler,
    s_pulumi,
    s_circleci,
    s_gha_secret_log,
    s_django,
    s_wp,
    s_dotenv,
    s_yaml_app,
    s_ssh_ed,
    s_rsa_pem,
    s_ec_pem,
    s_pgp,
    s_age_wg,
    s_jwt,
    s_jwt_secret,
    s_totp,
    s_pw_prose,
    s_pw_chat,
    s_pin,
    s_ldap,
    s_smtp_url,
    s_firebase,
    s_okta_auth0,
    s_facebook,
    s_snowflake,
    s_ansible_vault_pw,
    s_htpasswd_plain,
    s_jupyter,
    s_grafana,
    s_minio,
    s_ssh_in_ticket,
]
# weights: password prose / chat / db urls / jwt appear more than once per cycle
SECRET_EXTRA = [
    s_pw_prose,
    s_pw_prose,
    s_pw_chat,
    s_dburl,
    s_jwt,
    s_pin,
    s_cli_mysql,
    s_dotenv,
]


# ----------------------------------------------------------------------------- clean generators
def c_pubkey():
    return "public_key", pick(
        [
            openssh_ed25519_public(pick(ED_KEYS), pick(["jan@laptop", "deploy@ci"])),
            f"Add this to authorized_keys on the bastion:\n{openssh_ed25519_public(pick(ED_KEYS), 'ops@bastion')}",
            pem_pub(RSA_KEY),
            f"JWKS verification key (public):\n{pem_pub(pick(EC_KEYS))}",
            pgp_block(pick(ED_KEYS), "Release Signing Key", False),
        ]
    )


def c_cert():
    k = pick(
        [pick(ED_KEYS), RSA_KEY2, pick(ED_KEYS)]
    )  # ECDSA signatures are randomised: keep output deterministic
    return (
        "certificate",
        f"ca.crt ({pick(['internal root', 'test CA', 'mTLS client'])}):\n{self_signed_cert(k, pick(['mgc.local', 'api.acme.test', 'Acme Test Root']))}",
    )


def c_hash():
    return "hash", pick(
        [
            f"sha256sum release.tar.gz\n{rs(HEX, 64)}  release.tar.gz",
            f"Checksum (MD5): {rs(HEX, 32)}",
            f"image: ghcr.io/acme/api@sha256:{rs(HEX, 64)}",
            f'"integrity": "sha512-{base64.b64encode(R.randbytes(64)).decode()}"',
            f"SHA-1 Fingerprint der Datei: {':'.join(rs(HEX.upper(), 2) for _ in range(20))}",
            f"ssh host key fingerprint: SHA256:{base64.b64encode(R.randbytes(32)).decode().rstrip('=')}",
        ]
    )


def c_commit():
    return "commit", pick(
        [
            f"Fixed in {rs(HEX, 40)} (merged to main).",
            f"git cherry-pick {rs(HEX, 7)} && git push",
            f'Revert "bump deps"\n\nThis reverts commit {rs(HEX, 40)}.',
        ]
    )


def c_uuid():
    u = f"{rs(HEX, 8)}-{rs(HEX, 4)}-4{rs(HEX, 3)}-{pick('89ab')}{rs(HEX, 3)}-{rs(HEX, 12)}"
    return "uuid", pick(
        [
            f"request_id={u} status=500 path=/api/v1/memories",
            f"Tenant {u} migrated to shard 3.",
            f"trace-id: {u}",
            f"Der Job {u} ist hängen geblieben.",
        ]
    )


def c_doc_example():
    return "doc_example", pick(
        [
            "Example from the AWS docs: AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE and AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "In the README, replace `sk-...` with your own key: OPENAI_API_KEY=sk-your-key-here",
            "Set GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx in your shell profile (placeholder).",
            "jwt.io sample token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
            "Die Doku zeigt als Beispiel: DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME",
            "Slack docs example URL: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
            "Ejemplo de la documentación: STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx",
        ]
    )


def c_placeholder():
    return "placeholder", pick(
        [
            "password: ${DB_PASSWORD}",
            'api_key = os.environ["PAYMENTS_API_KEY"]',
            "token: {{ secrets.NPM_TOKEN }}",
            "DATABASE_URL=postgres://app:<password>@db:5432/app",
            "Authorization: Bearer <YOUR_TOKEN>",
            "AWS_SECRET_ACCESS_KEY=********",
            "SENTRY_DSN=  # fill in from the vault, do not commit",
            "client_secret: REDACTED",
            "Passwort: [entfernt] - bitte im Passwortmanager nachsehen",
            "パスワードは1Passwordの「prod-db」を参照してください",
            "le mot de passe est dans le coffre Vault (secret/data/prod/db)",
            "secretKeyRef:\n  name: db-credentials\n  key: password",
        ]
    )


def c_dburl_nopw():
    return "dburl_nopw", pick(
        [
            f"DATABASE_URL=postgres://app@{pick(HOSTS)}:5432/app?sslmode=require",
            "redis://localhost:6379/0",
            "mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017/?replicaSet=rs0",
            "jdbc:postgresql://localhost:5432/orders (auth via IAM, no password)",
        ]
    )


COMPANY = [
    ("fr.siren", lambda: d(9), "SIREN de la société Acme France SAS : {v}"),
    ("fr.siret", lambda: d(14), "SIRET du siège : {v}"),
    ("au.abn", lambda: pick("123456789") + d(10), "Helio Pty Ltd, ABN {v}"),
    ("au.acn", lambda: d(9), "ACN {v} (company registration)"),
    ("ch.uid", lambda: "CHE" + d(9), "Handelsregister: Acme Schweiz AG, UID {v}"),
    ("dk.cvr", lambda: pick("123456789") + d(7), "Virksomhed: Nordlys ApS, CVR {v}"),
    ("no.orgnr", lambda: pick("89") + d(8), "Organisasjonsnummer for Fjord AS: {v}"),
    ("se.orgnr", lambda: "55" + d(8), "Bolagets organisationsnummer: {v}"),
    ("fi.ytunnus", lambda: d(7) + "-" + d(1), "Y-tunnus (Acme Oy): {v}"),
    ("ee.registrikood", lambda: pick("1") + d(7), "Äriregistri kood: {v}"),
    ("pl.regon", lambda: d(9), "REGON spółki: {v}"),
    ("pl.nip", lambda: pick("5") + d(9), "NIP firmy Acme sp. z o.o.: {v}"),
    ("ru.ogrn", lambda: "1" + d(12), "ОГРН ООО «Вектор»: {v}"),
    ("ua.edrpou", lambda: "3" + d(7), "Код ЄДРПОУ компанії: {v}"),
    (
        "in_.gstin",
        lambda: "27" + rs(UP, 5) + d(4) + pick(UP) + "1Z" + pick(UP + DIG),
        "GSTIN of our Pune entity: {v}",
    ),
    ("br.cnpj", lambda: d(8) + "0001" + d(2), "CNPJ da empresa: {v}"),
    (
        "us.ein",
        lambda: pick(["12", "46", "81", "94"]) + d(7),
        "Acme Inc. federal EIN {v} (on the W-9)",
    ),
    ("sg.uen", lambda: "20" + d(2) + d(5) + pick(UP), "UEN of Helio Pte. Ltd.: {v}"),
    ("kr.brn", lambda: d(10), "사업자등록번호: {v} (주식회사 에이크미)"),
    ("tw.ubn", lambda: d(8), "公司統一編號：{v}"),
    (
        "cn.uscc",
        lambda: "91" + "310000" + rs("0123456789ABCDEFGHJKLMNPQRTUWXY", 10),
        "统一社会信用代码：{v}",
    ),
    ("il.hp", lambda: "51" + d(7), "ח.פ. של החברה: {v}"),
    ("es.cif", lambda: "B" + d(8), "CIF de la sociedad: {v}"),
    ("it.iva", lambda: d(11), "P.IVA della S.r.l.: {v}"),
    ("lei", lambda: rs(UP + DIG, 18) + d(2), "Legal Entity Identifier (LEI): {v}"),
    (
        "de.handelsregisternummer",
        lambda: (
            pick(["Berlin (Charlottenburg) HRB ", "München HRB ", "Hamburg HRB "])
            + str(R.randint(10000, 99999))
        ),
        "Handelsregister: Amtsgericht {v}",
    ),
]


def c_company():
    path, build, fr = pick(COMPANY)
    v = brute(path, build)
    if path not in ("de.handelsregisternummer", "lei"):
        mod = sm(path)
        if hasattr(mod, "format") and R.random() < 0.5:
            v = mod.format(v)
    return "company_id", fr.format(v=v)


def c_fin_ids():
    which = pick(
        ["isin", "isbn", "issn", "ean", "bic", "imo", "casrn", "iso6346", "cusip"]
    )
    if which == "isin":
        v = brute(
            "isin", lambda: pick(["US", "DE", "FR", "GB"]) + rs(UP + DIG, 9) + d(1)
        )
        return "isin", f"Bought 20 shares, ISIN {v}"
    if which == "isbn":
        v = brute("isbn", lambda: "978" + d(10))
        return "isbn", f"Recommended reading: ISBN {sm('isbn').format(v)}"
    if which == "issn":
        v = brute("issn", lambda: d(8))
        return "issn", f"Journal ISSN {sm('issn').format(v)}"
    if which == "ean":
        v = brute("ean", lambda: "40" + d(11))
        return "ean", f"Artikel-EAN {v}, Lagerplatz B-14"
    if which == "bic":
        return (
            "bic",
            f"Bank BIC/SWIFT: {pick(['DEUTDEFF', 'COBADEFFXXX', 'BNPAFRPP', 'CHASUS33', 'NWBKGB2L'])} (bank identifier, not an account)",
        )
    if which == "imo":
        v = brute("imo", lambda: "9" + d(6))
        return "imo", f"Vessel IMO {v} arrived at Rotterdam berth 7."
    if which == "casrn":
        return "casrn", pick(
            [
                "CAS 7732-18-5 (water)",
                "Ethanol, CAS-Nr. 64-17-5",
                "CAS RN 50-00-0 formaldehyde",
            ]
        )
    if which == "iso6346":
        v = brute("iso6346", lambda: rs(UP, 3) + "U" + d(7))
        return "container", f"Container {v} cleared customs."
    v = brute("cusip", lambda: d(3) + rs(UP + DIG, 5) + d(1))
    return "cusip", f"CUSIP {v} matured on 2025-06-30."


OFFICES = [
    "Our Berlin office moved to Friedrichstraße 68, 10117 Berlin (3rd floor, reception).",
    "Siège social : 12 avenue des Champs-Élysées, 75008 Paris.",
    "Visit us at the Acme HQ, 500 Market Street, Suite 300, San Francisco, CA 94105.",
    "会社所在地：東京都千代田区丸の内1-1-1 パレスビル5階",
    "Sede legale: Via della Moscova 18, 20121 Milano (uffici amministrativi).",
    "Kantoor Amsterdam: Herengracht 420, 1017 BZ Amsterdam (bezoekadres).",
    "Oficina central: Paseo de la Castellana 95, 28046 Madrid.",
    "Warehouse delivery address: Unit 4, Riverside Industrial Estate, Dartford DA1 5PS",
    "公司地址：深圳市南山区科技园南区高新南七道",
    "Biuro spółki: al. Jerozolimskie 181, 02-222 Warszawa.",
    "Konferenz im Hotel Adlon, Unter den Linden 77, Berlin.",
]


def c_office():
    return "office_address", pick(OFFICES)


def c_event_date():
    t = rdate(2024, 2027)
    return "event_date", pick(
        [
            f"Release 4.2 ships on {t:%Y-%m-%d}.",
            f"Die Wartung ist für den {t:%d.%m.%Y} geplant.",
            f"La conférence aura lieu le {t.day} {pick(['mars', 'juin', 'octobre'])} {t.year}.",
            f"締め切りは{t.year}年{t.month}月{t.day}日です。",
            f"Invoice due {t:%B %d, %Y}.",
            f"Kickoff meeting on {t:%d/%m/%Y} at 10:00 CET.",
        ]
    )


def c_numbers():
    return pick(
        [
            (
                "price",
                f"Price went from €{R.randint(10, 900)},{d(2)} to €{R.randint(10, 900)},{d(2)} incl. VAT.",
            ),
            ("price", f"合計金額：¥{R.randint(1000, 99999):,}（税込）"),
            (
                "price",
                f"Quote: USD {R.randint(1000, 99999):,}.{d(2)} for 12 months, 3 seats.",
            ),
            (
                "measurement",
                f"Server room temperature {R.randint(18, 27)}.{d(1)} °C, humidity {R.randint(30, 60)} %.",
            ),
            (
                "measurement",
                f"Paket: {R.randint(1, 30)},{d(1)} kg, {R.randint(20, 80)} x {R.randint(20, 60)} x {R.randint(10, 40)} cm",
            ),
            (
                "measurement",
                f"p95 latency {R.randint(80, 900)} ms over {R.randint(1000, 90000)} requests",
            ),
            (
                "version",
                f"Upgraded Django {pick(['5.2.1', '5.1.4', '4.2.17'])} and psycopg {pick(['3.2.3', '3.1.19'])}; node v{R.randint(18, 22)}.{R.randint(0, 12)}.{R.randint(0, 9)}",
            ),
            (
                "version",
                f"build {R.randint(2024, 2026)}.{R.randint(1, 12):02d}.{R.randint(1, 28):02d}-rc{R.randint(1, 5)} (commit {rs(HEX, 7)})",
            ),
            (
                "ip",
                f"nginx upstream 10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}:8080 timed out",
            ),
            (
                "ip",
                f"Blocked {R.randint(1, 254)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)} after {R.randint(5, 50)} failed requests (rate limit)",
            ),
            (
                "ip",
                f"IPv6 prefix 2001:db8:{rs(HEX, 4)}::/48 assigned to VLAN {R.randint(10, 400)}",
            ),
            ("order", f"Order #{d(8)} shipped, tracking 1Z{rs(UP + DIG, 16)}"),
            (
                "order",
                f"Bestellnummer {d(10)}, Rechnung RE-{R.randint(2024, 2026)}-{d(5)}",
            ),
            (
                "order",
                f"Ticket INC{d(7)} closed, duplicate of JIRA-{R.randint(100, 9999)}",
            ),
            (
                "part_number",
                f"Replace fan part no. {rs(UP, 3)}-{d(5)}-{rs(UP + DIG, 2)}, serial SN{d(10)}",
            ),
            (
                "part_number",
                f"Ersatzteil Art.-Nr. {d(3)}.{d(3)}.{d(2)} passt zu Modell X{R.randint(100, 999)}",
            ),
            (
                "coordinates",
                f"Office coordinates {R.uniform(-60, 60):.5f}, {R.uniform(-170, 170):.5f}",
            ),
            (
                "time",
                f"Cron: */{R.randint(2, 30)} * * * * runs at {R.randint(0, 23):02d}:{R.randint(0, 59):02d} UTC; epoch {1700000000 + R.randint(0, 90000000)}",
            ),
            (
                "cve",
                f"Patched CVE-{R.randint(2019, 2025)}-{R.randint(1000, 49999)} (CVSS {R.randint(4, 9)}.{d(1)})",
            ),
            (
                "color",
                f"Brand colours: #{rs(HEX, 6)} and #{rs(HEX, 6)}, font size 14px",
            ),
            (
                "flight",
                f"Flight {pick(['LH', 'AF', 'BA', 'NH'])}{R.randint(100, 2999)} departs gate {pick('ABCDE')}{R.randint(1, 60)} at {R.randint(6, 22):02d}:{R.randint(0, 59):02d}",
            ),
            (
                "stats",
                f"Q3 revenue grew {R.randint(2, 40)}.{d(1)}% to {R.randint(1, 99)}.{d(1)}M; churn {R.randint(1, 9)}.{d(1)}%",
            ),
        ]
    )


def c_test_cards():
    return "test_card", pick(
        [
            "Stripe test mode: use card 4242 4242 4242 4242 with any future expiry and any CVC.",
            "For QA use the Visa test number 4111 1111 1111 1111 (sandbox only).",
            "Testkarte Mastercard laut Doku: 5555 5555 5555 4444, Ablaufdatum beliebig.",
            "Amex test card from the payment provider docs: 3782 822463 10005",
            "Declined-card scenario in the sandbox: 4000 0000 0000 0002",
            "テスト用カード番号 4242424242424242（本番では使えません）",
        ]
    )


def c_iban_example():
    return "iban_example", pick(
        [
            "Format example from the ECBS docs: GB82 WEST 1234 5698 7654 32 (sample IBAN, not a real account)",
            "Beispiel-IBAN aus der Doku: DE89 3704 0044 0532 0130 00",
            "IBAN field accepts up to 34 characters (see ISO 13616), country code + 2 check digits + BBAN.",
        ]
    )


def c_phone_like():
    return pick(
        [
            (
                "phone_like",
                "Emergency numbers: 112 in the EU, 911 in the US, 999 in the UK.",
            ),
            (
                "phone_like",
                f"Build number {d(3)}-{d(3)}-{d(4)} failed on the arm64 runner.",
            ),
            (
                "phone_like",
                f"Lot {d(2)} {d(4)} {d(4)} expires {R.randint(2026, 2029)}-{R.randint(1, 12):02d}",
            ),
            (
                "phone_like",
                "Use the fictional number 555-0100 in UI mockups (reserved for fiction).",
            ),
        ]
    )


def c_email_like():
    return "email_like", pick(
        [
            "Use user@example.com as the test address in the signup form.",
            'git config user.email "you@example.com"',
            "Mail-Platzhalter in der Vorlage: {{ customer.email }}",
            "Set DEFAULT_FROM_EMAIL via the environment; never hard-code addresses.",
            "Errors are sent to the on-call mailbox alias defined in settings.ADMINS.",
        ]
    )


def c_secretish_prose():
    return "secret_talk", pick(
        [
            "Rotate the Stripe key every 90 days and store it in Vault.",
            "We moved all passwords to the company password manager last week.",
            "Die API-Keys liegen jetzt im AWS Secrets Manager, nicht mehr in der .env.",
            "Le token a été révoqué et régénéré après l'incident.",
            "La contraseña debe tener al menos 12 caracteres y un símbolo.",
            "パスワードは90日ごとに変更してください。",
            "密码策略：至少12位，包含大小写字母和数字。",
            "Пароль должен быть не короче 12 символов.",
            "Reminder: never paste tokens into Slack; use the secret-sharing link instead.",
            "Şifre sıfırlama bağlantısı 15 dakika geçerlidir.",
        ]
    )


def c_config_safe():
    return "config_safe", pick(
        [
            "server:\n  port: 8080\n  workers: 4\nlogging:\n  level: INFO\nfeature_flags:\n  new_search: true",
            '[tool.ruff]\nline-length = 120\ntarget-version = "py312"',
            'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  LOG_LEVEL: info\n  CACHE_TTL: "300"',
            "FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nRUN pip install -r requirements.txt\nEXPOSE 8000",
            "# .env.example\nDEBUG=false\nDATABASE_URL=\nSECRET_KEY=\nALLOWED_HOSTS=localhost",
            "kubectl get pods -n payments -o wide | grep CrashLoop",
            "docker run --rm -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16",
        ]
    )


def c_base64_blob():
    return "base64", pick(
        [
            f"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA{rs(B64, 60)}",
            f"font-face src: url(data:font/woff2;base64,d09GMgABAAAA{rs(B64, 48)})",
            f"protobuf payload (base64): CgZ{rs(B64, 40)}==",
        ]
    )


def c_random_id():
    return "random_id", pick(
        [
            f"Stripe charge ch_{rs(ALNUM, 24)} refunded.",
            f"Customer cus_{rs(ALNUM, 14)} upgraded to Pro.",
            f"S3 object key uploads/{rs(HEX, 32)}.pdf",
            f"Pod api-{rs(LO + DIG, 10)}-{rs(LO + DIG, 5)} OOMKilled",
            f"Google Analytics property G-{rs(UP + DIG, 10)}",
            f"AWS account 1234567890{d(2)} region eu-west-1, instance i-{rs(HEX, 17)}",
            f"arn:aws:iam::{d(12)}:role/ci-deployer",
        ]
    )


def c_sentry_dsn_public():
    return "public_id", pick(
        [
            f"Stripe publishable key pk_live_{rs(ALNUM, 24)} is embedded in the checkout page (public by design).",
            f"Firebase web config apiKey restricted to our domain; projectId acme-web-{d(4)}",
            f"Google OAuth client id {d(12)}-{rs(LO + DIG, 32)}.apps.googleusercontent.com",
        ]
    )


def c_person_no_pii():
    return "person_mention", pick(
        [
            "Emily from support will follow up on the ticket tomorrow.",
            "Jana Müller leitet ab Montag das Team Plattform.",
            "佐藤さんが来週の会議を担当します。",
            "Julien a validé la maquette hier.",
            "Olek's birthday cake is in the kitchen, come by at 3.",
            "María José Ruiz fue nombrada directora de ventas en 2023.",
        ]
    )


CLEAN_GENS = [
    c_pubkey,
    c_cert,
    c_hash,
    c_commit,
    c_uuid,
    c_doc_example,
    c_placeholder,
    c_dburl_nopw,
    c_company,
    c_fin_ids,
    c_office,
    c_event_date,
    c_numbers,
    c_test_cards,
    c_iban_example,
    c_phone_like,
    c_email_like,
    c_secretish_prose,
    c_config_safe,
    c_base64_blob,
    c_random_id,
    c_sentry_dsn_public,
    c_person_no_pii,
    c_numbers,
    c_company,
    c_pubkey,
    c_doc_example,
    c_placeholder,
    c_hash,
    c_numbers,
]


# ----------------------------------------------------------------------------- assembly
rows: list[dict] = []
seen: set[str] = set()


def add(
    label: str, kind: str, template: str, text: str, value: str | None = None
) -> bool:
    if text in seen:
        return False
    if value is not None:
        assert value in text, (value, text)
    seen.add(text)
    row = {
        "text": text,
        "label": label,
        "kind": kind,
        "template": template,
        "probe": PROBE,
        "id": hashlib.sha256(text.encode()).hexdigest()[:16],
    }
    if value is not None:
        row["value"] = value
    rows.append(row)
    return True


def build_pii() -> None:
    plan: list = []
    plan += [("id", i) for i in range(len(ID_TYPES))]
    plan += [("nino", 0)]
    plan += [("phone", i) for i in range(45)]
    plan += [("email", i) for i in range(len(EMAIL_FRAMES) + 3)]
    plan += [("card", i) for i in range(len(CARD_FRAMES) + 2)]
    plan += [("iban", i) for i in range(len(IBAN_C) - 4)]
    plan += [("passport", i) for i in range(len(PASSPORTS) + 2)]
    plan += [("address", i) for i in range(len(ADDRS))]
    plan += [("dob", i) for i in range(len(DOB_FRAMES))]
    R.shuffle(plan)
    n = 0
    i = 0
    extra = 0
    while n < N_PII:
        if i < len(plan):
            kind, k = plan[i]
        else:
            kind = pick(
                ["id", "id", "phone", "email", "iban", "card", "address", "dob"]
            )
            k = R.randint(0, 10_000)
            extra += 1
        i += 1
        fn = {
            "id": lambda k: pii_id(k % len(ID_TYPES)),
            "nino": lambda k: pii_uk_nino(),
            "phone": pii_phone,
            "email": pii_email,
            "card": pii_card,
            "iban": pii_iban,
            "passport": pii_passport,
            "address": pii_address,
            "dob": pii_dob,
        }[kind]
        kd, tpl, text, v = fn(k)
        if add("pii", kd, tpl, text, v):
            n += 1


def build_cycle(label: str, gens: list, extra: list, target: int) -> None:
    n = 0
    order = list(gens)
    cyc = 0
    while n < target:
        seq = order + extra
        if cyc:
            R.shuffle(seq)
        for g in seq:
            if n >= target:
                break
            kind, text = g()
            if add(label, kind, g.__name__, text):
                n += 1
        cyc += 1


def main() -> None:
    build_pii()
    build_cycle("secret", SECRET_GENS, SECRET_EXTRA, N_SECRET)
    build_cycle("clean", CLEAN_GENS, [], N_CLEAN)
    R.shuffle(rows)
    out = Path(__file__).with_name(f"{NAME}.jsonl")
    with out.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(out, len(rows))
    print(Counter(r["label"] for r in rows))
    for lab in ("secret", "pii", "clean"):
        c = Counter(r["kind"] for r in rows if r["label"] == lab)
        print(lab, len(c), dict(sorted(c.items())))


if __name__ == "__main__":
    main()
