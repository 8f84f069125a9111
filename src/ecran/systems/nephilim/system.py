"""The `nephilim` System: what is the game's own (its sheet and creation fields); the
base finds its checks, operations and hooks in the package's modules."""

from __future__ import annotations

from ecran.rules import System
from ecran.systems.nephilim.sheet import NephilimSheet

#: Sheet fields that change in play (tracks L72-88, the stasis bonus L630, the round L508-518).
PLAY_STATE = frozenset(
    {"wounds", "fatigue", "stasis_bonus", "round_actions", "delayed_segments", "delayed_rounds"}
)


class Nephilim(System[NephilimSheet]):
    character = NephilimSheet
    # Guided creation asks for the character, not for the state of a fight in progress.
    creation_fields = tuple(f for f in NephilimSheet.model_fields if f not in PLAY_STATE)


SYSTEM = Nephilim()
