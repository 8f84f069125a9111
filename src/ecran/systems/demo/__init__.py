"""`demo`: the smallest game, and the template to copy for a sixth: one d6 against a target, a
sheet with hit points, one operation (taking damage) and a fight. Not a game of any book."""

from ecran.systems import lazy_system

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Démonstration", "Demonstration")

__getattr__ = lazy_system(__name__)
