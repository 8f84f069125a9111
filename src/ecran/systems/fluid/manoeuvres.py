"""Combat manoeuvres as pure functions (L985-1121, L1201-1227, L1281-1305, L1337-1341): what
each gives or costs, for an encounter tracker to feed into `attack`."""

from __future__ import annotations

from ecran.rules import EcranError, tr
from ecran.systems.fluid.tables import EQUIPMENT

#: The ranged bands by id, in the seed's order: 0 to 5 disadvantages (L1307-1323); melee none.
RANGE_BANDS = ("point_blank", "short", "medium", "long", "very_long", "in_sight")


def double_move_dis() -> int:
    """Moving twice the INI gives 1 disadvantage on the next action (L991-993)."""
    return 1


def range_dis(band: str) -> int:
    """Shooting at a range band: its disadvantages (L1311-1323); melee: none."""
    if band == "melee":
        return 0
    return EQUIPMENT.range_band[RANGE_BANDS.index(band)].dis


def position_adv() -> int:
    """From behind, from higher ground, against a foe on the ground: 1 advantage (L1023-1025)."""
    return 1


def gang_up_adv(attackers: int) -> int:
    """Several against one: each gets as many advantages as it has allies (L1039-1043)."""
    return max(0, attackers - 1)


def charge_adv() -> int:
    """A charge gives 1 advantage on the next combat action (L1083-1085)."""
    return 1


def aim_dis(precise: bool) -> int:
    """Aiming: 1 disadvantage for a general zone, 2 for a precise one (L1089-1095)."""
    return 2 if precise else 1


def two_weapons_dis() -> int:
    """Fighting with two weapons: 1 disadvantage per weapon (L1059-1063)."""
    return 2


def multi_action_dis(nth: int, same_as_previous: bool, initiated: bool = True) -> int:
    """The n-th action of a round (n ≥ 1): 0, 1, 2… disadvantages, +1 if it repeats the previous
    action or Trait. A combatant who did not start the extra action only pays the +1 for a
    repeat (L1201-1227)."""
    base = max(0, nth - 1) if initiated else 0
    return base + (1 if same_as_previous and nth > 1 else 0)


def split_score(total: int, parts: int) -> list[int]:
    """Sweeping or multiple shots: characteristic + Traits divided among the foes (L1115-1121,
    L1337-1341). The seed splits equally (9 → 3, 3, 3); a remainder goes to the first foes."""
    if parts < 1:
        raise EcranError(tr("au moins un adversaire", "at least one foe"))
    share, extra = divmod(total, parts)
    return [share + (1 if i < extra else 0) for i in range(parts)]


def full_defence_bonus(kind: str, weapon: int, shield: int, agility: int) -> int:
    """Parry: + weapon or shield; dodge: + half AGI, rounded down (L1281-1289, reading A12)."""
    return max(weapon, shield) if kind == "parry" else agility // 2


def can_break_off(my_ini: int, foes_ini: list[int]) -> bool:
    """The highest INI breaks off at will; the others need an AGI test (L1299-1305)."""
    return all(my_ini > ini for ini in foes_ini)


def one_against_many_damage(margins: list[int]) -> int:
    """Beating several foes at once: damage from the lowest margin, shared out freely
    (L1031-1037)."""
    return min(margins) if margins else 0
