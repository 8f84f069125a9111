"""How the CLI words a field (cli/fields.py): option help lines and prompt labels, read through
FieldMeta. A declared field shows its own words; a plain field keeps its description or name."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ecran.cli.fields import choices_of, option_help, prompt_label
from ecran.rules import Option, cite, param, tr

SOURCE = cite("999_cli_test.txt", 4, 9)
READING = Option(
    name="reading",
    default="strict",
    label=tr("Lecture", "Reading"),
    help=tr("Une lecture d'essai", "A test reading"),
    source=SOURCE,
    kind="reading",
)


class Model(BaseModel):
    skill: int = param(tr("Compétence", "Skill"), tr("Score de compétence", "Skill score"), ge=0)
    difficulty: int = param(tr("Difficulté", "Difficulty"), default=7, le=20)
    reading: Literal["strict", "loose"] = READING.field()
    hit_points: int = Field(3, description="plain field")
    titled_one: bool = Field(False, title="Titled")


FIELDS = Model.model_fields


def test_option_help_says_help_else_label_then_bounds_and_default() -> None:
    assert option_help("skill", FIELDS["skill"], "fr") == "Score de compétence [≥ 0] [obligatoire]"
    assert option_help("skill", FIELDS["skill"], "en") == "Skill score [≥ 0] [required]"
    assert option_help("difficulty", FIELDS["difficulty"], "en") == "Difficulty [≤ 20] [default: 7]"


def test_option_help_names_an_option_kind_and_its_source() -> None:
    line = option_help("reading", FIELDS["reading"], "en")
    assert line == f"reading of an ambiguity: A test reading ({SOURCE.label.en}) [default: strict]"


def test_a_plain_field_keeps_its_description() -> None:
    assert (
        option_help("hit_points", FIELDS["hit_points"], "fr") == "plain field [par défaut\u00a0: 3]"
    )
    assert option_help("titled_one", FIELDS["titled_one"], "fr") == ""


def test_prompt_label_is_the_declared_label_never_the_field_name() -> None:
    assert prompt_label("skill", FIELDS["skill"], "fr") == "Compétence"
    assert prompt_label("difficulty", FIELDS["difficulty"], "en") == "Difficulty"
    assert prompt_label("hit_points", FIELDS["hit_points"], "fr") == "Hit points"
    assert prompt_label("titled_one", FIELDS["titled_one"], "en") == "Titled"


def test_choices_of_a_literal() -> None:
    assert choices_of(FIELDS["reading"].annotation) == ["strict", "loose"]
    assert choices_of(int) == []
