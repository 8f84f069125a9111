"""The shortcuts of `ecran.rules.sizes` (#32: a check's parameters are validated once per blow
in a simulation): a flat mapping of scalars and short texts, a model of flat fields, is let
through without the walk only where the walk finds nothing, and refused exactly as before."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from ecran.rules.sizes import (
    ITEMS_MAX,
    NUMBER_MAX,
    TEXT_MAX,
    _refuse,
    big_numbers,
    check_numbers,
    check_sizes,
    oversized,
)

NUMBERS = st.one_of(
    st.integers(-10, 10),
    st.sampled_from([NUMBER_MAX, NUMBER_MAX + 1, -NUMBER_MAX, -NUMBER_MAX - 1, 10**40]),
)
TEXTS = st.one_of(
    st.text(max_size=8),
    st.sampled_from(["a\x00b", "\x1b[31m", "x" * TEXT_MAX, "x" * (TEXT_MAX + 1)]),
)
SCALARS = st.one_of(NUMBERS, TEXTS, st.booleans(), st.none(), st.floats(allow_nan=False))
VALUES = st.one_of(
    SCALARS, st.lists(SCALARS, max_size=2), st.dictionaries(TEXTS, SCALARS, max_size=2)
)


def _refused(run: Any) -> str | None:
    try:
        run()
    except ValidationError as exc:
        return str(exc)
    return None


@given(st.dictionaries(TEXTS, VALUES, max_size=6))
def test_sizes_refused_as_the_walk_finds(data: dict[str, Any]) -> None:
    walked = _refused(lambda: _refuse("Model", oversized(data)))
    assert _refused(lambda: check_sizes("Model", data)) == walked


def test_a_long_mapping_is_still_walked() -> None:
    data = {f"k{i}": 1 for i in range(ITEMS_MAX + 1)}
    assert _refused(lambda: check_sizes("Model", data)) is not None


class Flat(BaseModel):
    n: int = 0
    x: float = 0.0
    word: str = ""
    yes: bool = False
    maybe: int | None = None
    more: list[int] = []


@given(NUMBERS, NUMBERS, st.lists(NUMBERS, max_size=3), st.booleans())
def test_numbers_refused_as_the_walk_finds(n: int, maybe: int, more: list[int], yes: bool) -> None:
    model = Flat.model_construct(n=n, maybe=maybe, more=more, yes=yes)
    walked = _refused(lambda: _refuse("Flat", big_numbers(model)))
    assert _refused(lambda: check_numbers(model)) == walked  # the same words as the walk's


def test_a_remembered_text_is_judged_again_alike() -> None:
    """Short texts' answers are remembered (#32: a check's parameter names, once per blow):
    asked again, the same answer, a refusal as well as a pass."""
    for _ in range(3):
        assert _refused(lambda: check_sizes("Model", {"k": "a\x00b"})) is not None
        assert _refused(lambda: check_sizes("Model", {"a\x1bb": 1})) is not None
        assert _refused(lambda: check_sizes("Model", {"k": "ab"})) is None
