"""Issue 29's sweep of the command line's human output: for every game, in French and in
English, what the commands print beyond `--help` and a check's odds (`test_cli.py`) reads in one
language and names nothing by an internal id: the terminal sheet of NPCs, a sheet file's
refused values (`sheet`, `character validate`, `character new --from`), every operation on NPCs
with each of its choices (`op`, summaries and refusals), `simulate` and a refused check (its
missing values, a refused choice) and `encounter simulate`.

An id is a snake_case token (`finder.findings`), a field's or a choice's id in kebab-case
(`max-hp`, `secondary-1`) where people read a label, and in French an option by its English
name where it has a French one (`--skill` for `--competence`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ecran.cli.checks import french_flags
from ecran.cli.fields import choices_of, kebab, union_choices
from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules import FieldMeta
from language.finder import LANGS, SYSTEMS, findings, texts
from language.test_cli import example_args
from language.test_operations import param_sets

#: A snake_case id that `findings` misses: one that starts with a digit (`36f_escorts`).
DIGIT_SNAKE = re.compile(r"\b\d\w*_\w+\b")
KEBAB = re.compile(r"(?<![\w-])(--)?([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w-])")


def _models(system_id: str) -> Iterator[Any]:
    system = all_systems()[system_id]
    yield system.sheet_model()
    yield system.npc_params
    yield from (check.params for check in system.checks)
    yield from (operation.params for operation in system.operations)


@cache
def ids(system_id: str) -> frozenset[str]:
    """The game's field and choice ids of more than one word, as the command line kebabs them;
    not those whose French or English label folds to the same words (a choice `tres_facile`
    labelled « Très facile » is typed and read alike)."""
    found: set[str] = set()
    for model in _models(system_id):
        for name, info in model.model_fields.items():
            meta = FieldMeta.of(name, info)
            found.add(kebab(name))
            for choice in [*choices_of(info.annotation), *union_choices(info.annotation)]:
                label = meta.choice_label(choice)
                words = {re.sub(r"\W+", "-", label(lang).lower()) for lang in LANGS}
                if kebab(choice) not in words:
                    found.add(kebab(choice))
    return frozenset(i for i in found if "-" in i)


@cache
def english_flags(system_id: str) -> frozenset[str]:
    """The options that have a French name wherever they are options, by their English one
    (`skill`)."""
    named: set[str] = set()
    unnamed: set[str] = set()
    for model in _models(system_id):
        flags = {kebab(name) for name in model.model_fields}
        french = {kebab(name) for name in french_flags(model, flags)}
        named |= french
        unnamed |= flags - french
    return frozenset(named - unnamed)


@cache
def written(lang: str) -> frozenset[str]:
    """The hyphenated words the language's labels and catalogues write (`armour-piercing`,
    `all-out`): words, even where an id is spelt alike."""
    found = (token for text in texts() for _, token in KEBAB.findall(text(lang).lower()))
    return frozenset(token for token in found if "-" in token)


def leaks(text: str, lang: str, system_id: str, names: tuple[str, ...] = ()) -> list[str]:
    """`findings`, and the game's ids: a field or choice id, an English option in French. An
    option is what one types (ASCII-folded: `--ka-de-la-creature`), no word of either language."""
    for name in names:
        text = text.replace(name, " ")
    tokens = KEBAB.findall(text)
    found = findings(re.sub(r"(?<![\w-])--[a-z][a-z0-9-]*", " ", text), lang)
    found += [f"id: {m}" for m in DIGIT_SNAKE.findall(text)]
    for dashes, token in tokens:
        if dashes and lang == "fr" and token in english_flags(system_id):
            found.append(f"English option: --{token}")
        elif not dashes and token in ids(system_id) and token not in written(lang):
            found.append(f"id: {token}")
    return found


def test_the_sweep_sees_ids_and_english_options() -> None:
    """The detector finds what issue 29 found ("hit-points :", "--skill" in French)."""
    assert leaks("max-hp : doit être ≥ 1", "fr", "warp") == ["id: max-hp"]
    assert leaks("--skill : valeur requise", "fr", "artemis") == ["English option: --skill"]
    assert leaks("--skill: value required", "en", "artemis") == []
    assert leaks("Points de vie max. : doit être ≥ 1", "fr", "warp") == []
    assert leaks("36f_escorts : paranoïa 10", "fr", "organique") == ["id: 36f_escorts"]


Cli = Callable[..., Any]


def _npc_files(tmp_path: Path, system_id: str, lang: str) -> list[tuple[Path, str]]:
    system = all_systems()[system_id]
    files = []
    for seed in range(3):
        npc = system.random_npc(Roller(seed), lang=lang)
        path = tmp_path / f"{system_id}-{seed}.json"
        path.write_text(npc.model_dump_json(), "utf-8")
        files.append((path, npc.name))
    return files


def _broken(path: Path, tmp_path: Path) -> Path:
    """The sheet with an empty name and every whole number at -999."""
    data = json.loads(path.read_text("utf-8"))
    broken = {k: -999 if type(v) is int else v for k, v in data.items()} | {"name": ""}
    out = tmp_path / "broken.json"
    out.write_text(json.dumps(broken), "utf-8")
    return out


def _choice_flags(values: dict[str, Any]) -> list[str]:
    args: list[str] = []
    for name, value in values.items():
        args += [f"--{kebab(name)}", kebab(str(value))]
    return args


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_sheets_and_operations_print_no_id(
    cli: Cli, tmp_path: Path, system_id: str, lang: str
) -> None:
    system = all_systems()[system_id]
    failures: dict[str, list[str]] = {}

    def read(what: str, result: Any, names: tuple[str, ...] = ()) -> None:
        if found := leaks(result.out + result.err, lang, system_id, names):
            failures.setdefault(what, sorted(set(found)))

    for path, name in _npc_files(tmp_path, system_id, lang):
        read(f"sheet {path.name}", cli("--lang", lang, "sheet", str(path)), (name,))
        for operation in system.operations:
            for values in param_sets(operation.params):
                args = _choice_flags(values)
                said = cli("--lang", lang, "op", system_id, kebab(operation.name), str(path), *args)
                typed = tuple(a for a in args if a.startswith("--"))  # said back as typed
                read(f"op {operation.name} {args}", said, (name, *typed))
    broken = _broken(_npc_files(tmp_path, system_id, lang)[0][0], tmp_path)
    for command in (["sheet"], ["character", "validate"]):
        read(" ".join(command), cli("--lang", lang, *command, str(broken)))
    made = cli("--lang", lang, "character", "new", system_id, "--from", str(broken))
    read("character new --from", made)
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_simulations_and_refused_checks_print_no_id(cli: Cli, system_id: str, lang: str) -> None:
    failures: dict[str, list[str]] = {}
    for check in all_systems()[system_id].checks:
        ran = cli(
            "--lang", lang, "simulate", system_id, kebab(check.name),
            *example_args(check.example), "--trials", "50", "--seed", "1",
        )  # fmt: skip
        assert ran.code == 0, ran.err
        missing = cli("--lang", lang, "odds", system_id, kebab(check.name))
        for what, result in (("simulate", ran), ("no values", missing)):
            if found := leaks(result.out + result.err, lang, system_id):
                failures[f"{what} {check.name}"] = found
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())


def test_a_union_s_choices_are_typed_and_listed_in_french(cli: Cli, tmp_path: Path) -> None:
    """WaRP's trait to raise: a name (central, secondary 1 or 2) or an acquired trait's index.
    Its refusal names the choices as one types them, in one place, never pydantic's members
    (`trait.literal[…]`, `trait.int`)."""
    path, _name = _npc_files(tmp_path, "warp", "fr")[0]
    refused = cli("op", "warp", "ameliorer-un-trait", str(path), "--trait", "bof")
    assert refused.code == 2
    assert refused.err.strip() == (
        "ecran: --trait : valeur non permise, attendu : « central », « secondaire-1 » ou "
        "« secondaire-2 » (« bof »)"
    )
    english = cli("--lang", "en", "op", "warp", "raise-trait", str(path), "--trait", "bof")
    assert english.err.strip() == (
        "ecran: --trait: value not allowed, expected: 'central', 'secondary-1' or "
        "'secondary-2' ('bof')"
    )
    french = cli("op", "warp", "ameliorer-un-trait", str(path), "--trait", "secondaire-1", "--json")
    english_id = cli("op", "warp", "raise-trait", str(path), "--trait", "secondary_1", "--json")
    assert french.code == english_id.code
    assert french.out == english_id.out and french.err == english_id.err


@pytest.mark.parametrize("lang", LANGS)
def test_pydantic_never_words_a_refusal(cli: Cli, tmp_path: Path, lang: str) -> None:
    """A refused value said in the reader's words (issue 29: "Input should be…", "Extra inputs
    are not permitted" in English)."""
    path, _name = _npc_files(tmp_path, "warp", lang)[0]
    data = json.loads(path.read_text("utf-8")) | {"max_hp": "x", "colour": 1, "damage": -1}
    path.write_text(json.dumps(data), "utf-8")
    said = cli("--lang", lang, "character", "validate", str(path)).err
    pydantic = re.compile(r"Input should|not permitted|valid integer|greater than|Value error")
    assert said and not pydantic.search(said), said
    assert not leaks(said, lang, "warp"), said


def test_the_issue_s_raw_values_are_said_by_their_labels(cli: Cli) -> None:
    """Issue 29's examples, each now its choice's words: Artémis's « choix du défenseur : auto »,
    WaRP's « Maladie : minor », Nephilim's « Plexus ou nexus : none »."""
    artemis = " ".join(cli("chances", "artemis", "attaque").out.split())
    assert "choix du défenseur : automatique" in artemis
    warp = " ".join(cli("chances", "warp", "guerir-une-maladie", "--des", "2").out.split())
    assert "Maladie : Bénigne" in warp
    nephilim = cli("chances", "nephilim", "controle-magie", "--help").out
    assert "[par défaut : aucun]" in " ".join(nephilim.split()).replace("\u202f", " ")
