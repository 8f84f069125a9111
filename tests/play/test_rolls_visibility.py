"""Rolls at a table and who sees them: a hidden roll never reaches a member who may not see it."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.records import RollRecord
from ecran.play import Event, Member, view_for, view_state
from ecran.play.characters import save_character
from ecran.play.encounter import add_participant, create
from ecran.play.rolls import replay, roll
from ecran.rules import EcranError
from toy import LiveTable

SEED = 8_675_309_123_457  # distinctive: its digits must never show up in a view that hides it


def _table() -> tuple[LiveTable, Member, Member]:
    live = LiveTable()
    return live, live.join("Alice"), live.join("Bob")


def _roll(live: LiveTable, who: Member, visibility: str, **kw: object) -> Event:
    """A roll; the GM's with the distinctive seed, a player's with the table's (a player may not
    choose one)."""
    seed = SEED if who.is_gm else None
    return live.do(
        roll(live.now, who, "test", {"skill": 2}, visibility_name=visibility, seed=seed, **kw)
    )  # type: ignore[arg-type]


def test_a_roll_is_the_records_roll_with_the_table_options_in_force() -> None:
    live = LiveTable(options={"easy": True})
    event = _roll(live, live.gm, "public", label="Crochetage")
    record = RollRecord.model_validate(event.payload["record"])
    assert record.params == {"skill": 2, "easy": True}
    die = Roller(SEED).d(6)
    assert record.dice == [die] and record.total == die + 3
    assert replay(record) == record
    assert event.payload["label"] == "Crochetage"


def test_table_options_override_the_rollers_choice() -> None:
    live = LiveTable(options={"easy": False})
    event = live.do(roll(live.now, live.gm, "test", {"skill": 0, "easy": True}, seed=1))
    assert event.payload["record"]["params"]["easy"] is False


def test_bad_roll_input_is_refused() -> None:
    live, alice, _ = _table()
    with pytest.raises(EcranError):
        roll(live.now, alice, "test", {"skill": 9})
    with pytest.raises(EcranError):
        roll(live.now, alice, "nosuch", {})
    with pytest.raises(EcranError) as bad:
        roll(live.now, alice, "test", {}, visibility_name="secret")
    assert "visibilité" in bad.value.text.fr and "public" in bad.value.text.en


def test_a_player_rolls_only_for_their_own_character() -> None:
    live, alice, bob = _table()
    saved = live.do(save_character(live.now, get_system("toy"), alice, {"name": "A"}))
    cid = saved.payload["character"]["id"]
    with pytest.raises(EcranError):
        roll(live.now, bob, "test", {}, character_id=cid)
    assert roll(live.now, alice, "test", {}, character_id=cid).payload["character_id"] == cid


def _shown(view_json: str, event: Event | None = None) -> bool:
    seed = SEED if event is None else event.payload["record"]["seed"]
    return str(seed) in view_json


@pytest.mark.parametrize(
    ("visibility", "sees_gm", "sees_roller", "sees_other"),
    [
        ("public", True, True, True),
        ("gm", True, True, False),
        ("blind", True, False, False),
        ("self", False, True, False),
    ],
)
def test_who_sees_a_players_roll(
    visibility: str, sees_gm: bool, sees_roller: bool, sees_other: bool
) -> None:
    live, alice, bob = _table()
    event = _roll(live, alice, visibility)
    for member, expected in ((live.gm, sees_gm), (alice, sees_roller), (bob, sees_other)):
        view = view_for(event, member)
        assert view.seq == event.seq
        shown = _shown(view.model_dump_json(), event)
        assert shown is expected, (visibility, member.display_name)
        assert ("outcome" in view.model_dump_json()) is expected


@pytest.mark.parametrize("visibility", ["gm", "blind"])
def test_a_secret_roll_is_a_stub_saying_who_rolled_not_what(visibility: str) -> None:
    """Issue 13: players read « le MJ a lancé un jet secret » (who, when; no result)."""
    live, alice, bob = _table()
    event = _roll(live, alice, visibility, label="Perception")
    stub = view_for(event, bob)
    assert (stub.kind, stub.actor_id, stub.payload, stub.redacted) == (
        "hidden",
        alice.id,
        {"secret": "roll"},
        True,
    )
    assert stub.at == event.at and "Perception" not in stub.model_dump_json()


def test_someone_elses_self_roll_is_a_bare_stub_in_the_sequence() -> None:
    live, alice, bob = _table()
    stub = view_for(_roll(live, alice, "self"), bob)
    assert (stub.kind, stub.actor_id, stub.payload, stub.redacted) == ("hidden", None, {}, True)


def test_the_roller_of_a_blind_roll_sees_what_they_asked_not_the_result() -> None:
    live, alice, _ = _table()
    event = _roll(live, alice, "blind", label="Perception")
    view = view_for(event, alice)
    assert view.kind == "roll" and view.redacted
    assert view.payload == {
        "label": "Perception",
        "character_id": None,
        "asked": {"system": "toy", "check": "test", "params": {"skill": 2, "easy": False}},
    }


def test_a_gm_rolling_blind_still_sees_it() -> None:
    live, _, bob = _table()
    event = _roll(live, live.gm, "blind")
    assert _shown(view_for(event, live.gm).model_dump_json())
    assert not _shown(view_for(event, bob).model_dump_json())


def test_secret_characters_and_npc_sheets_stay_with_the_gm() -> None:
    live, alice, _ = _table()
    toy = get_system("toy")
    secret = live.do(save_character(live.now, toy, live.gm, {"name": "Traître"}, secret=True))
    assert view_for(secret, alice).kind == "hidden"
    enc_id = live.do(create(live.now, live.gm, "Embuscade")).payload["encounter_id"]
    npc = {"name": "Gobelin", "might": 4, "notes": "caché dans le puits"}
    added = live.do(add_participant(live.now, toy, live.gm, enc_id, sheet=npc))
    assert "puits" in view_for(added, live.gm).model_dump_json()
    assert "puits" not in view_for(added, alice).model_dump_json()
    assert "Gobelin" in view_for(added, alice).model_dump_json()
    state = view_state(live.now, alice)
    assert "puits" not in state.model_dump_json() and "Traître" not in state.model_dump_json()
    assert "puits" in view_state(live.now, live.gm).model_dump_json()


def test_an_unknown_visibility_lists_the_choices_in_words_to_a_reader() -> None:
    """The table page's refusal listed `blind, gm, public, self`: a reader is offered the words
    of the roll panel's list; the command line and the API, who typed an id, the ids."""
    import pytest

    from ecran.play.rolls import visibility
    from ecran.rules import EcranError

    with pytest.raises(EcranError) as refused:
        visibility("zzz")
    french, english = refused.value.message("fr"), refused.value.message("en")
    assert "MJ seulement" in french and "pour moi seul" in french and "blind" not in french
    assert "GM only" in english and "only me" in english and "self," not in english
    assert "blind" in refused.value.command_line("fr")
