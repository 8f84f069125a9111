"""MkDocs hooks of the guide (mkdocs.yml): the table's strict CSP and what the engine draws.

- The table serves the guide under its CSP (`script-src 'self'`, no inline script): every inline
  script Material writes into a page is moved to a file of its own under `assets/inline/`.
- Before each build, the worked examples' odds charts are drawn as SVG from the engine's exact
  odds (`docs/guide/images/chances-*.svg`), and each game's page gets its tables of checks and
  options from the engine (`docs/guide_build.py`), so they never disagree with it.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # guide_build.py, beside this file

import guide_build

_INLINE = re.compile(r"<script>(?P<body>.*?)</script>", re.S)


def on_pre_build(config: Any) -> None:
    guide_build.write_charts(Path(config["docs_dir"]) / "images")
    guide_build.write_openapi(Path(config["docs_dir"]))


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return guide_build.expand(markdown)


def on_post_page(output: str, page: Any, config: Any) -> str:
    return _external_scripts(output, config, "../" * page.url.count("/"))


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The site's 404 page: it answers at any depth, so its links start from /aide/ (where the
    table serves the guide; without a `site_url`, MkDocs writes them from /)."""
    if template_name != "404.html":
        return output
    output = re.sub(r'(href|src)="/(?!/)', r'\1="/aide/', output)
    return _external_scripts(output, config, "/aide/")


def _external_scripts(output: str, config: Any, prefix: str) -> str:
    site = Path(config["site_dir"])

    def external(found: re.Match[str]) -> str:
        body = found["body"]
        name = hashlib.sha256(body.encode()).hexdigest()[:16] + ".js"
        target = site / "assets" / "inline" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
        return f'<script src="{posixpath.join(prefix, "assets/inline", name)}"></script>'

    return _INLINE.sub(external, output)
