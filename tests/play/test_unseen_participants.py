"""An NPC whose tokens the GM keeps hidden on the board is out of the players' encounter: the
rule lives in `play.visibility` (the state, every step's view) and `play.board.visibility`
(`hidden_participants`); the GM's view is whole."""

from __future__ import annotations

from ecran.engine import get_system
from ecran.play import encounter as enc
from ecran.play.board import commands as cmd
from ecran.play.board import log as board_log
from ecran.play.board.model import Grid, Token
from ecran.play.board.visibility import hidden_participants
from ecran.play.events import Event, EventDraft
from ecran.play.model import Member
from ecran.play.visibility import sealed, view_for, view_state
from toy import LiveTable, three_in_an_encounter


def _hidden_goblin() -> tuple[LiveTable, Member, str]:
    """Hector (Alice's, p1, acts first), Gobelin (p2, an NPC sheet, its token hidden), Ombre
    (p3, no sheet)."""
    live = LiveTable()
    alice, eid, _hector = three_in_an_encounter(live)
    for pid, value in (("p1", 9), ("p2", 5), ("p3", 2)):
        live.do(enc.set_initiative(live.now, live.gm, eid, pid, value))
    gm = board_log.viewer(live.now, live.gm)
    made = cmd.create_scene(live.now.board, gm, "s1", "Crypte", 700, 700, Grid())
    live.do(board_log.draft(live.gm, made))
    hidden = Token(
        id="t2", scene_id="s1", participant_id="p2", encounter_id=eid, name="G", x=100, y=100
    )
    placed = cmd.place_token(live.now.board, gm, hidden.model_copy(update={"hidden": True}))
    live.do(board_log.draft(live.gm, placed))
    live.do(sealed(live.now, enc.start(live.now, live.gm, eid)))
    return live, alice, eid


def _step(live: LiveTable, draft: EventDraft) -> Event:
    return live.do(sealed(live.now, draft))  # as the store writes it


def test_only_npcs_whose_tokens_are_all_hidden_are_unseen() -> None:
    live, _, eid = _hidden_goblin()
    assert hidden_participants(live.now.board).of(eid) == {"p2"}
    gm = board_log.viewer(live.now, live.gm)
    seen = Token(
        id="t3", scene_id="s1", participant_id="p2", encounter_id=eid, name="Gobelin", x=2, y=2
    )
    live.do(board_log.draft(live.gm, cmd.place_token(live.now.board, gm, seen)))
    assert hidden_participants(live.now.board).of(eid) == frozenset()


def test_the_players_state_has_no_unseen_participant_and_the_gms_is_whole() -> None:
    live, alice, eid = _hidden_goblin()
    _step(live, enc.next_turn(live.now, live.gm, eid))  # the goblin's turn
    theirs = view_state(live.now, alice).encounters[eid].encounter
    assert list(theirs.participants) == ["p1", "p3"] and theirs.order == ("p1", "p3")
    assert theirs.current is None and theirs.round == 1
    assert view_state(live.now, live.gm).encounters[eid].encounter.current == "p2"


def test_a_step_never_names_an_unseen_participant_to_players() -> None:
    live, alice, eid = _hidden_goblin()
    toy = get_system("toy")
    to_goblin = _step(live, enc.next_turn(live.now, live.gm, eid))
    assert to_goblin.payload["unseen"] == ["p2"]
    told = view_for(to_goblin, alice).payload
    assert told["summary"]["fr"] == "Round 1" and told["summary"]["en"] == "Round 1"
    assert told["participant_id"] is None and told["unseen"] == []
    assert told["encounter"]["current"] is None
    put = _step(live, enc.add_condition(live.now, live.gm, eid, "p2", "Tapi", 2))
    assert view_for(put, alice).payload["summary"]["fr"] == "Le MJ mène la rencontre"
    to_shadow = _step(live, enc.next_turn(live.now, live.gm, eid))
    assert view_for(to_shadow, alice).payload["summary"]["fr"] == "Round 1 : au tour d'Ombre"
    rolled = _step(live, enc.roll_initiative(live.now, toy, live.gm, eid, ["p1", "p2"]))
    said = view_for(rolled, alice).payload
    assert "Gobelin" not in str(said) and said["summary"]["fr"].startswith("Initiative : Hector")
    gm_sees = view_for(put, live.gm).payload
    assert gm_sees["summary"]["fr"].startswith("Gobelin") and gm_sees["unseen"] == ["p2"]


def test_a_step_made_before_the_token_was_hidden_is_veiled_while_it_stays_hidden() -> None:
    live, alice, _ = _hidden_goblin()
    [added] = [
        e
        for e in live.events
        if e.kind == "encounter" and e.payload.get("participant_id") == "p2"
        if e.payload["step"] == "add"
    ]
    now = hidden_participants(live.now.board)
    assert "Gobelin" in str(view_for(added, alice).payload)  # as it was seen then
    assert "Gobelin" not in str(view_for(added, alice, now).payload)


def test_a_character_sharing_a_hidden_npcs_id_stays_seen() -> None:
    """A token names its participant by id only, and ids restart in each encounter: a hidden
    NPC p1 of another encounter never hides Alice's character, p1 here."""
    live, alice, eid = _hidden_goblin()
    toy = get_system("toy")
    duel = live.do(enc.create(live.now, live.gm, "Duel")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, toy, live.gm, duel, name="Spectre"))
    gm = board_log.viewer(live.now, live.gm)
    spectre = Token(id="t9", scene_id="s1", participant_id="p1", name="S", x=300, y=300)
    placed = cmd.place_token(live.now.board, gm, spectre.model_copy(update={"hidden": True}))
    live.do(board_log.draft(live.gm, placed))
    theirs = view_state(live.now, alice).encounters
    assert list(theirs[eid].encounter.participants) == ["p1", "p3"]  # Hector, Ombre
    assert theirs[duel].encounter.participants == {}
    moved = _step(live, enc.next_turn(live.now, live.gm, eid))
    assert moved.payload["unseen"] == ["p2"]


def _duel_of_two_npcs(live: LiveTable) -> str:
    """A second encounter, « Duel », of two NPCs: Spectre (p1) and Loup (p2, with a sheet)."""
    toy = get_system("toy")
    duel = live.do(enc.create(live.now, live.gm, "Duel")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, toy, live.gm, duel, name="Spectre", secret=False))
    wolf = {"name": "Loup", "might": 2, "agility": 3}
    live.do(enc.add_participant(live.now, toy, live.gm, duel, sheet=wolf, secret=False))
    for pid, value in (("p1", 4), ("p2", 6)):
        live.do(enc.set_initiative(live.now, live.gm, duel, pid, value))
    return str(duel)


def test_a_hidden_npc_keeps_only_its_own_encounter_from_the_players() -> None:
    """Participants are numbered per encounter: the hidden Gobelin is "p2" of its encounter,
    Loup is "p2" of the duel. The Gobelin's hidden token keeps the Gobelin alone from the
    players; Loup, with no token, stays in their duel, and so does every step of it."""
    live, alice, eid = _hidden_goblin()
    duel = _duel_of_two_npcs(live)
    now = hidden_participants(live.now.board)
    assert now.of(eid) == {"p2"} and now.of(duel) == frozenset()
    theirs = view_state(live.now, alice).encounters
    assert "p2" not in theirs[eid].encounter.participants
    assert theirs[duel].encounter.participants["p2"].name == "Loup"
    started = _step(live, enc.start(live.now, live.gm, duel))
    assert started.payload.get("unseen", []) == []
    seen = view_for(started, alice, now).payload
    assert "Loup" in str(seen["encounter"])


def test_a_token_placed_before_tokens_named_their_encounter_stands_for_every_p2() -> None:
    """A token stored before `encounter_id` (None) names its participant by id alone, as all
    tokens did then: hidden, it keeps every encounter's NPC of that id from the players (the
    old reading, kept for stored boards; a character is never kept)."""
    live, alice, eid = _hidden_goblin()
    duel = _duel_of_two_npcs(live)
    gm = board_log.viewer(live.now, live.gm)
    old = Token(id="t8", scene_id="s1", participant_id="p2", name="?", x=5, y=5, hidden=True)
    live.do(board_log.draft(live.gm, cmd.place_token(live.now.board, gm, old)))
    now = hidden_participants(live.now.board)
    assert now.of(eid) == {"p2"} and now.of(duel) == {"p2"}
    assert "p2" not in view_state(live.now, alice).encounters[duel].encounter.participants
