"""Content-word alignment of two statements (`alignment.py`, issue 12)."""

import pytest

from memory_core.pipeline import alignment


@pytest.mark.parametrize(
    ("stored", "write"),
    [
        # Voice, a noun for a verb, a number word, "no." for "number".
        (
            "The neighbours at number twelve keep the user's spare key.",
            "User's spare key is with the neighbour at no. 12.",
        ),
        # A terse note against a sentence; an acronym of the other's words.
        ("User graduated from University College London.", "UCL alum."),
        ("User is the chief technology officer.", "User is the CTO."),
        # A numeronym, a shortened and a clipped word.
        ("The cluster runs Kubernetes 1.29.", "Cluster runs k8s 1.29."),
        ("The payments service is written in Go.", "payments svc is written in Go"),
        ("The weekly retrospective is on Thursdays.", "Weekly retro is on Thursdays."),
        # Reordered clauses, a trivial word added.
        (
            "User trains on Mondays and Thursdays.",
            "On Thursdays and Mondays, user trains.",
        ),
        ("User usually walks the dog.", "User walks the dog."),
        # A bare number against its unit, an ordinal, an hour.
        ("The DNS TTL is five minutes.", "DNS TTL: 300"),
        ("The third node is the leader.", "Node 3 is the leader."),
        ("Sprint planning is Monday at 10.", "Sprint planning: Monday 10:00."),
        # A value named shorter.
        (
            "User's favourite author is Ursula K. Le Guin.",
            "User's favourite author is Le Guin.",
        ),
        ("User's favourite colour is navy blue.", "Favourite colour: navy."),
        # A rate and its period in other words.
        ("User drinks 2 litres of water a day.", "User drinks 2000 ml of water daily."),
    ],
)
def test_a_write_saying_nothing_more_is_covered(stored, write):
    assert alignment.align(stored, write).covered(2), alignment.align(stored, write)


@pytest.mark.parametrize(
    ("stored", "write"),
    [
        # Another value: a colour, a number, a name, a relation.
        ("User's favourite colour is green.", "User's favourite colour is purple."),
        ("The DB pool size is 20.", "The DB pool size is 30."),
        ("User's manager is Dana.", "Dana's manager is Ravi."),
        ("User's mom is called Linda.", "User's mother-in-law is called Linda."),
        # A name left out of a list is another person.
        ("Alice and Bob live in Paris.", "Bob lives in Paris."),
        # "only" limits what the other side lists.
        (
            "Support is offered in English, German, French.",
            "Support is offered in English only.",
        ),
        # A relation left out is another person.
        ("User's sister lives in Paris.", "User lives in Paris."),
        # The write adds a value or a word: news, not a repeat.
        ("User likes tea.", "User also likes coffee."),
        ("User likes tea.", "User likes tea and coffee."),
        (
            "User prefers window seats on flights.",
            "User prefers window seats on long-haul flights.",
        ),
        # The write says it of more: the stored qualifier narrows it.
        (
            "The user prefers dark mode in every dashboard.",
            "The user prefers dark mode.",
        ),
        # A negation on one side only; the order of a preference; a swap of
        # who does what; a pronoun for the subject.
        ("User has a Costco membership.", "User doesn't have a Costco membership."),
        ("The user prefers tea over coffee.", "I much prefer coffee to tea."),
        ("Maria thanked John for the flowers.", "John thanked Maria for the flowers."),
        ("The payments service is written in Go.", "It is written in Go."),
        # Pronouns are the value when pronouns are the topic.
        ("Esther's pronouns are she/her.", "Esther uses they/them pronouns."),
        # One shared word is a topic, not a fact.
        ("Bash is installed.", "User likes bash scripts."),
    ],
)
def test_a_write_with_something_of_its_own_is_not_covered(stored, write):
    assert not alignment.align(stored, write).covered(2), alignment.align(stored, write)


def test_the_stored_version_may_add_a_few_frame_words():
    stored = "The neighbours at number twelve keep the user's spare key."
    write = "User's spare key is with the neighbour at no. 12."
    assert alignment.align(stored, write).own_a == ()
    assert alignment.align(write, stored).covered(2)  # "keep" is a carrier
    assert not alignment.align(
        "The user's big old spare key is kept by the friendly neighbours at 12.",
        write,
    ).covered(2)


@pytest.mark.parametrize(
    ("short", "long", "expected"),
    [
        ("svc", "service", True),
        ("mgr", "manager", True),
        ("sh", "shell", False),  # two letters say too little
        ("spt", "service", False),  # letters out of order
    ],
)
def test_shortened_words(short, long, expected):
    assert alignment._shortened(short, long) is expected


@pytest.mark.parametrize(
    ("short", "long", "expected"),
    [("k8s", "kubernetes", True), ("i18n", "internationalization", True)]
    + [("k8s", "kubelet", False), ("k8s", "k8s", False)],
)
def test_numeronyms(short, long, expected):
    assert alignment._numeronym(short, long) is expected


@pytest.mark.parametrize(
    ("bare", "other", "expected"),
    [
        ("Q300", "Q300s", True),  # "TTL 300" / "300 s"
        ("Q3", "O3", True),  # "node 3" / "the third node"
        ("Q10", "T1000", True),  # "at 10" / "10:00"
        ("Q5", "T1700", True),  # "at 5" / "5 pm"
        ("Q5", "T1600", False),
        ("Q300s", "Q300", False),  # the bare one is the first
        ("Q13", "T1300", False),  # a bare 13 is no spoken hour
    ],
)
def test_a_bare_number_written_another_way(bare, other, expected):
    assert alignment._same_number(bare, other) is expected
