"""Which encounter of a table's export the command line simulates (`fight_file.pick_encounter`),
and the fight file's refusals: one line each, naming what there is."""

from __future__ import annotations

import pytest

from ecran.play.fight_file import fight_file, pick_encounter
from ecran.play.model import StoredCharacter
from ecran.play.tracker import Encounter, EncounterState, Participant
from ecran.rules import EcranError, Text


def _states(*encounters: Encounter) -> dict[str, EncounterState]:
    return {e.id: EncounterState(encounter=e) for e in encounters}


AMBUSH = Encounter(id="e1", name="Embuscade")
DUEL = Encounter(id="e2", name="Duel à l'aube")


def test_no_name_takes_the_one_still_running_or_the_only_one() -> None:
    ended = DUEL.model_copy(update={"ended": True})
    assert pick_encounter(_states(AMBUSH, ended), None) is AMBUSH
    assert pick_encounter(_states(ended), None) is ended


def test_a_name_in_any_case_without_accents_or_the_id() -> None:
    found = _states(AMBUSH, DUEL)
    assert pick_encounter(found, "duel a l'AUBE") is DUEL
    assert pick_encounter(found, "e1") is AMBUSH


@pytest.mark.parametrize(
    ("encounters", "wanted", "said"),
    [
        ((AMBUSH, DUEL), None, "plusieurs rencontres : choisissez-en une avec --encounter"),
        ((AMBUSH, DUEL), "Siège", "aucune rencontre « Siège » dans cet export"),
        ((), None, "cet export n'a aucune rencontre"),
    ],
)
def test_refusals_name_the_encounters_there(
    encounters: tuple[Encounter, ...], wanted: str | None, said: str
) -> None:
    with pytest.raises(EcranError) as refused:
        pick_encounter(_states(*encounters), wanted)
    text = refused.value.text("fr")
    assert text.startswith(said)
    if encounters:
        assert text.endswith("(rencontres : « Embuscade », « Duel à l'aube »)")


def test_one_side_only_is_refused() -> None:
    npc = Participant(id="p1", name="Gobelin", sheet={"name": "Gobelin"})
    alone = AMBUSH.model_copy(update={"participants": {"p1": npc}, "order": ("p1",)})
    found = fight_file("toy", alone, {})
    assert isinstance(found, Text) and found("fr") == "il faut des personnages joueurs et des PNJ"


def test_the_trackers_conditions_that_act_go_into_the_file_sheets() -> None:
    """#31 item 8: a fight simulated from the tracker is the fight as played: the conditions
    an operation put on a participant (a Fluid blinding, Organique's stun: a lost action) ride
    on its sheet in the file (`ongoing`), with the turns they still last; a label the GM typed
    does nothing and stays out."""
    from ecran.dice import Roller
    from ecran.engine import get_system
    from ecran.play import tracker
    from ecran.play.encounter.conditions import put_on
    from ecran.play.payloads import ConditionPut
    from ecran.rules import PutCondition

    game = get_system("organique")
    pc = StoredCharacter(
        id="c1", owner_id="m1", sheet=game.random_npc(Roller(1)).model_dump(mode="json")
    )
    npc = Participant(
        id="p2", name="Brute", sheet=game.random_npc(Roller(2)).model_dump(mode="json")
    )
    enc = Encounter(
        id="e1",
        name="Rixe",
        participants={"p1": Participant(id="p1", name="Ana", character_id="c1"), "p2": npc},
        order=("p1", "p2"),
    )
    stun = PutCondition(Text(fr="perd sa prochaine action", en="loses next action"), 1, acts=False)
    enc = put_on(enc, "p2", [ConditionPut.of(stun)])
    enc = tracker.put_condition(enc, "p2", "furieux", None)
    found = fight_file("organique", enc, {"c1": pc})
    assert not isinstance(found, Text)
    ana, brute = found.data["participants"]
    assert "ongoing" not in ana["sheet"]
    (cond,) = brute["sheet"]["ongoing"]
    assert cond["label"]["fr"] == "perd sa prochaine action"
    assert cond["rounds"] == 1 and cond["acts"] is False
