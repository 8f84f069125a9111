"""Seats and links as play commands: only the GM renews links, removes members, archives; the
events fold (and name no token); a log written before these commands still folds."""

from __future__ import annotations

import pytest

from ecran.engine import get_system
from ecran.play import Forbidden
from ecran.play.characters import save_character
from ecran.play.fold import rebuild
from ecran.play.rights import require_open
from ecran.play.table import archive, join, remove_member, renew_invite, renew_link
from ecran.rules import EcranError
from toy import LiveTable


def test_only_the_gm_manages_seats() -> None:
    table = LiveTable()
    alice, bob = table.join("Alice"), table.join("Bob")
    for command in (
        lambda: renew_invite(table.now, alice),
        lambda: renew_link(table.now, alice, bob.id, revoke=True),
        lambda: remove_member(table.now, alice, bob.id),
        lambda: archive(table.now, alice),
    ):
        with pytest.raises(Forbidden) as refused:
            command()
        assert "MJ" in refused.value.text.fr and "GM" in refused.value.text.en


def test_link_events_change_no_state_and_name_no_token() -> None:
    table = LiveTable()
    alice = table.join("Alice")
    before = table.now
    table.do(renew_invite(table.now, table.gm))
    table.do(renew_link(table.now, table.gm, alice.id, revoke=True))
    assert table.now.members == before.members
    assert table.events[-1].payload == {"member_id": alice.id, "revoked": True}
    with pytest.raises(EcranError):  # the GM keeps a link
        renew_link(table.now, table.gm, table.gm.id, revoke=True)


def test_a_removed_member_leaves_their_characters_to_the_gm() -> None:
    table = LiveTable()
    alice = table.join("Alice")
    saved = table.do(save_character(table.now, get_system("toy"), alice, {"name": "Hector"}))
    hector = saved.payload["character"]["id"]
    table.do(remove_member(table.now, table.gm, alice.id))
    assert alice.id not in table.now.members
    assert table.now.characters[hector].owner_id == table.gm.id
    assert table.now.characters[hector].version == 2
    table.do(join(table.now, "Alice").event)  # the name is free again
    assert rebuild(table.events) == table.now
    with pytest.raises(EcranError):
        remove_member(table.now, table.gm, table.gm.id)


def test_archive_is_read_only_until_reopened() -> None:
    table = LiveTable()
    table.do(archive(table.now, table.gm))
    assert table.now.archived
    with pytest.raises(Forbidden):
        require_open(table.now.archived, "roll")
    require_open(table.now.archived, "link_renewed")  # links are still managed
    with pytest.raises(EcranError):
        archive(table.now, table.gm)
    table.do(archive(table.now, table.gm, archived=False))
    assert not table.now.archived
    assert rebuild(table.events) == table.now


def test_a_log_from_before_seats_still_folds() -> None:
    table = LiveTable()
    table.join("Alice")
    folded = rebuild(table.events)
    assert folded.archived is False and len(folded.members) == 2
