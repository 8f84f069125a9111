"""Issue #29, "each game's own words": a round is a "tour" in Espace Artémis and Organique (the
seeds say "tour": Artémis L131, L195, L201, "round" never; Organique 70 times against 2) and a
"round" in WaRP, Fluid and Nephilim; counts agree (`1 tour`, `0 tour`, `2 tours`)."""

from __future__ import annotations

import pytest

from ecran.engine import get_system
from ecran.play import encounter as enc
from toy import LiveTable


@pytest.mark.parametrize(
    ("system", "one", "two"),
    [
        ("artemis", "1 tour", "2 tours"),
        ("organique", "1 tour", "2 tours"),
        ("warp", "1 round", "2 rounds"),
        ("fluid", "1 round", "2 rounds"),
        ("nephilim", "1 round", "2 rounds"),
    ],
)
def test_each_games_word_for_a_round(system: str, one: str, two: str) -> None:
    game = get_system(system)
    assert game.rounds(1, "fr") == one and game.rounds(2, "fr") == two
    assert game.rounds(0, "fr") == one.replace("1", "0")  # French: 0 is singular
    assert game.rounds(0, "en") == "0 rounds" and game.rounds(1, "en") == "1 round"


@pytest.mark.parametrize(("system", "word"), [("artemis", "Tour"), ("warp", "Round")])
def test_the_turn_and_a_conditions_duration_in_the_games_word(system: str, word: str) -> None:
    live = LiveTable(system)
    game = get_system(system)
    eid = live.do(enc.create(live.now, live.gm, "Embuscade")).payload["encounter_id"]
    for name, initiative in (("Ombre", 5), ("Lune", 3)):
        live.do(enc.add_participant(live.now, game, live.gm, eid, name=name, initiative=initiative))
    live.do(enc.start(live.now, live.gm, eid))
    pid = next(iter(live.now.encounters[eid].encounter.participants))
    put = live.do(enc.add_condition(live.now, live.gm, eid, pid, "Sonné", 2))
    assert put.payload["summary"]["fr"].endswith(f"Sonné ({game.rounds(2, 'fr')})")
    moved = live.do(enc.next_turn(live.now, live.gm, eid))
    assert moved.payload["summary"]["fr"].startswith(f"{word} 1 : au tour de")
