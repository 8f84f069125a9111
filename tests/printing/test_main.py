"""`python -m ecran.printing`: print a sheet file, or refuse it in one line with exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from ecran.printing import export_sheet_json
from ecran.printing.__main__ import main


def test_a_sheet_breaking_rules_still_prints_as_html_with_its_violations(npcs, tmp_path: Path):
    system, _ = npcs["warp"]
    source = tmp_path / "vide.json"
    source.write_text(export_sheet_json(system.new_character("Vide")), encoding="utf-8")
    assert main([str(source), "--html", "--lang", "en"]) == 0
    page = (tmp_path / "vide.html").read_text(encoding="utf-8")
    assert "Rules broken" in page and "Character sheet" in page


@pytest.mark.parametrize(
    ("content", "expected"),
    [(None, "cannot read"), ("{", "not valid JSON"), ('{"system": "gurps"}', "gurps")],
)
def test_what_is_not_a_sheet_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, expected: str
):
    source = tmp_path / "in.json"
    if content is not None:
        source.write_text(content, encoding="utf-8")
    assert main([str(source), "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip()
    assert expected in err and "\n" not in err and "Traceback" not in err
    assert not (tmp_path / "in.pdf").exists()


def test_a_pdf_is_written_where_asked(npcs, tmp_path: Path):
    _, sheet = npcs["fluid"]
    source = tmp_path / "pnj.json"
    source.write_text(export_sheet_json(sheet), encoding="utf-8")
    assert main([str(source), "-o", str(tmp_path / "fiche.pdf")]) == 0
    assert (tmp_path / "fiche.pdf").read_bytes().startswith(b"%PDF-")
