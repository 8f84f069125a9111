"""The refusals of live play. Each is an `EcranError` (one line, French and English), so the
layers above print it as they print any bad input; the subclasses let the web pick a status code
(Forbidden -> 403, NotFound -> 404, Conflict -> 409, the rest -> 422)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ecran.rules import EcranError, RuleViolation, Text


class Forbidden(EcranError):
    """The member's role does not allow this."""


class TooLarge(EcranError):
    """Over a size limit or a quota (an upload, a table's images): HTTP 413."""


class NotFound(EcranError):
    """No such table, member, character, encounter or participant (or a wrong token)."""


class Conflict(EcranError):
    """A save based on a stale version. Carries both versions so nothing is lost: the one stored
    (`current`) and the one refused (`attempted`), for the user to merge and save again."""

    def __init__(
        self,
        text: Text,
        *,
        current_version: int,
        attempted_version: int,
        current: dict[str, Any],
        attempted: dict[str, Any],
    ) -> None:
        super().__init__(text)
        self.current_version = current_version
        self.attempted_version = attempted_version
        self.current = current
        self.attempted = attempted


class SheetRefused(EcranError):
    """A sheet that breaks the system's rules, refused with every violation."""

    def __init__(
        self,
        text: Text,
        violations: list[RuleViolation],
        labels: Mapping[str, Text] | None = None,
    ) -> None:
        super().__init__(text)
        self.violations = violations
        #: The sheet's fields by their labels, for each violation's `line`.
        self.labels = labels


def not_found(kind: Text, key: str) -> NotFound:
    return NotFound(
        Text(fr=f"{kind.fr} introuvable : « {key} »", en=f"{kind.en} not found: '{key}'")
    )


def forbidden(fr: str, en: str) -> Forbidden:
    return Forbidden(Text(fr=fr, en=en))
