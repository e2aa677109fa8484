"""Saved games for Companion: TinyDB files that a killed write cannot damage.

Layout of a data folder (every ``.json`` file is a TinyDB database written
through :class:`AtomicJSONStorage`):

- ``games.json``: table ``games``, the games in progress (small; every added
  round rewrites only this file).
- ``archive/<xx>.json``: table ``games``, the finished games (and games the
  table ended early), spread over up to 256 shard files by a hash of the id.
- ``history.json``: table ``summaries``, one small summary per archived game,
  so that listing the history never parses the full games.
- ``move.json``: present only while a game moves between ``games.json`` and
  the archive; a move cut short by a crash is completed or dropped at the next
  operation, so a game is never lost or shown twice.
- ``store.lock``: the lock file that serialises writers across processes.

The store treats a game document as JSON with a known outer shape
(``schema``, ``id``, ``game``, ``players``, ``first_dealer``, ``options``,
``rounds``, ``created``, ``updated``, ``finished``, ``ended_early``,
``winners``); ``options`` and the entries of ``rounds`` are opaque to it,
except in a backup being imported: there every game is replayed through its
score pad (:func:`companion.pads.pad_from_doc`), so a file with wrong types
deep inside a round is refused (issue 3, "validating it fully").
"""

from __future__ import annotations

import bisect
import contextlib
import datetime as dt
import errno
import hashlib
import heapq
import itertools
import json
import os
import re
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Any

import filelock
from tinydb import TinyDB, where
from tinydb.storages import Storage

from companion import setup
from companion.pads import PadError, pad_from_doc
from companion.pads.base import SCHEMA, now_iso

try:
    import fcntl
except ImportError:  # Windows: an open file cannot be removed there, which guards a write in progress.
    fcntl = None

__all__ = [
    "AtomicJSONStorage",
    "BackupError",
    "CorruptFileError",
    "GameNotFoundError",
    "Store",
    "StoreError",
    "migrate_doc",
    "parse_backup",
    "remove_stale_temps",
    "resolve_data_dir",
    "summarize",
    "validate_doc",
]

GAMES = setup.GAME_IDS
"""The values a document's ``game`` field may take (``companion.setup.GAME_IDS``).

``SCHEMA``, the version of the game document, is the pads' own
(``companion.pads.base.SCHEMA``), imported here."""

BACKUP_FORMAT = "companion-backup"
"""The ``format`` field that marks a JSON file as a Companion backup."""

BACKUP_SCHEMA = 1
"""Version of the backup file this code writes; import reads versions 1 to this."""
MAX_BACKUP_BYTES = 20 * 1024 * 1024
"""Largest backup file import_json accepts (20 MB)."""

LOCK_TIMEOUT = 30.0
"""Seconds a writer waits for another process before giving up."""

SUMMARY_FIELDS = ("id", "game", "players", "created", "updated", "finished", "ended_early", "winners")
"""Fields copied from a game into its summary (plus ``rounds``: the number of rounds)."""

GAMES_FILE = "games.json"
HISTORY_FILE = "history.json"
MOVE_FILE = "move.json"
LOCK_FILE = "store.lock"
ARCHIVE_DIR = "archive"
SHARD_NAMES = frozenset(f"{n:02x}.json" for n in range(256))

JSON_OPTIONS = {"ensure_ascii": False, "separators": (",", ":")}
"""How the store's own files are written by json.dumps."""

_ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
_TEMP_NAME = re.compile(r"^\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp$")


class StoreError(ValueError):
    """A game could not be saved or read; the message says why and what to do."""


class CorruptFileError(StoreError):
    """A database file is not valid JSON of TinyDB's shape (or cannot be read).

    ``path`` is the file, ``reason`` the plain-words cause. The file is left
    untouched; :class:`Store` moves it aside and starts afresh.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path} cannot be read as a database: {reason}.")


class GameNotFoundError(StoreError):
    """No saved game has the given id."""


class BackupError(StoreError):
    """A backup file was refused by :meth:`Store.import_json`; nothing was changed."""


# ---------------------------------------------------------------------------
# Game documents: migration, validation, summaries


def _migrate_0_to_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 (before versioning) -> 1.

    Schema 0 had no ``schema`` key, named the first dealer by player name in
    ``dealer`` instead of the seat index ``first_dealer``, and had no
    ``ended_early`` flag (a game stopped early was simply left unfinished).
    """
    migrated = {key: value for key, value in doc.items() if key != "dealer"}
    players = doc.get("players")
    dealer = doc.get("dealer")
    seats = players if isinstance(players, list) else []
    migrated["first_dealer"] = seats.index(dealer) if dealer in seats else 0
    migrated["ended_early"] = False
    migrated["schema"] = 1
    return migrated


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_0_to_1}
"""Document upgrades: from-version -> function returning the next version."""


def _label(doc: Any) -> str:
    """Name a document in an error message by its id when it has a usable one."""
    game_id = doc.get("id") if isinstance(doc, dict) else None
    return f"Game {game_id}" if isinstance(game_id, str) and game_id else "The game"


def migrate_doc(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring a game document up to the current schema (:data:`SCHEMA`).

    Takes a dict as saved by any version (a missing ``schema`` key means
    version 0) and returns a dict at version ``SCHEMA``; the input is not
    changed (the same object is returned when it is already current).
    Raises StoreError when the version is not a whole number, is newer than
    this code knows, or has no migration.
    """
    if not isinstance(doc, dict):
        raise StoreError(f"A saved game must be a JSON object, not {type(doc).__name__}.")
    version = doc.get("schema", 0)
    if not isinstance(version, int) or isinstance(version, bool):
        raise StoreError(f"{_label(doc)}: 'schema' must be a whole number, not {version!r}.")
    if version > SCHEMA:
        raise StoreError(
            f"{_label(doc)} was saved by a newer version of Companion (document version {version}; "
            f"this one reads up to {SCHEMA}). Update Companion to open it."
        )
    while version < SCHEMA:
        if version not in MIGRATIONS:
            raise StoreError(f"{_label(doc)}: document version {version} is not one Companion knows.")
        doc = MIGRATIONS[version](doc)
        version = doc["schema"]
    return doc


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _utc_seconds(value: Any) -> float:
    """Seconds since the epoch of an ISO 8601 timestamp with a UTC offset; ValueError if it is not one."""
    if not isinstance(value, str):
        raise ValueError(value)
    moment = dt.datetime.fromisoformat(value)
    if moment.tzinfo is None:
        raise ValueError(value)
    return moment.timestamp()


def validate_doc(doc: dict[str, Any]) -> None:
    """Check the outer shape of a current-schema game document.

    Checks the types of every outer field of the saved game document
    (issue 3; the shape in this module's docstring); ``options`` and the entries of
    ``rounds`` are only required to be JSON objects. Returns None; raises
    StoreError naming the first field that is wrong.
    """
    label = _label(doc)

    def fail(message: str) -> None:
        raise StoreError(f"{label}: {message}")

    if not isinstance(doc, dict):
        raise StoreError(f"A saved game must be a JSON object, not {type(doc).__name__}.")
    if doc.get("schema") != SCHEMA or not _is_int(doc.get("schema")):
        fail(f"'schema' must be {SCHEMA}.")
    game_id = doc.get("id")
    if not isinstance(game_id, str) or not _ID_PATTERN.fullmatch(game_id):
        raise StoreError(f"A saved game needs an 'id' of 1 to 64 letters, digits, '-' or '_'; got {game_id!r}.")
    if doc.get("game") not in GAMES:
        fail(f"'game' must be one of {', '.join(GAMES)}; got {doc.get('game')!r}.")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        fail("'players' must be a list of player names (non-empty text).")
    counts = setup.GAMES[doc["game"]].players
    if len(players) not in counts:
        fail(f"'players' must name {counts.start} to {counts.stop - 1} players; got {len(players)}.")
    dealer = doc.get("first_dealer")
    if not _is_int(dealer) or not 0 <= dealer < len(players):
        fail(f"'first_dealer' must be a seat number from 0 to {len(players) - 1}; got {dealer!r}.")
    if not isinstance(doc.get("options"), dict):
        fail("'options' must be a JSON object.")
    rounds = doc.get("rounds")
    if not isinstance(rounds, list) or not all(isinstance(entry, dict) for entry in rounds):
        fail("'rounds' must be a list of JSON objects, one per round.")
    for field in ("created", "updated"):
        try:
            _utc_seconds(doc.get(field))
        except ValueError:
            fail(f"'{field}' must be an ISO 8601 date and time with a UTC offset; got {doc.get(field)!r}.")
    for field in ("finished", "ended_early"):
        if not isinstance(doc.get(field), bool):
            fail(f"'{field}' must be true or false; got {doc.get(field)!r}.")
    winners = doc.get("winners")
    if not isinstance(winners, list) or not all(isinstance(w, str) and w in players for w in winners):
        fail("'winners' must be a list of names taken from 'players'.")


def _plain_copy(doc: Any) -> Any:
    """A deep copy made of plain JSON types; StoreError if the value cannot be JSON."""
    try:
        return json.loads(json.dumps(doc, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise StoreError(f"{_label(doc)} cannot be saved as JSON: {error}.") from error


def _load_doc(raw: dict[str, Any]) -> dict[str, Any]:
    """Migrate and validate a document read from a file or a backup; StoreError if bad."""
    doc = migrate_doc(raw)
    validate_doc(doc)
    return doc


def _prepare_doc(doc: dict[str, Any]) -> dict[str, Any]:
    """The store's own plain-JSON copy of a caller's document, migrated and validated."""
    return _load_doc(_plain_copy(doc))


def summarize(doc: dict[str, Any]) -> dict[str, Any]:
    """The list entry of a game document.

    Takes a valid current-schema document; returns a new dict with ``id``,
    ``game``, ``players``, ``created``, ``updated``, ``finished``,
    ``ended_early``, ``winners`` (copied) and ``rounds`` (the number of rounds).
    """
    summary = {field: doc[field] for field in SUMMARY_FIELDS}
    summary["players"] = list(doc["players"])
    summary["winners"] = list(doc["winners"])
    summary["rounds"] = len(doc["rounds"])
    return summary


def _check_summary(row: Any) -> dict[str, Any]:
    """A summary read from history.json, checked field by field; StoreError if malformed.

    The copy it returns holds ``players`` and ``winners`` as tuples: a cache
    of such summaries holds no container the garbage collector must scan,
    so a large history does not slow down every later allocation.
    """
    if not isinstance(row, dict):
        raise StoreError("a summary is not a JSON object")
    types = {"id": str, "game": str, "players": list, "created": str, "updated": str,
             "finished": bool, "ended_early": bool, "winners": list}
    for field, kind in types.items():
        if not isinstance(row.get(field), kind):
            raise StoreError(f"a summary has a bad '{field}'")
    if not _is_int(row.get("rounds")):
        raise StoreError("a summary has a bad 'rounds'")
    try:
        _utc_seconds(row["created"])
        _utc_seconds(row["updated"])
    except ValueError as error:
        raise StoreError("a summary has a bad date") from error
    summary = {field: row[field] for field in (*SUMMARY_FIELDS, "rounds")}
    summary["players"] = tuple(summary["players"])
    summary["winners"] = tuple(summary["winners"])
    return summary


def _order_key(entry: dict[str, Any]) -> tuple[float, float, str]:
    """Sort key of a game or summary: newest ``created`` first, then ``updated``, then id."""
    return (_utc_seconds(entry["created"]), _utc_seconds(entry["updated"]), entry["id"])


def _digest(doc: dict[str, Any]) -> str:
    """A fingerprint of a document's content, used to tell which copy a cut-short move wrote."""
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def _shard_name(game_id: str) -> str:
    """The archive shard file that holds a finished game: two hex digits of a hash of its id."""
    return hashlib.sha1(game_id.encode("utf-8")).hexdigest()[:2] + ".json"


# ---------------------------------------------------------------------------
# Atomic files


def _signature(path: Path) -> tuple[int, int, int, int, int] | None:
    """What identifies one version of a file (device, inode, size, mtime, ctime); None if missing."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def _fsync_folder(folder: Path) -> None:
    """Make a rename or removal in ``folder`` durable (POSIX; Windows has no folder fsync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _new_temp(folder: Path, target: str) -> tuple[int, str]:
    """Create and lock a temp file beside ``target``: ``.<target>.<8 random chars>.tmp``.

    The lock (POSIX flock) tells :func:`remove_stale_temps` the writer is alive;
    a temp that a cleaner removed before it could be locked is replaced.
    """
    while True:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target}.", suffix=".tmp")
        if fcntl is None:
            return fd, temp
        fcntl.flock(fd, fcntl.LOCK_EX)
        if os.fstat(fd).st_nlink:
            return fd, temp
        os.close(fd)


def _atomic_write(path: Path, payload: bytes) -> tuple[int, int, int, int, int] | None:
    """Replace ``path`` by ``payload`` so a reader sees the old or the new file, never a mix.

    Writes a temp file in the same folder, flushes and fsyncs it, renames it
    over ``path`` with os.replace and fsyncs the folder. Returns the new
    file's signature. A temp file is removed if the write fails; one left by
    a killed process is removed by the next open (:func:`remove_stale_temps`).
    """
    folder = path.parent
    fd, temp = _new_temp(folder, path.name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
            if fcntl is not None:
                os.replace(temp, path)
        if fcntl is None:
            os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    _fsync_folder(folder)
    return _signature(path)


def _remove_if_abandoned(path: str) -> bool:
    """Remove one temp file unless a live writer holds it; True if removed."""
    if fcntl is None:
        try:
            os.remove(path)
        except (PermissionError, FileNotFoundError):
            return False
        return True
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        try:
            same_file = os.path.samestat(os.stat(path), os.fstat(fd))
        except FileNotFoundError:
            return False
        if same_file:
            os.unlink(path)
        return same_file
    finally:
        os.close(fd)


def remove_stale_temps(folder: str | os.PathLike[str], targets: Container[str]) -> int:
    """Remove temp files left in ``folder`` by killed writes of the files named in ``targets``.

    Only names of the form ``.<target>.<8 chars>.tmp`` are touched, and only
    when no live writer holds them. Returns how many were removed.
    """
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return 0
    removed = 0
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match and match["target"] in targets and _remove_if_abandoned(entry.path):
            removed += 1
    return removed


class AtomicJSONStorage(Storage):
    """A TinyDB storage (JSON file) whose writes are atomic and crash-safe.

    Use as ``TinyDB(path, storage=AtomicJSONStorage)``. Takes TinyDB's usual
    JSON-storage arguments: ``create_dirs`` (make the folder), ``encoding``
    (default UTF-8), ``access_mode`` ("r" or "rb" = read only; "r+"/"rb+"
    default) and any json.dumps keyword (``indent``, ``sort_keys``...).

    - Opening for writing a file whose folder is missing (without
      ``create_dirs``) raises FileNotFoundError, as TinyDB's JSONStorage does.
    - Opening removes the temp files that killed writes of this file left.
    - A write goes to a temp file in the same folder, is flushed and fsynced,
      renamed over the file (os.replace) and the folder fsynced: a kill at
      any moment leaves the old or the new file, whole.
    - A missing or empty file reads as an empty database (None).
    - A file that is not JSON, not UTF-8, cannot be opened, or is not an
      object of tables of documents raises :class:`CorruptFileError` (a
      StoreError) from read(); write() refuses to replace such a file
      (it checks the file again when it changed since this storage last
      read or wrote it), so it is never overwritten.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        create_dirs: bool = False,
        encoding: str | None = None,
        access_mode: str = "r+",
        **kwargs: Any,
    ) -> None:
        super().__init__()
        if access_mode not in ("r", "rb", "r+", "rb+"):
            raise StoreError(f"access_mode must be 'r', 'rb', 'r+' or 'rb+'; got {access_mode!r}.")
        self.path = Path(path)
        self._encoding = encoding or "utf-8"
        self._writable = "+" in access_mode
        self._dump_options = kwargs
        self._seen: tuple[int, int, int, int, int] | None = None
        if self._writable and create_dirs:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if self._writable:
            if not self.path.parent.is_dir():
                raise FileNotFoundError(
                    errno.ENOENT, "The folder of this database does not exist (pass create_dirs=True)", str(self.path)
                )
            remove_stale_temps(self.path.parent, {self.path.name})

    def _load(self) -> dict[str, dict[str, Any]] | None:
        """Parse the file; CorruptFileError if it is not a TinyDB file.

        Remembers the signature of the version read only when it was valid,
        so write() checks an unreadable file again rather than replace it.
        """
        self._seen = None
        try:
            with open(self.path, "rb") as handle:
                info = os.fstat(handle.fileno())
                raw = handle.read()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise CorruptFileError(self.path, f"it cannot be opened ({error.strerror or error})") from error
        signature = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        if not raw:
            self._seen = signature
            return None
        try:
            data = json.loads(raw.decode(self._encoding))
        except UnicodeDecodeError as error:
            raise CorruptFileError(self.path, f"it is not {self._encoding} text") from error
        except json.JSONDecodeError as error:
            raise CorruptFileError(
                self.path, f"it is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})"
            ) from error
        if not isinstance(data, dict) or not all(
            isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values())
            for table in data.values()
        ):
            raise CorruptFileError(self.path, "it is JSON but not a set of tables of documents")
        self._seen = signature
        return data

    def read(self) -> dict[str, dict[str, Any]] | None:
        """Return the whole database ``{table: {doc_id: document}}``, or None if empty.

        Raises CorruptFileError when the file cannot be read as a database.
        """
        return self._load()

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Atomically replace the file by ``data`` serialised as JSON.

        Raises OSError in read-only mode, CorruptFileError when the file on
        disk changed since it was last read here and is not a valid database
        (it is then left as it is).
        """
        if not self._writable:
            raise OSError(f"Cannot write to {self.path}: it was opened read-only.")
        on_disk = _signature(self.path)
        if on_disk is not None and on_disk != self._seen and on_disk[2] > 0:
            self._load()
        payload = json.dumps(data, **self._dump_options).encode(self._encoding)
        self._seen = _atomic_write(self.path, payload)

    def close(self) -> None:
        """Nothing to release: the file is open only inside read() and write()."""


# ---------------------------------------------------------------------------
# Data folder and locking


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


@dataclass
class _History:
    """history.json in memory: the file's signature, summaries by id, and
    (order key, summary) pairs oldest first.

    The store keeps it in step with its own writes (put, drop), so only a
    change by another process makes it parse the file again.
    """

    signature: tuple[int, int, int, int, int] | None
    by_id: dict[str, dict[str, Any]]
    ordered: list[tuple[tuple[float, float, str], dict[str, Any]]]

    @classmethod
    def build(
        cls, signature: tuple[int, int, int, int, int] | None, summaries: Iterable[dict[str, Any]]
    ) -> _History:
        """The cache of freshly read (or rebuilt) summaries."""
        by_id = {summary["id"]: summary for summary in summaries}
        return cls(signature, by_id, sorted(((_order_key(s), s) for s in by_id.values()), key=itemgetter(0)))

    def newest_first(self) -> Iterator[tuple[tuple[float, float, str], dict[str, Any]]]:
        """(order key, summary) pairs, newest first."""
        return reversed(self.ordered)

    def drop(self, game_ids: Iterable[str]) -> None:
        """Forget the summaries of these games (ids not present are ignored)."""
        for game_id in game_ids:
            old = self.by_id.pop(game_id, None)
            if old is not None:
                del self.ordered[bisect.bisect_left(self.ordered, _order_key(old), key=itemgetter(0))]

    def put(self, summary: dict[str, Any]) -> None:
        """Add or replace one checked summary (see _check_summary)."""
        self.drop([summary["id"]])
        self.by_id[summary["id"]] = summary
        bisect.insort(self.ordered, (_order_key(summary), summary), key=itemgetter(0))


class _Folder:
    """What every Store on one data folder shares in this process.

    Used as a context manager it is the folder's lock: a thread lock for
    this process plus a file lock for other processes. ``history`` is the
    cached history.json, valid only while the lock is held.
    """

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._thread_lock = threading.RLock()
        self._file_lock = filelock.FileLock(str(folder / LOCK_FILE), timeout=LOCK_TIMEOUT, thread_local=False)
        self.history: _History | None = None

    def __enter__(self) -> _Folder:
        self._thread_lock.acquire()
        try:
            self._file_lock.acquire()
        except filelock.Timeout as error:
            self._thread_lock.release()
            raise StoreError(
                f"Another copy of Companion kept the data folder {self._folder} busy for "
                f"{LOCK_TIMEOUT:.0f} seconds. Close it and try again; nothing was changed."
            ) from error
        except BaseException:
            self._thread_lock.release()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        try:
            self._file_lock.release()
        finally:
            self._thread_lock.release()


_FOLDERS: dict[str, _Folder] = {}
_FOLDERS_GUARD = threading.Lock()


def _shared_folder(folder: Path) -> _Folder:
    """The process-wide lock and cache of a data folder (shared by every Store on it)."""
    key = os.path.realpath(folder)
    with _FOLDERS_GUARD:
        if key not in _FOLDERS:
            _FOLDERS[key] = _Folder(folder)
        return _FOLDERS[key]


def _replacing(doc: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """A TinyDB update that replaces a stored document's content by ``doc``."""

    def replace(stored: dict[str, Any]) -> None:
        stored.clear()
        stored.update(doc)

    return replace


def _copy_summary(summary: dict[str, Any]) -> dict[str, Any]:
    return {**summary, "players": list(summary["players"]), "winners": list(summary["winners"])}


# ---------------------------------------------------------------------------
# The store


class Store:
    """Every saved game of one data folder.

    ``Store(data_dir)`` creates the folder, removes temp files of killed
    writes, completes or drops a move cut short by a crash, and moves any
    unreadable file aside (``<name>.corrupt-<UTC timestamp>``, never
    overwritten), adding a plain-words message to ``notices`` (a list of
    str for the user). Raises StoreError if the folder cannot be created.

    Games in progress live in one small file; finished games (and games
    ended early) in the archive with a summary table, so adding a round
    costs the same with 10 or 10,000 games in history. Every operation runs
    under one lock per folder (threads and processes), so two sessions
    saving at once lose nothing. Documents of an older schema are migrated
    as they are read.
    """

    def __init__(self, data_dir: str | os.PathLike[str]) -> None:
        self.data_dir = Path(data_dir).expanduser()
        self.notices: list[str] = []
        self._games_path = self.data_dir / GAMES_FILE
        self._history_path = self.data_dir / HISTORY_FILE
        self._move_path = self.data_dir / MOVE_FILE
        self._archive_dir = self.data_dir / ARCHIVE_DIR
        try:
            self._archive_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"Companion cannot use {self.data_dir} as its data folder ({error.strerror or error}). "
                "Choose another one with --data-dir or COMPANION_DATA."
            ) from error
        self._folder = _shared_folder(self.data_dir)
        with self._locked():
            remove_stale_temps(self.data_dir, {GAMES_FILE, HISTORY_FILE, MOVE_FILE})
            remove_stale_temps(self._archive_dir, SHARD_NAMES)
            self._current_docs(self._open(self._games_path))
            self._history_index()

    # -- plumbing ---------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the folder lock; first finish a move that a killed writer left."""
        with self._folder:
            self._finish_move()
            yield

    @staticmethod
    def _open(path: Path) -> TinyDB:
        """A fresh TinyDB on one of the store's files (fresh, so no stale cache from another process)."""
        return TinyDB(path, storage=AtomicJSONStorage, **JSON_OPTIONS)

    def _set_aside(self, error: StoreError, path: Path, consequence: str) -> None:
        """Move an unreadable file to ``<name>.corrupt-<timestamp>`` and tell the user."""
        stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        for n in itertools.count(2):
            if not target.exists():
                break
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(path, target)
            _fsync_folder(path.parent)
        except OSError as move_error:
            raise StoreError(
                f"Companion could not read its file {path} ({error}) nor move it aside "
                f"({move_error.strerror or move_error}). Check the data folder's permissions."
            ) from move_error
        reason = error.reason if isinstance(error, CorruptFileError) else str(error)
        self.notices.append(
            f"Companion could not read its file {path}: {reason}. The file was not changed; "
            f"it was moved to {target}. {consequence}"
        )

    def _current_docs(self, db: TinyDB) -> dict[str, dict[str, Any]]:
        """The games in progress by id (games.json); sets an unreadable file aside and starts afresh."""
        try:
            return {doc["id"]: doc for doc in (_load_doc(dict(raw)) for raw in db.table("games").all())}
        except StoreError as error:
            self._set_aside(
                error, self._games_path,
                "A fresh database of games in progress was started; finished games are not affected.",
            )
            return {}

    def _shard_docs(self, db: TinyDB, path: Path, *, repair_history: bool = True) -> dict[str, dict[str, Any]]:
        """The archived games of one shard by id; an unreadable shard is set aside.

        With ``repair_history``, the summaries of the games that shard held are
        removed from history.json so the list shows no game that cannot open.
        """
        try:
            return {doc["id"]: doc for doc in (_load_doc(dict(raw)) for raw in db.table("games").all())}
        except StoreError as error:
            self._set_aside(
                error, path,
                "A fresh file was started in its place; the finished games it held no longer "
                "appear in the history.",
            )
            if repair_history:
                index = self._history_index()
                lost = [gid for gid in index.by_id if _shard_name(gid) == path.name]
                if lost:
                    self._open(self._history_path).table("summaries").remove(where("id").one_of(lost))
                    index.drop(lost)
                    index.signature = _signature(self._history_path)
            return {}

    def _shard(self, game_id: str) -> tuple[TinyDB, Path]:
        path = self._archive_dir / _shard_name(game_id)
        return self._open(path), path

    def _history_index(self) -> _History:
        """history.json parsed, cached until the file changes; rebuilt from the shards if unreadable."""
        signature = _signature(self._history_path)
        cached = self._folder.history
        if cached is not None and cached.signature == signature:
            return cached
        if signature is None and any(self._archive_dir.glob("*.json")):
            summaries = self._rebuild_history()
        else:
            try:
                summaries = [_check_summary(row) for row in self._open(self._history_path).table("summaries").all()]
            except StoreError as error:
                self._set_aside(
                    error, self._history_path,
                    "The list of finished games was rebuilt from the saved games.",
                )
                summaries = self._rebuild_history()
        self._folder.history = _History.build(_signature(self._history_path), summaries)
        return self._folder.history

    def _rebuild_history(self) -> list[dict[str, Any]]:
        """Summaries of every archived game, read from the shards and written as a new history.json."""
        summaries = []
        for path in sorted(self._archive_dir.glob("*.json")):
            if path.name in SHARD_NAMES:
                docs = self._shard_docs(self._open(path), path, repair_history=False)
                summaries.extend(summarize(doc) for doc in docs.values())
        table = {str(n): summary for n, summary in enumerate(summaries, start=1)}
        AtomicJSONStorage(self._history_path, **JSON_OPTIONS).write({"summaries": table})
        return [_check_summary(summary) for summary in summaries]

    def _put_summaries(self, docs: list[dict[str, Any]]) -> None:
        """Write the summaries of archived games to history.json and to the cache.

        A summary already there is replaced (one write each); new ones are
        inserted together (one write).
        """
        index = self._history_index()
        summaries = self._open(self._history_path).table("summaries")
        fresh = [summarize(doc) for doc in docs]
        for summary in fresh:
            if summary["id"] in index.by_id:
                summaries.update(_replacing(summary), where("id") == summary["id"])
        new = [summary for summary in fresh if summary["id"] not in index.by_id]
        if new:
            summaries.insert_multiple(new)
        for summary in fresh:
            index.put(_check_summary(summary))
        index.signature = _signature(self._history_path)

    def _drop_from_archive(self, game_id: str) -> None:
        """Remove an archived game: summary first (so the list never shows a missing game), then the doc."""
        index = self._history_index()
        self._open(self._history_path).table("summaries").remove(where("id") == game_id)
        index.drop([game_id])
        index.signature = _signature(self._history_path)
        shard, _ = self._shard(game_id)
        shard.table("games").remove(where("id") == game_id)

    # -- moves between games.json and the archive ---------------------------

    def _begin_move(self, to: str, doc: dict[str, Any]) -> None:
        """Record a move about to start (``to`` is "archive" or "current") with the doc's fingerprint."""
        AtomicJSONStorage(self._move_path, **JSON_OPTIONS).write(
            {"moves": {"1": {"to": to, "id": doc["id"], "digest": _digest(doc)}}}
        )

    def _end_move(self) -> None:
        os.unlink(self._move_path)
        _fsync_folder(self.data_dir)

    def _finish_move(self) -> None:
        """Complete a move whose destination was written, or drop it; then forget it.

        A move to the archive writes the shard, then the summary, then removes
        the game from games.json; a move back does the reverse. If the
        destination holds the very document the move wrote, the remaining
        steps are done; otherwise the source still holds the last saved game
        and nothing is done.
        """
        if not self._move_path.exists():
            return
        try:
            entry = (AtomicJSONStorage(self._move_path).read() or {}).get("moves", {}).get("1", {})
            to, game_id, digest = entry.get("to"), entry.get("id"), entry.get("digest")
            if to not in ("archive", "current") or not isinstance(game_id, str):
                raise StoreError("the record of a move between files is incomplete")
        except StoreError as error:
            self._set_aside(error, self._move_path, "A half-done move of a game between files was dropped.")
            return
        games_db = self._open(self._games_path)
        if to == "archive":
            shard, path = self._shard(game_id)
            doc = self._shard_docs(shard, path).get(game_id)
            if doc is not None and _digest(doc) == digest:
                self._put_summaries([doc])
                games_db.table("games").remove(where("id") == game_id)
        else:
            doc = self._current_docs(games_db).get(game_id)
            if doc is not None and _digest(doc) == digest:
                self._drop_from_archive(game_id)
        self._end_move()

    # -- writing --------------------------------------------------------------

    def _save(self, doc: dict[str, Any]) -> None:
        """Insert or replace a prepared document where it belongs (caller holds the lock).

        Saving a game in progress reads and writes games.json once (plus a
        stat of history.json), whatever the size of the history.
        """
        game_id = doc["id"]
        archived = game_id in self._history_index().by_id
        if not (doc["finished"] or doc["ended_early"]):
            if archived:
                self._begin_move("current", doc)
            self._put_in_progress(doc)
            if archived:
                self._drop_from_archive(game_id)
                self._end_move()
            return
        self._begin_move("archive", doc)
        shard, path = self._shard(game_id)
        if game_id in self._shard_docs(shard, path):
            shard.table("games").update(_replacing(doc), where("id") == game_id)
        else:
            shard.table("games").insert(doc)
        self._put_summaries([doc])
        games_db = self._open(self._games_path)
        if game_id in self._current_docs(games_db):
            games_db.table("games").remove(where("id") == game_id)
        self._end_move()

    def _put_in_progress(self, doc: dict[str, Any]) -> None:
        """Replace or insert a game in games.json; an unreadable games.json is set aside first."""
        games = self._open(self._games_path).table("games")
        try:
            replaced = games.update(_replacing(doc), where("id") == doc["id"])
        except CorruptFileError as error:
            self._set_aside(
                error, self._games_path,
                "A fresh database of games in progress was started; finished games are not affected.",
            )
            replaced = []
        if not replaced:
            games.insert(doc)

    def save_game(self, doc: dict[str, Any]) -> None:
        """Insert or replace a game by ``doc["id"]``, atomically.

        Takes a game document (issue 3; see the module docstring); an older schema is migrated.
        A game neither finished nor ended early is kept with the games in
        progress; otherwise it goes to the archive. The store keeps its own
        copy (later changes to ``doc`` do not reach it). Raises StoreError,
        writing nothing, when the document's outer shape is wrong or it is
        not plain JSON.
        """
        prepared = _prepare_doc(doc)
        with self._locked():
            self._save(prepared)

    def add_games(self, docs: Iterable[dict[str, Any]]) -> int:
        """Add many games at once, skipping those whose id is already saved.

        Every document is checked first (StoreError names the first bad one,
        and nothing is written); then each file is written once. Returns the
        number of games added.
        """
        prepared = [_prepare_doc(doc) for doc in docs]
        repeated = [gid for gid, count in Counter(doc["id"] for doc in prepared).items() if count > 1]
        if repeated:
            raise StoreError(f"Game {repeated[0]} appears more than once; nothing was added.")
        with self._locked():
            games_db = self._open(self._games_path)
            saved = set(self._current_docs(games_db)) | set(self._history_index().by_id)
            new = [doc for doc in prepared if doc["id"] not in saved]
            to_archive = [doc for doc in new if doc["finished"] or doc["ended_early"]]
            by_shard: dict[str, list[dict[str, Any]]] = {}
            for doc in to_archive:
                by_shard.setdefault(_shard_name(doc["id"]), []).append(doc)
            for name, group in by_shard.items():
                path = self._archive_dir / name
                shard = self._open(path)
                stray = set(self._shard_docs(shard, path)) & {doc["id"] for doc in group}
                if stray:
                    shard.table("games").remove(where("id").one_of(sorted(stray)))
                shard.table("games").insert_multiple(group)
            if to_archive:
                self._put_summaries(to_archive)
            in_progress = [doc for doc in new if not (doc["finished"] or doc["ended_early"])]
            if in_progress:
                games_db.table("games").insert_multiple(in_progress)
            return len(new)

    def delete_game(self, game_id: str) -> dict[str, Any]:
        """Delete a game and return its document (for undo with :meth:`restore_game`).

        Raises GameNotFoundError (a StoreError) when no game has this id.
        """
        self._check_id(game_id)
        with self._locked():
            games_db = self._open(self._games_path)
            doc = self._current_docs(games_db).get(game_id)
            if doc is not None:
                games_db.table("games").remove(where("id") == game_id)
                return doc
            doc = self._archived_doc(game_id)
            if doc is not None:
                self._drop_from_archive(game_id)
                return doc
        raise GameNotFoundError(f"There is no saved game with id {game_id}; nothing was deleted.")

    def restore_game(self, doc: dict[str, Any]) -> None:
        """Put back a game returned by :meth:`delete_game` (undo of a delete).

        Restoring a game that is already there unchanged does nothing. Raises
        StoreError when the document is not valid or a different game with
        the same id has been saved since.
        """
        prepared = _prepare_doc(doc)
        with self._locked():
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

    def _archived_doc(self, game_id: str) -> dict[str, Any] | None:
        if game_id not in self._history_index().by_id:
            return None
        shard, path = self._shard(game_id)
        return self._shard_docs(shard, path).get(game_id)

    def _get(self, game_id: str) -> dict[str, Any] | None:
        doc = self._current_docs(self._open(self._games_path)).get(game_id)
        return doc if doc is not None else self._archived_doc(game_id)

    def get_game(self, game_id: str) -> dict[str, Any] | None:
        """The full document of a game (current schema, a fresh dict), or None if there is none.

        Raises StoreError when ``game_id`` is not text.
        """
        self._check_id(game_id)
        with self._locked():
            return self._get(game_id)

    def list_games(self, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
        """Summaries of saved games, newest first (by ``created``, then ``updated``).

        Games in progress and finished games together; skips ``offset``
        games and returns at most ``limit``. Each summary is a fresh dict:
        ``id``, ``game``, ``players``, ``created``, ``updated``,
        ``finished``, ``ended_early``, ``winners`` and ``rounds`` (count).
        Raises StoreError when limit or offset is not a whole number >= 0.
        """
        for name, value in (("limit", limit), ("offset", offset)):
            if not _is_int(value) or value < 0:
                raise StoreError(f"{name} must be a whole number 0 or more; got {value!r}.")
        with self._locked():
            live = self._live_summaries()
            merged = heapq.merge(live, self._history_index().newest_first(), key=itemgetter(0), reverse=True)
            return [_copy_summary(summary) for _, summary in itertools.islice(merged, offset, offset + limit)]

    def _live_summaries(self) -> list[tuple[tuple[float, float, str], dict[str, Any]]]:
        docs = self._current_docs(self._open(self._games_path)).values()
        return sorted(((_order_key(doc), summarize(doc)) for doc in docs), key=itemgetter(0), reverse=True)

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
        iteration may be missed.
        """
        seen: set[str] = set()
        with self._locked():
            current = list(self._current_docs(self._open(self._games_path)).values())
            archived = set(self._history_index().by_id)
        for doc in current:
            seen.add(doc["id"])
            yield doc
        for name in sorted({_shard_name(gid) for gid in archived}):
            with self._locked():
                path = self._archive_dir / name
                docs = self._shard_docs(self._open(path), path)
            for game_id, doc in docs.items():
                if game_id in archived and game_id not in seen:
                    seen.add(game_id)
                    yield doc

    # -- backup ---------------------------------------------------------------

    def export_json(self) -> str:
        """A full backup as JSON text.

        Shape: ``{"format": "companion-backup", "schema": 1, "exported":
        <ISO 8601 UTC>, "games": [every game document, newest first]}``.
        """
        games = sorted(self.iter_games(), key=_order_key, reverse=True)
        backup = {"format": BACKUP_FORMAT, "schema": BACKUP_SCHEMA, "exported": now_iso(), "games": games}
        return json.dumps(backup, **JSON_OPTIONS)

    def import_json(self, data: bytes | str) -> int:
        """Import a backup made by :meth:`export_json`; returns the number of games added.

        The whole file is checked before anything changes: over 20 MB, not
        UTF-8 JSON, not a Companion backup, a newer backup version, or any
        game with a wrong shape or with options or rounds its score pad
        refuses (wrong types deep inside a round included) raises
        BackupError (a StoreError) with a plain message, and nothing is changed. Games whose id is already saved are
        skipped (the copy on this device is kept); older documents are migrated.
        """
        return self.add_games(parse_backup(data))


def parse_backup(data: bytes | str) -> list[dict[str, Any]]:
    """The game documents of a backup, each migrated, checked and replayed by its pad (see :meth:`Store.import_json`).

    Takes the file's bytes or text; returns a list of current-schema game
    documents. Raises BackupError with a message saying what is wrong.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not isinstance(data, (bytes, bytearray)):
        raise BackupError(f"A backup is the content of a file (bytes or text), not {type(data).__name__}.")
    if len(data) > MAX_BACKUP_BYTES:
        raise BackupError(
            f"This file is {len(data) / 1024 / 1024:.1f} MB; a Companion backup can be at most "
            f"{MAX_BACKUP_BYTES // 1024 // 1024} MB. Nothing was imported."
        )
    try:
        backup = json.loads(bytes(data).decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BackupError("This file is not a Companion backup: it is not JSON text. Nothing was imported.") from error
    if not isinstance(backup, dict) or backup.get("format") != BACKUP_FORMAT:
        raise BackupError(
            "This file is JSON but not a Companion backup (it has no \"format\": "
            f"\"{BACKUP_FORMAT}\"). Nothing was imported."
        )
    version = backup.get("schema")
    if not _is_int(version) or not 1 <= version <= BACKUP_SCHEMA:
        raise BackupError(
            f"This backup has version {version!r}; this Companion reads versions 1 to {BACKUP_SCHEMA}. "
            "Update Companion to import it. Nothing was imported."
        )
    games = backup.get("games")
    if not isinstance(games, list):
        raise BackupError("This backup has no list of games. Nothing was imported.")
    docs = []
    seen: set[str] = set()
    for number, game in enumerate(games, start=1):
        try:
            doc = _load_doc(game)
            pad_from_doc(doc)
        except (StoreError, PadError) as error:
            reason = str(error).rstrip(".")
            raise BackupError(f"Game {number} in the backup is not valid: {reason}. Nothing was imported.") from error
        if doc["id"] in seen:
            raise BackupError(f"Game {number} in the backup repeats the id {doc['id']}. Nothing was imported.")
        seen.add(doc["id"])
        docs.append(doc)
    return docs
