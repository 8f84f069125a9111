"""The encounter's attack chain through the API: the attacks between two participants with exact
odds, then one attack step (roll + the system's damage on the target), live to every member,
players without a secret NPC's dice, and undone in one step.

Toy combat (tests/toy.py): skill = might + 2 - defender's agility; 1d6 + skill (+1: this
table has `easy` on) >= 5 succeeds; a success hits for 1d6 + (total - 5) wounds.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ecran.dice import Roller
from ecran.play.encounter import derived_seed
from web.tables.tables_support import Table
from web.tables.test_live import connect, events


def _encounter(table: Table) -> tuple[str, str]:
    """Alice's Hector (might 3, agility 3) as p1 and a secret goblin (might 1, agility 4) as p2."""
    hector = table.character(table.alice, {"name": "Hector", "might": 3, "agility": 3})
    enc = table.post(table.gm, "/encounters", {"name": "Embuscade"}).json()["payload"][
        "encounter_id"
    ]
    table.post(table.gm, f"/encounters/{enc}/participants", {"character_id": hector["id"]})
    goblin = {"name": "Gobelin", "might": 1, "agility": 4}
    made = table.post(table.gm, f"/encounters/{enc}/participants", {"sheet": goblin})
    assert made.status_code == 201, made.text
    return enc, hector["id"]


def _hit(table: Table, enc: str, attacker: str, target: str, params: dict[str, Any]) -> int:
    """A seed whose attack succeeds: the check's die comes from the step's seed through
    `derived_seed`, and the toy rule says 1d6 + skill + 1 >= 5."""
    for seed in range(100):
        check_seed = derived_seed(seed, enc, "attack", attacker, target)
        assert check_seed is not None
        if Roller(check_seed).d(6) + params["skill"] + 1 >= 5:
            return seed
    raise AssertionError("no hitting seed")


def test_the_attacks_of_a_participant_on_another_with_exact_odds(table: Table) -> None:
    enc, _ = _encounter(table)
    got = table.get(table.gm, f"/encounters/{enc}/participants/p1/attacks", params={"target": "p2"})
    assert got.status_code == 200, got.text
    (punch,) = got.json()
    # might 3 + 2 - agility 4 = 1, and the table's `easy` option is in force
    assert punch["check"] == "test" and punch["params"] == {"skill": 1, "easy": True}
    assert punch["label"]["fr"] == "Coup de poing"
    odds = {o["outcome"]: Fraction(o["probability"]) for o in punch["odds"]["outcomes"]}
    assert odds["success"] == Fraction(4, 6)  # 1d6 + 1 + 1 >= 5: faces 3 to 6
    assert sum(odds.values()) == 1


def test_an_attack_is_one_step_live_to_everyone_and_one_undo(table: Table) -> None:
    enc, hector = _encounter(table)
    start = table.last_seq()
    seed = _hit(table, enc, "p2", "p1", {"skill": 1})
    with (
        connect(table, table.alice, start) as (alice_ws, _),
        connect(table, table.gm, start) as (
            gm_ws,
            _,
        ),
    ):
        body = {"attacker": "p2", "target": "p1", "check": "test", "params": {"skill": 1}}
        made = table.post(table.gm, f"/encounters/{enc}/attack", {**body, "seed": seed})
        assert made.status_code == 200, made.text
        [for_alice] = events(alice_ws)
        [for_gm] = events(gm_ws)
    payload = for_gm["payload"]
    assert payload["step"] == "attack" and payload["attack"]["record"]["outcome"] == "success"
    record = payload["attack"]["record"]
    assert record["total"] == record["dice"][0] + 1 + 1  # skill 1, easy +1
    wounds = payload["operation"]["resolution"]["total"]
    assert wounds == Roller(payload["operation"]["seed"]).d(6) + record["total"] - 5
    # Alice sees her character hurt, live, but not the secret goblin's dice or values
    seen = for_alice["payload"]
    assert seen["attack"]["record"]["outcome"] == "success"
    assert seen["attack"]["record"]["dice"] == [] and seen["attack"]["record"]["params"] == {}
    assert str(record["seed"]) not in str(for_alice)
    assert seen["characters"][0]["sheet"]["wounds"] == wounds
    sheet = table.get(table.alice, f"/characters/{hector}").json()
    assert sheet["sheet"]["wounds"] == wounds and sheet["version"] == 2
    undone = table.post(table.gm, f"/encounters/{enc}/undo")
    assert undone.status_code == 200, undone.text
    assert "Annulé : Gobelin attaque Hector" in undone.json()["payload"]["summary"]["fr"]
    sheet = table.get(table.alice, f"/characters/{hector}").json()
    assert sheet["sheet"]["wounds"] == 0 and sheet["version"] == 3
    again = table.post(table.gm, f"/encounters/{enc}/undo")  # the step before: the goblin's add
    assert again.status_code == 200
    assert "p2" not in table.get(table.gm, f"/encounters/{enc}").json()["participants"]


def test_bad_attacks_are_refused_in_one_line(table: Table) -> None:
    enc, _ = _encounter(table)
    url = f"/encounters/{enc}/attack"
    body = {"attacker": "p1", "target": "p2", "check": "test", "params": {"skill": 1}}
    version = table.get(table.gm, f"/encounters/{enc}").json()["version"]
    cases: list[tuple[Any, Any, int]] = [
        (table.alice, body, 403),
        (table.gm, {**body, "target": "p7"}, 404),
        (table.gm, {**body, "expected_version": version - 1}, 409),
        (table.gm, {**body, "check": "nope"}, 422),
        (table.gm, {**body, "params": {"skill": 42}}, 422),
        (table.gm, {**body, "target": "p1"}, 422),
        (table.gm, {**body, "surprise": True}, 422),
        (table.gm, {**body, "seed": -1}, 422),
    ]
    for who, sent, status in cases:
        answer = table.post(who, url, sent)
        assert answer.status_code == status, (sent, answer.text)
        assert "\n" not in answer.json()["detail"]
    listing = f"/encounters/{enc}/participants/p1/attacks"
    assert table.get(table.alice, listing, params={"target": "p2"}).status_code == 403
    assert table.get(table.gm, listing, params={"target": "p9"}).status_code == 404
    assert table.get(table.gm, listing).status_code == 422
    assert table.get(table.gm, f"/encounters/{enc}").json()["version"] == version


def test_an_attack_without_its_check_is_the_usual_one_and_params_alone_are_refused(
    table: Table,
) -> None:
    """A client that names only who attacks whom gets the system's first attack (as offered,
    with its label); parameters without their check are refused in words, nothing stored."""
    enc, _ = _encounter(table)
    table.post(table.gm, f"/encounters/{enc}/start")
    before = table.last_seq()
    alone = table.post(
        table.gm,
        f"/encounters/{enc}/attack",
        {"attacker": "p1", "target": "p2", "params": {"skill": 2}},
    )
    assert alone.status_code == 422 and alone.json()["detail"].startswith("check : valeur requise")
    assert table.last_seq() == before
    usual = table.post(table.gm, f"/encounters/{enc}/attack", {"attacker": "p1", "target": "p2"})
    assert usual.status_code == 200, usual.text
    rolled = usual.json()["payload"]["attack"]
    assert rolled["record"]["check"] == "test" and rolled["label"]["fr"] == "Coup de poing"
