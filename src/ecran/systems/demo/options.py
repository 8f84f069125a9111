"""The demo's named options, from `data/options.toml` (none yet: a game lists there every
optional rule and every reading of its book, each with its default)."""

from __future__ import annotations

from ecran.rules import load_options
from ecran.systems.demo.tables import PACKAGE, SEED

OPTIONS = load_options(PACKAGE, SEED)
