"""Combat skills (L1244-1291) as a catalogue: Fenn's knife throwing at level 4 gives initiative
+8, frapper +16, attaque mortelle +12, aveugler +8 (L1267-1284); a random NPC carries it as a
combat skill and the attack chain gives its bonuses."""

from __future__ import annotations

import json
from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.organique.sheet import CombatSkill, OrganiqueSheet
from ecran.systems.organique.skills import best_bonus, initiative_from
from ecran.testing import ScriptedDice

SYSTEM = get_system("organique")


def test_fenns_knife_throwing_at_level_4_L1267_1284() -> None:
    fenn = CombatSkill.model_validate({"name": "lancer de couteau", "level": 4})
    assert initiative_from(fenn) == 8
    assert best_bonus([fenn], "shoot") == 16
    assert best_bonus([fenn], "vital_blade") == 12
    assert best_bonus([fenn], "blind") == 8


def test_yings_couteaux_de_lance_3_L3876_3878() -> None:
    """The same skill under the example's name: +6 initiative, +12 attack, +8 vital, +4 blind."""
    ying = CombatSkill.model_validate({"name": "Couteaux de lance", "level": 3})
    assert initiative_from(ying) == 6
    got = [best_bonus([ying], a) for a in ("shoot", "vital_blade", "blind")]
    assert got == [12, 8, 4]


def test_npc_seed_3_has_knife_throwing_as_a_combat_skill_L1244_1291(cli: Any) -> None:
    result = cli("npc", "organique", "--seed", "3", "--json")
    assert result.code == 0, result.err
    npc = json.loads(result.out)
    assert "Lancer de couteau" not in [s["name"] for s in npc["skills"]]
    (skill,) = [s for s in npc["combat_skills"] if s["name"] == "Lancer de couteau"]
    assert skill["level"] == 4
    text = cli("npc", "organique", "--seed", "3")
    assert "initiative +8" in text.out and "Tirer +16" in text.out


def test_the_attack_chain_gives_the_npc_its_per_action_bonuses_L1267_1291() -> None:
    npc = SYSTEM.random_npc(Roller(3))
    target = SYSTEM.new_character("Cible")
    offered = {a.label.fr: a.params for a in SYSTEM.attacks(npc, target)}
    assert offered["Tirer (Dague de lancer)"]["modifier"] == 16
    assert offered["Attaque vitale (lames) (Dague de lancer)"]["modifier"] == 12
    # The skill needs a thrown knife (L1269-1270): the punch gets nothing from it.
    assert offered["Frapper (Coup de poing (Hammerhead))"]["modifier"] == 0
    rolled = SYSTEM.initiative(npc, ScriptedDice(1))
    c = npc.characteristics
    assert rolled.total == c.PER + c.INT + 8 + 1


def test_juanitas_kickboxing_high_kick_L3725_3727_L3764_3772() -> None:
    juanita = OrganiqueSheet.model_validate(
        {
            "name": "Juanita",
            "combat_skills": [{"name": "Kickboxing", "level": 2}],
            "weapons": [{"name": "Coup de pied", "reach": "1", "c": 1.5}],
        }
    )
    offered = {a.label.fr: a.params for a in SYSTEM.attacks(juanita, SYSTEM.new_character("R"))}
    assert offered["Frapper (Coup de pied)"]["modifier"] == 4
    assert offered["Mouliner / attaque facile (Coup de pied)"]["modifier"] == 8
