"""Read a statement as subject, frame and value, and compare two of them.

The rule judge and the paraphrase test of the dedup gates compare
statements slot by slot. Text is normalised first (`canonical_text`): known
synonyms and abbreviations ("Golang" → "Go", "NYC" → "New York"), number
words ("forty-five", "an hour"), times ("9.30", "9h30", "2:30 pm" →
"T0930"/"T1430"), dates ("3 March", "the 3rd of March" → "D0303"),
ordinals ("5th", "fifth" → "O5"), quantities with units ("1 minute",
"60 s" → "Q60s"; "1.8 m" → "Q1800mm"; "€500" → "Q500eur") and
hyphenation ("stand-up" → "standup"). Then the words two statements do not
share are sorted into:

- values: typed tokens (numbers, times, dates, quantities), names inside
  the sentence ("Lisbon", "R", "us-east-1"), relations held by someone
  ("Anna is the user's *sister*");
- entities: possessors ("the user's *wife*'s birthday"), the sentence's own
  subject ("*Priya* lives …", "The *nightly* backups …"), and any content
  word that is not a frame word;
- frame words: verbs and light words a paraphrase swaps ("prefers" /
  "likes to use", "hosted" / "runs").

Same subject and attribute, another value → a clash (`Comparison.clash`);
another subject in the same frame is not one. Two statements with the same
values and no entity of their own are the same fact said twice
(`Comparison.same_fact`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from memory_core.pipeline import judges

# Known synonyms and abbreviations, read as the canonical form on the right.
SYNONYMS = {
    "golang": "Go",
    "nyc": "New York",
    "new york city": "New York",
    "la": "Los Angeles",
    "sf": "San Francisco",
    "js": "JavaScript",
    "ts": "TypeScript",
    "vscode": "VS Code",
    "visual studio code": "VS Code",
    "washington, d.c.": "Washington",
    "washington d.c.": "Washington",
    "washington dc": "Washington",
    "dc": "Washington",
    "d.c.": "Washington",
    "the united kingdom": "the UK",
    "united kingdom": "UK",
    "britain": "UK",
    "great britain": "UK",
    "the us": "the USA",
    "united states": "USA",
    "k8s": "Kubernetes",
    "postgres": "PostgreSQL",
    "coworker": "colleague",
    "co-worker": "colleague",
    "neighbor": "neighbour",
    "oldest": "eldest",
    "favorite": "favourite",
    "color": "colour",
    "stand-up": "standup",
    "every day": "daily",
    "each day": "daily",
    "every week": "weekly",
    "every month": "monthly",
    "stand up": "standup",
}
NUMBER_WORDS = {
    "one": 1,
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
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
}
ORDINAL_WORDS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "ground": 0,
}
# Unit → (dimension, factor to the base unit).
UNITS = {
    "ms": ("s", 0.001),
    "s": ("s", 1),
    "sec": ("s", 1),
    "secs": ("s", 1),
    "second": ("s", 1),
    "seconds": ("s", 1),
    "min": ("s", 60),
    "mins": ("s", 60),
    "minute": ("s", 60),
    "minutes": ("s", 60),
    "h": ("s", 3600),
    "hr": ("s", 3600),
    "hrs": ("s", 3600),
    "hour": ("s", 3600),
    "hours": ("s", 3600),
    "day": ("s", 86400),
    "days": ("s", 86400),
    "week": ("s", 604800),
    "weeks": ("s", 604800),
    "mm": ("mm", 1),
    "cm": ("mm", 10),
    "m": ("mm", 1000),
    "metre": ("mm", 1000),
    "metres": ("mm", 1000),
    "meter": ("mm", 1000),
    "meters": ("mm", 1000),
    "km": ("mm", 1_000_000),
    "g": ("g", 1),
    "kg": ("g", 1000),
    "kilos": ("g", 1000),
    "kilograms": ("g", 1000),
    "lb": ("g", 453.592),
    "lbs": ("g", 453.592),
    "eur": ("eur", 1),
    "euro": ("eur", 1),
    "euros": ("eur", 1),
    "usd": ("usd", 1),
    "dollar": ("usd", 1),
    "dollars": ("usd", 1),
    "gbp": ("gbp", 1),
    "pounds": ("gbp", 1),
    "gb": ("gb", 1),
    "tb": ("gb", 1024),
    "mb": ("gb", 1 / 1024),
    "%": ("pct", 1),
    "percent": ("pct", 1),
}
CURRENCY_SIGNS = {"$": "usd", "€": "eur", "£": "gbp"}
MONTHS = {name: i + 1 for i, name in enumerate(judges.MONTHS)}
# Relations held by someone: a value in "Anna is the user's sister".
RELATIONS = frozenset(
    """
    wife husband partner spouse girlfriend boyfriend fiance fiancee mother father
    mom dad parent son daughter child kid brother sister sibling cousin aunt uncle
    niece nephew grandmother grandfather grandma grandpa friend colleague
    neighbour boss manager assistant roommate mentor
    """.split()
)
# Words a paraphrase of the same frame may swap: verbs and light words.
FRAME_WORDS = frozenset(
    """
    prefer like love enjoy use using favourite favorite preferred choice best
    language food cuisine tool editor drink morning each every day week
    happen happens start starts begin begins hold held take takes took
    have has get gets go goes went come came finish finished place placed end
    live lives living based located home city town reside resides stay stays
    call called name named known
    host hosted run runs running deploy deployed store stored keep kept sit
    sits office offices find found work works from
    write written implement implemented build built develop developed made
    make code service app application
    measure measures height tall weight weigh weighs body
    spend spends spent cost costs budget month monthly per a an
    celebrate celebrates birthday born bear date
    time times timeout expire expires ttl live lives entry entries cached
    it its there here our we you they one
    trigger triggers allergy allergic allergies fear afraid scare scares
    speak speaks able can play plays player playing
    raise raised grow grew grown up hometown
    marry married wedding anniversary
    lesson lessons
    request requests region
    out after before until since around during via into within
    drink drinks has had
    """.split()
)
# Frame words of distinct attributes: "lives in Lisbon" and "grew up in
# Porto" share a frame's shape but not its attribute.
ATTRIBUTES = (
    frozenset({"live", "lives", "based", "located", "reside", "resides", "home"}),
    frozenset({"grow", "grew", "grown", "raise", "raised", "hometown"}),
    frozenset({"birthday", "born"}),
    frozenset({"marry", "married", "wedding", "anniversary"}),
)
# A frame that holds several values at once: "speaks Spanish" and "speaks
# German" are both true. A single-value word ("favourite") overrides.
MULTI_VALUED = frozenset(
    """
    speak play allerg allergy allergic afraid fear scare trigger own visit
    know enjoy
    """.split()
)
SINGLE_VALUED = frozenset(
    {"prefer", "favourite", "best", "most", "main", "primary", "only"}
)
# Words that add a value instead of replacing one.
ADDITIONS = frozenset({"also", "too", "additionally", "another", "well", "both"})

_PHRASES = sorted(SYNONYMS, key=len, reverse=True)
_SYNONYM = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(p) for p in _PHRASES) + r")(?![\w-])",
    re.IGNORECASE,
)
_REGION = re.compile(r"\b([a-z]{2})-([a-z]+)-(\d)\b", re.IGNORECASE)
_HYPHEN = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")
_TENS = "|".join(w for w, v in NUMBER_WORDS.items() if v % 10 == 0 and v < 100)
_COMPOUND = re.compile(
    rf"\b({_TENS})[- ](one|two|three|four|five|six|seven|eight|nine)\b",
    re.IGNORECASE,
)
_NUMBER_WORD = re.compile(
    r"\b(" + "|".join(NUMBER_WORDS) + r")\b(?=\s+[a-z%])", re.IGNORECASE
)
_ARTICLE_UNIT = re.compile(
    r"\b(?:an?|one)\s+(hour|minute|second|day|week)\b", re.IGNORECASE
)
_TIME = re.compile(
    r"\b(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)(?!\w)"
    r"|(?<=\bat )(\d{1,2})[:.h](\d{2})\b|\b(\d{1,2}):(\d{2})\b",
    re.IGNORECASE,
)
_MONTH = "|".join(judges.MONTHS)
_DATE = re.compile(
    rf"\b(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH})\b"
    rf"|\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)
_ORDINAL = re.compile(
    r"\b(\d{1,3})(?:st|nd|rd|th)\b|\b(" + "|".join(ORDINAL_WORDS) + r")\b",
    re.IGNORECASE,
)
_UNIT_WORDS = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
_QUANTITY = re.compile(
    rf"([$€£])?\b(\d+(?:,\d{{3}})*(?:\.\d+)?)(k)?\s*({_UNIT_WORDS})?(?![\w])",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z0-9]+(?:'s)?|[$€£%]")


def _number(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def _time(match: re.Match) -> str:
    hour, minute, meridiem, h2, m2, h3, m3 = match.groups()
    if meridiem:
        meridiem = meridiem.replace(".", "").lower()
        hours = int(hour) % 12 + (12 if meridiem == "pm" else 0)
        minutes = int(minute or 0)
    else:
        hours, minutes = int(h2 or h3), int(m2 or m3)
    if hours > 23 or minutes > 59:
        return match.group(0)
    return f" T{hours:02d}{minutes:02d} "


def _date(match: re.Match) -> str:
    day, month, month2, day2 = match.groups()
    month_number = MONTHS[(month or month2).lower()]
    day_number = int(day or day2)
    if not 1 <= day_number <= 31:
        return match.group(0)
    return f" D{month_number:02d}{day_number:02d} "


def _ordinal(match: re.Match) -> str:
    digits, word = match.groups()
    return f" O{int(digits) if digits else ORDINAL_WORDS[word.lower()]} "


def _quantity(match: re.Match) -> str:
    sign, digits, thousand, unit = match.groups()
    value = float(digits.replace(",", "")) * (1000 if thousand else 1)
    unit_name = (unit or "").lower()
    if sign:
        dimension, factor = CURRENCY_SIGNS[sign], 1
    elif unit_name in UNITS:
        dimension, factor = UNITS[unit_name]
    else:
        return f" Q{_number(value)} "
    return f" Q{_number(round(value * factor, 3))}{dimension} "


@lru_cache(maxsize=4096)
def canonical_text(text: str) -> str:
    """Return `text` with synonyms, numbers, times, dates and units normalised."""
    text = text.translate(judges._APOSTROPHES)
    text = _SYNONYM.sub(lambda m: SYNONYMS[m.group(1).lower()], text)
    text = _REGION.sub(lambda m: "".join(m.groups()).upper(), text)
    text = _COMPOUND.sub(
        lambda m: str(NUMBER_WORDS[m.group(1).lower()] + NUMBER_WORDS[m.group(2)]),
        text,
    )
    text = _ARTICLE_UNIT.sub(lambda m: f"1 {m.group(1)}", text)
    text = _NUMBER_WORD.sub(lambda m: str(NUMBER_WORDS[m.group(1).lower()]), text)
    text = _HYPHEN.sub("", text)
    text = _TIME.sub(_time, text)
    text = _DATE.sub(_date, text)
    text = _ORDINAL.sub(_ordinal, text)
    text = _QUANTITY.sub(_quantity, text)
    return " ".join(text.split())


@dataclass
class Reading:
    """The words of a statement, by role."""

    words: dict[str, str] = field(default_factory=dict)  # stem → role
    negated: bool = False
    addition: bool = False
    multi: bool = False
    attributes: frozenset[int] = frozenset()


_COPULAS = frozenset({"is", "are", "was", "were", "be", "been"})
_TYPED = re.compile(r"^[TDOQ]\d")
_SINGLE_STEMS = frozenset(judges._stem(w) for w in SINGLE_VALUED)
_FRAME_STEMS = frozenset(judges._stem(w) for w in FRAME_WORDS)


@lru_cache(maxsize=4096)
def read(text: str) -> Reading:
    """Read `text` into stems with roles: value, entity, relation or frame."""
    canonical = canonical_text(text)
    reading = Reading(negated=judges.read_statement(canonical).negated)
    tokens = _WORD.findall(canonical)
    named = any(t.lower() in ("called", "named") for t in tokens)
    single = False
    for i, token in enumerate(tokens):
        possessive = token.endswith("'s")
        word = token[:-2] if possessive else token
        lower = word.lower()
        if lower in ADDITIONS:
            reading.addition = True
        if lower in SINGLE_VALUED:
            single = True
        if lower in judges.STOPWORDS and not _TYPED.match(word):
            continue
        if i == 0 and _TYPED.match(word):
            role = "entity"  # "First note …" vs "Second note …": two notes.
        elif _TYPED.match(word) or any(c.isdigit() for c in word):
            role = "value"
        elif lower in judges.FREQUENCIES or lower.rstrip("s") in judges.WEEKDAYS:
            # "Backups run daily" holds a value; "the nightly backups" names
            # which backups.
            nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
            modifier = nxt.isalpha() and nxt not in judges.STOPWORDS
            role = "entity" if modifier else "value"
        elif lower in RELATIONS:
            # "Anna is the user's sister" holds a relation; "the user's wife
            # lives …" and "the aunt of the user's wife" name someone.
            after_of = "of" in (t.lower() for t in tokens[max(0, i - 3) : i])
            copula = any(t.lower() in _COPULAS for t in tokens[:i])
            if possessive or after_of or not (copula or named):
                role = "entity"
            else:
                role = "relation"
        elif possessive:
            role = "entity"
        elif word[:1].isupper() and i > 0 and tokens[i - 1][-1:] not in ".!?":
            role = "value"
        elif (
            lower in FRAME_WORDS
            or _stem(lower) in _FRAME_STEMS
            or lower.endswith(("ed", "ing"))
        ):
            role = "frame"
        else:
            role = "entity"
        stem = word if role == "value" and _TYPED.match(word) else _stem(lower)
        if stem in MULTI_VALUED or lower in MULTI_VALUED:
            reading.multi = True
        # A word seen twice keeps its strongest role.
        if reading.words.get(stem) not in ("value", "relation"):
            reading.words[stem] = role
    lowered = {t.lower() for t in tokens}
    reading.attributes = frozenset(
        i for i, words in enumerate(ATTRIBUTES) if lowered & words
    )
    if single or reading.words.keys() & _SINGLE_STEMS:
        reading.multi = False
    return reading


def _kind(value: str) -> str:
    """Return the kind of a value: "T" time, "D" date, "Qs" seconds, "word" …"""
    if _TYPED.match(value):
        return value[0] + value.lstrip("TDOQ0123456789.")
    return "word"


def _stem(word: str) -> str:
    return judges._stem(word.lower()) if word else word


@dataclass(frozen=True)
class Comparison:
    only_a: dict[str, str]
    only_b: dict[str, str]
    shared: int
    negation_flip: bool
    negated: bool
    addition: bool
    multi: bool
    other_attribute: bool = False

    def roles(self, side: dict[str, str]) -> set[str]:
        return set(side.values())

    @property
    def entity_differs(self) -> bool:
        return "entity" in self.roles(self.only_a) | self.roles(self.only_b)

    @property
    def clash(self) -> bool:
        """Return whether the same subject and attribute hold another value."""
        if self.negated or self.addition or self.multi or self.entity_differs:
            return False
        if self.other_attribute:
            return False
        if not self.shared:
            return False
        a, b = self.values()
        # One slot: values of one kind on both sides ("€500" vs "€700"), not a
        # sum against a weekday; a value on one side only says more or less.
        return bool(a and b) and len({_kind(v) for v in a | b}) == 1

    def values(self) -> tuple[set[str], set[str]]:
        """Return the values and relations only each side states."""
        kinds = ("value", "relation")
        return (
            {w for w, r in self.only_a.items() if r in kinds},
            {w for w, r in self.only_b.items() if r in kinds},
        )

    @property
    def same_fact(self) -> bool:
        """Return whether both say the same: no value or entity of their own."""
        if self.negation_flip or self.shared < 2 or self.other_attribute:
            return False
        roles = self.roles(self.only_a) | self.roles(self.only_b)
        return not roles & {"value", "relation", "entity"}


def compare(premise: str, hypothesis: str) -> Comparison:
    """Compare two statements word by word, by role."""
    a, b = read(premise), read(hypothesis)
    shared = a.words.keys() & b.words.keys()
    return Comparison(
        only_a={w: r for w, r in a.words.items() if w not in shared},
        only_b={w: r for w, r in b.words.items() if w not in shared},
        shared=len(shared),
        negation_flip=a.negated != b.negated,
        negated=a.negated or b.negated,
        addition=b.addition and not a.addition,
        multi=a.multi or b.multi,
        other_attribute=bool(
            a.attributes and b.attributes and not a.attributes & b.attributes
        ),
    )
