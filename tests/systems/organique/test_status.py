"""`System.status` for organique: what ends a character's part in a fight, read from the health
tracks (L538-640, §9 A5). A mortal wound (SNG 0) alone never does; INC 0, or END 0 while
mortally wounded, puts him out of combat with INC + END rounds to get first aid; INC 0 is death
only under the reading of L551-553."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.testing import ScriptedDice

SYSTEM = get_system("organique")


def sheet(sng: float, inc: float, endurance: int, **update: Any) -> OrganiqueSheet:
    base = SYSTEM.new_character("Test").model_dump()
    base["health"].update(sng_max=4, cps_max=4, inc_max=4, sng=sng, cps=4, inc=inc)
    base.update(endurance=endurance, **update)
    return OrganiqueSheet.model_validate(base)


def hit(s: OrganiqueSheet, bs: float) -> OrganiqueSheet:
    op = SYSTEM.operation("take_hit")
    return op.run(s, op.params.model_validate({"bs": bs}), ScriptedDice()).sheet


def test_a_mortal_wound_keeps_the_character_fighting_L548_551_L591_601_L3824_3836() -> None:
    """L548-551: at SNG 0 "le personnage peut continuer à agir tant que sa réserve
    d'Incapacité (INC) ou d'Endurance (END) est supérieure à 0"; Juanita, SNG 1, takes 2.5 bs,
    falls to INC 2.5 and acts on (L3824-3836)."""
    juanita = hit(sheet(sng=1, inc=4, endurance=9), 2.5)
    assert (juanita.health.sng, juanita.health.inc) == (0, 2.5)
    assert SYSTEM.status(juanita) == "up"


def test_the_last_up_is_half_a_point_of_inc_and_one_of_end_L548_551_L628_635() -> None:
    """The last sheet still fighting: mortally wounded with INC and END both above 0; half a
    point of INC counts, as damage moves in half points (L541-613)."""
    assert SYSTEM.status(sheet(sng=0, inc=0.5, endurance=1)) == "up"


def test_end_0_while_mortally_wounded_is_out_not_dead_L634_640_L4107_4110() -> None:
    """L634-635: "Lorsque l'endurance tombe à 0, le personnage est hors de combat"; L637-640:
    he then has INC + END rounds to get first aid before dying. Tyra, END 0 and INC 2, has two
    rounds left (L4107-4110): out, not dead."""
    tyra = sheet(sng=0, inc=2, endurance=0)
    assert SYSTEM.status(tyra) == "out"
    assert SYSTEM.status(sheet(sng=0, inc=2, endurance=1)) == "up"


def test_end_0_without_a_mortal_wound_is_exhaustion_and_stops_the_fight_L331_336() -> None:
    """END 0 with blood left is exhaustion, not the health tracks' out of combat (L634-635
    needs a mortal wound), but L331-336: the exhausted character "ne peut pas rester debout, ne
    peut effectuer aucune action ou réaction de combat" — out of the fight all the same."""
    assert SYSTEM.status(sheet(sng=0.5, inc=4, endurance=0)) == "out"
    assert SYSTEM.status(sheet(sng=0.5, inc=4, endurance=1)) == "up"


def test_an_unconscious_character_is_out_of_the_fight_L3195_3216() -> None:
    """A blow that knocks the victim out ("elle tombe au sol inconsciente", L3195-3216): an
    incapacitating condition stops the fight whatever the health tracks say."""
    knocked = sheet(sng=4, inc=4, endurance=10, conditions=["unconscious"])
    assert SYSTEM.status(knocked) == "out"


def test_inc_0_is_out_of_combat_dying_by_default_L614_615_L637_640_A5() -> None:
    """L614-615: INC 0 is "en incapacité, hors de combat"; L637-640 gives INC + END rounds to
    get first aid before death (§9 A5's recommended reading, the option's default). A blow
    that takes the last half point of INC puts the character out; the sheet's END, dropped by
    the fall (L377-379), is not the clock's, so nothing on the sheet says the time is up."""
    fallen = hit(sheet(sng=0, inc=0.5, endurance=6), 0.5)
    assert (fallen.health.inc, fallen.endurance) == (0, 0)
    assert fallen.inc_zero == "out_of_combat"
    assert SYSTEM.status(fallen) == "out"


@pytest.mark.parametrize(("inc", "status"), [(0.5, "up"), (0, "dead")])
def test_inc_0_is_death_under_the_reading_of_L551_553(inc: float, status: str) -> None:
    """L551-553: "Une fois sa réserve d'INC à 0, le personnage est considéré comme mort", the
    `inc_zero` option's other reading (§9 A5): the last half point of INC is the line."""
    assert SYSTEM.status(sheet(sng=0, inc=inc, endurance=3, inc_zero="dead")) == status


def test_a_healthy_character_is_up_under_either_reading_L538_640() -> None:
    for reading in ("out_of_combat", "dead"):
        assert SYSTEM.status(sheet(sng=4, inc=4, endurance=10, inc_zero=reading)) == "up"


def _state_row(s: OrganiqueSheet) -> str:
    from ecran.systems.organique.tracks import health_rows

    [state] = [row.value for row in health_rows(s) if row.label.en == "State"]
    return str(state.fr)


def test_the_first_aid_clock_is_counted_at_the_fall_to_inc_0_L637_640_L377_379() -> None:
    """L637-640: out of combat, the character "dispose d'INC + END tours pour recevoir les
    premiers soins". A fall to INC 0 drops the END reserve (L377-379): the clock is the END he
    had as he fell, 0 + 6 rounds here, not the 0 + 0 the sheet holds after the drop."""
    fallen = hit(sheet(sng=0, inc=0.5, endurance=6), 0.5)
    assert fallen.endurance == 0 and fallen.first_aid_rounds == 6
    assert _state_row(fallen) == "hors de combat : 6 tours pour les premiers soins"


def test_an_end_fall_keeps_inc_rounds_Tyra_L4107_4110() -> None:
    """Tyra, END 0 and INC 2 (L4107-4110): two rounds, read from the sheet as it is."""
    assert _state_row(sheet(sng=0, inc=2, endurance=0)) == (
        "hors de combat : 2 tours pour les premiers soins"
    )


def test_no_round_left_reads_as_first_aid_at_once_L637_640() -> None:
    """A fall with no END left (0 + 0): no round to wait, first aid now or death."""
    fallen = hit(sheet(sng=0, inc=0.5, endurance=0), 0.5)
    assert fallen.first_aid_rounds == 0
    assert _state_row(fallen) == "hors de combat : premiers soins immédiats, sinon la mort"
