"""Content-word alignment of two statements, for the paraphrase tier (issue 12).

Two statements are one fact in other words when every content word of one
side has a partner on the other and no value is left over: "The neighbours
at number twelve keep the user's spare key." / "User's spare key is with the
neighbour at no. 12." (every word of the second is in the first; the first's
"keep" is a frame verb), "Lagos is where the user spent their childhood" /
"User grew up in Lagos" is not (two words of each side's own).

A partner is the same word in another form (`judges._stem`), a word of the
same concept (`lexicon.CONCEPT_WORDS`), a WordNet synonym or derivation
(`wordnet.related`: "flat" / "apartment", "cellist" / "cello"), a WordNet
phrase ("general practitioner" / "GP"), an acronym in capitals of the other
side's consecutive words ("CTO" / "chief technology officer") or a
numeronym ("k8s" / "Kubernetes"). Values are read after `slots`' notations
("twelve" / "12", "quarter past three" / "15:15"): a number, a time, a date,
a name, a relation ("wife") or a word of a value class ("coffee") must be on
both sides, as written or as one amount converted.

The alignment is lexical evidence only; `semantic_dedup` weighs it with the
cosine of the two statements and the judges' vetoes (two people, dates
apart, opposed words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from string import ascii_lowercase

from memory_core.pipeline import judges, lexicon, slots, wordnet

# Words that carry no content of their own in a short statement of a fact:
# the user as the default subject, pronouns, hedges and fillers ("usually",
# "about"), and light nouns a note or a sentence adds ("number 12", "no. 12").
_LIGHT = frozenset(
    """
    user users user's i me my mine myself m s re ve ll d t
    it's its they them their theirs he him his she her we us our you your
    usually typically generally normally basically actually really roughly
    about around approximately almost nearly some please
    number thing things one ones ca wo up out down
    """.split()
)
# A period and its rate are one value here: `slots` writes "a day" as one day
# ("Q86400s") and "every day" as "daily".
_PERIODS = {
    "Q3600s": "hourly",
    "Q86400s": "daily",
    "Q604800s": "weekly",
    "Q2592000s": "monthly",
    "Q7776000s": "quarterly",
    "Q31536000s": "yearly",
    "annually": "yearly",
    "annual": "yearly",
}
_RATES = frozenset(slots.RATES.values())
# Nouns that name the attribute a typed value fills ("wedding *date*:
# 2025-10-18", "Miso's *age*: seven", "area: 25 m²"), and verbs that name a
# name ("is *called* Jamal"): beside such a value, the value says it.
_VALUE_ATTRIBUTES = frozenset(
    """
    date day time age area size length duration amount count total value
    """.split()
)
_NAMING = frozenset("called named name known".split())
# "works as a nurse", "serves as CTO": the copula in other words.
_AS = re.compile(
    r"\b(?:work|works|worked|working|serve|serves|served|acts?) as\b", re.IGNORECASE
)
# Words that open a qualifying phrase.
_OPENERS = frozenset(
    """
    in on at for with during across within inside outside under every all each
    any only except
    """.split()
)
_PRONOUNS = frozenset("he him his she her hers they them their theirs".split())
# Words that add to what the other side says ("also likes coffee"): an
# addition is a second fact, not the first reworded.
_ADDITIONS = slots.ADDITIONS | frozenset({"more", "extra", "else", "other"})
# … or limit it ("English *only*" against a list of languages).
_LIMITS = frozenset({"only", "exclusively", "solely"})
_NEGATIONS = judges.NEGATIONS | frozenset({"without", "nor", "neither"})
# "no. 12", "No 7": the number sign, not a negation.
_NUMBER_SIGN = re.compile(r"\bno\.?\s+(?=\d)", re.IGNORECASE)
_NOT = re.compile(r"n[’']t\b", re.IGNORECASE)
# A numeronym: first letter, how many letters between, last ("k8s", "i18n").
_NUMERONYM = re.compile(r"^([a-z])(\d{1,2})([a-z])$")
_CAPITALS = re.compile(r"^[A-Z]{2,6}$")
_TYPED = re.compile(r"^[TDOQ]\d")
_ALPHA = re.compile(r"^[a-z][a-z-]*$")
# Verbs that only carry a value or a relation ("keeps the key", "has a
# dog", "gets 2 litres"): either side may have one of its own.
_CARRIERS = frozenset(
    judges._stem(w)
    for w in """
    be is are was were been has have had get gets got keep keeps kept hold holds
    held use uses used do does did make makes made stand stands stood
    """.split()
)
_LOWER_VALUES = frozenset().union(*lexicon.LOWER_CLASSES.values())
_UPPER_VALUES = frozenset().union(*lexicon.UPPER_CLASSES.values())
# Names often written in lower case ("bash", "python"), but not the common
# words among them ("go").
_LOWER_NAMES = (lexicon.PROGRAMMING | lexicon.LANGUAGES) - frozenset({"go"})
_RELATIONS = frozenset(judges._stem(w) for w in slots.RELATIONS)
_CONCEPTS = slots._CONCEPTS


@dataclass(frozen=True)
class Word:
    """One word of a statement: its text, stem and role."""

    text: str  # lower case, "'s" taken off
    stem: str
    value: bool  # a number, time, date, name, relation or classed word
    capitals: bool = False  # written in capitals ("CTO"): maybe an acronym
    name: bool = False  # capitalised: a name ("Okafor", "Lagos")
    relation: bool = False  # a person's relation ("manager", "wife")
    # In a phrase opened by a preposition or a quantifier ("in *every*
    # *dashboard*", "on *long-haul* flights"): a qualifier, which narrows
    # what the statement says.
    qualifier: bool = False
    position: int = 0  # the index of its token in the canonical text


@dataclass(frozen=True)
class Alignment:
    """The words of each side with no partner on the other side."""

    own_a: tuple[str, ...]  # content words of the premise only
    own_b: tuple[str, ...]
    values_a: tuple[str, ...]  # values of the premise only
    values_b: tuple[str, ...]
    qualifiers_a: tuple[str, ...]  # own words of the premise in a qualifier
    matched_a: int  # content words and values of the premise with a partner
    matched_b: int
    negated: bool  # a negation on one side only
    addition: bool
    reordered: bool  # two values in another order beside a comparison

    def covered(self, extra: int) -> bool:
        """Return whether every content word and value of the hypothesis has
        a partner in the premise, the premise has at most `extra` content
        words of its own and no value of its own, and nothing negates, adds
        or compares the other way ("prefers tea over coffee" / "prefers
        coffee to tea")."""
        if self.negated or self.addition or self.reordered:
            return False
        if self.values_a or self.values_b or self.own_b:
            return False
        if min(self.matched_a, self.matched_b) < 1:
            return False
        if max(self.matched_a, self.matched_b) < 2:
            # One shared word is a topic, not a fact; an acronym of two or
            # more words ("CTO") is more than one.
            return False
        if self.qualifiers_a:
            # "… dark mode in every dashboard" / "… dark mode": the write
            # says it of more, which is news.
            return False
        return len(self.own_a) <= extra


# A hedge that adds no fact ("I think …", "…, if I remember right"): the
# speaker's certainty, not what is said.
_HEDGE = re.compile(
    r"\b(?:i|we) (?:think|believe|reckon|guess)\b(?: that\b)?"
    r"|\b(?:i'?m |we'?re )?(?:pretty|fairly|quite) sure\b(?: that\b)?"
    r"|,?\s*\bif (?:i|we) (?:remember|recall)(?: (?:right|rightly|correctly))?\b"
    r"|\biirc\b",
    re.IGNORECASE,
)
# "the end of August": the month's last day (a note of the day against a
# sentence of the month's end; `slots` keeps the month, which may clash with
# a day of another month).
_END_OF_MONTH = re.compile(
    r"\b(?:the )?end of (" + "|".join(judges.MONTHS) + r")\b(?![ ,]*\d)",
    re.IGNORECASE,
)
_LAST_DAYS = (31, None, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # February: leap


def _month_end(match: re.Match) -> str:
    month = judges.MONTHS.index(match.group(1).lower())
    day = _LAST_DAYS[month]
    return match.group(0) if day is None else f"{day} {match.group(1)}"


# "held by Rosa and Kenji, nobody else": "only", said after the list.
_NONE_ELSE = re.compile(
    r",?\s*(?:and |but )?(?:nobody|no one|no-one|nothing|none) else\b", re.IGNORECASE
)


# "valid until Nov 2026" / "expiry 2026-11": the end of a validity is its
# expiry (`lexicon.CONCEPT_WORDS`).
_VALID_UNTIL = re.compile(
    r"\b(?:is |are )?(?:valid|good) (?:until|till|til|through|thru)\b", re.IGNORECASE
)
# "weekdays" / "Mon-Fri", "weekends" / "Saturdays and Sundays": the days a
# plural names, each a value as `slots` writes a range of days.
_DAYS_OF = {
    "weekdays": ("monday", "tuesday", "wednesday", "thursday", "friday"),
    "weekends": ("saturday", "sunday"),
    "weekend": ("saturday", "sunday"),
}


# "starts at 9am and ends at 13:00": a span said by its two ends, one range
# ("from 9am to 1pm", "9:00-13:00").
_START_AND_END = re.compile(
    r"\b(?:starts?|begins?|opens?)\s+(?:at\s+)?([^,;]+?),?\s+and\s+"
    r"(?:ends?|finish(?:es)?|closes?)\s+(?:at\s+)?",
    re.IGNORECASE,
)
_WEEKDAYS = frozenset(judges.WEEKDAYS)


def _words(text: str) -> tuple[tuple[Word, ...], int, bool]:
    """Return (the content words and values, negations, an addition word)."""
    text = _HEDGE.sub(" ", _NONE_ELSE.sub(" only", text.replace("’", "'")))
    text = _VALID_UNTIL.sub("expires", text)
    text = _START_AND_END.sub(r"from \1 to ", text)
    text = _END_OF_MONTH.sub(_month_end, text)
    text = _AS.sub("is", _NOT.sub(" not", _NUMBER_SIGN.sub("number ", text)))
    tokens = slots._tokens(text)
    typed = any(_TYPED.match(t) for t in tokens)
    named = any(t[:1].isupper() for t in tokens[1:])
    # "Her pronouns are she/her": the pronouns are the value.
    light = _LIGHT - _PRONOUNS if "pronoun" in text.lower() else _LIGHT
    words: list[Word] = []
    negations = 0
    addition = False
    for i, token in enumerate(tokens):
        lower = token.lower().removesuffix("'s")
        qualifier = any(t.lower() in _OPENERS for t in tokens[max(0, i - 2) : i])
        if lower in _NEGATIONS:
            negations += 1
            continue
        if lower in _ADDITIONS or lower in _LIMITS:
            addition = True
            continue
        period = _PERIODS.get(token, lower if lower in _RATES else None)
        if period is not None:
            words.append(Word(period, period, True, position=i))
            continue
        if _TYPED.match(token) or token.isdigit():
            words.append(Word(token, token, True, position=i))
            continue
        if lower in judges.STOPWORDS and lower not in _PRONOUNS:
            continue
        if lower in _DAYS_OF:
            words.extend(
                Word(day, day, True, name=True, qualifier=qualifier, position=i)
                for day in _DAYS_OF[lower]
            )
            continue
        if token.lower().endswith("'s") and lower in lexicon.GENERIC_POSSESSORS:
            continue  # "the shop's financial year": the default owner's
        if lower in light or not lower.isalnum():
            continue
        if (typed and lower in _VALUE_ATTRIBUTES) or (named and lower in _NAMING):
            continue
        stem = judges._stem(lower)
        capitals = bool(_CAPITALS.match(token))
        name = token[:1].isupper() and (
            i > 0 or lower in _UPPER_VALUES or not wordnet.base_forms(lower)
        )
        value = (
            name
            or capitals
            or lower in _LOWER_VALUES
            or lower in _LOWER_NAMES
            or stem in _RELATIONS
            or bool(_NUMERONYM.match(lower))
        )
        words.append(
            Word(lower, stem, value, capitals, name, stem in _RELATIONS, qualifier, i)
        )
    return tuple(words), negations, addition


# Words of one meaning here that neither `lexicon` nor WordNet pairs: the
# end of a span said inclusively ("leave *until* the end of August" / "leave
# runs *through* 31 August").
_ONE_MEANING = tuple(
    frozenset(group.split()) for group in ("until till til through thru",)
)


def _partner(x: Word, y: Word) -> bool:
    """Return whether two words say the same thing (see the module)."""
    if x.stem == y.stem or x.text == y.text:
        return True
    if any(x.text in group and y.text in group for group in _ONE_MEANING):
        return True
    if x.relation != y.relation:
        return False  # "Mia's manager is …" / "Mia manages …": who is whose
    if _TYPED.match(x.text) or _TYPED.match(y.text):
        return bool(
            _TYPED.match(x.text)
            and _TYPED.match(y.text)
            and (
                slots._same_amount_words(x.text, y.text)
                or _same_number(x.text, y.text)
                or _same_number(y.text, x.text)
            )
        )
    concept = _CONCEPTS.get(x.stem)
    if concept is not None and concept == _CONCEPTS.get(y.stem):
        return True
    if _numeronym(x.text, y.text) or _numeronym(y.text, x.text):
        return True
    if not (x.value or y.value) and (
        _shortened(x.text, y.text)
        or _shortened(y.text, x.text)
        or _clipped(x.text, y.text)
        or _clipped(y.text, x.text)
    ):
        # Not a value: "mother" is no clipped "mother-in-law".
        return True
    if x.name and y.name and slots._same_word(x.text, y.text):
        return True  # "St. Pete" / "St. Petersburg", "Dan" / "Daniel"
    if not (_ALPHA.match(x.text) and _ALPHA.match(y.text)):
        return False
    if x.value or y.value:
        # A value is the other's only as a synonym or a derivation ("cello" /
        # "cellist"), not as a kind of it: "colour" / "green", "parent" /
        # "mother" name another or a wider value.
        return wordnet.synonym_or_derived(x.text, y.text)
    return _related(x.text, y.text)


@lru_cache(maxsize=65536)
def _related(x: str, y: str) -> bool:
    """Return whether WordNet reads two words as one (not as antonyms)."""
    return wordnet.related(x, y) and not wordnet.opposite(x, y)


# A word shortened by dropping letters ("svc", "mgr", "dept", "req"): at most
# this long, and no word WordNet knows.
SHORTENED_MAX = 4


def _shortened(short: str, long: str) -> bool:
    """Return whether `short` is `long` with letters left out: the same first
    letter, the rest in order ("svc" / "service", "bldg" / "building")."""
    if not (3 <= len(short) <= SHORTENED_MAX < len(long)) or short[0] != long[0]:
        return False
    if not (short.isalpha() and long.isalpha()) or wordnet.base_forms(short):
        return False
    rest = iter(long[1:])
    return all(letter in rest for letter in short[1:])


# A word clipped to its start ("retro" / "retrospective", "reno" /
# "renovation", "prod" / "production"): at least this many letters, and at
# least this many fewer than the whole.
CLIPPED_MIN = 4
CLIPPED_DROPPED = 3


def _clipped(short: str, long: str) -> bool:
    """Return whether `short` is the start of `long` said alone."""
    return (
        len(short) >= CLIPPED_MIN
        and len(long) >= len(short) + CLIPPED_DROPPED
        and short.isalpha()
        and long.startswith(short)
    )


_AMOUNT = re.compile(r"^Q(\d+(?:\.\d+)?)([a-z]*)$")
_ORDINAL = re.compile(r"^O(\d+)$")
_TIME = re.compile(r"^T(\d\d)00$")


def _same_number(x: str, y: str) -> bool:
    """Return whether a bare number `x` is the number `y` writes another way:
    with its unit ("TTL 300" / "300 s"), as an ordinal ("node 3" / "the
    third node"), as an hour ("Monday at 10" / "10:00", "at 5" / "5 pm")."""
    amount = _AMOUNT.match(x)
    if amount is None or amount.group(2):
        return False
    number = amount.group(1)
    other = _AMOUNT.match(y)
    if other is not None:
        return other.group(1) == number and bool(other.group(2))
    ordinal = _ORDINAL.match(y)
    if ordinal is not None:
        return ordinal.group(1) == number
    time = _TIME.match(y)
    if time is not None and number.isdigit() and 1 <= int(number) <= 12:
        return int(time.group(1)) in (int(number), int(number) + 12)
    return False


def _numeronym(short: str, long: str) -> bool:
    match = _NUMERONYM.match(short)
    if not match or not long.isalpha():
        return False
    first, between, last = match.groups()
    return long[0] == first and long[-1] == last and len(long) - 2 == int(between)


def _phrases(words: tuple[Word, ...]) -> list[tuple[int, int, str]]:
    """Return (start, end, lemma) of runs of two or three words that are one
    WordNet lemma ("general practitioner", "rental agreement")."""
    found = []
    for size in (3, 2):
        for start in range(len(words) - size + 1):
            run = words[start : start + size]
            if any(w.value and not w.capitals for w in run):
                continue
            lemma = "_".join(w.text for w in run)
            if all(_ALPHA.match(w.text) for w in run) and wordnet.base_forms(lemma):
                found.append((start, start + size, lemma))
    return found


def _acronyms(
    short: tuple[Word, ...], long: tuple[Word, ...]
) -> list[tuple[int, int, int]]:
    """Return (index in `short`, start, end in `long`) of each acronym in
    capitals whose letters are the initials of consecutive words of `long`
    ("CTO" / "chief technology officer", "PM" / "product manager")."""
    found = []
    for i, word in enumerate(short):
        if not word.capitals:
            continue
        letters = word.text
        for start in range(len(long) - len(letters) + 1):
            run = long[start : start + len(letters)]
            if all(w.text[:1] == c for w, c in zip(run, letters, strict=True)) and all(
                _ALPHA.match(w.text) for w in run
            ):
                found.append((i, start, start + len(letters)))
    return found


def _compounds(
    short: tuple[Word, ...], long: tuple[Word, ...]
) -> list[tuple[int, int, int]]:
    """Return (index in `short`, start, end in `long`) of each word written
    as one that the other side writes as two ("mastermix" / "master mix",
    "dataset" / "data set"): the two consecutive content words, spelled
    together, are the one."""
    found = []
    for i, word in enumerate(short):
        if word.value or not _ALPHA.match(word.text):
            continue
        for start in range(len(long) - 1):
            first, second = long[start], long[start + 1]
            if (
                second.position == first.position + 1
                and not (first.value or second.value)
                and first.text + second.text == word.text
            ):
                found.append((i, start, start + 2))
    return found


@lru_cache(maxsize=4096)
def align(premise: str, hypothesis: str) -> Alignment:
    """Return the alignment of the content words of two statements."""
    a, negations_a, addition_a = _words(premise)
    b, negations_b, addition_b = _words(hypothesis)
    matched_a: set[int] = set()
    matched_b: set[int] = set()
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            if _partner(x, y):
                matched_a.add(i)
                matched_b.add(j)
    # A phrase of one side matched by a word or phrase of the other.
    for one, other, mine, theirs in (
        (a, b, matched_a, matched_b),
        (b, a, matched_b, matched_a),
    ):
        for start, end, lemma in _phrases(one):
            if all(k in mine for k in range(start, end)):
                continue
            for j, y in enumerate(other):
                if _ALPHA.match(y.text) and _related(lemma, y.text):
                    mine.update(range(start, end))
                    theirs.add(j)
            for s2, e2, other_lemma in _phrases(other):
                if _related(lemma, other_lemma):
                    mine.update(range(start, end))
                    theirs.update(range(s2, e2))
        for i, start, end in _acronyms(one, other):
            mine.add(i)
            theirs.update(range(start, end))
        for i, start, end in _compounds(one, other):
            mine.add(i)
            theirs.update(range(start, end))
    values_a = _own(a, matched_a | _said_shorter(a, matched_a), value=True)
    values_b = _own(b, matched_b, value=True)
    # "the weekly long run every Saturday" / "Saturday is long run day": a
    # day of the week both name recurs weekly; the word adds nothing.
    if any(a[i].stem in _WEEKDAYS for i in matched_a):
        values_a = tuple(v for v in values_a if v != "weekly")
    if any(b[j].stem in _WEEKDAYS for j in matched_b):
        values_b = tuple(v for v in values_b if v != "weekly")
    # "has one kid" / "has a kid": a lone "one" is the article, unless the
    # other side has a number of its own ("one kid" / "two kids").
    if not any(_TYPED.match(v) for v in values_a):
        values_b = tuple(v for v in values_b if v != "Q1")
    if not any(_TYPED.match(v) for v in values_b):
        values_a = tuple(v for v in values_a if v != "Q1")
    return Alignment(
        own_a=_own(a, matched_a, value=False),
        own_b=_own(b, matched_b, value=False),
        values_a=values_a,
        values_b=values_b,
        qualifiers_a=tuple(
            w.text for i, w in enumerate(a) if i not in matched_a and w.qualifier
        ),
        matched_a=len(matched_a),
        matched_b=len(matched_b),
        negated=bool(negations_a) != bool(negations_b),
        addition=addition_a != addition_b,
        reordered=_reordered(a, b, premise, hypothesis)
        or slots._agent_swap(slots._tokens(premise), slots._tokens(hypothesis))
        # "It is written in Golang": what "it" is the write does not say.
        or slots._pronoun_opens(premise) != slots._pronoun_opens(hypothesis),
    )


# Content words the premise may add to a restatement (a frame verb: "keep").
OWN_WORDS = 2


def restates(premise: str, hypothesis: str, extra: int = OWN_WORDS) -> bool:
    """Return whether `hypothesis` says nothing `premise` does not: every
    word of it has a partner there (`Alignment.covered(extra)`), and no judge
    sets the two apart: opposed words ("lands" / "departs" are no partners,
    but "won" / "came last" may hide in a phrase), a gloss denying the other
    side, other dates."""
    if not align(premise, hypothesis).covered(extra):
        return False
    return not (
        judges.opposed(premise, hypothesis)
        or judges.gloss_denied(premise, hypothesis)
        or judges.dates_apart(premise, hypothesis)
    )


def values_apart(premise: str, hypothesis: str) -> bool:
    """Return whether each side has a typed value of its own of one kind (two
    times, two dates, two ordinals, two amounts of one unit) that the other
    does not write another way: "max 2.5k words" / "a 5,000-word limit",
    "cutoff 14:00" / "cut-off: 1200 hrs" are two values of one slot, not one
    fact in other words."""
    found = align(premise, hypothesis)
    own = found.values_a + found.values_b
    if any(v in _RATES or v.startswith("tz") for v in own):
        # A sum a month against one a year, a time in two zones: one value
        # the rules may not have converted.
        return False
    typed_a = [v for v in found.values_a if _TYPED.match(v)]
    typed_b = [v for v in found.values_b if _TYPED.match(v)]
    if len(typed_a) != 1 or len(typed_b) != 1:
        # Several numbers of its own on a side: a notation read in pieces
        # ("LH400" / "Lufthansa 400", "0.8 FTE" / "four days out of five").
        return False
    x, y = typed_a[0], typed_b[0]
    return _kind(x) == _kind(y) and not _digits_within(x, y)


def _digits_within(x: str, y: str) -> bool:
    """Return whether one value's digits are part of the other's: a notation
    the rules read in part ("401k" / "401(k)", "seven and a half" / "7.5",
    "v1.29" / "1.29"), not another value."""
    digits_x, digits_y = x[1:].rstrip(ascii_lowercase), y[1:].rstrip(ascii_lowercase)
    return digits_x in digits_y or digits_y in digits_x


def _kind(value: str) -> str:
    """Return a typed value's kind: its letter, and an amount's unit."""
    amount = _AMOUNT.match(value)
    return f"Q{amount.group(2)}" if amount is not None else value[0]


# Words that make the order of two values a claim ("prefers tea *over*
# coffee", "Python *rather than* Go", "Rome *before* Paris").
_COMPARISONS = frozenset(
    "over than rather instead before after vs versus prefer prefers preferred".split()
)


def _reordered(
    a: tuple[Word, ...], b: tuple[Word, ...], premise: str, hypothesis: str
) -> bool:
    """Return whether two values both sides name come in another order on
    each, and a word of comparison makes the order matter."""
    words = set(re.findall(r"[a-z]+", f"{premise} {hypothesis}".lower()))
    if not words & _COMPARISONS:
        return False
    order_a = [w.stem for w in a if w.value]
    order_b = [w.stem for w in b if w.value]
    both = [v for v in order_a if v in order_b]
    return len(both) >= 2 and both != [v for v in order_b if v in both]


def _said_shorter(words: tuple[Word, ...], matched: set[int]) -> set[int]:
    """Return the unmatched words of the premise's values that the write
    leaves out of a value it names shorter ("Ursula K. Le Guin" / "Le Guin",
    "navy blue" / "navy", "Toyota RAV4" / "RAV4"): next to a matched word
    of the same value. Not a relation ("the user's *sister* lives in Paris"
    is not the user) and not a number."""

    def plain(word: Word) -> bool:
        return word.value and not word.relation and not _TYPED.match(word.text)

    found: set[int] = set()
    grown = True
    while grown:  # along the value's words: "Ursula K." before "Le Guin"
        grown = False
        for i, word in enumerate(words):
            if i in matched or i in found or not plain(word):
                continue
            if any(
                (j in matched or j in found)
                and plain(words[j])
                and abs(words[j].position - word.position) == 1
                for j in (i - 1, i + 1)
                if 0 <= j < len(words)
            ):
                found.add(i)
                grown = True
    return found


def _own(words: tuple[Word, ...], matched: set[int], *, value: bool) -> tuple[str, ...]:
    """Return the unmatched words of one side: its values, or its content
    words (carrier verbs left out)."""
    return tuple(
        w.text
        for i, w in enumerate(words)
        if i not in matched and w.value == value and (value or w.stem not in _CARRIERS)
    )
