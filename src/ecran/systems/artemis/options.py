"""Every optional rule, reading of an ambiguity (rules/artemis.md §9.1) and house rule of Artémis.

Defaults are the recommended readings. Each option is a field of the checks it affects (and of the
sheet for the NIFIMO scale, which the seed leaves to the table).

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from ecran.rules import load_options
from ecran.systems.artemis.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.artemis", SEED)

PRIVILEGE_CRITICALS = OPTIONS["privilege_criticals"]
ATTACK_RESOLUTION = OPTIONS["attack_resolution"]
CANCEL_ORDER = OPTIONS["cancel_order"]
FLOOR_ON_SCRATCH = OPTIONS["floor_on_scratch"]
STACK_CATEGORIES = OPTIONS["stack_categories"]
DEFENCELESS_UNCERTAINTY = OPTIONS["defenceless_uncertainty_hits"]
PSY_UNCERTAINTY = OPTIONS["psy_uncertainty"]
COUNT_ARPENTEUR = OPTIONS["count_arpenteur"]
APAISER_MARKS = OPTIONS["apaiser_marks"]
NIFIMO_BOXES = OPTIONS["nifimo_boxes"]
NIFIMO_AGGREGATE = OPTIONS["nifimo_aggregate"]
AGGRAVATION_NEEDS_SERIOUS = OPTIONS["needs_serious"]
PRECISE = OPTIONS["precise"]
TOO_BIG = OPTIONS["weapon_too_big"]
TOTAL_ATTACK = OPTIONS["total_attack"]
HEAD = OPTIONS["head"]
DEFENCELESS = OPTIONS["defenceless"]
MENTAL_CRISIS = OPTIONS["mental_crisis"]
#: The options the system lists: the table fixes them once for every roll.
LISTED = (
    AGGRAVATION_NEEDS_SERIOUS,
    PRIVILEGE_CRITICALS,
    ATTACK_RESOLUTION,
    CANCEL_ORDER,
    FLOOR_ON_SCRATCH,
    STACK_CATEGORIES,
    DEFENCELESS_UNCERTAINTY,
    PSY_UNCERTAINTY,
    COUNT_ARPENTEUR,
    APAISER_MARKS,
    NIFIMO_BOXES,
    NIFIMO_AGGREGATE,
    MENTAL_CRISIS,
)
#: The optional combat rules chosen blow by blow, never table-wide (L173-191).
MOMENT = (PRECISE, TOO_BIG, TOTAL_ATTACK, HEAD, DEFENCELESS)
