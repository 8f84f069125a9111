"""Assets are vendored: the page loads nothing from another host."""

from __future__ import annotations

import re
from pathlib import Path

from ecran.web.app import STATIC
from ecran.web.render import TEMPLATES


def test_vendored_htmx_is_the_version_recorded() -> None:
    text = (STATIC / "htmx.min.js").read_text(encoding="utf-8")
    version = re.search(r'version:"(\d+\.\d+\.\d+)"', text)
    assert version is not None
    assert version.group(1).startswith("2.")
    assert f"| {version.group(1)} |" in (STATIC / "VENDORED.md").read_text(encoding="utf-8")


def test_templates_and_assets_reference_no_other_host() -> None:
    files = [*TEMPLATES.glob("*.html"), STATIC / "ecran.css", STATIC / "ecran.js"]
    for path in files:
        text = Path(path).read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), path
        assert "@import" not in text and "url(http" not in text, path
