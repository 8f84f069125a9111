"""Experience (L1930-1955): XP awarded by the GM and spent on advances."""

from __future__ import annotations

from typing import Any, Literal

from ecran.rules import Change, Params, cite, refuse, tr
from ecran.systems.fluid.operations.common import operation
from ecran.systems.fluid.sheet import ATTRIBUTE_OF, Advance, FluidSheet, Trait
from ecran.systems.fluid.tables import FIELDS, SEED


def advance_cost(kind: str, to: int) -> int:
    """XP of one step (L1947-1955): a Trait costs its new value, a characteristic twice it;
    removing a negative point costs its score before removal; a new negative Trait point brings
    double XP, read as 2 × its new value (reading A25)."""
    return {
        "trait": to,
        "characteristic": 2 * to,
        "remove_negative": to + 1,
        "new_negative": -2 * to,
    }[kind]


class XpParams(Params):
    xp: int = FIELDS("xp", ge=1, le=3)


@operation("award_xp", cite(SEED, 1931, 1941))
def award_xp(sheet: FluidSheet, params: XpParams) -> Change[FluidSheet]:
    """At the end of each scenario the GM awards 1 to 3 XP (L1931-1941)."""
    text = f"+{params.xp} XP"
    return Change(sheet.model_copy(update={"xp": sheet.xp + params.xp}), tr(text, text))


AdvanceKind = Literal["characteristic", "trait", "new_negative", "remove_negative"]


class AdvanceParams(Params):
    kind: Literal["characteristic", "trait", "new_negative", "remove_negative"] = FIELDS(
        "advance_kind"
    )
    target: str = FIELDS("advance_target")
    value: int = FIELDS("advance_value", default=1, ge=1, le=10)


@operation("advance", cite(SEED, 1943, 1955))
def advance(sheet: FluidSheet, params: AdvanceParams) -> Change[FluidSheet]:
    """One step bought with the XP not yet spent (L1943-1955): a characteristic or a Trait
    +1, a negative Trait −1 (gone at 0), or a new negative Trait that brings XP."""
    kind, target = params.kind, params.target
    update, to = _stepped(sheet, params)
    cost = advance_cost(kind, to)
    balance = sheet.xp - sum(a.xp for a in sheet.advances)
    if cost > balance:
        raise refuse(
            f"{cost} XP nécessaires, {balance} disponibles", f"{cost} XP needed, {balance} left"
        )
    update["advances"] = [*sheet.advances, Advance(kind=kind, target=target, to=to, xp=cost)]
    text = f"{target} → {to} ({cost} XP)"
    return Change(sheet.model_copy(update=update), tr(text, text))


def _stepped(sheet: FluidSheet, params: AdvanceParams) -> tuple[dict[str, Any], int]:
    """The sheet's changed part after the step, and the new value it reaches."""
    kind, target = params.kind, params.target
    if kind == "characteristic":
        if target not in ATTRIBUTE_OF:
            raise refuse(
                f"caractéristique inconnue : {target}", f"unknown characteristic: {target}"
            )
        to = sheet.characteristics.score(target) + 1
        chars = sheet.characteristics.model_copy(update={ATTRIBUTE_OF[target]: to})
        return {"characteristics": chars}, to
    if kind == "new_negative":
        new = Trait(name=target, value=params.value, kind="negative", origin="play", hinders=["*"])
        return {"traits": [*sheet.traits, new]}, params.value
    trait = next((t for t in sheet.traits if t.name == target), None)
    if trait is None:
        raise refuse(f"pas de Trait « {target} »", f"no Trait '{target}'")
    to = trait.value + 1 if kind == "trait" else trait.value - 1
    traits = [
        t.model_copy(update={"value": to}) if t is trait else t
        for t in sheet.traits
        if not (t is trait and to == 0)
    ]
    return {"traits": traits}, to
