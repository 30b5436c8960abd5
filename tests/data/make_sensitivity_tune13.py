# ruff: noqa: E501, E731, E741, B905, F841 (templates are data, one string per line)
"""Held-back labelled set "tune13" for a sensitivity gate (secrets / personal data / clean).

Writes sensitivity_tune13.jsonl next to this script. Deterministic (fixed seed, no OS randomness:
RSA primes, EC/Ed25519 keys and OpenSSH serialisation are all derived from the seeded RNG).

Rows: 600 = 220 secret + 220 pii + 160 clean.
Extras required for this set:
  * >= 25 clean rows about public / historical figures' birth dates and famous addresses
    (official residences, museums);
  * >= 20 secret rows that are multi-word passphrases used as passwords / Wi-Fi keys, several languages;
  * >= 20 pii rows with private home addresses written WITHOUT any cue word.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import importlib
import json
import os
import random
import string
import struct
import unicodedata
import zlib
from collections import Counter

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import NameOID
from phonenumbers import PhoneNumberFormat, PhoneNumberType
from stdnum import iban as std_iban
from stdnum import luhn

SET = "tune13"
SEED = 13_2026_0613
rng = random.Random(SEED)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, f"sensitivity_{SET}.jsonl")

DIG = string.digits
UP = string.ascii_uppercase
LO = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
LOALNUM = LO + DIG
UPALNUM = UP + DIG
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
B64 = ALNUM + "+/"


def rs(alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def digits(n: int) -> str:
    return rs(DIG, n)


def pick(seq):
    return rng.choice(seq)


def rdate(y0=1948, y1=2005) -> datetime.date:
    a = datetime.date(y0, 1, 1)
    b = datetime.date(y1, 12, 31)
    return a + datetime.timedelta(days=rng.randrange((b - a).days))


def ascii_fold(s: str) -> str:
    s = (
        s.replace("ø", "o")
        .replace("Ø", "O")
        .replace("æ", "ae")
        .replace("å", "a")
        .replace("ß", "ss")
    )
    s = s.replace("ł", "l").replace("Ł", "L").replace("đ", "d")
    return "".join(c for c in unicodedata.normalize("NFKD", s) if ord(c) < 128)


# ----------------------------------------------------------------------------------------------
# rows
# ----------------------------------------------------------------------------------------------
ROWS: list[dict] = []
SEEN: set[str] = set()
LANGS: Counter = Counter()
NATURAL_LANGS: set[str] = set()
CODE_LANG = "code"


def add(
    label: str, kind: str, template: str, text: str, lang: str, value: str | None = None
) -> bool:
    if text in SEEN:
        return False
    if label == "pii":
        assert value, (kind, template, text)
        assert value in text, (kind, template, value, text)
    SEEN.add(text)
    row = {
        "text": text,
        "label": label,
        "kind": kind,
        "template": template,
        "probe": SET,
        "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
    }
    if label == "pii":
        row["value"] = value
    ROWS.append(row)
    LANGS[lang] += 1
    if lang != CODE_LANG:
        NATURAL_LANGS.add(lang)
    return True


# ----------------------------------------------------------------------------------------------
# names
# ----------------------------------------------------------------------------------------------
NAMES = {
    "en": [
        "James Walker",
        "Emily Thompson",
        "Michael Hughes",
        "Sarah Bennett",
        "Daniel Carter",
        "Olivia Mitchell",
        "Robert Reynolds",
        "Hannah Fletcher",
        "Chris Sullivan",
        "Megan Porter",
    ],
    "de": [
        "Lena Hoffmann",
        "Jonas Schäfer",
        "Katrin Becker",
        "Matthias Krüger",
        "Sabine Wagner",
        "Florian Neumann",
        "Anja Zimmermann",
        "Tobias Hartmann",
        "Miriam Vogel",
        "Uwe Brandt",
    ],
    "fr": [
        "Camille Lefèvre",
        "Julien Moreau",
        "Élodie Girard",
        "Thomas Fournier",
        "Sophie Rousseau",
        "Mathieu Lambert",
        "Chloé Bonnet",
        "Nicolas Mercier",
        "Manon Dupuis",
        "Antoine Chevalier",
    ],
    "es": [
        "Lucía García",
        "Javier Fernández",
        "Marta López",
        "Alejandro Martínez",
        "Carmen Sánchez",
        "Pablo Romero",
        "Elena Navarro",
        "Sergio Torres",
        "Nuria Domínguez",
        "Diego Ortega",
    ],
    "it": [
        "Giulia Rossi",
        "Marco Bianchi",
        "Chiara Esposito",
        "Luca Colombo",
        "Francesca Ricci",
        "Alessandro Marino",
        "Sara Greco",
        "Matteo Bruno",
        "Elisa Gallo",
        "Davide Conti",
    ],
    "pt": [
        "Ana Silva",
        "João Santos",
        "Beatriz Oliveira",
        "Pedro Souza",
        "Mariana Pereira",
        "Rafael Costa",
        "Inês Rodrigues",
        "Tiago Almeida",
        "Camila Ferreira",
        "Lucas Carvalho",
    ],
    "nl": [
        "Sanne de Vries",
        "Daan Jansen",
        "Femke van Dijk",
        "Bram Bakker",
        "Lotte Visser",
        "Joris Smit",
        "Eva Meijer",
        "Thijs de Boer",
        "Anouk Mulder",
        "Ruben Bos",
    ],
    "pl": [
        "Agnieszka Nowak",
        "Tomasz Wójcik",
        "Katarzyna Mazur",
        "Piotr Krawczyk",
        "Magdalena Kaczmarek",
        "Krzysztof Zając",
        "Joanna Król",
        "Marcin Wróbel",
        "Ewa Sikora",
        "Paweł Baran",
    ],
    "sv": [
        "Erik Lindqvist",
        "Anna Johansson",
        "Johan Berg",
        "Sara Nyström",
        "Lars Holm",
        "Maja Sandberg",
        "Oskar Lundgren",
        "Elin Ek",
        "Nils Forsberg",
        "Ingrid Åberg",
    ],
    "no": [
        "Kari Hansen",
        "Ola Johansen",
        "Ingrid Olsen",
        "Magnus Larsen",
        "Sigrid Berntsen",
        "Henrik Haugen",
    ],
    "da": [
        "Mette Nielsen",
        "Søren Jensen",
        "Freja Pedersen",
        "Rasmus Andersen",
        "Line Christensen",
        "Mads Sørensen",
    ],
    "fi": [
        "Aino Virtanen",
        "Mikko Korhonen",
        "Laura Mäkinen",
        "Jussi Nieminen",
        "Elina Laine",
        "Antti Heikkinen",
    ],
    "et": ["Kadri Tamm", "Mart Saar", "Liis Sepp", "Tõnu Mägi"],
    "lt": [
        "Rūta Kazlauskienė",
        "Tomas Jankauskas",
        "Eglė Petrauskaitė",
        "Mantas Stankevičius",
    ],
    "lv": ["Ilze Bērziņa", "Jānis Kalniņš", "Līga Ozoliņa", "Edgars Liepiņš"],
    "ro": ["Andreea Popescu", "Mihai Ionescu", "Ioana Dumitru", "Bogdan Stan"],
    "bg": ["Мария Петрова", "Георги Димитров", "Елена Иванова", "Иван Георгиев"],
    "hr": ["Ivana Horvat", "Marko Kovačević", "Petra Babić", "Luka Marić"],
    "sl": ["Nina Novak", "Matej Horvat", "Eva Krajnc", "Jure Zupančič"],
    "cs": ["Tereza Svobodová", "Jakub Novák", "Lucie Dvořáková", "Ondřej Černý"],
    "sk": ["Zuzana Horváthová", "Martin Kováč", "Jana Vargová", "Peter Tóth"],
    "el": [
        "Μαρία Παπαδοπούλου",
        "Γιώργος Νικολάου",
        "Ελένη Γεωργίου",
        "Δημήτρης Κωνσταντίνου",
    ],
    "hu": ["Nagy Eszter", "Kovács Bence", "Tóth Réka", "Szabó Gergely"],
    "is": ["Guðrún Jónsdóttir", "Sigurður Einarsson"],
    "tr": [
        "Ayşe Yılmaz",
        "Mehmet Kaya",
        "Elif Demir",
        "Emre Şahin",
        "Zeynep Çelik",
        "Burak Aydın",
    ],
    "ru": [
        "Анна Смирнова",
        "Дмитрий Кузнецов",
        "Ольга Попова",
        "Сергей Волков",
        "Екатерина Морозова",
        "Алексей Лебедев",
    ],
    "uk": ["Олена Шевченко", "Андрій Коваленко", "Ірина Бондаренко", "Тарас Ткаченко"],
    "ja": [
        "佐藤 美咲",
        "鈴木 翔太",
        "高橋 由美",
        "田中 健一",
        "伊藤 さくら",
        "渡辺 大輔",
    ],
    "zh": ["王芳", "李伟", "张敏", "刘洋", "陈静", "杨磊"],
    "ko": ["김민준", "이서연", "박지훈", "최수빈", "정하늘"],
    "hi": ["राहुल शर्मा", "प्रिया वर्मा", "अमित पटेल", "सुनीता गुप्ता"],
    "id": ["Budi Santoso", "Siti Rahayu", "Dewi Lestari", "Agus Wijaya"],
    "ms": ["Nurul Aisyah binti Ahmad", "Muhammad Hafiz bin Ismail", "Tan Wei Ling"],
    "th": ["สมชาย ใจดี", "สุดารัตน์ ศรีสุข", "ธนพล วงศ์ไทย"],
    "vi": ["Nguyễn Văn An", "Trần Thị Mai", "Lê Minh Tuấn", "Phạm Thu Hà"],
    "he": ["נועה כהן", "יוסי לוי", "מיכל מזרחי", "אבי פרץ"],
    "ar": ["محمد العتيبي", "فاطمة الزهراء", "أحمد حسن", "ليلى منصور"],
    "sw": ["Wanjiru Kamau", "Otieno Ochieng", "Amina Mwangi"],
    "af": ["Annelie Botha", "Pieter van der Merwe"],
    "ur": ["عمران خان", "عائشہ بی بی"],
}
ROMAN = {  # ASCII handles for e-mail local parts of non-Latin names
    "ja": ["misaki.sato", "shota.suzuki", "yumi_takahashi", "k.tanaka"],
    "zh": ["wangfang1988", "li.wei", "zhangmin_sh", "liuyang.bj"],
    "ko": ["minjun.kim", "seoyeon.lee", "jihoon_park"],
    "ru": ["anna.smirnova", "d.kuznetsov", "olga_popova"],
    "uk": ["olena.shevchenko", "andrii.kovalenko"],
    "el": ["maria.papadopoulou", "g.nikolaou"],
    "ar": ["m.alotaibi", "fatima.zahra"],
    "he": ["noa.cohen", "yossi.levi"],
    "hi": ["rahul.sharma", "priya.verma91"],
    "th": ["somchai.j", "sudarat.s"],
    "bg": ["maria.petrova", "g.dimitrov"],
}


def name(lang: str) -> str:
    return pick(NAMES.get(lang, NAMES["en"]))


# ----------------------------------------------------------------------------------------------
# PII: national identifiers (valid per python-stdnum)
# ----------------------------------------------------------------------------------------------
def yymmdd(d):
    return d.strftime("%y%m%d")


def ddmmyy(d):
    return d.strftime("%d%m%y")


MX_STATES = "AS BC BS CC CL CM CS CH DF DG GT GR HG JC MC MN MS NT NL OC PL QT QR SP SL SR TC TS TL VZ YN ZS".split()
CONS = "BCDFGHJKLMNPRSTVZ"
VOW = "AEIOU"


def c_curp():
    d = rdate(1950, 2004)
    return (
        pick(CONS)
        + pick(VOW)
        + pick(CONS)
        + pick(CONS)
        + yymmdd(d)
        + pick("HM")
        + pick(MX_STATES)
        + pick(CONS)
        + pick(CONS)
        + pick(CONS)
        + ("0" if d.year < 2000 else "A")
        + pick(DIG)
    )


def c_cn_ric():
    d = rdate(1955, 2003)
    return (
        pick(["110101", "310104", "440305", "330106", "510107", "420106"])
        + d.strftime("%Y%m%d")
        + digits(3)
        + pick(DIG + "X")
    )


def c_kr_rrn():
    d = rdate(1950, 2005)
    g = pick("12") if d.year < 2000 else pick("34")
    return yymmdd(d) + g + digits(6)


def c_id_nik():
    d = rdate(1955, 2003)
    day = d.day + (40 if rng.random() < 0.5 else 0)
    return (
        pick(["317101", "327301", "357801", "337401", "517101"])
        + f"{day:02d}"
        + d.strftime("%m%y")
        + digits(4)
    )


def c_my_nric():
    d = rdate(1955, 2004)
    return yymmdd(d) + pick(["01", "02", "05", "07", "08", "10", "14"]) + digits(4)


def c_za():
    d = rdate(1950, 2004)
    return yymmdd(d) + digits(4) + pick("01") + "8" + pick(DIG)


def c_mu():
    d = rdate(1950, 2004)
    return pick(UP) + ddmmyy(d) + digits(6) + pick(UPALNUM)


def c_fr_nir():
    d = rdate(1950, 2004)
    return (
        pick("12")
        + d.strftime("%y%m")
        + f"{rng.randint(1, 95):02d}"
        + digits(3)
        + digits(3)
        + digits(2)
    )


def c_it_cf():
    d = rdate(1950, 2004)
    day = d.day + (40 if rng.random() < 0.5 else 0)
    return (
        rs(UP, 6)
        + d.strftime("%y")
        + "ABCDEHLMPRST"[d.month - 1]
        + f"{day:02d}"
        + pick("ABCDEFGHILM")
        + digits(3)
        + pick(UP)
    )


def c_pesel():
    d = rdate(1950, 2005)
    m = d.month + (20 if d.year >= 2000 else 0)
    return d.strftime("%y") + f"{m:02d}" + d.strftime("%d") + digits(5)


def c_se():
    d = rdate(1950, 2004)
    return yymmdd(d) + "-" + digits(4)


def c_no():
    d = rdate(1950, 2004)
    return ddmmyy(d) + digits(5)


def c_dk():
    d = rdate(1950, 2004)
    return ddmmyy(d) + digits(4)


def c_fi():
    d = rdate(1950, 2004)
    return (
        ddmmyy(d)
        + ("-" if d.year < 2000 else "A")
        + f"{rng.randint(2, 899):03d}"
        + pick("0123456789ABCDEFHJKLMNPRSTUVWXY")
    )


def c_ee():
    d = rdate(1950, 2004)
    g = pick("34") if d.year < 2000 else pick("56")
    return g + yymmdd(d) + digits(4)


def c_lv():
    d = rdate(1950, 2004)
    return ddmmyy(d) + "-" + ("1" if d.year < 2000 else "2") + digits(4)


def c_ro():
    d = rdate(1950, 2004)
    s = pick("12") if d.year < 2000 else pick("56")
    return s + yymmdd(d) + f"{rng.randint(1, 46):02d}" + digits(4)


def c_bg():
    d = rdate(1950, 1999)
    return yymmdd(d) + digits(4)


def c_si():
    d = rdate(1950, 2004)
    return d.strftime("%d%m") + f"{d.year % 1000:03d}" + "50" + digits(4)


def c_cz():
    d = rdate(1955, 2004)
    m = d.month + (50 if rng.random() < 0.5 else 0)
    return d.strftime("%y") + f"{m:02d}" + d.strftime("%d") + "/" + digits(4)


def c_amka():
    d = rdate(1950, 2004)
    return ddmmyy(d) + digits(5)


def c_kt():
    d = rdate(1950, 1999)
    return ddmmyy(d) + "-" + digits(3) + "9"


def c_at():
    d = rdate(1950, 2004)
    return str(rng.randint(1, 9)) + digits(3) + ddmmyy(d)


def c_be():
    d = rdate(1950, 1999)
    return yymmdd(d) + digits(5)


def c_cu():
    d = rdate(1950, 1999)
    return yymmdd(d) + pick("012345") + digits(4)


def c_sg_nric():
    pre = pick("ST")
    body = digits(7)
    w = [2, 7, 6, 5, 4, 3, 2]
    s = sum(int(a) * b for a, b in zip(body, w)) + (4 if pre in "TG" else 0)
    return pre + body + "JZIHGFEDCBA"[s % 11]


class _SG:  # Singapore NRIC (not in stdnum): weights 2765432, S/T table
    @staticmethod
    def is_valid(n):
        if len(n) != 9 or n[0] not in "ST" or not n[1:8].isdigit():
            return False
        w = [2, 7, 6, 5, 4, 3, 2]
        s = sum(int(a) * b for a, b in zip(n[1:8], w)) + (4 if n[0] == "T" else 0)
        return n[8] == "JZIHGFEDCBA"[s % 11]


# (module, candidate, lang, [templates]); {n}=name, {v}=value
NID_SPECS = [
    (
        "us.ssn",
        lambda: (
            f"{rng.randint(1, 899):03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
        ),
        "en",
        [
            "{n}'s SSN is {v}; please update the W-4 before Friday.",
            "SSN for the background check ({n}): {v}",
        ],
    ),
    ("br.cpf", lambda: digits(11), "pt", ["Segue o CPF de {n} para o cadastro: {v}."]),
    (
        "ar.dni",
        lambda: str(rng.randint(10, 45)) + digits(6),
        "es",
        ["El DNI de {n} es {v}, lo necesito para el contrato de alquiler."],
    ),
    (
        "ar.cuit",
        lambda: pick(["20", "27", "23"]) + digits(9),
        "es",
        ["Facturale a {n}, CUIT {v}, monotributista."],
    ),
    (
        "cl.rut",
        lambda: str(rng.randint(10_000_000, 25_999_999)) + pick(DIG + "K"),
        "es",
        ["Mi RUT es {v}, por si lo necesitas para la boleta. — {n}"],
    ),
    (
        "mx.curp",
        c_curp,
        "es",
        ["La CURP de {n} es {v}; ya la validé en el portal del SAT."],
    ),
    (
        "pe.cui",
        lambda: str(rng.randint(10, 79)) + digits(6) + pick(DIG),
        "es",
        ["DNI de {n}: {v} (trámite en RENIEC pendiente)."],
    ),
    (
        "ec.ci",
        lambda: f"{rng.randint(1, 24):02d}{rng.randint(0, 5)}" + digits(7),
        "es",
        ["Cédula de identidad: {v} — {n}, Quito."],
    ),
    (
        "do.cedula",
        lambda: "0" + digits(10),
        "es",
        ["{n}, cédula {v}, firmó el pagaré ayer."],
    ),
    ("cu.ni", c_cu, "es", ["Carné de identidad de {n}: {v}"]),
    (
        "cr.cpf",
        lambda: "0" + str(rng.randint(1, 7)) + digits(8),
        "es",
        ["Número de cédula de {n}: {v}, para la inscripción del colegio."],
    ),
    (
        "ca.sin",
        lambda: str(rng.randint(1, 7)) + digits(8),
        "fr",
        ["Mon NAS est le {v}, pour la déclaration de revenus. {n}"],
    ),
    ("cn.ric", c_cn_ric, "zh", ["{n}的身份证号是{v}，请帮忙核对一下。"]),
    (
        "jp.in_",
        lambda: digits(12),
        "ja",
        ["{n}さんのマイナンバーは{v}です。年末調整の書類に記入してください。"],
    ),
    ("kr.rrn", c_kr_rrn, "ko", ["{n} 주민등록번호: {v} (계약서 작성용)"]),
    (
        "in_.aadhaar",
        lambda: str(rng.randint(2, 9)) + digits(11),
        "hi",
        ["{n} का आधार नंबर {v} है।"],
    ),
    (
        "in_.pan",
        lambda: rs(UP, 3) + "P" + pick(UP) + digits(4) + pick(UP),
        "en",
        ["PAN of {n} for the TDS filing: {v}"],
    ),
    ("id.nik", c_id_nik, "id", ["NIK {n}: {v}, sesuai KTP yang dilampirkan."]),
    ("my.nric", c_my_nric, "ms", ["No. MyKad {n} ialah {v}."]),
    (
        "th.pin",
        lambda: str(rng.randint(1, 8)) + digits(12),
        "th",
        ["เลขประจำตัวประชาชนของ{n}คือ {v}"],
    ),
    (
        "pk.cnic",
        lambda: str(rng.randint(1, 7)) + digits(12),
        "ur",
        ["{n} کا شناختی کارڈ نمبر {v} ہے۔"],
    ),
    ("il.idnr", lambda: digits(9), "he", ["מספר תעודת הזהות של {n} הוא {v}"]),
    (
        "tr.tckimlik",
        lambda: str(rng.randint(1, 9)) + digits(10),
        "tr",
        ["{n} — T.C. kimlik no: {v}, sözleşmeye eklendi."],
    ),
    ("za.idnr", c_za, "af", ["{n} se ID-nommer is {v}."]),
    ("ke.pin", lambda: "A" + digits(9) + pick(UP), "sw", ["PIN ya KRA ya {n} ni {v}."]),
    ("mu.nid", c_mu, "fr", ["Numéro de carte d'identité mauricienne de {n} : {v}"]),
    ("gh.tin", lambda: "P" + digits(10), "en", ["Ghana Card PIN / TIN for {n}: {v}"]),
    (
        "mz.nuit",
        lambda: "1" + digits(8),
        "pt",
        ["NUIT de {n}: {v}, para o contrato de trabalho."],
    ),
    (
        "au.tfn",
        lambda: digits(9),
        "en",
        ["My TFN is {v} if payroll needs it again. Cheers, {n}"],
    ),
    (
        "nz.ird",
        lambda: str(rng.randint(1, 1)) + digits(8),
        "en",
        ["IRD number for {n}: {v}"],
    ),
    (
        "de.idnr",
        lambda: str(rng.randint(1, 9)) + digits(10),
        "de",
        ["Steuer-ID von {n}: {v} (für die Lohnabrechnung)."],
    ),
    ("fr.nir", c_fr_nir, "fr", ["Numéro de sécurité sociale de {n} : {v}"]),
    (
        "es.dni",
        lambda: digits(8) + pick(UP),
        "es",
        ["{n} (DNI {v}) ya está en la lista del curso de verano."],
    ),
    ("es.nie", lambda: pick("XYZ") + digits(7) + pick(UP), "es", ["NIE de {n}: {v}"]),
    ("it.codicefiscale", c_it_cf, "it", ["Il codice fiscale di {n} è {v}."]),
    ("nl.bsn", lambda: digits(9), "nl", ["BSN van {n}: {v} — graag niet doorsturen."]),
    ("be.nn", c_be, "nl", ["Rijksregisternummer van {n}: {v}"]),
    ("pl.pesel", c_pesel, "pl", ["PESEL {n}: {v}"]),
    ("se.personnummer", c_se, "sv", ["Personnummer: {v} ({n})"]),
    ("no.fodselsnummer", c_no, "no", ["Fødselsnummeret til {n} er {v}."]),
    ("dk.cpr", c_dk, "da", ["CPR-nummer for {n}: {v}"]),
    ("fi.hetu", c_fi, "fi", ["Henkilötunnus: {v} ({n})"]),
    ("ee.ik", c_ee, "et", ["Isikukood: {v} — {n}"]),
    ("lt.asmens", c_ee, "lt", ["Asmens kodas: {v} ({n})"]),
    ("lv.pvn", c_lv, "lv", ["Personas kods: {v}, {n}"]),
    ("ro.cnp", c_ro, "ro", ["CNP {n}: {v}"]),
    ("bg.egn", c_bg, "bg", ["ЕГН на {n}: {v}"]),
    ("hr.oib", lambda: str(rng.randint(1, 9)) + digits(10), "hr", ["{n}, OIB: {v}"]),
    ("si.emso", c_si, "sl", ["EMŠO: {v} ({n})"]),
    ("cz.rc", c_cz, "cs", ["Rodné číslo {n}: {v}"]),
    ("sk.rc", c_cz, "sk", ["Rodné číslo: {v}, {n}"]),
    (
        "pt.cc",
        lambda: digits(8) + " " + pick(DIG) + " " + rs(UP, 2) + pick(DIG),
        "pt",
        ["Cartão de Cidadão n.º {v} — {n}"],
    ),
    ("gr.amka", c_amka, "el", ["ΑΜΚΑ: {v} ({n})"]),
    ("ie.pps", lambda: digits(7) + pick(UP), "en", ["PPS number for {n}: {v}"]),
    ("is_.kennitala", c_kt, "is", ["Kennitala: {v} ({n})"]),
    ("ch.ssn", lambda: "756" + digits(10), "de", ["AHV-Nummer von {n}: {v}"]),
    ("at.vnr", c_at, "de", ["Sozialversicherungsnummer {n}: {v}"]),
    ("gb.nhs", lambda: digits(10), "en", ["{n}'s NHS number is {v}."]),
    ("ua.rntrc", lambda: digits(10), "uk", ["РНОКПП {n}: {v}"]),
    ("ru.inn", lambda: str(rng.randint(1, 9)) + digits(11), "ru", ["ИНН {n}: {v}"]),
    ("md.idno", lambda: "2" + digits(12), "ro", ["IDNP: {v} ({n})"]),
    (
        "co.nit",
        lambda: str(rng.randint(1, 9)) + digits(9),
        "es",
        ["NIT de {n} para la factura: {v}"],
    ),
    ("ve.rif", lambda: "V" + digits(9), "es", ["RIF personal de {n}: {v}"]),
    ("gt.nit", lambda: digits(7) + pick(DIG + "K"), "es", ["NIT {n}: {v}"]),
    ("vn.mst", lambda: "8" + digits(9), "vi", ["Mã số thuế cá nhân của {n} là {v}."]),
    ("sg.nric", c_sg_nric, "en", ["NRIC of {n}: {v}"]),
]


def load_mod(key):
    if key == "sg.nric":
        return _SG
    return importlib.import_module("stdnum." + key)


def gen_nid(key, cand):
    mod = load_mod(key)
    for _ in range(300000):
        c = cand()
        if mod.is_valid(c):
            shown = c
            if hasattr(mod, "format") and rng.random() < 0.65:
                try:
                    f = mod.format(c)
                    if mod.is_valid(f):
                        shown = f
                except Exception:
                    pass
            return shown
    raise RuntimeError("no valid id for " + key)


def gen_pii_national_ids():
    for key, cand, lang, tmpls in NID_SPECS:
        for _ in range(50):
            v = gen_nid(key, cand)
            n = name(lang)
            t = pick(tmpls)
            if add("pii", "national_id", f"nid.{key}", t.format(n=n, v=v), lang, v):
                break


# ----------------------------------------------------------------------------------------------
# PII: phone numbers
# ----------------------------------------------------------------------------------------------
PHONE_T = {
    "en": [
        "You can reach {n} on {v} after 6pm.",
        "{n}'s mobile: {v}",
        "Call me back at {v}, thanks — {n}",
    ],
    "de": ["{n} ist unter {v} erreichbar.", "Meine Handynummer: {v} – {n}"],
    "fr": [
        "Vous pouvez joindre {n} au {v}.",
        "Mon portable : {v} (rappelle-moi ce soir)",
    ],
    "es": [
        "Llama a {n} al {v} para confirmar la cita.",
        "Mi móvil es {v}, escríbeme por WhatsApp.",
    ],
    "it": ["Il cellulare di {n} è {v}.", "Chiamami al {v} quando arrivi."],
    "pt": ["O celular de {n} é {v}.", "Me liga no {v} quando chegar."],
    "nl": ["Je kunt {n} bellen op {v}."],
    "pl": ["Numer telefonu {n}: {v}"],
    "sv": ["Ring {n} på {v} om något händer."],
    "no": ["Ring meg på {v}, hilsen {n}."],
    "da": ["Du kan ringe til {n} på {v}."],
    "fi": ["Puhelinnumeroni on {v}, terveisin {n}."],
    "tr": ["Cep telefonum: {v} ({n})"],
    "ru": ["Телефон {n}: {v}", "Мой номер: {v}, звоните после шести."],
    "uk": ["Мій номер телефону {v}. {n}"],
    "ja": ["{n}さんの携帯番号は{v}です。"],
    "zh": ["{n}的手机号是{v}。"],
    "ko": ["{n} 씨 휴대폰 번호는 {v} 입니다."],
    "he": ["המספר של {n} הוא {v}"],
    "ar": ["رقم جوال {n} هو {v}"],
    "hi": ["{n} का मोबाइल नंबर {v} है।"],
    "id": ["Nomor HP {n}: {v}"],
    "ms": ["Nombor telefon {n} ialah {v}."],
    "th": ["เบอร์โทรของ{n}คือ {v}"],
    "vi": ["Số điện thoại của {n} là {v}."],
    "el": ["Το κινητό μου είναι {v}. {n}"],
    "cs": ["Moje číslo je {v}, ozvi se. {n}"],
    "hu": ["A telefonszámom {v}. Üdv, {n}"],
    "ro": ["Numărul meu de telefon este {v}. {n}"],
    "sw": ["Namba ya simu ya {n} ni {v}."],
    "af": ["Bel my by {v}. Groete, {n}"],
}
PHONE_REGIONS = [
    ("DE", "de"),
    ("FR", "fr"),
    ("ES", "es"),
    ("IT", "it"),
    ("PT", "pt"),
    ("BR", "pt"),
    ("MX", "es"),
    ("AR", "es"),
    ("CO", "es"),
    ("US", "en"),
    ("GB", "en"),
    ("CA", "en"),
    ("AU", "en"),
    ("IN", "hi"),
    ("JP", "ja"),
    ("CN", "zh"),
    ("KR", "ko"),
    ("RU", "ru"),
    ("UA", "uk"),
    ("PL", "pl"),
    ("NL", "nl"),
    ("CH", "de"),
    ("SE", "sv"),
    ("NO", "no"),
    ("DK", "da"),
    ("FI", "fi"),
    ("TR", "tr"),
    ("IL", "he"),
    ("SA", "ar"),
    ("KE", "sw"),
    ("ZA", "af"),
    ("ID", "id"),
    ("MY", "ms"),
    ("TH", "th"),
    ("VN", "vi"),
    ("GR", "el"),
    ("CZ", "cs"),
    ("HU", "hu"),
    ("RO", "ro"),
    ("NG", "en"),
]


def gen_phone_number(region, ntype=PhoneNumberType.MOBILE):
    ex = phonenumbers.example_number_for_type(region, ntype)
    nsn = phonenumbers.national_significant_number(ex)
    for _ in range(5000):
        k = min(len(nsn) - 2, 7)
        cand = nsn[:-k] + digits(k)
        if cand == nsn:
            continue
        p = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if phonenumbers.is_valid_number(p) and phonenumbers.number_type(p) in (
            ntype,
            PhoneNumberType.FIXED_LINE_OR_MOBILE,
        ):
            return p
    raise RuntimeError(region)


def fmt_phone(p):
    r = rng.random()
    if r < 0.45:
        return phonenumbers.format_number(p, PhoneNumberFormat.INTERNATIONAL)
    if r < 0.85:
        return phonenumbers.format_number(p, PhoneNumberFormat.NATIONAL)
    return phonenumbers.format_number(p, PhoneNumberFormat.E164)


def gen_pii_phones(n_rows):
    regions = PHONE_REGIONS[:]
    rng.shuffle(regions)
    i = 0
    made = 0
    while made < n_rows:
        region, lang = regions[i % len(regions)]
        i += 1
        p = gen_phone_number(region)
        v = fmt_phone(p)
        t = pick(PHONE_T[lang])
        if add(
            "pii",
            "phone",
            f"phone.{region}.{lang}",
            t.format(n=name(lang), v=v),
            lang,
            v,
        ):
            made += 1


# ----------------------------------------------------------------------------------------------
# PII: e-mail (plain + obfuscated)
# ----------------------------------------------------------------------------------------------
EMAIL_DOMAINS = {
    "en": ["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me"],
    "de": ["web.de", "gmx.de", "t-online.de", "posteo.de"],
    "fr": ["orange.fr", "free.fr", "laposte.net"],
    "es": ["yahoo.es", "hotmail.es", "telefonica.net"],
    "it": ["libero.it", "virgilio.it", "tiscali.it"],
    "pt": ["uol.com.br", "bol.com.br", "sapo.pt"],
    "nl": ["ziggo.nl", "kpnmail.nl", "hotmail.nl"],
    "pl": ["wp.pl", "o2.pl", "interia.pl"],
    "sv": ["telia.com", "hotmail.se"],
    "cs": ["seznam.cz", "centrum.cz"],
    "ru": ["mail.ru", "yandex.ru"],
    "ja": ["docomo.ne.jp", "yahoo.co.jp"],
    "zh": ["qq.com", "163.com"],
    "ko": ["naver.com", "daum.net"],
    "tr": ["hotmail.com.tr", "yandex.com.tr"],
    "fi": ["elisanet.fi", "luukku.com"],
    "da": ["mail.dk", "jubii.dk"],
    "hu": ["freemail.hu", "citromail.hu"],
}
EMAIL_T = {
    "en": [
        "Send the signed lease to {v} — {n}",
        "{n}'s personal email is {v}.",
        "Reply to me at {v}, not my work account.",
    ],
    "de": [
        "Schreib mir einfach an {v}, Gruß {n}",
        "Die private E-Mail von {n} ist {v}.",
    ],
    "fr": ["Mon adresse perso : {v}", "Envoie les photos à {n} sur {v}."],
    "es": ["Escríbeme a {v} y te mando el presupuesto.", "El correo de {n} es {v}."],
    "it": ["Scrivimi a {v}, grazie. {n}", "L'email personale di {n} è {v}."],
    "pt": ["Meu e-mail pessoal é {v}.", "Manda o contrato para {v}, por favor."],
    "nl": ["Mail me op {v}, groetjes {n}"],
    "pl": ["Mój prywatny e-mail: {v}"],
    "sv": ["Maila mig på {v}. /{n}"],
    "cs": ["Můj e-mail je {v}."],
    "ru": ["Пишите мне на {v}."],
    "ja": ["個人のメールアドレスは{v}です。"],
    "zh": ["请把文件发到我的邮箱{v}。"],
    "ko": ["제 개인 이메일은 {v} 입니다."],
    "tr": ["Kişisel e-posta adresim: {v}"],
    "fi": ["Sähköpostini on {v}."],
    "da": ["Skriv til mig på {v}."],
    "hu": ["Az e-mail címem: {v}"],
}


def local_part(lang, person=None):
    if lang in ROMAN:
        return pick(ROMAN[lang])
    n = ascii_fold(person or name(lang)).lower().replace(" ", ".")
    first, *rest = n.split(".")
    last = rest[-1] if rest else "x"
    return pick(
        [
            f"{first}.{last}",
            f"{first[0]}{last}",
            f"{first}_{last}{rng.randint(70, 99)}",
            f"{first}{last}{rng.randint(1, 99)}",
            f"{last}.{first}",
        ]
    )


def gen_pii_emails(n_plain, n_obf):
    langs = list(EMAIL_T)
    made = 0
    i = 0
    while made < n_plain:
        lang = langs[i % len(langs)]
        i += 1
        n = name(lang)
        v = f"{local_part(lang, n)}@{pick(EMAIL_DOMAINS.get(lang, EMAIL_DOMAINS['en']))}"
        if add(
            "pii",
            "email",
            f"email.{lang}",
            pick(EMAIL_T[lang]).format(n=n, v=v),
            lang,
            v,
        ):
            made += 1
    OBF = [
        (
            "en",
            lambda l, d: f"{l} at {d.replace('.', ' dot ')}",
            "My email is {v} (spam bots, go away).",
        ),
        (
            "en",
            lambda l, d: f"{l} [at] {d.replace('.', ' [dot] ')}",
            "Contact {n}: {v}",
        ),
        ("de", lambda l, d: f"{l}(at){d}", "Privat erreichbar unter {v}"),
        (
            "de",
            lambda l, d: f"{l} (ät) {d.replace('.', ' (punkt) ')}",
            "Mail an {v}, bitte.",
        ),
        (
            "es",
            lambda l, d: f"{l} arroba {d.replace('.', ' punto ')}",
            "Mi correo: {v}",
        ),
        ("fr", lambda l, d: f"{l} chez {d.replace('.', ' point ')}", "Écris-moi : {v}"),
        (
            "it",
            lambda l, d: f"{l} chiocciola {d.replace('.', ' punto ')}",
            "La mia mail è {v}",
        ),
        (
            "pt",
            lambda l, d: f"{l} arroba {d.replace('.', ' ponto ')}",
            "Meu e-mail: {v}",
        ),
        (
            "nl",
            lambda l, d: f"{l} apenstaartje {d.replace('.', ' punt ')}",
            "Mijn mail: {v}",
        ),
        ("pl", lambda l, d: f"{l} małpa {d.replace('.', ' kropka ')}", "Pisz na {v}"),
        (
            "en",
            lambda l, d: f"{l.replace('.', ' dot ')} at {d.replace('.', ' dot ')}",
            "{n} said to write to {v}.",
        ),
        ("ru", lambda l, d: f"{l} собака {d.replace('.', ' точка ')}", "Почта: {v}"),
    ]
    rng.shuffle(OBF)
    made = 0
    i = 0
    while made < n_obf:
        lang, f, t = OBF[i % len(OBF)]
        i += 1
        dom = pick(EMAIL_DOMAINS.get(lang, EMAIL_DOMAINS["en"]))
        n = name(lang)
        v = f(local_part(lang, n), dom)
        if add(
            "pii", "email_obfuscated", f"email_obf.{lang}", t.format(n=n, v=v), lang, v
        ):
            made += 1


# ----------------------------------------------------------------------------------------------
# PII: payment cards, IBAN, passports, DOB, home addresses
# ----------------------------------------------------------------------------------------------
def card_number(brand):
    spec = {
        "visa": (lambda: "4", 16),
        "mastercard": (lambda: str(rng.randint(51, 55)), 16),
        "mastercard2": (lambda: str(rng.randint(2221, 2720)), 16),
        "amex": (lambda: pick(["34", "37"]), 15),
        "discover": (lambda: "6011", 16),
        "jcb": (lambda: str(rng.randint(3528, 3589)), 16),
        "unionpay": (lambda: "62" + str(rng.randint(2126, 2925)), 16),
        "diners": (lambda: "36", 14),
        "maestro": (lambda: pick(["6759", "5018", "6304"]), 16),
    }[brand]
    pre, ln = spec
    body = pre()
    body += digits(ln - len(body) - 1)
    num = body + luhn.calc_check_digit(body)
    assert luhn.is_valid(num)
    sep = pick([" ", "-", "", " "])
    if ln == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    if ln == 14:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i : i + 4] for i in range(0, ln, 4))


CARD_T = [
    ("en", "Card number: {v}, exp {e}. Please charge the deposit."),
    ("en", "use my {b} {v} for the hotel, expiry {e}"),
    ("de", "Meine Kreditkartennummer ist {v}, gültig bis {e}."),
    ("fr", "Numéro de carte : {v} (exp. {e})"),
    ("es", "Paga con mi tarjeta {v}, caduca {e}."),
    ("it", "Numero carta: {v}, scadenza {e}"),
    ("pt", "Cartão de crédito: {v} validade {e}"),
    ("nl", "Creditcard {v}, geldig tot {e}"),
    ("ja", "カード番号：{v}（有効期限 {e}）"),
    ("zh", "我的信用卡号是{v}，有效期{e}。"),
    ("pl", "Numer karty: {v}, ważna do {e}"),
    ("tr", "Kart numaram {v}, son kullanma {e}"),
    ("ko", "카드번호 {v}, 유효기간 {e}"),
    ("sv", "Kortnummer: {v}, giltigt t.o.m. {e}"),
]


def gen_pii_cards(n):
    brands = [
        "visa",
        "mastercard",
        "mastercard2",
        "amex",
        "discover",
        "jcb",
        "unionpay",
        "diners",
        "maestro",
    ]
    made, i = 0, 0
    ts = CARD_T[:]
    rng.shuffle(ts)
    while made < n:
        lang, t = ts[i % len(ts)]
        b = brands[i % len(brands)]
        i += 1
        v = card_number(b)
        e = f"{rng.randint(1, 12):02d}/{rng.randint(26, 31)}"
        if add(
            "pii",
            "payment_card",
            f"card.{b}.{lang}",
            t.format(v=v, e=e, b=b.rstrip("2").capitalize()),
            lang,
            v,
        ):
            made += 1


IBAN_BBAN = {
    "DE": lambda: digits(18),
    "AT": lambda: digits(16),
    "CH": lambda: digits(17),
    "NL": lambda: pick(["ABNA", "INGB", "RABO", "SNSB"]) + digits(10),
    "BE": lambda: digits(12),
    "FR": lambda: digits(23),
    "ES": lambda: digits(20),
    "IT": lambda: pick(UP) + digits(22),
    "PT": lambda: digits(21),
    "PL": lambda: digits(24),
    "GB": lambda: pick(["NWBK", "BARC", "HBUK", "LOYD", "MIDL"]) + digits(14),
    "IE": lambda: pick(["AIBK", "BOFI"]) + digits(14),
    "SE": lambda: digits(20),
    "DK": lambda: digits(14),
    "FI": lambda: digits(14),
    "NO": lambda: digits(11),
    "CZ": lambda: digits(20),
    "RO": lambda: pick(["BTRL", "RNCB", "BRDE"]) + digits(16),
    "HR": lambda: digits(17),
    "GR": lambda: digits(23),
    "TR": lambda: digits(5) + "0" + digits(16),
    "SA": lambda: digits(20),
    "AE": lambda: digits(19),
    "BR": lambda: digits(23) + "C1",
    "HU": lambda: digits(24),
    "LU": lambda: digits(16),
    "UA": lambda: digits(25),
    "IL": lambda: digits(19),
    "BG": lambda: "BNBG" + digits(14),
}
IBAN_T = {
    "DE": (
        "de",
        "Bitte überweise die Miete auf mein Konto, IBAN {v}, Kontoinhaber {n}.",
    ),
    "AT": ("de", "IBAN von {n}: {v}"),
    "CH": ("de", "Die Rückerstattung bitte an {v} ({n})."),
    "NL": ("nl", "Je kunt het geld overmaken naar {v} t.n.v. {n}."),
    "BE": ("fr", "Merci de verser le remboursement sur le compte {v} au nom de {n}."),
    "FR": ("fr", "Mon RIB : IBAN {v} — {n}"),
    "ES": ("es", "Hazme la transferencia a {v}, titular {n}."),
    "IT": ("it", "IBAN per il bonifico: {v} intestato a {n}"),
    "PT": ("pt", "O meu IBAN é {v}."),
    "PL": ("pl", "Numer konta {n}: {v}"),
    "GB": ("en", "Pay the deposit into {n}'s account, IBAN {v}."),
    "IE": ("en", "My IBAN is {v} if you want to send it back."),
    "SE": ("sv", "Mitt IBAN-nummer är {v}."),
    "DK": ("da", "Overfør beløbet til {v} ({n})."),
    "FI": ("fi", "Tilinumeroni on {v}."),
    "NO": ("no", "Kontonummeret mitt (IBAN) er {v}."),
    "CZ": ("cs", "Pošli to prosím na {v}, {n}."),
    "RO": ("ro", "Contul meu: {v}, titular {n}."),
    "HR": ("hr", "Moj IBAN je {v}."),
    "GR": ("el", "Ο λογαριασμός μου: {v}"),
    "TR": ("tr", "IBAN numaram: {v} ({n})"),
    "SA": ("ar", "رقم الآيبان الخاص بي {v}"),
    "AE": ("en", "Transfer the rent to {v}, account holder {n}."),
    "BR": ("pt", "IBAN de {n} para transferência internacional: {v}"),
    "HU": ("hu", "A számlaszámom (IBAN): {v}"),
    "LU": ("fr", "IBAN de {n} : {v}"),
    "UA": ("uk", "Мій IBAN: {v}"),
    "IL": ("he", "מספר ה-IBAN שלי הוא {v}"),
    "BG": ("bg", "IBAN на {n}: {v}"),
}


def gen_iban(cc):
    for _ in range(20000):
        bban = IBAN_BBAN[cc]()
        cd = std_iban.calc_check_digits(cc + "00" + bban)
        num = cc + cd + bban
        if std_iban.is_valid(num):
            return std_iban.format(num) if rng.random() < 0.7 else num
    raise RuntimeError(cc)


def gen_pii_ibans(n):
    ccs = list(IBAN_T)
    rng.shuffle(ccs)
    made, i = 0, 0
    while made < n:
        cc = ccs[i % len(ccs)]
        i += 1
        lang, t = IBAN_T[cc]
        v = gen_iban(cc)
        if add(
            "pii", "iban", f"iban.{cc}.{lang}", t.format(n=name(lang), v=v), lang, v
        ):
            made += 1


PASSPORTS = [
    (
        "en",
        lambda: pick("56") + digits(8),
        "{n}'s passport number is {v}, it expires in 2031.",
    ),
    (
        "de",
        lambda: "C" + rs("CFGHJKLMNPRTVWXYZ0123456789", 8),
        "Reisepassnummer von {n}: {v}",
    ),
    (
        "fr",
        lambda: digits(2) + rs(UP, 2) + digits(5),
        "Numéro de passeport : {v} ({n})",
    ),
    ("it", lambda: rs(UP, 2) + digits(7), "Passaporto n. {v}, intestato a {n}"),
    ("es", lambda: "PA" + pick(UP) + digits(6), "Pasaporte de {n}: {v}"),
    (
        "ja",
        lambda: pick(["TK", "TR", "TZ", "MZ"]) + digits(7),
        "{n}さんの旅券番号：{v}",
    ),
    ("zh", lambda: "E" + digits(8), "{n}的护照号码：{v}"),
    ("ko", lambda: "M" + digits(8), "{n} 여권번호: {v}"),
    ("hi", lambda: pick("JKLMNPRSTUVZ") + digits(7), "{n} का पासपोर्ट नंबर {v} है।"),
    ("pt", lambda: rs(UP, 2) + digits(6), "Passaporte de {n}: {v}"),
    ("ru", lambda: f"{rng.randint(70, 77)} {digits(7)}", "Загранпаспорт {n}: {v}"),
    ("pl", lambda: rs(UP, 2) + digits(7), "Numer paszportu {n}: {v}"),
    (
        "nl",
        lambda: (
            rs("ABCDEFGHIJKLMNPRSTUVWXYZ", 2)
            + rs("ABCDEFGHIJKLMNPRSTUVWXYZ0123456789", 6)
            + pick(DIG)
        ),
        "Paspoortnummer: {v} ({n})",
    ),
]


def gen_pii_passports(n):
    ps = PASSPORTS[:]
    rng.shuffle(ps)
    made, i = 0, 0
    while made < n:
        lang, g, t = ps[i % len(ps)]
        i += 1
        v = g()
        if add(
            "pii", "passport", f"passport.{lang}", t.format(n=name(lang), v=v), lang, v
        ):
            made += 1


MONTHS = {
    "en": "January February March April May June July August September October November December".split(),
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split(),
    "id": "Januari Februari Maret April Mei Juni Juli Agustus September Oktober November Desember".split(),
    "el": "Ιανουαρίου Φεβρουαρίου Μαρτίου Απριλίου Μαΐου Ιουνίου Ιουλίου Αυγούστου Σεπτεμβρίου Οκτωβρίου Νοεμβρίου Δεκεμβρίου".split(),
}
DOB_T = [
    (
        "en",
        lambda d: f"{MONTHS['en'][d.month - 1]} {d.day}, {d.year}",
        "{n} was born on {v}, so the insurance quote changes.",
    ),
    ("en", lambda d: d.isoformat(), "Patient: {n}, DOB: {v}"),
    (
        "de",
        lambda d: d.strftime("%d.%m.%Y"),
        "{n}, geboren am {v}, meldet sich zum Kurs an.",
    ),
    (
        "fr",
        lambda d: d.strftime("%d/%m/%Y"),
        "{n}, né(e) le {v}, est inscrit(e) sur la liste.",
    ),
    ("es", lambda d: d.strftime("%d/%m/%Y"), "Fecha de nacimiento de {n}: {v}"),
    (
        "it",
        lambda d: f"{d.day} {MONTHS['it'][d.month - 1]} {d.year}",
        "Data di nascita: {v} ({n})",
    ),
    ("pt", lambda d: d.strftime("%d/%m/%Y"), "Data de nascimento: {v} — {n}"),
    ("nl", lambda d: d.strftime("%d-%m-%Y"), "Geboortedatum {n}: {v}"),
    ("pl", lambda d: d.strftime("%d.%m.%Y"), "Data urodzenia: {v} r. ({n})"),
    ("sv", lambda d: d.isoformat(), "{n}, född {v}, har bokat tid hos tandläkaren."),
    ("ja", lambda d: f"{d.year}年{d.month}月{d.day}日", "{n}さんの生年月日：{v}"),
    ("zh", lambda d: f"{d.year}年{d.month}月{d.day}日", "{n}的出生日期是{v}。"),
    ("ko", lambda d: f"{d.year}년 {d.month}월 {d.day}일", "{n} 생년월일: {v}"),
    ("ru", lambda d: d.strftime("%d.%m.%Y"), "{n}, дата рождения: {v}"),
    ("tr", lambda d: d.strftime("%d.%m.%Y"), "Doğum tarihi: {v} ({n})"),
    ("fi", lambda d: f"{d.day}.{d.month}.{d.year}", "{n}, syntynyt {v}"),
    (
        "id",
        lambda d: f"{d.day} {MONTHS['id'][d.month - 1]} {d.year}",
        "Tanggal lahir {n}: {v}",
    ),
    ("vi", lambda d: d.strftime("%d/%m/%Y"), "Ngày sinh của {n}: {v}"),
    ("he", lambda d: d.strftime("%d.%m.%Y"), "תאריך הלידה של {n}: {v}"),
    ("cs", lambda d: f"{d.day}. {d.month}. {d.year}", "{n}, nar. {v}"),
    (
        "el",
        lambda d: f"{d.day} {MONTHS['el'][d.month - 1]} {d.year}",
        "Ημερομηνία γέννησης: {v} ({n})",
    ),
]


def gen_pii_dob(n):
    ts = DOB_T[:]
    rng.shuffle(ts)
    made, i = 0, 0
    while made < n:
        lang, f, t = ts[i % len(ts)]
        i += 1
        v = f(rdate(1945, 2006))
        if add(
            "pii", "date_of_birth", f"dob.{lang}", t.format(n=name(lang), v=v), lang, v
        ):
            made += 1


# private home addresses (fictional but realistic, per-country format)
ADDRS = [
    ("en", "1427 Maple Grove Dr, Apt 3B, Columbus, OH 43215"),
    ("en", "88 Birchwood Lane, Burlington, VT 05401"),
    ("en", "Flat 2, 17 Elm Road, Leeds LS6 2AB"),
    ("en", "34 Kingsley Avenue, Bristol BS7 9QE"),
    ("en", "12 Wattle Street, Fitzroy VIC 3065"),
    ("en", "Flat 302, Shanti Residency, 14th Cross, Indiranagar, Bengaluru 560038"),
    ("de", "Lindenstraße 23, 50674 Köln"),
    ("de", "Am Mühlbach 7a, 83022 Rosenheim"),
    ("de", "Gumpendorfer Straße 61/14, 1060 Wien"),
    ("de", "Birkenweg 9, 3014 Bern"),
    ("fr", "14 rue des Lilas, 69003 Lyon"),
    ("fr", "7 allée des Tilleuls, 44300 Nantes"),
    ("fr", "2215 rue Beaubien Est, app. 4, Montréal (Québec) H2G 1M4"),
    ("fr", "Rue Vanderkindere 118, 1180 Uccle"),
    ("es", "Calle del Pez Volador 18, 4º B, 28007 Madrid"),
    ("es", "Carrer de Sants 112, 2n 1a, 08014 Barcelona"),
    ("es", "Calle Durango 214, depto. 5, Col. Roma Norte, 06700 Ciudad de México"),
    ("it", "Via Guglielmo Marconi 45, 40122 Bologna"),
    ("it", "Via dei Glicini 3, int. 8, 00172 Roma"),
    ("pt", "Rua do Almada 214, 3.º Esq., 4050-032 Porto"),
    ("pt", "Rua das Acácias, 215, apto 32, Pinheiros, São Paulo - SP, 05422-010"),
    ("nl", "Van Ostadestraat 233-2, 1073 TM Amsterdam"),
    ("pl", "ul. Kasztanowa 14/7, 31-324 Kraków"),
    ("sv", "Tegnérgatan 14B, lgh 1102, 113 58 Stockholm"),
    ("da", "Nørrebrogade 41, 3. th., 2200 København N"),
    ("fi", "Väinämöisenkatu 11 B 14, 00100 Helsinki"),
    ("cs", "Korunní 48, 120 00 Praha 2"),
    ("ja", "〒150-0001 東京都渋谷区神宮前3丁目12-8-402"),
    ("zh", "上海市徐汇区漕溪北路88弄5号1202室"),
    ("ko", "서울특별시 마포구 연남로 23, 301호"),
    ("ru", "ул. Профсоюзная, д. 56, кв. 112, Москва, 117393"),
    ("tr", "Moda Cad. No: 27 D: 5, 34710 Kadıköy/İstanbul"),
]
# No cue word (no "address", "lives", "home", "wohnt", "domicile", ...): the address just sits in a sentence about a person.
ADDR_NOCUE_T = {
    "en": [
        "{n}, {a}, won the street's gardening prize this year.",
        "{n} ({a}) still hasn't paid the March invoice.",
        "{n} · {a} · ordered three more bags of fertilizer.",
        "Birthday card for {n}, {a} — posted on Monday.",
        "{a}: {n} is hosting the book club on Thursday.",
    ],
    "de": [
        "{n}, {a}, hat die Nebenkostenabrechnung noch nicht unterschrieben.",
        "{n} – {a} – hat sich über den Lärm der Baustelle beschwert.",
    ],
    "fr": [
        "{n}, {a}, a gagné le concours de pâtisserie du quartier.",
        "{n} ({a}) n'a toujours pas rendu la perceuse.",
    ],
    "es": [
        "{n}, {a}, recogió el paquete ayer por la tarde.",
        "{n} ({a}) pidió otra caja de naranjas.",
    ],
    "it": ["{n}, {a}, ha chiesto di rinviare l'appuntamento."],
    "pt": ["{n} — {a} — ainda não devolveu as chaves."],
    "nl": ["{n}, {a}, heeft de huur van maart nog niet betaald."],
    "pl": ["{n}, {a} – przesyłka odebrana w poniedziałek."],
    "sv": ["{n}, {a}, har fortfarande inte lämnat tillbaka nycklarna."],
    "da": ["{n}, {a}, har stadig ikke afleveret nøglerne."],
    "fi": ["{n}, {a}, voitti korttelin puutarhakilpailun."],
    "cs": ["{n}, {a} – nájem za březen stále nezaplacen."],
    "ja": ["{n}様（{a}）より、本日お問い合わせがありました。"],
    "zh": ["{n}，{a}，昨天已经签收了包裹。"],
    "ko": ["{n} 님({a})이 택배를 아직 받지 못했다고 합니다."],
    "ru": ["{n} ({a}) — посылка до сих пор не получена."],
    "tr": ["{n}, {a}, kargoyu henüz teslim almadı."],
}
ADDR_CUE_T = {
    "en": ["{n} lives at {a}.", "Home address for {n}: {a}"],
    "de": ["Meine Wohnadresse: {a}. Gruß, {n}", "{n} wohnt jetzt hier: {a}"],
    "fr": ["J'habite au {a}. — {n}", "Adresse du domicile de {n} : {a}"],
    "es": ["Mi dirección es {a}. {n}", "{n} vive en {a}."],
    "it": ["Abito in {a}. {n}", "Indirizzo di casa di {n}: {a}"],
    "pt": ["Moro na {a}. {n}", "Endereço residencial de {n}: {a}"],
    "nl": ["Mijn huisadres: {a}"],
    "pl": ["Mieszkam pod adresem {a}."],
    "sv": ["Min hemadress är {a}."],
    "da": ["Min adresse er {a}."],
    "fi": ["Kotiosoitteeni on {a}."],
    "cs": ["Bydlím na adrese {a}."],
    "ja": ["{n}さんの自宅住所：{a}"],
    "zh": ["{n}的家庭住址是{a}。"],
    "ko": ["{n} 집 주소: {a}"],
    "ru": ["Домашний адрес {n}: {a}"],
    "tr": ["Ev adresim: {a}"],
}


def gen_pii_addresses(n_nocue, n_cue):
    addrs = ADDRS[:]
    rng.shuffle(addrs)
    assert len(addrs) >= n_nocue
    nocue = addrs[:n_nocue]
    rest = addrs[n_nocue:]
    used_t = Counter()
    for lang, a in nocue:
        ts = ADDR_NOCUE_T[lang]
        t = ts[used_t[lang] % len(ts)]
        used_t[lang] += 1
        assert add(
            "pii",
            "home_address",
            f"addr.nocue.{lang}",
            t.format(n=name(lang), a=a),
            lang,
            a,
        )
    pool = rest + addrs[:n_nocue]
    made, i = 0, 0
    while made < n_cue:
        lang, a = pool[i % len(pool)]
        i += 1
        t = pick(ADDR_CUE_T[lang])
        if add(
            "pii",
            "home_address",
            f"addr.cue.{lang}",
            t.format(n=name(lang), a=a),
            lang,
            a,
        ):
            made += 1


# ----------------------------------------------------------------------------------------------
# SECRETS: deterministic key material
# ----------------------------------------------------------------------------------------------
_SMALL_PRIMES = [
    p for p in range(3, 2000) if all(p % q for q in range(2, int(p**0.5) + 1))
]


def _is_probable_prime(n):
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(24):
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


def _gen_prime(bits):
    while True:
        c = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if (c - 1) % 65537 and _is_probable_prime(c):
            return c


def rsa_key(bits):
    e = 65537
    while True:
        p, q = _gen_prime(bits // 2), _gen_prime(bits // 2)
        if p != q:
            break
    if p < q:
        p, q = q, p
    n = p * q
    phi = (p - 1) * (q - 1)
    d = pow(e, -1, phi)
    pub = rsa.RSAPublicNumbers(e, n)
    priv = rsa.RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), pub)
    return priv.private_key()


def ec_key(curve=None):
    curve = curve or ec.SECP256R1()
    order = {
        "secp256r1": 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
        "secp384r1": 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973,
    }[curve.name]
    return ec.derive_private_key(rng.randrange(1, order), curve)


def ed_key():
    return ed25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))


def pem_priv(key, fmt):
    return (
        key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
        .decode()
        .strip()
    )


def _sshstr(b):
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(key, comment):
    """OpenSSH private key (unencrypted) with a seeded check-int, so output is deterministic."""
    raw_priv = key.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    raw_pub = key.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    kt = b"ssh-ed25519"
    pubblob = _sshstr(kt) + _sshstr(raw_pub)
    chk = rng.getrandbits(32)
    sec = (
        struct.pack(">II", chk, chk)
        + _sshstr(kt)
        + _sshstr(raw_pub)
        + _sshstr(raw_priv + raw_pub)
        + _sshstr(comment.encode())
    )
    pad = 1
    while len(sec) % 8:
        sec += bytes([pad])
        pad += 1
    body = (
        b"openssh-key-v1\x00"
        + _sshstr(b"none")
        + _sshstr(b"none")
        + _sshstr(b"")
        + struct.pack(">I", 1)
        + _sshstr(pubblob)
        + _sshstr(sec)
    )
    b = base64.b64encode(body).decode()
    txt = (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(b[i : i + 70] for i in range(0, len(b), 70))
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )
    serialization.load_ssh_private_key(txt.encode(), None)  # sanity: parses
    return txt


def ssh_pub_line(key, comment):
    return (
        key.public_key()
        .public_bytes(
            serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
        )
        .decode()
        + " "
        + comment
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


def pgp_armor(kind, nbytes):
    body = bytes([0xC5 if kind == "PRIVATE" else 0xC6]) + rng.randbytes(nbytes)
    b = base64.b64encode(body).decode()
    crc = base64.b64encode(_crc24(body).to_bytes(3, "big")).decode()
    return (
        f"-----BEGIN PGP {kind} KEY BLOCK-----\n\n"
        + "\n".join(b[i : i + 64] for i in range(0, len(b), 64))
        + f"\n={crc}\n-----END PGP {kind} KEY BLOCK-----"
    )


_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def b58check(payload):
    data = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


_BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _bech_polymod(values):
    gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    chk = 1
    for v in values:
        b = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if ((b >> i) & 1) else 0
    return chk


def bech32(hrp, data8):
    acc, bits, data5 = 0, 0, []
    for b in data8:
        acc = (acc << 8) | b
        bits += 8
        while bits >= 5:
            bits -= 5
            data5.append((acc >> bits) & 31)
    if bits:
        data5.append((acc << (5 - bits)) & 31)
    hv = [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]
    pm = _bech_polymod(hv + data5 + [0] * 6) ^ 1
    chk = [(pm >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(_BECH[d] for d in data5 + chk)


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def make_jwt(claims, key=None, alg="HS256", rsakey=None):
    header = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        header["kid"] = rs(HEX, 16)
    h = b64u(json.dumps(header, separators=(",", ":")).encode())
    p = b64u(json.dumps(claims, separators=(",", ":")).encode())
    msg = f"{h}.{p}".encode()
    if alg == "HS256":
        sig = hmac.new(key, msg, hashlib.sha256).digest()
    else:
        from cryptography.hazmat.primitives.asymmetric import padding

        sig = rsakey.sign(msg, padding.PKCS1v15(), hashes.SHA256())
    return f"{h}.{p}.{b64u(sig)}"


# ----------------------------------------------------------------------------------------------
# SECRETS: provider tokens
# ----------------------------------------------------------------------------------------------
def _b62(n: int, width: int) -> str:
    a = DIG + UP + LO
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = a[r] + s
    return s.rjust(width, "0")


def tok_github():
    body = rs(ALNUM, 30)
    return (
        pick(["ghp_", "gho_", "ghs_", "ghu_"])
        + body
        + _b62(zlib.crc32(body.encode()), 6)
    )


PROVIDERS = [
    # kind, display name, env var, api host, generator
    ("github_token", "GitHub", "GITHUB_TOKEN", "api.github.com", tok_github),
    (
        "github_token",
        "GitHub",
        "GH_PAT",
        "api.github.com",
        lambda: "github_pat_" + rs(UPALNUM, 22) + "_" + rs(ALNUM, 59),
    ),
    (
        "gitlab_token",
        "GitLab",
        "GITLAB_TOKEN",
        "gitlab.com/api/v4",
        lambda: "glpat-" + rs(B64URL, 20),
    ),
    (
        "slack_token",
        "Slack",
        "SLACK_BOT_TOKEN",
        "slack.com/api",
        lambda: f"xoxb-{digits(12)}-{digits(13)}-{rs(ALNUM, 24)}",
    ),
    (
        "slack_token",
        "Slack",
        "SLACK_USER_TOKEN",
        "slack.com/api",
        lambda: f"xoxp-{digits(12)}-{digits(12)}-{digits(13)}-{rs(HEX, 32)}",
    ),
    (
        "stripe_key",
        "Stripe",
        "STRIPE_SECRET_KEY",
        "api.stripe.com",
        lambda: "sk_live_51" + rs(ALNUM, 97),
    ),
    (
        "stripe_key",
        "Stripe",
        "STRIPE_RESTRICTED_KEY",
        "api.stripe.com",
        lambda: "rk_live_51" + rs(ALNUM, 97),
    ),
    (
        "stripe_key",
        "Stripe",
        "STRIPE_WEBHOOK_SECRET",
        "api.stripe.com",
        lambda: "whsec_" + rs(ALNUM, 32),
    ),
    (
        "openai_key",
        "OpenAI",
        "OPENAI_API_KEY",
        "api.openai.com",
        lambda: "sk-proj-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74),
    ),
    (
        "anthropic_key",
        "Anthropic",
        "ANTHROPIC_API_KEY",
        "api.anthropic.com",
        lambda: "sk-ant-api03-" + rs(B64URL, 93) + "AA",
    ),
    (
        "google_api_key",
        "Google Maps",
        "GOOGLE_MAPS_API_KEY",
        "maps.googleapis.com",
        lambda: "AIza" + rs(B64URL, 35),
    ),
    (
        "google_oauth_secret",
        "Google OAuth",
        "GOOGLE_CLIENT_SECRET",
        "oauth2.googleapis.com",
        lambda: "GOCSPX-" + rs(B64URL, 28),
    ),
    (
        "twilio_token",
        "Twilio",
        "TWILIO_AUTH_TOKEN",
        "api.twilio.com",
        lambda: rs(HEX, 32),
    ),
    (
        "twilio_token",
        "Twilio",
        "TWILIO_API_SECRET",
        "api.twilio.com",
        lambda: rs(ALNUM, 32),
    ),
    (
        "sendgrid_key",
        "SendGrid",
        "SENDGRID_API_KEY",
        "api.sendgrid.com",
        lambda: "SG." + rs(B64URL, 22) + "." + rs(B64URL, 43),
    ),
    (
        "mailgun_key",
        "Mailgun",
        "MAILGUN_API_KEY",
        "api.mailgun.net",
        lambda: "key-" + rs(HEX, 32),
    ),
    (
        "mailchimp_key",
        "Mailchimp",
        "MAILCHIMP_API_KEY",
        "us21.api.mailchimp.com",
        lambda: rs(HEX, 32) + f"-us{rng.randint(2, 21)}",
    ),
    (
        "npm_token",
        "npm",
        "NPM_TOKEN",
        "registry.npmjs.org",
        lambda: "npm_" + rs(ALNUM, 36),
    ),
    (
        "pypi_token",
        "PyPI",
        "TWINE_PASSWORD",
        "upload.pypi.org",
        lambda: "pypi-AgEIcHlwaS5vcmcCJD" + rs(B64URL, 150),
    ),
    (
        "docker_token",
        "Docker Hub",
        "DOCKERHUB_TOKEN",
        "hub.docker.com",
        lambda: "dckr_pat_" + rs(B64URL, 27),
    ),
    (
        "huggingface_token",
        "Hugging Face",
        "HF_TOKEN",
        "huggingface.co",
        lambda: "hf_" + rs(string.ascii_letters, 34),
    ),
    (
        "shopify_token",
        "Shopify",
        "SHOPIFY_ACCESS_TOKEN",
        "acme-store.myshopify.com",
        lambda: "shpat_" + rs(HEX, 32),
    ),
    (
        "discord_token",
        "Discord",
        "DISCORD_BOT_TOKEN",
        "discord.com/api",
        lambda: (
            b64u(str(rng.randint(10**17, 10**18)).encode())
            + "."
            + rs(B64URL, 6)
            + "."
            + rs(B64URL, 38)
        ),
    ),
    (
        "telegram_token",
        "Telegram",
        "TELEGRAM_BOT_TOKEN",
        "api.telegram.org",
        lambda: f"{rng.randint(10**9, 8 * 10**9)}:AA{rs(B64URL, 33)}",
    ),
    (
        "digitalocean_token",
        "DigitalOcean",
        "DIGITALOCEAN_TOKEN",
        "api.digitalocean.com",
        lambda: "dop_v1_" + rs(HEX, 64),
    ),
    (
        "newrelic_key",
        "New Relic",
        "NEW_RELIC_API_KEY",
        "api.newrelic.com",
        lambda: "NRAK-" + rs(UPALNUM, 27),
    ),
    (
        "sentry_token",
        "Sentry",
        "SENTRY_AUTH_TOKEN",
        "sentry.io/api/0",
        lambda: "sntryu_" + rs(HEX, 64),
    ),
    (
        "atlassian_token",
        "Jira",
        "JIRA_API_TOKEN",
        "acme.atlassian.net",
        lambda: "ATATT3xFfGF0" + rs(B64URL, 170) + "=" + rs(HEX.upper(), 8),
    ),
    (
        "linear_key",
        "Linear",
        "LINEAR_API_KEY",
        "api.linear.app",
        lambda: "lin_api_" + rs(ALNUM, 40),
    ),
    (
        "notion_token",
        "Notion",
        "NOTION_TOKEN",
        "api.notion.com",
        lambda: "ntn_" + rs(ALNUM, 46),
    ),
    (
        "postman_key",
        "Postman",
        "POSTMAN_API_KEY",
        "api.getpostman.com",
        lambda: "PMAK-" + rs(HEX, 24) + "-" + rs(HEX, 34),
    ),
    (
        "vault_token",
        "Vault",
        "VAULT_TOKEN",
        "vault.internal:8200",
        lambda: "hvs.CAESI" + rs(B64URL, 86),
    ),
    (
        "mapbox_token",
        "Mapbox",
        "MAPBOX_SECRET_TOKEN",
        "api.mapbox.com",
        lambda: (
            "sk."
            + b64u(
                json.dumps(
                    {"u": "acme-maps", "a": "cl" + rs(LOALNUM, 23)},
                    separators=(",", ":"),
                ).encode()
            )
            + "."
            + rs(B64URL, 22)
        ),
    ),
    (
        "square_token",
        "Square",
        "SQUARE_ACCESS_TOKEN",
        "connect.squareup.com",
        lambda: "EAAA" + rs(B64URL, 60),
    ),
    (
        "braintree_token",
        "Braintree",
        "BRAINTREE_ACCESS_TOKEN",
        "api.braintreegateway.com",
        lambda: "access_token$production$" + rs(LOALNUM, 16) + "$" + rs(HEX, 32),
    ),
    (
        "okta_token",
        "Okta",
        "OKTA_API_TOKEN",
        "acme.okta.com",
        lambda: "00" + rs(B64URL, 40),
    ),
    (
        "cloudflare_token",
        "Cloudflare",
        "CLOUDFLARE_API_TOKEN",
        "api.cloudflare.com/client/v4",
        lambda: rs(B64URL, 40),
    ),
    ("datadog_key", "Datadog", "DD_API_KEY", "api.datadoghq.eu", lambda: rs(HEX, 32)),
    (
        "databricks_token",
        "Databricks",
        "DATABRICKS_TOKEN",
        "adb-1234567890123456.7.azuredatabricks.net",
        lambda: "dapi" + rs(HEX, 32),
    ),
    (
        "grafana_token",
        "Grafana",
        "GRAFANA_SA_TOKEN",
        "grafana.acme.io",
        lambda: "glsa_" + rs(ALNUM, 32) + "_" + rs(HEX, 8),
    ),
    (
        "terraform_token",
        "Terraform Cloud",
        "TF_TOKEN_app_terraform_io",
        "app.terraform.io",
        lambda: rs(ALNUM, 14) + ".atlasv1." + rs(ALNUM, 67),
    ),
    (
        "figma_token",
        "Figma",
        "FIGMA_TOKEN",
        "api.figma.com",
        lambda: "figd_" + rs(B64URL, 40),
    ),
    (
        "doppler_token",
        "Doppler",
        "DOPPLER_TOKEN",
        "api.doppler.com",
        lambda: "dp.st.prd." + rs(ALNUM, 43),
    ),
    (
        "pulumi_token",
        "Pulumi",
        "PULUMI_ACCESS_TOKEN",
        "api.pulumi.com",
        lambda: "pul-" + rs(HEX, 40),
    ),
    (
        "firebase_key",
        "Firebase Cloud Messaging",
        "FCM_SERVER_KEY",
        "fcm.googleapis.com",
        lambda: "AAAA" + rs(B64URL, 7) + ":APA91b" + rs(B64URL, 134),
    ),
    (
        "heroku_key",
        "Heroku",
        "HEROKU_API_KEY",
        "api.heroku.com",
        lambda: "HRKU-AA" + rs(B64URL, 58),
    ),
    (
        "algolia_key",
        "Algolia",
        "ALGOLIA_ADMIN_API_KEY",
        "acme-dsn.algolia.net",
        lambda: rs(HEX, 32),
    ),
    (
        "replicate_token",
        "Replicate",
        "REPLICATE_API_TOKEN",
        "api.replicate.com",
        lambda: "r8_" + rs(ALNUM, 37),
    ),
    (
        "groq_key",
        "Groq",
        "GROQ_API_KEY",
        "api.groq.com",
        lambda: "gsk_" + rs(ALNUM, 52),
    ),
]

CHAT = {
    "en": "here's the {p} key you asked for: {t}",
    "de": "Hier der {p}-Token fürs Deployment: {t}",
    "fr": "Voici la clé {p} pour la prod : {t}",
    "es": "Te paso el token de {p}: {t}",
    "it": "Ecco la chiave {p}: {t} — non condividerla.",
    "pt": "Segue o token do {p}: {t}",
    "nl": "Hier is de {p}-sleutel: {t}",
    "pl": "Klucz {p} do produkcji: {t}",
    "ja": "{p}のAPIキーはこちらです：{t}",
    "zh": "{p} 的密钥是 {t} ，别外传。",
    "ko": "{p} 토큰입니다: {t}",
    "ru": "Вот токен {p}: {t}",
    "tr": "{p} anahtarı: {t}",
    "sv": "Här är {p}-nyckeln: {t}",
    "cs": "Tady je klíč k {p}: {t}",
}


def _slug(p):
    return p[1].lower().replace(" ", "_")


def _camel(var):
    parts = var.lower().split("_")
    return parts[0] + "".join(x.capitalize() for x in parts[1:])


TOKEN_CTX = [
    ("env", CODE_LANG, lambda p, t: f"{p[2]}={t}"),
    (
        "env_block",
        CODE_LANG,
        lambda p, t: f"# {p[1]}\n{p[2]}={t}\nLOG_LEVEL=info\nPORT=8080",
    ),
    ("export", CODE_LANG, lambda p, t: f'export {p[2]}="{t}"'),
    (
        "yaml",
        CODE_LANG,
        lambda p, t: f"{_slug(p)}:\n  api_key: {t}\n  timeout: 30\n  retries: 3",
    ),
    (
        "toml",
        CODE_LANG,
        lambda p, t: f'[{_slug(p)}]\ntoken = "{t}"\nbase_url = "https://{p[3]}"',
    ),
    (
        "json",
        CODE_LANG,
        lambda p, t: json.dumps({_slug(p): {"apiKey": t, "enabled": True}}, indent=2),
    ),
    (
        "python",
        CODE_LANG,
        lambda p, t: (
            f'{p[2]} = "{t}"\nheaders = {{"Authorization": f"Bearer {{{p[2]}}}"}}'
        ),
    ),
    (
        "js",
        CODE_LANG,
        lambda p, t: (
            f"const {_camel(p[2])} = '{t}';\nmodule.exports = {{ {_camel(p[2])} }};"
        ),
    ),
    ("go", CODE_LANG, lambda p, t: f'const apiToken = "{t}" // TODO: move to env'),
    (
        "curl",
        CODE_LANG,
        lambda p, t: f'curl -s -H "Authorization: Bearer {t}" https://{p[3]}/v1/me',
    ),
    (
        "docker",
        CODE_LANG,
        lambda p, t: f"docker run --rm -e {p[2]}={t} ghcr.io/acme/worker:2.3.1",
    ),
    (
        "gha",
        CODE_LANG,
        lambda p, t: (
            f"    steps:\n      - run: ./deploy.sh\n        env:\n          {p[2]}: {t}"
        ),
    ),
    (
        "log",
        CODE_LANG,
        lambda p, t: (
            f"2024-05-14T09:12:33Z WARN config: falling back to inline {p[2]}={t}"
        ),
    ),
    (
        "k8s",
        CODE_LANG,
        lambda p, t: (
            f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {_slug(p)}-creds\ntype: Opaque\nstringData:\n  {p[2]}: {t}"
        ),
    ),
    ("powershell", CODE_LANG, lambda p, t: f'$env:{p[2]} = "{t}"'),
    (
        "dockerfile",
        CODE_LANG,
        lambda p, t: f'FROM node:20-alpine\nENV {p[2]}={t}\nCMD ["node", "server.js"]',
    ),
    ("tfvars", CODE_LANG, lambda p, t: f'{p[2].lower()} = "{t}"'),
    ("properties", CODE_LANG, lambda p, t: f"{_slug(p)}.api.token={t}"),
    ("chat", "*", None),
    ("chat", "*", None),
    ("chat", "*", None),
]


def gen_secret_tokens(n):
    provs = PROVIDERS[:]
    rng.shuffle(provs)
    ctxs = TOKEN_CTX[:]
    rng.shuffle(ctxs)
    chat_langs = list(CHAT)
    made, i = 0, 0
    while made < n:
        p = provs[i % len(provs)]
        name_, lang, fn = ctxs[i % len(ctxs)]
        i += 1
        t = p[4]()
        if name_ == "chat":
            lang = chat_langs[made % len(chat_langs)]
            text = CHAT[lang].format(p=p[1], t=t)
        else:
            text = fn(p, t)
        if add("secret", p[0], f"token.{name_}", text, lang):
            made += 1


# ----------------------------------------------------------------------------------------------
# SECRETS: passwords, passphrases
# ----------------------------------------------------------------------------------------------
PW_WORDS = [
    "Hafenkran",
    "Bergsee",
    "Tulpenfeld",
    "Sonnenblume",
    "Kiwi",
    "Falcon",
    "Orchid",
    "Marmite",
    "Papagaio",
    "Gato",
    "Zebra",
    "Ventisca",
    "Lumière",
    "Borealis",
    "Kastanie",
    "Quokka",
    "Tramway",
    "Fjord",
    "Mandarina",
    "Aurora",
    "Pistache",
    "Otter",
    "Cobalt",
    "Nimbus",
]
SYM = "!#$%&*+-=?^_.~"
SYM_URL = "!*-_.~"


def gen_password(url_safe=False):
    s = SYM_URL if url_safe else SYM
    style = rng.randrange(4)
    if style == 0:
        n = rng.randint(14, 22)
        while True:
            pw = rs(ALNUM + s, n)
            if (
                any(c.isdigit() for c in pw)
                and any(c in s for c in pw)
                and any(c.isupper() for c in pw)
            ):
                return pw
    if style == 1:
        return pick(PW_WORDS) + pick(s) + str(rng.randint(1000, 9999)) + pick(s)
    if style == 2:
        w = pick(PW_WORDS) + pick(PW_WORDS)
        tr = str.maketrans({"a": "4", "e": "3", "o": "0", "i": "1"})
        return w[:3] + w[3:].translate(tr) + pick(s) + digits(2)
    return rs(LO, 4) + pick(s) + rs(UP, 3) + digits(3) + pick(s) + rs(LO, 4)


PASSWORD_PROSE = [
    (
        "en",
        "The password for the staging database is {p} — please don't paste it in Slack.",
    ),
    ("en", "new laptop login: user jwalker / pw {p}"),
    ("de", "Das Passwort für den Router lautet {p}"),
    ("de", "Zugangsdaten fürs NAS: Benutzer admin, Kennwort {p}"),
    ("fr", "Le mot de passe du compte admin est {p}"),
    ("fr", "mdp du serveur FTP : {p} (à changer après la migration)"),
    ("es", "La contraseña del servidor es {p}"),
    ("it", "La password di root è {p}, cambiala al primo accesso."),
    ("pt", "A senha do e-mail corporativo é {p}"),
    ("nl", "Het wachtwoord van de NAS is {p}"),
    ("pl", "Hasło do konta administratora: {p}"),
    ("sv", "Lösenordet till VPN-kontot är {p}"),
    ("da", "Adgangskoden til kassesystemet er {p}"),
    ("no", "Passordet til serveren er {p}"),
    ("fi", "Palvelimen salasana on {p}"),
    ("cs", "Heslo k serveru je {p}"),
    ("tr", "Sunucu şifresi: {p}"),
    ("ru", "Пароль от сервера: {p}"),
    ("uk", "Пароль до бази даних: {p}"),
    ("ja", "サーバーのパスワードは {p} です。"),
    ("zh", "数据库密码是 {p} ，用完请修改。"),
    ("ko", "관리자 비밀번호는 {p} 입니다."),
    ("el", "Ο κωδικός πρόσβασης του router είναι {p}"),
    ("hu", "A rendszergazdai jelszó: {p}"),
    ("ro", "Parola contului de admin este {p}"),
    ("id", "Kata sandi akun admin: {p}"),
    ("vi", "Mật khẩu quản trị là {p}"),
    ("ar", "كلمة المرور الخاصة بالخادم هي {p}"),
    ("he", "הסיסמה לשרת היא {p}"),
    ("hi", "सर्वर का पासवर्ड {p} है।"),
]


def gen_secret_password_prose(n):
    ts = PASSWORD_PROSE[:]
    rng.shuffle(ts)
    made, i = 0, 0
    while made < n:
        lang, t = ts[i % len(ts)]
        i += 1
        if add(
            "secret",
            "password_prose",
            f"pw_prose.{lang}",
            t.format(p=gen_password()),
            lang,
        ):
            made += 1


def gen_secret_password_tables():
    rows_ = [
        ("db01.internal", "postgres", gen_password()),
        ("vpn.acme.io", "m.bruno", gen_password()),
        ("nas", "admin", gen_password()),
    ]
    md = "| host | user | password |\n|---|---|---|\n" + "\n".join(
        f"| {h} | {u} | {p} |" for h, u, p in rows_
    )
    add("secret", "password_table", "pw_table.markdown", md, "en")
    csv_ = (
        "Dienst;Benutzer;Passwort\nRouter;admin;"
        + gen_password()
        + "\nDrucker;service;"
        + gen_password()
    )
    add("secret", "password_table", "pw_table.csv_de", csv_, "de")
    ascii_ = (
        "+-----------+----------+----------------------+\n| service   | login    | mot de passe         |\n"
        "+-----------+----------+----------------------+\n| wifi-box  | admin    | "
        + gen_password().ljust(20)
        + " |\n+-----------+----------+----------------------+"
    )
    add("secret", "password_table", "pw_table.ascii_fr", ascii_, "fr")


def gen_secret_json_escaped():
    p1, p2, p3 = gen_password(), gen_password(), gen_password()
    add(
        "secret",
        "password_json_escaped",
        "json_esc.body",
        '{"event":"login_retry","body":"{\\"username\\":\\"svc-report\\",\\"password\\":\\"'
        + p1
        + '\\"}"}',
        CODE_LANG,
    )
    add(
        "secret",
        "password_json_escaped",
        "json_esc.log",
        'ERROR 2024-06-02 11:03:17 request failed payload="{\\"user\\":\\"admin\\",\\"pass\\":\\"'
        + p2
        + '\\"}" status=500',
        CODE_LANG,
    )
    add(
        "secret",
        "password_json_escaped",
        "json_esc.python",
        'cfg = json.loads("{\\"db\\": {\\"host\\": \\"10.0.3.14\\", \\"password\\": \\"'
        + p3
        + '\\"}}")',
        CODE_LANG,
    )


PASSPHRASE_WORDS = {
    "de": "Tanne Mond Fahrrad Kaffee Wolke Regen Garten Brücke Löwe Spiegel Apfel Laterne Nebel Sommer Ziegel Igel".split(),
    "fr": "lapin soleil fromage nuage vélo jardin orage citron montagne bougie horloge marée".split(),
    "es": "perro luna guitarra naranja ventana río tortuga cometa azul barco fuego trigo".split(),
    "it": "gatto limone stella vento ponte nuvola treno mare bosco formica".split(),
    "pt": "sapato chuva janela laranja pássaro farol caneca areia".split(),
    "nl": "fiets molen tulp regen kaas kanaal wolk sleutel".split(),
    "pl": "kotek rzeka jabłko most lampa deszcz chmura zegar".split(),
    "sv": "älg skog kanelbulle sjö fyr båt snö granit".split(),
    "en": "correct horse battery staple purple otter marble lantern violin cactus harbor".split(),
    "tr": "deniz kedi çay köprü bulut elma".split(),
    "fi": "kissa järvi sauna lumi kuusi kahvi".split(),
    "ja": "sakura yama kawa neko tsuki hoshi".split(),
    "cs": "kočka řeka most jablko vítr".split(),
}
PASSPHRASE_T = [
    ("de", "WLAN-Passwort für Gäste: {p}"),
    ("de", "Das WLAN heißt „FritzBox-7590 Becker“, der Schlüssel ist: {p}"),
    ("fr", "Le code Wi-Fi de la maison : {p}"),
    ("es", "Clave del wifi: {p} (todo en minúsculas)"),
    ("it", "La password del Wi-Fi è «{p}»"),
    ("pt", "Senha do wi-fi: {p}"),
    ("nl", "Wifi-wachtwoord: {p}"),
    ("pl", "Hasło do Wi-Fi: {p}"),
    ("sv", "Wifi-lösenordet är {p}"),
    ("en", "Guest Wi-Fi: SSID 'Harbor-Guest', passphrase '{p}'"),
    (
        "en",
        'My password manager master passphrase is "{p}" — write it down somewhere safe.',
    ),
    ("en", "KeePass database passphrase: {p}"),
    ("tr", "Wi-Fi şifresi: {p}"),
    ("fi", "WLAN-salasana: {p}"),
    ("ja", "Wi-Fiのパスワードは「{p}」です。"),
    ("cs", "Heslo k Wi-Fi: {p}"),
    (CODE_LANG, "nmcli dev wifi connect 'Casa-Rossi' password '{p}'"),
    (CODE_LANG, 'network={{\n    ssid="Nordlys-5G"\n    psk="{p}"\n}}'),
    (CODE_LANG, "WIFI:T:WPA;S:Haus-Becker;P:{p};;"),
    ("de", "Passwort fürs Familien-Laptop: {p}"),
    ("fr", "Phrase de passe du coffre Bitwarden : {p}"),
    ("es", "La contraseña de mi cuenta es la frase «{p}»."),
]
_PP_LANG_FOR_CODE = ["it", "sv", "de", "en"]


def passphrase(lang):
    ws = rng.sample(PASSPHRASE_WORDS[lang], rng.randint(3, 5))
    style = rng.randrange(4)
    if style == 0:
        out = " ".join(ws)
    elif style == 1:
        out = "-".join(ws)
    elif style == 2:
        out = ".".join(w.capitalize() for w in ws) + str(rng.randint(1, 99))
    else:
        out = " ".join(ws) + " " + str(rng.randint(10, 999))
    return out


def gen_secret_passphrases(n):
    made, i = 0, 0
    ts = PASSPHRASE_T[:]
    while made < n:
        lang, t = ts[i % len(ts)]
        wl = (
            lang if lang != CODE_LANG else _PP_LANG_FOR_CODE[i % len(_PP_LANG_FOR_CODE)]
        )
        i += 1
        p = passphrase(wl)
        if lang == CODE_LANG and ("'" in p or '"' in p or ";" in p):
            continue
        if add("secret", "passphrase", f"passphrase.{lang}.{wl}", t.format(p=p), lang):
            made += 1


# ----------------------------------------------------------------------------------------------
# SECRETS: CLI, connection strings, URLs with credentials
# ----------------------------------------------------------------------------------------------
CLI_T = [
    "mysql -u root -p'{p}' -h db.internal shop",
    "mysqldump --user=backup --password='{p}' --all-databases > all.sql",
    "sshpass -p '{p}' ssh admin@10.0.4.20 'sudo systemctl restart nginx'",
    "curl -u 'admin:{p}' 'https://jenkins.internal/api/json?pretty=true'",
    "docker login -u ci-bot -p '{p}' registry.acme.io",
    "PGPASSWORD='{p}' psql -h pg01.internal -U report -d dwh -c 'select 1'",
    "mongosh \"mongodb://10.1.2.3:27017/admin\" --username admin --password '{p}'",
    "redis-cli -h cache01 -p 6379 -a '{p}' PING",
    "htpasswd -bc /etc/nginx/.htpasswd admin '{p}'",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{p}",
    "smbclient //nas01/finance -U 'backup%{p}' -c 'ls'",
    'net use Z: \\\\fileserver\\finance "{p}" /user:CORP\\svc_backup',
    "wget --user=deploy --password='{p}' https://artifacts.internal/build-4411.tar.gz",
    "sqlcmd -S sql01 -U sa -P '{p}' -Q \"SELECT @@VERSION\"",
    'ldapsearch -x -H ldap://dc01 -D "cn=admin,dc=acme,dc=org" -w \'{p}\' -b "dc=acme,dc=org"',
    "rsync -av --password-file=<(echo '{p}') ./dist rsync://deploy@mirror.acme.io/www",
    "az login --service-principal -u 9f1c2e7a-4b3d-4e8f-a1c2-7d6e5f4a3b2c -p '{az}' --tenant 72f988bf-86f1-41af-91ab-2d7cd011db47",
]


def azure_secret():
    return rs(ALNUM, 3) + "8Q~" + rs(ALNUM + "_-.~", 34)


def gen_secret_cli(n):
    ts = CLI_T[:]
    rng.shuffle(ts)
    made, i = 0, 0
    while made < n:
        t = ts[i % len(ts)]
        i += 1
        p = gen_password()
        if "'" in p:
            continue
        if add(
            "secret",
            "cli_password",
            f"cli.{t.split()[0].split('=')[0]}",
            t.format(p=p, az=azure_secret()),
            CODE_LANG,
        ):
            made += 1


def gen_secret_connstrings(n):
    T = [
        lambda p: f"DATABASE_URL=postgres://app_user:{p}@db.prod.internal:5432/orders",
        lambda p: (
            f'SQLALCHEMY_DATABASE_URI = "postgresql+psycopg2://analytics:{p}@10.20.0.15/warehouse"'
        ),
        lambda p: (
            f"mysql://shop:{p}@mysql-primary.acme.local:3306/shop?charset=utf8mb4"
        ),
        lambda p: (
            f"MONGO_URI=mongodb+srv://appuser:{p}@cluster0.{rs(LOALNUM, 5)}.mongodb.net/prod?retryWrites=true&w=majority"
        ),
        lambda p: (
            f"REDIS_URL=redis://default:{p}@redis-1{digits(4)}.c1.eu-west-1-2.ec2.cloud.redislabs.com:1{digits(4)}"
        ),
        lambda p: f"CELERY_BROKER_URL=amqp://worker:{p}@rabbitmq.internal:5672/%2F",
        lambda p: (
            f"jdbc:sqlserver://sql01.corp.local:1433;databaseName=erp;user=sa;password={p};encrypt=true"
        ),
        lambda p: (
            f"Server=tcp:acme-sql.database.windows.net,1433;Initial Catalog=orders;User ID=dbadmin;Password={p};Encrypt=True;"
        ),
        lambda p: (
            f"spring.datasource.url=jdbc:oracle:thin:scott/{p}@//ora.internal:1521/ORCLPDB1"
        ),
        lambda p: f"jdbc:postgresql://pg:5432/app?user=app&password={p}&ssl=true",
        lambda p: f"NEO4J_URI=neo4j+s://neo4j:{p}@{rs(HEX, 8)}.databases.neo4j.io",
        lambda p: f"clickhouse://default:{p}@ch01.internal:9000/analytics",
        lambda p: (
            f'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="svc-orders" password="{p}";'
        ),
        lambda p: f"ELASTICSEARCH_URL=https://elastic:{p}@es01.internal:9200",
        lambda p: (
            f"snowflake://loader:{p}@xy{digits(5)}.eu-central-1/ANALYTICS/PUBLIC?warehouse=COMPUTE_WH"
        ),
        lambda p: (
            f"mssql+pyodbc://sa:{p}@sql01/master?driver=ODBC+Driver+18+for+SQL+Server"
        ),
        lambda p: (
            f"database:\n  url: mysql+pymysql://shop:{p}@10.0.3.14/shop\n  pool_size: 10"
        ),
        lambda p: (
            f"conn = psycopg2.connect(host='pg01', dbname='billing', user='billing', password='{p}')"
        ),
        lambda p: (
            f"DB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_DATABASE=laravel\nDB_USERNAME=forge\nDB_PASSWORD={p}"
        ),
        lambda p: f"rediss://:{p}@cache-prod.abc123.euw1.cache.amazonaws.com:6379/0",
    ]
    order = list(range(len(T)))
    rng.shuffle(order)
    made, i = 0, 0
    while made < n:
        k = order[i % len(order)]
        i += 1
        if add(
            "secret",
            "connection_string",
            f"conn.{k}",
            T[k](gen_password(url_safe=True)),
            CODE_LANG,
        ):
            made += 1


def gen_secret_urls(n):
    T = [
        lambda: (
            f"git clone https://deploy:{gen_password(True)}@git.acme-intra.net/platform/infra.git"
        ),
        lambda: f"ftp://backup:{gen_password(True)}@files.acme.net/nightly/",
        lambda: (
            f"export https_proxy=http://jdoe:{gen_password(True)}@proxy.corp.local:3128"
        ),
        lambda: (
            f"pip install --extra-index-url https://__token__:{_prov('pypi_token')()}@pypi.acme.io/simple acme-core"
        ),
        lambda: (
            f"git remote set-url origin https://oauth2:glpat-{rs(B64URL, 20)}@gitlab.com/acme/app.git"
        ),
        lambda: f"sftp://deploy:{gen_password(True)}@203.0.113.25:22/var/www/html",
        lambda: (
            f"SMTP_URL=smtp://postmaster%40mg.acme.io:{rs(HEX, 32)}-{rs(HEX, 8)}-{rs(HEX, 8)}@smtp.mailgun.org:587"
        ),
        lambda: (
            f"https://jonas:{gen_password(True)}@cloud.acme-family.de/remote.php/dav/files/jonas/"
        ),
        lambda: (
            f'[url "https://x-access-token:{tok_github()}@github.com/"]\n    insteadOf = https://github.com/'
        ),
    ]
    made, i = 0, 0
    while made < n:
        t = T[i % len(T)]
        i += 1
        if add("secret", "url_credentials", f"url.{(i - 1) % len(T)}", t(), CODE_LANG):
            made += 1


def _prov(kind):
    return next(p for p in PROVIDERS if p[0] == kind)[4]


# ----------------------------------------------------------------------------------------------
# SECRETS: private keys, wallet keys, JWTs, cookies, auth headers, webhooks, cloud credentials
# ----------------------------------------------------------------------------------------------
RSA_KEYS = []


def gen_secret_private_keys():
    global RSA_KEYS
    RSA_KEYS = [
        rsa_key(2048),
        rsa_key(1024),
        rsa_key(2048),
        rsa_key(1024),
        rsa_key(2048),
    ]
    PK = serialization.PrivateFormat
    k1 = pem_priv(RSA_KEYS[0], PK.TraditionalOpenSSL)
    add("secret", "private_key", "pem.rsa_pkcs1.bare", k1, CODE_LANG)
    k2 = pem_priv(RSA_KEYS[1], PK.TraditionalOpenSSL)
    add(
        "secret",
        "private_key",
        "pem.rsa_pkcs1.chat_de",
        "Hier ist der Deploy-Key für den Build-Server, bitte nur in ~/.ssh ablegen:\n\n"
        + k2,
        "de",
    )
    k3 = pem_priv(RSA_KEYS[2], PK.PKCS8)
    add(
        "secret",
        "private_key",
        "pem.pkcs8.nginx",
        "# /etc/nginx/ssl/shop.acme.io.key\n" + k3,
        CODE_LANG,
    )
    k4 = pem_priv(RSA_KEYS[3], PK.PKCS8)
    add(
        "secret",
        "private_key",
        "pem.pkcs8.yaml",
        "tls:\n  cert_file: /etc/ssl/api.crt\n  key: |\n"
        + "\n".join("    " + l for l in k4.splitlines()),
        CODE_LANG,
    )
    e1 = pem_priv(ec_key(), PK.TraditionalOpenSSL)
    add("secret", "private_key", "pem.ec.bare", e1, CODE_LANG)
    e2 = pem_priv(ec_key(ec.SECP384R1()), PK.PKCS8)
    add(
        "secret",
        "private_key",
        "pem.ec_pkcs8.chat_fr",
        "Voici la clé privée du certificat de signature (ne pas la commiter) :\n" + e2,
        "fr",
    )
    for comment, pre, lang in [
        ("deploy@ci-runner-03", "", CODE_LANG),
        ("jenkins@build01", "cat ~/.ssh/id_ed25519\n", CODE_LANG),
        ("backup@nas", "Claves SSH del servidor de copias, guárdalas bien:\n", "es"),
    ]:
        add(
            "secret",
            "private_key",
            f"openssh.ed25519.{lang}",
            pre + openssh_ed25519(ed_key(), comment),
            lang,
        )
    add("secret", "private_key", "pgp.armored", pgp_armor("PRIVATE", 540), CODE_LANG)
    add(
        "secret",
        "private_key",
        "pgp.armored.chat_en",
        "exported my signing key so you can set up the release box:\n"
        + pgp_armor("PRIVATE", 420),
        "en",
    )
    # PuTTY .ppk v3, unencrypted, ed25519
    k = ed_key()
    raw_priv = k.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    raw_pub = k.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    pubb = base64.b64encode(_sshstr(b"ssh-ed25519") + _sshstr(raw_pub)).decode()
    privb = base64.b64encode(_sshstr(raw_priv)).decode()
    comment = "eddsa-key-20240312"
    macdata = (
        _sshstr(b"ssh-ed25519")
        + _sshstr(b"none")
        + _sshstr(comment.encode())
        + _sshstr(base64.b64decode(pubb))
        + _sshstr(base64.b64decode(privb))
    )
    mac = hmac.new(b"", macdata, hashlib.sha256).hexdigest()
    ppk = (
        f"PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: {comment}\nPublic-Lines: 2\n"
        f"{pubb[:64]}\n{pubb[64:]}\nPrivate-Lines: 1\n{privb}\nPrivate-MAC: {mac}"
    )
    add("secret", "private_key", "ppk.v3", ppk, CODE_LANG)
    # private JWKs (EC P-256 with "d", and OKP Ed25519 with "d")
    eck = ec_key()
    nums = eck.private_numbers()
    jwk = {
        "kty": "EC",
        "crv": "P-256",
        "kid": rs(LOALNUM, 12),
        "x": b64u(nums.public_numbers.x.to_bytes(32, "big")),
        "y": b64u(nums.public_numbers.y.to_bytes(32, "big")),
        "d": b64u(nums.private_value.to_bytes(32, "big")),
    }
    add(
        "secret",
        "private_key",
        "jwk.ec",
        json.dumps({"keys": [jwk]}, indent=2),
        CODE_LANG,
    )
    k = ed_key()
    jwk2 = {
        "kty": "OKP",
        "crv": "Ed25519",
        "x": b64u(
            k.public_key().public_bytes(
                serialization.Encoding.Raw, serialization.PublicFormat.Raw
            )
        ),
        "d": b64u(
            k.private_bytes(
                serialization.Encoding.Raw,
                serialization.PrivateFormat.Raw,
                serialization.NoEncryption(),
            )
        ),
    }
    add(
        "secret",
        "private_key",
        "jwk.okp.env",
        "JWT_SIGNING_JWK='" + json.dumps(jwk2, separators=(",", ":")) + "'",
        CODE_LANG,
    )


def gen_secret_wallet_keys():
    wif = b58check(b"\x80" + rng.randbytes(32) + b"\x01")
    add(
        "secret",
        "crypto_wallet_key",
        "wif.chat_pt",
        f"Chave privada da carteira (WIF), guarda isto offline: {wif}",
        "pt",
    )
    eth = "0x" + rng.randbytes(32).hex()
    add(
        "secret",
        "crypto_wallet_key",
        "eth.env",
        f"# hardhat deployer\nDEPLOYER_PRIVATE_KEY={eth}\nRPC_URL=https://sepolia.infura.io/v3/",
        CODE_LANG,
    )
    age = bech32("age-secret-key-", rng.randbytes(32)).upper()
    add(
        "secret",
        "crypto_wallet_key",
        "age.keyfile",
        f"# created: 2024-02-11T10:22:41+01:00\n# public key: {bech32('age', rng.randbytes(32))}\n{age}",
        CODE_LANG,
    )


def gen_secret_jwts(n):
    now = 1717000000 + rng.randrange(10**7)

    def tok(i):
        claims = {
            "sub": str(rng.randint(10**5, 10**7)),
            "role": pick(["admin", "user", "service", "editor"]),
            "iat": now + i * 97,
            "exp": now + i * 97 + 3600,
            "iss": pick(["https://auth.acme.io", "api.acme.dev", "keycloak"]),
        }
        if i % 3 == 2:
            return make_jwt(claims, alg="RS256", rsakey=RSA_KEYS[4])
        return make_jwt(claims, key=rng.randbytes(32))

    T = [
        (
            "curl",
            CODE_LANG,
            lambda t: (
                f'curl https://api.acme.io/v2/orders -H "Authorization: Bearer {t}"'
            ),
        ),
        ("cookie", CODE_LANG, lambda t: f"Cookie: access_token={t}; theme=dark"),
        (
            "localstorage",
            CODE_LANG,
            lambda t: json.dumps({"auth": {"accessToken": t, "expiresIn": 3600}}),
        ),
        (
            "python",
            CODE_LANG,
            lambda t: f'requests.get(url, headers={{"Authorization": "Bearer {t}"}})',
        ),
        ("chat_en", "en", lambda t: f"use this token until SSO is fixed: {t}"),
        (
            "chat_de",
            "de",
            lambda t: f"Nimm solange dieses Token, bis das Login wieder geht: {t}",
        ),
        (
            "log",
            CODE_LANG,
            lambda t: f"DEBUG http: > GET /api/me Authorization=Bearer {t}",
        ),
        (
            "httpfile",
            CODE_LANG,
            lambda t: (
                f"### get profile\nGET https://api.acme.io/me\nAuthorization: Bearer {t}"
            ),
        ),
        (
            "chat_es",
            "es",
            lambda t: f"El token de servicio (no caduca hasta mañana): {t}",
        ),
    ]
    for i in range(n):
        nm, lang, f = T[i % len(T)]
        add("secret", "jwt", f"jwt.{nm}", f(tok(i)), lang)


def gen_secret_cookies(n):
    T = [
        lambda: f"Cookie: sessionid={rs(LOALNUM, 32)}; csrftoken={rs(ALNUM, 64)}",
        lambda: (
            f"Set-Cookie: connect.sid=s%3A{rs(B64URL, 32)}.{rs(B64, 43)}; Path=/; HttpOnly; Secure"
        ),
        lambda: (
            f"curl -b 'PHPSESSID={rs(LOALNUM, 26)}' https://intranet.acme.local/admin/users.php"
        ),
        lambda: f"Cookie: JSESSIONID={rs(HEX.upper(), 32)}; Path=/portal",
        lambda: f"laravel_session={b64u(rng.randbytes(180))}",
        lambda: (
            f"__Secure-next-auth.session-token={b64u(rng.randbytes(30))}..{b64u(rng.randbytes(16))}.{b64u(rng.randbytes(260))}.{b64u(rng.randbytes(16))}"
        ),
        lambda: (
            f"si te logueas con esta cookie entras como yo: _session_id={rs(HEX, 32)}"
        ),
        lambda: (
            f'document.cookie = "ASP.NET_SessionId={rs(LO + "012345", 24)}; .AspNetCore.Identity.Application={b64u(rng.randbytes(220))}"'
        ),
    ]
    for i in range(n):
        lang = "es" if i % len(T) == 6 else CODE_LANG
        add("secret", "session_cookie", f"cookie.{i % len(T)}", T[i % len(T)](), lang)


def gen_secret_auth_headers(n):
    def basic(u):
        return base64.b64encode(f"{u}:{gen_password()}".encode()).decode()

    T = [
        lambda: (
            f'curl -H "Authorization: Basic {basic("admin")}" https://grafana.internal/api/dashboards'
        ),
        lambda: (
            f"GET /api/v1/export HTTP/1.1\nHost: erp.acme.local\nAuthorization: Basic {basic('svc_export')}"
        ),
        lambda: f"headers = {{'Authorization': 'Basic {basic('reporting')}'}}",
        lambda: (
            f'curl -H "X-API-Key: {rs(ALNUM, 40)}" https://api.partner-logistics.com/v3/shipments'
        ),
        lambda: f"x-api-key: {rs(ALNUM, 32)}\nx-client-id: acme-shop",
        lambda: f"fetch('/v1/rates', {{ headers: {{ 'Api-Key': '{rs(HEX, 48)}' }} }})",
    ]
    for i in range(n):
        add(
            "secret",
            "auth_header",
            f"auth_header.{i % len(T)}",
            T[i % len(T)](),
            CODE_LANG,
        )


def gen_secret_webhooks(n):
    T = [
        (
            "slack",
            CODE_LANG,
            lambda: (
                f"SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T0{rs(UPALNUM, 8)}/B0{rs(UPALNUM, 9)}/{rs(ALNUM, 24)}"
            ),
        ),
        (
            "slack_chat",
            "de",
            lambda: (
                f"Webhook für den Alerts-Kanal: https://hooks.slack.com/services/T0{rs(UPALNUM, 8)}/B0{rs(UPALNUM, 9)}/{rs(ALNUM, 24)}"
            ),
        ),
        (
            "discord",
            CODE_LANG,
            lambda: (
                f"discord_webhook: https://discord.com/api/webhooks/{rng.randint(10**17, 10**18)}/{rs(B64URL, 68)}"
            ),
        ),
        (
            "discord_chat",
            "fr",
            lambda: (
                f"Le webhook Discord du serveur : https://discord.com/api/webhooks/{rng.randint(10**17, 10**18)}/{rs(B64URL, 68)}"
            ),
        ),
        (
            "teams",
            CODE_LANG,
            lambda: (
                f"https://acme.webhook.office.com/webhookb2/{_uuid()}@{_uuid()}/IncomingWebhook/{rs(HEX, 32)}/{_uuid()}/V2{rs(B64URL, 43)}"
            ),
        ),
        (
            "gchat",
            CODE_LANG,
            lambda: (
                f"https://chat.googleapis.com/v1/spaces/AAAA{rs(B64URL, 7)}/messages?key=AIza{rs(B64URL, 35)}&token={rs(B64URL, 43)}"
            ),
        ),
        (
            "ifttt",
            CODE_LANG,
            lambda: (
                f"curl -X POST https://maker.ifttt.com/trigger/door_open/with/key/{rs(B64URL, 22)}"
            ),
        ),
        (
            "mattermost",
            CODE_LANG,
            lambda: f"MATTERMOST_HOOK=https://chat.acme.io/hooks/{rs(LOALNUM, 26)}",
        ),
        (
            "telegram",
            CODE_LANG,
            lambda: (
                f"https://api.telegram.org/bot{rng.randint(10**9, 8 * 10**9)}:AA{rs(B64URL, 33)}/sendMessage?chat_id=-100{digits(10)}"
            ),
        ),
        (
            "zapier",
            "en",
            lambda: (
                f"the zap fires on https://hooks.zapier.com/hooks/catch/{digits(7)}/{rs(LOALNUM, 6)}/ — anyone with this URL can trigger it"
            ),
        ),
    ]
    for i in range(n):
        nm, lang, f = T[i % len(T)]
        add("secret", "webhook_url", f"webhook.{nm}", f(), lang)


def _uuid():
    h = rng.randbytes(16).hex()
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{pick('89ab')}{h[17:20]}-{h[20:]}"


def aws_pair():
    return "AKIA" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16), rs(B64, 40)


def gen_secret_cloud(n):
    out = []
    a, s = aws_pair()
    out.append(
        (
            "aws_ini",
            CODE_LANG,
            f"[default]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-central-1",
        )
    )
    a, s = aws_pair()
    out.append(
        (
            "aws_env_session",
            CODE_LANG,
            f"export AWS_ACCESS_KEY_ID=ASIA{a[4:]}\nexport AWS_SECRET_ACCESS_KEY={s}\n"
            f"export AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjE{rs(B64, 300)}",
        )
    )
    a, s = aws_pair()
    out.append(
        (
            "aws_chat_it",
            "it",
            f"Credenziali AWS per il bucket dei backup: access key {a}, secret {s}",
        )
    )
    sa = {
        "type": "service_account",
        "project_id": "acme-analytics-prod",
        "private_key_id": rs(HEX, 40),
        "private_key": pem_priv(RSA_KEYS[4], serialization.PrivateFormat.PKCS8) + "\n",
        "client_email": "etl-runner@acme-analytics-prod.iam.gserviceaccount.com",
        "client_id": digits(21),
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    out.append(("gcp_sa_json", CODE_LANG, json.dumps(sa, indent=2)))
    out.append(
        (
            "azure_sp_json",
            CODE_LANG,
            json.dumps(
                {
                    "appId": _uuid(),
                    "displayName": "terraform-ci",
                    "password": azure_secret(),
                    "tenant": _uuid(),
                },
                indent=2,
            ),
        )
    )
    out.append(
        (
            "azure_storage",
            CODE_LANG,
            f"AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=acmebackups;AccountKey={base64.b64encode(rng.randbytes(64)).decode()};EndpointSuffix=core.windows.net",
        )
    )
    out.append(
        (
            "alibaba",
            CODE_LANG,
            f"ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5t{rs(ALNUM, 18)}\nALIBABA_CLOUD_ACCESS_KEY_SECRET={rs(ALNUM, 30)}",
        )
    )
    out.append(
        (
            "tencent_zh",
            "zh",
            f"腾讯云的密钥：SecretId={'AKID' + rs(ALNUM, 32)}，SecretKey={rs(ALNUM, 32)}",
        )
    )
    out.append(
        ("ibm", CODE_LANG, f'ibmcloud login --apikey "{rs(B64URL, 44)}" -r eu-de')
    )
    out.append(
        (
            "r2",
            CODE_LANG,
            f"[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {rs(HEX, 32)}\nsecret_access_key = {rs(HEX, 64)}\nendpoint = https://{rs(HEX, 32)}.r2.cloudflarestorage.com",
        )
    )
    out.append(
        (
            "do_spaces",
            CODE_LANG,
            f"SPACES_KEY=DO00{rs(UPALNUM, 16)}\nSPACES_SECRET={rs(B64, 43)}",
        )
    )
    for nm, lang, text in out[:n]:
        add("secret", "cloud_credentials", f"cloud.{nm}", text, lang)


# ----------------------------------------------------------------------------------------------
# CLEAN (must be stored untouched): look-alikes
# ----------------------------------------------------------------------------------------------
CLEAN_BIRTHDATES = [  # public / historical figures, well-known facts
    (
        "en",
        "Albert Einstein was born on 14 March 1879 in Ulm, in the Kingdom of Württemberg.",
    ),
    (
        "fr",
        "Marie Curie, née Maria Skłodowska le 7 novembre 1867 à Varsovie, a reçu deux prix Nobel dans deux sciences différentes.",
    ),
    ("de", "Wolfgang Amadeus Mozart wurde am 27. Januar 1756 in Salzburg geboren."),
    (
        "en",
        "Mahatma Gandhi was born on 2 October 1869 in Porbandar; the date is now the International Day of Non-Violence.",
    ),
    ("es", "Frida Kahlo nació el 6 de julio de 1907 en Coyoacán, en la Casa Azul."),
    (
        "en",
        "Nelson Mandela, born 18 July 1918 in Mvezo — his birthday is observed as Nelson Mandela International Day.",
    ),
    (
        "en",
        "Ada Lovelace (born 10 December 1815) is often described as the first computer programmer.",
    ),
    (
        "de",
        "Johann Wolfgang von Goethe kam am 28. August 1749 in Frankfurt am Main zur Welt.",
    ),
    ("fr", "Napoléon Bonaparte est né le 15 août 1769 à Ajaccio, en Corse."),
    (
        "en",
        "Abraham Lincoln, 16th president of the United States — DOB: February 12, 1809, Hodgenville, Kentucky.",
    ),
    ("es", "Simón Bolívar nació el 24 de julio de 1783 en Caracas."),
    ("zh", "孙中山，1866年11月12日出生于广东香山县。"),
    ("ja", "夏目漱石は1867年2月9日、江戸の牛込に生まれた。"),
    ("ru", "Лев Толстой родился 9 сентября 1828 года в Ясной Поляне."),
    ("pl", "Fryderyk Chopin urodził się 1 marca 1810 r. w Żelazowej Woli."),
    (
        "sv",
        "Astrid Lindgren föddes den 14 november 1907 på gården Näs utanför Vimmerby.",
    ),
    ("fi", "Jean Sibelius syntyi 8. joulukuuta 1865 Hämeenlinnassa."),
    (
        "es",
        "Gabriel García Márquez nació el 6 de marzo de 1927 en Aracataca, Colombia.",
    ),
    (
        "en",
        "Alan Turing — born 23 June 1912, Maida Vale, London; died 7 June 1954, Wilmslow.",
    ),
    (
        "de",
        "Angela Merkel, geboren am 17. Juli 1954 in Hamburg, war von 2005 bis 2021 Bundeskanzlerin.",
    ),
    (
        "en",
        "Barack Obama (b. August 4, 1961, Honolulu) served as the 44th president of the United States.",
    ),
    (
        "fr",
        "Emmanuel Macron, né le 21 décembre 1977 à Amiens, est président de la République depuis 2017.",
    ),
    ("hi", "रवीन्द्रनाथ टैगोर का जन्म 7 मई 1861 को कलकत्ता में हुआ था।"),
    ("pt", "Pelé nasceu em 23 de outubro de 1940, em Três Corações, Minas Gerais."),
    ("sw", "Wangari Maathai alizaliwa tarehe 1 Aprili 1940 nchini Kenya."),
]
CLEAN_FAMOUS_ADDR = [  # official residences, government seats, museums
    (
        "en",
        "The White House is located at 1600 Pennsylvania Avenue NW, Washington, DC 20500.",
    ),
    (
        "en",
        "10 Downing Street, London SW1A 2AA, has been the official residence of the First Lord of the Treasury since 1735.",
    ),
    (
        "fr",
        "Le palais de l'Élysée, 55 rue du Faubourg-Saint-Honoré, 75008 Paris, est la résidence officielle du président de la République.",
    ),
    (
        "de",
        "Das Bundeskanzleramt befindet sich in der Willy-Brandt-Straße 1, 10557 Berlin.",
    ),
    (
        "de",
        "Schloss Bellevue, Spreeweg 1, 10557 Berlin, ist der Amtssitz des Bundespräsidenten.",
    ),
    (
        "es",
        "La Casa Rosada, Balcarce 50, Buenos Aires, es la sede del Poder Ejecutivo de Argentina.",
    ),
    ("ja", "首相官邸の所在地は東京都千代田区永田町二丁目3番1号です。"),
    ("nl", "Het Anne Frank Huis staat aan de Prinsengracht 263-267 in Amsterdam."),
    ("de", "Mozarts Geburtshaus befindet sich in der Getreidegasse 9 in Salzburg."),
    ("en", "The Sherlock Holmes Museum is at 221B Baker Street, London NW1 6XE."),
    (
        "de",
        "Sigmund Freud lebte und praktizierte von 1891 bis 1938 in der Berggasse 19 in Wien — heute das Sigmund Freud Museum.",
    ),
    (
        "es",
        "La Casa Azul, hoy Museo Frida Kahlo, está en Londres 247, Coyoacán, Ciudad de México.",
    ),
    (
        "en",
        "The Charles Dickens Museum, 48 Doughty Street, London WC1N 2LX, is the author's only surviving London home.",
    ),
    ("nl", "Rijksmuseum, Museumstraat 1, 1071 XX Amsterdam — open dagelijks."),
    ("en", "The Metropolitan Museum of Art, 1000 Fifth Avenue, New York, NY 10028."),
    ("es", "Museo Nacional del Prado: Calle de Ruiz de Alarcón 23, 28014 Madrid."),
    ("it", "Galleria degli Uffizi, Piazzale degli Uffizi 6, 50122 Firenze."),
    (
        "de",
        "Beethoven-Haus Bonn, Bonngasse 20 — hier wurde Ludwig van Beethoven im Dezember 1770 geboren.",
    ),
    ("ko", "청와대는 서울특별시 종로구 청와대로 1에 있다."),
]
CLEAN_PLACEHOLDERS = [
    "export OPENAI_API_KEY=<YOUR_API_KEY>",
    "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY  # sample values from the AWS docs",
    "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "db:\n  user: app\n  password: ${DB_PASSWORD}",
    "      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
    "Authorization: Bearer <access_token>",
    "DATABASE_URL=postgresql://USER:PASSWORD@HOST:5432/DBNAME",
    'stripe.api_key = "sk_live_..."  # replace with your own key from the dashboard',
    "Set SLACK_WEBHOOK_URL to https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX",
    "-----BEGIN PRIVATE KEY-----\n...paste your key here...\n-----END PRIVATE KEY-----",
    'api_key = os.environ["ANTHROPIC_API_KEY"]',
    "Passwort: ******** (wird zur Laufzeit aus dem Tresor geladen)",
    "mot de passe : [MASQUÉ]",
    "contraseña: <tu-contraseña>",
    '<script src="https://maps.googleapis.com/maps/api/js?key=YOUR_API_KEY&callback=initMap"></script>',
    'client_secret: "{{ vault_client_secret }}"',
    'kubectl create secret generic db-creds --from-literal=password="$DB_PASS"',
    "token=REDACTED user=svc-backup status=ok",
    "HF_TOKEN=hf_********************************",
    "mysql -u root -p    # you will be prompted for the password",
    'echo "$REGISTRY_TOKEN" | docker login registry.acme.io -u ci-bot --password-stdin',
    "パスワード：●●●●●●●●（セキュリティのため非表示）",
]


def clean_public_keys():
    out = []
    k = ed_key()
    out.append(
        (
            "ssh_pub",
            "ssh-ed25519 public key for the deploy user (safe to share):\n"
            + ssh_pub_line(k, "deploy@ci-runner-03"),
        )
    )
    out.append(
        (
            "authorized_keys",
            ssh_pub_line(RSA_KEYS[1], "backup@nas")
            + "\n"
            + ssh_pub_line(ed_key(), "jenkins@build01"),
        )
    )
    pub = (
        ec_key()
        .public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip()
    )
    out.append(("pem_public", pub))
    # self-signed Ed25519 certificate (Ed25519 signatures are deterministic)
    ck = ed_key()
    subj = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, "api.acme.io"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Acme Corp"),
        ]
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(subj)
        .issuer_name(subj)
        .public_key(ck.public_key())
        .serial_number(int.from_bytes(rng.randbytes(16), "big") >> 1)
        .not_valid_before(datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC))
        .not_valid_after(datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC))
        .sign(ck, None)
    )
    out.append(
        (
            "x509_cert",
            "Server certificate (public):\n"
            + cert.public_bytes(serialization.Encoding.PEM).decode().strip(),
        )
    )
    out.append(("pgp_public", pgp_armor("PUBLIC", 300)))
    out.append(
        (
            "age_public",
            "age recipient for the backup script: " + bech32("age", rng.randbytes(32)),
        )
    )
    out.append(
        (
            "eth_address",
            "Donations welcome: 0x"
            + rng.randbytes(20).hex()
            + " (Ethereum, public address)",
        )
    )
    pk = RSA_KEYS[3].public_key().public_numbers()
    out.append(
        (
            "jwk_public",
            json.dumps(
                {
                    "keys": [
                        {
                            "kty": "RSA",
                            "use": "sig",
                            "kid": rs(LOALNUM, 10),
                            "alg": "RS256",
                            "e": "AQAB",
                            "n": b64u(
                                pk.n.to_bytes((pk.n.bit_length() + 7) // 8, "big")
                            ),
                        }
                    ]
                }
            ),
        )
    )
    return out


def clean_hashes():
    h40 = lambda: rng.randbytes(20).hex()
    h64 = lambda: rng.randbytes(32).hex()
    return [
        (
            "git_log",
            f"commit {h40()}\nAuthor: release-bot <release-bot@users.noreply.github.com>\nDate:   Tue Mar 12 14:05:33 2024 +0100\n\n    chore: bump version to 2.14.0",
        ),
        ("sha256sum", f"{h64()}  acme-cli-2.14.0-linux-amd64.tar.gz"),
        ("md5", f"MD5 (installer.dmg) = {rng.randbytes(16).hex()}"),
        (
            "uuid",
            f"Request {_uuid()} completed in 182 ms (trace_id={rng.randbytes(16).hex()})",
        ),
        (
            "gpg_fpr",
            "Key fingerprint = "
            + " ".join(
                rng.randbytes(20).hex().upper()[i : i + 4] for i in range(0, 40, 4)
            ),
        ),
        (
            "ssh_fpr",
            f"ED25519 key fingerprint is SHA256:{base64.b64encode(rng.randbytes(32)).decode().rstrip('=')}.",
        ),
        ("docker_digest", f"docker pull nginx@sha256:{h64()}"),
        (
            "npm_integrity",
            f'"integrity": "sha512-{base64.b64encode(rng.randbytes(64)).decode()}"',
        ),
        (
            "cert_thumb",
            "SHA1 Fingerprint="
            + ":".join(
                rng.randbytes(20).hex().upper()[i : i + 2] for i in range(0, 40, 2)
            ),
        ),
        ("short_sha", f"Fixed in {h40()[:7]} (see PR #4821), released in v3.2.1."),
        ("btc_txid", f"Transaction ID: {h64()} — 6 confirmations"),
        ("etag", f'ETag: "{rng.randbytes(16).hex()}-12"'),
        ("git_tag", f"v2.14.0 tag object {h40()} points to commit {h40()}"),
        ("uuid_list", "Affected tenants:\n- " + "\n- ".join(_uuid() for _ in range(3))),
    ]


CLEAN_MISC = {
    "price_measure": [
        ("de", "Preis: 1.299,00 € inkl. MwSt., Lieferung in 3–5 Werktagen."),
        ("en", "The crate measures 120 × 80 × 45 cm and weighs 12.4 kg."),
        ("ja", "価格：¥12,800（税込）、送料無料"),
        ("pt", "R$ 2.349,90 em até 10x sem juros no cartão."),
        ("en", "Marathon distance: 42.195 km (26.219 mi)."),
        ("fr", "Le loyer des bureaux est de 3 450 € HT par mois, charges comprises."),
        (
            "en",
            "Spec sheet: 32 GB DDR5-5600, 2 TB NVMe SSD, 165 W TDP, 1920×1200 @ 120 Hz.",
        ),
        ("es", "Precio por kilo: 4,35 €; peso neto 2,5 kg; total 10,88 €."),
    ],
    "reference_number": [
        ("en", f"UPS tracking: 1Z{rs(UPALNUM, 6)}{digits(10)} — out for delivery."),
        ("de", f"Ihre Bestellnummer lautet 302-{digits(7)}-{digits(7)}."),
        ("en", f"Ticket INC{digits(7)} resolved: VPN gateway restarted."),
        ("en", "Blocked by OPS-4821 and PLAT-1177; see the sprint board."),
        ("en", "ISBN 978-3-16-148410-0 is the example ISBN used on Wikipedia."),
        ("de", "EAN 4006381333931 — Bleistift HB, 12er-Packung."),
        ("en", f"RMA-2024-{digits(5)} approved; ship the unit back within 14 days."),
        ("de", "Bestellnummer Siemens S7-1200 CPU: 6ES7 214-1AG40-0XB0"),
        ("fr", f"Facture n° FAC-2024-{digits(6)}, échéance à 30 jours fin de mois."),
        (
            "en",
            f"Part no. MX-{digits(4)}-{rs(UP, 2)}, lot {digits(6)}, 500 pcs per reel.",
        ),
    ],
    "version_string": [
        ("en", "Upgraded to Python 3.12.2 and Django 5.0.3 last night."),
        ("en", "Release v2.14.0-rc.1+build.5678 is now on the staging channel."),
        ("en", "uname -r: 6.8.0-31-generic"),
        ("en", "Chrome 124.0.6367.91 (Official Build) (64-bit)"),
        ("en", "node@20.11.1 npm@10.2.4 pnpm@8.15.4"),
    ],
    "historical_date": [
        ("en", "The Berlin Wall fell on 9 November 1989."),
        (
            "fr",
            "La Révolution française commence le 14 juillet 1789 avec la prise de la Bastille.",
        ),
        ("es", "El 12 de octubre de 1492 las naves de Colón llegaron a Guanahani."),
        ("ja", "1945年8月15日、玉音放送により日本の降伏が国民に伝えられた。"),
        ("en", "Apollo 11 landed on the Moon on 20 July 1969 at 20:17 UTC."),
        (
            "pl",
            "4 czerwca 1989 roku odbyły się w Polsce częściowo wolne wybory parlamentarne.",
        ),
    ],
    "doc_email": [
        (
            "en",
            "In the examples below, replace alice@example.com with your own account.",
        ),
        ("de", "Testkonto: test.user@example.org (reservierte Domain laut RFC 2606)."),
        ("en", 'git config --global user.email "you@example.com"'),
        (
            "es",
            "Ejemplo: usuario@example.net — no escribas a esta dirección, es ficticia.",
        ),
        ("en", "SMTP_FROM=noreply@example.com  # default in docker-compose.sample.yml"),
        ("en", '<input type="email" placeholder="jane.doe@example.com">'),
    ],
    "masked_payment": [
        ("en", "Payment received from Visa ending in 4821 — thank you!"),
        ("de", "Karte: **** **** **** 0392, belastet mit 59,90 €."),
        ("fr", "Carte bancaire XXXX-XXXX-XXXX-7710 débitée de 49,90 €."),
        (
            "de",
            "Lastschrift von IBAN DE89 **** **** **** **30 00 erfolgreich eingezogen.",
        ),
        ("zh", "收款卡号：6222 **** **** 8841，交易成功。"),
    ],
    "ip_address": [
        (
            "en",
            '203.0.113.42 - - [12/Mar/2024:10:15:01 +0000] "GET /health HTTP/1.1" 200 2 "-" "kube-probe/1.29"',
        ),
        (
            "en",
            "Allow 10.0.0.0/8 and 192.168.0.0/16 in the security group, deny everything else.",
        ),
        ("en", "Google Public DNS: 8.8.8.8, 8.8.4.4 and 2001:4860:4860::8888"),
        ("en", "ping -c 4 198.51.100.7"),
        ("de", "Docker-Standardbridge: 172.17.0.1/16, Gateway 172.17.0.1"),
        ("en", "The prefix 2001:db8::/32 is reserved for documentation (RFC 3849)."),
    ],
    "math": [
        ("en", "2^64 = 18446744073709551616"),
        ("en", "The 10,000th prime is 104729."),
        (
            "de",
            "∫₀¹ x² dx = 1/3, und die Reihe Σ 1/n² konvergiert gegen π²/6 ≈ 1,6449.",
        ),
        ("en", "sqrt(2) ≈ 1.4142135623730951; e ≈ 2.718281828459045"),
    ],
    "chemistry": [
        ("en", "Photosynthesis: 6 CO2 + 6 H2O → C6H12O6 + 6 O2"),
        ("en", "CAS 7732-18-5 is water; CAS 64-17-5 is ethanol."),
        ("de", "Schwefelsäure (H₂SO₄) hat eine molare Masse von 98,08 g/mol."),
        ("fr", "Chlorure de sodium (NaCl) : 58,44 g/mol, point de fusion 801 °C."),
    ],
    "timestamp": [
        ("en", "2024-03-12T14:05:33.512Z INFO scheduler: job nightly-backup finished"),
        (
            "en",
            f"epoch 1710252333 = {datetime.datetime.fromtimestamp(1710252333, datetime.UTC):%a %b %d %Y %H:%M:%S} UTC",
        ),
        ("en", "cron: 0 3 * * 1-5 /opt/scripts/backup.sh"),
        ("en", "Last-Modified: Wed, 21 Oct 2015 07:28:00 GMT"),
    ],
    "security_prose": [
        (
            "en",
            "Rotate the Stripe secret key every 90 days and never commit .env files.",
        ),
        (
            "de",
            "Das Passwort muss mindestens 12 Zeichen lang sein und eine Ziffer enthalten.",
        ),
        (
            "en",
            "I reset my password yesterday; the new one is stored in 1Password, not here.",
        ),
        ("fr", "La clé API a été révoquée ce matin, il faut en générer une nouvelle."),
        ("ja", "パスワードは管理者に確認してください。"),
        (
            "en",
            "Token expired at 14:02 UTC; the client is requesting a new one automatically.",
        ),
        ("zh", "密码已经通过短信发给你了，请登录后立即修改。"),
        ("ru", "Пароль от Wi-Fi висит на холодильнике."),
        ("es", "La contraseña del wifi está en la pegatina de debajo del router."),
        (
            "en",
            "Error 401: invalid_api_key — check that OPENAI_API_KEY is set in the environment.",
        ),
        (
            "en",
            "The SSH host key fingerprint changed after the server rebuild; verify it before connecting.",
        ),
        ("pt", "Nunca compartilhe sua senha por e-mail; o banco jamais vai pedi-la."),
    ],
}


def clean_b64():
    msg = "The quick brown fox jumps over the lazy dog."
    return [
        ("en", "echo 'SGVsbG8sIFdvcmxkIQ==' | base64 -d   # prints: Hello, World!"),
        (
            "en",
            "1×1 transparent pixel: data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
        ),
        (
            "en",
            "Content-Transfer-Encoding: base64\n\n"
            + base64.b64encode(msg.encode()).decode(),
        ),
        (
            "en",
            'The JWT header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 just decodes to {"alg":"HS256","typ":"JWT"}.',
        ),
    ]


def _valid(modname, cand):
    mod = importlib.import_module("stdnum." + modname)
    for _ in range(100000):
        c = cand()
        if mod.is_valid(c):
            return c
    raise RuntimeError(modname)


def clean_business():
    de_vat = _valid("de.vat", lambda: "DE" + str(rng.randint(1, 9)) + digits(8))
    siren = _valid("fr.siren", lambda: str(rng.randint(3, 9)) + digits(8))
    cnpj = _valid("br.cnpj", lambda: digits(8) + "0001" + digits(2))
    abn = _valid("au.abn", lambda: str(rng.randint(1, 9)) + digits(10))
    return [
        (
            "de",
            "Kundenservice der Nordlicht Energie GmbH: Hafenstraße 12, 20457 Hamburg, Hotline 0800 123 4567 (Mo–Fr 8–18 Uhr).",
        ),
        (
            "fr",
            "Boulangerie Dufour SARL — 12 avenue Jean-Jaurès, 69007 Lyon — standard : 04 78 12 34 56.",
        ),
        (
            "en",
            "Head office: Brightwave Solutions Ltd, Unit 4, Riverside Business Park, Manchester M15 4PS. Switchboard: +44 161 496 0000.",
        ),
        (
            "en",
            "Call Acme Plumbing Supply at 1-800-555-0199, 2200 Industrial Pkwy, Dayton, OH 45414 (Mon–Sat).",
        ),
        (
            "ja",
            "株式会社サクラ電機 本社：大阪府大阪市北区梅田1-2-3 代表電話：06-6345-0000",
        ),
        (
            "es",
            "Oficinas centrales de Transportes Levante S.L.: Calle Ciudad de Sevilla 24, 46988 Paterna (Valencia). Centralita: 961 23 45 67.",
        ),
        (
            "it",
            "Sede legale: Ferramenta Bianchi S.r.l., Via dell'Industria 8, 20057 Assago (MI), centralino 02 4570 1000.",
        ),
        (
            "nl",
            "Klantenservice Zonnestroom BV, Industrieweg 45, 3542 AD Utrecht, telefoon 030 241 0000 (werkdagen 9–17).",
        ),
        (
            "pl",
            "Biuro obsługi klienta TransPol Sp. z o.o., ul. Przemysłowa 10, 61-001 Poznań, infolinia 801 234 567.",
        ),
        (
            "de",
            f"USt-IdNr. der Nordlicht Energie GmbH: {de_vat}, Amtsgericht Hamburg HRB 123456.",
        ),
        ("fr", f"Société Dufour SARL, SIREN {siren}, capital de 10 000 €."),
        (
            "pt",
            f"CNPJ da empresa Café Paulista Ltda.: {cnpj} — Av. Paulista, 1000, São Paulo.",
        ),
        (
            "en",
            f"Koala Outdoor Pty Ltd, ABN {abn}, 45 George Street, Sydney NSW 2000, ph (02) 9555 0100.",
        ),
        (
            "en",
            "Apple Inc. shares trade under ISIN US0378331005; Commerzbank's BIC is COBADEFFXXX.",
        ),
    ]


def gen_clean():
    def addl(kind, items, tmpl_prefix):
        for i, (lang, text) in enumerate(items):
            assert add("clean", kind, f"{tmpl_prefix}.{i}", text, lang), text

    addl("public_figure_birthdate", CLEAN_BIRTHDATES[:18], "figure_dob")
    addl("famous_address", CLEAN_FAMOUS_ADDR[:16], "famous_addr")
    for i, t in enumerate(CLEAN_PLACEHOLDERS[:18]):
        lang = (
            "de"
            if "Passwort" in t
            else "fr"
            if "mot de passe" in t
            else "es"
            if "contraseña" in t
            else CODE_LANG
        )
        assert add("clean", "placeholder", f"placeholder.{i}", t, lang), t
    for nm, t in clean_public_keys():
        assert add("clean", "public_key", f"pubkey.{nm}", t, CODE_LANG)
    for nm, t in clean_hashes()[:12]:
        assert add("clean", "hash_or_id", f"hash.{nm}", t, CODE_LANG)
    for kind, items in CLEAN_MISC.items():
        addl(kind, items, kind)
    addl("business_contact", clean_business(), "business")
    addl("base64_nonsecret", clean_b64(), "b64")


# ----------------------------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------------------------
PLAN = {
    "secret": 220,
    "pii": 220,
    "clean": 160,
}


def main():
    # --- secrets (220) ---
    gen_secret_passphrases(22)
    gen_secret_password_prose(26)
    gen_secret_password_tables()  # 3
    gen_secret_json_escaped()  # 3
    gen_secret_cli(14)
    gen_secret_connstrings(18)
    gen_secret_urls(8)
    gen_secret_private_keys()  # 14
    gen_secret_wallet_keys()  # 3
    gen_secret_jwts(8)
    gen_secret_cookies(8)
    gen_secret_auth_headers(6)
    gen_secret_webhooks(10)
    gen_secret_cloud(10)
    n_secret = sum(r["label"] == "secret" for r in ROWS)
    gen_secret_tokens(PLAN["secret"] - n_secret)
    # --- pii (220) ---
    gen_pii_national_ids()  # one per spec
    gen_pii_phones(34)
    gen_pii_emails(18, 10)
    gen_pii_cards(14)
    gen_pii_ibans(22)
    gen_pii_passports(12)
    gen_pii_addresses(20, 10)
    n_pii = sum(r["label"] == "pii" for r in ROWS)
    gen_pii_dob(PLAN["pii"] - n_pii)
    # --- clean (160) ---
    gen_clean()

    by_label = Counter(r["label"] for r in ROWS)
    for lab, n in PLAN.items():
        assert by_label[lab] == n, (lab, by_label[lab], n)
    assert len(ROWS) == 600
    assert len({r["text"] for r in ROWS}) == len(ROWS)
    assert len({r["id"] for r in ROWS}) == len(ROWS)
    # extras requested for this set
    kinds = Counter((r["label"], r["kind"]) for r in ROWS)
    assert (
        kinds[("clean", "public_figure_birthdate")] + kinds[("clean", "famous_address")]
        >= 25
    )
    assert kinds[("secret", "passphrase")] >= 20
    assert sum(r["template"].startswith("addr.nocue.") for r in ROWS) >= 20
    assert len(NATURAL_LANGS) >= 20

    with open(OUT, "w", encoding="utf-8") as f:
        for r in ROWS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    print(f"wrote {len(ROWS)} rows -> {OUT}")
    for lab in PLAN:
        print(f"\n{lab}: {by_label[lab]}")
        for (l, k), n in sorted(kinds.items(), key=lambda x: (-x[1], x[0][1])):
            if l == lab:
                print(f"  {k:28s} {n}")
    print(f"\ndistinct kinds: {len(kinds)}")
    print(
        f"natural languages ({len(NATURAL_LANGS)}): {' '.join(sorted(NATURAL_LANGS))}"
    )
    pii_langs = {lang for lang in NATURAL_LANGS}
    print(
        f"pii no-cue home addresses: {sum(r['template'].startswith('addr.nocue.') for r in ROWS)}"
    )


if __name__ == "__main__":
    main()
