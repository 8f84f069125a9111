"""The notation's grammar: what parses to what, and the one-line errors for what does not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Roller
from ecran.dice.notation import (
    Constant,
    Dice,
    NotationError,
    Sum,
    limits,
    parse,
    parser,
    roll,
    shortcuts,
)


def term(text: str) -> Dice:
    root = parse(text).root
    assert isinstance(root, Sum) and len(root.terms) == 1
    node = root.terms[0][1]
    assert isinstance(node, Dice)
    return node


def test_basic_dice_and_defaults() -> None:
    assert (term("3d6").count, term("3d6").sides) == (3, 6)
    assert term("d20").count == 1
    assert term("d%").sides == 100


def test_letters_are_case_insensitive_like_french_books() -> None:
    assert term("1D6") == term("1d6")
    assert term("4D6KH3") == term("4d6kh3")


def test_keep_and_drop_forms() -> None:
    assert term("4d6k3").keep == term("4d6kh3").keep
    kh = term("4d6kh3").keep
    assert kh is not None and kh.highest and kh.kept(4) == 3
    dl = term("4d6d1").keep
    assert dl is not None and dl.highest and dl.kept(4) == 3  # drop lowest 1 = keep highest 3
    dh = term("4d6dh1").keep
    assert dh is not None and not dh.highest and dh.kept(4) == 3
    assert term("2d20kh").keep == term("2d20kh1").keep
    keep_more = term("2d6kh5").keep
    assert keep_more is not None and keep_more.kept(2) == 2


def test_reroll_conditions_become_face_sets() -> None:
    # Roll20 (issue 17 changed it): r<3 rerolls 3 or less
    r = term("1d6r<3").reroll
    assert r is not None and r.faces == {1, 2, 3} and not r.once
    assert term("1d6r1").reroll == term("1d6r=1").reroll
    ro = term("1d6ro<=2").reroll
    assert ro is not None and ro.faces == {1, 2} and ro.once
    both = term("1d4r1r4").reroll  # several clauses add up
    assert both is not None and both.faces == {1, 4}


def test_explosion_conditions() -> None:
    plain = term("3d6!").explode
    assert plain is not None and plain.faces == {6} and not plain.compound
    assert term("3d6!!").explode is not None and term("3d6!!").explode.compound  # type: ignore[union-attr]
    wide = term("3d10!>=9").explode
    assert wide is not None and wide.faces == {9, 10}
    assert term("3d10!5").explode.faces == {5}  # type: ignore[union-attr]


def test_comparison_after_explosion_belongs_to_it_then_success() -> None:
    node = term("5d10!10>=8")
    assert node.explode is not None and node.explode.faces == {10}
    assert node.success is not None and (node.success.op, node.success.value) == (">=", 8)
    only_explosion = term("3d6!>=5")
    assert only_explosion.success is None


def test_success_operators() -> None:
    for op in (">=", ">", "<=", "<", "="):
        node = term(f"6d10{op}7")
        assert node.success is not None and node.success.op == op


def test_sums_signs_constants_and_parentheses() -> None:
    root = parse("1d20 + 5 - 2").root
    assert isinstance(root, Sum)
    assert [s for s, _ in root.terms] == [1, 1, -1]
    assert root.terms[1][1] == Constant(5)
    nested = parse("-(1d4+2)").root
    assert isinstance(nested, Sum)
    sign, inner = nested.terms[0]
    assert sign == -1 and isinstance(inner, Sum) and inner.grouped
    assert parse("--3").root == Sum(((1, Constant(3)),))


def test_parse_is_cached_and_blanks_are_allowed() -> None:
    assert parse("4d6kh3") is parse("4d6kh3")
    assert parse(" 4d6 kh3 + 2 ").root == parse("4d6kh3+2").root


@pytest.mark.parametrize(
    ("text", "fr_part", "en_part"),
    [
        ("", "vide", "empty"),
        ("4d", "position 3", "position 3"),
        ("4x6", "« x »", "'x'"),
        ("1d6 $", "caractère inattendu « $ » en position 5", "unexpected character '$'"),
        ("1d6+", "position 5", "position 5"),
        ("(1d6", "jamais fermée", "never closed"),
        ("1d6)", "en trop", "unmatched"),
        # chained keep/drop (1d6kh1kl1) is Roll20 and parses since issue 17
        ("1d6>3>4", "un seul", "only one"),
        ("1d6!!!", "une seule explosion", "only one explosion"),
        ("1d6r", "condition attendue", "expected a condition"),
        ("1d6r1ro2", "mélangés", "mixed"),
        ("4d6q", "modificateur inconnu", "unknown modifier"),
        ("4d6!kh3kl1", "une seule clause", "one keep/drop clause"),
    ],
)
def test_errors_are_one_line_in_both_languages(text: str, fr_part: str, en_part: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    err = caught.value
    assert fr_part in err.fr and en_part in err.en
    assert "\n" not in err.fr and "\n" not in err.en
    assert err.message("en") == err.en and err.message() == err.fr
    assert isinstance(err, ValueError)


@pytest.mark.parametrize(
    "text",
    [
        f"{limits.MAX_DICE + 1}d6",
        f"1d{limits.MAX_SIDES + 1}",
        "1d0",
        "d1!",  # would explode forever (rpg-dice-roller#94)
        "1d6!<=6",
        "1d6r<7",  # would reroll forever
        "1d2r1!",  # only 2 is left, and it explodes: never stops
        "1+" * limits.MAX_TERMS + "1",
        "(" * 25 + "1" + ")" * 25,
        "1" * (limits.MAX_LENGTH + 1),
        f"1d6+{limits.MAX_CONSTANT + 1}",
    ],
)
def test_limits_refuse_with_a_message(text: str) -> None:
    with pytest.raises(NotationError):
        parse(text)


def test_reroll_once_on_every_face_is_fine() -> None:
    assert term("1d2ro<3").reroll is not None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dDkhlro!<>=+-()% x", max_size=14))
def test_any_text_parses_or_gives_a_notation_error(text: str) -> None:
    # never another exception (a traceback for the user); valid ones also roll
    try:
        expr = parse(text)
    except NotationError:
        return
    try:
        result = roll(expr, Roller(1))
    except NotationError:  # the roll budget (e.g. 999d999r<999)
        return
    assert result.total == roll(expr, Roller(1)).total


@pytest.mark.parametrize(
    "text",
    [
        "3d6",
        "d20",
        "1d20+5",
        "2d6-1",
        "4d6kh3",
        "10d10kl2",
        "1000d6kh23",
        "1d1000+999999",
        "20d6kh20",
        "7d6kh3-0",
        "1d1",
    ],
)
def test_the_quick_parse_of_common_shapes_is_the_full_parse(text: str) -> None:
    quick = shortcuts.simple_expression(text)
    assert quick is not None
    parser._parse_cached.cache_clear()
    # the full way: the same text with a space, which the quick path does not take
    full = parser._parse_cached(" " + text)
    assert repr(quick) == repr(full).replace("source=' ", "source='")


@pytest.mark.parametrize(
    "text", ["0d6", "4d6kh5", "1001d6", "3d0", "3d6k3", "3d6+1.5", "03d6", "4d6kh3+1000000"]
)
def test_other_shapes_go_the_full_way(text: str) -> None:
    assert shortcuts.simple_expression(text) is None


def test_the_expected_number_agrees_with_its_noun() -> None:
    """Never the administrative "attendu(e)": the participle agrees with what is expected."""
    from ecran.dice.notation.parser import _Parser
    from ecran.dice.notation.tokens import tokenise as _tokenise

    with pytest.raises(NotationError) as sides:
        parse("2d")
    assert sides.value.fr == "un nombre de faces attendu en position 3, trouvé « fin »"
    with pytest.raises(NotationError) as value:
        _Parser("d6", _tokenise("d6")).integer("une valeur", "a value")
    assert value.value.fr.startswith("une valeur attendue en position 1")
