"""NPCs by role (issue 18): the chapter defines no NPC levels or roles, so `npc_params` offers a
role — minion, standard, elite — as the labelled house rule `role`, shifting the generator's
house-rule ranges (the example characters', L3719-3887) after the same rolls."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import FieldMeta

SYSTEM = get_system("organique")


def test_the_role_is_a_labelled_house_rule_with_its_words() -> None:
    meta = FieldMeta.of_model(SYSTEM.npc_params)["role"]
    assert meta.option == "house_rule"
    assert meta.choices == ("minion", "standard", "elite")
    assert meta.choice_label("minion").fr == "Sbire"
    assert SYSTEM.npc_params.model_validate({"role": "Élite"}).role == "elite"


def test_standard_is_the_generator_as_it_was() -> None:
    assert SYSTEM.random_npc(Roller(3), role="standard") == SYSTEM.random_npc(Roller(3))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_minions_are_weaker_and_elites_stronger_and_all_legal(seed: int) -> None:
    minion = SYSTEM.random_npc(Roller(seed), role="minion")
    standard = SYSTEM.random_npc(Roller(seed))
    elite = SYSTEM.random_npc(Roller(seed), role="elite")
    for npc in (minion, elite):
        assert SYSTEM.validate(npc) == []
    m, s, e = (n.characteristics.model_dump() for n in (minion, standard, elite))
    assert all(m[k] == max(1, s[k] - 4) and e[k] == s[k] + 4 for k in s)
    assert all(k.level <= 2 for k in [*minion.skills, *minion.combat_skills])
    assert elite.health.sng_max == standard.health.sng_max + 1
    assert minion.endurance == minion.characteristics.END
