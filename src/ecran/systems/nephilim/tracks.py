"""Wound and fatigue tracks (seed L72-88): boxes 0..10, the state they show, its malus, and
where it falls (which characteristics, which tests)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ecran.rules import SheetRow, Text, tr
from ecran.rules.system import Status
from ecran.rules.wording import agreed
from ecran.systems.nephilim.rows import TrackState
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.systems.nephilim.tables import COMBAT, TRACKS

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
    dead: bool  # the state is death on this track (the data's `dead`, L78)


@lru_cache(maxsize=1024)
def state(track: Track, boxes: int, reading: str = "pairs") -> State:
    """The state shown by `boxes` checked boxes (L77-84; box map per §9 A2); worked out once
    per track, count and reading (every side of every attack offered reads its malus)."""
    if not 0 <= boxes <= TRACKS.boxes:
        raise ValueError(f"boxes must be 0..{TRACKS.boxes}")
    firsts = getattr(TRACKS.first_box, reading)
    index = max(i for i, first in enumerate(firsts) if boxes >= first)
    row: TrackState = TRACKS.state[index]
    names = row.wound if track == "wound" else row.fatigue
    label = Text(fr=names[0], en=names[1])
    return State(index, label, row.malus, row.round_check, row.out, track in row.dead)


def malus(track: Track, boxes: int, reading: str = "pairs") -> int:
    """The malus of the state; 0 once out of play (the character no longer acts)."""
    return state(track, boxes, reading).malus or 0


def wound_malus_on(characteristic: str, boxes: int, reading: str, wound_set: str) -> int:
    """The wound malus falls only on the 'Force and Agilité' scores (L86)."""
    return malus("wound", boxes, reading) if characteristic in WOUND_SETS[wound_set] else 0


def fatigue_malus(sheet: NephilimSheet) -> int:
    """The fatigue malus of the sheet's state (L83-84)."""
    return malus("fatigue", sheet.fatigue, sheet.track_boxes)


def wound_malus(sheet: NephilimSheet, characteristic: str) -> int:
    """The wound malus on `characteristic` (L86)."""
    r = sheet
    return wound_malus_on(characteristic, sheet.wounds, r.track_boxes, r.wound_characteristics)


def out_of_play(sheet: NephilimSheet) -> bool:
    """Either track at a state that takes the character out of play (L78, L83)."""
    boxes = sheet.track_boxes
    return state("wound", sheet.wounds, boxes).out or state("fatigue", sheet.fatigue, boxes).out


def clamp(boxes: int) -> int:
    return max(0, min(TRACKS.boxes, boxes))


def health_rows(sheet: NephilimSheet) -> list[SheetRow]:
    """The two tracks as people read them: boxes, state and malus (L72-86)."""
    rows = []
    for track, label, value in (
        ("wound", tr("Blessures", "Wounds"), sheet.wounds),
        ("fatigue", tr("Fatigue", "Fatigue"), sheet.fatigue),
    ):
        s = state(track, value, sheet.track_boxes)
        malus = "—" if s.malus is None else f"malus {s.malus}"
        shown = Text(fr=f"{value}/10 {s.label.fr}", en=f"{value}/10 {s.label.en}")
        rows.append(SheetRow(label, shown, malus))
    return rows


def tracks(sheet: NephilimSheet) -> list[SheetRow]:
    """What combat changes on the sheet, as the encounter tracker shows it: the two tracks
    (L72-88), then what this round carries when it carries anything: the stasis bonus for the
    next control or contract roll (L630), the actions declared (malus 4 per extra action,
    L510), the delays (+6 Anticipation per segment, +6 initiative per round, L516-518)."""
    rows = health_rows(sheet)
    if sheet.stasis_bonus:
        rows.append(SheetRow(tr("Bonus de stase", "Stasis bonus"), f"+{sheet.stasis_bonus}"))
    if sheet.round_actions > 1:
        malus = COMBAT.multiple_actions.malus_per_extra_action * (sheet.round_actions - 1)
        rows.append(
            SheetRow(
                tr("Actions ce round", "Actions this round"),
                str(sheet.round_actions),
                f"malus {malus}",
            )
        )
    if sheet.delayed_segments or sheet.delayed_rounds:
        segments, rounds = sheet.delayed_segments, sheet.delayed_rounds
        rows.append(
            SheetRow(
                tr("Retards", "Delays"),
                # the same words, but French is singular below 2 and English only at 1
                tr(
                    f"{segments} {agreed(segments, 'segment', 'segments')}, "
                    f"{rounds} {agreed(rounds, 'round', 'rounds')}",
                    f"{segments} {agreed(segments, 'segment', 'segments', 'en')}, "
                    f"{rounds} {agreed(rounds, 'round', 'rounds', 'en')}",
                ),
            )
        )
    return rows


def status(sheet: NephilimSheet) -> Status:
    """Dead when a track shows a state the table names death: the wound track's "Mort" (L78,
    the data's `dead`). Out of play otherwise when either track reaches its last state, Mort
    or "Évanoui" (L78, L83; `out_of_play`): "Évanoui" is unconscious, where the
    coma and unconsciousness of L88 put a character, not dead. "Incapacité" and "Épuisé"
    (L78, L83) still act, at malus 4 with a test every round (L79, L84, L88): up."""
    boxes = sheet.track_boxes
    if state("wound", sheet.wounds, boxes).dead or state("fatigue", sheet.fatigue, boxes).dead:
        return "dead"
    return "out" if out_of_play(sheet) else "up"


def tested_tracks(sheet: NephilimSheet) -> list[Track]:
    """The tracks whose state asks a test this round (L88: Incapacité, Épuisé), wounds first;
    none once out of play (a coma or unconsciousness checks every fatigue box: a test would
    change nothing) or dead."""
    if status(sheet) != "up":
        return []
    boxes = sheet.track_boxes
    marks: dict[Track, int] = {"wound": sheet.wounds, "fatigue": sheet.fatigue}
    return [t for t, m in marks.items() if state(t, m, boxes).round_check]
