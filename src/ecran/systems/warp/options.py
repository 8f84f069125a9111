"""Every optional rule of WaRP and every reading of an ambiguity (rules/warp.md §9), declared once.

Each is a field of the checks it changes (so it shows in `--help` and the web form) and is listed in
`System.options`. Defaults are the recommended readings; optional rules are off by default because
the GM chooses them (L1777-1782).

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from ecran.rules import Option, load_options
from ecran.systems.warp.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.warp", SEED)

#: What the table does not fix once, so the System does not list it: the GM inputs, given roll
#: by roll (range dice, rounds loaded, damage factor), and the NPC's role, chosen per NPC
#: (`System.npc_params`).
APART = ("range_dice", "rounds_loaded", "damage_factor", "npc_role")
#: The options the System lists, in the data's order.
LISTED: tuple[Option, ...] = tuple(o for o in OPTIONS.values() if o.name not in APART)
