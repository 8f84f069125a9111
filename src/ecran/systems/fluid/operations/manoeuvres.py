"""Manoeuvres without damage (L1381-1401): the damage points an attack turned into a manoeuvre
(its `converted_damage`), put on the target as a condition the encounter counts down."""

from __future__ import annotations

from typing import Literal

from ecran.rules import Change, Params, PutCondition, cite, tr
from ecran.rules.wording import agreed
from ecran.systems.fluid.operations.common import operation
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import FIELDS, SEED

Effect = Literal["stun", "blind", "push", "trip", "disarm", "other"]

EFFECTS = {
    "stun": tr("étourdi", "stunned"),
    "blind": tr("aveuglé", "blinded"),
    "push": tr("repoussé", "pushed back"),
    "trip": tr("à terre", "on the ground"),
    "disarm": tr("désarmé", "disarmed"),
    "other": tr("manœuvre", "manoeuvre"),
}


class ManoeuvreParams(Params):
    effect: Effect = FIELDS("manoeuvre_effect", default="stun")
    disadvantages: int = FIELDS("manoeuvre_disadvantages", default=1, ge=0, le=20)
    rounds: int = FIELDS("manoeuvre_rounds", default=1, ge=1, le=20)


@operation("suffer_manoeuvre", cite(SEED, 1381, 1401))
def suffer_manoeuvre(sheet: FluidSheet, params: ManoeuvreParams) -> Change[FluidSheet]:
    """The target of a manoeuvre bears its effect: so many disadvantages for so many rounds,
    priced by the GM from the converted damage — the seed's stun spends 3 points on 1
    disadvantage for 3 rounds, or 3 disadvantages for 1 round (L1393-1401). The sheet itself
    does not change; the condition goes on the encounter participant."""
    name = EFFECTS[params.effect]
    d, r = params.disadvantages, params.rounds
    label = tr(
        f"{name.fr} : {d} {agreed(d, 'désavantage', 'désavantages')}" if d else name.fr,
        f"{name.en}: {d} {agreed(d, 'disadvantage', 'disadvantages', 'en')}" if d else name.en,
    )
    points = d * r
    summary = tr(
        f"{label.fr}, {r} {agreed(r, 'round', 'rounds')} ({points} "
        f"{agreed(points, 'point de dégâts converti', 'points de dégâts convertis')})",
        f"{label.en}, {r} {agreed(r, 'round', 'rounds', 'en')} ({points} damage "
        f"{agreed(points, 'point', 'points', 'en')} converted)",
    )
    # the disadvantages weigh on the bearer's rolls, and favour those who face it (L412-424:
    # a disadvantage is a die kept low, or a point off); an action assembled from its sources
    # counts them among its circumstances (signed)
    effect = (("disadvantage_dice", d), ("circumstances", -d)) if d else ()
    facing = (("opponent_disadvantage_dice", d),) if d else ()
    return Change(sheet, summary, conditions=(PutCondition(label, r, effect, facing),))
