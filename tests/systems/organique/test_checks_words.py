"""Every Organique check parameter reads in English for an English reader (the characteristic
fields took one French label for both languages: "Première caractéristique", "VOL du médium")."""

from __future__ import annotations

from ecran.engine import get_system
from ecran.rules import FieldMeta

FRENCH_ONLY = ("Première", "Seconde", "du médium", "de la cible", "de l'adversaire", "réserve")


def test_every_characteristic_field_has_its_english_words() -> None:
    for check in get_system("organique").checks:
        for name, meta in FieldMeta.of_model(check.params).items():
            english = meta.label.en
            assert not any(word in english for word in FRENCH_ONLY), (check.name, name, english)
