"""Stored characters: validation through the system, rights, optimistic concurrency."""

from __future__ import annotations

import pytest

from ecran.engine import get_system
from ecran.play import Conflict, Forbidden, SheetRefused
from ecran.play.characters import delete_character, operate_character, save_character
from ecran.rules import EcranError
from toy import LiveTable, bare


def _create(live: LiveTable, who, **sheet) -> str:  # type: ignore[no-untyped-def]
    data = {"name": "Hector", "might": 3, "agility": 2, **sheet}
    event = live.do(save_character(live.now, get_system("toy"), who, data))
    return str(event.payload["character"]["id"])


def test_a_player_creates_and_owns_a_character() -> None:
    live = LiveTable()
    alice = live.join("Alice")
    cid = _create(live, alice)
    stored = live.now.characters[cid]
    assert stored.owner_id == alice.id and stored.version == 1
    assert stored.sheet == {
        "system": "toy", "name": "Hector", "kind": "pc", "player": "", "notes": "",
        "might": 3, "agility": 2, "wounds": 0,
    }  # fmt: skip


def test_a_sheet_breaking_a_rule_is_refused_with_its_violations() -> None:
    live = LiveTable()
    with pytest.raises(SheetRefused) as refused:
        _create(live, live.gm, might=5, agility=5)
    assert [v.rule for v in refused.value.violations] == ["budget"]
    assert "puissance" in refused.value.text.fr and "might" in refused.value.text.en
    assert live.now.characters == {}


def test_a_draft_may_break_rules_when_asked() -> None:
    live = LiveTable()
    data = {"name": "Brouillon", "might": 5, "agility": 5}
    event = live.do(
        save_character(live.now, get_system("toy"), live.gm, data, allow_violations=True)
    )
    assert [v["rule"] for v in event.payload["violations"]] == ["budget"]


def test_schema_errors_are_one_bilingual_line() -> None:
    live = LiveTable()
    with pytest.raises(EcranError) as bad:
        _create(live, live.gm, might=9)
    assert "might : doit être ≤ 5" in bad.value.text.fr
    assert "might" in bad.value.text.en and "\n" not in bad.value.text.en
    with pytest.raises(EcranError):
        _create(live, live.gm, system="demo")


def test_a_system_without_sheet_refuses_characters() -> None:
    with bare() as system:
        live = LiveTable("bare")
        with pytest.raises(EcranError) as bad:
            save_character(live.now, system, live.gm, {"name": "X"})
    assert "feuille" in bad.value.text.fr


def test_players_edit_only_their_own_characters_the_gm_edits_all() -> None:
    live = LiveTable()
    alice, bob = live.join("Alice"), live.join("Bob")
    cid = _create(live, alice)
    toy = get_system("toy")
    with pytest.raises(Forbidden):
        save_character(live.now, toy, bob, {"name": "Volé"}, character_id=cid, expected_version=1)
    with pytest.raises(Forbidden):
        save_character(live.now, toy, bob, {"name": "Pour Alice"}, owner_id=alice.id)
    live.do(
        save_character(live.now, toy, live.gm, {"name": "MJ"}, character_id=cid, expected_version=1)
    )
    assert live.now.characters[cid].sheet["name"] == "MJ"
    assert live.now.characters[cid].owner_id == alice.id


def test_a_stale_save_conflicts_keeping_both_versions() -> None:
    """Two people load version 1; the first save wins (version 2), the second is refused with
    the stored sheet and its own, so nothing is lost."""
    live = LiveTable()
    alice = live.join("Alice")
    cid = _create(live, alice)
    toy = get_system("toy")
    first = {"name": "Hector", "might": 3, "agility": 2, "notes": "GM's note"}
    second = {"name": "Hector", "might": 3, "agility": 3}
    live.do(save_character(live.now, toy, live.gm, first, character_id=cid, expected_version=1))
    with pytest.raises(Conflict) as conflict:
        save_character(live.now, toy, alice, second, character_id=cid, expected_version=1)
    c = conflict.value
    assert (c.current_version, c.attempted_version) == (2, 1)
    assert c.current["notes"] == "GM's note" and c.attempted["agility"] == 3
    assert "version 2" in c.text.fr and "version 2" in c.text.en
    assert live.now.characters[cid].sheet["notes"] == "GM's note"
    live.do(save_character(live.now, toy, alice, second, character_id=cid, expected_version=2))
    assert live.now.characters[cid].version == 3


def test_only_a_gm_character_can_be_secret() -> None:
    live = LiveTable()
    alice = live.join("Alice")
    with pytest.raises(Forbidden):
        save_character(live.now, get_system("toy"), alice, {"name": "S"}, secret=True)
    event = live.do(
        save_character(live.now, get_system("toy"), live.gm, {"name": "S"}, secret=True)
    )
    assert event.visibility == "gm"


def test_operation_outside_encounter_records_its_dice_and_replays() -> None:
    live = LiveTable()
    cid = _create(live, live.gm)
    toy = get_system("toy")
    event = live.do(operate_character(live.now, toy, live.gm, cid, "hit", {"extra": 1}, seed=7))
    op = event.payload["operation"]
    assert op["seed"] == 7 and len(op["dice"]) == 1
    assert live.now.characters[cid].sheet["wounds"] == op["dice"][0] + 1
    assert live.now.characters[cid].version == 2
    with pytest.raises(EcranError):
        operate_character(live.now, toy, live.gm, cid, "hit", {"extra": -1})
    with pytest.raises(EcranError):
        operate_character(live.now, toy, live.gm, cid, "fly", {})


def test_deleted_character_is_gone_and_versioned() -> None:
    live = LiveTable()
    cid = _create(live, live.gm)
    with pytest.raises(Conflict):
        delete_character(live.now, live.gm, cid, expected_version=5)
    live.do(delete_character(live.now, live.gm, cid, expected_version=1))
    assert live.now.characters[cid].deleted and live.now.characters[cid].version == 2
    with pytest.raises(EcranError):
        live.now.character(cid)
