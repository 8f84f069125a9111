"""The WaRP dice pool: N d6 summed, bonus/penalty dice that cancel, open-ended sixes.

Rolling and exact odds live side by side so they are written from the same reading:

* bonus and penalty dice cancel one for one (L1461-1465; several of each: netted, reading §9.10);
  the net extra dice are rolled too and the lowest (bonus, L7-9) or highest (penalty, L71-73)
  dropped, so that N dice are kept and summed; the kept sum is computed face by face in a time
  that does not grow with the net extra dice (`_kept_top`), refused only beyond MAX_NET;
* "every kept die shows 1" is exactly "kept sum = N" and "every kept die shows 6" is exactly
  "kept sum = 6N" (each die shows 1..6), so the kept-sum distribution alone carries the fumble and
  the open-ended trigger;
* an open-ended roll (L1853-1885) adds an exploding d6 sum x = 6K + R (K geometric with ratio 1/6,
  R uniform on 1..5). Against a finite number the explosion is cut exactly where the comparison can
  no longer change (`explode(cap=...)`); two explosions against each other are compared in closed
  form (see `_both_open`). Nothing is truncated.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from ecran.dice import DiceSource, Distribution, explode
from ecran.record import record
from ecran.rules import EcranError, tr

#: The only die of the game.
D6: Distribution[int] = Distribution.die(6)


@record
class PoolRoll:
    """One side's roll: every die rolled, the kept ones, and open-ended additions."""

    rolled: tuple[int, ...]
    kept: tuple[int, ...]
    open_dice: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.kept) + sum(self.open_dice)

    @property
    def dropped(self) -> tuple[int, ...]:
        left = list(self.rolled)
        for die in self.kept:
            left.remove(die)
        return tuple(left)

    @property
    def all_ones(self) -> bool:
        return bool(self.kept) and all(d == 1 for d in self.kept)

    @property
    def kept_sixes(self) -> int:
        return sum(1 for d in self.kept if d == 6)

    def details(self, prefix: str = "") -> dict[str, object]:
        kept = list(self.kept)
        return {
            f"{prefix}rolled": list(self.rolled),
            f"{prefix}kept": kept,
            # nothing is dropped without bonus or penalty dice (every die rolled is kept)
            f"{prefix}dropped": list(self.dropped) if len(kept) < len(self.rolled) else [],
            f"{prefix}open_dice": list(self.open_dice),
            f"{prefix}total": sum(kept) + sum(self.open_dice),
            f"{prefix}kept_sixes": kept.count(6),
        }


def roll_pool(
    dice: DiceSource, n: int, bonus: int = 0, penalty: int = 0, open_ended: bool = False
) -> PoolRoll:
    """Roll N d6 with bonus/penalty dice; with `open_ended`, add d6s while every kept die is 6."""
    net = bonus - penalty
    check_net(net)
    rolled = tuple([dice.d(6) for _ in range(n + abs(net))])
    kept = tuple(sorted(rolled, reverse=net >= 0)[:n])
    extra: tuple[int, ...] = ()
    if open_ended and kept and all(d == 6 for d in kept):
        extra = explosion(dice)
    return PoolRoll(rolled, kept, extra)


def explosion(dice: DiceSource, sixes: int = 0) -> tuple[int, ...]:
    """The open-ended additions (L1853-1885): a d6 added, and another while it shows 6. With
    `sixes`, the chain is the one known to start with that many sixes: they are shown, and the
    rest is a fresh chain, since a chain has no memory (each die is rolled on its own)."""
    extra = [6] * sixes
    while True:
        extra.append(dice.d(6))
        if extra[-1] != 6:
            return tuple(extra)


def roll_all_six(dice: DiceSource, n: int, bonus: int = 0, penalty: int = 0) -> PoolRoll:
    """`roll_pool`'s dice (without the explosion) drawn given that every kept die shows 6:
    exact in law, without rolling again and again. With penalty dice (the lowest kept) every
    die is a 6. With `b` net bonus dice, the number S of sixes among the N + b dice is drawn
    given S >= N (weights C(N + b, s) 5**(N + b - s)), the other dice uniform on 1..5, then
    the sixes' places uniform (a shuffle): the roll's law given at least N sixes."""
    net = bonus - penalty
    check_net(net)
    total = n + abs(net)
    if net <= 0:
        six = (6,) * total
        return PoolRoll(six, six[:n])
    weights = [comb(total, s) * 5 ** (total - s) for s in range(n, total + 1)]
    pick = dice.d(sum(weights))
    sixes = n
    for w in weights:
        if pick <= w:
            break
        pick -= w
        sixes += 1
    faces = [6] * sixes + [dice.d(5) for _ in range(total - sixes)]
    for i in range(total - 1, 0, -1):  # Fisher-Yates: every order equally likely
        j = dice.d(i + 1) - 1
        faces[i], faces[j] = faces[j], faces[i]
    rolled = tuple(faces)
    return PoolRoll(rolled, tuple(sorted(rolled, reverse=True)[:n]))


#: Net bonus or penalty dice beyond this are refused: the exact odds of N kept dice of N + k carry
#: denominators of 6 ** (N + k), still fast at k = 1000 (well past any table's needs) but not at
#: any integer a form accepts.
MAX_NET = 1000


def check_net(net: int) -> None:
    """Refuse a net count of bonus or penalty dice above MAX_NET (after cancelling)."""
    if abs(net) > MAX_NET:
        raise EcranError(
            tr(
                f"{abs(net)} dés bonus ou de pénalité nets : {MAX_NET} au plus "
                "(les dés bonus et de pénalité s'annulent d'abord)",
                f"{abs(net)} net bonus or penalty dice: at most {MAX_NET} "
                "(bonus and penalty dice cancel first)",
            )
        )


@cache
def _kept_top(n: int, extra: int) -> Distribution[tuple[int, bool, bool]]:
    """(sum, a kept die shows 6, a kept die shows 1) of the N highest of N + `extra` d6.

    Faces are visited from 6 down; a state is (kept dice assigned m < N, their sum, a six was
    kept). At face f, c of the `left` = N + extra - m unassigned dice show f (the others show
    less): c < N - m carries on; every c >= N - m fills the kept set, and those cases are lumped
    in one closed form, f**left minus the carried head, so the cost does not grow with `extra`.
    """
    dice = n + extra
    finished: dict[tuple[int, bool, bool], int] = {}
    states: dict[tuple[int, int, bool], int] = {(0, 0, False): 1}
    for face in range(6, 0, -1):
        below = face - 1
        carried: dict[tuple[int, int, bool], int] = {}
        for (m, total, six), ways in states.items():
            left, need = dice - m, n - m
            head = [comb(left, c) for c in range(need)]
            fill = face**left - sum(w * below ** (left - c) for c, w in enumerate(head))
            key = (total + face * need, six or face == 6, face == 1)
            finished[key] = finished.get(key, 0) + ways * fill
            if face == 1:
                continue
            for c, w in enumerate(head):
                nxt = (m + c, total + face * c, six or (face == 6 and c > 0))
                carried[nxt] = carried.get(nxt, 0) + ways * w
        states = carried
    return Distribution(finished, 6**dice).reduced()


@cache
def kept_sum(n: int, net: int) -> Distribution[int]:
    """Exact distribution of the kept sum of N dice with `net` bonus (>0) or penalty (<0) dice.
    Penalty dice keep the lowest: by symmetry (7 - face) that is 7N minus a bonus roll."""
    check_net(net)
    top = _kept_top(n, abs(net)).map(lambda t: t[0])
    return top if net >= 0 else top.map(lambda s: 7 * n - s)


def open_total_against(n: int, beats: int) -> Distribution[int]:
    """Total of an all-six roll of N dice plus its explosion, exact for every total <= `beats`;
    all totals above `beats` are merged into one value above it."""
    cap = max(1, beats + 1 - 6 * n)
    return explode(D6, {6}, cap=cap) + 6 * n


def total_against(n: int, net: int, open_ended: bool, beats: int) -> Distribution[int]:
    """Distribution of the final total, exact wherever it matters against `beats`."""
    base = kept_sum(n, net)
    if not open_ended or n == 0:
        return base
    top = 6 * n
    return base.bind(
        lambda s: open_total_against(n, beats) if s == top else Distribution.constant(s)
    )


# -- comparing two pools --------------------------------------------------------------------

_P_GEOM_DIFF = Fraction(5, 7)  # P(K1 - K2 = d) = 5/7 * 6**-|d| for two explosion counts


def _p_diff_eq(d: int) -> Fraction:
    return _P_GEOM_DIFF * Fraction(1, 6 ** abs(d))


def _p_diff_gt(c: int) -> Fraction:
    """P(K1 - K2 > c); P(K1 - K2 >= t) = 6/7 * 6**-t for t >= 1, and symmetric."""
    if c >= 0:
        return Fraction(6, 7) * Fraction(1, 6 ** (c + 1))
    return 1 - Fraction(6, 7) * Fraction(1, 6 ** (-c))


def _both_open(n: int, m: int) -> tuple[Fraction, Fraction, Fraction]:
    """(win, tie, loss) of 6n + x against 6m + y, x and y independent exploding d6 sums.

    x - y = 6(K1 - K2) + (R1 - R2) with |R1 - R2| <= 4, so the sign is that of
    n - m + K1 - K2 unless that is 0, when it is the sign of R1 - R2 (2/5, 1/5, 2/5)."""
    c = m - n
    same = _p_diff_eq(c)
    win = _p_diff_gt(c) + same * Fraction(2, 5)
    tie = same * Fraction(1, 5)
    return win, tie, 1 - win - tie


def compare_sums(a: int, n: int, b: int, m: int, open_ended: bool) -> dict[str, Fraction]:
    """Outcome odds of side A (kept sum a of n dice) against side B (kept sum b of m dice)."""
    a_open = open_ended and n > 0 and a == 6 * n
    b_open = open_ended and m > 0 and b == 6 * m
    if a_open and b_open:
        win, tie, loss = _both_open(n, m)
        return {"win": win, "tie": tie, "loss": loss}
    if a_open:
        return _sign_odds(open_total_against(n, b), b)
    if b_open:
        flipped = _sign_odds(open_total_against(m, a), a)
        return {"win": flipped["loss"], "tie": flipped["tie"], "loss": flipped["win"]}
    key = "win" if a > b else "tie" if a == b else "loss"
    return {key: Fraction(1)}


def _sign_odds(totals: Distribution[int], against: int) -> dict[str, Fraction]:
    return {
        "win": totals.probability_where(lambda t: t > against),
        "tie": totals.probability(against),
        "loss": totals.probability_where(lambda t: t < against),
    }


@cache
def kept_sum_six(n: int, net: int) -> Distribution[tuple[int, bool]]:
    """Joint distribution of (kept sum, at least one kept die shows 6) for the unstoppable six.
    With penalty dice the kept dice are the lowest: mirrored, a kept 6 is a kept 1 of the top."""
    check_net(net)
    top = _kept_top(n, abs(net))
    if net >= 0:
        return top.map(lambda t: (t[0], t[1]))
    return top.map(lambda t: (7 * n - t[0], t[2]))
