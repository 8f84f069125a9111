"""Issue #29 leftovers, a sweep as a French user: bad input to every game's checks and
operations (a wrong choice, an empty one, a number out of range or no number), in French and
in English. Each refusal is one line, in one language, in the reader's words (no id, no
Python repr, no empty « »), and the French ones pass the typography checker."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ecran.cli.fields import kebab
from ecran.engine import all_systems, get_system
from ecran.rules.field import FieldMeta
from ecran.typography import faults

Cli = Callable[..., Any]
#: English words a French refusal must not hold, and French words an English one must not.
ENGLISH = re.compile(r"\b(?:expected|must be|allowed|unknown|value|required|give)\b")
FRENCH = re.compile(r"\b(?:attendu|doit être|valeur|inconnue?|requise|permise|donnez)\b")
#: An id (snake_case), a Python repr, an empty quotation.
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|<class|Traceback|\bNone\b|\bTrue\b|\bFalse\b|« »|''")


def _bad_values(model: Any) -> Iterator[tuple[str, str]]:
    """For one model: an option with choices given a wrong and an empty value, one bounded
    given a number past its bound and a word."""
    metas = FieldMeta.of_model(model)
    choices = [m for m in metas.values() if m.choices]
    bounded = [m for m in metas.values() if "le" in m.bounds and not m.choices]
    for meta in choices[:1]:
        yield "--" + kebab(meta.name), "zzz"
        yield "--" + kebab(meta.name), ""
    for meta in bounded[:1]:
        yield "--" + kebab(meta.name), str(int(meta.bounds["le"]) + 1000)
        yield "--" + kebab(meta.name), "abc"


def _said_wrong(lang: str, err: str) -> list[str]:
    text = err.replace("\u202f", " ").replace("\u00a0", " ").removeprefix("ecran: ")
    text = re.sub(r"--[\w-]+", "--", text)  # an option as the reader typed it
    found = [f"raw: {m}" for m in RAW.findall(text)]
    other = ENGLISH if lang == "fr" else FRENCH
    found += [f"other language: {m}" for m in other.findall(text)]
    if lang == "fr":
        found += faults(err.strip().removeprefix("ecran: "))
    if len(err.strip().splitlines()) != 1:
        found.append("not one line")
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_bad_values_to_every_check(cli: Cli, lang: str, system_id: str) -> None:
    found: dict[str, list[str]] = {}
    for check in get_system(system_id).checks:
        for option, value in _bad_values(check.params):
            args = ["odds", system_id, kebab(check.name), option, value]
            said = cli("--lang", lang, *args)
            assert said.code == 2, (args, said.out)
            if wrong := _said_wrong(lang, said.raw_err):
                found[" ".join(args)] = [*wrong, said.err.strip()]
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


def _npc_file(cli: Cli, tmp_path: Path, system_id: str) -> Path:
    made = cli("--lang", "en", "npc", system_id, "--seed", "3", "--json")
    assert made.code == 0, made.err
    data = json.loads(made.out)
    file = tmp_path / f"{system_id}.json"
    file.write_text(json.dumps(data.get("sheet", data)), "utf-8")
    return file


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_bad_values_to_every_operation(cli: Cli, tmp_path: Path, lang: str, system_id: str) -> None:
    sheet = _npc_file(cli, tmp_path, system_id)
    found: dict[str, list[str]] = {}
    for operation in get_system(system_id).operations:
        for option, value in _bad_values(operation.params):
            args = ["op", system_id, kebab(operation.name), str(sheet), option, value]
            said = cli("--lang", lang, *args)
            if said.code != 2:
                continue  # a value the operation takes (a free text): nothing refused
            if wrong := _said_wrong(lang, said.raw_err):
                found[" ".join(args[:3] + args[4:])] = [*wrong, said.err.strip()]
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


@pytest.mark.parametrize(
    ("args", "fr", "en"),
    [
        (["hack-start", "--network", "x"], "Paranoïa (MJ)", "Paranoia (GM)"),
        (["disease-contract", "--disease", "x"], "Vitesse (h, MJ)", "Interval (h, GM)"),
        (["take-drug", "--drug", "x"], "Dépendance psy. (MJ)", "Psych. (GM)"),
    ],
)
def test_a_profile_to_give_names_its_fields_in_words(
    cli: Cli, tmp_path: Path, args: list[str], fr: str, en: str
) -> None:
    """Organique's unknown disease, drug or network: the GM gives its profile, each value
    named by its label, never `interval_hours` or `admin_level`."""
    sheet = str(_npc_file(cli, tmp_path, "organique"))
    for lang, words in (("fr", fr), ("en", en)):
        said = cli("--lang", lang, "op", "organique", args[0], sheet, *args[1:])
        assert said.code == 2 and words in said.err, said.err
        assert not _said_wrong(lang, said.raw_err), said.err


def test_an_empty_choice_has_a_name_to_type(cli: Cli, tmp_path: Path) -> None:
    """Artémis's finished scenario: « aucun » / `none`, never an empty name in the list."""
    sheet = str(_npc_file(cli, tmp_path, "artemis"))
    english = cli("--lang", "en", "op", "artemis", "award-xp", sheet, "--scenario-length", "x")
    assert "expected: 'none', 'short', 'medium' or 'long'" in english.err, english.err
    helped = cli("--lang", "en", "op", "artemis", "award-xp", "--help").out
    assert "[none|short|medium|long]" in helped, helped
    taken = cli("--lang", "en", "op", "artemis", "award-xp", sheet, "--scenario-length", "none")
    assert taken.code == 0, taken.err


def test_an_npcs_score_is_refused_at_its_place(cli: Cli, tmp_path: Path) -> None:
    """Artémis: an NPC's score that does not follow its level is named by its place on the
    sheet (« Compétences : scores, attraper/lancer »), never by the skill's id."""
    sheet = _npc_file(cli, tmp_path, "artemis")
    data = json.loads(sheet.read_text("utf-8"))
    data["levels"]["attraper_lancer"] = "debutant"
    data["scores"]["attraper_lancer"] = 6
    sheet.write_text(json.dumps(data), "utf-8")
    said = cli("--lang", "fr", "character", "validate", str(sheet))
    line = next(x for x in said.err.splitlines() if "Attraper/lancer" in x)
    assert line.startswith("Compétences : scores, attraper/lancer : PNJ"), line
    assert "attraper_lancer" not in said.err, said.err


def test_a_loss_past_a_traits_bound_is_refused_as_the_option(cli: Cli, tmp_path: Path) -> None:
    """Fluid: a SAN loss the sheet's negative Trait could not hold is refused by its option
    (`--loss`), not by a field of the sheet the reader never named (`value`)."""
    sheet = str(_npc_file(cli, tmp_path, "fluid"))
    said = cli("--lang", "fr", "op", "fluid", "lose-sanity", sheet, "--loss", "99999")
    assert said.code == 2 and said.err.startswith("ecran: --loss : doit être ≤ 200"), said.err


def test_every_groups_usage_line_is_in_french(cli: Cli) -> None:
    """`ecran rencontre --help`, `ecran table --help`: « COMMANDE [ARGUMENTS] », never the
    English `COMMAND [ARGS]` beside French words."""
    from language.test_cli import every_command

    groups = {tuple(path[:1]) for path in every_command() if len(path) > 1}
    found = {}
    for group in sorted(groups):
        usage = cli("--lang", "fr", *group, "--help").out.strip().splitlines()[0]
        if re.search(r"\b(?:COMMAND|ARGS|FILE|TEXT|INT)\b", usage):
            found[" ".join(group)] = usage
    assert not found, found


@pytest.mark.parametrize("command", [["sheet"], ["odds-sheet"], ["character", "validate"]])
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "c'est un fichier de rencontre, pas une feuille de personnage"),
        ("en", "this is an encounter file, not a character sheet"),
    ],
)
def test_an_encounter_file_given_as_a_sheet_is_said_so(
    cli: Cli, command: list[str], lang: str, said: str
) -> None:
    """Not its keys refused one by one (« participants » : paramètre inconnu, max_rounds)."""
    fight = str(Path(__file__).parent.parent / "engine" / "data" / "duel_warp.json")
    answer = cli("--lang", lang, *command, fight)
    assert answer.code == 2 and answer.err.strip() == f"ecran: {said}", answer.err
    verified = cli("--lang", lang, "verify", fight)
    assert verified.err.strip().endswith(("n'est pas un export de table ecran", "export")), (
        verified.err
    )


def test_a_sheet_of_another_game_names_both_games(cli: Cli, tmp_path: Path) -> None:
    sheet = str(_npc_file(cli, tmp_path, "warp"))
    said = cli("--lang", "fr", "op", "artemis", "repos", sheet)
    assert (
        said.err.strip()
        == "ecran: la feuille est pour WaRP (moteur d'Over the Edge), pas Espace Artémis"
    )


@pytest.mark.parametrize(
    ("args", "fr", "en"),
    [
        (
            ["odds", "warp", "ranged", "--weapon", "zzz"],
            "valeur non permise, possibles : Fronde ; Couteau de lancer",
            "value not allowed, allowed: Sling; Throwing knife",
        ),
        (
            ["odds", "warp", "group", "--participants", "a", "--difficulty", "1"],
            "des scores de 1 à 30, par exemple « 4,3-1,2+1 » (« a »)",
            "scores from 1 to 30, e.g. '4,3-1,2+1' ('a')",
        ),
        (["advise", "artemis", "test", "--either", "x"], "(« x »)", "('x')"),
        (["serve", "--host", " "], "(seulement des espaces)", "(only spaces)"),
    ],
)
def test_a_refused_value_is_quoted_once_in_the_readers_words(
    cli: Cli, args: list[str], fr: str, en: str
) -> None:
    """A table's rows by their names, a value quoted once and never as Python writes it
    (`'x'` in French, `' '`), ranges in words (`1..30`)."""
    for lang, words in (("fr", fr), ("en", en)):
        said = cli("--lang", lang, *args)
        assert said.code == 2 and words in said.err, said.err
        assert not _said_wrong(lang, said.raw_err), said.err
        assert ".." not in said.err and said.err.count("« a »") <= 1, said.err


def test_an_english_refusal_lists_no_french_id(cli: Cli, tmp_path: Path) -> None:
    """Issue #29: in English, a refused choice lists the names to type in English (Fluid's
    `cannot-miss`, Nephilim's `fire`), never an id that is a French word (`immanquable`,
    `feu`): every option whose choices have one, of every check, operation and NPC."""
    from cli.test_english_choice_names import choice_models, french_ids

    found: dict[str, str] = {}
    sheets: dict[str, Path] = {}
    for where, model in choice_models():
        fields: dict[str, list[str]] = {}
        for field, choice, _ in french_ids(model):
            fields.setdefault(field, []).append(kebab(choice))
        for field, ids in fields.items():
            command = where.split()
            if command[0] == "op":
                if command[1] not in sheets:
                    sheets[command[1]] = _npc_file(cli, tmp_path, command[1])
                command.append(str(sheets[command[1]]))
            said = cli("--lang", "en", *command, "--" + kebab(field), "zzz")
            if said.code != 2:
                continue  # a value the option takes (a union's free value)
            listed = re.findall(r"'([\w-]+)'", said.err)
            if any(i in listed for i in ids) or "zzz" not in listed:
                found[f"{where} --{kebab(field)}"] = said.err.strip()
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)
