"""The repository the web calls: tables and links, characters with versions, the log per member,
reconnection, paging, atomicity, rebuilding from the log."""

from __future__ import annotations

import pytest
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from ecran.engine import get_system
from ecran.play import Conflict, Forbidden, NotFound, SheetRefused, view_state
from ecran.play import encounter as enc
from ecran.rules import EcranError
from ecran.store import Access, Store
from toy import roll, save_character

SEED = 7_777_123_456_789  # its digits must not appear in what may not show it


def _table(store: Store) -> tuple[Access, Access, Access]:
    created = store.create_table("Jeudi", "toy", {"easy": True}, gm_name="Claire")
    gm = store.authenticate(created.gm_token)
    alice, _ = store.join(created.invite_token, "Alice")
    bob, _ = store.join(created.invite_token, "Bob")
    return gm, alice, bob


def _seqs(store: Store, access: Access) -> list[int]:
    return [e.seq for e in store.events_after(access, 0)]


def test_links_identify_members(store: Store) -> None:
    created = store.create_table("Jeudi", "toy")
    gm = store.authenticate(created.gm_token)
    assert gm.member.is_gm and gm.table_id == created.table.id
    assert store.table_for_invite(created.invite_token).name == "Jeudi"
    alice, token = store.join(created.invite_token, "Alice")
    assert store.authenticate(token) == alice and not alice.member.is_gm
    assert [m.display_name for m in store.members(gm.table_id)] == ["MJ", "Alice"]
    with pytest.raises(NotFound) as bad:
        store.authenticate("not-a-token")
    assert "lien" in bad.value.text.fr and "link" in bad.value.text.en
    with pytest.raises(NotFound):
        store.join(created.gm_token, "Eve")  # the GM's token is not an invite
    assert store.invite_token(gm) == created.invite_token
    with pytest.raises(Forbidden):
        store.invite_token(alice)


def test_a_refused_join_stores_nothing(store: Store) -> None:
    gm, _, _ = _table(store)
    created_seq = _seqs(store, gm)
    with pytest.raises(EcranError):
        store.join(store.invite_token(gm), "alice")  # name taken
    assert _seqs(store, gm) == created_seq
    assert len(store.members(gm.table_id)) == 3


def test_characters_save_and_load_with_the_version_check(store: Store) -> None:
    gm, alice, bob = _table(store)
    made = save_character(store, alice, {"name": "Hector", "might": 3})
    assert store.character(gm, made.id) == made
    v2 = save_character(
        store, gm, {**made.sheet, "notes": "du MJ"}, character_id=made.id, expected_version=1
    )
    with pytest.raises(Conflict) as conflict:
        save_character(
            store, alice, {**made.sheet, "agility": 3}, character_id=made.id, expected_version=1
        )
    assert conflict.value.current["notes"] == "du MJ" and conflict.value.attempted["agility"] == 3
    assert store.character(alice, made.id) == v2  # the first save is intact
    with pytest.raises(Forbidden):
        save_character(store, bob, made.sheet, character_id=made.id, expected_version=2)
    assert store.state(gm.table_id) == store.rebuild(gm.table_id)


def test_an_invalid_sheet_stores_nothing(store: Store) -> None:
    gm, alice, _ = _table(store)
    before = _seqs(store, gm)
    with pytest.raises(SheetRefused):
        save_character(store, alice, {"name": "Trop fort", "might": 5, "agility": 5})
    with pytest.raises(EcranError):
        save_character(store, alice, {"name": "", "might": 1})
    assert _seqs(store, gm) == before
    assert store.state(gm.table_id).characters == {}


def test_a_failure_after_the_event_is_written_rolls_everything_back(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    gm, alice, _ = _table(store)
    before = store.state(gm.table_id)

    def broken(session: Session, *args: object) -> None:
        session.flush()  # the event row has reached the database when the failure comes
        raise RuntimeError("disk full")

    monkeypatch.setattr(store, "_project", broken)
    with pytest.raises(RuntimeError):
        save_character(store, alice, {"name": "Hector"})
    monkeypatch.undo()
    assert store.state(gm.table_id) == before
    assert _seqs(store, gm)[-1] == before.last_seq


def test_secret_characters_are_not_served_to_players(store: Store) -> None:
    gm, alice, _ = _table(store)
    secret = save_character(store, gm, {"name": "Traître"}, secret=True)
    assert store.character(gm, secret.id).secret
    with pytest.raises(NotFound):
        store.character(alice, secret.id)
    assert store.events_after(alice, 0)[-1].kind == "hidden"


@pytest.mark.parametrize(
    ("visibility", "gm_sees", "roller_sees", "other_sees"),
    [
        ("public", True, True, True),
        ("gm", True, True, False),
        ("blind", True, False, False),
        ("self", False, True, False),
    ],
)
def test_hidden_rolls_never_reach_who_may_not_see_them(
    store: Store, visibility: str, gm_sees: bool, roller_sees: bool, other_sees: bool
) -> None:
    gm, alice, bob = _table(store)
    rolled = roll(store, alice, "test", {"skill": 1}, visibility=visibility)
    seed = rolled.payload["record"]["seed"]  # the table's: a player may not choose one
    for access, expected in ((gm, gm_sees), (alice, roller_sees), (bob, other_sees)):
        shown = [
            *store.events_after(access, 0),
            *store.page(access).events,
            store.event(access, rolled.seq),
        ]
        for view in shown:
            assert (str(seed) in view.model_dump_json()) is (expected and view.seq == rolled.seq)
        assert _seqs(store, access) == list(range(1, rolled.seq + 1))  # a stub keeps the place


def test_a_roll_carries_the_table_options_and_replays(store: Store) -> None:
    from ecran.engine.records import RollRecord
    from ecran.play.rolls import replay

    gm, _, _ = _table(store)
    rolled = roll(store, gm, "test", {"skill": 1}, seed=SEED)
    record = RollRecord.model_validate(store.event(gm, rolled.seq).payload["record"])
    assert record.params["easy"] is True
    assert replay(record) == record


def test_reconnecting_gets_exactly_the_missed_events_once(store: Store) -> None:
    gm, alice, _ = _table(store)
    seen = [e.seq for e in store.events_after(alice, 0)]
    for i in range(5):
        roll(store, gm, "test", {"skill": i % 3}, visibility="gm" if i % 2 else "public")
    missed = store.events_after(alice, seen[-1])
    assert [e.seq for e in missed] == list(range(seen[-1] + 1, seen[-1] + 6))
    assert store.events_after(alice, missed[-1].seq) == []
    in_pieces: list[int] = []
    last = 0
    while batch := store.events_after(alice, last, limit=2):
        in_pieces += [e.seq for e in batch]
        last = batch[-1].seq
    assert in_pieces == list(range(1, missed[-1].seq + 1))


def test_paging_back_covers_the_log_once(store: Store) -> None:
    gm, _, _ = _table(store)
    for _ in range(7):
        roll(store, gm, "test", {})
    pages: list[list[int]] = []
    before = None
    while True:
        page = store.page(gm, before, limit=4)
        pages.append([e.seq for e in page.events])
        if page.before is None:
            break
        before = page.before
    assert pages == [[7, 8, 9, 10], [3, 4, 5, 6], [1, 2]]


def test_a_scene_rebuilt_from_the_log_equals_the_stored_state(store: Store) -> None:
    gm, alice, _ = _table(store)
    toy = get_system("toy")
    hector = save_character(store, alice, {"name": "Hector", "agility": 2})
    eid = store.execute(gm, lambda s, m: enc.create(s, m, "Pont")).payload["encounter_id"]
    steps = [
        lambda s, m: enc.add_participant(s, toy, m, eid, character_id=hector.id),
        lambda s, m: enc.add_participant(s, toy, m, eid, sheet={"name": "Troll", "might": 4}),
        lambda s, m: enc.roll_initiative(s, toy, m, eid, seed=3),
        lambda s, m: enc.start(s, m, eid),
        lambda s, m: enc.add_condition(s, m, eid, "p2", "à terre", 1),
        lambda s, m: enc.apply_operation(s, toy, m, eid, "p1", "hit", {"extra": 1}, seed=4),
        lambda s, m: enc.apply_operation(s, toy, m, eid, "p2", "hit", {}, seed=5),
        lambda s, m: enc.next_turn(s, m, eid),
        lambda s, m: enc.undo(s, m, eid),
    ]
    for step in steps:
        store.execute(gm, step)
    roll(store, alice, "test", {}, character_id=hector.id, visibility="self")
    state = store.state(gm.table_id)
    assert state == store.rebuild(gm.table_id)
    assert state.characters[hector.id].version == 2
    assert "Troll" in view_state(state, alice.member).model_dump_json()
    with pytest.raises(Forbidden):  # conditions are the GM's, even on the player's own turn
        store.execute(alice, lambda s, m: enc.add_condition(s, m, eid, "p2", "à terre", 1))
    assert store.state(gm.table_id) == state


def test_deleting_a_table_removes_every_row_of_it_and_nothing_else(store: Store) -> None:
    from ecran.store.models import Base

    kept = store.create_table("Vendredi", "toy")
    before = store.state(kept.table.id)
    created = store.create_table("Jeudi", "toy")
    gm = store.authenticate(created.gm_token)
    alice, _ = store.join(created.invite_token, "Alice")
    save_character(store, alice, {"name": "Hector"})
    store.execute(gm, lambda s, m: enc.create(s, m, "Pont"))
    roll(store, alice, "test", {"skill": 1})
    store.delete_table(gm, "  jeudi ")
    with store.engine.connect() as conn:
        for table in Base.metadata.sorted_tables:
            key = table.c.id if table.name == "game_tables" else table.c.table_id
            left = {row[0] for row in conn.execute(select(key).distinct())}
            assert created.table.id not in left, table.name
    assert store.state(kept.table.id) == before == store.rebuild(kept.table.id)


def test_a_member_row_the_log_disagrees_with_is_refused_not_asserted(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`renew_link`/`remove_member` once asserted the member's row matched the log; `python -O`
    strips asserts, and an AssertionError answers 500. A row moved under the state this process
    keeps (the seat left for another table) is refused as an unknown member, and nothing else
    is touched."""
    monkeypatch.setattr(Store, "check_folded", False)  # the kept state is stale on purpose
    created = store.create_table("Jeudi", "demo")
    elsewhere = store.create_table("Vendredi", "demo")
    gm = store.authenticate(created.gm_token)
    alice, alice_token = store.join(created.invite_token, "Alice")
    with store.engine.begin() as conn:
        conn.execute(
            text("UPDATE members SET table_id = :other WHERE id = :alice"),
            {"other": elsewhere.table.id, "alice": alice.member.id},
        )
    for attempt in (
        lambda: store.renew_link(gm, alice.member.id, revoke=False),
        lambda: store.renew_link(gm, alice.member.id, revoke=True),
        lambda: store.remove_member(gm, alice.member.id),
    ):
        with pytest.raises(NotFound):
            attempt()
    assert store.authenticate(alice_token).member == alice.member  # her link untouched


def test_a_nul_anywhere_in_an_event_is_refused_on_every_database(store: Store) -> None:
    """PostgreSQL cannot store a NUL (SQLite can): a label that slipped one past the commands is
    refused the same way on both, in words, and nothing is stored."""
    gm, alice, _ = _table(store)
    before = _seqs(store, gm)
    with pytest.raises(EcranError) as refused:
        roll(store, alice, "test", {"skill": 3}, label="Attaque\x00")
    assert "U+0000" in refused.value.text.fr and "contrôle" in refused.value.text.fr
    assert _seqs(store, gm) == before
    assert roll(store, alice, "test", {"skill": 3}, label="Attaque").seq == before[-1] + 1
