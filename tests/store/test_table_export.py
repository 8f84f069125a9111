"""A whole table exported by its GM and imported into a fresh database (SQLite and PostgreSQL):
the same folded state, the same log, new links; bad exports refused in one line, nothing stored."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url

from ecran.engine import get_system
from ecran.play import NotFound
from ecran.play import characters as play_characters
from ecran.play import chat as play_chat
from ecran.play import encounter as enc
from ecran.play import rolls as play_rolls
from ecran.play import table as play_table
from ecran.play.audit import audit
from ecran.play.export import TableExport, read_export
from ecran.rules import EcranError
from ecran.store import Access, Store, open_store
from ecran.store.models import EventRow, TableRow
from toy import roll, save_character


@pytest.fixture
def source(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    yield opened
    opened.engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A database of its own, empty: a new SQLite file, or a new database on the PostgreSQL
    server (`CREATE DATABASE`)."""
    if request.param == "sqlite":
        opened = open_store(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
        yield opened
        opened.engine.dispose()
        return
    server: str = request.getfixturevalue("postgres_url")
    name = f"ecran_import_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    opened = open_store(make_url(server).set(database=name).render_as_string(hide_password=False))
    yield opened
    opened.engine.dispose()
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE "{name}"'))
    admin.dispose()


def _scene(store: Store) -> tuple[Access, Access, Access]:
    """A table with everything a log holds: joins, a rename, a removed member, options, public,
    secret, blind and private rolls, a revealed key, chat and a whisper, characters (one secret,
    one deleted), an encounter with steps and an undo, and an archive and reopening."""
    created = store.create_table("Jeudi", "toy", {"easy": True}, gm_name="Claire")
    gm = store.authenticate(created.gm_token)
    alice, _ = store.join(created.invite_token, "Alice")
    bob, _ = store.join(created.invite_token, "Bob")
    carl, _ = store.join(created.invite_token, "Carl")
    toy = get_system("toy")
    store.execute(bob, lambda s, a: play_table.rename(s, a, bob.member.id, "Bobby"))
    hector = save_character(store, alice, {"name": "Hector", "agility": 2})
    save_character(store, carl, {"name": "Ugo", "might": 1})
    store.remove_member(gm, carl.member.id)
    save_character(store, gm, {"name": "Ombre", "might": 5}, secret=True)
    gone = save_character(store, bob, {"name": "Éphémère"})
    store.execute(bob, lambda s, a: play_characters.delete_character(s, a, gone.id, gone.version))
    store.execute(gm, lambda s, a: play_table.change_options(s, a, {"easy": False}))
    roll(store, alice, "test", {"skill": 2}, character_id=hector.id)
    roll(store, gm, "test", {"skill": 1}, visibility="gm")
    roll(store, alice, "test", {"skill": 1}, visibility="blind")
    roll(store, alice, "test", {"skill": 3}, visibility="self")
    store.execute(gm, lambda s, a: play_rolls.reveal_key(s, a))
    roll(store, bob, "test", {"skill": 2}, label="après la révélation")
    store.execute(alice, lambda s, a: play_chat.send(s, a, "Bonjour à tous"))
    store.execute(alice, lambda s, a: play_chat.send(s, a, "/w Claire un secret"))
    eid = store.execute(gm, lambda s, m: enc.create(s, m, "Pont")).payload["encounter_id"]
    for step in (
        lambda s, m: enc.add_participant(s, toy, m, eid, character_id=hector.id),
        lambda s, m: enc.add_participant(s, toy, m, eid, sheet={"name": "Troll", "might": 4}),
        lambda s, m: enc.roll_initiative(s, toy, m, eid, seed=3),
        lambda s, m: enc.start(s, m, eid),
        lambda s, m: enc.add_condition(s, m, eid, "p2", "à terre", 1),
        lambda s, m: enc.apply_operation(s, toy, m, eid, "p1", "hit", {"extra": 1}, seed=4),
        lambda s, m: enc.next_turn(s, m, eid),
        lambda s, m: enc.undo(s, m, eid),
    ):
        store.execute(gm, step)
    store.execute(gm, lambda s, a: play_table.archive(s, a, True))
    store.execute(gm, lambda s, a: play_table.archive(s, a, False))
    return gm, alice, bob


def _dump(export: TableExport) -> dict[str, Any]:
    return export.model_dump(mode="json", exclude={"exported_at"})


def test_an_imported_table_has_the_same_state_and_log(source: Store, fresh: Store) -> None:
    gm, _, bob = _scene(source)
    tid = gm.table_id
    export = TableExport.model_validate_json(source.export(tid).model_dump_json())
    assert '"token"' not in export.model_dump_json()  # no link's secret travels

    made = fresh.import_table(read_export(export))
    assert made.table.id == tid and made.gm.id == gm.member.id
    gm2 = fresh.authenticate(made.gm_token)
    assert gm2 == Access(tid, gm.member)  # the importer is the copy's GM
    # the same folded state: what the stored rows say and what the log folds to
    assert fresh.state(tid).model_dump() == source.state(tid).model_dump()
    assert fresh.rebuild(tid).model_dump() == source.rebuild(tid).model_dump()
    assert fresh.state(tid).model_dump() == fresh.rebuild(tid).model_dump()
    # the same log, as the GM and as a player who made no private roll see it
    assert fresh.events_after(gm2, 0) == source.events_after(gm, 0)
    bob2 = fresh.authenticate(made.tokens[bob.member.id])
    assert fresh.events_after(bob2, 0) == source.events_after(bob, 0)
    assert fresh.members(tid) == source.members(tid)
    # exporting the copy gives the same export
    assert _dump(fresh.export(tid)) == _dump(source.export(tid))
    # its rolls still verify (the revealed key), from the copy's export too
    checked = audit(fresh.export(tid))
    assert checked.ok and checked.count("ok") == 3 and checked.hidden == 1


def test_links_are_new_and_old_ones_do_not_open_the_copy(source: Store, fresh: Store) -> None:
    created = source.create_table("Jeudi", "toy", gm_name="Claire")
    alice, alice_token = source.join(created.invite_token, "Alice")
    made = fresh.import_table(read_export(source.export(created.table.id)))
    for old in (created.gm_token, alice_token, created.invite_token):
        with pytest.raises(NotFound):
            fresh.authenticate(old)
    assert made.gm_token != created.gm_token and made.invite_token != created.invite_token
    assert fresh.authenticate(made.tokens[alice.member.id]) == alice
    assert fresh.table_for_invite(made.invite_token).id == created.table.id


def test_a_private_roll_stays_private_in_the_copy(source: Store, fresh: Store) -> None:
    gm, alice, _ = _scene(source)
    made = fresh.import_table(read_export(source.export(gm.table_id)))
    alice2 = fresh.authenticate(made.tokens[alice.member.id])
    mine = [e for e in source.events_after(alice, 0) if e.visibility == "self"]
    copied = [e for e in fresh.events_after(alice2, 0) if e.seq == mine[0].seq]
    assert mine[0].kind == "roll" and copied[0].kind == "hidden" and copied[0].payload == {}


def test_the_copy_s_next_key_goes_on_from_the_last_number(source: Store, fresh: Store) -> None:
    gm, _, _ = _scene(source)
    made = fresh.import_table(read_export(source.export(gm.table_id)))
    gm2 = fresh.authenticate(made.gm_token)
    assert fresh.state(gm.table_id).dice_key is None  # the key in force never leaves the server
    index = fresh.next_dice_index(gm.table_id)
    assert index == source.state(gm.table_id).dice_key.index + 1  # type: ignore[union-attr]
    fresh.execute(gm2, lambda s, a: play_rolls.start_key(s, a, index))
    roll(fresh, gm2, "test", {"skill": 1})
    fresh.execute(gm2, lambda s, a: play_rolls.reveal_key(s, a))
    checked = audit(fresh.export(gm.table_id))
    # Bob's roll after the reveal was under the key the export could not carry: pending for good
    assert checked.ok and checked.count("ok") == 4 and checked.count("pending") == 1


def _count(store: Store) -> tuple[int, int]:
    with store.transaction() as s:
        tables = s.scalar(select(func.count()).select_from(TableRow)) or 0
        events = s.scalar(select(func.count()).select_from(EventRow)) or 0
    return tables, events


def _tampered(export: TableExport, **changes: Any) -> TableExport:
    data = export.model_dump(mode="json")
    for path, value in changes.items():
        where: Any = data
        *keys, last = path.split("__")
        for key in keys:
            where = where[int(key)] if isinstance(where, list) else where[key]
        if value is None:
            del where[int(last) if isinstance(where, list) else last]
        else:
            where[int(last) if isinstance(where, list) else last] = value
    return TableExport.model_validate(data)


def _seq(export: TableExport, kind: str) -> int:
    """The index of the export's first event of `kind`."""
    return next(i for i, e in enumerate(export.events) if e.kind == kind)


def test_bad_exports_are_refused_in_one_line_storing_nothing(source: Store, fresh: Store) -> None:
    gm, alice, _ = _scene(source)
    export = source.export(gm.table_id)
    player = source.export(gm.table_id, alice.member.id)
    sheet = {"name": "Hector", "agility": 9, "system": "toy"}
    bad = {
        "player's view": player,
        "version 1": _tampered(export, version=1),
        "a gap in the log": _tampered(export, events__3=None),
        "a sheet changed": _tampered(export, characters__0__sheet=sheet),
        "a member renamed": _tampered(export, members__1__display_name="Mallory"),
        "an unknown system": _tampered(export, table__system_id="nope"),
        "a long id": _tampered(export, table__id="x" * 40),
        "not the GM": _tampered(export, exported_by=alice.member.id),
        "a roll's payload": _tampered(
            export, **{f"events__{_seq(export, 'roll')}__payload": {"x": 1}}
        ),
        "a message's payload": _tampered(
            export, **{f"events__{_seq(export, 'message')}__payload": {"text": 3}}
        ),
    }
    for why, given in bad.items():
        with pytest.raises(EcranError) as refused:
            fresh.import_table(read_export(given))
        line = refused.value.text.fr
        assert "\n" not in line and ("export" in line or "système" in line), why
        assert _count(fresh) == (0, 0), why


def test_a_table_already_here_is_refused_and_nothing_is_stored(source: Store) -> None:
    gm, _, _ = _scene(source)
    before = _count(source)
    with pytest.raises(EcranError) as refused:
        source.import_table(read_export(source.export(gm.table_id)))
    assert "existe déjà" in refused.value.text.fr
    assert _count(source) == before
