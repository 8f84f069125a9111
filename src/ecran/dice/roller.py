"""Seeded rolling: one RNG object passed in, every die recorded in the order rolled."""

from __future__ import annotations

import random
import secrets
from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

from ecran.dice.distribution import Distribution

F = TypeVar("F", bound=Hashable)

MAX_SEED = 2**63 - 1


class DiceSource(Protocol):
    """What a dice procedure may ask for. A `Roller` rolls; an enumerator branches."""

    def d(self, sides: int) -> int:
        """One die numbered 1..sides."""
        ...

    def face(self, faces: Sequence[int]) -> int:
        """One fair die with these faces (each listed face equally likely)."""
        ...


class Roller:
    """Rolls dice from its own `random.Random(seed)`; the same seed gives the same dice, always.

    `rolled` lists every die's shown value in the order rolled: the audit trail of a RollRecord.
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be between 0 and {MAX_SEED}")
        self.seed = seed
        self._rng = random.Random(seed)
        self.rolled: list[int] = []

    def d(self, sides: int) -> int:
        if sides < 1:
            raise ValueError("a die needs at least one side")
        # randrange(sides) + 1 draws exactly what randint(1, sides) draws (both are
        # 1 + _randbelow(sides)), so seeds replay as before, at a fraction of the cost
        value = self._rng.randrange(sides) + 1
        self.rolled.append(value)
        return value

    def face(self, faces: Sequence[int]) -> int:
        value = faces[self._rng.randrange(len(faces))]
        self.rolled.append(value)
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
