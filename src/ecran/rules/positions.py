"""Positional parameters: which parameters of a game's checks the scene board fills, and how.

A game declares them in `systems/<id>/data/positions.toml`, citing its lines, as `choices.toml`
declares its choices:

    [board]                       # the scale a new scene of this game starts with
    unit = "m"
    unit_per_square = 1.5
    [movement]                    # optional: the longest move per turn the book gives
    detail = "movement"           # read from the initiative's details (the tracker keeps them)
    measure = "square"            # counted in squares ("unit": in the scene's unit)
    lines = [987, 993]
    [[check.attack]]              # one row per parameter of the check `attack`
    param = "range_band"
    from = "distance"             # distance | any | flag | allies
    kind = "bands"                # bands | steps | measure (distance only)
    contact = "melee"             # the value when the two tokens are side by side
    bands = [[10, "point-blank"], [20, "short"]]   # [up to this distance, value]
    beyond = "in-sight"           # past the last band (absent: the parameter is not filled)
    lines = [1311, 1323]
    label = { fr = "…{distance} {unit}…", en = "…" }

`measure`: the distance itself (to 0.1). `steps`: value = clamp(round(distance / step) + offset,
min, max), with `round` one of floor, ceil, nearest. The row's `measure` says whether the distance
is in the scene's unit or in squares;
`step_from` takes the step from a value the caller knows (a weapon's range increment) instead.
`any`: true when one of `when` holds (behind, higher_ground, target_on_ground), else false.
`flag`: `value` when the token's flag is set (`flag = "target.on_ground"`).
`allies`: how many of the attacker's allies stand beside the same target.
`mode = "add"`: the board's part, to add to what the player typed for other reasons (a Nephilim
spell's improvements count targets too); otherwise the board sets the value.

A game whose book gives no positional rule says so: `none = { fr = "…", en = "…" }`.

What the target's own sheet sets in a check (its defence, armour, hit points...) is declared per
check too, the values read from the game's `System.attacks` against that sheet (`from_target`):

    [target.attack]
    params = ["opponent_characteristic", "opponent_weapon"]
    needs = ["category"]          # keys an action must hold to be an attack on the target
    lines = [1137, 1157]

The board's geometry (play) measures a `Situation`; `fill` turns it into values and labels.
Nothing here knows a token or a scene.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ecran.rules.data import MALFORMED, load_toml, malformed
from ecran.rules.text import Source, Text
from ecran.rules.wording import agreed

FILENAME = "positions.toml"

Value = int | float | bool | str
Condition = Literal["behind", "higher_ground", "target_on_ground", "attacker_on_ground"]


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class BoardScale(_Row):
    unit: str = "m"
    unit_per_square: float = Field(default=1.5, gt=0)
    lines: tuple[int, int] | None = None
    note: str = ""


class Movement(_Row):
    detail: str
    measure: Literal["square", "unit"] = "square"
    lines: tuple[int, int]
    note: str = ""


class PositionalParam(_Row):
    param: str
    source: Literal["distance", "any", "flag", "allies"] = Field(alias="from")
    label: Text
    lines: tuple[int, int]
    seed: str | None = None
    note: str = ""
    mode: Literal["set", "add"] = "set"
    # distance
    kind: Literal["bands", "steps", "measure"] | None = None
    measure: Literal["unit", "square"] = "unit"
    contact: Value | None = None
    bands: tuple[tuple[float, Value], ...] = ()
    beyond: Value | None = None
    step: float | None = Field(default=None, gt=0)
    step_from: str | None = None
    round: Literal["floor", "ceil", "nearest"] = "floor"
    offset: int = 0
    min: int | None = None
    max: int | None = None
    # any / flag
    when: tuple[Condition, ...] = ()
    flag: str | None = None
    value: Value = True


class TargetSheet(_Row):
    """The parameters of one check the target's sheet sets, and the keys an action of the
    attacker's sheet must hold to be that check made against the target."""

    params: tuple[str, ...] = Field(min_length=1)
    needs: tuple[str, ...] = ()
    lines: tuple[int, int]
    seed: str | None = None
    note: str = ""


class Positions(BaseModel):
    """A game's positional parameters by check, its board scale, its movement allowance."""

    model_config = ConfigDict(frozen=True)

    board: BoardScale = BoardScale()
    movement: Movement | None = None
    checks: dict[str, tuple[PositionalParam, ...]] = {}
    targets: dict[str, TargetSheet] = {}
    none: Text | None = None
    seed: str = ""

    def source(self, row: PositionalParam | Movement | TargetSheet) -> Source:
        seed = getattr(row, "seed", None) or self.seed
        return Source(seed=seed, lines=row.lines, note=row.note)


def load_positions(package: str, seed: str, filename: str = FILENAME) -> Positions:
    """A game's positional parameters; none when the game has no file; one line naming the
    file when it is malformed."""
    try:
        rows = load_toml(package, filename)
    except FileNotFoundError:
        return Positions(seed=seed)
    try:
        checks = {
            check: tuple(PositionalParam.model_validate(r) for r in params)
            for check, params in rows.get("check", {}).items()
        }
        return Positions(
            board=BoardScale.model_validate(rows.get("board", {})),
            movement=None if "movement" not in rows else Movement.model_validate(rows["movement"]),
            checks=checks,
            targets={
                check: TargetSheet.model_validate(row)
                for check, row in rows.get("target", {}).items()
            },
            none=None if "none" not in rows else Text.model_validate(rows["none"]),
            seed=seed,
        )
    except MALFORMED as exc:
        raise malformed(package, filename, exc) from None


@dataclass(frozen=True)
class Situation:
    """What the board measured between an attacker and a target."""

    distance: float
    squares: float
    unit: str
    adjacent: bool
    behind: bool
    higher_ground: bool
    target_on_ground: bool
    attacker_on_ground: bool
    allies: int
    flags: dict[str, bool]


WHY: dict[str, Text] = {
    "behind": Text(fr="dans le dos", en="from behind"),
    "higher_ground": Text(fr="en hauteur", en="from higher ground"),
    "target_on_ground": Text(fr="adversaire à terre", en="foe on the ground"),
    "attacker_on_ground": Text(fr="attaquant à terre", en="attacker on the ground"),
}
FROM_BOARD = Text(fr="d'après le plateau", en="from the board")


def fill(
    rows: tuple[PositionalParam, ...], at: Situation, known: dict[str, float] | None = None
) -> dict[str, tuple[Value, Text]]:
    """Each declared parameter's value from the board, and its label (what the board measured,
    in both languages). A row that cannot be filled (a step the caller does not know, a distance
    past the last band without `beyond`) is left out: the player's value stands."""
    filled: dict[str, tuple[Value, Text]] = {}
    for row in rows:
        found = _value(row, at, known or {})
        if found is not None:
            filled[row.param] = (found[0], _label(row, at, found[0], found[1]))
    return filled


def _value(
    row: PositionalParam, at: Situation, known: dict[str, float]
) -> tuple[Value, Text] | None:
    none = Text(fr="", en="")
    if row.source == "allies":
        return at.allies + row.offset, none
    if row.source == "flag":
        return (row.value, none) if at.flags.get(row.flag or "", False) else None
    if row.source == "any":
        held = [c for c in row.when if getattr(at, c)]
        why = Text(
            fr=", ".join(WHY[c].fr for c in held) or "aucune",
            en=", ".join(WHY[c].en for c in held) or "none",
        )
        return bool(held), why
    return _distance(row, at, known)


def _distance(
    row: PositionalParam, at: Situation, known: dict[str, float]
) -> tuple[Value, Text] | None:
    none = Text(fr="", en="")
    measured = at.squares if row.measure == "square" else at.distance
    if row.contact is not None and at.adjacent:
        return row.contact, none
    if row.kind == "bands":
        for limit, value in row.bands:
            if measured <= limit:
                return value, none
        return None if row.beyond is None else (row.beyond, none)
    if row.kind == "measure":
        return round(measured, 1), none
    step = known.get(row.step_from) if row.step_from else row.step
    if not step:
        return None
    ratio = measured / step
    counted = _ROUNDED[row.round](ratio) + row.offset
    if row.min is not None:
        counted = max(row.min, counted)
    if row.max is not None:
        counted = min(row.max, counted)
    return int(counted), none


def _nearest(x: float) -> int:
    return math.floor(x + 0.5)


_ROUNDED: dict[str, Callable[[float], int]] = {
    "floor": math.floor,
    "ceil": math.ceil,
    "nearest": _nearest,
}


class _Count:
    """A count in a label: `{allies}` writes it, `{allies:allié|alliés}` the noun agreeing
    with it in the label's language (French singular below 2, English at 1 only)."""

    def __init__(self, value: float, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        if not spec:
            return _number(self.value, self.lang)
        one, _, many = spec.partition("|")
        return agreed(self.value, one, many, self.lang)


def _label(row: PositionalParam, at: Situation, value: Value, why: Text) -> Text:
    words: dict[str, dict[str, Any]] = {}
    for lang in ("fr", "en"):
        words[lang] = {
            "distance": _number(at.distance, lang),
            "squares": _Count(at.squares, lang),
            "unit": at.unit,
            "value": _number(value, lang) if isinstance(value, float) else value,
            "allies": _Count(at.allies, lang),
            "why": why(lang),
        }
    said = Text(fr=row.label.fr.format(**words["fr"]), en=row.label.en.format(**words["en"]))
    return Text(fr=f"{said.fr} ({FROM_BOARD.fr})", en=f"{said.en} ({FROM_BOARD.en})")


def _number(value: float, lang: str) -> str:
    shown = f"{value:.1f}".rstrip("0").rstrip(".")
    return shown.replace(".", ",") if lang == "fr" else shown


def merged(
    params: dict[str, Any], rows: tuple[PositionalParam, ...], filled: dict[str, tuple[Value, Text]]
) -> dict[str, Any]:
    """A check's parameters with the board's values put in: set, or added for `mode = "add"`."""
    out = dict(params)
    modes = {row.param: row.mode for row in rows}
    for name, (value, _label) in filled.items():
        if (
            modes.get(name) == "add"
            and isinstance(value, int | float)
            and not isinstance(value, bool)
        ):
            out[name] = out.get(name, 0) + value
        else:
            out[name] = value
    return out


def from_target(
    params: dict[str, Any], check: str, offered: list[tuple[str, dict[str, Any]]], row: TargetSheet
) -> dict[str, Any]:
    """The values the target's sheet sets in an action (`params` of `check`), read from the
    game's own attacks against it (`offered`: `(check, params)`, the usual one first): the one
    agreeing with the action on every value the action holds of its own, the closest such,
    else the first of that check. `{}` for an action lacking a key of `row.needs`."""
    if any(k not in params for k in row.needs):
        return {}
    same = [p for c, p in offered if c == check]
    if not same:
        return {}
    own = [k for k in params if k not in row.params]
    agreeing = [p for p in same if all(p.get(k, params[k]) == params[k] for k in own)]
    best = max(agreeing, key=lambda p: sum(k in p for k in own), default=same[0])
    return {k: best[k] for k in row.params if k in best}
