"""The notation's tree nodes are frozen value records (`ecran.dice.notation.record`): what
`@dataclass(frozen=True, slots=True)` gave them, built without generated code (#32)."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError

import pytest

from ecran.dice.notation import parse
from ecran.dice.notation.ast import Dice, Keep, Reroll


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
