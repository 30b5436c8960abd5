# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, fourteenth round (S9): an HR, payroll and finance assistant.

Each case is a sentence of this round's own, with other people, vendors and
values than the dev hand (tune19): vendors' tokens by their documented
shape (a Make or Integromat webhook's key, a HubSpot private app token, a
Rails session cookie `_<app>_session`), UUID tokens under the names of the
vendors that issue them (Postmark, Wise, Heroku, Snyk, Opsgenie), 40-hex
BambooHR keys, an API key sent as HTTP Basic's user name, a file said to be
protected with a password; and the look-alikes from the same books kept
clean; a named person's pay (a pay word, an amount in a currency and a
full name in one line) as personal data, a rate, a budget, an average or a
range kept clean.
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

SECRETS = [
    "Integromat hook for the onboarding form: https://hook.integromat.com/t4k9w2mqz7x1c8v5b3n6p0r2s4d7f9g1",
    "the expense scenario posts to https://hook.us2.make.com/9x7w5v3t1r8p6n4m2k0j8h6g4f2d0b9c",
    "hubspot token (na1 portal) = pat-na1-3c9e2a71-55b0-4d8e-9f21-0a6b7c8d9e10",
    "Cookie from the staging admin: _ledgerapp_session=Zk8q2LmX7v0Wp4Tn9Rb3Yc6Hd1Fs5Gj",
    "Snyk API token for the CI org: 4f1c2b9e-7a3d-4e8f-b6c5-2d9a0e1f3b7c",
    "opsgenie api key — 7e2d9c4b-1a8f-4b3e-9d6c-5f0a2b8e4c1d (integration: payroll-alerts)",
    "Postmark account token, keep it out of git: 0c8f7e6d-5b4a-4392-8170-6f5e4d3c2b1a",
    "TransferWise token for the EUR balance: a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d",
    "bamboohr_token: 'c4e8a1f9b2d7e3c6a5f0b9d8e7c2a1f4b3d6e9c8'",
    'curl -s -u "3f9c1e8b7a2d4c6e9f0b1a3d5c7e9f2b4d6a8c0e:X" https://payroll.example.org/api/v2/staff',
    "das Bonus-Sheet ist geschützt mit Prämie#2025xQ",
    "la hoja de nóminas está protegida con Nomina!77vR",
    "het loonbestand is beveiligd met Loon2024$kWz",
    "the offer letters zip is password-protected with Tq7!vRm2Lp",
    "the payroll PDF opens with Lohn4821#kx",
    # a password word closing a compound (German, Dutch, Swedish)
    "ELSTER Zertifikatspasswort: Steuer#31vKq",
    "Datenbankkennwort = Kq8!zW2mLx",
    "beheerderswachtwoord: Beheer!2025pQ",
    "adminlösenord: Fika#9981zz",
    # a note in brackets between a key's name and a hex or UUID value
    "Airwallex API key (prod) = 6386984383d531b53a829a58820d8d01370933bae1ca6ed3b8c9b1d09a939da0",
    "ADP client secret (Workforce Now): 61b25908-9701-477e-8da1-1ec4d4e5205b",
]

CLEAN = [
    "Make scenario docs: the webhook looks like https://hook.eu1.make.com/<your-key>",
    "Heroku app id 6b1f2c3d-4e5a-4b6c-8d7e-9f0a1b2c3d4e was renamed to payroll-prod",
    "Wise transfer 3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f settled this morning",
    "Postmark message id 1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d bounced (hard bounce)",
    "Bamboo plan PAY-MAIN built commit 9f8e7d6c5b4a39281706f5e4d3c2b1a098765432",
    "the HR portal is protected with 2FA and SSO",
    "the archive is encrypted with AES-256-GCM before upload",
    "payroll exports are protected by Cloudflare Access",
    "curl -u admin:x is what the old script did; now it reads the key from the vault",
    "session cookie name: _payroll_session (set HttpOnly and Secure)",
]


# (text, the value a finding must cover, its kind)
PII = [
    ("Hannah Whitfield's salary goes up to $112,400 in July", "$112,400", "SALARY"),
    ("Jonas Brandt verdient künftig 5.840 € brutto im Monat", "5.840 €", "SALARY"),
    ("Sueldo de Marta Ibáñez: 41.500 € brutos anuales", "41.500 €", "SALARY"),
    ("Pieter de Vries krijgt een salaris van € 4.105 bruto", "€ 4.105", "SALARY"),
    ("Agnieszka Nowak zarabia 9 870 zł brutto", "9 870 zł", "SALARY"),
    ("compensation for Aiko Tanaka: ¥8,400,000 a year", "¥8,400,000", "SALARY"),
    ("Stipendio di Giulia Bianchi: 38.200 € lordi", "38.200 €", "SALARY"),
    # a card named personal, a conference nearby (a call's word, not a card's)
    (
        "refund Rosa Lind's own card after the conference: 4929 1873 5512 0044",
        "4929 1873 5512 0044",
        "CARD",
    ),
    # an Indian account beside its branch's IFSC
    (
        "Payout a/c for Vikram Iyer: 91820034517, IFSC SBIN0007212 (SBI Indiranagar)",
        "91820034517",
        "NATIONAL_ID",
    ),
    # Croatia's OIB by its full name; Austria's SV number on the e-card
    (
        "osobni identifikacijski broj djelatnice: 69435151530",
        "69435151530",
        "NATIONAL_ID",
    ),
    ("e-card Nummer von Lukas Gruber: 1237 010180", "1237 010180", "NATIONAL_ID"),
    # a passport after its holder, a purpose and a bracketed note
    (
        "Reisepass von Jana Krüger für die Einreise (Messe Dubai): C4F7RJ2K9",
        "C4F7RJ2K9",
        "NATIONAL_ID",
    ),
    # an address after whose and what it is for
    (
        "Sophie Turner's home address for the P60: 27 Elm Grove, Leeds LS6 2AP",
        "27 Elm Grove",
        "ADDRESS",
    ),
    (
        "Domicilio de Pablo Ruiz para enviar la nómina en papel: Calle Mayor 12, 28013 Madrid",
        "Calle Mayor 12",
        "ADDRESS",
    ),
    # someone has moved (Swedish, Norwegian, Dutch)
    (
        "Elin Berg har flyttat till Kungsgatan 14, 111 43 Stockholm",
        "Kungsgatan 14",
        "ADDRESS",
    ),
    (
        "Lars Haugen har flyttet til Thorvald Meyers gate 33, 0555 Oslo",
        "Thorvald Meyers gate 33",
        "ADDRESS",
    ),
    (
        "Daan Visser is verhuisd naar Prinsengracht 263, 1016 GV Amsterdam",
        "Prinsengracht 263",
        "ADDRESS",
    ),
    # a plate after its label, on a line naming its keeper
    ("Parkausweis für Mia Schulz, Kennzeichen HH-MS 2207", "HH-MS 2207", "NATIONAL_ID"),
    ("Visitor parking: Tom Fletcher, number plate LD68 XKP", "LD68 XKP", "NATIONAL_ID"),
    (
        "Plaque d'immatriculation de Julien Moreau : GH-417-KT",
        "GH-417-KT",
        "NATIONAL_ID",
    ),
    ("kenteken van Sanne de Jong: 52-TJV-8", "52-TJV-8", "NATIONAL_ID"),
    # a row about one person, no header: an individual's PAN with the
    # surname's initial, a CPR as Danes write it
    ("Kavya Sharma|Finance|ABCPS1234K|contract", "ABCPS1234K", "NATIONAL_ID"),
    ("Mads Nielsen;Sales;050387-1123;PT", "050387-1123", "NATIONAL_ID"),
    # more currencies, pay words and bonus
    ("Chidi Okafor's salary is ₦7,800,000 per year", "₦7,800,000", "SALARY"),
    ("Léa Martin gagne 2 950 € brut par mois", "2 950 €", "SALARY"),
    ("Bonus for Ananya Rao approved: INR 3,20,000", "INR 3,20,000", "SALARY"),
    # `moved to` in Polish, Spanish
    (
        "Ewa Nowicka przeprowadziła się na ul. Polna 18, 00-625 Warszawa",
        "Polna 18",
        "ADDRESS",
    ),
    (
        "Carmen Díaz se mudó a Calle Serrano 45, 28001 Madrid",
        "Calle Serrano 45",
        "ADDRESS",
    ),
    # `registration` alone before a UK plate
    ("Staff parking: Ruth Owen, registration KM21 FDX", "KM21 FDX", "NATIONAL_ID"),
    # payroll's own numbers under their names, each with its check
    (
        "Rentenversicherungsnummer von Jonas Klein: 12 030585 M 217",
        "12 030585 M 217",
        "NATIONAL_ID",
    ),
    ("TAJ szám (Kovács Péter): 039 547 121", "039 547 121", "NATIONAL_ID"),
    ("Adóazonosító jel: 8415298374 – Nagy Anna", "8415298374", "NATIONAL_ID"),
    ("PIS/PASEP do João Silva: 170.46128.33-0", "170.46128.33-0", "NATIONAL_ID"),
    (
        "CLABE para la nómina de Sofía Ramírez: 012180001183597198",
        "012180001183597198",
        "NATIONAL_ID",
    ),
    ("NISS da Ana Sousa: 20123456783", "20123456783", "NATIONAL_ID"),
    (
        "número de afiliación a la Seguridad Social de Pablo Gil: 08/51234567/09",
        "08/51234567/09",
        "NATIONAL_ID",
    ),
    (
        "UAN of Rohan Gupta for the PF transfer: 100987654321",
        "100987654321",
        "NATIONAL_ID",
    ),
    (
        "BSB 062-000, account 12345678 (Liam O'Brien's pay account)",
        "12345678",
        "NATIONAL_ID",
    ),
    # an earn verb, an hourly rate
    ("Lars Jensen tjener 52.000 kr. om måneden", "52.000 kr", "SALARY"),
    ("Ahmed Hassan's hourly rate: £18.50", "£18.50", "SALARY"),
    # addresses: whose offer letter, `wohnt jetzt in der`, Polish home address for a form
    (
        "Home address on Rahul Verma's offer letter: Flat 4B, 22 Palm Grove Road, Bengaluru 560095",
        "22 Palm Grove Road",
        "ADDRESS",
    ),
    (
        "Julia Schmitt wohnt jetzt in der Gartenstraße 9, 70173 Stuttgart",
        "Gartenstraße 9",
        "ADDRESS",
    ),
    (
        "Adres domowy Marii Zielińskiej do PIT-11: ul. Ogrodowa 7/3, 90-001 Łódź",
        "Ogrodowa 7/3",
        "ADDRESS",
    ),
    # German's verb last: the address between `an` and `schicken`
    (
        "Den Arbeitsvertrag für Jonas Weber bitte an Lindenweg 7, 50667 Köln senden",
        "Lindenweg 7",
        "ADDRESS",
    ),
]

PII_CLEAN = [
    "The user's salary is 72 000 EUR per year.",
    "average salary in the Lisbon office: 31.400 €",
    "salary band for a Senior Engineer: $120,000–$140,000",
    "Mindestlohn 2025: 12,82 € brutto pro Stunde",
    "the training budget for Q4 is 18.000 € (salaries excluded)",
    "Beitragssatz Arbeitslosenversicherung: 2,6 % vom Bruttolohn",
    "Acme Logistics GmbH pays 2.100.000 € in salaries a year",
    "Data Scientist salary in Munich: 78.000 € brutto",
    "IFSC of the Koramangala branch: HDFC0001234 (public, for the vendor form)",
    "conference dial-in 0800 123 4567, room 5518",
    "kontoret har flyttat till Vasagatan 7, 111 20 Stockholm",
    "the office address for the courier: 5 Market Street, Leeds LS1 6DT",
    # a Belgian structured communication (mod 97), a Leitweg-ID, a template's address
    "betalen met gestructureerde mededeling 417/0302/55178 vóór de 15de",
    "overschrijving met +++301/0405/21732+++",
    "Leitweg-ID: 05911000-77777-40",
    "Muster für die Signatur: vorname.nachname@example.com",
    # a fleet's plate, a plate with no one named
    "license plate HH-AB 123 (pool car, booked by Tom Fletcher)",
    "UK plates look like this: number plate AB12 CDE",
    # a company's PAN (fourth letter C), a PAN whose initial is not the holder's
    "Infosys Limited;Vendor;AAACI1234F;active",
    "Kavya Sharma|Finance|ABCPM1234K|contract",
    # a company's Steuernummer; a form's mask; a key's documented format
    "Steuernummer der Acme GmbH: 143/815/08156",
    "TAJ szám formátuma: 9 számjegy, pl. 000 000 000",
    # `e.g.` before a documented example (the dot ends the word)
    "a Spanish NIE looks like this, e.g. X-1234567-L",
    "SSN, e.g. 123-45-6789",
    # a company's and an office's address before the verb
    "Rechnungen bitte an die Müller Logistik GmbH, Hafenstraße 5, 20457 Hamburg schicken",
    "Belege bitte an unser Büro Hafenstraße 5, 20457 Hamburg schicken",
]


@pytest.mark.parametrize(("text", "value", "kind"), PII)
def test_personal_data_of_the_new_classes(text: str, value: str, kind: str) -> None:
    assert not find_secrets(text), text
    found = find_pii(text)
    start = text.index(value)
    assert any(
        f.kind == kind and f.start < start + len(value) and f.end > start for f in found
    ), (text, found)


@pytest.mark.parametrize("text", PII_CLEAN)
def test_look_alikes_of_personal_data_stay_clean(text: str) -> None:
    assert not find_pii(text), text


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_of_the_new_classes(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_clean(text: str) -> None:
    assert not find_secrets(text), text
    assert not find_pii(text), text


def test_a_slashed_phone_stays_personal_without_the_reference_check() -> None:
    # the same digits, a phone's label and no mod-97 reference around them
    assert [f.kind for f in find_pii("Tel. privat von Anna: 0302/55178")] == ["PHONE"]
    assert [f.kind for f in find_pii("mededeling 417/0302/55199 (fout)")] == ["PHONE"]
