"""Issue 29: a generated NPC is named from its game's list of French names (`data/npc_names.toml`),
picked by its seed: the same seed the same name, never "PNJ 2490772188379184708"."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules.sheet import npc_names
from language.finder import SYSTEMS


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_drawn_npc_is_named_from_its_game_s_list_by_its_seed(system_id: str) -> None:
    system = all_systems()[system_id]
    listed = npc_names(f"ecran.systems.{system_id}")
    assert len(listed) >= 20 and len(set(listed)) == len(listed)
    names = [system.random_npc(Roller(seed), lang="fr").name for seed in range(12)]
    assert all(name in listed for name in names), names
    assert len(set(names)) > 6  # the seed picks among them
    again = system.random_npc(Roller(5), lang="en").name
    assert again == names[5]  # a name is no word: the same in English
    huge = system.random_npc(Roller(2490772188379184708), lang="fr").name
    assert huge in listed and not re.search(r"\d", huge)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_npc_command_prints_a_name(cli: Callable[..., Any], system_id: str) -> None:
    first = cli("npc", system_id, "--seed", "3").out.splitlines()[0]
    assert first.split(" — ")[0] in npc_names(f"ecran.systems.{system_id}")


EXAMPLE = Path(__file__).parent.parent.parent / "docs" / "examples" / "table.json"


def test_an_export_made_before_npcs_had_names_still_verifies(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    """The guide's example export drew its NPC as « PNJ … »: its dice and sheet are the seed's,
    so it verifies; the same NPC under any other name than the old generator's does not."""
    ok = cli("verify", str(EXAMPLE))
    assert ok.code == 0 and "0 en défaut" in ok.out, ok.out
    data = json.loads(EXAMPLE.read_text("utf-8"))
    sheets = [
        p["sheet"]
        for e in data["events"]
        if e["kind"] == "encounter"
        for p in e["payload"]["encounter"]["participants"].values()
        if p.get("sheet") and str(p["sheet"].get("name", "")).startswith("PNJ ")
    ]
    assert sheets
    for sheet in sheets:
        sheet["name"] = "Quelqu'un d'autre"
    renamed = tmp_path / "renamed.json"
    renamed.write_text(json.dumps(data), "utf-8")
    assert cli("verify", str(renamed)).code == 1
    # the failing step named in the reader's language (its summary), one language per line
    english = cli("--lang", "en", "verify", str(renamed)).out
    assert "roll #11 (Eve joins): the sheet is not the dice's" in english
    french = cli("verify", str(renamed)).out
    assert "jet n° 11 (Eve entre dans la rencontre) : la feuille n'est pas" in french
