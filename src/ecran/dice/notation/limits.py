"""Hard limits: every expression either finishes quickly or is refused with a clear message."""

from __future__ import annotations

MAX_LENGTH = 500
"""Characters in one expression."""

MAX_TERMS = 100
"""Dice terms and constants in one expression."""

MAX_DICE = 1000
"""Dice in one term (`NdX`: N at most this)."""

MAX_SIDES = 1000
"""Faces of one die (`dX`: X between 1 and this)."""

MAX_CONSTANT = 1_000_000
"""Largest integer constant or threshold."""

MAX_ROLLS = 10_000
"""Dice actually rolled by one roll, rerolls and explosions included."""

ROLL_MAX_EXPLOSIONS = 100
"""A rolled die stops exploding after this many extra rolls (odds beyond: < 2**-100)."""

DEFAULT_DEPTH = 20
"""Exact odds follow each die's explosion chain this many extra rolls deep; the rest is the
reported residual."""

MAX_DEPTH = 200
"""Largest explosion depth a caller may ask for."""

MAX_OUTCOMES = 200_000
"""Largest number of distinct totals an exact distribution may have."""

MAX_KEEP_WORK = 6_000_000
"""Estimated inner-loop steps of one keep/drop computation, weighted by the size of their
integers (`order.weighted`). The estimate bounds the steps taken (tested, by counting them), and
a weighted step costs at most about 0.15 µs (measured on a loaded 2-core machine, up to 9,000-bit
integers): what this bound accepts computes within about 0.9 CPU-second."""

MAX_RESULT_BITS = 4_000_000
"""Outcomes times denominator bits of an exact distribution: the size of its integers, which is
what its computation costs (about a second at this bound)."""

MAX_EXPONENT = 64
"""Largest exponent of `**` (either sign)."""

MAX_POWER_BITS = 4096
"""Largest size, in bits, of a power's result."""

MAX_PAIRS = 1_000_000
"""Pairs of outcomes one exact `*`, `/`, `%`, `**` (or a sum of fractions) may combine."""

MAX_GROUP_STATES = 200_000
"""States (kept totals so far) the exact keep/drop over a group's sub-rolls may carry."""
