"""What a simulation reports (`EncounterReport`: each side's chance to win, the rounds, each
participant's chance to end out of action or dead, the margin of error) and what its batches
add up to on the way (`BatchTally`)."""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import BaseModel, computed_field

if TYPE_CHECKING:
    from ecran.engine.fight.run import Fight


#: One side's wins, and its chance to win (no docstring: it would enter the JSON schema).
class SideOdds(BaseModel):
    side: str
    wins: int
    probability: float


#: One participant's chance to end the fight out of action, and dead.
class FighterOdds(BaseModel):
    name: str
    side: str
    out: float
    dead: float


#: The normal quantile of a two-sided 95 % interval (1.96).
Z95 = NormalDist().inv_cdf(0.975)


#: What `simulate_encounter` answers (`ecran encounter simulate --json`).
class EncounterReport(BaseModel):
    system: str
    trials: int
    seed: int
    sides: list[SideOdds]
    draw: float
    undecided: float
    rounds: dict[int, int]
    participants: list[FighterOdds]
    seconds: float

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented pattern
    @property
    def margin(self) -> float:
        """How far the estimates may be from the true chances: over each side's chance to win
        and the undecided share, the farthest bound of its 95 % Wilson interval from the
        estimate (Wilson, not the normal approximation: 0 out of 40 fights is not known to ±0).
        A simulation is an estimate; the reader should know how good (400 fights: about ±5
        points). In the JSON too (`encounter simulate --json`)."""
        shares = [s.probability for s in self.sides] + [self.undecided + self.draw]
        return wilson_margin(shares, self.trials)


def wilson_margin(shares: list[float], n: int) -> float:
    """Over each share of `n` fights, the farthest bound of its 95 % Wilson interval from the
    share (`EncounterReport.margin`)."""
    z2 = Z95 * Z95
    farthest = 0.0
    for p in shares:
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n))
        farthest = max(farthest, abs(centre - p) + half)
    return farthest


@dataclass
class BatchTally:
    """What a batch of fights ended in, added up over batches."""

    wins: Any  # per side, then none standing, then undecided
    out: Any
    dead: Any
    rounds: dict[int, int]
    trials: int

    @classmethod
    def none(cls, sides: int, participants: int) -> BatchTally:
        """No fight yet, between `sides` sides of `participants` in all."""
        return cls(
            np.zeros(sides + 2, dtype=np.int64),
            np.zeros(participants, dtype=np.int64),
            np.zeros(participants, dtype=np.int64),
            {},
            0,
        )

    def add(self, other: BatchTally) -> None:
        self.wins += other.wins
        self.out += other.out
        self.dead += other.dead
        for r, c in other.rounds.items():
            self.rounds[r] = self.rounds.get(r, 0) + c
        self.trials += other.trials

    def margin(self) -> float:
        """The margin of the report these fights make (`EncounterReport.margin`), without
        making it: each side's share of wins and the share none won."""
        n, wins = self.trials, self.wins
        return wilson_margin([*(w / n for w in wins[:-2].tolist()), (wins[-2] + wins[-1]) / n], n)


def encounter_report(fight: Fight, seed: int, tally: BatchTally, seconds: float) -> EncounterReport:
    """The report of the fights `tally` adds up."""
    trials, wins = tally.trials, tally.wins
    return EncounterReport(
        system=fight.system.id,
        trials=trials,
        seed=seed,
        sides=[
            SideOdds(side=side, wins=int(wins[s]), probability=float(wins[s]) / trials)
            for s, side in enumerate(fight.sides)
        ],
        draw=float(wins[-2]) / trials,
        undecided=float(wins[-1]) / trials,
        rounds=dict(sorted(tally.rounds.items())),
        participants=[
            FighterOdds(
                name=p.name, side=p.side, out=tally.out[i] / trials, dead=tally.dead[i] / trials
            )
            for i, p in enumerate(fight.spec.participants)
        ],
        seconds=round(seconds, 6),
    )
