"""Wounds in three steps (L71-75): the category, lowered by protection, then the Résistance test,
with the light wound that always remains (L126-128). Pure functions; the checks and operations
call them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ecran.rules import Text
from ecran.systems.artemis import tables

CancelOrder = Literal["serious_first", "light_first"]
TOP = 7  # Détruit, the last step of the ladder (L109)


@dataclass(frozen=True)
class Wounds:
    serious: int = 0
    light: int = 0
    lethal: Literal["", "dead", "destroyed"] = ""

    @property
    def outcome(self) -> str:
        if self.lethal:
            return self.lethal
        if not (self.serious or self.light):
            return "none"
        return outcome_name(self.serious, self.light)

    @property
    def marks(self) -> str:
        """The sheet's notation: x per serious wound, / per light wound (L100-106)."""
        return "x" * self.serious + "/" * self.light


def outcome_name(serious: int, light: int) -> str:
    return f"s{serious}_l{light}"


def outcome_names() -> list[str]:
    """Every final result, worst to best."""
    names = ["destroyed", "dead"]
    names += [outcome_name(s, lt) for s in range(3, -1, -1) for lt in range(2, -1, -1)]
    names.remove(outcome_name(0, 0))
    return [*names, "none"]


def outcome_label(name: str) -> Text:
    if name in ("dead", "destroyed"):
        return tables.category(6 if name == "dead" else 7).label
    if name == "none":
        return Text(fr="aucune blessure", en="no wound")
    serious, light = (int(part[1:]) for part in name.split("_"))
    marks = "x" * serious + "/" * light
    return Text(
        fr=f"{marks} ({serious} grave(s), {light} légère(s))",
        en=f"{marks} ({serious} serious, {light} light)",
    )


def final_category(category: int, plus: int, protection: int, stack: bool = True) -> int:
    """Step 1 then step 2: "+1 category" effects (stacked or not), capped at Détruit, then one
    step down per protection point, floored at Égratigné (example L718-720, site W4)."""
    plus = plus if stack else min(plus, 1)
    raised = min(TOP, category + plus)
    return max(0, raised - protection)


def inflicted(category: int) -> Wounds:
    row = tables.category(category)
    if row.lethal:
        return Wounds(lethal="dead" if row.id == "mort" else "destroyed")
    return Wounds(row.serious, row.light)


def cancel(wounds: Wounds, count: int, order: CancelOrder = "serious_first") -> Wounds:
    """Step 3: remove `count` wounds, then the floor of one light wound (L121-128)."""
    serious, light = wounds.serious, wounds.light
    for _ in range(count):
        if (order == "serious_first" and serious) or (order == "light_first" and not light):
            serious = max(0, serious - 1)
        else:
            light = max(0, light - 1)
    if serious == 0 and light == 0:
        light = 1
    return Wounds(serious, light)


def without_test(category: int, floor_on_scratch: bool) -> Wounds:
    """The result when no Résistance test applies: Égratigné or a lethal step."""
    if category == 0:
        return Wounds(0, 1) if floor_on_scratch else Wounds()
    return inflicted(category)
