"""Lasting play-state records a sheet carries: temporary effects on characteristics, diseases
and drug dependences (L724-1129, L3669-3711). Pure data; the operations change them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ecran.rules import Text, param, tr

#: The characteristics by their code (L167-535).
STAT_WORDS = {
    "AGI": tr("Agilité", "Agility"),
    "PER": tr("Perception", "Perception"),
    "CHA": tr("Charisme", "Charisma"),
    "END": tr("Endurance", "Endurance"),
    "INT": tr("Intelligence", "Intelligence"),
    "VIT": tr("Vitesse", "Speed"),
    "FOR": tr("Force", "Strength"),
    "VOL": tr("Volonté", "Will"),
}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _per_level(label: Text) -> Any:
    """A disease's symptom, its strength per level (L1047-1129): 0 when the disease has none.
    At most 40: a size bound of our sheet (the same for the three symptoms), not a seed number."""
    return param(label, default=0, ge=0, le=40)


class Effect(Strict):
    """A named effect in force: points added to characteristics (sleep loss −3 PER…), halving
    of every characteristic (cold, shock), a modifier to every action and reaction (poison,
    vomiting) and to pain saves (numbness +7)."""

    name: str = param(tr("Effet", "Effect"), min_length=1, max_length=80)
    stats: dict[str, int] = param(
        tr("Points aux caractéristiques", "Points to characteristics"),
        default_factory=dict,
        keys=STAT_WORDS,
    )
    halve: bool = param(tr("Caractéristiques ÷ 2", "Characteristics halved"), default=False)
    actions: int = param(
        tr("Modificateur aux actions et réactions", "Modifier to actions and reactions"),
        default=0,
        ge=-100,
        le=0,
    )
    pain_saves: int = param(
        tr("Bonus aux sauvegardes de douleur", "Bonus to pain saves"), default=0, ge=0, le=100
    )
    note: str = param(tr("Note", "Note"), default="", max_length=200)


class DiseaseState(Strict):
    """L1047-1129: a disease caught, its severity level and whether a first successful
    progression save has stopped it. Symptoms scale with the level (×1, ×2…)."""

    name: str = param(tr("Maladie", "Disease"), min_length=1, max_length=80)
    level: int = param(tr("Niveau", "Level"), default=1, ge=0, le=20)
    progression: int = param(
        tr("Difficulté de progression", "Progression difficulty"), default=20, ge=0, le=60
    )
    interval_hours: int = param(
        tr("Vitesse de progression (h)", "Progression speed (h)"), default=12, ge=1, le=10000
    )
    stopped: bool = param(tr("Enrayée", "Stopped"), default=False)
    treatment: int = param(tr("Bonus du traitement", "Treatment bonus"), default=0, ge=0, le=40)
    fever: int = _per_level(
        tr("Fièvre : malus aux sauvegardes de chaleur/niveau", "Fever: heat-save penalty/level")
    )
    fever_active: bool = param(
        tr("Fièvre en cours (option : sauvegarde réussie)", "Fever under way (option: save made)"),
        default=True,
    )
    vomiting: int = _per_level(
        tr("Vomissements : difficulté par niveau", "Vomiting: difficulty per level")
    )
    weakness: int = _per_level(
        tr("Faiblesse : −FOR et −VIT par niveau", "Weakness: −FOR and −VIT per level")
    )
    bs: float = param(
        tr("Points de blessure en atteignant chaque niveau", "Wound points on reaching each level"),
        default=0,
        ge=0,
        le=10,
    )


class Addiction(Strict):
    """L953-1044: one kind of dependence on one drug and its withdrawal schedule, counted in
    days since the last dose."""

    drug: str = param(tr("Drogue", "Drug"), min_length=1, max_length=80)
    kind: Literal["physical", "psychological"] = param(
        tr("Dépendance", "Dependence"),
        choices={
            "physical": tr("Physique", "Physical"),
            "psychological": tr("Psychologique", "Psychological"),
        },
    )
    dependence: int = param(tr("Difficulté de dépendance", "Dependence difficulty"), ge=0, le=60)
    withdrawal: int = param(tr("Difficulté de manque", "Withdrawal difficulty"), ge=0, le=60)
    days_clean: float = param(
        tr("Jours depuis la dernière dose", "Days since the last dose"), default=0, ge=0
    )
    interval_days: float = param(
        tr("Intervalle avant le prochain test", "Interval before the next test"), default=1, gt=0
    )
    next_test_day: float = param(
        tr("Jour du prochain test de manque", "Day of the next withdrawal test"), default=1, ge=0
    )
    craving: bool = param(tr("En manque", "Craving"), default=False)
    lifelong: bool = param(
        tr("Manque « spécial » à vie", "Lifelong “special” withdrawal"), default=False
    )
