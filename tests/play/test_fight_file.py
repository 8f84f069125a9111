"""Which encounter of a table's export the command line simulates (`fight_file.pick_encounter`),
and the fight file's refusals: one line each, naming what there is."""

from __future__ import annotations

import pytest

from ecran.play.fight_file import fight_file, pick_encounter
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
