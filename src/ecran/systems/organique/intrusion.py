"""The state of a computer intrusion a hacker carries on the sheet (L1483-2070): which network,
what the preliminaries taught, which machines are found and at what privilege, whether security
is alerted, and the time spent. Pure data and lookups; `ops_hacking` changes it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ecran.rules import EcranError, tr
from ecran.systems.organique.checks.core import skill_bonus
from ecran.systems.organique.tables import HACKING, NETWORKS, Computer

Privilege = Literal["user", "super_user", "administrator"]
PRIVILEGES: tuple[Privilege, ...] = ("user", "super_user", "administrator")
#: L1901-1918: a User takes −10 to manipulate the machine's structure, an Administrator +10 to
#: every further computer test on it.
PRIVILEGE_MODIFIER = {"user": -10, "super_user": 0, "administrator": 10}
INFO_BONUS = 10  # L1566-1584: each useful preliminary find is worth +10 to one kind of test


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Access(Strict):
    system: str
    privilege: Privilege


class Intrusion(Strict):
    network: str = Field(min_length=1, max_length=80)
    paranoia: int = Field(ge=0, le=60)
    network_firewall: int = Field(ge=0, le=80)
    surveillance: int = Field(ge=0, le=100)
    admin_level: int = Field(ge=0, le=20)
    info: list[str] = Field(default_factory=list)
    inside_network: bool = False
    located: list[str] = Field(default_factory=list)
    access: list[Access] = Field(default_factory=list)
    backdoors: list[str] = Field(default_factory=list)
    crashed: list[str] = Field(default_factory=list)
    trusts_known: list[str] = Field(default_factory=list)
    alert: bool = False
    suspected: bool = False
    ejected: bool = False
    minutes: int = Field(0, ge=0)

    def privilege_on(self, system: str) -> Privilege | None:
        return next((a.privilege for a in self.access if a.system == system), None)

    def with_access(self, system: str, privilege: Privilege) -> Intrusion:
        """Keep the better of the old and new accounts on a machine."""
        old = self.privilege_on(system)
        if old is not None and PRIVILEGES.index(old) >= PRIVILEGES.index(privilege):
            return self
        rest = [a for a in self.access if a.system != system]
        return self.model_copy(
            update={"access": [*rest, Access(system=system, privilege=privilege)]}
        )


def skill_level(skills: list[tuple[str, int]], skill: str) -> int:
    """The sheet's level in a hacking skill, matched by its French or English name or id."""
    row = HACKING.skill_named(skill)
    names = {row.name, row.label_fr.casefold(), row.label_en.casefold()}
    return max((lvl for name, lvl in skills if name.casefold() in names), default=0)


def skill_total(intelligence: int, skills: list[tuple[str, int]], skill: str) -> int:
    return intelligence + skill_bonus(skill_level(skills, skill))


def computer(intrusion: Intrusion, name: str) -> Computer | None:
    return NETWORKS.computer(intrusion.network, name)


def require_live(intrusion: Intrusion | None) -> Intrusion:
    if intrusion is None:
        raise EcranError(
            tr(
                "aucune intrusion en cours : d'abord « Piratage : choisir la cible »",
                "no intrusion: first 'Hacking: pick the target'",
            )
        )
    if intrusion.ejected:
        raise EcranError(
            tr(
                "éjecté du réseau : recommencer avec une autre adresse "
                "(« Piratage : choisir la cible »)",
                "ejected from the network: start again from another address "
                "('Hacking: pick the target')",
            )
        )
    return intrusion
