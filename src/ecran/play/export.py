"""A table's export, in one JSON file, and reading one back to import it into another server.

The shape (`TableExport`, `format` "ecran-table") is what `ecran verify TABLE.json` reads and
what `POST /api/tables/import` / `ecran table import FILE` take back:

- version 1 (older servers): the table, who exported it, and every event in order as
  `EventView`s (the views of `ecran.play.view_for`);
- version 2 adds the members (no token: the copy issues new links), the characters and the
  encounters as the exporter may see them; and (the GM's export of a table with a scene board)
  the board's images, whose ids the log's `board` events name.

The events are always the exporter's view: a roll the exporter may not see is a `hidden` stub
keeping its place, and no dice key's secret is ever in it (revealed keys are, in their
`dice_key` events, so `verify` checks every roll). The GM's export is the whole table but the
players' private rolls (`self`: not even the GM sees them) and the dice key in force; it is the
only one that imports (`read_export`).

On import the log is folded again (`ecran.play.rebuild`): the copy's state is what its log
says, and the export's members, characters and encounters must agree with it, or nothing is
stored. A private roll stays private in the copy: sealed in its place (a roll no one sees). The
key in force is not in the export, so the copy's rolls under it stay unverifiable ("pending") —
reveal the key before exporting to make them verifiable. The copy rolls nothing without a key:
its first roll, through any route, publishes a new key first (`ecran.web.commands.execute`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ecran.engine import get_system
from ecran.play.board.events import BrokenBoard
from ecran.play.board.exported import ExportedImage, check_images
from ecran.play.characters import parse_sheet
from ecran.play.chat import MessageSent
from ecran.play.events import Event, EventView
from ecran.play.fold import BrokenLog, rebuild
from ecran.play.model import Member, Role, StoredCharacter, TableInfo
from ecran.play.payloads import LinkRenewed, RollMade
from ecran.play.state import TableState
from ecran.play.table import DISPLAY_NAME_MAX, NAME_MAX, resolve_options
from ecran.play.tracker import EncounterState
from ecran.rules import EcranError, Text, from_validation
from ecran.rules.errors import json_too_deep, load_json
from ecran.rules.refusals import from_errors

#: What a table's export says it is (its `format`).
EXPORT_FORMAT: Literal["ecran-table"] = "ecran-table"
#: The version this server writes (it reads 1 and 2; only 2 imports).
VERSION: Literal[2] = 2
#: Ids as the store keeps them (at most 32 characters: `ecran.store.models.ID`).
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: The most events one import takes (a table of 100,000 rolls is about 60 MB).
MAX_EVENTS = 500_000


class ExportedMember(BaseModel):
    """A member as the export gives it: never their token (the copy issues new links)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    role: Role
    display_name: str
    joined_at: datetime | None = None
    #: Removed by the GM: kept because the log names them (actor of their events).
    removed: bool = False

    def member(self) -> Member:
        return Member(id=self.id, role=self.role, display_name=self.display_name)


class TableExport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["ecran-table"] = EXPORT_FORMAT
    version: Literal[1, 2] = VERSION
    table: TableInfo
    #: The member whose view this is.
    exported_by: str
    exported_at: datetime | None = None
    members: list[ExportedMember] = []
    characters: list[StoredCharacter] = []
    encounters: dict[str, EncounterState] = {}
    events: list[EventView]
    #: The board's images (scene maps, handout pictures), in the GM's export only.
    images: list[ExportedImage] = []


def export_table(
    table: TableInfo,
    member_id: str,
    events: Iterable[EventView],
    at: datetime | None = None,
    *,
    members: Iterable[ExportedMember] = (),
    state: TableState | None = None,
    images: Iterable[ExportedImage] = (),
) -> TableExport:
    """The export as `member_id` sees the table (`state`: already `view_state` for them)."""
    return TableExport(
        table=table,
        exported_by=member_id,
        exported_at=at,
        members=list(members),
        characters=list(state.characters.values()) if state else [],
        encounters=dict(state.encounters) if state else {},
        events=list(events),
        images=list(images),
    )


def parse_export(raw: bytes | str, where: str) -> TableExport:
    """An export file's bytes as a `TableExport`, or one line naming the first wrong field."""
    try:
        return TableExport.model_validate_json(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        if first["type"] == "json_invalid":
            if "recursion limit" in first["msg"]:  # pydantic's parser, at JSON_DEPTH_MAX
                raise json_too_deep(Text(fr=where, en=where)) from None
            _not_json(raw, where)  # the parser's English never reaches the reader
        said = from_errors([first]).text  # pydantic's English never reaches a French reader
        if not first["loc"]:  # the file as a whole is no object (a list, a number)
            said = Text(fr="un objet JSON est attendu", en="a JSON object is expected")
        if first["type"] == "missing" and len(first["loc"]) == 1:  # another file altogether
            raise EcranError(
                Text(
                    fr=f"{where} n'est pas un export de table ecran",
                    en=f"{where} is not an ecran table export",
                )
            ) from None
        raise EcranError(
            Text(
                fr=f"{where} n'est pas un export de table ecran : {said.fr}",
                en=f"{where} is not an ecran table export: {said.en}",
            )
        ) from None


def _not_json(raw: bytes | str, where: str) -> None:
    """Raise the words of `rules.errors.invalid_json` for text that is not JSON (read again
    with `json` only on this error path, for its line and column)."""
    load_json(raw, Text(fr=where, en=where))


@dataclass(frozen=True)
class ImportedTable:
    """An export checked whole, ready to store: its log as events, the state they fold to, its
    members, and who becomes the copy's GM (the exporter)."""

    state: TableState
    events: list[Event]
    members: list[ExportedMember]
    gm_id: str
    #: The board's images, checked (`board.exported.check_images`), each with its bytes.
    images: list[tuple[ExportedImage, bytes]] = dc_field(default_factory=list)


def _bad(fr: str, en: str) -> EcranError:
    return EcranError(Text(fr=f"export invalide : {fr}", en=f"invalid export: {en}"))


def read_export(export: TableExport) -> ImportedTable:
    """Check an export before anything is stored (every refusal is one line): a GM's version 2
    export, ids the store can hold, a log that folds from the table's creation without a gap,
    and members, characters and encounters equal to what the log folds to."""
    if export.version < VERSION:
        raise _bad(
            f"version {export.version} (sans membres ni personnages) : seule la version "
            f"{VERSION} se réimporte",
            f"version {export.version} (no members or characters): only version {VERSION} imports",
        )
    if len(export.events) > MAX_EVENTS:
        raise _bad(f"plus de {MAX_EVENTS} événements", f"more than {MAX_EVENTS} events")
    members = _members(export)
    gm = members.get(export.exported_by)
    if gm is None or gm.role != "gm" or gm.removed:
        raise _bad(
            "seul l'export du MJ se réimporte (celui d'un joueur ne montre pas toute la table)",
            "only the GM's export imports (a player's does not hold the whole table)",
        )
    _check_table(export.table)
    events = [_event(export.table.id, view) for view in export.events]
    state = _fold(events)
    _check_payloads(events)
    _agree(export, state, members)
    _check_sheets(state)
    images = check_images(export.images, events)
    return ImportedTable(state, events, list(members.values()), gm.id, images)


def _check_id(value: str, what: str) -> None:
    if not ID_PATTERN.fullmatch(value):
        raise _bad(f"identifiant de {what} invalide", f"invalid {what} id")


def _members(export: TableExport) -> dict[str, ExportedMember]:
    found: dict[str, ExportedMember] = {}
    for member in export.members:
        _check_id(member.id, "membre")
        if not 1 <= len(member.display_name) <= DISPLAY_NAME_MAX:
            raise _bad("nom de membre trop long ou vide", "member name too long or empty")
        if member.id in found:
            raise _bad(f"membre en double : {member.id}", f"duplicate member: {member.id}")
        found[member.id] = member
    return found


def _check_table(table: TableInfo) -> None:
    _check_id(table.id, "table")
    if not 1 <= len(table.name) <= NAME_MAX:
        raise _bad("nom de table trop long ou vide", "table name too long or empty")
    system = get_system(table.system_id)  # an unknown system: one line naming the known ones
    resolve_options(system, table.options)


def _event(table_id: str, view: EventView) -> Event:
    """The stored event a GM's view stands for. A stub (`hidden`) in a GM's view is a player's
    private roll: it is kept sealed in its place (no actor, nothing in it, seen by no one)."""
    if view.table_id != table_id:
        raise _bad(f"événement {view.seq} d'une autre table", f"event {view.seq} of another table")
    at = view.at or datetime.now(UTC)
    if view.kind == "hidden":
        if view.visibility != "self":
            raise _bad(
                f"événement {view.seq} caché à l'exportateur : ce n'est pas la vue du MJ",
                f"event {view.seq} hidden from the exporter: not the GM's view",
            )
        return Event(
            kind="roll", actor_id=None, visibility="self", payload={}, table_id=table_id,
            seq=view.seq, at=at,
        )  # fmt: skip
    if view.redacted:
        raise _bad(
            f"événement {view.seq} abrégé : ce n'est pas la vue du MJ",
            f"event {view.seq} redacted: not the GM's view",
        )
    return Event(
        kind=view.kind, actor_id=view.actor_id, visibility=view.visibility, payload=view.payload,
        table_id=table_id, seq=view.seq, at=at,
    )  # fmt: skip


def _fold(events: list[Event]) -> TableState:
    try:
        return rebuild(events)
    except ValidationError as exc:
        error = from_validation(exc)
        raise _bad(f"journal : {error.text.fr}", f"log: {error.text.en}") from None
    except (BrokenLog, BrokenBoard, KeyError, ValueError, TypeError):
        raise _bad(  # the reader needs no exception's name: which event, not why in Python
            "le journal ne se rejoue pas : un événement ne s'applique pas à la table",
            "the log does not fold: an event does not apply to the table",
        ) from None


#: The payloads the fold does not read (they change nothing but the log), checked all the same:
#: every page and answer that shows them reads them with these models.
LOG_ONLY: dict[str, type[BaseModel]] = {
    "roll": RollMade,
    "message": MessageSent,
    "link_renewed": LinkRenewed,
}


def _check_payloads(events: list[Event]) -> None:
    for event in events:
        model = LOG_ONLY.get(event.kind)
        sealed = event.kind == "roll" and event.actor_id is None and not event.payload
        if model is None or sealed:
            continue
        try:
            model.model_validate(event.payload)
        except ValidationError as exc:
            error = from_validation(exc)
            raise _bad(
                f"événement {event.seq} : {error.text.fr}", f"event {event.seq}: {error.text.en}"
            ) from None


def _differs(what_fr: str, what_en: str) -> EcranError:
    return _bad(
        f"{what_fr} ne sont pas ceux que donne le journal",
        f"the {what_en} are not what the log gives",
    )


def _agree(export: TableExport, state: TableState, members: Mapping[str, ExportedMember]) -> None:
    if state.table != export.table:
        raise _bad("la table n'est pas celle que donne le journal", "table differs from the log")
    seated = {k: m.member() for k, m in members.items() if not m.removed}
    if seated != state.members:
        raise _differs("les membres", "members")
    if {c.id: c for c in export.characters} != state.characters:
        raise _differs("les personnages", "characters")
    if export.encounters != state.encounters:
        raise _differs("les rencontres", "encounters")
    named = {e.actor_id for e in export.events if e.actor_id is not None}
    if not named <= set(members):
        raise _bad("un événement nomme un membre absent", "an event names a missing member")
    for cid in [*state.characters, *state.encounters]:
        _check_id(cid, "personnage ou rencontre")


def _check_sheets(state: TableState) -> None:
    system = get_system(state.table.system_id)
    for character in state.characters.values():
        if not character.deleted:
            parse_sheet(system, character.sheet)
