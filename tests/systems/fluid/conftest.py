"""Fluid tests share small helpers (`fluid_dice`); pytest's importlib mode needs their folder on
the path."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
