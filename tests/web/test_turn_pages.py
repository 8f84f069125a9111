"""A player's turn in the pages: on Hector's turn Lou (his player) gets the cue ("À vous de
jouer"), the attacks with their exact odds (a secret NPC's: labels only), attacks from her own
page and reads the result in her panel; the log credits her; Max sees the order, the round and
the attack, gets no panel and is refused; Lou ends her turn and the cue moves to Max.

Toy combat (tests/toy.py): skill = might + 2 - defender's agility; 1d6 + skill >= 5 ("ok").
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from web.table_pages.conftest import Seat, create, join


def _character(seat: Seat, sheet: dict[str, Any], secret: bool = False) -> str:
    made = seat.client.post(
        f"/api/tables/{seat.table_id}/characters",
        json={"sheet": sheet, "secret": secret},
        headers={"Authorization": f"Bearer {seat.token}"},
    )
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def _step(seat: Seat, eid: str, *pairs: tuple[str, str]) -> Any:
    return seat.post(f"/encounters/{eid}/step", pairs, htmx=True)


def _scene(client: TestClient) -> tuple[Seat, Seat, Seat, str]:
    """Lou's Hector (p1, initiative 9), Max's Brutus (p2, 5), the GM's secret Gobelin (p3, 1):
    started, Hector acts."""
    gm, invite = create(client, "toy")
    lou, max_ = join(client, invite, "Lou"), join(client, invite, "Max")
    ids = [
        _character(lou, {"name": "Hector", "might": 3, "agility": 2}),
        _character(max_, {"name": "Brutus", "might": 1, "agility": 3}),
        _character(gm, {"name": "Gobelin", "might": 1, "agility": 4}, secret=True),
    ]
    eid = gm.post("/encounters", [("name", "Rixe")]).headers["location"]
    eid = eid.split("/encounters/")[1].split("?")[0]
    for number, (cid, init) in enumerate(zip(ids, ("9", "5", "1"), strict=True), start=1):
        _step(gm, eid, ("step", "add"), ("character_id", cid))
        _step(gm, eid, ("step", "initiative"), ("participant", f"p{number}"), ("value", init))
    _step(gm, eid, ("step", "start"))
    return gm, lou, max_, eid


def _page(seat: Seat, eid: str) -> str:
    return unescape(seat.get(f"/encounters/{eid}").text)


def test_on_her_turn_lou_gets_the_cue_and_her_panel_max_sees_the_order(
    app_client: TestClient, toy_system: Any
) -> None:
    gm, lou, max_, eid = _scene(app_client)
    mine = _page(lou, eid)
    assert 'data-my-turn="true"' in mine and 'id="turn-cue"' in mine
    assert "À vous de jouer\u202f!" in mine and 'data-step="next">Finir mon tour' in mine
    assert 'id="turn"' in mine and 'id="attack"' not in mine  # hers, not the GM's
    assert 'id="turn-sound"' in mine and 'id="turn-notify"' in mine  # both off until asked
    theirs = _page(max_, eid)
    assert 'data-my-turn="false"' in theirs and 'id="turn-cue"' not in theirs
    assert 'id="turn"' not in theirs and 'id="attack"' not in theirs
    # players see the round, who acts (and who plays them) and the order
    assert 'data-round="1"' in theirs and "(joué par Lou)" in theirs
    order = re.findall(r'data-participant="(p\d)"', theirs)
    assert order == ["p1", "p2", "p3"]
    assert 'id="turn-cue"' not in _page(gm, eid)


def test_her_attacks_show_exact_odds_and_a_secret_npcs_show_none(
    app_client: TestClient, toy_system: Any
) -> None:
    _gm, lou, _max, eid = _scene(app_client)
    panel = unescape(lou.get(f"/encounters/{eid}/attack-panel", a_target="p2").text)
    # might 3 + 2 - agility 3 = 2: 1d6 + 2 >= 5 on faces 3 to 6
    assert "Coup de poing" in panel
    assert 'data-outcome="success" data-probability="2/3"' in panel
    assert 'name="a_pick" value="0"' in panel and 'name="skill"' not in panel
    secret = unescape(lou.get(f"/encounters/{eid}/attack-panel", a_target="p3").text)
    # the system's label may name the secret side's gear: the player reads it veiled (#30)
    assert "Attaque contre un adversaire dont le MJ garde la fiche" in secret
    assert "data-probability" not in secret
    assert "chances connues du MJ seul (la fiche de Gobelin est secrète)" in secret
    # asking for another attacker still gives Hector's attacks (hers, on her turn)
    other = unescape(lou.get(f"/encounters/{eid}/attack-panel", a_attacker="p2").text)
    assert 'data-attacker="p1"' in other


def test_lou_attacks_from_her_page_reads_the_result_and_the_log_credits_her(
    app_client: TestClient, toy_system: Any
) -> None:
    gm, lou, max_, eid = _scene(app_client)
    version = re.search(r'data-version="(\d+)"', _page(lou, eid))
    assert version is not None
    answer = _step(
        lou,
        eid,
        ("step", "attack"),
        ("version", version[1]),
        ("a_attacker", "p1"),
        ("a_target", "p2"),
        ("a_pick", "0"),
    )
    assert answer.status_code == 200, answer.text
    shown = unescape(answer.text)
    result = re.search(
        r'id="attack-result" data-outcome="(\w+)".*?class="outcome"><strong>([^<]+)</strong>'
        r' <span class="total">total (\d+)</span>.*?<span class="die">(\d)</span>',
        shown,
        re.S,
    )
    assert result is not None
    assert "Hector → Brutus · Coup de poing" in shown
    outcome, label, total, die = result.groups()
    # the result agrees with the rule: 1d6 + 2, "ok" from 5
    assert int(total) == int(die) + 2
    assert (outcome, label) == (("success", "ok") if int(total) >= 5 else ("failure", "échec"))
    for seat in (gm, max_):
        log = _page(seat, eid)
        entry = re.search(
            r'data-kind="encounter"[^>]*>\s*<span class="who">([^<]+)</span>.*?'
            r'<span class="what">(Hector attaque Brutus[^<]*)</span>',
            log,
            re.S,
        )
        assert entry is not None
        assert entry[1] == "Lou"


def test_max_cannot_act_on_lous_turn_and_the_turn_passes_to_him(
    app_client: TestClient, toy_system: Any
) -> None:
    _gm, lou, max_, eid = _scene(app_client)
    refused = _step(
        max_, eid, ("step", "attack"), ("a_attacker", "p2"), ("a_target", "p1"), ("a_pick", "0")
    )
    assert refused.status_code == 422
    assert "ce n'est pas le tour de Brutus (au tour d'Hector)" in unescape(refused.text)
    not_yours = unescape(_step(max_, eid, ("step", "next")).text)
    assert "ce n'est pas votre tour (au tour d'Hector)" in not_yours
    gm_only = _step(lou, eid, ("step", "undo"))
    assert "réservé au MJ" in unescape(gm_only.text)
    passed = unescape(_step(lou, eid, ("step", "next")).text)
    assert 'data-acting="p2"' in passed and 'id="turn-cue"' not in passed
    assert 'id="turn-cue"' in _page(max_, eid)


def test_odds_a_busy_budget_put_off_are_asked_again_a_few_times(
    app_client: TestClient, toy_system: Any, monkeypatch: Any
) -> None:
    """A busy work budget (`Busy`) leaves an attack without its odds for a moment: the panel
    says so and asks again by itself a second later (with its pair and pick), a few times at
    most, never when the odds are there."""
    from ecran.engine.budget import busy
    from ecran.play.encounter import attacks

    _gm, lou, _max, eid = _scene(app_client)
    calm = unescape(lou.get(f"/encounters/{eid}/attack-panel", a_target="p2").text)
    assert "odds-retry" not in calm

    def refused(*args: Any) -> Any:
        raise busy()

    monkeypatch.setattr(attacks, "check_odds", refused)
    waiting = unescape(lou.get(f"/encounters/{eid}/attack-panel", a_target="p2").text)
    assert "calcul exact en attente" in waiting
    retry = re.search(r'<span hidden class="odds-retry" hx-get="([^"]+)"', waiting)
    assert retry is not None
    assert "a_attacker=p1&a_target=p2&a_pick=0&a_retry=1" in retry.group(1)
    last = unescape(lou.get(f"/encounters/{eid}/attack-panel", a_target="p2", a_retry="5").text)
    assert "calcul exact en attente" in last and "odds-retry" not in last
