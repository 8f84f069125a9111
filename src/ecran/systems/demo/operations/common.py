"""What every operation module shares: the declarer (titles from data/operations.toml)."""

from __future__ import annotations

from ecran.rules import OperationDeclarer, load_titles
from ecran.systems.demo.tables import PACKAGE

#: Declares an operation from the function of its rule; its title is in `data/operations.toml`.
operation = OperationDeclarer(load_titles(PACKAGE, "operations.toml"))
