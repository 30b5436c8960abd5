"""A denial and a statement of what it denies: two facts that cannot both hold.

"User has no debt." / "User is paying off a £9,000 car loan."; "The flat has
no lift." / "user takes the lift up to their flat every day"; "User has never
had any surgery." / "User had knee surgery in 2022." The rule judge's negation
check (`judges`) needs the denied words repeated on the plain side; here the
plain side may name them another way (a synonym, a derived form, or a kind of
the denied thing: a loan is a debt, a daughter is a child, wine is alcohol).

One reading, precision first (a false contradiction refuses a user's true
fact, issue 12):

- One side is negated (`judges.read_statement`), the other says nothing
  negative near the words that meet ("avoids", "allergic", "-free", "quit":
  then the two agree: "can't eat nuts" / "has a nut allergy").
- The denial's scope is the clause after its negation ("never drinks coffee
  after 2 pm" denies drinking coffee after 2 pm, not coffee), and every
  content word of it must be met on the other side: "never had shoulder
  surgery" / "had knee surgery" meet on "surgery" only. Only the scope's
  head noun (the object's last noun) may be met by a kind of itself; its other words
  must be the same word, a synonym or a derived form ("has no AWS account at
  work" / "a personal AWS account for side projects": a project is a kind
  of work, but "work" qualifies the account here).
- The denial has a subject before its negation ("No sugar for me these
  days" is a quantifier, not a denial of something), and each content word
  of it is met on the other side ("Our building has no lift" / "I take the
  elevator": which building is not said).
- The plain side names no other person than the denial does, has no other
  person's word before the words that meet ("has no children" / "is
  godmother to her best friend's son"), and states a fact, not a wish, a
  plan or a possibility ("has never been to Japan" / "is going to Japan in
  May").
- A present denial ("doesn't smoke") and a past fact ("smoked in college",
  "used to") are two times, not a clash; only "never" covers the past.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_core.pipeline import judges, wordnet

# Words of a clause that say nothing of what is denied: light verbs,
# determiners, pronouns and adverbs of degree ("has never really had any").
_LIGHT = frozenset(
    """
    have has had having been be is are was were am get gets got do does did
    ever any a an the single one longer really actually currently yet anymore
    even at all to of in on for with and or use uses used go goes went make
    made need needs there their his her my our its they he she we i me them
    him us you your user users it that this these those more much many other
    another also too still anything anyone anywhere something someone kind
    sort type whatsoever either can could will would
    """.split()
)
# Where the denial's clause ends.
_CLAUSE_END = frozenset(
    ", . ; : ! ? ( ) but and so because since though although while which who "
    "whereas until unless except".split()
)
# A plain side that wishes, plans or supposes states no fact to clash with.
_NOT_A_FACT = frozenset(
    """
    want wants wanted wanting plan plans planning planned hope hopes hoping
    would might may could should considering consider thinking if wish wishes
    someday dream dreams will going interested like likes looking maybe
    perhaps intends intend intending soon next future eventually unless until
    tomorrow later upcoming booked booking
    """.split()
)
# Words near the meeting point that make the plain side a denial too
# ("avoids coffee", "has a nut allergy", "deleted their account").
_NEGATIVE = frozenset(
    """
    avoid avoids avoided avoiding refuse refuses refused hate hates hated
    dislike dislikes skip skips quit quits quitting stopped stop stops gave
    give lacks lack free zero abstain abstains allergic allergy allergies
    intolerant intolerance ex former formerly used previously sold lost gone
    cancelled canceled deleted removed closed ended left off instead rather
    than except only
    """.split()
)
# A plain side in the past does not clash with a denial in the present.
_PAST = frozenset(
    "used ago previously formerly former before childhood teens once last was "
    "were had did".split()
)
# Compounds that turn the word into its absence or someone else's:
# "alcohol-free", "non-alcoholic", "pet-sitting".
_COMPOUND = r"\b(?:non|pet|dog|cat|house)-{w}|\b{w}-(?:free|sitting|sit|less)\b"
_WORD = re.compile(r"[a-z0-9]+(?:[.:'][a-z0-9]+)*|[,.;:!?()]")
_NAME = re.compile(r"\b[A-Z][a-z]+\b")
# Capitalised words that open a sentence or a clause, not names.
_NOT_NAMES = frozenset(
    """
    User The I My Our We A An He She They His Her Their It This That No Not
    None Never As In On At Since After Before So And But Also Every Each All
    Both Last Next When Dr Mr Mrs Ms
    """.split()
)
# Prepositions that open a qualifying phrase after the denied object.
_QUALIFIERS = frozenset(
    "at in on for with from to of by about during after before outside inside".split()
)
SENSES = 3
HEAD_SENSES = 2


def _tokens(text: str) -> list[str]:
    return _WORD.findall(judges.normalize_text(text))


def _names(text: str) -> frozenset[str]:
    return frozenset(m for m in _NAME.findall(text) if m not in _NOT_NAMES)


def _content(words: list[str]) -> list[str]:
    return [
        w
        for w in words
        if w not in _LIGHT
        and w not in judges.STOPWORDS
        and w not in _CLAUSE_END
        and not w[:1].isdigit()
    ]


@lru_cache(maxsize=65536)
def _same_word(a: str, b: str) -> bool:
    """The same word, a synonym or a derived form ("smoke" / "smoking")."""
    return judges._stem(a) == judges._stem(b) or wordnet.synonym_or_derived(a, b)


def _kind_of(word: str, kind: str) -> bool:
    """Whether `word` names a kind of `kind` ("loan" / "debt", "wine" / "alcohol")."""
    return wordnet.kind_of(word, kind, SENSES, kind_senses=HEAD_SENSES)


def _is_noun(word: str) -> bool:
    return bool(wordnet.synsets(word, "n", 1))


@lru_cache(maxsize=65536)
def denied_instance(premise: str, hypothesis: str) -> tuple[str, str] | None:
    """Return (what one side denies, how the other states it), or None."""
    a, b = judges.read_statement(premise), judges.read_statement(hypothesis)
    if a.negated == b.negated:
        return None
    denial, plain = (premise, hypothesis) if a.negated else (hypothesis, premise)
    said, stated = _tokens(denial), _tokens(plain)
    if any(t in judges.NEGATIONS for t in stated):
        return None
    at = next((i for i, t in enumerate(said) if t in judges.NEGATIONS), None)
    if not at:
        return None  # no negation read here, or it opens the sentence
    scope: list[str] = []
    for word in said[at + 1 : at + 8]:
        if word in _CLAUSE_END:
            break
        scope.append(word)
    denied = _content(scope)
    if not denied:
        return None
    stated = [t for t in stated if t not in _CLAUSE_END]
    if any(t in _NOT_A_FACT for t in stated):
        return None
    if said[at] != "never" and any(t in _PAST for t in stated):
        return None
    subject = _content(said[:at])
    if not all(
        any(_same_word(s, t) or _kind_of(t, s) for t in stated) for s in subject
    ):
        return None
    if not _names(plain) <= _names(denial):
        return None
    # The head noun: the last of the object, before any qualifying phrase
    # ("no AWS account at work": "account").
    cut = next((i for i, w in enumerate(scope) if i and w in _QUALIFIERS), len(scope))
    head = next((w for w in reversed(_content(scope[:cut])) if _is_noun(w)), None)
    head = head or next((w for w in reversed(denied) if _is_noun(w)), None)
    if head is None:
        return None
    met: list[tuple[str, str]] = []
    for word in denied:
        place = next(
            (
                i
                for i, t in enumerate(stated)
                if t not in judges.STOPWORDS
                and t not in _LIGHT
                and (_same_word(word, t) or (word == head and _kind_of(t, word)))
            ),
            None,
        )
        if place is None:
            return None
        found = stated[place]
        if any(t in _NEGATIVE for t in stated[max(0, place - 3) : place + 4]):
            return None
        if re.search(_COMPOUND.format(w=re.escape(found)), plain.lower()):
            return None
        before = stated[max(0, place - 4) : place]
        if any(
            t.endswith("'s")
            or (t != "user" and t not in subject and wordnet.kind_of(t, "person"))
            for t in before
        ):
            return None  # another person's: "her best friend's son"
        met.append((word, found))
    return next(((w, f) for w, f in met if w == head), met[-1])
