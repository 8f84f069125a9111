"""What a printed sheet shows, in one language, before any HTML: the templates only lay it out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ecran.rules import CharacterSheet, EcranError, SheetSection, System, tr
from ecran.rules.text import LANGS
from ecran.sheets import labels
from ecran.sheets.rolls import RollGroup, roll_groups
from ecran.sheets.tracks import Track, parse_track


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
    """`rolls=False` leaves out the grids of prefilled rolls (pages of them for some systems)."""
    _check_inputs(system, sheet, lang)
    notes = sheet.notes.strip()
    sections = _sections(system.sections(sheet), lang, notes)
    groups = roll_groups(system, system.actions(sheet), lang) if rolls else []
    return PrintedSheet(
        lang=lang,
        game=system.name(lang),
        heading=labels.SHEET(lang),
        name=sheet.name,
        player=sheet.player,
        kind=labels.kind_label(sheet.kind)(lang),
        sections=tuple(sections),
        rolls=tuple(groups),
        violations=tuple(v.line(lang) for v in system.validate(sheet)),
        notes=notes,
        footer=labels.RULES_FROM(lang).format(seed=system.seed),
        words={
            key: text(lang)
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


def _sections(sections: list[SheetSection], lang: str, notes: str) -> list[PrintedSection]:
    """Rows that only repeat the notes are left to the notes area, which prints them once."""
    printed = []
    for section in sections:
        rows = tuple(
            PrintedRow(
                label=row.label(lang),
                value=row.value,
                note=row.note,
                track=parse_track(row.label(lang), row.value),
            )
            for row in section.rows
            if not (notes and row.value.strip() == notes)
        )
        if rows:
            printed.append(PrintedSection(section.title(lang), rows))
    return printed
