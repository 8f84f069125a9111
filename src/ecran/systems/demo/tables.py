"""The demo's data, loaded once: its package, seed and source, and the words of its fields
(`data/fields.toml`). A real game loads its tables here, each row with its seed lines."""

from __future__ import annotations

from ecran.rules import cite, load_fields

PACKAGE = "ecran.systems.demo"
#: The demo has no book: its "seed" is a word, and every source cites its one line.
SEED = "demo"
SOURCE = cite(SEED, 1, 1, note="built-in demonstration, not a game")


#: The words of every parameter and sheet field declared in one line (`data/fields.toml`).
FIELDS = load_fields(PACKAGE)
