"""The demo's random NPCs: a target and hit points drawn, no damage; each passes `validate`."""

from __future__ import annotations

from typing import Any

from ecran.dice import Roller
from ecran.rules import NPC_NAME
from ecran.rules.text import DEFAULT_LANG
from ecran.systems.demo.sheet import DemoSheet


def random_npc(roller: Roller, lang: str = DEFAULT_LANG, **choices: Any) -> DemoSheet:
    """A target of 2 to 6 and 3 to 8 hit points, named in the reader's language."""
    return DemoSheet(
        name=NPC_NAME.format(number=roller.seed)(lang),
        kind="npc",
        target=1 + roller.d(5),
        hit_points=2 + roller.d(6),
    )
