"""What the WaRP checks share: their base class, whose words are data (`data/checks.toml` and
`data/details.toml`, read by `rules.data.CheckWords`), and the bounds of the pool parameters, whose
words are data too (`data/fields.toml`, one table per parameter, read by `FIELDS`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from ecran.rules import Check, CheckWords, EcranError, Text
from ecran.rules.field import folded
from ecran.systems.warp.tables import FIELDS, PACKAGE

if TYPE_CHECKING:  # the rows' models load with the tables a rule reads (#32)
    from ecran.systems.warp.rows import Row

P = TypeVar("P", bound=BaseModel)

#: The words of every check (data/checks.toml, details.toml, outcomes.toml).
WORDS = CheckWords.load(PACKAGE)


class WarpCheck(Check[P]):
    """A WaRP check: its title, description and detail labels are data, under its `name`."""

    words = WORDS


#: Dice in one pool (a trait's score) and extra dice from one situation.
MAX_DICE = 30
MAX_EXTRA = 30


def dice_field(key: str = "dice", default: Any = ...) -> Any:
    """A pool's dice: a trait's score, 2 without a trait (L1399-1405)."""
    return FIELDS(key, default=default, ge=1, le=MAX_DICE)


def bonus_field(key: str = "bonus") -> Any:
    """Bonus dice: rolled in addition, the lowest dropped (L7-9), at most MAX_NET net."""
    return FIELDS(key, default=0, ge=0)


def penalty_field(key: str = "penalty") -> Any:
    """Penalty dice: rolled in addition, the highest dropped (L71-73), at most MAX_NET net."""
    return FIELDS(key, default=0, ge=0)


def difficulty_field(default: Any = ...) -> Any:
    """A difficulty factor (L1361-1383)."""
    return FIELDS("difficulty", default=default, ge=0)


def one_of(value: str, keys: Sequence[str], names: Text | None = None) -> str:
    """A key of a table (a disease, a spell): refused when unknown, with what may be typed (the
    rows' `names` in the reader's language, else the keys)."""
    if value not in keys:
        allowed = names or Text(fr=", ".join(keys), en=", ".join(keys))
        raise EcranError(
            Text(
                fr=f"valeur non permise, possibles : {allowed.fr}",
                en=f"value not allowed, allowed: {allowed.en}",
            )
        )
    return value


class Named:
    """A table key as people type it: the key, or the row's French or English name, in any case,
    with or without accents ("Cuir", "cuir", "Leather" for `leather`), or one of the names a row
    lists ("Épée" or "hache" for "Épée, hache"; the first row naming it wins); `extra` names choices
    that are not rows ("aucune" for `none`). Unknown words are refused with the keys allowed."""

    def __init__(self, rows: Sequence[Row], extra: Mapping[str, Text] | None = None) -> None:
        named = [(row.key, row.label) for row in rows]
        named += list((extra or {}).items())
        self.keys = [key for key, _ in named]
        #: Each key's people's words (a field's `choices`: its default shown by them).
        self.words = dict(named)
        #: Every row by its people's names, as a help lists what one may type (never the keys).
        self.names = Text(
            fr=" ; ".join(label.fr for _, label in named),
            en="; ".join(label.en for _, label in named),
        )
        self._words: dict[str, str] = {}
        for key, label in named:
            for word in (key, label.fr, label.en):
                self._words.setdefault(folded(word), key)
        for key, label in named:  # "Épée" for "Épée, hache": each name of a row alone
            for word in (*label.fr.split(","), *label.en.split(",")):
                self._words.setdefault(folded(word), key)

    def __call__(self, value: str) -> str:
        return one_of(self._words.get(folded(value), value), self.keys, self.names)

    def field(self, key: str, default: str) -> Any:
        """The parameter that names a row: its words are `key`'s in data/fields.toml, its help
        listing these rows' names (`{names}`)."""
        return FIELDS(key, fill={"names": self.names}, default=default, choices=self.words)

    def many(self, value: str) -> str:
        """A comma-separated list of keys (armour layers), each read as above."""
        return ",".join(self(part) for part in value.split(",") if part.strip())
