"""#31 item 8: the encounter simulator follows the conditions that act on its participants'
sheets (`CharacterSheet.ongoing`), as the tracker does at the table: a fighter who lost its
action does not attack, a condition's shifts weigh on the attacks, a knock-out's unconsciousness
runs its turns (Organique L3203-3208, L3231-3236; Fluid L1381-1401). The simulated chance
agrees with the exact odds of the same attack (`planned_attack`)."""

from __future__ import annotations

import math
from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.fight.chances import planned_attack
from ecran.engine.fight.simulation import simulate_encounter
from ecran.rules.ongoing import Ongoing
from ecran.rules.text import Text

TRIALS = 20_000
#: Organique's random NPCs 3 and 103 hit with blunt weapons (a Hammerhead, a kick): their
#: fourth attack is the knock-out (L3195).
KNOCKOUT = 3
STUNNED = Ongoing(label=Text(fr="étourdi", en="stunned"), acts=False)


def _fight(ongoing: list[Ongoing], rounds: int = 1) -> dict[str, Any]:
    game = get_system("organique")
    a = game.random_npc(Roller(3)).model_dump(mode="json")
    a["endurance"] = 6  # VOL + END 6 + 1D20 vs 20: A can be knocked out (L3203-3205)
    b = game.random_npc(Roller(103)).model_copy(update={"ongoing": ongoing})
    return {
        "system": "organique",
        "max_rounds": rounds,
        "participants": [
            {"name": "A", "side": "a", "sheet": a, "attack": KNOCKOUT},
            {"name": "B", "side": "b", "sheet": b.model_dump(mode="json"), "attack": KNOCKOUT},
        ],
    }


def test_a_fighter_who_lost_its_action_never_strikes_and_the_odds_agree() -> None:
    data = _fight([STUNNED])  # a lost action with no end: B never acts
    exact = planned_attack(data, "A", "B", KNOCKOUT)
    assert 0.05 < exact.p_out < 0.95
    report = simulate_encounter(data, TRIALS, seed=11)
    a_wins = report.sides[0].probability
    sigma = math.sqrt(exact.p_out * (1 - exact.p_out) / TRIALS)
    assert abs(a_wins - exact.p_out) < 4 * sigma
    a = report.participants[0]
    assert a.out == 0.0 and a.dead == 0.0
    # without the condition B strikes back in the same round some of the time
    free = simulate_encounter(_fight([]), TRIALS, seed=11)
    assert free.sides[1].probability > 0 or free.participants[0].out > 0


def test_a_stun_for_one_turn_is_followed_and_spent() -> None:
    """A lost action for one turn: B loses its first turn only, so over two rounds it acts
    once, and strikes back less often than with both turns."""
    once = Ongoing(label=Text(fr="étourdi", en="stunned"), acts=False, rounds=1)
    one = simulate_encounter(_fight([once], rounds=2), TRIALS, seed=5)
    none = simulate_encounter(_fight([STUNNED], rounds=2), TRIALS, seed=5)
    both = simulate_encounter(_fight([], rounds=2), TRIALS, seed=5)
    assert none.participants[0].out == 0.0
    assert one.participants[0].out > 0.0
    assert one.participants[0].out <= both.participants[0].out + 0.01
