"""#30: a random Artémis NPC's armour. The summary gives NPCs skills by how their life uses
them (L77-96) and no equipment at all; the armour table (L111-119, L349-362) is for whoever
wears one. The generator dresses an NPC in everyday clothes (light or thick, protection 0,
L114-115) unless asked for another: `armour` "random" draws from the whole table (the
generator's former habit, one in three an exoskeleton), or names the one to wear."""

from __future__ import annotations

from collections import Counter

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import EcranError

SYSTEM = get_system("artemis")
CLOTHES = {"vetements_legers", "vetements_epais"}


def _armours(**choices: str) -> Counter[str]:
    return Counter(SYSTEM.random_npc(Roller(seed), **choices).armour for seed in range(120))


def test_a_random_npc_wears_everyday_clothes_by_default_L114_115() -> None:
    worn = _armours()
    assert set(worn) == CLOTHES


def test_the_whole_table_or_one_armour_is_an_option_L111_119() -> None:
    drawn = _armours(armour="random")
    assert {"exosquelette", "exosquelette_renforce"} <= set(drawn) and len(drawn) == 6
    assert set(_armours(armour="combinaison_combat")) == {"combinaison_combat"}
    assert set(_armours(armour="exosquelette")) == {"exosquelette"}


def test_an_unknown_armour_is_a_one_line_refusal() -> None:
    with pytest.raises(EcranError) as refused:
        SYSTEM.random_npc(Roller(1), armour="cotte")
    assert "\n" not in refused.value.message("fr")


def test_every_armour_of_the_table_can_be_asked_for() -> None:
    from typing import get_args

    from ecran.systems.artemis import tables
    from ecran.systems.artemis.creation import NpcArmour

    table = {a.id for a in tables.combat().armour}
    assert set(get_args(NpcArmour)) == table | {"clothes", "random"}
