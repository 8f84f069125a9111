"""`ecran simulate` and `ecran advise` from the command line: the JSON of CONTRACTS.md, one-line
errors."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

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
    assert "100\u202f000 essais, graine 3, 0," in trials.out
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
    assert "Espace Artémis, l. 46-53 ; Espace Artémis, l. 29-39" in advice.out
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
    run = r"\n500 combats, graine \d+, [\d,]+ s\nMarge\u00a0: à [\d,]+ points près, 19 fois"
    assert re.search(run, fight.out)
    melee = str(DATA / "melee_organique.json")  # four rounds: none of these 50 fights ends
    long = cli("encounter", "simulate", melee, "--trials", "50", "--seed", "1")
    assert long.code == 0
    assert "Aucun combat terminé." in long.out and "Tour où" not in long.out
