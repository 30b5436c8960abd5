# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, helper s15: secrets the gate missed and clean texts it touched.

Each case is a sentence of this round's own, with other values, vendors and
wording than the dev hands: vendors' keys whose rest is hex or lower case
(Shippo, WooCommerce, Buildkite, MailerSend, ReadMe, Firecrawl, Plaid,
Braintree, Mercado Pago, Checkout.com, Octopus Deploy), a tool's setting on
its command line (`npm config set …:_authToken`, `dotnet user-secrets set`),
Db2's `using` and a scheduled task's `/rp`, a superuser's password said by
its host, a password changed in Chinese, Japanese or Korean, a labelled
login (service, e-mail, password), passphrases with a number in prose, any
vendor's API key handed over in a sentence. Beside them the look-alikes
that stay clean: vendors' own published example keys quoted as such, keys made for
browsers, a key's id, a meeting's passcode, masked and filled-in values, a
toll-free number, a company's or a charity's IBAN, a DMARC mailbox.
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

SECRETS = [
    # vendors' prefixes whose rest is hex or lower case
    "SHIPPO_TOKEN=shippo_live_7c1e0a9b3d5f2e4c6a8b0d1f3e5c7a9b1d3f5e7c",
    "woo keys for the shop: ck_4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c / cs_9b1d3f5e7c9a1b3d5f7e9c1a3b5d7f9e1c3a5b7d",
    "buildkite-agent uses bkua_0f2e4d6c8b0a1f3e5d7c9b1a3f5e7d9c1b3a5f7e",
    "MailerSend token mlsn.3e5c7a9b1d3f5e7c9a1b3d5f7e9c1a3b5d7f9e1c3a5b7d9f1e3c5a7b9d1f3e5c",
    "readme.com key rdme_xn8s9ab0cd1ef2gh3ij4kl5mn6op7qr8st9uv0wx1yz2ab3cd4ef5gh6ij7kl8mn9op0qr",
    "scraper config: fc-5d7f9e1c3a5b7d9f1e3c5a7b9d1f3e5c",
    "plaid item for Ana's checking: access-production-9c2e4a6b-8d0f-4a1c-b3e5-7f9a1c3e5b7d",
    "braintree gateway token access_token$sandbox$k4m8q2w6e0r4t8y2$5b7d9f1e3c5a7b9d1f3e5c7a9b1d3f5e",
    "MP_ACCESS_TOKEN=TEST-4821937465019283-071522-8e0c2a4f6b8d0e2c4a6f8b0d2e4c6a8f-318274650",
    "checkout sandbox sk_sbox_q7w3e9r1t5y8u2i6o4p0a3s7d1f",
    "octo.exe deploy --apiKey API-Q4W8E2R6T0Y3U7I1O5P9A2S6DF",
    # a tool's setting set on its command line
    "npm config set //npm.acme.io/:_authToken 6e8a0c2e-4b6d-4f8a-9c1e-3b5d7f9a1c3e",
    'dotnet user-secrets set "Smtp:Password" "Qv7#pLm2xZ9k"',
    "yarn config set npmAuthToken 1c3e5a7b-9d1f-4e3c-8a5b-7d9f1e3c5a7b",
    # Db2's `using`, a scheduled task's run-as password
    "db2 connect to PAYROLL user db2admin using Wq8!ze3Rk2",
    "schtasks /create /tn nightly /tr sync.cmd /ru CORP\\batch /rp Tz4%mN8qLx1",
    # a superuser's password said by the machine it opens
    "[14:02] <lea> root on the legacy mail server is still Kf7?m2Qx9Lp",
    "the administrator account on the old NVR uses Brq!84mZtw",
    "root auf dem Backup-Server ist noch Hx3#pq9Lmz",
    "nina: root@buildbox is Cedar.4821maple",
    # a password changed in Chinese, Japanese, Korean
    "我已经把密码改成了Yq7#kP2m9x",
    "パスワードをZt8!wq3Kmpに変えました",
    "비밀번호를 Mv5@rt8Lqz로 변경했어요",
    # a password changed, asked to be remembered; Estonian's partitive
    "ok I set it to Walrus.cobalt517, remember it for me",
    "Parooli on Tallinn#2026",
    # a labelled login, a passphrase with a number, an RDP or ssh login
    "Spotify: leo.martins@gmail.com — Sunset#4412",
    "VPN: j.okafor / copper-lantern-thistle42",
    "ssh to the garage pi with Orchid2019!",
    "RDP to 10.9.8.7 as Administrator with Vq3!kT8wZp",
    "postgres:Jm4#qz8WrT@db.internal",
    "the Jenkins admin password got changed to amber-falcon-river77 yesterday",
    # a percent sign inside a password is no format string
    "creds → svc_ledger : KLQ%ifmo842",
    # letters and digits after `pass`, though they start like a version
    "iLO for blade 4: https://10.8.1.20 user admin pass v7qkdmzr2xw4p",
    # random lower case after a password's name: a Gmail app password
    "SMTP_PASSWORD=wactwndxiqenlvpb",
    # any vendor's API key handed over in a sentence
    "here's the Hetzner API key you wanted 26ea7d887e4edf9393a3224a8b6f88e73d00065f",
    "the access token I generated for Vultr: e80e0aac2b0cfde38f7d106e953a9349",
    # a key in a query under an everyday name (`?key=`, OpenWeather's `appid`)
    "https://api.weather-co.io/v1/now?city=Porto&appid=740a140842a46b3c52157856a511d35c",
    "https://ingest.acme.io/in?auth=WP1yBwdN7TtMCtJ0bZB535ya5Q6wNy6H",
    # WordPress's login cookie, Drupal's session cookie
    "Cookie: wordpress_logged_in_5f2b8c1e9d3a7b6c4e0f1a2b3c4d5e6f=editor%7C1767225600%7CqL8vN2xR5tY7uI9oP1aS3dF6gH8jK0lZ%7C9b1d3f5e",
    "Cookie: SSESS0a1b2c3d4e5f60718293a4b5c6d7e8f9=Zr4Kp9Lm2Qx7Vb3Nc8Wd5Ft1Gy6Hj0Ks",
    # Rocket.Chat's incoming webhook: an id of 17, a token of 48
    "alerts: https://chat.acme.io/hooks/Kq8mZp3Lx7Tv2Wn9R/Ab3dEf5gHi7jKl9mNo1pQr3sTu5vWx7yZa9bCd1eFg3hIj5k",
    # a value said to unlock something; a Wi-Fi's password after its word
    "use Rk4#mq8Lzt to unlock the team drive",
    "wifi: 3CYe?61Y4x",
    # the Authorization header under any scheme
    "Authorization: Key 7acbacaa34f77259867f8f57fb56a318",
    "Authorization: Zoho-oauthtoken 1000.e56abc73e5aed08a48b51e632862e57a.51bd7d5b45ffee5d2d8e70eac510ee0a",
    # an HMAC key under its name in YAML
    "webhooks:\n  hmacKey: vB423tG8bYDz84orSbUD",
    # network devices' shared keys, OpenVPN's static key
    "crypto isakmp key Vx7kq2Lm9Pz address 198.51.100.7",
    "radius-server key 7 0822455D0A16544541",
    "-----BEGIN OpenVPN Static key V1-----\n"
    + "\n".join(["3f2a9c1e7b4d4e8a9c2f1a2b3c4d5e6f"] * 16)
    + "\n-----END OpenVPN Static key V1-----",
    # a SQLAlchemy driver's scheme
    "engine = create_engine('oracle+cx_oracle://hr:Pq9#wz2Lx@ora:1521/?service_name=HR')",
    # a card's Geheimzahl without a colon
    "Geheimzahl der Karte 7391",
    # more languages: Bengali's and Hebrew's copulas, Hebrew's construct
    # state, a Wi-Fi network's code in Thai and Persian
    "ওয়াইফাই পাসওয়ার্ড হলো Dhaka#2290",
    "סיסמת הראוטר היא Yafo!8841",
    "รหัส wifi บ้านคือ Krabi@5521",
    "رمز وای فای خانه Tabriz#7733",
    # colloquial short forms: Spanish `la contra`, Russian `пасс`
    "la contra del wifi de la oficina es Mz4!kq8Lw",
    "пасс от админки: Tv7#pq2Lz",
    # a door's code in Russian, a safe's combination in groups of two
    "код от подъезда 2580, домофон не работает",
    "Tresorcode: 17-42-08",
    # npm's legacy `_auth`: the base64 of `user:password`
    "; ~/.npmrc\n_auth = Y2k6cmVnOUtxIzJ4TG0=",
    # a connection string's password, however plain; Oracle's Easy Connect
    "Data Source=erp-db;Initial Catalog=ledger;User ID=ledger_ro;Password=kestrelmoor;",
    "jdbc:sqlserver://10.2.3.4:1433;databaseName=hr;user=hr_app;password=Qz8kLm",
    "ORA-12541 while connecting billing/harbourlights@//ora-bill.lan:1521/BILLPDB",
    "expdp hr/Dover2024@pdb1 schemas=HR directory=dp",
    "user id=report;password=quillmarsh;data source=dwh01",
    # more engines' logins: Vertica, SAP HANA, Teradata, Redis Sentinel
    "vsql -h vdb1 -U dbadmin -w Hq4!zn8Kw",
    "hdbuserstore SET BACKUP hana2:30215 BACKUPUSER Kl9#rt2Vq",
    ".logon tdp1/etl_user,Bx7$mq3Lz",
    "sentinel auth-pass cache-master Wd8%kq2Ty",
]

CLEAN = [
    # vendors' own published examples
    "Stripe's API reference signs every call with sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "from Stripe's docs: curl https://api.stripe.com/v1/customers -u sk_test_BQokikJOvBiI2HlWgH4olfQ2:",
    "otpauth://totp/Demo:carol@example.net?secret=JBSWY3DPEHPK3PXP&issuer=Demo",
    # the address in a quoted example is the docs' own, like its key
    "key URI from the authenticator's wiki example: otpauth://totp/Example:dave@gmail.com?secret=JBSWY3DPEHPK3PXP&issuer=Example",
    # reCAPTCHA's published test secret, tied to no account
    "RECAPTCHA_SECRET_KEY=6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe  # always passes in CI",
    # keys made for browsers and apps
    "NEXT_PUBLIC_POSTHOG_KEY=phc_k3Jv9QmLr2Tz8Wx5Nc7Bd4Fh6Gs1Pa0Ye3Ui9Ko2Lq",
    "const supabase = createClient(url, 'sb_publishable_x7Yq2Lm9Pz3Kd8Rt5Vb1Nc_6Wf4Hg0J')",
    "Razorpay checkout options: key: 'rzp_live_Q7w3E9r1T5y8U2'",
    # a key's id, logged beside the refusal
    "2026-05-02 10:11:12 WARN gateway: 403 revoked api key (key_id=kid_9w3tq2rz) from 10.1.2.3",
    "token id (prod): tok_5Hk2Lm8Qp3Rz7Wx1",
    # a meeting's passcode on its invitation
    "Zoom meeting ID 845 1234 5678 — passcode 7xK2pq",
    "Réunion Teams : code secret 9aBc7d",
    # masked, filled in, cut short
    "OPENAI_API_KEY=sk-proj-****...****Qx7Z",
    "SLACK_TOKEN=xoxb-***",
    "SLACK_BOT_TOKEN=xoxb-XXXXXXXXXXXX-XXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX",
    "password: !env_var DB_PASSWORD",
    "mongodb://<user>:<password>@db.example.org:27017/app",
    # prose about a password, in German
    "Das Passwort ist dasselbe wie letzte Woche.",
    # a superuser's state, a name, not a password
    "root on the staging box is disabled since Monday",
    "I changed it to Friday 10am, remember to move the invite",
    # a toll-free line, a company's and a charity's account
    "Billing questions? Our toll-free number is 1-888-555-0199, Mon–Fri.",
    "Numéro vert : 0 800 12 34 56 (appel gratuit)",
    "フリーダイヤル 0120-444-555（平日9時〜18時）",
    "Zahlung an Nordlicht Logistik GmbH, IBAN DE89 3704 0044 0532 0130 00, Rechnung 4471",
    "Please donate: Kinderhilfe e.V., IBAN DE02 1203 0000 0000 2020 51",
    # the JDK's default keystore password, a value saying "change me", a
    # generic value its comment calls the docs' example
    "keytool -list -keystore $JAVA_HOME/lib/security/cacerts -storepass changeit",
    "SECRET_KEY = 'please-change-this-before-launch'",
    "password: Adm1n!2024  # example from the tutorial",
    # a JWT's header alone, more than 45 characters before a credential word
    "the JWT header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is identical in every HS256 token",
    # the Authorization header's documentation
    "Authorization: required on every endpoint since v2.3.1",
    "Authorization: Bearer YOUR_ACCESS_TOKEN_HERE",
    # a key combination, a network's name
    "use Ctrl+Alt+Del to unlock the screen",
    "wifi: Vodafone-A4B2C9",
    # Cisco's type 9 secret is a scrypt hash, not the password; OpenVPN's
    # armour with no key inside
    "enable secret 9 $9$nhEmQVczB7dqsO$X.HsgL6x1il0RxkOSSvyQYwucySCt7qFm4v7pqCxkKM",
    "paste your key between -----BEGIN OpenVPN Static key V1----- and the END line",
    # Slack's own placeholder webhook, zeros and X's
    "SLACK_WEBHOOK=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    # an object's path or a cache's name under `?key=`
    "https://s3.acme.io/upload?key=uploads/2026/photo.png",
    "https://cache.acme.io/get?key=user_profile_settings_v2",
    # a company's register number or a book's, by its scheme's name: no phone
    "DUNS 08-081-8759 for the supplier portal.",
    "ABN 04 869 858 342 on the contractor's invoice.",
    "ISBN 050-5-66-764882-9 is the edition the course uses.",
    # mail authentication's report mailbox, a test fixture's address
    "_dmarc.acme.io TXT v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@acme.io",
    "fixtures/accounts.json: {'email': 'test@example.com'}",
    # `contra`, "against"
    "votamos en contra del plan: Pedro2024 no convence",
    # talk about a password or a code, no value
    "הסיסמה שגויה, נסה שוב",
    "код от домофона сломался, мастер придёт завтра",
    # a connection string's placeholders; Oracle's demo login in a tutorial
    "Server=myServerAddress;Database=myDataBase;User Id=myUsername;Password=myPassword;",
    "Data Source=erp-db;User ID=app;Password=$(DB_PASS);",
    "tutorial step 2: sqlplus scott/tiger@orcl",
]

STILL_SECRETS = [
    # a test-mode key that is not a vendor's published example
    "STRIPE_KEY=sk_test_51Kq8Wz3Lm2Np7Rt5Vb9Xc4Yd",
    # a published example handed over as a key, with no word of the docs
    "STRIPE_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    # a secret id is Vault's credential, not a key's id
    "vault write auth/approle/login role_id=app secret_id=Qm7#kz2LpW9x",
    # a key and its id together: the secret is still there
    "api key (key_id=kid_9w3tq2rz, secret=Zq8#kd92Lm!x)",
    # a passcode that is no meeting's; an account's password at a meeting
    # vendor
    "vpn passcode: Xr7kq2Lm",
    "our teams shared password: kT3vQ2xw",
    "zoom password: Lp8qWm2x",
    # a vendor's key stays refused whatever its comment says
    "GITHUB_TOKEN=ghp_R8x2kLmP9qWz4VbN7cJtY3hF6dS1aE0uXo5K  # example from the docs",
    # the example seed in someone's own provisioning link, no docs quoted
    "otpauth://totp/ACME:bob.k@gmail.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME",
]

# (text, kind, a piece of the value the finding must cover)
PERSONAL = [
    # a person's own account beside a company's name stays redacted
    ("My IBAN for the Acme GmbH payroll: DE17 2505 0180 5853 5997 22", "IBAN", "DE17"),
    (
        "Überweise die Miete an Jana Novak, IBAN DE17 2505 0180 5853 5997 22",
        "IBAN",
        "DE17",
    ),
    # a DMARC mailbox's word elsewhere does not make a person's address a desk
    (
        "write to dana.whitfield@gmail.com about the DMARC rollout",
        "EMAIL",
        "dana.whitfield",
    ),
]


def _covers(text: str, kind: str, piece: str) -> bool:
    start = text.index(piece)
    end = start + len(piece)
    return any(
        f.kind == kind and f.start < end and f.end > start for f in find_pii(text)
    )


@pytest.mark.parametrize("text", SECRETS + STILL_SECRETS)
def test_secrets_are_refused(text: str) -> None:
    assert find_secrets(text)


@pytest.mark.parametrize(("text", "kind", "piece"), PERSONAL)
def test_personal_data_is_found(text: str, kind: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, kind, piece)


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []
