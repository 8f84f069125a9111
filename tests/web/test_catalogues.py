"""The UI chrome's Babel catalogues: complete, translated, and their compiled .mo up to date.

To refresh after changing a template (see babel.cfg):
    .venv/bin/pybabel extract -F babel.cfg -o /tmp/messages.pot .
    .venv/bin/pybabel update -i /tmp/messages.pot -d src/ecran/web/locale --no-wrap
    (translate the new French entries)  .venv/bin/pybabel compile -d src/ecran/web/locale
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ecran.web.i18n import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]


def catalogue(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def extracted() -> set[str]:
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options_map):
        # a plural message is its (singular, plural) pair, as the catalogue keys it
        found.add(message if isinstance(message, str) else tuple(message))
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_catalogue_holds_exactly_the_messages_of_the_code(lang: str) -> None:
    ids = {m.id for m in catalogue(lang) if m.id}
    assert ids == extracted()


def test_french_is_fully_translated_and_nothing_is_fuzzy() -> None:
    for lang in ("fr", "en"):
        cat = catalogue(lang)
        assert not cat.fuzzy
        assert [m.id for m in cat if m.id and m.fuzzy] == []
    untranslated = [m.id for m in catalogue("fr") if m.id and not _translated(m.string)]
    assert untranslated == []
    # English catalogue: the msgids are English already; an entry may only restate or refine them.
    assert all(_translated(m.string) for m in catalogue("en") if m.id)


def _translated(string: str | tuple[str, ...]) -> bool:
    """A message's translation, every form of it for a plural one."""
    return all(string) if isinstance(string, tuple) else bool(string)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_compiled_mo_is_up_to_date(lang: str) -> None:
    compiled = BytesIO()
    write_mo(compiled, catalogue(lang))
    committed = (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.mo").read_bytes()
    assert committed == compiled.getvalue(), f"run: pybabel compile -d {LOCALE_DIR}"


def test_french_messages_use_one_apostrophe() -> None:
    """The straight apostrophe throughout, as every other text and the rules' data: `serve
    --help` set « qu’un MJ » beside « d'écoute », a board notice « n’est » beside « d'un »."""
    from ecran.cli.words import LOCALE_DIR as CLI_LOCALE
    from ecran.typography import faults

    with (CLI_LOCALE / "fr" / "LC_MESSAGES" / "ecran-cli.po").open("rb") as f:
        cli = read_po(f, locale="fr")
    found = [
        fault
        for cat in (catalogue("fr"), cli)
        for m in cat
        if m.id
        for text in ([m.string] if isinstance(m.string, str) else m.string)
        for fault in faults(text)
        if fault.startswith("curly apostrophe")
    ]
    assert found == []
