"""Seeded rolling: one RNG object passed in, the dice of the current roll recorded in order."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from ecran.dice.distribution import Distribution

F = TypeVar("F", bound=Hashable)

MAX_SEED = 2**63 - 1

RECORD_LIMIT = 100_000
"""Dice a roller keeps when nobody starts a new roll (see `Roller.new_roll`): ten times the most
one roll may ask for (`notation.limits.MAX_ROLLS`), so trimming never reaches the current roll."""


class DiceSource(Protocol):
    """What a dice procedure may ask for. A `Roller` rolls; an enumerator branches."""

    def d(self, sides: int) -> int:
        """One die numbered 1..sides."""
        ...

    def face(self, faces: Sequence[int]) -> int:
        """One fair die with these faces (each listed face equally likely)."""
        ...


#: An unseeded roller's seed comes from the system's randomness (`os.urandom`, what `secrets`
#: draws from; not `secrets` itself, whose import loads OpenSSL for `hmac`: ~10 ms of every
#: `ecran dice`, #32).
_OS_RANDOM = random.SystemRandom()


class Roller:
    """Rolls dice from its own `random.Random(seed)`; the same seed gives the same dice, always.

    `rolled` lists the dice of the current roll, each shown value in the order rolled: the audit
    trail of a RollRecord. A roll starts when the roller is made or at `new_roll()`. A roller
    reused for ever without `new_roll()` keeps at most `RECORD_LIMIT` dice (the newest), so a
    long loop's memory stays flat and the current roll is never cut.
    """

    __slots__ = ("_getrandbits", "_rng", "rolled", "seed")

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = _OS_RANDOM.randrange(MAX_SEED)
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be between 0 and {MAX_SEED}")
        self.seed = seed
        self._rng = random.Random(seed)
        self._getrandbits = self._rng.getrandbits
        self.rolled: list[int] = []

    def new_roll(self) -> None:
        """Start a new roll: `rolled` forgets the dice of the previous one."""
        self.rolled = []

    def d(self, sides: int) -> int:
        if sides < 1:
            raise ValueError("a die needs at least one side")
        # exactly what randrange(sides) draws (`Random._randbelow_with_getrandbits`: k bits of
        # sides.bit_length(), drawn again while out of range), so seeds replay as they always
        # have, without randrange's three Python-level calls per die
        bits = sides.bit_length()
        value = self._getrandbits(bits)
        while value >= sides:
            value = self._getrandbits(bits)
        value += 1
        rolled = self.rolled
        rolled.append(value)
        if len(rolled) > RECORD_LIMIT:  # trimmed as `many` trims: the newest half kept
            del rolled[: len(rolled) - RECORD_LIMIT // 2]
        return value

    def many(self, sides: int, count: int) -> list[int]:
        """`count` dice numbered 1..sides: the very draws of `count` calls to `d`, in one loop."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        bits = sides.bit_length()
        getrandbits = self._getrandbits
        values = []
        for _ in range(count):
            value = getrandbits(bits)
            while value >= sides:
                value = getrandbits(bits)
            values.append(value + 1)
        rolled = self.rolled
        rolled.extend(values)
        if len(rolled) > RECORD_LIMIT:
            del rolled[: len(rolled) - RECORD_LIMIT // 2]
        return values

    def exploding(
        self, sides: int, count: int, faces: frozenset[int], most: int, limit: int
    ) -> list[int]:
        """`count` exploding dice, each followed by its extra rolls while it shows one of
        `faces` (at most `most` extra rolls a die): the very draws of calling `d` die after die
        in that order. Stops once more than `limit` dice are rolled (the caller's budget)."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        bits = sides.bit_length()
        getrandbits = self._getrandbits
        values: list[int] = []
        append = values.append
        for _ in range(count):
            run = -1
            value = 0
            while run < 0 or (value in faces and run < most):
                if len(values) >= limit:
                    append(0)  # over the budget: the caller refuses the roll
                    return values
                value = getrandbits(bits)
                while value >= sides:
                    value = getrandbits(bits)
                value += 1
                append(value)
                run += 1
        rolled = self.rolled
        rolled.extend(values)
        if len(rolled) > RECORD_LIMIT:
            del rolled[: len(rolled) - RECORD_LIMIT // 2]
        return values

    def rerolled(
        self, sides: int, count: int, faces: frozenset[int], once: bool, limit: int
    ) -> tuple[list[int], list[int]]:
        """`count` dice, each rolled again while it shows one of `faces` (`once`: at most one
        more roll): every roll in order, rerolled-away ones included (the record), and the
        value each die keeps. The very draws of calling `d` roll after roll. Stops once more
        than `limit` rolls are asked (the caller's budget)."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        bits = sides.bit_length()
        getrandbits = self._getrandbits
        record: list[int] = []
        append = record.append
        standing: list[int] = []
        for _ in range(count):
            tries = 0
            while True:
                if len(record) >= limit:
                    append(0)  # over the budget: the caller refuses the roll
                    return record, standing
                value = getrandbits(bits)
                while value >= sides:
                    value = getrandbits(bits)
                value += 1
                append(value)
                tries += 1
                if value not in faces or (once and tries == 2):
                    break
            standing.append(value)
        rolled = self.rolled
        rolled.extend(record)
        if len(rolled) > RECORD_LIMIT:
            del rolled[: len(rolled) - RECORD_LIMIT // 2]
        return record, standing

    def face(self, faces: Sequence[int]) -> int:
        value = faces[self._rng.randrange(len(faces))]
        rolled = self.rolled
        rolled.append(value)
        if len(rolled) > RECORD_LIMIT:
            del rolled[: RECORD_LIMIT // 2]
        return value

    def sample(self, dist: Distribution[F]) -> F:
        """Draw one outcome of an exact distribution (not recorded as a die)."""
        if dist.residual:
            raise ValueError("cannot sample a truncated distribution")
        pick = self._rng.randrange(dist.denominator)
        for outcome in dist.outcomes():
            pick -= dist.weight(outcome)
            if pick < 0:
                return outcome
        raise AssertionError("unreachable: weights sum to the denominator")
