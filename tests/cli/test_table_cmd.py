"""`ecran table export TABLE_ID` / `ecran table import FILE`: a table moved between two databases
from the command line, the same state and log; `ecran verify` reads the export; bad input is one
line and exit 2, nothing stored."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sqlalchemy import text

from ecran.play import chat as play_chat
from ecran.play import rolls as play_rolls
from ecran.store import Store, open_store
from toy import roll


def _source(tmp_path: Path) -> tuple[str, str, str]:
    """A demo table with a player, rolls, a reveal and a whisper; its database URL and id."""
    url = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    store = open_store(url)
    created = store.create_table("Jeudi soir", "demo", gm_name="Claire")
    gm = store.authenticate(created.gm_token)
    alice, _ = store.join(created.invite_token, "Alice")
    roll(store, alice, "d6", {"target": 4})
    roll(store, alice, "d6", {}, visibility="self")
    store.execute(gm, lambda s, a: play_rolls.reveal_key(s, a))
    store.execute(alice, lambda s, a: play_chat.send(s, a, "/w Claire psst"))
    store.engine.dispose()
    return url, created.table.id, alice.member.id


def _open(url: str) -> Store:
    return open_store(url)


def test_a_table_moves_between_databases(cli: Any, tmp_path: Path) -> None:
    url, table_id, alice_id = _source(tmp_path)
    file = tmp_path / "table.json"
    out = cli("table", "export", table_id, "--database", url, "-o", str(file))
    assert out.code == 0, out.err
    assert re.search(r"\d+ événements exportés dans ", out.err), out.err
    checked = cli("verify", str(file))
    assert checked.code == 0 and "1 vérifié par la clé" in checked.out, checked.out

    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    moved = cli("table", "import", str(file), "--database", fresh, "--url", "https://ecran.test")
    assert moved.code == 0, moved.err
    assert "vous en êtes le MJ" in moved.out
    gm_link = moved.out.splitlines()[1].strip()
    assert gm_link.startswith(f"https://ecran.test/tables/{table_id}?token=")
    before, after = _open(url), _open(fresh)
    try:
        gm = after.authenticate(gm_link.split("token=")[1])
        assert gm.member.is_gm and gm.table_id == table_id
        assert after.state(table_id).model_dump() == before.state(table_id).model_dump()
        assert [e.model_dump() for e in after.events_after(gm, 0)] == [
            e.model_dump() for e in before.export(table_id).events
        ]
        alice_line = [line for line in moved.out.splitlines() if "Alice" in line]
        token = alice_line[0].split("token=")[1]
        assert after.authenticate(token).member.id == alice_id
    finally:
        before.engine.dispose()
        after.engine.dispose()


def test_import_json_output_and_stdout_export(cli: Any, tmp_path: Path) -> None:
    url, table_id, _ = _source(tmp_path)
    out = cli("table", "export", table_id, "--database", url)
    assert out.code == 0 and json.loads(out.out)["table"]["id"] == table_id
    file = tmp_path / "table.json"
    file.write_text(out.out)
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    moved = cli("--lang", "en", "table", "import", str(file), "--database", fresh, "--json")
    assert moved.code == 0, moved.err
    body = json.loads(moved.out)
    assert body["table"]["id"] == table_id and set(body["members"]) == {"Alice"}
    assert body["gm_link"].startswith("http://127.0.0.1:8000/tables/")


def test_bad_input_is_one_line_exit_2_and_nothing_stored(cli: Any, tmp_path: Path) -> None:
    url, table_id, alice_id = _source(tmp_path)
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    file = tmp_path / "table.json"
    assert cli("table", "export", table_id, "--database", url, "-o", str(file)).code == 0
    data = json.loads(file.read_text())
    broken = tmp_path / "broken.json"
    cases: dict[str, Any] = {
        "not json": "{",
        "not an export": {"format": "ecran-table"},
        "a gap": {**data, "events": data["events"][:2] + data["events"][3:]},
        "a player's": {**data, "exported_by": alice_id},
    }
    for why, content in cases.items():
        broken.write_text(content if isinstance(content, str) else json.dumps(content))
        result = cli("table", "import", str(broken), "--database", fresh)
        assert result.code == 2, why
        assert result.err.startswith("ecran: ") and result.err.count("\n") == 1, why
    store = _open(fresh)
    try:
        with store.transaction() as s:
            assert s.execute(text("SELECT count(*) FROM game_tables")).scalar() == 0
    finally:
        store.engine.dispose()
    assert cli("table", "import", str(file), "--database", fresh).code == 0
    again = cli("table", "import", str(file), "--database", fresh)
    assert again.code == 2 and "existe déjà" in again.err
    missing = cli("table", "export", "nope", "--database", url)
    assert missing.code == 2 and "introuvable" in missing.err


def test_a_table_is_named_by_its_id_as_pasted_or_by_its_link(cli: Any, tmp_path: Path) -> None:
    """A GM copies the id from their link: with a space around it, in capitals, or the whole
    link. Each was « table introuvable »."""
    url, table_id, _alice = _source(tmp_path)
    link = f"http://127.0.0.1:8000/tables/{table_id}?token=abc"
    for typed in (f" {table_id} ", table_id.upper(), link):
        out = cli("table", "export", typed, "--database", url, "-o", str(tmp_path / "t.json"))
        assert out.code == 0, (typed, out.err)
    assert cli("table", "export", "nope", "--database", url).code == 2
