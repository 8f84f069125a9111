"""An encounter of the table as the fight simulator reads it: the file of `ecran encounter
simulate` (`engine.fight.EncounterFile`), written from the tracker's participants.

One reading serves three callers: the tracker's chances of victory, the GM's download of the
encounter (`GET …/encounters/{id}/fight`) and the command line reading a table's export
(`ecran encounter simulate table.json --encounter NAME`), so the three simulate the same fight.
Each participant brings its sheet as it is now (a character's from the table's characters, an
NPC's from the encounter); player characters make one side and NPCs the other, as at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ecran.engine import get_system
from ecran.engine.table_options import forced
from ecran.play import tracker
from ecran.play.model import StoredCharacter
from ecran.play.tracker import Encounter, EncounterState, Participant
from ecran.rules import EcranError, Text
from ecran.rules.field import folded

#: The two sides of a table's encounter, as the tracker names them.
PC, NPC = "pc", "npc"
#: The sides as a file people read names them (the terminal prints the file's side names).
SIDE_WORDS = {
    PC: Text(fr="PJ", en="PCs"),
    NPC: Text(fr="PNJ", en="NPCs"),
}


@dataclass(frozen=True)
class FightFile:
    """The file (`data`), and each participant's id -> its name in the file (names are made
    unique: the simulator's report and `encounter attack` name fighters by them)."""

    data: dict[str, Any]
    names: dict[str, str]


def side_of(participant: Participant) -> str:
    return PC if participant.character_id is not None else NPC


def fight_file(
    system_id: str,
    enc: Encounter,
    characters: Mapping[str, StoredCharacter],
    sides: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> FightFile | Text:
    """The encounter as the simulator reads it, in acting order, or why it cannot be (a
    participant without a sheet, a single side). `sides` renames the two sides (default: the
    tracker's ids). The table's `options` win over every sheet's field of the same name (a
    reading such as Espace Artémis's `out_of_fight` is the table's, as for every roll)."""
    fixed = forced(options or {}, get_system(system_id).sheet_model()) if options else {}
    people: list[dict[str, Any]] = []
    names: dict[str, str] = {}
    for pid in enc.order:
        p = enc.participants[pid]
        sheet = p.sheet
        if p.character_id is not None:
            stored = characters.get(p.character_id)
            sheet = None if stored is None else stored.sheet
        if sheet is None:
            return Text(
                fr=f"{p.name} n'a pas de feuille : pas de simulation",
                en=f"{p.name} has no sheet: no simulation",
            )
        name, n = p.name, 2
        while name in names.values():
            name, n = f"{p.name} ({n})", n + 1
        names[pid] = name
        side = side_of(p)
        # the conditions that act on the tracker: the fight simulated as played (#31 item 8)
        sheet = tracker.wearing({**sheet, **fixed}, p)
        people.append({"name": name, "side": (sides or {}).get(side, side), "sheet": sheet})
    if len({p["side"] for p in people}) < 2:
        return Text(
            fr="il faut des personnages joueurs et des PNJ",
            en="it takes player characters and NPCs",
        )
    return FightFile({"system": system_id, "participants": people}, names)


def side_words(lang: str) -> dict[str, str]:
    return {side: words(lang) for side, words in SIDE_WORDS.items()}


def readable_fight(
    system_id: str,
    enc: Encounter,
    characters: Mapping[str, StoredCharacter],
    lang: str,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The file a person downloads or names on the command line: sides in words
    ("PJ", "PNJ"); an encounter that cannot be simulated is refused in one line."""
    found = fight_file(system_id, enc, characters, side_words(lang), options)
    if isinstance(found, Text):
        raise EcranError(found)
    return found.data


def pick_encounter(encounters: Mapping[str, EncounterState], wanted: str | None) -> Encounter:
    """The encounter of a table's export a person names (its name, in any case and with or
    without accents, or its id); with no name, the one encounter not ended (or the only one)."""
    found = [state.encounter for state in encounters.values()]
    if wanted is not None:
        for enc in found:
            if wanted == enc.id or folded(wanted) == folded(enc.name):
                return enc
        raise EcranError(
            Text(
                fr=f"aucune rencontre « {wanted} » dans cet export{_listed(found, 'fr')}",
                en=f"no encounter '{wanted}' in this export{_listed(found, 'en')}",
            )
        )
    running = [enc for enc in found if not enc.ended]
    for candidates in (running, found):
        if len(candidates) == 1:
            return candidates[0]
    if not found:
        raise EcranError(
            Text(fr="cet export n'a aucune rencontre", en="this export has no encounter")
        )
    raise EcranError(
        Text(
            fr=f"plusieurs rencontres : choisissez-en une avec --encounter{_listed(found, 'fr')}",
            en=f"several encounters: pick one with --encounter{_listed(found, 'en')}",
        )
    )


def _listed(found: Iterable[Encounter], lang: str) -> str:
    names = [enc.name for enc in found]
    if not names:
        return ""
    if lang == "fr":
        return " (rencontres : " + ", ".join(f"« {n} »" for n in names) + ")"
    return " (encounters: " + ", ".join(f"'{n}'" for n in names) + ")"
