"""National identity numbers worldwide, validated by `python-stdnum` (issue 12).

Each country's number is found in two steps: a pattern picks candidates in
the shapes people write them in (`756.1234.5678.97`, `20-12345678-6`,
`880512-14-5123`), then the country's `stdnum` module validates the check
digits, embedded birth date or region code. A checksum alone passes one
random number in ten, so a bare run of digits also needs the number's name
nearby (`PESEL`, `TC kimlik no`, `身份证号`, or a generic "national ID"),
before it or just after it. Only shapes rare in everyday text (a formatted
Swiss AHV number, a Chinese resident id, a dashed Pakistani CNIC) are taken
without a name, and only when valid.

The numbers the gate knew before (US SSN, UK NINO, FR NIR, ES DNI/NIE, NL
BSN, IT codice fiscale, DE IdNr) are still found in `memory_core/detectors.py`
too; BSN and IdNr are also here, to be named after the value as well.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import import_module
from types import ModuleType

# Words for "a national id" in general: any country's valid number after
# them counts.
GENERIC_WORDS = (
    "national id",
    "national identity",
    "national identification",
    "national insurance",
    "id number",
    "id no",
    "id nr",
    "idnr",  # (S11) a column's name (`first_name,last_name,idnr`)
    "id #",
    "identity number",
    "identity card",
    "id card",
    "personal id",
    "personal number",
    "personal code",
    "personal identity",
    "citizen id",
    "citizen number",
    "tax id",
    "taxpayer id",
    "identification number",
    "document number",
    "numéro d'identification",
    "número de identificación",
    "número de documento",
    "documento de identidad",
    "personalausweis",
    "ausweisnummer",
    # Round 11 (S5): Arabic "ID number", "identity card", "national number"
    "رقم الهوية",
    "رقم هوية",
    "بطاقة الهوية",
    "الرقم الوطني",
    "رقم البطاقة",
    # Round 12 (S6): a person's number under its kind's name, which many
    # countries share (`Austrian social insurance number 6958 180158`,
    # `Belgian national register number: 61010907471`)
    "social insurance number",
    "social security number",
    "national register number",
    "national registration number",
    # Round 12 (S7): the same in more languages (`türkische
    # Identitätsnummer`, `iranische Nationalnummer`, `персональный код`)
    "identitätsnummer",
    "nationalnummer",
    "persönliche identifikationsnummer",
    "numéro d'identité",
    "numéro national d'identité",
    "número de identidad",
    "número de identidade",
    "número de identificação",
    "numero di identità",
    "numero identificativo",
    "numer identyfikacyjny",
    "identiteitsnummer",
    "identitetsnummer",
    "идентификационный номер",
    "идентификационного номера",
    "персональный код",
    "персонального кода",
    "персональный номер",
    "личный номер",
    "личный код",
    "ідентифікаційний номер",
    "персональний код",
    "особистий номер",
    "αριθμός ταυτότητας",
    "kimlik numarası",
)

# No letter, digit or number punctuation (`1,234`, `12/34`) around a match;
# a comma or slash after a word is a separator (`name,3589…` in CSV).
# ASCII word characters only: scripts without spaces run words into numbers
# (`주민등록번호는 960402-1058270입니다`, `身份证号码110101…`).
# A CSV cell after a number (`1988-04-02,150461-6009`) is no thousands
# group: four digits and more after the comma.
D = r"(?<![0-9A-Za-z_.-])(?<!\d/)(?:(?<!\d,)|(?=\d{4}|\d{1,3}[.-]\d))"
# Nor after; a comma then four digits and more is the next CSV cell.
E = r"(?![0-9A-Za-z_-]|[./]\d|,\d{1,3}(?!\d))"


@dataclass(frozen=True)
class IdSpec:
    """One country's number: where to find it, what it is called, how sure."""

    kind: str
    module: str
    pattern: re.Pattern[str]
    words: tuple[str, ...]
    # A shape rare enough in everyday text to be taken without a name.
    alone: Callable[[str], bool] | None = None
    # A short, case-sensitive name right before the value (`CI 1234567890`),
    # too common as a word to be looked for further away.
    tight: re.Pattern[str] | None = None

    @property
    def validator(self) -> ModuleType:
        return _module(self.module)


def _sg_nric_valid(value: str) -> bool:
    """Singapore's NRIC/FIN check letter (weights 2 7 6 5 4 3 2)."""
    value = value.upper()
    if not re.fullmatch(r"[STFGM]\d{7}[A-Z]", value):
        return False
    total = sum(
        int(d) * w for d, w in zip(value[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True)
    )
    total += {"T": 4, "G": 4, "M": 3}.get(value[0], 0)
    letters = {
        "S": "JZIHGFEDCBA",
        "T": "JZIHGFEDCBA",
        "F": "XWUTRQPNMLK",
        "G": "XWUTRQPNMLK",
        "M": "XWUTRQPNJLK",
    }[value[0]]
    return letters[total % 11] == value[8]


class _LocalValidator:
    """A check python-stdnum does not have, in the shape of its modules."""

    __doc__ = ""

    def __init__(self, is_valid: Callable[[str], bool]) -> None:
        self.is_valid = is_valid


def _luhn(digits: str) -> bool:
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d) * (2 if i % 2 else 1)
        total += n - 9 if n > 9 else n
    return total % 10 == 0


def _date_ok(year: int, month: int, day: int) -> bool:
    """Tell whether a birth date exists and is not in the future."""
    try:
        return date(year, month, day) <= date.today()
    except ValueError:
        return False


def _ae_eid_valid(value: str) -> bool:
    """The UAE's Emirates ID: 784, a birth year, seven digits, a Luhn digit."""
    digits = re.sub(r"-", "", value)
    return (
        bool(re.fullmatch(r"784(?:19|20)\d{10}", digits))
        and int(digits[3:7]) <= date.today().year
        and _luhn(digits)
    )


def _sa_nid_valid(value: str) -> bool:
    """Saudi national id (1…) or iqama (2…): ten digits, a Luhn check."""
    return bool(re.fullmatch(r"[12]\d{9}", value)) and _luhn(value)


def _kz_iin_valid(value: str) -> bool:
    """Kazakhstan's IIN: YYMMDD, a century and sex digit, a weighted check."""
    if not re.fullmatch(r"\d{12}", value) or value[6] not in "123456":
        return False
    century = {"1": 1800, "2": 1800, "3": 1900, "4": 1900, "5": 2000, "6": 2000}
    if not _date_ok(
        century[value[6]] + int(value[:2]), int(value[2:4]), int(value[4:6])
    ):
        return False
    digits = [int(d) for d in value]
    check = sum(d * w for d, w in zip(digits, range(1, 12), strict=False)) % 11
    if check == 10:
        weights = (3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2)
        check = sum(d * w for d, w in zip(digits, weights, strict=False)) % 11
    return check == digits[11]


# Egypt's governorate codes (the digits after the birth date).
EG_GOVERNORATES = frozenset(
    "01 02 03 04 11 12 13 14 15 16 17 18 19 21 22 23 24 25 26 27 28 29 31 32 "
    "33 34 35 88".split()
)


def _eg_nid_valid(value: str) -> bool:
    """Egypt's national number: century, YYMMDD, governorate, serial."""
    if not re.fullmatch(r"[23]\d{13}", value):
        return False
    year = (1900 if value[0] == "2" else 2000) + int(value[1:3])
    return (
        _date_ok(year, int(value[3:5]), int(value[5:7]))
        and value[7:9] in EG_GOVERNORATES
    )


def _uz_pinfl_valid(value: str) -> bool:
    """Uzbekistan's PINFL (JShShIR): sex and century digit, DDMMYY, 7 more."""
    if not re.fullmatch(r"[1-6]\d{13}", value):
        return False
    century = 1800 + 100 * ((int(value[0]) - 1) // 2)
    return _date_ok(century + int(value[5:7]), int(value[3:5]), int(value[1:3]))


def _ir_melli_valid(value: str) -> bool:
    """Iran's national code (کد ملی): ten digits, a mod-11 check."""
    if not re.fullmatch(r"\d{10}", value) or len(set(value)) == 1:
        return False
    rest = sum(int(d) * (10 - i) for i, d in enumerate(value[:9])) % 11
    return int(value[9]) == (rest if rest < 2 else 11 - rest)


def _be_eid_valid(value: str) -> bool:
    """Belgium's eID card number: ten digits, then their remainder mod 97."""
    digits = re.sub(r"\D", "", value)
    if len(digits) != 12:
        return False
    check = int(digits[:10]) % 97 or 97
    return check == int(digits[10:])


def _de_kvnr_valid(value: str) -> bool:
    """Germany's health insurance number: a letter, eight digits, a check digit.

    The letter as its two-digit place in the alphabet, then the eight
    digits, weighted 1 2 1 2 …, the products' digit sums mod 10.
    """
    value = value.upper()
    if not re.fullmatch(r"[A-Z]\d{9}", value):
        return False
    digits = f"{ord(value[0]) - 64:02d}{value[1:9]}"
    total = 0
    for i, d in enumerate(digits):
        product = int(d) * (2 if i % 2 else 1)
        total += product // 10 + product % 10
    return total % 10 == int(value[9])


def _ca_on_health_valid(value: str) -> bool:
    """Ontario's health number (OHIP): ten digits, the last a Luhn check."""
    digits = re.sub(r"\D", "", value)
    return len(digits) == 10 and digits[0] != "0" and _luhn(digits)


def _shape_only(pattern: str) -> Callable[[str], bool]:
    """A number with no check digit: its shape, under its own name only."""
    compiled = re.compile(pattern)
    return lambda value: bool(compiled.fullmatch(value))


def _ru_snils_valid(value: str) -> bool:
    """Russia's SNILS: nine digits, then a two-digit check (mod 101)."""
    digits = re.sub(r"[ -]", "", value)
    if not re.fullmatch(r"\d{11}", digits) or int(digits[:9]) <= 1001998:
        return False  # the check is defined above 001-001-998 only
    total = sum(int(d) * (9 - i) for i, d in enumerate(digits[:9]))
    check = total % 101 % 100
    return check == int(digits[9:])


def _au_medicare_valid(value: str) -> bool:
    """Australia's Medicare card: 2-6, seven digits, a weighted check, an issue.

    A trailing individual reference (`/2`, the card holder's line) is kept.
    """
    digits = re.sub(r"\D", "", value)
    if not re.fullmatch(r"[2-6]\d{9}[1-9]?", digits) or digits[9] == "0":
        return False
    weights = (1, 3, 7, 9, 1, 3, 7, 9)
    total = sum(int(d) * w for d, w in zip(digits[:8], weights, strict=True))
    return total % 10 == int(digits[8])


NHI_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I, no O: A=1 … Z=24


def _nz_nhi_valid(value: str) -> bool:
    """New Zealand's NHI number (`ABC1234`): weights 7…2, a mod-11 check."""
    value = value.upper()
    if not re.fullmatch(rf"[{NHI_LETTERS}]{{3}}\d{{4}}", value):
        return False
    values = [NHI_LETTERS.index(c) + 1 for c in value[:3]]
    values += [int(d) for d in value[3:6]]
    rest = sum(v * w for v, w in zip(values, (7, 6, 5, 4, 3, 2), strict=True)) % 11
    return rest != 0 and (11 - rest) % 10 == int(value[6])


# (S9) Payroll's own numbers: a pension or social insurance number, a tax
# number, a salary account, each with its published check.


def _de_rvnr_valid(value: str) -> bool:
    """Germany's pension insurance number (Rentenversicherungsnummer).

    An area (2 digits), the birth date (DDMMYY), the surname's initial, a
    serial (2 digits), a check digit: the letter as its two-digit place in
    the alphabet, the first twelve digits weighted 2 1 2 5 7 1 2 1 2 1 2 1,
    the products' digit sums mod 10.
    """
    compact = re.sub(r"[\s/-]", "", value).upper()
    match = re.fullmatch(r"(\d{2})(\d{2})(\d{2})(\d{2})([A-Z])(\d{2})(\d)", compact)
    if not match:
        return False
    day, month = int(match.group(2)), int(match.group(3))
    if not (1 <= day <= 31 or 51 <= day <= 81) or not 1 <= month <= 12:
        return False  # (a day + 50 when a birth date's serials ran out)
    digits = compact[:8] + f"{ord(match.group(5)) - 64:02d}" + match.group(6)
    weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    total = 0
    for d, w in zip(digits, weights, strict=True):
        product = int(d) * w
        total += product // 10 + product % 10
    return total % 10 == int(match.group(7))


def _hu_taj_valid(value: str) -> bool:
    """Hungary's social insurance number (TAJ): eight digits weighted 3 7 …"""
    digits = re.sub(r"[\s-]", "", value)
    if not re.fullmatch(r"\d{9}", digits) or len(set(digits)) == 1:
        return False  # `000 000 000`: a form's mask
    total = sum(int(d) * (3 if i % 2 == 0 else 7) for i, d in enumerate(digits[:8]))
    return total % 10 == int(digits[8])


def _hu_tax_id_valid(value: str) -> bool:
    """Hungary's personal tax number (adóazonosító jel): 8, then days, a check."""
    if not re.fullmatch(r"8\d{9}", value):
        return False
    check = sum(int(d) * (i + 1) for i, d in enumerate(value[:9])) % 11
    return check != 10 and check == int(value[9])


def _br_pis_valid(value: str) -> bool:
    """Brazil's PIS/PASEP/NIS (a worker's social number): a mod-11 check."""
    digits = re.sub(r"[.\s-]", "", value)
    if not re.fullmatch(r"\d{11}", digits) or len(set(digits)) == 1:
        return False
    weights = (3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
    total = sum(int(d) * w for d, w in zip(digits[:10], weights, strict=True))
    check = 11 - total % 11
    return (0 if check >= 10 else check) == int(digits[10])


def _mx_clabe_valid(value: str) -> bool:
    """Mexico's CLABE (a bank account, 18 digits): weights 3 7 1, mod 10."""
    digits = re.sub(r"\s", "", value)
    if not re.fullmatch(r"\d{18}", digits):
        return False
    total = sum(int(d) * (3, 7, 1)[i % 3] % 10 for i, d in enumerate(digits[:17]))
    return (10 - total % 10) % 10 == int(digits[17])


def _pt_niss_valid(value: str) -> bool:
    """Portugal's social security number (NISS): 1 or 2, then a weighted check."""
    if not re.fullmatch(r"[12]\d{10}", value):
        return False
    weights = (29, 23, 19, 17, 13, 11, 7, 5, 3, 2)
    total = sum(int(d) * w for d, w in zip(value[:10], weights, strict=True))
    return 9 - total % 10 == int(value[10])


def _es_naf_valid(value: str) -> bool:
    """Spain's social security affiliation number (NAF/NUSS): mod 97."""
    digits = re.sub(r"[\s/-]", "", value)
    if not re.fullmatch(r"\d{12}", digits):
        return False
    base = int(digits[2:10])
    # a number below ten million is counted after its province's
    number = int(digits[:2]) * 10**7 + base if base < 10**7 else int(digits[:10])
    return number % 97 == int(digits[10:])


LOCAL_VALIDATORS = {
    "local.sg_nric": _LocalValidator(_sg_nric_valid),
    # Round 11 (S5): numbers of the Middle East, Africa and Central Asia
    # python-stdnum does not know.
    "local.ae_eid": _LocalValidator(_ae_eid_valid),
    "local.sa_nid": _LocalValidator(_sa_nid_valid),
    "local.kz_iin": _LocalValidator(_kz_iin_valid),
    "local.eg_nid": _LocalValidator(_eg_nid_valid),
    "local.uz_pinfl": _LocalValidator(_uz_pinfl_valid),
    "local.ir_melli": _LocalValidator(_ir_melli_valid),
    "local.ng_nin": _LocalValidator(_shape_only(r"[1-9]\d{10}")),
    "local.ke_id": _LocalValidator(_shape_only(r"[1-9]\d{6,7}")),
    "local.ma_cin": _LocalValidator(_shape_only(r"[A-Z]{1,2} ?\d{5,6}")),
    "local.co_cc": _LocalValidator(_shape_only(r"[1-9]\d{5,9}")),
    "local.be_eid": _LocalValidator(_be_eid_valid),
    # Round 12 (S7): Russia's SNILS and Australia's Medicare card
    "local.ru_snils": _LocalValidator(_ru_snils_valid),
    "local.au_medicare": _LocalValidator(_au_medicare_valid),
    "local.nz_nhi": _LocalValidator(_nz_nhi_valid),
    # the Netherlands' passport and ID card document number (no `O`)
    "local.nl_docnr": _LocalValidator(_shape_only(r"[A-NP-Z]{2}[A-NP-Z0-9]{6}\d")),
    # Round 12 (S6): Germany's health insurance number, Ontario's health
    # number, the US Medicare Beneficiary Identifier (its letters leave out
    # S L O I B Z; a digit or letter by position, no check digit)
    "local.de_kvnr": _LocalValidator(_de_kvnr_valid),
    "local.de_rvnr": _LocalValidator(_de_rvnr_valid),
    "local.hu_taj": _LocalValidator(_hu_taj_valid),
    "local.hu_tax_id": _LocalValidator(_hu_tax_id_valid),
    "local.br_pis": _LocalValidator(_br_pis_valid),
    "local.mx_clabe": _LocalValidator(_mx_clabe_valid),
    "local.pt_niss": _LocalValidator(_pt_niss_valid),
    "local.es_naf": _LocalValidator(_es_naf_valid),
    # India's Universal Account Number (provident fund): no check digit
    "local.in_uan": _LocalValidator(_shape_only(r"10\d{10}")),
    "local.ca_on_health": _LocalValidator(_ca_on_health_valid),
    "local.us_mbi": _LocalValidator(
        _shape_only(
            r"[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y\d]\d-?[AC-HJKMNP-RT-Y]"
            r"[AC-HJKMNP-RT-Y\d]\d-?[AC-HJKMNP-RT-Y]{2}\d\d"
        )
    ),
}


@cache
def _module(name: str) -> ModuleType:
    if name in LOCAL_VALIDATORS:
        return LOCAL_VALIDATORS[name]  # type: ignore[return-value]
    return import_module(f"stdnum.{name}")


def _digits(n: int) -> str:
    return rf"{D}\d{{{n}}}{E}"


def _has(pattern: str) -> Callable[[str], bool]:
    compiled = re.compile(pattern)
    return lambda value: bool(compiled.fullmatch(value))


# `ID 27838586002`, `badge: ID 1234…`, `+ ID …`: the bare word "ID" right
# before the value, not after another noun (`order ID`, `customer ID`).
BARE_ID_RE = re.compile(
    r"(?:^|[^\w\s]\s*|\b(?:his|her|their|my|your|the|and|with|plus)\s+)"
    r"ID\s*(?:no\.?|number|#)?\s*[:=]?\s*$"
)
TIGHT = {
    "us.ssn": re.compile(r"(?i)\bsocial[\"']?\s*[:=#]\s*[\"']?$"),
    "ec.ci": re.compile(r"\bC\.?I\.?\s*(?:No\.?|Nº|#)?\s*[:=]?\s*['\"]?$"),
    "ar.dni": re.compile(r"\bDNI\s*(?:No\.?|Nº|#)?\s*[:=]?\s*$"),
    "tr.tckimlik": re.compile(r"\bTC\s*(?:No\.?|#)?\s*[:=]?\s*$"),
}

# Round 10 (S4): a field named by the country's code and the number's
# (`ee_ik=…`, `za_id: …`, `ie_pps`), as exports and logs write them; not
# after a code that is an English word too (`my id`, `in id`, `no id`).
ENGLISH_CODES = frozenset(
    "am an as at be by do go he hi id if in is it me my no of on or so to up us "
    "we".split()
)


def _code_names(kind: str) -> tuple[str, ...]:
    country, _, name = kind.partition(".")
    country = country.rstrip("_")
    if country in ENGLISH_CODES or country == "local":
        return ()
    return (f"{country} {name.replace('_', ' ')}", f"{country} id")


SPECS: tuple[IdSpec, ...] = tuple(
    IdSpec(
        kind,
        module,
        re.compile(pattern),
        (*words, *_code_names(kind)),
        alone,
        TIGHT.get(kind),
    )
    for kind, module, pattern, words, alone in (
        (
            "in.aadhaar",
            "in_.aadhaar",
            rf"{D}[2-9]\d{{3}}([ -]?)\d{{4}}\1\d{{4}}{E}",
            ("aadhaar", "aadhar", "uid", "uidai", "आधार"),
            _has(r"\d{4} \d{4} \d{4}"),
        ),
        (
            "in.vid",
            "in_.vid",
            rf"{D}\d{{4}}([ -]?)\d{{4}}\1\d{{4}}\1\d{{4}}{E}",
            ("vid", "virtual id", "aadhaar"),
            None,
        ),
        (
            "in.pan",
            "in_.pan",
            r"(?<![A-Za-z0-9])[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z](?![A-Za-z0-9])",
            ("pan", "permanent account number"),
            None,
        ),
        (
            "in.epic",
            "in_.epic",
            r"(?<![A-Za-z0-9])[A-Z]{3}\d{7}(?![A-Za-z0-9])",
            ("epic", "voter id", "voter card", "voter"),
            None,
        ),
        ("pl.pesel", "pl.pesel", _digits(11), ("pesel",), None),
        (
            "br.cpf",
            "br.cpf",
            rf"{D}(?:\d{{3}}\.\d{{3}}\.\d{{3}}-\d{{2}}|\d{{11}}){E}",
            ("cpf",),
            _has(r"\d{3}\.\d{3}\.\d{3}-\d{2}"),
        ),
        (
            "br.cnpj",
            "br.cnpj",
            rf"{D}(?:\d{{2}}\.\d{{3}}\.\d{{3}}/\d{{4}}-\d{{2}}|\d{{14}})(?![\w-]|[.,]\d)",
            ("cnpj",),
            _has(r"\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}"),
        ),
        (
            "cn.ric",
            "cn.ric",
            r"(?<![0-9A-Za-z_-])\d{17}[\dXx](?![0-9A-Za-z_-])",
            ("身份证", "ric", "resident id"),
            lambda value: True,
        ),
        (
            "mx.curp",
            "mx.curp",
            r"(?<![A-Za-z0-9])[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d(?![A-Za-z0-9])",
            ("curp",),
            lambda value: True,
        ),
        (
            "mx.rfc",
            "mx.rfc",
            r"(?<![A-Za-z0-9])[A-ZÑ&]{4}[ -]?\d{6}[ -]?[A-Z0-9]{2}[0-9A]"
            r"(?![A-Za-z0-9])",
            ("rfc",),
            None,
        ),
        (
            "za.idnr",
            "za.idnr",
            rf"{D}\d{{6}} ?\d{{4}} ?\d{{2}} ?\d{E}",
            (
                "sa id",
                "rsa id",
                "id-nommer",
                "id nommer",
                "identiteitsnommer",
                "south african id",
                "identity document",
                "id number",
                "identity number",
                "id no",
                # Zulu and Xhosa: `inombolo kamazisi`, `inombolo yesazisi`
                "kamazisi",
                "yesazisi",
                "isazisi",
            ),
            None,
        ),
        (
            "kr.rrn",
            "kr.rrn",
            rf"{D}\d{{6}}(-?)\d{{7}}{E}",
            ("rrn", "resident registration", "주민등록번호", "주민번호"),
            _has(r"\d{6}-\d{7}"),
        ),
        (
            "jp.in",
            "jp.in_",
            rf"{D}\d{{4}}([ -]?)\d{{4}}\1\d{{4}}{E}",
            ("my number", "mynumber", "マイナンバー", "個人番号", "individual number"),
            None,
        ),
        (
            "au.tfn",
            "au.tfn",
            rf"{D}\d{{3}}([ -]?)\d{{3}}\1\d{{2,3}}{E}",
            ("tfn", "tax file"),
            None,
        ),
        (
            "ca.sin",
            "ca.sin",
            rf"{D}\d{{3}}([ -]?)\d{{3}}\1\d{{3}}{E}",
            (
                "sin",
                "social insurance",
                "nas",
                "numéro d'assurance sociale",
                "assurance sociale",
            ),
            None,
        ),
        (
            "us.ssn",
            "us.ssn",
            rf"{D}\d{{3}}([ -]?)\d{{2}}\1\d{{4}}{E}",
            ("ssn", "social security", "social-security", "ss#", "ss #"),
            None,
        ),
        (
            "ar.cuit",
            "ar.cuit",
            rf"{D}(?:\d{{2}}-\d{{8}}-\d|\d{{11}}){E}",
            ("cuit", "cuil"),
            _has(r"(?:20|23|24|27|30|33|34)-\d{8}-\d"),
        ),
        (
            "ar.dni",
            "ar.dni",
            rf"{D}(?:\d{{1,2}}\.\d{{3}}\.\d{{3}}|\d{{7,8}}){E}",
            ("dni", "d.n.i", "documento"),
            None,
        ),
        (
            "cl.rut",
            "cl.rut",
            # Round 11 (S5): and unseparated, named (`mi rut es 218961762`)
            rf"{D}(?:(?:\d{{1,2}}\.\d{{3}}\.\d{{3}}|\d{{7,8}})-[\dkK]|\d{{7,8}}[\dkK])(?![\w-])",
            ("rut", "run", "rol único"),
            _has(r"\d{1,2}\.\d{3}\.\d{3}-[\dkK]"),
        ),
        (
            "tr.tckimlik",
            "tr.tckimlik",
            _digits(11),
            ("kimlik", "tckn", "t.c.", "tc no", "tc kimlik", "vatandaşlık"),
            None,
        ),
        (
            "il.idnr",
            "il.idnr",
            rf"{D}(?:\d{{5,8}}-\d|\d{{7,9}}){E}",
            ("teudat zehut", "zehut", "israeli id", "ת.ז", 'ת"ז', "מספר זהות", "זהות"),
            None,
        ),
        (
            "my.nric",
            "my.nric",
            rf"{D}\d{{6}}(-?)\d{{2}}\1\d{{4}}{E}",
            ("nric", "mykad", "ic no", "ic number", "kad pengenalan"),
            _has(r"\d{6}-\d{2}-\d{4}"),
        ),
        (
            "th.pin",
            "th.pin",
            rf"{D}(?:\d-\d{{4}}-\d{{5}}-\d{{2}}-\d|\d{{13}}){E}",
            (
                "thai id",
                # (S11) its English name, and its initials as Thai forms
                # write them (`pin: "3348116661720"`)
                "personal identification number",
                "pin",
                "เลขประจำตัวประชาชน",
                "บัตรประชาชน",
                "citizen id",
                "thai national id",
            ),
            _has(r"\d-\d{4}-\d{5}-\d{2}-\d"),
        ),
        (
            "id.nik",
            "id.nik",
            _digits(16),
            ("nik", "ktp", "nomor induk"),
            None,
        ),
        (
            "pk.cnic",
            "pk.cnic",
            rf"{D}(?:\d{{5}}-\d{{7}}-\d|\d{{13}}){E}",
            ("cnic", "nic no", "nadra", "شناختی کارڈ", "شناختی"),
            _has(r"\d{5}-\d{7}-\d"),
        ),
        (
            "ch.ssn",
            "ch.ssn",
            rf"{D}756(?:\.\d{{4}}\.\d{{4}}\.\d{{2}}|\d{{10}}){E}",
            ("ahv", "avs", "sozialversicherung", "assurance vieillesse"),
            _has(r"756\.\d{4}\.\d{4}\.\d{2}"),
        ),
        (
            "no.fodselsnummer",
            "no.fodselsnummer",
            rf"{D}\d{{6}} ?\d{{5}}{E}",
            ("fødselsnummer", "fodselsnummer", "fødselsnr", "fnr", "personnummer"),
            None,
        ),
        (
            "se.personnummer",
            "se.personnummer",
            rf"{D}(?:\d{{2}})?\d{{6}}[-+]?\d{{4}}{E}",
            ("personnummer", "personnr", "pnr", "personal identity number"),
            None,
        ),
        (
            "dk.cpr",
            "dk.cpr",
            rf"{D}\d{{6}}-?\d{{4}}{E}",
            ("cpr", "cpr-nr", "personnummer"),
            None,
        ),
        (
            "fi.hetu",
            "fi.hetu",
            r"(?<![\w-])\d{6}[-+A-FU-Y]\d{3}[0-9A-Y](?![\w-])",
            (
                "henkilötunnus",
                "henkilötunnukse",
                "hetu",
                "sotu",
                "personal identity code",
                # Swedish, as Finland's Swedish speakers name it
                "personbeteckning",
            ),
            None,
        ),
        (
            "gb.nhs",
            "gb.nhs",
            rf"{D}\d{{3}}([ -]?)\d{{3}}\1\d{{4}}{E}",
            ("nhs",),
            None,
        ),
        (
            "ie.pps",
            "ie.pps",
            r"(?<![A-Za-z0-9])\d{7}[A-W][A-IW]?(?![A-Za-z0-9])",
            ("pps", "ppsn", "personal public service", "psp", "uimhir psp"),
            None,
        ),
        (
            "ro.cnp",
            "ro.cnp",
            _digits(13),
            ("cnp", "cod numeric personal", "codul numeric personal"),
            None,
        ),
        ("bg.egn", "bg.egn", rf"{D}\d{{6}} ?\d{{3}} ?\d{E}", ("егн", "egn"), None),
        (
            "ee.ik",
            "ee.ik",
            _digits(11),
            ("isikukood", "personal code", "estonian id"),
            None,
        ),
        (
            "lt.asmens",
            "lt.asmens",
            _digits(11),
            ("asmens kodas", "asmens", "personal code"),
            None,
        ),
        (
            "cz.rc",
            "cz.rc",
            rf"{D}\d{{6}}/?\d{{3,4}}{E}",
            ("rodné číslo", "rodne cislo", "rodné č", "rč", "r.č", "birth number"),
            None,
        ),
        (
            "be.nn",
            "be.nn",
            rf"{D}(?:\d{{2}}\.\d{{2}}\.\d{{2}}-\d{{3}}\.\d{{2}}|\d{{11}}|"
            rf"\d{{2}} \d{{2}} \d{{2}} \d{{3}} \d{{2}}){E}",
            (
                "rijksregisternummer",
                "rijksregister",
                "numéro national",
                "registre national",
                "niss",
                "insz",
            ),
            _has(r"\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}"),
        ),
        # (S9) the number's full name, as an HR form writes it
        (
            "hr.oib",
            "hr.oib",
            _digits(11),
            ("oib", "osobni identifikacijski broj"),
            None,
        ),
        (
            "nl.bsn",
            "nl.bsn",
            rf"{D}(?:\d{{9}}|\d{{4}}\.\d{{2}}\.\d{{3}}){E}",
            ("bsn", "burgerservicenummer", "sofinummer", "sofi-nummer"),
            None,
        ),
        (
            "de.idnr",
            "de.idnr",
            rf"{D}\d{{2}} ?\d{{3}} ?\d{{3}} ?\d{{3}}{E}",
            (
                "steuer-id",
                "steuerid",
                "steuer-idnr",
                "steueridentifikationsnummer",
                "identifikationsnummer",
                "idnr",
            ),
            None,
        ),
        (
            "is.kennitala",
            "is_.kennitala",
            rf"{D}\d{{6}}-?\d{{4}}{E}",
            ("kennitala", "kt."),
            None,
        ),
        (
            "nz.ird",
            "nz.ird",
            rf"{D}(?:\d{{2,3}}-\d{{3}}-\d{{3}}|\d{{8,9}}){E}",
            ("ird",),
            None,
        ),
        ("ru.inn", "ru.inn", rf"{D}\d{{12}}{E}", ("инн", "inn"), None),
        (
            "ua.rntrc",
            "ua.rntrc",
            _digits(10),
            # `ИНН (Украина)`: the Russian name, as many Ukrainians use it
            (
                "рнокпп",
                "іпн",
                "ипн",
                "rnokpp",
                "ідентифікаційний код",
                "инн",
                # (S11) its English name's initials and words
                "rntrc",
                "taxpayer number",
                "taxpayer registration",
            ),  # fmt: skip
            None,
        ),
        (
            "ec.ci",
            "ec.ci",
            _digits(10),
            ("cédula", "cedula", "c.i."),
            None,
        ),
        ("pe.cui", "pe.cui", rf"{D}\d{{8}}-?\d?{E}", ("cui", "dni"), None),
        ("gr.amka", "gr.amka", _digits(11), ("αμκα", "amka"), None),
        (
            "do.cedula",
            "do.cedula",
            rf"{D}(?:\d{{3}}-\d{{7}}-\d|\d{{11}}){E}",
            ("cédula", "cedula"),
            None,
        ),
        (
            "at.vnr",
            "at.vnr",
            rf"{D}\d{{4}} ?\d{{6}}{E}",
            (
                "sv-nummer",
                "sv-nr",
                "sozialversicherungsnummer",
                "versicherungsnummer",
                "vsnr",
                "svnr",
                # (S9) the insurance card that carries it
                "e-card",
                "e-card-nummer",
            ),
            None,
        ),
        # Round 4: the personal numbers `python-stdnum` validates that were
        # missing, each named (a bare digit run is never taken alone).
        (
            "si.emso",
            "si.emso",
            _digits(13),
            ("emšo", "emso", "enotna matična številka", "matična številka"),
            None,
        ),
        (
            "lv.pk",
            "lv.pvn",
            rf"{D}\d{{6}}-?\d{{5}}{E}",
            ("personas kods", "personas kodu", "personas koda", "personal code"),
            None,
        ),
        (
            "pt.cc",
            "pt.cc",
            r"(?<![\w-])\d{8} ?\d ?[A-Z]{2}\d(?![\w-])",
            ("cartão de cidadão", "cartao de cidadao", "citizen card", "cc n"),
            _has(r"\d{8} \d [A-Z]{2}\d"),
        ),
        (
            "pt.nif",
            "pt.nif",
            rf"{D}(?:\d{{9}}|\d{{3}} \d{{3}} \d{{3}}){E}",
            ("nif", "contribuinte", "número de contribuinte", "numero de contribuinte"),
            None,
        ),
        (
            "cr.cpf",
            "cr.cpf",
            rf"{D}(?:0?[1-9]-\d{{3,4}}-\d{{3,4}}|0?[1-9]\d{{8}}){E}",
            ("cédula", "cedula"),
            None,
        ),
        (
            "cu.ni",
            "cu.ni",
            _digits(11),
            (
                "carné de identidad",
                "carnet de identidad",
                "carne de identidad",
                "número de identidad permanente",
            ),
            None,
        ),
        (
            "be.bis",
            "be.bis",
            rf"{D}(?:\d{{2}}\.\d{{2}}\.\d{{2}}-\d{{3}}\.\d{{2}}|\d{{11}}|"
            rf"\d{{2}} \d{{2}} \d{{2}} \d{{3}} \d{{2}}){E}",
            ("bis", "bis-nummer", "bisnummer", "numéro bis", "niss", "insz"),
            _has(r"\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}"),
        ),
        (
            "us.itin",
            "us.itin",
            rf"{D}9\d{{2}}(-?)\d{{2}}\1\d{{4}}{E}",
            ("itin", "individual taxpayer"),
            _has(r"9\d{2}-\d{2}-\d{4}"),
        ),
        (
            "ke.pin",
            "ke.pin",
            r"(?<![A-Za-z0-9])[APap]\d{9}[A-Za-z](?![A-Za-z0-9])",
            ("kra pin", "kra", "pin no", "pin number", "tax pin", "pin certificate"),
            None,
        ),
        (
            "mu.nid",
            "mu.nid",
            r"(?<![A-Za-z0-9])[A-Z]\d{12}[A-Z0-9](?![A-Za-z0-9])",
            (
                "nid",
                "nic",
                "national identity card",
                "mauritius id",
                "carte d'identité",
            ),
            None,
        ),
        (
            "bg.pnf",
            "bg.pnf",
            _digits(10),
            ("лнч", "личен номер на чужденец", "lnch", "pnf"),
            None,
        ),
        (
            "gb.utr",
            "gb.utr",
            rf"{D}\d{{5}} ?\d{{5}}{E}",
            ("utr", "unique taxpayer reference", "self assessment"),
            None,
        ),
        (
            "ca.bc_phn",
            "ca.bc_phn",
            rf"{D}9\d{{3}} ?\d{{3}} ?\d{{3}}{E}",
            ("phn", "personal health number", "bc services card", "carecard"),
            None,
        ),
        # Round 7 (tune11): the rest of python-stdnum's numbers for persons
        # (personal tax numbers, pupil and residence numbers), each under
        # the names people use for it.
        (
            "at.tin",
            "at.tin",
            rf"{D}\d{{2}}[- ]?\d{{3}}/?\d{{4}}{E}",
            ("steuernummer", "abgabenkontonummer", "st.nr", "st.-nr", "stnr"),
            None,
        ),
        (
            "de.stnr",
            "de.stnr",
            rf"{D}(?:\d{{2,3}}/\d{{3,4}}/\d{{4,5}}(?: \d)?|\d{{10,13}}){E}",
            ("steuernummer", "st.nr", "st.-nr", "stnr", "steuer-nr", "steuer nr"),
            None,
        ),
        (
            "co.nit",
            "co.nit",
            rf"{D}(?:\d{{1,3}}(?:\.\d{{3}}){{2}}|\d{{6,10}})-?\d{E}",
            ("nit",),
            None,
        ),
        ("gt.nit", "gt.nit", rf"{D}\d{{5,11}}-?[\dK]{E}", ("nit",), None),
        (
            "sv.nit",
            "sv.nit",
            rf"{D}(?:\d{{4}}-\d{{6}}-\d{{3}}-\d|\d{{14}}){E}",
            ("nit",),
            None,
        ),
        (
            "cr.cr",
            "cr.cr",
            rf"{D}\d{{11,12}}{E}",
            ("dimex", "cédula de residencia", "cedula de residencia", "residencia"),
            None,
        ),
        ("fi.veronumero", "fi.veronumero", _digits(12), ("veronumero",), None),
        (
            "fr.nif",
            "fr.nif",
            rf"{D}[0-3]\d ?\d{{2}} ?\d{{3}} ?\d{{3}} ?\d{{3}}{E}",
            (
                "numéro fiscal",
                "numero fiscal",
                "spi",
                "nif",
                "identifiant fiscal",
                "référence fiscale",
            ),
            None,
        ),
        (
            "gb.upn",
            "gb.upn",
            r"(?<![A-Za-z0-9])[A-HJ-NP-TV-Z]\d{11}[0-9A-HJ-NP-TV-Z](?![A-Za-z0-9])",
            ("upn", "unique pupil number", "pupil number"),
            None,
        ),
        (
            "id.npwp",
            "id.npwp",
            rf"{D}(?:\d{{2}}\.\d{{3}}\.\d{{3}}\.\d-\d{{3}}\.\d{{3}}|\d{{15,16}}){E}",
            ("npwp", "nomor pokok wajib pajak"),
            None,
        ),
        # Round 11 (S5): four digits and more (`PEID … : 65254`)
        ("li.peid", "li.peid", rf"{D}\d{{4,12}}{E}", ("peid",), None),
        (
            "nl.onderwijsnummer",
            "nl.onderwijsnummer",
            rf"{D}(?:\d{{9}}|\d{{4}}\.\d{{2}}\.\d{{3}}){E}",
            ("onderwijsnummer", "leerlingnummer"),
            None,
        ),
        (
            "us.atin",
            "us.atin",
            rf"{D}\d{{3}}-?\d{{2}}-?\d{{4}}{E}",
            ("atin", "adoption taxpayer"),
            None,
        ),
        (
            "us.ptin",
            "us.ptin",
            r"(?<![A-Za-z0-9])P-?\d{8}(?![A-Za-z0-9])",
            ("ptin", "preparer tax"),
            None,
        ),
        (
            "ve.rif",
            "ve.rif",
            r"(?<![A-Za-z0-9])[VE]-?\d{7,8}-?\d(?![A-Za-z0-9])",
            ("rif", "cédula", "cedula"),
            None,
        ),
        (
            "vn.mst",
            "vn.mst",
            rf"{D}\d{{10}}(?:-\d{{3}})?{E}",
            ("mã số thuế", "ma so thue", "mst"),
            None,
        ),
        (
            "za.tin",
            "za.tin",
            rf"{D}\d{{9}}-?\d{E}",
            ("sars", "income tax number", "tax reference number", "tax number"),
            None,
        ),
        ("py.ruc", "py.ruc", rf"{D}\d{{5,8}}-?\d{E}", ("ruc",), None),
        # Round 9 (tune13): Ghana Card PIN / TIN, Mozambique NUIT, Moldova
        # IDNP (one check digit scheme with the IDNO), Singapore NRIC/FIN.
        (
            "gh.tin",
            "gh.tin",
            rf"{D}[PCGQV]-?\d{{10}}{E}",
            ("ghana card", "ghana card pin", "ghanacard", "tin"),
            None,
        ),
        ("mz.nuit", "mz.nuit", rf"{D}\d{{9}}{E}", ("nuit",), None),
        ("md.idnp", "md.idno", rf"{D}[0-2]\d{{12}}{E}", ("idnp", "idno"), None),
        (
            "sg.nric",
            "local.sg_nric",
            r"(?<![A-Za-z0-9])[STFGM]\d{7}[A-Z](?![A-Za-z0-9])",
            ("nric", "fin no", "fin number", "ic number", "singapore ic"),
            None,
        ),
        # Round 11 (S5): the Emirates ID (taken alone in its dashed shape),
        # Saudi, Kazakh, Egyptian, Uzbek and Iranian numbers with a check;
        # Nigeria's NIN, Kenya's ID card, Morocco's CIN and Colombia's
        # cédula de ciudadanía have none: their own name only.
        (
            "ae.eid",
            "local.ae_eid",
            rf"{D}784-?\d{{4}}-?\d{{7}}-?\d{E}",
            (
                "emirates id",
                "eid",
                "الهوية الإماراتية",
                "هوية إماراتية",
                "بطاقة الهوية",
            ),
            _has(r"784-\d{4}-\d{7}-\d"),
        ),
        (
            "sa.nid",
            "local.sa_nid",
            rf"{D}[12]\d{{9}}{E}",
            (
                "iqama",
                "saudi id",
                "الهوية الوطنية",
                "هوية وطنية",
                "رقم الإقامة",
                "رقم الاقامة",
                "السجل المدني",
            ),
            None,
        ),
        (
            "kz.iin",
            "local.kz_iin",
            _digits(12),
            ("иин", "жсн", "iin", "жеке сәйкестендіру"),
            None,
        ),
        (
            "eg.nid",
            "local.eg_nid",
            rf"{D}[23]\d{{13}}{E}",
            ("الرقم القومي", "رقم قومي", "الرقم القومى", "egyptian id"),
            None,
        ),
        (
            "uz.pinfl",
            "local.uz_pinfl",
            rf"{D}[1-6]\d{{13}}{E}",
            ("jshshir", "jshir", "жшшир", "pinfl", "пинфл"),
            None,
        ),
        (
            "ir.melli",
            "local.ir_melli",
            _digits(10),
            ("کد ملی", "کدملی", "شماره ملی", "melli", "national code"),
            None,
        ),
        (
            "ng.nin",
            "local.ng_nin",
            _digits(11),
            ("nin", "nimc"),
            None,
        ),
        (
            "ke.id",
            "local.ke_id",
            rf"{D}\d{{7,8}}{E}",
            ("kitambulisho", "huduma namba", "kenyan id", "kenya id"),
            None,
        ),
        (
            "ma.cin",
            "local.ma_cin",
            r"(?<![A-Za-z0-9])[A-Z]{1,2} ?\d{5,6}(?![A-Za-z0-9])",
            ("cin", "cnie", "carte nationale", "البطاقة الوطنية"),
            None,
        ),
        (
            "co.cc",
            "local.co_cc",
            _digits(10).replace("{10}", "{6,10}"),
            ("cédula de ciudadanía", "cedula de ciudadania", "c.c"),
            None,
        ),
        # Andorra's NRT, Belgium's eID card number, the Dutch document
        # number, a Peruvian person's RUC (10…, 15…, 17…; a company's is
        # 20…), Norway's and New Zealand's bank account numbers.
        (
            "ad.nrt",
            "ad.nrt",
            r"(?<![A-Za-z0-9])[A-Z]-?\d{6}-?[A-Z](?![A-Za-z0-9])",
            ("nrt", "registre tributari"),
            None,
        ),
        (
            "be.eid",
            "local.be_eid",
            rf"{D}\d{{3}}-?\d{{7}}-?\d{{2}}{E}",
            (
                "eid",
                "carte eid",
                "eid-kaart",
                "eid kaart",
            ),
            None,
        ),
        (
            "nl.docnr",
            "local.nl_docnr",
            r"(?<![A-Za-z0-9])[A-NP-Z]{2}[A-NP-Z0-9]{6}\d(?![A-Za-z0-9])",
            ("documentnummer", "id-kaart", "identiteitskaart", "paspoortnummer"),
            None,
        ),
        (
            "pe.ruc",
            "pe.ruc",
            rf"{D}(?:10|15|17)\d{{9}}{E}",
            ("ruc",),
            None,
        ),
        (
            "no.kontonr",
            "no.kontonr",
            rf"{D}\d{{4}}\.?\d{{2}}\.?\d{{5}}{E}",
            ("kontonummer", "kontonr", "kontonummeret", "bankkonto"),
            None,
        ),
        # Round 12 (S6): health numbers (a person's, on their card)
        (
            "de.kvnr",
            "local.de_kvnr",
            r"(?<![A-Za-z0-9])[A-Z]\d{9}(?![A-Za-z0-9])",
            (
                "versichertennummer",
                "versichertennr",
                "krankenversichertennummer",
                "krankenversicherungsnummer",
                "kvnr",
                "egk",
                "gesundheitskarte",
            ),
            None,
        ),
        (
            "ca.on_health",
            "local.ca_on_health",
            # the card's two-letter version code after the number
            rf"{D}\d{{4}}([- ]?)\d{{3}}\1\d{{3}}(?:[- ]?[A-Z]{{2}})?"
            r"(?![0-9A-Za-z_-]|[./]\d)",
            ("ohip", "ontario health", "health card", "health number"),
            None,
        ),
        # (S9) payroll's numbers, each under its own names
        (
            "de.rvnr",
            "local.de_rvnr",
            r"(?<![A-Za-z0-9])\d{2} ?\d{6} ?[A-Z] ?\d{3}(?![A-Za-z0-9])",
            (
                "rentenversicherungsnummer",
                "rentenversicherungsnr",
                "rvnr",
                "rv-nummer",
                "sozialversicherungsnummer",
                "sv-nummer",
                "versicherungsnummer",
            ),
            None,
        ),
        (
            "hu.taj",
            "local.hu_taj",
            rf"{D}\d{{3}}[ -]?\d{{3}}[ -]?\d{{3}}{E}",
            (
                "taj",
                "taj szám",
                "taj-szám",
                "tajszám",
                "társadalombiztosítási azonosító",
            ),
            None,
        ),
        (
            "hu.tax_id",
            "local.hu_tax_id",
            rf"{D}8\d{{9}}{E}",
            ("adóazonosító jel", "adóazonosító", "adóazonosító jele"),
            None,
        ),
        (
            "br.pis",
            "local.br_pis",
            rf"{D}\d{{3}}\.?\d{{5}}\.?\d{{2}}-?\d{E}",
            ("pis", "pasep", "pis/pasep", "nis", "nit", "número do pis"),
            None,
        ),
        (
            "mx.clabe",
            "local.mx_clabe",
            rf"{D}\d{{3}} ?\d{{3}} ?\d{{11}} ?\d{E}",
            ("clabe", "cuenta clabe", "clabe interbancaria"),
            None,
        ),
        (
            "pt.niss",
            "local.pt_niss",
            rf"{D}[12]\d{{10}}{E}",
            ("niss", "segurança social", "seguranca social"),
            None,
        ),
        (
            "es.naf",
            "local.es_naf",
            rf"{D}\d{{2}}[ /-]?\d{{8}}[ /-]?\d{{2}}{E}",
            (
                "naf",
                "nuss",
                "número de afiliación",
                "afiliación a la seguridad social",
                "número de la seguridad social",
                "nº seguridad social",
            ),
            None,
        ),
        (
            "in.uan",
            "local.in_uan",
            rf"{D}10\d{{10}}{E}",
            ("uan", "universal account number"),
            None,
        ),
        (
            "us.mbi",
            "local.us_mbi",
            r"(?<![A-Za-z0-9])[1-9][A-Z][A-Z0-9]\d-?[A-Z][A-Z0-9]\d-?[A-Z]{2}\d\d"
            r"(?![A-Za-z0-9])",
            (
                "medicare",
                "mbi",
                "medicare beneficiary identifier",
                # (S11) the insurer's field names: `"insurance_no": "9KW1-…"`
                "insurance no",
                "insurance number",
                "insurance id",
            ),  # fmt: skip
            None,
        ),
        (
            "nz.bankaccount",
            "nz.bankaccount",
            rf"{D}\d{{2}}-\d{{4}}-\d{{7}}-\d{{2,3}}{E}",
            ("account number", "bank account", "account no", "acct"),
            None,
        ),
        # Round 12 (S7): numbers of Eastern Europe, the Caucasus, the
        # Middle East and Oceania. The JMBG of the former Yugoslavia
        # (Serbia, Bosnia, Montenegro, North Macedonia) is Slovenia's EMŠO
        # scheme: a birth date, a region, a mod-11 check.
        (
            "rs.jmbg",
            "si.emso",
            _digits(13),
            (
                "jmbg",
                "јмбг",
                "embg",
                "ембг",
                "matični broj",
                "матични број",
                "матичен број",
                "jedinstveni matični",
            ),
            None,
        ),
        (
            "ru.snils",
            "local.ru_snils",
            rf"{D}(?:\d{{3}}-\d{{3}}-\d{{3}}[ -]\d{{2}}|\d{{11}}){E}",
            ("снилс", "snils", "страховой номер", "страхового свидетельства"),
            _has(r"\d{3}-\d{3}-\d{3} \d{2}"),
        ),
        (
            "au.medicare",
            "local.au_medicare",
            rf"{D}[2-6]\d{{3}} ?\d{{5}} ?\d(?:/[1-9])?{E}",
            ("medicare",),
            None,
        ),
        # Tax numbers these countries give persons and companies alike: a
        # company's beside a company word on its line (`COMPANY_ALSO`).
        (
            "pl.nip",
            "pl.nip",
            rf"{D}(?:\d{{3}}-\d{{3}}-\d{{2}}-\d{{2}}|\d{{3}}-\d{{2}}-\d{{2}}-\d{{3}}|"
            rf"\d{{10}}){E}",
            ("nip", "numer identyfikacji podatkowej"),
            None,
        ),
        (
            "az.voen",
            "az.voen",
            _digits(10),
            ("vöen", "voen", "воен", "vergi ödəyicisinin"),
            None,
        ),
        (
            "by.unp",
            "by.unp",
            r"(?<![A-Za-z0-9])(?:\d{9}|[A-Z]{2}\d{7})(?![A-Za-z0-9])",
            ("унп", "unp", "учетный номер плательщика", "учётный номер плательщика"),
            None,
        ),
        (
            "tr.vkn",
            "tr.vkn",
            _digits(10),
            ("vkn", "vergi kimlik", "vergi numarası", "vergi no"),
            None,
        ),
        # Greece's AFM (every taxpayer holds one), Albania's NIPT
        (
            "gr.afm",
            "gr.vat",
            _digits(9),
            ("αφμ", "afm", "αριθμός φορολογικού μητρώου", "αριθμό φορολογικού μητρώου"),
            None,
        ),
        (
            "al.nipt",
            "al.nipt",
            r"(?<![A-Za-z0-9])[A-M]\d{8}[A-Z](?![A-Za-z0-9])",
            ("nipt", "nuis"),
            None,
        ),
        (
            "nz.nhi",
            "local.nz_nhi",
            r"(?<![A-Za-z0-9])[A-HJ-NP-Za-hj-np-z]{3}\d{4}(?![A-Za-z0-9])",
            ("nhi", "national health index"),
            None,
        ),
        # Egypt's tax registration number has no check: its own name only.
        (
            "eg.tn",
            "eg.tn",
            rf"{D}(?:\d{{3}}-\d{{3}}-\d{{3}}|\d{{9}}){E}",
            (
                "الرقم الضريبي",
                "رقم التسجيل الضريبي",
                "رقم ضريبي",
                "tax registration number",
                "egyptian tax",
            ),
            None,
        ),
    )
)

WINDOW_BEFORE = 72
# Validators that check the shape only (any 9 digits are a valid Costa
# Rican cédula): their number counts under its own name, never under a
# generic "ID number" or a bare "ID".
OWN_NAME_ONLY = {
    "eg.tn",
    "co.cc",
    "us.mbi",
    "ke.id",
    "nl.docnr",
    "ma.cin",
    "ng.nin",
    "uz.pinfl",
    "cr.cpf",
    "de.stnr",
    "fi.veronumero",
    "li.peid",
    "us.atin",
    "us.ptin",
    # (S9) payroll's numbers: a check digit of one in ten or eleven, too
    # weak under a generic `número de identidad` (a company's RUC passed)
    "in.uan",
    "de.rvnr",
    "hu.taj",
    "hu.tax_id",
    "br.pis",
    "mx.clabe",
    "pt.niss",
    "es.naf",
}
WINDOW_AFTER = 40
# Round 11 (S5): the name is looked for 72 characters back (a holder's name
# and what it is for between: `NIC number of my neighbour Devika
# (Mauritius), for the lease: …`); another number's word, as before, 60.
OTHER_WINDOW = 60


# Nordic definite and possessive endings after a long name (`kennitalan`).
# `rijksregisternr.`, `versicherungsnr`: the Dutch and German abbreviation.
INFLECTIONS = ("et", "en", "an", "n", "a", "ni", "si", "in", "nr")


def _cue_re(words: tuple[str, ...]) -> re.Pattern[str]:
    """Match any of `words` as a word; scripts without spaces match anywhere."""
    spaced = [w for w in words if all(ord(c) < 0x0590 for c in w)]
    unspaced = [w for w in words if w not in spaced]
    parts = []
    if spaced:
        alternatives = "|".join(
            re.escape(w) for w in sorted(spaced, key=len, reverse=True)
        )
        parts.append(rf"(?<![^\W\d_])(?:{alternatives})(?![^\W\d_])")
        # Long names also inflected: `fødselsnummeret`, `kennitalan`,
        # `henkilötunnukseni` (Nordic definite and possessive endings).
        long = [w for w in spaced if len(w) >= 8 and " " not in w]
        if long:
            stems = "|".join(re.escape(w) for w in sorted(long, key=len, reverse=True))
            parts.append(
                rf"(?<![^\W\d_])(?:{stems})(?:{'|'.join(INFLECTIONS)})(?![^\W\d_])"
            )
    parts += [re.escape(w) for w in unspaced]
    return re.compile("|".join(parts))


GENERIC_RE = _cue_re(GENERIC_WORDS)
CUE_RES = {spec.kind: _cue_re(spec.words) for spec in SPECS}
# Every name at once, to skip the countries a text does not name.
ANY_CUE_RE = _cue_re(tuple({w for spec in SPECS for w in spec.words}))
KINDS_BY_WORD: dict[str, set[str]] = {}
for _spec in SPECS:
    for _word in _spec.words:
        KINDS_BY_WORD.setdefault(_word, set()).add(_spec.kind)
# A longer name holding a shorter one names its kinds too: `cédula de
# ciudadanía` is found instead of `cédula`, and still names Ecuador's.
for _word, _kinds in list(KINDS_BY_WORD.items()):
    for _inner, _inner_kinds in list(KINDS_BY_WORD.items()):
        # The substring test first: a regex per pair of names was compiled
        # at import, ~290,000 of them (16 s) once the names passed 500.
        if (
            _inner != _word
            and _inner in _word
            and re.search(rf"(?<![^\W\d_]){re.escape(_inner)}(?![^\W\d_])", _word)
        ):
            _kinds |= _inner_kinds


def _kinds_named(word: str) -> set[str]:
    """Return the kinds a cue word names, through an inflected ending too."""
    if word in KINDS_BY_WORD:
        return KINDS_BY_WORD[word]
    for ending in INFLECTIONS:
        if word.endswith(ending) and word[: -len(ending)] in KINDS_BY_WORD:
            return KINDS_BY_WORD[word[: -len(ending)]]
    return set()


def _normalized(window: str) -> tuple[str, str]:
    """Return `window` in lower case, as is and without dots.

    CSV and JSON names join words with `_` (`citizen_id`), abbreviations
    come with dots (`C.U.I.T.`, `Α.Μ.Κ.Α.`).
    """
    # `<NationalId>`, `taxId`: camelCase names, spaced.
    lowered = CAMEL_RE.sub(" ", window).lower().replace("_", " ")
    return lowered, lowered.replace(".", "")


CAMEL_RE = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")


def line_around(text: str, start: int, end: int | None = None) -> str:
    """Return the line of `text` holding `start` (through `end`, if given)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start if end is None else end)
    return text[line_start : line_end if line_end >= 0 else len(text)]


def column_name(text: str, start: int) -> str:
    """Return the header cell above `start` when it sits in a table.

    Markdown (`| Name | PESEL |`), CSV and tab-separated rows: the header is
    the first line of the block of lines that share the separator.
    """
    line_start = text.rfind("\n", 0, start) + 1
    line = line_around(text, start)
    separator = next((sep for sep in ("|", "\t", ",", ";") if sep in line), None)
    if separator is None or line_start == 0:
        return ""
    column = text[line_start:start].count(separator)
    header_start = line_start
    while header_start > 0:
        previous_start = text.rfind("\n", 0, header_start - 1) + 1
        previous = text[previous_start : header_start - 1]
        if separator not in previous:
            break
        header_start = previous_start
    header = text[header_start : text.find("\n", header_start)]
    cells = header.split(separator)
    return cells[column] if column < len(cells) else ""


def _named(text: str, start: int, end: int, cue: re.Pattern[str]) -> bool:
    windows = (
        *_normalized(text[max(0, start - WINDOW_BEFORE) : start]),
        *_normalized(text[end : end + WINDOW_AFTER]),
        *_normalized(column_name(text, start)),
    )
    return any(
        not NEGATED_BEFORE_RE.search(w, 0, m.start())
        for w in windows
        for m in cue.finditer(w)
    )


# (s14) A name denied is no name: `Ticket ID 2026-925968 — not a personal
# number, just the queue id`.
NEGATED_BEFORE_RE = re.compile(
    r"(?:\bnot (?:a |an |the |my |your )?|\bno |\bkein\w* |\bpas (?:un |une )?|"
    r"\bno es (?:un |una )?|\bnão é (?:um |uma )?|\bnon è (?:un |una )?)$"
)


# Words that introduce some other number: an unnamed id shape after them is
# that number (`tracking number 2912 2536 8397`).
OTHER_NUMBER_RE = re.compile(
    r"(?<![a-z])(?:order|invoice|tracking|serial|s/n|part|p/n|sku|model|batch|lot|"
    r"ticket|case|ref|reference|build|job|row|account|phone|tel|fax|mobile|"
    r"isbn|ean|imei|meeting|conference|room|flight|booking)(?![a-z])"
)
GROUP_BEFORE_RE = re.compile(r"\d[ -]$")
GROUP_AFTER_RE = re.compile(r"[ -]\d")


def inside_digit_run(text: str, start: int, end: int) -> bool:
    """Tell whether `text[start:end]` is a piece of a longer digit-group run.

    `row 3445 8323 6056 2438 1`: no 12-digit id lies inside it.
    """
    return bool(
        GROUP_BEFORE_RE.search(text, max(0, start - 2), start)
        or GROUP_AFTER_RE.match(text, end)
    )


@dataclass(frozen=True)
class IdMatch:
    kind: str
    start: int
    end: int
    value: str


def _min_digits(items) -> int:  # noqa: ANN001 - a regex syntax tree
    """Return how many digits a match of `items` holds at least."""
    from re import _constants as sre  # type: ignore[attr-defined]

    total = 0
    for op, av in items:
        if op is sre.LITERAL:
            total += chr(av).isdigit()
        elif op is sre.IN:
            digits_only = all(
                (o is sre.CATEGORY and a is sre.CATEGORY_DIGIT)
                or (o is sre.LITERAL and chr(a).isdigit())
                or (o is sre.RANGE and chr(a[0]).isdigit() and chr(a[1]).isdigit())
                for o, a in av
            )
            total += digits_only
        elif op is sre.SUBPATTERN:
            total += _min_digits(av[-1])
        elif op is sre.BRANCH:
            total += min(_min_digits(branch) for branch in av[1])
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            total += av[0] * _min_digits(av[2])
    return total


@cache
def _spec_min_digits() -> tuple[int, ...]:
    from re import _parser  # type: ignore[attr-defined]

    return tuple(
        _min_digits(_parser.parse(spec.pattern.pattern, spec.pattern.flags))
        for spec in SPECS
    )


FULL_WIDTH_RE = re.compile(r"[０-９]")
FULL_WIDTH = str.maketrans("０１２３４５６７８９－．／", "0123456789-./")


def find_national_ids(text: str, digits: int | None = None) -> Iterator[IdMatch]:
    """Yield every valid national id in `text` that is named or unmistakable.

    Matches may overlap (one number can be valid in several countries); the
    caller keeps one per span. `digits` is how many digits `text` holds.
    """
    # Only the countries whose number needs no more digits than the text
    # has: the names are costly to look for, and most texts hold a few
    # digits at most. When few countries remain, only those with a
    # candidate.
    if not text.isascii() and FULL_WIDTH_RE.search(text):
        # Round 11 (S5): `７０８６－５３９１－７３４４`, one character each
        text = text.translate(FULL_WIDTH)
        digits = None
    if digits is None:
        digits = sum(c.isdigit() for c in text)
    # (S11) a JSON or CSV field joins the name's words with `_`
    lower = text.lower().replace("_", " ")
    specs = [
        spec
        for spec, fewest in zip(SPECS, _spec_min_digits(), strict=True)
        if fewest <= digits
        # (S5) a number named by its own name only needs that name in the
        # text: a substring test, cheaper than its pattern
        and (
            spec.kind not in OWN_NAME_ONLY or any(word in lower for word in spec.words)
        )
    ]
    if len(specs) <= 3:
        specs = [spec for spec in specs if spec.pattern.search(text)]
    if not specs:
        return
    texts = _normalized(text)
    generic = any(GENERIC_RE.search(t) for t in texts)
    bare_id = "ID" in text
    named = {
        kind
        for t in texts
        for word in ANY_CUE_RE.findall(t)
        for kind in _kinds_named(word)
    }
    # A row holder's number sits in a cell: a line of three cells or more.
    row = any(line.count(d) >= 2 for line in text.split("\n") for d in ROW_DELIMITERS)
    specs = [
        spec
        for spec in specs
        if generic
        or bare_id
        or spec.alone
        or spec.tight
        or spec.kind in named
        or (row and spec.kind in ROW_CHECKS)
    ]  # the others have no name anywhere, and need one (or a row's holder)
    found: list[tuple[int, int]] = []
    for spec in specs:
        for match in spec.pattern.finditer(text):
            value = match.group()
            if inside_digit_run(text, match.start(), match.end()):
                continue
            if not _accepted(spec, text, match.start(), match.end(), value):
                continue
            if _valid(spec, value) and not (
                spec.kind in COMPANY_ALSO and _company_line(text, match.start())
            ):
                found.append(match.span())
                yield IdMatch(spec.kind, match.start(), match.end(), value)
    # Round 7 (tune11b): the same digits grouped another way (`96 05 19 400
    # 14`, `051130 1073009`, `1972557 1`), named: a run of digit groups
    # whose digits make a country's number.
    for run in REGROUPED_RE.finditer(text):
        start, end = run.span()
        if any(s < end and start < e for s, e in found) or DATE_RE.fullmatch(
            run.group()
        ):
            continue  # `verified on 2024-11-02`: a date
        if IPV4_RE.fullmatch(run.group()):
            continue  # `NAS at 192.168.1.10`: a host (S5), not a Canadian NAS
        compact = re.sub(r"\D", "", run.group())
        for spec in specs:
            if (
                spec.pattern.fullmatch(compact)
                and _accepted(spec, text, start, end, run.group(), shape=False)
                and _valid(spec, compact)
                and not (spec.kind in COMPANY_ALSO and _company_line(text, start))
            ):
                yield IdMatch(spec.kind, start, end, run.group())
                break
    if digits >= 4:
        yield from held_ids(text, found)


# (s14) A person's number given with them and no label: `Thabo's
# 9508125190184 for the FICA docs`, `Ayşe 68366613098 — kira sözleşmesine`,
# `Tenant: Yael Cohen, 87037020-2`, `Carlos Mendoza V-89266343-9`. Taken
# only in the schemes whose check is strong or whose shape is the scheme's
# own (a birth date inside, two check digits, letters around digits), and
# only right after a name; a phone's, an order's or a company's number is
# not one.
HELD_SCHEMES = (
    ("tr.tckimlik", "tr.tckimlik"),
    ("za.idnr", "za.idnr"),
    ("in.pan", "in_.pan"),
    ("jp.in", "jp.in_"),
    ("ca.sin", "ca.sin"),
    ("au.tfn", "au.tfn"),
    ("ke.pin", "ke.pin"),
    ("il.idnr", "il.idnr"),
    ("ec.ci", "ec.ci"),
    ("ve.rif", "ve.rif"),
    ("co.nit", "co.nit"),
    ("cl.rut", "cl.rut"),
    ("br.cpf", "br.cpf"),
    ("kr.rrn", "kr.rrn"),
    ("th.pin", "th.pin"),
    ("id.nik", "id.nik"),
    ("my.nric", "my.nric"),
    ("mx.curp", "mx.curp"),
    ("cn.ric", "cn.ric"),
    ("pl.pesel", "pl.pesel"),
    ("ro.cnp", "ro.cnp"),
    ("bg.egn", "bg.egn"),
    ("do.cedula", "do.cedula"),
    ("pe.cui", "pe.cui"),
    ("ar.cuit", "ar.cuit"),
    ("pk.cnic", "pk.cnic"),
    ("ae.eid", "local.ae_eid"),
    ("eg.nid", "local.eg_nid"),
    ("kz.iin", "local.kz_iin"),
    ("sg.nric", "local.sg_nric"),
    ("sa.nid", "local.sa_nid"),
    ("ir.melli", "local.ir_melli"),
)
HELD_VALUE_RE = re.compile(
    r"(?<![\w.+/-])(?:(?:[VEJPGvejpg]-?)?\d[\d .-]{6,18}[\dKk]|[A-Z]{5}\d{4}[A-Z]|"
    r"[AP]\d{9}[A-Z]|[A-Z]{4}\d{6}[HM][A-Z]{5}[A-Z0-9]\d|\d{17}[\dXx]|"
    r"[STFGM]\d{7}[A-Z])"
    r"(?![\w-]|[.,/]\d)"
)
_UPPER = "[A-ZÀ-ÖØ-ÞĀ-Ž]"
_LOWER = "[a-zß-öø-ÿā-žƀ-ɏ]"
_NAME = rf"(?-i:{_UPPER}{_LOWER}+(?:-{_UPPER}{_LOWER}+)?)"
HOLDER_BEFORE_RE = re.compile(
    rf"(?:(?<![\w'’-]){_NAME}['’]s"
    rf"|(?<![\w'’-])(?:(?:Mr|Mrs|Ms|Dr|Sr|Sra)\.?[ \t]+)?{_NAME}"
    rf"(?:[ \t]+(?:(?:de|da|van|von|del|dos)[ \t]+)?{_NAME}){{0,2}}"
    r"[ \t]*[,:—–-]?)[ \t]+$"
)
# A number's own label before it (`Organisasjonsnummer 999403875`).
NUMBER_LABEL_RE = re.compile(r"(?i)(?:nummer|number|nr|no|num|numero|número)\W*$")
# A number someone is reached at or pays with, not an id.
HELD_NOT_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:phone|tel|mobile|cell|call|ring|text|sms|whatsapp|"
    r"fax|número de (?:celular|teléfono)|telefone|telefon|card|tarjeta|cartão|"
    r"iban|order|invoice|tracking|ticket|booking)"
    r"(?![^\W\d_])"
)


HONORIFICS = frozenset(("Mr", "Mrs", "Ms", "Dr", "Sr", "Sra"))
# A leading `0` is a phone's trunk prefix, unless the number is written as
# ids are: its check digit after a dash (`091234567-5`, an Ecuadorian or
# Israeli id), thirteen digits (a South African id of the 2000s), or three
# groups of four (`0123 4567 8901`, a My Number).
LEADING_ZERO_ID_RE = re.compile(r"\d{7,9}-\d|\d{13}|\d{4} \d{4} \d{4}")
# Schemes sure enough to follow a single first name (`Ayşe 68366613098`):
# two check digits, a birth date with a check, letters of the scheme's own.
# The others (one check digit in ten or eleven) need a possessive, a full
# name or an honorific: `Vimeo 76979871` or `Iberia: 901 111 500` is none.
HELD_BY_FIRST_NAME = frozenset(
    (
        "tr.tckimlik", "za.idnr", "in.pan", "ke.pin", "kr.rrn", "th.pin",
        "ve.rif", "id.nik", "my.nric", "mx.curp", "cn.ric", "pl.pesel",
        "ro.cnp", "bg.egn", "pk.cnic", "ae.eid", "eg.nid", "kz.iin", "sg.nric",
    )
)  # fmt: skip
# Groups as ids are written: no group of one or two digits but a check
# digit after a dash (`87037020-2`), not a score (`6-4 3-6`) nor a phone's
# pairs (`072 387 06 44`).
SHORT_GROUP_RE = re.compile(r"(?<!\d)\d{1,2}(?= )|(?<=[ .])\d{1,2}(?=$|[ .-])")


def held_ids(text: str, found: list[tuple[int, int]]) -> Iterator[IdMatch]:
    """Yield a valid personal number written right after its holder's name."""
    from memory_core.person_facts import NOT_NAMES

    for match in HELD_VALUE_RE.finditer(text):
        start, end = match.span()
        if any(s < end and start < e for s, e in found):
            continue
        line_start = text.rfind("\n", 0, start) + 1
        holder = HOLDER_BEFORE_RE.search(text, max(line_start, start - 48), start)
        if holder is None:
            continue
        names = re.findall(r"[^\W\d_]{2,}", holder.group())
        if any(n.lower() in NOT_NAMES for n in names if n not in HONORIFICS):
            continue
        value = match.group()
        line = line_around(text, start, end)
        first_name_only = not (
            holder.group().rstrip().endswith(("'s", "’s"))
            or len([n for n in names if n not in HONORIFICS]) >= 2
            or names[0] in HONORIFICS
        )
        if (
            SHORT_GROUP_RE.search(value)
            or (value[0] == "0" and not LEADING_ZERO_ID_RE.fullmatch(value))
            or NUMBER_LABEL_RE.search(holder.group())
            or DATE_RE.fullmatch(value)
            or HELD_NOT_RE.search(line)
            or OTHER_NUMBER_RE.search(line.lower())
            or COMPANY_LINE_RE.search(line)
        ):
            continue
        for kind, module in HELD_SCHEMES:
            if first_name_only and kind not in HELD_BY_FIRST_NAME:
                continue
            try:
                valid = _module(module).is_valid(value)
            except Exception:  # noqa: BLE001 - a validator must not break the gate
                valid = False
            if valid:
                yield IdMatch(kind, start, end, value)
                break


# Round 12 (S7): tax numbers persons and companies both hold. The product
# keeps a company's identifiers clean: one whose line names a company (a
# legal form, `firma`, `поставщик`, `şirket`) is the company's.
COMPANY_ALSO = frozenset(
    (
        "pl.nip", "az.voen", "by.unp", "tr.vkn", "eg.tn", "gr.afm", "al.nipt",
        # (S9) Germany's and Austria's Steuernummer: a GmbH has one too
        "de.stnr", "at.tin",
        # (S11) Chile's RUT, Argentina's CUIT
        "cl.rut", "ar.cuit",
    )
)  # fmt: skip
COMPANY_LINE_RE = re.compile(
    r"(?<![^\W\d_])(?:(?-i:[Ss]p\. z o\.o|S\.A|SA|SpA|Ltda|S\.R\.L|SRL|S\.L|S\.K\.A|"
    r"ООО|ОАО|ЗАО|ПАО|АО|ОДО|"
    r"ЧУП|УП|MMC|ASC|A\.Ş|AŞ|Ltd|LLC|GmbH|Inc|Corp|plc|Α\.Ε|ΑΕ|Ε\.Π\.Ε|ΕΠΕ|ΙΚΕ|Ο\.Ε|"
    r"UG|KG|OHG|GbR|AG|e\.K|e\.V|"
    r"SHPK|sh\.p\.k|SHA)|(?i:firma|firmy|spółk\w*|εταιρ\w*|kompani\w*|shoqëri\w*|"
    r"company|компани\w*|организаци\w*|предприяти\w*|поставщик\w*|"
    r"подрядчик\w*|контрагент\w*|şirket\w*|şirkət\w*|supplier|vendor|"
    r"contractor|dostawc\w*|kontrahent\w*|sprzedawc\w*|empresa|sociedad|"
    r"شركة|الشركة))(?![^\W\d_])"
)


def _company_line(text: str, start: int) -> bool:
    return bool(COMPANY_LINE_RE.search(line_around(text, start)))


# A date: `2024-11-02`, `02.11.2024`, `2/11/24`.
DATE_RE = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}")
# An IPv4 address: four dotted numbers of 0 to 255.
IPV4_RE = re.compile(
    r"(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)"
)
# A run of two or more digit groups, whole.
# A comma after a letter starts a CSV cell (`Ruby,husband,981-790954-9`),
# after a digit it groups thousands.
REGROUPED_RE = re.compile(r"(?<![\w./-])(?<!\d,)\d+(?:[ .\-/]\d+)+(?![\w-]|[.,/]\d)")


# (S9) A table's row about one person (a cell that is a full name) whose
# cell is a number in its own written form with more structure than its
# validator checks: India's PAN of an individual (fourth letter `P`, fifth
# the holder's surname's initial), Denmark's CPR with its hyphen (the
# validator checks the birth date and century). An HR export's rows come
# without a header (`Signe Kjær;Ops;181096-3406;FT`).
ROW_DELIMITERS = (";", "|", "\t", ",")
FULL_NAME_CELL_RE = re.compile(
    r"\s*(?-i:[A-ZÀ-ÖØ-Þ][^\W\d_]+(?:['’-][A-Za-zÀ-ÿ][^\W\d_]*)?"
    r"(?:\s+[A-ZÀ-ÖØ-Þ][^\W\d_]+(?:['’-][A-Za-zÀ-ÿ][^\W\d_]*)?){1,3})\s*"
)


def _pan_of_row_holder(value: str, name: str) -> bool:
    return value[3] == "P" and value[4] == name.split()[-1][0].upper()


def _cpr_written(value: str, name: str) -> bool:
    return bool(re.fullmatch(r"\d{6}-\d{4}", value))


ROW_CHECKS: dict[str, Callable[[str, str], bool]] = {
    "in.pan": _pan_of_row_holder,
    "dk.cpr": _cpr_written,
}


def _row_holder(kind: str, text: str, start: int, end: int, value: str) -> bool:
    """Tell a number in its own cell of a row whose other cell names a person."""
    check = ROW_CHECKS.get(kind)
    if check is None:
        return False
    line = line_around(text, start, end)
    offset = start - (text.rfind("\n", 0, start) + 1)
    for delimiter in ROW_DELIMITERS:
        cells = line.split(delimiter)
        if len(cells) < 3:
            continue
        before = line[:offset]
        index = before.count(delimiter)
        if cells[index].strip() != value:
            continue
        names = [c for c in cells if FULL_NAME_CELL_RE.fullmatch(c)]
        if len(names) == 1 and check(value, names[0].strip()):
            return True
    return False


def _valid(spec: IdSpec, value: str) -> bool:
    try:
        return bool(spec.validator.is_valid(value))
    except Exception:  # noqa: BLE001 - a validator must not break the gate
        return False


def _accepted(
    spec: IdSpec, text: str, start: int, end: int, value: str, *, shape: bool = True
) -> bool:
    """Tell whether a candidate is named (or, with `shape`, unmistakable)."""
    if (
        shape
        and spec.alone is not None
        and spec.alone(value)
        and not OTHER_NUMBER_RE.search(
            text[max(0, start - OTHER_WINDOW) : start].lower()
        )
    ):
        return True
    own_only = spec.kind in OWN_NAME_ONLY
    return bool(
        (shape and _row_holder(spec.kind, text, start, end, value))
        or (not own_only and BARE_ID_RE.search(text, max(0, start - 30), start))
        or (spec.tight and spec.tight.search(text, 0, start))
        or _named(text, start, end, CUE_RES[spec.kind])
        or (not own_only and _named(text, start, end, GENERIC_RE))
    )
