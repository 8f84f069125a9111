"""Lasting play-state records a sheet carries: temporary effects on characteristics, diseases
and drug dependences (L724-1129, L3669-3711). Pure data; the operations change them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Effect(Strict):
    """A named effect in force: points added to characteristics (sleep loss −3 PER…), halving
    of every characteristic (cold, shock), a modifier to every action and reaction (poison,
    vomiting) and to pain saves (numbness +7)."""

    name: str = Field(min_length=1, max_length=80)
    stats: dict[str, int] = Field(default_factory=dict)
    halve: bool = False
    actions: int = Field(0, ge=-100, le=0)
    pain_saves: int = Field(0, ge=0, le=100)
    note: str = Field("", max_length=200)


class DiseaseState(Strict):
    """L1047-1129: a disease caught, its severity level and whether a first successful
    progression save has stopped it. Symptoms scale with the level (×1, ×2…)."""

    name: str = Field(min_length=1, max_length=80)
    level: int = Field(1, ge=0, le=20)
    progression: int = Field(20, ge=0, le=60, title="Difficulté de progression")
    interval_hours: int = Field(12, ge=1, le=10000, title="Vitesse de progression (h)")
    stopped: bool = False
    treatment: int = Field(0, ge=0, le=40, title="Bonus du traitement")
    fever: int = Field(0, ge=0, le=40, title="Fièvre : malus aux sauvegardes de chaleur/niveau")
    fever_active: bool = Field(True, title="Fièvre en cours (option : sauvegarde réussie)")
    vomiting: int = Field(0, ge=0, le=40, title="Vomissements : difficulté par niveau")
    weakness: int = Field(0, ge=0, le=40, title="Faiblesse : −FOR et −VIT par niveau")
    bs: float = Field(0, ge=0, le=10, title="Points de blessure en atteignant chaque niveau")


class Addiction(Strict):
    """L953-1044: one kind of dependence on one drug and its withdrawal schedule, counted in
    days since the last dose."""

    drug: str = Field(min_length=1, max_length=80)
    kind: Literal["physical", "psychological"]
    dependence: int = Field(ge=0, le=60, title="Difficulté de dépendance")
    withdrawal: int = Field(ge=0, le=60, title="Difficulté de manque")
    days_clean: float = Field(0, ge=0, title="Jours depuis la dernière dose")
    interval_days: float = Field(1, gt=0, title="Intervalle avant le prochain test")
    next_test_day: float = Field(1, ge=0, title="Jour du prochain test de manque")
    craving: bool = False
    lifelong: bool = Field(False, title="Manque « spécial » à vie")
