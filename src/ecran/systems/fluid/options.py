"""Fluid's named options: the seed's optional rules and our readings of its ambiguities (§9 of
rules/fluid.md). Defaults are the recommended readings.

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from ecran.rules import load_options
from ecran.systems.fluid.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.fluid", SEED)

NO_BASE_EXPLOSION = OPTIONS["no_base_explosion"]
NO_DOUBLES = OPTIONS["no_doubles"]
DOUBLES_OVER_BASE = OPTIONS["doubles_over_base"]
BINARY_RESULTS = OPTIONS["binary_results"]
VARIABLE_DELAY = OPTIONS["variable_delay"]
ME_REFERENCE = OPTIONS["me_reference"]
MAJOR_SUCCESS_AS = OPTIONS["major_success_as"]
TIE_RULE = OPTIONS["tie_rule"]
DEFENCELESS_BASELINE = OPTIONS["defenceless_baseline"]
INCLUDE_WEAPON_DAMAGE = OPTIONS["include_weapon_damage"]
EQUIPMENT_DIFFERENCE = OPTIONS["equipment_difference"]
HIT_LOCATION = OPTIONS["hit_location"]
CHASE_MARGIN = OPTIONS["chase_margin"]
AVERAGE_ROUNDING = OPTIONS["average_rounding"]
DAILY_RECOVERY = OPTIONS["daily_recovery"]
SURVIVAL_COMBINE = OPTIONS["survival_combine"]
