"""What the demo's checks share: their base class, whose words are data (`data/checks.toml` and
`data/details.toml`, read by `rules.data.CheckWords`)."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from ecran.rules import Check, CheckWords
from ecran.systems.demo.tables import PACKAGE

P = TypeVar("P", bound=BaseModel)


class DemoCheck(Check[P]):
    """A demo check: its title, description, outcomes and detail labels are data, under its
    `name`."""

    words = CheckWords.load(PACKAGE)
