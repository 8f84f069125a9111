"""Issue #18, Fluid: each item through the path a user takes (the CLI in-process, the engine, an
operation), naming the seed lines it follows."""

from __future__ import annotations

from typing import Any

CHASE = ["chase", "--characteristic", "5", "--opponent-characteristic", "5"]


# -- (1) chase units, L1653-1663 ----------------------------------------------------------------


def test_chase_gap_is_metres_and_a_vehicle_margin_is_ten_metres_l1653_1663(cli: Any) -> None:
    """The issue's command: the fugitive wins by 5 with vehicles, 5 × 10 = 50 m, so a gap of
    4 m becomes 54 m, past the 30 m escape gap. One unit, the metre, said on every number."""
    quoted = cli("roll", "fluid", *CHASE, "--gap", "4", "--vehicles", "--seed", "2", "--json")
    assert quoted.code == 0, quoted.err
    details = quoted.json()["details"]
    assert (details["margin"], details["metres"], details["new_gap"]) == (5, 50, 54)
    assert quoted.json()["outcome"] == "escaped"
    # The GM's "dizaines de mètres" (L1655) are a gap of 40 m, not 4 tens.
    args = ("--seed", "2", "--json")
    tens = cli("roll", "fluid", *CHASE, "--gap", "40", "--escape-at", "300", "--vehicles", *args)
    assert tens.json()["details"]["new_gap"] == 90 and tens.json()["outcome"] == "further"
    on_foot = cli("roll", "fluid", *CHASE, "--gap", "4", *args)
    assert on_foot.json()["details"]["new_gap"] == 9  # 1 point = 1 m on foot
    text = cli("roll", "fluid", *CHASE, "--gap", "4", "--vehicles", "--seed", "2")
    assert "Nouvel écart (m)" in text.out
    helped = cli("roll", "fluid", "chase", "--help").out
    assert "mètres" in helped and "10 m" in helped and "dizaines de mètres" not in helped


def test_a_gap_on_foot_beyond_reach_is_one_line(cli: Any) -> None:
    result = cli("odds", "fluid", *CHASE, "--gap", "400")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert "150 m" in result.err
    far = cli("odds", "fluid", *CHASE, "--gap", "400", "--escape-at", "900", "--vehicles")
    assert far.code == 0, far.err
