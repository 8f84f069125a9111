"""Wounds and fatigue in play (seed L72-88): boxes taken and recovered, and the per-round
tests of the critical states. Damage, armour and healing amounts are not in the text: they are
GM inputs."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Check, EcranError, NoParams, Params, PutCondition, Text, cite, tr
from ecran.rules.wording import agreed
from ecran.systems.nephilim.checks.health import ExhaustionCheck, IncapacityCheck
from ecran.systems.nephilim.operations.common import operation
from ecran.systems.nephilim.sheet import NephilimSheet, ka_for_test, meta
from ecran.systems.nephilim.tables import FIELDS, SEED, TRACKS
from ecran.systems.nephilim.tracks import clamp, fatigue_malus, state, tested_tracks

Track = Literal["wounds", "fatigue"]


class BoxesParams(Params):
    """Boxes cleared by care or rest."""

    boxes: int = FIELDS("boxes", ge=0, le=10)


class DamageParams(Params):
    """Boxes checked by a blow or an exertion: `damage`, as every game names the amount of a
    take-damage operation (`boxes` is still accepted)."""

    damage: int = FIELDS("damage", ge=0, le=10)


class WoundParams(DamageParams):
    ignore_armour: bool = FIELDS("ignore_armour", default=False)


def _states(sheet: NephilimSheet) -> Text:
    w = state("wound", sheet.wounds, sheet.track_boxes).label
    f = state("fatigue", sheet.fatigue, sheet.track_boxes).label
    return Text(fr=f"{w.fr} / {f.fr}", en=f"{w.en} / {f.en}")


def entered(before: NephilimSheet, after: NephilimSheet) -> tuple[PutCondition, ...]:
    """The conditions a change of the tracks puts on the character in an encounter: entering
    Incapacité or Épuisé (malus 4 and a test every round, L88), Mort or Évanoui (out of the
    fight, L78, L83). They last until the GM removes them: the text gives no recovery time."""
    found = []
    for track, field in (("wound", "wounds"), ("fatigue", "fatigue")):
        old = state(track, getattr(before, field), before.track_boxes)
        new = state(track, getattr(after, field), after.track_boxes)
        if new.index > old.index and (new.round_check or new.out):
            found.append(PutCondition(new.label))
    return tuple(found)


def _moved(sheet: NephilimSheet, track: Track, delta: int) -> NephilimSheet:
    """The sheet with `delta` boxes checked (or cleared) on a track, kept within its 10 boxes."""
    return sheet.model_copy(update={track: clamp(getattr(sheet, track) + delta)})


@operation("take_wounds", cite(SEED, 72, 86), cite(SEED, 541, note="no damage rules"))
def take_wounds(sheet: NephilimSheet, params: WoundParams) -> Change[NephilimSheet]:
    """Wound boxes are checked one by one (L72-86); armour takes off its boxes unless the GM
    says the blow ignores it (the text gives no damage rules, L541)."""
    taken = params.damage if params.ignore_armour else max(0, params.damage - sheet.armour)
    new = _moved(sheet, "wounds", taken)
    now = _states(new)
    summary = tr(
        f"+{taken} {agreed(taken, 'blessure', 'blessures')} : {now.fr}",
        f"+{taken} {agreed(taken, 'wound box', 'wound boxes', 'en')}: {now.en}",
    )
    return Change(new, summary, conditions=entered(sheet, new))


@operation("take_fatigue", cite(SEED, 72, 86))
def take_fatigue(sheet: NephilimSheet, params: DamageParams) -> Change[NephilimSheet]:
    """Fatigue boxes are checked one by one (L72-86)."""
    new = _moved(sheet, "fatigue", params.damage)
    now = _states(new)
    summary = tr(f"fatigue +{params.damage} : {now.fr}", f"fatigue +{params.damage}: {now.en}")
    return Change(new, summary, conditions=entered(sheet, new))


@operation("heal", cite(SEED, 86, note="'tant qu'il n'aura pas été soigné'; no healing rates"))
def heal(sheet: NephilimSheet, params: BoxesParams) -> Change[NephilimSheet]:
    """Care clears wound boxes (L86); how many is the GM's call, the text gives no rate."""
    new = _moved(sheet, "wounds", -params.boxes)
    now = _states(new)
    return Change(new, tr(f"soins −{params.boxes} : {now.fr}", f"healed −{params.boxes}: {now.en}"))


@operation("rest", cite(SEED, 72, note="fatigue includes sleep; no recovery rates"))
def rest(sheet: NephilimSheet, params: BoxesParams) -> Change[NephilimSheet]:
    """Rest clears fatigue boxes (L72); how many is the GM's call, the text gives no rate."""
    new = _moved(sheet, "fatigue", -params.boxes)
    now = _states(new)
    return Change(new, tr(f"repos −{params.boxes} : {now.fr}", f"rest −{params.boxes}: {now.en}"))


@operation("incapacity_round", cite(SEED, 88))
def incapacity_round(
    sheet: NephilimSheet, params: NoParams, dice: DiceSource
) -> Change[NephilimSheet]:
    """Each round in Incapacity, a Constitution test or coma (L88)."""
    values = {"constitution": meta(sheet)["constitution"]}
    return _round_test(sheet, "wound", IncapacityCheck(), values, dice)


@operation("exhaustion_round", cite(SEED, 88))
def exhaustion_round(
    sheet: NephilimSheet, params: NoParams, dice: DiceSource
) -> Change[NephilimSheet]:
    """Each round Exhausted, a Ka test or unconsciousness (L88)."""
    return _round_test(sheet, "fatigue", ExhaustionCheck(), {"ka": ka_for_test(sheet)}, dice)


#: Each track whose critical state asks a test every round (L88): the refusal of a sheet not
#: in it, and where a failure leaves the character (coma; the fatigue track's last state,
#: Évanoui).
ROUND_STATES = {
    "wound": (tr("le personnage n'est pas en Incapacité", "not incapacitated"), tr("Coma", "Coma")),
    "fatigue": (tr("le personnage n'est pas Épuisé", "not exhausted"), None),
}


def _round_test(
    sheet: NephilimSheet, track: str, check: Check[Any], values: dict[str, int], dice: DiceSource
) -> Change[NephilimSheet]:
    """The round's test, with the fatigue malus, for a sheet in the track's critical state (else
    refused); a failure checks every fatigue box (L88) and puts the character out of the fight:
    its fate (coma, unconsciousness) until the GM lifts it, the text giving no recovery."""
    refusal, fate = ROUND_STATES[track]
    marks = sheet.wounds if track == "wound" else sheet.fatigue
    if not state(track, marks, sheet.track_boxes).round_check:
        raise EcranError(refusal)
    fate = fate or state("fatigue", TRACKS.boxes, sheet.track_boxes).label
    result = check.resolve(check.parse({**values, "fatigue_malus": fatigue_malus(sheet)}), dice)
    if result.outcome.endswith("success"):
        return Change(sheet, tr("tient bon ce round", "holds on this round"), result)
    new = sheet.model_copy(update={"fatigue": TRACKS.boxes})
    summary = tr(f"sombre : {fate.fr} (fatigue 10/10)", f"goes under: {fate.en} (fatigue 10/10)")
    return Change(new, summary, result, conditions=(PutCondition(fate),))


@operation("critical_round", cite(SEED, 88))
def critical_round(
    sheet: NephilimSheet, params: NoParams, dice: DiceSource
) -> Change[NephilimSheet]:
    """Both tests of L88 a round asks, in one operation for the encounter simulator's round end
    (`encounter.round_end`): Incapacité's Constitution test, then Épuisé's Ka test if the
    character is still exhausted (a coma checks every fatigue box); nothing for a character in
    neither state or out of play. The tracker runs them one by one (`encounter.round_tests`)."""
    done: list[Change[NephilimSheet]] = []
    for track in ("wound", "fatigue"):
        if track in tested_tracks(sheet):  # asked again: the first test may end the second's
            test = incapacity_round if track == "wound" else exhaustion_round
            done.append(test.apply(sheet, NoParams(), dice))
            sheet = done[-1].sheet
    if not done:
        return Change(sheet, tr("aucun test ce round", "no test this round"))
    summary = tr(" ; ".join(c.summary.fr for c in done), "; ".join(c.summary.en for c in done))
    conditions = tuple(p for c in done for p in c.conditions)
    return Change(sheet, summary, done[-1].resolution, conditions)
