"""The hacking procedure as operations on the hacker's sheet (L1483-2070, walked through in
the 36F Escorts example, L2320-2489): start an intrusion, preliminaries, break the network
firewall, locate a machine, find a hole in its firewall, raise privilege, act inside, face the
security admin. The time each step takes is the GM's (reading A31)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Params, Resolution, tr
from ecran.rules.data import row_where
from ecran.rules.refusals import fields_wanted
from ecran.systems.organique.checks.core import compare
from ecran.systems.organique.checks.hacking import (
    Detection,
    DetectionParams,
    Firewall,
    FirewallParams,
    Preliminary,
    PreliminaryParams,
)
from ecran.systems.organique.dice import TestRoll, d20_test
from ecran.systems.organique.hazards import Report, record
from ecran.systems.organique.intrusion import (
    INFO_BONUS,
    PRIVILEGE_MODIFIER,
    PRIVILEGES,
    Intrusion,
    Privilege,
    computer,
    require_live,
    skill_level,
    skill_total,
)
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import (
    FIELDS,
    HACK_SKILLS,
    HACKING,
    NETWORKS,
    given_or_known,
    src,
    words,
)
from ecran.systems.organique.tracks import effective

if TYPE_CHECKING:
    HackSkillName = str
else:
    HackSkillName = Literal[HACK_SKILLS]

RAISE_DIFFICULTY = 30  # L1920-1926
MEDIUM = 20  # "test moyen": locating a system, the admin's watch (L2029-2050, L2387-2395)


def skill_levels(sheet: OrganiqueSheet) -> list[tuple[str, int]]:
    return [(s.name, s.level) for s in sheet.skills]


def _int(sheet: OrganiqueSheet) -> int:
    return effective(sheet)["INT"]


def save_intrusion(sheet: OrganiqueSheet, intrusion: Intrusion, minutes: int) -> OrganiqueSheet:
    """The sheet with the intrusion as it stands, its clock moved on by `minutes`."""
    moved = intrusion.model_copy(update={"minutes": intrusion.minutes + minutes})
    return sheet.model_copy(update={"intrusion": moved})


class StartParams(Params):
    network: str = FIELDS("network", default="36f_escorts", min_length=1)
    # Bounds: those of the intrusion they fill (intrusion.Intrusion).
    paranoia: int | None = FIELDS("paranoia", default=None, ge=0, le=60)
    firewall: int | None = FIELDS("firewall.start", default=None, ge=0, le=80)
    surveillance: int | None = FIELDS("surveillance.start", default=None, ge=0, le=100)
    admin_level: int | None = FIELDS("admin_level.start", default=None, ge=0, le=20)


@operation("hack_start", src(2491, 2510), src(1505, 1520))
def hack_start(sheet: OrganiqueSheet, params: StartParams) -> Change[OrganiqueSheet]:
    values = given_or_known(
        params.model_dump(include={"paranoia", "firewall", "surveillance", "admin_level"}),
        NETWORKS.network_named(params.network),
        fields_wanted(
            tr("réseau inconnu", "unknown network"),
            StartParams,
            ("paranoia", "firewall", "surveillance", "admin_level"),
        ),
    )
    values["network_firewall"] = values.pop("firewall")
    intrusion = Intrusion(network=params.network, **values)
    wall = intrusion.network_firewall
    said = NETWORKS.network_words(params.network)
    text = tr(
        f"{said.fr} : paranoïa {intrusion.paranoia}, pare-feu {wall}",
        f"{said.en}: paranoia {intrusion.paranoia}, firewall {wall}",
    )
    return Change(sheet.model_copy(update={"intrusion": intrusion}), text)


class PrelimParams(Params):
    method: Literal["research", "social", "snooping"] = FIELDS("method.prelim", default="research")
    worth: int = FIELDS("worth", default=10, ge=0, le=40)
    teammate_base: int | None = FIELDS("teammate_base", default=None, ge=0, le=80)
    minutes: int = FIELDS("minutes.hack", default=0, ge=0, le=100000)


@operation("hack_prelim", src(1505, 1584), src(2320, 2351))
def hack_prelim(
    sheet: OrganiqueSheet, params: PrelimParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """A preliminary against the paranoia; a success rolls 1d100 on the information table, and
    a find already made is useless (Kimberly's second 'security team', L2349-2351)."""
    intrusion = require_live(sheet.intrusion)
    base = {
        "research": skill_total(_int(sheet), skill_levels(sheet), "network_knowledge"),
        "social": effective(sheet)["CHA"],
        "snooping": params.worth,
    }[params.method]
    if params.teammate_base is not None and params.method != "snooping":
        base = params.teammate_base
    bonus = INFO_BONUS if params.method == "social" and "company_structure" in intrusion.info else 0
    check = PreliminaryParams(
        method=params.method, base=base, paranoia=intrusion.paranoia, modifier=bonus
    )
    result = Preliminary().resolve(check, dice)
    found = result.outcome
    if found == "failure":
        text = tr("rien trouvé", "nothing found")
    elif found in intrusion.info:
        text = tr(f"{found} : déjà connu, inutile", f"{found}: already known, useless")
    else:
        intrusion = intrusion.model_copy(update={"info": [*intrusion.info, found]})
        row = next(i for i in HACKING.information if i.name == found)
        text = row.label
    return Change(save_intrusion(sheet, intrusion, params.minutes), text, result)


class EnterParams(Params):
    target: str = FIELDS("target.enter", default="network", min_length=1)
    skill: HackSkillName = FIELDS(
        "skill.enter", default="operating_system", choices=words(HACKING.skill)
    )
    firewall: int | None = FIELDS("firewall.enter", default=None, ge=0)
    unfamiliar_os: bool = FIELDS("unfamiliar_os", default=False)
    minutes: int = FIELDS("minutes.hack", default=0, ge=0, le=100000)


@operation("hack_enter", src(1818, 1849), src(1890, 1926), src(2292, 2316))
def hack_enter(
    sheet: OrganiqueSheet, params: EnterParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Find a hole in a firewall (L1818-1849): the skill against its strength; the MR sets the
    privilege (L1901-1918); failing by 6 or more alerts security. Known system data gives +10
    (L1575-1577); entering a machine already entered gives +10 (L1920-1926)."""
    intrusion = require_live(sheet.intrusion)
    firewall = _firewall(intrusion, params)
    category = row_where(HACKING.skill, name=params.skill).hole
    if category == "none":
        raise EcranError(
            tr(f"{params.skill} ne trouve pas de faille", f"{params.skill} cannot find a hole")
        )
    modifier = INFO_BONUS if "system_type" in intrusion.info else 0
    if intrusion.privilege_on(params.target) is not None:
        modifier += INFO_BONUS
    modifier -= 10 if params.unfamiliar_os else 0
    check = FirewallParams(
        base=skill_total(_int(sheet), skill_levels(sheet), params.skill),
        skill=category,
        firewall=firewall,
        modifier=modifier,
    )
    result = Firewall().resolve(check, dice)
    intrusion = _after(intrusion, params.target, result.outcome)
    return Change(
        save_intrusion(sheet, intrusion, params.minutes),
        _enter_text(params.target, result),
        result,
    )


def _firewall(intrusion: Intrusion, params: EnterParams) -> int:
    if params.target == "network":
        return intrusion.network_firewall
    if intrusion.network_firewall and not intrusion.inside_network:
        raise EcranError(
            tr("passez d'abord le pare-feu du réseau", "get through the network firewall first")
        )
    machine = computer(intrusion, params.target)
    if params.firewall is not None:
        return params.firewall
    if machine is None:
        raise EcranError(
            tr(
                f"machine inconnue : {params.target} ; donnez firewall (MJ)",
                f"unknown machine: {params.target}; give firewall (GM)",
            )
        )
    return machine.firewall


def _after(intrusion: Intrusion, target: str, outcome: str) -> Intrusion:
    if outcome == "alert":
        return intrusion.model_copy(update={"alert": True})
    if outcome == "blocked":
        return intrusion
    if target == "network":
        return intrusion.model_copy(update={"inside_network": True})
    return intrusion.with_access(target, outcome)  # type: ignore[arg-type]


def _enter_text(target: str, result: Resolution) -> Any:
    margin = result.details["margin"]
    return tr(
        f"{target} : {result.outcome} (marge {margin})",
        f"{target}: {result.outcome} (margin {margin})",
    )


class LocateParams(Params):
    system: str = FIELDS("system.locate", default="call_centre", min_length=1)
    minutes: int = FIELDS("minutes.hack", default=0, ge=0, le=100000)


@operation("hack_locate", src(1573, 1574), src(2387, 2395))
def hack_locate(
    sheet: OrganiqueSheet, params: LocateParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Find a machine on the network: a medium Network Protocols test, +10 with the internal
    network map (Kimberly's INT 14 + 10 against 20, L2387-2395)."""
    intrusion = require_live(sheet.intrusion)
    base = skill_total(_int(sheet), skill_levels(sheet), "network_protocols")
    base += INFO_BONUS if "network_map" in intrusion.info else 0
    roll = d20_test(dice, base, MEDIUM)
    r = Report()
    record(r, "locate", roll)
    if roll.success and params.system not in intrusion.located:
        intrusion = intrusion.model_copy(update={"located": [*intrusion.located, params.system]})
    r.say(
        f"{params.system} {'trouvé' if roll.success else 'introuvable'}",
        f"{params.system} {'found' if roll.success else 'not found'}",
    )
    outcome = "success" if roll.success else "failure"
    return Change(save_intrusion(sheet, intrusion, params.minutes), r.text(), r.resolution(outcome))


class TaskParams(Params):
    system: str = FIELDS("system.task", min_length=1)
    task: Literal["raise", "crash", "backdoor", "cover", "other"] = FIELDS("task", default="raise")
    skill: HackSkillName = FIELDS(
        "skill.task", default="operating_system", choices=words(HACKING.skill)
    )
    admin_base: int = FIELDS("admin_base.task", default=10, ge=0, le=80)
    admin_level_bonus: Literal["roll", "skill_level"] = OPTIONS["admin_level_bonus"].field()
    difficulty: int | None = FIELDS("difficulty.task", default=None, ge=0, le=80)
    minutes: int = FIELDS("minutes.hack", default=0, ge=0, le=100000)


@operation("hack_task", src(1878, 1991))
def hack_task(
    sheet: OrganiqueSheet, params: TaskParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Work inside a machine (L1878-1991): a User takes −10 to change its structure, an
    Administrator +10 to every test; raising the account takes an OS test at 30 (one level up),
    crashing uses System Crashing or the OS at −20, a backdoor lets him back in later."""
    intrusion = require_live(sheet.intrusion)
    privilege = intrusion.privilege_on(params.system)
    if privilege is None:
        raise EcranError(tr(f"pas d'accès à {params.system}", f"no access to {params.system}"))
    base = skill_total(_int(sheet), skill_levels(sheet), params.skill)
    modifier = PRIVILEGE_MODIFIER[privilege]
    if params.task == "crash" and params.skill != "system_crashing":
        modifier -= 20
    if params.task in OPPOSED_TASKS:
        # Security-side knowledge: +10 to every test opposed to system security (L1578-1581).
        modifier += INFO_BONUS if "security_team" in intrusion.info else 0
    difficulty = _difficulty(params)
    roll = d20_test(dice, base + modifier, difficulty)
    r = Report()
    record(r, params.task, roll)
    done = roll.success
    if params.task in OPPOSED_TASKS:
        done = _beats_admin(roll, intrusion, params, dice, r)
    if done:
        intrusion = _task_done(intrusion, params, privilege)
    elif params.task == "cover":
        intrusion = intrusion.model_copy(update={"suspected": True})
    r.say(
        f"{params.task} : {'réussi' if done else 'raté'}",
        f"{params.task}: {'done' if done else 'failed'}",
    )
    outcome = "success" if done else "failure"
    return Change(save_intrusion(sheet, intrusion, params.minutes), r.text(), r.resolution(outcome))


#: Covering tracks is opposed to the admin's Network Security (L1955-1966), a backdoor to his
#: Computer Security (L1968-1982); neither text gives the sides' difficulty, so both use the
#: GM's, by default medium (20) as in the watch (L2044-2046).
OPPOSED_TASKS = ("cover", "backdoor")


def _difficulty(params: TaskParams) -> int:
    if params.task == "raise":
        return RAISE_DIFFICULTY
    if params.difficulty is not None:
        return params.difficulty
    if params.task in OPPOSED_TASKS:
        return MEDIUM
    raise EcranError(
        tr(
            f"{params.task} : donnez la difficulté (MJ), le texte ne la chiffre pas",
            f"{params.task}: give the difficulty (GM), the text gives no number",
        )
    )


def _beats_admin(
    roll: TestRoll, intrusion: Intrusion, params: TaskParams, dice: DiceSource, r: Report
) -> bool:
    """Opposed actions (L58-80): the hacker must succeed with the greater margin; the admin's
    experience level adds to his Security and OS (L2029-2036, reading A23)."""
    per_level = 1 if params.admin_level_bonus == "roll" else 4
    admin_base = params.admin_base + per_level * intrusion.admin_level
    admin = d20_test(dice, admin_base, _difficulty(params))
    record(r, "admin", admin)
    return compare(roll.success, roll.margin, admin.success, admin.margin) == "win"


def _task_done(intrusion: Intrusion, params: TaskParams, privilege: Privilege) -> Intrusion:
    if params.task == "raise":
        step = PRIVILEGES[min(2, PRIVILEGES.index(privilege) + 1)]
        return intrusion.with_access(params.system, step)
    if params.task == "crash":
        return intrusion.model_copy(update={"crashed": [*intrusion.crashed, params.system]})
    if params.task == "backdoor":
        return intrusion.model_copy(update={"backdoors": [*intrusion.backdoors, params.system]})
    if params.task == "cover":
        return intrusion.model_copy(update={"suspected": False})
    return intrusion


class WatchParams(Params):
    admin_present: Literal["roll", "yes", "no"] = FIELDS("admin_present", default="roll")
    admin_base: int = FIELDS("admin_base.watch", default=10, ge=0, le=80)
    admin_level_bonus: Literal["roll", "skill_level"] = OPTIONS["admin_level_bonus"].field()
    minutes: int = FIELDS("minutes.hack", default=0, ge=0, le=100000)


@operation("hack_watch", src(2029, 2070), src(2463, 2489))
def hack_watch(
    sheet: OrganiqueSheet, params: WatchParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """The security admin's watch (L2029-2070): if he is there, Computer Stealth (20) against
    his Computer Security (20), or his plain test at 20 against a hacker without the skill
    (L2463-2465); winning by 1-5 he suspects, by more he ejects the intruder. Knowing the
    security team gives +10 (L1578-1581)."""
    intrusion = require_live(sheet.intrusion)
    stealth = skill_level(skill_levels(sheet), "computer_stealth")
    check = DetectionParams(
        surveillance={"roll": intrusion.surveillance, "yes": 100, "no": 0}[params.admin_present],
        admin_level=intrusion.admin_level,
        admin_base=params.admin_base,
        stealthy=stealth > 0,
        hacker_base=skill_total(_int(sheet), skill_levels(sheet), "computer_stealth"),
        hacker_modifier=INFO_BONUS if "security_team" in intrusion.info else 0,
        admin_level_bonus=params.admin_level_bonus,
    )
    result = Detection().resolve(check, dice)
    if result.outcome == "ejected":
        intrusion = intrusion.model_copy(
            update={"ejected": True, "access": [], "inside_network": False}
        )
    elif result.outcome == "suspected":
        intrusion = intrusion.model_copy(update={"suspected": True})
    text = {
        "ejected": tr("repéré et éjecté", "spotted and ejected"),
        "suspected": tr("l'admin a un doute", "the admin suspects"),
        "unnoticed": tr("passe inaperçu", "unnoticed"),
    }[result.outcome]
    return Change(save_intrusion(sheet, intrusion, params.minutes), text, result)


class EndParams(Params):
    pass


@operation("hack_end", src(2054, 2070))
def hack_end(sheet: OrganiqueSheet, params: EndParams) -> Change[OrganiqueSheet]:
    return Change(sheet.model_copy(update={"intrusion": None}), tr("déconnecté", "logged off"))


HACKING_OPERATIONS = (
    hack_start,
    hack_prelim,
    hack_enter,
    hack_locate,
    hack_task,
    hack_watch,
    hack_end,
)
