"""A game is its package: the `System` base finds a game's hooks and lists in the fixed module
names of the package its class lives in (`<package>.system`), each imported on first use, and
its identity in the package itself: the id is the package's name, the name its `NAME`, the seed
`tables.SEED`, the options `options.LISTED` (else every one of `options.OPTIONS`).

Start-up (#16): naming the modules instead of importing them keeps `ecran odds artemis test`
to the skill test's module, not the game's creation, sheet views or operations. A module or a
function the game does not have leaves the base's default in place.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from ecran.rules.text import Text

#: Each hook the base derives -> the module of the game's package holding a function of its name.
HOOK_MODULES = {
    "validate": "validation",
    "creation_budgets": "validation",
    "new_character": "creation",
    "random_npc": "creation",
    "sections": "view",
    "actions": "view",
    "initiative": "encounter",
    "attacks": "encounter",
    "chosen_attack": "encounter",
    "damage": "encounter",
    "counter_damage": "encounter",
    "consequences": "encounter",
    "consequence_reads": "encounter",
    "consequence_sheets": "encounter",
    "attack_reads": "encounter",
    "round_end": "encounter",
    "round_tests": "encounter",
    "round_changes": "encounter",
    "tracks": "tracks",
    "status": "tracks",
    "fight_state": "tracks",
    "lifted": "tracks",
}
#: Each class attribute the base derives -> (module, name) in the game's package.
LIST_MODULES = {
    "checks": ("checks", "CHECKS"),
    "character": ("sheet", "SHEET"),
    "operations": ("operations", "OPERATIONS"),
    "npc_params": ("creation", "NpcParams"),
    "no_budget": ("validation", "NO_BUDGET"),
}


def found(package: str, module: str, name: str) -> Any:
    """`package.module.name`, or None where the package has no such module or the module no
    such name (the base's default then applies)."""
    full = f"{package}.{module}"
    if importlib.util.find_spec(full) is None:
        return None
    return getattr(importlib.import_module(full), name, None)


class Later:
    """A class attribute `attr` computed the first time it is asked for, then stored on the
    class in its place (the descriptor is read once)."""

    def __init__(self, attr: str, load: Callable[[], Any]) -> None:
        self.attr = attr
        self.load = load

    def __get__(self, instance: object, owner: type) -> Any:
        value = self.load()
        setattr(owner, self.attr, value)
        return value


class Derived:
    """A hook the base derives: on first use, the game module's function of the same name put
    in its place on the class (as `wrap` makes it a method), or the base's `default` where the
    game has none."""

    def __init__(
        self, attr: str, package: str, module: str, default: Any, wrap: Callable[[Any], Any]
    ) -> None:
        self.attr = attr
        self.package = package
        self.module = module
        self.default = default
        self.wrap = wrap

    def __get__(self, instance: object, owner: type) -> Any:
        function = found(self.package, self.module, self.attr)
        setattr(owner, self.attr, self.default if function is None else self.wrap(function))
        return getattr(owner if instance is None else instance, self.attr)


def package_of(cls: type) -> str | None:
    """The package a game's class derives its hooks from: the one whose `system` module defines
    it, or its own `package` attribute where it sits elsewhere (a plugin); any other class (a
    test's toy) derives nothing."""
    declared = cls.__dict__.get("package")
    if isinstance(declared, str):
        return declared
    package, _, module = cls.__module__.rpartition(".")
    return package if module == "system" and package else None


def derive(cls: type, defaults: Callable[[str], Any], wrap: Callable[[str, Any], Any]) -> None:
    """Put on `cls` every hook and list it does not write itself, found in its package on
    first use: `defaults(name)` is the base's, `wrap(name, function)` the method a game's
    function becomes."""
    package = package_of(cls)
    if package is None:
        return
    for name, value in identity(package).items():
        if name not in cls.__dict__ and value is not None:
            setattr(cls, name, value)
    for name, module in HOOK_MODULES.items():
        if name not in cls.__dict__:
            wrapped = functools.partial(wrap, name)
            setattr(cls, name, Derived(name, package, module, defaults(name), wrapped))
    for name, (module, attr) in LIST_MODULES.items():
        if name not in cls.__dict__:
            setattr(cls, name, Later(name, _loader(package, module, attr, defaults(name))))
    if "options" not in cls.__dict__:
        options = Later("options", functools.partial(listed_options, package))
        setattr(cls, "options", options)  # noqa: B010 (`cls` is any class: no such attribute)


def identity(package: str) -> dict[str, Any]:
    """What names a game, from its package: `id` (the package's last name), `name` (the
    package's `NAME`, French and English) and `seed` (`tables.SEED`); None where the package
    does not give it (the class must then write it)."""
    name = getattr(importlib.import_module(package), "NAME", None)
    return {
        "id": package.rpartition(".")[2],
        "name": None if name is None else Text(fr=name[0], en=name[1]),
        "seed": found(package, "tables", "SEED"),
    }


def listed_options(package: str) -> tuple[Any, ...]:
    """The options a game lists: `options.LISTED` where the game keeps some apart (chosen blow
    by blow, per NPC), else every one of `options.OPTIONS`, in the data's order."""
    listed = found(package, "options", "LISTED")
    if listed is not None:
        return tuple(listed)
    every = found(package, "options", "OPTIONS")
    return () if every is None else tuple(every.values())


def _loader(package: str, module: str, attr: str, default: Any) -> Callable[[], Any]:
    def load() -> Any:
        value = found(package, module, attr)
        return default if value is None else value

    return load
