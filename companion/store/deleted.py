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
from pathlib import Path
from typing import Any

from companion import rules_core
from companion.document import load_doc, summarize, utc_seconds
from companion.errors import CorruptFileError
from companion.i18n import lazy
from companion.store.damage import DamagedFiles
from companion.store.files import AtomicJSONStorage
from companion.store.guard import guarded

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
        doc = load_doc(dict(entry["doc"]))
        if doc["id"] != game_id:
            raise CorruptFileError(path, lazy("a deleted game is filed under another game's id"))
        entries[game_id] = {**entry, "doc": doc}
    return entries


class DeletedGames(DamagedFiles):
    """The part of a :class:`companion.store.Store` that keeps the recently
    deleted games (``deleted_games``, ``deleted_game``; the Store restores
    one with ``restore_deleted``)."""

    def _deleted(self) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]:
        """deleted.json's storage and its entries by game id (a new dict; the
        entries are shared with the folder's cache: read them, never change
        them); a file that can not be read or whose entries do not pass
        :func:`checked_entries` is set aside (with a notice) and started
        afresh (caller holds the lock)."""
        return self._side_table(
            DELETED_FILE, "deleted",
            lazy("It held the recently deleted games, which can no longer be restored. No saved game is affected."),
            check=checked_entries, kept=self._folder.deleted,
        )

    def _is_saved(self, game_id: str) -> bool:
        """Whether game ``game_id`` is saved, in progress or archived (caller holds the lock)."""
        return bool(self._saved_of([game_id]))

    def _saved_of(self, game_ids: list[str]) -> set[str]:
        """Those of ``game_ids`` whose game is saved, in progress or archived,
        looking up the games in progress and the history index once (caller holds the lock)."""
        in_progress, archived = self._games()[1], self._history_index().by_id
        return {game_id for game_id in game_ids if game_id in in_progress or game_id in archived}

    def _write_deleted(self, storage: AtomicJSONStorage, entries: dict[str, dict[str, Any]]) -> None:
        """Write ``entries`` (oldest deletion first) without those whose game is
        saved, keeping the :data:`KEPT_DELETED` most recent (caller holds the lock for writing)."""
        saved = self._saved_of(list(entries))
        kept = [(game_id, entry) for game_id, entry in entries.items() if game_id not in saved]
        self._write_entries(storage, dict(kept[-KEPT_DELETED:]))

    def _keep_deleted(self, doc: dict[str, Any], by: str | None) -> None:
        """Add game ``doc`` (about to be deleted, by the phone labelled ``by``)
        to the recently deleted games (caller holds the lock for writing)."""
        storage, entries = self._deleted()
        entries.pop(doc["id"], None)
        entries[doc["id"]] = {"doc": doc, "deleted": rules_core.now_iso(), "by": by}
        self._write_entries(storage, dict(list(entries.items())[-KEPT_DELETED:]))

    def _write_entries(self, storage: AtomicJSONStorage, entries: dict[str, dict[str, Any]]) -> None:
        """Write deleted.json whole and keep what was written as its latest version (caller holds the lock for writing)."""
        storage.write({"deleted": entries})
        self._folder.deleted.keep(storage.path, storage.version, entries)

    def _shown_deleted(self) -> list[dict[str, Any]]:
        """The entries whose game is not saved, most recently deleted first (caller holds the lock)."""
        entries = self._deleted()[1]
        saved = self._saved_of(list(entries))
        return [entry for game_id, entry in reversed(entries.items()) if game_id not in saved]

    @staticmethod
    def _deleted_summary(entry: dict[str, Any]) -> dict[str, Any]:
        """An entry as the screens list it: the game's summary
        (``companion.document.summarize``) with ``deleted`` and ``by``."""
        return {**summarize(entry["doc"]), "deleted": entry["deleted"], "by": entry["by"]}

    @guarded
    def deleted_games(self) -> list[dict[str, Any]]:
        """The games that can be restored, most recently deleted first: each a
        summary (``id``, ``game``, ``players``, ``created``, ``updated``,
        ``finished``, ``ended_early``, ``winners``, ``rounds``) with
        ``deleted`` (ISO 8601 UTC time) and ``by`` (the deleting phone's label, or None).
        """
        with self._locked():
            return [self._deleted_summary(entry) for entry in self._shown_deleted()]

    @guarded
    def deleted_game(self, game_id: str) -> dict[str, Any] | None:
        """Game ``game_id`` as :meth:`deleted_games` lists it, or None when it
        is saved or not among the recently deleted games.

        Raises StoreError when ``game_id`` is not text.
        """
        self._check_id(game_id)
        with self._locked():
            if self._is_saved(game_id):
                return None
            entry = self._deleted()[1].get(game_id)
            return None if entry is None else self._deleted_summary(copy.deepcopy(entry))

    def _take_deleted(self, game_id: str) -> dict[str, Any] | None:
        """The saved document of recently deleted game ``game_id`` (a copy), or None (caller holds the lock)."""
        entry = self._deleted()[1].get(game_id)
        return None if entry is None else copy.deepcopy(entry["doc"])

    def _forget_deleted(self, game_id: str) -> None:
        """Drop game ``game_id`` from the recently deleted games, now that it is saved again (caller holds the lock for writing)."""
        storage, entries = self._deleted()
        if entries.pop(game_id, None) is not None:
            self._write_deleted(storage, entries)
