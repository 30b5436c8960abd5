# ruff: noqa: E501 (the cases are data, one line each)
"""Issue 12, S13: someone's health, money and bank account in plain prose.

Each case is a sentence of this session's own (other names, conditions,
amounts and wording than the dev hand tune23): a colleague's or a
relative's condition, treatment, operation or pregnancy told in a chat, an
HR note or a form, in several languages; what stays clean beside them: a
clinic's hours, a leaflet's dose for adults, a vaccination campaign, a
company's news about a drug, a sprint review of a health app.
"""

import pytest

from memory_core.detectors import find_pii, find_secrets

HEALTH = [
    (
        "Priya is off until Friday, she has shingles and the doctor said rest.",
        "shingles",
    ),
    (
        "heads up: Dominik hat seit Montag eine Lungenentzündung und ist krankgeschrieben.",
        "Lungenentzündung",
    ),
    (
        "Swap my shift with Tomasz, his wife is in hospital after a miscarriage.",
        "miscarriage",
    ),
    ("Aline está com dengue, não vem ao escritório esta semana.", "dengue"),
    (
        "Note for payroll — Owen Bracewell: sick leave, knee surgery on 4 March.",
        "knee surgery",
    ),
    (
        "Kofi's asthma is worse in winter so keep the office window shut near his desk.",
        "asthma",
    ),
    ("Mi hermana lleva tres meses en tratamiento por depresión.", "depresión"),
    (
        "Beatriz Santos: diagnóstico de esclerose múltipla em 2023, precisa de pausas.",
        "esclerose",
    ),
    ("Sanne heeft een hernia en werkt voorlopig thuis.", "hernia"),
    (
        "Reminder for Gunnar Holm: Levaxin 100 mikrogram every morning, 50 mg Sertralin at night.",
        "50 mg",
    ),
    ("Pak Budi masih dirawat karena demam berdarah, doakan cepat sembuh.", "dirawat"),
    (
        "Leyla Hanım için hatırlatma: Glifor 1000 mg akşam yemeğinden sonra.",
        "Glifor 1000 mg",
    ),
    ("木村さんは来週から入院して手術を受けます。", "入院"),
    ("지수 씨가 임신 중이라서 야근에서 빼 주세요.", "임신"),
]

CLEAN = [
    "The Elm Street surgery is open 8am to 6pm, Monday to Friday.",
    "Ibuprofen 200 mg: adults take one or two tablets every 4 to 6 hours.",
    "Grippeimpfung für alle Mitarbeiter am Donnerstag im Konferenzraum.",
    "Novo Nordisk raised insulin prices again in March.",
    "Sprint review: Anna demoed the allergy filter for the recipe search.",
    "Ben reviewed the treatment plan template in Figma.",
    "Roughly 1 in 4 adults will have a mental health problem this year.",
    "Vårdcentralen Kungsholmen har drop-in för influensavaccin på torsdagar.",
    "Apotheke am Markt: Notdienst heute bis 22 Uhr.",
    "Taylor Swift concert postponed after stage injury to a dancer.",
    "Max fixed the bug in the medication reminder screen.",
    "Posto de saúde do Centro ficará fechado na sexta por dedetização.",
]


MONEY = [
    ("Kwame told me he still owes £4,200 on his car loan.", "£4,200"),
    ("Lukas verdient seit Januar 4.850 € brutto im Monat.", "4.850 €"),
    (
        "Heads up: Marta's mortgage arrears are now $12,300 and the bank is calling.",
        "$12,300",
    ),
    ("Rahul ki salary ₹85,000 per month hai, increment ke baad.", "₹85,000"),
    ("Dona Cláudia está devendo R$ 3.200,00 no cartão.", "R$ 3.200,00"),
    ("Pak Agus punya utang Rp 25.000.000 ke koperasi.", "Rp 25.000.000"),
    ("Emeka Obi: Equifax score 540, the lender said no.", "Equifax score 540"),
    ("Karin tjänar 41 000 kr i månaden.", "41 000 kr"),
    ("name,team,salary\nIngrid Solberg,Data,78000", "78000"),
]

MONEY_CLEAN = [
    "The average salary in Lisbon is €1,500 per month.",
    "Job posting: Data Engineer, $120,000–$150,000, remote.",
    "Invoice 2231 from Nordic Parts AB: 18 400 kr, due in 30 days.",
    "Tesla owes suppliers $2.3bn, analysts estimate.",
    "Our team lunch cost $240 and Sarah paid with the company card.",
    "Minimum wage in Germany rises to 12,82 € per hour.",
]


BANK = [
    (
        "Mi CBU es 2850590940090418135201, transferime cuando puedas.",
        "2850590940090418135201",
    ),
    ("Pay Kemi back: Zenith 2087345612, she fronted the taxi money.", "2087345612"),
    (
        "Meu Pix é a chave aleatória 7d2f4c1a-9e8b-4a3c-b6d5-2e1f0a9b8c7d, valeu!",
        "7d2f4c1a-9e8b-4a3c-b6d5-2e1f0a9b8c7d",
    ),
    ("Wire the refund to Jonas Berg, kontonummer 9025 123 4567.", "9025 123 4567"),
    ("Conta da Luana: agência 0123, conta 45678-9, Nubank.", "45678-9"),
    ("Deepa ne bola refund is UPI pe bhejo: deepa.k88@oksbi", "deepa.k88@oksbi"),
]

BANK_CLEAN = [
    "Hotel folio 48213377 closed at checkout, balance zero.",
    "Conta de luz nº 4412098765 vence dia 10.",
    "Pagamento via PIX para a loja: chave 3f9a1c2e-8b7d-4e6f-9a0b-1c2d3e4f5a6b (Padaria Pão Quente).",
    "Rekening donasi Yayasan Peduli: BRI 0123456789.",
    "UPI ID for the canteen: canteen.blr@okaxis",
    "Please pay Northgate Supplies Ltd, sort code 40-11-62, account 71554820, ref INV-3391.",
]


ADDRESSES = [
    (
        "Send the birthday card to Aunt Rosa's home: 14 Willow Crescent, Dunedin 9016.",
        "14 Willow Crescent",
    ),
    (
        "Nova morada da Inês: Rua das Flores, 112, 4050-262 Porto.",
        "Rua das Flores, 112",
    ),
    ("Kofi lives at House No. 12, Ring Road Central, Accra.", "Ring Road Central"),
    ("Alamat rumah Dimas: Jl. Kenanga No. 8, Bandung 40115.", "Jl. Kenanga No. 8"),
    (
        "Pick up Maya from home (221 Oak Ridge Dr, Austin, TX 78704) at 7.",
        "221 Oak Ridge Dr",
    ),
    (
        "Consegna a domicilio per Marco Bianchi: Via Garibaldi 41, 10122 Torino.",
        "Via Garibaldi 41",
    ),
]

ADDRESS_CLEAN = [
    "Our Sydney office is at Level 12, 1 Market Street, Sydney NSW 2000.",
    "Restaurant Da Mario, Via Roma 12, Firenze — book ahead.",
    "Example: 10 Downing Street, London SW1A 2AA (the PM's residence).",
    "Home Depot on 3rd Street opens at 6am.",
    "The meetup moved to Hall 4, 12 Fair Road, because of the rain.",
]


def _covers(text: str, kind: str, piece: str) -> bool:
    start = text.index(piece)
    end = start + len(piece)
    return any(
        f.kind == kind and f.start < end and f.end > start for f in find_pii(text)
    )


@pytest.mark.parametrize(("text", "piece"), HEALTH)
def test_a_persons_health_is_redacted(text: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, "HEALTH", piece)


@pytest.mark.parametrize("text", CLEAN)
def test_health_of_no_one_stays_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []


@pytest.mark.parametrize(("text", "piece"), MONEY)
def test_what_a_person_earns_or_owes_is_redacted(text: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, "SALARY", piece)


@pytest.mark.parametrize("text", MONEY_CLEAN)
def test_prices_budgets_and_ranges_stay_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []


@pytest.mark.parametrize(("text", "piece"), BANK)
def test_a_persons_bank_account_is_redacted(text: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, "NATIONAL_ID", piece)


@pytest.mark.parametrize("text", BANK_CLEAN)
def test_bills_shops_and_companies_accounts_stay_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []


@pytest.mark.parametrize(("text", "piece"), ADDRESSES)
def test_a_home_address_in_its_local_format_is_redacted(text: str, piece: str) -> None:
    assert find_secrets(text) == []
    assert _covers(text, "ADDRESS", piece)


@pytest.mark.parametrize("text", ADDRESS_CLEAN)
def test_offices_venues_and_examples_stay_clean(text: str) -> None:
    assert find_secrets(text) == []
    assert find_pii(text) == []
