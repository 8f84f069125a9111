"""Security headers on every answer, a CSP the pages live within, and logs without tokens."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import ecran.web
from ecran.web.app import create_app
from ecran.web.security import CSP, RedactTokens, redact

TEMPLATES = Path(ecran.web.__file__).parent / "templates"


@pytest.mark.parametrize(
    "path",
    [
        "/",  # a page
        "/api/systems",  # the JSON API
        "/api/dice?expr=3d0",  # a refusal (422)
        "/nowhere",  # 404
        "/static/ecran.css",
    ],
)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["content-security-policy"] == CSP


def test_the_csp_allows_only_the_sites_own_scripts_and_no_framing() -> None:
    directives = dict(d.split(" ", 1) for d in CSP.split("; "))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-eval" not in CSP


def test_no_template_has_an_inline_script_or_style_element() -> None:
    """What keeps the pages working under the CSP: scripts and style sheets are files."""
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag, f"{template.name}: inline script {tag}"
        assert "<style" not in text, f"{template.name}: inline <style>"
        assert not re.search(r"\son[a-z]+=", text), f"{template.name}: inline event handler"
    base = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    assert '"includeIndicatorStyles": false' in base  # htmx would inject a <style> otherwise


def test_refusals_of_the_limits_carry_the_headers_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ECRAN_MAX_BODY", "10")
    with TestClient(create_app()) as client:
        answer = client.post("/api/tables", content=b"x" * 100)
    assert answer.status_code == 413
    assert answer.headers["referrer-policy"] == "no-referrer"


def test_the_api_docs_are_served_offline_under_the_csp(client: TestClient) -> None:
    """#28: Swagger UI from vendored files, every asset of the page same-origin, no inline
    script (the CSP allows none)."""
    answer = client.get("/api/docs")
    assert answer.status_code == 200
    assert answer.headers["content-security-policy"] == CSP
    assert answer.headers["x-frame-options"] == "DENY"
    assets = re.findall(r'(?:src|href)="([^"]+)"', answer.text)
    assert assets and all(a.startswith("/") and not a.startswith("//") for a in assets), assets
    assert "<script>" not in answer.text and "http" not in answer.text
    for asset in assets:
        assert client.get(asset).status_code == 200, asset
    license_file = client.get("/static/vendor/swagger-ui/LICENSE")
    assert license_file.status_code == 200 and "Apache License" in license_file.text


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/tables/t1?token=s3cret", "/tables/t1?token=…"),
        ("/tables/t1?lang=fr&token=s3cret&x=1", "/tables/t1?lang=fr&token=…&x=1"),
        ("/ws/tables/t1?TOKEN=abc", "/ws/tables/t1?TOKEN=…"),
        ("/dice?expr=3d6", "/dice?expr=3d6"),
        ("/tables/t1?mytoken=keep", "/tables/t1?mytoken=keep"),
    ],
)
def test_redact_takes_out_token_values_only(line: str, expected: str) -> None:
    assert redact(line) == expected


def test_uvicorns_access_log_never_writes_a_token(client: TestClient) -> None:
    """The record as uvicorn's access logger makes it (the path is an argument)."""
    logger = logging.getLogger("uvicorn.access")
    assert any(isinstance(f, RedactTokens) for f in logger.filters)
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    handler = Keep()
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    try:
        logger.info(
            '%s - "%s %s HTTP/%s" %d',
            "127.0.0.1:5000",
            "GET",
            "/tables/abc?token=gm-secret-token&lang=fr",
            "1.1",
            200,
        )
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert lines == ['127.0.0.1:5000 - "GET /tables/abc?token=…&lang=fr HTTP/1.1" 200']


def test_cookies_are_secure_over_tls_only() -> None:
    with TestClient(create_app(), base_url="https://ecran.example.org") as tls:
        cookie = tls.get("/api/systems?lang=en").headers["set-cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie
    with TestClient(create_app()) as plain:
        cookie = plain.get("/api/systems?lang=en").headers["set-cookie"]
    assert "Secure" not in cookie  # a browser would drop a Secure cookie sent over plain HTTP
