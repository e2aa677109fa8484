"""Recently deleted games: the last few games deleted, kept in ``deleted.json`` so any phone can restore one.

Deleting a game is one tap in History. The phone that deleted it offers
"Undo" for a moment; every phone at the table, that one included, can also
restore it later, after a reload or a restart of the server, and a phone
that had the game open is told who deleted it and when. ``deleted.json``
holds one TinyDB table, ``deleted``, keyed by game id in the order the games
were deleted: ``{"doc": the game as it was saved, "deleted": ISO 8601 UTC
time, "by": the label of the phone that deleted it, or None}``, written
whole and atomically under the folder's lock. Only the
:data:`KEPT_DELETED` most recent deletions are kept. A game is written here
before it leaves the games, so a kill between the two steps leaves it saved
and listed here too: an entry whose game is saved (again) is not shown and
is dropped at the next write. A ``deleted.json`` that can not be read, or
one of whose entries is damaged (:func:`checked_entries`), is set aside with
a notice and started afresh: it holds no game that is still saved.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import rules_core
from companion.document import load_doc, summarize, utc_seconds
from companion.errors import CorruptFileError
from companion.i18n import lazy
from companion.store.damage import Damage
from companion.store.files import AtomicJSONStorage
from companion.store.sidetable import SideTable

DELETED_FILE = "deleted.json"
"""The file of the recently deleted games, in the data folder."""

KEPT_DELETED = 20
"""How many of the most recently deleted games can be restored."""

ENTRY_FIELDS = frozenset({"doc", "deleted", "by"})
"""The fields of one recently deleted game's entry."""


def checked_entries(path: Path, rows: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The entries of ``deleted.json`` (game id -> entry) as the store keeps
    them, each game migrated to the current schema and checked as a saved
    game is (``companion.document.load_doc``), in the file's order.

    Raises StoreError (CorruptFileError naming ``path``) when an entry has
    other fields than :data:`ENTRY_FIELDS`, a ``deleted`` that is not an
    ISO 8601 time with a UTC offset, a ``by`` that is neither text nor
    null, a game that is not valid, or a game filed under another id.
    """
    entries = {}
    for game_id, entry in rows.items():
        if not isinstance(entry, dict) or set(entry) != ENTRY_FIELDS or not isinstance(entry["doc"], dict):
            raise CorruptFileError(path, lazy("a deleted game's entry is damaged"))
        try:
            utc_seconds(entry["deleted"])
        except ValueError as error:
            raise CorruptFileError(path, lazy("a deleted game's time of deletion is damaged")) from error
        if entry["by"] is not None and not isinstance(entry["by"], str):
            raise CorruptFileError(path, lazy("a deleted game's phone is damaged"))
        doc = load_doc(dict(entry["doc"]), rules_core.doc_games())
        if doc["id"] != game_id:
            raise CorruptFileError(path, lazy("a deleted game is filed under another game's id"))
        entries[game_id] = {**entry, "doc": doc}
    return entries


class DeletedGames:
    """The part of a :class:`companion.store.Store` that owns ``deleted.json``: the recently
    deleted games (the Store's ``deleted_games``, ``deleted_game``, ``restore_deleted``).

    ``saved_of(game_ids)`` is the Store's answer to which of these games are
    saved (in progress or archived): an entry whose game is saved is not
    shown and is dropped at the next write. Its methods run under the folder
    lock the Store holds.
    """

    def __init__(self, damage: Damage, saved_of: Callable[[list[str]], set[str]]) -> None:
        self.file = SideTable(
            damage, DELETED_FILE, "deleted",
            lazy("It held the recently deleted games, which can no longer be restored. No saved game is affected."),
            check=checked_entries, kept=damage.place.folder.deleted,
        )
        self.saved_of = saved_of

    def read(self) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]:
        """deleted.json's storage and its entries by game id (a new dict; the
        entries are shared with the folder's cache: read them, never change
        them); a file that can not be read or whose entries do not pass
        :func:`checked_entries` is set aside (with a notice) and started
        afresh (caller holds the lock)."""
        return self.file.read()

    def keep(self, doc: dict[str, Any], by: str | None) -> None:
        """Add game ``doc`` (about to be deleted, by the phone labelled ``by``)
        to the recently deleted games (caller holds the lock for writing)."""
        storage, entries = self.read()
        entries.pop(doc["id"], None)
        entries[doc["id"]] = {"doc": doc, "deleted": rules_core.now_iso(), "by": by}
        self.file.write(storage, dict(list(entries.items())[-KEPT_DELETED:]))

    def shown(self) -> list[dict[str, Any]]:
        """The games that can be restored, most recently deleted first, as the screens list them
        (:meth:`summary`; caller holds the lock)."""
        entries = self.read()[1]
        saved = self.saved_of(list(entries))
        return [self.summary(entry) for game_id, entry in reversed(entries.items()) if game_id not in saved]

    @staticmethod
    def summary(entry: dict[str, Any]) -> dict[str, Any]:
        """An entry as the screens list it: the game's summary
        (``companion.document.summarize``) with ``deleted`` and ``by``."""
        return {**summarize(entry["doc"]), "deleted": entry["deleted"], "by": entry["by"]}

    def shown_one(self, game_id: str) -> dict[str, Any] | None:
        """Game ``game_id`` as :meth:`shown` lists it, or None when it is saved or not among the
        recently deleted games (caller holds the lock)."""
        if self.saved_of([game_id]):
            return None
        entry = self.read()[1].get(game_id)
        return None if entry is None else self.summary(copy.deepcopy(entry))

    def take(self, game_id: str) -> dict[str, Any] | None:
        """The saved document of recently deleted game ``game_id`` (a copy), or None (caller holds the lock)."""
        entry = self.read()[1].get(game_id)
        return None if entry is None else copy.deepcopy(entry["doc"])

    def forget(self, game_id: str) -> None:
        """Drop game ``game_id`` from the recently deleted games, now that it is saved again,
        and every entry whose game is saved, keeping the :data:`KEPT_DELETED` most recent
        (caller holds the lock for writing)."""
        storage, entries = self.read()
        if entries.pop(game_id, None) is not None:
            saved = self.saved_of(list(entries))
            kept = [(gid, entry) for gid, entry in entries.items() if gid not in saved]
            self.file.write(storage, dict(kept[-KEPT_DELETED:]))
