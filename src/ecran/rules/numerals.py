"""Numbers written by Babel: `ecran.numerals` (below every layer, so the command line's help can
typeset without loading the rules); kept here for the modules that import it from the rules."""

from ecran.numerals import NUMBER_LOCALES, formatted, written

__all__ = ["NUMBER_LOCALES", "formatted", "written"]
