"""Stringifier: a rolled expression shown like Roll20 shows it, each die in its term.

One walk gives styled segments (`segments`): a die dropped by keep/drop or a roll replaced by a
reroll is `dropped`, a counted die `success` / `failure`, a die showing a crit `crit-success` /
`crit-fail` (Roll20's `cs`/`cf`, by default the highest and lowest face), matching dice `match`,
labels `label`. A front end turns the styles into its own (Rich styles in the terminal, HTML on
the web). `roll_text` is the same work as one plain line for logs and JSON: `~~x~~` struck out,
`**x**` a success, `x!` a roll that exploded; compounded rolls are joined with `+`.
"""

from __future__ import annotations

from ecran.dice.notation import arith
from ecran.dice.notation.ast import Constant
from ecran.dice.notation.walk import (
    CallRoll,
    GroupRoll,
    LabelRoll,
    OpRoll,
    PoolDie,
    Rolled,
    RollResult,
    SumRoll,
    TermRoll,
)

Segment = tuple[str, frozenset[str]]
_PLAIN: frozenset[str] = frozenset()


def roll_text(result: RollResult) -> str:
    return plain(segments(result))


def segments(result: RollResult, lang: str = "en") -> list[Segment]:
    """The roll's work as styled segments, the total last (a decimal in `lang`'s notation)."""
    out: list[Segment] = []
    _sum(result.tree, out, top=True)
    out.append((f" = {arith.show(result.total, lang)}", _PLAIN))
    return out


def plain(parts: list[Segment]) -> str:
    """Segments as one line: struck (`~~`) and bold (`**`) runs, other styles dropped."""
    out: list[str] = []
    for text, styles in parts:
        if "dropped" in styles:
            out.append(f"~~{text}~~")
        elif "success" in styles:
            out.append(f"**{text}**")
        else:
            out.append(text)
    return "".join(out)


def _sum(roll: SumRoll, out: list[Segment], top: bool = False) -> None:
    wrap = not top and roll.node.grouped
    if wrap:
        out.append(("(", _PLAIN))
    for index, (sign, part) in enumerate(roll.parts):
        if index == 0:
            if sign < 0:
                out.append(("-", _PLAIN))
        else:
            out.append((f" {'+' if sign > 0 else '-'} ", _PLAIN))
        _part(part, out)
    if wrap:
        out.append((")", _PLAIN))


def _part(part: Rolled, out: list[Segment]) -> None:
    if isinstance(part, Constant):
        out.append((arith.show(part.value), _PLAIN))
    elif isinstance(part, SumRoll):
        _sum(part, out)
    elif isinstance(part, TermRoll):
        _term(part, out)
    elif isinstance(part, OpRoll):
        _part(part.left, out)
        out.append((f" {part.node.op} ", _PLAIN))
        _part(part.right, out)
    elif isinstance(part, CallRoll):
        out.append((f"{part.node.name}(", _PLAIN))
        _sum(part.arg, out, top=True)
        out.append((")", _PLAIN))
    elif isinstance(part, LabelRoll):
        _part(part.inner, out)
        out.append((" ", _PLAIN))
        out.append((f"[{part.node.label}]", frozenset({"label"})))
    else:
        _group(part, out)


def _group(group: GroupRoll, out: list[Segment]) -> None:
    out.append(("{", _PLAIN))
    for index, (item, kept) in enumerate(zip(group.items, group.kept, strict=True)):
        if index:
            out.append((", ", _PLAIN))
        if kept:
            _sum(item, out, top=True)
        else:
            inner: list[Segment] = []
            _sum(item, inner, top=True)
            out.append(("".join(text for text, _ in inner), frozenset({"dropped"})))
    tail = group.node.text[group.node.text.rindex("}") + 1 :]
    out.append(("}" + tail, _PLAIN))
    out.append((f" → {arith.show(group.value)}", _PLAIN))


def _term(term: TermRoll, out: list[Segment]) -> None:
    node = term.node
    out.append((f"{node.text} (", _PLAIN))
    pool = term.pool
    if node.sort is not None:
        pool = sorted(pool, key=lambda d: d.value, reverse=node.sort == "d")
    for index, die in enumerate(pool):
        if index:
            out.append((", ", _PLAIN))
        _die(term, die, out)
    out.append((")", _PLAIN))


def _die(term: TermRoll, die: PoolDie, out: list[Segment]) -> None:
    node = term.node
    styles: set[str] = set()
    if not die.kept:
        styles.add("dropped")
    elif die.passed:
        styles.add("success")
    elif die.failed:
        styles.add("failure")
    if die.matched:
        styles.add("match")
    standing = sum(1 for face in die.faces if not face.discarded)
    body: list[Segment] = []
    for face in die.faces:
        text = _face(face.value, node.fate) + ("!" if face.exploded else "")
        crit_success, crit_fail = node.is_crit(face.value)
        face_styles = set(styles)
        if crit_success:
            face_styles.add("crit-success")
        if crit_fail:
            face_styles.add("crit-fail")
        if face.discarded:
            body.append((text, frozenset(face_styles | {"dropped"})))
            body.append((" ", frozenset(styles)))
        else:
            standing -= 1
            body.append((text, frozenset(face_styles)))
            if standing:
                body.append(("+", frozenset(styles)))
    if "dropped" in styles or "success" in styles:
        # the plain line marks the whole die once (`~~3~~`, `**5**`), as it always did; a
        # reroll inside a counted die keeps its own strike
        marks: set[str] = set()
        for _, s in body:
            marks |= s
        text = "".join(
            f"~~{t}~~" if "dropped" in s and "dropped" not in styles else t for t, s in body
        )
        out.append((text, frozenset(styles | (marks - {"dropped"}))))
        return
    out.extend(body)


def _face(value: int, fate: bool) -> str:
    if not fate:
        return str(value)
    return "+" if value > 0 else "-" if value < 0 else "0"
