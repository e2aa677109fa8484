"""Opening a data folder: create it, choose read-only or not, recover, and check the cheap things.

:class:`Opening` is what a :class:`companion.store.Store` does as it opens,
with its parts: it creates the folder, opens it read-only (with a notice)
when it can be read but not written, sets aside a ``store.lock`` that is a
folder, removes the temp files of killed writes, completes or undoes a
move or an import cut short (the first lock taken does), makes the store's
files their owner's only, and reads what is cheap to read, so that damage
is told at once.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from companion.errors import CorruptFileError, StoreError
from companion.i18n import _, lazy
from companion.store.archive import Archive
from companion.store.damage import Damage
from companion.store.deleted import DELETED_FILE
from companion.store.drafts import DRAFTS_FILE
from companion.store.files import looks_whole, remove_stale_temps
from companion.store.folder import (
    GAMES_FILE, HISTORY_FILE, HISTORY_LOG, IMPORT_FILE, LOCK_FILE, MOVE_FILE, Place, make_owner_only,
)
from companion.store.guard import DISK_FULL_ERRNOS, READ_ONLY_ERRNOS
from companion.store.index import SHARD_NAMES
from companion.store.moves import Moves
from companion.store.sheets import SHEETS_FILE
from companion.store.tables import GamesInProgress

TEMP_TARGETS = frozenset({GAMES_FILE, HISTORY_FILE, MOVE_FILE, IMPORT_FILE, DRAFTS_FILE, SHEETS_FILE, DELETED_FILE})
"""The files of the data folder whose killed writes' temp files are removed as it opens."""

OWNED = (GAMES_FILE, HISTORY_FILE, HISTORY_LOG, MOVE_FILE, IMPORT_FILE, LOCK_FILE, DRAFTS_FILE, DELETED_FILE)
"""The files of the data folder made their owner's only as it opens."""


class Opening:
    """The opening of one Store's folder (``place``), with the Store's parts: ``games``,
    ``archive``, ``moves`` (the lock and the recovery) and ``sides``, the readers of the side
    files (drafts, kept sheets, recently deleted games), each read once so damage is told."""

    def __init__(self, damage: Damage, games: GamesInProgress, archive: Archive, moves: Moves,
                 sides: Sequence[Callable[[], object]]) -> None:
        self.damage = damage
        self.place: Place = damage.place
        self.games = games
        self.archive = archive
        self.moves = moves
        self.sides = sides

    def open(self, check_games: bool) -> None:
        """Create the folder, choose read-only or not, recover, and check the cheap things
        (see ``Store``); raises StoreError when the folder can not be created or read."""
        place = self.place
        try:
            place.archive_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            if error.errno in READ_ONLY_ERRNOS and place.data_dir.is_dir():
                self._read_only_now(error.strerror or str(error))
                return
            raise StoreError(_(
                "Companion cannot use {folder} as its data folder ({reason}). "
                "Choose another one with --data-dir or COMPANION_DATA."
            ).format(folder=place.data_dir, reason=error.strerror or error)) from error
        if not os.access(place.data_dir, os.R_OK | os.X_OK):
            raise StoreError(_(
                "Companion cannot read its data folder {folder}. "
                "Give it read access, or choose another folder with --data-dir or COMPANION_DATA."
            ).format(folder=place.data_dir))
        lock = place.data_dir / LOCK_FILE
        if not os.access(place.data_dir, os.W_OK):
            self._set_read_only(lazy("the folder is read-only"))
        elif lock.is_dir() or (lock.exists() and not lock.is_file()):
            self.damage.set_aside(
                CorruptFileError(lock, lazy("it is a folder where Companion keeps a small lock file")), lock,
                lazy("A new lock file was made in its place; it held no game."),
            )
        try:
            with self.moves.locked():
                self._open_locked(check_games)
        except OSError as error:
            if place.read_only or error.errno not in READ_ONLY_ERRNOS:
                raise
            self._read_only_now(error.strerror or str(error))

    def _open_locked(self, check_games: bool) -> None:
        """The steps of :meth:`open` under the lock."""
        place = self.place
        if not place.read_only:
            remove_stale_temps(place.data_dir, TEMP_TARGETS)
            remove_stale_temps(place.archive_dir, SHARD_NAMES)
            make_owner_only(place.data_dir, OWNED)
        self._check_games_file()
        if check_games or not looks_whole(place.games_path, b'{"games":{'):
            self.games.read()
        for read in self.sides:
            read()
        self.archive.index.check_at_open()

    def _read_only_now(self, reason: object) -> None:
        """Open read-only (with a notice giving ``reason``) and read the games in progress."""
        self._set_read_only(reason)
        with self.moves.locked():
            self.games.read()

    def _check_games_file(self) -> None:
        """Give the folder its games.json (an empty one) when it has none, so that a games.json
        missing later is known as lost: when the folder already holds Companion's other files
        (the history, the archive, drafts or recently deleted games), that is told in ``notices``
        (caller holds the lock)."""
        place = self.place
        if place.games_path.exists():
            return
        others = [place.history_path, place.data_dir / DRAFTS_FILE, place.data_dir / DELETED_FILE]
        if any(path.exists() for path in others) or self.archive.shards.held():
            place.notices.append(lazy(
                "Companion's file of the games in progress, {path}, is missing, though its data folder holds "
                "Companion's other files. The games in progress it held can not be shown; finished games are "
                "not affected. If the file was moved, put it back and start Companion again, or import a "
                "backup in History.", path=place.games_path))
        if not place.read_only:
            try:
                self.games.write_empty()
            except OSError as error:
                if error.errno not in DISK_FULL_ERRNOS:
                    raise

    def _set_read_only(self, reason: object) -> None:
        self.place.read_only = True
        self.place.notices.append(lazy(
            "Companion can not write to its data folder {folder} ({reason}). "
            "Your games can be seen but changes can not be saved. Make the folder writable, "
            "or start Companion with another folder (--data-dir), to save again.",
            folder=self.place.data_dir, reason=reason,
        ))
