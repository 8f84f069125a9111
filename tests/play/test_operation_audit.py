"""An operation applied at a table (damage...) and an initiative step roll the table's dice: their
seed comes from the table's key as a roll's does (a player's own seed refused, a GM's flagged),
each step records its seed and the commitment in force, and `audit` (what `ecran verify` runs)
checks them: the seed from the revealed key, the dice from the seed (replayed on the sheet the
step found)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.play import encounter as enc
from ecran.play import view_for
from ecran.play.audit import audit
from ecran.play.dice_key import PlayerSeed
from ecran.play.export import TableExport, export_table
from ecran.play.payloads import EncounterChanged
from ecran.play.rolls import reveal_key
from ecran.rules import EcranError
from toy import LiveTable, Toy, three_in_an_encounter

TOY = Toy()


def _table() -> tuple[LiveTable, str]:
    """Alice's Hector (a PC) and a Gobelin (an NPC); initiative rolled from the key (either may
    win it), then on to Hector's turn."""
    live = LiveTable()
    _, eid, _ = three_in_an_encounter(live, goblin_agility=3, shadow=False)
    live.do(enc.roll_initiative(live.now, TOY, live.gm, eid))
    live.do(enc.start(live.now, live.gm, eid))
    if live.now.encounters[eid].encounter.current != "p1":
        live.do(enc.next_turn(live.now, live.gm, eid))
    return live, eid


def _export(live: LiveTable) -> dict[str, Any]:
    made = export_table(live.now.table, live.gm.id, [view_for(e, live.gm) for e in live.events])
    data: dict[str, Any] = made.model_dump(mode="json")
    return data


def _played(reveal: bool = True) -> dict[str, Any]:
    """Hits on the NPC and on the PC (by the GM, and by Alice on her own turn), then the reveal."""
    live, eid = _table()
    alice = live.now.members[next(m for m in live.now.members if m != live.gm.id)]
    live.do(enc.apply_operation(live.now, TOY, live.gm, eid, "p2", "hit", {"extra": 1}))
    live.do(enc.apply_operation(live.now, TOY, live.gm, eid, "p1", "hit", {}))
    live.do(enc.apply_operation(live.now, TOY, alice, eid, "p1", "hit", {}))
    if reveal:
        live.do(reveal_key(live.now, live.gm))
    return _export(live)


def _steps(data: dict[str, Any], step: str) -> list[dict[str, Any]]:
    return [e for e in data["events"] if e["kind"] == "encounter" and e["payload"]["step"] == step]


def test_operation_and_initiative_steps_take_their_seed_from_the_key_and_verify() -> None:
    data = _played()
    operations = _steps(data, "operation")
    [initiative] = _steps(data, "initiative")
    assert len(operations) == 3
    for step in [*operations, initiative]:
        assert step["payload"]["commitment"] is not None and not step["payload"]["gm_seed"]
    for step in operations:
        assert step["payload"]["operation"]["seed"] == step["payload"]["seed"]
    found = audit(TableExport.model_validate(data))
    assert found.ok, [(r.seq, [p.en for p in r.problems]) for r in found.failed]
    checked = {s["seq"] for s in [*operations, initiative]}
    assert checked <= {r.seq for r in found.rolls if r.status == "ok"}


def test_before_the_reveal_operations_are_pending() -> None:
    data = _played(reveal=False)
    found = audit(TableExport.model_validate(data))
    assert found.ok and found.count("pending") == 4  # three operations, one initiative step


def test_one_die_of_an_operation_changed_fails_with_that_step_listed() -> None:
    data = _played()
    changed = _steps(data, "operation")[1]
    operation = changed["payload"]["operation"]
    operation["dice"] = [operation["dice"][0] % 6 + 1]
    [failed] = audit(TableExport.model_validate(data)).failed
    assert failed.seq == changed["seq"]
    assert "the dice are not the seed's" in [p.en for p in failed.problems]


def test_an_operation_seed_not_from_the_key_fails() -> None:
    data = _played()
    changed = _steps(data, "operation")[0]
    changed["payload"]["seed"] += 1
    [failed] = audit(TableExport.model_validate(data)).failed
    problems = [p.en for p in failed.problems]
    assert failed.seq == changed["seq"]
    assert "the seed does not follow from the key" in problems
    assert "the operation's seed is not the step's" in problems


def test_one_die_of_an_initiative_changed_fails() -> None:
    data = _played()
    [step] = _steps(data, "initiative")
    rolled = step["payload"]["initiative"][1]
    rolled["dice"] = [rolled["dice"][0] % 6 + 1]
    [failed] = audit(TableExport.model_validate(data)).failed
    assert failed.seq == step["seq"]
    assert "the dice are not the seed's" in [p.en for p in failed.problems]


def test_a_players_seed_is_refused_and_a_gms_is_flagged() -> None:
    live, eid = _table()
    alice = live.now.members[next(m for m in live.now.members if m != live.gm.id)]
    with pytest.raises(PlayerSeed):
        enc.apply_operation(live.now, TOY, alice, eid, "p1", "hit", {}, seed=5)
    step = live.do(enc.apply_operation(live.now, TOY, live.gm, eid, "p2", "hit", {}, seed=5))
    assert step.payload["gm_seed"] and step.payload["operation"]["seed"] == 5
    live.do(reveal_key(live.now, live.gm))
    found = audit(TableExport.model_validate(_export(live)))
    assert found.ok and found.count("gm_seed") == 1


def test_old_operation_steps_without_a_seed_still_read() -> None:
    payload = dict(_steps(_played(), "operation")[0]["payload"])
    for name in ("seed", "commitment", "gm_seed"):
        del payload[name]
    step = EncounterChanged.model_validate(payload)
    assert step.seed is None and step.commitment is None and not step.gm_seed


def test_ecran_verify_exits_1_naming_the_tampered_operation(cli: Any, tmp_path: Path) -> None:
    data = _played()
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    assert cli("verify", str(path)).code == 0
    changed = _steps(data, "operation")[0]
    operation = changed["payload"]["operation"]
    operation["dice"] = [operation["dice"][0] % 6 + 1]
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 1
    assert f"#{changed['seq']} (Gobelin: " in result.out  # the step's summary in English
    assert "the dice are not the seed's" in result.out


@pytest.mark.parametrize("system_id", ["artemis", "fluid", "nephilim", "organique", "warp"])
def test_every_operation_of_a_real_system_verifies_when_honest(system_id: str) -> None:
    """Each operation the system can apply with its defaults to a random NPC, from the key,
    replays to the same dice and result (no false alarm from a parameter read back from JSON)."""
    system = get_system(system_id)
    live = LiveTable(system_id)
    eid = live.do(enc.create(live.now, live.gm, "Essai")).payload["encounter_id"]
    sheet = system.random_npc(Roller(1)).model_dump(mode="json")
    live.do(enc.add_participant(live.now, system, live.gm, eid, sheet=sheet))
    applied = 0
    for op in system.operations:
        try:
            draft = enc.apply_operation(live.now, system, live.gm, eid, "p1", op.name, {})
        except EcranError:
            continue  # an operation that needs parameters the defaults do not give
        live.do(draft)
        applied += 1
    live.do(reveal_key(live.now, live.gm))
    found = audit(TableExport.model_validate(_export(live)))
    assert applied >= 2
    assert found.ok, [(r.label, [p.en for p in r.problems]) for r in found.failed]
    assert found.count("ok") == applied
