"""Rules as data: a system's tables live in `systems/<id>/data/*.toml`, read through pydantic
models at import so a malformed table fails loudly at start-up, not in the middle of a game."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel

from ecran.rules.option import Option
from ecran.rules.text import Source, Text

M = TypeVar("M", bound=BaseModel)


def load_toml(package: str, filename: str) -> dict[str, Any]:
    """Parse `data/<filename>` of the given system package (e.g. "ecran.systems.warp")."""
    text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
    return tomllib.loads(text)


def load_model(package: str, filename: str, model: type[M]) -> M:
    return model.model_validate(load_toml(package, filename))


def load_options(package: str, seed: str, filename: str = "options.toml") -> dict[str, Option]:
    """A system's named options from `data/options.toml`, in file order. Each table is one
    option: `default`, `kind`, `label` and `help` ({fr, en}), `lines` ([first, last]) with an
    optional `note` and `seed` (another document than the system's seed), and `choices`
    ({value = {fr, en}}) where the option names its values."""
    options: dict[str, Option] = {}
    for name, row in load_toml(package, filename).items():
        first, last = row["lines"]
        options[name] = Option(
            name=name,
            default=row.get("default"),
            label=Text.model_validate(row["label"]),
            help=Text.model_validate(row["help"]),
            source=Source(
                seed=row.get("seed", seed), lines=(first, last), note=row.get("note", "")
            ),
            kind=row.get("kind", "optional_rule"),
            choices={k: Text.model_validate(v) for k, v in row.get("choices", {}).items()},
        )
    return options
