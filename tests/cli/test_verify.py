"""`ecran verify TABLE.json`: exit 0 on an honest export, 1 naming each roll that does not follow
from the revealed keys, 2 on bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ecran.engine import get_system
from ecran.play import view_for
from ecran.play.characters import draw_npc
from ecran.play.chat import send
from ecran.play.export import export_table
from ecran.play.rolls import reveal_key, roll
from toy import LiveTable


def _export(tmp_path: Path, reveal: bool = True) -> tuple[Path, dict[str, Any]]:
    """A demo table: a player's rolls, a GM's chosen seed, a reveal, a roll under the new key."""
    live = LiveTable("demo")
    alice = live.join("Alice")
    for target in (2, 4, 6):
        live.do(roll(live.now, alice, "d6", {"target": target}, label=f"cible {target}"))
    live.do(roll(live.now, live.gm, "d6", {}, seed=12345))
    if reveal:
        live.do(reveal_key(live.now, live.gm))
    live.do(roll(live.now, alice, "d6", {}))
    made = export_table(live.now.table, live.gm.id, [view_for(e, live.gm) for e in live.events])
    data = made.model_dump(mode="json")
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    return path, data


def _rolls(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in data["events"] if e["kind"] == "roll"]


def test_an_honest_export_verifies(cli: Any, tmp_path: Path) -> None:
    path, _ = _export(tmp_path)
    result = cli("verify", str(path))
    assert result.code == 0, result.out + result.err
    assert "5 jets : 3 vérifiés par la clé révélée" in result.out
    assert result.out.rstrip().endswith("0 en défaut ; 0 événement caché à l'exportateur")
    assert "1 à graine choisie par le MJ" in result.out
    assert "1 sous la clé en vigueur" in result.out


def test_one_die_changed_fails_and_names_the_roll(cli: Any, tmp_path: Path) -> None:
    path, data = _export(tmp_path)
    changed = _rolls(data)[1]
    record = changed["payload"]["record"]
    record["dice"] = [record["dice"][0] % 6 + 1]
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 1
    assert f"roll #{changed['seq']} (cible 4): the dice are not the seed's" in result.out
    assert result.out.count("roll #") == 1  # only that one


def test_a_seed_not_from_the_key_fails(cli: Any, tmp_path: Path) -> None:
    path, data = _export(tmp_path)
    changed = _rolls(data)[0]
    changed["payload"]["record"]["seed"] += 1
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 1
    assert f"roll #{changed['seq']} (cible 2): the seed does not follow from the key" in result.out


def test_a_revealed_key_that_does_not_match_its_commitment_fails(cli: Any, tmp_path: Path) -> None:
    path, data = _export(tmp_path)
    [reveal] = [e for e in data["events"] if e["kind"] == "dice_key"]
    reveal["payload"]["revealed"]["key"] = "11" * 32
    path.write_text(json.dumps(data))
    result = cli("--lang", "en", "verify", str(path))
    assert result.code == 1
    assert "key #1: the revealed key does not hash to the published commitment" in result.out


def test_before_the_reveal_rolls_are_pending_not_failing(cli: Any, tmp_path: Path) -> None:
    path, _ = _export(tmp_path, reveal=False)
    result = cli("verify", str(path))
    assert result.code == 0
    assert "0 vérifié par la clé" in result.out and "4 sous la clé en vigueur" in result.out


def test_bad_input_is_one_line_and_exit_2(cli: Any, tmp_path: Path) -> None:
    not_json = tmp_path / "x.json"
    not_json.write_text("{")
    wrong = tmp_path / "y.json"
    wrong.write_text(json.dumps({"format": "other"}))
    for path in (not_json, wrong, tmp_path / "missing.json"):
        result = cli("verify", str(path))
        assert result.code == 2, path
        assert result.err.startswith("ecran: ") and result.err.count("\n") == 1


def test_a_malformed_operation_npc_or_chat_roll_is_bad_input_exit_2(
    cli: Any, tmp_path: Path
) -> None:
    """The events verify now reads beyond rolls (a character's operation, a drawn NPC, a chat
    message's rolls): a payload of the wrong shape is one line and exit 2, never a traceback."""
    live = LiveTable("artemis")
    live.do(draw_npc(live.now, get_system("artemis"), live.gm))
    live.do(send(live.now, live.gm, "[[2d6]]"))
    events = [view_for(e, live.gm) for e in live.events]
    honest = export_table(live.now.table, live.gm.id, events).model_dump(mode="json")
    path = tmp_path / "table.json"
    for kind, field, value in (
        ("character_saved", "npc", {"seed": "douze"}),
        ("character_saved", "commitment", 7),
        ("message", "rolls", [{"expression": "2d6"}]),
    ):
        data = json.loads(json.dumps(honest))
        next(e for e in data["events"] if e["kind"] == kind)["payload"][field] = value
        path.write_text(json.dumps(data))
        result = cli("verify", str(path))
        assert result.code == 2, (kind, field, result.out)
        assert result.err.startswith("ecran: export invalide") and result.err.count("\n") == 1


def test_a_long_audit_tells_how_far_it_is(tmp_path: Path, monkeypatch: Any) -> None:
    """`audit(export, progress)` says now and then how many events it checked (the terminal's
    bar for a table of many rolls), in order, from the first."""
    from ecran.play import audit as audit_module
    from ecran.play.export import TableExport

    _, data = _export(tmp_path)
    monkeypatch.setattr(audit_module, "PROGRESS_EVERY", 2)
    told: list[int] = []
    found = audit_module.audit(TableExport.model_validate(data), told.append)
    assert found.ok
    assert told == list(range(0, len(data["events"]), 2)) and len(told) >= 3


def test_a_file_that_is_no_object_is_refused_in_words(cli: Any, tmp_path: Path) -> None:
    listed = tmp_path / "list.json"
    listed.write_text("[]", encoding="utf-8")
    result = cli("verify", str(listed))
    assert result.code == 2
    assert "n'est pas un export de table ecran : un objet JSON est attendu" in result.err
    assert "params" not in result.err
