"""`organique`: "Systèmes de règles organiques", a d20 cyberpunk rules chapter (seed 004)."""

from ecran.systems.organique.system import SYSTEM

__all__ = ["SYSTEM"]
