"""Parameter fields shared by several checks (same label, help and bounds everywhere)."""

from __future__ import annotations

from typing import Any

from ecran.rules import param, tr
from ecran.systems.warp.dice import MAX_NET

MAX_DICE = 30
MAX_EXTRA = 30


def dice_field(label: str = "Dés", label_en: str = "Dice", default: Any = ...) -> Any:
    return param(
        tr(label, label_en),
        tr(
            "Score du trait (nombre de d6 gardés et additionnés ; 2 sans trait)",
            "Trait score (number of d6 kept and summed; 2 without a trait)",
        ),
        default=default,
        ge=1,
        le=MAX_DICE,
    )


def bonus_field(label: str = "Dés bonus", label_en: str = "Bonus dice") -> Any:
    return param(
        tr(label, label_en),
        tr(
            "Dés lancés en plus, les plus faibles écartés ; annulent les dés de pénalité "
            f"(au plus {MAX_NET} nets)",
            f"Extra dice rolled, the lowest dropped; cancel penalty dice (at most {MAX_NET} net)",
        ),
        default=0,
        ge=0,
    )


def penalty_field(label: str = "Dés de pénalité", label_en: str = "Penalty dice") -> Any:
    return param(
        tr(label, label_en),
        tr(
            "Dés lancés en plus, les plus forts écartés ; annulent les dés bonus "
            f"(au plus {MAX_NET} nets)",
            f"Extra dice rolled, the highest dropped; cancel bonus dice (at most {MAX_NET} net)",
        ),
        default=0,
        ge=0,
    )


def difficulty_field(default: Any = ...) -> Any:
    return param(
        tr("Difficulté", "Difficulty"),
        tr(
            "Facteur de difficulté : facile 4, moyen 7, difficile 11, très difficile 14, "
            "presque impossible 18+",
            "Difficulty factor: easy 4, average 7, difficult 11, very difficult 14, "
            "nearly impossible 18+",
        ),
        default=default,
        ge=0,
    )
