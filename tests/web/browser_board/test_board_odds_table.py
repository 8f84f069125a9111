"""The attack panel's odds as a player reads them on a phone (390 px) and on a desktop: the
table page's way (impossible outcomes left out, the percentage as French prints it, « 6,4 % »
with a narrow no-break space) and every outcome's words whole. The exact fractions (60 digits)
took the column's room, and « repoussé », « Probabilité » broke inside a word.
"""

from __future__ import annotations

from typing import Any

import pytest

from web.browser_board.board_play import api_scene, new_game, odds, open_board

pytestmark = pytest.mark.browser

#: Each header and outcome cell of the panel's tables whose longest word does not fit whole.
CUT_WORDS = """() => {
    const cut = [];
    document.querySelectorAll('#attack-result .board-odds th').forEach(th => {
        const probe = document.createElement('span');
        probe.style.whiteSpace = 'nowrap';
        probe.style.font = getComputedStyle(th).font;
        probe.style.position = 'absolute';
        probe.style.visibility = 'hidden';
        document.body.appendChild(probe);
        const style = getComputedStyle(th);
        const room = th.clientWidth - parseFloat(style.paddingLeft)
            - parseFloat(style.paddingRight);
        for (const word of th.textContent.split(/\\s+/)) {
            probe.textContent = word;
            if (probe.getBoundingClientRect().width > room + 0.5) { cut.push(word); }
        }
        probe.remove();
    });
    return cut;
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_odds_table_reads_whole(browser: Any, server: str, width: int) -> None:
    game = new_game(server, "fluid")
    ids = api_scene(game)
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = open_board(context.new_page(), game.ana.link)
    page.select_option("#attack-from", ids["Aube"])
    page.select_option("#attack-to", ids["Brute"])
    rows = odds(page, "attack")[0].split()
    assert rows and all(not row.endswith("=0") for row in rows), rows  # none impossible
    assert page.evaluate(CUT_WORDS) == []
    cells = page.locator("#attack-result .board-odds td").all_inner_texts()
    assert cells and all("\u202f%" in cell and " %" not in cell for cell in cells), cells
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    context.close()
