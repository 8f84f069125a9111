"""A number written by Babel's pattern whatever its size.

Babel quantizes in the current `decimal` context (28 significant digits): 10**28 with a
"0.00" pattern, or any number of 29 digits and more, raised `InvalidOperation`, and it reads an
`int` through `str`, which Python refuses past 4,300 digits. Every number shown to a person goes
through `formatted`, which gives Babel a context as precise as the number needs.
"""

from __future__ import annotations

import decimal
from decimal import Decimal
from fractions import Fraction

#: The locale each reader's numbers are written in (decimal comma and grouping in French).
NUMBER_LOCALES = {"fr": "fr_FR", "en": "en_GB"}

#: Fraction digits a pattern may ask for, and some to spare for rounding.
_SPARE_DIGITS = 40


def formatted(value: float | int | Decimal | Fraction, pattern: str, locale: str) -> str:
    """`value` written in `pattern` for `locale` (Babel's `format_decimal`), exact at any size
    (a `Fraction` to the pattern's last digit, however big: never through a `float`)."""
    from babel.numbers import format_decimal

    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, Fraction):
        exact = _decimal(value)
    elif isinstance(value, int):
        exact = Decimal(value)  # not through `str`: no limit on the digits
    elif isinstance(value, float):
        exact = Decimal(repr(value))  # as Babel reads a float: 0.1 is "0.1"
    else:
        exact = value
    if not exact.is_finite():
        return str(format_decimal(exact, format=pattern, locale=locale))
    digits = max(exact.adjusted() + 1, len(exact.as_tuple().digits), 1)
    with decimal.localcontext() as context:
        context.prec = max(context.prec, digits + _SPARE_DIGITS)
        context.Emax = max(context.Emax, digits + _SPARE_DIGITS)
        return str(format_decimal(exact, format=pattern, locale=locale))


def _decimal(value: Fraction) -> Decimal:
    """`value` as a decimal, exact to `_SPARE_DIGITS` digits past its point."""
    # its whole part's digits, counted from its bits (`str` refuses past 4,300 digits)
    whole = (abs(value.numerator) // value.denominator).bit_length() * 30103 // 100_000 + 2
    with decimal.localcontext() as context:
        context.prec = whole + _SPARE_DIGITS
        context.Emax = max(context.Emax, context.prec)
        return Decimal(value.numerator) / Decimal(value.denominator)


def written(value: float | int | Decimal | Fraction, pattern: str, lang: str) -> str:
    """`formatted` in the reader's language (`fr`, `en`)."""
    return formatted(value, pattern, NUMBER_LOCALES["fr" if lang == "fr" else "en"])
