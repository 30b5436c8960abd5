"""Values written another way, rewritten in one notation (issue 12).

`slots.canonical_text` reads numbers, units, times and dates into typed
tokens; the rewrites here run first, so that one value in two notations
meets as one token (or as two amounts `slots` compares within a
tolerance):

- named days: "Christmas Eve" is 24 December, "New Year's Day" 1 January;
- Fahrenheit: "68°F" is 20 °C (an imperial amount, `IMPERIAL`), and "68 F"
  where the text speaks of a temperature; "20 degrees C" is 20 °C, and
  "22 C" where the text speaks of a temperature; "minus 20" is -20;
- one unit after a list of dimensions or a range ("20 x 20 x 15 cm", "190
  to 1100 nm", "0.19–1.1 µm") belongs to each number;
- spoken amounts: "half a million" is 500000, "three dozen" 36;
- feet and inches: "5 ft 8 in", "six foot two", "5'8"" are millimetres;
- spoken clock times: "ten past six", "twenty to nine", British "half
  four" (4:30); a bare hour opening a range of hours ("eight till 4:30"),
  the range's end read after noon when it would come before its start;
- frequencies and durations: "every two weeks", "every other week", "once
  a fortnight" are fortnightly; a count of times a period as the period
  between them, where it is a whole number of the next smaller unit ("four
  times an hour" is every 15 minutes, "twice a year" every 6 months, "twice
  a day" every 12 hours; "three times a week" stays); "every quarter" is
  quarterly; "for a month" is a duration (1 month, 30
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
  June" / "by the end of September": a day against a month); a day and
  month without a year when the order is told (a part after 12, or both
  parts equal: "31/03", "9/9") or the German dotted form ("3.6.", "due
  12.03");
- ranges of days ("3-9 June", "June 3rd to 9th", "3.10.-10.10.") as their
  first and last day, each with its month;
- a score out of 10 or 100 as a percentage ("7/10", "87 out of 100") where
  the text speaks of a score;
- a service's default port ("Redis runs on its default port") as the port
  its protocol registers (6379), when the text names one such service;
- time zones after a time or named as one ("17:00 JST", "5 pm Tokyo time",
  "9:30 Paris time", "on IST", "UTC+05:30") as one token of the zone's
  standard offset (`zone_label`): one zone said two ways meets, two cities
  of one zone too ("Berlin time" / "Paris time"; the offsets from the tz
  database, none read where it is not installed).

Each rewrite is of a general class, never of one statement's words.
"""

from __future__ import annotations

import re
from functools import lru_cache

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


# "20 degrees C": Celsius by its letter; "68 F" Fahrenheit by its letter
# alone where the text speaks of a temperature (a grade "F" is none).
_CELSIUS_LETTER = re.compile(r"(\d+(?:\.\d+)?)\s*degrees?\s+C\b")
_LETTER_F = re.compile(r"(-?\d+(?:\.\d+)?)\s?F\b(?!-)")
_TEMPERATURE_WORDS = re.compile(
    r"\b(?:temperature|temp|thermostat|degrees?|heating|cooling|warm|cold|hot"
    r"|freezer|fridge|setpoint)\b",
    re.IGNORECASE,
)
# "22 C" (a letter C alone after a number) where the text speaks of a
# temperature; not "C++", "C-suite", "grade C".
_LETTER_C = re.compile(r"(-?\d+(?:\.\d+)?)\s?C\b(?![-+#])")
# "half a million": a spoken amount, before "a million" is read as one.
_HALF_A_SCALE = re.compile(r"\bhalf an? (thousand|million|billion)\b", re.IGNORECASE)
_HALF_SCALES = {"thousand": "500", "million": "500000", "billion": "500000000"}


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
# "0800–1600", "0500-1300": a range of two 24-hour times in four digits
# without a colon; a leading zero, or whole and half hours outside the
# years 1900-2099, tell them from a range of numbers or years.
_FOUR_DIGIT_RANGE = re.compile(
    r"(?<![\w.,:/-])([01]\d|2[0-3])([0-5]\d)\s*(?:-|–|to|until|till)\s*"
    r"([01]\d|2[0-3])([0-5]\d)(?![\w.,:/]|-\d)(?:\s*(?:hrs|hours|h)\b)?",
    re.IGNORECASE,
)
# "1400 hrs", "at 0930 hours": one 24-hour time in four digits, after a
# label's colon or a word that opens a time (not a count of hours:
# "logged 1200 hours").
_FOUR_DIGIT_TIME = re.compile(
    r"((?::|\b(?:at|by|before|after|until|till|from|cut-?off|cutoff))\s*)"
    r"([01]\d|2[0-3])([0-5]\d)\s*(?:hrs|hours|h)\b"
    # "at 0800": with the hour's leading zero, no count is written so.
    r"|(\b(?:at|by|before|after|until|till|from)\s+)(0\d)([0-5]\d)(?![\w.,:/]|-\d)",
    re.IGNORECASE,
)


def _four_digit_time(match: re.Match) -> str:
    opener, hour, minute = (
        match.group(1, 2, 3) if match.group(1) is not None else match.group(4, 5, 6)
    )
    return f"{opener}{hour}:{minute}"


def _four_digit_range(match: re.Match) -> str:
    h1, m1, h2, m2 = match.groups()
    start, end = h1 + m1, h2 + m2
    leading_zero = h1.startswith("0") or h2.startswith("0")
    round_hours = {m1, m2} <= {"00", "30"} and not (
        1900 <= int(start) <= 2099 and 1900 <= int(end) <= 2099
    )
    if not (leading_zero or round_hours) or int(end) <= int(start):
        return match.group(0)
    return f"{h1}:{m1}-{h2}:{m2}"


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


# "11h 40m", "1h30min": a duration in hours and minutes ("9h30", with no
# minutes' letter, is a clock time).
_HOURS_MINUTES = re.compile(
    r"\b(\d{1,2})\s*h(?:rs?)?\s*(\d{1,2})\s*m(?:in|ins)?\b", re.IGNORECASE
)


# "four times an hour", "twice a year": a count of times in a period.
_TIMES_A = re.compile(
    r"\b(twice|thrice|(?:\d{1,2}|"
    + "|".join(w for w, v in _SMALL.items() if 2 <= v <= 12)
    + r") times)\s+(?:a|an|per|each|every)\s+(hour|day|year)\b",
    re.IGNORECASE,
)
# The period in the next smaller unit: an hour is 60 minutes, a day 24
# hours, a year 12 months (as the text would say it, not 365 days).
_SMALLER = {"hour": (60, "minutes"), "day": (24, "hours"), "year": (12, "months")}
# "every quarter" is a rate; "the last Friday of each quarter" names a day.
_EVERY_QUARTER = re.compile(
    r"(?<!\bof )\b(?:every|each|once a|per) quarter\b", re.IGNORECASE
)


def _times_a(match: re.Match) -> str:
    count, period = match.group(1).lower(), match.group(2).lower()
    times = {"twice": 2, "thrice": 3}.get(count) or _value(count.split()[0])
    size, unit = _SMALLER[period]
    if size % times:
        return match.group(0)  # "five times a day": no whole number of hours
    return f"every {size // times} {unit}"


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


# A word that opens a date: "due 31/03", "am 3.6.", "Fri, 7/3".
_WEEKDAY_WORDS = (
    "mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday"
    "|thursday|friday|saturday|sunday"
)
_DATE_OPENER = (
    r"\b(?:on|due|until|till|by|from|since|before|after|day|date|am|vom|ab|bis|den"
    rf"|{_WEEKDAY_WORDS})[,.:]?\s+"
)
# "3.6.", "3.10.-10.10.": a German day and month, each part followed by a
# dot; alone only after a word that opens a date ("GPA is 3.6." is none).
_DOTTED_DAY = re.compile(
    r"(?<![\w.])(\d{1,2})\.(\d{1,2})\.\s*(?:-|–|bis)\s*(\d{1,2})\.(\d{1,2})\."
    r"(?![\w]|\.?\d)"
    rf"|({_DATE_OPENER})(\d{{1,2}})\.(\d{{1,2}})\.(?![\w]|\d)",
    re.IGNORECASE,
)
# "31/03", "9/9": a day and month without a year after a word that opens a
# date (a score "7/10" or "24/7" is none); the order told by a part after
# 12 or by equal parts.
_SLASHED_DAY = re.compile(
    rf"({_DATE_OPENER})(\d{{1,2}})/(\d{{1,2}})(?![\w/]|\.\d)", re.IGNORECASE
)


# "due 12.03", "on 21.07": a day and a two-digit month after a word that
# opens a day (not "by" or "until", which may open a clock time "10.05").
_DOTTED_DAY_MONTH = re.compile(
    rf"\b((?:due|on|am|vom|den|{_WEEKDAY_WORDS})[,.]?\s+)"
    r"(\d{1,2})\.(0[1-9]|1[0-2])(?![\d.]\d|\.\d|\d)"
    r"(?!\s*(?:eur|usd|gbp|chf|euros?|dollars?|pounds?|%|percent|[kmg]b)\b)",
    re.IGNORECASE,
)


def _day_month(day: int, month: int) -> str | None:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return f"{day} {MONTH_NAMES[month - 1]}"


def _opened_day(match: re.Match, opener: str, day: str, month: str) -> str:
    """The word that opens a date, then the day and month spelled ("due 3
    June"); the match as written when they are no date."""
    return opener + (_day_month(int(day), int(month)) or match.group(0)[len(opener) :])


def _dotted_day(match: re.Match) -> str:
    day, month, last_day, last_month, opener, lone_day, lone_month = match.groups()
    if opener is not None:
        return _opened_day(match, opener, lone_day, lone_month)
    first = _day_month(int(day), int(month))
    last = _day_month(int(last_day), int(last_month))
    return f"{first} to {last}" if first and last else match.group(0)


def _slashed_day(match: re.Match) -> str:
    opener, first_text, second_text = match.groups()
    first, second = int(first_text), int(second_text)
    day_month = None
    if first == second or first > 12 >= second:
        day_month = _day_month(first, second)
    elif second > 12 >= first:
        day_month = _day_month(second, first)
    # "7/3": which is the month, the text does not say.
    return opener + day_month if day_month else match.group(0)


# "13/10-17/10", "18/06–22/06": a range of two days written with slashes
# and no year; read where one part of each tells the order (after 12), the
# same order on both ends.
_SLASHED_DAY_RANGE = re.compile(
    r"(?<![\w/.])(\d{1,2})/(\d{1,2})\s*(?:-|–|to|until|till)\s*(\d{1,2})/(\d{1,2})"
    r"(?![\w/]|\.\d)",
    re.IGNORECASE,
)
# "1/24 1:30pm": a day and month with slashes before a clock time (a score
# or a ratio has no time after it).
_SLASHED_DAY_AT = re.compile(
    r"(?<![\w/.])(\d{1,2})/(\d{1,2})(?=,?\s+(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm)\b"
    r"|,?\s+(?:at\s+)?\d{1,2}:\d\d\b)",
    re.IGNORECASE,
)


def _told_order(first: int, second: int) -> str | None:
    """Return the day and month of "first/second" where a part after 12
    tells which is the day; None where the text does not say."""
    if first > 12 >= second:
        return _day_month(first, second)
    if second > 12 >= first:
        return _day_month(second, first)
    return None


def _slashed_day_range(match: re.Match) -> str:
    a, b, c, d = (int(part) for part in match.groups())
    if a > 12 or c > 12:  # day first on both ends
        first, last = _day_month(a, b), _day_month(c, d)
    elif b > 12 or d > 12:
        first, last = _day_month(b, a), _day_month(d, c)
    else:
        return match.group(0)
    return f"{first} to {last}" if first and last else match.group(0)


# -- Ranges of days -----------------------------------------------------------

_MONTH_WORDS = "|".join(judges.MONTHS)
_DAY_ORD = r"(?:st|nd|rd|th)?"
_DAYS_BETWEEN = r"\s*(?:-|–|to|until|till|through|thru)\s*"
# "3-9 June", "18th to 20th of November", "June 3rd to 9th", "Nov 18-20".
_RANGE_OF_DAYS = re.compile(
    rf"\b(\d{{1,2}}){_DAY_ORD}{_DAYS_BETWEEN}(\d{{1,2}}){_DAY_ORD}\s+(?:of\s+)?"
    rf"({_MONTH_WORDS})\b"
    rf"|\b({_MONTH_WORDS})\s+(\d{{1,2}}){_DAY_ORD}{_DAYS_BETWEEN}(\d{{1,2}}){_DAY_ORD}\b"
    r"(?![:.]\d|\s*(?:am|pm|a\.m|p\.m|h|hours?|days?|nights?)\b)",
    re.IGNORECASE,
)


def day_ranges(text: str) -> str:
    """Return `text` with each range of days of one month written as its
    first and last day ("3-9 June" → "3 June to 9 June"), once month names
    are whole words."""
    return _RANGE_OF_DAYS.sub(_range_of_days, text)


def _range_of_days(match: re.Match) -> str:
    first, last, month, month_first, first_after, last_after = match.groups()
    start, end = int(first or first_after), int(last or last_after)
    name = month or month_first
    if not 1 <= start < end <= 31:
        return match.group(0)
    return f"{start} {name} to {end} {name}"


# -- Time zones ---------------------------------------------------------------

# Zone names and abbreviations a time is given in, by the IANA zone whose
# rules they name (offsets read from the tz database, `zone_label`). A
# summer name is its zone's ("CEST" is the zone of "CET"). Ambiguous ones
# are read as the zone a work note means most often ("IST": India).
ZONE_NAMES = {
    "utc": "UTC",
    "gmt": "UTC",
    "z": "UTC",
    "cet": "Europe/Paris",
    "cest": "Europe/Paris",
    "eet": "Europe/Athens",
    "eest": "Europe/Athens",
    "wet": "Europe/Lisbon",
    "west": "Europe/Lisbon",
    "bst": "Europe/London",
    "ist": "Asia/Kolkata",
    "jst": "Asia/Tokyo",
    "kst": "Asia/Seoul",
    "hkt": "Asia/Hong_Kong",
    "sgt": "Asia/Singapore",
    "aest": "Australia/Brisbane",
    "aedt": "Australia/Sydney",
    "awst": "Australia/Perth",
    "nzst": "Pacific/Auckland",
    "nzdt": "Pacific/Auckland",
    "pt": "America/Los_Angeles",
    "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles",
    "pacific": "America/Los_Angeles",
    "mt": "America/Denver",
    "mst": "America/Denver",
    "mdt": "America/Denver",
    "mountain": "America/Denver",
    "ct": "America/Chicago",
    "cdt": "America/Chicago",
    "central": "America/Chicago",
    "et": "America/New_York",
    "est": "America/New_York",
    "edt": "America/New_York",
    "eastern": "America/New_York",
}
# A zone is said of a time by the time before it, "on" before it ("Ravi is
# on IST") or "time" or "timezone" after it.
_CLOCK = (
    r"(?i:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}[:.h]\d{2}"
    r"|noon|midday|midnight)"
)
_ZONE_ABBREVIATION = (
    r"(?:UTC|GMT|Z|CES?T|EES?T|WES?T|BST|IST|JST|KST|HKT|SGT|AE[SD]T|AWST|NZ[SD]T"
    r"|[PMCE][SD]?T)"
)
_UTC_OFFSET = r"(?:UTC|GMT)\s*([+−-])\s*(\d{1,2})(?::?(\d{2}))?"
_ZONE_WORD = (
    r"(?:(?:UTC|GMT)\s*[+−-]\s*\d{1,2}(?::?\d{2})?|"
    rf"(?:{_ZONE_ABBREVIATION})(?:/(?:{_ZONE_ABBREVIATION}))?"
    r"|(?:Pacific|Mountain|Central|Eastern)(?:\s+(?:standard\s+|daylight\s+)?time)?)"
)
_ZONE_AFTER_CLOCK = re.compile(rf"\b({_CLOCK})(\s*\(?)({_ZONE_WORD})\b\)?")
_ZONE_NAMED = re.compile(
    rf"(\bon |\b(?i:timezone|time zone|tz)(?: is|:) )({_ZONE_WORD})\b(?!\s*\w*\d)"
    rf"|()\b({_ZONE_WORD})(?=\s+time\b|\s+time\s*zone\b|\s+timezone\b)"
)
# A zone's abbreviation of three letters or more, alone ("backups at
# midnight UTC", "a cron in UTC"); not "IST", an airport's code too.
_ZONE_ALONE = re.compile(
    r"(?<![\w/])((?:UTC|GMT)\s*[+−-]\s*\d{1,2}(?::?\d{2})?|UTC|GMT|CES?T|EES?T|WES?T"
    r"|BST|JST|KST|HKT|SGT|AE[SD]T|AWST|NZ[SD]T|[PMCE][SD]T)(?:/[A-Z]{3,4})?(?![\w/])"
)
# A zone's name spelled out, read as its abbreviation.
SPELLED_ZONES = {
    "central european time": "CET",
    "central european summer time": "CET",
    "central european standard time": "CET",
    "eastern european time": "EET",
    "eastern european summer time": "EET",
    "western european time": "WET",
    "greenwich mean time": "GMT",
    "coordinated universal time": "UTC",
    "universal time": "UTC",
    "british summer time": "BST",
    "japan standard time": "JST",
    "korea standard time": "KST",
    "india standard time": "IST",
    "indian standard time": "IST",
    "singapore time": "SGT",
    "hong kong time": "HKT",
    "australian eastern standard time": "AEST",
    "australian eastern daylight time": "AEDT",
    "australian eastern time": "AEST",
    "uk time": "BST",
    "british time": "BST",
}
_SPELLED_ZONE = re.compile(
    r"\b(" + "|".join(sorted(SPELLED_ZONES, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_CITY_TIME = re.compile(r"\b([A-Z][a-z]+(?:[ _][A-Z][a-z]+)?) time\b")
# A zone's own name in the tz database ("Europe/London").
_ZONE_KEY = re.compile(
    r"\b((?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)"
    r"/[A-Z][A-Za-z_]+(?:/[A-Z][A-Za-z_]+)?)\b"
)
# Words that say a text speaks of time zones, or a zone already read: "on
# PT" is one there.
_ZONE_TALK = re.compile(
    r"\b(?:time|timezone|zone|clock)\b|\bTZ[pm]\d{4}\b", re.IGNORECASE
)
_REFERENCE_DAYS = ((2025, 1, 15), (2025, 7, 15))


@lru_cache(maxsize=1)
def _zones_by_city() -> dict[str, str]:
    """Return the IANA zone of each city the tz database names ("Tokyo",
    "New York"); empty where the database is not installed."""
    try:
        import zoneinfo

        keys = zoneinfo.available_timezones()
    except Exception:  # noqa: BLE001 - no database: no zones read
        return {}
    cities: dict[str, str] = {}
    for key in sorted(keys):
        area, _, city = key.rpartition("/")
        if area and area.split("/")[0] in _CONTINENTS and city:
            cities.setdefault(city.replace("_", " ").lower(), key)
    return cities


_CONTINENTS = frozenset(
    "Africa America Asia Atlantic Australia Europe Indian Pacific".split()
)


@lru_cache(maxsize=256)
def zone_label(zone: str) -> str | None:
    """Return one token for an IANA zone's standard offset, the lesser of
    its offsets in January and July ("TZp0100" for Paris, Berlin and CEST,
    "TZp1000" for Sydney and AEST), None when unknown."""
    try:
        import zoneinfo
        from datetime import datetime

        info = zoneinfo.ZoneInfo(zone)
        offsets = [
            datetime(*day, 12, tzinfo=info).utcoffset() for day in _REFERENCE_DAYS
        ]
    except Exception:  # noqa: BLE001 - an unknown zone or no database
        return None
    return "TZ" + _offset_text(min(int(o.total_seconds()) // 60 for o in offsets))


def _offset_text(minutes: int) -> str:
    sign = "p" if minutes >= 0 else "m"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}{rest:02d}"


def _zone_word_label(word: str) -> str | None:
    offset = re.fullmatch(_UTC_OFFSET, word)
    if offset:
        sign, hours, minutes = offset.groups()
        total = int(hours) * 60 + int(minutes or 0)
        if total > 14 * 60:
            return None
        minutes_east = -total if sign in "-−" else total
        return "TZ" + _offset_text(minutes_east)
    first = re.split(r"[/\s]", word, maxsplit=1)[0].lower()
    zone = ZONE_NAMES.get(first)
    return zone_label(zone) if zone else None


def _zone_after_clock(match: re.Match) -> str:
    label = _zone_word_label(match.group(3))
    return f"{match.group(1)} {label}" if label else match.group(0)


def _zone_named(match: re.Match) -> str:
    before, word = match.group(1) or "", match.group(2) or match.group(4)
    # "Z" only after a time; "on PT" may be physiotherapy, unless the text
    # speaks of time.
    on = before.startswith("on") and not _ZONE_TALK.search(match.string)
    short = len(word) < (3 if on else 2)
    label = None if short else _zone_word_label(word)
    return before + label if label else match.group(0)


def city_zone(name: str) -> str | None:
    """Return the zone label (`zone_label`) of a city the tz database names
    ("london", "new york"), None for any other word."""
    zone = _zones_by_city().get(name.lower().replace("_", " "))
    return zone_label(zone) if zone else None


def _city_time(match: re.Match) -> str:
    return city_zone(match.group(1)) or match.group(0)


def time_zones(text: str) -> str:
    """Return `text` with each time zone said of a time as its label
    (`zone_label`): "17:00 JST" and "5 pm Tokyo time" meet."""
    text = _SPELLED_ZONE.sub(lambda m: SPELLED_ZONES[m.group(1).lower()], text)
    text = _ZONE_KEY.sub(lambda m: zone_label(m.group(1)) or m.group(0), text)
    text = _CITY_TIME.sub(_city_time, text)
    text = _ZONE_AFTER_CLOCK.sub(_zone_after_clock, text)
    text = _ZONE_NAMED.sub(_zone_named, text)
    return _ZONE_ALONE.sub(lambda m: _zone_word_label(m.group(1)) or m.group(0), text)


# -- Scores -------------------------------------------------------------------

# "7/10", "87 out of 100": a score, as a percentage, where the text speaks
# of one (a date "1/10" or "24/7" elsewhere is none).
_SCORE = re.compile(r"(?<![\w/.])(\d{1,3})\s*(?:/|out of)\s*(10|100)(?![\w/]|\.\d)")
_SCORE_WORDS = re.compile(
    r"\b(?:scores?|scored|got|marks?|grades?|quiz|test|exam|midterm|final|rating"
    r"|rated|points)\b",
    re.IGNORECASE,
)


def _score(match: re.Match) -> str:
    got, out_of = int(match.group(1)), int(match.group(2))
    if got > out_of:
        return match.group(0)
    return f"{got * 100 // out_of}%"


# -- Default ports ------------------------------------------------------------

# The ports the services register (IANA, or the project's own default).
DEFAULT_PORTS = {
    "postgres": 5432,
    "postgresql": 5432,
    "mysql": 3306,
    "mariadb": 3306,
    "redis": 6379,
    "mongodb": 27017,
    "mongo": 27017,
    "elasticsearch": 9200,
    "kafka": 9092,
    "rabbitmq": 5672,
    "memcached": 11211,
    "zookeeper": 2181,
    "cassandra": 9042,
    "prometheus": 9090,
    "grafana": 3000,
    "ssh": 22,
    "sftp": 22,
    "smtp": 25,
    "dns": 53,
    "http": 80,
    "https": 443,
    "ldap": 389,
    "rdp": 3389,
}
_SERVICE = re.compile(
    r"\b(" + "|".join(sorted(DEFAULT_PORTS, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_DEFAULT_PORT = re.compile(
    r"\b(?:its|the|their|a|on)?\s*(?:default|standard|usual|stock|well-known)"
    r"\s+port\b",
    re.IGNORECASE,
)


def _default_port(text: str) -> str:
    if not _DEFAULT_PORT.search(text):
        return text
    ports = {DEFAULT_PORTS[m.group(1).lower()] for m in _SERVICE.finditer(text)}
    if len(ports) != 1:
        return text  # no service named, or two: which one's
    return _DEFAULT_PORT.sub(f" port {ports.pop()}", text)


# "v1.29", "v2.14.0": a version number with its letter; the number is the
# value ("runs Kubernetes 1.29").
_VERSION = re.compile(r"(?<![\w.])v(\d+(?:\.\d+)+)(?![\w.]|\.\d)")


# "my 5K PR", "a 10k race": a race's distance in kilometres, said by its
# number and a letter k before a word of racing (not "$5k", a sum).
_RACE_DISTANCE = re.compile(
    r"(?<![$€£\w.])(\d{1,2}(?:\.\d)?)\s?[kK]\b(?=\s+(?:PR|PB|race|run|time|"
    r"personal|record|best|split|pace)\b)"
)


def rewrite(text: str) -> str:
    """Return `text` with the notations above in one form each (before
    `slots.canonical_text` reads number words; spoken hours are read here)."""
    text = _NAMED_DAY.sub(lambda m: NAMED_DAYS[m.group(1).lower()], text)
    text = _VERSION.sub(r"\1", text)
    text = _RACE_DISTANCE.sub(r"\1 km", text)
    text = _default_port(text)
    if _SCORE_WORDS.search(text):
        text = _SCORE.sub(_score, text)
    text = time_zones(text)
    text = _DOTTED_DATE.sub(_dotted_date, text)
    text = _DOTTED_DAY.sub(_dotted_day, text)
    text = _SLASHED_DAY.sub(_slashed_day, text)
    text = _SLASHED_DAY_RANGE.sub(_slashed_day_range, text)
    text = _SLASHED_DAY_AT.sub(
        lambda m: _told_order(int(m.group(1)), int(m.group(2))) or m.group(0), text
    )
    text = _DOTTED_DAY_MONTH.sub(
        lambda m: _opened_day(m, m.group(1), m.group(2), m.group(3)), text
    )
    text = _SLASHED_DATE.sub(_slashed_date, text)
    text = _SLASHED_MONTH.sub(
        lambda m: f"{MONTH_NAMES[int(m.group(1)) - 1]} {m.group(2)}", text
    )
    text = _END_OF_YEAR.sub(lambda m: f"31 December {m.group(1)}", text)
    text = _CRON.sub(_cron, text)
    text = _FAHRENHEIT.sub(_fahrenheit, text)
    text = _CELSIUS_LETTER.sub(lambda m: f"{m.group(1)} °C", text)
    if _TEMPERATURE_WORDS.search(text):
        text = _LETTER_F.sub(_fahrenheit, text)
        text = _LETTER_C.sub(lambda m: f"{m.group(1)} °C", text)
    text = _NINES.sub(lambda m: _NINES_VALUES[m.group(1).lower()], text)
    text = _HALF_A_SCALE.sub(lambda m: _HALF_SCALES[m.group(1).lower()], text)
    text = _TIMES_A.sub(_times_a, text)
    text = _EVERY_QUARTER.sub("quarterly", text)
    if _BLOOD_WORD.search(text):
        text = _BLOOD_SIGN.sub(_blood_sign, text)
    text = _ALTERNATE_DAY.sub(lambda m: f"fortnightly on {m.group(1)}", text)
    text = _FORTNIGHTLY.sub("fortnightly", text)
    text = _LONGER_UNITS.sub(lambda m: _LONGER[m.group(1).lower()], text)
    text = _ONE_UNIT.sub(_one_unit, text)
    text = _HALF_PERIOD.sub(
        lambda m: "6 months" if m.group(1).lower() == "year" else "30 minutes", text
    )
    text = _HOURS_MINUTES.sub(
        lambda m: f"{m.group(1)} hours {m.group(2)} minutes", text
    )
    text = _FOUR_DIGIT_RANGE.sub(_four_digit_range, text)
    text = _FOUR_DIGIT_TIME.sub(_four_digit_time, text)
    text = _DOTTED_TIME.sub(lambda m: f"{m.group(1)}:{m.group(2)}", text)
    text = _PAST_TO.sub(_past_to, text)
    text = _BRITISH_HALF.sub(lambda m: f"{_value(m.group(1))}:30", text)
    text = _RANGE_START.sub(_range_start, text)
    text = _CLOCK_RANGE.sub(_clock_range, text)
    text = _DAY_RANGE.sub(_day_range, text)
    text = _DAY_LETTERS.sub(_day_letters, text)
    return text


# "minus 22 °C", "the minus-80 freezer": a negative number (once number
# words are digits: "minus twenty").
_MINUS = re.compile(r"\bminus[- ](?=\d)", re.IGNORECASE)
# "three dozen rolls": a count of dozens.
_DOZENS = re.compile(r"\b(\d{1,3}) dozen\b", re.IGNORECASE)
# One unit after several numbers belongs to each: "20 x 20 x 15 cm" (a list of
# dimensions), "190 to 1100 nm", "0.19–1.1 µm" (a range). Units of length,
# mass, volume and data only: a range of hours or days is read elsewhere.
SPREAD_UNITS = "mm|cm|m|km|nm|µm|μm|inches|ft|g|kg|mg|lb|lbs|ml|l|kb|mb|gb|tb"
_NUMBER = r"\d+(?:\.\d+)?"
_DIMENSIONS = re.compile(
    rf"\b({_NUMBER})\s*[x×]\s*({_NUMBER})(?:\s*[x×]\s*({_NUMBER}))?\s*"
    rf"({SPREAD_UNITS})\b(?!\.\d)",
    re.IGNORECASE,
)
_UNIT_RANGE = re.compile(
    rf"(?<![\w.,/-])({_NUMBER})\s*(-|–|to)\s*({_NUMBER})\s*({SPREAD_UNITS})(?![\w²³])",
    re.IGNORECASE,
)


def _dimensions(match: re.Match) -> str:
    *numbers, unit = match.groups()
    return " x ".join(f"{n} {unit}" for n in numbers if n)


def amounts(text: str) -> str:
    """Return `text` with negative numbers said in words, dozens, and a unit
    written once after several numbers given to each (after number words
    are digits)."""
    text = _MINUS.sub("-", text)
    text = _DOZENS.sub(lambda m: str(int(m.group(1)) * 12), text)
    text = _DIMENSIONS.sub(_dimensions, text)
    return _UNIT_RANGE.sub(
        lambda m: f"{m.group(1)} {m.group(4)} {m.group(2)} {m.group(3)} {m.group(4)}",
        text,
    )


def imperial_feet(text: str) -> str:
    """Return `text` with feet and inches as millimetres (after number words
    are digits: "six foot two" is "6 foot 2")."""
    text = _HYPHENATED_UNIT.sub(lambda m: f"{m.group(1)} {m.group(2)}", text)
    return _FEET_INCHES.sub(_feet_inches, text)
