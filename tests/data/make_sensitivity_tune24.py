# ruff: noqa: E501, E741, E731, E402, SIM108
"""Generate sensitivity_tune24.jsonl: a dev set for the sensitivity gate (probe "sensitivity_tune24").

Emphasis on hard cases: personal data written in prose rather than behind a label.

Counts: 600 rows = 330 pii, 120 secret, 150 clean.
  pii (330): health told in passing in 12 languages (90), home addresses of ~29 countries after
    varied cues (70), a person's money: salary, debts, loans, benefits (40), phones written oddly
    (40), e-mails written oddly (30), unlabelled personal ids of stdnum schemes beyond Europe (60).
  secret (120): credentials in shell history / CLI commands (28), .netrc (6), git remotes (8),
    connection strings of 13 engines (24), passwords in sentences in 10 languages (18),
    tokens/keys of 20+ vendors (36).
  clean (150): hard look-alikes: public health facts (20), business addresses (12), support
    lines (10), placeholders/templates (17), test-mode and documented example keys (10), hashes
    (12), product/order/tracking ids (15), masked data (14), salary bands/prices (10), configs that
    reference secrets (7), public keys/logs (10), company ids/versions/uuids (13).
Seed: 2424 (all randomness from one random.Random(SEED)). Deterministic output.
Run: /work/main/.venv/bin/python make_sensitivity_tune24.py
"""
import hashlib
import json
import os
import random
import string
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stune24_ids as ids
import stune24_pii as P
import stune24_sc as SC

SEED = 2424
PROBE = "sensitivity_tune24"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sensitivity_tune24.jsonl")
R = random.Random(SEED)

rows = []
seen = set()


def add(text, label, kind, template, value):
    if text in seen:
        return False
    if label == "clean":
        assert value == "", text
    else:
        assert value and value in text, (template, value, text)
    seen.add(text)
    rows.append({"text": text, "label": label, "kind": kind, "template": template, "probe": PROBE,
                 "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], "value": value})
    return True


def fill(n, makers, label):
    """Round-robin over makers (each returns (text, kind, template, value)) until n unique rows."""
    got, i, tries = 0, 0, 0
    while got < n:
        f = makers[i % len(makers)]
        i += 1
        text, kind, template, value = f(R)
        if add(text, label, kind, template, value):
            got += 1
        tries += 1
        assert tries < n * 50, (label, makers)


# ================================================================= PII
def health_makers():
    ms = []
    for lang, tpls in P.HEALTH.items():
        for ti, (tpl, data, whos) in enumerate(tpls):
            def m(r, lang=lang, ti=ti, tpl=tpl, data=data, whos=whos):
                x = r.choice(data)
                w = r.choice(whos)
                t = tpl.replace("{w} ", "").replace("{w}", "") if w is None else tpl.replace("{w}", w)
                t = t.replace("{x}", x)
                t = t[0].upper() + t[1:] if r.random() < 0.7 else t
                if t.startswith(x[0].upper() + x[1:]):
                    x = x[0].upper() + x[1:]
                return t, "pii.health", f"health_{lang}_{ti}", x
            ms.append(m)
    return ms


def address_makers():
    ms = []
    for cc, (lang, fac) in P.ADDR.items():
        def m(r, cc=cc, lang=lang, fac=fac):
            x = fac(r)
            cue_lang = lang if (lang in P.ADDR_CUES and r.random() < 0.75) else "en"
            tpl, tname = r.choice(P.ADDR_CUES[cue_lang])
            n = r.choice(P.NAMES.get(cue_lang, P.NAMES["en"]))
            t = tpl.replace("{n}", n).replace("{x}", x)
            return t, "pii.address", f"{tname}_{cc.lower()}", x
        ms.append(m)
    return ms


def money_makers():
    def sal_en(r):
        x = r.choice(["$", "£", "€"]) + f"{r.randint(28, 140) * 1000 + r.choice([0, 500]):,}"
        n = r.choice(["Dan", "Meera", "my husband", "Olu", "Kirsten"])
        t = r.choice([f"{n} just told me they're on {x} a year and still can't make rent.",
                      f"{n}'s offer came in at {x} base, they asked me whether to counter.",
                      f"note: user earns {x} gross, wants a budget that pays off the car first"])
        return t, "pii.financial", "money_salary_en", x

    def debt_en(r):
        x = f"${r.randint(3, 95)},{r.randint(100, 999)}"
        n = r.choice(["Sam", "my brother", "Rachel", "her ex", "Uncle Joe"])
        t = r.choice([f"{n} still owes {x} on the student loans and the servicer keeps calling.",
                      f"{n} has {x} of credit card debt across three cards, we're trying the snowball method.",
                      f"Reminder: {n} borrowed {x} from dad for the deposit, pays back 400/month."])
        return t, "pii.financial", "money_debt_en", x

    def benefit_gb(r):
        x = f"£{r.randint(300, 1400)}.{r.randint(0, 99):02d}"
        t = r.choice([f"Mum gets {x} a month Universal Credit since she stopped working — it's paid on the 9th.",
                      f"Ahmed's PIP award came through, {x} every four weeks, backdated to March.",
                      f"her carer's allowance is {x} a month, don't count it as household income on the form"])
        return t, "pii.financial", "money_benefit_gb", x

    def gehalt_de(r):
        n = r.choice(["Jonas", "Meine Frau", "Tobias", "Mein Vater"])
        k = r.randint(0, 2)
        if k == 0:
            x = f"{r.randint(2, 6)}.{r.randint(100, 999)} € {r.choice(['netto', 'brutto'])}"
            t = f"{n} verdient {x} im Monat, die Miete frisst die Hälfte."
        elif k == 1:
            x = f"{r.randint(4, 9)}.{r.randint(100, 999)} € brutto"
            t = f"{n} bekommt ab Juli {x}, nach der Beförderung."
        else:
            x = f"{r.randint(8, 60)}.{r.choice(['000', '500', '250'])} €"
            t = f"{n} hat noch {x} Schulden bei der Sparkasse, Rate {r.randint(2, 9)}00 € im Monat."
        return t, "pii.financial", "money_gehalt_de", x

    def salaire_fr(r):
        n = r.choice(["Camille", "Mon frère", "Ma mère", "Hugo"])
        k = r.randint(0, 2)
        if k == 0:
            x = f"{r.randint(1, 2)} {r.randint(100, 999)} € net"
            t = f"{n} touche {x} par mois, elle veut savoir si elle a droit à la prime d'activité."
        elif k == 1:
            x = f"{r.randint(2, 5)} {r.randint(100, 999)} € net"
            t = f"{n} gagne {x} et rembourse encore le prêt étudiant."
        else:
            x = f"{r.randint(560, 690)} €"
            t = f"{n} est au RSA, {x} par mois, depuis la fermeture de l'usine."
        return t, "pii.financial", "money_salaire_fr", x

    def sueldo_es(r):
        n = r.choice(["Javier", "Mi hermana", "Lucía", "Mi padre"])
        k = r.randint(0, 2)
        if k == 0:
            x = f"{r.randint(14, 60)}.{r.randint(0, 9)}00 € brutos al año"
            t = f"{n} cobra {x} y no le alcanza para la hipoteca."
        elif k == 1:
            x = f"${r.randint(8, 90)},000 pesos al mes"
            t = f"{n} gana {x}; le debe al banco lo del coche."
        else:
            x = f"{r.randint(3, 40)}.000 euros"
            t = f"{n} le debe {x} a Cofidis y ya le embargaron la nómina."
        return t, "pii.financial", "money_sueldo_es", x

    def loan_pt(r):
        n = r.choice(["Meu pai", "A Júlia", "O Caio", "Minha tia"])
        k = r.randint(0, 2)
        if k == 0:
            x = f"R$ {r.randint(3, 90)}.{r.randint(100, 999)},00"
            t = f"{n} tem uma dívida de {x} no cartão e o nome tá no Serasa."
        elif k == 1:
            x = f"R$ {r.randint(5, 60)}.{r.randint(100, 999)},00"
            t = f"{n} pegou um empréstimo consignado de {x}, parcela desconta direto na aposentadoria."
        else:
            x = f"R$ {r.randint(2, 25)}.{r.randint(100, 999)},00"
            t = f"{n} ganha {x} por mês de salário, quer ajuda pra declarar o IR."
        return t, "pii.financial", "money_divida_pt", x

    def loan_json(r):
        x = f"{r.randint(10, 400) * 1000}"
        n = r.choice(["Pieter de Vries", "Anika Sharma", "Tomasz Nowak", "Ama Owusu"])
        t = json.dumps({"memory": "loan application", "applicant": n, "monthly_income": r.randint(2, 9) * 1000, "outstanding_debt": int(x), "arrears": r.choice([True, False])}, ensure_ascii=False)
        return t, "pii.financial", "money_loan_json", x

    def chat_money(r):
        x = f"{r.randint(2, 40)}k"
        t = r.choice([f"[Mon 21:14] Nadia: honestly we're {x} in the hole after the IVF rounds, can't do the wedding abroad",
                      f"<lee> my mortgage arrears hit {x} this month, bank sent the letter",
                      f"Tanvi (DM): got laid off, severance is {x} and that's it till I find something"])
        return t, "pii.financial", "money_chat", x
    return [sal_en, debt_en, benefit_gb, gehalt_de, salaire_fr, sueldo_es, loan_pt, loan_json, chat_money]


PHONE_REGIONS = ["GB", "DE", "FR", "US", "BR", "IN", "JP", "NG", "KE", "MX", "AU", "SE", "PL", "TR", "ZA", "KR", "NL", "ES", "IT", "CA", "AR", "CO", "PH", "EG", "SG"]


def phone_makers():
    def odd(r, p, style):
        e = ids.fmt_phone(p, "e164")
        intl = ids.fmt_phone(p, "intl")
        nat = ids.fmt_phone(p, "national")
        if style == "spaced":
            return " ".join(c for c in nat if c.isdigit())
        if style == "dotted":
            return intl.replace(" ", ".").replace("-", ".")
        if style == "intl00":
            return "00" + e[1:]
        if style == "dashes":
            return nat.replace("(", "").replace(")", "").replace(" ", "-").replace("--", "-")
        if style == "paren_cc":
            return "(+" + str(p.country_code) + ") " + intl.split(" ", 1)[1]
        if style == "slash":
            return nat.replace(" ", "/", 1) if " " in nat else nat
        if style == "intl":
            return intl
        if style == "nospace":
            return "".join(c for c in nat if c.isdigit())
        return nat

    # (template, name, style, regions)
    tpls = [
        ("call me on {x} after 6, landline is dead", "phone_callme_chat", "spaced", ["GB", "AU", "ZA", "NG", "IE"]),
        ("{n}'s new mobile: {x} (old one was stolen)", "phone_newmobile", "dotted", PHONE_REGIONS),
        ("whatsapp {n} at {x} for the school run", "phone_wa_url", "wa", PHONE_REGIONS),
        ("[{x}] — {n}, private, only for emergencies", "phone_tel_uri", "tel", PHONE_REGIONS),
        ("{n} → {x}", "phone_arrow_note", "dashes", ["US", "CA", "KR", "JP", "PH"]),
        ("if I don't pick up try my wife {x}", "phone_wife", "intl00", PHONE_REGIONS),
        ("Meine Handynummer hat sich geändert: {x}", "phone_handynummer_de", "slash", ["DE", "AT", "CH"]),
        ("mon perso c'est le {x}, pas le fixe du bureau", "phone_perso_fr", "spaced", ["FR", "BE"]),
        ("{n} dejó su celular: {x}, llamar después de las 5", "phone_celular_es", "national", ["MX", "AR", "CO", "ES", "CL", "PE"]),
        ("reach {n} directly at {x} — that's her private number, not the office", "phone_private", "paren_cc", PHONE_REGIONS),
        ("sms the door code to {x} (that's {n}'s personal number)", "phone_sms_personal", "intl", PHONE_REGIONS),
        ("contact.vcf: FN:{n}\nTEL;TYPE=cell:{x}", "phone_vcard", "intl", PHONE_REGIONS),
        ("ligar pra {n} no {x}, é o celular dela", "phone_celular_pt", "national", ["BR"]),
        ("{n}'s number is {x}, she said text don't call", "phone_nospace", "nospace", ["GB", "IN", "NG", "KE", "PH", "ZA"]),
    ]
    ms = []
    for tpl, tname, style, regions in tpls:
        def m(r, tpl=tpl, tname=tname, style=style, regions=regions):
            reg = r.choice(regions)
            p = ids.make_phone(r, reg, "mobile")
            e = ids.fmt_phone(p, "e164")
            n = r.choice(["Kofi", "Aiko", "Mateus", "Ingrid", "Deepa", "Yusra", "Clara", "Bilal", "Sunita", "Joana"])
            if style == "wa":
                x = "https://wa.me/" + e[1:]
                check = e
            elif style == "tel":
                x = "tel:" + e
                check = e
            else:
                x = odd(r, p, style)
                check = x
            assert ids.phone_ok(check, reg), (check, reg)
            t = tpl.replace("{x}", x).replace("{n}", n)
            return t, "pii.phone", tname + "_" + reg.lower(), x
        ms.append(m)
    return ms


def email_makers():
    firsts = ["anna", "kenji", "lucia", "tobias", "fatima", "olu", "mei", "sven", "rahul", "chloe", "diego", "ewa"]
    lasts = ["berg", "tanaka", "moreno", "krause", "haddad", "adeyemi", "lin", "nilsson", "iyer", "martin", "ramos", "kowalska"]
    doms = ["gmail.com", "outlook.com", "yahoo.co.uk", "gmx.de", "web.de", "proton.me", "icloud.com", "orange.fr", "libero.it", "naver.com", "qq.com", "hotmail.es", "t-online.de", "wp.pl"]

    def local(r):
        f, l = r.choice(firsts), r.choice(lasts)
        return r.choice([f"{f}.{l}", f"{f}{l}{r.randint(1, 99)}", f"{f[0]}{l}", f"{f}_{l}", f"{l}.{f}{r.randint(70, 99)}"])

    def m_atdot(r):
        lc, d = local(r), r.choice(doms)
        x = lc.replace(".", " dot ") + " at " + d.replace(".", " dot ")
        return f"my personal one is {x}, the work address bounces", "pii.email", "email_at_dot_words", x

    def m_brackets(r):
        lc, d = local(r), r.choice(doms)
        x = f"{lc} [at] {d.replace('.', ' [dot] ')}"
        return f"{r.choice(['Kenji', 'Ewa', 'Rahul', 'Chloe', 'Fatima'])} asked to be cc'd privately on the custody thread: {x}", "pii.email", "email_brackets", x

    def m_mailto(r):
        lc, d = local(r), r.choice(doms)
        x = f"mailto:{lc}@{d}"
        return f"Link in her bio goes to {x}?subject=Commission — that's her own inbox", "pii.email", "email_mailto_url", x

    def m_plus(r):
        lc, d = local(r), r.choice(["gmail.com", "proton.me", "icloud.com"])
        tag = r.choice(['bank', 'school', 'doctor', 'taxes'])
        x = f"{lc}+{tag}@{d}"
        return f"User filters mail with tags; use {x} for anything {tag}-related.", "pii.email", "email_plus_tag", x

    def m_spaced(r):
        lc, d = local(r), r.choice(doms)
        x = f"{lc} @ {d}"
        return f"<maria> pls send the photos to my sister: {x}", "pii.email", "email_spaced_chat", x

    def m_de(r):
        lc, d = local(r), r.choice(["gmx.de", "web.de", "t-online.de", "posteo.de"])
        x = f"{lc}(at){d}"
        return f"Private Mail von Frau {r.choice(['Krause', 'Yilmaz', 'Hofmann'])}: {x} – bitte nicht an die Firmenadresse.", "pii.email", "email_at_paren_de", x

    def m_url(r):
        lc, d = local(r), r.choice(doms)
        x = f"{lc}%40{d}"
        return f"reset link was https://app.example.org/reset?email={x}&t=1 — that's the user's personal address", "pii.email", "email_in_url_encoded", x

    def m_obf(r):
        lc, d = local(r), r.choice(doms)
        x = f"{lc} (at) {d.split('.')[0]} (dot) {'.'.join(d.split('.')[1:])}"
        return f"Contact the landlord's daughter directly — {x} — she handles the deposit.", "pii.email", "email_at_dot_paren", x
    return [m_atdot, m_brackets, m_mailto, m_plus, m_spaced, m_de, m_url, m_obf]


ID_TPLS = {
    "br.cpf": ["Coloca o {x} da Fernanda na nota fiscal, ela pediu.", "pix do Rodrigo é o {x}, o CPF mesmo", "Paciente Maria José dos Santos, {x}, retorno em 15 dias."],
    "ar.cuit": ["Facturale a Martín Gómez, {x}, monotributista.", "para la transferencia a mi viejo: {x}, Banco Nación"],
    "cl.rut": ["Boleta a nombre de Camila Rojas, {x}.", "el rut de la señora Pérez es {x}, ya lo verifiqué"],
    "co.nit": ["Cuenta de cobro de Andrés Ríos, {x}, persona natural."],
    "mx.curp": ["Ana Lucía trajo su {x} para la inscripción.", "registro del niño en la guardería: {x}", "Juan me mandó su {x} por WhatsApp para el trámite del IMSS."],
    "ec.ci": ["Cédula de mi mamá {x}, para el turno del IESS.", "Ficha de la paciente Rosa Quispe — {x}"],
    "ve.rif": ["Factura a nombre de Carlos Mendoza {x}."],
    "cr.cpf": ["La cédula de don Álvaro es {x}, para el contrato de alquiler."],
    "do.cedula": ["Luis Peña, {x}, firmó el pagaré hoy."],
    "cn.ric": ["帮王芳订高铁票，身份证号{x}", "Booking the Beijing hotel for Li Wei: {x} (from his ID card photo)"],
    "in.aadhaar": ["Ramesh sent his {x} on WhatsApp for the KYC, add to the file", "aadhaar of my mother for the hospital form: {x}", "Sunita Devi, {x}, ration card linked"],
    "in.pan": ["Rent receipt: tenant Priya Nair, landlord PAN {x}.", "Arjun's {x} needed for the TDS certificate"],
    "kr.rrn": ["김민지 씨 {x} — 건강검진 예약용", "Hotel asked for Ji-woo's number for the check-in, it's {x}"],
    "th.pin": ["Somchai's card number {x}, for the condo lease.", "สมหญิง {x} ใช้สำหรับเปิดบัญชี"],
    "my.nric": ["Nurul's IC is {x}, for the tuition centre form", "Ahmad bin Ismail ({x}) — guarantor for the car loan"],
    "id.nik": ["NIK Bu Siti {x} buat daftar BPJS", "Putri sent {x} from her KTP for the visa letter"],
    "pk.cnic": ["Bilal Ahmed, {x}, nominee for the savings account", "Ammi's {x} for the Hajj application"],
    "il.idnr": ["Noa's teudat zehut {x}, for the kupat holim form", "Tenant: Yael Cohen, {x}"],
    "tr.tckimlik": ["Mehmet Bey'in kimlik no {x}, e-Devlet başvurusu için", "Ayşe {x} — kira sözleşmesine yaz"],
    "za.idnr": ["Thabo's {x} for the FICA docs at the bank", "Mrs Naidoo {x}, SASSA grant appeal"],
    "jp.in": ["母のマイナンバーは{x}です。確定申告用。", "Haruto's {x} for the payroll setup"],
    "us.ssn": ["Dad's is {x}, the IRS form wants it on page 2", "jake's social {x} (he texted it, delete after filing)", "put {x} in the W-4 for Maria"],
    "ca.sin": ["Émilie's {x} for the T4 — she starts Monday", "my SIN {x}, use it for the CRA login recovery"],
    "au.tfn": ["Liam's {x} for the super fund rollover", "TFN for Grace (new hire): {x}"],
    "nz.ird": ["Aroha's IRD {x} for the KiwiSaver form", "Mere's number is {x}, IRD needs it for the refund"],
    "ke.pin": ["Wanjiru Kamau {x}, for the KRA returns", "Otieno's {x} — needed by the landlord for the lease"],
}


def id_makers():
    ms = []
    for scheme, tpls in ID_TPLS.items():
        for ti, tpl in enumerate(tpls):
            def m(r, scheme=scheme, tpl=tpl, ti=ti):
                x = ids.make_id(r, scheme)
                return tpl.replace("{x}", x), "pii.national_id", f"id_{scheme.replace('.', '_')}_{ti}", x
            ms.append(m)
    return ms


fill(90, health_makers(), "pii")
fill(70, address_makers(), "pii")
fill(40, money_makers(), "pii")
fill(40, phone_makers(), "pii")
fill(30, email_makers(), "pii")
fill(60, id_makers(), "pii")

# ================================================================= SECRET
fill(28, SC.shell_makers(), "secret")
fill(6, SC.netrc_makers(), "secret")
fill(8, SC.git_makers(), "secret")
fill(24, SC.conn_makers(), "secret")
fill(18, SC.password_makers(), "secret")
fill(36, SC.token_makers(), "secret")

# ================================================================= CLEAN
CLEAN_COUNTS = {"clean.public_health": 20, "clean.business_address": 12, "clean.support_line": 10,
                "clean.placeholder": 17, "clean.example_key": 10, "clean.hash": 12, "clean.order_id": 15,
                "clean.masked": 14, "clean.salary_band": 10, "clean.config_ref": 7, "clean.public_key": 10,
                "clean.company_id": 13}
_cm = SC.clean_makers()
for _k, _n in CLEAN_COUNTS.items():
    fill(_n, _cm[_k], "clean")

# ================================================================= checks + write
import re

import stdnum.br.cnpj  # noqa: F401  (company ids in clean rows are checked there)

for row in rows:
    if row["kind"] == "pii.national_id":
        scheme = row["template"][3:].rsplit("_", 1)[0].replace("_", ".", 1)
        assert ids.valid_id(scheme, row["value"]), row
    if row["label"] == "clean":
        t = row["text"]
        assert not re.search(r"\bAKIA[0-9A-Z]{16}\b", t) or "EXAMPLE" in t, t
        assert "sk_live_" not in t or "x" * 8 in t or "<" in t, t

assert len(rows) == 600, len(rows)
assert len({r["text"] for r in rows}) == 600
with open(OUT, "w", encoding="utf-8") as fh:
    for row in rows:
        fh.write(json.dumps(row, ensure_ascii=False) + "\n")

print(Counter(r["label"] for r in rows))
for k, v in sorted(Counter(r["kind"] for r in rows).items()):
    print(f"  {k:28s} {v}")
print("templates:", len({r["template"] for r in rows}))
print("wrote", OUT)
_ = string
