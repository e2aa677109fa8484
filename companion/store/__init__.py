"""Saved games for Companion: files that a killed write, a full disk or a damaged file cannot lose.

Layout of a data folder (every ``.json`` file is a TinyDB database written
through :class:`AtomicJSONStorage`, read and written whole):

- ``games.json``: table ``games``, the games in progress (small; every added
  round rewrites only this file).
- ``archive/<xx>.json``: table ``games``, the finished games (and games the
  table ended early), spread over up to 256 shard files by a hash of the id.
- ``history.json``: table ``summaries``, one small summary per archived game
  with its statistics tally (``companion.stats.game_tally``), so that
  listing the history and showing the statistics never parse the games.
- ``history.log``: the changes to ``history.json`` since it was last written
  whole, one JSON line each (``{"put": row}`` or ``{"drop": id}``), so that
  finishing or deleting a game appends one line instead of rewriting the
  index. When the log is as long as the index it is folded into
  ``history.json``. Applying a line twice changes nothing, so a fold cut
  short is harmless; a line cut short by a kill is ignored and cut off.
- ``move.json``: present only while a game moves between ``games.json`` and
  the archive or leaves the archive; a move cut short by a crash is
  completed or dropped at the next operation, so a game is never lost or
  shown twice.
- ``import.json``: present only while a backup is being imported; an import
  cut short is undone at the next operation (all or nothing).
- ``store.lock``: the lock file that serialises writers across processes.

``history.json`` can always be rebuilt from the archive: it is rebuilt,
with a notice, when it is unreadable or disagrees with the archive files.

No exception other than :class:`StoreError` and its subclasses leaves a
``Store`` method, except the errors of the ``change`` given to
:meth:`Store.update_game`, which reach its caller unchanged.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import datetime as dt
import errno
import functools
import heapq
import itertools
import json
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from pathlib import Path
from typing import Any, TypeVar

import filelock

from companion.document import (
    is_int,
    load_doc,
    migrate_doc,
    order_key,
    prepare_doc,
    summarize,
    validate_doc,
)
from companion.errors import (
    BackupError,
    ConflictError,
    CorruptFileError,
    DiskFullError,
    GameNotFoundError,
    ReadOnlyError,
    StoreError,
)
from companion.pads import GAME_TITLES, Pad, PadError, pad_from_doc
from companion.pads.base import join_names, now_iso
from companion.stats import FrozenTally, PlayerStats, check_tally, freeze_tally, game_tally, merge_tallies
from companion.store.backup import BACKUP_FORMAT, BACKUP_SCHEMA, MAX_BACKUP_BYTES, parse_backup
from companion.store.files import (
    JSON_OPTIONS,
    AtomicJSONStorage,
    fsync_folder,
    paused_gc,
    remove_stale_temps,
    signature,
    write_all,
)
from companion.store.index import (
    EMPTY_SHARD_BYTES,
    SHARD_NAMES,
    History,
    check_summary,
    digest,
    shard_name,
)

__all__ = [
    "AtomicJSONStorage",
    "BackupError",
    "ConflictError",
    "CorruptFileError",
    "DiskFullError",
    "GameNotFoundError",
    "MAX_BACKUP_BYTES",
    "ReadOnlyError",
    "Store",
    "StoreError",
    "migrate_doc",
    "parse_backup",
    "remove_stale_temps",
    "resolve_data_dir",
    "summarize",
    "validate_doc",
]


LOCK_TIMEOUT = 30.0
"""Seconds a writer waits for another process before giving up."""

GAMES_FILE = "games.json"
HISTORY_FILE = "history.json"
HISTORY_LOG = "history.log"
MOVE_FILE = "move.json"
IMPORT_FILE = "import.json"
LOCK_FILE = "store.lock"
ARCHIVE_DIR = "archive"

FOLD_AT = 500
"""history.log is folded into history.json once it has this many lines and
at least as many as the index has games (so folding costs little per change)."""

SHARD_WRITERS = 16
"""Threads that write archive shards at once during an import (each mostly waits for the disk)."""

NAMED_GAMES = 5
"""How many games a notice about a damaged file names before "and N more"."""

_Result = TypeVar("_Result")


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


class _Folder:
    """What every Store on one data folder shares in this process.

    Used as a context manager it is the folder's lock: a thread lock for
    this process plus a file lock for other processes. ``history`` is the
    cached history index, valid only while the lock is held; ``live_tallies``
    caches the statistics tally of each game in progress by its saved text.
    """

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self.thread_lock = threading.RLock()
        self._file_lock = filelock.FileLock(str(folder / LOCK_FILE), timeout=LOCK_TIMEOUT, thread_local=False)
        self.history: History | None = None
        self.live_tallies: dict[str, tuple[str, FrozenTally]] = {}

    def __enter__(self) -> _Folder:
        self.thread_lock.acquire()
        try:
            self._file_lock.acquire()
        except filelock.Timeout as error:
            self.thread_lock.release()
            raise StoreError(
                f"Another copy of Companion kept the data folder {self._folder} busy for "
                f"{LOCK_TIMEOUT:.0f} seconds. Close it and try again; nothing was changed."
            ) from error
        except BaseException:
            self.thread_lock.release()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        try:
            self._file_lock.release()
        finally:
            self.thread_lock.release()


_FOLDERS: dict[str, _Folder] = {}
_FOLDERS_GUARD = threading.Lock()


def _shared_folder(folder: Path) -> _Folder:
    """The process-wide lock and cache of a data folder (shared by every Store on it)."""
    key = os.path.realpath(folder)
    with _FOLDERS_GUARD:
        if key not in _FOLDERS:
            _FOLDERS[key] = _Folder(folder)
        return _FOLDERS[key]


def _copy_summary(summary: dict[str, Any]) -> dict[str, Any]:
    return {**summary, "players": list(summary["players"]), "winners": list(summary["winners"])}


def _is_ended(doc: dict[str, Any]) -> bool:
    """True for a game that belongs in the archive: finished, or ended early."""
    return doc["finished"] or doc["ended_early"]


def _tally_of(doc: dict[str, Any]) -> dict[str, Any]:
    """The statistics tally of a saved game, replaying it; ``{}`` (left out) when it does not replay."""
    try:
        return game_tally(pad_from_doc(doc))
    except PadError:
        return {}


def _looks_whole(path: Path, head: bytes) -> bool:
    """True when ``path`` is missing, empty, or starts with ``head`` and ends with ``}}``
    as the store writes it (a cheap check at open: two small reads, no parsing)."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(len(head))
            if not start:
                return True
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - 2))
            return start == head and handle.read() == b"}}"
    except FileNotFoundError:
        return True
    except OSError:
        return False


class _ChangeFailed(Exception):
    """Carries an error raised by the ``change`` of update_game past the store's error translation."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


_READ_ONLY_ERRNOS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
_DISK_FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})


def _guarded(method: Callable[..., _Result]) -> Callable[..., _Result]:
    """Let only the store's own errors leave a Store method (see :meth:`Store._translate`)."""

    @functools.wraps(method)
    def run(self: Store, *args: Any, **kwargs: Any) -> _Result:
        try:
            return method(self, *args, **kwargs)
        except _ChangeFailed as failed:
            raise failed.error from None
        except StoreError:
            raise
        except (OSError, RecursionError, ValueError, MemoryError) as error:
            raise self._translate(error) from error

    return run


# ---------------------------------------------------------------------------
# The store


class Store:
    """Every saved game of one data folder.

    ``Store(data_dir)`` creates the folder, removes temp files of killed
    writes, completes or undoes a move or an import cut short by a crash,
    and moves any unreadable file aside (``<name>.corrupt-<UTC timestamp>``,
    never overwritten), adding a plain-words message to ``notices`` (a list
    of str for the user) that names the games the file held where they are
    known. A ``store.lock`` that is a folder is moved aside the same way. A
    folder that can be read but not written opens read-only (``read_only``
    is True, with a notice): games can be listed and opened, and every save
    raises ReadOnlyError. Raises StoreError when the folder cannot be
    created or read.

    Games in progress live in one small file; finished games (and games
    ended early) in the archive with an index, so adding a round, finishing
    or deleting a game costs about the same with 10 or 10,000 games in
    history. Every operation runs under one lock per folder (threads and
    processes). Documents of an older schema are migrated as they are read.
    """

    @_guarded
    def __init__(self, data_dir: str | os.PathLike[str]) -> None:
        self.data_dir = Path(data_dir).expanduser()
        self.notices: list[str] = []
        self.read_only = False
        self._games_path = self.data_dir / GAMES_FILE
        self._history_path = self.data_dir / HISTORY_FILE
        self._log_path = self.data_dir / HISTORY_LOG
        self._move_path = self.data_dir / MOVE_FILE
        self._import_path = self.data_dir / IMPORT_FILE
        self._archive_dir = self.data_dir / ARCHIVE_DIR
        self._open_folder()

    def _open_folder(self) -> None:
        """Create the folder, choose read-only or not, recover, and check the cheap things."""
        try:
            self._archive_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            if error.errno in _READ_ONLY_ERRNOS and self.data_dir.is_dir():
                self._open_read_only(error.strerror or str(error))
                self._folder = _shared_folder(self.data_dir)
                with self._locked():
                    self._games()
                return
            raise StoreError(
                f"Companion cannot use {self.data_dir} as its data folder ({error.strerror or error}). "
                "Choose another one with --data-dir or COMPANION_DATA."
            ) from error
        if not os.access(self.data_dir, os.R_OK | os.X_OK):
            raise StoreError(
                f"Companion cannot read its data folder {self.data_dir}. "
                "Give it read access, or choose another folder with --data-dir or COMPANION_DATA."
            )
        self._folder = _shared_folder(self.data_dir)
        lock = self.data_dir / LOCK_FILE
        if not os.access(self.data_dir, os.W_OK):
            self._open_read_only("the folder is read-only")
        elif lock.is_dir() or (lock.exists() and not lock.is_file()):
            self._set_aside(
                CorruptFileError(lock, "it is a folder where Companion keeps a small lock file"), lock,
                "A new lock file was made in its place; it held no game.",
            )
        try:
            with self._locked():
                if not self.read_only:
                    remove_stale_temps(self.data_dir, {GAMES_FILE, HISTORY_FILE, MOVE_FILE, IMPORT_FILE})
                    remove_stale_temps(self._archive_dir, SHARD_NAMES)
                self._games()
                self._check_at_open()
        except OSError as error:
            if self.read_only or error.errno not in _READ_ONLY_ERRNOS:
                raise
            self._open_read_only(error.strerror or str(error))
            with self._locked():
                self._games()

    def _open_read_only(self, reason: str) -> None:
        self.read_only = True
        self.notices.append(
            f"Companion can not write to its data folder {self.data_dir} ({reason}). "
            "Your games can be seen but changes can not be saved. Make the folder writable, "
            "or start Companion with another folder (--data-dir), to save again."
        )

    # -- plumbing ---------------------------------------------------------

    def _translate(self, error: BaseException) -> StoreError:
        """The plain-words StoreError for an error of the file system or of a damaged file."""
        if isinstance(error, OSError) and error.errno in _DISK_FULL_ERRNOS:
            return DiskFullError(
                f"The disk that holds {self.data_dir} is full, so the change was not saved; "
                "the game stays as it was last saved. Free some space and try again."
            )
        if isinstance(error, OSError) and error.errno in _READ_ONLY_ERRNOS:
            return ReadOnlyError(
                f"Companion can not write to its data folder {self.data_dir} "
                f"({error.strerror or error}), so the change was not saved. "
                "Make the folder writable, or start Companion with another folder (--data-dir)."
            )
        if isinstance(error, OSError):
            return StoreError(
                f"Companion could not use its data folder {self.data_dir} ({error.strerror or error}); "
                "the change was not saved."
            )
        if isinstance(error, RecursionError):
            return StoreError(f"A game in {self.data_dir} is nested too deeply to be read or saved.")
        if isinstance(error, MemoryError):
            return StoreError(f"A file in {self.data_dir} is too large to read.")
        return StoreError(f"A game in {self.data_dir} could not be read or saved: {error}.")

    @contextlib.contextmanager
    def _locked(self, *, writing: bool = False) -> Iterator[None]:
        """Hold the folder lock; first finish or undo what a killed or failed writer left.

        When that can not be written now (a full disk), a read goes on with
        what the files hold, and a write (``writing``) raises: it waits until
        the unfinished change is settled. A read-only store takes only the
        lock of this process (it can not create the lock file, and it
        changes nothing).
        """
        if self.read_only:
            with self._folder.thread_lock:
                yield
            return
        with self._folder:
            try:
                self._finish_move()
                self._finish_import()
            except OSError:
                self._folder.history = None
                if writing:
                    raise
            yield

    def _check_writable(self) -> None:
        if self.read_only:
            raise ReadOnlyError(
                f"Companion can not write to its data folder {self.data_dir}, so nothing was saved. "
                "Make the folder writable, or start Companion with another folder (--data-dir)."
            )

    def _storage(self, path: Path) -> AtomicJSONStorage:
        """A storage on one of the store's files (fresh, so no stale cache from another process)."""
        return AtomicJSONStorage(path, access_mode="r" if self.read_only else "r+", **JSON_OPTIONS)

    def _describe(self, game_ids: Iterable[str]) -> str:
        """Plain words for some archived games, from their summaries: "One Up with Ann and Ben (2026-01-01)"."""
        history = self._folder.history
        described = []
        for game_id in game_ids:
            summary = history.by_id.get(game_id) if history else None
            if summary is None:
                described.append(f"game {game_id}")
            else:
                title = GAME_TITLES.get(summary["game"], summary["game"])
                described.append(f"{title} with {join_names(list(summary['players']))} ({summary['created'][:10]})")
        if len(described) > NAMED_GAMES:
            described = described[:NAMED_GAMES] + [f"{len(described) - NAMED_GAMES} more"]
        return "; ".join(described)

    def _set_aside(self, error: StoreError, path: Path, consequence: str) -> None:
        """Move an unreadable file to ``<name>.corrupt-<timestamp>`` and tell the user.

        A file already gone (set aside a moment ago) is left alone. A
        read-only store can not move it: the notice says it was left as it is.
        """
        reason = error.reason if isinstance(error, CorruptFileError) else str(error)
        if self.read_only:
            self.notices.append(
                f"Companion could not read its file {path}: {reason}. It was left as it is "
                f"(the data folder is read-only). {consequence}"
            )
            return
        stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        for n in itertools.count(2):
            if not target.exists():
                break
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(path, target)
            fsync_folder(path.parent)
        except FileNotFoundError:
            return
        except OSError as move_error:
            raise StoreError(
                f"Companion could not read its file {path} ({reason}) nor move it aside "
                f"({move_error.strerror or move_error}). Check the data folder's permissions."
            ) from move_error
        self.notices.append(
            f"Companion could not read its file {path}: {reason}. The file was not changed; "
            f"it was moved to {target}. {consequence}"
        )

    # -- games in progress ------------------------------------------------

    def _games(self) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]:
        """games.json's storage and its games by id; an unreadable file is set aside and started afresh."""
        storage = self._storage(self._games_path)
        try:
            raw = (storage.read() or {}).get("games", {})
            return storage, {doc["id"]: doc for doc in (load_doc(dict(row)) for row in raw.values())}
        except StoreError as error:
            self._set_aside(
                error, self._games_path,
                "It held the games in progress, which could not be read from it; a fresh file was "
                "started. Finished games are not affected.",
            )
            return self._storage(self._games_path), {}

    @staticmethod
    def _write_table(storage: AtomicJSONStorage, docs: Iterable[dict[str, Any]]) -> None:
        """Write a file's ``games`` table whole: one line per document, in the given order."""
        storage.write({"games": {str(n): doc for n, doc in enumerate(docs, start=1)}})

    # -- the archive --------------------------------------------------------

    def _shard(
        self, name: str, *, repair_history: bool = True, checked: bool = True
    ) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]:
        """One archive shard's storage and its games by id; an unreadable shard is set aside.

        With ``repair_history``, the games that shard held are dropped from
        the history index so the list shows no game that cannot open, and the
        notice names them. Without ``checked`` (for a write that replaces or
        removes one game), the other games are kept as stored, only their ids
        read: each is checked when it is read for itself.
        """
        path = self._archive_dir / name
        index = self._history_index() if repair_history else None
        storage = self._storage(path)
        try:
            rows = (storage.read() or {}).get("games", {}).values()
            if checked:
                return storage, {doc["id"]: doc for doc in (load_doc(dict(row)) for row in rows)}
            if not all(isinstance(row.get("id"), str) for row in rows):
                raise CorruptFileError(path, "a game in it has no id")
            return storage, {row["id"]: row for row in rows}
        except StoreError as error:
            lost: list[str] = []
            if index is not None:
                lost = sorted((gid for gid in index.by_id if shard_name(gid) == name),
                              key=lambda gid: order_key(index.by_id[gid]))
            held = (f"It held these finished games, which no longer appear in the history: "
                    f"{self._describe(lost)}.") if lost else "It held finished games that could not be listed."
            self._set_aside(error, path, f"{held} A fresh file was started in its place.")
            if lost and not self.read_only:
                self._append_history([{"drop": gid} for gid in lost])
            return self._storage(path), {}

    def _held_shards(self) -> set[str]:
        """The archive shard files that hold at least one game (by size, without reading them)."""
        try:
            entries = list(os.scandir(self._archive_dir))
        except FileNotFoundError:
            return set()
        return {entry.name for entry in entries
                if entry.name in SHARD_NAMES and entry.is_file() and entry.stat().st_size > EMPTY_SHARD_BYTES}

    def _archived_doc(self, game_id: str) -> dict[str, Any] | None:
        if game_id not in self._history_index().by_id:
            return None
        return self._shard(shard_name(game_id))[1].get(game_id)

    # -- the history index ----------------------------------------------------

    def _check_at_open(self) -> None:
        """The cheap checks of an opening store (no file of the archive is read).

        history.json is read at once when its first and last bytes are not
        those the store writes (and set aside if it is damaged), or when it
        lists no game while the archive holds some. Damage to an archive
        shard is found by :meth:`check_files` (main.py runs it as the app
        starts) or when the shard is read.
        """
        if not _looks_whole(self._history_path, b'{"summaries":{') or self._history_looks_empty():
            self._history_index()

    def _history_looks_empty(self) -> bool:
        """True when history.json lists no game (missing, empty or tiny) yet the archive
        holds games: the index must be rebuilt (checked cheaply at open)."""
        size = (signature(self._history_path) or (0, 0, 0))[2]
        return size <= EMPTY_SHARD_BYTES and bool(self._held_shards())

    def _history_index(self) -> History:
        """The history index, brought up to date with the files.

        Reads only the new lines of history.log when history.json is
        unchanged since it was cached (a stat of two files when nothing
        changed). A full read also checks the index against the archive
        files; an unreadable or disagreeing index is set aside and rebuilt.
        """
        cached = self._folder.history
        base = signature(self._history_path)
        if cached is not None and cached.signature == base:
            try:
                if self._read_log(cached):
                    return cached
            except StoreError as error:
                self._set_aside(error, self._log_path, "The list of finished games was rebuilt from the saved games.")
                return self._rebuild_history()
        with paused_gc():
            return self._load_history()

    def _read_log(self, index: History) -> bool:
        """Apply the complete lines of history.log past ``index.log_offset``; False if the log was replaced."""
        try:
            with open(self._log_path, "rb") as handle:
                info = os.fstat(handle.fileno())
                log_id = (info.st_dev, info.st_ino)
                if index.log_id not in (None, log_id) or info.st_size < index.log_offset:
                    return False
                if index.log_id is None and index.log_offset:
                    return False
                handle.seek(index.log_offset)
                tail = handle.read()
        except FileNotFoundError:
            return index.log_offset == 0
        complete = tail[: tail.rfind(b"\n") + 1]
        for line in complete.splitlines():
            self._apply_log_line(index, line)
            index.log_lines += 1
        index.log_id = log_id
        index.log_offset += len(complete)
        return True

    def _apply_log_line(self, index: History, line: bytes) -> None:
        """Apply one line of history.log to the index; CorruptFileError if it is not one the store writes."""
        try:
            entry = json.loads(line.decode("utf-8"))
            if isinstance(entry, dict) and set(entry) == {"drop"} and isinstance(entry["drop"], str):
                index.drop([entry["drop"]])
                return
            if isinstance(entry, dict) and set(entry) == {"put"} and check_tally(entry["put"].get("tally")):
                index.put(check_summary(entry["put"]), entry["put"]["tally"])
                return
        except (UnicodeDecodeError, RecursionError, ValueError, AttributeError) as error:
            raise CorruptFileError(self._log_path, "a line of it is not one Companion writes") from error
        raise CorruptFileError(self._log_path, "a line of it is not one Companion writes")

    def _load_history(self) -> History:
        """Read history.json and history.log whole, check them against the archive, cache the result.

        The check against the archive waits while a move or an import cut
        short is being finished (the files disagree until it is).
        """
        self._folder.history = None
        existed = signature(self._history_path) is not None
        try:
            rows = (self._storage(self._history_path).read() or {}).get("summaries", {})
            summaries, tallies, complete = [], {}, True
            for row in rows.values():
                summary = check_summary(row)
                tally = row.get("tally")
                if tally is None:
                    complete = False
                elif not check_tally(tally):
                    raise StoreError("a summary has a bad statistics tally")
                summaries.append(summary)
                tallies[summary["id"]] = tally
        except StoreError as error:
            self._set_aside(error, self._history_path, "The list of finished games was rebuilt from the saved games.")
            return self._rebuild_history()
        index = History.build(signature(self._history_path), summaries, tallies)
        try:
            self._read_log(index)
        except StoreError as error:
            self._set_aside(error, self._log_path, "The list of finished games was rebuilt from the saved games.")
            return self._rebuild_history()
        if not complete:
            return self._rebuild_history()
        listed = {name for name, count in index.shards.items() if count > 0}
        recovering = self._move_path.exists() or self._import_path.exists()
        if not recovering and listed != self._held_shards():
            if existed:
                self._set_aside(
                    CorruptFileError(self._history_path, "it did not list every finished game"), self._history_path,
                    "The list of finished games was rebuilt from the saved games; no game was lost.",
                )
            return self._rebuild_history()
        self._folder.history = index
        return index

    def _rebuild_history(self) -> History:
        """The index rebuilt from every archive shard (each game replayed for its tally), written as
        a new history.json; history.log is then removed (the shards hold everything it said)."""
        self._folder.history = None
        summaries, tallies = [], {}
        for name in sorted(self._held_shards()):
            for doc in self._shard(name, repair_history=False)[1].values():
                summaries.append(check_summary(summarize(doc)))
                tallies[doc["id"]] = _tally_of(doc)
        index = History.build(None, summaries, tallies)
        if not self.read_only:
            self._storage(self._history_path).write({"summaries": index.rows()})
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self._log_path)
            fsync_folder(self.data_dir)
            index.signature = signature(self._history_path)
        self._folder.history = index
        return index

    def _append_history(self, entries: list[dict[str, Any]]) -> None:
        """Append changes to history.log (fsynced before returning) and to the cached index.

        With no history.json yet, the index is written whole instead. A line
        cut short by a killed writer is cut off first. If the write fails,
        the log is cut back to where it was, so a failed change leaves no
        line. The log is folded into history.json when it grows as long as
        the index (see :data:`FOLD_AT`).
        """
        index = self._history_index()
        try:
            if index.signature is None:
                for entry in entries:
                    self._apply_log_line(index, json.dumps(entry).encode("utf-8"))
                self._fold_history(index)
            else:
                self._append_log(index, entries)
        except BaseException:
            self._folder.history = None
            raise

    def _append_log(self, index: History, entries: list[dict[str, Any]]) -> None:
        """The append of :meth:`_append_history` when history.json exists."""
        payload = "".join(json.dumps(entry, **JSON_OPTIONS) + "\n" for entry in entries).encode("utf-8")
        created = not self._log_path.exists()
        fd = os.open(self._log_path, os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            try:
                os.ftruncate(fd, index.log_offset)
                os.lseek(fd, index.log_offset, os.SEEK_SET)
                write_all(fd, payload)
                os.fsync(fd)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, index.log_offset)
                raise
            info = os.fstat(fd)
        finally:
            os.close(fd)
        if created:
            fsync_folder(self.data_dir)
        for line in payload.splitlines():
            self._apply_log_line(index, line)
        index.log_id = (info.st_dev, info.st_ino)
        index.log_offset += len(payload)
        index.log_lines += len(entries)
        if index.log_lines >= max(FOLD_AT, len(index.by_id)):
            self._fold_history(index)

    def _fold_history(self, index: History) -> None:
        """Write the index whole as history.json, then remove history.log (a kill between
        the two only makes the next read apply the log's lines a second time, which changes nothing)."""
        self._storage(self._history_path).write({"summaries": index.rows()})
        index.signature = signature(self._history_path)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._log_path)
        fsync_folder(self.data_dir)
        index.log_id, index.log_offset, index.log_lines = None, 0, 0

    def _put_archived(self, doc: dict[str, Any], tally: dict[str, Any]) -> None:
        row = {**summarize(doc), "tally": tally}
        self._append_history([{"put": row}])

    def _drop_from_archive(
        self, game_id: str, shard: tuple[AtomicJSONStorage, dict[str, dict[str, Any]]] | None = None
    ) -> None:
        """Remove an archived game: summary first (so the list never shows a missing game), then the doc.

        ``shard`` is the game's shard as the caller just read it (it is then not read again).
        """
        self._append_history([{"drop": game_id}])
        storage, docs = shard if shard is not None else self._shard(shard_name(game_id), checked=False)
        if docs.pop(game_id, None) is not None:
            self._write_table(storage, docs.values())

    # -- journals: moves between files, imports -------------------------------

    def _begin_move(self, to: str, doc: dict[str, Any], *, from_current: bool = False) -> None:
        """Record a move about to start with the doc's fingerprint: ``to`` is "archive",
        "current" (back from the archive) or "delete" (out of the archive); ``from_current``
        tells that a move to the archive takes the game out of games.json."""
        AtomicJSONStorage(self._move_path, **JSON_OPTIONS).write(
            {"moves": {"1": {"to": to, "id": doc["id"], "digest": digest(doc), "from_current": from_current}}}
        )

    def _end_journal(self, path: Path) -> None:
        os.unlink(path)
        fsync_folder(self.data_dir)

    def _finish_move(self) -> None:
        """Complete a move that reached its commit point, or undo it; then forget it.

        Each move has one write after which it counts as done (its commit
        point); what comes after is completed here, what came before is
        undone, so a move cut short by a kill or a failed write leaves the
        game as it was last saved or as the move saved it, never both.

        - to the archive from games.json: the shard is written, then the game
          removed from games.json (commit), then its summary added. Undone
          (the game taken out of the shard again) while games.json holds it.
        - to the archive, not from games.json: the shard write is the commit;
          then the summary.
        - back from the archive: games.json gets the game (commit), then the
          summary and the archived copy are removed.
        - a delete from the archive: the record itself is the commit; then
          the summary and the archived copy are removed.
        """
        if not self._move_path.exists():
            return
        try:
            entry = (AtomicJSONStorage(self._move_path).read() or {}).get("moves", {}).get("1", {})
            to, game_id, expected = entry.get("to"), entry.get("id"), entry.get("digest")
            if to not in ("archive", "current", "delete") or not isinstance(game_id, str):
                raise StoreError("the record of a move between files is incomplete")
        except StoreError as error:
            self._set_aside(error, self._move_path, "A half-done move of a game between files was dropped.")
            return
        if to == "archive":
            shard, docs = self._shard(shard_name(game_id), checked=False)
            doc = docs.get(game_id)
            written = doc is not None and digest(doc) == expected
            if entry.get("from_current") is True and game_id in self._games()[1]:
                if written:
                    del docs[game_id]
                    self._write_table(shard, docs.values())
            elif written:
                self._put_archived(doc, _tally_of(doc))
        elif to == "current":
            doc = self._games()[1].get(game_id)
            if doc is not None and digest(doc) == expected:
                self._drop_from_archive(game_id)
        else:
            self._drop_from_archive(game_id)
        self._end_journal(self._move_path)

    def _settle(self) -> None:
        """After a write of a move failed: finish or undo the move now if the disk allows
        (else at the next operation), and forget the cached index, which may be ahead of
        the files."""
        self._folder.history = None
        with contextlib.suppress(OSError, StoreError):
            self._finish_move()

    def _finish_import(self) -> None:
        """Undo an import that a killed writer left unfinished (import.json names its games)."""
        if not self._import_path.exists():
            return
        try:
            ids = (AtomicJSONStorage(self._import_path).read() or {}).get("imports", {}).get("1", {}).get("ids")
            if not isinstance(ids, list) or not all(isinstance(gid, str) for gid in ids):
                raise StoreError("the record of an import is incomplete")
        except StoreError as error:
            self._set_aside(error, self._import_path, "An import that was cut short could not be undone.")
            return
        self._undo_import(ids)
        self._end_journal(self._import_path)

    def _undo_import(self, ids: list[str]) -> None:
        """Remove the games of an import cut short from every file it may have written."""
        doomed = set(ids)
        storage, current = self._games()
        if doomed & set(current):
            self._write_table(storage, (doc for gid, doc in current.items() if gid not in doomed))
        listed = [gid for gid in ids if gid in self._history_index().by_id]
        if listed:
            self._append_history([{"drop": gid} for gid in listed])
        for name in sorted({shard_name(gid) for gid in ids}):
            storage, docs = self._shard(name, repair_history=False, checked=False)
            if doomed & set(docs):
                self._write_table(storage, (doc for gid, doc in docs.items() if gid not in doomed))

    # -- writing --------------------------------------------------------------

    def _save(
        self,
        doc: dict[str, Any],
        *,
        pad: Pad | None = None,
        games: tuple[AtomicJSONStorage, dict[str, dict[str, Any]]] | None = None,
        shard: tuple[AtomicJSONStorage, dict[str, dict[str, Any]]] | None = None,
    ) -> None:
        """Insert or replace a prepared document where it belongs (caller holds the lock).

        ``pad`` is the doc's replayed pad when the caller has one (its tally
        is then taken without a second replay); ``games`` is games.json and
        ``shard`` the game's archive shard as the caller just read them
        (they are then not read again). Saving a game in progress reads and writes
        games.json once (plus a stat of the history files), whatever the size
        of the history.
        """
        game_id = doc["id"]
        archived = game_id in self._history_index().by_id
        storage, current = games if games is not None else self._games()
        if not _is_ended(doc):
            if archived:
                self._begin_move("current", doc)
            try:
                current[game_id] = doc
                self._write_table(storage, current.values())
            except BaseException:
                if archived:
                    self._settle()
                raise
            if archived:
                self._after_commit(lambda: self._drop_from_archive(game_id, shard))
            return
        tally = game_tally(pad) if pad is not None else _tally_of(doc)
        from_current = game_id in current
        self._begin_move("archive", doc, from_current=from_current)
        try:
            storage_of_shard, docs = shard if shard is not None else self._shard(shard_name(game_id), checked=False)
            docs[game_id] = doc
            self._write_table(storage_of_shard, docs.values())
            if from_current:
                del current[game_id]
                self._write_table(storage, current.values())
        except BaseException:
            self._settle()
            raise
        self._after_commit(lambda: self._put_archived(doc, tally))

    def _after_commit(self, rest: Callable[[], None]) -> None:
        """Do the steps of a move after its commit point, then forget the move.

        The change is saved once its commit point is written: if these steps
        fail (a full disk), the move is left recorded and completed at the
        next operation, and the caller is told the change was saved.
        """
        try:
            rest()
            self._end_journal(self._move_path)
        except OSError:
            self._settle()

    @_guarded
    def save_game(self, doc: dict[str, Any]) -> None:
        """Insert or replace a game by ``doc["id"]``, atomically.

        Takes a game document (see companion.document); an older schema is
        migrated. A game neither finished nor ended early is kept with the
        games in progress; otherwise it goes to the archive. The store keeps
        its own copy (later changes to ``doc`` do not reach it). Raises
        StoreError, writing nothing, when the document's outer shape is wrong
        or it is not plain JSON; ReadOnlyError or DiskFullError when the
        folder can not take the write (the game stays as last saved).

        A screen that changes a game it shows uses :meth:`update_game`, so
        that a change made meanwhile on another phone is not overwritten.
        """
        prepared = prepare_doc(doc)
        with self._locked(writing=True):
            self._check_writable()
            self._save(prepared)

    @_guarded
    def update_game(self, game_id: str, change: Callable[[Pad], object], *, by: str | None = None) -> Pad:
        """Apply ``change`` to the latest saved version of a game, as one transaction.

        Under the folder lock (threads and processes): reads the game once,
        rebuilds its pad (``companion.pads.pad_from_doc``, one replay), sets
        ``pad.by = by`` (who makes the change: a name or a phone's label, or
        None when unknown; the pad's change log records it), calls
        ``change(pad)``, saves the pad's document atomically and returns the
        pad. Two phones changing one game at once both get their change in.

        Raises GameNotFoundError when no game has this id; StoreError when
        the saved game can not be replayed or the new document is not valid;
        ReadOnlyError or DiskFullError when it can not be saved. Whatever
        ``change`` raises (PadError, ConflictError...) reaches the caller
        unchanged, and then nothing is saved.
        """
        self._check_id(game_id)
        with self._locked(writing=True):
            self._check_writable()
            games = self._games()
            doc = games[1].get(game_id)
            shard = None
            if doc is None and game_id in self._history_index().by_id:
                shard = self._shard(shard_name(game_id))
                doc = shard[1].get(game_id)
            if doc is None:
                raise GameNotFoundError(f"There is no saved game with id {game_id}; it may have been deleted.")
            try:
                pad = pad_from_doc(doc)
            except PadError as error:
                raise StoreError(f"Game {game_id} can not be opened: {error}. Nothing was changed.") from error
            pad.by = by
            try:
                change(pad)
            except Exception as error:
                raise _ChangeFailed(error) from error
            self._save(prepare_doc(pad.to_doc()), pad=pad, games=games, shard=shard)
            return pad

    @_guarded
    def add_games(self, docs: Iterable[dict[str, Any]]) -> int:
        """Add many games at once, skipping those whose id is already saved; all or nothing.

        Every document is checked first (StoreError names the first bad one,
        and nothing is written); then each file is written once. An add cut
        short (a kill, a full disk) is undone. Returns the number of games
        added.
        """
        with paused_gc():
            prepared = [(doc, None) for doc in map(prepare_doc, docs)]
            return self._add(prepared)

    def _add(self, games: list[tuple[dict[str, Any], dict[str, Any] | None]]) -> int:
        """Add (document, tally or None) pairs as one transaction journaled in import.json."""
        repeated = [gid for gid, count in Counter(doc["id"] for doc, _ in games).items() if count > 1]
        if repeated:
            raise StoreError(f"Game {repeated[0]} appears more than once; nothing was added.")
        with self._locked(writing=True):
            self._check_writable()
            storage, current = self._games()
            index = self._history_index()
            new = [(doc, tally) for doc, tally in games if doc["id"] not in current and doc["id"] not in index.by_id]
            if not new:
                return 0
            ids = [doc["id"] for doc, _ in new]
            AtomicJSONStorage(self._import_path, **JSON_OPTIONS).write({"imports": {"1": {"ids": ids}}})
            try:
                self._write_added(new, storage, current)
            except BaseException:
                with contextlib.suppress(StoreError, OSError):
                    self._undo_import(ids)
                    self._end_journal(self._import_path)
                raise
            self._end_journal(self._import_path)
            return len(new)

    def _write_added(
        self,
        new: list[tuple[dict[str, Any], dict[str, Any] | None]],
        storage: AtomicJSONStorage,
        current: dict[str, dict[str, Any]],
    ) -> None:
        """Write new games: each archive shard once, the index once, games.json once.

        The shards are read one by one, then written by :data:`SHARD_WRITERS`
        threads at once: each write waits mostly for its fsync, and the disk
        takes many together.
        """
        by_shard: dict[str, list[dict[str, Any]]] = {}
        rows = []
        for doc, tally in new:
            if _is_ended(doc):
                by_shard.setdefault(shard_name(doc["id"]), []).append(doc)
                rows.append({"put": {**summarize(doc), "tally": tally if tally is not None else _tally_of(doc)}})
        shards = []
        for name, group in sorted(by_shard.items()):
            shard, docs = self._shard(name, checked=False)
            docs.update((doc["id"], doc) for doc in group)
            shards.append((shard, list(docs.values())))
        with concurrent.futures.ThreadPoolExecutor(SHARD_WRITERS) as writers:
            for done in [writers.submit(self._write_table, shard, docs) for shard, docs in shards]:
                done.result()
        if rows:
            self._append_history(rows)
        in_progress = [doc for doc, _ in new if not _is_ended(doc)]
        if in_progress:
            current.update((doc["id"], doc) for doc in in_progress)
            self._write_table(storage, current.values())

    @_guarded
    def delete_game(self, game_id: str) -> dict[str, Any]:
        """Delete a game and return its document (for undo with :meth:`restore_game`).

        Raises GameNotFoundError (a StoreError) when no game has this id.
        """
        self._check_id(game_id)
        with self._locked(writing=True):
            self._check_writable()
            storage, current = self._games()
            doc = current.pop(game_id, None)
            if doc is not None:
                self._write_table(storage, current.values())
                return doc
            shard = self._shard(shard_name(game_id), checked=False) if game_id in self._history_index().by_id else None
            doc = load_doc(dict(shard[1][game_id])) if shard is not None and game_id in shard[1] else None
            if doc is not None:
                self._begin_move("delete", doc)
                self._after_commit(lambda: self._drop_from_archive(game_id, shard))
                return doc
        raise GameNotFoundError(f"There is no saved game with id {game_id}; nothing was deleted.")

    @_guarded
    def restore_game(self, doc: dict[str, Any]) -> None:
        """Put back a game returned by :meth:`delete_game` (undo of a delete).

        Restoring a game that is already there unchanged does nothing. Raises
        StoreError when the document is not valid or a different game with
        the same id has been saved since.
        """
        prepared = prepare_doc(doc)
        with self._locked(writing=True):
            self._check_writable()
            existing = self._get(prepared["id"])
            if existing == prepared:
                return
            if existing is not None:
                raise StoreError(
                    f"Game {prepared['id']} was saved again after it was deleted; "
                    "the deleted copy was not restored over it."
                )
            self._save(prepared)

    # -- reading --------------------------------------------------------------

    @staticmethod
    def _check_id(game_id: Any) -> None:
        if not isinstance(game_id, str):
            raise StoreError(f"A game id is text; got {game_id!r}.")

    def _get(self, game_id: str) -> dict[str, Any] | None:
        doc = self._games()[1].get(game_id)
        return doc if doc is not None else self._archived_doc(game_id)

    @_guarded
    def get_game(self, game_id: str) -> dict[str, Any] | None:
        """The full document of a game (current schema, a fresh dict), or None if there is none.

        Raises StoreError when ``game_id`` is not text.
        """
        self._check_id(game_id)
        with self._locked():
            return self._get(game_id)

    @_guarded
    def list_games(self, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
        """Summaries of saved games, newest first (by ``created``, then ``updated``).

        Games in progress and finished games together; skips ``offset``
        games and returns at most ``limit``. Each summary is a fresh dict:
        ``id``, ``game``, ``players``, ``created``, ``updated``,
        ``finished``, ``ended_early``, ``winners`` and ``rounds`` (count).
        Raises StoreError when limit or offset is not a whole number >= 0.
        """
        for name, value in (("limit", limit), ("offset", offset)):
            if not is_int(value) or value < 0:
                raise StoreError(f"{name} must be a whole number 0 or more; got {value!r}.")
        with self._locked():
            live = self._live_summaries()
            merged = heapq.merge(live, self._history_index().newest_first(), key=itemgetter(0), reverse=True)
            return [_copy_summary(summary) for _, summary in itertools.islice(merged, offset, offset + limit)]

    def _live_summaries(self) -> list[tuple[tuple[float, float, str], dict[str, Any]]]:
        docs = self._games()[1].values()
        return sorted(((order_key(doc), summarize(doc)) for doc in docs), key=itemgetter(0), reverse=True)

    @_guarded
    def unfinished_games(self) -> list[dict[str, Any]]:
        """Summaries (as in :meth:`list_games`) of the games in progress, newest first.

        A game in progress is neither finished nor ended early.
        """
        with self._locked():
            return [
                summary for _, summary in self._live_summaries()
                if not (summary["finished"] or summary["ended_early"])
            ]

    def iter_games(self) -> Iterator[dict[str, Any]]:
        """Every saved game's full document: the games in progress, then the archive shard by shard.

        Reads one file at a time, so memory stays small. Each game is yielded
        once; a game that another session moves or deletes during the
        iteration may be missed. Raises StoreError (only) when a file can
        not be read.
        """
        try:
            yield from self._iter_games()
        except StoreError:
            raise
        except (OSError, RecursionError, ValueError, MemoryError) as error:
            raise self._translate(error) from error

    def _iter_games(self) -> Iterator[dict[str, Any]]:
        seen: set[str] = set()
        with self._locked():
            current = list(self._games()[1].values())
            archived = set(self._history_index().by_id)
        for doc in current:
            seen.add(doc["id"])
            yield doc
        for name in sorted({shard_name(gid) for gid in archived}):
            with self._locked():
                docs = self._shard(name)[1]
            for game_id, doc in docs.items():
                if game_id in archived and game_id not in seen:
                    seen.add(game_id)
                    yield doc

    @_guarded
    def check_files(self) -> None:
        """Read every file of the data folder now, so that damage is reported at once.

        Opening a store reads only what is cheap; this reads the history
        index and every archive shard, setting aside (with a notice in
        ``notices`` naming the games it held) any file that can not be read,
        and rebuilding the index when it disagrees with the archive. Meant
        to run once after opening (main.py runs it in the background).
        """
        with self._locked():
            self._folder.history = None
            index = self._history_index()
            names = sorted({shard_name(gid) for gid in index.by_id} | self._held_shards())
        for name in names:
            with self._locked():
                self._shard(name)

    @_guarded
    def player_stats(self) -> list[PlayerStats]:
        """Statistics per player over every saved game (see ``companion.stats.PlayerStats``).

        Merges the tallies kept in the history index as games are finished
        (no replay of the history) with those of the games in progress
        (each replayed once, then cached until it changes). Returns one
        PlayerStats per name, sorted by name (case ignored).
        """
        with self._locked():
            index = self._history_index()
            archived = [(index.by_id[gid]["game"], tally) for gid, tally in index.tallies.items()]
            live = []
            cache = self._folder.live_tallies
            current = self._games()[1]
            for game_id in list(cache):
                if game_id not in current:
                    del cache[game_id]
            for game_id, doc in current.items():
                text = json.dumps(doc, sort_keys=True)
                if game_id not in cache or cache[game_id][0] != text:
                    cache[game_id] = (text, freeze_tally(_tally_of(doc)))
                live.append((doc["game"], cache[game_id][1]))
        return merge_tallies(itertools.chain(archived, live))

    # -- backup ---------------------------------------------------------------

    @_guarded
    def export_json(self) -> str:
        """A full backup as JSON text.

        Shape: ``{"format": "companion-backup", "schema": 1, "exported":
        <ISO 8601 UTC>, "games": [every game document, newest first]}``.
        """
        with paused_gc():
            games = sorted(self.iter_games(), key=order_key, reverse=True)
            backup = {"format": BACKUP_FORMAT, "schema": BACKUP_SCHEMA, "exported": now_iso(), "games": games}
            return json.dumps(backup, **JSON_OPTIONS)

    @_guarded
    def import_json(self, data: bytes | str) -> int:
        """Import a backup made by :meth:`export_json`; returns the number of games added.

        All or nothing, also when the process is killed midway (the import is
        journaled and undone at the next start). The whole file is checked
        before anything changes: over 64 MB, not UTF-8 JSON, nested too
        deeply, a number too long, not a Companion backup, a newer backup
        version, or any game with a wrong shape or with options or rounds its
        score pad refuses (wrong types deep inside a round included) raises
        BackupError (a StoreError) with a plain message, and nothing is
        changed. A full disk raises DiskFullError, nothing imported. Games
        whose id is already saved are skipped (the copy on this device is
        kept); older documents are migrated.
        """
        games = parse_backup(data)
        with paused_gc():
            return self._add(games)

