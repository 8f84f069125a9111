"""`ecran simulate` and `ecran advise` from the command line: the JSON of CONTRACTS.md, one-line
errors."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent.parent / "engine" / "data"


def test_simulate_json_contract(cli: Any) -> None:
    args = ("simulate", "artemis", "test", "--skill", "5", "--difficulty", "7")
    result = cli(*args, "--trials", "5000", "--seed", "4", "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert set(report) == {"system", "check", "params", "trials", "seed", "outcomes", "seconds"}
    assert [o["outcome"] for o in report["outcomes"]] == ["failure", "uncertainty", "success"]
    assert sum(o["count"] for o in report["outcomes"]) == 5000 and report["seed"] == 4
    assert report["params"]["professional"] is False
    assert (
        cli(*args, "--trials", "5000", "--seed", "4", "--json").json()["outcomes"]
        == report["outcomes"]
    )


def test_advise_json_contract(cli: Any) -> None:
    result = cli("advise", "artemis", "test", "--skill", "5", "--difficulty", "8", "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert {"system", "check", "params", "choices"} <= set(report)
    first = report["choices"][0]
    assert {"label", "changes", "cost", "outcomes"} <= set(first)
    assert {"outcome", "probability", "p"} == set(first["outcomes"][0])


def test_bad_input_is_one_line_and_exit_2(cli: Any) -> None:
    for args in (
        ["simulate", "artemis", "test", "--skill", "5", "--difficulty", "7", "--trials", "0"],
        ["simulate", "artemis", "test", "--skill", "5", "--difficulty", "7"],
        ["simulate", "artemis", "nope", "--trials", "5"],
        ["advise", "artemis", "test", "--skill", "5"],
        ["advise", "demo", "d6"],
        [
            "advise",
            "nephilim",
            "test",
            "--characteristic",
            "1",
            "--difficulty",
            "0",
            "--either",
            "skill",
        ],
    ):
        result = cli(*args)
        assert result.code == 2, (args, result.err)
        assert len(result.err.strip().splitlines()) == 1, result.err
        assert "Traceback" not in result.err


def test_encounter_simulate_json(cli: Any) -> None:
    from pathlib import Path

    file = Path(__file__).parent.parent / "engine" / "data" / "duel_organique.json"
    result = cli("encounter", "simulate", str(file), "--trials", "200", "--seed", "5", "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert [s["side"] for s in report["sides"]] == ["PJ", "PNJ"]
    assert {p["name"] for p in report["participants"]} == {"Ana", "Eve"}
    assert 0 < report["margin"] < 0.2  # 200 fights: an estimate says how good it is
    bad = cli("encounter", "simulate", str(file.parent / "missing.json"), "--trials", "5")
    assert bad.code == 2 and len(bad.err.strip().splitlines()) == 1


def test_encounter_attack_json(cli: Any) -> None:
    from pathlib import Path

    file = Path(__file__).parent.parent / "engine" / "data" / "duel_warp.json"
    args = ("encounter", "attack", str(file), "--attacker", "Ana", "--target", "Eve", "--json")
    result = cli(*args)
    assert result.code == 0, result.err
    assert result.json()["out"] == "6043/46656"


def test_a_fluid_planned_attack_says_what_its_explosions_leave_out(
    cli: Any, tmp_path: Path
) -> None:
    import json

    from ecran.dice import Roller
    from ecran.engine import get_system

    fluid = get_system("fluid")
    people = [
        {"name": name, "side": side, "sheet": fluid.random_npc(Roller(i)).model_dump(mode="json")}
        for i, (name, side) in enumerate((("Ana", "PJ"), ("Eve", "PNJ")), start=1)
    ]
    file = tmp_path / "duel.json"
    file.write_text(json.dumps({"system": "fluid", "participants": people}), encoding="utf-8")
    args = ("encounter", "attack", str(file), "--attacker", "Ana", "--target", "Eve")
    said = cli(*args)
    assert said.code == 0, said.err
    assert re.search(
        r"hors du compte \(les plus longues explosions\)\xa0: 0,\d{3}\u202f% \(", said.out
    )
    data = cli(*args, "--json").json()
    assert 0 < data["p_unsettled"] < 0.01 and "/" in data["unsettled"]


def test_the_terminal_reports_write_numbers_and_sources_as_a_french_reader_does(cli: Any) -> None:
    """Counts grouped and decimals with a comma ("100 000 essais", "0,004 s"), the advice's
    sources by the book's title and lines, never a seed file's name, "; " spaced in French."""
    trials = cli(
        *shlex.split("simulate artemis test --skill 5 --difficulty 7 --trials 100000 --seed 3")
    )
    assert trials.code == 0
    # the time: "0,004 s", or "< 0,001 s" on a machine that draws them in under half a ms
    assert re.search(r"100\u202f000 essais, graine 3, (< )?\d+,\d+ s", trials.out), trials.out
    fight = cli(
        "encounter",
        "simulate",
        str(DATA / "duel_organique.json"),
        "--trials",
        "1000",
        "--seed",
        "1",
    )
    assert fight.code == 0
    assert "1\u202f000 combats, graine 1," in fight.out
    advice = cli("advise", "artemis", "test", "--skill", "5", "--difficulty", "8")
    assert advice.code == 0
    assert "Espace Artémis, l. 46-53\u202f; Espace Artémis, l. 29-39" in advice.out
    assert ".txt" not in advice.out
    english = cli("--lang", "en", "advise", "artemis", "test", "--skill", "5", "--difficulty", "8")
    assert "Espace Artémis, lines 46–53; Espace Artémis, lines 29–39" in english.out


def test_a_fight_report_charts_the_sides_and_the_rounds(cli: Any) -> None:
    """The terminal's fight report draws each side's chance and the rounds fights end in as
    bars, the run's line under them (not a caption wrapped at a narrow table's width); a file
    whose fights all run out of rounds says none ended instead of an empty table."""
    fight = cli("encounter", "simulate", str(DATA / "duel_organique.json"), "--trials", "500")
    assert fight.code == 0
    assert "Tour où le combat se termine" in fight.out and "█" in fight.out
    run = r"\n500 combats, graine \d+, [\d,]+ s\nMarge\u202f: à [\d,]+ points près, 19 fois"
    assert re.search(run, fight.out)
    melee = str(DATA / "melee_organique.json")  # four rounds: none of these 50 fights ends
    long = cli("encounter", "simulate", melee, "--trials", "50", "--seed", "1")
    assert long.code == 0
    assert "Aucun combat terminé." in long.out and "Tour où" not in long.out


NEPHILIM = ("advise", "nephilim", "test", "--characteristic", "2", "--difficulty", "0")


def test_advise_refuses_a_bad_value_of_either_naming_the_option_and_the_value(cli: Any) -> None:
    """Each value of --either is read by the parameter's field: a value it refuses is one line
    naming `--skill` and the value, exit 2, never an empty advice or a value left out."""
    huge = "1" + "0" * 30
    for values, shown, fr_words, en_words in (
        ("a,b", ("« a »", "'a'"), "nombre entier attendu", "whole number"),
        (f"1,{huge}", (huge, huge), "doit être ≤ 10", "must be ≤ 10"),
        ("1,", ("(valeur vide)", "(empty value)"), "nombre entier attendu", "whole number"),
    ):
        for lang, words in (("fr", fr_words), ("en", en_words)):
            value = shown[0] if lang == "fr" else shown[1]  # quoted as the language quotes
            result = cli("--lang", lang, *NEPHILIM, "--either", f"skill={values}", "--json")
            assert result.code == 2, (values, result.out)
            assert result.out == ""
            line = result.err.strip()
            assert len(line.splitlines()) == 1, line
            assert "--skill" in line and value in line and words in line, line


def test_advise_refuses_an_either_given_twice_or_a_value_repeated(cli: Any) -> None:
    for either in (("skill=1,3", "skill=4"), ("skill=1,01",)):
        args = [a for e in either for a in ("--either", e)]
        result = cli(*NEPHILIM, *args)
        assert result.code == 2 and len(result.err.strip().splitlines()) == 1, result.err
        assert "--skill" in result.err


def test_advise_json_changes_carry_the_typed_values(cli: Any) -> None:
    result = cli(*NEPHILIM, "--either", "skill=1,3", "--json")
    assert result.code == 0, result.err
    changes = [c["changes"] for c in result.json()["choices"]]
    assert changes == [{"skill": 3}, {"skill": 1}]
    labels = [c["label"] for c in result.json()["choices"]]
    assert labels == ["Compétence = 3", "Compétence = 1"]


def test_a_check_without_choices_is_named_by_its_title_and_its_game(cli: Any) -> None:
    result = cli("advise", "artemis", "test-xp", "--skill", "3", "--difficulty", "5")
    assert result.code == 2
    line = result.err.strip()
    assert "« Test en forçant le hasard » d'Espace Artémis n'offre aucun choix" in line, line
    assert "test_xp" not in line and " de artemis" not in line
    assert "Test de compétence (test)" in line  # the checks that do, as the reader reads them
    demo = cli("advise", "demo", "d6").err.strip()
    assert "de Démonstration" in demo and "(avec choix : -)" not in demo, demo
    assert "aucun test de ce jeu" in demo
    english = cli("--lang", "en", "advise", "demo", "d6").err.strip()
    assert "'One d6 against a target' of Demonstration" in english, english


def test_titles_name_the_check_and_the_game_not_their_ids(cli: Any) -> None:
    simulate = cli(
        "simulate", "artemis", "test-xp", "--skill", "3", "--difficulty", "5", "--trials", "50"
    )
    assert simulate.code == 0, simulate.err
    assert "Test en forçant le hasard — Espace Artémis" in simulate.out
    assert "test_xp" not in simulate.out and "artemis" not in simulate.out
    advised = cli(*NEPHILIM, "--either", "skill=1,3")
    assert advised.code == 0, advised.err
    assert "Test d'action — Règles pour Nephilim v3" in advised.out
    assert "nephilim test" not in advised.out
    english = cli("--lang", "en", *NEPHILIM, "--either", "skill=1,3")
    assert "Action test — Rules for Nephilim v3" in english.out


def test_encounter_attack_refuses_an_attack_past_the_list_and_a_self_attack(
    cli: Any, tmp_path: Path
) -> None:
    """Ana has two attacks against Eve (0 and 1): `--attack 99` and a file's `"attack": 99`
    are refused in one line (were: the last attack, silently), as is Ana attacking Ana."""
    import json

    file = DATA / "duel_warp.json"
    base = ("encounter", "attack", str(file), "--attacker", "Ana", "--target")
    assert cli(*base, "Eve", "--attack", "1", "--json").code == 0
    for lang, words in (
        ("fr", "attaque n° 99 inconnue : Ana en a 2 contre Eve (n° 0 ou 1)"),
        ("en", "unknown attack no. 99: Ana has 2 against Eve (no. 0 or 1)"),
    ):
        result = cli("--lang", lang, *base, "Eve", "--attack", "99", "--json")
        assert result.code == 2 and result.out == "", result.out
        assert result.err.strip() == f"ecran: {words}"
    self_attack = cli(*base, "Ana")
    assert self_attack.code == 2 and self_attack.out == ""
    assert len(self_attack.err.strip().splitlines()) == 1
    assert "même participant : Ana" in self_attack.err
    data = json.loads(file.read_text(encoding="utf-8"))
    data["participants"][0]["attack"] = 99
    chosen = tmp_path / "chosen.json"
    chosen.write_text(json.dumps(data), encoding="utf-8")
    for args in (
        ("encounter", "simulate", str(chosen), "--trials", "10"),
        ("encounter", "attack", str(chosen), "--attacker", "Eve", "--target", "Ana"),
    ):
        result = cli(*args)
        assert result.code == 2, result.out
        said = "ecran: attaque n° 99 inconnue : Ana en a 2 contre Eve (n° 0 ou 1)"
        assert result.err.strip() == said
    data["participants"][0]["attack"] = 1  # one she has: the fight runs
    chosen.write_text(json.dumps(data), encoding="utf-8")
    assert cli("encounter", "simulate", str(chosen), "--trials", "10", "--json").code == 0


def test_encounter_simulate_charts_rounds_in_each_game_s_word(cli: Any) -> None:
    """The chart of the round each fight ends in says the book's word (issue 29): WaRP's
    "round", Organique's "tour" (seed 004; `System.round_word`), in French and in English."""
    said = {}
    for game in ("warp", "organique"):
        args = ("encounter", "simulate", str(DATA / f"duel_{game}.json"), "--trials", "50")
        said[game] = (cli(*args, "--seed", "1").out, cli("--lang", "en", *args, "--seed", "1").out)
    warp, organique = said["warp"], said["organique"]
    assert "Round où le combat se termine" in warp[0] and "Tour" not in warp[0]
    assert "Tour où le combat se termine" in organique[0]
    assert re.search(r"┃\s+tour\s+┃", organique[0]) and re.search(r"┃\s+round\s+┃", warp[0])
    assert all("Round the fight ends in" in english for english in (warp[1], organique[1]))


@pytest.mark.parametrize(
    ("seconds", "lang", "said"),
    [
        (0.0042, "fr", "100\u202f000 essais, graine 3, 0,004 s"),
        (0.0001, "fr", "100\u202f000 essais, graine 3, < 0,001 s"),
        (0.0, "en", "100,000 trials, seed 3, < 0.001 s"),
        (1.5, "en", "100,000 trials, seed 3, 1.5 s"),
    ],
)
def test_a_runs_time_is_never_said_as_zero(seconds: float, lang: str, said: str) -> None:
    """A run faster than the line's millisecond says "< 0,001 s": "0 s" read as no time at
    all (and a test that read "0," failed on a fast machine, CI of the twelfth stop)."""
    from ecran.cli.lang import reset, set_lang
    from ecran.cli.simulate_cmd import run_line

    set_lang(lang)
    try:
        assert run_line(100_000, 3, seconds, ("essais", "trials")) == said
    finally:
        reset()
