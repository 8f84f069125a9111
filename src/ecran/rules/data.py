"""Rules as data: a system's tables live in `systems/<id>/data/*.toml`, read through pydantic
models at import so a malformed table fails loudly at start-up, not in the middle of a game."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def load_toml(package: str, filename: str) -> dict[str, Any]:
    """Parse `data/<filename>` of the given system package (e.g. "ecran.systems.warp")."""
    text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
    return tomllib.loads(text)


def load_model(package: str, filename: str, model: type[M]) -> M:
    return model.model_validate(load_toml(package, filename))
