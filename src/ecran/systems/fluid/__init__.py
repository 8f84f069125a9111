"""`fluid`: Fluid, a generic French RPG system (seed 002_865f6a3dca48f38d.txt)."""

from ecran.systems import lazy_system

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Fluid", "Fluid")

__getattr__ = lazy_system(__name__)
