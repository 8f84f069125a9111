"""Fluid's die, exactly: the base d10, advantage/disadvantage dice, and the chained explosions.

A test's die value is one of three kinds of *atom*:

* ``("fin", v)``: a plain kept face (or the 10/1 of a non-exploding die);
* ``("up", 10)``: an upward explosion, worth ``10 + U`` where ``U`` is the chained reroll
  (``U = 10·M + R``: M more tens, R in 1..9, M geometric with ratio 1/10) (L364-368, L518-522);
* ``("down", -1)``: a downward explosion, worth ``-1 - V`` (``V = M + R``, R in 2..10)
  (L370-374, L868-870).

A score is the die atom shifted by the characteristic and flat modifiers. Any comparison the
rules need (a score against the Results Table, a score against another score) is the
distribution of ``A - B`` *clipped* to a window ``[lo, hi]``: mass outside the window is summed
onto its edge, exactly, because the chains are either capped where the result can no longer
change, or (two chains in the same direction) summed in closed form over the geometric law of
``M1 - M2``. Nothing is truncated, so no residual ever appears.

Where a rule needs the difference itself, every value of it (an attack's damage grows with it
without end), `difference_law` lists it exactly wherever no chain repeats more than
LISTED_REPEATS times and leaves the rest as a tail of known weight, drawn on fresh dice by the
chain's memorylessness (`DieLaw.roll_long`). `ExactDraw` draws any of these exact laws with
dice a walk can follow (the survival test by its odds).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Generic, TypeVar

from ecran.dice import DiceSource, Distribution, Roller, explode
from ecran.record import record

Atom = tuple[str, int]
T = TypeVar("T", bound=Hashable)
D10 = Distribution.die(10)
TENTH = Fraction(1, 10)


@record
class Explosions:
    """Which explosions are in force: Option 1 (L604-614) drops the base die's, Option 2
    (L618-622) the doubles'."""

    base: bool = True
    doubles: bool = True
    #: Reading: a double 10 among the advantage dice explodes up even when the base die shows 1,
    #: "quels que soient les dés concernés" (L518-522; and a double 1 beside a base 10, L868-870).
    #: False: the base die's own explosion, read first (L546-550), wins.
    doubles_over_base: bool = False


# -- the die as atoms ---------------------------------------------------------------------------


def _max_weights(k: int) -> dict[str, int]:
    """k extra d10 under advantage, as weights over 10**k: no 10 and max = m, exactly one 10,
    two 10s or more (k = 0: no extra die, "max0")."""
    if k == 0:
        return {"max0": 1}
    law = {f"max{m}": m**k - (m - 1) ** k for m in range(1, 10)}
    law["one10"] = k * 9 ** (k - 1)
    law["two10"] = 10**k - 9**k - law["one10"]
    return law


@lru_cache(maxsize=256)
def die_atoms(net: int, rules: Explosions = Explosions()) -> Distribution[Atom]:
    """Exact law of the die value with `net` advantage dice (net > 0) or disadvantage dice
    (net < 0), after cancellation (L860-862), following the §2.6 order: the base die first
    (L546-550), then the doubles in the direction of the dice (L518, L868, L610-614). Integer
    weights over 10**(net + 1): the base die's tenth times the extra dice's law over 10**net
    (a survival test's 600 disadvantage dice made 600-digit `Fraction`s term by term, #32)."""
    if net < 0:
        mirrored = die_atoms(-net, rules)
        return mirrored.map(_mirror)
    weights: dict[Atom, int] = {}

    def add(atom: Atom, w: int) -> None:
        if w:
            weights[atom] = weights.get(atom, 0) + w

    law = _max_weights(net)
    whole = 10**net
    for base in range(1, 11):
        if rules.base and base == 10:
            add(("up", 10), whole)
            continue
        if rules.base and base == 1:
            both = net and rules.doubles and rules.doubles_over_base
            double = law.get("two10", 0) if both else 0
            add(("up", 10), double)
            add(("down", -1), whole - double)
            continue
        for key, w in law.items():
            if key == "two10" or (key == "one10" and base == 10):
                add(("up", 10) if rules.doubles else ("fin", 10), w)
            elif key == "one10":
                add(("fin", 10), w)
            else:
                add(("fin", max(base, int(key[3:]))), w)
    return Distribution._trusted(weights, 10 * whole)


def _mirror(atom: Atom) -> Atom:
    """Disadvantage is advantage seen in a mirror: face f <-> 11 - f, up <-> down."""
    kind, value = atom
    if kind == "up":
        return ("down", -1)
    if kind == "down":
        return ("up", 10)
    return ("fin", 11 - value)


def score_atoms(offset: int, net: int, rules: Explosions = Explosions()) -> Distribution[Atom]:
    """The score's atoms: die atoms shifted by characteristic + flat modifiers."""
    return die_atoms(net, rules).map(lambda a: (a[0], a[1] + offset))


def constant(value: int) -> Distribution[Atom]:
    return Distribution.constant(("fin", value))


def floor_at_zero(atoms: Distribution[Atom]) -> Distribution[Atom]:
    """max(score, 0) as atoms, for scores that count things (mass-combat casualties, L1601-1609).
    A downward chain becomes finite once floored; an upward one must already start above 0."""
    probs: dict[Atom, Fraction] = {}
    for (kind, value), p in atoms.items():
        if kind == "up" and value < 0:
            raise ValueError("an upward explosion starting below 0 cannot be floored here")
        if kind == "down":
            for v, q in _shifted(value, -1, [1], 0, max(value, 0)).items():
                probs[("fin", v)] = probs.get(("fin", v), Fraction(0)) + p * q
        else:
            key = (kind, max(value, 0))
            probs[key] = probs.get(key, Fraction(0)) + p
    return Distribution.from_fractions(probs)


# -- comparisons --------------------------------------------------------------------------------


def difference(a: Distribution[Atom], b: Distribution[Atom], lo: int, hi: int) -> Distribution[int]:
    """Exact law of A - B, every value below `lo` counted at `lo`, above `hi` at `hi`: each
    pair of atoms' law (`_pair`) in integer weights, kept per what it depends on, added up
    over one common denominator (no `Fraction` per term: a survival test's die law with 600
    disadvantage dice multiplies numbers of 600 digits, once per value, #32)."""
    laws = {
        (atom_a, atom_b): _pair_weights(atom_a[0], atom_b[0], atom_a[1] - atom_b[1], lo, hi)
        for atom_a in a.weights()
        for atom_b in b.weights()
    }
    common = lcm(*(d for _, d in laws.values()))
    found: dict[int, int] = {}
    for (atom_a, atom_b), (weights, d) in laws.items():
        scale = a.weight(atom_a) * b.weight(atom_b) * (common // d)
        for value, w in weights:
            found[value] = found.get(value, 0) + w * scale
    return Distribution._trusted(found, a.denominator * b.denominator * common)


@lru_cache(maxsize=4096)
def _pair_weights(
    kind_a: str, kind_b: str, s: int, lo: int, hi: int
) -> tuple[tuple[tuple[int, int], ...], int]:
    """`_pair`'s law as integer weights over one denominator (it depends on the atoms' kinds
    and the difference of their values alone)."""
    law = _pair((kind_a, s), (kind_b, 0), lo, hi)
    d = lcm(*(p.denominator for p in law.values()))
    return tuple((v, int(p * d)) for v, p in law.items() if p), d


def score_law(atoms: Distribution[Atom], lo: int, hi: int) -> Distribution[int]:
    return difference(atoms, constant(0), lo, hi)


def _clip(value: int, lo: int, hi: int) -> int:
    return lo if value < lo else hi if value > hi else value


def _chain(on: int, cap: int) -> Distribution[int]:
    """U (on=10) or V (on=1), every value >= cap summed at cap (cap at least 1)."""
    return explode(D10, {on}, cap=max(cap, 1))


def _shifted(s: int, sign: int, chains: list[int], lo: int, hi: int) -> dict[int, Fraction]:
    """Law of s + sign·(sum of the given chains), clipped; each chain capped where it stops
    mattering (chains are >= 1, so capping each at the distance to the edge is exact)."""
    edge = hi - s if sign > 0 else s - lo
    total: Distribution[int] = Distribution.constant(0)
    for on in chains:
        total = total + _chain(on, edge)
    out: dict[int, Fraction] = {}
    for v, p in total.items():
        key = _clip(s + sign * v, lo, hi)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def _pair(a: Atom, b: Atom, lo: int, hi: int) -> dict[int, Fraction]:
    (ka, va), (kb, vb) = a, b
    s = va - vb
    if ka == "fin" and kb == "fin":
        return {_clip(s, lo, hi): Fraction(1)}
    if ka == kb:  # two chains in the same direction: only their difference matters
        return _same_direction(s, 10 if ka == "up" else 1, lo, hi)
    if ka == "up" or kb == "down":  # A's chain adds, B's chain subtracts from B: A - B grows
        growing = ([10] if ka == "up" else []) + ([1] if kb == "down" else [])
        return _shifted(s, +1, growing, lo, hi)
    shrinking = ([1] if ka == "down" else []) + ([10] if kb == "up" else [])
    return _shifted(s, -1, shrinking, lo, hi)


def _p_diff_ge(k: int) -> Fraction:
    """P(M1 - M2 >= k) for two independent chain counts, P(M = m) = (9/10)(1/10)^m.
    P(M1 - M2 = d) = (9/11)(1/10)^|d|."""
    if k >= 1:
        return Fraction(10, 11) * TENTH**k
    return 1 - _p_diff_ge(1 - k)


def _p_diff_eq(d: int) -> Fraction:
    return Fraction(9, 11) * TENTH ** abs(d)


_E_LAW = {e: Fraction(9 - abs(e), 81) for e in range(-8, 9)}  # R1 - R2, R uniform on 9 faces


def _same_direction(s: int, step: int, lo: int, hi: int) -> dict[int, Fraction]:
    """Two chains in the same direction. Up: A - B = s + step·(M1 - M2) + (R1 - R2).
    Down: A - B = s - V1 + V2 = s + (M2 - M1) + (R2 - R1): the same law (it is symmetric)."""
    out: dict[int, Fraction] = {}

    def add(key: int, p: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + p

    # beyond these d every value of s + step·d + e lies outside the window
    d_top = next(d for d in range(0, 10**6) if s + step * d - 8 >= hi)
    d_bottom = next(d for d in range(0, -(10**6), -1) if s + step * d + 8 <= lo)
    add(hi, _p_diff_ge(d_top))
    add(lo, 1 - _p_diff_ge(d_bottom + 1))
    for d in range(d_bottom + 1, d_top):
        pd = _p_diff_eq(d)
        for e, pe in _E_LAW.items():
            add(_clip(s + step * d + e, lo, hi), pd * pe)
    return out


# -- rolling ------------------------------------------------------------------------------------


@dataclass
class DieRoll:
    """One rolled die value with its work shown."""

    base: int
    others: list[int]
    value: int
    explosion: str = ""  # "", "base_up", "base_down", "double_10", "double_1"
    chain: list[int] = field(default_factory=list)

    def details(self) -> dict[str, object]:
        shown: dict[str, object] = {"base_die": self.base, "die": self.value}
        if self.others:
            shown["other_dice"] = list(self.others)
        if self.explosion:
            shown["explosion"] = self.explosion
            shown["rerolls"] = list(self.chain)
        return shown


def roll_die(dice: DiceSource, net: int, rules: Explosions = Explosions()) -> DieRoll:
    """Roll the base die and |net| other dice, then apply §2.6 (L360-374, L412-424, L518-522,
    L854-870)."""
    base = dice.d(10)
    if type(dice) is Roller:  # the very draws of |net| calls to `d`, in one loop (#32)
        others = dice.many(10, abs(net)) if net else []
    else:
        others = [dice.d(10) for _ in range(abs(net))] if net else []
    if rules.doubles and rules.doubles_over_base and rules.base:
        if net > 0 and base == 1 and others.count(10) >= 2:
            return _up(dice, base, others, "double_10")
        if net < 0 and base == 10 and others.count(1) >= 2:
            return _down(dice, base, others, "double_1")
    if rules.base and base == 10:
        return _up(dice, base, others, "base_up")
    if rules.base and base == 1:
        return _down(dice, base, others, "base_down")
    if not net:
        return DieRoll(base, others, base)
    if net > 0:
        if rules.doubles and (base == 10) + others.count(10) >= 2:
            return _up(dice, base, others, "double_10")
        return DieRoll(base, others, max(base, *others))
    if rules.doubles and (base == 1) + others.count(1) >= 2:
        return _down(dice, base, others, "double_1")
    return DieRoll(base, others, min(base, *others))


def _rerolls(dice: DiceSource, again: int) -> list[int]:
    """The rerolls of an explosion: d10s rolled while they show `again` (the last one does
    not). The loop runs once per die of the walk's every replay, hence no list until the end."""
    repeats = 0
    last = dice.d(10)
    while last == again:
        repeats += 1
        last = dice.d(10)
    return [again] * repeats + [last]


def _up(dice: DiceSource, base: int, others: list[int], why: str) -> DieRoll:
    chain = _rerolls(dice, 10)
    return DieRoll(base, others, 10 + sum(chain), why, chain)


def _down(dice: DiceSource, base: int, others: list[int], why: str) -> DieRoll:
    chain = _rerolls(dice, 1)
    return DieRoll(base, others, -1 - sum(chain), why, chain)


# -- the whole law of a die difference, for result laws -----------------------------------------

#: The repeats (tens of an upward chain, ones of a downward one) a result law lists value by
#: value; a chain that repeats more is a tail. Each repeat costs a factor 10: past 2 repeats a
#: side's chain carries at most P(explosion) / 1000 of the mass (under 0.1 % for the two sides
#: of an attack), while the listed differences stay near a hundred values.
LISTED_REPEATS = 2
_LONG = TENTH ** (LISTED_REPEATS + 1)


@record
class DieLaw:
    """A die with `net` advantage (or disadvantage) dice, its value listed exactly wherever its
    chain repeats at most LISTED_REPEATS times (`listed`); the rest, a *long* chain, has weight
    `long`. `net` None: no die at all (a defenceless target's fixed score, L1045-1049)."""

    net: int | None
    rules: Explosions
    listed: tuple[tuple[int, Fraction], ...]
    up: Fraction  # P(upward explosion)
    down: Fraction  # P(downward explosion)

    @property
    def long(self) -> Fraction:
        """A chain repeats past LISTED_REPEATS with probability 1/10 per repeat (L364-374)."""
        return (self.up + self.down) * _LONG

    def roll(self, dice: DiceSource) -> int:
        """The die rolled by the game's own code (`roll_die`)."""
        return 0 if self.net is None else roll_die(dice, self.net, self.rules).value

    def roll_listed(self, dice: DiceSource) -> int:
        """The die given that its chain is not long: rolled again while it is (exact: rejection
        keeps the law conditioned on acceptance; it rejects at most 1/1000 of rolls)."""
        if self.net is None:
            return 0
        while True:
            die = roll_die(dice, self.net, self.rules)
            if len(die.chain) <= LISTED_REPEATS + 1:
                return die.value

    def roll_long(self, dice: DiceSource) -> int:
        """The die given that its chain is long. Both chains repeat with the same 1/10, so the
        explosion is upward with probability up / (up + down); its first LISTED_REPEATS + 1
        rerolls are all 10s (or 1s), and a chain has no memory: what follows them is a fresh
        chain, rolled by the game's own `_rerolls` (L364-374, L518-522, L868-870)."""
        repeats = LISTED_REPEATS + 1
        if chance(dice, self.up / (self.up + self.down)):
            return 10 + 10 * repeats + sum(_rerolls(dice, 10))
        return -1 - repeats - sum(_rerolls(dice, 1))


def chance(dice: DiceSource, p: Fraction) -> bool:
    """True with probability exactly `p`: one die with as many faces as p's denominator."""
    return p >= 1 or (p > 0 and dice.d(p.denominator) <= p.numerator)


@lru_cache(maxsize=256)
def die_law(net: int | None, rules: Explosions) -> DieLaw:
    """The `DieLaw` of the die `die_atoms(net, rules)` describes: an upward atom is worth
    10 + 10·M + R (R in 1..9), a downward one -1 - M - R (R in 2..10), each (M, R) with
    probability (1/10)^(M+1) (M repeats, then one of 9 faces)."""
    if net is None:
        return DieLaw(None, rules, ((0, Fraction(1)),), Fraction(0), Fraction(0))
    listed: dict[int, Fraction] = {}
    up = down = Fraction(0)

    def add(value: int, p: Fraction) -> None:
        listed[value] = listed.get(value, Fraction(0)) + p

    for (kind, value), p in die_atoms(net, rules).items():
        if kind == "fin":
            add(value, p)
            continue
        if kind == "up":
            up += p
        else:
            down += p
        for m in range(LISTED_REPEATS + 1):
            each = p * TENTH ** (m + 1)
            for r in range(1, 10) if kind == "up" else range(2, 11):
                add(value + 10 * m + r if kind == "up" else value - m - r, each)
    return DieLaw(net, rules, tuple(sorted(listed.items())), up, down)


@record
class DifferenceLaw:
    """The law of the difference of two dice, A's die minus B's (`die_law`), as a result law
    needs it: `listed`, each difference where neither chain is long with its exact probability;
    `tail`, the weight of the rest (one chain long at least), drawn by `draw_tail`."""

    a: DieLaw
    b: DieLaw
    listed: tuple[tuple[int, Fraction], ...]
    tail: Fraction

    def draw_tail(self, dice: DiceSource) -> int:
        """A difference given that one chain at least is long: A's long (any B), with weight
        P(A long); else A's listed and B's long, with weight P(A listed)·P(B long)."""
        a_long = self.a.long
        if chance(dice, a_long / self.tail):
            return self.a.roll_long(dice) - self.b.roll(dice)
        return self.a.roll_listed(dice) - self.b.roll_long(dice)

    def at(self, value: int) -> Fraction:
        """Exact P(A - B = value), tails included."""
        return _difference_at(self.a.net, self.b.net, self.a.rules, value)


@lru_cache(maxsize=1024)
def difference_law(net_a: int, net_b: int | None, rules: Explosions) -> DifferenceLaw:
    """`DifferenceLaw` of A's die (`net_a`) minus B's (`net_b`, None: no die). It depends on the
    dice alone, never on characteristics or modifiers (a score is the die shifted by them):
    cached, so every parameter set with the same dice shares it."""
    a, b = die_law(net_a, rules), die_law(net_b, rules)
    # in integers over one denominator (every probability here is a power of 1/10 times an
    # integer), Fractions made once per difference: a new pair of dice costs a few ms
    den_a = lcm(*(p.denominator for _, p in a.listed))
    den_b = lcm(*(p.denominator for _, p in b.listed))
    wa = [(x, p.numerator * (den_a // p.denominator)) for x, p in a.listed]
    wb = [(y, q.numerator * (den_b // q.denominator)) for y, q in b.listed]
    found: dict[int, int] = {}
    for x, w in wa:
        for y, v in wb:
            found[x - y] = found.get(x - y, 0) + w * v
    den = den_a * den_b
    listed = tuple((delta, Fraction(w, den)) for delta, w in sorted(found.items()))
    tail = 1 - (1 - a.long) * (1 - b.long)
    return DifferenceLaw(a, b, listed, tail)


@lru_cache(maxsize=4096)
def _difference_at(net_a: int | None, net_b: int | None, rules: Explosions, value: int) -> Fraction:
    def atoms(net: int | None) -> Distribution[Atom]:
        return constant(0) if net is None else die_atoms(net, rules)

    return difference(atoms(net_a), atoms(net_b), value - 1, value + 1).probability(value)


# -- an exact law drawn with d10s, walkably -----------------------------------------------------


class ExactDraw(Generic[T]):
    """Draws one outcome of an exact law whose probabilities are decimal fractions (every law of
    Fluid's dice is: each die and each reroll a 1/10) as a uniform number read two decimal
    digits at a time, each read a die of BASE faces (a d100) only as fine as the draw still
    needs: the faces whose digits settle the outcome show that outcome (BASE + its index), the
    others their digits, to read on. Exact (each face a 1/BASE), and a walk of it
    (`enumerate_outcomes`) branches about three ways per read around each boundary between two
    outcomes, where rolling the test's own dice (a base die, its advantage dice, their chains)
    branches ten ways per die: a survival test with 15 disadvantages is a law over 10^18, read
    in 9 dice at most, walked in about a hundred sequences. (A walk costs about BASE per die it
    branches on and the square of the reads per boundary: 100 is the cheaper of 10, 100 and
    1000 for the penalties a fight meets.)"""

    BASE = 100

    def __init__(self, law: Distribution[T]) -> None:
        self.outcomes = law.outcomes()
        den = rest = law.denominator
        for prime in (2, 5):
            while rest % prime == 0:
                rest //= prime
        if rest != 1:
            raise ValueError("a law whose denominator divides no power of 10")
        scale = 1
        while scale % den:
            scale *= self.BASE
        self.scale = scale
        running, upper = 0, []
        for outcome in self.outcomes:
            running += law.weight(outcome) * (scale // den)
            upper.append(running)
        self.upper = upper
        self._faces: dict[tuple[int, int], tuple[int, ...]] = {}

    def _faces_at(self, lo: int, width: int) -> tuple[int, ...]:
        """The die that reads [lo, lo + BASE·width) one face per `width`: a face within one
        outcome shows it, a face across a boundary its digits."""
        found = self._faces.get((lo, width))
        if found is not None:
            return found
        upper, base = self.upper, self.BASE
        faces: list[int] = []
        i = bisect_right(upper, lo)
        while len(faces) < base:
            digit = len(faces)
            while upper[i] <= lo + digit * width:
                i += 1
            within = min(base, (upper[i] - lo) // width)  # faces wholly below upper[i]
            if within > digit:
                faces.extend([base + i] * (within - digit))
            else:
                faces.append(digit)
        found = self._faces[(lo, width)] = tuple(faces)
        return found

    def draw(self, dice: DiceSource) -> T:
        """One outcome, exactly in law."""
        if len(self.outcomes) == 1:
            return self.outcomes[0]
        lo, width = 0, self.scale
        while True:
            width //= self.BASE
            face = dice.face(self._faces_at(lo, width))
            if face >= self.BASE:
                return self.outcomes[face - self.BASE]
            lo += face * width
