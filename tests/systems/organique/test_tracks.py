"""`System.tracks(sheet)`: what the encounter tracker shows beside an organique participant —
the rows of the sheet's "Health" section the web guessed from its English title, now said by
the system (SNG, CPS, INC L538-640; END reserve L305-353; suffering L512-529; conditions)."""

from __future__ import annotations

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.testing import ScriptedDice

SYSTEM = get_system("organique")


def _guessed(sheet: object) -> list[object]:
    """Today's guess in the web's encounter page: sections titled Health, NIFIMO, In play or
    Attributes."""
    wanted = {"Health", "NIFIMO", "In play", "Attributes"}
    return [row for sec in SYSTEM.sections(sheet) if sec.title.en in wanted for row in sec.rows]


def test_tracks_are_the_health_rows_of_the_sheet_L538_640() -> None:
    for seed in (1, 2, 3):
        npc = SYSTEM.random_npc(Roller(seed))
        assert SYSTEM.tracks(npc) == _guessed(npc)
    labels = [r.label.fr for r in SYSTEM.tracks(SYSTEM.new_character("Tim"))]
    assert labels[:4] == ["SNG (Sang)", "CPS (Corps)", "INC (Incapacité)", "Réserve d'END"]


def test_tracks_follow_a_hit_and_show_effects_in_force_L541_613_L903_904() -> None:
    hit = SYSTEM.operation("take_hit")
    tim = SYSTEM.new_character("Tim")
    hurt = hit.run(tim, hit.params.model_validate({"bs": 2}), ScriptedDice()).sheet
    rows = {r.label.fr: r.value for r in SYSTEM.tracks(hurt)}
    assert rows["SNG (Sang)"].fr == "2 / 4"
    shock = SYSTEM.operation("symptom")
    shocked = shock.run(
        hurt, shock.params.model_validate({"symptom": "shock", "failure_margin": 1}), ScriptedDice()
    ).sheet
    rows = {r.label.fr: r.value for r in SYSTEM.tracks(shocked)}
    assert rows["Réserve d'END"].fr == "0 / 10" and rows["Effets en cours"].fr == "Choc"
    assert rows["Effets en cours"].en == "Shock"
