"""A character sheet as an HTML form, generated from the sheet model's JSON Schema, and the form
read back as the JSON the model validates.

Generic over the schema: integers, numbers, text, booleans, choices (enum/const), nullable
values, nested objects, dicts of scores (free keys, or the keys an enum allows), lists of
scalars or of sub-objects (with add/remove), lists of choices (checkboxes).

Each input's name is the JSON path of its value, segments joined by "/" (escaped as in JSON
Pointer: "~0" for "~", "~1" for "/"). A container also sends "<path>#" so an emptied list or dict
still reads back as empty rather than missing. Values go back as the browser sent them (text):
the sheet model converts them, so the form and a JSON import say the same thing about a value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ecran.rules import Text

NodeKind = Literal[
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
Form = Mapping[str, Sequence[str]]
MARK = "#"
NEW_KEY = "#key"
NEW_VALUE = "#value"
#: Fields the server sets (the system) or the table decides (its options): never in the form.
SKIPPED = {"system"}
LONG_TEXT = {"notes", "background", "relations"}


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


@dataclass(frozen=True)
class Schema:
    root: dict[str, Any]

    @property
    def defs(self) -> dict[str, Any]:
        defs: dict[str, Any] = self.root.get("$defs", {})
        return defs

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


def kind_of(shape: Mapping[str, Any], name: str = "") -> NodeKind:
    if "enum" in shape or "const" in shape:
        return "choice"
    kind = shape.get("type")
    if kind == "object":
        return "object" if "properties" in shape else "dict"
    if kind == "array":
        items = shape.get("items", {})
        return "multi" if isinstance(items, dict) and "enum" in items else "list"
    if kind == "integer":
        return "int"
    if kind == "number":
        return "number"
    if kind == "boolean":
        return "bool"
    return "long_text" if name in LONG_TEXT else "text"


def choices_of(shape: Mapping[str, Any]) -> list[Any]:
    if "enum" in shape:
        return list(shape["enum"])
    if "const" in shape:
        return [shape["const"]]
    return []


def label_of(prop: Mapping[str, Any], name: str) -> Text:
    label = prop.get("x-label")
    if isinstance(label, dict):
        return Text.model_validate(label)
    title = str(prop.get("title") or name)
    return Text(fr=title, en=title)


def is_option(prop: Mapping[str, Any]) -> bool:
    return "x-option" in prop


# -- rendering ----------------------------------------------------------------------------------


@dataclass
class Node:
    """One control (or group of controls) of the form."""

    kind: NodeKind
    path: str
    label: Text
    value: Any = None
    help: str = ""
    nullable: bool = False
    choices: list[Any] = field(default_factory=list)
    minimum: Any = None
    maximum: Any = None
    children: list[Node] = field(default_factory=list)
    #: a dict's allowed keys (propertyNames enum), else free keys
    fixed_keys: bool = False
    #: a dict entry or a list item can be removed
    removable: bool = False

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


def build(schema: Schema, value: Mapping[str, Any]) -> list[Node]:
    """The form's top-level controls for a sheet's current (possibly half-typed) value."""
    nodes = []
    for name, prop in schema.root.get("properties", {}).items():
        if name in SKIPPED or is_option(prop):
            continue
        nodes.append(_node(schema, prop, value.get(name), name, label_of(prop, name)))
    return nodes


def _node(schema: Schema, prop: Mapping[str, Any], value: Any, path: str, label: Text) -> Node:
    shape, nullable = schema.resolve(prop)
    kind = kind_of(shape, split(path)[-1] if path else "")
    node = Node(
        kind=kind,
        path=path,
        label=label,
        value=value,
        help=str(prop.get("description") or shape.get("description") or ""),
        nullable=nullable,
        choices=choices_of(shape),
        minimum=shape.get("minimum"),
        maximum=shape.get("maximum"),
    )
    if kind == "object" and nullable and value is None:
        node.kind = "absent"  # an optional block not filled in: a button adds it
    elif kind == "object":
        node.removable = nullable
        given = value if isinstance(value, Mapping) else {}
        for name, sub in shape.get("properties", {}).items():
            node.children.append(
                _node(schema, sub, given.get(name), join(path, name), label_of(sub, name))
            )
    elif kind == "dict":
        _dict_children(schema, shape, value, node)
    elif kind == "list":
        items = shape.get("items", {})
        for i, item in enumerate(value if isinstance(value, list) else []):
            child = _node(
                schema, items, item, join(path, i), Text(fr=f"n° {i + 1}", en=f"#{i + 1}")
            )
            child.removable = True
            node.children.append(child)
    elif kind == "multi":
        node.choices = choices_of(schema.resolve(shape.get("items", {}))[0])
        node.value = list(value) if isinstance(value, list) else []
    return node


def _dict_children(schema: Schema, shape: Mapping[str, Any], value: Any, node: Node) -> None:
    given = value if isinstance(value, Mapping) else {}
    values_schema = shape.get("additionalProperties") or {}
    allowed = choices_of(schema.resolve(shape.get("propertyNames", {}))[0])
    node.fixed_keys = bool(allowed)
    keys = [str(k) for k in allowed] if allowed else [str(k) for k in given]
    for key in keys:
        child = _node(schema, values_schema, given.get(key), join(node.path, key), _raw(key))
        child.removable = not allowed
        if allowed:
            child.nullable = True  # an allowed key may be left out
        node.children.append(child)
    # the control to add a free key: its value's own kind
    node.choices = choices_of(schema.resolve(values_schema)[0])


def _raw(text: str) -> Text:
    return Text(fr=text, en=text)


# -- reading the form back ----------------------------------------------------------------------


def read(schema: Schema, form: Form) -> dict[str, Any]:
    """The sheet as JSON from the form's fields (only what the form mentions)."""
    out: dict[str, Any] = {}
    for name, prop in schema.root.get("properties", {}).items():
        if name in SKIPPED or is_option(prop):
            continue
        if _present(form, name):
            out[name] = _read(schema, prop, form, name)
    return out


def _present(form: Form, path: str) -> bool:
    prefix = path + "/"
    return path in form or path + MARK in form or any(k.startswith(prefix) for k in form)


def _last(form: Form, path: str) -> str | None:
    values = form.get(path)
    return values[-1] if values else None


def _children(form: Form, path: str) -> list[str]:
    """The next segments under `path` (escaped), in the order the form sent them."""
    prefix = path + "/"
    seen: dict[str, None] = {}
    for key in form:
        if key.startswith(prefix):
            seen.setdefault(key[len(prefix) :].split("/", 1)[0], None)
    return list(seen)


def _read(schema: Schema, prop: Mapping[str, Any], form: Form, path: str) -> Any:
    shape, nullable = schema.resolve(prop)
    kind = kind_of(shape)
    if kind == "object":
        if nullable and not _children(form, path):
            return None  # an optional block left out
        return {
            name: _read(schema, sub, form, join(path, name))
            for name, sub in shape.get("properties", {}).items()
            if _present(form, join(path, name))
        }
    if kind == "dict":
        return _read_dict(schema, shape, form, path)
    if kind == "list":
        indices = sorted((s for s in _children(form, path) if s.isdigit()), key=int)
        items = shape.get("items", {})
        return [_read(schema, items, form, f"{path}/{i}") for i in indices]
    if kind == "multi":
        # checkboxes send the path itself; indexed entries (a script, an old form) count too
        ticked = list(form.get(path, []))
        indices = sorted((s for s in _children(form, path) if s.isdigit()), key=int)
        ticked += [_last(form, f"{path}/{i}") or "" for i in indices]
        return [v for v in ticked if v != ""]
    given = _last(form, path)
    if given is None:
        return None
    if kind == "bool":
        return given == "true"
    if given == "" and (nullable or kind in ("int", "number")):
        return None if nullable else given
    if kind == "choice":
        return next((c for c in choices_of(shape) if str(c) == given), given)
    return given


def _read_dict(schema: Schema, shape: Mapping[str, Any], form: Form, path: str) -> dict[str, Any]:
    values_schema = shape.get("additionalProperties") or {}
    numeric = kind_of(schema.resolve(values_schema)[0]) in ("int", "number")
    out: dict[str, Any] = {}
    for segment in _children(form, path):
        if segment.startswith(MARK):
            continue
        value = _read(schema, values_schema, form, f"{path}/{segment}")
        if numeric and value in ("", None):
            continue  # an empty score is a key left out
        out[unescape(segment)] = value
    key = (_last(form, path + "/" + NEW_KEY) or "").strip()
    if key:
        out[key] = _last(form, path + "/" + NEW_VALUE) or ""
    return out


# -- list and dict edits (add/remove buttons) ---------------------------------------------------


def default_of(schema: Schema, prop: Mapping[str, Any]) -> Any:
    """A fresh value for a new list item: its defaults, else the simplest value of its type."""
    shape, nullable = schema.resolve(prop)
    if "default" in shape:
        return shape["default"]
    kind = kind_of(shape)
    if kind == "object":
        return {k: default_of(schema, v) for k, v in shape.get("properties", {}).items()}
    if nullable:
        return None
    simple: dict[str, Any] = {
        "dict": {},
        "list": [],
        "multi": [],
        "int": shape.get("minimum", 0),
        "number": shape.get("minimum", 0),
        "bool": False,
        "text": "",
        "long_text": "",
    }
    if kind == "choice":
        return choices_of(shape)[0]
    return simple[kind]


def _shape_at(schema: Schema, path: list[str]) -> dict[str, Any]:
    shape: dict[str, Any] = schema.root
    for segment in path:
        shape, _ = schema.resolve(shape)
        if "properties" in shape:
            shape = shape["properties"][segment]
        elif shape.get("type") == "array":
            shape = shape.get("items", {})
        else:
            shape = shape.get("additionalProperties") or {}
    return schema.resolve(shape)[0]


def edit(schema: Schema, value: dict[str, Any], op: str) -> dict[str, Any]:
    """Apply "add:<path>" (a new item at the end of a list) or "remove:<path>" (a list item or a
    dict entry) to the sheet's value; anything else leaves it as it is."""
    action, _, raw = op.partition(":")
    path = split(raw)
    if not path or action not in ("add", "remove"):
        return value
    parent = _walk(value, path[:-1] if action == "remove" else path)
    if action == "add" and kind_of(_shape_at(schema, path)) == "object":
        holder = _walk(value, path[:-1])
        if isinstance(holder, dict):
            holder[path[-1]] = default_of(schema, _shape_at(schema, path))
        return value
    if action == "remove" and "properties" in _shape_at(schema, path[:-1]):
        if isinstance(parent, dict):
            parent[path[-1]] = None  # an optional block: back to absent
        return value
    try:
        if action == "add" and isinstance(parent, list):
            parent.append(default_of(schema, _shape_at(schema, path).get("items", {})))
        elif action == "remove" and isinstance(parent, list):
            parent.pop(int(path[-1]))
        elif action == "remove" and isinstance(parent, dict):
            parent.pop(path[-1], None)
    except (ValueError, IndexError, KeyError):
        pass  # a stale button: the form is shown again as it is
    return value


def _walk(value: Any, path: list[str]) -> Any:
    node = value
    for segment in path:
        if isinstance(node, dict):
            node = node.setdefault(segment, [])
        elif isinstance(node, list) and segment.isdigit() and int(segment) < len(node):
            node = node[int(segment)]
        else:
            return None
    return node
