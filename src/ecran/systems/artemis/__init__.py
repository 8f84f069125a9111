"""`artemis`: Espace Artémis (science fiction, empaths). Skill + 1d6 against a difficulty, read in
three zones; seed 000_98594f78af1b43da.txt."""

from ecran.systems import lazy_system

#: The game's name (French, English): the web's index lists the games without loading them.
NAME = ("Espace Artémis", "Espace Artémis")

__getattr__ = lazy_system(__name__)
