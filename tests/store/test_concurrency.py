"""Writers at the same moment: each event gets its own next sequence number, none is lost."""

from __future__ import annotations

import threading

from ecran.play import Conflict
from ecran.store import Access, Store, open_store
from toy import roll, save_character

WRITERS = 4
EACH = 15


def _hammer(stores: list[Store], access: Access) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(stores))

    def write(store: Store, index: int) -> None:
        try:
            barrier.wait()
            for i in range(EACH):
                roll(store, access, "test", {}, label=f"w{index}-{i}")
        except BaseException as exc:  # reported by the test, not lost in the thread
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def _check_log(store: Store, access: Access, first: int) -> None:
    events = store.events_after(access, first)
    assert [e.seq for e in events] == list(range(first + 1, first + 1 + WRITERS * EACH))
    labels = [e.payload["label"] for e in events]
    for index in range(WRITERS):  # each writer's rolls, in its own order, all present
        assert [x for x in labels if x.startswith(f"w{index}-")] == [
            f"w{index}-{i}" for i in range(EACH)
        ]
    assert store.state(access.table_id) == store.rebuild(access.table_id)


def test_threads_sharing_one_store_get_consecutive_distinct_seqs(store: Store) -> None:
    created = store.create_table("Foule", "toy")
    gm = store.authenticate(created.gm_token)
    assert _hammer([store] * WRITERS, gm) == []
    _check_log(store, gm, 1)


def test_two_processes_worth_of_engines_on_one_file(store: Store, db_url: str) -> None:
    """Separate engines stand for separate web workers sharing the SQLite file."""
    created = store.create_table("Foule", "toy")
    gm = store.authenticate(created.gm_token)
    others = [open_store(db_url) for _ in range(WRITERS - 1)]
    try:
        assert _hammer([store, *others], gm) == []
    finally:
        for other in others:
            other.engine.dispose()
    _check_log(store, gm, 1)


def test_concurrent_saves_of_one_character_one_wins_one_conflicts(store: Store) -> None:
    created = store.create_table("Duel", "toy")
    gm = store.authenticate(created.gm_token)
    hector = save_character(store, gm, {"name": "Hector"})
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def save(note: str) -> None:
        barrier.wait()
        try:
            save_character(
                store,
                gm,
                {**hector.sheet, "notes": note},
                character_id=hector.id,
                expected_version=1,
            )
            outcomes.append(f"saved {note}")
        except Conflict as conflict:
            outcomes.append(f"conflict {conflict.attempted['notes']}")

    threads = [threading.Thread(target=save, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stored = store.character(gm, hector.id)
    assert stored.version == 2
    assert sorted(outcomes) == sorted(
        [
            f"saved {stored.sheet['notes']}",
            f"conflict {'b' if stored.sheet['notes'] == 'a' else 'a'}",
        ]
    )
