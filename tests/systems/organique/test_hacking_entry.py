"""The other entry methods (password, virus, trust, sniffing, L1678-1816) and the tasks
opposed to the admin (cover tracks, backdoor, L1955-1982), on the 36F Escorts network."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.organique.operations.entry import login_wait
from ecran.systems.organique.sheet import OrganiqueSheet

SYSTEM = get_system("organique")


def hacker(**levels: int) -> OrganiqueSheet:
    base = SYSTEM.new_character("Kimberly").model_dump()
    base["characteristics"]["INT"] = 14
    base["characteristics"]["CHA"] = 12
    names = {
        "os": "Système d'exploitation",
        "knowledge": "Connaissance du Réseau",
        "virus": "Programmation : Virus",
        "linework": "Linework",
        "crypto": "Cryptographie",
        "stealth": "Discrétion Informatique",
    }
    base["skills"] = [
        {"name": names[k], "characteristic": "INT", "level": v} for k, v in levels.items()
    ]
    return OrganiqueSheet.model_validate(base)


def step(s: OrganiqueSheet, name: str, faces: tuple[int, ...], dice: Any, **values: Any) -> Any:
    op = SYSTEM.operation(name)
    source = dice(*faces)
    change = op.apply(s, op.params.model_validate(values), source)
    assert source.exhausted
    return change


def started(s: OrganiqueSheet, dice: Any) -> OrganiqueSheet:
    return step(s, "hack_start", (), dice).sheet  # type: ignore[no-any-return]


def test_sniffed_login_decrypted_as_kimberly_does_L2241_2257(dice: Any) -> None:
    """Kimberly, power 6, Brise-Code 2, Cryptography 4: the assist INT 14 + 12 + d20 makes 35
    (MR 15); 2 × 6 + 15 + d20 12 against Marla's 37 leaves a margin of 2: one day. The login
    is intercepted through a router she holds (L1750-1757), after 4D20 h (L2631)."""
    s = started(hacker(os=2, linework=1, crypto=4), dice)
    s = s.model_copy(
        update={"intrusion": s.intrusion.with_access("router", "super_user")}  # type: ignore[union-attr]
    )
    faces = (10, 1, 2, 3, 4, 9, 12)  # linework, the 4D20 wait, assist, decryption
    change = step(
        s, "hack_sniff", faces, dice, system="marla_workstation", route="internet", code=37
    )
    details = change.resolution.details
    assert details["assist_total"] == 35
    assert (details["decrypt"], details["margin"]) == ("day", 2)
    assert details["wait_minutes"] == (1 + 2 + 3 + 4) * 60
    assert change.sheet.intrusion.minutes == 600 + 24 * 60
    # Linework INT 14 + d20 10 against 20: MR 4, a User account (L1905-1909).
    assert change.sheet.intrusion.privilege_on("marla_workstation") == "user"


def test_sniffing_uses_the_external_code_on_the_internet_L2545_2548(dice: Any) -> None:
    """The payment computer's logins are coded 20 inside and 40 from outside."""
    s = started(hacker(linework=1), dice)
    inside = step(s, "hack_sniff", (6, 1, 1, 20), dice, system="payment", assist=False)
    # 2 × 6 + d20 20 against 20: margin 12, ten minutes.
    assert (inside.resolution.details["difficulty"], inside.resolution.outcome) == (20, "success")
    held = s.model_copy(update={"intrusion": s.intrusion.with_access("router", "user")})  # type: ignore[union-attr]
    outside = step(
        held, "hack_sniff", (6, 1, 1, 1), dice, system="payment", route="internet", assist=False
    )
    assert outside.resolution.details["difficulty"] == 40
    # 12 + 1 − 40 = −27: a hundred years, no password in play; only the wait is spent.
    assert outside.resolution.outcome == "out_of_reach"
    assert outside.sheet.intrusion.privilege_on("payment") is None
    assert outside.sheet.intrusion.minutes == 2 * 60


def test_sniffing_needs_a_router_on_the_internet_and_a_linework_success(dice: Any) -> None:
    s = started(hacker(linework=1), dice)
    with pytest.raises(EcranError):
        step(s, "hack_sniff", (), dice, system="payment", route="internet")
    missed = step(s, "hack_sniff", (5,), dice, system="payment")
    assert missed.resolution.outcome == "failure"
    assert missed.sheet.intrusion.access == []


def test_virus_against_the_antivirus_L1787_1803(dice: Any) -> None:
    """Programming: Virus against the Mail/Phone server's anti-virus 30 (L2521); the MR of the
    test that let him in sets the account (L1901-1918). No network firewall in the way."""
    s = started(hacker(virus=3), dice)
    worked = step(s, "hack_virus", (18,), dice, system="mail_phone", minutes=60)
    assert worked.resolution.details["virus_total"] == 14 + 8 + 18
    assert worked.sheet.intrusion.privilege_on("mail_phone") == "administrator"
    stopped = step(s, "hack_virus", (7,), dice, system="mail_phone")
    assert stopped.resolution.outcome == "failure"
    assert stopped.sheet.intrusion.access == []
    with pytest.raises(EcranError):  # the call centre's anti-virus is not given: GM input
        step(s, "hack_virus", (), dice, system="call_centre")
    gm = step(s, "hack_virus", (8,), dice, system="call_centre", antivirus=25)
    assert gm.resolution.details["virus_margin"] == 5


def test_trust_gives_the_trusted_machine_access_L1772_1786_L1896_1900(dice: Any) -> None:
    """The payment computer trusts the call centre (L2550): a hard (30) Network Knowledge test
    finds it; an account on the call centre then opens the payment computer at that level."""
    s = started(hacker(knowledge=3), dice)
    failed = step(s, "hack_trust", (7,), dice, system="payment")
    assert failed.resolution.details["knowledge_difficulty"] == 30
    assert failed.resolution.outcome == "failure"
    known = step(s, "hack_trust", (8,), dice, system="payment")
    assert known.resolution.outcome == "known"
    assert known.sheet.intrusion.access == []
    intrusion = known.sheet.intrusion.with_access("call_centre", "super_user")
    inside = known.sheet.model_copy(update={"intrusion": intrusion})
    used = step(inside, "hack_trust", (), dice, system="payment")  # no second test
    assert used.sheet.intrusion.privilege_on("payment") == "super_user"
    with pytest.raises(EcranError):
        step(s, "hack_trust", (), dice, system="mail_phone")  # trusts no one


def test_password_by_social_engineering_L1730_1736(dice: Any) -> None:
    """CHA + 1d20 + approach against the paranoia (10): failing by 1-5 is a refusal, by more
    the victim alerts security."""
    s = started(hacker(), dice)
    got = step(s, "hack_password", (4,), dice, system="call_centre", approach=2)
    assert got.resolution.details["social_margin"] == 8
    assert got.sheet.intrusion.privilege_on("call_centre") == "super_user"
    refused = step(s, "hack_password", (1,), dice, system="call_centre", approach=-8)
    assert (refused.resolution.outcome, refused.sheet.intrusion.alert) == ("refused", False)
    alert = step(s, "hack_password", (1,), dice, system="call_centre", approach=-9)
    assert (alert.resolution.outcome, alert.sheet.intrusion.alert) == ("alert", True)
    jack = step(s, "hack_password", (1,), dice, system="call_centre", teammate_charisma=17)
    assert jack.resolution.details["social_total"] == 18


def inside_mail(dice: Any, **levels: int) -> OrganiqueSheet:
    s = started(hacker(**levels), dice)
    intrusion = s.intrusion.with_access("mail_phone", "super_user")  # type: ignore[union-attr]
    return s.model_copy(update={"intrusion": intrusion})


def test_backdoor_is_opposed_to_the_admin_L1968_1982(dice: Any) -> None:
    """OS against the admin's Computer Security, medium by default; the admin (level 2 at 36F)
    adds his level (reading A23). The hacker needs the greater margin."""
    s = inside_mail(dice, os=2)
    won = step(s, "hack_task", (10, 5), dice, system="mail_phone", task="backdoor", admin_base=10)
    assert won.resolution.details["backdoor_margin"] == 8
    assert won.resolution.details["admin_total"] == 10 + 2 + 5
    assert won.sheet.intrusion.backdoors == ["mail_phone"]
    tie = step(s, "hack_task", (10, 16), dice, system="mail_phone", task="backdoor", admin_base=10)
    assert tie.resolution.details["admin_margin"] == 8
    assert tie.sheet.intrusion.backdoors == []


def test_cover_tracks_against_network_security_with_the_team_known_L1955_1966(
    dice: Any,
) -> None:
    s = inside_mail(dice, stealth=1)
    s = s.model_copy(
        update={"intrusion": s.intrusion.model_copy(update={"info": ["security_team"]})}
    )  # type: ignore[union-attr]
    covered = step(s, "hack_task", (1, 10), dice, system="mail_phone", task="cover", admin_base=8)
    # INT 14 + 10 (security team) + 1 = 25 against 20: MR 5 beats the admin's 8 + 2 + 10 (MR 0).
    assert covered.resolution.details["cover_total"] == 25
    assert covered.resolution.outcome == "success"
    seen = step(s, "hack_task", (1, 15), dice, system="mail_phone", task="cover", admin_base=8)
    assert seen.resolution.outcome == "failure"
    assert seen.sheet.intrusion.suspected


def test_crash_and_other_tasks_need_the_gm_difficulty(dice: Any) -> None:
    s = inside_mail(dice, os=2)
    with pytest.raises(EcranError):
        step(s, "hack_task", (), dice, system="mail_phone", task="crash")


def test_login_wait_reads_the_network_notation(dice: Any) -> None:
    assert login_wait("4D6 min", dice(1, 2, 3, 4)) == 10
    assert login_wait("2D20 h", dice(5, 6)) == 11 * 60
    assert login_wait("", dice()) == 0


def test_entry_operations_from_the_command_line(cli: Any, tmp_path: Any, dice: Any) -> None:
    sheet = started(hacker(virus=3), dice)
    path = tmp_path / "kim.json"
    path.write_text(sheet.model_dump_json())
    ok = cli("op", "organique", "hack_virus", str(path), "--system", "mail_phone", "--seed", "3")
    assert ok.code == 0, ok.err
    bad = cli("op", "organique", "hack_trust", str(path), "--system", "mail_phone")
    assert bad.code == 2 and "\n" not in bad.err.strip()
