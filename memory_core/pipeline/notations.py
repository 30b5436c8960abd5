"""Values written another way, rewritten in one notation (issue 12).

`slots.canonical_text` reads numbers, units, times and dates into typed
tokens; the rewrites here run first, so that one value in two notations
meets as one token (or as two amounts `slots` compares within a
tolerance):

- named days: "Christmas Eve" is 24 December, "New Year's Day" 1 January;
- Fahrenheit: "68°F" is 20 °C (an imperial amount, `IMPERIAL`);
- feet and inches: "5 ft 8 in", "six foot two", "5'8"" are millimetres;
- spoken clock times: "ten past six", "twenty to nine", British "half
  four" (4:30); a bare hour opening a range of hours ("eight till 4:30"),
  the range's end read after noon when it would come before its start;
- frequencies and durations: "every two weeks", "every other week", "once
  a fortnight" are fortnightly; "for a month" is a duration (1 month, 30
  days), not a rate; "half a year" is 6 months, "a half-hour" 30 minutes,
  "a decade" 10 years; "every other Monday", "alternate Mondays" are
  fortnightly on Monday;
- weekdays: letters ("MWF", "M/W/F", "TTh") and ranges ("Mon-Thu",
  "Monday to Thursday") as the days they name;
- a cron schedule ("0 2 * * *") as its time and days; at night, nightly;
- availability in nines ("three nines" is 99.9%);
- a blood group's sign ("A+", "O−") as its word;
- dates in digits whose order is told ("25.12.2018", "31/08/2025", "08/2029")
  and the end of a year ("the end of 2025" is 31 December 2025); not the
  end of a month, which would lose its clash with another month ("due in
  June" / "by the end of September": a day against a month).

Each rewrite is of a general class, never of one statement's words.
"""

from __future__ import annotations

import re

from memory_core.pipeline import judges

WEEKDAY_NAMES = tuple(day.capitalize() for day in judges.WEEKDAYS)
_SMALL = {
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
    "fifteen": 15,
    "twenty": 20,
    "twentyfive": 25,
}
_HOUR_WORDS = "|".join(w for w, v in _SMALL.items() if v <= 12)
_HOUR = rf"(?:1[0-2]|0?[1-9]|{_HOUR_WORDS})"


def _value(word: str) -> int:
    word = word.lower().replace("-", "").replace(" ", "")
    return int(word) if word.isdigit() else _SMALL[word]


# -- Named days ---------------------------------------------------------------

NAMED_DAYS = {
    "christmas eve": "24 December",
    "christmas day": "25 December",
    "boxing day": "26 December",
    "new year's eve": "31 December",
    "new years eve": "31 December",
    "new year's day": "1 January",
    "new years day": "1 January",
    "valentine's day": "14 February",
    "valentines day": "14 February",
    "st patrick's day": "17 March",
    "st. patrick's day": "17 March",
    "saint patrick's day": "17 March",
    "halloween": "31 October",
    "fourth of july": "4 July",
    "guy fawkes night": "5 November",
    "bonfire night": "5 November",
}
_NAMED_DAY = re.compile(
    r"\b(" + "|".join(re.escape(n) for n in sorted(NAMED_DAYS, key=len)[::-1]) + r")\b",
    re.IGNORECASE,
)

# -- Fahrenheit and feet ------------------------------------------------------

# An amount converted from an imperial unit carries this mark after its
# dimension ("Q1880mmi", written "1880 imperialmm" for `slots._QUANTITY`
# to read): `slots` compares it with a metric amount within
# `slots.CONVERTED_TOLERANCE`, as conversions are rounded.
IMPERIAL = "i"
_FAHRENHEIT = re.compile(
    r"(-?\d+(?:\.\d+)?)\s*(?:°\s*F\b|degrees?\s+F(?:ahrenheit)?\b|fahrenheit\b)",
    re.IGNORECASE,
)
_FEET_INCHES = re.compile(
    r"\b(\d{1,2})\s*(?:ft\b\.?|feet\b|foot\b)"
    r"(?:\s*(\d{1,2}(?:\.\d)?)(?:\s*(?:in\b\.?|inches\b|inch\b|\"))?(?=[\s,.;)]|$))?"
    r"|\b(\d)'\s?(\d{1,2})(?:\"|'')?(?![\w'])",
    re.IGNORECASE,
)


def _number(value: float) -> str:
    value = round(value, 1)
    return f"{value:g}" if value != int(value) else str(int(value))


def _fahrenheit(match: re.Match) -> str:
    celsius = (float(match.group(1)) - 32) * 5 / 9
    return f"{_number(celsius)} imperialdegc"


# "a 32-inch monitor": an amount with its unit.
_HYPHENATED_UNIT = re.compile(
    r"\b(\d+(?:\.\d+)?)-(inch|foot|feet|ft|mile|pound|lb)\b", re.IGNORECASE
)


def _feet_inches(match: re.Match) -> str:
    feet, inches, feet2, inches2 = match.groups()
    total = int(feet or feet2) * 12 + float(inches or inches2 or 0)
    return f"{round(total * 25.4)} imperialmm"


# -- Clock times --------------------------------------------------------------

_MINUTE_WORDS = r"(?:\d{1,2}|five|ten|twenty|twenty[- ]five|quarter|a quarter|half)"
# "ten past six", "twenty to nine", "25 past 3": minutes before or after an
# hour ("half past", "quarter to" are `slots._CLOCK_WORDS`').
_PAST_TO = re.compile(
    rf"\b({_MINUTE_WORDS})\s+(?:minutes\s+)?(past|after|to)\s+({_HOUR})\b(?!:)",
    re.IGNORECASE,
)
# Digits before "to" are a range ("10 to 12 people"), not a clock time.
_MINUTE_DIGITS = re.compile(r"\d")
# British "half four": half past four (not "half an hour", "half 2 litres").
_BRITISH_HALF = re.compile(
    rf"\bhalf\s+({_HOUR})\b(?!\s*(?:[:.]\d|hours?|minutes?|days?|weeks?|months?|"
    r"years?|litres?|liters?|kilos?|km|kg|cups?|of|percent|%))",
    re.IGNORECASE,
)


def _past_to(match: re.Match) -> str:
    minute_word, direction, hour_word = match.groups()
    if _MINUTE_DIGITS.match(minute_word) and direction.lower() != "past":
        return match.group(0)
    minute_word = minute_word.lower().removeprefix("a ")
    minutes = {"quarter": 15, "half": 30}.get(minute_word) or _value(minute_word)
    hours = _value(hour_word)
    if minutes >= 60:
        return match.group(0)
    if direction.lower() == "to":
        hours, minutes = (hours - 1) % 24 or 12, 60 - minutes
    return f"{hours}:{minutes:02d}"


# "eight till 4:30", "9 to 5:30", "from 8 until 16:30": a bare hour opening
# a range whose end is a clock time.
_RANGE_START = re.compile(
    rf"\b({_HOUR})(\s*(?:till|til|until|to|through|-|–)\s*)(\d{{1,2}}):(\d{{2}})"
    r"(\s*(?:am|pm|a\.m\.|p\.m\.))?",
    re.IGNORECASE,
)


def _range_start(match: re.Match) -> str:
    """ "1-2:30 pm" is 1 pm to 2:30 pm; "11-1:30 pm" starts in the morning."""
    start, between, hour, minute, meridiem = match.groups()
    first = _value(start)
    said = ""
    if meridiem:
        afternoon = meridiem.strip().lower().startswith("p")
        before_noon = afternoon and first > int(hour) and first != 12
        said = " am" if before_noon else meridiem
    return f"{first}:00{said}{between}{hour}:{minute}{meridiem or ''}"


# "09.30": a dotted time with its hour's leading zero (no amount is
# written so).
_DOTTED_TIME = re.compile(r"(?<![\d.])(0\d)\.([0-5]\d)(?![\d.])")
# A range of two 12-hour times with no meridiem ("8:00 till 4:30"): the end
# before the start is after noon.
_CLOCK_RANGE = re.compile(
    r"\b(\d{1,2}):(\d{2})(\s*(?:till|til|until|to|through|-|–)\s*)(\d{1,2}):(\d{2})\b"
    r"(?!\s*(?:am|pm|a\.m|p\.m))",
    re.IGNORECASE,
)


def _clock_range(match: re.Match) -> str:
    h1, m1, between, h2, m2 = match.groups()
    start, end = int(h1) * 60 + int(m1), int(h2) * 60 + int(m2)
    if int(h1) > 12 or int(h2) >= 12 or end >= start or int(h2) + 12 > 23:
        return match.group(0)
    return f"{h1}:{m1}{between}{int(h2) + 12}:{m2}"


# -- Frequencies and durations ------------------------------------------------

_FORTNIGHTLY = re.compile(
    r"\b(?:every|each)\s+(?:two|2|other|second)\s+weeks?\b"
    r"|\b(?:once\s+)?(?:a|every|each|per)\s+fortnight\b|\bbi-?weekly\b(?=.*\bpa(?:y|id))",
    re.IGNORECASE,
)
# "kept for a month", "within a day": a duration of one unit, not a rate.
_ONE_UNIT = re.compile(
    r"\b(for|within|in|after|of|than|lasts?|takes?)\s+(?:a|an|one)\s+"
    r"(month|year|week|day|fortnight)\b(?!\s*(?:ago|later|old))",
    re.IGNORECASE,
)
_HALF_PERIOD = re.compile(
    r"\b(?:a\s+)?half(?:\s+a\s+|[- ])(year|hour)\b(?!ly)", re.IGNORECASE
)


# "every other Monday", "alternate Wednesdays": a weekday each fortnight.
_ALTERNATE_DAY = re.compile(
    r"\b(?:every\s+(?:other|second)|(?:on\s+)?alternate)\s+"
    r"((?:mon|tues|wednes|thurs|fri|satur|sun)day)s?\b",
    re.IGNORECASE,
)
# "three quarters of an hour", "a decade".
_LONGER_UNITS = re.compile(
    r"\b(three quarters of an hour|(?:a|one) decade|two decades)\b", re.IGNORECASE
)
_LONGER = {
    "three quarters of an hour": "45 minutes",
    "a decade": "10 years",
    "one decade": "10 years",
    "two decades": "20 years",
}


def _one_unit(match: re.Match) -> str:
    word, unit = match.group(1), match.group(2).lower()
    if unit == "fortnight":
        return f"{word} 2 weeks"
    return f"{word} 1 {unit}"


# -- Weekdays -----------------------------------------------------------------

_LETTERS = (("Th", 3), ("Tu", 1), ("Sa", 5), ("Su", 6), ("M", 0), ("T", 1))
_LETTERS += (("W", 2), ("R", 3), ("F", 4))
_DAY_LETTERS = re.compile(r"(?<![\w/])([MTWRFS][MTWRFSauh/]{1,16})(?![\w/])")


def _day_letters(match: re.Match) -> str:
    token = match.group(0)
    slashed = "/" in token
    days: list[int] = []
    rest = token
    while rest:
        rest = rest.removeprefix("/")
        for letters, day in _LETTERS:
            if rest.startswith(letters):
                days.append(day)
                rest = rest[len(letters) :]
                break
        else:
            return token
    ordered = all(x < y for x, y in zip(days, days[1:], strict=False))
    explicit = slashed or len(days) >= 3 or any(c in token for c in "hua")
    if len(days) < 2 or not ordered or not explicit:
        return token  # "TF", "FM": not days
    return _listed(days)


def _listed(days: list[int]) -> str:
    names = [WEEKDAY_NAMES[d] for d in days]
    return ", ".join(names[:-1]) + " and " + names[-1]


_DAY_PATTERN = (
    r"(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?s?"
)
_DAY_RANGE = re.compile(
    rf"\b{_DAY_PATTERN}\.?\s*(?:-|–|to|through|thru)\s*{_DAY_PATTERN}\b\.?",
    re.IGNORECASE,
)
_DAY_INDEX = {name[:3].lower(): i for i, name in enumerate(WEEKDAY_NAMES)}


def _day_range(match: re.Match) -> str:
    first, last = (
        _DAY_INDEX[match.group(1)[:3].lower()],
        _DAY_INDEX[match.group(2)[:3].lower()],
    )
    if last - first < 1:
        return match.group(0)
    return _listed(list(range(first, last + 1)))


# -- Cron, nines, blood groups -----------------------------------------------

_CRON = re.compile(
    r"(?<![\w*/])(\d{1,2})\s+(\d{1,2})\s+\*\s+\*\s+(\*|[0-7](?:[-,][0-7])*)(?![\w*/])"
)
# A daily job in these hours runs at night: a nightly one.
NIGHT_HOURS = frozenset({0, 1, 2, 3, 4, 5, 22, 23})


def _cron(match: re.Match) -> str:
    minute, hour, weekdays = int(match.group(1)), int(match.group(2)), match.group(3)
    if minute > 59 or hour > 23:
        return match.group(0)
    at = f"at {hour:02d}:{minute:02d}"
    if weekdays == "*":
        return f"{'nightly' if hour in NIGHT_HOURS else 'daily'} {at}"
    days: list[int] = []
    for part in weekdays.split(","):
        low, _, high = part.partition("-")
        days += range(int(low), int(high or low) + 1)
    names = sorted({(d - 1) % 7 for d in days})  # cron: 0 and 7 are Sunday
    return f"on {_listed(names) if len(names) > 1 else WEEKDAY_NAMES[names[0]]} {at}"


_NINES = re.compile(r"\b(two|three|four|five)\s+nines\b", re.IGNORECASE)
_NINES_VALUES = {"two": "99%", "three": "99.9%", "four": "99.99%", "five": "99.999%"}
_BLOOD_SIGN = re.compile(r"(?<![\w-])(AB|A|B|O)\s?(\+|−|-)(?=[\s,.;)]|$)")
_BLOOD_WORD = re.compile(r"\bblood\b", re.IGNORECASE)


def _blood_sign(match: re.Match) -> str:
    return f"{match.group(1)} {'positive' if match.group(2) == '+' else 'negative'}"


# -- Dates in digits; the end of a year ---------------------------------------

MONTH_NAMES = tuple(month.capitalize() for month in judges.MONTHS)
# "25.12.2018": a dotted date is day first.
_DOTTED_DATE = re.compile(r"(?<![\w.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\w|\.\d)")
# "31/08/2025", "8/31/2025": slashed, the order told by a part after 12.
_SLASHED_DATE = re.compile(r"(?<![\w/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\w/])")
# "08/2029", "exp. 3/2026": a month of a year.
_SLASHED_MONTH = re.compile(r"(?<![\w/.])(0?[1-9]|1[0-2])/((?:19|20)\d\d)(?![\w/])")
_END_OF_YEAR = re.compile(
    r"\b(?:the\s+)?end\s+of\s+(?:the\s+year\s+)?((?:19|20)\d\d)\b", re.IGNORECASE
)


def _spelled(day: int, month: int, year: str) -> str | None:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return f"{day} {MONTH_NAMES[month - 1]} {year}"


def _dotted_date(match: re.Match) -> str:
    day, month, year = match.groups()
    return _spelled(int(day), int(month), year) or match.group(0)


def _slashed_date(match: re.Match) -> str:
    first, second, year = int(match.group(1)), int(match.group(2)), match.group(3)
    if first > 12 >= second:
        return _spelled(first, second, year) or match.group(0)
    if second > 12 >= first:
        return _spelled(second, first, year) or match.group(0)
    return match.group(0)  # "04/05/2025": which is the month, the text does not say


def rewrite(text: str) -> str:
    """Return `text` with the notations above in one form each (before
    `slots.canonical_text` reads number words; spoken hours are read here)."""
    text = _NAMED_DAY.sub(lambda m: NAMED_DAYS[m.group(1).lower()], text)
    text = _DOTTED_DATE.sub(_dotted_date, text)
    text = _SLASHED_DATE.sub(_slashed_date, text)
    text = _SLASHED_MONTH.sub(
        lambda m: f"{MONTH_NAMES[int(m.group(1)) - 1]} {m.group(2)}", text
    )
    text = _END_OF_YEAR.sub(lambda m: f"31 December {m.group(1)}", text)
    text = _CRON.sub(_cron, text)
    text = _FAHRENHEIT.sub(_fahrenheit, text)
    text = _NINES.sub(lambda m: _NINES_VALUES[m.group(1).lower()], text)
    if _BLOOD_WORD.search(text):
        text = _BLOOD_SIGN.sub(_blood_sign, text)
    text = _ALTERNATE_DAY.sub(lambda m: f"fortnightly on {m.group(1)}", text)
    text = _FORTNIGHTLY.sub("fortnightly", text)
    text = _LONGER_UNITS.sub(lambda m: _LONGER[m.group(1).lower()], text)
    text = _ONE_UNIT.sub(_one_unit, text)
    text = _HALF_PERIOD.sub(
        lambda m: "6 months" if m.group(1).lower() == "year" else "30 minutes", text
    )
    text = _DOTTED_TIME.sub(lambda m: f"{m.group(1)}:{m.group(2)}", text)
    text = _PAST_TO.sub(_past_to, text)
    text = _BRITISH_HALF.sub(lambda m: f"{_value(m.group(1))}:30", text)
    text = _RANGE_START.sub(_range_start, text)
    text = _CLOCK_RANGE.sub(_clock_range, text)
    text = _DAY_RANGE.sub(_day_range, text)
    text = _DAY_LETTERS.sub(_day_letters, text)
    return text


def imperial_feet(text: str) -> str:
    """Return `text` with feet and inches as millimetres (after number words
    are digits: "six foot two" is "6 foot 2")."""
    text = _HYPHENATED_UNIT.sub(lambda m: f"{m.group(1)} {m.group(2)}", text)
    return _FEET_INCHES.sub(_feet_inches, text)
