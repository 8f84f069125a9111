"""`survival_law` reads a penalty's die once in a wide window and shifts it by the
characteristic (#32: the simulator asks it for every CON and penalty a blow meets): it must be
the survival check's own `distribution` exactly, at every characteristic a sheet can have."""

from __future__ import annotations

import pytest

from ecran.systems.fluid.checks.health import Survival, survival_law


@pytest.mark.parametrize("penalty", [1, 2, 5, 12, 40])
def test_the_survival_law_is_the_checks_distribution(penalty: int) -> None:
    check = Survival()
    for characteristic in range(-10, 31):
        params = check.parse({"characteristic": characteristic, "penalty": penalty})
        exact = check.distribution(params)
        assert dict(survival_law(characteristic, penalty).items()) == dict(exact.items())


def test_the_law_moves_with_the_characteristic() -> None:
    """The test can fail: another characteristic's law is another law."""
    assert dict(survival_law(4, 3).items()) != dict(survival_law(9, 3).items())
