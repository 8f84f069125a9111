"""Benchmark: ecran's dice kernel beside `d20` (rolling) and `icepool<2` (exact odds).

Run: `make bench` (or `.venv/bin/python bench/bench_dice.py [--quick]`). Not a test: it
prints figures, it never fails on them.

Method
------
* Rolling (same notation text on both sides): per-roll wall time of `d20.roll(text)` and of
  `ecran.dice.notation.roll(text, roller)`, parse included. Both cache parses (d20: its 256-entry
  LFU AST cache; ecran: a 512-entry LRU cache of immutable ASTs, and per text the plan that rolls
  it, `roll._PLANS`, at most 512), so after the first roll the parse is a cache hit on both
  sides. ecran rolls with one seeded `Roller` reused across rolls (d20 uses the global `random`).
  Neither builds its result text (d20 makes it lazily, ecran too).
  Figure: the best of 5 runs of N rolls, divided by N.
* Exact odds, cold: each measurement is a fresh Python subprocess that imports the library
  (untimed), then times one computation of the distribution (ecran: parse + exact distribution
  from the notation text; icepool: the equivalent `Die` expression, e.g. `d6.highest(4, 3)`) in
  CPU time of the process (`time.process_time`: what other work on a shared machine takes from
  the wall clock is not counted). Nothing computed before can be reused by either side. Figure:
  the median of R subprocesses, ecran's and icepool's alternating.
  Both results are also computed once in this process and checked equal (untimed).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import timeit
from fractions import Fraction
from pathlib import Path
from typing import Any

#: ecran's notation -> the same roll in d20's (d20 explodes with `e`, not `!`; rerolls with `rr`)
ROLLS = {
    "1d20+5": "1d20+5",
    "4d6kh3": "4d6kh3",
    "10d6": "10d6",
    "20d6kh10": "20d6kh10",
    "8d10!": "8d10e10",
    # Roll20's `r` rerolls until the face is gone: d20's `rr` (its `r` would be `ro`, once)
    "3d6r1": "3d6rr1",
}
#: ecran's notation -> the same distribution in icepool (explosions followed 20 deep both sides)
EXACT = {
    "3d6": "3 @ icepool.d6",
    "4d6kh3": "icepool.d6.highest(4, 3)",
    "7d6kh3": "icepool.d6.highest(7, 3)",
    "10d6kh6": "icepool.d6.highest(10, 6)",
    "20d6kh10": "icepool.d6.highest(20, 10)",
    "40d6": "40 @ icepool.d6",
    "10d10!": "10 @ icepool.d10.explode(depth=20)",
    "10d10!!kh3": "icepool.d10.explode(depth=20).highest(10, 3)",
    "60d6kh30": "icepool.d6.highest(60, 30)",
}
SRC = str(Path(__file__).resolve().parent.parent / "src")

ECRAN_COLD = """
import sys, time
sys.path.insert(0, {src!r})
from ecran.dice.notation import distribution
t = time.process_time()
d = distribution({text!r})
t = time.process_time() - t
assert len(d) > 0
print(t)
"""

ICEPOOL_COLD = """
import time
import icepool
t = time.process_time()
d = {expr}
d.denominator()
t = time.process_time() - t
assert d.denominator() > 0
print(t)
"""


def per_roll(fn: Any, n: int) -> float:
    fn()  # first call: fills the parse cache on both sides
    return min(timeit.repeat(fn, number=n, repeat=5)) / n


def bench_rolls(n: int) -> list[tuple[str, float, float]]:
    import d20

    sys.path.insert(0, SRC)
    from ecran.dice import Roller
    from ecran.dice.notation import roll

    roller = Roller(2026)
    rows = []
    for text, theirs_text in ROLLS.items():
        ours = per_roll(lambda text=text: roll(text, roller), n)  # type: ignore[misc]
        theirs = per_roll(lambda t=theirs_text: d20.roll(t), n)  # type: ignore[misc]
        rows.append((text, ours, theirs))
    return rows


def bench_uncached(n: int) -> list[tuple[str, float]]:
    """ecran with its parse and plan caches emptied before every roll: the full parse each time."""
    sys.path.insert(0, SRC)
    from ecran.dice import Roller
    from ecran.dice.notation import parser, roll
    from ecran.dice.notation.roll import _PLANS as plans

    roller = Roller(2026)
    rows = []
    for text in ROLLS:

        def once(text: str = text) -> None:
            parser._parse_cached.cache_clear()
            plans.clear()
            roll(text, roller)

        rows.append((text, per_roll(once, n)))
    return rows


def bench_warm(n: int) -> list[tuple[str, float, float]]:
    """Both sides keeping their caches: the same question asked again in one process."""
    import icepool

    sys.path.insert(0, SRC)
    from ecran.dice.notation import distribution

    rows = []
    for text, expr in EXACT.items():
        ours = min(timeit.repeat(lambda t=text: distribution(t), number=n, repeat=3)) / n
        code = compile(expr, "<icepool>", "eval")
        namespace = {"icepool": icepool}
        theirs = (
            min(
                timeit.repeat(
                    lambda c=code, ns=namespace: eval(c, ns).denominator(), number=n, repeat=3
                )
            )
            / n
        )
        rows.append((text, ours, theirs))
    return rows


def bench_memory(rolls: int) -> tuple[int, int]:
    """Peak traced memory (bytes) after 1/10 and after all of `rolls` rolls from one Roller."""
    import tracemalloc

    sys.path.insert(0, SRC)
    from ecran.dice import Roller
    from ecran.dice.notation import roll

    roller = Roller(1)
    tracemalloc.start()
    for _ in range(rolls // 10):
        roll("4d6kh3", roller)
    early = tracemalloc.get_traced_memory()[0]
    for _ in range(rolls - rolls // 10):
        roll("4d6kh3", roller)
    late = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return early, late


def cold(code: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return float(out.strip().splitlines()[-1])


def bench_exact(repeats: int) -> list[tuple[str, float, float]]:
    check_equal()
    rows = []
    for text, expr in EXACT.items():
        ours, theirs = [], []
        for _ in range(repeats):  # alternating: a load spike falls on both sides alike
            ours.append(cold(ECRAN_COLD.format(src=SRC, text=text)))
            theirs.append(cold(ICEPOOL_COLD.format(expr=expr)))
        rows.append((text, statistics.median(ours), statistics.median(theirs)))
    return rows


def check_equal() -> None:
    import icepool

    sys.path.insert(0, SRC)
    from ecran.dice.notation import distribution

    for text, expr in EXACT.items():
        if "!" in text:  # icepool keeps the mass past depth 20 on the last roll; ecran reports
            continue  # it as the residual (below 10**-20): the two differ there by design
        ours = {o: p for o, p in distribution(text).items() if p}
        die = eval(expr, {"icepool": icepool})
        theirs = {o: Fraction(die.probability(o)) for o in die.outcomes() if die.probability(o)}
        assert ours == theirs, f"{text}: ecran and icepool disagree"


def show(title: str, peer: str, rows: list[tuple[str, float, float]]) -> None:
    print(f"\n{title}")
    print(f"{'case':<10} {'ecran':>12} {peer:>12} {'ratio':>8}")
    for text, ours, theirs in rows:
        print(f"{text:<10} {fmt(ours):>12} {fmt(theirs):>12} {theirs / ours:>7.1f}x")
    print("ratio = peer time / ecran time (above 1: ecran is faster)")


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    return f"{seconds * 1e3:.2f} ms"


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    import d20
    import icepool

    print(
        f"Python {sys.version.split()[0]}; d20 {getattr(d20, '__version__', '1.1.x')}; "
        f"icepool {icepool.__version__}"
    )
    show(
        "Rolling, per roll (parse cached on both sides)",
        "d20",
        bench_rolls(2000 if quick else 20000),
    )
    print(
        "ecran without its parse and plan caches (parse and plan on every roll): "
        + ", ".join(f"{text} {fmt(t)}" for text, t in bench_uncached(2000 if quick else 20000))
    )
    show(
        f"Exact distribution, cold (median of {3 if quick else 9} fresh processes)",
        "icepool",
        bench_exact(3 if quick else 9),
    )
    show("Exact distribution, warm (both keeping their caches)", "icepool", bench_warm(20))
    rolls = 100_000 if quick else 1_000_000
    early, late = bench_memory(rolls)
    print(
        f"\nMemory, {rolls:,} rolls of 4d6kh3 from one Roller: {early / 1e6:.2f} MB after "
        f"{rolls // 10:,}, {late / 1e6:.2f} MB after {rolls:,} (traced, current)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
