"""Play state read from a sheet, as pure functions: derived attributes, current pools, spent
points and the penalties that follow (L103-133, L790-800, L1413-1439, L1569-1573)."""

from __future__ import annotations

from ecran.rules import SheetRow, joined, tr
from ecran.rules.memo import per_object
from ecran.rules.system import Status
from ecran.systems.fluid.sheet import CODES, Characteristics, FluidSheet, Trait
from ecran.systems.fluid.tables import CHARACTER

#: Every characteristic an action can call for: the codes a hindrance is read for.
ACTION_CODES = (*CODES, "MAG")


#: The characteristics each attribute adds up (L103-133), by the attribute's code.
ATTRIBUTE_SUMS = {a.code: tuple(a.sum) for a in CHARACTER.attribute}


def attribute(sheet: FluidSheet, code: str) -> int:
    """RES = CON + VOL, AUR = CHA + CONN, SAN = INT + PER, INI = FOR + AGI (L103-133)."""
    return _attributes(sheet.characteristics)[code]


def _sums(characteristics: Characteristics) -> dict[str, int]:
    """Every attribute of these characteristics (`ATTRIBUTE_SUMS`)."""
    return {
        code: sum(characteristics.score(c) for c in summed)
        for code, summed in ATTRIBUTE_SUMS.items()
    }


#: `_sums` by the identity of a sheet's characteristics: every copy of a sheet shares them
#: (no rule changes them in place), and a fight reads a pool's maximum for each new sheet.
_attributes = per_object(_sums, 1024)


#: Each pool's field on the sheet.
_POOL_FIELD = {"RES": "res", "AUR": "aur", "SAN": "san"}


def current(sheet: FluidSheet, pool: str) -> int:
    """Current RES/AUR/SAN; an empty field means the pool is full."""
    value = getattr(sheet, _POOL_FIELD.get(pool) or pool.lower())
    return attribute(sheet, pool) if value is None else int(value)


def effective(sheet: FluidSheet, code: str) -> int:
    """A characteristic minus the points spent from it (L794, back 1 a day, L1571)."""
    return sheet.characteristics.score(code) - sheet.spent.get(code, 0)


def hindrance(sheet: FluidSheet, code: str) -> int:
    """Disadvantages the sheet's negative Traits put on actions of this characteristic."""
    return sum(
        t.value
        for t in sheet.traits
        if t.kind == "negative" and ("*" in t.hinders or code in t.hinders)
    )


def hindrances(sheet: FluidSheet) -> tuple[int, ...]:
    """`hindrance` for every characteristic, in `ACTION_CODES` order, in one pass."""
    return _hindrances(sheet.traits)


def _hindrances(traits: list[Trait]) -> tuple[int, ...]:
    found = dict.fromkeys(ACTION_CODES, 0)
    for t in traits:
        if t.kind == "negative":
            hit = ACTION_CODES if "*" in t.hinders else [c for c in found if c in t.hinders]
            for code in hit:
                found[code] += t.value
    return tuple(found.values())


def wound_total(sheet: FluidSheet) -> int:
    return _wound_total(sheet.traits)


def _wound_total(traits: list[Trait]) -> int:
    return sum(t.value for t in traits if t.origin == "wound")


def initiative(sheet: FluidSheet) -> int:
    """INI − weapon − armour − shield (L975-979)."""
    gear = sheet.equipment
    return attribute(sheet, "INI") - gear.weapon - gear.second_weapon - gear.armour - gear.shield


def equipment_handicap(sheet: FluidSheet) -> int:
    """Disadvantages on non-combat actions: the highest of weapon and armour (L1413-1417)."""
    gear = sheet.equipment
    return max(gear.weapon, gear.second_weapon, gear.armour)


def movement(sheet: FluidSheet) -> int:
    """Squares or metres per move: the INI as modified by equipment (L129-133, L987-993)."""
    return max(0, initiative(sheet))


def magic_characteristic(sheet: FluidSheet) -> str:
    """Magie when the sheet has it, else INT (reading A21)."""
    return "MAG" if sheet.characteristics.magie is not None else "INT"


# -- what the encounter tracker shows (System.tracks) ------------------------------------------


def attribute_rows(sheet: FluidSheet) -> list[SheetRow]:
    """RES, AUR and SAN as current / full, INI with its equipped value (L103-133, L975-979)."""
    rows = []
    for attr in CHARACTER.attribute:
        top = attribute(sheet, attr.code)
        label = tr(f"{attr.fr} ({attr.code})", f"{attr.en} ({attr.code})")
        if attr.code == "INI":
            rows.append(
                SheetRow(
                    label, str(top), tr("équipé {n}", "equipped {n}").format(n=initiative(sheet))
                )
            )
        else:
            rows.append(SheetRow(label, f"{current(sheet, attr.code)} / {top}"))
    return rows


def state_rows(sheet: FluidSheet) -> list[SheetRow]:
    """The lasting results of survival tests (L1501-1529), the wound total, XP, prepared spells
    and a minion's level (L1635-1639)."""
    c = sheet.condition
    flags = [
        name
        for name, on in (
            (tr("mort", "dead"), c.dead),
            (tr("hémorragie", "haemorrhage"), c.haemorrhage),
            (tr("adrénaline", "adrenaline"), c.adrenaline),
        )
        if on
    ]
    if c.coma_days:
        flags.append(tr("coma {n} j", "coma {n} d").format(n=c.coma_days))
    if c.unconscious_hours:
        flags.append(tr("inconscient {n} h", "unconscious {n} h").format(n=c.unconscious_hours))
    spent_xp = sum(a.xp for a in sheet.advances)
    rows = [
        SheetRow(tr("État", "Condition"), joined(flags)),
        SheetRow(tr("Blessures", "Wounds"), str(wound_total(sheet))),
        SheetRow(tr("XP", "XP"), f"{sheet.xp - spent_xp} / {sheet.xp}"),
        SheetRow(tr("Sorts préparés", "Prepared spells"), ", ".join(sheet.prepared_spells) or "—"),
    ]
    if sheet.minion:
        rows.append(SheetRow(tr("Sbire", "Minion"), f"{sheet.minion_level:+d}"))
    return rows


def tracks(sheet: FluidSheet) -> list[SheetRow]:
    """What the encounter tracker shows beside a participant: the attributes combat wears down
    (RES, AUR, SAN, INI) and the state in play (condition, wounds…), the rows of the sheet's
    "Attributes" and "In play" sections."""
    return [*attribute_rows(sheet), *state_rows(sheet)]


def status(sheet: FluidSheet) -> Status:
    """The survival tests' lasting results (L1501-1529): dead, or out of action while in a coma
    or unconscious."""
    c = sheet.condition
    if c.dead:
        return "dead"
    return "out" if c.coma_days or c.unconscious_hours else "up"


# -- what a fight reads (System.fight_state) ----------------------------------------------------


def _fight_state(sheet: FluidSheet) -> tuple[object, ...]:
    """What a fight reads of the sheet (`System.fight_state`): a fighter's `fighting` state;
    one out of the fight (dead, in a coma or unconscious, L1501-1529) never acts nor is struck
    again (the simulator's convention), so only its round end reads it: a haemorrhage's
    survival test on CON and its VOL test (L1501-1507, `encounter.round_tests`), both with
    what the condition holds (the penalty, adrenaline), and its status the condition. The
    rest of it (RES, wounds, gear, Traits) is left out: bleeding in a coma, 3 RES left or 9
    fight alike (#32: about two states in five of a 4-against-4 were such)."""
    if status(sheet) != "up":
        condition = tuple(vars(sheet.condition).values())
        return ("out", effective(sheet, "CON"), effective(sheet, "VOL"), condition)
    return fighting(sheet)


def fighting(sheet: FluidSheet) -> tuple[object, ...]:
    """What a fight reads of a sheet, whatever its status (`attack_reads` reads it on either
    side). Negative Traits count only as
    the disadvantages they put on each characteristic's actions (`hindrance`, L227-233,
    L1437-1439) and wounds only as their total against RES (accumulation, L1463-1471): a wound
    Trait's name (L1427-1431) and its split among several wounds change no roll, so 3 + 2 and
    5 fight alike. Positive Traits are kept in order with their names (an attack uses the best
    one that fits its weapon, a botte's order is its attack's, L642-648, L1177-1199); pools by
    their current value (empty = full, L103-133); the rest a fight reads (characteristics less
    points spent, gear with the weapon's name, the lasting condition, a minion's level) whole.
    Left out: names, notes, XP and advances, prepared spells, the day's recovery counters and
    the armour's name, which no attack, check or fight operation reads."""
    gear = sheet.equipment
    return (
        tuple(vars(sheet.characteristics).values()),
        tuple(sorted((c, n) for c, n in sheet.spent.items() if n)),
        (gear.weapon, gear.weapon_name, gear.second_weapon, gear.armour, gear.shield),
        tuple(vars(sheet.condition).values()),
        sheet.minion,
        sheet.minion_level,
        *_trait_parts(sheet.traits),
        (current(sheet, "RES"), current(sheet, "AUR"), current(sheet, "SAN")),
    )


TraitsRead = tuple[tuple[object, ...], tuple[int, ...], int]


def _traits_read(traits: list[Trait]) -> TraitsRead:
    """What a fight reads of a sheet's Traits: the positive ones (in order, with their
    names), the hindrances and the wound total."""
    positive = tuple((t.name, t.value, t.origin) for t in traits if t.kind == "positive")
    return positive, _hindrances(traits), _wound_total(traits)


#: A list `with_negative` made, by identity -> (the list, the list it extends, the Trait it
#: adds): its reading is worked out from the other's, when asked (`_list_read`).
_EXTENDED: dict[int, tuple[list[Trait], list[Trait], Trait]] = {}
KEPT_LISTS = 1024


def _list_read(traits: list[Trait]) -> TraitsRead:
    extended = _EXTENDED.get(id(traits))
    if extended is None:
        return _traits_read(traits)
    # the list it extends read (kept), then the Trait it adds: the same rule
    positive, hinders, wounds = _trait_parts(extended[1])
    _, more, more_wounds = _trait_read(extended[2])
    return positive, tuple(map(sum, zip(hinders, more, strict=True))), wounds + more_wounds


#: A Trait list's reading by its identity: a copy of a sheet shares its list until a rule gives
#: it a new one (a wound), and no rule changes a list in place.
_trait_parts = per_object(_list_read, KEPT_LISTS)


def _one_trait_read(trait: Trait) -> TraitsRead:
    return _traits_read([trait])


#: `_traits_read` of one Trait, by its identity (`common._negative` shares a wound's Trait).
_trait_read = per_object(_one_trait_read, 1024)


def with_negative(traits: list[Trait], trait: Trait) -> list[Trait]:
    """A new list of `traits` then `trait` (a negative one: a wound, L1427-1439), whose fight
    reading is worked out from the list's own and the Trait's (`_traits_read` of each: the
    same rule), not from every Trait again: the simulator wounds a sheet per blow (#32)."""
    found = [*traits, trait]
    if len(_EXTENDED) >= KEPT_LISTS:
        _EXTENDED.clear()
    _EXTENDED[id(found)] = (found, traits, trait)
    return found


#: Fight states by the identity of their sheet: a simulator's walk of an operation meets the
#: same resulting sheet once per dice sequence that leads to it. 1,024 sheets kept: the rolled
#: route asks each new sheet once (33,455 misses in 33,550 per 5,000 Fluid fights), and every
#: sheet kept here is kept alive.
fight_state = per_object(_fight_state, 1024)
