# ruff: noqa: E501
"""Valid personal-data values for the blind sensitivity probes (issue 12).

Every national id is drawn at random in its country's shape and kept only
when `python-stdnum` validates it, so the probes test detection, not luck.
Independent of `make_sensitivity_sets.py` (its own value generators).
"""

from __future__ import annotations

import datetime
import random
import string
from collections.abc import Callable

from stdnum import iban, luhn
from stdnum.ar import cuit
from stdnum.ar import dni as ar_dni
from stdnum.at import vnr
from stdnum.au import tfn
from stdnum.be import nn as be_nn
from stdnum.bg import egn
from stdnum.br import cpf
from stdnum.ca import sin
from stdnum.ch import ssn as ch_ssn
from stdnum.cl import rut
from stdnum.cn import ric
from stdnum.cz import rc as cz_rc
from stdnum.de import idnr
from stdnum.dk import cpr
from stdnum.do import cedula
from stdnum.ec import ci as ec_ci
from stdnum.ee import ik
from stdnum.es import dni, nie
from stdnum.fi import hetu
from stdnum.fr import nir
from stdnum.gb import nhs
from stdnum.gr import amka
from stdnum.hr import oib
from stdnum.id import nik
from stdnum.ie import pps
from stdnum.il import idnr as il_idnr
from stdnum.in_ import aadhaar, epic, pan
from stdnum.in_ import vid as in_vid
from stdnum.is_ import kennitala
from stdnum.it import codicefiscale
from stdnum.jp import in_ as jp_in
from stdnum.kr import rrn
from stdnum.lt import asmens
from stdnum.mx import curp, rfc
from stdnum.my import nric
from stdnum.nl import bsn
from stdnum.no import fodselsnummer
from stdnum.nz import ird
from stdnum.pe import cui
from stdnum.pk import cnic
from stdnum.pl import pesel
from stdnum.ro import cnp
from stdnum.ru import inn
from stdnum.se import personnummer
from stdnum.th import pin as th_pin
from stdnum.tr import tckimlik
from stdnum.ua import rntrc
from stdnum.us import ssn
from stdnum.za import idnr as za_idnr

D = string.digits
UP = string.ascii_uppercase
CONSONANTS = "BCDFGHJKLMNPQRSTVWXYZ"


class Values:
    """Value generators bound to one random source."""

    def __init__(self, rng: random.Random) -> None:
        self.r = rng

    def digits(self, n: int) -> str:
        return "".join(self.r.choice(D) for _ in range(n))

    def letters(self, n: int, alphabet: str = UP) -> str:
        return "".join(self.r.choice(alphabet) for _ in range(n))

    def date(self, first: int = 1950, last: int = 2004) -> datetime.date:
        start = datetime.date(first, 1, 1).toordinal()
        end = datetime.date(last, 12, 28).toordinal()
        return datetime.date.fromordinal(self.r.randint(start, end))

    def until(self, shape: Callable[[], str], module, tries: int = 20000) -> str:
        for _ in range(tries):
            value = shape()
            try:
                if module.is_valid(value):
                    return value
            except Exception:  # noqa: BLE001, S112 - some validators raise on odd input
                continue
        raise RuntimeError(f"no valid {module.__name__}")

    # National ids: (kind, value as people write it).

    def aadhaar(self) -> str:
        v = self.until(lambda: str(self.r.randint(2, 9)) + self.digits(11), aadhaar)
        sep = self.r.choice((" ", " ", "", "-"))
        return sep.join((v[:4], v[4:8], v[8:]))

    def pan(self) -> str:
        return self.until(
            lambda: (
                self.letters(3)
                + "P"
                + self.letters(1)
                + self.digits(4)
                + self.letters(1)
            ),
            pan,
        )

    def epic(self) -> str:
        return self.until(lambda: self.letters(3) + self.digits(7), epic)

    def in_vid(self) -> str:
        v = self.until(lambda: str(self.r.randint(2, 9)) + self.digits(15), in_vid)
        return " ".join(v[i : i + 4] for i in range(0, 16, 4))

    def pesel(self) -> str:
        def shape() -> str:
            d = self.date(1940, 2010)
            month = d.month + (20 if d.year >= 2000 else 0)
            return f"{d.year % 100:02d}{month:02d}{d.day:02d}" + self.digits(5)

        return self.until(shape, pesel)

    def cpf(self) -> str:
        v = self.until(lambda: self.digits(11), cpf)
        if self.r.random() < 0.6:
            return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}"
        return v

    def ric(self) -> str:
        def shape() -> str:
            d = self.date()
            region = self.r.choice(("110105", "310104", "440305", "510107", "330106"))
            return (
                region + d.strftime("%Y%m%d") + self.digits(3) + self.r.choice(D + "X")
            )

        return self.until(shape, ric)

    def curp(self) -> str:
        def shape() -> str:
            d = self.date()
            return (
                self.letters(1, CONSONANTS)
                + self.letters(1, "AEIOU")
                + self.letters(2)
                + d.strftime("%y%m%d")
                + self.r.choice("HM")
                + self.r.choice(("DF", "JC", "NL", "PL", "VZ", "MC"))
                + self.letters(3, CONSONANTS)
                + ("0" if d.year < 2000 else "A")
                + self.digits(1)
            )

        return self.until(shape, curp)

    def rfc(self) -> str:
        def shape() -> str:
            d = self.date()
            return (
                self.letters(1, CONSONANTS)
                + self.letters(1, "AEIOU")
                + self.letters(2)
                + d.strftime("%y%m%d")
                + self.letters(2, UP + D)
                + self.r.choice(D + "A")
            )

        return self.until(shape, rfc)

    def za_id(self) -> str:
        def shape() -> str:
            d = self.date()
            return (
                d.strftime("%y%m%d")
                + self.digits(4)
                + self.r.choice("01")
                + "8"
                + self.digits(1)
            )

        return self.until(shape, za_idnr)

    def rrn(self) -> str:
        def shape() -> str:
            d = self.date(1950, 1999)
            return d.strftime("%y%m%d") + "-" + self.r.choice("12") + self.digits(6)

        return self.until(shape, rrn)

    def jp_mynumber(self) -> str:
        v = self.until(lambda: self.digits(12), jp_in)
        return self.r.choice(
            (v, f"{v[:4]} {v[4:8]} {v[8:]}", f"{v[:4]}-{v[4:8]}-{v[8:]}")
        )

    def tfn(self) -> str:
        v = self.until(lambda: self.digits(9), tfn)
        return self.r.choice((v, f"{v[:3]} {v[3:6]} {v[6:]}"))

    def sin(self) -> str:
        v = self.until(lambda: str(self.r.randint(1, 7)) + self.digits(8), sin)
        return self.r.choice(
            (v, f"{v[:3]} {v[3:6]} {v[6:]}", f"{v[:3]}-{v[3:6]}-{v[6:]}")
        )

    def ssn(self) -> str:
        v = self.until(
            lambda: (
                f"{self.r.randint(1, 665):03d}{self.r.randint(1, 99):02d}{self.r.randint(1, 9999):04d}"
            ),
            ssn,
        )
        return self.r.choice((f"{v[:3]}-{v[3:5]}-{v[5:]}", v))

    def cuit(self) -> str:
        v = self.until(lambda: self.r.choice(("20", "23", "27")) + self.digits(9), cuit)
        return self.r.choice((f"{v[:2]}-{v[2:10]}-{v[10:]}", v))

    def ar_dni(self) -> str:
        v = self.until(lambda: str(self.r.randint(10, 45)) + self.digits(6), ar_dni)
        return self.r.choice((f"{v[:2]}.{v[2:5]}.{v[5:]}", v))

    def rut(self) -> str:
        def shape() -> str:
            body = str(self.r.randint(5_000_000, 25_999_999))
            return body + self.r.choice(D + "K")

        v = self.until(shape, rut)
        body, check = v[:-1], v[-1]
        if self.r.random() < 0.6:
            return f"{int(body):,}".replace(",", ".") + "-" + check
        return f"{body}-{check}"

    def tckimlik(self) -> str:
        return self.until(lambda: str(self.r.randint(1, 9)) + self.digits(10), tckimlik)

    def il_id(self) -> str:
        return self.until(lambda: self.digits(9), il_idnr)

    def nric(self) -> str:
        def shape() -> str:
            d = self.date()
            return (
                d.strftime("%y%m%d") + f"{self.r.randint(1, 16):02d}" + self.digits(4)
            )

        v = self.until(shape, nric)
        return f"{v[:6]}-{v[6:8]}-{v[8:]}"

    def th_pin(self) -> str:
        v = self.until(lambda: str(self.r.randint(1, 8)) + self.digits(12), th_pin)
        return self.r.choice((v, f"{v[0]}-{v[1:5]}-{v[5:10]}-{v[10:12]}-{v[12]}"))

    def nik(self) -> str:
        def shape() -> str:
            d = self.date()
            day = d.day + (40 if self.r.random() < 0.5 else 0)
            return (
                self.r.choice(("31", "32", "33", "35", "51", "73"))
                + self.digits(4)
                + f"{day:02d}{d.month:02d}{d.year % 100:02d}"
                + self.digits(4)
            )

        return self.until(shape, nik)

    def cnic(self) -> str:
        v = self.until(lambda: str(self.r.randint(1, 7)) + self.digits(12), cnic)
        return f"{v[:5]}-{v[5:12]}-{v[12]}"

    def ch_ahv(self) -> str:
        v = self.until(lambda: "756" + self.digits(10), ch_ssn)
        return f"{v[:3]}.{v[3:7]}.{v[7:11]}.{v[11:]}"

    def fodselsnummer(self) -> str:
        def shape() -> str:
            d = self.date()
            return d.strftime("%d%m%y") + self.digits(5)

        return self.until(shape, fodselsnummer)

    def personnummer(self) -> str:
        def shape() -> str:
            d = self.date()
            return d.strftime("%y%m%d") + "-" + self.digits(4)

        return self.until(shape, personnummer)

    def cpr(self) -> str:
        def shape() -> str:
            d = self.date()
            return d.strftime("%d%m%y") + "-" + self.digits(4)

        return self.until(shape, cpr)

    def hetu(self) -> str:
        def shape() -> str:
            d = self.date(1950, 1999)
            return (
                d.strftime("%d%m%y")
                + "-"
                + f"{self.r.randint(2, 899):03d}"
                + self.r.choice(D + "ABCDEFHJKLMNPRSTUVWXY")
            )

        return self.until(shape, hetu)

    def nhs(self) -> str:
        v = self.until(lambda: str(self.r.randint(4, 9)) + self.digits(9), nhs)
        return self.r.choice((v, f"{v[:3]} {v[3:6]} {v[6:]}"))

    def pps(self) -> str:
        return self.until(
            lambda: self.digits(7) + self.letters(1) + self.r.choice(("", "A", "W")),
            pps,
        )

    def cnp(self) -> str:
        def shape() -> str:
            d = self.date()
            first = self.r.choice("12") if d.year < 2000 else self.r.choice("56")
            return (
                first
                + d.strftime("%y%m%d")
                + f"{self.r.randint(1, 46):02d}"
                + self.digits(4)
            )

        return self.until(shape, cnp)

    def egn(self) -> str:
        def shape() -> str:
            d = self.date(1940, 1999)
            return d.strftime("%y%m%d") + self.digits(4)

        return self.until(shape, egn)

    def isikukood(self) -> str:
        def shape() -> str:
            d = self.date()
            first = self.r.choice("34") if d.year < 2000 else self.r.choice("56")
            return first + d.strftime("%y%m%d") + self.digits(4)

        return self.until(shape, ik)

    def asmens(self) -> str:
        def shape() -> str:
            d = self.date()
            first = self.r.choice("34") if d.year < 2000 else self.r.choice("56")
            return first + d.strftime("%y%m%d") + self.digits(4)

        return self.until(shape, asmens)

    def rodne_cislo(self) -> str:
        def shape() -> str:
            d = self.date(1955, 2004)
            month = d.month + (50 if self.r.random() < 0.5 else 0)
            return f"{d.year % 100:02d}{month:02d}{d.day:02d}/" + self.digits(4)

        return self.until(shape, cz_rc)

    def be_nn(self) -> str:
        def shape() -> str:
            d = self.date(1950, 1999)
            return d.strftime("%y%m%d") + self.digits(5)

        v = self.until(shape, be_nn)
        return f"{v[:2]}.{v[2:4]}.{v[4:6]}-{v[6:9]}.{v[9:]}"

    def oib(self) -> str:
        return self.until(lambda: self.digits(11), oib)

    def kennitala(self) -> str:
        def shape() -> str:
            d = self.date(1950, 1999)
            return d.strftime("%d%m%y") + "-" + self.digits(3) + "9"

        return self.until(shape, kennitala)

    def ird(self) -> str:
        v = self.until(lambda: str(self.r.randint(10, 99)) + self.digits(7), ird)
        return f"{v[:3]}-{v[3:6]}-{v[6:]}"

    def inn(self) -> str:
        return self.until(
            lambda: self.r.choice(("77", "78", "50", "54")) + self.digits(10), inn
        )

    def rntrc(self) -> str:
        return self.until(lambda: str(self.r.randint(1, 4)) + self.digits(9), rntrc)

    def ec_ci(self) -> str:
        return self.until(
            lambda: (
                f"{self.r.randint(1, 24):02d}"
                + str(self.r.randint(0, 5))
                + self.digits(7)
            ),
            ec_ci,
        )

    def pe_cui(self) -> str:
        return self.until(lambda: self.digits(8) + self.r.choice(D), cui)

    def amka(self) -> str:
        def shape() -> str:
            d = self.date()
            return d.strftime("%d%m%y") + self.digits(5)

        return self.until(shape, amka)

    def cedula_do(self) -> str:
        v = self.until(lambda: "0" + self.digits(10), cedula)
        return f"{v[:3]}-{v[3:10]}-{v[10]}"

    def at_vnr(self) -> str:
        def shape() -> str:
            d = self.date()
            return str(self.r.randint(1, 9)) + self.digits(3) + d.strftime("%d%m%y")

        v = self.until(shape, vnr)
        return f"{v[:4]} {v[4:]}"

    def pesel_or(self) -> str:
        return self.pesel()

    def es_dni(self) -> str:
        return self.until(lambda: self.digits(8) + self.letters(1), dni)

    def es_nie(self) -> str:
        return self.until(
            lambda: self.r.choice("XYZ") + self.digits(7) + self.letters(1), nie
        )

    def nir(self) -> str:
        def shape() -> str:
            d = self.date()
            return (
                self.r.choice("12")
                + d.strftime("%y%m")
                + f"{self.r.randint(1, 95):02d}"
                + self.digits(8)
            )

        v = self.until(shape, nir)
        return self.r.choice(
            (v, f"{v[0]} {v[1:3]} {v[3:5]} {v[5:7]} {v[7:10]} {v[10:13]} {v[13:]}")
        )

    def codice_fiscale(self) -> str:
        def shape() -> str:
            d = self.date()
            return (
                self.letters(6, CONSONANTS)
                + d.strftime("%y")
                + "ABCDEHLMPRST"[d.month - 1]
                + f"{d.day + self.r.choice((0, 40)):02d}"
                + self.r.choice("FHL")
                + self.digits(3)
                + self.letters(1)
            )

        return self.until(shape, codicefiscale)

    def de_idnr(self) -> str:
        v = self.until(lambda: str(self.r.randint(1, 9)) + self.digits(10), idnr)
        return self.r.choice((v, f"{v[:2]} {v[2:5]} {v[5:8]} {v[8:]}"))

    def bsn(self) -> str:
        return self.until(lambda: self.digits(9), bsn)

    # Other personal data.

    def card(self) -> str:
        prefix = self.r.choice(("4", "51", "55", "2221", "37", "6011"))
        length = 15 if prefix == "37" else 16
        body = prefix + self.digits(length - len(prefix) - 1)
        v = body + luhn.calc_check_digit(body)
        if length == 15:
            return self.r.choice((v, f"{v[:4]} {v[4:10]} {v[10:]}"))
        return self.r.choice(
            (
                v,
                " ".join(v[i : i + 4] for i in range(0, 16, 4)),
                "-".join(v[i : i + 4] for i in range(0, 16, 4)),
            )
        )

    def iban(self) -> str:
        country, length = self.r.choice(
            (
                ("DE", 18),
                ("FR", 23),
                ("ES", 20),
                ("NL", 14),
                ("CH", 17),
                ("PL", 24),
                ("TR", 22),
                ("BR", 25),
            )
        )

        def shape() -> str:
            if country == "NL":
                bban = self.letters(4) + self.digits(10)
            elif country == "BR":
                bban = self.digits(23) + "C" + "1"
            else:
                bban = self.digits(length)
            check = iban.calc_check_digits(country + "00" + bban)
            return country + check + bban

        v = self.until(shape, iban)
        return self.r.choice((v, " ".join(v[i : i + 4] for i in range(0, len(v), 4))))


# kind -> (generator name, words people use for it, languages/formats mixed)
NATIONAL_IDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "in_aadhaar": ("aadhaar", ("Aadhaar", "Aadhaar no.", "आधार", "UID")),
    "in_pan": ("pan", ("PAN", "PAN card", "PAN no")),
    "in_epic": ("epic", ("voter ID", "EPIC no.", "Voter ID card")),
    "in_vid": ("in_vid", ("VID", "Aadhaar VID", "virtual ID")),
    "pl_pesel": ("pesel", ("PESEL", "nr PESEL", "numer PESEL")),
    "br_cpf": ("cpf", ("CPF", "CPF do cliente", "nº CPF")),
    "cn_ric": ("ric", ("身份证号", "ID card no.", "resident ID")),
    "mx_curp": ("curp", ("CURP", "clave CURP")),
    "mx_rfc": ("rfc", ("RFC", "RFC del cliente")),
    "za_idnr": ("za_id", ("SA ID", "ID number", "RSA ID no")),
    "kr_rrn": ("rrn", ("주민등록번호", "RRN", "resident registration no.")),
    "jp_mynumber": ("jp_mynumber", ("マイナンバー", "My Number", "個人番号")),
    "au_tfn": ("tfn", ("TFN", "tax file number")),
    "ca_sin": ("sin", ("SIN", "social insurance number", "NAS")),
    "us_ssn": ("ssn", ("SSN", "social security no.", "SS#")),
    "ar_cuit": ("cuit", ("CUIT", "CUIL", "CUIT/CUIL")),
    "ar_dni": ("ar_dni", ("DNI", "D.N.I.", "documento")),
    "cl_rut": ("rut", ("RUT", "RUN", "rut del titular")),
    "tr_tckimlik": ("tckimlik", ("TC kimlik no", "T.C. Kimlik No", "TCKN")),
    "il_idnr": ("il_id", ("teudat zehut", "Israeli ID", "ת.ז.")),
    "my_nric": ("nric", ("NRIC", "MyKad", "IC no")),
    "th_pin": ("th_pin", ("Thai ID", "เลขประจำตัวประชาชน", "citizen ID")),
    "id_nik": ("nik", ("NIK", "No. KTP", "nomor KTP")),
    "pk_cnic": ("cnic", ("CNIC", "CNIC no.", "NIC")),
    "ch_ahv": ("ch_ahv", ("AHV-Nr.", "AVS", "AHV number")),
    "no_fnr": ("fodselsnummer", ("fødselsnummer", "fnr", "personnummer")),
    "se_pnr": ("personnummer", ("personnummer", "pnr", "Swedish personal number")),
    "dk_cpr": ("cpr", ("CPR", "CPR-nr.", "personnummer")),
    "fi_hetu": ("hetu", ("henkilötunnus", "HETU", "sotu")),
    "gb_nhs": ("nhs", ("NHS number", "NHS no.")),
    "ie_pps": ("pps", ("PPS number", "PPSN")),
    "ro_cnp": ("cnp", ("CNP", "cod numeric personal")),
    "bg_egn": ("egn", ("ЕГН", "EGN")),
    "ee_ik": ("isikukood", ("isikukood", "Estonian ID code")),
    "lt_asmens": ("asmens", ("asmens kodas", "personal code")),
    "cz_rc": ("rodne_cislo", ("rodné číslo", "RČ")),
    "be_nn": ("be_nn", ("rijksregisternummer", "numéro national", "NN")),
    "hr_oib": ("oib", ("OIB",)),
    "is_kt": ("kennitala", ("kennitala", "kt.")),
    "nz_ird": ("ird", ("IRD number", "IRD no")),
    "ru_inn": ("inn", ("ИНН", "INN")),
    "ua_rntrc": ("rntrc", ("РНОКПП", "ІПН", "RNOKPP")),
    "ec_ci": ("ec_ci", ("cédula", "C.I.")),
    "pe_cui": ("pe_cui", ("DNI", "CUI")),
    "gr_amka": ("amka", ("ΑΜΚΑ", "AMKA")),
    "do_cedula": ("cedula_do", ("cédula", "cédula de identidad")),
    "at_vnr": ("at_vnr", ("SV-Nummer", "Sozialversicherungsnummer", "VSNR")),
    "es_dni": ("es_dni", ("DNI", "NIF")),
    "es_nie": ("es_nie", ("NIE",)),
    "fr_nir": ("nir", ("n° de sécu", "NIR", "numéro de sécurité sociale")),
    "it_cf": ("codice_fiscale", ("codice fiscale", "CF")),
    "de_idnr": ("de_idnr", ("Steuer-ID", "Steuer-IdNr.", "IdNr")),
    "nl_bsn": ("bsn", ("BSN", "burgerservicenummer")),
}
