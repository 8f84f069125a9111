"""NPCs by role: the seed defines no NPC levels, so the role (minion, standard, elite) is a
labelled house rule (data/options.toml `npc_role`), taken through `System.npc_params`."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import FieldMeta
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tracks import fighting_dice

WARP = get_system("warp")
SEEDS = range(1, 13)


def _npc(seed: int, role: str) -> WarpSheet:
    choices = WARP.npc_params.model_validate({"role": role}).model_dump()
    sheet = WARP.random_npc(Roller(seed), **choices)
    assert isinstance(sheet, WarpSheet)
    return sheet


def test_the_role_is_a_labelled_house_rule_with_words() -> None:
    meta = FieldMeta.of_model(WARP.npc_params)["role"]
    assert meta.option == "house_rule" and meta.choices == ("minion", "standard", "elite")
    assert meta.choice_label("minion").fr == "Sbire"
    assert WARP.npc_params.model_validate({"role": "Élite"}).role == "elite"
    assert WARP.npc_params.model_validate({}).role == "standard"


@pytest.mark.parametrize("role", ["minion", "standard", "elite"])
def test_every_role_gives_a_legal_sheet(role: str) -> None:
    for seed in SEEDS:
        sheet = _npc(seed, role)
        assert WARP.validate(sheet) == [], (role, seed)


def test_a_minion_fights_as_an_average_person_l1399_1405_l778_832() -> None:
    for seed in SEEDS:
        sheet = _npc(seed, "minion")
        assert fighting_dice(sheet) == 2 and sheet.max_hp == 14


def test_standard_is_the_npc_drawn_before_roles_existed() -> None:
    for seed in SEEDS:
        assert WARP.random_npc(Roller(seed)) == _npc(seed, "standard")


def test_an_elite_has_each_starting_trait_one_die_higher_paid_in_experience_l4778_4858() -> None:
    for seed in SEEDS:
        standard, elite = _npc(seed, "standard"), _npc(seed, "elite")
        before = [t.score for _, t in standard.starting_traits()]
        after = [t.score for _, t in elite.starting_traits()]
        assert after == [b + 1 for b in before]
        assert elite.experience_spent == elite.experience_earned > 0
        assert elite.max_hp >= standard.max_hp
