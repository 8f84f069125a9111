"""A random NPC drawn at a table (the tracker's "PNJ aléatoire", the GM's "générer un PNJ"): its
dice are the table's, so anyone can regenerate it once the key is revealed.

The draw's seed is the event's (`play.dice_key.table_seed`: from the table's key and the
event's number, or the GM's flagged choice); the event records it with what else the generator
read — the NPC's choices (`System.npc_params`), the language its words are written in, and the
table's option values laid over the drawn sheet — so `ecran verify` draws the same NPC again
(`regenerate`) and compares it with the sheet the log shows.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from ecran.engine.records import seeded_roller
from ecran.play.model import Record
from ecran.rules import System, from_validation
from ecran.rules.text import DEFAULT_LANG


class NpcDrawn(Record):
    """What regenerates a random NPC: its seed, its choices (`System.npc_params`, as JSON), the
    language of its words, and the sheet fields the table laid over it (its options)."""

    seed: int
    choices: dict[str, Any] = {}
    lang: str = DEFAULT_LANG
    overrides: dict[str, Any] = {}


def draw(
    system: System[Any],
    seed: int | None,
    choices: dict[str, Any] | None = None,
    lang: str = DEFAULT_LANG,
    overrides: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], NpcDrawn]:
    """A random NPC of the system from `seed` (None: a fresh one), as a sheet, with its record."""
    try:
        chosen = system.npc_params.model_validate(choices or {})
    except ValidationError as exc:
        raise from_validation(exc, system.npc_params) from None
    roller = seeded_roller(seed)
    sheet = system.draw_npc(roller, lang, **dict(chosen)).model_dump(mode="json")
    record = NpcDrawn(
        seed=roller.seed,
        choices=chosen.model_dump(mode="json"),
        lang=lang,
        overrides=dict(overrides or {}),
    )
    return {**sheet, **record.overrides}, record


def regenerate(system: System[Any], drawn: NpcDrawn) -> dict[str, Any]:
    """The sheet the same draw gives again (before the table checks it)."""
    return draw(system, drawn.seed, drawn.choices, drawn.lang, drawn.overrides)[0]
