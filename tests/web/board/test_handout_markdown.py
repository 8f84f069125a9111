"""A handout's Markdown image (`![plan](https://…)`) became an <img> that the site's CSP
(img-src 'self' data:) blocks: every player saw a broken picture. It is a link to the picture
now (a map to share is uploaded with the handout)."""

from __future__ import annotations

from ecran.web.markdown import to_html


def test_a_markdown_image_is_a_link_not_a_blocked_picture() -> None:
    html = to_html("Le plan : ![plan du phare](https://example.com/phare.png)")
    assert "<img" not in html
    assert '<a href="https://example.com/phare.png">plan du phare</a>' in html


def test_a_data_picture_the_csp_shows_stays_a_picture() -> None:
    html = to_html("![point](data:image/png;base64,iVBORw0KGgo=)")
    assert '<img src="data:image/png;base64,iVBORw0KGgo=" alt="point"' in html
