"""The game's seed and its data files: each table read and validated on its first use into its
model (`rows`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ecran.rules import Text, cite
from ecran.rules.data import LazyTables, load_fields
from ecran.rules.text import book, tr

if TYPE_CHECKING:
    from ecran.systems.nephilim.rows import (
        Astrology,
        Characteristics,
        Combat,
        DiceTable,
        KaTables,
        NpcRoles,
        Occult,
        Tracks,
        Tree,
    )

PACKAGE = "ecran.systems.nephilim"

SEED = "003_f1fb14c3cd618c96.txt"
book(SEED, tr("Règles pour Nephilim – Version 3", "Rules for Nephilim – Version 3"))
#: The whole seed: Règles pour Nephilim v3, a fan rewrite (636 lines).
SOURCE = cite(SEED, 1, 636)


#: The tables, each read and validated on first use (a module attribute asked of
#: `__getattr__`): a check's odds that read none load none, nor define their models (#32).
CHARACTERISTICS: Characteristics
KA: KaTables
TRACKS: Tracks
SKILLS: Tree
LANGUAGES: Tree
OCCULT: Occult
ASTROLOGY: Astrology
COMBAT: Combat
DICE_TABLE: DiceTable
NPC: NpcRoles
#: Each table's name -> its data file and its model (in `rows`), read on first use.
table = LazyTables(
    PACKAGE,
    {
        "CHARACTERISTICS": ("characteristics.toml", "Characteristics"),
        "KA": ("ka.toml", "KaTables"),
        "TRACKS": ("tracks.toml", "Tracks"),
        "SKILLS": ("skills.toml", "Tree"),
        "LANGUAGES": ("languages.toml", "Tree"),
        "OCCULT": ("occult.toml", "Occult"),
        "ASTROLOGY": ("astrology.toml", "Astrology"),
        "COMBAT": ("combat.toml", "Combat"),
        "DICE_TABLE": ("dice.toml", "DiceTable"),
        "NPC": ("npc.toml", "NpcRoles"),
    },
)


def _characteristics() -> Characteristics:
    found: Characteristics = table("CHARACTERISTICS")
    return found


def _occult() -> Occult:
    found: Occult = table("OCCULT")
    return found


def _astrology() -> Astrology:
    found: Astrology = table("ASTROLOGY")
    return found


def _ka() -> KaTables:
    found: KaTables = table("KA")
    return found


CHARACTERISTIC_IDS: tuple[str, ...]
# People's words for the named choices, from the tables that name them, so a choice is accepted
# as the book writes it (`Feu`, `Rapidité`, `Haute Magie`, `Bélier`) or in English.
ELEMENT_WORDS: dict[str, Text]
CHARACTERISTIC_WORDS: dict[str, Text]
CIRCLE_WORDS: dict[str, dict[str, Text]]
DAY_WORDS: dict[str, Text]
SIGN_WORDS: dict[str, Text]
#: Each name read from the tables -> how it is read (on first use, as the tables are).
_DERIVED: dict[str, Callable[[], Any]] = {
    "CHARACTERISTIC_IDS": lambda: tuple(c.id for c in _characteristics().characteristic),
    "ELEMENT_WORDS": lambda: {e: Text(fr=fr, en=en) for e, (fr, en) in _ka().element_names.items()},
    "CHARACTERISTIC_WORDS": lambda: {
        c.id: Text(fr=c.fr, en=c.en) for c in _characteristics().characteristic
    },
    "CIRCLE_WORDS": lambda: {
        science.id: {
            c.id: Text(fr=c.fr, en=c.en) for c in _occult().circle if c.science == science.id
        }
        for science in _occult().science
    },
    "DAY_WORDS": lambda: {d.id: Text(fr=d.fr, en=d.en) for d in _astrology().day},
    "SIGN_WORDS": lambda: {s.id: Text(fr=s.fr, en=s.en) for s in _astrology().sign},
}


def __getattr__(name: str) -> Any:
    if name in table:
        value = table(name)
    elif name in _DERIVED:
        value = _DERIVED[name]()
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # asked once: then a plain attribute
    return value


#: The words (label, help) of the checks', operations' and sheet's fields: data/fields.toml.
FIELDS = load_fields(PACKAGE)
