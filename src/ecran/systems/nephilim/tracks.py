"""Wound and fatigue tracks (seed L72-88): boxes 0..10, the state they show, its malus, and
where it falls (which characteristics, which tests)."""

from __future__ import annotations

from dataclasses import dataclass

from ecran.rules import Text
from ecran.systems.nephilim.tables import TRACKS, TrackState

Track = str  # "wound" or "fatigue"

#: Characteristics whose scores bear the wound malus (L86 "Force et Agilité", §9 A1).
WOUND_SETS: dict[str, frozenset[str]] = {
    "motor": frozenset({"force", "coordination", "rapidite", "dexterite"}),
    "force_coordination": frozenset({"force", "coordination"}),
}


@dataclass(frozen=True)
class State:
    index: int  # 0 = unhurt/alert .. 5 = dead/unconscious
    label: Text
    malus: int | None  # None once out of play
    round_check: bool
    out: bool


def state(track: Track, boxes: int, reading: str = "pairs") -> State:
    """The state shown by `boxes` checked boxes (L77-84; box map per §9 A2)."""
    if not 0 <= boxes <= TRACKS.boxes:
        raise ValueError(f"boxes must be 0..{TRACKS.boxes}")
    firsts = getattr(TRACKS.first_box, reading)
    index = max(i for i, first in enumerate(firsts) if boxes >= first)
    row: TrackState = TRACKS.state[index]
    names = row.wound if track == "wound" else row.fatigue
    return State(index, Text(fr=names[0], en=names[1]), row.malus, row.round_check, row.out)


def malus(track: Track, boxes: int, reading: str = "pairs") -> int:
    """The malus of the state; 0 once out of play (the character no longer acts)."""
    return state(track, boxes, reading).malus or 0


def wound_malus_on(characteristic: str, boxes: int, reading: str, wound_set: str) -> int:
    """The wound malus falls only on the 'Force and Agilité' scores (L86)."""
    return malus("wound", boxes, reading) if characteristic in WOUND_SETS[wound_set] else 0


def clamp(boxes: int) -> int:
    return max(0, min(TRACKS.boxes, boxes))
