"""An encounter in Fluid: the attacks one sheet can make on another, prefilled from both sheets
for an encounter tracker (L995-1049, L1059-1081, L1281-1289, L1343-1379, L1671-1677).

Each attack is one `attack` check (or a `verbal_joust`, or a mage's `vampirism`) whose two
sides come from the sheets:
the characteristic the action calls for less the points spent from it, the best single Trait
that fits the way of fighting (a single Trait costs no RES, L642-648; adding more is the
player's call and costs RES), the minion's flat level (L1637-1643), the disadvantages of
negative Traits and wounds (L1437-1439), the gear of both sides and the defender's RES and
wounds.

What a result does then (L1343-1353, L1425-1529, L1645-1649, L1671-1677): the operation an
encounter tracker applies to the defender's sheet (`damage`) and, since both sides strike at
once, to the attacker's (`counter_damage`). The attack check has already rolled the exchange
and worked out the damage, so the damage is passed on as a number, never rolled again; the
survival test a critical wound calls for is rolled die by die, as at the table (the encounter
simulator reads its exact law instead: `take_hit`'s `Operation.law`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Action, Consequence, Resolution, Text, tr
from ecran.rules.memo import KeptBy, per_object
from ecran.rules.ongoing import lost_reaction
from ecran.systems.fluid import manoeuvres, tracks
from ecran.systems.fluid.checks.base import MAX_PENALTY
from ecran.systems.fluid.options import OPTIONS
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import EQUIPMENT, HEALTH

TRAITS = EQUIPMENT.combat_traits
MAX_DICE = 10  # the checks' bound on advantage/disadvantage dice; the rest is taken as points
MAX_POINTS = 60  # the checks' bound on flat bonus points; penalties go down to -MAX_PENALTY
#: The operation's bound on damage: a longer explosion chain destroys the limb all the same.
MAX_DAMAGE = 200
HITS = ("hit", "down", "critical")
JOUST_HITS = ("scores", "wins")
JOUST_LOSSES = ("shaken", "convinced")


@dataclass(frozen=True)
class Mode:
    """One way to strike: the characteristic it uses, its damage score, the Trait names that
    fit it, the disadvantages it costs and its label."""

    key: str
    code: str
    weapon: int
    traits: tuple[str, ...]
    label: Text
    disadvantages: int = 0


@lru_cache(maxsize=4096)
def _plain(name: str) -> str:
    """A name folded for comparison: no case, no accents, single spaces (cached: every new pair
    of sheets asks it for every Trait)."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


def _fits(trait: str, names: Iterable[str]) -> bool:
    """A Trait fits a weapon named like it: 'Épée' fits 'Épée longue' and the reverse."""
    return _fits_all(trait, tuple(names))


@lru_cache(maxsize=4096)
def _fits_all(trait: str, names: tuple[str, ...]) -> bool:
    t = _plain(trait)
    for name in names:
        n = _plain(name)
        if n and (t == n or n.startswith(t + " ") or t.startswith(n + " ")):
            return True
    return False


def best_trait(sheet: FluidSheet, names: Iterable[str]) -> tuple[str, int] | None:
    """The sheet's highest positive Trait fitting one of `names`."""
    wanted = tuple(names)
    fitting = [t for t in sheet.traits if t.kind == "positive" and _fits_all(t.name, wanted)]
    if not fitting:
        return None
    top = max(fitting, key=lambda t: t.value)
    return top.name, top.value


def weapon_names(name: str, score: int) -> tuple[str, ...]:
    """The sheet's name for the weapon, else the weapons the seed lists at its score
    (L1357-1363)."""
    if name.strip():
        return (name,)
    return tuple(n for g in EQUIPMENT.weapon if g.score == score for n in g.names)


def modes(sheet: FluidSheet) -> list[Mode]:
    """The sheet's ways to strike (worked out once per sheet: `_modes`); read, never changed."""
    return _modes_of(sheet)


def _modes(sheet: FluidSheet) -> list[Mode]:
    gear = sheet.equipment
    main = weapon_names(gear.weapon_name, gear.weapon)
    found: list[Mode] = []
    if gear.weapon:
        shown = gear.weapon_name or f"{gear.weapon}"
        found.append(
            Mode("weapon", "AGI", gear.weapon, main, tr(f"Arme {shown}", f"Weapon {shown}"))
        )
        # Gyr swings his axe with FOR (L1127-1131): the action described picks the characteristic.
        found.append(
            Mode("weapon_for", "FOR", gear.weapon, main, tr(f"Arme {shown}", f"Weapon {shown}"))
        )
    if gear.second_weapon:
        second = weapon_names("", gear.second_weapon)
        label = tr(f"Seconde arme {gear.second_weapon}", f"Second weapon {gear.second_weapon}")
        found.append(Mode("second_weapon", "AGI", gear.second_weapon, second, label))
        if gear.weapon:
            # Both at once: 1 disadvantage per weapon, damage scores added (L1059-1081).
            found.append(
                Mode(
                    "two_weapons",
                    "AGI",
                    gear.weapon + gear.second_weapon,
                    (*main, *second, *TRAITS.two_weapons),
                    tr("Deux armes à la fois", "Both weapons at once"),
                    manoeuvres.two_weapons_dis(),
                )
            )
    if gear.shield:
        # A shield strikes too, with its score (L1375-1379).
        label = tr(f"Coup de bouclier {gear.shield}", f"Shield bash {gear.shield}")
        found.append(Mode("shield", "AGI", gear.shield, tuple(TRAITS.shield), label))
    # A botte is a Trait naming a custom manoeuvre; on a success only its effect (L1177-1199).
    for trait in sheet.traits:
        if trait.origin == "botte" and trait.kind == "positive":
            label = tr(f"Botte : {trait.name}", f"Secret strike: {trait.name}")
            found.append(Mode("botte", "AGI", gear.weapon, (trait.name,), label))
    # A punch uses FOR (Ripois, L1253-1255).
    bare = tr("Mains nues", "Bare hands")
    found.append(Mode("bare_hands", "FOR", 0, tuple(TRAITS.bare_hands), bare))
    return found


#: `_modes` by the identity of the sheet: the encounter simulator asks a state's attacks
#: against every state of its opponents (sheets are values: none is changed in place).
_modes_of = per_object(_modes)


def _net(sheet: FluidSheet, code: str, bonus: int) -> int:
    """Signed advantages of a roll: Trait and manoeuvres, minion level, hindering Traits."""
    return bonus + sheet.minion_level - tracks.hindrance(sheet, code)


def side(sheet: FluidSheet, code: str, net: int, prefix: str = "") -> dict[str, Any]:
    """A signed count as dice up to the checks' bound, the rest as points (L412-424)."""
    dice = max(-MAX_DICE, min(MAX_DICE, net))
    return {
        f"{prefix}characteristic": tracks.effective(sheet, code),
        f"{prefix}advantage_dice": max(dice, 0),
        f"{prefix}disadvantage_dice": max(-dice, 0),
        f"{prefix}modifier": max(-MAX_PENALTY, min(MAX_POINTS, net - dice)),
    }


def helpless(sheet: FluidSheet) -> bool:
    """Tied up or unconscious: no roll, only armour counts (L1045-1049)."""
    c = sheet.condition
    return c.dead or c.coma_days > 0 or c.unconscious_hours > 0


def _defence(defender: FluidSheet, stance: str) -> dict[str, Any]:
    """`_defence_of`, worked out once per sheet and stance (`_DEFENCES`): the encounter
    simulator asks a state's defence against every state of its opponents. Read, never
    changed (`attack_params` copies it)."""
    return _DEFENCES.get((defender,), stance, lambda: _defence_of(defender, stance))


def _defence_of(defender: FluidSheet, stance: str) -> dict[str, Any]:
    """The defender's side: AGI (the examples defend with AGI, L1137-1157) and the Trait of its
    stance: its weapon's when it strikes back or parries (its shield's when that is the
    bigger), Esquive when it dodges (L1147-1149)."""
    gear = defender.equipment
    names: tuple[str, ...] = ()
    if stance in ("counter", "parry"):
        names = weapon_names(gear.weapon_name, gear.weapon)
        if stance == "parry" and gear.shield > gear.weapon:
            names = tuple(TRAITS.shield)
    elif stance == "dodge":
        names = tuple(TRAITS.dodge)
    trait = best_trait(defender, names) if names else None
    net = _net(defender, "AGI", trait[1] if trait else 0)
    return {
        **side(defender, "AGI", net, "opponent_"),
        "opponent_weapon": gear.weapon,
        "opponent_armour": gear.armour,
        "opponent_shield": gear.shield,
        "opponent_res": tracks.current(defender, "RES"),
        "opponent_res_max": max(1, tracks.attribute(defender, "RES")),
        "opponent_wounds": min(200, tracks.wound_total(defender)),
        "stance": stance,
    }


_DEFENCES: KeptBy[dict[str, Any]] = KeptBy()


def _attacker_side(
    attacker: FluidSheet, mode: Mode
) -> tuple[dict[str, Any], tuple[str, int] | None]:
    """The attacker's part of `attack_params` for a mode, and the Trait used: worked out once
    per sheet and mode (`_ATTACKERS`), read, never changed."""

    def made() -> tuple[dict[str, Any], tuple[str, int] | None]:
        trait = best_trait(attacker, mode.traits) if mode.traits else None
        net = _net(attacker, mode.code, (trait[1] if trait else 0) - mode.disadvantages)
        gear = attacker.equipment
        found = {
            **side(attacker, mode.code, net),
            "weapon": mode.weapon,
            "armour": gear.armour,
            "shield": gear.shield,
            "agility": attacker.characteristics.agilite,  # the feint's cap (L1173-1175)
        }
        return found, trait

    return _ATTACKERS.get((attacker,), mode, made)


_ATTACKERS: KeptBy[tuple[dict[str, Any], tuple[str, int] | None]] = KeptBy()


def attack_params(
    attacker: FluidSheet,
    defender: FluidSheet,
    mode: Mode,
    stance: str,
    defence: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], tuple[str, int] | None]:
    """The `attack` check's parameters for this mode against this stance, and the Trait used;
    `defence`, the defender's side in this stance when already worked out (`_defence`)."""
    mine, trait = _attacker_side(attacker, mode)
    params = {**mine, **(_defence(defender, stance) if defence is None else defence)}
    if mode.key == "botte":
        params["secret_strike"] = True
    return params, trait


STANCES = {
    "counter": tr("l'adversaire riposte", "the opponent strikes back"),
    "parry": tr("l'adversaire pare (défense renforcée)", "the opponent parries (full defence)"),
    "dodge": tr("l'adversaire esquive (défense renforcée)", "the opponent dodges (full defence)"),
    "defenceless": tr("adversaire sans défense", "defenceless opponent"),
}


def _label(mode: Mode, trait: tuple[str, int] | None, stance: str) -> Text:
    used = f" + {trait[0]} {trait[1]}" if trait else ""
    what = STANCES[stance]
    return tr(
        f"{mode.label.fr} ({mode.code}){used} : {what.fr}",
        f"{mode.label.en} ({mode.code}){used}: {what.en}",
    )


FIGHT = tr("Attaques", "Attacks")
FULL = tr("Contre une défense renforcée", "Against a full defence")


def _stances(defender: FluidSheet) -> tuple[str, tuple[str, ...]]:
    """The defender's stance against every mode, and the full defences it may declare instead
    of striking back (L1045-1049, L1281-1289). One whose reaction a condition took
    (`rules.ongoing.lost_reaction`) defends no more than a helpless one."""
    if helpless(defender) or lost_reaction(defender):
        return "defenceless", ()
    return "counter", ("parry", "dodge")


def _mode_attack(
    attacker: FluidSheet,
    defender: FluidSheet,
    mode: Mode,
    stance: str,
    defence: dict[str, Any] | None = None,
    group: Text = FIGHT,
) -> Action:
    params, trait = attack_params(attacker, defender, mode, stance, defence)
    return Action(_label(mode, trait, stance), "attack", params, group)


def attacks(attacker: FluidSheet, defender: FluidSheet) -> list[Action]:
    all_modes = modes(attacker)
    stance, full = _stances(defender)
    defence = _defence(defender, stance)  # the same side against every mode
    found = [_mode_attack(attacker, defender, mode, stance, defence) for mode in all_modes]
    # The defender declares a full defence instead of striking back (L1281-1289).
    found += [_mode_attack(attacker, defender, all_modes[0], s, None, FULL) for s in full]
    found.append(_joust(attacker, defender))
    if attacker.characteristics.magie is not None:
        found.append(_drain(attacker, defender))
    return found


def chosen_attack(attacker: FluidSheet, defender: FluidSheet, choice: int) -> Action:
    """`attacks(attacker, defender)[choice]` (the last past the list), built alone: the
    encounter simulator asks one per new pair of states, and every blow leaves a new sheet
    (#32)."""
    all_modes = modes(attacker)
    stance, full = _stances(defender)
    count = len(all_modes) + len(full) + 1 + (attacker.characteristics.magie is not None)
    at = min(choice, count - 1)
    if at < len(all_modes):
        return _mode_attack(attacker, defender, all_modes[at], stance)
    at -= len(all_modes)
    if at < len(full):
        return _mode_attack(attacker, defender, all_modes[0], full[at], None, FULL)
    return _joust(attacker, defender) if at == len(full) else _drain(attacker, defender)


def _drain(attacker: FluidSheet, defender: FluidSheet) -> Action:
    """A mage steals RES: opposed VOL tests, the margin is the RES stolen (L1892-1898)."""
    params = {
        **side(attacker, "VOL", _net(attacker, "VOL", 0)),
        **side(defender, "VOL", _net(defender, "VOL", 0), "opponent_"),
        "victim_res": tracks.current(defender, "RES"),
    }
    label = tr("Vampiriser (VOL)", "Drain RES (VOL)")
    return Action(label, "vampirism", params, tr("Magie", "Magic"))


def _joust(attacker: FluidSheet, defender: FluidSheet) -> Action:
    """A verbal joust follows the combat rules and hits AUR (L1671-1677); CHA on both sides
    unless the GM picks another characteristic."""
    params = {
        **side(attacker, "CHA", _net(attacker, "CHA", 0)),
        **side(defender, "CHA", _net(defender, "CHA", 0), "opponent_"),
        "aura": tracks.current(attacker, "AUR"),
        "opponent_aura": tracks.current(defender, "AUR"),
    }
    return Action(
        tr("Joute verbale (CHA)", "Verbal joust (CHA)"),
        "verbal_joust",
        params,
        tr("Joute verbale", "Verbal joust"),
    )


def initiative(sheet: FluidSheet, dice: DiceSource) -> Resolution:
    """No dice: combatants out of contact act by INI less their gear (L975-983)."""
    details = {"ini": tracks.attribute(sheet, "INI"), "movement": tracks.movement(sheet)}
    return Resolution("ready", total=tracks.initiative(sheet), details=details)


def wound_name(location: str | None) -> str:
    """'Blessure' named after the place the hit-location option gave (L1441-1449), when it
    names one place."""
    if location in (None, "choice", "two_places"):
        return "Blessure"
    place = next(loc for loc in HEALTH.location if loc.id == location)
    return f"Blessure ({place.fr})"


def damage(
    check: str,
    params: dict[str, Any],
    result: Resolution,
    defender: FluidSheet,
) -> tuple[str, dict[str, Any]] | None:
    """The operation a result applies to the defender, or None: repelled, absorbed by armour,
    or countered (the counter hurts the attacker instead: `counter_damage`, from the result's
    `damage_taken`)."""
    details = result.details
    if check == "attack" and result.outcome in HITS:
        combine = params.get("survival_combine", OPTIONS["survival_combine"].default)
        damage = min(MAX_DAMAGE, int(details["damage"]))
        return "take_hit", {
            "damage": damage,
            "wound_name": wound_name(details.get("location")),
            "survival_combine": combine,
        }
    if check == "verbal_joust" and result.outcome in JOUST_HITS:
        # The joust's "damage" is the score difference, taken off AUR (L1673-1677).
        joust = min(MAX_DAMAGE, int(result.total or 0))
        return "take_damage", {"damage": joust, "target": "AUR"}
    if check == "vampirism" and result.outcome == "drained":
        stolen = min(int(details["res_stolen"]), tracks.current(defender, "RES"))
        return ("spend", {"pool": "RES", "points": stolen}) if stolen else None
    return None


def counter_damage(
    check: str,
    params: dict[str, Any],
    result: Resolution,
    attacker: FluidSheet,
) -> tuple[str, dict[str, Any]] | None:
    """What the exchange does to the attacker: both sides strike at once, so a defender who
    wins hurts the attacker (L999-1003, Ripois L1273-1279); a lost joust costs the speaker
    AUR. The encounter tracker applies it to the attacker's sheet."""
    details = result.details
    if check == "attack" and result.outcome == "countered":
        combine = params.get("survival_combine", OPTIONS["survival_combine"].default)
        damage = min(MAX_DAMAGE, int(details["damage_taken"]))
        return "take_hit", {
            "damage": damage,
            "survival_combine": combine,
        }
    if check == "verbal_joust" and result.outcome in JOUST_LOSSES:
        lost = min(MAX_DAMAGE, -int(result.total or 0))
        return "take_damage", {"damage": lost, "target": "AUR"}
    return None


def consequence_reads(check: str, result: Resolution) -> tuple[Any, ...]:
    """What `damage` and `counter_damage` read of a result (`System.consequence_reads`): the
    damage a landed blow deals and where (its wound's name, with option hit_location), the
    damage a counter deals back, a joust's score, the RES a vampire drains. The dice, the
    scores and the difference change nothing they do."""
    details, outcome = result.details, result.outcome
    if check == "attack" and outcome in HITS:
        return "hit", min(MAX_DAMAGE, int(details["damage"])), details.get("location")
    if check == "attack" and outcome == "countered":
        return "countered", min(MAX_DAMAGE, int(details["damage_taken"]))
    if check == "verbal_joust" and outcome in JOUST_HITS + JOUST_LOSSES:
        return outcome in JOUST_HITS, int(result.total or 0)
    if check == "vampirism" and outcome == "drained":
        return "drained", int(details["res_stolen"])
    return ()


def consequence_sheets(attacker: FluidSheet, defender: FluidSheet) -> int:
    """What the consequences read of the sheets (`System.consequence_sheets`): the defender's
    RES left, which caps what a vampire drains (L1892-1898); a blow's damage and a counter's
    come with the result, their wounds worked out by `take_hit` on the sheet it hits."""
    return tracks.current(defender, "RES")


def attack_reads(sheet: FluidSheet, side: str) -> tuple[object, ...]:
    """What `chosen_attack` and `consequence_sheets` read of a sheet on that side
    (`System.attack_reads`), from what a fight reads of it whatever its status
    (`tracks.fighting`): an attacker's characteristics less points spent, gear, positive
    Traits (its modes, their Trait, a botte), minion level and hindrances (its net dice),
    and AUR (a joust's, L1671-1677), never its RES, wounds or condition; a defender's the
    same, its RES (a drain's cap, `consequence_sheets`) and whether it is helpless (its
    stance, L1045-1049), not the rest of its condition (a haemorrhage, adrenaline) nor its
    wound total, which only names a blow's result as its RES does there
    (`Attack.label_params`: an attack is the same up to them)."""
    chars, spent, gear, _condition, minion, level, traits, hinders, _wounds, _pools = (
        tracks.fighting(sheet)
    )
    aur = tracks.current(sheet, "AUR")
    if side == "attacker":
        return chars, spent, gear, minion, level, traits, hinders, aur
    res = tracks.current(sheet, "RES")
    return chars, spent, gear, helpless(sheet), minion, level, traits, hinders, res, aur


def round_tests(sheet: FluidSheet) -> list[Consequence]:
    """The tests a haemorrhage calls for at the round's end (`System.round_tests`): « elle doit
    réussir un test de VOL ou tomber dans le coma » (L1504-1505, `will_or_coma`, not for one
    in a coma already), and « un autre test au prochain round avec un malus majoré de 1 »
    (L1501-1504, `bleed`); nothing for one not bleeding, nor for the dead."""
    c = sheet.condition
    if not c.haemorrhage or c.dead:
        return []
    bleeds = [Consequence("defender", "bleed", {})]
    return bleeds if c.coma_days else [Consequence("defender", "will_or_coma", {}), *bleeds]


def round_end(sheet: FluidSheet) -> list[Consequence]:
    """What the end of a fight's round does to a participant (`System.round_end`): the tests
    of a haemorrhage (`round_tests`: the VOL test or coma, L1504-1505; the survival test "au
    prochain round avec un malus majoré de 1", L1501-1504); nothing for one not bleeding, nor
    for the dead."""
    return round_tests(sheet)
