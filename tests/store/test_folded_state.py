"""The state a store keeps per table (SQLite and PostgreSQL): a write reads it only at the
table's committed last seq, folds what another process wrote meanwhile, and never keeps what
a refused write or a deleted table left. The conftest compares every kept or folded state with
the one read whole (`Store.check_folded`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ecran.play import Forbidden
from ecran.play import table as play_table
from ecran.play.export import read_export
from ecran.play.rolls import start_key
from ecran.store import Store, open_store
from toy import roll, save_character


@pytest.fixture
def other(db_url: str) -> Iterator[Store]:
    """A second store on the same database: another worker."""
    opened = open_store(db_url)
    yield opened
    opened.engine.dispose()


def _spy_loads(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seqs at which `store` read a table's state whole."""
    seen: list[int] = []
    load = store._load

    def spied(s: object, row: object) -> object:
        seen.append(getattr(row, "last_seq", -1))
        return load(s, row)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "_load", spied)
    return seen


def test_rolls_after_the_first_write_never_read_the_state_whole(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = store.create_table("Jeudi", "toy")
    gm = store.authenticate(created.gm_token)
    for n in range(5):
        store.join(created.invite_token, f"Joueur {n}")
    monkeypatch.setattr(Store, "check_folded", False)  # its own whole reads would count
    loads = _spy_loads(store, monkeypatch)
    for _ in range(3):
        roll(store, gm, "test", {"skill": 1})
    assert store.state(gm.table_id).last_seq == 9
    assert loads == []
    assert store.state(gm.table_id) == store.rebuild(gm.table_id)


def test_another_workers_writes_are_folded_in_order(store: Store, other: Store) -> None:
    created = store.create_table("Jeudi", "toy")
    gm = store.authenticate(created.gm_token)
    alice, _ = store.join(created.invite_token, "Alice")
    hector = save_character(store, alice, {"name": "Hector"})
    for n in range(4):  # the writes alternate between the two workers
        writer = (store, other)[n % 2]
        save_character(
            writer,
            alice,
            {**hector.sheet, "notes": f"v{n}"},
            character_id=hector.id,
            expected_version=n + 1,
        )
        roll(writer, gm, "test", {"skill": 1})
    for seen in (store, other):
        state = seen.state(gm.table_id)
        assert state.characters[hector.id].sheet["notes"] == "v3"
        assert state.characters[hector.id].version == 5
        assert state == store.rebuild(gm.table_id)


def test_a_refused_write_keeps_nothing(store: Store) -> None:
    created = store.create_table("Jeudi", "toy")
    gm = store.authenticate(created.gm_token)
    alice, _ = store.join(created.invite_token, "Alice")
    before = store.state(gm.table_id)
    with pytest.raises(Forbidden):
        store.execute(alice, lambda s, a: play_table.archive(s, a))
    assert store.state(gm.table_id) == before
    roll(store, gm, "test", {"skill": 1})
    assert store.state(gm.table_id).last_seq == before.last_seq + 1


def test_a_table_deleted_and_imported_again_elsewhere_is_read_anew(
    store: Store, other: Store
) -> None:
    """The kept state and the imported table are at the same seq: only the new invite tells
    them apart."""
    created = store.create_table("Jeudi", "toy")
    gm = store.authenticate(created.gm_token)
    alice, _ = store.join(created.invite_token, "Alice")
    export = store.export(gm.table_id)
    save_character(store, alice, {"name": "Hector"})  # kept here at seq 3
    other.delete_table(other.authenticate(created.gm_token), "Jeudi")
    made = other.import_table(read_export(export))  # seq 2, no Hector
    # the copy's first roll starts its dice key first (`web.commands.execute`): seq 3
    index = other.next_dice_index(made.table.id)
    other.execute(other.authenticate(made.gm_token), lambda s, a: start_key(s, a, index))
    state = store.state(made.table.id)
    assert made.table.id == gm.table_id and state.last_seq == 3
    assert state.characters == {}
    assert state == store.rebuild(made.table.id)
