"""The models of Nephilim's data files (`data/*.toml`), defined when a table is first read
(`tables.OCCULT`…): a check's odds that read no table define none of them (#32: a pydantic model
costs ~0.3 ms to define)."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from ecran.rules.data import DataRow, Worded
from ecran.rules.text import Text

Level = Literal["P", "A", "C", "M"]


Model = DataRow


class CharacteristicRow(Worded):
    id: str
    source: str
    benchmarks: list[str]
    benchmarks_en: list[str]

    def benchmark(self, index: int) -> Text:
        """The seed's benchmark for a score (index 0 is -4), and our English of it."""
        return Text(fr=self.benchmarks[index], en=self.benchmarks_en[index])


class Characteristics(Model):
    source: str
    human_min: int
    human_max: int
    characteristic: list[CharacteristicRow]


class Bands(Model):
    source: str
    rows: list[tuple[int, int, int]]
    step: int | None = None


class MetaElements(Model):
    model_config = ConfigDict(extra="allow", frozen=True, defer_build=True)
    source: str


class KaTables(Model):
    source: str
    elements: list[str]
    human_elements: list[str]
    nephilim_elements: list[str]
    element_names: dict[str, tuple[str, str]]
    normalized: Bands
    meta_bonus: Bands
    meta_elements: MetaElements

    def meta_map(self) -> dict[str, list[str]]:
        extra = self.meta_elements.model_extra or {}
        return {k: list(v) for k, v in extra.items()}


class TrackState(Model):
    wound: tuple[str, str]
    fatigue: tuple[str, str]
    malus: int | None = None
    source: str
    round_check: bool = False
    out: bool = False
    #: The tracks on which this state is death (the wound track's "Mort", L78); the other
    #: track's name for the same row may be a state one lives through ("Évanoui", L83).
    dead: tuple[Literal["wound", "fatigue"], ...] = ()


class FirstBox(Model):
    source: str
    pairs: list[int]
    zero_alone: list[int]


class Tracks(Model):
    source: str
    boxes: int
    state: list[TrackState]
    first_box: FirstBox


class Node(Model):
    path: str
    level: Level
    en: str
    source: str
    prereq_also: str | None = None
    same_as: str | None = None
    same_name_as: str | None = None
    prereq_mode: Literal["all", "any"] | None = None


class RankRow(Worded):
    """A language rank's capability (L116-120) or a skill score's knowledge (L92-104)."""

    level: Level
    source: str
    score: int | None = None


class Tree(Model):
    source: str
    node: list[Node]
    rank: list[RankRow] = []
    scale: list[RankRow] = []


class Science(Worded):
    id: str
    rituals: tuple[str, str]
    source: str


class Circle(Worded):
    id: str
    science: str
    rank: int
    control: int | None = None
    control_source: str | None = None
    durations_source: str
    durations: dict[str, int]


class Kabbalah(Model):
    fast_contract_malus: int
    source: str


class Stasis(Model):
    source: str
    bands: list[str]
    difficulty: list[int]


class Plexus(Model):
    model_config = ConfigDict(extra="allow", frozen=True, defer_build=True)
    source: str

    def dice(self) -> dict[str, tuple[int, int]]:
        return {k: (v[0], v[1]) for k, v in (self.model_extra or {}).items()}


class Occult(Model):
    source: str
    level_min: int
    level_max: int
    level_source: str
    science: list[Science]
    circle: list[Circle]
    kabbalah: Kabbalah
    stasis: Stasis
    plexus: Plexus


class Day(Worded):
    id: str
    weekday: int
    planet: str
    element: str
    source: str


class Sign(Worded):
    id: str
    start: tuple[int, int]
    end: tuple[int, int]
    planet: str
    element: str
    source: str


class Astrology(Model):
    source: str
    day: list[Day]
    sign: list[Sign]


class Time(Model):
    source: str
    round_seconds: int
    rounds_per_turn: int
    turns_per_minute: int


class InitiativeData(Model):
    source: str
    segment_width: int


class MultipleActions(Model):
    source: str
    slot_step: int
    malus_per_extra_action: int


class Delay(Model):
    source: str
    anticipation_per_segment: int
    initiative_per_round: int


class FreeActions(Model):
    source: str
    per_round: int


class Movement(Model):
    source: str
    rapidite: list[int]
    stationary: list[int]
    walk: list[int]
    run: list[int]


class LeadTable(Model):
    source: str
    difference: list[int]
    percent: list[str]


class AttackMode(Worded):
    """An attack the encounter tracker offers: a combat skill, its default characteristic
    (the GM's choice, L455) and what the defender may oppose to it (L493)."""

    id: str
    skill: str
    characteristic: str
    defences: list[str]
    always: bool
    source: str


class Defence(Worded):
    id: str
    skill: str
    characteristic: str
    source: str


class Combat(Model):
    source: str
    time: Time
    initiative: InitiativeData
    multiple_actions: MultipleActions
    delay: Delay
    free_actions: FreeActions
    movement: Movement
    segment_lead_table: LeadTable
    attack_mode: list[AttackMode]
    defence: list[Defence]


class DiceTable(Model):
    source: str
    modifier: list[int]
    chances_in_36: list[int]
    cumulative_in_36: list[int]


class NpcRole(Worded):
    """How a random NPC of one role is rolled (a house rule: the text has no NPCs)."""

    characteristic_shift: int
    skill_picks: tuple[int, int]
    skill_steps: int
    human_ka: tuple[int, int]
    nephilim_ka: tuple[int, int]
    occult_skill: tuple[int, int]


class NpcRoles(Model):
    source: str
    role: dict[str, NpcRole]
