"""Creating an encounter, and who takes part in it: stored characters and NPCs (a sheet given
or drawn with the table's dice)."""

from __future__ import annotations

from typing import Any

from ecran.play import npcs, tracker
from ecran.play.characters import parse_sheet
from ecran.play.dice_key import table_seed
from ecran.play.encounter.access import participant_of, running
from ecran.play.encounter.step import NAME_MAX, drawn_seed, step_event
from ecran.play.events import EventDraft
from ecran.play.model import Member, new_id
from ecran.play.payloads import EncounterStep
from ecran.play.rights import require_gm
from ecran.play.state import TableState
from ecran.play.table import clean_name
from ecran.play.tracker import Encounter, Participant
from ecran.rules import EcranError, System, Text
from ecran.rules.errors import whose_sheet
from ecran.rules.text import DEFAULT_LANG


def create(state: TableState, actor: Member, name: str) -> EventDraft:
    require_gm(actor, Text(fr="créer une rencontre", en="create an encounter"))
    clean = clean_name(name, NAME_MAX, Text(fr="nom de la rencontre", en="encounter name"))
    enc = Encounter(id=new_id(), name=clean)
    summary = Text(fr=f"Rencontre « {clean} » créée", en=f"Encounter '{clean}' created")
    return step_event(actor, enc, enc, "create", summary)


def _npc_sheet(system: System[Any], sheet: dict[str, Any], name: str | None) -> dict[str, Any]:
    """An NPC's sheet as given, checked; refused, it says whose (the name given, else the
    sheet's own)."""
    try:
        return parse_sheet(system, sheet).model_dump(mode="json")
    except EcranError as exc:
        own = sheet.get("name")
        whose = name or (own if isinstance(own, str) and 0 < len(own) <= NAME_MAX else None)
        raise whose_sheet(whose, exc) if whose else exc from None


def add_participant(
    state: TableState,
    system: System[Any],
    actor: Member,
    encounter_id: str,
    *,
    character_id: str | None = None,
    name: str | None = None,
    sheet: dict[str, Any] | None = None,
    secret: bool = True,
    hidden: bool = False,
    initiative: int | None = None,
    expected_version: int | None = None,
    random_npc: bool = False,
    npc_choices: dict[str, Any] | None = None,
    lang: str = DEFAULT_LANG,
    seed: int | None = None,
) -> EventDraft:
    """A stored character (`character_id`) or an NPC (a name and/or a sheet, secret by default;
    `hidden`: kept off the players' tracker from this step on, the step's line included).
    `random_npc`: the NPC's sheet is drawn (`npc_choices`, words in `lang`) with the table's
    dice, as a roll's: the seed is the table's (`play.dice_key.table_seed`; the GM's own is
    kept and flagged), recorded with what regenerates the NPC (`npcs.NpcDrawn`)."""
    enc = running(state, actor, encounter_id, expected_version)
    extra: dict[str, Any] = {}
    if random_npc and character_id is None:
        drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
        sheet, npc = npcs.draw(system, drawn.seed, npc_choices, lang)
        extra = {**drawn_seed(drawn.model_copy(update={"seed": npc.seed})), "npc": npc}
    if character_id is not None:
        if hidden:
            raise _not_an_npc()
        character = state.character(character_id)
        if any(p.character_id == character_id for p in enc.participants.values()):
            raise EcranError(
                Text(
                    fr=f"« {character.name} » est déjà dans la rencontre",
                    en=f"'{character.name}' is already in the encounter",
                )
            )
        joining = Participant(
            id="", name=character.name, character_id=character.id, secret=character.secret
        )
    else:
        npc_sheet = None if sheet is None else _npc_sheet(system, sheet, name)
        label = name if name is not None else (npc_sheet or {}).get("name", "")
        clean = clean_name(label, NAME_MAX, Text(fr="nom du participant", en="participant name"))
        joining = Participant(id="", name=clean, sheet=npc_sheet, secret=secret, hidden=hidden)
    joining = joining.model_copy(update={"initiative": initiative})
    after = tracker.add(enc, joining)
    summary = Text(fr=f"{joining.name} entre dans la rencontre", en=f"{joining.name} joins")
    return step_event(actor, enc, after, "add", summary, participant_id=_newest(after), **extra)


def _newest(enc: Encounter) -> str:
    return f"p{enc.next_number - 1}"


def remove_participant(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str,
    *,
    expected_version: int | None = None,
) -> EventDraft:
    enc = running(state, actor, encounter_id, expected_version)
    leaving = participant_of(enc, participant_id)
    after = tracker.remove(enc, participant_id)
    summary = Text(fr=f"{leaving.name} quitte la rencontre", en=f"{leaving.name} leaves")
    return step_event(actor, enc, after, "remove", summary, participant_id=participant_id)


def set_hidden(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str,
    hidden: bool,
    *,
    expected_version: int | None = None,
) -> EventDraft:
    """The GM hides an NPC from the players' tracker, or shows it (Foundry's hidden
    combatant): hidden, it is out of their list, order and lines (`encounter.seen`) until
    shown, whatever its tokens; shown, its tokens on the board still follow their own flag.
    A character is never hidden (its player plays it); asking what already is, is refused."""
    enc = running(state, actor, encounter_id, expected_version)
    who = participant_of(enc, participant_id)
    if who.character_id is not None:
        raise _not_an_npc()
    if who.hidden == hidden:
        fr, en = ("caché des", "hidden") if hidden else ("visible des", "shown")
        raise EcranError(
            Text(fr=f"« {who.name} » est déjà {fr} joueurs", en=f"'{who.name}' is already {en}")
        )
    after = tracker.with_participant(enc, who.model_copy(update={"hidden": hidden}))
    summary = (
        Text(fr=f"{who.name} est caché des joueurs", en=f"{who.name} is hidden from the players")
        if hidden
        else Text(fr=f"{who.name} apparaît aux joueurs", en=f"{who.name} is shown to the players")
    )
    step: EncounterStep = "hide" if hidden else "reveal"
    return step_event(actor, enc, after, step, summary, participant_id=participant_id)


def _not_an_npc() -> EcranError:
    return EcranError(
        Text(
            fr="seul un PNJ peut être caché des joueurs (un personnage est joué par l'un d'eux)",
            en="only an NPC can be hidden from the players (a character is one of theirs)",
        )
    )
