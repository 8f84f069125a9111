"""Chat at a table: messages, whispers, the GM's narration, a character's voice, inline rolls.

A message is an event (`kind="message"`) like a roll, with the same visibility rules
(`ecran.play.visibility`): said to the table it is public; whispered to the GM it is `gm` (the
GMs and its author); whispered to a player it is `whisper` (the GMs, its author and its
addressee). It changes nothing but the log.

What a member types, in the common notation of Roll20 and Avrae:

    text                  said to the table (in the voice of the chosen character, if any)
    /r EXPR [comment]     a roll in dice notation (`/r 2d6+3 dégâts`), or of one of the actions
                          of the speaker's sheet by its name (`/r Bagarre`); also `/roll`
    /gmroll EXPR [comment] a roll only the GM and its roller see (Roll20's); also `/gr`
    /w NAME text          a whisper to one member, named by their display name or by the name
                          of one of their characters (`/w "Bob le Rouge" text` for spaces)
    /gm text              a whisper to the GM; also `/w gm text` (Roll20) or `/w mj text`
    /em text, /me text    an emote (« Zoé hausse les épaules »)
    /ooc text             out of character (never in a character's voice)
    /desc text            the GM's narration (GM only); also `/nar`
    … [[EXPR]] …          an inline roll inside any message (at most `INLINE_MAX`)

Every roll is drawn by the server (no seed comes from a client) and recorded with its seed and
its dice, so it replays like any roll of the table. The dice are the table's
(`ecran.play.dice_key`): the message's seed comes from the table's key and the message's number
in the log, and its rolls' seeds, in order, from it (`dice_key.derived_seed(seed, "chat", i)`);
the message records the commitment in force, and `ecran verify` replays each roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Literal

from ecran.dice.notation import NotationError, limits
from ecran.dice.notation.report import roll_report
from ecran.engine import get_system
from ecran.engine.records import RollRecord, check_roll, seeded_roller
from ecran.play.characters import parse_sheet
from ecran.play.dice_key import Commitment, derived_seed, no_key, table_seed
from ecran.play.encounter.conditions import bearer_conditions, shifted
from ecran.play.errors import forbidden, not_found
from ecran.play.events import EventDraft
from ecran.play.model import Member, Record, StoredCharacter, Visibility
from ecran.play.rights import can_see_character, require_edit
from ecran.play.rolls import table_params
from ecran.play.state import TableState
from ecran.rules import EcranError, Text
from ecran.rules.sizes import control_character

#: The longest message, in characters (a long paragraph of narration).
MESSAGE_MAX = 2000
#: Inline rolls `[[…]]` in one message.
INLINE_MAX = 5
#: Words tried as the start of a `/r` expression (the rest is the comment).
EXPRESSION_WORDS = 12

Style = Literal["say", "emote", "ooc", "narration", "roll"]

#: An inline roll: `[[` anything but brackets `]]`.
INLINE = re.compile(r"\[\[([^\[\]]{1,LIMIT})\]\]".replace("LIMIT", str(limits.MAX_LENGTH)))


class InlineRoll(Record):
    """One roll of a message: dice notation rolled by the server, or an action of the speaker's
    sheet (`check` holds its record, `label` its name)."""

    expression: str
    seed: int
    dice: list[int]
    #: The total: an integer, an exact fraction as "p/q", or None (a check without one).
    total: int | str | None
    #: The rolled work (`2d6+3 (4, 2)+3 = 9`), or the check's outcome id.
    text: str
    check: RollRecord | None = None
    label: Text | None = None


class MessageSent(Record):
    """A message as the log keeps it."""

    style: Style
    #: What was written after the command, `[[…]]` kept where the inline rolls go.
    text: str
    #: The character voiced (its name when it spoke: a secret NPC's name only if the GM uses it).
    character_id: str | None = None
    speaker: str = ""
    #: The addressees of a whisper (member ids); empty for the table.
    to: list[str] = []
    rolls: list[InlineRoll] = []
    #: A message with rolls: its seed (each roll's derives from it: `roll_seed`), the dice key
    #: in force (the seed derives from it), as a roll's (`RollMade`). None in messages without
    #: rolls and in those written before.
    seed: int | None = None
    commitment: Commitment | None = None
    gm_seed: bool = False


def roll_seed(seed: int | None, index: int) -> int | None:
    """The seed of a message's roll number `index` (from 0, in `MessageSent.rolls` order)."""
    return derived_seed(seed, "chat", str(index))


@dataclass(frozen=True)
class _Said:
    style: Style
    text: str
    visibility: Visibility = "public"
    to: tuple[str, ...] = ()
    rolls: tuple[InlineRoll, ...] = ()


def _refuse(fr: str, en: str) -> EcranError:
    return EcranError(Text(fr=fr, en=en))


COMMANDS = ("/r", "/roll", "/gmroll", "/gr", "/w", "/gm", "/em", "/me", "/ooc", "/desc", "/nar")


def send(
    state: TableState,
    actor: Member,
    text: str,
    *,
    character_id: str | None = None,
    to: str | None = None,
) -> EventDraft:
    """The event of a message typed by `actor`, speaking as `character_id` if given, and
    whispered to the member `to` if given (as `/w`, with any other command: `/r 1d20` to the GM
    is a roll only the GM sees)."""
    body = text.strip()
    if not body:
        raise _refuse("message vide", "empty message")
    control = control_character(body)
    if control is not None:
        raise _refuse(
            f"caractère de contrôle non permis ({control})",
            f"control character not allowed ({control})",
        )
    if len(body) > MESSAGE_MAX:
        raise _refuse(
            f"message trop long ({len(body)} caractères, max {MESSAGE_MAX})",
            f"message too long ({len(body)} characters, max {MESSAGE_MAX})",
        )
    voice = _voice(state, actor, character_id)
    # A message without rolls needs no key; one with rolls at a table without a key in force
    # is refused (`NoDiceKey`) once read, and the write path starts a key and sends it again.
    drawn = None
    if state.dice_key is not None:
        drawn = table_seed(state.dice_key, actor, None, state.last_seq + 1)
    seed = None if drawn is None else drawn.seed
    said = _command(state, actor, voice, body, seed)
    if to:
        said = _addressed(state, actor, said, to)
    rolls = [*said.rolls, *_inline_rolls(said.text, seed, len(said.rolls))]
    dice: dict[str, Any] = {}
    if rolls and drawn is None:
        raise no_key()
    if rolls and drawn is not None:
        dice = {"seed": drawn.seed, "commitment": drawn.commitment}
    in_voice = voice is not None and said.style not in ("ooc", "narration")
    payload = MessageSent(
        style=said.style,
        text=said.text,
        character_id=voice.id if in_voice and voice is not None else None,
        speaker=voice.name if in_voice and voice is not None else "",
        to=list(said.to),
        rolls=rolls,
        **dice,
    )
    return EventDraft(
        kind="message",
        actor_id=actor.id,
        visibility=said.visibility,
        payload=payload.model_dump(mode="json"),
    )


def _voice(state: TableState, actor: Member, character_id: str | None) -> StoredCharacter | None:
    """The character whose voice the member takes: one they may edit (the GM: any)."""
    if not character_id:
        return None
    character = state.character(character_id)
    require_edit(actor, character)
    return character


def _command(
    state: TableState, actor: Member, voice: StoredCharacter | None, body: str, seed: int | None
) -> _Said:
    if not body.startswith("/"):
        return _Said("say", body)
    word, _, rest = body.partition(" ")
    name, rest = word.casefold(), rest.strip()
    if name not in COMMANDS:
        raise _refuse(
            f"commande inconnue « {word[:20]} » (connues : {', '.join(COMMANDS)})",
            f"unknown command '{word[:20]}' (known: {', '.join(COMMANDS)})",
        )
    if name in ("/r", "/roll"):
        return _roll_command(state, actor, voice, rest, roll_seed(seed, 0))
    if name in ("/gmroll", "/gr"):  # Roll20's secret roll: the GMs and the roller see it
        said = _roll_command(state, actor, voice, rest, roll_seed(seed, 0))
        gms = tuple(m.id for m in state.members.values() if m.is_gm and m.id != actor.id)
        return replace(said, visibility="gm", to=gms)
    if not rest:
        raise _refuse(f"{name} : texte attendu", f"{name}: some text is expected")
    if name == "/w":
        return _whisper(state, actor, rest)
    if name == "/gm":
        return _to_gm(state, actor, rest)
    if name in ("/em", "/me"):
        return _Said("emote", rest)
    if name == "/ooc":
        return _Said("ooc", rest)
    if not actor.is_gm:
        raise forbidden("seul le MJ raconte (/desc)", "only the GM narrates (/desc)")
    return _Said("narration", rest)


# -- whispers -------------------------------------------------------------------------------------


def _addressed(state: TableState, actor: Member, said: _Said, to: str) -> _Said:
    """A message sent to one member chosen beside the text (the chat box's list)."""
    if said.to:
        raise _refuse(
            "deux destinataires : choisissez-en un dans la liste ou avec /w, pas les deux",
            "two addressees: pick one in the list or with /w, not both",
        )
    member = state.member(to)
    if member.id == actor.id:
        raise _refuse("on ne se chuchote pas à soi-même", "you cannot whisper to yourself")
    visibility: Visibility = "gm" if member.is_gm else "whisper"
    return _Said(said.style, said.text, visibility, (member.id,), said.rolls)


def _to_gm(state: TableState, actor: Member, text: str) -> _Said:
    gms = tuple(m.id for m in state.members.values() if m.is_gm and m.id != actor.id)
    if not gms:
        raise _refuse("vous êtes le MJ : chuchotez à un joueur (/w Nom)", "you are the GM: /w Name")
    return _Said("say", text, "gm", gms)


#: `/w gm text` whispers to the GM (Roll20's habit; `mj` in French) when no one is so named.
_GM_WORDS = ("gm", "mj")


def _whisper(state: TableState, actor: Member, rest: str) -> _Said:
    """`/w NAME text`: the longest run of first words naming someone (quotes for a name with
    spaces are also read)."""
    found = _quoted(state, actor, rest) or _longest_name(state, actor, rest)
    first, _, after = rest.partition(" ")
    if found is None and first.casefold() in _GM_WORDS and after.strip():
        return _to_gm(state, actor, after.strip())
    if found is None:
        raise not_found(Text(fr="destinataire", en="addressee"), rest.split(" ", 1)[0][:60])
    member, text = found
    if member.id == actor.id:
        raise _refuse("on ne se chuchote pas à soi-même", "you cannot whisper to yourself")
    if not text:
        raise _refuse("/w : texte attendu après le nom", "/w: some text is expected after the name")
    if member.is_gm:
        return _Said("say", text, "gm", (member.id,))
    return _Said("say", text, "whisper", (member.id,))


def _names(state: TableState, actor: Member) -> dict[str, Member]:
    """Who a whisper can name: members by display name, then their characters by name (the
    characters the whisperer can see)."""
    named: dict[str, Member] = {}
    for c in state.characters.values():
        owner = state.members.get(c.owner_id)
        if owner is not None and not c.deleted and can_see_character(actor, c) and c.name:
            named.setdefault(c.name.casefold(), owner)
    for m in state.members.values():
        named[m.display_name.casefold()] = m
    return named


def _quoted(state: TableState, actor: Member, rest: str) -> tuple[Member, str] | None:
    if not rest.startswith('"'):
        return None
    end = rest.find('"', 1)
    if end < 0:
        return None
    who = _names(state, actor).get(" ".join(rest[1:end].split()).casefold())
    return None if who is None else (who, rest[end + 1 :].strip())


def _longest_name(state: TableState, actor: Member, rest: str) -> tuple[Member, str] | None:
    names = _names(state, actor)
    words = rest.split(" ")
    for count in range(len(words), 0, -1):
        who = names.get(" ".join(w for w in words[:count] if w).casefold())
        if who is not None:
            return who, " ".join(words[count:]).strip()
    return None


# -- rolls ----------------------------------------------------------------------------------------


#: A first word that begins as dice notation does (`2d6`, `d20`, `4dF`, `10`): a refusal of it
#: is the notation's.
_LOOKS_LIKE_DICE = re.compile(r"(\d|[dD](\d|%|F)|\(|\{|floor|ceil|round|abs)")


def _roll_command(
    state: TableState, actor: Member, voice: StoredCharacter | None, rest: str, seed: int | None
) -> _Said:
    """`/r EXPR [comment]`: the longest run of first words that reads as dice notation; else
    an action of the speaker's sheet by its name."""
    if not rest:
        raise _refuse("/r : expression de dés attendue (/r 2d6+3)", "/r: dice expected (/r 2d6+3)")
    words = rest.split()
    why: EcranError | None = None
    for count in range(min(len(words), EXPRESSION_WORDS), 0, -1):
        expression = " ".join(words[:count])
        try:
            rolled = _dice(expression, seed)
        except EcranError as exc:
            why = exc
            continue
        return _Said("roll", " ".join(words[count:]), rolls=(rolled,))
    action = _action(state, actor, voice, rest, seed)
    if action is None:
        if why is not None and _LOOKS_LIKE_DICE.match(words[0]):
            # dice notation the parser refused: its reason (too many dice, explodes on every
            # face…), not a guess between dice and an action
            raise _refuse(f"/r : {why.message('fr')}", f"/r: {why.message('en')}")
        shown = rest[:40]
        raise _refuse(
            f"/r : « {shown} » n'est ni une expression de dés (2d6+3) ni une action de la "
            "feuille de votre personnage",
            f"/r: '{shown}' is neither dice notation (2d6+3) nor an action of your "
            "character's sheet",
        )
    return _Said("roll", "", rolls=(action,))


def _dice(expression: str, seed: int | None) -> InlineRoll:
    try:
        report: dict[str, Any] = roll_report(expression, seeded_roller(seed))
    except NotationError as exc:
        raise EcranError(Text(fr=exc.fr, en=exc.en)) from None
    return InlineRoll(
        expression=expression,
        seed=report["seed"],
        dice=report["dice"],
        total=report["total"],
        text=report["text"],
    )


def _inline_rolls(text: str, seed: int | None, first: int) -> list[InlineRoll]:
    found = INLINE.findall(text)
    if len(found) > INLINE_MAX:
        raise _refuse(
            f"trop de jets dans un message ({len(found)}, max {INLINE_MAX})",
            f"too many rolls in one message ({len(found)}, max {INLINE_MAX})",
        )
    return [
        _dice(expression.strip(), roll_seed(seed, first + i)) for i, expression in enumerate(found)
    ]


def _action(
    state: TableState, actor: Member, voice: StoredCharacter | None, name: str, seed: int | None
) -> InlineRoll | None:
    """An action of the speaker's sheet named as the sheet names it (French or English, case
    ignored): the voiced character's, else the member's only character."""
    character = voice or _only_character(state, actor)
    if character is None:
        return None
    system = get_system(state.table.system_id)
    wanted = " ".join(name.split()).casefold()
    # the conditions on the character in a running fight weigh on its roll (#30 item 5)
    own = bearer_conditions(state, character.id)
    for found in system.actions(parse_sheet(system, character.sheet)):
        if wanted in (found.label.fr.casefold(), found.label.en.casefold()):
            action = shifted(system, found, own)
            check = system.check(action.check)
            params = table_params(state, check, action.params)
            record = check_roll(state.table.system_id, check, params, seed, action.check)
            return InlineRoll(
                expression=action.label.fr,
                seed=record.seed,
                dice=record.dice,
                total=record.total,
                text=record.outcome,
                check=record,
                label=action.label,
            )
    return None


def _only_character(state: TableState, actor: Member) -> StoredCharacter | None:
    mine = [c for c in state.characters.values() if c.owner_id == actor.id and not c.deleted]
    return mine[0] if len(mine) == 1 else None


# -- reading --------------------------------------------------------------------------------------


def pieces(message: MessageSent) -> list[tuple[str, InlineRoll | None]]:
    """The message's text cut where its inline rolls go: (text, None) and (`[[…]]`, its roll)
    in order, for a reader to show each roll in place."""
    inline = iter(message.rolls[len(message.rolls) - len(INLINE.findall(message.text)) :])
    out: list[tuple[str, InlineRoll | None]] = []
    at = 0
    for match in INLINE.finditer(message.text):
        if match.start() > at:
            out.append((message.text[at : match.start()], None))
        out.append((match.group(0), next(inline, None)))
        at = match.end()
    if at < len(message.text):
        out.append((message.text[at:], None))
    return out
