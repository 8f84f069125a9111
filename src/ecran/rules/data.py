"""Rules as data: a system's tables live in `systems/<id>/data/*.toml`, read through pydantic
models at import so a malformed table fails loudly at start-up, not in the middle of a game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from ecran.rules.errors import EcranError
from ecran.rules.option import Option, param
from ecran.rules.outcome import Outcome
from ecran.rules.text import Source, Text
from ecran.toml_cache import load_data

if TYPE_CHECKING:  # a breach's model loads where a sheet breaks a rule, not for odds (#32)
    from ecran.rules.violation import RuleViolation

M = TypeVar("M", bound=BaseModel)
R = TypeVar("R")


class DataRow(BaseModel):
    """A row of a game's data file: an unknown key is refused (a misspelt one would be read as
    missing), the row frozen, its validator built on first use (start-up, #16)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Worded(DataRow):
    """A row people read by its name in both languages (`fr`, `en`)."""

    fr: str
    en: str

    @property
    def label(self) -> Text:
        return Text(fr=self.fr, en=self.en)


def row_where(rows: Iterable[R], **key: Any) -> R:
    """The row of a data table whose fields equal `key` (`row_where(COMBAT.action, name="strike")`,
    `row_where(OCCULT.circle, id="magie_1")`): the one lookup every game's tables need. A value no
    row has is a KeyError naming it (the callers pass ids their own data or models allowed)."""
    for row in rows:
        if all(getattr(row, field) == value for field, value in key.items()):
            return row
    raise KeyError(", ".join(f"{field}={value!r}" for field, value in key.items()))


def load_toml(package: str, filename: str) -> dict[str, Any]:
    """Parse `data/<filename>` of the given system package (e.g. "ecran.systems.warp"), from
    its parsed copy while the file is unchanged (`ecran.toml_cache`)."""
    return load_data(package, filename)


def malformed(package: str, filename: str, exc: Exception) -> EcranError:
    """A game's data file that does not have the shape its reader expects: one line naming the
    file and the first thing wrong (a missing key, a value of the wrong type)."""
    first = (str(exc).splitlines() or [type(exc).__name__])[0]
    what = f"{package}/data/{filename}"
    reason = f"{type(exc).__name__} {first}" if isinstance(exc, KeyError) else first
    return EcranError(Text(fr=f"{what} mal formé : {reason}", en=f"{what} is malformed: {reason}"))


#: What a data file's reader raises on a row of the wrong shape (pydantic's ValidationError and
#: tomllib's TOMLDecodeError are ValueErrors).
MALFORMED = (KeyError, TypeError, ValueError)


def load_model(package: str, filename: str, model: type[M]) -> M:
    return model.model_validate(load_toml(package, filename))


class LazyTables:
    """A game's tables read and validated on their first use (#32: a check's odds read none
    they do not need, nor define their models): each name -> its data file and the name of its
    model in the game's `rows` module. A game's `tables` module answers its attributes from it
    (`module_attribute`, in a module `__getattr__`)."""

    def __init__(self, package: str, files: Mapping[str, tuple[str, str]]) -> None:
        self.package, self.files = package, dict(files)
        self._read: dict[str, Any] = {}

    def __contains__(self, name: object) -> bool:
        return name in self.files

    def __call__(self, name: str) -> Any:
        """The table `name`, read and validated once."""
        found = self._read.get(name)
        if found is None:
            import importlib

            filename, model = self.files[name]
            rows = importlib.import_module(f"{self.package}.rows")
            found = self._read[name] = load_model(self.package, filename, getattr(rows, model))
        return found

    def module_attribute(self, module: dict[str, Any], name: str) -> Any:
        """A `tables` module's attribute `name` (its `globals()`), kept there once read."""
        if name not in self.files:
            raise AttributeError(f"module {module['__name__']!r} has no attribute {name!r}")
        value = module[name] = self(name)
        return value


def load_options(package: str, seed: str, filename: str = "options.toml") -> dict[str, Option]:
    """A system's named options from `data/options.toml`, in file order. Each table is one
    option: `default`, `kind`, `label` and `help` ({fr, en}), `lines` ([first, last]) with an
    optional `note` and `seed` (another document than the system's seed), and `choices`
    ({value = {fr, en}}) where the option names its values."""
    options: dict[str, Option] = {}
    for name, row in load_toml(package, filename).items():
        first, last = row["lines"]
        options[name] = Option(
            name=name,
            default=row.get("default"),
            label=Text.model_validate(row["label"]),
            help=Text.model_validate(row["help"]),
            source=Source(
                seed=row.get("seed", seed), lines=(first, last), note=row.get("note", "")
            ),
            kind=row.get("kind", "optional_rule"),
            choices={k: Text.model_validate(v) for k, v in row.get("choices", {}).items()},
        )
    return options


class FieldCatalogue:
    """A game's parameter and sheet-field words, from `data/fields.toml`: one table per field
    name with `label` and optional `help` ({fr, en}). A check then declares a field in one line,
    `skill: int = FIELDS("skill", default=0, ge=0, le=30)`, and the same name reads the same
    everywhere; the words live in data, beside the other tables."""

    def __init__(self, rows: dict[str, Any]) -> None:
        self._rows = rows

    def __contains__(self, name: str) -> bool:
        return name in self._rows

    def label(self, name: str) -> Text:
        return Text.model_validate(self._rows[name]["label"])

    def __call__(
        self, name: str, *, fill: Mapping[str, Text] | None = None, **constraints: Any
    ) -> Any:
        """A pydantic Field for `name` with its label and help, and the `aliases` and people's
        words for `choices` its row gives (KeyError on an unknown name: a field without words
        never reaches a form). `fill` gives the words of the `{placeholders}` of a help that
        names what a table holds (`{names}`: the weapons of the weapon table)."""
        row = self._rows[name]
        help_ = Text.model_validate(row["help"]) if "help" in row else None
        if help_ is not None and fill:
            help_ = Text(
                fr=help_.fr.format(**{k: v.fr for k, v in fill.items()}),
                en=help_.en.format(**{k: v.en for k, v in fill.items()}),
            )
        if "aliases" in row:
            constraints.setdefault("aliases", tuple(row["aliases"]))
        if "choices" in row:
            words = {k: Text.model_validate(v) for k, v in row["choices"].items()}
            constraints.setdefault("choices", words)
        return param(Text.model_validate(row["label"]), help_, **constraints)


def load_fields(package: str, filename: str = "fields.toml") -> FieldCatalogue:
    return FieldCatalogue(load_toml(package, filename))


def load_titles(package: str, filename: str) -> dict[str, Text]:
    """`{name: title}` from a data file of `[name]` tables each with `title = {fr, en}`."""
    return {
        name: Text.model_validate(row["title"])
        for name, row in load_toml(package, filename).items()
    }


class OutcomeWords(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    label: Text
    help: Text | None = None


class CheckWordsRow(BaseModel):
    """A check's words; an unknown key is refused (a misspelt `details` would drop labels)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    #: The check's `module.Class` inside the game's `checks` package: the game's list of checks
    #: is this file's tables in order (`ecran.systems.listed`).
    made_by: str = Field("", alias="class")
    title: Text
    description: Text
    #: Groups of `data/details.toml` labelling the check's `Resolution.details`, in order (a later
    #: group's key replaces an earlier one's).
    details: list[str] = []
    #: The outcomes, worst to best, where the check names its own (not a table of the rules).
    outcome: list[OutcomeWords] = []
    #: Or the sets of `data/outcomes.toml` its outcomes are, in order, where several checks share
    #: them (read into `outcome` at load).
    outcomes: list[str] = []


class CheckWords:
    """A game's words for its checks, from `data/checks.toml` (one table per check id: `title`,
    `description`, optional `details` groups and `outcome` list or `outcomes` sets),
    `data/details.toml` (groups of detail labels) and `data/outcomes.toml` (sets of outcomes several
    checks share, `[[set]]` rows of `id`, `label`, optional `help`). The game's base check class
    names it (`words = CheckWords.load(PACKAGE)`) and every check then takes its words by its
    `name`: what players read lives in data."""

    def __init__(
        self,
        checks: dict[str, CheckWordsRow],
        groups: dict[str, dict[str, Text]],
        sets: dict[str, list[OutcomeWords]] | None = None,
        package: str = "",
    ):
        self.checks = checks
        self.groups = groups
        self.sets = sets or {}
        #: `<module>.<Class>` under the game's `checks` package -> the check id that names it.
        self.makers = {row.made_by: name for name, row in checks.items() if row.made_by}
        self.package = package

    @classmethod
    def load(cls, package: str) -> CheckWords:
        raw = _optional(package, "outcomes.toml")
        sets = {
            name: [OutcomeWords.model_validate(row) for row in rows] for name, rows in raw.items()
        }
        checks = {}
        for name, row in load_toml(package, "checks.toml").items():
            words = CheckWordsRow.model_validate(row)
            if words.outcomes:
                words.outcome = [o for s in words.outcomes for o in sets[s]]
            checks[name] = words
        groups = {
            g: {k: Text.model_validate(v) for k, v in rows.items()}
            for g, rows in _optional(package, "details.toml").items()
        }
        return cls(checks, groups, sets, package)

    def __contains__(self, name: str) -> bool:
        return name in self.checks

    def name_of(self, cls: type) -> str | None:
        """The id the data gives the check class `cls` (its table's `class` is `cls`'s module
        under the game's `checks` package and its name), or None where no table names it."""
        prefix = f"{self.package}.checks."
        if not self.package or not cls.__module__.startswith(prefix):
            return None
        return self.makers.get(f"{cls.__module__.removeprefix(prefix)}.{cls.__qualname__}")

    def detail_labels(self, name: str) -> dict[str, Text]:
        return {k: v for group in self.checks[name].details for k, v in self.groups[group].items()}

    def outcome_set(self, name: str) -> tuple[Outcome, ...]:
        """The outcomes of a set of `data/outcomes.toml`, for a rule that names them."""
        return tuple(Outcome(o.id, o.label, o.help) for o in self.sets[name])


class SheetRule(DataRow):
    """A rule a sheet must respect: the seed lines it cites (of `seed`, another document than
    the game's book, where given, with a `note`), its message ({name}s to fill)."""

    lines: tuple[int, int]
    message: Text
    seed: str | None = None
    note: str = ""


class SheetRules:
    """A game's sheet rules, from `data/violations.toml` (one table per rule: `lines` and
    `message` = {fr, en}): what a breach says is data, and `validation.py` names the rule and
    the values its message fills (`rules("traits.unique", "traits", name=name, count=2)`). A
    value that is a `Text` is read in each message's language. The breach's rule id is the
    game's `prefix` and the table's name (`fluid.traits.unique`)."""

    def __init__(self, package: str, seed: str, prefix: str = "") -> None:
        self.package = package
        self.seed = seed
        self.prefix = prefix

    @cached_property
    def rows(self) -> dict[str, SheetRule]:
        """The rules, read on first use (a game's tables are imported for a check's odds,
        which break no sheet rule: #32)."""
        return {
            rule: SheetRule.model_validate(row)
            for rule, row in load_toml(self.package, "violations.toml").items()
        }

    def __call__(self, rule: str, path: str = "", **values: object) -> RuleViolation:
        from ecran.rules.violation import RuleViolation

        row = self.rows[rule]

        def said(lang: str, template: str) -> str:
            return template.format(
                **{k: v(lang) if isinstance(v, Text) else v for k, v in values.items()}
            )

        return RuleViolation(
            rule=f"{self.prefix}{rule}",
            source=Source(seed=row.seed or self.seed, lines=row.lines, note=row.note),
            message=Text(fr=said("fr", row.message.fr), en=said("en", row.message.en)),
            path=path,
        )


def _optional(package: str, filename: str) -> dict[str, Any]:
    """A data file a game may leave out (none of its checks needs it): empty then."""
    try:
        return load_toml(package, filename)
    except FileNotFoundError:
        return {}
