"""How a result's work and parameters read for a person, in one language: every detail by its
label and its value in words (yes/no, decimals by locale, an outcome or a named value by its
label), every parameter by its label and its choice's words. The CLI and the web say the same
thing; neither shows a key, an id or a Python repr."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ecran.rules.field import FieldMeta
from ecran.rules.numerals import written
from ecran.rules.text import Text

if TYPE_CHECKING:
    from fractions import Fraction

    from pydantic import BaseModel

    from ecran.rules.check import Check

#: Label and value: French puts a no-break space before the colon.
COLON = {"fr": "\u00a0: ", "en": ": "}
YES_NO = {"fr": ("oui", "non"), "en": ("yes", "no")}


def number(x: float | Fraction, lang: str, digits: int = 2) -> str:
    """A decimal as the reader writes it (Babel): `33,33` in French, `33.33` in English."""
    pattern = "0." + "0" * digits if digits else "0"
    return written(x, pattern, lang)


#: French elides "de" before a vowel or a mute h (d'Alice, d'Héroïne); names with an aspirated
#: h are rare at a table, and "d'Hugo" is the common usage.
_ELIDED = frozenset("aeiouyhâàäéèêëîïôöûùüœæ")


def de(name: str) -> str:
    """`de` before a name, in French: `de Bob`, `d'Alice`."""
    return f"d'{name}" if name[:1].lower() in _ELIDED else f"de {name}"


def whose(name: str, lang: str) -> str:
    """A name as the owner of what follows or precedes it: `d'Alice` (le lien d'Alice) in
    French, `Alice's` (Alice's link) in English."""
    return de(name) if lang == "fr" else f"{name}'s"


def whole_number(n: int, lang: str) -> str:
    """A count with its thousands grouped as the reader writes them (`2 000`, `2,000`)."""
    return written(n, "#,##0", lang)


def plural_count(x: float, lang: str) -> int:
    """The count that picks a noun's form for `x` in `lang` (gettext's plural forms take
    whole numbers): French is singular below 2 (`0,2 point`), English only at 1 (`0.2 points`)."""
    if lang == "fr":
        return 1 if abs(x) < 2 else 2
    return 1 if x == 1 else 2


def agreed(n: float, one: str, many: str, lang: str = "fr") -> str:
    """The form of a word that agrees with the count `n` in `lang` (not the number itself):
    `agreed(0, "blessure grave", "blessures graves")` is singular in French (below 2), and
    `agreed(0, "wound", "wounds", "en")` plural in English (only 1 is singular)."""
    return one if plural_count(n, lang) == 1 else many


def short_number(x: float, lang: str) -> str:
    """A number without needless zeros (`3,5`, `7`), up to three decimals."""
    return written(x, "0.###", lang)


def named(value: str, checks: Sequence[Check[Any]], labels: Mapping[str, Text]) -> Text | None:
    """The words of a named value: an outcome of one of the checks, a value the game's checks
    name (`Check.value_labels`), or a label of the result's own keys."""
    for check in checks:
        for outcome in check.outcomes:
            if outcome.name == value:
                return outcome.label
        if value in check.value_labels:
            return check.value_labels[value]
    return labels.get(value)


def value_words(
    value: Any,
    lang: str,
    checks: Sequence[Check[Any]] = (),
    labels: Mapping[str, Text] | None = None,
) -> str:
    """A detail's or parameter's value as a reader reads it; never a Python repr."""
    words = labels or {}
    if isinstance(value, bool):
        yes, no = YES_NO["en" if lang == "en" else "fr"]
        return yes if value else no
    if value is None:
        return "—"
    if isinstance(value, float):
        return number(value, lang, 0 if value.is_integer() else 2)
    if isinstance(value, list | tuple):
        return " ".join(value_words(v, lang, checks, words) for v in value)
    if (
        isinstance(value, dict)
        and isinstance(value.get("fr"), str)
        and isinstance(value.get("en"), str)
    ):
        # a named thing carried with its words (a weekday): its name, then what else it holds
        rest = {k: v for k, v in value.items() if k not in ("fr", "en")}
        own = value["en" if lang == "en" else "fr"]
        return f"{own} ({value_words(rest, lang, checks, words)})" if rest else own
    if isinstance(value, dict):
        return ", ".join(
            f"{_key(k, checks, words)(lang)}{COLON[lang]}{value_words(v, lang, checks, words)}"
            for k, v in value.items()
        )
    if isinstance(value, str):
        found = named(value, checks, words)
        if found is not None:
            return found(lang)
        return value.replace("_", " ")
    return str(value)


def _key(key: Any, checks: Sequence[Check[Any]], labels: Mapping[str, Text]) -> Text:
    found = named(str(key), checks, labels)
    shown = str(key).replace("_", " ")
    return found or Text(fr=shown, en=shown)


def details_words(
    details: Mapping[str, Any], check: Check[Any], lang: str
) -> list[tuple[str, str]]:
    """A resolution's work as (label, value) rows: each detail the rules label, its value in
    words. A detail no rule labels is left out rather than shown by its key."""
    labels = check.detail_labels
    return [
        (labels[key](lang), value_words(value, lang, [check], labels))
        for key, value in details.items()
        if key in labels
    ]


def params_words(
    params: Mapping[str, Any], model: type[BaseModel], lang: str
) -> list[tuple[str, str]]:
    """The parameters a result was computed with, each by its label and its value in words
    (`Compétence : 4`, `Professionnel : non`), never `name=False`."""
    metas = FieldMeta.of_model(model)
    rows = []
    for name, value in params.items():
        meta = metas.get(name)
        label = meta.label(lang) if meta is not None else name.replace("_", " ")
        if value is None:
            shown = "—"
        elif meta is not None and meta.choice_labels and isinstance(value, str) and "," in value:
            # a list of named choices typed as one text (armour layers)
            shown = ", ".join(meta.choice_label(part.strip())(lang) for part in value.split(","))
        elif meta is not None and meta.choice_labels and not isinstance(value, bool | list):
            shown = meta.choice_label(value)(lang)
        else:
            shown = value_words(value, lang)
        rows.append((label, shown))
    return rows
