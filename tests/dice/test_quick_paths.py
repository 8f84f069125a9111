"""The quick path of exact odds for `NdX ± C` gives what the general way gives."""

from __future__ import annotations

import pytest

from ecran.dice.notation import exact, limits, parse


@pytest.mark.parametrize("text", ["3d6", "1d20+5", "2d6-1", "0d6", "1d1", "40d6", "7d10-100"])
def test_the_quick_path_is_the_general_way(text: str) -> None:
    root = parse(text).root
    quick = exact._bare(root)
    assert quick is not None
    assert quick == exact._node(root, limits.DEFAULT_DEPTH)


@pytest.mark.parametrize("text", ["-3d6", "3d6kh2", "3d6+1d4", "3d6*2", "3d6!", "3d6>4", "(3d6)"])
def test_other_shapes_take_the_general_way(text: str) -> None:
    assert exact._bare(parse(text).root) is None
