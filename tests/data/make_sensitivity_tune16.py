# ruff: noqa: E501, E731, E741, B905, F841, E402, UP031 (templates are data, one string per line)
import datetime
import importlib
import random

R = random.Random(16_2026_1126_31)
DIG = "0123456789"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def d(n, r=None):
    return "".join(R.choice(DIG) for _ in range(n))


def a(n):
    return "".join(R.choice(UP) for _ in range(n))


def bd(lo=1950, hi=2004):
    return datetime.date(R.randint(lo, hi), R.randint(1, 12), R.randint(1, 28))


def ymd(f):
    x = bd()
    return x.strftime(f)


def cc(s):
    return R.choice(s)


SPECS = {
    "ad.nrt": lambda: "F" + d(6) + a(1),
    "ar.dni": lambda: cc("234") + d(7),
    "ar.cuit": lambda: cc(["20", "27", "23"]) + cc("234") + d(7) + d(1),
    "at.tin": lambda: d(9),
    "at.vnr": lambda: cc("123456789") + d(3) + ymd("%d%m%y"),
    "au.tfn": lambda: d(9),
    "be.nn": lambda: ymd("%y%m%d") + d(5),
    "be.bis": lambda: (
        (lambda x: x.strftime("%y") + "%02d" % (x.month + 40) + x.strftime("%d"))(bd())
        + d(5)
    ),
    "bg.egn": lambda: ymd("%y%m%d") + d(4),
    "bg.pnf": lambda: d(10),
    "br.cpf": lambda: d(11),
    "ca.sin": lambda: cc("1234567") + d(8),
    "ca.bc_phn": lambda: "9" + d(9),
    "ch.ssn": lambda: "756" + d(10),
    "cl.rut": lambda: cc("12") + d(7) + cc(DIG + "K"),
    "cn.ric": lambda: (
        cc(["110101", "310104", "440305", "330106", "510107", "420106"])
        + ymd("%Y%m%d")
        + d(3)
        + cc(DIG + "X")
    ),
    "cr.cpf": lambda: cc("1234567") + d(8),
    "cr.cr": lambda: "1" + d(11),
    "cu.ni": lambda: ymd("%y%m%d") + d(5),
    "cz.rc": lambda: ymd("%y%m%d") + d(4),
    "de.idnr": lambda: cc("123456789") + d(10),
    "de.stnr": lambda: d(13),
    "dk.cpr": lambda: ymd("%d%m%y") + d(4),
    "do.cedula": lambda: "0" + cc("0123") + d(9),
    "ec.ci": lambda: "%02d" % R.randint(1, 24) + cc("012345") + d(7),
    "ee.ik": lambda: cc("3456") + ymd("%y%m%d") + d(4),
    "es.dni": lambda: d(8) + a(1),
    "es.nie": lambda: cc("XYZ") + d(7) + a(1),
    "fi.hetu": lambda: ymd("%d%m%y") + "-" + d(3) + cc(DIG + "ABCDEFHJKLMNPRSTUVWXY"),
    "fr.nir": lambda: cc("12") + ymd("%y%m") + "%02d" % R.randint(1, 95) + d(6) + d(2),
    "fr.nif": lambda: cc("0123") + d(12),
    "gb.nhs": lambda: cc("4") + d(9),
    "gb.utr": lambda: d(10),
    "gb.upn": lambda: a(1) + d(11) + a(1),
    "gr.amka": lambda: ymd("%d%m%y") + d(5),
    "hr.oib": lambda: d(11),
    "id.nik": lambda: (
        cc(["317401", "327301", "357801", "517101"]) + ymd("%d%m%y") + d(4)
    ),
    "ie.pps": lambda: d(7) + a(1),
    "il.idnr": lambda: cc("0123") + d(8),
    "in_.aadhaar": lambda: cc("23456789") + d(11),
    "in_.pan": lambda: a(3) + "P" + a(1) + d(4) + a(1),
    "in_.epic": lambda: a(3) + d(7),
    "in_.vid": lambda: cc("23456789") + d(15),
    "is_.kennitala": lambda: ymd("%d%m%y") + d(3) + cc("90"),
    "it.codicefiscale": lambda: (
        a(6)
        + d(2)
        + cc("ABCDEHLMPRST")
        + "%02d" % R.choice(list(range(1, 29)) + list(range(41, 69)))
        + cc("ABCDEFGHLM")
        + d(3)
        + a(1)
    ),
    "jp.in_": lambda: d(12),
    "ke.pin": lambda: "A" + d(9) + a(1),
    "kr.rrn": lambda: ymd("%y%m%d") + cc("12") + d(6),
    "li.peid": lambda: d(R.randint(5, 8)),
    "lt.asmens": lambda: cc("3456") + ymd("%y%m%d") + d(4),
    "lv.pvn": lambda: ymd("%d%m%y") + cc("12") + d(4),
    "mu.nid": lambda: a(1) + ymd("%d%m%y") + d(6) + a(1),
    "mx.curp": lambda: (
        a(4)
        + ymd("%y%m%d")
        + cc("HM")
        + cc(["DF", "JC", "NL", "PL", "VZ", "YN"])
        + a(3)
        + cc("0123456789")
        + d(1)
    ),
    "mx.rfc": lambda: a(4) + ymd("%y%m%d") + a(2) + d(1),
    "my.nric": lambda: ymd("%y%m%d") + "%02d" % R.randint(1, 14) + d(4),
    "mz.nuit": lambda: cc("1") + d(8),
    "nl.bsn": lambda: d(9),
    "nl.onderwijsnummer": lambda: "10" + d(7),
    "nl.identiteitskaartnummer": lambda: (
        a(2)
        + cc(UP + DIG)
        + cc(UP + DIG)
        + cc(UP + DIG)
        + cc(UP + DIG)
        + cc(UP + DIG)
        + cc(UP + DIG)
        + d(1)
    ),
    "no.fodselsnummer": lambda: ymd("%d%m%y") + d(5),
    "nz.ird": lambda: cc("01") + d(8),
    "pe.cui": lambda: cc("4") + d(7) + d(1),
    "pe.ruc": lambda: "10" + cc("4") + d(7) + d(1),
    "pk.cnic": lambda: cc("1234567") + d(12),
    "pl.pesel": lambda: ymd("%y%m%d") + d(5),
    "pt.cc": lambda: d(8) + d(1) + a(2) + d(1),
    "pt.nif": lambda: cc("12") + d(8),
    "py.ruc": lambda: cc("1234") + d(6) + d(1),
    "ro.cnp": lambda: cc("12") + ymd("%y%m%d") + "%02d" % R.randint(1, 46) + d(4),
    "se.personnummer": lambda: ymd("%y%m%d") + cc("-") + d(4),
    "si.emso": lambda: (
        (lambda x: x.strftime("%d%m") + x.strftime("%Y")[1:])(bd()) + "50" + d(4)
    ),
    "sk.rc": lambda: ymd("%y%m%d") + d(4),
    "th.pin": lambda: cc("1358") + d(12),
    "tr.tckimlik": lambda: cc("123456789") + d(10),
    "ua.rntrc": lambda: cc("23") + d(9),
    "us.ssn": lambda: d(9),
    "us.itin": lambda: "9" + d(2) + cc(["70", "78", "84", "88", "91", "95"]) + d(4),
    "us.atin": lambda: "9" + d(2) + "93" + d(4),
    "za.idnr": lambda: ymd("%y%m%d") + d(4) + "08" + d(1),
    "za.tin": lambda: cc("0123") + d(9),
    "ru.inn": lambda: cc(["77", "50", "78", "66"]) + d(10),
    "gt.nit": lambda: d(R.randint(6, 8)) + cc(DIG + "K"),
    "sv.nit": lambda: cc(["0614", "0210", "1217"]) + ymd("%d%m%y") + d(3) + d(1),
    "ve.rif": lambda: "V" + cc("12") + d(7) + d(1),
    "be.eid": lambda: "59" + d(10),
}

# ---------------------------------------------------------------- shared
import base64
import hashlib
import json
import os
import string
import struct

import phonenumbers
from phonenumbers import PhoneNumberFormat as PNF
from phonenumbers import PhoneNumberType as PNT
from stdnum import iban as stdiban
from stdnum import luhn

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "tune16"
ROWS = []
SEEN = set()
LANGS = {}


def gen_id(name, tries=300000):
    mod = importlib.import_module("stdnum." + name)
    for _ in range(tries):
        c = SPECS[name]()
        try:
            if mod.is_valid(c):
                return c, mod
        except Exception:
            pass
    raise RuntimeError(name)


def add(text, label, kind, tpl, lang, value=None):
    if text in SEEN:
        return False
    if label == "pii":
        assert value and value in text, (value, text)
    SEEN.add(text)
    row = {
        "text": text,
        "label": label,
        "kind": kind,
        "template": tpl,
        "probe": SET,
        "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
    }
    if label == "pii":
        row["value"] = value
    ROWS.append((row, lang))
    return True


FW = str.maketrans("0123456789-", "０１２３４５６７８９－")

# ---------------------------------------------------------------- PII: national IDs
NATID = [
    ("ad.nrt", "ca", "El meu NRT d'Andorra és {v}, per si el demana la gestoria."),
    ("ar.dni", "es", "DNI de mi viejo para sacar el turno en el hospital: {v}"),
    ("ar.cuit", "es", "CUIL de Martina (alta en ANSES) → {v}"),
    ("at.tin", "de", "Steuernummer von Oma Hilde beim Finanzamt: {v}"),
    ("at.vnr", "de", "Meine Sozialversicherungsnummer (steht auf der e-card): {v}"),
    ("au.tfn", "en", "note to self: TFN for the new job onboarding form is {v}"),
    ("be.nn", "nl", "Rijksregisternummer van mijn zus Lotte: {v}"),
    ("be.bis", "fr", "Mon numéro BIS (pas encore inscrit au registre national) : {v}"),
    ("be.eid", "fr", "Numéro de carte eID de Julien : {v} (expire en 2029)"),
    ("bg.egn", "bg", "ЕГН на баба ми: {v} — трябва за направлението."),
    ("bg.pnf", "bg", "ЛНЧ на Марко (чужденец, живее в София): {v}"),
    ("br.cpf", "pt", "oi! meu CPF é {v}, pode emitir a nota no meu nome"),
    ("ca.sin", "fr", "NAS de ma blonde pour la déclaration d'impôt : {v}"),
    (
        "ca.bc_phn",
        "en",
        "Kid's BC Personal Health Number {v} — bring the card to the walk-in clinic",
    ),
    ("ch.ssn", "de", "AHV-Nummer vom Papi für die Pensionskasse: {v}"),
    ("cl.rut", "es", "mi rut es {v} po, pa' la boleta"),
    ("cn.ric", "zh", "我妈妈的身份证号：{v}，订火车票要用"),
    ("cr.cpf", "es", "Cédula de Don Álvaro (física): {v}"),
    ("cr.cr", "es", "Número de DIMEX de mi esposa: {v}"),
    ("cu.ni", "es", "Carné de identidad de mi prima en La Habana: {v}"),
    ("cz.rc", "cs", "Rodné číslo manželky: {v} (pro pojišťovnu)"),
    ("de.idnr", "de", "Steuer-ID von Jonas für die Lohnabrechnung: {v}"),
    ("de.stnr", "de", "Meine persönliche Steuernummer (13-stellig, ELSTER): {v}"),
    ("dk.cpr", "da", "Mit CPR-nummer er {v} – skriv det på blanketten"),
    ("do.cedula", "es", "Cédula de Yokasta para lo del préstamo: {v}"),
    ("ec.ci", "es", "Número de cédula de mi abuelita: {v}"),
    ("ee.ik", "et", "Minu isikukood on {v}, palun lisa see lepingule."),
    ("es.dni", "es", "DNI de Lucía: {v} (lo pide la inmobiliaria)"),
    ("es.nie", "es", "El NIE de Oleksandr es {v}"),
    ("fi.hetu", "fi", "Tyttären henkilötunnus neuvolaa varten: {v}"),
    ("fr.nir", "fr", "Numéro de sécu de Maman : {v}"),
    ("fr.nif", "fr", "Mon numéro fiscal (impots.gouv) : {v}"),
    ("gb.nhs", "en", "Dad's NHS number {v} - the GP surgery asked for it again"),
    ("gb.utr", "en", "My self-assessment UTR: {v}"),
    ("gb.upn", "en", "Ella's unique pupil number from the school letter: {v}"),
    ("gr.amka", "el", "ΑΜΚΑ της μητέρας μου: {v}"),
    ("hr.oib", "hr", "OIB od Ivane za ugovor o najmu: {v}"),
    ("id.nik", "id", "NIK KTP istri saya: {v}"),
    ("ie.pps", "ga", "Uimhir PPS Shiobhán don chárta leighis: {v}"),
    ("il.idnr", "he", "מספר תעודת הזהות של אבא: {v}"),
    ("in_.aadhaar", "hi", "मेरा आधार नंबर {v} है, केवाईसी के लिए भेज रहा हूँ"),
    ("in_.pan", "en", "Priya's PAN for ITR filing: {v}"),
    ("in_.epic", "bn", "বাবার ভোটার আইডি (EPIC) নম্বর: {v}"),
    ("in_.vid", "ta", "என் ஆதார் VID எண்: {v}"),
    ("is_.kennitala", "is", "Kennitalan mín er {v}."),
    ("it.codicefiscale", "it", "Codice fiscale di mia figlia: {v}"),
    ("jp.in_", "ja", "マイナンバー（夫）：{v}　年末調整用"),
    ("ke.pin", "sw", "Namba yangu ya KRA PIN ni {v}"),
    ("kr.rrn", "ko", "엄마 주민등록번호 {v} 병원 접수할 때 필요함"),
    (
        "li.peid",
        "de",
        "Personenidentifikationsnummer (PEID) meines Mannes, Liechtenstein: {v}",
    ),
    ("lt.asmens", "lt", "Mano asmens kodas: {v}"),
    ("lv.pvn", "lv", "Mammas personas kods: {v}"),
    (
        "mu.nid",
        "en",
        "NIC number of my neighbour Devika (Mauritius), for the lease: {v}",
    ),
    ("mx.curp", "es", "CURP de mi hijo para la inscripción: {v}"),
    ("mx.rfc", "es", "Mi RFC con homoclave (persona física): {v}"),
    ("my.nric", "ms", "No. kad pengenalan (MyKad) saya: {v}"),
    ("mz.nuit", "pt", "NUIT do meu irmão em Maputo: {v}"),
    ("nl.bsn", "nl", "BSN van mijn dochter: {v}"),
    (
        "nl.onderwijsnummer",
        "nl",
        "Onderwijsnummer van Daan (staat op de brief van DUO): {v}",
    ),
    ("nl.identiteitskaartnummer", "nl", "Documentnummer van mijn ID-kaart: {v}"),
    ("no.fodselsnummer", "no", "Fødselsnummeret til kona: {v}"),
    ("nz.ird", "en", "My IRD number is {v} – needed for the KiwiSaver form"),
    ("pe.cui", "es", "DNI de mi mamá (Perú): {v}"),
    ("pe.ruc", "es", "RUC de persona natural de Rosa: {v}"),
    ("pk.cnic", "ur", "میرے والد کا شناختی کارڈ نمبر: {v}"),
    ("pl.pesel", "pl", "PESEL syna: {v} — do rejestracji w przychodni"),
    ("pt.cc", "pt", "Número do Cartão de Cidadão da Inês: {v}"),
    ("pt.nif", "pt", "O meu NIF é {v}, põe na fatura por favor"),
    ("py.ruc", "es", "RUC de mi tía en Asunción: {v}"),
    ("ro.cnp", "ro", "CNP-ul soției: {v}"),
    ("se.personnummer", "sv", "Mitt personnummer: {v}"),
    ("si.emso", "sl", "EMŠO moje hčerke: {v}"),
    ("sk.rc", "sk", "Rodné číslo otca: {v}"),
    ("th.pin", "th", "เลขบัตรประชาชนของแม่: {v}"),
    ("tr.tckimlik", "tr", "Annemin TC kimlik numarası: {v}"),
    ("ua.rntrc", "uk", "РНОКПП (ідентифікаційний код) дружини: {v}"),
    ("us.ssn", "en", "SSN for Mom's Medicare paperwork: {v}"),
    ("us.itin", "es", "El ITIN de mi esposo para los taxes: {v}"),
    ("us.atin", "en", "ATIN for our son (adoption pending), from the IRS letter: {v}"),
    ("za.idnr", "af", "My ID-nommer is {v}, vir die bank se vorm."),
    ("za.tin", "zu", "Inombolo yami yentela ye-SARS: {v}"),
    ("ru.inn", "ru", "ИНН мужа (физлицо): {v}"),
    ("gt.nit", "es", "NIT de mi papá para la factura: {v}"),
    ("sv.nit", "es", "NIT de Karla (El Salvador) para el trámite: {v}"),
    ("ve.rif", "es", "RIF personal de mi hermano: {v}"),
]
# structured shapes for some IDs
STRUCT = {
    "pl.pesel": ("code", "csv", "imie,nazwisko,pesel\nKacper,Wiśniewski,{v}"),
    "se.personnummer": (
        "code",
        "json",
        '{{"namn": "Elsa Lindqvist", "personnummer": "{v}", "kommun": "Uppsala"}}',
    ),
    "no.fodselsnummer": ("code", "yaml", "pasient:\n  navn: Ingrid Haugen\n  fnr: {v}"),
    "it.codicefiscale": ("code", "tsv", "Rossi Giulia\t{v}\tMilano"),
    "us.ssn": (
        "code",
        "log",
        "2024-11-02T10:14:07Z INFO onboarding applicant_id=88231 ssn={v} status=pending",
    ),
    "br.cpf": (
        "code",
        "sql",
        "INSERT INTO clientes (nome, cpf) VALUES ('Ana Beatriz Souza', '{v}');",
    ),
    "es.dni": ("code", "md", "| Nombre | DNI |\n|---|---|\n| Pablo Ortega | {v} |"),
    "kr.rrn": ("ko", "chat", "[카톡] 지민: 언니 주민번호 뭐였지?\n[카톡] 나: {v}"),
    "cn.ric": ("zh", "chat", "微信 小王：身份证号发我一下\n我：{v}"),
    "tr.tckimlik": ("tr", "chat", "Ahmet: kimlik no lazım kargo için\nBen: {v}"),
    "in_.aadhaar": (
        "en",
        "chat",
        "WhatsApp – Ravi: bhai Aadhaar number bhej do\nMe: {v}",
    ),
    "fr.nir": (
        "fr",
        "note",
        "RDV mutuelle jeudi\n- apporter carte vitale\n- n° sécu Paul : {v}",
    ),
    "de.idnr": ("de", "note", "TODO Steuer 2024:\n* Belege sammeln\n* IdNr. Lena: {v}"),
    "mx.curp": (
        "code",
        "json",
        '{{"alumno": "Diego Hernández", "curp": "{v}", "grado": 3}}',
    ),
    "za.idnr": (
        "en",
        "chat",
        "Thandi: what's your ID number for the clinic booking?\nme: {v}",
    ),
}


def fmt_variants(c, mod):
    out = [c]
    fm = getattr(mod, "format", None)
    if fm:
        try:
            f = fm(c)
            if f != c:
                out.append(f)
        except Exception:
            pass
    return out


def pii_natids():
    for name, lang, tpl in NATID:
        c, mod = gen_id(name)
        vs = fmt_variants(c, mod)
        v = R.choice(vs)
        kind = "natid_" + name.replace("_.", ".").rstrip("_")
        if not add(tpl.format(v=v), "pii", kind, "natid_note", lang, v):
            raise RuntimeError(name)
        if name in STRUCT:
            c, mod = gen_id(name)
            v = fmt_variants(c, mod)[-1]
            lg, shape, t2 = STRUCT[name]
            add(t2.format(v=v), "pii", kind, "natid_" + shape, lg, v)
    # Japanese full-width My Number
    c, mod = gen_id("jp.in_")
    v = (c[:4] + "-" + c[4:8] + "-" + c[8:]).translate(FW)
    add(
        "個人番号カードの番号（妻）： " + v,
        "pii",
        "natid_jp.in",
        "natid_fullwidth",
        "ja",
        v,
    )


# ---------------------------------------------------------------- PII: phones
PHONES = [
    ("US", "en", "my sister's cell is {v}, text her before 9"),
    ("GB", "en", "Plumber Dave (private mobile, not the firm) {v}"),
    ("DE", "de", "Handynummer von Tante Gerda: {v}"),
    ("FR", "fr", "Le portable de ma belle-mère : {v}"),
    ("BR", "pt", "zap da Juliana: {v}"),
    ("MX", "es", "Cel de mi prima Lupita: {v}"),
    ("IN", "hi", "राहुल भैया का मोबाइल नंबर: {v}"),
    ("PK", "ur", "خالہ جان کا موبائل نمبر: {v}"),
    ("BD", "bn", "মামার মোবাইল নম্বর: {v}"),
    ("CN", "zh", "李阿姨的手机号：{v}"),
    ("JP", "ja", "田中さん（個人携帯）：{v}"),
    ("KR", "ko", "민수 휴대폰 번호 {v}"),
    ("VN", "vi", "Số điện thoại của chị Lan: {v}"),
    ("TH", "th", "เบอร์มือถือของพี่นุ่น: {v}"),
    ("PH", "tl", "Ito ang number ni Tita Baby: {v}"),
    ("ZA", "af", "Oom Koos se selnommer: {v}"),
    ("NG", "yo", "Nọ́mbà fóònù ẹ̀gbọ́n mi Tunde: {v}"),
    ("NG", "ha", "Lambar wayar Aminu: {v}"),
    ("KE", "sw", "Namba ya simu ya Wanjiru: {v}"),
    ("ET", "am", "የወንድሜ ስልክ ቁጥር፦ {v}"),
    ("EG", "ar", "رقم موبايل خالتي: {v}"),
    ("IR", "fa", "شماره موبایل دایی رضا: {v}"),
    ("IL", "he", "הטלפון של סבתא: {v}"),
    ("TR", "tr", "Ayşe'nin cep numarası: {v}"),
    ("RU", "ru", "Мобильный Светланы: {v}"),
    ("UA", "uk", "Номер мами: {v}"),
    ("PL", "pl", "Komórka pani Basi: {v}"),
    ("NL", "nl", "06 van Sanne: {v}"),
    ("SE", "sv", "Mobilnummer till Björn: {v}"),
    ("GR", "el", "Το κινητό της γιαγιάς: {v}"),
    ("HU", "hu", "Kati néni mobilszáma: {v}"),
    ("CZ", "cs", "Mobil na Petra: {v}"),
    ("RO", "ro", "Numărul de telefon al lui Mihai: {v}"),
    ("GE", "ka", "ნინოს მობილური: {v}"),
    ("AM", "hy", "Արամի հեռախոսահամարը՝ {v}"),
    ("KZ", "kk", "Айгерімнің ұялы телефоны: {v}"),
    ("NP", "ne", "दाइको मोबाइल नम्बर: {v}"),
    ("AL", "sq", "Numri i celularit të Arbenit: {v}"),
]


def rand_phone(region):
    ex = phonenumbers.example_number_for_type(region, PNT.MOBILE)
    nn = str(ex.national_number)
    keep = 3 if len(nn) > 8 else 2
    for _ in range(5000):
        cand = nn[:keep] + "".join(R.choice(DIG) for _ in range(len(nn) - keep))
        if region in ("US", "CA") and cand[3:6] == "555":
            continue
        if cand[keep:] == nn[keep:]:
            continue
        n = phonenumbers.parse("+%d%s" % (ex.country_code, cand))
        if phonenumbers.is_valid_number(n) and phonenumbers.number_type(n) in (
            PNT.MOBILE,
            PNT.FIXED_LINE_OR_MOBILE,
        ):
            return n
    raise RuntimeError(region)


def pii_phones():
    for i, (reg, lang, tpl) in enumerate(PHONES):
        n = rand_phone(reg)
        style = i % 5
        if style == 0:
            v = phonenumbers.format_number(n, PNF.NATIONAL)
        elif style == 1:
            v = phonenumbers.format_number(n, PNF.INTERNATIONAL)
        elif style == 2:
            v = phonenumbers.format_number(n, PNF.E164)
        elif style == 3:
            v = (
                phonenumbers.format_number(n, PNF.INTERNATIONAL)
                .replace(" ", ".")
                .replace("-", ".")
            )
        else:
            v = phonenumbers.format_number(n, PNF.NATIONAL).replace(" ", "-")
        p = phonenumbers.parse(v, reg)
        assert phonenumbers.is_valid_number(p), (reg, v)
        add(tpl.format(v=v), "pii", "phone", "phone_%d" % style, lang, v)
    # contacts-export / vcard / fullwidth
    n = rand_phone("DE")
    v = phonenumbers.format_number(n, PNF.INTERNATIONAL)
    add(
        "BEGIN:VCARD\nVERSION:3.0\nFN:Miriam Kühn\nTEL;TYPE=CELL:%s\nEND:VCARD" % v,
        "pii",
        "phone",
        "phone_vcard",
        "code",
        v,
    )
    n = rand_phone("JP")
    v = phonenumbers.format_number(n, PNF.NATIONAL).translate(FW)
    add("佐藤さんの携帯は%sです。" % v, "pii", "phone", "phone_fullwidth", "ja", v)
    n = rand_phone("FR")
    v = phonenumbers.format_number(n, PNF.NATIONAL).replace(" ", "")
    add("nom,tel\nClaire Dubois,%s" % v, "pii", "phone", "phone_csv", "code", v)


# ---------------------------------------------------------------- PII: e-mails
EMAILS = [
    (
        "en",
        "my personal email is {v}, use that instead of the work one",
        "mike.hollister84@gmail.com",
    ),
    (
        "en",
        "Grandma's email (she checks it on Sundays): {v}",
        "dottie.pemberton@aol.com",
    ),
    ("es", "El correo de mi hermana es {v}", "lucia.ferrer.92@hotmail.es"),
    ("es", "correo de Nacho: {v}", "nacho arroba gmail punto com"),
    ("pt", "e-mail pessoal da Fernanda: {v}", "fe.albuquerque@yahoo.com.br"),
    ("pt", "manda pro meu email: {v}", "tiago ponto reis arroba outlook ponto com"),
    ("fr", "Adresse mail perso de Thomas : {v}", "thomas.lefevre@orange.fr"),
    ("fr", "écris-moi à {v}", "camille point martin arobase free point fr"),
    ("de", "Private Mail von Sabine: {v}", "s.brandstetter@gmx.de"),
    ("de", "Meine Adresse: {v}", "jan punkt vogel at web punkt de"),
    ("it", "La mail di Francesca è {v}", "francy.derosa@libero.it"),
    ("nl", "Privémail van Bram: {v}", "bram.devries@ziggo.nl"),
    ("pl", "Mój prywatny e-mail: {v}", "k.zielinska@wp.pl"),
    ("ru", "Почта Димы: {v}", "dima.sokolov91@yandex.ru"),
    ("ru", "напиши мне на {v}", "olga собака mail точка ru"),
    ("ja", "友達のメール：{v}", "yuki.tanaka0718@docomo.ne.jp"),
    ("zh", "我的私人邮箱是 {v}", "wangfang1990@qq.com"),
    ("ko", "지은이 이메일 {v}", "jieun.park@naver.com"),
    ("tr", "Kişisel e-postam: {v}", "emre.kaya@hotmail.com.tr"),
    ("cs", "Soukromý e-mail Petry: {v}", "petra.novakova@seznam.cz"),
    ("vi", "Email của anh Tuấn: {v}", "tuan.nguyen1988@gmail.com"),
    ("id", "Email pribadi Dewi: {v}", "dewi.lestari@yahoo.co.id"),
    (
        "en",
        "contact for the carpool (Raj, personal): {v}",
        "raj.iyer[at]protonmail[dot]com",
    ),
]


def pii_emails():
    for _i, (lang, tpl, v) in enumerate(EMAILS):
        add(
            tpl.format(v=v),
            "pii",
            "email",
            "email_%s" % ("spelled" if "@" not in v else "plain"),
            lang,
            v,
        )
    v = "henrik.aalto@kolumbus.fi"
    add(
        '{"contact": {"name": "Henrik Aalto", "email": "%s", "relation": "brother-in-law"}}'
        % v,
        "pii",
        "email",
        "email_json",
        "code",
        v,
    )


# ---------------------------------------------------------------- PII: home addresses
ADDRS = [
    ("en", "I live at {v}", "4127 Maple Ridge Drive, Apt 3B, Columbus, OH 43215"),
    ("en", "Mum's place: {v}", "27 Wellfield Road, Chorlton, Manchester M21 9PT"),
    (
        "en",
        "send the birthday parcel to Aunty Grace: {v}",
        "14 Kruger Street, Brooklyn, Pretoria 0181",
    ),
    (
        "de",
        "Wohnadresse von Herrn und Frau Krüger: {v}",
        "Lindenstraße 48, 3. OG links, 10969 Berlin",
    ),
    ("de", "Ich wohne jetzt in der {v}", "Goethestraße 12a, 80336 München"),
    ("fr", "Adresse de mes parents : {v}", "18 rue des Lilas, 69003 Lyon"),
    ("es", "Mi dirección: {v}", "Calle de Embajadores 112, 4º izq., 28045 Madrid"),
    (
        "es",
        "La casa de mi suegra queda en {v}",
        "Av. Insurgentes Sur 1457, Depto. 802, Col. Insurgentes Mercoac, 03920 CDMX",
    ),
    ("it", "Abito in {v}", "Via dei Mille 23, int. 7, 80121 Napoli"),
    (
        "pt",
        "Endereço da Camila: {v}",
        "Rua Harmonia 311, ap. 54, Vila Madalena, São Paulo - SP, 05435-000",
    ),
    ("nl", "Ons nieuwe adres: {v}", "Van Ostadestraat 219-2, 1073 TM Amsterdam"),
    ("pl", "Adres babci: {v}", "ul. Długa 17/4, 31-147 Kraków"),
    ("sv", "Hemadress: {v}", "Ringvägen 88, lgh 1102, 118 60 Stockholm"),
    ("ja", "実家の住所：{v}", "〒156-0043 東京都世田谷区松原3丁目14-9"),
    ("zh", "收货地址（我家）：{v}", "上海市徐汇区漕溪北路88弄5号1202室"),
    ("ko", "우리 집 주소: {v}", "서울특별시 마포구 월드컵로 25길 17, 302호"),
    ("ru", "Адрес мамы: {v}", "ул. Профсоюзная, д. 43, кв. 118, Москва, 117420"),
    ("tr", "Ev adresim: {v}", "Bağdat Cad. No:214 D:9, Kadıköy/İstanbul"),
    ("hi", "मेरा घर का पता: {v}", "मकान नं. 42, सेक्टर 15, रोहिणी, दिल्ली 110089"),
    ("ar", "عنوان بيت أخي: {v}", "شارع الملك فهد، حي العليا، فيلا 17، الرياض 12211"),
    ("en", "{v}", "Home: 58 Kitchener Rd, Parnell, Auckland 1052"),
    ("el", "Η διεύθυνση του σπιτιού μας: {v}", "Αγίου Μελετίου 56, 11361 Αθήνα"),
    ("hu", "Lakcímem: {v}", "1137 Budapest, Pozsonyi út 31. II. em. 5."),
    ("fi", "Kotiosoite: {v}", "Mannerheimintie 101 B 23, 00280 Helsinki"),
    ("sw", "Nyumbani kwangu ni {v}", "Nyumba Na. 12, Mtaa wa Mugo, Kilimani, Nairobi"),
]


def pii_addrs():
    for lang, tpl, v in ADDRS:
        add(
            tpl.format(v=v),
            "pii",
            "home_address",
            "addr_%s" % ("cue" if tpl != "{v}" else "bare"),
            lang,
            v,
        )
    v = "221 Larkspur Lane\nBoulder, CO 80304"
    add(
        "Emily Carter\n221 Larkspur Lane\nBoulder, CO 80304\n(home, leave parcel at back door)",
        "pii",
        "home_address",
        "addr_multiline",
        "en",
        v,
    )


# ---------------------------------------------------------------- PII: dates of birth
DOBS = [
    (
        "en",
        "my date of birth is {v}",
        lambda x: x.strftime("%B %d, %Y").replace(" 0", " "),
    ),
    ("de", "Geburtsdatum von Lena: {v}", lambda x: x.strftime("%d.%m.%Y")),
    ("fr", "Né le {v} (mon fils aîné)", lambda x: x.strftime("%d/%m/%Y")),
    ("es", "Fecha de nacimiento de mi madre: {v}", lambda x: x.strftime("%d-%m-%Y")),
    ("ja", "息子の生年月日：{v}", lambda x: "%d年%d月%d日" % (x.year, x.month, x.day)),
    (
        "zh",
        "我老婆的出生日期是{v}",
        lambda x: "%d年%d月%d日" % (x.year, x.month, x.day),
    ),
    ("ko", "생년월일: {v} (동생)", lambda x: x.strftime("%Y.%m.%d")),
    ("pt", "A data de nascimento da Bia é {v}", lambda x: x.strftime("%d/%m/%Y")),
    ("it", "Data di nascita di mio marito: {v}", lambda x: x.strftime("%d/%m/%Y")),
    (
        "code",
        'user_profile:\n  name: Tomasz Nowak\n  dob: "{v}"',
        lambda x: x.isoformat(),
    ),
    ("ru", "Дата рождения дочери: {v}", lambda x: x.strftime("%d.%m.%Y")),
    ("nl", "Geboortedatum van oma: {v}", lambda x: x.strftime("%d-%m-%Y")),
    ("en", "DOB (patient, my dad): {v}", lambda x: x.strftime("%m/%d/%Y")),
]


def pii_dobs():
    for lang, tpl, f in DOBS:
        v = f(bd(1940, 2015))
        add(tpl.format(v=v), "pii", "date_of_birth", "dob", lang, v)


# ---------------------------------------------------------------- PII: IBANs / bank accounts
IBAN_EX = {
    "DE": "DE89370400440532013000",
    "FR": "FR1420041010050500013M02606",
    "ES": "ES9121000418450200051332",
    "IT": "IT60X0542811101000000123456",
    "NL": "NL91ABNA0417164300",
    "BE": "BE71096123456769",
    "PL": "PL61109010140000071219812874",
    "PT": "PT50000201231234567890154",
    "CH": "CH9300762011623852957",
    "AT": "AT611904300234573201",
    "GB": "GB29NWBK60161331926819",
    "IE": "IE29AIBK93115212345678",
    "SE": "SE4550000000058398257466",
    "TR": "TR330006100519786457841326",
    "SA": "SA0380000000608010167519",
    "AE": "AE070331234567890123456",
    "RO": "RO49AAAA1B31007593840000",
    "HR": "HR1210010051863000160",
    "GR": "GR1601101250000000012300695",
    "BR": "BR9700360305000010009795493P1",
}


def mk_iban(cc_):
    ex = IBAN_EX[cc_]
    for _ in range(20000):
        bban = "".join(
            R.choice(DIG) if ch.isdigit() and i >= 4 else ch
            for i, ch in enumerate(ex[4:])
        )
        num = "".join(str(int(ch, 36)) for ch in bban + cc_ + "00")
        chk = "%02d" % (98 - int(num) % 97)
        ib = cc_ + chk + bban
        if stdiban.is_valid(ib) and ib != ex:
            return ib
    raise RuntimeError(cc_)


IBANS = [
    ("DE", "de", "Meine IBAN für die Nebenkostenerstattung: {v}"),
    ("FR", "fr", "RIB de ma sœur, IBAN : {v}"),
    ("ES", "es", "Hazme el Bizum o la transferencia a mi IBAN {v}"),
    ("IT", "it", "IBAN di mamma per il bonifico: {v}"),
    ("NL", "nl", "Tikkie werkt niet, maak het over naar {v} t.n.v. J. Bakker"),
    ("BE", "nl", "Rekeningnummer van Wout: {v}"),
    ("PL", "pl", "Numer konta do zwrotu za bilety: {v}"),
    ("PT", "pt", "IBAN do Rui para dividir o jantar: {v}"),
    ("CH", "de", "IBAN vom Sparkonto meiner Tochter: {v}"),
    ("GB", "en", "Flatmate's bank details for rent split: {v}"),
    ("TR", "tr", "Kira için IBAN'ım: {v}"),
    ("SA", "ar", "رقم الآيبان الخاص بي: {v}"),
    ("RO", "ro", "IBAN-ul meu personal: {v}"),
    ("HR", "hr", "IBAN za povrat novca (moj osobni račun): {v}"),
    ("GR", "el", "Ο IBAN μου για την επιστροφή: {v}"),
    ("BR", "pt", "IBAN da conta da minha avó (para remessa do exterior): {v}"),
]


def pii_ibans():
    for i, (c, lang, tpl) in enumerate(IBANS):
        ib = mk_iban(c)
        v = " ".join(ib[j : j + 4] for j in range(0, len(ib), 4)) if i % 2 == 0 else ib
        add(tpl.format(v=v), "pii", "iban", "iban_note", lang, v)
    from stdnum.no import kontonr
    from stdnum.nz import bankaccount

    for _ in range(100000):
        c = d(11)
        if kontonr.is_valid(c):
            break
    v = kontonr.format(c)
    add(
        "Kontonummeret mitt til Vipps-refusjon: " + v,
        "pii",
        "bank_account",
        "acct_no",
        "no",
        v,
    )
    for _ in range(300000):
        c = "01" + "0" + d(3) + d(7) + "00" + d(1)
        if bankaccount.is_valid(c):
            break
    v = bankaccount.format(c)
    add(
        "My ANZ account number (personal, for the bond refund): " + v,
        "pii",
        "bank_account",
        "acct_nz",
        "en",
        v,
    )


# ---------------------------------------------------------------- PII: cards, passports, driving licences
def mk_card(prefix, length):
    body = prefix + d(length - len(prefix) - 1)
    return body + luhn.calc_check_digit(body)


CARDS = [
    ("4", 16, "en", "my visa {v} exp 08/27 cvv 419", 4),
    ("5" + cc("12345"), 16, "es", "Tarjeta de crédito de mi papá: {v}", 4),
    ("37", 15, "en", "Amex for the hotel deposit: {v}", 0),
    ("4", 16, "de", "Kreditkarte von Lisa: {v} (gültig bis 11/26)", 4),
    ("6011", 16, "en", "discover card {v}", 4),
    ("35", 16, "ja", "クレジットカード番号：{v}", 4),
    ("62", 16, "zh", "我的银联卡号：{v}", 4),
    ("4", 16, "fr", "Numéro de CB de Maxime : {v}", 4),
    ("2" + cc(["221", "720", "500"]), 16, "pt", "Cartão Mastercard da Carol: {v}", 4),
    (
        "4",
        16,
        "code",
        '{{"card_number": "{v}", "holder": "WEI CHEN", "exp": "03/28"}}',
        0,
    ),
    ("5", 16, "it", "Carta di credito: {v}, scade 05/27", 4),
    ("4", 16, "pl", "Numer karty Oli: {v}", 4),
]


def pii_cards():
    for pfx, ln, lang, tpl, grp in CARDS:
        if pfx == "5":
            pfx = "5" + cc("12345")
        c = mk_card(pfx, ln)
        if ln == 15:
            v = c[:4] + " " + c[4:10] + " " + c[10:]
        elif grp:
            v = (cc(" -")).join(c[j : j + 4] for j in range(0, 16, 4))
        else:
            v = c
        assert luhn.is_valid(v.replace(" ", "").replace("-", ""))
        add(tpl.format(v=v), "pii", "payment_card", "card", lang, v)


PASSPORTS = [
    ("en", "Passport no. for the visa form (mine): {v}", lambda: d(9)),
    (
        "de",
        "Reisepassnummer von Felix: {v}",
        lambda: (
            "C" + "".join(R.choice("CFGHJKLMNPRTVWXYZ0123456789") for _ in range(8))
        ),
    ),
    ("fr", "Numéro de passeport de Chloé : {v}", lambda: d(2) + a(2) + d(5)),
    ("hi", "मेरा पासपोर्ट नंबर: {v}", lambda: a(1) + d(7)),
    ("zh", "护照号码（儿子）：{v}", lambda: "E" + d(8)),
    ("ja", "パスポート番号（妻）：{v}", lambda: "T" + a(1) + d(7)),
    ("es", "Pasaporte de mi madre: {v}", lambda: "P" + a(2) + d(6)),
    ("it", "Numero passaporto di Marco: {v}", lambda: a(2) + d(7)),
    (
        "code",
        "traveler_2:\n  name: Anika Sharma\n  passport: {v}\n  nationality: IND",
        lambda: a(1) + d(7),
    ),
]
DLS = [
    (
        "en",
        "UK driving licence number (mine): {v}",
        lambda: (
            cc(["HARRI", "OKONK", "PATEL", "MCLEA", "BRADS"])
            + cc("5678")
            + "%02d" % cc([1, 3, 7, 11, 54, 59])
            + "%02d" % R.randint(1, 28)
            + d(1)
            + a(2)
            + "9"
            + a(2)
        ),
    ),
    ("en", "Dad's California DL {v}, exp 2027", lambda: a(1) + d(7)),
    ("fr", "Numéro de permis de conduire de Léa : {v}", lambda: d(12)),
    (
        "de",
        "Führerscheinnummer von Tobias: {v}",
        lambda: a(1) + d(3) + a(1) + d(5) + a(1) + d(1),
    ),
    ("en", "NSW licence no. for the rental car: {v}", lambda: d(8)),
    ("pt", "Número da CNH do Gabriel: {v}", lambda: d(11)),
    ("pl", "Numer prawa jazdy: {v}", lambda: d(5) + "/" + d(2) + "/" + d(4)),
]


def pii_docs():
    for lang, tpl, f in PASSPORTS:
        v = f()
        add(tpl.format(v=v), "pii", "passport", "passport", lang, v)
    for lang, tpl, f in DLS:
        v = f()
        add(tpl.format(v=v), "pii", "driving_licence", "dl", lang, v)


# ---------------------------------------------------------------- SECRETS
from cryptography.hazmat.primitives import serialization as ser
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa

LOW = string.ascii_lowercase
ALN = string.ascii_letters + DIG
URL = ALN + "-_"
HEX = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B64 = ALN + "+/"


def r(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def uuid4():
    h = r(HEX, 32)
    return "%s-%s-4%s-%s%s-%s" % (
        h[:8],
        h[8:12],
        h[13:16],
        R.choice("89ab"),
        h[17:20],
        h[20:32],
    )


def is_probable_prime(n):
    if n < 2:
        return False
    for p in (
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
        73,
        79,
        83,
        89,
        97,
    ):
        if n % p == 0:
            return n == p
    dd, s = n - 1, 0
    while dd % 2 == 0:
        dd //= 2
        s += 1
    for _ in range(24):
        x = pow(R.randrange(2, n - 2), dd, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def seeded_prime(bits):
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if is_probable_prime(c):
            return c


def seeded_rsa(bits=2048):
    e = 65537
    while True:
        p, q = seeded_prime(bits // 2), seeded_prime(bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e and (p * q).bit_length() == bits:
            break
    n = p * q
    dd = pow(e, -1, phi)
    nums = rsa.RSAPrivateNumbers(
        p, q, dd, dd % (p - 1), dd % (q - 1), pow(q, -1, p), rsa.RSAPublicNumbers(e, n)
    )
    return nums.private_key()


RSA_KEY = seeded_rsa(2048)
RSA_KEY2 = seeded_rsa(1024 * 2)
EC_KEY = ec.derive_private_key(R.getrandbits(255) | 1, ec.SECP256R1())
ED_SEED = bytes(R.getrandbits(8) for _ in range(32))
ED_KEY = ed25519.Ed25519PrivateKey.from_private_bytes(ED_SEED)


def pem_rsa(k, fmt):
    return k.private_bytes(ser.Encoding.PEM, fmt, ser.NoEncryption()).decode().strip()


def ssh_str(b):
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(key, comment):
    pub = key.public_key().public_bytes(ser.Encoding.Raw, ser.PublicFormat.Raw)
    priv = key.private_bytes(
        ser.Encoding.Raw, ser.PrivateFormat.Raw, ser.NoEncryption()
    )
    pubblob = ssh_str(b"ssh-ed25519") + ssh_str(pub)
    chk = struct.pack(">I", R.getrandbits(32))
    sec = (
        chk
        + chk
        + ssh_str(b"ssh-ed25519")
        + ssh_str(pub)
        + ssh_str(priv + pub)
        + ssh_str(comment.encode())
    )
    i = 1
    while len(sec) % 8:
        sec += bytes([i])
        i += 1
    blob = (
        b"openssh-key-v1\x00"
        + ssh_str(b"none")
        + ssh_str(b"none")
        + ssh_str(b"")
        + struct.pack(">I", 1)
        + ssh_str(pubblob)
        + ssh_str(sec)
    )
    b = base64.b64encode(blob).decode()
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(b[i : i + 70] for i in range(0, len(b), 70))
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )


def b58check(payload):
    A = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    full = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    n = int.from_bytes(full, "big")
    out = ""
    while n:
        n, m = divmod(n, 58)
        out = A[m] + out
    return "1" * (len(full) - len(full.lstrip(b"\0"))) + out


def jwt(payload, alg="HS256"):
    h = b64u(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    return (
        h
        + "."
        + p
        + "."
        + b64u(bytes(R.getrandbits(8) for _ in range(32 if alg == "HS256" else 256)))
    )


BIP = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid acoustic acquire across "
    "action actor actress actual adapt addict address adjust admit adult advance advice aerobic affair afford afraid again agent agree ahead "
    "airport aisle alarm album alcohol alert alien alley allow almost alone alpha already alter always amateur amazing among amount amused "
    "anchor ancient anger angle angry animal ankle announce annual another answer antenna antique anxiety apart apology appear apple approve "
    "april arctic arena argue armed armor army arrange arrest arrive arrow artist artwork aspect assault asset assist assume asthma athlete atom "
    "attack attend attitude attract auction audit august aunt author autumn average avocado avoid awake aware awesome awful awkward axis baby "
    "bachelor bacon badge balance balcony bamboo banana banner barely bargain barrel basket battle beach beauty because become before begin "
    "behave behind believe below bench benefit betray better between beyond bicycle biology bird birth bitter blade blame blanket blast bleak "
    "bless blind blood blossom blouse blur blush board boat body boil bomb bonus border boring borrow bottom bounce bracket brain brand brass "
    "brave bread breeze brick bridge brief bright bring brisk broccoli broken bronze broom brother brush bubble buddy budget buffalo bulb bulk "
    "bundle bunker burden burger burst business butter cabbage cabin cable cactus cage cake call calm camera camp canal cancel candy cannon "
    "canvas canyon capable capital captain carbon cargo carpet carry cart castle casual catalog catch category cattle caught cause caution "
    "cave ceiling celery cement census century cereal certain chair chalk champion change chaos chapter charge chase cheap check cheese "
    "chef cherry chest chicken chief child chimney choice chunk churn cigar cinnamon circle citizen civil claim clap clarify claw clay clean "
    "clerk clever click client cliff climb clinic clip clock close cloth cloud clown club clump cluster clutch coach coast coconut coffee "
    "olive orbit orchard ostrich oxygen oyster paddle palace panda panther paper parade parent parrot party patrol pepper picnic pigeon "
    "pilot pioneer planet plastic pledge plunge pocket poet polar pony portion possible potato powder praise predict pretty prison proof "
    "puzzle pyramid quantum quarter question quick quiz rabbit raccoon radar rail rapid raven razor rebel recipe reform region remind rescue "
    "ribbon rifle ripple ritual rival robot rocket romance rookie rotate rough royal rubber rude rural saddle salmon salute sample satoshi "
    "scatter scheme science scorpion scout scrap search season second security segment select senior sentence session shadow sheriff shield "
    "shrimp siege silent silver siren sketch skull slender slogan smoke snack soccer social soldier solution sphere spider spike spirit "
    "sponsor squirrel stadium stereo stomach strategy struggle submit subway sunset supreme surge swallow symptom talent tattoo tenant thunder "
    "ticket tiger tobacco toddler tomato tornado tourist tragic trumpet tunnel turtle twelve umbrella unaware uncle unfold unique universe "
    "upgrade urban useful vacuum valley vapor velvet venture verify veteran vibrant victory village vintage violin virus visa vivid vocal "
    "volcano voyage walnut warrior wealth weasel whisper wisdom wolf wrestle yellow zebra zone"
).split()

PW_WORDS = [
    "Sommer",
    "Bayern",
    "Lisboa",
    "Gatito",
    "Mariposa",
    "Dragon",
    "Blumen",
    "Chocolat",
    "Kasia",
    "Tigre",
    "Ruslan",
    "Sakura",
    "Baran",
    "Oktober",
    "Fenerbahce",
    "Flamengo",
    "Kopenhagen",
    "Milano",
    "Halloween",
    "Rosalind",
    "Papagei",
    "Tortuga",
    "Nuvola",
    "Pinguin",
]


def human_pw():
    k = R.randint(0, 4)
    if k == 0:
        return R.choice(PW_WORDS) + str(R.randint(1970, 2024)) + R.choice("!?#$*.")
    if k == 1:
        return (
            R.choice(PW_WORDS).lower()
            + R.choice("_.-")
            + R.choice(PW_WORDS)
            + str(R.randint(10, 99))
        )
    if k == 2:
        return r(ALN + "!@#%^&*", R.randint(12, 18))
    if k == 3:
        return (
            R.choice(PW_WORDS)[:4]
            + r(DIG, 3)
            + R.choice("!#$%")
            + R.choice(PW_WORDS)[::-1].capitalize()
        )
    return r(ALN, 4) + "-" + r(ALN, 4) + "-" + r(ALN, 4)


def pw():
    p = human_pw()
    while "'" in p or '"' in p or "\\" in p:
        p = human_pw()
    return p


SECRET_ROWS = []  # (kind, lang, tpl, text)


def S(kind, lang, tpl, text):
    SECRET_ROWS.append((kind, lang, tpl, text))


def gen_secrets():
    # --- passwords in prose, many languages
    PROSE = [
        ("en", "the password for the family Netflix is {p}"),
        ("es", "La contraseña del banco es {p}, no se la digas a nadie"),
        ("pt", "A senha do internet banking é {p}"),
        ("fr", "Mot de passe de la box : {p}"),
        ("de", "Das Passwort für mein Online-Banking lautet {p}"),
        ("it", "La password della mail di papà è {p}"),
        ("nl", "Wachtwoord van de NAS: {p}"),
        ("sv", "Lösenordet till routern är {p}"),
        ("no", "Passordet til e-posten min er {p}"),
        ("da", "Adgangskoden til e-Boks er {p}"),
        ("fi", "Salasana verkkopankkiin: {p}"),
        ("pl", "Hasło do konta na Allegro: {p}"),
        ("cs", "Heslo k e-mailu je {p}"),
        ("sk", "Heslo do internetbankingu: {p}"),
        ("hu", "A laptopom jelszava: {p}"),
        ("ro", "Parola de la contul de Netflix este {p}"),
        ("bg", "Паролата за рутера е {p}"),
        ("el", "Ο κωδικός του email μου είναι {p}"),
        ("tr", "e-Devlet şifrem: {p}"),
        ("ru", "Пароль от Госуслуг: {p}"),
        ("uk", "Пароль до пошти: {p}"),
        ("he", "הסיסמה לחשבון הבנק היא {p}"),
        ("ar", "كلمة المرور لحسابي في البنك هي {p}"),
        ("fa", "رمز عبور ایمیلم: {p}"),
        ("hi", "नेटबैंकिंग का पासवर्ड {p} है"),
        ("bn", "আমার ইমেইলের পাসওয়ার্ড: {p}"),
        ("vi", "Mật khẩu Facebook của mẹ là {p}"),
        ("id", "Password email kantor saya: {p}"),
        ("ms", "Kata laluan akaun bank: {p}"),
        ("zh", "我的支付宝登录密码是{p}"),
        ("ja", "会社のVPNのパスワード：{p}"),
        ("ko", "회사 메일 비밀번호 {p}"),
        ("sw", "Nenosiri la barua pepe yangu ni {p}"),
        ("gl", "O contrasinal do correo é {p}"),
        ("cy", "Cyfrinair y cyfrifiadur yw {p}"),
        ("et", "Parool arvutisse: {p}"),
        ("lv", "Parole e-pastam: {p}"),
        ("lt", "Slaptažodis internetinei bankininkystei: {p}"),
        ("sl", "Geslo za e-pošto: {p}"),
        ("mk", "Лозинката за е-пошта е {p}"),
        ("is", "Lykilorðið að tölvupóstinum er {p}"),
        ("ga", "Is é an pasfhocal don ríomhphost ná {p}"),
        ("ne", "मेरो इमेलको पासवर्ड {p} हो"),
        ("sr", "Лозинка за рутер: {p}"),
        ("en", "root pw on the home NAS: {p} (change after the trip)"),
        ("en", "Remember: 1Password master password = {p}"),
        ("de", "Router-Admin (fritz.box) – Kennwort: {p}"),
    ]
    for lang, t in PROSE:
        S("password_prose", lang, "pw_prose", t.format(p=pw()))
    WIFI = [
        ("th", "รหัสผ่านไวไฟที่บ้านคือ {p}"),
        ("tl", "Ang password ng wifi ay {p}"),
        ("ca", "La contrasenya del wifi és {p}"),
        ("eu", "Wifiaren pasahitza: {p}"),
        ("hr", "Lozinka za wifi je {p}"),
        ("sq", "Fjalëkalimi i wifi-t është {p}"),
        ("ka", "ვაიფაის პაროლი: {p}"),
        ("hy", "Wi-Fi-ի գաղտնաբառը՝ {p}"),
        ("az", "Wi-Fi şifrəsi: {p}"),
        ("uz", "Wi-Fi paroli: {p}"),
        ("kk", "Wi-Fi құпиясөзі: {p}"),
        ("mn", "Wi-Fi-н нууц үг: {p}"),
        ("af", "Die wagwoord vir die wifi is {p}"),
        ("mt", "Il-password tal-wifi hija {p}"),
        ("ta", "வீட்டு வைஃபை கடவுச்சொல்: {p}"),
        ("ur", "گھر کے وائی فائی کا پاس ورڈ: {p}"),
        ("am", "የቤቱ ዋይፋይ የይለፍ ቃል፦ {p}"),
        ("ar", "كلمة سر الواي فاي في البيت: {p}"),
        ("pt", "Senha do wi-fi da casa de praia: {p}"),
    ]
    for lang, t in WIFI:
        S("wifi_password", lang, "wifi_prose", t.format(p=pw()))
    S(
        "wifi_password",
        "code",
        "wifi_qr",
        "WIFI:T:WPA;S:Casa_Rodrigues_5G;P:%s;;" % pw(),
    )
    S(
        "wifi_password",
        "code",
        "wpa_conf",
        'network={\n    ssid="HomeNet-Ostrava"\n    psk="%s"\n}' % pw(),
    )

    # passphrases
    def phrase(n, sep=" "):
        return sep.join(R.choice(BIP) for _ in range(n))

    S(
        "passphrase",
        "en",
        "passphrase_prose",
        "my laptop disk encryption passphrase: %s" % phrase(5),
    )
    S(
        "passphrase",
        "de",
        "passphrase_prose",
        "WLAN-Schlüssel (Passphrase) bei Oma: %s" % phrase(4, "-"),
    )
    S(
        "passphrase",
        "fr",
        "passphrase_prose",
        "Phrase de passe du coffre KeePass : « %s »" % phrase(5),
    )
    S(
        "passphrase",
        "en",
        "passphrase_prose",
        'Wi-Fi key for the cabin is "%s" (all lowercase, with spaces)' % phrase(4),
    )
    S(
        "passphrase",
        "nl",
        "passphrase_prose",
        "Wachtzin voor mijn GPG-sleutel: %s" % phrase(6, "."),
    )
    # CLI flags
    S(
        "mysql_cli_password",
        "code",
        "shell_history",
        "  512  mysql -u root -p'%s' -h 10.0.4.12 shop_prod" % pw(),
    )
    S(
        "mysql_cli_password",
        "code",
        "shell_history",
        "mysqldump --user=backup --password=%s --all-databases > all.sql" % r(ALN, 16),
    )
    S(
        "docker_login_password",
        "code",
        "shell_history",
        "docker login registry.gitlab.com -u deploy-bot -p %s"
        % ("glpat-" + r(URL, 20)),
    )
    S(
        "docker_login_password",
        "code",
        "ci_yaml",
        "script:\n  - docker login -u ops -p '%s' harbor.internal.lan" % pw(),
    )
    S(
        "sshpass_password",
        "code",
        "shell_history",
        "sshpass -p '%s' ssh admin@192.168.1.20" % pw(),
    )
    S(
        "sshpass_password",
        "code",
        "shell_history",
        "sshpass -p %s rsync -av ./site/ deploy@web01:/var/www/" % r(ALN, 14),
    )
    S(
        "psql_password",
        "code",
        "shell_history",
        "PGPASSWORD='%s' psql -h db.internal -U analytics -d warehouse" % pw(),
    )
    S(
        "curl_user_password",
        "code",
        "shell_history",
        "curl -u admin:%s http://192.168.0.1/cgi-bin/reboot.cgi" % r(ALN, 12),
    )
    S(
        "redis_cli_password",
        "code",
        "shell_history",
        "redis-cli -h cache-01 -a '%s' FLUSHDB" % r(ALN + "!#", 20),
    )
    S(
        "htaccess_cli_password",
        "code",
        "shell_history",
        "htpasswd -b -c /etc/nginx/.htpasswd grafana %s" % pw(),
    )
    S(
        "ftp_url_password",
        "code",
        "shell_history",
        "lftp ftp://webmaster:%s@ftp.kleinmann-druck.de" % r(ALN, 12),
    )
    # cloud
    ak = "AKIA" + r(B32[:26] + "234567", 16)
    sk = r(B64, 40)
    S(
        "aws_access_key",
        "code",
        "aws_credentials",
        "[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1"
        % (ak, sk),
    )
    ak = "AKIA" + r(B32, 16)
    sk = r(B64, 40)
    S(
        "aws_access_key",
        "code",
        "env",
        "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s" % (ak, sk),
    )
    S(
        "aws_secret_key",
        "es",
        "chat",
        "te paso la secret key de AWS del bucket de fotos: %s" % r(B64, 40),
    )
    S(
        "aws_session_token",
        "code",
        "env",
        "AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjE%s" % r(B64, 300),
    )
    S(
        "gcp_service_account",
        "code",
        "json",
        json.dumps(
            {
                "type": "service_account",
                "project_id": "ledger-prod-4417",
                "private_key_id": r(HEX, 40),
                "private_key": pem_rsa(RSA_KEY, ser.PrivateFormat.PKCS8) + "\n",
                "client_email": "etl-runner@ledger-prod-4417.iam.gserviceaccount.com",
                "client_id": r(DIG, 21),
            },
            indent=2,
        ),
    )
    S("gcp_api_key", "code", "env", "GOOGLE_MAPS_API_KEY=AIza%s" % r(URL, 35))
    S(
        "gcp_api_key",
        "ja",
        "note",
        "Gemini の API キー: AIza%s （個人プロジェクト用）" % r(URL, 35),
    )
    S(
        "google_oauth_secret",
        "code",
        "json",
        '{"web": {"client_id": "%s-%s.apps.googleusercontent.com", "client_secret": "GOCSPX-%s"}}'
        % (r(DIG, 12), r(LOW + DIG, 32), r(URL, 28)),
    )
    S(
        "google_refresh_token",
        "code",
        "yaml",
        "gmail_sync:\n  refresh_token: 1//0%s" % r(URL, 99),
    )
    S(
        "azure_storage_conn",
        "code",
        "appsettings",
        '"AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=stinvoices%s;AccountKey=%s==;EndpointSuffix=core.windows.net"'
        % (r(LOW + DIG, 6), r(B64, 86)),
    )
    S(
        "azure_client_secret",
        "code",
        "env",
        "AZURE_CLIENT_ID=%s\nAZURE_CLIENT_SECRET=%s8Q~%s"
        % (uuid4(), r(ALN, 3), r(ALN + "_-.~", 34)),
    )
    S(
        "azure_sas_token",
        "code",
        "url",
        "https://backupsnl.blob.core.windows.net/dumps?sv=2022-11-02&ss=b&srt=co&sp=rwl&se=2026-03-01T00:00:00Z&sig=%s%%3D"
        % r(ALN, 43),
    )
    S(
        "azure_devops_pat",
        "code",
        "shell_history",
        "git clone https://pat:%s@dev.azure.com/contoso-eng/payments/_git/api"
        % r(LOW + DIG, 52),
    )
    S(
        "alibaba_access_key",
        "zh",
        "note",
        "阿里云 AccessKey ID：LTAI%s  AccessKey Secret：%s" % (r(ALN, 20), r(ALN, 30)),
    )
    S(
        "tencent_secret",
        "code",
        "env",
        "TENCENTCLOUD_SECRET_ID=AKID%s\nTENCENTCLOUD_SECRET_KEY=%s"
        % (r(ALN, 32), r(ALN, 32)),
    )
    S("ibm_cloud_api_key", "code", "env", "IBMCLOUD_API_KEY=%s" % r(URL, 44))
    S(
        "digitalocean_token",
        "code",
        "shell_history",
        "doctl auth init -t dop_v1_%s" % r(HEX, 64),
    )
    S(
        "heroku_api_key",
        "code",
        "netrc",
        "machine api.heroku.com\n  login maria.k@fastmail.com\n  password %s" % uuid4(),
    )
    S("cloudflare_api_token", "code", "env", "CF_API_TOKEN=%s" % r(URL, 40))
    S(
        "vercel_token",
        "en",
        "note",
        "vercel deploy token (personal acct): %s" % r(ALN, 24),
    )
    S("flyio_token", "code", "env", "FLY_API_TOKEN=FlyV1 fm2_%s" % r(B64, 120))
    S(
        "terraform_cloud_token",
        "code",
        "hcl",
        'credentials "app.terraform.io" {\n  token = "%s.atlasv1.%s"\n}'
        % (r(ALN, 14), r(ALN, 67)),
    )
    S("vault_token", "code", "shell_history", "export VAULT_TOKEN=hvs.%s" % r(URL, 91))
    S("doppler_token", "code", "env", "DOPPLER_TOKEN=dp.st.prd.%s" % r(ALN, 43))
    S("pulumi_token", "code", "env", "PULUMI_ACCESS_TOKEN=pul-%s" % r(HEX, 40))
    # dev platforms
    S(
        "github_pat",
        "code",
        "shell_history",
        "git remote set-url origin https://ghp_%s@github.com/lena-dev/thesis.git"
        % r(ALN, 36),
    )
    S(
        "github_pat",
        "de",
        "note",
        "GitHub Token für das Backup-Skript: ghp_%s (läuft im Juni ab)" % r(ALN, 36),
    )
    S(
        "github_fine_grained_pat",
        "code",
        "env",
        "GITHUB_TOKEN=github_pat_11%s_%s" % (r(ALN, 20), r(ALN, 59)),
    )
    S(
        "github_oauth_token",
        "code",
        "yaml",
        "github.com:\n    user: kofi-m\n    oauth_token: gho_%s\n    git_protocol: https"
        % r(ALN, 36),
    )
    S("gitlab_pat", "code", "env", "GITLAB_TOKEN=glpat-%s" % r(URL, 20))
    S(
        "gitlab_runner_token",
        "code",
        "toml",
        '[[runners]]\n  name = "build-box"\n  url = "https://gitlab.com/"\n  token = "glrt-%s"'
        % r(URL, 20),
    )
    S(
        "bitbucket_app_password",
        "en",
        "note",
        "bitbucket app password for CI user 'jenkins-ro': %s" % r(ALN, 20),
    )
    S(
        "npm_token",
        "code",
        "npmrc",
        "//registry.npmjs.org/:_authToken=npm_%s" % r(ALN, 36),
    )
    S(
        "pypi_token",
        "code",
        "pypirc",
        "[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmc%s"
        % r(URL, 140),
    )
    S("dockerhub_pat", "code", "env", "DOCKERHUB_TOKEN=dckr_pat_%s" % r(URL, 27))
    S(
        "pip_index_credentials",
        "code",
        "pipconf",
        "[global]\nindex-url = https://deploy:%s@nexus.corp-lan.net/repository/pypi/simple"
        % r(ALN, 18),
    )
    S("jfrog_api_key", "code", "env", "ARTIFACTORY_API_KEY=AKCp8%s" % r(ALN, 64))
    S("sentry_auth_token", "code", "env", "SENTRY_AUTH_TOKEN=sntryu_%s" % r(HEX, 64))
    S("buildkite_token", "code", "env", "BUILDKITE_API_TOKEN=bkua_%s" % r(HEX, 40))
    S(
        "postman_api_key",
        "en",
        "note",
        "Postman API key (my workspace): PMAK-%s-%s" % (r(HEX, 24), r(HEX, 34)),
    )
    S(
        "grafana_sa_token",
        "code",
        "yaml",
        "grafana:\n  url: https://grafana.homelab.local\n  token: glsa_%s_%s"
        % (r(ALN, 32), r(HEX, 8)),
    )
    S("snyk_token", "code", "env", "SNYK_TOKEN=%s" % uuid4())
    S(
        "newrelic_key",
        "code",
        "env",
        "NEW_RELIC_API_KEY=NRAK-%s" % r(string.ascii_uppercase + DIG, 27),
    )
    S(
        "datadog_keys",
        "code",
        "env",
        "DD_API_KEY=%s\nDD_APP_KEY=%s" % (r(HEX, 32), r(HEX, 40)),
    )
    S(
        "okta_token",
        "code",
        "curl",
        'curl -H "Authorization: SSWS 00%s" https://acme-hr.okta.com/api/v1/users'
        % r(URL, 40),
    )
    S(
        "atlassian_api_token",
        "en",
        "note",
        "Jira API token (for the sync script, user j.okafor): ATATT3xFfGF0%s=%s"
        % (r(URL, 170), r(HEX, 8).upper()),
    )
    S("linear_api_key", "code", "env", "LINEAR_API_KEY=lin_api_%s" % r(ALN, 40))
    S("notion_token", "code", "env", "NOTION_TOKEN=ntn_%s" % r(ALN, 46))
    S(
        "airtable_pat",
        "code",
        "env",
        "AIRTABLE_TOKEN=pat%s.%s" % (r(ALN, 14), r(HEX, 64)),
    )
    S("figma_token", "code", "env", "FIGMA_TOKEN=figd_%s" % r(URL, 40))
    S("hubspot_token", "code", "env", "HUBSPOT_ACCESS_TOKEN=pat-eu1-%s" % uuid4())
    S(
        "planetscale_password",
        "code",
        "env",
        "DATABASE_URL=mysql://%s:pscale_pw_%s@aws.connect.psdb.cloud/shop?sslaccept=strict"
        % (r(LOW + DIG, 12), r(URL, 43)),
    )
    # AI providers
    S(
        "openai_api_key",
        "code",
        "env",
        "OPENAI_API_KEY=sk-proj-%sT3BlbkFJ%s" % (r(URL, 74), r(URL, 74)),
    )
    S(
        "openai_api_key",
        "pt",
        "chat",
        "usa a minha chave da OpenAI enquanto isso: sk-proj-%sT3BlbkFJ%s"
        % (r(URL, 60), r(URL, 60)),
    )
    S(
        "anthropic_api_key",
        "code",
        "python",
        'client = anthropic.Anthropic(api_key="sk-ant-api03-%sAA")' % r(URL, 93),
    )
    S(
        "huggingface_token",
        "code",
        "shell_history",
        "huggingface-cli login --token hf_%s" % r(ALN, 34),
    )
    S("replicate_token", "code", "env", "REPLICATE_API_TOKEN=r8_%s" % r(ALN, 37))
    S("groq_api_key", "code", "env", "GROQ_API_KEY=gsk_%s" % r(ALN, 52))
    S(
        "pinecone_api_key",
        "code",
        "env",
        "PINECONE_API_KEY=pcsk_%s_%s" % (r(ALN, 5), r(ALN, 63)),
    )
    S(
        "langsmith_key",
        "code",
        "env",
        "LANGCHAIN_API_KEY=lsv2_pt_%s_%s" % (r(HEX, 32), r(HEX, 10)),
    )
    S("perplexity_key", "ko", "note", "퍼플렉시티 API 키: pplx-%s" % r(ALN, 48))
    S(
        "mistral_api_key",
        "fr",
        "note",
        "Clé API Mistral (compte perso) : %s" % r(ALN, 32),
    )
    # comms / payments
    S(
        "slack_bot_token",
        "code",
        "env",
        "SLACK_BOT_TOKEN=xoxb-%s-%s-%s" % (r(DIG, 12), r(DIG, 13), r(ALN, 24)),
    )
    S(
        "slack_user_token",
        "code",
        "json",
        '{"slack": {"user_token": "xoxp-%s-%s-%s-%s"}}'
        % (r(DIG, 12), r(DIG, 12), r(DIG, 13), r(HEX, 32)),
    )
    S(
        "slack_webhook",
        "code",
        "curl",
        "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done\"}' https://hooks.slack.com/services/T%s/B%s/%s"
        % (
            r(string.ascii_uppercase + DIG, 8),
            r(string.ascii_uppercase + DIG, 10),
            r(ALN, 24),
        ),
    )
    S(
        "discord_bot_token",
        "code",
        "env",
        "DISCORD_TOKEN=%s.%s.%s" % (b64u(r(DIG, 19).encode()), r(URL, 6), r(URL, 38)),
    )
    S(
        "discord_webhook",
        "pl",
        "note",
        "webhook na kanał #alerty: https://discord.com/api/webhooks/%s/%s"
        % (r(DIG, 19), r(URL, 68)),
    )
    S(
        "telegram_bot_token",
        "ru",
        "chat",
        "вот токен нашего бота: %s:AA%s" % (r(DIG, 10), r(URL, 33)),
    )
    S(
        "telegram_bot_token",
        "code",
        "python",
        'bot = telebot.TeleBot("%s:AA%s")' % (r(DIG, 10), r(URL, 33)),
    )
    S(
        "teams_webhook",
        "code",
        "yaml",
        "alerting:\n  teams_url: https://contoso.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s"
        % (uuid4(), uuid4(), r(HEX, 32), uuid4()),
    )
    S(
        "dingtalk_webhook",
        "zh",
        "note",
        "钉钉机器人地址：https://oapi.dingtalk.com/robot/send?access_token=%s"
        % r(HEX, 64),
    )
    S(
        "feishu_webhook",
        "zh",
        "note",
        "飞书群机器人 webhook：https://open.feishu.cn/open-apis/bot/v2/hook/%s"
        % uuid4(),
    )
    S(
        "wechat_app_secret",
        "code",
        "env",
        "WECHAT_APPID=wx%s\nWECHAT_APPSECRET=%s" % (r(HEX, 16), r(HEX, 32)),
    )
    S(
        "line_channel_token",
        "ja",
        "note",
        "LINE チャネルアクセストークン：%s=" % r(B64, 171),
    )
    S(
        "twilio_auth_token",
        "code",
        "env",
        "TWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s" % (r(HEX, 32), r(HEX, 32)),
    )
    S(
        "twilio_api_key",
        "code",
        "env",
        "TWILIO_API_KEY=SK%s\nTWILIO_API_SECRET=%s" % (r(HEX, 32), r(ALN, 32)),
    )
    S(
        "sendgrid_api_key",
        "code",
        "env",
        "SENDGRID_API_KEY=SG.%s.%s" % (r(URL, 22), r(URL, 43)),
    )
    S(
        "mailgun_api_key",
        "code",
        "curl",
        "curl -s --user 'api:key-%s' https://api.mailgun.net/v3/mg.shopbrno.cz/messages"
        % r(HEX, 32),
    )
    S("mailchimp_api_key", "code", "env", "MAILCHIMP_API_KEY=%s-us14" % r(HEX, 32))
    S("stripe_secret_key", "code", "env", "STRIPE_SECRET_KEY=sk_live_51%s" % r(ALN, 97))
    S(
        "stripe_secret_key",
        "it",
        "chat",
        "ti giro la chiave live di Stripe: sk_live_51%s" % r(ALN, 97),
    )
    S(
        "stripe_restricted_key",
        "code",
        "yaml",
        "payments:\n  stripe_key: rk_live_51%s" % r(ALN, 97),
    )
    S(
        "stripe_webhook_secret",
        "code",
        "env",
        "STRIPE_WEBHOOK_SECRET=whsec_%s" % r(ALN, 32),
    )
    S(
        "paypal_client_secret",
        "code",
        "env",
        "PAYPAL_CLIENT_ID=A%s\nPAYPAL_CLIENT_SECRET=E%s" % (r(URL, 79), r(URL, 79)),
    )
    S("square_token", "code", "env", "SQUARE_ACCESS_TOKEN=EAAA%s" % r(URL, 60))
    S("shopify_token", "code", "env", "SHOPIFY_ADMIN_TOKEN=shpat_%s" % r(HEX, 32))
    S(
        "firebase_server_key",
        "code",
        "json",
        '{"fcm_server_key": "AAAA%s:APA91b%s"}' % (r(URL, 7), r(URL, 134)),
    )
    S(
        "mapbox_secret_token",
        "code",
        "env",
        "MAPBOX_SECRET=sk.eyJ1Ijoi%s.%s" % (r(URL, 60), r(URL, 22)),
    )
    S(
        "algolia_admin_key",
        "code",
        "env",
        "ALGOLIA_APP_ID=%s\nALGOLIA_ADMIN_API_KEY=%s"
        % (r(string.ascii_uppercase + DIG, 10), r(HEX, 32)),
    )
    S(
        "twitter_bearer",
        "code",
        "env",
        "TWITTER_BEARER_TOKEN=AAAAAAAAAAAAAAAAAAAAA%s%%3D%s" % (r(ALN, 40), r(ALN, 50)),
    )
    S(
        "facebook_access_token",
        "en",
        "note",
        "FB page access token (long-lived): EAAB%s" % r(ALN, 180),
    )
    # databases
    S(
        "postgres_url",
        "code",
        "env",
        "DATABASE_URL=postgres://app_user:%s@db-prod.c9x2k.eu-west-1.rds.amazonaws.com:5432/orders"
        % r(ALN, 20),
    )
    S(
        "postgres_url",
        "code",
        "log",
        "2024-10-19 03:12:44 ERROR worker-3 could not connect: postgresql://etl:%s@10.20.1.7:5432/dwh timeout"
        % r(ALN, 16),
    )
    S(
        "mongodb_uri",
        "code",
        "env",
        "MONGO_URI=mongodb+srv://admin:%s@cluster0.%s.mongodb.net/prod?retryWrites=true"
        % (r(ALN, 16), r(LOW + DIG, 5)),
    )
    S(
        "redis_url",
        "code",
        "yaml",
        "cache:\n  url: redis://:%s@redis-13452.c8.us-east-1-4.ec2.cloud.redislabs.com:13452/0"
        % r(ALN, 32),
    )
    S(
        "amqp_url",
        "code",
        "env",
        "CELERY_BROKER_URL=amqp://worker:%s@rabbit.internal:5672/jobs" % r(ALN, 18),
    )
    S(
        "mssql_conn_string",
        "code",
        "appsettings",
        '"DefaultConnection": "Server=tcp:sql-erp.database.windows.net,1433;Database=erp;User ID=erpadmin;Password=%s;Encrypt=True;"'
        % pw(),
    )
    S(
        "jdbc_password",
        "code",
        "properties",
        "spring.datasource.url=jdbc:mysql://10.0.3.15:3306/crm\nspring.datasource.username=crm\nspring.datasource.password=%s"
        % pw(),
    )
    S("pgpass", "code", "pgpass", "db.internal:5432:payroll:payroll_rw:%s" % r(ALN, 20))
    S(
        "ldap_bind_password",
        "code",
        "yaml",
        "ldap:\n  bind_dn: cn=svc-gitea,ou=services,dc=lab,dc=home\n  bind_password: %s"
        % pw(),
    )
    S(
        "smtp_password",
        "code",
        "env",
        "SMTP_HOST=smtp.gmail.com\nSMTP_USER=rechnungen.meyer@gmail.com\nSMTP_PASS=%s"
        % " ".join(r(LOW, 4) for _ in range(4)),
    )
    S(
        "smtp_password",
        "code",
        "yaml",
        'mail:\n  host: mail.kanzlei-berger.at\n  username: office\n  password: "%s"'
        % pw(),
    )
    S(
        "app_password_prose",
        "en",
        "note",
        "gmail app password for the printer scan-to-email: %s"
        % " ".join(r(LOW, 4) for _ in range(4)),
    )
    # HTTP auth
    S(
        "bearer_token_header",
        "code",
        "curl",
        'curl -H "Authorization: Bearer %s" https://api.internal.tools/v2/reports'
        % r(ALN, 48),
    )
    S(
        "basic_auth_header",
        "code",
        "http",
        "GET /admin HTTP/1.1\nHost: intranet.local\nAuthorization: Basic %s"
        % base64.b64encode(("admin:" + pw()).encode()).decode(),
    )
    S(
        "session_cookie",
        "code",
        "http",
        "Cookie: sessionid=%s; csrftoken=%s" % (r(LOW + DIG, 32), r(ALN, 64)),
    )
    S(
        "session_cookie",
        "code",
        "curl",
        "curl 'https://portal.stadtwerke-demo.de/api/rechnung' -H 'cookie: connect.sid=s%%3A%s.%s'"
        % (r(URL, 32), r(URL, 43)),
    )
    S(
        "jwt",
        "code",
        "log",
        "2024-12-01T08:00:13Z DEBUG auth header=Bearer %s"
        % jwt(
            {
                "sub": r(DIG, 7),
                "name": "Oluwaseun Adeyemi",
                "iat": 1733040000,
                "exp": 1733043600,
            }
        ),
    )
    S(
        "jwt",
        "en",
        "note",
        "access token for the staging API (valid 30 days): %s"
        % jwt({"uid": r(DIG, 5), "scope": "admin", "exp": 1767225600}),
    )
    S(
        "supabase_service_role",
        "code",
        "env",
        "SUPABASE_SERVICE_ROLE_KEY=%s"
        % jwt(
            {
                "iss": "supabase",
                "ref": r(LOW, 20),
                "role": "service_role",
                "iat": 1716200000,
                "exp": 2031776000,
            }
        ),
    )
    S(
        "kubeconfig_token",
        "code",
        "yaml",
        "users:\n- name: prod-admin\n  user:\n    token: %s"
        % jwt(
            {
                "iss": "kubernetes/serviceaccount",
                "sub": "system:serviceaccount:kube-system:admin",
            },
            "RS256",
        ),
    )
    S(
        "k8s_secret_data",
        "code",
        "yaml",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ndata:\n  username: %s\n  password: %s"
        % (
            base64.b64encode(b"orders").decode(),
            base64.b64encode(pw().encode()).decode(),
        ),
    )
    S(
        "django_secret_key",
        "code",
        "python",
        "SECRET_KEY = '%s'" % r(LOW + DIG + "!@#%^&*(-_=+)", 50),
    )
    S(
        "laravel_app_key",
        "code",
        "env",
        "APP_KEY=base64:%s"
        % base64.b64encode(bytes(R.getrandbits(8) for _ in range(32))).decode(),
    )
    S(
        "rails_master_key",
        "code",
        "shell_history",
        "echo %s > config/master.key" % r(HEX, 32),
    )
    S(
        "git_url_token",
        "code",
        "gitconfig",
        '[remote "origin"]\n\turl = https://oauth2:glpat-%s@gitlab.com/acme/infra.git'
        % r(URL, 20),
    )
    S(
        "netrc_password",
        "code",
        "netrc",
        "machine ftp.familie-schulz.de login schulz password %s" % pw(),
    )
    # keys
    S(
        "rsa_private_key",
        "code",
        "pem",
        pem_rsa(RSA_KEY2, ser.PrivateFormat.TraditionalOpenSSL),
    )
    S(
        "ec_private_key",
        "code",
        "pem",
        EC_KEY.private_bytes(
            ser.Encoding.PEM, ser.PrivateFormat.TraditionalOpenSSL, ser.NoEncryption()
        )
        .decode()
        .strip(),
    )
    S(
        "ec_private_key",
        "code",
        "pem_pkcs8",
        "apple_push_key.p8:\n"
        + EC_KEY.private_bytes(
            ser.Encoding.PEM, ser.PrivateFormat.PKCS8, ser.NoEncryption()
        )
        .decode()
        .strip(),
    )
    S("openssh_private_key", "code", "pem", openssh_ed25519(ED_KEY, "nadia@thinkpad"))
    pgp = base64.b64encode(bytes(R.getrandbits(8) for _ in range(540))).decode()
    S(
        "pgp_private_key",
        "code",
        "pem",
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
        + "\n".join(pgp[i : i + 64] for i in range(0, len(pgp), 64))
        + "\n="
        + r(B64, 4)
        + "\n-----END PGP PRIVATE KEY BLOCK-----",
    )
    S(
        "age_secret_key",
        "code",
        "keyfile",
        "# created: 2024-05-02T11:03:55+02:00\n# public key: age1%s\nAGE-SECRET-KEY-1%s"
        % (
            r("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
            r("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
        ),
    )
    S(
        "wireguard_private_key",
        "code",
        "ini",
        "[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/24\nDNS = 1.1.1.1"
        % base64.b64encode(bytes(R.getrandbits(8) for _ in range(32))).decode(),
    )
    S("ipsec_psk", "code", "conf", ': PSK "%s"' % pw())
    # MFA / recovery / crypto
    S(
        "totp_seed",
        "code",
        "uri",
        "otpauth://totp/GitHub:ana-ramos?secret=%s&issuer=GitHub" % r(B32, 32),
    )
    S(
        "totp_seed",
        "de",
        "note",
        "2FA-Schlüssel fürs Steuerkonto (falls Handy weg): %s"
        % " ".join(r(B32, 4) for _ in range(8)),
    )
    S(
        "recovery_codes",
        "en",
        "note",
        "Google backup codes:\n"
        + "\n".join("%s %s" % (r(DIG, 4), r(DIG, 4)) for _ in range(6)),
    )
    S(
        "recovery_codes",
        "es",
        "note",
        "Códigos de recuperación de GitHub: "
        + ", ".join("%s-%s" % (r(HEX, 5), r(HEX, 5)) for _ in range(8)),
    )
    S(
        "bip39_seed_phrase",
        "en",
        "note",
        "metamask seed (DON'T LOSE): " + " ".join(R.choice(BIP) for _ in range(12)),
    )
    S(
        "bip39_seed_phrase",
        "tr",
        "note",
        "Cüzdan kurtarma kelimeleri: " + " ".join(R.choice(BIP) for _ in range(24)),
    )
    S(
        "bip39_seed_phrase",
        "code",
        "list",
        "\n".join("%d. %s" % (i + 1, R.choice(BIP)) for i in range(12)),
    )
    S("ethereum_private_key", "code", "env", "DEPLOYER_PRIVATE_KEY=0x%s" % r(HEX, 64))
    S(
        "bitcoin_wif_key",
        "fr",
        "note",
        "Clé privée du paper wallet (WIF) : %s"
        % b58check(b"\x80" + bytes(R.getrandbits(8) for _ in range(32)) + b"\x01"),
    )
    S(
        "pin_code",
        "de",
        "note",
        "PIN der neuen EC-Karte: %s – danach Brief vernichten" % r(DIG, 4),
    )
    S(
        "pin_code",
        "en",
        "note",
        "garage door keypad code + alarm disarm PIN: %s / %s" % (r(DIG, 4), r(DIG, 6)),
    )
    S(
        "bank_login",
        "es",
        "note",
        "Banca online de mamá – usuario: %s, clave: %s" % (r(DIG, 8), pw()),
    )
    S(
        "router_admin_password",
        "it",
        "note",
        "Credenziali router (admin): admin / %s" % pw(),
    )
    S(
        "password_config",
        "code",
        "yaml",
        "camera:\n  host: 192.168.1.64\n  user: admin\n  password: %s" % pw(),
    )
    S(
        "password_config",
        "code",
        "json",
        '{"db": {"host": "localhost", "user": "wp", "password": "%s"}}' % pw(),
    )
    S(
        "password_config",
        "code",
        "ini",
        "[smb]\nusername = familie\npassword = %s" % pw(),
    )
    S(
        "password_chat",
        "es",
        "chat",
        "Marta: ¿cuál era la clave de la cuenta de Disney+?\nYo: %s" % pw(),
    )
    S(
        "password_chat",
        "de",
        "chat",
        "[14:02] Jonas: Wie war nochmal das Passwort vom Büro-WLAN?\n[14:03] Ich: %s"
        % pw(),
    )
    S(
        "password_chat",
        "pt",
        "chat",
        "Pedro: qual é a senha do servidor?\nEu: %s" % pw(),
    )
    S(
        "password_log",
        "code",
        "log",
        "Nov 03 11:45:09 auth-svc[2201]: login failed user=ktanaka password=%s ip=10.1.4.22"
        % pw(),
    )


# ---------------------------------------------------------------- CLEAN
CLEAN_ROWS = []


def C(kind, lang, tpl, text):
    CLEAN_ROWS.append((kind, lang, tpl, text))


def gen_clean():
    # placeholders / docs
    C(
        "placeholder",
        "code",
        "env_template",
        "OPENAI_API_KEY=<YOUR_API_KEY>\nDATABASE_URL=postgres://user:<password>@localhost:5432/app",
    )
    C(
        "placeholder",
        "en",
        "readme",
        "Set `STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxx` in your .env before running the server.",
    )
    C(
        "placeholder",
        "code",
        "yaml",
        "smtp:\n  user: ${SMTP_USER}\n  password: ${SMTP_PASSWORD}",
    )
    C(
        "placeholder",
        "de",
        "doc",
        "Das Standardpasswort lautet „changeme“ – bitte beim ersten Login ändern (siehe Handbuch, Kapitel 2).",
    )
    C(
        "placeholder",
        "code",
        "log",
        "2024-11-02 10:14:07 INFO connecting as admin password=**** host=db01",
    )
    C(
        "placeholder",
        "es",
        "doc",
        "Sustituye TU_TOKEN_AQUI por el token que te da BotFather.",
    )
    C(
        "placeholder",
        "code",
        "k8s",
        "env:\n  - name: API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: api-secrets\n        key: token",
    )
    C(
        "placeholder",
        "ja",
        "doc",
        "パスワード欄には「********」と表示されます。実際の値は管理者に確認してください。",
    )
    C(
        "doc_example_key",
        "en",
        "aws_docs",
        "AWS docs example: aws_access_key_id = AKIAIOSFODNN7EXAMPLE, aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    )
    C(
        "doc_example_key",
        "en",
        "stripe_docs",
        "Use the test card 4242 4242 4242 4242 with any future expiry date and any CVC in Stripe test mode.",
    )
    C(
        "doc_example_key",
        "code",
        "jwt_io",
        "jwt.io default sample: header alg HS256, secret 'your-256-bit-secret'",
    )
    C(
        "doc_example_key",
        "fr",
        "doc",
        "Exemple tiré de la doc : curl -u api:YOUR_API_KEY https://api.example.com/v1/items",
    )
    C(
        "doc_example_host",
        "code",
        "nginx",
        "server {\n    listen 80;\n    server_name www.example.com;\n    proxy_pass http://192.0.2.10:8080;\n}",
    )
    C(
        "doc_example_host",
        "en",
        "doc",
        "In the examples below, the client is 198.51.100.23 and the resolver is 203.0.113.53.",
    )
    C(
        "doc_example_host",
        "code",
        "email_doc",
        "From: Alice <alice@example.org>\nTo: Bob <bob@example.net>\nSubject: test",
    )
    C(
        "doc_example_host",
        "it",
        "doc",
        "Per esempio, scrivi a utente@example.com per verificare l'invio.",
    )
    C(
        "env_reference",
        "code",
        "shell",
        'psql "postgresql://$PGUSER:$PGPASSWORD@$PGHOST/$PGDATABASE"',
    )
    C(
        "env_reference",
        "code",
        "compose",
        "environment:\n  POSTGRES_PASSWORD_FILE: /run/secrets/pg_password",
    )
    C(
        "env_reference",
        "code",
        "gha",
        "- run: npm publish\n  env:\n    NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
    )
    C("env_reference", "code", "python", 'api_key = os.environ["OPENAI_API_KEY"]')
    C(
        "password_policy",
        "en",
        "note",
        "Password rules for the new portal: at least 12 characters, one digit, one symbol, no reuse of the last 5.",
    )
    C(
        "password_policy",
        "pl",
        "note",
        "Przypomnienie: hasło do VPN trzeba zmienić do piątku (polityka: co 90 dni).",
    )
    C(
        "password_policy",
        "fr",
        "note",
        "J'ai réinitialisé mon mot de passe Doctolib ce matin, le lien de réinitialisation a bien marché.",
    )
    C(
        "password_policy",
        "ko",
        "note",
        "비밀번호는 비밀번호 관리자에 저장해 둠. 여기엔 적지 말 것.",
    )
    # keys & certs (public)
    pub = (
        RSA_KEY.public_key()
        .public_bytes(ser.Encoding.PEM, ser.PublicFormat.SubjectPublicKeyInfo)
        .decode()
        .strip()
    )
    C("public_key", "code", "pem", pub)
    sshpub = (
        ED_KEY.public_key()
        .public_bytes(ser.Encoding.OpenSSH, ser.PublicFormat.OpenSSH)
        .decode()
    )
    C("ssh_public_key", "code", "authorized_keys", sshpub + " nadia@thinkpad")
    C(
        "ssh_public_key",
        "en",
        "note",
        "added my laptop key to the server's authorized_keys: "
        + EC_KEY.public_key()
        .public_bytes(ser.Encoding.OpenSSH, ser.PublicFormat.OpenSSH)
        .decode()
        + " me@laptop",
    )
    C(
        "ssh_fingerprint",
        "code",
        "log",
        "The authenticity of host 'git.lab.lan (10.0.0.7)' can't be established.\nED25519 key fingerprint is SHA256:%s."
        % base64.b64encode(hashlib.sha256(b"hostkey16").digest()).decode().rstrip("="),
    )
    import datetime as _dt

    from cryptography import x509
    from cryptography.x509.oid import NameOID

    ck = ed25519.Ed25519PrivateKey.from_private_bytes(
        hashlib.sha256(b"cert-tune16").digest()
    )
    nm = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "internal-ca.homelab.lan")])
    cert = (
        x509.CertificateBuilder()
        .subject_name(nm)
        .issuer_name(nm)
        .public_key(ck.public_key())
        .serial_number(0x1F2E3D4C5B)
        .not_valid_before(_dt.datetime(2024, 1, 1))
        .not_valid_after(_dt.datetime(2034, 1, 1))
        .sign(ck, None)
    )
    C(
        "certificate",
        "code",
        "pem",
        cert.public_bytes(ser.Encoding.PEM).decode().strip(),
    )
    C(
        "pgp_public_key",
        "code",
        "pem",
        "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZ%s\n-----END PGP PUBLIC KEY BLOCK-----"
        % base64.b64encode(hashlib.sha512(b"pgp-pub").digest()).decode(),
    )
    # hashes / ids
    for t, lang, tpl in [
        ("sha256sum: {h}  ubuntu-24.04.1-live-server-amd64.iso", "code", "checksum"),
        ("Checksum der Firmware (SHA-256): {h}", "de", "checksum_note"),
        ("file hash {h} matched the vendor's published value", "en", "checksum_note"),
    ]:
        C("hash", lang, tpl, t.format(h=hashlib.sha256(t.encode()).hexdigest()))
    C(
        "hash",
        "code",
        "md5",
        "md5(backup.tar.gz) = %s" % hashlib.md5(b"bk16").hexdigest(),
    )
    C(
        "git_sha",
        "code",
        "git_log",
        "commit %s\nAuthor: CI Bot <ci@buildfarm.local>\nDate:   Mon Oct 7 09:12:33 2024 +0200\n\n    bump version to 3.4.1"
        % hashlib.sha1(b"c1").hexdigest(),
    )
    C(
        "git_sha",
        "en",
        "note",
        "the regression came in with %s, revert that one"
        % hashlib.sha1(b"c2").hexdigest()[:12],
    )
    C(
        "git_sha",
        "pt",
        "note",
        "o bug foi corrigido no commit %s" % hashlib.sha1(b"c3").hexdigest()[:7],
    )
    C(
        "git_sha",
        "code",
        "shell_history",
        "git cherry-pick %s" % hashlib.sha1(b"c4").hexdigest(),
    )
    C(
        "uuid",
        "code",
        "log",
        "2024-09-12T14:22:01Z INFO request_id=%s path=/api/v1/orders status=200 latency_ms=38"
        % uuid4(),
    )
    C(
        "uuid",
        "code",
        "json",
        '{"tenant_id": "%s", "plan": "team", "seats": 25}' % uuid4(),
    )
    C("uuid", "en", "note", "trace id for the failed upload: %s" % uuid4())
    C(
        "build_id",
        "code",
        "ci",
        "Build #%d finished: artifact app-%s.apk (pipeline %d)"
        % (R.randint(1000, 9999), r(HEX, 8), R.randint(100000, 999999)),
    )
    C(
        "build_id",
        "code",
        "docker",
        "docker pull ghcr.io/acme/api@sha256:%s" % hashlib.sha256(b"img").hexdigest(),
    )
    C(
        "build_id",
        "code",
        "log",
        "Successfully built %s\nSuccessfully tagged web:latest" % r(HEX, 12),
    )
    C(
        "version",
        "code",
        "pip",
        "requirements pinned: django==5.1.3, psycopg==3.2.3, celery==5.4.0",
    )
    C(
        "version",
        "en",
        "note",
        "upgraded the router firmware from 7.57 to 7.59; kernel is 6.8.0-45-generic",
    )
    C(
        "version",
        "es",
        "note",
        "Hay que actualizar Node a la v20.18.0 antes del viernes.",
    )
    C("version", "ja", "note", "iOS 18.1.1 にアップデートしたら直った")
    # numbers that are not pii
    C("price", "en", "note", "New tyres: 4 × £89.99 + £12 fitting = £371.96")
    C("price", "de", "note", "Kaffeemaschine im Angebot: 249,00 € statt 329,00 €")
    C("price", "ja", "note", "ランチ代：1,280円（税込）")
    C("price", "pt", "note", "O aluguel subiu para R$ 2.850,00 a partir de março")
    C("price", "hi", "note", "बिजली का बिल इस महीने ₹2,340 आया")
    C(
        "measurement",
        "en",
        "note",
        "living room is 5.4 m × 3.8 m, ceiling 2.6 m; need 21 m² of flooring",
    )
    C(
        "measurement",
        "fr",
        "note",
        "Taille du vélo : cadre 54 cm, pneus 700×28C, pression 6,5 bar",
    )
    C("measurement", "sv", "note", "Löpte 12,4 km på 1:04:32, snittpuls 152")
    C("measurement", "zh", "note", "宝宝今天体重 7.6 公斤，身长 68 厘米")
    C("temperature", "en", "note", "oven at 220 °C for 25 min, then 180 °C for 40 min")
    C("temperature", "ru", "note", "Сегодня утром было −17 °C, машина не завелась")
    C("temperature", "nl", "note", "Koorts van Sem gezakt: 38,9 → 37,4 °C")
    C(
        "temperature",
        "code",
        "log",
        "sensor=greenhouse-2 temp_c=23.7 humidity=61 ts=1729411200",
    )
    C(
        "part_number",
        "en",
        "note",
        "replacement filter part no. HEPA-FY3433/10 for the Philips purifier",
    )
    C(
        "part_number",
        "de",
        "note",
        "Ersatzteil: Bosch 00754866 (Türdichtung Spülmaschine)",
    )
    C(
        "part_number",
        "code",
        "csv",
        "sku,desc,qty\nRJ45-CAT6-2M,Patch cable 2m,12\nSFP-10G-SR,Transceiver,4",
    )
    C(
        "part_number",
        "it",
        "note",
        "Codice ricambio caldaia: 39841380 (scheda elettronica)",
    )
    C(
        "tracking_number",
        "en",
        "note",
        "UPS tracking 1Z%s%s — arriving Thursday"
        % (r(string.ascii_uppercase + DIG, 6), r(DIG, 10)),
    )
    C("tracking_number", "de", "note", "DHL Sendungsnummer: 00340434%s" % r(DIG, 12))
    C("tracking_number", "zh", "note", "顺丰快递单号：SF%s" % r(DIG, 12))
    C("tracking_number", "fr", "note", "Colissimo : suivi n° 6A%s" % r(DIG, 11))
    C(
        "order_number",
        "en",
        "note",
        "Amazon order 1%s-%s-%s: return window closes Nov 30"
        % (r(DIG, 2), r(DIG, 7), r(DIG, 7)),
    )
    C(
        "order_number",
        "es",
        "note",
        "Pedido n.º %s de El Corte Inglés, recogida en tienda" % r(DIG, 10),
    )
    C(
        "order_number",
        "code",
        "log",
        "order_id=ORD-2024-%s status=shipped carrier=DPD" % r(DIG, 6),
    )
    C("order_number", "pl", "note", "Numer zamówienia Allegro: %s" % r(DIG, 12))
    C(
        "invoice_number",
        "en",
        "note",
        "Invoice INV-2024-%s due 15/12/2024, amount €1,240.00" % r(DIG, 5),
    )
    C(
        "invoice_number",
        "de",
        "note",
        "Rechnungsnr. RE-%s-%s vom 03.11.2024" % (r(DIG, 4), r(DIG, 3)),
    )
    C(
        "invoice_number",
        "fr",
        "note",
        "Facture n° F%s%s réglée par virement le 12/10" % (r(DIG, 4), r(DIG, 5)),
    )
    C(
        "invoice_number",
        "it",
        "note",
        "Fattura n. %s/2024 – importo 380,00 €" % r(DIG, 3),
    )
    C(
        "reference_number",
        "en",
        "note",
        "support ticket #%s – the agent said 3–5 business days" % r(DIG, 7),
    )
    C(
        "reference_number",
        "code",
        "log",
        "HTTP 502 from upstream, incident INC%s opened" % r(DIG, 7),
    )
    # company identifiers / business contacts (valid numbers, but companies)
    from stdnum.au import abn
    from stdnum.br import cnpj
    from stdnum.de import vat as devat
    from stdnum.fr import siren
    from stdnum.gb import vat as gbvat
    from stdnum.nl import btw

    def brute(mod, f):
        for _ in range(300000):
            c = f()
            if mod.is_valid(c):
                return c

    C(
        "company_vat",
        "de",
        "invoice",
        "Muster Elektro GmbH · USt-IdNr.: DE%s · Amtsgericht Köln HRB 10%s"
        % (brute(devat, lambda: d(9)), r(DIG, 3)),
    )
    C(
        "company_vat",
        "en",
        "invoice",
        "Supplier: Harbourside Coffee Ltd, VAT Reg No GB %s"
        % brute(gbvat, lambda: d(9)),
    )
    C(
        "company_vat",
        "nl",
        "invoice",
        "Bakkerij De Korenaar B.V. – btw-nummer NL%sB01"
        % brute(btw, lambda: d(9) + "B01")[:9],
    )
    C(
        "company_vat",
        "fr",
        "invoice",
        "Fournisseur : Atelier Garnier SARL, SIREN %s"
        % siren.format(brute(siren, lambda: d(9))),
    )
    C(
        "company_reg",
        "pt",
        "invoice",
        "Prestador: Padaria Pão Quente Ltda – CNPJ %s"
        % cnpj.format(brute(cnpj, lambda: d(8) + "0001" + d(2))),
    )
    C(
        "company_reg",
        "en",
        "invoice",
        "Koala Cleaning Services Pty Ltd, ABN %s"
        % abn.format(brute(abn, lambda: d(11))),
    )
    C(
        "company_reg",
        "code",
        "json",
        '{"vendor": "Nordlys Solar AS", "org_nr": "%s", "country": "NO"}'
        % (lambda m: brute(m, lambda: "9" + d(8)))(
            importlib.import_module("stdnum.no.orgnr")
        ),
    )
    C(
        "company_reg",
        "es",
        "invoice",
        "Talleres Hermanos Ruiz S.L. – CIF %s"
        % brute(importlib.import_module("stdnum.es.cif"), lambda: "B" + d(8)),
    )
    C(
        "business_contact",
        "en",
        "note",
        "Acme Broadband support hotline: 0800 800 150 (24/7), or support@acme-broadband.co.uk",
    )
    C(
        "business_contact",
        "de",
        "note",
        "Kundenservice der Stadtwerke: 0800 123 4567 (Mo–Fr 8–18 Uhr)",
    )
    C(
        "business_contact",
        "fr",
        "note",
        "Service client SNCF Connect : 3635 (service gratuit + prix appel)",
    )
    C(
        "business_contact",
        "es",
        "note",
        "Atención al cliente de la aseguradora: info@segurosalbar.es / 900 100 200",
    )
    C(
        "business_contact",
        "en",
        "note",
        "For press inquiries contact press@northwindtraders.com",
    )
    C(
        "office_address",
        "en",
        "note",
        "Acme Corp HQ: 500 Terry Francine St, Floor 6, San Francisco, CA 94158 (reception)",
    )
    C(
        "office_address",
        "de",
        "note",
        "Firmensitz: Muster Elektro GmbH, Industriestraße 12, 50735 Köln",
    )
    C(
        "office_address",
        "ja",
        "note",
        "本社所在地：株式会社サンプル商事 大阪市北区梅田1-1-3 大阪駅前第3ビル 20階",
    )
    C(
        "famous_address",
        "en",
        "note",
        "The White House is at 1600 Pennsylvania Avenue NW, Washington, DC 20500.",
    )
    C(
        "famous_address",
        "en",
        "note",
        "10 Downing Street is the official residence of the UK Prime Minister.",
    )
    C(
        "famous_address",
        "fr",
        "note",
        "Musée du Louvre, Rue de Rivoli, 75001 Paris – fermé le mardi",
    )
    C(
        "famous_address",
        "de",
        "note",
        "Reichstagsgebäude, Platz der Republik 1, 11011 Berlin – Kuppelbesuch gebucht",
    )
    C(
        "famous_address",
        "es",
        "note",
        "Museo del Prado: C. de Ruiz de Alarcón 23, Madrid",
    )
    C(
        "famous_address",
        "it",
        "note",
        "Il Colosseo si trova in Piazza del Colosseo, 00184 Roma",
    )
    C(
        "public_figure_dob",
        "en",
        "note",
        "Albert Einstein was born on 14 March 1879 in Ulm.",
    )
    C(
        "public_figure_dob",
        "es",
        "note",
        "Gabriel García Márquez nació el 6 de marzo de 1927 en Aracataca.",
    )
    C("public_figure_dob", "ja", "note", "夏目漱石は1867年2月9日生まれ。")
    C("public_figure_dob", "ru", "note", "Юрий Гагарин родился 9 марта 1934 года.")
    C(
        "public_figure_dob",
        "pt",
        "note",
        "Pelé nasceu em 23 de outubro de 1940, em Três Corações.",
    )
    C("masked_card", "en", "note", "charged to the Visa ending in 4821")
    C("masked_card", "de", "note", "Abbuchung von Karte **** **** **** 0397 am 02.11.")
    C("masked_card", "fr", "note", "Paiement CB XXXX XXXX XXXX 1186 accepté")
    C(
        "masked_card",
        "code",
        "log",
        "payment ok card=************5512 brand=mastercard amount=19.90 EUR",
    )
    C(
        "masked_iban",
        "nl",
        "note",
        "Terugbetaling naar rekening NL** **** **** **42 89 is verwerkt",
    )
    C("datetime", "en", "note", "dentist moved to Tue 14 Jan 2025, 09:30")
    C("datetime", "ko", "note", "회의: 2025년 1월 7일 오후 3시")
    C("datetime", "ar", "note", "الاجتماع يوم الأحد 12 يناير الساعة 10 صباحاً")
    C(
        "datetime",
        "code",
        "cron",
        "0 3 * * 1 /usr/local/bin/backup.sh >> /var/log/backup.log 2>&1",
    )
    C("datetime", "tr", "note", "Uçuş 18.02.2025 saat 06:45'te, check-in 04:45'te")
    C("math", "en", "note", "∫₀¹ x² dx = 1/3; derivative of sin x is cos x")
    C("math", "de", "note", "Satz des Pythagoras: a² + b² = c², z. B. 3² + 4² = 5²")
    C("math", "code", "python", "result = sum(i * i for i in range(1, 101))  # 338350")
    C("math", "es", "note", "La fórmula cuadrática: x = (−b ± √(b² − 4ac)) / 2a")
    C("chemistry", "en", "note", "photosynthesis: 6 CO2 + 6 H2O → C6H12O6 + 6 O2")
    C("chemistry", "fr", "note", "Acide sulfurique : H₂SO₄, masse molaire 98,079 g/mol")
    C("chemistry", "pl", "note", "Reakcja: 2 H2 + O2 → 2 H2O (ΔH = −571,6 kJ)")
    C("chemistry", "en", "note", "CAS 64-17-5 is ethanol; CAS 7732-18-5 is water")
    C("sports_score", "en", "note", "Arsenal 2–1 Spurs, Saka 67'")
    C("sports_score", "es", "note", "El Barça ganó 3-0 al Girona en Montjuïc")
    C("sports_score", "it", "note", "Sinner batte Alcaraz 6-4 3-6 7-6(5)")
    C("sports_score", "pt", "note", "Flamengo 1 x 1 Palmeiras no Maracanã")
    C("sports_score", "ja", "note", "大谷 第50号ホームラン、ドジャース 20-4 マーリンズ")
    C(
        "isbn",
        "en",
        "note",
        "reading list: ISBN 978-0-14-143951-8 (Pride and Prejudice, Penguin Classics)",
    )
    C("isbn", "de", "note", "Buch bestellt: ISBN 978-3-423-13041-8")
    C(
        "network_private",
        "code",
        "config",
        "interface eth0\n  address 10.0.20.5/24\n  gateway 10.0.20.1\n  dns 1.1.1.1 9.9.9.9",
    )
    C(
        "network_private",
        "en",
        "note",
        "printer lives at 192.168.1.45, NAS at 192.168.1.10",
    )
    C(
        "mac_address_device",
        "code",
        "dhcp",
        "host printer { hardware ethernet 3c:2a:f4:11:7b:90; fixed-address 192.168.1.45; }",
    )
    C("coordinates_public", "en", "note", "Eiffel Tower: 48.8584° N, 2.2945° E")
    C("coordinates_public", "es", "note", "Machu Picchu está en -13.1631, -72.5450")
    C(
        "color_code",
        "code",
        "css",
        ":root { --brand: #1a73e8; --accent: #ff6d00; --bg: rgb(250, 250, 250); }",
    )
    C(
        "regex",
        "code",
        "python",
        r"EMAIL_RE = re.compile(r'^[\w.+-]+@[\w-]+\.[\w.-]+$')",
    )
    C("regex", "code", "js", r"const phoneRe = /^\+?[1-9]\d{1,14}$/;  // E.164 check")
    C(
        "log_clean",
        "code",
        "log",
        '10.0.0.12 - - [07/Oct/2024:13:55:36 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.29"',
    )
    C(
        "log_clean",
        "code",
        "log",
        "2024-10-21 07:00:02,118 WARNING celery.worker: task reports.daily retried in 60s (attempt 2/5)",
    )
    C(
        "log_clean",
        "code",
        "log",
        "Oct 21 07:12:44 nas kernel: [12345.678] EXT4-fs (sdb1): mounted filesystem with ordered data mode",
    )
    C(
        "log_clean",
        "code",
        "log",
        "sshd[9921]: Accepted publickey for deploy from 10.0.5.3 port 51822 ssh2: ED25519 SHA256:%s"
        % base64.b64encode(hashlib.sha256(b"fp2").digest()).decode().rstrip("="),
    )
    C(
        "config_clean",
        "code",
        "yaml",
        "server:\n  port: 8080\n  workers: 4\nlogging:\n  level: info\n  format: json",
    )
    C(
        "config_clean",
        "code",
        "toml",
        '[tool.ruff]\nline-length = 100\ntarget-version = "py311"',
    )
    C(
        "config_clean",
        "code",
        "ini",
        "[mysqld]\nmax_connections = 300\ninnodb_buffer_pool_size = 2G",
    )
    C(
        "shell_clean",
        "code",
        "shell_history",
        "  301  git pull --rebase\n  302  make test\n  303  docker compose up -d --build",
    )
    C(
        "shell_clean",
        "code",
        "shell_history",
        "kubectl -n payments rollout restart deployment/api && kubectl -n payments get pods -w",
    )
    C(
        "shell_clean",
        "code",
        "shell_history",
        "ssh -i ~/.ssh/id_ed25519 deploy@10.0.5.3 'sudo systemctl status nginx'",
    )
    C(
        "note_clean",
        "en",
        "note",
        "User prefers metric units and replies in Spanish when tired.",
    )
    C(
        "note_clean",
        "de",
        "note",
        "Nutzer mag keine Meetings vor 10 Uhr und bevorzugt kurze Antworten.",
    )
    C(
        "note_clean",
        "vi",
        "note",
        "Người dùng thích cà phê sữa đá và hay đi làm bằng xe máy.",
    )
    C("note_clean", "id", "note", "Pengguna sedang belajar bahasa Jepang, level N4.")
    C(
        "note_clean",
        "sw",
        "note",
        "Mtumiaji anapenda mpira wa miguu na anashabikia Simba SC.",
    )
    C("note_clean", "th", "note", "ผู้ใช้ชอบอาหารเผ็ดน้อย และออกกำลังกายตอนเช้า")
    C("note_clean", "fa", "note", "کاربر ترجیح می‌دهد پاسخ‌ها کوتاه و به فارسی باشند.")
    C("note_clean", "he", "note", "המשתמש מעדיף תשובות קצרות ובעברית.")
    C(
        "note_clean",
        "uk",
        "note",
        "Користувач вивчає Python і готується до співбесіди в грудні.",
    )
    C("note_clean", "el", "note", "Ο χρήστης προτιμά τις απαντήσεις στα ελληνικά.")
    C(
        "note_clean",
        "ro",
        "note",
        "Utilizatorul are o pisică pe nume Mufasa și lucrează de acasă vinerea.",
    )
    C("note_clean", "hu", "note", "A felhasználó vegetáriánus, és szereti a túrázást.")
    C(
        "note_clean",
        "fi",
        "note",
        "Käyttäjä harrastaa suunnistusta ja asuu kerrostalossa.",
    )
    C(
        "note_clean",
        "tl",
        "note",
        "Mahilig ang user sa adobo at nagbabasa ng manga tuwing Linggo.",
    )
    C("note_clean", "bn", "note", "ব্যবহারকারী সকালে চা খেতে পছন্দ করেন।")
    C(
        "phone_like",
        "en",
        "note",
        "Serial number on the boiler: 4012-8837-1190 (for the warranty claim)",
    )
    C("phone_like", "code", "log", "job 20241021-073344-0198 finished in 00:04:12")


# ---------------------------------------------------------------- assemble
def round_robin(items, key, n):
    groups = {}
    for it in items:
        groups.setdefault(key(it), []).append(it)
    out, i = [], 0
    while len(out) < n:
        took = False
        for g in groups.values():
            if i < len(g) and len(out) < n:
                out.append(g[i])
                took = True
        if not took:
            raise RuntimeError("not enough rows")
        i += 1
    return out


def main():
    pii_natids()
    pii_phones()
    pii_emails()
    pii_addrs()
    pii_dobs()
    pii_ibans()
    pii_cards()
    pii_docs()
    pii = [x for x in ROWS if x[0]["label"] == "pii"]
    CAPS = {
        "phone": 41,
        "email": 16,
        "home_address": 16,
        "date_of_birth": 10,
        "iban": 12,
        "bank_account": 2,
        "payment_card": 9,
        "passport": 7,
        "driving_licence": 6,
    }
    groups = {}
    for x in pii:
        groups.setdefault(x[0]["kind"], []).append(x)
    pii = []
    for k, g in groups.items():
        if k.startswith("natid_"):
            pii += g
        else:
            pii += round_robin(g, lambda x: x[0]["template"], min(CAPS[k], len(g)))
    assert len(pii) == 220, len(pii)
    ROWS.clear()
    gen_secrets()
    gen_clean()
    sec = round_robin([x for x in SECRET_ROWS if x[3] not in SEEN], lambda x: x[0], 220)
    cln = round_robin(CLEAN_ROWS, lambda x: x[0], 160)
    for kind, lang, tpl, text in sec:
        assert add(text, "secret", kind, tpl, lang), text
    for kind, lang, tpl, text in cln:
        assert add(text, "clean", kind, tpl, lang), text
    allrows = pii + ROWS
    assert len({r_[0]["text"] for r_ in allrows}) == 600
    with open(
        os.path.join(HERE, "sensitivity_%s.jsonl" % SET), "w", encoding="utf-8"
    ) as f:
        for row, _ in allrows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    from collections import Counter

    lab = Counter(r_[0]["label"] for r_ in allrows)
    langs = Counter(l for _, l in allrows if l != "code")
    kinds = {
        L: len({r_[0]["kind"] for r_ in allrows if r_[0]["label"] == L}) for L in lab
    }
    nat = len({r_[0]["kind"] for r_ in allrows if r_[0]["kind"].startswith("natid_")})
    print("labels", dict(lab))
    print("kinds", kinds, "natid types", nat)
    print("languages", len(langs), sorted(langs))
    print("secret candidates", len(SECRET_ROWS), "clean candidates", len(CLEAN_ROWS))


if __name__ == "__main__":
    main()
