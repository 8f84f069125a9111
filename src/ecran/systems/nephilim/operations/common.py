"""What every operation module shares: the declarer (titles from data/operations.toml)."""

from __future__ import annotations

from ecran.rules import OperationDeclarer, load_titles
from ecran.systems.nephilim.tables import PACKAGE

operation = OperationDeclarer(load_titles(PACKAGE, "operations.toml"))
