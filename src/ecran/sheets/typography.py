"""The printed sheet's typography: the one typographic pass of `ecran.typography` (the
command line, the pages and the log use the same)."""

from ecran.typography import NNBSP, elision, number, numbers, spacing, typeset

__all__ = ["NNBSP", "elision", "number", "numbers", "spacing", "typeset"]
