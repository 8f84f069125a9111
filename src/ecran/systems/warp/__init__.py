"""`warp`: the WaRP system, the free-form d6-pool engine of Over the Edge (seed 001)."""

from ecran.systems.warp.system import SYSTEM

__all__ = ["SYSTEM"]
