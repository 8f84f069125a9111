"""Every registered game can be played at a table: a random NPC enters an encounter and gets an
initiative (the system's roll, or the GM's value where the system has none)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems, get_system
from ecran.play import encounter as enc
from ecran.play import rebuild
from ecran.play.characters import save_character
from ecran.rules import EcranError
from toy import LiveTable

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


@pytest.mark.parametrize("system_id", GAMES)
def test_the_attack_chain_of_every_game_hurts_and_undo_heals(system_id: str) -> None:
    """Two random NPCs, one stored as a character: the system's attacks between them come with
    exact odds; an attack that hits changes the target's sheet through the system's operation,
    in one step that one undo takes back whole. (A pair may be unable to hurt each other, e.g.
    an Artémis exoskeleton takes a short blade down to Égratigné: the next pair is tried.)"""
    system = get_system(system_id)
    for pair in ((1, 2), (3, 4), (5, 6), (7, 8)):
        try:
            first, second = (system.random_npc(Roller(s)).model_dump(mode="json") for s in pair)
        except EcranError:
            pytest.skip(f"{system_id} generates no NPC yet")
        live = LiveTable(system_id)
        saved = live.do(save_character(live.now, system, live.gm, second))
        cid = saved.payload["character"]["id"]
        eid = live.do(enc.create(live.now, live.gm, "Scène")).payload["encounter_id"]
        live.do(enc.add_participant(live.now, system, live.gm, eid, sheet=first))
        live.do(enc.add_participant(live.now, system, live.gm, eid, character_id=cid))
        options = enc.attack_options(live.now, system, live.gm, eid, "p1", "p2")
        assert options, f"{system_id} offers no attack (System.attacks)"
        for option in options:
            assert option.odds is not None, option.odds_error
            assert sum(Fraction(o.probability) for o in option.odds.outcomes) == 1
        before = live.now.characters[cid].sheet
        hit = _first_hit(live, system_id, eid, options, before)
        if hit is not None:
            break
    assert hit is not None, f"{system_id}: no attack changed a sheet in four NPC pairs"
    event = live.do(hit)
    assert event.payload["step"] == "attack" and event.payload["operation"] is not None
    assert live.now.characters[cid].sheet != before
    assert live.now.characters[cid].version == 2
    live.do(enc.undo(live.now, live.gm, eid))
    assert live.now.characters[cid].sheet == before
    assert live.now == rebuild(live.events)


def _first_hit(
    live: LiveTable, system_id: str, eid: str, options: list[Any], before: dict[str, Any]
) -> Any:
    """The first seeded attack that changes the target's sheet (a hit may be absorbed)."""
    system = get_system(system_id)
    for option in options:
        for seed in range(60):
            draft = enc.attack(
                live.now, system, live.gm, eid, "p1", "p2", option.check, option.params, seed=seed
            )
            changed = draft.payload["characters"]
            if changed and changed[0]["sheet"] != before:
                return draft
    return None
