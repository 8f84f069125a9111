"""The simulator's bounded memos (`rules/memo.py`): made once per key, again after a clear when
full; by identity for `KeptBy` (two equal models are two entries, the same one is one)."""

from __future__ import annotations

from collections.abc import Callable

from ecran.rules.memo import Kept, KeptBy, per_object


class Maker:
    """Counts what it makes: each value is the number of values made so far."""

    def __init__(self) -> None:
        self.made: list[object] = []

    def of(self, what: object) -> Callable[[], int]:
        def make() -> int:
            self.made.append(what)
            return len(self.made)

        return make


def test_kept_makes_once_per_key_and_starts_again_when_full() -> None:
    maker, kept = Maker(), Kept[int](size=2)
    for key in ("a", "a", "b", "c", "a"):
        kept.get(key, maker.of(key))
    assert maker.made == ["a", "b", "c", "a"]  # full at "c": cleared, so "a" is made again
    assert kept.known("a") and not kept.known("b")


def test_kept_by_is_by_identity_and_by_the_rest() -> None:
    one, other = [1], [1]  # equal, not the same
    maker, kept = Maker(), KeptBy[int]()
    assert kept.get((one,), "x", maker.of(one)) == kept.get((one,), "x", maker.of(one)) == 1
    assert kept.get((other,), "x", maker.of(other)) == 2
    assert kept.get((one,), "y", maker.of(one)) == 3
    once = per_object(lambda obj: maker.of(obj)())
    assert once(one) == once(one) == 4
