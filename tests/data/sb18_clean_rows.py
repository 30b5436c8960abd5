"""Clean rows: same settings, business/public data only (placeholders, masked values, company numbers, ...)."""
import json
import phonenumbers
from phonenumbers import PhoneNumberType
from stdnum.fr import siren, siret
from stdnum.au import abn
from stdnum.us import ein
from stdnum.gb import vat as gbvat
from stdnum import luhn
import sb18_tokens as T
from sb18_common import R, pick, digits, hexs, alnum, phone

TEMPLATES = []


def tpl(n):
    def deco(f):
        TEMPLATES.append((f.__name__, n, f))
        return f
    return deco


def _until(mod, g):
    while True:
        c = g()
        if mod.is_valid(c):
            return c


def ts():
    return f"2026-{R.randrange(1, 12):02d}-{R.randrange(1, 28):02d}T{R.randrange(24):02d}:{R.randrange(60):02d}:{R.randrange(60):02d}Z"


SHOPS = ["Lumen Home GmbH", "Kestrel Outdoor Ltd", "Brightwood Academy", "Fernweh Reisen AG", "Maison Pivert SAS",
         "Tienda Olivar S.L.", "Casa Bellini S.r.l.", "Nordvik Sport AB"]


@tpl(6)
def env_placeholder():
    f = R.randrange(4)
    return "clean.placeholder_secret", [
        f"# .env.example — copy to .env and fill in\nDATABASE_URL=postgresql://USER:PASSWORD@localhost:5432/{pick(['shop', 'hr', 'school'])}\nSTRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx\nSENDGRID_API_KEY=<your-sendgrid-key>",
        f"env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: {pick(['payroll-db', 'orders-db', 'grades-db'])}\n        key: password",
        f"- name: Deploy\n  env:\n    AWS_ACCESS_KEY_ID: ${{{{ secrets.AWS_ACCESS_KEY_ID }}}}\n    AWS_SECRET_ACCESS_KEY: ${{{{ secrets.AWS_SECRET_ACCESS_KEY }}}}\n  run: ./deploy.sh {pick(['staging', 'prod'])}",
        f"export OPENAI_API_KEY=\"$(op read 'op://ops/openai/{pick(['credential', 'api-key'])}')\"\npython summarize.py",
    ][f], ""


@tpl(5)
def docs_placeholder():
    return "clean.placeholder_secret", pick([
        "To authenticate, send `Authorization: Bearer <ACCESS_TOKEN>` with every request. Tokens expire after 60 minutes.",
        f"Replace YOUR_API_KEY in config.yaml with the key from the dashboard (Settings → API). Never commit the real value.",
        "password: \"{{ vault_smtp_password }}\"  # injected by ansible-vault at deploy time",
        "curl -u admin:$JENKINS_TOKEN https://jenkins.ops.internal/job/storefront/build",
        "mysql -h db.internal -u reporting -p   # will prompt for the password",
        f"DB_PASS=changeme-in-prod # placeholder only, real value in SSM /{pick(['shop', 'hr'])}/prod/db_pass",
    ]), ""


@tpl(8)
def masked_values():
    return "clean.masked", pick([
        f"Refund of €{R.randrange(10, 300)},{R.randrange(100):02d} issued to the card ending in {digits(4)}.",
        f"Payment method: Visa •••• {digits(4)} (exp **/**)",
        f"IBAN on file: DE** **** **** **** **{digits(2)} {digits(2)} — verified",
        f"SSN: ***-**-{digits(4)} (masked by HRIS)",
        f"{ts()} INFO gateway auth=\"Bearer ***REDACTED***\" path=/v2/orders status=200",
        f"Stripe key rotated; old key sk_live_…{alnum(4)} revoked at {ts()}",
        f"AWS_SECRET_ACCESS_KEY=****************************************",
        f"Phone on file: +49 *** ***{digits(2)}",
        f"token: ghp_************************************ (hidden)",
    ]), ""


@tpl(6)
def public_keys():
    b = T.b64url(bytes(R.randrange(256) for _ in range(32))).replace("-", "+").replace("_", "/")
    f = R.randrange(3)
    if f == 0:
        return "clean.public_key", f"# authorized_keys for deploy user\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b[:43]} deploy@ci-runner-{R.randrange(1, 9)}", ""
    if f == 1:
        k = T.pem("PUBLIC KEY", 294)
        return "clean.public_key", f"JWT verification key (public, safe to share):\n{k}", ""
    return "clean.public_key", f"const stripe = Stripe('pk_live_51{alnum(97)}'); // publishable key, used in the browser", ""


@tpl(4)
def example_keys():
    return "clean.example_key", pick([
        "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE  # from the AWS docs example",
        "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY  (docs sample, not real)",
        "Use the test card 4242 4242 4242 4242 with any future expiry and any CVC in Stripe test mode.",
        "Test IBAN for sandbox payouts: DE89 3704 0044 0532 0130 00 (the standard example IBAN)",
    ]), ""


@tpl(8)
def company_ids():
    f = R.randrange(6)
    if f == 0:
        v = siren.format(_until(siren, lambda: digits(9, True)))
        return "clean.company_number", f"{pick(SHOPS[4:5] + ['Boulangerie Martin SARL'])} — SIREN {v}, RCS Lyon", ""
    if f == 1:
        v = abn.format(_until(abn, lambda: digits(11, True)))
        return "clean.company_number", f"Tax invoice\nKestrel Outdoor Pty Ltd  ABN {v}\nGST included: ${R.randrange(5, 90)}.{R.randrange(100):02d}", ""
    if f == 2:
        v = ein.format(_until(ein, lambda: digits(9, True)))
        return "clean.company_number", f"Vendor W-9 on file: Brightline Logistics LLC, EIN {v}", ""
    if f == 3:
        v = gbvat.format(_until(gbvat, lambda: "GB" + digits(9, True)))
        return "clean.company_number", f"Kestrel Outdoor Ltd, registered in England & Wales no. {digits(8)}. VAT reg. {v}", ""
    if f == 4:
        return "clean.company_number", f"Impressum: Lumen Home GmbH, Amtsgericht München HRB {R.randrange(100000, 299999)}, USt-IdNr. DE{digits(9, True)}", ""
    v = siret.format(_until(siret, lambda: digits(14, True)))
    return "clean.company_number", f"Facture n° F-2026-{digits(5)} — Maison Pivert SAS — SIRET {v}", ""


@tpl(8)
def support_lines():
    reg = pick(["US", "GB", "DE", "FR", "AU", "ES", "IT"])
    ex = phonenumbers.example_number_for_type(reg, PhoneNumberType.TOLL_FREE)
    if ex is None:
        p = "+1 800 555 0199"
    else:
        p = phonenumbers.format_number(ex, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    shop = pick(SHOPS)
    return "clean.support_line", pick([
        f"Need help with your order? Call {shop} customer care on {p} (Mon–Fri 8:00–20:00).",
        f"Support macro: \"You can reach our returns team at {p} or returns@{shop.split()[0].lower()}.com\"",
        f"Hotline {shop}: {p} — kostenfrei aus dem Festnetz",
    ]), ""


SHOP_ADDR = ["Kaufingerstraße 12, 80331 München", "14 rue de Rivoli, 75004 Paris", "Carrer de Pelai 58, 08001 Barcelona",
             "Via Torino 21, 20123 Milano", "Kalverstraat 92, 1012 PH Amsterdam", "350 Fifth Avenue, New York, NY 10118",
             "Unit 4, Meadowhall Retail Park, Sheffield S9 1EP", "Drottninggatan 53, 111 21 Stockholm"]


@tpl(6)
def shop_address():
    a = pick(SHOP_ADDR)
    return "clean.business_address", pick([
        f"Store pickup location: {pick(SHOPS)}, {a}. Opening hours {R.randrange(8, 11)}:00–{R.randrange(18, 21)}:00.",
        f"Returns address (warehouse): {pick(SHOPS)} c/o Returns Dept., {a}",
        f"Rücksendungen bitte an: {a} – Paket ausreichend frankieren.",
    ]), ""


@tpl(8)
def order_tracking():
    f = R.randrange(5)
    if f == 0:
        return "clean.tracking_number", f"Your parcel is on its way! UPS tracking: 1Z{alnum(6, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789')}{digits(10)}", ""
    if f == 1:
        return "clean.tracking_number", f"DHL Sendungsnummer {digits(10, True)} – Zustellung voraussichtlich {pick(['Mo', 'Di', 'Mi', 'Do', 'Fr'])}.", ""
    if f == 2:
        return "clean.order_number", f"Order #{digits(6, True)} — status: {pick(['packed', 'shipped', 'delivered', 'refund issued'])} — {R.randrange(1, 6)} items — total €{R.randrange(10, 500)}.{R.randrange(100):02d}", ""
    if f == 3:
        rows = "\n".join(f"| {pick(['SO', 'WEB'])}-{digits(7)} | {pick(['shipped', 'returned', 'pending'])} | {R.randrange(5, 300)}.{R.randrange(100):02d} EUR |" for _ in range(3))
        return "clean.order_number", "| order | status | amount |\n|---|---|---|\n" + rows, ""
    return "clean.tracking_number", f"USPS tracking {pick(['9400', '9205', '9361'])} {digits(4)} {digits(4)} {digits(4)} {digits(4)} {digits(2)} — delivered to front desk", ""


@tpl(10)
def ci_logs_clean():
    sha = hexs(40)
    return "clean.ci_log", pick([
        f"{ts()} Step 4/9 : FROM python:3.{R.randrange(9, 13)}-slim@sha256:{hexs(64)}",
        f"Run #{R.randrange(1000, 9999)} succeeded on main ({sha[:7]}) in {R.randrange(2, 15)}m{R.randrange(60)}s — {R.randrange(200, 900)} tests passed, 0 failed",
        f"[{ts()}] helm upgrade checkout ./chart --set image.tag=v{R.randrange(1, 5)}.{R.randrange(30)}.{R.randrange(10)} --namespace prod\nRelease \"checkout\" has been upgraded. Happy Helming!",
        f"error: failed to push some refs to 'git@github.com:acme-retail/storefront.git'\nhint: Updates were rejected because the tip of your current branch is behind\ncommit {sha}",
        f"{ts()} WARN  pod/orders-api-{hexs(10)}-{alnum(5, 'abcdefghijklmnopqrstuvwxyz0123456789')} OOMKilled (limit 512Mi), restart count {R.randrange(1, 8)}",
        f"request_id={T.uuid4()} method=POST path=/v1/carts status=502 upstream=10.4.{R.randrange(256)}.{R.randrange(256)}:8080 latency_ms={R.randrange(100, 30000)}",
    ]), ""


@tpl(6)
def incident_clean():
    return "clean.incident", pick([
        f"INC-{R.randrange(1000, 9999)} resolved: checkout p99 latency spiked to {R.randrange(2, 9)}.{R.randrange(10)}s between {R.randrange(10, 23)}:{R.randrange(60):02d} and {R.randrange(10, 23)}:{R.randrange(60):02d} UTC after a bad index migration. Rolled back to v{R.randrange(1, 4)}.{R.randrange(40)}.{R.randrange(9)}.",
        f"Postmortem action items:\n- [ ] add alert on replication lag > {R.randrange(10, 120)}s\n- [ ] rotate all tokens that were in the leaked .env (done by secops)\n- [ ] document failover in runbook",
        f"Runbook: if disk usage on /var/lib/postgresql exceeds {R.randrange(75, 95)}%, run `vacuumdb --all --analyze` and page the DBA channel.",
        f"status page update {ts()}: We are investigating elevated error rates on card payments. Orders are not lost.",
    ]), ""


@tpl(6)
def config_clean():
    return "clean.config", pick([
        f"server {{\n  listen 443 ssl;\n  server_name shop.{pick(['lumenshop.io', 'kestrel.net'])};\n  ssl_certificate /etc/letsencrypt/live/shop/fullchain.pem;\n  ssl_certificate_key /etc/letsencrypt/live/shop/privkey.pem;\n  client_max_body_size {R.randrange(1, 50)}m;\n}}",
        f"replicas: {R.randrange(2, 8)}\nresources:\n  limits:\n    cpu: \"{R.randrange(1, 4)}\"\n    memory: {pick(['512Mi', '1Gi', '2Gi'])}\nimage: ghcr.io/acme-retail/storefront:{R.randrange(1, 4)}.{R.randrange(20)}.{R.randrange(9)}",
        f"[tool.poetry.dependencies]\npython = \"^3.11\"\ndjango = \"{R.randrange(4, 6)}.{R.randrange(3)}.{R.randrange(10)}\"\ncelery = \"5.4.0\"",
        json.dumps({"retry": {"max_attempts": R.randrange(2, 8), "backoff_ms": R.randrange(100, 2000)}, "region": pick(["eu-west-1", "us-east-2"]), "feature_flags": {"new_checkout": bool(R.randrange(2))}}, indent=2),
    ]), ""


@tpl(6)
def hashes_ids():
    return "clean.identifier", pick([
        f"sha256sum release.tar.gz\n{hexs(64)}  release.tar.gz",
        f"Merged PR #{R.randrange(100, 5000)} as {hexs(40)}",
        f"Trace {hexs(32)} span {hexs(16)} duration {R.randrange(1, 900)}ms",
        f"Session id for the bug report: {T.uuid4()} (no user data attached)",
        f"docker pull ghcr.io/acme-retail/worker@sha256:{hexs(64)}",
    ]), ""


@tpl(10)
def hr_clean():
    return "clean.hr", pick([
        f"Salary band for Senior Engineer (L5), Berlin: €{R.randrange(70, 85)}k–€{R.randrange(90, 110)}k. Bands are reviewed every April.",
        f"Onboarding checklist: laptop ordered, accounts created, buddy assigned, first 1:1 scheduled for day {R.randrange(2, 6)}.",
        f"We received {R.randrange(40, 400)} applications for the Warehouse Team Lead role; {R.randrange(5, 20)} shortlisted, interviews next week.",
        f"Reminder: payroll cut-off this month is the {R.randrange(15, 25)}th. Expense claims after that go into next month's run.",
        f"Offer letter template v{R.randrange(2, 9)}: \"We are pleased to offer you the position of [ROLE] at a base salary of [AMOUNT] per year.\"",
        f"Urlaubsanspruch: {R.randrange(25, 31)} Tage pro Jahr, Übertrag bis 31.03. möglich.",
        f"Política de teletrabajo: hasta {R.randrange(2, 4)} días por semana, previa aprobación del responsable.",
    ]), ""


@tpl(10)
def school_clean():
    return "clean.school", pick([
        f"Term dates: autumn half-term {R.randrange(20, 28)}–{R.randrange(28, 31)} October; INSET day on {R.randrange(1, 6)} January.",
        f"Year {R.randrange(7, 12)} parents' evening: Thursday {R.randrange(16, 19)}:00–{R.randrange(19, 21)}:00, book slots via the school app.",
        f"Stundenplan 7b: Mo 1.–2. Std. Mathe (Raum {R.randrange(101, 320)}), 3. Std. Englisch",
        f"Cantine : menu du {R.randrange(1, 28)} — lasagnes végétariennes, yaourt, pomme. Prix du repas {R.randrange(3, 5)},{R.randrange(10, 90)} €.",
        f"Attendance this week: {R.randrange(90, 99)}.{R.randrange(10)}% (target 96%). {R.randrange(2, 30)} pupils late on Monday.",
        f"School office phone {phone('GB', 'nat', PhoneNumberType.FIXED_LINE)} — open 8:15–16:00 during term time.",
    ]), ""


@tpl(9)
def shop_chat_clean():
    return "clean.support_chat", pick([
        f"Agent: Thanks for waiting! Your return for order #{digits(7)} was received at our warehouse and the refund of ${R.randrange(10, 250)}.{R.randrange(100):02d} is on its way.",
        "Customer: does the jacket run small?\nAgent: It's true to size; if in doubt, go one size up. Free exchanges within 30 days.",
        f"Macro: Delivery to the Canary Islands takes {R.randrange(5, 12)} working days and customs fees may apply.",
        f"Cliente: ¿tienen la talla {R.randrange(36, 46)} en azul?\nAgente: Sí, quedan {R.randrange(2, 9)} unidades en nuestra tienda de Barcelona.",
        f"Price update: item SKU-{digits(6)} now €{R.randrange(10, 99)},{pick(['99', '49', '00'])} (was €{R.randrange(100, 150)},00)",
        f"Kunde fragt nach Lieferzeit. Antwort: Versand innerhalb von {R.randrange(1, 4)} Werktagen, Expresszuschlag {R.randrange(5, 15)},90 €.",
    ]), ""


@tpl(16)
def assistant_clean():
    return "clean.assistant_note", pick([
        f"Erinnerung: Zahnarzttermin verschieben, Praxis öffnet um {R.randrange(7, 10)}:30.",
        f"Rappelle-moi d'acheter du pain et de réserver le train Lyon–Paris du {R.randrange(1, 28)} (départ {R.randrange(6, 20)}h{pick(['04', '34', '56'])}).",
        f"내일 오전 {R.randrange(8, 12)}시 팀 회의, 발표 자료 v{R.randrange(2, 6)} 준비하기",
        f"明日の{R.randrange(9, 18)}時に歯医者の予約。保険証を忘れないこと。",
        f"提醒我周{pick('一二三四五')}下午{R.randrange(2, 6)}点交电费，金额大约{R.randrange(80, 300)}元。",
        f"Lembrar: renovar a assinatura do streaming, R$ {R.randrange(20, 60)},90 por mês.",
        f"Recuérdame que el vuelo IB{digits(4)} sale a las {R.randrange(6, 22)}:{pick(['05', '35', '50'])} desde la T4.",
        f"Ricordami di pagare il bollo auto entro il {R.randrange(1, 30)} del mese.",
        f"Herinner me: vuilnis buiten zetten op {pick(['maandag', 'donderdag'])} avond.",
        f"Przypomnij mi o przeglądzie auta w przyszłym tygodniu, koszt ok. {R.randrange(90, 200)} zł.",
        f"Pazartesi {R.randrange(9, 17)}:00'de banka randevusu var.",
        f"Päivitä puhelimen ohjelmisto versioon {R.randrange(14, 19)}.{R.randrange(6)}.{R.randrange(3)} viikonloppuna.",
        f"Remind me to renew the car insurance — current premium £{R.randrange(300, 900)} a year, policy renews on the {R.randrange(1, 28)}th.",
        f"Påminn mig att boka tvättstugan på {pick(['lördag', 'söndag'])} kl {R.randrange(7, 20)}.",
    ]), ""


@tpl(6)
def versions_prices():
    return "clean.misc", pick([
        f"Release notes v{R.randrange(1, 6)}.{R.randrange(30)}.{R.randrange(10)} ({ts()[:10]}): fixed rounding of VAT on discounted items.",
        f"Subscription price changes on {ts()[:10]}: Basic €{R.randrange(5, 10)}.99 → €{R.randrange(10, 15)}.99/month.",
        f"node v{R.randrange(18, 23)}.{R.randrange(12)}.{R.randrange(5)}, npm {R.randrange(9, 11)}.{R.randrange(9)}.{R.randrange(5)}, postgres {R.randrange(13, 18)}.{R.randrange(6)}",
        f"Q{R.randrange(1, 5)} KPI: {R.randrange(1000, 9000)} orders, AOV €{R.randrange(40, 90)}.{R.randrange(100):02d}, return rate {R.randrange(5, 25)}%",
        f"Cron: 0 {R.randrange(24)} * * * /usr/local/bin/backup.sh >> /var/log/backup.log 2>&1",
    ]), ""


@tpl(6)
def luhn_like_clean():
    n = digits(12, True)
    return "clean.order_number", pick([
        f"Invoice {n}{luhn.calc_check_digit(n)} paid on {ts()[:10]}",
        f"Customer reference {digits(10, True)} — please quote it when contacting support.",
        f"Bestellnummer {digits(3)}-{digits(7)}-{digits(7)} storniert, Gutschrift folgt.",
    ]), ""


@tpl(6)
def named_business_contact():
    return "clean.business_contact", pick([
        f"For press enquiries contact press@{pick(['lumenshop.io', 'kestrel.net', 'brightwood-school.org'])} or call the switchboard.",
        "Questions about payroll? Email payroll@lumenhome.de — the team answers within two working days.",
        f"The IT helpdesk is at helpdesk@brightwood-school.org, ext. {R.randrange(200, 299)}.",
        "Invoices go to accounts-payable@kestrel.net (PDF only, one invoice per e-mail).",
    ]), ""
