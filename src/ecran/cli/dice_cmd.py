"""`ecran dice EXPR [--seed N] [--odds] [--json]`: plain dice notation."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    pass
