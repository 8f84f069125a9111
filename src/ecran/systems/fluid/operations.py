"""Changes of play state (L788-806, L1403-1409, L1425-1597, L1930-1955). Sheets are never
changed in place: each operation returns a copy and a bilingual summary."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, cite, param, tr
from ecran.systems.fluid import tracks
from ecran.systems.fluid.checks.combat import wound_of
from ecran.systems.fluid.checks.health import Survival
from ecran.systems.fluid.creation import advance_cost
from ecran.systems.fluid.options import DAILY_RECOVERY, SURVIVAL_COMBINE
from ecran.systems.fluid.sheet import FIELDS, Advance, Condition, FluidSheet, Trait
from ecran.systems.fluid.tables import SEED

Pool = Literal["RES", "AUR", "SAN", "FOR", "CON", "AGI", "PER", "INT", "VOL", "CHA", "CONN", "MAG"]


def _error(fr: str, en: str) -> EcranError:
    return EcranError(tr(fr, en))


def _with_traits(sheet: FluidSheet, traits: list[Trait], **update: Any) -> FluidSheet:
    return sheet.model_copy(update={"traits": traits, **update})


def _hinders(text: str) -> list[str]:
    return [h.strip() for h in text.split(",") if h.strip()]


class DamageParams(Params):
    damage: int = param(tr("Dégâts", "Damage"), ge=0, le=200)
    target: Literal["RES", "AUR"] = param(
        tr("Réserve", "Pool"),
        tr("RES en combat, AUR en joute verbale", "AUR: verbal joust"),
        default="RES",
    )
    wound_name: str = param(
        tr("Nom de la blessure", "Wound name"),
        tr("Nommée selon la blessure : Genou déboîté, Plaie à la hanche…", "Named by the MJ"),
        default="Blessure",
    )
    hinders: str = param(
        tr("Gêne", "Hinders"),
        tr(
            "Caractéristiques dont la blessure gêne les actions (FOR,AGI… ; * = toutes) : au MJ",
            "Characteristics whose actions the wound hinders (FOR,AGI…; * = all): GM input",
        ),
        default="*",
    )
    survival_combine: Literal["max", "sum"] = SURVIVAL_COMBINE.field()


class TakeDamage(Operation[FluidSheet, DamageParams]):
    name = "take_damage"
    title = tr("Subir des dégâts", "Take damage")
    params = DamageParams
    sources = (cite(SEED, 1425, 1493), cite(SEED, 1645, 1649, note="minions"))

    def apply(
        self, sheet: FluidSheet, params: DamageParams, dice: DiceSource
    ) -> Change[FluidSheet]:
        if params.target == "AUR":
            left = max(0, tracks.current(sheet, "AUR") - params.damage)
            summary = tr(f"AUR {left}", f"AUR {left}")
            if left == 0:
                summary = tr("AUR à 0 : vaincu ou convaincu", "AUR at 0: beaten or convinced")
            return Change(sheet.model_copy(update={"aur": left}), summary)
        res = tracks.current(sheet, "RES")
        w = wound_of(
            params.damage,
            res,
            tracks.attribute(sheet, "RES"),
            tracks.wound_total(sheet),
            params.survival_combine,
        )
        traits = list(sheet.traits)
        if w.wound and not sheet.minion:
            name = _unique(sheet, params.wound_name)
            traits.append(
                Trait(
                    name=name,
                    value=w.wound,
                    kind="negative",
                    origin="wound",
                    hinders=_hinders(params.hinders),
                )
            )
        changed = _with_traits(sheet, traits, res=res - w.res_lost)
        return Change(
            changed, _damage_summary(sheet, w.res_lost, w.wound, w.survival_penalty, w.destroyed)
        )


def _unique(sheet: FluidSheet, name: str) -> str:
    names = {t.name for t in sheet.traits}
    if name not in names:
        return name
    n = 2
    while f"{name} {n}" in names:
        n += 1
    return f"{name} {n}"


def _damage_summary(sheet: FluidSheet, lost: int, wound: int, penalty: int, destroyed: bool) -> Any:
    if sheet.minion and tracks.current(sheet, "RES") - lost <= 0:
        return tr("sbire hors-jeu (RES 0)", "minion out (RES 0)")
    parts_fr, parts_en = [f"−{lost} RES"], [f"−{lost} RES"]
    if wound:
        parts_fr.append(f"Trait de blessure {wound}")
        parts_en.append(f"wound Trait {wound}")
    if destroyed:
        parts_fr.append("organe ou membre détruit")
        parts_en.append("organ or limb destroyed")
    if penalty:
        parts_fr.append(f"test de survie avec {penalty} désavantage(s)")
        parts_en.append(f"survival test with {penalty} disadvantage(s)")
    return tr(", ".join(parts_fr), ", ".join(parts_en))


class SpendParams(Params):
    pool: Pool = param(
        tr("Réserve", "Pool"),
        tr("RES, AUR, SAN ou une caractéristique", "RES, AUR, SAN or a characteristic"),
    )
    points: int = param(tr("Points", "Points"), ge=1, le=60)


class Spend(Operation[FluidSheet, SpendParams]):
    """Drawing on one's resources (L788-800), helping (L846-850), magic (L1782-1796)."""

    name = "spend"
    title = tr("Dépenser des points", "Spend points")
    params = SpendParams
    sources = (cite(SEED, 788, 800), cite(SEED, 846, 850))

    def apply(self, sheet: FluidSheet, params: SpendParams, dice: DiceSource) -> Change[FluidSheet]:
        if params.pool in ("RES", "AUR", "SAN"):
            left = tracks.current(sheet, params.pool) - params.points
            if left < 0:
                raise _error(f"pas assez de {params.pool}", f"not enough {params.pool}")
            changed = sheet.model_copy(update={params.pool.lower(): left})
        else:
            if params.pool == "MAG" and sheet.characteristics.magie is None:
                raise _error("pas de caractéristique Magie", "no Magic characteristic")
            if tracks.effective(sheet, params.pool) < params.points:
                raise _error(f"pas assez de {params.pool}", f"not enough {params.pool}")
            spent = dict(sheet.spent)
            spent[params.pool] = spent.get(params.pool, 0) + params.points
            changed = sheet.model_copy(update={"spent": spent})
        text = f"−{params.points} {params.pool}"
        return Change(changed, tr(text, text))


class ShockLossParams(Params):
    loss: int = param(tr("Perte de SAN", "SAN loss"), tr("La marge d'échec", "The ME"), ge=0)
    trait_name: str = param(tr("Nom du Trait", "Trait name"), default="Traumatisme")
    hinders: str = param(tr("Gêne", "Hinders"), default="*")


class LoseSanity(Operation[FluidSheet, ShockLossParams]):
    name = "lose_sanity"
    title = tr("Perdre de la SAN", "Lose sanity")
    params = ShockLossParams
    sources = (cite(SEED, 1531, 1545),)

    def apply(
        self, sheet: FluidSheet, params: ShockLossParams, dice: DiceSource
    ) -> Change[FluidSheet]:
        san = tracks.current(sheet, "SAN")
        excess = max(0, params.loss - san)
        traits = list(sheet.traits)
        if excess:
            traits.append(
                Trait(
                    name=_unique(sheet, params.trait_name),
                    value=excess,
                    kind="negative",
                    origin="shock",
                    hinders=_hinders(params.hinders),
                )
            )
        changed = _with_traits(sheet, traits, san=max(0, san - params.loss))
        return Change(
            changed,
            tr(f"−{params.loss} SAN, Trait {excess}", f"−{params.loss} SAN, Trait {excess}"),
        )


class RestParams(Params):
    characteristic: str = param(
        tr("Caractéristique récupérée", "Characteristic recovered"),
        tr("Code d'une caractéristique dépensée qui regagne 1 point (ou vide)", "or empty"),
        default="",
    )
    wound: str = param(
        tr("Blessure soignée", "Wound healed"),
        tr("Nom d'un Trait de blessure qui perd 1 point (ou vide)", "or empty"),
        default="",
    )
    restore_aura: bool = param(
        tr("Rendre l'AUR", "Restore AUR"),
        tr(
            "Le texte ne dit pas comment l'AUR revient : au MJ (valeur du MJ)",
            "The text does not say how AUR returns: GM input",
        ),
        default=False,
    )
    daily_recovery: Literal["one_in_total", "one_of_each"] = DAILY_RECOVERY.field()


class NightRest(Operation[FluidSheet, RestParams]):
    name = "night_rest"
    title = tr("Nuit de repos", "Night's rest")
    params = RestParams
    sources = (cite(SEED, 1541, 1543), cite(SEED, 1567, 1583))

    def apply(self, sheet: FluidSheet, params: RestParams, dice: DiceSource) -> Change[FluidSheet]:
        if params.characteristic and params.wound and params.daily_recovery == "one_in_total":
            raise _error(
                "1 point par jour au total : une caractéristique ou une blessure",
                "1 point a day in total: a characteristic or a wound",
            )
        spent = dict(sheet.spent)
        if params.characteristic:
            if spent.get(params.characteristic, 0) <= 0:
                raise _error(
                    f"aucun point dépensé en {params.characteristic}",
                    f"no point spent from {params.characteristic}",
                )
            spent[params.characteristic] -= 1
            if not spent[params.characteristic]:
                del spent[params.characteristic]
        traits = _reduce_wound(sheet, params.wound, 1) if params.wound else list(sheet.traits)
        update: dict[str, Any] = {
            "res": None,
            "san": None,
            "spent": spent,
            "pause_res_today": 0,
            "medicine_today": False,
        }
        if params.restore_aura:
            update["aur"] = None
        return Change(
            _with_traits(sheet, traits, **update), tr("RES et SAN au maximum", "RES and SAN full")
        )


def _reduce_wound(sheet: FluidSheet, name: str, points: int) -> list[Trait]:
    traits = []
    found = False
    for trait in sheet.traits:
        if trait.name == name and trait.origin == "wound":
            found = True
            if trait.value > points:
                traits.append(trait.model_copy(update={"value": trait.value - points}))
            continue
        traits.append(trait)
    if not found:
        raise _error(f"pas de blessure « {name} »", f"no wound '{name}'")
    return traits


class PauseParams(Params):
    res: int = param(
        tr("RES regagnée", "RES regained"),
        tr("1 ou 2 selon la durée et les conditions (au MJ)", "1 or 2 by length (GM)"),
        default=1,
        ge=1,
        le=2,
    )


class ShortPause(Operation[FluidSheet, PauseParams]):
    name = "short_pause"
    title = tr("Courte pause", "Short pause")
    params = PauseParams
    sources = (cite(SEED, 1575, 1583),)

    def apply(self, sheet: FluidSheet, params: PauseParams, dice: DiceSource) -> Change[FluidSheet]:
        room_today = sheet.characteristics.score("CON") - sheet.pause_res_today
        room_pool = tracks.attribute(sheet, "RES") - tracks.current(sheet, "RES")
        gained = max(0, min(params.res, room_today, room_pool))
        changed = sheet.model_copy(
            update={
                "res": tracks.current(sheet, "RES") + gained,
                "pause_res_today": sheet.pause_res_today + gained,
            }
        )
        return Change(changed, tr(f"+{gained} RES", f"+{gained} RES"))


class HealParams(Params):
    wound: str = param(tr("Blessure", "Wound"))
    points: int = param(
        tr("Points soignés", "Points healed"),
        tr(
            "Rang du test de médecine : marginale 1, réussite 2, majorée 3, critique 4",
            "Medicine test rank: marginal 1, success 2, major 3, critical 4",
        ),
        ge=1,
        le=4,
    )


class Treat(Operation[FluidSheet, HealParams]):
    name = "medicine"
    title = tr("Soins (médecine)", "Medical care")
    params = HealParams
    sources = (cite(SEED, 1585, 1597),)

    def apply(self, sheet: FluidSheet, params: HealParams, dice: DiceSource) -> Change[FluidSheet]:
        if sheet.medicine_today:
            raise _error("un seul test de médecine par jour", "one medicine test a day")
        traits = _reduce_wound(sheet, params.wound, params.points)
        changed = _with_traits(sheet, traits, medicine_today=True)
        return Change(
            changed, tr(f"{params.wound} −{params.points}", f"{params.wound} −{params.points}")
        )


class SurviveParams(Params):
    penalty: int = param(tr("Désavantages", "Disadvantages"), ge=1, le=30)


class Survive(Operation[FluidSheet, SurviveParams]):
    """Roll the survival test with the sheet's CON and record its lasting result."""

    name = "survive"
    title = tr("Test de survie", "Survival test")
    params = SurviveParams
    sources = (cite(SEED, 1495, 1529),)

    def apply(
        self, sheet: FluidSheet, params: SurviveParams, dice: DiceSource
    ) -> Change[FluidSheet]:
        if sheet.condition.adrenaline:
            changed = sheet.model_copy(
                update={"condition": sheet.condition.model_copy(update={"adrenaline": False})}
            )
            return Change(changed, tr("adrénaline : test ignoré", "adrenaline: test ignored"))
        check = Survival()
        values = {"characteristic": tracks.effective(sheet, "CON"), "penalty": params.penalty}
        result = check.resolve(check.parse(values), dice)
        cond = _condition(sheet.condition, result.outcome, params.penalty)
        outcome = check.outcome(result.outcome).label
        return Change(sheet.model_copy(update={"condition": cond}), outcome, result)


def _condition(cond: Condition, outcome: str, penalty: int) -> Condition:
    effects: dict[str, dict[str, Any]] = {
        "death": {"dead": True},
        "haemorrhage": {"haemorrhage": True},
        "coma": {"coma_days": penalty},
        "unconscious": {"unconscious_hours": penalty},
        "adrenaline": {"adrenaline": True},
    }
    return cond.model_copy(update=effects.get(outcome, {}))


class XpParams(Params):
    xp: int = param(tr("XP", "XP"), tr("1 à 3 par scénario (au MJ)", "1 to 3 (GM)"), ge=1, le=3)


class AwardXp(Operation[FluidSheet, XpParams]):
    name = "award_xp"
    title = tr("Gagner de l'XP", "Award XP")
    params = XpParams
    sources = (cite(SEED, 1931, 1941),)

    def apply(self, sheet: FluidSheet, params: XpParams, dice: DiceSource) -> Change[FluidSheet]:
        changed = sheet.model_copy(update={"xp": sheet.xp + params.xp})
        return Change(changed, tr(f"+{params.xp} XP", f"+{params.xp} XP"))


class AdvanceParams(Params):
    kind: Literal["characteristic", "trait", "new_negative", "remove_negative"] = param(
        tr("Progression", "Advance")
    )
    target: str = param(tr("Cible", "Target"), tr("Code ou nom du Trait", "Code or Trait name"))
    value: int = param(
        tr("Valeur", "Value"),
        tr("Pour un nouveau Trait négatif : sa valeur", "A new negative Trait's value"),
        default=1,
        ge=1,
        le=10,
    )


class Advancement(Operation[FluidSheet, AdvanceParams]):
    name = "advance"
    title = tr("Dépenser de l'XP", "Spend XP")
    params = AdvanceParams
    sources = (cite(SEED, 1943, 1955),)

    def apply(
        self, sheet: FluidSheet, params: AdvanceParams, dice: DiceSource
    ) -> Change[FluidSheet]:
        kind, target = params.kind, params.target
        update: dict[str, Any] = {}
        if kind == "characteristic":
            if target not in FIELDS:
                raise _error(
                    f"caractéristique inconnue : {target}", f"unknown characteristic: {target}"
                )
            to = sheet.characteristics.score(target) + 1
            chars = sheet.characteristics.model_copy(update={FIELDS[target]: to})
            update["characteristics"] = chars
        elif kind == "new_negative":
            to = params.value
            new = Trait(name=target, value=to, kind="negative", origin="play", hinders=["*"])
            update["traits"] = [*sheet.traits, new]
        else:
            trait = next((t for t in sheet.traits if t.name == target), None)
            if trait is None:
                raise _error(f"pas de Trait « {target} »", f"no Trait '{target}'")
            to = trait.value + 1 if kind == "trait" else trait.value - 1
            update["traits"] = [
                t.model_copy(update={"value": to}) if t is trait else t
                for t in sheet.traits
                if not (t is trait and to == 0)
            ]
        cost = advance_cost(kind, to)
        balance = sheet.xp - sum(a.xp for a in sheet.advances)
        if cost > balance:
            raise _error(
                f"{cost} XP nécessaires, {balance} disponibles", f"{cost} XP needed, {balance} left"
            )
        update["advances"] = [*sheet.advances, Advance(kind=kind, target=target, to=to, xp=cost)]
        return Change(
            sheet.model_copy(update=update),
            tr(f"{target} → {to} ({cost} XP)", f"{target} → {to} ({cost} XP)"),
        )


class TraitParams(Params):
    name: str = param(tr("Nom", "Name"))
    value: int = param(tr("Valeur", "Value"), ge=1, le=30)
    kind: Literal["positive", "negative"] = param(tr("Sorte", "Kind"), default="negative")
    origin: Literal["play", "temporary", "botte", "spell"] = param(
        tr("Origine", "Origin"), default="temporary"
    )
    duration: str = param(tr("Durée", "Duration"), default="")
    hinders: str = param(tr("Gêne", "Hinders"), default="*")


class AddTrait(Operation[FluidSheet, TraitParams]):
    """Temporary Traits granted or imposed by the GM (L235-241), the self-inflicted negative
    Trait (L802-806), Traits defined in play (L215-223), spells written down (L1912-1918)."""

    name = "add_trait"
    title = tr("Ajouter un Trait", "Add a Trait")
    params = TraitParams
    sources = (cite(SEED, 215, 241), cite(SEED, 802, 806))

    def apply(self, sheet: FluidSheet, params: TraitParams, dice: DiceSource) -> Change[FluidSheet]:
        trait = Trait(
            name=_unique(sheet, params.name),
            value=params.value,
            kind=params.kind,
            origin=params.origin,
            duration=params.duration,
            hinders=_hinders(params.hinders) if params.kind == "negative" else [],
        )
        return Change(
            _with_traits(sheet, [*sheet.traits, trait]),
            tr(f"+ {trait.name} {trait.value}", f"+ {trait.name} {trait.value}"),
        )


class GearDamageParams(Params):
    item: Literal["weapon", "second_weapon", "armour", "shield"] = param(tr("Objet", "Item"))
    points: int = param(tr("Points de dégâts", "Damage points"), ge=1, le=60)


class DamageEquipment(Operation[FluidSheet, GearDamageParams]):
    name = "damage_equipment"
    title = tr("Endommager l'équipement", "Damage equipment")
    params = GearDamageParams
    sources = (cite(SEED, 1403, 1409),)

    def apply(
        self, sheet: FluidSheet, params: GearDamageParams, dice: DiceSource
    ) -> Change[FluidSheet]:
        score = getattr(sheet.equipment, params.item)
        if score and params.points >= 2 * score:
            score -= 1
        gear = sheet.equipment.model_copy(update={params.item: score})
        note = tr(
            f"{params.item} {score}" + (" (inutilisable)" if not score else ""),
            f"{params.item} {score}" + (" (unusable)" if not score else ""),
        )
        return Change(sheet.model_copy(update={"equipment": gear}), note)


OPERATIONS: tuple[Operation[Any, Any], ...] = (
    TakeDamage(),
    Spend(),
    LoseSanity(),
    NightRest(),
    ShortPause(),
    Treat(),
    Survive(),
    AwardXp(),
    Advancement(),
    AddTrait(),
    DamageEquipment(),
)
