"""#30 item 5, conditions whose effect is a test each round, on the tracker: when a turn ends
the round, the tracker rolls the tests the participants' states call for (`System.round_tests`)
with the table's dice, applies them, and logs them in the step's line.

- Fluid's haemorrhage (L1501-1507): « La victime doit réussir un autre test au prochain round
  avec un malus majoré de 1. De plus, elle doit réussir un test de VOL ou tomber dans le
  coma. » The VOL test (`will_or_coma`) then the survival test (`bleed`); the coma lasts the
  test's disadvantages in days (L1509-1510).
- Nephilim (L88): « Lorsqu'un personnage est incapacité [...] il doit chaque round réussir un
  test de Constitution + Constitution de difficulté 0 [...] pour ne pas sombrer dans le coma
  (il coche alors toutes les cases de son compteur de fatigue). Lorsqu'un personnage est
  épuisé [...] il doit chaque round réussir un jet de Ka de difficulté 0 ».
"""

from __future__ import annotations

import json
from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.play import encounter as enc
from ecran.play import rebuild
from ecran.play.audit import audit
from ecran.play.characters import parse_sheet, run_operation, save_character
from ecran.play.dice_key import derived_seed
from ecran.play.encounter import SECRET_EFFECT
from ecran.play.export import TableExport, export_table
from ecran.play.payloads import EncounterChanged
from ecran.play.rolls import reveal_key
from ecran.play.visibility import view_for
from ecran.testing import ScriptedDice
from toy import LiveTable

FLUID = get_system("fluid")
NEPHILIM = get_system("nephilim")


def _bleeding(seed: int, penalty: int = 3) -> dict[str, Any]:
    sheet = FLUID.random_npc(Roller(seed)).model_dump(mode="json")
    bleeding = {"haemorrhage": True, "haemorrhage_penalty": penalty}
    return {**sheet, "name": "Ana", "condition": {**sheet["condition"], **bleeding}}


def _fight(
    system_id: str, first: dict[str, Any], second: dict[str, Any], *, secret: bool = False
) -> tuple[LiveTable, str, str]:
    """`first` (a stored character, p1, acts first) against `second` (an NPC, p2); started.
    Returns the table, the encounter and the character's id."""
    live = LiveTable(system_id)
    game = get_system(system_id)
    cid = live.do(save_character(live.now, game, live.gm, first)).payload["character"]["id"]
    eid = live.do(enc.create(live.now, live.gm, "Rixe")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, game, live.gm, eid, character_id=cid, initiative=9))
    live.do(
        enc.add_participant(live.now, game, live.gm, eid, sheet=second, initiative=5, secret=secret)
    )
    live.do(enc.start(live.now, live.gm, eid))
    return live, eid, cid


def _round_ends(live: LiveTable, eid: str) -> EncounterChanged:
    """Two turns: the first moves the turn on within the round, the second ends it."""
    within = EncounterChanged.model_validate(live.do(enc.next_turn(live.now, live.gm, eid)).payload)
    assert within.round_tests == [] and within.seed is None  # no test mid-round
    return EncounterChanged.model_validate(live.do(enc.next_turn(live.now, live.gm, eid)).payload)


def test_a_haemorrhage_rolls_the_vol_test_then_the_survival_test_at_the_rounds_end_L1501_1507():
    brute = {**FLUID.random_npc(Roller(7)).model_dump(mode="json"), "name": "Brute"}
    ana = _bleeding(3)
    live, eid, cid = _fight("fluid", ana, brute)
    step = _round_ends(live, eid)
    assert [(t.participant_id, t.operation.operation) for t in step.round_tests] == [
        ("p1", "will_or_coma"),
        ("p1", "bleed"),
    ]
    will, bleed = (t.operation for t in step.round_tests)
    # each test rolls from its own seed, derived from the step's (the table's key)
    assert step.seed is not None and step.commitment is not None
    assert will.seed == derived_seed(step.seed, eid, "round_end", "p1", "will_or_coma")
    assert bleed.seed == derived_seed(step.seed, eid, "round_end", "p1", "bleed")
    # and gives what the operations give from those seeds, one after the other
    after_will, again = run_operation(FLUID, ana, "will_or_coma", {}, will.seed)
    assert again.dice == will.dice and again.resolution == will.resolution
    after_bleed, again = run_operation(FLUID, after_will, "bleed", {}, bleed.seed)
    assert again.dice == bleed.dice
    assert live.now.characters[cid].sheet == after_bleed
    # the coma of a failed VOL test lasts the test's disadvantages (3 - 1) in days (L1509-1510)
    assert will.resolution is not None
    in_coma = will.resolution["outcome"] == "coma"
    assert (after_will["condition"]["coma_days"] == 2) is in_coma
    said = step.summary.fr
    assert said.startswith("Round 2 : au tour d'Ana. Fin du round 1 : Ana — Hémorragie : test de ")
    assert "Ana — Hémorragie : test du round suivant : " in said
    names = [c.name for c in live.now.encounters[eid].encounter.participants["p1"].conditions]
    # one coma at most, of the days the sheet keeps (the survival test's may outlast it)
    comas = [n for n in names if n.startswith("coma")]
    days = live.now.characters[cid].sheet["condition"]["coma_days"]
    assert comas == ([f"coma ({days} j)"] if days else [])
    assert bool(days) >= in_coma
    # one undo takes the whole step back; the log rebuilds the same state
    live.do(enc.undo(live.now, live.gm, eid))
    assert live.now.characters[cid].sheet["condition"] == ana["condition"]
    assert live.now == rebuild(live.events)


def test_the_vol_test_fails_into_a_coma_of_the_tests_disadvantages_in_days_L1504_1510() -> None:
    """The operation itself, its dice chosen low: with 2 disadvantages (penalty 3 - 1)."""
    sheet = parse_sheet(FLUID, _bleeding(3))
    op = FLUID.operation("will_or_coma")
    assert FLUID.round_tests(sheet)[0].operation == "will_or_coma"
    failed = op.run(sheet, op.params.model_validate({}), ScriptedDice(2, 2, 2))
    assert failed.resolution is not None and failed.resolution.outcome == "coma"
    assert failed.resolution.total is not None and failed.resolution.total <= 10  # L272
    assert failed.sheet.condition.coma_days == 2
    assert [c.label.fr for c in failed.conditions] == ["coma (2 j)"]
    passed = op.run(sheet, op.params.model_validate({}), ScriptedDice(9, 9, 9))
    assert passed.resolution is not None and passed.resolution.outcome == "passed"
    assert passed.resolution.total is not None and passed.resolution.total > 10
    assert passed.sheet == sheet and passed.conditions == ()
    # once in a coma, only the survival test remains (the VOL test keeps one out of it)
    assert [s.operation for s in FLUID.round_tests(failed.sheet)] == ["bleed"]
    # its exact law: passed and coma, summing to 1 (the simulator's)
    law = op.law(sheet, op.params.model_validate({}))
    assert law is not None and sum(p for _, p in law) == 1
    assert {s.condition.coma_days for s, _ in law} == {0, 2}


def test_no_state_calling_for_a_test_rolls_nothing_at_the_rounds_end() -> None:
    ana = {**FLUID.random_npc(Roller(3)).model_dump(mode="json"), "name": "Ana"}
    brute = {**FLUID.random_npc(Roller(7)).model_dump(mode="json"), "name": "Brute"}
    live, eid, _ = _fight("fluid", ana, brute)
    step = _round_ends(live, eid)
    assert step.round_tests == [] and step.seed is None
    assert step.summary.fr == "Round 2 : au tour d'Ana"


def _incapacitated(seed: int, **tracks: int) -> dict[str, Any]:
    sheet = NEPHILIM.random_npc(Roller(seed)).model_dump(mode="json")
    return {**sheet, "name": "Ana", **tracks}


def test_nephilims_incapacity_tests_constitution_each_round_or_coma_L88() -> None:
    brute = {**NEPHILIM.random_npc(Roller(7)).model_dump(mode="json"), "name": "Brute"}
    ana = _incapacitated(3, wounds=8)
    live, eid, cid = _fight("nephilim", ana, brute)
    step = _round_ends(live, eid)
    (test,) = step.round_tests
    assert (test.participant_id, test.operation.operation) == ("p1", "incapacity_round")
    assert test.title.fr == "Round en incapacité"
    again = run_operation(NEPHILIM, ana, "incapacity_round", {}, test.operation.seed)
    assert live.now.characters[cid].sheet == again[0]
    assert test.operation.resolution is not None
    failed = not test.operation.resolution["outcome"].endswith("success")
    assert (live.now.characters[cid].sheet["fatigue"] == 10) is failed
    names = [c.name for c in live.now.encounters[eid].encounter.participants["p1"].conditions]
    assert ("Coma" in names) is failed
    assert "Fin du round 1 : Ana — Round en incapacité : " in step.summary.fr
    assert live.now == rebuild(live.events)


def test_nephilims_tests_follow_the_state_each_asks_again_L88() -> None:
    """Incapacitated and exhausted: both tests, unless the first sends the character under
    (its fatigue full, it is no longer Épuisé, L83). Out of play already: no test."""
    both = parse_sheet(NEPHILIM, _incapacitated(3, wounds=8, fatigue=8))
    assert [s.operation for s in NEPHILIM.round_tests(both)] == [
        "incapacity_round",
        "exhaustion_round",
    ]
    under = parse_sheet(NEPHILIM, _incapacitated(3, wounds=8, fatigue=10))
    assert NEPHILIM.round_tests(under) == []
    brute = {**NEPHILIM.random_npc(Roller(7)).model_dump(mode="json"), "name": "Brute"}
    live, eid, _ = _fight("nephilim", _incapacitated(3, wounds=8, fatigue=8), brute)
    step = _round_ends(live, eid)
    ran = [t.operation.operation for t in step.round_tests]
    first = step.round_tests[0].operation.resolution
    assert first is not None
    went_under = not first["outcome"].endswith("success")
    assert ran == (["incapacity_round"] if went_under else ["incapacity_round", "exhaustion_round"])


def test_a_secret_npcs_round_tests_stay_the_gms() -> None:
    """Players read that the GM applied an effect to the secret NPC, with the conditions it
    put on; not its dice, its seed, nor what its tracks became."""
    ana = {**FLUID.random_npc(Roller(7)).model_dump(mode="json"), "name": "Ana"}
    brute = {**_bleeding(3), "name": "Brute"}
    live, eid, _ = _fight("fluid", ana, brute, secret=True)
    player = live.join("Léa")
    live.do(enc.next_turn(live.now, live.gm, eid))
    event = live.do(enc.next_turn(live.now, live.gm, eid))
    gm = EncounterChanged.model_validate(view_for(event, live.gm).payload)
    seen = EncounterChanged.model_validate(view_for(event, player).payload)
    assert [t.participant_id for t in gm.round_tests] == ["p2", "p2"]
    assert "Brute — Hémorragie : test de " in gm.summary.fr
    assert seen.seed is None
    assert all(t.operation.dice == [] and t.operation.seed == 0 for t in seen.round_tests)
    assert seen.summary.fr.startswith("Round 2 : au tour d'Ana. Fin du round 1 : Brute : ")
    assert "Hémorragie" not in seen.summary.fr and "VOL" not in seen.summary.fr
    # nor anywhere in what a player's client is sent: each test's title named the NPC's state
    sent = json.dumps(view_for(event, player).payload, ensure_ascii=False)
    assert "Hémorragie" not in sent and "VOL" not in sent and "Haemorrhage" not in sent
    assert all(t.title == SECRET_EFFECT for t in seen.round_tests)


def _export(live: LiveTable) -> TableExport:
    live.do(reveal_key(live.now, live.gm))
    views = [view_for(e, live.gm) for e in live.events]
    made = export_table(live.now.table, live.gm.id, views)
    return TableExport.model_validate(made.model_dump(mode="json"))


def test_ecran_verify_replays_a_rounds_end_tests_from_the_key() -> None:
    """The round's end rolls the table's dice: `audit` (what `ecran verify` runs) checks the
    step's seed against the revealed key, each test's seed from the step's, and its dice and
    result replayed on the sheet, one test after the other; a die changed fails."""
    brute = {**FLUID.random_npc(Roller(7)).model_dump(mode="json"), "name": "Brute"}
    live, eid, _ = _fight("fluid", _bleeding(3), brute)
    step = _round_ends(live, eid)
    assert len(step.round_tests) == 2
    seq = live.events[-1].seq
    data = _export(live)
    found = audit(data)
    assert found.ok and [r.status for r in found.rolls if r.seq == seq] == ["ok"]
    event = next(e for e in data.events if e.seq == seq)
    bleed = event.payload["round_tests"][1]["operation"]
    bleed["dice"] = [bleed["dice"][0] % 10 + 1, *bleed["dice"][1:]]
    [failed] = audit(data).failed
    assert failed.seq == seq
    assert [p.en for p in failed.problems] == ["the dice are not the seed's"]
