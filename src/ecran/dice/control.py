"""The control characters no one types (escapes, BEL, bidi overrides; tab and line breaks are
text): the dice parser refuses them before anything is read, so none is ever shown back raw,
and every other text is checked against the same set (`ecran.rules.sizes`,
`ecran.rules.clean_text`).

Its own module, outside `ecran.dice.notation`: a command that checks a sheet's text but parses
no notation does not load the dice grammar for one regular expression (#32).
"""

from __future__ import annotations

import re

CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
