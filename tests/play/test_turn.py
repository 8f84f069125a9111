"""A player's turn: on their character's turn a player attacks with it (one of the attacks the
system offers, with its exact odds) and ends the turn; the GM still acts for anyone; everyone
else is refused in one line, and nothing changes.

The toy system (tests/toy.py): attack skill = might + 2 - defender's agility, the check is
1d6 + skill >= 5.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecran.play import Forbidden, view_for
from ecran.play import encounter as enc
from ecran.play.characters import save_character
from ecran.play.model import Member
from ecran.play.payloads import EncounterChanged
from ecran.rules import EcranError
from toy import LiveTable, Toy

TOY = Toy()


def _scene() -> tuple[LiveTable, str, Member, Member]:
    """Alice's Hector (p1, initiative 9), Bob's Brutus (p2, 5), a secret goblin (p3, 1):
    started, Hector acts."""
    live = LiveTable()
    alice, bob = live.join("Alice"), live.join("Bob")
    for who, sheet in (
        (alice, {"name": "Hector", "might": 3, "agility": 2}),
        (bob, {"name": "Brutus", "might": 2, "agility": 1}),
    ):
        live.do(save_character(live.now, TOY, who, sheet))
    ids = {c.name: c.id for c in live.now.characters.values()}
    eid = live.do(enc.create(live.now, live.gm, "Rixe")).payload["encounter_id"]
    for name, init in (("Hector", 9), ("Brutus", 5)):
        live.do(
            enc.add_participant(
                live.now, TOY, live.gm, eid, character_id=ids[name], initiative=init
            )
        )
    goblin = {"name": "Gobelin", "might": 2, "agility": 4}
    live.do(
        enc.add_participant(live.now, TOY, live.gm, eid, sheet=goblin, secret=True, initiative=1)
    )
    live.do(enc.start(live.now, live.gm, eid))
    assert live.now.encounters[eid].encounter.current == "p1"
    return live, eid, alice, bob


def test_on_her_turn_a_player_sees_her_attacks_with_exact_odds() -> None:
    live, eid, alice, _ = _scene()
    (punch,) = enc.attack_options(live.now, TOY, alice, eid, "p1", "p2")
    # might 3 + 2 - Brutus's agility 1 = 4: 1d6 + 4 >= 5 always
    assert punch.params["skill"] == 4
    assert punch.odds is not None
    by_outcome = {o.outcome: Fraction(o.probability) for o in punch.odds.outcomes}
    assert by_outcome["success"] == Fraction(1)


def test_against_a_secret_npc_a_player_gets_the_attacks_but_not_their_numbers() -> None:
    live, eid, alice, _ = _scene()
    (punch,) = enc.attack_options(live.now, TOY, alice, eid, "p1", "p3")
    # a system's label may name the secret side's weapon or stance (#30): veiled
    assert punch.label.fr == "Attaque contre un adversaire dont le MJ garde la fiche"
    assert punch.index == 0 and punch.params == {} and punch.odds is None
    assert punch.odds_error is not None and "secrète" in punch.odds_error.fr
    (for_gm,) = enc.attack_options(live.now, TOY, live.gm, eid, "p1", "p3")
    assert for_gm.params["skill"] == 1 and for_gm.odds is not None


def test_a_players_attack_is_credited_to_her_and_rolls_the_offered_attack() -> None:
    live, eid, alice, _ = _scene()
    event = live.do(enc.attack(live.now, TOY, alice, eid, "p1", "p2", "", {}, option=0))
    assert event.actor_id == alice.id
    change = EncounterChanged.model_validate(event.payload)
    assert change.attack is not None
    assert change.attack.record.params["skill"] == 4  # the system's, not the caller's
    assert change.attack.label is not None and change.attack.label.fr == "Coup de poing"
    assert change.summary.fr.startswith("Hector attaque Brutus (Coup de poing) : ")
    # a success always here (1d6 + 4 >= 5): Brutus is hurt, a new version of his sheet
    assert change.attack.record.outcome == "success"
    assert [c.name for c in change.characters] == ["Brutus"]


def test_a_player_may_send_the_offered_attack_itself_but_not_change_it() -> None:
    live, eid, alice, _ = _scene()
    made = enc.attack(live.now, TOY, alice, eid, "p1", "p2", "test", {"skill": 4})
    assert made.actor_id == alice.id
    version = live.now.encounters[eid].encounter.version
    with pytest.raises(Forbidden) as changed:
        enc.attack(live.now, TOY, alice, eid, "p1", "p2", "test", {"skill": 5})
    assert "telle quelle" in changed.value.text.fr
    with pytest.raises(EcranError) as beyond:
        enc.attack(live.now, TOY, alice, eid, "p1", "p2", "", {}, option=3)
    assert "en propose 1" in beyond.value.text.fr
    assert live.now.encounters[eid].encounter.version == version


def test_a_players_seed_is_refused_the_gms_is_kept() -> None:
    live, eid, alice, _ = _scene()
    with pytest.raises(Forbidden) as seeded:
        enc.attack(live.now, TOY, alice, eid, "p1", "p2", "", {}, option=0, seed=5)
    assert "seul le serveur tire les dés" in seeded.value.text.fr
    made = enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "", {}, option=0, seed=5)
    again = enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "", {}, option=0, seed=5)
    assert made.payload["attack"]["record"]["dice"] == again.payload["attack"]["record"]["dice"]


def test_no_one_else_acts_for_her_and_she_acts_only_on_her_turn() -> None:
    live, eid, alice, bob = _scene()
    with pytest.raises(Forbidden) as not_his:
        enc.attack(live.now, TOY, bob, eid, "p1", "p2", "", {}, option=0)
    assert not_his.value.text.fr == "seuls le joueur d'Hector et le MJ agissent pour ce personnage"
    with pytest.raises(Forbidden) as not_now:
        enc.attack(live.now, TOY, bob, eid, "p2", "p1", "", {}, option=0)
    assert not_now.value.text.fr == "ce n'est pas le tour de Brutus (au tour d'Hector)"
    assert not_now.value.text.en == "it is not Brutus's turn (Hector's turn)"
    with pytest.raises(Forbidden):
        enc.attack_options(live.now, TOY, bob, eid, "p2", "p1")
    with pytest.raises(Forbidden) as npc:
        enc.attack(live.now, TOY, alice, eid, "p3", "p1", "", {}, option=0)
    assert npc.value.text.fr == "seul le MJ fait agir Gobelin"
    # the GM acts for anyone, on anyone's turn
    made = live.do(enc.attack(live.now, TOY, live.gm, eid, "p2", "p1", "", {}, option=0))
    assert made.actor_id == live.gm.id


def test_she_ends_her_turn_then_waits_for_the_next() -> None:
    live, eid, alice, bob = _scene()
    with pytest.raises(Forbidden):
        enc.next_turn(live.now, bob, eid)
    live.do(enc.next_turn(live.now, alice, eid))
    assert live.now.encounters[eid].encounter.current == "p2"
    with pytest.raises(Forbidden):
        enc.next_turn(live.now, alice, eid)
    with pytest.raises(Forbidden):
        enc.attack(live.now, TOY, alice, eid, "p1", "p2", "", {}, option=0)
    live.do(enc.attack(live.now, TOY, bob, eid, "p2", "p1", "", {}, option=0))
    with pytest.raises(Forbidden) as not_yours:
        enc.next_turn(live.now, alice, eid)
    assert not_yours.value.text.fr == "ce n'est pas votre tour (au tour de Brutus)"
    live.do(enc.next_turn(live.now, bob, eid))
    with pytest.raises(Forbidden) as npc_turn:  # the goblin's turn: the GM's to end
        enc.next_turn(live.now, bob, eid)
    assert npc_turn.value.text.fr == "réservé au MJ : mener la rencontre"


def test_before_the_start_and_after_the_end_a_player_does_nothing() -> None:
    live, eid, alice, _ = _scene()
    live.do(enc.end(live.now, live.gm, eid))
    with pytest.raises(Forbidden):
        enc.attack(live.now, TOY, alice, eid, "p1", "p2", "", {}, option=0)
    fresh = LiveTable()
    carol = fresh.join("Carol")
    fresh.do(save_character(fresh.now, TOY, carol, {"name": "Io", "might": 1, "agility": 1}))
    (cid,) = fresh.now.characters
    eid2 = fresh.do(enc.create(fresh.now, fresh.gm, "Plus tard")).payload["encounter_id"]
    fresh.do(enc.add_participant(fresh.now, TOY, fresh.gm, eid2, character_id=cid))
    with pytest.raises(Forbidden) as early:
        enc.next_turn(fresh.now, carol, eid2)
    assert early.value.text.fr == "réservé au MJ : mener la rencontre"


def test_a_players_attack_on_a_secret_npc_shows_the_others_the_outcome_only() -> None:
    live, eid, alice, bob = _scene()
    event = live.do(enc.attack(live.now, TOY, alice, eid, "p1", "p3", "", {}, option=0))
    seen = view_for(event, bob).payload["attack"]["record"]
    assert seen["dice"] == [] and seen["params"] == {} and seen["total"] is None
    assert seen["outcome"] in {"success", "failure"}
