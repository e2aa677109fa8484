"""Saved games for Companion: files that a killed write, a full disk or a damaged file cannot lose.

A data folder holds these files, each owned by one part of the :class:`Store`
(each part's module says what its file holds); every ``.json`` file is a
TinyDB database written whole through :class:`AtomicJSONStorage`
(:mod:`~companion.store.files`):

- ``games.json``, the games in progress: :class:`~companion.store.tables.GamesInProgress`
  (small; every added round rewrites only this file).
- ``archive/<xx>.json``, the finished games (and games ended early) in up to 256
  shards by a hash of the id: :class:`~companion.store.shards.ShardFiles`.
- ``history.json`` and ``history.log``, one summary and statistics tally per
  archived game, so that the history and the statistics never parse the games:
  :class:`~companion.store.history.HistoryIndex`, rebuilt from the archive, with a
  notice, when unreadable or disagreeing; :class:`~companion.store.archive.Archive`
  keeps shards and index in step.
- ``move.json`` and ``import.json``, present only while a game moves between files
  or a backup is imported: :class:`~companion.store.journal.Journal`; a change cut
  short is completed or undone at the next operation.
- ``drafts.json``, ``sheets.json`` and ``deleted.json``, the rounds entered hand by
  hand, the round sheets open on the phones and the recently deleted games:
  :class:`~companion.store.drafts.Drafts`, :class:`~companion.store.sheets.KeptSheets`,
  :class:`~companion.store.deleted.DeletedGames` (through
  :class:`~companion.store.sidetable.SideTable`).
- ``store.lock``: the lock file that serialises writers across processes.

The parts are collaborators the Store holds, not base classes: they share the folder's
:class:`~companion.store.folder.Place` (files, notices, read-only or not, the folder's lock and
caches) and its :class:`~companion.store.damage.Damage` (damaged files set aside, with notices).
:class:`~companion.store.moves.Moves` holds the lock and makes the changes that span files
(journaled, with their crash recovery); :mod:`~companion.store.opening` opens a folder;
:mod:`~companion.store.guard` is the error contract, :mod:`~companion.store.backup` reads backups.

No exception other than :class:`StoreError` and its subclasses leaves a ``Store`` method, except
the errors of the ``change`` given to :meth:`Store.update_game`, which reach its caller unchanged.
"""

from __future__ import annotations

import heapq
import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from pathlib import Path
from typing import Any

from babel.support import LazyProxy

from companion import rules_core
from companion.document import is_int, migrate_doc, order_key, prepare_doc, summarize, validate_doc, version_stamp
from companion.errors import (BackupError, ConflictError, CorruptFileError, DiskFullError, GameNotFoundError,
                              ReadOnlyError, StoreError)
from companion.i18n import _
from companion.stats import PlayerStats
from companion.store.archive import Archive
from companion.store.backup import MAX_BACKUP_BYTES, backup_text, parse_backup
from companion.store.damage import Damage
from companion.store.deleted import DeletedGames
from companion.store.drafts import DraftChange, Drafts
from companion.store.files import AtomicJSONStorage, paused_gc, remove_stale_temps
from companion.store.folder import Place, resolve_data_dir
from companion.store.guard import check_id, full_disk_refuses_import, guarded, translate
from companion.store.history import HistoryIndex
from companion.store.index import AddedSummaries, NewGames, shown_summary
from companion.store.journal import Journal
from companion.store.moves import Moves
from companion.store.opening import Opening
from companion.store.shards import ShardFiles
from companion.store.sheets import KeptSheets
from companion.store.tables import GamesInProgress, is_ended

__all__ = [
    "AddedSummaries", "AtomicJSONStorage", "BackupError", "ConflictError", "CorruptFileError", "DiskFullError",
    "GameNotFoundError", "MAX_BACKUP_BYTES", "ReadOnlyError", "Store", "StoreError", "migrate_doc", "parse_backup",
    "remove_stale_temps", "resolve_data_dir", "summarize", "validate_doc",
]


class Store:
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

    Adding a round, finishing or deleting a game costs about the same with 10 or 10,000 games in
    history; every operation runs under one lock per folder (threads and processes); documents of
    an older schema are migrated as they are read. The parts that do the work: the module docstring.
    """

    @guarded
    def __init__(self, data_dir: str | os.PathLike[str], *, check_games: bool = True) -> None:
        self.data_dir = Path(data_dir).expanduser()
        self._place = Place(self.data_dir)
        self.notices: list[LazyProxy] = self._place.notices
        damage = Damage(self._place)
        shards = ShardFiles(damage)
        self._games = GamesInProgress(damage)
        self._archive = Archive(shards, HistoryIndex(damage, shards))
        self._moves = Moves(self._place, self._games, self._archive, Journal(damage))
        self._drafts = Drafts(damage)
        self._sheets = KeptSheets(damage)
        self._deleted = DeletedGames(damage, self._moves.saved_of)
        self._locked = self._moves.locked
        Opening(damage, self._games, self._archive, self._moves,
                (self._drafts.read, self._sheets.read, self._deleted.read)).open(check_games)

    @property
    def read_only(self) -> bool:
        """True when the data folder can not be written: every save raises ReadOnlyError."""
        return self._place.read_only

    @read_only.setter
    def read_only(self, value: bool) -> None:
        self._place.read_only = value

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
        prepared = prepare_doc(doc, rules_core.doc_games())
        with self._locked(writing=True), paused_gc():
            self._place.check_writable()
            self._moves.save(prepared)

    @guarded
    def update_game(
        self, game_id: str, change: Callable[[rules_core.Pad], object], *, by: str | None = None
    ) -> rules_core.Pad:
        """Apply ``change`` to the latest saved version of a game, as one transaction.

        Under the folder lock (threads and processes): reads the game once,
        rebuilds its pad (``companion.registry.pad_from_doc``, one replay), sets
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
        check_id(game_id)
        with self._locked(writing=True):
            self._place.check_writable()
            return self._moves.update(game_id, change, by)

    @guarded
    def add_games(self, docs: Iterable[dict[str, Any]]) -> int:
        """Add many games at once, skipping those whose id is already saved; all or nothing.

        Every document is checked first (StoreError names the first bad one,
        and nothing is written); then each file is written once. An add cut
        short (a kill, a full disk) is undone. Returns the number of games
        added.
        """
        with paused_gc():
            games = rules_core.doc_games()
            prepared = [(prepare_doc(doc, games), None) for doc in docs]
            return self._moves.add(prepared)

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
        check_id(game_id)
        with self._locked(writing=True):
            self._place.check_writable()
            doc = self._moves.delete(game_id, lambda doc: self._deleted.keep(doc, by))
            if doc is not None:
                self._sheets.forget(game_id)
                return doc
        raise GameNotFoundError(_("There is no saved game with id {id}; nothing was deleted.").format(id=game_id))

    @guarded
    def restore_game(self, doc: dict[str, Any]) -> None:
        """Put back a game returned by :meth:`delete_game` (undo of a delete).

        Restoring a game that is already there unchanged does nothing. Raises
        StoreError when the document is not valid or a different game with
        the same id has been saved since.
        """
        prepared = prepare_doc(doc, rules_core.doc_games())
        with self._locked(writing=True):
            self._place.check_writable()
            self._moves.restore(prepared)

    @guarded
    def restore_deleted(self, game_id: str) -> dict[str, Any]:
        """Put back recently deleted game ``game_id`` as it was when deleted,
        from any phone, and return its document.

        Raises GameNotFoundError when the game is not among the recently
        deleted games (restored already, or deleted too long ago), StoreError
        as :meth:`restore_game`.
        """
        check_id(game_id)
        with self._locked(writing=True):
            self._place.check_writable()
            doc = self._deleted.take(game_id)
            if doc is None or self._moves.saved_of([game_id]):
                raise GameNotFoundError(_(
                    "This game is no longer among the recently deleted games; it may have been restored already."
                ))
            prepared = prepare_doc(doc, rules_core.doc_games())
            self._moves.restore(prepared)
            try:
                self._deleted.forget(game_id)
            except OSError:
                pass  # The game is saved: its kept copy is never offered, and the next write drops it.
            return rules_core.copy_json(prepared)

    # -- reading --------------------------------------------------------------

    @guarded
    def get_game(self, game_id: str) -> dict[str, Any] | None:
        """The full document of a game (current schema, a fresh dict), or None if there is none.

        Raises StoreError when ``game_id`` is not text.
        """
        check_id(game_id)
        with self._locked():
            return self._moves.get(game_id)

    def saved_stamp(self, game_id: str) -> tuple[Any, Any, Any] | None:
        """The version stamp (``companion.document.version_stamp``) of game
        ``game_id`` as saved now, when that is known without reading a file,
        else None (the caller reads the game to know).

        It is known for a game in progress while games.json is the version
        this process last read or wrote (the folder's kept version: one
        ``stat``, which sees a write by any process at once). Takes no lock,
        so a screen asking never waits for a save under way; never raises.
        """
        try:
            kept = self._place.folder.games.look(self._place.games_path)
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
            merged = heapq.merge(live, self._archive.index.current().newest_first(), key=itemgetter(0), reverse=True)
            return [shown_summary(summary) for _order, summary in itertools.islice(merged, offset, offset + limit)]

    def _live_summaries(self) -> list[tuple[tuple[float, float, str], dict[str, Any]]]:
        docs = self._games.read()[1].values()
        return sorted(((order_key(doc), summarize(doc)) for doc in docs), key=itemgetter(0), reverse=True)

    @guarded
    def unfinished_games(self) -> list[dict[str, Any]]:
        """Summaries (as in :meth:`list_games`) of the games in progress, newest first.

        A game in progress is neither finished nor ended early.
        """
        with self._locked():
            return [summary for _order, summary in self._live_summaries() if not is_ended(summary)]

    def iter_games(self) -> Iterator[dict[str, Any]]:
        """Every saved game's full document: the games in progress, then the archive shard by shard.

        Reads one file at a time, so memory stays small. Each game is yielded
        once; a game that another session moves or deletes during the
        iteration may be missed. Raises StoreError (only) when a file can
        not be read.
        """
        try:
            yield from self._moves.iter_docs()
        except StoreError:
            raise
        except (OSError, RecursionError, ValueError, MemoryError) as error:
            raise translate(self.data_dir, error) from error

    @guarded
    def check_files(self) -> None:
        """Read every file of the data folder now, so that damage is reported at once.

        Opening a store reads only what is cheap; this reads the history
        index and every archive shard, setting aside (with a notice in
        ``notices`` naming the games it held) any file that can not be read,
        and rebuilding the index when it disagrees with the archive, and
        making each shard its owner's only (``folder.make_owner_only``). Meant
        to run once after opening (main.py runs it in the background).
        """
        self._moves.check_archive()

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
            sums = self._archive.index.current().sums.copy()
            self._games.add_tallies(sums)
        return sums.stats()

    # -- backup ---------------------------------------------------------------

    @guarded
    def export_json(self) -> str:
        """A full backup as JSON text.

        Shape: ``{"format": "companion-backup", "schema": 1, "exported":
        <ISO 8601 UTC>, "games": [every game document, newest first]}``.
        """
        return backup_text(self.iter_games())

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
        with full_disk_refuses_import(self.data_dir), paused_gc(lasting=True):
            games = parse_backup(data)
            added = self._moves.add(*games)
            del games  # let go while the collector is paused, so it does not scan them once
        return added

    @guarded
    def imported_summaries(self) -> AddedSummaries | None:
        """What this Store's last import (:meth:`import_json`, :meth:`add_games`) that reached the writing
        added to the history index, for another process's Store (:meth:`catch_up`); None: it added none."""
        return self._archive.index.added_summaries()

    @guarded
    def catch_up(self, added: AddedSummaries | None) -> None:
        """Take in the games another process imported on this folder (``added``: its :meth:`imported_summaries`),
        without reading the history index again when they follow on from the index kept here
        (``HistoryIndex.catch_up``); else, or with None, read it as :meth:`list_games` would. StoreError
        when a file can not be read."""
        new = NewGames.of_packed(added.games() if added is not None else [])
        with self._locked():
            self._archive.index.catch_up(added, new)

    # -- side files -----------------------------------------------------------

    @guarded
    def get_draft(self, game_id: str) -> dict[str, Any] | None:
        """The draft of the round being entered hand by hand in game ``game_id`` (a fresh copy;
        :mod:`~companion.store.drafts`), or None when it has none.

        Raises StoreError when ``game_id`` is not text.
        """
        check_id(game_id)
        with self._locked():
            return self._drafts.get(game_id)

    @guarded
    def update_draft(self, game_id: str, change: DraftChange) -> dict[str, Any] | None:
        """Replace the draft of game ``game_id`` by ``change(draft)`` as one
        transaction: under the folder lock, reads the draft as saved now
        (None when there is none), calls ``change`` with a copy of it and
        saves what it returns (None drops the draft) atomically.

        Returns the new draft (None: dropped). The draft must be a JSON
        object. Raises StoreError when ``game_id`` is not text or the draft
        is not a JSON object; ReadOnlyError or DiskFullError when it can not
        be saved (the draft stays as it was). Whatever ``change`` raises
        reaches the caller, and then nothing is saved.
        """
        check_id(game_id)
        with self._locked(writing=True):
            self._place.check_writable()
            return self._drafts.update(game_id, change)

    @guarded
    def kept_sheet(self, game_id: str, phone: str) -> dict[str, Any] | None:
        """The round sheet of game ``game_id`` kept for the phone labelled ``phone``
        (a fresh copy; :mod:`~companion.store.sheets`), or None when it has none.

        Raises StoreError when ``game_id`` or ``phone`` is not text.
        """
        check_id(game_id)
        KeptSheets.check_phone(phone)
        with self._locked():
            return self._sheets.get(game_id, phone)

    @guarded
    def keep_sheet(self, game_id: str, phone: str, sheet: dict[str, Any] | None) -> None:
        """Keep ``sheet`` (a JSON object) as the sheet of game ``game_id`` on
        the phone labelled ``phone``, in place of the one kept before; None
        drops it (dropping a sheet that is not kept writes nothing).

        Raises StoreError when ``game_id`` or ``phone`` is not text or the
        sheet is not a JSON object; ReadOnlyError or DiskFullError when it
        can not be saved (the sheet kept stays as it was).
        """
        check_id(game_id)
        KeptSheets.check_phone(phone)
        if sheet is not None and not isinstance(sheet, dict):
            raise StoreError(_("A kept sheet is a JSON object; got {kind}. Nothing was saved.").format(
                kind=type(sheet).__name__))
        with self._locked(writing=True):
            self._place.check_writable()
            self._sheets.keep(game_id, phone, sheet)

    @guarded
    def drop_sheets(self, game_id: str) -> None:
        """Drop every sheet kept for game ``game_id`` (the game was finished,
        ended or deleted); nothing is written when it has none.

        Raises StoreError when ``game_id`` is not text; ReadOnlyError or
        DiskFullError when the file can not be written.
        """
        check_id(game_id)
        with self._locked(writing=True):
            self._place.check_writable()
            self._sheets.forget(game_id)

    @guarded
    def deleted_games(self) -> list[dict[str, Any]]:
        """The games that can be restored (:mod:`~companion.store.deleted`), most recently
        deleted first: each a summary (``id``, ``game``, ``players``, ``created``, ``updated``,
        ``finished``, ``ended_early``, ``winners``, ``rounds``) with ``deleted`` (ISO 8601 UTC
        time) and ``by`` (the deleting phone's label, or None).
        """
        with self._locked():
            return self._deleted.shown()

    @guarded
    def deleted_game(self, game_id: str) -> dict[str, Any] | None:
        """Game ``game_id`` as :meth:`deleted_games` lists it, or None when it
        is saved or not among the recently deleted games.

        Raises StoreError when ``game_id`` is not text.
        """
        check_id(game_id)
        with self._locked():
            return self._deleted.shown_one(game_id)
