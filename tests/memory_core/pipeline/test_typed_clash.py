"""A typed value across rewordings (QUALITY.md, fifth session): two
statements that say the same thing of one slot in other words, with another
value of one kind, contradict; another predicate, subject or item does not."""

import pytest

from memory_core.pipeline import slots
from memory_core.pipeline.judges import RuleJudge


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        (
            "The staging Postgres instance runs version 14.",
            "Staging's Postgres is on version 16.",
        ),
        (
            "The user takes 50 mg of sertraline daily.",
            "The user's sertraline dose is 100 mg a day.",
        ),
        (
            "Backups of the billing database are kept for 30 days.",
            "Billing DB backups are retained for one year.",
        ),
        (
            "The TLS certificate for api.example.com expires on 2025-03-14.",
            "The api.example.com certificate expires on 9 November 2025.",
        ),
        (
            "The user's passport expires in 2027.",
            "The user's passport expires on 12 May 2025.",
        ),
        (
            "The production Elasticsearch cluster has seven data nodes.",
            "Prod Elasticsearch runs on 4 data nodes.",
        ),
        # A frequency against its period, a count of times.
        ("Sprint reviews happen every two weeks.", "Sprint reviews are held monthly."),
        (
            "Performance reviews happen once a year.",
            "Performance reviews are twice yearly.",
        ),
        # A date is an event's, whatever the tense.
        ("The user was born on 5 March.", "The user's birthday is on 14 July."),
        # A weekday on a daypart ("on Thursday mornings").
        (
            "The weekly team sync is on Tuesdays at 10:00.",
            "The weekly team sync happens on Thursday mornings.",
        ),
        # Leaving is where a train or a flight is.
        (
            "The user's train to Edinburgh is on platform 4.",
            "The Edinburgh train leaves from platform 11.",
        ),
        # WordNet relates the two predicates' words.
        ("Log retention in Loki is set to 14 days.", "Loki keeps logs for 90 days."),
    ],
)
def test_a_typed_value_clashes_across_rewordings(premise, hypothesis):
    assert slots.typed_clash(premise, hypothesis)
    judgement = RuleJudge().judge(premise, hypothesis)
    assert judgement.contradicts


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        # Another predicate.
        (
            "The user's house was built in 1930.",
            "The user's house was renovated in 2019.",
        ),
        ("The company was acquired in 2022.", "The company was founded in 2011."),
        # Another subject: a relation, a possessor, a modifier of the head.
        (
            "The user measures 165cm in height.",
            "The user's wife measures 172 cm in height.",
        ),
        ("Our team is on the second floor.", "The finance team is on the 4th floor."),
        ("The trip takes 2.5 hours.", "The return trip takes 4 hours."),
        (
            "The user's flight to Rome departs at 9:10.",
            "The user's flight back from Rome departs at 18:30.",
        ),
        ("The user's mother was born in 1960.", "The user's father was born in 1958."),
        # A frequency or a weekday naming which one.
        (
            "The nightly backups are kept in Madrid.",
            "The weekly backups are kept in Madrid.",
        ),
        ("The Tuesday meeting is in room 4.", "The Thursday meeting is in room 4."),
        # A country's letters before the subject: another team.
        ("The US team has 12 engineers.", "The team has 8 engineers."),
        # A value of another time.
        ("The user's rent is £1,200.", "The user's rent was £1,000 in 2020."),
        ("The user has 2 cats.", "The user had 3 cats."),
        # Arriving is not leaving.
        ("The user's flight is at 8:00.", "The user's flight arrives at 10:00."),
        # A period against a duration.
        ("Sprint reviews happen every two weeks.", "Sprint reviews last two hours."),
        # A value that contains the other.
        (
            "The user's passport expires in 2025.",
            "The user's passport expires on 12 May 2025.",
        ),
        # Two kinds of value differ: which item, not which value.
        (
            "The Q3 budget for marketing is $80k.",
            "The Q4 budget for marketing is $95k.",
        ),
        (
            "The user scored 87 on the first exam.",
            "The user scored 92 on the second exam.",
        ),
        (
            "Our offices close at 6 pm on Fridays.",
            "Our offices close at 8 pm on Thursdays.",
        ),
        # One value converted or rounded.
        ("The user's weight is 70 kilograms.", "The user weighs roughly 154 lb."),
        # A negation is the negation rule's.
        (
            "The user has two daughters.",
            "The user has one daughter and no other children.",
        ),
    ],
)
def test_other_predicates_subjects_and_items_do_not_clash(premise, hypothesis):
    assert slots.typed_clash(premise, hypothesis) is None


def test_an_iso_date_is_read_as_a_day_a_month_and_a_year():
    assert slots._iso_dates("expires on 2025-03-14.") == "expires on 14 March 2025."
    assert slots._iso_dates("build 2025-13-40") == "build 2025-13-40"


@pytest.mark.parametrize(
    ("premise", "hypothesis", "contradicts"),
    [
        (
            "The user's house was built in 1930.",
            "The user's house was renovated in 2019.",
            False,
        ),
        (
            "The company was acquired in 2022.",
            "The company was founded in 2011.",
            False,
        ),
        (
            "The user's house was built in 1930.",
            "The user's house was built in 1950.",
            True,
        ),
    ],
)
def test_two_dated_events_of_one_subject_are_no_slot_clash(
    premise, hypothesis, contradicts
):
    assert RuleJudge().judge(premise, hypothesis).contradicts is contradicts


@pytest.mark.parametrize(
    ("premise", "hypothesis", "contradicts"),
    [
        (
            "The user's weight is 70 kilograms.",
            "The user weighs roughly 154 lb.",
            False,
        ),
        ("The user's weight is 70 kilograms.", "The user weighs 80 kg.", True),
        ("The SLA guarantees 99.9% uptime.", "The SLA guarantees 99.5% uptime.", True),
    ],
)
def test_one_amount_converted_or_rounded_is_no_clash(premise, hypothesis, contradicts):
    assert RuleJudge().judge(premise, hypothesis).contradicts is contradicts


def test_prod_and_db_are_read_as_production_and_database():
    assert slots.canonical_text("Prod DB backups") == "production database backups"
    assert slots.canonical_text("Alert on db-2").startswith("Alert on db-")


def test_a_slashed_date_is_read_when_one_part_tells_the_order():
    assert slots._iso_dates("It is on 04/17.") == "It is on 17 April."
    assert slots._iso_dates("Due on 17/04/2026.") == "Due on 17 April 2026."
    assert slots._iso_dates("It is on 3/4.") == "It is on 3/4."
    assert slots._iso_dates("Support is open 24/7.") == "Support is open 24/7."


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        # Two events, each with its year and its verb.
        ("Ola joined the team in 2015.", "Ola was promoted to principal in 2019."),
    ],
)
def test_two_events_are_no_loose_clash(premise, hypothesis):
    assert slots.loose_typed_clash(premise, hypothesis) is None
