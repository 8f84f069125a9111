"""Every registered game can be played at a table: a random NPC enters an encounter and gets an
initiative (the system's roll, or the GM's value where the system has none)."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.play import encounter as enc
from ecran.play.characters import save_character
from ecran.rules import EcranError, all_systems, get_system
from play.toy import LiveTable

GAMES = sorted(s for s in all_systems() if s != "toy")


@pytest.mark.parametrize("system_id", GAMES)
def test_a_random_npc_joins_an_encounter_and_gets_an_initiative(system_id: str) -> None:
    system = get_system(system_id)
    live = LiveTable(system_id)
    try:
        npc = system.random_npc(Roller(1)).model_dump(mode="json")
    except EcranError:
        pytest.skip(f"{system_id} generates no NPC yet")
    saved = live.do(save_character(live.now, system, live.gm, npc))
    cid = saved.payload["character"]["id"]
    eid = live.do(enc.create(live.now, live.gm, "Scène")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, system, live.gm, eid, character_id=cid))
    live.do(enc.add_participant(live.now, system, live.gm, eid, sheet=npc))
    try:
        live.do(enc.roll_initiative(live.now, system, live.gm, eid, seed=5))
    except EcranError:
        for pid in ("p1", "p2"):
            live.do(enc.set_initiative(live.now, live.gm, eid, pid, 10))
    live.do(enc.start(live.now, live.gm, eid))
    live.do(enc.next_turn(live.now, live.gm, eid))
    assert live.now.encounters[eid].encounter.current == live.now.encounters[eid].encounter.order[1]
