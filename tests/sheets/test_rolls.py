from ecran.rules import Action, tr
from ecran.sheets.rolls import MAX_COLUMNS, YES, roll_groups


def test_actions_print_as_a_grid_of_their_numbers(fake):
    (group,) = roll_groups(fake, fake.actions(fake.new_character("A")), "fr")
    assert group.title == "Compétences"
    # Swimming leaves the cap unset (None, its default) and lucky is an option: neither prints.
    assert group.columns == ("Compétence", "Bonus", "Plafond")
    assert [(r.label, r.values) for r in group.rolls] == [
        ("Escalade", ("4", YES, "8")),
        ("Nage", ("2", YES, "")),
    ]


def test_english_labels_come_from_the_check_parameters(fake):
    (group,) = roll_groups(fake, fake.actions(fake.new_character("A")), "en")
    assert (group.title, group.columns) == ("Skills", ("Skill", "Bonus", "Cap"))
    assert group.rolls[0].label == "Climbing"


def test_a_set_modifier_is_printed(fake):
    action = Action(tr("Sous le feu", "Under fire"), "mixed", {"skill": 3, "cap": 2})
    (group,) = roll_groups(fake, [action], "fr")
    assert group.title == ""
    assert group.columns == ("Compétence", "Plafond")
    assert group.rolls[0].values == ("3", "2")


def test_groups_needing_many_columns_print_each_roll_inline(fake, monkeypatch):
    monkeypatch.setattr("ecran.sheets.rolls.MAX_COLUMNS", 2)
    assert MAX_COLUMNS > 2
    (group,) = roll_groups(fake, fake.actions(fake.new_character("A")), "fr")
    assert group.columns == ()
    assert group.rolls[0].values == (f"Compétence 4 · Bonus {YES} · Plafond 8",)


def test_an_action_naming_an_unknown_check_prints_its_label_only(fake):
    (group,) = roll_groups(fake, [Action(tr("Bizarre", "Odd"), "nope", {"x": 1})], "fr")
    assert group.columns == ()
    assert group.rolls[0].label == "Bizarre"
