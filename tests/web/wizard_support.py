"""A form as a browser would send it, read from a page (for the wizard's tests without a
browser): text, number and hidden inputs, ticked checkboxes, selected options, textareas."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any


class FormReader(HTMLParser):
    """The controls of the form whose id is `form_id`, in document order."""

    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.pairs: list[tuple[str, str]] = []
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []
        self._textarea: str | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("id") == self.form_id:
            self.inside = True
        if not self.inside:
            return
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") == "checkbox" and "checked" not in a:
                return
            self.pairs.append((name, a.get("value", "")))
        elif tag == "select" and name:
            self._select, self._options = name, []
        elif tag == "option" and self._select is not None:
            self._options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea" and name:
            self._textarea, self._text = name, ""

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "select" and self._select is not None:
            chosen = [v for v, s in self._options if s] or [v for v, _ in self._options[:1]]
            self.pairs += [(self._select, v) for v in chosen]
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.pairs.append((self._textarea, self._text.removeprefix("\n")))
            self._textarea = None


def form_pairs(html: str, form_id: str) -> list[tuple[str, str]]:
    reader = FormReader(form_id)
    reader.feed(html)
    return reader.pairs


def replace(pairs: list[tuple[str, str]], **values: Any) -> list[tuple[str, str]]:
    """The pairs with some names' values changed (names with "/" given as `a__b`)."""
    wanted = {k.replace("__", "/"): str(v) for k, v in values.items()}
    return [(k, wanted.get(k, v)) for k, v in pairs]
