"""#28: `/api/docs` works offline under the site's CSP — Swagger UI, vendored, lists the API's
operations; the page asks no other site for anything and reports no error (a CSP refusal is a
console error)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser]


def test_swagger_ui_renders_from_vendored_files_under_the_csp(server: str, browser: Any) -> None:
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(server + "/api/docs")
    page.wait_for_selector("#operations-tag-tables")  # the operations, read from the document
    assert problems == []
    assert [url for url in asked if not url.startswith(server)] == []
    page.close()
