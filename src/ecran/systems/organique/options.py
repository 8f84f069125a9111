"""Every optional rule and every reading of an ambiguity (rules/organique.md §9) as a named
option; the default is the recommended reading.

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from typing import Literal

from ecran.rules import load_options
from ecran.systems.organique.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.organique", SEED)

TwoCharMode = Literal["average", "sum"]
TieRule = Literal["defender", "literal"]
StunShortfall = Literal["margin", "difficulty"]
NpcRole = Literal["minion", "standard", "elite"]
