# ruff: noqa: E501, E741, E731, E402, SIM108
"""Value builders for the blind19 sensitivity set: national ids (validated with
python-stdnum), phone numbers (validated with phonenumbers), IBANs, cards,
vendor-format credentials. Every function takes the generator's single
random.Random instance, so output is deterministic."""

import importlib
import itertools
import string

import phonenumbers
from stdnum import iban as std_iban
from stdnum import luhn

D = string.digits
UP = string.ascii_uppercase
LO = string.ascii_lowercase
AN = D + UP + LO
HEX = "0123456789abcdef"
B32 = UP + "234567"


def rs(r, alphabet, n):
    return "".join(r.choice(alphabet) for _ in range(n))


def date_parts(r, y0=1952, y1=2006):
    y = r.randint(y0, y1)
    m = r.randint(1, 12)
    d = r.randint(1, 28)
    return y, m, d


def _complete(mod, prefix, alphabet, n, suffix=""):
    for combo in itertools.product(alphabet, repeat=n):
        cand = prefix + "".join(combo) + suffix
        if mod.is_valid(cand):
            return cand
    return None


# --- national id builders: each returns a compact valid number or None ---


def _ymd(r, y0=1955, y1=2004):
    y, m, d = date_parts(r, y0, y1)
    return y, m, d, f"{y % 100:02d}{m:02d}{d:02d}"


def b_br_cpf(r):
    return _complete(M("br.cpf"), rs(r, D, 9), D, 2)


def b_mx_curp(r):
    cons = "BCDFGHJKLMNPRSTVZ"
    y, m, d, ymd = _ymd(r, 1960, 1999)
    pre = r.choice(cons) + r.choice("AEIOU") + r.choice(UP.replace("Ñ", "")) + r.choice(UP) + ymd + r.choice("HM") + r.choice(["DF", "JC", "NL", "PL", "VZ", "GT", "YN", "CH"]) + rs(r, cons, 3) + "0"
    return _complete(M("mx.curp"), pre, D, 1)


def b_mx_rfc(r):
    y, m, d, ymd = _ymd(r)
    pre = rs(r, "BCDFGHLMNPRSTV", 1) + r.choice("AEIOU") + rs(r, "BCDFGLMNRST", 2) + ymd + rs(r, "ABCDEFGHJKLMNPRSTUVWXYZ123456789", 2)
    return _complete(M("mx.rfc"), pre, D + "A", 1)


def b_ar_dni(r):
    n = str(r.randint(20_000_000, 45_999_999))
    return n if M("ar.dni").is_valid(n) else None


def b_ar_cuit(r):
    return _complete(M("ar.cuit"), r.choice(["20", "27", "23"]) + str(r.randint(20_000_000, 45_999_999)), D, 1)


def b_cl_rut(r):
    return _complete(M("cl.rut"), str(r.randint(9_000_000, 24_999_999)), D + "K", 1)


def b_co_nit(r):
    return _complete(M("co.nit"), str(r.randint(10_000_000, 1_099_999_999)), D, 1)


def b_ro_cnp(r):
    y, m, d, ymd = _ymd(r, 1950, 2004)
    s = r.choice("12") if y < 2000 else r.choice("56")
    return _complete(M("ro.cnp"), s + ymd + f"{r.randint(1, 46):02d}" + rs(r, D, 3), D, 1)


def b_cz_rc(r):
    y, m, d = date_parts(r, 1955, 2003)
    mm = m + (50 if r.random() < 0.5 else 0)
    return _complete(M("cz.rc"), f"{y % 100:02d}{mm:02d}{d:02d}" + rs(r, D, 3), D, 1)


def b_gr_amka(r):
    y, m, d = date_parts(r, 1950, 2003)
    return _complete(M("gr.amka"), f"{d:02d}{m:02d}{y % 100:02d}" + rs(r, D, 4), D, 1)


def b_il_idnr(r):
    return _complete(M("il.idnr"), str(r.randint(10_000_000, 39_999_999)), D, 1)


def b_th_pin(r):
    return _complete(M("th.pin"), r.choice("12358") + rs(r, D, 11), D, 1)


def b_id_nik(r):
    place = r.choice(["317101", "317402", "327301", "357801", "337404", "517103", "127106", "647205"])
    y, m, d = date_parts(r, 1960, 2004)
    dd = d + (40 if r.random() < 0.5 else 0)
    n = place + f"{dd:02d}{m:02d}{y % 100:02d}" + f"{r.randint(1, 9999):04d}"
    return n if M("id.nik").is_valid(n) else None


def b_ua_rntrc(r):
    return _complete(M("ua.rntrc"), str(r.randint(2_000_000_00, 3_999_999_99)), D, 1)


def b_vn_mst(r):
    return _complete(M("vn.mst"), f"{r.randint(1, 99):02d}" + rs(r, D, 7), D, 1)


def b_in_aadhaar(r):
    return _complete(M("in_.aadhaar"), r.choice("23456789") + rs(r, D, 10), D, 1)


def b_in_pan(r):
    n = rs(r, UP, 3) + "P" + r.choice(UP) + rs(r, D, 4) + r.choice(UP)
    return n if M("in_.pan").is_valid(n) else None


def b_za_idnr(r):
    y, m, d, ymd = _ymd(r)
    return _complete(M("za.idnr"), ymd + f"{r.randint(0, 9999):04d}" + "08", D, 1)


def b_au_tfn(r):
    return _complete(M("au.tfn"), str(r.randint(10_000_000, 99_999_999)), D, 1)


def b_ca_sin(r):
    return _complete(M("ca.sin"), r.choice("1234567") + rs(r, D, 7), D, 1)


def b_jp_in(r):
    return _complete(M("jp.in_"), r.choice("123456789") + rs(r, D, 10), D, 1)


def b_kr_rrn(r):
    y, m, d, ymd = _ymd(r, 1960, 1999)
    return _complete(M("kr.rrn"), ymd + r.choice("12") + f"{r.randint(0, 8):d}" + rs(r, D, 4), D, 1)


def b_us_ssn(r):
    a = r.randint(1, 665)
    g = r.randint(1, 99)
    s = r.randint(1, 9999)
    n = f"{a:03d}{g:02d}{s:04d}"
    return n if M("us.ssn").is_valid(n) else None


def b_es_dni(r):
    return _complete(M("es.dni"), str(r.randint(10_000_000, 79_999_999)), UP, 1)


def b_es_nie(r):
    return _complete(M("es.nie"), r.choice("XYZ") + rs(r, D, 7), UP, 1)


def b_pt_nif(r):
    return _complete(M("pt.nif"), r.choice("123") + rs(r, D, 7), D, 1)


def b_se_pnr(r):
    y, m, d, ymd = _ymd(r)
    return _complete(M("se.personnummer"), ymd + "-" + rs(r, D, 3), D, 1)


def b_no_fnr(r):
    y, m, d = date_parts(r, 1955, 1999)
    return _complete(M("no.fodselsnummer"), f"{d:02d}{m:02d}{y % 100:02d}" + str(r.randint(100, 499)), D, 2)


def b_fi_hetu(r):
    y, m, d = date_parts(r, 1955, 1999)
    return _complete(M("fi.hetu"), f"{d:02d}{m:02d}{y % 100:02d}-" + f"{r.randint(2, 899):03d}", D + "ABCDEFHJKLMNPRSTUVWXY", 1)


def b_nl_bsn(r):
    return _complete(M("nl.bsn"), r.choice("12346") + rs(r, D, 7), D, 1)


def b_pl_pesel(r):
    y, m, d = date_parts(r, 1955, 2004)
    mm = m + (20 if y >= 2000 else 0)
    return _complete(M("pl.pesel"), f"{y % 100:02d}{mm:02d}{d:02d}" + rs(r, D, 4), D, 1)


def b_it_cf(r):
    months = "ABCDEHLMPRST"
    y, m, d = date_parts(r, 1955, 2000)
    dd = d + (40 if r.random() < 0.5 else 0)
    pre = rs(r, "BCDFGLMNPRSTVZ", 3) + rs(r, "BCDFGLMNPRSTVZ", 2) + r.choice("AEIO") + f"{y % 100:02d}" + months[m - 1] + f"{dd:02d}" + r.choice(["H501", "F205", "L219", "A944", "G273", "F839"])
    return _complete(M("it.codicefiscale"), pre, UP, 1)


def b_tr_tc(r):
    return _complete(M("tr.tckimlik"), r.choice("123456789") + rs(r, D, 8), D, 2)


def b_cn_ric(r):
    y, m, d = date_parts(r, 1960, 2003)
    return _complete(M("cn.ric"), r.choice(["110101", "310104", "440305", "510104", "330106"]) + f"{y}{m:02d}{d:02d}" + rs(r, D, 3), D + "X", 1)


def b_bg_egn(r):
    y, m, d, ymd = _ymd(r, 1955, 1999)
    return _complete(M("bg.egn"), ymd + rs(r, D, 3), D, 1)


def b_be_nn(r):
    y, m, d, ymd = _ymd(r, 1955, 1999)
    return _complete(M("be.nn"), ymd + f"{r.randint(1, 997):03d}", D, 2)


def b_gb_nhs(r):
    return _complete(M("gb.nhs"), r.choice("4679") + rs(r, D, 8), D, 1)


def b_de_idnr(r):
    for _ in range(40):
        n = _complete(M("de.idnr"), r.choice("123456789") + rs(r, D, 9), D, 1)
        if n:
            return n
    return None


def b_my_nric(r):
    y, m, d, ymd = _ymd(r, 1960, 2003)
    n = ymd + r.choice(["14", "10", "08", "07", "01"]) + rs(r, D, 4)
    return n if M("my.nric").is_valid(n) else None


def b_ee_ik(r):
    y, m, d, ymd = _ymd(r, 1955, 1999)
    return _complete(M("ee.ik"), r.choice("34") + ymd + rs(r, D, 3), D, 1)


def b_fr_nir(r):
    y, m, d = date_parts(r, 1955, 1999)
    pre = r.choice("12") + f"{y % 100:02d}{m:02d}" + f"{r.randint(1, 95):02d}" + f"{r.randint(1, 990):03d}" + f"{r.randint(1, 999):03d}"
    return _complete(M("fr.nir"), pre, D, 2)


def b_eg_tn(r):
    return _complete(M("eg.tn"), rs(r, D, 8), D, 1)


_MODS = {}


def M(name):
    if name not in _MODS:
        _MODS[name] = importlib.import_module("stdnum." + name)
    return _MODS[name]


def national_id(r, scheme):
    """Return (display_string, compact) for the given stdnum scheme."""
    b = BUILDERS[scheme]
    for _ in range(500):
        n = b(r)
        if n:
            mod = M(scheme)
            assert mod.is_valid(n), (scheme, n)
            disp = n
            if hasattr(mod, "format") and r.random() < 0.6:
                try:
                    disp = mod.format(n)
                except Exception:
                    disp = n
            assert mod.is_valid(disp), (scheme, disp)
            return disp
    raise RuntimeError(scheme)


BUILDERS = {
    "br.cpf": b_br_cpf, "mx.curp": b_mx_curp, "mx.rfc": b_mx_rfc, "ar.dni": b_ar_dni, "ar.cuit": b_ar_cuit,
    "cl.rut": b_cl_rut, "co.nit": b_co_nit, "ro.cnp": b_ro_cnp, "cz.rc": b_cz_rc, "gr.amka": b_gr_amka,
    "il.idnr": b_il_idnr, "th.pin": b_th_pin, "id.nik": b_id_nik, "ua.rntrc": b_ua_rntrc, "vn.mst": b_vn_mst,
    "in_.aadhaar": b_in_aadhaar, "in_.pan": b_in_pan, "za.idnr": b_za_idnr, "au.tfn": b_au_tfn, "ca.sin": b_ca_sin,
    "jp.in_": b_jp_in, "kr.rrn": b_kr_rrn, "us.ssn": b_us_ssn, "es.dni": b_es_dni, "es.nie": b_es_nie,
    "pt.nif": b_pt_nif, "se.personnummer": b_se_pnr, "no.fodselsnummer": b_no_fnr, "fi.hetu": b_fi_hetu,
    "nl.bsn": b_nl_bsn, "pl.pesel": b_pl_pesel, "it.codicefiscale": b_it_cf, "tr.tckimlik": b_tr_tc,
    "cn.ric": b_cn_ric, "bg.egn": b_bg_egn, "be.nn": b_be_nn, "gb.nhs": b_gb_nhs, "de.idnr": b_de_idnr,
    "my.nric": b_my_nric, "ee.ik": b_ee_ik, "fr.nir": b_fr_nir,
}


# --- phones ---


def phone(r, region, kind="mobile", style=None):
    t = phonenumbers.PhoneNumberType.MOBILE if kind == "mobile" else phonenumbers.PhoneNumberType.FIXED_LINE
    ex = phonenumbers.example_number_for_type(region, t)
    nat = str(ex.national_number)
    keep = max(2, len(nat) - 6)
    for _ in range(2000):
        cand = nat[:keep] + rs(r, D, len(nat) - keep)
        p = phonenumbers.parse("+" + str(ex.country_code) + cand, None)
        if phonenumbers.is_valid_number(p) and phonenumbers.region_code_for_number(p) == region:
            if phonenumbers.number_type(p) in (t, phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE):
                break
    else:
        raise RuntimeError(region)
    style = style or r.choice(["intl", "intl", "nat", "e164"])
    if style == "intl":
        s = phonenumbers.format_number(p, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    elif style == "e164":
        s = phonenumbers.format_number(p, phonenumbers.PhoneNumberFormat.E164)
    else:
        s = phonenumbers.format_number(p, phonenumbers.PhoneNumberFormat.NATIONAL)
    chk = phonenumbers.parse(s, region)
    assert phonenumbers.is_valid_number(chk), s
    return s


# --- bank ---

IBAN_BBAN = {
    "DE": lambda r: rs(r, D, 18), "GB": lambda r: r.choice(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + rs(r, D, 14),
    "RO": lambda r: r.choice(["BTRL", "RNCB", "BRDE", "INGB"]) + rs(r, D, 16), "HU": lambda r: rs(r, D, 24),
    "CZ": lambda r: r.choice(["0800", "0100", "0300", "2010"]) + rs(r, D, 16), "GR": lambda r: r.choice(["0110", "0140", "0172"]) + rs(r, D, 19),
    "PT": lambda r: "0035" + rs(r, D, 17), "BR": lambda r: rs(r, D, 23) + "C" + r.choice("12"), "IL": lambda r: rs(r, D, 19),
    "AE": lambda r: rs(r, D, 19), "SA": lambda r: rs(r, D, 2) + rs(r, D, 18), "UA": lambda r: rs(r, D, 6) + rs(r, D, 19),
    "ES": lambda r: rs(r, D, 20), "FR": lambda r: rs(r, D, 10) + rs(r, D, 11) + rs(r, D, 2), "IT": lambda r: r.choice(UP) + rs(r, D, 10) + rs(r, D, 12),
    "NL": lambda r: r.choice(["INGB", "RABO", "ABNA"]) + rs(r, D, 10), "PL": lambda r: rs(r, D, 24), "TR": lambda r: rs(r, D, 5) + "0" + rs(r, D, 16),
    "EG": lambda r: rs(r, D, 25),
}


def iban(r, cc, spaced=None):
    for _ in range(5000):
        bban = IBAN_BBAN[cc](r)
        cd = std_iban.calc_check_digits(cc + "00" + bban)
        n = cc + cd + bban
        if std_iban.is_valid(n):
            break
    else:
        raise RuntimeError(cc)
    if spaced is None:
        spaced = r.random() < 0.6
    return std_iban.format(n) if spaced else n


CARD_PREFIX = ["4", "4", "51", "52", "53", "54", "55", "2221", "2720", "34", "37", "6011", "65", "3528", "3589", "62"]


def card(r, style=None):
    pre = r.choice(CARD_PREFIX)
    ln = 15 if pre in ("34", "37") else 16
    body = pre + rs(r, D, ln - len(pre) - 1)
    n = body + luhn.calc_check_digit(body)
    assert luhn.is_valid(n)
    style = style or r.choice(["sp", "sp", "plain", "dash"])
    if ln == 15:
        g = [n[:4], n[4:10], n[10:]]
    else:
        g = [n[i:i + 4] for i in range(0, 16, 4)]
    if style == "sp":
        return " ".join(g)
    if style == "dash":
        return "-".join(g)
    return n


def jwt_like(r, payload_len=None):
    import base64
    import json
    hdr = base64.urlsafe_b64encode(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode()).decode().rstrip("=")
    pl = {"sub": rs(r, D, 8), "iat": r.randint(1_700_000_000, 1_760_000_000), "role": r.choice(["service_role", "admin", "user"])}
    p = base64.urlsafe_b64encode(json.dumps(pl, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{hdr}.{p}.{rs(r, AN + '-_', 43)}"
