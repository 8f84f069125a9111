"""The other ways into a machine (L1678-1816) as operations on the intrusion: a password talked
out of an employee, a virus against the anti-virus, the network's trust relations, and a sniffed
login decrypted. Each grants an account like a firewall hole does (L1890-1918)."""

from __future__ import annotations

import re
from typing import Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Params, tr
from ecran.systems.organique.checks.hacking import Decrypt, DecryptParams
from ecran.systems.organique.dice import TestRoll, d20_test
from ecran.systems.organique.hazards import Report, record
from ecran.systems.organique.intrusion import (
    INFO_BONUS,
    Intrusion,
    computer,
    require_live,
    skill_level,
    skill_total,
)
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.operations.hacking import save_intrusion, skill_levels
from ecran.systems.organique.rows import Computer
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, HACKING, src
from ecran.systems.organique.tracks import effective

HARD = 30  # "un test difficile" (L1779-1781) on the difficulty ladder (L39-40)
CRYPTO_ASSIST = 20  # an assisting Cryptography test is at 20 (L2199-2203)
UNITS = {"min": 1, "h": 60}


def _skill(sheet: OrganiqueSheet, skill: str) -> int:
    return skill_total(effective(sheet)["INT"], skill_levels(sheet), skill)


def _machine(intrusion: Intrusion, name: str) -> Computer | None:
    return computer(intrusion, name)


def _granted(intrusion: Intrusion, system: str, roll: TestRoll, report: Report) -> Intrusion:
    """L1901-1918: outside trust, the account depends on the MR of the test that let him in."""
    privilege = HACKING.privilege_for(roll.margin)
    report.details["privilege"] = privilege.name
    report.say(f"{system} : accès {privilege.label.fr}", f"{system}: {privilege.label.en} access")
    return intrusion.with_access(system, privilege.name)  # type: ignore[arg-type]


def _gm_value(value: int | None, data: int, what: str) -> int:
    if value is not None:
        return value
    if data <= 0:
        raise EcranError(
            tr(f"{what} inconnu pour cette machine : donnez-le (MJ)", f"{what} unknown: give it")
        )
    return data


class PasswordParams(Params):
    system: str = FIELDS("system.password", default="call_centre", min_length=1)
    approach: int = FIELDS("approach", default=0, ge=-40, le=40)
    teammate_charisma: int | None = FIELDS("teammate_charisma", default=None, ge=0, le=60)
    minutes: int = FIELDS("minutes.hack", default=0, ge=0, le=100000)


@operation("hack_password", src(1705, 1736), src(1582, 1584), src(1890, 1918))
def hack_password(
    sheet: OrganiqueSheet, params: PasswordParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Social engineering for a password (L1705-1736): CHA + 1d20 + approach against the
    paranoia, +10 knowing the company's structure (L1582-1584); failing by more than 5 the
    victim alerts security."""
    intrusion = require_live(sheet.intrusion)
    cha = params.teammate_charisma
    base = effective(sheet)["CHA"] if cha is None else cha
    base += params.approach + (INFO_BONUS if "company_structure" in intrusion.info else 0)
    roll = d20_test(dice, base, intrusion.paranoia)
    r = Report()
    record(r, "social", roll)
    if roll.success:
        intrusion = _granted(intrusion, params.system, roll, r)
        outcome = "success"
    elif roll.margin >= -5:
        r.say("la victime refuse", "the victim refuses")
        outcome = "refused"
    else:
        r.say("la victime alerte la sécurité", "the victim alerts security")
        intrusion = intrusion.model_copy(update={"alert": True})
        outcome = "alert"
    return Change(save_intrusion(sheet, intrusion, params.minutes), r.text(), r.resolution(outcome))


class VirusParams(Params):
    system: str = FIELDS("system.virus", default="mail_phone", min_length=1)
    antivirus: int | None = FIELDS("antivirus", default=None, ge=0, le=80)
    minutes: int = FIELDS("minutes.virus", default=0, ge=0, le=100000)


@operation("hack_virus", src(1787, 1803), src(1866, 1869), src(1890, 1918))
def hack_virus(
    sheet: OrganiqueSheet, params: VirusParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """A virus, trojan or worm (L1787-1803): Programming: Virus against the target's anti-virus
    level; it opens a door from outside, no password or network firewall needed (L1866-1869).
    The wait until it arrives is the GM's; a failure is simply stopped (the text says no more)."""
    intrusion = require_live(sheet.intrusion)
    machine = _machine(intrusion, params.system)
    level = _gm_value(params.antivirus, machine.antivirus if machine else 0, "anti-virus")
    roll = d20_test(dice, _skill(sheet, "programming_virus"), level)
    r = Report()
    record(r, "virus", roll)
    if roll.success:
        intrusion = _granted(intrusion, params.system, roll, r)
    else:
        r.say("l'anti-virus l'arrête", "the anti-virus stops it")
    outcome = "success" if roll.success else "failure"
    return Change(save_intrusion(sheet, intrusion, params.minutes), r.text(), r.resolution(outcome))


class TrustParams(Params):
    system: str = FIELDS("system.trust", default="payment", min_length=1)
    trusted: str | None = FIELDS("trusted", default=None)
    minutes: int = FIELDS("minutes.hack", default=0, ge=0, le=100000)


@operation("hack_trust", src(1772, 1786), src(1896, 1900))
def hack_trust(
    sheet: OrganiqueSheet, params: TrustParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Trust exploitation (L1772-1786, L1896-1900): a hard Network Knowledge test learns which
    server the target trusts; holding an account on that server gives the same access on the
    target, with no further test."""
    intrusion = require_live(sheet.intrusion)
    trusted = _trusted(intrusion, params)
    r = Report()
    if params.system not in intrusion.trusts_known:
        roll = d20_test(dice, _skill(sheet, "network_knowledge"), HARD)
        record(r, "knowledge", roll)
        if not roll.success:
            r.say("relations de confiance inconnues", "trust relations not found")
            return Change(
                save_intrusion(sheet, intrusion, params.minutes),
                r.text(),
                r.resolution("failure"),
            )
        known = [*intrusion.trusts_known, params.system]
        intrusion = intrusion.model_copy(update={"trusts_known": known})
    r.say(f"{params.system} fait confiance à {trusted}", f"{params.system} trusts {trusted}")
    held = intrusion.privilege_on(trusted)
    if held is None:
        r.say(f"entrez d'abord dans {trusted}", f"get into {trusted} first")
        outcome = "known"
    else:
        intrusion = intrusion.with_access(params.system, held)
        r.details["privilege"] = held
        r.say(f"{params.system} : accès {held}", f"{params.system}: {held} access")
        outcome = "success"
    return Change(save_intrusion(sheet, intrusion, params.minutes), r.text(), r.resolution(outcome))


def _trusted(intrusion: Intrusion, params: TrustParams) -> str:
    machine = _machine(intrusion, params.system)
    trusted = params.trusted or (machine.trust if machine else "")
    if not trusted:
        raise EcranError(
            tr(
                f"{params.system} ne fait confiance à aucune machine (ou donnez trusted)",
                f"{params.system} trusts no machine (or give trusted)",
            )
        )
    return trusted


class SniffParams(Params):
    system: str = FIELDS("system.sniff", default="call_centre")
    route: Literal["internal", "internet"] = FIELDS("route", default="internal")
    router: str = FIELDS("router", default="router")
    linework_difficulty: int = FIELDS("linework_difficulty", default=20, ge=0, le=80)
    program_strength: int = FIELDS("program_strength.sniff", default=2)
    computer_power: int = FIELDS("computer_power", default=6)
    assist: bool = FIELDS("assist", default=True)
    decrypt_modifier: int = FIELDS("decrypt_modifier", default=0, ge=-60, le=60)
    code: int | None = FIELDS("code", default=None, ge=0)


@operation("hack_sniff", src(1737, 1770), src(2187, 2231), src(2545, 2548), src(1890, 1918))
def hack_sniff(
    sheet: OrganiqueSheet, params: SniffParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Sniffing (L1737-1770): hold a relay (plug in on the internal network, or a router already
    taken on the Internet), find someone logging in with Linework, wait for the login (the
    machine's 'connexion toutes les XdY', L2545-2548), then decrypt it (L2187-2231): the margin
    sets the time, a month as 30 days. The account's level follows the Linework MR, the one test
    of the chain that succeeds or fails (L1901-1903)."""
    intrusion = require_live(sheet.intrusion)
    _relay(intrusion, params)
    machine = _machine(intrusion, params.system)
    code = _code(machine, params)
    r = Report()
    roll = d20_test(dice, _skill(sheet, "linework"), params.linework_difficulty)
    record(r, "linework", roll)
    if not roll.success:
        r.say("aucun login intercepté", "no login intercepted")
        return Change(sheet, r.text(), r.resolution("failure"))
    wait = login_wait(machine.login if machine else "", dice)
    assist = _assist(sheet, params, dice, r)
    check = DecryptParams(
        program_strength=params.program_strength,
        computer_power=params.computer_power,
        assist_margin=assist,
        modifier=params.decrypt_modifier,
        encryption=code,
    )
    result = Decrypt().resolve(check, dice)
    r.details.update({"wait_minutes": wait, "decrypt": result.outcome, **result.details})
    time = next(t for t in HACKING.decrypt_time if t.name == result.outcome)
    r.say(f"login intercepté après {wait} min", f"login intercepted after {wait} min")
    r.say(f"décryptage : {time.label.fr}", f"decryption: {time.label.en}")
    if time.minutes is None:
        r.say("hors de portée en jeu", "out of reach in play")
        return Change(
            save_intrusion(sheet, intrusion, wait), r.text(), r.resolution("out_of_reach")
        )
    intrusion = _granted(intrusion, params.system, roll, r)
    return Change(
        save_intrusion(sheet, intrusion, wait + time.minutes), r.text(), r.resolution("success")
    )


def _relay(intrusion: Intrusion, params: SniffParams) -> None:
    if params.route == "internet" and intrusion.privilege_on(params.router) is None:
        raise EcranError(
            tr(
                f"prenez d'abord le contrôle du routeur {params.router}",
                f"take over the router {params.router} first",
            )
        )


def _code(machine: Computer | None, params: SniffParams) -> int:
    data = 0
    if machine is not None:
        external = params.route == "internet" and machine.external_code
        data = machine.external_code if external else machine.code
    return _gm_value(params.code, data, "code")


def _assist(sheet: OrganiqueSheet, params: SniffParams, dice: DiceSource, r: Report) -> int:
    if not params.assist or skill_level(skill_levels(sheet), "cryptography") == 0:
        return 0
    roll = d20_test(dice, _skill(sheet, "cryptography"), CRYPTO_ASSIST)
    record(r, "assist", roll)
    return max(0, roll.margin) if roll.success else 0


def login_wait(login: str, dice: DiceSource) -> int:
    """Minutes until a user logs in, rolled from '4D6 min' or '2D20 h'; 0 when not given."""
    found = re.fullmatch(r"\s*(\d+)\s*[dD]\s*(\d+)\s*(min|h)\s*", login)
    if found is None:
        return 0
    count, sides, unit = int(found[1]), int(found[2]), found[3]
    return sum(dice.d(sides) for _ in range(count)) * UNITS[unit]


ENTRY_OPERATIONS = (hack_password, hack_virus, hack_trust, hack_sniff)
