"""What each member may see of the board, decided here only: pages, API answers, live frames
and the masked image all go through `view_for` (or `changes`, built from it), so nothing under
the fog can reach a player by another path.

- The GM sees every scene, token, fog stroke and handout.
- A player sees the scene shown to the players only; of it, the tokens of their own characters
  always, another token only if it is not hidden and its centre lies in the revealed area; the
  handouts addressed to them (without the list of who else got them).
A hidden or fogged token is absent from a player's view: neither its position nor its existence
is sent (no stub, no count). An encounter's participant whose tokens are all hidden
(`hidden_participants`) is absent from the players' encounter too (`play.visibility`).

A player gets the fog only as their masked image shows it (on a plain scene, with no map, as
its fog overlay): never a stroke (a "hide" stroke's
outline is where the GM hides something; a reveal's shape, hidden again in part, shows what the
image does not), and a version of it (`players_version`) that moves only when their image may
change: a stroke hiding again what was never revealed reaches them not at all.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ecran.play.board.events import End, Measured
from ecran.play.board.geometry import revealed
from ecran.play.board.model import (
    Board,
    FogOp,
    Handout,
    Polygon,
    Rect,
    SceneState,
    Token,
    same_encounter,
)

#: How far apart (pixels) two strokes' boxes must be for one to leave the other's pixels alone
#: (the mask is drawn on whole pixels: a box a fraction away may still paint the same one).
_MARGIN = 2.0


@dataclass(frozen=True)
class Viewer:
    """A member as the board sees them: a GM or not, and the characters they own."""

    member_id: str
    is_gm: bool = False
    characters: frozenset[str] = field(default_factory=frozenset)

    def owns(self, token: Token) -> bool:
        return token.character_id is not None and token.character_id in self.characters


#: A player with no token of their own: what every player sees of a scene (the GM's preview,
#: "Vue des joueurs", is drawn from this viewer's view, never from the GM's filtered in a page).
ANY_PLAYER = Viewer(member_id="")


def sees_token(state: SceneState, token: Token, viewer: Viewer) -> bool:
    if viewer.is_gm or viewer.owns(token):
        return True
    return not token.hidden and revealed(state.fog, token.x, token.y)


@dataclass(frozen=True)
class Unseen:
    """The encounters' participants the GM keeps off the players' board
    (`hidden_participants`), as (encounter id, participant id): participants are numbered per
    encounter, so one encounter's hidden "p2" says nothing of another's. An encounter id None
    comes from a token placed before tokens named their encounter: its participant is unseen
    in every encounter."""

    pairs: frozenset[tuple[str | None, str]] = frozenset()

    def of(self, encounter_id: str) -> frozenset[str]:
        """The unseen participants of one encounter."""
        return frozenset(pid for enc, pid in self.pairs if same_encounter(enc, encounter_id))


def hidden_participants(board: Board) -> Unseen:
    """The encounters' participants (NPCs) the GM keeps off the players' board: each has a
    token, on any scene, and every one of its tokens is hidden. Fog does not count: a fogged
    token's bearer is only out of sight, a hidden one is a secret until revealed."""
    hidden: set[tuple[str | None, str]] = set()
    shown: set[tuple[str | None, str]] = set()
    for state in board.scenes.values():
        for token in state.tokens.values():
            if token.participant_id is not None:
                bearer = (token.encounter_id, token.participant_id)
                (hidden if token.hidden else shown).add(bearer)
    return Unseen(frozenset(h for h in hidden if not any(_same_bearer(h, s) for s in shown)))


def _same_bearer(a: tuple[str | None, str], b: tuple[str | None, str]) -> bool:
    """Whether two tokens' (encounter, participant) may stand for one participant."""
    return a[1] == b[1] and same_encounter(a[0], b[0])


def sees_handout(handout: Handout, viewer: Viewer) -> bool:
    return viewer.is_gm or handout.to == "all" or viewer.member_id in handout.to


def visible_scenes(board: Board, viewer: Viewer) -> list[SceneState]:
    if viewer.is_gm:
        return list(board.scenes.values())
    shown = board.scenes.get(board.shown) if board.shown else None
    return [] if shown is None else [shown]


def scene_view(state: SceneState, viewer: Viewer) -> dict[str, Any]:
    """One scene as `viewer` may see it: `{"scene", "tokens", "revealed"}` (the contract's
    shape; `revealed` holds the fog strokes in order, each revealing or hiding an area, for the
    GM only: a player's is empty and their `fog_version` is `players_version`)."""
    scene, grid = state.scene, state.scene.grid
    head = {
        "id": scene.id,
        "name": scene.name,
        "width": scene.width,
        "height": scene.height,
        "grid_size": grid.size,
        "offset_x": grid.offset_x,
        "offset_y": grid.offset_y,
        "unit_per_square": grid.unit_per_square,
        "unit": grid.unit,
        "diagonal": grid.diagonal,
        "has_image": scene.image_id is not None,
        "fog_version": state.fog_version if viewer.is_gm else players_version(state),
        # a player has no map to mask on a plain scene: their fog comes as an image of its own
        # (`image.fog_overlay`, tagged by the same version); the GM's is drawn from the strokes
        "fog_overlay": not viewer.is_gm and scene.image_id is None,
    }
    tokens = [token_view(t, viewer) for t in state.tokens.values() if sees_token(state, t, viewer)]
    # a player's client draws the masked image it is sent and places tokens anywhere (the server
    # decides who sees them): it needs no stroke, so none is sent
    strokes = [op.model_dump(mode="json") for op in state.fog] if viewer.is_gm else []
    return {"scene": head, "tokens": tokens, "revealed": strokes}


def players_view(state: SceneState) -> dict[str, Any]:
    """`state` as a player without a token of their own sees it once it is shown: the GM's
    "players' view"."""
    return scene_view(state, ANY_PLAYER)


def players_fog(fog: Sequence[FogOp]) -> tuple[FogOp, ...]:
    """The strokes the players' image is painted from: the fog without the "hide" strokes that
    change nothing (none of the reveals before them comes near them: every pixel they cover was
    still fogged). The same image as the whole fog's, so a stroke hidden under the fog leaves
    the players' image, its tag and `players_version` as they were."""
    kept: list[FogOp] = []
    shown: list[tuple[float, float, float, float]] = []
    for op in fog:
        box = _box(op.region)
        if op.reveal:
            shown.append(box)
        elif not any(_meet(box, other) for other in shown):
            continue
        kept.append(op)
    return tuple(kept)


def players_key(state: SceneState) -> str:
    """A digest of the players' image: the map's id and the players' fog. What their masked
    image is kept and tagged by."""
    strokes = [op.model_dump(mode="json") for op in players_fog(state.fog)]
    said = json.dumps([state.scene.image_id, strokes], sort_keys=True)
    return hashlib.blake2b(said.encode(), digest_size=12).hexdigest()


def players_version(state: SceneState) -> int:
    """The players' fog version: a number that changes when their image may (a new map, a
    stroke they see; a digest, not a count: how often the GM touched the fog is not theirs to
    know), safe as a JSON integer."""
    return int(players_key(state)[:12], 16)


def _box(region: Rect | Polygon) -> tuple[float, float, float, float]:
    if isinstance(region, Rect):
        return (region.x, region.y, region.x + region.w, region.y + region.h)
    xs, ys = [p[0] for p in region.points], [p[1] for p in region.points]
    return (min(xs), min(ys), max(xs), max(ys))


def _meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return (
        a[0] <= b[2] + _MARGIN
        and b[0] <= a[2] + _MARGIN
        and a[1] <= b[3] + _MARGIN
        and b[1] <= a[3] + _MARGIN
    )


def token_view(token: Token, viewer: Viewer) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": token.id,
        "x": token.x,
        "y": token.y,
        "name": token.name,
        "flags": token.flags.model_dump(),
        "facing": token.facing,
        "side": token.side,
        "mine": viewer.owns(token),
    }
    if token.character_id is not None:
        shown["character_id"] = token.character_id
    if token.participant_id is not None:
        shown["participant_id"] = token.participant_id
    if token.encounter_id is not None:
        shown["encounter_id"] = token.encounter_id
    if viewer.is_gm:
        shown["hidden"] = token.hidden
    return shown


def handout_view(handout: Handout, viewer: Viewer) -> dict[str, Any]:
    shown = {
        "id": handout.id,
        "title": handout.title,
        "text": handout.text,
        "has_image": handout.image_id is not None,
    }
    if viewer.is_gm:
        shown["to"] = handout.to if handout.to == "all" else list(handout.to)
    return shown


def view_for(board: Board, viewer: Viewer) -> dict[str, Any]:
    """The whole board as `viewer` may see it: the scene shown, the scenes, the handouts."""
    scenes = visible_scenes(board, viewer)
    return {
        "shown": board.shown if (viewer.is_gm or scenes) else None,
        "free_movement": board.free_movement,
        "scenes": [scene_view(s, viewer) for s in scenes],
        "handouts": [
            handout_view(h, viewer) for h in board.handouts.values() if sees_handout(h, viewer)
        ],
    }


def changes(before: Board, after: Board, viewer: Viewer) -> list[dict[str, Any]]:
    """The live frames one event makes for `viewer`: the difference between what they could
    see before and after it. Empty when nothing they see changed (a hidden token's move, a fog
    stroke on a scene not shown): the event then reaches them as a stub, or not at all."""
    old, new = view_for(before, viewer), view_for(after, viewer)
    frames: list[dict[str, Any]] = []
    old_scenes = {s["scene"]["id"]: s for s in old["scenes"]}
    new_scenes = {s["scene"]["id"]: s for s in new["scenes"]}
    if old["shown"] != new["shown"]:
        frames.append({"op": "shown", "scene_id": new["shown"]})
    if old["free_movement"] != new["free_movement"]:
        frames.append({"op": "free_movement", "free": new["free_movement"]})
    for sid in old_scenes.keys() - new_scenes.keys():
        frames.append({"op": "scene_gone", "scene_id": sid})
    for sid, view in new_scenes.items():
        frames.extend(_scene_frames(old_scenes.get(sid), view))
    frames.extend(_handout_frames(old["handouts"], new["handouts"]))
    return frames


def measure_change(board: Board, measured: Measured, viewer: Viewer) -> list[dict[str, Any]]:
    """A measure (`events.Measured`) as `viewer` may see it: `[{"op": "measure", "scene_id",
    "from", "to", "via", "distance", "unit"}]` when they see the scene and every point of it
    (a token they see, a point in the revealed area), else `[]`: a hidden token or a fogged
    point is not told, nor the length of a path through it."""
    state = next(
        (s for s in visible_scenes(board, viewer) if s.scene.id == measured.scene_id), None
    )
    if state is None:
        return []
    points = (*measured.ends, *measured.via)
    if not all(_sees_end(state, end, viewer) for end in points):
        return []
    a, b = (end.model_dump(exclude_none=True) for end in measured.ends)
    return [
        {
            "op": "measure",
            "scene_id": measured.scene_id,
            "from": a,
            "to": b,
            "via": [end.model_dump(exclude_none=True) for end in measured.via],
            "distance": measured.distance,
            "unit": measured.unit,
        }
    ]


def _sees_end(state: SceneState, end: End, viewer: Viewer) -> bool:
    """Whether `viewer` sees a point of a measure: its token, or the revealed place."""
    if end.token_id is not None:
        token = state.tokens.get(end.token_id)
        return token is not None and sees_token(state, token, viewer)
    return viewer.is_gm or revealed(state.fog, end.x, end.y)


def _scene_frames(old: dict[str, Any] | None, new: dict[str, Any]) -> list[dict[str, Any]]:
    sid = new["scene"]["id"]
    if old is None or old["scene"] != new["scene"] or old["revealed"] != new["revealed"]:
        # a new scene, grid, image or fog: the whole scene again (tokens may appear or go)
        return [{"op": "scene", **new}]
    frames: list[dict[str, Any]] = []
    before = _by_id(old["tokens"])
    after = _by_id(new["tokens"])
    for tid in before.keys() - after.keys():
        frames.append({"op": "token_gone", "scene_id": sid, "token_id": tid})
    for tid, token in after.items():
        if before.get(tid) != token:
            frames.append({"op": "token", "scene_id": sid, "token": token})
    return frames


def _handout_frames(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    before = _by_id(old)
    return [{"op": "handout", "handout": h} for h in new if before.get(h["id"]) != h]


def _by_id(items: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {item["id"]: item for item in items}
