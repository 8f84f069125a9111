"""Changes of state in play, one module per topic: wounds and fatigue (`tracks`), the stasis
(`stasis`), skills and languages (`skills`), the combat round (`round`)."""

from __future__ import annotations

from ecran.systems.nephilim.operations.round import (
    ActDelayed,
    DeclareActions,
    DelayAction,
    EndRound,
)
from ecran.systems.nephilim.operations.skills import BuySkillStep, LearnLanguage, PairSkill
from ecran.systems.nephilim.operations.stasis import DrawFromStasis, SpendStasisBonus
from ecran.systems.nephilim.operations.tracks import (
    ExhaustionRound,
    Heal,
    IncapacityRound,
    Rest,
    TakeFatigue,
    TakeWounds,
)

OPERATIONS = (
    TakeWounds(),
    TakeFatigue(),
    Heal(),
    Rest(),
    IncapacityRound(),
    ExhaustionRound(),
    DrawFromStasis(),
    SpendStasisBonus(),
    BuySkillStep(),
    PairSkill(),
    DeclareActions(),
    DelayAction(),
    ActDelayed(),
    EndRound(),
    LearnLanguage(),
)
