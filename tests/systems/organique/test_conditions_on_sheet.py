"""#31 item 8, #30 item 5: Organique's stun and knock-out leave conditions that act on the sheet
(`CharacterSheet.ongoing`), so a sheet file and the encounter simulator follow them as the
tracker does: a stun short by 1-10 loses the victim's next action, by more its next reaction
too (L3231-3236); a knock-out leaves it unconscious for as many turns as the attacker's margin,
then it wakes (L3203-3208)."""

from __future__ import annotations

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Change
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tracks import effective
from ecran.testing import ScriptedDice

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


@pytest.mark.parametrize(
    ("face", "short_by", "reacts"),
    [(20, 5, True), (11, 14, False)],  # failure by 1-9: the action; by 10 or more: both
)
def test_pain_shock_puts_on_the_lost_action_for_the_next_turn_L502_510(
    face: int, short_by: int, reacts: bool
) -> None:
    """« Un personnage échouant à son test de sauvegarde contre le choc de 1 à 9 points perdra
    sa prochaine action. S'il échoue de 10 points ou plus, il perdra en plus sa prochaine
    réaction » (L502-510): the `shock_effect` operation rolls the save (VOL + 1d20 against the
    difficulty, the `shock_pain` check) and puts the loss on, which the sheet carries."""
    victim, foe = _pair()
    vol = effective(victim)["VOL"]
    difficulty = vol + face + short_by  # the die `face` falls `short_by` short
    op = SYSTEM.operation("shock_effect")
    params = op.params.model_validate({"difficulty": difficulty})
    change = op.run(victim, params, ScriptedDice(face))
    assert change.resolution is not None and change.resolution.total == vol + face
    shocked = change.worn
    (cond,) = shocked.ongoing
    assert cond.name.startswith("choqué : perd sa prochaine action")
    assert not cond.acts and cond.reacts is reacts and cond.rounds == 1
    assert SYSTEM.attacks(shocked, foe) == []
    defences = {a.params["reaction"] for a in SYSTEM.attacks(foe, shocked)}
    assert (defences == {"none"}) is not reacts
    after = SYSTEM.turn_end(shocked)
    assert after is not None and after.ongoing == []


def test_pain_shock_withstood_puts_nothing_on_L502_510() -> None:
    victim, _ = _pair()
    op = SYSTEM.operation("shock_effect")
    params = op.params.model_validate({"difficulty": effective(victim)["VOL"] + 20})
    held = op.run(victim, params, ScriptedDice(20))
    assert held.resolution is not None and held.resolution.outcome == "no_effect"
    assert held.conditions == () and held.worn.ongoing == []
