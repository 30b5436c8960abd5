# ruff: noqa: E501 (templates are data, one string per line)
"""Generate the labelled sensitivity test set `sensitivity_tune12.jsonl` (probe "tune12").

Deterministic: a fixed seed, no set iteration, stable ids (sha256 of the text).
Run with /work/main/.venv/bin/python (python-stdnum, phonenumbers, cryptography).

Labels (200 each):
  pii    - home postal addresses of persons (12+ countries, prose / shipping / signature / CSV / JSON /
           multi-line), dates of birth in many formats and languages, passport numbers after a passport
           word, national mobile numbers without country code near a name / contact word, obfuscated emails.
  secret - passwords in prose and CLI, markdown tables, escaped JSON strings, config directives (requirepass,
           ansible_password, pgpass, .netrc, ...), bare vendor API keys, PINs and door codes.
  clean  - company / office / shop / venue addresses, event and release dates, historical dates, birthdays of
           famous people / fictional characters, documented example keys, company registration numbers,
           order / tracking / part numbers, postcodes alone, placeholders.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import phonenumbers
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519
from stdnum.au import abn as au_abn
from stdnum.br import cnpj as br_cnpj
from stdnum.de import vat as de_vat
from stdnum.es import cif as es_cif
from stdnum.fr import siren as fr_siren
from stdnum.fr import siret as fr_siret
from stdnum.gb import vat as gb_vat
from stdnum.in_ import gstin as in_gstin
from stdnum.it import iva as it_iva
from stdnum.jp import cn as jp_cn
from stdnum.nl import btw as nl_btw
from stdnum.pl import regon as pl_regon
from stdnum.us import ein as us_ein

NAME = "sensitivity_tune12"
PROBE = "tune12"
SEED = 120012
OUT = Path(__file__).with_name(f"{NAME}.jsonl")

R = random.Random(SEED)


def pick(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))]


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def upper(rng: random.Random, n: int, alphabet: str = string.ascii_uppercase) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def alnum(
    rng: random.Random, n: int, alphabet: str = string.ascii_letters + string.digits
) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


HEX = "0123456789abcdef"

# --------------------------------------------------------------------------------------------------
# People and addresses by country
# --------------------------------------------------------------------------------------------------

NAMES = {
    "US": [
        ("Michael", "Turner"),
        ("Jennifer", "Alvarez"),
        ("Tyler", "Brooks"),
        ("Ashley", "Nguyen"),
        ("Brandon", "Whitaker"),
        ("Megan", "Kowalczyk"),
        ("Darnell", "Price"),
        ("Kaitlyn", "Moreno"),
    ],
    "GB": [
        ("Oliver", "Hughes"),
        ("Amelia", "Barnes"),
        ("Harry", "Pritchard"),
        ("Sophie", "Ellison"),
        ("Callum", "Fraser"),
        ("Niamh", "O'Connell"),
        ("Rhys", "Morgan"),
        ("Imogen", "Whitfield"),
    ],
    "DE": [
        ("Jonas", "Becker"),
        ("Lea", "Schröder"),
        ("Maximilian", "Wolf"),
        ("Hannah", "Krüger"),
        ("Tobias", "Hartmann"),
        ("Katharina", "Vogel"),
        ("Lukas", "Brandt"),
        ("Marie", "Lehmann"),
    ],
    "FR": [
        ("Julien", "Moreau"),
        ("Camille", "Lefèvre"),
        ("Thomas", "Girard"),
        ("Chloé", "Fontaine"),
        ("Antoine", "Mercier"),
        ("Léa", "Rousseau"),
        ("Nicolas", "Garnier"),
        ("Manon", "Chevalier"),
    ],
    "ES": [
        ("Javier", "Ortega"),
        ("Lucía", "Navarro"),
        ("Alejandro", "Romero"),
        ("Carmen", "Iglesias"),
        ("Pablo", "Serrano"),
        ("Marta", "Castillo"),
        ("Diego", "Molina"),
        ("Elena", "Vidal"),
    ],
    "IT": [
        ("Marco", "Bianchi"),
        ("Giulia", "Ferrari"),
        ("Luca", "Esposito"),
        ("Francesca", "Ricci"),
        ("Alessandro", "Colombo"),
        ("Chiara", "Marino"),
        ("Matteo", "Greco"),
        ("Sara", "Bruno"),
    ],
    "NL": [
        ("Daan", "de Vries"),
        ("Sanne", "Jansen"),
        ("Bram", "van Dijk"),
        ("Lotte", "Bakker"),
        ("Jeroen", "Visser"),
        ("Femke", "Smit"),
        ("Ruben", "Meijer"),
        ("Anouk", "de Boer"),
    ],
    "PL": [
        ("Piotr", "Nowak"),
        ("Agnieszka", "Wiśniewska"),
        ("Tomasz", "Wójcik"),
        ("Katarzyna", "Lewandowska"),
        ("Michał", "Kamiński"),
        ("Magdalena", "Zielińska"),
        ("Paweł", "Szymański"),
        ("Joanna", "Dąbrowska"),
    ],
    "BR": [
        ("Rafael", "Oliveira"),
        ("Juliana", "Santos"),
        ("Thiago", "Carvalho"),
        ("Fernanda", "Ribeiro"),
        ("Gustavo", "Almeida"),
        ("Beatriz", "Costa"),
        ("Lucas", "Pereira"),
        ("Camila", "Rocha"),
    ],
    "IN": [
        ("Arjun", "Mehta"),
        ("Priya", "Raghavan"),
        ("Rohan", "Kulkarni"),
        ("Ananya", "Iyer"),
        ("Vikram", "Sethi"),
        ("Sneha", "Banerjee"),
        ("Karthik", "Subramanian"),
        ("Neha", "Agarwal"),
    ],
    "JP": [
        ("Haruto", "Sato"),
        ("Yui", "Takahashi"),
        ("Ren", "Watanabe"),
        ("Aoi", "Kobayashi"),
        ("Sota", "Yamamoto"),
        ("Mio", "Nakamura"),
        ("Yuto", "Inoue"),
        ("Hina", "Kimura"),
    ],
    "AU": [
        ("Jack", "Mitchell"),
        ("Charlotte", "Harrison"),
        ("Liam", "O'Brien"),
        ("Isla", "McKenzie"),
        ("Noah", "Dawson"),
        ("Matilda", "Reid"),
        ("Cooper", "Walsh"),
        ("Ruby", "Sinclair"),
    ],
    "CA": [
        ("Ethan", "Tremblay"),
        ("Chloe", "Gagnon"),
        ("Logan", "MacDonald"),
        ("Émilie", "Bouchard"),
        ("Owen", "Campbell"),
        ("Maya", "Leblanc"),
        ("Nathan", "Roy"),
        ("Sophie", "Côté"),
    ],
    "CH": [
        ("Luca", "Meier"),
        ("Nina", "Brunner"),
        ("Jan", "Baumann"),
        ("Laura", "Frei"),
    ],
    "AT": [
        ("Florian", "Gruber"),
        ("Anna", "Huber"),
        ("Stefan", "Pichler"),
        ("Julia", "Steiner"),
    ],
    "SE": [
        ("Erik", "Lindqvist"),
        ("Elin", "Johansson"),
        ("Oskar", "Nyström"),
        ("Maja", "Bergström"),
    ],
    "MX": [
        ("Diego", "Hernández"),
        ("Valeria", "Ramírez"),
        ("Emiliano", "Flores"),
        ("Ximena", "Torres"),
    ],
    "IE": [
        ("Cian", "Byrne"),
        ("Aoife", "Kavanagh"),
        ("Darragh", "Doyle"),
        ("Saoirse", "Nolan"),
    ],
}
JP_KANJI_NAMES = [
    "佐藤 陽翔",
    "高橋 結衣",
    "渡辺 蓮",
    "小林 葵",
    "山本 颯太",
    "中村 澪",
]
COUNTRIES = list(NAMES)


def person(rng: random.Random, cc: str) -> str:
    first, last = pick(rng, NAMES[cc])
    return f"{first} {last}"


def addr_parts(rng: random.Random, cc: str) -> tuple[str, str]:
    """Return (line1, line2) of a plausible private home address."""
    n = rng.randint(2, 298)
    if cc == "US":
        street = pick(
            rng,
            [
                "Maple Avenue",
                "Elm Street",
                "Hawthorne Drive",
                "Cedar Lane",
                "Willow Court",
                "N Lincoln Ave",
                "Oak Ridge Road",
                "SE Division St",
            ],
        )
        apt = pick(
            rng,
            [
                "",
                f", Apt {rng.randint(1, 9)}{pick(rng, 'ABCD')}",
                f" #{rng.randint(101, 412)}",
            ],
        )
        city = pick(
            rng,
            [
                ("Portland", "OR", "972"),
                ("Austin", "TX", "787"),
                ("Columbus", "OH", "432"),
                ("Raleigh", "NC", "276"),
                ("Madison", "WI", "537"),
                ("Tucson", "AZ", "857"),
            ],
        )
        return (
            f"{rng.randint(100, 9899)} {street}{apt}",
            f"{city[0]}, {city[1]} {city[2]}{digits(rng, 2)}",
        )
    if cc == "GB":
        street = pick(
            rng,
            [
                "Hazel Grove",
                "Cromwell Road",
                "Albert Terrace",
                "Beech Close",
                "Victoria Street",
                "Orchard Way",
                "Millfield Lane",
            ],
        )
        city = pick(
            rng,
            [
                ("Leeds", "LS6"),
                ("Bristol", "BS6"),
                ("Manchester", "M20"),
                ("Norwich", "NR2"),
                ("Cardiff", "CF24"),
                ("Edinburgh", "EH10"),
                ("York", "YO31"),
            ],
        )
        flat = pick(rng, ["", f"Flat {rng.randint(1, 8)}, "])
        pc = f"{city[1]} {rng.randint(1, 9)}{upper(rng, 2, 'ABDEFGHJLNPQRSTUWXYZ')}"
        return f"{flat}{rng.randint(1, 140)} {street}", f"{city[0]} {pc}"
    if cc == "DE":
        street = pick(
            rng,
            [
                "Lindenstraße",
                "Am Mühlbach",
                "Goethestraße",
                "Birkenweg",
                "Schillerplatz",
                "Kastanienallee",
                "Rosenstraße",
                "Hauptstraße",
            ],
        )
        city = pick(
            rng,
            [
                ("50674", "Köln"),
                ("80469", "München"),
                ("10437", "Berlin"),
                ("04109", "Leipzig"),
                ("22765", "Hamburg"),
                ("70178", "Stuttgart"),
                ("48143", "Münster"),
            ],
        )
        return (
            f"{street} {n}{pick(rng, ['', 'a', 'b'])}",
            f"{city[0][:3]}{digits(rng, 2)} {city[1]}",
        )
    if cc == "FR":
        street = pick(
            rng,
            [
                "rue des Lilas",
                "avenue Jean Jaurès",
                "rue du Moulin",
                "boulevard Voltaire",
                "impasse des Acacias",
                "chemin de la Source",
                "rue Victor Hugo",
            ],
        )
        city = pick(
            rng,
            [
                ("69003", "Lyon"),
                ("75011", "Paris"),
                ("31000", "Toulouse"),
                ("44000", "Nantes"),
                ("33000", "Bordeaux"),
                ("67000", "Strasbourg"),
                ("13006", "Marseille"),
            ],
        )
        bis = pick(rng, ["", " bis", " ter"])
        return f"{rng.randint(1, 120)}{bis} {street}", f"{city[0]} {city[1]}"
    if cc == "ES":
        street = pick(
            rng,
            [
                "Calle Mayor",
                "C/ de la Paz",
                "Avenida de América",
                "Calle del Pez",
                "Carrer de Mallorca",
                "Calle San Vicente",
            ],
        )
        city = pick(
            rng,
            [
                ("28009", "Madrid"),
                ("46001", "Valencia"),
                ("08013", "Barcelona"),
                ("41003", "Sevilla"),
                ("50004", "Zaragoza"),
                ("29012", "Málaga"),
            ],
        )
        floor = pick(
            rng,
            [
                f", {rng.randint(1, 7)}º {pick(rng, ['A', 'B', 'C', 'izq.', 'dcha.'])}",
                "",
            ],
        )
        return f"{street} {n}{floor}", f"{city[0]} {city[1]}"
    if cc == "IT":
        street = pick(
            rng,
            [
                "Via Garibaldi",
                "Via Roma",
                "Corso Vittorio Emanuele II",
                "Via dei Mille",
                "Viale Mazzini",
                "Via della Spiga",
                "Piazza San Marco",
            ],
        )
        city = pick(
            rng,
            [
                ("20121", "Milano", "MI"),
                ("10123", "Torino", "TO"),
                ("40126", "Bologna", "BO"),
                ("50122", "Firenze", "FI"),
                ("80138", "Napoli", "NA"),
                ("00153", "Roma", "RM"),
            ],
        )
        return f"{street} {n}", f"{city[0]} {city[1]} ({city[2]})"
    if cc == "NL":
        street = pick(
            rng,
            [
                "Kerkstraat",
                "Lindengracht",
                "Vondelstraat",
                "Oudegracht",
                "Molenweg",
                "Willemsparkweg",
                "Bloemstraat",
            ],
        )
        city = pick(
            rng,
            [
                ("3511", "Utrecht"),
                ("1015", "Amsterdam"),
                ("2513", "Den Haag"),
                ("3012", "Rotterdam"),
                ("9711", "Groningen"),
                ("5611", "Eindhoven"),
            ],
        )
        pc = f"{city[0]} {upper(rng, 2, 'ABCDEGHJKLMNPRSTVWXZ')}"
        return f"{street} {n}{pick(rng, ['', '-2', ' A', '-1'])}", f"{pc} {city[1]}"
    if cc == "PL":
        street = pick(
            rng,
            [
                "ul. Marszałkowska",
                "ul. Długa",
                "ul. Kwiatowa",
                "al. Jerozolimskie",
                "ul. Piotrkowska",
                "ul. Lipowa",
                "os. Tysiąclecia",
            ],
        )
        city = pick(
            rng,
            [
                ("00-514", "Warszawa"),
                ("31-042", "Kraków"),
                ("90-102", "Łódź"),
                ("50-079", "Wrocław"),
                ("80-831", "Gdańsk"),
                ("61-758", "Poznań"),
            ],
        )
        return f"{street} {n}/{rng.randint(1, 60)}", f"{city[0]} {city[1]}"
    if cc == "BR":
        street = pick(
            rng,
            [
                "Rua das Flores",
                "Avenida Brigadeiro Faria Lima",
                "Rua Augusta",
                "Rua XV de Novembro",
                "Travessa do Carmo",
                "Rua Padre Chagas",
            ],
        )
        city = pick(
            rng,
            [
                ("Pinheiros", "São Paulo", "SP", "05422"),
                ("Copacabana", "Rio de Janeiro", "RJ", "22041"),
                ("Moinhos de Vento", "Porto Alegre", "RS", "90570"),
                ("Savassi", "Belo Horizonte", "MG", "30140"),
                ("Batel", "Curitiba", "PR", "80420"),
            ],
        )
        apt = pick(
            rng, ["", f", apto {rng.randint(11, 184)}", f", casa {rng.randint(1, 4)}"]
        )
        return (
            f"{street}, {n}{apt} - {city[0]}",
            f"{city[1]} - {city[2]}, {city[3]}-{digits(rng, 3)}",
        )
    if cc == "IN":
        soc = pick(
            rng,
            [
                "Sai Residency",
                "Green Glen Layout",
                "Shanti Apartments",
                "Lakeview Enclave",
                "Ganga Heights",
            ],
        )
        area = pick(
            rng,
            [
                ("Indiranagar", "Bengaluru", "Karnataka", "5600"),
                ("Kothrud", "Pune", "Maharashtra", "4110"),
                ("Adyar", "Chennai", "Tamil Nadu", "6000"),
                ("Salt Lake", "Kolkata", "West Bengal", "7000"),
                ("Banjara Hills", "Hyderabad", "Telangana", "5000"),
            ],
        )
        return (
            f"Flat {rng.randint(1, 12)}0{rng.randint(1, 9)}, {soc}, {rng.randint(1, 18)}th Cross, {area[0]}",
            f"{area[1]}, {area[2]} {area[3]}{digits(rng, 2)}",
        )
    if cc == "JP":
        area = pick(
            rng,
            [
                ("Jingumae", "Shibuya-ku", "Tokyo", "150-0001"),
                ("Nakameguro", "Meguro-ku", "Tokyo", "153-0061"),
                ("Kitahama", "Chuo-ku", "Osaka", "541-0041"),
                ("Sakae", "Naka-ku", "Nagoya", "460-0008"),
                ("Tenjin", "Chuo-ku", "Fukuoka", "810-0001"),
            ],
        )
        return (
            f"{rng.randint(1, 5)}-{rng.randint(1, 30)}-{rng.randint(1, 20)} {area[0]}, Room {rng.randint(1, 9)}0{rng.randint(1, 8)}",
            f"{area[1]}, {area[2]} {area[3]}",
        )
    if cc == "AU":
        street = pick(
            rng,
            [
                "Banksia Street",
                "Wattle Avenue",
                "Jacaranda Crescent",
                "Parade Road",
                "Kookaburra Close",
                "Beach Road",
            ],
        )
        city = pick(
            rng,
            [
                ("Fitzroy", "VIC", "3065"),
                ("Paddington", "NSW", "2021"),
                ("New Farm", "QLD", "4005"),
                ("Fremantle", "WA", "6160"),
                ("Glenelg", "SA", "5045"),
                ("Sandy Bay", "TAS", "7005"),
            ],
        )
        unit = pick(rng, ["", f"{rng.randint(1, 12)}/"])
        return f"{unit}{rng.randint(1, 220)} {street}", f"{city[0]} {city[1]} {city[2]}"
    if cc == "CA":
        city = pick(
            rng,
            [
                ("Rue Saint-Denis", "Montréal, QC", "H2X"),
                ("Maple Crescent", "Oakville, ON", "L6J"),
                ("Cambie Street", "Vancouver, BC", "V5Z"),
                ("Elgin Street", "Ottawa, ON", "K2P"),
                ("Jasper Avenue", "Edmonton, AB", "T5J"),
            ],
        )
        pc = f"{city[2]} {rng.randint(1, 9)}{pick(rng, 'ABCEGHJKLMNPRSTVWXYZ')}{rng.randint(0, 9)}"
        return f"{rng.randint(10, 4999)} {city[0]}", f"{city[1]} {pc}"
    if cc == "CH":
        street = pick(
            rng, ["Seefeldstrasse", "Rue de Lausanne", "Spalenring", "Weinbergstrasse"]
        )
        city = pick(
            rng,
            [
                ("8008", "Zürich"),
                ("1202", "Genève"),
                ("4055", "Basel"),
                ("3012", "Bern"),
            ],
        )
        return f"{street} {n}", f"{city[0]} {city[1]}"
    if cc == "AT":
        street = pick(
            rng,
            [
                "Gumpendorfer Straße",
                "Hauptplatz",
                "Landstraßer Hauptstraße",
                "Schulgasse",
            ],
        )
        city = pick(
            rng,
            [
                ("1060", "Wien"),
                ("8010", "Graz"),
                ("5020", "Salzburg"),
                ("6020", "Innsbruck"),
            ],
        )
        return f"{street} {n}/{rng.randint(1, 24)}", f"{city[0]} {city[1]}"
    if cc == "SE":
        street = pick(rng, ["Götgatan", "Storgatan", "Linnégatan", "Björkvägen"])
        city = pick(
            rng,
            [
                ("116 46", "Stockholm"),
                ("413 02", "Göteborg"),
                ("222 21", "Lund"),
                ("753 20", "Uppsala"),
            ],
        )
        return f"{street} {n}, lgh {rng.randint(1001, 1604)}", f"{city[0]} {city[1]}"
    if cc == "MX":
        street = pick(
            rng,
            ["Calle Durango", "Av. Álvaro Obregón", "Calle Colima", "Calle Ámsterdam"],
        )
        city = pick(
            rng,
            [
                ("Col. Roma Norte", "06700"),
                ("Col. Condesa", "06140"),
                ("Col. Del Valle", "03100"),
            ],
        )
        return (
            f"{street} {n}, int. {rng.randint(1, 12)}, {city[0]}",
            f"{city[1]} Ciudad de México, CDMX",
        )
    if cc == "IE":
        street = pick(
            rng, ["Ranelagh Road", "Sundrive Road", "Griffith Avenue", "Rathgar Road"]
        )
        pc = f"D{rng.randint(1, 24):02d} {upper(rng, 1, 'ACDEFHKNPRTVWXY')}{digits(rng, 1)}{upper(rng, 2, 'ACDEFHKNPRTVWXY')}"
        return f"{rng.randint(1, 180)} {street}", f"Dublin {pc[1:3]}, {pc}"
    raise KeyError(cc)


COUNTRY_NAME = {
    "US": "USA",
    "GB": "United Kingdom",
    "DE": "Deutschland",
    "FR": "France",
    "ES": "España",
    "IT": "Italia",
    "NL": "Nederland",
    "PL": "Polska",
    "BR": "Brasil",
    "IN": "India",
    "JP": "Japan",
    "AU": "Australia",
    "CA": "Canada",
    "CH": "Schweiz",
    "AT": "Österreich",
    "SE": "Sverige",
    "MX": "México",
    "IE": "Ireland",
}

# Phrases that tie an address to a person, per language
LIVES_AT = {
    "US": [
        "{name} lives at {addr}.",
        "FYI {name} moved, new home address is {addr}.",
        "Mail the signed lease to {name} at her apartment: {addr}",
    ],
    "GB": [
        "{name} lives at {addr} — post the keys there.",
        "Home address for {name}: {addr}",
    ],
    "DE": [
        "{name} ist umgezogen, neue Adresse: {addr}.",
        "Privatanschrift von {name}: {addr}",
        "Bitte das Paket an {name} schicken, Adresse: {addr}",
    ],
    "AT": ["{name} wohnt jetzt hier: {addr}.", "Privatadresse {name}: {addr}"],
    "CH": ["{name} wohnt neu an der {addr}.", "Wohnadresse {name}: {addr}"],
    "FR": [
        "{name} habite au {addr}.",
        "Adresse personnelle de {name} : {addr}",
        "Merci d'envoyer le colis chez {name}, {addr}",
    ],
    "ES": [
        "{name} vive en {addr}.",
        "Domicilio de {name}: {addr}",
        "Mándale el paquete a {name}, {addr}",
    ],
    "MX": ["{name} vive en {addr}.", "Domicilio particular de {name}: {addr}"],
    "IT": [
        "{name} abita in {addr}.",
        "Indirizzo di casa di {name}: {addr}",
        "Spedire a {name}, {addr}",
    ],
    "NL": ["{name} woont op de {addr}.", "Huisadres van {name}: {addr}"],
    "PL": ["{name} mieszka przy {addr}.", "Adres zamieszkania {name}: {addr}"],
    "BR": ["{name} mora na {addr}.", "Endereço residencial de {name}: {addr}"],
    "IN": ["{name} stays at {addr}.", "Residential address of {name}: {addr}"],
    "JP": ["{name} lives at {addr}.", "Home address ({name}): {addr}"],
    "AU": [
        "{name} lives at {addr}, drop the parcel at the back door.",
        "{name}'s home address: {addr}",
    ],
    "CA": ["{name} lives at {addr}.", "{name} habite au {addr}."],
    "SE": ["{name} bor på {addr}.", "Hemadress för {name}: {addr}"],
    "IE": ["{name} lives at {addr}.", "Home address for {name}: {addr}"],
}
MY_ADDRESS = {
    "US": "My address is {addr}, could you send the contract there?",
    "GB": "My home address is {addr} if you need it for the form.",
    "DE": "Meine Adresse lautet {addr}, bitte dorthin liefern.",
    "AT": "Meine Wohnadresse: {addr}",
    "CH": "Meine Adresse ist {addr}.",
    "FR": "Mon adresse est {addr}, merci de m'y envoyer la facture.",
    "ES": "Mi dirección es {addr}, envíamelo allí por favor.",
    "MX": "Mi domicilio es {addr}.",
    "IT": "Il mio indirizzo è {addr}, grazie.",
    "NL": "Mijn adres is {addr}, stuur het daar maar naartoe.",
    "PL": "Mój adres to {addr}, proszę wysłać tam.",
    "BR": "Meu endereço é {addr}, pode mandar pra lá.",
    "IN": "My address is {addr}, please courier the documents there.",
    "JP": "My address is {addr} — please send the documents by post.",
    "AU": "My address is {addr}, cheers.",
    "CA": "My home address is {addr}.",
    "SE": "Min adress är {addr}.",
    "IE": "My address is {addr}, thanks a million.",
}
SHIP_TO = {
    "US": "Ship to",
    "GB": "Deliver to",
    "DE": "Lieferadresse",
    "AT": "Lieferadresse",
    "CH": "Lieferadresse",
    "FR": "Livraison à",
    "ES": "Enviar a",
    "MX": "Enviar a",
    "IT": "Spedire a",
    "NL": "Bezorgadres",
    "PL": "Adres dostawy",
    "BR": "Entregar para",
    "IN": "Ship to",
    "JP": "Ship to",
    "AU": "Ship to",
    "CA": "Ship to",
    "SE": "Leveransadress",
    "IE": "Deliver to",
}


def g_addr_prose(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, COUNTRIES)
    a = ", ".join(addr_parts(rng, cc))
    return pick(rng, LIVES_AT[cc]).format(name=person(rng, cc), addr=a), a


def g_addr_my(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, COUNTRIES)
    a = ", ".join(addr_parts(rng, cc))
    return MY_ADDRESS[cc].format(addr=a), a


def g_addr_ship(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, COUNTRIES)
    l1, l2 = addr_parts(rng, cc)
    name = person(rng, cc)
    order = f"#{rng.randint(10000, 99999)}"
    if rng.random() < 0.5:
        a = f"{l1}, {l2}"
        return f"Order {order} — {SHIP_TO[cc]}: {name}, {a}", a
    a = f"{l1}\n{l2}\n{COUNTRY_NAME[cc]}"
    return f"{SHIP_TO[cc]}:\n{name}\n{a}", a


def g_addr_signature(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, COUNTRIES)
    l1, l2 = addr_parts(rng, cc)
    name = person(rng, cc)
    close = pick(
        rng,
        [
            "Best regards,",
            "Cheers,",
            "Mit freundlichen Grüßen",
            "Cordialement,",
            "Un saludo,",
            "Cordiali saluti,",
            "Met vriendelijke groet,",
            "Pozdrawiam,",
            "Abraços,",
            "Thanks,",
        ],
    )
    body = pick(
        rng,
        [
            "Thanks for the quick turnaround on the quote.",
            "Please find the signed form attached.",
            "Let me know when the courier is booked.",
            "See you at the viewing on Saturday.",
        ],
    )
    a = f"{l1}\n{l2}"
    return f"{body}\n\n{close}\n{name}\n{a}\n(private)", a


def g_addr_csv(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, COUNTRIES)
    l1, l2 = addr_parts(rng, cc)
    l1c, l2c = l1.replace(",", " "), l2.replace(",", " ")
    name = person(rng, cc)
    rid = rng.randint(1000, 9999)
    a = f"{l1c};{l2c}"
    hdr = pick(
        rng,
        [
            "member_id;full_name;street;city_postcode;country",
            "id;name;home_street;home_city;cc",
        ],
    )
    text = f"{hdr}\n{rid};{name};{a};{cc}"
    return text, a


def g_addr_json(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, COUNTRIES)
    a = ", ".join(addr_parts(rng, cc))
    key = pick(
        rng, ["home_address", "homeAddress", "address", "residence", "postal_address"]
    )
    obj = {
        "customer_id": f"C-{rng.randint(100000, 999999)}",
        "name": person(rng, cc),
        key: a,
        "newsletter": rng.random() < 0.5,
    }
    text = json.dumps(obj, ensure_ascii=False, indent=pick(rng, [None, 2]))
    return text, json.dumps(a, ensure_ascii=False)[1:-1]


def g_addr_yaml(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, COUNTRIES)
    l1, l2 = addr_parts(rng, cc)
    name = person(rng, cc)
    text = (
        f"emergency_contact:\n  name: {name}\n  relation: {pick(rng, ['sister', 'father', 'partner', 'mother'])}\n"
        f'  address: "{l1}, {l2}"'
    )
    return text, f"{l1}, {l2}"


def g_addr_jp_kanji(rng: random.Random) -> tuple[str, str]:
    area = pick(
        rng,
        [
            ("150-0001", "東京都渋谷区神宮前"),
            ("153-0061", "東京都目黒区中目黒"),
            ("541-0041", "大阪府大阪市中央区北浜"),
            ("460-0008", "愛知県名古屋市中区栄"),
            ("810-0001", "福岡県福岡市中央区天神"),
        ],
    )
    bld = pick(rng, ["メゾン青山", "コーポ桜", "パークハイツ", "グランシャトー"])
    a = f"〒{area[0]} {area[1]}{rng.randint(1, 5)}-{rng.randint(1, 30)}-{rng.randint(1, 20)} {bld}{rng.randint(1, 9)}0{rng.randint(1, 8)}"
    name = pick(rng, JP_KANJI_NAMES)
    text = pick(
        rng,
        [
            "{name}さんの自宅住所は{a}です。",
            "送付先：{name} 様\n{a}",
            "私の住所は{a}です。",
        ],
    )
    return text.format(name=name, a=a), a


# --------------------------------------------------------------------------------------------------
# Dates of birth
# --------------------------------------------------------------------------------------------------

MONTHS = {
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    "de": [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "es": [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
    "it": [
        "gennaio",
        "febbraio",
        "marzo",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "agosto",
        "settembre",
        "ottobre",
        "novembre",
        "dicembre",
    ],
    "nl": [
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "pl": [
        "stycznia",
        "lutego",
        "marca",
        "kwietnia",
        "maja",
        "czerwca",
        "lipca",
        "sierpnia",
        "września",
        "października",
        "listopada",
        "grudnia",
    ],
    "pt": [
        "janeiro",
        "fevereiro",
        "março",
        "abril",
        "maio",
        "junho",
        "julho",
        "agosto",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
    ],
    "sv": [
        "januari",
        "februari",
        "mars",
        "april",
        "maj",
        "juni",
        "juli",
        "augusti",
        "september",
        "oktober",
        "november",
        "december",
    ],
}


def rdate(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(1948, 2006), rng.randint(1, 12), rng.randint(1, 28)


def ordinal(d: int) -> str:
    suf = "th" if 11 <= d <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    return f"{d}{suf}"


DOB_LANGS = [
    "en",
    "de",
    "fr",
    "es",
    "it",
    "nl",
    "pl",
    "pt",
    "ja",
    "sv",
    "json",
    "en",
    "yaml",
    "csv",
    "de",
]


def dob_variant(rng: random.Random, lang: str) -> tuple[str, str, str]:
    """Return (template_id, text, value)."""
    y, m, d = rdate(rng)
    if lang == "en":
        cc = pick(rng, ["US", "GB", "AU", "CA", "IN", "IE"])
        name = person(rng, cc)
        v = pick(
            rng,
            [
                f"{d} {MONTHS['en'][m - 1]} {y}",
                f"{MONTHS['en'][m - 1]} {d}, {y}",
                f"{y}-{m:02d}-{d:02d}",
                f"{m:02d}/{d:02d}/{y}",
                f"{ordinal(d)} {MONTHS['en'][m - 1]} {y}",
                f"{d:02d}/{m:02d}/{y}",
            ],
        )
        t = pick(
            rng,
            [
                "{name}, born {v}, joined the team in May.",
                "Patient: {name}\nDOB: {v}\nAllergies: penicillin",
                "D.O.B. {v} — please double-check against {name}'s ID.",
                "{name} (date of birth {v}) applied for the flat.",
                "my date of birth is {v}, the form keeps rejecting it",
                "Applicant {name}, b. {v}",
            ],
        )
        return "dob.en", t.format(name=name, v=v), v
    if lang == "de":
        name = person(rng, pick(rng, ["DE", "AT", "CH"]))
        v = pick(
            rng,
            [f"{d:02d}.{m:02d}.{y}", f"{d}. {MONTHS['de'][m - 1]} {y}", f"{d}.{m}.{y}"],
        )
        t = pick(
            rng,
            [
                "{name}, geb. {v}, wohnhaft in Köln",
                "Geburtsdatum von {name}: {v}",
                "{name} ist am {v} geboren.",
                "Mitglied: {name} (* {v})",
            ],
        )
        return "dob.de", t.format(name=name, v=v), v
    if lang == "fr":
        name = person(rng, "FR")
        v = pick(rng, [f"{d} {MONTHS['fr'][m - 1]} {y}", f"{d:02d}/{m:02d}/{y}"])
        t = pick(
            rng,
            [
                "{name}, né le {v} à Lyon",
                "{name}, née le {v}",
                "Date de naissance de {name} : {v}",
                "Je suis né le {v}, pour le dossier de mutuelle.",
            ],
        )
        return "dob.fr", t.format(name=name, v=v), v
    if lang == "es":
        name = person(rng, pick(rng, ["ES", "MX"]))
        v = pick(rng, [f"{d} de {MONTHS['es'][m - 1]} de {y}", f"{d:02d}/{m:02d}/{y}"])
        t = pick(
            rng,
            [
                "{name}, nacida el {v}",
                "Fecha de nacimiento de {name}: {v}",
                "{name} nació el {v}.",
                "Yo nací el {v}, ponlo así en la solicitud.",
            ],
        )
        return "dob.es", t.format(name=name, v=v), v
    if lang == "it":
        name = person(rng, "IT")
        v = pick(rng, [f"{d} {MONTHS['it'][m - 1]} {y}", f"{d:02d}/{m:02d}/{y}"])
        t = pick(
            rng,
            [
                "{name}, nato il {v} a Torino",
                "Data di nascita di {name}: {v}",
                "{name}, nata il {v}",
            ],
        )
        return "dob.it", t.format(name=name, v=v), v
    if lang == "nl":
        name = person(rng, "NL")
        v = pick(rng, [f"{d} {MONTHS['nl'][m - 1]} {y}", f"{d:02d}-{m:02d}-{y}"])
        t = pick(rng, ["{name}, geboren op {v}", "Geboortedatum {name}: {v}"])
        return "dob.nl", t.format(name=name, v=v), v
    if lang == "pl":
        name = person(rng, "PL")
        v = pick(rng, [f"{d} {MONTHS['pl'][m - 1]} {y}", f"{d:02d}.{m:02d}.{y}"])
        t = pick(
            rng,
            [
                "{name}, ur. {v} w Krakowie",
                "Data urodzenia: {v} ({name})",
                "{name} urodził się {v} r.",
            ],
        )
        return "dob.pl", t.format(name=name, v=v), v
    if lang == "pt":
        name = person(rng, "BR")
        v = pick(rng, [f"{d} de {MONTHS['pt'][m - 1]} de {y}", f"{d:02d}/{m:02d}/{y}"])
        t = pick(
            rng,
            [
                "{name}, nascido em {v}",
                "Data de nascimento de {name}: {v}",
                "{name} nasceu em {v}.",
            ],
        )
        return "dob.pt", t.format(name=name, v=v), v
    if lang == "ja":
        v = f"{y}年{m}月{d}日"
        t = pick(
            rng,
            [
                "生年月日：{v}（{name}）",
                "{name}さんは{v}生まれです。",
                "氏名：{name}\n生年月日：{v}",
            ],
        )
        return "dob.ja", t.format(name=pick(rng, JP_KANJI_NAMES), v=v), v
    if lang == "sv":
        name = person(rng, "SE")
        v = pick(rng, [f"{d} {MONTHS['sv'][m - 1]} {y}", f"{y}-{m:02d}-{d:02d}"])
        t = pick(rng, ["{name}, född {v}", "Födelsedatum för {name}: {v}"])
        return "dob.sv", t.format(name=name, v=v), v
    cc = pick(rng, COUNTRIES)
    name = person(rng, cc)
    v = f"{y}-{m:02d}-{d:02d}"
    if lang == "json":
        key = pick(
            rng, ["birthDate", "dateOfBirth", "dob", "birth_date", "date_of_birth"]
        )
        obj = {
            "id": rng.randint(1000, 99999),
            "givenName": name.split(" ")[0],
            "familyName": name.split(" ", 1)[1],
            key: v,
        }
        return "dob.json", json.dumps(obj, ensure_ascii=False), v
    if lang == "yaml":
        return (
            "dob.yaml",
            f"employee:\n  name: {name}\n  dob: {v}\n  team: {pick(rng, ['payments', 'infra', 'sales'])}",
            v,
        )
    return (
        "dob.csv",
        f"name,birthdate,membership\n{name},{v},{pick(rng, ['gold', 'basic', 'family'])}",
        v,
    )


# --------------------------------------------------------------------------------------------------
# Passports
# --------------------------------------------------------------------------------------------------

DE_PASS = "CFGHJKLMNPRTVWXYZ0123456789"


def passport(rng: random.Random, cc: str) -> str:
    if cc == "US":
        return pick(rng, [digits(rng, 9), upper(rng, 1) + digits(rng, 8)])
    if cc == "GB":
        return digits(rng, 9)
    if cc == "DE":
        return pick(rng, "CFGHJK") + "".join(rng.choice(DE_PASS) for _ in range(8))
    if cc == "FR":
        return digits(rng, 2) + upper(rng, 2) + digits(rng, 5)
    if cc == "ES":
        return upper(rng, 3) + digits(rng, 6)
    if cc in ("IT", "PL", "JP", "IE"):
        return upper(rng, 2) + digits(rng, 7)
    if cc == "NL":
        return (
            upper(rng, 2, "ABCDEFGHIJKLMNPQRSTUVWXYZ")
            + alnum(rng, 6, "ABCDEFGHIJKLMNPRSTUVWXYZ0123456789")
            + digits(rng, 1)
        )
    if cc in ("BR", "CA"):
        return upper(rng, 2) + digits(rng, 6)
    if cc == "IN":
        return upper(rng, 1) + digits(rng, 7)
    if cc == "AU":
        return pick(rng, [upper(rng, 1), upper(rng, 2)]) + digits(rng, 7)
    if cc == "CH":
        return upper(rng, 1) + digits(rng, 7)
    if cc == "AT":
        return upper(rng, 1) + digits(rng, 7)
    if cc == "SE":
        return digits(rng, 8)
    if cc == "MX":
        return upper(rng, 1) + digits(rng, 8)
    raise KeyError(cc)


PASSPORT_PHRASES = {
    "US": ["{name}'s passport number is {v}.", "Passport No. {v} (USA), holder {name}"],
    "GB": [
        "Passport no: {v} — {name}, expires 2031",
        "{name} travels on UK passport {v}.",
    ],
    "DE": ["Reisepass-Nr. {v} ({name})", "Reisepassnummer von {name}: {v}"],
    "AT": ["Reisepassnummer {name}: {v}"],
    "CH": ["Passnummer von {name}: {v}"],
    "FR": ["N° de passeport de {name} : {v}", "{name}, passeport n° {v}"],
    "ES": ["Número de pasaporte de {name}: {v}", "{name}, pasaporte n.º {v}"],
    "MX": ["Pasaporte de {name}: {v}"],
    "IT": ["Numero di passaporto di {name}: {v}", "{name}, passaporto n. {v}"],
    "NL": ["Paspoortnummer {name}: {v}", "{name} reist met paspoort {v}."],
    "PL": ["Numer paszportu {name}: {v}", "{name}, paszport nr {v}"],
    "BR": ["Passaporte nº {v} — {name}", "Número do passaporte de {name}: {v}"],
    "IN": [
        "Passport No.: {v} (holder: {name})",
        "{name}'s passport number {v} for the visa form",
    ],
    "JP": ["旅券番号：{v}（{name}）", "Passport number of {name}: {v}"],
    "AU": ["{name} — passport {v}", "Passport number: {v} ({name})"],
    "CA": ["Passport # {v} for {name}", "{name}, numéro de passeport {v}"],
    "SE": ["Passnummer för {name}: {v}"],
    "IE": ["{name}, passport number {v}"],
}


def g_passport(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, COUNTRIES)
    v = passport(rng, cc)
    name = (
        pick(rng, JP_KANJI_NAMES)
        if cc == "JP" and rng.random() < 0.5
        else person(rng, cc)
    )
    phr = pick(rng, PASSPORT_PHRASES[cc])
    if rng.random() < 0.2:
        obj = {
            "traveller": name,
            "nationality": cc,
            "passport_no": v,
            "expiry": f"20{rng.randint(27, 35)}-0{rng.randint(1, 9)}-15",
        }
        return json.dumps(obj, ensure_ascii=False), v
    return phr.format(name=name, v=v), v


# --------------------------------------------------------------------------------------------------
# National mobile numbers
# --------------------------------------------------------------------------------------------------

PHONE_CC = [
    "US",
    "GB",
    "DE",
    "FR",
    "ES",
    "IT",
    "NL",
    "PL",
    "BR",
    "IN",
    "JP",
    "AU",
    "CA",
    "CH",
    "AT",
    "SE",
    "MX",
    "IE",
]
US_AREAS = ["212", "312", "415", "503", "617", "702", "713", "206", "303", "404"]


def mobile(rng: random.Random, cc: str) -> str:
    ex = phonenumbers.example_number_for_type(cc, phonenumbers.PhoneNumberType.MOBILE)
    nn = str(ex.national_number)
    for _ in range(500):
        if cc in ("US", "CA"):
            area = (
                pick(rng, US_AREAS)
                if cc == "US"
                else pick(rng, ["416", "514", "604", "613", "403"])
            )
            cand = area + str(rng.randint(2, 9)) + digits(rng, 2)
            if cand[3:6] == "555":
                continue
            cand += digits(rng, 4)
        else:
            keep = 2 if cc in ("BR", "JP") else (3 if cc in ("DE", "AT", "IN") else 1)
            cand = nn[:keep] + digits(rng, len(nn) - keep)
        num = phonenumbers.parse(cand, cc)
        if phonenumbers.is_valid_number(num) and phonenumbers.number_type(num) in (
            phonenumbers.PhoneNumberType.MOBILE,
            phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
        ):
            return phonenumbers.format_number(
                num, phonenumbers.PhoneNumberFormat.NATIONAL
            )
    raise RuntimeError(cc)


PHONE_PHRASES = {
    "US": ["Text {name} at {v} when you land.", "{name} — cell {v}"],
    "GB": ["Ring {name} on {v} if the van is late.", "{name}'s mobile: {v}"],
    "DE": ["Handy {name}: {v}", "{name} ist unter {v} erreichbar."],
    "AT": ["Mobil {name}: {v}"],
    "CH": ["{name} erreichst du unter {v}."],
    "FR": ["Portable de {name} : {v}", "Appelle {name} au {v}."],
    "ES": ["Móvil de {name}: {v}", "Llama a {name} al {v}."],
    "MX": ["Celular de {name}: {v}"],
    "IT": ["Cellulare di {name}: {v}", "Chiama {name} al {v}."],
    "NL": ["Bel {name} op {v}.", "Mobiel {name}: {v}"],
    "PL": ["Telefon komórkowy {name}: {v}", "Zadzwoń do {name}: {v}"],
    "BR": ["Celular da {name}: {v}", "Liga pro {name} no {v}."],
    "IN": ["Call {name} on {v} for the pickup.", "{name} mobile no. {v}"],
    "JP": ["{name}さんの携帯：{v}", "携帯番号 {v}（{name}）"],
    "AU": ["Ring {name} on {v}.", "{name} mob: {v}"],
    "CA": ["{name}'s cell is {v}.", "Cellulaire de {name} : {v}"],
    "SE": ["Mobil {name}: {v}", "Ring {name} på {v}."],
    "IE": ["Ring {name} on {v}.", "{name}, mobile {v}"],
}


def g_phone(rng: random.Random) -> tuple[str, str]:
    cc = pick(rng, PHONE_CC)
    v = mobile(rng, cc)
    name = pick(rng, JP_KANJI_NAMES) if cc == "JP" else person(rng, cc)
    if rng.random() < 0.2:
        t = pick(
            rng,
            [
                "Kontakt / contact: {name}, {v}",
                "contact: {name} <tel. {v}>",
                "vCard\nFN:{name}\nTEL;TYPE=cell:{v}",
            ],
        )
        return t.format(name=name, v=v), v
    return pick(rng, PHONE_PHRASES[cc]).format(name=name, v=v), v


# --------------------------------------------------------------------------------------------------
# Obfuscated emails
# --------------------------------------------------------------------------------------------------

EMAIL_DOMAINS = [
    ("gmail", "com"),
    ("web", "de"),
    ("gmx", "de"),
    ("orange", "fr"),
    ("libero", "it"),
    ("outlook", "com"),
    ("wp", "pl"),
    ("uol.com", "br"),
    ("hotmail.co", "uk"),
    ("posteo", "de"),
    ("free", "fr"),
    ("proton", "me"),
    ("bigpond", "com"),
    ("yahoo.co", "jp"),
    ("telenet", "be"),
    ("ziggo", "nl"),
    ("icloud", "com"),
    ("rediffmail", "com"),
]


def g_email(rng: random.Random) -> tuple[str, str]:
    cc = pick(
        rng, ["US", "GB", "DE", "FR", "IT", "NL", "PL", "BR", "ES", "AU", "IN", "SE"]
    )
    first, last = pick(rng, NAMES[cc])
    local = (
        pick(
            rng,
            [
                f"{first}.{last}",
                f"{first[0]}{last}",
                f"{first}{rng.randint(70, 99)}",
                f"{first}_{last}",
            ],
        )
        .lower()
        .replace(" ", "")
        .replace("'", "")
    )
    local = local.translate(str.maketrans("äöüéèçłśńąęóżćñíáú", "aoueeclsnaeozcniau"))
    dom, tld = pick(rng, EMAIL_DOMAINS)
    style = rng.randrange(9)
    if style == 0:
        v = f"{local} [at] {dom} [dot] {tld}"
    elif style == 1:
        v = f"{local} (at) {dom.replace('.', ' (dot) ')} (dot) {tld}"
    elif style == 2:
        v = f"{local} AT {dom.replace('.', ' DOT ')} DOT {tld}"
    elif style == 3:
        v = f"{local}&#64;{dom}&#46;{tld}"
    elif style == 4:
        v = f"{local}&#x40;{dom}.{tld}"
    elif style == 5:
        v = f"{local}&commat;{dom}&period;{tld}"
    elif style == 6:
        v = f"{local} at {dom} dot {tld}"
    elif style == 7:
        v = f"{local}{{at}}{dom}.{tld}"
    else:
        v = f"{local} (ät) {dom} (punkt) {tld}"
    name = f"{first} {last}"
    t = pick(
        rng,
        [
            "Reach {name} at {v}",
            "Kontakt: {name}, {v}",
            "<p>Write to me: {v}</p>",
            '<a class="obf">{v}</a> — {name}',
            "{name}'s personal mail is {v} (spam-proofed)",
            "e-mail privé de {name} : {v}",
            "mail: {v}",
        ],
    )
    return t.format(name=name, v=v), v


# --------------------------------------------------------------------------------------------------
# Secrets
# --------------------------------------------------------------------------------------------------

WORDS = [
    "Sonnenblume",
    "Marlin",
    "Kayak",
    "Tangerine",
    "Basilico",
    "Zebra",
    "Papagaio",
    "Orchidee",
    "Falcon",
    "Wiewiórka",
    "Nebula",
    "Kastanie",
    "Granola",
    "Mistral",
    "Copper",
    "Lagoon",
    "Quokka",
    "Biscotti",
]


def password(rng: random.Random, symbols: str = "!#%&*+-=?@^_~.") -> str:
    style = rng.randrange(4)
    if style == 0:
        chars = string.ascii_letters + string.digits + symbols
        while True:
            p = "".join(rng.choice(chars) for _ in range(rng.randint(14, 22)))
            if (
                any(c.isdigit() for c in p)
                and any(c.isupper() for c in p)
                and any(c in symbols for c in p)
            ):
                return p
    if style == 1:
        return f"{pick(rng, WORDS)}{pick(rng, symbols)}{rng.randint(1970, 2025)}"
    if style == 2:
        w = [pick(rng, WORDS).lower() for _ in range(3)]
        return "-".join(w) + str(rng.randint(2, 99))
    return f"{pick(rng, WORDS)[:4]}{rng.randint(10, 99)}{pick(rng, symbols)}{pick(rng, WORDS)}{pick(rng, symbols)}"


HOSTS = [
    "db01.internal",
    "10.0.3.14",
    "pg-prod-2",
    "stg-mysql.corp.lan",
    "172.16.8.21",
    "nas.home.lan",
    "jenkins.build.local",
    "redis-cache-1",
]
USERS = [
    "deploy",
    "admin",
    "svc_backup",
    "app_rw",
    "root",
    "grafana",
    "ops",
    "etl_user",
    "jenkins",
    "postgres",
]


def g_pw_prose(rng: random.Random) -> tuple[str, None]:
    pw = password(rng)
    t = pick(
        rng,
        [
            "The password for the staging DB is {pw} — rotate it after the demo.",
            "Guest wifi: SSID Office-5G, password {pw}",
            "Das Passwort für den Jenkins-Admin lautet {pw}, bitte nach dem Login ändern.",
            "Le mot de passe du compte root sur {host} est {pw}.",
            "La contraseña del servidor de staging es {pw}",
            "La password del NAS è {pw}, utente admin.",
            "Het wachtwoord voor het beheerdersaccount is {pw}",
            "Hasło do routera: {pw}",
            "A senha do banco de produção é {pw}",
            "管理者パスワードは {pw} です。",
            "pw for grafana admin = {pw}",
            "reset {user} to {pw} on {host}, don't forget to update the vault",
            "login for the VPN: {user} / {pw}",
            'Remember: the backup encryption passphrase is "{pw}".',
            "Lösenordet till wifi-nätet är {pw}",
            "I changed the SFTP password to {pw} — tell the vendor.",
        ],
    )
    return t.format(pw=pw, host=pick(rng, HOSTS), user=pick(rng, USERS)), None


def g_pw_cli(rng: random.Random) -> tuple[str, None]:
    pw = password(rng, "!#%&*+-=?^_~.")
    host, user = pick(rng, HOSTS), pick(rng, USERS)
    t = pick(
        rng,
        [
            "$ mysql -u {user} -p'{pw}' -h {host} shop",
            "sshpass -p '{pw}' ssh {user}@{host}",
            "curl -u {user}:{pw} https://{host}/api/json",
            "PGPASSWORD='{pw}' psql -h {host} -U {user} -d app",
            "docker login registry.corp.lan -u {user} -p '{pw}'",
            'mongosh "mongodb://{user}:{pw}@{host}:27017/admin"',
            "redis-cli -h {host} -a '{pw}' ping",
            "net use Z: \\\\fileserver\\share /user:CORP\\{user} {pw}",
            "smbclient //{host}/backup -U {user}%{pw}",
        ],
    )
    return t.format(pw=pw, host=host, user=user), None


def g_md_table(rng: random.Random) -> tuple[str, None]:
    svcs = [
        "Grafana",
        "MinIO",
        "Keycloak",
        "pgAdmin",
        "RabbitMQ",
        "Portainer",
        "Nextcloud",
        "Proxmox",
        "Unifi",
    ]
    rows = []
    chosen = rng.sample(svcs, rng.randint(2, 4))
    hdr = pick(
        rng,
        [
            ("Service", "User", "Password"),
            ("Dienst", "Benutzer", "Passwort"),
            ("Service", "Login", "Mot de passe"),
            ("Servicio", "Usuario", "Contraseña"),
        ],
    )
    for s in chosen:
        rows.append(f"| {s} | {pick(rng, USERS)} | {password(rng, '!#%&*+-=?@^_~.')} |")
    text = f"| {hdr[0]} | {hdr[1]} | {hdr[2]} |\n|---|---|---|\n" + "\n".join(rows)
    if rng.random() < 0.5:
        text = (
            pick(
                rng,
                [
                    "## Homelab credentials\n\n",
                    "### Zugangsdaten Testumgebung\n\n",
                    "Accès (ne pas partager) :\n\n",
                ],
            )
            + text
        )
    return text, None


def g_json_escaped(rng: random.Random) -> tuple[str, None]:
    pw = password(rng, "!#%&*+-=?@^_~.")
    inner = {
        pick(
            rng, ["password", "db_password", "passwd", "smtp_pass", "adminPassword"]
        ): pw,
        "user": pick(rng, USERS),
        "host": pick(rng, HOSTS),
    }
    inner_s = json.dumps(inner)
    style = rng.randrange(3)
    if style == 0:
        text = json.dumps(
            {"level": "debug", "msg": "loaded settings", "settings": inner_s}
        )
    elif style == 1:
        text = f"2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}T08:1{rng.randint(0, 9)}:03Z DEBUG request body={json.dumps(inner_s)}"
    else:
        text = json.dumps(
            {
                "SecretString": inner_s,
                "Name": f"prod/{pick(rng, ['billing', 'crm', 'etl'])}/db",
            }
        )
    return text, None


def g_config(rng: random.Random) -> tuple[str, None]:
    pw = password(rng, "!#%&*+-=?^_~.")
    host, user = pick(rng, HOSTS), pick(rng, USERS)
    kind = rng.randrange(12)
    if kind == 0:
        t = f"# redis.conf\nbind 0.0.0.0\nport 6379\nrequirepass {pw}\nmaxmemory 2gb"
    elif kind == 1:
        t = f"masterauth {pw}\nreplicaof {host} 6379"
    elif kind == 2:
        t = (
            f"[webservers]\nweb{rng.randint(1, 9)} ansible_host={host} ansible_user={user} "
            f"ansible_password={pw}"
        )
    elif kind == 3:
        t = f'# group_vars/all.yml\nansible_user: {user}\nansible_password: "{pw}"\nansible_become_pass: "{pw}"'
    elif kind == 4:
        t = f"{host}:5432:{pick(rng, ['app', 'billing', 'analytics', '*'])}:{user}:{pw}"
    elif kind == 5:
        t = f"# ~/.pgpass\n{host}:5432:*:{user}:{pw}\nlocalhost:5432:*:postgres:{password(rng, '!#%&*+-=?^_~.')}"
    elif kind == 6:
        t = f"machine {pick(rng, ['api.heroku.com', 'git.corp.lan', 'ftp.vendor-files.net', 'nexus.internal'])}\n  login {user}\n  password {pw}"
    elif kind == 7:
        t = f"[client]\nuser={user}\npassword={pw}\nhost={host}"
    elif kind == 8:
        t = f"spring.datasource.url=jdbc:postgresql://{host}:5432/app\nspring.datasource.username={user}\nspring.datasource.password={pw}"
    elif kind == 9:
        t = f'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: "{pw}"'
    elif kind == 10:
        t = f"SMTP_HOST=smtp.mailrelay.net\nSMTP_USER={user}\nSMTP_PASSWORD={pw}"
    else:
        t = f"DATABASE_URL=postgres://{user}:{password(rng, '-_.~!*')}@{host}:5432/app"
    return t, None


def api_key(rng: random.Random) -> tuple[str, str]:
    """Return (vendor, key)."""
    b64u = string.ascii_letters + string.digits + "_-"
    vendor = rng.randrange(18)
    if vendor == 0:
        return "github", "ghp_" + alnum(rng, 36)
    if vendor == 1:
        return "github", "github_pat_11" + alnum(
            rng, 20, string.ascii_uppercase + string.digits
        ) + "_" + alnum(rng, 59)
    if vendor == 2:
        return "gitlab", "glpat-" + alnum(rng, 20, b64u)
    if vendor == 3:
        return "slack", f"xoxb-{digits(rng, 11)}-{digits(rng, 13)}-{alnum(rng, 24)}"
    if vendor == 4:
        return "stripe", pick(rng, ["sk_live_", "rk_live_"]) + alnum(
            rng, 99 if rng.random() < 0.5 else 24
        )
    if vendor == 5:
        return "openai", "sk-proj-" + alnum(rng, 74, b64u) + "T3BlbkFJ" + alnum(
            rng, 74, b64u
        )
    if vendor == 6:
        return "anthropic", "sk-ant-api03-" + alnum(rng, 93, b64u) + "AA"
    if vendor == 7:
        return "google", "AIza" + alnum(rng, 35, b64u)
    if vendor == 8:
        kid = "AKIA" + alnum(rng, 16, string.ascii_uppercase + "234567")
        sec = alnum(rng, 40, string.ascii_letters + string.digits + "+/")
        return "aws", f"aws_access_key_id = {kid}\naws_secret_access_key = {sec}"
    if vendor == 9:
        return "sendgrid", f"SG.{alnum(rng, 22, b64u)}.{alnum(rng, 43, b64u)}"
    if vendor == 10:
        return "twilio", f"AC{alnum(rng, 32, HEX)}:{alnum(rng, 32, HEX)}"
    if vendor == 11:
        return "npm", "npm_" + alnum(rng, 36)
    if vendor == 12:
        return "huggingface", "hf_" + alnum(rng, 34, string.ascii_letters)
    if vendor == 13:
        return "shopify", "shpat_" + alnum(rng, 32, HEX)
    if vendor == 14:
        return "digitalocean", "dop_v1_" + alnum(rng, 64, HEX)
    if vendor == 15:
        return "mailgun", "key-" + alnum(rng, 32, HEX)
    if vendor == 16:
        return (
            "telegram",
            f"{rng.randint(5000000000, 7999999999)}:AA{alnum(rng, 33, b64u)}",
        )
    return "slack_webhook", (
        f"https://hooks.slack.com/services/T{alnum(rng, 10, string.ascii_uppercase + string.digits)}"
        f"/B{alnum(rng, 10, string.ascii_uppercase + string.digits)}/{alnum(rng, 24)}"
    )


def g_apikey_bare(rng: random.Random) -> tuple[str, None]:
    _, key = api_key(rng)
    return key, None


def g_apikey_ctx(rng: random.Random) -> tuple[str, None]:
    vendor, key = api_key(rng)
    if "\n" in key:
        return f"# ~/.aws/credentials\n[default]\n{key}", None
    t = pick(
        rng,
        [
            "{v} key: {k}",
            "export {V}_TOKEN={k}",
            "new token for {v} -> {k}",
            "{k}  # prod, do not commit",
            "Neuer {v}-Key: {k}",
            "clé {v} : {k}",
            "token={k}",
        ],
    )
    return t.format(v=vendor, V=vendor.upper(), k=key), None


def g_pin(rng: random.Random) -> tuple[str, None]:
    pin = digits(rng, pick(rng, [4, 4, 4, 5, 6]))
    t = pick(
        rng,
        [
            "Door code for the storage room: {p}#",
            "Türcode Haupteingang: {p}",
            "Digicode de l'immeuble : {p}B, puis interphone.",
            "PIN de la tarjeta de empresa: {p}",
            "SIM PIN {p}, PUK {puk}",
            "alarm disarm code is {p} — you have 30 seconds after opening the door",
            "Key safe by the side gate, code {p}",
            "Codice del cancello: {p}",
            "PIN for the company Visa is {p}",
            "deurcode kantoor: {p}",
            "kod do domofonu: {p}",
            "senha do cartão: {p}",
            "Garage keypad: {p} then the up arrow",
            "ATM PIN: {p}",
            "暗証番号は{p}です",
            "Tresor-Kombination: {p}",
            "Bike lock combo {p}",
            "phone unlock PIN is {p}",
        ],
    )
    return t.format(p=pin, puk=digits(rng, 8)), None


# --------------------------------------------------------------------------------------------------
# Clean look-alikes
# --------------------------------------------------------------------------------------------------

COMPANY_ADDR = [
    "Acme Logistics GmbH, Hafenstraße 12, 20457 Hamburg",
    "Nordwind Software AG, Friedrichstraße 68, 10117 Berlin",
    "Brasserie du Port SARL, 4 quai de la Fosse, 44000 Nantes",
    "Tienda Verde S.L., Calle de Fuencarral 45, 28004 Madrid",
    "Officina Rossi S.r.l., Via Tortona 31, 20144 Milano",
    "Bakkerij De Molen B.V., Stationsplein 8, 3511 ED Utrecht",
    "Polmex Sp. z o.o., ul. Prosta 51, 00-838 Warszawa",
    "Café Aurora Ltda., Av. Paulista 1578, Bela Vista, São Paulo - SP",
    "Kiran Textiles Pvt Ltd, Plot 14, MIDC Industrial Area, Andheri East, Mumbai 400093",
    "Sakura Robotics K.K., 2-7-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005",
    "Southern Cross Brewing Pty Ltd, 88 Industrial Drive, Braeside VIC 3195",
    "Maple Leaf Hardware Inc., 250 King Street West, Toronto, ON M5V 1J2",
    "Bluebell Florists Ltd, Unit 4, Riverside Business Park, Leeds LS11 5DR",
    "Harbor Coffee Roasters, 1420 Pine Street, Seattle, WA 98101",
]
VENUES = [
    "Royal Albert Hall, Kensington Gore, London SW7 2AP",
    "Messe Berlin, Messedamm 22, 14055 Berlin",
    "Olympiastadion, Olympischer Platz 3, 14053 Berlin",
    "Sydney Opera House, Bennelong Point, Sydney NSW 2000",
    "Palais des Congrès, 2 place de la Porte Maillot, 75017 Paris",
    "Madison Square Garden, 4 Pennsylvania Plaza, New York, NY 10001",
    "Ziggo Dome, De Passage 100, 1101 AX Amsterdam",
    "Tokyo Big Sight, 3-11-1 Ariake, Koto-ku, Tokyo",
    "IFEMA, Av. del Partenón 5, 28042 Madrid",
    "Fiera Milano, Strada Statale del Sempione 28, 20017 Rho MI",
    "Allianz Parque, Av. Francisco Matarazzo 1705, São Paulo",
    "Metro Toronto Convention Centre, 255 Front St W, Toronto",
    "Hala Stulecia, ul. Wystawowa 1, 51-618 Wrocław",
    "Melbourne Convention and Exhibition Centre, 1 Convention Place, South Wharf VIC 3006",
]


def g_clean_company_addr(rng: random.Random) -> tuple[str, None]:
    c = pick(rng, COMPANY_ADDR)
    t = pick(
        rng,
        [
            "Invoice address: {c}",
            "Our new office: {c} (reception on the 2nd floor)",
            "Returns go to our warehouse — {c}",
            "Impressum: {c}",
            "Rechnungsanschrift: {c}",
            "Adresse de facturation : {c}",
            "Dirección fiscal: {c}",
            "Sede legale: {c}",
            "Pickup point for online orders: {c}",
            "Shop opening hours Mon–Sat 9–18, {c}",
            "Vendor master data updated: {c}",
            "Siedziba firmy: {c}",
        ],
    )
    return t.format(c=c), None


def g_clean_venue(rng: random.Random) -> tuple[str, None]:
    v = pick(rng, VENUES)
    t = pick(
        rng,
        [
            "Venue: {v}. Doors open 18:30.",
            "The meetup moved to {v}, hall B.",
            "Veranstaltungsort: {v}",
            "Lieu : {v}",
            "Sede del evento: {v}",
            "Badge pickup at the main entrance of {v}",
            "Load-in for the stage crew at {v}, gate 3, from 07:00.",
        ],
    )
    return t.format(v=v), None


def g_clean_event_date(rng: random.Random) -> tuple[str, None]:
    y = rng.randint(2023, 2026)
    m = rng.randint(1, 12)
    d = rng.randint(1, 27)
    ver = f"{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}"
    t = pick(
        rng,
        [
            f"v{ver} released on {y}-{m:02d}-{d:02d}; see CHANGELOG for details.",
            f"Code freeze for the {y} Q{(m - 1) // 3 + 1} release: {d} {MONTHS['en'][m - 1]} {y}.",
            f"Die Konferenz findet vom {d}. bis {d + 1}. {MONTHS['de'][m - 1]} {y} statt.",
            f"La réunion de lancement est prévue le {d} {MONTHS['fr'][m - 1]} {y} à 10h.",
            f"El evento se celebra el {d} de {MONTHS['es'][m - 1]} de {y}.",
            f"Sprint review: {d:02d}/{m:02d}/{y}, 14:00 CET.",
            f"TLS certificate for api.example.com expires {y}-{m:02d}-{d:02d}.",
            f"Invoice RE-{y}-{rng.randint(100, 999)} dated {d:02d}.{m:02d}.{y}, due in 30 days.",
            f"Offsite: {d}–{d + 2} {MONTHS['en'][m - 1]} {y}, Lisbon.",
            f"Python {pick(rng, ['3.12', '3.13', '3.14'])} end of life is planned for October {y + 4}.",
            f"リリース予定日：{y}年{m}月{d}日",
            f"Migration window: {y}-{m:02d}-{d:02d} 22:00–02:00 UTC.",
            f"Data retention: logs older than {y}-{m:02d}-{d:02d} were purged.",
        ],
    )
    return t, None


HISTORY = [
    "The Berlin Wall fell on 9 November 1989.",
    "Die Mauer fiel am 9. November 1989.",
    "La Bastille a été prise le 14 juillet 1789.",
    "The Treaty of Rome was signed on 25 March 1957.",
    "Unix time counts seconds since 1970-01-01T00:00:00Z.",
    "Apollo 11 landed on the Moon on 20 July 1969.",
    "La Constitución española fue ratificada el 6 de diciembre de 1978.",
    "Il 2 giugno 1946 si tenne il referendum istituzionale in Italia.",
    "Polska odzyskała niepodległość 11 listopada 1918 r.",
    "A independência do Brasil foi proclamada em 7 de setembro de 1822.",
    "India became a republic on 26 January 1950.",
    "The euro banknotes entered circulation on 1 January 2002.",
    "Het Koninkrijk der Nederlanden werd in 1815 uitgeroepen.",
    "Canada Day marks 1 July 1867, Confederation.",
    "The first web page went online on 6 August 1991.",
    "The Y2038 problem hits at 2038-01-19 03:14:07 UTC.",
    "1945年8月15日、終戦。",
    "Australia federated on 1 January 1901.",
    "The Good Friday Agreement was signed on 10 April 1998.",
    "Git's first commit was made on 7 April 2005.",
]

FAMOUS = [
    "Ada Lovelace was born on 10 December 1815 in London.",
    "Marie Curie, née le 7 novembre 1867 à Varsovie, reçut deux prix Nobel.",
    "Goethe wurde am 28. August 1749 in Frankfurt am Main geboren.",
    "Wolfgang Amadeus Mozart (born 27 January 1756) composed over 600 works.",
    "Frida Kahlo nació el 6 de julio de 1907 en Coyoacán.",
    "Leonardo da Vinci nacque il 15 aprile 1452 a Vinci.",
    "Vincent van Gogh werd geboren op 30 maart 1853 in Zundert.",
    "Fryderyk Chopin urodził się 1 marca 1810 r. w Żelazowej Woli.",
    "Machado de Assis nasceu em 21 de junho de 1839 no Rio de Janeiro.",
    "Rabindranath Tagore was born on 7 May 1861 in Calcutta.",
    "夏目漱石は1867年2月9日に生まれた。",
    "Alan Turing, born 23 June 1912, is the namesake of the Turing Award.",
    "Frodo and Bilbo Baggins share a birthday: 22 September.",
    "Sherlock Holmes' birthday is traditionally celebrated on 6 January.",
    "Harry Potter's birthday is 31 July 1980, according to the books.",
    "Linus Torvalds was born on 28 December 1969 in Helsinki.",
    "Carl Friedrich Gauß (geb. 30. April 1777) gilt als Fürst der Mathematiker.",
    "Grace Hopper (DOB 9 December 1906) popularised the term 'debugging'.",
    "Astérix est né, selon Goscinny, le 29 octobre 1959 dans Pilote.",
    "Don Quijote no tiene fecha de nacimiento; Cervantes nació el 29 de septiembre de 1547.",
    "Mickey Mouse's official birthday is November 18, 1928.",
    "Albert Einstein: born 14 March 1879, Ulm — Pi Day birthday trivia.",
]

JWT_IO = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIy"
    "fQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
EXAMPLE_KEYS = [
    "AWS docs example: aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY  # from the AWS CLI user guide",
    "The IAM docs use AKIAI44QH8DHBEXAMPLE with secret je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY.",
    f"Paste a token such as the jwt.io sample {JWT_IO} into the debugger to see its claims.",
    f"# decoded header of the jwt.io default token\n{JWT_IO[:36]}",
    'RFC 4226 test secret (ASCII): "12345678901234567890" -> HOTP values 755224, 287082, ...',
    "RFC 6238 Appendix B uses the seed 3132333435363738393031323334353637383930 (hex) for SHA1.",
    "Stripe docs test key: sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "Publishable test key from the Stripe quickstart: pk_test_TYooMQauvdEDq54NiTphI7jx",
    "Google Authenticator docs use the demo secret JBSWY3DPEHPK3PXP in the otpauth example.",
    "Slack's docs show tokens like xoxb-not-a-real-token-this-will-not-work.",
    "API base URL in the tutorial: https://api.example.com/v1/items?api_key=YOUR_API_KEY",
    "Use user@example.com and example.org in docs; RFC 2606 reserves them.",
    "Test cards: 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard) — Stripe test mode only.",
    "Adyen test card 4111 1111 1111 1111, any future expiry, CVC 737.",
    "RFC 7617 example: Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==  (Aladdin / open sesame)",
    "The HMAC test vector key in RFC 4231 case 1 is 0x0b repeated 20 times.",
    "Twilio docs placeholder: ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX / your_auth_token",
    "GitHub token format: ghp_ followed by 36 characters, e.g. ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "RFC 7515 A.1 uses the HMAC key AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow",
    "Jenkins example: JENKINS_API_TOKEN=11xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
]


def g_clean_example_key(rng: random.Random) -> tuple[str, None]:
    e = pick(rng, EXAMPLE_KEYS)
    pre = pick(
        rng,
        [
            "",
            "Note: ",
            "docs snippet — ",
            "From the README: ",
            "Beispiel aus der Doku: ",
        ],
    )
    return pre + e, None


def g_clean_public(rng: random.Random) -> tuple[str, None]:
    kind = rng.randrange(5)
    seed = bytes(rng.getrandbits(8) for _ in range(32))
    if kind == 0:
        pub = ed25519.Ed25519PrivateKey.from_private_bytes(seed).public_key()
        line = pub.public_bytes(
            serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
        ).decode()
        return (
            f"Add this deploy key to the repo (public part only):\n{line} ci-deploy",
            None,
        )
    if kind == 1:
        return (
            f"sha256 checksum: {hashlib.sha256(seed).hexdigest()}  release-{rng.randint(1, 9)}.{rng.randint(0, 30)}.tar.gz",
            None,
        )
    if kind == 2:
        return (
            f"fixed in commit {hashlib.sha1(seed).hexdigest()} (merged into main)",
            None,
        )
    if kind == 3:
        h = hashlib.md5(seed).hexdigest()
        return (
            f"request_id={h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]} status=200 latency={rng.randint(3, 900)}ms",
            None,
        )
    der = bytes.fromhex("302a300506032b6570032100") + seed
    b64 = base64.b64encode(der).decode()
    return (
        f"Server signing key (public):\n-----BEGIN PUBLIC KEY-----\n{b64}\n-----END PUBLIC KEY-----",
        None,
    )


def valid(
    rng: random.Random, n: int, check: Callable[[str], bool], prefix: str = ""
) -> str:
    while True:
        c = prefix + digits(rng, n)
        if check(c):
            return c


def g_clean_company_id(rng: random.Random) -> tuple[str, None]:
    kind = rng.randrange(13)
    if kind == 0:
        v = br_cnpj.format(valid(rng, 14, br_cnpj.is_valid))
        return pick(
            rng, [f"CNPJ da empresa: {v}", f"Razão social Café Aurora Ltda. — CNPJ {v}"]
        ), None
    if kind == 1:
        v = fr_siren.format(valid(rng, 9, fr_siren.is_valid))
        return pick(
            rng,
            [f"SIREN de la société : {v}", f"Brasserie du Port SARL, RCS Nantes {v}"],
        ), None
    if kind == 2:
        v = valid(rng, 14, fr_siret.is_valid)
        return f"SIRET (établissement principal) : {v}", None
    if kind == 3:
        v = valid(rng, 9, de_vat.is_valid)
        return pick(
            rng,
            [
                f"USt-IdNr.: DE{v}",
                f"Acme Logistics GmbH · VAT ID DE{v} · HRB {rng.randint(10000, 199999)} B",
            ],
        ), None
    if kind == 4:
        v = valid(rng, 9, gb_vat.is_valid)
        return (
            f"VAT Reg No. GB {v[:3]} {v[3:7]} {v[7:]} — Company No. {rng.randint(1000000, 13999999):08d}",
            None,
        )
    if kind == 5:
        v = valid(rng, 9, us_ein.is_valid)
        return pick(
            rng,
            [
                f"Employer Identification Number (EIN) of Harbor Coffee Roasters LLC: {v[:2]}-{v[2:]}",
                f"W-9 on file for vendor Brightline Supply Inc., EIN {v[:2]}-{v[2:]}",
            ],
        ), None
    if kind == 6:
        v = valid(rng, 11, it_iva.is_valid)
        return f"Officina Rossi S.r.l. — P.IVA {v}", None
    if kind == 7:
        while True:
            c = pick(rng, "ABCDEFGHJ") + digits(rng, 7)
            for ch in "0123456789":
                if es_cif.is_valid(c + ch):
                    return f"Tienda Verde S.L., CIF {c + ch}", None
    if kind == 8:
        v = valid(rng, 9, pl_regon.is_valid)
        return f"Polmex Sp. z o.o., REGON {v}, KRS 0000{digits(rng, 6)}", None
    if kind == 9:
        v = au_abn.format(valid(rng, 11, au_abn.is_valid))
        return f"Southern Cross Brewing Pty Ltd ABN {v}", None
    if kind == 10:
        v = valid(rng, 13, jp_cn.is_valid)
        return f"法人番号：{v}（Sakura Robotics株式会社）", None
    if kind == 11:
        v = valid(rng, 9, lambda x: nl_btw.is_valid(f"NL{x}B01"))
        return (
            f"Bakkerij De Molen B.V. — btw-nummer NL{v}B01, KvK {digits(rng, 8)}",
            None,
        )
    st = pick(rng, ["27", "29", "07", "33"])
    while True:
        pan = upper(rng, 3) + "C" + upper(rng, 1) + digits(rng, 4) + upper(rng, 1)
        for ck in string.digits + string.ascii_uppercase:
            g = f"{st}{pan}1Z{ck}"
            if in_gstin.is_valid(g):
                return f"Kiran Textiles Pvt Ltd, GSTIN {g}", None


def g_clean_order(rng: random.Random) -> tuple[str, None]:
    t = pick(
        rng,
        [
            f"Order #A-{rng.randint(2022, 2025)}-{digits(rng, 6)} shipped, UPS tracking 1Z{alnum(rng, 6, string.ascii_uppercase + string.digits)}{digits(rng, 10)}",
            f"DHL Sendungsnummer: JJD00{digits(rng, 16)}",
            f"Bestellnummer {digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}",
            f"Part number {pick(rng, ['0451-103-355', '74HC595N', 'LM317T', 'SKF 6204-2RS', 'M8x25 DIN 912'])}, qty {rng.randint(1, 500)}",
            f"Ticket INC{digits(rng, 7)} resolved — root cause: expired cert",
            f"Numéro de commande : CMD-{digits(rng, 8)}, livraison prévue sous 48h",
            f"Nº do pedido: {digits(rng, 10)} — rastreio: {upper(rng, 2)}{digits(rng, 9)}BR",
            f"Item SKU {upper(rng, 3)}-{digits(rng, 4)}-{upper(rng, 2)} is back in stock ({rng.randint(2, 80)} units).",
            f"PO-{digits(rng, 6)} approved, total EUR {rng.randint(100, 90000)}.{digits(rng, 2)}",
            f"Royal Mail tracking {upper(rng, 2)}{digits(rng, 9)}GB — out for delivery",
            f"RMA {digits(rng, 8)}: replace unit serial SN{upper(rng, 2)}{digits(rng, 8)}",
            f"注文番号：{digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}",
            f"JIRA PAY-{rng.randint(100, 9999)}: bump psycopg to {rng.randint(2, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 20)}",
        ],
    )
    return t, None


def g_clean_postcode(rng: random.Random) -> tuple[str, None]:
    t = pick(
        rng,
        [
            "Free delivery within postcodes 10115–10999 (Berlin).",
            "Our coverage: Paris 75001 to 75020.",
            "SW1A 1AA is the postcode of Buckingham Palace.",
            "CEP 01310-100 corresponde à Avenida Paulista.",
            "PLZ 80331 ist die Münchner Altstadt.",
            "ZIP 94105 has one of the highest densities of startups.",
            "Postcodes starting with 2000 are Sydney CBD.",
            "Warszawa: kody pocztowe 00-001 do 04-999.",
            "〒100-0001 は千代田区千代田の郵便番号です。",
            "Pincode 560001 covers Bengaluru GPO.",
            "Dutch postcodes look like 1012 AB — four digits and two letters.",
            "Codice di avviamento postale 00100 = Roma.",
            "Canadian postal codes alternate letters and digits, e.g. K1A 0B1 for Parliament Hill.",
            "Shipping surcharge applies to postcodes BT, HS and ZE.",
            f"Filter: region_postcode LIKE '{rng.randint(10, 99)}%'",
            "Código postal 28013 = Madrid centro (Puerta del Sol).",
        ],
    )
    return t, None


def g_clean_placeholder(rng: random.Random) -> tuple[str, None]:
    t = pick(
        rng,
        [
            "password: <YOUR_PASSWORD>",
            "DB_PASSWORD=${DB_PASSWORD}",
            'api_key: "{{ vault_api_key }}"',
            "Passwort: ********",
            "token: REDACTED",
            "Address: [Street] [No.], [Postcode] [City]",
            "DOB: DD.MM.YYYY",
            "Passport No.: _________",
            "Telefon: +49 XXX XXXXXXX",
            "email: name@domain.tld",
            "OPENAI_API_KEY=sk-...  # set in your shell",
            "aws_access_key_id = AKIA****************",
            "requirepass <set-a-strong-password-here>",
            'ansible_password: "{{ vault_ansible_password }}"',
            "host:port:database:username:password  # .pgpass format",
            "machine <host> login <user> password <password>",
            "| Service | User | Password |\n|---|---|---|\n| Grafana | admin | (see 1Password) |",
            "Geburtsdatum: TT.MM.JJJJ",
            "Date de naissance : JJ/MM/AAAA",
            "Door code: ask reception",
            "PIN: ****",
            "STRIPE_SECRET_KEY=sk_live_xxx (replace before deploy)",
            "Mot de passe : <à définir>",
            "Contraseña: (la misma de siempre, pregúntale a Marta)",
            '{"password": "<redacted>", "user": "svc"}',
            "Ship to: {{customer.name}}, {{customer.address}}",
            "birthDate: null",
            'phone: ""',
            "export GITHUB_TOKEN=$(gh auth token)",
            'password = os.environ["DB_PASSWORD"]',
        ],
    )
    return t, None


# --------------------------------------------------------------------------------------------------
# Assembly
# --------------------------------------------------------------------------------------------------

# (label, kind, template, quota, generator)
PLAN: list[tuple[str, str, str, int, Callable]] = [
    ("pii", "address", "addr.prose", 20, g_addr_prose),
    ("pii", "address", "addr.my", 12, g_addr_my),
    ("pii", "address", "addr.ship", 12, g_addr_ship),
    ("pii", "address", "addr.signature", 8, g_addr_signature),
    ("pii", "address", "addr.csv", 6, g_addr_csv),
    ("pii", "address", "addr.json", 6, g_addr_json),
    ("pii", "address", "addr.yaml", 3, g_addr_yaml),
    ("pii", "address", "addr.jp_kanji", 4, g_addr_jp_kanji),
    ("pii", "dob", "dob", 52, None),
    ("pii", "passport", "passport", 30, g_passport),
    ("pii", "phone", "phone.national", 27, g_phone),
    ("pii", "email", "email.obfuscated", 20, g_email),
    ("secret", "password", "pw.prose", 40, g_pw_prose),
    ("secret", "cli", "pw.cli", 18, g_pw_cli),
    ("secret", "md_table", "pw.md_table", 16, g_md_table),
    ("secret", "json_escaped", "pw.json_escaped", 16, g_json_escaped),
    ("secret", "config", "cfg.directive", 40, g_config),
    ("secret", "apikey", "key.bare", 30, g_apikey_bare),
    ("secret", "apikey", "key.ctx", 18, g_apikey_ctx),
    ("secret", "pin", "pin.code", 22, g_pin),
    ("clean", "company_address", "clean.company_addr", 22, g_clean_company_addr),
    ("clean", "venue_address", "clean.venue", 12, g_clean_venue),
    ("clean", "event_date", "clean.event_date", 22, g_clean_event_date),
    (
        "clean",
        "historical_date",
        "clean.history",
        14,
        lambda rng: (pick(rng, HISTORY), None),
    ),
    (
        "clean",
        "famous_birthday",
        "clean.famous",
        16,
        lambda rng: (pick(rng, FAMOUS), None),
    ),
    ("clean", "example_key", "clean.example_key", 24, g_clean_example_key),
    ("clean", "public_id", "clean.public", 12, g_clean_public),
    ("clean", "company_id", "clean.company_id", 26, g_clean_company_id),
    ("clean", "order_number", "clean.order", 22, g_clean_order),
    ("clean", "postcode", "clean.postcode", 10, g_clean_postcode),
    ("clean", "placeholder", "clean.placeholder", 20, g_clean_placeholder),
]


def main() -> None:
    rows: list[dict] = []
    seen: set[str] = set()
    for label, kind, template, quota, gen in PLAN:
        made = 0
        tries = 0
        while made < quota:
            tries += 1
            if tries > quota * 200:
                raise RuntimeError(f"cannot fill {template}: {made}/{quota}")
            if gen is None:  # dob: template id comes from the variant
                tid, text, value = dob_variant(R, DOB_LANGS[tries % len(DOB_LANGS)])
            else:
                tid = template
                text, value = gen(R)
            if text in seen:
                continue
            if label == "pii":
                assert value and value in text, (template, text, value)
            seen.add(text)
            row = {
                "text": text,
                "label": label,
                "kind": kind,
                "template": tid,
                "probe": PROBE,
                "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
            }
            if label == "pii":
                row["value"] = value
            rows.append(row)
            made += 1
    ids = [r["id"] for r in rows]
    assert len(ids) == len(dict.fromkeys(ids)), "id collision"
    with OUT.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {OUT}")
    for label, n in sorted(Counter(r["label"] for r in rows).items()):
        print(f"{label:7s} {n}")
    for (label, kind), n in sorted(
        Counter((r["label"], r["kind"]) for r in rows).items()
    ):
        print(f"  {label:7s} {kind:18s} {n}")


if __name__ == "__main__":
    main()
