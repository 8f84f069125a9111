"""Issue #31, items 1-3: the end states of the health tracks through the operations, one path
for the operation and the end of round.

- L637-640: "Après être tombé hors de combat (INC ou END = 0), le personnage dispose d'INC +
  END tours pour recevoir les premiers soins avant de mourir."
- L824-828: "Etranglement / manque d'oxygène: le personnage perd un point d'endurance par tour.
  Lorsque son endurance est réduite à 0, il perd un point de SNG / tour."; L777-780 (damage to
  END past 0 comes off SNG); L895-896 (respiratory arrest: 1 a round off END).
- L312-317 (exertion is a physical action), L614-626 (out of combat, nothing more can be done),
  L630-633 (at SNG 0, one END point a round).
"""

from __future__ import annotations

import json
from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.organique.sheet import OrganiqueSheet

SYSTEM = get_system("organique")


def sheet(end: int = 10, **update: Any) -> OrganiqueSheet:
    base = SYSTEM.new_character("Test").model_dump()
    chars = {k: 10 for k in ("AGI", "PER", "CHA", "END", "INT", "VIT", "FOR", "VOL")}
    chars["END"] = end
    base.update(characteristics=chars, endurance=end)
    base.update(update)
    return OrganiqueSheet.model_validate(base)


def health(sng: float, inc: float) -> dict[str, float]:
    return {"sng_max": 10, "cps_max": 4, "inc_max": 6, "sng": sng, "cps": 4, "inc": inc}


def op(name: str, s: OrganiqueSheet, **values: Any) -> OrganiqueSheet:
    operation = SYSTEM.operation(name)
    return operation.apply(s, operation.params.model_validate(values), Roller(1)).sheet


def test_out_of_combat_dies_after_inc_plus_end_rounds_L637_640() -> None:
    """Tyra at END 0, INC 2 (L4107-4110): two rounds for first aid, then death."""
    s = sheet(health=health(0, 2), endurance=0)
    assert SYSTEM.status(s) == "out"
    once = op("end_of_round", s)
    assert SYSTEM.status(once) == "out" and once.first_aid_rounds == 1
    twice = op("end_of_round", once)
    assert twice.dead and SYSTEM.status(twice) == "dead"
    assert op("end_of_round", twice) == twice  # the dead stay dead


def test_a_fall_to_inc_0_counts_the_end_held_at_the_fall_L377_379_L637_640() -> None:
    """INC 1, END 3: a 2 bs blow at SNG 0 takes INC to 0 and drops END (L377-379), but the
    clock is the 0 + 3 rounds counted at the fall."""
    s = sheet(health=health(0, 1), endurance=3)
    fallen = op("take_hit", s, bs=2, ignore_armour=True)
    assert (fallen.endurance, fallen.first_aid_rounds) == (0, 3)
    for left in (2, 1):
        fallen = op("end_of_round", fallen)
        assert fallen.first_aid_rounds == left and not fallen.dead
    assert op("end_of_round", fallen).dead


def test_first_aid_stops_the_clock_L637_640() -> None:
    s = op("end_of_round", sheet(health=health(0, 2), endurance=0))
    aided = op("first_aid", s)
    for _ in range(10):
        aided = op("end_of_round", aided)
    assert not aided.dead and SYSTEM.status(aided) == "out"
    # a new wound is untreated: the clock runs again
    hit = op("take_hit", aided, bs=0.5, ignore_armour=True)
    assert not hit.first_aid


def test_the_clock_through_the_command_line_L637_640(cli: Any, tmp_path: Any) -> None:
    """Four rounds to get first aid: four `op organique end-of-round` and the sheet is dead."""
    path = tmp_path / "c.json"
    path.write_text(sheet(health=health(0, 4), endurance=0).model_dump_json())
    for _ in range(4):
        result = cli("op", "organique", "end-of-round", str(path), "--json", "-o", str(path))
        assert result.code == 0, result.err
    assert result.json()["sheet"]["dead"]
    assert "mort" in result.json()["summary"]["fr"]


def test_no_oxygen_takes_sng_once_end_is_0_one_path_L824_828_L777_780() -> None:
    """12 rounds without air at END 10: END 0 after 10, then SNG 10 → 8, whether as 12 ends of
    round with --no-oxygen or one `suffocate --rounds 12`."""
    s = sheet(health=health(10, 6))
    rounds = s
    for _ in range(12):
        rounds = op("end_of_round", rounds, exertion=False, no_oxygen=True)
    held = op("suffocate", s, rounds=12)
    assert (rounds.endurance, rounds.health.sng) == (0, 8)
    assert rounds == held
    assert rounds.suffocation_sng == 2  # it comes back on breathing (L827-828)


def test_respiratory_arrest_takes_sng_once_end_is_0_L895_896_L777_780() -> None:
    s = sheet(end=1, health=health(10, 6), conditions=["respiratory_arrest"])
    s = op("end_of_round", s, exertion=False)
    assert (s.endurance, s.health.sng) == (0, 10)
    s = op("end_of_round", s, exertion=False)
    assert (s.endurance, s.health.sng) == (0, 9)


def test_no_exertion_at_inc_0_only_the_mortal_wound_L312_317_L614_626_L630_633() -> None:
    s = sheet(health=health(0, 0), endurance=5)
    assert op("end_of_round", s).endurance == 4
    # still fighting at SNG 0: exertion and the mortal wound (Tim, L338-346)
    up = sheet(health=health(0, 3), endurance=5)
    assert op("end_of_round", up).endurance == 3


def test_the_fights_round_end_counts_the_clock_down_L637_640() -> None:
    """`encounter.round_end`, applied round after round, kills a fighter left out of combat
    with no first aid (what the simulator needs to report deaths)."""
    from ecran.systems.organique.encounter import round_end

    s = sheet(health=health(0, 2), endurance=0)
    for _ in range(2):
        (step,) = round_end(s)
        assert step.params == {"exertion": False}
        s = op(step.operation, s, **step.params)
    assert s.dead and round_end(s) == []


def test_the_simulator_keeps_a_dying_sheet_and_folds_the_dead_L637_640() -> None:
    """A sheet out of the fight is folded to its status only where the round end can change
    nothing of it: the dying keep their clock, the dead and the exhausted (END 0 with blood
    left: nothing more to lose, L331-336) are their status alone."""
    from ecran.engine.fight.states import FOLDED, FightStates

    books = FightStates(SYSTEM)
    dying = sheet(health=health(0, 2), endurance=0)
    kept = books.state(dying, fold=True)
    assert books.sheets[kept] is dying and not books.still[kept]
    dead = books.state(op("end_of_round", op("end_of_round", dying)), fold=True)
    assert books.names[dead] == repr((FOLDED, "dead")) and books.still[dead]
    spent = books.state(sheet(health=health(5, 6), endurance=0), fold=True)
    assert books.names[spent] == repr((FOLDED, "out"))


def test_a_lethal_fight_kills_through_the_command_line_L637_640(cli: Any, tmp_path: Any) -> None:
    """`ecran encounter simulate`: a fighter taken out of combat with no first aid dies when
    the clock ends (issue #31's done-when: dead > 0 for a lethal fight; it was 0.0 for all).
    Bob is already down, out of combat at INC 0 with 2 rounds on his clock; his friend Ana is
    there to keep the fight going, but no one gives first aid in a simulated fight."""
    down = sheet(health=health(0, 0), endurance=0, first_aid_rounds=2)
    fighter = SYSTEM.random_npc(Roller(3))
    data = {
        "system": "organique",
        "max_rounds": 1,
        "participants": [
            {"name": name, "side": side, "sheet": s.model_dump(mode="json")}
            for name, side, s in (
                ("Ana", "PJ", fighter),
                ("Bob", "PJ", down),
                ("Eve", "PNJ", fighter),
            )
        ],
    }
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(data))
    result = cli("encounter", "simulate", str(path), "--trials", "50", "--seed", "1", "--json")
    assert result.code == 0, result.err
    bob = next(p for p in result.json()["participants"] if p["name"] == "Bob")
    assert bob["out"] == bob["dead"] == 1.0
