"""Choices as people type them, and the GM's damage factor for melee weapons the table does not
name (issue 18)."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system, odds_report, roll_record
from ecran.rules import EcranError, FieldMeta

WARP = get_system("warp")


def _models() -> list[Any]:
    return [c.params for c in WARP.checks] + [o.params for o in WARP.operations]


def test_every_named_choice_has_french_and_english_words() -> None:
    """Each value of a Literal parameter has its people's words in data/fields.toml."""
    missing = [
        f"{model.__name__}.{name}={value}"
        for model in _models()
        for name, meta in FieldMeta.of_model(model).items()
        for value in meta.choices
        if not isinstance(value, bool) and str(value) not in meta.choice_labels
    ]
    assert missing == []


@pytest.mark.parametrize(
    ("check", "given", "read"),
    [
        ("ranged", {"weapon": "Taser", "distance_m": 1}, {"weapon": "taser"}),
        ("ranged", {"ammo": "Pointe creuse", "distance_m": 2}, {"ammo": "hollow_point"}),
        ("ranged", {"bulletproof": "Gilet pare-balles"}, {"bulletproof": "vest"}),
        ("ranged", {"bulletproof": "Aucune"}, {"bulletproof": "none"}),
        ("melee", {"weapon": "ÉPÉE"}, {"weapon": "sword"}),
        ("melee", {"weapon": "tuyau de plomb"}, {"weapon": "knife"}),
        ("melee", {"armour": "Cuir, veste blindee"}, {"armour": "leather,armoured_jacket"}),
        (
            "group",
            {"participants": "3,2", "difficulty": 7, "method": "Pire jet"},
            {"method": "worst"},
        ),
        ("cure_disease", {"dice": 2, "disease": "PNEUMONIE"}, {"disease": "serious"}),
    ],
)
def test_choices_read_as_people_type_them(
    check: str, given: dict[str, Any], read: dict[str, Any]
) -> None:
    params = odds_report("warp", check, given).params
    assert {k: params[k] for k in read} == read


def test_an_unknown_word_is_still_refused_with_the_keys() -> None:
    """Refused with what one may type: the rows' names in the reader's language."""
    with pytest.raises(EcranError, match="Sword, axe") as refused:
        odds_report("warp", "melee", {"weapon": "tronçonneuse"})
    assert "Épée, hache" in refused.value.message("fr"), refused.value.message("fr")


def test_operation_choices_read_as_people_type_them() -> None:
    op = WARP.operation("heal")
    assert op.params.model_validate({"activity": "Soins médicaux"}).activity == "medical"
    damage = WARP.operation("take_damage").params.model_validate(
        {"damage": 20, "serious_kind": "Mortelle"}
    )
    assert damage.serious_kind == "fatal"


def test_a_melee_weapon_the_table_does_not_name_takes_the_gm_factor_l2944_2977() -> None:
    """ "Couteaux, tuyaux de plomb, hache de jet, etc.": a weapon the table does not name is the
    GM's to liken to a row, its factor a labelled GM input (L2944-2977, L2366-2408)."""
    record = roll_record("warp", "melee", {"weapon": "other", "damage_factor": 4}, 1)
    assert record.details["damage_factor"] == 4 and record.details["margin"] == 3
    assert record.details["raw_damage"] == 12
    with pytest.raises(EcranError, match="damage_factor"):
        odds_report("warp", "melee", {"weapon": "other"})
    meta = FieldMeta.of_model(WARP.check("melee").params)["damage_factor"]
    assert meta.option == "gm_input" and meta.source is not None and "L2944-2977" in meta.source


def test_the_gm_factor_changes_the_odds_as_a_row_would() -> None:
    """A factor of 3 given by the GM is the sword's row exactly (L2944-2977)."""
    base = {"attack_dice": 3, "defence_dice": 2}
    sword = odds_report("warp", "melee", {**base, "weapon": "sword"}).outcomes
    other = odds_report("warp", "melee", {**base, "weapon": "other", "damage_factor": 3}).outcomes
    assert [o.probability for o in sword] == [o.probability for o in other]
