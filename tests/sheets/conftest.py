"""Fixtures for the printed sheets: every real system's seeded NPC, and the toy system as
`sheets_fixtures` prints it (this directory goes on the path: pytest runs with
--import-mode=importlib)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from sheets_fixtures import REAL_SYSTEMS, PrintedToy  # noqa: E402

from ecran.dice import Roller  # noqa: E402
from ecran.engine import all_systems  # noqa: E402
from ecran.rules import CharacterSheet, System  # noqa: E402


@pytest.fixture(scope="session")
def fake() -> PrintedToy:
    return PrintedToy()


@pytest.fixture(scope="session")
def npcs() -> dict[str, tuple[System[Any], CharacterSheet]]:
    """Each real system's NPC from seed 1 (what `ecran npc SYSTEM --seed 1 --json` prints)."""
    systems = all_systems()
    return {sid: (systems[sid], systems[sid].random_npc(Roller(1))) for sid in REAL_SYSTEMS}


@pytest.fixture(scope="session")
def npcs_in() -> dict[tuple[str, str], tuple[System[Any], CharacterSheet]]:
    """Each real system's NPC from seed 1 drawn by a reader of each language (its name, notes
    and traits in that language: `ecran --lang en npc SYSTEM --seed 1`)."""
    systems = all_systems()
    return {
        (sid, lang): (systems[sid], systems[sid].random_npc(Roller(1), lang))
        for sid in REAL_SYSTEMS
        for lang in ("fr", "en")
    }
