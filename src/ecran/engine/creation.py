"""Creation step by step, for any system: the steps (identity, characteristics, skills or
traits, health, powers, equipment, finishing) read from the sheet model and the system's
`creation_fields`, the running budget read from `validate`, and a random draw per step.

Nothing here knows a game. A system says which fields creation asks for, in the order of its
rules (`System.creation_fields`); a field's step is read from the words of its name (the sheet
models of all five games name their fields in English: `characteristics`, `skills`, `traits`,
`weapons`…). A field whose name says nothing belongs to the identity step when it comes before
the first field that does (the name, the player, the concept), else to the finishing step (the
motivation, the background, the notes).

The budget is what the rules say about it: a violation whose rule is a budget (`….budget`,
`….points`) and whose message gives the points spent then the points allowed (Fluid's 40
characteristic points and 8 trait points, L-lines in `systems/fluid/validation.py`; Nephilim's
house-rule skill-step budget). A budget the rules keep quiet about while it holds is not
guessed: it shows once it is broken.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from ecran.dice import Roller
from ecran.rules import (
    CharacterSheet,
    EcranError,
    FieldMeta,
    RuleViolation,
    System,
    Text,
    from_validation,
)
from ecran.rules.text import DEFAULT_LANG
from ecran.rules.wording import agreed


def starting_sheet(system: System[Any], name: str, lang: str = DEFAULT_LANG) -> CharacterSheet:
    """`System.new_character`, with a name the sheet refuses (a control character, a name too
    long) said in words by the field's label, as every sheet refusal is; the words the game
    writes into it (WaRP's example traits) in `lang`, when its hook takes a `lang`."""
    try:
        if "lang" in inspect.signature(system.new_character).parameters:
            sheet: CharacterSheet = system.new_character(name, lang=lang)  # type: ignore[call-arg]
        else:
            sheet = system.new_character(name)
    except ValidationError as exc:
        raise from_validation(exc, system.sheet_model()) from None
    return sheet


#: The steps, in the order creation goes through them.
STEPS = ("identity", "characteristics", "skills", "health", "powers", "equipment", "finishing")

TITLES = {
    "identity": Text(fr="Identité", en="Identity"),
    "characteristics": Text(fr="Caractéristiques", en="Characteristics"),
    "skills": Text(fr="Compétences et traits", en="Skills and traits"),
    "health": Text(fr="Santé", en="Health"),
    "powers": Text(fr="Pouvoirs", en="Powers"),
    "equipment": Text(fr="Équipement", en="Equipment"),
    "finishing": Text(fr="Finitions", en="Finishing"),
}

#: The words of a field's name that place it in a step, tried in this order (so `hp_name` is
#: health before it is identity, `occult_skills` a power before a skill). Words are the name's
#: `_`-separated parts.
WORDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("health", frozenset({"health", "endurance", "hp", "wounds"})),
    (
        "identity",
        frozenset(
            {"name", "kind", "player", "concept", "career", "class", "nature", "description"}
            | {"origin", "protector", "family", "advantage", "disadvantage"}
        ),
    ),
    ("finishing", frozenset({"notes", "background", "relations"})),
    ("powers", frozenset({"power", "psychic", "spells", "occult", "stasis", "magic", "nifimo"})),
    (
        "equipment",
        frozenset(
            {"equipment", "weapons", "armour", "armor", "bulletproof", "finances", "load"}
            | {"pressurised", "gear"}
        ),
    ),
    (
        "skills",
        frozenset(
            {"skills", "levels", "scores", "traits", "central", "secondary", "flaw", "acquired"}
            | {"languages", "milieux"}
        ),
    ),
    ("characteristics", frozenset({"characteristics", "ka", "initiative"})),
)

#: Fields the server sets: never asked.
SKIPPED = frozenset({"system"})
#: Fields a random draw never copies: a random NPC is an NPC with a made-up name, the sheet
#: being created keeps the kind and name its author chose.
NOT_DRAWN = frozenset({"name", "kind"})
#: How many seeded NPCs a draw may look at for one that breaks no new rule.
DRAWS = 20


@dataclass(frozen=True)
class Step:
    """One step of creation: its id (one of `STEPS`), its title and the sheet fields it asks
    for, in the order of the system's rules."""

    id: str
    fields: tuple[str, ...]

    @property
    def title(self) -> Text:
        return TITLES[self.id]


def _words(name: str) -> set[str]:
    return set(name.split("_"))


def step_of(name: str) -> str | None:
    """The step a field's name places it in; None when the name says nothing."""
    words = _words(name)
    for step, known in WORDS:
        if words & known:
            return step
    return None


def asked_fields(system: System[Any]) -> list[str]:
    """The sheet fields creation asks for, in the rules' order: the name first, then
    `creation_fields` (all fields when the system names none), never the system's id or a
    table option (the table decides those)."""
    model = system.sheet_model()
    infos = model.model_fields
    order = list(system.creation_fields or infos)
    if "name" in infos:
        order = ["name", *[f for f in order if f != "name"]]
    return [
        name
        for name in dict.fromkeys(order)
        if name in infos and name not in SKIPPED and not FieldMeta.of(name, infos[name]).is_option
    ]


def steps(system: System[Any]) -> list[Step]:
    """The system's creation steps, each with its fields; empty steps left out."""
    placed: dict[str, list[str]] = {s: [] for s in STEPS}
    past_identity = False
    for name in asked_fields(system):
        step = step_of(name)
        if step is None:
            step = "finishing" if past_identity else "identity"
        past_identity = past_identity or step != "identity"
        placed[step].append(name)
    return [Step(s, tuple(placed[s])) for s in STEPS if placed[s]]


def step_by_id(system: System[Any], step_id: str) -> Step:
    for step in steps(system):
        if step.id == step_id:
            return step
    known = ", ".join(s.id for s in steps(system))
    raise EcranError(
        Text(
            fr=f"étape inconnue : « {step_id} » (possibles : {known})",
            en=f"unknown step: '{step_id}' (allowed: {known})",
        )
    )


def field_of(violation: RuleViolation) -> str:
    """The top-level sheet field a violation points at ("" for the whole sheet)."""
    return re.split(r"[./\[]", violation.path, maxsplit=1)[0] if violation.path else ""


# -- the running budget ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """A budget the rules report broken: the points spent, the points allowed."""

    rule: str
    spent: int
    allowed: int
    field: str

    @property
    def remaining(self) -> int:
        return self.allowed - self.spent

    def line(self, lang: str) -> str:
        left = self.remaining
        spent = agreed(self.spent, "dépensé", "dépensés")  # agrees with the points spent
        if left >= 0:
            text = Text(
                fr=f"{self.spent} {spent} sur {self.allowed} : il en reste {left}",
                en=f"{self.spent} spent of {self.allowed}: {left} left",
            )
        else:
            text = Text(
                fr=f"{self.spent} {spent} sur {self.allowed} : {-left} de trop",
                en=f"{self.spent} spent of {self.allowed}: {-left} too many",
            )
        return text(lang)


def is_budget(rule: str) -> bool:
    last = rule.rsplit(".", 1)[-1]
    return last in ("budget", "points") or last.endswith("_budget")


def budgets(violations: Sequence[RuleViolation]) -> list[Budget]:
    """The broken budgets among `violations`: their messages give the points spent first,
    then the points allowed (checked for every system's budget rule in the tests)."""
    found = []
    for v in violations:
        numbers = [int(n) for n in re.findall(r"-?\d+", v.message("en"))]
        if is_budget(v.rule) and len(numbers) >= 2:
            found.append(Budget(v.rule, numbers[0], numbers[1], field_of(v)))
    return found


# -- checking a draft and drawing a step at random ------------------------------------------------


def check(system: System[Any], data: Mapping[str, Any]) -> list[RuleViolation] | ValidationError:
    """The rules a draft breaks, or the model's refusal of its values."""
    try:
        sheet = system.sheet_model().model_validate({**data, "system": system.id})
    except ValidationError as exc:
        return exc
    return system.validate(sheet)


def _broken(system: System[Any], data: Mapping[str, Any]) -> set[tuple[str, str]] | None:
    found = check(system, data)
    if isinstance(found, ValidationError):
        return None
    return {(v.rule, v.path) for v in found}


def draw(
    system: System[Any], data: Mapping[str, Any], step: Step, seed: int, lang: str = "fr"
) -> tuple[dict[str, Any], int]:
    """The draft with `step`'s fields copied from a random NPC (`System.draw_npc` rolled with
    a seeded roller, its words in the reader's `lang`), and the seed used: the first of seeds
    `seed`, `seed + 1`… (at most `DRAWS`) whose fields break no rule the draft did not already
    break, else the first."""
    before = _broken(system, data) or set()
    first: tuple[dict[str, Any], int] | None = None
    for offset in range(DRAWS):
        used = seed + offset
        npc = system.draw_npc(Roller(used), lang).model_dump(mode="json")
        drawn = {**data, **{k: npc[k] for k in step.fields if k in npc and k not in NOT_DRAWN}}
        if first is None:
            first = (drawn, used)
        after = _broken(system, drawn)
        if after is not None and after <= before:
            return drawn, used
    assert first is not None
    return first
