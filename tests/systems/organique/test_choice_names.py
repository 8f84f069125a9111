"""The choices a check's parameters offer are read from the data files' parsed rows, without
their models (#32: a test's odds define none): they are the validated tables' names."""

from ecran.systems.organique import tables


def test_choice_names_are_the_validated_tables_names() -> None:
    combat, hacking, health = tables.combat(), tables.hacking(), tables.health()
    expected = {
        "ACTIONS": combat.action,
        "REACTIONS": combat.reaction,
        "SIZES": combat.size,
        "WEAPON_LABELS": combat.weapon_label,
        "IMPROVISED": combat.improvised,
        "HOLE_SKILLS": hacking.hole_skill,
        "PSYCHIC_TARGETS": hacking.psychic_target,
        "POISONS": health.poison,
        "HACK_SKILLS": hacking.skill,
    }
    for name, rows in expected.items():
        assert getattr(tables, name) == tuple(r.name for r in rows), name
        assert getattr(tables, name), name  # a table with rows: the test can fail


def test_the_tables_read_on_first_use_are_the_loaders() -> None:
    assert tables.COMBAT is tables.combat() and tables.NETWORKS is tables.networks()
