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

from functools import lru_cache

from ecran.dice.control import CONTROL
from ecran.dice.notation import limits
from ecran.dice.notation.ast import (
    OPERATORS,
    BinOp,
    Call,
    Comparison,
    Constant,
    Expression,
    Group,
    Keep,
    Labelled,
    Match,
    Node,
    Sum,
)
from ecran.dice.notation.clauses import DROPS, KEEPS, Clauses, check_size, group_modifier
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.shortcuts import simple_expression
from ecran.dice.notation.tokens import (
    FUNCTIONS,
    KNOWN_MODIFIERS,
    MODIFIERS,
    Token,
    bounded,
    read_number,
    tokenise,
    unexpected,
)

_MAX_NESTING = 20


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
    simple = simple_expression(text)
    if simple is not None:
        return simple
    parser = _Parser(text, tokenise(text))
    root = parser.expression()
    parser.expect_end()
    return Expression(text.strip(), root)


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
            raise unexpected(text, column, "+ - * / % **", "+ - * / % **")

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
        return bounded(int(text), column)

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
        for name in MODIFIERS:
            if text.startswith(name):
                if len(text) > len(name):
                    self.tokens[self.i] = ("word", text[len(name) :], column + len(name))
                else:
                    self.i += 1
                return kind, name, column
        raise NotationError(
            f"modificateur inconnu « {text} » en position {column} (connus : {KNOWN_MODIFIERS})",
            f"unknown modifier '{text}' at position {column} (known: {KNOWN_MODIFIERS})",
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
            return Constant(read_number(text, column))
        if kind == "word" and text in FUNCTIONS:
            self.take()
            if not self.at_op("("):
                raise unexpected(self.peek()[1], self.peek()[2], "(", "(")
            inner = self.parenthesised(self.peek()[2])
            assert isinstance(inner, Sum)
            return Call(text, inner)
        if kind == "word" and text.startswith("d"):
            return self.dice(1, column)
        raise unexpected(
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
                if word in KEEPS or word in DROPS:
                    keeps.append(self.keep_clause(word))
                elif word == "f" and success is not None:
                    failure = self.need()
                else:
                    raise group_modifier(word, col)
            elif kind == "op" and text in OPERATORS and success is None:
                self.take()
                success = Comparison(text, self.threshold("un seuil", "a threshold"))
            else:
                break
        source = self.text[column - 1 : self.peek()[2] - 1].strip()
        return Group(tuple(items), tuple(keeps), success, failure, source)

    def keep_clause(self, word: str) -> Keep:
        kind, after, column = self.peek()
        if kind == "word" and after[:1] in ("k", "d"):  # `4d6kk3`: a typo, not k1 then k3
            raise self.doubled_keep(word, after, column - len(word))
        amount = self.integer("un nombre", "a number") if kind == "num" else 1
        text = f"{word}{amount}"
        if word in KEEPS:
            return Keep(KEEPS[word][0], amount, 0, text)
        # dropping the highest is keeping the lowest, and the other way round
        return Keep(not DROPS[word], None, amount, text)

    def doubled_keep(self, word: str, after: str, column: int) -> NotationError:
        """A keep or drop right after another with no count between (`4d6kk3`): refused as
        the typo it is, rather than read as `k1k3`."""
        following = self.tokens[self.i + 1] if self.i + 1 < len(self.tokens) else ("", "", 0)
        count = following[1] if following[0] == "num" else "1"
        one, both = f"{after}{count}", f"{word}1{after}{count}"
        return NotationError(
            f"« {word}{after} » en position {column} : un maintien ou un retrait juste après un "
            f"autre, sans son nombre (un seul : {one} ; les deux : {both})",
            f"'{word}{after}' at position {column}: a keep or drop right after another, without "
            f"its count (one: {one}; both: {both})",
        )

    def dice(self, count: int, column: int) -> Node:
        kind, word, wcol = self.take()
        fate = False
        if word.startswith("df"):
            fate, sides = True, 3
            if len(word) > 2:  # `4dFkh1`: the modifiers were read as the same word
                self.i -= 1
                self.tokens[self.i] = ("word", word[2:], wcol + 2)
        elif word != "d":
            raise unexpected(word, wcol, "d suivi du nombre de faces", "d then the number of sides")
        elif self.at_op("%"):
            self.take()
            sides = 100
        else:
            sides = self.integer("un nombre de faces", "a number of sides")
        check_size(count, sides, column)
        clauses = Clauses(count, sides, fate)
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

    def modifier(self, clauses: Clauses) -> None:
        _, word, col = self.split_word()
        if word in ("r", "ro"):
            clauses.add_reroll(word == "ro", self.need(), col)
        elif word in KEEPS or word in DROPS:
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
                f"modificateur inconnu « {word} » en position {col} (connus : {KNOWN_MODIFIERS})",
                f"unknown modifier '{word}' at position {col} (known: {KNOWN_MODIFIERS})",
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


def _negated(node: Node) -> Node:
    return Sum(((-1, node),), grouped=True)
