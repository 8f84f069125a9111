"""Every command of the guide (docs/guide) runs as written, page after page, on a fresh data
directory, and prints what the page shows.

The rule is README.md's (tests/test_readme.py, whose machinery this reuses): every ```sh block
runs, line by line, in the order of the guide's pages (mkdocs.yml's `nav`), each line in its own
`bash -c` in one fresh directory; a block is skipped when the line before its fence is
`<!-- not run by tests/test_guide_examples.py: REASON -->`; `# exit N` sets the expected code.
One more rule: a ```text block right after a ```sh block is that block's expected output — each of
its non-blank lines must be in what its last command printed (stdout or stderr; a line of a table,
or a part of a long line, its outer spaces ignored; a no-break space counts as a space).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import yaml

from test_readme import ONE_COMMAND_SECONDS, Command, _fresh_clone, readme_commands

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guide"


@dataclass(frozen=True)
class Shown:
    """A ```text block: the lines a page shows after the command on line `after`."""

    line_number: int
    after: int
    lines: tuple[str, ...]


def pages() -> list[Path]:
    """The guide's pages in the order of mkdocs.yml's navigation."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    found: list[str] = []

    def walk(items: object) -> None:
        if isinstance(items, str):
            found.append(items)
        elif isinstance(items, list):
            for item in items:
                walk(item)
        elif isinstance(items, dict):
            for value in items.values():
                walk(value)

    walk(config["nav"])
    return [GUIDE / name for name in found]


def shown_outputs(text: str, commands: list[Command]) -> list[Shown]:
    """The ```text blocks that follow a ```sh block directly (blank lines between allowed)."""
    shown: list[Shown] = []
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        if line.strip() != "```text":
            continue
        before = [c for c in commands if c.line_number < number]
        previous = [ln.strip() for ln in lines[: number - 1] if ln.strip()]
        if not before or not previous or previous[-1] != "```":
            continue
        end = next(i for i in range(number, len(lines)) if lines[i].strip() == "```")
        body = tuple(ln.rstrip() for ln in lines[number:end] if ln.strip())
        shown.append(Shown(number, before[-1].line_number, body))
    return shown


def _spaces(text: str) -> str:
    """French output puts no-break spaces before `%` and `:`; a page may show plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def test_every_page_of_the_navigation_exists() -> None:
    missing = [str(page) for page in pages() if not page.is_file()]
    assert not missing, missing
    assert len(pages()) >= 10


def test_the_guide_commands_run_and_print_what_the_pages_show(tmp_path: Path) -> None:
    work, env = _fresh_clone(tmp_path)
    ran = 0
    for page in pages():
        text = page.read_text(encoding="utf-8")
        commands = readme_commands(text)
        expected = {shown.after: shown for shown in shown_outputs(text, commands)}
        where = page.relative_to(ROOT)
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
            ran += 1
            assert done.returncode == command.expected, (
                f"{where} line {command.line_number}: `{command.text}` exited "
                f"{done.returncode}, expected {command.expected}\n{done.stderr[-2000:]}"
            )
            shown = expected.get(command.line_number)
            if shown is None:
                continue
            printed = _spaces(done.stdout + done.stderr)
            absent = [ln for ln in shown.lines if _spaces(ln.strip()) not in printed]
            assert not absent, (
                f"{where} line {shown.line_number}: `{command.text}` did not print\n"
                + "\n".join(absent)
                + f"\n--- it printed:\n{done.stdout[-3000:]}{done.stderr[-1000:]}"
            )
    assert ran >= 30, "the guide's command blocks are missing"


def test_the_rule_pairs_an_output_with_its_command() -> None:
    text = "\n".join(
        ["```sh", "ecran odds demo d6 --target 5", "```", "", "```text", "│ a │  ", "```"]
    )
    commands = readme_commands(text)
    assert shown_outputs(text, commands) == [Shown(5, 2, ("│ a │",))]
