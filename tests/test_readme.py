"""README.md's command tour runs as written, in order, on a fresh clone; README.md stays short.

The rule, which README.md's readers and writers both rely on:

- Every ```sh block of README.md runs, line by line, in the order of the file, each line in its
  own `bash -c` in one fresh temporary directory (a fresh clone's files it names, `docs/examples/`,
  are copied in; HOME and XDG_DATA_HOME point inside it, so the SQLite database is new).
- A block is NOT run when the line just before its fence is exactly the marker
  `<!-- not run by tests/test_readme.py: REASON -->` (a server that does not return, the set-up
  that installs packages, a prompt waiting for the keyboard). The marker says why, in the file.
- Blank lines and lines starting with `#` are skipped; a line is one command (no continuations).
- A command ending with the comment `# exit N` must exit N; every other command must exit 0.
- `ecran` and `.venv/bin/ecran` are this environment's installed `ecran`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_LINES = 250
# the guide (tests/test_guide_examples.py) runs its blocks by the same rule, under its own marker
SKIP_MARKER = re.compile(r"<!-- not run by tests/test_(?:readme|guide_examples)\.py: \S.* -->")
EXPECTED_EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")
ONE_COMMAND_SECONDS = 60


@dataclass(frozen=True)
class Command:
    line_number: int
    text: str
    expected: int


def readme_commands(text: str) -> list[Command]:
    """The commands of README's ```sh blocks, in order, the marked blocks left out."""
    commands: list[Command] = []
    lines = text.splitlines()
    inside = skipped = False
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not inside and stripped.startswith("```"):
            inside = True
            previous = lines[number - 2].strip() if number > 1 else ""
            skipped = stripped != "```sh" or bool(SKIP_MARKER.fullmatch(previous))
            continue
        if inside and stripped.startswith("```"):
            inside = False
            continue
        if not inside or skipped or not stripped or stripped.startswith("#"):
            continue
        expected = EXPECTED_EXIT.search(stripped)
        commands.append(Command(number, stripped, int(expected.group(1)) if expected else 0))
    return commands


def _fresh_clone(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A working directory with the clone's example files, `.venv/bin/ecran`, a fresh HOME."""
    work = tmp_path / "clone"
    shutil.copytree(ROOT / "docs" / "examples", work / "docs" / "examples")
    ecran = Path(sys.executable).with_name("ecran")
    (work / ".venv" / "bin").mkdir(parents=True)
    (work / ".venv" / "bin" / "ecran").symlink_to(ecran)
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("ECRAN_") and key not in {"XDG_DATA_HOME", "XDG_CONFIG_HOME"}
    }
    env |= {
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "PATH": f"{ecran.parent}{os.pathsep}{env.get('PATH', '')}",
        "COLUMNS": "100",
    }
    return work, env


def test_the_readme_commands_run_as_written_in_order(tmp_path: Path) -> None:
    commands = readme_commands(README.read_text(encoding="utf-8"))
    assert len(commands) >= 10, "README.md's command tour is missing"
    work, env = _fresh_clone(tmp_path)
    for command in commands:
        done = subprocess.run(
            ["bash", "-c", command.text],
            cwd=work,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=ONE_COMMAND_SECONDS,
        )
        assert done.returncode == command.expected, (
            f"README.md line {command.line_number}: `{command.text}` exited "
            f"{done.returncode}, expected {command.expected}\n{done.stderr[-2000:]}"
        )


def test_the_readme_stays_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < MAX_LINES, f"README.md has {len(lines)} lines; the details go in docs/"


def test_the_rule_reads_markers_and_exit_codes() -> None:
    text = "\n".join(
        [
            "```sh",
            "ecran dice 2d6",
            "# a comment",
            "ecran character validate broken.json   # exit 2",
            "```",
            "<!-- not run by tests/test_readme.py: a server -->",
            "```sh",
            "ecran serve",
            "```",
            "```json",
            '{"not": "run"}',
            "```",
        ]
    )
    assert readme_commands(text) == [
        Command(2, "ecran dice 2d6", 0),
        Command(4, "ecran character validate broken.json   # exit 2", 2),
    ]
