"""The modifiers of one dice term (reroll, explode, keep and drop, successes, crits...),
checked against each other as the parser reads them."""

from __future__ import annotations

from ecran.dice.notation import limits
from ecran.dice.notation.ast import (
    Comparison,
    Dice,
    Explode,
    Keep,
    Match,
    Reroll,
)
from ecran.dice.notation.errors import NotationError

KEEPS = {"k": (True, False), "kh": (True, False), "kl": (False, False)}


DROPS = {"dh": True, "dl": False, "d": False}


class Clauses:
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


def check_size(count: int, sides: int, column: int) -> None:
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


def group_modifier(word: str, column: int) -> NotationError:
    return NotationError(
        f"« {word} » en position {column} : un groupe {{…}} prend k kh kl d dh dl, "
        "un nombre cible (>N, <N, =N) et f",
        f"'{word}' at position {column}: a group {{…}} takes k kh kl d dh dl, "
        "a target number (>N, <N, =N) and f",
    )
