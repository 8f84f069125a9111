from fractions import Fraction

import pytest

from ecran.sheets.tracks import MAX_BOXES, parse_track

HALF = Fraction(1, 2)


@pytest.mark.parametrize(
    ("value", "boxes", "rest"),
    [
        ("14 / 14", [1] * 14, ""),
        ("0/10 Indemne", [0] * 10, "Indemne"),
        ("3.0 / 3", [1, 1, 1], ""),
        ("2,5 / 4", [1, 1, HALF, 0], ""),
        ("1 / 1", [1], ""),
    ],
)
def test_current_over_maximum_is_a_row_of_boxes(value: str, boxes: list[Fraction], rest: str):
    track = parse_track("Points de vie", value)
    assert track is not None
    assert list(track.boxes) == boxes
    assert track.rest == rest


@pytest.mark.parametrize(
    "value",
    ["0 / 0", f"1 / {MAX_BOXES + 1}", "5 / 3", "10", "vêtements légers : 0", "0 (0)", "-1 / 4"],
)
def test_other_values_stay_text(value: str):
    assert parse_track("Points de vie", value) is None


def test_a_label_naming_two_quantities_is_not_a_track():
    assert parse_track("Expérience totale / utilisée", "3 / 5") is None
