"""axe-core in the browser tests: the accessibility checker that Deque publishes on npm, installed
once into a cache folder when missing (as Chromium is installed when missing), injected into a
page through Playwright (the page's CSP forbids an inline script; Playwright's evaluate is not
one), and run on the page as it is.

`ECRAN_AXE_DIR` chooses the cache folder (default: `~/.cache/ecran/axe`). The version is pinned:
a new axe release may add rules, and a test should not change verdict by itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

AXE_VERSION = "4.10.3"
#: The impacts that fail a test (axe's scale: minor, moderate, serious, critical).
BLOCKING = ("serious", "critical")


def axe_dir() -> Path:
    default = Path.home() / ".cache" / "ecran" / "axe"
    return Path(os.environ.get("ECRAN_AXE_DIR") or default)


@cache
def axe_source() -> str:
    """axe.min.js, installed with npm into the cache folder the first time. A machine without
    npm, or without the registry, fails the test with the reason (a skipped test is a test not
    run)."""
    folder = axe_dir() / AXE_VERSION
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("axe-core missing and npm not found: apt-get install npm")
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [
                npm,
                "install",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(folder),
                f"axe-core@{AXE_VERSION}",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if done.returncode != 0 or not script.exists():
            pytest.fail(f"npm could not install axe-core {AXE_VERSION}: {done.stderr[-400:]}")
    return script.read_text(encoding="utf-8")


def violations(page: Any, impacts: tuple[str, ...] = BLOCKING) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now, of these impacts (WCAG 2.x A and AA rules and
    axe's best practices)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;undefined")
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await window.axe.run(document, {resultTypes: ['violations']});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' : ' +
                    (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)),
            }));
        }"""
    )
    return [v for v in found if v["impact"] in impacts]


def assert_accessible(page: Any, where: str) -> None:
    """No serious or critical axe violation on the page; the message lists each one."""
    found = violations(page)
    lines = [f"{v['impact']} {v['id']}: {v['help']} {v['nodes']}" for v in found]
    assert not found, f"{where}: axe violations\n" + "\n".join(lines)
