# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, fifteenth session (S11): the dev hand tune21's classes.

Each case is a sentence of this round's own, with other people, values and
languages than the dev hand: a named person's health (a condition, a
diagnosis, a dosed medicine) after a verb of having, being or taking; a
passport's number set `to` a value, and its name in Indonesian, Malay,
Thai, Hungarian; a Nordic `pass` with its validity; driving licences in
more notations (the UK's shape, Poland's slashes, a name before the
colon); a postal label (a name line, a street line, a postcode line);
addresses after an aside, an arrow, a city first, in Finnish, Norwegian,
Spanish, Chinese; dates of birth after `nascimento`, `nar.`, `出生于`; pay in
lakhs and yen; a table's phone column; ids under their field names. Beside
them the look-alikes that stay clean: a condition as a subject of work, a
business's desk and books, a vCard's phone and a login's e-mail (no
secrets), a masked number, a public site key.
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

# (text, kind, a piece of the value the finding must cover)
PERSONAL = [
    # health: a named person's condition, diagnosis, dosed medicine
    ("Lukas Becker hat Asthma und nimmt Salbutamol.", "HEALTH", "Asthma"),
    ("Sofia Rossi is allergic to shellfish.", "HEALTH", "allergic"),
    ("Priya Nair was diagnosed with lupus last year.", "HEALTH", "lupus"),
    ("Kenji Watanabe has been on lithium 400 mg since April.", "HEALTH", "400 mg"),
    ("Maria Garcia está embarazada de 5 meses.", "HEALTH", "embarazada"),
    ("田中さんはうつ病で休職中です。", "HEALTH", "うつ病"),
    ("Olivia Brown's diagnosis: PTSD, therapy twice a week.", "HEALTH", "PTSD"),
    (
        "Reminder: Tom Baker has stage 3 cancer and starts chemo on Monday.",
        "HEALTH",
        "cancer",
    ),
    ("David Chen takes metformin 850 mg twice daily.", "HEALTH", "metformin"),
    (
        "Note for HR: Peter Novak was diagnosed with depression in May.",
        "HEALTH",
        "depression",
    ),
    ("Jan Kowalski ma cukrzycę typu 1 i bierze insulinę.", "HEALTH", "cukrzycę"),
    ("Sophie Martin souffre d'asthme sévère et prend Symbicort.", "HEALTH", "asthme"),
    # passports and licences
    (
        "Can you change the passport number on file to KJ4471923? Lena Vogt",
        "NATIONAL_ID",
        "KJ4471923",
    ),
    ("nomor paspor Dewi Lestari: B7730215", "NATIONAL_ID", "B7730215"),
    ("Eriks pass: 71234566, gyldig til 2030-04-01", "NATIONAL_ID", "71234566"),
    ("útlevélszám BE2291047, Kovács Péter", "NATIONAL_ID", "BE2291047"),
    (
        "driving licence: MORGA657054SM9IJ, name: Sarah Morgan",
        "NATIONAL_ID",
        "MORGA657054SM9IJ",
    ),
    ("Numer prawa jazdy Anny Nowak: 04217/15/1460", "NATIONAL_ID", "04217/15/1460"),
    ("Rijbewijsnummer Daan Bakker: 4821937751", "NATIONAL_ID", "4821937751"),
    # addresses
    ("Jonas Weber\nLindenstraße 12\n50674 Köln", "ADDRESS", "Lindenstraße 12"),
    (
        "Pedro Alves\nRua das Flores 45, 2º Esq\n1200-195 Lisboa",
        "ADDRESS",
        "Rua das Flores",
    ),
    ("我妈妈住在上海市浦东新区世纪大道100号5栋302室", "ADDRESS", "世纪大道100号"),
    (
        "home addr for Emily Clark -> 55 N 3rd Ave, Phoenix, AZ 85003",
        "ADDRESS",
        "55 N 3rd Ave",
    ),
    (
        "Adresse (privée) : Claire Dubois, 12 rue des Lilas, 69003 Lyon",
        "ADDRESS",
        "12 rue des Lilas",
    ),
    (
        "Aino Korhonen asuu osoitteessa Hämeenkatu 12 A 4, 33100 Tampere",
        "ADDRESS",
        "Hämeenkatu 12",
    ),
    (
        "Dirección particular de Lucas Pérez: Calle Mayor 21, 28013 Madrid",
        "ADDRESS",
        "Calle Mayor 21",
    ),
    # dates of birth, pay, phones, ids
    ("Carlos Mendes, nascimento 12 de março de 1985", "DOB", "1985"),
    ("Petr Dvořák, nar. 14.09.1979", "DOB", "14.09.1979"),
    ("Vikram Rao's CTC is 32 LPA from April", "SALARY", "32 LPA"),
    ("name,phone,relation\nKari Nordmann,92 44 18 73,self", "PHONE", "92 44 18 73"),
    (
        "BEGIN:VCARD\nVERSION:3.0\nFN:Lea Kraus\nTEL;TYPE=cell:+4915112345678\nEND:VCARD",
        "PHONE",
        "+4915112345678",
    ),
]

CLEAN = [
    # a condition as a subject, a title, a field, a compound, a volume
    "Anna Schmidt presented the diabetes study results at the conference.",
    "Great Depression era photos by Dorothea Lange at the museum.",
    "Dr. Maria Keller, Fachärztin für Allergologie, Praxis am Markt 3",
    "Breast Cancer Awareness Month: Emma Walsh runs the charity walk.",
    "John Lee fixed the memory leak that crashed the ADHD-tracker app.",
    "Hannah Clarke uploaded 12 ml of sample volume to the lab sheet.",
    "Reminder: Tom Hardy's new film about a boxer with cancer opens Friday.",
    "Meeting notes: David Chen will migrate the Diagnosis service to Kubernetes.",
    "Peter Novak asked whether the pregnancy test kits are in stock (SKU 4411).",
    "Michael Scott wrote a blog post about burnout in software teams.",
    "Lisa Wong reviewed the allergen labels on the menu (gluten, nuts).",
    "I have asthma and take Ventolin 100 µg when I run.",
    "Run the diagnostics on Build Server before Monday.",
    # a business's letterhead, desk and books
    "Müller Logistik\nIndustriestraße 5\n12345 Berlin",
    "Stadtbibliothek Köln\nJosef-Haubrich-Hof 1\n50676 Köln",
    "Release Notes\n2 New Features\n10 bug fixes in 2025",
    "公司地址：北京市朝阳区建国路88号SOHO现代城",
    "home addr for the office -> 1 Main Street, Springfield",
    "Endereço da loja: Rua Augusta, 1500 - loja 3, São Paulo - SP",
    "Kundenservice Elektro Schmidt: +49 151 22334455",
    "Infolinia Piekarnia Nowak: +48 22 651 72 10",
    "Receptie Hotel De Gouden Leeuw: +31 20 624 9911",
    "Rechnungen bitte an buchhaltung@schreinerei-holz.de",
    "fatturazione@edilrossi.it, solo fatture",
    "CUIT de Transportes del Sur S.A.: 30-71014632-9",
    "Faktura: Piekarnia Nowak Sp. z o.o., NIP 526-104-08-28",
    # a masked number, a login's e-mail, a public site key
    "Mobilnummer: +49 170 ****1234 (bestätigt)",
    "Login: m.weber*****@gmx.de",
    "hCaptcha site key (public): 10000000-ffff-ffff-ffff-000000000001x7Qv",
    "Sigrid bor i Oslo sedan 2019 och jobbar på 3 olika projekt.",
]

SECRETS = [
    "Teams: https://outlook.office.com/webhook/0c1a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8@11111111-2222-3333-4444-555555555555/IncomingWebhook/0123456789abcdef0123456789abcdef/99999999-8888-7777-6666-555555555555",
    "DROPBOX_TOKEN=sl.BcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_abcdefghijklmnopqrstu",
    "şifreyi Kedi!2024x olarak ayarladım",
    "vpn pass Harbor27?river (expires Friday)",
]


def _covers(text: str, kind: str, piece: str) -> bool:
    start = text.index(piece)
    end = start + len(piece)
    return any(
        f.kind == kind and f.start < end and f.end > start for f in find_pii(text)
    )


@pytest.mark.parametrize(("text", "kind", "piece"), PERSONAL)
def test_personal_data_is_found(text: str, kind: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, kind, piece)


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_are_refused(text: str) -> None:
    assert find_secrets(text)
