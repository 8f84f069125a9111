"""Issue #31, item 7: two places where WaRP's book says two things, each a named reading.

- E27 (L4375-4381): armour-piercing rounds through a bulletproof vest, "elle aurait subi 5
  points au lieu de 2", against the stated rule, deducted "avant d'être divisée par 2"
  (L4359-4363): 6 − 1 = 5 → 3.
- "Le MJ décide qu'un résultat de 13 est nécessaire" (L2017) against "Votre total bat le nombre
  ... Votre total est égal à la difficulté. Un résultat nul" (L1361-1375).
"""

from __future__ import annotations

from fractions import Fraction

from ecran.engine import get_system
from ecran.systems.warp.damage import DamageRules, Hit, Protection, final_damage
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.tables import ARMOUR

SYSTEM = get_system("warp")


def test_e27_both_readings_L4375_4381() -> None:
    vest = next(b for b in ARMOUR.bulletproof if b.ap_points == 1)
    ap = Hit(firearm=True, ammo="armour_piercing")
    armour = Protection(bulletproof=vest)
    assert final_damage(6, 2, 0, 4, ap, armour, DamageRules()) == 3
    example = DamageRules(ap_halved_through_bulletproof=False)
    assert final_damage(6, 2, 0, 4, ap, armour, example) == 5
    option = OPTIONS["ap_vest_as_example"]
    assert option.kind == "reading" and option.default is False
    assert option.source.lines == (4375, 4381)
    assert "ap_vest_as_example" in SYSTEM.check("ranged").params.model_fields


def test_group_roll_tie_both_readings_L2017_L1361_1375() -> None:
    group = SYSTEM.check("group")
    values = {"participants": "2", "method": "additive", "difficulty": 7}
    today = group.distribution(group.parse(values))
    reached = group.distribution(group.parse({**values, "group_number_reached": True}))
    assert today.probability("tie") == Fraction(1, 6) and reached.probability("tie") == 0
    assert reached.probability("success") == today.probability("success") + today.probability("tie")
    option = OPTIONS["group_number_reached"]
    assert option.kind == "reading" and option.default is False
