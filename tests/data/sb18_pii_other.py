"""PII rows part 2: contact data, addresses, DOB, bank data, health, salary, passports in HR / shop / DevOps / school / assistant notes."""
import json
import sb18_ids as ids
from sb18_common import R, pick, name, phone, email, address, digits, date_parts

TEMPLATES = []


def tpl(n):
    def deco(f):
        TEMPLATES.append((f.__name__, n, f))
        return f
    return deco


REG = {"kr": "KR", "de": "DE", "fr": "FR", "es": "ES", "it": "IT", "nl": "NL", "br": "BR", "in": "IN", "us": "US",
       "gb": "GB", "se": "SE", "pl": "PL", "fi": "FI", "jp": "JP", "cn": "CN", "mx": "MX", "tr": "TR", "za": "ZA",
       "no": "NO", "dk": "DK", "ca": "CA", "au": "AU", "be": "BE", "pt": "PT", "ch": "CH", "ie": "IE"}
ADDR_LOC = ["de", "fr", "es", "it", "nl", "us", "gb", "br", "se", "pl"]


def ts():
    return f"2026-{R.randrange(1, 12):02d}-{R.randrange(1, 28):02d} {R.randrange(24):02d}:{R.randrange(60):02d}:{R.randrange(60):02d}"


# ---------------- e-mail (30)
@tpl(6)
def cv_header_email():
    loc = pick(["de", "gb", "in", "us", "fr", "nl", "pl"])
    n = name(loc)
    e = email(n, loc=loc)
    role = pick(["Senior Backend Engineer", "Data Analyst", "HR Business Partner", "Warehouse Team Lead", "Product Designer"])
    return "pii.email", f"{n.upper()}\n{role}\n{e} | {pick(['linkedin.com/in/', 'github.com/'])}{e.split('@')[0].replace('.', '-')}\n\nSUMMARY\n{R.randrange(3, 15)} years of experience in {pick(['logistics', 'fintech', 'e-commerce', 'public sector'])}.", e


@tpl(5)
def order_json_email():
    loc = pick(["us", "gb", "de", "ca", "au"])
    n = name(loc)
    e = email(n, loc=loc)
    obj = {"order_id": f"{pick(['SO', 'ORD', '#'])}{digits(7)}", "status": pick(["refund_requested", "shipped", "on_hold"]),
           "customer": {"name": n, "email": e}, "total": f"{R.randrange(20, 400)}.{R.randrange(100):02d}"}
    return "pii.email", json.dumps(obj, ensure_ascii=False, indent=pick([None, 2])), e


@tpl(6)
def log_user_email():
    loc = pick(["de", "us", "fr", "es", "it", "br"])
    n = name(loc)
    e = email(n, loc=loc)
    return "pii.email", pick([
        f"{ts()} WARN  auth-service login failed user={e} ip=10.{R.randrange(256)}.{R.randrange(256)}.{R.randrange(256)} reason=bad_password attempts={R.randrange(2, 9)}",
        f"{{\"level\":\"error\",\"ts\":\"{ts()}\",\"msg\":\"smtp bounce\",\"to\":\"{e}\",\"code\":550}}",
        f"[{ts()}] password reset link sent to {e} (request_id={digits(10)})",
    ]), e


@tpl(5)
def parent_email():
    loc = pick(["gb", "ie", "au", "us"])
    n = name(loc)
    e = email(n, loc=loc)
    kid = n.split()[0]
    return "pii.email", pick([
        f"Y{R.randrange(3, 11)} trip consent: still missing from {n} (mum of {pick(['Oliver', 'Amelia', 'Freya', 'Harry'])}). Her personal email is {e}, the school one bounces.",
        f"Parent contact update — {n}: please use {e} for reports from now on.",
    ]), e


@tpl(8)
def assistant_email():
    loc = pick(["de", "fr", "es", "it", "br", "pl", "tr", "nl"])
    n = name(loc)
    e = email(n, loc=loc)
    t = {"de": f"Speicher die private Mail von {n}: {e}", "fr": f"L'adresse perso de {n}, c'est {e}",
         "es": f"El correo personal de {n} es {e}, apúntalo", "it": f"La mail privata di {n} è {e}",
         "br": f"Email pessoal da {n}: {e}", "pl": f"Prywatny e-mail {n}: {e}",
         "tr": f"{n} kişisel e-posta adresi: {e}", "nl": f"Privé-mail van {n}: {e}"}[loc]
    return "pii.email", t, e


# ---------------- phone (40)
@tpl(5)
def cv_header_phone():
    loc = pick(["de", "in", "gb", "es", "it", "pl"])
    n = name(loc)
    p = phone(REG[loc], pick(["intl", "nat"]))
    return "pii.phone", f"Curriculum Vitae — {n}\nTel.: {p}\nBerufserfahrung / Experience: {R.randrange(2, 20)} yrs", p


@tpl(6)
def shop_ticket_phone():
    loc = pick(["us", "gb", "de", "fr", "au", "ca"])
    n = name(loc)
    p = phone(REG[loc], pick(["intl", "nat", "e164"]))
    return "pii.phone", pick([
        f"Ticket #{digits(6)} | Customer {n} says the courier never called. Correct mobile: {p}. Please update the shipment.",
        f"Callback requested by {n} at {p} re: damaged blender, order {pick(['SO', 'A'])}{digits(8)}",
        f"{n} wants delivery SMS on {p} instead of the landline",
    ]), p


@tpl(5)
def runbook_private_phone():
    loc = pick(["de", "nl", "gb", "se", "pl"])
    n = name(loc)
    p = phone(REG[loc], "intl")
    return "pii.phone", pick([
        f"## Escalation\n1. Page #ops-primary\n2. If no ack in 15 min, call {n} on their private mobile {p}\n3. Open a bridge",
        f"oncall override this weekend: {n} ({p}) — pagerduty app broken on her phone",
    ]), p


@tpl(6)
def parent_phone():
    loc = pick(["gb", "fr", "de", "es", "it", "se"])
    n = name(loc)
    p = phone(REG[loc], pick(["nat", "intl"]))
    t = {"gb": f"Emergency contact for Year 6 pupil: {n} (father) {p}",
         "fr": f"Contact parent — {n}, portable : {p}, à appeler en cas d'absence.",
         "de": f"Elternkontakt {n}, Handy {p}, bei Krankheit bitte anrufen",
         "es": f"Teléfono de la madre ({n}): {p} — recoge al niño los martes",
         "it": f"Recapito genitore {n}: cell. {p}",
         "se": f"Vårdnadshavare {n}, mobil {p}"}[loc]
    return "pii.phone", t, p


@tpl(12)
def assistant_phone():
    loc = pick(["kr", "jp", "cn", "br", "mx", "tr", "in", "za", "no", "dk", "fi", "pt", "be", "ch"])
    n = name(loc)
    p = phone(REG[loc], pick(["intl", "nat"]))
    t = {"kr": f"{n} 휴대폰 번호 {p} 저장해줘", "jp": f"{n}さんの携帯番号は{p}です", "cn": f"{n}的手机号：{p}",
         "br": f"Salva o zap da {n}: {p}", "mx": f"El celular de {n} es {p}", "tr": f"{n} cep: {p}",
         "in": f"{n} ka number {p} save kar do", "za": f"{n}'s cell is {p}", "no": f"Mobilnummeret til {n} er {p}",
         "dk": f"{n}s mobil: {p}", "fi": f"{n}:n puhelinnumero on {p}", "pt": f"Telemóvel do {n}: {p}",
         "be": f"GSM van {n}: {p}", "ch": f"Natel von {n}: {p}"}[loc]
    return "pii.phone", t, p


@tpl(6)
def chat_phone():
    loc = pick(["us", "in", "de", "es", "fr", "it"])
    p = phone(REG[loc], pick(["intl", "nat", "e164"]))
    n = name(loc)
    return "pii.phone", pick([
        f"[{R.randrange(8, 22):02d}:{R.randrange(60):02d}] {n}: can u call me back on {p}? the app keeps logging me out",
        f"{n.split()[0]}: mi numero è {p} se serve" if loc == "it" else f"{n}: my number is {p} if the driver needs it",
    ]), p


# ---------------- address (30)
@tpl(8)
def shop_chat_address():
    loc = pick(["us", "gb", "de", "fr", "es", "it", "nl"])
    n = name(loc)
    a = address(loc)
    return "pii.address", pick([
        f"Customer: hi, I moved — please send order {digits(8)} to {a} instead",
        f"Agent note: {n} confirmed new delivery address {a}; reshipped via {pick(['DHL', 'UPS', 'DPD', 'Royal Mail'])}",
        f"{n}\n{a}\n— return label sent to this address",
    ]), a


@tpl(5)
def log_address():
    loc = pick(["de", "us", "gb", "br", "pl"])
    a = address(loc)
    return "pii.address", pick([
        f"{ts()} ERROR shipping-svc ValidationError: could not geocode ship_to=\"{a}\" for customer_id={digits(7)}",
        f"Traceback (most recent call last):\n  File \"labels.py\", line {R.randrange(40, 300)}, in render\nUnicodeEncodeError while printing address '{a}'",
    ]), a


@tpl(11)
def assistant_address():
    loc = pick(ADDR_LOC)
    n = name(loc)
    a = address(loc)
    t = {"de": f"Neue Adresse von {n}: {a}", "fr": f"{n} habite maintenant au {a}", "es": f"Dirección de casa de {n}: {a}",
         "it": f"Indirizzo di {n}: {a}", "nl": f"{n} woont nu op {a}", "us": f"Mail the birthday card to {n}, {a}",
         "gb": f"{n}'s home address: {a}", "br": f"Endereço da {n}: {a}", "se": f"{n} bor på {a}",
         "pl": f"Adres zamieszkania {n}: {a}"}[loc]
    return "pii.address", t, a


@tpl(6)
def school_address():
    loc = pick(["gb", "de", "fr", "nl", "pl"])
    n = name(loc)
    a = address(loc)
    return "pii.address", pick([
        f"Pupil: {n}\nHome address: {a}\nBus route: {R.randrange(1, 30)}",
        f"Change of address for {n}: {a} (parents separated, post goes to mum)",
    ]), a


# ---------------- DOB (20)
@tpl(20)
def dob():
    loc = pick(["de", "fr", "us", "gb", "kr", "jp", "es", "it", "br", "nl", "pl", "se"])
    n = name(loc)
    y, m, d = date_parts(1940, 2019)
    fmt = {"de": f"{d:02d}.{m:02d}.{y}", "fr": f"{d:02d}/{m:02d}/{y}", "us": f"{m:02d}/{d:02d}/{y}", "gb": f"{d} {['January','February','March','April','May','June','July','August','September','October','November','December'][m-1]} {y}",
           "kr": f"{y}년 {m}월 {d}일", "jp": f"{y}年{m}月{d}日", "es": f"{d:02d}/{m:02d}/{y}", "it": f"{d:02d}/{m:02d}/{y}",
           "br": f"{d:02d}/{m:02d}/{y}", "nl": f"{d:02d}-{m:02d}-{y}", "pl": f"{d:02d}.{m:02d}.{y}", "se": f"{y}-{m:02d}-{d:02d}"}[loc]
    t = {"de": [f"{n}, geb. {fmt}, Bewerbung als Lagerist", f"Geburtsdatum von {n}: {fmt}"],
         "fr": [f"{n}, né(e) le {fmt}", f"Date de naissance de {n} : {fmt}"],
         "us": [f"Background check request: {n}, DOB {fmt}", f"Remind me {n}'s birthday — DOB {fmt}"],
         "gb": [f"{n} (date of birth {fmt}) — registered with the practice", f"Applicant {n}, born {fmt}"],
         "kr": [f"{n} 생년월일 {fmt}", f"어머니({n}) 생신 {fmt}"], "jp": [f"{n}（{fmt}生まれ）", f"{n}さん 生年月日：{fmt}"],
         "es": [f"Fecha de nacimiento de {n}: {fmt}"], "it": [f"{n}, nato/a il {fmt}"], "br": [f"Data de nascimento da {n}: {fmt}"],
         "nl": [f"Geboortedatum {n}: {fmt}"], "pl": [f"Data urodzenia {n}: {fmt}"], "se": [f"{n}, född {fmt}"]}[loc]
    return "pii.date_of_birth", pick(t), fmt


# ---------------- bank (25) + card (12)
@tpl(8)
def payroll_iban():
    cc = pick(["DE", "FR", "ES", "IT", "NL", "BE", "PT", "IE", "AT", "GB"])
    loc = {"DE": "de", "FR": "fr", "ES": "es", "IT": "it", "NL": "nl", "BE": "be", "PT": "pt", "IE": "ie", "AT": "de", "GB": "gb"}[cc]
    n = name(loc)
    v = ids.iban(cc, pick([True, True, False]))
    return "pii.bank.iban", pick([
        f"Hi HR, this is {n} — I switched banks. Please pay my salary to {v} from next month. Thanks!",
        f"Payroll change request\nEmployee: {n}\nNew IBAN: {v}\nEffective: {R.randrange(1, 28)}/{R.randrange(1, 13)}/2026",
        f"bank details for {n}'s expense reimbursement: {v}",
    ]), v


@tpl(6)
def refund_iban():
    cc = pick(["DE", "NL", "FR", "ES", "IT", "PL", "SE", "CH", "DK", "FI", "NO"])
    n = name({"DE": "de", "NL": "nl", "FR": "fr", "ES": "es", "IT": "it", "PL": "pl", "SE": "se", "CH": "ch", "DK": "dk", "FI": "fi", "NO": "no"}[cc])
    v = ids.iban(cc)
    return "pii.bank.iban", pick([
        f"Return RMA-{digits(6)} approved. Paid by invoice, so refund by bank transfer to the customer {n}: {v}",
        f"Kunde {n} möchte die Erstattung auf {v}",
        f"Chat transcript:\nCustomer ({n}): I paid cash on delivery, can you refund to my account {v}?\nAgent: Sure, allow 5-7 days.",
    ]), v


@tpl(6)
def assistant_iban():
    cc = pick(["DE", "FR", "ES", "IT", "NL", "PT", "BE"])
    loc = {"DE": "de", "FR": "fr", "ES": "es", "IT": "it", "NL": "nl", "PT": "pt", "BE": "be"}[cc]
    n = name(loc)
    v = ids.iban(cc)
    t = {"de": f"Miete an {n} überweisen, IBAN {v}", "fr": f"Virement à {n} pour la nounou : IBAN {v}",
         "es": f"Transferir a {n} (casero): {v}", "it": f"IBAN di {n} per il regalo di matrimonio: {v}",
         "nl": f"Tikkie terug naar {n}: {v}", "pt": f"IBAN do {n} para a renda: {v}", "be": f"Rekening van {n}: {v}"}[loc]
    return "pii.bank.iban", t, v


@tpl(5)
def us_bank_account():
    n = name("us")
    acct = digits(R.randrange(9, 13), True)
    return "pii.bank.account", pick([
        f"Direct deposit form — {n}: routing 0{digits(8)}, checking account {acct}",
        f"{n} wants the refund ACH'd to account #{acct} (routing 1{digits(8)}) — she doesn't have the card anymore",
    ]), acct


@tpl(12)
def card_in_chat():
    brand = pick(["visa", "mc", "amex", "visa"])
    v = ids.card(brand, pick([True, False]))
    n = name(pick(["us", "gb", "de", "fr", "es", "br"]))
    exp = f"{R.randrange(1, 13):02d}/{R.randrange(27, 32)}"
    return "pii.payment_card", pick([
        f"Customer {n}: my card got declined, it's {v} exp {exp}, can you try it manually?",
        f"{n} pasted the full card number in the chat ({v}) — please purge the transcript",
        f"Notiz: Kreditkarte von {n} für die Hotelbuchung: {v}, gültig bis {exp}",
        f"Carte bancaire de {n} pour le prélèvement : {v}",
    ]), v


# ---------------- health (25)
COND = {
    "en": ["type 1 diabetes", "epilepsy", "a severe peanut allergy", "ADHD", "long COVID", "multiple sclerosis",
           "clinical depression", "a herniated disc", "breast cancer (currently in chemotherapy)", "Crohn's disease",
           "an anxiety disorder", "asthma", "a pregnancy (due in March)"],
    "de": ["Burnout", "Bandscheibenvorfall", "Diabetes Typ 2", "Depression", "Schwangerschaft"],
    "fr": ["une sclérose en plaques", "un diabète de type 1", "une dépression", "de l'hypertension"],
    "es": ["un trastorno bipolar", "una hernia discal", "cáncer de mama"],
}


@tpl(25)
def health():
    lang = pick(["en", "en", "en", "de", "fr", "es"])
    c = pick(COND[lang])
    if lang == "en":
        n = name(pick(["us", "gb", "au", "ie", "ca", "in"]))
        t = pick([f"{n} will be off until the 14th — they told me in confidence it is {c}.",
                  f"Pupil {n}: medical note on file, {c}. Staff must be aware on trips.",
                  f"Reasonable adjustment request from {n} (warehouse): diagnosed with {c}, needs seated work.",
                  f"Personal note: my doctor confirmed {c}. Remind me about the follow-up on Tuesday. — {n}",
                  f"Candidate {n} mentioned in the interview having {c}; don't put this in the ATS."])
    elif lang == "de":
        n = name("de")
        t = pick([f"{n} ist krankgeschrieben, Diagnose laut Gespräch: {c}.", f"Vertraulich: {n} – {c}, Wiedereingliederung ab nächstem Monat."])
    elif lang == "fr":
        n = name("fr")
        t = pick([f"{n} nous a informés avoir {c}, prévoir un aménagement de poste.", f"Note élève {n} : {c}, PAI à jour."])
    else:
        n = name("es")
        t = pick([f"{n} está de baja por {c}.", f"Nota confidencial: a {n} le diagnosticaron {c}."])
    return "pii.health", t, c


# ---------------- salary (18)
@tpl(18)
def salary():
    loc = pick(["us", "de", "gb", "fr", "in", "nl", "es", "kr"])
    n = name(loc)
    amt = {"us": f"${R.randrange(70, 220)},{R.randrange(0, 10)}00", "de": f"{R.randrange(45, 120)}.{R.randrange(0, 10)}00 €",
           "gb": f"£{R.randrange(32, 110)},000", "fr": f"{R.randrange(38, 95)} {R.randrange(0, 10)}00 € brut annuel",
           "in": f"₹{R.randrange(8, 60)} LPA", "nl": f"€ {R.randrange(3, 9)}.{R.randrange(100, 999)} bruto per maand",
           "es": f"{R.randrange(28, 80)}.000 € brutos", "kr": f"연봉 {R.randrange(40, 150)}00만원"}[loc]
    t = {"us": [f"Offer letter draft: we are pleased to offer {n} the position of {pick(['Store Manager', 'SRE', 'Recruiter'])} at a base salary of {amt} per year.",
                f"FYI {n}'s comp after the promo is {amt} base — keep it between us."],
         "de": [f"Gehaltsanpassung {n}: neues Jahresgehalt {amt}", f"{n} verdient aktuell {amt} brutto im Jahr"],
         "gb": [f"Pay review: {n} moves to {amt} from April", f"Offer to {n} accepted at {amt}"],
         "fr": [f"Proposition pour {n} : {amt}"], "in": [f"Offer for {n}: CTC {amt}", f"{n} current CTC {amt}, expecting 30% hike"],
         "nl": [f"Salaris {n}: {amt}"], "es": [f"Salario de {n}: {amt}"], "kr": [f"{n} {amt}으로 계약 갱신"]}[loc]
    return "pii.salary", pick(t), amt


# ---------------- passport (12)
@tpl(12)
def passport():
    loc = pick(["de", "fr", "us", "gb", "in", "kr", "it", "es"])
    n = name(loc)
    num = {"de": "C" + "".join(pick("CFGHJKLMNPRTVWXYZ0123456789") for _ in range(8)), "fr": f"{digits(2)}{pick('ABCDEFGHJKLMNPRSTVWXYZ')}{pick('ABCDEFGHJKLMNPRSTVWXYZ')}{digits(5)}",
           "us": digits(9, True), "gb": digits(9, True), "in": pick("JKLMNPRSTUVWZ") + digits(7, True), "kr": "M" + digits(8),
           "it": pick(["YA", "YB", "YC"]) + digits(7), "es": "PA" + pick("ABCDEFGHJKL") + digits(6)}[loc]
    t = {"de": f"Reisepassnummer {n}: {num}, gültig bis {R.randrange(2027, 2036)}",
         "fr": f"Passeport de {n} : n° {num}", "us": f"Travel booking for {n}: passport #{num}, exp {R.randrange(2027, 2036)}",
         "gb": f"Right-to-work check done for {n} — UK passport {num}", "in": f"Visa application for {n}, passport no. {num}",
         "kr": f"{n} 여권번호 {num}", "it": f"Passaporto di {n}: {num}", "es": f"Pasaporte de {n}: {num}"}[loc]
    return "pii.passport." + loc, t, num
