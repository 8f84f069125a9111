"""The store commits no event it could not serialise back (#28 item 1): a lone surrogate or a
NUL that slipped past the commands is refused in words, and nothing is stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from ecran.rules import EcranError
from ecran.store import open_store
from ecran.store.repository.rows import refuse_unstorable
from toy import roll


@pytest.mark.parametrize("bad", ["\ud800", "\udfff", "\x00"])
def test_an_event_that_cannot_be_read_back_is_refused(tmp_path: Path, bad: str) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    created = store.create_table("Jeudi", "toy", {"easy": True})
    gm = store.authenticate(created.gm_token)
    before = store.state(gm.table_id).last_seq
    with pytest.raises(EcranError) as refused:
        roll(store, gm, "test", {"skill": 3}, label=f"Attaque{bad}")
    assert f"U+{ord(bad):04X}" in refused.value.text.fr
    assert store.state(gm.table_id).last_seq == before
    store.engine.dispose()


def test_what_json_cannot_write_is_refused() -> None:
    for value in ({"x": float("nan")}, {"x": object()}, {"k\ud800": 1}):
        with pytest.raises(EcranError):
            refuse_unstorable(value)
    refuse_unstorable({"label": "Attaque \u202f!", "n": [1, 2.5, None, True]})
