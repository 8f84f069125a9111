"""Hand-written parser for the common (Roll20-style) dice notation.

Why not lark: the grammar is small and regular, a recursive-descent parser over one regular
expression tokeniser is several times faster than lark's Earley/LALR front end on a cold parse,
and it lets every error name its position in French and English without a translation layer.

Grammar (case-insensitive letters, blanks allowed between tokens)::

    expression := signed (("+" | "-") signed)*
    signed     := ("+" | "-")* atom
    atom       := "(" expression ")" | INT | INT? "d" (INT | "%") modifier* success?
    modifier   := ("r" | "ro") cond            reroll until not / reroll once
                | ("!" | "!!") cond?           explode (new dice) / compound (into the die)
                | ("k" | "kh" | "kl" | "dh" | "dl" | "d") INT?
    cond       := (">=" | ">" | "<=" | "<" | "=")? INT      (no operator: "=")
    success    := (">=" | ">" | "<=" | "<" | "=") INT        count the dice that pass

An operator right after `!` is the explosion's condition: `3d6!>=5` explodes on 5 and 6. To count
successes on exploding dice, give the explosion its own condition first: `3d6!6>=5`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ecran.dice.notation import limits
from ecran.dice.notation.ast import (
    OPERATORS,
    Comparison,
    Constant,
    Dice,
    Explode,
    Expression,
    Keep,
    Node,
    Reroll,
    Sum,
)
from ecran.dice.notation.errors import NotationError

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z]+)|(>=|<=|!!|[-+()!<>=%]))")
_KEEPS = {"k": (True, False), "kh": (True, False), "kl": (False, False)}
_DROPS = {"dh": True, "dl": False, "d": False}
_MAX_NESTING = 20

Token = tuple[str, str, int]  # kind ("int", "word", "op", "end"), text, 1-based column


def parse(text: str) -> Expression:
    """Parse `text`; raise `NotationError` (French and English, with the position) if invalid.

    Parses are cached: an expression is immutable, so rolling the same text again skips parsing.
    """
    if not isinstance(text, str):
        raise NotationError("l'expression doit être un texte", "the expression must be text")
    return _parse_cached(text)


@lru_cache(maxsize=512)
def _parse_cached(text: str) -> Expression:
    if len(text) > limits.MAX_LENGTH:
        raise NotationError(
            f"expression trop longue ({len(text)} caractères, au plus {limits.MAX_LENGTH})",
            f"expression too long ({len(text)} characters, at most {limits.MAX_LENGTH})",
        )
    if not text.strip():
        raise NotationError(
            "expression vide (exemple : 4d6kh3+2)", "empty expression (example: 4d6kh3+2)"
        )
    parser = _Parser(text, _tokenise(text))
    root = parser.expression()
    parser.expect_end()
    return Expression(text.strip(), root)


def _tokenise(text: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    end = len(text.rstrip())
    while pos < end:
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            bad = text[pos:].lstrip()[:1]
            column = len(text) - len(text[pos:].lstrip()) + 1
            raise NotationError(
                f"caractère inattendu « {bad} » en position {column}",
                f"unexpected character '{bad}' at position {column}",
            )
        column = match.start(match.lastindex or 0) + 1
        number, word, op = match.groups()
        if number is not None:
            tokens.append(("int", number, column))
        elif word is not None:
            tokens.append(("word", word.lower(), column))
        else:
            tokens.append(("op", op, column))
        pos = match.end()
    tokens.append(("end", "", end + 1))
    return tokens


class _Parser:
    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.i = 0
        self.depth = 0
        self.terms = 0

    # -- token helpers ------------------------------------------------------------------------

    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def at_op(self, *ops: str) -> bool:
        kind, text, _ = self.peek()
        return kind == "op" and text in ops

    def expect_end(self) -> None:
        kind, text, column = self.peek()
        if kind != "end":
            if text == ")":
                raise NotationError(
                    f"parenthèse fermante en trop en position {column}",
                    f"unmatched closing parenthesis at position {column}",
                )
            raise _unexpected(text, column, "+, -", "+, -")

    def integer(self, what_fr: str, what_en: str) -> int:
        kind, text, column = self.take()
        if kind != "int":
            found = text or "fin"
            raise NotationError(
                f"{what_fr} attendu(e) en position {column}, trouvé « {found} »",
                f"expected {what_en} at position {column}, found '{text or 'end'}'",
            )
        value = int(text)
        if value > limits.MAX_CONSTANT:
            raise NotationError(
                f"nombre trop grand en position {column} (au plus {limits.MAX_CONSTANT})",
                f"number too large at position {column} (at most {limits.MAX_CONSTANT})",
            )
        return value

    # -- grammar ------------------------------------------------------------------------------

    def expression(self) -> Sum:
        terms = [self.signed()]
        while self.at_op("+", "-"):
            sign = 1 if self.take()[1] == "+" else -1
            s, node = self.signed()
            terms.append((sign * s, node))
        return Sum(tuple(terms))

    def signed(self) -> tuple[int, Node]:
        sign = 1
        while self.at_op("+", "-"):
            if self.take()[1] == "-":
                sign = -sign
        self.terms += 1
        if self.terms > limits.MAX_TERMS:
            raise NotationError(
                f"trop de termes (au plus {limits.MAX_TERMS})",
                f"too many terms (at most {limits.MAX_TERMS})",
            )
        return sign, self.atom()

    def atom(self) -> Node:
        kind, text, column = self.peek()
        if kind == "op" and text == "(":
            return self.group(column)
        if kind == "int":
            self.take()
            if self.peek()[:2] == ("word", "d") or self.peek()[1].startswith("d"):
                return self.dice(int(text), column)
            value = int(text)
            if value > limits.MAX_CONSTANT:
                raise NotationError(
                    f"nombre trop grand en position {column} (au plus {limits.MAX_CONSTANT})",
                    f"number too large at position {column} (at most {limits.MAX_CONSTANT})",
                )
            return Constant(value)
        if kind == "word" and text.startswith("d"):
            return self.dice(1, column)
        raise _unexpected(text, column, "un nombre, un dé (d6) ou (", "a number, a die (d6) or (")

    def group(self, column: int) -> Node:
        self.take()
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise NotationError(
                f"trop de parenthèses imbriquées (au plus {_MAX_NESTING})",
                f"parentheses nested too deep (at most {_MAX_NESTING})",
            )
        inner = self.expression()
        if not self.at_op(")"):
            raise NotationError(
                f"parenthèse ouverte en position {column} jamais fermée",
                f"parenthesis opened at position {column} is never closed",
            )
        self.take()
        self.depth -= 1
        return Sum(inner.terms, grouped=True)

    def dice(self, count: int, column: int) -> Dice:
        kind, word, wcol = self.take()
        if word != "d":
            raise _unexpected(
                word, wcol, "d suivi du nombre de faces", "d then the number of sides"
            )
        if self.at_op("%"):
            self.take()
            sides = 100
        else:
            sides = self.integer("un nombre de faces", "a number of sides")
        _check_size(count, sides, column)
        clauses = _Clauses(count, sides)
        while True:
            kind, text, col = self.peek()
            if kind == "word" and text in ("r", "ro"):
                self.take()
                clauses.add_reroll(text == "ro", self.condition(required=True), col)
            elif kind == "op" and text in ("!", "!!"):
                self.take()
                clauses.add_explode(text == "!!", self.condition(required=False), col)
            elif kind == "word" and (text in _KEEPS or text in _DROPS):
                self.take()
                amount = self.integer("un nombre", "a number") if self.peek()[0] == "int" else 1
                clauses.add_keep(text, amount, col)
            elif kind == "op" and text in OPERATORS:
                self.take()
                value = self.integer("un seuil", "a threshold")
                clauses.success = Comparison(text, value)
                break
            elif kind == "word":
                raise NotationError(
                    f"modificateur inconnu « {text} » en position {col} "
                    "(connus : r ro ! !! k kh kl dh dl)",
                    f"unknown modifier '{text}' at position {col} (known: r ro ! !! k kh kl dh dl)",
                )
            else:
                break
        source = self.text[column - 1 : self.peek()[2] - 1].strip()
        return clauses.build(source, column)

    def condition(self, *, required: bool) -> Comparison | None:
        kind, text, column = self.peek()
        if kind == "op" and text in OPERATORS:
            self.take()
            return Comparison(text, self.integer("un nombre", "a number"))
        if kind == "int":
            return Comparison("=", self.integer("un nombre", "a number"))
        if required:
            raise NotationError(
                f"condition attendue en position {column} (exemples : r1, r<3, ro=2)",
                f"expected a condition at position {column} (examples: r1, r<3, ro=2)",
            )
        return None


class _Clauses:
    """The modifiers of one dice term, checked against each other as they arrive."""

    def __init__(self, count: int, sides: int) -> None:
        self.count = count
        self.sides = sides
        self.reroll: Reroll | None = None
        self.explode: Explode | None = None
        self.keep: Keep | None = None
        self.success: Comparison | None = None

    def faces(self, cond: Comparison) -> frozenset[int]:
        return frozenset(f for f in range(1, self.sides + 1) if cond.test(f))

    def add_reroll(self, once: bool, cond: Comparison | None, column: int) -> None:
        assert cond is not None
        text = ("ro" if once else "r") + ("" if cond.op == "=" else cond.op) + str(cond.value)
        faces = self.faces(cond)
        if self.reroll is not None:
            if self.reroll.once != once:
                raise NotationError(
                    f"r et ro mélangés sur un même dé (position {column})",
                    f"r and ro mixed on the same dice (position {column})",
                )
            faces |= self.reroll.faces
            text = self.reroll.text + text
        self.reroll = Reroll(faces, once, text)

    def add_explode(self, compound: bool, cond: Comparison | None, column: int) -> None:
        if self.explode is not None:
            raise NotationError(
                f"une seule explosion par dé (position {column})",
                f"only one explosion per dice term (position {column})",
            )
        cond = cond or Comparison("=", self.sides)
        mark = "!!" if compound else "!"
        text = mark + ("" if cond == Comparison("=", self.sides) else str(cond))
        self.explode = Explode(self.faces(cond), compound, text)

    def add_keep(self, word: str, amount: int, column: int) -> None:
        if self.keep is not None:
            raise NotationError(
                f"un seul k/kh/kl/dh/dl par dé (position {column})",
                f"only one of k/kh/kl/dh/dl per dice term (position {column})",
            )
        text = f"{word}{amount}"
        if word in _KEEPS:
            self.keep = Keep(_KEEPS[word][0], amount, 0, text)
        else:
            # dropping the highest is keeping the lowest, and the other way round
            self.keep = Keep(not _DROPS[word], None, amount, text)

    def build(self, source: str, column: int) -> Dice:
        live = set(range(1, self.sides + 1))
        if self.reroll is not None and not self.reroll.once:
            live -= self.reroll.faces
            if not live:
                raise NotationError(
                    f"« {source} » relance toutes les faces : le dé ne s'arrêterait jamais",
                    f"'{source}' rerolls every face: the die would never stop",
                )
        if self.explode is not None and live <= self.explode.faces:
            raise NotationError(
                f"« {source} » explose sur toutes ses faces : le dé ne s'arrêterait jamais",
                f"'{source}' explodes on every face: the die would never stop",
            )
        if self.explode is not None and not self.explode.compound and self.keep is not None:
            raise NotationError(
                f"« {source} » : pour garder des dés qui explosent, utilisez !! (chaque dé "
                "additionne ses relances explosives)",
                f"'{source}': to keep exploding dice use !! (each die adds up its own explosions)",
            )
        return Dice(
            self.count, self.sides, self.reroll, self.explode, self.keep, self.success, source
        )


def _check_size(count: int, sides: int, column: int) -> None:
    if count > limits.MAX_DICE:
        raise NotationError(
            f"trop de dés en position {column} : {count} (au plus {limits.MAX_DICE})",
            f"too many dice at position {column}: {count} (at most {limits.MAX_DICE})",
        )
    if not 1 <= sides <= limits.MAX_SIDES:
        raise NotationError(
            f"un dé a de 1 à {limits.MAX_SIDES} faces, pas {sides} (position {column})",
            f"a die has 1 to {limits.MAX_SIDES} sides, not {sides} (position {column})",
        )


def _unexpected(text: str, column: int, fr_expected: str, en_expected: str) -> NotationError:
    return NotationError(
        f"« {text or 'fin'} » inattendu en position {column} ; attendu : {fr_expected}",
        f"unexpected '{text or 'end'}' at position {column}; expected: {en_expected}",
    )
