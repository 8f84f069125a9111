"""Named options: optional rules, readings of an ambiguous rule, house rules.

An option is a field of a check's parameter model (so it appears in the CLI's --help and in the web
form) built from one `Option` declaration shared by every check that uses it. Its default is the
recommended reading of the rules; `kind` tells the user what sort of choice it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field as dataclass_field
from typing import Any, Literal

from pydantic import Field

from ecran.record import record
from ecran.rules.text import Source, Text

OptionKind = Literal["optional_rule", "reading", "house_rule", "gm_input"]

KIND_LABELS: dict[str, Text] = {
    "optional_rule": Text(fr="règle optionnelle", en="optional rule"),
    "reading": Text(fr="lecture d'une ambiguïté", en="reading of an ambiguity"),
    "house_rule": Text(fr="règle maison", en="house rule"),
    "gm_input": Text(fr="valeur fixée par le MJ", en="GM input"),
}


@record
class Option:
    name: str
    default: Any
    label: Text
    help: Text
    source: Source
    kind: OptionKind = "optional_rule"
    #: People's words for each choice of an option with named values (`x-choices`).
    choices: Mapping[str, Text] = dataclass_field(default_factory=dict, hash=False)

    def field(self, **constraints: Any) -> Any:
        """A pydantic Field for this option, carrying its metadata into the JSON Schema."""
        return Field(
            default=self.default,
            description=f"[{KIND_LABELS[self.kind].en}] {self.help.en} ({self.source})",
            json_schema_extra={
                "x-option": self.kind,
                "x-label": self.label.model_dump(),
                "x-help": self.help.model_dump(),
                "x-source": str(self.source),
                **(
                    {"x-choices": {k: v.model_dump() for k, v in self.choices.items()}}
                    if self.choices
                    else {}
                ),
            },
            **constraints,
        )


def param(label: Text, help: Text | None = None, **kwargs: Any) -> Any:
    """A pydantic Field for an ordinary check parameter, with its bilingual label. `aliases` are
    older or other names the parameter is also accepted under (`--skill` for the Résistance
    score); `choices` give people's words for the values of a Literal (`feu` → Feu / Fire), which
    are accepted as input too (a dict's: its values'); `keys` give a dict's keys theirs (skill
    ids → skill names). Everything else is pydantic's `Field`."""
    aliases: Sequence[str] = kwargs.pop("aliases", ())
    choices: Mapping[str, Text] | None = kwargs.pop("choices", None)
    keys: Mapping[str, Text] | None = kwargs.pop("keys", None)
    extra: dict[str, Any] = {"x-label": label.model_dump()}
    if help is not None:
        extra["x-help"] = help.model_dump()
    if aliases:
        extra["x-aliases"] = list(aliases)
    if choices:
        extra["x-choices"] = {k: v.model_dump() for k, v in choices.items()}
    if keys:
        extra["x-keys"] = {k: v.model_dump() for k, v in keys.items()}
    return Field(description=(help or label).en, json_schema_extra=extra, **kwargs)
