"""The quick paths of exact odds for `NdX ± C` and `NdX` kept by rank `± C` give what the general
way gives, and refuse what it refuses."""

from __future__ import annotations

import pytest

from ecran.dice.notation import NotationError, distribution, exact, exact_cost, limits, parse
from ecran.dice.notation.ast import Constant, Dice, Sum
from ecran.dice.notation.shortcuts import bare_numbers, kept_numbers


@pytest.mark.parametrize("text", ["3d6", "1d20+5", "2d6-1", "0d6", "1d1", "40d6", "7d10-100"])
def test_the_quick_path_is_the_general_way(text: str) -> None:
    root = parse(text).root
    quick = exact._bare(root)
    assert quick is not None
    assert quick == exact._node(root, limits.DEFAULT_DEPTH)


@pytest.mark.parametrize("text", ["-3d6", "3d6kh2", "3d6+1d4", "3d6*2", "3d6!", "3d6>4", "(3d6)"])
def test_other_shapes_take_the_general_way(text: str) -> None:
    assert exact._bare(parse(text).root) is None


@pytest.mark.parametrize(
    "text",
    [
        "4d6kh3",
        "4d6kl3+2",
        "4d6dl1-1",
        "4d6dh1",
        "7d6kh3",
        "60d6kh30",
        "5d10kh2kl1",
        "4d6kh4",
        "0d6kh1",
        "1000d6kh23",
        "200d10kl25",
        "3d20k1+5",
    ],
)
def test_the_kept_quick_path_is_the_general_way(text: str) -> None:
    root = parse(text).root
    quick = exact._kept_quick(root, limits.DEFAULT_DEPTH)
    assert quick is not None
    exact_cost.check_size(root, limits.DEFAULT_DEPTH)
    general = exact._node(root, limits.DEFAULT_DEPTH)
    assert quick == general
    assert quick.residual == general.residual == 0


@pytest.mark.parametrize("text", ["4d6kh3r1", "4d6!!kh3", "4d6kh3>4", "4d6kh3*2", "1d6+4d6kh3"])
def test_other_kept_shapes_take_the_general_way(text: str) -> None:
    assert exact._kept_quick(parse(text).root, limits.DEFAULT_DEPTH) is None


def test_the_kept_quick_path_refuses_what_the_general_way_refuses() -> None:
    with pytest.raises(NotationError):
        exact._kept_quick(parse("50d100kh40").root, limits.DEFAULT_DEPTH)
    with pytest.raises(NotationError):
        exact_cost.check_size(parse("50d100kh40").root, limits.DEFAULT_DEPTH)


@pytest.mark.parametrize("text", ["3d6", "d20", "1d20+5", "2d6-1", "40d6", "300d6", "7d10-100"])
def test_bare_numbers_read_what_the_parser_reads(text: str) -> None:
    # `distribution("3d6")` reads the numbers without building the tree
    numbers = bare_numbers(text)
    assert numbers is not None
    root = parse(text).root
    assert isinstance(root, Sum)
    (_, term), *rest = root.terms
    assert isinstance(term, Dice) and term.bare
    shift = sum(sign * c.value for sign, c in rest if isinstance(c, Constant))
    assert numbers == (term.count, term.sides, shift)
    assert distribution(text) == exact._node(root, limits.DEFAULT_DEPTH)


@pytest.mark.parametrize("text", ["0d6", "1001d6", "3d1001", "3d6+1d4", "3d6kh2", "3D6", " 3d6"])
def test_other_texts_are_not_read_as_bare_numbers(text: str) -> None:
    assert bare_numbers(text) is None


@pytest.mark.parametrize("text", ["1000d6", "1000d1000+3"])
def test_a_bare_sum_past_the_size_limit_is_refused_either_way(text: str) -> None:
    with pytest.raises(NotationError):
        distribution(text)
    with pytest.raises(NotationError):
        exact_cost.check_size(parse(text).root, limits.DEFAULT_DEPTH)


@pytest.mark.parametrize(
    "text", ["4d6kh3", "d20kh1", "4d6kl3+2", "7d6kh3-1", "60d6kh30", "200d10kl25", "4d6kh4"]
)
def test_kept_numbers_read_what_the_parser_reads(text: str) -> None:
    # `distribution("4d6kh3")` reads the numbers without building the tree
    numbers = kept_numbers(text)
    assert numbers is not None
    count, sides, highest, kept, shift, term_text = numbers
    root = parse(text).root
    assert isinstance(root, Sum)
    (_, term), *rest = root.terms
    assert isinstance(term, Dice) and len(term.keeps) == 1
    keep = term.keeps[0]
    assert (count, sides, highest, kept, term_text) == (
        term.count,
        term.sides,
        keep.highest,
        keep.count,
        term.text,
    )
    assert shift == sum(sign * c.value for sign, c in rest if isinstance(c, Constant))
    exact_cost.check_size(root, limits.DEFAULT_DEPTH)
    assert distribution(text) == exact._node(root, limits.DEFAULT_DEPTH)


@pytest.mark.parametrize("text", ["4d6kh5", "4d6k3", "4d6dl1", "4d6kh3kl2", "1001d6kh1", "4d6kh"])
def test_other_texts_are_not_read_as_kept_numbers(text: str) -> None:
    assert kept_numbers(text) is None


@pytest.mark.parametrize("text", ["50d100kh40", "50d100kh40+2", "200d20kl100"])
def test_a_keep_past_the_budget_is_refused_in_the_same_words_either_way(text: str) -> None:
    with pytest.raises(NotationError) as quick:
        distribution(text)
    with pytest.raises(NotationError) as general:
        exact_cost.check_size(parse(text).root, limits.DEFAULT_DEPTH)
    assert (quick.value.fr, quick.value.en) == (general.value.fr, general.value.en)
