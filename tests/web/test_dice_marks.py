"""The dice page shows a roll as Roll20 does: dropped dice struck, crits and failures marked,
labels kept — replayed from the roll's seed, so the page shows the very dice of the JSON."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from ecran.web.app import create_app


def _work(expr: str, seed: int) -> tuple[str, dict[str, object]]:
    client = TestClient(create_app())
    page = client.get("/dice", params={"expr": expr, "seed": str(seed)})
    assert page.status_code == 200
    work = re.search(r'<code class="work">(.*?)</code>', page.text, re.S)
    assert work is not None
    return work.group(1), client.get("/api/dice", params={"expr": expr, "seed": seed}).json()


def test_dropped_dice_are_struck_and_crits_marked() -> None:
    work, roll = _work("4d20kh3cs>15", 3)
    dice = roll["dice"]
    assert isinstance(dice, list)
    dropped = min(dice)
    assert f"<s>{dropped}</s>" in work
    crits = [d for d in dice if d >= 15 and d != dropped]
    assert work.count('class="crit-success"') == len(crits)
    assert work.endswith(f"= {roll['total']}")


def test_labels_and_critical_failures() -> None:
    work, _ = _work("1d20cf<20[attaque]", 1)
    assert '<span class="label">[attaque]</span>' in work
    assert 'class="crit-fail"' in work  # every face is <= 20: always a marked fumble


def test_a_decimal_total_in_the_pages_notation() -> None:
    """Issue #29: `(1d8+4)/2` reads `= 3,5` on a French page (`total 3,5` beside it), `= 3.5` in
    English."""
    work, roll = _work("(1d8+4)/2", 1)
    total = str(roll["total"])
    assert "/" in total  # an exact fraction in the JSON: the page shows it as a decimal
    numerator, denominator = (int(x) for x in total.split("/"))
    assert work.endswith("= " + f"{numerator / denominator:g}".replace(".", ","))
    client = TestClient(create_app())
    english = client.get("/dice", params={"expr": "(1d8+4)/2", "seed": "1", "lang": "en"}).text
    assert f"= {numerator / denominator:g}</code>" in english
