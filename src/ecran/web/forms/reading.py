"""A form read back: a check's values (flat, `values_from_form`), a sheet as the JSON its model
validates (`read`), the add/remove buttons of a sheet's lists and dicts (`edit`), and values
written the way a form or a link writes them (`form_values`).

Values go back as the browser sent them (text): the model converts them, so the page, a JSON
import, the API and the CLI say the same thing about the same bad value. A sheet container also
sends "<path>#" so an emptied list or dict still reads back as empty rather than missing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ecran.rules import EcranError, Text
from ecran.rules.refusals import given_said
from ecran.web.forms.fields import (
    FormField,
    Schema,
    choices_of,
    in_sheet_form,
    join,
    kind_of,
    split,
    unescape,
)

Form = Mapping[str, Sequence[str]]
MARK = "#"
NEW_KEY = "#key"
NEW_VALUE = "#value"


def _last(form: Form, path: str) -> str | None:
    values = form.get(path)
    return values[-1] if values else None


def _choice(choices: Sequence[Any], given: str) -> Any:
    """Choices may be ints in an enum: give back the choice whose text the browser sent."""
    return next((c for c in choices if str(c) == given), given)


# -- a check's (or an operation's) parameters ---------------------------------------------------


def values_from_form(
    fields: Sequence[FormField], form: Form, *, strict: bool = False
) -> dict[str, Any]:
    """The values a form (or a query string) gives, left as text for pydantic to judge.

    A checkbox sends a hidden "false" then, when ticked, "true": the last value wins. A field
    the form does not mention is left out, so the model's default applies. An empty optional
    field means "none"; an empty number whose default is 0 (or none) means 0, as on a paper
    sheet; an empty required one is passed on and refused by the model. Names may be written
    in kebab case, as on the command line.

    `strict` (a form that acts at once: a wound, a track): a bad number is refused here, named
    by the label the person sees; otherwise it is passed on, so a page that shows the value
    back to be corrected (a check's form) says what the CLI and the API say.
    """
    values: dict[str, Any] = {}
    for f in fields:
        given = _last(form, f.name)
        if given is None:
            given = _last(form, f.name.replace("_", "-"))
        if given is None:
            continue
        if given.strip() == "" and f.nullable:
            values[f.name] = None
        elif f.kind == "choice":
            values[f.name] = _choice(f.choices, given)
        elif f.kind in ("int", "number") and given.strip() == "" and _zero_default(f):
            values[f.name] = "0"
        elif f.kind in ("int", "number") and strict:
            values[f.name] = number(f, given)
        else:
            values[f.name] = given
    return values


def _zero_default(f: FormField) -> bool:
    return not f.required and f.default in (0, None)


def _refused(f: FormField, given: str, what: Text) -> EcranError:
    shown = f" ({given_said(given, 'fr')})" if given else ""
    shown_en = f" ({given_said(given, 'en')})" if given else ""
    return EcranError(
        Text(fr=f"{f.label.fr} : {what.fr}{shown}", en=f"{f.label.en}: {what.en}{shown_en}")
    )


def number(f: FormField, given: str) -> str:
    """A number typed in a form, checked: empty is 0 where the default is 0 (or none), else it
    is read and held to the field's bounds, every refusal naming the field by its label. The
    text goes on to the model (which converts it) as the browser sent it, trimmed."""
    text = given.strip().replace(",", ".") if f.kind == "number" else given.strip()
    if text == "":
        if _zero_default(f):
            return "0"
        raise _refused(f, "", Text(fr="valeur requise", en="a value is required"))
    try:
        value: int | float = int(text) if f.kind == "int" else float(text)
    except ValueError:
        what = (
            Text(fr="nombre entier attendu", en="a whole number is expected")
            if f.kind == "int"
            else Text(fr="nombre attendu", en="a number is expected")
        )
        raise _refused(f, given, what) from None
    if f.minimum is not None and value < f.minimum:
        raise _refused(f, given, Text(fr=f"doit être ≥ {f.minimum}", en=f"must be ≥ {f.minimum}"))
    if f.maximum is not None and value > f.maximum:
        raise _refused(f, given, Text(fr=f"doit être ≤ {f.maximum}", en=f"must be ≤ {f.maximum}"))
    return text


def form_values(values: Mapping[str, Any]) -> dict[str, str]:
    """Parameter values as a form or a link writes them (the replay link, the inputs)."""
    out = {}
    for name, value in values.items():
        if value is None:
            out[name] = ""
        elif isinstance(value, bool):
            out[name] = "true" if value else "false"
        else:
            out[name] = str(value)
    return out


# -- a sheet --------------------------------------------------------------------------------------


def read(schema: Schema, form: Form) -> dict[str, Any]:
    """The sheet as JSON from the form's fields (only what the form mentions)."""
    return {
        name: _read(schema, prop, form, name)
        for name, prop in schema.properties.items()
        if in_sheet_form(name, prop) and _present(form, name)
    }


def _present(form: Form, path: str) -> bool:
    prefix = path + "/"
    return path in form or path + MARK in form or any(k.startswith(prefix) for k in form)


def _children(form: Form, path: str) -> list[str]:
    """The next segments under `path` (escaped), in the order the form sent them."""
    prefix = path + "/"
    seen: dict[str, None] = {}
    for key in form:
        if key.startswith(prefix):
            seen.setdefault(key[len(prefix) :].split("/", 1)[0], None)
    return list(seen)


def _indices(form: Form, path: str) -> list[str]:
    return sorted((s for s in _children(form, path) if s.isdigit()), key=int)


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
        items = shape.get("items", {})
        return [_read(schema, items, form, f"{path}/{i}") for i in _indices(form, path)]
    if kind == "multi":
        # checkboxes send the path itself; indexed entries (a script, an old form) count too
        ticked = list(form.get(path, []))
        ticked += [_last(form, f"{path}/{i}") or "" for i in _indices(form, path)]
        return [v for v in ticked if v != ""]
    return _scalar(shape, kind, nullable, _last(form, path))


def _scalar(shape: Mapping[str, Any], kind: str, nullable: bool, given: str | None) -> Any:
    if given is None:
        return None
    if kind == "bool":
        return given == "true"
    if given == "" and (nullable or kind in ("int", "number")):
        return None if nullable else given
    if kind == "choice":
        return _choice(choices_of(shape), given)
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
    if kind == "choice":
        return choices_of(shape)[0]
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
