"""Reading a dice expression's text into tokens: the characters refused before anything is read,
the tokeniser, the words of functions and modifiers, and the numbers read from tokens."""

from __future__ import annotations

import re
from fractions import Fraction

from ecran.dice.notation import limits
from ecran.dice.notation.errors import NotationError

_TOKEN = re.compile(
    r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z]+)|(\[[^\]]*\])|(>=|<=|!!|\*\*|[-+()!<>=%*/{},]))"
)


FUNCTIONS = ("floor", "ceil", "round", "abs")


# the modifier words, longest first: a word token such as "khsa" is read as "kh" then "sa"
MODIFIERS = sorted(
    [
        "r",
        "ro",
        "ra",
        "k",
        "kh",
        "kl",
        "d",
        "dh",
        "dl",
        "cs",
        "cf",
        "s",
        "sa",
        "sd",
        "m",
        "mt",
        "mi",
        "ma",
        "e",
        "f",
        "p",
    ],
    key=len,
    reverse=True,
)


KNOWN_MODIFIERS = "r ro ! !! !p k kh kl d dh dl f cs cf s sa sd m mt mi ma e ra"


Token = tuple[str, str, int]  # kind ("num", "word", "label", "op", "end"), text, 1-based column


def tokenise(text: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    end = len(text.rstrip())
    while pos < end:
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            bad = text[pos:].lstrip()[:1]
            column = len(text) - len(text[pos:].lstrip()) + 1
            if bad == "[":
                raise NotationError(
                    f"étiquette ouverte en position {column} jamais fermée par ]",
                    f"label opened at position {column} is never closed with ]",
                )
            raise NotationError(
                f"caractère inattendu « {bad} » en position {column}",
                f"unexpected character '{bad}' at position {column}",
            )
        column = match.start(match.lastindex or 0) + 1
        number, word, label, op = match.groups()
        if number is not None:
            tokens.append(("num", number, column))
        elif word is not None:
            tokens.append(("word", word.lower(), column))
        elif label is not None:
            tokens.append(("label", label[1:-1].strip(), column))
        else:
            tokens.append(("op", op, column))
        pos = match.end()
    tokens.append(("end", "", end + 1))
    return tokens


def read_number(text: str, column: int) -> int | Fraction:
    value = Fraction(text)
    bounded(abs(value), column)
    return int(value) if value.denominator == 1 else value


def bounded(value: int | Fraction, column: int) -> int:
    if value > limits.MAX_CONSTANT:
        raise NotationError(
            f"nombre trop grand en position {column} (au plus {limits.MAX_CONSTANT})",
            f"number too large at position {column} (at most {limits.MAX_CONSTANT})",
        )
    return int(value)


def unexpected(text: str, column: int, fr_expected: str, en_expected: str) -> NotationError:
    return NotationError(
        f"« {text or 'fin'} » inattendu en position {column} ; attendu : {fr_expected}",
        f"unexpected '{text or 'end'}' at position {column}; expected: {en_expected}",
    )
