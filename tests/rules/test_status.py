"""`System.status`: every game reads from its own tracks whether a combatant still fights, is out
of action or dead — what ends a fight for the encounter simulator and the tracker."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules import CharacterSheet, EcranError, System
from ecran.rules.system import STATUSES

FIGHTERS = [pytest.param(s, id=s.id) for s in all_systems().values() if s.character is not None]
#: Artémis names no out-of-action state short of Mort and Détruit (L108-109, rules §9 A5): only a
#: blow whose category reaches Mort after protection ends a fight, which ordinary NPCs' weapons
#: may never land; its status is tested on the `hit` operation itself below.
WORN_DOWN = [p for p in FIGHTERS if p.id != "artemis"]


def _hammer(system: System[Any], seed: int, choice: int, target: int) -> list[str]:
    """One NPC strikes another with one of its attacks, by the game's own procedure (resolve,
    consequences, operations), until the defender stops fighting: the defender's status after
    each blow."""
    attacker = system.random_npc(Roller(1))
    defender = system.random_npc(Roller(target))
    dice = Roller(seed)
    seen = [system.status(defender)]
    for _ in range(400):
        if seen[-1] != "up":
            break
        actions = system.attacks(attacker, defender)
        action = actions[min(choice, len(actions) - 1)]
        check = system.check(action.check)
        result = check.resolve(check.parse(action.params), dice)
        sheets = {"attacker": attacker, "defender": defender}
        for c in system.consequences(action.check, action.params, result, attacker, defender):
            op = system.operation(c.operation)
            run = op.run(sheets[c.side], op.params.model_validate(c.params), dice)
            sheets[c.side] = run.sheet
        attacker, defender = sheets["attacker"], sheets["defender"]
        seen.append(system.status(defender))
    return seen


@pytest.mark.parametrize("system", WORN_DOWN)
def test_a_fresh_npc_fights_and_enough_blows_stop_it(system: System[Any]) -> None:
    # a weak blow may never get through an armour (Artémis: a light weapon against a reinforced
    # exoskeleton); other defenders and the other attacks the game offers are tried in turn
    for target, choice in ((t, c) for t in range(2, 6) for c in range(3)):
        seen = _hammer(system, seed=7, choice=choice, target=target)
        assert seen[0] == "up"
        assert set(seen) <= set(STATUSES)
        if seen[-1] in ("out", "dead"):
            return
    pytest.fail("no attack stopped the defender in 400 blows")


@pytest.mark.parametrize("system", FIGHTERS)
def test_a_sheet_of_another_game_is_refused(system: System[Any]) -> None:
    other = next(s for s in all_systems().values() if s.character and s.id != system.id)
    with pytest.raises(EcranError):
        system.status(other.random_npc(Roller(1)))


def test_the_default_is_always_fighting() -> None:
    class Bare(System[CharacterSheet]):
        id = "bare"
        character = CharacterSheet

    assert Bare().status(CharacterSheet(system="bare", name="x")) == "up"


@pytest.mark.parametrize(
    ("category", "reading", "status"),
    [
        (5, "mortally_wounded", "out"),
        (5, "death", "up"),
        (6, "mortally_wounded", "dead"),
        (6, "death", "dead"),
        (7, "death", "dead"),
    ],
)
def test_artemis_out_at_mortellement_blesse_by_default(
    category: int, reading: str, status: str
) -> None:
    """Mortellement blessé (L106) is out of the fight under the default reading of
    `out_of_fight` and still fights under the letter (A5); a blow of Mort or Détruit
    (L108-109) kills under both."""
    system = all_systems()["artemis"]
    hit = system.operation("hit")
    sheet = system.random_npc(Roller(3)).model_copy(update={"out_of_fight": reading})
    assert system.status(sheet) == "up"
    after = hit.run(sheet, hit.params.model_validate({"category": category}), Roller(1)).sheet
    assert system.status(after) == status
