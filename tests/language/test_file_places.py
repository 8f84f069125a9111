"""Issue #29 leftovers: a refusal of an encounter file, of the board's writes or of a live
message names each place in words (`rules.places`, as a sheet's refusals do), never a dotted
id (`participants.0.sheet.max_hp`); a sheet refused inside an encounter file says whose it is
(« la fiche d'Ana : … »). Every French message passes the typography checker."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ecran.typography import faults

Cli = Callable[..., Any]
DATA = Path(__file__).parent.parent / "engine" / "data"
#: A dotted or snake_case id: `participants.0.side`, `max_hp`, `max-rounds`.
RAW = re.compile(r"\b\w+\.\d+\b|\b[a-z]+[_-][a-z]+(?:[_-][a-z]+)*\b")


def _fight(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> str:
    data = copy.deepcopy(json.loads((DATA / "duel_warp.json").read_text("utf-8")))
    change(data)
    file = tmp_path / "fight.json"
    file.write_text(json.dumps(data), "utf-8")
    return str(file)


def _ids(said: str) -> list[str]:
    return [m for m in RAW.findall(said) if m not in {"ecran", "d'Ana", "Ana's"}]


def _hp(data: dict[str, Any]) -> None:
    data["participants"][0]["sheet"]["max_hp"] = "x"


def _side(data: dict[str, Any]) -> None:
    data["participants"][1]["side"] = ""


def _attack(data: dict[str, Any]) -> None:
    data["participants"][0]["attack"] = -1


def _rounds(data: dict[str, Any]) -> None:
    data["max_rounds"] = 0
    data["participants"][1]["sheet"]["name"] = ""


CASES = {
    "a sheet's field": (_hp, "la fiche d'Ana : ", "Ana's sheet: "),
    "a participant's side": (_side, "Participants, 2ᵉ ligne, camp", "Participants, line 2, side"),
    "a participant's attack": (_attack, "Participants, 1ʳᵉ ligne, attaque", "line 1, attack"),
    "the longest fight": (_rounds, "Longueur maximale d'un combat", "Longest fight"),
}


@pytest.mark.parametrize("case", CASES)
def test_an_encounter_files_refusal_names_places_in_words(
    cli: Cli, tmp_path: Path, case: str
) -> None:
    change, fr, en = CASES[case]
    file = _fight(tmp_path, change)
    french = cli("--lang", "fr", "encounter", "simuler", file, "--trials", "5")
    english = cli("--lang", "en", "encounter", "simulate", file, "--trials", "5")
    for said, words in ((french, fr), (english, en)):
        assert said.code == 2 and len(said.err.strip().splitlines()) == 1, said.err
        assert words in said.err and not _ids(said.err), said.err
    assert not faults(french.raw_err.removeprefix("ecran: ")), french.raw_err


def test_a_sheet_in_an_encounter_file_is_named_by_its_participant(cli: Cli, tmp_path: Path) -> None:
    def second(data: dict[str, Any]) -> None:
        data["participants"][1]["sheet"]["max_hp"] = -5

    said = cli("--lang", "fr", "encounter", "simuler", _fight(tmp_path, second), "--trials", "5")
    assert said.err.startswith("ecran: la fiche d'Eve : "), said.err
