"""Every die a table rolls is the table's: an operation applied to a character outside an
encounter, a random NPC drawn at the table (in the tracker or as the GM's character), and the
rolls of a chat message take their seed from the table's key and the event's number (a player's
own seed refused, a GM's flagged), record the commitment in force, and `audit` (what
`ecran verify` runs) replays them: the operation on the sheet the log showed, the NPC drawn
again, each chat roll from its seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ecran.play import Event, npcs, view_for
from ecran.play import encounter as enc
from ecran.play.audit import audit
from ecran.play.characters import draw_npc, operate_character, save_character
from ecran.play.chat import roll_seed, send
from ecran.play.dice_key import PlayerSeed, seed_for
from ecran.play.errors import Forbidden
from ecran.play.export import TableExport, export_table
from ecran.play.fairness import fairness
from ecran.play.model import Member
from ecran.play.rolls import reveal_key, roll
from toy import LiveTable, Toy

TOY = Toy()


def _export(live: LiveTable, viewer: Member | None = None) -> dict[str, Any]:
    who = viewer or live.gm
    made = export_table(live.now.table, who.id, [view_for(e, who) for e in live.events])
    data: dict[str, Any] = made.model_dump(mode="json")
    return data


def _alice(live: LiveTable) -> Member:
    return live.now.members[next(m for m in live.now.members if m != live.gm.id)]


def _failed(data: dict[str, Any]) -> list[tuple[int, list[str]]]:
    return [
        (r.seq, [p.en for p in r.problems]) for r in audit(TableExport.model_validate(data)).failed
    ]


def _event(data: dict[str, Any], seq: int) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in data["events"] if e["seq"] == seq)
    return found


# -- an operation on a character, outside an encounter --------------------------------------------


def _operated(reveal: bool = True) -> tuple[LiveTable, list[Event]]:
    """Alice's Hector hit twice (by Alice, then by the GM), the GM's secret Gobelin once."""
    live = LiveTable()
    alice = live.join("Alice")
    hector = {"name": "Hector", "might": 3, "agility": 2}
    cid = live.do(save_character(live.now, TOY, alice, hector)).payload["character"]["id"]
    goblin = {"name": "Gobelin", "might": 2, "agility": 2}
    gid = live.do(save_character(live.now, TOY, live.gm, goblin, secret=True))
    gid_ = gid.payload["character"]["id"]
    ops = [
        live.do(operate_character(live.now, TOY, alice, cid, "hit", {}, expected_version=1)),
        live.do(
            operate_character(live.now, TOY, live.gm, cid, "hit", {"extra": 2}, expected_version=2)
        ),
        live.do(operate_character(live.now, TOY, live.gm, gid_, "hit", {}, expected_version=1)),
    ]
    if reveal:
        live.do(reveal_key(live.now, live.gm))
    return live, ops


def test_an_operation_outside_an_encounter_takes_its_seed_from_the_key_and_verifies() -> None:
    live, ops = _operated()
    data = _export(live)
    key = next(e for e in data["events"] if e["kind"] == "dice_key")["payload"]["revealed"]["key"]
    for op in ops:
        payload = _event(data, op.seq)["payload"]
        assert payload["commitment"]["index"] == 1 and not payload["gm_seed"]
        assert payload["seed"] == seed_for(key, op.seq) == payload["operation"]["seed"]
    found = audit(TableExport.model_validate(data))
    assert found.ok, _failed(data)
    assert {op.seq for op in ops} <= {r.seq for r in found.rolls if r.status == "ok"}


def test_before_the_reveal_operations_outside_encounters_are_pending() -> None:
    live, _ = _operated(reveal=False)
    found = audit(TableExport.model_validate(_export(live)))
    assert found.ok and found.count("pending") == 3


def test_one_die_of_an_operation_outside_an_encounter_changed_fails_naming_it() -> None:
    live, ops = _operated()
    data = _export(live)
    operation = _event(data, ops[1].seq)["payload"]["operation"]
    operation["dice"] = [operation["dice"][0] % 6 + 1]
    assert _failed(data) == [(ops[1].seq, ["the dice are not the seed's"])]


def test_a_sheet_not_the_one_the_dice_give_fails() -> None:
    live, ops = _operated()
    data = _export(live)
    _event(data, ops[1].seq)["payload"]["character"]["sheet"]["wounds"] += 1
    assert _failed(data) == [(ops[1].seq, ["the sheet is not the dice's"])]


def test_an_operation_seed_not_from_the_key_fails() -> None:
    live, ops = _operated()
    data = _export(live)
    _event(data, ops[0].seq)["payload"]["seed"] += 1
    [(seq, problems)] = _failed(data)
    assert seq == ops[0].seq
    assert "the seed does not follow from the key" in problems
    assert "the dice's seed is not the event's" in problems


def test_a_player_may_not_choose_an_operations_seed_and_a_gms_is_flagged() -> None:
    live, _ = _operated(reveal=False)
    alice = _alice(live)
    cid = next(c.id for c in live.now.characters.values() if c.owner_id == alice.id)
    with pytest.raises(PlayerSeed):
        operate_character(live.now, TOY, alice, cid, "hit", {}, expected_version=3, seed=5)
    made = live.do(
        operate_character(live.now, TOY, live.gm, cid, "hit", {}, expected_version=3, seed=5)
    )
    assert made.payload["gm_seed"] and made.payload["operation"]["seed"] == 5
    live.do(reveal_key(live.now, live.gm))
    found = audit(TableExport.model_validate(_export(live)))
    assert found.ok and found.count("gm_seed") == 1


def test_a_secret_characters_operation_is_hidden_from_a_player_and_their_export_verifies() -> None:
    live, ops = _operated()
    alice = _alice(live)
    seen = view_for(ops[2], alice)
    assert seen.kind == "hidden" and seen.payload == {}  # no seed, no dice of the secret sheet
    data = _export(live, alice)
    found = audit(TableExport.model_validate(data))
    assert found.ok and ops[2].seq not in {r.seq for r in found.rolls}


def _stripped(data: dict[str, Any], seq: int) -> None:
    """The event as written before verifiable dice reached it: no seed, no commitment."""
    payload = _event(data, seq)["payload"]
    for name in ("seed", "commitment", "gm_seed"):
        del payload[name]


def test_an_operation_without_its_commitment_under_a_key_in_force_fails() -> None:
    """A seed dropped from an event cannot make its dice unverifiable: a key was in force."""
    live, ops = _operated()
    data = _export(live)
    _stripped(data, ops[0].seq)
    [(seq, problems)] = _failed(data)
    assert seq == ops[0].seq and problems == ["the roll's commitment is not the one in force"]


def test_before_any_key_operations_and_chat_rolls_are_legacy_their_dice_still_checked() -> None:
    """A table from before verifiable dice: no key published, events without seeds."""
    live, ops = _operated()
    said = live.do(send(live.now, _alice(live), "[[2d6]]"))
    data = _export(live)
    data["events"] = [e for e in data["events"] if e["kind"] != "dice_key"]
    del data["events"][0]["payload"]["dice"]
    for seq in (*(op.seq for op in ops), said.seq):
        _stripped(data, seq)
    found = audit(TableExport.model_validate(data))
    assert found.ok and found.count("legacy") == 4
    rolled = _event(data, said.seq)["payload"]["rolls"][0]
    rolled["dice"] = [rolled["dice"][0] % 6 + 1, *rolled["dice"][1:]]
    assert _failed(data) == [(said.seq, ["the dice are not the seed's"])]


# -- a random NPC drawn at the table --------------------------------------------------------------


def _npcs(reveal: bool = True) -> tuple[LiveTable, Event, Event, Event]:
    """In the tracker, a secret random NPC and a public one; and the GM's random NPC character."""
    live = LiveTable()
    live.join("Alice")
    eid = live.do(enc.create(live.now, live.gm, "Embuscade")).payload["encounter_id"]
    hidden = live.do(enc.add_participant(live.now, TOY, live.gm, eid, random_npc=True))
    shown = live.do(enc.add_participant(live.now, TOY, live.gm, eid, random_npc=True, secret=False))
    drawn = live.do(draw_npc(live.now, TOY, live.gm, overrides={"agility": 1}))
    if reveal:
        live.do(reveal_key(live.now, live.gm))
    return live, hidden, shown, drawn


def test_random_npcs_are_drawn_from_the_key_and_verify() -> None:
    live, *steps = _npcs()
    data = _export(live)
    for step in steps:
        payload = _event(data, step.seq)["payload"]
        assert payload["commitment"] is not None and not payload["gm_seed"]
        assert payload["npc"]["seed"] == payload["seed"]
    character = _event(data, steps[2].seq)["payload"]["character"]
    assert character["secret"] and character["sheet"]["agility"] == 1  # the table's override
    found = audit(TableExport.model_validate(data))
    assert found.ok, _failed(data)
    assert {s.seq for s in steps} <= {r.seq for r in found.rolls if r.status == "ok"}


def test_before_the_reveal_npc_draws_are_pending() -> None:
    live, *_ = _npcs(reveal=False)
    found = audit(TableExport.model_validate(_export(live)))
    assert found.ok and found.count("pending") == 3


def test_an_npc_in_the_tracker_not_the_one_its_seed_draws_fails() -> None:
    live, hidden, _, _ = _npcs()
    data = _export(live)
    payload = _event(data, hidden.seq)["payload"]
    sheet = payload["encounter"]["participants"][payload["participant_id"]]["sheet"]
    sheet["might"] = sheet["might"] % 3 + 1
    assert _failed(data) == [(hidden.seq, ["the sheet is not the dice's"])]


def _a_seed_drawing_another_npc(npc: dict[str, Any]) -> int:
    """The next seed whose draw is another sheet: the table's key is random, and the seed after
    it draws the same Toy NPC (name d100, might d3) once in 300 tables."""
    drawn = npcs.NpcDrawn.model_validate(npc)
    first = npcs.regenerate(TOY, drawn)
    seed = drawn.seed + 1
    while npcs.regenerate(TOY, drawn.model_copy(update={"seed": seed})) == first:
        seed += 1
    return seed


def test_an_npc_character_not_the_one_its_seed_draws_fails() -> None:
    live, _, _, drawn = _npcs()
    data = _export(live)
    npc = _event(data, drawn.seq)["payload"]["npc"]
    npc["seed"] = _a_seed_drawing_another_npc(npc)
    [(seq, problems)] = _failed(data)
    assert seq == drawn.seq
    assert "the dice's seed is not the event's" in problems
    assert "the sheet is not the dice's" in problems


def test_a_players_view_of_a_secret_npcs_draw_has_no_seed_a_public_ones_keeps_it() -> None:
    live, hidden, shown, drawn = _npcs()
    alice = _alice(live)
    secret_view = view_for(hidden, alice).payload
    assert secret_view["seed"] is None and secret_view["npc"] is None
    public_view = view_for(shown, alice).payload
    assert public_view["seed"] == shown.payload["seed"] and public_view["npc"] is not None
    assert view_for(drawn, alice).kind == "hidden"  # a secret character's save


def test_only_the_gm_draws_an_npc_at_the_table_and_only_the_gm_chooses_its_seed() -> None:
    live, *_ = _npcs(reveal=False)
    alice = _alice(live)
    with pytest.raises(Forbidden):
        draw_npc(live.now, TOY, alice)
    eid = next(iter(live.now.encounters))
    with pytest.raises(Forbidden):
        enc.add_participant(live.now, TOY, alice, eid, random_npc=True, seed=3)
    made = live.do(enc.add_participant(live.now, TOY, live.gm, eid, random_npc=True, seed=3))
    assert made.payload["gm_seed"] and made.payload["npc"]["seed"] == 3


# -- a chat message's rolls -----------------------------------------------------------------------


def _chat(reveal: bool = True) -> tuple[LiveTable, Event]:
    live = LiveTable()
    alice = live.join("Alice")
    said = live.do(send(live.now, alice, "/r 3d6+2 coup [[1d20]] et [[2d10]]"))
    if reveal:
        live.do(reveal_key(live.now, live.gm))
    return live, said


def test_a_messages_rolls_derive_from_the_key_and_verify() -> None:
    live, said = _chat()
    data = _export(live)
    payload = _event(data, said.seq)["payload"]
    key = next(e for e in data["events"] if e["kind"] == "dice_key")["payload"]["revealed"]["key"]
    assert payload["seed"] == seed_for(key, said.seq) and payload["commitment"]["index"] == 1
    assert [r["seed"] for r in payload["rolls"]] == [
        roll_seed(payload["seed"], i) for i in range(3)
    ]
    found = audit(TableExport.model_validate(data))
    assert found.ok and [r.status for r in found.rolls] == ["ok"]


def test_one_die_of_a_chat_roll_changed_fails_naming_the_message() -> None:
    live, said = _chat()
    data = _export(live)
    rolled = _event(data, said.seq)["payload"]["rolls"][1]
    rolled["dice"] = [rolled["dice"][0] % 20 + 1]
    assert _failed(data) == [(said.seq, ["the dice are not the seed's"])]


def test_a_chat_total_changed_fails() -> None:
    live, said = _chat()
    data = _export(live)
    _event(data, said.seq)["payload"]["rolls"][0]["total"] += 1
    assert _failed(data) == [(said.seq, ["the result is not the dice's"])]


def test_before_the_reveal_a_messages_rolls_are_pending() -> None:
    live, _ = _chat(reveal=False)
    found = audit(TableExport.model_validate(_export(live)))
    assert found.ok and found.count("pending") == 1


def test_a_message_without_rolls_is_not_a_roll() -> None:
    live = LiveTable()
    said = live.do(send(live.now, live.gm, "bonsoir"))
    assert said.payload["seed"] is None
    assert audit(TableExport.model_validate(_export(live))).rolls == []


# -- the fairness panel ---------------------------------------------------------------------------


def test_the_fairness_panel_counts_the_rolls_it_counted() -> None:
    """It counts the checks rolled at the table (`roll` events), not operations, NPC draws or
    chat dice: adding those to a table leaves its figures as they were."""
    live = LiveTable()
    alice = live.join("Alice")
    for skill in (1, 2, 3):
        live.do(roll(live.now, alice, "test", {"skill": skill}))
    before = fairness([view_for(e, live.gm) for e in live.events])
    cid = live.do(save_character(live.now, TOY, alice, {"name": "Hector"})).payload["character"][
        "id"
    ]
    live.do(operate_character(live.now, TOY, alice, cid, "hit", {}, expected_version=1))
    live.do(draw_npc(live.now, TOY, live.gm))
    live.do(send(live.now, alice, "/r 2d6"))
    after = fairness([view_for(e, live.gm) for e in live.events])
    assert after == before and after.rolls == 3


# -- ecran verify ---------------------------------------------------------------------------------


def test_ecran_verify_passes_honest_and_names_each_tampered_kind(cli: Any, tmp_path: Path) -> None:
    live, ops = _operated()
    alice = _alice(live)
    said = live.do(send(live.now, alice, "[[1d6]]"))
    eid = live.do(enc.create(live.now, live.gm, "Pont")).payload["encounter_id"]
    added = live.do(enc.add_participant(live.now, TOY, live.gm, eid, random_npc=True))
    live.do(reveal_key(live.now, live.gm))
    data = _export(live)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    assert cli("verify", str(path)).code == 0
    operation = _event(data, ops[0].seq)["payload"]["operation"]
    operation["dice"] = [operation["dice"][0] % 6 + 1]
    chat = _event(data, said.seq)["payload"]["rolls"][0]
    chat["dice"] = [chat["dice"][0] % 6 + 1]
    _event(data, added.seq)["payload"]["npc"]["seed"] += 1
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 1
    assert f"roll #{ops[0].seq} (Hector: " in result.out  # its summary in English
    assert f"roll #{said.seq} (message: 1d6): the dice are not the seed's" in result.out
    assert f"roll #{added.seq} (" in result.out
    assert result.out.count("roll #") == 3
