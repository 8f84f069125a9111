"""`ecran sheet FILE --pdf/--html`: printable sheets from the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.sheets import export_sheet_json


def test_a_sheet_breaking_rules_still_prints_as_html_with_its_violations(
    cli: Any, tmp_path: Path
) -> None:
    fluid = get_system("fluid")
    sheet = fluid.new_character("Trop")
    # 8 characteristics at 7: 56 points where creation gives 40 (002_865f6a3dca48f38d.txt L91-101)
    strong = sheet.characteristics.model_copy(  # type: ignore[attr-defined]
        update=dict.fromkeys(type(sheet.characteristics).model_fields, 7)  # type: ignore[attr-defined]
    )
    sheet = sheet.model_copy(update={"characteristics": strong})
    assert fluid.validate(sheet), "the sheet must break a rule for this test"
    source = tmp_path / "vide.json"
    source.write_text(export_sheet_json(sheet), "utf-8")
    out = tmp_path / "vide.html"
    result = cli("--lang", "en", "sheet", str(source), "--html", str(out))
    assert result.code == 0, result.err
    page = out.read_text(encoding="utf-8")
    assert "Rules broken" in page and "Character sheet" in page


def test_a_pdf_is_written_where_asked(cli: Any, tmp_path: Path) -> None:
    source = tmp_path / "pnj.json"
    npc = cli("npc", "fluid", "--seed", "1", "--json")
    source.write_text(npc.out, encoding="utf-8")
    result = cli("sheet", str(source), "--pdf", str(tmp_path / "fiche.pdf"))
    assert result.code == 0, result.err
    assert (tmp_path / "fiche.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    ("content", "expected"),
    [(None, "file not found"), ("{", "not valid JSON"), ('{"system": "gurps"}', "gurps")],
)
def test_what_is_not_a_sheet_is_refused_in_one_line(
    cli: Any, tmp_path: Path, content: str | None, expected: str
) -> None:
    source = tmp_path / "in.json"
    if content is not None:
        source.write_text(content, encoding="utf-8")
    result = cli("--lang", "en", "sheet", str(source), "--pdf", str(tmp_path / "in.pdf"))
    assert result.code == 2
    assert expected in result.err and len(result.err.strip().splitlines()) == 1
    assert not (tmp_path / "in.pdf").exists()
