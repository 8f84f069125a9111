"""The stasis ritual (seed L628-633): drawing Ka-element points from the stasis, and spending
the bonus they give the next control or contract roll."""

from __future__ import annotations

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, NoParams, Params, cite, tr
from ecran.rules.wording import agreed
from ecran.systems.nephilim.checks.occult import StasisDistance, StasisRitual
from ecran.systems.nephilim.operations.common import operation
from ecran.systems.nephilim.sheet import Element, NephilimSheet, ka_for_test
from ecran.systems.nephilim.tables import ELEMENT_WORDS, FIELDS, SEED
from ecran.systems.nephilim.tracks import fatigue_malus


class StasisParams(Params):
    element: Element = FIELDS("element_stasis", choices=ELEMENT_WORDS)
    points: int = FIELDS("points_stasis", ge=0, le=100)
    distance: StasisDistance = FIELDS("distance")
    overflow: Element | None = FIELDS("overflow", default=None, choices=ELEMENT_WORDS)


@operation("stasis_ritual", cite(SEED, 628, 633))
def draw_from_stasis(
    sheet: NephilimSheet, params: StasisParams, dice: DiceSource
) -> Change[NephilimSheet]:
    """The ritual draws at most the points the stasis holds (L628-633); what the roll draws
    leaves the stasis and becomes a bonus for the next control or contract roll."""
    held = sheet.stasis.get(params.element, 0)
    if params.points > held:
        raise EcranError(
            tr(f"la stase ne contient que {held} points", f"the stasis holds only {held}")
        )
    check = StasisRitual()
    values = {"ka": ka_for_test(sheet), "distance": params.distance}
    values |= {"points": params.points, "malus": fatigue_malus(sheet)}
    result = check.resolve(check.parse(values), dice)
    drawn = int(result.total or 0)
    stasis = _withdraw(dict(sheet.stasis), params.element, drawn, params.overflow)
    update = {"stasis": stasis, "stasis_bonus": sheet.stasis_bonus + drawn}
    summary = tr(
        f"{drawn} {agreed(drawn, 'point puisé', 'points puisés')}",
        f"{drawn} {agreed(drawn, 'point', 'points', 'en')} drawn",
    )
    return Change(sheet.model_copy(update=update), summary, result)


def _withdraw(
    stasis: dict[Element, int], element: Element, drawn: int, overflow: Element | None = None
) -> dict[Element, int]:
    """Take from the named element first; any excess from the stasis' other elements (§9 A27),
    the GM's choice first, then the fullest (L630)."""
    take = min(drawn, stasis.get(element, 0))
    stasis[element] = stasis.get(element, 0) - take
    rest = drawn - take
    order = sorted(stasis, key=lambda e: (e != overflow, -stasis[e]))
    for other in order:
        if rest <= 0:
            break
        share = min(rest, stasis[other])
        stasis[other] -= share
        rest -= share
    return stasis


@operation("spend_stasis_bonus", cite(SEED, 630, note="for the next control or contract roll"))
def spend_stasis_bonus(sheet: NephilimSheet, params: NoParams) -> Change[NephilimSheet]:
    """The stasis bonus is spent on the next control or contract roll (L630)."""
    new = sheet.model_copy(update={"stasis_bonus": 0})
    return Change(new, tr(f"bonus +{sheet.stasis_bonus} utilisé", "stasis bonus used"))
