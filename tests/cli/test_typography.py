"""Issue #29, "one typographic pass": everything French the command line prints (every help
page, the odds and a roll of every check, refusals) goes through `ecran.typography` at
render time, and the checker (`faults`) finds nothing in it: a narrow no-break space before
: ; ! ? and inside « », a decimal comma, `−` for a minus. Rich does not start a line with the
mark a no-break space binds to its word."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.test_table_cmd import _source as table_source
from ecran.cli.fields import kebab
from ecran.engine import all_systems
from ecran.typography import faults, typeset
from language.test_cli import every_command

Cli = Callable[..., Any]


def _flags(example: dict[str, Any]) -> list[str]:
    args: list[str] = []
    for name, value in example.items():
        if isinstance(value, bool):
            args.append(f"--{kebab(name)}" if value else f"--no-{kebab(name)}")
        elif value is not None and not isinstance(value, (dict, list)):
            args += [f"--{kebab(name)}", str(value)]
    return args


def _checks() -> Iterator[tuple[str, str, list[str]]]:
    for system in all_systems().values():
        for check in system.checks:
            yield system.id, kebab(check.name), _flags(dict(check.example or {}))


def test_the_checker_finds_the_faults_it_is_for() -> None:
    assert faults("Maladie : aucune") and faults("total 3.5") and faults("« oui »")
    assert faults("malus -2") and faults("Vouliez-vous dire test ?")
    assert not faults(typeset("Maladie : aucune ; « oui » malus -2, total 3.5 !", "fr"))
    assert typeset("L46-53, 1d6-2, --seed, -o", "fr") == "L46-53, 1d6-2, --seed, -o"


def test_every_french_help_page_is_typeset(cli: Cli) -> None:
    found: dict[str, list[str]] = {}
    for path in every_command():
        result = cli("--lang", "fr", *path, "--help")
        problems = faults(result.out)
        if problems:
            found[" ".join(path)] = problems[:3]
    assert not found, found


@pytest.mark.parametrize("kind", ["odds", "roll"])
def test_every_checks_output_is_typeset(cli: Cli, kind: str) -> None:
    found: dict[str, list[str]] = {}
    for system, check, flags in _checks():
        seed = ["--seed", "1"] if kind == "roll" else []
        result = cli(kind, system, check, *flags, *seed)
        problems = faults(result.out) + faults(result.raw_err)
        if problems:
            found[f"{kind} {system} {check}"] = problems[:3]
    assert not found, found


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "artemis", "test", "--skill", "99", "--difficulty", "7"],
        ["odds", "nope"],
        ["chances", "artemis", "attaque", "--competence", "5"],
        ["dice", "4d6kk3"],
        ["sheet", "nowhere.json"],
        ["odds", "nephilim", "ka-test", "--ka", "-4", "--difficulty", "0"],
    ],
)
def test_refusals_are_typeset(cli: Cli, args: list[str]) -> None:
    result = cli(*args)
    assert result.code == 2 and result.err.startswith("ecran: ")  # the program's name, as Unix
    assert not faults(result.raw_err.removeprefix("ecran: ")), result.raw_err


def test_rich_never_starts_a_line_with_a_bound_mark(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "44")
    for system, check, flags in list(_checks())[:40]:
        out = cli("odds", system, check, *flags).out
        for line in out.splitlines():
            cell = re.sub(r"^[\s│┃|]*", "", line)
            assert not re.match(r"^[:;!?%»]", cell), (system, check, line)


def test_the_table_export_and_import_lines_are_typeset(cli: Cli, tmp_path: Path) -> None:
    """`table export -o` says what it wrote, `table import` the copy's links, in French type."""
    url, table_id, _ = table_source(tmp_path)
    file = tmp_path / "table.json"
    exported = cli("--lang", "fr", "table", "export", table_id, "--database", url, "-o", str(file))
    assert exported.code == 0 and "exportés" in exported.raw_err, exported.raw_err
    assert not faults(exported.out + exported.raw_err), exported.raw_err
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    imported = cli("--lang", "fr", "table", "import", str(file), "--database", fresh)
    assert imported.code == 0 and "MJ" in imported.out, imported.err
    assert not faults(imported.out + imported.raw_err), imported.out


@pytest.mark.parametrize("command", [["sheet"], ["character", "validate"]])
def test_a_sheets_refused_values_are_typeset(cli: Cli, tmp_path: Path, command: list[str]) -> None:
    """Each refused value of a sheet file on its line, its place in words, in French type."""
    sheet = all_systems()["artemis"].new_character("Ana").model_dump(mode="json")
    sheet["weapons"] = [{"name": "Couteau", "score": 99, "level": ""}]
    file = tmp_path / "ana.json"
    file.write_text(json.dumps(sheet), encoding="utf-8")
    result = cli("--lang", "fr", *command, str(file))
    assert result.code == 2 and "Armes, 1ʳᵉ ligne, score" in result.err, result.err
    assert not faults(result.raw_err), result.raw_err


def test_a_path_or_a_link_is_kept_as_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    from ecran.cli.lang import set_lang
    from ecran.cli.render import echo_typeset

    link = "https://ecran.test/join/-5ab?x=1.5"
    set_lang("fr")
    echo_typeset(f"invitation : {link} ; -2", link)
    assert capsys.readouterr().out == f"invitation\u202f: {link}\u202f; \u22122\n"


def test_the_percentile_die_keeps_its_notation() -> None:
    """`d%` and `1d%` are dice (Roll20's percentile die), not a percentage: no space before the
    sign; a percentage still gets its narrow space."""
    from ecran.typography import spacing

    assert spacing("lancez 1d% ou d%, 50%.", "fr") == "lancez 1d% ou d%, 50\u202f%."


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("supprimez-la avant de la réimporter", "supprimez-la avant de la réimporter"),
        ("prends-le avec toi", "prends-le avec toi"),
        ("le arc de la épée", "l'arc de l'épée"),
        ("plus de une fois", "plus d'une fois"),
    ],
)
def test_elision_leaves_a_pronoun_after_a_hyphen(written: str, printed: str) -> None:
    """An imperative's pronoun (« supprimez-la avant ») is not elided (« supprimez-l'avant »,
    the duplicate import's refusal); an article before a vowel still is."""
    assert typeset(written, "fr") == printed


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("(L778-832) ; standard", "(L778-832)\u202f; standard"),
        ("« graves » : oui", "«\u202fgraves\u202f»\u202f: oui"),
        ("[2] ? non", "[2]\u202f? non"),
        ("f(x):", "f(x):"),
    ],
)
def test_a_mark_after_a_closing_bracket_or_quote_takes_the_narrow_space(
    written: str, printed: str
) -> None:
    """« (L778-832) ; élite » in `ecran npc warp --help` kept a plain space before `;`: the
    help wrapped there and started a line with « ; élite »."""
    assert typeset(written, "fr") == printed


def test_no_help_line_starts_with_a_mark(cli: Callable[..., Any]) -> None:
    shown = cli("npc", "warp", "--help").out
    assert not re.search(r"^\s*[;:!?]", shown, re.MULTILINE), shown


def test_an_odds_table_keeps_its_decimals_in_both_languages(cli: Cli) -> None:
    """A percentage column is written to two decimals: « 50,00 » in French is "50.00" in
    English, not "50" under "47.22" (the English pass rewrote a decimal to its shortest form)."""
    args = ("odds", "artemis", "test", "--skill", "5", "--difficulty", "7")
    french, english = cli(*args), cli("--lang", "en", *args)
    assert french.code == english.code == 0
    assert "50,00" in french.out and "47,22" in french.out
    assert "50.00" in english.out and "47.22" in english.out
