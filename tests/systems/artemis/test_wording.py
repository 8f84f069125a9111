"""Counted wounds and fatigues agree with their count, never "grave(s)"."""

from ecran.systems.artemis import tracks


def test_wound_outcome_agrees_with_its_counts() -> None:
    assert tracks.outcome_label("s0_l2").fr == "// (0 grave, 2 légères)"
    assert tracks.outcome_label("s2_l1").fr == "xx/ (2 graves, 1 légère)"
    assert "(s)" not in tracks.outcome_label("s1_l0").fr
