"""The row types Artémis's data files share: the core table's models (`tables`) and the other
files' (`rows`, defined on their first read) build on them, and neither module imports the
other's (#32)."""

from __future__ import annotations

from typing import Literal

from ecran.rules.data import DataRow, Worded

LevelId = Literal["debutant", "amateur", "confirme", "professionnel", "expert", "maitre"]
LEVELS: tuple[LevelId, ...] = (
    "debutant",
    "amateur",
    "confirme",
    "professionnel",
    "expert",
    "maitre",
)


Row = DataRow


class Named(Worded):
    id: str
    source: str
