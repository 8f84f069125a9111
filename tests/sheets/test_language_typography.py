"""The printing layer's typography by language, and sources named by their book."""

from __future__ import annotations

import pytest

from ecran.engine import all_systems
from ecran.rules.text import Text, book, book_title, cite
from ecran.sheets.typography import NNBSP, number, typeset

EN_DASH = "\u2013"


@pytest.mark.parametrize(
    ("printed", "fr", "en"),
    [
        ("3.0 / 3", "3 / 3", "3 / 3"),
        ("2.5 bs / 0.0 c", "2,5 bs / 0 c", "2.5 bs / 0 c"),
        ("Règles : Fluid", f"Règles{NNBSP}: Fluid", "Règles: Fluid"),
        ("légers : 0", f"légers{NNBSP}: 0", "légers: 0"),
        ("Courte ; att 4", f"Courte{NNBSP}; att 4", "Courte; att 4"),
        ("Vraiment?", f"Vraiment{NNBSP}?", "Vraiment?"),
        ("réussite 58 %", f"réussite 58{NNBSP}%", "réussite 58%"),
        ("Test de AGI", "Test d'AGI", "Test de AGI"),
        ("la Intelligence", "l'Intelligence", "la Intelligence"),
        # Left as they are: an aspirated h cannot be told, "onze" does not elide, dice, ratios,
        # versions and addresses keep their marks.
        ("Test de Hache", "Test de Hache", "Test de Hache"),
        ("de onze", "de onze", "de onze"),
        ("3d6! 1d20", "3d6! 1d20", "3d6! 1d20"),
        ("ratio 1:2", "ratio 1:2", "ratio 1:2"),
        ("v3.1.2", "v3.1.2", "v3.1.2"),
        ("http://a.b", "http://a.b", "http://a.b"),
    ],
)
def test_typeset(printed: str, fr: str, en: str):
    assert typeset(printed, "fr") == fr
    assert typeset(printed, "en") == en


def test_numbers_through_babel():
    assert number(2.5, "fr") == "2,5"
    assert number(1234.5, "fr") == f"1{NNBSP}234,5"
    assert number(1234.5, "en") == "1,234.5"
    assert number(3.0, "fr") == "3"


def test_a_source_reads_as_its_book_and_lines():
    source = cite("000_98594f78af1b43da.txt", 46, 53, note="a maintainer's remark")
    all_systems()  # the games name their books when they load
    assert source.label("fr") == "Espace Artémis, l. 46-53"
    assert source.label("en") == f"Espace Artémis, lines 46{EN_DASH}53"
    assert cite("000_98594f78af1b43da.txt", 7).label("en") == "Espace Artémis, line 7"
    # JSON and logs keep the file and the note.
    assert str(source) == "000_98594f78af1b43da.txt L46-53 (a maintainer's remark)"


def test_every_game_names_the_book_of_its_seed():
    for system in all_systems().values():
        if system.id == "demo":
            continue
        title = book_title(system.seed)
        assert system.seed not in (title.fr, title.en), system.id


def test_a_seed_is_one_book():
    book("test_seed.txt", Text(fr="Un livre", en="A book"))
    book("test_seed.txt", Text(fr="Un livre", en="A book"))  # again at a reload: the same
    with pytest.raises(ValueError, match="already"):
        book("test_seed.txt", Text(fr="Un autre", en="Another"))
    assert book_title("unknown.txt")("fr") == "unknown.txt"
