"""The attack chain of the tracker: the system's attacks with exact odds, then one step that rolls
the check and applies the system's damage to the target (one event, one undo), players seeing a
secret participant's attack without its dice.

The toy system's combat (tests/toy.py): attack skill = might + 2 - defender's agility; the
check is 1d6 + skill (+1 with the table option `easy`) >= 5; a success hits for 1d6 + (total - 5).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.play import Conflict, Forbidden, NotFound, rebuild, view_for
from ecran.play import encounter as enc
from ecran.play.characters import save_character
from ecran.play.payloads import EncounterChanged
from ecran.rules import EcranError
from toy import LiveTable, Toy, three_in_an_encounter

TOY = Toy()


def _scene(options: dict[str, Any] | None = None) -> tuple[LiveTable, str, str]:
    """Alice's Hector (might 3, agility 2) as p1, a secret goblin NPC (might 2, agility 4) as p2,
    a sheetless shadow as p3."""
    live = LiveTable(options=options)
    _, eid, cid = three_in_an_encounter(live, secret=True)
    return live, eid, cid


def _seed_for(live: LiveTable, eid: str, attacker: str, target: str, outcome: str) -> int:
    """A seed whose attack comes out as `outcome` (found by trying, then checked by replay)."""
    for seed in range(200):
        made = enc.attack(live.now, TOY, live.gm, eid, attacker, target, "test", {}, seed=seed)
        if made.payload["attack"]["record"]["outcome"] == outcome:
            return seed
    raise AssertionError(f"no seed gives {outcome}")


def _success(skill: int, bonus: int = 0) -> Fraction:
    """P(1d6 + skill + bonus >= 5), counted by hand over the six faces."""
    return Fraction(sum(1 for face in range(1, 7) if face + skill + bonus >= 5), 6)


def test_the_attacks_come_from_both_sheets_with_exact_odds_and_table_options() -> None:
    live, eid, _ = _scene(options={"easy": True})
    (hector_on_goblin,) = enc.attack_options(live.now, TOY, live.gm, eid, "p1", "p2")
    # might 3 + 2 - agility 4 = 1; the table's `easy` is in force (+1)
    assert hector_on_goblin.params == {"skill": 1, "easy": True}
    assert hector_on_goblin.label.en == "Punch"
    assert hector_on_goblin.odds is not None
    by_outcome = {o.outcome: Fraction(o.probability) for o in hector_on_goblin.odds.outcomes}
    assert by_outcome == {"success": _success(1, 1), "failure": 1 - _success(1, 1)}
    (goblin_on_hector,) = enc.attack_options(live.now, TOY, live.gm, eid, "p2", "p1")
    assert goblin_on_hector.params["skill"] == 2  # might 2 + 2 - agility 2


def test_a_hit_rolls_the_check_and_applies_the_damage_to_the_npc_as_one_step() -> None:
    live, eid, _ = _scene()
    seed = _seed_for(live, eid, "p1", "p2", "success")
    before_undo = len(live.now.encounters[eid].undo)
    event = live.do(
        enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "test", {"skill": 1}, seed=seed)
    )
    change = EncounterChanged.model_validate(event.payload)
    assert change.step == "attack" and change.participant_id == "p2"
    assert change.attack is not None and change.operation is not None
    record = change.attack.record
    # the check replays from its own seed: 1d6 + skill 1
    assert record.total == Roller(record.seed).d(6) + 1 == record.dice[0] + 1
    assert record.seed != seed  # a seed of its own, derived from the step's
    # the damage: 1d6 (replayed from the operation's seed) + the margin over 5
    op = change.operation
    assert op.operation == "hit" and op.params == {"extra": record.total - 5}
    wounds = Roller(op.seed).d(6) + record.total - 5
    goblin = live.now.encounters[eid].encounter.participants["p2"]
    assert goblin.sheet is not None and goblin.sheet["wounds"] == wounds
    assert (
        f"{wounds} blessures" in change.summary.fr and "Hector attaque Gobelin" in change.summary.fr
    )
    assert len(live.now.encounters[eid].undo) == before_undo + 1
    # one undo takes the whole attack back
    live.do(enc.undo(live.now, live.gm, eid))
    goblin = live.now.encounters[eid].encounter.participants["p2"]
    assert goblin.sheet is not None and goblin.sheet["wounds"] == 0
    assert live.now == rebuild(live.events)


def test_a_hit_on_a_character_is_a_new_version_and_undo_restores_it() -> None:
    live, eid, cid = _scene()
    seed = _seed_for(live, eid, "p2", "p1", "success")
    event = live.do(
        enc.attack(live.now, TOY, live.gm, eid, "p2", "p1", "test", {"skill": 2}, seed=seed)
    )
    hector = live.now.characters[cid]
    assert hector.version == 2
    assert hector.sheet["wounds"] == event.payload["operation"]["resolution"]["total"] > 0
    assert [c["id"] for c in event.payload["characters"]] == [cid]
    live.do(enc.undo(live.now, live.gm, eid))
    assert live.now.characters[cid].version == 3
    assert live.now.characters[cid].sheet["wounds"] == 0


def test_a_miss_changes_no_sheet_and_says_so() -> None:
    live, eid, cid = _scene()
    seed = _seed_for(live, eid, "p2", "p1", "failure")
    event = live.do(enc.attack(live.now, TOY, live.gm, eid, "p2", "p1", "test", {}, seed=seed))
    assert event.payload["operation"] is None and event.payload["characters"] == []
    assert "sans effet" in event.payload["summary"]["fr"]
    assert "no effect" in event.payload["summary"]["en"]
    assert live.now.characters[cid].version == 1
    # still a step of its own: undo takes it back
    assert live.now.encounters[eid].undo[-1].seq == event.seq


def test_the_same_seed_replays_the_same_attack() -> None:
    live, eid, _ = _scene()
    first = enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "test", {"skill": 4}, seed=77)
    again = enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "test", {"skill": 4}, seed=77)
    assert first.payload["attack"] == again.payload["attack"]
    assert first.payload["operation"] == again.payload["operation"]


def test_a_sheetless_target_gets_the_roll_and_the_gm_applies_the_effect() -> None:
    live, eid, _ = _scene()
    event = live.do(enc.attack(live.now, TOY, live.gm, eid, "p1", "p3", "test", {}, seed=3))
    assert event.payload["operation"] is None
    assert "MJ applique" in event.payload["attack"]["no_damage"]["fr"]
    with pytest.raises(EcranError) as sheetless:
        enc.attack_options(live.now, TOY, live.gm, eid, "p1", "p3")
    assert "Ombre" in sheetless.value.text.en


def test_the_table_options_hold_for_the_attack_roll() -> None:
    live, eid, _ = _scene(options={"easy": True})
    event = live.do(
        enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "test", {"skill": 0, "easy": False})
    )
    record = event.payload["attack"]["record"]
    assert record["params"] == {"skill": 0, "easy": True}
    assert record["total"] == record["dice"][0] + 1


def test_refusals_change_nothing() -> None:
    live, eid, _ = _scene()
    alice = next(m for m in live.now.members.values() if not m.is_gm)
    version = live.now.encounters[eid].encounter.version
    with pytest.raises(Forbidden):
        enc.attack(live.now, TOY, alice, eid, "p1", "p2", "test", {})
    with pytest.raises(Forbidden):
        enc.attack_options(live.now, TOY, alice, eid, "p1", "p2")
    with pytest.raises(Conflict):
        enc.attack(
            live.now, TOY, live.gm, eid, "p1", "p2", "test", {}, expected_version=version - 1
        )
    with pytest.raises(NotFound):
        enc.attack(live.now, TOY, live.gm, eid, "p1", "p9", "test", {})
    with pytest.raises(EcranError) as itself:
        enc.attack(live.now, TOY, live.gm, eid, "p1", "p1", "test", {})
    assert "lui-même" in itself.value.text.fr
    with pytest.raises(EcranError) as unknown_check:
        enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "nope", {})
    assert "nope" in unknown_check.value.text.en
    with pytest.raises(EcranError):
        enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "test", {"skill": 99})
    live.do(enc.end(live.now, live.gm, eid))
    with pytest.raises(EcranError):
        enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "test", {})


def test_players_see_a_secret_npcs_attack_without_its_dice() -> None:
    live, eid, _ = _scene()
    alice = next(m for m in live.now.members.values() if not m.is_gm)
    seed = _seed_for(live, eid, "p2", "p1", "success")
    event = live.do(
        enc.attack(live.now, TOY, live.gm, eid, "p2", "p1", "test", {"skill": 2}, seed=seed)
    )
    seen = view_for(event, alice).payload
    gm_seen = view_for(event, live.gm).payload
    assert gm_seen["attack"]["record"]["dice"] and gm_seen["attack"]["record"]["params"]
    shown = seen["attack"]["record"]
    assert shown["dice"] == [] and shown["params"] == {} and shown["seed"] == 0
    assert shown["total"] is None and shown["details"] == {}
    assert shown["outcome"] == "success"  # whether it hit is no secret: Hector's wounds show it
    assert seen["encounter"]["participants"]["p2"]["sheet"] is None
    # Hector is public: his new sheet and the damage's dice reach his player
    assert seen["characters"][0]["sheet"]["wounds"] > 0 and seen["operation"]["dice"]
    # a hit on the secret goblin: the damage on its sheet is hidden too
    live.do(enc.undo(live.now, live.gm, eid))
    hit = live.do(enc.attack(live.now, TOY, live.gm, eid, "p1", "p2", "test", {"skill": 5}, seed=1))
    on_goblin = view_for(hit, alice).payload
    assert on_goblin["attack"]["record"]["dice"] == []
    assert on_goblin["operation"]["dice"] == [] and on_goblin["operation"]["params"] == {}
    assert on_goblin["encounter"]["participants"]["p2"]["sheet"] is None


def test_an_attack_between_public_participants_is_open_to_all() -> None:
    live, eid, cid = _scene()
    alice = next(m for m in live.now.members.values() if not m.is_gm)
    bob = live.join("Bob")
    zoe = {"name": "Zoé", "might": 2, "agility": 2}
    other = live.do(save_character(live.now, TOY, bob, zoe)).payload["character"]["id"]
    live.do(enc.add_participant(live.now, TOY, live.gm, eid, character_id=other))
    event = live.do(enc.attack(live.now, TOY, live.gm, eid, "p1", "p4", "test", {"skill": 3}))
    assert view_for(event, alice).payload["attack"] == event.payload["attack"]
    assert (
        view_for(event, bob).payload["attack"]["record"]["dice"]
        == event.payload["attack"]["record"]["dice"]
    )
    assert cid != other


class Riposte(Toy):
    """A toy whose defence strikes back: a failed attack earns the attacker a hit."""

    def counter_damage(self, check: str, params: Any, result: Any, attacker: Any) -> Any:
        return ("hit", {}) if result.outcome == "failure" else None


def test_a_defence_that_strikes_back_hurts_the_attacker_in_the_same_step() -> None:
    live, eid, _ = _scene()
    riposte = Riposte()
    made = next(
        draft
        for seed in range(200)
        if (
            draft := enc.attack(live.now, riposte, live.gm, eid, "p2", "p1", "test", {}, seed=seed)
        ).payload["attack"]["record"]["outcome"]
        == "failure"
    )
    goblin = live.now.encounters[eid].encounter.participants["p2"]
    before = goblin.sheet["wounds"]
    undo_depth = len(live.now.encounters[eid].undo)
    event = live.do(made)
    change = EncounterChanged.model_validate(event.payload)
    assert change.attack is not None and change.attack.counter is not None
    counter = change.attack.counter
    assert counter.operation == "hit" and counter.resolution is not None
    after = live.now.encounters[eid].encounter.participants["p2"].sheet["wounds"]
    assert after == before + counter.resolution["total"]
    assert Roller(counter.seed).d(6) == counter.resolution["total"]  # replayable
    # the summary says what the result did to the attacker, by name
    assert change.summary.fr.endswith(f" ; Gobelin : {counter.summary.fr}")
    assert change.summary.en.endswith(f"; Gobelin: {counter.summary.en}")
    # the goblin is secret: players learn that it happened, not its dice or seed
    alice = next(m for m in live.now.members.values() if not m.is_gm)
    seen = view_for(event, alice).payload["attack"]["counter"]
    assert seen["dice"] == [] and seen["seed"] == 0 and seen["resolution"] is None
    # one step, one undo
    assert len(live.now.encounters[eid].undo) == undo_depth + 1
    live.do(enc.undo(live.now, live.gm, eid))
    assert live.now.encounters[eid].encounter.participants["p2"].sheet["wounds"] == before
    assert live.now == rebuild(live.events)
