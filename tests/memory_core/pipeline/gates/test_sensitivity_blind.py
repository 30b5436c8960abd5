"""Issue 12, second round: the blind probes' misses, national ids worldwide.

`tests/data/make_sensitivity_blind.py` writes the probes (`blind1`, `blind2`);
`python -m bench.sensitivity --split blind1 --misses` scores one. Each was
scored once before the gate was changed for it (figures in SENSITIVITY.md);
the cases below are their misses, kept so they stay fixed.
"""

import pytest

from bench.sensitivity import LOCOMO, numbers_false_positives, real_text, score
from memory_core.detectors import find_pii, find_secrets

TARGETS = {"secrets_recall": 0.99, "pii_recall": 0.97, "clean_untouched": 0.97}

# One valid number per country, as people write them, with its name.
NATIONAL_IDS = [
    ("Customer called; Aadhaar no. 243419254122 confirmed.", "243419254122"),
    ("Note to self: PAN card of Olu → OEGPW3441J", "OEGPW3441J"),
    ("name,voter_id_card,city\nXimena Petrov,VNN3709805,Durban", "VNN3709805"),
    ("Rafael called; VID 2508 1184 8263 8786 confirmed.", "2508 1184 8263 8786"),
    ("name,pesel,city\nBilal Usman,04232275692,Recife", "04232275692"),
    ("name,cpf_do_cliente,city\nGoran Zhou,71076711626,Durban", "71076711626"),
    ("Yara Horvat | 身份证号 | 110105199612038338 | signed", "110105199612038338"),
    ("clave CURP: VUBU690915HVZDBG08", "VUBU690915HVZDBG08"),
    ("Jun Takahashi | RFC | NUWW040105XK3 | contract signed", "NUWW040105XK3"),
    ("<td>Dalia</td><td>South African ID</td><td>9209161797087</td>", "9209161797087"),
    ("user_profile: name='Olu' 주민번호='600203-1151985'", "600203-1151985"),
    ("Customer Yara called; 個人番号 193851183399 confirmed.", "193851183399"),
    ("name,tax_file_number,city\nFatou Horvat,597 136 812,Izmir", "597 136 812"),
    ("SIN # 382-422-483 on the T4", "382-422-483"),
    ("name,social_security_no.,city\nSaanvi Gupta,466677957,Recife", "466677957"),
    ("ERROR kyc: mismatch for C.U.I.T. 23631861962", "23631861962"),
    ("[14:02] Fatou: Rafael's DNI is 21446322, can you update it?", "21446322"),
    ("Applicant: Jun Yilmaz\nR.U.T.\n24243982-1", "24243982-1"),
    ("Re: payroll — Marek gave 67012260532 as T.C. Kimlik No", "67012260532"),
    ('applicant="Vesna Kaya" ת.ז.=458292422 result=match', "458292422"),
    ("name,nric,city\nQiu Nowak,730514-11-3847,Recife", "730514-11-3847"),
    ("name,เลขประจำตัวประชาชน,city\nBilal,8167740452488,Kraków", "8167740452488"),
    ("name,nik,city\nZeynep Adeyemi,3589225907922646,Recife", "3589225907922646"),
    ("CNIC no. 62091-0653720-2 confirmed.", "62091-0653720-2"),
    ("name,avs,city\nBilal Schneider,756.2582.5223.09,Recife", "756.2582.5223.09"),
    ("delete fødselsnr. 01037761903 from the old spreadsheet", "01037761903"),
    ("user_profile: name='Olu' personnr='850520-6899'", "850520-6899"),
    ("gave 210173-1530 as CPR-nr., please double-check", "210173-1530"),
    ("sotu=220855-3526 result=match", "220855-3526"),
    ("name,nhs_no.,city\nOlu Adeyemi,897 180 2766,Izmir", "897 180 2766"),
    ("Customer Saanvi called; PPSN 1043699A confirmed.", "1043699A"),
    ("KYC-892 failed (CNP: 1690922444771)", "1690922444771"),
    ("name,egn,city\nIvo Bauer,6907217590,Izmir", "6907217590"),
    ("Leila's isikukood is 47807266526, update the record", "47807266526"),
    ("Note to self: asmens kodas of Qiu → 48009307792", "48009307792"),
    ("Note to self: rodné číslo of Bilal → 890702/8944", "890702/8944"),
    ("numéro national: 88.05.09-473.73", "88.05.09-473.73"),
    ('{"full_name": "Leila", "OIB": "13765804428"}', "13765804428"),
    ("gave 190297-7489 as kt., please double-check", "190297-7489"),
    ("IRD no: 110-937-849", "110-937-849"),
    ("KYC-142 failed (ИНН: 785740827289)", "785740827289"),
    ("Customer Hana called; РНОКПП 4543916171 confirmed.", "4543916171"),
    ("- Zeynep Eriksen (CI 2352920637) moved to Lisbon", "2352920637"),
    ('{"full_name": "Amara Kaya", "CUI": "200193976"}', "200193976"),
    ("Olu Nowak\nΑ.Μ.Κ.Α.: 14087430808", "14087430808"),
    ("gave 009-2180964-6 as cédula, please double-check", "009-2180964-6"),
    ("Sozialversicherungsnummer: 3857 310175", "3857 310175"),
    # blind3: names in a table header, after the value, as a JSON key
    (
        "| Name | Role | CUIT |\n|---|---|---|\n| Bilal | eng | 23136367617 |",
        "23136367617",
    ),
    (
        "| Name | Role | ЕГН |\n|---|---|---|\n| Goran | eng | 8002214285 |",
        "8002214285",
    ),
    ("name;team;NHS\nAmara Ogunleye;platform;8091796595", "8091796595"),
    ("Pita Bauer (74656293182, Steuer-ID) joined the team in March.", "74656293182"),
    ('{"name": "Noa", "documents": {"social": "077100182"}}', "077100182"),
    # blind4: the bare word "ID", names further away
    (
        "Visitor badge for Chen Petrov: ID 27838586002, valid until Friday",
        "27838586002",
    ),
    (
        "- [ ] redact 772695861606 (Emre Virtanen's ID number) from the screenshot",
        "772695861606",
    ),
    (
        "forgot the social insurance number on the form, added later: 144 298 114",
        "144 298 114",
    ),
    ("- [ ] redact 394853787 (Goran Schneider's BSN) from the screenshot", "394853787"),
]


@pytest.mark.parametrize(("text", "value"), NATIONAL_IDS)
def test_national_ids_beyond_the_eu_are_found(text, value):
    assert not find_secrets(text)
    found = [f for f in find_pii(text) if f.kind == "NATIONAL_ID"]
    assert [f.value for f in found] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "Order 55091833648 shipped",  # a valid PESEL, but an order number
        "part no. 3027.43; row 3445 8323 6056 2438 1: ok",  # a run of groups
        "tracking number 2912 2536 8397",  # an Aadhaar shape after "tracking"
        "invoice 620348050355076952 paid",  # a Luhn-valid, UnionPay-shaped id
        "CI run 4829103748 green",  # "CI" is continuous integration here
    ],
)
def test_numbers_that_are_no_ids_are_left_alone(text):
    assert not find_secrets(text)
    assert not find_pii(text)


def test_a_curp_after_clave_is_an_id_not_a_password():
    text = "Clave Única: SEHP830824HNLLTT05"
    assert not find_secrets(text)
    assert [f.kind for f in find_pii(text)] == ["NATIONAL_ID"]


def test_a_validator_that_raises_does_not_break_the_gate():
    # stdnum's cn.ric raised KeyError on some 18-digit numbers.
    assert find_pii("tracking number 353390319003271577; ref 3399-1277-8") == []


def test_a_card_is_still_a_card_after_a_card_word():
    assert [f.kind for f in find_pii("order 12, paid by card 4111 1111 1111 1111")] == [
        "CARD"
    ]


SECRETS = [
    "zip -P Rocket439# payroll-2026.zip payroll/*.xlsx",
    "7z a -pF4lc0n&743 -mhe=on backup.7z ./secrets",
    "sqlplus app/lC9qYnrwuJm3@//db.eu-west.acme.io:1521/ORCL @migrate.sql",
    "requests.get(url, auth=('jenkins', 'QuokkaWinter2025!'), timeout=10)",
    'var cred = new NetworkCredential("ops", "9cDIPYSTGnAvqGC");',
    "smtp.login('reports@acme.io', 'jaGuEuZFhhfs')",
    "Chen: wifi in the meeting room is AcmeGuest, key falcon-basil-17Basil",
    "Fatou: WPA key is pxEVXdKvJgxjqUD — same as last year",
    "Le mot de passe du compte admin est Tundr4@490 — à changer lundi.",
    "contraseña del correo de soporte: lilac-juniper-71Otter",
    "senha do banco de dados de homologação = Nimbus390%",
    "hasło do panelu: Junip3r&875",
    "la password di Goran per Jira è NimbusSpring2019!",
    "wachtwoord voor de printer: Ott3r@883",
    "Das Kennwort für den Router lautet R0ck3t#584, bitte nicht weitergeben.",
    "la clave del wifi es FalconWinter2019!",
    "mdp : tundra-basil-67Nimbus",
    "パスワードはFalcon820!です",
    "数据库密码：Re*e7ZUZL3R7yon",
    "пароль от сервера: Mango772$",
    "şifre: 3UL**!FL2L!qSSIo^EY",
    "lösenordet är Quokka71*",
    '{"db": {"host": "10.20.0.14", "user": "root", "pass": "Tundra358?"}}',
    "az login -u ops@acme.onmicrosoft.com -p 'Z3phyr@516'",
    "openssl enc -aes-256-cbc -in db.sql -out db.sql.enc -k 'yPsatlISqHRN8KkA'",
    "echo 'tundra-juniper-82Tundra' | sudo -S systemctl restart nginx",
    'echo "ZzIT&bjs2S^CHC7Q!avYjV" | docker login ghcr.io -u ops --password-stdin',
    "net user svc_backup A1gMAkX0dN8Jcy /add /domain",
    "https://acme.blob.core.windows.net/logs?sv=2022-11-02&sp=rl"
    "&sig=FaQCAUnbX0jKTuBSK2p7NL7zomeZEiMEGE5uaI%3D",
    "client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NB",
    # blind3
    "AGE-SECRET-KEY-15UW4K8JCFHQZ75YSSAZW4VLZM8PFFHNF47N3E9939AXVSDH73AE3WDF4WZ",
    '{"auths": {"ghcr.io": {"auth": "ZGJhZG1pbjpDb2JhbHQ1NzAl"}}}',
    "Identifiants : admin / quokka-falcon-45Lilac",
    "credenziali: svc_sync / jqNA9AlE0!sV762NN1",
    "define( 'DB_PASSWORD', '_v1u_X$HSwF$$r@GOhZF!' );",
    "wallet recovery phrase: absent achieve account ability abandon abstract accuse "
    "able access abstract acoustic accuse",
    # blind4
    "username admin privilege 15 password 0 falcon-lilac-91Lilac",
    "docker exec -e PGPASSWORD=Zephyr214? -it pg psql -U svc_sync",
    'gh secret set SMTP_PASSWORD --body "C0b4lt#843"',
    "ipmitool -I lanplus -H 10.0.9.7 -U ADMIN -P F4lc0n#349 chassis power status",
    "wpa_passphrase AcmeOffice '5Nmk^n#!%%SOFFfI@D' >> /etc/wpa_supplicant.conf",
    "CREATE USER 'backup_user'@'%' IDENTIFIED BY 'Tundr4#967';",
    "Password reset to Lil4c#905 for user backup_user per phone request.",
    "heslo je Cobalt838#",
    "κωδικός: Mango953&",
    "salasana on B4sil@331",
    "पासवर्ड: Nimbus&816",
    "kata sandi: Junip3r#447",
    # blind5
    "VPN PSK: sBfZg4XGaBQNPq_M",
    "login with deploy@acme.io and Pumpkin@488",
    "router admin: http://192.168.0.1 admin/F4lc0n@450",
    "sudo password is the same as my laptop: dGmYdiEX%lk4e2gL",
    "use root:Tundra879* on the serial console",
    "wifi: AcmeHome / tundra-otter-69Lilac",
    "127.0.0.1:6379> AUTH default wGnXwnahlkyQJLRskEGl",
    "le code wifi c'est Si3rr4@905",
    "BitLocker recovery key: 111423-630330-252031-420884-207741-780949-421697-629286",
    # blind6 (scored once, then fixed)
    "the admin password for grafana is still Tundra336!",
    "contraseña nueva -> FalconSommer2022!",
    # A generated-looking value near a credential word (3rd session's
    # general rule), lock codes.
    "Password reset done. New one: 7rB!kq29Lm",
    "use `hunter2Qx!9` as the temporary password for onboarding",
    "the new pass for grafana, in case you need it: Tr0ub4dor&3x",
    "Bob said the code for the bike lock is 4417",
    "the safe combo is 36-12-48",
    "PIN 7731 for the garage door",
    # blind7 (scored once, then fixed)
    'the passphrase for the backup gpg key is "maple copper lantern thistle"',
    "Tell Sam the alarm disarm code changed to 6174",
    "use Qu0kk4&128 for the shared Netflix account, same email as always",
]


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_the_probes_missed_are_refused(text):
    assert find_secrets(text)


CLEAN = [
    "DATABASE_URL=postgresql://USER:PASSWORD@pg-main.int:5432/DBNAME",
    '<script src="/app.js" integrity="sha384-gLFbpS4Ddx3anCBIZaAb5SPD5xX1oGhWjVJRjOE2y'
    '+io4fADdyY0mlbM3uU8Gou/" crossorigin="anonymous"></script>',
    "avatar: data:image/png;base64,iVBORw0KGgo8e7VOptMluvEfcZdtMWy36ygoYAdO8Ib6Uyu"
    "WlcmPvJrYr+EngeuvxIGo4tf",
    "|1|fxpztiCL1K9GGxXQbRaOdPkBpls=|uehkwkuNbV+oZ6MMYOPd2j/Gzg3= ssh-ed25519 "
    "AAAAC3NzaC1lZDI1NTE5AAAAIcfy8DiDpMc4X1Wz3c0rWDYUIwXN7N7tw9+tvLvTWEUW",
    "    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tTuklvvSTOHy"
    "MGvkrN/jcmJeR4bFkLmCN1OeAgsDlRGFcoYBF0QKp7w6uh/EkBR3usskVL4BI2yaweq8EXO",
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBGBwiJW/fbMQ5RkwZZO679ITUi3RHoTHoxgn"
    "D7zWIMqIjRVik0b4/0u/XQs/\n6Fny2DplxjNZ34fSThjPByI4qWf8vbY01icnwTHXVlvKCBD\n"
    "-----END PGP PUBLIC KEY BLOCK-----",
    "const apiKey = process.env.API_KEY;",
    "export SLACK_BOT_TOKEN=xoxb-your-token-here",
    "Le mot de passe doit contenir au moins 12 caractères.",
    "La contraseña debe cambiarse cada 90 días.",
    "Die Passwortrichtlinie verlangt mindestens 14 Zeichen und eine Zahl.",
    # blind3
    "pinned to IPFS: QmoC4FKBrLv6Tw3kiccknn2qzkQjj9PAR6xsLHvM4S7rdX",
    "[Peer]\nPublicKey = sbrr7/K0E6ySAglhus3cwPmLRL4ExKIbIXL0txJiaAZ=\nAllowedIPs = "
    "10.8.0.0/24",
    "Call ID 6619398680 lasted 9 min (recording off)",
    "the recovery phrase is stored in the safe and nobody knows where it is now",
    "form = ('password', 'Min 12 chars')",
    # blind4
    '{"kty": "RSA", "e": "AQAB", "use": "sig", "kid": "b9b8b4c5", "n": "rbroDbyN_pcWi'
    't8EEUBrdRxBCO9avD4TN8i9VnExOB-UtijYmuS1iIQMw7UZiYT7Bkm0ZpDin97i76b-VbE"}',
    "SENTRY_DSN=https://7fa6dc3fe35cab4111d8c7a71620f774@o263855.ingest.sentry.io/37426",
    "STRIPE_PUBLISHABLE_KEY=pk_live_Jx2l5onFHHCkpKVfwY0yydZ7",
    "Order ID 55091833648 shipped",
    # blind5 decisions
    "Password manager: 1Password, shared vault 'Ops'",
    "docker run -d postgres:16-alpine3.19",
    "login with Google and GitHub works again",
    "AUTH flow is broken on staging",
    # 3rd session
    "I reset my password yesterday, the new one is in 1Password",
    "DB_PASSWORD=${DB_PASSWORD:?must be set}",
    "password: '{{ db_password }}'",
    "- Allow ``AxesBackend`` subclasses to pass the ``axes.W003`` system check.",
    "The lock screen PIN length was increased to 6 digits.",
    # blind7
    "the NAS is at 192.168.1.20, MAC 3C:52:82:1A:7F:09",
    "dial-in: 0800 123 4567, access code 884 223 19#",
]


@pytest.mark.parametrize("text", CLEAN)
def test_public_material_and_placeholders_pass_untouched(text):
    assert not find_secrets(text)
    assert not find_pii(text)


PROBES = ["blind1", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7"]


@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize(("figure", "target"), TARGETS.items())
def test_the_probes_stay_fixed(probe, figure, target):
    figures = score(probe)
    assert figures[figure] >= target, figures["misses"]


def test_the_last_probe_as_first_scored():
    """blind8: written before blind7's misses were read, scored once after
    the 3rd session's changes and not tuned on (SENSITIVITY.md): secrets
    0.938, PII 1.000, clean 0.980. Below the secrets target; kept as is."""
    figures = score("blind8")
    assert figures["secrets_recall"] >= 0.93, figures["misses"]
    assert figures["pii_recall"] >= 0.97, figures["misses"]
    assert figures["clean_untouched"] >= 0.96, figures["misses"]


def test_number_heavy_clean_text_is_rarely_touched():
    figures = numbers_false_positives(count=1000)
    assert figures["altered"] / figures["texts"] < 0.01, figures["examples"]


def test_locomo_observations_are_never_refused():
    assert LOCOMO.is_dir(), f"LoCoMo data missing at {LOCOMO}: set MGC_LOCOMO_DIR"
    locomo = real_text(("locomo",))["locomo"]
    assert locomo["texts"] > 3000
    assert locomo["refused"] == 0, locomo["refused_examples"]
