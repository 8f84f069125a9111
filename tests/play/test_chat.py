"""Chat at a table (issue 13): messages, whispers, narration, voices and inline rolls, stored as
events seen as rolls are; and a secret NPC's tracks kept out of the players' log lines."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.dice.notation import parse, roll
from ecran.engine import all_systems, get_system
from ecran.play import encounter as enc
from ecran.play import rebuild, view_for
from ecran.play.characters import save_character
from ecran.play.chat import INLINE_MAX, MESSAGE_MAX, MessageSent, pieces, send
from ecran.play.errors import Forbidden, NotFound
from ecran.rules import Action, EcranError, tr
from toy import LiveTable, Toy, ToySheet


class ToyWithActions(Toy):
    def actions(self, sheet: ToySheet) -> list[Action]:
        return [Action(tr("Bagarre", "Brawl"), "test", {"skill": sheet.might})]


@pytest.fixture(autouse=True)
def toy_with_actions() -> Iterator[None]:
    systems = all_systems()
    before = systems.get("toy")
    systems["toy"] = ToyWithActions()
    yield
    if before is not None:
        systems["toy"] = before


def _table() -> tuple[LiveTable, Any, Any]:
    live = LiveTable()
    return live, live.join("Alice"), live.join("Bob")


def _said(event: Any) -> MessageSent:
    return MessageSent.model_validate(event.payload)


def test_a_message_to_the_table_is_public_and_changes_nothing_but_the_log() -> None:
    live, alice, bob = _table()
    before = live.now
    event = live.do(send(live.now, alice, "  Bonsoir à tous  "))
    assert (event.kind, event.visibility, event.actor_id) == ("message", "public", alice.id)
    assert _said(event).text == "Bonsoir à tous" and _said(event).style == "say"
    assert live.now.model_copy(update={"last_seq": before.last_seq}) == before
    assert view_for(event, bob).payload == event.payload
    assert rebuild(live.events) == live.now


@pytest.mark.parametrize(
    ("typed", "style", "text"),
    [
        ("/em hausse les épaules", "emote", "hausse les épaules"),
        ("/me sourit", "emote", "sourit"),
        ("/ooc je reviens", "ooc", "je reviens"),
        ("/OOC pause", "ooc", "pause"),
    ],
)
def test_commands_give_a_style(typed: str, style: str, text: str) -> None:
    live, alice, _ = _table()
    said = _said(live.do(send(live.now, alice, typed)))
    assert (said.style, said.text) == (style, text)


def test_only_the_gm_narrates() -> None:
    live, alice, _ = _table()
    said = _said(live.do(send(live.now, live.gm, "/desc La pluie tombe sur Ys.")))
    assert (said.style, said.text) == ("narration", "La pluie tombe sur Ys.")
    with pytest.raises(Forbidden):
        send(live.now, alice, "/desc Je décide de la météo")


def test_a_whisper_reaches_its_addressee_and_the_gm_only() -> None:
    live, alice, bob = _table()
    carol = live.join("Carol")
    event = live.do(send(live.now, alice, "/w Bob le trésor est sous la dalle"))
    assert event.visibility == "whisper" and _said(event).to == [bob.id]
    assert _said(event).text == "le trésor est sous la dalle"
    for who in (live.gm, alice, bob):
        assert "dalle" in view_for(event, who).model_dump_json()
    stub = view_for(event, carol)
    assert (stub.kind, stub.actor_id, stub.payload, stub.visibility) == ("hidden", None, {}, "gm")
    assert "dalle" not in stub.model_dump_json() and bob.id not in stub.model_dump_json()


def test_a_whisper_names_a_member_or_one_of_their_characters() -> None:
    live, alice, bob = _table()
    live.join("Jean Paul")
    toy = get_system("toy")
    live.do(save_character(live.now, toy, bob, {"name": "Bob le Rouge"}))
    spaced = send(live.now, alice, "/w jean paul  salut")
    assert MessageSent.model_validate(spaced.payload).text == "salut"
    assert send(live.now, alice, "/w Bob le Rouge psst").payload["to"] == [bob.id]
    quoted = send(live.now, alice, '/w "Bob le Rouge" psst')
    assert quoted.payload["to"] == [bob.id] and quoted.payload["text"] == "psst"
    with pytest.raises(NotFound):
        send(live.now, alice, "/w Personne bonjour")
    with pytest.raises(EcranError, match="yourself"):
        send(live.now, alice, "/w Alice moi")
    with pytest.raises(EcranError):
        send(live.now, alice, "/w Bob")


def test_a_whisper_to_the_gm_is_seen_as_a_gm_roll_is() -> None:
    live, alice, bob = _table()
    for typed in ("/gm j'ai triché", f"/w {live.gm.display_name} j'ai triché"):
        event = live.do(send(live.now, alice, typed))
        assert event.visibility == "gm" and _said(event).to == [live.gm.id]
        assert "triché" in view_for(event, live.gm).model_dump_json()
        assert "triché" in view_for(event, alice).model_dump_json()
        assert view_for(event, bob).kind == "hidden"
    with pytest.raises(EcranError):
        send(live.now, live.gm, "/gm moi-même")


@pytest.mark.parametrize("typed", ["/w gm j'ai triché", "/w GM j'ai triché", "/w mj j'ai triché"])
def test_slash_w_gm_whispers_to_the_gm_as_in_roll20(typed: str) -> None:
    """Roll20's `/w gm text` (and its French `/w mj`) reaches the GM whatever their name."""
    live, alice, bob = _table()
    event = live.do(send(live.now, alice, typed))
    assert event.visibility == "gm" and _said(event).to == [live.gm.id]
    assert _said(event).text == "j'ai triché"
    assert view_for(event, bob).kind == "hidden"


@pytest.mark.parametrize("command", ["/gmroll", "/gr", "/GMROLL"])
def test_gmroll_is_a_roll_only_the_gm_and_its_roller_see_as_in_roll20(command: str) -> None:
    """Roll20's secret roll: `/gmroll 1d20` (also `/gr`), seen by the GM and the roller; the
    GM's own is theirs alone."""
    live, alice, bob = _table()
    event = live.do(send(live.now, alice, f"{command} 1d20+2 discrétion"))
    said = _said(event)
    assert (event.visibility, said.style, said.to) == ("gm", "roll", [live.gm.id])
    assert said.rolls[0].expression == "1d20+2" and said.text == "discrétion"
    assert view_for(event, live.gm).payload == event.payload
    assert view_for(event, alice).payload == event.payload
    assert view_for(event, bob).kind == "hidden"
    own = live.do(send(live.now, live.gm, f"{command} 2d6"))
    assert own.visibility == "gm" and view_for(own, alice).kind == "hidden"
    with pytest.raises(EcranError):
        send(live.now, alice, command)


def test_a_member_chosen_beside_the_text_makes_any_message_a_whisper() -> None:
    live, alice, bob = _table()
    event = live.do(send(live.now, alice, "/r 1d20", to=live.gm.id))
    assert event.visibility == "gm" and _said(event).style == "roll"
    assert view_for(event, bob).kind == "hidden"
    to_bob = live.do(send(live.now, live.gm, "tu entends un bruit", to=bob.id))
    assert to_bob.visibility == "whisper" and view_for(to_bob, alice).kind == "hidden"
    with pytest.raises(EcranError, match="two addressees"):
        send(live.now, alice, "/w Bob x", to=live.gm.id)
    with pytest.raises(NotFound):
        send(live.now, alice, "x", to="nobody")


def test_slash_r_rolls_dice_notation_on_the_server_and_replays_from_its_seed() -> None:
    live, alice, _ = _table()
    said = _said(live.do(send(live.now, alice, "/r 2d6 + 3 dégâts de feu")))
    assert said.style == "roll" and said.text == "dégâts de feu"
    [rolled] = said.rolls
    assert rolled.expression == "2d6 + 3" and len(rolled.dice) == 2
    assert rolled.total == sum(rolled.dice) + 3
    again = roll(parse(rolled.expression), Roller(rolled.seed))
    assert again.dice == rolled.dice and again.total == rolled.total


def test_slash_r_rolls_an_action_of_the_speakers_sheet_by_its_name() -> None:
    live, alice, bob = _table()
    toy = get_system("toy")
    live.do(save_character(live.now, toy, alice, {"name": "Zoé", "might": 4}))
    for name in ("Bagarre", "brawl"):
        [rolled] = _said(live.do(send(live.now, alice, f"/r {name}"))).rolls
        assert rolled.check is not None and rolled.check.check == "test"
        assert rolled.check.params["skill"] == 4  # Zoé's might, from her sheet
        assert rolled.label is not None and rolled.label.fr == "Bagarre"
    with pytest.raises(EcranError, match="neither dice notation"):
        send(live.now, bob, "/r Bagarre")  # Bob has no character


def test_slash_r_says_why_the_notation_refuses_the_dice() -> None:
    """Dice the notation refuses get the notation's reason (as `ecran dice` and `/api/dice`
    say it), not a guess between dice and an action."""
    live, alice, _ = _table()
    for expression, reason in (
        ("99999d99999", "too many dice"),
        ("1d1! pour voir", "explodes on every face"),
        ("1d0", "a die has 1 to 1000 sides"),
    ):
        with pytest.raises(EcranError) as refused:
            send(live.now, alice, f"/r {expression}")
        assert reason in refused.value.message("en"), refused.value.message("en")
        assert refused.value.message("fr").startswith("/r : ")


def test_inline_rolls_are_rolled_in_place_and_bounded() -> None:
    live, alice, _ = _table()
    said = _said(live.do(send(live.now, alice, "J'esquive [[1d20+2]] puis [[1d4]] !")))
    assert [r.expression for r in said.rolls] == ["1d20+2", "1d4"]
    cut = pieces(said)
    assert [text for text, r in cut if r is None] == ["J'esquive ", " puis ", " !"]
    assert [r.expression for _, r in cut if r is not None] == ["1d20+2", "1d4"]
    too_many = " ".join(["[[1d6]]"] * (INLINE_MAX + 1))
    with pytest.raises(EcranError, match="too many rolls"):
        send(live.now, alice, too_many)
    with pytest.raises(EcranError):
        send(live.now, alice, "[[1d0]]")


def test_a_voice_is_one_of_the_speakers_characters_and_ooc_drops_it() -> None:
    live, alice, bob = _table()
    toy = get_system("toy")
    zoe = live.do(save_character(live.now, toy, alice, {"name": "Zoé"})).payload["character"]
    said = _said(live.do(send(live.now, alice, "/em dégaine", character_id=zoe["id"])))
    assert (said.speaker, said.character_id) == ("Zoé", zoe["id"])
    ooc = _said(live.do(send(live.now, alice, "/ooc pizza ?", character_id=zoe["id"])))
    assert (ooc.speaker, ooc.character_id) == ("", None)
    with pytest.raises(Forbidden):
        send(live.now, bob, "c'est moi Zoé", character_id=zoe["id"])
    assert _said(live.do(send(live.now, live.gm, "Halte !", character_id=zoe["id"]))).speaker


def test_bad_messages_are_one_line_refusals() -> None:
    live, alice, _ = _table()
    for typed in ("", "   ", "x" * (MESSAGE_MAX + 1), "/nope salut", "/r", "/em"):
        with pytest.raises(EcranError) as refused:
            send(live.now, alice, typed)
        assert "\n" not in refused.value.text.fr and "\n" not in refused.value.text.en
    assert send(live.now, alice, "x" * MESSAGE_MAX).payload["text"] == "x" * MESSAGE_MAX


# -- a secret NPC's tracks in the players' log lines -----------------------------------------------


def _scene() -> tuple[LiveTable, Any, str]:
    live, alice, _ = _table()
    toy = get_system("toy")
    hector = {"name": "Hector", "might": 3, "agility": 2}
    cid = live.do(save_character(live.now, toy, alice, hector)).payload["character"]["id"]
    eid = live.do(enc.create(live.now, live.gm, "Abordage")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, toy, live.gm, eid, character_id=cid))
    pirate = {"name": "Pirate chef", "might": 2, "agility": 4}
    live.do(enc.add_participant(live.now, toy, live.gm, eid, sheet=pirate, secret=True))
    return live, alice, eid


def test_players_read_the_outcome_of_an_attack_on_a_secret_npc_not_its_damage() -> None:
    live, alice, eid = _scene()
    toy = get_system("toy")
    hit = live.do(enc.attack(live.now, toy, live.gm, eid, "p1", "p2", "test", {"skill": 5}))
    gm_line = view_for(hit, live.gm).payload["summary"]
    player = view_for(hit, alice).payload
    wounds = hit.payload["attack"]["consequences"][0]["roll"]["summary"]["fr"]
    assert wounds.endswith("blessures") and wounds in gm_line["fr"]
    assert player["summary"]["fr"] == "Hector attaque Pirate chef (Test) : ok"
    assert player["summary"]["en"] == "Hector attacks Pirate chef (Test): ok"
    assert "blessures" not in str(player) and "wounds" not in str(player)


def test_players_read_a_secret_npcs_attack_on_them_with_their_own_damage() -> None:
    live, alice, eid = _scene()
    toy = get_system("toy")
    hit = live.do(enc.attack(live.now, toy, live.gm, eid, "p2", "p1", "test", {"skill": 5}))
    line = view_for(hit, alice).payload["summary"]["fr"]
    assert line.startswith("Pirate chef attaque Hector (Test) : ok ; Hector : ")
    assert line.endswith("blessures")  # Hector's wounds: his player sees his sheet anyway


def test_an_operation_on_a_secret_npc_and_its_undo_say_no_number_to_players() -> None:
    live, alice, eid = _scene()
    toy = get_system("toy")
    hit = live.do(enc.apply_operation(live.now, toy, live.gm, eid, "p2", "hit", {"extra": 7}))
    assert "blessures" in hit.payload["summary"]["fr"]
    seen = view_for(hit, alice).payload
    assert seen["summary"]["fr"] == "Pirate chef : le MJ applique l'effet"
    assert "blessures" not in str(seen) and seen["operation"]["dice"] == []
    undone = live.do(enc.undo(live.now, live.gm, eid))
    assert "blessures" in undone.payload["summary"]["fr"]
    assert "blessures" not in str(view_for(undone, alice).payload)
    assert "blessures" in str(view_for(undone, live.gm).payload)
