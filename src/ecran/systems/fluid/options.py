"""Fluid's named options: the seed's optional rules and our readings of its ambiguities (§9 of
rules/fluid.md). Defaults are the recommended readings.

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from ecran.rules import load_options
from ecran.systems.fluid.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.fluid", SEED)
