# ruff: noqa: E501 (the rows are data, one line each)
"""Write `sensitivity_tune13x.jsonl`: helper S3's probe of the gaps of round 8.

Written by hand after the first fixes for these classes and scored once
before any further change (SENSITIVITY.md, ninth round): unquoted
passphrases given as a password, full addresses without a cue word, births
of users and contacts (personal) and of public figures, historical people
and things (clean), and what is said about passwords and places.
Run `python tests/data/make_sensitivity_tune13x.py`.
"""

import json
from pathlib import Path

SECRETS = [
    "home wifi password is velvet pigeon trumpet cactus",
    "The new passphrase is orbit lemon glacier.",
    "router admin password: copper fox meadow tulip",
    "Passphrase for my GPG key is lantern ostrich violet harbor, don't lose it",
    "office wifi key is marble ostrich pencil",
    "The password for the shared drive was grape ninja saddle rocket.",
    "Kennwort für das NAS ist blauer Fisch Tisch Lampe",
    "het wachtwoord is groene fiets molen kaas",
    "la contraseña del wifi es perro azul mesa luna",
    "a senha do wifi é gato verde casa lua",
    "Mot de passe : soleil rouge pomme vélo",
    "password = tiger walnut pepper",
    "Guest network key: sunny parrot biscuit",
    "wifi password for the cabin is moose canoe pine ember — thanks!",
    "My bank passphrase is falcon oyster bridge nectar",
]
PII = [
    ("Oliver Grant, 42 Maple Grove, Bath BA2 4QD", "42 Maple Grove, Bath BA2 4QD"),
    ("Julia Wagner — Bergstraße 8, 69120 Heidelberg", "Bergstraße 8, 69120 Heidelberg"),
    (
        "For Anna: Keizersgracht 120, 1015 CX Amsterdam",
        "Keizersgracht 120, 1015 CX Amsterdam",
    ),
    (
        "Piotr Zieliński, ul. Słoneczna 14/2, 31-123 Kraków",
        "ul. Słoneczna 14/2, 31-123 Kraków",
    ),
    ("Grandma's house is 3 Orchard Way, Truro TR1 3AB", "3 Orchard Way, Truro TR1 3AB"),
    (
        "Lucía Martín, Calle de Alcalá 45, 28014 Madrid",
        "Calle de Alcalá 45, 28014 Madrid",
    ),
    (
        "Parcel to Mei Chen: 88 Victoria Road, Cambridge CB4 3BW",
        "88 Victoria Road, Cambridge CB4 3BW",
    ),
    (
        "Émile Laurent, 5 rue Victor Hugo, 33000 Bordeaux",
        "5 rue Victor Hugo, 33000 Bordeaux",
    ),
    (
        "Giulia Bianchi - Via Garibaldi 21, 10122 Torino",
        "Via Garibaldi 21, 10122 Torino",
    ),
    ("Nora Hansen, Storgata 12, 0155 Oslo", "Storgata 12, 0155 Oslo"),
    ("My grandfather was born on 9 April 1941 in Cork.", "9 April 1941"),
    ("Our son was born 17 June 2018 at St Mary's.", "17 June 2018"),
    ("The customer was born on 30 November 1976.", "30 November 1976"),
    (
        "Priya Nair, born 21 March 1988, joined the team as an engineer.",
        "21 March 1988",
    ),
    ("Client file: Marek Novak, born 02.09.1979, lives in Brno.", "02.09.1979"),
    (
        "Hugo Petit est né le 12 mai 1984 à Lille, contact hugo.petit@free.fr",
        "12 mai 1984",
    ),
    ("The tenant in flat 2 was born on 4 August 1995.", "4 August 1995"),
    ("my wife was born on 23 October 1983", "23 October 1983"),
]
CLEAN = [
    "Nelson Mandela was born on 18 July 1918 and died in 2013.",
    "Composer Ennio Morricone, born 10 November 1928 in Rome, scored over 400 films.",
    "Tennis champion Serena Williams was born on 26 September 1981 in Saginaw.",
    "Prime Minister Jacinda Ardern was born on 26 July 1980 in Hamilton.",
    "The novelist Haruki Murakami was born on 12 January 1949 in Kyoto.",
    "Astronaut Sally Ride (May 26, 1951 – July 23, 2012) was the first American woman in space.",
    "Linux was born on 25 August 1991 with a post to comp.os.minix.",
    "The band was born in a Dublin garage on 25 September 1976.",
    "Queen Elizabeth II was born on 21 April 1926 in Mayfair.",
    "Der Physiker Max Planck wurde am 23. April 1858 geboren.",
    "Inventor Tim Berners-Lee, born 8 June 1955, created the Web.",
    "The password is hashed with argon2 before storage",
    "The wifi password is written on the back of the router",
    "Password: check the team vault under Infra",
    "the password is the name of our first dog",
    "The new password is stronger than the old one",
    "Passphrase rules: at least four random words",
    "The password is ready, I'll send it on Signal",
    "Visit us at Bäckerei Schmidt, Hauptstraße 14, 69117 Heidelberg.",
    "The meetup is at Impact Hub, 20 Rue Oberkampf, 75011 Paris.",
    "Return the parcel to Acme Returns, 5 Dock Road, Liverpool L3 4AA.",
    "Head office: Stripe Payments Europe, 1 Grand Canal Street, Dublin D02 H210.",
    "Museo del Prado, Calle de Ruiz de Alarcón 23, 28014 Madrid, opens at 10.",
    "We drove 300 km along Route 66 in 2019.",
    "Kontakt: Termin am 14.11.2025 um 10 Uhr",
]


def main() -> None:
    rows = [
        {"label": "secret", "kind": "passphrase", "text": t, "value": ""}
        for t in SECRETS
    ]
    rows += [
        {
            "label": "pii",
            "kind": "address" if "born" not in t and " né " not in t else "dob",
            "text": t,
            "value": v,
        }
        for t, v in PII
    ]
    rows += [{"label": "clean", "kind": "clean", "text": t, "value": ""} for t in CLEAN]
    out = Path(__file__).with_name("sensitivity_tune13x.jsonl")
    with out.open("w", encoding="utf-8") as lines:
        for row in rows:
            lines.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
