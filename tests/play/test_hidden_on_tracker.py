"""An NPC the GM hides on the tracker (`Participant.hidden`, Foundry's hidden combatant): out of
the players' encounter from the step that adds it, whatever its tokens, until the GM shows it.
Before it, an NPC could be kept from the players only by hiding its tokens: the step that
added it was seen live before a token could be hidden, and removing its last token showed it."""

from __future__ import annotations

import pytest

from ecran.engine import get_system
from ecran.play import encounter as enc
from ecran.play.board import commands as cmd
from ecran.play.board import log as board_log
from ecran.play.board.model import Grid, Token
from ecran.play.encounter.seen import unseen_in
from ecran.play.events import Event, EventDraft
from ecran.play.model import Member
from ecran.play.visibility import sealed, view_for, view_state
from ecran.rules import EcranError
from toy import LiveTable, three_in_an_encounter

UNSEEN_STEP = "Le MJ mène la rencontre"


def _step(live: LiveTable, draft: EventDraft) -> Event:
    return live.do(sealed(live.now, draft))  # as the store writes it


def _with_assassin(live: LiveTable) -> tuple[Member, str, Event]:
    """Hector (Alice's, p1), Gobelin (p2), Ombre (p3), then Assassin (p4), added hidden."""
    alice, eid, _ = three_in_an_encounter(live)
    toy = get_system("toy")
    assassin = {"name": "Assassin", "might": 3, "agility": 5}
    added = _step(
        live, enc.add_participant(live.now, toy, live.gm, eid, sheet=assassin, hidden=True)
    )
    return alice, eid, added


def _players_list(live: LiveTable, alice: Member, eid: str) -> list[str]:
    theirs = view_state(live.now, alice).encounters[eid].encounter
    return [p.name for p in theirs.participants.values()]


def test_an_npc_added_hidden_is_never_seen_by_the_players_not_even_the_step_adding_it() -> None:
    live = LiveTable()
    alice, eid, added = _with_assassin(live)
    assert added.payload["unseen"] == ["p4"]
    told = view_for(added, alice).payload
    assert told["summary"]["fr"] == UNSEEN_STEP and "Assassin" not in str(told)
    assert _players_list(live, alice, eid) == ["Hector", "Gobelin", "Ombre"]
    gm_sees = view_for(added, live.gm).payload
    assert gm_sees["summary"]["fr"] == "Assassin entre dans la rencontre"
    assert "p4" in view_state(live.now, live.gm).encounters[eid].encounter.participants


def test_showing_it_names_it_to_the_players_and_hiding_it_again_does_not() -> None:
    live = LiveTable()
    alice, eid, added = _with_assassin(live)
    shown = _step(live, enc.set_hidden(live.now, live.gm, eid, "p4", False))
    assert view_for(shown, alice).payload["summary"]["fr"] == "Assassin apparaît aux joueurs"
    assert _players_list(live, alice, eid) == ["Hector", "Gobelin", "Ombre", "Assassin"]
    # the step that added it was written while it was hidden: it still reads as it was seen
    assert "Assassin" not in str(view_for(added, alice, unseen_in(live.now)).payload)
    hidden = _step(live, enc.set_hidden(live.now, live.gm, eid, "p4", True))
    assert view_for(hidden, alice, unseen_in(live.now)).payload["summary"]["fr"] == UNSEEN_STEP
    assert "Assassin" not in _players_list(live, alice, eid)


def test_a_hidden_npc_stays_hidden_when_its_last_token_goes() -> None:
    live = LiveTable()
    alice, eid, _ = _with_assassin(live)
    gm = board_log.viewer(live.now, live.gm)
    live.do(
        board_log.draft(
            live.gm, cmd.create_scene(live.now.board, gm, "s1", "Crypte", 700, 700, Grid())
        )
    )
    token = Token(id="t4", scene_id="s1", participant_id="p4", encounter_id=eid, name="A", x=9, y=9)
    live.do(
        board_log.draft(
            live.gm, cmd.place_token(live.now.board, gm, token.model_copy(update={"hidden": True}))
        )
    )
    removed = cmd.token_change(live.now.board, gm, "s1", "t4", "token_removed")
    live.do(board_log.draft(live.gm, removed))
    assert "Assassin" not in _players_list(live, alice, eid)


def test_what_players_read_never_names_a_hidden_npc_even_as_it_leaves() -> None:
    live = LiveTable()
    alice, eid, _ = _with_assassin(live)
    put = _step(live, enc.add_condition(live.now, live.gm, eid, "p4", "Tapi", 2))
    assert view_for(put, alice).payload["summary"]["fr"] == UNSEEN_STEP
    gone = _step(live, enc.remove_participant(live.now, live.gm, eid, "p4"))
    assert gone.payload["unseen"] == ["p4"]
    assert "Assassin" not in str(view_for(gone, alice).payload)


def test_a_player_cannot_attack_an_npc_hidden_on_the_tracker() -> None:
    live = LiveTable()
    alice, eid, _ = _with_assassin(live)
    toy = get_system("toy")
    for pid, value in (("p1", 9), ("p2", 5), ("p3", 2), ("p4", 1)):
        live.do(enc.set_initiative(live.now, live.gm, eid, pid, value))
    live.do(enc.start(live.now, live.gm, eid))
    with pytest.raises(EcranError):
        enc.attack(live.now, toy, alice, eid, "p1", "p4", "test", {})


def test_undoing_the_step_that_showed_it_hides_it_again() -> None:
    live = LiveTable()
    alice, eid, _ = _with_assassin(live)
    _step(live, enc.set_hidden(live.now, live.gm, eid, "p4", False))
    undone = _step(live, enc.undo(live.now, live.gm, eid))
    assert "Assassin" not in _players_list(live, alice, eid)
    assert "Assassin" not in str(view_for(undone, alice, unseen_in(live.now)).payload)


def test_only_an_npc_is_hidden_and_only_once() -> None:
    live = LiveTable()
    alice, eid, cid = three_in_an_encounter(live)
    toy = get_system("toy")
    with pytest.raises(EcranError, match="only an NPC"):
        enc.set_hidden(live.now, live.gm, eid, "p1", True)  # Hector, Alice's character
    live.do(enc.remove_participant(live.now, live.gm, eid, "p1"))
    with pytest.raises(EcranError, match="only an NPC"):
        enc.add_participant(live.now, toy, live.gm, eid, character_id=cid, hidden=True)
    live.do(enc.set_hidden(live.now, live.gm, eid, "p2", True))
    with pytest.raises(EcranError, match="already hidden"):
        enc.set_hidden(live.now, live.gm, eid, "p2", True)
    with pytest.raises(EcranError, match="already shown"):
        enc.set_hidden(live.now, live.gm, eid, "p3", False)
    with pytest.raises(EcranError):
        enc.set_hidden(live.now, alice, eid, "p2", False)  # the GM's step
