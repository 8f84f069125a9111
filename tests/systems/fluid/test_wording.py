"""Counted words agree with their count: never "désavantage(s)"."""

import pytest

from ecran.rules import EcranError
from ecran.systems.fluid.advantages import split


def test_points_asked_beyond_the_net_count_agree_with_both_counts() -> None:
    with pytest.raises(EcranError) as one:
        split(1, 2)
    assert one.value.message("fr") == (
        "2 points demandés mais seulement 1 avantage ou désavantage net"
    )
    assert one.value.message("en") == "2 points asked but only 1 net advantage or disadvantage"
    with pytest.raises(EcranError) as many:
        split(-2, 3)
    assert many.value.message("fr") == (
        "3 points demandés mais seulement 2 avantages ou désavantages nets"
    )
