"""Stored characters: sheets checked through their system, saved with a version check, changed
by the system's operations."""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import BaseModel, ValidationError

from ecran.engine.records import seeded_roller
from ecran.play import npcs
from ecran.play.dice_key import SeedChoice, table_seed
from ecran.play.errors import Conflict, SheetRefused, forbidden
from ecran.play.events import EventDraft, EventKind
from ecran.play.model import Member, StoredCharacter, new_id
from ecran.play.payloads import CharacterDeleted, CharacterSaved, ConditionPut, OperationRoll
from ecran.play.rights import require_edit, require_gm
from ecran.play.state import TableState
from ecran.rules import CharacterSheet, EcranError, RuleViolation, System, Text, from_validation
from ecran.rules.field import field_labels
from ecran.rules.text import DEFAULT_LANG


def parse_sheet(system: System[Any], data: Any) -> CharacterSheet:
    """The sheet as its system's model, or one line saying which fields are wrong."""
    if not isinstance(data, dict):
        raise EcranError(Text(fr="une feuille est un objet JSON", en="a sheet is a JSON object"))
    if data.get("system", system.id) != system.id:
        raise EcranError(
            Text(
                fr=f"feuille du système « {data.get('system')} » à une table {system.id}",
                en=f"a sheet of system '{data.get('system')}' at a {system.id} table",
            )
        )
    try:
        sheet: CharacterSheet = system.sheet_model().model_validate({**data, "system": system.id})
        return sheet
    except ValidationError as exc:
        raise from_validation(exc, system.sheet_model()) from None


def check_sheet(system: System[Any], data: Any) -> tuple[dict[str, Any], list[RuleViolation]]:
    sheet = parse_sheet(system, data)
    return sheet.model_dump(mode="json"), system.validate(sheet)


def refuse(violations: list[RuleViolation], system: System[Any]) -> SheetRefused:
    """Every violation in one line, each field by its label on the sheet's form."""
    labels = field_labels(system.sheet_model())
    fr = " ; ".join(v.line("fr", labels) for v in violations)
    en = "; ".join(v.line("en", labels) for v in violations)
    refused = Text(fr=f"feuille refusée : {fr}", en=f"sheet refused: {en}")
    return SheetRefused(refused, violations, labels)


def _conflict(current: StoredCharacter, expected: int, attempted: dict[str, Any]) -> Conflict:
    return Conflict(
        Text(
            fr=f"« {current.name} » a été modifié entre-temps (version {current.version}, "
            f"votre modification part de la version {expected}) : rien n'est perdu, "
            "fusionnez et enregistrez de nouveau",
            en=f"'{current.name}' was changed meanwhile (version {current.version}, your edit "
            f"starts from version {expected}): nothing is lost, merge and save again",
        ),
        current_version=current.version,
        attempted_version=expected,
        current=current.sheet,
        attempted=attempted,
    )


def check_version(
    current: StoredCharacter, expected: int | None, attempted: dict[str, Any]
) -> None:
    if expected is not None and expected != current.version:
        raise _conflict(current, expected, attempted)


def save_character(
    state: TableState,
    system: System[Any],
    actor: Member,
    data: Any,
    *,
    character_id: str | None = None,
    expected_version: int | None = None,
    owner_id: str | None = None,
    secret: bool | None = None,
    allow_violations: bool = False,
) -> EventDraft:
    """Create (no `character_id`) or update a character. An update must say which version it
    edits; a stale one raises `Conflict`. A sheet breaking the rules is refused with every
    violation unless `allow_violations` (a draft in guided creation)."""
    sheet, violations = check_sheet(system, data)
    if violations and not allow_violations:
        raise refuse(violations, system)
    if character_id is None:
        owner = state.member(owner_id) if owner_id else actor
        if owner.id != actor.id and not actor.is_gm:
            raise forbidden(
                "seul le MJ crée un personnage pour quelqu'un d'autre",
                "only the GM creates a character for someone else",
            )
        character = StoredCharacter(id=new_id(), owner_id=owner.id, sheet=sheet, version=1)
    else:
        current = state.character(character_id)
        require_edit(actor, current)
        if expected_version is None:
            raise EcranError(
                Text(fr="version attendue manquante", en="missing the expected version")
            )
        check_version(current, expected_version, sheet)
        owner = (
            state.member(owner_id) if owner_id and actor.is_gm else state.member(current.owner_id)
        )
        character = current.model_copy(
            update={"sheet": sheet, "version": current.version + 1, "owner_id": owner.id}
        )
    if secret is not None:
        character = character.model_copy(update={"secret": secret})
    if character.secret and not owner.is_gm:
        raise forbidden(
            "seul un personnage du MJ peut être secret", "only a GM's character can be secret"
        )
    return _saved(actor, character, violations)


def _saved(
    actor: Member,
    character: StoredCharacter,
    violations: list[RuleViolation],
    operation: OperationRoll | None = None,
    *,
    drawn: SeedChoice | None = None,
    npc: npcs.NpcDrawn | None = None,
) -> EventDraft:
    payload = CharacterSaved(
        character=character, violations=violations, operation=operation, npc=npc
    )
    if drawn is not None:
        payload = payload.model_copy(
            update={"seed": drawn.seed, "commitment": drawn.commitment, "gm_seed": drawn.gm_seed}
        )
    return _draft("character_saved", actor, character.secret, payload)


def delete_character(
    state: TableState, actor: Member, character_id: str, expected_version: int
) -> EventDraft:
    current = state.character(character_id)
    require_edit(actor, current)
    check_version(current, expected_version, current.sheet)
    payload = CharacterDeleted(character_id=current.id, version=current.version + 1)
    return _draft("character_deleted", actor, current.secret, payload)


def _draft(kind: EventKind, actor: Member, secret: bool, payload: BaseModel) -> EventDraft:
    """A character's event: a secret character's reaches the GM only."""
    return EventDraft(
        kind=kind,
        actor_id=actor.id,
        visibility="gm" if secret else "public",
        payload=payload.model_dump(mode="json"),
    )


def run_operation(
    system: System[Any], sheet: dict[str, Any], name: str, values: dict[str, Any], seed: int | None
) -> tuple[dict[str, Any], OperationRoll]:
    """Apply one of the system's operations to a sheet (never in place); the dice it rolls are
    recorded with their seed, the conditions it puts on its bearer with the record."""
    op = system.operation(name)
    try:
        params = op.params.model_validate(values)
    except ValidationError as exc:
        raise from_validation(exc, op.params) from None
    roller = seeded_roller(seed)
    change = op.run(parse_sheet(system, sheet), params, roller)
    resolution = None if change.resolution is None else dataclasses.asdict(change.resolution)
    record = OperationRoll(
        operation=name,
        params=params.model_dump(mode="json"),
        seed=roller.seed,
        dice=list(roller.rolled),
        summary=change.summary,
        resolution=resolution,
        conditions=[ConditionPut.of(c) for c in change.conditions],
    )
    return change.sheet.model_dump(mode="json"), record


def operate_character(
    state: TableState,
    system: System[Any],
    actor: Member,
    character_id: str,
    operation: str,
    params: dict[str, Any],
    *,
    expected_version: int | None = None,
    seed: int | None = None,
) -> EventDraft:
    """A system operation (take a wound, rest...) on a stored character, outside an encounter.
    The dice are the table's, as a roll's: `seed` is the one asked for (a player's is refused,
    a GM's kept and flagged), else the table's key draws it (`play.dice_key.table_seed`); the
    operation rolls from that seed, and the event records it with the commitment in force."""
    current = state.character(character_id)
    require_edit(actor, current)
    check_version(current, expected_version, current.sheet)
    drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    sheet, record = run_operation(system, current.sheet, operation, params, drawn.seed)
    character = current.model_copy(update={"sheet": sheet, "version": current.version + 1})
    drawn = drawn.model_copy(update={"seed": record.seed})
    violations = system.validate(parse_sheet(system, sheet))
    return _saved(actor, character, violations, record, drawn=drawn)


def draw_npc(
    state: TableState,
    system: System[Any],
    actor: Member,
    *,
    choices: dict[str, Any] | None = None,
    lang: str = DEFAULT_LANG,
    overrides: dict[str, Any] | None = None,
    secret: bool = True,
    seed: int | None = None,
) -> EventDraft:
    """The GM draws a random NPC as a character of their own (secret unless asked otherwise),
    with the table's dice: the seed is the table's (`play.dice_key.table_seed`; a GM's own
    is kept and flagged), recorded with what regenerates the NPC (`npcs.NpcDrawn`).
    `overrides`: sheet fields the table lays over the draw (its options)."""
    require_gm(actor, Text(fr="générer un PNJ", en="generate an NPC"))
    drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    data, npc = npcs.draw(system, drawn.seed, choices, lang, overrides)
    sheet, violations = check_sheet(system, data)
    character = StoredCharacter(
        id=new_id(), owner_id=actor.id, sheet=sheet, version=1, secret=secret
    )
    drawn = drawn.model_copy(update={"seed": npc.seed})
    return _saved(actor, character, violations, drawn=drawn, npc=npc)
