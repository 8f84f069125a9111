"""What a printed sheet shows, in one language, before any HTML: the templates only lay it out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ecran.rules import CharacterSheet, EcranError, RuleViolation, SheetSection, System, tr
from ecran.rules.text import LANGS, book_title
from ecran.sheets import labels
from ecran.sheets.rolls import PrintedRoll, RollGroup, roll_groups
from ecran.sheets.tracks import Track, parse_track
from ecran.sheets.typography import typeset


@dataclass(frozen=True)
class PrintedRow:
    label: str
    value: str
    note: str = ""
    track: Track | None = None


@dataclass(frozen=True)
class PrintedSection:
    title: str
    rows: tuple[PrintedRow, ...]


@dataclass(frozen=True)
class PrintedSheet:
    lang: str
    game: str
    heading: str
    name: str
    player: str
    kind: str
    sections: tuple[PrintedSection, ...]
    rolls: tuple[RollGroup, ...]
    violations: tuple[str, ...]
    notes: str
    footer: str
    words: dict[str, str]


def printed_sheet(
    system: System[Any], sheet: CharacterSheet, lang: str = "fr", rolls: bool = True
) -> PrintedSheet:
    """`rolls=False` leaves out the grids of prefilled rolls (pages of them for some systems).

    Every string is set in `lang`'s typography (see typography.py), the game's own included."""
    _check_inputs(system, sheet, lang)
    notes = sheet.notes.strip()
    identity = {labels.NAME(lang), labels.PLAYER(lang), labels.KIND(lang)}
    sections = _sections(system.sections(sheet), lang, notes, identity)
    groups = roll_groups(system, system.actions(sheet), lang) if rolls else []
    return PrintedSheet(
        lang=lang,
        game=system.name(lang),
        heading=labels.SHEET(lang),
        name=sheet.name,
        player=sheet.player,
        kind=labels.kind_label(sheet.kind)(lang),
        sections=tuple(sections),
        rolls=tuple(_typeset_group(group, lang) for group in groups),
        violations=tuple(_violation(v, lang) for v in system.validate(sheet)),
        notes=typeset(notes, lang),
        footer=typeset(labels.RULES_FROM(lang).format(book=book_title(system.seed)(lang)), lang),
        words={
            key: typeset(text(lang), lang)
            for key, text in {
                "name": labels.NAME,
                "player": labels.PLAYER,
                "kind": labels.KIND,
                "violations": labels.VIOLATIONS,
                "rolls": labels.ROLLS,
                "notes": labels.NOTES,
                "page": labels.PAGE,
            }.items()
        },
    )


def _check_inputs(system: System[Any], sheet: CharacterSheet, lang: str) -> None:
    if lang not in LANGS:
        raise EcranError(
            tr(
                f"langue inconnue : « {lang} ». Possibles : {', '.join(LANGS)}",
                f"unknown language: '{lang}'. Allowed: {', '.join(LANGS)}",
            )
        )
    if sheet.system != system.id:
        raise EcranError(
            tr(
                f"la feuille est pour « {sheet.system} », pas « {system.id} »",
                f"the sheet is for '{sheet.system}', not '{system.id}'",
            )
        )


def _sections(
    sections: list[SheetSection], lang: str, notes: str, identity: set[str]
) -> list[PrintedSection]:
    """Rows that only repeat the notes are left to the notes area, and rows that repeat the
    name, player or kind to the identity line at the top: each prints once."""
    printed = []
    for section in sections:
        rows = tuple(
            PrintedRow(
                label=typeset(row.label(lang), lang),
                value=typeset(row.value(lang), lang),
                note=_note(row.value(lang), row.note(lang), lang),
                track=parse_track(row.label(lang), row.value(lang)),
            )
            for row in section.rows
            if not (notes and row.value(lang).strip() == notes) and row.label(lang) not in identity
        )
        if rows:
            printed.append(PrintedSection(typeset(section.title(lang), lang), rows))
    return printed


def _violation(violation: RuleViolation, lang: str) -> str:
    """What is wrong and where the book says so; the rule's id and the field's path are for
    programs (`RuleViolation.line`, the JSON), not for a printed page."""
    return typeset(f"{violation.message(lang)} ({violation.source.label(lang)})", lang)


def _note(value: str, note: str, lang: str) -> str:
    """A note that only says the value again ("Nephilim" beside "Nephilim") is left out."""
    return "" if note.strip().casefold() == value.strip().casefold() else typeset(note, lang)


def _typeset_group(group: RollGroup, lang: str) -> RollGroup:
    return RollGroup(
        typeset(group.title, lang),
        tuple(typeset(column, lang) for column in group.columns),
        tuple(
            PrintedRoll(
                typeset(roll.label, lang), tuple(typeset(value, lang) for value in roll.values)
            )
            for roll in group.rolls
        ),
    )
