"""The data folder: its file names, where it is, and what every Store on it shares.

:func:`resolve_data_dir` chooses the folder; :class:`Folder` is the lock
(threads and processes) and the caches that all the stores of one folder
share in a process; :class:`Place` is what the parts of one Store (the
modules of this package) share about their folder: its files, its notices
and whether it is read-only.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterable
from pathlib import Path

import filelock
from babel.support import LazyProxy

from companion.errors import ReadOnlyError, StoreError
from companion.i18n import _
from companion.stats import FrozenTally
from companion.store.files import JSON_OPTIONS, AtomicJSONStorage, KeptVersion
from companion.store.index import History

LOCK_TIMEOUT = 30.0
"""Seconds a writer waits for another process before giving up."""

LOCK_POLL = 0.005
"""Seconds between a waiting writer's tries for the lock another process holds (``filelock``
tries again and again): a save that meets an import's hold of a few milliseconds waits that
hold and at most this much more. With filelock's own 50 ms, such a save waited 50 ms."""

GAMES_FILE = "games.json"
HISTORY_FILE = "history.json"
HISTORY_LOG = "history.log"
MOVE_FILE = "move.json"
IMPORT_FILE = "import.json"
LOCK_FILE = "store.lock"
ARCHIVE_DIR = "archive"

OWNER_ONLY = 0o600
"""The permissions of every file of the data folder: read and written by its owner only."""


def resolve_data_dir(cli_value: str | None = None) -> Path:
    """The folder for Companion's saved games.

    In order: ``cli_value`` (the ``--data-dir`` option), the ``COMPANION_DATA``
    environment variable, Flet's app data folder (``FLET_APP_STORAGE_DATA``,
    set when Companion runs as a packaged Flet app), then
    ``~/.local/share/companion``. Empty values are skipped. Returns a Path
    with ``~`` expanded; the folder is created by :class:`Store`, not here.
    """
    for value in (cli_value, os.environ.get("COMPANION_DATA"), os.environ.get("FLET_APP_STORAGE_DATA")):
        if value:
            return Path(value).expanduser()
    return Path.home() / ".local" / "share" / "companion"


def make_owner_only(folder: Path, names: Iterable[str]) -> None:
    """Take away the permissions others have on the store's files ``names`` in ``folder`` (made
    by an older version, or copied in), so that each is :data:`OWNER_ONLY` (caller holds the
    lock; writable store). A file of another user is left as it is."""
    for name in names:
        path = folder / name
        with contextlib.suppress(FileNotFoundError, PermissionError):
            if os.lstat(path).st_mode & 0o777 & ~OWNER_ONLY and path.is_file():
                os.chmod(path, OWNER_ONLY)


class Folder:
    """What every Store on one data folder shares in this process.

    Used as a context manager it is the folder's lock: a thread lock for
    this process plus a file lock for other processes. ``history`` is the
    cached history index, valid only while the lock is held; ``live_tallies``
    caches the statistics tally of each game in progress by its saved text;
    ``games`` keeps the games in progress (by id) as last read from or written
    to ``games.json``, while that version is the file on disk; ``deleted`` the
    same of ``deleted.json``'s recently deleted games, ``sheets`` of
    ``sheets.json``'s round sheets kept for the phones.
    """

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self.thread_lock = threading.RLock()
        self._file_lock = filelock.FileLock(str(folder / LOCK_FILE), timeout=LOCK_TIMEOUT, mode=OWNER_ONLY,
                                          thread_local=False)
        self.history: History | None = None
        self.live_tallies: dict[str, tuple[str, FrozenTally]] = {}
        self.games = KeptVersion()
        self.deleted = KeptVersion()
        self.sheets = KeptVersion()

    def __enter__(self) -> Folder:
        self.thread_lock.acquire()
        try:
            self._file_lock.acquire(poll_interval=LOCK_POLL)
        except filelock.Timeout as error:
            self.thread_lock.release()
            raise StoreError(_(
                "Another copy of Companion kept the data folder {folder} busy for "
                "{seconds} seconds. Close it and try again; nothing was changed."
            ).format(folder=self._folder, seconds=f"{LOCK_TIMEOUT:.0f}")) from error
        except BaseException:
            self.thread_lock.release()
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        try:
            self._file_lock.release()
        finally:
            self.thread_lock.release()


_FOLDERS: dict[str, Folder] = {}
_FOLDERS_GUARD = threading.Lock()


def shared_folder(folder: Path) -> Folder:
    """The process-wide lock and cache (a :class:`Folder`) of the data folder ``folder``.

    Every Store on one folder in this process gets the same one, whatever
    path spelling it was given (the key is the folder's real path).
    """
    key = os.path.realpath(folder)
    with _FOLDERS_GUARD:
        if key not in _FOLDERS:
            _FOLDERS[key] = Folder(folder)
        return _FOLDERS[key]


class Place:
    """One :class:`companion.store.Store`'s data folder, as every part of the store sees it.

    ``data_dir`` (Path) is the data folder; ``notices`` the plain-words
    messages for the user (each a ``companion.i18n.lazy`` text: ``str()`` of
    it is in the language current then), which every part adds to;
    ``read_only`` whether saving is refused; ``folder`` the folder's shared
    :class:`Folder` (lock and caches). The
    ``*_path`` attributes and ``archive_dir`` name the store's files in it.
    """

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.notices: list[LazyProxy] = []
        self.read_only = False
        self.folder = shared_folder(data_dir)
        self.games_path = data_dir / GAMES_FILE
        self.history_path = data_dir / HISTORY_FILE
        self.log_path = data_dir / HISTORY_LOG
        self.move_path = data_dir / MOVE_FILE
        self.import_path = data_dir / IMPORT_FILE
        self.archive_dir = data_dir / ARCHIVE_DIR

    def storage(self, path: Path, *, remove_temps: bool = True) -> AtomicJSONStorage:
        """A fresh storage on one of the store's files (so no stale cache from another process),
        read-only when the folder is; ``remove_temps`` False when the caller has just removed the
        stale temp files of its folder."""
        return AtomicJSONStorage(path, access_mode="r" if self.read_only else "r+", remove_temps=remove_temps,
                                 **JSON_OPTIONS)

    def check_writable(self) -> None:
        """Raise ReadOnlyError when the folder can not be written (nothing is saved)."""
        if self.read_only:
            raise ReadOnlyError(_(
                "Companion can not write to its data folder {folder}, so nothing was saved. "
                "Make the folder writable, or start Companion with another folder (--data-dir)."
            ).format(folder=self.data_dir))
