"""`rules.values.Copied`: a sheet's or a part's shallow copy with fields changed is pydantic's
(the same fields, the same fields set, nothing validated, the original untouched); a deep copy
and a model with private attributes are pydantic's own."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, PrivateAttr

from ecran.dice import Roller
from ecran.engine import get_system, system_ids
from ecran.rules.values import Copied, shared_fields_set


def _pydantic(model: Any, update: dict[str, Any]) -> Any:
    return BaseModel.model_copy(model, update=update)


def test_a_changed_copy_is_pydantics_for_every_game() -> None:
    for system_id in system_ids():
        sheet = get_system(system_id).random_npc(Roller(2))
        for update in ({}, {"name": "Autre"}, {"notes": "x", "player": "Lou"}):
            mine, theirs = sheet.model_copy(update=update), _pydantic(sheet, update)
            assert mine == theirs and type(mine) is type(theirs)
            assert mine.__pydantic_fields_set__ == theirs.__pydantic_fields_set__
            assert mine.__dict__ is not sheet.__dict__
        assert sheet.model_copy(update={"name": "Autre"}).name == "Autre" != sheet.name


def test_a_fluid_part_copies_alike_and_a_deep_copy_is_pydantics() -> None:
    sheet = get_system("fluid").random_npc(Roller(3))
    condition = sheet.condition.model_copy(update={"dead": True})
    assert condition == _pydantic(sheet.condition, {"dead": True}) and not sheet.condition.dead
    deep = sheet.model_copy(deep=True)
    assert deep == sheet and deep.traits is not sheet.traits


class _Private(Copied):
    value: int = 0
    _seen: int = PrivateAttr(default=3)


def test_private_attributes_are_copied_by_pydantic() -> None:
    model = _Private(value=1)
    model._seen = 7
    copied = model.model_copy(update={"value": 2})
    assert copied.value == 2 and copied._seen == 7


class _Two(Copied):
    one: int = 0
    two: int = 0


def test_a_copy_shares_the_fields_set_unless_it_sets_another_field() -> None:
    """A sheet read whole sets every field: its copies share that set (the simulator keeps
    thousands); a copy that sets a field the original did not has its own, the original's
    untouched."""
    sheet = get_system("fluid").random_npc(Roller(4))
    whole = type(sheet).model_validate(sheet.model_dump())
    copied = whole.model_copy(update={"res": 2})
    assert copied.__pydantic_fields_set__ is whole.__pydantic_fields_set__
    model = _Two(one=1)
    other = model.model_copy(update={"two": 2})
    assert other.__pydantic_fields_set__ == {"one", "two"}
    assert model.__pydantic_fields_set__ == {"one"}
    assert other.__pydantic_fields_set__ == _pydantic(model, {"two": 2}).__pydantic_fields_set__


def test_parsed_models_share_one_fields_set_per_names() -> None:
    """`shared_fields_set`: models of the same fields set share one set (the simulator keeps
    thousands of parsed parameters), their values untouched."""
    first, second = _Two(one=1, two=2), _Two(one=3, two=4)
    assert first.__pydantic_fields_set__ is not second.__pydantic_fields_set__
    shared_fields_set(first)
    shared_fields_set(second)
    assert first.__pydantic_fields_set__ is second.__pydantic_fields_set__
    assert (first.one, second.two) == (1, 4) and first.__pydantic_fields_set__ == {"one", "two"}
    alone = shared_fields_set(_Two(one=5))
    assert alone.__pydantic_fields_set__ == {"one"}
