"""The `nephilim` System: what is the game's own (its sheet and creation fields); the
base finds its checks, operations and hooks in the package's modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.rules import System
from ecran.rules.package import Later

if TYPE_CHECKING:
    from ecran.systems.nephilim.sheet import NephilimSheet  # noqa: F401 (the base's string)

#: Sheet fields that change in play (tracks L72-88, the stasis bonus L630, the round L508-518).
PLAY_STATE = frozenset(
    {"wounds", "fatigue", "stasis_bonus", "round_actions", "delayed_segments", "delayed_rounds"}
)


def _creation_fields() -> tuple[str, ...]:
    from ecran.systems.nephilim.sheet import NephilimSheet

    return tuple(f for f in NephilimSheet.model_fields if f not in PLAY_STATE)


class Nephilim(System["NephilimSheet"]):
    # `character`, the sheet's class: `sheet.SHEET`, imported on first use (start-up, #32)
    # Guided creation asks for the character, not for the state of a fight in progress.
    # (read on first use: the sheet's module is not imported before, #32)
    creation_fields = Later("creation_fields", _creation_fields)


SYSTEM = Nephilim()
