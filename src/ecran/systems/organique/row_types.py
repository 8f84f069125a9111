"""The row types Organique's data files share: the core table's models (`tables`) and the other
files' (`rows`, defined on their first read) build on them, and neither module imports the
other's (#32)."""

from __future__ import annotations

from ecran.rules.data import DataRow
from ecran.rules.text import Text


class Row(DataRow):
    source: str


class Labelled(Row):
    """A row people read by its label (`label = { fr, en }`)."""

    label: Text
