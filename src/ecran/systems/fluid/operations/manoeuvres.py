"""Manoeuvres without damage (L1381-1401): the damage points an attack turned into a manoeuvre
(its `converted_damage`), put on the target as a condition the encounter counts down."""

from __future__ import annotations

from typing import Literal

from ecran.rules import Change, Params, cite, tr
from ecran.rules.condition_data import load_conditions
from ecran.rules.wording import agreed
from ecran.systems.fluid.operations.common import operation
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import FIELDS, SEED

Effect = Literal["stun", "blind", "push", "trip", "disarm", "other"]
#: What each manoeuvre's condition does, from data/conditions.toml (L1021-1029, L1381-1401).
CONDITIONS = load_conditions("ecran.systems.fluid")


class ManoeuvreParams(Params):
    effect: Effect = FIELDS("manoeuvre_effect", default="stun")
    disadvantages: int = FIELDS("manoeuvre_disadvantages", default=1, ge=0, le=20)
    rounds: int = FIELDS("manoeuvre_rounds", default=1, ge=1, le=20)


@operation("suffer_manoeuvre", cite(SEED, 1381, 1401))
def suffer_manoeuvre(sheet: FluidSheet, params: ManoeuvreParams) -> Change[FluidSheet]:
    """The target of a manoeuvre bears its effect: so many disadvantages for so many rounds,
    priced by the GM from the converted damage — the seed's stun spends 3 points on 1
    disadvantage for 3 rounds, or 3 disadvantages for 1 round (L1393-1401). The sheet itself
    does not change; the condition goes on the encounter participant, or, away from a table's
    tracker (a sheet file, the simulator), on the sheet (`Change.worn`)."""
    name = CONDITIONS[params.effect].label
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
    # what the condition does (data/conditions.toml): the disadvantages weigh on the bearer's
    # rolls and favour those who face it (L1027-1029, L412-424); one on the ground gives them
    # the position's advantage (L1021-1025)
    return Change(sheet, summary, conditions=(CONDITIONS[params.effect].put(r, d, label),))
