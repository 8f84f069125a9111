"""Issue #29: a choice whose id is a French word (Fluid's `immanquable`, Artémis's NPC level
`debutant`) is listed in English mode by its English name to type (its English label,
folded: `cannot-miss`, `beginner`), which is accepted beside the id and the French name; the
JSON output keeps the contract's id."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from ecran.cli.checks import param_options
from ecran.cli.fields import choices_of, kebab, union_choices
from ecran.cli.names import label_name
from ecran.engine import all_systems
from ecran.rules import FieldMeta

Cli = Callable[..., Any]


def choice_models() -> Iterator[tuple[str, type[BaseModel]]]:
    for system in all_systems().values():
        yield f"npc {system.id}", system.npc_params
        for check in system.checks:
            yield f"odds {system.id} {kebab(check.name)}", check.params
        for operation in system.operations:
            yield f"op {system.id} {kebab(operation.name)}", operation.params


def french_ids(model: type[BaseModel]) -> Iterator[tuple[str, str, str]]:
    """(field, id, English name) of each choice whose id is its French label folded and not
    its English one."""
    for name, info in model.model_fields.items():
        meta = FieldMeta.of(name, info)
        ids = choices_of(info.annotation) or union_choices(info.annotation)
        for choice in map(str, ids):
            french, english = meta.choice_label(choice).fr, meta.choice_label(choice).en
            if kebab(choice) == label_name(french) != label_name(english):
                yield name, choice, label_name(english)


def test_the_french_ids_found_include_the_known_ones() -> None:
    found = {(kebab(c), e) for _, model in choice_models() for _, c, e in french_ids(model)}
    assert {("immanquable", "cannot-miss"), ("tres-facile", "very-easy")} <= found
    assert ("debutant", "beginner") in found


def test_no_french_id_is_listed_in_english() -> None:
    """Every option of every check, operation and NPC generator: in English its choices are
    listed (where the option lists them) by their English names, never by a French id, and
    the English name typed is the id."""
    wrong: list[str] = []
    for where, model in choice_models():
        french = list(french_ids(model))
        if not french:
            continue
        options = {o.name: o for o in param_options(model, "en")}
        for field, choice, english in french:
            option, metavar = options[field], options[field].metavar or ""
            listed = metavar.strip("[]").split("|") if metavar.startswith("[") else [english]
            if kebab(choice) in listed or english not in listed:
                wrong.append(f"{where} --{kebab(field)}: {metavar}")
            assert option.callback is not None, (where, field)
            if option.callback(None, option, english) != choice:  # type: ignore[arg-type]
                wrong.append(f"{where} --{kebab(field)} {english}: not {choice}")
    assert not wrong, "\n".join(wrong)


def test_french_mode_still_lists_the_french_names(cli: Cli) -> None:
    said = cli("--lang", "fr", "odds", "fluid", "action", "--help").out
    assert "immanquable" in said and "tres-facile" in said and "cannot-miss" not in said


@pytest.mark.parametrize("typed", ["very-easy", "Very easy", "tres-facile", "très facile"])
def test_an_english_name_is_typed_as_the_id(cli: Cli, typed: str) -> None:
    base = ["odds", "fluid", "action", "--characteristic", "3", "--json"]
    expected = cli("--lang", "en", *base, "--difficulty", "tres-facile")
    said = cli("--lang", "en", *base, "--difficulty", typed)
    assert said.code == expected.code == 0, said.err
    assert json.loads(said.out) == json.loads(expected.out)
    assert cli("--lang", "fr", *base, "--difficulty", typed).out == said.out


def test_the_json_keeps_the_contracts_id(cli: Cli) -> None:
    said = cli("--lang", "en", "npc", "artemis", "--level", "beginner", "--seed", "3", "--json")
    same = cli("--lang", "en", "npc", "artemis", "--level", "debutant", "--seed", "3", "--json")
    assert said.code == 0, said.err
    assert json.loads(said.out) == json.loads(same.out)
    assert "beginner" not in said.out


def test_an_english_refusal_lists_the_english_names(cli: Cli) -> None:
    args = ["odds", "fluid", "action", "--characteristic", "3", "--difficulty", "zzz"]
    said = cli("--lang", "en", *args)
    assert said.code == 2
    assert "'cannot-miss'" in said.err and "immanquable" not in said.err, said.err
    french = cli("--lang", "fr", *args)
    assert "« immanquable »" in french.err and "cannot-miss" not in french.err, french.err


def test_the_default_is_shown_by_its_english_name(cli: Cli) -> None:
    said = cli("--lang", "en", "odds", "fluid", "action", "--help").out
    assert "[default: normal]" in said and "normale" not in said, said


@pytest.mark.parametrize(
    ("lang", "typed", "expected"), [("en", "ve", "very-easy"), ("fr", "tr", "tres-facile")]
)
def test_a_choice_completes_in_the_readers_language(lang: str, typed: str, expected: str) -> None:
    import click

    from ecran.cli.lang import current, set_lang
    from ecran.engine import get_system

    check = next(c for c in get_system("fluid").checks if c.name == "action")
    option = next(o for o in param_options(check.params, lang) if o.name == "difficulty")
    before = current()
    set_lang(lang)
    try:
        ctx = click.Context(click.Command("action"))
        names = [item.value for item in option.shell_complete(ctx, typed)]
    finally:
        set_lang(before)
    assert expected in names and all(n.startswith(typed) for n in names), names
