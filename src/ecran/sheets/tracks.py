"""Rows that read as a track ("8 / 10", "0/10 Indemne") print as a line of boxes to tick."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

#: More boxes than this do not fit one row of a half-page column; such rows stay plain text.
MAX_BOXES = 30

_TRACK = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*/\s*(\d+)(?:\s+(?P<rest>\S.*))?$")


@dataclass(frozen=True)
class Track:
    """Each box's fill (0, 1/2 ... 1): the current value read left to right."""

    boxes: tuple[Fraction, ...]
    rest: str = ""


def parse_track(label: str, value: str) -> Track | None:
    """A track when the value is "current / maximum" with a small maximum.

    A label that itself holds a slash ("total / used") names two quantities, not a track.
    """
    if "/" in label:
        return None
    found = _TRACK.match(value)
    if found is None:
        return None
    current = Fraction(found.group(1).replace(",", "."))
    maximum = int(found.group(2))
    if not 0 < maximum <= MAX_BOXES or current > maximum:
        return None
    boxes = tuple(min(Fraction(1), max(Fraction(0), current - i)) for i in range(maximum))
    return Track(boxes, found.group("rest") or "")
