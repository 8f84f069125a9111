"""#30 item 5: the tracker's round end applies the game's own round end where it is more than
the round's tests (`System.round_changes`), in the same step and undo, logged in French.

Organique (L309-317): « chaque tour dans lequel le personnage effectue une action
physiquement très éprouvante, cela inclue les combats » costs a point of the END reserve;
« Après être tombé hors de combat (INC ou END = 0), le personnage dispose d'INC + END tours
pour recevoir les premiers soins avant de mourir » (L637-640). Fluid's and Nephilim's round end
are their round tests (run once); WaRP and Artémis have none."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.play import encounter as enc
from ecran.play import rebuild
from ecran.play.audit import audit
from ecran.play.characters import save_character
from ecran.play.export import TableExport, export_table
from ecran.play.payloads import EncounterChanged
from ecran.play.rolls import reveal_key
from ecran.play.visibility import view_for
from toy import LiveTable

ORGANIQUE = get_system("organique")


def _npc(system_id: str, seed: int, name: str, **changes: Any) -> dict[str, Any]:
    sheet = get_system(system_id).random_npc(Roller(seed)).model_dump(mode="json")
    return {**sheet, "name": name, **changes}


def test_organiques_round_end_spends_each_fighters_endurance_L309_317() -> None:
    live = LiveTable("organique")
    ana, brute = _npc("organique", 3, "Ana"), _npc("organique", 7, "Brute")
    cid = live.do(save_character(live.now, ORGANIQUE, live.gm, ana)).payload["character"]["id"]
    eid = live.do(enc.create(live.now, live.gm, "Rixe")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, ORGANIQUE, live.gm, eid, character_id=cid, initiative=9))
    live.do(enc.add_participant(live.now, ORGANIQUE, live.gm, eid, sheet=brute, initiative=5))
    live.do(enc.start(live.now, live.gm, eid))
    within = EncounterChanged.model_validate(live.do(enc.next_turn(live.now, live.gm, eid)).payload)
    assert within.round_tests == []  # mid-round: nothing
    step = EncounterChanged.model_validate(live.do(enc.next_turn(live.now, live.gm, eid)).payload)
    assert [(t.participant_id, t.operation.operation) for t in step.round_tests] == [
        ("p1", "end_of_round"),
        ("p2", "end_of_round"),
    ]
    assert live.now.characters[cid].sheet["endurance"] == ana["endurance"] - 1
    npc = live.now.encounters[eid].encounter.participants["p2"].sheet
    assert npc is not None and npc["endurance"] == brute["endurance"] - 1
    said = step.summary.fr
    assert "Ana — Fin du tour : réserve d'END : END −1" in said
    assert "Brute — Fin du tour : réserve d'END : END −1" in said
    # `ecran verify` replays the round's end as any (`round_end.replay_problems`)
    seq = live.events[-1].seq
    live.do(reveal_key(live.now, live.gm))
    made = export_table(live.now.table, live.gm.id, [view_for(e, live.gm) for e in live.events])
    found = audit(TableExport.model_validate(made.model_dump(mode="json")))
    assert found.ok and [r.status for r in found.rolls if r.seq == seq] == ["ok"]
    live.do(enc.undo(live.now, live.gm, eid))
    assert live.now.characters[cid].sheet["endurance"] == ana["endurance"]
    assert live.now == rebuild(live.events)


def test_a_round_end_that_changes_nothing_says_nothing() -> None:
    """One out of combat (END 0) already given first aid: no END to spend, no clock to run
    (L637-640); the step rolls nothing and logs no line for it."""
    live = LiveTable("organique")
    cared = _npc("organique", 3, "Ana", endurance=0, first_aid=True)
    eid = live.do(enc.create(live.now, live.gm, "Rixe")).payload["encounter_id"]
    for sheet, value in ((_npc("organique", 7, "Brute"), 9), (cared, 5)):
        live.do(
            enc.add_participant(live.now, ORGANIQUE, live.gm, eid, sheet=sheet, initiative=value)
        )
    live.do(enc.start(live.now, live.gm, eid))
    live.do(enc.next_turn(live.now, live.gm, eid))
    step = EncounterChanged.model_validate(live.do(enc.next_turn(live.now, live.gm, eid)).payload)
    assert [t.participant_id for t in step.round_tests] == ["p1"]
    assert "Ana —" not in step.summary.fr


def test_organiques_fallen_count_the_first_aid_clock_L637_640() -> None:
    """One out of combat (END 0) spends no more END but its clock runs: INC + END rounds."""
    fallen = ORGANIQUE.random_npc(Roller(3)).model_copy(update={"endurance": 0})
    (step,) = ORGANIQUE.round_steps(fallen)
    assert (step.operation, step.params) == ("end_of_round", {"exertion": False})


@pytest.mark.parametrize(
    ("system_id", "changes", "expected"),
    [
        (
            "fluid",
            {"condition": {"haemorrhage": True, "haemorrhage_penalty": 3}},
            ["will_or_coma", "bleed"],
        ),
        ("nephilim", {"wounds": 8}, ["incapacity_round"]),
        ("warp", {}, []),
        ("artemis", {}, []),
    ],
)
def test_no_round_end_runs_twice(
    system_id: str, changes: dict[str, Any], expected: list[str]
) -> None:
    """Fluid's and Nephilim's round end are their round tests: nothing more is applied."""
    game = get_system(system_id)
    sheet = _npc(system_id, 3, "Ana")
    for key, value in changes.items():
        sheet[key] = {**sheet[key], **value} if isinstance(value, dict) else value
    parsed = game.sheet_model().model_validate(sheet)
    assert game.round_changes(parsed) == []
    assert [s.operation for s in game.round_steps(parsed)] == expected
