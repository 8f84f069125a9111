"""The one JSON-Schema → form generator: a check's or an operation's parameters (flat controls),
a character sheet (nested controls) and a system's options all become `FormField`s here.

Generic over the schema: integers (with bounds), numbers, text, booleans, choices (enum/const,
Literal or Enum), nullable values, nested objects, dicts of scores (free keys, or the keys an enum
allows), lists of scalars or of sub-objects (with add/remove), lists of choices (checkboxes).
What a field says to people (label, help, option kind, source) is read by `ecran.rules.FieldMeta`.

Each sheet input's name is the JSON path of its value, segments joined by "/" (escaped as in JSON
Pointer: "~0" for "~", "~1" for "/"); a parameter's is its name (`forms.reading` reads both back).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel

from ecran.rules import FieldMeta, Text
from ecran.rules.field import COMMON_WORDS
from ecran.rules.option import KIND_LABELS

Kind = Literal[
    "object",
    "absent",
    "dict",
    "list",
    "multi",
    "int",
    "number",
    "bool",
    "text",
    "long_text",
    "choice",
]
#: Fields the server sets (the system) or the table decides (its options): never in a sheet form.
SKIPPED = {"system"}
#: The words of the fields every sheet has (`CharacterSheet`), which declare none of their own.
#: The kinds of character, as players say them.
KIND_WORDS = {"pc": Text(fr="PJ", en="PC"), "npc": Text(fr="PNJ", en="NPC")}
LONG_TEXT = {"notes", "background", "relations"}
_SCALARS: dict[str, Kind] = {"integer": "int", "number": "number", "boolean": "bool"}


def escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def unescape(segment: str) -> str:
    return segment.replace("~1", "/").replace("~0", "~")


def join(path: str, segment: str | int) -> str:
    piece = escape(str(segment))
    return f"{path}/{piece}" if path else piece


def split(path: str) -> list[str]:
    return [unescape(s) for s in path.split("/")] if path else []


# -- the schema ---------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON Schema, made once (pydantic builds it anew at every call, ~0.5 ms for a
    check's parameters, on every roll panel). Read only: nothing here changes a schema."""
    return model.model_json_schema()


@dataclass(frozen=True)
class Schema:
    root: dict[str, Any]

    @classmethod
    def of(cls, model: type[BaseModel]) -> Schema:
        return cls(_json_schema(model))

    @property
    def defs(self) -> dict[str, Any]:
        defs: dict[str, Any] = self.root.get("$defs", {})
        return defs

    @property
    def properties(self) -> dict[str, Any]:
        props: dict[str, Any] = self.root.get("properties", {})
        return props

    def resolve(self, prop: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
        """The concrete shape of a property ($ref followed, `X | None` unwrapped) and whether
        null is allowed."""
        shape = self._deref(dict(prop))
        branches = shape.get("anyOf")
        if not isinstance(branches, list):
            return shape, False
        concrete = [self._deref(b) for b in branches if b.get("type") != "null"]
        nullable = len(concrete) < len(branches)
        if len(concrete) == 1:
            merged = {k: v for k, v in shape.items() if k != "anyOf"}
            return {**concrete[0], **merged}, nullable
        return shape, nullable

    def _deref(self, prop: dict[str, Any]) -> dict[str, Any]:
        ref = prop.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            target = self.defs.get(ref.removeprefix("#/$defs/"), {})
            return {**target, **{k: v for k, v in prop.items() if k != "$ref"}}
        return prop


def kind_of(shape: Mapping[str, Any], name: str = "") -> Kind:
    if "enum" in shape or "const" in shape:
        return "choice"
    kind = shape.get("type")
    if kind == "object":
        return "object" if "properties" in shape else "dict"
    if kind == "array":
        items = shape.get("items", {})
        return "multi" if isinstance(items, dict) and "enum" in items else "list"
    if isinstance(kind, str) and kind in _SCALARS:
        return _SCALARS[kind]
    return "long_text" if name in LONG_TEXT else "text"


def choices_of(shape: Mapping[str, Any]) -> list[Any]:
    if "enum" in shape:
        return list(shape["enum"])
    if "const" in shape:
        return [shape["const"]]
    return []


# -- the controls -------------------------------------------------------------------------------


@dataclass
class FormField:
    """One control (or group of controls) of a form."""

    kind: Kind
    path: str
    label: Text
    help: Text | None = None
    value: Any = None
    required: bool = False
    nullable: bool = False
    default: Any = None
    minimum: Any = None
    maximum: Any = None
    choices: list[Any] = field(default_factory=list)
    #: People's words for the choices (`x-choices`), by the choice's text.
    choice_labels: Mapping[str, Text] = field(default_factory=dict)
    #: A dict's keys in words (`x-keys`), by the key.
    key_labels: Mapping[str, Text] = field(default_factory=dict)
    #: An option's kind (`house_rule`...), None for a plain field.
    option_kind: str | None = None
    source: str | None = None
    children: list[FormField] = field(default_factory=list)
    #: a dict's allowed keys (propertyNames enum), else free keys
    fixed_keys: bool = False
    #: a dict entry or a list item can be removed
    removable: bool = False

    @property
    def name(self) -> str:
        parts = split(self.path)
        return parts[-1] if parts else ""

    @property
    def option_label(self) -> Text | None:
        return KIND_LABELS.get(self.option_kind) if self.option_kind else None

    def choice_text(self, choice: Any) -> Text:
        """A choice as people read it: its declared words, else its value with spaces (a
        reader never sees an id's underscores)."""
        found = self.choice_labels.get(str(choice))
        return found or _raw(str(choice).replace("_", " "))

    @property
    def shown(self) -> str:
        if self.value is None:
            return ""
        if isinstance(self.value, bool):
            return "true" if self.value else "false"
        return str(self.value)

    @property
    def id(self) -> str:
        return "f-" + "".join(c if c.isalnum() else "-" for c in self.path)


def _raw(text: str) -> Text:
    return Text(fr=text, en=text)


def _described(prop: Mapping[str, Any], shape: Mapping[str, Any]) -> Text | None:
    """A sheet field's help: its declared words (`x-help`) only. A model's own description is
    a note for programmers (line numbers, ids, either language), never shown to players."""
    return FieldMeta.of("", prop).help


def control(
    schema: Schema, prop: Mapping[str, Any], value: Any, path: str, label: Text
) -> FormField:
    """The control of one property at `path`, with its children for a container."""
    shape, nullable = schema.resolve(prop)
    kind = kind_of(shape, split(path)[-1] if path else "")
    meta = FieldMeta.of(split(path)[-1] if path else "", prop)
    node = FormField(
        kind=kind,
        path=path,
        label=label,
        value=value,
        help=_described(prop, shape),
        nullable=nullable,
        choices=choices_of(shape),
        choice_labels=meta.choice_labels,
        key_labels=meta.key_labels,
        minimum=shape.get("minimum"),
        maximum=shape.get("maximum"),
    )
    if kind == "object" and nullable and value is None:
        node.kind = "absent"  # an optional block not filled in: a button adds it
    elif kind == "object":
        node.removable = nullable
        given = value if isinstance(value, Mapping) else {}
        for name, sub in shape.get("properties", {}).items():
            label = FieldMeta.of(name, sub).label
            node.children.append(control(schema, sub, given.get(name), join(path, name), label))
    elif kind == "dict":
        _dict_children(schema, shape, value, node)
    elif kind == "list":
        items = shape.get("items", {})
        for i, item in enumerate(value if isinstance(value, list) else []):
            number = Text(fr=f"n° {i + 1}", en=f"#{i + 1}")
            child = control(schema, items, item, join(path, i), number)
            child.removable = True
            node.children.append(child)
    elif kind == "multi":
        node.choices = choices_of(schema.resolve(shape.get("items", {}))[0])
        node.value = list(value) if isinstance(value, list) else []
    return node


def _dict_children(schema: Schema, shape: Mapping[str, Any], value: Any, node: FormField) -> None:
    given = value if isinstance(value, Mapping) else {}
    values_schema = shape.get("additionalProperties") or {}
    names = schema.resolve(shape.get("propertyNames", {}))[0]
    allowed = choices_of(names)
    node.fixed_keys = bool(allowed)
    keys = [str(k) for k in allowed] if allowed else [str(k) for k in given]
    words = {**node.key_labels, **FieldMeta.of(node.name, names).choice_labels}
    for key in keys:
        label = words.get(key) or _raw(key.replace("_", " "))
        child = control(schema, values_schema, given.get(key), join(node.path, key), label)
        if not child.choice_labels:
            child.choice_labels = node.choice_labels  # the dict's words name its values
        child.removable = not allowed
        if allowed:
            child.nullable = True  # an allowed key may be left out
        node.children.append(child)
    # the control to add a free key: its value's own kind
    node.choices = choices_of(schema.resolve(values_schema)[0])


def fields_of(model: type[BaseModel]) -> list[FormField]:
    """A check's or an operation's parameters, one flat control each, with the declared help,
    the option kind and the source their declaration carries."""
    schema = Schema.of(model)
    required = set(schema.root.get("required", ()))
    fields = []
    for name, prop in schema.properties.items():
        meta = FieldMeta.of(name, prop)
        found = control(schema, prop, None, name, meta.label)
        found.help = meta.help
        found.required = name in required
        found.default = prop.get("default")
        found.option_kind = meta.option
        found.source = meta.source
        fields.append(found)
    return fields


def in_sheet_form(name: str, prop: Mapping[str, Any]) -> bool:
    """The sheet's own fields: not the system's id, not the table's options."""
    return name not in SKIPPED and not FieldMeta.of(name, prop).is_option


def build(schema: Schema, value: Mapping[str, Any]) -> list[FormField]:
    """A sheet form's top-level controls for its current (possibly half-typed) value."""
    fields = []
    for name, prop in schema.properties.items():
        if not in_sheet_form(name, prop):
            continue
        meta = FieldMeta.of(name, prop)
        label = meta.label if meta.label_declared else COMMON_WORDS.get(name, meta.label)
        found = control(schema, prop, value.get(name), name, label)
        if name == "kind" and not found.choice_labels:
            found.choice_labels = KIND_WORDS
        fields.append(found)
    return fields
