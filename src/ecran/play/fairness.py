"""Are the table's dice fair? Observed against expected, for everyone to read.

Two tests on the rolls a member may see (their views of the log, so nobody learns a hidden roll):

- faces: for each member and each die size, how often each face came up, against the uniform law
  (each face 1/n). The dice of a roll come from replaying its seed with a roller that notes each
  die's size (the record lists the faces only).
- checks: for each check, how often each outcome came up, against its exact odds at each roll's
  parameters (the expected count of an outcome is the sum of its probabilities over the rolls).

Each gives Pearson's chi-square and its p-value: the chance that fair dice stray at least this far
from the expectation. A small p-value (under 1 %) is a reason to look closer, not a proof; under
five expected per cell the test says too little (`enough` is false). The p-value is the chi-square
law's tail, the regularized upper incomplete gamma function Q(df/2, x/2) (`chi2_sf`), computed
here (series and continued fraction, Numerical Recipes §6.2) as SciPy is not a dependency.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from fractions import Fraction

from pydantic import BaseModel

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.records import RollRecord, odds_report
from ecran.play.events import EventView
from ecran.play.payloads import RollMade
from ecran.rules import EcranError

#: The newest rolls a panel reads (each is replayed and its odds computed).
MAX_ROLLS = 2000
#: Below this expected count in a cell, a chi-square test says too little.
MIN_EXPECTED = 5.0
_EPS = 1e-15
_ITERATIONS = 10_000


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series (converges fast for x < a + 1)."""
    term = total = 1.0 / a
    n = a
    for _ in range(_ITERATIONS):
        n += 1.0
        term *= x / n
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz; for x >= a + 1)."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, _ITERATIONS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a)."""
    if a <= 0 or x < 0:
        raise ValueError("gamma_q needs a > 0 and x >= 0")
    if x == 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return min(1.0, _upper_fraction(a, x))


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X following the chi-square law with `df` degrees of freedom."""
    return gamma_q(df / 2.0, x / 2.0)


def chi_square(observed: list[int], expected: list[float]) -> tuple[float, int, float]:
    """Pearson's statistic over the cells of non-zero expectation, its degrees of freedom, its
    p-value (1 when there is nothing to test)."""
    cells = [(o, e) for o, e in zip(observed, expected, strict=True) if e > 0]
    df = len(cells) - 1
    if df < 1:
        return 0.0, 0, 1.0
    x = sum((o - e) ** 2 / e for o, e in cells)
    return x, df, chi2_sf(x, df)


class FaceTest(BaseModel):
    """One member's dice of one size against the uniform law."""

    member_id: str
    sides: int
    counts: list[int]
    dice: int
    chi2: float
    df: int
    p_value: float
    enough: bool


class OutcomeCount(BaseModel):
    outcome: str
    observed: int
    expected: float


class CheckTest(BaseModel):
    """One check's outcomes against their exact odds, at each roll's parameters."""

    system: str
    check: str
    rolls: int
    outcomes: list[OutcomeCount]
    chi2: float
    df: int
    p_value: float
    enough: bool


class Fairness(BaseModel):
    rolls: int
    faces: list[FaceTest]
    checks: list[CheckTest]


class _Noting(Roller):
    """A roller noting the size of each numbered die it rolls."""

    __slots__ = ("sizes",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.sizes: list[tuple[int, int]] = []

    def d(self, sides: int) -> int:
        value = super().d(sides)
        self.sizes.append((sides, value))
        return value


def dice_of(record: RollRecord) -> list[tuple[int, int]]:
    """(sides, face) of each numbered die of a roll, from its seed; none if it does not replay
    to its own dice (the audit names such a roll)."""
    check = get_system(record.system).check(record.check)
    roller = _Noting(record.seed)
    check.roll(check.parse(record.params), roller)
    return roller.sizes if list(roller.rolled) == record.dice else []


def _rolls(events: Iterable[EventView]) -> list[tuple[str, RollRecord]]:
    found = [
        (e.actor_id or "", RollMade.model_validate(e.payload).record)
        for e in events
        if e.kind == "roll" and not e.redacted
    ]
    return found[-MAX_ROLLS:]


def _faces(rolls: list[tuple[str, RollRecord]]) -> list[FaceTest]:
    counts: dict[tuple[str, int], Counter[int]] = defaultdict(Counter)
    for member, record in rolls:
        try:
            for sides, face in dice_of(record):
                counts[member, sides][face] += 1
        except (EcranError, ValueError):
            continue  # a roll of a system or check no longer known: nothing to count
    tests = []
    for (member, sides), seen in sorted(counts.items()):
        observed = [seen[f] for f in range(1, sides + 1)]
        total = sum(observed)
        each = total / sides
        x, df, p = chi_square(observed, [each] * sides)
        tests.append(
            FaceTest(
                member_id=member,
                sides=sides,
                counts=observed,
                dice=total,
                chi2=x,
                df=df,
                p_value=p,
                enough=each >= MIN_EXPECTED,
            )
        )
    return tests


def _checks(rolls: list[tuple[str, RollRecord]]) -> list[CheckTest]:
    expected: dict[tuple[str, str], dict[str, Fraction]] = {}
    observed: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for _, record in rolls:
        key = (record.system, record.check)
        try:
            report = odds_report(record.system, record.check, record.params)
        except EcranError:
            continue
        sums = expected.setdefault(key, {o.outcome: Fraction(0) for o in report.outcomes})
        for o in report.outcomes:
            sums[o.outcome] = sums.get(o.outcome, Fraction(0)) + Fraction(o.probability)
        observed[key][record.outcome] += 1
    tests = []
    for (system, check), sums in sorted(expected.items()):
        names = list(sums)
        seen = [observed[system, check][n] for n in names]
        means = [float(sums[n]) for n in names]
        x, df, p = chi_square(seen, means)
        tests.append(
            CheckTest(
                system=system,
                check=check,
                rolls=sum(seen),
                outcomes=[
                    OutcomeCount(outcome=n, observed=o, expected=e)
                    for n, o, e in zip(names, seen, means, strict=True)
                ],
                chi2=x,
                df=df,
                p_value=p,
                enough=all(e >= MIN_EXPECTED for e in means if e > 0),
            )
        )
    return tests


def fairness(events: Iterable[EventView]) -> Fairness:
    """The two tests over the (at most `MAX_ROLLS` newest) rolls among these views."""
    rolls = _rolls(events)
    return Fairness(rolls=len(rolls), faces=_faces(rolls), checks=_checks(rolls))
