"""Frozen value records (`ecran.record`): what `@dataclass(frozen=True)` and
`@dataclass(frozen=True, slots=True)` made, built without generated code (#32): the notation's
tree, the rules' results."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import FrozenInstanceError, field
from typing import Any, ClassVar

import pytest

from ecran.dice.notation import parse
from ecran.dice.notation.ast import Dice, Keep, Reroll
from ecran.record import record


def test_equal_nodes_compare_and_hash_alike_whatever_their_text() -> None:
    a = Keep(highest=True, count=3, drop=0, text="kh3")
    b = Keep(True, 3, 0, text="k3")  # the text is not compared (field(compare=False))
    assert a == b and hash(a) == hash(b)
    assert a != Keep(highest=False, count=3, drop=0)
    assert a != ("kh3",) and Keep(True, 3, 0) != Reroll(frozenset({3}), True)


def test_a_node_is_frozen_slotted_and_keeps_its_defaults() -> None:
    node = Dice(4, 6)
    with pytest.raises(FrozenInstanceError):
        node.count = 5  # type: ignore[misc]
    assert not hasattr(node, "__dict__")
    assert (node.keeps, node.reroll, node.text) == ((), None, "")
    assert node.bare  # set by __post_init__
    assert not Dice(4, 6, keeps=(Keep(True, 3, 0),)).bare


def test_wrong_arguments_are_refused_as_a_dataclass_refuses_them() -> None:
    with pytest.raises(TypeError):
        Dice(4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Dice(4, 6, colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Dice(4, 6, count=3)  # type: ignore[misc]
    with pytest.raises(TypeError):
        Dice(4, 6, bare=True)  # type: ignore[call-arg]  # init=False


def test_a_parsed_tree_survives_pickling_and_a_second_parse() -> None:
    tree = parse("{4d6r1kh3, 2d8!}kh1 + 3")
    assert pickle.loads(pickle.dumps(tree)) == tree == parse("{4d6r1kh3, 2d8!}kh1 + 3")
    assert hash(tree) == hash(parse("{4d6r1kh3, 2d8!}kh1 + 3"))
    assert repr(Keep(True, 3, 0, "kh3")) == "Keep(highest=True, count=3, drop=0, text='kh3')"


@record
class Blow:
    """A record as the rules write them: a default factory, a field left out of the hash."""

    outcome: str
    total: int = 0
    details: dict[str, Any] = field(default_factory=dict, hash=False)
    label: str = field(default="", compare=False)
    kind: ClassVar[str] = "blow"


def test_dataclasses_read_a_record_as_a_dataclass() -> None:
    blow = Blow("hit", 3, {"damage": 4})
    assert dataclasses.is_dataclass(blow)
    assert [f.name for f in dataclasses.fields(blow)] == ["outcome", "total", "details", "label"]
    assert dataclasses.asdict(blow) == {
        "outcome": "hit",
        "total": 3,
        "details": {"damage": 4},
        "label": "",
    }
    again = dataclasses.replace(blow, total=5)
    assert (again.outcome, again.total, again.details) == ("hit", 5, {"damage": 4})
    assert Blow("miss").details == {} and Blow("miss").details is not Blow("miss").details


def test_a_record_compares_and_hashes_as_its_dataclass_would() -> None:
    assert Blow("hit", 3, label="a") == Blow("hit", 3, label="b")
    assert Blow("hit", 3) != Blow("hit", 4)
    # the dict is left out of the hash (hash=False), the label out of both (compare=False)
    assert hash(Blow("hit", 3, {"a": 1}, "x")) == hash(Blow("hit", 3, {"b": 2}, "y"))
    with pytest.raises(FrozenInstanceError):
        Blow("hit").total = 1  # type: ignore[misc]
    assert repr(Blow("hit")) == "Blow(outcome='hit', total=0, details={}, label='')"
    assert pickle.loads(pickle.dumps(Blow("hit", 2, {"x": 1}))) == Blow("hit", 2, {"x": 1})
    assert Blow.kind == "blow" and "kind" not in {f.name for f in dataclasses.fields(Blow)}
