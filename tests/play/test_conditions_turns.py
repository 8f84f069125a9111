"""#30 item 5, conditions that act on turns, on the tracker: what the rules say a condition
does to its bearer's turn, the tracker does (the same engine functions as the command line's
sheet file and the encounter simulator, `ecran.rules.ongoing`).

- Organique's stun (L3231-3236): « Si elle échoue (marge d'échec entre -1 et -10) elle perd sa
  prochaine action. Si sa marge d'échec est supérieure à 10, elle perd sa prochaine action ET
  sa prochaine réaction. » A bearer without its action cannot attack (the step is refused in
  one line, the attack panel says why); a bearer without its reaction gets no defence: the
  attacks on it use the check's "no reaction" (`reaction = "none"`, L3385-3480).
- Organique's knock-out (L3203-3208): « elle tombe au sol inconsciente pour un nombre de tour
  égal à la marge de réussite de l'attaquant »: when those turns run out on the tracker, the
  sheet's unconsciousness is lifted too (`System.lifted`), in the same step and undo.
"""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.play import encounter as enc
from ecran.play import rebuild
from ecran.play.characters import save_character
from ecran.rules import EcranError
from toy import LiveTable

GAME = get_system("organique")


def _fight() -> tuple[LiveTable, str, str]:
    """Ana (a stored character, p1, acts first) against the Brute (an NPC, p2); started."""
    live = LiveTable("organique")
    ana = {**GAME.random_npc(Roller(1)).model_dump(mode="json"), "name": "Ana"}
    brute = {**GAME.random_npc(Roller(2)).model_dump(mode="json"), "name": "Brute"}
    cid = live.do(save_character(live.now, GAME, live.gm, ana)).payload["character"]["id"]
    eid = live.do(enc.create(live.now, live.gm, "Rixe")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, GAME, live.gm, eid, character_id=cid, initiative=9))
    live.do(enc.add_participant(live.now, GAME, live.gm, eid, sheet=brute, initiative=5))
    live.do(enc.start(live.now, live.gm, eid))
    return live, eid, cid


def _operated(
    live: LiveTable, eid: str, pid: str, name: str, params: dict[str, Any], outcome: str
) -> None:
    """The GM's operation on `pid`, with the first seed whose result is `outcome`."""
    for seed in range(300):
        made = enc.apply_operation(live.now, GAME, live.gm, eid, pid, name, params, seed=seed)
        if made.payload["operation"]["resolution"]["outcome"] == outcome:
            live.do(made)
            return
    raise AssertionError(f"no seed gives {outcome}")


def _reactions(live: LiveTable, eid: str, attacker: str, target: str) -> set[str]:
    options = enc.attack_options(live.now, GAME, live.gm, eid, attacker, target)
    assert options
    return {str(o.params["reaction"]) for o in options}


@pytest.mark.parametrize(
    ("margin", "outcome", "defends"),
    [(0, "loses_action", True), (20, "loses_action_and_reaction", False)],
)
def test_a_stunned_bearer_loses_its_action_and_maybe_its_defence_L3231_3236(
    margin: int, outcome: str, defends: bool
) -> None:
    live, eid, _ = _fight()
    assert "none" not in _reactions(live, eid, "p1", "p2")
    _operated(live, eid, "p2", "stun_effect", {"attacker_margin": margin}, outcome)
    # the Brute cannot attack: no attack offered, the step refused, for the GM too
    with pytest.raises(EcranError) as refused:
        enc.attack_options(live.now, GAME, live.gm, eid, "p2", "p1")
    said = refused.value.text("fr")
    assert said.startswith("Brute ne peut pas attaquer : ") and "\n" not in said
    with pytest.raises(EcranError) as refused:
        enc.attack(live.now, GAME, live.gm, eid, "p2", "p1", "", {}, option=0, seed=1)
    assert refused.value.text("fr") == said
    with pytest.raises(EcranError):  # nor any check the GM names
        enc.attack(live.now, GAME, live.gm, eid, "p2", "p1", "attack", {}, seed=1)
    # Ana's attacks on him: his defence, or none when he lost his reaction too
    reactions = _reactions(live, eid, "p1", "p2")
    assert (reactions == {"none"}) is not defends
    # his turn comes and goes (he loses it), then the stun is over: he attacks and defends
    live.do(enc.next_turn(live.now, live.gm, eid))
    with pytest.raises(EcranError):
        enc.attack_options(live.now, GAME, live.gm, eid, "p2", "p1")
    live.do(enc.next_turn(live.now, live.gm, eid))
    assert enc.attack_options(live.now, GAME, live.gm, eid, "p2", "p1")
    assert "none" not in _reactions(live, eid, "p1", "p2")


def _bearer_sheet(live: Any, eid: str, cid: str, pid: str) -> dict[str, Any]:
    """The bearer's sheet as it stands: p1's stored character (a new version each change),
    p2's NPC sheet held in the encounter."""
    if pid == "p1":
        sheet: dict[str, Any] = live.now.characters[cid].sheet
        return sheet
    found = live.now.encounters[eid].encounter.participants[pid].sheet
    assert found is not None
    return found


@pytest.mark.parametrize("pid", ["p1", "p2"])
def test_a_knock_out_ends_with_its_turns_and_lifts_the_unconsciousness_L3203_3208(
    pid: str,
) -> None:
    """On a stored character (p1: a new version) or an NPC (p2: its sheet in the encounter)."""
    live, eid, cid = _fight()

    def sheet() -> dict[str, Any]:
        return _bearer_sheet(live, eid, cid, pid)

    _operated(
        live,
        eid,
        pid,
        "knockout_effect",
        {"attacker_margin": 2, "knockout_save": "average"},
        "unconscious",
    )
    assert "unconscious" in sheet()["conditions"]
    (knocked,) = live.now.encounters[eid].encounter.participants[pid].conditions
    assert knocked.rounds == 2 and knocked.lifts == "unconscious"
    ended = None
    for _ in range(6):  # two of the bearer's turns, whoever's turn it was when put on
        ended = live.do(enc.next_turn(live.now, live.gm, eid))
        if ended.payload["expired"]:
            break
    assert ended is not None and ended.payload["expired"] == [knocked.name]
    assert live.now.encounters[eid].encounter.participants[pid].conditions == ()
    assert "unconscious" not in sheet()["conditions"]
    # one undo puts both back: the condition on the tracker, the sheet's unconsciousness
    live.do(enc.undo(live.now, live.gm, eid))
    assert "unconscious" in sheet()["conditions"]
    assert live.now.encounters[eid].encounter.participants[pid].conditions != ()
    assert live.now == rebuild(live.events)


def test_the_command_lines_planned_attack_refuses_the_stunned_in_the_same_line() -> None:
    """`ecran encounter attack` on the tracker's fight file (`readable_fight`, the stun riding
    on the Brute's sheet as `ongoing`) refuses his attack as the tracker does, word for word."""
    from ecran.engine.fight.chances import planned_attack
    from ecran.play.fight_file import readable_fight

    live, eid, _ = _fight()
    _operated(live, eid, "p2", "stun_effect", {"attacker_margin": 20}, "loses_action_and_reaction")
    with pytest.raises(EcranError) as web:
        enc.attack_options(live.now, GAME, live.gm, eid, "p2", "p1")
    now = live.now.encounters[eid].encounter
    data = readable_fight("organique", now, live.now.characters, "fr")
    with pytest.raises(EcranError) as cli:
        planned_attack(data, "Brute", "Ana")
    assert cli.value.text == web.value.text
    # Ana is not stunned: her planned attack is computed, on a Brute without defence
    assert planned_attack(data, "Ana", "Brute").attack


def test_pain_shock_takes_the_bearers_next_action_on_the_tracker_L502_510() -> None:
    """The `shock_effect` operation on the tracker: its lost action (L502-510) is a condition
    of one turn, the Brute's attack refused until his turn has passed."""
    live, eid, _ = _fight()
    _operated(live, eid, "p2", "shock_effect", {"difficulty": 60}, "loses_action_and_reaction")
    (shocked,) = live.now.encounters[eid].encounter.participants["p2"].conditions
    assert shocked.name == "choqué : perd sa prochaine action et sa prochaine réaction"
    with pytest.raises(EcranError):
        enc.attack_options(live.now, GAME, live.gm, eid, "p2", "p1")
    assert _reactions(live, eid, "p1", "p2") == {"none"}
    live.do(enc.next_turn(live.now, live.gm, eid))
    live.do(enc.next_turn(live.now, live.gm, eid))
    assert enc.attack_options(live.now, GAME, live.gm, eid, "p2", "p1")


@pytest.mark.parametrize("pid", ["p1", "p2"])
def test_a_knock_out_removed_by_hand_wakes_the_bearer_L3203_3208(pid: str) -> None:
    """The GM removes the knock-out before its turns run out: what its end lifts is lifted
    (`System.all_lifted`, the path of its running out), the sheet's unconsciousness with it,
    in one step that one undo takes back."""
    live, eid, cid = _fight()

    def sheet() -> dict[str, Any]:
        return _bearer_sheet(live, eid, cid, pid)

    params = {"attacker_margin": 5, "knockout_save": "average"}
    _operated(live, eid, pid, "knockout_effect", params, "unconscious")
    assert "unconscious" in sheet()["conditions"]
    (knocked,) = live.now.encounters[eid].encounter.participants[pid].conditions
    assert knocked.rounds == 5
    live.do(enc.remove_condition(live.now, live.gm, eid, pid, knocked.name))
    assert live.now.encounters[eid].encounter.participants[pid].conditions == ()
    assert "unconscious" not in sheet()["conditions"]
    live.do(enc.undo(live.now, live.gm, eid))
    assert "unconscious" in sheet()["conditions"]
    assert live.now == rebuild(live.events)


def test_a_condition_typed_by_the_gm_removed_by_hand_changes_no_sheet() -> None:
    live, eid, cid = _fight()
    live.do(enc.add_condition(live.now, live.gm, eid, "p1", "inconscient", 3))
    before = live.now.characters[cid]
    made = live.do(enc.remove_condition(live.now, live.gm, eid, "p1", "inconscient"))
    assert made.payload["characters"] == [] and live.now.characters[cid] == before
