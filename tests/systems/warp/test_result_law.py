"""WaRP attacks' result laws (`AttackCheck.result_law`): the pieces they are built from, their
tails, and what the encounter simulator gets from them. The contract tests
(tests/rules/test_result_law.py) hold each law to `distribution`, to the walk and to rolls."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Distribution, Roller, enumerate_outcomes
from ecran.engine import get_system
from ecran.engine.fight import check_table
from ecran.rules import Check
from ecran.systems.warp.dice import kept_sum, roll_all_six, roll_pool
from ecran.systems.warp.law import TAIL_LIMIT, exchange_law, side_law

SYSTEM = get_system("warp")


def _check(name: str) -> Check[Any]:
    return SYSTEM.check(name)


@pytest.mark.parametrize(("n", "bonus", "penalty"), [(1, 0, 0), (1, 2, 0), (2, 1, 0), (2, 0, 1)])
def test_roll_all_six_is_the_roll_given_all_kept_sixes(n: int, bonus: int, penalty: int) -> None:
    """The tails' draw of a pool that explodes: exactly `roll_pool`'s dice given that every
    kept die shows 6, every die's face and order included."""

    def drawn(dice: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
        roll = roll_all_six(dice, n, bonus, penalty)
        return roll.rolled, roll.kept

    def rolled(dice: Any) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        roll = roll_pool(dice, n, bonus, penalty)
        return (roll.rolled, roll.kept) if all(d == 6 for d in roll.kept) else None

    given = enumerate_outcomes(rolled).condition(lambda r: r is not None)
    assert enumerate_outcomes(drawn) == given


@pytest.mark.parametrize(("n", "net"), [(1, 0), (1, 3), (2, 0), (3, -1), (4, 2)])
def test_an_open_side_lists_its_explosion_up_to_a_small_tail(n: int, net: int) -> None:
    """Open-ended (L1853-1885): the kept sum below 6N as `kept_sum`, then 6N + 6k + r with
    P(6N) 6**-(k+1) for k up to the listed sixes, then a tail of P(6N) 6**-(sixes+1), at most
    TAIL_LIMIT, the smallest such count."""
    law = side_law(n, net, True)
    base = kept_sum(n, net)
    p_top = base.probability(6 * n)
    listed = {t: Fraction(w, law.denominator) for (t, _), w in law.weights.items()}
    for total in range(n, 6 * n):
        assert listed.get(total, Fraction(0)) == base.probability(total)
    for k in range(law.sixes + 1):
        for r in range(1, 6):
            assert listed[6 * n + 6 * k + r] == p_top / 6 ** (k + 1)
    tail = Fraction(law.tail, law.denominator)
    assert tail == p_top / 6 ** (law.sixes + 1) <= TAIL_LIMIT
    assert law.sixes == 0 or p_top / 6**law.sixes > TAIL_LIMIT  # the smallest such count
    assert sum(listed.values()) + tail == 1
    assert max(listed) == 6 * n + 6 * law.sixes + 5


def test_every_kept_one_is_a_fumble_only_with_the_option() -> None:
    """A fumble is every kept die showing 1 (kept sum = N, L1784-1851): 1/36 of 2 dice."""
    with_option = exchange_law((2, 0), (2, 0), False, True)
    without = exchange_law((2, 0), (2, 0), False, False)
    assert not any(af or df for _, af, df, _ in without.weights)
    fumbled = sum(w for (_, af, _, _), w in with_option.weights.items() if af)
    assert Fraction(fumbled, with_option.denominator) == Fraction(1, 36)


def test_the_law_keeps_every_damage_past_the_cap() -> None:
    """The outcome stops changing at `cap` (the target is dead whatever the armour), the
    damage does not: the law's mean damage is the exact 2 x E[max(attack - defence, 0)] of a
    knife (factor 2, L2944-2977) on an unarmoured target, and several totals are 'dead'."""
    check = _check("melee")
    params = check.parse({"attack_dice": 4, "defence_dice": 2, "weapon": "knife", "target_hp": 3})
    law = check.result_law(params)
    assert not law.tails
    mean = sum((p * (r.total or 0) for r, p in law.results), Fraction(0))
    attack, defence = kept_sum(4, 0), kept_sum(2, 0)
    exact = sum(
        (pa * pd * 2 * max(a - d, 0) for a, pa in attack.items() for d, pd in defence.items()),
        Fraction(0),
    )
    assert mean == exact
    dead = {r.total for r, _ in law.results if r.outcome == "dead"}
    assert len(dead) > 5
    assert min(dead) <= 2 * check.cap(params)


def test_an_open_law_has_little_tail_and_its_draws_land_in_it() -> None:
    """Open-ended pools: two tails (the attack's explosion past its listed sixes, else the
    defence's), a few in ten thousand together; each draw is a roll in its tail."""
    check = _check("melee")
    values = {"attack_dice": 2, "defence_dice": 2, "open_ended": True}
    params = check.parse(values)
    law = check.result_law(params)
    attack_tail, defence_tail = law.tails
    assert attack_tail.weight + defence_tail.weight <= 2 * TAIL_LIMIT
    sixes = side_law(2, 0, True).sixes
    roller = Roller(7)
    for _ in range(200):
        result = attack_tail.draw(roller)
        assert result.details["attack_kept"] == [6, 6]
        assert result.details["attack_open_dice"][: sixes + 1] == [6] * (sixes + 1)
        result = defence_tail.draw(roller)
        assert result.details["defence_kept"] == [6, 6]
        assert result.details["defence_open_dice"][: sixes + 1] == [6] * (sixes + 1)
        assert len(result.details["attack_open_dice"]) < sixes + 2


def test_the_simulator_draws_an_attack_from_its_law_without_resuming_it() -> None:
    """The encounter simulator's table of a WaRP attack is its result law: no frontier left
    to resume but the open-ended tails, and results that show no dice."""
    check = _check("melee")
    table = check_table(check, check.parse({"attack_dice": 4, "defence_dice": 3}))
    assert not table.frontier
    assert sum(table.weights) == table.denominator
    for result in table.seen.values():
        assert not check.work_details & result.details.keys()
    table = check_table(check, check.parse({"attack_dice": 4, "defence_dice": 3, "open_ended": 1}))
    assert len(table.frontier) == 2


def test_a_result_law_outcome_law_is_the_distribution_without_explosion() -> None:
    """Bonus and penalty dice on both sides, two armour layers and iron skin, alternative
    damage: outcome by outcome, the law is `distribution`."""
    check = _check("melee")
    params = check.parse(
        {
            "attack_dice": 3,
            "attack_bonus": 1,
            "defence_dice": 2,
            "defence_penalty": 2,
            "armour": "leather,armoured_jacket",
            "iron_skin": 2,
            "alternative_damage": True,
            "fumbles": True,
        }
    )
    outcomes: dict[str, Fraction] = {}
    for result, p in check.result_law(params).results:
        outcomes[result.outcome] = outcomes.get(result.outcome, Fraction(0)) + p
    assert Distribution.from_fractions(outcomes) == check.distribution(params).reduced()


def test_parse_shares_the_parameters_of_the_same_values() -> None:
    check = _check("ranged")
    values = {"attack_dice": 3, "weapon": "rifle", "range_dice": 2}
    first = check.parse(values)
    assert check.parse(dict(values)) is first
    assert check.parse({**values, "range_dice": 3}).range_dice == 3
    with pytest.raises(ValueError):
        check.parse({**values, "second_shot": True})  # a rifle fires once a round
    with pytest.raises(ValueError):
        check.parse({**values, "second_shot": True})  # refused again, never kept
