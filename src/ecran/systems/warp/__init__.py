"""`warp`: the WaRP system, the free-form d6-pool engine of Over the Edge (seed 001)."""

from ecran.systems import lazy_system

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("WaRP (moteur d'Over the Edge)", "WaRP (Over the Edge engine)")

__getattr__ = lazy_system(__name__)
