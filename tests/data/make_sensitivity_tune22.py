# ruff: noqa: E501, E741, E731
"""Generator for the `sensitivity_tune22` test set (SECRETS-heavy), seed 2222.

Writes sensitivity_tune22.jsonl next to this file: 600 rows =
  330 "secret" (a live credential: must be refused),
   70 "pii"    (a real person's personal datum: must be redacted),
  200 "clean"  (look-alikes that must be stored untouched).
Row schema: {"text","label","kind","template","probe","id","value"}; `value` is the exact
substring of `text` that is the secret / personal datum ("" for clean); `id` is the first
16 hex chars of sha256(text).

Secrets come from 99 template functions (most cover several vendors/shapes; the prose-password,
unusual-character, chat-handoff and a few common-vendor templates are weighted up):
cloud (AWS, GCP, Azure, Alibaba, IBM, OCI, DigitalOcean, Linode,
Hetzner, Cloudflare, Heroku, Vercel, Netlify, Fly), CI/CD and code hosts (GitHub, GitLab,
Bitbucket, CircleCI, Buildkite, Jenkins, Azure DevOps, SonarQube, Snyk), package registries
(npm, PyPI, Docker Hub, RubyGems, NuGet, crates.io, Artifactory), payments (Stripe, PayPal/
Braintree, Square, Adyen, Razorpay, Shopify, Plaid, exchanges), messaging (Slack, Discord,
Telegram, Teams, Twilio, SendGrid, Mailgun, Mailchimp, Postmark, FCM), observability (Datadog,
New Relic, Sentry, PagerDuty, Grafana, Honeycomb, Splunk, Elastic, Opsgenie), databases and
queues (URLs, JDBC/ADO.NET strings, CLI flags, .pgpass, JAAS, NATS nkeys), LLM APIs (OpenAI,
Anthropic, Hugging Face, Groq, Replicate, Perplexity, xAI, Mistral, Cohere, LangSmith), SaaS
tokens, Vault/Doppler/1Password/Terraform Cloud/Pulumi, SSH/RSA/EC/PKCS8/PGP private keys,
age keys, JWTs and signing secrets, OAuth client secrets and refresh tokens, signed URLs,
webhook URLs and signing secrets, kubeconfigs, k8s Secrets, .netrc, docker config.json,
terraform state, wifi/VPN (WPA psk, WireGuard private keys, IPsec PSK), passwords in prose or
chat in 15+ languages, passwords with unusual characters, recovery codes, TOTP seeds,
BIP39 seed phrases (valid checksums), base64'd credentials, truncated-log-but-usable keys.
Value conventions: for key pairs (AWS, Alibaba, Twilio SID+token, Razorpay) the value is the
secret half; for signed URLs (S3, GCS, Azure SAS) the value is the signature parameter; for
webhook URLs (Slack/Discord/Teams) the value is the whole URL (the URL *is* the credential);
for PEM keys the value is the whole BEGIN..END block as it appears in the text.
Judgement calls: a bare AWS access key id (AKIA...) with no secret is neither clearly clean
nor clearly secret, so no row contains one alone; AKIA ids appear only next to their secret
(secret rows) or as AWS's documented AKIAIOSFODNN7EXAMPLE (clean rows). Publishable keys
meant for browsers (Stripe pk_live_, Mapbox pk.*, reCAPTCHA site keys) are clean. Ambiguous
public-by-design identifiers (Sentry DSNs, Algolia search keys, Firebase web apiKey,
Stripe sk_test_) were dropped. Card numbers were left out (secret vs pii is ambiguous).

PII (70): phone numbers (several countries, valid per libphonenumber), personal e-mails, home
addresses, SSN / NINO / NIR / DNI / BSN / CPF / SIN / PAN numbers with valid check digits,
IBANs (mod-97 valid), passport numbers, dates of birth.

Clean (200): placeholders, env/secret-manager references, masked/redacted values, public
keys, certificates, fingerprints, hashes/digests/checksums, UUIDs, trace/request/build ids,
versions, commit messages and runbooks about rotating tokens without the token, vendor-doc
example values labelled as examples, base64 of ordinary text, SKUs/order ids, Stripe/AWS
resource ids, public blockchain addresses, CLI invocations that read secrets from env/stdin,
encrypted-at-rest blobs (SealedSecret, SOPS, ansible-vault, KMS/transit ciphertext, PGP message),
secret-scanner rules/regexes, i18n/UI/schema text about passwords, obviously fake test fixtures.
Template functions: 99 secret, 6 pii, 27 clean; rows are assigned round-robin over shuffled
templates, texts are unique, and the final row order is shuffled with the same seeded RNG.

Run: /work/main/.venv/bin/python make_sensitivity_tune22.py  (standard library only)
"""

import base64
import hashlib
import json
import random
import string
import struct
import urllib.parse
from collections import Counter
from pathlib import Path

SEED = 2222
PROBE = "sensitivity_tune22"
R = random.Random(SEED)

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DIG = string.digits
ALNUM = UP + LO + DIG
HEX = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
B64 = ALNUM + "+/"
URLS = ALNUM + "-_"
B32 = UP + "234567"


def rs(n, alpha=ALNUM):
    return "".join(R.choice(alpha) for _ in range(n))


def pick(seq):
    return R.choice(seq)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = rs(32, HEX)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def wrap(s, n=64):
    return "\n".join(s[i : i + n] for i in range(0, len(s), n))


FIRST = [
    "Maria",
    "Jonas",
    "Aisha",
    "Kenji",
    "Lucía",
    "Tomasz",
    "Priya",
    "Oliver",
    "Fatima",
    "Mateo",
    "Chloé",
    "Sven",
    "Ngozi",
    "Hannah",
    "Dmitri",
    "Ana",
    "Rahul",
    "Emma",
    "Yusuf",
    "Ingrid",
    "Wei",
    "Sofia",
    "Liam",
    "Amélie",
    "Jakub",
    "Leila",
    "Pedro",
    "Mei",
    "Noah",
    "Zanele",
]
LAST = [
    "García",
    "Müller",
    "Okafor",
    "Tanaka",
    "Kowalski",
    "Sharma",
    "Bennett",
    "Haddad",
    "Rossi",
    "Dubois",
    "Lindqvist",
    "Adeyemi",
    "Schneider",
    "Petrov",
    "Silva",
    "Iyer",
    "Walsh",
    "Yilmaz",
    "Berg",
    "Chen",
    "Novak",
    "Moreau",
    "Costa",
    "Nakamura",
    "O'Brien",
    "de Vries",
    "Fischer",
    "Kim",
]
ORGS = [
    "acme",
    "northwind",
    "kestrel",
    "bluefin",
    "orbitly",
    "havel",
    "lumen",
    "tidepool",
    "quarry",
    "fernhill",
    "zephyr",
    "copperleaf",
    "brightlane",
    "moonrake",
    "solvik",
    "pinecrest",
]
SVCS = [
    "billing",
    "orders",
    "ledger",
    "auth",
    "search",
    "ingest",
    "reports",
    "payments",
    "catalog",
    "notifier",
    "etl",
    "gateway",
    "inventory",
    "analytics",
    "checkout",
    "crm",
]
ENVS = ["prod", "staging", "dev", "qa", "eu1", "us-east", "preprod", "sandbox"]
USERS = [
    "deploy",
    "svc_billing",
    "ci-bot",
    "admin",
    "app_rw",
    "etl_loader",
    "grafana",
    "jenkins",
    "root",
    "analytics",
    "mlflow",
    "airflow",
    "backup",
    "postgres",
    "report_user",
    "webapp",
]


def org():
    return pick(ORGS)


def host(kind="db"):
    pre = {
        "db": [
            "db",
            "pg",
            "mysql",
            "orders-db",
            "ledger-db",
            "primary",
            "replica-2",
            "maria",
        ],
        "web": ["api", "app", "portal", "admin", "internal", "dashboard"],
        "mq": ["rabbit", "mq", "broker", "amqp", "events"],
    }[kind]
    dom = pick(
        [
            f"{org()}.internal",
            f"corp.{org()}.io",
            f"{pick(ENVS)}.{org()}.net",
            f"{pick(SVCS)}.svc.cluster.local",
            f"{org()}-{pick(ENVS)}.com",
        ]
    )
    return (
        f"{pick(pre)}-{pick(ENVS)}.{dom}" if R.random() < 0.5 else f"{pick(pre)}.{dom}"
    )


def user():
    u = pick(USERS)
    return u if R.random() < 0.6 else f"{u}{R.randint(1, 99)}"


WORDS = [
    "Tiger",
    "marzo",
    "Falcon",
    "nebula",
    "Sommer",
    "kiwi",
    "Orange",
    "river",
    "Bacon",
    "Lotus",
    "panda",
    "Vulcan",
    "copper",
    "Dragon",
    "moose",
    "Espresso",
    "quartz",
    "Pluto",
    "walrus",
    "Saturn",
    "otter",
    "Mango",
    "glacier",
    "Bison",
    "fjord",
    "Cobalt",
    "tulip",
    "Raven",
]
SYM = "!@#$%^&*-_+=?."
ODD = [
    "ü",
    "ß",
    "é",
    "€",
    "£",
    "§",
    "ñ",
    "ø",
    "°",
    "¿",
    "\\",
    "'",
    '"',
    "`",
    "~",
    "|",
    "<",
    ">",
    "{",
    "}",
]


def pw(style=None):
    style = style or pick(["rand", "rand", "human", "human", "long", "odd"])
    if style == "rand":
        while True:
            s = rs(R.randint(14, 22), ALNUM + "!#%&*+-=?@^_")
            if (
                any(c in DIG for c in s)
                and any(c in UP for c in s)
                and any(c in LO for c in s)
            ):
                return s
    if style == "human":
        return (
            pick(WORDS)
            + pick(SYM)
            + pick(WORDS).lower()
            + str(R.randint(10, 2099))
            + pick("!@#$%^&*-_+=")
        )
    if style == "long":
        return rs(R.randint(28, 40), ALNUM)
    if style == "odd":
        s = list(rs(R.randint(12, 18), ALNUM + "!#%"))
        for _ in range(R.randint(2, 3)):
            s.insert(R.randint(1, len(s) - 1), pick(ODD))
        return "".join(s)
    if style == "plain":  # safe for URLs / unquoted shell
        return rs(R.randint(16, 26), ALNUM)
    if style == "shellsafe":
        return rs(R.randint(14, 22), ALNUM + "%+-_.@")
    raise ValueError(style)


def pw_plain():
    return (
        pw("plain")
        if R.random() < 0.5
        else pick(WORDS) + rs(2, DIG) + pick("-_.") + rs(R.randint(8, 12), ALNUM)
    )


def pw_human():
    return pick(
        [
            pw("human"),
            pw("rand"),
            pick(WORDS) + str(R.randint(1970, 2026)) + pick("!?#*"),
            pick(WORDS).lower()
            + pick(WORDS)
            + str(R.randint(10, 999))
            + pick("!#$%*+=@"),
        ]
    )


def kv(var, val, lang=None):
    """Embed VAR=value in one of many config/code shapes."""
    low = var.lower()
    forms = [
        lambda: f"export {var}={val}",
        lambda: f'export {var}="{val}"',
        lambda: f"{var}={val}",
        lambda: (
            f"# {pick(SVCS)} service\n{var}={val}\nLOG_LEVEL={pick(['info', 'debug', 'warn'])}"
        ),
        lambda: f'env:\n  - name: {var}\n    value: "{val}"',
        lambda: f"{low}: {val}",
        lambda: (
            f'{{\n  "{low}": "{val}",\n  "region": "{pick(["us-east-1", "eu-west-1", "ap-south-1"])}"\n}}'
        ),
        lambda: f"ENV {var}={val}",
        lambda: f'$env:{var} = "{val}"',
        lambda: f"set {var}={val}",
        lambda: f'os.environ["{var}"] = "{val}"',
        lambda: f'const {low.replace("_", "")} = process.env.{var} || "{val}";',
        lambda: f"heroku config:set {var}={val} -a {org()}-{pick(SVCS)}",
        lambda: f'gh secret set {var} --body "{val}"',
        lambda: f"fly secrets set {var}={val}",
        lambda: (
            f"kubectl create secret generic {pick(SVCS)}-secrets --from-literal={low}={val}"
        ),
        lambda: (
            f"docker run -d -e {var}={val} {org()}/{pick(SVCS)}:{R.randint(1, 9)}.{R.randint(0, 20)}"
        ),
        lambda: f"[default]\n{low} = {val}",
        lambda: f"{var}: '{val}'",
    ]
    return pick(forms)()


BIP39 = """abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid acoustic acquire across act action actor actress actual adapt add addict address adjust admit adult advance advice aerobic affair afford afraid again age agent agree ahead aim air airport aisle alarm album alcohol alert alien all alley allow almost alone alpha already also alter always amateur amazing among amount amused analyst anchor ancient anger angle angry animal ankle announce annual another answer antenna antique anxiety any apart apology appear apple approve april arch arctic area arena argue arm armed armor army around arrange arrest arrive arrow art artefact artist artwork ask aspect assault asset assist assume asthma athlete atom attack attend attitude attract auction audit august aunt author auto autumn average avocado avoid awake aware away awesome awful awkward axis
baby bachelor bacon badge bag balance balcony ball bamboo banana banner bar barely bargain barrel base basic basket battle beach bean beauty because become beef before begin behave behind believe below belt bench benefit best betray better between beyond bicycle bid bike bind biology bird birth bitter black blade blame blanket blast bleak bless blind blood blossom blouse blue blur blush board boat body boil bomb bone bonus book boost border boring borrow boss bottom bounce box boy bracket brain brand brass brave bread breeze brick bridge brief bright bring brisk broccoli broken bronze broom brother brown brush bubble buddy budget buffalo build bulb bulk bullet bundle bunker burden burger burst bus business busy butter buyer buzz
cabbage cabin cable cactus cage cake call calm camera camp can canal cancel candy cannon canoe canvas canyon capable capital captain car carbon card cargo carpet carry cart case cash casino castle casual cat catalog catch category cattle caught cause caution cave ceiling celery cement census century cereal certain chair chalk champion change chaos chapter charge chase chat cheap check cheese chef cherry chest chicken chief child chimney choice choose chronic chuckle chunk churn cigar cinnamon circle citizen city civil claim clap clarify claw clay clean clerk clever click client cliff climb clinic clip clock clog close cloth cloud clown club clump cluster clutch coach coast coconut code coffee coil coin collect color column combine come comfort comic common company concert conduct confirm congress connect consider control convince cook cool copper copy coral core corn correct cost cotton couch country couple course cousin cover coyote crack cradle craft cram crane crash crater crawl crazy cream credit creek crew cricket crime crisp critic crop cross crouch crowd crucial cruel cruise crumble crunch crush cry crystal cube culture cup cupboard curious current curtain curve cushion custom cute cycle
dad damage damp dance danger daring dash daughter dawn day deal debate debris decade december decide decline decorate decrease deer defense define defy degree delay deliver demand demise denial dentist deny depart depend deposit depth deputy derive describe desert design desk despair destroy detail detect develop device devote diagram dial diamond diary dice diesel diet differ digital dignity dilemma dinner dinosaur direct dirt disagree discover disease dish dismiss disorder display distance divert divide divorce dizzy doctor document dog doll dolphin domain donate donkey donor door dose double dove draft dragon drama drastic draw dream dress drift drill drink drip drive drop drum dry duck dumb dune during dust dutch duty dwarf dynamic
eager eagle early earn earth easily east easy echo ecology economy edge edit educate effort egg eight either elbow elder electric elegant element elephant elevator elite else embark embody embrace emerge emotion employ empower empty enable enact end endless endorse enemy energy enforce engage engine enhance enjoy enlist enough enrich enroll ensure enter entire entry envelope episode equal equip era erase erode erosion error erupt escape essay essence estate eternal ethics evidence evil evoke evolve exact example excess exchange excite exclude excuse execute exercise exhaust exhibit exile exist exit exotic expand expect expire explain expose express extend extra eye eyebrow
fabric face faculty fade faint faith fall false fame family famous fan fancy fantasy farm fashion fat fatal father fatigue fault favorite feature february federal fee feed feel female fence festival fetch fever few fiber fiction field figure file film filter final find fine finger finish fire firm first fiscal fish fit fitness fix flag flame flash flat flavor flee flight flip float flock floor flower fluid flush fly foam focus fog foil fold follow food foot force forest forget fork fortune forum forward fossil foster found fox fragile frame frequent fresh friend fringe frog front frost frown frozen fruit fuel fun funny furnace fury future
gadget gain galaxy gallery game gap garage garbage garden garlic garment gas gasp gate gather gauge gaze general genius genre gentle genuine gesture ghost giant gift giggle ginger giraffe girl give glad glance glare glass glide glimpse globe gloom glory glove glow glue goat goddess gold good goose gorilla gospel gossip govern gown grab grace grain grant grape grass gravity great green grid grief grit grocery group grow grunt guard guess guide guilt guitar gun gym
habit hair half hammer hamster hand happy harbor hard harsh harvest hat have hawk hazard head health heart heavy hedgehog height hello helmet help hen hero hidden high hill hint hip hire history hobby hockey hold hole holiday hollow home honey hood hope horn horror horse hospital host hotel hour hover hub huge human humble humor hundred hungry hunt hurdle hurry hurt husband hybrid
ice icon idea identify idle ignore ill illegal illness image imitate immense immune impact impose improve impulse inch include income increase index indicate indoor industry infant inflict inform inhale inherit initial inject injury inmate inner innocent input inquiry insane insect inside inspire install intact interest into invest invite involve iron island isolate issue item ivory
jacket jaguar jar jazz jealous jeans jelly jewel job join joke journey joy judge juice jump jungle junior junk just kangaroo keen keep ketchup key kick kid kidney kind kingdom kiss kit kitchen kite kitten kiwi knee knife knock know
lab label labor ladder lady lake lamp language laptop large later latin laugh laundry lava law lawn lawsuit layer lazy leader leaf learn leave lecture left leg legal legend leisure lemon lend length lens leopard lesson letter level liar liberty library license life lift light like limb limit link lion liquid list little live lizard load loan lobster local lock logic lonely long loop lottery loud lounge love loyal lucky luggage lumber lunar lunch luxury lyrics
machine mad magic magnet maid mail main major make mammal man manage mandate mango mansion manual maple marble march margin marine market marriage mask mass master match material math matrix matter maximum maze meadow mean measure meat mechanic medal media melody melt member memory mention menu mercy merge merit merry mesh message metal method middle midnight milk million mimic mind minimum minor minute miracle mirror misery miss mistake mix mixed mixture mobile model modify mom moment monitor monkey monster month moon moral more morning mosquito mother motion motor mountain mouse move movie much muffin mule multiply muscle museum mushroom music must mutual myself mystery myth
naive name napkin narrow nasty nation nature near neck need negative neglect neither nephew nerve nest net network neutral never news next nice night noble noise nominee noodle normal north nose notable note nothing notice novel now nuclear number nurse nut
oak obey object oblige obscure observe obtain obvious occur ocean october odor off offer office often oil okay old olive olympic omit once one onion online only open opera opinion oppose option orange orbit orchard order ordinary organ orient original orphan ostrich other outdoor outer output outside oval oven over own owner oxygen oyster ozone
pact paddle page pair palace palm panda panel panic panther paper parade parent park parrot party pass patch path patient patrol pattern pause pave payment peace peanut pear peasant pelican pen penalty pencil people pepper perfect permit person pet phone photo phrase physical piano picnic picture piece pig pigeon pill pilot pink pioneer pipe pistol pitch pizza place planet plastic plate play please pledge pluck plug plunge poem poet point polar pole police pond pony pool popular portion position possible post potato pottery poverty powder power practice praise predict prefer prepare present pretty prevent price pride primary print priority prison private prize problem process produce profit program project promote proof property prosper protect proud provide public pudding pull pulp pulse pumpkin punch pupil puppy purchase purity purpose purse push put puzzle pyramid
quality quantum quarter question quick quit quiz quote rabbit raccoon race rack radar radio rail rain raise rally ramp ranch random range rapid rare rate rather raven raw razor ready real reason rebel rebuild recall receive recipe record recycle reduce reflect reform refuse region regret regular reject relax release relief rely remain remember remind remove render renew rent reopen repair repeat replace report require rescue resemble resist resource response result retire retreat return reunion reveal review reward rhythm rib ribbon rice rich ride ridge rifle right rigid ring riot ripple risk ritual rival river road roast robot robust rocket romance roof rookie room rose rotate rough round route royal rubber rude rug rule run runway rural
sad saddle sadness safe sail salad salmon salon salt salute same sample sand satisfy satoshi sauce sausage save say scale scan scare scatter scene scheme school science scissors scorpion scout scrap screen script scrub sea search season seat second secret section security seed seek segment select sell seminar senior sense sentence series service session settle setup seven shadow shaft shallow share shed shell sheriff shield shift shine ship shiver shock shoe shoot shop short shoulder shove shrimp shrug shuffle shy sibling sick side siege sight sign silent silk silly silver similar simple since sing siren sister situate six size skate sketch ski skill skin skirt skull slab slam sleep slender slice slide slight slim slogan slot slow slush small smart smile smoke smooth snack snake snap sniff snow soap soccer social sock soda soft solar soldier solid solution solve someone song soon sorry sort soul sound soup source south space spare spatial spawn speak special speed spell spend sphere spice spider spike spin spirit split spoil sponsor spoon sport spot spray spread spring spy square squeeze squirrel stable stadium staff stage stairs stamp stand start state stay steak steel stem step stereo stick still sting stock stomach stone stool story stove strategy street strike strong struggle student stuff stumble style subject submit subway success such sudden suffer sugar suggest suit summer sun sunny sunset super supply supreme sure surface surge surprise surround survey suspect sustain swallow swamp swap swarm swear sweet swift swim swing switch sword symbol symptom syrup system
table tackle tag tail talent talk tank tape target task taste tattoo taxi teach team tell ten tenant tennis tent term test text thank that theme then theory there they thing this thought three thrive throw thumb thunder ticket tide tiger tilt timber time tiny tip tired tissue title toast tobacco today toddler toe together toilet token tomato tomorrow tone tongue tonight tool tooth top topic topple torch tornado tortoise toss total tourist toward tower town toy track trade traffic tragic train transfer trap trash travel tray treat tree trend trial tribe trick trigger trim trip trophy trouble truck true truly trumpet trust truth try tube tuition tumble tuna tunnel turkey turn turtle twelve twenty twice twin twist two type typical
ugly umbrella unable unaware uncle uncover under undo unfair unfold unhappy uniform unique unit universe unknown unlock until unusual unveil update upgrade uphold upon upper upset urban urge usage use used useful useless usual utility vacant vacuum vague valid valley valve van vanish vapor various vast vault vehicle velvet vendor venture venue verb verify version very vessel veteran viable vibrant vicious victory video view village vintage violin virtual virus visa visit visual vital vivid vocal voice void volcano volume vote voyage
wage wagon wait walk wall walnut want warfare warm warrior wash wasp waste water wave way wealth weapon wear weasel weather web wedding weekend weird welcome west wet whale what wheat wheel when where whip whisper wide width wife wild will win window wine wing wink winner winter wire wisdom wise wish witness wolf woman wonder wood wool word work world worry worth wrap wreck wrestle wrist write wrong yard year yellow you young youth zebra zero zone zoo""".split()
assert len(BIP39) == 2048, len(BIP39)


def mnemonic(nwords=12):
    ent = rbytes(nwords * 4 // 3)
    cs = nwords // 3
    bits = bin(int.from_bytes(ent, "big"))[2:].zfill(len(ent) * 8)
    bits += bin(hashlib.sha256(ent).digest()[0])[2:].zfill(8)[:cs]
    return " ".join(BIP39[int(bits[i : i + 11], 2)] for i in range(0, len(bits), 11))


# ----------------------------------------------------------------------------- key material
def _s(b):
    return struct.pack(">I", len(b)) + b


def openssh_key(comment):
    pub, seed, chk = rbytes(32), rbytes(32), rbytes(4)
    pubblob = _s(b"ssh-ed25519") + _s(pub)
    priv = (
        chk + chk + _s(b"ssh-ed25519") + _s(pub) + _s(seed + pub) + _s(comment.encode())
    )
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (
        b"openssh-key-v1\0"
        + _s(b"none")
        + _s(b"none")
        + _s(b"")
        + struct.pack(">I", 1)
        + _s(pubblob)
        + _s(priv)
    )
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + wrap(b64(blob), 70)
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )


def rsa_key(kind="RSA PRIVATE KEY", nlines=None):
    if kind == "PRIVATE KEY":
        head = bytes.fromhex(
            "308204be020100300d06092a864886f70d0101010500048204a8308204a40201000282010100"
        )
    else:
        head = bytes.fromhex("308204a40201000282010100")
    body = b64(head + rbytes(1188 if nlines is None else nlines * 48))
    return f"-----BEGIN {kind}-----\n" + wrap(body) + f"\n-----END {kind}-----"


def ec_key():
    der = (
        bytes.fromhex("30770201010420")
        + rbytes(32)
        + bytes.fromhex("a00a06082a8648ce3d030107a14403420004")
        + rbytes(64)
    )
    return (
        "-----BEGIN EC PRIVATE KEY-----\n"
        + wrap(b64(der))
        + "\n-----END EC PRIVATE KEY-----"
    )


def pgp_priv():
    body = b64(bytes.fromhex("9507460465") + rbytes(R.randint(700, 900)))
    return (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
        + wrap(body)
        + "\n="
        + rs(4, B64)
        + "\n-----END PGP PRIVATE KEY BLOCK-----"
    )


def jwt(alg="HS256", claims=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS"):
        hdr["kid"] = rs(R.randint(20, 43), URLS)
    now = R.randint(1795000000, 1799000000)
    c = claims or {
        "sub": pick(
            [uuid4(), f"user_{R.randint(1000, 99999)}", f"auth0|{rs(24, HEX)}"]
        ),
        "iss": pick(
            [
                f"https://{org()}.eu.auth0.com/",
                f"https://auth.{org()}.io",
                f"https://login.{org()}.com/realms/main",
            ]
        ),
        "aud": pick(["api", f"https://api.{org()}.io", pick(SVCS)]),
        "iat": now,
        "exp": now + pick([3600, 86400, 2592000]),
        "scope": pick(
            [
                "openid profile email",
                "read:orders write:orders",
                "admin",
                "offline_access",
            ]
        ),
    }
    enc = lambda d: b64u(json.dumps(d, separators=(",", ":")).encode())
    sig = b64u(rbytes(256 if alg.startswith("RS") else 32))
    return f"{enc(hdr)}.{enc(c)}.{sig}"


# ----------------------------------------------------------------------------- vendor token shapes
def aws_akid(p="AKIA"):
    return p + rs(16, B32)


def aws_secret():
    return rs(40, B64)


def gh(p="ghp_"):
    return p + rs(36)


def openai_key():
    return pick(
        [
            lambda: "sk-proj-" + rs(74, URLS) + "T3BlbkFJ" + rs(74, URLS),
            lambda: "sk-" + rs(20) + "T3BlbkFJ" + rs(20),
            lambda: "sk-svcacct-" + rs(74, URLS) + "T3BlbkFJ" + rs(74, URLS),
        ]
    )()


def slack_tok(p="xoxb"):
    return f"{p}-{R.randint(10**9, 10**13)}-{R.randint(10**12, 10**13)}-{rs(24)}"


def slack_hook():
    return f"https://hooks.slack.com/services/T{rs(R.randint(8, 10), UP + DIG)}/B{rs(R.randint(8, 10), UP + DIG)}/{rs(24)}"


# ----------------------------------------------------------------------------- secret templates


def aws_keypair():
    a, s = aws_akid(), aws_secret()
    reg = pick(["us-east-1", "eu-central-1", "ap-southeast-2", "us-west-2"])
    t = pick(
        [
            f"[default]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = {reg}",
            f"export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\nexport AWS_DEFAULT_REGION={reg}",
            f's3 = boto3.client("s3", aws_access_key_id="{a}", aws_secret_access_key="{s}", region_name="{reg}")',
            f'provider "aws" {{\n  region     = "{reg}"\n  access_key = "{a}"\n  secret_key = "{s}"\n}}',
            f"hey can you try with these, the old ones got revoked:\nkey id {a}\nsecret {s}",
            f"Access key ID,Secret access key\n{a},{s}",
        ]
    )
    return "secret.aws.secret_key", t, s


def aws_session():
    a, s = aws_akid("ASIA"), aws_secret()
    tok = pick(["IQoJb3JpZ2luX2Vj", "FwoGZXIvYXdzE"]) + rs(R.randint(300, 380), B64)
    t = pick(
        [
            f"export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\nexport AWS_SESSION_TOKEN={tok}",
            json.dumps(
                {
                    "Credentials": {
                        "AccessKeyId": a,
                        "SecretAccessKey": s,
                        "SessionToken": tok,
                        "Expiration": f"2026-12-0{R.randint(1, 9)}T1{R.randint(0, 9)}:0{R.randint(0, 9)}:00Z",
                    }
                },
                indent=2,
            ),
        ]
    )
    return "secret.aws.session_token", t, tok


def aws_presigned():
    a = aws_akid()
    sig = rs(64, HEX)
    b = f"{org()}-{pick(['exports', 'backups', 'invoices', 'ml-datasets', 'uploads'])}"
    key = pick(
        [
            "2026/11/report.csv",
            "dumps/pg_full.sql.gz",
            f"invoices/INV-{R.randint(10000, 99999)}.pdf",
            "models/ckpt-best.pt",
        ]
    )
    url = (
        f"https://{b}.s3.amazonaws.com/{key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={a}%2F20261126%2Fus-east-1%2Fs3%2Faws4_request"
        f"&X-Amz-Date=20261126T{R.randint(10, 23)}{R.randint(10, 59)}00Z&X-Amz-Expires={pick([3600, 86400, 604800])}&X-Amz-SignedHeaders=host&X-Amz-Signature={sig}"
    )
    t = pick(
        [
            f"here's the download link (valid 7 days): {url}",
            f"curl -o out.bin '{url}'",
            f"[INFO] generated presigned url for {key}: {url}",
        ]
    )
    return "secret.aws.presigned_url", t, sig


def gcs_signed():
    sig = rs(512, HEX)
    url = (
        f"https://storage.googleapis.com/{org()}-artifacts/build/{rs(8, HEX)}.tar.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256"
        f"&X-Goog-Credential=uploader%40{org()}-prod.iam.gserviceaccount.com%2F20261126%2Fauto%2Fstorage%2Fgoog4_request"
        f"&X-Goog-Date=20261126T0930{R.randint(10, 59)}Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={sig}"
    )
    return (
        "secret.gcp.signed_url",
        pick([f"gsutil signurl output:\n{url}", f"Upload URL: {url}"]),
        sig,
    )


def gcp_sa_json():
    proj = f"{org()}-{pick(ENVS)}-{R.randint(100000, 999999)}"
    d = {
        "type": "service_account",
        "project_id": proj,
        "private_key_id": rs(40, HEX),
        "private_key": rsa_key("PRIVATE KEY", nlines=R.randint(6, 10)) + "\n",
        "client_email": f"{pick(SVCS)}-sa@{proj}.iam.gserviceaccount.com",
        "client_id": str(R.randint(10**20, 10**21)),
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    t = json.dumps(d, indent=2)
    i, j = (
        t.index("-----BEGIN"),
        t.index("-----END PRIVATE KEY-----") + len("-----END PRIVATE KEY-----"),
    )
    return "secret.gcp.service_account_key", t, t[i:j]


def google_api_key():
    k = "AIza" + rs(35, URLS)
    t = pick(
        [
            f'curl "https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key={k}"',
            kv(pick(["GOOGLE_API_KEY", "GEMINI_API_KEY", "YOUTUBE_API_KEY"]), k),
            f'genai.configure(api_key="{k}")',
            f"the gemini key for the hackathon is {k} pls don't share outside the team",
        ]
    )
    return "secret.gcp.api_key", t, k


def google_oauth_client():
    cid = f"{R.randint(10**11, 10**12)}-{rs(32, LO + DIG)}.apps.googleusercontent.com"
    sec = "GOCSPX-" + rs(28, URLS)
    t = pick(
        [
            json.dumps(
                {
                    "web": {
                        "client_id": cid,
                        "project_id": f"{org()}-login",
                        "client_secret": sec,
                        "redirect_uris": [f"https://app.{org()}.io/oauth2/callback"],
                    }
                }
            ),
            f"GOOGLE_CLIENT_ID={cid}\nGOOGLE_CLIENT_SECRET={sec}",
        ]
    )
    return "secret.gcp.oauth_client_secret", t, sec


def google_refresh():
    tok = "1//0" + rs(1, "3456789abcdefg") + rs(R.randint(96, 104), URLS)
    t = pick(
        [
            json.dumps(
                {
                    "access_token": "ya29." + rs(160, URLS),
                    "expires_in": 3599,
                    "refresh_token": tok,
                    "scope": "https://www.googleapis.com/auth/drive.readonly",
                    "token_type": "Bearer",
                },
                indent=1,
            ),
            f"token.json -> refresh_token: {tok}",
        ]
    )
    return "secret.gcp.oauth_refresh_token", t, tok


def azure_storage():
    acct = f"{org()}{pick(SVCS)}{R.randint(1, 99)}"[:24]
    key = b64(rbytes(64))
    cs = f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net"
    t = pick(
        [
            f'"AzureWebJobsStorage": "{cs}"',
            f'AZURE_STORAGE_CONNECTION_STRING="{cs}"',
            f"az storage blob upload --account-name {acct} --account-key {key} -c backups -f dump.bak -n dump.bak",
        ]
    )
    return "secret.azure.storage_key", t, key


def azure_sas():
    sig = urllib.parse.quote(b64(rbytes(32)), safe="")
    url = (
        f"https://{org()}data.blob.core.windows.net/{pick(['exports', 'raw', 'share'])}?sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx"
        f"&se=2027-0{R.randint(1, 9)}-1{R.randint(0, 9)}T18:00:00Z&st=2026-11-2{R.randint(0, 7)}T09:00:00Z&spr=https&sig={sig}"
    )
    return (
        "secret.azure.sas_token",
        pick(
            [
                f"SAS URL for the vendor drop: {url}",
                f"azcopy copy ./out '{url}' --recursive",
            ]
        ),
        sig,
    )


def azure_client_secret():
    sec = rs(3, ALNUM) + "8Q~" + rs(31, URLS + "~.")
    tenant, app = uuid4(), uuid4()
    t = pick(
        [
            f"az login --service-principal -u {app} -p '{sec}' --tenant {tenant}",
            f"AZURE_TENANT_ID={tenant}\nAZURE_CLIENT_ID={app}\nAZURE_CLIENT_SECRET={sec}",
            f'  "AzureAd": {{\n    "TenantId": "{tenant}",\n    "ClientId": "{app}",\n    "ClientSecret": "{sec}"\n  }}',
        ]
    )
    return "secret.azure.client_secret", t, sec


def azure_servicebus():
    key = b64(rbytes(32))
    ns = f"{org()}-{pick(['bus', 'events', 'hub'])}-{pick(ENVS)}"
    kind = pick(["servicebus", "eventhub"])
    cs = f"Endpoint=sb://{ns}.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={key}"
    if kind == "eventhub":
        cs += f";EntityPath={pick(['telemetry', 'clicks', 'audit'])}"
    return (
        f"secret.azure.{kind}_key",
        pick([f"ServiceBusConnection={cs}", f'connectionString: "{cs}"']),
        key,
    )


def azure_devops_pat():
    pat = rs(52, LO + "234567")
    t = pick(
        [
            f"git clone https://build:{pat}@dev.azure.com/{org()}/Platform/_git/{pick(SVCS)}",
            f"echo {pat} | az devops login --organization https://dev.azure.com/{org()}",
            kv("AZURE_DEVOPS_EXT_PAT", pat),
        ]
    )
    return "secret.azure.devops_pat", t, pat


def digitalocean():
    k = pick(["dop_v1_", "doo_v1_"]) + rs(64, HEX)
    t = pick(
        [
            f"doctl auth init --access-token {k}",
            kv("DIGITALOCEAN_TOKEN", k),
            f'do_token = "{k}"',
        ]
    )
    return "secret.digitalocean.token", t, k


def linode_vultr_hetzner():
    v = pick(
        [
            ("linode", "LINODE_TOKEN", rs(64, HEX)),
            ("vultr", "VULTR_API_KEY", rs(36, UP + DIG)),
            ("hetzner", "HCLOUD_TOKEN", rs(64, ALNUM)),
        ]
    )
    return f"secret.{v[0]}.api_token", kv(v[1], v[2]), v[2]


def cloudflare():
    if R.random() < 0.5:
        k = rs(40, URLS)
        t = pick(
            [
                f'curl -X GET "https://api.cloudflare.com/client/v4/user/tokens/verify" -H "Authorization: Bearer {k}"',
                kv("CLOUDFLARE_API_TOKEN", k),
            ]
        )
        return "secret.cloudflare.api_token", t, k
    k = rs(37, HEX)
    t = f'curl https://api.cloudflare.com/client/v4/zones -H "X-Auth-Email: ops@{org()}.com" -H "X-Auth-Key: {k}"'
    return "secret.cloudflare.global_api_key", t, k


def alibaba():
    a, s = "LTAI5t" + rs(18, ALNUM), rs(30, ALNUM)
    t = pick(
        [
            f"aliyun configure set --access-key-id {a} --access-key-secret {s} --region cn-hangzhou",
            f"ALIBABA_CLOUD_ACCESS_KEY_ID={a}\nALIBABA_CLOUD_ACCESS_KEY_SECRET={s}",
        ]
    )
    return "secret.alibaba.access_key_secret", t, s


def ibm_oci():
    if R.random() < 0.5:
        k = rs(44, URLS)
        return (
            "secret.ibm.api_key",
            pick([f"ibmcloud login --apikey {k} -r eu-de", kv("IBMCLOUD_API_KEY", k)]),
            k,
        )
    p = pw_plain()
    t = (
        f"[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa{rs(52, LO + DIG)}\nfingerprint={':'.join(rs(2, HEX) for _ in range(16))}\n"
        f"key_file=~/.oci/oci_api_key.pem\npass_phrase={p}\ntenancy=ocid1.tenancy.oc1..aaaaaaaa{rs(52, LO + DIG)}\nregion=eu-frankfurt-1"
    )
    return "secret.oci.key_passphrase", t, p


DEPLOY_CMD = {
    "heroku": "heroku container:release web -a api-prod",
    "vercel": "npx vercel deploy --prod --yes",
    "netlify": "npx netlify-cli deploy --prod --dir=dist",
}


def heroku_vercel_netlify():
    v = pick(
        [
            ("heroku", "HEROKU_API_KEY", uuid4()),
            ("heroku", "HEROKU_API_KEY", "HRKU-AA" + rs(58, URLS)),
            ("vercel", "VERCEL_TOKEN", rs(24, ALNUM)),
            ("netlify", "NETLIFY_AUTH_TOKEN", "nfp_" + rs(36)),
            ("fly", "FLY_API_TOKEN", "FlyV1 fm2_" + rs(R.randint(180, 220), B64)),
        ]
    )
    t = (
        pick(
            [
                kv(v[1], v[2]),
                f"      - run: {DEPLOY_CMD[v[0]]}\n        env:\n          {v[1]}: {v[2]}",
            ]
        )
        if v[0] != "fly"
        else f'FLY_API_TOKEN="{v[2]}"'
    )
    return f"secret.{v[0]}.api_token", t, v[2]


def github_classic():
    k = gh("ghp_")
    t = pick(
        [
            f"git remote set-url origin https://{user()}:{k}@github.com/{org()}/{pick(SVCS)}.git",
            f'curl -H "Authorization: token {k}" https://api.github.com/user/repos',
            kv("GITHUB_TOKEN", k),
            f"echo {k} | gh auth login --with-token",
            f"use my PAT for now: {k} (expires in 30 days)",
        ]
    )
    return "secret.github.pat_classic", t, k


def github_fine():
    k = "github_pat_11" + rs(20, UP + DIG) + "_" + rs(59)
    t = pick(
        [
            kv("GH_TOKEN", k),
            f"//npm.pkg.github.com/:_authToken={k}",
            f"Authorization: Bearer {k}",
        ]
    )
    return "secret.github.pat_fine_grained", t, k


def github_app():
    p = pick(["gho_", "ghu_", "ghs_", "ghr_"])
    k = gh(p)
    t = pick(
        [
            f"git clone https://x-access-token:{k}@github.com/{org()}/{pick(SVCS)}.git",
            f"[2026-11-26T10:{R.randint(10, 59)}:03Z] DEBUG installation token minted: {k} (expires_at=2026-11-26T11:00:00Z)",
            f'{{"token": "{k}", "expires_at": "2026-11-26T1{R.randint(0, 9)}:41:09Z"}}',
        ]
    )
    return "secret.github.app_token", t, k


def gitlab():
    p, kind = pick(
        [
            ("glpat-", "pat"),
            ("glrt-", "runner_token"),
            ("gldt-", "deploy_token"),
            ("glptt-", "trigger_token"),
        ]
    )
    k = p + rs(20, URLS)
    t = pick(
        [
            f'curl --header "PRIVATE-TOKEN: {k}" "https://gitlab.{org()}.com/api/v4/projects"',
            f"gitlab-runner register --url https://gitlab.com --token {k} --executor docker",
            kv("GITLAB_TOKEN", k),
            f"git push https://oauth2:{k}@gitlab.com/{org()}/infra.git",
        ]
    )
    return f"secret.gitlab.{kind}", t, k


def bitbucket():
    k = "ATBB" + rs(28) + rs(8, HEXU)
    u = user()
    return (
        "secret.bitbucket.app_password",
        pick(
            [
                f"git clone https://{u}:{k}@bitbucket.org/{org()}/{pick(SVCS)}.git",
                f"BITBUCKET_USERNAME={u}\nBITBUCKET_APP_PASSWORD={k}",
            ]
        ),
        k,
    )


def ci_tokens():
    v = pick(
        [
            ("circleci", "CIRCLECI_TOKEN", "CCIPAT_" + rs(22) + "_" + rs(40, HEX)),
            ("buildkite", "BUILDKITE_API_TOKEN", "bkua_" + rs(40, HEX)),
            ("sonarqube", "SONAR_TOKEN", pick(["squ_", "sqp_", "sqa_"]) + rs(40, HEX)),
            ("snyk", "SNYK_TOKEN", uuid4()),
            ("codecov", "CODECOV_TOKEN", uuid4()),
            ("drone", "DRONE_TOKEN", rs(32)),
        ]
    )
    t = pick([kv(v[1], v[2]), f"    environment:\n      {v[1]}: {v[2]}"])
    return f"secret.{v[0]}.token", t, v[2]


def jenkins():
    k = "11" + rs(32, HEX)
    u = user()
    t = pick(
        [
            f"curl -X POST -u {u}:{k} https://jenkins.{org()}.io/job/{pick(SVCS)}-deploy/buildWithParameters?ENV=prod",
            f"JENKINS_USER={u}\nJENKINS_API_TOKEN={k}",
        ]
    )
    return "secret.jenkins.api_token", t, k


def npm():
    k = "npm_" + rs(36)
    t = pick(
        [
            f"//registry.npmjs.org/:_authToken={k}",
            f'echo "//registry.npmjs.org/:_authToken={k}" >> ~/.npmrc',
            kv("NPM_TOKEN", k),
        ]
    )
    return "secret.npm.token", t, k


def pypi():
    k = "pypi-AgEIcHlwaS5vcmc" + rs(R.randint(140, 170), URLS)
    t = pick(
        [
            f"[pypi]\n  username = __token__\n  password = {k}",
            f"twine upload -u __token__ -p {k} dist/*",
            kv("TWINE_PASSWORD", k),
        ]
    )
    return "secret.pypi.token", t, k


def docker_hub():
    k = "dckr_pat_" + rs(27, URLS)
    u = user()
    t = pick(
        [
            f"docker login -u {u} -p {k}",
            f"echo '{k}' | docker login --username {u} --password-stdin",
            kv("DOCKERHUB_TOKEN", k),
        ]
    )
    return "secret.docker.pat", t, k


def docker_config():
    reg = pick(
        [
            "https://index.docker.io/v1/",
            "ghcr.io",
            f"registry.{org()}.io",
            f"{R.randint(10**11, 10**12)}.dkr.ecr.eu-west-1.amazonaws.com",
        ]
    )
    a = b64(f"{user()}:{pw_plain()}".encode())
    t = json.dumps(
        {
            "auths": {reg: {"auth": a}},
            "HttpHeaders": {"User-Agent": "Docker-Client/24.0.7 (linux)"},
        },
        indent=2,
    )
    return "secret.docker.config_auth", t, a


def other_registries():
    v = pick(
        [
            ("rubygems", "GEM_HOST_API_KEY", "rubygems_" + rs(48, HEX)),
            ("nuget", "NUGET_API_KEY", "oy2" + rs(43, LO + DIG)),
            ("crates", "CARGO_REGISTRY_TOKEN", "cio" + rs(32)),
            (
                "artifactory",
                "ARTIFACTORY_ACCESS_TOKEN",
                "cmVmdGtuOjAxOj" + rs(50, ALNUM),
            ),
            ("artifactory", "ARTIFACTORY_API_KEY", "AKCp8" + rs(68, ALNUM)),
        ]
    )
    t = pick(
        [
            kv(v[1], v[2]),
            f"dotnet nuget push pkg.nupkg --api-key {v[2]} --source https://api.nuget.org/v3/index.json"
            if v[0] == "nuget"
            else f"{v[1]}={v[2]}",
        ]
    )
    return f"secret.{v[0]}.token", t, v[2]


def maven_settings():
    p = pw_plain()
    t = (
        f"<servers>\n  <server>\n    <id>{org()}-releases</id>\n    <username>{user()}</username>\n"
        f"    <password>{p}</password>\n  </server>\n</servers>"
    )
    return "secret.maven.password", t, p


def stripe():
    p, kind = pick([("sk_live_", "secret_key"), ("rk_live_", "restricted_key")])
    k = p + rs(pick([24, 99]))
    t = pick(
        [
            f"curl https://api.stripe.com/v1/charges -u {k}: -d amount=2000 -d currency=eur",
            f'stripe.api_key = "{k}"',
            kv("STRIPE_SECRET_KEY", k),
            f"Stripe::Stripe.api_key = '{k}'",
        ]
    )
    return f"secret.stripe.{kind}", t, k


def webhook_secrets():
    v = pick(
        [
            ("stripe", "STRIPE_WEBHOOK_SECRET", "whsec_" + rs(32)),
            ("slack", "SLACK_SIGNING_SECRET", rs(32, HEX)),
            ("github", "GITHUB_WEBHOOK_SECRET", rs(40, HEX)),
            ("shopify", "SHOPIFY_WEBHOOK_SECRET", rs(64, HEX)),
            ("svix", "SVIX_SECRET", "whsec_" + b64(rbytes(24))),
        ]
    )
    t = pick(
        [
            kv(v[1], v[2]),
            f"webhook:\n  url: https://hooks.{org()}.io/{v[0]}\n  signing_secret: {v[2]}",
        ]
    )
    return f"secret.{v[0]}.webhook_secret", t, v[2]


def braintree_paypal():
    if R.random() < 0.5:
        k = f"access_token$production${rs(16, LO + DIG)}${rs(32, HEX)}"
        return "secret.paypal.braintree_token", kv("BRAINTREE_ACCESS_TOKEN", k), k
    cid, sec = "A" + rs(79, URLS), "E" + rs(79, URLS)
    t = f'curl -v https://api-m.paypal.com/v1/oauth2/token -u "{cid}:{sec}" -d "grant_type=client_credentials"'
    return "secret.paypal.client_secret", t, sec


def square_adyen():
    v = pick(
        [
            ("square", "SQUARE_ACCESS_TOKEN", "EAAA" + rs(60, URLS)),
            ("square", "SQUARE_APP_SECRET", "sq0csp-" + rs(43, URLS)),
            (
                "adyen",
                "ADYEN_API_KEY",
                "AQE" + rs(R.randint(120, 140), ALNUM + "+/=") + rs(6, ALNUM),
            ),
            ("plaid", "PLAID_SECRET", rs(30, HEX)),
            ("binance", "BINANCE_API_SECRET", rs(64, ALNUM)),
        ]
    )
    return f"secret.{v[0]}.api_key", kv(v[1], v[2]), v[2]


def razorpay():
    kid, sec = "rzp_live_" + rs(14), rs(24)
    t = pick(
        [
            f'razorpay.Client(auth=("{kid}", "{sec}"))',
            f"RAZORPAY_KEY_ID={kid}\nRAZORPAY_KEY_SECRET={sec}",
        ]
    )
    return "secret.razorpay.key_secret", t, sec


def shopify():
    p = pick(["shpat_", "shpca_", "shppa_", "shpss_"])
    k = p + rs(32, HEX)
    t = pick(
        [
            f'curl -H "X-Shopify-Access-Token: {k}" https://{org()}-store.myshopify.com/admin/api/2024-10/orders.json',
            kv("SHOPIFY_ACCESS_TOKEN", k),
        ]
    )
    return "secret.shopify.token", t, k


def slack_token():
    p = pick(["xoxb", "xoxp", "xoxe.xoxp-1"])
    k = slack_tok(p) if "." not in p else "xoxe.xoxp-1-" + rs(140, ALNUM)
    t = pick(
        [
            f"SLACK_BOT_TOKEN={k}",
            f'client = WebClient(token="{k}")',
            f'curl -X POST -H \'Authorization: Bearer {k}\' -H \'Content-type: application/json\' --data \'{{"channel":"C0{rs(8, UP + DIG)}","text":"deploy done"}}\' https://slack.com/api/chat.postMessage',
        ]
    )
    return "secret.slack.token", t, k


def slack_app_token():
    k = f"xapp-1-A0{rs(9, UP + DIG)}-{R.randint(10**12, 10**13)}-{rs(64, HEX)}"
    return "secret.slack.app_token", kv("SLACK_APP_TOKEN", k), k


def slack_webhook():
    u = slack_hook()
    t = pick(
        [
            f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"Backup finished\"}}' {u}",
            f"alertmanager:\n  receivers:\n  - name: oncall\n    slack_configs:\n    - api_url: {u}\n      channel: '#alerts'",
            f"webhook for #deploys is {u}",
        ]
    )
    return "secret.slack.webhook_url", t, u


def discord():
    if R.random() < 0.5:
        u = f"https://discord.com/api/webhooks/{R.randint(10**17, 10**18)}/{rs(68, URLS)}"
        return (
            "secret.discord.webhook_url",
            pick(
                [
                    f"DISCORD_WEBHOOK={u}",
                    f'requests.post("{u}", json={{"content": msg}})',
                ]
            ),
            u,
        )
    k = (
        b64u(str(R.randint(10**17, 10**18)).encode())
        + "."
        + rs(6, URLS)
        + "."
        + rs(38, URLS)
    )
    return (
        "secret.discord.bot_token",
        pick([f'client.run("{k}")', kv("DISCORD_TOKEN", k)]),
        k,
    )


def telegram():
    k = f"{R.randint(10**8, 10**10)}:AA{rs(33, URLS)}"
    t = pick(
        [
            f"curl https://api.telegram.org/bot{k}/sendMessage -d chat_id=-100{R.randint(10**9, 10**10)} -d text=hi",
            kv("TELEGRAM_BOT_TOKEN", k),
            f"BotFather gave me this: {k}",
        ]
    )
    return "secret.telegram.bot_token", t, k


def teams_webhook():
    u = f"https://{org()}.webhook.office.com/webhookb2/{uuid4()}@{uuid4()}/IncomingWebhook/{rs(32, HEX)}/{uuid4()}/V2{rs(43, URLS)}"
    return (
        "secret.teams.webhook_url",
        pick(
            [
                f"TEAMS_WEBHOOK_URL={u}",
                f"Invoke-RestMethod -Method Post -Uri '{u}' -Body $json",
            ]
        ),
        u,
    )


def twilio():
    sid, tok = "AC" + rs(32, HEX), rs(32, HEX)
    t = pick(
        [
            f"TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={tok}",
            f'curl -X POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json --data-urlencode "Body=test" -u {sid}:{tok}',
            f'client = Client("{sid}", "{tok}")',
        ]
    )
    return "secret.twilio.auth_token", t, tok


def email_providers():
    v = pick(
        [
            ("sendgrid", "SENDGRID_API_KEY", "SG." + rs(22, URLS) + "." + rs(43, URLS)),
            (
                "mailgun",
                "MAILGUN_API_KEY",
                pick(
                    [
                        "key-" + rs(32, HEX),
                        rs(32, HEX) + "-" + rs(8, HEX) + "-" + rs(8, HEX),
                    ]
                ),
            ),
            (
                "mailchimp",
                "MAILCHIMP_API_KEY",
                rs(32, HEX) + "-us" + str(R.randint(1, 21)),
            ),
            ("postmark", "POSTMARK_SERVER_TOKEN", uuid4()),
            ("brevo", "BREVO_API_KEY", "xkeysib-" + rs(64, HEX) + "-" + rs(16)),
        ]
    )
    t = pick(
        [
            kv(v[1], v[2]),
            f"smtp:\n  host: smtp.{v[0]}.{'net' if v[0] == 'sendgrid' else 'com'}\n  user: apikey\n  password: {v[2]}",
        ]
    )
    return f"secret.{v[0]}.api_key", t, v[2]


def vonage_pusher_fcm():
    v = pick(
        [
            ("vonage", "NEXMO_API_SECRET", rs(16)),
            ("pusher", "PUSHER_APP_SECRET", rs(20, HEX)),
            (
                "firebase",
                "FCM_SERVER_KEY",
                "AAAA" + rs(7, URLS) + ":APA91b" + rs(134, URLS),
            ),
            (
                "onesignal",
                "ONESIGNAL_REST_API_KEY",
                "os_v2_app_" + rs(100, LO + "234567"),
            ),
        ]
    )
    return f"secret.{v[0]}.api_key", kv(v[1], v[2]), v[2]


def observability():
    v = pick(
        [
            ("datadog", "DD_API_KEY", rs(32, HEX)),
            ("datadog", "DD_APP_KEY", rs(40, HEX)),
            ("newrelic", "NEW_RELIC_API_KEY", "NRAK-" + rs(27, UP + DIG)),
            ("newrelic", "NEW_RELIC_LICENSE_KEY", rs(36, HEX) + "NRAL"),
            (
                "sentry",
                "SENTRY_AUTH_TOKEN",
                pick(
                    ["sntryu_" + rs(64, HEX), "sntrys_" + b64(rbytes(120)).rstrip("=")]
                ),
            ),
            ("pagerduty", "PAGERDUTY_ROUTING_KEY", rs(32, HEX)),
            ("pagerduty", "PAGERDUTY_TOKEN", "u+" + rs(18, URLS)),
            ("grafana", "GRAFANA_SA_TOKEN", "glsa_" + rs(32) + "_" + rs(8, HEX)),
            (
                "grafana",
                "GRAFANA_CLOUD_TOKEN",
                "glc_" + rs(R.randint(110, 140), ALNUM) + "==",
            ),
            (
                "honeycomb",
                "HONEYCOMB_API_KEY",
                pick([rs(22), "hcaik_" + rs(58, LO + DIG)]),
            ),
            ("opsgenie", "OPSGENIE_API_KEY", uuid4()),
            ("logdna", "LOGDNA_INGESTION_KEY", rs(32, HEX)),
            (
                "langsmith",
                "LANGSMITH_API_KEY",
                "lsv2_pt_" + rs(32, HEX) + "_" + rs(10, HEX),
            ),
        ]
    )
    t = pick(
        [
            kv(v[1], v[2]),
            f"helm upgrade --install {v[0]}-agent {v[0]}/{v[0]} --set {pick(['apiKey', 'licenseKey', 'token'])}={v[2]} -n monitoring",
            f"# {v[0]} for the {pick(SVCS)} svc\n{v[1]}={v[2]}",
        ]
    )
    return f"secret.{v[0]}.api_key", t, v[2]


def splunk_elastic():
    if R.random() < 0.5:
        k = uuid4()
        t = f'curl -k https://splunk-hec.{org()}.io:8088/services/collector/event -H "Authorization: Splunk {k}" -d \'{{"event": "hello"}}\''
        return "secret.splunk.hec_token", t, k
    k = b64(f"{rs(20, URLS)}:{rs(22, URLS)}".encode())
    t = pick(
        [
            f'curl -H "Authorization: ApiKey {k}" https://{org()}.es.eu-west-1.aws.found.io:9243/_cat/indices',
            f'output.elasticsearch:\n  hosts: ["https://es01:9200"]\n  api_key: "{k}"',
        ]
    )
    return "secret.elastic.api_key", t, k


def pg_url():
    p, u, h = pw_plain(), user(), host()
    db = pick(SVCS)
    url = f"postgresql://{u}:{p}@{h}:5432/{db}" + pick(
        ["", "?sslmode=require", "?sslmode=verify-full&connect_timeout=10"]
    )
    t = pick(
        [
            f"DATABASE_URL={url}",
            f'SQLALCHEMY_DATABASE_URI = "{url}"',
            f"psql \"{url}\" -c 'select count(*) from {db}'",
            f"spring:\n  datasource:\n    url: jdbc:postgresql://{h}:5432/{db}\n    username: {u}\n    password: {p}",
        ]
    )
    return "secret.db.postgres_password", t, p


def mysql_cli():
    p, u, h = pw("shellsafe"), user(), host()
    t = pick(
        [
            f"mysql -h {h} -u {u} -p{p} {pick(SVCS)} < migrate.sql",
            f"mysqldump -u{u} -p'{p}' --single-transaction {pick(SVCS)} | gzip > dump.sql.gz",
            f"mysql://{u}:{p}@{h}:3306/{pick(SVCS)}",
            f'[client]\nuser={u}\npassword="{p}"\nhost={h}',
        ]
    )
    return "secret.db.mysql_password", t, p


def mongo():
    p, u = pw_plain(), user()
    c = f"cluster{R.randint(0, 9)}.{rs(5, LO + DIG)}.mongodb.net"
    url = f"mongodb+srv://{u}:{p}@{c}/{pick(SVCS)}?retryWrites=true&w=majority"
    t = pick(
        [
            f"MONGO_URI={url}",
            f'mongosh "{url}"',
            f"mongosh --host {host()} -u {u} --password '{p}' --authenticationDatabase admin",
            f'client = MongoClient("{url}")',
        ]
    )
    return "secret.db.mongodb_password", t, p


def redis():
    p = pw_plain()
    h = host()
    t = pick(
        [
            f"REDIS_URL=redis://default:{p}@{h}:6379/0",
            f"redis-cli -h {h} -p 6380 -a {p} --tls info",
            f"# redis.conf\nbind 0.0.0.0\nprotected-mode yes\nrequirepass {p}\nmaxmemory 2gb",
            f"CACHE_URL=rediss://:{p}@{h}:6380/1",
        ]
    )
    return "secret.db.redis_password", t, p


def jdbc_mssql():
    p, u, h = pw("rand").replace(";", "!"), user(), host()
    t = pick(
        [
            f"jdbc:sqlserver://{h}:1433;databaseName={pick(SVCS)};user={u};password={p};encrypt=true",
            f'"ConnectionStrings": {{\n  "Default": "Server=tcp:{h},1433;Database={pick(SVCS)};User Id={u};Password={p};TrustServerCertificate=True;"\n}}'.replace(
                "\\", "/"
            ),
            f"jdbc:oracle:thin:{u}/{p}@//{h}:1521/ORCLPDB1",
        ]
    )
    if "\\" in p or '"' in p:
        p2 = p.replace("\\", "/").replace('"', "!")
        t, p = t.replace(p, p2), p2
    return "secret.db.jdbc_password", t, p


def pgpass_misc():
    p, u, h = pw_plain(), user(), host()
    v = pick(
        [
            ("pgpass", f"{h}:5432:*:{u}:{p}"),
            (
                "pgpassword",
                f"PGPASSWORD={p} pg_dump -h {h} -U {u} -Fc {pick(SVCS)} > nightly.dump",
            ),
            ("cqlsh", f"cqlsh {h} 9042 -u {u} -p {p}"),
            (
                "clickhouse",
                f"clickhouse-client --host {h} --user {u} --password {p} --secure",
            ),
            (
                "snowflake",
                f'[connections.{pick(ENVS)}]\naccount = "{org()}-{rs(7, UP)}"\nuser = "{u.upper()}"\npassword = "{p}"\nwarehouse = "COMPUTE_WH"',
            ),
            (
                "elastic",
                f"curl -u elastic:{p} -X GET 'https://{h}:9200/_cluster/health?pretty'",
            ),
            (
                "influx",
                f"influx setup --username {u} --password {p} --org {org()} --bucket metrics --force",
            ),
        ]
    )
    return f"secret.db.{v[0]}_password", v[1], p


def supabase_service():
    ref = rs(20, LO)
    k = jwt(
        "HS256",
        {
            "iss": "supabase",
            "ref": ref,
            "role": "service_role",
            "iat": R.randint(1700000000, 1750000000),
            "exp": R.randint(2010000000, 2060000000),
        },
    )
    t = pick(
        [
            f"SUPABASE_URL=https://{ref}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY={k}",
            f"const supabase = createClient('https://{ref}.supabase.co', '{k}')  // service role, server only",
            f'curl \'https://{ref}.supabase.co/rest/v1/profiles?select=*\' -H "apikey: {k}" -H "Authorization: Bearer {k}"',
        ]
    )
    return "secret.supabase.service_role_key", t, k


def amqp():
    p, u = pw_plain(), user()
    h = host("mq")
    t = pick(
        [
            f"CELERY_BROKER_URL=amqp://{u}:{p}@{h}:5672/{pick(SVCS)}",
            f"rabbitmqctl add_user {u} '{p}'",
            f"spring.rabbitmq.host={h}\nspring.rabbitmq.username={u}\nspring.rabbitmq.password={p}",
            f"amqps://{u}:{p}@{rs(8, LO)}.rmq.cloudamqp.com/{rs(8, LO)}",
        ]
    )
    return "secret.mq.amqp_password", t, p


def kafka():
    k, s = rs(16, UP + DIG), rs(64, ALNUM + "+/")
    t = pick(
        [
            f"bootstrap.servers=pkc-{rs(5, LO + DIG)}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanisms=PLAIN\nsasl.username={k}\nsasl.password={s}",
            f'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{k}" password="{s}";',
        ]
    )
    return "secret.mq.kafka_sasl_password", t, s


def nats_nkey():
    seed = "SU" + rs(56, B32)
    t = pick(
        [
            f"-----BEGIN USER NKEY SEED-----\n{seed}\n------END USER NKEY SEED------",
            f"nats --server nats://{host('mq')}:4222 --nkey /dev/stdin pub test hi <<< {seed}",
        ]
    )
    return "secret.mq.nats_nkey_seed", t, seed


def mqtt_smtp_ftp():
    p, u, h = pw_plain(), user(), host("web")
    v = pick(
        [
            (
                "mqtt",
                f"mosquitto_pub -h {h} -p 8883 -u {u} -P {p} -t sensors/temp -m 21.5",
            ),
            (
                "smtp",
                f"EMAIL_HOST=smtp.office365.com\nEMAIL_PORT=587\nEMAIL_HOST_USER={u}@{org()}.com\nEMAIL_HOST_PASSWORD={p}",
            ),
            (
                "smtp",
                f'set smtp_url = "smtps://{u}@{org()}.com@smtp.gmail.com:465/"\nset smtp_pass = "{p}"',
            ),
            ("ftp", f"ftp://{u}:{p}@{h}/incoming/"),
            ("ftp", f"lftp -u {u},{p} sftp://{h}"),
            (
                "ldap",
                f'ldapsearch -x -H ldaps://{h} -D "cn={u},ou=svc,dc={org()},dc=com" -w {p} -b "dc={org()},dc=com"',
            ),
            ("smb", f"smbclient //{h}/finance -U {u}%{p}"),
            (
                "cifs",
                f"//{h}/share /mnt/share cifs username={u},password={p},uid=1000 0 0",
            ),
        ]
    )
    return f"secret.{v[0]}.password", v[1], p


def llm_openai():
    k = openai_key()
    t = pick(
        [
            kv("OPENAI_API_KEY", k),
            f'client = OpenAI(api_key="{k}")',
            f'curl https://api.openai.com/v1/chat/completions -H "Authorization: Bearer {k}" -H "Content-Type: application/json" -d @req.json',
            f"hey the team key is {k}, budget capped at $200/mo",
            f"openai.api_key = '{k}'",
        ]
    )
    return "secret.openai.api_key", t, k


def llm_anthropic():
    k = pick(["sk-ant-api03-", "sk-ant-admin01-"]) + rs(93, URLS) + "AA"
    t = pick(
        [
            kv("ANTHROPIC_API_KEY", k),
            f'client = anthropic.Anthropic(api_key="{k}")',
            f'curl https://api.anthropic.com/v1/messages -H "x-api-key: {k}" -H "anthropic-version: 2023-06-01" -d @body.json',
        ]
    )
    return "secret.anthropic.api_key", t, k


def llm_other():
    v = pick(
        [
            ("huggingface", "HF_TOKEN", "hf_" + rs(34, UP + LO)),
            ("groq", "GROQ_API_KEY", "gsk_" + rs(52)),
            ("replicate", "REPLICATE_API_TOKEN", "r8_" + rs(37)),
            ("perplexity", "PERPLEXITY_API_KEY", "pplx-" + rs(48)),
            ("xai", "XAI_API_KEY", "xai-" + rs(80)),
            ("mistral", "MISTRAL_API_KEY", rs(32)),
            ("cohere", "CO_API_KEY", rs(40)),
            ("together", "TOGETHER_API_KEY", rs(64, HEX)),
            ("deepseek", "DEEPSEEK_API_KEY", "sk-" + rs(32, HEX)),
            ("openrouter", "OPENROUTER_API_KEY", "sk-or-v1-" + rs(64, HEX)),
            ("elevenlabs", "ELEVENLABS_API_KEY", "sk_" + rs(48, HEX)),
            ("pinecone", "PINECONE_API_KEY", "pcsk_" + rs(5) + "_" + rs(60)),
        ]
    )
    t = pick(
        [
            kv(v[1], v[2]),
            f"huggingface-cli login --token {v[2]}"
            if v[0] == "huggingface"
            else f"{v[1]}={v[2]}",
            f"{pick(['fyi', 'ok', 'ping'])} - new {v[0]} key: {v[2]}",
        ]
    )
    return f"secret.{v[0]}.api_key", t, v[2]


def saas_tokens():
    v = pick(
        [
            (
                "atlassian",
                "JIRA_API_TOKEN",
                "ATATT3xFfGF0" + rs(170, URLS) + "=" + rs(8, HEXU),
            ),
            ("notion", "NOTION_TOKEN", pick(["secret_" + rs(43), "ntn_" + rs(46)])),
            ("airtable", "AIRTABLE_TOKEN", "pat" + rs(14) + "." + rs(64, HEX)),
            ("linear", "LINEAR_API_KEY", "lin_api_" + rs(40)),
            ("figma", "FIGMA_TOKEN", "figd_" + rs(40, URLS)),
            ("postman", "POSTMAN_API_KEY", "PMAK-" + rs(24, HEX) + "-" + rs(34, HEX)),
            (
                "asana",
                "ASANA_PAT",
                f"2/{R.randint(10**15, 10**16)}/{R.randint(10**15, 10**16)}:{rs(32, HEX)}",
            ),
            (
                "hubspot",
                "HUBSPOT_ACCESS_TOKEN",
                f"pat-{pick(['na1', 'eu1'])}-{uuid4()}",
            ),
            ("zendesk", "ZENDESK_API_TOKEN", rs(40)),
            ("okta", "OKTA_API_TOKEN", "00" + rs(40, URLS)),
            ("contentful", "CONTENTFUL_MANAGEMENT_TOKEN", "CFPAT-" + rs(43, URLS)),
            (
                "mapbox",
                "MAPBOX_SECRET_TOKEN",
                "sk.eyJ1Ijoi" + rs(50, URLS) + "." + rs(22, URLS),
            ),
            ("algolia", "ALGOLIA_ADMIN_KEY", rs(32, HEX)),
            ("intercom", "INTERCOM_ACCESS_TOKEN", "dG9rOj" + rs(54, ALNUM) + "="),
            ("segment", "SEGMENT_WRITE_KEY", rs(32)),
            ("typeform", "TYPEFORM_TOKEN", "tfp_" + rs(44, URLS) + "_" + rs(14, URLS)),
        ]
    )
    t = pick(
        [
            kv(v[1], v[2]),
            f'curl -H "Authorization: Bearer {v[2]}" https://api.{v[0]}.com/v1/me',
            f"{v[0]} token (admin scope): {v[2]}",
        ]
    )
    return f"secret.{v[0]}.api_token", t, v[2]


def social_tokens():
    v = pick(
        [
            ("facebook", "FB_ACCESS_TOKEN", "EAA" + rs(R.randint(160, 200))),
            (
                "twitter",
                "TWITTER_BEARER_TOKEN",
                "AAAAAAAAAAAAAAAAAAAAA" + rs(25) + "%3D" + rs(50),
            ),
            ("instagram", "IG_ACCESS_TOKEN", "IGQVJ" + rs(150, URLS)),
            ("linkedin", "LINKEDIN_ACCESS_TOKEN", "AQ" + rs(R.randint(160, 190), URLS)),
        ]
    )
    return f"secret.{v[0]}.access_token", kv(v[1], v[2]), v[2]


def vault_secrets_mgrs():
    v = pick(
        [
            ("vault", "VAULT_TOKEN", "hvs." + rs(R.randint(90, 100), URLS)),
            ("vault", "VAULT_TOKEN", "s." + rs(24)),
            ("doppler", "DOPPLER_TOKEN", "dp.st." + pick(ENVS) + "." + rs(43)),
            (
                "1password",
                "OP_SERVICE_ACCOUNT_TOKEN",
                "ops_eyJ" + rs(R.randint(300, 360), URLS),
            ),
            ("terraform", "TF_TOKEN_app_terraform_io", rs(14) + ".atlasv1." + rs(67)),
            ("pulumi", "PULUMI_ACCESS_TOKEN", "pul-" + rs(40, HEX)),
            (
                "infisical",
                "INFISICAL_TOKEN",
                "st." + uuid4() + "." + rs(32, HEX) + "." + rs(32, HEX),
            ),
        ]
    )
    t = pick(
        [kv(v[1], v[2]), f"vault login {v[2]}" if v[0] == "vault" else f"{v[1]}={v[2]}"]
    )
    return f"secret.{v[0]}.token", t, v[2]


def terraform_rc():
    k = rs(14) + ".atlasv1." + rs(67)
    t = f'credentials "app.terraform.io" {{\n  token = "{k}"\n}}'
    return "secret.terraform.cloud_token", t, k


def ssh_private():
    c = f"{user()}@{pick(['laptop', 'bastion', 'build-01', 'MacBook-Pro'])}"
    k = openssh_key(c) if R.random() < 0.6 else rsa_key()
    t = pick(
        [
            k,
            f"$ cat ~/.ssh/id_ed25519\n{k}",
            f"deploy key for the prod box, add it to the runner:\n\n{k}\n",
            "  ssh_private_key: |\n" + "\n".join("    " + ln for ln in k.splitlines()),
        ]
    )
    if t.startswith("  ssh_private_key"):
        lines = t.splitlines()[1:]
        return "secret.ssh.private_key", t, "\n".join(lines)[4:]
    return "secret.ssh.private_key", t, k


def tls_private():
    k = pick([lambda: rsa_key("PRIVATE KEY", nlines=R.randint(12, 25)), ec_key])()
    t = pick(
        [
            f"# /etc/nginx/ssl/{org()}.key\n{k}",
            f"server.key:\n{k}",
            f"ssl_certificate_key contents below, please install on lb-{R.randint(1, 4)}\n{k}",
        ]
    )
    return "secret.tls.private_key", t, k


def k8s_tls_secret():
    k = rsa_key("PRIVATE KEY", nlines=8)
    enc = b64((k + "\n").encode())
    crt = b64(
        (
            "-----BEGIN CERTIFICATE-----\n"
            + wrap(b64(rbytes(300)))
            + "\n-----END CERTIFICATE-----\n"
        ).encode()
    )
    t = (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick(SVCS)}-tls\n  namespace: {pick(ENVS)}\ntype: kubernetes.io/tls\n"
        f"data:\n  tls.crt: {crt}\n  tls.key: {enc}"
    )
    return "secret.k8s.tls_key_b64", t, enc


def pgp_private():
    k = pgp_priv()
    return (
        "secret.pgp.private_key",
        pick([k, f"gpg --export-secret-keys --armor {rs(16, HEXU)}\n{k}"]),
        k,
    )


def age_key():
    k = "AGE-SECRET-KEY-1" + rs(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper())
    pub = "age1" + rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
    t = f"# created: 2026-11-{R.randint(10, 26)}T0{R.randint(1, 9)}:12:44Z\n# public key: {pub}\n{k}"
    return "secret.age.private_key", t, k


def jwt_bearer():
    k = jwt(pick(["HS256", "RS256"]))
    t = pick(
        [
            f'curl -H "Authorization: Bearer {k}" https://api.{org()}.io/v2/orders?limit=50',
            f"GET /api/v1/users/me HTTP/1.1\nHost: api.{org()}.com\nAuthorization: Bearer {k}\nAccept: application/json",
            f"[{pick(SVCS)}] 2026-11-26 10:{R.randint(10, 59)}:11 DEBUG outgoing headers={{'Authorization': 'Bearer {k}'}}",
            f"localStorage.setItem('access_token', '{k}')",
        ]
    )
    return "secret.jwt.bearer_token", t, k


def jwt_signing():
    v = pick(
        [
            ("jwt", "JWT_SECRET", rs(64, HEX)),
            ("jwt", "JWT_SIGNING_KEY", b64(rbytes(48))),
            ("nextauth", "NEXTAUTH_SECRET", b64(rbytes(32))),
            (
                "django",
                "SECRET_KEY",
                "django-insecure-" + rs(50, LO + DIG + "!@#$%^&*(-_=+)"),
            ),
            ("django", "SECRET_KEY", rs(50, LO + DIG + "!@#%^&*(-_=+)")),
            ("rails", "SECRET_KEY_BASE", rs(128, HEX)),
            ("laravel", "APP_KEY", "base64:" + b64(rbytes(32))),
            ("flask", "SECRET_KEY", rs(48, HEX)),
            ("encryption", "ENCRYPTION_KEY", b64(rbytes(32))),
            ("session", "SESSION_SECRET", rs(48, URLS)),
        ]
    )
    t = pick([f"{v[1]}={v[2]}", f"{v[1]} = '{v[2]}'", f"export {v[1]}='{v[2]}'"])
    return f"secret.{v[0]}.signing_key", t, v[2]


def oauth_client_creds():
    cid, sec = (
        pick([uuid4(), rs(32), f"{pick(SVCS)}-client"]),
        pick([rs(64, URLS), rs(40), uuid4()]),
    )
    t = pick(
        [
            f'curl -X POST https://{org()}.eu.auth0.com/oauth/token -H \'content-type: application/json\' -d \'{{"client_id":"{cid}","client_secret":"{sec}","audience":"https://api.{org()}.io","grant_type":"client_credentials"}}\'',
            f"spring.security.oauth2.client.registration.keycloak.client-id={cid}\nspring.security.oauth2.client.registration.keycloak.client-secret={sec}",
            f"OIDC_CLIENT_ID={cid}\nOIDC_CLIENT_SECRET={sec}",
            f"curl -u '{cid}:{sec}' -d grant_type=client_credentials https://login.{org()}.com/oauth2/token",
        ]
    )
    return "secret.oauth.client_secret", t, sec


def totp_seed():
    s = rs(32, B32)
    o = org()
    u = f"{pick(FIRST).lower()}@{o}.com"
    t = pick(
        [
            f"otpauth://totp/{o.title()}:{u}?secret={s}&issuer={o.title()}&algorithm=SHA1&digits=6&period=30",
            f"2FA setup key (if you can't scan the QR): {' '.join(s[i : i + 4] for i in range(0, 32, 4))}",
            f"MFA_TOTP_SECRET={s}",
        ]
    )
    val = s if s in t else " ".join(s[i : i + 4] for i in range(0, 32, 4))
    return "secret.mfa.totp_seed", t, val


def recovery_codes():
    if R.random() < 0.5:
        codes = [f"{rs(5, HEX)}-{rs(5, HEX)}" for _ in range(R.randint(6, 10))]
        t = pick(
            ["GitHub recovery codes\n", "Recovery codes (keep these safe!)\n", ""]
        ) + "\n".join(codes)
        return "secret.mfa.recovery_codes", t, "\n".join(codes)
    codes = [
        f"{R.randint(1000, 9999)} {R.randint(1000, 9999)}"
        for _ in range(R.randint(5, 10))
    ]
    sep = pick(["\n", "   "])
    t = pick(
        [
            "BACKUP VERIFICATION CODES\n",
            "Backup codes for my google acct:\n",
            "codes de secours :\n",
        ]
    ) + sep.join(codes)
    return "secret.mfa.backup_codes", t, sep.join(codes)


def seed_phrase():
    m = mnemonic(pick([12, 12, 24, 18]))
    t = pick(
        [
            f"wallet seed: {m}",
            f"Recovery phrase (MetaMask):\n{m}",
            f"ma phrase de récupération : {m}",
            f"{m}",
            f"hey can you restore the treasury wallet? words are: {m}",
            "\n".join(f"{i + 1}. {w}" for i, w in enumerate(m.split())),
        ]
    )
    if m not in t:
        return "secret.crypto.seed_phrase", t, t[t.index("1. ") :]
    return "secret.crypto.seed_phrase", t, m


def crypto_private_key():
    k = pick([rs(64, HEX), "0x" + rs(64, HEX)])
    t = pick(
        [
            f"PRIVATE_KEY={k}",
            f'const wallet = new ethers.Wallet("{k}", provider);',
            f"deployer private key: {k}",
        ]
    )
    return "secret.crypto.private_key", t, k


def kubeconfig():
    srv = (
        f"https://{rs(32, HEXU)}.gr7.eu-west-1.eks.amazonaws.com"
        if R.random() < 0.5
        else f"https://k8s-{pick(ENVS)}.{org()}.internal:6443"
    )
    ca = b64(rbytes(90))
    if R.random() < 0.5:
        cred = jwt(
            "RS256",
            {
                "iss": "kubernetes/serviceaccount",
                "kubernetes.io/serviceaccount/namespace": pick(ENVS),
                "kubernetes.io/serviceaccount/service-account.name": f"{pick(SVCS)}-deployer",
                "sub": f"system:serviceaccount:{pick(ENVS)}:{pick(SVCS)}-deployer",
            },
        )
        ublock = f"    token: {cred}"
    else:
        cred = b64(rsa_key(nlines=10).encode())
        ublock = f"    client-certificate-data: {b64(rbytes(120))}\n    client-key-data: {cred}"
    e = pick(ENVS)
    t = (
        f"apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: {ca}\n    server: {srv}\n  name: {e}\n"
        f"contexts:\n- context:\n    cluster: {e}\n    user: admin\n  name: admin@{e}\ncurrent-context: admin@{e}\nusers:\n- name: admin\n  user:\n{ublock}"
    )
    return "secret.k8s.kubeconfig_credential", t, cred


def k8s_secret_manifest():
    p = pw_plain()
    enc = b64(p.encode())
    t = pick(
        [
            f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick(SVCS)}-db\ntype: Opaque\ndata:\n  username: {b64(user().encode())}\n  password: {enc}",
            f"$ kubectl get secret {pick(SVCS)}-db -o jsonpath='{{.data.password}}'\n{enc}",
        ]
    )
    if R.random() < 0.4:
        t = f'apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick(SVCS)}-creds\nstringData:\n  DB_PASSWORD: "{p}"\n  DB_USER: {user()}'
        return "secret.k8s.secret_manifest", t, p
    return "secret.k8s.secret_manifest_b64", t, enc


def netrc():
    k = pick([uuid4(), gh("ghp_"), pw_plain()])
    m = pick(
        [
            "api.heroku.com",
            "github.com",
            f"artifactory.{org()}.io",
            "urs.earthdata.nasa.gov",
            f"git.{org()}.com",
        ]
    )
    t = pick(
        [
            f"machine {m}\n  login {user()}\n  password {k}",
            f"machine {m} login {user()} password {k}",
        ]
    )
    return "secret.netrc.password", t, k


def tfstate():
    p = pw_plain()
    t = json.dumps(
        {
            "mode": "managed",
            "type": pick(
                ["aws_db_instance", "azurerm_mssql_server", "google_sql_user"]
            ),
            "name": pick(SVCS),
            "instances": [
                {
                    "schema_version": 2,
                    "attributes": {
                        "identifier": f"{pick(SVCS)}-{pick(ENVS)}",
                        "username": user(),
                        "password": p,
                        "port": 5432,
                        "storage_encrypted": True,
                    },
                }
            ],
        },
        indent=2,
    )
    return "secret.terraform.state_password", t, p


def tfvars_ansible():
    p = pw_plain()
    t = pick(
        [
            f'db_username = "{user()}"\ndb_password = "{p}"\ninstance_class = "db.t4g.medium"',
            f"[webservers]\n{host('web')} ansible_user={user()} ansible_password={p} ansible_become_pass={p}",
            f'mysql_root_password: "{p}"\nmysql_databases:\n  - name: {pick(SVCS)}',
            f'variable "admin_password" {{\n  type    = string\n  default = "{p}"\n}}',
        ]
    )
    return "secret.iac.password", t, p


def compose_env():
    p = pw_plain()
    db = pick(["postgres:16", "mysql:8.4", "mariadb:11", "mongo:7"])
    var = {
        "postgres:16": "POSTGRES_PASSWORD",
        "mysql:8.4": "MYSQL_ROOT_PASSWORD",
        "mariadb:11": "MARIADB_ROOT_PASSWORD",
        "mongo:7": "MONGO_INITDB_ROOT_PASSWORD",
    }[db]
    t = f'services:\n  db:\n    image: {db}\n    environment:\n      {var}: {p}\n    ports:\n      - "5432:5432"'
    return "secret.compose.db_password", t, p


def app_config_pw():
    p = pw_plain()
    u = user()
    t = pick(
        [
            f"spring.datasource.url=jdbc:postgresql://{host()}:5432/{pick(SVCS)}\nspring.datasource.username={u}\nspring.datasource.password={p}",
            f"define( 'DB_NAME', 'wp_{org()}' );\ndefine( 'DB_USER', '{u}' );\ndefine( 'DB_PASSWORD', '{p}' );\ndefine( 'DB_HOST', 'localhost' );",
            f"production:\n  adapter: postgresql\n  database: {pick(SVCS)}_production\n  username: {u}\n  password: {p}",
            f"[database]\nhost = {host()}\nuser = {u}\npassword = {p}",
            f'<add key="DbPassword" value="{p}" />',
            f"storePassword={p}\nkeyPassword={p}\nkeyAlias=upload\nstoreFile=../upload-keystore.jks",
            f"javax.net.ssl.keyStorePassword={p}",
            f"spring.mail.password={p}",
        ]
    )
    return "secret.config.password", t, p


def basic_auth_url():
    u, p = user(), pw_plain()
    t = pick(
        [
            f"pip install --index-url https://{u}:{p}@pypi.{org()}.io/simple/ {pick(SVCS)}-client",
            f"[global]\nindex-url = https://{u}:{p}@nexus.{org()}.com/repository/pypi/simple",
            f"https://{u}:{p}@grafana.{org()}.io/d/abc/overview",
            f"git clone https://{u}:{p}@git.{org()}.com/platform/{pick(SVCS)}.git",
            f"proxy=http://{u}:{p}@proxy.{org()}.corp:3128",
            f"ELASTICSEARCH_URL=https://elastic:{p}@{host()}:9243",
        ]
    )
    return "secret.url.basic_auth", t, p


def git_credentials():
    k = pick([gh("ghp_"), "glpat-" + rs(20, URLS), pw_plain()])
    h = pick(["github.com", "gitlab.com", f"git.{org()}.com", "bitbucket.org"])
    return (
        "secret.git.credential_store",
        pick(
            [
                f"https://{user()}:{k}@{h}",
                f"$ cat ~/.git-credentials\nhttps://{user()}:{k}@{h}",
            ]
        ),
        k,
    )


def basic_header():
    u, p = user(), pw_plain()
    enc = b64(f"{u}:{p}".encode())
    t = pick(
        [
            f'curl -H "Authorization: Basic {enc}" https://{host("web")}/api/export',
            f"Authorization: Basic {enc}",
            f"the header they want is Basic {enc} (it's just base64 of the service account login)",
            f'proxy_set_header Authorization "Basic {enc}";',
        ]
    )
    return "secret.http.basic_auth_b64", t, enc


def b64_creds():
    p = pw_plain()
    raw = pick(
        [
            f"password={p}",
            f"{user()}:{p}",
            json.dumps({"username": user(), "password": p}),
            f"DB_PASSWORD={p}",
        ]
    )
    enc = b64(raw.encode())
    t = pick(
        [f"config blob (base64): {enc}", f"CREDS_B64={enc}", f"echo {enc} | base64 -d"]
    )
    return "secret.encoded.base64_credential", t, enc


def cli_password_flags():
    p, u, h = pw("shellsafe"), user(), host()
    t = pick(
        [
            f"curl -u {u}:{p} https://{h}/api/v1/status",
            f"sshpass -p '{p}' ssh {u}@{h}",
            f"docker login registry.{org()}.io -u {u} --password={p}",
            f"az login -u {u}@{org()}.onmicrosoft.com -p {p}",
            f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{p}",
            f"openssl rsa -in enc.key -out dec.key -passin pass:{p}",
            f"htpasswd -b -c /etc/nginx/.htpasswd {u} {p}",
            f"wget --user={u} --password={p} https://{h}/backups/latest.tar.gz",
            f"xfreerdp /v:{h} /u:{u} /p:{p} /cert:ignore",
            f"keytool -importkeystore -srckeystore a.p12 -srcstorepass {p} -destkeystore b.jks -deststorepass {p}",
            f"snmpwalk -v2c -c {p} {h} 1.3.6.1.2.1.1",
            f"vncpasswd -f <<< '{p}' > ~/.vnc/passwd",
            f"rclone config create remote webdav url https://{h} user {u} pass {p}",
            f"{pick(SVCS)}-cli login --username {u} --password {p}",
            f"./deploy.sh --env {pick(ENVS)} --token {rs(40, URLS)}",
        ]
    )
    if "--token " in t:
        p = t.split("--token ")[1]
    return "secret.cli.password_flag", t, p


def generic_api_key():
    k = pick([rs(32, HEX), rs(40), rs(48, URLS), uuid4(), b64(rbytes(30))])
    hdr = pick(
        [
            "X-API-Key",
            "X-Api-Token",
            "apikey",
            "X-Auth-Token",
            "Ocp-Apim-Subscription-Key",
            "x-functions-key",
        ]
    )
    t = pick(
        [
            f'curl -H "{hdr}: {k}" https://api.{org()}-partner.com/v3/shipments',
            f'requests.get(url, headers={{"{hdr}": "{k}"}})',
            f"api_key: {k}",
            f"the partner API key for {org()} is {k}",
            f"https://api.{org()}.com/v1/rates?base=EUR&access_key={k}",
        ]
    )
    return "secret.generic.api_key", t, k


def truncated_log():
    k = pick(
        [
            openai_key,
            lambda: gh("ghp_"),
            lambda: "sk_live_" + rs(24),
            lambda: slack_tok("xoxb"),
            lambda: "glpat-" + rs(20, URLS),
            lambda: "sk-ant-api03-" + rs(93, URLS) + "AA",
        ]
    )()
    t = pick(
        [
            f'2026-11-26T09:{R.randint(10, 59)}:2{R.randint(0, 9)}Z ERROR request failed: headers={{"Authorization": "Bearer {k}", "User-Agent": "python-httpx/0.27", "Content-Ty…[truncated 2048 chars]',
            f"Traceback (most recent call last):\n  ...\nAuthenticationError: Incorrect API key provided: {k}. You can find your API key at https://… (output truncated)",
            f"env dump (first 500 bytes): PATH=/usr/local/bin:/usr/bin HOME=/root API_TOKEN={k} LANG=C.UTF-8 HOSTNAME=7f…",
        ]
    )
    return "secret.log.leaked_token", t, k


def wifi_config():
    p = pw_human().replace('"', "!").replace("\\", "/")
    ssid = pick(
        [
            f"{org().title()}-Guest",
            "FRITZ!Box 7590 XY",
            "Vodafone-4C21",
            "TP-Link_8A3F",
            "eduroam-lab",
            f"{org().upper()}_CORP",
            "Livebox-92A1",
        ]
    )
    t = pick(
        [
            f'network={{\n    ssid="{ssid}"\n    psk="{p}"\n    key_mgmt=WPA-PSK\n}}',
            f'nmcli dev wifi connect "{ssid}" password "{p}"',
            f"WIFI:S:{ssid};T:WPA;P:{p};;",
            f"[wifi-security]\nkey-mgmt=wpa-psk\npsk={p}",
            f'wifi:\n  ssid: "{ssid}"\n  password: "{p}"',
        ]
    )
    return "secret.wifi.psk", t, p


def vpn():
    if R.random() < 0.5:
        k = b64(rbytes(32))
        t = (
            f"[Interface]\nPrivateKey = {k}\nAddress = 10.{R.randint(0, 250)}.0.{R.randint(2, 250)}/32\nDNS = 1.1.1.1\n\n[Peer]\n"
            f"PublicKey = {b64(rbytes(32))}\nEndpoint = vpn.{org()}.com:51820\nAllowedIPs = 0.0.0.0/0"
        )
        return "secret.vpn.wireguard_private_key", t, k
    p = pw_plain()
    t = pick(
        [
            f'conn {org()}-site\n    left=%defaultroute\n    right=vpn.{org()}.com\n    authby=secret\n\n: PSK "{p}"',
            f'{pick(["%any", "vpn." + org() + ".com"])} : PSK "{p}"',
            f"pre-shared key for the L2TP vpn: {p}",
            f"$ cat auth.txt\n{user()}\n{p}\n$ openvpn --config client.ovpn --auth-user-pass auth.txt",
        ]
    )
    return "secret.vpn.psk", t, p


def router_device():
    p = pw_human()
    t = pick(
        [
            f"router admin: http://192.168.{R.randint(0, 2)}.1  user admin / pw {p}",
            f"iDRAC for rack B4: root / {p}",
            f"NAS login -> admin : {p}",
            f"camera NVR {R.randint(1, 9)} password {p} (changed after the install)",
        ]
    )
    return "secret.device.admin_password", t, p


# ---- passwords in prose / chat, many languages
PROSE = [
    ("en", "the wifi pw is {p}"),
    ("en", "WiFi password: {p}"),
    ("en", "pw for the shared jira admin acct is {p} — don't change it pls"),
    ("en", "Hi Tom, the staging DB password is {p} until we move it into Vault."),
    ("en", "user: {u}\npass: {p}"),
    ("en", "fyi I reset it, new password = {p}"),
    ("en", "login for the vendor portal is {u} / {p}"),
    ("fr", "Le mot de passe du wifi est {p}"),
    ("fr", "mot de passe : {p}"),
    ("fr", "Identifiant : {u}\nMot de passe : {p}"),
    ("de", "Das Passwort lautet {p}"),
    ("de", "WLAN-Schlüssel: {p}"),
    ("de", "Benutzer {u}, Kennwort: {p}"),
    ("es", "La contraseña es {p}"),
    ("es", "usuario {u} contraseña {p}"),
    ("it", "la password è {p}"),
    ("it", "Ciao! La password del router è {p}"),
    ("pt", "A senha do wifi é {p}"),
    ("pt", "senha: {p}"),
    ("nl", "Het wachtwoord is {p}"),
    ("pl", "Hasło do konta: {p}"),
    ("ru", "пароль от сервера: {p}"),
    ("ru", "Логин {u}, пароль {p}"),
    ("ja", "パスワードは {p} です"),
    ("ja", "Wi-Fiのパスワード：{p}"),
    ("zh", "密码是 {p}"),
    ("zh", "服务器账号 {u} 密码：{p}"),
    ("ko", "비밀번호는 {p} 입니다"),
    ("tr", "şifre: {p}"),
    ("sv", "Lösenordet är {p}"),
    ("cs", "heslo je {p}"),
    ("da", "adgangskoden er {p}"),
    ("fi", "salasana on {p}"),
    ("ar", "كلمة المرور هي {p}"),
    ("hi", "पासवर्ड है {p}"),
    ("vi", "mật khẩu là {p}"),
    ("id", "kata sandinya {p}"),
    ("uk", "Пароль: {p}"),
    ("el", "ο κωδικός είναι {p}"),
    ("he", "הסיסמה היא {p}"),
]


def prose_password():
    lang, tmpl = pick(PROSE)
    p = pw_human()
    t = tmpl.format(p=p, u=user())
    if R.random() < 0.4:
        t = (
            pick(
                [
                    f"[{R.randint(8, 22)}:{R.randint(10, 59)}] {pick(FIRST)}: ",
                    "> ",
                    "Re: access\n\n",
                    "",
                ]
            )
            + t
        )
    return f"secret.password.prose_{lang}", t, p


def odd_char_password():
    p = pw("odd")
    t = pick(
        [
            f"DB_PASSWORD='{p}'" if "'" not in p else f'DB_PASSWORD="{p}"',
            f"password: {json.dumps(p, ensure_ascii=False)}",
            f"The root password is: {p}",
            f"<password>{p.replace('<', '').replace('>', '').replace('&', '')}</password>",
        ]
    )
    if t.startswith("password: "):
        return "secret.password.unusual_chars", t, t[len("password: ") + 1 : -1]
    if t.startswith("<password>"):
        return "secret.password.unusual_chars", t, t[10:-11]
    return "secret.password.unusual_chars", t, p


def chat_handoff():
    p, u = pw_human(), user()
    svc = pick(
        [
            "the grafana admin",
            "prod mysql root",
            "the shared Apple ID",
            "our AWS root account",
            "the bank portal",
            "the office printer admin",
            "Zoom host account",
            "the domain registrar",
        ]
    )
    t = pick(
        [
            f"{pick(FIRST)}: can someone send me the creds for {svc}?\n{pick(FIRST)}: {u} / {p}\n{pick(FIRST)}: thx!",
            f"Subject: credentials for {svc}\n\nHi,\n\nas discussed: login {u}, password {p}\nPlease change it after first login.\n\nBest,\n{pick(FIRST)}",
            f"- [ ] onboarding: {svc} -> `{u}` / `{p}`",
        ]
    )
    return "secret.password.chat_handoff", t, p


SECRET_T = [
    aws_keypair,
    aws_session,
    aws_presigned,
    gcs_signed,
    gcp_sa_json,
    google_api_key,
    google_oauth_client,
    google_refresh,
    azure_storage,
    azure_sas,
    azure_client_secret,
    azure_servicebus,
    azure_devops_pat,
    digitalocean,
    linode_vultr_hetzner,
    cloudflare,
    alibaba,
    ibm_oci,
    heroku_vercel_netlify,
    github_classic,
    github_fine,
    github_app,
    gitlab,
    bitbucket,
    ci_tokens,
    jenkins,
    npm,
    pypi,
    docker_hub,
    docker_config,
    other_registries,
    maven_settings,
    stripe,
    webhook_secrets,
    braintree_paypal,
    square_adyen,
    razorpay,
    shopify,
    slack_token,
    slack_app_token,
    slack_webhook,
    discord,
    telegram,
    teams_webhook,
    twilio,
    email_providers,
    vonage_pusher_fcm,
    observability,
    splunk_elastic,
    pg_url,
    mysql_cli,
    mongo,
    redis,
    jdbc_mssql,
    pgpass_misc,
    supabase_service,
    amqp,
    kafka,
    nats_nkey,
    mqtt_smtp_ftp,
    llm_openai,
    llm_anthropic,
    llm_other,
    saas_tokens,
    social_tokens,
    vault_secrets_mgrs,
    terraform_rc,
    ssh_private,
    tls_private,
    k8s_tls_secret,
    pgp_private,
    age_key,
    jwt_bearer,
    jwt_signing,
    oauth_client_creds,
    totp_seed,
    recovery_codes,
    seed_phrase,
    crypto_private_key,
    kubeconfig,
    k8s_secret_manifest,
    netrc,
    tfstate,
    tfvars_ansible,
    compose_env,
    app_config_pw,
    basic_auth_url,
    git_credentials,
    basic_header,
    b64_creds,
    cli_password_flags,
    generic_api_key,
    truncated_log,
    wifi_config,
    vpn,
    router_device,
    prose_password,
    odd_char_password,
    chat_handoff,
]
# weight the families the brief stresses (prose/chat passwords, unusual characters, common vendors)
SECRET_T += [prose_password] * 3 + [
    odd_char_password,
    chat_handoff,
    llm_openai,
    github_classic,
    aws_keypair,
    ssh_private,
    pg_url,
]

# ============================================================================= PII
import unicodedata  # noqa: E402

import phonenumbers  # noqa: E402  (installed in the project venv)


def ascii_fold(s):
    return (
        unicodedata.normalize("NFKD", s)
        .encode("ascii", "ignore")
        .decode()
        .replace("'", "")
        .replace(" ", "")
    )


def person():
    return pick(FIRST), pick(LAST)


PHONE_GEN = {
    "US": lambda: (
        f"+1{pick(['212', '415', '617', '312', '503', '720', '404', '512'])}{R.randint(2, 9)}{rs(2, DIG)}{rs(4, DIG)}"
    ),
    "GB": lambda: f"+447{pick(['4', '5', '7', '8', '9'])}{rs(8, DIG)}",
    "DE": lambda: f"+4915{pick(['1', '2', '7', '9'])}{rs(8, DIG)}",
    "FR": lambda: f"+33{pick(['6', '7'])}{rs(8, DIG)}",
    "IN": lambda: f"+91{pick(['9', '8', '7'])}{rs(9, DIG)}",
    "BR": lambda: f"+5511 9{rs(8, DIG)}".replace(" ", ""),
    "ES": lambda: f"+346{rs(8, DIG)}",
    "NL": lambda: f"+316{rs(8, DIG)}",
    "JP": lambda: f"+8190{rs(8, DIG)}",
}


def phone():
    while True:
        cc = pick(sorted(PHONE_GEN))
        n = phonenumbers.parse(PHONE_GEN[cc](), None)
        if phonenumbers.is_valid_number(n):
            fmt = pick(
                [
                    phonenumbers.PhoneNumberFormat.INTERNATIONAL,
                    phonenumbers.PhoneNumberFormat.NATIONAL,
                    phonenumbers.PhoneNumberFormat.E164,
                ]
            )
            return cc, phonenumbers.format_number(n, fmt)


def pii_phone():
    cc, ph = phone()
    f, l = person()
    t = pick(
        [
            f"Call me back on {ph}, I'm around after 6pm. — {f}",
            f"{f} {l}\nSenior Accountant | {org().title()} GmbH\nMobile: {ph}",
            f"customer {f} {l} asked to be reached at {ph} regarding order #{R.randint(100000, 999999)}",
            json.dumps(
                {
                    "name": f"{f} {l}",
                    "phone": ph,
                    "source": "signup_form",
                    "consent": True,
                },
                ensure_ascii=False,
            ),
            f"Notfallkontakt: {f} {l} (Ehefrau), Tel. {ph}",
            f"mi número es {ph}, escríbeme por WhatsApp",
            f"INSERT INTO contacts (first_name, last_name, phone) VALUES ('{f}', '{l.replace(chr(39), chr(39) * 2)}', '{ph}');",
        ]
    )
    return f"pii.phone.{cc.lower()}", t, ph


def pii_email():
    f, l = person()
    e = pick(
        [
            f"{ascii_fold(f).lower()}.{ascii_fold(l).lower()}",
            f"{ascii_fold(f).lower()}{R.randint(70, 99)}",
            f"{ascii_fold(f)[0].lower()}{ascii_fold(l).lower()}",
            f"{ascii_fold(l).lower()}_{ascii_fold(f).lower()}{R.randint(1, 9)}",
        ]
    )
    e += "@" + pick(
        [
            "gmail.com",
            "yahoo.fr",
            "outlook.com",
            "web.de",
            "hotmail.co.uk",
            "icloud.com",
            "proton.me",
            "gmx.net",
            "libero.it",
        ]
    )
    t = pick(
        [
            f"From: {f} {l} <{e}>\nSubject: Re: my refund\n\nStill waiting on this, please reply to this address.",
            f"Ticket #{R.randint(10000, 99999)}: user {e} cannot log in after password reset",
            f"{f},{l},{e},{R.randint(18, 80)}",
            f"please cc my personal address {e} instead of the work one",
            f'user_profile: {{ display_name: "{f}", contact_email: "{e}" }}',
        ]
    )
    return "pii.email.personal", t, e


ADDR = {
    "us": lambda: (
        f"{R.randint(12, 9800)} {pick(['Maple', 'Oak', 'Cedar', 'Sunset', 'Lincoln', 'Willow'])} {pick(['St', 'Ave', 'Dr', 'Ln'])}"
        f"{pick(['', ', Apt ' + str(R.randint(1, 40))])}, {pick(['Portland, OR 97214', 'Austin, TX 78704', 'Columbus, OH 43215', 'Denver, CO 80205'])}"
    ),
    "uk": lambda: (
        f"{R.randint(1, 180)} {pick(['Mill Lane', 'Victoria Road', 'Church Street', 'Elm Grove'])}, {pick(['Leeds LS6 2AB', 'Bristol BS7 8QD', 'Manchester M14 5RT'])}"
    ),
    "de": lambda: (
        f"{pick(['Lindenstraße', 'Bahnhofstr.', 'Schillerweg', 'Am Mühlbach'])} {R.randint(1, 120)}, {pick(['10437 Berlin', '80331 München', '50667 Köln', '04109 Leipzig'])}"
    ),
    "fr": lambda: (
        f"{R.randint(1, 90)} {pick(['rue des Lilas', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue de la Paix'])}, {pick(['75011 Paris', '69003 Lyon', '31000 Toulouse'])}"
    ),
    "es": lambda: (
        f"Calle {pick(['Mayor', 'de Alcalá', 'del Sol'])} {R.randint(1, 200)}, {R.randint(1, 8)}º {pick('ABCD')}, {pick(['28014 Madrid', '08012 Barcelona', '41001 Sevilla'])}"
    ),
}


def pii_address():
    cc = pick(sorted(ADDR))
    a = ADDR[cc]()
    f, l = person()
    t = pick(
        [
            f"Ship to: {f} {l}, {a}",
            f"my new home address is {a} — can you update my payroll record?",
            f"Lieferadresse: {f} {l}, {a}",
            f'{{"customer": "{f} {l}", "home_address": "{a}"}}',
            f"Tenant: {f} {l}\nProperty: {a}\nLease start: 2026-0{R.randint(1, 9)}-01",
        ]
    )
    return f"pii.address.{cc}", t, a


def ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            return f"{a:03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}"


def nino():
    while True:
        p = rs(1, "ABCEGHJKLMNOPRSTWXYZ") + rs(1, "ABCEGHJKLMNPRSTWXYZ")
        if p not in ("BG", "GB", "NK", "KN", "TN", "NT", "ZZ"):
            d = rs(6, DIG)
            return f"{p} {d[:2]} {d[2:4]} {d[4:]} {pick('ABCD')}"


def nir():
    sex, yy, mm, dep, com, order = (
        pick("12"),
        R.randint(50, 99),
        R.randint(1, 12),
        R.randint(1, 95),
        R.randint(1, 990),
        R.randint(1, 999),
    )
    dep = 19 if dep == 20 else dep
    n = int(f"{sex}{yy:02d}{mm:02d}{dep:02d}{com:03d}{order:03d}")
    return f"{sex} {yy:02d} {mm:02d} {dep:02d} {com:03d} {order:03d} {97 - n % 97:02d}"


def dni():
    n = R.randint(10000000, 99999999)
    return f"{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def bsn():
    while True:
        d = [R.randint(0, 9) for _ in range(8)]
        s = sum(x * (9 - i) for i, x in enumerate(d))
        last = s % 11
        if last < 10 and d[0] != 0:
            return "".join(map(str, d + [last]))


def cpf():
    d = [R.randint(0, 9) for _ in range(9)]
    for k in (10, 11):
        s = sum(x * (k - i) for i, x in enumerate(d))
        r = (s * 10) % 11
        d.append(0 if r == 10 else r)
    s = "".join(map(str, d))
    return f"{s[:3]}.{s[3:6]}.{s[6:9]}-{s[9:]}"


def sin():
    while True:
        d = [R.randint(1, 7)] + [R.randint(0, 9) for _ in range(7)]
        tot = 0
        for i, x in enumerate(d):
            y = x * (2 if i % 2 else 1)
            tot += y - 9 if y > 9 else y
        c = (10 - tot % 10) % 10
        s = "".join(map(str, d + [c]))
        return f"{s[:3]} {s[3:6]} {s[6:]}"


def iban(cc=None):
    cc = cc or pick(["DE", "FR", "NL", "ES", "IT"])
    bban = {
        "DE": lambda: rs(18, DIG),
        "FR": lambda: rs(10, DIG) + rs(11, DIG) + rs(2, DIG),
        "NL": lambda: pick(["ABNA", "INGB", "RABO"]) + rs(10, DIG),
        "ES": lambda: rs(20, DIG),
        "IT": lambda: rs(1, UP) + rs(10, DIG) + rs(12, DIG),
    }[cc]()
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    s = f"{cc}{98 - int(num) % 97:02d}{bban}"
    return (
        " ".join(s[i : i + 4] for i in range(0, len(s), 4)) if R.random() < 0.5 else s
    )


def pii_national_id():
    f, l = person()
    kind, v, ctx = pick(
        [
            (
                "ssn",
                ssn(),
                [
                    "SSN: {v}",
                    "Employee {n} — SSN {v} — start date 2026-12-01",
                    "my social is {v} if you need it for the W-9",
                ],
            ),
            (
                "nino",
                nino(),
                [
                    "National Insurance number: {v}",
                    "NI no. {v} for {n}'s payroll setup",
                ],
            ),
            ("nir", nir(), ["N° de sécurité sociale : {v}", "{n}, numéro INSEE {v}"]),
            ("dni", dni(), ["DNI: {v}", "{n} con DNI {v} solicita la baja"]),
            ("bsn", bsn(), ["BSN {v}", "Burgerservicenummer van {n}: {v}"]),
            ("cpf", cpf(), ["CPF: {v}", "Cliente {n}, CPF {v}, solicitou reembolso"]),
            ("sin", sin(), ["SIN {v}", "{n} — Social Insurance Number {v}"]),
            (
                "pan",
                rs(3, UP)
                + "P"
                + l[0].upper().replace("'", "O")
                + rs(4, DIG)
                + rs(1, UP),
                ["PAN: {v}", "{n}'s PAN card no. is {v}"],
            ),
        ]
    )
    if kind == "pan" and not v.isascii():
        v = v[:4] + "K" + v[5:]
    t = pick(ctx).format(v=v, n=f"{f} {l}")
    return f"pii.national_id.{kind}", t, v


def pii_iban():
    f, l = person()
    v = iban()
    t = pick(
        [
            f"Please pay the invoice to {f} {l}, IBAN {v}",
            f"Kontoinhaber: {f} {l}\nIBAN: {v}",
            f"refund to my account {v} thanks",
            f'beneficiary: {{"name": "{f} {l}", "iban": "{v}"}}',
        ]
    )
    return "pii.financial.iban", t, v


def pii_passport_dob():
    f, l = person()
    if R.random() < 0.5:
        v, k = pick(
            [
                (rs(9, DIG), "us"),
                ("C" + rs(8, "CFGHJKLMNPRTVWXYZ0123456789"), "de"),
                (rs(2, DIG) + rs(2, UP) + rs(5, DIG), "fr"),
            ]
        )
        t = pick(
            [
                f"Traveller: {f} {l}, passport no. {v}, exp 2031-0{R.randint(1, 9)}-1{R.randint(0, 9)}",
                f"passport {v} ({f} {l}) — visa appointment confirmed",
            ]
        )
        return f"pii.passport.{k}", t, v
    y, m, d = R.randint(1950, 2004), R.randint(1, 12), R.randint(1, 28)
    v = pick([f"{d:02d}/{m:02d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{d}.{m}.{y}"])
    t = pick(
        [
            f"{f} {l}, born {v}, allergic to penicillin",
            f"DOB: {v}\nName: {f} {l}",
            f"Geburtsdatum von {f} {l}: {v}",
            f"patient {f} {l} (dob {v}) was seen on Tuesday",
        ]
    )
    return "pii.dob", t, v


PII_T = [pii_phone, pii_email, pii_address, pii_national_id, pii_iban, pii_passport_dob]

# ============================================================================= CLEAN look-alikes

VENDOR_VARS = [
    "OPENAI_API_KEY",
    "STRIPE_SECRET_KEY",
    "GITHUB_TOKEN",
    "DATABASE_URL",
    "SLACK_BOT_TOKEN",
    "AWS_SECRET_ACCESS_KEY",
    "ANTHROPIC_API_KEY",
    "SENDGRID_API_KEY",
    "DB_PASSWORD",
    "REDIS_PASSWORD",
    "JWT_SECRET",
    "HF_TOKEN",
    "NPM_TOKEN",
]


def placeholder_env():
    v = pick(VENDOR_VARS)
    ph = pick(
        [
            "<YOUR_API_KEY>",
            "your-api-key-here",
            "changeme",
            "REPLACE_ME",
            "xxxxxxxxxxxxxxxxxxxx",
            "<token>",
            "TODO",
            "sk-...xxxx",
            "<paste-your-token>",
            "your_password",
            "CHANGE_ME_IN_PRODUCTION",
            "dummy",
            "********",
            '""',
            "{{ " + v.lower() + " }}",
            "%%" + v + "%%",
            "__" + v + "__",
            "<redacted>",
            "none",
            "<insert key>",
        ]
    )
    t = pick(
        [
            f"# .env.example — copy to .env and fill in\n{v}={ph}\nPORT=8080",
            f"{v}={ph}  # set this in your shell, never commit the real value",
            f"| Variable | Example | Notes |\n|---|---|---|\n| `{v}` | `{ph}` | required |",
            f"export {v}={ph}",
            f"{v.lower()}: {ph}  # placeholder, injected at deploy time",
        ]
    )
    return "clean.placeholder", t


def env_reference():
    v = pick(VENDOR_VARS)
    t = pick(
        [
            f"{v}=${{{v}}}",
            "password: ${DB_PASSWORD}",
            f"      env:\n        {v}: ${{{{ secrets.{v} }}}}",
            f'api_key = os.environ["{v}"]',
            f"const key = process.env.{v};",
            f'token: "{{{{ .Values.{v.lower()} }}}}"',
            f"        - name: {v}\n          valueFrom:\n            secretKeyRef:\n              name: {pick(SVCS)}-secrets\n              key: {v.lower()}",
            f"{v}=$(vault kv get -field=value secret/{pick(ENVS)}/{pick(SVCS)}/{v.lower()})",
            f"{v}=$(aws secretsmanager get-secret-value --secret-id {pick(ENVS)}/{pick(SVCS)} --query SecretString --output text)",
            f'{v}=$(op read "op://{pick(["Engineering", "Infra"])}/{pick(SVCS)}/credential")',
            f"password_file: /run/secrets/{v.lower()}",
            f"{v}: \"{{{{ lookup('env', '{v}') }}}}\"",
            f"arn:aws:secretsmanager:eu-west-1:{R.randint(10**11, 10**12)}:secret:{pick(ENVS)}/{pick(SVCS)}/db-{rs(6)}",
            f"ssm://{'/'.join([pick(ENVS), pick(SVCS), v.lower()])}",
        ]
    )
    return "clean.env_reference", t


def masked_value():
    t = pick(
        [
            f"API key: sk-…{rs(3)}",
            f"Card ending ****{rs(4, DIG)}",
            f"token=ghp_{'*' * 32}{rs(4)}",
            f"AWS_SECRET_ACCESS_KEY=****************************{rs(4, B64)}",
            "password: [REDACTED]",
            "Authorization: Bearer <redacted>",
            f"Your key sk-proj-{rs(4)}...{rs(4)} was created on Nov 3.",
            f"[gitleaks] Finding: REDACTED\nRuleID: generic-api-key\nFile: config/{pick(SVCS)}.yaml\nLine: {R.randint(3, 200)}",
            f"DATABASE_URL=postgres://{user()}:****@{host()}:5432/{pick(SVCS)}",
            f"xoxb-***********-***********-{rs(4)}",
            f"stripe key rotated; old key rk_live_…{rs(4)} revoked",
            f'{{"password": "********", "user": "{user()}"}}',
            f"Masked: {rs(2)}{'•' * 20}{rs(2)}",
        ]
    )
    return "clean.masked", t


def ssh_pub(kind=None):
    kind = kind or pick(["ed25519", "rsa", "ecdsa"])
    if kind == "ed25519":
        return "ssh-ed25519 " + b64(_s(b"ssh-ed25519") + _s(rbytes(32)))
    if kind == "ecdsa":
        return "ecdsa-sha2-nistp256 " + b64(
            _s(b"ecdsa-sha2-nistp256") + _s(b"nistp256") + _s(b"\x04" + rbytes(64))
        )
    return "ssh-rsa " + b64(
        _s(b"ssh-rsa") + _s(b"\x01\x00\x01") + _s(b"\x00" + rbytes(256))
    )


def public_ssh():
    c = f"{user()}@{pick(['laptop', 'build-01', 'MacBook-Air', 'ci'])}"
    t = pick(
        [
            f"{ssh_pub()} {c}",
            f"# ~/.ssh/authorized_keys\n{ssh_pub()} {c}\n{ssh_pub()} {user()}@ops",
            f"{host('web')},{R.randint(10, 200)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)} {ssh_pub()}",
            f"please add my public key to the bastion: {ssh_pub('ed25519')} {c}",
            f"users:\n  - name: {user()}\n    ssh_authorized_keys:\n      - {ssh_pub()} {c}",
        ]
    )
    return "clean.public_key.ssh", t


def public_pem():
    spki = (
        bytes.fromhex(
            "30820122300d06092a864886f70d01010105000382010f003082010a0282010100"
        )
        + rbytes(256)
        + bytes.fromhex("0203010001")
    )
    pk = "-----BEGIN PUBLIC KEY-----\n" + wrap(b64(spki)) + "\n-----END PUBLIC KEY-----"
    cert = (
        "-----BEGIN CERTIFICATE-----\n"
        + wrap(b64(bytes.fromhex("308205") + rbytes(R.randint(500, 700))))
        + "\n-----END CERTIFICATE-----"
    )
    t = pick(
        [
            pk,
            f'# JWT verification key (public)\nJWT_PUBLIC_KEY="{pk}"',
            cert,
            f"# ca.crt for {org()} internal CA\n{cert}",
            f"ssl_certificate /etc/ssl/{org()}.crt;  # contents:\n{cert}",
        ]
    )
    return "clean.public_key.pem", t


def public_other_keys():
    t = pick(
        [
            f"-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n{wrap(b64(bytes.fromhex('99010d04') + rbytes(R.randint(260, 400))))}\n={rs(4, B64)}\n-----END PGP PUBLIC KEY BLOCK-----",
            f"[Peer]\nPublicKey = {b64(rbytes(32))}\nAllowedIPs = 10.{R.randint(0, 200)}.0.0/24\nEndpoint = {host('web')}:51820",
            f"age recipient: age1{rs(58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}",
            json.dumps(
                {
                    "keys": [
                        {
                            "kty": "RSA",
                            "use": "sig",
                            "kid": rs(20, URLS),
                            "alg": "RS256",
                            "n": b64u(rbytes(256)),
                            "e": "AQAB",
                        }
                    ]
                }
            ),
            f"minisign public key: RW{rs(54, B64)}",
            f"Fingerprint: {' '.join(rs(4, HEXU) for _ in range(10))}\nuid [ultimate] {pick(FIRST)} {pick(LAST)} (release signing)",
        ]
    )
    return "clean.public_key.other", t


def publishable_keys():
    t = pick(
        [
            f"const stripe = Stripe('pk_live_{rs(99)}');",
            f"NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_{rs(24)}",
            f"mapboxgl.accessToken = 'pk.eyJ1Ijoi{rs(40, URLS)}.{rs(22, URLS)}';",
            f'<div class="g-recaptcha" data-sitekey="6L{rs(38, URLS)}"></div>',
            f"NEXT_PUBLIC_MAPBOX_TOKEN=pk.eyJ1Ijoi{rs(40, URLS)}.{rs(22, URLS)}  # public, URL-restricted",
            f'<form action="/charge" data-stripe-key="pk_live_{rs(24)}" data-locale="{pick(["de", "fr", "auto"])}">',
        ]
    )
    return "clean.publishable_key", t


def hashes():
    t = pick(
        [
            f"{rs(64, HEX)}  {pick(SVCS)}-v{R.randint(1, 4)}.{R.randint(0, 30)}.{R.randint(0, 9)}-linux-amd64.tar.gz",
            f"sha256:{rs(64, HEX)}",
            f"image: ghcr.io/{org()}/{pick(SVCS)}@sha256:{rs(64, HEX)}",
            f'"integrity": "sha512-{b64(rbytes(64))}"',
            f"{pick(SVCS)}-client==2.{R.randint(0, 9)}.{R.randint(0, 9)} \\\n    --hash=sha256:{rs(64, HEX)}",
            f"github.com/{org()}/{pick(SVCS)} v1.{R.randint(0, 20)}.{R.randint(0, 9)} h1:{b64(rbytes(32))}",
            f"MD5 ({pick(SVCS)}.iso) = {rs(32, HEX)}",
            f'checksum = "{rs(64, HEX)}"',
            f"version https://git-lfs.github.com/spec/v1\noid sha256:{rs(64, HEX)}\nsize {R.randint(10**4, 10**9)}",
            f'<script src="https://cdn.{org()}.com/app.js" integrity="sha384-{b64(rbytes(48))}" crossorigin="anonymous"></script>',
            f'ETag: "{rs(32, HEX)}"',
            f"ipfs://bafybei{rs(52, 'abcdefghijklmnopqrstuvwxyz234567')}",
            f"Digest: sha256:{rs(64, HEX)}\nStatus: Downloaded newer image for {pick(['postgres', 'redis', 'nginx'])}:latest",
        ]
    )
    return "clean.hash", t


COMMITS = [
    "fix: password reset email not sent for SSO users",
    "chore: rotate the deploy token (new value stored in Vault)",
    "docs: explain how to regenerate the Stripe webhook secret",
    "feat(auth): enforce 12-char minimum password length",
    'revert "add API key to config" — key was revoked, moved to secrets manager',
    "ci: read NPM_TOKEN from org secrets",
    "refactor: stop logging Authorization headers",
    "fix(login): rate-limit password attempts per IP",
    "security: remove leaked test credentials from history (already rotated)",
    "build: bump cryptography to 43.0.1",
    "feat: add 'forgot password' link to the sign-in page",
    "test: mock the Twilio client instead of using real tokens",
]


def git_log():
    t = pick(
        [
            f"commit {rs(40, HEX)}\nAuthor: {pick(FIRST)} <dev@{org()}.com>\nDate:   Wed Nov 25 1{R.randint(0, 9)}:0{R.randint(0, 9)}:12 2026 +0100\n\n    {pick(COMMITS)}",
            f"{rs(7, HEX)} {pick(COMMITS)}\n{rs(7, HEX)} {pick(COMMITS)}\n{rs(7, HEX)} Merge pull request #{R.randint(100, 4000)} from {org()}/{pick(['fix', 'feat'])}-{pick(SVCS)}",
            f"Merged {rs(40, HEX)} into main: {pick(COMMITS)}",
            f"git cherry-pick {rs(40, HEX)}",
        ]
    )
    return "clean.commit", t


RUNBOOK = [
    "To rotate the Stripe key: create a new restricted key in the dashboard, update STRIPE_SECRET_KEY in Vault under secret/prod/payments, redeploy, then roll the old key.",
    "Token rotation: run `make rotate-tokens ENV=staging`; the script writes new values to AWS Secrets Manager and never prints them.",
    "If you suspect a credential leak, revoke it first, then open a SEV-2. Do not paste the credential into Slack.",
    "Reset your password at the SSO portal. IT will never ask you for your password by e-mail.",
    "Le mot de passe doit contenir au moins 12 caractères, dont un chiffre et un symbole.",
    "Passwort vergessen? Klicken Sie auf „Passwort zurücksetzen“ und folgen Sie den Anweisungen in der E-Mail.",
    "La contraseña ha sido restablecida correctamente. Inicia sesión con tu nueva contraseña.",
    "パスワードは8文字以上で、英数字と記号を含めてください。",
    "密码已过期，请联系管理员重置。",
    "The GitHub token used by the release job expires on Dec 15; someone with org-owner rights needs to regenerate it.",
    "We rotated the database password last night; apps pick it up from the secret store automatically, no action needed.",
    "Q: Where is the API key for the geocoder? A: It's in 1Password, vault 'Platform', item 'geocoder prod'.",
    "Password policy: min length 14, no reuse of last 5, MFA required for all admin roles.",
    "Incident 4821 postmortem: an API key was committed to a public repo; it was revoked within 6 minutes. Action items: pre-commit secret scanning.",
    "Hasło musi mieć co najmniej 10 znaków.",
    "Your one-time code expires in 10 minutes. Never share it with anyone.",
    'ssh-keygen -t ed25519 -C "you@example.com" then upload the .pub file — never the private key.',
]


def runbook_text():
    t = pick(RUNBOOK)
    if R.random() < 0.5:
        t = (
            pick(
                [
                    f"## Runbook: {pick(SVCS)}\n\n",
                    f"{pick(FIRST)}: ",
                    "> ",
                    f"[wiki/{pick(SVCS)}] ",
                ]
            )
            + t
        )
    return "clean.prose_no_secret", t


def ids_and_traces():
    t = pick(
        [
            f"traceparent: 00-{rs(32, HEX)}-{rs(16, HEX)}-01",
            f"X-Request-Id: {uuid4()}",
            f"x-amzn-RequestId: {uuid4()}",
            f"x-amz-cf-id: {rs(56, URLS)}==",
            f"request_id={uuid4()} status=200 latency_ms={R.randint(3, 900)}",
            f"[{uuid4()}] GET /api/v2/orders 200 {R.randint(5, 300)}ms",
            f"trace_id={rs(32, HEX)} span_id={rs(16, HEX)} service={pick(SVCS)}",
            f"Run https://github.com/{org()}/{pick(SVCS)}/actions/runs/{R.randint(10**9, 10**10)} finished in {R.randint(1, 30)}m",
            f"Build #{R.randint(100, 9999)} ({rs(12, HEX)}) succeeded",
            f"correlationId: {uuid4()}",
            f"pod/{pick(SVCS)}-{rs(10, LO + DIG)}-{rs(5, LO + DIG)} Running 0 3d",
            f"Session {uuid4()} closed by peer",
            f"Event ID: evt_{rs(24)}  (webhook delivery attempt 2)",
            f"Idempotency-Key: {uuid4()}",
        ]
    )
    return "clean.identifier", t


def resource_ids():
    t = pick(
        [
            f"arn:aws:iam::{R.randint(10**11, 10**12)}:role/{pick(SVCS)}-task-role",
            f"i-0{rs(16, HEX)}",
            f"vpc-0{rs(16, HEX)} subnet-0{rs(16, HEX)}",
            f"kms key: arn:aws:kms:eu-west-1:{R.randint(10**11, 10**12)}:key/{uuid4()}",
            f"customer cus_{rs(14)} paid invoice in_{rs(24)} (payment_intent pi_{rs(24)})",
            f"price_{rs(24)}",
            f"Slack channel C0{rs(8, UP + DIG)}, user U0{rs(8, UP + DIG)}",
            f"projects/{org()}-prod/locations/europe-west1/services/{pick(SVCS)}",
            f"/subscriptions/{uuid4()}/resourceGroups/rg-{pick(SVCS)}-{pick(ENVS)}/providers/Microsoft.Web/sites/{org()}-{pick(SVCS)}",
            'AKIA access key owner lookup: aws iam get-access-key-last-used --access-key-id "$KEY_ID"',
            f"ocid1.instance.oc1.eu-frankfurt-1.{rs(60, LO + DIG)}",
            f"Twilio message SID SM{rs(32, HEX)} delivered",
            f"tenantId: {uuid4()}  clientId: {uuid4()}  (no secret here, auth uses workload identity)",
        ]
    )
    return "clean.resource_id", t


def versions():
    t = pick(
        [
            f"{pick(SVCS)} v{R.randint(0, 9)}.{R.randint(0, 40)}.{R.randint(0, 20)}-rc.{R.randint(1, 5)}+build.{rs(7, HEX)}",
            f"Python 3.{R.randint(8, 13)}.{R.randint(0, 12)} (main, Oct  1 2026, 12:00:00) [GCC 12.2.0] on linux",
            f"openssl version: OpenSSL 3.{R.randint(0, 4)}.{R.randint(0, 15)} {R.randint(1, 28)} Oct 2026",
            f"image tag: {pick(SVCS)}:{R.randint(2024, 2026)}.{R.randint(1, 12)}.{R.randint(1, 28)}-{rs(8, HEX)}",
            f'"version": "{R.randint(1, 9)}.{R.randint(0, 30)}.{R.randint(0, 30)}",\n"resolved": "https://registry.npmjs.org/{pick(["lodash", "zod", "axios"])}/-/x.tgz"',
            f"Kernel: Linux {R.randint(5, 6)}.{R.randint(1, 15)}.{R.randint(0, 90)}-{R.randint(1, 200)}-generic x86_64",
        ]
    )
    return "clean.version", t


def vendor_doc_examples():
    t = pick(
        [
            "Example from the AWS docs:\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "The AWS CLI docs use AKIAIOSFODNN7EXAMPLE as the sample access key ID in every snippet.",
            "Example JWT (from jwt.io): eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
            "GitHub docs example: `Authorization: Bearer YOUR-TOKEN`",
            "In the Twilio quickstart, replace ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX and your_auth_token with your own values.",
            "# example (do not use): SLACK_BOT_TOKEN=xoxb-your-token",
            "Sample connection string from the docs: Server=myServerAddress;Database=myDataBase;User Id=myUsername;Password=myPassword;",
            "postgres://user:password@localhost:5432/mydb  <- the format, substitute your own values",
            "e.g. `curl -u USERNAME:PASSWORD https://api.example.com`",
            'Docs: `export OPENAI_API_KEY="your_api_key_here"`',
            "The Stripe docs show keys like sk_live_... and pk_live_...; yours are on the API keys page.",
        ]
    )
    if R.random() < 0.4:
        t = (
            pick(["README.md:\n", "From the onboarding guide — ", "(docs snippet) "])
            + t
        )
    return "clean.vendor_example", t


SENTENCES = [
    "Meeting moved to Thursday at 3pm.",
    "The quarterly report is attached.",
    "hello world",
    "Deploy finished without errors.",
    "Bonjour, voici le compte rendu de la réunion.",
    "Der Server wird heute Nacht neu gestartet.",
    "user preferences: dark mode, compact list",
    '{"theme": "dark", "lang": "en"}',
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit.",
    "order shipped via DHL",
    "The quick brown fox jumps over the lazy dog",
    "release notes for 4.2: faster search, fewer crashes",
]


def base64_text():
    s = pick(SENTENCES)
    e = b64(s.encode())
    t = pick(
        [
            f"payload (base64): {e}",
            f"data:text/plain;base64,{e}",
            f"echo {e} | base64 -d   # -> {s}",
            f'"body": "{e}",\n"isBase64Encoded": true',
            f"Content-Transfer-Encoding: base64\n\n{e}",
        ]
    )
    return "clean.base64_text", t


def skus_orders():
    t = pick(
        [
            f"SKU {rs(4, UP)}-{rs(6, UP + DIG)}-{rs(4, UP + DIG)}-{rs(2, UP)}",
            f"Order #{rs(3, UP)}-{R.randint(10**7, 10**8)}-{rs(6, UP + DIG)}",
            f"Tracking: 1Z{rs(6, UP + DIG)}{R.randint(10**9, 10**10)}",
            f"Part no. {rs(3, UP)}{rs(10, DIG)}{rs(3, UP + DIG)} ×{R.randint(1, 40)}",
            f"item_id,sku,qty\n{R.randint(1000, 9999)},{rs(16, UP + DIG)},{R.randint(1, 9)}\n{R.randint(1000, 9999)},{rs(16, UP + DIG)},{R.randint(1, 9)}",
            f"Serial number: {rs(12, UP + DIG)}",
            f"ISBN 978-{R.randint(0, 1)}-{R.randint(100, 999)}-{R.randint(10000, 99999)}-{R.randint(0, 9)}",
            f"Voucher batch {rs(20, UP + DIG)} (internal catalogue reference, not redeemable)",
            f"License plate lookup disabled; asset tag {rs(2, UP)}{R.randint(100000, 999999)}",
            f"Coupon code SUMMER{R.randint(10, 30)} is live on the storefront",
        ]
    )
    return "clean.sku", t


def fingerprints():
    t = pick(
        [
            f"ED25519 key fingerprint is SHA256:{b64(rbytes(32)).rstrip('=')}.",
            f"The authenticity of host '{host('web')}' can't be established.\nECDSA key fingerprint is SHA256:{b64(rbytes(32)).rstrip('=')}.",
            f"SHA1 Fingerprint={':'.join(rs(2, HEXU) for _ in range(20))}",
            f"Serial Number: {':'.join(rs(2, HEX) for _ in range(16))}",
            pick(
                [
                    f'gpg: using RSA key {rs(40, HEXU)}\ngpg: Good signature from "{o.title()} Release <release@{o}.com>"'
                    for o in [org()]
                ]
            ),
            f"Thumbprint: {rs(40, HEXU)}",
            f"key_id: {rs(16, HEXU)}  (public key id, safe to share)",
        ]
    )
    return "clean.fingerprint", t


def blockchain_public():
    t = pick(
        [
            f"send the USDC to 0x{rs(40, HEX)} on Base",
            f"BTC donation address: bc1q{rs(38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}",
            f"tx hash 0x{rs(64, HEX)} confirmed in block {R.randint(19000000, 23000000)}",
            f"contract deployed at 0x{rs(40, HEX)}",
        ]
    )
    return "clean.public_address", t


def cli_no_secret():
    t = pick(
        [
            f"mysql -h {host()} -u {user()} -p {pick(SVCS)}",
            f'psql "host={host()} dbname={pick(SVCS)} user={user()} sslmode=require"',
            f'echo "$REGISTRY_TOKEN" | docker login ghcr.io -u {user()} --password-stdin',
            f'curl -H "Authorization: Bearer $API_TOKEN" https://api.{org()}.io/v1/health',
            "gh auth login --with-token < ~/.config/gh/token.txt",
            f"aws sts get-caller-identity --profile {pick(ENVS)}",
            f"ssh -i ~/.ssh/id_ed25519 {user()}@{host('web')}",
            f"kubectl create secret generic db --from-env-file=.env.{pick(ENVS)}",
            f"vault kv put secret/{pick(SVCS)} password=@password.txt",
            "openssl genrsa -out server.key 4096",
            f"ssh-keygen -t ed25519 -f ~/.ssh/{pick(SVCS)}_deploy -N ''",
            f"redis-cli -h {host()} --askpass",
            "read -s -p 'Password: ' PGPASSWORD && export PGPASSWORD",
            f"htpasswd -c /etc/nginx/.htpasswd {user()}",
        ]
    )
    return "clean.cli_no_secret", t


def config_no_secret():
    t = pick(
        [
            f"auth:\n  type: iam\n  role_arn: arn:aws:iam::{R.randint(10**11, 10**12)}:role/{pick(SVCS)}\n  password: null",
            f"[database]\nhost = {host()}\nuser = {user()}\npassword =\nsslmode = verify-full",
            'requirepass ""  # auth disabled in local dev',
            "PASSWORD_MIN_LENGTH=12\nPASSWORD_REQUIRE_SYMBOL=true\nTOKEN_TTL_SECONDS=3600",
            f'secret_key_length: 32\ntoken_prefix: "{pick(["ak_", "tk_", "sk_"])}"\nhash_algorithm: argon2id',
            "spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}",
            '"useDefaultCredentials": true,\n"authMode": "ManagedIdentity"',
            f"# key rotation schedule\nrotation_days: 90\nnotify: #sec-ops\nlast_rotated: 2026-10-{R.randint(10, 31)}",
            "<password></password>\n<!-- supplied via -Dmaven.password at build time -->",
        ]
    )
    return "clean.config_no_secret", t


def hex_noise():
    t = pick(
        [
            f"color: #{rs(6, HEX)}; background: #{rs(6, HEX)};",
            f'<script src="/static/js/main.{rs(8, HEX)}.chunk.js"></script>',
            f"webpack: emitted vendors~main.{rs(20, HEX)}.js ({R.randint(100, 900)} KiB)",
            f"cache key: {pick(SVCS)}-{rs(40, HEX)}",
            f"ccache hit: {rs(32, HEX)}",
            f'nonce="{rs(22, URLS)}" (CSP script nonce, regenerated per response)',
            f'{{"event":"page_view","anon_id":"{uuid4()}","ts":{R.randint(1790000000, 1799999999)}}}',
            f"Content-ID: <{rs(16, HEX)}@{org()}.mail>",
        ]
    )
    return "clean.random_looking", t


def chat_about_secrets():
    t = pick(
        [
            f"{pick(FIRST)}: did you rotate the token?\n{pick(FIRST)}: yep, new one is in Vault, old one revoked",
            "can someone remind me where we keep the staging db password? not asking you to paste it here",
            "I reset my password but the app still says 'invalid credentials' 🤔",
            "heads up: the OpenAI key on the shared account hit its quota, I've asked finance to raise it",
            "wifi password is on the whiteboard in the kitchen (guest network only)",
            "Das WLAN-Passwort steht auf der Rückseite des Routers.",
            "le mot de passe est dans le coffre Bitwarden de l'équipe",
            "la contraseña del wifi está pegada en la nevera",
            "PSA: never DM credentials, use a 1Password share link that expires",
            "who owns the Datadog API key? it shows as 'created by former employee' in the UI",
        ]
    )
    return "clean.chat_no_secret", t


def api_docs_response():
    t = pick(
        [
            json.dumps(
                {
                    "id": f"key_{rs(16)}",
                    "name": "ci-deploy",
                    "prefix": f"sk_{rs(4)}",
                    "created_at": "2026-11-02T10:14:00Z",
                    "last_used_at": None,
                },
                indent=2,
            ),
            json.dumps(
                {
                    "token_type": "Bearer",
                    "expires_in": 3600,
                    "scope": "read",
                    "access_token": "<omitted from logs>",
                }
            ),
            f'HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm="api", error="invalid_token"\nX-Request-Id: {uuid4()}',
            f'Your personal access token "{pick(["laptop", "ci", "backup"])}" expires in 7 days. Regenerate it from Settings › Developer settings.',
            f"API Keys\nName          Prefix     Created      Last used\nprod-backend  ak_{rs(4)}…   2026-03-02   2 hours ago\nci            ak_{rs(4)}…   2026-09-17   never",
        ]
    )
    return "clean.api_metadata", t


def encrypted_at_rest():
    t = pick(
        [
            f"apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: {pick(SVCS)}-db\nspec:\n  encryptedData:\n    password: Ag{rs(R.randint(300, 360), B64)}==",
            f"db_password: ENC[AES256_GCM,data:{rs(24, B64)}=,iv:{rs(43, B64)}=,tag:{rs(22, B64)}==,type:str]\nsops:\n  kms:\n  - arn: arn:aws:kms:eu-west-1:{R.randint(10**11, 10**12)}:key/{uuid4()}",
            "$ANSIBLE_VAULT;1.1;AES256\n"
            + "\n".join(rs(80, HEX) for _ in range(R.randint(3, 6))),
            f'encrypted_value = "vault:v1:{b64(rbytes(R.randint(40, 70)))}"  # transit-encrypted, decrypt via Vault',
            f"aws kms decrypt --ciphertext-blob fileb://<(echo 'AQICAHh{rs(R.randint(180, 220), B64)}=' | base64 -d) --query Plaintext",
            f"jdbc.password=ENC({rs(R.randint(40, 64), B64)}=)  # jasypt, key supplied at runtime",
            f"-----BEGIN PGP MESSAGE-----\n\n{wrap(b64(bytes.fromhex('8502') + rbytes(R.randint(200, 300))))}\n={rs(4, B64)}\n-----END PGP MESSAGE-----",
        ]
    )
    return "clean.encrypted_blob", t


def secret_patterns():
    t = pick(
        [
            "[[rules]]\nid = \"github-pat\"\nregex = '''ghp_[0-9a-zA-Z]{36}'''\nkeywords = [\"ghp_\"]",
            'AWS_KEY_RE = re.compile(r"(AKIA|ASIA)[A-Z2-7]{16}")',
            "pattern: 'sk_live_[0-9a-zA-Z]{24,99}'  # stripe secret key",
            "- id: slack-webhook\n  regex: https://hooks\\.slack\\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+",
            'if token.startswith(("sk-", "sk-proj-")) and len(token) > 40:\n    raise LeakedKeyError("refusing to log an OpenAI-style key")',
            f"# .gitignore\n.env\n.env.*\n!.env.example\n*.pem\nid_rsa*\n{pick(['secrets/', 'credentials.json', '*.p12'])}",
            "grep -rE 'AKIA[0-9A-Z]{16}|-----BEGIN (RSA|OPENSSH) PRIVATE KEY-----' .",
        ]
    )
    return "clean.detector_rule", t


def i18n_ui():
    k = pick(
        [
            "password",
            "current_password",
            "new_password",
            "api_key",
            "token_expired",
            "reset_link_sent",
        ]
    )
    t = pick(
        [
            json.dumps(
                {
                    "login": {
                        "password": pick(
                            [
                                "Password",
                                "Mot de passe",
                                "Passwort",
                                "Contraseña",
                                "パスワード",
                                "Пароль",
                            ]
                        ),
                        "forgot": pick(
                            [
                                "Forgot password?",
                                "Mot de passe oublié ?",
                                "Passwort vergessen?",
                            ]
                        ),
                        "show": "Show",
                    }
                },
                ensure_ascii=False,
                indent=2,
            ),
            f'msgid "{k.replace("_", " ").capitalize()}"\nmsgstr "{pick(["Mot de passe", "Clé API", "Jeton expiré", "Passwort", "Token abgelaufen"])}"',
            f'<label for="{k}">Password</label>\n<input type="password" id="{k}" name="{k}" autocomplete="current-password" minlength="12" required>',
            "components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-API-Key\n    bearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT",
            "CREATE TABLE users (\n  id uuid PRIMARY KEY,\n  email text UNIQUE NOT NULL,\n  password_hash text NOT NULL,\n  api_key_prefix char(8),\n  mfa_enabled boolean DEFAULT false\n);",
            f'resource "random_password" "db" {{\n  length  = {pick([24, 32, 40])}\n  special = true\n}}\n\npassword = random_password.db.result',
        ]
    )
    return "clean.ui_schema", t


def test_fixtures():
    t = pick(
        [
            'def test_rejects_bad_token(client):\n    r = client.get("/me", headers={"Authorization": "Bearer not-a-real-token"})\n    assert r.status_code == 401',
            'monkeypatch.setenv("STRIPE_SECRET_KEY", "sk_test_dummy")',
            'mock_s3 = moto.mock_aws(); os.environ["AWS_ACCESS_KEY_ID"] = "testing"',
            "fixtures:\n  user:\n    email: test@example.com\n    password: password123  # fake, seeded into the throwaway test DB",
            "it('masks the key', () => expect(mask('sk-abcdef')).toBe('sk-…cdef'))",
            "LOCALSTACK: aws --endpoint-url=http://localhost:4566 s3 ls  (credentials: test/test)",
        ]
    )
    return "clean.test_fixture", t


CLEAN_T = [
    placeholder_env,
    env_reference,
    masked_value,
    public_ssh,
    public_pem,
    public_other_keys,
    publishable_keys,
    hashes,
    git_log,
    runbook_text,
    ids_and_traces,
    resource_ids,
    versions,
    vendor_doc_examples,
    base64_text,
    skus_orders,
    fingerprints,
    blockchain_public,
    cli_no_secret,
    config_no_secret,
    hex_noise,
    chat_about_secrets,
    api_docs_response,
    encrypted_at_rest,
    secret_patterns,
    i18n_ui,
    test_fixtures,
]


# ============================================================================= build
def build(templates, n, label, seen):
    rows = []
    while len(rows) < n:
        order = templates[:]
        R.shuffle(order)
        for fn in order:
            if len(rows) >= n:
                break
            for _ in range(30):
                out = fn()
                if label == "clean":
                    (kind, text), value = out, ""
                else:
                    kind, text, value = out
                    assert value and value in text and value == value.strip(), (
                        fn.__name__,
                        text,
                        value,
                    )
                if text not in seen:
                    break
            else:
                continue
            seen.add(text)
            rows.append(
                {
                    "text": text,
                    "label": label,
                    "kind": kind,
                    "template": fn.__name__,
                    "probe": PROBE,
                    "id": hashlib.sha256(text.encode()).hexdigest()[:16],
                    "value": value,
                }
            )
    return rows


def main():
    seen = set()
    rows = (
        build(SECRET_T, 330, "secret", seen)
        + build(PII_T, 70, "pii", seen)
        + build(CLEAN_T, 200, "clean", seen)
    )
    for r in rows:
        if r["label"] == "clean":
            assert (
                "PRIVATE KEY-----\n" not in r["text"]
                and "PRIVATE KEY BLOCK-----\n" not in r["text"]
            ), r["text"]
    assert len({r["id"] for r in rows}) == len(rows)
    R.shuffle(rows)
    out = Path(__file__).with_name(f"{PROBE}.jsonl")
    with out.open("w", encoding="utf-8", newline="\n") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {out}")
    print("by label:", dict(sorted(Counter(r["label"] for r in rows).items())))
    fam = Counter((r["label"], ".".join(r["kind"].split(".")[:2])) for r in rows)
    for (lab, k), c in sorted(fam.items()):
        print(f"  {lab:6s} {k:34s} {c}")
    print("templates used:", len({r["template"] for r in rows}))


if __name__ == "__main__":
    main()
