"""Values and clauses written another way (issue 12, fifteenth session):
a count of times a period as its interval, spoken amounts, one unit after a
list or a range of numbers, a converted temperature, a month's end, hedges,
a passive clause, "nobody else", a sum a month against one a year; and the
near misses each must leave alone."""

from types import SimpleNamespace

import pytest

from memory_core.pipeline import alignment, judges, slots
from memory_core.pipeline.gates.contradiction import _reworded


def tokens(text: str) -> list[str]:
    return list(slots._tokens(text))


@pytest.mark.parametrize(
    ("text", "token"),
    [
        # A count of times a period is the interval between them.
        ("The backup job runs four times an hour.", "Q900s"),
        ("The backup job runs every 15 minutes.", "Q900s"),
        ("Filters are changed twice a year.", "Q15552000s"),
        ("Filters are changed every six months.", "Q15552000s"),
        ("The dog is fed twice a day.", "Q43200s"),
        ("The boiler is serviced every quarter.", "quarterly"),
        # Spoken amounts.
        ("The house is insured for half a million dollars.", "Q500000usd"),
        ("Eggs come in boxes of three dozen.", "Q36"),
        # A negative number said in words, a Celsius letter beside a
        # temperature.
        ("The walk-in freezer is at minus 18 C.", "Q18degc"),
        # Small amounts keep their digits.
        ("The laser emits at 532 nm.", "Q0.000532mm"),
        ("The filter's pores are 0.2 µm.", "Q0.0002mm"),
        ("The upload limit is 500 KB.", "Q0.0005gb"),
        ("The attachment limit is 2.5 MB.", "Q0.0025gb"),
    ],
)
def test_a_notation_reads_as_its_value(text, token):
    assert token in tokens(text)


def test_a_count_without_a_whole_interval_is_kept():
    # Seven hours do not split into five whole hours; a week into three days.
    assert "Q17280s" not in tokens("The cat is fed five times a day.")
    assert "every" not in tokens("The gym class meets three times a week.")


def test_a_day_of_each_quarter_is_no_rate():
    assert "quarterly" not in tokens("The audit is on the last Friday of each quarter.")


def test_one_unit_after_a_list_or_a_range_belongs_to_each_number():
    assert tokens("The crate is 60 x 40 x 30 cm.")[-5:] == [
        "Q600mm",
        "x",
        "Q400mm",
        "x",
        "Q300mm",
    ]
    assert tokens("The sensor reads 400 to 700 nm.")[-3:] == [
        "Q0.0004mm",
        "to",
        "Q0.0007mm",
    ]
    # Not a preposition after a range: "2 to 3 in the morning".
    assert "Q2" in tokens("The alarm sounds from 2 to 3 in the morning.")


def test_a_converted_temperature_meets_within_half_a_degree():
    assert slots._same_amount_words("Q3.9degci", "Q4degc")
    assert slots._same_amount_words("Q37degci", "Q37degc")
    # "20 °C" / "69°F" (20.6 °C): two values.
    assert not slots._same_amount_words("Q20.6degci", "Q20degc")


@pytest.mark.parametrize(
    ("stored", "write"),
    [
        # A month's end is its last day; until / through.
        ("Leo is on leave until the end of June.", "Leo's leave runs through 30 June"),
        # A hedge adds no fact.
        (
            "The gate code is changed monthly.",
            "I think the gate code gets changed monthly, if I remember right",
        ),
        # "nobody else" is "only".
        (
            "The van keys are held by Ines and Bo, nobody else.",
            "Only Bo and Ines have keys to the van.",
        ),
        # A compound written as one word against two.
        ("The master mix is stored in the fridge.", "mastermix stored in the fridge"),
        # The default owner's possessive: "the shop's".
        ("FY end: 30 June", "The shop's fiscal year ends on 30 June."),
    ],
)
def test_a_restatement_is_covered(stored, write):
    assert alignment.restates(stored, write)


@pytest.mark.parametrize(
    ("stored", "write"),
    [
        # Another month's end, or the month alone against a day of it.
        ("Leo is on leave until the end of June.", "Leo's leave runs through 30 July"),
        ("Leo is on leave until June.", "Leo's leave runs through 15 June"),
        # A hedge does not hide a negation.
        ("The gate code is changed monthly.", "I think the gate code is not changed"),
        # "nobody else" on one side, a third holder on the other.
        (
            "The van keys are held by Ines and Bo, nobody else.",
            "Ines, Bo and Kai have keys to the van.",
        ),
    ],
)
def test_a_near_miss_is_not_covered(stored, write):
    assert not alignment.restates(stored, write)


def test_a_passive_clause_against_its_active_is_one_relation():
    assert not judges.two_people(
        "Mia is mentored by Omar, a senior engineer.",
        "Omar is a senior engineer and mentors Mia.",
    )
    assert not slots._agent_swap(
        slots._tokens("Mia is mentored by Omar"), slots._tokens("Omar mentors Mia")
    )
    # Both active, the roles swapped: still two facts.
    assert slots._agent_swap(
        slots._tokens("Mia mentors Omar"), slots._tokens("Omar mentors Mia")
    )
    assert slots._agent_swap(
        slots._tokens("Mia is mentored by Omar"),
        slots._tokens("Omar is mentored by Mia"),
    )


def test_a_sum_a_month_against_one_a_year():
    assert slots.typed_clash(
        "The phone plan costs $600 a year.", "The phone plan costs $60 a month."
    )
    assert not slots.typed_clash(
        "The phone plan costs $600 a year.", "The phone plan costs $50 a month."
    )
    # A week is no twelfth of a year: left as it was.
    assert not slots.typed_clash(
        "The phone plan costs $600 a year.", "The phone plan costs $20 a week."
    )


def test_the_model_judge_s_contradiction_is_vetoed_for_a_restatement():
    stored = SimpleNamespace(
        content="The van keys are held by Ines and Bo, nobody else.", similarity=0.8
    )
    assert _reworded(
        stored, SimpleNamespace(content="Only Bo and Ines have keys to the van.")
    )
    assert not _reworded(
        stored, SimpleNamespace(content="Ines, Bo and Kai have keys to the van.")
    )
