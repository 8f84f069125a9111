"""Creating a table, joining it, and setting the values of the system's options there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from ecran.engine import get_system
from ecran.play.dice_key import new_dice
from ecran.play.events import EventDraft
from ecran.play.model import Member, TableInfo, new_id, new_token
from ecran.play.payloads import (
    LinkRenewed,
    MemberJoined,
    MemberRemoved,
    MemberRenamed,
    OptionsChanged,
    TableArchived,
    TableCreated,
)
from ecran.play.rights import require_gm
from ecran.play.state import TableState
from ecran.rules import EcranError, Option, System, Text, from_errors, unknown
from ecran.rules.places import choices_at
from ecran.rules.refusals import named_choices
from ecran.rules.sizes import control_character

NAME_MAX = 120
DISPLAY_NAME_MAX = 60


@dataclass(frozen=True)
class NewTable:
    """A new table's first event and its two link secrets (GM link, player invite link)."""

    table: TableInfo
    gm: Member
    gm_token: str
    invite_token: str
    event: EventDraft


@dataclass(frozen=True)
class Joined:
    member: Member
    token: str
    event: EventDraft


def clean_name(value: str, limit: int, what: Text) -> str:
    name = " ".join(str(value).split())
    control = control_character(name)
    if control is not None:
        raise EcranError(
            Text(
                fr=f"{what.fr} : caractère de contrôle non permis ({control})",
                en=f"{what.en}: control character not allowed ({control})",
            )
        )
    if not 1 <= len(name) <= limit:
        raise EcranError(
            Text(
                fr=f"{what.fr} : entre 1 et {limit} caractères",
                en=f"{what.en}: between 1 and {limit} characters",
            )
        )
    return name


def _declaring(system: System[Any], option: Option) -> type[BaseModel] | None:
    """The check's parameters or the sheet that declares the option's field (with its type,
    bounds and choices), if one does."""
    models = [check.params for check in system.checks]
    if system.character is not None:
        models.append(system.character)  # some options are read from the sheet
    return next((m for m in models if option.name in m.model_fields), None)


def _adapter(system: System[Any], option: Option) -> TypeAdapter[Any]:
    """The option's type as a check or the sheet declares it (with its bounds), else its
    default's type."""
    model = _declaring(system, option)
    if model is not None:
        field = model.model_fields[option.name]
        annotation: Any = Any if field.annotation is None else field.annotation
        if field.metadata:
            annotation = Annotated[(annotation, *field.metadata)]
        return TypeAdapter(annotation)
    return TypeAdapter(Any if option.default is None else type(option.default))


def resolve_options(system: System[Any], given: dict[str, Any]) -> dict[str, Any]:
    """Every option of the system with its value at this table: the given ones checked, the
    others at their default (the recommended reading)."""
    known = {o.name: o for o in system.table_options()}
    per_roll = {o.name for o in system.options} - set(known)
    given = {k: v for k, v in given.items() if k not in per_roll}  # GM inputs: not table-wide
    for name in given:
        if name not in known:
            labels = {n: o.label for n, o in known.items()}
            raise unknown(Text(fr="option", en="option"), name, known, labels)
    values: dict[str, Any] = {}
    for name, option in known.items():
        if name not in given:
            values[name] = option.default
            continue
        try:
            values[name] = _adapter(system, option).validate_python(given[name], strict=True)
        except ValidationError as exc:  # named by the option's label, as the form shows it
            model = _declaring(system, option)
            words = choices_at(model, (name,)) if model is not None else None
            errors = [{**e, "loc": (name, *e["loc"])} for e in exc.errors()]
            if words:  # its choices by their words, as the form lists them
                errors = [named_choices(e, words) for e in errors]
            raise from_errors(errors, {name: option.label}) from None
    return values


def new_table(
    name: str, system_id: str, options: dict[str, Any] | None = None, gm_name: str = "MJ"
) -> NewTable:
    system = get_system(system_id)
    table = TableInfo(
        id=new_id(),
        name=clean_name(name, NAME_MAX, Text(fr="nom de la table", en="table name")),
        system_id=system.id,
        options=resolve_options(system, options or {}),
    )
    gm_label = clean_name(gm_name, DISPLAY_NAME_MAX, Text(fr="nom affiché", en="display name"))
    gm = Member(id=new_id(), role="gm", display_name=gm_label)
    payload = TableCreated(table=table, gm=gm, dice=new_dice(1)).model_dump(mode="json")
    event = EventDraft(kind="table_created", actor_id=gm.id, payload=payload)
    return NewTable(table, gm, new_token(), new_token(), event)


def _free_name(state: TableState, display_name: str, keep: str | None = None) -> str:
    name = clean_name(display_name, DISPLAY_NAME_MAX, Text(fr="nom affiché", en="display name"))
    taken = {m.display_name.casefold() for m in state.members.values() if m.id != keep}
    if name.casefold() in taken:
        raise EcranError(
            Text(
                fr=f"le nom « {name} » est déjà pris à cette table",
                en=f"the name '{name}' is already taken at this table",
            )
        )
    return name


def join(state: TableState, display_name: str) -> Joined:
    """A player arrives through the invite link. Display names are unique at a table (case
    ignored) so the log never shows two people under one name."""
    name = _free_name(state, display_name)
    member = Member(id=new_id(), role="player", display_name=name)
    event = EventDraft(
        kind="member_joined",
        actor_id=member.id,
        payload=MemberJoined(member=member).model_dump(mode="json"),
    )
    return Joined(member, new_token(), event)


def change_options(state: TableState, actor: Member, options: dict[str, Any]) -> EventDraft:
    """The GM changes some options; the others keep their value."""
    require_gm(actor, Text(fr="changer les options", en="change the options"))
    system = get_system(state.table.system_id)
    values = resolve_options(system, {**state.table.options, **options})
    payload = OptionsChanged(options=values).model_dump(mode="json")
    return EventDraft(kind="options_changed", actor_id=actor.id, payload=payload)


def renew_invite(state: TableState, actor: Member) -> EventDraft:
    """The GM makes a new invite link: the old one stops working (seats already taken keep
    their own links). The store draws and keeps the new token; the event names none."""
    require_gm(actor, Text(fr="changer le lien d'invitation", en="change the invite link"))
    return EventDraft(kind="invite_renewed", actor_id=actor.id, payload={})


def renew_link(state: TableState, actor: Member, member_id: str, revoke: bool) -> EventDraft:
    """The GM gives a member a new link (`revoke`: none, until one is renewed); the old link
    stops working at once. The GM's own link may be renewed, never revoked (no one would be
    left to give links)."""
    action = (
        Text(fr="révoquer un lien", en="revoke a link")
        if revoke
        else Text(fr="changer le lien d'un membre", en="change a member's link")
    )
    require_gm(actor, action)
    member = state.member(member_id)
    if revoke and member.id == actor.id:
        raise EcranError(
            Text(
                fr="le MJ ne peut pas révoquer son propre lien (changez-le plutôt)",
                en="the GM cannot revoke their own link (renew it instead)",
            )
        )
    payload = LinkRenewed(member_id=member.id, revoked=revoke).model_dump(mode="json")
    return EventDraft(kind="link_renewed", actor_id=actor.id, payload=payload)


def remove_member(state: TableState, actor: Member, member_id: str) -> EventDraft:
    """The GM removes a player: their link stops working and their living characters pass to
    the GM (so no sheet is left without an owner). The GM's own seat cannot be removed."""
    require_gm(actor, Text(fr="retirer un membre", en="remove a member"))
    member = state.member(member_id)
    if member.is_gm:
        raise EcranError(
            Text(fr="le siège du MJ ne peut pas être retiré", en="the GM's seat cannot be removed")
        )
    given = [
        c.model_copy(update={"owner_id": actor.id, "version": c.version + 1})
        for c in state.characters.values()
        if c.owner_id == member.id and not c.deleted
    ]
    payload = MemberRemoved(
        member_id=member.id, characters=given, display_name=member.display_name
    ).model_dump(mode="json")
    return EventDraft(kind="member_removed", actor_id=actor.id, payload=payload)


def archive(state: TableState, actor: Member, archived: bool = True) -> EventDraft:
    """The GM archives the table (read-only) or reopens it."""
    require_gm(actor, Text(fr="archiver la table", en="archive the table"))
    if state.archived == archived:
        raise EcranError(
            Text(fr="la table est déjà archivée", en="the table is already archived")
            if archived
            else Text(fr="la table n'est pas archivée", en="the table is not archived")
        )
    payload = TableArchived(archived=archived).model_dump(mode="json")
    return EventDraft(kind="table_archived", actor_id=actor.id, payload=payload)


def rename(state: TableState, actor: Member, member_id: str, display_name: str) -> EventDraft:
    """A member changes their display name (the GM anyone's); still unique at the table."""
    member = state.member(member_id)
    if member.id != actor.id:
        require_gm(actor, Text(fr="renommer un autre membre", en="rename another member"))
    name = _free_name(state, display_name, keep=member.id)
    payload = MemberRenamed(member_id=member.id, display_name=name).model_dump(mode="json")
    return EventDraft(kind="member_renamed", actor_id=actor.id, payload=payload)
