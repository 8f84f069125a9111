"""Changes of state in play (seed L72-88, L108, L628-633): wounds and fatigue, the per-round
tests of the critical states, the stasis ritual, buying skill steps. Damage, armour and healing
amounts are not in the text: they are GM inputs."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, Text, cite, param, tr
from ecran.systems.nephilim import character as ch
from ecran.systems.nephilim.checks.health import ExhaustionCheck, IncapacityCheck
from ecran.systems.nephilim.checks.occult import StasisDistance, StasisRitual
from ecran.systems.nephilim.combat import action_slots, delay_bonus
from ecran.systems.nephilim.rolls import SEED
from ecran.systems.nephilim.sheet import CharacteristicId, Element, NephilimSheet
from ecran.systems.nephilim.skills import (
    RANGES,
    SKILL_NODES,
    UNBOUGHT,
    language_problems,
    level_of,
    skill_problems,
)
from ecran.systems.nephilim.tracks import clamp, state

BOXES = param(
    tr("Cases", "Boxes"),
    tr("Montant fixé par le MJ : le texte n'a pas de dommages", "GM amount: the text has none"),
    ge=0,
    le=10,
)


def _states(sheet: NephilimSheet) -> str:
    w = state("wound", sheet.wounds, sheet.track_boxes).label
    f = state("fatigue", sheet.fatigue, sheet.track_boxes).label
    return f"{w.fr} / {f.fr}"


class WoundParams(Params):
    boxes: int = BOXES
    ignore_armour: bool = param(tr("Ignorer l'armure", "Ignore armour"), default=False)


class TakeWounds(Operation[NephilimSheet, WoundParams]):
    name = "take_wounds"
    title = tr("Encaisser des blessures", "Take wounds")
    params = WoundParams
    sources = (cite(SEED, 72, 86), cite(SEED, 541, note="no damage rules"))

    def apply(self, sheet: NephilimSheet, params: WoundParams, dice: DiceSource) -> Change[Any]:
        taken = params.boxes if params.ignore_armour else max(0, params.boxes - sheet.armour)
        new = sheet.model_copy(update={"wounds": clamp(sheet.wounds + taken)})
        return Change(new, tr(f"+{taken} blessure(s) : {_states(new)}", f"+{taken} wound box(es)"))


class BoxesParams(Params):
    boxes: int = BOXES


def _track_change(sheet: NephilimSheet, field: str, delta: int) -> NephilimSheet:
    return sheet.model_copy(update={field: clamp(getattr(sheet, field) + delta)})


class TakeFatigue(Operation[NephilimSheet, BoxesParams]):
    name = "take_fatigue"
    title = tr("Subir de la fatigue", "Take fatigue")
    params = BoxesParams
    sources = (cite(SEED, 72, 86),)

    def apply(self, sheet: NephilimSheet, params: BoxesParams, dice: DiceSource) -> Change[Any]:
        new = _track_change(sheet, "fatigue", params.boxes)
        return Change(new, tr(f"fatigue +{params.boxes} : {_states(new)}", "fatigue taken"))


class Heal(Operation[NephilimSheet, BoxesParams]):
    name = "heal"
    title = tr("Soigner des blessures", "Heal wounds")
    params = BoxesParams
    sources = (cite(SEED, 86, note="'tant qu'il n'aura pas été soigné'; no healing rates"),)

    def apply(self, sheet: NephilimSheet, params: BoxesParams, dice: DiceSource) -> Change[Any]:
        new = _track_change(sheet, "wounds", -params.boxes)
        return Change(new, tr(f"soins −{params.boxes} : {_states(new)}", "wounds healed"))


class Rest(Operation[NephilimSheet, BoxesParams]):
    name = "rest"
    title = tr("Se reposer", "Rest")
    params = BoxesParams
    sources = (cite(SEED, 72, note="fatigue includes sleep; no recovery rates"),)

    def apply(self, sheet: NephilimSheet, params: BoxesParams, dice: DiceSource) -> Change[Any]:
        new = _track_change(sheet, "fatigue", -params.boxes)
        return Change(new, tr(f"repos −{params.boxes} : {_states(new)}", "fatigue recovered"))


class NoParams(Params):
    pass


class IncapacityRound(Operation[NephilimSheet, NoParams]):
    name = "incapacity_round"
    title = tr("Round en incapacité", "Round while incapacitated")
    params = NoParams
    sources = (cite(SEED, 88),)

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        if not state("wound", sheet.wounds, sheet.track_boxes).round_check:
            raise EcranError(tr("le personnage n'est pas en Incapacité", "not incapacitated"))
        check = IncapacityCheck()
        values = {"constitution": ch.meta(sheet)["constitution"]}
        result = check.resolve(
            check.parse({**values, "fatigue_malus": ch.fatigue_malus(sheet)}), dice
        )
        return _coma_or_not(sheet, result, tr("coma", "coma"))


class ExhaustionRound(Operation[NephilimSheet, NoParams]):
    name = "exhaustion_round"
    title = tr("Round épuisé", "Round while exhausted")
    params = NoParams
    sources = (cite(SEED, 88),)

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        if not state("fatigue", sheet.fatigue, sheet.track_boxes).round_check:
            raise EcranError(tr("le personnage n'est pas Épuisé", "not exhausted"))
        check = ExhaustionCheck()
        values = {"ka": ch.ka_for_test(sheet), "fatigue_malus": ch.fatigue_malus(sheet)}
        result = check.resolve(check.parse(values), dice)
        return _coma_or_not(sheet, result, tr("inconscience", "unconsciousness"))


def _coma_or_not(sheet: NephilimSheet, result: Any, fate: Text) -> Change[Any]:
    if result.outcome.endswith("success"):
        return Change(sheet, tr("tient bon ce round", "holds on this round"), result)
    new = sheet.model_copy(update={"fatigue": 10})  # every fatigue box checked (L88)
    return Change(new, tr(f"sombre dans l'{fate.fr}", f"falls into {fate.en}"), result)


class StasisParams(Params):
    element: Element = param(tr("Ka-élément puisé", "Ka-element drawn"))
    points: int = param(tr("Points demandés", "Points asked for"), ge=0, le=100)
    distance: StasisDistance = param(tr("Distance à la stase", "Distance to the stasis"))
    overflow: Element | None = param(
        tr("Excédent puisé dans", "Excess drawn from"),
        tr(
            "Au choix du MJ si le jet puise plus que la stase n'en contient (L630) ; vide : les"
            " éléments les plus fournis d'abord",
            "The GM's choice when the roll draws more than the stasis holds (L630); empty: the"
            " fullest elements first",
        ),
        default=None,
    )


class DrawFromStasis(Operation[NephilimSheet, StasisParams]):
    name = "stasis_ritual"
    title = tr("Rituel de la stase", "Stasis ritual")
    params = StasisParams
    sources = (cite(SEED, 628, 633),)

    def apply(self, sheet: NephilimSheet, params: StasisParams, dice: DiceSource) -> Change[Any]:
        held = sheet.stasis.get(params.element, 0)
        if params.points > held:
            raise EcranError(
                tr(f"la stase ne contient que {held} points", f"the stasis holds only {held}")
            )
        check = StasisRitual()
        values = {"ka": ch.ka_for_test(sheet), "distance": params.distance}
        values |= {"points": params.points, "malus": ch.fatigue_malus(sheet)}
        result = check.resolve(check.parse(values), dice)
        drawn = int(result.total or 0)
        stasis = _withdraw(dict(sheet.stasis), params.element, drawn, params.overflow)
        update = {"stasis": stasis, "stasis_bonus": sheet.stasis_bonus + drawn}
        summary = tr(f"{drawn} point(s) puisé(s)", f"{drawn} point(s) drawn")
        return Change(sheet.model_copy(update=update), summary, result)


def _withdraw(
    stasis: dict[Element, int], element: Element, drawn: int, overflow: Element | None = None
) -> dict[Element, int]:
    """Take from the named element first; any excess from the stasis' other elements (§9 A27),
    the GM's choice first, then the fullest (L630)."""
    take = min(drawn, stasis.get(element, 0))
    stasis[element] = stasis.get(element, 0) - take
    rest = drawn - take
    order = sorted(stasis, key=lambda e: (e != overflow, -stasis[e]))
    for other in order:
        if rest <= 0:
            break
        share = min(rest, stasis[other])
        stasis[other] -= share
        rest -= share
    return stasis


class SpendStasisBonus(Operation[NephilimSheet, NoParams]):
    name = "spend_stasis_bonus"
    title = tr("Utiliser le bonus de stase", "Use the stasis bonus")
    params = NoParams
    sources = (cite(SEED, 630, note="for the next control or contract roll"),)

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        new = sheet.model_copy(update={"stasis_bonus": 0})
        return Change(new, tr(f"bonus +{sheet.stasis_bonus} utilisé", "stasis bonus used"))


class SkillStepParams(Params):
    path: str = param(
        tr("Compétence", "Skill"), tr("Chemin dans l'arbre", "Path in the tree"), min_length=1
    )


class BuySkillStep(Operation[NephilimSheet, SkillStepParams]):
    name = "buy_skill_step"
    title = tr("Acheter un pas de compétence", "Buy a skill step")
    params = SkillStepParams
    sources = (cite(SEED, 108, 112), cite(SEED, 92, 104))

    def apply(self, sheet: NephilimSheet, params: SkillStepParams, dice: DiceSource) -> Change[Any]:
        level = level_of(params.path) or "M"
        low, high = RANGES[level]
        current = sheet.skills.get(params.path, UNBOUGHT)
        nxt = (low + 1 if level == "P" else low) if current == UNBOUGHT else current + 1
        if nxt > high:
            raise EcranError(
                tr(f"{params.path} est au sommet de son niveau ({high:+d})", "top of its level")
            )
        skills = {**sheet.skills, params.path: nxt}
        problems = [p for p in skill_problems(skills) if p.path == params.path]
        if problems:
            raise EcranError(Text(fr=problems[0].fr, en=problems[0].en))
        new = sheet.model_copy(update={"skills": skills})
        return Change(new, tr(f"{params.path} {nxt:+d}", f"{params.path} {nxt:+d}"))


class PairParams(Params):
    path: str = param(
        tr("Compétence", "Skill"), tr("Chemin dans l'arbre", "Path in the tree"), min_length=1
    )
    characteristic: CharacteristicId | None = param(
        tr("Caractéristique", "Characteristic"),
        tr("Vide : le MJ choisira à chaque action", "Empty: the GM picks at each action"),
        default=None,
    )


class PairSkill(Operation[NephilimSheet, PairParams]):
    name = "pair_skill"
    title = tr("Caractéristique d'une compétence", "Characteristic of a skill")
    params = PairParams
    sources = (cite(SEED, 455, note="the GM picks the characteristic and the skill"),)

    def apply(self, sheet: NephilimSheet, params: PairParams, dice: DiceSource) -> Change[Any]:
        if params.path not in SKILL_NODES and params.path not in sheet.skills:
            raise EcranError(
                tr(f"compétence inconnue : {params.path}", f"unknown skill: {params.path}")
            )
        pairs = {k: v for k, v in sheet.skill_characteristics.items() if k != params.path}
        if params.characteristic is not None:
            pairs[params.path] = params.characteristic
        new = sheet.model_copy(update={"skill_characteristics": pairs})
        chosen = params.characteristic or "—"
        return Change(new, tr(f"{params.path} : {chosen}", f"{params.path}: {chosen}"))


class DeclareParams(Params):
    actions: int = param(
        tr("Actions normales", "Normal actions"),
        tr("Décidé à la première déclaration (L510)", "Decided at the first declaration (L510)"),
        ge=1,
        le=6,
    )
    magical_actions: int = param(
        tr("Actions magiques", "Magical actions"),
        tr(
            "Actions en plus dues à la magie ou la technologie : sans malus propre (L512)",
            "Extra actions from magic or technology: no malus of their own (L512)",
        ),
        default=0,
        ge=0,
        le=6,
    )
    initiative: int | None = param(
        tr("Initiative du round", "This round's initiative"),
        tr("Pour annoncer les créneaux I, I − 6…", "To list the slots I, I − 6…"),
        default=None,
        ge=-40,
        le=80,
    )


class DeclareActions(Operation[NephilimSheet, DeclareParams]):
    name = "declare_actions"
    title = tr("Déclarer plusieurs actions", "Declare several actions")
    params = DeclareParams
    sources = (cite(SEED, 508, 512),)

    def apply(self, sheet: NephilimSheet, params: DeclareParams, dice: DiceSource) -> Change[Any]:
        slots, malus = action_slots(params.initiative or 0, params.actions, params.magical_actions)
        new = sheet.model_copy(update={"round_actions": params.actions})
        where = "" if params.initiative is None else f" @ {', '.join(f'{i:+d}' for i in slots)}"
        return Change(
            new,
            tr(
                f"{len(slots)} action(s), malus {malus} sur chacune{where}",
                f"{len(slots)} action(s), malus {malus} on each{where}",
            ),
        )


class DelayParams(Params):
    to_next_round: bool = param(
        tr("Au round suivant", "To the next round"),
        tr(
            "Au dernier segment : +6 d'initiative au round suivant (L518)",
            "At the last segment: +6 initiative next round (L518)",
        ),
        default=False,
    )


class DelayAction(Operation[NephilimSheet, DelayParams]):
    name = "delay_action"
    title = tr("Retarder son action", "Delay one's action")
    params = DelayParams
    sources = (cite(SEED, 514, 518),)

    def apply(self, sheet: NephilimSheet, params: DelayParams, dice: DiceSource) -> Change[Any]:
        update = {
            "delayed_segments": sheet.delayed_segments + 1,
            "delayed_rounds": sheet.delayed_rounds + int(params.to_next_round),
        }
        new = sheet.model_copy(update=update)
        anticipation, initiative = delay_bonus(new.delayed_segments, new.delayed_rounds)
        return Change(
            new,
            tr(
                f"action retardée : Anticipation +{anticipation}, initiative +{initiative}",
                f"action delayed: Anticipation +{anticipation}, initiative +{initiative}",
            ),
        )


class ActDelayed(Operation[NephilimSheet, NoParams]):
    name = "act_delayed"
    title = tr("Agir enfin (fin du retard)", "Act at last (delay over)")
    params = NoParams
    sources = (cite(SEED, 514, 518, note="the bonuses belong to the delayed action"),)

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        new = sheet.model_copy(update={"delayed_segments": 0, "delayed_rounds": 0})
        return Change(new, tr("l'action retardée a lieu", "the delayed action takes place"))


class EndRound(Operation[NephilimSheet, NoParams]):
    name = "end_round"
    title = tr("Fin du round", "End of the round")
    params = NoParams
    sources = (cite(SEED, 487, note="one action per round by default"), cite(SEED, 508, 518))

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        # Delays carry over (L518); the number of actions is declared anew each round (L510).
        new = sheet.model_copy(update={"round_actions": 1})
        return Change(new, tr("nouveau round : une action", "new round: one action"))


class LanguageParams(Params):
    path: str = param(
        tr("Langue", "Language"),
        tr("Chemin dans la liste ('Langues romanes > Italien')", "Path in the list"),
        min_length=1,
    )


class LearnLanguage(Operation[NephilimSheet, LanguageParams]):
    name = "learn_language"
    title = tr("Apprendre une langue", "Learn a language")
    params = LanguageParams
    sources = (cite(SEED, 114, 120), cite(SEED, 378, 446))

    def apply(self, sheet: NephilimSheet, params: LanguageParams, dice: DiceSource) -> Change[Any]:
        if params.path in sheet.languages:
            raise EcranError(tr(f"déjà tenue : {params.path}", f"already held: {params.path}"))
        held = [*sheet.languages, params.path]
        problems = [
            p
            for p in language_problems(held, sheet.language_prerequisites)
            if p.path == params.path
        ]
        if problems:
            raise EcranError(Text(fr=problems[0].fr, en=problems[0].en))
        new = sheet.model_copy(update={"languages": held})
        rank = level_of(params.path) or "M"
        return Change(new, tr(f"{params.path} ({rank})", f"{params.path} ({rank})"))


ALL = (
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
