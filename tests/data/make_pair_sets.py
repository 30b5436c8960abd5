"""Write the labelled statement pairs of the contradiction and dedup benches.

Run `python tests/data/make_pair_sets.py`; it is deterministic (seeded) and
writes `pairs_dev.jsonl` and `pairs_heldout.jsonl` beside itself. Each line is
{"a", "b", "label", "domain"}: `a` is stored, `b` the new write; `label` is
"contradiction", "duplicate" (a paraphrase of the same fact) or "compatible"
(same topic, neither: another subject in the same frame, an addition).

The dev pool tunes; the held-out pool is only scored. The two pools share no
frame, value or subject word list: each family of frames below belongs to
one pool, and so does each subject list.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).parent
PER_LABEL = 520

# A family: frames that say the same slot ({s} subject, {v} value), and values
# that exclude one another, each with surface variants that mean the same.
# Frame 0 is the plain one; the others are paraphrases of it.
DEV_FAMILIES = [
    {
        "domain": "preferences",
        "frames": [
            "{s} speaks {v}.",
            "{s} can speak {v}.",
            "{s} is able to speak {v}.",
        ],
        "values": [["Spanish"], ["German"], ["Hindi"], ["Portuguese"]],
        "multi": True,
    },
    {
        "domain": "preferences",
        "frames": [
            "{s} prefers {v} for data analysis.",
            "For data analysis, {s} likes to use {v}.",
            "{s}'s preferred language for data analysis is {v}.",
        ],
        "values": [["Python"], ["R"], ["Julia"], ["MATLAB"]],
    },
    {
        "domain": "preferences",
        "frames": [
            "{s}'s favourite cuisine is {v}.",
            "{s} likes {v} food best.",
            "The cuisine {s} enjoys most is {v}.",
        ],
        "values": [["Thai"], ["Italian"], ["Mexican"], ["Japanese"], ["Ethiopian"]],
    },
    {
        "domain": "infrastructure",
        "frames": [
            "The {s} database is hosted in {v}.",
            "Our {s} database runs in {v}.",
            "The {s} database lives in {v}.",
        ],
        "values": [["Frankfurt"], ["Dublin"], ["Paris"], ["Stockholm"]],
        "entities": [("primary", "primary"), ("analytics", "analytics")],
    },
    {
        "domain": "infrastructure",
        "frames": [
            "The {s} service is deployed to {v}.",
            "The {s} service runs in region {v}.",
            "The {s} service is deployed in the {v} region.",
        ],
        "values": [["us-east-1"], ["eu-west-1"], ["ap-south-1"], ["us-west-2"]],
        "entities": [("billing", "billing"), ("search", "search")],
    },
    {
        "domain": "infrastructure",
        "frames": [
            "The API gateway times out after {v}.",
            "The API gateway timeout is {v}.",
            "Requests to the API gateway time out after {v}.",
        ],
        "values": [
            ["30 seconds", "30 s", "thirty seconds"],
            ["60 seconds", "1 minute", "sixty seconds"],
            ["90 seconds", "90 s"],
            ["5 minutes", "5 min", "five minutes"],
        ],
        "subjects": False,
    },
    {
        "domain": "schedules",
        "frames": [
            "The daily standup is at {v}.",
            "Stand-up happens every day at {v}.",
            "The team's daily stand-up starts at {v}.",
        ],
        "values": [
            ["9:30", "9.30", "9h30", "09:30"],
            ["10:00", "10 am", "10am"],
            ["8:45", "8.45"],
            ["11:15", "11.15"],
        ],
        "subjects": False,
    },
    {
        "domain": "schedules",
        "frames": [
            "{s} goes to the gym on {v}.",
            "{s}'s gym day is {v}.",
            "{s} works out at the gym every {v}.",
        ],
        "values": [["Monday"], ["Wednesday"], ["Friday"], ["Sunday"]],
    },
    {
        "domain": "people",
        "frames": [
            "Anna is {s}'s {v}.",
            "{s}'s {v} is called Anna.",
            "Anna is the {v} of {s}.",
        ],
        "values": [["sister"], ["cousin"], ["aunt"], ["colleague", "coworker"]],
    },
    {
        "domain": "people",
        "frames": [
            "{s} lives in {v}.",
            "{s}'s home city is {v}.",
            "{s} is based in {v}.",
        ],
        "values": [
            ["Lisbon"],
            ["New York", "NYC", "New York City"],
            ["Berlin"],
            ["Los Angeles", "LA"],
            ["San Francisco", "SF"],
        ],
    },
    {
        "domain": "org",
        "frames": [
            "The {s} team sits on the {v} floor.",
            "The {s} team's office is on the {v} floor.",
            "You find the {s} team on the {v} floor.",
        ],
        "values": [
            ["fifth", "5th"],
            ["ground"],
            ["third", "3rd"],
            ["second", "2nd"],
        ],
        "entities": [("design", "design"), ("sales", "sales")],
    },
    {
        "domain": "org",
        "frames": [
            "The payments service is written in {v}.",
            "The payments service is implemented in {v}.",
            "Payments is a {v} service.",
        ],
        "values": [["Go", "Golang"], ["Java"], ["Rust"], ["TypeScript", "TS"]],
        "subjects": False,
    },
    {
        "domain": "numbers",
        "frames": [
            "{s}'s monthly cloud budget is {v}.",
            "{s} may spend {v} a month on cloud.",
            "The cloud budget of {s} is {v} per month.",
        ],
        "values": [
            ["500 EUR", "€500", "500 euros"],
            ["700 EUR", "€700", "700 euros"],
            ["1,000 EUR", "€1000", "1k EUR"],
            ["2,500 EUR", "€2500"],
        ],
    },
    {
        "domain": "numbers",
        "frames": [
            "{s} is {v} tall.",
            "{s}'s height is {v}.",
            "{s} measures {v} in height.",
        ],
        "values": [["180 cm", "180cm", "1.8 m"], ["165 cm", "165cm"], ["172 cm"]],
    },
    {
        "domain": "dates",
        "frames": [
            "{s}'s birthday is on {v}.",
            "{s} was born on {v}.",
            "{s} celebrates their birthday on {v}.",
        ],
        "values": [
            ["March 3", "3 March", "the 3rd of March"],
            ["March 5", "5 March"],
            ["July 14", "14 July"],
            ["October 1", "1 October"],
        ],
    },
    {
        "domain": "synonyms",
        "frames": [
            "{s} is allergic to {v}.",
            "{v} trigger {s}'s allergies.",
            "{s} has an allergy to {v}.",
        ],
        "values": [["cats"], ["peanuts"], ["pollen"], ["shellfish"]],
        "multi": True,
    },
    {
        "domain": "ordinals",
        "frames": [
            "{s} finished {v} in the marathon.",
            "{s} came {v} in the marathon.",
            "In the marathon, {s} placed {v}.",
        ],
        "values": [["first", "1st"], ["second", "2nd"], ["fourth", "4th"]],
    },
]

HELDOUT_FAMILIES = [
    {
        "domain": "preferences",
        "frames": [
            "{s} plays {v}.",
            "{s} is a {v} player.",
            "{s} enjoys playing {v}.",
        ],
        "values": [["tennis"], ["chess"], ["volleyball"], ["badminton"]],
        "multi": True,
    },
    {
        "domain": "preferences",
        "frames": [
            "{s} prefers {v} as a text editor.",
            "{s}'s editor of choice is {v}.",
            "{s} likes to write code in {v}.",
        ],
        "values": [["Vim"], ["Emacs"], ["VS Code", "VSCode"], ["Sublime Text"]],
    },
    {
        "domain": "preferences",
        "frames": [
            "{s} drinks {v} in the morning.",
            "Each morning {s} has {v}.",
            "{s}'s morning drink is {v}.",
        ],
        "values": [["green tea"], ["black coffee"], ["orange juice"], ["espresso"]],
    },
    {
        "domain": "infrastructure",
        "frames": [
            "The {s} backups are stored in {v}.",
            "The {s} backups are kept in {v}.",
            "We keep the {s} backups in {v}.",
        ],
        "values": [["Amsterdam"], ["Madrid"], ["Warsaw"], ["Milan"]],
        "entities": [("nightly", "nightly"), ("weekly", "weekly")],
    },
    {
        "domain": "infrastructure",
        "frames": [
            "The {s} cluster has {v} nodes.",
            "The {s} cluster runs on {v} nodes.",
            "There are {v} nodes in the {s} cluster.",
        ],
        "values": [["three", "3"], ["six", "6"], ["twelve", "12"], ["eight", "8"]],
        "entities": [("search", "search"), ("logging", "logging")],
    },
    {
        "domain": "infrastructure",
        "frames": [
            "The cache entries expire after {v}.",
            "The cache TTL is {v}.",
            "Cached entries live for {v}.",
        ],
        "values": [
            ["10 minutes", "10 min", "ten minutes"],
            ["1 hour", "60 minutes", "one hour"],
            ["2 hours", "two hours", "120 minutes"],
            ["15 minutes", "15 min", "fifteen minutes"],
        ],
        "subjects": False,
    },
    {
        "domain": "schedules",
        "frames": [
            "The weekly sync is at {v}.",
            "The week-ly sync starts at {v}.",
            "Our weekly sync meeting begins at {v}.",
        ],
        "values": [
            ["14:30", "2:30 pm", "2.30pm"],
            ["16:00", "4 pm", "4pm"],
            ["13:15", "1:15 pm", "1.15 pm"],
        ],
        "subjects": False,
    },
    {
        "domain": "schedules",
        "frames": [
            "{s} has piano lessons on {v}.",
            "{s}'s piano lesson is every {v}.",
            "On {v}, {s} takes piano lessons.",
        ],
        "values": [["Tuesday"], ["Thursday"], ["Saturday"]],
    },
    {
        "domain": "people",
        "frames": [
            "Marco is {s}'s {v}.",
            "{s}'s {v} is named Marco.",
            "Marco is the {v} of {s}.",
        ],
        "values": [["brother"], ["uncle"], ["nephew"], ["neighbour", "neighbor"]],
    },
    {
        "domain": "people",
        "frames": [
            "{s} grew up in {v}.",
            "{s}'s hometown is {v}.",
            "{s} was raised in {v}.",
        ],
        "values": [
            ["Porto"],
            ["Washington, D.C.", "Washington DC", "DC"],
            ["Vienna"],
            ["the UK", "the United Kingdom", "Britain"],
        ],
    },
    {
        "domain": "org",
        "frames": [
            "The {s} department is in building {v}.",
            "The {s} department has its offices in building {v}.",
            "The {s} department works from building {v}.",
        ],
        "values": [["B"], ["D"], ["F"]],
        "entities": [("finance", "finance"), ("legal", "legal")],
    },
    {
        "domain": "org",
        "frames": [
            "The mobile app is built with {v}.",
            "The mobile app is developed in {v}.",
            "Our mobile app uses {v}.",
        ],
        "values": [
            ["JavaScript", "JS"],
            ["Kotlin"],
            ["Swift"],
            ["Flutter"],
        ],
        "subjects": False,
    },
    {
        "domain": "numbers",
        "frames": [
            "{s}'s commute takes {v}.",
            "{s} spends {v} commuting each way.",
            "It takes {s} {v} to get to work.",
        ],
        "values": [
            ["45 minutes", "45 min", "forty-five minutes"],
            ["20 minutes", "twenty minutes"],
            ["an hour", "60 minutes", "one hour"],
        ],
    },
    {
        "domain": "numbers",
        "frames": [
            "{s} weighs {v}.",
            "{s}'s weight is {v}.",
            "{s} has a body weight of {v}.",
        ],
        "values": [["70 kg", "70kg"], ["82 kg", "82kg"], ["64 kg"]],
    },
    {
        "domain": "dates",
        "frames": [
            "{s}'s wedding anniversary is on {v}.",
            "{s} got married on {v}.",
            "{s} celebrates their wedding anniversary on {v}.",
        ],
        "values": [
            ["June 12", "12 June", "the 12th of June"],
            ["June 21", "21 June"],
            ["September 9", "9 September"],
        ],
    },
    {
        "domain": "synonyms",
        "frames": [
            "{s} is afraid of {v}.",
            "{v} scare {s}.",
            "{s} has a fear of {v}.",
        ],
        "values": [["spiders"], ["snakes"], ["heights"], ["dogs"]],
        "multi": True,
    },
    {
        "domain": "ordinals",
        "frames": [
            "{s} is the {v} child in the family.",
            "{s} was born {v} of the siblings.",
            "Among the siblings, {s} is the {v}-born.",
        ],
        "values": [["eldest", "oldest"], ["youngest"], ["middle"]],
    },
]

DEV_SUBJECTS = [
    ("The user", "the user"),
    ("The user's wife", "the user's wife"),
    ("The user's manager", "the user's manager"),
    ("Priya", "Priya"),
]
HELDOUT_SUBJECTS = [
    ("The user", "the user"),
    ("The user's husband", "the user's husband"),
    ("The user's daughter", "the user's daughter"),
    ("Tomasz", "Tomasz"),
]
# An addition says more without taking anything back.
DEV_ADDITIONS = ["also", "additionally"]
HELDOUT_ADDITIONS = ["too", "as well"]


def render(frame: str, subject: tuple[str, str], value: str) -> str:
    capital, lower = subject
    text = frame.replace("{v}", value)
    # A frame starting with the subject takes its capitalised form.
    if text.startswith("{s}"):
        text = capital + text[3:]
    text = text.replace("{s}", lower)
    return text[0].upper() + text[1:]


def add(text: str, word: str) -> str:
    """Return `text` with an addition marker ("also", "too")."""
    body = text.rstrip(".")
    if word in ("too", "as well"):
        return f"{body} {word}."
    if word == "additionally":
        return f"Additionally, {body[0].lower()}{body[1:]}."
    for verb in (" is ", " prefers ", " likes ", " lives ", " goes ", " has "):
        if verb in body:
            return body.replace(verb, f" also{verb}", 1) + "."
    return f"{body}, also."


def make(families, subjects, additions, rng: random.Random) -> list[dict]:
    pairs: dict[str, list[dict]] = {
        "contradiction": [],
        "duplicate": [],
        "compatible": [],
    }
    seen: set[tuple[str, str]] = set()

    def push(label: str, a: str, b: str, domain: str) -> None:
        if a != b and (a, b) not in seen:
            seen.add((a, b))
            pairs[label].append({"a": a, "b": b, "label": label, "domain": domain})

    for _ in range(80):
        for family in families:
            frames, values, domain = (
                family["frames"],
                family["values"],
                family["domain"],
            )
            who = family.get("entities") or (
                subjects if family.get("subjects", True) else [("", "")]
            )
            subject = rng.choice(who)
            value = rng.choice(values)
            other = rng.choice([v for v in values if v is not value])
            fa, fb = rng.choice(frames), rng.choice(frames)
            a = render(fa, subject, rng.choice(value))
            multi = family.get("multi", False)
            # Contradiction: same subject and frame family, another value of
            # a slot that holds one value.
            if not multi:
                b = render(fb, subject, rng.choice(other))
                push("contradiction", a, b, domain)
            # Duplicate: another frame or another surface of the same value.
            fd = rng.choice([f for f in frames if f != fa] or frames)
            push("duplicate", a, render(fd, subject, rng.choice(value)), domain)
            if len(value) > 1:
                surface = rng.choice([v for v in value if v not in a] or value)
                push("duplicate", a, render(fa, subject, surface), domain)
            # Compatible: another subject in the same frame, or an addition.
            if len(who) > 1:
                another = rng.choice([s for s in who if s != subject])
                push(
                    "compatible",
                    a,
                    render(fb, another, rng.choice(rng.choice(values))),
                    domain,
                )
            if multi:
                more = render(fa, subject, rng.choice(other))
                push("compatible", a, add(more, rng.choice(additions)), domain)
                push("compatible", a, more, domain)
    out: list[dict] = []
    for label in ("contradiction", "duplicate", "compatible"):
        chosen = pairs[label]
        rng.shuffle(chosen)
        assert len(chosen) >= PER_LABEL, (label, len(chosen))
        out += chosen[:PER_LABEL]
    return out


def main() -> None:
    for name, families, subjects, additions, seed in (
        ("dev", DEV_FAMILIES, DEV_SUBJECTS, DEV_ADDITIONS, 12),
        ("heldout", HELDOUT_FAMILIES, HELDOUT_SUBJECTS, HELDOUT_ADDITIONS, 13),
    ):
        rows = make(families, subjects, additions, random.Random(seed))
        with open(HERE / f"pairs_{name}.jsonl", "w") as handle:
            for row in rows:
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(name, len(rows))


if __name__ == "__main__":
    main()
