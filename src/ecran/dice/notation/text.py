"""Stringifier: a rolled expression as text that shows its work (Markdown-flavoured).

`~~x~~` struck out: a die dropped by keep/drop, or a roll replaced by a reroll. `x!` a roll that
exploded; compounded rolls are joined with `+`. `**x**` a die counted as a success.
"""

from __future__ import annotations

from ecran.dice.notation.ast import Constant
from ecran.dice.notation.roll import PoolDie, RollResult, SumRoll, TermRoll


def roll_text(result: RollResult) -> str:
    return f"{_sum(result.tree, top=True)} = {result.total}"


def _sum(roll: SumRoll, top: bool = False) -> str:
    out: list[str] = []
    for index, (sign, part) in enumerate(roll.parts):
        body = _part(part)
        if index == 0:
            out.append(f"-{body}" if sign < 0 else body)
        else:
            out.append(f"{'+' if sign > 0 else '-'} {body}")
    joined = " ".join(out)
    return joined if top or not roll.node.grouped else f"({joined})"


def _part(part: TermRoll | SumRoll | Constant) -> str:
    if isinstance(part, Constant):
        return str(part.value)
    if isinstance(part, SumRoll):
        return _sum(part)
    return f"{part.node.text} ({', '.join(_die(d) for d in part.pool)})"


def _die(die: PoolDie) -> str:
    standing = sum(1 for face in die.faces if not face.discarded)
    parts: list[str] = []
    for face in die.faces:
        text = f"{face.value}!" if face.exploded else str(face.value)
        if face.discarded:
            parts.append(f"~~{text}~~ ")
        else:
            standing -= 1
            parts.append(text + ("+" if standing else ""))
    body = "".join(parts)
    if not die.kept:
        return f"~~{body}~~"
    return f"**{body}**" if die.passed else body
