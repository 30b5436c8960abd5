"""Contradiction and paraphrase quality on the labelled pair sets (issue 12).

`tests/data/pairs_heldout.jsonl` comes from templates and words the rules
were never tuned on (`tests/data/make_pair_sets.py`). `pairs_blind*.jsonl`
were written by hand, in other phrasings and domains, each before the
changes it measures; each one's misses were read once it had been measured
untouched (QUALITY.md). The figures asserted
are the ones measured (`bench/gates_quality.py`), with a small margin.
The embeddings come from the real model.
"""

import pytest

from bench import gates_quality
from memory_core.pipeline.judges import RuleJudge

# Untouched, blind2 measured 0.84 / 1.00 and 0.80 / 1.00, blind3 0.90 / 0.96
# and 0.76 / 1.00, blind4 0.83 / 0.97 and 0.85 / 1.00; each one's misses were
# then read and prompted fixes (QUALITY.md).
BLIND2_CONTRADICTION = (0.88, 0.97)
BLIND2_DUPLICATE = (0.88, 0.97)
BLIND3_CONTRADICTION = (0.94, 0.97)
BLIND3_DUPLICATE = (0.90, 0.97)
BLIND4_CONTRADICTION = (0.86, 0.97)
BLIND4_DUPLICATE = (0.90, 0.97)
# blind5 (3rd session): 0.68 / 1.00 and 0.54 / 1.00 untouched; 0.74 / 1.00
# and 0.64 / 1.00 after a round of general mechanisms tuned elsewhere, still
# untouched; its misses were then read (round 2).
BLIND5_CONTRADICTION = (0.88, 0.97)
BLIND5_DUPLICATE = (0.78, 0.97)
# blind6: written before blind5's misses were read, measured once after
# round 2 and not tuned on: 0.92 / 0.92 and 0.70 / 1.00 (QUALITY.md).
# Both read since (4th session: WordNet): 0.90 / 1.00 and 0.80 / 1.00,
# 0.96 / 0.92 and 0.80 / 1.00.
BLIND6_CONTRADICTION = (0.94, 0.90)
BLIND6_DUPLICATE = (0.78, 0.97)
# blind7 (4th session): 240 pairs written blind to the rules, measured
# untouched before that session's changes (0.61 / 0.88 and 0.50 / 1.00) and
# after them (0.65 / 0.87 and 0.625 / 1.00); never tuned on.
BLIND7_CONTRADICTION = (0.62, 0.85)
BLIND7_DUPLICATE = (0.60, 0.97)


@pytest.fixture(scope="module")
def embeddings():
    return gates_quality.Embeddings()


@pytest.mark.parametrize(
    ("name", "contradiction", "duplicate"),
    [
        # (recall, precision) floors, measured minus about 0.02.
        ("dev", (0.98, 0.98), (0.98, 0.98)),
        ("heldout", (0.95, 0.98), (0.97, 0.98)),
        ("blind", (0.93, 0.97), (0.90, 0.97)),
        ("blind2", BLIND2_CONTRADICTION, BLIND2_DUPLICATE),
        ("blind3", BLIND3_CONTRADICTION, BLIND3_DUPLICATE),
        ("blind4", BLIND4_CONTRADICTION, BLIND4_DUPLICATE),
        ("blind5", BLIND5_CONTRADICTION, BLIND5_DUPLICATE),
        ("blind6", BLIND6_CONTRADICTION, BLIND6_DUPLICATE),
        # The 3rd session's tuning set: 0.87 / 0.93 and 0.80 / 1.00.
        ("tune", (0.85, 0.90), (0.87, 0.97)),
        # The 4th session's dev sets: 0.85 / 0.94 and 0.70 / 1.00 (tune2);
        # 0.41 / 0.98 and 0.34 / 1.00 (tune3, written by another hand).
        ("tune2", (0.80, 0.90), (0.65, 0.97)),
        ("tune3", (0.38, 0.95), (0.32, 0.97)),
        ("blind7", BLIND7_CONTRADICTION, BLIND7_DUPLICATE),
    ],
)
def test_gates_on_the_pair_sets(embeddings, name, contradiction, duplicate):
    # The rules' floors: the model judge (on by default) is scored by
    # bench.pair_xenc and bench.gates_quality (QUALITY.md).
    figures = gates_quality.score_pairs(name, embeddings, gates_quality.rules_only())
    for label, (recall, precision) in (
        ("contradiction", contradiction),
        ("duplicate", duplicate),
    ):
        assert figures[label]["recall"] >= recall, figures
        assert figures[label]["precision"] >= precision, figures


def test_the_sets_are_large_and_disjoint():
    names = (
        "dev",
        "heldout",
        "blind",
        "blind2",
        "blind3",
        "blind4",
        "blind5",
        "blind6",
        "tune",
    )
    sets = {name: gates_quality.read_pairs(name) for name in names}
    for name, rows in sets.items():
        least = {"dev": 500, "heldout": 500, "tune": 15}.get(name, 35)
        for label in ("contradiction", "duplicate", "compatible"):
            assert sum(r["label"] == label for r in rows) >= least, name
    texts = {
        name: {r["a"] for r in rows} | {r["b"] for r in rows}
        for name, rows in sets.items()
    }
    assert not texts["dev"] & texts["heldout"]
    # The blind sets share a few plain sentences with the generated ones
    # ("The user lives in Lisbon."), not a pair.
    pairs = {
        name: {frozenset((r["a"], r["b"])) for r in rows} for name, rows in sets.items()
    }
    # One pair, written independently, is in both: "The user is afraid of
    # spiders." / "Spiders scare the user.".
    blind = pairs["blind"] | pairs["blind2"] | pairs["blind3"] | pairs["blind4"]
    shared = (pairs["dev"] | pairs["heldout"]) & blind
    assert len(shared) <= 1, shared


@pytest.mark.parametrize(
    ("premise", "hypothesis", "contradicts"),
    [
        # Missed before (issue 12).
        ("The user prefers Python.", "The user prefers R.", True),
        ("The database is hosted in Frankfurt.", "The database is in Dublin.", True),
        ("The API runs in us-east-1.", "The API runs in eu-west-1.", True),
        (
            "The office is on the fifth floor.",
            "The office is on the ground floor.",
            True,
        ),
        ("Anna is the user's sister.", "Anna is the user's cousin.", True),
        # Rejected before: the same time, the same number, another subject.
        ("Standup is at 9:30.", "Stand-up is at 9.30.", False),
        ("The office is on the fifth floor.", "The office is on the 5th floor.", False),
        ("The timeout is 60 seconds.", "The timeout is 1 minute.", False),
        (
            "The user's birthday is on March 3.",
            "The user's wife's birthday is on March 5.",
            False,
        ),
        ("First note of the minute.", "Second note of the minute.", False),
        ("The user speaks Spanish.", "The user also speaks German.", False),
        # Value classes: lowercase values, places, relations, word order.
        (
            "The user's favourite colour is blue.",
            "The user's favourite colour is green.",
            True,
        ),
        ("The user's home city is Lisbon.", "Berlin is where the user lives.", True),
        ("The user grew up in Vienna.", "The user was raised in the UK.", True),
        ("The user grew up in Vienna.", "The user grew up in Austria.", False),
        ("The user prefers tea.", "The user prefers coffee.", True),
        ("The user likes tea.", "The user likes coffee.", False),
        ("Tomasz enjoys playing tennis.", "Tomasz enjoys playing badminton.", False),
        ("The user has been to Japan.", "The user has been to Brazil.", False),
        ("Jonas is the user's brother-in-law.", "Jonas is the user's uncle.", True),
        (
            "Each morning Tomasz has green tea.",
            "Tomasz drinks espresso in the morning.",
            True,
        ),
        (
            "The user's sister lives in Berlin.",
            "The user's sister works in Potsdam.",
            False,
        ),
        (
            "Slack messages are retained for 90 days.",
            "Slack messages are retained for one year.",
            True,
        ),
        # Notes that differ only in a number: another item, another moment.
        ("Ticket 4512 was closed.", "Ticket 4513 was closed.", False),
        ("Meeting notes from sprint 12.", "Meeting notes from sprint 13.", False),
        ("Heartbeat at 10:01.", "Heartbeat at 10:02.", False),
        (
            "Call on 3 May: discussed pricing.",
            "Call on 10 May: discussed pricing.",
            False,
        ),
        (
            "Caroline went to the park on 7 May.",
            "Caroline went to the park on 14 May.",
            False,
        ),
        (
            "The user walked 8000 steps today.",
            "The user walked 12000 steps today.",
            False,
        ),
        (
            "The cluster runs Kubernetes 1.27.",
            "The cluster runs Kubernetes 1.29.",
            True,
        ),
        ("The team is led by Omar.", "The team is led by Julia.", True),
        ("The landlord is Mr. Patel.", "The landlord is Mrs. Okafor.", True),
        ("Jon lost his job at Door Dash.", "Gina lost her job at Door Dash.", False),
        ("The user owns 4 bicycles.", "The user owns 2 bicycles.", True),
        ("Builds run on Jenkins.", "Builds run on CircleCI.", True),
        (
            "The logo's main colour is orange.",
            "The logo's main colour is purple.",
            True,
        ),
        ("The contract renews on 1 January.", "The contract renews on 1 July.", True),
        ("The user has lived in Rome.", "The user has lived in Milan.", False),
        (
            "The user had a haircut on 2 March.",
            "The user had a haircut on 30 March.",
            False,
        ),
    ],
)
def test_regressions_from_the_issue(premise, hypothesis, contradicts):
    assert RuleJudge().judge(premise, hypothesis).contradicts is contradicts
    assert RuleJudge().judge(hypothesis, premise).contradicts is contradicts or (
        "also" in hypothesis
    )


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("The service is written in Go.", "The service is written in Golang."),
        ("The user lives in Lisbon.", "The user's home city is Lisbon."),
        ("Standup is at 9:30.", "Stand-up is at 9.30."),
        ("The user's son is 7 years old.", "The user's son is seven."),
        ("The meeting room is on floor 3.", "The meeting room is on the third floor."),
        (
            "The deploy freeze starts on December 20.",
            "The deploy freeze begins on 20 Dec.",
        ),
        ("The user's mother lives in Porto.", "The user's mum lives in Porto."),
        ("The rent is €1,200 a month.", "The monthly rent is 1200 euros."),
        ("The user wakes up at 6 am.", "The user gets up at six in the morning."),
        (
            "Tomasz is the oldest child in the family.",
            "Tomasz was born eldest of the siblings.",
        ),
        ("The cache TTL is 1 hour.", "Cached entries live for 60 minutes."),
        ("Lunch is served at 12:30.", "Lunch is served at half past twelve."),
        (
            "The user's grandmother lives in Krakow.",
            "The user's grandma lives in Krakow.",
        ),
        ("The user's employer is Siemens.", "The user works for Siemens."),
        ("The kettle holds 1.5 litres.", "The kettle holds 1500 ml."),
        (
            "The user's commute costs €3 a day.",
            "The user's commute costs 3 euros per day.",
        ),
        ("The laptop has 16 GB of memory.", "The laptop has 16GB of RAM."),
        ("The CEO of the company is Hannah Lee.", "Hannah Lee is the company's CEO."),
    ],
)
def test_paraphrases_state_the_same_fact(first, second):
    from memory_core.pipeline.slots import compare

    assert compare(first, second).same_fact, compare(first, second)
    assert compare(second, first).same_fact


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "The user's birthday is on March 3.",
            "The user's wife's birthday is on March 3.",
        ),
        ("Ticket 4512 was closed.", "Ticket 4513 was closed."),
        ("The user's morning run is 5 km.", "The user's evening run is 5 km."),
        ("The payments service is written in Go.", "It is written in Golang."),
    ],
)
def test_other_subjects_are_not_the_same_fact(first, second):
    from memory_core.pipeline.slots import compare

    comparison = compare(first, second)
    assert not comparison.same_fact and not comparison.near_same_fact, comparison


@pytest.mark.parametrize(
    ("premise", "hypothesis", "contradicts"),
    [
        # One filler swapped in the same frame, whatever its class (3rd
        # session): values no list knows.
        (
            "The user's preferred shell is zsh.",
            "The user's preferred shell is fish.",
            True,
        ),
        (
            "The wifi router is in the hallway.",
            "The wifi router is in the living room.",
            True,
        ),
        ("The user's car runs on diesel.", "The user's car runs on petrol.", True),
        (
            "The user's coffee order is a flat white.",
            "The user's coffee order is a cappuccino.",
            True,
        ),
        ("The default branch is main.", "The default branch is develop.", True),
        ("The user prefers window seats.", "The user prefers aisle seats.", True),
        ("The user's phone is an iPhone 13.", "The user's phone is a Pixel 7.", True),
        (
            "The book club meets on the last Sunday of the month.",
            "The book club meets on the first Sunday of the month.",
            True,
        ),
        (
            "The user's mortgage rate is 3.2%.",
            "The user's mortgage rate is 4.1%.",
            True,
        ),
        # … but not another attribute, a person's many roles, an adjective.
        ("The user prefers light mode.", "The user prefers light roast coffee.", False),
        ("The server has 16 GB of RAM.", "The server has 16 GB of swap.", False),
        ("The user is a nurse.", "The user is a runner.", False),
        ("The API is stable.", "The API is slow.", False),
        (
            "For data analysis, the user likes to use Python.",
            "For data analysis, the user's wife likes to use Python.",
            False,
        ),
        ("Secrets are stored in Vault.", "Secrets are kept in Vault.", False),
        ("Meeting notes from sprint 12.", "Meeting notes from sprint 13.", False),
    ],
)
def test_a_substituted_filler_is_a_clash(premise, hypothesis, contradicts):
    assert RuleJudge().judge(premise, hypothesis).contradicts is contradicts


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        # Restatements in another structure (3rd session).
        (
            "The user has a black Labrador.",
            "The user's dog is a black Labrador.",
            "duplicate",
        ),
        (
            "The user's yoga class is on Thursday evenings.",
            "The user does yoga on Thursday evenings.",
            "duplicate",
        ),
        ("The max upload size is 10 MB.", "Uploads are capped at 10MB.", "duplicate"),
        (
            "The API rate limit is 1000 requests per minute.",
            "The API allows 1,000 requests a minute.",
            "duplicate",
        ),
        (
            "The user drinks two coffees a day.",
            "The user has 2 coffees daily.",
            "duplicate",
        ),
        # Swapped words or agents, "also": never the same fact.
        (
            "The user's car runs on diesel.",
            "The user's car runs on petrol.",
            "contradiction",
        ),
        (
            "Maria thanked John for the flowers.",
            "John thanked Maria for the flowers.",
            "pass",
        ),
        ("The user loves hiking.", "The user also loves kayaking.", "pass"),
        ("The payments service is written in Go.", "It is written in Golang.", "pass"),
        ("The user's flat has a balcony.", "The user's office has a balcony.", "pass"),
    ],
)
def test_restatements_and_swaps_through_the_gates(embeddings, first, second, expected):
    gates_quality.setup()
    embeddings.ensure([first, second])
    similarity = float(embeddings[first] @ embeddings[second])
    stored = [gates_quality.stored_version(first, similarity)]
    assert gates_quality.outcome(second, stored) == expected, similarity
