"""The board's client: Leaflet vendored at the version recorded, with its licence; board.js and
board.css load nothing from another host and run under the CSP (no eval, no inline HTML)."""

from __future__ import annotations

import re

from ecran.web.app import STATIC

LEAFLET = STATIC / "vendor" / "leaflet"


def test_vendored_leaflet_is_the_version_recorded() -> None:
    head = (LEAFLET / "leaflet.js").read_text(encoding="utf-8")[:200]
    version = re.search(r"Leaflet (\d+\.\d+\.\d+)", head)
    assert version is not None and version.group(1).startswith("1.9.")
    assert f"| {version.group(1)} |" in (LEAFLET / "VENDORED.md").read_text(encoding="utf-8")
    assert "BSD" in (LEAFLET / "LICENSE").read_text(encoding="utf-8")
    assert (LEAFLET / "leaflet.css").is_file()
    for name in ("layers.png", "layers-2x.png", "marker-icon.png", "marker-shadow.png"):
        assert (LEAFLET / "images" / name).is_file()


def test_board_client_stays_within_the_csp() -> None:
    script = (STATIC / "board.js").read_text(encoding="utf-8")
    for banned in ("eval(", "new Function", "innerHTML", "insertAdjacentHTML", "document.write"):
        assert banned not in script, banned
    assert "window.ecranBoard" in script and "applyFrame" in script
    assert "X-Ecran-Token" in script
    # at most four moves a second while dragging
    assert re.search(r"SEND_EVERY_MS = 250\b", script)
    for path in (STATIC / "board.js", STATIC / "board.css", LEAFLET / "leaflet.css"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href|url)\(?=?["']?(https?:)?//""", text), path
        assert "@import" not in text, path
