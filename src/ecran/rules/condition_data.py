"""Conditions that act, declared as a game's data (`data/conditions.toml`, #30 item 5): what
each does to its bearer's rolls (`effect`) and to the rolls of those facing it (`facing`), fixed
or per point the GM priced (`per_point_effect`, `per_point_facing`: Fluid's manoeuvres cost
converted damage), whether the bearer loses its action or reaction, the game's own sheet
condition it lifts when it ends, and the seed's lines. A rule puts one on with `put`.

    [stun]
    fr = "étourdi"
    en = "stunned"
    lines = [1393, 1401]
    per_point_effect = { disadvantage_dice = 1 }
"""

from __future__ import annotations

from pydantic import Field

from ecran.rules.data import Worded, load_toml
from ecran.rules.operation import PutCondition
from ecran.rules.text import Text


class ConditionRow(Worded):
    id: str
    lines: tuple[int, int]
    effect: dict[str, int] = Field(default_factory=dict)
    facing: dict[str, int] = Field(default_factory=dict)
    per_point_effect: dict[str, int] = Field(default_factory=dict)
    per_point_facing: dict[str, int] = Field(default_factory=dict)
    acts: bool = True
    reacts: bool = True
    lifts: str | None = None

    def put(self, rounds: int | None, points: int = 0, label: Text | None = None) -> PutCondition:
        """The condition for `rounds` of its bearer's turns (None: until lifted), with `points`
        of the GM's pricing (`per_point_*`), labelled `label` (default: its own words)."""
        return PutCondition(
            label or self.label,
            rounds,
            _shifts(self.effect, self.per_point_effect, points),
            _shifts(self.facing, self.per_point_facing, points),
            acts=self.acts,
            reacts=self.reacts,
            lifts=self.lifts,
        )


def _shifts(fixed: dict[str, int], per: dict[str, int], points: int) -> tuple[tuple[str, int], ...]:
    total = dict(fixed)
    for name, shift in per.items():
        total[name] = total.get(name, 0) + shift * points
    return tuple((k, v) for k, v in total.items() if v)


def load_conditions(package: str) -> dict[str, ConditionRow]:
    """A game's `data/conditions.toml`, by id, in file order."""
    return {
        name: ConditionRow.model_validate({"id": name, **row})
        for name, row in load_toml(package, "conditions.toml").items()
    }
