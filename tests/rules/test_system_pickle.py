"""A game travels to the work budget's worker processes (the tracker's chances of victory run
there): pickled after use, it comes back as the same game, its registered object where it is
one, and never drags its lookups' caches along."""

from __future__ import annotations

import pickle
import sys
from typing import Any

import pytest

from ecran.engine import all_systems
from ecran.rules import System

SYSTEMS = [pytest.param(s, id=s.id) for s in all_systems().values()]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_used_system_pickles_as_itself(system: System[Any]) -> None:
    for check in system.checks:
        system.check(check.name)
    for operation in system.operations:
        system.operation(operation.name)
    back = pickle.loads(pickle.dumps(system))
    assert back is system  # the package's SYSTEM: the same object in this process
    assert len(pickle.dumps(system)) < 200


def test_a_system_outside_a_package_comes_back_as_its_class() -> None:
    from toy import Toy

    toy_system = Toy()
    toy_system.check("test")
    assert getattr(sys.modules[type(toy_system).__module__], "SYSTEM", None) is not toy_system
    back = pickle.loads(pickle.dumps(toy_system))
    assert type(back) is type(toy_system) and back.id == toy_system.id
