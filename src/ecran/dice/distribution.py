"""Exact finite distributions.

A `Distribution` holds non-negative integer weights over hashable outcomes and one common
denominator. Probabilities are `weight / denominator` as `Fraction`s, so nothing is ever rounded.
Integer weights keep convolution fast (no Fraction arithmetic in inner loops), which is how the
kernel stays ahead of peers that carry Fractions or floats around.

The weights may sum to less than the denominator: that is a *sub-probability* distribution, the
honest result of an unavoidable truncation (an open-ended explosion cut at a depth). The missing
mass is `residual`, reported, never hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import comb, gcd, lcm
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Distribution(Generic[T]):
    """An exact probability distribution over outcomes of type `T`."""

    __slots__ = ("_denominator", "_weights")

    def __init__(self, weights: Mapping[T, int], denominator: int | None = None) -> None:
        kept = {outcome: w for outcome, w in weights.items() if w}
        if any(w < 0 for w in kept.values()):
            raise ValueError("weights must be non-negative")
        total = sum(kept.values())
        denominator = total if denominator is None else denominator
        if denominator <= 0 or denominator < total:
            raise ValueError("denominator must be positive and at least the total weight")
        self._weights = kept
        self._denominator = denominator

    @classmethod
    def _trusted(cls, weights: dict[T, int], denominator: int) -> Distribution[T]:
        """A distribution from weights the kernel computed itself (positive, summing to at most
        the denominator): the checks of `__init__` skipped, the dict taken as is."""
        dist = object.__new__(cls)
        dist._weights = weights
        dist._denominator = denominator
        return dist

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def die(cls, sides: int) -> Distribution[int]:
        """A fair die numbered 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return Distribution._trusted(dict.fromkeys(range(1, sides + 1), 1), sides)

    @classmethod
    def dice_sum(cls, count: int, sides: int) -> Distribution[int]:
        """The sum of `count` fair dice numbered 1..sides (`NdX`): `die(sides).repeat(count)`
        in a few integer operations. The die packed is a repunit, `sides` digits of 1, so it
        is built by one division, raised to the power by Python's integer power and read out
        (the same substitution as `repeat`'s, without its checks of arbitrary weights)."""
        if sides < 1 or count < 0:
            raise ValueError("a die needs at least one side, a sum a count of dice")
        if count == 0:
            return Distribution._trusted({0: 1}, 1)
        bound = sides**count
        size = (sides - 1) * count + 1
        if size <= _SHIFT_UP_TO:
            bits = bound.bit_length() + 1
            power = (((1 << bits * sides) - 1) // ((1 << bits) - 1)) ** count
            return Distribution._trusted(_read_shifted(power, bits, count), bound)
        width = (bound.bit_length() + 8) // 8
        bits = 8 * width
        power = (((1 << bits * sides) - 1) // ((1 << bits) - 1)) ** count
        return Distribution._trusted(read_digits(power, width, size, count), bound)

    @classmethod
    def faces(cls, faces: Iterable[U]) -> Distribution[U]:
        """A fair die with the given faces; repeated faces weigh more (Nephilim's 0,1,2,2,3,4)."""
        weights: dict[U, int] = {}
        for face in faces:
            weights[face] = weights.get(face, 0) + 1
        return Distribution(weights)

    @classmethod
    def constant(cls, value: U) -> Distribution[U]:
        return Distribution({value: 1})

    @classmethod
    def from_fractions(cls, probabilities: Mapping[U, Fraction]) -> Distribution[U]:
        """Build from exact probabilities (their sum may be below 1: a residual)."""
        denominator = lcm(*(p.denominator for p in probabilities.values())) if probabilities else 1
        weights = {o: int(p * denominator) for o, p in probabilities.items()}
        if sum(weights.values()) > denominator:
            raise ValueError("probabilities sum to more than 1")
        return Distribution(weights, denominator)

    # -- reading ------------------------------------------------------------------------------

    @property
    def denominator(self) -> int:
        return self._denominator

    def weight(self, outcome: T) -> int:
        return self._weights.get(outcome, 0)

    def weights(self) -> dict[T, int]:
        return dict(self._weights)

    def probability(self, outcome: T) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._denominator)

    def probability_where(self, predicate: Callable[[T], bool]) -> Fraction:
        hit = sum(w for o, w in self._weights.items() if predicate(o))
        return Fraction(hit, self._denominator)

    def outcomes(self) -> list[T]:
        return _sorted(self._weights)

    def items(self) -> list[tuple[T, Fraction]]:
        return [(o, Fraction(self._weights[o], self._denominator)) for o in self.outcomes()]

    def __iter__(self) -> Iterator[T]:
        return iter(self.outcomes())

    def __len__(self) -> int:
        return len(self._weights)

    @property
    def total(self) -> Fraction:
        return Fraction(sum(self._weights.values()), self._denominator)

    @property
    def residual(self) -> Fraction:
        """Probability mass not represented (only after a truncation)."""
        return 1 - self.total

    def mean(self) -> Fraction:
        if not self._weights:
            raise ValueError("an empty distribution has no mean")
        num: Any = sum(o * w for o, w in self._weights.items())  # type: ignore[operator, misc]
        return Fraction(num, sum(self._weights.values()))

    def min(self) -> T:
        return self.outcomes()[0]

    def max(self) -> T:
        return self.outcomes()[-1]

    # -- transformation -----------------------------------------------------------------------

    def map(self, f: Callable[[T], U]) -> Distribution[U]:
        weights: dict[U, int] = {}
        for outcome, w in self._weights.items():
            key = f(outcome)
            weights[key] = weights.get(key, 0) + w
        return Distribution._trusted(weights, self._denominator)

    def bind(self, f: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Dependent composition: roll this, then the distribution `f(outcome)` chooses."""
        parts = [(w, f(o)) for o, w in self._weights.items()]
        common = lcm(*(d._denominator for _, d in parts)) if parts else 1
        weights: dict[U, int] = {}
        for w, dist in parts:
            scale = w * (common // dist._denominator)
            for outcome, dw in dist._weights.items():
                weights[outcome] = weights.get(outcome, 0) + scale * dw
        return Distribution(weights, self._denominator * common).reduced()

    def combine(self, other: Distribution[U], f: Callable[[T, U], Any]) -> Distribution[Any]:
        """The distribution of `f(a, b)` for `a`, `b` drawn independently."""
        weights: dict[Any, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = f(a, b)
                weights[key] = weights.get(key, 0) + wa * wb
        return Distribution._trusted(weights, self._denominator * other._denominator)

    def condition(self, predicate: Callable[[T], bool]) -> Distribution[T]:
        """Renormalised on the outcomes that satisfy `predicate`."""
        kept = {o: w for o, w in self._weights.items() if predicate(o)}
        if not kept:
            raise ValueError("conditioning on an impossible event")
        return Distribution(kept).reduced()

    def reduced(self) -> Distribution[T]:
        """Same distribution with weights and denominator divided by their common factor."""
        g = gcd(self._denominator, *self._weights.values())
        if g <= 1:
            return self
        return Distribution({o: w // g for o, w in self._weights.items()}, self._denominator // g)

    # -- arithmetic on integer outcomes -------------------------------------------------------

    def __add__(self, other: Distribution[Any] | int) -> Distribution[Any]:
        if isinstance(other, int):
            return self.map(lambda o: o + other)  # type: ignore[operator]
        return _convolve(self, other, 1)

    __radd__ = __add__

    def __sub__(self, other: Distribution[Any] | int) -> Distribution[Any]:
        if isinstance(other, int):
            return self.map(lambda o: o - other)  # type: ignore[operator]
        return _convolve(self, other, -1)

    def __rsub__(self, other: int) -> Distribution[Any]:
        return self.map(lambda o: other - o)  # type: ignore[operator]

    def __neg__(self) -> Distribution[Any]:
        return self.map(lambda o: -o)  # type: ignore[operator]

    def repeat(self, n: int) -> Distribution[Any]:
        """Sum of `n` independent copies (binary powering: log n convolutions)."""
        if n < 0:
            raise ValueError("cannot sum a negative number of dice")
        if n == 1:
            return self
        if len(self._weights) == 2 and all(type(o) is int for o in self._weights):
            return self._binomial(n)
        if n > 1:  # one big-integer power: faster than convolving even for 3d6
            powered = _power_packed(self._weights, n)
            if powered is not None:
                return Distribution._trusted(powered, self._denominator**n)
        result: Distribution[Any] = Distribution.constant(0)
        base: Distribution[Any] = self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    def _binomial(self, n: int) -> Distribution[Any]:
        """Sum of `n` copies of a two-outcome distribution: binomial weights, no convolution
        (success counts: `count_successes` and `NdX>=T` land here)."""
        (a, wa), (b, wb) = self._weights.items()
        weights: dict[Any, int] = {}
        for j in range(n + 1):
            key = a * (n - j) + b * j  # type: ignore[operator]
            weights[key] = weights.get(key, 0) + comb(n, j) * wa ** (n - j) * wb**j
        return Distribution(weights, self._denominator**n)

    # -- comparison ---------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        a, b = self.reduced(), other.reduced()
        return a._denominator == b._denominator and a._weights == b._weights

    def __hash__(self) -> int:
        r = self.reduced()
        return hash((r._denominator, frozenset(r._weights.items())))

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self.items())
        tail = f", residual {self.residual}" if self.residual else ""
        return f"Distribution({{{body}}}{tail})"


def _convolve(a: Distribution[Any], b: Distribution[Any], sign: int) -> Distribution[Any]:
    if len(a._weights) * len(b._weights) >= _PACK_FROM:
        packed = _convolve_packed(a._weights, b._weights, sign)
        if packed is not None:
            return Distribution._trusted(packed, a._denominator * b._denominator)
    weights: dict[int, int] = {}
    b_items = list(b._weights.items())
    for x, wx in a._weights.items():
        for y, wy in b_items:
            key = x + sign * y
            weights[key] = weights.get(key, 0) + wx * wy
    return Distribution._trusted(weights, a._denominator * b._denominator)


_PACK_FROM = 2048
"""Pairs of outcomes from which packing into big integers beats the dictionary double loop."""


def _convolve_packed(
    a: Mapping[Any, int], b: Mapping[Any, int], sign: int
) -> dict[int, int] | None:
    """Convolution by Kronecker substitution: each weight becomes a fixed-width digit of one big
    integer, so a single (Karatsuba) multiplication of two integers adds up every product. The
    digit width holds the largest possible sum of products, so no digit overflows into the next.
    Exact; None when the outcomes are not integers or too sparse for packing to pay."""
    if not all(type(o) is int for o in a) or not all(type(o) is int for o in b):
        return None
    if sign < 0:
        b = {-o: w for o, w in b.items()}
    a_low, a_high = min(a), max(a)
    b_low, b_high = min(b), max(b)
    a_len, b_len = a_high - a_low + 1, b_high - b_low + 1
    if a_len > 4 * len(a) or b_len > 4 * len(b):
        return None
    top_a, top_b = max(a.values()), max(b.values())
    bound = max(top_a * top_b * min(a_len, b_len), top_a, top_b)  # digits in and out must fit
    width = (bound.bit_length() + 8) // 8
    packed_a = _pack(a, a_low, a_len, width)
    packed_b = _pack(b, b_low, b_len, width)
    size = a_len + b_len - 1
    data = (packed_a * packed_b).to_bytes(size * width, "little")
    low = a_low + b_low
    weights: dict[int, int] = {}
    for i in range(size):
        w = int.from_bytes(data[i * width : (i + 1) * width], "little")
        if w:
            weights[low + i] = w
    return weights


def _power_packed(weights: Mapping[Any, int], n: int) -> dict[int, int] | None:
    """Sum of `n` copies by Kronecker substitution: the weights packed as the digits of one big
    integer, raised to the power `n` by Python's integer power (one Karatsuba product per
    squaring, no unpacking in between). A digit of the result is a sum of products of `n`
    weights, at most (total weight) ** n: the digit width holds that, so none overflows. Exact;
    None when the outcomes are not integers or too sparse for packing to pay."""
    if not all(type(o) is int for o in weights):
        return None
    low, high = min(weights), max(weights)
    length = high - low + 1
    if length > 4 * len(weights):
        return None
    bound = sum(weights.values()) ** n
    size = (length - 1) * n + 1
    if size <= _SHIFT_UP_TO:
        return _power_shifted(weights, low, high, n, bound.bit_length() + 1)
    width = (bound.bit_length() + 8) // 8
    return read_digits(_pack(weights, low, length, width) ** n, width, size, low * n)


def add_shifted(into: dict[int, int], sums: dict[int, int], add: int, ways: int) -> None:
    """Every `total -> count` of `sums` added into `into` as `total + add -> count × ways` (one
    step of the kept-dice walks: these dice's points and the ways they fall)."""
    for total, count in sums.items():
        key = total + add
        into[key] = into.get(key, 0) + count * ways


def read_digits(power: int, width: int, size: int, base: int) -> dict[int, int]:
    """The `size` digits of `width` bytes of `power`, keyed from `base` up (zeros left out)."""
    data = power.to_bytes(size * width, "little")
    result: dict[int, int] = {}
    for i in range(size):
        w = int.from_bytes(data[i * width : (i + 1) * width], "little")
        if w:
            result[base + i] = w
    return result


_SHIFT_UP_TO = 128
"""Digits of a result up to which packing by shifts beats packing through bytes (3d6: 10×)."""


def _power_shifted(
    weights: Mapping[int, int], low: int, high: int, n: int, bits: int
) -> dict[int, int]:
    """`_power_packed` for small results: digits of `bits` bits put in and read out by shifts
    (quadratic in the digits, but with no bytes objects to build)."""
    get = weights.get
    packed = 0
    for face in range(high, low - 1, -1):
        packed = (packed << bits) | get(face, 0)
    return _read_shifted(packed**n, bits, low * n)


def _read_shifted(power: int, bits: int, outcome: int) -> dict[int, int]:
    """The digits of `bits` bits of `power`, keyed from `outcome` up, read by shifts."""
    mask = (1 << bits) - 1
    result: dict[int, int] = {}
    while power:
        w = power & mask
        if w:
            result[outcome] = w
        power >>= bits
        outcome += 1
    return result


def _pack(weights: Mapping[int, int], low: int, length: int, width: int) -> int:
    get = weights.get
    raw = b"".join(get(low + i, 0).to_bytes(width, "little") for i in range(length))
    return int.from_bytes(raw, "little")


def _sorted(outcomes: Iterable[T]) -> list[T]:
    items = list(outcomes)
    try:
        return sorted(items)  # type: ignore[type-var]
    except TypeError:
        return sorted(items, key=repr)
