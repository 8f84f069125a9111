"""Verifiable dice through the web: a player's seed refused in one line, a GM's flagged, the key
never in any answer, the reveal starting a new commitment, the export that `ecran verify`
accepts, and the fairness panel for members."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ecran.play import dice_key as dk
from web.tables.tables_support import Member, Table, new_table


def _roll(table: Table, who: Member, **extra: Any) -> Any:
    return table.post(who, "/rolls", {"check": "d6", "params": {"target": 4}, **extra})


def _demo(client: TestClient) -> Table:
    return new_table(client, "demo")


def test_a_players_seed_is_refused_in_one_line_and_nothing_is_stored(
    app_client: TestClient,
) -> None:
    table = _demo(app_client)
    before = table.last_seq()
    refused = table.post(table.alice, "/rolls?lang=fr", {"check": "d6", "seed": 5})
    assert refused.status_code == 403
    detail = refused.json()["detail"]
    assert detail == "à une table, seul le serveur tire les dés : pas de graine pour un joueur"
    assert table.last_seq() == before
    made = _roll(table, table.gm, seed=5)
    assert made.status_code == 201 and made.json()["payload"]["gm_seed"] is True


def test_rolls_name_the_commitment_in_force_and_the_reveal_starts_a_new_one(
    app_client: TestClient,
) -> None:
    table = _demo(app_client)
    first = table.get(table.alice, "/dice").json()
    assert first["index"] == 1 and len(first["commitment"]) == 64
    rolled = _roll(table, table.alice).json()
    assert rolled["payload"]["commitment"] == first
    assert table.post(table.alice, "/dice/reveal").status_code == 403
    revealed = table.post(table.gm, "/dice/reveal")
    assert revealed.status_code == 201
    payload = revealed.json()["payload"]
    key = payload["revealed"]["key"]
    assert dk.commitment(key) == first["commitment"]
    assert dk.seed_for(key, rolled["seq"]) == rolled["payload"]["record"]["seed"]
    second = table.get(table.bob, "/dice").json()
    assert second == payload["next"] and second["index"] == 2
    assert second["commitment"] != first["commitment"]
    assert _roll(table, table.bob).json()["payload"]["commitment"] == second


def test_the_secret_key_is_in_no_answer(app_client: TestClient) -> None:
    table = _demo(app_client)
    _roll(table, table.alice)
    secret = app_client.app.state.store.state(table.id).dice_key.key  # type: ignore[attr-defined]
    for who in (table.gm, table.alice):
        for path in ("", "/state", "/events", "/log", "/dice", "/export", "/fairness", "/events/1"):
            answer = table.get(who, path)
            assert answer.status_code == 200, path
            assert secret not in answer.text, path
        page = app_client.get(f"/tables/{table.id}/fairness", params={"token": who.token})
        assert page.status_code == 200 and secret not in page.text


def test_the_export_verifies_with_ecran_verify(
    app_client: TestClient, tmp_path: Path, cli: Any
) -> None:
    table = _demo(app_client)
    for _ in range(4):
        _roll(table, table.alice)
    _roll(table, table.gm, seed=77)
    table.post(table.gm, "/dice/reveal")
    exported = table.get(table.gm, "/export")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    path = tmp_path / "table.json"
    path.write_text(exported.text)
    result = cli("verify", str(path))
    assert result.code == 0, result.out
    assert "5 jets : 4 vérifiés" in result.out
    data = json.loads(exported.text)
    data["events"][3]["payload"]["record"]["dice"] = [7]
    path.write_text(json.dumps(data))
    assert cli("verify", str(path)).code == 1


def test_the_fairness_panel_counts_each_members_faces_and_each_checks_outcomes(
    app_client: TestClient,
) -> None:
    table = _demo(app_client)
    for _ in range(6):
        _roll(table, table.alice)
    _roll(table, table.bob)
    found = table.get(table.bob, "/fairness").json()
    assert found["rolls"] == 7
    by_member = {f["member_id"]: f for f in found["faces"]}
    assert by_member[table.alice.id]["sides"] == 6 and by_member[table.alice.id]["dice"] == 6
    assert sum(by_member[table.alice.id]["counts"]) == 6
    [check] = found["checks"]
    assert check["check"] == "d6" and check["rolls"] == 7
    expected = {o["outcome"]: o["expected"] for o in check["outcomes"]}
    assert sum(expected.values()) == 7.0
    assert 0.0 <= check["p_value"] <= 1.0
    page = app_client.get(f"/tables/{table.id}/fairness", params={"token": table.bob.token})
    assert page.status_code == 200
    assert "Dés vérifiables" in page.text and "p-valeur" in page.text
    assert "trop peu de jets pour conclure" in page.text
    # numbers as a French reader writes them: χ² and expected counts with a decimal comma
    text = unescape(page.text)
    assert re.search(r"<td>\d+,\d\d \(\d+\)</td>", text), "χ² (degrees of freedom)"
    assert not re.search(r"<td>\d+\.\d+", text)
    assert "clé n°\u00a0" in text
    english = app_client.get(
        f"/tables/{table.id}/fairness", params={"token": table.bob.token, "lang": "en"}
    )
    assert re.search(r"<td>\d+\.\d\d \(\d+\)</td>", english.text)


def test_every_log_shows_a_gm_seed_as_such_and_the_commitment_of_each_roll(
    app_client: TestClient,
) -> None:
    table = _demo(app_client)
    commitment = table.get(table.gm, "/dice").json()["commitment"]
    by_gm = _roll(table, table.gm, seed=3).json()
    by_alice = _roll(table, table.alice).json()
    for who in (table.gm, table.alice, table.bob):
        log = app_client.get(f"/tables/{table.id}/log", params={"token": who.token}).text
        assert log.count("graine choisie par le MJ") == 1
        assert log.count(commitment) == 3  # the creation publishes it, each roll names it
        one = app_client.get(
            f"/tables/{table.id}/events/{by_gm['seq']}", params={"token": who.token}
        )
        assert "graine choisie par le MJ" in one.text
    plain = app_client.get(
        f"/tables/{table.id}/events/{by_alice['seq']}", params={"token": table.bob.token}
    )
    assert "graine choisie par le MJ" not in plain.text


def test_the_gm_reveals_from_the_page(app_client: TestClient) -> None:
    table = _demo(app_client)
    before = table.get(table.gm, "/dice").json()
    done = app_client.post(
        f"/tables/{table.id}/dice/reveal", params={"token": table.gm.token}, follow_redirects=False
    )
    assert done.status_code == 303
    after = table.get(table.gm, "/dice").json()
    assert after["index"] == before["index"] + 1
    refused = app_client.post(
        f"/tables/{table.id}/dice/reveal", params={"token": table.alice.token}
    )
    assert refused.status_code == 403
