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
LUCK_IN_COMBAT = OPTIONS["luck_in_combat"]
TWO_CHARACTERISTICS = OPTIONS["two_characteristics"]
TIE_RULE = OPTIONS["tie_rule"]
STUN_OPPOSED = OPTIONS["stun_opposed"]
STUN_SHORTFALL = OPTIONS["stun_shortfall"]
StunShortfall = Literal["margin", "difficulty"]
DEPENDENCE_STAT = OPTIONS["physical_dependence_stat"]
ENCUMBRANCE_EXAMPLE = OPTIONS["encumbrance_erratum"]
BLUNT_AFTER_SNG0 = OPTIONS["blunt_after_sng0"]
INC_ZERO = OPTIONS["inc_zero"]
ADMIN_LEVEL_BONUS = OPTIONS["admin_level_bonus"]
HALF_ROUNDING = OPTIONS["halving"]
CHOKE_DRAIN = OPTIONS["choke_drain"]
FEVER_SAVE = OPTIONS["fever_save"]
CREATION = OPTIONS["creation"]
NPC_ROLE = OPTIONS["role"]
NpcRole = Literal["minion", "standard", "elite"]
