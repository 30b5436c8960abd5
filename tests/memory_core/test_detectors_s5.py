# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, eleventh round (S5): national ids, passports and lines of its own probe.

Each case is a sentence of this round's own, with other people, places and
values than the probe that found the gap: national numbers of the Middle
East, Africa, Central Asia and Latin America (the Emirates ID, a Saudi id or
iqama, Kazakhstan's IIN, Egypt's national number, Uzbekistan's PINFL, Iran's
national code, Nigeria's NIN, Kenya's ID card, Morocco's CIN, Colombia's
cédula de ciudadanía), passports in more languages or with the holder's name
between, and a help desk's line kept clean.
"""

import pytest

from memory_core.detectors import NATIONAL_ID, find_pii, find_secrets
from memory_core.national_ids import find_national_ids


def _values(text: str) -> dict[str, str]:
    return {f.value: f.kind for f in find_pii(text)}


NATIONAL_IDS = [
    # Emirates ID: alone in its dashed shape, or named in Arabic or English
    ("Visa renewal: 784-1992-0571834-1, expires March", "784-1992-0571834-1"),
    ("Emirates ID of Fatima Al Mansoori 784199205718341", "784199205718341"),
    ("بطاقة الهوية لمريم 784-1992-0571834-1", "784-1992-0571834-1"),
    # Saudi national id or iqama (Luhn)
    ("رقم الإقامة للعامل 2193847569 ينتهي قريباً", "2193847569"),
    ("Iqama no. 2193847569 (Rahul, driver)", "2193847569"),
    # Kazakhstan's IIN, Russian and Kazakh names, grouped with spaces
    ("ИИН: 010208 550 120, Айгерим Садыкова", "010208 550 120"),
    ("Ержанның ЖСН 010208550120", "010208550120"),
    # Egypt's national number
    ("الرقم القومي لمنى هو 30105170102339", "30105170102339"),
    # Uzbekistan's PINFL
    ("PINFL 42207914010018 — Shahnoza Yusupova", "42207914010018"),
    # Iran's national code
    ("کد ملی رضا: 0061234567", "0061234567"),
    # Nigeria's NIN, Kenya's ID card (no check digit: their own name only)
    ("Tunde's NIN: 70512398846, for the KYC form", "70512398846"),
    ("Kitambulisho cha Otieno ni 33 905 127", "33 905 127"),
    # Morocco's CIN, Colombia's cédula de ciudadanía with dots
    ("CIN de Khadija : JK 734190", "JK 734190"),
    ("Cédula de ciudadanía 79.845.112 de Bogotá, Camilo Ríos", "79.845.112"),
]


@pytest.mark.parametrize("text,value", NATIONAL_IDS)
def test_national_ids_of_more_countries(text: str, value: str) -> None:
    assert find_secrets(text) == []
    assert _values(text).get(value) == NATIONAL_ID


NOT_IDS = [
    # a checksum alone is not enough: the name must be there
    "Batch 2193847569 shipped from Jeddah",
    "order 70512398846 delivered",
    "Kodi ya posta 00100, simu ya ofisi",
    # a commercial register is a company's, not a person's
    "رقم السجل التجاري للشركة 2193847569",
    # a date in the future is no birth
    "PINFL 52207304010018",
]


@pytest.mark.parametrize("text", NOT_IDS)
def test_unnamed_or_invalid_numbers_stay_clean(text: str) -> None:
    assert not [
        m
        for m in find_national_ids(text)
        if m.kind.startswith(("sa.", "ng.", "ke.", "uz."))
    ]
    assert find_pii(text) == []


PASSPORTS = [
    ("Pasaporte de Joaquín Vidal, N.º XDA205117, renovar en mayo", "XDA205117"),
    ("passport of Jan Novak: 40917326X", "40917326X"),
    ("Zeynep'in pasaport numarası S 18273645", "S 18273645"),
    ("paspor nomor C4418290, atas nama Sari", "C4418290"),
    ("رقم جواز السفر: P93018274", "P93018274"),
    ("загранпаспорт 754019283, Олег", "754019283"),
    ("hộ chiếu số C7733190", "C7733190"),
]


@pytest.mark.parametrize("text,value", PASSPORTS)
def test_passports_in_more_languages(text: str, value: str) -> None:
    assert _values(text).get(value) == NATIONAL_ID


@pytest.mark.parametrize(
    "text",
    [
        "Bei Störungen: IT-Helpdesk 089 4411 2000, werktags 8–18 Uhr.",
        "Service desk line: 020 7946 0321 (24/7)",
    ],
)
def test_a_help_desk_line_is_no_ones(text: str) -> None:
    assert find_pii(text) == []


NAMED_IDS = [
    # numbers with no check we know, right after a person's document name
    ("Cédula de identidad de Valentina: 5.207.634-1 (Salto)", "5.207.634-1"),
    ("Su DPI es 3017 44521 0108, lo sacó en Cobán", "3017 44521 0108"),
    ("Número de identidad de Marvin: 0501-1987-04411", "0501-1987-04411"),
    ("Namba ya NIDA ya Baraka ni 19851102-41133-00002-17", "19851102-41133-00002-17"),
    ("NIN for Achieng: CF85021234XYZW", "CF85021234XYZW"),
    ("Omang number of Lesedi is 512804137", "512804137"),
    ("QID 27435609981, Doha", "27435609981"),
    ("Civil ID of Bader: 285110401827", "285110401827"),
    ("CPR 920517333 (Manama)", "920517333"),
    ("الرقم الوطني السوري: 0301044512", "0301044512"),
    ("პირადი ნომერი 61007012345", "61007012345"),
    ("ПИН 10911198700345, Бишкек", "10911198700345"),
    ("CIN marocaine de Samir : 1239 8745", "1239 8745"),
    ("Fayda FAN 3390 1276 5541 8023 (Hiwot)", "3390 1276 5541 8023"),
    ("رقم رخصة القيادة لسلمى 2209913387", "2209913387"),
]


@pytest.mark.parametrize("text,value", NAMED_IDS)
def test_a_number_right_after_a_persons_document_name(text: str, value: str) -> None:
    assert find_secrets(text) == []
    assert _values(text).get(value) == NATIONAL_ID


@pytest.mark.parametrize(
    "text",
    [
        # a company's or a tax number, a date, a PIN code, a name in a word
        "Número de identidad fiscal de la empresa: RUC 20432109875",
        "La cédula jurídica de la Asociación es 3-002-654321",
        "Fecha de la cédula de identidad: 2019-04-11",
        "CNICs are issued by NADRA; the office opens at 0900",
        "QID renewal takes 3 working days at the service center.",
        "ПИН-код 4417 от карты не сообщайте",
    ],
)
def test_company_numbers_dates_and_pin_codes_are_no_named_id(text: str) -> None:
    assert [f for f in find_pii(text) if f.kind == NATIONAL_ID] == []
