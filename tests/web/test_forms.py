"""Forms generated from a check's parameter schema, and the values read back from a form."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import all_systems
from ecran.rules import Check
from ecran.web.forms import FormField, fields_of, form_values, values_from_form
from toy import MixedParams


def by_name(fields: list[FormField]) -> dict[str, FormField]:
    return {f.name: f for f in fields}


def test_every_parameter_kind_becomes_the_right_control(toy_system: Any) -> None:
    fields = by_name(fields_of(MixedParams))
    skill = fields["skill"]
    assert (skill.kind, skill.required, skill.minimum, skill.maximum) == ("int", True, 0, 6)
    assert skill.label.fr == "Compétence" and skill.label.en == "Skill"
    assert (fields["bonus"].kind, fields["bonus"].default) == ("bool", True)
    cap = fields["cap"]
    assert (cap.kind, cap.nullable, cap.required, cap.minimum, cap.maximum) == (
        "int",
        True,
        False,
        1,
        12,
    )
    assert (fields["stance"].kind, list(fields["stance"].choices)) == (
        "choice",
        ["careful", "bold"],
    )
    assert (fields["mode"].kind, list(fields["mode"].choices)) == ("choice", ["plain", "grim"])
    lucky = fields["lucky"]
    assert lucky.kind == "bool" and lucky.option_kind == "house_rule"
    assert lucky.option_label is not None and lucky.option_label.fr == "règle maison"
    assert lucky.source == "toy L7-9"
    assert all(f.option_kind is None for n, f in fields.items() if n != "lucky")


def test_checkbox_hidden_false_then_true_last_value_wins(toy_system: Any) -> None:
    fields = fields_of(MixedParams)
    ticked = values_from_form(fields, {"bonus": ["false", "true"]})
    unticked = values_from_form(fields, {"bonus": ["false"]})
    assert MixedParams.model_validate({"skill": 1, **ticked}).bonus is True
    assert MixedParams.model_validate({"skill": 1, **unticked}).bonus is False


def test_absent_fields_keep_defaults_and_empty_optional_is_none(toy_system: Any) -> None:
    fields = fields_of(MixedParams)
    values = values_from_form(fields, {"skill": ["2"], "cap": [""], "stance": ["bold"]})
    assert values == {"skill": "2", "cap": None, "stance": "bold"}
    params = MixedParams.model_validate(values)
    assert (params.skill, params.cap, params.bonus) == (2, None, True)


def test_empty_required_number_is_refused_by_the_model_not_dropped(toy_system: Any) -> None:
    fields = fields_of(MixedParams)
    assert values_from_form(fields, {"skill": [""]}) == {"skill": ""}


def test_form_names_may_be_kebab_case_like_the_cli() -> None:
    from pydantic import BaseModel

    class Model(BaseModel):
        open_ended: bool = False

    assert values_from_form(fields_of(Model), {"open-ended": ["true"]}) == {"open_ended": "true"}


def _registered_checks() -> list[tuple[str, Check[Any]]]:
    return [(sid, c) for sid, s in all_systems().items() for c in s.checks]


@pytest.mark.parametrize(
    ("system_id", "check"),
    _registered_checks(),
    ids=[f"{sid}.{c.name}" for sid, c in _registered_checks()],
)
def test_every_registered_check_round_trips_its_example_through_the_form(
    system_id: str, check: Check[Any]
) -> None:
    """What the page writes into its inputs, read back, is the same parameters again."""
    example = check.parse(dict(check.example)).model_dump(mode="json")
    fields = fields_of(check.params)
    assert [f.name for f in fields] == list(check.params.model_fields)
    written = {name: [text] for name, text in form_values(example).items()}
    assert check.parse(values_from_form(fields, written)).model_dump(mode="json") == example


def test_a_table_option_ticked_reads_true_or_false_and_nothing_else() -> None:
    """A checkbox option sends `false` (its hidden twin) then `true` if ticked; any other value
    is a refusal naming the option, not a silent "no"."""
    from ecran.engine import get_system
    from ecran.rules import EcranError
    from ecran.web.forms import option_fields, option_values

    fields = option_fields(get_system("artemis"))
    assert option_values(fields, {"option:needs_serious": ["false", "true"]}) == {
        "needs_serious": True
    }
    assert option_values(fields, {"option:needs_serious": ["false"]}) == {"needs_serious": False}
    with pytest.raises(EcranError) as refused:
        option_values(fields, {"option:needs_serious": ["maybe"]})
    said = refused.value.message("fr")
    assert said.startswith("Aggravation") and "« maybe »" in said.replace("\u202f", " "), said
    assert "needs_serious" not in said and "needs_serious" not in refused.value.message("en")


def test_the_creation_form_refuses_a_bad_option_and_makes_no_table(app_client: Any) -> None:
    from urllib.parse import urlencode

    form = [("name", "T"), ("system", "artemis"), ("option:needs_serious", "maybe")]
    answer = app_client.post(
        "/tables",
        content=urlencode(form),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert answer.status_code == 422 and "maybe" in answer.text
    assert not any(c.startswith("ecran_") for c in answer.cookies)


def test_the_english_wizard_starts_from_english_examples(app_client: Any) -> None:
    """WaRP's guided creation page in English showed the French example traits."""
    from urllib.parse import urlencode

    form = [("name", "T"), ("system", "warp")]
    made = app_client.post(
        "/tables?lang=en",
        content=urlencode(form),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    table_id = made.headers["location"].split("/tables/")[1].split("?")[0]
    for path in (f"/tables/{table_id}/characters/new", f"/tables/{table_id}/characters/wizard"):
        page = app_client.get(path, params={"lang": "en"})
        assert page.status_code == 200, (path, page.status_code)
        assert "Antécédents militaires" not in page.text and "Coriace" not in page.text, path
        assert "Military background" in page.text, path
