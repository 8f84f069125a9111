"""A table's images in the database (SQLite and PostgreSQL): stored with the board event that
uses them or not at all, read back byte for byte, held to the table's quota, gone with the
table; and the board folded from the log the same live and replayed."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from ecran.play import Member, TableState
from ecran.play.board import commands as board
from ecran.play.board import image as pictures
from ecran.play.board import log as board_log
from ecran.play.board.model import Grid, Token
from ecran.play.errors import Forbidden, NotFound, TooLarge
from ecran.play.events import EventDraft
from ecran.store import Access, Store


def _png(size: tuple[int, int] = (120, 80), noise: bool = False) -> pictures.Stored:
    image = Image.effect_noise(size, 90).convert("RGB") if noise else Image.new("RGB", size, "red")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return pictures.accept(out.getvalue())


def _scene(scene_id: str) -> Any:
    def command(state: TableState, actor: Member, image_id: str) -> EventDraft:
        viewer = board_log.viewer(state, actor)
        made = board.create_scene(
            state.board, viewer, scene_id, "Crypte", 120, 80, Grid(), image_id
        )
        return board_log.draft(actor, made)

    return command


def _table(store: Store) -> tuple[Access, Access]:
    created = store.create_table("Jeudi", "toy", {"easy": True}, gm_name="Claire")
    gm = store.authenticate(created.gm_token)
    alice, _ = store.join(created.invite_token, "Alice")
    return gm, alice


def test_an_image_is_stored_with_its_scene_and_read_back_whole(store: Store) -> None:
    gm, _ = _table(store)
    stored = _png()
    event = store.execute_with_image(gm, stored, _scene("s1"))
    image_id = event.payload["scene"]["image_id"]
    back = store.image(gm.table_id, image_id)
    assert (back.data, back.media_type, back.width, back.height) == (
        stored.data, stored.media_type, 120, 80,
    )  # fmt: skip
    assert store.images_used(gm.table_id) == len(stored.data)
    assert store.state(gm.table_id).board.scenes["s1"].scene.image_id == image_id
    with pytest.raises(NotFound):
        store.image("another-table", image_id)


def test_a_refused_event_or_the_quota_stores_no_image(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    gm, alice = _table(store)
    with pytest.raises(Forbidden):
        store.execute_with_image(alice, _png(), _scene("s1"))  # a player makes no scene
    assert store.images_used(gm.table_id) == 0
    monkeypatch.setenv("ECRAN_TABLE_IMAGES_MB", "0.01")  # about 10 KiB
    store.execute_with_image(gm, _png(), _scene("s1"))
    seq = store.state(gm.table_id).last_seq
    with pytest.raises(TooLarge):
        store.execute_with_image(gm, _png((200, 200), noise=True), _scene("s2"))
    assert (
        store.state(gm.table_id).last_seq == seq
        and "s2" not in store.state(gm.table_id).board.scenes
    )


def test_the_board_folds_the_same_live_and_from_the_log(store: Store) -> None:
    gm, alice = _table(store)
    store.execute_with_image(gm, _png(), _scene("s1"))

    def change(make: Any) -> None:
        store.execute(gm, lambda s, a: board_log.draft(a, make(s.board, board_log.viewer(s, a))))

    change(lambda b, v: board.show_scene(b, v, "s1"))
    spy = Token(id="t1", scene_id="s1", name="Espion", x=30, y=30, hidden=True)
    change(lambda b, v: board.place_token(b, v, spy))
    change(lambda b, v: board.fog(b, v, "s1", [board.rect([0, 0, 60, 60])], [])[0])
    assert store.state(gm.table_id).board == store.rebuild(gm.table_id).board
    views = [e for e in store.events_after(alice, 0) if e.seq >= 3]  # after the joins
    assert [v.kind for v in views] == ["hidden", "board", "hidden", "board"]
    assert "Espion" not in str([v.model_dump() for v in views])
    assert "Espion" in str([v.model_dump() for v in store.events_after(gm, 0)])


def test_images_go_with_their_table(store: Store) -> None:
    gm, _ = _table(store)
    event = store.execute_with_image(gm, _png(), _scene("s1"))
    store.delete_table(gm, "Jeudi")
    with pytest.raises(NotFound):
        store.image(gm.table_id, event.payload["scene"]["image_id"])
