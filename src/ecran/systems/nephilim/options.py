"""Every optional rule, reading of an ambiguity (§9 of the reading) and GM input of the game,
declared once. Checks use them as fields; the sheet's `readings` hold the table-wide ones.

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from ecran.rules import load_options
from ecran.systems.nephilim.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.nephilim", SEED)


#: The NPC generator's role (a house rule: the text has no NPCs), apart from the table's
#: options: it shapes no roll, only the NPC a GM asks for (data/npc_options.toml).
NPC_ROLE = load_options(__package__ or "ecran.systems.nephilim", SEED, "npc_options.toml")[
    "npc_role"
]
