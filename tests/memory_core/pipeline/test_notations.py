"""One value written another way reads as one value (issue 12,
`pipeline/notations.py`): units converted, spoken clock times, named days,
durations and frequencies, weekday letters and ranges, cron schedules,
acronyms of the other side's words; and another value of the same slot
still clashes."""

import uuid

import pytest
from django.utils import timezone

from memory_core.hashing import content_hash
from memory_core.pipeline import slots
from memory_core.pipeline.gates import semantic_dedup
from memory_core.pipeline.judges import RuleJudge
from memory_core.pipeline.types import (
    Candidate,
    Decision,
    ExistingVersion,
    GateContext,
)
from memory_core.policy import DEFAULT_POLICY


def tokens(text: str) -> list[str]:
    return list(slots._tokens(text))


@pytest.mark.parametrize(
    ("text", "token"),
    [
        # Named days.
        ("The party is on New Year's Eve.", "D1231"),
        ("Grandpa was born on Boxing Day.", "D1226"),
        ("The dinner is booked for Valentine's Day.", "D0214"),
        # Spoken clock times, British "half" included.
        ("The ferry sails at twenty to nine.", "T0840"),
        ("Lunch is at five past one.", "T0105"),
        ("The shop shuts at half seven.", "T0730"),
        ("Registration opens 08.15 sharp.", "T0815"),
        ("Yoga begins at a quarter to seven in the evening.", "T1845"),
        # Durations of one unit; a fortnight.
        ("The warranty runs for a year.", "Q31536000s"),
        ("Invoices are settled within a day.", "Q86400s"),
        ("The contractor is paid every other week.", "fortnightly"),
        ("The plants are watered every two weeks.", "fortnightly"),
        ("The rota changes once a fortnight.", "fortnightly"),
        ("The kettle boils in a half-hour.", "Q1800s"),
        ("The quiz lasts three quarters of an hour.", "Q2700s"),
        ("The firm has traded for a decade.", "Q315360000s"),
        ("Piano is every other Tuesday.", "fortnightly"),
        ("Piano is on alternate Tuesdays.", "fortnightly"),
        # Availability in nines; a blood group's sign.
        ("The storage tier promises four nines.", "Q99.99pct"),
        # Dates in digits whose order one part tells; a month's end.
        ("Contract signed 14.02.2023.", "D0214"),
        ("The permit lapses 28/09/2026.", "D0928"),
        ("The permit lapses 9/28/2026.", "D0928"),
        ("The card expires 11/2027.", "November"),
        ("The lab closes at the end of 2030.", "D1231"),
    ],
)
def test_a_notation_reads_as_its_value(text, token):
    assert token in tokens(text)


def test_a_blood_group_sign_is_its_word():
    assert "negative" in tokens("Her blood group is B-.")
    # Not a sign elsewhere: "grade B-" says nothing of blood.
    assert "negative" not in tokens("The essay got a B-.")


def test_a_slashed_date_whose_order_is_not_told_is_kept():
    assert not any(t.startswith("D") for t in tokens("Renewal: 04/05/2026."))


def test_the_end_of_a_month_still_clashes_with_another_month():
    assert (
        RuleJudge()
        .judge(
            "The visa renewal is due in May.",
            "The visa must be renewed by the end of October.",
        )
        .contradicts
    )


def test_a_range_shares_its_end_s_meridiem():
    assert tokens("The clinic is open 2-5:30 pm.")[-2:] == ["T1400", "T1730"]
    assert tokens("Brunch runs 11-1:30 pm.")[-2:] == ["T1100", "T1330"]


def test_digits_before_to_are_a_range_not_a_clock_time():
    assert "T1150" not in tokens("The room seats 10 to 12 people.")


def test_a_range_of_hours_ends_after_noon_when_it_would_end_before_it_starts():
    assert tokens("The café is open from nine till half five.")[-3:] == [
        "T0900",
        "till",
        "T1730",
    ]
    # A 24-hour range is kept.
    assert "T1530" in tokens("The shift is 07:00 to 15:30.")


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Swim practice: TTh", ["Tuesday", "Thursday"]),
        ("Lectures are M/W/F.", ["Monday", "Wednesday", "Friday"]),
        ("The clinic opens Tue-Thu.", ["Tuesday", "Wednesday", "Thursday"]),
        (
            "Deliveries come Monday to Friday.",
            ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        ),
    ],
)
def test_weekday_letters_and_ranges_are_their_days(text, days):
    assert [w for w in tokens(text) if w in days] == days


def test_capitals_that_are_not_days_are_kept():
    # "TF" (Terraform), "FM": not in the week's order, or too short to tell.
    assert "Tuesday" not in tokens("Infra is managed with TF.")
    assert "Friday" not in tokens("The station broadcasts on FM.")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Cleanup cron: 30 23 * * *", ["nightly", "T2330"]),
        ("Report cron: 15 9 * * *", ["daily", "T0915"]),
        ("Digest cron: 0 8 * * 1-5", ["Monday", "Friday", "T0800"]),
    ],
)
def test_a_cron_schedule_reads_as_its_time_and_days(text, words):
    canonical = slots.canonical_text(text)
    assert all(w in canonical for w in words)


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        ("The wardrobe is 2 metres tall.", "The wardrobe is 6 ft 7 in tall."),
        ("Mateo is 178 cm tall.", "Mateo is five foot ten tall."),
        ("The suitcase weighs 23 kg.", "The suitcase weighs 51 lb."),
        ("The pool is heated to 28 °C.", "The pool is heated to 82°F."),
        ("The studio is 45 square metres.", "The studio is 484 sq ft."),
        ("The hike is 16 km.", "The hike is 10 miles."),
        # Acronyms of the other side's words.
        ("The team's PM is Ines.", "The team's product manager is Ines."),
        ("The API gateway timeout is 30 seconds.", "The AG timeout is 30 seconds."),
        # A spoken time without its half of the day, against 24-hour digits.
        (
            "Choir practice starts at twenty past seven.",
            "Choir practice starts at 19:20.",
        ),
    ],
)
def test_one_value_written_two_ways_is_the_same_fact(premise, hypothesis):
    assert slots.compare(premise, hypothesis).same_fact


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        ("The suitcase weighs 23 kg.", "The suitcase weighs 60 lb."),
        ("The sauna is set to 80 °C.", "The sauna is set to 150°F."),
        ("Mateo is 178 cm tall.", "Mateo is six foot two tall."),
        ("The TV is 55 inches.", "The TV is 65 inches."),
    ],
)
def test_another_value_in_another_unit_contradicts(premise, hypothesis):
    assert not slots.compare(premise, hypothesis).same_fact
    assert RuleJudge().judge(premise, hypothesis).contradicts


def test_a_hyphenated_unit_is_an_amount():
    assert "Q1651mmi" in tokens("They bought a 65-inch TV.")


def test_a_time_with_its_half_of_the_day_is_not_its_twin():
    # "7:20 am" says the morning: 19:20 is another time.
    assert not slots.compare(
        "Choir practice starts at 7:20 am.", "Choir practice starts at 19:20."
    ).same_fact
    assert not slots.compare(
        "Choir practice starts at twenty past seven in the morning.",
        "Choir practice starts at 19:20.",
    ).same_fact


def test_metric_amounts_keep_their_narrow_tolerance():
    # Both metric: no conversion rounded, "70 kg" / "71 kg" are two values.
    assert not slots.compare("Ivo weighs 70 kg.", "Ivo weighs 71 kg.").same_fact


@pytest.mark.parametrize(
    ("premise", "hypothesis", "rewritten"),
    [
        ("Pickup is at 16:45.", "Pickup is at quarter to five.", True),
        ("The lease ends on Boxing Day.", "The lease ends on 26 December.", True),
        ("The vault holds 2 kg.", "The vault holds 4.4 lb.", True),
        ("The gym is open Tue-Thu.", "Gym days: Tuesday to Thursday.", True),
        ("The gym is open Tuesday to Thursday.", "Gym: Tuesday to Thursday.", False),
        ("Pickup is at 16:45.", "Pickup happens at 16:45 sharp.", False),
        ("Pickup is at 16:45.", "The parcel weighs 2 kg.", False),
        # One amount written alike, in a unit converted to the token's.
        ("Nina's height is 170 cm.", "The user's height is 170 cm.", False),
        ("The flat is 3 miles from the gym.", "The office is 3 miles away.", False),
    ],
)
def test_value_rewritten(premise, hypothesis, rewritten):
    assert slots.value_rewritten(premise, hypothesis) is rewritten


SCOPE_ID = uuid.uuid4()


def _check(old: str, similarity: float, new: str):
    class Lookups:
        def nearest(self, scope_id, layer, embedding, k):
            return [
                ExistingVersion(
                    version_id=uuid.uuid4(),
                    item_id=uuid.uuid4(),
                    content_hash=content_hash(old),
                    similarity=similarity,
                    content=old,
                    scope_id=SCOPE_ID,
                    layer="episodic",
                )
            ]

    context = GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=[],
        agent_allowed_layers=[],
        now=timezone.now(),
        lookups=Lookups(),
        embed=lambda c: [0.0, 1.0],
        policy=DEFAULT_POLICY.merged({"cross_encoder_judge": False}),
    )
    write = Candidate(
        write_id=uuid.uuid4(),
        agent_id=uuid.uuid4(),
        scope_path="/org/acme/user/42/",
        scope_id=SCOPE_ID,
        layer="episodic",
        content=new,
        content_hash=content_hash(new),
    )
    return semantic_dedup.check(write, context)


def test_a_value_written_another_way_is_a_paraphrase_below_the_close_cosine():
    # Two own words each side ("begins", "lesson" / "starts", "class"): a
    # close rewording, at a cosine the embedding gives notations apart.
    result = _check(
        "The pottery class starts at 18:45.",
        0.6,
        "Pottery lesson begins at quarter to seven in the evening.",
    )
    assert result.decision == Decision.DUPLICATE, result
    assert result.details["tier"] == "paraphrase"


def test_the_same_notation_at_that_cosine_is_not_read_so():
    result = _check(
        "The pottery class starts at 18:45.",
        0.6,
        "Pottery lesson begins at 18:45 sharp.",
    )
    assert result.decision != Decision.DUPLICATE


def test_another_value_written_another_way_is_no_paraphrase():
    result = _check(
        "The pottery class starts at 18:45.",
        0.6,
        "Pottery lesson begins at quarter to eight in the evening.",
    )
    assert result.decision != Decision.DUPLICATE


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The plants get watered every two weeks.", "Plants are watered fortnightly."),
        (
            "Choir practice runs from eight till half four.",
            "Choir practice runs 08:00-16:30.",
        ),
        ("Nadia is six foot one.", "Nadia is 185 cm tall."),
    ],
)
def test_a_value_written_another_way_is_a_paraphrase_at_a_low_cosine(old, new):
    # The embedding scores such notations 0.3-0.5 apart, under the
    # paraphrase similarity (0.5); from REWRITTEN_SIMILARITY they are one.
    result = _check(old, 0.3, new)
    assert result.decision == Decision.DUPLICATE, result
    assert result.details["tier"] == "paraphrase"
    below = _check(old, semantic_dedup.REWRITTEN_SIMILARITY - 0.05, new)
    assert below.decision == Decision.ACCEPT, below


def test_another_value_at_a_low_cosine_is_no_paraphrase():
    result = _check("Nadia is six foot one.", 0.3, "Nadia is 170 cm tall.")
    assert result.decision != Decision.DUPLICATE, result


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        # One zone said two ways, two cities of one zone, a summer name.
        ("The retro is at 16:00 JST.", "The retro is at 4 pm Tokyo time."),
        ("Planning is at 11:00 Madrid time.", "Planning is at 11:00 Rome time."),
        ("Office hours start at 10:00 CET.", "Office hours start at 10am CEST."),
        ("Noor's timezone is IST.", "Noor's timezone is UTC+5:30."),
        # A range of days, each notation.
        ("The offsite runs 4-7 March.", "The offsite runs March 4th to 7th."),
        ("The fair is 11-13 Sept.", "The fair is Sep 11th-13th."),
        # An ordinal in two words; a day and month in digits, order told.
        ("Rent is due on the 22nd.", "Rent is due on the twenty-second."),
        ("The lease ends 30 April.", "The lease ends on 30/04."),
        ("The lease ends 30 April.", "Lease ends am 30.4."),
        # Hours and minutes; a hyphenated amount; a street's abbreviation.
        ("The drive takes 2h 15m.", "The drive takes 135 minutes."),
        ("The connection is 45 minutes.", "It is a 45-minute connection."),
        ("Office: 9 Mill Road, Leeds.", "Office: 9 Mill Rd., Leeds."),
        # A service's default port.
        (
            "The cache runs Redis on port 6379.",
            "The cache runs Redis on its default port.",
        ),
    ],
)
def test_a_value_in_another_notation_is_the_same_fact(premise, hypothesis):
    assert slots.compare(premise, hypothesis).same_fact
    assert not RuleJudge().judge(premise, hypothesis).contradicts


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        ("The retro is at 16:00 JST.", "The retro is at 16:00 Berlin time."),
        ("The offsite runs 4-7 March.", "The offsite runs March 11th to 14th."),
        ("Rent is due on the 22nd.", "Rent is due on the twenty-third."),
    ],
)
def test_another_zone_day_or_ordinal_still_differs(premise, hypothesis):
    assert not slots.compare(premise, hypothesis).same_fact


def test_a_zone_needs_a_time_or_a_zone_word():
    # "at IST" is an airport; "on PT" may be physiotherapy; "7/10" a score.
    assert "IST" in tokens("Connection at IST is tight.")
    assert "PT" in tokens("Gil is on PT twice a week.")
    assert "D1007" not in tokens("Quiz score: 7/10")
    assert "D0307" not in tokens("The essay is due Friday 7/3.")  # which order
    assert "Q3.6" in tokens("The GPA is 3.6.")


def test_a_phrasal_verb_is_its_noun():
    assert "checkin" in tokens("You can check in from 2pm.")
    # Two services named: whose default port, the text does not say.
    assert "Q6379" not in tokens("Redis and MySQL keep their default port.")
    assert "Q6379" in tokens("Redis keeps its default port.")


def test_a_large_converted_amount_is_written_in_digits():
    assert not any("e+" in t for t in tokens("The venue is 1.2 miles away."))


@pytest.mark.parametrize(
    ("premise", "hypothesis"),
    [
        # The person the notes are about, as a possessor; a note's label.
        ("The student's reading age is 11.", "Reading age: 13"),
        ("Piano recital date: 4 May.", "The piano recital is on 18 May."),
        # A key and its value after "="; a port is a value.
        ("The squad has 6 players.", "squad size = 8 players"),
        ("MySQL listens on its standard port.", "mysql port 3307"),
    ],
)
def test_a_note_and_a_sentence_with_another_value_contradict(premise, hypothesis):
    assert RuleJudge().judge(premise, hypothesis).contradicts


def test_a_title_in_capitals_is_an_acronym():
    # "DR region": disaster recovery, another region than production's.
    assert (
        not RuleJudge()
        .judge("Main region: eu-west-1", "DR region for main is eu-north-1.")
        .contradicts
    )


def test_one_instant_in_two_zones_is_the_same_fact():
    assert slots.compare(
        "The vendor call is at 8am Pacific.", "The vendor call is at 11:00 Eastern."
    ).same_fact
    assert slots.compare(
        "Payroll closes at 15:00 London time.", "Payroll closes at 16:00 CET."
    ).same_fact
    # The same clock time in two zones is two instants.
    assert not slots.compare(
        "The vendor call is at 8am Pacific.", "The vendor call is at 8am Eastern."
    ).same_fact
    assert (
        RuleJudge()
        .judge(
            "The vendor call is at 8am Pacific.", "The vendor call is at 8am Eastern."
        )
        .contradicts
    )
    assert (
        RuleJudge()
        .judge("Payroll closes at 15:00 London time.", "Payroll closes at 15:00 CET.")
        .contradicts
    )


def test_a_slot_noun_in_ion_may_name_the_slot():
    # "duration" is read "durat" (a noun in -ion as its verb): still the slot.
    assert (
        RuleJudge()
        .judge("Surgery duration: 3 hours.", "The surgery lasts 100 minutes.")
        .contradicts
    )


def test_a_temperature_by_its_letter():
    assert "Q22degc" in tokens("Keep the office at 22 degrees C.")
    assert "Q22.2degci" in tokens("Thermostat setting: 72 F")
    # Without a temperature, "F" is no unit ("a mark of 45 F").
    assert "Q45" in tokens("The mark was 45 F.")


def test_a_spaced_code_is_one_token():
    assert "OS214" in tokens("The Vienna flight is OS 214.")
    assert slots.compare(
        "The Vienna flight is OS 214 at 9:10.", "OS214 leaves at 9:10."
    ).typed_shared
    # A unit's capitals keep their number apart.
    assert "GB510" not in tokens("The disk is GB 510 in size.")
    assert "FY2026" not in tokens("The plan covers FY 2026.")


def test_two_years_of_one_slot_still_clash_in_notes():
    assert (
        RuleJudge()
        .judge("Clinic founded: 1998", "The clinic was founded in 2001.")
        .contradicts
    )


def test_a_name_with_a_run_of_initials_is_one_name():
    assert slots.compare(
        "Ana is in IB Chemistry.", "Ana takes International Baccalaureate Chem."
    ).same_fact
    assert (
        RuleJudge()
        .judge(
            "Ana is in IB Chemistry.", "Ana takes International Baccalaureate Physics."
        )
        .contradicts
    )


def test_two_ranges_of_days_clash_by_their_ends():
    assert (
        RuleJudge()
        .judge("The trade fair runs 4-6 March.", "The trade fair is March 11-13.")
        .contradicts
    )
    assert (
        not RuleJudge()
        .judge("The trade fair runs 4-6 March.", "The trade fair is March 4th to 6th.")
        .contradicts
    )


def test_a_dotted_day_and_month_after_due():
    assert "D0412" in tokens("The essay is due 12.04")
    assert "D0412" not in tokens("The fee is due 12.04 EUR")


def test_a_score_out_of_ten_or_a_hundred_is_a_percentage():
    assert "Q80pct" in tokens("The quiz score was 8/10.")
    assert "Q64pct" in tokens("She got 64 out of 100 on the test.")
    assert "Q1" not in tokens("The desk is staffed 24/7.")  # no score: kept
    assert "Q10pct" not in tokens("The lease starts 1/10.")
    assert (
        RuleJudge()
        .judge(
            "Spelling test score: 6/10",
            "The pupil got 9 out of 10 on the spelling test.",
        )
        .contradicts
    )
