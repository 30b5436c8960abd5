# ruff: noqa: E501, E702, E731, E741, B905, F841, UP031 (templates are data, one string per line)
"""Writes sensitivity_blind14.jsonl: 600 labelled memory-like texts (220 secret, 220 pii, 160 clean).

Independent hand-written set for a sensitivity gate. Deterministic (fixed seed).
Template ids carry a language tag after the dot (e.g. "pw_prose.de"); "cfg" / "log" / "code" mean
config, log or code shapes without natural-language prose.
"""

import base64
import datetime
import hashlib
import hmac
import json
import os
import random
import string
import struct
import uuid
from collections import Counter

import phonenumbers
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa, x25519
from cryptography.x509.oid import NameOID
from phonenumbers import PhoneNumberFormat as PNF
from stdnum import iban as std_iban
from stdnum import isbn as std_isbn
from stdnum import luhn
from stdnum.ar import cuit as ar_cuit
from stdnum.ar import dni as ar_dni
from stdnum.at import vnr as at_vnr
from stdnum.au import abn as au_abn
from stdnum.be import bis as be_bis
from stdnum.be import nn as be_nn
from stdnum.bg import egn as bg_egn
from stdnum.bg import pnf as bg_pnf
from stdnum.br import cnpj as br_cnpj
from stdnum.br import cpf as br_cpf
from stdnum.ca import bc_phn as ca_bc_phn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.cl import rut as cl_rut
from stdnum.cn import ric as cn_ric
from stdnum.cr import cpf as cr_cpf
from stdnum.cr import cr as cr_cr
from stdnum.cu import ni as cu_ni
from stdnum.cz import rc as cz_rc
from stdnum.de import idnr as de_idnr
from stdnum.de import vat as de_vat
from stdnum.dk import cpr as dk_cpr
from stdnum.do import cedula as do_cedula
from stdnum.ec import ci as ec_ci
from stdnum.ee import ik as ee_ik
from stdnum.es import cif as es_cif
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fi import hetu as fi_hetu
from stdnum.fr import nif as fr_nif
from stdnum.fr import nir as fr_nir

# company identifiers (clean)
from stdnum.fr import siren as fr_siren
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import upn as gb_upn
from stdnum.gh import tin as gh_tin
from stdnum.gr import amka as gr_amka
from stdnum.hr import oib as hr_oib
from stdnum.id import nik as id_nik
from stdnum.ie import pps as ie_pps
from stdnum.il import idnr as il_idnr
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import epic as in_epic
from stdnum.in_ import pan as in_pan
from stdnum.in_ import vid as in_vid
from stdnum.is_ import kennitala as is_kt
from stdnum.it import codicefiscale as it_cf
from stdnum.it import iva as it_iva
from stdnum.jp import in_ as jp_in
from stdnum.ke import pin as ke_pin
from stdnum.kr import rrn as kr_rrn
from stdnum.lt import asmens as lt_asmens
from stdnum.lv import pvn as lv_pvn
from stdnum.mu import nid as mu_nid
from stdnum.mx import curp as mx_curp
from stdnum.mx import rfc as mx_rfc
from stdnum.my import nric as my_nric
from stdnum.nl import bsn as nl_bsn
from stdnum.nl import btw as nl_btw
from stdnum.nl import onderwijsnummer as nl_onr
from stdnum.no import fodselsnummer as no_fnr
from stdnum.nz import ird as nz_ird
from stdnum.pe import cui as pe_cui
from stdnum.pk import cnic as pk_cnic
from stdnum.pl import nip as pl_nip
from stdnum.pl import pesel as pl_pesel
from stdnum.pt import cc as pt_cc
from stdnum.pt import nif as pt_nif
from stdnum.ro import cnp as ro_cnp
from stdnum.ru import inn as ru_inn
from stdnum.se import personnummer as se_pnr
from stdnum.si import emso as si_emso
from stdnum.sk import rc as sk_rc
from stdnum.th import pin as th_pin
from stdnum.tr import tckimlik as tr_tc
from stdnum.ua import rntrc as ua_rntrc
from stdnum.us import itin as us_itin
from stdnum.us import ssn as us_ssn
from stdnum.ve import rif as ve_rif
from stdnum.za import idnr as za_idnr

SET = "blind14"
SEED = 14_2026_1126_777
rng = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

DIG = string.digits
UP = string.ascii_uppercase
LOW = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
B64U = ALNUM + "-_"


def D(n):
    return "".join(rng.choice(DIG) for _ in range(n))


def L(n):
    return "".join(rng.choice(UP) for _ in range(n))


def tok(alpha, n):
    return "".join(rng.choice(alpha) for _ in range(n))


def rdate(y0=1950, y1=2004):
    d0 = datetime.date(y0, 1, 1).toordinal()
    d1 = datetime.date(y1, 12, 28).toordinal()
    return datetime.date.fromordinal(rng.randint(d0, d1))


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def fullwidth(s):
    return "".join(
        chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else ("\u3000" if c == " " else c)
        for c in s
    )


# ---------------------------------------------------------------- national IDs
def gen(mod, maker, tries=300000):
    for _ in range(tries):
        c = maker()
        if mod.is_valid(c):
            return mod.compact(c)
    raise RuntimeError("no valid number for %s" % mod.__name__)


def yymmdd(d):
    return d.strftime("%y%m%d")


def ddmmyy(d):
    return d.strftime("%d%m%y")


def mk_cn_ric():
    d = rdate()
    area = rng.choice(
        [
            "110101",
            "110105",
            "310104",
            "310115",
            "440305",
            "440106",
            "510107",
            "330106",
            "420106",
            "320102",
        ]
    )
    return area + d.strftime("%Y%m%d") + D(3) + rng.choice(DIG + "X")


def mk_id_nik():
    d = rdate()
    day = d.day + (40 if rng.random() < 0.5 else 0)
    area = rng.choice(["3273", "3171", "3174", "3578", "3471", "5171", "1271", "7371"])
    return (
        area
        + "%02d" % rng.randint(1, 12)
        + "%02d%02d%s" % (day, d.month, d.strftime("%y"))
        + D(4)
    )


def mk_kr_rrn():
    d = rdate(1960, 2004)
    g = rng.choice("12") if d.year < 2000 else rng.choice("34")
    return yymmdd(d) + g + "%02d" % rng.randint(0, 96) + D(4)


def mk_my_nric():
    d = rdate(1960, 2004)
    return (
        yymmdd(d) + rng.choice(["14", "10", "01", "08", "07", "13", "12", "02"]) + D(4)
    )


def mk_it_cf():
    d = rdate()
    female = rng.random() < 0.5
    dd = d.day + (40 if female else 0)
    month = "ABCDEHLMPRST"[d.month - 1]
    cons = "BCDFGHJKLMNPQRSTVZ"
    vow = "AEIOU"
    name = "".join(
        [
            rng.choice(cons),
            rng.choice(cons),
            rng.choice(cons),
            rng.choice(cons),
            rng.choice(vow),
            rng.choice(cons),
        ]
    )
    town = rng.choice(["F205", "H501", "F839", "L219", "A944", "D612", "G273", "L736"])
    base = name + d.strftime("%y") + month + "%02d" % dd + town
    return base + it_cf.calc_check_digit(base)


def mk_mx_curp():
    d = rdate(1960, 2004)
    cons = "BCDFGHJKLMNPQRSTVZ"
    vow = "AEIOU"
    first = rng.choice(cons) + rng.choice(vow) + rng.choice(cons) + rng.choice(cons)
    state = rng.choice(["DF", "JC", "NL", "PL", "VZ", "GT", "MC", "YN", "OC", "CH"])
    sex = rng.choice("HM")
    inner = rng.choice(cons) + rng.choice(cons) + rng.choice(cons)
    hk = rng.choice(DIG) if d.year < 2000 else rng.choice(UP)
    base = first + yymmdd(d) + sex + state + inner + hk
    return base + mx_curp.calc_check_digit(base + "0")


def mk_mx_rfc():
    d = rdate(1960, 2000)
    cons = "BCDFGHJKLMNPQRSTVZ"
    vow = "AEIOU"
    base = (
        rng.choice(cons)
        + rng.choice(vow)
        + rng.choice(cons)
        + rng.choice(cons)
        + yymmdd(d)
        + rng.choice("123456789ABCDEFGHJKLMNPRSTUV")
        + rng.choice("123456789ABCDEFGHJKLMNPRSTUVWXYZ")
    )
    return base + mx_rfc.calc_check_digit(base)


def mk_sg_nric():
    pre = rng.choice("ST")
    digs = D(7)
    w = [2, 7, 6, 5, 4, 3, 2]
    s = sum(int(a) * b for a, b in zip(digs, w)) + (4 if pre == "T" else 0)
    return pre + digs + "JZIHGFEDCBA"[s % 11]


def mk_tw_id():
    letters = "ABCDEFGHJKLMNPQRSTUVXYWZIO"
    codes = {c: 10 + i for i, c in enumerate(letters)}
    while True:
        c = rng.choice("ABEFHK")
        body = rng.choice("12") + D(7)
        n = codes[c]
        digs = [n // 10, n % 10] + [int(x) for x in body]
        w = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1]
        s = sum(a * b for a, b in zip(digs, w))
        chk = (10 - s % 10) % 10
        return c + body + str(chk)


def mk_hk_id():
    c = rng.choice("ACDEGHKPRVYZ")
    digs = D(6)
    s = (
        (ord(c) - 55) * 8
        + 36 * 9 * 0
        + sum(int(d) * w for d, w in zip(digs, [7, 6, 5, 4, 3, 2]))
    )
    # single-letter prefix: the missing first letter counts as space (value 36) * 9
    s += 36 * 9
    r = 11 - s % 11
    chk = "0" if r == 11 else ("A" if r == 10 else str(r))
    return "%s%s(%s)" % (c, digs, chk)


def mk_ae_eid():
    d = rdate(1960, 2004)
    base = "784" + str(d.year) + D(7)
    for c in DIG:
        if luhn.is_valid(base + c):
            return "784-%s-%s-%s" % (str(d.year), base[7:], c)


IDMK = {}  # key -> maker of a fresh valid number


def build_ids():
    d = rdate
    IDMK["ar_dni"] = lambda: gen(ar_dni, lambda: str(rng.randint(20000000, 44999999)))
    IDMK["ar_cuil"] = lambda: gen(
        ar_cuit, lambda: rng.choice(["20", "27", "23"]) + D(9)
    )
    IDMK["at_svnr"] = lambda: gen(
        at_vnr, lambda: str(rng.randint(1, 9)) + D(3) + ddmmyy(d())
    )
    IDMK["be_nn"] = lambda: gen(be_nn, lambda: yymmdd(d(1950, 1999)) + D(5))
    IDMK["be_bis"] = lambda: gen(
        be_bis,
        lambda: (
            (lambda x: x.strftime("%y") + "%02d" % (x.month + 40) + x.strftime("%d"))(
                d(1950, 1999)
            )
            + D(5)
        ),
    )
    IDMK["bg_egn"] = lambda: gen(bg_egn, lambda: yymmdd(d(1950, 1999)) + D(4))
    IDMK["bg_pnf"] = lambda: gen(bg_pnf, lambda: D(10))
    IDMK["br_cpf"] = lambda: gen(br_cpf, lambda: D(11))
    IDMK["ca_sin"] = lambda: gen(ca_sin, lambda: rng.choice("1234567") + D(8))
    IDMK["ca_bc_phn"] = lambda: gen(ca_bc_phn, lambda: "9" + D(9))
    IDMK["ch_ahv"] = lambda: gen(ch_ssn, lambda: "756" + D(10))
    IDMK["cl_rut"] = lambda: gen(
        cl_rut, lambda: str(rng.randint(8000000, 24999999)) + rng.choice(DIG + "K")
    )
    IDMK["cn_ric"] = lambda: gen(cn_ric, mk_cn_ric)
    IDMK["cr_cedula"] = lambda: gen(cr_cpf, lambda: "0" + rng.choice("1234567") + D(8))
    IDMK["cr_dimex"] = lambda: gen(cr_cr, lambda: "1" + D(11))
    IDMK["cu_ni"] = lambda: gen(
        cu_ni, lambda: yymmdd(d(1950, 1999)) + rng.choice("012345") + D(4)
    )
    IDMK["cz_rc"] = lambda: gen(
        cz_rc,
        lambda: (
            (
                lambda x: (
                    x.strftime("%y")
                    + "%02d" % (x.month + rng.choice([0, 50]))
                    + x.strftime("%d")
                )
            )(d(1954, 1999))
            + D(4)
        ),
    )
    IDMK["sk_rc"] = lambda: gen(
        sk_rc,
        lambda: (
            (
                lambda x: (
                    x.strftime("%y")
                    + "%02d" % (x.month + rng.choice([0, 50]))
                    + x.strftime("%d")
                )
            )(d(1954, 1999))
            + D(4)
        ),
    )
    IDMK["de_steuerid"] = lambda: gen(de_idnr, lambda: str(rng.randint(1, 9)) + D(10))
    IDMK["dk_cpr"] = lambda: gen(
        dk_cpr, lambda: ddmmyy(d(1950, 1999)) + rng.choice("0123") + D(3)
    )
    IDMK["do_cedula"] = lambda: gen(
        do_cedula, lambda: rng.choice(["001", "402", "031", "223", "047"]) + D(8)
    )
    IDMK["ec_ci"] = lambda: gen(
        ec_ci, lambda: "%02d" % rng.randint(1, 24) + rng.choice("012345") + D(7)
    )
    IDMK["ee_ik"] = lambda: gen(
        ee_ik, lambda: rng.choice("34") + yymmdd(d(1950, 1999)) + D(4)
    )
    IDMK["lt_ak"] = lambda: gen(
        lt_asmens, lambda: rng.choice("34") + yymmdd(d(1950, 1999)) + D(4)
    )
    IDMK["es_dni"] = lambda: gen(es_dni, lambda: D(8) + rng.choice(UP))
    IDMK["es_nie"] = lambda: gen(
        es_nie, lambda: rng.choice("XYZ") + D(7) + rng.choice(UP)
    )
    IDMK["fi_hetu"] = lambda: gen(
        fi_hetu,
        lambda: (
            ddmmyy(d(1950, 1999))
            + "-"
            + str(rng.randint(2, 8))
            + D(2)
            + rng.choice(DIG + "ABCDEFHJKLMNPRSTUVWXY")
        ),
    )
    IDMK["fr_nir"] = lambda: gen(
        fr_nir,
        lambda: (
            rng.choice("12")
            + (lambda x: x.strftime("%y%m"))(d())
            + "%02d" % rng.choice([13, 33, 59, 69, 75, 92, 93, 31, 44, 67])
            + D(6)
            + D(2)
        ),
    )
    IDMK["fr_spi"] = lambda: gen(fr_nif, lambda: rng.choice("0123") + D(12))
    IDMK["gb_nhs"] = lambda: gen(gb_nhs, lambda: rng.choice("4567") + D(9))
    IDMK["gb_upn"] = lambda: gen(
        gb_upn,
        lambda: (
            rng.choice(UP)
            + rng.choice(["201", "202", "203", "330", "373", "850", "886", "919"])
            + D(8)
            + rng.choice(DIG + UP)
        ),
    )
    IDMK["gh_tin"] = lambda: gen(gh_tin, lambda: "P00" + D(7) + rng.choice(DIG + "X"))
    IDMK["gr_amka"] = lambda: gen(gr_amka, lambda: ddmmyy(d(1950, 1999)) + D(5))
    IDMK["hr_oib"] = lambda: gen(hr_oib, lambda: str(rng.randint(1, 9)) + D(10))
    IDMK["id_nik"] = lambda: gen(id_nik, mk_id_nik)
    IDMK["ie_pps"] = lambda: gen(ie_pps, lambda: D(7) + rng.choice(UP))
    IDMK["il_teudat"] = lambda: gen(il_idnr, lambda: rng.choice("0123") + D(8))
    IDMK["in_aadhaar"] = lambda: gen(in_aadhaar, lambda: rng.choice("23456789") + D(11))
    IDMK["in_pan"] = lambda: gen(in_pan, lambda: L(3) + "P" + L(1) + D(4) + L(1))
    IDMK["in_epic"] = lambda: gen(in_epic, lambda: L(3) + D(7))
    IDMK["in_vid"] = lambda: gen(in_vid, lambda: rng.choice("23456789") + D(15))
    IDMK["is_kennitala"] = lambda: gen(
        is_kt, lambda: ddmmyy(d(1950, 1999)) + D(4)[:3] + "9"
    )
    IDMK["it_cf"] = lambda: gen(it_cf, mk_it_cf)
    IDMK["jp_mynumber"] = lambda: gen(jp_in, lambda: D(12))
    IDMK["ke_pin"] = lambda: gen(ke_pin, lambda: "A00" + D(7) + rng.choice(UP))
    IDMK["kr_rrn"] = lambda: gen(kr_rrn, mk_kr_rrn)
    IDMK["lv_pk"] = lambda: gen(lv_pvn, lambda: ddmmyy(d(1950, 1999)) + "1" + D(4))
    IDMK["mu_nid"] = lambda: gen(
        mu_nid,
        lambda: rng.choice(UP) + ddmmyy(d(1950, 1999)) + D(6) + rng.choice(DIG + UP),
    )
    IDMK["mx_curp"] = lambda: gen(mx_curp, mk_mx_curp)
    IDMK["mx_rfc"] = lambda: gen(mx_rfc, mk_mx_rfc)
    IDMK["my_nric"] = lambda: gen(my_nric, mk_my_nric)
    IDMK["nl_bsn"] = lambda: gen(nl_bsn, lambda: D(9))
    IDMK["nl_onderwijsnr"] = lambda: gen(nl_onr, lambda: "10" + D(7))
    IDMK["no_fnr"] = lambda: gen(
        no_fnr, lambda: ddmmyy(d(1950, 1999)) + rng.choice("0123") + D(4)
    )
    IDMK["nz_ird"] = lambda: gen(nz_ird, lambda: rng.choice(["0", "1"]) + D(8))
    IDMK["pe_dni"] = lambda: gen(
        pe_cui, lambda: rng.choice("0134567") + D(7) + rng.choice(DIG + "ABCDEFGHIJK")
    )
    IDMK["pk_cnic"] = lambda: gen(pk_cnic, lambda: rng.choice("1234567") + D(12))
    IDMK["pl_pesel"] = lambda: gen(
        pl_pesel,
        lambda: (
            (
                lambda x: (
                    x.strftime("%y")
                    + "%02d" % (x.month + (20 if x.year >= 2000 else 0))
                    + x.strftime("%d")
                )
            )(d(1950, 2004))
            + D(5)
        ),
    )
    IDMK["pt_cc"] = lambda: gen(pt_cc, lambda: D(8) + D(1) + L(2) + D(1))
    IDMK["pt_nif"] = lambda: gen(pt_nif, lambda: rng.choice("123") + D(8))
    IDMK["ro_cnp"] = lambda: gen(
        ro_cnp,
        lambda: (
            rng.choice("12")
            + yymmdd(d(1950, 1999))
            + "%02d" % rng.randint(1, 40)
            + D(4)
        ),
    )
    IDMK["ru_inn"] = lambda: gen(
        ru_inn, lambda: rng.choice(["77", "78", "50", "54", "66", "16"]) + D(10)
    )
    IDMK["se_pnr"] = lambda: gen(se_pnr, lambda: yymmdd(d(1950, 1999)) + "-" + D(4))
    IDMK["si_emso"] = lambda: gen(
        si_emso,
        lambda: (
            (lambda x: x.strftime("%d%m") + str(x.year)[1:])(d(1950, 1999))
            + "50"
            + D(4)
        ),
    )
    IDMK["th_pin"] = lambda: gen(th_pin, lambda: rng.choice("1358") + D(12))
    IDMK["tr_tckn"] = lambda: gen(tr_tc, lambda: str(rng.randint(1, 9)) + D(10))
    IDMK["ua_rnokpp"] = lambda: gen(ua_rntrc, lambda: rng.choice("23") + D(9))
    IDMK["us_ssn"] = lambda: gen(
        us_ssn,
        lambda: (
            "%03d%02d%04d"
            % (
                rng.choice([rng.randint(1, 665), rng.randint(667, 899)]),
                rng.randint(1, 99),
                rng.randint(1, 9999),
            )
        ),
    )
    IDMK["us_itin"] = lambda: gen(
        us_itin,
        lambda: (
            "9%02d%02d%04d"
            % (
                rng.randint(0, 99),
                rng.choice([70, 71, 72, 73, 75, 78, 80, 83, 88, 90, 92, 94, 96, 99]),
                rng.randint(1, 9999),
            )
        ),
    )
    IDMK["ve_ci"] = lambda: gen(
        ve_rif, lambda: "V" + str(rng.randint(10000000, 29999999)) + D(1)
    )
    IDMK["za_id"] = lambda: gen(
        za_idnr, lambda: yymmdd(d(1950, 2003)) + D(4) + "08" + D(1)
    )
    IDMK["sg_nric"] = lambda: mk_sg_nric()
    IDMK["tw_id"] = lambda: mk_tw_id()
    IDMK["hk_hkid"] = lambda: mk_hk_id()
    IDMK["ae_eid"] = lambda: mk_ae_eid()


# ---------------------------------------------------------------- rows
ROWS = []


def add(text, label, kind, template, value=None):
    row = {
        "text": text,
        "label": label,
        "kind": kind,
        "template": template,
        "probe": SET,
        "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
    }
    if label == "pii":
        assert value and value in text, (template, value, text)
        row["value"] = value
    ROWS.append(row)


def fmt_with(mod):
    return lambda v: mod.format(v)


F = {
    "ar_dni": fmt_with(ar_dni),
    "ar_cuil": fmt_with(ar_cuit),
    "at_svnr": lambda v: v[:4] + " " + v[4:],
    "be_nn": fmt_with(be_nn),
    "be_bis": fmt_with(be_bis),
    "br_cpf": fmt_with(br_cpf),
    "ca_sin": fmt_with(ca_sin),
    "ca_bc_phn": fmt_with(ca_bc_phn),
    "ch_ahv": fmt_with(ch_ssn),
    "cl_rut": fmt_with(cl_rut),
    "cr_cedula": fmt_with(cr_cpf),
    "cz_rc": fmt_with(cz_rc),
    "sk_rc": fmt_with(sk_rc),
    "de_steuerid": fmt_with(de_idnr),
    "dk_cpr": fmt_with(dk_cpr),
    "do_cedula": fmt_with(do_cedula),
    "fr_nir": fmt_with(fr_nir),
    "fr_spi": fmt_with(fr_nif),
    "gb_nhs": fmt_with(gb_nhs),
    "in_aadhaar": fmt_with(in_aadhaar),
    "in_vid": fmt_with(in_vid),
    "is_kennitala": fmt_with(is_kt),
    "jp_mynumber": fmt_with(jp_in),
    "kr_rrn": fmt_with(kr_rrn),
    "lv_pk": lambda v: v[:6] + "-" + v[6:],
    "mx_rfc": fmt_with(mx_rfc),
    "my_nric": fmt_with(my_nric),
    "nl_bsn": fmt_with(nl_bsn),
    "no_fnr": fmt_with(no_fnr),
    "nz_ird": fmt_with(nz_ird),
    "pk_cnic": fmt_with(pk_cnic),
    "pt_cc": fmt_with(pt_cc),
    "th_pin": fmt_with(th_pin),
    "us_ssn": fmt_with(us_ssn),
    "us_itin": fmt_with(us_itin),
    "ve_ci": lambda v: v[0] + "-" + v[1:-1] + "-" + v[-1],
    "ke_pin": fmt_with(ke_pin),
    "si_emso": fmt_with(si_emso),
    "pe_dni": lambda v: v[:8] + "-" + v[8:],
    "il_teudat": fmt_with(il_idnr),
    "za_id": fmt_with(za_idnr),
    "cn_ric": fmt_with(cn_ric),
    "ua_rnokpp": fmt_with(ua_rntrc),
    "cr_dimex": fmt_with(cr_cr),
}

# (id type, language, template, use formatter?)
ID_TEMPLATES = [
    (
        "ar_dni",
        "es",
        "Datos de mi viejo para el trámite de ANSES: DNI {v}, nacido en Rosario.",
        1,
    ),
    (
        "ar_cuil",
        "es",
        "CUIL de Rosa (la señora que limpia) para el recibo de sueldo: {v}",
        1,
    ),
    (
        "at_svnr",
        "de",
        "Sozialversicherungsnummer von Oma (steht auf der e-card): {v}",
        1,
    ),
    (
        "be_nn",
        "nl",
        "Rijksregisternummer van mijn zoon Lucas: {v} – nodig voor de mutualiteit",
        1,
    ),
    (
        "be_bis",
        "fr",
        "Numéro BIS de ma colocataire (pas encore inscrite à la commune) : {v}",
        1,
    ),
    ("bg_egn", "bg", "ЕГН на майка ми за болничния: {v}", 0),
    ("bg_pnf", "bg", "ЛНЧ на съпругата ми (тя е чужденка): {v}", 0),
    ("br_cpf", "pt", "CPF da minha esposa pra colocar na nota fiscal: {v}", 1),
    (
        "br_cpf",
        "code",
        '{{"cliente": "Marcos Vinícius", "cpf": "{v}", "plano": "familia"}}',
        0,
    ),
    ("ca_sin", "en", "My SIN for the CRA tax return is {v} - don't lose this", 1),
    ("ca_bc_phn", "en", "BC Personal Health Number for my daughter (CareCard): {v}", 1),
    (
        "ch_ahv",
        "de",
        "AHV-Nummer meiner Frau fürs Formular der Ausgleichskasse: {v}",
        1,
    ),
    ("cl_rut", "es", "RUT de mi hermana para hacerle la transferencia: {v}", 1),
    ("cn_ric", "zh", "我爸的身份证号：{v}，订火车票要用", 0),
    (
        "cr_cedula",
        "es",
        "Cédula de mi mamá (Costa Rica) para la cita en la CCSS: {v}",
        1,
    ),
    ("cr_dimex", "es", "Número DIMEX de mi esposo, por si Migración pregunta: {v}", 0),
    (
        "cu_ni",
        "es",
        "Carné de identidad de mi tía en La Habana (para el envío): {v}",
        0,
    ),
    ("cz_rc", "cs", "Rodné číslo manželky pro pojišťovnu: {v}", 1),
    ("sk_rc", "sk", "Rodné číslo otca (pre zdravotnú poisťovňu): {v}", 1),
    ("de_steuerid", "de", "Meine Steuer-ID für den neuen Arbeitgeber: {v}", 1),
    ("dk_cpr", "da", "Mit CPR-nummer er {v}, hvis lægen spørger", 1),
    (
        "do_cedula",
        "es",
        "Cédula de Juan Carlos (RD) para el contrato del alquiler: {v}",
        1,
    ),
    ("ec_ci", "es", "Cédula de identidad de mi primo en Quito: {v}", 0),
    ("ee_ik", "et", "Minu isikukood on {v} – vaja arsti registreerimiseks", 0),
    ("lt_ak", "lt", "Mano asmens kodas: {v} (reikia draudimo sutarčiai)", 0),
    ("es_dni", "es", "Mi DNI es {v}, me lo piden para la reserva del hotel", 0),
    ("es_nie", "ca", "El NIE de la Laia és {v}, per al contracte del pis", 0),
    ("fi_hetu", "fi", "Äidin henkilötunnus Kela-hakemukseen: {v}", 0),
    ("fr_nir", "fr", "Numéro de sécu de ma mère (pour la mutuelle) : {v}", 1),
    ("fr_spi", "fr", "Mon numéro fiscal sur impots.gouv : {v}", 1),
    (
        "gb_nhs",
        "en",
        "NHS number for Dad: {v} — bring it to the GP appointment on Tuesday",
        1,
    ),
    ("gb_upn", "en", "Leo's UPN from the school admissions letter: {v}", 0),
    ("gh_tin", "en", "Kwame's Ghana TIN for the land paperwork: {v}", 0),
    ("gr_amka", "el", "ΑΜΚΑ της γιαγιάς για το φαρμακείο: {v}", 0),
    ("hr_oib", "hr", "OIB moje supruge (za ugovor o najmu): {v}", 0),
    ("id_nik", "id", "NIK KTP istri saya untuk daftar BPJS: {v}", 0),
    ("ie_pps", "en", "PPS number for the Revenue form - Siobhán's: {v}", 0),
    ("il_teudat", "he", "מספר תעודת הזהות של אבא שלי: {v}", 0),
    ("in_aadhaar", "hi", "मम्मी का आधार नंबर: {v} (गैस कनेक्शन के लिए)", 1),
    ("in_aadhaar", "en", "aadhaar no. of our driver Ramesh -> {v}", 0),
    ("in_pan", "en", "PAN card of my wife: {v} (needed for ITR filing)", 0),
    ("in_epic", "bn", "আমার ভোটার আইডি (EPIC) নম্বর: {v}", 0),
    ("in_vid", "en", "Aadhaar VID I generated for the bank eKYC: {v}", 1),
    ("is_kennitala", "is", "Kennitalan mín er {v}", 1),
    ("it_cf", "it", "Il codice fiscale di mio marito è {v}, serve per il 730", 0),
    ("jp_mynumber", "ja", "妻のマイナンバー：{v}（年末調整の書類用）", 1),
    ("ke_pin", "sw", "Namba ya KRA PIN ya mama yangu ni {v}", 0),
    ("kr_rrn", "ko", "엄마 주민등록번호: {v} (병원 예약할 때 필요)", 1),
    ("lv_pk", "lv", "Mans personas kods: {v}", 1),
    ("mu_nid", "en", "Mauritius NIC number of my aunt Devi: {v}", 0),
    ("mx_curp", "es", "CURP de mi hermano para el trámite del pasaporte: {v}", 0),
    ("mx_rfc", "es", "Mi RFC personal para que me facturen: {v}", 1),
    ("my_nric", "ms", "No. kad pengenalan (MyKad) abang saya: {v}", 1),
    ("nl_bsn", "nl", "BSN van mijn vriendin voor de huurovereenkomst: {v}", 1),
    (
        "nl_onderwijsnr",
        "nl",
        "Onderwijsnummer van Sem (inschrijving nieuwe school): {v}",
        0,
    ),
    ("no_fnr", "no", "Fødselsnummeret mitt er {v}", 1),
    ("nz_ird", "en", "My IRD number for the KiwiSaver form: {v}", 1),
    ("pe_dni", "es", "DNI de mi abuela (Perú) con dígito: {v}", 1),
    ("pk_cnic", "ur", "میرے والد کا شناختی کارڈ نمبر: {v}", 1),
    ("pl_pesel", "pl", "PESEL mojej córki do przychodni: {v}", 0),
    ("pt_cc", "pt", "Número do Cartão de Cidadão do meu pai: {v}", 1),
    ("pt_nif", "pt", "NIF da minha mulher para pôr na fatura: {v}", 0),
    ("ro_cnp", "ro", "CNP-ul meu este {v}, pentru formularul de la bancă", 0),
    ("ru_inn", "ru", "Мой ИНН (для налогового вычета): {v}", 0),
    ("se_pnr", "sv", "Personnummer till min sambo: {v}", 0),
    ("si_emso", "sl", "EMŠO moje mame: {v}", 0),
    ("th_pin", "th", "เลขบัตรประชาชนของแม่: {v}", 1),
    ("tr_tckn", "tr", "Annemin TC kimlik numarası: {v}", 0),
    ("ua_rnokpp", "uk", "РНОКПП (ІПН) дружини для декларації: {v}", 0),
    ("us_ssn", "en", "SSN: {v} (mine, for the W-4 at the new job)", 1),
    ("us_ssn", "code", "name,relation,ssn\nDana Whitfield,spouse,{v}", 1),
    ("us_itin", "es", "El ITIN de mi esposo para los taxes: {v}", 1),
    ("ve_ci", "es", "RIF personal de mi cuñado (Venezuela): {v}", 1),
    ("za_id", "af", "My suster se ID-nommer is {v}", 0),
    ("sg_nric", "en", "My NRIC is {v}, they need it for the condo facility booking", 0),
    ("tw_id", "zh-tw", "老婆的身分證字號：{v}，報稅要用", 0),
    ("hk_hkid", "yue", "阿媽嘅身份證號碼係 {v}，下個禮拜睇醫生要用", 0),
    ("ae_eid", "ar", "رقم الهوية الإماراتية لزوجتي: {v}", 0),
]


def pii_ids():
    for key, lang, tpl, usefmt in ID_TEMPLATES:
        raw = IDMK[key]()
        v = F[key](raw) if usefmt and key in F else raw
        add(tpl.format(v=v), "pii", "nid_" + key, "nid_%s.%s" % (key, lang), v)


def luhn_complete(prefix, length):
    body = prefix + D(length - len(prefix) - 1)
    return body + luhn.calc_check_digit(body)


def pii_cards():
    specs = [
        (
            "visa",
            "4" + str(rng.randint(1, 9)) + D(4),
            16,
            "en",
            "Card I use for Amazon: {v} exp 09/28",
        ),
        (
            "mastercard",
            str(rng.randint(51, 55)),
            16,
            "de",
            "Kreditkarte von Papa (für die Hotelbuchung): {v}, gültig bis 03/27",
        ),
        (
            "amex",
            rng.choice(["34", "37"]),
            15,
            "en",
            "amex: {v}  (Hannah's, billing zip on file)",
        ),
        (
            "mastercard2",
            "2" + str(rng.randint(221, 720)),
            16,
            "es",
            "Tarjeta de mi madre para pagar la luz: {v}",
        ),
        ("jcb", str(rng.randint(3528, 3589)), 16, "ja", "夫のJCBカード番号：{v}"),
        ("unionpay", "62" + D(4), 16, "zh", "我的银联卡号是 {v}，还信用卡用"),
        (
            "rupay",
            rng.choice(["6521", "6522", "6081"]),
            16,
            "en",
            "RuPay debit card (SBI) - {v}",
        ),
        ("mir", "220" + str(rng.randint(0, 4)), 16, "ru", "Номер карты Мир мамы: {v}"),
        (
            "discover",
            "6011",
            16,
            "code",
            'payment_method:\n  holder: Greg Paulsen\n  number: "{v}"\n  exp: 2027-11',
        ),
        ("troy", "9792", 16, "tr", "Kardeşimin Troy kart numarası: {v}"),
        ("visa_ko", "4" + D(5), 16, "ko", "아내 체크카드 번호 {v} 유효기간 11/26"),
        ("maestro", "6759", 16, "nl", "Bankpas van oma: {v}"),
    ]
    for i, (name, pre, n, lang, tpl) in enumerate(specs):
        num = luhn_complete(pre, n)
        style = i % 4
        if n == 15:
            v = "%s %s %s" % (num[:4], num[4:10], num[10:])
        elif style == 0:
            v = " ".join(num[j : j + 4] for j in range(0, n, 4))
        elif style == 1:
            v = "-".join(num[j : j + 4] for j in range(0, n, 4))
        elif style == 2:
            v = num
        else:
            v = " ".join(num[j : j + 4] for j in range(0, n, 4))
        add(tpl.format(v=v), "pii", "payment_card", "card_%s.%s" % (name, lang), v)


IBAN_SPECS = {
    "DE": lambda: D(18),
    "AT": lambda: D(16),
    "NL": lambda: rng.choice(["ABNA", "INGB", "RABO", "TRIO"]) + D(10),
    "GB": lambda: rng.choice(["NWBK", "BARC", "HBUK", "LOYD", "MIDL"]) + D(14),
    "IE": lambda: rng.choice(["AIBK", "BOFI"]) + D(14),
    "CH": lambda: D(17),
    "ES": lambda: D(20),
    "BE": lambda: D(12),
    "NO": lambda: D(11),
    "DK": lambda: D(14),
    "LT": lambda: D(16),
    "LU": lambda: D(3) + D(13),
    "TR": lambda: D(5) + "0" + D(16),
    "SA": lambda: D(2) + D(18),
    "AE": lambda: D(19),
    "RO": lambda: rng.choice(["BTRL", "RNCB", "BRDE", "INGB"]) + D(16),
}


def mk_iban(cc):
    for _ in range(100000):
        bban = IBAN_SPECS[cc]()
        num = bban + cc + "00"
        n = int("".join(str(int(c, 36)) for c in num))
        chk = "%02d" % (98 - n % 97)
        ib = cc + chk + bban
        if std_iban.is_valid(ib):
            return ib
    raise RuntimeError(cc)


def pii_ibans():
    tpls = [
        ("DE", "de", "IBAN von meinem Bruder für die Miete: {v}"),
        ("AT", "de", "Kontoverbindung Tante Gerti – {v}"),
        ("NL", "nl", "Tikkie ging mis, dus maak het over naar mijn rekening: {v}"),
        ("GB", "en", "Sis's bank details for the deposit refund: {v}"),
        ("IE", "en", "IBAN (my current account, AIB): {v}"),
        ("CH", "fr", "Mon IBAN pour le remboursement de la caution : {v}"),
        ("ES", "es", "Cuenta de mi padre para domiciliar el recibo: {v}"),
        ("BE", "fr", "Versez la part de Julie sur son compte {v} svp"),
        ("NO", "no", "Kontonummeret mitt som IBAN: {v}"),
        ("DK", "da", "Mors IBAN til overførslen: {v}"),
        ("LT", "lt", "Mano sąskaita (IBAN): {v}"),
        ("LU", "code", "beneficiary_name=Paulo Ferreira\nbeneficiary_iban={v}"),
        ("TR", "tr", "Kira için ev sahibimin değil, benim IBAN'ım: {v}"),
        ("SA", "ar", "رقم الآيبان الخاص بي: {v}"),
        ("AE", "en", "My Emirates NBD IBAN for salary transfer: {v}"),
        ("RO", "ro", "Contul meu IBAN pentru chirie: {v}"),
    ]
    for i, (cc, lang, tpl) in enumerate(tpls):
        ib = mk_iban(cc)
        v = std_iban.format(ib) if i % 3 != 2 else ib
        add(tpl.format(v=v), "pii", "iban", "iban_%s.%s" % (cc.lower(), lang), v)


def rand_phone(
    region,
    kinds=(
        phonenumbers.PhoneNumberType.MOBILE,
        phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
    ),
):
    ex = phonenumbers.example_number_for_type(
        region, phonenumbers.PhoneNumberType.MOBILE
    )
    nsn = str(ex.national_number)
    for keep in (3, 2, 4):
        for _ in range(4000):
            cand = nsn[:keep] + D(len(nsn) - keep)
            if cand == nsn:
                continue
            pn = phonenumbers.PhoneNumber(
                country_code=ex.country_code, national_number=int(cand)
            )
            if ex.italian_leading_zero:
                pn.italian_leading_zero = True
            if (
                phonenumbers.is_valid_number_for_region(pn, region)
                and phonenumbers.number_type(pn) in kinds
            ):
                return pn
    raise RuntimeError(region)


PHONE_TPLS = [
    ("US", "en", "intl", "Jake's cell: {v}"),
    ("US", "en", "dots", "text my landlord Mike at {v} if the heater breaks again"),
    ("GB", "en", "nat", "New number for Auntie Pam — {v}"),
    ("DE", "de", "intl", "Handynummer von Svenja: {v}"),
    ("FR", "fr", "nat", "Le portable de ma sœur : {v}"),
    ("ES", "es", "intl", "El móvil de Lucía es el {v}, llámala después de las 8"),
    ("IT", "it", "nat", "Il cellulare di nonna: {v}"),
    ("NL", "nl", "nat", "Bel de oppas (Fleur) op {v}"),
    ("PL", "pl", "intl", "Numer do Kasi: {v}"),
    ("BR", "pt", "nat", "Zap da minha mãe: {v}"),
    ("MX", "es", "e164", "WhatsApp de mi compadre Toño: {v}"),
    ("AR", "es", "intl", "Celu de la Flor: {v}"),
    ("CO", "es", "nat", "El número de mi prima en Medellín: {v}"),
    ("IN", "hi", "intl", "भैया का मोबाइल नंबर: {v}"),
    ("PK", "ur", "nat", "میری بہن کا نمبر: {v}"),
    ("BD", "bn", "nat", "আমার ভাইয়ের মোবাইল নম্বর: {v}"),
    ("CN", "zh", "nat", "小王的手机号：{v}"),
    ("JP", "ja", "nat", "田中さんの携帯：{v}"),
    ("KR", "ko", "nat", "민지 핸드폰 번호: {v}"),
    ("TW", "zh-tw", "intl", "阿姨的手機：{v}"),
    ("VN", "vi", "nat", "Số điện thoại của mẹ: {v}"),
    ("TH", "th", "nat", "เบอร์มือถือของพี่สาว: {v}"),
    ("ID", "id", "intl", "Nomor HP Budi: {v}"),
    ("PH", "tl", "nat", "Number ni Tita Baby: {v}"),
    ("AU", "en", "nat", "Mate's mobile (Dazza): {v}"),
    ("ZA", "af", "nat", "Ouma se selfoon: {v}"),
    ("NG", "en", "intl", "Chidi's line: {v} — call after 6pm Lagos time"),
    ("KE", "sw", "intl", "Namba ya simu ya kaka yangu: {v}"),
    ("EG", "ar", "intl", "رقم موبايل أختي: {v}"),
    ("IL", "he", "nat", "הטלפון של סבתא: {v}"),
    ("TR", "tr", "nat", "Ablamın cep numarası: {v}"),
    ("RU", "ru", "nat", "Мобильный Серёжи: {v}"),
    ("UA", "uk", "intl", "Номер мами: {v}"),
    ("SE", "sv", "nat", "Mobilnummer till Elin: {v}"),
    ("FI", "fi", "intl", "Matin puhelinnumero: {v}"),
    ("GR", "el", "nat", "Το κινητό της Ελένης: {v}"),
    ("IR", "fa", "nat", "شماره موبایل برادرم: {v}"),
    ("HU", "hu", "intl", "Anya mobilszáma: {v}"),
    ("SG", "en", "fw", "住所変更後の連絡先（シンガポールの携帯）：{v}"),
]


def pii_phones():
    for region, lang, style, tpl in PHONE_TPLS:
        pn = rand_phone(region)
        if style == "intl":
            v = phonenumbers.format_number(pn, PNF.INTERNATIONAL)
        elif style == "e164":
            v = phonenumbers.format_number(pn, PNF.E164)
        elif style == "dots":
            n = str(pn.national_number)
            v = "%s.%s.%s" % (n[:3], n[3:6], n[6:])
        elif style == "fw":
            v = fullwidth(phonenumbers.format_number(pn, PNF.INTERNATIONAL))
            lang = "ja"
        else:
            v = phonenumbers.format_number(pn, PNF.NATIONAL)
        # sanity: the written form parses back to a valid number
        chk = phonenumbers.parse(v, region)
        assert phonenumbers.is_valid_number(chk), (region, v)
        add(
            tpl.format(v=v),
            "pii",
            "phone",
            "phone_%s_%s.%s" % (region.lower(), style, lang),
            v,
        )


EMAIL_TPLS = [
    ("en", "My personal email is {v} (not the work one)", "plain"),
    ("en", "Send the photos to Grandma at {v}", "plain"),
    ("es", "El correo de mi hermano: {v}", "plain"),
    ("de", "Private Mail von Jonas: {v}", "plain"),
    ("fr", "L'adresse mail perso de Camille : {v}", "plain"),
    ("it", "Scrivi a Giulia su {v}", "plain"),
    ("pt", "E-mail pessoal da Ana: {v}", "plain"),
    ("pl", "Mail do Tomka: {v}", "plain"),
    ("ru", "Почта моей жены: {v}", "plain"),
    ("ja", "佐藤さんの個人メール：{v}", "plain"),
    ("ko", "지훈이 개인 이메일: {v}", "plain"),
    ("zh", "我老婆的QQ邮箱：{v}", "plain"),
    ("cs", "Soukromý e-mail na Petru: {v}", "plain"),
    ("tr", "Kuzenimin e-postası: {v}", "plain"),
    ("en", "reach me privately: {v}", "spelled_en"),
    ("es", "mi correo es {v}, escríbeme ahí", "spelled_es"),
    ("fr", "son mail c'est {v}", "spelled_fr"),
    ("it", "la mia mail: {v}", "spelled_it"),
    ("pl", "mój mail to {v}", "spelled_pl"),
    ("ru", "пиши мне на {v}", "spelled_ru"),
    ("de", "Mail an Opa: {v}", "spelled_de"),
    ("code", "[user]\n\tname = Priya Raman\n\temail = {v}", "plain"),
]

FIRST = {
    "en": ["jenny", "mark", "sarah", "tom", "liam", "hannah"],
    "es": ["lucia", "javier", "carmen", "pablo"],
    "de": ["jonas", "lena", "uwe", "svenja", "gerd"],
    "fr": ["camille", "julien", "manon", "thibault"],
    "it": ["giulia", "marco", "chiara"],
    "pt": ["ana", "joao", "beatriz"],
    "pl": ["tomek", "kasia", "marta"],
    "ru": ["olga", "dima", "sveta"],
    "ja": ["sato", "yuki", "haruto"],
    "ko": ["jihoon", "minji", "seoyeon"],
    "zh": ["wang", "lixia", "chenjie"],
    "cs": ["petra", "jakub"],
    "tr": ["elif", "emre"],
    "code": ["priya"],
}
LAST = {
    "en": ["hollis", "okafor", "mcbride", "kowalczyk", "thornton"],
    "es": ["garcia", "moreno", "navarro"],
    "de": ["brandt", "hofmann", "krueger"],
    "fr": ["lefebvre", "moreau", "giraud"],
    "it": ["rossi", "bianchi", "esposito"],
    "pt": ["souza", "ferreira"],
    "pl": ["nowak", "wisniewski"],
    "ru": ["ivanova", "petrov", "smirnova"],
    "ja": ["tanaka", "sato"],
    "ko": ["kim", "park"],
    "zh": ["zhang", "liu"],
    "cs": ["novakova", "dvorak"],
    "tr": ["yilmaz", "kaya"],
    "code": ["raman"],
}
PROVIDERS = {
    "en": [
        "gmail.com",
        "yahoo.com",
        "outlook.com",
        "hotmail.co.uk",
        "icloud.com",
        "proton.me",
    ],
    "es": ["gmail.com", "hotmail.es", "yahoo.es"],
    "de": ["gmx.de", "web.de", "t-online.de"],
    "fr": ["orange.fr", "free.fr", "laposte.net"],
    "it": ["libero.it", "virgilio.it", "gmail.com"],
    "pt": ["uol.com.br", "bol.com.br", "sapo.pt"],
    "pl": ["wp.pl", "o2.pl", "interia.pl"],
    "ru": ["mail.ru", "yandex.ru"],
    "ja": ["docomo.ne.jp", "yahoo.co.jp"],
    "ko": ["naver.com", "daum.net"],
    "zh": ["qq.com", "163.com"],
    "cs": ["seznam.cz", "centrum.cz"],
    "tr": ["hotmail.com", "gmail.com"],
    "code": ["fastmail.com"],
}


def pii_emails():
    for lang, tpl, style in EMAIL_TPLS:
        f = rng.choice(FIRST[lang])
        l = rng.choice(LAST[lang])
        sep = (
            rng.choice([".", "_", ""])
            if style in ("plain", "spelled_en")
            else rng.choice([".", ""])
        )
        num = rng.choice(["", str(rng.randint(70, 99)), str(rng.randint(1, 999))])
        local = f + sep + l + num
        dom = rng.choice(PROVIDERS[lang])
        name, tld = dom.split(".", 1)
        tldw = tld.replace(".", " {dot} ")
        if style == "plain":
            v = "%s@%s" % (local, dom)
        else:
            words = {
                "spelled_en": ("at", "dot"),
                "spelled_es": ("arroba", "punto"),
                "spelled_fr": ("arobase", "point"),
                "spelled_it": ("chiocciola", "punto"),
                "spelled_pl": ("małpa", "kropka"),
                "spelled_ru": ("собака", "точка"),
                "spelled_de": ("ät", "punkt"),
            }[style]
            lp = local.replace(".", " %s " % words[1]).replace("_", " underscore ")
            dotw = words[1]
            v = "%s %s %s %s %s" % (lp, words[0], name, dotw, tldw.format(dot=dotw))
            if style == "spelled_en":
                v = "%s [at] %s [dot] %s" % (local, name, tld.replace(".", " [dot] "))
        add(
            tpl.format(v=v),
            "pii",
            "email" if style == "plain" else "email_spelled",
            "email_%s.%s" % (style, lang),
            v,
        )


ADDRESSES = [
    (
        "en",
        "I live at {v}, buzzer doesn't work so call",
        "14 Kenmure Road, Glasgow G46 6TU",
    ),
    (
        "en",
        "Ship the replacement to {v}",
        "2217 Maple Hollow Dr, Apt 3B, Columbus, OH 43215",
    ),
    ("de", "Meine neue Adresse: {v}", "Gneisenaustraße 61, 10961 Berlin"),
    ("fr", "L'adresse de mes parents : {v}", "12 rue des Tanneurs, 69005 Lyon"),
    (
        "es",
        "Mándalo a casa de mi abuela: {v}",
        "Calle de Alcalá 318, 4º B, 28027 Madrid",
    ),
    ("it", "Casa di Francesca: {v}", "Via Luigi Settembrini 27, 80139 Napoli"),
    (
        "nl",
        "Ons nieuwe adres vanaf 1 maart: {v}",
        "Van Speijkstraat 113-2, 1057 GX Amsterdam",
    ),
    ("pl", "Adres mamy do paczki: {v}", "ul. Wiśniowa 14/7, 02-520 Warszawa"),
    (
        "pt",
        "Endereço da minha tia: {v}",
        "Rua Harmonia 512, apto 31, Vila Madalena, São Paulo - SP, 05435-000",
    ),
    ("ja", "実家の住所：{v}", "〒630-8114 奈良県奈良市芝辻町4丁目7-12"),
    ("ko", "우리 집 주소: {v}", "서울특별시 마포구 성미산로 17길 34, 502호"),
    ("zh", "寄到我家：{v}", "上海市徐汇区宛平南路88弄5号1202室"),
    ("ru", "Адрес мамы: {v}", "г. Новосибирск, ул. Ватутина, д. 27, кв. 45"),
    ("tr", "Ev adresim: {v}", "Moda Cad. No:18 D:6, Kadıköy/İstanbul"),
    (
        "en",
        "Priya's flat: {v}",
        "Flat 302, Sai Residency, 5th Cross, Indiranagar, Bengaluru 560038",
    ),
    ("en", "Party at Kate's — {v}, BYO", "7/23 Wattle St, Ultimo NSW 2007"),
    ("sv", "Lägenheten: {v}", "Kvarnbergsgatan 14B, lgh 1102, 411 05 Göteborg"),
    ("cs", "Bydlím na adrese {v}", "Slezská 1284/56, 120 00 Praha 2"),
    (
        "el",
        "Η διεύθυνση του σπιτιού μου: {v}",
        "Αγίου Δημητρίου 145, 546 33 Θεσσαλονίκη",
    ),
    ("es", "Mi depto: {v}", "Av. Corrientes 3842, piso 5 depto C, C1194AAR CABA"),
    (
        "code",
        'recipient:\n  name: Thandi Mokoena\n  address: "{v}"',
        "19 Protea Road, Claremont, Cape Town 7708",
    ),
    ("vi", "Địa chỉ nhà bố mẹ: {v}", "Số 25 ngõ 102 Trường Chinh, Đống Đa, Hà Nội"),
]


def pii_addresses():
    for lang, tpl, v in ADDRESSES:
        add(tpl.format(v=v), "pii", "home_address", "addr.%s" % lang, v)


def pii_dobs():
    mon_fr = [
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
    ]
    mon_es = [
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
    ]
    mon_en = [
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
    ]
    items = [
        (
            "en",
            "DOB (mine, for the insurance quote): {v}",
            lambda d: d.strftime("%Y-%m-%d"),
        ),
        (
            "en",
            "Mum was born on {v} — order the cake early",
            lambda d: "%d %s %d" % (d.day, mon_en[d.month - 1], d.year),
        ),
        (
            "de",
            "Geburtsdatum von Herrn Krüger (mein Nachbar, Vollmacht): {v}",
            lambda d: d.strftime("%d.%m.%Y"),
        ),
        (
            "fr",
            "Ma fille est née le {v}",
            lambda d: "%d %s %d" % (d.day, mon_fr[d.month - 1], d.year),
        ),
        (
            "es",
            "Fecha de nacimiento de mi pareja: {v}",
            lambda d: d.strftime("%d/%m/%Y"),
        ),
        (
            "ja",
            "息子の生年月日：{v}",
            lambda d: "%d年%d月%d日" % (d.year, d.month, d.day),
        ),
        (
            "ko",
            "남편 생년월일 {v}",
            lambda d: "%d년 %d월 %d일" % (d.year, d.month, d.day),
        ),
        ("ru", "Дата рождения бабушки: {v}", lambda d: d.strftime("%d.%m.%Y")),
        ("pt", "Data de nascimento do meu pai: {v}", lambda d: d.strftime("%d/%m/%Y")),
        ("it", "Mia moglie è nata il {v}", lambda d: d.strftime("%d/%m/%Y")),
        (
            "nl",
            "Geboortedatum van Daan (voor de zwemles): {v}",
            lambda d: d.strftime("%d-%m-%Y"),
        ),
        (
            "code",
            'patient:\n  name: Oksana Hrytsenko\n  dob: "{v}"\n  allergies: [penicillin]',
            lambda d: d.strftime("%Y-%m-%d"),
        ),
    ]
    for lang, tpl, f in items:
        v = f(rdate(1940, 2015))
        add(tpl.format(v=v), "pii", "date_of_birth", "dob.%s" % lang, v)


def pii_passports():
    B = "CFGHJKLMNPRTVWXYZ0123456789"
    items = [
        (
            "en",
            "My US passport number: {v} (expires 2031)",
            lambda: str(rng.randint(5, 6)) + D(8),
        ),
        ("en", "Tom's UK passport no. {v} for the ESTA form", lambda: "1" + D(8)),
        ("de", "Reisepassnummer von Lena: {v}", lambda: "C" + tok(B, 8)),
        ("fr", "Numéro de passeport de mon mari : {v}", lambda: D(2) + L(2) + D(5)),
        (
            "en",
            "passport (India) of Ma: {v}",
            lambda: rng.choice("JKLMNPRSTUVWZ") + D(7),
        ),
        ("zh", "护照号码（我妈的）：{v}", lambda: "E" + D(8)),
        (
            "ja",
            "パスポート番号（妻）：{v}",
            lambda: rng.choice(["TK", "TR", "TZ", "MU"]) + D(7),
        ),
        ("pt", "Passaporte do meu irmão: {v}", lambda: L(2) + D(6)),
        (
            "ru",
            "Загранпаспорт мужа: {v}",
            lambda: str(rng.randint(70, 77)) + " " + D(7),
        ),
        ("es", "Pasaporte de mi hija (para el viaje): {v}", lambda: "PA" + L(1) + D(6)),
        ("it", "Numero di passaporto di papà: {v}", lambda: "Y" + L(1) + D(7)),
        ("ko", "여권번호 (내 것): {v}", lambda: "M" + D(8)),
    ]
    for lang, tpl, f in items:
        v = f()
        add(tpl.format(v=v), "pii", "passport", "passport.%s" % lang, v)


def uk_dl():
    sur = rng.choice(["MORGA", "PATEL", "OKONK", "SMITH", "HUGHE", "BRENN"])
    d = rdate(1960, 2000)
    female = rng.random() < 0.5
    m = d.month + (50 if female else 0)
    return (
        sur
        + d.strftime("%y")[0]
        + "%02d" % m
        + "%02d" % d.day
        + d.strftime("%y")[1]
        + L(2)
        + "9"
        + tok(UP + DIG, 2)
    )


def pii_licences():
    items = [
        ("en", "UK driving licence no: {v}", uk_dl),
        ("en", "CA DL for the rental: {v}", lambda: L(1) + D(7)),
        ("en", "NY license # {v} (Marcus)", lambda: "%s %s %s" % (D(3), D(3), D(3))),
        (
            "en",
            "FL driver license: {v}",
            lambda: "%s%s-%s-%s-%s-%s" % (L(1), D(3), D(3), D(2), D(3), D(1)),
        ),
        ("fr", "Numéro de permis de conduire de Julie : {v}", lambda: D(12)),
        (
            "de",
            "Führerscheinnummer (meine): {v}",
            lambda: L(1) + D(2) + tok(UP + DIG, 6) + D(1) + D(1),
        ),
        (
            "en",
            "DL number (Maharashtra) of my dad: {v}",
            lambda: "MH%02d %d%s" % (rng.randint(1, 50), rng.randint(1995, 2020), D(7)),
        ),
        ("en", "NSW licence no. {v} – for the car share signup", lambda: D(8)),
        ("en", "Ontario DL: {v}", lambda: "%s%s-%s-%s" % (L(1), D(4), D(5), D(5))),
        (
            "es",
            "Número de licencia de conducir de mi papá (Ciudad de México): {v}",
            lambda: L(1) + D(8),
        ),
    ]
    for lang, tpl, f in items:
        v = f()
        add(tpl.format(v=v), "pii", "driving_licence", "dl.%s" % lang, v)


# ---------------------------------------------------------------- key material (deterministic)
def _is_probable_prime(n, k=24):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    for _ in range(k):
        a = rng.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(bits):
    while True:
        c = rng.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if c % 65537 != 1 and _is_probable_prime(c):
            return c


def seeded_rsa(bits=2048):
    e = 65537
    while True:
        p, q = _prime(bits // 2), _prime(bits // 2)
        if p == q:
            continue
        phi = (p - 1) * (q - 1)
        try:
            d = pow(e, -1, phi)
        except ValueError:
            continue
        if p < q:
            p, q = q, p
        pub = rsa.RSAPublicNumbers(e, p * q)
        priv = rsa.RSAPrivateNumbers(
            p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), pub
        )
        return priv.private_key()


def pem_priv(key, fmt="pkcs8"):
    f = (
        serialization.PrivateFormat.PKCS8
        if fmt == "pkcs8"
        else serialization.PrivateFormat.TraditionalOpenSSL
    )
    return (
        key.private_bytes(serialization.Encoding.PEM, f, serialization.NoEncryption())
        .decode()
        .strip()
    )


def _sshstr(b):
    if isinstance(b, str):
        b = b.encode()
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(comment):
    seed = bytes(rng.getrandbits(8) for _ in range(32))
    k = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
    pub = k.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    pubblob = _sshstr("ssh-ed25519") + _sshstr(pub)
    chk = struct.pack(">I", rng.getrandbits(32))
    priv = (
        chk
        + chk
        + _sshstr("ssh-ed25519")
        + _sshstr(pub)
        + _sshstr(seed + pub)
        + _sshstr(comment)
    )
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = (
        b"openssh-key-v1\x00"
        + _sshstr("none")
        + _sshstr("none")
        + _sshstr(b"")
        + struct.pack(">I", 1)
        + _sshstr(pubblob)
        + _sshstr(priv)
    )
    b64 = base64.b64encode(blob).decode()
    body = "\n".join(b64[i : i + 70] for i in range(0, len(b64), 70))
    publine = "ssh-ed25519 " + base64.b64encode(pubblob).decode() + " " + comment
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + body
        + "\n-----END OPENSSH PRIVATE KEY-----",
        publine,
    )


def b58(b):
    n = int.from_bytes(b, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    pad = len(b) - len(b.lstrip(b"\x00"))
    return "1" * pad + out


def wif():
    key = bytes(rng.getrandbits(8) for _ in range(32))
    payload = b"\x80" + key + b"\x01"
    chk = hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    return b58(payload + chk)


def jwt(payload, key=None):
    key = key or bytes(rng.getrandbits(8) for _ in range(32))
    h = b64u(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    s = b64u(hmac.new(key, (h + "." + p).encode(), hashlib.sha256).digest())
    return h + "." + p + "." + s


BIP39 = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid acoustic "
    "acquire across act action actor actress actual adapt add addict address adjust admit adult advance advice aerobic affair "
    "afford afraid again age agent agree ahead aim air airport aisle alarm album alcohol alert alien all alley allow almost alone "
    "alpha already also alter always amateur amazing among amount amused analyst anchor ancient anger angle angry animal ankle "
    "announce annual another answer antenna antique anxiety any apart apology appear apple approve april arch arctic area arena "
    "argue arm armed armor army around arrange arrest arrive arrow art artefact artist artwork ask aspect assault asset assist "
    "bacon badge balance balcony bamboo banana banner barely bargain barrel basket battle beach bean beauty become before begin "
    "behave believe below bench benefit betray better beyond bicycle biology bird birth bitter blade blame blanket blast bleak "
    "cabbage cabin cable cactus camera canal cancel candy cannon canoe canvas canyon capable capital captain carbon cargo carpet "
    "dawn decade december decide decline decorate decrease deer defense define degree delay deliver demand dentist depart deposit "
    "eagle echo economy effort eight elegant elephant embrace emotion empower endless energy engine enjoy enroll envelope episode "
    "fabric faculty family famous fashion father fatigue feature february female fence festival fiscal fitness flamingo fossil "
    "galaxy garden garlic genius giraffe glimpse glove goddess gorilla gospel grape gravity grocery guitar habit hamster harvest "
    "hedgehog helmet hero history hobby holiday honey horse hospital hover humble hungry hurdle husband hybrid icon illness immune "
    "impulse inch indoor industry infant inherit initial inmate invite iron island ivory jaguar jazz jelly jewel journey juice "
    "kangaroo ketchup kidney kingdom kitten kiwi labor ladder lamp language lava laundry layer lecture legend lemon lens leopard "
    "liberty lion liquid lizard lobster lottery loyal lunar lyrics magnet mammal mango mansion marble marine matrix maze meadow "
    "melody memory merit mesh middle mimic miracle mistake mixture mobile moment monkey morning mosquito motor mountain muffin "
    "museum mystery napkin nephew noble noodle novel nuclear nurse oak obey obtain ocean office olive olympic opera orange orchard "
    "orphan owner oxygen oyster paddle palace panda panther patrol peasant penalty pepper piano pilot pioneer pizza planet pluck "
    "plunge poem pond popular potato pottery pumpkin pupil puzzle pyramid quantum quiz rabbit ranch rapid raven razor rebel "
    "recycle regret rescue reveal reward rhythm ribbon ritual river robot rocket rubber runway rural saddle salad salmon sample "
    "scatter scheme scissors scout season segment seminar senior session shadow sheriff shield shrimp siege silent silver siren "
    "skull slender slogan smooth snake soccer soldier solid someone soul spatial spider spoon spring squirrel stable steak stomach "
    "stool stove subway sugar summer sunset surprise survey sword symbol tackle talent temple tenant theory thunder ticket tiger "
    "tomato topic tornado tower tragic tribe trophy tuna tunnel turtle twin typical umbrella uniform universe unveil urban useful "
    "vacuum valley velvet venture verify vessel village virus visit vivid volcano voyage wagon walnut warrior weapon weather whale "
    "wheel width window winter wisdom wolf wrist yellow young youth zebra zero zone zoo"
).split()


def seed_phrase(n):
    return " ".join(rng.choice(BIP39) for _ in range(n))


PW_WORDS = [
    "Sommer",
    "Mariposa",
    "Kaffee",
    "Lune",
    "Sakura",
    "Tigre",
    "Pomodoro",
    "Zorro",
    "Bulldog",
    "Kirsche",
    "Falcon",
    "Aurora",
    "Nebula",
    "Pingwin",
    "Kotek",
    "Rakieta",
    "Oliveira",
    "Hamster",
    "Bacalhau",
    "Fjord",
    "Tulipan",
    "Kangur",
    "Mango",
    "Delfin",
    "Wolke",
    "Soleil",
    "Chispa",
    "Bambus",
    "Kuzgun",
    "Yildiz",
    "Ruusu",
    "Lumi",
    "Zvezda",
    "Pirat",
    "Kiwi",
    "Coyote",
]
SYM = "!@#$%&*?+=_-."


def human_pw():
    p = rng.randint(0, 5)
    w = rng.choice(PW_WORDS)
    if p == 0:
        return w + str(rng.randint(1975, 2024)) + rng.choice(SYM)
    if p == 1:
        return tok(ALNUM + "!#$%&*+-=?@^_", rng.randint(14, 20))
    if p == 2:
        leet = w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1")
        return leet + rng.choice(SYM) + D(2)
    if p == 3:
        return (
            rng.choice(PW_WORDS)
            + rng.choice(PW_WORDS)
            + rng.choice(SYM)
            + D(rng.randint(2, 4))
        )
    if p == 4:
        return tok(ALNUM, 12)
    return w.lower() + rng.choice(SYM) + tok(ALNUM, 5) + D(2)


PHRASE_WORDS = {
    "en": [
        "lantern",
        "oyster",
        "gravel",
        "copper",
        "meadow",
        "violin",
        "harbor",
        "pickle",
        "thunder",
        "walnut",
        "saddle",
        "crimson",
    ],
    "de": [
        "Fahrrad",
        "Zitrone",
        "Leuchtturm",
        "Gurke",
        "Wolke",
        "Schrank",
        "Igel",
        "Brezel",
        "Tanne",
        "Kompass",
    ],
    "es": [
        "tortuga",
        "ventana",
        "limón",
        "guitarra",
        "nube",
        "cebolla",
        "faro",
        "bicicleta",
        "sombrero",
        "arena",
    ],
    "fr": [
        "girafe",
        "citron",
        "nuage",
        "bougie",
        "tambour",
        "falaise",
        "cerise",
        "pinceau",
        "chaussette",
    ],
    "nl": ["fiets", "molen", "klomp", "tulp", "haring", "zolder", "paraplu", "kaas"],
}


def phrase(lang, n=4, sep="-"):
    return sep.join(rng.sample(PHRASE_WORDS[lang], n)) + (
        sep + D(2) if rng.random() < 0.5 else ""
    )


PW_PROSE = [
    ("en", "Note to self: the router admin password is {pw}"),
    ("en", "Netflix login for the family: dad.plays@gmail.com / {pw}"),
    ("es", "Mi clave del banco online es {pw}, no la compartas con nadie."),
    ("fr", "Le mot de passe de ma boîte mail est {pw}"),
    ("de", "Passwort für das NAS im Keller: {pw}"),
    ("it", "La password dell'home banking è {pw}"),
    ("pt", "A senha do meu Netflix é {pw}"),
    ("nl", "Het wachtwoord van de gedeelde schijf is {pw}"),
    ("pl", "Hasło do konta w banku: {pw}"),
    ("cs", "Heslo k routeru je {pw}"),
    ("sk", "Heslo do e-mailu: {pw}"),
    ("hu", "A jelszavam a céges VPN-hez: {pw}"),
    ("ro", "Parola de la contul de Gmail este {pw}"),
    ("bg", "Паролата за рутера е {pw}"),
    ("el", "Ο κωδικός του email μου είναι {pw}"),
    ("tr", "E-posta şifrem {pw}, unutma."),
    ("ru", "Пароль от почты: {pw}"),
    ("uk", "Пароль до роутера: {pw}"),
    ("sv", "Lösenordet till hemservern är {pw}"),
    ("no", "Passordet til nettbanken er {pw}"),
    ("da", "Adgangskoden til min e-Boks er {pw}"),
    ("fi", "Salasana verkkopankkiin: {pw}"),
    ("et", "Minu meili parool on {pw}"),
    ("lv", "Parole manam e-pastam ir {pw}"),
    ("lt", "Mano el. pašto slaptažodis: {pw}"),
    ("hr", "Lozinka za e-bankarstvo je {pw}"),
    ("sl", "Geslo za usmerjevalnik je {pw}"),
    ("sr", "Лозинка за мој налог је {pw}"),
    ("is", "Lykilorðið að netbankanum er {pw}"),
    ("ja", "会社のVPNのパスワードは {pw} です"),
    ("ko", "회사 메일 비밀번호는 {pw} 입니다"),
    ("zh", "我的邮箱密码是 {pw}"),
    ("zh-tw", "公司 NAS 的密碼：{pw}"),
    ("th", "รหัสผ่านอีเมลของฉันคือ {pw}"),
    ("vi", "Mật khẩu tài khoản ngân hàng của mình là {pw}"),
    ("id", "Kata sandi akun bank saya: {pw}"),
    ("ms", "Kata laluan e-mel saya ialah {pw}"),
    ("hi", "मेरे ईमेल का पासवर्ड {pw} है"),
    ("bn", "আমার ইমেইলের পাসওয়ার্ড হলো {pw}"),
    ("ur", "میرا ای میل پاس ورڈ {pw} ہے"),
    ("ar", "كلمة المرور لحسابي في البنك هي {pw}"),
    ("he", "הסיסמה לחשבון הבנק שלי היא {pw}"),
    ("fa", "رمز عبور ایمیل من {pw} است"),
    ("sw", "Nenosiri la benki yangu ni {pw}"),
    ("af", "My wagwoord vir die bank-app is {pw}"),
    ("tl", "Ang password ng email ko ay {pw}"),
    ("ca", "La contrasenya del correu és {pw}"),
    ("eu", "Nire posta elektronikoaren pasahitza {pw} da"),
]


def S(text, kind, tpl):
    add(text, "secret", kind, tpl)


def secrets():
    for lang, t in PW_PROSE:
        S(t.format(pw=human_pw()), "password_prose", "pw_prose.%s" % lang)
    # Wi-Fi and passphrases
    S(
        'Wi-Fi at the cabin: SSID "Hytta5G", password %s' % phrase("en", 4, "-"),
        "wifi_password",
        "wifi.en",
    )
    S("WLAN-Schlüssel für Gäste: %s" % phrase("de", 4, " "), "wifi_password", "wifi.de")
    S(
        "La clave del wifi de casa es %s (todo en minúsculas)"
        % phrase("es", 3, "").lower(),
        "wifi_password",
        "wifi.es",
    )
    S(
        "自宅Wi-Fi（SSID: Buffalo-G-7A21）のパスワード：%s" % tok(LOW + DIG, 13),
        "wifi_password",
        "wifi.ja",
    )
    S("WIFI:T:WPA;S:Famille_Morel;P:%s;;" % human_pw(), "wifi_password", "wifi_qr.cfg")
    S(
        "Bitwarden master passphrase (don't forget!!): %s" % phrase("en", 5, " "),
        "passphrase",
        "passphrase.en",
    )
    S(
        "Wachtwoordzin voor mijn KeePass-kluis: %s" % phrase("nl", 5, "-"),
        "passphrase",
        "passphrase.nl",
    )
    S(
        "Phrase de passe du disque chiffré (VeraCrypt) : %s" % phrase("fr", 4, " "),
        "passphrase",
        "passphrase.fr",
    )
    # CLI passwords
    S(
        "mysql -u root -p'%s' -h 10.20.0.15 shop_prod < dump.sql" % human_pw(),
        "mysql_cli_password",
        "mysql_cli.code",
    )
    S(
        "mysqldump --user=backup --password=%s --single-transaction wiki > wiki.sql"
        % tok(ALNUM, 18),
        "mysql_cli_password",
        "mysqldump.code",
    )
    S(
        "docker login -u deploybot -p %s registry.gitlab.com" % tok(ALNUM, 20),
        "docker_login_password",
        "docker_login.code",
    )
    S(
        "ran: docker login ghcr.io --username ana-k --password %s"
        % ("ghp_" + tok(ALNUM, 36)),
        "docker_login_password",
        "docker_login_ghcr.en",
    )
    S(
        "sshpass -p '%s' ssh -o StrictHostKeyChecking=no pi@192.168.1.40" % human_pw(),
        "sshpass_password",
        "sshpass.code",
    )
    S(
        "sshpass -p %s scp backup.tar.gz admin@nas.local:/volume1/backup/"
        % tok(ALNUM, 14),
        "sshpass_password",
        "sshpass_scp.code",
    )
    S(
        "curl -u admin:%s -X POST https://jenkins.internal.acme-corp.net/job/deploy/build"
        % human_pw(),
        "curl_basic_auth",
        "curl_u.code",
    )
    S(
        "curl --user 'elastic:%s' https://10.1.3.7:9200/_cat/indices" % tok(ALNUM, 20),
        "curl_basic_auth",
        "curl_user.code",
    )
    S(
        "PGPASSWORD='%s' psql -h db.prod.local -U reporting -d analytics" % human_pw(),
        "pgpassword_env",
        "pgpassword.code",
    )
    S(
        "export PGPASSWORD=%s" % tok(ALNUM, 24),
        "pgpassword_env",
        "pgpassword_export.code",
    )
    # connection strings / URLs
    S(
        "DATABASE_URL=postgres://app_user:%s@db-prod-1.c9x2kq.eu-west-1.rds.amazonaws.com:5432/orders"
        % tok(ALNUM, 22),
        "db_url_postgres",
        "dburl_pg.cfg",
    )
    S(
        "connect with postgresql://martin:%s@localhost:5433/budget"
        % human_pw().replace("@", "").replace("#", "").replace("?", ""),
        "db_url_postgres",
        "dburl_pg_prose.en",
    )
    S(
        "MONGO_URI=mongodb+srv://admin:%s@cluster0.r4nd0m.mongodb.net/app?retryWrites=true&w=majority"
        % tok(ALNUM, 16),
        "mongodb_url",
        "mongo_srv.cfg",
    )
    S(
        "mongodb://root:%s@mongo-0.mongo:27017,mongo-1.mongo:27017/?replicaSet=rs0"
        % tok(ALNUM, 20),
        "mongodb_url",
        "mongo_rs.cfg",
    )
    S(
        "REDIS_URL=redis://:%s@redis-14532.c8.us-east-1-3.ec2.cloud.redislabs.com:14532/0"
        % tok(ALNUM, 32),
        "redis_url",
        "redis_url.cfg",
    )
    S(
        "cache:\n  url: rediss://default:%s@eu1-fond-kiwi-33221.upstash.io:6379"
        % tok(ALNUM, 34),
        "redis_url",
        "redis_upstash.cfg",
    )
    S(
        "CELERY_BROKER_URL=amqps://worker:%s@rabbit.internal:5671/prod"
        % tok(ALNUM, 20),
        "amqp_url",
        "amqp.cfg",
    )
    S(
        "spring.datasource.url=jdbc:mysql://10.0.8.21:3306/crm?user=crm_app&password=%s&useSSL=true"
        % tok(ALNUM, 16),
        "jdbc_url_password",
        "jdbc.cfg",
    )
    S(
        "spring.datasource.username=svc_billing\nspring.datasource.password=%s"
        % human_pw(),
        "spring_datasource_password",
        "spring.cfg",
    )
    S(
        '"ConnectionStrings": { "Default": "Server=sql01.corp.local;Database=HR;User Id=sa;Password=%s;TrustServerCertificate=True" }'
        % human_pw().replace(";", ""),
        "mssql_connection_string",
        "mssql_json.cfg",
    )
    S(
        "Data Source=tcp:fin-sql.database.windows.net,1433;Initial Catalog=ledger;User ID=ledger_rw;Password=%s;Encrypt=True"
        % tok(ALNUM, 18),
        "mssql_connection_string",
        "mssql_azure.cfg",
    )
    S(
        "SMTP_HOST=smtp.office365.com\nSMTP_USER=noreply@kowalski-bau.pl\nSMTP_PASSWORD=%s"
        % human_pw(),
        "smtp_password",
        "smtp_env.cfg",
    )
    S(
        "email:\n  backend: smtp\n  url: smtp://alerts%%40my-startup.io:%s@smtp.gmail.com:587"
        % tok(LOW, 16),
        "smtp_password",
        "smtp_url.cfg",
    )
    S(
        "old upload script uses ftp://webmaster:%s@ftp.bakery-sonnenschein.de/htdocs"
        % tok(ALNUM, 12),
        "ftp_url_password",
        "ftp_url.en",
    )
    S(
        "LDAP bind: cn=svc-ldap,ou=services,dc=corp,dc=example-firm,dc=com  bindPassword: %s"
        % human_pw(),
        "ldap_bind_password",
        "ldap.cfg",
    )
    S(
        "define('DB_USER', 'wp_blog');\ndefine('DB_PASSWORD', '%s');"
        % human_pw().replace("'", ""),
        "wp_config_password",
        "wpconfig.code",
    )
    S(
        "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: gitea\n      POSTGRES_PASSWORD: %s"
        % tok(ALNUM, 20),
        "compose_password",
        "compose.cfg",
    )
    S(
        "# /etc/redis/redis.conf\nrequirepass %s" % tok(ALNUM + "!#%", 28),
        "redis_requirepass",
        "redis_conf.cfg",
    )
    S(
        "ansible_user: deploy\nansible_become_pass: %s" % human_pw(),
        "ansible_become_pass",
        "ansible.cfg",
    )
    S(
        "mqtt_password: %s   # secrets.yaml for Home Assistant" % tok(ALNUM, 16),
        "mqtt_password",
        "ha_secrets.cfg",
    )
    S(
        "machine api.heroku.com\n  login anja@posteo.de\n  password HRKU-%s"
        % str(uuid.UUID(int=rng.getrandbits(128))),
        "netrc_password",
        "netrc.cfg",
    )
    S(
        "db.internal:5432:payroll:payroll_app:%s" % tok(ALNUM, 20),
        "pgpass_line",
        "pgpass.cfg",
    )
    S(
        "SIP account for the desk phone: ext 204, user 204, secret %s" % tok(ALNUM, 12),
        "sip_password",
        "sip.en",
    )
    S(
        "Fritz!Box admin | user: admin | pass: %s" % human_pw(),
        "router_admin_password",
        "router_table.en",
    )
    S(
        "url,username,password\nhttps://accounts.coinbase.com,jbaker88,%s"
        % human_pw().replace(",", ""),
        "password_manager_export",
        "pm_csv.cfg",
    )
    S(
        '"name","login_uri","login_username","login_password"\n"Steam","https://store.steampowered.com","nightowl_77","%s"'
        % tok(ALNUM, 16),
        "password_manager_export",
        "pm_csv_bw.cfg",
    )
    S(
        "2025-03-02T08:14:55Z DEBUG auth.py:88 login attempt user=opsadmin password=%s ip=10.4.0.23 result=ok"
        % human_pw(),
        "password_in_log",
        "log_pw.log",
    )
    S(
        "[2024-11-19 22:01:07] INFO  connecting to ftp host=files.lager-nord.de user=scanner pass=%s"
        % tok(ALNUM, 10),
        "password_in_log",
        "log_ftp.log",
    )
    S(
        "root password for the new Hetzner VPS (116.203.x.x): %s" % human_pw(),
        "server_root_password",
        "vps_root.en",
    )
    S(
        "IPsec pre-shared key for the site-to-site tunnel to Lyon: %s" % tok(ALNUM, 32),
        "vpn_psk",
        "ipsec_psk.en",
    )
    S(
        "[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/24\nDNS = 1.1.1.1"
        % base64.b64encode(bytes(rng.getrandbits(8) for _ in range(32))).decode(),
        "wireguard_private_key",
        "wg.cfg",
    )
    # PINs and codes
    S("PIN der EC-Karte: %s" % D(4), "card_pin", "pin.de")
    S("El PIN de la tarjeta de mi madre es %s" % D(4), "card_pin", "pin.es")
    S("SIM card PIN %s, PUK %s" % (D(4), D(8)), "sim_pin_puk", "simpin.en")
    S("Code de l'alarme de la maison : %s#" % D(4), "alarm_code", "alarm.fr")
    S("Codice del portone e dell'allarme: %s" % D(6), "alarm_code", "alarm.it")
    # cloud
    ak = "AKIA" + tok("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
    S(
        "[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1"
        % (ak, tok(ALNUM + "+/", 40)),
        "aws_credentials",
        "aws_file.cfg",
    )
    S(
        "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s"
        % ("AKIA" + tok("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16), tok(ALNUM + "+/", 40)),
        "aws_credentials",
        "aws_env.code",
    )
    S(
        "AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjE%s" % tok(ALNUM + "+/", 300),
        "aws_session_token",
        "aws_sts.cfg",
    )
    S(
        "aws secret key for the backup bucket (IAM user s3-backup): %s"
        % tok(ALNUM + "+/", 40),
        "aws_secret_key",
        "aws_prose.en",
    )
    S(
        "GOOGLE_MAPS_API_KEY=AIza%s" % tok(ALNUM + "-_", 35),
        "google_api_key",
        "gapi.cfg",
    )
    S(
        'const firebaseAdminKey = "AIza%s"; // server-side, restricted? no'
        % tok(ALNUM + "-_", 35),
        "google_api_key",
        "gapi_js.code",
    )
    S(
        "GOOGLE_CLIENT_ID=%s-%s.apps.googleusercontent.com\nGOOGLE_CLIENT_SECRET=GOCSPX-%s"
        % (D(12), tok(LOW + DIG, 32), tok(ALNUM + "-_", 28)),
        "google_oauth_client_secret",
        "gocspx.cfg",
    )
    S(
        "refresh_token: 1//0g%s" % tok(ALNUM + "-_", 97),
        "google_refresh_token",
        "grefresh.cfg",
    )
    S(
        "AZURE_CLIENT_SECRET=%s8Q~%s" % (tok(ALNUM, 3), tok(ALNUM + "-_.~", 31)),
        "azure_client_secret",
        "azsecret.cfg",
    )
    S(
        "DefaultEndpointsProtocol=https;AccountName=stmediaprod01;AccountKey=%s==;EndpointSuffix=core.windows.net"
        % tok(ALNUM + "+/", 86),
        "azure_storage_key",
        "azstorage.cfg",
    )
    S(
        "https://stbackups.blob.core.windows.net/dumps?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-12-31T23:59:59Z&st=2025-01-01T00:00:00Z&spr=https&sig=%s%%3D"
        % tok(ALNUM + "%", 43),
        "azure_sas_token",
        "azsas.cfg",
    )
    S("DIGITALOCEAN_TOKEN=dop_v1_%s" % tok(HEX, 64), "digitalocean_token", "do.cfg")
    S(
        "cloudflare api token (DNS edit, zone tinkerlab.dev): %s"
        % tok(ALNUM + "-_", 40),
        "cloudflare_api_token",
        "cf.en",
    )
    S("VAULT_TOKEN=hvs.%s" % tok(ALNUM + "-_", 90), "vault_token", "vault.cfg")
    S(
        'credentials "app.terraform.io" {\n  token = "%s.atlasv1.%s"\n}'
        % (tok(ALNUM, 14), tok(ALNUM, 67)),
        "terraform_cloud_token",
        "tfrc.cfg",
    )
    S("VERCEL_TOKEN=%s" % tok(ALNUM, 24), "vercel_token", "vercel.cfg")
    S("FLY_API_TOKEN=FlyV1 fm2_%s" % tok(ALNUM + "+/", 120), "flyio_token", "fly.cfg")
    S("DOPPLER_TOKEN=dp.st.prd.%s" % tok(ALNUM, 43), "doppler_token", "doppler.cfg")
    S("HEROKU_API_KEY=HRKU-%s" % tok(ALNUM + "-_", 60), "heroku_api_key", "heroku.cfg")
    # code hosting & package registries
    S(
        "git remote set-url origin https://%s@github.com/lindqvist-labs/infra.git"
        % ("ghp_" + tok(ALNUM, 36)),
        "github_pat",
        "gh_remote.code",
    )
    S("GITHUB_TOKEN=ghp_%s" % tok(ALNUM, 36), "github_pat", "gh_env.cfg")
    S(
        "new fine-grained PAT for the release bot: github_pat_%s_%s"
        % (tok(ALNUM, 22), tok(ALNUM, 59)),
        "github_fine_grained_pat",
        "gh_fg.en",
    )
    S(
        "oauth token from `gh auth token`: gho_%s" % tok(ALNUM, 36),
        "github_oauth_token",
        "gho.en",
    )
    S(
        "export GITLAB_TOKEN=glpat-%s" % tok(ALNUM + "-_", 20),
        "gitlab_pat",
        "glpat.code",
    )
    S(
        "runner registration token: glrt-%s" % tok(ALNUM + "-_", 20),
        "gitlab_runner_token",
        "glrt.en",
    )
    S(
        "//registry.npmjs.org/:_authToken=npm_%s" % tok(ALNUM, 36),
        "npm_token",
        "npmrc.cfg",
    )
    S(
        "[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmc%s"
        % tok(ALNUM + "-_", 150),
        "pypi_token",
        "pypirc.cfg",
    )
    S(
        "echo dckr_pat_%s | docker login -u kaitohq --password-stdin"
        % tok(ALNUM + "-_", 27),
        "dockerhub_pat",
        "dckr.code",
    )
    S(
        '{\n  "auths": {\n    "harbor.corp.internal": {\n      "auth": "%s"\n    }\n  }\n}'
        % base64.b64encode(("robot$ci:" + tok(ALNUM, 32)).encode()).decode(),
        "docker_config_auth",
        "dockercfg.cfg",
    )
    S(
        "pip install -i https://__token__:%s@gitlab.com/api/v4/projects/4821/packages/pypi/simple internal-utils"
        % ("glpat-" + tok(ALNUM + "-_", 20)),
        "pip_index_token",
        "pipidx.code",
    )
    S(
        "nuget push pkg.nupkg -k oy2%s -s https://api.nuget.org/v3/index.json"
        % tok(LOW + DIG, 43),
        "nuget_api_key",
        "nuget.code",
    )
    S("RUBYGEMS_API_KEY=rubygems_%s" % tok(HEX, 48), "rubygems_api_key", "rubygems.cfg")
    S(
        "https://oauth2:%s@gitlab.com/acme/platform.git"
        % ("glpat-" + tok(ALNUM + "-_", 20)),
        "git_credential_url",
        "gitcred.cfg",
    )
    # chat / webhooks
    S(
        "SLACK_BOT_TOKEN=xoxb-%s-%s-%s" % (D(12), D(13), tok(ALNUM, 24)),
        "slack_bot_token",
        "slack_bot.cfg",
    )
    S(
        "my user token for the export script: xoxp-%s-%s-%s-%s"
        % (D(11), D(11), D(13), tok(HEX, 32)),
        "slack_user_token",
        "slack_user.en",
    )
    S(
        "alerts go to https://hooks.slack.com/services/T%s/B%s/%s"
        % (tok(UP + DIG, 8), tok(UP + DIG, 10), tok(ALNUM, 24)),
        "slack_webhook",
        "slack_hook.en",
    )
    S(
        "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy ok\"}' https://hooks.slack.com/services/T%s/B%s/%s"
        % (tok(UP + DIG, 9), tok(UP + DIG, 11), tok(ALNUM, 24)),
        "slack_webhook",
        "slack_curl.code",
    )
    S(
        "DISCORD_TOKEN=%s.%s.%s"
        % (
            b64u(str(rng.randint(10**17, 10**18)).encode()),
            tok(ALNUM + "-_", 6),
            tok(ALNUM + "-_", 38),
        ),
        "discord_bot_token",
        "discord.cfg",
    )
    S(
        "webhook do canal #avisos: https://discord.com/api/webhooks/%s/%s"
        % (D(19), tok(ALNUM + "-_", 68)),
        "discord_webhook",
        "discord_hook.pt",
    )
    S(
        "TELEGRAM_BOT_TOKEN=%s:AA%s" % (D(10), tok(ALNUM + "-_", 33)),
        "telegram_bot_token",
        "tg.cfg",
    )
    S(
        "токен бота для уведомлений: %s:AA%s" % (D(10), tok(ALNUM + "-_", 33)),
        "telegram_bot_token",
        "tg.ru",
    )
    S(
        "Teams incoming webhook: https://contoso365.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s"
        % (
            uuid.UUID(int=rng.getrandbits(128)),
            uuid.UUID(int=rng.getrandbits(128)),
            tok(HEX, 32),
            uuid.UUID(int=rng.getrandbits(128)),
        ),
        "teams_webhook",
        "teams.en",
    )
    S(
        "https://chat.googleapis.com/v1/spaces/AAAA%s/messages?key=AIza%s&token=%s%%3D"
        % (tok(ALNUM, 7), tok(ALNUM + "-_", 35), tok(ALNUM + "-_", 43)),
        "google_chat_webhook",
        "gchat.cfg",
    )
    S(
        "Zapier catch hook for the form: https://hooks.zapier.com/hooks/catch/%s/%s/"
        % (D(8), tok(LOW + DIG, 7)),
        "zapier_webhook",
        "zapier.en",
    )
    # payments / SaaS APIs
    S(
        "STRIPE_SECRET_KEY=sk_live_51%s" % tok(ALNUM, 97),
        "stripe_secret_key",
        "stripe.cfg",
    )
    S(
        'stripe.api_key = "rk_live_51%s"' % tok(ALNUM, 97),
        "stripe_restricted_key",
        "stripe_rk.code",
    )
    S(
        "STRIPE_WEBHOOK_SECRET=whsec_%s" % tok(ALNUM, 32),
        "stripe_webhook_secret",
        "whsec.cfg",
    )
    S(
        "PAYPAL_CLIENT_ID=A%s\nPAYPAL_CLIENT_SECRET=E%s"
        % (tok(ALNUM + "-_", 79), tok(ALNUM + "-_", 79)),
        "paypal_client_secret",
        "paypal.cfg",
    )
    S(
        "SQUARE_ACCESS_TOKEN=EAAA%s" % tok(ALNUM + "-_", 60),
        "square_access_token",
        "square.cfg",
    )
    S(
        "shopify admin token for the store sync: shpat_%s" % tok(HEX, 32),
        "shopify_token",
        "shopify.en",
    )
    S(
        "OPENAI_API_KEY=sk-proj-%s" % tok(ALNUM + "-_", 156),
        "openai_api_key",
        "openai.cfg",
    )
    S(
        'client = OpenAI(api_key="sk-proj-%s")' % tok(ALNUM + "-_", 120),
        "openai_api_key",
        "openai.code",
    )
    S(
        "ANTHROPIC_API_KEY=sk-ant-api03-%s-%sAA"
        % (tok(ALNUM + "-_", 86), tok(ALNUM, 6)),
        "anthropic_api_key",
        "anthropic.cfg",
    )
    S(
        "hf token (write) for pushing the LoRA: hf_%s" % tok(ALNUM, 34),
        "huggingface_token",
        "hf.en",
    )
    S(
        "export REPLICATE_API_TOKEN=r8_%s" % tok(ALNUM, 37),
        "replicate_token",
        "replicate.code",
    )
    S("GROQ_API_KEY=gsk_%s" % tok(ALNUM, 52), "groq_api_key", "groq.cfg")
    S(
        "TWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s" % (tok(HEX, 32), tok(HEX, 32)),
        "twilio_auth_token",
        "twilio.cfg",
    )
    S(
        "SENDGRID_API_KEY=SG.%s.%s" % (tok(ALNUM + "-_", 22), tok(ALNUM + "-_", 43)),
        "sendgrid_api_key",
        "sendgrid.cfg",
    )
    S("mailgun private key: key-%s" % tok(HEX, 32), "mailgun_api_key", "mailgun.en")
    S("MAILCHIMP_API_KEY=%s-us21" % tok(HEX, 32), "mailchimp_api_key", "mailchimp.cfg")
    S(
        "DD_API_KEY=%s\nDD_SITE=datadoghq.eu" % tok(HEX, 32),
        "datadog_api_key",
        "datadog.cfg",
    )
    S(
        "NEW_RELIC_API_KEY=NRAK-%s" % tok(UP + DIG, 27),
        "newrelic_api_key",
        "newrelic.cfg",
    )
    S(
        "SENTRY_AUTH_TOKEN=sntrys_%s" % tok(ALNUM, 120),
        "sentry_auth_token",
        "sentry.cfg",
    )
    S(
        "FCM legacy server key: AAAA%s:APA91b%s"
        % (tok(ALNUM + "-_", 7), tok(ALNUM + "-_", 134)),
        "firebase_server_key",
        "fcm.en",
    )
    S(
        "MAPBOX_SECRET_TOKEN=sk.%s.%s"
        % (
            b64u(
                json.dumps(
                    {"u": "ritaflores", "a": "cm" + tok(LOW + DIG, 23)},
                    separators=(",", ":"),
                ).encode()
            ),
            tok(ALNUM + "-_", 22),
        ),
        "mapbox_secret_token",
        "mapbox.cfg",
    )
    S(
        "ALGOLIA_APP_ID=%s\nALGOLIA_ADMIN_KEY=%s" % (tok(UP + DIG, 10), tok(HEX, 32)),
        "algolia_admin_key",
        "algolia.cfg",
    )
    S(
        "jira api token (for the CLI, user mkowalski@kraft-logistik.de): ATATT3xFfGF0%s=%s"
        % (tok(ALNUM + "-_", 170), tok("0123456789ABCDEF", 8)),
        "atlassian_api_token",
        "atlassian.en",
    )
    S("NOTION_TOKEN=ntn_%s" % tok(ALNUM, 46), "notion_token", "notion.cfg")
    S(
        "AIRTABLE_PAT=pat%s.%s" % (tok(ALNUM, 14), tok(HEX, 64)),
        "airtable_pat",
        "airtable.cfg",
    )
    S("linear api key: lin_api_%s" % tok(ALNUM, 40), "linear_api_key", "linear.en")
    S("FIGMA_TOKEN=figd_%s" % tok(ALNUM + "-_", 40), "figma_token", "figma.cfg")
    S("OKTA_API_TOKEN=00%s" % tok(ALNUM + "-_", 40), "okta_api_token", "okta.cfg")
    S(
        "AUTH0_CLIENT_SECRET=%s" % tok(ALNUM + "-_", 64),
        "auth0_client_secret",
        "auth0.cfg",
    )
    # HTTP auth material
    S(
        'curl -H "Authorization: Bearer %s" https://api.internal.fintrack.io/v2/accounts'
        % tok(ALNUM, 40),
        "bearer_token_header",
        "bearer_curl.code",
    )
    S(
        "Authorization: Bearer %s"
        % jwt(
            {
                "sub": "u_%s" % D(6),
                "role": "admin",
                "iat": 1735689600 + rng.randint(0, 10**7),
                "exp": 1767225600,
            }
        ),
        "jwt",
        "jwt_header.cfg",
    )
    S(
        "Saved the access token from devtools: %s"
        % jwt(
            {
                "user_id": rng.randint(1000, 99999),
                "email_verified": True,
                "iat": 1740000000 + rng.randint(0, 10**7),
            }
        ),
        "jwt",
        "jwt_prose.en",
    )
    S(
        "localStorage['auth'] = '%s'"
        % jwt({"sid": tok(HEX, 16), "scope": "read write", "exp": 1790000000}),
        "jwt",
        "jwt_ls.code",
    )
    S(
        "GET /api/v1/me HTTP/1.1\nHost: portal.mieterverein-nord.de\nAuthorization: Basic %s"
        % base64.b64encode(("hkoch:" + human_pw()).encode()).decode(),
        "basic_auth_header",
        "basic_http.cfg",
    )
    S(
        "proxy header: Proxy-Authorization: Basic %s"
        % base64.b64encode(("squid-user:" + tok(ALNUM, 14)).encode()).decode(),
        "basic_auth_header",
        "basic_proxy.en",
    )
    S(
        "Cookie: sessionid=%s; csrftoken=%s" % (tok(LOW + DIG, 32), tok(ALNUM, 64)),
        "session_cookie",
        "cookie_django.cfg",
    )
    S(
        "copied my cookie to keep the scraper logged in: connect.sid=s%%3A%s.%s"
        % (tok(ALNUM + "-_", 32), tok(ALNUM + "+/", 43)),
        "session_cookie",
        "cookie_express.en",
    )
    S(
        "Set-Cookie: laravel_session=%s; expires=Fri, 31-Jan-2025 10:00:00 GMT; path=/; httponly"
        % tok(ALNUM, 220),
        "session_cookie",
        "cookie_laravel.log",
    )
    S("x-api-key: %s" % tok(ALNUM, 40), "api_key_header", "xapikey.cfg")
    # app secrets
    S(
        "SECRET_KEY = 'django-insecure-%s'" % tok(LOW + DIG + "!@#$%^&*(-_=+)", 50),
        "django_secret_key",
        "django.code",
    )
    S("SECRET_KEY_BASE=%s" % tok(HEX, 128), "rails_secret_key_base", "rails.cfg")
    S(
        "app.config['SECRET_KEY'] = '%s'" % tok(HEX, 48),
        "flask_secret_key",
        "flask.code",
    )
    S("JWT_SECRET=%s" % tok(ALNUM, 64), "jwt_signing_secret", "jwtsecret.cfg")
    S("NEXTAUTH_SECRET=%s=" % tok(ALNUM + "+/", 43), "nextauth_secret", "nextauth.cfg")
    S(
        "ENCRYPTION_KEY=base64:%s=" % tok(ALNUM + "+/", 43),
        "app_encryption_key",
        "laravel_key.cfg",
    )
    S(
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\ndata:\n  username: %s\n  password: %s"
        % (
            base64.b64encode(b"orders").decode(),
            base64.b64encode(human_pw().encode()).decode(),
        ),
        "k8s_secret_manifest",
        "k8s_secret.cfg",
    )
    S(
        "users:\n- name: ci-deployer\n  user:\n    token: %s"
        % jwt(
            {
                "iss": "kubernetes/serviceaccount",
                "kubernetes.io/serviceaccount/namespace": "ci",
                "sub": "system:serviceaccount:ci:deployer",
            }
        ),
        "kubeconfig_token",
        "kubeconfig.cfg",
    )
    # OTP / recovery / crypto
    S(
        "otpauth://totp/GitHub:mara-dev?secret=%s&issuer=GitHub" % tok(B32, 32),
        "totp_seed",
        "otpauth.cfg",
    )
    S(
        "2FA setup key for Binance (if I lose the phone): %s"
        % " ".join(tok(B32, 4) for _ in range(8)),
        "totp_seed",
        "totp_prose.en",
    )
    S(
        "Clave de configuración del autenticador (Google): %s" % tok(B32.lower(), 32),
        "totp_seed",
        "totp_prose.es",
    )
    S(
        "GitHub recovery codes:\n%s"
        % "\n".join("%s-%s" % (tok(HEX, 5), tok(HEX, 5)) for _ in range(8)),
        "recovery_codes",
        "recovery_gh.en",
    )
    S(
        "Backup-Codes Google-Konto: %s"
        % "  ".join("%s %s" % (D(4), D(4)) for _ in range(10)),
        "recovery_codes",
        "recovery_google.de",
    )
    S(
        "Proton recovery phrase / 恢复码: %s"
        % " ".join(tok(UP + DIG, 8) for _ in range(6)),
        "recovery_codes",
        "recovery_mixed.zh",
    )
    S(
        "Seed phrase of my Ledger (12 words): %s" % seed_phrase(12),
        "crypto_seed_phrase",
        "seed12.en",
    )
    S(
        "Frase semilla de MetaMask: %s" % seed_phrase(12),
        "crypto_seed_phrase",
        "seed12.es",
    )
    S("助记词（24个）备份：%s" % seed_phrase(24), "crypto_seed_phrase", "seed24.zh")
    S(
        "Mnemonic phrase ví Trust Wallet: %s" % seed_phrase(12),
        "crypto_seed_phrase",
        "seed12.vi",
    )
    S(
        "PRIVATE_KEY=0x%s  # deployer wallet on mainnet" % tok(HEX, 64),
        "eth_private_key",
        "eth_env.cfg",
    )
    S("Приватный ключ кошелька: %s" % tok(HEX, 64), "eth_private_key", "eth.ru")
    S("paper wallet WIF: %s" % wif(), "btc_wif_private_key", "btc_wif.en")
    S(
        "age identity for sops: AGE-SECRET-KEY-1%s"
        % tok("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper(), 58),
        "age_secret_key",
        "age.en",
    )

    # chat excerpts and more CLI shapes
    S(
        "[21:14] Sofía: oye, ¿cuál era la clave del wifi?\n[21:15] yo: %s"
        % phrase("es", 3, "").lower()
        + D(2),
        "wifi_password",
        "chat_wifi.es",
    )
    S(
        "[09:02] Omar: كلمة سر الواي فاي في المكتب: %s" % tok(ALNUM, 12),
        "wifi_password",
        "chat_wifi.ar",
    )
    S(
        "bhai netflix ka password %s hai, profile 'Kids' mat chhedna" % human_pw(),
        "password_prose",
        "pw_chat.hi-latn",
    )
    S(
        "数据库 root 密码改成了 %s，记得更新 Jenkins 里的凭据" % human_pw(),
        "password_prose",
        "pw_db.zh",
    )
    S(
        "docker run -d -e MYSQL_ROOT_PASSWORD=%s -p 3306:3306 mariadb:11"
        % tok(ALNUM, 18),
        "docker_env_password",
        "docker_run.code",
    )
    S(
        "smbclient //nas.local/familie -U anna%%%s" % tok(ALNUM, 12),
        "smb_password",
        "smbclient.code",
    )
    S(
        "redis-cli -h 10.0.3.9 -a '%s' --no-auth-warning FLUSHDB" % tok(ALNUM, 24),
        "redis_cli_password",
        "rediscli.code",
    )
    S(
        "git clone https://mkraus:%s@bitbucket.org/kraus-it/erp-addons.git"
        % ("ATBB" + tok(ALNUM, 32)),
        "bitbucket_app_password",
        "bitbucket.code",
    )
    S(
        "Jupyter läuft: http://127.0.0.1:8888/lab?token=%s" % tok(HEX, 48),
        "jupyter_token",
        "jupyter.de",
    )
    S(
        "Telegram: пароль облачной двухэтапной проверки — %s" % human_pw(),
        "password_prose",
        "pw_2fa.ru",
    )
    S("회사 와이파이 비번: %s" % tok(ALNUM, 10), "wifi_password", "wifi.ko")
    S(
        "Veritabanı bağlantısı: postgres://muhasebe:%s@10.0.0.12:5432/defter"
        % tok(ALNUM, 16),
        "db_url_postgres",
        "dburl.tr",
    )
    # private keys
    k1 = seeded_rsa(2048)
    S(pem_priv(k1, "trad"), "rsa_private_key", "rsa_trad.cfg")
    k2 = seeded_rsa(2048)
    sa = {
        "type": "service_account",
        "project_id": "vetclinic-scheduler",
        "private_key_id": tok(HEX, 40),
        "private_key": pem_priv(k2) + "\n",
        "client_email": "scheduler@vetclinic-scheduler.iam.gserviceaccount.com",
        "client_id": D(21),
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    S(json.dumps(sa, indent=2), "gcp_service_account_key", "gcp_sa.cfg")
    eck = ec.derive_private_key(rng.getrandbits(255) + 1, ec.SECP256R1())
    S(
        "apns / signing key (keep out of git):\n" + pem_priv(eck, "trad"),
        "ec_private_key",
        "ec_trad.en",
    )
    ed = ed25519.Ed25519PrivateKey.from_private_bytes(
        bytes(rng.getrandbits(8) for _ in range(32))
    )
    S(pem_priv(ed), "ed25519_private_key_pem", "ed_pkcs8.cfg")
    priv, _pub = openssh_ed25519("deploy@ci-runner-03")
    S("~/.ssh/id_ed25519 on the CI box:\n" + priv, "openssh_private_key", "openssh.en")
    priv2, _pub2 = openssh_ed25519("jana@thinkpad")
    S(priv2, "openssh_private_key", "openssh_raw.cfg")
    k3 = seeded_rsa(2048)
    S(
        "TLS_KEY: |\n  " + pem_priv(k3).replace("\n", "\n  "),
        "rsa_private_key",
        "rsa_yaml.cfg",
    )


# ---------------------------------------------------------------- clean look-alikes
def C(text, kind, tpl):
    add(text, "clean", kind, tpl)


def clean():
    # placeholders / docs
    C("OPENAI_API_KEY=<YOUR_API_KEY>", "placeholder", "ph_angle.cfg")
    C(
        "export STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx  # replace with your key",
        "placeholder",
        "ph_xxx.code",
    )
    C("password: ********  (masked in the UI export)", "placeholder", "ph_stars.cfg")
    C(
        "DB_PASSWORD=changeme   # default from the README, set a real one in production",
        "placeholder",
        "ph_changeme.cfg",
    )
    C(
        "Trage dein Passwort hier ein: PASSWORD=<dein-passwort>",
        "placeholder",
        "ph_angle.de",
    )
    C(
        "Remplacez {{API_TOKEN}} par votre jeton personnel avant de lancer le script.",
        "placeholder",
        "ph_braces.fr",
    )
    C("Authorization: Bearer ${GITHUB_TOKEN}", "env_reference", "envref_bearer.cfg")
    C("password: ${{ secrets.DB_PASSWORD }}", "env_reference", "envref_gha.cfg")
    C("spring.datasource.password=${DB_PASS}", "env_reference", "envref_spring.cfg")
    C(
        "DATABASE_URL=postgres://user:password@localhost:5432/mydb  (from the Prisma quickstart docs)",
        "doc_example_credential",
        "doc_pgurl.en",
    )
    C(
        "Use the AWS docs example pair AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY to test the CLI config parser.",
        "doc_example_key",
        "doc_aws.en",
    )
    C("password: [REDACTED]", "redacted", "redacted.cfg")
    C(
        "token=█████████ (redacted before sharing the log)",
        "redacted",
        "redacted_block.log",
    )
    C(
        "La contraseña debe tener al menos 12 caracteres, una mayúscula y un símbolo.",
        "password_policy",
        "policy.es",
    )
    C(
        "Reminder: rotate the Stripe keys every 90 days and store them in Vault, never in the repo.",
        "password_policy",
        "policy_rotate.en",
    )
    C(
        "Ich habe gestern mein Bankpasswort geändert, das neue steht im Passwortmanager.",
        "password_mention",
        "pwmention.de",
    )
    C(
        "パスワードを忘れたので、リセットのメールを送ってもらった。",
        "password_mention",
        "pwmention.ja",
    )
    C(
        "Mot de passe oublié ? Cliquez sur « Réinitialiser » sur la page de connexion.",
        "password_mention",
        "pwmention.fr",
    )
    C(
        "Example login from the tutorial: user@example.com / <password> (do not use in production)",
        "doc_example_credential",
        "doc_login.en",
    )
    C(
        'curl -H "Authorization: Bearer YOUR_TOKEN_HERE" https://api.example.com/v1/items',
        "placeholder",
        "ph_curl.code",
    )
    C(
        "Contact support at support@example.org or try the sandbox at https://sandbox.example.net",
        "example_domain",
        "exdomain.en",
    )
    C(
        "ping 192.0.2.15 && ssh admin@198.51.100.23  # RFC 5737 documentation addresses",
        "doc_ip",
        "rfc5737.code",
    )
    C("server 203.0.113.10:8080 weight=5;", "doc_ip", "rfc5737_nginx.cfg")
    C(
        "Stripe test card for the checkout demo: 4242 4242 4242 4242, any future date, any CVC.",
        "doc_test_card",
        "stripe_test.en",
    )
    # public keys / certs
    _priv, pub = openssh_ed25519("oskar@workstation")
    C(
        "Add this to authorized_keys on the build server:\n" + pub,
        "ssh_public_key",
        "sshpub.en",
    )
    _priv, pub = openssh_ed25519("ci@gitlab-runner")
    C(pub, "ssh_public_key", "sshpub_raw.cfg")
    k = ec.derive_private_key(rng.getrandbits(255) + 1, ec.SECP256R1())
    C(
        "Public key for verifying webhook signatures:\n"
        + k.public_key()
        .public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        .decode()
        .strip(),
        "public_key_pem",
        "pubpem.en",
    )
    ck = ed25519.Ed25519PrivateKey.from_private_bytes(
        bytes(rng.getrandbits(8) for _ in range(32))
    )
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "grafana.lab.internal")])
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(ck.public_key())
        .serial_number(rng.getrandbits(64))
        .not_valid_before(datetime.datetime(2025, 1, 1))
        .not_valid_after(datetime.datetime(2027, 1, 1))
        .sign(ck, None)
    )
    C(
        "ca.crt for the homelab:\n"
        + cert.public_bytes(serialization.Encoding.PEM).decode().strip(),
        "certificate",
        "cert.en",
    )
    wgpub = (
        x25519.X25519PrivateKey.from_private_bytes(
            bytes(rng.getrandbits(8) for _ in range(32))
        )
        .public_key()
        .public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    )
    C(
        "[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.lab.example.com:51820"
        % base64.b64encode(wgpub).decode(),
        "public_key_wireguard",
        "wgpeer.cfg",
    )
    C(
        "gpg fingerprint of the release signing key: %s"
        % " ".join(tok("0123456789ABCDEF", 4) for _ in range(10)),
        "key_fingerprint",
        "gpgfpr.en",
    )
    C(
        "ED25519 key fingerprint is SHA256:%s." % tok(ALNUM + "+/", 43),
        "key_fingerprint",
        "sshfpr.log",
    )
    # hashes / ids
    for i in range(4):
        C(
            rng.choice(
                [
                    "sha256sum ubuntu-24.04.1-live-server-amd64.iso\n%s  ubuntu-24.04.1-live-server-amd64.iso",
                    "Prüfsumme (SHA-256) der Firmware: %s",
                    "checksum mismatch: expected %s",
                    "El hash SHA-256 del archivo es %s",
                ]
            )
            % tok(HEX, 64),
            "hash",
            "hash%d.mixed" % i,
        )
    C("md5 of the backup tarball: %s" % tok(HEX, 32), "hash", "md5.en")
    C(
        "password_hash column now uses argon2id; legacy bcrypt rows get rehashed on next login",
        "hash",
        "hashmention.en",
    )
    for i, t in enumerate(
        [
            "fixed in commit %s, cherry-picked to release/2.4",
            "git revert %s",
            "Reverted %s (broke the arm64 build)",
        ]
    ):
        C(t % tok(HEX, 40), "commit_sha", "commit%d.en" % i)
    C("docker pull nginx@sha256:%s" % tok(HEX, 64), "image_digest", "digest.code")
    for i, t in enumerate(
        [
            "request_id=%s status=200 latency_ms=41",
            "Ticket-Referenz: %s",
            "trace %s not found in Tempo",
            "order uuid %s",
        ]
    ):
        C(
            t % uuid.UUID(int=rng.getrandbits(128), version=4),
            "uuid",
            "uuid%d.mixed" % i,
        )
    C(
        "Build #%d (id: bld-%s) finished in 6m12s"
        % (rng.randint(1000, 9999), tok(LOW + DIG, 10)),
        "build_id",
        "build.log",
    )
    C(
        "CI run %d · job %d · runner gitlab-runner-%s"
        % (rng.randint(10**9, 10**10), rng.randint(10**9, 10**10), tok(LOW + DIG, 8)),
        "build_id",
        "ci.log",
    )
    C(
        "upgraded postgres 15.6 → 16.3 and node v20.11.1 → v22.4.0",
        "version",
        "versions.en",
    )
    C("requires python>=3.10,<3.13 and numpy==1.26.4", "version", "pyreq.cfg")
    C(
        "Firmware-Version 7.57 (Build 112853) auf der FritzBox installiert",
        "version",
        "fw.de",
    )
    C("Kernel 6.8.0-45-generic #45-Ubuntu SMP PREEMPT_DYNAMIC", "version", "kernel.log")
    # numbers that are not personal
    C("Le loyer est de 1 250,00 € charges comprises.", "price", "price.fr")
    C("Das neue Fahrrad hat 2.349,99 € gekostet.", "price", "price.de")
    C("コーヒー豆 500g：税込 2,480円", "price", "price.ja")
    C("Monthly AWS bill: $1,184.37 (EC2 $612.10, S3 $88.02)", "price", "price.en")
    C("El vuelo Madrid–Lima costó 734,50 USD ida y vuelta.", "price", "price.es")
    C("Cena per quattro: 186,40 € con il vino.", "price", "price.it")
    C(
        "Meja kerja baru: 160 cm × 80 cm, tinggi 75 cm, berat 32 kg.",
        "measurement",
        "meas.id",
    )
    C("Kitchen worktop: 2440 x 600 x 38 mm, order 2 pieces", "measurement", "meas.en")
    C("Ruang tamu 4,2 m × 3,6 m", "measurement", "meas.ms")
    C("Odległość do pracy: 14,7 km, czas dojazdu 32 min", "measurement", "meas.pl")
    C("Temperatura w sypialni spadła do 17,5 °C w nocy.", "temperature", "temp.pl")
    C("Außentemperatur -4 °C, Vorlauf Heizung 52 °C", "temperature", "temp.de")
    C("อุณหภูมิกรุงเทพฯ วันนี้ 34°C ความชื้น 70%", "temperature", "temp.th")
    C("Bake at 180 °C (356 °F) for 25–30 minutes.", "temperature", "temp.en")
    C("Sıcaklık bugün 31°C, nem %68.", "temperature", "temp.tr")
    C(
        "Replacement part: Bosch 00754866 (dishwasher drain pump), compatible with SMS46GI01E",
        "part_number",
        "part.en",
    )
    C("Ersatzteil-Nr. A 000 420 52 20 (Bremsbeläge vorne)", "part_number", "part.de")
    C("Filtro de aire: referencia MANN C 27 009", "part_number", "part.es")
    C("SKU: LG-OLED55C46LA-EU, qty 1", "part_number", "sku.cfg")
    C("UPS tracking: 1Z%s%s" % (tok(UP + DIG, 6), D(10)), "tracking_number", "ups.en")
    C("DHL Sendungsnummer: %s" % D(20), "tracking_number", "dhl.de")
    C("Numer przesyłki InPost: %s" % D(24), "tracking_number", "inpost.pl")
    C("顺丰快递单号：SF%s" % D(13), "tracking_number", "sf.zh")
    C(
        "Amazon order #%s-%s-%s arrives Thursday" % (D(3), D(7), D(7)),
        "order_number",
        "amazon.en",
    )
    C("Bestellnummer 4500%s – Lieferung KW 14" % D(6), "order_number", "order.de")
    C("Pedido nº %s confirmado em 12/03/2025" % D(9), "order_number", "order.pt")
    C(
        "Invoice INV-2025-%s due 2025-04-30, amount 1,920.00 EUR" % D(5),
        "invoice_number",
        "invoice.en",
    )
    C(
        "Rechnungsnummer 2024 0417 3391 (bitte bei Zahlung angeben)",
        "invoice_number",
        "invoice.de",
    )
    C(
        "Číslo faktury: 2025%s, variabilní symbol 2025%s" % (D(6), D(6)),
        "invoice_number",
        "invoice.cs",
    )
    C("Factuurnummer %s-%s" % (D(4), D(6)), "invoice_number", "invoice.nl")
    C(
        "Booking reference: %s, seat 23F" % tok("ABCDEFGHJKLMNPQRSTUVWXYZ", 6),
        "booking_reference",
        "pnr.en",
    )
    C(
        "Flight LH%d FRA→LIS, gate B44, boarding 06:35" % rng.randint(1100, 1199),
        "flight",
        "flight.en",
    )
    # company identifiers & business contacts
    C(
        "Rechnung an: Kaffeerösterei Brandl GmbH, USt-IdNr. DE%s"
        % gen(de_vat, lambda: D(9)),
        "company_vat",
        "vat.de",
    )
    C(
        "Fournisseur : SAS Les Ateliers Morel, SIREN %s"
        % fr_siren.format(gen(fr_siren, lambda: D(9))),
        "company_registration",
        "siren.fr",
    )
    C(
        "BTW-nummer van de aannemer: %s"
        % ("NL" + gen(nl_btw, lambda: "NL" + D(9) + "B01")[2:]),
        "company_vat",
        "btw.nl",
    )
    C(
        "CNPJ da transportadora: %s"
        % br_cnpj.format(gen(br_cnpj, lambda: D(8) + "0001" + D(2))),
        "company_registration",
        "cnpj.pt",
    )
    C(
        "Supplier ABN %s (Harbourside Plumbing Pty Ltd)"
        % au_abn.format(gen(au_abn, lambda: str(rng.randint(1, 9)) + D(10))),
        "company_registration",
        "abn.en",
    )
    C(
        "Empresa: Talleres Ibarra S.L., CIF %s" % gen(es_cif, lambda: "B" + D(8)),
        "company_registration",
        "cif.es",
    )
    C(
        "Partita IVA del fornitore: %s" % gen(it_iva, lambda: D(11)),
        "company_vat",
        "piva.it",
    )
    C(
        "NIP firmy Budmax Sp. z o.o.: %s" % pl_nip.format(gen(pl_nip, lambda: D(10))),
        "company_vat",
        "nip.pl",
    )
    C(
        "Kundenservice der Stadtwerke: 0800 %s %s (kostenlos, Mo–Fr 8–18 Uhr)"
        % (D(3), D(4)),
        "business_hotline",
        "hotline.de",
    )
    C(
        "Customer care (toll-free): 1-800-%s-%s, open 24/7" % (D(3), D(4)),
        "business_hotline",
        "hotline.en",
    )
    C(
        "Service client SNCF Connect : 36 35 (service 0,40 €/min)",
        "business_hotline",
        "hotline.fr",
    )
    C(
        "Our office: Acme Robotics Ltd, Unit 4, Kingsway Business Park, Rochdale OL16 4NW — reception open 9–5",
        "office_address",
        "office.en",
    )
    C(
        "Sede legale: Lombardi Arredamenti S.r.l., Via dell'Industria 12, Zona Industriale, 36040 Grisignano di Zocco (VI)",
        "office_address",
        "office.it",
    )
    # famous / public
    C(
        "The White House is at 1600 Pennsylvania Avenue NW, Washington, DC 20500.",
        "famous_address",
        "famous.en",
    )
    C("Le Louvre se trouve Rue de Rivoli, 75001 Paris.", "famous_address", "famous.fr")
    C(
        "Das Bundeskanzleramt: Willy-Brandt-Straße 1, 10557 Berlin",
        "famous_address",
        "famous.de",
    )
    C(
        "10 Downing Street, London SW1A 2AA — PM's residence",
        "famous_address",
        "famous_uk.en",
    )
    C(
        "Albert Einstein was born on 14 March 1879 in Ulm.",
        "public_figure_dob",
        "pubdob.en",
    )
    C(
        "Frida Kahlo nació el 6 de julio de 1907 en Coyoacán.",
        "public_figure_dob",
        "pubdob.es",
    )
    C(
        "Мария Склодовская-Кюри родилась 7 ноября 1867 года в Варшаве.",
        "public_figure_dob",
        "pubdob.ru",
    )
    C("夏目漱石は1867年2月9日に生まれた。", "public_figure_dob", "pubdob.ja")
    # masked payment data
    C("Paid with Visa ending in %s" % D(4), "masked_card", "masked.en")
    C("Karte **** **** **** %s belastet" % D(4), "masked_card", "masked.de")
    C("Cartão final %s aprovado" % D(4), "masked_card", "masked.pt")
    C(
        "IBAN: DE** **** **** **** **%s %s" % (D(2), D(2)),
        "masked_iban",
        "maskediban.de",
    )
    # dates, maths, science, sports
    C("Meeting moved to 2025-03-18 14:30 CET", "date_time", "dt.en")
    C("Termin beim Zahnarzt: 07.04.2025 um 09:15", "date_time", "dt.de")
    C("Cuộc họp lúc 15:00 ngày 12/05/2025", "date_time", "dt.vi")
    C("موعد الاجتماع يوم 2025/06/03 الساعة 10:00", "date_time", "dt.ar")
    C("cron: 0 3 * * 1-5 /usr/local/bin/backup.sh", "date_time", "cron.cfg")
    C("∫₀¹ x² dx = 1/3, and 2^10 = 1024", "math", "math.en")
    C(
        "Quadratic: x = (-b ± √(b² - 4ac)) / 2a; for 3x² + 5x - 2 = 0, x = 1/3 or x = -2",
        "math",
        "math_quad.en",
    )
    C("1234 × 5678 = 7 006 652", "math", "math_mul.fr")
    C("Глюкоза: C6H12O6; этанол: C2H5OH", "chemistry", "chem.ru")
    C("H2SO4 + 2 NaOH → Na2SO4 + 2 H2O", "chemistry", "chem.en")
    C("Caffeine CAS 58-08-2, molar mass 194.19 g/mol", "chemistry", "chem_cas.en")
    C(
        "Real Madrid 3–1 Barcelona (Vinícius 12', 54', Bellingham 88')",
        "sports_score",
        "score.es",
    )
    C("NBA: Celtics 112 - 104 Knicks, Tatum 31 pts", "sports_score", "score.en")
    C("Wimbledon final: 6-4, 3-6, 7-6(5), 6-2", "sports_score", "score_tennis.en")
    C("Galatasaray 2-2 Fenerbahçe, 90+3' eşitlik golü", "sports_score", "score.tr")
    # misc technical look-alikes
    C(
        "ISBN %s (2nd edition, paperback)"
        % std_isbn.format(gen(std_isbn, lambda: "978" + D(10))),
        "isbn",
        "isbn.en",
    )
    C("DOI: 10.1038/s41586-024-0%s-%d" % (D(4), rng.randint(1, 9)), "doi", "doi.en")
    C("CVE-2024-3094 (xz backdoor) — patched in xz 5.6.2", "cve_id", "cve.en")
    C(
        "HTTP 503 Service Unavailable after 30000 ms timeout on port 8443",
        "log_status",
        "http.log",
    )
    C(
        "2025-02-11 10:42:17,883 WARN  [pool-3-thread-7] c.a.s.Retry - attempt 3/5 failed, backing off 1600ms",
        "log_status",
        "java.log",
    )
    C(
        "GPS-Koordinaten Eiffelturm: 48.8584° N, 2.2945° E",
        "coordinates_landmark",
        "coords.de",
    )
    C("color: #1E90FF; background: #FAFAFA; border-radius: 8px;", "css", "css.code")
    C(
        "postcode lookup returned 1.2M rows in 842 ms; p99 latency 2.4 s",
        "metrics",
        "metrics.en",
    )
    C(
        "Tensile strength: 420 MPa, yield 355 MPa (S355 steel)",
        "measurement",
        "steel.en",
    )
    C("Room 4.12, Building C — meeting with the design team", "room_number", "room.en")
    C(
        "Public car park at the station: pay & display, bays 1–120, max stay 4 h",
        "parking",
        "parking.en",
    )
    C("Nota fiscal nº 000.%s.%s série 1" % (D(3), D(3)), "invoice_number", "nf.pt")
    C(
        "Phone model: iPhone 15 Pro A3102, 256 GB, iOS 18.3.1",
        "device_model",
        "device.en",
    )
    C(
        "Kenteken van de bestelwagen van de zaak staat op de lease-overeenkomst; contractnr. LC-%s"
        % D(7),
        "contract_number",
        "contract.nl",
    )
    C(
        "Meter reading (electricity): 48 213,7 kWh on 01/02/2025",
        "meter_reading",
        "meter.en",
    )
    C(
        "Lottozahlen vom Samstag: 4, 11, 19, 27, 38, 45 – Superzahl 7",
        "lottery_numbers",
        "lotto.de",
    )
    C(
        "Population of Tokyo ~ 14 million; Greater Tokyo ~ 37.4 million",
        "statistic",
        "stat.en",
    )
    C("Ο Παρθενώνας χτίστηκε μεταξύ 447 και 432 π.Χ.", "historical_date", "hist.el")
    C(
        "Bitcoin block 840000 mined on 2024-04-20, subsidy 3.125 BTC",
        "blockchain_public",
        "btcblock.en",
    )
    C(
        "Contract address (USDC on Ethereum): 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
        "blockchain_public",
        "usdc.en",
    )
    C(
        "MAC-adresse til printeren på kontoret: 00:1B:44:11:3A:B7 — DHCP-reservation 192.168.10.50",
        "network_config",
        "mac.da",
    )
    C("VLAN 20 = guests, 10.20.0.0/24, gateway 10.20.0.1", "network_config", "vlan.en")
    C(
        "ssh -i ~/.ssh/id_ed25519 -p 2222 deploy@staging.internal   # key file, no password in command",
        "command_no_secret",
        "ssh.code",
    )
    C(
        "kubectl create secret generic db-creds --from-file=./password.txt -n prod",
        "command_no_secret",
        "kubectl.code",
    )
    C(
        "aws s3 sync ./dist s3://my-static-site --delete --profile prod",
        "command_no_secret",
        "aws.code",
    )
    C(
        "mysql -u root -p  # prompts for the password interactively",
        "command_no_secret",
        "mysql_prompt.code",
    )
    C(
        "Sayfa 42'deki tabloya bakın: 2023 geliri 14,8 milyon TL.",
        "statistic",
        "stat.tr",
    )
    C("Próg zdawalności egzaminu na prawo jazdy: 68 na 74 punkty.", "score", "exam.pl")
    C("Katika mechi ya jana, Simba SC 2-0 Yanga.", "sports_score", "score.sw")
    C("בדיקת מים בבריכה: pH 7.2, כלור 1.5 mg/L", "measurement", "lab.he")
    C("Nilai tukar hari ini: 1 USD = 16.245 IDR", "exchange_rate", "fx.id")
    C("Tỷ giá: 1 EUR = 27.350 VND", "exchange_rate", "fx.vi")
    C(
        "Hướng dẫn: đặt mật khẩu tại mục Cài đặt › Bảo mật, không chia sẻ cho ai.",
        "password_policy",
        "policy.vi",
    )
    C("ल्यूमिनस इन्वर्टर मॉडल Zelio+ 1100, बैटरी 150Ah", "device_model", "device.hi")
    C("আজকের তাপমাত্রা ৩৪ ডিগ্রি সেলসিয়াস", "temperature", "temp.bn")
    C(
        "Kasaysayan: ipinanganak si José Rizal noong 19 Hunyo 1861.",
        "public_figure_dob",
        "pubdob.tl",
    )
    C("Prijs van de nieuwe wasmachine: € 649,-", "price", "price.nl")
    C("Hinta: 19,90 € / kk, sopimus 12 kk", "price", "price.fi")
    C("Priset för tågbiljetten Stockholm–Göteborg: 495 kr", "price", "price.sv")
    C("Ціна квитка Київ–Львів: 612 грн", "price", "price.uk")
    C("Preț abonament: 45 lei/lună", "price", "price.ro")
    C("A reunião ficou para 14h30 de sexta-feira.", "date_time", "dt.pt")
    C("Teplota v obýváku: 21,5 °C, vlhkost 45 %", "temperature", "temp.cs")
    C("ما هو ناتج ٧ × ٨؟ الجواب ٥٦", "math", "math.ar")
    C("Hőmérséklet ma: 28 °C, holnap 24 °C", "temperature", "temp.hu")
    C("İstanbul–Ankara arası 450 km", "measurement", "meas.tr")
    C(
        "Кой е рожденият ден на Христо Ботев? 6 януари 1848 г.",
        "public_figure_dob",
        "pubdob.bg",
    )
    C("Jaribio la kemia: NaCl + AgNO3 → AgCl + NaNO3", "chemistry", "chem.sw")
    C("Verð á kaffi: 650 kr.", "price", "price.is")


def trim(label, n):
    rows = [r for r in ROWS if r["label"] == label]
    assert len(rows) >= n, (label, len(rows), n)
    while len(rows) > n:
        cnt = Counter(r["kind"] for r in rows)
        top = max(cnt.values())
        lang = Counter(r["template"].rsplit(".", 1)[1] for r in rows)
        cands = [
            i
            for i, r in enumerate(rows)
            if cnt[r["kind"]] == top and lang[r["template"].rsplit(".", 1)[1]] > 3
        ]
        cands = cands or [i for i, r in enumerate(rows) if cnt[r["kind"]] == top]
        rows.pop(rng.choice(cands))
    return rows


def main():
    build_ids()
    pii_ids()
    pii_cards()
    pii_ibans()
    pii_phones()
    pii_emails()
    pii_addresses()
    pii_dobs()
    pii_passports()
    pii_licences()
    secrets()
    clean()
    texts = Counter(r["text"] for r in ROWS)
    dup = [t for t, c in texts.items() if c > 1]
    assert not dup, dup[:3]
    print("before trim:", dict(Counter(r["label"] for r in ROWS)))
    out = trim("secret", 220) + trim("pii", 220) + trim("clean", 160)
    for r in out:
        if r["label"] == "pii":
            assert r["value"] in r["text"]
    path = os.path.join(HERE, "sensitivity_%s.jsonl" % SET)
    with open(path, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    lab = Counter(r["label"] for r in out)
    langs = Counter(r["template"].rsplit(".", 1)[1] for r in out)
    nat = {k: v for k, v in langs.items() if k not in ("cfg", "code", "log", "mixed")}
    print(path, dict(lab))
    print("kinds:", {l: len({r["kind"] for r in out if r["label"] == l}) for l in lab})
    print("nid types:", len({r["kind"] for r in out if r["kind"].startswith("nid_")}))
    print("natural languages:", len(nat), sorted(nat.items(), key=lambda x: -x[1]))


if __name__ == "__main__":
    main()
