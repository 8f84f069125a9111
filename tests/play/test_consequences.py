"""Issue #18, "effects on both sides of one result, and conditions from operations": the tracker
applies everything `System.consequences` lists, to either side, as one undoable step with the
roll, and puts on each participant the conditions (`Change.conditions`) its operations put on,
labelled in each member's language. Events written before (no labels, no consequence list) still
fold.

`Brawl` is the toy (tests/toy.py) with a rule that changes both sides: a successful punch hits
(1d6 + margin wounds) and dazes the target (1 wound, "Sonné / Stunned" for 1 round); every punch,
hit or miss, costs its author 1 wound and leaves them "À terre / Prone" until the GM removes it.
"""

from __future__ import annotations

import copy
from typing import Any

from ecran.dice import DiceSource
from ecran.play import encounter as enc
from ecran.play import rebuild, view_for
from ecran.play.characters import save_character
from ecran.play.events import Event
from ecran.play.payloads import EncounterChanged
from ecran.rules import (
    Change,
    Consequence,
    Operation,
    Params,
    PutCondition,
    Resolution,
    tr,
)
from toy import SOURCE, LiveTable, Toy, ToySheet

STUNNED = tr("Sonné", "Stunned")
PRONE = tr("À terre", "Prone")


class Daze(Operation[ToySheet, Params]):
    name = "daze"
    title = tr("Étourdir", "Daze")
    params = Params
    sources = (SOURCE,)

    def apply(self, sheet: ToySheet, params: Params, dice: DiceSource) -> Change[ToySheet]:
        changed = sheet.model_copy(update={"wounds": sheet.wounds + 1})
        return Change(changed, tr("1 blessure", "1 wound"), conditions=(PutCondition(STUNNED, 1),))


class Stumble(Operation[ToySheet, Params]):
    name = "stumble"
    title = tr("Trébucher", "Stumble")
    params = Params
    sources = (SOURCE,)

    def apply(self, sheet: ToySheet, params: Params, dice: DiceSource) -> Change[ToySheet]:
        changed = sheet.model_copy(update={"wounds": sheet.wounds + 1})
        return Change(changed, tr("tombe", "falls"), conditions=(PutCondition(PRONE),))


class Brawl(Toy):
    operations = (*Toy.operations, Daze(), Stumble())

    def consequences(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        attacker: ToySheet,
        defender: ToySheet,
    ) -> list[Consequence]:
        found = []
        hurt = self.damage(check, params, result, defender)
        if hurt is not None:
            found += [Consequence("defender", *hurt), Consequence("defender", "daze", {})]
        return [*found, Consequence("attacker", "stumble", {})]


BRAWL = Brawl()


def _scene() -> tuple[LiveTable, str, str]:
    """Alice's Hector (might 3, agility 2) as p1, a secret goblin NPC (might 2, agility 4) as p2,
    a sheetless shadow as p3; started, Hector acting."""
    live = LiveTable()
    alice = live.join("Alice")
    hector = {"name": "Hector", "might": 3, "agility": 2}
    cid = live.do(save_character(live.now, BRAWL, alice, hector)).payload["character"]["id"]
    eid = live.do(enc.create(live.now, live.gm, "Rixe")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, BRAWL, live.gm, eid, character_id=cid, initiative=9))
    goblin = {"name": "Gobelin", "might": 2, "agility": 4}
    live.do(
        enc.add_participant(live.now, BRAWL, live.gm, eid, sheet=goblin, secret=True, initiative=5)
    )
    live.do(enc.add_participant(live.now, BRAWL, live.gm, eid, name="Ombre", initiative=1))
    live.do(enc.start(live.now, live.gm, eid))
    return live, eid, cid


def _punch(live: LiveTable, eid: str, target: str, outcome: str) -> Event:
    for seed in range(200):
        made = enc.attack(live.now, BRAWL, live.gm, eid, "p1", target, "test", {}, seed=seed)
        if made.payload["attack"]["record"]["outcome"] == outcome:
            return live.do(made)
    raise AssertionError(f"no seed gives {outcome}")


def test_one_result_changes_both_sides_in_one_step_and_one_undo() -> None:
    live, eid, cid = _scene()
    hector_before = live.now.characters[cid]
    undo_depth = len(live.now.encounters[eid].undo)
    event = _punch(live, eid, "p2", "success")
    change = EncounterChanged.model_validate(event.payload)
    assert change.attack is not None
    done = [(c.side, c.participant_id, c.roll.operation) for c in change.attack.consequences]
    assert done == [
        ("defender", "p2", "hit"),
        ("defender", "p2", "daze"),
        ("attacker", "p1", "stumble"),
    ]
    # the target's sheet took both of its consequences, in order
    hit = change.attack.consequences[0].roll
    assert hit.resolution is not None
    goblin = live.now.encounters[eid].encounter.participants["p2"]
    assert goblin.sheet is not None and goblin.sheet["wounds"] == hit.resolution["total"] + 1
    # the attacker is a stored character: one new version with its wound
    hector = live.now.characters[cid]
    assert hector.version == hector_before.version + 1 and hector.sheet["wounds"] == 1
    assert [c.id for c in change.characters] == [cid]
    # compatibility fields: the target's first operation and the attacker's first one
    assert change.operation == hit and change.attack.counter == change.attack.consequences[2].roll
    # the summary says what happened to both, by name
    assert change.summary.fr == (
        f"Hector attaque Gobelin (Test) : ok ; Gobelin : {hit.summary.fr} ; "
        "Gobelin : 1 blessure [Sonné (1 round)] ; Hector : tombe [À terre]"
    )
    assert change.summary.en == (
        f"Hector attacks Gobelin (Test): ok; Gobelin: {hit.summary.en}; "
        "Gobelin: 1 wound [Stunned (1 round)]; Hector: falls [Prone]"
    )
    # one undo takes all of it back: both sheets, both conditions
    assert len(live.now.encounters[eid].undo) == undo_depth + 1
    live.do(enc.undo(live.now, live.gm, eid))
    back = live.now.encounters[eid].encounter
    assert back.participants["p2"].sheet == {**goblin.sheet, "wounds": 0}
    assert back.participants["p1"].conditions == () == back.participants["p2"].conditions
    assert live.now.characters[cid].sheet == hector_before.sheet
    assert live.now == rebuild(live.events)


def test_the_conditions_go_on_the_bearer_with_their_label_and_run_down() -> None:
    live, eid, _ = _scene()
    _punch(live, eid, "p2", "success")
    now = live.now.encounters[eid].encounter
    (stunned,) = now.participants["p2"].conditions
    assert (stunned.name, stunned.label, stunned.rounds) == ("Sonné", STUNNED, 1)
    (prone,) = now.participants["p1"].conditions
    assert (prone.label, prone.rounds) == (PRONE, None)
    # Hector's turn ends: "until removed" stays; the goblin's turn ends: one round is over
    live.do(enc.next_turn(live.now, live.gm, eid))
    ended = live.do(enc.next_turn(live.now, live.gm, eid))
    assert ended.payload["expired"] == ["Sonné"]
    assert ended.payload["summary"]["fr"].endswith("(fin pour Gobelin : Sonné)")
    assert ended.payload["summary"]["en"].endswith("(Gobelin no longer: Stunned)")
    now = live.now.encounters[eid].encounter
    assert now.participants["p2"].conditions == ()
    assert [c.label for c in now.participants["p1"].conditions] == [PRONE]
    # the GM removes a rule's condition by its name, like any other
    live.do(enc.remove_condition(live.now, live.gm, eid, "p1", "À terre"))
    assert live.now.encounters[eid].encounter.participants["p1"].conditions == ()


def test_a_miss_still_costs_the_attacker() -> None:
    live, eid, cid = _scene()
    event = _punch(live, eid, "p2", "failure")
    change = EncounterChanged.model_validate(event.payload)
    assert change.attack is not None and change.operation is None
    assert [c.roll.operation for c in change.attack.consequences] == ["stumble"]
    assert live.now.characters[cid].sheet["wounds"] == 1
    assert change.summary.en.endswith("failure; Hector: falls [Prone]")


def test_a_sheetless_target_leaves_the_gm_the_effect_and_no_consequence() -> None:
    live, eid, cid = _scene()
    event = _punch(live, eid, "p3", "success")
    change = EncounterChanged.model_validate(event.payload)
    assert change.attack is not None and change.attack.consequences == []
    assert change.attack.no_damage is not None and "Ombre" in change.summary.fr
    assert live.now.characters[cid].sheet["wounds"] == 0


def test_a_gm_operation_in_the_encounter_puts_its_condition_on() -> None:
    live, eid, _ = _scene()
    event = live.do(enc.apply_operation(live.now, BRAWL, live.gm, eid, "p2", "daze", {}))
    assert event.payload["summary"] == {
        "fr": "Gobelin : 1 blessure [Sonné (1 round)]",
        "en": "Gobelin: 1 wound [Stunned (1 round)]",
    }
    (cond,) = live.now.encounters[eid].encounter.participants["p2"].conditions
    assert cond.label == STUNNED
    assert live.now == rebuild(live.events)


def test_players_see_what_a_secret_npc_suffered_not_its_dice() -> None:
    live, eid, _ = _scene()
    alice = next(m for m in live.now.members.values() if not m.is_gm)
    event = _punch(live, eid, "p2", "success")
    seen = view_for(event, alice).payload
    for done in seen["attack"]["consequences"]:
        assert done["roll"]["dice"] == [] and done["roll"]["params"] == {}
        assert done["roll"]["summary"]["fr"]
    assert seen["encounter"]["participants"]["p2"]["conditions"][0]["label"] == STUNNED.model_dump()


def _as_before(payload: dict[str, Any]) -> dict[str, Any]:
    """An encounter payload as the code before this change wrote it: conditions without a
    label, operation records without conditions, attacks without a consequence list."""
    old = copy.deepcopy(payload)
    for who in old["encounter"]["participants"].values():
        for cond in who["conditions"]:
            del cond["label"]
    for roll in (old.get("operation"), (old.get("attack") or {}).get("counter")):
        if roll is not None:
            del roll["conditions"]
    if old.get("attack") is not None:
        del old["attack"]["consequences"]
    return old


def test_events_written_before_consequences_and_labels_still_fold() -> None:
    """The log is append-only: an encounter event as stored before this change (conditions
    without a label, operation records without conditions, attacks without a consequence list)
    reads back, its conditions shown by name."""
    live, eid, _ = _scene()
    live.do(enc.add_condition(live.now, live.gm, eid, "p2", "Fâché", 2))
    _punch(live, eid, "p2", "success")
    old = [
        e.model_copy(update={"payload": _as_before(e.payload)}) if e.kind == "encounter" else e
        for e in live.events
    ]
    assert "label" not in old[-1].payload["encounter"]["participants"]["p2"]["conditions"][0]
    folded = rebuild(old)
    goblin = folded.encounters[eid].encounter.participants["p2"]
    assert [(c.name, c.label) for c in goblin.conditions] == [("Fâché", None), ("Sonné", None)]
    assert folded.characters == live.now.characters
    # an older undo entry still undoes
    folded_undone = enc.undo(folded, live.gm, eid)
    assert folded_undone.payload["step"] == "undo"
