"""Contradiction judges: does a new statement contradict a stored one?

The contradiction gate asks a judge about each semantic neighbour of a write
(003 §12.2.4, 000 §6). Two judges ship, chosen by
`settings.MGC_CONTRADICTION_JUDGE`:

- `RuleJudge` ("rules", the default): deterministic and offline. It reads
  both statements into content stems, values and polarity, and reports a
  contradiction only when the statements are otherwise alike:

  * negation: one side is negated ("not", "never", "no longer", "n't",
    "stopped using", …) and its content is contained in the other's: "does
    not drink coffee" contradicts "drinks coffee every morning", while "does
    not drink coffee after 6pm" does not contradict "drinks coffee";
  * antonyms: opposite terms from a curated table (likes/hates,
    enabled/disabled, on/off, open/closed, dark/light, required/optional, …)
    or an "un"/"non" prefix, said of the same thing (one side's remaining
    content contains the other's: not "email notifications are enabled" vs
    "Slack notifications are disabled"); an even number of flips ("is not
    enabled" vs "is disabled") agrees;
  * value mismatch: the same attribute with clashing values (each side has
    one the other lacks) of exactly one kind: numbers (with units and
    currencies), times, dates, years, weekdays, months, frequencies
    ("budget is 500 EUR" vs "budget is 700 EUR", "meets on Monday" vs
    "meets on Tuesday");
  * preference order: "prefers A over B" vs "prefers B over A";
  * slot value (`slots.Comparison.clash`): the same subject and attribute
    with one value each of one class ("Frankfurt" vs "Dublin", "blue" vs
    "green", "sister" vs "cousin"); the value mismatch above only speaks
    where the slot comparison agrees (memory_core/pipeline/QUALITY.md).

  "Always" against "never" is a negation ("never" negates, "always" is
  content). It misses paraphrased contradictions ("dislikes brand X" vs
  "X's new line looks great", 000 §6) and open-class values ("the dog is
  called Pixel" vs "… Byte"); that is what the HTTP judge is for. Synonyms
  of a few verbs are merged (likes/loves/prefers, allowed/permitted, …).
- `HttpJudge` ("http"): POSTs {"premise", "hypothesis"} to
  `settings.MGC_JUDGE_URL` (an NLI model or an LLM behind a small service)
  and reads {"label", "score"}. Unreachable or malformed answers judge "not
  contradicting" with detector "http_unavailable", so the gate can count them.
"""

from __future__ import annotations

import http.client
import json
import re
import urllib.request
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Protocol

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from memory_core.pipeline import wordnet

# An NLI "contradiction" counts from this score on (003 §12.2.4).
HTTP_MIN_SCORE = 0.85
HTTP_TIMEOUT_SECONDS = 5.0

# Share of content two statements must have in common to be "otherwise alike".
SUBJECT_OVERLAP = 0.5
# Texts (and pairs of texts) whose reading each process keeps: a worker's
# batches judge the same neighbours again and again (bench/PERF.md).
READ_CACHE_SIZE = 4096


@dataclass(frozen=True)
class Judgement:
    contradicts: bool
    detector: str
    reason: str = ""


class Judge(Protocol):
    def judge(self, premise: str, hypothesis: str) -> Judgement:
        """Return whether `hypothesis` (the new write) contradicts `premise`."""


# -- Reading a statement -----------------------------------------------------

NEGATIONS = frozenset(
    {"not", "never", "no", "none", "nobody", "nothing", "nowhere", "neither", "nor"}
)
STOPWORDS = frozenset(
    """
    a an the is are was were be been being am do does did doing has have had
    having will would shall should can could may might must to of in on at for
    with by from as into onto about that this these those it its and or but so
    than then there their they them he she him his her hers we us our you your
    i me my who whom which what also still really very just now currently
    anymore any longer only both either each every all some many much most
    several too even already yet
    said says say told tells tell mentioned mentions stated states reported
    reports thinks think believes believe confirmed confirms
    """.split()
)
WEEKDAYS = (
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
)
MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
FREQUENCIES = frozenset(
    {
        "hourly",
        "daily",
        "nightly",
        "weekly",
        "biweekly",
        "fortnightly",
        "monthly",
        "quarterly",
        "yearly",
        "annually",
    }
)
# "Stopped using" negates like "no longer uses"; "stopped by" does not.
CESSATIONS = frozenset({"stop", "stops", "stopped", "quit", "quits", "ceased"})
_GIVE = frozenset({"give", "gives", "gave", "given", "giving"})
NUMBER_WORDS = {
    "zero": 0,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "twenty": 20,
}
CURRENCIES = {"$": "usd", "€": "eur", "£": "gbp"}
MULTIPLIERS = {"k": 1_000, "m": 1_000_000}
ORDINALS = frozenset({"st", "nd", "rd", "th"})
# "May" is a month only next to a date word; elsewhere it is the modal verb.
MONTH_MARKERS = frozenset(
    {"in", "of", "since", "until", "by", "during", "early", "late"}
)

# Opposite terms: each pair of word groups is mutually exclusive when said of
# the same thing. Words are stemmed on import, so inflections match.
ANTONYM_GROUPS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("like", "likes", "love", "prefer", "enjoy", "want", "favor", "favour"),
        ("dislike", "hate", "detest", "loathe", "avoid", "refuse"),
    ),
    (
        ("enabled", "enable", "on", "activated", "activate", "active"),
        ("disabled", "disable", "off", "deactivated", "deactivate", "inactive"),
    ),
    (
        ("allowed", "allow", "permitted", "permit", "authorized", "authorised"),
        ("forbidden", "forbid", "prohibited", "prohibit", "banned", "disallowed"),
    ),
    (
        ("accepted", "accept", "approved", "approve", "granted"),
        ("rejected", "reject", "denied", "declined"),
    ),
    (("true", "correct", "accurate"), ("false", "incorrect", "wrong", "inaccurate")),
    (("open", "opened"), ("closed", "close", "shut")),
    (("dark",), ("light",)),
    (
        ("increase", "increased", "raise", "raised", "grow", "grew"),
        (
            "decrease",
            "decreased",
            "reduce",
            "reduced",
            "lower",
            "lowered",
            "cut",
            "shrink",
        ),
    ),
    (("available",), ("unavailable",)),
    (("included", "include"), ("excluded", "exclude")),
    (("valid",), ("invalid",)),
    (("possible",), ("impossible",)),
    (("legal",), ("illegal",)),
    (("visible", "shown"), ("hidden", "invisible")),
    (("public",), ("private",)),
    (("required", "mandatory", "compulsory"), ("optional",)),
    (("present",), ("absent",)),
    (("online",), ("offline",)),
    (("connected",), ("disconnected",)),
    (("encrypted",), ("unencrypted", "plaintext")),
    (("supported", "maintained"), ("deprecated", "unsupported", "unmaintained")),
    (("compatible",), ("incompatible",)),
    (("complete", "completed", "finished", "done"), ("incomplete", "unfinished")),
    (
        ("succeeded", "success", "successful", "passed", "pass", "working"),
        ("failed", "fail", "failure", "broken"),
    ),
    (("agree", "agrees"), ("disagree", "disagrees")),
    # Exclusive states of one home or one person: one rents or owns the flat
    # (a landlord "rents out", read as "lets"); one is single or with someone.
    (("rent", "rents", "rented", "renting"), ("own", "owns", "owned")),
    (("single",), ("married", "engaged", "dating")),
    (("won", "win"), ("lost", "lose")),
    (("alive",), ("dead",)),
    (("safe", "secure"), ("unsafe", "insecure", "dangerous")),
    (("early",), ("late",)),
    (("hot", "warm"), ("cold",)),
    (("high",), ("low",)),
    (("more",), ("less", "fewer")),
    (("fast", "quick"), ("slow",)),
    (("full",), ("empty",)),
    (("added", "installed"), ("removed", "deleted", "uninstalled")),
    (
        ("good", "great", "excellent", "positive", "happy", "satisfied", "pleased"),
        (
            "bad",
            "terrible",
            "awful",
            "poor",
            "negative",
            "unhappy",
            "dissatisfied",
            "disappointed",
        ),
    ),
)

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'"})
_CONTRACTIONS = (
    (re.compile(r"\bcan't\b|\bcannot\b"), "can not"),
    (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"\bshan't\b"), "shall not"),
    (re.compile(r"\bain't\b"), "is not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"'(s|re|ve|ll|d|m)\b"), ""),
)
_VOWEL = re.compile(r"[aeiouy]")
_TOKEN = re.compile(r"[$€£]?\d+(?:[.,:]\d+)*[a-z%]*|[a-z]+")
_NUMBER = re.compile(r"^([$€£]?)(\d+(?:[.,:]\d+)*)([a-z%]*)$")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_PREFERENCE = re.compile(
    r"\bprefer(?:s|red|ring)?\s+(.+?)\s+(?:over|to|rather than|instead of)\s+"
    r"(.+?)\s*(?:[.,;!?]|$)"
)


# Irregular forms the suffix rules below cannot reach.
IRREGULAR = {
    "used": "use",
    "paid": "pay",
    "made": "make",
    "ran": "run",
    "met": "meet",
    "bought": "buy",
    "sold": "sell",
    "grew": "grow",
    "went": "go",
    "gone": "go",
}


# Words that say the same for judging: "does not like X" contradicts
# "prefers X". Each set reads as its first word.
SYNONYMS = (
    ("like", "love", "prefer", "enjoy", "favor", "favour"),
    ("dislike", "hate", "detest", "loathe"),
    ("enable", "enabled", "activate", "activated"),
    ("disable", "disabled", "deactivate", "deactivated"),
    ("allow", "allowed", "permit", "permitted", "authorized", "authorised"),
    ("forbid", "forbidden", "prohibit", "prohibited", "banned", "disallowed"),
)


# A pure function of one word, called for every word of both sides of every
# pair the contradiction gate judges: cached (bench/PERF.md).
@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    """Return a crude stem, synonyms merged: enough for two sides to meet."""
    stem = _suffix_stem(IRREGULAR.get(word, word))
    return _CANONICAL.get(stem, stem)


def _suffix_stem(word: str) -> str:
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("sses", "ss")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            return word[: -len(suffix)] + repl
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    elif len(word) > 4 and word.endswith("ing") and _VOWEL.search(word[:-3]):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    else:
        return word[:-1] if len(word) > 2 and word.endswith("e") else word
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]
    return word[:-1] if len(word) > 2 and word.endswith("e") else word


_CANONICAL = {
    _suffix_stem(word): _suffix_stem(words[0]) for words in SYNONYMS for word in words
}


def _antonym_pairs() -> dict[str, set[str]]:
    opposite: dict[str, set[str]] = {}
    for positive, negative in ANTONYM_GROUPS:
        for a in positive:
            for b in negative:
                opposite.setdefault(_stem(a), set()).add(_stem(b))
                opposite.setdefault(_stem(b), set()).add(_stem(a))
    return opposite


OPPOSITES = _antonym_pairs()
# Owning and renting exclude each other for one thing, not for one of a kind.
_OWNERSHIP_WORDS = ("rent", "rents", "rented", "renting", "own", "owns", "owned")
_OWNERSHIP = frozenset(_stem(w) for w in _OWNERSHIP_WORDS)


@dataclass(frozen=True)
class Statement:
    """A statement read for judging: immutable, since `read_statement` caches it."""

    words: frozenset[str] = frozenset()
    core: frozenset[str] = frozenset()
    values: Mapping[str, frozenset[str]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    negations: tuple[str, ...] = ()
    surface: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    preference: tuple[frozenset[str], frozenset[str]] | None = None

    @property
    def negated(self) -> bool:
        return len(self.negations) % 2 == 1

    def value_tokens(self) -> frozenset[str]:
        return frozenset(f"{kind}={v}" for kind, vs in self.values.items() for v in vs)


@dataclass
class _Draft:
    """A statement being read; `read_statement` freezes it into a `Statement`."""

    words: set[str] = field(default_factory=set)
    core: set[str] = field(default_factory=set)
    values: dict[str, set[str]] = field(default_factory=dict)
    negations: list[str] = field(default_factory=list)
    surface: dict[str, str] = field(default_factory=dict)
    preference: tuple[frozenset[str], frozenset[str]] | None = None

    def freeze(self) -> Statement:
        return Statement(
            words=frozenset(self.words),
            core=frozenset(self.core),
            values=MappingProxyType(
                {kind: frozenset(vs) for kind, vs in self.values.items()}
            ),
            negations=tuple(self.negations),
            surface=MappingProxyType(dict(self.surface)),
            preference=self.preference,
        )


_INDEFINITE_OBJECT = re.compile(
    r"\b(?:" + "|".join(_OWNERSHIP_WORDS) + r")\s+(?:a|an|some|one|two|three)\b"
)
# "rents out the flat": a landlord lets it, the opposite of renting it.
_RENTS_OUT = re.compile(r"\brent(s|ed|ing)?(?= out\b)")


def normalize_text(text: str) -> str:
    """Lower-case `text`, unify apostrophes and expand negated contractions."""
    text = text.lower().translate(_APOSTROPHES)
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return _RENTS_OUT.sub(lambda m: "let" + (m.group(1) or ""), text)


def content_stems(text: str) -> frozenset[str]:
    """Return the content stems of `text`, values included ("weekday=monday")."""
    statement = read_statement(text)
    return statement.core | statement.value_tokens()


@lru_cache(maxsize=READ_CACHE_SIZE)
def read_statement(text: str) -> Statement:
    """Read `text` into stems, content, typed values, negations and preference.

    A pure function of the normalised text, read once per process (bench/PERF.md:
    the contradiction gate reads each neighbour again for every write that has
    it, and the dedup gates the same texts again); the `Statement` returned is
    immutable, so the cached one is shared safely. Cached by the raw text
    too: normalising it (six substitutions) cost more than the cached read.
    """
    return _read_normalised(normalize_text(text))


@lru_cache(maxsize=READ_CACHE_SIZE)
def _read_normalised(text: str) -> Statement:
    statement = _Draft()
    text = _ISO_DATE.sub(lambda m: _add(statement, "date", m.group(0)) or " ", text)
    tokens = _TOKEN.findall(text)
    skip = False
    for i, token in enumerate(tokens):
        if skip:
            skip = False
            continue
        prev = tokens[i - 1] if i else ""
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        number = _NUMBER.match(token)
        if number:
            skip = _read_number(statement, number, nxt)
            continue
        if token in NEGATIONS:
            if token == "not" and nxt == "only":
                continue  # "not only … but also" adds, it does not negate.
            if token == "nor" and "neither" in statement.negations:
                continue
            statement.negations.append(token)
            if token == "no" and nxt == "longer":
                skip = True
            continue
        if token in CESSATIONS and nxt.endswith("ing"):
            statement.negations.append(token)
            continue
        after = tokens[i + 2] if i + 2 < len(tokens) else ""
        if token in _GIVE and nxt == "up" and after.endswith("ing"):
            # "gave up smoking" is "quit smoking", "stopped smoking".
            statement.negations.append(token)
            skip = True
            continue
        if token in FREQUENCIES:
            _add(statement, "frequency", token)
            continue
        weekday = token[:-1] if token.endswith("s") else token
        if weekday in WEEKDAYS:
            _add(statement, "weekday", weekday)
            continue
        if token in MONTHS and (token != "may" or prev in MONTH_MARKERS or _digit(nxt)):
            _add(statement, "month", token)
            continue
        if token in NUMBER_WORDS:
            _add(statement, "number", _number_text(NUMBER_WORDS[token]))
            continue
        stem = _stem(token)
        statement.words.add(stem)
        statement.surface.setdefault(stem, token)
        if token not in STOPWORDS:
            statement.core.add(stem)
    preference = _PREFERENCE.search(text)
    if preference:
        statement.preference = (
            frozenset(_plain_stems(preference.group(1))),
            frozenset(_plain_stems(preference.group(2))),
        )
    return statement.freeze()


def _plain_stems(text: str) -> Iterable[str]:
    return (_stem(t) for t in _TOKEN.findall(text) if t not in STOPWORDS)


def _digit(token: str) -> bool:
    return bool(token) and token[0].isdigit()


def _add(statement: _Draft, kind: str, value: str) -> None:
    statement.values.setdefault(kind, set()).add(value)


def _number_text(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def _read_number(statement: _Draft, match: re.Match, nxt: str) -> bool:
    """Record a number, time or year; return True when it consumed `nxt`."""
    currency, digits, unit = match.groups()
    meridiem = unit if unit in ("am", "pm") else nxt if nxt in ("am", "pm") else ""
    if ":" in digits or meridiem:
        hours, _, minutes = digits.partition(":")
        if not (hours.isdigit() and (minutes or "0").isdigit()):
            return False
        hour = (
            int(hours) % 12 + (12 if meridiem == "pm" else 0)
            if meridiem
            else int(hours)
        )
        _add(statement, "time", f"{hour:02d}:{int(minutes or 0):02d}")
        return bool(meridiem) and unit != meridiem
    # "in 2023" is a year; "2000 EUR" and "2000 requests" are amounts.
    unit_follows = nxt.isalpha() and nxt not in STOPWORDS
    if (
        not (currency or unit or unit_follows)
        and len(digits) == 4
        and digits.isdigit()
        and 1900 <= int(digits) <= 2100
    ):
        _add(statement, "year", digits)
        return False
    try:
        value = float(digits.replace(",", ""))
    except ValueError:
        return False
    if unit in MULTIPLIERS:
        value, unit = value * MULTIPLIERS[unit], ""
    elif unit in ORDINALS:
        unit = ""
    _add(statement, "number", _number_text(value))
    for word in (CURRENCIES.get(currency, ""), unit):
        if word:
            statement.words.add(word)
            statement.core.add(word)
    return False


# -- Comparing two statements ------------------------------------------------


def _overlap(a: set[str], b: set[str]) -> float:
    """Return the Jaccard overlap of two sets (1.0 for two empty sets)."""
    return len(a & b) / len(a | b) if a | b else 1.0


def _same_subject(a: set[str], b: set[str]) -> bool:
    """Return whether two contents describe the same thing.

    One must contain the other ("coffee" and "coffee in the morning"), and
    they must share at least half their words; two siblings ("email
    notifications" and "Slack notifications") are different things.
    """
    return bool(a and b) and (a <= b or b <= a) and _overlap(a, b) >= SUBJECT_OVERLAP


def _opposites(
    a: Statement,
    b: Statement,
    wordnet_antonyms: bool = False,
    senses: int = wordnet.TOP_SENSES,
) -> list[tuple[str, str]]:
    """Return pairs of opposite terms, one only in `a` and one only in `b`.

    Each word of `a`'s own, in order, takes the first (in order) word of
    `b`'s own not taken yet that is its opposite or itself with a negating
    prefix, or the reverse; the words that can be are looked up, not
    tried one by one.
    """
    only_a, only_b = a.words - b.words, b.words - a.words
    pairs: list[tuple[str, str]] = []
    free = set(only_b)
    for x in sorted(only_a):
        if not free:
            break
        found = free & _opposite_candidates(x)
        if not found and x in a.core and wordnet_antonyms:
            # WordNet's antonyms ("curly" / "straight", "tidy" / "messy").
            found = {
                y
                for y in free & b.core
                if wordnet.opposite(a.surface.get(x, x), b.surface.get(y, y), senses)
            }
        if found:
            y = min(found)
            pairs.append((x, y))
            free.discard(y)
    return pairs


# `opposed` only ever keeps two statements apart (no close-rewording
# duplicate, no veto of the model judge's contradiction), so it reads the
# antonyms of more senses than the rule judge: "large" has "small" only
# from its fourth sense (blind7's "a small breed" / "a very large breed"
# was answered duplicate).
OPPOSED_SENSES = 10


@lru_cache(maxsize=65536)
def opposed(premise: str, hypothesis: str) -> bool:
    """Return whether each says a word the other opposes ("faces south" /
    "is north-facing", "won" / "came last"), WordNet's antonyms included."""
    a, b = read_statement(premise), read_statement(hypothesis)
    return bool(_opposites(a, b, True, OPPOSED_SENSES))


@lru_cache(maxsize=65536)
def gloss_denied(premise: str, hypothesis: str) -> bool:
    """Return whether one side's word is defined as lacking what the other
    says outright: "vegetarian" ("… eats no meat …") / "eats meat", but not
    / "does not eat meat" (the side naming it negates it too).

    The model judge reads such pairs as one fact (issue 12, tenth session);
    a duplicate it finds is vetoed by this (`semantic_dedup`), since an
    answered duplicate drops the write.
    """
    a, b = read_statement(premise), read_statement(hypothesis)
    for one, other in ((a, b), (b, a)):
        if other.negated:
            continue
        for x in one.core - other.core:
            word = one.surface.get(x, x)
            for y in other.core - one.core:
                if wordnet.defines(word, other.surface.get(y, y)) == -1:
                    return True
    return False


# A relation names its person by the head noun of the phrase after a
# possessive ("Alice's manager", "Tom's line manager", "Max, James's dog")
# or by the word before "of" ("the brother of Tomasz").
_PHRASE_END = frozenset(
    "is was are were has had have and or but of in on at to for with from who "
    "that which will would can could got gets said says".split()
)
_RELATION_KINDS = ("person", "animal")
RELATION_SENSES = 2
# What may cling to a word: "Tom's," "(Alice's".
_PUNCTUATION = ',.;:!?()"'


def _relation_nouns(text: str, name: str) -> list[str]:
    """Return the nouns `text` names a relation of `name`'s by."""
    nouns = []
    words = text.split()
    for i, word in enumerate(words):
        if word.strip(_PUNCTUATION) == f"{name}'s":
            head = ""
            for nxt in words[i + 1 : i + 5]:
                bare = nxt.strip(_PUNCTUATION).lower()
                if not bare or bare in _PHRASE_END:
                    break
                head = bare
                if bare != nxt.lower():  # punctuation ends the phrase
                    break
            if head:
                nouns.append(head)
        elif (
            word == "of"
            and 0 < i < len(words) - 1
            and words[i + 1].strip(_PUNCTUATION) == name
        ):
            nouns.append(words[i - 1].strip(_PUNCTUATION).lower())
    return nouns


def two_people(premise: str, hypothesis: str) -> bool:
    """Return whether the two statements are each about another person.

    Each opens with another person's first name ("Gina supports Jon." /
    "Jon is grateful for Gina's support."): a fact about each, however alike
    a model reads them, so the model judge's duplicate is vetoed
    (`semantic_dedup`). Not a relation between the two stated from either
    end, where a side names one of them by a person's or a pet's noun of the
    other ("Alice's manager is Raj." / "Raj manages Alice.", "Max, James's
    dog, …"), not one side in the passive whose agent opens the other
    ("Sofia is co-supervised by Raj." / "Raj co-supervises Sofia."), and not
    two people who are the subject together ("Chloe and Sam got engaged." /
    "Sam proposed to Chloe.").
    """
    from memory_core.pipeline import slots

    if not slots.compare(premise, hypothesis).other_person:
        return False
    names = (
        premise.split(maxsplit=1)[0].removesuffix("'s"),
        hypothesis.split(maxsplit=1)[0].removesuffix("'s"),
    )
    for text, other in ((premise, names[1]), (hypothesis, names[0])):
        if slots.passive_agent(slots._tokens(text)) == other.lower():
            # "Sofia is co-supervised by Raj." / "Raj co-supervises Sofia.":
            # one relation told from either end, in the passive on one.
            return False
    for text in (premise, hypothesis):
        words = [w.strip(_PUNCTUATION) for w in text.split()[:3]]
        if len(words) == 3 and words[1] == "and" and words[2] in names:
            return False
        for name in names:
            if any(
                wordnet.kind_of(noun, kind, RELATION_SENSES)
                for noun in _relation_nouns(text, name)
                for kind in _RELATION_KINDS
            ):
                return False
    return True


# A day of a month written out ("7 February", "February 7th", "7th of
# May"), and a range of them ("2 to 6 April", "April 2nd-6th": every day
# between).
_MONTH_NAMES = "|".join(MONTHS)
_ORD = r"(?:st|nd|rd|th)?"
_RANGE = r"\s*(?:-|–|to|until|till|through)\s*"
_DAY_MONTH_RE = re.compile(
    rf"\b(?:(\d{{1,2}}){_ORD}\s+(?:of\s+)?({_MONTH_NAMES})"
    rf"|({_MONTH_NAMES})\s+(\d{{1,2}}){_ORD})\b",
    re.IGNORECASE,
)
_DAY_RANGE_RE = re.compile(
    rf"\b(?:(\d{{1,2}}){_ORD}{_RANGE}(\d{{1,2}}){_ORD}\s+(?:of\s+)?({_MONTH_NAMES})"
    rf"|({_MONTH_NAMES})\s+(\d{{1,2}}){_ORD}{_RANGE}(\d{{1,2}}){_ORD})\b",
    re.IGNORECASE,
)


def _days(text: str) -> frozenset[tuple[str, int]]:
    """Return the (month, day) pairs a text writes out."""
    found = set()
    for (
        first,
        last,
        month,
        month_first,
        first_after,
        last_after,
    ) in _DAY_RANGE_RE.findall(text):
        start, end = int(first or first_after), int(last or last_after)
        if 1 <= start <= end <= 31:
            name = (month or month_first).lower()
            found.update((name, day) for day in range(start, end + 1))
    for day, month, month_first, day_after in _DAY_MONTH_RE.findall(text):
        number = int(day or day_after)
        if 1 <= number <= 31:
            found.add(((month or month_first).lower(), number))
    return frozenset(found)


def dates_apart(premise: str, hypothesis: str) -> bool:
    """Return whether the two name days of a month, months or years, none of
    which the other names: "… (said on 7 February, 2022)" / "… (said on 25
    February, 2022)", "… in March 2023" / "… in October 2023": two events,
    however alike a model reads them (`semantic_dedup`)."""
    days_a, days_b = _days(premise), _days(hypothesis)
    if days_a and days_b and not days_a & days_b:
        return True
    a, b = read_statement(premise).values, read_statement(hypothesis).values
    return any(
        a.get(kind) and b.get(kind) and not a[kind] & b[kind]
        for kind in ("month", "year")
    )


def _opposite_candidates(word: str) -> frozenset[str]:
    """Return the words opposite `word`: an antonym, or either of the two with
    a negating prefix ("locked" / "unlocked", from four letters on).

    A pure function of one word, asked for each own word of every pair:
    cached (bench/PERF.md)."""
    candidates = set(OPPOSITES.get(word, ()))
    if len(word) >= 4:
        candidates |= {f"un{word}", f"non{word}"}
    for prefix in ("un", "non"):
        if word.startswith(prefix) and len(word) - len(prefix) >= 4:
            candidates.add(word[len(prefix) :])
    return frozenset(candidates)


class RuleJudge:
    """A deterministic judge of negation, antonyms, values and preference order."""

    def judge(self, premise: str, hypothesis: str) -> Judgement:
        return _rule_judgement(premise, hypothesis)


# A pure function of the two texts: the semantic dedup gate's information
# delta judges the pair the contradiction gate judged (bench/PERF.md).
@lru_cache(maxsize=READ_CACHE_SIZE)
def _rule_judgement(premise: str, hypothesis: str) -> Judgement:
    """Judge `hypothesis` against `premise` by the rules (`RuleJudge`)."""
    from memory_core.pipeline import slots

    comparison = slots.compare(premise, hypothesis)
    judgement = _judge_statements(premise, hypothesis, comparison)
    if judgement.detector == "value_mismatch" and (
        comparison.same_fact
        or slots.same_amount(premise, hypothesis, comparison)
        or slots.other_frame(premise, hypothesis, comparison)
        or slots.qualified_apart(premise, hypothesis)
    ):
        # "Stand-up is at 9.30" restates "Standup is at 9:30".
        return Judgement(False, "rules", "")
    if judgement.contradicts or judgement.detector != "rules":
        return judgement
    if (
        comparison.clash
        and not slots.other_predicate(premise, hypothesis, comparison)
        and not slots.same_amount(premise, hypothesis, comparison)
        and not slots.other_frame(premise, hypothesis, comparison)
        and not slots.several_holders(premise, hypothesis, comparison)
        and not slots.two_subjects(premise, hypothesis, comparison)
        and not slots.qualified_apart(premise, hypothesis)
    ):
        first, second = (", ".join(sorted(side)) for side in comparison.values())
        return Judgement(
            True, "slot_value", f"Same subject and attribute: {first} vs {second}."
        )
    kin = slots.kin_swap(premise, hypothesis, comparison)
    if kin:
        return Judgement(
            True, "kin_swap", f"One person, two kinships: {kin[0]} vs {kin[1]}."
        )
    typed = slots.typed_clash(premise, hypothesis)
    if (
        typed
        and not slots.other_frame(premise, hypothesis, comparison)
        and not slots.qualified_apart(premise, hypothesis)
    ):
        return Judgement(
            True,
            "typed_value",
            f"The same statement with another value: {typed[0]} vs {typed[1]}.",
        )
    return judgement


def _judge_statements(premise: str, hypothesis: str, comparison) -> Judgement:
    """Judge by negation, antonyms, preference order and values (`RuleJudge`)."""
    a, b = read_statement(premise), read_statement(hypothesis)
    if a.preference and b.preference and a.preference == b.preference[::-1]:
        first, second = (" ".join(sorted(s)) for s in a.preference)
        return Judgement(
            True,
            "preference_order",
            f"Opposite preference: {first} over {second}, and the reverse.",
        )
    content_a = a.core | a.value_tokens()
    content_b = b.core | b.value_tokens()
    # WordNet's antonyms count only when the two say nothing else of their
    # own (`_only_antonyms`): "the user's hair is curly / straight", not
    # "the user / the user's dog sleeps on the left / right side".
    pairs = _opposites(a, b, _only_antonyms(comparison))
    negation_flip = a.negated != b.negated
    if not pairs and negation_flip:
        negated, plain = (content_a, content_b) if a.negated else (content_b, content_a)
        if negated and negated <= plain and _overlap(negated, plain) >= SUBJECT_OVERLAP:
            word = (a.negations or b.negations)[0]
            return Judgement(
                True, "negation", f"One statement negates the other ({word!r})."
            )
        return Judgement(False, "rules", "")
    if pairs and _INDEFINITE_OBJECT.search(f"{premise} {hypothesis}".lower()):
        # "owns a car" / "rents a car when travelling": one of a kind rented,
        # another owned; "rents / owns *their* flat" is one flat.
        pairs = [p for p in pairs if not {*p} & _OWNERSHIP]
    if pairs and (len(pairs) + negation_flip) % 2 == 1:
        flipped = {w for pair in pairs for w in pair}
        if _same_subject(content_a - flipped, content_b - flipped):
            terms = ", ".join(f"{a.surface[x]!r} vs {b.surface[y]!r}" for x, y in pairs)
            detector = "antonym+negation" if negation_flip else "antonym"
            return Judgement(True, detector, f"Opposite terms: {terms}.")
        return Judgement(False, "rules", "")
    if pairs or a.negated or b.negated:
        return Judgement(False, "rules", "")
    if not comparison.clash:
        # "Also", another subject ("the user's wife's birthday"), a frame
        # that holds several values, an item's number ("Ticket 4512"), a
        # note without a verb ("Heartbeat at 10:01"): no clash of values.
        return Judgement(False, "rules", "")
    return _value_mismatch(a, b)


_TYPED_WORD = re.compile(r"^[TDOQ]\d", re.IGNORECASE)


def _only_antonyms(comparison) -> bool:
    """Return whether each side has one own word but frame words, and no
    value, relation or name: the place of an antonym."""
    for side in (comparison.only_a, comparison.only_b):
        content = [r for r in side.values() if r != "frame"]
        if len(content) != 1 or content[0] in ("relation",):
            return False
        if any(_TYPED_WORD.match(w) or "#" in w for w in side):
            return False  # "First note" / "Second note": which one
    kinds = {
        comparison.kinds.get(w)
        for side in (comparison.only_a, comparison.only_b)
        for w in side
    }
    return not any(k and (k[:1] in "TDOQ" or k in ("name", "person")) for k in kinds)


def _value_mismatch(a: Statement, b: Statement) -> Judgement:
    """Judge two positive statements that may give one attribute two values."""
    # A kind clashes when each side has a value the other lacks: "Monday" vs
    # "Tuesday", or "X1, 16 GB" vs "X1, 32 GB"; not "Monday" vs "Monday and
    # Tuesday", which only says more.
    # Not a count against a list ("has two kids" / "the kids are 4 and 7").
    clashing = [
        kind
        for kind in a.values.keys() & b.values.keys()
        if a.values[kind] - b.values[kind]
        and b.values[kind] - a.values[kind]
        and len(a.values[kind]) == len(b.values[kind])
    ]
    # The same attribute: "budget" and "monthly budget", not two siblings
    # ("son is 7", "daughter is 9").
    if len(clashing) == 1 and _same_subject(a.core, b.core):
        kind = clashing[0]
        first, second = (", ".join(sorted(s.values[kind])) for s in (a, b))
        return Judgement(
            True, "value_mismatch", f"Different {kind}: {first} vs {second}."
        )
    return Judgement(False, "rules", "")


# -- The HTTP judge ----------------------------------------------------------


class HttpJudge:
    """Ask an NLI or LLM service; contradiction from `min_score` on.

    An answer without a score (an LLM's verdict) counts as certain.
    """

    def __init__(
        self,
        *,
        url: str,
        timeout: float = HTTP_TIMEOUT_SECONDS,
        min_score: float = HTTP_MIN_SCORE,
    ) -> None:
        self.url, self.timeout, self.min_score = url, timeout, min_score

    def judge(self, premise: str, hypothesis: str) -> Judgement:
        if not self.url:
            return Judgement(False, "http_unavailable", "No judge URL is configured.")
        body = json.dumps({"premise": premise, "hypothesis": hypothesis}).encode()
        request = urllib.request.Request(
            self.url,
            data=body,
            headers={"Content-Type": "application/json", "Accept": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                answer = json.loads(response.read())
            label = str(answer["label"]).lower()
            score = float(answer.get("score", 1.0))
        except (
            OSError,
            http.client.HTTPException,
            ValueError,
            KeyError,
            TypeError,
        ) as error:
            # URLError, HTTPError and timeouts are OSErrors; bad JSON a ValueError.
            return Judgement(False, "http_unavailable", f"Judge unavailable: {error}")
        contradicts = label == "contradiction" and score >= self.min_score
        return Judgement(contradicts, "http", f"Judge said {label} ({score:.2f}).")


def get_judge() -> Judge:
    """Return the judge `settings.MGC_CONTRADICTION_JUDGE` names."""
    name = getattr(settings, "MGC_CONTRADICTION_JUDGE", "rules") or "rules"
    if name == "rules":
        return RuleJudge()
    if name == "http":
        return HttpJudge(
            url=getattr(settings, "MGC_JUDGE_URL", ""),
            timeout=getattr(settings, "MGC_JUDGE_TIMEOUT", HTTP_TIMEOUT_SECONDS),
        )
    raise ImproperlyConfigured(f"Unknown MGC_CONTRADICTION_JUDGE {name!r}.")
