"""`nephilim`: Règles pour Nephilim v3, a fan rewrite (seed 003_f1fb14c3cd618c96.txt)."""

from ecran.systems.nephilim.system import SYSTEM

__all__ = ["SYSTEM"]
