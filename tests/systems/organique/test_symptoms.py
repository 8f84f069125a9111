"""The symptoms of drugs, diseases and poisons (L835-913) as conditions with their effects,
through `ecran op organique …` as a GM uses it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ecran.engine import get_system
from ecran.testing import ScriptedDice


def _sheet(tmp_path: Path, **update: Any) -> Path:
    sheet = get_system("organique").new_character("Tim")
    sheet = sheet.model_copy(update=update)
    path = tmp_path / "tim.json"
    path.write_text(sheet.model_dump_json(), encoding="utf-8")
    return path


def _op(cli: Any, path: Path, *args: str) -> dict[str, Any]:
    result = cli("op", "organique", *args[:1], str(path), *args[1:], "--json", "-o", str(path))
    assert result.code == 0, result.err
    report: dict[str, Any] = result.json()
    return report


def test_cardiac_arrest_takes_one_wound_point_each_round_L863(cli: Any, tmp_path: Path) -> None:
    path = _sheet(tmp_path)
    _op(cli, path, "condition", "--condition", "cardiac_arrest")
    first = _op(cli, path, "end_of_round", "--no-exertion")
    assert first["sheet"]["health"]["sng"] == 3
    second = _op(cli, path, "end_of_round", "--no-exertion")
    assert second["sheet"]["health"]["sng"] == 2
    assert "Arrêt cardiaque" in second["summary"]["fr"]


SYSTEM = get_system("organique")


def _strike(symptom: str, *faces: int, sheet: Any = None, **values: Any) -> Any:
    op = SYSTEM.operation("symptom")
    tim = sheet or SYSTEM.new_character("Tim")
    return op.run(
        tim, op.params.model_validate({"symptom": symptom, **values}), ScriptedDice(*faces)
    )


def test_coma_failed_by_more_than_10_is_also_a_cardiac_arrest_L864_866(
    cli: Any, tmp_path: Path
) -> None:
    path = _sheet(tmp_path)
    report = _op(cli, path, "symptom", "--symptom", "Coma", "--failure-margin", "11")
    assert report["sheet"]["conditions"] == ["coma", "cardiac_arrest"]
    # ... and the arrest takes its wound point at the end of the round (L863).
    assert _op(cli, path, "end_of_round")["sheet"]["health"]["sng"] == 3
    by_11 = _strike("coma", failure_margin=11)
    assert by_11.sheet.conditions == ["coma", "cardiac_arrest"]
    by_10 = _strike("coma", failure_margin=10)
    assert by_10.sheet.conditions == ["coma"]
    assert SYSTEM.attacks(by_10.sheet, SYSTEM.new_character("X")) == []


def test_a_resisted_symptom_changes_nothing_L121_153() -> None:
    # VOL 10 + 15 against 20 succeeds.
    change = _strike("panic", 15, difficulty=20)
    assert change.resolution.outcome == "resisted" and change.sheet.conditions == []


def test_unconsciousness_lasts_one_round_per_point_of_failure_L910_911() -> None:
    # END/VOL (10, 10) + 2 against 20: failed by 8 → 8 rounds.
    change = _strike("unconsciousness", 2, difficulty=20)
    assert change.sheet.conditions == ["unconscious"]
    (put,) = change.conditions
    assert put.rounds == 8 and put.label.fr == "Inconscient"


def test_momentary_amnesia_1d6_rounds_L908_909() -> None:
    change = _strike("momentary_amnesia", 4)
    assert [p.rounds for p in change.conditions] == [4]


def test_paralysis_beyond_10_stops_breathing_L893_896() -> None:
    change = _strike("paralysis", failure_margin=11)
    assert change.sheet.conditions == ["paralysed", "respiratory_arrest"]
    end = SYSTEM.operation("end_of_round")
    after = end.run(
        change.sheet, end.params.model_validate({"exertion": False}), ScriptedDice()
    ).sheet
    assert after.endurance == change.sheet.endurance - 1


def test_stroke_1d6_minutes_and_brain_damage_beyond_10_L899_902() -> None:
    change = _strike("stroke", 3, failure_margin=11)
    assert "unconscious" in change.sheet.conditions
    assert change.conditions[0].label.fr == "Inconscient (3 min)"
    c = change.sheet.characteristics
    assert (c.INT, c.PER, c.AGI) == (9, 9, 9)
    mild = _strike("stroke", 3, failure_margin=6)
    assert mild.sheet.characteristics.INT == 10
    assert "séquelles physiques" in mild.summary.fr


def test_shock_end_0_halved_and_a_wound_a_minute_L903_904() -> None:
    change = _strike("shock", failure_margin=1)
    assert change.sheet.endurance == 0
    from ecran.systems.organique.tracks import effective

    assert effective(change.sheet)["AGI"] == 5
    minutes = SYSTEM.operation("minutes_pass")
    after = minutes.run(
        change.sheet, minutes.params.model_validate({"minutes": 2}), ScriptedDice()
    ).sheet
    assert after.health.sng == change.sheet.health.sng - 2


def test_stupor_int_and_vol_at_0_L905_907() -> None:
    from ecran.systems.organique.tracks import effective

    stats = effective(_strike("stupor", failure_margin=1).sheet)
    assert (stats["INT"], stats["VOL"], stats["AGI"]) == (0, 0, 10)


def test_headache_minus_1_per_point_of_failure_L879_880() -> None:
    from ecran.systems.organique.tracks import action_penalty

    assert action_penalty(_strike("headache", failure_margin=6).sheet) == -6


def test_descriptive_symptoms_are_conditions_the_tracker_shows_L861_898() -> None:
    for name in (
        "total_amnesia",
        "partial_amnesia",
        "illusions",
        "depression",
        "euphoria",
        "minor_hallucinations",
        "severe_hallucinations",
    ):
        change = _strike(name, failure_margin=1)
        assert change.sheet.conditions == [name]
        assert change.conditions and change.conditions[0].rounds is None
