"""Rolling at a table: a check of the table's system, with the table's options in force, made by
`ecran.engine.records.roll` so the stored record replays from its seed.

The seed belongs to the table (`ecran.play.dice_key`): derived from the table's secret key and
the roll's number in the log, so anyone can check it once the GM reveals the key. A player may not
choose a seed; a GM may, and the roll says so."""

from __future__ import annotations

from typing import Any

from ecran.engine import get_system
from ecran.engine.records import RollRecord, check_roll
from ecran.engine.records import roll_record as roll_check
from ecran.engine.table_options import with_table_options
from ecran.play import dice_key
from ecran.play.events import EventDraft
from ecran.play.model import VISIBILITIES, VISIBILITY_LABELS, Member, Visibility
from ecran.play.payloads import RollMade
from ecran.play.rights import require_edit
from ecran.play.state import TableState
from ecran.rules import Check, EcranError, Text, unknown

LABEL_MAX = 200


def visibility(value: str) -> Visibility:
    for known in VISIBILITIES:
        if value == known:
            return known
    raise unknown(Text(fr="visibilité", en="visibility"), value, VISIBILITIES, VISIBILITY_LABELS)


def table_check(state: TableState, check_name: str) -> Check[Any]:
    """The check of the table's system named `check_name` (its id, kebab-case or title)."""
    return get_system(state.table.system_id).check(check_name)


def table_params(state: TableState, check: Check[Any], params: dict[str, Any]) -> dict[str, Any]:
    """The table's option values win over the roller's for every option the check takes: the
    GM's choice of rules holds for every roll at the table (`engine.table_options`)."""
    return with_table_options(state.table.options, check.params, params)


def roll(
    state: TableState,
    actor: Member,
    check: str | Check[Any],
    params: dict[str, Any],
    *,
    visibility_name: str = "public",
    character_id: str | None = None,
    label: str = "",
    seed: int | None = None,
) -> EventDraft:
    """`check`: its name, or the check itself where the caller looked it up already (the
    roll panel's form): a roll looks its check up once."""
    seen = visibility(visibility_name)
    if character_id is not None:
        require_edit(actor, state.character(character_id))
    if len(label) > LABEL_MAX:
        raise EcranError(
            Text(fr=f"libellé trop long (max {LABEL_MAX})", en=f"label too long (max {LABEL_MAX})")
        )
    drawn = dice_key.table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    found = table_check(state, check) if isinstance(check, str) else check
    named = check if isinstance(check, str) else None
    params = table_params(state, found, params)
    record = check_roll(state.table.system_id, found, params, drawn.seed, named)
    payload = RollMade(
        record=record,
        label=label,
        character_id=character_id,
        commitment=drawn.commitment,
        gm_seed=drawn.gm_seed,
    )
    return EventDraft(
        kind="roll", actor_id=actor.id, visibility=seen, payload=payload.model_dump(mode="json")
    )


def replay(record: RollRecord) -> RollRecord:
    """The same check, parameters and seed rolled again: equal to the record unless it was
    tampered with (or the rules changed since)."""
    return roll_check(record.system, record.check, record.params, record.seed)


def reveal_key(state: TableState, actor: Member) -> EventDraft:
    """The GM reveals the table's dice key; a new key and commitment start (`dice_key`)."""
    return dice_key.reveal_key(state.dice_key, actor)


def start_key(state: TableState, actor: Member, index: int = 1) -> EventDraft:
    """A dice key for a table without one in force (created before verifiable dice, or
    imported: `index` goes on from the last key its log published)."""
    return dice_key.start_key(state.dice_key, actor, index)
