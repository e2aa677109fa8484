"""The journal of the changes that span files: ``move.json`` and ``import.json``.

Each is a TinyDB table holding one document while its change is under
way and is removed when the change is done: ``move.json``'s table
``moves`` records a game moving between ``games.json`` and the archive or
leaving the archive (where to, the game's id and a fingerprint of the
document moved); ``import.json``'s table ``imports`` the ids of the games
an import adds. A record found at the next operation says what a killed or
failed writer left unfinished (:mod:`~companion.store.moves` completes or
undoes it). :class:`Journal` is the part of a Store that owns the two files.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tinydb.table import Document, Table

from companion.errors import StoreError
from companion.i18n import lazy
from companion.store.damage import Damage
from companion.store.files import JSON_OPTIONS, AtomicJSONStorage, fsync_folder
from companion.store.index import digest

MOVES = ("archive", "current", "delete")
"""Where a recorded move takes its game: to the archive, back from it to games.json, or out of the archive."""


class Journal:
    """The part of a :class:`companion.store.Store` that owns ``move.json`` and ``import.json``
    (its methods run under the folder lock the Store holds)."""

    def __init__(self, damage: Damage) -> None:
        self.damage = damage
        self.place = damage.place

    @staticmethod
    def _record(path: Path, table: str) -> Table:
        """The one-record TinyDB table ``table`` of journal file ``path``."""
        return Table(AtomicJSONStorage(path, **JSON_OPTIONS), table)

    def begin_move(self, to: str, doc: dict[str, Any], *, from_current: bool = False) -> None:
        """Record a move about to start with the doc's fingerprint: ``to`` is one of
        :data:`MOVES`; ``from_current`` tells that a move to the archive takes the game out of
        games.json. Raises OSError when the record can not be written (nothing was moved)."""
        entry = {"to": to, "id": doc["id"], "digest": digest(doc), "from_current": from_current}
        self._record(self.place.move_path, "moves").insert(Document(entry, doc_id=1))

    def move(self) -> dict[str, Any] | None:
        """The move under way (``to``, ``id``, ``digest``, ``from_current``), or None when there is
        none; a record that can not be read is set aside (with a notice) and None returned."""
        if not self.place.move_path.exists():
            return None
        try:
            entry = self._record(self.place.move_path, "moves").get(doc_id=1) or {}
            if entry.get("to") not in MOVES or not isinstance(entry.get("id"), str):
                raise StoreError(lazy("the record of a move between files is incomplete"))
        except StoreError as error:
            self.damage.set_aside(error, self.place.move_path,
                                  lazy("A half-done move of a game between files was dropped."))
            return None
        return dict(entry)

    def begin_import(self, ids: list[str]) -> None:
        """Record an import about to add the games ``ids``. Raises OSError when the record can not
        be written (nothing was added)."""
        self._record(self.place.import_path, "imports").insert(Document({"ids": ids}, doc_id=1))

    def imported(self) -> list[str] | None:
        """The ids of the games of an import cut short, or None when there is none; a record that
        can not be read is set aside (with a notice) and None returned."""
        if not self.place.import_path.exists():
            return None
        try:
            ids = (self._record(self.place.import_path, "imports").get(doc_id=1) or {}).get("ids")
            if not isinstance(ids, list) or not all(isinstance(gid, str) for gid in ids):
                raise StoreError(lazy("the record of an import is incomplete"))
        except StoreError as error:
            self.damage.set_aside(error, self.place.import_path,
                                  lazy("An import that was cut short could not be undone."))
            return None
        return ids

    def end_move(self) -> None:
        """Forget the move under way: it is done (or undone)."""
        self._end(self.place.move_path)

    def end_import(self) -> None:
        """Forget the import under way: it is done (or undone)."""
        self._end(self.place.import_path)

    def _end(self, path: Path) -> None:
        os.unlink(path)
        fsync_folder(self.place.data_dir)
