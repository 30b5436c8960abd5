# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, fifteenth round (S10): clean text the gate refused or altered.

Each case is a sentence of this round's own, with other values, trades,
languages and tools than the dev hand (tune20): a business's number beside
its trade in other languages (`Ristorante`, `Pizzeria`, `Garage`, a German
compound `…praxis`, `…werkstatt`, Japanese `代表番号`), a town hall's
address, a masked e-mail address (`a***z@`), a rota's mailbox
(`payments-oncall@`), a JWT's header with the rest cut off, base64 of a
settings file in a ConfigMap, a NANP `555` number cut short in a mockup,
a payment processor's test card not on the known list; and beside them the
personal data and secrets of the same texts, which stay found.

Then three recall classes of the same hand, in other functions than the
HR/payroll round's: a PIN or unlock code with whose between it and its
value, a password's name in scripts without Latin letters followed by a
space and the value, an address in quotes (SQL, code), Persian phone
words, `nasci em` / `nací el`.
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

CLEAN = [
    "Ristorante Il Gabbiano, prenotazioni al +39 06 6880 2314, chiuso il lunedì",
    "Tischreservierung beim Restaurant Zur Linde: +49 711 2264081",
    "Trattoria da Enzo – Tel. +39 06 581 8355",
    "Brasserie du Port : 04 91 33 27 16, service jusqu'à 23h",
    "Kfz-Werkstatt Hofmann, Tel. 0911 4829317, Termin für den Reifenwechsel",
    "Die Tierarztpraxis am Markt hat die Nummer +49 40 3981 7720",
    "Taller mecánico Hermanos Ruiz: +34 96 351 44 20",
    "Apotheke am Dom, Notdienst +49 221 2580 443",
    "Farmacia San Marco: +39 041 522 4109 aperta la domenica",
    "Salon Coiffure Élise, rendez-vous au +33 4 78 42 61 90",
    "東京本社の代表番号は +81 3-5412-7788 です",
    "Bürgeramt Mitte, Karl-Marx-Allee 31, 10178 Berlin, Termine nur online",
    "Mairie du 11e, 12 Place Léon Blum, 75011 Paris",
    "Ayuntamiento de Sevilla, Plaza Nueva 1, 41001 Sevilla",
    "Stadhuis Utrecht, Korte Minrebroederstraat 2, 3512 GG Utrecht",
    "the password reset mail went to a***z@gmx.net",
    "Код отправлен на e-mail i•••••v@yandex.ru",
    "Bestätigung ging an k****@posteo.de",
    "escalate to payments-oncall@shopco.com after 15 minutes",
    "alerts go to sre@fintech.example.io and the NOC",
    "ping noc@isp-backbone.net about the BGP flap",
    "the JWT header we log is eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.… and nothing else",
    "access token (header only): eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.[redacted]",
    "secret:\n  header: eyJhbGciOiJFZERTQSIsImtpZCI6ImtleS0yMDI0LTAxIn0.<rest removed>",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: worker\nbinaryData:\n  settings.ini: W3NlcnZlcl0KcG9ydD04MDgwCmhvc3Q9MC4wLjAuMAo=",
    "config.env: TE9HX0xFVkVMPWRlYnVnClJFVFJJRVM9Mw==",
    "Mock number on the onboarding screen: (555) 014-22",
    # own probes 4 and 5 (written before their fixes): more trades, public
    # offices and stations, a sample address, an image's base64
    "Boulangerie Paul, 45 rue de Rivoli, 75001 Paris, ouverte dès 7h",
    "Clínica Dental Sonrisa, cita previa en el +34 93 215 40 88",
    "Tandarts De Vries, spoed: 020 624 1187",
    "Hauptbahnhof Zürich, Bahnhofplatz 15, 8001 Zürich",
    "sample address: 123 Main Street, Springfield, IL 62701 (fictional)",
    "Gemeente Amsterdam, Amstel 1, 1011 PN Amsterdam",
    "Der Kundendienst von Bosch: +49 89 69339339",
    "Bürgertelefon der Stadt Köln: 0221 221-0",
    # own probe 7 (written before its fixes: 24/30 on the branch and main)
    "Recepce hotelu: +420 224 242 111",
    "Kontor Oslo: +47 22 12 34 00 (hverdager 8–16)",
    "Κεντρικό τηλέφωνο του ξενοδοχείου: 210 333 0000",
    "Müşteri hizmetleri: 0850 222 0 333",
    "お問い合わせ窓口：03-1234-5678（平日9時〜18時）",
    "客服电话 400-820-8820",
    # own probe 6 (written before its fixes: 33/36 on the branch and main)
    "パスワードは1Passwordに保存済み",
    "password: 1Password",
    "projects/acme-prod/locations/europe-west1/keyRings/app/cryptoKeys/db",
    "base64 of the logo: iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "تلفن دفتر مرکزی شرکت: ۰۲۱ ۸۸۷۶ ۵۴۳۲",
    "PIN length for the new debit cards is 6 digits",
    "the PIN pad at reception: 2 of them broken",
    "pin the image to 2024 tags only",
    "パスワードは8文字以上にしてください",
    "nasci em Lisboa, cresci no Porto",
    "código de desbloqueo: pídelo en la tienda",
    "Adyen test card 4917 6100 0000 0000 for the sandbox checkout",
    "Braintree sandbox: use test card 4005 5192 0000 0004",
    "Stripe docs list 4000 0000 0000 0077 as the test card that skips the balance",
]

PERSONAL = [
    "my mobile is +49 171 2938471, the restaurant has my number",
    "Call Anna at the garage? no — her private number +33 6 12 45 78 90",
    "Please send the invoice to jonas.weber@web.de",
    "Recepce hotelu, pokoj 12 — můj mobil +420 603 123 456",
    "客服说我的手机号 138 0013 8000 已经登记",
    "Meine Adresse: Hauptstraße 12, 10115 Berlin, z.B. für die Post",
    "my home address is 14 Elm Grove, Leeds LS6 4AB (not an example)",
    "delete all rows for ops.manager.hansen@gmail.com from the CRM",
    "Home address: Marta Nowak, 14 Elm Grove, Leeds LS6 4AB",
    "My card 4539 1488 0343 6467 was charged twice at the pizzeria",
    "Stripe charged my card 4539 1488 0343 6467 twice, see their docs?",
    "eu nasci em 02/11/1989 no Porto",
    "yo nací el 7 de mayo de 1979",
    "UPDATE users SET email = 'lena.fischer@posteo.de' WHERE id = 88;",
    "تلفن همراه برادرم ۰۹۳۵۴۴۱۲۰۸۷",
    "شماره تماس من 09127734512",
]

SECRETS = [
    "the token is eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSIsInJvbGUiOiJhZG1pbiJ9.Xq8vN2mLp9zR4tW7yB1cD5fG3hJ6kK0s",
    "apiVersion: v1\nkind: Secret\ndata:\n  app.properties: ZGJfcGFzc3dvcmQ9V3o3IXFMMm1YYwp1c2VyPWFwcAo=",
    "PIN der Sparkassen-Karte meiner Mutter: 5830",
    "il PIN della mia carta di credito è 7142",
    "código de desbloqueio do meu celular: 284915",
    "unlock PIN for the office iPad: 6620",
    "Entsperrcode vom Diensthandy ist 91734",
    "服务器 root 密码 h4kx9vm2tq",
    "サーバーのパスワード zq8m3vx7tk",
    "DB 비밀번호 m3kq9xv7tz",
    "パスワードはx7Kq9mZ2です",
    "WiFi密码：Kx9#mq2Lzt，别外传",
    "aws_secret_access_key=/Fu3wjnmWMyDLKNp4vrVvAplQNOQ93v/wiIlvukL",
]


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []


@pytest.mark.parametrize("text", PERSONAL)
def test_personal_data_beside_them_is_still_found(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text)


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_beside_them_are_still_refused(text: str) -> None:
    assert find_secrets(text)
