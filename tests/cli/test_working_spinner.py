"""What takes seconds says so in a terminal: a Rich spinner on stderr with what is going on, in
the reader's language (exact odds of a large pool, a sheet's odds, the PDF). A pipe gets none."""

from __future__ import annotations

import os
import pty
import subprocess
import sys


def _in_a_terminal(*args: str) -> tuple[str, str]:
    """Run `ecran ARGS` with stderr on a pseudo-terminal: (stdout, what the terminal showed)."""
    leader, follower = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "ecran.cli.app", *args],
        stdout=subprocess.PIPE,
        stderr=follower,
        timeout=120,
        env={**os.environ, "ECRAN_LANG": "fr", "TERM": "xterm"},
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed: all was read
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    assert done.returncode == 0
    return done.stdout.decode(), shown.decode("utf-8", "replace")


def test_exact_odds_of_a_large_pool_show_a_spinner_in_a_terminal_only() -> None:
    out, shown = _in_a_terminal("dice", "20d10!!kh3", "--odds")
    assert "Calcul des chances exactes…" in shown
    assert "Calcul" not in out
    piped = subprocess.run(
        [sys.executable, "-m", "ecran.cli.app", "dice", "3d6", "--odds"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert piped.returncode == 0 and "Calcul" not in piped.stderr
