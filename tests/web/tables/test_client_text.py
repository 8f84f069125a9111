"""Every text a client sends is valid Unicode without control or bidi-override characters, or
refused with 422 in one line naming the field; nothing refused is stored and the table stays
readable (#28 item 1)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecran.rules.clean_text import UNSAFE
from web.tables.tables_support import Table

SURROGATE = "\ud800"
#: Characters refused in any text: lone surrogates, controls, bidi overrides.
HOSTILE = st.sampled_from(
    ["\ud800", "\udfff", "\x00", "\x1b", "\x7f", "\x85", "\u202a", "\u202e", "\u2066", "\u2069"]
)


def _post_raw(table: Table, path: str, body: Any) -> Any:
    """A JSON body written with `\\uXXXX` escapes, as a client may send a lone surrogate."""
    raw = json.dumps(body, ensure_ascii=True)
    headers = {**table.gm.auth, "Content-Type": "application/json"}
    return table.client.post(table.url(path), content=raw, headers=headers)


def _readable(table: Table) -> None:
    for path in ("", "/events", "/log", "/export"):
        answer = table.get(table.gm, path)
        assert answer.status_code == 200, (path, answer.text[:200])
    page = table.client.get(f"/tables/{table.id}?token={table.gm.token}")
    assert page.status_code == 200


def test_the_lone_surrogate_roll_is_refused_and_the_table_stays_readable(table: Table) -> None:
    before = table.last_seq()
    body = {"check": "test", "params": {"skill": 5}, "label": SURROGATE}
    refused = _post_raw(table, "/rolls", {**body})
    assert refused.status_code == 422, refused.text
    detail = refused.json()["detail"]
    assert detail.startswith("Libellé : ") and "U+D800" in detail and "\n" not in detail
    assert table.last_seq() == before
    _readable(table)


def test_every_text_field_names_itself(table: Table) -> None:
    """By the words its body's model declares (issue #29), else as the body spells it."""
    roll = {"check": "test", "params": {"skill": 1}}
    cases: list[tuple[str, Any, str]] = [
        ("/rolls", {**roll, "label": "a\u202eb"}, "Libellé : "),
        ("/rolls", {"check": "te" + SURROGATE, "params": {}}, "Test : "),
        ("/rolls", {**roll, "params": {"skill": 1, "note": SURROGATE}}, "Paramètres, « note » : "),
        ("/messages", {"text": "salut\u2066"}, "text"),
        ("/encounters", {"name": SURROGATE}, "Nom : "),
        ("/odds", {"check": "test", "params": {SURROGATE: 1}}, "Paramètres, « "),
    ]
    for path, body, field in cases:
        answer = _post_raw(table, path, body)
        assert answer.status_code == 422, (path, answer.text)
        assert answer.json()["detail"].startswith(field), (path, answer.text)
    made = table.client.post(
        "/api/tables",
        content=json.dumps({"name": "Jeudi", "system": "toy", "gm_name": SURROGATE}),
        headers={"Content-Type": "application/json"},
    )
    assert made.status_code == 422 and made.json()["detail"].startswith("gm_name")
    validated = table.client.post(
        "/api/characters/validate",
        content=json.dumps({"system": "toy", "name": SURROGATE}),
        headers={"Content-Type": "application/json"},
    )
    assert validated.status_code == 422, validated.text
    joined = table.client.post(
        f"/api/tables/invites/{table.invite}/join",
        content=json.dumps({"display_name": "\u202eAlice"}),
        headers={"Content-Type": "application/json"},
    )
    assert joined.status_code == 422 and joined.json()["detail"].startswith("display_name")
    _readable(table)


def test_a_form_field_is_refused_in_words(table: Table) -> None:
    """A page's form field is named as people read it, never by the name the form sends (the
    chat box's refusal said « text : … »); a field the forms' words do not know is « a field
    of the form », still never its id."""
    before = table.last_seq()
    answer = table.client.post(
        f"/tables/{table.id}/chat",
        data={"token": table.gm.token, "text": "bonjour\u202e"},
    )
    assert answer.status_code == 422
    assert "Texte : caractère de contrôle non permis (U+202E)" in answer.text
    assert "text :" not in answer.text
    english = table.client.post(
        f"/tables/{table.id}/chat?lang=en",
        data={"token": table.gm.token, "text": "bonjour\u202e"},
    )
    assert "Text: control character not allowed (U+202E)" in english.text
    unknown = table.client.post(
        f"/tables/{table.id}/chat?lang=fr",
        data={"token": table.gm.token, "text": "bonjour", "x_hidden_key": "\u0007"},
    )
    assert unknown.status_code == 422
    assert "Un champ du formulaire : caractère de contrôle non permis (U+0007)" in unknown.text
    assert "x_hidden_key" not in unknown.text
    assert table.last_seq() == before


def test_every_page_form_field_has_its_words() -> None:
    """Every name a page's form sends has its words: a form field added later is named too."""
    import re
    from pathlib import Path

    from ecran.web.forms.words import _read

    words, _fallback = _read()
    templates = Path(__file__).parents[3] / "src" / "ecran" / "web" / "templates"
    sent = {
        name
        for page in templates.rglob("*.html")
        for name in re.findall(r'name="([a-z_]+)"', page.read_text(encoding="utf-8"))
    }
    assert sent, "no form field found"
    assert sorted(sent - set(words)) == []


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    before=st.text(max_size=8),
    bad=HOSTILE,
    after=st.text(max_size=8),
    field=st.sampled_from(["label", "check", "params"]),
)
def test_hostile_strings_never_store_and_never_break(
    table: Table, before: str, bad: str, after: str, field: str
) -> None:
    text = before + bad + after
    body: dict[str, Any] = {"check": "test", "params": {"skill": 1}}
    if field == "params":
        body["params"]["note"] = text
    else:
        body[field] = text
    seq = table.last_seq()
    answer = _post_raw(table, "/rolls", body)
    assert answer.status_code == 422, answer.text
    assert "\n" not in answer.json()["detail"]
    assert not UNSAFE.search(answer.json()["detail"])
    assert table.last_seq() == seq


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(label=st.text(max_size=30))
def test_any_label_is_stored_and_read_back_or_refused(table: Table, label: str) -> None:
    body = {"check": "test", "params": {"skill": 1}, "label": label}
    answer = _post_raw(table, "/rolls", body)
    if UNSAFE.search(label):
        assert answer.status_code == 422, answer.text
    else:
        assert answer.status_code in (201, 422), answer.text
    assert table.get(table.gm, "/events").status_code == 200
