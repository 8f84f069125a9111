"""Fluid's checks, one module per family; `CHECKS` is the list the system offers, in order.

The list is `data/checks.toml`'s tables in order, each naming its module and class
(`ecran.systems.listed`): a check's odds import its own module only, and the web's index lists
the ids without importing any (start-up, #16)."""

from ecran.systems import listed

CHECKS = listed(__name__)
