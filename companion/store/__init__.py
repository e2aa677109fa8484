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
deep inside a round is refused.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import heapq
import json
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from pathlib import Path
from typing import Any

import filelock
from tinydb import TinyDB, where

from companion.document import (
    is_int,
    load_doc,
    migrate_doc,
    order_key,
    prepare_doc,
    summarize,
    validate_doc,
)
from companion.pads.base import now_iso
from companion.errors import BackupError, ConflictError, CorruptFileError, GameNotFoundError, StoreError
from companion.store.backup import BACKUP_FORMAT, BACKUP_SCHEMA, MAX_BACKUP_BYTES, parse_backup
from companion.store.files import JSON_OPTIONS, AtomicJSONStorage, fsync_folder, remove_stale_temps, signature
from companion.store.index import SHARD_NAMES, History, check_summary, digest, shard_name

__all__ = [
    "AtomicJSONStorage",
    "BackupError",
    "ConflictError",
    "CorruptFileError",
    "GameNotFoundError",
    "MAX_BACKUP_BYTES",
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

SUMMARY_FIELDS = ("id", "game", "players", "created", "updated", "finished", "ended_early", "winners")
"""Fields copied from a game into its summary (plus ``rounds``: the number of rounds)."""

GAMES_FILE = "games.json"
HISTORY_FILE = "history.json"
MOVE_FILE = "move.json"
LOCK_FILE = "store.lock"
ARCHIVE_DIR = "archive"




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
    cached history.json, valid only while the lock is held.
    """

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._thread_lock = threading.RLock()
        self._file_lock = filelock.FileLock(str(folder / LOCK_FILE), timeout=LOCK_TIMEOUT, thread_local=False)
        self.history: History | None = None

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
            fsync_folder(path.parent)
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
            return {doc["id"]: doc for doc in (load_doc(dict(raw)) for raw in db.table("games").all())}
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
            return {doc["id"]: doc for doc in (load_doc(dict(raw)) for raw in db.table("games").all())}
        except StoreError as error:
            self._set_aside(
                error, path,
                "A fresh file was started in its place; the finished games it held no longer "
                "appear in the history.",
            )
            if repair_history:
                index = self._history_index()
                lost = [gid for gid in index.by_id if shard_name(gid) == path.name]
                if lost:
                    self._open(self._history_path).table("summaries").remove(where("id").one_of(lost))
                    index.drop(lost)
                    index.signature = signature(self._history_path)
            return {}

    def _shard(self, game_id: str) -> tuple[TinyDB, Path]:
        path = self._archive_dir / shard_name(game_id)
        return self._open(path), path

    def _history_index(self) -> History:
        """history.json parsed, cached until the file changes; rebuilt from the shards if unreadable."""
        on_disk = signature(self._history_path)
        cached = self._folder.history
        if cached is not None and cached.signature == on_disk:
            return cached
        if on_disk is None and any(self._archive_dir.glob("*.json")):
            summaries = self._rebuild_history()
        else:
            try:
                summaries = [check_summary(row) for row in self._open(self._history_path).table("summaries").all()]
            except StoreError as error:
                self._set_aside(
                    error, self._history_path,
                    "The list of finished games was rebuilt from the saved games.",
                )
                summaries = self._rebuild_history()
        self._folder.history = History.build(signature(self._history_path), summaries)
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
        return [check_summary(summary) for summary in summaries]

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
            index.put(check_summary(summary))
        index.signature = signature(self._history_path)

    def _drop_from_archive(self, game_id: str) -> None:
        """Remove an archived game: summary first (so the list never shows a missing game), then the doc."""
        index = self._history_index()
        self._open(self._history_path).table("summaries").remove(where("id") == game_id)
        index.drop([game_id])
        index.signature = signature(self._history_path)
        shard, _ = self._shard(game_id)
        shard.table("games").remove(where("id") == game_id)

    # -- moves between games.json and the archive ---------------------------

    def _begin_move(self, to: str, doc: dict[str, Any]) -> None:
        """Record a move about to start (``to`` is "archive" or "current") with the doc's fingerprint."""
        AtomicJSONStorage(self._move_path, **JSON_OPTIONS).write(
            {"moves": {"1": {"to": to, "id": doc["id"], "digest": digest(doc)}}}
        )

    def _end_move(self) -> None:
        os.unlink(self._move_path)
        fsync_folder(self.data_dir)

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
            to, game_id, expected = entry.get("to"), entry.get("id"), entry.get("digest")
            if to not in ("archive", "current") or not isinstance(game_id, str):
                raise StoreError("the record of a move between files is incomplete")
        except StoreError as error:
            self._set_aside(error, self._move_path, "A half-done move of a game between files was dropped.")
            return
        games_db = self._open(self._games_path)
        if to == "archive":
            shard, path = self._shard(game_id)
            doc = self._shard_docs(shard, path).get(game_id)
            if doc is not None and digest(doc) == expected:
                self._put_summaries([doc])
                games_db.table("games").remove(where("id") == game_id)
        else:
            doc = self._current_docs(games_db).get(game_id)
            if doc is not None and digest(doc) == expected:
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

        Takes a game document (see companion.document); an older schema is migrated.
        A game neither finished nor ended early is kept with the games in
        progress; otherwise it goes to the archive. The store keeps its own
        copy (later changes to ``doc`` do not reach it). Raises StoreError,
        writing nothing, when the document's outer shape is wrong or it is
        not plain JSON.
        """
        prepared = prepare_doc(doc)
        with self._locked():
            self._save(prepared)

    def add_games(self, docs: Iterable[dict[str, Any]]) -> int:
        """Add many games at once, skipping those whose id is already saved.

        Every document is checked first (StoreError names the first bad one,
        and nothing is written); then each file is written once. Returns the
        number of games added.
        """
        prepared = [prepare_doc(doc) for doc in docs]
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
                by_shard.setdefault(shard_name(doc["id"]), []).append(doc)
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
        prepared = prepare_doc(doc)
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
            if not is_int(value) or value < 0:
                raise StoreError(f"{name} must be a whole number 0 or more; got {value!r}.")
        with self._locked():
            live = self._live_summaries()
            merged = heapq.merge(live, self._history_index().newest_first(), key=itemgetter(0), reverse=True)
            return [_copy_summary(summary) for _, summary in itertools.islice(merged, offset, offset + limit)]

    def _live_summaries(self) -> list[tuple[tuple[float, float, str], dict[str, Any]]]:
        docs = self._current_docs(self._open(self._games_path)).values()
        return sorted(((order_key(doc), summarize(doc)) for doc in docs), key=itemgetter(0), reverse=True)

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
        for name in sorted({shard_name(gid) for gid in archived}):
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
        games = sorted(self.iter_games(), key=order_key, reverse=True)
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
