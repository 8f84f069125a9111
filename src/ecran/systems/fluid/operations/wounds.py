"""Damage and wounds (L1425-1529, L1645-1649): RES first, then a wound Trait, then the survival test
of a critical wound. The attack check has already rolled the exchange and worked out the damage,
so the damage is passed on as a number, never rolled again; only the survival test a critical
wound calls for (the defender's own CON roll, L1495-1499) is rolled here."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import (
    Change,
    DiceLaw,
    NoParams,
    Params,
    PutCondition,
    Resolution,
    StagedChange,
    Text,
    cite,
    ongoing,
    tr,
)
from ecran.rules.memo import KeptBy
from ecran.rules.wording import agreed
from ecran.systems.fluid import tracks
from ecran.systems.fluid.checks.base import MAX_PENALTY
from ecran.systems.fluid.checks.combat import Wound, wound_of
from ecran.systems.fluid.checks.health import (
    PenaltyParams,
    Survival,
    SurvivalParams,
    rolled_score,
    score_distribution,
    survival_draw,
    survival_law,
)
from ecran.systems.fluid.operations.common import new_negative, operation, with_traits
from ecran.systems.fluid.options import OPTIONS
from ecran.systems.fluid.sheet import MAX_DAMAGE, Condition, FluidSheet
from ecran.systems.fluid.tables import FIELDS, RANKS, SEED

#: The name a wound gets on the sheet when the GM gives none (the sheet's own French word).
UNNAMED = "Blessure"


class DamageParams(Params):
    damage: int = FIELDS("damage", ge=0, le=MAX_DAMAGE)
    target: Literal["RES", "AUR"] = FIELDS("damage_pool", default="RES")
    wound_name: str | None = FIELDS("wound_name", default=None)
    hinders: str = FIELDS("wound_hinders", default="*")
    survival_combine: Literal["max", "sum"] = OPTIONS["survival_combine"].field()


@operation("take_damage", cite(SEED, 1425, 1493), cite(SEED, 1645, 1649, note="minions"))
def take_damage(sheet: FluidSheet, params: DamageParams) -> Change[FluidSheet]:
    """Damage comes off RES first, the rest is a wound Trait (L1425-1439); a minion takes no
    wound and is out at RES 0 (L1645-1649). A verbal joust's damage comes off AUR (L1671-1677)."""
    if params.target == "AUR":
        left = max(0, tracks.current(sheet, "AUR") - params.damage)
        summary = tr(f"AUR {left}", f"AUR {left}")
        beaten: tuple[PutCondition, ...] = ()
        if left == 0:  # the first at AUR 0 is beaten or convinced (L1671-1677)
            summary = tr("AUR à 0 : vaincu ou convaincu", "AUR at 0: beaten or convinced")
            beaten = (PutCondition(tr("vaincu ou convaincu", "beaten or convinced")),)
        return Change(sheet.model_copy(update={"aur": left}), summary, conditions=beaten)
    w = _wound(sheet, params.damage, params.survival_combine)
    return _damaged(sheet, w, params.wound_name, params.hinders)


def _damaged(sheet: FluidSheet, w: Wound, name: str | None, hinders: str) -> Change[FluidSheet]:
    """`take_damage` on RES, its wound `w` worked out (`_wound`): the wound Trait `name`,
    hindering `hinders`."""
    traits = sheet.traits  # no rule changes a list in place: a copy shares it
    if w.wound and not sheet.minion:
        wound = new_negative(sheet, name or UNNAMED, w.wound, "wound", hinders)
        traits = tracks.with_negative(traits, wound)
    changed = with_traits(sheet, traits, res=tracks.current(sheet, "RES") - w.res_lost)
    out: tuple[PutCondition, ...] = ()
    if sheet.minion and tracks.current(changed, "RES") <= 0:  # eliminated at RES 0 (L1645-1647)
        out = (PutCondition(tr("hors-jeu (sbire, RES 0)", "out of action (minion, RES 0)")),)
    return Change(changed, _damage_summary(sheet, w), conditions=out)


def _wound(sheet: FluidSheet, damage: int, combine: str) -> Wound:
    """What `damage` does to this sheet's RES and wounds (L1425-1493)."""
    return wound_of(
        damage,
        tracks.current(sheet, "RES"),
        tracks.attribute(sheet, "RES"),
        tracks.wound_total(sheet),
        combine,
    )


def _damage_summary(sheet: FluidSheet, w: Wound) -> Text:
    return _summary_of(bool(sheet.minion and tracks.current(sheet, "RES") - w.res_lost <= 0), w)


@lru_cache(maxsize=1024)
def _summary_of(minion_out: bool, w: Wound) -> Text:
    """A blow's words, from what it did alone (kept: a simulation wounds a new sheet per blow,
    with a few dozen different wounds, #32)."""
    if minion_out:
        return tr("sbire hors-jeu (RES 0)", "minion out (RES 0)")
    parts_fr, parts_en = [f"−{w.res_lost} RES"], [f"−{w.res_lost} RES"]
    if w.wound:
        parts_fr.append(f"Trait de blessure {w.wound}")
        parts_en.append(f"wound Trait {w.wound}")
    if w.destroyed:
        parts_fr.append("organe ou membre détruit")
        parts_en.append("organ or limb destroyed")
    if w.survival_penalty:
        n = w.survival_penalty
        parts_fr.append(f"test de survie avec {n} {agreed(n, 'désavantage', 'désavantages')}")
        parts_en.append(
            f"survival test with {n} {agreed(n, 'disadvantage', 'disadvantages', 'en')}"
        )
    return tr(", ".join(parts_fr), ", ".join(parts_en))


class SurviveParams(Params):
    penalty: int = FIELDS("survival_penalty", ge=1, le=MAX_PENALTY)


@operation("survive", cite(SEED, 1495, 1529))
def survive(sheet: FluidSheet, params: SurviveParams, dice: DiceSource) -> Change[FluidSheet]:
    """Roll the survival test with the sheet's CON and record its lasting result (L1495-1529);
    adrenaline already in the blood spares the test once."""
    return _survived(sheet, params.penalty, survival_test(sheet, params.penalty, dice))


def _bleeding(sheet: FluidSheet) -> tuple[int, FluidSheet]:
    """The haemorrhage's test's disadvantages, and the sheet it is rolled on (the haemorrhage
    lifted: the test's result replaces it)."""
    penalty = max(1, sheet.condition.haemorrhage_penalty)
    stopped = {"haemorrhage": False, "haemorrhage_penalty": 0}
    return penalty, sheet.model_copy(
        update={"condition": sheet.condition.model_copy(update=stopped)}
    )


def _bleed_law(sheet: FluidSheet, params: NoParams) -> list[tuple[FluidSheet, Fraction]]:
    """`bleed`'s `Operation.law`: the test's results by their exact odds (`survival_law`, once
    per CON and penalty), not its exploding dice walked (a walk of them never ends)."""
    if not sheet.condition.haemorrhage:
        return [(sheet, Fraction(1))]
    penalty, tested = _bleeding(sheet)
    if tested.condition.adrenaline:
        return [(_survived(tested, penalty, None).sheet, Fraction(1))]
    con = tracks.effective(tested, "CON")
    return [
        (_survived(tested, penalty, _by_odds(con, penalty, outcome)).sheet, p)
        for outcome, p in survival_law(con, penalty).items()
    ]


def _bleed_staged(sheet: FluidSheet, params: NoParams) -> StagedChange[FluidSheet]:
    """`bleed`'s two stages (`Operation.staged`): the test's outcome drawn from its exact odds
    (`survival_law`, keyed by CON and penalty as `take_hit`'s test is: one law for both), then
    the change it makes; the same pieces as `_bleed_law`. A simulator otherwise runs the test
    die by die on every trial, and makes a new sheet each time (#32)."""
    if not sheet.condition.haemorrhage:
        return StagedChange.certain(Change(sheet, tr("pas d'hémorragie", "no bleeding")))
    penalty, tested = _bleeding(sheet)
    if tested.condition.adrenaline:
        return StagedChange.certain(_survived(tested, penalty, None))
    con = tracks.effective(tested, "CON")

    def settle(value: int) -> Change[FluidSheet]:
        return _survived(tested, penalty, _by_odds(con, penalty, SURVIVAL_ORDER[value]))

    return StagedChange(
        ("survival", con, penalty),
        lambda: _survival_stage(con, penalty),
        settle,
        _settle_reads(tested, ()),
        lambda dice: _rolled_outcome(con, penalty, dice),
    )


@operation(
    "bleed",
    cite(SEED, 1501, 1504),
    law=_bleed_law,
    law_examples=({},),
    staged=_bleed_staged,
)
def bleed(sheet: FluidSheet, params: NoParams, dice: DiceSource) -> Change[FluidSheet]:
    """The haemorrhage's test, the round after it opened (L1501-1504): "un autre test au
    prochain round avec un malus majoré de 1", the sheet's `haemorrhage_penalty`. Its result
    replaces the haemorrhage (our reading: a success passes it; another aggravated failure
    bleeds on with one more disadvantage; coma, unconsciousness or death take over). The end
    of each fight round runs it (`encounter.round_end`); without a haemorrhage it does nothing."""
    if not sheet.condition.haemorrhage:
        return Change(sheet, tr("pas d'hémorragie", "no bleeding"))
    penalty, tested = _bleeding(sheet)
    return _survived(tested, penalty, survival_test(tested, penalty, dice))


def _will_penalty(sheet: FluidSheet) -> int:
    """The VOL test's disadvantages: the survival test's that opened the haemorrhage (« Ce malus
    est également utilisé pour tous les tests à réussir ci-dessous », L1497-1498), one fewer
    than its next survival test's (`haemorrhage_penalty`, « majoré de 1 », L1503)."""
    return max(0, sheet.condition.haemorrhage_penalty - 1)


def _will_tested(sheet: FluidSheet) -> bool:
    """Whether the bleeding bearer has the VOL test to pass: bleeding, alive, not in a coma
    already (the test keeps it out of one, L1504-1505)."""
    c = sheet.condition
    return c.haemorrhage and not c.dead and not c.coma_days


def _will_params(sheet: FluidSheet) -> PenaltyParams:
    return PenaltyParams(
        characteristic=tracks.effective(sheet, "VOL"), penalty=_will_penalty(sheet)
    )


def _will_kept(sheet: FluidSheet, passed: bool) -> Change[FluidSheet]:
    """What the VOL test leaves: nothing when passed; else a coma of as many days as the
    test's disadvantages (L1509-1510), at least one."""
    if passed:
        return Change(sheet, tr("test de VOL réussi : reste conscient", "VOL test passed"))
    days = max(1, _will_penalty(sheet))
    cond = sheet.condition.model_copy(update={"coma_days": days})
    said = tr(f"test de VOL raté : coma ({days} j)", f"VOL test failed: coma ({days} d)")
    coma = PutCondition(tr(f"coma ({days} j)", f"coma ({days} d)"))
    return Change(sheet.model_copy(update={"condition": cond}), said, conditions=(coma,))


@lru_cache(maxsize=1024)
def _will_law(characteristic: int, penalty: int) -> dict[bool, Fraction]:
    """The VOL test's odds of success (a score above 10, L272), exactly."""
    params = PenaltyParams(characteristic=characteristic, penalty=penalty)
    law = score_distribution(params).map(lambda s: s > RANKS.success_above)
    return dict(law.items())


def _will_or_coma_law(sheet: FluidSheet, params: NoParams) -> list[tuple[FluidSheet, Fraction]]:
    """`will_or_coma`'s `Operation.law`: passed or in a coma, by their exact odds."""
    if not _will_tested(sheet):
        return [(sheet, Fraction(1))]
    p = _will_params(sheet)
    law = _will_law(p.characteristic, p.penalty)
    return [(_will_kept(sheet, passed).sheet, odds) for passed, odds in law.items() if odds]


def _will_or_coma_staged(sheet: FluidSheet, params: NoParams) -> StagedChange[FluidSheet]:
    """`will_or_coma`'s two stages (`Operation.staged`): passed (1) or not (0), drawn from the
    test's exact odds (`_will_law`, keyed by VOL and penalty), then the change it makes; the
    same pieces as `_will_or_coma_law`. A simulator otherwise rolls the test on every trial
    (#32)."""
    if not _will_tested(sheet):
        return StagedChange.certain(Change(sheet, tr("pas de test de VOL", "no VOL test")))
    vol, penalty = tracks.effective(sheet, "VOL"), _will_penalty(sheet)
    return StagedChange(
        ("will", vol, penalty),
        lambda: _will_stage(vol, penalty),
        lambda value: _will_kept(sheet, bool(value)),
    )


def _will_stage(characteristic: int, penalty: int) -> DiceLaw:
    """`_will_law` as integer weights: 0 failed, 1 passed (those of nonzero odds)."""
    odds = [(int(passed), p) for passed, p in sorted(_will_law(characteristic, penalty).items())]
    kept = [(value, p) for value, p in odds if p]
    den = lcm(*(p.denominator for _, p in kept))
    weights = [p.numerator * (den // p.denominator) for _, p in kept]
    return DiceLaw([value for value, _ in kept], weights, 0, den)


@operation(
    "will_or_coma",
    cite(SEED, 1501, 1507),
    cite(SEED, 1495, 1498, note="the survival test's penalty"),
    cite(SEED, 1509, 1510, note="the coma's days"),
    law=_will_or_coma_law,
    law_examples=({},),
    staged=_will_or_coma_staged,
)
def will_or_coma(sheet: FluidSheet, params: NoParams, dice: DiceSource) -> Change[FluidSheet]:
    """The haemorrhage's VOL test (L1501-1507): « De plus, elle doit réussir un test de VOL ou
    tomber dans le coma ». Our reading: rolled with the haemorrhage's next survival test, at
    the end of the round (`encounter.round_tests`), once per aggravated failure (a haemorrhage
    that goes on was opened again); the coma lasts the test's disadvantages in days
    (L1509-1510). Nothing for one not bleeding, dead or in a coma already."""
    if not _will_tested(sheet):
        return Change(sheet, tr("pas de test de VOL", "no VOL test"))
    tested = _will_params(sheet)
    score, details = rolled_score(tested, dice)
    details.update(characteristic=tested.characteristic, survival_penalty=tested.penalty)
    passed = score > RANKS.success_above
    kept = _will_kept(sheet, passed)
    result = Resolution("passed" if passed else "coma", total=score, details=details)
    return Change(kept.sheet, kept.summary, result, kept.conditions)


SurvivalRoll = Literal["dice", "odds"]


def survival_test(
    sheet: FluidSheet, penalty: int, dice: DiceSource, roll: SurvivalRoll = "dice"
) -> Resolution | None:
    """The survival test of the sheet's CON with `penalty` disadvantages (L1495-1529): the
    `survival` check rolled die by die (`dice`), or its result drawn from the check's exact odds
    (`odds`: `survival_draw`, the same law without the dice shown, walkable where a test with
    many disadvantage dice is not). None where adrenaline already in the blood spares it
    (L1527-1529)."""
    if sheet.condition.adrenaline:
        return None
    con = tracks.effective(sheet, "CON")
    if roll == "dice":
        return Survival().resolve(_survival_params(con, penalty), dice)
    return _by_odds(con, penalty, survival_draw(con, penalty).draw(dice))


def _by_odds(con: int, penalty: int, outcome: str) -> Resolution:
    """A survival result drawn from its odds: its outcome and what it lasts, no dice."""
    details = {"characteristic": con, "penalty": penalty, **Survival.lasting(outcome, penalty)}
    return Resolution(outcome, details=details)


@lru_cache(maxsize=1024)
def _survival_params(characteristic: int, penalty: int) -> SurvivalParams:
    """The survival check's parameters, validated once per CON and penalty."""
    check = Survival()
    return check.parse({"characteristic": characteristic, "penalty": penalty})


def _survived(sheet: FluidSheet, penalty: int, result: Resolution | None) -> Change[FluidSheet]:
    """What a survival test's result leaves on the sheet (L1501-1529); None: adrenaline spent."""
    if result is None:
        changed = sheet.model_copy(
            update={"condition": sheet.condition.model_copy(update={"adrenaline": False})}
        )
        return Change(changed, tr("adrénaline : test ignoré", "adrenaline: test ignored"))
    cond = _condition(sheet.condition, result.outcome, penalty)
    label = Survival().outcome(result.outcome).label
    # an outcome that leaves the condition as it was leaves the sheet itself (a value)
    changed = sheet if cond is sheet.condition else sheet.model_copy(update={"condition": cond})
    if result.outcome == "coma" and sheet.condition.coma_days:
        return Change(changed, label, result, (_one_coma(sheet.condition.coma_days, cond),))
    return Change(changed, label, result, _conditions(result.outcome, penalty))


def _one_coma(before: int, cond: Condition) -> PutCondition:
    """A coma on one in a coma already (a haemorrhage's VOL test failed, then its survival
    test, L1504-1510): one coma, which ends at the later waking (`_condition`: the most days),
    in the place of the first."""
    days = cond.coma_days
    return PutCondition(tr(f"coma ({days} j)", f"coma ({days} d)"), replaces=f"coma ({before} j)")


@lru_cache(maxsize=1024)
def _conditions(outcome: str, penalty: int) -> tuple[PutCondition, ...]:
    """What a survival test's result puts on its bearer in an encounter (L1501-1529): death;
    a haemorrhage that calls for another test next round; coma for days and unconsciousness
    for hours (until the GM lifts them: longer than any fight); adrenaline until used. Only
    the outcome's words are made, once per outcome and penalty (a simulation asks this once
    per blow)."""
    if outcome == "death":
        return (PutCondition(tr("mort", "dead")),)
    if outcome == "haemorrhage":
        said = tr(
            f"hémorragie : test de survie au prochain round avec {penalty + 1} désavantages",
            f"haemorrhage: survival test next round with {penalty + 1} disadvantages",
        )
        return (PutCondition(said, 1),)
    found = {
        "coma": (f"coma ({penalty} j)", f"coma ({penalty} d)"),
        "unconscious": (f"inconscient ({penalty} h)", f"unconscious ({penalty} h)"),
        "adrenaline": (
            "adrénaline : prochain test de survie ignoré",
            "adrenaline: next survival void",
        ),
    }.get(outcome)
    return () if found is None else (PutCondition(tr(*found)),)


def _condition(cond: Condition, outcome: str, penalty: int) -> Condition:
    """The lasting result of a survival test. A haemorrhage keeps its next test's penalty, one
    more (L1501-1504): the worse where one already bleeds."""
    bleeds = max(cond.haemorrhage_penalty, min(penalty + 1, MAX_PENALTY))
    effects: dict[str, dict[str, Any]] = {
        "death": {"dead": True},
        "haemorrhage": {"haemorrhage": True, "haemorrhage_penalty": bleeds},
        # one coma: a second one's days count where they outlast the first's (L1509-1510)
        "coma": {"coma_days": max(cond.coma_days, penalty)},
        "unconscious": {"unconscious_hours": penalty},
        "adrenaline": {"adrenaline": True},
    }
    effect = effects.get(outcome)
    return cond if effect is None else cond.model_copy(update=effect)


class HitParams(Params):
    damage: int = FIELDS("hit_damage", ge=0, le=MAX_DAMAGE)
    wound_name: str | None = FIELDS("hit_wound_name", default=None)
    hinders: str = FIELDS("wound_hinders", default="*")
    survival_test: bool = FIELDS("survival_test", default=True)
    survival_combine: Literal["max", "sum"] = OPTIONS["survival_combine"].field()
    survival_roll: SurvivalRoll = FIELDS("survival_roll", default="dice")


def _take_hit_sheets(sheet: FluidSheet, params: HitParams) -> list[tuple[FluidSheet, Fraction]]:
    """`take_hit`'s `Operation.law`: the sheets of `take_hit_law`, whichever way the survival
    test is drawn (by dice or by its odds: the same law)."""
    return [(change.sheet, p) for change, p in take_hit_law(sheet, params)]


def _take_hit_staged(sheet: FluidSheet, params: HitParams) -> StagedChange[FluidSheet]:
    """`take_hit`'s two stages (`Operation.staged`): the survival test's outcome, drawn from
    its exact odds (`survival_law`, keyed by CON and penalty: every sheet with the same shares
    it), then the change it makes; the same pieces as `take_hit_law`."""
    hurt, penalty, done = _hit(sheet, params)
    if not penalty:
        return StagedChange.certain(hurt)
    if hurt.sheet.condition.adrenaline:
        return StagedChange.certain(_tested(hurt, penalty, done, None))
    con = tracks.effective(hurt.sheet, "CON")

    def settle(value: int) -> Change[FluidSheet]:
        return _tested(hurt, penalty, done, _by_odds(con, penalty, SURVIVAL_ORDER[value]))

    # the law made on demand: a simulator asks it only for a key many of its trials share;
    # else rolls the test (`roll`). Settling reads the wounded sheet and the blow's
    # conditions alone (`_tested`), whatever wound led there.
    return StagedChange(
        ("survival", con, penalty),
        lambda: _survival_stage(con, penalty),
        settle,
        _settle_reads(hurt.sheet, hurt.conditions),
        lambda dice: _rolled_outcome(con, penalty, dice, params.survival_roll),
    )


#: A survival test's outcomes in the check's order: a staged test's value is its outcome's
#: place here, whether drawn from the law or rolled.
SURVIVAL_ORDER: tuple[str, ...] = tuple(dict.fromkeys(o.name for o in Survival.outcomes))


@lru_cache(maxsize=1024)
def _survival_stage(con: int, penalty: int) -> DiceLaw:
    """The survival test's exact law (`survival_law`) as integer weights, each outcome by its
    place in SURVIVAL_ORDER, in the law's own order."""
    law = survival_law(con, penalty)
    outcomes = tuple(law.outcomes())
    weights = [law.weight(o) for o in outcomes]
    values = [SURVIVAL_ORDER.index(o) for o in outcomes]
    return DiceLaw(values, weights, 0, law.denominator)


def _rolled_outcome(con: int, penalty: int, dice: DiceSource, roll: SurvivalRoll = "dice") -> int:
    """A survival test rolled as `survival_test` rolls it (die by die, or drawn from its odds),
    as its outcome's place in SURVIVAL_ORDER."""
    if roll == "dice":
        outcome = Survival().resolve(_survival_params(con, penalty), dice).outcome
    else:
        outcome = survival_draw(con, penalty).draw(dice)
    return SURVIVAL_ORDER.index(outcome)


def _settle_reads(sheet: FluidSheet, conditions: tuple[PutCondition, ...]) -> Hashable:
    """What a survival test's settling reads (`StagedChange.reads`): the sheet it is rolled
    on, as a fight reads it (its conditions that act with it), and the conditions the change
    brings along."""
    acting = ongoing.state_key(sheet) if sheet.ongoing else None
    return tracks.fight_state(sheet), acting, conditions


@operation(
    "take_hit",
    cite(SEED, 1425, 1439, note="RES, then wound Traits"),
    cite(SEED, 1459, 1529, note="critical wounds and the survival test"),
    cite(SEED, 1645, 1649, note="minions: out at RES 0, survival test optional"),
    law=_take_hit_sheets,
    # the survival test by its odds: by dice, its exploding d10 never end a walk
    law_examples=(
        {"damage": 4, "survival_roll": "odds"},
        {"damage": 30, "survival_roll": "odds"},
        {"damage": 30, "survival_roll": "odds", "survival_combine": "sum"},
    ),
    staged=_take_hit_staged,
)
def take_hit(sheet: FluidSheet, params: HitParams, dice: DiceSource) -> Change[FluidSheet]:
    """RES first, then a wound Trait, then the survival test of a critical wound (L1425-1529):
    rolled die by die, or drawn from its exact odds (`survival_roll`)."""
    hurt, penalty, done = _hit(sheet, params)
    if not penalty:
        return hurt
    return _tested(
        hurt, penalty, done, survival_test(hurt.sheet, penalty, dice, params.survival_roll)
    )


def take_hit_law(sheet: FluidSheet, params: HitParams) -> list[tuple[Change[FluidSheet], Fraction]]:
    """`take_hit`'s exact law of changes, its survival test by its odds (`survival_law`): each
    result's change with its probability, for a simulator that takes an operation's law
    instead of walking its dice (a survival test by dice cannot be walked, by odds it costs a
    walk per state; this costs the law once per CON and penalty, then a change per result)."""
    hurt, penalty, done = _hit(sheet, params)
    if not penalty:
        return [(hurt, Fraction(1))]
    if hurt.sheet.condition.adrenaline:
        return [(_tested(hurt, penalty, done, None), Fraction(1))]
    con = tracks.effective(hurt.sheet, "CON")
    return [
        (_tested(hurt, penalty, done, _by_odds(con, penalty, outcome)), p)
        for outcome, p in survival_law(con, penalty).items()
    ]


def _tested(
    hurt: Change[FluidSheet],
    penalty: int,
    done: dict[str | None, Change[FluidSheet]],
    result: Resolution | None,
) -> Change[FluidSheet]:
    """The hit's change with the survival test's `result` (None: adrenaline spent): the sheet,
    summary and conditions follow from the outcome alone, worked out once each."""
    outcome = None if result is None else result.outcome
    found = done.get(outcome)
    if found is None:
        test = _survived(hurt.sheet, penalty, result)
        summary = tr(
            f"{hurt.summary.fr} ; test de survie : {test.summary.fr}",
            f"{hurt.summary.en}; survival test: {test.summary.en}",
        )
        found = Change(test.sheet, summary, test.resolution, hurt.conditions + test.conditions)
        done[outcome] = found
    if found.resolution is not result:  # another roll of the same outcome: its work shown
        found = Change(found.sheet, found.summary, result, found.conditions)
    return found


#: take_hit's work by the identity of its sheet and of its parameters (validated once per values
#: and shared, `validated`; never changed in place): the damage taken,
#: the survival test's penalty (0: none) and the change each survival result makes. The
#: simulator reads `take_hit_law` for every state a blow reaches, and a walk replays the
#: operation once per dice sequence: the damage is worked out once, each result's change
#: once. Sheets are values: no rule changes one in place. 1,024 entries, each a few sheets: a
#: simulation's rolled route asks a (state, blow) again within a batch's call or soon after
#: (5,000 cold Fluid fights, one process: peak 171 MB at 4,096, 156 at 2,048, 147 at 1,024;
#: ~5,000 more misses, ~0.15 s).
_HITS: KeptBy[tuple[Change[FluidSheet], int, dict[str | None, Change[FluidSheet]]]] = KeptBy(1024)


def _hit(
    sheet: FluidSheet, params: HitParams
) -> tuple[Change[FluidSheet], int, dict[str | None, Change[FluidSheet]]]:
    return _HITS.get((sheet, params), None, lambda: _hurt(sheet, params))


def _hurt(
    sheet: FluidSheet, params: HitParams
) -> tuple[Change[FluidSheet], int, dict[str | None, Change[FluidSheet]]]:
    # take_damage's rule on RES, from parameters already checked against the same bounds (a
    # simulation applies this once per blow), its wound worked out once
    wound = _wound(sheet, params.damage, params.survival_combine)
    hurt = _damaged(sheet, wound, params.wound_name, params.hinders)
    penalty = 0
    if params.survival_test and wound.survival_penalty and not sheet.minion:
        penalty = min(MAX_PENALTY, wound.survival_penalty)  # past it, only wounds piled by hand
    return hurt, penalty, {}
