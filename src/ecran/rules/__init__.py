"""The system-neutral vocabulary of rules: systems, checks, outcomes, options, violations.

Each name loads its module on first use (PEP 562, as `ecran.dice` does): a check's odds need
the checks' and errors' modules, not the character sheet's models, the conditions that act
(`ongoing`) or the operations (#32).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.lazy import lazy_names

if TYPE_CHECKING:
    from ecran.rules.check import Check, NoParams, Params
    from ecran.rules.data import CheckWords, FieldCatalogue, load_fields, load_options, load_titles
    from ecran.rules.errors import EcranError, UnknownName, invalid_json, refuse, unknown
    from ecran.rules.field import FieldMeta
    from ecran.rules.numerals import number
    from ecran.rules.operation import (
        Change,
        Consequence,
        Operation,
        OperationDeclarer,
        PutCondition,
        StagedChange,
    )
    from ecran.rules.option import Option, param
    from ecran.rules.outcome import DiceLaw, Outcome, Resolution, ResultLaw, Staged, Tail
    from ecran.rules.refusals import from_errors, from_validation
    from ecran.rules.sheet import (
        NPC_NAME,
        Action,
        CharacterSheet,
        SheetRow,
        SheetSection,
        as_text,
        drawn_name,
        joined,
        phrase,
    )
    from ecran.rules.system import System
    from ecran.rules.text import Source, Text, cite, tr
    from ecran.rules.violation import RuleViolation

#: Each public name -> the module that defines it.
_HOME = {
    "Check": "check",
    "NoParams": "check",
    "Params": "check",
    "CheckWords": "data",
    "FieldCatalogue": "data",
    "load_fields": "data",
    "load_options": "data",
    "load_titles": "data",
    "EcranError": "errors",
    "UnknownName": "errors",
    "from_errors": "refusals",
    "from_validation": "refusals",
    "invalid_json": "errors",
    "refuse": "errors",
    "unknown": "errors",
    "FieldMeta": "field",
    "number": "numerals",
    "Change": "operation",
    "Consequence": "operation",
    "Operation": "operation",
    "OperationDeclarer": "operation",
    "PutCondition": "operation",
    "StagedChange": "operation",
    "Option": "option",
    "param": "option",
    "DiceLaw": "outcome",
    "Outcome": "outcome",
    "Resolution": "outcome",
    "ResultLaw": "outcome",
    "Staged": "outcome",
    "Tail": "outcome",
    "Action": "sheet",
    "CharacterSheet": "sheet",
    "NPC_NAME": "sheet",
    "SheetRow": "sheet",
    "SheetSection": "sheet",
    "as_text": "sheet",
    "drawn_name": "sheet",
    "joined": "sheet",
    "phrase": "sheet",
    "System": "system",
    "Source": "text",
    "Text": "text",
    "cite": "text",
    "tr": "text",
    "RuleViolation": "violation",
}

__all__ = [
    "NPC_NAME",
    "Action",
    "Change",
    "CharacterSheet",
    "Check",
    "CheckWords",
    "Consequence",
    "DiceLaw",
    "EcranError",
    "FieldCatalogue",
    "FieldMeta",
    "NoParams",
    "Operation",
    "OperationDeclarer",
    "Option",
    "Outcome",
    "Params",
    "PutCondition",
    "Resolution",
    "ResultLaw",
    "RuleViolation",
    "SheetRow",
    "SheetSection",
    "Source",
    "Staged",
    "StagedChange",
    "System",
    "Tail",
    "Text",
    "UnknownName",
    "as_text",
    "cite",
    "drawn_name",
    "from_errors",
    "from_validation",
    "invalid_json",
    "joined",
    "load_fields",
    "load_options",
    "load_titles",
    "number",
    "param",
    "phrase",
    "refuse",
    "tr",
    "unknown",
]


__getattr__ = lazy_names(__name__, _HOME)
