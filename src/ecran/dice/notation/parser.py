"""Hand-written parser for Roll20's dice dialect (its Dice Reference is the specification).

Why not lark: the grammar is small and regular, a recursive-descent parser over one regular
expression tokeniser is several times faster than lark's Earley/LALR front end on a cold parse,
and it lets every error name its position in French and English without a translation layer.

Grammar (case-insensitive letters, blanks allowed between tokens)::

    expression := product (("+" | "-") product)*
    product    := signed (("*" | "/" | "%") signed)*
    signed     := ("+" | "-")* power
    power      := labelled ("**" signed)?                  right-associative, binds tightest
    labelled   := atom LABEL?                              LABEL: "[" text "]", shown only
    atom       := "(" expression ")" | NUMBER | dice | FUNC "(" expression ")"
                | "{" expression ("," expression)* "}" groupmod*
    dice       := INT? "d" (INT | "%" | "F") modifier*
    modifier   := ("r" | "ro") cond                        reroll until not / reroll once
                | ("!" | "!!" | "!p") cond?                explode / compound / penetrate
                | ("k" | "kh" | "kl" | "d" | "dh" | "dl") INT?   chained, in order written
                | COMPARE INT ("f" cond)?                  target number, failures
                | ("cs" | "cf") cond                       crit markers (shown only)
                | "s" | "sa" | "sd"                        sorting (shown only)
                | ("m" | "mt") INT?                        matching: mark / count the sets
                | "e" cond | "ra" cond | "mi" INT | "ma" INT   d20's explode, reroll-and-add,
                                                           minimum, maximum
    groupmod   := keep/drop as above | COMPARE INT ("f" cond)?
    cond       := COMPARE? INT         (no operator: "=")
    COMPARE    := ">" | "<" | "=" | ">=" | "<="   (">" is N or more, "<" N or less)

An operator right after `!` is the explosion's condition: `3d6!>5` explodes on 5 and 6. To count
successes on exploding dice, give the explosion its own condition first (`3d6!6>5`) or group it
(`{3d6!}>5`).
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from ecran.dice.notation import limits
from ecran.dice.notation.ast import (
    OPERATORS,
    BinOp,
    Call,
    Comparison,
    Constant,
    Dice,
    Explode,
    Expression,
    Group,
    Keep,
    Labelled,
    Match,
    Node,
    Reroll,
    Sum,
)
from ecran.dice.notation.errors import NotationError

_TOKEN = re.compile(
    r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z]+)|(\[[^\]]*\])|(>=|<=|!!|\*\*|[-+()!<>=%*/{},]))"
)
_KEEPS = {"k": (True, False), "kh": (True, False), "kl": (False, False)}
_DROPS = {"dh": True, "dl": False, "d": False}
_FUNCTIONS = ("floor", "ceil", "round", "abs")
# the modifier words, longest first: a word token such as "khsa" is read as "kh" then "sa"
_MODIFIERS = sorted(
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
_KNOWN = "r ro ! !! !p k kh kl d dh dl f cs cf s sa sd m mt mi ma e ra"
_MAX_NESTING = 20

#: Control characters no one types (escapes, BEL, bidi overrides; tab and line breaks are
#: spaces here): refused before anything is read, so none is ever shown back raw. Every other
#: text is checked against the same set (`ecran.rules.sizes.CONTROL` is this one).
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

Token = tuple[str, str, int]  # kind ("num", "word", "label", "op", "end"), text, 1-based column


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
    control = CONTROL.search(text)
    if control is not None:
        code, column = f"U+{ord(control.group()):04X}", control.start() + 1
        raise NotationError(
            f"caractère de contrôle non permis ({code}) en position {column}",
            f"control character not allowed ({code}) at position {column}",
        )
    if not text.strip():
        raise NotationError(
            "expression vide (exemple : 4d6kh3+2)", "empty expression (example: 4d6kh3+2)"
        )
    simple = _simple(text)
    if simple is not None:
        return simple
    parser = _Parser(text, _tokenise(text))
    root = parser.expression()
    parser.expect_end()
    return Expression(text.strip(), root)


_SIMPLE = re.compile(
    r"([1-9][0-9]{0,3})?d([1-9][0-9]{0,3})(k[hl]([1-9][0-9]{0,3}))?([+-][0-9]{1,6})?"
)


_BARE = re.compile(r"([1-9][0-9]{0,3})?d([1-9][0-9]{0,3})([+-][0-9]{1,6})?")


def bare_numbers(text: str) -> tuple[int, int, int] | None:
    """`NdX` or `NdX ± C` (the commonest question) read as (N, X, ±C) without building its
    tree, when within the limits; else None (the text goes the way of `parse`, which gives the
    same sum: a test holds them equal)."""
    match = _BARE.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, constant_text = match.groups()
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    if count > limits.MAX_DICE or sides > limits.MAX_SIDES:
        return None
    return count, sides, int(constant_text) if constant_text else 0


_KEPT = re.compile(r"([1-9][0-9]{0,3})?d([1-9][0-9]{0,3})k([hl])([1-9][0-9]{0,3})([+-][0-9]{1,6})?")


def kept_numbers(text: str) -> tuple[int, int, bool, int, int, str] | None:
    """`NdXkhK` or `NdXklK`, `± C` after it, read as (N, X, highest?, K, ±C, the term's text)
    without building its tree, when within the limits and K <= N; else None (the text goes the
    way of `parse`, which reads the same numbers: a test holds them equal)."""
    match = _KEPT.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, side, kept_text, constant_text = match.groups()
    count = int(count_text) if count_text else 1
    sides, kept = int(sides_text), int(kept_text)
    if count > limits.MAX_DICE or sides > limits.MAX_SIDES or kept > count:
        return None
    term = text[: match.start(5)] if constant_text else text
    return count, sides, side == "h", kept, int(constant_text) if constant_text else 0, term


def _simple(text: str) -> Expression | None:
    """The commonest shapes, `NdX`, `NdXkhK`/`NdXklK` and `± C` after them, built without the
    tokeniser (the same tree the full parser builds: a test holds them equal); anything else,
    or a number near a limit, goes the full way."""
    match = _SIMPLE.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, keep_text, kept_text, constant_text = match.groups()
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    if count > limits.MAX_DICE or sides > limits.MAX_SIDES:
        return None
    keeps: tuple[Keep, ...] = ()
    if keep_text:
        kept = int(kept_text)
        if kept > count:
            return None
        keeps = (Keep(highest=keep_text[1] == "h", count=kept, drop=0, text=keep_text),)
    term_text = text[: match.start(5)] if constant_text else text
    terms: list[tuple[int, Node]] = [(1, Dice(count, sides, keeps=keeps, text=term_text))]
    if constant_text:
        terms.append((-1 if constant_text[0] == "-" else 1, Constant(int(constant_text[1:]))))
    return Expression(text, Sum(tuple(terms)))


def _tokenise(text: str) -> list[Token]:
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
            if text in (")", "}"):
                raise NotationError(
                    f"« {text} » en trop en position {column} (parenthèse fermante en trop)",
                    f"unmatched closing '{text}' at position {column} (unmatched parenthesis)",
                )
            raise _unexpected(text, column, "+ - * / % **", "+ - * / % **")

    def integer(self, what_fr: str, what_en: str) -> int:
        """A whole number; `what_fr` names it with its article (`un nombre de faces`, `une
        valeur`), which the participle agrees with (`attendu`, `attendue`)."""
        kind, text, column = self.take()
        if kind != "num" or "." in text:
            expected = "attendue" if what_fr.startswith("une ") else "attendu"
            raise NotationError(
                f"{what_fr} {expected} en position {column}, trouvé « {text or 'fin'} »",
                f"expected {what_en} at position {column}, found '{text or 'end'}'",
            )
        return _bounded(int(text), column)

    def threshold(self, what_fr: str, what_en: str) -> int:
        """The number of a condition after its operator, which may be negative (`4dF>-1`,
        `{2d6-8}<-2`: Roll20 compares with any integer)."""
        if self.at_op("-"):
            self.take()
            return -self.integer(what_fr, what_en)
        return self.integer(what_fr, what_en)

    def split_word(self) -> Token:
        """The next modifier word, cut from the front of a word token (`khsa` -> `kh`, `sa`)."""
        kind, text, column = self.peek()
        for name in _MODIFIERS:
            if text.startswith(name):
                if len(text) > len(name):
                    self.tokens[self.i] = ("word", text[len(name) :], column + len(name))
                else:
                    self.i += 1
                return kind, name, column
        raise NotationError(
            f"modificateur inconnu « {text} » en position {column} (connus : {_KNOWN})",
            f"unknown modifier '{text}' at position {column} (known: {_KNOWN})",
        )

    def nest(self) -> None:
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise NotationError(
                f"trop de parenthèses imbriquées (au plus {_MAX_NESTING})",
                f"parentheses nested too deep (at most {_MAX_NESTING})",
            )

    # -- grammar ------------------------------------------------------------------------------

    def expression(self) -> Sum:
        terms = [self.product()]
        while self.at_op("+", "-"):
            sign = 1 if self.take()[1] == "+" else -1
            s, node = self.product()
            terms.append((sign * s, node))
        return Sum(tuple(terms))

    def product(self) -> tuple[int, Node]:
        # a sign before a product is the product's sign: -a*b = -(a*b), and also for %, since
        # the remainder takes the sign of the left side
        sign, node = self.signed()
        while self.at_op("*", "/", "%"):
            op = self.take()[1]
            s, right = self.signed()
            node = BinOp(op, node, _negated(right) if s < 0 else right)
        return sign, node

    def signed(self) -> tuple[int, Node]:
        sign = 1
        while self.at_op("+", "-"):
            if self.take()[1] == "-":
                sign = -sign
        return sign, self.power()

    def power(self) -> Node:
        base = self.labelled()
        if not self.at_op("**"):
            return base
        self.take()
        self.nest()
        sign, exponent = self.signed()
        self.depth -= 1
        return BinOp("**", base, _negated(exponent) if sign < 0 else exponent)

    def labelled(self) -> Node:
        node = self.atom()
        while self.peek()[0] == "label":
            label = self.take()[1]
            node = Labelled(node, label)
        return node

    def atom(self) -> Node:
        kind, text, column = self.peek()
        self.terms += 1
        if self.terms > limits.MAX_TERMS:
            raise NotationError(
                f"trop de termes (au plus {limits.MAX_TERMS})",
                f"too many terms (at most {limits.MAX_TERMS})",
            )
        if kind == "op" and text == "(":
            return self.parenthesised(column)
        if kind == "op" and text == "{":
            return self.group(column)
        if kind == "num":
            self.take()
            if self.peek()[0] == "word" and self.peek()[1].startswith("d") and "." not in text:
                return self.dice(int(text), column)
            return Constant(_number(text, column))
        if kind == "word" and text in _FUNCTIONS:
            self.take()
            if not self.at_op("("):
                raise _unexpected(self.peek()[1], self.peek()[2], "(", "(")
            inner = self.parenthesised(self.peek()[2])
            assert isinstance(inner, Sum)
            return Call(text, inner)
        if kind == "word" and text.startswith("d"):
            return self.dice(1, column)
        raise _unexpected(
            text, column, "un nombre, un dé (d6), ( ou {", "a number, a die (d6), ( or {"
        )

    def parenthesised(self, column: int) -> Node:
        self.take()
        self.nest()
        inner = self.expression()
        if not self.at_op(")"):
            raise NotationError(
                f"parenthèse ouverte en position {column} jamais fermée",
                f"parenthesis opened at position {column} is never closed",
            )
        self.take()
        self.depth -= 1
        return Sum(inner.terms, grouped=True)

    def group(self, column: int) -> Group:
        self.take()
        self.nest()
        items = [self.expression()]
        while self.at_op(","):
            self.take()
            items.append(self.expression())
        if not self.at_op("}"):
            raise NotationError(
                f"accolade ouverte en position {column} jamais fermée",
                f"brace opened at position {column} is never closed",
            )
        self.take()
        self.depth -= 1
        keeps: list[Keep] = []
        success: Comparison | None = None
        failure: Comparison | None = None
        while True:
            kind, text, col = self.peek()
            if kind == "word":
                _, word, col = self.split_word()
                if word in _KEEPS or word in _DROPS:
                    keeps.append(self.keep_clause(word))
                elif word == "f" and success is not None:
                    failure = self.need()
                else:
                    raise _group_modifier(word, col)
            elif kind == "op" and text in OPERATORS and success is None:
                self.take()
                success = Comparison(text, self.threshold("un seuil", "a threshold"))
            else:
                break
        source = self.text[column - 1 : self.peek()[2] - 1].strip()
        return Group(tuple(items), tuple(keeps), success, failure, source)

    def keep_clause(self, word: str) -> Keep:
        amount = self.integer("un nombre", "a number") if self.peek()[0] == "num" else 1
        text = f"{word}{amount}"
        if word in _KEEPS:
            return Keep(_KEEPS[word][0], amount, 0, text)
        # dropping the highest is keeping the lowest, and the other way round
        return Keep(not _DROPS[word], None, amount, text)

    def dice(self, count: int, column: int) -> Node:
        kind, word, wcol = self.take()
        fate = False
        if word.startswith("df"):
            fate, sides = True, 3
            if len(word) > 2:  # `4dFkh1`: the modifiers were read as the same word
                self.i -= 1
                self.tokens[self.i] = ("word", word[2:], wcol + 2)
        elif word != "d":
            raise _unexpected(
                word, wcol, "d suivi du nombre de faces", "d then the number of sides"
            )
        elif self.at_op("%"):
            self.take()
            sides = 100
        else:
            sides = self.integer("un nombre de faces", "a number of sides")
        _check_size(count, sides, column)
        clauses = _Clauses(count, sides, fate)
        while True:
            kind, text, col = self.peek()
            if kind == "op" and text in ("!", "!!"):
                self.take()
                penetrate = False
                if text == "!" and self.peek()[0] == "word" and self.peek()[1].startswith("p"):
                    self.split_word()
                    penetrate = True
                clauses.add_explode(
                    text == "!!", self.condition(required=False), col, penetrate=penetrate
                )
            elif kind == "op" and text in OPERATORS:
                self.take()
                clauses.add_success(
                    Comparison(text, self.threshold("un seuil", "a threshold")), col
                )
            elif kind == "word":
                self.modifier(clauses)
            else:
                break
        source = self.text[column - 1 : self.peek()[2] - 1].strip()
        return clauses.build(source)

    def modifier(self, clauses: _Clauses) -> None:
        _, word, col = self.split_word()
        if word in ("r", "ro"):
            clauses.add_reroll(word == "ro", self.need(), col)
        elif word in _KEEPS or word in _DROPS:
            clauses.keeps.append(self.keep_clause(word))
        elif word == "f":
            clauses.add_failure(self.need(), col)
        elif word in ("cs", "cf"):
            cond = self.need()
            if word == "cs":
                clauses.crit_success = cond
            else:
                clauses.crit_fail = cond
        elif word in ("s", "sa", "sd"):
            clauses.sort = "d" if word == "sd" else "a"
        elif word in ("m", "mt"):
            size = self.integer("un nombre", "a number") if self.peek()[0] == "num" else 2
            clauses.match = Match(max(size, 1), word == "mt")
        elif word == "e":
            clauses.add_explode(False, self.need(), col)
        elif word == "ra":
            clauses.add_explode(False, self.need(), col, limit=1)
        elif word in ("mi", "ma"):
            value = self.integer("un nombre", "a number")
            if word == "mi":
                clauses.minimum = value
            else:
                clauses.maximum = value
        else:  # "p" alone: only meaningful right after "!"
            raise NotationError(
                f"modificateur inconnu « {word} » en position {col} (connus : {_KNOWN})",
                f"unknown modifier '{word}' at position {col} (known: {_KNOWN})",
            )

    def need(self) -> Comparison:
        cond = self.condition(required=True)
        assert cond is not None
        return cond

    def condition(self, *, required: bool) -> Comparison | None:
        kind, text, column = self.peek()
        if kind == "op" and text in OPERATORS:
            self.take()
            return Comparison(text, self.threshold("un nombre", "a number"))
        if kind == "num":
            return Comparison("=", self.integer("un nombre", "a number"))
        if required and kind == "op" and text == "-":  # `f-1`: where a condition must follow,
            return Comparison("=", self.threshold("un nombre", "a number"))  # not a subtraction
        if required:
            raise NotationError(
                f"condition attendue en position {column} (exemples : r1, r<3, ro=2)",
                f"expected a condition at position {column} (examples: r1, r<3, ro=2)",
            )
        return None


class _Clauses:
    """The modifiers of one dice term, checked against each other as they arrive."""

    def __init__(self, count: int, sides: int, fate: bool) -> None:
        self.count = count
        self.sides = sides
        self.fate = fate
        self.reroll: Reroll | None = None
        self.explode: Explode | None = None
        self.keeps: list[Keep] = []
        self.success: Comparison | None = None
        self.failure: Comparison | None = None
        self.crit_success: Comparison | None = None
        self.crit_fail: Comparison | None = None
        self.sort: str | None = None
        self.match: Match | None = None
        self.minimum: int | None = None
        self.maximum: int | None = None

    def face_list(self) -> list[int]:
        return [-1, 0, 1] if self.fate else list(range(1, self.sides + 1))

    def faces(self, cond: Comparison) -> frozenset[int]:
        return frozenset(f for f in self.face_list() if cond.test(f))

    def add_reroll(self, once: bool, cond: Comparison, column: int) -> None:
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

    def add_explode(
        self,
        compound: bool,
        cond: Comparison | None,
        column: int,
        *,
        penetrate: bool = False,
        limit: int | None = None,
    ) -> None:
        if self.explode is not None:
            raise NotationError(
                f"une seule explosion par dé (position {column})",
                f"only one explosion per dice term (position {column})",
            )
        if self.fate:
            raise NotationError(
                f"les dés Fudge (dF) n'explosent pas (position {column})",
                f"Fudge dice (dF) do not explode (position {column})",
            )
        cond = cond or Comparison("=", self.sides)
        mark = "ra" if limit else ("!!" if compound else "!p" if penetrate else "!")
        text = mark + ("" if cond == Comparison("=", self.sides) else str(cond))
        self.explode = Explode(self.faces(cond), compound, text, penetrate, limit)

    def add_success(self, cond: Comparison, column: int) -> None:
        if self.success is not None:
            raise NotationError(
                f"un seul nombre cible par dé (position {column})",
                f"only one target number per dice term (position {column})",
            )
        self.success = cond

    def add_failure(self, cond: Comparison, column: int) -> None:
        if self.success is None:
            raise NotationError(
                f"les échecs (f) suivent un nombre cible, comme 6d10>8f1 (position {column})",
                f"failures (f) follow a target number, as in 6d10>8f1 (position {column})",
            )
        self.failure = cond

    def build(self, source: str) -> Dice:
        live = set(self.face_list())
        if self.reroll is not None and not self.reroll.once:
            live -= self.reroll.faces
            if not live:
                raise NotationError(
                    f"« {source} » relance toutes les faces : le dé ne s'arrêterait jamais",
                    f"'{source}' rerolls every face: the die would never stop",
                )
        explode = self.explode
        if explode is not None and explode.limit is None and live <= explode.faces:
            raise NotationError(
                f"« {source} » explose sur toutes ses faces : le dé ne s'arrêterait jamais",
                f"'{source}' explodes on every face: the die would never stop",
            )
        if explode is not None and not explode.into_die and len(self.keeps) > 1:
            # Roll20 keeps over the whole grown pool; chained clauses would
            # need the kept ranks for every pool size, which `exploded.kept_pool` does not follow
            raise NotationError(
                f"« {source} » : sur des dés qui explosent avec !, une seule clause de garde "
                "(kh, kl, dh ou dl) ; avec !!, chaque dé additionne ses explosions",
                f"'{source}': on dice exploding with !, one keep/drop clause only (kh, kl, dh or "
                "dl); with !! each die adds up its own explosions",
            )
        if self.match is not None and self.match.total and self.success is not None:
            raise NotationError(
                f"« {source} » : mt compte les paires, un nombre cible compte les réussites ; "
                "choisissez l'un des deux",
                f"'{source}': mt counts sets and a target number counts successes; choose one",
            )
        if self.match is not None and explode is not None and not explode.into_die:
            raise NotationError(
                f"« {source} » : les paires (m, mt) se cherchent sur des dés qui explosent avec !!",
                f"'{source}': matching (m, mt) on exploding dice needs !!",
            )
        return Dice(
            self.count,
            self.sides,
            self.reroll,
            explode,
            tuple(self.keeps),
            self.success,
            source,
            fate=self.fate,
            failure=self.failure,
            crit_success=self.crit_success,
            crit_fail=self.crit_fail,
            sort=self.sort,
            match=self.match,
            minimum=self.minimum,
            maximum=self.maximum,
        )


def _negated(node: Node) -> Node:
    return Sum(((-1, node),), grouped=True)


def _number(text: str, column: int) -> int | Fraction:
    value = Fraction(text)
    _bounded(abs(value), column)
    return int(value) if value.denominator == 1 else value


def _bounded(value: int | Fraction, column: int) -> int:
    if value > limits.MAX_CONSTANT:
        raise NotationError(
            f"nombre trop grand en position {column} (au plus {limits.MAX_CONSTANT})",
            f"number too large at position {column} (at most {limits.MAX_CONSTANT})",
        )
    return int(value)


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


def _group_modifier(word: str, column: int) -> NotationError:
    return NotationError(
        f"« {word} » en position {column} : un groupe {{…}} prend k kh kl d dh dl, "
        "un nombre cible (>N, <N, =N) et f",
        f"'{word}' at position {column}: a group {{…}} takes k kh kl d dh dl, "
        "a target number (>N, <N, =N) and f",
    )


def _unexpected(text: str, column: int, fr_expected: str, en_expected: str) -> NotationError:
    return NotationError(
        f"« {text or 'fin'} » inattendu en position {column} ; attendu : {fr_expected}",
        f"unexpected '{text or 'end'}' at position {column}; expected: {en_expected}",
    )
