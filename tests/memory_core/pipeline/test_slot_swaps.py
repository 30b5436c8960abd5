"""Slot swaps a curator reads at once (issue 12, thirteenth session): one
attribute said in other words or abbreviations with another typed value, a
role held by one person named twice, exclusive states; and the pairs that
only look so: a role several people hold, an attribute qualified apart."""

import pytest

from memory_core.pipeline import slots
from memory_core.pipeline.judges import RuleJudge


def contradicts(premise: str, hypothesis: str) -> bool:
    return RuleJudge().judge(premise, hypothesis).contradicts


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        # A pronoun's contraction is no word of the statement's own.
        (
            "The project launches on 14 October.",
            "We're launching the project on the 4th of November.",
        ),
        # An abbreviation of the attribute; a verb that carries a port.
        ("The API gateway listens on port 8443.", "api gw port: 9443"),
        # A street number after "lives at" is the address.
        ("User lives at 14 Elm Road.", "The user's address is 41 Elm Road."),
        # A role's other names.
        ("User's GP is Dr Adeyemi.", "The user's family doctor is Dr. Lindqvist."),
        # An ordinal and a weekday name one day of the month.
        (
            "Book club meets on the first Tuesday of each month.",
            "book club is the last thursday of the month",
        ),
        # The unit said once; "resting HR" is the resting heart rate.
        (
            "User's resting heart rate is around 55 bpm.",
            "user's resting HR sits at about 72",
        ),
        # One shared word, nothing else of either side's own.
        ("Our sprints last two weeks.", "Our sprints are three weeks long."),
        # "90d" is ninety days.
        ("Logs are retained for 30 days.", "Log retention is set to 90d."),
        # Exclusive states of one thing.
        ("User rents their apartment.", "User owns their apartment outright."),
        ("User is single.", "User is married."),
        # One named person, two kinships of the same relative.
        ("Tomás is Ana's husband of six years.", "Tomás is Ana's older brother."),
        # A role's other name; a product's name that opens with digits.
        ("User's best friend is Fatima.", "The user's closest friend is Leo."),
        ("My password manager is 1Password.", "User's password manager is Bitwarden."),
    ],
)
def test_a_slot_swap_is_a_contradiction(premise, hypothesis):
    assert contradicts(premise, hypothesis)


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        # A role several people may hold.
        ("User's sister is Fatima.", "User's sister is Leila."),
        ("User's colleague is Priya.", "User's colleague is Tom."),
        ("User has a cat named Miso.", "User has a cat named Tofu."),
        # Qualified apart: two attributes, or another owner's.
        ("Olu's resting heart rate is 60.", "Olu's max heart rate is 185."),
        (
            "The user's resting heart rate is around 60.",
            "The user's max heart rate was measured at 188 bpm.",
        ),
        (
            "Dentist appointment is Tuesday at 3pm.",
            "The kids' dentist appointment is Thursday at 3pm.",
        ),
        ("I usually go to bed around 11 pm.", "My kids go to bed at 8 pm."),
        # One of a kind rented, another owned; a landlord lets the flat.
        ("User owns a car.", "User rents a car when travelling."),
        ("User owns their flat.", "User rents out their flat to students."),
        # Kinships of two relatives, or one kinship said two ways.
        ("Olu is my mother's brother.", "Olu is the user's maternal uncle."),
        ("Priya is my cousin.", "Priya is the daughter of the user's aunt."),
        ("Anna is the user's spouse.", "Anna is the user's wife."),
        # Amounts said two ways: the unit once in thousands, months as years.
        ("User runs 5 km every morning.", "Every morning the user does a 5K run."),
        (
            "The user has been learning Japanese for 18 months.",
            "I've studied Japanese for a year and a half.",
        ),
        # Two subjects with one property.
        ("Max is 3 years old.", "Miso is 3 years old."),
        # A note without a verb keeps needing two shared words.
        ("Heartbeat at 10:01.", "Heartbeat at 10:02."),
    ],
)
def test_look_alikes_are_not_contradictions(premise, hypothesis):
    assert not contradicts(premise, hypothesis)
    assert not contradicts(hypothesis, premise)


def test_a_role_narrowed_to_one_holds_one_name():
    comparison = slots.compare(
        "User's only sister is Fatima.", "User's only sister is Leila."
    )
    assert not slots.several_holders(
        "User's only sister is Fatima.", "User's only sister is Leila.", comparison
    )
    assert contradicts("User's eldest son is Omar.", "User's eldest son is Karim.")


def test_qualified_apart_reads_the_subjects():
    assert slots.qualified_apart("My kids go to bed at 8 pm.", "I go to bed at 11 pm.")
    assert not slots.qualified_apart(
        "User's GP is Dr Adeyemi.", "The user's GP is Dr Lee."
    )


def test_canonical_text_reads_abbreviated_attributes():
    assert "heart rate" not in slots.canonical_text("resting HR is 55")
    assert "pulse" in slots.canonical_text("resting HR is 55")
    assert "Q7776000s" in slots.canonical_text("retention is 90d")
    assert "3D" in slots.canonical_text("a 3D printer")
    assert "address" in slots.canonical_text("I live at 42 Elm Street")


def test_a_value_said_first_still_clashes():
    assert contradicts(
        "Berlin is where the user lives.", "Munich is where the user lives."
    )
