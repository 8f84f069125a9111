"""Exact distribution of a parsed expression, computed analytically (never by listing rolls).

Per dice term: the fair die, then the reroll (`r` conditions the die on the faces it keeps, `ro`
mixes one reroll in), then the explosion (each roll adds the next while it shows an exploding
face, followed `depth` extra rolls deep: the mass beyond is the reported residual), then keep /
drop by rank (`order.kept_sum`), then successes minus failures, or matching sets. Terms are
convolved; `* / % **` combine every pair of outcomes exactly (fractions stay fractions).
Before any heavy step the cost is estimated and refused past the limits in `limits`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import lcm, log2
from typing import Any

from ecran.dice.distribution import Distribution
from ecran.dice.explode import chains_sum, explode, explode_chain
from ecran.dice.notation import arith, exploded, limits
from ecran.dice.notation.ast import (
    BinOp,
    Call,
    Comparison,
    Constant,
    Dice,
    Explode,
    Expression,
    Group,
    Keep,
    Labelled,
    Node,
    Sum,
    Value,
    kept_range,
)
from ecran.dice.notation.errors import NotationError
from ecran.dice.notation.order import kept_statistic, kept_sum, weighted, work
from ecran.dice.notation.parser import parse
from ecran.dice.notation.shortcuts import bare_numbers, kept_numbers


def distribution(
    expression: Expression | str, depth: int = limits.DEFAULT_DEPTH
) -> Distribution[Value]:
    """The exact distribution of the expression's total (a sub-distribution if truncated)."""
    if type(expression) is str and 0 <= depth <= limits.MAX_DEPTH:
        numbers = bare_numbers(expression)  # `NdX ± C`: no tree to build
        if numbers is not None:
            return _fair_sum(*numbers)
        kept = kept_numbers(expression)  # `NdXkhK ± C`, `NdXklK ± C`: no tree either
        if kept is not None:
            return _fair_kept(*kept)
    expr = parse(expression) if isinstance(expression, str) else expression
    if not 0 <= depth <= limits.MAX_DEPTH:
        raise NotationError(
            f"profondeur d'explosion entre 0 et {limits.MAX_DEPTH}, pas {depth}",
            f"explosion depth must be between 0 and {limits.MAX_DEPTH}, not {depth}",
        )
    quick = _bare(expr.root)
    if quick is None:
        quick = _kept_quick(expr.root, depth)
    if quick is not None:
        return quick
    _check_size(expr.root, depth)
    return _node(expr.root, depth)


def _single_term(root: Node) -> tuple[Dice, int] | None:
    """`root` as one dice term plus an integer constant (0 if none), else None."""
    if not isinstance(root, Sum) or not 1 <= len(root.terms) <= 2:
        return None
    (sign, term), *rest = root.terms
    if sign != 1 or not isinstance(term, Dice):
        return None
    shift = 0
    if rest:
        (sign, constant), *_ = rest
        if not isinstance(constant, Constant) or type(constant.value) is not int:
            return None
        shift = sign * constant.value
    return term, shift


def _bare(root: Node) -> Distribution[Value] | None:
    """`NdX` or `NdX ± C`, the commonest question, straight to the kernel's power of one die
    (the same distribution the general way gives; fewer steps on a first call)."""
    single = _single_term(root)
    if single is None or not single[0].bare:
        return None
    term, shift = single
    return _fair_sum(term.count, term.sides, shift)


def _fair_sum(count: int, sides: int, shift: int) -> Distribution[Value]:
    """`count` fair dice of `sides` faces summed, plus `shift`, within the size limits."""
    _bounded((count * (sides - 1), count * log2(sides)))
    return _bare_sum(count, sides, shift)


@lru_cache(maxsize=256)
def _bare_sum(count: int, sides: int, shift: int) -> Distribution[Value]:
    # cached like `_dice`: asked again, `40d6` is a lookup
    total: Distribution[Value] = Distribution.dice_sum(count, sides)  # type: ignore[assignment]
    return total.map(lambda x: x + shift) if shift else total


def _kept_quick(root: Node, depth: int) -> Distribution[Value] | None:
    """`NdX` kept by rank (`kh`, `kl`, `dh`, `dl`, chained) `± C`, the next commonest, straight
    to the kernel's keep (the same refusals and the same distribution as the general way,
    cached by its numbers rather than by its tree)."""
    single = _single_term(root)
    if single is None:
        return None
    term, shift = single
    if not term.keeps or term.fate or term.clamped:
        return None
    if term.reroll or term.explode or term.success or term.match:
        return None
    _cost(term, depth)
    lo, hi = kept_range(term.keeps, term.count)
    return _kept_sum(term.count, term.sides, lo, hi, shift)


def _fair_kept(
    count: int, sides: int, highest: bool, k: int, shift: int, text: str
) -> Distribution[Value]:
    """The `k` highest (or lowest) of `count` fair dice, plus `shift`: the refusals of the
    general way (`_pool_cost` for one plain die) from the numbers alone, then the kernel."""
    lo, hi = (0, k) if highest else (count - k, count)
    bits = count * log2(sides)
    _keep_work(text, sides, count, lo, hi, k * sides + 1, 1, bits)
    _bounded((sides * k, bits))
    return _kept_sum(count, sides, lo, hi, shift)


@lru_cache(maxsize=256)
def _kept_sum(count: int, sides: int, lo: int, hi: int, shift: int) -> Distribution[Value]:
    kept: Distribution[Value] = kept_sum([(Distribution.die(sides), count)], lo, hi)  # type: ignore[assignment]
    return kept.map(lambda x: x + shift) if shift else kept


def _node(node: Node, depth: int) -> Distribution[Value]:
    if isinstance(node, Constant):
        return Distribution.constant(node.value)
    if isinstance(node, Dice):
        return _dice(node, depth)
    if isinstance(node, Labelled):
        return _node(node.node, depth)
    if isinstance(node, Call):
        name = node.name
        return _node(node.arg, depth).map(lambda x: arith.call(name, x))
    if isinstance(node, BinOp):
        return _combine(_node(node.left, depth), _node(node.right, depth), node.op)
    if isinstance(node, Group):
        return _group(node, depth)
    return _sum(node, depth)


def _sum(node: Sum, depth: int) -> Distribution[Value]:
    shift: Value = 0
    result: Distribution[Value] | None = None
    for sign, child in node.terms:
        if isinstance(child, Constant):
            shift += sign * child.value
            continue
        part = _node(child, depth)
        if result is None:
            result = part if sign > 0 else -part
        else:
            result = _combine(result, part, "+" if sign > 0 else "-")
    shift = arith.normal(shift)
    if result is None:
        return Distribution.constant(shift)
    return result.map(lambda x: arith.normal(x + shift)) if shift else result


def _combine(a: Distribution[Value], b: Distribution[Value], op: str) -> Distribution[Value]:
    whole = all(type(x) is int for x in a.weights()) and all(type(x) is int for x in b.weights())
    if op in "+-" and whole:
        return a + b if op == "+" else a - b  # the kernel's convolution (packed when large)
    if len(a) * len(b) > limits.MAX_PAIRS:
        raise NotationError(
            f"calcul exact trop gros : {len(a)} × {len(b)} paires de résultats à combiner par "
            f"« {op} » (au plus {limits.MAX_PAIRS}) ; lancez plutôt les dés",
            f"exact odds too large: {len(a)} × {len(b)} pairs of outcomes to combine with "
            f"'{op}' (at most {limits.MAX_PAIRS}); roll the dice instead",
        )
    if op in "/%" and b.weight(0):
        raise NotationError(
            f"division par zéro possible (« {op} » par un total qui peut valoir 0)",
            f"possible division by zero ('{op}' by a total that can be 0)",
        )
    return a.combine(b, lambda x, y: arith.apply(op, x, y))


@lru_cache(maxsize=256)
def _dice(node: Dice, depth: int) -> Distribution[Value]:
    # cached per (term, depth): Distributions are immutable, and `3d6+3d6` is one computation
    explosion = node.explode
    if explosion is not None and not explosion.into_die:
        # `!`, `e`, `ra`: every roll of a chain is a die of its own; kept by rank over the whole
        # grown pool (Roll20), else each roll is scored
        if node.keeps:
            return _exploded_pool([node], node.keeps, node, depth)
        return _chains(node, explosion, depth)
    kept = kept_range(node.keeps, node.count) if node.keeps else ()
    return _pool([node], kept, node, depth)


def _pool(
    terms: list[Dice], kept: tuple[int, int] | tuple[()], scoring: Dice | Group, depth: int
) -> Distribution[Any]:
    """Dice of one or several terms pooled, then kept by rank and scored: the sum of the kept
    dice, successes minus failures, or (`mt`) the number of matching sets."""
    score = _score(scoring.success, scoring.failure)
    match = scoring.match if isinstance(scoring, Dice) else None
    types = [(_die_value(t, depth, scoring), t.count) for t in terms]
    n = sum(count for _, count in types)
    lo, hi = kept if kept else (0, n)
    if match is not None and match.total:
        size = match.size
        die, count = types[0]
        return kept_statistic([(die, count)], lo, hi, lambda face, c: 1 if c >= size else 0)
    if lo == 0 and hi == n:
        result: Distribution[int] | None = None
        for die, count in types:
            part = (die.map(score) if score else die).repeat(count)
            result = part if result is None else result + part
        return result if result is not None else Distribution.constant(0)
    return kept_sum(types, lo, hi, score)


def _exploded_pool(
    terms: list[Dice], keeps: tuple[Keep, ...], scoring: Dice | Group, depth: int
) -> Distribution[Any]:
    """Keep/drop over a pool that `!` explosions grow (`exploded.kept_pool`)."""
    if len(keeps) != 1:
        raise _chained_on_exploded(scoring.text)
    specs = _chain_specs(terms, depth, scoring)
    return exploded.kept_pool(specs, keeps[0], _score(scoring.success, scoring.failure))


def _chain_specs(terms: list[Dice], depth: int, scoring: Dice | Group) -> list[exploded.ChainSpec]:
    specs = []
    for t in terms:
        value: Callable[[int], int] = t.clamp
        explosion = t.explode
        if explosion is not None and not explosion.into_die:
            extra = explosion.limit if explosion.limit is not None else depth
            truncated = explosion.limit is None
            die, on = _rerolled(t), explosion.faces
        else:  # a plain, rerolled or compounded die: one roll of the pool
            die, on, extra, truncated = _die_value(t, depth, scoring), frozenset(), 0, False
            value = _same
        specs.append(exploded.ChainSpec(die, t.count, on, extra, truncated, value))
    return specs


def _same(x: int) -> int:
    return x


def _chained_on_exploded(text: str) -> NotationError:
    return NotationError(
        f"« {text} » : sur des dés qui explosent avec !, une seule clause de garde "
        "(kh, kl, dh ou dl)",
        f"'{text}': on dice exploding with !, one keep/drop clause only (kh, kl, dh or dl)",
    )


def _die_value(node: Dice, depth: int, scoring: Dice | Group) -> Distribution[int]:
    """One die of the term as it stands for keep/drop: rerolled, compounded, clamped."""
    die = _rerolled(node)
    explosion = node.explode
    if explosion is not None and explosion.penetrate:
        die = _penetrating(die, explosion.faces, depth)
    elif explosion is not None:
        cap = _cap(scoring, node, depth)
        if cap is not None:
            die = explode(die, explosion.faces, cap=cap)
        else:
            die = explode_chain(die, explosion.faces, max_depth=depth)
    return die.map(node.clamp) if node.clamped else die


def _cap(scoring: Dice | Group, node: Dice, depth: int) -> int | None:
    """A compounded die under a target number: every total from the cap up scores alike (all
    pass `>N`, none is `<N` or `=N`), so the explosion saturates there exactly (DESIGN.md
    "Exactness") instead of being cut at `depth`."""
    if scoring.success is None or node.clamped:
        return None
    if isinstance(scoring, Dice) and scoring.match is not None:
        return None
    conds = [c for c in (scoring.success, scoring.failure) if c is not None]
    cap = max(c.value if c.op in (">", ">=") else c.value + 1 for c in conds)
    return cap if 1 <= cap <= (depth + 1) * node.sides else None


def _chains(node: Dice, explosion: Explode, depth: int) -> Distribution[Any]:
    """Σ score over the term's chains of rolls, each roll a die of its own."""
    die, value = _rerolled(node), _roll_value(node)
    if explosion.limit is None:  # `!`: the chains summed at once (`explode.chains_sum`)
        return chains_sum(die, explosion.faces, node.count, max_depth=depth, score=value)
    # d20's `ra`: a die showing an exploding face rolls once more, and that roll does not
    stop, going = _split(die, explosion.faces)
    once = die.map(value)
    return _mix(stop.map(value), going.map(value) + once).repeat(node.count)


def _roll_value(node: Dice) -> Callable[[int], int]:
    """What one roll of a `!` chain counts for: its face clamped (`mi`/`ma`), then scored
    against the target number if there is one."""
    score = _score(node.success, node.failure)
    clamp = node.clamp
    return (lambda f: score(clamp(f))) if score is not None else clamp


def _penetrating(die: Distribution[int], faces: frozenset[int], depth: int) -> Distribution[int]:
    """`!p` (Roll20, from HackMaster): the die explodes like `!!`, each extra roll counting one
    less; the explosion is tested on the face rolled, before the one is taken off."""
    stop, going = _split(die, faces)
    if not going.weights() or depth == 0:
        return stop
    lowered = die.map(lambda f: f - 1)
    rest = explode_chain(lowered, {f - 1 for f in faces}, max_depth=depth - 1)
    return _mix(stop, going + rest)


def _split(die: Distribution[int], faces: frozenset[int]) -> tuple[Distribution[int], ...]:
    weights = die.weights()
    stop = {f: w for f, w in weights.items() if f not in faces}
    going = {f: w for f, w in weights.items() if f in faces}
    return Distribution(stop, die.denominator), Distribution(going, die.denominator)


def _mix(a: Distribution[int], b: Distribution[int]) -> Distribution[int]:
    """Two sub-distributions of disjoint events, as one."""
    common = lcm(a.denominator, b.denominator)
    weights: dict[int, int] = {}
    for dist in (a, b):
        scale = common // dist.denominator
        for outcome, w in dist.weights().items():
            weights[outcome] = weights.get(outcome, 0) + w * scale
    return Distribution(weights, common).reduced()


def _score(success: Comparison | None, failure: Comparison | None) -> Callable[[int], int] | None:
    """Roll20's target numbers: a die counts +1 if it succeeds and -1 if it fails."""
    if success is None:
        return None
    hit = success.test
    if failure is None:
        return lambda face: 1 if hit(face) else 0
    miss = failure.test
    return lambda face: (1 if hit(face) else 0) - (1 if miss(face) else 0)


def _rerolled(node: Dice) -> Distribution[int]:
    faces = node.faces()
    die = Distribution.faces(faces)
    reroll = node.reroll
    if reroll is None or not reroll.faces:
        return die
    if not reroll.once:
        return die.condition(lambda face: face not in reroll.faces)
    # once: the faces in the set are replaced by one fresh roll, whatever it shows
    k, hit = len(faces), len(reroll.faces)
    weights = {f: (0 if f in reroll.faces else k) + hit for f in faces}
    return Distribution(weights, k * k).reduced()


# -- groups --------------------------------------------------------------------------------------


def _group(node: Group, depth: int) -> Distribution[Value]:
    pooled = node.pooled()
    if pooled is not None:
        if not pooled or any(t.keeps or t.success or t.match for t in pooled):
            raise _one_roll_group(node)
        if any(t.explode and not t.explode.into_die for t in pooled):
            if node.keeps:
                return _exploded_pool(pooled, node.keeps, node, depth)
            score = _score(node.success, node.failure)
            result: Distribution[Value] = Distribution.constant(0)
            for t in pooled:
                scored = Dice(
                    t.count,
                    t.sides,
                    t.reroll,
                    t.explode,
                    fate=t.fate,
                    success=node.success,
                    failure=node.failure,
                    minimum=t.minimum,
                    maximum=t.maximum,
                )
                assert score is not None
                result = result + _dice(scored, depth)
            return result
        n = sum(t.count for t in pooled)
        kept = kept_range(node.keeps, n) if node.keeps else ()
        return _pool(pooled, kept, node, depth)
    items = [_node(item, depth) for item in node.items]
    score = _score(node.success, node.failure)
    if not node.keeps or kept_range(node.keeps, len(items)) == (0, len(items)):  # all kept
        total: Distribution[Value] = Distribution.constant(0)
        for item in items:
            total = _combine(total, item.map(score) if score else item, "+")  # type: ignore[arg-type]
        return total
    kept = kept_range(node.keeps, len(items))
    extreme = _extreme_rank(kept, len(items))
    if extreme is not None:
        return _extreme(items, extreme, score)
    return _kept_items(items, kept, score)


def _extreme_rank(kept: tuple[int, int], n: int) -> bool | None:
    """True when the kept range is the highest sub-roll alone, False the lowest alone, else
    None (in `_kept_items`'s terms: one rank at the end it visits from)."""
    lo, hi = kept
    if hi <= n - lo:
        return True if (lo, hi) == (0, 1) else None
    return False if (n - hi, n - lo) == (0, 1) else None


def _extreme(
    items: list[Distribution[Value]], highest: bool, score: Callable[[int], int] | None
) -> Distribution[Value]:
    """The highest (or lowest) of independent sub-rolls, `{A, B}kh1`: P(max <= x) is the product
    of each sub-roll's P(<= x), so one pass over their totals in order, instead of following
    every pair of totals (`{300d4, 300d4}kh1` took 1.2 s that way)."""
    points = sorted({v for item in items for v in item.weights()}, reverse=not highest)
    tables = [item.weights() for item in items]
    running = [0] * len(items)
    weights: dict[Value, int] = {}
    below = 0  # the product of the running weights at the previous total
    for x in points:
        product = 1
        for i, table in enumerate(tables):
            running[i] += table.get(x, 0)
            product *= running[i]
        value = arith.normal(score(x) if score is not None else x)  # type: ignore[arg-type]
        weights[value] = weights.get(value, 0) + product - below
        below = product
    denominator = 1
    for item in items:
        denominator *= item.denominator
    return Distribution(weights, denominator).reduced()


def _kept_items(
    items: list[Distribution[Value]],
    kept: tuple[int, int],
    score: Callable[[int], int] | None,
) -> Distribution[Value]:
    """Keep/drop over sub-rolls that differ: follow the `hi` best totals seen so far (in the
    visit order nearest the kept ranks), one sub-roll after another."""
    n = len(items)
    lo, hi = kept
    descending = hi <= n - lo
    if not descending:
        lo, hi = n - hi, n - lo
    states: dict[tuple[Value, ...], int] = {(): 1}
    for item in items:
        if len(states) * len(item) > limits.MAX_PAIRS:
            raise _too_many_states()
        nxt: dict[tuple[Value, ...], int] = {}
        for best, w in states.items():
            for outcome, wv in item.weights().items():
                merged = sorted((*best, outcome), reverse=descending)[:hi]
                key = tuple(merged)
                nxt[key] = nxt.get(key, 0) + w * wv
        if len(nxt) > limits.MAX_GROUP_STATES:
            raise _too_many_states()
        states = nxt
    weights: dict[Value, int] = {}
    for best, w in states.items():
        chosen = best[lo:hi]
        value: Value = 0
        for x in chosen:
            value += score(x) if score is not None else x  # type: ignore[arg-type]
        value = arith.normal(value)
        weights[value] = weights.get(value, 0) + w
    denominator = 1
    for item in items:
        denominator *= item.denominator
    return Distribution(weights, denominator).reduced()


def _one_roll_group(node: Group) -> NotationError:
    return NotationError(
        f"« {node.text} » : dans un groupe d'un seul jet, garder et compter portent sur ses dés ; "
        "n'y mettez que des dés additionnés sans modificateur de garde ni de cible "
        "(ex. {4d6+3d8}kh3), ou séparez les jets par des virgules",
        f"'{node.text}': in a one-roll group, keep/drop and targets apply to its dice; put only "
        "dice added together there, without their own keep or target (e.g. {4d6+3d8}kh3), or "
        "separate the rolls with commas",
    )


def _too_many_states() -> NotationError:
    return NotationError(
        "calcul exact trop gros pour garder des jets d'un groupe ; lancez plutôt les dés",
        "exact odds too large to keep sub-rolls of a group; roll the dice instead",
    )


# -- cost estimates ------------------------------------------------------------------------------


def _check_size(node: Node, depth: int) -> None:
    """Refuse before computing: every distribution the computation builds (the whole's and each
    part's, `{1000d10, 3d6}>5` builds `1000d10` first) within the size limits."""
    _cost(node, depth)


def _bounded(size: tuple[int, float]) -> tuple[int, float]:
    """`size` (width of the range of totals, denominator bits) if within the limits, else the
    one-line refusal."""
    span, bits = size
    if span + 1 > limits.MAX_OUTCOMES or (span + 1) * bits > limits.MAX_RESULT_BITS:
        raise NotationError(
            f"calcul exact trop gros : environ {span + 1} totaux possibles sur un dénominateur "
            f"de {round(bits)} bits ; réduisez les dés ou --depth, ou lancez plutôt les dés",
            f"exact odds too large: about {span + 1} possible totals over a {round(bits)}-bit "
            "denominator; use fewer dice or a smaller --depth, or roll the dice instead",
        )
    return size


def _cost(node: Node, depth: int) -> tuple[int, float]:
    """(width of the range of totals, bits of the denominator): the size of the result, each
    node's checked against the limits (a part may be larger than the whole it scores)."""
    return _bounded(_size(node, depth))


def _size(node: Node, depth: int) -> tuple[int, float]:
    if isinstance(node, Constant):
        return 0, 0.0
    if isinstance(node, Labelled | Call):
        return _cost(node.node if isinstance(node, Labelled) else node.arg, depth)
    if isinstance(node, BinOp):
        (sa, ba), (sb, bb) = _cost(node.left, depth), _cost(node.right, depth)
        return (sa + 1) * (sb + 1) - 1, ba + bb
    if isinstance(node, Sum):
        costs = [_cost(child, depth) for _, child in node.terms]
        return sum(c[0] for c in costs), sum(c[1] for c in costs)
    if isinstance(node, Group):
        pooled = node.pooled()
        if pooled:
            scored = node.success is not None
            return _pool_cost(pooled, node.keeps, scored, node.text, depth, node.failure)
        costs = [_cost(child, depth) for child in node.items]
        if node.success is not None:
            return len(costs), sum(c[1] for c in costs)
        return sum(c[0] for c in costs), sum(c[1] for c in costs)
    scored = node.success is not None or (node.match is not None and node.match.total)
    return _pool_cost([node], node.keeps, scored, node.text, depth, node.failure)


def _pool_cost(
    terms: list[Dice],
    keeps: tuple[Keep, ...],
    scored: bool,
    text: str,
    depth: int,
    failure: Comparison | None = None,
) -> tuple[int, float]:
    if keeps and any(t.explode and not t.explode.into_die for t in terms):
        return _exploded_cost(terms, keeps, scored, text, depth)
    span = 0
    bits = 0.0
    faces = 0
    count = sum(t.count for t in terms)
    for t in terms:
        rolls = (t.explode.limit or depth) + 1 if t.explode else 1
        once = 2 if t.reroll and t.reroll.once else 1
        bits += log2(len(t.faces())) * rolls * once * t.count
        per_die = len(t.faces()) * rolls
        faces = max(faces, per_die)
        span += t.count * (rolls if scored else per_die)
    matching = len(terms) == 1 and terms[0].match is not None and terms[0].match.total
    if not keeps and not matching:
        return span, bits
    lo, hi = kept_range(keeps, count) if keeps else (0, count)
    kept = max(hi - lo, 0)
    # running totals: a count of successes spans 0..kept, minus failures -kept..kept
    sums = ((2 if failure is not None else 1) * kept + 1) if scored else kept * faces + 1
    _keep_work(text, faces, count, lo, hi, sums, len(terms), bits)
    return (1 if scored else faces) * kept, bits


def _keep_work(
    text: str, faces: int, count: int, lo: int, hi: int, sums: int, types: int, bits: float
) -> None:
    """Refuse a keep/drop whose estimated steps (`order.work`), weighted by the size of their
    integers, are past the budget."""
    if weighted(work(faces, count, lo, hi, sums, types), bits) > limits.MAX_KEEP_WORK:
        kept = max(hi - lo, 0)
        raise NotationError(
            f"« {text} » : garder {kept} dés sur {count} est trop coûteux "
            "à calculer exactement ; lancez plutôt les dés",
            f"'{text}': keeping {kept} of {count} dice is too costly to compute "
            "exactly; roll the dice instead",
        )


def _exploded_cost(
    terms: list[Dice], keeps: tuple[Keep, ...], scored: bool, text: str, depth: int
) -> tuple[int, float]:
    """A pool grown by `!` explosions, kept by rank (`exploded.work` against the budget)."""
    if len(keeps) != 1:
        raise _chained_on_exploded(text)
    shape: list[tuple[int, int, int]] = []
    bits = 0.0
    value = 0
    for t in terms:
        faces = len(t.faces())
        if t.explode is not None and not t.explode.into_die:
            rolls = (t.explode.limit or depth) + 1
            shape.append((t.count, faces, rolls))
            value = max(value, max(abs(f) for f in t.faces()))
        else:
            rolls = (t.explode.limit or depth) + 1 if t.explode else 1
            shape.append((t.count, faces * rolls, 1))
            value = max(value, faces * rolls)
        bits += log2(faces) * rolls * t.count
    span = 2 if scored else value
    rolls_in_all = sum(count * rolls for count, _, rolls in shape)
    steps = exploded.work(shape, keeps[0], span + 1)
    if steps > limits.MAX_KEEP_WORK:
        raise exploded.too_costly()
    return rolls_in_all * span, bits
