"""The encounter tracker: initiative, turns and rounds, conditions, operations, undo."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.play import Conflict, Forbidden
from ecran.play import encounter as enc
from ecran.play.characters import save_character
from ecran.rules import EcranError
from toy import LiveTable, bare, three_in_an_encounter


def _setup() -> tuple[LiveTable, str, str]:
    """Hector (a PC, agility 2), Gobelin (an NPC sheet, agility 4), Ombre (an NPC, no sheet)."""
    live = LiveTable()
    _alice, eid, cid = three_in_an_encounter(live)
    return live, eid, cid


def _enc(live: LiveTable, eid: str):  # type: ignore[no-untyped-def]
    return live.now.encounters[eid].encounter


def _names(live: LiveTable, eid: str) -> list[str]:
    e = _enc(live, eid)
    return [e.participants[p].name for p in e.order]


def test_initiative_is_the_systems_roll_and_the_gm_enters_the_rest() -> None:
    live, eid, _ = _setup()
    toy = get_system("toy")
    event = live.do(enc.roll_initiative(live.now, toy, live.gm, eid, seed=42))
    rolls = event.payload["initiative"]
    # each participant's die replays from its own recorded seed
    hector, goblin = Roller(rolls[0]["seed"]).d(6) + 2, Roller(rolls[1]["seed"]).d(6) + 4
    e = _enc(live, eid)
    assert [e.participants[p].initiative for p in ("p1", "p2", "p3")] == [hector, goblin, None]
    assert [r["total"] for r in event.payload["initiative"]] == [hector, goblin]
    with pytest.raises(EcranError) as missing:
        enc.start(live.now, live.gm, eid)
    assert "Ombre" in missing.value.text.fr and "Ombre" in missing.value.text.en
    with pytest.raises(EcranError) as sheetless:
        enc.roll_initiative(live.now, toy, live.gm, eid, ["p3"])
    assert "MJ" in sheetless.value.text.fr
    live.do(enc.set_initiative(live.now, live.gm, eid, "p3", 100))
    assert _names(live, eid)[0] == "Ombre"


def test_a_system_without_initiative_asks_the_gm() -> None:
    with bare() as system:
        live = LiveTable("bare")
        eid = live.do(enc.create(live.now, live.gm, "Duel")).payload["encounter_id"]
        live.do(enc.add_participant(live.now, system, live.gm, eid, name="A"))
        with pytest.raises(EcranError):
            enc.roll_initiative(live.now, system, live.gm, eid)
    live.do(enc.set_initiative(live.now, live.gm, eid, "p1", 7))
    assert _enc(live, eid).participants["p1"].initiative == 7


def _started(values: tuple[int, int, int] = (10, 20, 5)) -> tuple[LiveTable, str, str]:
    live, eid, cid = _setup()
    for pid, value in zip(("p1", "p2", "p3"), values, strict=True):
        live.do(enc.set_initiative(live.now, live.gm, eid, pid, value))
    live.do(enc.start(live.now, live.gm, eid))
    return live, eid, cid


def test_turns_follow_initiative_and_rounds_wrap() -> None:
    live, eid, _ = _started()
    assert _names(live, eid) == ["Gobelin", "Hector", "Ombre"]
    seen = []
    for _ in range(4):
        e = _enc(live, eid)
        seen.append((e.round, e.participants[e.current].name))
        live.do(enc.next_turn(live.now, live.gm, eid))
    assert seen == [(1, "Gobelin"), (1, "Hector"), (1, "Ombre"), (2, "Gobelin")]


def test_ties_keep_the_gms_order() -> None:
    live, eid, _ = _started((7, 7, 7))
    assert _names(live, eid) == ["Hector", "Gobelin", "Ombre"]
    live.do(enc.reorder(live.now, live.gm, eid, ["p3", "p1", "p2"]))
    assert _names(live, eid) == ["Ombre", "Hector", "Gobelin"]
    with pytest.raises(EcranError):
        enc.reorder(live.now, live.gm, eid, ["p1", "p2"])


def _turns(live: LiveTable, eid: str, n: int) -> list[list[str]]:
    expired = []
    for _ in range(n):
        expired.append(live.do(enc.next_turn(live.now, live.gm, eid)).payload["expired"])
    return expired


def _conditions(live: LiveTable, eid: str, pid: str) -> list[str]:
    return [c.name for c in _enc(live, eid).participants[pid].conditions]


def test_a_one_round_condition_covers_the_bearers_next_turn() -> None:
    """Gobelin acts first and stuns Hector for 1 round: Hector's turn is under it, and it ends
    with that turn."""
    live, eid, _ = _started()
    live.do(enc.add_condition(live.now, live.gm, eid, "p1", "étourdi", 1))
    assert _turns(live, eid, 1) == [[]]  # Gobelin's turn ends; now Hector's turn
    assert _conditions(live, eid, "p1") == ["étourdi"]
    assert _turns(live, eid, 1) == [["étourdi"]]  # Hector's turn ends
    assert _conditions(live, eid, "p1") == []


def test_a_condition_put_on_during_the_bearers_turn_does_not_count_that_turn() -> None:
    live, eid, _ = _started()
    live.do(enc.add_condition(live.now, live.gm, eid, "p2", "en garde", 1))  # Gobelin's turn
    live.do(enc.add_condition(live.now, live.gm, eid, "p2", "enragé"))  # until removed
    assert _turns(live, eid, 3) == [[], [], []]
    assert _conditions(live, eid, "p2") == ["en garde", "enragé"]
    assert _turns(live, eid, 1) == [["en garde"]]  # end of Gobelin's next turn
    assert _turns(live, eid, 6) == [[]] * 6
    assert _conditions(live, eid, "p2") == ["enragé"]
    live.do(enc.remove_condition(live.now, live.gm, eid, "p2", "enragé"))
    assert _conditions(live, eid, "p2") == []
    with pytest.raises(EcranError):
        enc.add_condition(live.now, live.gm, eid, "p2", "x", 0)


def test_operations_change_a_character_or_an_npc_and_undo_restores_them() -> None:
    live, eid, cid = _started()
    toy = get_system("toy")
    live.do(enc.apply_operation(live.now, toy, live.gm, eid, "p1", "hit", {}, seed=3))
    live.do(enc.apply_operation(live.now, toy, live.gm, eid, "p2", "hit", {"extra": 2}, seed=4))
    wounds_pc = Roller(3).d(6)
    assert live.now.characters[cid].sheet["wounds"] == wounds_pc
    assert live.now.characters[cid].version == 2
    assert _enc(live, eid).participants["p2"].sheet["wounds"] == Roller(4).d(6) + 2
    live.do(enc.undo(live.now, live.gm, eid))
    assert _enc(live, eid).participants["p2"].sheet["wounds"] == 0
    assert live.now.characters[cid].sheet["wounds"] == wounds_pc
    live.do(enc.undo(live.now, live.gm, eid))
    assert live.now.characters[cid].sheet["wounds"] == 0
    assert live.now.characters[cid].version == 3  # an undo is a new version, never a rewind


def test_undo_refuses_to_clobber_a_later_save() -> None:
    live, eid, cid = _started()
    toy = get_system("toy")
    live.do(enc.apply_operation(live.now, toy, live.gm, eid, "p1", "hit", {}, seed=3))
    sheet = {**live.now.characters[cid].sheet, "notes": "écrit après"}
    live.do(save_character(live.now, toy, live.gm, sheet, character_id=cid, expected_version=2))
    with pytest.raises(Conflict):
        enc.undo(live.now, live.gm, eid)


def test_undo_walks_back_turns_and_stops_at_creation() -> None:
    live, eid, _ = _started()
    before = _enc(live, eid)
    live.do(enc.next_turn(live.now, live.gm, eid))
    live.do(enc.next_turn(live.now, live.gm, eid))
    live.do(enc.undo(live.now, live.gm, eid))
    live.do(enc.undo(live.now, live.gm, eid))
    after = _enc(live, eid)
    assert after.model_copy(update={"version": before.version}) == before
    assert after.version == before.version + 4
    for _ in range(7):  # start, three initiatives, three participants were added
        live.do(enc.undo(live.now, live.gm, eid))
    assert _enc(live, eid).participants == {}
    with pytest.raises(EcranError):
        enc.undo(live.now, live.gm, eid)


def test_only_the_gm_drives_and_stale_steps_conflict() -> None:
    live, eid, _ = _started()
    alice = next(m for m in live.now.members.values() if m.display_name == "Alice")
    with pytest.raises(Forbidden):
        enc.next_turn(live.now, alice, eid)
    version = _enc(live, eid).version
    live.do(enc.next_turn(live.now, live.gm, eid, expected_version=version))
    with pytest.raises(Conflict):  # a double click from a second GM tab
        enc.next_turn(live.now, live.gm, eid, expected_version=version)


def test_removing_the_acting_participant_passes_the_turn() -> None:
    live, eid, _ = _started()
    live.do(enc.remove_participant(live.now, live.gm, eid, "p2"))
    e = _enc(live, eid)
    assert e.current == "p1" and e.round == 1
    with pytest.raises(EcranError):
        enc.remove_participant(live.now, live.gm, eid, "p2")


def test_an_ended_encounter_takes_no_more_steps_but_can_be_undone() -> None:
    live, eid, _ = _started()
    live.do(enc.end(live.now, live.gm, eid))
    with pytest.raises(EcranError):
        enc.next_turn(live.now, live.gm, eid)
    live.do(enc.undo(live.now, live.gm, eid))
    assert not _enc(live, eid).ended


def test_each_participant_rolls_initiative_from_its_own_seed() -> None:
    """A player sees a public character's initiative seed; it must not replay a secret NPC's
    dice (one shared seed would). A given seed still replays the whole step."""
    from ecran.play.encounter.turns import _own_roller

    a, b = _own_roller(42, "e1", "p1"), _own_roller(42, "e1", "p2")
    assert a.seed != b.seed
    assert _own_roller(42, "e1", "p2").seed == b.seed
    assert 0 <= a.seed < 2**63
