"""National IDs, tax numbers, IBANs and cards that validate per python-stdnum."""
from stdnum import iban as _iban, luhn as _luhn
from stdnum.kr import rrn
from stdnum.de import idnr
from stdnum.fr import nir
from stdnum.es import dni, nie
from stdnum.it import codicefiscale
from stdnum.nl import bsn
from stdnum.br import cpf
from stdnum.in_ import aadhaar, pan
from stdnum.us import ssn
from stdnum.gb import nhs
from stdnum.se import personnummer
from stdnum.pl import pesel
from stdnum.fi import hetu
from stdnum.dk import cpr
from stdnum.jp import in_ as mynumber
from stdnum.cn import ric
from stdnum.mx import curp
from stdnum.ca import sin
from stdnum.au import tfn
from stdnum.za import idnr as zaid
from stdnum.no import fodselsnummer
from stdnum.be import nn
from stdnum.pt import nif
from stdnum.tr import tckimlik
from stdnum.ch import ssn as ahv
from stdnum.ie import pps
from sb18_common import R, pick, digits, date_parts

UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _until(mod, gen, tries=200000):
    for _ in range(tries):
        c = gen()
        if mod.is_valid(c):
            return c
    raise RuntimeError(mod.__name__)


def _dob(y0=1950, y1=2005):
    y, m, d = date_parts(y0, y1)
    return y, m, d


def kr_rrn():
    def g():
        y, m, d = _dob()
        gd = ("1", "2")[R.randrange(2)] if y < 2000 else ("3", "4")[R.randrange(2)]
        return f"{y % 100:02d}{m:02d}{d:02d}{gd}{digits(6)}"
    return rrn.format(_until(rrn, g))


def de_idnr():
    return idnr.format(_until(idnr, lambda: digits(11, True)))


def fr_nir():
    def g():
        y, m, d = _dob()
        dept = pick(["75", "69", "13", "33", "59", "44", "31", "67", "92", "93"])
        body = f"{R.randrange(1, 3)}{y % 100:02d}{m:02d}{dept}{digits(3)}{digits(3)}"
        key = 97 - int(body) % 97
        return f"{body}{key:02d}"
    return nir.format(_until(nir, g))


def es_dni():
    return _until(dni, lambda: digits(8) + pick(UP))


def es_nie():
    return _until(nie, lambda: pick("XYZ") + digits(7) + pick(UP))


MONTHS = "ABCDEHLMPRST"


def it_cf():
    def g():
        y, m, d = _dob()
        dd = d + (40 if R.randrange(2) else 0)
        body = ("".join(pick("BCDFGLMNPRSTVZ") for _ in range(6)) + f"{y % 100:02d}" + MONTHS[m - 1]
                + f"{dd:02d}" + pick(["H501", "F205", "F839", "L219", "A944", "G273", "D612"]))
        return body + codicefiscale.calc_check_digit(body)
    return _until(codicefiscale, g)


def nl_bsn():
    return _until(bsn, lambda: digits(9, True))


def br_cpf():
    return cpf.format(_until(cpf, lambda: digits(11, True)))


def in_aadhaar():
    return aadhaar.format(_until(aadhaar, lambda: str(R.randrange(2, 10)) + digits(11)))


def in_pan():
    return _until(pan, lambda: "".join(pick(UP) for _ in range(3)) + "P" + pick(UP) + digits(4, True) + pick(UP))


def us_ssn():
    def g():
        a = R.randrange(1, 666)
        return f"{a:03d}{R.randrange(1, 100):02d}{R.randrange(1, 10000):04d}"
    return ssn.format(_until(ssn, g))


def gb_nhs():
    return nhs.format(_until(nhs, lambda: str(R.randrange(4, 7)) + digits(9)))


def se_pnr():
    def g():
        y, m, d = _dob()
        return f"{y % 100:02d}{m:02d}{d:02d}-{digits(4)}"
    return _until(personnummer, g)


def pl_pesel():
    def g():
        y, m, d = _dob()
        mm = m + (20 if y >= 2000 else 0)
        return f"{y % 100:02d}{mm:02d}{d:02d}{digits(5)}"
    return _until(pesel, g)


def fi_hetu():
    def g():
        y, m, d = _dob()
        sep = "A" if y >= 2000 else "-"
        return f"{d:02d}{m:02d}{y % 100:02d}{sep}{R.randrange(2, 900):03d}" + pick("0123456789ABCDEFHJKLMNPRSTUVWXY")
    return _until(hetu, g)


def dk_cpr():
    def g():
        y, m, d = _dob()
        return f"{d:02d}{m:02d}{y % 100:02d}-{digits(4)}"
    return _until(cpr, g)


def jp_mynumber():
    return mynumber.format(_until(mynumber, lambda: digits(12)))


def cn_ric():
    def g():
        y, m, d = _dob()
        return pick(["110101", "310104", "440305", "510104", "330106", "420102"]) + f"{y}{m:02d}{d:02d}" + digits(3) + pick("0123456789X")
    return _until(ric, g)


def mx_curp():
    def g():
        y, m, d = _dob(1950, 1999)
        return (pick("GHLMRF") + pick("AEOU") + pick("LMNRSZ") + pick("AEIOU") + f"{y % 100:02d}{m:02d}{d:02d}"
                + pick("HM") + pick(["DF", "JC", "NL", "PL", "VZ", "GT", "MC"])
                + "".join(pick("BCDFGLMNRSTZ") for _ in range(3)) + "0" + digits(1))
    return _until(curp, g)


def ca_sin():
    return sin.format(_until(sin, lambda: str(R.randrange(1, 8)) + digits(8)))


def au_tfn():
    return tfn.format(_until(tfn, lambda: digits(9, True)))


def za_id():
    def g():
        y, m, d = _dob()
        return f"{y % 100:02d}{m:02d}{d:02d}{digits(4)}{R.randrange(2)}8{digits(1)}"
    return _until(zaid, g)


def no_fnr():
    def g():
        y, m, d = _dob()
        return f"{d:02d}{m:02d}{y % 100:02d}{R.randrange(0, 500) if y < 2000 else R.randrange(500, 1000):03d}{digits(2)}"
    return fodselsnummer.format(_until(fodselsnummer, g))


def be_nn():
    def g():
        y, m, d = _dob(1950, 1999)
        return f"{y % 100:02d}{m:02d}{d:02d}{R.randrange(1, 998):03d}{digits(2)}"
    return nn.format(_until(nn, g))


def pt_nif():
    return _until(nif, lambda: pick("12") + digits(8))


def tr_tckn():
    return _until(tckimlik, lambda: digits(11, True))


def ch_ahv():
    return ahv.format(_until(ahv, lambda: "756" + digits(10)))


def ie_pps():
    return _until(pps, lambda: digits(7) + pick("ABCDEFGHIJKLMNOPQRSTUVW"))


BBAN = {
    "DE": lambda: digits(8, True) + digits(10),
    "FR": lambda: digits(5) + digits(5) + digits(11) + digits(2),
    "ES": lambda: digits(20),
    "IT": lambda: pick(UP) + digits(5) + digits(5) + digits(12),
    "NL": lambda: pick(["INGB", "ABNA", "RABO", "SNSB", "TRIO"]) + digits(10),
    "GB": lambda: pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + digits(6) + digits(8),
    "BE": lambda: digits(12),
    "PT": lambda: digits(21),
    "PL": lambda: digits(24),
    "SE": lambda: digits(20),
    "CH": lambda: digits(17),
    "AT": lambda: digits(16),
    "IE": lambda: pick(["AIBK", "BOFI"]) + digits(14),
    "DK": lambda: digits(14),
    "FI": lambda: digits(14),
    "NO": lambda: digits(11),
}


def iban(cc, spaced=True):
    def g():
        b = BBAN[cc]()
        return cc + _iban.calc_check_digits(cc + "00" + b) + b
    v = _until(_iban, g)
    return _iban.format(v) if spaced else v


def card(brand="visa", spaced=True):
    if brand == "amex":
        body = pick(["34", "37"]) + digits(12)
    elif brand == "mc":
        body = "5" + str(R.randrange(1, 6)) + digits(13)
    else:
        body = "4" + digits(14)
    n = body + _luhn.calc_check_digit(body)
    if not spaced:
        return n
    if brand == "amex":
        return f"{n[:4]} {n[4:10]} {n[10:]}"
    return " ".join(n[i:i + 4] for i in range(0, 16, 4))


ALL = {
    "kr.rrn": kr_rrn, "de.idnr": de_idnr, "fr.nir": fr_nir, "es.dni": es_dni, "es.nie": es_nie,
    "it.codicefiscale": it_cf, "nl.bsn": nl_bsn, "br.cpf": br_cpf, "in.aadhaar": in_aadhaar, "in.pan": in_pan,
    "us.ssn": us_ssn, "gb.nhs": gb_nhs, "se.personnummer": se_pnr, "pl.pesel": pl_pesel, "fi.hetu": fi_hetu,
    "dk.cpr": dk_cpr, "jp.mynumber": jp_mynumber, "cn.ric": cn_ric, "mx.curp": mx_curp, "ca.sin": ca_sin,
    "au.tfn": au_tfn, "za.idnr": za_id, "no.fodselsnummer": no_fnr, "be.nn": be_nn, "pt.nif": pt_nif,
    "tr.tckimlik": tr_tckn, "ch.ahv": ch_ahv, "ie.pps": ie_pps,
}
