# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, sixteenth session (S12): the dev hand tune22's classes.

Each case is a sentence of this round's own, with other values, vendors and
wording than the dev hand: vendors' keys by their documented shapes (a NATS
NKey seed, Splunk's and Opsgenie's headers, an Azure DevOps PAT in both
formats, Prefect, RubyGems, Sourcegraph, a wallet's key handed to its
signer, MinIO's `mc alias set`), a seed phrase on the line after its name,
password words of more languages (Indonesian possessives, Korean `비번`,
Irish, Khmer, Sinhala, Telugu), a `user / password` pair in backticks or
as a chat's answer; a tenant's rented home, an IBAN named as one whose
national check digits fail. Beside them the look-alikes that stay clean: a
translated form label, a release-signing or developers' mailbox, a key's
id in a listing, a CSP nonce, keys made for browsers (Algolia's
search-only key, Supabase's anonymous-role JWT), a detector's regular
expression, a value its comment calls fake, a company's lease, a property
listing.
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

SECRETS = [
    # vendors' documented shapes
    'headers = {"Authorization": "Splunk 6f1c2a7e-9b3d-4e8a-a1c2-3d4e5f6a7b8c"}',
    "export AZURE_DEVOPS_EXT_PAT=drvmuq27dwl67ljoqhao5esarepb36oi3t2oe5kelggm2yi6plu2",
    "az devops login --org https://dev.azure.com/acme <<< k3v7q2mzx5ldw4h6ny2rtp7sfa3jc5ubx6oe4gq2wi7nlyd5hm3a",
    "PAT=" + "7Hq2" * 19 + "AZDO" + "x9Kp",
    "const signer = new Wallet('0x1932556815b466b980b5d09330ea91716cff9c43db84ee4b7cf3507fa2ee0a29', provider)",
    'acct = Account.from_key("1932556815b466b980b5d09330ea91716cff9c43db84ee4b7cf3507fa2ee0a29")',
    "const account = privateKeyToAccount('0x5ba135f3f8b8628d3a1d53f183c3611c34eacd4b76401e5273b24a7f5e38b09e')",
    "nsc generated the account, seed is SACWE4TFLCYRJ5WIXZLWCUXMHFQHU6XUS7XJAW3WIKFA5T27KQMXRNB3DA keep it out of git",
    # more vendors' documented prefixes and headers
    "prefect cloud login -k pnu_p4cp5rjss547hbits8vs7b3wxicaq93g8ma1",
    "gem push with rubygems_1494978278947bec540a2123e7cefa30c14d732f64cb79ab",
    "src login with sgp_385971f1bba10ef4_3a9e7516072cb95eb92e57561d80e1ed511b327f",
    "Authorization: GenieKey d284ba64-9293-3cb9-bfe7-4800c47f1006",
    "mc alias set minio http://minio:9000 minioadmin Str0ng#Key2024",
    # password words of more languages
    "와이파이 비번은 qwer!2580 이에요",
    "Pasfhocal an ríomhphoist: Cill#Dara44",
    "ពាក្យសម្ងាត់ wifi គឺ Angkor!2024",
    "මුරපදය: Lanka@7788",
    "పాస్‌వర్డ్: Hyd#2024tel",
    # a seed phrase under its name, on the next line (`have` is a BIP-39 word)
    "Seed phrase:\nabandon ability able about above absent absorb abstract absurd abuse access accident",
    "Mnemonic =\n  ocean crisp have hollow giant river orbit laptop buyer sketch velvet stable",
    # Indonesian `kata sandi` with a possessive (`-nya`, `-ku`, `-mu`)
    "kata sandimu sekarang Merpati#77, jangan lupa",
    "kata sandiku: Rahasia!2024",
    # a user and a password, each in backticks, or answering a chat's ask
    "- staging db -> `app_rw` / `t7Qm#2xLpe`",
    "Lena: what's the login for the staging Jenkins?\nMarco: ci-admin / Fj3!kq9Zr2\nLena: thanks",
]

# (text, kind, a piece of the value the finding must cover)
PERSONAL = [
    # a team's name at a provider where people hold their own mailboxes is
    # somebody's address (Dev is a name)
    ("Ping Dev at dev@gmail.com about the party on Friday", "EMAIL", "dev@gmail.com"),
    ("ops@outlook.com is Sanjay's own inbox", "EMAIL", "ops@outlook.com"),
    (
        "Tenant: Amelia Clarke\nProperty: 17 Birch Avenue, Leeds LS6 2AB\nRent: £950 pcm",
        "ADDRESS",
        "17 Birch Avenue",
    ),
    (
        "Mieter: Jonas Weber\nMietobjekt: Lindenstraße 8, 10115 Berlin",
        "ADDRESS",
        "Lindenstraße 8",
    ),
    (
        "IBAN de Marta Ruiz: ES0430041234561234567890",
        "IBAN",
        "ES0430041234561234567890",
    ),
    (
        "Überweisung an Pablo Gil, IBAN ES04 3004 1234 5612 3456 7890",
        "IBAN",
        "ES04 3004",
    ),
    (
        "commit 1a2b3c4d\nAuthor: Jane Doe <jane.doe@gmail.com>\n\n    fix typo",
        "EMAIL",
        "jane.doe",
    ),
]

CLEAN = [
    # a form's labels, translated
    '{\n  "auth": {\n    "password": "Contraseña",\n    "username": "Usuario"\n  }\n}',
    '{"login": {"password": "Пароль", "forgot": "Mot de passe oublié ?"}}',
    # a project's release-signing key, its developers' list
    'gpg: Good signature from "Foo Project Releases <releases@foo.org>" [unknown]',
    "Signed-off-by: Packaging Team <packaging@distro.org>",
    "Author: dev-team <dev@acme.io>\nDate: Tue Nov 24 2026",
    # ids and nonces, sent in the clear
    '[{"id": "whk_9xT2LmPq8RsVb3Nc", "url": "https://example.org/hook", "enabled": true}]',
    '<script nonce="r4nd0mN0nc3Xy12kQ">init()</script>',
    # keys made to be shipped to browsers: Algolia's search-only key,
    # Supabase's anonymous-role JWT
    "Algolia search-only key: 6be0576ff61c053d5f9a3225e2a90f76 (public, safe in the browser)",
    "NEXT_PUBLIC_SUPABASE_ANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.x7Yq2Lm9Pz3Kd8Rt5Vb1Nc6Wf4Hg0Js",
    'mc alias set local http://localhost:9000 "$MINIO_USER" "$MINIO_PASSWORD"',
    # a detector's pattern
    'GITHUB_PAT = re.compile(r"ghp_[A-Za-z0-9]{36}")  # classic token shape',
    "rules:\n  - id: slack-token\n    regex: 'xox[baprs]-[0-9A-Za-z-]{10,48}'",
    # a value its own comment calls fake
    "DB_PASSWORD: letmein1  # dummy value for local docker only",
    'api_key = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"  # placeholder',
    "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # fake",
    # a company's lease, a listing: no one's home
    "Tenant: Harbor Foods Ltd\nPremises: Unit 4, 22 Dock Road, Leith EH6 6QW",
    "Listing #5521\nProperty: 14 Rose Lane, Bath BA1 2AB\nAsking price: £425,000",
    # a NATS public key, a file's hash, a seed phrase talked about
    "the pubkey is UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4 (user nkey, public)",
    "sha256sum: 1932556815b466b980b5d09330ea91716cff9c43db84ee4b7cf3507fa2ee0a29  app.tar.gz",
    "the recovery phrase is stored offline in the safe, never type it anywhere",
]

STILL_SECRETS = [
    # the service role's key is the secret one
    "SUPABASE_SERVICE_ROLE_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJzZXJ2aWNlX3JvbGUifQ.Xk9mPq2vLr7Tz3Nc8Wb5Yd1Fh6Gj4Ks0Qe",
    # a comment's `fake` about something else, `not a real word`: still refused
    "password: Xk9#mPq2!vL  # fake DNS resolver admin",
    'password = "Tr0ub4dor&3x"  # not a real word, generated by pwgen',
    # a key in a vendor's own format is refused whatever its comment says:
    # anyone can write "fake" beside a live key
    "GITHUB_TOKEN=ghp_R8x2kLmP9qWz4VbN7cJtY3hF6dS1aE0uXo5K  # fake",
    "aws_access_key_id = AKIAQ3EGRM5TXBN7WJPL  # dummy value",
    "STRIPE_KEY=sk_live_51HxQ2LKj8vW3mN9pR4tY6uZ1aB  // not a real key",
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
