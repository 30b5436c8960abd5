# ruff: noqa: E402, E501, E731, E741, B905, F841, UP031 (templates are data, one string per line)
"""Labelled sensitivity set "tune19" (independent hand).

Emphasis: the memory of an HR / payroll / finance assistant. PII = employee records from
many countries (python-stdnum-valid national, tax and social-security IDs, health insurance
numbers, IBANs and other bank accounts, personal cards, phones of emergency contacts, home
addresses, birth dates, private e-mails, salaries tied to named people), written in English
and the employees' own languages. Secrets = credentials of the SaaS tools such teams use
(payment providers, payroll/HR/accounting APIs, SMS/e-mail/chat providers, webhooks, OAuth
client secrets, database URLs, spreadsheet/script snippets and prose passwords, EBICS/SFTP
private keys). Clean = look-alikes from the same desk: invoice/order/tracking numbers,
RF/OGM/QR payment references, company VAT and registration numbers, SEPA creditor IDs,
cost centres, GL accounts, amounts, masked values, documented test cards and example IBANs,
placeholders, env var names, Stripe object ids, UUIDs, hashes, BICs, public keys.

Writes sensitivity_tune19.jsonl next to this script: 600 rows (220 secret, 220 pii,
160 clean). Deterministic: every random choice comes from one seeded Random; key material
is derived from it (EC via derive_private_key, Ed25519 from seeded bytes, PKCS8/SEC1 PEM).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import re
import string
from collections import Counter
from pathlib import Path
from random import Random

import phonenumbers
from stdnum import iban as std_iban
from stdnum import luhn
from stdnum.ar import cuit as ar_cuit
from stdnum.at import vnr as at_vnr
from stdnum.au import tfn as au_tfn
from stdnum.be import nn as be_nn
from stdnum.br import cpf as br_cpf
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.cl import rut as cl_rut
from stdnum.cn import ric as cn_ric
from stdnum.cz import rc as cz_rc
from stdnum.de import idnr as de_idnr
from stdnum.dk import cpr as dk_cpr
from stdnum.ee import ik as ee_ik
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fi import hetu as fi_hetu
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import utr as gb_utr
from stdnum.gr import amka as gr_amka
from stdnum.hr import oib as hr_oib
from stdnum.ie import pps as ie_pps
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import pan as in_pan
from stdnum.it import codicefiscale as it_cf
from stdnum.kr import rrn as kr_rrn
from stdnum.mx import curp as mx_curp
from stdnum.mx import rfc as mx_rfc
from stdnum.nl import bsn as nl_bsn
from stdnum.no import fodselsnummer as no_fnr
from stdnum.pl import pesel as pl_pesel
from stdnum.pt import nif as pt_nif
from stdnum.ro import cnp as ro_cnp
from stdnum.se import personnummer as se_pnr
from stdnum.tr import tckimlik as tr_tckn
from stdnum.us import itin as us_itin
from stdnum.us import rtn as us_rtn
from stdnum.us import ssn as us_ssn
from stdnum.za import idnr as za_idnr

DIG = string.digits
TWO = [f"{i:02d}" for i in range(100)]


class IDs:
    def __init__(self, R):
        self.R = R

    def d(self, n):
        return "".join(self.R.choice(DIG) for _ in range(n))

    def bd(self, lo=1960, hi=1999):
        start = dt.date(lo, 1, 1)
        span = (dt.date(hi, 12, 28) - start).days
        return start + dt.timedelta(days=self.R.randrange(span))

    def brute(self, mod, mk, checks=DIG):
        for _ in range(200000):
            b = mk()
            for c in checks:
                if mod.is_valid(b + c):
                    return b + c
        raise RuntimeError(mod.__name__)

    # --- national / tax / social ids ------------------------------------------------
    def de_idnr(self):
        v = self.brute(de_idnr, lambda: str(self.R.randint(1, 9)) + self.d(9))
        return de_idnr.format(v) if self.R.random() < 0.4 else v

    def fr_nir(self):
        def mk():
            b = self.bd()
            return (
                self.R.choice("12")
                + b.strftime("%y%m")
                + self.R.choice(["75", "69", "13", "33", "59", "31", "44", "67"])
                + f"{self.R.randint(1, 150):03d}"
                + f"{self.R.randint(1, 400):03d}"
            )

        v = self.brute(fr_nir, mk, TWO)
        return fr_nir.format(v) if self.R.random() < 0.5 else v

    def es_dni(self):
        return self.brute(es_dni, lambda: self.d(8), "TRWAGMYFPDXBNJZSQVHLCKE")

    def es_nie(self):
        return self.brute(
            es_nie, lambda: self.R.choice("XYZ") + self.d(7), "TRWAGMYFPDXBNJZSQVHLCKE"
        )

    def it_cf(self):
        C = "BCDFGLMNPRSTVZ"
        b = self.bd()
        day = b.day + (40 if self.R.random() < 0.5 else 0)
        place = self.R.choice(
            ["H501", "F205", "L219", "F839", "G273", "A944", "D612", "L736"]
        )
        body = (
            "".join(self.R.choice(C) for _ in range(3))
            + "".join(self.R.choice(C) for _ in range(3))
            + b.strftime("%y")
            + "ABCDEHLMPRST"[b.month - 1]
            + f"{day:02d}"
            + place
        )
        v = body + it_cf.calc_check_digit(body)
        assert it_cf.is_valid(v), v
        return v

    def nl_bsn(self):
        return self.brute(nl_bsn, lambda: str(self.R.randint(1, 6)) + self.d(7))

    def be_nn(self):
        def mk():
            return self.bd().strftime("%y%m%d") + f"{self.R.randint(1, 997):03d}"

        v = self.brute(be_nn, mk, TWO)
        return be_nn.format(v) if self.R.random() < 0.6 else v

    def pl_pesel(self):
        return self.brute(pl_pesel, lambda: self.bd().strftime("%y%m%d") + self.d(4))

    def pt_nif(self):
        return self.brute(pt_nif, lambda: self.R.choice("123") + self.d(7))

    def br_cpf(self):
        v = self.brute(br_cpf, lambda: self.d(9), TWO)
        return br_cpf.format(v) if self.R.random() < 0.7 else v

    def mx_curp(self, sex="H"):
        L = string.ascii_uppercase
        V = "AEIOU"
        C = "BCDFGHJKLMNPQRSTVWXYZ"
        for _ in range(1000):
            b = self.bd()
            body = (
                self.R.choice("BCGHLMPRSV")
                + self.R.choice(V)
                + self.R.choice(L)
                + self.R.choice(L)
                + b.strftime("%y%m%d")
                + sex
                + self.R.choice(["DF", "JC", "NL", "PL", "GT", "VZ", "MC"])
                + "".join(self.R.choice(C) for _ in range(3))
                + "0"
            )
            v = body + mx_curp.calc_check_digit(body)
            if mx_curp.is_valid(v):
                return v
        raise RuntimeError

    def mx_rfc(self):
        L = string.ascii_uppercase
        for _ in range(1000):
            body = (
                self.R.choice("BCGHLMPRSV")
                + self.R.choice("AEIOU")
                + self.R.choice(L)
                + self.R.choice(L)
                + self.bd().strftime("%y%m%d")
                + self.R.choice("123456789ABCDEFGHJKLMN")
                + self.R.choice("123456789ABCDEFGHJKLMN")
            )
            for c in "0123456789A":
                if mx_rfc.is_valid(body + c, validate_check_digits=True):
                    return body + c
        raise RuntimeError

    def in_pan(self, surname="S"):
        L = string.ascii_uppercase
        v = (
            "".join(self.R.choice(L) for _ in range(3))
            + "P"
            + surname[0].upper()
            + self.d(4)
            + self.R.choice(L)
        )
        assert in_pan.is_valid(v), v
        return v

    def in_aadhaar(self):
        v = self.brute(in_aadhaar, lambda: str(self.R.randint(2, 9)) + self.d(10))
        return in_aadhaar.format(v) if self.R.random() < 0.7 else v

    def us_ssn(self):
        while True:
            a = self.R.randint(1, 899)
            if a == 666:
                continue
            v = f"{a:03d}{self.R.randint(1, 99):02d}{self.R.randint(1, 9999):04d}"
            if us_ssn.is_valid(v):
                return us_ssn.format(v) if self.R.random() < 0.8 else v

    def us_itin(self):
        while True:
            v = (
                "9"
                + self.d(2)
                + str(self.R.choice([50, 53, 57, 62, 70, 73, 78, 84, 90, 94]))
                + self.d(4)
            )
            if us_itin.is_valid(v):
                return us_itin.format(v)

    def gb_nhs(self):
        v = self.brute(gb_nhs, lambda: str(self.R.randint(4, 6)) + self.d(8))
        return gb_nhs.format(v) if self.R.random() < 0.7 else v

    def gb_utr(self):
        for _ in range(10000):
            rest = self.d(9)
            for c in DIG:
                if gb_utr.is_valid(c + rest):
                    return c + rest
        raise RuntimeError

    def gb_nino(self):
        first = "ABCEGHJKLMNOPRSTWXYZ"
        second = "ABCEGHJKLMNPRSTWXYZ"
        while True:
            p = self.R.choice(first) + self.R.choice(second)
            if p in ("GB", "NK", "TN", "ZZ", "BG", "KN", "NT"):
                continue
            sep = self.R.random() < 0.5
            n = self.d(6)
            s = self.R.choice("ABCD")
            return f"{p} {n[:2]} {n[2:4]} {n[4:]} {s}" if sep else p + n + s

    def ie_pps(self):
        return self.brute(ie_pps, lambda: self.d(7), "ABCDEFGHIJKLMNOPQRSTUVW")

    def se_pnr(self):
        v = self.brute(se_pnr, lambda: self.bd().strftime("%y%m%d") + "-" + self.d(3))
        return v

    def dk_cpr(self):
        while True:
            b = self.bd()
            seventh = self.R.choice("0123") if b.year < 2000 else "4"
            v = b.strftime("%d%m%y") + "-" + seventh + self.d(3)
            if dk_cpr.is_valid(v):
                return v

    def fi_hetu(self):
        def mk():
            b = self.bd()
            return b.strftime("%d%m%y") + "-" + f"{self.R.randint(2, 899):03d}"

        return self.brute(fi_hetu, mk, "0123456789ABCDEFHJKLMNPRSTUVWXY")

    def no_fnr(self):
        return self.brute(
            no_fnr,
            lambda: self.bd().strftime("%d%m%y") + f"{self.R.randint(0, 499):03d}",
            TWO,
        )

    def ch_ssn(self):
        v = self.brute(ch_ssn, lambda: "756" + self.d(9))
        return ch_ssn.format(v)

    def at_vnr(self):
        for _ in range(10000):
            s = f"{self.R.randint(100, 999)}"
            dob = self.bd().strftime("%d%m%y")
            for c in DIG:
                if at_vnr.is_valid(s + c + dob):
                    v = s + c + dob
                    return v if self.R.random() < 0.5 else v[:4] + " " + v[4:]
        raise RuntimeError

    def ro_cnp(self):
        def mk():
            b = self.bd()
            return (
                self.R.choice("12")
                + b.strftime("%y%m%d")
                + f"{self.R.randint(1, 46):02d}"
                + self.d(3)
            )

        return self.brute(ro_cnp, mk)

    def cz_rc(self):
        def mk():
            b = self.bd(1960, 1999)
            m = b.month + (50 if self.R.random() < 0.5 else 0)
            return f"{b.year % 100:02d}{m:02d}{b.day:02d}" + self.d(3)

        v = self.brute(cz_rc, mk)
        return v[:6] + "/" + v[6:]

    def cn_ric(self):
        def mk():
            return (
                self.R.choice(
                    ["110101", "310104", "440106", "510107", "330106", "420102"]
                )
                + self.bd().strftime("%Y%m%d")
                + self.d(3)
            )

        return self.brute(cn_ric, mk, "0123456789X")

    def tr_tckn(self):
        return self.brute(tr_tckn, lambda: str(self.R.randint(1, 9)) + self.d(8), TWO)

    def za_idnr(self):
        return self.brute(
            za_idnr, lambda: self.bd().strftime("%y%m%d") + self.d(4) + "08"
        )

    def kr_rrn(self):
        def mk():
            b = self.bd()
            return (
                b.strftime("%y%m%d")
                + self.R.choice("12")
                + f"{self.R.randint(0, 95):02d}"
                + self.d(3)
            )

        v = self.brute(kr_rrn, mk)
        return v[:6] + "-" + v[6:]

    def ca_sin(self):
        v = self.brute(ca_sin, lambda: self.R.choice("1234567") + self.d(7))
        return ca_sin.format(v) if self.R.random() < 0.7 else v

    def au_tfn(self):
        v = self.brute(au_tfn, lambda: self.d(8))
        return au_tfn.format(v)

    def cl_rut(self):
        v = self.brute(
            cl_rut, lambda: str(self.R.randint(10, 24)) + self.d(6), "0123456789K"
        )
        return cl_rut.format(v)

    def ar_cuit(self):
        v = self.brute(
            ar_cuit,
            lambda: (
                self.R.choice(["20", "23", "27"])
                + str(self.R.randint(20, 45))
                + self.d(6)
            ),
        )
        return ar_cuit.format(v)

    def hr_oib(self):
        return self.brute(hr_oib, lambda: str(self.R.randint(1, 9)) + self.d(9))

    def ee_ik(self):
        def mk():
            b = self.bd()
            return self.R.choice("34") + b.strftime("%y%m%d") + self.d(3)

        return self.brute(ee_ik, mk)

    def gr_amka(self):
        return self.brute(gr_amka, lambda: self.bd().strftime("%d%m%y") + self.d(4))

    def de_kvnr(self):
        # Krankenversichertennummer: letter + 8 digits + check (weights 1,2 over letter-as-2-digits + 8 digits)
        letter = self.R.choice(string.ascii_uppercase)
        body = self.d(8)
        seq = f"{ord(letter) - 64:02d}" + body
        s = 0
        for i, ch in enumerate(seq):
            p = int(ch) * (1 if i % 2 == 0 else 2)
            s += p // 10 + p % 10
        return letter + body + str(s % 10)

    def us_mbi(self):
        # Medicare Beneficiary Identifier: C A AN N A AN N A A N N (no S,L,O,I,B,Z)
        A = "ACDEFGHJKMNPQRTUVWXY"
        AN = A + DIG
        r = self.R
        v = (
            str(r.randint(1, 9))
            + r.choice(A)
            + r.choice(AN)
            + r.choice(DIG)
            + r.choice(A)
            + r.choice(AN)
            + r.choice(DIG)
            + r.choice(A)
            + r.choice(A)
            + r.choice(DIG)
            + r.choice(DIG)
        )
        return v[:4] + "-" + v[4:7] + "-" + v[7:] if r.random() < 0.5 else v

    def de_passport(self):
        A = "CFGHJKLMNPRTVWXYZ"
        return self.R.choice("CFGHJK") + "".join(
            self.R.choice(A + DIG) for _ in range(8)
        )

    # --- banking -----------------------------------------------------------------------
    BBAN = {
        "DE": lambda s: (
            s.R.choice(
                [
                    "10010010",
                    "37040044",
                    "50010517",
                    "70150000",
                    "20041133",
                    "12030000",
                    "43060967",
                    "60050101",
                ]
            )
            + s.d(10)
        ),
        "FR": lambda s: (
            s.R.choice(["30004", "30003", "20041", "10278", "30066", "16606"])
            + s.d(5)
            + s.d(11)
            + s.d(2)
        ),
        "ES": lambda s: (
            s.R.choice(["2100", "0049", "0182", "2038", "1465", "0081"]) + s.d(16)
        ),
        "IT": lambda s: (
            s.R.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            + s.R.choice(["03069", "02008", "05034", "03062"])
            + s.d(5)
            + s.d(12)
        ),
        "NL": lambda s: (
            s.R.choice(["INGB", "ABNA", "RABO", "SNSB", "TRIO", "KNAB", "ASNB", "BUNQ"])
            + s.d(10)
        ),
        "BE": lambda s: s.d(12),
        "AT": lambda s: (
            s.R.choice(["20111", "12000", "14000", "32000", "60000"]) + s.d(11)
        ),
        "CH": lambda s: s.R.choice(["00762", "00235", "08390", "00700"]) + s.d(12),
        "PL": lambda s: (
            s.R.choice(["10205561", "11402004", "10501445", "12401037", "10901014"])
            + s.d(16)
        ),
        "PT": lambda s: s.R.choice(["0035", "0033", "0007", "0010"]) + s.d(17),
        "GB": lambda s: (
            s.R.choice(["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "NAIA"])
            + s.d(6)
            + s.d(8)
        ),
        "IE": lambda s: s.R.choice(["AIBK", "BOFI", "IPBS"]) + s.d(6) + s.d(8),
        "SE": lambda s: s.R.choice(["500", "800", "300", "600"]) + s.d(17),
        "DK": lambda s: s.d(14),
        "FI": lambda s: s.R.choice(["1", "2", "4", "5", "8"]) + s.d(13),
        "NO": lambda s: s.d(11),
        "CZ": lambda s: s.R.choice(["0800", "0100", "0300", "2010", "0600"]) + s.d(16),
        "RO": lambda s: (
            s.R.choice(["BTRL", "RNCB", "BRDE", "INGB"])
            + "".join(s.R.choice(DIG) for _ in range(16))
        ),
        "TR": lambda s: s.d(5) + "0" + s.d(16),
        "HR": lambda s: s.d(17),
        "LU": lambda s: s.d(3) + s.d(13),
        "GR": lambda s: s.d(7) + s.d(16),
    }

    def iban(self, cc, spaced=None):
        for _ in range(100000):
            bban = self.BBAN[cc](self)
            num = "".join(str(int(ch, 36)) for ch in bban + cc + "00")
            chk = 98 - int(num) % 97
            v = f"{cc}{chk:02d}{bban}"
            if std_iban.is_valid(v):
                if spaced is None:
                    spaced = self.R.random() < 0.6
                return std_iban.format(v) if spaced else v
        raise RuntimeError(cc)

    def card(self, prefix=None):
        prefix = prefix or self.R.choice(
            ["4", "51", "52", "53", "54", "55", "2221", "2720"]
        )
        n = 15 if prefix in ("34", "37") else 16
        body = prefix + self.d(n - len(prefix) - 1)
        v = body + luhn.calc_check_digit(body)
        if v in ("4111111111111111", "4242424242424242", "5555555555554444"):
            return self.card(prefix)
        if n == 15:
            return f"{v[:4]} {v[4:10]} {v[10:]}"
        return (
            " ".join(v[i : i + 4] for i in range(0, 16, 4))
            if self.R.random() < 0.6
            else v
        )

    def us_rtn(self):
        return self.brute(
            us_rtn,
            lambda: (
                self.R.choice(["02", "03", "04", "06", "07", "11", "12", "26"])
                + self.d(6)
            ),
        )

    # --- phones ------------------------------------------------------------------------
    def phone(self, region, kind="mobile", fmt=None):
        t = (
            phonenumbers.PhoneNumberType.MOBILE
            if kind == "mobile"
            else phonenumbers.PhoneNumberType.FIXED_LINE
        )
        ex = phonenumbers.example_number_for_type(region, t)
        nat = str(ex.national_number)
        for _ in range(5000):
            keep = max(2, len(nat) - 6)
            cand = nat[:keep] + self.d(len(nat) - keep)
            if region in ("US", "CA") and cand[3:6] == "555":
                continue
            if region == "GB" and cand.startswith("7700900"):
                continue
            p = phonenumbers.parse("+" + str(ex.country_code) + cand)
            if phonenumbers.is_valid_number(p) and phonenumbers.number_type(p) in (
                t,
                phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
            ):
                f = fmt or self.R.choice(
                    ["E164", "INTERNATIONAL", "NATIONAL", "INTERNATIONAL"]
                )
                return phonenumbers.format_number(
                    p, getattr(phonenumbers.PhoneNumberFormat, f)
                )
        raise RuntimeError(region)


PROBE = "tune19"
R = Random(0x7E19_2025)
G = IDs(R)


# ======================================================================================
# PII
# ======================================================================================

# (country, language, names, [(method, kind, english label, native labels, json key)], iban countries, phone region)
COUNTRIES = [
    (
        "DE",
        "de",
        [
            "Jonas Becker",
            "Leonie Hartmann",
            "Matthias Köhler",
            "Sabine Wolff",
            "Emre Yıldız",
            "Katrin Vogt",
        ],
        [
            (
                "de_idnr",
                "de_steuer_id",
                "German tax ID",
                ["Steuer-ID", "Steueridentifikationsnummer", "steuerliche IdNr"],
                "steuer_id",
            ),
            (
                "de_kvnr",
                "de_kvnr",
                "health insurance number",
                ["Krankenversichertennummer", "KVNR", "Versichertennummer (TK)"],
                "kvnr",
            ),
        ],
        ["DE"],
        "DE",
    ),
    (
        "AT",
        "de",
        ["Florian Gruber", "Theresa Huber", "Lukas Pichler"],
        [
            (
                "at_vnr",
                "at_svnr",
                "Austrian social security number",
                ["Sozialversicherungsnummer", "SV-Nummer", "e-card Nummer"],
                "svnr",
            )
        ],
        ["AT"],
        "AT",
    ),
    (
        "CH",
        "de",
        ["Luca Meier", "Nadine Brunner", "Reto Zürcher"],
        [
            (
                "ch_ssn",
                "ch_ahv",
                "Swiss AHV number",
                ["AHV-Nummer", "AHV-Nr.", "Sozialversicherungsnummer (AHV)"],
                "ahv",
            )
        ],
        ["CH"],
        "CH",
    ),
    (
        "FR",
        "fr",
        [
            "Camille Durand",
            "Julien Moreau",
            "Nathalie Lefèvre",
            "Karim Benali",
            "Élodie Fontaine",
        ],
        [
            (
                "fr_nir",
                "fr_nir",
                "French social security number",
                [
                    "numéro de sécu",
                    "NIR",
                    "numéro de sécurité sociale",
                    "n° Carte Vitale",
                ],
                "nir",
            )
        ],
        ["FR"],
        "FR",
    ),
    (
        "BE",
        "nl",
        ["Lotte Peeters", "Wout Claes", "Mathieu Dubois"],
        [
            (
                "be_nn",
                "be_rijksregisternummer",
                "Belgian national register number",
                ["rijksregisternummer", "INSZ-nummer", "rijksregisternr."],
                "insz",
            )
        ],
        ["BE"],
        "BE",
    ),
    (
        "ES",
        "es",
        ["Lucía Fernández", "Javier Ortega", "Marta Gil", "Carlos Ruiz Navarro"],
        [
            ("es_dni", "es_dni", "Spanish DNI", ["DNI", "NIF", "número de DNI"], "dni"),
            (
                "es_nie",
                "es_nie",
                "Spanish NIE",
                ["NIE", "número de extranjero (NIE)"],
                "nie",
            ),
        ],
        ["ES"],
        "ES",
    ),
    (
        "IT",
        "it",
        ["Giulia Ferrari", "Marco Bianchi", "Francesca Russo", "Luca Esposito"],
        [
            (
                "it_cf",
                "it_codice_fiscale",
                "Italian codice fiscale",
                ["codice fiscale", "CF", "cod. fiscale"],
                "codice_fiscale",
            )
        ],
        ["IT"],
        "IT",
    ),
    (
        "NL",
        "nl",
        ["Daan de Vries", "Sanne Bakker", "Pieter Jansen", "Fleur Visser"],
        [
            (
                "nl_bsn",
                "nl_bsn",
                "Dutch BSN",
                ["BSN", "burgerservicenummer", "sofinummer"],
                "bsn",
            )
        ],
        ["NL"],
        "NL",
    ),
    (
        "PL",
        "pl",
        [
            "Katarzyna Nowak",
            "Piotr Wiśniewski",
            "Agnieszka Kowalczyk",
            "Tomasz Zieliński",
        ],
        [("pl_pesel", "pl_pesel", "Polish PESEL", ["PESEL", "numer PESEL"], "pesel")],
        ["PL"],
        "PL",
    ),
    (
        "PT",
        "pt",
        ["João Ferreira", "Inês Carvalho", "Rui Matos"],
        [
            (
                "pt_nif",
                "pt_nif",
                "Portuguese NIF",
                ["NIF", "número de contribuinte", "nº contribuinte"],
                "nif",
            )
        ],
        ["PT"],
        "PT",
    ),
    (
        "BR",
        "pt",
        ["Ana Paula Souza", "Rafael Lima", "Thiago Oliveira", "Juliana Martins"],
        [("br_cpf", "br_cpf", "Brazilian CPF", ["CPF", "número do CPF"], "cpf")],
        [],
        "BR",
    ),
    (
        "MX",
        "es",
        ["Alejandra Hernández", "Diego Ramírez", "Fernanda Castillo"],
        [
            ("mx_curp", "mx_curp", "Mexican CURP", ["CURP", "clave CURP"], "curp"),
            ("mx_rfc", "mx_rfc", "Mexican RFC", ["RFC", "RFC con homoclave"], "rfc"),
        ],
        [],
        "MX",
    ),
    (
        "IN",
        "en",
        ["Priya Raghunathan", "Arjun Mehta", "Sneha Kulkarni", "Rahul Verma"],
        [
            ("in_pan", "in_pan", "PAN", ["PAN", "PAN card number"], "pan"),
            (
                "in_aadhaar",
                "in_aadhaar",
                "Aadhaar number",
                ["Aadhaar", "Aadhaar no."],
                "aadhaar",
            ),
        ],
        [],
        "IN",
    ),
    (
        "US",
        "en",
        [
            "Megan O'Connor",
            "Tyler Brooks",
            "DeShawn Carter",
            "Rosa Delgado",
            "Kevin Tran",
        ],
        [
            (
                "us_ssn",
                "us_ssn",
                "SSN",
                ["SSN", "social security number", "Social"],
                "ssn",
            ),
            ("us_itin", "us_itin", "ITIN", ["ITIN"], "itin"),
        ],
        [],
        "US",
    ),
    (
        "GB",
        "en",
        ["Oliver Hughes", "Charlotte Evans", "Aisha Rahman", "Callum Reid"],
        [
            (
                "gb_nino",
                "gb_nino",
                "National Insurance number",
                ["NI number", "NINO", "National Insurance no."],
                "ni_number",
            ),
            ("gb_nhs", "gb_nhs", "NHS number", ["NHS number"], "nhs_number"),
            ("gb_utr", "gb_utr", "UTR", ["self-assessment UTR", "UTR"], "utr"),
        ],
        ["GB"],
        "GB",
    ),
    (
        "IE",
        "en",
        ["Siobhán Murphy", "Ciarán Byrne", "Aoife Kelly"],
        [("ie_pps", "ie_pps", "PPS number", ["PPSN", "PPS no."], "ppsn")],
        ["IE"],
        "IE",
    ),
    (
        "SE",
        "sv",
        ["Elin Lindqvist", "Oskar Nyberg", "Maja Sandberg"],
        [
            (
                "se_pnr",
                "se_personnummer",
                "Swedish personal identity number",
                ["personnummer", "pnr"],
                "personnummer",
            )
        ],
        ["SE"],
        "SE",
    ),
    (
        "DK",
        "da",
        ["Mette Rasmussen", "Frederik Holm", "Signe Kjær"],
        [
            (
                "dk_cpr",
                "dk_cpr",
                "Danish CPR number",
                ["CPR-nummer", "CPR-nr.", "personnummer"],
                "cpr",
            )
        ],
        ["DK"],
        "DK",
    ),
    (
        "FI",
        "fi",
        ["Aino Virtanen", "Juha Mäkinen", "Sanna Korhonen"],
        [
            (
                "fi_hetu",
                "fi_hetu",
                "Finnish personal identity code",
                ["henkilötunnus", "hetu", "HETU"],
                "hetu",
            )
        ],
        ["FI"],
        "FI",
    ),
    (
        "NO",
        "nb",
        ["Ingrid Haugen", "Sindre Berg", "Kari Solheim"],
        [
            (
                "no_fnr",
                "no_fodselsnummer",
                "Norwegian national ID number",
                ["fødselsnummer", "personnummer", "fnr."],
                "fnr",
            )
        ],
        ["NO"],
        "NO",
    ),
    (
        "RO",
        "ro",
        ["Andreea Popescu", "Mihai Ionescu", "Ioana Dumitrescu"],
        [("ro_cnp", "ro_cnp", "Romanian CNP", ["CNP", "cod numeric personal"], "cnp")],
        ["RO"],
        "RO",
    ),
    (
        "CZ",
        "cs",
        ["Tereza Dvořáková", "Jan Novotný", "Petra Svobodová"],
        [
            (
                "cz_rc",
                "cz_rodne_cislo",
                "Czech birth number",
                ["rodné číslo", "RČ"],
                "rodne_cislo",
            )
        ],
        ["CZ"],
        "CZ",
    ),
    (
        "CN",
        "zh",
        ["王芳", "李伟", "陈静"],
        [
            (
                "cn_ric",
                "cn_resident_id",
                "Chinese resident ID",
                ["身份证号", "身份证号码", "居民身份证"],
                "id_card",
            )
        ],
        [],
        "CN",
    ),
    (
        "TR",
        "tr",
        ["Elif Demir", "Burak Şahin", "Zeynep Kaya"],
        [
            (
                "tr_tckn",
                "tr_tckimlik",
                "Turkish ID number",
                ["TC kimlik no", "T.C. Kimlik Numarası", "TCKN"],
                "tckn",
            )
        ],
        ["TR"],
        "TR",
    ),
    (
        "ZA",
        "en",
        ["Thandiwe Nkosi", "Pieter van der Merwe", "Lerato Mokoena"],
        [
            (
                "za_idnr",
                "za_id_number",
                "South African ID number",
                ["SA ID", "ID number"],
                "sa_id",
            )
        ],
        [],
        "ZA",
    ),
    (
        "KR",
        "ko",
        ["김민지", "박준호", "이서연"],
        [
            (
                "kr_rrn",
                "kr_rrn",
                "Korean resident registration number",
                ["주민등록번호", "주민번호"],
                "rrn",
            )
        ],
        [],
        "KR",
    ),
    (
        "CA",
        "en",
        ["Émilie Tremblay", "Ryan MacDonald", "Harpreet Gill"],
        [("ca_sin", "ca_sin", "SIN", ["SIN", "Social Insurance Number"], "sin")],
        [],
        "CA",
    ),
    (
        "AU",
        "en",
        ["Chloe Nguyen", "Jack Thompson", "Mia Russo"],
        [("au_tfn", "au_tfn", "TFN", ["TFN", "tax file number"], "tfn")],
        [],
        "AU",
    ),
    (
        "CL",
        "es",
        ["Valentina Rojas", "Matías Soto"],
        [("cl_rut", "cl_rut", "Chilean RUT", ["RUT", "RUN"], "rut")],
        [],
        "CL",
    ),
    (
        "AR",
        "es",
        ["Sofía Gómez", "Martín Pereyra"],
        [("ar_cuit", "ar_cuil", "Argentine CUIL", ["CUIL", "CUIT/CUIL"], "cuil")],
        [],
        "AR",
    ),
    (
        "HR",
        "hr",
        ["Ivana Horvat", "Marko Kovačević"],
        [
            (
                "hr_oib",
                "hr_oib",
                "Croatian OIB",
                ["OIB", "osobni identifikacijski broj"],
                "oib",
            )
        ],
        ["HR"],
        "HR",
    ),
    (
        "EE",
        "et",
        ["Kadri Tamm", "Mart Saar"],
        [
            (
                "ee_ik",
                "ee_isikukood",
                "Estonian personal code",
                ["isikukood", "IK"],
                "isikukood",
            )
        ],
        [],
        "EE",
    ),
    (
        "GR",
        "el",
        ["Ελένη Παπαδοπούλου", "Νίκος Γεωργίου"],
        [("gr_amka", "gr_amka", "Greek AMKA", ["ΑΜΚΑ", "αριθμός ΑΜΚΑ"], "amka")],
        ["GR"],
        "GR",
    ),
]

NATIVE = {
    "de": [
        "Neu im Team: {name}, {lab} {v}. Bitte bis Freitag ins Lohnprogramm übernehmen.",
        "{lab} von {name} lautet {v}",
        "Korrektur für die Märzabrechnung – {name} hat uns die richtige {lab} geschickt: {v}",
        "hab mir notiert: {name} → {lab} {v} (kam per Mail, Original liegt in der Personalakte)",
        "Personalstammdaten {name}\n{lab}: {v}\nEintritt: 01.04.",
        "Kannst du dir merken, dass {name} die {lab} {v} hat? Die alte war ein Zahlendreher.",
        "{name}, Elternzeitvertretung, {lab}={v}",
    ],
    "fr": [
        "Nouvelle arrivée : {name}, {lab} {v} — à saisir dans Silae avant la paie de juin.",
        "{lab} de {name} : {v}",
        "Rappel pour la DSN : {name} a enfin transmis son {lab}, c'est le {v}.",
        "note perso – {name} / {lab} = {v} (l'ancien était faux)",
        "Dossier salarié {name}\n{lab} : {v}\nContrat : CDI, temps plein",
        "peux-tu garder en mémoire le {lab} de {name} ? {v}",
    ],
    "es": [
        "Alta nueva: {name}, {lab} {v}. Meter en A3Nom antes del cierre.",
        "El {lab} de {name} es {v}",
        "ojo, {name} cambió el {lab} en el portal, el bueno es {v}",
        "Ficha de empleado — {name} · {lab}: {v}",
        "Recuerda para la nómina de julio: {name}, {lab} {v}",
        "{name} me pasó su {lab} por WhatsApp: {v}",
    ],
    "it": [
        "Nuova assunzione: {name}, {lab} {v} – da inserire nel gestionale paghe.",
        "{lab} di {name}: {v}",
        "Promemoria cedolino: il {lab} corretto di {name} è {v}",
        "anagrafica dipendente {name} | {lab} {v} | livello 4 CCNL commercio",
        "{name} ha mandato il {lab} via mail, te lo lascio qui: {v}",
    ],
    "nl": [
        "Nieuwe collega {name}, {lab} {v} — graag vóór de loonrun invoeren.",
        "{lab} van {name}: {v}",
        "Let op: {name} heeft een nieuw {lab} doorgegeven, het is {v}",
        "personeelsdossier {name}; {lab} {v}; contract 32 uur",
        "kun je onthouden dat het {lab} van {name} {v} is? scheelt weer zoeken",
    ],
    "pl": [
        "Nowy pracownik: {name}, {lab} {v}. Proszę dodać do kadr przed wypłatą.",
        "{lab} – {name}: {v}",
        "Poprawka do listy płac: {name} ma {lab} {v}, stary był błędny",
        "zapamiętaj {lab} dla {name}: {v}",
        "Kartoteka {name}\n{lab}: {v}\numowa o pracę, pełny etat",
    ],
    "pt": [
        "Admissão nova: {name}, {lab} {v} — lançar na folha deste mês.",
        "O {lab} de {name} é {v}",
        "guarda aí o {lab} do(a) {name}: {v}",
        "Ficha do colaborador {name} · {lab}: {v}",
        "Correção no cadastro: {name}, {lab} certo é {v}",
    ],
    "sv": [
        "Ny medarbetare {name}, {lab} {v} – lägg in i lönesystemet innan den 25:e.",
        "{lab} för {name}: {v}",
        "kom ihåg att {name} har {lab} {v}, det gamla var fel",
        "Personalkort {name} | {lab} {v} | tillsvidare",
    ],
    "da": [
        "Ny medarbejder: {name}, {lab} {v}. Skal ind i lønsystemet før den 20.",
        "{lab} på {name}: {v}",
        "husk: {name} har {lab} {v}",
    ],
    "fi": [
        "Uusi työntekijä {name}, {lab} {v} – syötä palkanlaskentaan ennen kuun loppua.",
        "{name}n {lab}: {v}",
        "muista {name} / {lab} {v}",
    ],
    "nb": [
        "Nyansatt {name}, {lab} {v}. Legg inn i lønnssystemet før lønnskjøringen.",
        "{lab} til {name}: {v}",
        "husk at {name} har {lab} {v}, den gamle var feil",
    ],
    "ro": [
        "Angajat nou: {name}, {lab} {v} – de introdus în Revisal.",
        "{lab} pentru {name}: {v}",
        "reține {lab}-ul lui {name}: {v}",
    ],
    "cs": [
        "Nová kolegyně/kolega {name}, {lab} {v} – doplnit do mzdového systému.",
        "{lab} pro {name}: {v}",
        "zapamatuj si {lab} {name}: {v}",
    ],
    "zh": [
        "新员工{name}，{lab}：{v}，请在发薪前录入系统。",
        "{name}的{lab}是{v}",
        "帮我记一下 {name} {lab} {v}，社保要用",
    ],
    "tr": [
        "Yeni personel {name}, {lab} {v} – bordroya işlenmeli.",
        "{name} için {lab}: {v}",
        "not: {name} {lab} {v}, SGK girişi için lazım",
    ],
    "ko": [
        "신규 입사자 {name}, {lab} {v} — 급여 시스템에 등록 부탁드립니다.",
        "{name} {lab}: {v}",
        "{name}님 {lab} 기억해 둬: {v}",
    ],
    "hr": [
        "Novi zaposlenik {name}, {lab} {v} – unijeti u obračun plaća.",
        "{lab} za {name}: {v}",
    ],
    "et": [
        "Uus töötaja {name}, {lab} {v} – palgaarvestusse sisestada.",
        "{name} {lab}: {v}",
    ],
    "el": [
        "Νέος υπάλληλος {name}, {lab} {v} — να περαστεί στη μισθοδοσία.",
        "{lab} του/της {name}: {v}",
    ],
    "en": [
        "{name} ({dept}) – {lab}: {v}",
        "{name} finally sent the {lab} for payroll: {v}",
        "note for onboarding — {name}, {lab} {v}",
        "{lab} on file for {name} is {v}",
    ],
}

ENGLISH = [
    "Payroll note: update {name}'s {lab} to {v} before the next run.",
    "new hire {name} — {lab} {v}, starts on the 1st",
    "Remember for later: {lab} for {name} = {v}",
    '{"employee": "{name}", "department": "{dept}", "{key}": "{v}", "status": "active"}',
    "{name};{dept};{v};FT",
    "The {lab} we had for {name} was off by one digit. Correct: {v}",
    "User asked me to keep {name}'s {lab} handy for the year-end forms: {v}",
    "Per HR ticket #{n}: {name}, {lab} → {v}",
    "ok so {name}s {lab} is {v} pls dont lose it again",
    "employee: {name}\n{key}: {v}\ncost_center: {cc}",
    "Stored from the onboarding call with {name}: {lab} {v}.",
    "{name} ({dept}) needs the tax form reissued; {lab} {v}",
]

DEPTS = [
    "Finance",
    "Sales",
    "Engineering",
    "Customer Success",
    "Ops",
    "Marketing",
    "Warehouse",
    "Legal",
    "HR",
]


def fill(t, **kw):
    for k, v in kw.items():
        t = t.replace("{" + k + "}", str(v))
    assert not re.search(r"\{[a-z_]+\}", t), t
    return t


NID_PAIRS = [(c, spec) for c in COUNTRIES for spec in c[3]]


def pii_nid(i, native):
    c, spec = NID_PAIRS[(i + (0 if native else 23)) % len(NID_PAIRS)]
    cc, lang, names, _, _, _ = c
    meth, kind, lab_en, labs, key = spec
    name = R.choice(names)
    if meth == "mx_curp":
        v = G.mx_curp(R.choice("HM"))
    elif meth == "in_pan":
        v = G.in_pan(name.split()[-1])
    else:
        v = getattr(G, meth)()
    if native:
        k = R.randrange(len(NATIVE[lang]))
        t = NATIVE[lang][k]
        lab = R.choice(labs)
        tid = f"p.nid.{lang}.{k}"
    else:
        k = R.randrange(len(ENGLISH))
        t = ENGLISH[k]
        lab = lab_en if R.random() < 0.7 else R.choice(labs)
        lang = "en"
        tid = f"p.nid.en.{k}"
    text = fill(
        t,
        name=name,
        lab=lab,
        v=v,
        dept=R.choice(DEPTS),
        key=key,
        n=R.randint(1200, 9800),
        cc=f"CC-{R.randint(1000, 4999)}",
    )
    return text, "pii", f"{kind}.{lang}", tid, v


IBAN_T = {
    "de": [
        "Neue Bankverbindung von {name}: {v} – ab nächstem Monat bitte dorthin überweisen.",
        "IBAN {name}: {v}",
        "Gehaltskonto {name} geändert → {v}",
    ],
    "fr": ["{name} a changé de banque, nouvel IBAN : {v}", "RIB de {name} — IBAN {v}"],
    "es": [
        "Cuenta para la nómina de {name}: {v}",
        "{name} pide que le ingresemos el sueldo en {v}",
    ],
    "it": ["IBAN per l'accredito dello stipendio di {name}: {v}"],
    "nl": ["Nieuw rekeningnummer {name}: {v}", "salaris {name} voortaan naar {v}"],
    "pl": ["Numer konta {name} do wypłaty: {v}"],
    "pt": ["IBAN do(a) {name} para o vencimento: {v}"],
    "sv": ["Lönekonto för {name}: {v}"],
    "da": ["Lønkonto {name}: {v}"],
    "fi": ["{name}n palkkatili: {v}"],
    "nb": ["Lønnskonto til {name}: {v}"],
    "ro": ["Cont salariu {name}: {v}"],
    "cs": ["Číslo účtu pro výplatu ({name}): {v}"],
    "tr": ["{name} maaş hesabı IBAN: {v}"],
    "hr": ["IBAN za plaću ({name}): {v}"],
    "el": ["IBAN μισθοδοσίας {name}: {v}"],
    "en": [
        "{name} changed banks — salary should go to {v} from next month",
        "Expense refund for {name}: pay to {v}",
        "bank details for {name}: IBAN {v}, account holder same as employee",
        "Reminder: {name}'s IBAN is {v}. The Q3 bonus bounced because we used the old one.",
    ],
}


def pii_iban(i):
    opts = [c for c in COUNTRIES if c[4]]
    c = opts[i % len(opts)]
    cc, lang, names, _, ibans, _ = c
    name = R.choice(names)
    v = G.iban(R.choice(ibans))
    if R.random() < 0.3 or lang not in IBAN_T:
        lang = "en"
    k = R.randrange(len(IBAN_T[lang]))
    text = fill(IBAN_T[lang][k], name=name, v=v)
    return text, "pii", f"iban.{lang}", f"p.iban.{lang}.{k}", v


EMERG = {
    "de": [
        "Notfallkontakt {name}: {rel} {other}, Tel. {v}",
        "Im Notfall bei {name} bitte {rel} anrufen ({other}): {v}",
    ],
    "fr": ["Contact d'urgence pour {name} : {other} ({rel}), {v}"],
    "es": ["Contacto de emergencia de {name}: {other}, {rel}, tel. {v}"],
    "it": ["In caso di emergenza per {name} chiamare {other} ({rel}) al {v}"],
    "nl": ["Noodcontact {name}: {other} ({rel}) – {v}"],
    "pl": ["Kontakt awaryjny {name}: {other} ({rel}), tel. {v}"],
    "pt": ["Contato de emergência do(a) {name}: {other} ({rel}) {v}"],
    "sv": ["Närmast anhörig för {name}: {other} ({rel}), {v}"],
    "en": [
        "Emergency contact for {name}: {other} ({rel}), {v}",
        "{name}'s emergency contact changed to {rel} {other} — mobile {v}",
        "if anything happens to {name} on the offsite call {other} ({rel}) {v}",
    ],
    "tr": ["{name} acil durum kişisi: {other} ({rel}) {v}"],
    "ko": ["{name} 비상연락처: {other} ({rel}) {v}"],
    "zh": ["{name}的紧急联系人：{other}（{rel}），电话 {v}"],
}
RELS = {
    "de": [
        ("Ehefrau", "Anna Becker"),
        ("Ehemann", "Thomas Wolff"),
        ("Mutter", "Ute Köhler"),
        ("Bruder", "Stefan Vogt"),
        ("Partnerin", "Julia Hartmann"),
    ],
    "fr": [
        ("conjoint", "Marc Moreau"),
        ("mère", "Sylvie Durand"),
        ("sœur", "Sophie Lefèvre"),
    ],
    "es": [
        ("esposo", "Pablo Gil"),
        ("madre", "Carmen Ortega"),
        ("hermana", "Elena Fernández"),
    ],
    "it": [
        ("moglie", "Chiara Russo"),
        ("padre", "Paolo Ferrari"),
        ("fratello", "Davide Bianchi"),
    ],
    "nl": [
        ("partner", "Bram de Vries"),
        ("moeder", "Ilse Jansen"),
        ("broer", "Thijs Bakker"),
    ],
    "pl": [
        ("mąż", "Marek Nowak"),
        ("matka", "Ewa Wiśniewska"),
        ("siostra", "Anna Kowalczyk"),
    ],
    "pt": [
        ("esposa", "Beatriz Lima"),
        ("mãe", "Fátima Souza"),
        ("irmão", "Carlos Ferreira"),
    ],
    "sv": [
        ("sambo", "Johan Lindqvist"),
        ("mamma", "Eva Nyberg"),
        ("bror", "Erik Sandberg"),
    ],
    "en": [
        ("wife", "Sarah"),
        ("husband", "Daniel"),
        ("mum", "Linda"),
        ("partner", "Sam"),
        ("brother", "Mike"),
        ("dad", "Robert"),
    ],
    "tr": [("eşi", "Mehmet Demir"), ("annesi", "Ayşe Şahin")],
    "ko": [("배우자", "김영수"), ("어머니", "박미경")],
    "zh": [("丈夫", "张强"), ("母亲", "刘梅")],
}


def pii_emergency(i):
    opts = [c for c in COUNTRIES if c[1] in EMERG]
    c = opts[i % len(opts)]
    lang = c[1]
    if R.random() < 0.25:
        lang = "en"
    v = G.phone(c[5])
    k = R.randrange(len(EMERG[lang]))
    rel, other = R.choice(RELS[lang])
    name = R.choice(c[2])
    if lang == "en" and " " not in other:
        other = other + " " + name.split()[-1]
    text = fill(EMERG[lang][k], name=name, rel=rel, other=other, v=v)
    return text, "pii", f"phone.{lang}", f"p.emerg.{lang}.{k}", v


def addr(cc):
    r = R
    if cc == "DE":
        return f"{r.choice(['Lindenstraße', 'Goethestr.', 'Am Mühlbach', 'Kastanienallee', 'Bergstraße'])} {r.randint(1, 88)}{r.choice(['', 'a', 'b'])}, {r.choice(['50674 Köln', '10437 Berlin', '80469 München', '04109 Leipzig', '22767 Hamburg'])}"
    if cc == "FR":
        return f"{r.randint(2, 140)} {r.choice(['rue des Lilas', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue de la République'])}, {r.choice(['69003 Lyon', '75011 Paris', '33000 Bordeaux', '31000 Toulouse'])}"
    if cc == "ES":
        return f"{r.choice(['Calle de Alcalá', 'Carrer de Mallorca', 'Avenida de la Constitución', 'Calle Mayor'])} {r.randint(3, 230)}, {r.randint(1, 8)}º {r.choice('ABCD')}, {r.choice(['28009 Madrid', '08013 Barcelona', '41004 Sevilla', '46002 Valencia'])}"
    if cc == "IT":
        return f"Via {r.choice(['Garibaldi', 'Roma', 'Mazzini', 'dei Mille', 'Cavour'])} {r.randint(1, 120)}, {r.choice(['20121 Milano', '00184 Roma', '10123 Torino', '40126 Bologna'])}"
    if cc == "NL":
        return f"{r.choice(['Prinsengracht', 'Kerkstraat', 'Vondelstraat', 'Oudegracht'])} {r.randint(2, 400)}{r.choice(['', '-2', 'A', '-hs'])}, {r.choice(['1016 GV Amsterdam', '3511 AL Utrecht', '2513 AA Den Haag', '3012 CN Rotterdam'])}"
    if cc == "PL":
        return f"ul. {r.choice(['Długa', 'Piotrkowska', 'Marszałkowska', 'Floriańska'])} {r.randint(1, 140)}/{r.randint(1, 30)}, {r.choice(['80-831 Gdańsk', '90-001 Łódź', '00-695 Warszawa', '31-019 Kraków'])}"
    if cc == "US":
        return f"{r.randint(100, 9899)} {r.choice(['Maple Ave', 'Oak St', 'Lincoln Blvd', 'W 34th St', 'Sunset Dr'])}, {r.choice(['Apt 3B, ', 'Unit 12, ', ''])}{r.choice(['Evanston, IL 60201', 'Austin, TX 78704', 'Portland, OR 97214', 'Columbus, OH 43215'])}"
    if cc == "GB":
        return f"{r.randint(1, 220)} {r.choice(['Harrow Road', 'Victoria Street', 'Mill Lane', 'Church Road'])}, {r.choice(['Leeds LS6 2AB', 'Bristol BS3 4QT', 'Manchester M14 5RT', 'London N16 8EJ'])}"
    if cc == "BR":
        return f"{r.choice(['Rua Augusta', 'Av. Paulista', 'Rua das Laranjeiras', 'Rua XV de Novembro'])}, {r.randint(10, 2500)}, apto {r.randint(11, 184)} – {r.choice(['São Paulo – SP, 01304-001', 'Rio de Janeiro – RJ, 22240-003', 'Curitiba – PR, 80020-310'])}"
    if cc == "SE":
        return f"{r.choice(['Södermannagatan', 'Drottninggatan', 'Linnégatan'])} {r.randint(1, 90)}, {r.choice(['116 23 Stockholm', '413 04 Göteborg', '211 22 Malmö'])}"
    if cc == "IN":
        return f"Flat {r.randint(101, 1204)}, {r.choice(['Sai Residency', 'Prestige Lakeside', 'Green Acres'])}, {r.choice(['14th Cross, HSR Layout, Bengaluru 560102', 'Baner Road, Pune 411045', 'Sector 62, Noida 201309'])}"
    raise KeyError(cc)


ADDR_T = {
    "de": [
        "{name} ist umgezogen, neue Anschrift: {v}",
        "Lohnsteuerbescheinigung für {name} bitte an {v} schicken",
    ],
    "fr": [
        "Nouvelle adresse de {name} : {v}",
        "{name} a déménagé → {v} (mettre à jour la mutuelle aussi)",
    ],
    "es": [
        "{name} se ha mudado: {v}",
        "Dirección de {name} para enviar el certificado de retenciones: {v}",
    ],
    "it": ["Nuovo indirizzo di residenza di {name}: {v}"],
    "nl": ["Nieuw woonadres {name}: {v}"],
    "pl": ["Adres zamieszkania {name}: {v}"],
    "pt": ["Endereço residencial de {name}: {v}"],
    "sv": ["{name} har flyttat till {v}"],
    "en": [
        "{name}'s home address for the W-2: {v}",
        "ship the laptop to {name} at home: {v}",
        "Address change — {name} now lives at {v}",
        "send {name}'s P60 to {v}",
        "{name} (remote, {dept}) home address: {v}",
    ],
}
ADDR_C = [
    ("DE", "de"),
    ("FR", "fr"),
    ("ES", "es"),
    ("IT", "it"),
    ("NL", "nl"),
    ("PL", "pl"),
    ("US", "en"),
    ("GB", "en"),
    ("BR", "pt"),
    ("SE", "sv"),
    ("IN", "en"),
]
CNAMES = {c[0]: c[2] for c in COUNTRIES}


def pii_address(i):
    cc, lang = ADDR_C[i % len(ADDR_C)]
    v = addr(cc)
    if R.random() < 0.25:
        lang = "en"
    k = R.randrange(len(ADDR_T[lang]))
    text = fill(ADDR_T[lang][k], name=R.choice(CNAMES[cc]), v=v, dept=R.choice(DEPTS))
    return text, "pii", f"home_address.{lang}", f"p.addr.{lang}.{k}", v


DOB_T = [
    ("de", "{name}, geb. {d}", "%d.%m.%Y"),
    ("de", "Geburtsdatum {name}: {d} – für die Rentenversicherung", "%d.%m.%Y"),
    ("fr", "{name}, né(e) le {d}", "%d/%m/%Y"),
    ("es", "Fecha de nacimiento de {name}: {d}", "%d/%m/%Y"),
    ("it", "{name}, nato/a il {d}", "%d/%m/%Y"),
    ("nl", "Geboortedatum {name}: {d}", "%d-%m-%Y"),
    ("en", "{name} DOB {d}", "%m/%d/%Y"),
    (
        "en",
        "{name}'s date of birth is {d} (needed for the pension enrolment)",
        "%d %B %Y",
    ),
    ("en", "Birthday list — {name}: born {d}", "%Y-%m-%d"),
    ("pl", "{name}, data urodzenia {d}", "%d.%m.%Y"),
    ("pt", "{name}, nascido(a) em {d}", "%d/%m/%Y"),
    ("sv", "{name} född {d}", "%Y-%m-%d"),
    ("ja", "{name}さんの生年月日：{d}", "%Y年%m月%d日"),
    ("zh", "{name} 出生日期 {d}", "%Y-%m-%d"),
]
DOB_NAMES = {
    "de": "DE",
    "fr": "FR",
    "es": "ES",
    "it": "IT",
    "nl": "NL",
    "en": "US",
    "pl": "PL",
    "pt": "BR",
    "sv": "SE",
    "zh": "CN",
}


def pii_dob(i):
    lang, t, f = DOB_T[i % len(DOB_T)]
    names = (
        ["佐藤 美咲", "高橋 健太", "田中 陽子"]
        if lang == "ja"
        else CNAMES[DOB_NAMES[lang]]
    )
    if lang == "en" and R.random() < 0.5:
        names = CNAMES["GB"] + CNAMES["IN"]
    v = G.bd(1962, 2003).strftime(f)
    text = fill(t, name=R.choice(names), d=v)
    return text, "pii", f"date_of_birth.{lang}", f"p.dob.{i % len(DOB_T)}", v


DOMAINS = {
    "GB": ["gmail.com", "hotmail.co.uk", "btinternet.com"],
    "US": ["gmail.com", "yahoo.com", "icloud.com", "outlook.com"],
    "IE": ["gmail.com", "eircom.net"],
    "CA": ["gmail.com", "hotmail.ca"],
    "DE": ["web.de", "gmx.de", "t-online.de", "gmail.com"],
    "AT": ["gmx.at", "aon.at"],
    "FR": ["orange.fr", "free.fr", "gmail.com", "laposte.net"],
    "ES": ["gmail.com", "yahoo.es", "hotmail.es"],
    "MX": ["gmail.com", "hotmail.com"],
    "IT": ["libero.it", "gmail.com", "virgilio.it"],
    "NL": ["ziggo.nl", "gmail.com", "hotmail.nl"],
    "PL": ["wp.pl", "o2.pl", "gmail.com"],
    "BR": ["uol.com.br", "gmail.com", "bol.com.br"],
    "PT": ["sapo.pt", "gmail.com"],
}


def mk_email(name, cc):
    import unicodedata

    base = (
        unicodedata.normalize("NFKD", name)
        .encode("ascii", "ignore")
        .decode()
        .lower()
        .replace("'", "")
    )
    parts = base.split()
    user = R.choice(
        [
            ".".join(parts),
            parts[0] + str(R.randint(70, 99)),
            parts[0][0] + parts[-1],
            parts[-1] + "." + parts[0] + str(R.randint(1, 9)),
        ]
    )
    dom = R.choice(DOMAINS[cc] + ["proton.me"])
    return user + "@" + dom


EMAIL_T = [
    ("en", "{name} prefers payslips sent to a private address: {v}"),
    ("en", "personal email for {name} (use after offboarding): {v}"),
    ("de", "Private Mail von {name} für die Lohnabrechnung: {v}"),
    ("fr", "Adresse perso de {name} pour le solde de tout compte : {v}"),
    ("es", "{name} quiere recibir las nóminas en su correo personal {v}"),
    ("it", "mail personale di {name}: {v}"),
    ("nl", "{name} wil de jaaropgave op {v} ontvangen"),
    ("pl", "Prywatny e-mail {name}: {v}"),
    ("pt", "E-mail pessoal do(a) {name}: {v}"),
    ("en", "Offboarding checklist: forward {name}'s final payslip + P45 to {v}"),
]
EMAIL_C = {
    "en": ["GB", "US", "IE", "CA"],
    "de": ["DE", "AT"],
    "fr": ["FR"],
    "es": ["ES", "MX"],
    "it": ["IT"],
    "nl": ["NL"],
    "pl": ["PL"],
    "pt": ["BR", "PT"],
}


def pii_email(i):
    lang, t = EMAIL_T[i % len(EMAIL_T)]
    cc = R.choice(EMAIL_C[lang])
    name = R.choice(CNAMES[cc])
    v = mk_email(name, cc)
    return (
        fill(t, name=name, v=v),
        "pii",
        f"personal_email.{lang}",
        f"p.email.{i % len(EMAIL_T)}",
        v,
    )


SAL_T = [
    (
        "en",
        "{name}'s new base salary is {v} effective April — don't mention it in the team channel",
        lambda: f"${R.randint(78, 190)},{R.choice(['000', '500'])}",
    ),
    (
        "de",
        "Gehaltserhöhung {name}: neu {v} brutto/Jahr",
        lambda: f"{R.randint(48, 110)}.{R.choice(['000', '500'])} €",
    ),
    (
        "fr",
        "Salaire de {name} après la révision : {v} brut annuel",
        lambda: f"{R.randint(38, 85)} {R.choice(['000', '500'])} €",
    ),
    (
        "es",
        "{name} cobra {v} brutos al año desde el ascenso",
        lambda: f"{R.randint(28, 70)}.{R.choice(['000', '400'])} €",
    ),
    (
        "nl",
        "{name} gaat naar {v} bruto per maand (schaal 9)",
        lambda: f"€ {R.randint(3, 6)}.{R.randint(100, 999)}",
    ),
    (
        "en",
        "Payroll memory: {name} — annual gross {v}, bonus target 10%",
        lambda: f"£{R.randint(42, 120)},{R.choice(['000', '250'])}",
    ),
    (
        "pl",
        "{name} ma teraz {v} brutto miesięcznie",
        lambda: f"{R.randint(9, 24)} {R.randint(100, 999)} zł",
    ),
    (
        "en",
        "CTC for {name} finalised at {v} per annum",
        lambda: f"₹{R.randint(12, 45)},{R.randint(10, 99)},000",
    ),
]
SAL_C = {0: "US", 1: "DE", 2: "FR", 3: "ES", 4: "NL", 5: "GB", 6: "PL", 7: "IN"}


def pii_salary(i):
    k = i % len(SAL_T)
    lang, t, f = SAL_T[k]
    v = f()
    return (
        fill(t, name=R.choice(CNAMES[SAL_C[k]]), v=v),
        "pii",
        f"salary_named.{lang}",
        f"p.salary.{k}",
        v,
    )


def pii_record(i):
    k = i % 6
    if k == 0:
        name = R.choice(CNAMES["DE"])
        v = G.de_idnr()
        text = f"Personalnummer;Name;Steuer-ID;IBAN;Steuerklasse\n{R.randint(10000, 19999)};{name};{v};{G.iban('DE', False)};{R.choice('134')}"
        return text, "pii", "de_steuer_id.csv", "p.rec.csv.de", v
    if k == 1:
        name = R.choice(CNAMES["US"])
        v = G.us_ssn()
        text = json.dumps(
            {
                "first_name": name.split()[0],
                "last_name": name.split()[-1],
                "ssn": v,
                "routing": G.us_rtn(),
                "account": G.d(R.randint(9, 12)),
                "filing_status": R.choice(["single", "married_jointly"]),
            },
            ensure_ascii=False,
        )
        return text, "pii", "us_ssn.json", "p.rec.json.us", v
    if k == 2:
        name = R.choice(CNAMES["FR"])
        v = G.fr_nir()
        text = f'- nom: {name}\n  nir: "{v}"\n  iban: {G.iban("FR", True)}\n  mutuelle: Alan, formule Green'
        return text, "pii", "fr_nir.yaml", "p.rec.yaml.fr", v
    if k == 3:
        name = R.choice(CNAMES["IN"])
        v = G.in_pan(name.split()[-1])
        text = f"| {name} | PAN {v} | UAN {R.randint(100000000000, 101999999999)} | HDFC A/c {G.d(14)} | IFSC HDFC000{G.d(4)} |"
        return text, "pii", "in_pan.table", "p.rec.md.in", v
    if k == 4:
        name = R.choice(CNAMES["BR"])
        v = G.br_cpf()
        text = f"Colaborador: {name}\nCPF: {v}\nPIS: {G.d(3)}.{G.d(5)}.{G.d(2)}-{G.d(1)}\nBanco: Itaú ag. {G.d(4)} c/c {G.d(5)}-{G.d(1)}"
        return text, "pii", "br_cpf.pt", "p.rec.kv.br", v
    name = R.choice(CNAMES["NL"])
    v = G.nl_bsn()
    text = f"INSERT INTO employees (full_name, bsn, iban, dob) VALUES ('{name}', '{v}', '{G.iban('NL', False)}', '{G.bd().isoformat()}');"
    return text, "pii", "nl_bsn.sql", "p.rec.sql.nl", v


def pii_health(i):
    k = i % 6
    if k == 0:
        name = R.choice(CNAMES["DE"])
        v = G.de_kvnr()
        t = R.choice(
            [
                "Krankenkasse {name}: TK, Versichertennummer {v}",
                "{name} hat die Kasse gewechselt (AOK), neue KVNR {v}",
            ]
        )
        return fill(t, name=name, v=v), "pii", "de_kvnr.de", "p.health.de", v
    if k == 1:
        name = R.choice(CNAMES["US"])
        v = G.us_mbi()
        return (
            f"{name} is on Medicare as secondary coverage, MBI {v}",
            "pii",
            "us_mbi.en",
            "p.health.us",
            v,
        )
    if k == 2:
        name = R.choice(CNAMES["GB"])
        v = G.gb_nhs()
        return (
            f"Occupational health referral for {name}, NHS no. {v}",
            "pii",
            "gb_nhs.en",
            "p.health.gb",
            v,
        )
    if k == 3:
        name = R.choice(CNAMES["AT"])
        v = G.at_vnr()
        return (
            f"e-card von {name} (SVNR {v}) bei der ÖGK angemeldet",
            "pii",
            "at_svnr.de",
            "p.health.at",
            v,
        )
    if k == 4:
        name = R.choice(CNAMES["FR"])
        v = G.fr_nir()
        return (
            f"Arrêt maladie de {name} : attestation reçue, n° Carte Vitale {v}",
            "pii",
            "fr_nir.fr",
            "p.health.fr",
            v,
        )
    name = R.choice(CNAMES["CH"])
    v = G.ch_ssn()
    return (
        f"Krankenkasse {name}: CSS, Versichertenkarte mit AHV {v}",
        "pii",
        "ch_ahv.de",
        "p.health.ch",
        v,
    )


def pii_bank_other(i):
    k = i % 5
    if k == 0:
        name = R.choice(CNAMES["US"])
        v = G.d(R.randint(9, 12))
        rtn = G.us_rtn()
        return (
            f"Direct deposit for {name}: routing {rtn}, checking acct {v}",
            "pii",
            "us_bank_account.en",
            "p.bank.us",
            v,
        )
    if k == 1:
        name = R.choice(CNAMES["GB"])
        sc = f"{G.d(2)}-{G.d(2)}-{G.d(2)}"
        v = G.d(8)
        return (
            f"{name} bank: sort code {sc}, acc no {v}",
            "pii",
            "gb_bank_account.en",
            "p.bank.gb",
            v,
        )
    if k == 2:
        name = R.choice(CNAMES["US"] + CNAMES["GB"])
        v = G.card()
        return (
            f"{name}'s personal card for the conference refund: {v}, exp {R.randint(1, 12):02d}/{R.randint(26, 30)}",
            "pii",
            "payment_card.en",
            "p.card.en",
            v,
        )
    if k == 3:
        name = R.choice(CNAMES["DE"])
        v = G.card()
        return (
            f"Firmenkreditkarte {name} (läuft auf ihren Namen): {v}",
            "pii",
            "payment_card.de",
            "p.card.de",
            v,
        )
    name = R.choice(CNAMES["IN"])
    v = G.d(R.choice([11, 12, 14]))
    return (
        f"Salary a/c of {name}: {v}, IFSC ICIC000{G.d(4)}, ICICI Koramangala",
        "pii",
        "in_bank_account.en",
        "p.bank.in",
        v,
    )


def pii_misc(i):
    k = i % 5
    if k == 0:
        name = R.choice(CNAMES["DE"])
        v = G.de_passport()
        return (
            f"Reisepass {name} für das Visum (Dienstreise Shanghai): {v}",
            "pii",
            "de_passport.de",
            "p.misc.pass",
            v,
        )
    if k == 1:
        name = R.choice(CNAMES["DE"])
        v = f"{R.choice(['M', 'K', 'B', 'HH', 'F', 'S'])}-{R.choice(string.ascii_uppercase)}{R.choice(string.ascii_uppercase)} {R.randint(10, 9999)}"
        return (
            f"Tiefgaragenplatz 14 gehört {name}, Kennzeichen {v}",
            "pii",
            "license_plate.de",
            "p.misc.plate",
            v,
        )
    if k == 2:
        name = R.choice(CNAMES["GB"])
        v = f"{R.choice(['LB', 'MA', 'BD', 'YK', 'LN'])}{R.randint(10, 73)} {''.join(R.choice('ABCDEFGHJKLMNPRSTUVWXYZ') for _ in range(3))}"
        return (
            f"Car allowance: {name} registered vehicle {v}",
            "pii",
            "license_plate.en",
            "p.misc.plate.gb",
            v,
        )
    if k == 3:
        name = R.choice(CNAMES["ES"])
        v = G.phone("ES")
        return (
            f"El móvil personal de {name} es {v}, para avisos de nómina por SMS",
            "pii",
            "phone.es",
            "p.misc.phone.es",
            v,
        )
    name = R.choice(CNAMES["US"])
    v = G.phone("US")
    return (
        f"{name} wants the 2FA texts for the payroll portal on their cell {v}",
        "pii",
        "phone.en",
        "p.misc.phone.us",
        v,
    )


PII_PLAN = (
    [lambda i: pii_nid(i, True)] * 5
    + [lambda i: pii_nid(i, False)] * 4
    + [pii_iban] * 3
    + [
        pii_emergency,
        pii_address,
        pii_dob,
        pii_email,
        pii_record,
        pii_health,
        pii_bank_other,
        pii_misc,
    ]
    + [pii_salary]
)


# ======================================================================================
# SECRETS
# ======================================================================================

AL = string.ascii_letters + string.digits
LOW = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
URLSAFE = AL + "-_"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def uuid4():
    h = rs(HEX, 32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


SECRET_GENS = []


def secret(name, valfn, templates, weight=1):
    """templates: list of (ctx, text) where text contains {v} and possibly {x} (an extra non-secret id)."""
    state = {"n": R.randrange(len(templates))}

    def gen(i):
        k = state["n"] % len(templates)
        state["n"] += 1
        ctx, t = templates[k]
        out = valfn()
        v, extra = out if isinstance(out, tuple) else (out, {})
        text = fill(t, v=v, **extra)
        return text, "secret", f"{name}.{ctx.rstrip('0123456789')}", f"s.{name}.{k}", v

    SECRET_GENS.extend([gen] * weight)


# --- payment providers ----------------------------------------------------------------
secret(
    "stripe_secret_key",
    lambda: R.choice(["sk_live_" + rs(AL, 24), "sk_live_51" + rs(AL, 97)]),
    [
        ("env", "STRIPE_SECRET_KEY={v}"),
        (
            "py",
            'import stripe\nstripe.api_key = "{v}"\npayouts = stripe.Payout.list(limit=5)',
        ),
        ("curl", "curl https://api.stripe.com/v1/balance \\\n  -u {v}:"),
        (
            "en",
            "the live stripe key for the reimbursements account is {v} — pls don't paste it into #finance again",
        ),
        ("de", "Stripe Live-Secret fürs Spesenkonto: {v} (nur Finance!)"),
        ("es", "clave secreta de Stripe (producción): {v}"),
    ],
)
secret(
    "stripe_restricted_key",
    lambda: "rk_live_51" + rs(AL, 97),
    [
        ("en", "Restricted key for the payroll dashboard (read-only payouts): {v}"),
        ("yaml", "stripe:\n  mode: live\n  restricted_key: {v}"),
        ("fr", "clé restreinte Stripe pour l'export compta : {v}"),
    ],
)
secret(
    "stripe_webhook_secret",
    lambda: "whsec_" + rs(AL, 32),
    [
        ("env", "STRIPE_WEBHOOK_SECRET={v}"),
        ("en", "signing secret for the invoice.paid endpoint: {v}"),
        ("js", "const event = stripe.webhooks.constructEvent(req.body, sig, '{v}');"),
        ("nl", "webhook signing secret (productie) is {v}, zit nog niet in de vault"),
    ],
)
secret(
    "paypal_client_secret",
    lambda: ("E" + rs(URLSAFE, 79), {"x": "A" + rs(URLSAFE, 79)}),
    [
        ("env", "PAYPAL_CLIENT_ID={x}\nPAYPAL_CLIENT_SECRET={v}"),
        (
            "curl",
            'curl -v https://api-m.paypal.com/v1/oauth2/token -u "{x}:{v}" -d "grant_type=client_credentials"',
        ),
        ("it", "credenziali PayPal live per i rimborsi: client id {x}, secret {v}"),
    ],
)
secret(
    "adyen_api_key",
    lambda: (
        "AQE"
        + rs(AL, 4)
        + "K"
        + rs(AL, 60)
        + "=-"
        + rs(AL + "+/", 43)
        + "=-"
        + rs(AL, 16)
    ),
    [
        ("env", "ADYEN_API_KEY={v}\nADYEN_MERCHANT_ACCOUNT=AcmeGmbHECOM"),
        ("en", "Adyen ws user api key (LIVE): {v}"),
        (
            "json",
            '{"adyen": {"environment": "LIVE", "apiKey": "{v}", "liveEndpointUrlPrefix": "1797a841fbb37ca7-AcmeGmbH"}}',
        ),
    ],
)
secret(
    "square_access_token",
    lambda: "EAAA" + rs(URLSAFE, 60),
    [
        ("env", "SQUARE_ACCESS_TOKEN={v}"),
        ("en", "square prod token for the café POS payouts: {v}"),
        ("py", 'client = Client(access_token="{v}", environment="production")'),
    ],
)
secret(
    "braintree_private_key",
    lambda: (rs(HEX, 32), {"x": rs(LOW, 16), "y": rs(LOW, 16)}),
    [
        (
            "py",
            'gateway = braintree.BraintreeGateway(braintree.Configuration(\n    braintree.Environment.Production,\n    merchant_id="{x}",\n    public_key="{y}",\n    private_key="{v}"))',
        ),
        ("en", "Braintree prod: merchant {x}, public key {y}, private key {v}"),
    ],
)
secret(
    "mollie_api_key",
    lambda: "live_" + rs(AL, 30),
    [
        ("env", "MOLLIE_API_KEY={v}"),
        ("nl", "Mollie live key voor de abonnementen: {v}"),
        ("php", '$mollie->setApiKey("{v}");'),
    ],
)
secret(
    "gocardless_access_token",
    lambda: "live_" + rs(URLSAFE, 40),
    [
        ("env", "GOCARDLESS_ACCESS_TOKEN={v}\nGOCARDLESS_ENVIRONMENT=live"),
        ("en", "GoCardless token for the direct debit mandates: {v}"),
    ],
)
secret(
    "razorpay_key_secret",
    lambda: (rs(AL, 24), {"x": "rzp_live_" + rs(AL, 14)}),
    [
        ("env", "RAZORPAY_KEY_ID={x}\nRAZORPAY_KEY_SECRET={v}"),
        (
            "en",
            "razorpay live creds — key_id {x} / key_secret {v}. vendor payouts only",
        ),
        ("py", 'client = razorpay.Client(auth=("{x}", "{v}"))'),
    ],
)
secret(
    "plaid_secret",
    lambda: (rs(HEX, 30), {"x": rs(HEX, 24)}),
    [
        ("env", "PLAID_CLIENT_ID={x}\nPLAID_SECRET={v}\nPLAID_ENV=production"),
        ("en", "Plaid production secret is {v} (client id {x})"),
    ],
)
secret(
    "wise_api_token",
    lambda: uuid4(),
    [
        (
            "curl",
            'curl -H "Authorization: Bearer {v}" https://api.transferwise.com/v1/profiles',
        ),
        (
            "en",
            "Wise API token (full access, business profile) — {v}. used by the contractor payout script",
        ),
        ("de", "Wise-Token für die Auslandsgehälter: {v}"),
    ],
)

# --- payroll, HR, accounting --------------------------------------------------------------
secret(
    "xero_client_secret",
    lambda: (rs(URLSAFE, 48), {"x": rs("0123456789ABCDEF", 32)}),
    [
        ("env", "XERO_CLIENT_ID={x}\nXERO_CLIENT_SECRET={v}"),
        ("en", "xero app creds for the month-end sync: id {x}, secret {v}"),
        (
            "json",
            '{"xero": {"client_id": "{x}", "client_secret": "{v}", "scopes": "accounting.transactions payroll.employees"}}',
        ),
    ],
)
secret(
    "quickbooks_client_secret",
    lambda: (rs(AL, 40), {"x": "AB" + rs(AL, 48)}),
    [
        ("env", "QBO_CLIENT_ID={x}\nQBO_CLIENT_SECRET={v}"),
        ("en", "QuickBooks Online prod keys → client secret {v}"),
    ],
)
secret(
    "bamboohr_api_key",
    lambda: rs(HEX, 40),
    [
        (
            "curl",
            'curl -u "{v}:x" https://api.bamboohr.com/api/gateway.php/acme/v1/employees/directory',
        ),
        ("en", "BambooHR API key (HR admin account): {v}"),
        ("py", "BAMBOO_KEY = '{v}'  # TODO move to secrets manager"),
    ],
)
secret(
    "personio_client_secret",
    lambda: (
        "papi-"
        + rs(LOW, 8)
        + "-"
        + rs(LOW, 4)
        + "-"
        + rs(LOW, 4)
        + "-"
        + rs(LOW, 4)
        + "-"
        + rs(LOW, 12),
        {"x": "papi-" + uuid4()},
    ),
    [
        ("env", "PERSONIO_CLIENT_ID={x}\nPERSONIO_CLIENT_SECRET={v}"),
        ("de", "Personio API-Zugangsdaten: Client-ID {x}, Secret {v}"),
    ],
)
secret(
    "datev_password",
    lambda: rs(AL, 4) + R.choice("!#$%&") + rs(AL, 7),
    [
        ("de", "DATEV Unternehmen online – Login lohnbuero@acme-gmbh.de, Passwort {v}"),
        (
            "de2",
            "Passwort für den DATEV-Arbeitsplatz im Lohnbüro ist {v}, bitte nicht am Monitor kleben",
        ),
    ],
)
secret(
    "payroll_portal_password",
    lambda: (
        R.choice(["Sommer", "Lohn", "Paie", "Nomina", "Winter", "Payroll"])
        + str(R.randint(2019, 2026))
        + R.choice("!?#$*")
        + rs(AL, R.randint(2, 5))
    ),
    [
        (
            "en",
            "pw for the ADP portal is {v} (shared finance login, rotate after audit)",
        ),
        ("fr", "le mot de passe du portail Silae c'est {v}"),
        ("es", "la contraseña de A3 es {v}, no la cambies que se lía"),
        ("it", "password Zucchetti paghe: {v}"),
        ("nl", "wachtwoord Nmbrs admin: {v}"),
        ("pl", "hasło do Symfonii (kadry-płace): {v}"),
        ("pt", "a senha do eSocial/certificado é {v}"),
        ("sv", "lösenordet till Visma Lön är {v}"),
        ("de", "Kennwort Lexware lohn+gehalt: {v}"),
        ("tr", "Logo bordro şifresi: {v}"),
    ],
    weight=3,
)
secret(
    "bank_portal_credentials",
    lambda: (
        rs(AL, 3) + R.choice("-.!") + rs(AL, 6) + str(R.randint(10, 99)),
        {"x": str(R.randint(10000000, 99999999))},
    ),
    [
        ("de", "Online-Banking Firmenkonto: Anmeldename {x}, PIN {v}"),
        ("en", "Barclays.Net ops user {x} pw {v} — needed for the BACS salary file"),
        ("fr", "accès banque pro : identifiant {x} / mdp {v}"),
    ],
    weight=2,
)

# --- messaging / sms / email ---------------------------------------------------------------
secret(
    "twilio_auth_token",
    lambda: (rs(HEX, 32), {"x": "AC" + rs(HEX, 32)}),
    [
        ("env", "TWILIO_ACCOUNT_SID={x}\nTWILIO_AUTH_TOKEN={v}"),
        ("py", 'from twilio.rest import Client\nclient = Client("{x}", "{v}")'),
        ("en", "Twilio auth token for the payslip SMS notifications: {v}"),
        (
            "curl",
            'curl -X POST https://api.twilio.com/2010-04-01/Accounts/{x}/Messages.json -u {x}:{v} --data-urlencode "Body=Your payslip is ready"',
        ),
    ],
)
secret(
    "twilio_api_key_secret",
    lambda: (rs(AL, 32), {"x": "SK" + rs(HEX, 32)}),
    [
        ("env", "TWILIO_API_KEY={x}\nTWILIO_API_SECRET={v}"),
        ("de", "Twilio API-Key {x}, Secret dazu: {v}"),
    ],
)
secret(
    "sendgrid_api_key",
    lambda: "SG." + rs(URLSAFE, 22) + "." + rs(URLSAFE, 43),
    [
        ("env", "SENDGRID_API_KEY={v}"),
        ("py", "sg = SendGridAPIClient('{v}')"),
        ("en", "new sendgrid key (full access, made it for the payslip mailer): {v}"),
        ("es", "API key de SendGrid para los correos de nómina: {v}"),
    ],
)
secret(
    "mailgun_api_key",
    lambda: R.choice(
        ["key-" + rs(HEX, 32), rs(HEX, 32) + "-" + rs(HEX, 8) + "-" + rs(HEX, 8)]
    ),
    [
        (
            "curl",
            "curl -s --user 'api:{v}' https://api.eu.mailgun.net/v3/mg.acme-payroll.eu/messages -F to=ops@acme-payroll.eu",
        ),
        ("env", "MAILGUN_API_KEY={v}\nMAILGUN_DOMAIN=mg.acme-payroll.eu"),
    ],
)
secret(
    "postmark_server_token",
    lambda: uuid4(),
    [
        (
            "curl",
            'curl https://api.postmarkapp.com/email -H "X-Postmark-Server-Token: {v}" -d @payslip.json',
        ),
        ("en", "postmark server token (transactional stream): {v}"),
    ],
)
secret(
    "brevo_api_key",
    lambda: "xkeysib-" + rs(HEX, 64) + "-" + rs(AL, 16),
    [
        ("env", "BREVO_API_KEY={v}"),
        ("fr", "clé API Brevo (ex-Sendinblue) pour les relances factures : {v}"),
    ],
)
secret(
    "mailchimp_api_key",
    lambda: rs(HEX, 32) + "-us" + str(R.randint(2, 21)),
    [
        ("en", "mailchimp key for the internal newsletter list: {v}"),
        ("py", 'client.set_config({"api_key": "{v}", "server": "us14"})'),
    ],
)
secret(
    "vonage_api_secret",
    lambda: (rs(AL, 16), {"x": rs(HEX, 8)}),
    [
        ("env", "VONAGE_API_KEY={x}\nVONAGE_API_SECRET={v}"),
        ("en", "Nexmo/Vonage SMS creds: key {x}, secret {v}"),
    ],
)
secret(
    "telegram_bot_token",
    lambda: f"{R.randint(5000000000, 7999999999)}:AA{rs(URLSAFE, 33)}",
    [
        ("en", "bot token for the #payroll-alerts telegram bot: {v}"),
        ("py", 'bot = telebot.TeleBot("{v}")'),
        ("ru", "токен бота для уведомлений о зарплате: {v}"),
    ],
)
secret(
    "slack_bot_token",
    lambda: (
        f"xoxb-{R.randint(10**11, 10**12 - 1)}-{R.randint(10**12, 10**13 - 1)}-{rs(AL, 24)}"
    ),
    [
        ("env", "SLACK_BOT_TOKEN={v}"),
        (
            "en",
            "the HR bot's slack token is {v}, it posts the birthday + anniversary reminders",
        ),
    ],
)
secret(
    "slack_webhook_url",
    lambda: (
        f"https://hooks.slack.com/services/T{rs(string.ascii_uppercase + string.digits, 8)}/B{rs(string.ascii_uppercase + string.digits, 10)}/{rs(AL, 24)}"
    ),
    [
        ("env", "SLACK_PAYROLL_WEBHOOK={v}"),
        ("en", "post the payroll-run summary to {v}"),
        (
            "curl",
            "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Payroll run approved\"}' {v}",
        ),
        ("de", "Webhook für #lohn-freigaben: {v}"),
    ],
)
secret(
    "teams_webhook_url",
    lambda: (
        f"https://acmegmbh.webhook.office.com/webhookb2/{uuid4()}@{uuid4()}/IncomingWebhook/{rs(HEX, 32)}/{uuid4()}/V2{rs(URLSAFE, 43)}"
    ),
    [
        ("en", "Teams incoming webhook for the Finance channel: {v}"),
        (
            "ps1",
            "Invoke-RestMethod -Method Post -ContentType 'application/json' -Body $json -Uri '{v}'",
        ),
    ],
)
secret(
    "discord_webhook_url",
    lambda: (
        f"https://discord.com/api/webhooks/{R.randint(10**17, 10**18)}/{rs(URLSAFE, 68)}"
    ),
    [
        ("en", "invoice alerts go to our discord: {v}"),
        ("env", "DISCORD_WEBHOOK_URL={v}"),
    ],
)
secret(
    "make_webhook_url",
    lambda: f"https://hook.eu1.make.com/{rs(LOW, 32)}",
    [
        ("en", "Make scenario 'new hire → Personio' is triggered by {v}"),
        ("de", "Make-Webhook für die Reisekostenbelege: {v}"),
    ],
)
secret(
    "zapier_webhook_url",
    lambda: (
        f"https://hooks.zapier.com/hooks/catch/{R.randint(1000000, 19999999)}/{rs(LOW, 6)}/"
    ),
    [
        ("en", "zapier catch hook for expense approvals: {v}"),
    ],
)

# --- oauth / platform tokens -------------------------------------------------------------------
secret(
    "google_oauth_client_secret",
    lambda: (
        "GOCSPX-" + rs(URLSAFE, 28),
        {
            "x": f"{R.randint(10**11, 10**12 - 1)}-{rs(LOW, 32)}.apps.googleusercontent.com"
        },
    ),
    [
        (
            "json",
            '{"web": {"client_id": "{x}", "client_secret": "{v}", "redirect_uris": ["https://hr.acme.io/oauth2/callback"]}}',
        ),
        ("env", "GOOGLE_CLIENT_ID={x}\nGOOGLE_CLIENT_SECRET={v}"),
        ("en", "OAuth client secret for the Sheets payroll importer: {v}"),
    ],
)
secret(
    "azure_client_secret",
    lambda: (rs(AL, 3) + "8Q~" + rs(AL + "_.-~", 34), {"x": uuid4(), "y": uuid4()}),
    [
        ("env", "AZURE_TENANT_ID={y}\nAZURE_CLIENT_ID={x}\nAZURE_CLIENT_SECRET={v}"),
        (
            "en",
            "App registration 'PayrollExport' secret value: {v} (expires in 24 months)",
        ),
        (
            "de",
            "Client Secret der App-Registrierung für den SharePoint-Lohnordner: {v}",
        ),
    ],
)
secret(
    "github_pat",
    lambda: R.choice(
        [
            "ghp_" + rs(AL, 36),
            "github_pat_11"
            + rs(string.ascii_uppercase + string.digits, 20)
            + "_"
            + rs(AL, 59),
        ]
    ),
    [
        ("en", "token to push the payroll scripts repo: {v}"),
        ("sh", "git clone https://{v}@github.com/acme-finance/payroll-scripts.git"),
        ("env", "GH_TOKEN={v}"),
    ],
)
secret(
    "gitlab_pat",
    lambda: "glpat-" + rs(URLSAFE, 20),
    [
        ("en", "gitlab token (api scope) for the accounting exports pipeline: {v}"),
        ("yaml", 'variables:\n  GITLAB_TOKEN: "{v}"'),
    ],
)
secret(
    "hubspot_private_app_token",
    lambda: "pat-" + R.choice(["na1", "eu1"]) + "-" + uuid4(),
    [
        ("env", "HUBSPOT_ACCESS_TOKEN={v}"),
        ("en", "HubSpot private app token for syncing invoices → deals: {v}"),
    ],
)
secret(
    "airtable_pat",
    lambda: "pat" + rs(AL, 14) + "." + rs(HEX, 64),
    [
        ("en", "Airtable PAT for the headcount base: {v}"),
        ("py", 'api = Api("{v}")\ntable = api.table("appX9k2LmQ7", "Employees")'),
    ],
)
secret(
    "notion_token",
    lambda: R.choice(["secret_" + rs(AL, 43), "ntn_" + rs(AL, 46)]),
    [
        ("en", "notion integration token (HR handbook sync): {v}"),
        ("env", "NOTION_TOKEN={v}"),
    ],
)
secret(
    "openai_api_key",
    lambda: "sk-proj-" + rs(URLSAFE, 74) + "T3BlbkFJ" + rs(URLSAFE, 74),
    [
        ("env", "OPENAI_API_KEY={v}"),
        ("en", "key the receipt-OCR bot uses: {v}"),
    ],
)
secret(
    "shopify_access_token",
    lambda: "shpat_" + rs(HEX, 32),
    [
        ("en", "Shopify admin token for the payouts reconciliation: {v}"),
        ("env", "SHOPIFY_ADMIN_TOKEN={v}"),
    ],
)
secret(
    "aws_ses_credentials",
    lambda: (
        rs(AL + "/+", 40),
        {"x": "AKIA" + rs(string.ascii_uppercase + "234567", 16)},
    ),
    [
        (
            "env",
            "AWS_ACCESS_KEY_ID={x}\nAWS_SECRET_ACCESS_KEY={v}\nAWS_REGION=eu-central-1",
        ),
        (
            "ini",
            "[payroll-mailer]\naws_access_key_id = {x}\naws_secret_access_key = {v}",
        ),
        ("en", "SES creds for payslip mails: {x} / {v}"),
    ],
)


# --- databases -------------------------------------------------------------------------------
def dbpw():
    return R.choice(
        [
            rs(AL, R.randint(14, 24)),
            rs(AL, 6) + R.choice("!%*-_") + rs(AL, 8),
            R.choice(["payroll", "finance", "hr"]) + "_" + rs(LOW, 10),
        ]
    )


secret(
    "postgres_url",
    lambda: (
        lambda p: (
            p,
            {
                "x": f"postgresql://{R.choice(['payroll_app', 'hr_ro', 'finance', 'metabase'])}:{p}@{R.choice(['db-payroll.internal', '10.20.4.17', 'hr-prod.c9x2kq.eu-central-1.rds.amazonaws.com'])}:5432/{R.choice(['payroll', 'hris', 'ledger'])}"
            },
        )
    )(dbpw()),
    [
        ("env", "DATABASE_URL={x}"),
        ("en", "read replica for the headcount dashboard: {x}"),
        ("py", 'engine = create_engine("{x}")'),
        ("de", "DB-Zugang Lohn-Reporting: {x}"),
    ],
)
secret(
    "mysql_url",
    lambda: (
        lambda p: (
            p,
            {
                "x": f"mysql://{R.choice(['odoo', 'root', 'acct'])}:{p}@{R.choice(['127.0.0.1', 'mysql-fin.lan', 'db.acme-erp.local'])}:3306/{R.choice(['odoo_prod', 'invoicing', 'accounting'])}"
            },
        )
    )(dbpw()),
    [
        ("env", "DB_URL={x}"),
        ("es", "conexión a la base de facturación: {x}"),
        ("yaml", "datasource:\n  url: {x}"),
    ],
)
secret(
    "mongodb_url",
    lambda: (
        lambda p: (
            p,
            {
                "x": f"mongodb+srv://{R.choice(['hrapp', 'expenses'])}:{p}@cluster0.{rs(LOW, 5)}.mongodb.net/{R.choice(['expenses', 'hr'])}?retryWrites=true&w=majority"
            },
        )
    )(dbpw()),
    [
        ("env", "MONGO_URI={x}"),
        ("en", "expense receipts live in {x}"),
    ],
)
secret(
    "mssql_connection_string",
    lambda: (
        lambda p: (
            p,
            {
                "x": f"Server=tcp:{R.choice(['sql-finance01', 'acme-sql.database.windows.net'])},1433;Database={R.choice(['Navision', 'BC_Prod', 'Payroll'])};User ID={R.choice(['bc_reader', 'sa', 'powerbi'])};Password={p};Encrypt=True;"
            },
        )
    )(dbpw()),
    [
        ("cfg", '<add name="FinanceDb" connectionString="{x}" />'),
        ("en", "Power BI gateway uses {x}"),
        ("de", "Verbindungszeichenfolge Business Central: {x}"),
    ],
)
secret(
    "redis_url",
    lambda: (
        lambda p: (
            p,
            {"x": f"redis://:{p}@{R.choice(['cache-hr.internal', '10.0.3.9'])}:6379/0"},
        )
    )(rs(AL, 32)),
    [
        ("env", "REDIS_URL={x}"),
    ],
)
secret(
    "sftp_credentials",
    lambda: (
        lambda p: (
            p,
            {
                "x": f"sftp://{R.choice(['acme_payroll', 'ebics_upload', 'lohn'])}:{p}@{R.choice(['sftp.bank-transfer.eu', 'files.payroll-bureau.de', 'ftp.adp-partner.com'])}/outbound"
            },
        )
    )(dbpw()),
    [
        ("en", "salary files are dropped to {x} every 25th"),
        ("de", "SFTP für die SEPA-Dateien an die Bank: {x}"),
    ],
)

# --- scripts, spreadsheets ----------------------------------------------------------------------
secret(
    "apps_script_api_key",
    lambda: R.choice(
        [
            "sk_live_" + rs(AL, 24),
            rs(HEX, 40),
            "SG." + rs(URLSAFE, 22) + "." + rs(URLSAFE, 43),
        ]
    ),
    [
        (
            "gs",
            "function syncPayouts() {\n  const KEY = '{v}';\n  const res = UrlFetchApp.fetch(URL, {headers: {Authorization: 'Bearer ' + KEY}});\n}",
        ),
        (
            "gs2",
            "// Sheet: Gehälter 2025 → Tab 'Export'\nvar API_TOKEN = \"{v}\"; // vom Steuerbüro",
        ),
    ],
)
secret(
    "vba_sheet_password",
    lambda: (
        R.choice(["Gehalt", "Salaires", "HR", "Lohn", "Bonus"])
        + str(R.randint(2020, 2026))
        + R.choice(["!", "#", "$", ""])
        + rs(AL, 3)
    ),
    [
        (
            "vba",
            'Sub UnlockSalaries()\n    Worksheets("Salaries").Unprotect Password:="{v}"\nEnd Sub',
        ),
        ("en", "the salary review xlsx is protected with {v}"),
        ("de", "Die Gehaltsliste.xlsx hat das Kennwort {v}"),
        ("fr", "le fichier des primes est protégé par le mot de passe {v}"),
        ("es", "el excel de bonus tiene contraseña {v}"),
    ],
    weight=2,
)
secret(
    "smtp_password",
    lambda: (
        dbpw(),
        {
            "x": R.choice(
                ["payroll@acme-gmbh.de", "no-reply@acme.io", "facturacion@acme.es"]
            )
        },
    ),
    [
        (
            "py",
            "server = smtplib.SMTP_SSL('smtp.office365.com', 465)\nserver.login('{x}', '{v}')",
        ),
        ("ini", "[mail]\nhost = smtp.gmail.com\nuser = {x}\npassword = {v}"),
        ("en", "SMTP for the payslip mailer: {x} / {v}"),
    ],
)
secret(
    "powerquery_password",
    lambda: dbpw(),
    [
        (
            "m",
            'Source = Sql.Database("sql-finance01", "Payroll", [Query="select * from v_salaries", CommandTimeout=#duration(0,0,5,0)]),\n// creds: svc_powerbi / {v}',
        ),
    ],
)


def mk_jwt():
    hdr = b64u(
        json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode()
    )
    iat = 1735689600 + R.randint(0, 30000000)
    body = b64u(
        json.dumps(
            {
                "sub": str(R.randint(1000, 99999)),
                "email": f"{R.choice(['hr.admin', 'payroll', 'finance.lead'])}@acme.io",
                "role": R.choice(["hr_admin", "payroll_approver", "finance"]),
                "iat": iat,
                "exp": iat + 86400,
            },
            separators=(",", ":"),
        ).encode()
    )
    sig = b64u(hmac.new(rbytes(32), f"{hdr}.{body}".encode(), hashlib.sha256).digest())
    return f"{hdr}.{body}.{sig}"


secret(
    "jwt",
    mk_jwt,
    [
        ("http", "Authorization: Bearer {v}"),
        ("en", "session token from the payroll admin UI (valid 24h): {v}"),
        (
            "curl",
            "curl -H 'Authorization: Bearer {v}' https://payroll.acme.io/api/v2/runs/2025-06/approve -X POST",
        ),
    ],
)
secret(
    "session_cookie",
    lambda: R.choice([rs(LOW, 32), b64u(rbytes(48))]),
    [
        ("http", "Cookie: sessionid={v}; django_language=de"),
        (
            "en",
            "copied my personio cookie so you can pull the report: _personio_session={v}",
        ),
    ],
)
secret(
    "basic_auth_header",
    lambda: (lambda u, p: (base64.b64encode(f"{u}:{p}".encode()).decode(), {}))(
        R.choice(["payroll-api", "acme_fin", "svc-expenses"]), dbpw()
    ),
    [
        ("http", "Authorization: Basic {v}"),
        (
            "curl",
            'curl -H "Authorization: Basic {v}" https://erp.acme.local/api/invoices?status=open',
        ),
    ],
)


def mk_ec_pem():
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    k = ec.derive_private_key(R.getrandbits(250) + 1, ec.SECP256R1())
    return (
        k.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
        .decode()
        .strip()
    )


def mk_ed_pem():
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    k = Ed25519PrivateKey.from_private_bytes(rbytes(32))
    return (
        k.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        .decode()
        .strip()
    )


secret(
    "private_key_pem",
    lambda: R.choice([mk_ec_pem, mk_ed_pem])(),
    [
        (
            "en",
            "EBICS signing key for the salary uploads (don't lose this, bank takes 2 weeks to re-initialise):\n{v}",
        ),
        ("de", "Privater Schlüssel für den SFTP-Upload zum Lohnbüro:\n{v}"),
        ("pem", "{v}"),
    ],
)


# ======================================================================================
# CLEAN look-alikes
# ======================================================================================

from stdnum import iso11649
from stdnum.at import uid as at_uid
from stdnum.au import abn as au_abn
from stdnum.be import ogm_vcs
from stdnum.be import vat as be_vat
from stdnum.br import cnpj as br_cnpj
from stdnum.ch import esr as ch_esr
from stdnum.ch import uid as ch_uid
from stdnum.de import vat as de_vat
from stdnum.dk import cvr as dk_cvr
from stdnum.es import cif as es_cif
from stdnum.fr import siren as fr_siren
from stdnum.fr import tva as fr_tva
from stdnum.gb import vat as gb_vat
from stdnum.it import iva as it_iva
from stdnum.nl import btw as nl_btw
from stdnum.pl import nip as pl_nip
from stdnum.se import vat as se_vat

CLEAN_GENS = []


def clean(name, valfn, templates):
    state = {"n": R.randrange(len(templates))}

    def gen(i):
        k = state["n"] % len(templates)
        state["n"] += 1
        ctx, t = templates[k]
        out = valfn()
        v, extra = out if isinstance(out, tuple) else (out, {})
        text = fill(t, v=v, **extra)
        return text, "clean", f"{name}.{ctx.rstrip('0123456789')}", f"c.{name}.{k}", v

    CLEAN_GENS.append(gen)


def clean_multi(name, templates):
    """templates: list of (ctx, text, valfn) - value format matched to the wording."""
    state = {"n": R.randrange(len(templates))}

    def gen(i):
        k = state["n"] % len(templates)
        state["n"] += 1
        ctx, t, fn = templates[k]
        v = fn()
        return fill(t, v=v), "clean", f"{name}.{ctx}", f"c.{name}.{k}", v

    CLEAN_GENS.append(gen)


def rf_ref():
    body = R.choice(["", "INV", "2025"]) + G.d(R.randint(6, 12))
    num = "".join(str(int(c, 36)) for c in body + "RF00")
    v = f"RF{98 - int(num) % 97:02d}{body}"
    assert iso11649.is_valid(v), v
    return iso11649.format(v) if R.random() < 0.5 else v


def ogm():
    b = G.d(10)
    v = b + ogm_vcs.calc_check_digits(b)
    return ogm_vcs.format(v)


def esr():
    b = G.d(26)
    v = b + ch_esr.calc_check_digit(b)
    return ch_esr.format(v)


def company_vat():
    c = R.randrange(12)
    if c == 0:
        return "DE" + G.brute(de_vat, lambda: str(R.randint(1, 3)) + G.d(7)), {
            "co": "Nordlicht Logistik GmbH"
        }
    if c == 1:
        siren = G.brute(fr_siren, lambda: str(R.randint(3, 9)) + G.d(7))
        for k in range(100):
            if fr_tva.is_valid(f"FR{k:02d}{siren}"):
                return f"FR{k:02d}{siren}", {"co": "Boulangeries Martin SAS"}
    if c == 2:
        return G.brute(nl_btw, lambda: "NL" + G.d(8), [d + "B01" for d in DIG]), {
            "co": "Tulpenveld B.V."
        }
    if c == 3:
        return "IT" + G.brute(it_iva, lambda: G.d(7) + f"{R.randint(1, 100):03d}"), {
            "co": "Officine Rossi S.r.l."
        }
    if c == 4:
        return "ES" + G.brute(es_cif, lambda: "B" + G.d(7), DIG + "ABCDEFGHIJ"), {
            "co": "Distribuciones Levante S.L."
        }
    if c == 5:
        return "GB" + G.brute(gb_vat, lambda: G.d(7), TWO), {
            "co": "Harbour Analytics Ltd"
        }
    if c == 6:
        return "BE" + G.brute(
            be_vat, lambda: "0" + str(R.randint(4, 8)) + G.d(6), TWO
        ), {"co": "Brasserie Vandenberghe NV"}
    if c == 7:
        return "ATU" + G.brute(at_uid, lambda: "ATU" + G.d(7))[3:], {
            "co": "Alpenglas GmbH"
        }
    if c == 8:
        return "PL" + G.brute(pl_nip, lambda: str(R.randint(5, 9)) + G.d(8)), {
            "co": "Wisła Meble sp. z o.o."
        }
    if c == 9:
        return "DK" + G.brute(dk_cvr, lambda: str(R.randint(2, 4)) + G.d(6)), {
            "co": "Fjordkaffe ApS"
        }
    if c == 10:
        return G.brute(se_vat, lambda: "SE556" + G.d(6), [d + "01" for d in DIG]), {
            "co": "Norrsken Verktyg AB"
        }
    v = G.brute(ch_uid, lambda: "CHE" + G.d(8))
    return ch_uid.format(v) + " MWST", {"co": "Bergbahn Technik AG"}


def company_reg():
    c = R.randrange(4)
    if c == 0:
        v = G.brute(br_cnpj, lambda: G.d(8) + "0001", TWO)
        return br_cnpj.format(v), {"co": "Café Paulista Ltda.", "lab": "CNPJ"}
    if c == 1:
        v = G.brute(fr_siren, lambda: str(R.randint(3, 9)) + G.d(7))
        return fr_siren.format(v), {"co": "Atelier Dufresne SARL", "lab": "SIREN"}
    if c == 2:
        v = G.brute(au_abn, lambda: str(R.randint(1, 9)) + G.d(9))
        return au_abn.format(v), {"co": "Southern Cross Freight Pty Ltd", "lab": "ABN"}
    v = f"HRB {R.randint(10000, 299999)}"
    return v, {
        "co": "Nordlicht Logistik GmbH, Amtsgericht Hamburg",
        "lab": "Handelsregister",
    }


def sepa_creditor_id():
    nat = G.d(11)
    num = "".join(str(int(ch, 36)) for ch in nat + "DE00")
    return f"DE{98 - int(num) % 97:02d}ZZZ{nat}"


clean(
    "invoice_number",
    lambda: R.choice(
        [
            f"INV-2025-{R.randint(100, 9999):05d}",
            f"RE-{R.randint(2024, 2025)}-{R.randint(1000, 9999)}",
            f"FAC-2025/{R.randint(1, 999):05d}",
            f"F{R.randint(2024, 2025)}{R.randint(1, 99999):06d}",
            f"{R.randint(2025000000, 2025999999)}",
        ]
    ),
    [
        ("en", "Invoice {v} from Harbour Analytics is still unpaid, due 30 days net"),
        ("de", "Rechnung {v} wurde am Dienstag per SEPA beglichen"),
        ("fr", "la facture {v} a été relancée deux fois, toujours rien"),
        ("es", "Factura {v} contabilizada en la cuenta 629"),
        ("it", "fattura n. {v} registrata, scadenza 60 gg fine mese"),
        ("nl", "factuur {v} staat nog open bij de leverancier"),
        ("pl", "Faktura {v} – zapłacono częściowo"),
        (
            "en2",
            "user wants me to remember that {v} is the invoice the auditors flagged",
        ),
    ],
)
clean_multi(
    "purchase_order",
    [
        (
            "en",
            "PO {v} approved by procurement (laptops for the new hires)",
            lambda: f"PO-{R.randint(10000, 99999)}",
        ),
        (
            "de",
            "Bestellnummer {v} – Lieferung Ende KW 32",
            lambda: f"45000{R.randint(10000, 99999)}",
        ),
        (
            "en",
            "Amazon Business order #{v} shipped, needs a goods receipt before we can pay",
            lambda: (
                f"{R.randint(100, 999)}-{R.randint(1000000, 9999999)}-{R.randint(1000000, 9999999)}"
            ),
        ),
        (
            "es",
            "pedido {v} pendiente de albarán",
            lambda: f"PV{R.randint(2024, 2025)}-{R.randint(100, 9999):04d}",
        ),
        (
            "fr",
            "bon de commande {v} validé par la direction",
            lambda: f"BC-{R.randint(2024, 2025)}-{R.randint(1, 999):03d}",
        ),
        (
            "en",
            "sales order {v} invoiced in full",
            lambda: f"SO-{R.randint(1000, 99999)}",
        ),
    ],
)
clean(
    "rf_creditor_reference",
    rf_ref,
    [
        (
            "en",
            "Please quote reference {v} on the transfer so we can match the payment.",
        ),
        ("fi", "Viitenumero maksuun: {v}"),
        ("de", "Verwendungszweck/Referenz: {v} (strukturierte Gläubigerreferenz)"),
        ("nl", "betalingskenmerk {v} niet vergeten"),
    ],
)
clean(
    "be_structured_communication",
    ogm,
    [
        ("nl", "gestructureerde mededeling voor factuur 2025-114: {v}"),
        ("fr", "communication structurée : {v}"),
    ],
)
clean(
    "ch_qr_reference",
    esr,
    [
        ("de", "QR-Referenz auf der Einzahlung: {v}"),
        ("fr", "référence QR de la facture Swisscom : {v}"),
    ],
)
clean(
    "sepa_creditor_id",
    sepa_creditor_id,
    [
        ("de", "Unsere Gläubiger-ID für das Lastschriftmandat: {v}"),
        ("en", "SEPA creditor identifier of the company: {v}"),
    ],
)
clean(
    "company_vat",
    company_vat,
    [
        ("en", "{co} — VAT {v}, reverse charge applies"),
        ("de", "USt-IdNr. des Lieferanten ({co}): {v}"),
        ("fr", "N° TVA intracommunautaire de {co} : {v}"),
        ("en2", "vendor master updated: {co}, VAT ID {v}, payment terms 30 days"),
        ("es", "NIF-IVA del proveedor {co}: {v}"),
        ("it", "P.IVA fornitore {co}: {v}"),
    ],
)
clean(
    "company_registration",
    company_reg,
    [
        ("en", "{lab} of {co}: {v}"),
        ("en2", "customer {co} ({lab} {v}) asked for a new credit limit"),
    ],
)
clean(
    "cost_centre",
    lambda: R.choice(
        [
            f"KST {R.randint(1000, 9999)}",
            f"CC-{R.randint(1000, 4999)}-{R.choice(['MKT', 'ENG', 'SLS', 'OPS', 'HR'])}",
            f"{R.randint(100, 999)}{R.randint(10, 99)}",
            f"CeCo {R.randint(200, 899)}",
        ]
    ),
    [
        ("de", "Bitte auf Kostenstelle {v} buchen, nicht auf die alte Marketing-KST."),
        ("en", "Move the offsite costs to cost centre {v}"),
        ("fr", "centre de coût {v} pour les formations"),
        ("es", "imputar al centro de coste {v}"),
        ("en2", "cost_center: {v}"),
    ],
)
clean(
    "gl_account",
    lambda: R.choice(
        ["4120", "6200", "6400", "641100", "1800", "3720", "6000", "2310"]
    ),
    [
        ("de", "Gehälter laufen auf Sachkonto {v} (SKR04)"),
        ("en", "GL {v} is where the accrued bonuses sit"),
        ("fr", "compte {v} – rémunérations du personnel"),
    ],
)


def tracking():
    c = R.randrange(5)
    if c == 0:
        return "1Z" + rs(string.ascii_uppercase + DIG, 6) + G.d(10), {"car": "UPS"}
    if c == 1:
        return G.d(12), {"car": "FedEx"}
    if c == 2:
        return "00340434" + G.d(12), {"car": "DHL"}
    if c == 3:
        return "9400" + G.d(18), {"car": "USPS"}
    w = [8, 6, 4, 2, 3, 5, 9, 7]
    n = G.d(8)
    cd = 11 - sum(int(a) * b for a, b in zip(n, w)) % 11
    cd = 0 if cd == 10 else 5 if cd == 11 else cd
    return (
        f"{R.choice(['RR', 'LX', 'CP', 'RB'])}{n}{cd}{R.choice(['DE', 'GB', 'FR', 'NL'])}",
        {"car": "Post"},
    )


clean(
    "tracking_number",
    tracking,
    [
        ("en", "{car} tracking for the replacement laptop: {v}"),
        ("de", "Sendungsnummer ({car}): {v} – Zustellung morgen"),
        ("en2", "the signed contracts went out via {car}, tracking {v}"),
        ("fr", "suivi {car} du colis de badges : {v}"),
        ("es", "número de seguimiento {car}: {v}"),
    ],
)
clean_multi(
    "amount",
    [
        (
            "en",
            "Total gross payroll for June came to {v} across the whole company",
            lambda: (
                f"${R.randint(300, 2400)},{R.randint(100, 999)}.{R.randint(0, 99):02d}"
            ),
        ),
        (
            "de",
            "Das Offsite hat insgesamt {v} gekostet, Budget war knapp drüber",
            lambda: (
                f"{R.randint(11, 48)}.{R.randint(100, 999)},{R.randint(0, 99):02d} €"
            ),
        ),
        (
            "en",
            "SaaS spend on HR tools last quarter: {v}",
            lambda: f"£{R.randint(8, 60)},{R.randint(100, 999)}",
        ),
        (
            "fr",
            "montant total des notes de frais validées en mai : {v}",
            lambda: (
                f"{R.randint(3, 19)} {R.randint(100, 999)},{R.randint(0, 99):02d} €"
            ),
        ),
        (
            "es",
            "el presupuesto de formación para el Q3 es de {v}",
            lambda: f"{R.randint(12, 60)}.000 €",
        ),
        (
            "it",
            "totale fattura fornitore: {v} IVA inclusa",
            lambda: f"€ {R.randint(1, 9)}.{R.randint(100, 999)},{R.randint(0, 99):02d}",
        ),
        (
            "pt",
            "o valor da folha consolidada ficou em {v}",
            lambda: (
                f"R$ {R.randint(200, 900)}.{R.randint(100, 999)},{R.randint(0, 99):02d}"
            ),
        ),
        (
            "ja",
            "今月の交通費精算の合計は{v}です",
            lambda: f"¥{R.randint(100, 999)},{R.randint(100, 999)}",
        ),
        (
            "en",
            "Personio costs {v} per month for our plan",
            lambda: (
                f"€{R.randint(4, 19)}.{R.choice(['00', '50', '90'])} per employee, so {R.randint(600, 2400)} EUR"
            ),
        ),
        (
            "de",
            "Rechnung Swisscom: {v} inkl. MWST",
            lambda: (
                f"CHF {R.randint(1, 9)}'{R.randint(100, 999)}.{R.choice(['–', '45', '80'])}"
            ),
        ),
        (
            "pl",
            "koszt szkolenia BHP: {v} netto",
            lambda: f"{R.randint(1, 9)} {R.randint(100, 999)},00 zł",
        ),
    ],
)
clean(
    "masked_card",
    lambda: R.choice(
        [
            f"**** **** **** {G.d(4)}",
            f"XXXX-XXXX-XXXX-{G.d(4)}",
            f"•••• {G.d(4)}",
            f"{R.choice(['4', '5'])}{G.d(5)}******{G.d(4)}",
        ]
    ),
    [
        ("en", "The company Amex {v} was charged twice for the Slack renewal"),
        ("de", "Firmenkarte {v} ist abgelaufen, neue kommt per Post"),
        ("en2", "Stripe shows the payment method as {v} (Visa, exp 09/27)"),
        ("es", "cargo duplicado en la tarjeta {v}"),
    ],
)
clean(
    "masked_identifier",
    lambda: R.choice(
        [
            (f"DE{G.d(2)} **** **** **** **{G.d(2)} {G.d(2)}", {"lab": "IBAN"}),
            (f"***-**-{G.d(4)}", {"lab": "SSN"}),
            (f"756.****.****.{G.d(2)}", {"lab": "AHV-Nr."}),
            (f"NL** **** **** **{G.d(2)} {G.d(2)}", {"lab": "IBAN"}),
            (f"XXXXXXXX{G.d(4)}", {"lab": "Aadhaar"}),
            (f"***.{G.d(3)}.***-**", {"lab": "CPF"}),
        ]
    ),
    [
        ("en", "payslip shows {lab} as {v}, that's fine, it's masked"),
        ("en2", "UI masks the {lab}: {v}"),
        ("de", "In der Lohnabrechnung steht nur {lab} {v}"),
    ],
)
clean(
    "test_card_number",
    lambda: R.choice(
        [
            ("4242 4242 4242 4242", {"b": "Stripe test Visa"}),
            ("4000 0566 5566 5556", {"b": "Stripe test Visa debit"}),
            ("5555 5555 5555 4444", {"b": "Stripe test Mastercard"}),
            ("3782 822463 10005", {"b": "Amex test card"}),
            ("4000 0025 0000 3155", {"b": "Stripe 3DS test card"}),
            ("4111 1111 1111 1111", {"b": "generic Visa test number"}),
        ]
    ),
    [
        ("en", "in staging use {v} ({b}), any future expiry, any CVC"),
        ("de", "Für den Testkauf: {v} – das ist die {b}"),
        ("en2", "QA note: checkout works with {v} ({b})"),
    ],
)
clean(
    "example_iban",
    lambda: R.choice(
        [
            "DE89 3704 0044 0532 0130 00",
            "GB82 WEST 1234 5698 7654 32",
            "FR14 2004 1010 0505 0001 3M02 606",
            "NL91 ABNA 0417 1643 00",
        ]
    ),
    [
        ("en", "the docs use {v} as the example IBAN — fine for unit tests"),
        ("de", "Beispiel-IBAN aus der Doku: {v} (nicht echt)"),
    ],
)
clean(
    "fictional_phone",
    lambda: R.choice(
        [
            "+1 555-0143",
            "(555) 010-0199",
            "+15005550006",
            "+44 7700 900123",
            "+1 201-555-0123",
        ]
    ),
    [
        ("en", "use {v} as the dummy number in the SMS template tests"),
        ("en2", "Twilio magic/test number for dev: {v}"),
    ],
)
clean(
    "doc_email",
    lambda: R.choice(
        [
            "payroll@example.com",
            "jane.doe@example.org",
            "hr@example.net",
            "user@example.com",
        ]
    ),
    [
        ("en", "the API docs show {v} in the sample request"),
        ("de", "Platzhalter in der Vorlage: {v}"),
    ],
)
clean(
    "placeholder_secret",
    lambda: R.choice(
        [
            ("sk_live_xxxxxxxxxxxxxxxxxxxxxxxx", {"n": "STRIPE_SECRET_KEY"}),
            ("<YOUR_SENDGRID_API_KEY>", {"n": "SENDGRID_API_KEY"}),
            ("${XERO_CLIENT_SECRET}", {"n": "XERO_CLIENT_SECRET"}),
            ("{{ vault_payroll_db_password }}", {"n": "PAYROLL_DB_PASSWORD"}),
            ("changeme", {"n": "ADMIN_PASSWORD"}),
            ("REPLACE_ME", {"n": "TWILIO_AUTH_TOKEN"}),
            ("whsec_...", {"n": "STRIPE_WEBHOOK_SECRET"}),
            ("op://Finance/Mollie/credential", {"n": "MOLLIE_API_KEY"}),
            ("${{ secrets.BAMBOOHR_API_KEY }}", {"n": "BAMBOOHR_API_KEY"}),
            ("********", {"n": "DATEV_PASSWORD"}),
        ]
    ),
    [
        ("env", "{n}={v}"),
        ("en", "in .env.example set {n} to {v} and fill in the real one locally"),
        ("yaml", 'env:\n  - name: {n}\n    value: "{v}"'),
    ],
)
clean(
    "env_var_name",
    lambda: R.choice(
        [
            "STRIPE_WEBHOOK_SECRET",
            "PAYPAL_CLIENT_SECRET",
            "TWILIO_AUTH_TOKEN",
            "PERSONIO_CLIENT_SECRET",
            "DATABASE_URL",
            "QBO_CLIENT_SECRET",
        ]
    ),
    [
        ("en", "the deploy failed because {v} isn't set in the prod environment"),
        ("de", "{v} muss im Render-Dashboard hinterlegt werden, nicht im Repo"),
        ("en2", "rotated {v} today; new value is in the vault, not here"),
    ],
)
clean(
    "doc_connection_string",
    lambda: R.choice(
        [
            "postgresql://user:password@localhost:5432/dbname",
            "mysql://USER:PASSWORD@HOST:3306/DB",
            "mongodb+srv://<username>:<password>@cluster0.example.mongodb.net/",
        ]
    ),
    [
        ("en", "README says the format is {v}"),
        ("md", "```\nDATABASE_URL={v}\n```\nreplace with your own values"),
    ],
)


def stripe_obj():
    p = R.choice(["pi_3", "in_1", "po_1", "evt_1", "ch_3", "txn_1", "re_3"])
    return p + rs(AL, 23 if p.endswith("3") else 23)


clean(
    "stripe_object_id",
    stripe_obj,
    [
        ("en", "refund for {v} went through"),
        (
            "en2",
            "look at {v} in the dashboard, the payout failed with insufficient_funds",
        ),
        ("de", "Zahlung {v} ist doppelt verbucht"),
    ],
)
clean(
    "resource_uuid",
    lambda: uuid4(),
    [
        ("en", "payroll run {v} approved by two signatories"),
        ("en2", "Xero InvoiceID {v} — voided, replaced by a credit note"),
        ("de", "Lohnlauf-ID {v} ist abgeschlossen"),
    ],
)
clean(
    "file_hash",
    lambda: hashlib.sha256(rbytes(64)).hexdigest(),
    [
        ("en", "sha256 of the SEPA XML we uploaded: {v}"),
        ("de", "Prüfsumme (SHA-256) der DATEV-Exportdatei: {v}"),
    ],
)
clean(
    "commit_sha",
    lambda: R.choice(
        [hashlib.sha1(rbytes(40)).hexdigest(), hashlib.sha1(rbytes(40)).hexdigest()[:7]]
    ),
    [
        ("en", "fixed the rounding bug in the gross-to-net script in commit {v}"),
        ("de", "der Fix für die Urlaubsrückstellung ist in {v} gemergt"),
    ],
)
clean(
    "bic",
    lambda: R.choice(
        [
            "COBADEFFXXX",
            "DEUTDEFF",
            "BNPAFRPP",
            "INGBNL2A",
            "BARCGB22",
            "CAIXESBBXXX",
            "UBSWCHZH80A",
            "NDEASESS",
        ]
    ),
    [
        ("en", "the bank's BIC is {v}"),
        ("de", "BIC der Hausbank: {v}"),
        ("fr", "code BIC de la banque : {v}"),
    ],
)


def ssh_pub():
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    k = Ed25519PrivateKey.from_private_bytes(rbytes(32)).public_key()
    return k.public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
    ).decode()


clean(
    "ssh_public_key",
    ssh_pub,
    [
        (
            "en",
            "add this public key to the bank's SFTP allow-list: {v} payroll-upload@acme",
        ),
        ("de", "Öffentlicher Schlüssel für das Lohnbüro: {v}"),
    ],
)
clean(
    "version_string",
    lambda: R.choice(
        [
            "DATEV LODAS 16.2",
            "Lexware lohn+gehalt 2025 (v29.10)",
            "SAP S/4HANA 2023 FPS02",
            "Personio API v2",
            "stripe-python 11.4.1",
            "twilio 9.3.7",
        ]
    ),
    [
        ("en", "we're on {v} since the last update"),
        ("de", "Update auf {v} ist eingespielt"),
    ],
)
clean(
    "leitweg_id",
    lambda: R.choice(["04011000-1234512345-06", "991-11111-70", "05315000-12345-62"]),
    [
        ("de", "Leitweg-ID der Stadtverwaltung für die XRechnung: {v}"),
    ],
)
clean(
    "payroll_rate",
    lambda: R.choice(
        [
            ("14,6 %", {"topic": "allgemeiner KV-Beitragssatz 2025"}),
            ("7.65%", {"topic": "employee FICA rate (SS + Medicare)"}),
            ("18,6 %", {"topic": "Beitragssatz Rentenversicherung"}),
            ("6.2%", {"topic": "Social Security withholding rate"}),
            ("13.8%", {"topic": "UK employer NIC rate"}),
            ("9,3 %", {"topic": "taux CSG activité (dont 6,8 % déductible)"}),
        ]
    ),
    [
        ("mix", "{topic}: {v}"),
        ("mix2", "FYI {topic} = {v}, used in the gross-to-net calc"),
    ],
)


# ======================================================================================
# assemble
# ======================================================================================

TARGET = {"secret": 220, "pii": 220, "clean": 160}


def run(plan, target, rows, seen):
    i = 0
    calls = {}
    got = 0
    misses = 0
    while got < target:
        fn = plan[i % len(plan)]
        n = calls.get(id(fn), 0)
        calls[id(fn)] = n + 1
        text, label, kind, tid, value = fn(n)
        i += 1
        if text in seen:
            misses += 1
            assert misses < 500
            continue
        assert value == "" or value in text, (kind, value, text)
        seen.add(text)
        rows.append(
            {
                "text": text,
                "label": label,
                "kind": kind,
                "template": tid,
                "probe": PROBE,
                "id": hashlib.sha256((PROBE + "\x00" + text).encode()).hexdigest()[:16],
                "value": value,
            }
        )
        got += 1


def main():
    rows, seen = [], set()
    run(SECRET_GENS, TARGET["secret"], rows, seen)
    run(PII_PLAN, TARGET["pii"], rows, seen)
    run(CLEAN_GENS, TARGET["clean"], rows, seen)
    R.shuffle(rows)
    assert len({r["id"] for r in rows}) == len(rows)
    out = Path(__file__).with_name("sensitivity_tune19.jsonl")
    with out.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(out, len(rows))
    print(Counter(r["label"] for r in rows))
    for lab in ("secret", "pii", "clean"):
        c = Counter(r["kind"].split(".")[0] for r in rows if r["label"] == lab)
        print(lab, len(c), dict(sorted(c.items())))
    print("langs", dict(Counter(r["kind"].split(".")[-1] for r in rows).most_common()))


if __name__ == "__main__":
    main()
