"""The encounter: initiative (L2722-2736), the attacks one sheet can make on another,
prefilled from both (L2687-3480), and what a landed attack does to the defender's sheet
(L541-698, L3158-3381), as one of the system's operations."""

from __future__ import annotations

import functools
from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Action, Consequence, Resolution, Text, tr
from ecran.rules.data import row_where
from ecran.rules.field import folded
from ecran.rules.ongoing import lost_reaction
from ecran.systems.organique.checks.situation import reach_span, will_of
from ecran.systems.organique.rows import CombatAction, Weapon
from ecran.systems.organique.sheet import CombatSkill, OrganiqueSheet, WeaponItem
from ecran.systems.organique.skills import best_bonus, best_initiative, simultaneous_bonus
from ecran.systems.organique.tables import COMBAT
from ecran.systems.organique.tracks import (
    action_penalty,
    effective,
    reaction_penalty,
    status,
)

#: Actions whose effect is the weapon's damage through the armour (L3266-3381): the vital
#: attacks double and the easy hit halves what passes it (`scale_after_armour`).
DAMAGING = ("strike", "shoot", "easy_hit", "vital_blade", "vital_blunt")
#: Actions whose effect is an operation of `operations.combat` (L3158-3258, L3308-3320).
EFFECTS = {"stun": "stun_effect", "slash": "slash_effect", "knockout": "knockout_effect"}
#: Manoeuvres made with the body alone, so open to every fighter (L3178-3192, L3308-3320).
BODY_ACTIONS = ("sweep", "tackle")
#: L3158-3163: pushing back needs an object dealing at least 2 c.
PUSH_MIN_C = 2.0
#: The tracker's group of these actions.
ATTACKS = tr("Attaques", "Attacks")


def initiative(sheet: OrganiqueSheet, dice: DiceSource) -> Resolution:
    """L2722-2736: PER + INT + 1D20 + skill bonuses (the best combat skill's per-level
    bonus, L1267-1291, plus any other bonus the sheet holds); highest acts first."""
    die = dice.d(20)
    bonus = sheet.initiative_bonus + best_initiative(sheet.combat_skills)
    base = sheet.characteristics.PER + sheet.characteristics.INT + bonus
    return Resolution("rolled", base + die, {"die": die, "base": base})


def bounded(value: int, low: int = -100, high: int = 100) -> int:
    """Keep a prefilled value inside the check's range (modifiers ±100, a pair of
    characteristics −20..80; VOL: `will_of`): beyond, only a natural 1 or 20 could matter."""
    return max(low, min(high, value))


def can_fight(sheet: OrganiqueSheet) -> bool:
    """L331-336, L614-635, L3195-3216: an exhausted, unconscious or out-of-combat character
    neither acts nor reacts: whoever `tracks.status` does not call up."""
    return status(sheet) == "up"


def catalogue_weapon(item: WeaponItem) -> Weapon | None:
    """The chapter's own row for a weapon on a sheet (by id or French/English name), for the
    labels and improvised penalty a sheet's weapon does not carry."""
    return weapon_named(item.name)


@functools.lru_cache(maxsize=1024)
def weapon_named(name: str) -> Weapon | None:
    """The chapter's weapon row by id or French/English name (a frozen row: kept by name)."""
    key = name.casefold()
    return next(
        (w for w in COMBAT.weapon if key in (w.name, w.label.fr.casefold(), w.label.en.casefold())),
        None,
    )


def _weapon_key(name: str) -> str:
    row = weapon_named(name)
    return row.name if row is not None else folded(name)


def wields(skill: CombatSkill, item: WeaponItem | None) -> bool:
    """L1251-1253: many combat skills need a weapon for their bonuses to count; a skill naming
    none counts with any weapon or the bare body."""
    if not skill.weapon.strip():
        return True
    return item is not None and _weapon_key(skill.weapon) == _weapon_key(item.name)


def skills_with(sheet: OrganiqueSheet, item: WeaponItem | None) -> list[CombatSkill]:
    """The sheet's combat skills whose bonuses count with this weapon (None: the body)."""
    return [s for s in sheet.combat_skills if wields(s, item)]


def is_ranged(item: WeaponItem) -> bool:
    """Reach 4+ is projectile range (L2777); a reach written in metres (an increment) is a
    thrown or fired weapon; an empty reach is taken as melee."""
    return _ranged_reach(item.reach)


@functools.lru_cache(maxsize=1024)
def _ranged_reach(reach: str) -> bool:
    if not reach.strip():
        return False
    try:
        low, _ = reach_span(reach)
    except ValueError:
        return True
    return low >= 4


def weapon_actions(item: WeaponItem) -> list[str]:
    """The combat actions a weapon allows, from the weapons line of each action (L2966-3381)."""
    if item.bs <= 0 and item.c <= 0:
        return []
    if is_ranged(item):
        # L3323-3331: the vital attack takes "any weapon dealing bs", a thrown or fired one too.
        return ["shoot", "vital_blade"] if item.bs > 0 else ["shoot"]
    found = ["strike", "easy_hit"]
    if item.bs > 0:
        found += ["vital_blade", "slash"]
    if item.c > 0:
        found += ["vital_blunt", "knockout"]
    if item.c >= PUSH_MIN_C:
        found.append("push")
    found.append("stun")
    return found


def attacks(attacker: OrganiqueSheet, defender: OrganiqueSheet) -> list[Action]:
    """Per weapon: strike, easy hit, vital attacks, slash, knock-out, push and stun (or shoot
    for a ranged weapon); with the body: sweep and tackle (L2966-3381)."""
    if not can_fight(attacker):
        return []
    # what every action reads of both sheets, read once: `attack_params` for each action
    read = _Read(attacker, defender)
    return [_attack(read, action, item) for action, item in _offered(attacker)]


def chosen_attack(attacker: OrganiqueSheet, defender: OrganiqueSheet, choice: int) -> Action | None:
    """`attacks(attacker, defender)[choice]` (the last past the list), built alone: the
    encounter simulator asks one per new pair of states, and building every action's
    parameters to keep one was half of a cold fight's time (#32)."""
    if not can_fight(attacker):
        return None
    offered = _offered(attacker)
    action, item = offered[min(choice, len(offered) - 1)]
    return _attack(_Read(attacker, defender), action, item)


def _offered(attacker: OrganiqueSheet) -> list[tuple[str, WeaponItem | None]]:
    """Each attack `attacks` offers, in its order: (action, weapon or None for the body)."""
    found: list[tuple[str, WeaponItem | None]] = [
        (action, item) for item in attacker.weapons for action in weapon_actions(item)
    ]
    return found + [(action, None) for action in BODY_ACTIONS]


def _attack(read: _Read, action: str, item: WeaponItem | None) -> Action:
    return Action(_label(action, item), "attack", read.params(action, item), ATTACKS)


class _Read:
    """Both sheets as `attack_params` reads them, each part read once for all the actions."""

    def __init__(self, attacker: OrganiqueSheet, defender: OrganiqueSheet) -> None:
        self.attacker, self.defender = attacker, defender
        self.stats = effective(attacker)
        self.penalty = action_penalty(attacker)
        self.prone = "prone" in defender.conditions
        self.defences: dict[bool, dict[str, Any]] = {}

    def params(self, action: str, item: WeaponItem | None = None) -> dict[str, Any]:
        stats = self.stats
        pair = sum(stats[s] for s in _action(action).stats)
        values: dict[str, Any] = {
            "action": action,
            "characteristics": bounded(pair, -20, 80),
            "modifier": bounded(
                self.penalty + best_bonus(skills_with(self.attacker, item), action)
            ),
            "will": will_of(stats),
            "target_prone": self.prone,
            **simultaneous_bonus(skills_with(self.attacker, item)),
        }
        if item is not None:
            values.update(_weapon_values(item, action))
        ranged = action == "shoot" or (item is not None and is_ranged(item))
        if ranged not in self.defences:
            self.defences[ranged] = defence(self.defender, ranged=ranged)
        values.update(self.defences[ranged])
        return values


def _label(action: str, item: WeaponItem | None) -> Text:
    return _labelled(action, None if item is None else item.name)


@functools.lru_cache(maxsize=1024)
def _labelled(action: str, weapon: str | None) -> Text:
    """An action's label, with the weapon's name (kept: the same words for every pair)."""
    name = _action(action).label
    if weapon is None:
        return name
    return Text(fr=f"{name.fr} ({weapon})", en=f"{name.en} ({weapon})")


@functools.lru_cache(maxsize=256)
def _action(name: str) -> CombatAction:
    """The combat action of that name (`row_where`), kept by name (a frozen row)."""
    return row_where(COMBAT.action, name=name)


def attack_params(
    attacker: OrganiqueSheet,
    defender: OrganiqueSheet,
    action: str,
    item: WeaponItem | None = None,
) -> dict[str, Any]:
    """The `attack` check's parameters from both sheets: the attacker's two characteristics
    as they stand, the best combat skill bonus for the action (L1286-1291), current penalties
    (suffering, conditions, effects), the weapon's label, improvised penalty and damage; the
    defender's reaction, armour coverage and penalties. Range, size and situation stay at
    their defaults for the GM to set."""
    return _Read(attacker, defender).params(action, item)


def _weapon_values(item: WeaponItem, action: str) -> dict[str, Any]:
    row = catalogue_weapon(item)
    values: dict[str, Any] = {"weapon_bs": item.bs, "weapon_c": item.c, "weapon_ap": item.ap}
    if row is not None:
        values["weapon_label"] = row.labels.get(action, "normal")
        if row.improvised:
            values["improvised"] = row.improvised
    return values


def defence(defender: OrganiqueSheet, ranged: bool) -> dict[str, Any]:
    """The defender's best reaction (L3385-3480): dodge, or a parry when it is stronger and
    the attack is not a projectile; none when the defender cannot react. The GM may pick
    another (hit the deck, leap...) in the form."""
    coverage = max((a.coverage for a in defender.armour), default=0)
    if not can_fight(defender) or lost_reaction(defender):  # stunned: L3235-3236
        return {"reaction": "none", "coverage": coverage}
    stats = effective(defender)
    skills = [
        s
        for s in defender.combat_skills
        if not s.weapon.strip() or any(wields(s, w) for w in defender.weapons)
    ]
    options = ("dodge",) if ranged else ("dodge", "parry")
    scored = []
    for name in options:
        reaction = row_where(COMBAT.reaction, name=name)
        pair = sum(stats[s] for s in reaction.stats)
        bonus = reaction_penalty(defender) + best_bonus(skills, name)
        scored.append((pair + bonus - reaction.difficulty, name, pair, bonus))
    # Highest chance first; a tie keeps the dodge, listed first (max keeps the first).
    _, name, pair, bonus = max(scored, key=lambda s: s[0])
    return {
        "reaction": name,
        "defender_characteristics": bounded(pair, -20, 80),
        "defender_modifier": bounded(bonus),
        "coverage": coverage,
    }


def damage(
    check: str,
    params: dict[str, Any],
    result: Resolution,
    defender: OrganiqueSheet,
) -> tuple[str, dict[str, Any]] | None:
    """The operation a landed attack applies to the defender: damage through the defender's
    armour (`take_hit`, L541-698), or the landed action's own effect (stun, slash, knock-out,
    tackle, push, sweep: L3158-3320). None for a miss, a defended attack, or an action whose
    effect is not a change of the defender's sheet. A vehicle's ramp or slide that hits deals
    the collision's damage the GM gave."""
    if check == "vehicle_attack" and result.outcome == "hit":
        # L1447-1457, L567-568: the collision's damage (the GM's) through the armour.
        collision = {
            "weapon_bs": params.get("collision_bs", 0),
            "weapon_c": params.get("collision_c", 0),
            "action": "strike",
        }
        return _hit(collision, int(result.details["margin"]))
    if check != "attack" or result.outcome not in ("armour", "hit"):
        return None
    action = str(params["action"])
    margin = int(result.details["margin"])
    if action in DAMAGING:
        return _hit(params, margin)
    if action == "sweep":
        # L3186-3190: the victim falls with no balance save.
        return "condition", {"condition": "prone", "present": True}
    if action in ("tackle", "push"):
        return "knock_down_effect", {"action": action, "attacker_margin": margin}
    if action in EFFECTS:
        return EFFECTS[action], {"attacker_margin": margin}
    return None


def _hit(params: dict[str, Any], margin: int) -> tuple[str, dict[str, Any]] | None:
    bs, c = float(params.get("weapon_bs", 0)), float(params.get("weapon_c", 0))
    if bs <= 0 and c <= 0:
        return None
    return "take_hit", {
        "bs": bs,
        "c": c,
        "armour_piercing": int(params.get("weapon_ap", 0)),
        "attack_margin": margin,
        "action": str(params["action"]),
    }


def consequences(
    check: str,
    params: dict[str, Any],
    result: Resolution,
    attacker: OrganiqueSheet,
    defender: OrganiqueSheet,
) -> list[Consequence]:
    """Everything a result does, in order: the defender's effect (`damage`), then what the
    attack does to its author. A landed tackle brings both down (L3308-3311: "l'attaquant et le
    défenseur finissent à terre"): the defender by the balance test, the attacker with none."""
    found = []
    hurt = damage(check, params, result, defender)
    if hurt is not None:
        found.append(Consequence("defender", *hurt))
    if hurt is not None and params.get("action") == "tackle":
        found.append(Consequence("attacker", "condition", {"condition": "prone", "present": True}))
    return found


#: The outcomes whose consequences read the margin (`damage`: a blow that lands, through the
#: armour or not, L541-698, L3158-3320).
LANDED = ("armour", "hit")


def consequence_reads(check: str, result: Resolution) -> tuple[str, Any]:
    """What `consequences` read of a result (`System.consequence_reads`): the outcome, and the
    margin of a blow that lands (the damage and the effects' tests take it); a miss or a
    defended attack does nothing whatever its margin."""
    if result.outcome not in LANDED:
        return result.outcome, None
    return result.outcome, result.details.get("margin")


def consequence_sheets(attacker: OrganiqueSheet, defender: OrganiqueSheet) -> tuple[()]:
    """What `consequences` read of the sheets (`System.consequence_sheets`): nothing. They
    read the check, its parameters (the weapon, the action) and the result; the operations
    they name read the sheets (L541-698, L3158-3381)."""
    return ()


def round_end(sheet: OrganiqueSheet) -> list[Consequence]:
    """What the end of a fight's round does to a participant (`System.round_end`): its
    `end_of_round`, the one path of the operation (exertion for a fighter still standing,
    L312-317, none once out of combat, L614-626; the mortal wound's END point, L630-633; a
    symptom's round, L863, L895-896; and the first-aid clock of one out of combat, L637-640:
    INC + END rounds, then death). The encounter simulator runs it on every participant at each
    round's end, and on the fallen after the fight, so one left dying with no first aid dies."""
    if sheet.dead:
        return []
    return [Consequence("defender", "end_of_round", {"exertion": can_fight(sheet)})]


def round_changes(sheet: OrganiqueSheet) -> list[Consequence]:
    """What the tracker and a sheet file's round end apply (`System.round_changes`): the
    game's `round_end`, Organique having no test each round. « chaque tour dans lequel le
    personnage effectue une action physiquement très éprouvante, cela inclue les combats »
    costs a point of the END reserve (L309-317); « Une fois à 0 SNG, le personnage perd un
    point d'endurance par tour » (L630-633); « Après être tombé hors de combat (INC ou END =
    0), le personnage dispose d'INC + END tours pour recevoir les premiers soins avant de
    mourir » (L637-640)."""
    return round_end(sheet)
