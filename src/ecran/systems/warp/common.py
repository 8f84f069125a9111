"""What every WaRP module shares: the seed file and how to cite its lines."""

from __future__ import annotations

from ecran.dice import Distribution
from ecran.rules import Source, cite

SEED = "001_28b97aa83a1ddfc6.txt"
PACKAGE = "ecran.systems.warp"

#: The only die of the game.
D6: Distribution[int] = Distribution.die(6)


def src(first: int, last: int | None = None, note: str = "") -> Source:
    """A citation of the WaRP seed (line numbers of the OCR text)."""
    return cite(SEED, first, last, note)


def parse_source(text: str) -> Source:
    """A TOML `source = "L12-18"` field as a citation."""
    body = text.removeprefix("L")
    first, _, last = body.partition("-")
    return src(int(first), int(last.removeprefix("L")) if last else None)
