"""Which language the person at the terminal reads: --lang, else ECRAN_LANG, else French."""

from __future__ import annotations

#: French first, as `ecran.rules.text.DEFAULT_LANG` (not imported: that loads every rule module,
#: and `ecran --help` needs none; a test holds the two equal).
DEFAULT_LANG = "fr"

#: The environment's choice is read by `reset()`, which `main` calls first (a wrong value is
#: then one line, exit 2, like any user error).
_current = {"lang": DEFAULT_LANG}


def current() -> str:
    return _current["lang"] if _current["lang"] in ("fr", "en") else DEFAULT_LANG


def set_lang(lang: str) -> None:
    _current["lang"] = lang


def reset() -> None:
    """Back to the environment's choice (each invocation starts afresh)."""
    from ecran.settings import value

    _current["lang"] = value("lang")


#: The options as this invocation typed them (`--target`, `--seuil`): a refusal names an option
#: as the reader typed it, else in the reader's language.
_typed: dict[str, frozenset[str]] = {"options": frozenset()}


def set_typed(args: list[str]) -> None:
    _typed["options"] = frozenset(a.partition("=")[0] for a in args if a.startswith("--"))


def was_typed(option: str) -> bool:
    return option in _typed["options"]
