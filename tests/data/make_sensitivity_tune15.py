# ruff: noqa: E501, E731, E741, B905, F841 (templates are data, one string per line)
"""Writes sensitivity_tune15.jsonl: 600 labelled rows (220 secret, 220 pii, 160 clean).

Deterministic: a single seeded RNG drives every random choice; all key material (RSA primes,
EC scalars, Ed25519 seeds, OpenSSH check ints) is derived from it.
"""

import base64
import collections
import datetime
import hashlib
import hmac
import importlib
import json
import os
import random
import string
import struct

import phonenumbers as pn
from cryptography import x509
from cryptography.hazmat.primitives import serialization as ser
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import NameOID
from stdnum import iban as std_iban
from stdnum import luhn

SET = "tune15"
SEED = 15_2026_1126
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, f"sensitivity_{SET}.jsonl")

ROWS, SEEN, LANGS = [], set(), {}
DIG = string.digits
UP = string.ascii_uppercase
LOW = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
B62 = ALNUM
HEX = "0123456789abcdef"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def add(text, label, kind, tid, lang, value=None):
    assert text not in SEEN, ("duplicate", text)
    SEEN.add(text)
    row = {
        "text": text,
        "label": label,
        "kind": kind,
        "template": f"{label}.{kind}.{tid}.{lang}",
        "probe": SET,
        "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
    }
    if label == "pii":
        assert value and value in text, (value, text)
        row["value"] = value
    ROWS.append(row)
    LANGS.setdefault(len(ROWS) - 1, lang)


FW = str.maketrans("0123456789-", "０１２３４５６７８９－")


def fullwidth(s):
    return s.translate(FW)


def bdate(y0=1952, y1=2004):
    a = datetime.date(y0, 1, 1)
    return a + datetime.timedelta(
        days=R.randrange((datetime.date(y1, 12, 28) - a).days)
    )


def brute(make, validator, tries=400000):
    for _ in range(tries):
        c = make()
        if validator(c):
            return c
    raise RuntimeError("no valid candidate")


# ---------------------------------------------------------------- national / personal tax IDs


def M(name):
    return importlib.import_module("stdnum." + name)


def d6(d, fmt="%y%m%d"):
    return d.strftime(fmt)


def mk_be_nn():
    d = bdate(1955, 1999)
    return d6(d) + rs(DIG, 5)


def mk_be_bis():
    d = bdate(1960, 1999)
    return f"{d:%y}{d.month + R.choice([20, 40]):02d}{d:%d}" + rs(DIG, 5)


def mk_czsk():
    d = bdate(1956, 1999)
    m = d.month + (50 if R.random() < 0.5 else 0)
    return f"{d:%y}{m:02d}{d:%d}" + rs(DIG, 4)


def mk_cn():
    d = bdate(1960, 2003)
    return (
        R.choice(["110105", "310115", "440106", "510104", "330106", "420102", "320102"])
        + d6(d, "%Y%m%d")
        + rs(DIG, 3)
        + R.choice(DIG + "X")
    )


def mk_curp():
    d = bdate(1955, 1999)
    return (
        R.choice("GHMRLPSTV")
        + R.choice("AEIOU")
        + rs("BCDFGLMNPRSTZ", 2)
        + d6(d)
        + R.choice("HM")
        + R.choice(["DF", "JC", "NL", "MC", "PL", "VZ", "GT", "YN"])
        + rs("BCDFGLMNPRSTVZ", 3)
        + "0"
        + R.choice(DIG)
    )


def mk_rfc():
    d = bdate(1955, 2000)
    return (
        R.choice("GHMRLPSTV")
        + R.choice("AEIOU")
        + rs("BCDFGLMNPRSTZ", 2)
        + d6(d)
        + rs(UP.replace("O", "") + DIG, 2)
        + R.choice(DIG + "A")
    )


def mk_cf():
    d = bdate(1955, 2000)
    day = d.day + (40 if R.random() < 0.5 else 0)
    return (
        R.choice(["RSS", "BNC", "FRR", "CLM", "GLL", "MRN", "CST", "DLC"])
        + R.choice(["MRA", "GNN", "LCU", "FNC", "SRA", "PLA", "CRL", "VLR"])
        + f"{d:%y}"
        + "ABCDEHLMPRST"[d.month - 1]
        + f"{day:02d}"
        + R.choice(["H501", "F205", "F839", "L219", "G273", "D612", "A944"])
        + R.choice(UP)
    )


def mk_fr_nir():
    d = bdate(1955, 2000)
    return (
        R.choice("12")
        + f"{d:%y%m}"
        + R.choice(["75", "69", "13", "33", "59", "44", "31"])
        + rs(DIG, 6)
        + rs(DIG, 2)
    )


def mk_kr():
    d = bdate(1960, 1999)
    return d6(d) + R.choice("12") + R.choice("0123") + rs(DIG, 5)


def mk_ro():
    d = bdate(1955, 1999)
    return (
        R.choice("12")
        + d6(d)
        + R.choice(["01", "12", "22", "35", "40", "13", "32"])
        + rs(DIG, 4)
    )


def mk_baltic():
    d = bdate(1955, 1999)
    return R.choice("34") + d6(d) + rs(DIG, 4)


def mk_lv():
    d = bdate(1955, 1999)
    return d6(d, "%d%m%y") + "1" + rs(DIG, 4)


def mk_kt():
    d = bdate(1955, 1999)
    return d6(d, "%d%m%y") + R.choice("23456789") + R.choice(DIG) + R.choice(DIG) + "9"


def mk_ddmmyy(n):
    def f():
        d = bdate(1955, 1999)
        return d6(d, "%d%m%y") + rs(DIG, n)

    return f


def mk_yymmdd(n):
    def f():
        d = bdate(1955, 1999)
        return d6(d) + rs(DIG, n)

    return f


def mk_fi():
    d = bdate(1955, 1999)
    return (
        d6(d, "%d%m%y") + "-" + rs(DIG, 3) + R.choice("0123456789ABCDEFHJKLMNPRSTUVWXY")
    )


def mk_si():
    d = bdate(1955, 1999)
    return d6(d, "%d%m") + f"{d.year % 1000:03d}" + "50" + rs(DIG, 4)


def mk_at():
    d = bdate(1955, 2000)
    return R.choice("123456789") + rs(DIG, 3) + d6(d, "%d%m%y")


def mk_id_nik():
    d = bdate(1960, 1999)
    dd = d.day + (40 if R.random() < 0.5 else 0)
    return (
        R.choice(["3171", "3273", "3578", "5171", "3374", "1271"])
        + rs("0123", 1)
        + R.choice("123456789")
        + f"{dd:02d}{d:%m%y}"
        + "0"
        + rs(DIG, 3)
    )


def mk_my():
    d = bdate(1960, 1999)
    return d6(d) + R.choice(["01", "07", "08", "10", "14", "12"]) + rs(DIG, 4)


def mk_mu():
    d = bdate(1960, 1999)
    return R.choice(UP) + d6(d, "%d%m%y") + rs(DIG, 6) + R.choice(DIG + UP)


def mk_cu():
    d = bdate(1955, 1999)
    return d6(d) + R.choice("012345") + rs(DIG, 4)


def mk_dk():
    d = bdate(1955, 1999)
    return d6(d, "%d%m%y") + R.choice("0123") + rs(DIG, 3)


def mk_is():
    d = bdate(1955, 1999)
    return d6(d, "%d%m%y") + rs(DIG, 3) + "9"


def mk_ee_lt():
    d = bdate(1955, 1999)
    return R.choice("34") + d6(d) + rs(DIG, 4)


def g_se():
    d = bdate(1955, 1999)
    return d6(d) + "-" + rs(DIG, 4)


def fmt_groups(v, sizes, sep=" "):
    out, i = [], 0
    for s in sizes:
        out.append(v[i : i + s])
        i += s
    if i < len(v):
        out.append(v[i:])
    return sep.join(out)


# kind, module, make, list of formatters, native templates [(lang, text)]
IDS = [
    (
        "nid_ar_dni",
        "ar.dni",
        lambda: str(R.randint(20, 44)) + rs(DIG, 6),
        [lambda v: f"{v[:2]}.{v[2:5]}.{v[5:]}", str],
        [("es", "Mi DNI es {v}, lo pide el formulario de la obra social")],
    ),
    (
        "tax_ar_cuil",
        "ar.cuit",
        lambda: R.choice(["20", "27", "23"]) + str(R.randint(20, 44)) + rs(DIG, 7),
        [lambda v: f"{v[:2]}-{v[2:10]}-{v[10]}"],
        [("es", "CUIL de mi viejo para el trámite de ANSES: {v}")],
    ),
    (
        "nid_at_svnr",
        "at.vnr",
        mk_at,
        [lambda v: v[:4] + " " + v[4:], str],
        [("de", "Meine Sozialversicherungsnummer (e-card): {v}")],
    ),
    (
        "tax_au_tfn",
        "au.tfn",
        lambda: R.choice("1234578") + rs(DIG, 8),
        [lambda v: fmt_groups(v, [3, 3, 3])],
        [("en", "my TFN for the new employer's form is {v}")],
    ),
    (
        "nid_be_nn",
        "be.nn",
        mk_be_nn,
        [lambda v: f"{v[:2]}.{v[2:4]}.{v[4:6]}-{v[6:9]}.{v[9:]}"],
        [
            ("nl", "Rijksregisternummer van mijn vrouw: {v}"),
            ("fr", "Mon numéro de registre national est le {v}"),
        ],
    ),
    (
        "nid_be_bis",
        "be.bis",
        mk_be_bis,
        [lambda v: f"{v[:2]}.{v[2:4]}.{v[4:6]}-{v[6:9]}.{v[9:]}"],
        [("fr", "Numéro BIS de notre nounou (pour la déclaration) : {v}")],
    ),
    (
        "nid_bg_egn",
        "bg.egn",
        lambda: mk_yymmdd(4)(),
        [str],
        [("bg", "ЕГН на майка ми: {v}")],
    ),
    (
        "nid_bg_pnf",
        "bg.pnf",
        lambda: rs(DIG, 10),
        [str],
        [("bg", "Личният ми номер на чужденец (ЛНЧ) е {v}")],
    ),
    (
        "nid_br_cpf",
        "br.cpf",
        lambda: rs(DIG, 11),
        [lambda v: f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}", str],
        [
            ("pt", "Meu CPF é {v}, pode usar pra nota fiscal"),
            ("pt", "CPF da minha mãe pro plano de saúde: {v}"),
        ],
    ),
    (
        "nid_ca_sin",
        "ca.sin",
        lambda: R.choice("1234567") + rs(DIG, 8),
        [lambda v: fmt_groups(v, [3, 3, 3]), lambda v: fmt_groups(v, [3, 3, 3], "-")],
        [
            ("fr", "Mon NAS (numéro d'assurance sociale) : {v}"),
            ("en", "Dad's SIN is {v} — keep for the CRA call"),
        ],
    ),
    (
        "nid_ca_bc_phn",
        "ca.bc_phn",
        lambda: "9" + rs(DIG, 9),
        [lambda v: fmt_groups(v, [4, 3, 3])],
        [("en", "my son's BC care card PHN: {v}")],
    ),
    (
        "nid_ch_ahv",
        "ch.ssn",
        lambda: "756" + rs(DIG, 10),
        [lambda v: f"{v[:3]}.{v[3:7]}.{v[7:11]}.{v[11:]}"],
        [
            ("de", "AHV-Nummer von meiner Partnerin: {v}"),
            ("fr", "Mon numéro AVS : {v}"),
        ],
    ),
    (
        "nid_cl_rut",
        "cl.rut",
        lambda: str(R.randint(8, 24)) + rs(DIG, 6) + R.choice(DIG + "K"),
        [lambda v: f"{int(v[:-1]):,}".replace(",", ".") + "-" + v[-1]],
        [("es", "El RUT de mi polola es {v}")],
    ),
    (
        "nid_cn_ric",
        "cn.ric",
        mk_cn,
        [str],
        [("zh", "我的身份证号是{v}，订高铁票用"), ("zh", "老婆身份证号码：{v}")],
    ),
    (
        "nid_cr_cedula",
        "cr.cpf",
        lambda: "0" + R.choice("1234567") + rs(DIG, 8),
        [lambda v: f"{int(v[:2])}-{v[2:6]}-{v[6:]}"],
        [("es", "Mi cédula tica es {v}")],
    ),
    (
        "nid_cr_dimex",
        "cr.cr",
        lambda: "1" + R.choice(["55", "22"]) + rs(DIG, 9),
        [str],
        [("es", "Número de DIMEX de mi esposo (cédula de residencia): {v}")],
    ),
    (
        "nid_cu_ci",
        "cu.ni",
        mk_cu,
        [str],
        [("es", "Carné de identidad de mi abuela en Camagüey: {v}")],
    ),
    (
        "nid_cz_rc",
        "cz.rc",
        mk_czsk,
        [lambda v: v[:6] + "/" + v[6:]],
        [("cs", "Rodné číslo manželky: {v}")],
    ),
    (
        "tax_de_idnr",
        "de.idnr",
        lambda: R.choice("123456789") + rs(DIG, 10),
        [lambda v: fmt_groups(v, [2, 3, 3, 3]), str],
        [
            ("de", "Meine Steuer-ID lautet {v}"),
            ("de", "Steuerliche IdNr. meiner Tochter (für Kindergeld): {v}"),
        ],
    ),
    (
        "nid_dk_cpr",
        "dk.cpr",
        mk_dk,
        [lambda v: v[:6] + "-" + v[6:]],
        [("da", "Mit CPR-nummer er {v}")],
    ),
    (
        "nid_do_cedula",
        "do.cedula",
        lambda: R.choice(["001", "402", "031", "223"]) + rs(DIG, 8),
        [lambda v: f"{v[:3]}-{v[3:10]}-{v[10]}"],
        [("es", "La cédula de mi hermano en Santo Domingo es {v}")],
    ),
    (
        "nid_ec_ci",
        "ec.ci",
        lambda: f"{R.randint(1, 24):02d}" + R.choice("012345") + rs(DIG, 7),
        [str, lambda v: v[:9] + "-" + v[9]],
        [("es", "Cédula de identidad de mi papá (Quito): {v}")],
    ),
    ("nid_ee_ik", "ee.ik", mk_ee_lt, [str], [("et", "Minu isikukood on {v}")]),
    (
        "nid_es_dni",
        "es.dni",
        lambda: rs(DIG, 8) + R.choice(UP),
        [str, lambda v: v[:8] + "-" + v[8]],
        [
            ("es", "Mi DNI: {v} (caduca en 2031)"),
            ("ca", "El DNI de la meva mare és {v}"),
        ],
    ),
    (
        "nid_es_nie",
        "es.nie",
        lambda: R.choice("XYZ") + rs(DIG, 7) + R.choice(UP),
        [str, lambda v: f"{v[0]}-{v[1:8]}-{v[8]}"],
        [("es", "NIE de mi compañera de piso: {v}")],
    ),
    ("nid_fi_hetu", "fi.hetu", mk_fi, [str], [("fi", "Henkilötunnukseni on {v}")]),
    (
        "tax_fi_veronumero",
        "fi.veronumero",
        lambda: "1000" + rs(DIG, 8),
        [str],
        [("fi", "Veronumero rakennustyömaan kulkukorttia varten: {v}")],
    ),
    (
        "nid_fr_nir",
        "fr.nir",
        mk_fr_nir,
        [
            lambda v: (
                f"{v[0]} {v[1:3]} {v[3:5]} {v[5:7]} {v[7:10]} {v[10:13]} {v[13:]}"
            ),
            str,
        ],
        [
            ("fr", "Mon numéro de sécu : {v}"),
            ("fr", "N° de sécurité sociale de ma fille pour la mutuelle : {v}"),
        ],
    ),
    (
        "nid_gb_nhs",
        "gb.nhs",
        lambda: R.choice("46") + rs(DIG, 9),
        [lambda v: fmt_groups(v, [3, 3, 4])],
        [("en", "Mum's NHS number is {v} (for the GP surgery)")],
    ),
    (
        "nid_gb_upn",
        "gb.upn",
        lambda: (
            R.choice(UP)
            + R.choice(["201", "202", "204", "302", "330", "380", "873"])
            + rs(DIG, 8)
            + R.choice(DIG + "ABCDEFGHJKLMNPQRTUVWXYZ")
        ),
        [str],
        [("en", "Ellie's unique pupil number (UPN) from school: {v}")],
    ),
    (
        "nid_gr_amka",
        "gr.amka",
        mk_ddmmyy(5),
        [str],
        [("el", "Ο ΑΜΚΑ του πατέρα μου είναι {v}")],
    ),
    ("nid_hr_oib", "hr.oib", lambda: rs(DIG, 11), [str], [("hr", "Moj OIB je {v}")]),
    ("nid_id_nik", "id.nik", mk_id_nik, [str], [("id", "NIK KTP istri saya: {v}")]),
    (
        "nid_ie_pps",
        "ie.pps",
        lambda: rs(DIG, 7) + R.choice(UP) + R.choice(["", "", "A", "W"]),
        [str],
        [
            ("en", "my PPS number is {v} — revenue.ie wants it again"),
            ("ga", "Is é m'uimhir PSP ná {v}"),
        ],
    ),
    (
        "nid_il_teudat_zehut",
        "il.idnr",
        lambda: rs(DIG, 9),
        [str, lambda v: v[:8] + "-" + v[8]],
        [("he", "מספר תעודת הזהות שלי הוא {v}")],
    ),
    (
        "nid_in_aadhaar",
        "in_.aadhaar",
        lambda: R.choice("23456789") + rs(DIG, 11),
        [lambda v: fmt_groups(v, [4, 4, 4])],
        [
            ("hi", "मेरा आधार नंबर {v} है"),
            ("en", "Aadhaar of my mother (for the bank KYC): {v}"),
        ],
    ),
    (
        "tax_in_pan",
        "in_.pan",
        lambda: rs(UP, 3) + "P" + rs(UP, 1) + rs(DIG, 4) + R.choice(UP),
        [str],
        [("en", "my PAN card no. {v}, needed for ITR filing")],
    ),
    (
        "nid_in_epic",
        "in_.epic",
        lambda: rs(UP, 3) + rs(DIG, 7),
        [str],
        [("bn", "আমার ভোটার আইডি (EPIC) নম্বর {v}")],
    ),
    (
        "nid_in_vid",
        "in_.vid",
        lambda: R.choice("23456789") + rs(DIG, 15),
        [lambda v: fmt_groups(v, [4, 4, 4, 4])],
        [("en", "Aadhaar virtual ID (VID) I generated today: {v}")],
    ),
    (
        "nid_is_kennitala",
        "is_.kennitala",
        mk_kt,
        [lambda v: v[:6] + "-" + v[6:]],
        [("is", "Kennitalan mín er {v}")],
    ),
    (
        "tax_it_codice_fiscale",
        "it.codicefiscale",
        mk_cf,
        [str],
        [
            ("it", "Il mio codice fiscale è {v}"),
            ("it", "Codice fiscale di mia suocera per la ricetta: {v}"),
        ],
    ),
    (
        "nid_jp_my_number",
        "jp.in_",
        lambda: rs(DIG, 12),
        [lambda v: fmt_groups(v, [4, 4, 4]), lambda v: fullwidth(v)],
        [("ja", "私のマイナンバーは{v}です"), ("ja", "夫の個人番号：{v}")],
    ),
    (
        "tax_ke_kra_pin",
        "ke.pin",
        lambda: "A" + rs(DIG, 9) + R.choice(UP),
        [str],
        [("sw", "PIN yangu ya KRA ni {v}")],
    ),
    (
        "nid_kr_rrn",
        "kr.rrn",
        mk_kr,
        [lambda v: v[:6] + "-" + v[6:]],
        [("ko", "제 주민등록번호는 {v}입니다"), ("ko", "엄마 주민번호: {v}")],
    ),
    (
        "nid_lt_asmens_kodas",
        "lt.asmens",
        mk_ee_lt,
        [str],
        [("lt", "Mano asmens kodas yra {v}")],
    ),
    (
        "nid_lv_personas_kods",
        "lv.pvn",
        mk_lv,
        [lambda v: v[:6] + "-" + v[6:]],
        [("lv", "Mans personas kods: {v}")],
    ),
    (
        "nid_mu_nic",
        "mu.nid",
        mk_mu,
        [str],
        [("fr", "Numéro de carte d'identité mauricienne de mon cousin : {v}")],
    ),
    (
        "nid_mx_curp",
        "mx.curp",
        mk_curp,
        [str],
        [("es", "Mi CURP es {v}"), ("es", "CURP de mi hija para la inscripción: {v}")],
    ),
    (
        "tax_mx_rfc",
        "mx.rfc",
        mk_rfc,
        [str],
        [("es", "RFC con homoclave para facturar a mi nombre: {v}")],
    ),
    (
        "nid_my_mykad",
        "my.nric",
        mk_my,
        [lambda v: f"{v[:6]}-{v[6:8]}-{v[8:]}"],
        [("ms", "Nombor MyKad saya ialah {v}")],
    ),
    (
        "nid_nl_bsn",
        "nl.bsn",
        lambda: rs(DIG, 9),
        [str, lambda v: f"{v[:4]}.{v[4:6]}.{v[6:]}"],
        [
            ("nl", "Mijn BSN is {v}"),
            ("nl", "BSN van onze zoon voor de zorgverzekering: {v}"),
        ],
    ),
    (
        "nid_nl_onderwijsnummer",
        "nl.onderwijsnummer",
        lambda: "10" + rs(DIG, 7),
        [str],
        [("nl", "Onderwijsnummer van mijn dochter (DUO): {v}")],
    ),
    (
        "nid_no_fodselsnummer",
        "no.fodselsnummer",
        mk_ddmmyy(5),
        [str, lambda v: v[:6] + " " + v[6:]],
        [("no", "Fødselsnummeret mitt er {v}")],
    ),
    (
        "tax_nz_ird",
        "nz.ird",
        lambda: R.choice(["0", ""]) + R.choice("1") + rs(DIG, 7),
        [lambda v: v.zfill(9)[:3] + "-" + v.zfill(9)[3:6] + "-" + v.zfill(9)[6:]],
        [
            ("en", "my IRD number for the payroll form: {v}"),
            ("mi", "Ko taku nama IRD: {v}"),
        ],
    ),
    (
        "nid_pe_dni",
        "pe.cui",
        lambda: rs(DIG, 8) + R.choice(DIG),
        [lambda v: v[:8] + "-" + v[8]],
        [("es", "DNI de mi mamá (Perú): {v}")],
    ),
    (
        "nid_pk_cnic",
        "pk.cnic",
        lambda: R.choice("1234567") + rs(DIG, 12),
        [lambda v: f"{v[:5]}-{v[5:12]}-{v[12]}"],
        [("ur", "میرا شناختی کارڈ نمبر {v} ہے")],
    ),
    (
        "nid_pl_pesel",
        "pl.pesel",
        lambda: mk_yymmdd(5)(),
        [str],
        [("pl", "Mój PESEL to {v}"), ("pl", "PESEL syna do przychodni: {v}")],
    ),
    (
        "nid_pt_cc",
        "pt.cc",
        lambda: rs(DIG, 9) + rs(UP, 2) + R.choice(DIG),
        [lambda v: f"{v[:8]} {v[8]} {v[9:]}"],
        [("pt", "Nº do Cartão de Cidadão da minha avó: {v}")],
    ),
    (
        "tax_pt_nif",
        "pt.nif",
        lambda: R.choice("123") + rs(DIG, 8),
        [str, lambda v: fmt_groups(v, [3, 3, 3])],
        [("pt", "O meu NIF é {v}")],
    ),
    ("nid_ro_cnp", "ro.cnp", mk_ro, [str], [("ro", "CNP-ul meu este {v}")]),
    (
        "tax_ru_inn",
        "ru.inn",
        lambda: R.choice(["77", "78", "50", "66", "54"]) + rs(DIG, 10),
        [str],
        [("ru", "Мой ИНН: {v}"), ("ru", "ИНН жены для налогового вычета — {v}")],
    ),
    (
        "nid_se_personnummer",
        "se.personnummer",
        g_se,
        [str],
        [("sv", "Mitt personnummer är {v}")],
    ),
    ("nid_si_emso", "si.emso", mk_si, [str], [("sl", "Moja EMŠO je {v}")]),
    (
        "nid_sk_rc",
        "sk.rc",
        mk_czsk,
        [lambda v: v[:6] + "/" + v[6:]],
        [("sk", "Rodné číslo môjho otca je {v}")],
    ),
    (
        "nid_th_pin",
        "th.pin",
        lambda: R.choice("1358") + rs(DIG, 12),
        [lambda v: f"{v[0]}-{v[1:5]}-{v[5:10]}-{v[10:12]}-{v[12]}"],
        [("th", "เลขบัตรประชาชนของฉันคือ {v}")],
    ),
    (
        "nid_tr_tckimlik",
        "tr.tckimlik",
        lambda: R.choice("123456789") + rs(DIG, 10),
        [str],
        [("tr", "TC kimlik numaram {v}"), ("tr", "Annemin TC kimlik no: {v}")],
    ),
    (
        "tax_ua_rntrc",
        "ua.rntrc",
        lambda: R.choice("123") + rs(DIG, 9),
        [str],
        [("uk", "Мій РНОКПП (ІПН): {v}")],
    ),
    (
        "nid_us_ssn",
        "us.ssn",
        lambda: (
            f"{R.randint(101, 665):03d}{R.randint(1, 99):02d}{R.randint(1, 9999):04d}"
        ),
        [lambda v: f"{v[:3]}-{v[3:5]}-{v[5:]}", lambda v: f"{v[:3]} {v[3:5]} {v[5:]}"],
        [
            ("en", "my SSN is {v}"),
            ("en", "Grandpa's social security number: {v} (Medicare paperwork)"),
        ],
    ),
    (
        "tax_us_itin",
        "us.itin",
        lambda: (
            "9" + rs(DIG, 2) + R.choice(["70", "78", "81", "90", "94"]) + rs(DIG, 4)
        ),
        [lambda v: f"{v[:3]}-{v[3:5]}-{v[5:]}"],
        [("es", "El ITIN de mi esposo para los taxes es {v}")],
    ),
    (
        "nid_za_id",
        "za.idnr",
        lambda: mk_yymmdd(4)() + "08" + R.choice(DIG),
        [str, lambda v: f"{v[:6]} {v[6:10]} {v[10:]}"],
        [("af", "My ID-nommer is {v}"), ("zu", "Inombolo yami kamazisi ithi {v}")],
    ),
    (
        "tax_ve_rif",
        "ve.rif",
        lambda: "V" + rs(DIG, 8) + R.choice(DIG),
        [lambda v: f"{v[0]}-{v[1:9]}-{v[9]}"],
        [("es", "Mi RIF personal es {v}")],
    ),
]

# generic (language-neutral or English) wrappers for second rows
ID_SHAPES = [
    (
        "json",
        "code",
        lambda k, v: json.dumps(
            {
                "applicant": {
                    "relation": "self",
                    "doc_type": k,
                    "doc_no": v,
                    "verified": True,
                }
            },
            ensure_ascii=False,
        ),
    ),
    (
        "csv",
        "code",
        lambda k, v: (
            f"member_id,doc_type,doc_number,joined\n{R.randint(1000, 9999)},{k},{v},2023-0{R.randint(1, 9)}-1{R.randint(0, 9)}"
        ),
    ),
    (
        "yaml",
        "code",
        lambda k, v: f'kyc:\n  document: {k}\n  number: "{v}"\n  status: approved',
    ),
    (
        "log",
        "code",
        lambda k, v: (
            f"2025-0{R.randint(1, 9)}-{R.randint(10, 28)}T0{R.randint(0, 9)}:{R.randint(10, 59)}:11Z INFO onboarding.kyc user=84{R.randint(100, 999)} {k}={v} result=MATCH"
        ),
    ),
    (
        "table",
        "en",
        lambda k, v: (
            f"| field | value |\n|---|---|\n| {k} | {v} |\n| status | pending review |"
        ),
    ),
    ("note", "en", lambda k, v: f"remember: {k} on the renewal form = {v}"),
    (
        "form",
        "en",
        lambda k, v: f"Form filled for my partner -> {k}: {v}; signature pending",
    ),
]


def build_ids(n_total):
    rows = []
    for kind, modn, make, fmts, natives in IDS:
        mod = M(modn)
        for lang, tpl in natives:
            c = brute(make, mod.is_valid)
            v = R.choice(fmts)(c)
            assert (
                v == fullwidth(c)
                or mod.is_valid(v)
                or "".join(ch for ch in v if ch.isalnum()) == c.replace("-", "")
            ), (kind, v)
            rows.append(
                (tpl.format(v=v), kind, f"native{natives.index((lang, tpl))}", lang, v)
            )
    extra = n_total - len(rows)
    assert extra >= 0, len(rows)
    order = list(range(len(IDS)))
    R.shuffle(order)
    for j in range(extra):
        kind, modn, make, fmts, natives = IDS[order[j % len(order)]]
        mod = M(modn)
        c = brute(make, mod.is_valid)
        v = R.choice(fmts)(c)
        shape, lang, fn = ID_SHAPES[j % len(ID_SHAPES)]
        label = kind.split("_", 1)[1]
        rows.append((fn(label, v), kind, shape, lang, v))
    for t, k, tid, lang, v in rows:
        add(t, "pii", k, tid, lang, v)


# ---------------------------------------------------------------- phones
PHONE_TPL = {
    "en": [
        "my flatmate's number is {v}",
        "Call the babysitter on {v} if we're late",
        "new mobile for Aunt Rosa: {v}",
    ],
    "es": [
        "El móvil de mi hermana es {v}",
        "Apunta: teléfono de la vecina del 3º, {v}",
    ],
    "fr": ["Numéro perso de ma voisine : {v}", "Le portable de mon beau-frère : {v}"],
    "de": [
        "Handynummer von meinem Bruder: {v}",
        "Die Tagesmutter erreicht man unter {v}",
    ],
    "it": ["Il cellulare di mia madre è {v}"],
    "pt": ["Meu celular novo: {v}, me chama no zap", "O telemóvel do meu pai é {v}"],
    "nl": ["Het mobiele nummer van mijn oom is {v}"],
    "pl": ["Numer komórki mojej żony to {v}"],
    "cs": ["Číslo na mého kamaráda Petra: {v}"],
    "sk": ["Moje nové číslo je {v}"],
    "sv": ["Min sambos mobilnummer är {v}"],
    "no": ["Mobilnummeret til kjæresten min er {v}"],
    "da": ["Min mors telefonnummer er {v}"],
    "fi": ["Siskoni puhelinnumero on {v}"],
    "et": ["Minu ema telefoninumber on {v}"],
    "lv": ["Mana brāļa tālruņa numurs ir {v}"],
    "lt": ["Mano sesers telefono numeris yra {v}"],
    "hu": ["A nagymamám telefonszáma {v}"],
    "ro": ["Numărul de telefon al vecinului meu este {v}"],
    "bg": ["Телефонът на баба ми е {v}"],
    "el": ["Το κινητό της αδερφής μου είναι {v}"],
    "hr": ["Broj mobitela moje cimerice je {v}"],
    "sl": ["Telefonska številka mojega očeta je {v}"],
    "sr": ["Мој нови број телефона је {v}"],
    "tr": ["Kuzenimin cep numarası {v}"],
    "ru": ["Номер мобильного моей мамы: {v}"],
    "uk": ["Мій номер телефону: {v}"],
    "ar": ["رقم جوال أخي هو {v}"],
    "he": ["מספר הטלפון של השכנה שלי הוא {v}"],
    "fa": ["شماره موبایل خواهرم {v} است"],
    "hi": ["मेरी बहन का मोबाइल नंबर {v} है"],
    "bn": ["আমার ভাইয়ের ফোন নম্বর {v}"],
    "ur": ["میرے والد کا فون نمبر {v} ہے"],
    "zh": ["我妈妈的手机号是{v}"],
    "ja": ["妻の携帯番号は{v}です"],
    "ko": ["우리 누나 전화번호는 {v}이에요"],
    "th": ["เบอร์โทรของแม่ฉันคือ {v}"],
    "vi": ["Số điện thoại của chị tôi là {v}"],
    "id": ["Nomor HP adik saya {v}"],
    "ms": ["Nombor telefon abang saya ialah {v}"],
    "tl": ["Ang numero ng kapatid ko ay {v}"],
    "sw": ["Namba ya simu ya rafiki yangu ni {v}"],
    "is": ["Símanúmerið hjá mömmu er {v}"],
    "ca": ["El mòbil de la meva cosina és {v}"],
    "af": ["My suster se selnommer is {v}"],
    "ta": ["என் அம்மாவின் தொலைபேசி எண் {v}"],
    "am": ["የወንድሜ ስልክ ቁጥር {v} ነው"],
    "ha": ["Lambar wayar ɗan'uwana ita ce {v}"],
}
PHONE_REGIONS = [
    ("US", "en"),
    ("GB", "en"),
    ("DE", "de"),
    ("FR", "fr"),
    ("ES", "es"),
    ("IT", "it"),
    ("BR", "pt"),
    ("PT", "pt"),
    ("NL", "nl"),
    ("PL", "pl"),
    ("CZ", "cs"),
    ("SK", "sk"),
    ("SE", "sv"),
    ("NO", "no"),
    ("DK", "da"),
    ("FI", "fi"),
    ("EE", "et"),
    ("LV", "lv"),
    ("LT", "lt"),
    ("HU", "hu"),
    ("RO", "ro"),
    ("BG", "bg"),
    ("GR", "el"),
    ("HR", "hr"),
    ("SI", "sl"),
    ("RS", "sr"),
    ("TR", "tr"),
    ("RU", "ru"),
    ("UA", "uk"),
    ("SA", "ar"),
    ("EG", "ar"),
    ("IL", "he"),
    ("IR", "fa"),
    ("IN", "hi"),
    ("BD", "bn"),
    ("PK", "ur"),
    ("CN", "zh"),
    ("JP", "ja"),
    ("KR", "ko"),
    ("TH", "th"),
    ("VN", "vi"),
    ("ID", "id"),
    ("MY", "ms"),
    ("PH", "tl"),
    ("KE", "sw"),
    ("IS", "is"),
    ("ZA", "af"),
    ("LK", "ta"),
    ("ET", "am"),
    ("NG", "ha"),
    ("MX", "es"),
    ("AR", "es"),
    ("CO", "es"),
    ("AU", "en"),
    ("CA", "en"),
    ("NZ", "en"),
    ("AD", "ca"),
]


def gen_phone(region):
    ex = pn.example_number_for_type(
        region, pn.PhoneNumberType.MOBILE
    ) or pn.example_number(region)
    nsn = pn.national_significant_number(ex)
    keep = max(2, len(nsn) - 6)
    for _ in range(20000):
        cand = nsn[:keep] + rs(DIG, len(nsn) - keep)
        if cand == nsn:
            continue
        p = pn.parse("+" + str(ex.country_code) + cand)
        if pn.is_valid_number(p) and pn.number_type(p) in (
            pn.PhoneNumberType.MOBILE,
            pn.PhoneNumberType.FIXED_LINE_OR_MOBILE,
        ):
            return p
    raise RuntimeError(region)


def phone_fmt(p, style):
    F = pn.PhoneNumberFormat
    if style == "e164":
        return pn.format_number(p, F.E164)
    if style == "intl":
        return pn.format_number(p, F.INTERNATIONAL)
    if style == "national":
        return pn.format_number(p, F.NATIONAL)
    if style == "dots":
        return pn.format_number(p, F.INTERNATIONAL).replace(" ", ".").replace("-", ".")
    if style == "00":
        return "00" + pn.format_number(p, F.INTERNATIONAL)[1:]
    if style == "fullwidth":
        return fullwidth(pn.format_number(p, F.NATIONAL))
    if style == "nospace":
        return pn.format_number(p, F.NATIONAL).replace(" ", "").replace("-", "")
    raise ValueError(style)


def build_phones(n):
    regions = PHONE_REGIONS[:]
    R.shuffle(regions)
    styles = ["intl", "national", "e164", "dots", "00", "nospace"]
    shapes = [
        (
            "vcard",
            "code",
            lambda v: f"BEGIN:VCARD\nVERSION:3.0\nFN:Mom\nTEL;TYPE=CELL:{v}\nEND:VCARD",
        ),
        ("csv", "code", lambda v: f"contact,relation,phone\nL.,neighbour,{v}"),
        (
            "json",
            "code",
            lambda v: json.dumps(
                {"emergency_contact": {"relation": "spouse", "mobile": v}}
            ),
        ),
        ("whatsapp", "en", lambda v: f"[14:02] me: ok, text me on {v} when you land"),
    ]
    out = []
    for i in range(n):
        reg, lang = regions[i % len(regions)]
        p = gen_phone(reg)
        if i < n - 6:
            style = styles[i % len(styles)]
            if lang in ("zh", "ja") and i % 2 == 0:
                style = "fullwidth"
            v = phone_fmt(p, style)
            if i % 9 == 4 and style in ("national", "intl"):
                v = v.replace(" ", "-") if " " in v else v
            tpls = PHONE_TPL[lang]
            t = tpls[i % len(tpls)].format(v=v)
            tid = f"prose{i % len(tpls)}_{style}"
        else:
            v = phone_fmt(p, R.choice(["intl", "e164"]))
            tid, lang, fn = shapes[i % len(shapes)]
            t = fn(v)
        add(t, "pii", "phone", tid, lang, v)


# ---------------------------------------------------------------- e-mails
EMAILS = [
    (
        "en",
        "my personal email is {v}, use that instead of the work one",
        "marta.kowalczyk88@gmail.com",
    ),
    ("de", "Private Mail von meiner Schwester: {v}", "lena.hoffmann_92@web.de"),
    ("fr", "L'adresse mail perso de mon frère : {v}", "julien.morel75@orange.fr"),
    ("es", "Escríbele a mi primo a {v}", "alvaro.ruiz.mtz@hotmail.es"),
    ("it", "La mail di mia zia è {v}", "pina.esposito61@libero.it"),
    ("pt", "Meu e-mail pessoal: {v}", "thiago.arruda1990@uol.com.br"),
    ("ru", "Почта моего отца: {v}", "v.smirnov1963@mail.ru"),
    ("ja", "友達のメールアドレスは{v}です", "haruka.tanaka0417@yahoo.co.jp"),
    ("ko", "제 개인 이메일은 {v}입니다", "jiwoo.park93@naver.com"),
    ("zh", "我老公的邮箱是{v}", "wangjianguo1979@qq.com"),
    ("cs", "Soukromý e-mail mé mámy: {v}", "jana.novakova58@seznam.cz"),
    ("pl", "Mój prywatny mail to {v}", "kasia.wisniewska@wp.pl"),
    ("tr", "Kız kardeşimin e-postası {v}", "ayse.yildiz.1995@hotmail.com"),
    ("hi", "मेरे भाई का ईमेल {v} है", "rahul.verma.blr@rediffmail.com"),
    ("sv", "Min farmors mejl är {v}", "birgitta.lindqvist44@telia.com"),
    ("nl", "Privé-mail van mijn buurman: {v}", "henk.vandenberg@ziggo.nl"),
]
SPELLED = [
    ("en", "her email is {v}", "anna dot petrova at gmail dot com"),
    ("es", "mi correo es {v}", "lucia punto gomez arroba yahoo punto es"),
    ("fr", "écris-moi à {v}", "camille point durand arobase laposte point net"),
    ("de", "meine Mail: {v}", "tobi punkt krause at gmx punkt de"),
    ("en", "reach my son at {v} (he hates spam)", "leo_m_2009 [at] icloud [dot] com"),
    ("pt", "o e-mail da minha tia é {v}", "rosa ponto lima arroba gmail ponto com"),
]


def build_emails():
    for i, (lang, t, v) in enumerate(EMAILS):
        add(t.format(v=v), "pii", "email", f"prose{i % 3}", lang, v)
    for i, (lang, t, v) in enumerate(SPELLED):
        add(t.format(v=v), "pii", "email_spelled", f"spelled{i % 3}", lang, v)
    v = "olga.bondarenko.ua@ukr.net"
    add(
        json.dumps({"contact": {"type": "personal", "email": v}}),
        "pii",
        "email",
        "json",
        "code",
        v,
    )
    v = "samira.haddad87@outlook.sa"
    add(
        f"From: Samira <{v}>\nSubject: photos from the wedding",
        "pii",
        "email",
        "header",
        "en",
        v,
    )


# ---------------------------------------------------------------- home addresses
ADDRS = [
    ("es", "Vivo en {v}, timbre 3ºB", "Calle de Embajadores 142, 28045 Madrid"),
    ("de", "Meine neue Adresse: {v}", "Hauptstraße 27a, 69117 Heidelberg"),
    ("fr", "Envoie le colis chez mes parents : {v}", "14 rue des Lilas, 44300 Nantes"),
    ("it", "Abito in {v}", "Via Giuseppe Mazzini 58, 40137 Bologna"),
    ("en", "my home address is {v}", "42 Maple Grove Road, Leeds LS6 2DX"),
    (
        "en",
        "ship it to my apartment: {v}",
        "1187 Willow Creek Dr, Apt 3B, Columbus, OH 43215",
    ),
    ("nl", "Ons huisadres is {v}", "Dorpsstraat 81, 3732 HG De Bilt"),
    ("pl", "Mieszkam przy {v}", "ul. Długa 17/4, 31-147 Kraków"),
    (
        "pt",
        "Minha casa fica na {v}",
        "Rua das Palmeiras 233, apto 41, 04567-010 São Paulo - SP",
    ),
    ("ja", "実家の住所は{v}です", "〒480-1153 愛知県長久手市作田2丁目1105"),
    ("ru", "Мой адрес: {v}", "ул. Гагарина, д. 15, кв. 48, Екатеринбург, 620078"),
    ("sv", "Jag bor på {v}", "Björkvägen 9, 752 36 Uppsala"),
    ("tr", "Ev adresim: {v}", "Bağdat Cad. No:214 D:7, 34728 Kadıköy/İstanbul"),
    ("en", "grandma moved to {v}", "17 Kowhai Street, Karori, Wellington 6012"),
    (
        "code",
        'shipping:\n  name: (me)\n  address: "{v}"\n  residential: true',
        "Carrera 43A #18-52, Medellín",
    ),
    ("hu", "Lakcímem: {v}", "Petőfi Sándor u. 12. 2/5, 6720 Szeged"),
]


def build_addresses():
    for i, (lang, t, v) in enumerate(ADDRS):
        add(t.format(v=v), "pii", "home_address", f"addr{i % 4}", lang, v)


# ---------------------------------------------------------------- dates of birth
MONTHS = {
    "en": "January February March April May June July August September October November December".split(),
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(),
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(),
}


def build_dobs():
    specs = [
        (
            "en",
            "my daughter was born on {v}",
            lambda d: f"{d.day} {MONTHS['en'][d.month - 1]} {d.year}",
        ),
        ("de", "Geburtsdatum meines Mannes: {v}", lambda d: d.strftime("%d.%m.%Y")),
        (
            "fr",
            "Ma mère est née le {v}",
            lambda d: f"{d.day} {MONTHS['fr'][d.month - 1]} {d.year}",
        ),
        (
            "es",
            "Fecha de nacimiento de mi hijo: {v}",
            lambda d: f"{d.day} de {MONTHS['es'][d.month - 1]} de {d.year}",
        ),
        ("zh", "我儿子的出生日期：{v}", lambda d: f"{d.year}年{d.month}月{d.day}日"),
        (
            "ko",
            "제 생년월일은 {v}입니다",
            lambda d: f"{d.year}.{d.month:02d}.{d.day:02d}",
        ),
        ("code", "patient:\n  mrn_hidden: true\n  dob: {v}", lambda d: d.isoformat()),
        ("en", "DOB (me): {v}", lambda d: d.strftime("%m/%d/%Y")),
    ]
    for i, (lang, t, f) in enumerate(specs):
        v = f(bdate(1950, 2018))
        add(t.format(v=v), "pii", "date_of_birth", f"dob{i}", lang, v)


# ---------------------------------------------------------------- IBANs
IBAN_SPECS = [
    ("DE", "n18"),
    ("FR", "n10c11n2"),
    ("ES", "n20"),
    ("IT", "a1n10c12"),
    ("NL", "a4n10"),
    ("GB", "a4n14"),
    ("PL", "n24"),
    ("CH", "n5c12"),
    ("AT", "n16"),
    ("PT", "n21"),
    ("TR", "n5n1c16"),
    ("SA", "n2c18"),
    ("AE", "n3n16"),
    ("BR", "n23a1c1"),
    ("SE", "n20"),
    ("GR", "n7c16"),
    ("RO", "a4c16"),
    ("IE", "a4n14"),
]


def bban(spec):
    out, i = "", 0
    while i < len(spec):
        t = spec[i]
        j = i + 1
        while j < len(spec) and spec[j].isdigit():
            j += 1
        n = int(spec[i + 1 : j])
        i = j
        out += rs({"n": DIG, "a": UP, "c": UP + DIG}[t], n)
    return out


def make_iban(cc, spec):
    def f():
        b = bban(spec)
        num = "".join(str(int(ch, 36)) for ch in b + cc + "00")
        return cc + f"{98 - int(num) % 97:02d}" + b

    return brute(f, std_iban.is_valid)


def build_ibans(n):
    tpls = [
        ("de", "Meine IBAN für die Rückerstattung: {v}"),
        ("fr", "RIB perso, IBAN : {v}"),
        ("es", "Mi IBAN para la transferencia del alquiler: {v}"),
        ("it", "IBAN del mio conto personale: {v}"),
        ("nl", "Mijn rekeningnummer (IBAN) is {v}"),
        ("en", "pay me back here: {v}"),
        ("pl", "Numer mojego konta: {v}"),
        ("de", "IBAN meiner Mutter (für Dauerauftrag): {v}"),
        ("pt", "O meu IBAN é {v}"),
        ("tr", "IBAN numaram: {v}"),
        ("ar", "رقم الآيبان الخاص بي: {v}"),
        ("pt", "IBAN da minha conta: {v}"),
        ("sv", "Mitt IBAN-nummer: {v}"),
        ("el", "Το IBAN μου είναι {v}"),
        ("ro", "IBAN-ul meu este {v}"),
    ]
    order = list(range(len(IBAN_SPECS)))
    R.shuffle(order)
    langmap = {
        "DE": 0,
        "FR": 1,
        "ES": 2,
        "IT": 3,
        "NL": 4,
        "GB": 5,
        "PL": 6,
        "CH": 7,
        "AT": 7,
        "PT": 8,
        "TR": 9,
        "SA": 10,
        "AE": 10,
        "BR": 11,
        "SE": 12,
        "GR": 13,
        "RO": 14,
        "IE": 5,
    }
    for k in range(n):
        cc, spec = IBAN_SPECS[order[k]]
        ib = make_iban(cc, spec)
        v = " ".join(ib[i : i + 4] for i in range(0, len(ib), 4)) if k % 3 != 2 else ib
        lang, t = tpls[langmap[cc]]
        add(t.format(v=v), "pii", "iban", f"iban{langmap[cc]}", lang, v)


# ---------------------------------------------------------------- payment cards
def luhn_card(prefix, length):
    body = prefix + rs(DIG, length - len(prefix) - 1)
    return body + luhn.calc_check_digit(body)


def build_cards():
    specs = [
        (
            "visa",
            "4" + R.choice("0123456789") + rs(DIG, 4),
            16,
            "en",
            "my Visa is {v}, exp 09/28",
        ),
        (
            "mastercard",
            R.choice(["51", "53", "55"]) + rs(DIG, 4),
            16,
            "es",
            "Tarjeta de mi madre: {v} caduca 11/27",
        ),
        (
            "amex",
            R.choice(["34", "37"]) + rs(DIG, 2),
            15,
            "en",
            "Amex for the hotel booking: {v}",
        ),
        (
            "mir",
            "220" + R.choice("01234") + rs(DIG, 2),
            16,
            "ru",
            "Номер моей карты Мир: {v}",
        ),
        ("unionpay", "62" + rs(DIG, 4), 16, "zh", "我的银联卡号：{v}"),
        (
            "jcb",
            "35" + R.choice(["28", "41", "66", "89"]) + rs(DIG, 2),
            16,
            "ja",
            "JCBカード番号 {v}",
        ),
        ("rupay", "6522" + rs(DIG, 2), 16, "hi", "मेरा रुपे कार्ड नंबर {v} है"),
        ("troy", "9792" + rs(DIG, 2), 16, "tr", "Troy kartımın numarası {v}"),
    ]
    for i, (net, pre, ln, lang, t) in enumerate(specs):
        c = luhn_card(pre, ln)
        if ln == 15:
            v = f"{c[:4]} {c[4:10]} {c[10:]}"
        elif i % 3 == 1:
            v = "-".join(c[j : j + 4] for j in range(0, 16, 4))
        elif i % 3 == 2:
            v = c
        else:
            v = " ".join(c[j : j + 4] for j in range(0, 16, 4))
        assert luhn.is_valid(v.replace(" ", "").replace("-", ""))
        add(t.format(v=v), "pii", "payment_card", f"card_{net}", lang, v)


# ---------------------------------------------------------------- passports & driving licences
def build_passports():
    nl = brute(
        lambda: (
            rs("ABCDEFGHIJKLNPRSTUVWXYZ", 2)
            + rs("ABCDEFGHIJKLNPRSTUVWXYZ123456789", 6)
            + R.choice("123456789")
        ),
        M("nl.identiteitskaartnummer").is_valid,
    )
    items = [
        ("nl", "Paspoortnummer van mijn zoon: {v}", nl),
        (
            "en",
            "my passport number is {v}, expires 2031",
            R.choice("12345") + rs(DIG, 8),
        ),
        (
            "de",
            "Reisepassnummer meiner Frau: {v}",
            "C" + rs("CFGHJKLMNPRTVWXYZ0123456789", 8),
        ),
        (
            "fr",
            "Numéro de passeport : {v}",
            f"{R.randint(10, 23)}{rs('ABCDEFGHJKLMNPRSTUVWXYZ', 2)}{rs(DIG, 5)}",
        ),
        ("zh", "我的护照号码是{v}", "E" + rs(DIG, 8)),
        ("hi", "मेरा पासपोर्ट नंबर {v} है", R.choice("JKLMNPRSTUVZ") + rs(DIG, 7)),
        ("ja", "パスポート番号：{v}", rs("MT", 1) + R.choice("KZ") + rs(DIG, 7)),
    ]
    for i, (lang, t, v) in enumerate(items):
        add(t.format(v=v), "pii", "passport", f"pp{i}", lang, v)


def build_dls():
    d = bdate(1960, 1995)
    sur = "MORGA"
    uk = f"{sur}{str(d.year)[2]}{d.month + 50 if R.random() < 0.5 else d.month:02d}{d:%d}{str(d.year)[3]}SM{R.choice(DIG)}{rs(UP, 2)}"
    items = [
        ("en", "UK driving licence no. {v}", uk),
        ("en", "CA driver license: {v} (renew by March)", R.choice(UP) + rs(DIG, 7)),
        ("fr", "Mon numéro de permis de conduire : {v}", rs(DIG, 12)),
        (
            "hi",
            "मेरा ड्राइविंग लाइसेंस नंबर {v} है",
            f"MH12 {R.randint(2008, 2021)}{rs(DIG, 7)}",
        ),
    ]
    for i, (lang, t, v) in enumerate(items):
        add(t.format(v=v), "pii", "driving_licence", f"dl{i}", lang, v)


# ================================================================ SECRETS
WORDS = (
    "sommer winter falcon river copper maple tiger lemon harbor velvet orbit cactus pepper ocean quartz "
    "sunset marble violet thunder walnut anchor meadow cobalt ember glacier"
).split()


def human_pw():
    w = R.choice(WORDS)
    styles = [
        lambda: w.capitalize() + str(R.randint(1970, 2024)) + R.choice("!#$%&*?"),
        lambda: (
            R.choice(WORDS).capitalize()
            + R.choice(["_", ".", "-"])
            + w
            + str(R.randint(10, 99))
            + R.choice("!?#")
        ),
        lambda: (
            rs(ALNUM, 4)
            + R.choice("!#$%&*@")
            + rs(ALNUM, 5)
            + R.choice("!#$%&*@")
            + rs(DIG, 2)
        ),
        lambda: (
            w[0].upper()
            + w[1:].replace("a", "@").replace("o", "0").replace("e", "3")
            + str(R.randint(100, 999))
            + "!"
        ),
    ]
    return R.choice(styles)()


def strong_pw(n=18):
    return rs(ALNUM + "!#%^*_-+=", n - 2) + R.choice("!#%") + R.choice(DIG)


PW_PROSE = [
    ("en", "Gmail password is {p} - rotate it after the trip"),
    ("en", "router admin login is admin / {p}"),
    ("es", "Mi clave del banco es {p}"),
    ("es", "contraseña del portal del cole: {p}"),
    ("fr", "Mot de passe de ma box : {p}"),
    ("de", "Mein Passwort fürs Online-Banking lautet {p}"),
    ("it", "La password di Netflix è {p}"),
    ("pt", "A senha do meu e-mail é {p}"),
    ("nl", "Wachtwoord voor mijn DigiD: {p}"),
    ("pl", "Hasło do konta w banku: {p}"),
    ("cs", "Heslo k e-mailu je {p}"),
    ("sk", "Heslo do internet bankingu: {p}"),
    ("sv", "Lösenord till jobbmejlen: {p}"),
    ("no", "Passordet mitt til Altinn er {p}"),
    ("da", "Min adgangskode til e-Boks er {p}"),
    ("fi", "Sähköpostin salasana on {p}"),
    ("et", "Minu parool on {p}"),
    ("lv", "Mana parole internetbankai ir {p}"),
    ("lt", "Mano slaptažodis yra {p}"),
    ("hu", "A jelszavam a céges fiókhoz: {p}"),
    ("ro", "Parola de la contul de Facebook este {p}"),
    ("bg", "Паролата ми за пощата е {p}"),
    ("el", "Ο κωδικός του email μου είναι {p}"),
    ("hr", "Lozinka za e-Građane je {p}"),
    ("sl", "Geslo za spletno banko je {p}"),
    ("sr", "Лозинка за мој налог је {p}"),
    ("tr", "E-devlet şifrem {p}"),
    ("ru", "Пароль от госуслуг: {p}"),
    ("uk", "Пароль від пошти: {p}"),
    ("ar", "كلمة المرور الخاصة بحسابي هي {p}"),
    ("he", "הסיסמה שלי לבנק היא {p}"),
    ("fa", "رمز عبور ایمیل من {p} است"),
    ("hi", "मेरा नेटबैंकिंग पासवर्ड {p} है"),
    ("bn", "আমার ইমেইলের পাসওয়ার্ড {p}"),
    ("ur", "میرا ای میل کا پاس ورڈ {p} ہے"),
    ("zh", "我的微信密码是{p}"),
    ("ja", "楽天のパスワードは{p}です"),
    ("ko", "네이버 비밀번호는 {p}야"),
    ("th", "รหัสผ่านอีเมลของฉันคือ {p}"),
    ("vi", "Mật khẩu Facebook của tôi là {p}"),
    ("id", "Kata sandi akun email saya {p}"),
    ("ms", "Kata laluan e-mel saya ialah {p}"),
    ("tl", "Ang password ng email ko ay {p}"),
    ("sw", "Nenosiri langu la barua pepe ni {p}"),
    ("is", "Lykilorðið mitt að heimabankanum er {p}"),
    ("ca", "La contrasenya del correu és {p}"),
    ("af", "My wagwoord vir die bankapp is {p}"),
    ("ta", "என் மின்னஞ்சல் கடவுச்சொல் {p}"),
]
WIFI_PROSE = [
    ("en", 'Wi-Fi at the cabin: network "Lakeside_5G", key {p}'),
    ("de", "WLAN-Passwort bei Oma: {p}"),
    ("fr", "Code wifi de l'appart : {p}"),
    ("es", "La clave del wifi de casa es {p}"),
    ("it", "La password del wifi dell'ufficio è {p}"),
    ("pt", "Senha do wifi: {p}"),
    ("ja", "自宅のWi-Fiパスワードは{p}"),
    ("tr", "Evin wifi şifresi: {p}"),
    ("ru", "Пароль от вайфая на даче: {p}"),
    ("ar", "باسورد الواي فاي: {p}"),
]
PASSPHRASE = [
    ("en", 'my password manager master passphrase is "{p}"'),
    ("de", "Die Passphrase für den KeePass-Tresor lautet: {p}"),
    ("fr", "Phrase de passe du coffre Bitwarden : {p}"),
    ("en", "WPA2 key for the guest network: {p}"),
    ("nl", "Wachtzin voor de versleutelde schijf: {p}"),
]
PP_WORDS = "correct purple elephant staple ladder orange volcano piano silver tractor jungle whisper candle rocket biscuit harbor lantern meadow".split()

BIP39 = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid acoustic acquire "
    "across act action actor actress actual adapt add addict address adjust admit adult advance advice aerobic affair afford afraid again age "
    "agent agree ahead aim air airport aisle alarm album alcohol alert alien all alley allow almost alone alpha already also alter always "
    "amateur amazing among amount amused analyst anchor ancient anger angle angry animal ankle announce annual another answer antenna antique "
    "anxiety any apart apology appear apple approve april arch arctic area arena argue arm armed armor army around arrange arrest arrive arrow "
    "art artist artwork ask aspect assault asset assist assume asthma athlete atom attack attend attitude attract auction audit august aunt "
    "author auto autumn average avocado avoid awake aware away awesome awful awkward axis baby bachelor bacon badge bag balance balcony ball "
    "bamboo banana banner bar barely bargain barrel base basic basket battle beach bean beauty because become beef before begin behave behind "
    "believe below belt bench benefit best betray better between beyond bicycle bid bike bind biology bird birth bitter black blade blame "
    "blanket blast bleak bless blind blood blossom blouse blue blur blush board boat body boil bomb bone bonus book boost border boring borrow "
    "boss bottom bounce box boy bracket brain brand brass brave bread breeze brick bridge brief bright bring brisk broccoli broken bronze broom "
    "brother brown brush bubble buddy budget buffalo build bulb bulk bullet bundle bunker burden burger burst bus business busy butter buyer "
    "buzz cabbage cabin cable cactus cage cake call calm camera camp canal cancel candy cannon canoe canvas canyon capable capital captain "
    "car carbon card cargo carpet carry cart case cash casino castle casual cat catalog catch category cattle caught cause caution cave ceiling "
    "dad damage damp dance danger daring dash daughter dawn day deal debate debris decade december decide decline decorate decrease deer "
    "wolf woman wonder wood wool word work world worry worth wrap wreck wrestle wrist write wrong yard year yellow you young youth zebra zero zone zoo"
).split()


def b58(b):
    A = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    n = int.from_bytes(b, "big")
    s = ""
    while n:
        n, r = divmod(n, 58)
        s = A[r] + s
    return "1" * (len(b) - len(b.lstrip(b"\0"))) + s


def wif():
    k = bytes(R.getrandbits(8) for _ in range(32))
    p = b"\x80" + k + b"\x01"
    return b58(p + hashlib.sha256(hashlib.sha256(p).digest()).digest()[:4])


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def jwt(payload, key=None):
    h = b64u(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    sig = hmac.new(key or rbytes(32), f"{h}.{p}".encode(), hashlib.sha256).digest()
    return f"{h}.{p}.{b64u(sig)}"


def b32(n):
    return rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", n)


def crc_b62(s):
    import zlib

    c = zlib.crc32(s.encode()) & 0xFFFFFFFF
    out = ""
    for _ in range(6):
        c, r = divmod(c, 62)
        out = B62[r] + out
    return out


def gh_token(prefix):
    body = rs(B62, 30)
    return prefix + body + crc_b62(body)


# --- key material (deterministic)
def is_prime(n):
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


def gen_prime(bits):
    while True:
        c = R.getrandbits(bits) | (3 << (bits - 2)) | 1
        if c % 65537 != 1 and is_prime(c):
            return c


def rsa_key(bits):
    e = 65537
    while True:
        p, q = gen_prime(bits // 2), gen_prime(bits // 2)
        if p != q:
            break
    n, phi = p * q, (p - 1) * (q - 1)
    d = pow(e, -1, phi)
    nums = rsa.RSAPrivateNumbers(
        p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), rsa.RSAPublicNumbers(e, n)
    )
    return nums.private_key()


def ssh_str(b):
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(comment):
    seed = rbytes(32)
    sk = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
    pub = sk.public_key().public_bytes(ser.Encoding.Raw, ser.PublicFormat.Raw)
    pubblob = ssh_str(b"ssh-ed25519") + ssh_str(pub)
    chk = R.getrandbits(32)
    priv = (
        struct.pack(">II", chk, chk)
        + ssh_str(b"ssh-ed25519")
        + ssh_str(pub)
        + ssh_str(seed + pub)
        + ssh_str(comment.encode())
    )
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (
        b"openssh-key-v1\x00"
        + ssh_str(b"none")
        + ssh_str(b"none")
        + ssh_str(b"")
        + struct.pack(">I", 1)
        + ssh_str(pubblob)
        + ssh_str(priv)
    )
    b = base64.b64encode(blob).decode()
    pem = (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(b[i : i + 70] for i in range(0, len(b), 70))
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )
    ser.load_ssh_private_key(pem.encode(), None)  # sanity
    return pem, "ssh-ed25519 " + base64.b64encode(pubblob).decode() + " " + comment


def pem(key, fmt):
    return key.private_bytes(ser.Encoding.PEM, fmt, ser.NoEncryption()).decode().strip()


def host():
    return R.choice(
        [
            "db-prod-01.internal",
            "10.20.4.17",
            "pg.mycorp.lan",
            "orders-db.c9xk2lqz7v1a.eu-west-1.rds.amazonaws.com",
            "mongo0.shop.local",
            "172.16.8.41",
            "cache-02.intra.acme-logistics.net",
        ]
    )


def ui():
    return R.choice(
        [
            "app",
            "svc_orders",
            "deploy",
            "reporting",
            "root",
            "admin",
            "etl_user",
            "jenkins",
            "backup",
        ]
    )


def aws_pair():
    return "AKIA" + rs(UP + "234567", 16), rs(ALNUM + "/+", 40)


def SK():
    """secret kinds: kind -> list of variant functions returning (text, lang)"""
    K = collections.OrderedDict()
    K["password_env"] = [
        lambda: (
            f"DB_HOST={host()}\nDB_USER={ui()}\nDB_PASSWORD={strong_pw(20)}",
            "code",
        ),
        lambda: (
            f"# .env.production\nPOSTGRES_PASSWORD={human_pw()}\nPOSTGRES_DB=shop",
            "code",
        ),
        lambda: (f"export SMTP_PASS='{strong_pw(16)}'", "code"),
    ]
    K["password_yaml"] = [
        lambda: (
            f'datasource:\n  url: jdbc:postgresql://{host()}:5432/billing\n  username: {ui()}\n  password: "{strong_pw(16)}"',
            "code",
        ),
        lambda: (
            f"mqtt:\n  broker: 10.0.3.9\n  user: sensor-hub\n  pass: {human_pw()}",
            "code",
        ),
    ]
    K["password_json"] = [
        lambda: (
            json.dumps(
                {
                    "ftp": {
                        "host": "files.mycorp.lan",
                        "user": ui(),
                        "password": strong_pw(14),
                    }
                }
            ),
            "code",
        ),
        lambda: (
            json.dumps(
                {"adminUser": "admin", "adminPassword": human_pw(), "port": 8443},
                indent=1,
            ),
            "code",
        ),
    ]
    K["password_properties"] = [
        lambda: (
            f"spring.datasource.username={ui()}\nspring.datasource.password={strong_pw(16)}",
            "code",
        ),
        lambda: (
            f"[database]\nhost = {host()}\nuser = {ui()}\npasswd = {human_pw()}",
            "code",
        ),
    ]
    K["mysql_cli_password"] = [
        lambda: (
            f"mysql -h {host()} -u {ui()} -p'{strong_pw(14)}' orders < dump.sql",
            "code",
        ),
        lambda: (
            f"mysqldump --user=backup --password={human_pw()} --all-databases > all.sql",
            "code",
        ),
    ]
    K["docker_login_password"] = [
        lambda: (
            f"docker login registry.mycorp.io -u ci-bot -p {strong_pw(22)}",
            "code",
        ),
        lambda: (
            f"echo '{strong_pw(18)}' | docker login ghcr.io -u my-handle --password-stdin",
            "code",
        ),
    ]
    K["sshpass"] = [
        lambda: (
            f"sshpass -p '{human_pw()}' ssh pi@192.168.1.{R.randint(20, 200)}",
            "code",
        ),
        lambda: (
            f"sshpass -p {strong_pw(12)} scp backup.tar.gz {ui()}@{host()}:/srv/",
            "code",
        ),
    ]
    K["pgpassword_env"] = [
        lambda: (
            f"PGPASSWORD='{strong_pw(16)}' psql -h {host()} -U {ui()} -d analytics",
            "code",
        )
    ]
    K["redis_cli_auth"] = [
        lambda: (f"redis-cli -h {host()} -p 6379 -a '{strong_pw(24)}' INFO", "code")
    ]
    K["netrc"] = [
        lambda: (
            f"machine api.heroku.com\n  login me@myhome.net\n  password {rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}",
            "code",
        )
    ]
    K["pgpass_line"] = [lambda: (f"{host()}:5432:*:{ui()}:{strong_pw(18)}", "code")]
    K["ldap_bind_password"] = [
        lambda: (
            f"ldapsearch -x -H ldaps://dc01.corp.lan -D 'cn=svc-ldap,ou=svc,dc=corp,dc=lan' -w '{strong_pw(16)}' -b 'dc=corp,dc=lan'",
            "code",
        )
    ]
    K["wifi_qr"] = [lambda: (f"WIFI:T:WPA;S:Casa_{rs(UP, 4)};P:{human_pw()};;", "code")]
    K["aws_access_key_pair"] = [
        lambda: (
            lambda a: (
                f"AWS_ACCESS_KEY_ID={a[0]}\nAWS_SECRET_ACCESS_KEY={a[1]}",
                "code",
            )
        )(aws_pair()),
        lambda: (
            lambda a: (
                f"aws configure set aws_secret_access_key {a[1]} --profile prod",
                "code",
            )
        )(aws_pair()),
    ]
    K["aws_credentials_file"] = [
        lambda: (
            lambda a: (
                f"[default]\naws_access_key_id = {a[0]}\naws_secret_access_key = {a[1]}\nregion = eu-central-1",
                "code",
            )
        )(aws_pair())
    ]
    K["aws_session_token"] = [
        lambda: (
            f"AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjE{rs(ALNUM + '/+', 220)}==",
            "code",
        )
    ]
    K["github_pat_classic"] = [
        lambda: (f"GITHUB_TOKEN={gh_token('ghp_')}", "code"),
        lambda: (
            f"git clone https://{gh_token('ghp_')}@github.com/myorg/infra.git",
            "code",
        ),
        lambda: (f"new github token for the backup script: {gh_token('ghp_')}", "en"),
    ]
    K["github_pat_fine"] = [
        lambda: (
            f"gh auth login --with-token <<< github_pat_11{rs(UP + DIG, 20)}_{rs(B62, 59)}",
            "code",
        )
    ]
    K["github_app_token"] = [
        lambda: (f"Authorization: token {gh_token('ghs_')}", "code"),
        lambda: (f"oauth token from the device flow: {gh_token('gho_')}", "en"),
    ]
    K["gitlab_pat"] = [
        lambda: (
            f'curl --header "PRIVATE-TOKEN: glpat-{rs(B62 + "-_", 20)}" https://gitlab.com/api/v4/projects',
            "code",
        ),
        lambda: (f"GitLab-Token für die CI: glpat-{rs(B62, 20)}", "de"),
    ]
    K["slack_bot_token"] = [
        lambda: (
            f"SLACK_BOT_TOKEN=xoxb-{R.randint(10**11, 10**12)}-{R.randint(10**12, 10**13)}-{rs(B62, 24)}",
            "code",
        ),
        lambda: (
            f"user token do Slack: xoxp-{R.randint(10**11, 10**12)}-{R.randint(10**11, 10**12)}-{R.randint(10**12, 10**13)}-{rs(HEX, 32)}",
            "pt",
        ),
    ]
    K["slack_webhook"] = [
        lambda: (
            f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy ok\"}}' https://hooks.slack.com/services/T{rs(UP + DIG, 8)}/B{rs(UP + DIG, 10)}/{rs(B62, 24)}",
            "code",
        )
    ]
    K["discord_bot_token"] = [
        lambda: (
            f"DISCORD_TOKEN={b64u(str(R.randint(10**17, 10**18)).encode())}.{rs(B62 + '-_', 6)}.{rs(B62 + '-_', 38)}",
            "code",
        )
    ]
    K["discord_webhook"] = [
        lambda: (
            f"webhook do servidor: https://discord.com/api/webhooks/{R.randint(10**17, 10**18)}/{rs(B62 + '-_', 68)}",
            "pt",
        )
    ]
    K["telegram_bot_token"] = [
        lambda: (
            f"TELEGRAM_BOT_TOKEN={R.randint(10**9, 8 * 10**9)}:AA{rs(B62 + '-_', 33)}",
            "code",
        ),
        lambda: (
            f"токен бота: {R.randint(10**9, 8 * 10**9)}:AA{rs(B62 + '-_', 33)}",
            "ru",
        ),
    ]
    K["stripe_secret_key"] = [
        lambda: (f'stripe.api_key = "sk_live_51{rs(B62, 97)}"', "code"),
        lambda: (f"STRIPE_RESTRICTED_KEY=rk_live_51{rs(B62, 97)}", "code"),
    ]
    K["stripe_webhook_secret"] = [
        lambda: (f"STRIPE_WEBHOOK_SECRET=whsec_{rs(B62, 32)}", "code")
    ]
    K["openai_key"] = [
        lambda: (
            f"OPENAI_API_KEY=sk-proj-{rs(B62 + '-_', 74)}T3BlbkFJ{rs(B62 + '-_', 74)}",
            "code",
        ),
        lambda: (
            f'client = OpenAI(api_key="sk-proj-{rs(B62 + "-_", 48)}T3BlbkFJ{rs(B62 + "-_", 48)}")',
            "code",
        ),
    ]
    K["anthropic_key"] = [
        lambda: (f"ANTHROPIC_API_KEY=sk-ant-api03-{rs(B62 + '-_', 93)}AA", "code")
    ]
    K["google_api_key"] = [
        lambda: (
            f"https://maps.googleapis.com/maps/api/geocode/json?address=Lyon&key=AIza{rs(B62 + '-_', 35)}",
            "code",
        ),
        lambda: (f"chiave API di Google per lo script: AIza{rs(B62 + '-_', 35)}", "it"),
    ]
    K["google_oauth_client_secret"] = [
        lambda: (
            json.dumps(
                {
                    "installed": {
                        "client_id": f"{R.randint(10**11, 10**12)}-{rs(LOW + DIG, 32)}.apps.googleusercontent.com",
                        "client_secret": f"GOCSPX-{rs(B62 + '-_', 28)}",
                    }
                }
            ),
            "code",
        )
    ]
    K["gcp_service_account"] = [
        lambda: (
            json.dumps(
                {
                    "type": "service_account",
                    "project_id": "ml-pipeline-prod",
                    "private_key_id": rs(HEX, 40),
                    "private_key": "-----BEGIN PRIVATE KEY-----\n"
                    + "\n".join(rs(ALNUM + "+/", 64) for _ in range(4))
                    + "\n...\n-----END PRIVATE KEY-----\n",
                    "client_email": "etl@ml-pipeline-prod.iam.gserviceaccount.com",
                },
                indent=1,
            ),
            "code",
        )
    ]
    K["azure_storage_conn"] = [
        lambda: (
            f"DefaultEndpointsProtocol=https;AccountName=stlogs{rs(LOW + DIG, 6)};AccountKey={rs(ALNUM + '+/', 86)}==;EndpointSuffix=core.windows.net",
            "code",
        )
    ]
    K["azure_sas_token"] = [
        lambda: (
            f"https://stbackup{rs(LOW, 5)}.blob.core.windows.net/dumps?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-03-01T00:00:00Z&st=2025-01-01T00:00:00Z&spr=https&sig={rs(ALNUM + '%', 44)}%3D",
            "code",
        )
    ]
    K["azure_client_secret"] = [
        lambda: (f"AZURE_CLIENT_SECRET={rs(B62, 3)}8Q~{rs(B62 + '._-', 34)}", "code")
    ]
    K["twilio_auth_token"] = [
        lambda: (
            f"TWILIO_ACCOUNT_SID=AC{rs(HEX, 32)}\nTWILIO_AUTH_TOKEN={rs(HEX, 32)}",
            "code",
        ),
        lambda: (f"twilio api key SK{rs(HEX, 32)} secret {rs(B62, 32)}", "en"),
    ]
    K["sendgrid_key"] = [
        lambda: (
            f"SENDGRID_API_KEY=SG.{rs(B62 + '-_', 22)}.{rs(B62 + '-_', 43)}",
            "code",
        )
    ]
    K["mailgun_key"] = [
        lambda: (
            f"curl -s --user 'api:key-{rs(HEX, 32)}' https://api.mailgun.net/v3/mg.myshop.fr/messages",
            "code",
        )
    ]
    K["mailchimp_key"] = [
        lambda: (f"MAILCHIMP_API_KEY={rs(HEX, 32)}-us{R.randint(2, 21)}", "code")
    ]
    K["npm_token"] = [
        lambda: (f"//registry.npmjs.org/:_authToken=npm_{rs(B62, 36)}", "code")
    ]
    K["pypi_token"] = [
        lambda: (
            f"[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmc{rs(B62 + '-_', 140)}",
            "code",
        )
    ]
    K["huggingface_token"] = [
        lambda: (f"huggingface-cli login --token hf_{rs(B62, 34)}", "code")
    ]
    K["shopify_token"] = [
        lambda: (f"X-Shopify-Access-Token: shpat_{rs(HEX, 32)}", "code")
    ]
    K["digitalocean_token"] = [
        lambda: (f"doctl auth init -t dop_v1_{rs(HEX, 64)}", "code")
    ]
    K["datadog_api_key"] = [
        lambda: (f"DD_API_KEY={rs(HEX, 32)}\nDD_APP_KEY={rs(HEX, 40)}", "code")
    ]
    K["newrelic_key"] = [
        lambda: (
            f"NEW_RELIC_LICENSE_KEY={rs(HEX, 36)}NRAL\nNEW_RELIC_API_KEY=NRAK-{rs(UP + DIG, 27)}",
            "code",
        )
    ]
    K["atlassian_token"] = [
        lambda: (
            f"curl -u me@mycorp.com:ATATT3xFfGF0{rs(B62 + '-_', 180)}={rs(HEX.upper(), 8)} https://mycorp.atlassian.net/rest/api/3/myself",
            "code",
        )
    ]
    K["notion_token"] = [
        lambda: (f"NOTION_TOKEN=ntn_{rs(DIG, 11)}{rs(B62, 35)}", "code")
    ]
    K["docker_hub_pat"] = [
        lambda: (
            f"Docker Hub PAT für den Build-Server: dckr_pat_{rs(B62 + '-_', 27)}",
            "de",
        )
    ]
    K["grafana_token"] = [
        lambda: (f"GRAFANA_SA_TOKEN=glsa_{rs(B62, 32)}_{rs(HEX, 8)}", "code")
    ]
    K["vault_token"] = [
        lambda: (f"export VAULT_TOKEN=hvs.{rs(B62 + '-_', 90)}", "code")
    ]
    K["terraform_cloud_token"] = [
        lambda: (
            f'credentials "app.terraform.io" {{\n  token = "{rs(B62, 14)}.atlasv1.{rs(B62, 67)}"\n}}',
            "code",
        )
    ]
    K["cloudflare_api_token"] = [
        lambda: (f"CLOUDFLARE_API_TOKEN={rs(B62 + '-_', 40)}", "code")
    ]
    K["jwt"] = [
        lambda: (
            f"access_token: {jwt({'sub': str(R.randint(10**5, 10**6)), 'role': 'admin', 'iat': 1735689600 + R.randint(0, 10**7), 'exp': 1767225600 + R.randint(0, 10**7)})}",
            "code",
        ),
        lambda: (
            f"le jeton de session de l'API : {jwt({'uid': rs(HEX, 24), 'scope': 'read write', 'exp': 1767225600 + R.randint(0, 10**7)})}",
            "fr",
        ),
    ]
    K["bearer_header"] = [
        lambda: (
            f'curl -H "Authorization: Bearer {rs(B62, 48)}" https://api.mycrm.io/v2/contacts',
            "code",
        ),
        lambda: (
            f"GET /internal/orders HTTP/1.1\nHost: api.shopfront.local\nAuthorization: Bearer {jwt({'sub': 'svc-orders', 'exp': 1767225600 + R.randint(0, 10**7)})}",
            "code",
        ),
    ]
    K["basic_auth_header"] = [
        lambda: (
            f"Authorization: Basic {base64.b64encode(f'{ui()}:{human_pw()}'.encode()).decode()}",
            "code",
        )
    ]
    K["session_cookie"] = [
        lambda: (
            f"Cookie: sessionid={rs(LOW + DIG, 32)}; csrftoken={rs(B62, 32)}",
            "code",
        ),
        lambda: (
            f"curl -b 'connect.sid=s%3A{rs(B62 + '-_', 32)}.{rs(B62 + '/+', 43)}' https://admin.myshop.local/orders",
            "code",
        ),
    ]
    K["postgres_url"] = [
        lambda: (
            f"DATABASE_URL=postgres://{ui()}:{strong_pw(18).replace('#', 'x').replace('%', 'y')}@{host()}:5432/prod",
            "code",
        ),
        lambda: (
            f"La cadena de conexión de producción es postgresql://{ui()}:{human_pw().replace('#', '').replace('%', '')}@{host()}/ventas",
            "es",
        ),
    ]
    K["mongodb_url"] = [
        lambda: (
            f"MONGO_URI=mongodb+srv://{ui()}:{rs(ALNUM, 16)}@cluster0.{rs(LOW + DIG, 5)}.mongodb.net/app?retryWrites=true",
            "code",
        )
    ]
    K["redis_url"] = [
        lambda: (
            f"REDIS_URL=redis://default:{rs(ALNUM, 32)}@redis-1{R.randint(1000, 9999)}.c{R.randint(10, 99)}.eu-west-1-2.ec2.cloud.redislabs.com:1{R.randint(1000, 9999)}",
            "code",
        )
    ]
    K["amqp_url"] = [
        lambda: (
            f"CELERY_BROKER_URL=amqp://worker:{rs(ALNUM, 20)}@rabbit.internal:5672/vhost",
            "code",
        )
    ]
    K["jdbc_password"] = [
        lambda: (
            f"jdbc:sqlserver://{host()}:1433;databaseName=HR;user=sa;password={strong_pw(16).replace(';', '')};encrypt=true",
            "code",
        )
    ]
    K["smtp_url"] = [
        lambda: (
            f"EMAIL_URL=smtp://noreply%40mybakery.fr:{rs(ALNUM, 16)}@smtp.gmail.com:587/?tls=True",
            "code",
        )
    ]
    K["ftp_url"] = [
        lambda: (
            f"wget ftp://{ui()}:{rs(ALNUM, 12)}@ftp.{R.choice(['mycorp', 'printshop', 'mairie-lambersart'])}.fr/exports/latest.csv",
            "code",
        )
    ]
    K["git_credential_url"] = [
        lambda: (f"https://my-handle:{gh_token('ghp_')}@github.com", "code"),
        lambda: (
            f"remote.origin.url=https://oauth2:glpat-{rs(B62, 20)}@gitlab.mycorp.io/team/app.git",
            "code",
        ),
    ]
    K["teams_webhook"] = [
        lambda: (
            f"TEAMS_WEBHOOK=https://mycorp.webhook.office.com/webhookb2/{rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}@{rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}/IncomingWebhook/{rs(HEX, 32)}/{rs(HEX, 8)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 4)}-{rs(HEX, 12)}",
            "code",
        )
    ]
    K["totp_uri"] = [
        lambda: (
            f"otpauth://totp/GitHub:my-handle?secret={b32(32)}&issuer=GitHub",
            "code",
        ),
        lambda: (
            f"2FA QR for the bank decoded: otpauth://totp/MyBank:me?secret={b32(16)}&digits=6&period=30",
            "en",
        ),
    ]
    K["totp_seed_prose"] = [
        lambda: (
            f"Clé secrète de l'authentificateur (à saisir à la main) : {' '.join(b32(4) for _ in range(8))}",
            "fr",
        ),
        lambda: (f"2FA-Schlüssel für das Firmenkonto: {b32(32)}", "de"),
    ]
    K["recovery_codes"] = [
        lambda: (
            "GitHub recovery codes (keep safe):\n"
            + "\n".join(f"{rs(HEX, 5)}-{rs(HEX, 5)}" for _ in range(8)),
            "en",
        ),
        lambda: (
            "Códigos de respaldo de Google: "
            + ", ".join(f"{rs(DIG, 4)} {rs(DIG, 4)}" for _ in range(6)),
            "es",
        ),
    ]
    K["bip39_seed_phrase"] = [
        lambda: (
            "my MetaMask seed phrase: " + " ".join(R.choice(BIP39) for _ in range(12)),
            "en",
        ),
        lambda: (
            "Seed-Phrase der Ledger (24 Wörter): "
            + " ".join(R.choice(BIP39) for _ in range(24)),
            "de",
        ),
        lambda: ("钱包助记词：" + " ".join(R.choice(BIP39) for _ in range(12)), "zh"),
    ]
    K["eth_private_key"] = [
        lambda: (f"PRIVATE_KEY=0x{rs(HEX, 64)}  # deployer wallet mainnet", "code")
    ]
    K["btc_wif_key"] = [
        lambda: (f"clé privée du portefeuille papier (WIF) : {wif()}", "fr")
    ]
    K["card_pin"] = [
        lambda: (f"PIN of my debit card is {R.randint(1000, 9999)}", "en"),
        lambda: (f"Mi PIN de la tarjeta: {R.randint(1000, 9999)}", "es"),
        lambda: (f"Die PIN für die EC-Karte ist {R.randint(1000, 9999)}", "de"),
    ]
    K["app_password"] = [
        lambda: (
            f"Gmail app password for Thunderbird: {' '.join(rs(LOW, 4) for _ in range(4))}",
            "en",
        ),
        lambda: (
            f"Apple app-specific password (iCloud mail on Linux): {'-'.join(rs(LOW, 4) for _ in range(4))}",
            "en",
        ),
    ]
    K["firebase_server_key"] = [
        lambda: (
            f"FCM_SERVER_KEY=AAAA{rs(B62 + '-_', 7)}:APA91b{rs(B62 + '-_', 134)}",
            "code",
        )
    ]
    K["mapbox_secret_token"] = [
        lambda: (
            f"MAPBOX_DOWNLOADS_TOKEN=sk.eyJ1Ijoi{rs(B62, 20)}IsImEiOiJ{rs(B62, 20)}.{rs(B62 + '-_', 22)}",
            "code",
        )
    ]
    K["alibaba_access_key"] = [
        lambda: (
            f"阿里云 AccessKey ID: LTAI5t{rs(B62, 18)}  AccessKey Secret: {rs(B62, 30)}",
            "zh",
        )
    ]
    K["tencent_secret"] = [
        lambda: (
            f"TENCENTCLOUD_SECRET_ID=AKID{rs(B62, 32)}\nTENCENTCLOUD_SECRET_KEY={rs(B62, 32)}",
            "code",
        )
    ]
    K["razorpay_key"] = [
        lambda: (
            f"RAZORPAY_KEY_ID=rzp_live_{rs(B62, 14)}\nRAZORPAY_KEY_SECRET={rs(B62, 24)}",
            "code",
        )
    ]
    K["paystack_secret"] = [
        lambda: (f"PAYSTACK_SECRET_KEY=sk_live_{rs(HEX, 40)}", "code")
    ]
    K["mercadopago_token"] = [
        lambda: (
            f"Access token de Mercado Pago (producción): APP_USR-{rs(DIG, 16)}-{rs(DIG, 6)}-{rs(HEX, 32)}-{rs(DIG, 9)}",
            "es",
        )
    ]
    K["flutterwave_secret"] = [
        lambda: (f"FLW_SECRET_KEY=FLWSECK-{rs(HEX, 32)}-X", "code")
    ]
    K["age_secret_key"] = [
        lambda: (
            f"# created: 2025-02-11T09:14:02+01:00\n# public key: age1{rs('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\nAGE-SECRET-KEY-1{rs('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}",
            "code",
        )
    ]
    K["k8s_secret_manifest"] = [
        lambda: (
            f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\ndata:\n  username: {base64.b64encode(ui().encode()).decode()}\n  password: {base64.b64encode(strong_pw(16).encode()).decode()}",
            "code",
        )
    ]
    K["kubeconfig_token"] = [
        lambda: (
            f"users:\n- name: prod-admin\n  user:\n    token: eyJhbGciOiJSUzI1NiIsImtpZCI6I{rs(B62, 40)}.{rs(B62 + '-_', 120)}.{rs(B62 + '-_', 86)}",
            "code",
        )
    ]
    K["facebook_access_token"] = [lambda: (f"FB_PAGE_TOKEN=EAAB{rs(B62, 180)}", "code")]
    K["linear_api_key"] = [lambda: (f"LINEAR_API_KEY=lin_api_{rs(B62, 40)}", "code")]
    K["postman_api_key"] = [
        lambda: (f"x-api-key: PMAK-{rs(HEX, 24)}-{rs(HEX, 34)}", "code")
    ]
    K["doppler_token"] = [lambda: (f"DOPPLER_TOKEN=dp.st.prd.{rs(B62, 43)}", "code")]
    K["supabase_service_role"] = [
        lambda: (
            f"SUPABASE_SERVICE_ROLE_KEY={jwt({'iss': 'supabase', 'ref': rs(LOW, 20), 'role': 'service_role', 'iat': 1719000000, 'exp': 2034576000})}",
            "code",
        )
    ]
    K["sentry_auth_token"] = [
        lambda: (
            f"SENTRY_AUTH_TOKEN=sntrys_{b64u(json.dumps({'iat': 1736000000.1, 'url': 'https://sentry.io', 'org': 'mycorp'}).encode())}_{rs(B62 + '/+', 43)}",
            "code",
        )
    ]
    K["yandex_oauth_token"] = [
        lambda: (f"Токен Яндекс.Диска для бэкапов: y0_{rs(B62 + '-_', 55)}", "ru")
    ]
    K["line_channel_token"] = [
        lambda: (f"LINEのチャネルアクセストークン: {rs(B62 + '+/', 171)}=", "ja")
    ]
    K["okta_api_token"] = [
        lambda: (f"Authorization: SSWS 00{rs(B62 + '-_', 40)}", "code")
    ]
    K["square_token"] = [
        lambda: (f"SQUARE_ACCESS_TOKEN=EAAA{rs(B62 + '-_', 60)}", "code")
    ]
    K["vercel_token"] = [
        lambda: (f"vercel deploy --prod --token {rs(B62, 24)}", "code")
    ]
    K["heroku_api_key"] = [
        lambda: (
            f"HEROKU_API_KEY={rs(HEX, 8)}-{rs(HEX, 4)}-4{rs(HEX, 3)}-{R.choice('89ab')}{rs(HEX, 3)}-{rs(HEX, 12)}",
            "code",
        )
    ]
    K["algolia_admin_key"] = [
        lambda: (
            f"ALGOLIA_APP_ID={rs(UP + DIG, 10)}\nALGOLIA_ADMIN_API_KEY={rs(HEX, 32)}",
            "code",
        )
    ]
    K["wechat_app_secret"] = [
        lambda: (f"微信小程序 AppID: wx{rs(HEX, 16)}，AppSecret: {rs(HEX, 32)}", "zh")
    ]
    K["kakao_admin_key"] = [
        lambda: (f"카카오 어드민 키: {rs(HEX, 32)} (절대 프론트에 넣지 말 것)", "ko")
    ]
    return K


SECRET_COUNTS = {
    "github_pat_classic": 3,
    "aws_access_key_pair": 3,
    "password_env": 3,
    "jwt": 3,
    "bearer_header": 3,
    "card_pin": 3,
    "bip39_seed_phrase": 3,
    "postgres_url": 3,
    "slack_bot_token": 3,
    "password_yaml": 2,
    "password_json": 2,
    "mysql_cli_password": 2,
    "docker_login_password": 2,
    "sshpass": 2,
    "openai_key": 3,
    "google_api_key": 3,
    "recovery_codes": 3,
    "totp_uri": 3,
    "totp_seed_prose": 3,
    "session_cookie": 3,
    "gitlab_pat": 3,
    "github_app_token": 3,
    "git_credential_url": 3,
    "twilio_auth_token": 3,
    "app_password": 3,
    "telegram_bot_token": 3,
    "stripe_secret_key": 3,
    "password_properties": 2,
}


def build_secrets(n_target):
    K = SK()
    rows = []
    for kind, fns in K.items():
        for j in range(SECRET_COUNTS.get(kind, 1)):
            t, lang = fns[j % len(fns)]()
            rows.append((t, kind, f"v{j % len(fns)}", lang))
    # prose passwords / wifi / passphrases
    for i, (lang, t) in enumerate(PW_PROSE):
        rows.append(
            (
                t.format(p=human_pw() if i % 3 else strong_pw(R.randint(12, 16))),
                "password_prose",
                f"pw{i}",
                lang,
            )
        )
    for i, (lang, t) in enumerate(WIFI_PROSE):
        rows.append(
            (
                t.format(p=human_pw() if i % 2 else strong_pw(14)),
                "wifi_key",
                f"wifi{i}",
                lang,
            )
        )
    for i, (lang, t) in enumerate(PASSPHRASE):
        rows.append(
            (
                t.format(
                    p="-".join(R.sample(PP_WORDS, 4))
                    if i % 2
                    else " ".join(R.sample(PP_WORDS, 5))
                ),
                "passphrase",
                f"pp{i}",
                lang,
            )
        )
    # private keys
    rk = rsa_key(2048)
    rows.append(
        (
            pem(rk, ser.PrivateFormat.TraditionalOpenSSL),
            "rsa_private_key",
            "pem_trad",
            "code",
        )
    )
    rk2 = rsa_key(1024)
    rows.append(
        (
            "deploy key for the old jenkins box, paste into ~/.ssh/id_rsa:\n"
            + pem(rk2, ser.PrivateFormat.PKCS8),
            "pkcs8_private_key",
            "pem_pkcs8",
            "en",
        )
    )
    eck = ec.derive_private_key(R.getrandbits(255) + 1, ec.SECP256R1())
    rows.append(
        (
            pem(eck, ser.PrivateFormat.TraditionalOpenSSL),
            "ec_private_key",
            "pem_ec",
            "code",
        )
    )
    eck2 = ec.derive_private_key(R.getrandbits(380) + 1, ec.SECP384R1())
    rows.append(
        (
            "tls:\n  key: |\n    "
            + pem(eck2, ser.PrivateFormat.PKCS8).replace("\n", "\n    "),
            "ec_private_key",
            "yaml_ec",
            "code",
        )
    )
    for c in ["me@laptop", "deploy@ci-runner"]:
        k, _ = openssh_ed25519(c)
        rows.append((k, "openssh_private_key", "openssh", "code"))
    edk = ed25519.Ed25519PrivateKey.from_private_bytes(rbytes(32))
    rows.append(
        (pem(edk, ser.PrivateFormat.PKCS8), "ed25519_private_key", "pem_ed", "code")
    )
    for t, kind, tid, lang in rows:
        add(t, "secret", kind, tid, lang)
    return len(rows), len(K)


# ================================================================ CLEAN
def clean_cert():
    sk = ed25519.Ed25519PrivateKey.from_private_bytes(rbytes(32))
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, "intranet.example.org"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Org"),
        ]
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(sk.public_key())
        .serial_number(R.getrandbits(64))
        .not_valid_before(datetime.datetime(2025, 1, 1))
        .not_valid_after(datetime.datetime(2027, 1, 1))
        .sign(sk, None)
    )
    return cert.public_bytes(ser.Encoding.PEM).decode().strip()


def sha(n=64):
    return rs(HEX, n)


def uuid4():
    return f"{rs(HEX, 8)}-{rs(HEX, 4)}-4{rs(HEX, 3)}-{R.choice('89ab')}{rs(HEX, 3)}-{rs(HEX, 12)}"


def valid_vat(mod, make):
    return brute(make, M(mod).is_valid)


def build_clean():
    C = []  # (text, kind, lang)

    def c(kind, lang, text):
        C.append((text, kind, lang))

    # placeholders
    c("placeholder_key", "code", "OPENAI_API_KEY=<YOUR_API_KEY>")
    c(
        "placeholder_key",
        "en",
        "Set `STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx` in your .env (replace the x's with your key)",
    )
    c(
        "placeholder_key",
        "code",
        'curl -H "Authorization: Bearer $TOKEN" https://api.github.com/user',
    )
    c(
        "placeholder_key",
        "de",
        'Trage deinen API-Schlüssel bei `api_key: "DEIN_SCHLÜSSEL_HIER"` ein.',
    )
    c(
        "placeholder_key",
        "code",
        "aws_access_key_id = YOUR_ACCESS_KEY_ID\naws_secret_access_key = YOUR_SECRET_ACCESS_KEY",
    )
    c(
        "placeholder_key",
        "es",
        "Sustituye {{TU_TOKEN}} por el token que te dio el administrador.",
    )
    c(
        "placeholder_password",
        "code",
        "DB_PASSWORD=changeme  # default in docker-compose.example.yml, override in prod",
    )
    c("placeholder_password", "code", 'password: "********"')
    c(
        "placeholder_password",
        "en",
        "the README says: mysql -u root -p<password> (you will be prompted if omitted)",
    )
    c(
        "placeholder_password",
        "fr",
        "Mot de passe : •••••••• (masqué dans la capture d'écran)",
    )
    c(
        "placeholder_password",
        "code",
        "docker login -u USERNAME --password-stdin < token.txt",
    )
    c(
        "env_reference",
        "code",
        "DATABASE_URL=postgres://${DB_USER}:${DB_PASSWORD}@${DB_HOST}:5432/${DB_NAME}",
    )
    c("env_reference", "code", 'api_key = os.environ["ANTHROPIC_API_KEY"]')
    c("env_reference", "code", "password: {{ vault_db_password }}")
    c(
        "env_reference",
        "code",
        "env:\n  - name: REDIS_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: redis\n        key: password",
    )
    c("env_reference", "code", "token=$(gcloud auth print-access-token)")
    c(
        "redacted_secret",
        "en",
        "rotated the leaked key (ghp_****************************Wx2Q) - revoked on GitHub",
    )
    c(
        "redacted_secret",
        "code",
        "2025-03-14 10:02:11 WARN auth: login failed for user=deploy password=[REDACTED]",
    )
    c(
        "redacted_secret",
        "it",
        "Il token è stato oscurato: sk-…(nascosto)… non condividerlo qui.",
    )
    c(
        "doc_example_key",
        "en",
        "AWS docs example: AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    )
    c(
        "doc_example_key",
        "code",
        "# example from the boto3 docs\naws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    )
    c(
        "example_email",
        "en",
        "Use user@example.com as the test login in the staging docs.",
    )
    c("example_email", "code", 'git config user.email "you@example.com"')
    c(
        "example_email",
        "fr",
        "Exemple : prenom.nom@example.org (adresse fictive de la doc)",
    )
    c("rfc5737_ip", "code", "server 192.0.2.15 iburst")
    c("rfc5737_ip", "code", "iptables -A INPUT -s 198.51.100.0/24 -j DROP")
    c(
        "rfc5737_ip",
        "en",
        "In the diagram the load balancer is 203.0.113.10 and the backends are 203.0.113.11-14.",
    )
    c("localhost_conn", "code", "REDIS_URL=redis://localhost:6379/0")
    c(
        "localhost_conn",
        "code",
        "psql -h localhost -U postgres -d test  # uses peer auth, no password",
    )
    for cm in ["me@thinkpad", "ci@build-07", "anna@desktop"]:
        _, pub = openssh_ed25519(cm)
        c(
            "ssh_public_key",
            "code" if cm != "anna@desktop" else "en",
            pub
            if cm != "anna@desktop"
            else "add this to authorized_keys on the NAS: " + pub,
        )
    c("x509_certificate", "code", clean_cert())
    c("x509_certificate", "en", "Root CA to trust on the kiosk:\n" + clean_cert())
    pubrsa = (
        rsa_key(1024)
        .public_key()
        .public_bytes(ser.Encoding.PEM, ser.PublicFormat.SubjectPublicKeyInfo)
        .decode()
        .strip()
    )
    c("public_key_pem", "code", pubrsa)
    c(
        "file_hash",
        "code",
        f"sha256sum ubuntu-24.04.1-live-server-amd64.iso\n{sha()}  ubuntu-24.04.1-live-server-amd64.iso",
    )
    c("file_hash", "de", f"Prüfsumme (SHA-256) der Firmware: {sha()}")
    c("file_hash", "code", f"md5: {sha(32)}")
    c("git_commit_sha", "code", f"git cherry-pick {sha(40)}")
    c(
        "git_commit_sha",
        "en",
        f'regression introduced in {sha(12)} ("refactor: batch writer")',
    )
    c("git_commit_sha", "ja", f"このバグはコミット {sha(40)} で修正済み")
    c("uuid", "code", f"request_id={uuid4()} status=200 duration_ms=41")
    c("uuid", "code", json.dumps({"tenant_id": uuid4(), "plan": "pro"}))
    c("uuid", "pl", f"Identyfikator zamówienia w systemie: {uuid4()}")
    c(
        "build_id",
        "code",
        f"Build #{R.randint(1000, 9999)} (id {R.randint(10**9, 10**10)}) finished in 6m12s",
    )
    c("build_id", "code", f"docker pull myorg/api@sha256:{sha()}")
    c("version_string", "en", "upgraded node to v20.11.1 and npm to 10.2.4")
    c("version_string", "code", "requests==2.32.3\nurllib3>=2.2.1,<3")
    c(
        "version_string",
        "pt",
        "Atualizei o Android para a versão 14 (build UP1A.231005.007)",
    )
    c("price", "en", "the monitor was $329.99 on sale, normally $449")
    c("price", "de", "Miete ab März: 1.240,00 € warm")
    c("price", "ja", "ランチは1,280円でした")
    c("price", "hi", "नया फोन ₹24,999 का है")
    c("measurement", "en", "living room is 4.2 m x 5.8 m, ceiling 2.6 m")
    c("measurement", "fr", "Le colis pèse 2,35 kg et mesure 40 × 30 × 15 cm")
    c("measurement", "zh", "跑了10.5公里，配速5分32秒")
    c("temperature", "en", "fridge should stay at 4 °C, freezer at -18 °C")
    c("temperature", "sv", "Det var -23 °C i Kiruna i morse")
    c("temperature", "es", "Fiebre de 38,4 ºC anoche, hoy 37,1")
    c(
        "part_number",
        "en",
        "replacement filter part no. HF-2218-B (fits models 3100-3300)",
    )
    c("part_number", "de", "Ersatzteil-Nr. 9000 842 673 für den Geschirrspüler")
    c("part_number", "code", "SKU: TSHIRT-BLK-XL-2024 qty: 3")
    c(
        "tracking_number",
        "en",
        f"UPS tracking 1Z{rs(UP + DIG, 6)}03{rs(DIG, 8)}, arrives Thursday",
    )
    c("tracking_number", "nl", f"PostNL track & trace: 3S{rs(UP, 4)}{rs(DIG, 9)}")
    c(
        "tracking_number",
        "pt",
        f"Código de rastreio dos Correios: {rs(UP, 2)}{rs(DIG, 9)}BR",
    )
    c(
        "order_number",
        "en",
        f"Amazon order #{R.randint(100, 999)}-{R.randint(10**6, 10**7 - 1)}-{R.randint(10**6, 10**7 - 1)} was refunded",
    )
    c("order_number", "fr", f"Commande n° {R.randint(10**8, 10**9)} expédiée le 12/03")
    c(
        "order_number",
        "ko",
        f"주문번호 {R.randint(2024, 2025)}{R.randint(10**9, 10**10)} 배송 완료",
    )
    c(
        "invoice_number",
        "en",
        f"Invoice INV-2025-{R.randint(10000, 99999)} due 30 days net",
    )
    c(
        "invoice_number",
        "it",
        f"Fattura n. {R.randint(100, 999)}/{R.randint(2023, 2025)} del 14/02",
    )
    c(
        "invoice_number",
        "es",
        f"Factura {R.randint(100, 999)}-{R.randint(100, 999)}-{R.randint(1000, 9999)} pendiente de pago",
    )
    c(
        "company_vat",
        "de",
        f"Rechnungsadresse der Firma: Müller & Söhne GmbH, USt-IdNr. DE{valid_vat('de.vat', lambda: rs(DIG, 9))}",
    )
    c(
        "company_vat",
        "fr",
        f"TVA intracommunautaire de notre fournisseur : FR{valid_vat('fr.tva', lambda: rs(DIG, 11))}",
    )
    c(
        "company_vat",
        "it",
        f"Partita IVA dello studio dentistico srl: IT{valid_vat('it.iva', lambda: rs(DIG, 11))}",
    )
    c(
        "company_vat",
        "nl",
        f"btw-nummer van de leverancier: NL{valid_vat('nl.btw', lambda: rs(DIG, 9) + 'B01')}",
    )
    c(
        "company_registration",
        "fr",
        f"SIREN de la société cliente : {valid_vat('fr.siren', lambda: rs(DIG, 9))}",
    )
    c(
        "company_registration",
        "pt",
        f"CNPJ da loja: {valid_vat('br.cnpj', lambda: rs(DIG, 8) + '0001' + rs(DIG, 2))}",
    )
    c(
        "company_registration",
        "en",
        f"Acme Tooling Ltd, company number {rs(DIG, 8)}, registered in England and Wales",
    )
    c(
        "company_registration",
        "es",
        f"CIF de la empresa proveedora: {valid_vat('es.cif', lambda: 'B' + rs(DIG, 8))}",
    )
    c(
        "company_registration",
        "pl",
        f"NIP firmy przewozowej: {valid_vat('pl.nip', lambda: rs(DIG, 10))}",
    )
    c("business_hotline", "en", "Lufthansa customer service: +49 69 86 799 799")
    c(
        "business_hotline",
        "en",
        "IKEA US customer support line 1-888-888-4532 (Mon-Fri)",
    )
    c("business_hotline", "fr", "Service client SNCF Voyageurs : 3635")
    c("business_hotline", "es", "Atención al cliente de Renfe: 912 320 320")
    c(
        "office_address",
        "en",
        "The company HQ is at 1 Apple Park Way, Cupertino, CA 95014",
    )
    c(
        "office_address",
        "de",
        "Firmensitz: SAP SE, Dietmar-Hopp-Allee 16, 69190 Walldorf",
    )
    c("office_address", "ja", "本社所在地：東京都港区港南1-7-1 (ソニーグループ)")
    c("famous_address", "en", "we visited 10 Downing Street and then Westminster Abbey")
    c(
        "famous_address",
        "fr",
        "Le Louvre, Rue de Rivoli, 75001 Paris — ouvert jusqu'à 21h le vendredi",
    )
    c(
        "famous_address",
        "en",
        "The White House, 1600 Pennsylvania Avenue NW, Washington, DC 20500",
    )
    c("famous_address", "de", "Reichstagsgebäude, Platz der Republik 1, 11011 Berlin")
    c(
        "famous_address",
        "it",
        "Musei Vaticani, Viale Vaticano, 00165 Roma: biglietti già comprati",
    )
    c("public_figure_dob", "en", "Albert Einstein was born on 14 March 1879 in Ulm")
    c("public_figure_dob", "fr", "Victor Hugo est né le 26 février 1802 à Besançon")
    c("public_figure_dob", "es", "Gabriel García Márquez nació el 6 de marzo de 1927")
    c("public_figure_dob", "ru", "Лев Толстой родился 9 сентября 1828 года")
    c("public_figure_dob", "zh", "鲁迅出生于1881年9月25日")
    c("masked_card", "en", "charged to the Visa ending in 4821")
    c("masked_card", "de", "Zahlung mit Mastercard **** **** **** 0937 erfolgreich")
    c("masked_card", "code", "card: XXXX-XXXX-XXXX-1164 exp: **/**")
    c("datetime", "en", "dentist appointment moved to Tue 18 March, 09:30")
    c("datetime", "code", "2025-06-01T12:44:09.118Z")
    c("datetime", "tr", "Toplantı 3 Nisan 2025 saat 14:00'te")
    c("datetime", "vi", "Cuộc họp lúc 15:30 ngày 12/05/2025")
    c("maths", "en", "(a+b)^2 = a^2 + 2ab + b^2; with a=3, b=4 that's 49")
    c("maths", "code", "assert fib(40) == 102334155")
    c("maths", "de", "Die Lösung der Gleichung 3x - 7 = 11 ist x = 6")
    c("chemistry", "en", "caffeine is C8H10N4O2, molar mass 194.19 g/mol")
    c("chemistry", "es", "Ácido sulfúrico: H2SO4; pH de la disolución 1,2")
    c("sports_score", "en", "Arsenal 3-1 Chelsea, Saka scored twice")
    c("sports_score", "es", "El Madrid ganó 2-0 al Barça en el Bernabéu")
    c("sports_score", "pt", "Brasil 1 x 7 Alemanha, 8 de julho de 2014")
    c(
        "isbn",
        "en",
        "reading ISBN 978-0-13-468599-1 (The Pragmatic Programmer, 20th anniversary ed.)",
    )
    c("isbn", "de", "Buch bestellt: ISBN 978-3-16-148410-0")
    c("bank_bic", "en", "Deutsche Bank's SWIFT/BIC is DEUTDEFF")
    c("bank_bic", "fr", "Code BIC de BNP Paribas : BNPAFRPP")
    c("coordinates", "en", "Eiffel Tower is at 48.8584° N, 2.2945° E")
    c(
        "coordinates",
        "code",
        "geo: {lat: -33.8568, lon: 151.2153}  # Sydney Opera House",
    )
    c("flight_number", "en", "flight LH 2035 departs MUC 07:25, gate G24")
    c("flight_number", "ar", "رحلة EK 202 من دبي إلى نيويورك تغادر الساعة 02:30")
    c(
        "log_line",
        "code",
        f'10.0.0.{R.randint(2, 250)} - - [12/Mar/2025:10:14:07 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.29"',
    )
    c(
        "log_line",
        "code",
        f"ERROR [worker-3] job={R.randint(10**5, 10**6)} retry=2/5 trace_id={sha(32)}",
    )
    c(
        "password_policy",
        "en",
        "Password policy: at least 12 characters, one digit, one symbol; rotate every 90 days",
    )
    c(
        "password_policy",
        "de",
        "Das Passwort muss mindestens 10 Zeichen lang sein und darf nicht den Benutzernamen enthalten.",
    )
    c(
        "password_policy",
        "fr",
        "Pensez à changer votre mot de passe tous les trois mois.",
    )
    c("public_service_number", "es", "En España el teléfono de emergencias es el 112")
    c(
        "public_service_number",
        "en",
        "In the US dial 911; poison control is 1-800-222-1222",
    )
    c("public_service_number", "ja", "救急車は119番、警察は110番")
    c("weather", "nl", "Morgen 14 graden en 80% kans op regen")
    c(
        "recipe",
        "it",
        "Per 4 persone: 320 g di spaghetti, 150 g di guanciale, 4 tuorli, 50 g di pecorino",
    )
    c("hex_color", "code", ":root { --brand: #1A73E8; --accent: #FBBC05; }")
    c("stock_ticker", "en", "AAPL closed at 227.52, ISIN US0378331005")
    c(
        "public_key_pgp_fpr",
        "en",
        "my public PGP fingerprint: 4AEE 18F8 3AFD EB23 8F12  ...  (on keys.openpgp.org)",
    )
    c(
        "config_no_secret",
        "code",
        "server:\n  port: 8080\n  threads: 16\nlogging:\n  level: INFO",
    )
    c("shell_command", "code", "kubectl get pods -n payments -o wide | grep CrashLoop")
    c("chat_excerpt", "th", "พรุ่งนี้ประชุมตอนบ่ายสองโมง")
    c("chat_excerpt", "sw", "Mkutano wa kesho umeahirishwa hadi saa nne")
    c("chat_excerpt", "el", "Η συνάντηση μεταφέρθηκε για την Πέμπτη")
    c("chat_excerpt", "he", "הפגישה נדחתה ליום חמישי")
    c("chat_excerpt", "ro", "Ședința a fost mutată joi la ora 11")
    c("chat_excerpt", "da", "Mødet er flyttet til torsdag kl. 13")
    c("chat_excerpt", "no", "Toget går 07:42 fra spor 3")
    c("chat_excerpt", "bg", "Влакът тръгва в 8:15 от първи коловоз")
    c("chat_excerpt", "fa", "جلسه به پنج‌شنبه ساعت ۱۰ منتقل شد")
    c("chat_excerpt", "tl", "Bukas na lang tayo mag-meeting, alas-diyes ng umaga")
    c("chat_excerpt", "ms", "Mesyuarat ditunda ke hari Khamis")
    c("chat_excerpt", "lt", "Susitikimas perkeltas į ketvirtadienį")
    c("chat_excerpt", "lv", "Sapulce pārcelta uz ceturtdienu plkst. 9:00")
    c("chat_excerpt", "et", "Koosolek lükati neljapäevale")
    c("chat_excerpt", "sk", "Stretnutie je presunuté na štvrtok o 14:00")
    c("chat_excerpt", "hr", "Sastanak je pomaknut na četvrtak")
    c("chat_excerpt", "sl", "Sestanek je prestavljen na četrtek")
    c("chat_excerpt", "sr", "Састанак је померен за четвртак")
    c("chat_excerpt", "bn", "আগামীকাল সকাল ১০টায় মিটিং")
    c("chat_excerpt", "ur", "میٹنگ جمعرات کو ہوگی")
    c("chat_excerpt", "ta", "கூட்டம் வியாழக்கிழமைக்கு மாற்றப்பட்டது")
    c("chat_excerpt", "is", "Fundinum var frestað til fimmtudags")
    c("chat_excerpt", "ca", "La reunió s'ha passat a dijous a les 10")
    c("chat_excerpt", "af", "Die vergadering is na Donderdag geskuif")
    c("chat_excerpt", "am", "ስብሰባው ወደ ሐሙስ ተዛውሯል")
    return C


def main():
    n_sec, n_sec_kinds = build_secrets(220)
    build_ids(N_IDS)
    build_phones(N_PHONES)
    build_emails()
    build_addresses()
    build_dobs()
    build_ibans(N_IBANS)
    build_cards()
    build_passports()
    build_dls()
    for t, k, lang in build_clean():
        add(t, "clean", k, "c", lang)
    cnt0 = collections.Counter(r["label"] for r in ROWS)
    assert cnt0 == {"secret": 220, "pii": 220, "clean": 160}, cnt0
    with open(OUT, "w", encoding="utf-8") as f:
        for r in ROWS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    cnt = collections.Counter(r["label"] for r in ROWS)
    kinds = {lab: len({r["kind"] for r in ROWS if r["label"] == lab}) for lab in cnt}
    nid = len(
        {
            r["kind"]
            for r in ROWS
            if r["label"] == "pii"
            and (r["kind"].startswith("nid_") or r["kind"].startswith("tax_"))
        }
    )
    langs = collections.Counter(LANGS.values())
    print(dict(cnt), "kinds", kinds, "id-types", nid)
    print("languages", len([l for l in langs if l != "code"]), dict(langs))


N_IDS, N_PHONES, N_IBANS = 103, 40, 10

if __name__ == "__main__":
    main()
