# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, ninth round: the gaps the last round left, and tune13's classes.

Each case is a sentence of this round's own (other people, places and
values than any dev set): unquoted passphrases given as a password, a full
address with no cue word after a person's name or label, births of public
and historical figures (and of things) kept clean while a user's or a
contact's stay personal, dates that are no phone numbers.
"""

import pytest

from memory_core.detectors import ADDRESS, DOB, find_pii, find_secrets

SECRETS = [
    "wifi password is correct horse battery staple",
    "The passphrase for the backup disk is sunset orchard copper lantern.",
    "Our guest wifi password: purple monkey dishwasher",
    "Password for the NAS is maple river stone — keep it safe",
    "Das WLAN-Passwort lautet grüner Apfel Baum Haus",
    "le mot de passe du wifi est chat bleu tortue jardin",
]

NOT_SECRETS = [
    "The password is too short and weak",
    "The password is in the vault",
    "your password is not stored in plain text",
    "the password is the same as last year",
    "The password is a long phrase of four random words",
    "the wifi password is on the fridge door",
    "the password is correct",
    "the password is printed underneath the router",
    "Password: see the onboarding email",
    "password: ask Maria tomorrow morning",
    "The password is required for login",
    "The password is managed by IT",
]

PII = [
    # A full address after a person's name or a label about a person.
    (
        "Hannah Schmidt, Lindenstraße 12, 10969 Berlin",
        ADDRESS,
        "Lindenstraße 12, 10969 Berlin",
    ),
    (
        "Sarah Jones — 14 Elm Street, Springfield, IL 62704",
        ADDRESS,
        "14 Elm Street, Springfield, IL 62704",
    ),
    (
        "Jan Kowalski, ul. Lipowa 21/4, 00-950 Warszawa",
        ADDRESS,
        "ul. Lipowa 21/4, 00-950 Warszawa",
    ),
    (
        "Package for Tom: 22 Beech Close, Falmouth TR11 2AB",
        ADDRESS,
        "22 Beech Close, Falmouth TR11 2AB",
    ),
    (
        "Mum's place is 7 Rowan Avenue, Leeds LS6 2QT",
        ADDRESS,
        "7 Rowan Avenue, Leeds LS6 2QT",
    ),
    ("Marco Rossi - Via Roma 12, 00184 Roma", ADDRESS, "Via Roma 12, 00184 Roma"),
    # A user's or a contact's birth stays personal, even beside a role word.
    ("My daughter was born on 3 May 2019 in Leeds.", DOB, "3 May 2019"),
    ("The user was born on 14 February 1979.", DOB, "14 February 1979"),
    ("Our client Marta Nowak was born on 12.03.1985 in Kraków.", DOB, "12.03.1985"),
    ("Ana Souza, born 4 May 1990, is our new tenant in flat 3.", DOB, "4 May 1990"),
    (
        "Tom Becker, born 2 May 1981, works as a journalist at the local paper.",
        DOB,
        "2 May 1981",
    ),
    (
        "Lena Fischer (geb. 03.04.1992), Schauspielerin aus Köln, Kontakt: lena@fischer.de",
        DOB,
        "03.04.1992",
    ),
    ("My son was born on 3 May 2015. He wants to be a footballer.", DOB, "3 May 2015"),
]

CLEAN = [
    # Public and historical figures, and things that were "born".
    "The physicist Stephen Hawking was born on 8 January 1942 in Oxford and died in 2018.",
    "Singer Adele, born 5 May 1988 in London, won the Grammy.",
    "Barack Obama (born August 4, 1961) is an American politician who served as the 44th president.",
    "Angela Merkel wurde am 17. Juli 1954 in Hamburg geboren und war Bundeskanzlerin.",
    "Footballer Lionel Messi was born on 24 June 1987 in Rosario.",
    "Princess Diana, born 1 July 1961, died 31 August 1997 in Paris.",
    "Author J.K. Rowling was born on 31 July 1965 in Yate.",
    "According to Wikipedia, Greta Thunberg was born on 3 January 2003.",
    "The euro was born on 1 January 1999.",
    "The World Wide Web was born on 12 March 1989 at CERN.",
    # Addresses that are a business's, a venue's, or no one's in particular.
    "Café Luna, 12 Rue Oberkampf, 75011 Paris, opens at 9.",
    "Meeting at Hotel Adlon, Unter den Linden 77, 10117 Berlin.",
    "Send the invoice to Acme Ltd, 1 King Street, Manchester M2 4LQ",
    "The conference is at 747 Howard Street, San Francisco, CA 94103.",
    "Rua Augusta 120, 1100-053 Lisboa",
    "We walked 5 miles down Oxford Street in 2019.",
    # A date is no phone number, whatever cue stands near it.
    "Termin am 03.04.2026, Kontakt: Lena",
    "Kontakt 03.04.1992",
]


@pytest.mark.parametrize("text", SECRETS)
def test_passphrases_given_as_a_password_are_refused(text):
    assert find_secrets(text)


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_what_is_said_about_a_password_is_no_passphrase(text):
    assert not find_secrets(text)


@pytest.mark.parametrize(("text", "kind", "value"), PII)
def test_personal_details_are_redacted(text, kind, value):
    assert not find_secrets(text)
    findings = find_pii(text)
    assert [(f.kind, f.value) for f in findings if f.kind == kind] == [(kind, value)]


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_untouched(text):
    assert not find_secrets(text)
    assert not find_pii(text)
