"""Counted wounds and fatigues agree with their count, never "grave(s)"."""

from ecran.systems.artemis import tracks


def test_wound_outcome_agrees_with_its_counts() -> None:
    assert tracks.outcome_label("s0_l2").fr == "// (0 grave, 2 légères)"
    assert tracks.outcome_label("s2_l1").fr == "xx/ (2 graves, 1 légère)"
    assert "(s)" not in tracks.outcome_label("s1_l0").fr


def test_checks_word_the_wound_states_as_the_combat_table() -> None:
    """A check words a wound state from the combat file's rows, read without its models (#32):
    the same words the validated table gives."""
    from ecran.rules.text import Text
    from ecran.systems.artemis import tables
    from ecran.systems.artemis.checks.base import ArtemisCheck

    expected = {c.id: Text(fr=c.fr, en=c.en) for c in tables.combat().category}
    assert expected and ArtemisCheck.value_labels == expected
