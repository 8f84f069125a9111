"""`ecran odds-sheet FILE` in the terminal: every row says which action it is and at which
difficulty, as the JSON does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def test_each_row_names_its_action_and_its_difficulty(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one row per line
    drawn = cli("npc", "artemis", "--seed", "3", "--json")
    assert drawn.code == 0, drawn.err
    sheet = tmp_path / "npc.json"
    sheet.write_text(drawn.out, encoding="utf-8")
    report = json.loads(cli("odds-sheet", str(sheet), "--json").out)
    shown = cli("odds-sheet", str(sheet))
    assert shown.code == 0, shown.err
    rows = [line for line in shown.out.splitlines() if line.startswith("│")]
    labels = [a["label"] for a in report["actions"]]
    twice = next(label for label in labels if labels.count(label) > 1)
    groups = {a["group"] for a in report["actions"] if a["label"] == twice}
    for group in groups:  # the same label under two groups reads as two actions
        assert any(f"{twice} ({group})" in row for row in rows), (twice, group)
    own = next(a for a in report["actions"] if (a["params"] or {}).get("difficulty") is not None)
    row = next(r for r in rows if r.split("│")[1].strip().startswith(own["label"]))
    assert row.split("│")[2].strip() == str(own["params"]["difficulty"])
