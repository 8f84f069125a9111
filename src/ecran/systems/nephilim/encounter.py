"""The encounter tracker's hooks (seed L455, L479-481, L491-493, L72-88): a combatant's
initiative from the sheet, the attacks one sheet can make on another, prefilled from both
sheets, and what a blow that lands does to the defender's wound track. The text has no combat
chapter (L539-541 are headings only): the attack modes, their default characteristics and the
damage are readings and house rules, each labelled where it is declared (data/combat.toml,
options.py)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Action, Consequence, Resolution, Text, tr
from ecran.rules.data import row_where
from ecran.rules.ongoing import lost_reaction
from ecran.systems.nephilim.checks.combat import Attack, Initiative, wound_boxes
from ecran.systems.nephilim.checks.core import base_score
from ecran.systems.nephilim.round import delay_bonus
from ecran.systems.nephilim.rows import AttackMode, Defence
from ecran.systems.nephilim.sheet import (
    NephilimSheet,
    anticipation,
    meta,
    natural,
    skill,
)
from ecran.systems.nephilim.skills import UNBOUGHT
from ecran.systems.nephilim.tables import CHARACTERISTICS, COMBAT
from ecran.systems.nephilim.tracks import (
    fatigue_malus,
    out_of_play,
    tested_tracks,
    wound_malus,
)


def initiative_params(sheet: NephilimSheet) -> dict[str, int]:
    """Rapidité + Réaction with the fatigue malus and the wound malus on Rapidité, and the
    rounds this character's action has been delayed (+6 each, L518)."""
    scores = meta(sheet)
    return {
        "rapidite": scores["rapidite"],
        "reaction": scores["reaction"],
        "malus": fatigue_malus(sheet) + wound_malus(sheet, "rapidite"),
        "delayed_rounds": sheet.delayed_rounds,
    }


TIE_RANK = {"critical_success": 2, "normal": 1, "critical_failure": 0}


def initiative(sheet: NephilimSheet, dice: DiceSource) -> Resolution:
    """Rapidité + Réaction + 1D − 1D (L491), with the fatigue malus and the wound malus on
    Rapidité; an encounter tracker sorts by `total` and breaks ties with the details'
    `tie_break` (dice category, ratings), as `round.order_key` does."""
    scores, natural_scores = meta(sheet), natural(sheet)
    check = Initiative()
    result = check.resolve(check.parse(initiative_params(sheet)), dice)
    details = {
        **result.details,
        "rating": scores["rapidite"] + scores["reaction"],
        "natural_rating": natural_scores["rapidite"] + natural_scores["reaction"],
        "anticipation": anticipation(sheet) + delay_bonus(sheet.delayed_segments, 0)[0],
        "intuition": scores["intuition"],
        "segments": sheet.segments,
        "anticipation_tie": sheet.anticipation_tie,
    }
    # L491: on equal initiative, critical success before plain before critical failure, then
    # the unmodified Rapidité + Réaction, then its natural value; what remains is a true tie.
    details["tie_break"] = [
        TIE_RANK[result.outcome],
        details["rating"],
        details["natural_rating"],
    ]
    return Resolution(result.outcome, total=result.total, details=details)


def side(
    sheet: NephilimSheet, characteristic: str, skill_path: str | None
) -> dict[str, int | None]:
    """One side of an attack or a defence from a sheet: the (meta) characteristic the GM
    picked, the effective skill (None: the characteristic twice, L455) and every malus the
    sheet carries (wounds on that characteristic, fatigue, several actions this round)."""
    wound = wound_malus(sheet, characteristic)
    doubled = skill_path is None and sheet.wound_malus_count == "per_characteristic"
    extra = COMBAT.multiple_actions.malus_per_extra_action * (sheet.round_actions - 1)
    return {
        "characteristic": meta(sheet)[characteristic],
        "skill": None if skill_path is None else skill(sheet, skill_path),
        "malus": wound * (2 if doubled else 1) + fatigue_malus(sheet) + extra,
    }


def attack_params(
    attacker: NephilimSheet,
    defender: NephilimSheet,
    attack: tuple[str, str | None],
    defence: tuple[str, str | None],
    defender_reacts: bool = True,
) -> dict[str, int | bool | None]:
    """Parameters of the `attack` check between two sheets; `attack` and `defence` are each
    (characteristic, skill path or None), chosen by the GM (L455). Whether the defender may
    react depends on the segments (L493): see `plan_round`."""
    own, other = side(attacker, *attack), side(defender, *defence)
    return {
        **own,
        "defender_reacts": defender_reacts,
        "defence_characteristic": other["characteristic"],
        "defence_skill": other["skill"],
        "defence_malus": other["malus"],
    }


GROUP = tr("Attaques", "Attacks")
GROUP_UNOPPOSED = tr(
    "Attaques sans réaction (segment antérieur, défenseur hors de combat : L493)",
    "Attacks with no reaction (earlier segment, defender out of the fight: L493)",
)

#: The operation that checks wound boxes, and the attack check whose result it applies.
WOUND_OPERATION = "take_wounds"
ATTACK_CHECK = Attack.name


def characteristic_for(sheet: NephilimSheet, skill_path: str, default: str) -> str:
    """The characteristic the GM paired with this skill on the sheet (L455), else the default
    the data gives for the attack mode or defence."""
    return sheet.skill_characteristics.get(skill_path, default)


def attacks(attacker: NephilimSheet, defender: NephilimSheet) -> list[Action]:
    """One attack per mode the attacker can use: against the defender's best defence when he
    can react, and without reaction (GM difficulty 0) for when he cannot (L493). Nobody out of
    the fight (dead, unconscious, L77-88) attacks, and nobody out of the fight defends, nor
    one whose reaction a condition took (`rules.ongoing.lost_reaction`)."""
    if out_of_play(attacker):
        return []
    # each side of a sheet read once for all the modes (the encounter simulator asks this
    # list for every pair of states it meets)
    sides = _Sides()
    found: list[Action] = []
    for mode in COMBAT.attack_mode:
        if not mode.always and skill(attacker, mode.skill) <= UNBOUGHT:
            continue  # −4: no knowledge at all of the weapon (L97)
        if not out_of_play(defender) and not lost_reaction(defender):
            found.append(_opposed(attacker, defender, mode, sides))
        found.append(_unopposed(attacker, defender, mode, sides))
    return found


Side = Callable[[NephilimSheet, str, "str | None"], dict[str, "int | None"]]


class _Sides:
    """`side`, each (sheet, characteristic, skill) read once."""

    def __init__(self) -> None:
        self.known: dict[tuple[int, str, str | None], dict[str, int | None]] = {}
        self.sheets: list[NephilimSheet] = []  # kept: their ids stay theirs

    def __call__(
        self, sheet: NephilimSheet, characteristic: str, skill_path: str | None
    ) -> dict[str, int | None]:
        key = (id(sheet), characteristic, skill_path)
        found = self.known.get(key)
        if found is None:
            self.sheets.append(sheet)
            found = self.known[key] = side(sheet, characteristic, skill_path)
        return found


def best_defence(
    defender: NephilimSheet, mode: AttackMode, side_of: Side = side
) -> tuple[Defence, str]:
    """The defence the defender opposes to this mode (L493): the best score among those the
    data allows (parry, dodge), with his current penalties; ties go to the first listed."""

    def score(d: Defence) -> int:
        own = side_of(defender, characteristic_for(defender, d.skill, d.characteristic), d.skill)
        return base_score(int(own["characteristic"] or 0), own["skill"]) - int(own["malus"] or 0)

    options = [row_where(COMBAT.defence, id=i) for i in mode.defences]
    chosen = max(options, key=lambda d: (score(d), -options.index(d)))
    return chosen, characteristic_for(defender, chosen.skill, chosen.characteristic)


def _opposed(
    attacker: NephilimSheet, defender: NephilimSheet, mode: AttackMode, side_of: Side = side
) -> Action:
    own = characteristic_for(attacker, mode.skill, mode.characteristic)
    defence, theirs = best_defence(defender, mode, side_of)
    sides = side_of(defender, theirs, defence.skill)
    params: dict[str, Any] = {
        **side_of(attacker, own, mode.skill),
        "defender_reacts": True,
        "defence_characteristic": sides["characteristic"],
        "defence_skill": sides["skill"],
        "defence_malus": sides["malus"],
        "armour": defender.armour,
    }
    label = Text(
        fr=f"{mode.fr} ({_name(own).fr}) contre {defence.fr} ({_name(theirs).fr})",
        en=f"{mode.en} ({_name(own).en}) against {defence.en} ({_name(theirs).en})",
    )
    return Action(label, ATTACK_CHECK, params, GROUP)


def _unopposed(
    attacker: NephilimSheet, defender: NephilimSheet, mode: AttackMode, side_of: Side = side
) -> Action:
    own = characteristic_for(attacker, mode.skill, mode.characteristic)
    params: dict[str, Any] = {
        **side_of(attacker, own, mode.skill),
        "defender_reacts": False,
        "difficulty": 0,  # an average action (L452) until the GM says otherwise
        "armour": defender.armour,
    }
    label = Text(
        fr=f"{mode.fr} ({_name(own).fr}), sans réaction",
        en=f"{mode.en} ({_name(own).en}), no reaction",
    )
    return Action(label, ATTACK_CHECK, params, GROUP_UNOPPOSED)


@functools.lru_cache(maxsize=256)
def _name(characteristic: str) -> Text:
    """A characteristic's words (kept by id: the same for every pair of states)."""
    row = next(c for c in CHARACTERISTICS.characteristic if c.id == characteristic)
    return Text(fr=row.fr, en=row.en)


def damage(
    check: str, params: dict[str, Any], result: Resolution, defender: NephilimSheet
) -> tuple[str, dict[str, Any]] | None:
    """The wound boxes a landed blow checks (L72-84), as the `take_wounds` operation. The
    armour was already taken off in the attack (its `armour` parameter, prefilled from the
    defender), so the operation must not take it off again. A miss, a parry or dodge, a tie
    (§9 A15: not a hit) or a blow the armour stops does nothing."""
    if check != ATTACK_CHECK or result.outcome != "win":
        return None
    boxes = result.details.get("wound_boxes")
    if boxes is None:  # a result recorded without the boxes: recompute them from the margin
        attack = Attack()
        boxes = wound_boxes(attack.parse(params), result.outcome, int(result.details["margin"]))
    if int(boxes) <= 0:
        return None
    return WOUND_OPERATION, {"damage": int(boxes), "ignore_armour": True}


def consequence_reads(check: str, result: Resolution) -> tuple[str, Any, Any]:
    """What `damage` reads of a result (`System.consequence_reads`; Nephilim strikes nothing
    back): the outcome, and for a landed blow its wound boxes (L72-84), or the margin they
    are recomputed from when a result lacks them. Totals and dice change nothing it does."""
    boxes = result.details.get("wound_boxes")
    margin = result.details.get("margin") if boxes is None else None
    return result.outcome, boxes, margin


def consequence_sheets(attacker: NephilimSheet, defender: NephilimSheet) -> tuple[()]:
    """What the consequences read of the sheets (`System.consequence_sheets`): nothing. `damage`
    reads the check, its parameters (the armour already taken off, L72-84) and the result;
    Nephilim strikes nothing back (no `counter_damage`)."""
    return ()


#: The operation of each track's test each round (L88).
ROUND_TESTS = {"wound": "incapacity_round", "fatigue": "exhaustion_round"}


def round_tests(sheet: NephilimSheet) -> list[Consequence]:
    """The tests each round asks of a character in a critical state (`System.round_tests`,
    L88): « Lorsqu'un personnage est incapacité [...] il doit chaque round réussir un test de
    Constitution + Constitution de difficulté 0 [...] pour ne pas sombrer dans le coma »
    (`incapacity_round`); « Lorsqu'un personnage est épuisé [...] il doit chaque round réussir
    un jet de Ka de difficulté 0 [...] pour ne pas sombrer dans l'inconscience »
    (`exhaustion_round`). Nothing once out of play, nor for the dead (`tested_tracks`)."""
    return [Consequence("defender", ROUND_TESTS[t], {}) for t in tested_tracks(sheet)]


def round_end(sheet: NephilimSheet) -> list[Consequence]:
    """What the end of a fight's round does to a participant (`System.round_end`): the tests
    of L88 its critical states ask (`round_tests`), in one operation (`critical_round`: the
    first may send the character under, and the second then asks nothing)."""
    return [Consequence("defender", "critical_round", {})] if round_tests(sheet) else []
