"""`nephilim`: Règles pour Nephilim v3, a fan rewrite (seed 003_f1fb14c3cd618c96.txt)."""

from ecran.systems import lazy_system

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Règles pour Nephilim v3", "Rules for Nephilim v3")

__getattr__ = lazy_system(__name__)
