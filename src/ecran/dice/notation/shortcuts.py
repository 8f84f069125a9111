"""The commonest shapes (`NdX`, `NdXkhK`, `± C` after them) read without the tokeniser: their
tree, or their bare numbers for the exact and rolling quick paths."""

from __future__ import annotations

import re

from ecran.dice.notation import limits
from ecran.dice.notation.ast import (
    Constant,
    Dice,
    Expression,
    Keep,
    Node,
    Sum,
)

_SIMPLE = re.compile(
    r"([1-9][0-9]{0,3})?d([1-9][0-9]{0,3})(k[hl]([1-9][0-9]{0,3}))?([+-][0-9]{1,6})?"
)


_BARE = re.compile(r"([1-9][0-9]{0,3})?d([1-9][0-9]{0,3})([+-][0-9]{1,6})?")


def bare_numbers(text: str) -> tuple[int, int, int] | None:
    """`NdX` or `NdX ± C` (the commonest question) read as (N, X, ±C) without building its
    tree, when within the limits; else None (the text goes the way of `parse`, which gives the
    same sum: a test holds them equal)."""
    match = _BARE.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, constant_text = match.groups()
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    if count > limits.MAX_DICE or sides > limits.MAX_SIDES:
        return None
    return count, sides, int(constant_text) if constant_text else 0


_KEPT = re.compile(r"([1-9][0-9]{0,3})?d([1-9][0-9]{0,3})k([hl])([1-9][0-9]{0,3})([+-][0-9]{1,6})?")


def kept_numbers(text: str) -> tuple[int, int, bool, int, int, str] | None:
    """`NdXkhK` or `NdXklK`, `± C` after it, read as (N, X, highest?, K, ±C, the term's text)
    without building its tree, when within the limits and K <= N; else None (the text goes the
    way of `parse`, which reads the same numbers: a test holds them equal)."""
    match = _KEPT.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, side, kept_text, constant_text = match.groups()
    count = int(count_text) if count_text else 1
    sides, kept = int(sides_text), int(kept_text)
    if count > limits.MAX_DICE or sides > limits.MAX_SIDES or kept > count:
        return None
    term = text[: match.start(5)] if constant_text else text
    return count, sides, side == "h", kept, int(constant_text) if constant_text else 0, term


def simple_expression(text: str) -> Expression | None:
    """The commonest shapes, `NdX`, `NdXkhK`/`NdXklK` and `± C` after them, built without the
    tokeniser (the same tree the full parser builds: a test holds them equal); anything else,
    or a number near a limit, goes the full way."""
    match = _SIMPLE.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, keep_text, kept_text, constant_text = match.groups()
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    if count > limits.MAX_DICE or sides > limits.MAX_SIDES:
        return None
    keeps: tuple[Keep, ...] = ()
    if keep_text:
        kept = int(kept_text)
        if kept > count:
            return None
        keeps = (Keep(highest=keep_text[1] == "h", count=kept, drop=0, text=keep_text),)
    term_text = text[: match.start(5)] if constant_text else text
    terms: list[tuple[int, Node]] = [(1, Dice(count, sides, keeps=keeps, text=term_text))]
    if constant_text:
        terms.append((-1 if constant_text[0] == "-" else 1, Constant(int(constant_text[1:]))))
    return Expression(text, Sum(tuple(terms)))
