"""The sheet as a person reads it, and the checks a player clicks on it (prefilled with the
character's scores and current wound and fatigue penalties)."""

from __future__ import annotations

from typing import Any

from ecran.rules import Action, SheetRow, SheetSection, Text, as_text, tr
from ecran.systems.nephilim.encounter import initiative_params
from ecran.systems.nephilim.ka import normalize
from ecran.systems.nephilim.round import speeds
from ecran.systems.nephilim.sheet import (
    SKILL_WORDS,
    NephilimSheet,
    anticipation,
    initiative_rating,
    ka_for_test,
    meta,
    natural,
    skill,
    total_steps,
)
from ecran.systems.nephilim.skills import (
    LANGUAGE_NODES,
    SEP,
    SKILL_NODES,
    UNBOUGHT,
    knowledge,
    language_capability,
    language_rank,
    level_of,
    rank_of_score,
)
from ecran.systems.nephilim.tables import CHARACTERISTICS, COMBAT, KA, OCCULT
from ecran.systems.nephilim.tracks import (
    fatigue_malus,
    health_rows,
    out_of_play,
    state,
    wound_malus,
)

ATHLETICS = "PHYSIQUE > Athlétisme"


def _signed(v: int) -> str:
    return f"{v:+d}"


def sections(sheet: NephilimSheet) -> list[SheetSection]:
    return [
        _identity(sheet),
        _characteristics(sheet),
        _ka(sheet),
        _health(sheet),
        _skills(sheet),
        _other_skills(sheet),
        _derived(sheet),
    ]


def _identity(sheet: NephilimSheet) -> SheetSection:
    nature = tr("Nephilim", "Nephilim") if sheet.nature == "nephilim" else tr("Humain", "Human")
    rows = [
        SheetRow(tr("Nom", "Name"), sheet.name),
        SheetRow(tr("Nature", "Nature"), nature),
        SheetRow(tr("Joueur", "Player"), sheet.player or "—"),
    ]
    if sheet.notes:
        rows.append(SheetRow(tr("Notes", "Notes"), sheet.notes))
    return SheetSection(tr("Identité", "Identity"), rows)


def _characteristics(sheet: NephilimSheet) -> SheetSection:
    natural_scores, scores = natural(sheet), meta(sheet)
    rows = []
    for c in CHARACTERISTICS.characteristic:
        value = as_text(_signed(natural_scores[c.id]))
        if scores[c.id] != natural_scores[c.id]:
            shown = _signed(scores[c.id])
            value = Text(fr=f"{value.fr} (méta {shown})", en=f"{value.en} (meta {shown})")
        index = max(0, min(7, natural_scores[c.id] + 4))
        rows.append(SheetRow(Text(fr=c.fr, en=c.en), value, c.benchmark(index)))
    return SheetSection(tr("Caractéristiques", "Characteristics"), rows)


def _ka(sheet: NephilimSheet) -> SheetSection:
    rows = []
    for element, value in sheet.ka.items():
        if value == 0 and not sheet.stasis.get(element):
            continue  # an element the character lacks
        fr, en = KA.element_names[element]
        norm = _signed(normalize(value)) if value >= 0 else "?"
        held = sheet.stasis.get(element)
        note = tr("stase {n}", "stasis {n}").format(n=held) if held else ""
        rows.append(SheetRow(Text(fr=f"Ka-{fr}", en=f"Ka-{en}"), f"{value} ({norm})", note))
    if sheet.stasis_bonus:
        rows.append(SheetRow(tr("Bonus de stase", "Stasis bonus"), f"+{sheet.stasis_bonus}"))
    return SheetSection(tr("Ka (absolu, normalisé)", "Ka (absolute, normalized)"), rows)


def _health(sheet: NephilimSheet) -> SheetSection:
    return SheetSection(tr("Santé", "Health"), health_rows(sheet))


def bought(sheet: NephilimSheet) -> list[str]:
    """Skill paths with at least one step bought (-4 entries are blanks of the creation)."""
    return sorted(p for p, score in sheet.skills.items() if score > UNBOUGHT)


def _skills(sheet: NephilimSheet) -> SheetSection:
    rows = []
    for path in bought(sheet):
        score = skill(sheet, path)
        node = SKILL_NODES.get(path)
        rank = level_of(path) or rank_of_score(score)
        known = knowledge(score)
        note = Text(fr=f"({rank}) {known.fr}", en=f"({rank}) {known.en}") if known else f"({rank})"
        rows.append(SheetRow(Text(fr=path, en=node.en if node else path), _signed(score), note))
    rows.append(SheetRow(tr("Pas payés", "Steps paid"), str(total_steps(sheet))))
    return SheetSection(tr("Compétences", "Skills"), rows)


def _other_skills(sheet: NephilimSheet) -> SheetSection:
    rows = [
        SheetRow(occult_label(name), _signed(score))
        for name, score in sorted(sheet.occult_skills.items())
        if score > UNBOUGHT
    ]
    for path in sorted(sheet.languages):
        rank = language_rank(sheet.languages, path)
        can = language_capability(rank)
        rows.append(
            SheetRow(
                tr("Langue", "Language"),
                language_label(path),
                Text(fr=f"{rank} : {can.fr}", en=f"{rank}: {can.en}"),
            )
        )
    rows += [
        SheetRow(tr("Écrit", "Written"), language_label(name), rank)
        for name, rank in sorted(sheet.written_languages.items())
    ]
    return SheetSection(tr("Occulte et langues", "Occult and languages"), rows)


def occult_label(skill_id: str) -> Text:
    """An occult skill by its name: a circle (L547-552) or a science's rituals."""
    for circle in OCCULT.circle:
        if circle.id == skill_id:
            return Text(fr=circle.fr, en=circle.en)
    for science in OCCULT.science:
        if science.rituals[0].lower() == skill_id:
            return Text(fr=science.rituals[0], en=science.rituals[1])
    return as_text(skill_id)


def language_label(path: str) -> Text:
    """A language by its path in the tree (L378-446), each step in the reader's language; a
    language the tree does not list stays as written. The list names a branch like its group
    ("Français / Langue d'oil (A)" over "Français / Langue d'oil", L410-411; Espagnol,
    L406-407): on the way to a language below them the step is said once; the branch itself
    keeps both ("Italien > Italien", its rank C beside it)."""
    steps = path.split(SEP)
    french: list[str] = []
    english: list[str] = []
    for depth in range(1, len(steps) + 1):
        node = LANGUAGE_NODES.get(SEP.join(steps[:depth]))
        step = steps[depth - 1]
        if french and french[-1] == step and depth < len(steps):
            continue
        french.append(step)
        english.append(node.en if node else step)
    return Text(fr=SEP.join(french), en=SEP.join(english))


def _derived(sheet: NephilimSheet) -> SheetSection:
    move = speeds(meta(sheet)["rapidite"] - wound_malus(sheet, "rapidite"))
    return SheetSection(
        tr("Valeurs dérivées", "Derived values"),
        [
            SheetRow(tr("Initiative", "Initiative"), _signed(initiative_rating(sheet))),
            SheetRow(tr("Anticipation", "Anticipation"), _signed(anticipation(sheet))),
            SheetRow(
                tr("Déplacement (m/round)", "Movement (m/round)"),
                f"{move['stationary']} / {move['walk']} / {move['run']}",
                tr("immobile / marche / course", "standing / walk / run"),
            ),
        ],
    )


# -- actions ----------------------------------------------------------------------------------

GROUP_CHAR = tr("Caractéristiques (× 2)", "Characteristics (× 2)")
GROUP_SKILL = tr("Compétences", "Skills")
GROUP_COMBAT = tr("Combat et santé", "Combat and health")
GROUP_OCCULT = tr("Sciences occultes", "Occult sciences")


def actions(sheet: NephilimSheet) -> list[Action]:
    if out_of_play(sheet):
        return []
    return (
        _characteristic_actions(sheet)
        + _skill_actions(sheet)
        + _combat_actions(sheet)
        + (_occult_actions(sheet))
    )


def _penalties(sheet: NephilimSheet, characteristic: str) -> dict[str, Any]:
    return {
        "wound_malus": wound_malus(sheet, characteristic),
        "fatigue_malus": fatigue_malus(sheet),
        "wound_malus_count": sheet.wound_malus_count,
        "actions_this_round": sheet.round_actions,
    }


def _round_malus(sheet: NephilimSheet) -> int:
    """Every action of a round with several suffers 4 per extra action (L510)."""
    return COMBAT.multiple_actions.malus_per_extra_action * (sheet.round_actions - 1)


def _characteristic_actions(sheet: NephilimSheet) -> list[Action]:
    scores = meta(sheet)
    return [
        Action(
            Text(fr=c.fr, en=c.en),
            "action",
            {"characteristic": scores[c.id], "difficulty": 0, **_penalties(sheet, c.id)},
            GROUP_CHAR,
        )
        for c in CHARACTERISTICS.characteristic
    ]


def _skill_actions(sheet: NephilimSheet) -> list[Action]:
    """One action per bought skill with the characteristic the GM paired it with on this
    sheet; an unpaired skill offers all ten, since the GM picks per action (L455)."""
    found = []
    for path in bought(sheet):
        paired = sheet.skill_characteristics.get(path)
        for c in CHARACTERISTICS.characteristic:
            if paired is None or paired == c.id:
                found.append(_skill_action(sheet, path, c.id, paired is None))
    return found


def _skill_action(sheet: NephilimSheet, path: str, char: str, unpaired: bool) -> Action:
    node = SKILL_NODES.get(path)
    name = path.rpartition(" > ")[2]
    row = next(c for c in CHARACTERISTICS.characteristic if c.id == char)
    label = Text(fr=f"{name} + {row.fr}", en=f"{node.en if node else name} + {row.en}")
    params = {
        "characteristic": meta(sheet)[char],
        "skill": skill(sheet, path),
        "difficulty": 0,
        **_penalties(sheet, char),
    }
    group = GROUP_SKILL
    if unpaired:
        words = SKILL_WORDS.get(path, Text(fr=path, en=path))
        group = Text(
            fr=f"{words.fr} (caractéristique au choix du MJ)",
            en=f"{words.en} (GM picks the char.)",
        )
    return Action(label, "action", params, group)


def _combat_actions(sheet: NephilimSheet) -> list[Action]:
    scores, fatigue = meta(sheet), fatigue_malus(sheet)
    found = [
        Action(
            tr("Initiative", "Initiative"), "initiative", initiative_params(sheet), GROUP_COMBAT
        ),
        Action(
            tr("Ordre de déclaration", "Declaration order"),
            "declaration",
            {
                "anticipation": anticipation(sheet),
                "intuition": scores["intuition"],
                "delayed_segments": sheet.delayed_segments,
                "opponent_anticipation": 0,
                "opponent_intuition": 0,
                "anticipation_tie": sheet.anticipation_tie,
            },
            GROUP_COMBAT,
        ),
        Action(
            tr("Sprint", "Sprint"),
            "sprint",
            {
                "rapidite": scores["rapidite"],
                "skill": skill(sheet, ATHLETICS),
                "wound_malus": wound_malus(sheet, "rapidite"),
                "malus": fatigue + _round_malus(sheet),
            },
            GROUP_COMBAT,
        ),
        Action(
            tr("Test de Ka", "Ka test"),
            "ka_test",
            {"ka": ka_for_test(sheet), "difficulty": 0, "malus": fatigue + _round_malus(sheet)},
            GROUP_COMBAT,
        ),
    ]
    boxes = sheet.track_boxes
    if state("wound", sheet.wounds, boxes).round_check:
        found.append(
            Action(
                tr("Test d'incapacité (chaque round)", "Incapacity check (each round)"),
                "incapacity_check",
                {"constitution": scores["constitution"], "fatigue_malus": fatigue},
                GROUP_COMBAT,
            )
        )
    if state("fatigue", sheet.fatigue, boxes).round_check:
        found.append(
            Action(
                tr("Test d'épuisement (chaque round)", "Exhaustion check (each round)"),
                "exhaustion_check",
                {"ka": ka_for_test(sheet), "fatigue_malus": fatigue},
                GROUP_COMBAT,
            )
        )
    return found


_OCCULT_CHECK = {"magie": "concentration", "kabbale": "incantation", "alchimie": "transmutation"}
_LEVEL_PARAM = {"magie": "spell_level", "kabbale": "invocation_level", "alchimie": "formula_level"}


def _occult_actions(sheet: NephilimSheet) -> list[Action]:
    from ecran.systems.nephilim.tables import OCCULT

    found = []
    fatigue = fatigue_malus(sheet)
    for circle in OCCULT.circle:
        score = sheet.occult_skills.get(circle.id, UNBOUGHT)
        if score < OCCULT.level_min:
            continue  # no spell, invocation or formula is within reach (L558)
        params: dict[str, Any] = {"circle": circle.id, "skill": score, "malus": fatigue}
        params[_LEVEL_PARAM[circle.science]] = min(score, OCCULT.level_max)
        if circle.science == "kabbale":
            params["creature_ka"] = 10
        label = Text(fr=circle.fr, en=circle.en)
        found.append(Action(label, _OCCULT_CHECK[circle.science], params, GROUP_OCCULT))
    if sheet.nature == "nephilim":
        element = max(sorted(sheet.ka), key=lambda e: sheet.ka[e]) if sheet.ka else "feu"
        ka = sheet.ka.get(element, 0)
        found.append(
            Action(
                tr("Contrôle magique", "Magic control"),
                "magic_control",
                {"ka": ka, "stasis_points": sheet.stasis_bonus, "malus": fatigue},
                GROUP_OCCULT,
            )
        )
        found.append(
            Action(
                tr("Rituel de la stase", "Stasis ritual"),
                "stasis_ritual",
                {"ka": ka_for_test(sheet), "distance": "under_1km", "malus": fatigue},
                GROUP_OCCULT,
            )
        )
    return found
