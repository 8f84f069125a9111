"""A player's turn through the API: on Alice's character's turn Alice reads her attacks with
their exact odds, attacks (the event credits her, every member gets it live) and ends her turn;
Bob cannot act for her nor out of his turn, and no player picks the dice: each refusal is a 403
with one line, and nothing changes.

Toy combat (tests/toy.py): skill = might + 2 - defender's agility; 1d6 + skill (+1: the table
has `easy` on) >= 5 succeeds.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from web.tables.tables_support import Member, Table
from web.tables.test_live import connect, events


def _started(table: Table) -> str:
    """Alice's Hector (p1, initiative 9) and Bob's Brutus (p2, 5): started, Hector acts."""
    hector = table.character(table.alice, {"name": "Hector", "might": 3, "agility": 2})
    brutus = table.character(table.bob, {"name": "Brutus", "might": 1, "agility": 3})
    made = table.post(table.gm, "/encounters", {"name": "Rixe"})
    enc = made.json()["payload"]["encounter_id"]
    for character, init in ((hector, 9), (brutus, 5)):
        body = {"character_id": character["id"], "initiative": init}
        assert table.post(table.gm, f"/encounters/{enc}/participants", body).status_code == 201
    assert table.post(table.gm, f"/encounters/{enc}/start").status_code == 200
    return enc


def _refused(answer: Any, status: int = 403) -> str:
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    message = detail if isinstance(detail, str) else str(detail)
    assert "\n" not in message and "Traceback" not in message
    return message


def _attack(table: Table, who: Member, enc: str, **body: Any) -> Any:
    return table.post(who, f"/encounters/{enc}/attack", body)


def test_on_her_turn_alice_reads_her_attacks_with_exact_odds(table: Table) -> None:
    enc = _started(table)
    got = table.get(table.alice, f"/encounters/{enc}/participants/p1/attacks?target=p2")
    assert got.status_code == 200, got.text
    (punch,) = got.json()
    # might 3 + 2 - agility 3 = 2, +1 (easy): 1d6 + 3 >= 5 on faces 2 to 6
    assert punch["params"] == {"skill": 2, "easy": True}
    odds = {o["outcome"]: Fraction(o["probability"]) for o in punch["odds"]["outcomes"]}
    assert odds == {"success": Fraction(5, 6), "failure": Fraction(1, 6)}


def test_alice_attacks_on_her_turn_credited_to_her_and_live_to_everyone(table: Table) -> None:
    enc = _started(table)
    start = table.last_seq()
    with (
        connect(table, table.gm, start) as (gm_ws, _),
        connect(table, table.bob, start) as (
            bob_ws,
            _,
        ),
    ):
        made = _attack(table, table.alice, enc, attacker="p1", target="p2", option=0)
        assert made.status_code == 200, made.text
        event = made.json()
        assert event["actor_id"] == table.alice.id
        assert event["payload"]["summary"]["fr"].startswith("Hector attaque Brutus")
        for ws in (gm_ws, bob_ws):
            (seen,) = events(ws)
            assert seen["seq"] == event["seq"] and seen["actor_id"] == table.alice.id
            assert seen["payload"]["attack"]["record"]["params"]["skill"] == 2
    ended = table.post(table.alice, f"/encounters/{enc}/next")
    assert ended.status_code == 200, ended.text
    assert ended.json()["payload"]["encounter"]["current"] == "p2"


def test_bob_cannot_act_on_alices_turn_nor_for_her(table: Table) -> None:
    enc = _started(table)
    before = table.last_seq()
    not_now = _refused(_attack(table, table.bob, enc, attacker="p2", target="p1", option=0))
    assert not_now == "ce n'est pas le tour de Brutus (au tour d'Hector)"
    not_his = _refused(_attack(table, table.bob, enc, attacker="p1", target="p2", option=0))
    assert not_his == "seuls le joueur d'Hector et le MJ agissent pour ce personnage"
    _refused(table.get(table.bob, f"/encounters/{enc}/participants/p2/attacks?target=p1"))
    _refused(table.post(table.bob, f"/encounters/{enc}/next"))
    assert table.last_seq() == before
    # in English too, one line
    english = table.client.post(
        table.url(f"/encounters/{enc}/attack?lang=en"),
        headers=table.bob.auth,
        json={"attacker": "p2", "target": "p1", "option": 0},
    )
    assert _refused(english) == "it is not Brutus's turn (Hector's turn)"


def test_a_players_seed_and_changed_attack_are_refused(table: Table) -> None:
    enc = _started(table)
    before = table.last_seq()
    seeded = _attack(table, table.alice, enc, attacker="p1", target="p2", option=0, seed=5)
    assert "seul le serveur tire les dés" in _refused(seeded)
    rigged = _attack(
        table, table.alice, enc, attacker="p1", target="p2", check="test", params={"skill": 5}
    )
    assert "telle quelle" in _refused(rigged)
    beyond = _attack(table, table.alice, enc, attacker="p1", target="p2", option=7)
    assert "en propose 1" in _refused(beyond, 422)
    assert table.last_seq() == before
    # the GM's seed stays allowed (and replays the same dice)
    dice = [
        _attack(table, table.gm, enc, attacker="p1", target="p2", option=0, seed=5).json()[
            "payload"
        ]["attack"]["record"]["dice"]
        for _ in range(2)
    ]
    assert dice[0] == dice[1]


def test_the_gm_still_acts_for_anyone_at_any_time(table: Table) -> None:
    enc = _started(table)
    made = _attack(table, table.gm, enc, attacker="p2", target="p1", check="test", params={})
    assert made.status_code == 200, made.text
    assert made.json()["actor_id"] == table.gm.id
