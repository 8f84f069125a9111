"""The system-neutral vocabulary of rules: systems, checks, outcomes, options, violations."""

from ecran.rules.check import Check, NoParams, Params
from ecran.rules.data import CheckWords, FieldCatalogue, load_fields, load_options, load_titles
from ecran.rules.errors import (
    EcranError,
    UnknownName,
    from_errors,
    from_validation,
    invalid_json,
    refuse,
    unknown,
)
from ecran.rules.field import FieldMeta
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
from ecran.rules.sheet import (
    NPC_NAME,
    Action,
    CharacterSheet,
    SheetRow,
    SheetSection,
    as_text,
    drawn_name,
    joined,
    number,
    phrase,
)
from ecran.rules.system import System
from ecran.rules.text import Source, Text, cite, tr
from ecran.rules.violation import RuleViolation

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
