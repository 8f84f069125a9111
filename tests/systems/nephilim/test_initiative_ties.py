"""Initiative ties (seed 003_f1fb14c3cd618c96.txt L491): critical success before plain before
critical failure, then Rapidité + Réaction unmodified, then its natural value. The encounter
tracker applies the system's `tie_break` after the total."""

from __future__ import annotations

from ecran.play import tracker
from ecran.play.tracker import Encounter, Participant


def _who(pid: str, total: int, tie_break: list[int] | None) -> Participant:
    roll = None if tie_break is None else {"details": {"tie_break": tie_break}}
    return Participant(id=pid, name=pid, initiative=total, initiative_roll=roll)


def test_tracker_breaks_equal_totals_by_the_system_keys_l491() -> None:
    enc = Encounter(id="e", name="duel")
    for who in (
        _who("plain_fast", 7, [1, 6, 6]),
        _who("critical", 7, [2, 3, 3]),
        _who("plain_slow", 7, [1, 4, 4]),
        _who("fumble", 7, [0, 9, 9]),
        _who("higher", 8, [0, 0, 0]),
    ):
        enc = tracker.with_participant(enc, who)
    assert enc.order == ("higher", "critical", "plain_fast", "plain_slow", "fumble")


def test_nephilim_initiative_carries_its_tie_break() -> None:
    from ecran.dice import Roller
    from ecran.engine import get_system

    system = get_system("nephilim")
    npc = system.random_npc(Roller(5))
    result = system.initiative(npc, Roller(9))
    rank = {"critical_failure": 0, "normal": 1, "critical_success": 2}[result.outcome]
    assert result.details["tie_break"] == [
        rank,
        result.details["rating"],
        result.details["natural_rating"],
    ]
