"""`ecran advise`: the player's choices ranked by exact odds, read from each game's choices.toml."""

from __future__ import annotations

import importlib
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from ecran.engine import known_ids, odds
from ecran.engine.advise import RefusedAlternative, advise, blow_size, blows_of, choices_of
from ecran.engine.registry import get_system
from ecran.rules import EcranError
from ecran.rules.choice import load_choices


def _success_or_better(report_outcomes: list[tuple[str, str]], start: str) -> Fraction:
    names = [name for name, _ in report_outcomes]
    return sum((Fraction(p) for _, p in report_outcomes[names.index(start) :]), Fraction(0))


def test_artemis_privilege_matches_the_two_odds_calls() -> None:
    """The privilege (L46-53): the advice's odds with and without it are `ecran odds` with
    `--professional` and without, outcome by outcome, and the better is ranked first."""
    params = {"skill": 5, "difficulty": 8}
    report = advise("artemis", "test", params)
    by_changes = {
        (c.check, c.changes.get("professional")): c for c in report.choices if c.check == "test"
    }
    for professional in (False, True):
        choice = by_changes[("test", professional)]
        exact = odds("artemis", "test", **params, professional=professional)
        assert [(o.outcome, o.probability) for o in choice.outcomes] == [
            (o.outcome, o.probability) for o in exact.outcomes
        ]
    with_, without = by_changes[("test", True)], by_changes[("test", False)]
    assert Fraction(with_.success) == Fraction(
        next(
            o.probability
            for o in odds("artemis", "test", **params, professional=True).outcomes
            if o.outcome == "success"
        )
    )
    assert with_.p_success > without.p_success
    assert report.choices.index(with_) < report.choices.index(without)
    assert "fatigue grave" in with_.cost and without.cost == ""


def test_choices_are_best_first() -> None:
    for system, check, params in (
        ("warp", "roll", {"dice": 3, "difficulty": 11}),
        ("fluid", "test", {"characteristic": 5, "advantage_dice": 2}),
    ):
        ranks = [c.p_success for c in advise(system, check, params).choices]
        assert ranks == sorted(ranks, reverse=True) and len(ranks) > 1


def test_experience_die_is_one_bonus_die() -> None:
    report = advise("warp", "roll", {"dice": 3, "difficulty": 11})
    best = report.choices[0]
    assert best.changes == {"bonus": 1}
    exact = odds("warp", "roll", dice=3, bonus=1, difficulty=11)
    assert best.success == str(
        _success_or_better([(o.outcome, o.probability) for o in exact.outcomes], "success")
    )


def test_multiple_actions_rank_by_expected_successes() -> None:
    report = advise("nephilim", "action", {"characteristic": 3, "skill": 4, "difficulty": 0})
    expected = [c.expected for c in report.choices]
    assert all(e is not None for e in expected)
    assert expected == sorted(expected, reverse=True)  # type: ignore[type-var]


def test_a_players_own_alternatives() -> None:
    report = advise("nephilim", "test", {"characteristic": 1, "difficulty": 2}, {"skill": [0, 3]})
    assert [c.changes for c in report.choices] == [{"skill": 3}, {"skill": 0}]


@pytest.mark.parametrize("system_id", known_ids())
def test_every_declared_choice_names_real_checks_and_parameters(system_id: str) -> None:
    """A typo in a choices.toml (a check, a parameter, a success outcome) fails here."""
    system = get_system(system_id)
    for check_name, declared in choices_of(system_id).items():
        check = system.check(check_name)
        assert declared.success in check.outcome_names()
        for decision in declared.decisions:
            assert decision.source.lines[0] > 0
            for option in decision.options:
                target = system.check(option.check) if option.check else check
                fields = target.params.model_fields
                for param in [*option.changes, *option.shift]:
                    assert param in fields, (check_name, param)


def test_a_check_without_choices_is_a_one_line_error() -> None:
    with pytest.raises(EcranError):
        advise("demo", "d6", {})


def test_combat_ranks_by_expected_damage_then_risk() -> None:
    """For an attack the issue asks for expected damage first, then risk. Artémis (L71-128,
    L173-197): a plain blow of category 3 does 3 steps on every hit of `ecran odds` (an
    uncertain result lets this defender force the parry); the all-out attack adds one category
    to the same hits, at a price the attacker pays every time (risk 1)."""
    params = {"attack": 5, "parry": 5, "category": 3}
    report = advise("artemis", "attack", params)
    assert report.ranking == "damage"
    keys = [(-Fraction(c.damage or 0), Fraction(c.risk or 0)) for c in report.choices]
    assert keys == sorted(keys)
    plain = next(
        c
        for c in report.choices
        if c.changes.get("attacker_professional") is False
        and c.changes.get("total_attack") is False
        and c.changes.get("head") is False
    )
    hit = next(
        Fraction(o.probability)
        for o in odds("artemis", "attack", **params, attacker_professional=False).outcomes
        if o.outcome == "hit"
    )
    assert Fraction(plain.damage or "x") == 3 * hit and Fraction(plain.risk or "x") == 0
    all_out = next(
        c
        for c in report.choices
        if c.changes.get("attacker_professional") is False and c.changes.get("total_attack") is True
    )
    assert Fraction(all_out.damage or "x") == 4 * hit and Fraction(all_out.risk or "x") == 1
    # with equal hit chances, more damage ranks first; with equal damage, less risk
    assert report.choices.index(all_out) < report.choices.index(plain)


def test_organique_attack_ranks_by_damage_and_other_checks_by_success() -> None:
    params = {"action": "strike", "characteristics": 23, "weapon_bs": 2, "weapon_c": 3}
    report = advise("organique", "attack", params)
    assert report.ranking == "damage"
    damages = [Fraction(c.damage or "x") for c in report.choices]
    assert damages == sorted(damages, reverse=True) and damages[0] > 0
    assert advise("artemis", "test", {"skill": 5, "difficulty": 8}).ranking == "success"
    warp = advise("warp", "roll", {"dice": 3, "difficulty": 11})
    assert all(c.damage is None for c in warp.choices)


def test_a_blow_counts_each_plus_one_of_artemis_once() -> None:
    """Artémis's "+1 catégorie" effects (L173-197) as its `hit` counts them: the all-out attack,
    the head, a defenceless target; a knock-out aims at the head (it sets `head` too), one step."""
    base = {"category": 2}
    assert blow_size("artemis", "hit", {**base, "head": True, "knockout": True}) == 3
    blow = {**base, "total_attack": True, "head": True, "defenceless": True}
    assert blow_size("artemis", "hit", blow) == 5


@pytest.mark.parametrize("system_id", known_ids())
def test_every_game_measures_its_blows_with_real_operations_and_parameters(
    system_id: str,
) -> None:
    """Each game's `data/blow.toml` (the advice's damage, game knowledge out of the engine)
    names operations of the game and parameters they take, with seed lines; every game with a
    combat attack has one."""
    system = get_system(system_id)
    measures = blows_of(system_id)
    for name, measure in measures.items():
        fields = system.operation(name).params.model_fields
        for param in (*measure.params, *measure.steps):
            assert param in fields, (name, param)
        assert 0 < measure.source.lines[0] <= measure.source.lines[1]
    if system.character is not None:
        fighter = system.new_character("A")
        assert bool(measures) == bool(system.attacks(fighter, system.new_character("B")))


def test_a_malformed_data_file_of_a_game_is_one_line_not_silence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A typo in a choices.toml (here `lines` not a pair) once made the game offer no choice
    at all, silently: it is refused in one line naming the file."""
    data = tmp_path / "badgame" / "data"
    data.mkdir(parents=True)
    (data.parent / "__init__.py").write_text("", encoding="utf-8")
    (data / "choices.toml").write_text(
        '[test]\nsuccess = "success"\n[[test.decision]]\nname = "x"\nlines = 3\n',
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(EcranError) as refused:
        load_choices("badgame", "seed.txt")
    said = str(refused.value)
    assert "badgame/data/choices.toml" in said and len(said.splitlines()) == 1


def test_a_count_the_check_does_not_have_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A choices.toml whose `count` names no parameter of the check once raised
    AttributeError (a traceback on the CLI, a 500 on the web)."""
    declared = choices_of("nephilim")
    name, counted = next((n, c) for n, c in declared.items() if c.count)
    broken = {name: replace(counted, count="no_such_parameter")}
    advise_module = importlib.import_module("ecran.engine.advise")
    monkeypatch.setattr(advise_module, "choices_of", lambda system_id: broken)
    with pytest.raises(EcranError) as refused:
        advise("nephilim", name, {"characteristic": 3, "skill": 4, "difficulty": 0})
    assert "no_such_parameter" in str(refused.value)


def test_a_callers_alternatives_are_typed_and_checked_by_the_field() -> None:
    """`alternatives` are read by the parameter's field: typed values in `changes`, a value
    the field refuses refused in one line (never an advice left empty)."""
    params = {"characteristic": 2, "difficulty": 0}
    report = advise("nephilim", "test", params, {"skill": ["1", "3"]})
    assert [c.changes for c in report.choices] == [{"skill": 3}, {"skill": 1}]
    for bad in (["a", "b"], ["1", "1" + "0" * 30]):
        with pytest.raises(RefusedAlternative) as refused:
            advise("nephilim", "test", params, {"skill": bad})
        # what it is about, for each caller to word (the command line: `--either : --skill`)
        assert (refused.value.param, refused.value.reason) == ("skill", "value")
        assert "skill" in refused.value.text("fr") and "\n" not in refused.value.text("en")


def test_an_option_taken_several_times_agrees_its_label_with_the_count() -> None:
    """Fluid's "{n} avantage{s} en points": one, then two, never "avantage(s)"."""

    report = advise("fluid", "test", {"characteristic": 5, "advantage_dice": 2}, lang="fr")
    labels = [c.label for c in report.choices]
    assert "1 avantage en points plutôt qu'en dés" in labels
    assert "2 avantages en points plutôt qu'en dés" in labels
