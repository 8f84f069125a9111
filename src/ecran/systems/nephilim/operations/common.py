"""What every operation module shares: the declarer (titles from data/operations.toml) and the
parameter model of an operation that takes none."""

from __future__ import annotations

from ecran.rules import OperationDeclarer, Params, load_titles
from ecran.systems.nephilim.tables import PACKAGE

operation = OperationDeclarer(load_titles(PACKAGE, "operations.toml"))


class NoParams(Params):
    pass
