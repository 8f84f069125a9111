"""Every optional rule, reading of an ambiguity (rules/artemis.md §9.1) and house rule of Artémis.

Defaults are the recommended readings. Each option is a field of the checks it affects (and of the
sheet for the NIFIMO scale, which the seed leaves to the table).

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from ecran.rules import load_options
from ecran.systems.artemis.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.artemis", SEED)

#: The optional combat rules chosen blow by blow (L173-197): fields of the checks, never fixed
#: table-wide, or an encounter's precise and all-out attacks would be pinned to one value.
MOMENT = tuple(
    OPTIONS[name]
    for name in (
        "precise",
        "weapon_too_big",
        "total_attack",
        "head",
        "defenceless",
        "knockout",
        "disarm",
    )
)
#: The options the system lists, in the data's order: the table fixes them once for every roll.
LISTED = tuple(option for option in OPTIONS.values() if option not in MOMENT)
