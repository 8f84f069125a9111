"""A handout's Markdown as safe HTML: CommonMark with raw HTML off (a `<script>` is shown as
text), and markdown-it's link check (no `javascript:`, `vbscript:`, `file:` or `data:` link)."""

from __future__ import annotations

from functools import cache

from markdown_it import MarkdownIt


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def to_html(text: str) -> str:
    return str(_parser().render(text))
