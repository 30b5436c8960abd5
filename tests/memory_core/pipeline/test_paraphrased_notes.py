"""Notes and sentences of one fact in other notations (issue 12, helper c4):
24-hour times in four digits, slashed days, rates after a currency's code,
versions, the days "weekdays" and "weekends" name, a validity's end as its
expiry, a span said by its two ends; and two values of one kind that veto
the model judge's duplicate."""

import pytest

from memory_core.pipeline import alignment, slots


def tokens(text: str) -> list[str]:
    return list(slots._tokens(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dock open for receiving 0800–1600 Mon-Fri", ["T0800", "T1600"]),
        ("Brightmart #112: receiving 0500-0800", ["T0500", "T0800"]),
        ("Cut-off for same-day dispatch: 1400 hrs", ["T1400"]),
        ("Day handover on the ward at 0800", ["T0800"]),
        ("AL: Liam, 13/10–17/10", ["D1013", "D1017"]),
        ("Leave booked 10/18-10/22", ["D1018", "D1022"]),
        ("Linear Algebra final exam -> 1/24 1:30pm", ["D0124", "T1330"]),
        ("rent: 2100 GBP/mo", ["Q2100gbp", "monthly"]),
        ("Current mileage: ~50 km/wk", ["weekly"]),
        ("platform: k8s v1.27", ["Q1.27"]),
        ("My 5K PR is 21:09.", ["Q5000000mm"]),
        ("a 10k race in May", ["Q10000000mm"]),
    ],
)
def test_a_notation_reads_as_its_value(text, expected):
    found = tokens(text)
    assert all(token in found for token in expected), found


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        ("The pilot has logged 1200 hours.", "T1200"),  # a count of hours
        ("Records from 1990-2000 were archived.", "T1990"),  # years
        ("The range is 1900-2000.", "T1900"),
        ("The desk is staffed 24/7.", "D0724"),  # no time after it
        ("The trip budget is $5k total.", "Q5000000mm"),  # a sum
        ("The lease starts 7/3 2024", "D0307"),  # which part is the day
    ],
)
def test_a_number_that_is_no_such_notation_stays(text, absent):
    assert absent not in tokens(text)


@pytest.mark.parametrize(
    ("stored", "write"),
    [
        ("Emma's passport is valid until Nov 2026", "Emma — passport expiry 2026-11"),
        ("Weekend brunch runs from 11am to 3pm.", "Brunch (Sat/Sun): 11:00–15:00"),
        (
            "Weekend brunch runs from 9am to 1pm.",
            "Brunch on Saturdays and Sundays starts at 9am and ends at 13:00.",
        ),
        ("The prod-us cluster runs Kubernetes 1.28.", "prod-us: k8s v1.28"),
        ("User's 5 km personal record stands at 21:02.", "My 5K PR is 21:02."),
        (
            "Pet insurance for the dog costs £28 per month.",
            "dog's insurance premium: 28 GBP/month",
        ),
    ],
)
def test_a_note_of_the_same_fact_restates_it(stored, write):
    assert alignment.restates(stored, write), alignment.align(stored, write)


@pytest.mark.parametrize(
    ("stored", "write"),
    [
        # Saturday alone is not the weekend.
        ("Weekend brunch runs from 11am to 3pm.", "Brunch on Saturdays: 11:00-15:00"),
        # Another end of the validity.
        ("Emma's passport is valid until Nov 2026", "Emma — passport expiry 2027-11"),
        # Another end of the span.
        (
            "Weekend brunch runs from 9am to 1pm.",
            "Brunch on Saturdays and Sundays starts at 9am and ends at 14:00.",
        ),
    ],
)
def test_another_value_is_not_restated(stored, write):
    assert not alignment.restates(stored, write)


@pytest.mark.parametrize(
    ("stored", "write", "apart"),
    [
        (
            "max 2.5k words for the sociology paper",
            "The paper has a 5,000-word limit.",
            True,
        ),
        ("same-day cutoff 14:00", "Cut-off for same-day dispatch: 1200 hrs", True),
        # One value written so the rules read it in part, or converted.
        ("User's IELTS score is 7.5.", "User's IELTS band is seven and a half.", False),
        ("The car insurance is $1,140 a year.", "car insurance is $95 a month", False),
        (
            "1:1 with Priya on Thursdays, 9am Pacific.",
            "Priya 1:1 - Thu 12:00 Eastern",
            False,
        ),
        # Several numbers of a side's own: a notation read in pieces.
        (
            "LH400 departs from Frankfurt Terminal 1.",
            "Lufthansa 400 leaves from FRA T1.",
            False,
        ),
        # The same value.
        ("same-day cutoff 14:00", "Cut-off for same-day dispatch: 1400 hrs", False),
    ],
)
def test_two_values_of_one_kind_are_apart(stored, write, apart):
    assert alignment.values_apart(stored, write) is apart
