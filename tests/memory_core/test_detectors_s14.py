# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, S14: personal data told in passing, in prose of many languages.

Each case is a sentence of this session's own (other names, places,
conditions, amounts and numbers than the dev hand tune24): a relative's or
a colleague's health told by kin or role, an address given as where someone
is or where their things go, a person's benefit, debt or income with its
period, a valid national number right after its holder's name, a phone in a
chat link or in its country's writing, an e-mail address spaced or spelled.
Beside them, what stays clean: a clinic, a product, a degree, an office, a
venue, a price, a site, a helpline, an order's number.
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

HEALTH = [
    (
        "My flatmate has been on lithium since the spring, so no shots at her birthday.",
        "lithium",
    ),
    (
        "Our neighbour had a hip replacement last week; I'm walking his dog.",
        "hip replacement",
    ),
    (
        "Unser Nachbar hat Nierenversagen und muss dreimal die Woche zur Dialyse.",
        "Nierenversagen",
    ),
    (
        "Ma belle-mère suit une chimiothérapie, je pose mes mercredis jusqu'en juin.",
        "chimiothérapie",
    ),
    ("Mi jefa tiene cáncer de mama y está de baja hasta marzo.", "cáncer"),
    ("Mijn schoonmoeder heeft de ziekte van Crohn, dus geen pittig eten.", "Crohn"),
    (
        "Mój tata przeszedł zawał w zeszłym miesiącu, więc nie jedzie na wyjazd.",
        "zawał",
    ),
    ("Babam kalp krizi geçirdi, bu hafta izinliyim.", "kalp krizi"),
    ("Kenji is on Ozempic now, so don't order him the dessert.", "Ozempic"),
    (
        "Sara nimmt seit Januar Sertralin, also bitte keinen Alkohol beim Teamessen.",
        "Sertralin",
    ),
    ("Farfar har fått MS, jag kör honom till sjukhuset på fredagar.", "MS"),
    ("A mi abuelo le detectaron leucemia, lo acompaño los jueves.", "leucemia"),
    ("Dilek beş aylık hamile, Antalya toplantısına yazmayalım.", "hamile"),
    ("Moja siostra bierze escitalopram od jesieni.", "escitalopram"),
    ("父は糖尿病で通院しているので、金曜の会食は控えめに。", "糖尿病"),
    ("王芳最近住院了，下周的会议别安排她。", "住院"),
    ("Julia's co-founder has Hashimoto's, so she logs off at four.", "Hashimoto"),
    ("FYI Tom has ME/CFS, if he doesn't answer after 3pm it's the fatigue", "CFS"),
    ("Kemal'in böbrek yetmezliği var, haftada üç gün diyalize giriyor.", "yetmezliği"),
]

HEALTH += [
    ("Mijn tante heeft borstkanker, ik werk donderdags thuis.", "borstkanker"),
    ("할머니가 치매라서 이번 주는 재택근무합니다.", "치매"),
    ("母が透析を始めたので、木曜は早退します。", "透析"),
]

HEALTH_CLEAN = [
    "The clinic treats diabetes and hypertension on weekdays from 9 to 5.",
    "Our team fixed the MS Teams integration bug yesterday.",
    "She has an MS in chemistry from Utrecht.",
    "Lithium batteries must be removed before the flight.",
    "The new sprint will focus on cancer research dashboards for the foundation.",
    "My neighbour parks his car in front of the pharmacy every morning.",
    "Mom said the dentist's office moved to the second floor.",
]

ADDRESSES = [
    (
        "Envoyez le colis chez moi : 14 rue des Lilas, 75020 Paris, code 4B12.",
        "14 rue des Lilas",
    ),
    (
        "Mándale las fotos a su casa: Calle Durango 245, 06700 Ciudad de México.",
        "Calle Durango 245",
    ),
    (
        "Kirim paketnya ke rumah saya: Jl. Kemang Raya No. 12, Jakarta Selatan 12730",
        "Jl. Kemang Raya",
    ),
    (
        "we just moved into 42 Harbour View Road, Sausalito CA 94965, housewarming soon!",
        "42 Harbour View Road",
    ),
    (
        "Come over to ours: 9 Willow Grove, Leeds LS6 2AB, any time after six.",
        "9 Willow Grove",
    ),
    (
        "Vi har flyttat! Skicka julkorten till Storgatan 5, 582 23 Linköping.",
        "Storgatan 5",
    ),
    (
        "Siamo a Via dei Mille 24, 80121 Napoli da lunedì, suonate Esposito.",
        "Via dei Mille 24",
    ),
    ("Wir sind jetzt in der Goethestraße 4, 80336 München.", "Goethestraße 4"),
    ("Pick up Iris from 8 Elm Road, Leeds LS6 2AA after practice.", "8 Elm Road"),
    (
        "Mi-au spus că ei stau acum pe Strada Florilor 12, 400123 Cluj-Napoca.",
        "Strada Florilor 12",
    ),
    ("我们搬到了上海市浦东新区张杨路500号3栋1202室，欢迎来玩。", "张杨路500号"),
    (
        "Send it to Matteo: Nørrebrogade 12, 3. tv., 2200 København N",
        "2200 København N",
    ),
]

ADDRESSES += [
    (
        "Pick up Jun from 부산광역시 해운대구 센텀중앙로 97 at 7:15 on Saturday",
        "센텀중앙로 97",
    ),
    (
        "we're at 東京都渋谷区渋谷2-21-1 ヒカリエ203号室 now, buzzer doesn't work",
        "渋谷2-21-1",
    ),
]

ADDRESS_CLEAN = [
    "We're at 500 Terry Francois Blvd, San Francisco CA 94158 for the conference all week.",
    "Send the invoice to Acme Corp, 12 High Street, London EC1A 1BB.",
    "Our office moved to 1 Infinite Loop, Cupertino CA 95014.",
    "Pick up your order from the store at 44 King Street, Toronto ON M5H 1J8.",
    "collect from Tesco, 12 High Street, Leeds LS1 4AB",
    "Schick die Rechnung bitte an die Firma Müller GmbH, Hauptstraße 5, 10115 Berlin.",
    "Estamos en la oficina de Paseo de la Reforma 250, 06600 Ciudad de México.",
]

MONEY = [
    ("Tomás está en paro, cobra 480 € al mes de subsidio desde octubre.", "480 €"),
    ("Meine Schwester bekommt 563 € Bürgergeld im Monat.", "563 €"),
    ("Ana recebe R$ 1.412 de auxílio por mês desde que perdeu o emprego.", "R$ 1.412"),
    ("Priya's on ₹18 lakh a year now after the promotion.", "₹18 lakh"),
    ("My sister owes about 40k on her credit cards and the bank keeps calling.", "40k"),
    ("Dad lent me £2,000 for the deposit.", "£2,000"),
    ("Gaji Budi 8,5 juta sebulan, belum termasuk lembur.", "8,5 juta"),
    ('{"name": "Sofia Rossi", "annual_income": 48000, "total_debt": 12000}', "12000"),
    ("note: user earns €84,000 gross, wants a plan to clear the car loan", "€84,000"),
    ("[Tue 20:02] Oskar: we're 6k in the hole after the move", "6k"),
]

MONEY_CLEAN = [
    "The plan costs €12 a month per user.",
    "Our Pro subscription is $29 a month, billed yearly.",
    "The average salary for data engineers is £65,000 a year.",
    "The grant pays €50,000 a year to the lab.",
    '{"product": "Widget", "income_band": 48000}',
    "Universal Credit rates rise to £393.45 a month from April.",
    "Berlin has a yearly total of about 135 million day visitors.",
]

NATIONAL_IDS = [
    ("Budi's 3171012501900003 for the BPJS form", "3171012501900003"),
    ("Mateo's GODE561231HDFRRN00 for the school enrolment", "GODE561231HDFRRN00"),
    ("Mrs Dlamini 8001015009087 — pension appeal", "8001015009087"),
    ("Kemal 10000000146 — sözleşmeye ekle", "10000000146"),
    ("Sophie Tremblay, 130 692 544, for the payroll file", "130 692 544"),
    ("Jae-won's 960402-1058270 for the visa papers", "960402-1058270"),
]

NATIONAL_IDS += [
    ("Ficha de la paciente Lucía Andrade — 091234560-0", "091234560-0"),
    ("Tenant: Noa Levi, 01234560-9", "01234560-9"),
]

NATIONAL_IDS_CLEAN = [
    "Vimeo 76979871, YouTube dQw4w9WgXcQ",
    "Order 44051401458 shipped today",
    "Sinner batte Alcaraz 6-4 3-6 7-6(5)",
    "Organisasjonsnummer 999403875 (Fjordfisk AS)",
    "Queue ID 2026-925968, not a personal number.",
]

CONTACTS = [
    (
        "reach me on whatsapp: api.whatsapp.com/send?phone=5511987654321",
        "PHONE",
        "5511987654321",
    ),
    ("message Lars at https://wa.me/4791234567 about the keys", "PHONE", "4791234567"),
    ("Kofi → 0244-123-456", "PHONE", "0244-123-456"),
    (
        "Ligue para a Beatriz no (21) 98765-4321, é o celular dela",
        "PHONE",
        "(21) 98765-4321",
    ),
    ("통화기록 | 발신: 010-2345-6789 | 수신: 고객센터", "PHONE", "010-2345-6789"),
    (
        "my private one is jonas dot weber at gmx dot de, the old one bounces",
        "EMAIL",
        "jonas dot weber",
    ),
    (
        "pls forward the tickets to my cousin: lee.minji88 @ naver.com",
        "EMAIL",
        "lee.minji88 @ naver.com",
    ),
    ("drop me a line: kasia.nowak @ wp . pl", "EMAIL", "kasia.nowak"),
    ("her addr is yuki.tanaka＠gmail.com", "EMAIL", "yuki.tanaka"),
]

CONTACTS += [
    ("Camila → 300 123 4567", "PHONE", "300 123 4567"),
    ("Giulia → 347 123 4567", "PHONE", "347 123 4567"),
]

CONTACTS_CLEAN = [
    "Helpline: 0800 123 4567, open 24 hours",
    "Telekom Hotline: 0800 330 1000 (kostenlos, 24/7).",
    "株式会社サクラ電機 本社 代表電話：06-6345-0000",
    "See docs @ readthedocs.io for details",
    "Order ref 0171 2345678 shipped",
    "Room C-104, call-in code 612 345 6789#",
    "Isaac's desk line is on the wiki, ask him for the rest.",
]


def _covers(text: str, kind: str, piece: str) -> bool:
    start = text.index(piece)
    end = start + len(piece)
    return any(
        f.kind == kind and f.start < end and f.end > start for f in find_pii(text)
    )


@pytest.mark.parametrize(("text", "piece"), HEALTH)
def test_health_told_in_passing_is_redacted(text: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, "HEALTH", piece)


@pytest.mark.parametrize(("text", "piece"), ADDRESSES)
def test_an_address_given_as_whereabouts_is_redacted(text: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, "ADDRESS", piece)


@pytest.mark.parametrize(("text", "piece"), MONEY)
def test_a_persons_benefit_debt_or_income_is_redacted(text: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, "SALARY", piece)


@pytest.mark.parametrize(("text", "piece"), NATIONAL_IDS)
def test_a_number_held_by_a_named_person_is_redacted(text: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, "NATIONAL_ID", piece)


@pytest.mark.parametrize(("text", "kind", "piece"), CONTACTS)
def test_contacts_written_oddly_are_redacted(text: str, kind: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, kind, piece)


@pytest.mark.parametrize(
    "text",
    [
        *HEALTH_CLEAN,
        *ADDRESS_CLEAN,
        *MONEY_CLEAN,
        *NATIONAL_IDS_CLEAN,
        *CONTACTS_CLEAN,
    ],
)
def test_no_ones_data_stays_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []


def test_a_danish_floor_and_side_stay_inside_the_address() -> None:
    text = "Min adresse er Istedgade 9, 2. th., 1650 København V"
    assert any(
        f.kind == "ADDRESS" and f.value.endswith("København V") for f in find_pii(text)
    )


def test_an_address_ends_before_when_it_was_told() -> None:
    text = "Rhys moved to 19 Hill Terrace, Hobart TAS 7000 last week."
    assert [f.value for f in find_pii(text) if f.kind == "ADDRESS"] == [
        "19 Hill Terrace, Hobart TAS 7000"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Interns get 1,200 USD/month and a travel allowance.",
        "Apprentices earn 900 € a month in the first year.",
        "Nurses often have back pain after night shifts.",
        "Couriers usually earn £11.40 an hour plus tips.",
    ],
)
def test_a_group_as_the_subject_of_a_plural_verb_is_no_one(text: str) -> None:
    assert find_pii(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Thomas earns €3,200 a month.", "€3,200"),
        ("Lucas has asthma.", "asthma"),
        ("Agnes owes the bank 12.000 €.", "12.000 €"),
        ("Ana and Lucas earn €5,400 a month between them.", "€5,400"),
        ("Jonas and Lucas have pneumonia.", "pneumonia"),
    ],
)
def test_a_name_ending_in_s_is_still_someone(text: str, value: str) -> None:
    assert any(value in f.value for f in find_pii(text))
