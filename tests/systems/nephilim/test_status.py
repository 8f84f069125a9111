"""`System.status` for Nephilim: what ends a character's part in a fight, read from the wound and
fatigue tracks (seed L72-88): the wound track's "Mort" is death, the fatigue track's "Évanoui"
is out of play, "Incapacité" and "Épuisé" still fight. Box map per §9 A2 (the `track_boxes`
reading: "pairs" puts the last state on box 10, "zero_alone" on box 9)."""

from __future__ import annotations

import pytest

from ecran.engine import get_system
from ecran.systems.nephilim.tracks import out_of_play, state
from ecran.testing import ScriptedDice
from support import Helpers

SYSTEM = get_system("nephilim")
#: The last box of "Incapacité" / "Épuisé" and the first of "Mort" / "Évanoui", per reading.
LAST_BOXES = {"pairs": (9, 10), "zero_alone": (8, 9)}


sheet = Helpers(SYSTEM).sheet


apply = Helpers(SYSTEM).apply


@pytest.mark.parametrize("reading", sorted(LAST_BOXES))
def test_incapacite_still_fights_and_mort_is_death_L78_L88(reading: str) -> None:
    """L78: the wound track ends "Incapacité" (malus 4, L79), then "Mort". An incapacitated
    character still acts, with a Constitution test every round against the coma (L88): up.
    The next box is Mort: dead, whichever box map (§9 A2)."""
    last_up, first_dead = LAST_BOXES[reading]
    assert state("wound", last_up, reading).label.fr == "Incapacité"
    assert SYSTEM.status(sheet(wounds=last_up, track_boxes=reading)) == "up"
    assert state("wound", first_dead, reading).label.fr == "Mort"
    assert SYSTEM.status(sheet(wounds=first_dead, track_boxes=reading)) == "dead"


@pytest.mark.parametrize("reading", sorted(LAST_BOXES))
def test_epuise_still_fights_and_evanoui_is_out_not_dead_L83_L88(reading: str) -> None:
    """L83: the fatigue track ends "Épuisé" (malus 4, L84, a Ka test every round, L88), then
    "Évanoui": unconscious, out of play but alive."""
    last_up, first_out = LAST_BOXES[reading]
    assert state("fatigue", last_up, reading).label.fr == "Épuisé"
    assert SYSTEM.status(sheet(fatigue=last_up, track_boxes=reading)) == "up"
    assert state("fatigue", first_out, reading).label.fr == "Évanoui"
    fainted = sheet(fatigue=first_out, track_boxes=reading)
    assert SYSTEM.status(fainted) == "out"


def test_the_coma_of_a_failed_incapacity_round_is_out_not_dead_L88() -> None:
    """L88: an incapacitated character who fails his Constitution + Constitution test against
    0 sinks into a coma, "il coche alors toutes les cases de son compteur de fatigue": out of
    play, alive (his wounds stay at Incapacité)."""
    dying = sheet(wounds=8, characteristics={"constitution": 0})
    assert SYSTEM.status(dying) == "up"
    coma = apply(dying, "incapacity_round", ScriptedDice([0, 4])).sheet
    assert (coma.wounds, coma.fatigue) == (8, 10)
    assert SYSTEM.status(coma) == "out"


def test_mort_is_dead_even_when_unconscious_too_L78_L83() -> None:
    """Both tracks at their last state: the wound track's Mort (L78) wins over Évanoui."""
    assert SYSTEM.status(sheet(wounds=10, fatigue=10)) == "dead"


@pytest.mark.parametrize("reading", sorted(LAST_BOXES))
@pytest.mark.parametrize("wounds", range(11))
@pytest.mark.parametrize("fatigue", range(11))
def test_status_stops_exactly_where_the_sheet_is_out_of_play(
    reading: str, wounds: int, fatigue: int
) -> None:
    """The status leaves "up" exactly where the tracks' `out_of_play` says so (the same rule,
    L72-84): the encounter (which offers no attack once out of play) and the simulator agree."""
    s = sheet(wounds=wounds, fatigue=fatigue, track_boxes=reading)
    assert (SYSTEM.status(s) != "up") == out_of_play(s)
