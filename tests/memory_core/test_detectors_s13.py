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
