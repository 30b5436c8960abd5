# ruff: noqa: E501, E741, E731, E402, SIM108
"""Helpers for make_sensitivity_tune24: stdnum-valid personal ids (outside Europe) and valid phones."""
import phonenumbers
from stdnum.ar import cuit as ar_cuit
from stdnum.au import tfn as au_tfn
from stdnum.br import cpf as br_cpf
from stdnum.ca import sin as ca_sin
from stdnum.cl import rut as cl_rut
from stdnum.cn import ric as cn_ric
from stdnum.co import nit as co_nit
from stdnum.cr import cpf as cr_cpf
from stdnum.do import cedula as do_cedula
from stdnum.ec import ci as ec_ci
from stdnum.id import nik as id_nik
from stdnum.il import idnr as il_idnr
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import pan as in_pan
from stdnum.jp import in_ as jp_in
from stdnum.ke import pin as ke_pin
from stdnum.kr import rrn as kr_rrn
from stdnum.mx import curp as mx_curp
from stdnum.my import nric as my_nric
from stdnum.nz import ird as nz_ird
from stdnum.pe import cui as pe_cui
from stdnum.pk import cnic as pk_cnic
from stdnum.th import pin as th_pin
from stdnum.tr import tckimlik as tr_tck
from stdnum.us import ssn as us_ssn
from stdnum.ve import rif as ve_rif
from stdnum.za import idnr as za_idnr

D = "0123456789"
U = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _digits(r, n):
    return "".join(r.choice(D) for _ in range(n))


def _date(r, y0=1950, y1=2004):
    return r.randint(y0, y1), r.randint(1, 12), r.randint(1, 28)


def _brute(r, cand, valid, tries=5000):
    for _ in range(tries):
        c = cand(r)
        if valid(c):
            return c
    raise RuntimeError("no valid candidate")


def _cpf(r):
    c = _brute(r, lambda r: _digits(r, 11), br_cpf.is_valid)
    return br_cpf.format(c)


def _cuit(r):
    c = _brute(r, lambda r: r.choice(["20", "27", "23"]) + _digits(r, 9), ar_cuit.is_valid)
    return ar_cuit.format(c)


def _rut(r):
    c = _brute(r, lambda r: str(r.randint(6000000, 24999999)) + r.choice(D + "K"), cl_rut.is_valid)
    return cl_rut.format(c)


def _nit_co(r):
    c = _brute(r, lambda r: str(r.randint(10000000, 1099999999)) + r.choice(D), co_nit.is_valid)
    return co_nit.format(c)


def _curp(r):
    def cand(r):
        y, m, d = _date(r, 1960, 2005)
        s = "".join(r.choice("BCDFGHJLMNPRSTVZ") for _ in range(1)) + r.choice("AEIOU") + "".join(r.choice("BCDGHLMNPRSTVZ") for _ in range(2))
        st = r.choice(["DF", "JC", "NL", "PL", "VZ", "GT", "MC", "QT", "YN", "CH", "SL", "OC"])
        g = r.choice("HM")
        body = s + "%02d%02d%02d" % (y % 100, m, d) + g + st + "".join(r.choice("BCDFGHJKLMNPRSTVZ") for _ in range(3)) + ("0" if y < 2000 else "A")
        return body + mx_curp.calc_check_digit(body + "0")
    return _brute(r, cand, mx_curp.is_valid)


def _cui_pe(r):
    c = _brute(r, lambda r: _digits(r, 8), pe_cui.is_valid)
    return c


def _ci_ec(r):
    c = _brute(r, lambda r: "%02d" % r.randint(1, 24) + str(r.randint(0, 5)) + _digits(r, 7), ec_ci.is_valid)
    return c[:9] + "-" + c[9]


def _rif_ve(r):
    c = _brute(r, lambda r: "V" + _digits(r, 9), ve_rif.is_valid)
    return c[0] + "-" + c[1:9] + "-" + c[9]


def _cpf_cr(r):
    c = _brute(r, lambda r: "0" + str(r.randint(1, 9)) + _digits(r, 8), cr_cpf.is_valid)
    return cr_cpf.format(c)


def _cedula_do(r):
    c = _brute(r, lambda r: "0" + _digits(r, 10), do_cedula.is_valid)
    return do_cedula.format(c)


def _ric_cn(r):
    def cand(r):
        y, m, d = _date(r)
        body = r.choice(["110101", "310104", "440305", "510107", "330106", "420102", "360426"]) + "%04d%02d%02d" % (y, m, d) + _digits(r, 3)
        return body + cn_ric.calc_check_digit(body)
    return _brute(r, cand, cn_ric.is_valid)


def _aadhaar(r):
    c = _brute(r, lambda r: str(r.randint(2, 9)) + _digits(r, 11), in_aadhaar.is_valid)
    return in_aadhaar.format(c)


def _pan(r):
    c = _brute(r, lambda r: "".join(r.choice(U) for _ in range(3)) + "P" + r.choice(U) + _digits(r, 4) + r.choice(U), in_pan.is_valid)
    return c


def _rrn(r):
    def cand(r):
        y, m, d = _date(r, 1950, 1999)
        body = "%02d%02d%02d" % (y % 100, m, d) + r.choice("12") + _digits(r, 5)
        return body + kr_rrn.calc_check_digit(body)
    c = _brute(r, cand, kr_rrn.is_valid)
    return kr_rrn.format(c)


def _th_pin(r):
    def cand(r):
        body = r.choice("1358") + _digits(r, 11)
        return body + th_pin.calc_check_digit(body)
    return th_pin.format(_brute(r, cand, th_pin.is_valid))


def _nric_my(r):
    def cand(r):
        y, m, d = _date(r)
        return "%02d%02d%02d" % (y % 100, m, d) + r.choice(["01", "02", "05", "07", "08", "10", "14"]) + _digits(r, 4)
    return my_nric.format(_brute(r, cand, my_nric.is_valid))


def _nik_id(r):
    def cand(r):
        y, m, d = _date(r)
        if r.random() < 0.5:
            d += 40
        return r.choice(["317101", "327301", "357801", "337401", "517101"]) + "%02d%02d%02d" % (d, m, y % 100) + "%04d" % r.randint(1, 60)
    return _brute(r, cand, id_nik.is_valid)


def _cnic_pk(r):
    c = _brute(r, lambda r: r.choice(["35202", "42201", "37405", "61101", "17301"]) + _digits(r, 8), pk_cnic.is_valid)
    return pk_cnic.format(c)


def _il(r):
    return il_idnr.format(_brute(r, lambda r: _digits(r, 9), il_idnr.is_valid))


def _tck(r):
    def cand(r):
        body = str(r.randint(1, 9)) + _digits(r, 8)
        return body + tr_tck.calc_check_digits(body)
    return _brute(r, cand, tr_tck.is_valid)


def _za(r):
    def cand(r):
        y, m, d = _date(r)
        return "%02d%02d%02d" % (y % 100, m, d) + _digits(r, 4) + r.choice("01") + "8" + r.choice(D)
    return _brute(r, cand, za_idnr.is_valid)


def _jp_mynumber(r):
    def cand(r):
        body = _digits(r, 11)
        return body + jp_in.calc_check_digit(body)
    return jp_in.format(_brute(r, cand, jp_in.is_valid))


def _ssn(r):
    c = _brute(r, lambda r: "%03d%02d%04d" % (r.randint(101, 665), r.randint(1, 99), r.randint(1, 9999)), us_ssn.is_valid)
    return us_ssn.format(c)


def _sin_ca(r):
    c = _brute(r, lambda r: r.choice("1234567") + _digits(r, 8), ca_sin.is_valid)
    return ca_sin.format(c)


def _tfn_au(r):
    return au_tfn.format(_brute(r, lambda r: _digits(r, 9), au_tfn.is_valid))


def _ird_nz(r):
    return nz_ird.format(_brute(r, lambda r: "1" + _digits(r, 8), nz_ird.is_valid))


def _kra_pin(r):
    return _brute(r, lambda r: "A0" + _digits(r, 8) + r.choice(U), ke_pin.is_valid)


# scheme -> (generator, validator module, country, lang)
SCHEMES = {
    "br.cpf": (_cpf, br_cpf, "BR", "pt"),
    "ar.cuit": (_cuit, ar_cuit, "AR", "es"),
    "cl.rut": (_rut, cl_rut, "CL", "es"),
    "co.nit": (_nit_co, co_nit, "CO", "es"),
    "mx.curp": (_curp, mx_curp, "MX", "es"),
    "pe.cui": (_cui_pe, pe_cui, "PE", "es"),
    "ec.ci": (_ci_ec, ec_ci, "EC", "es"),
    "ve.rif": (_rif_ve, ve_rif, "VE", "es"),
    "cr.cpf": (_cpf_cr, cr_cpf, "CR", "es"),
    "do.cedula": (_cedula_do, do_cedula, "DO", "es"),
    "cn.ric": (_ric_cn, cn_ric, "CN", "zh"),
    "in.aadhaar": (_aadhaar, in_aadhaar, "IN", "en"),
    "in.pan": (_pan, in_pan, "IN", "en"),
    "kr.rrn": (_rrn, kr_rrn, "KR", "ko"),
    "th.pin": (_th_pin, th_pin, "TH", "en"),
    "my.nric": (_nric_my, my_nric, "MY", "en"),
    "id.nik": (_nik_id, id_nik, "ID", "id"),
    "pk.cnic": (_cnic_pk, pk_cnic, "PK", "en"),
    "il.idnr": (_il, il_idnr, "IL", "en"),
    "tr.tckimlik": (_tck, tr_tck, "TR", "tr"),
    "za.idnr": (_za, za_idnr, "ZA", "en"),
    "jp.in": (_jp_mynumber, jp_in, "JP", "ja"),
    "us.ssn": (_ssn, us_ssn, "US", "en"),
    "ca.sin": (_sin_ca, ca_sin, "CA", "en"),
    "au.tfn": (_tfn_au, au_tfn, "AU", "en"),
    "nz.ird": (_ird_nz, nz_ird, "NZ", "en"),
    "ke.pin": (_kra_pin, ke_pin, "KE", "en"),
}


def make_id(r, scheme):
    gen, mod, _, _ = SCHEMES[scheme]
    v = gen(r)
    assert mod.is_valid(v), (scheme, v)
    return v


def valid_id(scheme, v):
    return SCHEMES[scheme][1].is_valid(v)


# ---------------------------------------------------------------- phones
def make_phone(r, region, ptype="mobile"):
    """Return a valid PhoneNumber object for region (mobile by default)."""
    t = {"mobile": phonenumbers.PhoneNumberType.MOBILE, "fixed": phonenumbers.PhoneNumberType.FIXED_LINE}[ptype]
    ex = phonenumbers.example_number_for_type(region, t)
    nsn = phonenumbers.national_significant_number(ex)
    for _ in range(5000):
        k = min(len(nsn) - 2, 6)
        cand = nsn[:-k] + "".join(r.choice(D) for _ in range(k))
        p = phonenumbers.parse("+%d%s" % (ex.country_code, cand))
        if phonenumbers.is_valid_number(p) and phonenumbers.number_type(p) in (t, phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE):
            return p
    raise RuntimeError(region)


def fmt_phone(p, style):
    F = phonenumbers.PhoneNumberFormat
    if style == "intl":
        return phonenumbers.format_number(p, F.INTERNATIONAL)
    if style == "national":
        return phonenumbers.format_number(p, F.NATIONAL)
    if style == "e164":
        return phonenumbers.format_number(p, F.E164)
    raise ValueError(style)


def phone_ok(text_value, region):
    """Digits of text_value must parse to a valid number for region."""
    digits = "".join(ch for ch in text_value if ch.isdigit())
    lead_plus = text_value.strip().startswith("+") or text_value.strip().startswith("00")
    try:
        if lead_plus or text_value.strip().startswith("tel:+") or "wa.me/" in text_value:
            digits = digits.removeprefix("00")
            p = phonenumbers.parse("+" + digits)
        else:
            p = phonenumbers.parse(digits, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(p)
