"""Exact arithmetic of the dialect, shared by rolling and exact odds so the two cannot differ.

Roll20 evaluates a formula as JavaScript numbers; we keep the same meanings exactly, with
fractions instead of floats: `/` is true division (7/2 is 7/2, shown 3.5), `%` the remainder
with the sign of the left side (JavaScript's `%`: -7 % 3 = -1), `**` a power, `round` halves
up (JavaScript's Math.round: round(-2.5) = -2), `floor`, `ceil`, `abs`.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ecran.dice.notation import limits
from ecran.dice.notation.ast import Value
from ecran.dice.notation.errors import NotationError


def normal(x: Value) -> Value:
    """A whole fraction becomes an int, so that 4/2 and 2 are one outcome and print alike."""
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x.numerator)
    return x


def apply(op: str, a: Value, b: Value) -> Value:
    if op == "+":
        return normal(a + b)
    if op == "-":
        return normal(a - b)
    if op == "*":
        return normal(a * b)
    if op == "/":
        if b == 0:
            raise zero_division()
        return normal(Fraction(a) / b)
    if op == "%":
        if b == 0:
            raise zero_division()
        quotient = Fraction(a) / b
        truncated = math.floor(quotient) if quotient >= 0 else math.ceil(quotient)
        return normal(a - b * truncated)
    return power(a, b)


def power(a: Value, b: Value) -> Value:
    if not isinstance(b, int):
        raise NotationError(
            f"exposant non entier ({show(b)}) : le résultat ne serait pas exact",
            f"exponent {show(b)} is not a whole number: the result would not be exact",
        )
    if a == 0 and b < 0:
        raise zero_division()
    size = abs(b) * max(_bits(a), 1)
    if abs(b) > limits.MAX_EXPONENT or size > limits.MAX_POWER_BITS:
        raise NotationError(
            f"puissance trop grande ({show(a)} ** {b})",
            f"power too large ({show(a)} ** {b})",
        )
    return normal(Fraction(a) ** b)


def call(name: str, x: Value) -> Value:
    if name == "floor":
        return math.floor(x)
    if name == "ceil":
        return math.ceil(x)
    if name == "round":
        return math.floor(x + Fraction(1, 2))
    return normal(-x if x < 0 else x)


def show(x: Value, lang: str = "en") -> str:
    """A value for people: integers as they are, fractions as decimals (at most 4 places)."""
    if isinstance(x, int):
        return str(x)
    text = f"{float(x):.4f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "fr" else text


def exact(x: Value) -> int | str:
    """A value for JSON: an integer as a number, a fraction exactly, as "p/q"."""
    return x if isinstance(x, int) else str(x)


def zero_division() -> NotationError:
    return NotationError("division par zéro", "division by zero")


def _bits(a: Value) -> int:
    f = Fraction(a)
    return max(abs(f.numerator).bit_length(), f.denominator.bit_length())
