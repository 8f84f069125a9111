"""A table's images (scene maps, handout pictures) in the database, beside its log.

An image is stored re-encoded (`ecran.play.board.image.accept`: no metadata), in the same
transaction as the board event that uses it, so an event never names a missing image and a
refused event leaves no image behind. A table's images take at most its quota
(`ECRAN_TABLE_IMAGES_MB`); they go when the table goes (`delete_table` deletes every row of a
table) and travel in its export (`images_of`, `import_images`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ecran.play import Event, EventDraft, Member, TableState
from ecran.play.board.image import Stored
from ecran.play.errors import TooLarge, not_found
from ecran.play.model import new_id
from ecran.rules import Text
from ecran.settings import get_settings
from ecran.store.models import ImageRow
from ecran.store.repository.records import Access
from ecran.store.repository.rows import now
from ecran.store.repository.writing import Writing

MIB = 1024 * 1024

#: A command that uses a new image: the table's state, the member acting, the image's id.
ImageCommand = Callable[[TableState, Member, str], EventDraft]


@dataclass(frozen=True)
class StoredImage:
    id: str
    media_type: str
    width: int
    height: int
    data: bytes


def quota() -> int:
    """The bytes a table's images may take (`ECRAN_TABLE_IMAGES_MB`)."""
    return int(get_settings().table_images_mb * MIB)


class Images(Writing):
    """Storing and reading a table's images."""

    def execute_with_image(self, access: Access, image: Stored, command: ImageCommand) -> Event:
        """Store `image` and append the event `command` makes with its id, in one transaction
        (the table locked): both or neither. Over the table's quota: `TooLarge`."""
        with self.transaction() as s:
            row = self._table_row(s, access.table_id, lock=True)
            state = self._current(s, row, locked=True)
            actor = state.member(access.member.id)
            image_id = self._add_image(s, row.id, image)
            return self._append(s, row, state, command(state, actor, image_id))

    def _add_image(self, s: Session, table_id: str, image: Stored) -> str:
        used = self._images_used(s, table_id)
        limit = quota()
        if used + len(image.data) > limit:
            raise TooLarge(
                Text(
                    fr=f"plus de place pour les images de cette table ({limit / MIB:g} Mio)",
                    en=f"no room left for this table's images ({limit / MIB:g} MiB)",
                )
            )
        image_id = new_id()
        s.add(_row(table_id, image_id, image))
        return image_id

    @staticmethod
    def _images_used(s: Session, table_id: str) -> int:
        total = s.scalar(select(func.sum(ImageRow.size)).where(ImageRow.table_id == table_id))
        return int(total or 0)

    def images_used(self, table_id: str) -> int:
        """The bytes the table's images take."""
        with self.transaction() as s:
            return self._images_used(s, table_id)

    def image(self, table_id: str, image_id: str) -> StoredImage:
        """One image of the table (whole: the caller masks it for a player)."""
        with self.transaction() as s:
            row = s.get(ImageRow, (table_id, image_id))
            if row is None:
                raise not_found(Text(fr="image", en="image"), image_id)
            return _stored(row)


def images_of(s: Session, table_id: str) -> list[StoredImage]:
    """Every image of the table, oldest first (its export)."""
    rows = s.scalars(
        select(ImageRow).where(ImageRow.table_id == table_id).order_by(ImageRow.created_at)
    )
    return [_stored(r) for r in rows]


def put_images(s: Session, table_id: str, images: Iterable[StoredImage]) -> None:
    """An imported table's images, under their ids (the board's events name them)."""
    for image in images:
        s.add(_row(table_id, image.id, image))


def _row(table_id: str, image_id: str, image: Stored | StoredImage) -> ImageRow:
    """The stored row of one image of the table (an upload or an imported one)."""
    return ImageRow(
        id=image_id,
        table_id=table_id,
        media_type=image.media_type,
        width=image.width,
        height=image.height,
        size=len(image.data),
        data=image.data,
        created_at=now(),
    )


def _stored(row: ImageRow) -> StoredImage:
    return StoredImage(row.id, row.media_type, row.width, row.height, row.data)
