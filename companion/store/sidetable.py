"""The store's small side files: one table keyed by game id, holding no saved game.

``drafts.json``, ``sheets.json`` and ``deleted.json`` are each one TinyDB
table keyed by game id (:class:`ByGameId`), read and written whole
(:class:`AtomicJSONStorage`) under the folder's lock. :class:`SideTable` is the collaborator their parts
(:mod:`~companion.store.drafts`, :mod:`~companion.store.sheets`,
:mod:`~companion.store.deleted`) read and write it through: a file that can
not be read, holds other tables, or whose rows its part refuses, is set
aside with the part's notice (:class:`~companion.store.damage.Damage`) and
started afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from babel.support import LazyProxy
from tinydb.table import Table

from companion.errors import CorruptFileError, StoreError
from companion.i18n import lazy
from companion.store.damage import Damage
from companion.store.files import AtomicJSONStorage, KeptVersion

RowsCheck = Callable[[Path, dict[str, Any]], dict[str, Any]]
"""``check(path, rows)``: the rows of a side file as its part keeps them; raises StoreError when they are not."""


class ByGameId(Table):
    """A TinyDB table whose documents are keyed by game id (text), as the side files are,
    rather than by number: ``get(doc_id=game_id)``, ``insert(Document(row, doc_id=game_id))``,
    ``remove(doc_ids=[game_id])``."""

    document_id_class = str


def replacing(row: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """A change for TinyDB's ``Table.update`` that makes a document ``row`` whole (TinyDB's
    update with a mapping adds fields to the document and keeps the others)."""

    def replace(document: dict[str, Any]) -> None:
        document.clear()
        document.update(row)

    return replace


class SideTable:
    """One side file of the data folder (``name``) holding the one table ``table``.

    ``consequence`` is what the notice says a damaged file means (best made
    with ``companion.i18n.lazy``); ``check``, when given, checks the rows
    read (see :data:`RowsCheck`). With ``kept`` (a
    :class:`~companion.store.files.KeptVersion`, shared by the stores of the
    folder in this process), the rows of the version last read or written in
    this process are kept there and not read again while that version is
    the file on disk.
    """

    def __init__(
        self, damage: Damage, name: str, table: str, consequence: str | LazyProxy, *,
        check: RowsCheck | None = None, kept: KeptVersion | None = None,
    ) -> None:
        self.damage = damage
        self.place = damage.place
        self.path = self.place.data_dir / name
        self.table_name = table
        self.consequence = consequence
        self.check = check
        self.kept = kept

    def read(self) -> tuple[AtomicJSONStorage, dict[str, Any]]:
        """The file's storage and the table's rows (a new dict, empty when the file is missing;
        kept rows are shared with the folder's cache: read them, never change them). An
        unreadable file, one that holds other tables than this one (or none), or one the
        check refuses, is set aside with the notice and started afresh (caller holds the lock)."""
        storage = self.place.storage(self.path)
        seen = self.kept.look(self.path) if self.kept is not None else None
        if seen is not None:
            storage.assume_read(seen[0])
            return storage, dict(seen[1])
        try:
            data = storage.read()
            if data is not None and set(data) != {self.table_name}:
                raise CorruptFileError(self.path, lazy("it is JSON but not the file Companion keeps under that name"))
            rows = dict((data or {}).get(self.table_name, {}))
            if self.check is not None:
                rows = self.check(self.path, rows)
        except StoreError as error:
            self.damage.set_aside(error, self.path, self.consequence)
            return self.place.storage(self.path), {}
        if self.kept is not None:
            self.kept.keep(self.path, storage.version, rows)
        return storage, dict(rows)

    def table(self, storage: AtomicJSONStorage) -> ByGameId:
        """The file's table as TinyDB's (:class:`ByGameId`) on ``storage`` (as :meth:`read`
        returned it): each change through it reads the file and writes it whole, atomically.
        Only for a file whose rows are not kept (``kept`` None), as TinyDB changes the
        documents it reads in place."""
        return ByGameId(storage, self.table_name)

    def write(self, storage: AtomicJSONStorage, rows: dict[str, Any]) -> None:
        """Write the table whole, atomically, and keep what was written as the file's latest
        version (caller holds the lock for writing). Raises TypeError or ValueError for rows
        that are not plain JSON (nothing is written), OSError when the file can not be written."""
        storage.write({self.table_name: rows})
        if self.kept is not None:
            self.kept.keep(self.path, storage.version, rows)
