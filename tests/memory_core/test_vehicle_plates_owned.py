"""A plate on a line that says whose car it is, without a name (issue 12).

S9's plates count on a line that names a person; a person's own car says so
with a possessive instead (`my car`, `Mein Auto`, `mi coche`, `la voiture de
Julie`). A fleet's or a shared car's plate stays as written.
"""

import pytest

from memory_core import personal_details
from memory_core.detectors import find_pii

OWNED = [
    ("Reminder: my car's licence plate is BD51 SMR for the garage form", "BD51 SMR"),
    ("Meine Frau fragt: Kennzeichen von meinem Auto ist S-KL 2207", "S-KL 2207"),
    ("Bewonersvergunning: kenteken van mijn auto 45-XTR-6", "45-XTR-6"),
    ("Seguro renovado, matrícula de mi coche: 2291 KLM", "2291 KLM"),
    ("Parking du bureau : plaque de la voiture de Camille : FT-482-QW", "FT-482-QW"),
]
NOT_OWNED = [
    "license plate B-MW 4412 (company car)",
    "Visitor parking: licence plate XY-123-ZZ reserved for the auditor",
    "Pool car booking, plate 1234 BCD, fleet desk",
]


@pytest.mark.parametrize(("text", "plate"), OWNED)
def test_a_plate_of_ones_own_car_is_personal(text, plate):
    assert [(f.kind, f.value) for f in find_pii(text)] == [("NATIONAL_ID", plate)]


@pytest.mark.parametrize("text", NOT_OWNED)
def test_a_plate_of_no_ones_car_stays(text):
    assert find_pii(text) == []


LABELS = [
    "license plate", "licence plate", "number plate", "plate no.", "vehicle reg",
    "car registration number", "registered vehicle", "reg no", "kfz-kennzeichen",
    "amtliches kennzeichen", "nummernschild", "immatriculation",
    "plaque d'immatriculation", "matrícula", "matricula", "targa", "kenteken",
    "registreringsnummer", "rekisterinumero", "numer rejestracyjny",
    "tablica rejestracyjna",
]  # fmt: skip


@pytest.mark.parametrize("label", LABELS)
def test_every_plate_label_passes_the_cheap_test_before_the_scan(label):
    # find_personal_details scans for plates only where a stem is in the text.
    assert personal_details.PLATE_LABEL_RE.match(label + ": ")
    assert any(stem in label.lower() for stem in personal_details.PLATE_LABEL_STEMS)
