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


# -- tune16's classes, with other people, places and values -------------------

SECRETS = [
    # chat bots' webhooks that are their own key
    "告警机器人: https://open.larksuite.com/open-apis/bot/v2/hook/0b1e7c42-93fd-4a58-8e2c-71d6a9f03b5e",
    "钉钉: https://oapi.dingtalk.com/robot/send?access_token=4c1f0e9a7b3d2c8e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e",
    "企业微信 https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=9a7c3e1f-4b2d-4e8a-b6c5-0d1f2e3a4b5c",
    # an app secret named as one word
    "MINIPROGRAM_APPSECRET=3f9c0a7e51d24b86a9e3c7f1d0b54e28",
    # a token named in Japanese
    "GitLab のアクセストークン：Zk39fQpLw7XvN2rTq8MbY4sHc1Jd",
    # an app password's four groups
    "MAIL_PASSWORD=qwhz npte rkvo ylda",
    # a chat: one asks for a password, the next line answers
    "Lena: what's the password for the NAS again?\nMe: Brise!Kanal42",
    "[09:15] Paul : c'est quoi le mot de passe du routeur ?\n[09:16] Moi : Velo-Rouge-2291",
    # seed phrases: named in Polish, or numbered one a line
    "fraza odzyskiwania: orbit velvet cannon shrug famous tissue pilot wagon differ cluster fossil ladder",
    "\n".join(
        f"{i}. {w}"
        for i, w in enumerate(
            "orbit velvet cannon shrug famous tissue pilot wagon differ cluster fossil ladder".split(),
            start=1,
        )
    ),
    # password words of more languages
    "E-poçt şifrəm: Xəzər_2023!",
    "Wi-Fi parolim: Samarqand#88",
    "Cyfrinair y llwybrydd yw Mynydd!2024",
    "Il-password tal-email hija Qormi-7713",
    "Поштаның құпиясөзі: Алатау_42",
    "كلمة سر الراوتر: Nile#4471",
    "የኢሜይል የይለፍ ቃል፦ Abay_Gondar9",
    "PIN der Kreditkarte: 4471",
]


@pytest.mark.parametrize("text", SECRETS)
def test_more_secret_shapes_are_refused(text: str) -> None:
    assert find_secrets(text)


NOT_SECRETS = [
    "Anna: what's the wifi password?\nBen: ask Carla",
    "Tom: did you change the password?\nMe: yes",
    "1. milk\n2. eggs\n3. bread\n4. butter\n5. apples",
    "\n".join(f"{i}. step" for i in range(1, 14)),
    "password: this will look good",
]


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_chats_lists_and_prose_are_no_secret(text: str) -> None:
    assert find_secrets(text) == []


MORE_PII = [
    ("NRT de la Núria: L-703415-Z", "L-703415-Z"),
    ("Numéro de carte eID de Margaux : 512-8841907-81", "512-8841907-81"),
    ("mi rut es 173254466, pa la factura", "173254466"),
    (
        "マイナンバー（夫）： ４１８２－９３０５－６１７４",
        "４１８２－９３０５－６１７４",
    ),
    ("PEID von Frau Büchel, Liechtenstein: 80431", "80431"),
    (
        "NIC number of our tenant Rajesh (Curepipe), for the deposit: B1503770211545",
        "B1503770211545",
    ),
    ("Documentnummer van haar ID-kaart: NXR4K8P21", "NXR4K8P21"),
    ("RUC de persona natural de Jorge: 10417293383", "10417293383"),
    ("Kontonummer til husleie: 6012.41.33702", "6012.41.33702"),
    ("Westpac account number for the refund: 12-3140-4417009-00", "12-3140-4417009-00"),
    ("カード番号：3519-4417-2230-8818", "3519-4417-2230-8818"),
    ("zap do Rafael: (21)-97214-3380", "(21)-97214-3380"),
    ("Ito ang number ni Kuya Jun: 0917-482-3391", "0917-482-3391"),
    ("رقم موبايل أخي: 011 23456789", "011 23456789"),
    ("Мобильный Андрея: 8-(903)-412-77-05", "8-(903)-412-77-05"),
    ("Լիլիթի հեռախոսը՝ 094-381275", "094-381275"),
    (
        "Meine Adresse: anna punkt weber at posteo punkt de",
        "anna punkt weber at posteo punkt de",
    ),
    ("пиши на ivan собака yandex точка ru", "ivan собака yandex точка ru"),
    ("Passport number for the ESTA (mine): 712093845", "712093845"),
    ("护照号码（女儿）：G47120938", "G47120938"),
    ("VIC licence no. for the hire van: 031847265", "031847265"),
    ("UK driving licence number (hers): WOODS805229JA8XK", "WOODS805229JA8XK"),
    ("My address is info@janedoe.me", "info@janedoe.me"),
]


@pytest.mark.parametrize("text,value", MORE_PII)
def test_more_personal_data_shapes(text: str, value: str) -> None:
    assert find_secrets(text) == []
    start = text.index(value)
    end = start + len(value)
    # as the bench scores: a finding covers the value
    assert any(f.start < end and f.end > start for f in find_pii(text)), find_pii(text)


MORE_CLEAN = [
    "Contact our press office: presse@bergbahn-zillertal.at",
    "Bei Fragen: kundenservice@stadtwerke-ulm.de oder 0731 166-0",
    "From: Carol <carol@example.com>\nTo: Dan <dan@example.net>\nSubject: hi",
    "Author: Deploy Bot <deploy-bot@ci.internal>",
    "router at 10.0.0.1, NAS at 10.0.0.20",
]


@pytest.mark.parametrize("text", MORE_CLEAN)
def test_desks_bots_samples_and_hosts_stay_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []


@pytest.mark.parametrize(
    "text,value",
    [
        # a desk's name a person uses too, with no business word: a person's
        ("Email me at hello@lena-hoffmann.de", "hello@lena-hoffmann.de"),
        ("Schreib an info@tobias-brandt.de, das ist privat", "info@tobias-brandt.de"),
        # a chat's answered question giving an address, not a password
        (
            "Jo: what's the login for the portal?\nMe: jo.berger@gmx.at",
            "jo.berger@gmx.at",
        ),
    ],
)
def test_a_persons_own_address_stays_personal(text: str, value: str) -> None:
    assert find_secrets(text) == []
    assert any(f.value == value for f in find_pii(text))


def test_a_longer_name_still_names_the_shorter_ones_countries() -> None:
    from memory_core.national_ids import _kinds_named

    assert "ec.ci" in _kinds_named("cédula de ciudadanía")
    assert "co.cc" in _kinds_named("cédula de ciudadanía")


@pytest.mark.parametrize(
    "text",
    [
        "reach them at: hr@lindqvist-bygg.se",
        "contact: billing@ortega-design.mx",
        # The address's own domain names no business for it.
        "contact: sales@nordic-shop.fi",
    ],
)
def test_a_department_address_alone_is_redacted(text):
    assert [f.kind for f in find_pii(text)] == ["EMAIL"]


def test_a_department_address_beside_a_business_word_is_clean():
    assert find_pii("Brandt Holzbau GmbH, Kassel — hr@brandt-holzbau.de") == []
