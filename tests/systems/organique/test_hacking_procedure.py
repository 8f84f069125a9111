"""The hacking procedure as operations, replayed on Kimberly's complex hack of 36F Escorts
(L2320-2489) and the simple one (L2292-2316), with the sample network as data."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import NETWORKS

SYSTEM = get_system("organique")


def kimberly() -> OrganiqueSheet:
    base = SYSTEM.new_character("Kimberly").model_dump()
    base["characteristics"]["INT"] = 14
    base["skills"] = [
        {"name": "Système d'exploitation", "characteristic": "INT", "level": 2},
        {"name": "Connaissance du Réseau", "characteristic": "INT", "level": 3},
    ]
    return OrganiqueSheet.model_validate(base)


def step(s: OrganiqueSheet, name: str, faces: tuple[int, ...], dice: Any, **values: Any) -> Any:
    op = SYSTEM.operation(name)
    source = dice(*faces)
    change = op.apply(s, op.params.model_validate(values), source)
    assert source.exhausted
    return change


def test_36f_escorts_network_data_L2491_2680() -> None:
    net = NETWORKS.network_named("36f_escorts")
    assert net is not None
    assert (net.firewall, net.surveillance, net.admin_level, net.paranoia) == (15, 7, 2, 10)
    firewalls = {c.name: c.firewall for c in NETWORKS.system if c.network == "36f_escorts"}
    assert firewalls == {
        "mail_phone": 20,
        "payment": 30,
        "call_centre": 25,
        "marla_workstation": 40,
        "website": 40,
        "router": 30,
        "workstation": 35,
    }
    payment = NETWORKS.computer("36f_escorts", "payment")
    assert payment is not None and (payment.code, payment.external_code) == (20, 40)


def test_kimberly_hacks_36f_escorts_L2320_2489(dice: Any) -> None:
    s = step(kimberly(), "hack_start", (), dice).sheet
    assert s.intrusion is not None and s.intrusion.paranoia == 10

    # 18:00, preliminaries against paranoia 10 (L2331-2351).
    bins = step(s, "hack_prelim", (5, 70), dice, method="snooping", worth=10)
    assert bins.resolution.details["total"] == 15
    phone = step(bins.sheet, "hack_prelim", (3, 30), dice, method="social", teammate_base=17)
    web = step(phone.sheet, "hack_prelim", (1, 65), dice, method="research", minutes=120)
    assert web.resolution.details["total"] == 14 + 8 + 1
    assert web.sheet.intrusion.info == ["security_team", "network_map"]  # the third is useless

    # 20:00, the network firewall: INT 14 + 4 + d20 against 15 (L2359-2368).
    inside = step(web.sheet, "hack_enter", (10,), dice, target="network", minutes=15)
    assert inside.sheet.intrusion.inside_network

    # 20:15, locate the call server: INT 14 + 10 (network map) against 20 (L2370-2380).
    found = step(inside.sheet, "hack_locate", (6,), dice, system="call_centre", minutes=15)
    assert found.resolution.details["locate_total"] == 30
    assert found.sheet.intrusion.located == ["call_centre"]

    # 20:30, the call server's firewall 25 with Network Knowledge (unsuitable: −10): fails by
    # 7 and alerts security (L2382-2401).
    alert = step(
        found.sheet, "hack_enter", (6,), dice, target="call_centre", skill="network_knowledge"
    )
    assert (alert.resolution.details["margin"], alert.resolution.outcome) == (-7, "alert")
    assert alert.sheet.intrusion.alert

    # 21:00, Mail/Phone firewall 20 with the OS: MR 7, Super-user (L2405-2418).
    mail = step(alert.sheet, "hack_enter", (9,), dice, target="mail_phone", minutes=30)
    assert mail.resolution.outcome == "super_user"

    # 21:30, re-entry with +10: MR 12, Administrator, 15 minutes (L2427-2440).
    admin = step(mail.sheet, "hack_enter", (4,), dice, target="mail_phone", minutes=15)
    assert admin.resolution.details["margin"] == 12
    assert admin.sheet.intrusion.privilege_on("mail_phone") == "administrator"

    # 21:45, a workstation's firewall 35: MR 1, User, about half an hour (L2445-2460); the
    # Administrator's +10 on Mail/Phone does not follow her to another machine.
    user = step(admin.sheet, "hack_enter", (18,), dice, target="workstation", minutes=30)
    assert (user.resolution.details["margin"], user.resolution.outcome) == (1, "user")

    # Marla, present, tests Computer Security at 20 against a hacker with no stealth
    # (L2460-2469) and spots her: ejected.
    watched = step(user.sheet, "hack_watch", (50, 15), dice, admin_present="yes", admin_base=10)
    assert "hacker_total" not in watched.resolution.details
    assert watched.resolution.details["admin_total"] == 10 + 2 + 15
    assert watched.sheet.intrusion.ejected
    assert watched.sheet.intrusion.minutes == 120 + 15 + 15 + 30 + 15 + 30
    with pytest.raises(EcranError):
        step(watched.sheet, "hack_enter", (), dice, target="network")


def test_kimberly_simple_hack_no_network_firewall_L2292_2316(dice: Any) -> None:
    """The architect's server: firewall 20, no network firewall; INT 14 + 4 + d20 → MR 7."""
    s = step(
        kimberly(),
        "hack_start",
        (),
        dice,
        network="architecte",
        paranoia=10,
        firewall=0,
        surveillance=0,
        admin_level=0,
    ).sheet
    change = step(s, "hack_enter", (9,), dice, target="server", firewall=20)
    assert change.resolution.outcome == "super_user"


def test_raise_privilege_at_30_and_user_penalty_L1901_1926(dice: Any) -> None:
    s = step(kimberly(), "hack_start", (), dice).sheet
    s = step(s, "hack_enter", (10,), dice, target="network").sheet
    s = step(s, "hack_enter", (3,), dice, target="mail_phone").sheet  # MR 1: user
    raised = step(s, "hack_task", (20,), dice, system="mail_phone", task="raise")
    assert raised.resolution.details["raise_total"] == 14 + 4 - 10 + 20
    assert raised.resolution.details["raise_difficulty"] == 30
    assert raised.sheet.intrusion.privilege_on("mail_phone") == "user"  # 28 < 30
    crash = step(s, "hack_task", (20,), dice, system="mail_phone", task="crash", difficulty=20)
    assert crash.resolution.details["crash_total"] == 14 + 4 - 10 - 20 + 20


def test_procedure_refuses_steps_out_of_order(dice: Any) -> None:
    with pytest.raises(EcranError):
        step(kimberly(), "hack_enter", (), dice, target="network")
    s = step(kimberly(), "hack_start", (), dice).sheet
    with pytest.raises(EcranError):
        step(s, "hack_enter", (), dice, target="mail_phone")  # network firewall first
    with pytest.raises(EcranError):
        step(s, "hack_enter", (), dice, target="network", skill="cryptography")


def test_sheet_shows_the_intrusion_and_afflictions(cli: Any, dice: Any, tmp_path: Any) -> None:
    s = step(kimberly(), "hack_start", (), dice).sheet
    s = step(s, "poison_round", (), dice, poison="drake_fungus").sheet
    path = tmp_path / "k.json"
    path.write_text(s.model_dump_json(), encoding="utf-8")
    result = cli("sheet", str(path))
    assert result.code == 0, result.err
    assert "Piratage en cours" in result.out and "drake_fungus" in result.out
    assert cli("character", "validate", str(path)).code == 0
