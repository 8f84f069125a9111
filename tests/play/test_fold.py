"""The log alone rebuilds the table: a scene played live, its events serialised to JSON and read
back, folds to the same state."""

from __future__ import annotations

import pytest

from ecran.engine import get_system
from ecran.play import Event, rebuild
from ecran.play import encounter as enc
from ecran.play.characters import operate_character, save_character
from ecran.play.fold import BrokenLog
from ecran.play.rolls import roll
from ecran.play.table import change_options
from toy import LiveTable


def scene() -> LiveTable:
    live = LiveTable()
    toy = get_system("toy")
    alice = live.join("Alice")
    cid = live.do(save_character(live.now, toy, alice, {"name": "Hector", "agility": 2}))
    cid = cid.payload["character"]["id"]
    live.do(roll(live.now, alice, "test", {"skill": 1}, visibility_name="blind"))
    live.do(change_options(live.now, live.gm, {"easy": True}))
    live.do(
        operate_character(live.now, toy, alice, cid, "hit", {})
    )  # a player never picks the seed
    eid = live.do(enc.create(live.now, live.gm, "Pont")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, toy, live.gm, eid, character_id=cid))
    live.do(enc.add_participant(live.now, toy, live.gm, eid, sheet={"name": "Troll"}))
    live.do(enc.roll_initiative(live.now, toy, live.gm, eid, seed=11))
    live.do(enc.start(live.now, live.gm, eid))
    live.do(enc.add_condition(live.now, live.gm, eid, "p2", "à terre", 2))
    live.do(enc.apply_operation(live.now, toy, live.gm, eid, "p1", "heal", {}))
    live.do(enc.next_turn(live.now, live.gm, eid))
    live.do(enc.undo(live.now, live.gm, eid))
    return live


def test_rebuilding_from_the_json_log_equals_the_live_state() -> None:
    live = scene()
    stored = [Event.model_validate_json(e.model_dump_json()) for e in live.events]
    assert rebuild(stored) == live.now
    assert rebuild(stored).model_dump(mode="json") == live.now.model_dump(mode="json")


def test_a_log_with_a_gap_or_a_foreign_event_is_refused() -> None:
    live = scene()
    with pytest.raises(BrokenLog):
        rebuild(live.events[:3] + live.events[4:])
    with pytest.raises(BrokenLog):
        rebuild(live.events[1:])
    other = scene()
    with pytest.raises(BrokenLog):
        rebuild([*live.events, other.events[-1].model_copy(update={"seq": len(live.events) + 1})])
