# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, twelfth round (S7): numbers of Eastern Europe, the Caucasus,
the Middle East and Oceania, and relatives' personal data.

Each case is a sentence of this round's own, with other people, places and
values than the dev hand that found the gap: the JMBG of the former
Yugoslavia, Russia's SNILS, Australia's Medicare card, the tax numbers
persons and companies share (Polish NIP, Azerbaijani VÖEN, Belarusian UNP,
Turkish VKN, Egypt's tax registration number; a company's stays clean),
generic "identity number" names in more languages, and a CSV cell.
"""

import pytest

from memory_core.detectors import NATIONAL_ID, find_pii, find_secrets


def _values(text: str) -> dict[str, str]:
    return {f.value: f.kind for f in find_pii(text)}


NATIONAL_IDS = [
    # JMBG (Serbia, Bosnia, Montenegro, North Macedonia): EMŠO's check
    ("Sin mi je tražio moj JMBG: 1705982713681", "1705982713681"),
    ("ЈМБГ мајке — 0311974179909", "0311974179909"),
    ("EMBG на сопругата: 0311974179909", "0311974179909"),
    # SNILS: named, or alone in its written shape
    ("СНИЛС бабушки: 169-206-159 77", "169-206-159 77"),
    ("snils=21390785769", "21390785769"),
    ("для пенсионного фонда 213-907-857 69", "213-907-857 69"),
    # Medicare card, with the holder's line after a slash
    ("Medicare no. for Oliver: 3030 09375 1/3", "3030 09375 1/3"),
    ("medicare,6765223762", "6765223762"),
    # tax numbers of persons
    ("NIP ojca: 548-687-86-79", "548-687-86-79"),
    ("Atamın VÖEN-i: 1406628392", "1406628392"),
    ("УНП сына 301753562", "301753562"),
    ("Babamın vergi kimlik numarası 4471914651", "4471914651"),
    ("الرقم الضريبي لأخي 412-905-337", "412-905-337"),
    # generic names in more languages, a country's own check
    ("Die Identitätsnummer meines Onkels: 32297496754", "32297496754"),
    ("Ідентифікаційний номер тітки — 2118213765", "2118213765"),
    ("ИНН (Украина) дяди: 2118213765", "2118213765"),
    ("min brors personbeteckning: 150391-771E", "150391-771E"),
    # Greece's AFM, Albania's NIPT, New Zealand's NHI number
    ("Ο ΑΦΜ της μητέρας μου: 142055526", "142055526"),
    ("NIPT-i i motrës: L67869819J", "L67869819J"),
    ("Grandad's NHI number is UJG4047", "UJG4047"),
    # a CSV cell, named by its column
    ("name,relation,snils\nOlga Petrova,aunt,169-206-159 77", "169-206-159 77"),
]


@pytest.mark.parametrize(("text", "value"), NATIONAL_IDS)
def test_national_ids_are_found(text: str, value: str) -> None:
    assert not find_secrets(text)
    assert _values(text).get(value) == NATIONAL_ID, find_pii(text)


CLEAN = [
    # a company's tax number, named beside the company
    "Faktura od firmy Piekarnia Kłos sp. z o.o., NIP 548-687-86-79",
    "Поставщик ООО «Вектор», УНП 301753562",
    "Tedarikçi şirket Anadolu Yazılım A.Ş., VKN 4471914651",
    "Podratçı şirkət MMC, VÖEN 1406628392",
    "ΑΦΜ εταιρείας: Δέλτα Λογισμικό Α.Ε., 142055526",
    "NHI: UJG4048 (a check digit off)",
    # unnamed numbers of the same shapes
    "Order 1705982713681 shipped to the warehouse",
    "build 3030093751 passed in 41 s",
    "Medicare (Services Australia) switchboard: 132 011 (business hours)",
]


@pytest.mark.parametrize("text", CLEAN)
def test_company_and_unnamed_numbers_stay_clean(text: str) -> None:
    assert not find_secrets(text)
    assert not find_pii(text), find_pii(text)


MRZ_TD3 = (
    "P<GEOBERIDZE<<NINO<<<<<<<<<<<<<<<<<<<<<<<<<<\n"
    "X4R7715Q26GEO8809140F3105227<<<<<<<<<<<<<<08"
)
MRZ_TD1 = (
    "I<LVALV90317754<<<<<<<<<<<<<<<\n"
    "7602034M2908111LVA<<<<<<<<<<<2\n"
    "OZOLS<<JANIS<<<<<<<<<<<<<<<<<<"
)


@pytest.mark.parametrize(
    "text",
    [
        f"Scan of my aunt's passport, bottom lines:\n{MRZ_TD3}",
        f"{MRZ_TD3}",
        f"ID card back side (Jānis):\n{MRZ_TD1}\nthanks",
    ],
)
def test_machine_readable_zones_are_found(text: str) -> None:
    findings = [f for f in find_pii(text) if f.kind == NATIONAL_ID]
    assert findings and "<<" in findings[0].value, find_pii(text)


@pytest.mark.parametrize(
    "text",
    [
        # a check digit off: not a zone
        MRZ_TD3.replace("X4R7715Q26", "X4R7715Q27"),
        # ICAO's specimen state, Utopia: documentation
        "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n"
        "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
        "<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<< 2024 build 1234567890",
    ],
)
def test_machine_readable_zone_look_alikes_stay_clean(text: str) -> None:
    assert not find_pii(text), find_pii(text)


DETAILS = [
    # dates of birth under more languages' labels, Hungarian date shape
    ("Η ημερομηνία γέννησης της γιαγιάς: 03/02/1948", "03/02/1948", "DOB"),
    ("apa születési dátum: 1958. 11. 03.", "1958. 11. 03", "DOB"),
    ("Data nașterii mamei: 14.07.1966", "14.07.1966", "DOB"),
    ("Дата на раждане на дядо: 21.09.1944", "21.09.1944", "DOB"),
    ("Datum rođenja brata: 02.05.1991", "02.05.1991", "DOB"),
    ("Datum narození dědy: 4. 11. 1949", "4. 11. 1949", "DOB"),
    # a form's place-and-date-of-birth label: the place first
    ("TTL ibu: Makassar, 21-02-1963", "21-02-1963", "DOB"),
    ("Doğum yeri ve tarihi (oğlum): Bursa, 11/10/2009", "11/10/2009", "DOB"),
    (
        "Lugar y fecha de nacimiento de mi padre: Rosario, 3 de mayo de 1958",
        "3 de mayo de 1958",
        "DOB",
    ),
    # home addresses: new cues, street types, an aside before the colon
    (
        "adresa de domiciliu a mamei: Bd. Decebal nr. 12, bl. S3, ap. 41, București 030964",
        "Bd. Decebal nr. 12",
        "ADDRESS",
    ),
    ("adresa bydliště tety: Husova 1187/5, 602 00 Brno", "Husova 1187/5", "ADDRESS"),
    (
        "адресът ми е: ж.к. Младост 3, бл. 305, вх. А, ап. 12, София 1712",
        "ж.к. Младост 3",
        "ADDRESS",
    ),
    (
        "διεύθυνση κατοικίας της αδελφής μου: Οδός Ερμού 45, 10563 Αθήνα",
        "Ερμού 45",
        "ADDRESS",
    ),
    (
        "my sister's address (for the wedding invite): 14 Rowan Close, Leeds LS6 2QT",
        "14 Rowan Close",
        "ADDRESS",
    ),
    (
        "Mum's home address (needed for the school trip form): 22 Birch Lane, Bristol BS8 1TH",
        "22 Birch Lane",
        "ADDRESS",
    ),
]


@pytest.mark.parametrize(("text", "value", "kind"), DETAILS)
def test_relatives_details_are_found(text: str, value: str, kind: str) -> None:
    assert not find_secrets(text)
    start = text.index(value)
    found = [
        f for f in find_pii(text) if f.start < start + len(value) and f.end > start
    ]
    assert found and found[0].kind == kind, find_pii(text)


DETAILS_CLEAN = [
    "Shop address (opening hours 9-5): 14 Rowan Close, Leeds LS6 2QT",
    "The release 2024. 04. 24. fixed the build",
    "cache TTL: default, until 2025-06-01",
    "adresa firmei: Str. Unirii nr. 117, Cluj-Napoca 400000, SC Alfa SRL",
]


@pytest.mark.parametrize("text", DETAILS_CLEAN)
def test_business_addresses_and_dates_stay_clean(text: str) -> None:
    assert not find_pii(text), find_pii(text)


def test_a_licence_number_after_an_arrow_is_found() -> None:
    text = "note to self: Dad's driver licence number -> 7731 0452"
    assert _values(text).get("7731 0452") == NATIONAL_ID, find_pii(text)


@pytest.mark.parametrize(
    "text",
    [
        # documented test cards, said to be tests in other languages
        "Tarjeta de prueba de Stripe: 4242 4242 4242 4242, cualquier fecha futura",
        "Carte de test Stripe : 5555 5555 5555 4444",
        # NANP's range reserved for fiction, with a country code and no area
        "Sample contact in the docs: +1 555-0142",
    ],
)
def test_documented_test_cards_and_fictional_phones_stay_clean(text: str) -> None:
    assert not find_pii(text), find_pii(text)
