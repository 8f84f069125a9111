"""The checks of WaRP, one module per family: the core rolls (core), rolls that are not a trait
against a number (group), combat (attack_params, attack, melee, ranged), powers and spells (powers).

The list is `data/checks.toml`'s tables in order, each naming its module and class
(`ecran.systems.listed`): a check's odds import its own module only, and the web's index lists
the ids without importing any (start-up, #16)."""

from ecran.systems import listed

CHECKS = listed(__name__)
