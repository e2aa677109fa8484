"""The ``games`` table of the store's files, read and written whole.

:class:`GameTables` is the part of a Store that opens a storage on one of
its files and reads ``games.json`` (the games in progress, an unreadable
file set aside and started afresh); :func:`is_ended` tells which games
belong in the archive instead, and :func:`tally_of` replays a saved game for
its statistics tally.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion import rules_core
from companion.document import load_doc
from companion.errors import StoreError
from companion.i18n import lazy
from companion.stats import game_tally
from companion.store.damage import DamagedFiles
from companion.store.files import JSON_OPTIONS, AtomicJSONStorage


def is_ended(doc: dict[str, Any]) -> bool:
    """True for a game document that belongs in the archive: finished, or ended early."""
    return doc["finished"] or doc["ended_early"]


def tally_of(doc: dict[str, Any]) -> dict[str, Any]:
    """The statistics tally (``companion.stats.game_tally``) of a saved game document,
    replaying it through its pad; ``{}`` (the game left out of the statistics) when it does
    not replay."""
    try:
        return game_tally(rules_core.pad_from_doc(doc))
    except rules_core.PadError:
        return {}


class GameTables(DamagedFiles):
    """The part of a Store that opens its files and reads and writes their ``games`` table."""

    def _storage(self, path: Path, *, remove_temps: bool = True) -> AtomicJSONStorage:
        """A storage on one of the store's files (fresh, so no stale cache from another process);
        ``remove_temps`` False when the caller has just removed stale temp files from its folder."""
        return AtomicJSONStorage(path, access_mode="r" if self.read_only else "r+", remove_temps=remove_temps,
                                 **JSON_OPTIONS)

    def _games(self) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]:
        """games.json's storage and its games by id (a new dict; the documents are shared
        with the folder's cache: read them, never change them); an unreadable file is set
        aside and started afresh.

        The games of the version last read or written in this process are kept
        (``Folder.games``, a :class:`~companion.store.files.KeptVersion`): while
        that version is the file on disk, they are not read or checked again.
        A file that was kept and is gone is told once in ``notices`` (it held
        games in progress).
        """
        storage = self._storage(self._games_path)
        kept = self._folder.games.look(self._games_path)
        if kept is not None:
            storage.assume_read(kept[0])
            return storage, dict(kept[1])
        try:
            data = storage.read()
            if data is None and self._folder.games.held():
                self._folder.games.drop()
                self.notices.append(lazy(
                    "Companion's file of the games in progress, {path}, was removed while Companion ran. "
                    "The games in progress it held can not be shown; finished games are not affected. "
                    "If the file was moved, put it back, or import a backup in History.", path=self._games_path))
            raw = (data or {}).get("games", {})
            games = {doc["id"]: doc for doc in (load_doc(dict(row)) for row in raw.values())}
        except StoreError as error:
            self._folder.games.drop()
            self._set_aside(
                error, self._games_path,
                lazy("It held the games in progress, which could not be read from it; a fresh file was "
                     "started. Finished games are not affected."),
            )
            return self._storage(self._games_path), {}
        self._folder.games.keep(self._games_path, storage.version, games)
        return storage, dict(games)

    def _write_table(self, storage: AtomicJSONStorage, docs: Iterable[dict[str, Any]], *,
                     sync_folder: bool = True) -> None:
        """Write a file's ``games`` table whole: one line per document, in the given order
        (each a checked document of the current schema). What is written to games.json is
        kept as its latest version (see :meth:`_games`). ``sync_folder`` as in
        ``AtomicJSONStorage.write``."""
        table = {str(n): doc for n, doc in enumerate(docs, start=1)}
        storage.write({"games": table}, sync_folder=sync_folder)
        if storage.path == self._games_path:
            self._folder.games.keep(self._games_path, storage.version, {doc["id"]: doc for doc in table.values()})
