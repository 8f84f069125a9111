"""Issue 18: one name for one thing, choices as people type them, the NIFIMO the tracker shows, and
NPCs by the seed's levels (L77-96)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ecran
from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import EcranError, FieldMeta
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.testing import ScriptedDice

SYSTEM = get_system("artemis")


def odds(check: str, **params: Any) -> dict[str, str]:
    return {o.outcome: o.probability for o in ecran.odds("artemis", check, **params).outcomes}


# -- the Résistance score is `resistance` (L121-125) --------------------------------------------


def test_resistance_takes_its_score_as_resistance_and_still_reads_skill_L121_125(cli) -> None:
    """Résistance 5 at the fixed thresholds 12 / 9-11 / 8 (L121-125): 1/2 cancel none, 17/36
    one, 1/36 two (only a confirmed 9 reaches 12)."""
    expected = {"cancel_none": "1/2", "cancel_one": "17/36", "cancel_two": "1/36"}
    assert odds("resistance", resistance=5) == expected
    assert odds("resistance", skill=5) == expected  # the older name, kept as an alias
    result = cli("odds", "artemis", "resistance", "--resistance", "5", "--json")
    assert result.code == 0
    shown = {o["outcome"]: o["probability"] for o in json.loads(result.out)["outcomes"]}
    assert shown == expected


def test_the_wound_procedure_names_its_resistance_the_same_L714_725() -> None:
    """EX5 (L714-725): combat suit (2), Résistance 5, Flamberge (5), die 4: total 9 cancels the
    serious wound: //."""
    check = SYSTEM.check("damage")
    for name in ("resistance", "skill"):
        params = check.parse({name: 5, "category": 5, "protection": 2})
        assert check.resolve(params, ScriptedDice(4)).outcome == "s0_l2"


# -- named choices as people type them ------------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "difficulty"),
    [("Très encombré", 9), ("tres encombre", 9), ("Confiné", 15), ("very cluttered", 9)],
)
def test_a_dodge_space_is_read_in_the_sheets_words_L137_146(space: str, difficulty: int) -> None:
    """Very cluttered: difficulty 9 (L141-143); confined: 15 (L144-146)."""
    check = SYSTEM.check("dodge")
    assert check.difficulty(check.parse({"skill": 5, "space": space})) == difficulty


def test_the_cli_takes_the_books_capitalised_words(cli) -> None:
    result = cli("odds", "artemis", "dodge", "--skill", "5", "--space", "Très encombré", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["params"]["space"] == "very_cluttered"


def test_operations_read_peoples_words_too_L686_699() -> None:
    sheet = SYSTEM.new_character("Julie")
    op = SYSTEM.operation("adjust_marks")
    change = op.run(sheet, op.params.model_validate({"line": "Peur", "light": 1}), Roller(1))
    assert change.sheet.nifimo.peur.light == 1
    test = SYSTEM.operation("nifimo_test").params.model_validate({"track": "fear"})
    assert test.track == "peur"  # type: ignore[attr-defined]


def test_every_named_choice_has_french_and_english_words() -> None:
    """Every Literal of every check and operation of Artémis: each value has its own words, so a
    form shows no id and people may type them."""
    models = [c.params for c in SYSTEM.checks] + [o.params for o in SYSTEM.operations]
    models.append(SYSTEM.npc_params)
    for model in models:
        for name, meta in FieldMeta.of_model(model).items():
            for value in meta.choices:
                assert str(value) in meta.choice_labels, (model.__name__, name, value)


# -- the NIFIMO the tracker shows (L686-699) -------------------------------------------------


def wounded(light: int, serious: int) -> ArtemisSheet:
    return tracks.add_marks(SYSTEM.new_character("Julie"), "blessure", light, serious)


def test_two_light_and_one_serious_wound_read_as_the_sheet_writes_them_L100_106_L688() -> None:
    """The players' card read "Blessure 3 (0)" and "Malus aux tests -0". The seed writes a
    serious wound before the light ones, "x / /" (L104); the malus columns are 0, -1, -2, -4
    (L688) and, by the labelled house rule of 3 boxes a column, three marks still sit in the
    0 column: malus 0, printed "0", never "-0"."""
    rows = {r.label.fr: r for r in SYSTEM.tracks(wounded(2, 1))}
    assert rows["Blessure"].value.fr == "x// (3) · malus 0"
    assert rows["Malus aux tests"].value.fr == "0"
    assert "règle maison" in rows["Malus aux tests"].note.fr
    assert "house rule" in rows["Malus aux tests"].note.en
    worse = {r.label.fr: r.value.fr for r in SYSTEM.tracks(wounded(2, 2))}
    assert worse["Blessure"] == "xx// (4) · malus -1"  # the fourth box opens column -1
    assert worse["Malus aux tests"] == "-1"


def test_the_tracker_shows_at_least_the_nifimo_players_see_today() -> None:
    sheet = wounded(1, 0)
    nifimo = next(s for s in SYSTEM.sections(sheet) if s.title.en == "NIFIMO")
    assert SYSTEM.tracks(sheet) == nifimo.rows
    labels = [r.label.fr for r in nifimo.rows]
    assert labels[:5] == [line.fr for line in tables.nifimo().line]


# -- NPCs by the seed's levels (L77-96) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "score"),
    [("debutant", 3), ("Amateur", 4), ("Confirmé", 5), ("professionnel", 6), ("Expert", 8)],
)
def test_an_npc_lives_by_its_trade_at_the_chosen_level_L79_93(level: str, score: int) -> None:
    """ "s'il gagne sa vie avec … il est Professionnel et son score est 6", "spécialiste … Expert
    et son score est 8" (L88-93): the weapon and acquired skills take that score."""
    innate = {s.id for s in tables.skills().innate}
    for seed in range(4):
        npc = SYSTEM.random_npc(Roller(seed), level=level)
        assert npc.weapons[0].score == score
        assert all(v == score for k, v in npc.scores.items() if k not in innate)
        assert all(3 <= npc.scores[k] <= 8 for k in innate)  # rolled: 2d6 keep low + 2
        assert SYSTEM.validate(npc) == []


def test_npc_levels_are_declared_for_the_cli_and_forms() -> None:
    fields = FieldMeta.of_model(SYSTEM.npc_params)
    assert fields["level"].choices == (
        "random",
        "debutant",
        "amateur",
        "confirme",
        "professionnel",
        "expert",
    )
    assert fields["level"].choice_label("confirme").fr == "Confirmé"
    # Maître has no NPC score in the seed (A10): refused in one line
    with pytest.raises(EcranError):
        SYSTEM.random_npc(Roller(1), level="maitre")


def test_the_default_npc_is_the_one_rolled_before_L94_96() -> None:
    assert SYSTEM.random_npc(Roller(3)) == SYSTEM.random_npc(Roller(3), level="random")


def test_a_skill_test_takes_the_skills_name_as_the_sheet_prints_it_L458_517() -> None:
    """ "Résistance", "sens du combat": the sheet's names (L458-517), not only ids; an unknown
    skill is refused instead of being rolled at score 0."""
    sheet = SYSTEM.new_character("Julie")
    op = SYSTEM.operation("skill_test")
    # Résistance 3 (Débutant) + 5 = 8 against 6: success (L41-44)
    change = op.run(sheet, op.params.model_validate({"skill": "Résistance"}), ScriptedDice(5))
    assert change.summary.fr == "Résistance : réussite (8)"
    change = op.run(sheet, op.params.model_validate({"skill": "SENS DU COMBAT"}), ScriptedDice(2))
    assert change.resolution is not None and change.resolution.total == 5
    with pytest.raises(EcranError):
        op.run(sheet, op.params.model_validate({"skill": "Lancer de couteau"}), ScriptedDice(2))
