# ruff: noqa: E501, E741, E731, E402
"""Generator for the `pairs_tune20` memory-pair test set.

Each row is {"a", "b", "label", "domain", "note"}: `a` is a memory already stored in a
user's / organisation's scope, `b` is a new memory an agent writes into the same scope.
Labels:
  duplicate     b restates a (paraphrase: wording, voice, abbreviations, note vs sentence,
                units, number/date/time/money notation, occasionally another language)
  contradiction b gives another value for the same attribute of the same subject
  compatible    both can hold; b is a near-miss (other entity, other attribute, refinement)

600 rows, seed 2020: 300 duplicate, 120 contradiction, 180 compatible, spread evenly over
10 domains (30 / 12 / 18 per domain): designer_clients, ward_rota, household, saas_infra,
student_courses, runner_training, restaurant_kitchen, logistics_dispatch, law_firm,
family_travel.

Facts come from hand-written templates (the domain sections below; helpers above them). Every template lists several paraphrases of one fact, statements that
contradict it, and compatible near-misses; slot values (names, times, amounts, dates)
are drawn from a single random.Random(2020). No text appears twice in the set (compared
case- and punctuation-insensitively), so no pair shares a text with another.

Run: /work/main/.venv/bin/python make_pairs_tune20.py  -> writes pairs_tune20.jsonl
"""
import json
import random
import re
from collections import Counter
from pathlib import Path

# --- helpers (notation variants, template registry) ---


REGISTRY = {}

NUM_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
             "nine", "ten", "eleven", "twelve"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

def template(domain):
    def deco(fn):
        REGISTRY.setdefault(domain, []).append(fn)
        return fn
    return deco

def other(r, pool, *exclude):
    """Pick a value from pool that differs from every excluded value."""
    choices = [x for x in pool if x not in exclude]
    return r.choice(choices)

def h12(h, m, sep=":", space=" ", lower=True):
    suf = "am" if h < 12 else "pm"
    if not lower:
        suf = suf.upper()
    hh = h % 12 or 12
    if m == 0 and sep == "":
        return f"{hh}{space}{suf}"
    return f"{hh}{sep}{m:02d}{space}{suf}"

def h24(h, m, sep=":"):
    return f"{h:02d}{sep}{m:02d}"

def spoken(h, m):
    """Spoken English time ("half past nine"); None if not expressible simply."""
    hh = h % 12 or 12
    nxt = (h + 1) % 12 or 12
    if m == 0:
        return f"{NUM_WORDS[hh]} o'clock"
    if m == 30:
        return f"half past {NUM_WORDS[hh]}"
    if m == 15:
        return f"quarter past {NUM_WORDS[hh]}"
    if m == 45:
        return f"quarter to {NUM_WORDS[nxt]}"
    return None

def tforms(h, m):
    """Several equivalent notations for one clock time."""
    out = [h24(h, m), h12(h, m), h12(h, m, space=""), h12(h, m, sep=".", space="")]
    if m == 0:
        out.append(h12(h, m, sep="", space=""))
        out.append(f"{h:02d}00")
    s = spoken(h, m)
    if s and h < 12 and m != 0:
        out.append(s + " in the morning")
    elif s and h >= 12 and m != 0:
        out.append(s + (" in the evening" if h >= 18 else " in the afternoon"))
    return out

def dforms(mo, d, y=None):
    """Equivalent notations for a calendar date (day d of month mo, 1-based)."""
    name = MONTHS[mo - 1]
    sfx = "th" if 11 <= d <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    out = [f"{name} {d}", f"{d} {name}", f"{name[:3]} {d}", f"{d} {name[:3]}",
           f"{d}{sfx} {name}", f"the {d}{sfx} of {name}", f"{name[:3]} {d}{sfx}"]
    if d > 12:  # unambiguous numeric forms only
        out += [f"{d}/{mo:02d}", f"{mo}/{d}", f"{d}.{mo}."]
    if y:
        out += [f"{y}-{mo:02d}-{d:02d}", f"{d} {name} {y}", f"{name} {d}, {y}"]
    return out

def money(amount, cur="$"):
    """Equivalent notations for an amount of money."""
    code = {"$": "USD", "€": "EUR", "£": "GBP"}[cur]
    word = {"$": "dollars", "€": "euros", "£": "pounds"}[cur]
    out = [f"{cur}{amount:,}", f"{amount} {code}", f"{cur}{amount}", f"{amount:,} {word}"]
    if amount >= 1000 and amount % 100 == 0:
        k = amount / 1000
        ks = f"{k:g}k"
        out += [f"{cur}{ks}", f"{ks} {code}"]
    if cur == "€":
        out.append(f"{amount:,}".replace(",", ".") + " €")
    return out


# --- domains, first half ---


# ----------------------------------------------------------------- designer
D = "designer_clients"
CLIENTS = ["Bloom & Co", "Northfield Dental", "Kettle Coffee", "Arcadia Yoga", "Loop Studio",
           "Harbor Books", "Mintline Fintech", "Sable Wines", "Ottoman Rugs", "Pixel Pantry",
           "Brightside Clinic", "Fennel Bakery", "Quartz Legal", "Juniper Hotels"]
CONTACTS = ["Maria Lopez", "Dev Patel", "Hannah Cole", "Tomás Reyes", "Yuki Sato",
            "Ben Adler", "Priya Nair", "Chloe Martin", "Oskar Lind"]
ROLES = ["marketing lead", "founder", "brand manager", "head of product", "office manager"]

@template(D)
def d_terms(r):
    c, n = r.choice(CLIENTS), r.choice([14, 15, 30, 45, 60])
    n2 = other(r, [14, 15, 30, 45, 60], n)
    c2 = other(r, CLIENTS, c)
    return dict(n="payment terms restated", p=[
        f"{c} pays invoices on net {n} terms.",
        f"Just so you have it on file: when I send {c} an invoice, the agreement is that they pay it within {n} days, i.e. standard net {n}.",
        f"Invoice terms for {c}: net-{n}",
        f"{c} settles my invoices {n} days after I send them",
        f"User's client {c} is on {n}-day payment terms.",
        f"{c} -> net{n}",
        f"payment terms w/ {c} are {n} days from invoice date",
        f"I get paid by {c} within {n} days of invoicing, that's what we agreed",
    ], c=[
        (f"{c} pays on net {n2}.", "other payment term"),
        (f"Terms with {c} are {n2} days from invoice.", "other payment term"),
        (f"{c} pays everything upfront before I start work", "upfront vs net terms"),
    ], k=[
        (f"{c2} pays invoices on net {n} terms.", "other client, same terms"),
        (f"{c} wants invoices addressed to their accounts payable inbox", "other attribute"),
        (f"{c} pays net {n}, always by bank transfer, never card", "adds payment method"),
        (f"Late fee for {c} is 2% per month after the net {n} window", "adds late fee"),
    ])

@template(D)
def d_rate(r):
    c, cur = r.choice(CLIENTS), r.choice(["€", "$", "£"])
    rate = r.choice([55, 65, 70, 75, 85, 90, 95, 110, 120])
    rate2 = other(r, [55, 65, 70, 75, 85, 90, 95, 110, 120], rate)
    m = money(rate, cur)
    return dict(n="hourly rate, currency notation", p=[
        f"I charge {c} {m[0]} an hour.",
        f"Quick note for future quotes — whatever the project, my hourly rate with {c} is {m[0]}, so please use that when estimating their jobs.",
        f"Hourly rate for {c}: {m[1]}/h",
        f"{c} is billed at {m[3]} per hour",
        f"User's rate with {c} is {m[0]}/hr.",
        f"rate ({c}) = {m[2]} hourly",
        f"My hourly for {c} is {m[1]}",
    ], c=[
        (f"I charge {c} {money(rate2, cur)[0]} an hour.", "different rate"),
        (f"{c} is billed at {money(rate2, cur)[3]} per hour.", "different rate"),
        (f"Work for {c} is billed as a fixed monthly retainer, not hourly", "pricing model differs"),
    ], k=[
        (f"Rush jobs for {c} are billed at 1.5x the normal hourly rate", "refinement: rush rate"),
        (f"I charge {other(r, CLIENTS, c)} {m[0]} an hour too.", "other client"),
        (f"{c} gets invoiced at the end of each month for logged hours", "invoicing cadence"),
        (f"Time for {c} is tracked in Toggl under the project '{c.split()[0]} rebrand'", "time tracking detail"),
    ])

@template(D)
def d_format(r):
    c = r.choice(CLIENTS)
    fmt, fmt2 = r.sample(["SVG", "PNG", "PDF", "EPS", "AI"], 2)
    return dict(n="delivery format reworded", p=[
        f"{c} wants the final logo files as {fmt}.",
        f"Deliver logo finals to {c} in {fmt} format",
        f"{c}: logo deliverables -> {fmt}",
        f"Final logos for {c} should be sent as {fmt} files.",
        f"the client {c} asked for {fmt} exports of the finished logo",
        f"Format {c} needs for the logo: {fmt}",
    ], c=[
        (f"{c} wants the final logo files as {fmt2} only.", "other format"),
        (f"Logo finals for {c}: {fmt2}, not {fmt}", "other format"),
    ], k=[
        (f"{c} also needs a PDF of the brand guidelines", "other deliverable"),
        (f"{c} wants social media banners exported at 1500x500", "other deliverable"),
        (f"{c} wants the {fmt} logo files shared via a Dropbox link", "adds delivery channel"),
        (f"{other(r, CLIENTS, c)} wants the final logo files as {fmt}.", "other client"),
    ])

@template(D)
def d_contact(r):
    c, p, role = r.choice(CLIENTS), r.choice(CONTACTS), r.choice(ROLES)
    p2 = other(r, CONTACTS, p)
    first = p.split()[0]
    return dict(n="point of contact restated", p=[
        f"My contact at {c} is {p}, their {role}.",
        f"Whenever something comes up with {c}, the person to email or call is {p}; they are the {role} over there and my main contact.",
        f"{p} ({role}) is the point of contact for {c}",
        f"POC for {c}: {p}, {role}",
        f"User works with {p}, the {role} at {c}, on all projects there.",
        f"{c} -> talk to {first} ({p}), {role}",
        f"Main person I deal with at {c} is their {role}, {p}",
    ], c=[
        (f"My contact at {c} is {p2} now.", "other contact person"),
        (f"POC for {c}: {p2}", "other contact person"),
        (f"{p2} is the only person I deal with at {c}.", "other contact person"),
    ], k=[
        (f"{p} at {c} prefers calls on Tuesday afternoons", "contact's preference"),
        (f"{p2} handles invoices at {c}", "other person, other role"),
        (f"{p} from {c} is on parental leave in August", "contact availability"),
        (f"{p}'s email at {c} is the best way to reach them", "contact channel"),
    ])

@template(D)
def d_deadline(r):
    c = r.choice(CLIENTS)
    mo, d = r.choice([3, 4, 5, 9, 10, 11]), r.randint(13, 28)
    d2 = other(r, list(range(13, 29)), d)
    f = dforms(mo, d)
    job = r.choice(["website mockups", "packaging concepts", "brand guidelines", "pitch deck"])
    are = "is" if job == "pitch deck" else "are"
    return dict(n="deadline, date notation", p=[
        f"The {job} for {c} {are} due on {f[0]}.",
        f"Reminder for the calendar: I promised {c} that the {job} would be finished and delivered to them by {f[1]} at the latest.",
        f"{c} {job} — deadline {r.choice(f[7:] or f[:2])}",
        f"Need to deliver {c}'s {job} by {f[1]}",
        f"Deadline for {c} ({job}): {f[2]}",
        f"User must hand over {job} to {c} no later than {f[4]}.",
        f"{job} due to {c} {f[6]}",
    ], c=[
        (f"{c} moved the {job} deadline to {dforms(mo, d2)[0]}.", "other due date"),
        (f"The {job} for {c} {are} due {dforms(mo, d2)[1]}.", "other due date"),
    ], k=[
        (f"{c}'s final handoff is due a month after the {job}", "other milestone"),
        (f"First draft of the {job} for {c} goes out a week before the deadline", "added milestone"),
        (f"{c} wants a review call the day after the {job} {are} delivered", "added step"),
    ])

@template(D)
def d_revisions(r):
    c = r.choice(CLIENTS)
    n = r.choice([1, 2, 3])
    n2 = other(r, [2, 3, 4], n)
    rounds = "round" if n == 1 else "rounds"
    return dict(n="revision count, digits vs words", p=[
        f"The {c} contract includes {NUM_WORDS[n]} {rounds} of revisions.",
        f"{n} revision {rounds} included for {c}",
        f"{c} gets {NUM_WORDS[n]} free {rounds} of changes under our agreement",
        f"revisions ({c}): {n}x included",
        f"Per the agreement, {c} is entitled to {n} {rounds} of edits before extra charges.",
    ], c=[
        (f"The {c} contract includes {NUM_WORDS[n2]} rounds of revisions.", "other count"),
        (f"{c} gets unlimited revisions", "unlimited vs fixed"),
    ], k=[
        (f"Extra revision rounds for {c} are billed at {r.choice(['€60', '$75', '£50'])} each", "extra-round price"),
        (f"{c} sends revision feedback as comments in Figma", "feedback channel"),
        (f"{other(r, CLIENTS, c)} gets {NUM_WORDS[n]} {rounds} of revisions as well", "other client"),
    ])

@template(D)
def d_channel(r):
    c = r.choice(CLIENTS)
    ch, ch2 = r.sample(["Slack", "email", "WhatsApp", "Microsoft Teams"], 2)
    return dict(n="preferred channel reworded", p=[
        f"{c} prefers to be contacted on {ch}.",
        f"Reach {c} via {ch} — that's what they prefer",
        f"{c} comms -> {ch}",
        f"Best way to talk to {c} is {ch}",
        f"the {c} team want everything over {ch}, nothing else",
    ], c=[
        (f"{c} wants all communication by {ch2}.", "other channel"),
        (f"Only contact {c} through {ch2}", "other channel"),
    ], k=[
        (f"{c} is in the Pacific time zone, so {ch} replies come late", "time zone detail"),
        (f"{c} wants contracts sent as signed PDFs", "other attribute"),
        (f"{other(r, CLIENTS, c)} prefers {ch} as well", "other client"),
    ])

# ----------------------------------------------------------------- hospital ward
W = "ward_rota"
NURSES = ["Aisha Bello", "Grace O'Neill", "Tom Brennan", "Chen Wei", "Fatima Khan",
          "Liam Doyle", "Rosa Almeida", "Kofi Mensah", "Emily Hart", "Sunita Rao"]
DOCS = ["Dr Okafor", "Dr Lindqvist", "Dr Hussain", "Dr Moreau", "Dr Kaplan", "Dr Ferreira"]
WARDS = ["Ward 7", "Ward 4B", "Ward 12", "the cardiac ward", "Ward 3 (respiratory)", "AMU"]

@template(W)
def w_nights(r):
    n, w = r.choice(NURSES), r.choice(WARDS)
    sn, wk = n.split()[0], r.choice(["this week", "next week"])
    return dict(n="shift assignment restated", p=[
        f"{n} is on nights on {w} {wk}.",
        f"Rota update from the ward manager: for {wk}, {n} has been put on the night shifts on {w}, so plan the cover around that.",
        f"{sn}: night shift, {w}, {wk}",
        f"{wk.capitalize()} {n} works the night shifts on {w}",
        f"Nights on {w} {wk} are covered by {n}.",
        f"{n} -> nights ({w}) {wk}",
        f"{n} has been rostered onto nights for {wk} on {w}",
    ], c=[
        (f"{n} is on day shifts on {w} {wk}.", "days vs nights"),
        (f"{sn} works earlies on {w} {wk}, not nights", "earlies vs nights"),
    ], k=[
        (f"{other(r, NURSES, n)} is on nights on {w} {wk} too.", "other nurse"),
        (f"{n} is on nights on {w} and gets {r.choice(['Thursday', 'Friday'])} off afterwards", "adds day off"),
        (f"{n} is the charge nurse for those nights on {w}", "adds role"),
    ])

@template(W)
def w_handover(r):
    h, m = r.choice([(7, 0), (7, 30), (7, 15), (8, 0), (7, 45)])
    h2, m2 = other(r, [(7, 0), (7, 30), (8, 0), (8, 30)], (h, m))
    w = r.choice(WARDS)
    tf = tforms(h, m)
    return dict(n="time notation", p=[
        f"Morning handover on {w} is at {tf[0]}.",
        f"For anyone new starting on {w}: the morning handover between the night and day teams begins at {tf[1]}, so please arrive before then.",
        f"{w} handover: {tf[1]}",
        f"Day staff take handover on {w} at {r.choice(tf[2:])}",
        f"AM handover ({w}) starts {tf[0]} sharp",
        f"On {w}, the morning handover happens at {tf[1]} every day.",
    ], c=[
        (f"Morning handover on {w} is at {h24(h2, m2)}.", "other time"),
        (f"{w} day handover starts {h12(h2, m2)}", "other time"),
    ], k=[
        (f"Evening handover on {w} is at {h24(h + 12, m)}.", "evening vs morning"),
        (f"Morning handover on {w} is done at the bedside, not the nurses' station", "handover location"),
        (f"Morning handover on {other(r, WARDS, w)} is at {tf[0]} as well", "other ward"),
    ])

@template(W)
def w_charge(r):
    n, day = r.choice(NURSES), r.choice(DAYS)
    return dict(n="role/day restated", p=[
        f"{n} is charge nurse on {day}.",
        f"{day}: {n} in charge",
        f"The nurse in charge this {day} is {n}",
        f"{n} will be running the ward as charge nurse on {day}.",
        f"NIC {day[:3]} = {n.split()[0]} {n.split()[1][0]}.",
    ], c=[
        (f"{other(r, NURSES, n)} is charge nurse on {day}.", "other person same day"),
        (f"Nurse in charge on {day}: {other(r, NURSES, n)}", "other person same day"),
    ], k=[
        (f"{n} is charge nurse on {other(r, DAYS, day)} too.", "other day"),
        (f"{other(r, NURSES, n)} is charge nurse on {other(r, DAYS, day)}.", "other day, other person"),
        (f"{n} holds the controlled-drugs keys on {day}", "extra duty"),
    ])

@template(W)
def w_staffing(r):
    w, n = r.choice(WARDS), r.choice([4, 5, 6])
    n2 = other(r, [3, 4, 5, 6, 7], n)
    return dict(n="minimum staffing, digits/words", p=[
        f"{w} needs at least {n} registered nurses on a day shift.",
        f"min RNs on days ({w}) = {n}",
        f"Safe staffing for {w}: no fewer than {NUM_WORDS[n]} RNs per day shift",
        f"Day shifts on {w} can't drop below {n} RNs.",
        f"We never run {w} days with fewer than {NUM_WORDS[n]} registered nurses",
    ], c=[
        (f"{w} needs at least {n2} registered nurses on a day shift.", "other minimum"),
        (f"Minimum RN count for {w} days is {NUM_WORDS[n2]}", "other minimum"),
    ], k=[
        (f"{w} needs at least {n - 1} RNs on a night shift.", "nights vs days"),
        (f"{w} also needs 2 healthcare assistants on every day shift", "other staff group"),
        (f"{other(r, WARDS, w)} needs at least {n} RNs on days.", "other ward"),
    ])

@template(W)
def w_oncall(r):
    d = r.choice(DOCS)
    when = r.choice(["this weekend", "on Saturday", "tonight"])
    return dict(n="on-call registrar restated", p=[
        f"{d} is the on-call registrar {when}.",
        f"FYI from switchboard — the registrar holding the on-call bleep {when} is {d}, so any escalations from the ward should go to them.",
        f"On-call reg {when}: {d}",
        f"{when.capitalize()} the registrar on call is {d}",
        f"{d} is covering on-call {when}.",
        f"If we need the reg {when}, it's {d} holding the bleep",
    ], c=[
        (f"{other(r, DOCS, d)} is the on-call registrar {when}.", "other doctor"),
        (f"On-call reg {when}: {other(r, DOCS, d)}", "other doctor"),
    ], k=[
        (f"{d}'s bleep number is {r.randint(2000, 7999)}", "contact detail"),
        (f"{other(r, DOCS, d)} is the on-call consultant {when}", "consultant vs registrar"),
        (f"{d} is on call {when} and covers {r.choice(WARDS)} as well", "adds coverage"),
    ])

@template(W)
def w_leave(r):
    n = r.choice(NURSES)
    mo, d = r.choice([6, 7, 8, 10]), r.randint(13, 20)
    a, b = dforms(mo, d), dforms(mo, d + 4)
    d2 = d + 7
    return dict(n="leave dates, date notation", p=[
        f"{n} is on annual leave {a[1]} to {b[1]}.",
        f"AL: {n.split()[0]}, {a[7]}–{b[7]}",
        f"{n} is off on holiday from {a[0]} until {b[0]}",
        f"{n.split()[0]} won't be on the rota {a[2]}–{b[2]} (annual leave).",
        f"{n}: annual leave, {a[4]} through {b[4]}",
    ], c=[
        (f"{n} is on annual leave {dforms(mo, d2)[1]} to {dforms(mo, d2 + 4)[1]}.", "other dates"),
        (f"{n} is working {a[0]} to {b[0]}, no leave booked", "working vs leave"),
    ], k=[
        (f"{n}'s leave request for December was approved too", "other period"),
        (f"{other(r, NURSES, n)} is on annual leave {a[1]} to {b[1]}.", "other nurse"),
        (f"{n}'s shifts during the leave are covered by bank staff", "cover arrangement"),
    ])

# ----------------------------------------------------------------- household
H = "household"
KIDS = ["Sam", "Mia", "Noah", "Ella", "Leo", "Ava", "Jonas", "Lina"]
BIN = ["recycling", "general waste", "garden waste", "compost"]

@template(H)
def h_rent(r):
    cur = r.choice(["$", "€", "£"])
    amt = r.choice([1250, 1400, 1550, 1650, 1800, 1850, 1950, 2100, 2300])
    amt2 = other(r, [1250, 1400, 1550, 1650, 1800, 1850, 1950, 2100, 2300], amt)
    m = money(amt, cur)
    return dict(n="rent amount, money notation", p=[
        f"Rent is {m[0]} a month, due on the 1st.",
        f"For the shared budget spreadsheet: our monthly rent comes to {m[0]} and the landlord expects it on the first day of every month.",
        f"rent: {m[1]}/mo, due 1st",
        f"We pay {m[3]} in rent at the start of every month",
        f"The household's monthly rent of {m[2]} is due on the first.",
        f"Our rent is {m[0]}, payable on the 1st of each month",
        f"Monthly rent — {m[-1]} (due day 1)",
    ], c=[
        (f"Rent is {money(amt2, cur)[0]} a month, due on the 1st.", "other amount"),
        (f"rent: {money(amt, cur)[1]}/mo, due on the 15th", "other due day"),
    ], k=[
        (f"The parking space is an extra {money(r.choice([50, 75, 90]), cur)[0]} a month on top of rent", "other charge"),
        ("Rent goes to the landlord by standing order from the joint account", "payment method"),
        (f"Rent of {m[0]} includes water but not electricity", "refinement"),
    ])

@template(H)
def h_bins(r):
    b, day = r.choice(BIN), r.choice(DAYS[:5])
    day2 = other(r, DAYS[:5], day)
    prev = DAYS[DAYS.index(day) - 1]
    return dict(n="collection day reworded", p=[
        f"{b.capitalize()} is collected every {day}.",
        f"{b} pickup = {day[:3]}",
        f"The {b} bin gets emptied on {day}s",
        f"{b.capitalize()} truck comes {day}s, so put it out {prev} night",
        f"bin day for {b}: {day}",
        f"{day} is {b} day",
    ], c=[
        (f"{b.capitalize()} is collected every {day2}.", "other day"),
        (f"{b} pickup moved to {day2}s", "other day"),
    ], k=[
        (f"{other(r, BIN, b).capitalize()} is collected every {day}.", "other bin"),
        (f"{b.capitalize()} collection on {day} is every other week in winter", "refinement"),
        (f"It's {r.choice(KIDS)}'s job to take the {b} out before {day}", "who does it"),
    ])

@template(H)
def h_chore(r):
    k = r.choice(KIDS)
    chore = r.choice(["does the dishes", "feeds the cat", "hoovers the living room",
                      "walks the dog", "empties the dishwasher"])
    noun = {"does the dishes": "dishes", "feeds the cat": "feeding the cat",
            "hoovers the living room": "hoovering the living room",
            "walks the dog": "walking the dog", "empties the dishwasher": "emptying the dishwasher"}[chore]
    when = r.choice(["on weekdays", "in the mornings", "after dinner"])
    k2 = other(r, KIDS, k)
    return dict(n="chore assignment restated", p=[
        f"{k} {chore} {when}.",
        f"We agreed at the family meeting that {noun} {when} is {k}'s responsibility, so nobody else needs to worry about it.",
        f"{noun.capitalize()} {when} is {k}'s job",
        f"chores: {k} -> {noun} ({when})",
        f"{when.capitalize()}, {noun} is on {k}",
        f"{k} is responsible for {noun} {when}",
    ], c=[
        (f"{k2} {chore} {when}.", "other person"),
        (f"{noun.capitalize()} {when} is {k2}'s job now, not {k}'s", "other person"),
    ], k=[
        (f"{k2} {chore} at weekends.", "other person, other time"),
        (f"{k} also takes the bins out on Sundays", "other chore"),
        (f"{k} gets £5 pocket money a week for {noun}", "added detail"),
    ])

@template(H)
def h_internet(r):
    isp = r.choice(["Vodafone", "BT", "Comcast Xfinity", "Telekom", "Virgin Media", "Spectrum"])
    isp2 = other(r, ["Vodafone", "BT", "Comcast Xfinity", "Telekom", "Virgin Media", "Spectrum"], isp)
    amt = r.choice([35, 39, 45, 49, 55, 60])
    return dict(n="bill reworded", p=[
        f"Internet is with {isp}, {amt} a month, paid by autopay.",
        f"{isp} broadband: {amt}/mo (auto-debit)",
        f"We pay {isp} {amt} monthly for internet; it comes out automatically",
        f"Home internet provider: {isp}. Cost {amt}/month, autopay on.",
    ], c=[
        (f"Internet is with {isp2}, {amt} a month, paid by autopay.", "other provider"),
        (f"{isp} broadband costs {amt + 10}/mo now", "other price"),
        (f"We pay the {isp} internet bill manually every month, no autopay", "manual vs autopay"),
    ], k=[
        (f"The {isp} contract ends in November, can switch after that", "contract end"),
        (f"Mobile plans are also with {isp}, separate bill", "other service"),
        (f"The {isp} router is in the hallway cupboard", "other attribute"),
    ])

@template(H)
def h_groceries(r):
    cur = r.choice(["$", "€", "£"])
    amt = r.choice([100, 120, 140, 150, 180, 200])
    amt2 = other(r, [100, 120, 140, 150, 180, 200, 250], amt)
    slang = {"$": "bucks", "€": "euros", "£": "quid"}[cur]
    return dict(n="budget, money notation", p=[
        f"Our weekly grocery budget is {cur}{amt}.",
        f"weekly groceries: {cur}{amt} max",
        f"We try to keep food shopping to {amt} {slang} a week",
        f"The family spends at most {cur}{amt} per week on groceries.",
        f"Budget for the weekly shop = {amt} {money(amt, cur)[1].split()[1]}",
    ], c=[
        (f"Our weekly grocery budget is {cur}{amt2}.", "other amount"),
        (f"Grocery budget is {cur}{amt} a month, not a week", "monthly vs weekly"),
    ], k=[
        (f"We budget {cur}{amt * 2} a month for eating out", "other budget"),
        ("The weekly shop is done on Saturday mornings at Aldi", "when/where"),
        (f"The {cur}{amt} grocery budget doesn't include cleaning supplies", "refinement"),
    ])

@template(H)
def h_power(r):
    day = r.choice([1, 5, 15, 20, 25, 28])
    day2 = other(r, [1, 5, 10, 15, 20, 25, 28], day)
    sfx = lambda x: "st" if x == 1 else "th"
    util = r.choice(["electricity", "gas", "water", "council tax"])
    return dict(n="debit day reworded", p=[
        f"The {util} bill is paid by direct debit on the {day}{sfx(day)} of each month.",
        f"{util} DD: {day}{sfx(day)} monthly",
        f"{util.capitalize()} comes out of the account automatically on the {day}{sfx(day)}",
        f"Direct debit for {util} leaves on day {day} of the month",
        f"we pay {util} via direct debit, {day}{sfx(day)} of every month",
    ], c=[
        (f"The {util} direct debit goes out on the {day2}{sfx(day2)}.", "other day"),
        (f"We pay the {util} bill by card when it arrives, there's no direct debit", "payment method"),
    ], k=[
        (f"The {util} account is in Dad's name", "account holder"),
        (f"{other(r, ['electricity', 'gas', 'water', 'council tax'], util).capitalize()} is paid by direct debit on the {day}{sfx(day)} too", "other utility"),
        (f"The {util} direct debit was raised by £12 in January", "amount detail"),
    ])

# ----------------------------------------------------------------- SaaS infra
S = "saas_infra"
SVCS = ["billing-api", "auth-service", "search", "ingest-worker", "notifications", "web-frontend"]

@template(S)
def s_db(r):
    v = r.choice([13, 14, 15, 16])
    v2 = other(r, [12, 13, 14, 15, 16], v)
    svc = r.choice(SVCS)
    return dict(n="db version, abbreviations", p=[
        f"The {svc} production database is PostgreSQL {v} on Amazon RDS.",
        f"Context for the migration ticket: in production, {svc} stores its data in a PostgreSQL {v} instance that is managed through Amazon RDS.",
        f"{svc} prod db: postgres {v} (RDS)",
        f"{svc} runs on Postgres v{v}, managed by AWS RDS, in production",
        f"prod DB for {svc} = RDS PostgreSQL {v}",
        f"We use RDS Postgres {v} for {svc}'s prod database",
    ], c=[
        (f"The {svc} production database is PostgreSQL {v2} on Amazon RDS.", "other version"),
        (f"{svc} prod db is MySQL 8 on RDS", "other engine"),
        (f"{svc} production data lives in a self-hosted Postgres {v} on EC2, not RDS", "hosting differs"),
    ], k=[
        (f"The {svc} staging database is PostgreSQL {v} on a single EC2 box", "staging vs prod"),
        (f"The {svc} prod DB has a read replica in another AZ", "added replica"),
        (f"{other(r, SVCS, svc)} prod db: postgres {v} (RDS)", "other service"),
        (f"Automated snapshots of the {svc} RDS instance run nightly at 02:00 UTC", "backup detail"),
    ])

@template(S)
def s_region(r):
    reg = r.choice([("eu-west-1", "Ireland"), ("us-east-1", "N. Virginia"), ("eu-central-1", "Frankfurt"),
                    ("us-west-2", "Oregon"), ("ap-southeast-2", "Sydney")])
    reg2 = other(r, [("eu-west-1", "Ireland"), ("us-east-1", "N. Virginia"), ("eu-central-1", "Frankfurt"),
                     ("us-west-2", "Oregon")], reg)
    return dict(n="region code vs name", p=[
        f"Our primary AWS region is {reg[0]}.",
        f"We're deployed mainly in AWS {reg[1]} ({reg[0]})",
        f"primary region: {reg[0]}",
        f"Most of the production stack runs in the {reg[1]} region of AWS",
        f"main region = AWS {reg[1]}",
    ], c=[
        (f"Our primary AWS region is {reg2[0]}.", "other region"),
        (f"Prod runs primarily out of AWS {reg2[1]}", "other region"),
    ], k=[
        (f"Disaster recovery replicas live in {reg2[0]}", "DR region"),
        (f"CloudFront serves static assets globally in front of {reg[0]}", "CDN detail"),
        (f"The data warehouse is in {reg[0]} as well, in a separate account", "other system"),
    ])

@template(S)
def s_freeze(r):
    day = r.choice(["Fridays", "Friday afternoons", "weekends"])
    return dict(n="policy reworded", p=[
        f"No production deploys on {day}.",
        f"Deploys to prod are frozen on {day}",
        f"deploy policy: nothing ships to prod on {day}",
        f"We don't push to production on {day}, it's a hard rule.",
        f"Team rule: {day} are a prod deploy freeze",
    ], c=[
        (f"Production deploys on {day} are fine as long as CI is green", "allowed vs frozen"),
        (f"We deploy to prod on {day} like any other day", "allowed vs frozen"),
    ], k=[
        ("There's also a deploy freeze from Dec 20 to Jan 3", "extra freeze window"),
        (f"The {day} deploy freeze was agreed in the Q3 retro", "origin of rule"),
        (f"Staging deploys are allowed on {day}", "staging vs prod"),
    ])

@template(S)
def s_retention(r):
    n = r.choice([7, 14, 30, 90])
    n2 = other(r, [7, 14, 15, 30, 60, 90], n)
    tool = r.choice(["Datadog", "Loki", "CloudWatch", "Elasticsearch"])
    return dict(n="retention, unit notation", p=[
        f"Application logs in {tool} are kept for {n} days.",
        f"Per the current {tool} configuration, application logs stay searchable for {n} days and are then dropped automatically by the retention policy.",
        f"log retention ({tool}): {n}d",
        f"{tool} keeps our app logs {n} days, then they're deleted",
        f"Retention period for application logs in {tool} is {n} days.",
        f"app logs -> {tool}, retained {n} days",
    ], c=[
        (f"Application logs in {tool} are kept for {n2} days.", "other retention"),
        (f"log retention ({tool}): {n2}d", "other retention"),
    ], k=[
        ("Audit logs are retained for 1 year in S3", "other log type"),
        (f"{tool} log retention of {n} days applies to prod only; staging keeps 3", "refinement"),
        (f"Metrics in {tool} are kept for 15 months", "metrics vs logs"),
    ])

@template(S)
def s_k8s(r):
    minor = r.choice([27, 28, 29, 30])
    m2 = other(r, [26, 27, 28, 29, 30], minor)
    cl = r.choice(["prod-eu", "prod-us", "main", "platform"])
    return dict(n="version notation", p=[
        f"The {cl} cluster runs Kubernetes 1.{minor}.",
        f"{cl}: k8s v1.{minor}",
        f"EKS control plane version for {cl} is 1.{minor}",
        f"k8s version ({cl} cluster) = 1.{minor}",
        f"We're on Kubernetes 1.{minor} in the {cl} cluster",
    ], c=[
        (f"The {cl} cluster runs Kubernetes 1.{m2}.", "other version"),
        (f"{cl}: k8s v1.{m2}", "other version"),
    ], k=[
        (f"The {cl} node group uses m6i.xlarge instances", "node type"),
        (f"Upgrade of {cl} to Kubernetes 1.{minor + 1} is planned for next quarter", "future plan"),
        (f"The staging cluster runs Kubernetes 1.{minor} too", "other cluster"),
    ])

@template(S)
def s_ratelimit(r):
    n = r.choice([600, 1000, 1200, 2000, 5000])
    n2 = other(r, [500, 600, 1000, 1200, 2000, 5000], n)
    k = f"{n / 1000:g}k"
    return dict(n="number notation", p=[
        f"The public API is limited to {n:,} requests per minute per API key.",
        f"When customers ask about throughput: each API key on the public API may send at most {n:,} requests per minute before being throttled.",
        f"rate limit: {k} rpm per key",
        f"Each API key may make up to {n} requests a minute on the public API",
        f"Public API throttles at {n:,} req/min/key",
        f"API keys get {n:,} calls per minute before we return 429s",
    ], c=[
        (f"The public API is limited to {n2:,} requests per minute per API key.", "other limit"),
        (f"rate limit: {n2} rpm per key", "other limit"),
    ], k=[
        ("The public API also allows bursts up to 50 requests per second", "burst limit"),
        (f"Enterprise keys get a {n * 5:,} req/min limit", "other tier"),
        ("Rate limiting is enforced at the API gateway, not in the app", "enforcement point"),
    ])

@template(S)
def s_oncall(r):
    day, day2 = r.sample(DAYS[:5], 2)
    h, m = r.choice([(9, 0), (10, 0), (11, 0), (12, 0)])
    return dict(n="rotation handover restated", p=[
        f"The on-call rotation switches every {day} at {h24(h, m)}.",
        f"on-call handoff: {day[:3]} {h12(h, m)}",
        f"Pager duty changes hands weekly, {day}s at {h12(h, m, sep='', space='')}",
        f"Each {day} at {h24(h, m)} the next engineer takes over on-call",
        f"Weekly on-call rotation; handover {day} {h24(h, m)}",
    ], c=[
        (f"The on-call rotation switches every {day2} at {h24(h, m)}.", "other day"),
        (f"on-call handoff is {day} at {h24(h + 4, m)}", "other time"),
    ], k=[
        ("On-call escalates to the engineering manager after 15 minutes without an ack", "escalation"),
        ("On-call engineers get a day off after a week with night pages", "policy detail"),
        ("The on-call schedule lives in PagerDuty under 'Platform Primary'", "tooling"),
    ])

# ----------------------------------------------------------------- student
U = "student_courses"
COURSES = [("Organic Chemistry", "OChem"), ("Linear Algebra", "LinAlg"), ("Microeconomics", "Micro"),
           ("Data Structures", "DS"), ("Intro to Psychology", "Psych 101"), ("Thermodynamics", "Thermo"),
           ("European History", "EuroHist"), ("Statistics", "Stats")]
PROFS = ["Prof. Hadley", "Dr. Ruiz", "Prof. Nakamura", "Dr. Osei", "Prof. Varga", "Dr. Whitfield"]

@template(U)
def u_exam(r):
    c, ab = r.choice(COURSES)
    mo, d = r.choice([(12, r.randint(13, 20)), (5, r.randint(13, 28)), (1, r.randint(13, 24))])
    h, m = r.choice([(9, 0), (14, 0), (10, 30), (13, 30)])
    f, t = dforms(mo, d), tforms(h, m)
    d2 = d + r.choice([1, 2, 3])
    return dict(n="date/time notation, abbreviation", p=[
        f"My {c} final is on {f[0]} at {t[1]}.",
        f"ok so I finally checked the exam timetable and my {c} final exam is on {f[1]}, starting at {t[0]}, ugh",
        f"{ab} final: {f[2]}, {t[0]}",
        f"User's {c} final exam takes place {f[4]} at {t[0]}.",
        f"{c} final exam -> {r.choice(f[7:] or f[:1])} {t[2]}",
        f"final for {ab} is {f[1]}, starts {t[1]}",
    ], c=[
        (f"My {c} final is on {dforms(mo, d2)[0]} at {t[1]}.", "other date"),
        (f"{ab} final: {f[2]}, {h24(h + 2, m)}", "other time"),
    ], k=[
        (f"My {c} midterm is in week 7", "midterm vs final"),
        (f"The {c} final is closed-book, 3 hours", "format detail"),
        (f"{other(r, COURSES, (c, ab))[0]} final is on {f[0]} as well, in the afternoon", "other course"),
    ])

@template(U)
def u_credits(r):
    c, ab = r.choice(COURSES)
    n = r.choice([3, 4, 5, 6])
    n2 = other(r, [3, 4, 5, 6, 7.5], n)
    unit = r.choice(["ECTS", "credits"])
    return dict(n="credits, wording", p=[
        f"{c} is worth {n} {unit}.",
        f"{ab}: {n} {unit}",
        f"I get {NUM_WORDS[n]} {unit} for passing {c}",
        f"The {c} module carries {n} {unit}.",
        f"{c} counts for {n} {unit} toward my degree",
    ], c=[
        (f"{c} is worth {n2} {unit}.", "other credit value"),
        (f"{ab} carries {n2} {unit}", "other credit value"),
    ], k=[
        (f"{other(r, COURSES, (c, ab))[0]} is worth {n} {unit} too.", "other course"),
        (f"{c} needs a pass mark of 50% to earn the {unit}", "pass mark"),
        (f"{c} is a required course for my major", "requirement status"),
    ])

@template(U)
def u_prof(r):
    c, ab = r.choice(COURSES)
    p = r.choice(PROFS)
    return dict(n="instructor restated", p=[
        f"{p} teaches {c} this semester.",
        f"{ab} instructor: {p}",
        f"{c} is taught by {p} this term",
        f"User's {c} lecturer is {p}.",
        f"this sem {p} is running {ab}",
    ], c=[
        (f"{other(r, PROFS, p)} teaches {c} this semester.", "other instructor"),
        (f"{ab} instructor: {other(r, PROFS, p)}", "other instructor"),
    ], k=[
        (f"{p}'s office hours are Thursdays 2–4pm", "office hours"),
        (f"{p} also teaches {other(r, COURSES, (c, ab))[0]}", "other course"),
        (f"The {c} TA is a PhD student called Marek", "TA"),
    ])

@template(U)
def u_wordlimit(r):
    n = r.choice([1500, 2000, 2500, 3000, 4000])
    n2 = other(r, [1500, 2000, 2500, 3000, 4000, 5000], n)
    sub = r.choice(["history essay", "sociology paper", "lit review", "term paper"])
    return dict(n="number notation", p=[
        f"The {sub} has a {n:,}-word limit.",
        f"max {n / 1000:g}k words for the {sub}",
        f"{sub}: word limit {n}",
        f"My {sub} can't go over {n:,} words",
        f"Word count cap on the {sub} is {n:,}.",
    ], c=[
        (f"The {sub} has a {n2:,}-word limit.", "other limit"),
        (f"{sub}: word limit {n2}", "other limit"),
    ], k=[
        (f"The bibliography doesn't count toward the {sub} word limit", "refinement"),
        (f"The {sub} is due in week 10", "deadline"),
        (f"The {sub} needs at least 8 academic sources", "other requirement"),
    ])

@template(U)
def u_grade(r):
    c, ab = r.choice(COURSES)
    g = r.choice(["B+", "A-", "B", "C+", "A"])
    g2 = other(r, ["B+", "A-", "B", "C+", "A", "B-"], g)
    ex = r.choice(["midterm", "first quiz", "lab report"])
    art = "an" if g[0] == "A" else "a"
    art2 = "an" if g2[0] == "A" else "a"
    return dict(n="grade restated", p=[
        f"Got {art} {g} on the {c} {ex}.",
        f"grades just came out on the portal and I ended up with {art} {g} on the {c} {ex}, honestly better than I expected",
        f"{ab} {ex} result: {g}",
        f"User scored {g} on their {c} {ex}.",
        f"my grade for the {ab} {ex} was {art} {g}",
        f"{c} {ex} -> {g}",
    ], c=[
        (f"Got {art2} {g2} on the {c} {ex}.", "other grade"),
        (f"{ab} {ex} result: {g2}", "other grade"),
    ], k=[
        (f"Got {art} {g} on the {other(r, COURSES, (c, ab))[0]} {ex} too", "other course"),
        (f"The {c} {ex} is 20% of the final grade", "weighting"),
        (f"Class average on the {c} {ex} was a C+", "class average"),
    ])

@template(U)
def u_major(r):
    maj = r.choice(["Mechanical Engineering", "Computer Science", "Biology", "Economics", "Civil Engineering"])
    short = {"Mechanical Engineering": "MechE", "Computer Science": "CS", "Biology": "Bio",
             "Economics": "Econ", "Civil Engineering": "CivE"}
    maj2 = other(r, list(short), maj)
    return dict(n="major, abbreviation", p=[
        f"User is majoring in {maj}.",
        f"In our conversation the user mentioned that their major at university is {maj}, which is the degree they are currently enrolled in.",
        f"I'm a {short[maj]} major",
        f"major: {maj}",
        f"I study {maj} at uni",
        f"Their degree programme is {maj}.",
    ], c=[
        (f"User is majoring in {maj2}.", "other major"),
        (f"I'm a {short[maj2]} major, not {short[maj]}", "other major"),
    ], k=[
        (f"User minors in {maj2}.", "minor vs major"),
        (f"I'm in the third year of my {maj} degree", "year of study"),
        (f"{maj} at my uni requires a capstone project", "program detail"),
    ])


# --- domains, second half ---


# ----------------------------------------------------------------- runner
R = "runner_training"
RACES = [("Berlin Marathon", "September"), ("Chicago Marathon", "October"), ("London Marathon", "April"),
         ("Valencia Marathon", "December"), ("Boston Marathon", "April"), ("Amsterdam Marathon", "October")]

@template(R)
def r_goal(r):
    race, mon = r.choice(RACES)
    race2 = other(r, [x[0] for x in RACES], race)
    city = race.split()[0]
    return dict(n="goal race restated", p=[
        f"I'm training for the {race} in {mon}.",
        f"Everything in my training right now is geared towards one race: the {race} this {mon}, so please plan my sessions around that.",
        f"Goal race: {race} ({mon})",
        f"User's A-race this year is {city} in {mon}.",
        f"Whole block is building towards {city}, {mon}",
        f"target race = {race}",
        f"training cycle aims at the {race} this {mon}",
    ], c=[
        (f"My A-race this year is the {race2}.", "other goal race"),
        (f"Dropped out of the {race} entry, not running it this year", "no longer the goal"),
    ], k=[
        (f"Running a half marathon six weeks before the {race} as a tune-up", "tune-up race"),
        (f"Goal for the {race} is to go sub-3:30", "target time"),
        (f"Booked a hotel near the start for the {race}", "logistics"),
    ])

@template(R)
def r_mileage(r):
    km = r.choice([40, 50, 60, 70, 80])
    km2 = other(r, [30, 40, 50, 60, 70, 80, 100], km)
    mi = round(km / 1.609)
    return dict(n="volume, km vs miles", p=[
        f"Running about {km} km a week at the moment.",
        f"Looking back at the last few weeks on Strava, my weekly running volume has settled at roughly {km} kilometres.",
        f"weekly volume ~{km}k",
        f"I'm averaging roughly {mi} miles per week",
        f"Current mileage: ~{km} km/wk",
        f"User runs around {km} kilometres weekly right now.",
    ], c=[
        (f"Running about {km2} km a week at the moment.", "other volume"),
        (f"weekly volume ~{km2}k", "other volume"),
    ], k=[
        (f"Long run is {round(km * 0.35)} km of the weekly {km}", "long run share"),
        (f"Plan is to build to {km + 20} km a week by the peak block", "future target"),
        (f"About 80% of my {km} km a week is easy running", "intensity split"),
    ])

@template(R)
def r_longrun(r):
    day = r.choice(["Sunday", "Saturday"])
    day2 = "Saturday" if day == "Sunday" else "Sunday"
    return dict(n="day of long run restated", p=[
        f"My long run is on {day}s.",
        f"LR day = {day[:3]}",
        f"{day} is long run day",
        f"User does the weekly long run every {day}.",
        f"long runs happen on {day}s, every week",
    ], c=[
        (f"My long run is on {day2}s.", "other day"),
        (f"Long runs moved to {day2}s", "other day"),
    ], k=[
        ("Tempo run is on Thursdays", "other session"),
        (f"{day} long runs start from the park at 7am", "start detail"),
        (f"Long run on {day} ends with 5 km at marathon pace", "structure detail"),
    ])

@template(R)
def r_pb(r):
    dist = r.choice(["5K", "10K"])
    if dist == "5K":
        mm, ss = r.randint(18, 26), r.randint(0, 59)
    else:
        mm, ss = r.randint(38, 55), r.randint(0, 59)
    mm2 = mm + r.choice([1, -1, 2])
    name = "5 km" if dist == "5K" else "10 km"
    return dict(n="time notation", p=[
        f"My {dist} PR is {mm}:{ss:02d}.",
        f"Personal best over {name}: {mm} min {ss} s",
        f"{dist} PB = {mm}:{ss:02d}",
        f"Fastest {dist} I've run is {mm} minutes {ss} seconds",
        f"User's {name} personal record stands at {mm}:{ss:02d}.",
    ], c=[
        (f"My {dist} PR is {mm2}:{ss:02d}.", "other time"),
        (f"{dist} PB = {mm}:{(ss + 17) % 60:02d}", "other time"),
    ], k=[
        (f"My half marathon PR is 1:{r.randint(32, 55)}:{r.randint(10, 59)}", "other distance"),
        (f"The {dist} PR was set at a parkrun in spring", "where set"),
        (f"Goal this season is to break {mm}:00 in the {dist}", "future goal"),
    ])

@template(R)
def r_shoes(r):
    sh = [("Nike Pegasus 40", "Pegs"), ("Brooks Ghost 15", "Ghosts"), ("Asics Novablast 4", "Novablasts"),
          ("Hoka Clifton 9", "Cliftons"), ("Saucony Ride 17", "Rides")]
    s, nick = r.choice(sh)
    s2 = other(r, [x[0] for x in sh], s)
    return dict(n="shoe, nickname vs full name", p=[
        f"My daily trainer is the {s}.",
        f"daily shoe: {s}",
        f"I do most easy miles in my {nick}",
        f"User's everyday running shoe is the {s}.",
        f"{s} for daily training runs",
    ], c=[
        (f"My daily trainer is the {s2}.", "other shoe"),
        (f"daily shoe: {s2}", "other shoe"),
    ], k=[
        ("Race shoes are the Nike Vaporfly 3", "race vs daily"),
        (f"The {s} has about 600 km on it, time to replace soon", "wear detail"),
        (f"I wear the {s} in size 10.5", "size"),
    ])

@template(R)
def r_pace(r):
    pk = r.choice([(5, 0, 8, 3), (5, 30, 8, 51), (5, 45, 9, 15), (6, 0, 9, 39), (6, 15, 10, 4)])
    pk2 = other(r, [(5, 0), (5, 30), (5, 45), (6, 0), (6, 15), (6, 45)], pk[:2])
    return dict(n="pace, per-km vs per-mile", p=[
        f"Easy runs are at {pk[0]}:{pk[1]:02d}/km.",
        f"When I say an easy run, I mean running at about {pk[0]}:{pk[1]:02d} per kilometre — that is my normal conversational easy pace.",
        f"easy pace ≈ {pk[2]}:{pk[3]:02d} per mile",
        f"I keep easy days around {pk[0]}:{pk[1]:02d} min per kilometre",
        f"Easy pace: {pk[0]}:{pk[1]:02d} min/km",
        f"User's easy-run pace is roughly {pk[2]}:{pk[3]:02d}/mi.",
    ], c=[
        (f"Easy runs are at {pk2[0]}:{pk2[1]:02d}/km.", "other pace"),
        (f"Easy pace: {pk2[0]}:{pk2[1]:02d} min/km", "other pace"),
    ], k=[
        ("Marathon goal pace is 4:58/km", "other pace type"),
        ("Easy runs are capped at heart rate 145", "HR cap"),
        ("Recovery runs are even slower than easy pace, no watch", "other run type"),
    ])

@template(R)
def r_rest(r):
    day = r.choice(DAYS)
    day2 = other(r, DAYS, day)
    return dict(n="rest day restated", p=[
        f"My one rest day each week is {day}.",
        f"rest day: {day[:3]}",
        f"{day} is my only day off running",
        f"User takes {day}s completely off from running.",
        f"No running on {day}s — weekly rest day",
    ], c=[
        (f"My one rest day each week is {day2}.", "other day"),
        (f"rest day: {day2[:3]}", "other day"),
    ], k=[
        (f"On {day}s I do 20 minutes of mobility work", "activity on rest day"),
        (f"Strength training is on {day2}s", "other session"),
        (f"Rest day on {day} moves to {day2} in race week", "race-week exception"),
    ])

# ----------------------------------------------------------------- kitchen
K = "restaurant_kitchen"
CHEFS = ["Marco", "Lena", "Ibrahim", "Sofia", "Jun", "Diego", "Claire", "Ravi"]
SUPPLIERS = ["Green Valley Produce", "Harbor Catch", "Bauer Meats", "Dolce Dairy", "Rossi Dry Goods"]

@template(K)
def k_walkin(r):
    c, f = r.choice([(5, 41), (4, 39), (3, 37)])
    c2 = other(r, [3, 4, 5, 7, 8], c)
    return dict(n="temperature, °C vs °F", p=[
        f"The walk-in must stay at or below {c}°C.",
        f"Health inspector rule we follow in the kitchen: the temperature in the walk-in cooler can never go above {c} degrees Celsius.",
        f"Walk-in cooler max {f}°F",
        f"walk-in temp: ≤{c} °C",
        f"Keep the walk-in cooler at {f} degrees Fahrenheit or colder",
        f"Cámara frigorífica: máximo {c} °C",
        f"Walk-in limit is {c} degrees C, no higher",
    ], c=[
        (f"The walk-in must stay at or below {c2}°C.", "other limit"),
        (f"walk-in temp: ≤{c2} °C", "other limit"),
    ], k=[
        ("The freezer must stay at -18°C or colder", "freezer vs walk-in"),
        ("Walk-in temperature is checked and logged at open and close", "check frequency"),
        (f"The reach-in on the line must also stay at or below {c}°C", "other unit"),
    ])

@template(K)
def k_supplier(r):
    s = r.choice(SUPPLIERS)
    d1, d2 = sorted(r.sample(range(5), 2))
    e1, e2 = sorted(r.sample([x for x in range(6) if x not in (d1, d2)], 2))
    return dict(n="delivery days restated", p=[
        f"{s} delivers on {DAYS[d1]}s and {DAYS[d2]}s.",
        f"{s}: {DAYS[d1][:3]}/{DAYS[d2][:3]} drops",
        f"Deliveries from {s} come {DAYS[d1]} and {DAYS[d2]}",
        f"We get {s} deliveries twice a week, {DAYS[d1]} + {DAYS[d2]}.",
        f"{s} shows up {DAYS[d1]}s & {DAYS[d2]}s",
    ], c=[
        (f"{s} delivers on {DAYS[e1]}s and {DAYS[e2]}s.", "other days"),
        (f"{s} now only delivers once a week, on {DAYS[e1]}s", "other schedule"),
    ], k=[
        (f"{other(r, SUPPLIERS, s)} delivers on {DAYS[d1]}s too", "other supplier"),
        (f"Order cut-off for {s} is 2pm the day before delivery", "cut-off"),
        (f"{s} deliveries must be checked in by the sous chef", "receiving procedure"),
    ])

@template(K)
def k_daysoff(r):
    ch = r.choice(CHEFS)
    i = r.randrange(7)
    j = other(r, list(range(7)), i, (i + 1) % 7, (i - 1) % 7)
    a1, a2 = DAYS[i], DAYS[(i + 1) % 7]
    return dict(n="days off restated", p=[
        f"Chef {ch} is off on {a1}s and {a2}s.",
        f"When you plan the kitchen schedule, remember that {ch} never works {a1}s or {a2}s — those are {ch}'s two regular days off.",
        f"{ch} days off: {a1[:3]}/{a2[:3]}",
        f"{ch} doesn't work {a1} or {a2}",
        f"{a1} and {a2} are {ch}'s days off.",
        f"{ch} — off {a1[:3]} + {a2[:3]}",
    ], c=[
        (f"Chef {ch}'s days off are {DAYS[j]} and {DAYS[(j + 1) % 7]}.", "other days"),
        (f"{ch} works every {a1} now", "works on day off"),
    ], k=[
        (f"{other(r, CHEFS, ch)} covers the pass when {ch} is off on {a1}s", "cover person"),
        (f"{ch} does the ordering on {DAYS[(i + 3) % 7]}s", "other duty"),
        (f"{other(r, CHEFS, ch)} is off on {a1}s too", "other chef"),
    ])

@template(K)
def k_brunch(r):
    s, e = r.choice([(10, 14), (9, 13), (10, 15), (11, 15)])
    e2 = e + r.choice([1, -1])
    return dict(n="time range notation", p=[
        f"Weekend brunch runs from {h12(s, 0, sep='', space='')} to {h12(e, 0, sep='', space='')}.",
        f"Brunch (Sat/Sun): {h24(s, 0)}–{h24(e, 0)}",
        f"On weekends we serve brunch {s}–{e % 12 or 12}",
        f"brunch service sat+sun {h12(s, 0)} - {h12(e, 0)}",
        f"Brunch on Saturdays and Sundays starts at {h12(s, 0, sep='', space='')} and ends at {h24(e, 0)}.",
    ], c=[
        (f"Weekend brunch runs from {h12(s, 0, sep='', space='')} to {h12(e2, 0, sep='', space='')}.", "other end time"),
        (f"Brunch (Sat/Sun): {h24(s + 1, 0)}–{h24(e, 0)}", "other start time"),
    ], k=[
        ("Weekday lunch runs 12 to 3", "other service"),
        ("Last brunch orders are taken 30 minutes before close", "last orders"),
        ("Weekend brunch needs two extra line cooks", "staffing"),
    ])

@template(K)
def k_price(r):
    dish = r.choice(["duck confit", "steak frites", "mushroom risotto", "lamb shoulder", "halibut"])
    p = r.choice([24, 26, 28, 29, 32, 34, 36])
    p2 = other(r, [24, 26, 28, 29, 32, 34, 36, 38], p)
    return dict(n="price notation", p=[
        f"The {dish} is on the menu at ${p}.",
        f"{dish} — {p}",
        f"Menu price for the {dish}: {p} dollars",
        f"We sell the {dish} for ${p}.00",
        f"{dish.capitalize()} costs ${p} on our menu",
    ], c=[
        (f"The {dish} is on the menu at ${p2}.", "other price"),
        (f"{dish} — {p2}", "other price"),
    ], k=[
        (f"The {dish} is served with lentils and pickled shallots", "garnish"),
        (f"Food cost on the {dish} is around 28%", "food cost"),
        (f"The {dish} is also on the lunch menu as a smaller portion", "other menu"),
    ])

@template(K)
def k_allergen(r):
    item, allergen = r.choice([("pesto", "pine nuts"), ("romesco", "almonds"), ("satay sauce", "peanuts"),
                               ("dukkah", "hazelnuts"), ("brown butter sauce", "milk")])
    return dict(n="allergen restated", p=[
        f"Our {item} contains {allergen}.",
        f"{item}: ALLERGEN – {allergen}",
        f"The house {item} is made with {allergen}",
        f"heads up, {item} has {allergen} in it",
        f"{allergen.capitalize()} are in the {item}" if allergen != "milk" else f"There's milk in the {item}",
    ], c=[
        (f"There are no {allergen} in our {item}.", "absent vs present"),
        (f"We make the {item} without {allergen} now", "absent vs present"),
    ], k=[
        (f"The {item} also contains garlic", "other ingredient"),
        (f"The {item} is made fresh every morning", "prep detail"),
        (f"Allergen sheet for the {item} is in the blue folder", "documentation"),
    ])

@template(K)
def k_seats(r):
    n = r.choice([48, 56, 64, 72, 80])
    n2 = other(r, [40, 48, 56, 64, 72, 80], n)
    return dict(n="capacity restated", p=[
        f"The dining room seats {n}.",
        f"dining room capacity: {n} covers",
        f"We have {n} seats inside",
        f"Indoor seating holds {n} guests.",
        f"{n} covers max in the main room",
    ], c=[
        (f"The dining room seats {n2}.", "other capacity"),
        (f"dining room capacity: {n2} covers", "other capacity"),
    ], k=[
        (f"The patio adds another {r.choice([16, 20, 24])} seats in summer", "other area"),
        ("The private room seats 12", "other room"),
        (f"We turn the {n} dining room seats about twice on a Saturday", "turnover"),
    ])

# ----------------------------------------------------------------- logistics
L = "logistics_dispatch"
DRIVERS = ["Kowalski", "Ahmed", "Brennan", "Santos", "Nguyen", "Okoye", "Fischer", "Moreno"]
STORES = ["Brightmart #112", "FreshWay Depot 7", "Cityline Pharmacy 23", "Halden Hardware", "Nordic Foods DC"]

@template(L)
def l_truck(r):
    d, u = r.choice(DRIVERS), r.randint(3, 40)
    u2 = other(r, list(range(3, 41)), u)
    return dict(n="assignment, voice/notation", p=[
        f"{d} drives truck {u}.",
        f"Dispatch note: when you're assigning loads, keep in mind that {d} is the driver who has truck number {u} as their assigned vehicle.",
        f"Unit {u} is assigned to {d}",
        f"{d} -> unit #{u}",
        f"Truck {u:02d}: driver {d}",
        f"{d}'s rig is number {u}",
    ], c=[
        (f"{d} drives truck {u2}.", "other truck"),
        (f"Unit {u} is assigned to {other(r, DRIVERS, d)}", "other driver"),
    ], k=[
        (f"{d} runs the north loop on Tuesdays", "route"),
        (f"Truck {u} is due for service on Friday", "vehicle maintenance"),
        (f"{other(r, DRIVERS, d)} drives truck {u2}", "other driver, other truck"),
    ])

@template(L)
def l_dock(r):
    s, e = r.choice([(6, 14), (7, 15), (5, 13), (8, 16)])
    return dict(n="hours notation", p=[
        f"The warehouse dock receives from {h12(s, 0, sep='', space='')} to {h12(e, 0, sep='', space='')} on weekdays.",
        f"Dock hours M–F: {h24(s, 0)}-{h24(e, 0)}",
        f"receiving window weekdays {s}-{e % 12} (dock)",
        f"Inbound at the dock is accepted Monday to Friday, {h12(s, 0)} until {h12(e, 0)}",
        f"Dock open for receiving {h24(s, 0, '')}–{h24(e, 0, '')} Mon-Fri",
    ], c=[
        (f"Dock hours M–F: {h24(s + 1, 0)}-{h24(e + 1, 0)}", "other hours"),
        (f"The warehouse dock receives until {h12(e + 2, 0)} on weekdays.", "other close time"),
    ], k=[
        ("Saturday receiving is 8am to noon", "weekend hours"),
        ("Carriers must book a dock slot 24 hours in advance", "booking rule"),
        ("Dock door 3 is reserved for returns", "door assignment"),
    ])

@template(L)
def l_window(r):
    st = r.choice(STORES)
    s, e = r.choice([(5, 8), (6, 9), (4, 7), (7, 10)])
    return dict(n="delivery window restated", p=[
        f"{st} only takes deliveries between {h12(s, 0, sep='', space='')} and {h12(e, 0, sep='', space='')}.",
        f"{st} delivery window: {h24(s, 0)}–{h24(e, 0)}",
        f"Deliver to {st} {s}–{e % 12 or 12} {'am' if e < 12 else 'pm'} only",
        f"{st}: receiving {h24(s, 0, '')}-{h24(e, 0, '')}",
        f"Drivers have to hit {st} between {h12(s, 0)} and {h12(e, 0)}",
    ], c=[
        (f"{st} delivery window: {h24((s + 3) % 24, 0)}–{h24((e + 3) % 24, 0)}", "other window"),
        (f"{st} accepts deliveries any time during opening hours", "no window"),
    ], k=[
        (f"{st} wants a call 30 minutes before arrival", "call-ahead"),
        (f"{other(r, STORES, st)} delivery window: {h24(s, 0)}–{h24(e, 0)}", "other store"),
        (f"{st} has no forklift, pallets need a tail-lift truck", "equipment"),
    ])

@template(L)
def l_payload(r):
    u, t = r.randint(3, 30), r.choice([7.5, 10, 12, 18, 26])
    t2 = other(r, [7.5, 10, 12, 18, 26], t)
    kg = int(t * 1000)
    return dict(n="tonnes vs kg", p=[
        f"Truck {u} has a max payload of {t:g} tonnes.",
        f"Unit {u} payload limit: {kg:,} kg",
        f"Don't load more than {t:g}t on truck {u}",
        f"truck {u} max load = {kg} kg",
        f"Truck {u} can carry up to {t:g} metric tons",
    ], c=[
        (f"Truck {u} has a max payload of {t2:g} tonnes.", "other payload"),
        (f"Unit {u} payload limit: {int(t2 * 1000):,} kg", "other payload"),
    ], k=[
        (f"Truck {u} has a tail lift", "equipment"),
        (f"Truck {u} is refrigerated, set to 2–4°C", "reefer"),
        (f"Truck {u + 1} has a max payload of {t:g} tonnes as well", "other truck"),
    ])

@template(L)
def l_adr(r):
    d = r.choice(DRIVERS)
    mo, y = r.randint(1, 12), r.choice([2026, 2027, 2028])
    mo2 = other(r, list(range(1, 13)), mo)
    return dict(n="date notation", p=[
        f"{d}'s ADR certificate expires in {MONTHS[mo - 1]} {y}.",
        f"ADR cert ({d}) valid until {mo:02d}/{y}",
        f"{d}: hazmat/ADR expiry {y}-{mo:02d}",
        f"{d} can haul dangerous goods until {MONTHS[mo - 1][:3]} {y}, when the ADR card runs out",
    ], c=[
        (f"{d}'s ADR certificate expires in {MONTHS[mo2 - 1]} {y}.", "other expiry"),
        (f"{d} has no ADR certificate, can't take hazmat loads", "no certificate"),
    ], k=[
        (f"{d} also holds a forklift licence", "other licence"),
        (f"{other(r, DRIVERS, d)}'s ADR certificate expires in {MONTHS[mo - 1]} {y}", "other driver"),
        (f"{d}'s ADR includes tank vehicle endorsement", "refinement"),
    ])

@template(L)
def l_cutoff(r):
    h = r.choice([12, 13, 14, 15])
    h2 = other(r, [11, 12, 13, 14, 15, 16], h)
    return dict(n="time notation", p=[
        f"Same-day orders must be in by {h12(h, 0, sep='', space='')}.",
        f"Tell customers on the phone that if they want a same-day dispatch, the order needs to reach us before {h12(h, 0)}; later orders don't go out that day.",
        f"same-day cutoff {h24(h, 0)}",
        f"Anything ordered after {h12(h, 0)} won't ship same day",
        f"Cut-off for same-day dispatch: {h24(h, 0, '')} hrs",
        f"Orders placed before {h24(h, 0)} go out the same day.",
    ], c=[
        (f"same-day cutoff {h24(h2, 0)}", "other cutoff"),
        (f"Same-day orders must be in by {h12(h2, 0, sep='', space='')}.", "other cutoff"),
    ], k=[
        ("Next-day cutoff is 6pm", "next-day vs same-day"),
        ("Same-day dispatch isn't offered on Sundays", "exception by day"),
        ("Same-day orders above 500 kg need dispatcher approval", "weight rule"),
    ])

# ----------------------------------------------------------------- law firm
J = "law_firm"
MATTERS = ["Harlow v Benton", "Re Kestrel Holdings", "Marsh v Delacroix", "Orion Freight v Tully",
           "Estate of P. Grant", "Vance v Northwind Ltd"]
PARTNERS = ["J. Osei", "M. Lindgren", "C. Abernathy", "S. Patel", "R. Dubois"]
ASSOC = ["R. Kim", "T. Novak", "A. Haddad", "E. Byrne"]

@template(J)
def j_lead(r):
    m, p = r.choice(MATTERS), r.choice(PARTNERS)
    return dict(n="lead partner restated", p=[
        f"{m} is led by partner {p}.",
        f"{m} — lead: {p}",
        f"{p} is the responsible partner on {m}",
        f"Partner in charge of {m}: {p}",
        f"{m} is {p}'s matter",
    ], c=[
        (f"{m} is led by partner {other(r, PARTNERS, p)}.", "other partner"),
        (f"Partner in charge of {m}: {other(r, PARTNERS, p)}", "other partner"),
    ], k=[
        (f"{r.choice(ASSOC)} is the associate on {m}", "associate"),
        (f"{p} also leads {other(r, MATTERS, m)}", "other matter"),
        (f"{m} is billed to cost centre LIT-{r.randint(10, 99)}", "billing code"),
    ])

@template(J)
def j_hearing(r):
    m = r.choice(MATTERS)
    mo, d, y = r.randint(1, 11), r.randint(13, 27), r.choice([2025, 2026])
    h, mi = r.choice([(10, 0), (10, 30), (14, 0)])
    f, t = dforms(mo, d, y), tforms(h, mi)
    return dict(n="date/time notation", p=[
        f"The hearing in {m} is listed for {f[1]} at {t[0]}.",
        f"Please note for the diary: the court has listed the hearing in {m} for {f[0]}, commencing at {t[1]}.",
        f"{m}: hearing {f[-3]} {t[0]}",
        f"Hearing ({m}) — {f[-2]}, {t[1]}",
        f"{m} comes on for hearing on {f[0]} at {t[2]}",
        f"We're in court on {m} {f[4]}, {t[1]} start.",
    ], c=[
        (f"The hearing in {m} is listed for {dforms(mo + 1, d, y)[1]} at {t[0]}.", "other date"),
        (f"{m}: hearing {f[-3]} {h24(h + 2, mi)}", "other time"),
        (f"The hearing in {m} has been vacated, no new date yet", "vacated"),
    ], k=[
        (f"Pre-trial review in {m} is two weeks before the hearing", "other listing"),
        (f"Counsel for the hearing in {m} is briefed: Ms. Aldana KC", "counsel"),
        (f"Hearing bundle for {m} must be lodged 7 days before the hearing", "bundle deadline"),
    ])

@template(J)
def j_rate(r):
    cur = r.choice(["£", "$", "€"])
    who = r.choice(["Partner", "Senior associate", "Associate", "Trainee"])
    base = {"Partner": [450, 500, 550, 600], "Senior associate": [320, 350, 380],
            "Associate": [250, 275, 300], "Trainee": [140, 150, 175]}[who]
    a = r.choice(base)
    a2 = other(r, base + [a + 50], a)
    m = money(a, cur)
    return dict(n="rate notation", p=[
        f"{who} hourly rate is {m[0]}.",
        f"{who.lower()} rate: {m[1]}/hr",
        f"We bill {who.lower()} time at {m[3]} an hour",
        f"{who} time is charged at {m[2]} per hour.",
        f"hourly ({who.lower()}s) = {m[0]}",
    ], c=[
        (f"{who} hourly rate is {money(a2, cur)[0]}.", "other rate"),
        (f"{who.lower()} rate: {money(a2, cur)[1]}/hr", "other rate"),
    ], k=[
        (f"Paralegal time is billed at {money(95, cur)[0]} an hour", "other grade"),
        ("Time is recorded in 6-minute units", "billing increment"),
        (f"{who} rates go up 5% every January", "review policy"),
    ])

@template(J)
def j_filing(r):
    m = r.choice(MATTERS)
    doc = r.choice(["Defence", "witness statements", "expert report", "skeleton argument"])
    mo, d = r.randint(1, 12), r.randint(13, 28)
    f = dforms(mo, d)
    return dict(n="deadline, date notation", p=[
        f"{doc.capitalize()} in {m} must be filed by {f[1]}.",
        f"{m}: {doc} due {f[7]}",
        f"Deadline to file the {doc} ({m}) is {f[0]}",
        f"{doc.capitalize()} due {f[4]} — {m}",
        f"We have until {f[2]} to file the {doc} in {m}.",
    ], c=[
        (f"{doc.capitalize()} in {m} must be filed by {dforms(mo, d - 7)[1]}.", "other deadline"),
        (f"Court extended the {doc} deadline in {m} to {dforms(mo % 12 + 1, d)[0]}", "extended deadline"),
    ], k=[
        (f"Reply in {m} is due 28 days after service of the Defence", "other document"),
        (f"{doc.capitalize()} in {m} {'are' if doc.endswith('s') else 'is'} being drafted by {r.choice(ASSOC)}", "who drafts"),
        (f"{doc.capitalize()} in {other(r, MATTERS, m)} {'are' if doc.endswith('s') else 'is'} due {f[1]} too", "other matter"),
    ])

@template(J)
def j_retainer(r):
    cl = r.choice(["Northwind Ltd", "Mrs Grant", "Kestrel Holdings", "Dr Tully", "Orion Freight"])
    amt = r.choice([2500, 5000, 7500, 10000])
    amt2 = other(r, [2500, 5000, 7500, 10000, 15000], amt)
    m = money(amt, "$")
    return dict(n="amount notation", p=[
        f"{cl} paid a {m[0]} retainer.",
        f"Accounts confirmed this morning that {cl} has transferred their retainer to us, and the amount received was {m[0]} in total.",
        f"Retainer received from {cl}: {m[1]}",
        f"{cl} has put {m[3]} on account as a retainer",
        f"{cl} – retainer {m[-1] if amt % 100 == 0 else m[2]}",
        f"We hold a {m[2]} retainer from {cl}.",
    ], c=[
        (f"{cl} paid a {money(amt2, '$')[0]} retainer.", "other amount"),
        (f"{cl} hasn't paid any retainer yet", "not paid"),
    ], k=[
        (f"The retainer for {cl} is topped up when the balance drops under $1,000", "replenishment rule"),
        (f"{cl}'s retainer sits in the client trust account", "where held"),
        (f"{cl} gets monthly statements against the retainer", "reporting"),
    ])

@template(J)
def j_conflict(r):
    cl = r.choice(["Northwind Ltd", "Kestrel Holdings", "Orion Freight", "Tully & Sons", "Delacroix SA"])
    return dict(n="status restated", p=[
        f"Conflict check for {cl} has cleared.",
        f"{cl}: conflicts — clear",
        f"No conflicts found for {cl}",
        f"Conflicts search on {cl} came back clean",
        f"We're clear to act for {cl}; the conflict check found nothing",
    ], c=[
        (f"Conflict check for {cl} flagged a conflict with an existing client", "conflict found"),
        (f"{cl}: conflicts — NOT clear, we can't act", "conflict found"),
    ], k=[
        (f"Conflict check for {cl}'s parent company is still pending", "other entity"),
        (f"Engagement letter for {cl} was sent on Monday", "next step"),
        (f"{cl} was referred by {r.choice(PARTNERS)}", "referral"),
    ])

# ----------------------------------------------------------------- family travel
T = "family_travel"
PEOPLE = ["Emma", "Leo", "Dad", "Mum", "Grandma", "Oscar", "Nora"]
DEST = [("Lisbon", "LIS"), ("Rome", "FCO"), ("Barcelona", "BCN"), ("Athens", "ATH"), ("Dublin", "DUB"),
        ("Copenhagen", "CPH")]
DE_CITY = {"Lisbon": "Lissabon", "Rome": "Rom", "Barcelona": "Barcelona", "Athens": "Athen",
           "Dublin": "Dublin", "Copenhagen": "Kopenhagen"}

@template(T)
def t_flight(r):
    city, code = r.choice(DEST)
    mo, d = r.choice([7, 8]), r.randint(13, 28)
    h, m = r.choice([(7, 45), (6, 15), (9, 30), (14, 45), (18, 15)])
    f, t = dforms(mo, d), tforms(h, m)
    return dict(n="date/time notation, IATA code", p=[
        f"Our flight to {city} leaves at {t[0]} on {f[0]}.",
        f"Okay everyone, our plane to {city} takes off on {f[1]} at {t[1]}, so plan the day around getting to the airport in time.",
        f"{code} flight: {f[7]}, departs {t[3]}",
        f"We fly to {city} on {f[1]}, departure {t[1]}",
        f"Outbound to {code} — {f[2]} {t[0]}",
        f"Flug nach {DE_CITY[city]}: {f[9]} um {t[0]} Uhr",
        f"family flies out to {city} {f[4]}, wheels up {t[2]}",
    ], c=[
        (f"Our flight to {city} leaves at {h24((h + 3) % 24, m)} on {f[0]}.", "other time"),
        (f"We fly to {city} on {dforms(mo, d - 2)[1]}.", "other date"),
    ], k=[
        (f"The return flight from {city} is two weeks later", "return flight"),
        (f"We need to be at the airport 2 hours before the {city} flight", "arrival buffer"),
        (f"Each of us has one 23 kg checked bag on the {city} flight", "baggage"),
    ])

@template(T)
def t_hotel(r):
    city = r.choice(DEST)[0]
    hotel = r.choice(["Hotel Avenida", "Casa Lumen", "The Harbour Inn", "Albergo Sole", "Villa Mira"])
    n = r.choice([3, 4, 5, 6, 7])
    n2 = other(r, [3, 4, 5, 6, 7, 8], n)
    return dict(n="stay restated", p=[
        f"We're staying at {hotel} in {city} for {n} nights.",
        f"{city} accommodation: {hotel}, {n} nts",
        f"{hotel} ({city}) booked for {NUM_WORDS[n]} nights",
        f"{n} nights at {hotel} while we're in {city}",
        f"Hotel in {city} is {hotel} — {NUM_WORDS[n]} nights",
    ], c=[
        (f"We're staying at {hotel} in {city} for {n2} nights.", "other length"),
        (f"Hotel in {city} is {other(r, ['Hotel Avenida', 'Casa Lumen', 'The Harbour Inn', 'Albergo Sole', 'Villa Mira'], hotel)}", "other hotel"),
    ], k=[
        (f"Breakfast is included at {hotel}", "amenity"),
        (f"{hotel} has a family room with two double beds", "room type"),
        (f"Check-in at {hotel} is from 3pm", "check-in time"),
    ])

@template(T)
def t_passport(r):
    p = r.choice(PEOPLE)
    mo, y = r.randint(1, 12), r.choice([2026, 2027, 2028, 2029])
    y2 = other(r, [2025, 2026, 2027, 2028, 2029, 2030], y)
    return dict(n="expiry notation", p=[
        f"{p}'s passport expires in {MONTHS[mo - 1]} {y}.",
        f"passport ({p}): exp {mo:02d}/{y}",
        f"{p}'s passport is valid until {MONTHS[mo - 1][:3]} {y}",
        f"{p} — passport expiry {y}-{mo:02d}",
    ], c=[
        (f"{p}'s passport expires in {MONTHS[mo - 1]} {y2}.", "other year"),
        (f"passport ({p}): exp {mo:02d}/{y2}", "other year"),
    ], k=[
        (f"{other(r, PEOPLE, p)}'s passport expires in {MONTHS[mo - 1]} {y}.", "other person"),
        (f"{p}'s passport is kept in the safe in the study", "where kept"),
        (f"{p} also has an Irish passport", "second passport"),
    ])

@template(T)
def t_seat(r):
    p = r.choice(PEOPLE)
    s, s2 = r.sample(["aisle", "window"], 2)
    return dict(n="preference restated", p=[
        f"{p} prefers {s} seats on flights.",
        f"{p}: {s} seat pls",
        f"Always book {p} an {s} seat" if s == "aisle" else f"Always book {p} a {s} seat",
        f"{p} likes sitting by the {s} when flying",
        f"seat pref ({p}) = {s}",
    ], c=[
        (f"{p} prefers {s2} seats on flights.", "other preference"),
        (f"seat pref ({p}) = {s2}", "other preference"),
    ], k=[
        (f"{other(r, PEOPLE, p)} prefers {s2} seats on flights", "other person"),
        (f"{p} wants to sit near the front of the plane", "row preference"),
        (f"{p} gets travel sick on ferries", "other travel fact"),
    ])

@template(T)
def t_budget(r):
    cur = r.choice(["€", "$", "£"])
    a = r.choice([3000, 3500, 4000, 4500, 5000, 6000])
    a2 = other(r, [3000, 3500, 4000, 4500, 5000, 6000, 7000], a)
    m = money(a, cur)
    return dict(n="amount notation", p=[
        f"Total budget for the summer trip is {m[0]}.",
        f"After talking it through, we decided the summer trip should cost no more than {m[0]} all together, flights, hotel and food included.",
        f"trip budget: {m[4]}",
        f"We've set aside {m[3]} for the whole summer holiday",
        f"Summer holiday budget = {m[1]} all in",
        f"The family's summer trip can cost at most {m[2]} in total.",
    ], c=[
        (f"Total budget for the summer trip is {money(a2, cur)[0]}.", "other amount"),
        (f"trip budget: {money(a2, cur)[4]}", "other amount"),
    ], k=[
        (f"{money(800, cur)[0]} of the trip budget is for activities", "breakdown"),
        (f"Flights for the summer trip came to {money(a // 4, cur)[0]}", "spend so far"),
        (f"Total budget for the autumn city break is {money((a // 300) * 100, cur)[0]}", "other trip"),
    ])

@template(T)
def t_allergy(r):
    p = r.choice(["Leo", "Emma", "Oscar", "Nora"])
    al = r.choice(["peanuts", "shellfish", "sesame", "eggs"])
    de = {"peanuts": "Erdnüsse", "shellfish": "Schalentiere", "sesame": "Sesam", "eggs": "Eier"}[al]
    adj = {"peanuts": "peanut", "shellfish": "shellfish", "sesame": "sesame", "eggs": "egg"}[al]
    return dict(n="allergy restated", p=[
        f"{p} is allergic to {al}.",
        f"Important for every restaurant booking on this trip: {p} has an allergy to {al}, so we always need to tell the staff.",
        f"{p} — {adj} allergy",
        f"{p} can't eat {al}, has an allergy",
        f"Allergies: {p} ({al})",
        f"{p} hat eine Allergie gegen {de}",
        f"Remember {p}'s {adj} allergy when ordering food",
    ], c=[
        (f"{p} has no food allergies.", "no allergy"),
        (f"{p} outgrew the {adj} allergy and can eat {al} now", "no longer allergic"),
    ], k=[
        (f"{p} carries an EpiPen", "related detail"),
        (f"{other(r, ['Leo', 'Emma', 'Oscar', 'Nora'], p)} is allergic to {al} as well", "other person"),
        (f"{p} is also lactose intolerant", "additional condition"),
    ])


# --- the set ---
SEED = 2020
DOMAINS = ["designer_clients", "ward_rota", "household", "saas_infra", "student_courses",
           "runner_training", "restaurant_kitchen", "logistics_dispatch", "law_firm",
           "family_travel"]
QUOTA = {"duplicate": 30, "contradiction": 12, "compatible": 18}
OUT = Path(__file__).with_name("pairs_tune20.jsonl")


def key(text):
    return re.sub(r"[^0-9a-zà-ÿ]+", " ", text.lower()).strip()


def build():
    rng = random.Random(SEED)
    used = set()
    rows = []
    for dom in DOMAINS:
        temps = REGISTRY[dom]
        for label, quota in QUOTA.items():
            got, attempts = 0, 0
            i = rng.randrange(len(temps))
            while got < quota:
                attempts += 1
                if attempts > 5000:
                    raise RuntimeError(f"cannot fill {dom}/{label}: {got}/{quota}")
                fact = temps[i % len(temps)](rng)
                i += 1
                if label == "duplicate":
                    a, b = rng.sample(fact["p"], 2)
                    note = "paraphrase: " + fact["n"]
                else:
                    pool = fact["c"] if label == "contradiction" else fact["k"]
                    a = rng.choice(fact["p"])
                    b, note = rng.choice(pool)
                    if label == "contradiction" and rng.random() < 0.3:
                        a, b = b, a
                ka, kb = key(a), key(b)
                if ka == kb or ka in used or kb in used:
                    continue
                used.update((ka, kb))
                rows.append({"a": a, "b": b, "label": label, "domain": dom, "note": note})
                got += 1
    rng.shuffle(rows)
    return rows


def main():
    rows = build()
    with OUT.open("w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {OUT.name}")
    print("by label:", dict(sorted(Counter(r["label"] for r in rows).items())))
    by_dom = Counter((r["domain"], r["label"]) for r in rows)
    for dom in DOMAINS:
        print(f"  {dom:20s}", {lab: by_dom[(dom, lab)] for lab in QUOTA})
    words = [len(t.split()) for r in rows for t in (r["a"], r["b"])]
    print(f"text length (words): min {min(words)} max {max(words)} "
          f"mean {sum(words) / len(words):.1f}")


if __name__ == "__main__":
    main()
