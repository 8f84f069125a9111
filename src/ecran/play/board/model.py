"""The scene board's records: scenes (a map or a plain grid), tokens, fog and handouts.

Pure data. Coordinates are the scene image's pixels, origin at the top left, y downwards (as the
image and Leaflet's `CRS.Simple` with a flipped y read them). A position is a token's centre.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

#: Longest side of a scene, in pixels: the largest image an upload may have (`image.MAX_SIDE`).
MAX_SIDE = 8192
#: Longest name or title a player reads, and longest handout text.
NAME_MAX = 120
TEXT_MAX = 20_000
#: Most vertices of a fog polygon, most fog operations kept per scene, most tokens per scene.
POLYGON_MAX = 256
FOG_MAX = 2_000
TOKENS_MAX = 500

Px = Annotated[float, Field(ge=0, le=MAX_SIDE, allow_inf_nan=False)]
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX)]

#: How a distance is counted on the grid (Foundry's names): straight line on the scene's scale
#: (the books measure in metres), the king's moves, the rook's, and 5-10-5 (every second
#: diagonal counts double).
Diagonal = Literal["euclidean", "chebyshev", "manhattan", "alternating"]
DIAGONALS: tuple[Diagonal, ...] = ("euclidean", "chebyshev", "manhattan", "alternating")


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Grid(Record):
    """Square cells `size` pixels wide, the first one's corner at (`offset_x`, `offset_y`); one
    cell is `unit_per_square` of `unit` (1.5 "m", or 1 "square" where the book counts squares)."""

    size: Annotated[float, Field(ge=8, le=1024, allow_inf_nan=False)] = 70
    offset_x: Annotated[float, Field(ge=0, le=1024, allow_inf_nan=False)] = 0
    offset_y: Annotated[float, Field(ge=0, le=1024, allow_inf_nan=False)] = 0
    unit_per_square: Annotated[float, Field(gt=0, le=10_000, allow_inf_nan=False)] = 1.5
    unit: Annotated[str, Field(min_length=1, max_length=16)] = "m"
    diagonal: Diagonal = "euclidean"


class Scene(Record):
    id: Id
    name: Name
    width: Annotated[int, Field(ge=1, le=MAX_SIDE)]
    height: Annotated[int, Field(ge=1, le=MAX_SIDE)]
    grid: Grid = Grid()
    #: The stored (re-encoded) image's id; None for a plain grid.
    image_id: Id | None = None


class TokenFlags(Record):
    """What a token's position says beyond its place: lying on the ground, standing higher than
    the others (Fluid L1023-1025, WaRP L3817-3821)."""

    on_ground: bool = False
    higher_ground: bool = False


class Token(Record):
    id: Id
    scene_id: Id
    #: A stored character of the table, or an encounter's participant (an NPC), or neither (a
    #: prop the GM placed).
    character_id: Id | None = None
    participant_id: Id | None = None
    #: The encounter of `participant_id` (participants are numbered per encounter: two
    #: encounters both have a "p2"). None: a token placed before tokens named it, which stands
    #: for that participant in every encounter, as all tokens did then.
    encounter_id: Id | None = None
    name: Name
    x: Px
    y: Px
    #: Invisible to players until revealed (a secret NPC).
    hidden: bool = False
    flags: TokenFlags = TokenFlags()
    #: Where it looks, in degrees clockwise from up (north); None: unknown (no "behind").
    facing: Annotated[float, Field(ge=0, lt=360, allow_inf_nan=False)] | None = None
    #: Its side, for allies and flanking ("" : characters side with characters, the rest with
    #: the rest).
    side: Annotated[str, Field(max_length=32)] = ""

    def bears(self, encounter_id: str, participant_id: str) -> bool:
        """Whether the token stands for this encounter's participant."""
        return self.participant_id == participant_id and same_encounter(
            self.encounter_id, encounter_id
        )


def same_encounter(a: str | None, b: str | None) -> bool:
    """Whether two encounter ids a token's participant is read in may be one encounter: equal,
    or one of them None (a token placed before tokens named their encounter stands for its
    participant in every encounter)."""
    return a is None or b is None or a == b


class Anchor(Record):
    """Where a token stood when its current turn began (or the drag began, with no encounter):
    the point a move's length is measured from against the game's allowance per turn. `key`
    names the turn or drag (`movement.Turn.key`); a move under another key starts afresh."""

    x: Px
    y: Px
    key: Annotated[str, Field(min_length=1, max_length=200)]


class Rect(Record):
    shape: Literal["rect"] = "rect"
    x: Px
    y: Px
    w: Px
    h: Px


Point = tuple[Px, Px]


class Polygon(Record):
    shape: Literal["polygon"] = "polygon"
    points: Annotated[tuple[Point, ...], Field(min_length=3, max_length=POLYGON_MAX)]


Region = Annotated[Rect | Polygon, Field(discriminator="shape")]


class FogOp(Record):
    """One stroke of the GM's fog: an area revealed or hidden again. Applied in order, so a
    point is revealed when the last stroke that covers it reveals it."""

    reveal: bool
    region: Region


Audience = Literal["all"] | Annotated[tuple[Id, ...], Field(max_length=100)]


class Handout(Record):
    id: Id
    title: Name
    #: Markdown, rendered safely by the page (no raw HTML).
    text: Annotated[str, Field(max_length=TEXT_MAX)] = ""
    image_id: Id | None = None
    #: Everyone, or these members (the GMs always see it).
    to: Audience = "all"

    @model_validator(mode="after")
    def _something(self) -> Handout:
        if not self.text and self.image_id is None:
            raise ValueError(
                "un document a un texte ou une image / a handout has a text or an image"
            )
        return self


class SceneState(Record):
    scene: Scene
    tokens: dict[str, Token] = {}
    fog: tuple[FogOp, ...] = ()
    #: Grows at every fog change: the masked image's address carries it (a cache key).
    fog_version: int = 0
    #: By token id, where its current turn's moves are measured from (never shown).
    anchors: dict[str, Anchor] = {}


class Board(Record):
    """Every scene of a table, the one shown to the players, and the handouts."""

    scenes: dict[str, SceneState] = {}
    shown: str | None = None
    handouts: dict[str, Handout] = {}
    #: The GM lets players move their tokens out of turn during an encounter.
    free_movement: bool = False

    def scene(self, scene_id: str) -> SceneState | None:
        return self.scenes.get(scene_id)

    def token(self, token_id: str) -> Token | None:
        for state in self.scenes.values():
            if token_id in state.tokens:
                return state.tokens[token_id]
        return None
