"""`artemis`: Espace Artémis (science fiction, empaths). Skill + 1d6 against a difficulty, read in
three zones; seed 000_98594f78af1b43da.txt."""

from ecran.systems.artemis.system import SYSTEM

__all__ = ["SYSTEM"]
