"""#30 item 5 on the command line: conditions in a sheet file count down and end by
themselves. `ecran op SYSTEM fin-de-tour FICHE` (`turn-end`) is the end of the bearer's turn
(`System.turn_end`: each condition's rounds run down, one that runs out gone with what it
lifts); `ecran op SYSTEM fin-de-round FICHE` (`round-end`) the round's end (the tests the
sheet's state calls for, `System.round_tests`, rolled with `--seed`, then the game's own
changes, `System.round_changes`: Organique's END reserve, L305-317, L637-640)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import click
import pytest

from ecran.cli import checks, operations
from ecran.cli.lang import set_lang
from ecran.engine import all_systems

KNOCKED = {
    "label": {"fr": "assommé", "en": "knocked out"},
    "rounds": 1,
    "acts": False,
    "lifts": "unconscious",
}
BLIND = {"label": {"fr": "aveuglé", "en": "blinded"}, "rounds": 2}


def _plain(text: str) -> str:
    """The output with French typography's narrow spaces read as spaces."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _npc(cli: Any, system: str, tmp_path: Path, **changes: Any) -> Path:
    result = cli("npc", system, "--seed", "2", "--json")
    assert result.code == 0, result.err
    sheet = {**json.loads(result.out), **changes}
    path = tmp_path / f"{system}.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    return path


def test_turn_end_counts_the_sheets_conditions_down(cli: Any, tmp_path: Path) -> None:
    sheet = _npc(cli, "organique", tmp_path, ongoing=[BLIND, KNOCKED], conditions=["unconscious"])
    out = tmp_path / "after.json"
    said = cli("op", "organique", "fin-de-tour", str(sheet), "--sortie", str(out))
    assert said.code == 0, said.err
    assert "aveuglé : 2 → 1" in _plain(said.out) and "fin : assommé" in _plain(said.out)
    after = json.loads(out.read_text(encoding="utf-8"))
    assert [(o["label"]["fr"], o["rounds"]) for o in after["ongoing"]] == [("aveuglé", 1)]
    # the knock-out's end lifts the sheet's unconsciousness (L3203-3208)
    assert "unconscious" not in after["conditions"]
    english = cli("op", "organique", "turn-end", str(sheet), "--json")
    assert english.code == 0, english.err
    report = english.json()
    assert report["operation"] == "turn_end" and report["sheet"] == after
    assert report["ended"] == ["assommé"]


def test_turn_end_without_conditions_changes_nothing(cli: Any, tmp_path: Path) -> None:
    sheet = _npc(cli, "warp", tmp_path)
    said = cli("op", "warp", "fin-de-tour", str(sheet), "--json")
    assert said.code == 0, said.err
    assert said.json()["sheet"] == json.loads(sheet.read_text(encoding="utf-8"))
    assert "aucun état" in _plain(cli("op", "warp", "fin-de-tour", str(sheet)).out)


def test_round_end_rolls_the_haemorrhages_tests_with_the_seed(cli: Any, tmp_path: Path) -> None:
    base = json.loads(cli("npc", "fluid", "--seed", "2", "--json").out)
    bleeding = {**base["condition"], "haemorrhage": True, "haemorrhage_penalty": 3}
    sheet = _npc(cli, "fluid", tmp_path, condition=bleeding)
    first = cli("op", "fluid", "round-end", str(sheet), "--seed", "5", "--json")
    again = cli("op", "fluid", "fin-de-round", str(sheet), "--graine", "5", "--json")
    assert first.code == 0, first.err
    assert first.json() == again.json()
    report = first.json()
    assert [s["operation"] for s in report["steps"]] == ["will_or_coma", "bleed"][
        : len(report["steps"])
    ]
    assert report["steps"][0]["operation"] == "will_or_coma" and report["seed"] == 5
    said = cli("op", "fluid", "fin-de-round", str(sheet), "--graine", "5")
    assert "Hémorragie : test de VOL ou coma" in _plain(said.out) and "graine" in _plain(said.out)


def test_round_end_spends_organiques_endurance_L305_317(cli: Any, tmp_path: Path) -> None:
    sheet = _npc(cli, "organique", tmp_path)
    before = json.loads(sheet.read_text(encoding="utf-8"))["endurance"]
    out = tmp_path / "after.json"
    said = cli("op", "organique", "fin-de-round", str(sheet), "-o", str(out))
    assert said.code == 0, said.err
    assert "Fin du tour : réserve d'END" in _plain(said.out)
    assert json.loads(out.read_text(encoding="utf-8"))["endurance"] == before - 1


def test_a_sheet_with_nothing_to_do_at_the_rounds_end(cli: Any, tmp_path: Path) -> None:
    sheet = _npc(cli, "warp", tmp_path)
    report = cli("op", "warp", "round-end", str(sheet), "--json").json()
    assert report["steps"] == [] and report["sheet"] == json.loads(sheet.read_text("utf-8"))


def test_every_command_listed_in_french_has_a_french_name() -> None:
    """`ecran op fluid --help` listed `bleed`, a raw id, among French names: every game's
    operations and checks, as French lists them, are French names of the data (`names.toml`)
    or of their French title."""
    set_lang("fr")
    try:
        for build in (operations.build, lambda lang: checks.build("odds", lang)):
            root = build("fr")
            ctx = click.Context(root)
            for system_id in all_systems():
                group = root.get_command(ctx, system_id)
                assert isinstance(group, click.Group)
                aliases = group._aliases(ctx)  # type: ignore[attr-defined]
                shown = group.list_commands(ctx)
                raw = [e for e in aliases.english if e not in aliases.primary]
                assert raw == [], (system_id, raw)
                assert shown == [aliases.primary[e] for e in aliases.english]
    finally:
        set_lang("fr")


def test_the_round_end_of_a_sheet_from_standard_input(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = _npc(cli, "organique", tmp_path)
    from_file = cli("op", "organique", "round-end", str(sheet), "--seed", "1", "--json").json()
    data = sheet.read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    from_stdin = cli("op", "organique", "fin-de-round", "-", "--graine", "1", "--json")
    assert from_stdin.code == 0, from_stdin.err
    assert from_stdin.json() == from_file


def test_bad_input_is_one_line(cli: Any, tmp_path: Path) -> None:
    sheet = _npc(cli, "warp", tmp_path)
    for args in (
        ["op", "fluid", "fin-de-tour", str(sheet)],
        ["op", "warp", "fin-de-round", str(tmp_path / "missing.json")],
        ["op", "warp", "round-end", str(sheet), "--seed", "-1"],
    ):
        result = cli(*args)
        assert result.code == 2, args
        assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
