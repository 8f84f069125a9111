"""The printed sheet's content, checked in its HTML (the PDF is the same page laid out)."""

from __future__ import annotations

import re

import pytest
from sheets_fixtures import REAL_SYSTEMS, fold, visible_text

from ecran.rules import EcranError
from ecran.rules.text import book_title
from ecran.sheets import labels, render_sheet_html
from ecran.sheets.typography import typeset


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
def test_every_system_prints_its_sections_rows_and_rolls(npcs, system_id: str, lang: str):
    system, sheet = npcs[system_id]
    text = visible_text(render_sheet_html(system, sheet, lang))
    assert system.name(lang) in text
    assert f"{sheet.name}" in text
    notes = fold(sheet.notes)
    identity = {labels.NAME(lang), labels.PLAYER(lang), labels.KIND(lang)}
    for section in system.sections(sheet):
        for row in section.rows:
            if notes and fold(row.value(lang)) == notes:
                continue  # printed once, in the notes area
            if row.label(lang) in identity:
                continue  # printed once, in the identity line
            assert fold(typeset(f"{row.label(lang)} {row.value(lang)}", lang)) in text, row
        if any(
            fold(r.value(lang)) != notes and r.label(lang) not in identity for r in section.rows
        ):
            assert fold(typeset(section.title(lang), lang)) in text
    for action in system.actions(sheet):
        assert fold(typeset(action.label(lang), lang)) in text
    assert book_title(system.seed)(lang) in text and system.seed not in text


def test_french_is_the_default_and_english_is_available(npcs):
    system, sheet = npcs["fluid"]
    french = visible_text(render_sheet_html(system, sheet))
    english = visible_text(render_sheet_html(system, sheet, "en"))
    assert "Fiche de personnage" in french and "Caractéristiques" in french
    assert "Character sheet" in english and "Characteristics" in english
    assert "Fiche de personnage" not in english
    assert 'lang="en"' in render_sheet_html(system, sheet, "en")


def test_notes_are_printed_once(npcs):
    system, sheet = npcs["artemis"]
    assert sheet.notes, "the Artémis NPC generator writes a note"
    text = visible_text(render_sheet_html(system, sheet))
    assert text.count(fold(sheet.notes)) == 1


def test_a_legal_sheet_has_no_violation_box(fake):
    page = render_sheet_html(fake, fake.new_character("Ada"))
    assert 'class="violations"' not in page
    assert "Règles enfreintes" not in visible_text(page)


def test_broken_rules_are_printed_in_a_box_with_their_source(fake):
    sheet = fake.new_character("Ada").model_copy(update={"might": 4, "agility": 3})
    text = visible_text(render_sheet_html(fake, sheet, "en"))
    assert "Rules broken" in text
    assert "might + agility <= 6 (toy, line 1)" in text
    assert "budget" not in text  # the rule's id is for programs


def test_a_real_system_prints_its_own_violations(npcs):
    """A blank WaRP sheet has unnamed traits: the sheet says so rather than hiding it."""
    system, _ = npcs["warp"]
    sheet = system.sheet_model()(name="Vide")
    violations = system.validate(sheet)
    assert violations
    text = visible_text(render_sheet_html(system, sheet))
    for violation in violations:
        assert fold(f"{violation.message('fr')} ({violation.source.label('fr')})") in text
    assert system.seed not in text and "warp.trait" not in text


def test_a_track_prints_one_box_per_point_ticked_up_to_the_current_value(fake):
    page = render_sheet_html(fake, fake.new_character("Ada").model_copy(update={"wounds": 3}))
    track = re.search(r'<tr class="track">(.*?)</tr>', page, flags=re.S)
    assert track is not None
    ticks = re.findall(r'class="tick( full)?"', track.group(1))
    assert len(ticks) == 10
    assert sum(1 for full in ticks if full) == 7


def test_rolls_print_as_a_grid(fake):
    text = visible_text(render_sheet_html(fake, fake.new_character("Ada")))
    assert "Jets" in text
    assert "Compétence Bonus Plafond Escalade 4 ✓ 8 Nage 2 ✓" in text


def test_player_text_is_escaped(fake):
    sheet = fake.new_character("<script>alert(1)</script>").model_copy(
        update={"player": "Zoé & Léa", "notes": "<b>pas de balise</b>"}
    )
    page = render_sheet_html(fake, sheet)
    assert "<script>" not in page and "<b>" not in page
    assert "&lt;script&gt;" in page
    text = visible_text(page)
    assert "Zoé & Léa" in text and "<b>pas de balise</b>" in text


def test_unknown_language_is_refused(fake):
    with pytest.raises(EcranError) as error:
        render_sheet_html(fake, fake.new_character("Ada"), "de")
    assert "de" in error.value.message("fr") and "fr, en" in error.value.message("en")


def test_a_sheet_of_another_system_is_refused(fake, npcs):
    _, sheet = npcs["warp"]
    with pytest.raises(EcranError) as error:
        render_sheet_html(fake, sheet)
    assert "warp" in error.value.message("en") and "toy" in error.value.message("en")


def test_the_rolls_can_be_left_out(fake):
    page = render_sheet_html(fake, fake.new_character("Ada"), rolls=False)
    assert 'id="rolls"' not in page and "Escalade" not in visible_text(page)
    assert "Points de vie" in visible_text(page)
