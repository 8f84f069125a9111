"""The models of Organique's data files but the core table's (`data/*.toml`: combat, hacking,
health, networks), defined when one of those tables is first read (`tables.COMBAT`…): a test's
odds define none of them (#32: a pydantic model costs ~0.3 ms to define)."""

from __future__ import annotations

from ecran.rules import Text
from ecran.rules.data import DataRow
from ecran.rules.field import folded
from ecran.systems.organique.row_types import Labelled, Row


class CombatAction(Labelled):
    name: str
    stats: list[str]
    difficulty: int
    effect: Text
    #: The reach band the action requires (disarm and disable: 1, L2768-2772).
    band: int | None = None


class Reaction(Labelled):
    name: str
    stats: list[str]
    difficulty: int
    defender_must_exceed: bool
    per_extra_band: int = 0


class CombatModifier(Labelled):
    name: str
    action: int
    reaction: int


class SizeRow(Labelled):
    name: str
    modifier: int


class ThrownRow(Row):
    min_kg: float
    max_kg: float
    increment_m: float
    damage: float
    per_kg: float = 0.0


class Improvised(Labelled):
    name: str
    bs: float
    c_min: float
    c_max: float
    penalty: int
    exempt: list[str]
    max_range_m: float | None = None


class ReachBand(Labelled):
    band: int


class FreeAction(Labelled):
    name: str
    modifier: int


class Weapon(Labelled):
    name: str
    reach: str
    #: The reach in English where it has words ("increment 0.5 m…"), not only numbers.
    reach_en: str = ""
    bs: float
    c: float
    ap: int
    notes_fr: str = ""
    notes_en: str = ""
    #: The weapon's own difficulty label per action (L3577-3604), e.g. strike "easy".
    labels: dict[str, str] = {}
    #: The improvised-weapon row whose −8 and exceptions apply (L3606-3631), if any.
    improvised: str = ""


class Armour(Labelled):
    name: str
    coverage: int
    bs: float
    c: float
    agi: int


class CombatSkillRow(Labelled):
    """A combat skill whose numbers the chapter gives (L1244-1291)."""

    name: str
    aliases: list[str] = []
    initiative_per_level: int = 0
    modifiers: dict[str, int]
    weapons: list[str]
    note_fr: str
    note_en: str

    def names(self) -> tuple[str, ...]:
        return (self.name, self.label.fr, self.label.en, *self.aliases)


class ConditionRow(Labelled):
    name: str
    actions: int
    reactions: int
    incapacitating: bool = False


class VehicleManoeuvre(Labelled):
    name: str
    difficulty: int | None = None
    combat: str


class CombatTables(DataRow):
    action: list[CombatAction]
    reaction: list[Reaction]
    modifier: list[CombatModifier]
    size: list[SizeRow]
    weapon_label: list[SizeRow]
    thrown: list[ThrownRow]
    weapon: list[Weapon]
    armour: list[Armour]
    improvised: list[Improvised]
    reach_band: list[ReachBand]
    free_action: list[FreeAction]
    combat_skill: list[CombatSkillRow]
    condition: list[ConditionRow]
    vehicle_manoeuvre: list[VehicleManoeuvre]

    def combat_skill_named(self, name: str) -> CombatSkillRow | None:
        """The catalogue's skill by id or any of its names, in any case, with or without
        accents."""
        key = folded(name)
        return next((s for s in self.combat_skill if key in {folded(n) for n in s.names()}), None)

    def thrown_for(self, kg: float) -> ThrownRow | None:
        return next((t for t in self.thrown if t.min_kg <= kg <= t.max_kg), None)


class Information(Labelled):
    name: str
    low: int
    high: int


class Privilege(Labelled):
    name: str
    min_margin: int


class DecryptTime(Labelled):
    name: str
    margin: int
    minutes: int | None = None


class Named(Labelled):
    name: str
    modifier: int


class HackSkill(Labelled):
    name: str
    hole: str


class HackingTables(DataRow):
    skill: list[HackSkill]
    information: list[Information]
    privilege: list[Privilege]
    decrypt_time: list[DecryptTime]
    hole_skill: list[Named]
    psychic_target: list[Named]

    def information_for(self, d100: int) -> Information:
        return next(i for i in self.information if i.low <= d100 <= i.high)

    def privilege_for(self, margin: int) -> Privilege:
        return [p for p in self.privilege if p.min_margin <= max(margin, 0)][-1]

    def time_for(self, margin: int) -> DecryptTime:
        rows = [r for r in self.decrypt_time if r.margin <= margin]
        return rows[-1] if rows else self.decrypt_time[0]


class PerPoint(DataRow):
    """A hazard's values per point of damage, per day or per level (keys as in the seed)."""

    source: str
    bs: float = 0
    stats: dict[str, int] = {}
    suffering: int = 0
    shock: int = 0
    infection: int = 0
    paralysis: int = 0
    unconsciousness: int = 0
    cardiac_arrest: int = 0
    points_per_fire: int = 0
    vomiting: int = 0
    headache: int = 0
    cancer_percent: int = 0
    delay_hours: int = 0
    hallucination: int = 0
    endurance: int = 0
    sng: float = 0
    recovery: int = 0


class AfterBattle(Row):
    haemorrhage_sng: float
    haemorrhage_minutes: int
    pain: int
    infection: int
    infection_max: int


class Symptom(Labelled):
    name: str
    stat: str
    effect: Text
    #: Losses while the symptom lasts, applied at the end of each round (L863, L895-896) or
    #: each minute (shock, L903-904).
    bs_per_round: float = 0
    endurance_per_round: int = 0
    bs_per_minute: float = 0
    #: The sheet condition the symptom puts (its own name by default; "" for none: shock is an
    #: effect), and whether the bearer can still act (L864-866, L893-894, L899-902, L910-911).
    condition: str | None = None
    incapacitating: bool = False
    #: A failure by more than `worse_over` brings another symptom (coma → cardiac arrest,
    #: paralysis → respiratory arrest) or a worse outcome the GM plays (panic).
    worse_over: int = 0
    worse: str = ""
    worse_fr: str = ""
    worse_en: str = ""
    #: How long it lasts: "margin" (1 round per point of failure), "1d6" rounds, "1d6" minutes.
    rounds: str = ""
    minutes: str = ""
    #: Stroke (L899-902): physical after-effects beyond 5, brain damage beyond 10.
    after_effects_over: int = 0
    brain_damage_over: int = 0
    brain_damage: dict[str, int] = {}
    #: Shock (L903-904): END 0 and every characteristic halved; stupor: these at 0 (L905-907);
    #: headache: −1 per point of failure (L879-880).
    shock: bool = False
    zero: list[str] = []
    penalty_per_margin: int = 0

    @property
    def puts(self) -> str:
        return self.name if self.condition is None else self.condition


class DrugEffect(Labelled):
    name: str
    multiples: list[int] = []


class Drug(Labelled):
    name: str
    physical: int
    psychological: int
    withdrawal: int
    withdrawal_fr: str
    withdrawal_en: str


class Poison(Labelled):
    name: str
    bs: float
    rounds: int
    vomiting: int
    shock: int
    pain_saves: int
    actions: int


class Disease(Labelled):
    name: str
    contraction: int
    progression: int
    interval_hours: int
    treatment_fr: str
    treatment_en: str
    fever: int
    vomiting: int
    weakness: int
    bs: float


class HealthTables(DataRow):
    fire: PerPoint
    electricity: PerPoint
    cold: PerPoint
    heat: PerPoint
    radiation: PerPoint
    hunger: PerPoint
    thirst: PerPoint
    sleep: PerPoint
    suffocation: PerPoint
    choke_hold: PerPoint
    dirty_wounds: PerPoint
    after_battle: AfterBattle
    symptom: list[Symptom]
    drug_effect: list[DrugEffect]
    drug: list[Drug]
    poison: list[Poison]
    disease: list[Disease]

    def symptom_named(self, name: str) -> Symptom | None:
        return next((s for s in self.symptom if s.name == name), None)

    def drug_named(self, name: str) -> Drug | None:
        """A drug by its id or its label in either language (« Pilules antidouleur »)."""
        key = folded(name)
        return next(
            (
                d
                for d in self.drug
                if name == d.name or key in (folded(d.label.fr), folded(d.label.en))
            ),
            None,
        )

    def disease_named(self, name: str) -> Disease | None:
        return next((d for d in self.disease if d.name == name), None)


class Network(Labelled):
    name: str
    access: str
    firewall: int
    surveillance: int
    admin_level: int
    paranoia: int
    admin_fr: str
    admin_en: str


class Computer(Labelled):
    network: str
    name: str
    code: int
    external_code: int
    login: str
    firewall: int
    trust: str
    os: str
    antivirus: int
    power: int
    user_fr: str
    user_en: str
    super_user_fr: str
    super_user_en: str
    administrator_fr: str
    administrator_en: str


class NetworkTables(DataRow):
    network: list[Network]
    system: list[Computer]

    def network_named(self, name: str) -> Network | None:
        return next((n for n in self.network if n.name == name), None)

    def network_words(self, name: str) -> Text:
        """A network as people read it: a known one by its label (« 36F Escorts (Downtown
        Manhattan) », never `36f_escorts`), another by the name it was given."""
        known = self.network_named(name)
        return known.label if known is not None else Text(fr=name, en=name)

    def computer(self, network: str, name: str) -> Computer | None:
        return next((c for c in self.system if (c.network, c.name) == (network, name)), None)
