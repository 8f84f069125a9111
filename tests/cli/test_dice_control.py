"""`ecran dice` never prints a control character raw (an escape would colour or clear the
reader's terminal, a BEL ring it): an expression holding one is refused, the character named
by its code point, exit 2."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize(
    ("expression", "code", "column"),
    [
        ("1d6[a\x1b[31mred]", "U+001B", 6),  # inside a label, shown back in the roll's work
        ("1d6\x07", "U+0007", 4),
        ("1d6+\x9b2", "U+009B", 5),
        ("2d6[\u202egauche]", "U+202E", 5),
    ],
    ids=["escape in a label", "bell", "C1 CSI", "bidi override"],
)
@pytest.mark.parametrize("odds", [False, True], ids=["roll", "odds"])
def test_a_control_character_is_named_not_printed(
    cli: Any, expression: str, code: str, column: int, odds: bool
) -> None:
    args = ["dice", expression, *(["--odds"] if odds else ["--seed", "1"])]
    result = cli(*args)
    assert result.code == 2, result.out
    assert result.err == (
        f"ecran: caractère de contrôle non permis ({code}) en position {column}\n"
    )
    assert result.out == ""
    english = cli("--lang", "en", *args)
    assert english.err == f"ecran: control character not allowed ({code}) at position {column}\n"
    assert "\x1b" not in result.err + english.err and "\x07" not in result.err + english.err


def test_tabs_and_line_breaks_stay_spaces(cli: Any) -> None:
    result = cli("dice", "1d6\t+ 1\n", "--seed", "1", "--json")
    assert result.code == 0, result.err
