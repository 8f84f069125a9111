"""Play state as pure functions: hit points and their thresholds, penalties, recovery, healing,
the experience pool and the psychic pool. Operations (operations/) call these; so do the sheet's
actions, which is how wounds reach every roll and its odds.

The penalty dice a sheet brings to its own rolls, and the dice its traits give in a fight, are
here too: wounds weigh on every action; heavy armour, extra layers and a badly healed serious
wound weigh on agility actions, attack and defence rolls included. Both the sheet's actions and
the encounter's attacks read them here, so a roll from the sheet and one from the tracker agree."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import ceil

from ecran.rules import SheetRow, tr
from ecran.rules.system import Status
from ecran.systems.warp.rows import HealthState
from ecran.systems.warp.sheet import WarpSheet, current_hp
from ecran.systems.warp.tables import ARMOUR, CORE, HEALTH, by_key, choice_words


def multiple_actions(extra: int, replaces: bool = True) -> tuple[int, int]:
    """(penalty dice, dice fewer) on every action of a round with `extra` extra actions
    (L1937-1958): 1 -> a penalty die; n >= 2 -> n-1 dice fewer (reading §9.9: replaces it)."""
    if extra <= 0:
        return 0, 0
    if extra == 1:
        return 1, 0
    return (0 if replaces else 1), extra - 1


def wound_penalty(hp: int, max_points: int) -> int:
    """One penalty die on all actions while HP <= half the maximum (L3253-3261)."""
    return 1 if 2 * hp <= max_points else 0


def is_out(hp: int) -> bool:
    return hp <= 0  # L41-45, L3273-3361


def is_dying(hp: int, max_points: int) -> bool:
    return hp <= -max_points  # L3363-3376


def hp_state(max_points: int, damage: int, temporary: int, temporary_counts: bool = True) -> str:
    """A character's state (L3253-3376): dead or dying at -max HP, out of combat at 0, a penalty
    die at half. Temporary (taser) damage counts toward the penalty die and out of combat
    (reading §9.29) but never toward death: tasers do no permanent physical damage
    (L2900-2914) and all of it comes back (L2405-2408)."""
    hp = current_hp(max_points, damage, temporary, temporary_counts)
    if is_dying(max_points - damage, max_points):
        return "dead"
    if is_out(hp):
        return "out"
    if wound_penalty(hp, max_points):
        return "badly_wounded"
    return "wounded" if hp < max_points else "unhurt"


@cache
def health(key: str) -> HealthState:
    """The words and effect of a state (data/health.toml); a row of the table, looked up once
    (every blow a fight rolls reads the states before and after)."""
    return by_key(HEALTH.state, key, tr("état", "state"))


def recovered_hp(hp: int, base: int, share: Fraction | None = None) -> int:
    """Short-term recovery (L3462-3591): regain `share` (1/2) of the HP lost since `base`, the
    level after the last recovery (max HP if the fight began unwounded), rounded up."""
    share = HEALTH.recovery.share if share is None else share
    if hp >= base:
        return hp
    return hp + ceil((base - hp) * share)


def daily_healing(activity: str, state: str) -> Fraction | None:
    """HP regained per day (L3593-3661); None when the table gives a loss set by the GM."""
    for row in HEALTH.healing:
        if row.activity == activity:
            rate = {
                "ambulatory": row.ambulatory,
                "bedridden": row.bedridden,
                "critical": row.critical,
            }[state]
            if rate in ("loss", "none"):
                return None
            return Fraction(rate)
    raise KeyError(activity)


def health_state(hp: int, critical: bool = False) -> str:
    """ambulatory (HP >= 1), bedridden (HP <= 0), or critical (GM's call)."""
    if critical:
        return "critical"
    return "ambulatory" if hp >= 1 else "bedridden"


def recharge_hours(pool: int) -> Fraction:
    """A psychic pool refills evenly over 24 h: one charge every 24/pool hours (L5202-5206)."""
    return Fraction(CORE.psychic_pool.recharge_hours, pool)


# -- a sheet's penalty and fighting dice ---------------------------------------------------


def state(sheet: WarpSheet) -> HealthState:
    """The sheet's state from its hit points, temporary damage included (see `hp_state`)."""
    key = hp_state(sheet.max_hp, sheet.damage, sheet.temporary_damage, sheet.taser_damage_counts)
    return health(key)


def wounds(sheet: WarpSheet) -> int:
    """One penalty die on all actions while HP <= half the maximum (L3253-3261)."""
    return wound_penalty(sheet.hp(), sheet.max_hp)


#: Each armour's penalty die by key, read once: a fight reads every sheet's armour for every
#: attack.
_NORMAL_HEAVY = {a.key: a.penalty_die for a in ARMOUR.normal}
_BULLETPROOF_HEAVY = {a.key: a.penalty_die for a in ARMOUR.bulletproof}


def armour_penalty(sheet: WarpSheet) -> int:
    """Heavy armour: a penalty die on agility actions; each extra layer one more (L3049-3075).
    Each kind of normal armour worn counts once, with the bulletproof armour if any."""
    worn = [_NORMAL_HEAVY[k] for k in set(sheet.armour) if k in _NORMAL_HEAVY]
    if sheet.bulletproof in _BULLETPROOF_HEAVY:
        worn.append(_BULLETPROOF_HEAVY[sheet.bulletproof])
    return sum(worn) + max(0, len(worn) - 1)


def lame(sheet: WarpSheet) -> int:
    """A serious wound that heals badly leaves a permanent penalty die on agility actions
    (L3957-3969); several such wounds are read as one handicap each."""
    return sum(1 for w in sheet.serious_wounds if w.kind == "heals_badly")


def fighting(sheet: WarpSheet) -> int:
    """Penalty dice on the sheet's attack and defence rolls: heavy armour slows "every action
    that needs agility (attack and defence rolls included)" (L3049-3055), on top of wounds."""
    return wounds(sheet) + armour_penalty(sheet) + lame(sheet)


def _best(scores: list[int]) -> int:
    return max(scores, default=CORE.default_dice.no_trait)


def fighting_dice(sheet: WarpSheet) -> int:
    """Attack with "a combat, strength, agility or similar trait", defend with "a combat,
    agility or similar trait" (L2294-2310): the best combat or agility trait, else the average
    person's 2 dice (L1399-1405). A non-combat trait serves attack or defence in a round, not
    both (L2618-2662): the table keeps track of that choice."""
    traits = sheet.positive_traits()
    return _best([t.score for t in traits if (t.combat or t.agility) and t.score > 0])


def dodge_dice(sheet: WarpSheet) -> int:
    """Bonus dice of a dodging target: its agility or quick-reflexes dice, 2 by default
    (L2714-2727)."""
    scores = [t.score for t in sheet.positive_traits() if t.agility and t.score > 0]
    return max(scores, default=CORE.default_dice.dodge)


def initiative_dice(sheet: WarpSheet) -> int:
    """Traits such as "agile", "good reflexes", "martial artist" count for initiative; 2 dice
    without such a trait (L2520-2528)."""
    return fighting_dice(sheet)


# -- what the encounter tracker shows ---------------------------------------------------------

SERIOUS_KINDS = choice_words("serious_kind")


def health_rows(sheet: WarpSheet) -> list[SheetRow]:
    """Hit points, temporary damage, the state and what it does, serious wounds (L3253-4009).
    Every word in the reader's language (the notes a GM typed stay as typed)."""
    now = state(sheet)
    return [
        SheetRow(
            tr("Points de vie", "Hit points"), f"{sheet.hp()} / {sheet.max_hp}", sheet.hp_name
        ),
        SheetRow(tr("Dégâts temporaires", "Temporary damage"), str(sheet.temporary_damage)),
        SheetRow(tr("État", "State"), now.label, now.effect),
        *(
            SheetRow(tr("Blessure grave", "Serious wound"), SERIOUS_KINDS[w.kind], w.note)
            for w in sheet.serious_wounds
        ),
    ]


def tracks(sheet: WarpSheet) -> list[SheetRow]:
    """What a fight changes, beside each participant: the health rows, the experience dice left
    this session (L1008-1036) and, with a psychic pool, the charges left (L5105-5206)."""
    rows = health_rows(sheet)
    left = sheet.experience_pool - sheet.experience_used
    rows.append(
        SheetRow(tr("Dés d'expérience", "Experience dice"), f"{left} / {sheet.experience_pool}")
    )
    if sheet.psychic_pool:
        rows.append(
            SheetRow(
                tr("Charges psychiques", "Psychic charges"),
                f"{sheet.psychic_charges} / {sheet.psychic_pool}",
            )
        )
    return rows


def status(sheet: WarpSheet) -> Status:
    """Dead or dying at -max hit points or below (L3363-3376), out of action at 0 or below
    (L3273-3361), else fighting."""
    hp = sheet.hp()
    if is_dying(hp, sheet.max_hp):
        return "dead"
    return "out" if is_out(hp) else "up"


# -- what a fight reads (System.fight_state) --------------------------------------------------


def fight_state(sheet: WarpSheet) -> tuple[object, ...]:
    """What a fight reads of the sheet (`System.fight_state`): the hit points as damage and
    temporary damage apart (temporary damage counts toward the penalty die and out of combat,
    never toward death, L2405-2408, L3253-3376, reading §9.29) with the maximum; the dice the
    traits give in a fight (the best combat or agility trait attacks, defends and rolls
    initiative, agility dodges, L2294-2310, L2520-2528, L2714-2727); the weapons in order (one
    attack each), the armour (its dice and penalty dice, L3026-3114, L3049-3075); badly healed
    serious wounds (a penalty die each, L3957-3969) and the serious-wound rule that adds them;
    whether the sheet is an NPC's (never a predictable attack). A trait's name, sign and
    description, the pools, the spells and the recovery base (read only by recovery after the
    fight, L3505-3515) are read by no attack, check or fight operation."""
    return (
        sheet.kind == "npc",
        sheet.max_hp,
        sheet.damage,
        sheet.temporary_damage,
        sheet.taser_damage_counts,
        sheet.serious_wounds_rule,
        lame(sheet),
        fighting_dice(sheet),
        dodge_dice(sheet),
        tuple(sheet.weapons),
        tuple(sheet.armour),
        sheet.bulletproof,
    )
