"""Print a sheet without the web: `python -m ecran.printing FILE.json [-o OUT.pdf] [--lang en]`.

The sheet is printed even when it breaks rules (they appear in a box on the sheet), so a GM can
print a draft; a file that is not a sheet is refused in one line, exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ecran.printing.exchange import parse_sheet_json
from ecran.printing.html import render_sheet_html
from ecran.printing.pdf import render_sheet_pdf
from ecran.rules import EcranError, tr


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ecran.printing", description=__doc__)
    parser.add_argument("sheet", type=Path, help="a character sheet (JSON)")
    parser.add_argument("-o", "--out", type=Path, help="output file (default: FILE.pdf)")
    parser.add_argument("--lang", default="fr", help="fr (default) or en")
    parser.add_argument("--html", action="store_true", help="write the HTML page instead")
    parser.add_argument("--no-rolls", action="store_true", help="leave out the grids of rolls")
    args = parser.parse_args(argv)
    out: Path = args.out or args.sheet.with_suffix(".html" if args.html else ".pdf")
    try:
        text = _read(args.sheet)
        system, sheet = parse_sheet_json(text)
        if args.html:
            _write(
                out, render_sheet_html(system, sheet, args.lang, not args.no_rolls).encode("utf-8")
            )
        else:
            _write(out, render_sheet_pdf(system, sheet, args.lang, not args.no_rolls))
    except EcranError as error:
        print(error.message(args.lang), file=sys.stderr)
        return 2
    print(f"→ {out}", file=sys.stderr)
    return 0


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise EcranError(
            tr(
                f"lecture impossible : {path} ({exc.strerror})",
                f"cannot read {path}: {exc.strerror}",
            )
        ) from None


def _write(path: Path, content: bytes) -> None:
    try:
        path.write_bytes(content)
    except OSError as exc:
        raise EcranError(
            tr(
                f"écriture impossible : {path} ({exc.strerror})",
                f"cannot write {path}: {exc.strerror}",
            )
        ) from None


if __name__ == "__main__":
    sys.exit(main())
