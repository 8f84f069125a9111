"""The type of every file name a command takes (`FILE`, `FILE.json`): never a blank name.
Python reads "" as the current folder, so `--pdf ""` was told « écriture impossible de . :
c'est un dossier », and a name of spaces was written as such. Only click and the standard
library load here: the `odds` commands take a sheet's name too."""

from __future__ import annotations

from typing import Any

import click

from ecran.cli.words import _


class FileName(click.ParamType[str, Any]):
    """A file the user names, as given (a Typer parameter annotated `Path` gets a `Path`); a
    blank name is refused in one line naming the option (exit 2)."""

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if not str(value).strip():
            self.fail(_("empty file name"), param, ctx)
        return str(value)


FILE_NAME = FileName()
