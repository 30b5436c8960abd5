"""A denial against a statement of what it denies (issue 12, QUALITY.md,
thirteenth session): the rule itself on each class it reads and each it
must leave alone, then pairs through the real gates with the real model's
embeddings (the rules alone, so the model judge cannot be what decides).
"""

import pytest

from bench import gates_quality
from memory_core.pipeline.denials import denied_instance

DENIALS = [
    # A kind of the denied thing (WordNet hypernyms of the head noun).
    ("User has no debt.", "User is paying off a £9,000 car loan.", ("debt", "loan")),
    (
        "User has no children.",
        "User needs to pick up their daughter from kindergarten at 3pm.",
        ("children", "daughter"),
    ),
    # The same word, either side first; "never" covers the past.
    (
        "User had knee surgery in 2022.",
        "User has never had any surgery.",
        ("surgery", "surgery"),
    ),
    (
        "The flat has no lift.",
        "user takes the lift up to their flat every day",
        ("lift", "lift"),
    ),
    # A derived form, and a named subject met on the other side.
    (
        "Hannah's daughter Mia can't swim yet.",
        "Hannah's daughter Mia swims competitively for her school team.",
        ("swim", "swims"),
    ),
]

NOT_DENIALS = [
    # The plain side denies too, in its own words.
    ("User can't eat nuts because of an allergy.", "User has a nut allergy."),
    ("User doesn't own a car.", "User is car-free."),
    ("User doesn't drink alcohol.", "User loves alcohol-free beer."),
    ("User has cut out sugar completely.", "No sugar at all for me these days."),
    # Not all of the denied clause is met: another object, another qualifier.
    ("User doesn't drink coffee.", "User drinks green tea every morning."),
    ("User had knee surgery in 2018.", "User has never had shoulder surgery."),
    ("User drinks wine at weekends.", "User never drinks on weeknights."),
    (
        "User has no AWS account at work.",
        "User has a personal AWS account for side projects.",
    ),
    ("Lars lives in Oslo.", "Lars doesn't work in Oslo; he commutes to Drammen."),
    # Someone else's, a wish or a plan, or the past against the present.
    ("User has no children.", "User is godmother to their best friend's son."),
    ("User doesn't drive.", "User's wife drives them to the airport."),
    ("User has never been to Japan.", "User is going to Japan in May."),
    ("User doesn't smoke.", "User used to smoke in college."),
    # A subject the other side does not name.
    ("Our building has no lift.", "I take the elevator up to the 9th floor."),
    # No subject: a quantifier, not a denial.
    (
        "Globex is our biggest customer.",
        "No customer brings in more revenue than Globex.",
    ),
]


@pytest.mark.parametrize(("denial", "statement", "met"), DENIALS)
def test_a_denial_and_what_it_denies(denial, statement, met):
    assert denied_instance(denial, statement) == met
    assert denied_instance(statement, denial) == met


@pytest.mark.parametrize(("first", "second"), NOT_DENIALS)
def test_what_is_no_denial_of_the_other(first, second):
    assert denied_instance(first, second) is None
    assert denied_instance(second, first) is None


@pytest.fixture(scope="module")
def embeddings():
    return gates_quality.Embeddings()


THROUGH_THE_GATES = [
    ("User has no debt.", "User is paying off a £9,000 car loan.", "contradiction"),
    (
        "The flat has no lift.",
        "user takes the lift up to their flat every day",
        "contradiction",
    ),
    ("User doesn't drink coffee.", "User drinks green tea every morning.", "pass"),
    ("User has no children.", "User is godmother to their best friend's son.", "pass"),
]


@pytest.mark.parametrize(("stored", "written", "expected"), THROUGH_THE_GATES)
def test_through_the_gates(embeddings, stored, written, expected):
    got, similarity = gates_quality.rules_outcome(embeddings, stored, written)
    assert got == expected, (similarity, got)
