"""The state of a computer intrusion a hacker carries on the sheet (L1483-2070): which network,
what the preliminaries taught, which machines are found and at what privilege, whether security
is alerted, and the time spent. Pure data and lookups; `ops_hacking` changes it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from ecran.rules import EcranError, param, tr
from ecran.rules.data import row_where
from ecran.systems.organique.checks.core import skill_bonus
from ecran.systems.organique.rows import Computer
from ecran.systems.organique.tables import HACKING, NETWORKS

Privilege = Literal["user", "super_user", "administrator"]
PRIVILEGES: tuple[Privilege, ...] = ("user", "super_user", "administrator")
#: L1901-1918: a User takes −10 to manipulate the machine's structure, an Administrator +10 to
#: every further computer test on it.
PRIVILEGE_MODIFIER = {"user": -10, "super_user": 0, "administrator": 10}
INFO_BONUS = 10  # L1566-1584: each useful preliminary find is worth +10 to one kind of test


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


#: The privilege levels by their words (L1903-1916, data/hacking.toml).
PRIVILEGE_WORDS = {p.name: p.label for p in HACKING.privilege}


def _machines(fr: str, en: str) -> list[str]:
    """A list of the network's machines, by their names."""
    return param(tr(fr, en), default_factory=list)  # type: ignore[no-any-return]


class Access(Strict):
    system: str = param(tr("Machine", "Machine"))
    privilege: Privilege = param(tr("Privilège", "Privilege"), choices=PRIVILEGE_WORDS)


class Intrusion(Strict):
    network: str = param(tr("Réseau", "Network"), min_length=1, max_length=80)
    paranoia: int = param(tr("Paranoïa", "Paranoia"), ge=0, le=60)
    network_firewall: int = param(tr("Pare-feu du réseau", "Network firewall"), ge=0, le=80)
    surveillance: int = param(tr("Surveillance", "Surveillance"), ge=0, le=100)
    admin_level: int = param(tr("Niveau de l'administrateur", "Admin level"), ge=0, le=20)
    info: list[str] = param(
        tr("Informations des préliminaires", "Preliminary finds"), default_factory=list
    )
    inside_network: bool = param(tr("Dans le réseau", "Inside the network"), default=False)
    located: list[str] = _machines("Machines localisées", "Machines located")
    access: list[Access] = param(tr("Accès", "Access"), default_factory=list)
    backdoors: list[str] = _machines("Portes dérobées", "Backdoors")
    crashed: list[str] = _machines("Machines plantées", "Crashed machines")
    trusts_known: list[str] = _machines("Relations de confiance connues", "Known trusts")
    alert: bool = param(tr("Alerte", "Alert"), default=False)
    suspected: bool = param(tr("Soupçonné", "Suspected"), default=False)
    ejected: bool = param(tr("Éjecté", "Ejected"), default=False)
    minutes: int = param(tr("Minutes passées", "Minutes spent"), default=0, ge=0)

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
    row = row_where(HACKING.skill, name=skill)
    names = {row.name, row.label.fr.casefold(), row.label.en.casefold()}
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
