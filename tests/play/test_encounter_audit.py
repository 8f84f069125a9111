"""An encounter's attacks are table rolls too: each attack step records its seed and the dice key
in force, so `audit` (what `ecran verify` runs) checks them like any roll: the step's seed from
the revealed key, the attack's seed from the step's, the dice from the attack's seed."""

from __future__ import annotations

from typing import Any

from ecran.play import encounter as enc
from ecran.play import view_for
from ecran.play.audit import audit
from ecran.play.export import TableExport, export_table
from ecran.play.rolls import reveal_key
from toy import LiveTable, Toy

TOY = Toy()


def _export(reveal: bool = True) -> dict[str, Any]:
    """Two attacks between two NPCs, drawn from the table's key; then the key is revealed."""
    live = LiveTable()
    eid = live.do(enc.create(live.now, live.gm, "Embuscade")).payload["encounter_id"]
    for name in ("Gobelin", "Orque"):
        sheet = {"name": name, "might": 3, "agility": 2}
        live.do(enc.add_participant(live.now, TOY, live.gm, eid, sheet=sheet))
    for attacker, target in (("p1", "p2"), ("p2", "p1")):
        live.do(enc.attack(live.now, TOY, live.gm, eid, attacker, target, "test", {"skill": 2}))
    if reveal:
        live.do(reveal_key(live.now, live.gm))
    made = export_table(live.now.table, live.gm.id, [view_for(e, live.gm) for e in live.events])
    data: dict[str, Any] = made.model_dump(mode="json")
    return data


def _attacks(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in data["events"] if e["kind"] == "encounter" and e["payload"].get("attack")]


def test_attack_steps_record_their_commitment_and_verify() -> None:
    data = _export()
    steps = _attacks(data)
    assert len(steps) == 2
    assert all(s["payload"]["commitment"] and s["payload"]["seed"] is not None for s in steps)
    found = audit(TableExport.model_validate(data))
    assert found.ok and found.count("ok") == 2
    assert {r.seq for r in found.rolls} == {s["seq"] for s in steps}


def test_before_the_reveal_attacks_are_pending() -> None:
    found = audit(TableExport.model_validate(_export(reveal=False)))
    assert found.ok and found.count("pending") == 2


def test_one_die_of_an_attack_changed_fails() -> None:
    data = _export()
    record = _attacks(data)[1]["payload"]["attack"]["record"]
    record["dice"] = [record["dice"][0] % 6 + 1, *record["dice"][1:]]
    found = audit(TableExport.model_validate(data))
    [failed] = found.failed
    assert failed.seq == _attacks(data)[1]["seq"]
    assert "the dice are not the seed's" in [p.en for p in failed.problems]


def test_a_step_seed_not_from_the_key_fails_and_so_does_the_attacks() -> None:
    data = _export()
    _attacks(data)[0]["payload"]["seed"] += 1
    [failed] = audit(TableExport.model_validate(data)).failed
    problems = [p.en for p in failed.problems]
    assert "the seed does not follow from the key" in problems
    assert "the attack's seed does not follow from the step's" in problems


def _hit_with_damage() -> dict[str, Any]:
    """A GM's attack (chosen seeds, tried in order) that hits and so rolls the target's damage,
    then the reveal."""
    for seed in range(1, 200):
        live = LiveTable()
        eid = live.do(enc.create(live.now, live.gm, "Duel")).payload["encounter_id"]
        for name in ("Gobelin", "Orque"):
            sheet = {"name": name, "might": 3, "agility": 2}
            live.do(enc.add_participant(live.now, TOY, live.gm, eid, sheet=sheet))
        step = live.do(
            enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "test", {"skill": 2}, seed=seed)
        )
        if step.payload["attack"]["consequences"]:
            live.do(reveal_key(live.now, live.gm))
            events = [view_for(e, live.gm) for e in live.events]
            data: dict[str, Any] = export_table(live.now.table, live.gm.id, events).model_dump(
                mode="json"
            )
            return data
    raise AssertionError("no seed below 200 hits")


def test_an_attacks_damage_dice_are_checked_too() -> None:
    data = _hit_with_damage()
    assert audit(TableExport.model_validate(data)).ok
    [step] = _attacks(data)
    damage = step["payload"]["attack"]["consequences"][0]["roll"]
    damage["dice"] = [damage["dice"][0] % 6 + 1]
    [failed] = audit(TableExport.model_validate(data)).failed
    assert failed.seq == step["seq"]
    assert "the dice are not the seed's" in [p.en for p in failed.problems]


def test_a_damage_seed_not_from_the_steps_fails() -> None:
    data = _hit_with_damage()
    [step] = _attacks(data)
    step["payload"]["attack"]["consequences"][0]["roll"]["seed"] += 1
    [failed] = audit(TableExport.model_validate(data)).failed
    assert "a consequence's seed does not follow from the step's" in [p.en for p in failed.problems]
