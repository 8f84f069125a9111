"""`fluid`: Fluid, a generic French RPG system (seed 002_865f6a3dca48f38d.txt)."""

from ecran.systems.fluid.system import SYSTEM

__all__ = ["SYSTEM"]
