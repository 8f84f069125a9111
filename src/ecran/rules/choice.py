"""The player's choices of a check: what the rules let the player decide before a roll.

A game lists them in `systems/<id>/data/choices.toml`, one table per check:

    [test]
    success = "success"          # from this outcome on, the roll counts as succeeded
    [[test.decision]]            # one decision the player takes: its options, first the plain one
    name = "privilege"
    lines = [46, 53]             # the seed lines of the rule that offers it
    [[test.decision.option]]
    label = { fr = "sans privilège", en = "without the privilege" }
    changes = { professional = false }
    [[test.decision.option]]
    label = { fr = "privilège professionnel", en = "the professional's privilege" }
    changes = { professional = true }
    cost = { fr = "une fatigue grave", en = "one serious fatigue" }

An option sets parameters (`changes`), moves them by a step (`shift`, e.g. an advantage die
given up for one point), may be taken up to a parameter's value times (`times`: the shift
repeated 1..n times, `{n}` in its label), or plays another check of the game (`check`, e.g.
Artémis's test forced with an experience point). Every option of every decision combines with
every option of the others: the advice (`ecran.engine.advise`) ranks the combinations. The
ranking itself is generic; only the choices are the game's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ecran.rules.data import MALFORMED, load_toml, malformed
from ecran.rules.text import Source, Text


@dataclass(frozen=True)
class Choice:
    """One option of one decision: its words, what it does to the check, what it costs."""

    label: Text
    changes: dict[str, Any] = field(default_factory=dict)
    shift: dict[str, int] = field(default_factory=dict)
    times: str | None = None
    check: str | None = None
    cost: Text | None = None


@dataclass(frozen=True)
class Decision:
    name: str
    options: tuple[Choice, ...]
    source: Source


@dataclass(frozen=True)
class CheckChoices:
    """A check's decisions, the outcome from which on it counts as a success, and, where one
    roll settles several actions (declared multiple actions), the parameter that counts them."""

    check: str
    success: str
    decisions: tuple[Decision, ...]
    count: str | None = None


FILENAME = "choices.toml"


def _text(row: Any) -> Text | None:
    return None if row is None else Text.model_validate(row)


def _choice(row: dict[str, Any]) -> Choice:
    return Choice(
        label=Text.model_validate(row["label"]),
        changes=dict(row.get("changes", {})),
        shift={k: int(v) for k, v in row.get("shift", {}).items()},
        times=row.get("times"),
        check=row.get("check"),
        cost=_text(row.get("cost")),
    )


def load_choices(package: str, seed: str, filename: str = FILENAME) -> dict[str, CheckChoices]:
    """A game's choices by check name; an empty map when the game declares none, one line
    naming the file when it is malformed."""
    try:
        rows = load_toml(package, filename)
        return {check: _check(check, table, seed) for check, table in rows.items()}
    except FileNotFoundError:
        return {}
    except MALFORMED as exc:  # a game that silently offered no choice would hide the typo
        raise malformed(package, filename, exc) from None


def _check(check: str, table: dict[str, Any], seed: str) -> CheckChoices:
    decisions = []
    for d in table.get("decision", []):
        first, last = d["lines"]
        source = Source(seed=d.get("seed", seed), lines=(first, last), note=d.get("note", ""))
        options = tuple(_choice(o) for o in d["option"])
        decisions.append(Decision(d["name"], options, source))
    return CheckChoices(check, table["success"], tuple(decisions), table.get("count"))
