"""Rolls through the API: stored with their record, replayable, and invisible to whoever may not
see them in every answer (roll answer, events, log page, one event)."""

from __future__ import annotations

from typing import Any

from ecran.dice import Roller
from web.tables.tables_support import Member, Table


def _everything(table: Table, who: Member) -> str:
    """Every API answer through which a member could read the log."""
    pages = [
        table.get(who, "/events"),
        table.get(who, "/log"),
        table.get(who, "/state"),
        *[table.get(who, f"/events/{seq}") for seq in range(1, table.last_seq() + 1)],
    ]
    for page in pages:
        assert page.status_code == 200
    return " ".join(page.text for page in pages)


def _record(view: dict[str, Any]) -> dict[str, Any]:
    return dict(view["payload"]["record"])


def test_a_public_roll_is_the_seeded_roll_with_the_table_options(table: Table) -> None:
    view = table.roll(table.alice, label="Crochetage")
    record = _record(view)
    die = Roller(record["seed"]).d(6)  # the table's seed (a player may not choose one)
    assert record["dice"] == [die] and record["total"] == die + 1 + 1  # skill 1, easy +1
    assert record["outcome"] == ("success" if die + 2 >= 5 else "failure")
    assert record["params"] == {"skill": 1, "easy": True}
    assert view["kind"] == "roll" and view["actor_id"] == table.alice.id
    assert view["payload"]["label"] == "Crochetage" and not view["redacted"]
    for who in (table.gm, table.bob):
        assert table.get(who, f"/events/{view['seq']}").json()["event"] == view


def test_any_visible_roll_replays_from_its_record(table: Table) -> None:
    view = table.roll(table.bob)
    opened = table.get(table.alice, f"/events/{view['seq']}").json()
    assert opened["matches"] is True
    assert opened["replay"] == _record(view)
    not_a_roll = table.get(table.alice, "/events/1").json()
    assert not_a_roll["replay"] is None and not_a_roll["matches"] is None
    assert table.get(table.alice, "/events/999").status_code == 404


def test_a_gm_roll_reaches_the_gm_and_the_roller_only(table: Table) -> None:
    view = table.roll(table.alice, "gm")
    seed = _record(view)["seed"]  # the roller sees their own roll
    assert str(seed) in _everything(table, table.gm)
    assert str(seed) not in _everything(table, table.bob)
    stub = table.get(table.bob, f"/events/{view['seq']}").json()["event"]
    # who rolled and when, never what (issue 13: "le MJ a lancé un jet secret")
    assert stub["kind"] == "hidden" and stub["payload"] == {"secret": "roll"}
    assert stub["actor_id"] == table.alice.id and stub["at"] == view["at"]
    assert stub["seq"] == view["seq"]  # its place in the log is kept: no gap


def test_a_blind_roll_is_hidden_from_its_roller(table: Table) -> None:
    view = table.roll(table.alice, "blind")
    assert view["redacted"] is True
    assert "record" not in view["payload"]
    assert view["payload"]["asked"]["check"] == "test"
    gm_view = table.get(table.gm, f"/events/{view['seq']}").json()
    seed = _record(gm_view["event"])["seed"]
    assert str(seed) not in _everything(table, table.alice)
    assert str(seed) not in _everything(table, table.bob)
    assert gm_view["matches"] is True


def test_a_self_roll_is_the_rollers_alone(table: Table) -> None:
    seed = _record(table.roll(table.bob, "self"))["seed"]
    assert str(seed) in _everything(table, table.bob)
    assert str(seed) not in _everything(table, table.gm)
    assert str(seed) not in _everything(table, table.alice)


def test_events_after_and_pages_before_cover_the_log_once(table: Table) -> None:
    for _ in range(7):
        table.roll(table.alice)
    last = table.last_seq()
    after = table.get(table.bob, "/events", params={"after": 4, "limit": 3}).json()
    assert [e["seq"] for e in after] == [5, 6, 7]
    seen: list[int] = []
    before = None
    while True:
        params = {"limit": 4} if before is None else {"limit": 4, "before": before}
        page = table.get(table.bob, "/log", params=params).json()
        seen = [e["seq"] for e in page["events"]] + seen
        before = page["before"]
        if before is None:
            break
    assert seen == list(range(1, last + 1))
    assert table.get(table.bob, "/events", params={"after": last}).json() == []


def test_bad_roll_input_is_a_one_line_422_and_stores_nothing(table: Table) -> None:
    before = table.last_seq()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"check": "nosuch"}, "nosuch"),
        ({"check": "test", "params": {"skill": 9}}, "Skill"),  # its label (English here)
        ({"check": "test", "params": {"luck": 1}}, "luck"),
        ({"check": "test", "visibility": "secret"}, "Visibility"),  # its label
        ({"check": "test", "seed": -1}, "Seed"),  # its label
        ({"check": "test", "seed": 2**64}, "Seed"),
        ({"check": "test", "label": "x" * 201}, "200"),
        ({"check": "test", "character_id": "nobody"}, "nobody"),
        ({"params": {}}, "Check"),  # its label
    ]
    for body, named in cases:
        refused = table.post(table.alice, "/rolls?lang=en", body)
        assert refused.status_code in (404, 422), body
        detail = refused.json()["detail"]
        assert named in detail and "\n" not in detail, (body, detail)
    assert table.last_seq() == before
    assert table.roll(table.alice)["kind"] == "roll"  # still serving
