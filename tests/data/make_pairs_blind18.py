# ruff: noqa: E501, E741, E731, E402, SIM108
"""pairs_blind18: memory-pair test set (stored memory `a` vs new memory `b`).

Labels: duplicate (b restates a: paraphrase, other notation, note vs sentence),
contradiction (b gives another value for the same attribute of the same subject, stated or
implied: new values, other choices, other people, negations, moves/replacements),
compatible (both true, b adds something: another person/attribute/time/place, a refinement,
or a near-miss sharing many words).

Domains (75 rows each, 25 per label): sports_club, construction, health_fitness,
grant_office, musician, accounting_firm, pet_household, it_helpdesk.
Rows: 600 = 200 duplicate + 200 contradiction + 200 compatible. Seed 1818.
A few rows per domain in the pet and IT domains are German or French.
Each row draws fresh values (names, dates, times, money, measures) rendered in varied
notations, then wraps a and b in label-neutral frames (memo/bullet/chat/e-mail-like), so
texts run 3-29 words. All 1,200 texts are unique (checked on a normalised form).
Fact families and their helpers come first; the end of this file samples them.
Run: /work/main/.venv/bin/python make_pairs_blind18.py  -> pairs_blind18.jsonl (deterministic).
"""
import datetime
import json
import random
from collections import Counter
from pathlib import Path

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
NUMW = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        "ten", "eleven", "twelve"]
FIRST = ["Priya", "Tom", "Aisha", "Marek", "Joanna", "Kwame", "Siobhan", "Luis", "Hannah",
         "Dev", "Olu", "Freya", "Callum", "Mei", "Rashid", "Greta", "Tariq", "Nina", "Owen",
         "Beatriz", "Jonas", "Ifeoma", "Ruth", "Sami", "Elif", "Declan", "Yuki", "Carmen"]
LAST = ["Okafor", "Brennan", "Novak", "Patel", "Lindqvist", "Hughes", "Moreau", "Kowalski",
        "Adeyemi", "Fischer", "O'Neill", "Sato", "Barros", "MacLeod", "Haddad", "Whitfield",
        "Jansen", "Rossi", "Chowdhury", "Ferreira"]


def ordinal(n):
    if 10 <= n % 100 <= 20:
        s = "th"
    else:
        s = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{s}"


def _tfmt(style, h, m):
    h12 = h % 12 or 12
    ap = "am" if h < 12 else "pm"
    if style == 0:
        return f"{h:02d}:{m:02d}"
    if style == 1:
        return f"{h12}:{m:02d}{ap}" if m else f"{h12}{ap}"
    if style == 2:
        return f"{h12}.{m:02d} {ap}" if m else f"{h12} {ap}"
    if style == 3:
        return f"{h:02d}{m:02d}h"
    return f"{h12}:{m:02d} {ap.upper()}"


def times(r, p="t", lo=7, hi=20, step=15):
    h = r.randint(lo, hi)
    m = r.choice(range(0, 60, step))
    while True:
        h2 = r.randint(lo, hi)
        m2 = r.choice(range(0, 60, step))
        if (h2, m2) != (h, m):
            break
    s1, s2, s3 = r.sample(range(5), 3)
    return {p: _tfmt(s1, h, m), p + "_": _tfmt(s2, h, m), p + "2": _tfmt(s3, h2, m2)}


def _dfmt(style, d, mo, y):
    M = MONTHS[mo - 1]
    return [f"{d} {M}", f"{M} {d}", f"{d:02d}/{mo:02d}/{y}", f"{y}-{mo:02d}-{d:02d}",
            f"{ordinal(d)} {M[:3]}", f"{M[:3]} {ordinal(d)}", f"{ordinal(d)} of {M}"][style]


def dates(r, p="d", y=2025):
    mo = r.randint(1, 12)
    d = r.randint(1, 28)
    while True:
        mo2 = r.choice([mo, mo, r.randint(1, 12)])
        d2 = r.randint(1, 28)
        if (mo2, d2) != (mo, d):
            break
    s1, s2, s3 = r.sample(range(7), 3)
    out = {p: _dfmt(s1, d, mo, y), p + "_": _dfmt(s2, d, mo, y), p + "2": _dfmt(s3, d2, mo2, y),
           p + "M": MONTHS[mo - 1], p + "M2": MONTHS[mo2 - 1] if mo2 != mo else MONTHS[mo % 12]}
    base = datetime.date(y, mo, d)
    for key, sign in (("L", 1), ("E", -1)):
        z = base + datetime.timedelta(days=sign * r.randint(3, 45))
        out[p + key] = _dfmt(r.choice([x for x in range(7) if x not in (2, 3)] if z.year == y else [2, 3]),
                             z.day, z.month, z.year)
    return out


def money(r, p="x", lo=10, hi=200, sym="£", step=1):
    a = r.randrange(lo, hi + 1, step)
    while True:
        b = r.randrange(lo, hi + 1, step)
        if b != a:
            break
    code = {"£": "GBP", "€": "EUR", "$": "USD"}[sym]
    word = {"£": "pounds", "€": "euros", "$": "dollars"}[sym]
    forms = [f"{sym}{a}", f"{a} {code}", f"{sym}{a:,}.00", f"{a} {word}", f"{code} {a:,}"]
    if a >= 1000 and a % 1000 == 0:
        forms.append(f"{sym}{a // 1000}k")
    f1, f2 = r.sample(forms, 2)
    span = max(step, (hi - lo) // 3)
    up = a + step * r.randint(1, max(1, span // step))
    dn = max(step, a - step * r.randint(1, max(1, span // step)))
    if dn >= a:
        dn = a - step if a - step > 0 else a // 2
    st = r.choice([0, 1, 2])
    rend = (lambda z: f"{sym}{z:,}") if st == 0 else (lambda z: f"{z:,} {code}") if st == 1 else (lambda z: f"{sym}{z}")
    return {p: f1, p + "_": f2, p + "2": r.choice([f"{sym}{b:,}", f"{b} {code}", f"{sym}{b}"]),
            p + "n": a, p + "n2": b, p + "U": rend(up), p + "D": rend(dn)}


def num(r, p="n", lo=1, hi=12):
    a = r.randint(lo, hi)
    while True:
        b = r.randint(lo, hi)
        if b != a:
            break
    w = NUMW[a] if a < len(NUMW) else str(a)
    span = max(1, (hi - lo) // 2)
    up = r.randint(a + 1, a + span)
    dn = r.randint(max(lo, a - span), a - 1) if a > lo else a - 1
    return {p: str(a), p + "w": w, p + "2": str(b), p + "w2": NUMW[b] if b < len(NUMW) else str(b),
            p + "U": str(up), p + "D": str(dn)}


def pick(r, seq, p, k=2):
    xs = r.sample(seq, k)
    d = {p: xs[0]}
    for i, x in enumerate(xs[1:], 2):
        d[p + str(i)] = x
    return d


def person(r, p="p", k=2):
    fs = r.sample(FIRST, k)
    ls = r.sample(LAST, k)
    d = {}
    for i in range(k):
        sfx = "" if i == 0 else str(i + 1)
        d[p + sfx] = fs[i]
        d[p + sfx + "f"] = f"{fs[i]} {ls[i]}"
        d[p + sfx + "l"] = ls[i]
        d[p + sfx + "i"] = f"{fs[i][0]}. {ls[i]}"
    return d


def day(r, p="w"):
    a, b = r.sample(DAYS[:7], 2)
    return {p: a, p + "s": a + "s", p + "3": a[:3], p + "2": b, p + "2s": b + "s"}


def V(*ds):
    out = {}
    for d in ds:
        out.update(d)
    return out


class F:
    """One fact family: a-templates, and b-templates for duplicate / contradiction /
    compatible, plus a note per label."""

    def __init__(self, v, a, d, c, m, n):
        self.v = v
        self.a = [a] if isinstance(a, str) else a
        self.bs = [[x] if isinstance(x, str) else x for x in (d, c, m)]
        self.notes = n




OPP = ["Hollybank Rovers", "St Aldhelm's", "Crossgate Utd", "Fenwick Albion", "Old Carthusians B",
       "Marsh Lane", "Kingsway Celtic", "Brockley Vets"]
GROUND = ["Hartley Rec", "King George's Field", "Ashcombe Park", "the Mill Lane pitches",
          "Westfield Sports Centre", "Beacon Road ground"]
KITSUP = ["Kitlocker", "Macron Teamwear", "Joma via SportsDirect", "Owayo", "Erreà Team", "Lovell Sports"]
COLS = ["navy", "claret", "sky blue", "amber", "green", "white", "black", "red"]
SPONS = ["Greenway Motors", "The Plough Inn", "Dalton Plumbing", "Sunrise Bakery", "Hale & Co Solicitors"]
LEAGUE = ["Mid-Sussex League", "Sunday Alliance", "Wearside Combination", "Thames Valley League"]
CUP = ["County Junior Cup", "Charity Shield", "Midweek Floodlit Cup", "Veterans Plate"]
BADGE = ["UEFA C", "FA Level 1", "FA Level 2", "England Netball Level 1"]

SPORTS = [
    F(lambda r: V(times(r, lo=18, hi=20), day(r)),
      ["Senior training is {ws} at {t}", "Adults train every {w}, {t} start"],
      ["Seniors train on {ws}, starting {t_}", "senior squad training: {w3} {t_}"],
      ["Senior training has moved to {w2s}", "Seniors train at {t2} now instead"],
      ["Under-12s train on {ws} at {t2}", "Senior training on {ws} finishes with 20 mins of fitness"],
      ("time notation", "new day/time", "other squad / extra detail")),
    F(lambda r: V(money(r, lo=60, hi=180)),
      ["Adult annual membership is {x}", "Membership for adults: {x} per year"],
      ["It costs {x_} a year for an adult to be a member", "adult subs (annual) = {x_}"],
      ["Adult membership is now {x2} a year", "Annual adult fee has changed to {x2}"],
      ["Adult membership ({x}) can be paid in three instalments", "Junior annual membership is {x2}"],
      ("money notation", "different fee", "payment option / other tier")),
    F(lambda r: V(person(r)),
      ["{pf} is captain of the first XI", "First team captain: {p}"],
      ["The 1st XI skipper is {pf}", "{p} captains the first team"],
      ["{p2f} has taken over as first XI captain", "First team captain is {p2f}, not {p}"],
      ["{p2f} is vice-captain of the first XI", "{pf} also captains the club's five-a-side team on Thursdays"],
      ("captain paraphrase", "different captain", "vice-captain / other team")),
    F(lambda r: V(pick(r, COLS, "c", 3)),
      ["Home kit is {c} shirts with {c2} shorts", "Home colours: {c} tops, {c2} shorts"],
      ["We play at home in {c} shirts and {c2} shorts", "home strip = {c} shirt / {c2} shorts"],
      ["Home shirts are {c3} now", "The new home kit is all {c3}"],
      ["Away kit is {c3} shirts with {c2} shorts", "Home socks are {c3}"],
      ("same kit reworded", "different home colour", "away kit / socks")),
    F(lambda r: V(pick(r, KITSUP, "s"), num(r, "n", 2, 6)),
      ["Club kit is ordered through {s}", "We get our kit from {s}"],
      ["Kit supplier: {s}", "{s} supplies the club kit"],
      ["We've switched our kit supplier to {s2}", "Kit now comes from {s2}, we dropped {s}"],
      ["Orders from {s} take about {n} weeks to arrive", "Training tops come from {s2}; match kit still from {s}"],
      ("supplier paraphrase", "new supplier", "lead time / other items")),
    F(lambda r: V(pick(r, GROUND, "g")),
      ["Home fixtures are played at {g}", "Our home ground is {g}"],
      ["We play our home games at {g}", "home pitch: {g}"],
      ["From this season home games are at {g2}", "We no longer play at {g}; home is {g2} now"],
      ["Parking at {g} is free on match days", "Cup home ties are played at {g2} because it has floodlights"],
      ("ground paraphrase", "moved ground", "parking / cup venue")),
    F(lambda r: V(pick(r, OPP, "o"), dates(r), times(r, lo=10, hi=15, step=30)),
      ["Next fixture: away at {o} on {d}, kick-off {t}", "We play {o} away on {d} ({t} KO)"],
      ["{d_}: {o} (A), KO {t_}", "Away game vs {o} on {d_}, kick off at {t_}"],
      ["The {o} away game has been moved to {d2}", "Kick-off at {o} on {d} is now {t2}"],
      ["Home fixture against {o} is on {d2}", "For the {o} game on {d}, meet at the clubhouse an hour before"],
      ("fixture notation", "date/time changed", "return fixture / meet time")),
    F(lambda r: V(money(r, lo=4, hi=12), money(r, "y", lo=2, hi=3)),
      ["Match subs are {x} per game", "Players pay {x} each match"],
      ["{x_} match fee every game", "match subs: {x_}/game"],
      ["Match fees have gone up to {xU}", "Match subs are {x2} now, not {x}"],
      ["Students and under-18s pay {y} match subs", "Match subs ({x}) go towards referee fees"],
      ("fee notation", "new match fee", "concession / purpose")),
    F(lambda r: V(person(r)),
      ["{pf} is the club treasurer", "Treasurer: {pf}"],
      ["{p} looks after the club's money as treasurer", "club treasurer = {pf}"],
      ["{p} stepped down as treasurer last month; {p2f} took over", "The treasurer is {p2f}"],
      ["{pf} is treasurer and also runs the bar rota", "{p2f} is the club secretary"],
      ("role paraphrase", "role handed over", "extra role / other officer")),
    F(lambda r: V(person(r), num(r, "n", 2, 11)),
      ["{pf} wears number {n}", "{p}'s squad number is {n}"],
      ["{p} has the number {nw} shirt", "Squad no. {n}: {pf}"],
      ["{p} has been given the #{n2} shirt this season", "{pf} now wears {n2}"],
      ["{p2f} wears number {n2}", "{p} wears {n} and plays left back"],
      ("number notation", "new squad number", "other player / position")),
    F(lambda r: V(person(r), dates(r)),
      ["{pf} is out injured until {d}", "{p} unavailable (hamstring) until {d}"],
      ["{p} won't be fit again before {d_}", "Injury list: {pf}, back {d_}"],
      ["{p} has been cleared by the physio and is available this weekend", "{p} is fully fit and played the full 90 on Saturday"],
      ["{p} can still help coach the juniors while injured", "{p2f} is also injured, back {d2}"],
      ("injury paraphrase", "now fit (implied)", "extra detail / other player")),
    F(lambda r: V(pick(r, LEAGUE, "l"), num(r, "n", 2, 5)),
      ["First team plays in Division {n} of the {l}", "1st XI are in the {l}, Div {n}"],
      ["Our first team is in {l} Division {nw}", "First XI league: {l} D{n}"],
      ["First team got promoted out of Division {n} in May", "1st XI now play in the {l} Premier Division"],
      ["The reserves play in the {l} reserve section", "First team (Division {n}) finished third last season"],
      ("division notation", "promoted (implied)", "other team / history")),
    F(lambda r: V(dates(r), times(r, lo=18, hi=20, step=30)),
      ["AGM is on {d} at {t} in the clubhouse", "Club AGM: {d}, {t}, clubhouse"],
      ["The annual general meeting will be held {d_} at {t_} at the clubhouse", "AGM {d_} {t_} (clubhouse)"],
      ["AGM has been moved to {d2}", "AGM is on {d} but starts at {t2}, not {t}"],
      ["Nominations for the AGM close a week before, on request to the secretary", "Committee meeting on {d2} at {t}"],
      ("meeting notation", "rescheduled", "nomination rule / other meeting")),
    F(lambda r: V(num(r, "n", 1000, 9999), num(r, "k", 1000, 9999)),
      ["Clubhouse door code is {n}", "Code for the clubhouse keypad: {n}"],
      ["clubhouse keypad -> {n}", "The clubhouse door opens with {n}"],
      ["Clubhouse code changed to {n2}", "New clubhouse door code: {n2}"],
      ["Kit room padlock code is {k2}", "Clubhouse code ({n}) is changed every August"],
      ("code reworded", "new code", "other lock / rotation policy")),
    F(lambda r: V(pick(r, SPONS, "s")),
      ["{s} sponsors the first-team shirts", "Shirt sponsor is {s}"],
      ["Our shirts are sponsored by {s}", "first team shirt sponsor: {s}"],
      ["{s2} is the new shirt sponsor", "{s} pulled their shirt sponsorship; {s2} is on the front now"],
      ["{s} also sponsors the junior section's tracksuits", "{s2} sponsors the match ball each week"],
      ("sponsor paraphrase", "different sponsor", "extra sponsorship")),
    F(lambda r: V(num(r, "n", 80, 160), num(r, "k", 20, 60)),
      ["Club has {n} paying members", "We have {n} paid-up members this season"],
      ["{n} members have paid their subs this year", "paid membership count: {n}"],
      ["Paid-up membership is {n2} this season", "We've got {n2} paying members now"],
      ["{k} of our paying members are juniors", "Last season the club had {k} more members than now"],
      ("count reworded", "different count", "subset / other season")),
    F(lambda r: V(person(r), pick(r, BADGE, "b")),
      ["{pf} holds the {b} coaching badge", "{p} has got their {b} qualification"],
      ["{p} is a {b} qualified coach", "coaching badge: {pf} - {b}"],
      ["{p} doesn't hold any coaching qualification yet", "{pf} has no coaching badges"],
      ["{p} is working towards the {b2} as well", "{p} holds the {b} and a first-aid certificate"],
      ("qualification paraphrase", "negation", "additional badge / cert")),
    F(lambda r: V(pick(r, CUP, "c")),
      ["We're entering the {c} this season", "The club has entered the {c} this year"],
      ["Entry for the {c} is done, we're in", "we've signed up for the {c} this season"],
      ["We're not entering the {c} this season", "Decided to withdraw from the {c}"],
      ["We're entering the {c2} as well this season", "The {c} first round is in October"],
      ("entry paraphrase", "withdrawal / negation", "second competition / schedule")),
    F(lambda r: V(num(r, "n", 5, 9), num(r, "m", 10, 11)),
      ["Under-10s play {n}-a-side", "U10 matches are {n}v{n}"],
      ["The under-tens play {nw}-a-side games", "U10s: {n} a side"],
      ["Under-10s moved up to {m}-a-side", "U10 games are {m}v{m} now"],
      ["Under-8s play 5-a-side", "Under-10s play {n}-a-side on half a pitch"],
      ("format notation", "different format", "other age group / pitch")),
]

SUP = ["Travis Perkins", "Jewson", "Selco", "Huws Gray", "Buildbase", "MKM"]
CONC = ["Hanson", "Tarmac", "Cemex", "Breedon"]
WIN = ["Anglian Windows", "Everest Trade", "Origin", "Crittall"]
SUB = ["Kingsley Scaffolding", "Apex Roofing", "Brightline Electrical", "Norton Groundworks",
       "Sutton Plastering", "Carlow Steel Erectors"]
PLOT = ["Plot 3", "Plot 7", "Block B", "Unit 4", "the east wing", "Phase 2"]
CLASS = ["C32/40", "C25/30", "C28/35", "C40/50"]

CONSTR = [
    F(lambda r: V(pick(r, SUP, "s")),
      ["Timber comes from {s}", "Our timber supplier is {s}"],
      ["We order the timber from {s}", "timber - {s} account"],
      ["Timber is now supplied by {s2}", "Switched timber orders from {s} to {s2}"],
      ["Plasterboard comes from {s2}", "{s} delivers timber on Tuesdays only"],
      ("supplier reworded", "new supplier", "other material / delivery day")),
    F(lambda r: V(pick(r, CONC, "c"), pick(r, CLASS, "k")),
      ["Ready-mix for the slab is {k} from {c}", "Slab concrete: {k}, supplier {c}"],
      ["{c} are supplying the {k} concrete for the slab", "slab pour spec {k} ({c})"],
      ["Slab spec has been changed to {k2}", "Engineer wants {k2} for the slab, not {k}"],
      ["Footings use {k2} from {c}", "The {k} slab needs a 7-day cure before loading"],
      ("spec reworded", "different concrete class", "other element / curing")),
    F(lambda r: V(dates(r, y=2026), pick(r, PLOT, "p")),
      ["Practical completion for {p} is {d}", "{p} handover date: {d}"],
      ["{p} should be practically complete by {d_}", "PC on {p} - {d_}"],
      ["{p} completion has slipped to {dL}", "Client agreed a new handover for {p}: {d2}"],
      ["{p2} completion is {d2}", "Snagging on {p} starts two weeks before {d}"],
      ("date notation", "slipped date", "other plot / snagging")),
    F(lambda r: V(pick(r, SUB, "s"), person(r)),
      ["{s} are doing the scaffolding", "Scaffold contractor: {s}"],
      ["Scaffolding is subbed out to {s}", "{s} has the scaffold package"],
      ["{s2} replaced {s} as scaffold contractor", "Scaffolding is now with {s2}"],
      ["{s} contact is {pf}", "{s} are also doing the edge protection"],
      ("contractor reworded", "replaced contractor", "contact / extra scope")),
    F(lambda r: V(person(r), num(r, "n", 4, 9)),
      ["{pf} runs the groundworks crew", "Groundworks gang lead: {p}"],
      ["{p} is foreman on the groundworks team", "groundworks foreman = {pf}"],
      ["{p2f} is now the groundworks foreman", "{p} moved to another site; {p2} leads groundworks"],
      ["Groundworks crew is {n} people under {p}", "{p2f} runs the brickwork crew"],
      ("role reworded", "different foreman", "crew size / other crew")),
    F(lambda r: V(num(r, "n", 2, 4), num(r, "h", 6, 8)),
      ["Site hours are {h}am to 6pm weekdays", "We can work {h}:00-18:00 Mon-Fri"],
      ["Working hours on site: 0{h}00 to 1800, Monday to Friday", "Mon-Fri, site open {h}am-6pm"],
      ["Council limits site hours to 0{h2}:00 start", "No work before {h2}am on weekdays now"],
      ["Saturday working allowed 8am-1pm", "No noisy work before 9am, site hours still {h}am-6pm"],
      ("hours notation", "different start", "weekend hours / noise rule")),
    F(lambda r: V(num(r, "n", 100, 150), num(r, "k", 50, 99)),
      ["External walls get {n}mm PIR insulation", "Cavity insulation spec: {n} mm PIR"],
      ["{n} millimetre PIR boards in the external walls", "PIR to ext walls, {n}mm thick"],
      ["Insulation for the external walls is {k}mm mineral wool", "External wall insulation reduced to {k}mm"],
      ["Loft gets 300mm mineral wool", "{n}mm PIR in external walls, foil-taped joints"],
      ("spec notation", "different thickness/material", "other element / detail")),
    F(lambda r: V(money(r, lo=40, hi=95, step=5), pick(r, SUP, "s")),
      ["Skip hire is {x} per 8-yard skip from {s}", "8yd skip from {s}: {x}"],
      ["{s} charge {x_} for each 8 yard skip", "8-yard skips cost {x_} each ({s})"],
      ["8-yard skips from {s} have gone up to {xU}", "{s} now charge {x2} per 8yd skip"],
      ["A 12-yard skip from {s} is {xU}", "Skip swaps are Tuesdays and Fridays"],
      ("price notation", "price change", "other size / schedule")),
    F(lambda r: V(pick(r, WIN, "w"), num(r, "n", 3, 10)),
      ["Windows are from {w}, {n}-week lead time", "{w} windows, lead time {n} weeks"],
      ["Lead time on the {w} windows is {nw} weeks", "windows: {w} / {n} wks"],
      ["We've cancelled {w} and ordered windows from {w2}", "Window lead time is now {n2} weeks"],
      ["Doors are from {w2}, separate order", "{w} windows come triple glazed"],
      ("lead time notation", "other supplier / lead time", "doors / glazing spec")),
    F(lambda r: V(person(r)),
      ["{pf} is the site manager", "Site manager: {pf}"],
      ["{p} manages the site day to day", "SM on this job is {pf}"],
      ["{p2f} is site manager from Monday", "{p} left the company; site manager is {p2f}"],
      ["{p2f} is assistant site manager", "{pf} is also the appointed person for lifting"],
      ("role reworded", "new site manager", "assistant / extra duty")),
    F(lambda r: V(num(r, "n", 2, 4), pick(r, PLOT, "p")),
      ["{p} is {n} storeys", "{p}: {nw} floors"],
      ["{p} has {nw} storeys", "{n}-storey building at {p}"],
      ["{p} is being built to {n2} storeys after the redesign", "Planning approved {p} at {n2} storeys"],
      ["{p2} is {n2} storeys", "{p} is {n} storeys plus a basement car park"],
      ("storeys notation", "different height", "other block / basement")),
    F(lambda r: V(dates(r, y=2026)),
      ["Building control inspection booked for {d}", "BC visit on {d}"],
      ["Building control are coming out {d_}", "Inspection by building control: {d_}"],
      ["Building control inspection moved to {d2}", "BC cancelled {d}; rebooked {d2}"],
      ["Fire officer visit is {d2}", "Building control inspection on {d} is for the drainage"],
      ("date notation", "rebooked", "other inspection / scope")),
    F(lambda r: V(money(r, lo=180, hi=320, step=10)),
      ["Day rate for the bricklayers is {x}", "Brickies are on {x} a day"],
      ["Bricklayers get {x_} per day", "brickie day rate {x_}"],
      ["Bricklayers' day rate is now {x2}", "Agreed {x2}/day with the brickies"],
      ["Labourers are on {x2} a day", "Bricklayer day rate {x} excludes travel"],
      ("rate notation", "different rate", "other trade / exclusions")),
    F(lambda r: V(pick(r, ["A1", "A2", "B", "C"], "g"), num(r, "n", 18, 24)),
      ["Steel beams are S355 grade", "Structural steel: S355"],
      ["All structural steel is grade S355", "Beams spec'd in S355"],
      ["Structural steel is S275 throughout", "Engineer changed steel to S275"],
      ["Steel beams are S355, hot-dip galvanised", "Lintels are S275"],
      ("spec reworded", "different grade", "finish / other element")),
    F(lambda r: V(person(r), dates(r, y=2026)),
      ["Crane hire is booked for {d}", "Mobile crane on site {d}"],
      ["We've got the crane on {d_}", "crane booked: {d_}"],
      ["Crane hire moved to {d2}", "Crane not coming on {d}, rebooked for {d2}"],
      ["Crane on {d} needs a lift plan signed by {pf}", "A second crane is booked for {d2}"],
      ("date notation", "rebooked", "lift plan / extra booking")),
    F(lambda r: V(num(r, "n", 1, 3)),
      ["Roof is natural slate", "Roof finish: natural slate"],
      ["Roofs are finished in natural slate", "slate roof (natural, not fibre cement)"],
      ["Roof is concrete tiles now, slate was value-engineered out", "Roof finish changed to clay tiles"],
      ["Roof is natural slate with lead flashings", "Garage roofs are single-ply membrane"],
      ("spec reworded", "different finish", "flashing / other roof")),
    F(lambda r: V(person(r), num(r, "n", 10, 40)),
      ["Client contact is {pf}", "Our contact at the client is {pf}"],
      ["{p} is our point of contact on the client side", "client PM: {pf}"],
      ["Client contact is now {p2f}", "{p} has handed the project over to {p2f} at the client"],
      ["{p2f} at the client handles invoices", "{pf} wants a progress report every Friday"],
      ("contact reworded", "new contact", "other contact / reporting")),
    F(lambda r: V(num(r, "n", 3, 8)),
      ["Ground floor slab is 150mm thick", "GF slab thickness: 150 mm"],
      ["150mm ground-floor slab", "The ground floor slab is fifteen centimetres thick"],
      ["Ground floor slab is 200mm", "GF slab increased to 225mm"],
      ["Ground floor slab is 150mm with A393 mesh", "First floor is a 200mm hollowcore plank"],
      ("unit notation", "different thickness", "reinforcement / other floor")),
]




MEDS = [("levothyroxine", "mcg", [25, 50, 75, 100]), ("sertraline", "mg", [50, 100, 150]),
        ("ramipril", "mg", [2.5, 5, 10]), ("atorvastatin", "mg", [10, 20, 40]),
        ("metformin", "mg", [500, 850, 1000]), ("amlodipine", "mg", [5, 10])]
GYM = ["PureGym", "the leisure centre", "Anytime Fitness", "the uni gym", "Better Gym"]
CLIN = ["Riverside Surgery", "Elm Tree Medical Centre", "Parkway Health Centre", "Castle Street Practice"]


def med(r):
    name, unit, doses = r.choice(MEDS)
    a, b = r.sample(doses, 2)
    fa = f"{a:g}"
    fb = f"{b:g}"
    return {"m": name, "M": name.capitalize(), "dose": f"{fa}{unit}", "dose_": f"{fa} {unit}",
            "dose2": f"{fb}{unit}"}


HEALTH = [
    F(lambda r: V(med(r), times(r, "t", lo=6, hi=9)),
      ["I take {dose} {m} every morning at {t}", "{M} {dose}, once daily, {t}"],
      ["{m} {dose_} - 1x/day at {t_}", "Morning meds: {dose_} of {m} ({t_})"],
      ["Doctor changed my {m} to {dose2} a day", "{M} dose is {dose2} now"],
      ["I take my {m} on an empty stomach, 30 min before breakfast", "{M} {dose} - repeat prescription due every 28 days"],
      ("dose notation", "new dose", "how taken / refill")),
    F(lambda r: V(med(r), times(r, "t", lo=19, hi=22, step=30)),
      ["{M} {dose} at night, around {t}", "Evening tablet: {m} {dose} at {t}"],
      ["I take {dose_} of {m} before bed (~{t_})", "{m} {dose_} nightly, {t_}"],
      ["I've stopped taking {m} completely", "Taking {m} in the morning from now on, not at night"],
      ["{M} at night, and I avoid grapefruit because of it", "Pharmacist said {m} is fine with my vitamin D"],
      ("schedule reworded", "stopped / moved (negation)", "interaction note")),
    F(lambda r: V(person(r), pick(r, CLIN, "c")),
      ["My GP is Dr {pl} at {c}", "GP: Dr {pf}, {c}"],
      ["I'm registered with Dr {pf} at {c}", "Doctor = Dr {pl} ({c})"],
      ["I've moved practices, my GP is Dr {p2l} at {c2} now", "My GP is Dr {p2f} now"],
      ["The practice nurse at {c} is {p2f}", "Dr {pl} at {c} does telephone appointments on Mondays"],
      ("doctor reworded", "new GP", "nurse / appointment type")),
    F(lambda r: V(num(r, "n", 68, 95), num(r, "k", 5, 12)),
      ["Weight this morning: {n} kg", "Weighed {n}kg today"],
      ["{n} kilos on the scales this morning", "today's weigh-in {n}.0 kg"],
      ["Weighed {n2} kg this morning", "Scales said {n2}kg today"],
      ["Goal weight is {n2} kg", "Weighed {n} kg yesterday evening after dinner"],
      ("unit notation", "different reading same time", "goal / other time")),
    F(lambda r: V(num(r, "n", 5, 25), dates(r)),
      ["Goal: run a {n}k by {d}", "Training for the {n} km race on {d}"],
      ["Target is a {n}km run on {d_}", "I want to run {n}k, race day {d_}"],
      ["Dropped the {n}k goal, I'm doing a {n2}k on {d} instead", "Race on {d} is a {n2}k, not {n}k"],
      ["Running three times a week to prep for the {n}k", "Also signed up for a {n2}k after the {n}k"],
      ("goal notation", "different distance", "training plan / extra race")),
    F(lambda r: V(num(r, "s", 118, 145), num(r, "d", 72, 92)),
      ["Clinic BP today: {s}/{d}", "Blood pressure at today's clinic visit: {s} over {d}"],
      ["Today's clinic blood pressure reading was {s}/{d} mmHg", "{s} over {d} at today's BP check"],
      ["Correction: today's clinic BP was {s2}/{d2}", "Nurse actually measured {s2} over {d2} at today's check, I wrote it down wrong"],
      ["Home BP this evening: {s2}/{d2}", "Clinic BP {s}/{d}; nurse wants a recheck in 3 months"],
      ("notation", "different reading same visit", "home reading / follow-up")),
    F(lambda r: V(day(r), times(r, lo=6, hi=8, step=30), pick(r, GYM, "g")),
      ["Gym sessions {ws} at {t} at {g}", "I lift at {g} on {ws}, {t}"],
      ["{ws}: gym, {t_} ({g})", "I go to {g} every {w} at {t_}"],
      ["Moved my gym session to {w2s}", "Gym is {w2s} now, {ws} didn't work"],
      ["Swimming on {w2s} at {g}", "{w} gym sessions at {g} are legs and core"],
      ("schedule notation", "moved day", "other activity / content")),
    F(lambda r: V(num(r, "n", 6, 12), num(r, "k", 1, 3)),
      ["Daily step goal is {n},000", "Aiming for {n}k steps a day"],
      ["Step target: {n}000/day", "I try to hit {n},000 steps daily"],
      ["Daily step goal lowered to {nD},000", "Step target is {n2}k now"],
      ["I hit my {n},000 steps {k} days this week", "Step goal {n}k, plus {k} litres of water"],
      ("number notation", "different goal", "progress / extra goal")),
    F(lambda r: V(dates(r, y=2026), times(r, lo=9, hi=16)),
      ["Physio appointment on {d} at {t}", "Physio: {d}, {t}"],
      ["I'm seeing the physio {d_} at {t_}", "appt with physio {d_} @ {t_}"],
      ["Physio moved my appointment to {d2}", "Physio on {d} is at {t2} now"],
      ["Dentist on {d2} at {t}", "Physio on {d} - bring shorts and the exercise sheet"],
      ("appointment notation", "rescheduled", "other appointment / reminder")),
    F(lambda r: V(pick(r, ["penicillin", "ibuprofen", "codeine", "latex", "peanuts"], "x")),
      ["Allergic to {x}", "I have a {x} allergy"],
      ["{x} allergy - avoid", "I can't have {x}, I'm allergic"],
      ["No known allergies", "Tests showed I'm not allergic to {x} after all"],
      ["Allergic to {x} and {x2}", "My {x} allergy gives me hives, not anaphylaxis"],
      ("allergy reworded", "negated", "extra allergy / severity")),
    F(lambda r: V(num(r, "n", 6, 9), times(r, lo=22, hi=23, step=30)),
      ["Sleep goal: {n} hours a night", "Trying to get {n}h sleep every night"],
      ["I aim for {nw} hours of sleep per night", "target sleep {n} hrs/night"],
      ["Sleep target changed to {n2} hours", "Aiming for {n2}h sleep now"],
      ["Lights out by {t} to get my {n} hours", "Averaged {n2}h sleep this week"],
      ("sleep notation", "different target", "bedtime / actual")),
    F(lambda r: V(num(r, "n", 150, 185), num(r, "k", 55, 90)),
      ["Height recorded as {n} cm", "I'm {n}cm tall"],
      ["My height is {n} centimetres", "height: {n}cm"],
      ["Measured at {n2} cm at the clinic, so that's my height", "My height is {n2}cm, not {n}"],
      ["Waist {k} cm", "Height {n}cm, measured without shoes"],
      ("unit notation", "different height", "other measurement / method")),
    F(lambda r: V(med(r), num(r, "n", 2, 6)),
      ["Vitamin D 1000 IU daily", "I take 1,000 IU vitamin D every day"],
      ["Daily vitamin D, one thousand IU", "Vit D3 1000IU once a day"],
      ["Vitamin D upped to 2000 IU daily", "I stopped the vitamin D supplements"],
      ["Vitamin D 1000 IU daily plus omega-3", "Vitamin D 1000 IU, only October to March"],
      ("unit notation", "changed / stopped", "extra supplement / season")),
    F(lambda r: V(num(r, "n", 40, 70), num(r, "k", 1, 4)),
      ["Resting heart rate is about {n} bpm", "RHR ~{n} on the watch"],
      ["My resting pulse sits around {n} beats per minute", "resting HR: {n} bpm"],
      ["Resting heart rate is around {n2} bpm these days", "My RHR is {n2}, not {n}"],
      ["Max heart rate in intervals hit 178 bpm", "Resting HR {n} bpm, measured on waking"],
      ("unit notation", "different value", "max HR / method")),
    F(lambda r: V(dates(r, y=2026), person(r)),
      ["Blood test booked for {d}, fasting", "Fasting bloods on {d}"],
      ["{d_}: blood test (no food from midnight)", "Booked a fasting blood test for {d_}"],
      ["Blood test cancelled; rebooked for {d2}", "Bloods are on {d2} now"],
      ["Results of the {d} bloods go to Dr {pl}", "Blood test on {d} includes cholesterol and HbA1c"],
      ("fasting notation", "rebooked", "who gets results / panel")),
    F(lambda r: V(num(r, "n", 2, 3), num(r, "k", 1, 3)),
      ["Drink at least {n} litres of water a day", "Water goal: {n}L/day"],
      ["Aim: {n},000 ml water daily", "{nw} litres of water per day is the target"],
      ["Water goal is {n2}.5 litres now", "Water target changed to {n2}L a day"],
      ["Water goal {n}L; one glass is 250ml", "Hit the {n}L water target every day this week"],
      ("volume notation", "different target", "unit aid / progress")),
]

FUNDERS = ["UKRI", "Wellcome", "Leverhulme", "ERC", "British Academy", "EPSRC", "NIHR"]
DEPTS = ["Chemistry", "History", "Computer Science", "Psychology", "Civil Engineering", "Biosciences"]

GRANTS = [
    F(lambda r: V(pick(r, FUNDERS, "f"), dates(r, y=2026), times(r, lo=12, hi=17)),
      ["{f} internal deadline is {d}", "Internal deadline for {f} bids: {d}"],
      ["{f} applications must reach the grants office by {d_}", "{d_} - internal cut-off for {f}"],
      ["{f} internal deadline brought forward to {dE}", "The {f} internal deadline is now {d2}"],
      ["{f} external deadline is {d2}", "{f} internal deadline {d}, {t} - late bids not reviewed"],
      ("date notation", "moved deadline", "external deadline / cut-off time")),
    F(lambda r: V(person(r), pick(r, DEPTS, "dp"), pick(r, FUNDERS, "f")),
      ["PI on the {f} bid is Prof {pf}", "Principal investigator for {f} application: {pf}"],
      ["Prof {pl} ({dp}) is leading the {f} bid", "{f} bid - PI {pi}"],
      ["Prof {p2f} is now PI on the {f} bid", "PI for {f} changed from {pl} to {p2l}"],
      ["Co-I on the {f} bid is Dr {p2f}", "Prof {pf} is PI on the {f} bid and is planning a second bid in spring"],
      ("PI notation", "different PI", "co-I / other bid")),
    F(lambda r: V(money(r, lo=200000, hi=900000, step=1000), pick(r, FUNDERS, "f")),
      ["Total budget on the {f} proposal is {x}", "{f} proposal budget: {x}"],
      ["The {f} bid asks for {x_} in total", "{f} total request = {x_}"],
      ["{f} budget revised to {x2}", "Total on the {f} bid is {x2}, not {x}"],
      ["{f} equipment line is £40,000", "{f} budget {x} at 80% fEC"],
      ("money notation", "revised total", "budget line / costing basis")),
    F(lambda r: V(num(r, "n", 15, 30), num(r, "k", 5, 12)),
      ["Overhead rate on industry contracts is {n}%", "Industry projects carry {n} percent overheads"],
      ["We charge {n} per cent overhead on industry work", "industry contract overheads: {n}%"],
      ["Industry overhead rate went up to {nU}%", "Overheads on industry contracts are now {n2}%"],
      ["Charity-funded projects carry {k}% overheads", "{n}% overhead on industry contracts, waived for SMEs under 10 staff"],
      ("percent notation", "new rate", "other funder type / exception")),
    F(lambda r: V(num(r, "n", 3, 6)),
      ["Case for support limit is {n} pages", "Case for support: max {n} pp"],
      ["The case for support can't exceed {nw} pages", "{n}-page limit on the case for support"],
      ["Case for support limit is now {n2} pages", "Page limit for the case for support went to {n2}"],
      ["Data management plan limit is 1 page", "Case for support {n} pages excluding references"],
      ("limit notation", "different limit", "other document / exclusion")),
    F(lambda r: V(person(r), pick(r, DEPTS, "dp")),
      ["{pf} is the research officer for {dp}", "{dp} grants contact: {pf}"],
      ["{dp} bids go through {p} in the research office", "{p} handles pre-award for {dp}"],
      ["{p2f} now covers {dp} pre-award", "{dp}'s research officer is {p2f}"],
      ["{pf} also covers post-award for {dp}", "{p2f} is research officer for Physics"],
      ("role reworded", "different contact", "post-award / other dept")),
    F(lambda r: V(num(r, "n", 3, 5), pick(r, FUNDERS, "f")),
      ["{f} grant runs for {n} years", "Project duration ({f}): {n} years"],
      ["It's a {nw}-year {f} award", "{f} award, {n} yrs"],
      ["{f} award was cut to {nD} years", "{f} project length is {n2} years now"],
      ["{f} grant runs {n} years with a possible one-year extension", "{f} grant started in October"],
      ("duration notation", "different length", "extension / start")),
    F(lambda r: V(dates(r, y=2026), person(r)),
      ["Ethics approval for the {pl} study came through on {d}", "{pl} study: ethics approved {d}"],
      ["The {pl} project got ethics sign-off on {d_}", "ethics OK {d_} for {pl}'s study"],
      ["{pl} study still doesn't have ethics approval", "Ethics for the {pl} study was rejected and must be resubmitted"],
      ["{pl} study ethics approval expires after three years", "Ethics approval for {p2l}'s study came through on {d2}"],
      ("date notation", "not approved (negation)", "expiry / other study")),
    F(lambda r: V(money(r, lo=500, hi=3000, step=100)),
      ["Conference travel cap is {x} per trip", "Max {x} per conference trip"],
      ["Each conference trip is capped at {x_}", "conf travel limit: {x_}/trip"],
      ["Conference travel cap raised to {xU}", "Travel cap per conference is now {x2}"],
      ["Conference travel needs pre-approval above {x}", "Fieldwork travel cap is {x2}"],
      ("money notation", "new cap", "approval rule / other travel")),
    F(lambda r: V(num(r, "n", 1, 4)),
      ["Early-career researchers can apply to the seed fund once a year", "ECRs: one seed-fund application per year"],
      ["Seed fund allows one application per ECR each year", "ECR seed fund: max 1 bid/yr"],
      ["ECRs can submit two seed-fund bids a year now", "No limit on seed-fund applications for ECRs anymore"],
      ["Seed fund awards are up to £5,000", "Seed-fund bids are reviewed in March and October"],
      ("rule reworded", "changed limit", "award size / rounds")),
    F(lambda r: V(pick(r, FUNDERS, "f"), num(r, "n", 18, 40)),
      ["{f} success rate last year was {n}%", "{n} per cent of our {f} bids got funded last year"],
      ["Last year, {n}% of {f} applications were successful", "{f} hit rate (last yr): {n}%"],
      ["{f} success rate last year was {n2}%", "Only {n2}% of {f} bids succeeded last year"],
      ["{f} success rate this year so far is {n2}%", "{f} success rate last year {n}%, sector average lower"],
      ("percent notation", "different rate", "other year / benchmark")),
    F(lambda r: V(person(r)),
      ["Head of research office is {pf}", "{pf} heads the research office"],
      ["The research office is led by {pf}", "research office director: {pf}"],
      ["{p2f} has been appointed head of research office", "{p} is no longer head of the research office"],
      ["{p2f} is deputy head of research office", "{pf} heads the research office and chairs the peer review panel"],
      ("role reworded", "new head / negation", "deputy / extra role")),
    F(lambda r: V(num(r, "n", 2, 4)),
      ["Internal peer review needs 2 reviewers", "Two internal reviewers per bid"],
      ["Every bid gets two internal peer reviewers", "internal review: 2 reviewers"],
      ["Internal peer review now needs 3 reviewers", "Only one internal reviewer is required now"],
      ["Internal peer review takes about 10 working days", "One of the two internal reviewers must be outside the department"],
      ("number notation", "different count", "timeline / constraint")),
    F(lambda r: V(pick(r, FUNDERS, "f"), dates(r, y=2026)),
      ["{f} final report due {d}", "Final report to {f}: {d}"],
      ["{f} needs the final report by {d_}", "{d_} final report deadline ({f})"],
      ["{f} final report deadline extended to {dL}", "Final report for {f} is due {d2}"],
      ["{f} interim report due {d2}", "{f} final report due {d}, submitted via the funder portal"],
      ("date notation", "extended", "interim report / channel")),
    F(lambda r: V(money(r, lo=30, hi=60), num(r, "n", 1, 3)),
      ["Postdoc salary on bids is costed at grade 7", "Budget postdocs at grade 7"],
      ["Grade 7 is used for postdoc salaries in proposals", "PDRA costing: G7"],
      ["Postdocs must now be costed at grade 6", "We cost postdocs at grade 8 from this year"],
      ["Grade 7 postdocs are costed with 3% annual increments", "Research assistants are costed at grade 6"],
      ("grade notation", "different grade", "increment / other role")),
]




VENUE = ["The Blue Lamp", "Night & Day Café", "the Brudenell", "The Jericho Tavern", "Hare & Hounds",
         "The Lexington", "Sneaky Pete's", "The Cluny"]
CITY = ["Leeds", "York", "Bristol", "Glasgow", "Manchester", "Brighton", "Cardiff", "Nottingham"]
GUIT = ["'62 reissue Strat", "Telecaster Deluxe", "Gibson ES-335", "Les Paul Junior", "Gretsch White Falcon"]
AMP = ["Fender Deluxe Reverb", "Vox AC30", "Orange Rocker 15", "Marshall JCM800", "Roland JC-120"]
STRING = ["10-46", "9-42", "11-49", "10-52"]

MUSIC = [
    F(lambda r: V(pick(r, VENUE, "v"), dates(r, y=2026), times(r, lo=19, hi=22)),
      ["Gig at {v} on {d}, onstage {t}", "Playing {v} {d}, set at {t}"],
      ["{d_} - {v}, we're on at {t_}", "Onstage {t_} at {v} on {d_}"],
      ["{v} gig moved to {d2}", "Stage time at {v} on {d} changed to {t2}"],
      ["Load-in at {v} is two hours before the set", "Second night at {v} added on {d2}"],
      ("gig notation", "moved date/time", "load-in / extra night")),
    F(lambda r: V(pick(r, VENUE, "v"), money(r, lo=150, hi=600, step=25)),
      ["Fee for {v} is {x}", "{v} are paying us {x}"],
      ["{v} gig pays {x_}", "Agreed {x_} with {v}"],
      ["{v} fee dropped to {xD}", "{v} are only paying {xD} now"],
      ["{v} also gives us a rider and two drink tokens each", "{v} pays {x} plus 50% of the door over 100 tickets"],
      ("money notation", "different fee", "rider / door split")),
    F(lambda r: V(pick(r, GUIT, "g")),
      ["Main guitar is the {g}", "I play the {g} for most gigs"],
      ["Number one guitar: {g}", "My go-to live guitar is the {g}"],
      ["I sold the {g}", "The {g2} is my main guitar now; the {g} stays home"],
      ["Backup guitar is the {g2}", "The {g} is tuned to drop D for the last three songs"],
      ("gear reworded", "sold / replaced", "backup / tuning")),
    F(lambda r: V(pick(r, AMP, "a")),
      ["Amp for gigs: {a}", "I take the {a} to gigs"],
      ["Live amp is my {a}", "{a} is the gigging amp"],
      ["The {a} is in for repair, so I'm gigging the {a2} for now", "Swapped the {a} for a {a2} as my live amp"],
      ["Rehearsal amp is a {a2}", "The {a} needs a 2x12 cab at bigger venues"],
      ("gear reworded", "replaced (implied)", "rehearsal amp / cab")),
    F(lambda r: V(pick(r, STRING, "s"), num(r, "n", 2, 6)),
      ["Strings: {s} gauge", "I string my guitars with {s}s"],
      ["Use {s} strings on the electrics", "gauge {s} on everything"],
      ["Changed to {s2} strings", "I'm on {s2} gauge now, the {s}s didn't feel right"],
      ["Restring every {n} gigs", "{s} strings, nickel wound"],
      ("gauge reworded", "different gauge", "frequency / material")),
    F(lambda r: V(person(r)),
      ["{pf} plays drums in the band", "Our drummer is {pf}"],
      ["{p} is on drums", "drums - {pf}"],
      ["{p} left the band; {p2f} is our drummer now", "Drummer is {p2f} from this tour"],
      ["{p2f} depped on drums last Friday when {p} was ill", "{pf} plays drums and sings backing vocals"],
      ("lineup reworded", "new drummer", "dep / extra role")),
    F(lambda r: V(person(r), num(r, "n", 10, 20)),
      ["Booking agent is {pf}", "{pf} books our gigs"],
      ["Gigs go through our agent {p}", "agent: {pf}"],
      ["We don't have an agent any more, we book gigs ourselves", "New agent is {p2f}"],
      ["{pf} takes {n}% commission", "{pf} books UK gigs; festivals go through {p2f}"],
      ("agent reworded", "no agent / new agent", "commission / split")),
    F(lambda r: V(num(r, "n", 35, 60), num(r, "k", 10, 15)),
      ["Set length is {n} minutes", "We play a {n}-min set"],
      ["{n} minute set", "Our usual set runs {n} mins"],
      ["Set is cut to {nD} minutes for this tour", "We only have {nD} minutes on stage now"],
      ["{n}-minute set plus a {k}-minute encore if asked", "Headline sets are 75 minutes"],
      ("duration notation", "different length", "encore / other slot")),
    F(lambda r: V(dates(r, y=2026), pick(r, CITY, "c")),
      ["Studio booked {d} in {c}", "Recording session in {c} on {d}"],
      ["We're in the studio in {c} on {d_}", "{d_}: recording ({c})"],
      ["Studio session moved to {d2}", "Recording is in {c2}, not {c}"],
      ["Mixing happens two weeks after the {c} session", "Second studio day booked for {d2}"],
      ("date notation", "different date/place", "mixing / extra day")),
    F(lambda r: V(num(r, "n", 4, 9)),
      ["Capo on {n} for 'Harbour Lights'", "Harbour Lights - capo {n}th fret"],
      ["'Harbour Lights' is played with the capo at fret {n}", "capo {nw} on Harbour Lights"],
      ["Harbour Lights is capo {n2} now, we dropped the key", "No capo on 'Harbour Lights' any more"],
      ["'Harbour Lights' is the set closer", "'Harbour Lights' capo {n}, and 'Wire' capo {n2}"],
      ("capo notation", "different fret / negated", "set order / other song")),
    F(lambda r: V(pick(r, CITY, "c")),
      ["Band rehearsals are in {c}", "We rehearse in {c}"],
      ["Rehearsal room's in {c}", "practice space: {c}"],
      ["We moved our rehearsal room to {c2}", "We don't rehearse in {c} any more, it's {c2} now"],
      ["We rehearse in {c} on Wednesdays", "Our storage unit is in {c2}"],
      ("place reworded", "moved", "day / storage")),
    F(lambda r: V(money(r, lo=8, hi=20)),
      ["Tickets for the hometown show are {x}", "Hometown gig tickets: {x}"],
      ["It's {x_} a ticket for the hometown show", "hometown show - {x_} a ticket"],
      ["Hometown show tickets are {x2} now", "We put hometown tickets up to {xU}"],
      ["Hometown show: {x} advance, more on the door", "Merch T-shirts are £15"],
      ("price notation", "new price", "door price / merch")),
    F(lambda r: V(pick(r, ["Shure SM58", "Sennheiser e935", "Beta 58A", "Electro-Voice ND76"], "mic")),
      ["Vocal mic is a {mic}", "I sing through a {mic}"],
      ["My vocal mic: {mic}", "{mic} for vocals"],
      ["Switched my vocal mic to a {mic2}", "I don't use the {mic} anymore, it's a {mic2}"],
      ["Backing vocal mic is a {mic2}", "I bring my own {mic} and XLR cable"],
      ("gear reworded", "switched", "other mic / cable")),
]

CLIENTS = ["Hartwell Joinery Ltd", "Bloom & Vine Florists", "Kestrel IT Consulting", "Odell Dental Practice",
           "Corbie Coffee Roasters", "Pennant Lettings", "Mistral Yoga Studio", "Ridgeway Haulage"]
SOFT = ["Xero", "QuickBooks", "Sage 50", "FreeAgent"]
BANK = ["Barclays", "Starling", "HSBC", "NatWest", "Tide", "Lloyds"]
MONTHE = ["31 March", "30 June", "30 September", "31 December", "31 January", "31 July"]

ACCT = [
    F(lambda r: V(pick(r, CLIENTS, "c"), pick(r, MONTHE, "ye")),
      ["{c} year end is {ye}", "Financial year end for {c}: {ye}"],
      ["{c}'s accounting year ends on {ye}", "YE {ye} - {c}"],
      ["{c} changed their year end to {ye2}", "{c}'s year end is {ye2}, not {ye}"],
      ["{c2} year end is {ye2}", "{c} year end {ye}; accounts due at Companies House 9 months later"],
      ("date reworded", "changed year end", "other client / filing rule")),
    F(lambda r: V(pick(r, CLIENTS, "c"), pick(r, SOFT, "s")),
      ["{c} keep their books in {s}", "{c} uses {s}"],
      ["Bookkeeping software for {c}: {s}", "{c} are on {s}"],
      ["{c} migrated from {s} to {s2}", "{c} now use {s2} for their books"],
      ["{c} uses {s} and Dext for receipts", "{c2} use {s}"],
      ("software reworded", "migrated", "extra tool / other client")),
    F(lambda r: V(pick(r, CLIENTS, "c"), person(r)),
      ["{c} is {pf}'s client", "{pf} manages {c}"],
      ["{p} looks after the {c} account", "client manager for {c}: {p}"],
      ["{c} has been reassigned to {p2f}", "{p2f} is the manager on {c} now, {p} handed it over"],
      ["{p2f} does the payroll for {c}", "{pf} manages {c} and its sister company"],
      ("assignment reworded", "reassigned", "payroll / sister company")),
    F(lambda r: V(pick(r, CLIENTS, "c"), money(r, lo=80, hi=450, step=5)),
      ["{c} pay a monthly fee of {x}", "{c} monthly retainer: {x}"],
      ["We bill {c} {x_} per month", "{c} - {x_}/month fixed fee"],
      ["{c} fee went up to {xU} a month", "New monthly fee for {c}: {x2}"],
      ["{c} pay {x} a month plus VAT", "Year-end accounts for {c} billed separately at {x2}"],
      ("money notation", "new fee", "VAT / extra billing")),
    F(lambda r: V(pick(r, CLIENTS, "c")),
      ["{c} is VAT registered, quarterly returns", "{c}: VAT reg'd, files quarterly"],
      ["{c} files VAT returns every quarter", "VAT - {c} - quarterly"],
      ["{c} deregistered for VAT", "{c} moved to monthly VAT returns"],
      ["{c} is on the flat rate VAT scheme, quarterly", "{c} VAT quarters end Mar/Jun/Sep/Dec"],
      ("VAT reworded", "deregistered / frequency change", "scheme / stagger")),
    F(lambda r: V(pick(r, CLIENTS, "c"), person(r)),
      ["Director of {c} is {pf}", "{pf} is the sole director of {c}"],
      ["{c}'s director: {pf}", "{pi} runs {c} as director"],
      ["{p} resigned as director of {c}; {p2f} replaced them", "{c}'s only director is now {p2f}"],
      ["{p2f} is company secretary at {c}", "{pf} owns 60% of the shares in {c}"],
      ("officer reworded", "replaced director", "secretary / shareholding")),
    F(lambda r: V(pick(r, CLIENTS, "c"), pick(r, BANK, "b")),
      ["{c} banks with {b}", "{c} business account is at {b}"],
      ["{c}'s bank: {b}", "{b} holds {c}'s business current account"],
      ["{c} moved their banking to {b2}", "{c} closed the {b} account and banks with {b2}"],
      ["{c} has a {b} loan as well as the current account", "{c}'s savings are with {b2}"],
      ("bank reworded", "moved bank", "loan / savings")),
    F(lambda r: V(pick(r, CLIENTS, "c"), num(r, "n", 3, 25)),
      ["{c} has {n} employees on payroll", "{n} staff on {c}'s payroll"],
      ["We run payroll for {n} people at {c}", "{c} payroll: {n} employees"],
      ["{c} payroll is down to {nD} employees", "{c} has {n2} staff now"],
      ["{c} pays staff on the last Friday of the month", "{c} has {n} employees plus two directors"],
      ("count reworded", "different headcount", "pay date / directors")),
    F(lambda r: V(pick(r, CLIENTS, "c"), dates(r, y=2026)),
      ["{c} self-assessment meeting on {d}", "Meeting with {c} on {d} about the tax return"],
      ["{d_}: tax return meeting, {c}", "We meet {c} {d_} re tax return"],
      ["{c} meeting moved to {d2}", "Tax return meeting with {c} is now {d2}"],
      ["{c} to bring P60s and bank statements to the {d} meeting", "Follow-up with {c} on {d2}"],
      ("date notation", "rescheduled", "documents / follow-up")),
    F(lambda r: V(pick(r, CLIENTS, "c")),
      ["{c} is a limited company", "{c} trades as a Ltd"],
      ["{c} is incorporated (Ltd)", "{c} - limited company"],
      ["{c} is a sole trader, not a company", "{c} is run as a partnership"],
      ["{c} is a limited company with two shareholders", "{c} incorporated in 2019"],
      ("entity reworded", "different entity type", "shareholders / incorporation")),
    F(lambda r: V(pick(r, CLIENTS, "c"), person(r)),
      ["Main contact at {c} is {pf}", "Speak to {pf} at {c}"],
      ["{c} contact: {pf}", "{p} is our contact at {c}"],
      ["{c}'s contact is {p2f} now", "{p} left {c}; deal with {p2f}"],
      ["{p2f} at {c} sends the receipts", "{pf} at {c} prefers phone calls to email"],
      ("contact reworded", "new contact", "other person / preference")),
    F(lambda r: V(pick(r, CLIENTS, "c")),
      ["{c} pays by direct debit", "{c}: DD"],
      ["{c} settles invoices by direct debit", "Direct debit for {c}'s fees"],
      ["{c} cancelled the direct debit and pays by bank transfer", "{c} pays by card now"],
      ["{c} pays by direct debit on the 1st", "{c} direct debit covers the fee but not disbursements"],
      ("payment reworded", "changed method", "collection day / scope")),
    F(lambda r: V(pick(r, CLIENTS, "c"), num(r, "n", 2012, 2023)),
      ["{c} has been a client since {n}", "Client since {n}: {c}"],
      ["We've acted for {c} since {n}", "{c} joined us in {n}"],
      ["{c} became a client in {n2}", "{c} only signed up with us in {n2}"],
      ["{c} was referred by another client in {n}", "{c2} has been a client since {n2}"],
      ("year reworded", "different year", "referral / other client")),
]




PETS = ["Biscuit", "Mango", "Pepper", "Luna", "Otis", "Juniper", "Ziggy", "Maple", "Rolo"]
VETS = ["Greenacres Vets", "Medivet Hove", "Ark Veterinary Clinic", "Willows Vet Group", "PDSA Bristol"]
FOOD = ["Lily's Kitchen", "Royal Canin Renal", "Harringtons", "Purina One", "Hill's i/d", "Burns"]

PETS_D = [
    F(lambda r: V(pick(r, PETS, "pet"), pick(r, VETS, "v")),
      ["{pet}'s vet is {v}", "{pet} is registered at {v}"],
      ["Vet for {pet}: {v}", "We take {pet} to {v}"],
      ["We moved {pet} to {v2}", "{pet} is with {v2} now, we left {v}"],
      ["{v} out-of-hours number is on the fridge", "{pet2}'s vet is {v2}"],
      ("vet reworded", "changed vet", "out-of-hours / other pet")),
    F(lambda r: V(pick(r, PETS, "pet"), pick(r, FOOD, "f"), num(r, "n", 40, 120)),
      ["{pet} eats {f}, {n}g twice a day", "{pet}: {f} dry, {n} g morning and evening"],
      ["Feed {pet} {n} grams of {f} two times a day", "{pet} gets {n}g {f} at breakfast and tea"],
      ["{pet} is on {f2} now, vet said no more {f}", "Cut {pet}'s portions to {nD}g twice a day"],
      ["{pet} has a spoon of wet food with the {f} in the evening", "{pet2} eats {f} as well"],
      ("portion notation", "food/portion change", "topper / other pet")),
    F(lambda r: V(pick(r, PETS, "pet"), times(r, lo=6, hi=8, step=30), times(r, "u", lo=17, hi=19, step=30)),
      ["{pet} gets walked at {t} and {u}", "Walks for {pet}: {t} and {u}"],
      ["{pet}'s walks are {t_} and {u_}", "walk {pet} {t_} + {u_}"],
      ["{pet}'s morning walk is at {t2} now", "{pet} only gets one walk a day now, at {u}"],
      ["{pet}'s {t} walk is about 40 minutes round the park", "Neighbour walks {pet} at 12:30 on weekdays"],
      ("time notation", "changed schedule", "walk length / midday walk")),
    F(lambda r: V(pick(r, PETS, "pet"), dates(r, y=2026)),
      ["{pet}'s booster is due {d}", "Annual vaccination for {pet}: {d}"],
      ["{pet} needs the jabs on {d_}", "Vaccines due {d_} ({pet})"],
      ["{pet}'s booster was moved to {d2}", "{pet} had the booster early, it's done"],
      ["{pet} also needs a kennel cough vaccine before boarding", "{pet2}'s booster is due {d2}"],
      ("date notation", "moved / already done", "extra vaccine / other pet")),
    F(lambda r: V(pick(r, PETS, "pet"), num(r, "n", 3, 12)),
      ["{pet} is {n} years old", "{pet}'s age: {n}"],
      ["{pet} turned {n} this year", "{pet} is {nw}"],
      ["{pet} is {n2}", "{pet} is actually {n2}, we got the adoption papers wrong"],
      ["{pet} is {n} and starting to get stiff in the back legs", "{pet2} is {n2} years old"],
      ("age notation", "different age", "health note / other pet")),
    F(lambda r: V(pick(r, PETS, "pet"), num(r, "n", 4, 30)),
      ["{pet} weighs {n} kg", "Weight: {pet} {n}kg at last vet visit"],
      ["{pet} was {n} kilos at the last weigh-in", "{pet} - {n}.0 kg"],
      ["{pet} weighed {n2} kg at the same vet visit, I misread it", "{pet}'s weight at the last visit was {n2}kg"],
      ["Target weight for {pet} is {n2} kg", "{pet} weighed {n} kg; vet says ideal is a bit less"],
      ("unit notation", "different reading", "target / vet comment")),
    F(lambda r: V(pick(r, PETS, "pet"), person(r), day(r)),
      ["{pf} feeds {pet} when we're away", "Pet sitter for {pet}: {pf}"],
      ["When we go away {p} looks after {pet}", "{pet}'s sitter = {pf}"],
      ["{p} can't pet-sit anymore; {p2f} looks after {pet} now", "{pet}'s sitter is {p2f}"],
      ["{pf} has a spare key for feeding {pet}", "{pf} sits {pet} but not on {ws}"],
      ("sitter reworded", "new sitter", "key / availability")),
    F(lambda r: V(pick(r, PETS, "pet"), money(r, lo=15, hi=45)),
      ["{pet}'s insurance is {x} a month with PetPlan", "PetPlan for {pet}: {x}/month"],
      ["We pay PetPlan {x_} monthly for {pet}", "{pet} insured with PetPlan, {x_} pm"],
      ["{pet}'s PetPlan premium went up to {xU}", "We cancelled {pet}'s PetPlan policy"],
      ["{pet}'s PetPlan excess is £99 per condition", "{pet2} is insured with PetPlan too, {x2} a month"],
      ("money notation", "premium change / cancelled", "excess / other pet")),
    F(lambda r: V(pick(r, PETS, "pet")),
      ["{pet} has a flea treatment on the 1st of each month", "Flea treatment for {pet}: 1st of every month"],
      ["{pet}'s flea drops go on at the start of each month", "monthly flea tx (1st) - {pet}"],
      ["{pet}'s flea treatment is every 3 months now (Bravecto)", "We stopped {pet}'s flea treatment over winter"],
      ["{pet} gets a worming tablet every 3 months", "Flea treatment for {pet} on the 1st, and for the cat the same day"],
      ("schedule reworded", "changed frequency / stopped", "worming / other pet")),
    F(lambda r: V(pick(r, PETS, "pet"), pick(r, ["chicken", "beef", "grain", "dairy", "fish"], "al")),
      ["{pet} is allergic to {al}", "No {al} for {pet} - allergy"],
      ["{pet} can't eat {al}, it's an allergy", "{pet}: {al} allergy"],
      ["Turns out {pet} isn't allergic to {al}, it was the grass", "{pet}'s allergy is to {al2}, not {al}"],
      ["{pet} is allergic to {al} and {al2}", "{pet}'s {al} allergy shows up as itchy paws"],
      ("allergy reworded", "not allergic / different allergen", "extra allergen / symptom")),
    F(lambda r: V(pick(r, PETS, "pet"), num(r, "n", 0, 9)),
      ["{pet} is microchipped, number ends 4{n}17", "{pet}'s chip number ends in 4{n}17"],
      ["Microchip for {pet}: ...4{n}17", "{pet} has a chip ending 4{n}17"],
      ["{pet}'s microchip ends in 4{n2}17", "{pet} isn't microchipped yet"],
      ["{pet}'s chip is registered with Petlog", "{pet}'s microchip ends 4{n}17; address updated last month"],
      ("chip notation", "different chip / negation", "registry / update")),
    F(lambda r: V(pick(r, PETS, "pet"), pick(r, VETS, "v")),
      ["Tierarzt für {pet} ist {v}", "{pet} ist bei {v} in Behandlung"],
      ["{pet} geht zu {v}", "{pet}s Tierarztpraxis: {v}"],
      ["{pet} ist jetzt bei {v2}, nicht mehr bei {v}", "Wir haben für {pet} zu {v2} gewechselt"],
      ["{v} hat samstags bis 12 Uhr offen", "Für {pet} gibt es bei {v} einen Gesundheitsplan"],
      ("German paraphrase", "changed vet (German)", "opening hours / plan (German)")),
]

DEV = ["ThinkPad T14", "MacBook Air M2", "Dell Latitude 7440", "Surface Pro 9", "HP EliteBook 840"]
LIC = ["Adobe Acrobat Pro", "Microsoft 365 E3", "AutoCAD LT", "Visio Plan 2", "JetBrains All Products",
       "Tableau Creator"]
DEPT = ["Finance", "HR", "Sales", "Marketing", "Legal", "Ops"]

IT = [
    F(lambda r: V(person(r), pick(r, DEV, "dv"), num(r, "n", 1000, 9999)),
      ["{pf} has laptop asset {n}, a {dv}", "{pi}: {dv}, asset tag {n}"],
      ["Asset #{n} ({dv}) is assigned to {pf}", "{pf}'s laptop is the {dv}, tag {n}"],
      ["Asset {n} has been reassigned to {p2f}", "{pf} is on a {dv2} now, asset {n} went back to stock"],
      ["{pf} also has a docking station, asset {n2}", "{p2f} has laptop asset {n2}, also a {dv}"],
      ("asset notation", "reassigned", "extra asset / other user")),
    F(lambda r: V(pick(r, LIC, "l"), num(r, "n", 5, 60)),
      ["We have {n} seats of {l}", "{l}: {n} licences"],
      ["Licence count for {l} is {n}", "{n} {l} seats purchased"],
      ["{l} seats reduced to {nD} at renewal", "We now own {n2} licences for {l}"],
      ["All {n} {l} seats are currently assigned", "{l} renewal is in March"],
      ("count notation", "different count", "usage / renewal")),
    F(lambda r: V(pick(r, LIC, "l"), dates(r, y=2026)),
      ["{l} renews on {d}", "{l} subscription renewal: {d}"],
      ["Renewal date for {l} is {d_}", "{d_} - {l} renewal"],
      ["{l} renewal moved to {d2} after the co-term", "{l} renews {d2}"],
      ["{l} renewal on {d} needs a PO from finance", "{l2} renews on {d2}"],
      ("date notation", "moved renewal", "PO / other product")),
    F(lambda r: V(person(r), pick(r, DEPT, "dp")),
      ["{pf} works in {dp}", "{pi} - {dp} department"],
      ["{p} is on the {dp} team", "Dept for {pf}: {dp}"],
      ["{pf} moved from {dp} to {dp2}", "{p} is in {dp2} now"],
      ["{pf} works in {dp} and is their IT champion", "{p2f} also works in {dp}"],
      ("dept notation", "moved department", "extra role / colleague")),
    F(lambda r: V(person(r), num(r, "n", 2000, 2999)),
      ["{pf}'s extension is {n}", "Ext. {n} - {pf}"],
      ["Call {p} on extension {n}", "{pi} ext {n}"],
      ["{pf}'s extension changed to {n2}", "{p} is on ext {n2} now"],
      ["{pf}'s mobile is on the Teams profile", "{pf} ext {n}, diverts to voicemail after 4 rings"],
      ("extension notation", "new extension", "mobile / divert")),
    F(lambda r: V(pick(r, ["Windows 11 23H2", "Windows 11 24H2", "macOS Sonoma", "macOS Sequoia", "Windows 10 22H2"], "os")),
      ["Standard build is {os}", "Company laptops run {os}"],
      ["All staff laptops are on {os}", "std image: {os}"],
      ["Standard build upgraded to {os2}", "New laptops ship with {os2}, not {os}"],
      ["Kiosk PCs run {os2}", "{os} build includes BitLocker and Defender"],
      ("build reworded", "new build", "other devices / contents")),
    F(lambda r: V(num(r, "n", 8, 16), num(r, "k", 60, 120)),
      ["Passwords need at least {n} characters", "Min password length: {n}"],
      ["Password minimum is {nw} characters", "pw length >= {n} chars"],
      ["Minimum password length is now {n2}", "We raised the password minimum to {nU} characters"],
      ["Passwords expire every {k} days", "Minimum {n} characters, plus MFA on all accounts"],
      ("number notation", "different minimum", "expiry / MFA")),
    F(lambda r: V(person(r), pick(r, ["Fortinet FortiClient", "GlobalProtect", "Cisco AnyConnect", "WireGuard"], "vpn")),
      ["VPN client is {vpn}", "Remote access is via {vpn}"],
      ["We use {vpn} for VPN", "VPN = {vpn}"],
      ["We've replaced {vpn} with {vpn2}", "VPN client is {vpn2} since the migration"],
      ["{vpn} profile for contractors is separate", "{pf} can't connect to {vpn} from hotel Wi-Fi"],
      ("tool reworded", "replaced tool", "contractor profile / user issue")),
    F(lambda r: V(person(r), pick(r, DEPT, "dp"), pick(r, ["HP LaserJet M507", "Canon iR-ADV C3826", "Brother HL-L6400", "Xerox VersaLink C405"], "pr")),
      ["{dp} printer is a {pr}", "{dp} prints to the {pr}"],
      ["The {pr} is the {dp} printer", "{dp} floor printer: {pr}"],
      ["{dp}'s printer was swapped for a {pr2}", "{dp} now prints to a {pr2}"],
      ["{dp} {pr} is on the second floor by the kitchen", "{pr} toner is ordered by {pf}"],
      ("printer reworded", "swapped printer", "location / toner")),
    F(lambda r: V(person(r), dates(r, y=2026)),
      ["{pf} starts on {d}, needs a laptop", "New starter {pf}, start date {d}"],
      ["{p} joins on {d_}; laptop required", "Starter: {pf}, {d_}"],
      ["{pf}'s start date pushed back to {dL}", "{p} now starts {d2}"],
      ["{pf} starts {d} and needs Adobe Acrobat", "{p2f} also starts on {d}"],
      ("date notation", "moved start", "extra software / other starter")),
    F(lambda r: V(person(r)),
      ["{pf} is a local admin on their laptop", "{pi} has local admin rights"],
      ["Local admin granted to {pf}", "{p} has admin rights on their own machine"],
      ["Local admin removed from {pf}'s laptop", "{p} no longer has local admin"],
      ["{pf} has local admin until the end of the project", "{p2f} also has local admin on their laptop"],
      ("permission reworded", "revoked", "time limit / other user")),
    F(lambda r: V(person(r), num(r, "n", 2, 9)),
      ["Helpdesk hours 8:00-18:00 weekdays", "Service desk is staffed 8am to 6pm, Mon-Fri"],
      ["Support hours: 08:00 to 18:00 Monday-Friday", "IT desk open 8-6 on weekdays"],
      ["Helpdesk now closes at 17:00", "Service desk opens at 9am now, not 8"],
      ["Out-of-hours P1 calls go to the on-call engineer", "Helpdesk 8-6 weekdays, plus Saturday 9-12 during month end"],
      ("hours notation", "changed hours", "on-call / extra hours")),
    F(lambda r: V(person(r), pick(r, DEV, "dv")),
      ["Laptop von {pf}: {dv}", "{pf} hat als Laptop ein {dv}"],
      ["{pf} arbeitet auf einem {dv}", "{pi} nutzt ein {dv}"],
      ["{pf} hat jetzt ein {dv2} statt des {dv}", "Das Gerät von {pf} wurde gegen ein {dv2} getauscht"],
      ["{pf} hat zusätzlich einen 27-Zoll-Monitor", "{p2f} hat ebenfalls ein {dv}"],
      ("German paraphrase", "device swapped (German)", "extra monitor / colleague (German)")),
    F(lambda r: V(person(r), num(r, "n", 10, 50)),
      ["Mailbox de {pf} : {n} Go", "La boîte mail de {pf} fait {n} Go"],
      ["{pf} a une boîte aux lettres de {n} Go", "Quota mail {pf} = {n} Go"],
      ["Le quota de {pf} est passé à {n2} Go", "La boîte de {pf} est maintenant limitée à {n2} Go"],
      ["La boîte de {pf} ({n} Go) a un archivage en ligne activé", "{p2f} a aussi {n} Go de quota"],
      ("French paraphrase", "quota changed (French)", "archive / colleague (French)")),
]




SEED = 1818
PER_LABEL = 25
LABELS = ["duplicate", "contradiction", "compatible"]
DOMAINS = [("sports_club", SPORTS), ("construction", CONSTR),
           ("health_fitness", HEALTH), ("grant_office", GRANTS),
           ("musician", MUSIC), ("accounting_firm", ACCT),
           ("pet_household", PETS_D), ("it_helpdesk", IT)]

# label-neutral surface frames (applied with the same odds to every label)
A_FRAMES = ["{}", "{}", "{}", "{}", "{}.", "Note: {}", "{} (saved)", "- {}", "* {}",
            "[memory] {}", 'memo: "{}"', "{}; source: chat with user",
            "From the shared notes doc, section 'key facts' (last tidied by the admin): {lc}."]
B_FRAMES = ["{}", "{}", "{}", "{}", "{}.", "fyi {lc}", "btw {lc}", "Just so you know, {lc}",
            "{} - noting this down", "Remember: {lc}", "{} :)", "ok so {lc}", "> {}",
            "Jotting this down from today's call so it doesn't get lost: {lc}. Ping me if anything looks off.",
            "Hi both, as discussed on the phone this morning, {lc}. I'll put it in the shared notes. Cheers",
            "Adding to memory after the conversation with the user: {lc}",
            'note_to_self: "{}"']


LOWERABLE = {"The", "My", "Our", "We", "We've", "We're", "Home", "Adult", "Annual", "Senior",
             "Seniors", "First", "Club", "Timber", "Slab", "Scaffolding", "Site", "Skip", "Windows",
             "Building", "Bricklayers", "Crane", "Roof", "Roofs", "Client", "Ground", "Structural",
             "Daily", "Doctor", "Weighed", "Scales", "Target", "Step", "Sleep", "Water", "Vitamin",
             "Resting", "Blood", "Bloods", "Physio", "Gym", "Internal", "Total", "Overhead",
             "Overheads", "Industry", "Case", "Page", "Every", "Each", "Conference", "Travel",
             "Only", "Seed", "Postdocs", "Postdoc", "Main", "Live", "Strings", "Set", "Studio",
             "Recording", "Band", "Rehearsal", "Tickets", "Hometown", "Vocal", "Drummer", "Gigs",
             "New", "Vet", "Feed", "Walks", "Vaccines", "Weight", "Pet", "Flea",
             "Microchip", "Asset", "Licence", "Renewal", "Standard", "All", "Company", "Passwords",
             "Password", "Minimum", "Remote", "Local", "Helpdesk", "Service", "Support",
             "Call", "Under-10s", "Kit", "Match", "Players", "Injury", "Code", "Clubhouse",
             "Last", "Today's", "Clinic", "Nurse", "Morning", "Evening", "Height", "Drink",
             "Aim", "Aiming", "Trying", "Fasting", "Booked", "Ethics", "Early-career",
             "Principal", "Head", "Project", "Financial", "Bookkeeping", "Direct", "Mobile",
             "Engineer", "Insulation", "Footings", "Plasterboard", "Labourers", "Lead", "Orders",
             "Tax", "Meeting", "Max", "Number", "Backup", "Amp", "Fee", "Agreed", "Use", "Moved",
             "Changed", "Switched", "Turns", "Cut", "Decided", "Entry", "From", "Measured", "Stage",
             "Paid-up", "Race", "Correction", "Kick-off", "Swimming", "Junior",
             "Under-12s", "Away", "Return", "Second", "Lights", "Loft", "Garage", "Fire",
             "Final", "Co-I", "Grade", "Data", "Dentist", "Waist", "Goal",
             "Started", "Dropped", "Also", "Backing", "Mixing", "Merch",
             "Load-in", "Headline", "Restring", "Doors", "Neighbour", "Kiosk", "Out-of-hours",
             "A", "Students", "Parking", "Cup",
             "Training", "Nominations", "Committee"}


def frame(r, text, frames):
    f = r.choice(frames)
    first = text.split()[0]
    lc = text[0].lower() + text[1:] if first in LOWERABLE else text
    if "{lc}" in f:
        return f.replace("{lc}", lc)
    return f.replace("{}", text)


def norm(t):
    return " ".join(t.lower().replace(".", " ").replace(",", " ").split())


def build():
    r = random.Random(SEED)
    seen = set()
    rows = []
    for dname, facts in DOMAINS:
        for li, label in enumerate(LABELS):
            order = facts[:]
            r.shuffle(order)
            got, i, tries = 0, 0, 0
            while got < PER_LABEL:
                tries += 1
                if tries > 5000:
                    raise SystemExit(f"cannot fill {dname}/{label}: {got}")
                f = order[i % len(order)]
                i += 1
                v = f.v(r)
                ra = r.choice(f.a).format(**v)
                rb = r.choice(f.bs[li]).format(**v)
                ka, kb = norm(ra), norm(rb)
                if ka in seen or kb in seen or ka == kb:
                    continue
                seen.update((ka, kb))
                a = frame(r, ra, A_FRAMES)
                b = frame(r, rb, B_FRAMES)
                rows.append({"a": a, "b": b, "label": label, "domain": dname,
                             "note": f.notes[li]})
                got += 1
    r.shuffle(rows)
    return rows


def main():
    rows = build()
    out = Path(__file__).with_name("pairs_blind18.jsonl")
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {out.name}")
    print("by label:", dict(Counter(x["label"] for x in rows)))
    print("by domain:", dict(Counter(x["domain"] for x in rows)))
    by = Counter((x["domain"], x["label"]) for x in rows)
    for (dn, lb), n in sorted(by.items()):
        print(f"  {dn:16s} {lb:13s} {n}")
    wl = [len(x[k].split()) for x in rows for k in ("a", "b")]
    print(f"words per text: min {min(wl)} max {max(wl)} mean {sum(wl) / len(wl):.1f}")


if __name__ == "__main__":
    main()
