"""A handout's Markdown as safe HTML: CommonMark with raw HTML off (a `<script>` is shown as
text), and markdown-it's link check (no `javascript:`, `vbscript:`, `file:` or `data:` link).
An image (`![plan](https://…)`) is a link to it: the site's CSP loads no other site's picture
(a broken image for every player); a map to share is uploaded with the handout. A `data:`
picture, which the CSP shows, stays a picture."""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from functools import cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token


def _image_as_link(
    renderer: Any, tokens: Sequence[Token], idx: int, options: Any, env: MutableMapping[str, Any]
) -> str:
    token = tokens[idx]
    src = str(token.attrGet("src") or "")
    if src.startswith("data:"):  # the CSP shows these (markdown-it passes images' data only)
        return str(renderer.image(tokens, idx, options, env))
    words = renderer.renderInlineAsText(token.children or [], options, env)
    return f'<a href="{escapeHtml(src)}">{escapeHtml(words or src)}</a>'


@cache
def _parser() -> MarkdownIt:
    parser = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    parser.add_render_rule("image", _image_as_link)
    return parser


def to_html(text: str) -> str:
    return str(_parser().render(text))
