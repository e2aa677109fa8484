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
- ``drafts.json``: table ``drafts``, the round being entered hand by hand
  in each game (:mod:`~companion.store.drafts`), by game id.
- ``sheets.json``: table ``sheets``, the round sheets open on the phones
  (:mod:`~companion.store.sheets`), by game id, then by phone.
- ``deleted.json``: table ``deleted``, the games deleted most recently,
  which any phone can restore (:mod:`~companion.store.deleted`), by game id.
- ``store.lock``: the lock file that serialises writers across processes.

``history.json`` can always be rebuilt from the archive: it is rebuilt,
with a notice, when it is unreadable or disagrees with the archive files.

The package is split by role: :mod:`~companion.store.files` (atomic JSON
files), :mod:`~companion.store.folder` (the folder, its lock and caches),
:mod:`~companion.store.guard` (the store's error contract),
:mod:`~companion.store.damage` (setting damaged files aside, with notices),
:mod:`~companion.store.tables` (the ``games`` table of each file),
:mod:`~companion.store.index` and :mod:`~companion.store.archive` (the
archive and its history index), :mod:`~companion.store.journal` (saving,
moves and imports, and their crash recovery), :mod:`~companion.store.backup`
(backup files), :mod:`~companion.store.drafts` (the rounds being entered
hand by hand), :mod:`~companion.store.sheets` (the round sheets open on
the phones), :mod:`~companion.store.deleted` (the recently deleted
games); :class:`Store`, here, composes them into the API the
screens use.

No exception other than :class:`StoreError` and its subclasses leaves a
``Store`` method, except the errors of the ``change`` given to
:meth:`Store.update_game`, which reach its caller unchanged.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import json
import os
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from pathlib import Path
from typing import Any

from babel.support import LazyProxy

from companion import rules_core
from companion.document import (
    is_int,
    migrate_doc,
    order_key,
    prepare_doc,
    summarize,
    validate_doc,
    version_stamp,
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
from companion.i18n import _, lazy
from companion.stats import PlayerStats, freeze_tally
from companion.store.backup import BACKUP_FORMAT, BACKUP_SCHEMA, MAX_BACKUP_BYTES, parse_backup
from companion.store.deleted import DELETED_FILE, DeletedGames
from companion.store.drafts import DRAFTS_FILE, Drafts
from companion.store.sheets import SHEETS_FILE, KeptSheets
from companion.store.files import AtomicJSONStorage, dump_json, looks_whole, paused_gc, remove_stale_temps
from companion.store.folder import (
    ARCHIVE_DIR,
    GAMES_FILE,
    HISTORY_FILE,
    HISTORY_LOG,
    IMPORT_FILE,
    LOCK_FILE,
    MOVE_FILE,
    OWNER_ONLY,
    resolve_data_dir,
    shared_folder,
)
from companion.store.guard import DISK_FULL_ERRNOS, READ_ONLY_ERRNOS, ChangeFailed, guarded, translate
from companion.store.index import SHARD_NAMES, shard_name
from companion.store.journal import Journals
from companion.store.tables import tally_of

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


def _copy_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of a cached summary, with ``players`` and ``winners`` as lists."""
    return {**summary, "players": list(summary["players"]), "winners": list(summary["winners"])}


class Store(Journals, Drafts, KeptSheets, DeletedGames):
    """Every saved game of one data folder.

    ``Store(data_dir)`` creates the folder, removes temp files of killed
    writes, completes or undoes a move or an import cut short by a crash,
    and moves any unreadable file aside (``<name>.corrupt-<UTC timestamp>``,
    never overwritten), adding a plain-words message to ``notices`` (a list
    of ``companion.i18n.lazy`` texts for the user: ``str()`` of one is in
    the language current then) that names the games the file held where they are
    known. A ``store.lock`` that is a folder is moved aside the same way. A
    folder that can be read but not written opens read-only (``read_only``
    is True, with a notice): games can be listed and opened, and every save
    raises ReadOnlyError. Raises StoreError when the folder cannot be
    created or read.

    With ``check_games`` False, games.json is read as the store opens only
    when its first and last bytes are not those the store writes (a damaged
    file is then set aside at once, as above); otherwise at its first use,
    where a game in it that does not pass the checks is set aside the same
    way (main.py reads it before the first screen is drawn, so that the
    server listens sooner: checking a game loads the setup table).

    Games in progress live in one small file; finished games (and games
    ended early) in the archive with an index, so adding a round, finishing
    or deleting a game costs about the same with 10 or 10,000 games in
    history. Every operation runs under one lock per folder (threads and
    processes). Documents of an older schema are migrated as they are read.
    """

    @guarded
    def __init__(self, data_dir: str | os.PathLike[str], *, check_games: bool = True) -> None:
        self.data_dir = Path(data_dir).expanduser()
        self.notices: list[LazyProxy] = []
        self.read_only = False
        self._games_path = self.data_dir / GAMES_FILE
        self._history_path = self.data_dir / HISTORY_FILE
        self._log_path = self.data_dir / HISTORY_LOG
        self._move_path = self.data_dir / MOVE_FILE
        self._import_path = self.data_dir / IMPORT_FILE
        self._archive_dir = self.data_dir / ARCHIVE_DIR
        self._open_folder(check_games)

    def _open_folder(self, check_games: bool) -> None:
        """Create the folder, choose read-only or not, recover, and check the cheap things."""
        try:
            self._archive_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            if error.errno in READ_ONLY_ERRNOS and self.data_dir.is_dir():
                self._open_read_only(error.strerror or str(error))
                self._folder = shared_folder(self.data_dir)
                with self._locked():
                    self._games()
                return
            raise StoreError(_(
                "Companion cannot use {folder} as its data folder ({reason}). "
                "Choose another one with --data-dir or COMPANION_DATA."
            ).format(folder=self.data_dir, reason=error.strerror or error)) from error
        if not os.access(self.data_dir, os.R_OK | os.X_OK):
            raise StoreError(_(
                "Companion cannot read its data folder {folder}. "
                "Give it read access, or choose another folder with --data-dir or COMPANION_DATA."
            ).format(folder=self.data_dir))
        self._folder = shared_folder(self.data_dir)
        lock = self.data_dir / LOCK_FILE
        if not os.access(self.data_dir, os.W_OK):
            self._open_read_only(lazy("the folder is read-only"))
        elif lock.is_dir() or (lock.exists() and not lock.is_file()):
            self._set_aside(
                CorruptFileError(lock, lazy("it is a folder where Companion keeps a small lock file")), lock,
                lazy("A new lock file was made in its place; it held no game."),
            )
        try:
            with self._locked():
                if not self.read_only:
                    remove_stale_temps(
                        self.data_dir, {GAMES_FILE, HISTORY_FILE, MOVE_FILE, IMPORT_FILE, DRAFTS_FILE, SHEETS_FILE, DELETED_FILE}
                    )
                    remove_stale_temps(self._archive_dir, SHARD_NAMES)
                    self._make_owner_only(self.data_dir, (
                        GAMES_FILE, HISTORY_FILE, HISTORY_LOG, MOVE_FILE, IMPORT_FILE, LOCK_FILE, DRAFTS_FILE,
                        DELETED_FILE))
                self._check_games_file()
                if check_games or not looks_whole(self._games_path, b'{"games":{'):
                    self._games()
                self._drafts()
                self._sheets()
                self._deleted()
                self._check_at_open()
        except OSError as error:
            if self.read_only or error.errno not in READ_ONLY_ERRNOS:
                raise
            self._open_read_only(error.strerror or str(error))
            with self._locked():
                self._games()

    def _check_games_file(self) -> None:
        """Give the folder its games.json (an empty one) when it has none, so that a games.json
        missing later is known as lost: when the folder already holds Companion's other files
        (the history, the archive, drafts or recently deleted games), that is told in ``notices``
        (caller holds the lock)."""
        if self._games_path.exists():
            return
        others = [self._history_path, self.data_dir / DRAFTS_FILE, self.data_dir / DELETED_FILE]
        if any(path.exists() for path in others) or self._held_shards():
            self.notices.append(lazy(
                "Companion's file of the games in progress, {path}, is missing, though its data folder holds "
                "Companion's other files. The games in progress it held can not be shown; finished games are "
                "not affected. If the file was moved, put it back and start Companion again, or import a "
                "backup in History.", path=self._games_path))
        if not self.read_only:
            try:
                self._write_table(self._storage(self._games_path), [])
            except OSError as error:
                if error.errno not in DISK_FULL_ERRNOS:
                    raise

    def _make_owner_only(self, folder: Path, names: Iterable[str]) -> None:
        """Take away the permissions others have on the store's files ``names`` in ``folder`` (made
        by an older version, or copied in), so that each is :data:`OWNER_ONLY` (caller holds the
        lock; writable store). A file of another user is left as it is."""
        for name in names:
            path = folder / name
            with contextlib.suppress(FileNotFoundError, PermissionError):
                if os.lstat(path).st_mode & 0o777 & ~OWNER_ONLY and path.is_file():
                    os.chmod(path, OWNER_ONLY)

    def _open_read_only(self, reason: object) -> None:
        self.read_only = True
        self.notices.append(lazy(
            "Companion can not write to its data folder {folder} ({reason}). "
            "Your games can be seen but changes can not be saved. Make the folder writable, "
            "or start Companion with another folder (--data-dir), to save again.",
            folder=self.data_dir, reason=reason,
        ))

    # -- writing --------------------------------------------------------------

    @guarded
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
        with self._locked(writing=True), paused_gc():
            self._check_writable()
            self._save(prepared)

    @guarded
    def update_game(
        self, game_id: str, change: Callable[[rules_core.Pad], object], *, by: str | None = None
    ) -> rules_core.Pad:
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
                raise GameNotFoundError(_("There is no saved game with id {id}; it may have been deleted.").format(id=game_id))
            try:
                pad = rules_core.pad_from_doc(rules_core.copy_json(doc) if shard is None else doc)
            except rules_core.PadError as error:
                raise StoreError(_("Game {id} can not be opened: {error}. Nothing was changed.").format(
                    id=game_id, error=error)) from error
            pad.by = by
            try:
                change(pad)
            except Exception as error:
                raise ChangeFailed(error) from error
            with paused_gc():
                self._save(prepare_doc(pad.to_doc()), pad=pad, games=games, shard=shard)
            return pad

    @guarded
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

    @guarded
    def delete_game(self, game_id: str, by: str | None = None) -> dict[str, Any]:
        """Delete a game and return its document.

        The game is first kept among the recently deleted games
        (:mod:`~companion.store.deleted`), with the time and ``by``, the
        label of the phone that deleted it, so :meth:`restore_deleted` can
        bring it back from any phone; the round sheets kept for it on the
        phones are dropped (:meth:`drop_sheets`). Raises GameNotFoundError
        (a StoreError) when no game has this id.
        """
        self._check_id(game_id)
        with self._locked(writing=True):
            self._check_writable()
            storage, current = self._games()
            doc = current.get(game_id)
            if doc is not None:
                self._keep_deleted(doc, by)
                current.pop(game_id)
                self._write_table(storage, current.values())
                self._forget_sheets(game_id)
                return rules_core.copy_json(doc)
            with paused_gc():
                doc = self._delete_archived(game_id, lambda archived: self._keep_deleted(archived, by))
            if doc is not None:
                self._forget_sheets(game_id)
                return doc
        raise GameNotFoundError(_("There is no saved game with id {id}; nothing was deleted.").format(id=game_id))

    @guarded
    def restore_game(self, doc: dict[str, Any]) -> None:
        """Put back a game returned by :meth:`delete_game` (undo of a delete).

        Restoring a game that is already there unchanged does nothing. Raises
        StoreError when the document is not valid or a different game with
        the same id has been saved since.
        """
        prepared = prepare_doc(doc)
        with self._locked(writing=True):
            self._check_writable()
            self._restore(prepared)

    @guarded
    def restore_deleted(self, game_id: str) -> dict[str, Any]:
        """Put back recently deleted game ``game_id`` as it was when deleted,
        from any phone, and return its document.

        Raises GameNotFoundError when the game is not among the recently
        deleted games (restored already, or deleted too long ago), StoreError
        as :meth:`restore_game`.
        """
        self._check_id(game_id)
        with self._locked(writing=True):
            self._check_writable()
            doc = self._take_deleted(game_id)
            if doc is None or self._is_saved(game_id):
                raise GameNotFoundError(_(
                    "This game is no longer among the recently deleted games; it may have been restored already."
                ))
            prepared = prepare_doc(doc)
            self._restore(prepared)
            try:
                self._forget_deleted(game_id)
            except OSError:
                pass  # The game is saved: its kept copy is never offered, and the next write drops it.
            return rules_core.copy_json(prepared)

    def _restore(self, prepared: dict[str, Any]) -> None:
        """Save deleted game ``prepared`` again, unless it is saved unchanged (caller holds the lock for writing)."""
        existing = self._get(prepared["id"])
        if existing == prepared:
            return
        if existing is not None:
            raise StoreError(_(
                "Game {id} was saved again after it was deleted; the deleted copy was not restored over it."
            ).format(id=prepared["id"]))
        self._save(prepared)

    # -- reading --------------------------------------------------------------

    @staticmethod
    def _check_id(game_id: Any) -> None:
        if not isinstance(game_id, str):
            raise StoreError(_("A game id is text; got {value}.").format(value=repr(game_id)))

    def _get(self, game_id: str) -> dict[str, Any] | None:
        """A fresh copy of the document of game ``game_id``, or None (caller holds the lock)."""
        doc = self._games()[1].get(game_id)
        return rules_core.copy_json(doc) if doc is not None else self._archived_doc(game_id)

    @guarded
    def get_game(self, game_id: str) -> dict[str, Any] | None:
        """The full document of a game (current schema, a fresh dict), or None if there is none.

        Raises StoreError when ``game_id`` is not text.
        """
        self._check_id(game_id)
        with self._locked():
            return self._get(game_id)

    def saved_stamp(self, game_id: str) -> tuple[Any, Any] | None:
        """The version stamp (``companion.document.version_stamp``) of game
        ``game_id`` as saved now, when that is known without reading a file,
        else None (the caller reads the game to know).

        It is known for a game in progress while games.json is the version
        this process last read or wrote (the folder's kept version: one
        ``stat``, which sees a write by any process at once). Takes no lock,
        so a screen asking never waits for a save under way; never raises.
        """
        try:
            kept = self._folder.games.look(self._games_path)
        except OSError:
            return None
        doc = kept[1].get(game_id) if kept is not None and isinstance(game_id, str) else None
        return version_stamp(doc) if doc is not None else None

    @guarded
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
                raise StoreError(_("{name} must be a whole number 0 or more; got {value}.").format(name=name, value=repr(value)))
        with self._locked():
            live = self._live_summaries()
            merged = heapq.merge(live, self._history_index().newest_first(), key=itemgetter(0), reverse=True)
            return [_copy_summary(summary) for _order, summary in itertools.islice(merged, offset, offset + limit)]

    def _live_summaries(self) -> list[tuple[tuple[float, float, str], dict[str, Any]]]:
        docs = self._games()[1].values()
        return sorted(((order_key(doc), summarize(doc)) for doc in docs), key=itemgetter(0), reverse=True)

    @guarded
    def unfinished_games(self) -> list[dict[str, Any]]:
        """Summaries (as in :meth:`list_games`) of the games in progress, newest first.

        A game in progress is neither finished nor ended early.
        """
        with self._locked():
            return [
                summary for _order, summary in self._live_summaries()
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
            raise translate(self.data_dir, error) from error

    def _iter_games(self) -> Iterator[dict[str, Any]]:
        seen: set[str] = set()
        with self._locked():
            current = [rules_core.copy_json(doc) for doc in self._games()[1].values()]
            archived = set(self._history_index().by_id)
        for doc in current:
            seen.add(doc["id"])
            yield doc
        for name in sorted({shard_name(gid) for gid in archived}):
            with self._locked():
                docs = self._shard(name, remove_temps=False)[1]
            for game_id, doc in docs.items():
                if game_id in archived and game_id not in seen:
                    seen.add(game_id)
                    yield doc

    @guarded
    def check_files(self) -> None:
        """Read every file of the data folder now, so that damage is reported at once.

        Opening a store reads only what is cheap; this reads the history
        index and every archive shard, setting aside (with a notice in
        ``notices`` naming the games it held) any file that can not be read,
        and rebuilding the index when it disagrees with the archive, and
        making each shard its owner's only (see ``_make_owner_only``). Meant
        to run once after opening (main.py runs it in the background).
        """
        with self._locked():
            self._folder.history = None
            index = self._history_index()
            names = sorted({shard_name(gid) for gid in index.by_id} | self._held_shards())
            if not self.read_only:
                self._make_owner_only(self._archive_dir, names)
        for name in names:
            with self._locked():
                self._shard(name, remove_temps=False)

    @guarded
    def player_stats(self) -> list[PlayerStats]:
        """Statistics per player over every saved game (see ``companion.stats.PlayerStats``).

        Adds the tallies of the games in progress (each replayed once, then
        cached until it changes) to the sums of the finished games' tallies
        that the history index keeps up to date as games are finished and
        deleted, so no finished game is replayed or added up again. Returns
        one PlayerStats per name, sorted by name (case ignored).
        """
        with self._locked():
            sums = self._history_index().sums.copy()
            cache = self._folder.live_tallies
            current = self._games()[1]
            for game_id in list(cache):
                if game_id not in current:
                    del cache[game_id]
            for game_id, doc in current.items():
                text = json.dumps(doc, sort_keys=True)
                if game_id not in cache or cache[game_id][0] != text:
                    cache[game_id] = (text, freeze_tally(tally_of(doc)))
                sums.add(doc["game"], cache[game_id][1])
        return sums.stats()

    # -- backup ---------------------------------------------------------------

    @guarded
    def export_json(self) -> str:
        """A full backup as JSON text.

        Shape: ``{"format": "companion-backup", "schema": 1, "exported":
        <ISO 8601 UTC>, "games": [every game document, newest first]}``.
        """
        with paused_gc():
            games = sorted(self.iter_games(), key=order_key, reverse=True)
            backup = {"format": BACKUP_FORMAT, "schema": BACKUP_SCHEMA, "exported": rules_core.now_iso(), "games": games}
            text = dump_json(backup).decode("utf-8")
            del games, backup  # let go while the collector is paused, so it does not scan them once
        return text

    @guarded
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
        with paused_gc():
            games = parse_backup(data)
            added = self._add(*games)
            del games  # let go while the collector is paused, so it does not scan them once
        return added

