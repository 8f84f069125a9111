"""A table's export: its log as one member sees it, in one JSON file.

The shape (`TableExport`, `format` "ecran-table", `version` 1) is what `ecran verify TABLE.json`
reads: the table, who exported it, and every event in order as `EventView`s (the views of
`ecran.play.view_for`: a roll the exporter may not see is a `hidden` stub keeping its place, and
no dice key's secret is ever in it; revealed keys are, in their `dice_key` events). The GM's
export holds every roll but the players' private ones; a player's export holds what they saw.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ecran.play.events import EventView
from ecran.play.model import TableInfo


class TableExport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["ecran-table"] = "ecran-table"
    version: Literal[1] = 1
    table: TableInfo
    #: The member whose view this is.
    exported_by: str
    exported_at: datetime | None = None
    events: list[EventView]


def export_table(
    table: TableInfo, member_id: str, events: Iterable[EventView], at: datetime | None = None
) -> TableExport:
    return TableExport(table=table, exported_by=member_id, exported_at=at, events=list(events))
