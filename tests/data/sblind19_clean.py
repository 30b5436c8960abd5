# ruff: noqa: E501, E741, E731, E402, SIM108
"""Clean look-alike templates for the blind19 set (nothing sensitive; value is "")."""

from stdnum import iso6346
from stdnum.au import abn
from stdnum.br import cnpj
from stdnum.cz import dic
from stdnum.il import hp
from stdnum.ro import cui
from stdnum.ua import edrpou

from sblind19_values import AN, D, HEX, UP, _complete, rs


def comp_id(r):
    k = r.choice(["cnpj", "abn", "cui", "dic", "hp", "edrpou"])
    if k == "cnpj":
        n = _complete(cnpj, rs(r, D, 8) + "0001", D, 2)
        return "CNPJ " + cnpj.format(n)
    if k == "abn":
        for _ in range(300):
            b = rs(r, D, 9)
            for cd in range(10, 100):
                c = f"{cd}{b}"
                if abn.is_valid(c):
                    return "ABN " + abn.format(c)
        raise RuntimeError
    if k == "cui":
        return "CUI RO" + _complete(cui, rs(r, "123456789", 1) + rs(r, D, 6), D, 1)
    if k == "dic":
        return "IČO " + _complete(dic, rs(r, "2345678", 1) + rs(r, D, 6), D, 1)
    if k == "hp":
        return "ח.פ. " + _complete(hp, "51" + rs(r, D, 6), D, 1)
    return "ЄДРПОУ " + _complete(edrpou, rs(r, "234", 1) + rs(r, D, 6), D, 1)


def container(r):
    return _complete(iso6346, r.choice(["MSCU", "MAEU", "CMAU", "HLXU", "TGHU"]) + rs(r, D, 6), D, 1)


def entries(r):
    S = lambda x: (lambda r: x)
    return {
        "clean.placeholder": [
            ("ph_env", "en", S(""), ["STRIPE_SECRET_KEY=<YOUR_STRIPE_SECRET_KEY>", "OPENAI_API_KEY=sk-...your-key-here", "DB_PASSWORD=${DB_PASSWORD}", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"], None),
            ("ph_docs", "en", S(""), ["Replace <API_TOKEN> with the token from the dashboard before running the fleet sync.", "Set `password: \"changeme-in-prod\"` only in the local docker-compose; prod reads from the vault.", "Usage: deploy.sh --token $DEPLOY_TOKEN --env staging"], None),
            ("ph_vi", "vi", S(""), ["Điền API key vào biến YOUR_API_KEY trong file .env.example"], None),
            ("ph_es", "es", S(""), ["Pon tu clave en CLAVE_API=xxxx-xxxx-xxxx y reinicia el servicio."], None),
            ("ph_id_form", "id", S(""), ["Format NIK: 16 digit, contoh isian: XXXXXXXXXXXXXXXX"], None),
            ("ph_yaml", "en", S(""), ["slack:\n  webhook_url: https://hooks.slack.com/services/XXX/YYY/ZZZ"], None),
            ("ph_cz", "cs", S(""), ["Do formuláře vyplňte rodné číslo ve tvaru RRMMDD/XXXX."], None),
            ("ph_json", "en", S(""), ['{"api_key": "{{ api_key }}", "endpoint": "https://api.example.com"}'], None),
        ],
        "clean.masked": [
            ("mk_card", "en", lambda r: rs(r, D, 4), ["Refund issued to card ending §v.", "Customer paid with Visa ****§v, auth code approved.", "Cartão final §v recusado, pedir outro meio de pagamento."], None),
            ("mk_iban", "ro", lambda r: rs(r, D, 4), ["Plata a plecat în contul RO** **** **** **** **** §v."], None),
            ("mk_phone", "en", lambda r: rs(r, D, 3), ["OTP sent to +44 7*** ***§v.", "Mã OTP đã gửi tới số ******§v"], None),
            ("mk_key", "en", lambda r: rs(r, AN, 4), ["Stripe key rotated; new key sk_live_…§v is in the vault.", "API key (last 4: §v) was revoked on Monday."], None),
            ("mk_email", "en", S(""), ["Password reset link sent to j***@g***.com.", "החשבון מקושר למייל n***@walla.co.il"], None),
            ("mk_ssn", "en", lambda r: rs(r, D, 4), ["SSN on file: ***-**-§v (verified)."], None),
        ],
        "clean.public_key": [
            ("pub_ssh", "en", lambda r: "AAAAC3NzaC1lZDI1NTE5AAAAI" + rs(r, AN + "+/", 43), ["Add this to authorized_keys on the depot box: ssh-ed25519 §v ops@fleetly", "GitHub deploy key (public): ssh-ed25519 §v ci@nimbus"], None),
            ("pub_pem", "en", lambda r: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" + rs(r, AN + "+/", 52) + "\n" + rs(r, AN + "+/", 36) + "==", ["Webhook signature verification key:\n-----BEGIN PUBLIC KEY-----\n§v\n-----END PUBLIC KEY-----"], None),
            ("pub_age", "en", lambda r: "age1" + rs(r, "qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), ["sops recipients: §v"], None),
            ("pub_pk", "en", lambda r: "pk_live_51" + rs(r, AN, 60), ["Publishable key for checkout.js (safe in the browser): §v"], None),
            ("pub_fpr", "en", lambda r: " ".join(rs(r, HEX.upper(), 4) for _ in range(10)), ["PGP fingerprint of the security@ key: §v"], None),
        ],
        "clean.example_key": [
            ("ex_aws", "en", S(""), ["From the AWS docs: AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE, AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "The tutorial uses AKIAIOSFODNN7EXAMPLE as the sample key id."], None),
            ("ex_stripe", "en", S(""), ["Stripe test card 4242 4242 4242 4242 with any future expiry works in test mode.", "Docs test key sk_test_4eC39HqLyjWDarjtT1zdp7dc is the one from Stripe's examples."], None),
            ("ex_jwt", "en", S(""), ["jwt.io sample token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"], None),
            ("ex_iban", "de", S(""), ["Beispiel-IBAN aus der Doku: DE89 3704 0044 0532 0130 00 (nicht echt).", "Example IBAN in the ISO spec: GB82 WEST 1234 5698 7654 32"], None),
            ("ex_ssn", "en", S(""), ["078-05-1120 is the famous Woolworth wallet SSN, invalid since 1938 — good for parser tests."], None),
            ("ex_slack", "en", S(""), ["Slack docs show xoxb-not-a-real-token-this-will-not-work in the sample code.", "Twilio's docs use ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX as the example Account SID."], None),
        ],
        "clean.company_id": [
            ("co_id", "en", comp_id, ["Invoice issuer: Fleetly Logistics, §v.", "Supplier registration: §v, confirmed on the public registry.", "Vendor master data updated: §v (company, not a person)."], None),
            ("co_id_pt", "pt", comp_id, ["Faturar contra a empresa, §v."], None),
        ],
        "clean.support_line": [
            ("sl_en", "en", S(""), ["Stripe support: https://support.stripe.com; AWS billing line 1-866-216-7820 (public).", "The vet clinic's front desk is +61 2 9876 0000 (business line, on the website).", "Student helpline: 1800 123 456, Mon–Fri."], None),
            ("sl_multi", "en", S(""), ["Tổng đài hỗ trợ khách hàng: 1900 545 415", "קו שירות לקוחות: *2800", "Infolinia: 801 100 100 (dla klientów firmowych)", "Call center ของธนาคาร: 1333"], None),
            ("sl_mail", "en", S(""), ["For refunds write to support@nimbus-games.com, not to the dev team.", "Admissions inquiries: admissions@uni.example.edu"], None),
        ],
        "clean.business_address": [
            ("ba", "en", S(""), ["Our Berlin office moved to Friedrichstraße 68, 10117 Berlin (reception 3rd floor).", "Depot address for drop-offs: Unit 7, Prologis Park, Coventry CV6 4QX.", "Law firm HQ: Av. Paulista 1842, 14º andar, São Paulo - SP.", "Campus admissions office: Building C, 200 University Ave W, Waterloo ON.", "Return damaged goods to our warehouse: 1200 Industrial Pkwy, Dock 4, Reno NV 89502.", "Studio office: 3-12-1 Shibuya, Shibuya-ku, Tokyo (reception on 5F)."], None),
            ("ba_ml", "en", S(""), ["Phòng khám thú y: 25 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội (giờ mở cửa 8h–20h)", "Sídlo firmy: Na Příkopě 33, Praha 1", "Biroul din Cluj: Str. Memorandumului 28, et. 4"], None),
        ],
        "clean.reference_number": [
            ("ref_order", "en", lambda r: rs(r, D, 3) + "-" + rs(r, D, 7) + "-" + rs(r, D, 7), ["Amazon order §v arrived damaged, reorder.", "Pedido §v enviado, chega quinta."], None),
            ("ref_track", "en", lambda r: "1Z" + rs(r, UP + D, 6) + rs(r, D, 10), ["UPS tracking §v — out for delivery.", "Lô hàng theo dõi bằng mã §v"], None),
            ("ref_container", "en", container, ["Container §v cleared customs at Rotterdam.", "Контейнер §v прибув у порт Одеса."], None),
            ("ref_part", "en", lambda r: rs(r, UP, 2) + "-" + rs(r, D, 5) + "-" + rs(r, UP, 1), ["Brake pad part no. §v for the Actros fleet.", "Ticket #§k: replace sensor §v on truck 14."], None),
            ("ref_booking", "en", lambda r: rs(r, UP, 6), ["Flight booking ref §v, gate closes 45 min before.", "Case file LF-2025-§k opened for the landlord matter."], None),
        ],
        "clean.price": [
            ("pr", "en", lambda r: f"{r.randint(5, 900)}.{r.randint(0, 99):02d}", ["Battle pass price set to $§v in the US store.", "Vaccine package for puppies: €§v.", "Diesel at the Ploiești depot: §v lei/L… no wait, that's per 100 L.", "Application fee: §v EUR, non-refundable."], None),
            ("pr_ml", "en", lambda r: str(r.randint(20, 999)), ["ค่าส่งด่วน §v บาท", "Phí khám: §v.000 đ", "Konzultace: §v Kč za 30 minut"], None),
        ],
        "clean.measurement": [
            ("ms", "en", lambda r: str(r.randint(2, 39)), ["Reefer trailer 12 held at §v °C overnight, within spec.", "Server room temperature alert cleared at §v°C.", "Route Lagos–Ibadan is about 1§v km, allow 2.5 h.", "Dog weighed §v kg at the check-up."], None),
            ("ms_ml", "en", lambda r: str(r.randint(2, 39)), ["Nhiệt độ kho lạnh: -§v°C", "Hmotnost palety: 4§v kg"], None),
        ],
        "clean.version": [
            ("ver", "en", lambda r: f"{r.randint(1, 24)}.{r.randint(0, 30)}.{r.randint(0, 20)}", ["Upgraded the game server to build §v, patch notes posted.", "Pinned psycopg to §v after the regression.", "Unity §v breaks the IL2CPP build on Android."], None),
            ("ver_img", "en", lambda r: f"{r.randint(1, 9)}.{r.randint(0, 30)}", ["image: ghcr.io/fleetly/router:§v-alpine"], None),
        ],
        "clean.commit_hash": [
            ("sha", "en", lambda r: rs(r, HEX, 40), ["Hotfix landed in commit §v, tagged v2.3.1.", "Revert §v if the matchmaking latency comes back."], None),
            ("sha_short", "en", lambda r: rs(r, HEX, 7), ["bisect points at §v (\"refactor dispatch queue\")."], None),
            ("digest", "en", lambda r: rs(r, HEX, 64), ["deployed image digest sha256:§v"], None),
        ],
        "clean.public_health": [
            ("phi", "en", S(""), ["WHO recommends a measles booster at 15–18 months in many schedules.", "Adults should get about 150 minutes of moderate exercise a week (public guideline).", "Type 2 diabetes risk rises with age and BMI; the uni clinic runs free screening on Tuesdays.", "Paracetamol max dose for adults is 4 g per day per the leaflet."], None),
            ("phi_ml", "en", S(""), ["Očkování proti klíšťové encefalitidě se doporučuje přeočkovat po 3 letech.", "Vắc xin cúm nên tiêm nhắc lại hằng năm.", "Kampanye imunisasi polio nasional dimulai bulan depan.", "Dengue cases usually peak in the rainy season; the city posts weekly counts.", "Vaccinarea antigripală este gratuită pentru persoanele peste 65 de ani."], None),
        ],
        "clean.animal_health": [
            ("vet", "en", lambda r: r.choice(["Bella", "Max", "Luna", "Rocky", "Mochi", "Simba"]), ["§v (labrador, 7y) diagnosed with hip dysplasia; recheck in 6 weeks.", "Cat §v: FIV negative, booster given.", "§v the beagle is on carprofen after the dental.", "Ο σκύλος §v έχει λεϊσμανίαση, θεραπεία με allopurinol."], None),
        ],
        "clean.salary_band": [
            ("sb", "en", S(""), ["Posted band for Senior Backend Engineer: $150k–$185k + equity.", "Dispatcher role pays R18 000–R22 000 per month per the ad.", "Tuition for international MSc students: €12,500 per year.", "Vaga de analista: faixa salarial R$ 6.000 a R$ 8.500.", "Mức lương tuyển dụng: 15–20 triệu/tháng.", "Graduate trainee band: ₹6–9 LPA (public job post).", "Fizetési sáv junior fejlesztőnek: bruttó 650–850 ezer Ft.", "Sueldo ofrecido para chofer: $14,000–$17,000 MXN mensuales."], None),
        ],
        "clean.log": [
            ("log", "en", S(""), ["2025-03-14T09:12:44Z INFO §h request_id=§q path=/v1/shipments status=200 latency_ms=83", "WARN §h retrying upload to s3://fleet-telemetry/raw/ attempt=2", "ERROR §h auth failed for client_id=ops-dashboard reason=expired_token (token redacted)", "[§t] match §k ended, 10 players, avg ping 42ms"], None),
        ],
        "clean.config_ref": [
            ("cfg", "en", S(""), ["env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: pg-creds\n        key: password", "token: ${{ secrets.NPM_TOKEN }}", "password_file: /run/secrets/postgres_password", "api_key = os.environ[\"OPENAI_API_KEY\"]", "The Stripe key lives in AWS Secrets Manager under arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/stripe-AbCdEf", "vault kv get -field=password secret/fleet/db", "DATABASE_URL: postgres://app@db:5432/core  # password injected via PGPASSFILE", "aws configure --profile fleet  (keys come from SSO, nothing stored locally)", "mailer:\n  smtp_password: !vault prod/mailer/smtp", "GITHUB_TOKEN is provided automatically by Actions; don't add a PAT.", "heslo k databázi se bere z proměnné PGPASSWORD v CI, v repu není"], None),
        ],
    }
