"""A table's options in force: the GM's choice of rules wins over whatever the roller (or a
sheet, or a system's default) gives, for every check and operation that takes the option. The
one place a table's options are merged: the roll, the odds, the tracker's operations, a
sheet's odds and the forms (which leave the forced fields out) all read it here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel


def forced(options: Mapping[str, Any], model: type[BaseModel]) -> dict[str, Any]:
    """The table's option values `model` (a check's or an operation's parameters) takes."""
    fields = model.model_fields
    return {k: v for k, v in options.items() if k in fields}


def with_table_options(
    options: Mapping[str, Any], model: type[BaseModel], params: Mapping[str, Any]
) -> dict[str, Any]:
    """`params` with the table's option values winning for every option `model` takes."""
    return {**params, **forced(options, model)}
