"""`organique`: "Systèmes de règles organiques", a d20 cyberpunk rules chapter (seed 004)."""

from ecran.systems import lazy_system

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Systèmes de règles organiques (2080)", "Organic Rule Components (2080)")

__getattr__ = lazy_system(__name__)
