"""#31 item 8, #30 item 5: Organique's stun and knock-out leave conditions that act on the sheet
(`CharacterSheet.ongoing`), so a sheet file and the encounter simulator follow them as the
tracker does: a stun short by 1-10 loses the victim's next action, by more its next reaction
too (L3231-3236); a knock-out leaves it unconscious for as many turns as the attacker's margin,
then it wakes (L3203-3208)."""

from __future__ import annotations

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Change
from ecran.systems.organique.sheet import OrganiqueSheet

SYSTEM = get_system("organique")


def _pair() -> tuple[OrganiqueSheet, OrganiqueSheet]:
    return SYSTEM.random_npc(Roller(3)), SYSTEM.random_npc(Roller(103))


def _until(
    operation: str, outcome: str, sheet: OrganiqueSheet, **params: int
) -> Change[OrganiqueSheet]:
    op = SYSTEM.operation(operation)
    for seed in range(500):
        change: Change[OrganiqueSheet] = op.run(
            sheet, op.params.model_validate(params), Roller(seed)
        )
        if change.resolution is not None and change.resolution.outcome == outcome:
            return change
    raise AssertionError(f"no seed gives {outcome}")


def test_a_stun_loses_the_next_action_then_ends_L3231_3236() -> None:
    victim, foe = _pair()
    stunned = _until("stun_effect", "loses_action", victim, attacker_margin=0).worn
    (cond,) = stunned.ongoing
    assert not cond.acts and cond.reacts and cond.rounds == 1
    assert SYSTEM.attacks(stunned, foe) == []  # its turn: no action
    assert SYSTEM.attacks(foe, stunned)[0].params["reaction"] != "none"  # it still reacts
    after = SYSTEM.turn_end(stunned)
    assert after is not None and after.ongoing == []
    assert SYSTEM.attacks(after, foe) == SYSTEM.attacks(victim, foe)


def test_a_stun_short_by_more_than_10_loses_the_reaction_too_L3236() -> None:
    victim, foe = _pair()
    stunned = _until("stun_effect", "loses_action_and_reaction", victim, attacker_margin=15).worn
    assert SYSTEM.attacks(stunned, foe) == []
    assert all(a.params["reaction"] == "none" for a in SYSTEM.attacks(foe, stunned))
    after = SYSTEM.turn_end(stunned)
    assert after is not None
    assert SYSTEM.attacks(foe, after) == SYSTEM.attacks(foe, victim)


def test_a_knockout_lasts_the_attackers_margin_in_turns_then_the_victim_wakes_L3203_3208() -> None:
    victim, _ = _pair()
    victim = victim.model_copy(update={"endurance": 2})  # VOL 11 + END 2 + 1D20 vs 20 can fail
    assert SYSTEM.status(victim) == "up"
    out = _until("knockout_effect", "unconscious", victim, attacker_margin=3).worn
    assert "unconscious" in out.conditions and SYSTEM.status(out) == "out"
    (cond,) = out.ongoing
    assert cond.rounds == 3 and cond.lifts == "unconscious"
    for _ in range(2):
        turned = SYSTEM.turn_end(out)
        assert turned is not None
        out = turned
        assert SYSTEM.status(out) == "out"
    woken = SYSTEM.turn_end(out)
    assert woken is not None and "unconscious" not in woken.conditions
    assert SYSTEM.status(woken) == "up" and woken.ongoing == []
