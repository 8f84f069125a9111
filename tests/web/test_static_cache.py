"""A page names its stylesheets and scripts by their content (`?v=`), and the browser keeps them
a year: a page load asks for none again until one changes, which changes its address."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ecran.web import static_files
from ecran.web.render import TEMPLATES
from ecran.web.static_files import IMMUTABLE, static_url

ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def test_a_pages_assets_are_kept_a_year_under_their_content(app_client: TestClient) -> None:
    page = app_client.get("/dice").text
    assets = ASSET.findall(page)
    assert len(assets) >= 4 and all("?v=" in a for a in assets), assets
    for address in assets:
        got = app_client.get(address.replace("&amp;", "&"))
        assert got.status_code == 200, address
        assert got.headers["cache-control"] == IMMUTABLE
    plain = app_client.get("/static/ecran.css")
    assert plain.headers["cache-control"] == "no-cache"  # asked again, answered 304 if unchanged
    again = app_client.get("/static/ecran.css", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304


def test_every_template_names_its_assets_through_static() -> None:
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(?:href|src)=["']/static/""", text), path


def test_a_changed_file_gets_a_new_address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(static_files, "STATIC", tmp_path)
    monkeypatch.setattr(static_files, "_addresses", {})
    asset = tmp_path / "table.js"
    asset.write_text("var a = 1;", encoding="utf-8")
    first = static_url("table.js")
    assert static_url("table.js") == first and first.startswith("/static/table.js?v=")
    asset.write_text("var a = 2;", encoding="utf-8")
    stat = asset.stat()
    os.utime(asset, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # a later edit
    assert static_url("table.js") != first
