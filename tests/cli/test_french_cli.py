"""Issue #12, "the CLI in French": the conventions people know from uv, ruff or httpie, in the
reader's language, and no Python repr in what a person reads."""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from ecran.cli.words import DOMAIN, LOCALE_DIR
from ecran.engine import get_system

Cli = Callable[..., Any]

#: What betrays code in a table: a dict, a Python constant, `name=value`, a seed file.
REPR = re.compile(r"\{'|\bTrue\b|\bFalse\b|\w=\w|\d{3}_[0-9a-f]{16}\.txt")


def test_the_compiled_catalogue_matches_its_source() -> None:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        source = read_po(handle)
    compiled = gettext.translation(DOMAIN, LOCALE_DIR, languages=["fr"])
    for message in source:
        if message.id and not message.pluralizable:
            assert compiled.gettext(message.id) == message.string, message.id


@pytest.mark.parametrize("args", [[], ["odds"], ["odds", "artemis"], ["character"], ["op"]])
def test_a_bare_command_or_group_shows_its_help_and_exits_0(cli: Cli, args: list[str]) -> None:
    result = cli(*args)
    assert result.code == 0, result.err
    assert "Usage" in result.out and "Afficher cette aide et quitter." in result.out
    assert result.err == ""


def test_help_is_french_by_default_and_english_on_request(cli: Cli) -> None:
    french = cli("roll", "demo", "d6", "-h")
    assert "Afficher cette aide et quitter." in french.out and "graine" in french.out
    english = cli("--lang", "en", "roll", "demo", "d6", "-h")
    assert "Show this message and exit." in english.out and "seed" in english.out
    assert "Afficher" not in english.out


def test_english_from_the_environment(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECRAN_LANG", "en")
    assert "Show this message and exit." in cli("--help").out


def test_version(cli: Cli) -> None:
    result = cli("--version")
    assert result.code == 0 and result.out.startswith("ecran ")


def test_clicks_own_errors_are_french(cli: Cli) -> None:
    result = cli("odds", "demo", "d6", "--targte", "3")
    assert result.code == 2
    assert "Option inconnue" in result.err and "--target" in result.err  # click's own hint
    # click's suggestion, quoted as French quotes: not as Python's repr
    assert result.raw_err.rstrip().endswith("Vouliez-vous dire «\u202f--target\u202f»\u202f?")


@pytest.mark.parametrize(
    ("args", "meant"),
    [
        (["rool"], "roll"),
        (["odds", "artemiss", "test"], "artemis"),
        (["odds", "artemis", "test-xx"], "test-xp"),
        (["op", "artemis", "take-wound", "x.json"], "take-wounds"),
        (["npc", "wrap"], "warp"),
    ],
)
def test_did_you_mean(cli: Cli, args: list[str], meant: str) -> None:
    result = cli(*args)
    assert result.code == 2
    assert "Vouliez-vous dire" in result.err and meant in result.err
    assert len(result.err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["test-xp", "test_xp", "Test en forçant le hasard"])
def test_a_check_by_its_id_kebab_case_or_french_title(cli: Cli, name: str) -> None:
    assert get_system("artemis").check(name).name == "test_xp"
    result = cli("odds", "artemis", name, "--skill", "4", "--difficulty", "7", "--json")
    assert result.code == 0, result.err
    assert result.json()["check"] == "test_xp"  # the id stays as it is in JSON


def test_an_operation_by_its_french_title() -> None:
    assert get_system("artemis").operation("Encaisser un coup").name == "hit"
    assert get_system("artemis").operation("take-wounds").name == "take_wounds"


def test_checks_are_listed_in_kebab_case(cli: Cli) -> None:
    listed = cli("--lang", "en", "odds", "artemis").out
    assert " test-xp " in listed and "test_xp" not in listed
    # in French, by their French names (issue #29)
    french = cli("odds", "artemis").out
    assert " forcer-le-hasard " in french and " test-xp " not in french


def test_option_kinds_in_words(cli: Cli) -> None:
    out = cli("odds", "artemis", "test-xp", "--help").out
    assert "lecture d'une ambiguïté" in out and "[reading]" not in out
    # the choices as one types them, in French (issue #29), the default among them
    assert "[de-garde|chaque-de]" in out and "[pardéfaut:de-garde]" in "".join(out.split())
    english = cli("--lang", "en", "odds", "artemis", "test-xp", "--help").out
    assert "[kept-die|each-die]" in english


def test_a_choice_is_typed_in_kebab_case(cli: Cli) -> None:
    args = ["odds", "artemis", "test-xp", "--skill", "4", "--difficulty", "7", "--json"]
    result = cli(*args, "--privilege-criticals", "each-die")
    assert result.code == 0, result.err
    assert result.json()["params"]["privilege_criticals"] == "each_die"


def test_the_odds_footer_and_roll_say_parameters_in_words(cli: Cli) -> None:
    out = cli("odds", "artemis", "test", "--skill", "4", "--difficulty", "7").out
    assert "precise=" not in out and "False" not in out and "skill=" not in out
    assert "33,33" in out  # a decimal comma, by Babel
    rolled = cli("roll", "artemis", "attack", "--attack", "9", "--parry", "8", "--seed", "1")
    assert rolled.code == 0, rolled.err
    assert "{'" not in rolled.out and "False" not in rolled.out and "True" not in rolled.out


def _npc(cli: Cli, tmp_path: Path, system: str = "artemis") -> Path:
    path = tmp_path / "npc.json"
    path.write_text(cli("npc", system, "--seed", "1", "--json").out, encoding="utf-8")
    return path


def test_an_operation_prints_its_work_in_words(cli: Cli, tmp_path: Path) -> None:
    path = _npc(cli, tmp_path)
    result = cli("op", "artemis", "hit", str(path), "--seed", "2", "--category", "4")
    assert result.code == 0, result.err
    assert "{'" not in result.out and "'category'" not in result.out
    assert "catégorie de blessure" in result.out and "graine" in result.out


def test_validate_and_sheet_answer_json(cli: Cli, tmp_path: Path) -> None:
    path = _npc(cli, tmp_path)
    valid = cli("character", "validate", str(path), "--json")
    assert valid.code == 0 and valid.json()["ok"] is True and valid.json()["violations"] == []
    shown = cli("sheet", str(path), "--json")
    assert shown.code == 0, shown.err
    assert shown.json()["sheet"]["system"] == "artemis" and shown.json()["sections"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts(cli: Cli, shell: str) -> None:
    result = cli("completion", shell)
    assert result.code == 0 and "_ECRAN_COMPLETE" in result.out


def test_completion_answers_systems_and_checks(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_ECRAN_COMPLETE", "bash_complete")  # click's protocol (issue #29)
    monkeypatch.setenv("COMP_WORDS", "ecran odds artemis test-")
    monkeypatch.setenv("COMP_CWORD", "3")
    monkeypatch.setenv("ECRAN_LANG", "en")
    result = cli()
    assert "plain,test-xp" in result.out.splitlines()


def test_guided_creation_asks_in_french(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import io

    from ecran.cli import characters

    monkeypatch.setattr(characters, "_interactive", lambda: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("Aline\nPNJ\n" + "\n" * 300))
    out = tmp_path / "aline.json"
    result = cli("character", "new", "fluid", "-o", str(out))
    asked = result.out + result.err
    assert "Type de personnage (PJ, PNJ)" in asked and "Joueur ou joueuse" in asked
    for english in ("kind", "(pc, npc)", "player:", "[y/N]", "[Y/n]"):
        assert english not in asked
    if result.code == 0:  # PNJ typed as the book writes it, kept as its id
        assert '"kind": "npc"' in out.read_text(encoding="utf-8")


def _example_args(example: dict[str, Any]) -> list[str]:
    args: list[str] = []
    for key, value in example.items():
        flag = key.replace("_", "-")
        if isinstance(value, bool):
            args.append(f"--{flag}" if value else f"--no-{flag}")
        elif not isinstance(value, (list, dict)):
            args += [f"--{flag}", str(value)]
    return args


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_repr_in_any_roll_or_odds_table(cli: Cli, lang: str) -> None:
    """Every check of every system, rolled and its odds, on its own example: no dict, no
    `True`/`False`/`None`, no `name=value`, no seed file, no check id in the title."""
    from ecran.engine import all_systems

    found = {}
    for system in all_systems().values():
        for check in system.checks:
            args = _example_args(getattr(check, "example", None) or {})
            name = check.name.replace("_", "-")
            for run in (["roll", system.id, name, "--seed", "1"], ["odds", system.id, name]):
                result = cli("--lang", lang, *run, *args)
                bad = REPR.findall(result.out)
                if lang == "fr" and "None" in result.out:  # English has a choice named None
                    bad.append("None")
                if "_" in check.name and check.name in result.out:
                    bad.append(check.name)
                if bad:
                    found[" ".join(run)] = bad
    assert not found, found
