"""Make docs/examples/table.json again: the README tour's example table (a GM's export).

A WaRP table "Jeudi soir": Claire (GM), Alice with the character Ana (a random NPC's sheet,
seed 3), five rolls under two dice keys (the first revealed), and the encounter "Ruelle", Ana
against a random NPC, Eve. Table ids are random: after running this, put the new id in
README.md's `ecran table export …` line.

    .venv/bin/python docs/examples/make_table.py   # writes docs/examples/table.json
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from ecran.engine import get_system
from ecran.play import characters as play_characters
from ecran.play import encounter as play_encounter
from ecran.play import rolls as play_rolls
from ecran.store import open_store

HERE = Path(__file__).resolve().parent
ECRAN = Path(sys.executable).with_name("ecran")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/example.sqlite3"
        store = open_store(url)
        created = store.create_table("Jeudi soir", "warp", gm_name="Claire")
        gm = store.authenticate(created.gm_token)
        alice, _ = store.join(created.invite_token, "Alice")
        npc = subprocess.run(
            [ECRAN, "npc", "warp", "--seed", "3", "--json"], capture_output=True, check=True
        )
        sheet = json.loads(npc.stdout) | {"name": "Ana", "kind": "pc"}
        warp = get_system("warp")
        store.execute(alice, lambda s, a: play_characters.save_character(s, warp, a, sheet))
        for who, params in (
            (alice, {"dice": 3, "difficulty": 11}),
            (alice, {"dice": 4, "difficulty": 14}),
            (gm, {"dice": 2, "difficulty": 7}),
        ):
            store.execute(who, lambda s, a, p=params: play_rolls.roll(s, a, "roll", p))
        store.execute(gm, lambda s, a: play_rolls.reveal_key(s, a))
        store.execute(
            alice, lambda s, a: play_rolls.roll(s, a, "roll", {"dice": 3, "difficulty": 9})
        )
        store.execute(gm, lambda s, a: play_encounter.create(s, a, "Ruelle"))
        state = store.state(created.table.id)
        encounter, character = next(iter(state.encounters)), next(iter(state.characters))
        store.execute(
            gm,
            lambda s, a: play_encounter.add_participant(
                s, warp, a, encounter, character_id=character
            ),
        )
        store.execute(
            gm,
            lambda s, a: play_encounter.add_participant(
                s, warp, a, encounter, name="Eve", random_npc=True
            ),
        )
        store.engine.dispose()
        table = created.table.id
        out = HERE / "table.json"
        subprocess.run([ECRAN, "table", "export", table, "--database", url, "-o", out], check=True)
        print(table)


if __name__ == "__main__":
    main()
