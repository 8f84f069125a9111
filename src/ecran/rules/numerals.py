"""Numbers written by Babel: `ecran.numerals` (below every layer, so the command line's help can
typeset without loading the rules); kept here for the modules that import it from the rules,
with `number`, a number in both languages (here, not with the sheet: a refusal's limit is worded
without loading the sheet's models, #32)."""

from ecran.numerals import NUMBER_LOCALES, formatted, written
from ecran.rules.text import Text

__all__ = ["NUMBER_LOCALES", "formatted", "number", "written"]


def number(value: float) -> Text:
    """A number as each language writes it (Babel: "2,5" in French, "2.5" in English; no
    needless ".0")."""
    return Text(
        **{lang: formatted(value, "#,##0.###", loc) for lang, loc in NUMBER_LOCALES.items()}
    )
