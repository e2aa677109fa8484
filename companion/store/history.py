"""The history index of the archive on disk: ``history.json`` and ``history.log``, kept in step.

:class:`HistoryIndex` is the part of a Store that owns them: the log's new
lines read as other processes append them, changes appended as one line
each, the log folded into ``history.json`` when long, the games another
process imported taken in as that process reports them (:meth:`HistoryIndex.catch_up`),
and the index rebuilt from the archive's shards (:class:`~companion.store.shards.ShardFiles`) when
it is unreadable or disagrees with them. The index in memory is
:class:`~companion.store.index.History`, cached in the folder's shared
:class:`~companion.store.folder.Folder` while the lock is held.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

from companion.document import summarize
from companion.errors import CorruptFileError, StoreError
from companion.i18n import lazy
from companion.stats import FrozenTally, TallySums, check_tally, thaw_tally
from companion.store.damage import Damage
from companion.store.files import (JSON_OPTIONS, AtomicJSONStorage, dump_json, fd_signature, fsync_folder, load_json,
                                   looks_whole, paused_gc, signature, write_all)
from companion.store.folder import OWNER_ONLY
from companion.store.index import (EMPTY_SHARD_BYTES, AddedSummaries, History, IndexState, NewGames, PackedTally,
                                   check_summary, checked_rows, kept_summary, pack_tally, shard_name)
from companion.store.prepared import PreparedIndex, held_version, prepared_file
from companion.store.shards import ShardFiles
from companion.store.tables import tally_of

PLAIN_ID = re.compile(r"[A-Za-z0-9_-]+")
"""A game id that JSON text holds as it is (:meth:`HistoryIndex.lists` searches for it)."""

FOLD_AT = 500
"""history.log is folded into history.json once it has this many lines and
at least as many as the index has games (so folding costs little per change)."""


class HistoryIndex:
    """The part of a :class:`companion.store.Store` that owns the history index's files (its
    methods run under the folder lock the Store holds, but :meth:`prepare_add`, which runs
    before it is taken); ``shards`` are the archive's files it is checked against and rebuilt
    from."""

    def __init__(self, damage: Damage, shards: ShardFiles) -> None:
        self.damage = damage
        self.place = damage.place
        self.shards = shards
        self.last_added: tuple[IndexState, IndexState, list[tuple[dict[str, Any], PackedTally]]] | None = None
        """What the last :meth:`add_new` added: the index's state before and after, and the games
        ((summary, packed tally) pairs, see ``AddedSummaries``)."""

    def check_at_open(self) -> None:
        """The cheap checks of an opening store (no file of the archive is read).

        history.json is read at once when its first and last bytes are not
        those the store writes (and set aside if it is damaged), or when it
        lists no game while the archive holds some. Damage to an archive
        shard is found by ``Store.check_files`` (main.py runs it as the app
        starts) or when the shard is read.
        """
        if not looks_whole(self.place.history_path, b'{"summaries":{') or self._looks_empty():
            self.current()

    def _looks_empty(self) -> bool:
        """True when history.json lists no game (missing, empty or tiny) yet the archive
        holds games: the index must be rebuilt (checked cheaply at open)."""
        size = (signature(self.place.history_path) or (0, 0, 0))[2]
        return size <= EMPTY_SHARD_BYTES and bool(self.shards.held())

    def current(self) -> History:
        """The history index, brought up to date with the files.

        Reads only the new lines of history.log when history.json is
        unchanged since it was cached (a stat of two files when nothing
        changed). A full read also checks the index against the archive
        files; an unreadable or disagreeing index is set aside and rebuilt.
        """
        cached = self.place.folder.history
        base = signature(self.place.history_path)
        if cached is not None and cached.signature == base:
            try:
                if self._read_log(cached):
                    return cached
            except StoreError as error:
                return self._rebuilt_after(error, self.place.log_path)
        with paused_gc():
            return self._load()

    def _read_log(self, index: History) -> bool:
        """Apply the complete lines of history.log past ``index.log_offset``; False if the log was replaced.
        Raises CorruptFileError for a log that is not a file Companion can read (a folder, say)."""
        try:
            with open(self.place.log_path, "rb") as handle:
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
        except IsADirectoryError as error:
            raise CorruptFileError(self.place.log_path, lazy("it is a folder where Companion keeps a file")) from error
        except OSError as error:
            raise CorruptFileError(self.place.log_path, lazy(
                "it cannot be opened ({cause})", cause=error.strerror or error)) from error
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
            entry = load_json(line)
            if isinstance(entry, dict) and set(entry) == {"drop"} and isinstance(entry["drop"], str):
                index.drop([entry["drop"]])
                return
            if isinstance(entry, dict) and set(entry) == {"put"} and check_tally(entry["put"].get("tally")):
                index.put(check_summary(entry["put"]), entry["put"]["tally"])
                return
        except (RecursionError, ValueError, AttributeError) as error:
            raise CorruptFileError(self.place.log_path, lazy("a line of it is not one Companion writes")) from error
        raise CorruptFileError(self.place.log_path, lazy("a line of it is not one Companion writes"))

    @staticmethod
    def _apply_entries(index: History, entries: list[dict[str, Any]]) -> None:
        """Apply changes this store made (``{"put": row}`` / ``{"drop": id}``) to the index, unparsed."""
        for entry in entries:
            if "drop" in entry:
                index.drop([entry["drop"]])
            else:
                index.put(kept_summary(entry["put"]), entry["put"]["tally"])

    def _load(self) -> History:
        """Read history.json and history.log whole, check them against the archive, cache the result.

        The check against the archive waits while a move or an import cut
        short is being finished (the files disagree until it is).
        """
        self.place.folder.history = None
        existed = signature(self.place.history_path) is not None
        try:
            summaries, tallies, complete = checked_rows(self.place.storage(self.place.history_path).read())
        except StoreError as error:
            return self._rebuilt_after(error, self.place.history_path)
        index = History.build(signature(self.place.history_path), summaries, tallies)
        try:
            self._read_log(index)
        except StoreError as error:
            return self._rebuilt_after(error, self.place.log_path)
        if not complete:
            return self.rebuild()
        if not self._recovering() and not self._agrees_with_shards(index):
            if existed:
                path = self.place.history_path
                self.damage.set_aside(
                    CorruptFileError(path, lazy("it did not list every finished game")), path,
                    lazy("The list of finished games was rebuilt from the saved games; no game was lost."),
                )
            return self.rebuild()
        self.place.folder.history = index
        return index

    def _agrees_with_shards(self, index: History) -> bool:
        """Whether the shards ``index`` lists games in are those that hold games."""
        return {name for name, count in index.shards.items() if count > 0} == self.shards.held()

    def _rebuilt_after(self, error: StoreError, path: Path) -> History:
        """Set aside ``path`` (the index's file or its log) that ``error`` found damaged, and rebuild."""
        self.damage.set_aside(error, path, lazy("The list of finished games was rebuilt from the saved games."))
        return self.rebuild()

    def rebuild(self) -> History:
        """The index rebuilt from every archive shard (each game replayed for its tally), written as
        a new history.json; history.log is then removed (the shards hold everything it said)."""
        self.place.folder.history = None
        summaries, tallies = [], {}
        for name in sorted(self.shards.held()):
            for doc in self.shards.read(name, remove_temps=False)[1].values():
                summaries.append(check_summary(summarize(doc)))
                tallies[doc["id"]] = tally_of(doc)
        index = History.build(None, summaries, tallies)
        if not self.place.read_only:
            self.place.storage(self.place.history_path).write({"summaries": index.rows()})
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.place.log_path)
            fsync_folder(self.place.data_dir)
            index.signature = signature(self.place.history_path)
        self.place.folder.history = index
        return index

    def append(self, entries: list[dict[str, Any]]) -> None:
        """Record changes to the history index: in the cached index, and on disk.

        With no history.json yet, or with an empty log and as many changes
        as the index is long (see :data:`FOLD_AT`; an import of many games
        at once), the index is written whole as history.json. Else the
        changes are appended to history.log (fsynced before returning; a
        line cut short by a killed writer is cut off first), and the log is
        folded into history.json once it is as long as the index: the log
        then holds every change since history.json was last written, so a
        kill before it is removed only makes the next read apply its lines
        again, which changes nothing. If a write fails, the cached index is
        forgotten (it is read again from the files) and the log is cut back
        to where it was, so a failed change leaves no line.
        """
        index = self.current()
        try:
            if self._folds(index, len(entries)):
                self._apply_entries(index, entries)
                self._fold(index)
            else:
                self._append_log(index, entries)
                if index.log_lines >= max(FOLD_AT, len(index.by_id)):
                    self._fold(index)
        except BaseException:
            self.place.folder.history = None
            raise

    @staticmethod
    def _folds(index: History, changes: int) -> bool:
        """True when ``changes`` changes to ``index`` are written as a whole new history.json
        rather than appended to history.log (see :meth:`append`)."""
        return index.signature is None or (index.log_offset == 0 and changes >= max(FOLD_AT, len(index.by_id)))

    def prepare_add(self, games: list[tuple[dict[str, Any], FrozenTally]],
                    in_progress: Callable[[], Container[str]]) -> PreparedIndex | None:
        """history.json as :meth:`add_new` would leave it after adding those of ``games`` ((summary
        as kept, frozen tally) pairs of archived games) that the index does not list yet and
        ``in_progress()`` (the ids of the games in progress as games.json holds them now) does
        not name, built without the folder lock (see ``companion.store.prepared``): from the
        files as they are now, written and fsynced beside history.json. The caller gives it to
        :meth:`add_new` under the lock, then discards it (``prepared.file.discard()``).

        None, and nothing written, when no game is new, when :meth:`add_new` would append them
        to history.log instead of writing history.json whole (a short import into a long
        index), or when the files can not be read now, disagree with the archive's shards or
        are being recovered: the import then does its work under the lock, where damage is set
        aside. Raises OSError when the temp file can not be written (a full disk)."""
        path = self.place.history_path
        held = held_version(path)
        if held is None:
            return None
        handed = False
        try:
            if held >= 0 and not self._may_write_whole(len(games)):
                return None
            index = self._read_unlocked(held)
            if index is None:
                return None
            listed, saved = frozenset(index.by_id), in_progress()
            new = [(summary, tally) for summary, tally in games
                   if summary["id"] not in listed and summary["id"] not in saved]
            if not new or not self._folds(index, len(new)):
                return None
            before = index.state()
            adding = NewGames.of(new, TallySums.of((summary["game"], tally) for summary, tally in new))
            index.put_new(adding)
            payload = dump_json({"summaries": index.rows()}, **JSON_OPTIONS)
            handed = True  # prepared_file holds it from here, and closes it if it fails
            return PreparedIndex(prepared_file(path, before[0], held, payload), before, listed, index,
                                 adding.added())
        finally:
            if not handed and held >= 0:
                os.close(held)

    def _may_write_whole(self, count: int) -> bool:
        """Whether adding at most ``count`` games to the index history.json holds may write it
        whole (:meth:`_folds`), judged without parsing it: not while history.log holds anything,
        nor when ``count`` is under :data:`FOLD_AT` or under the games history.json lists (its
        rows counted by their ``"tally":`` keys, which JSON text holds nowhere else). Reading
        the index takes about 0.2 s at 10,000 games: an import of a few games into it appends
        to history.log, and need not read it before the lock."""
        try:
            if os.stat(self.place.log_path).st_size > 0:
                return False
        except FileNotFoundError:
            pass
        except OSError:
            return False
        if count < FOLD_AT:
            return False
        try:
            return self.place.history_path.read_bytes().count(b'"tally":') <= count
        except OSError:
            return True

    def _read_unlocked(self, held: int) -> History | None:
        """The index the files hold now, read without the folder lock and not cached: history.json
        as the version open at ``held`` (-1: no file) holds it, and history.log's complete lines.
        None when they can not be read, history.json is no longer that version, a summary has no
        tally, the shards they list are not those that hold games, or a move or an import is
        being finished."""
        storage = AtomicJSONStorage(self.place.history_path, access_mode="r", **JSON_OPTIONS)
        try:
            summaries, tallies, complete = checked_rows(storage.read())
            if not complete or storage.version != (fd_signature(held) if held >= 0 else None):
                return None
            index = History.build(storage.version, summaries, tallies)
            self._read_log(index)
        except StoreError:
            return None
        if self._recovering() or not self._agrees_with_shards(index):
            return None
        return index

    def _recovering(self) -> bool:
        """Whether a move or an import cut short is still to be finished or undone (the index
        and the shards disagree until it is)."""
        return self.place.move_path.exists() or self.place.import_path.exists()

    def listed_before(self, prepared: PreparedIndex | None) -> Container[str]:
        """The ids of the games the index lists (the caller holds the folder lock): those listed
        by the files ``prepared`` (from :meth:`prepare_add`) was built from when they are still
        the files on disk, with nothing read; else :meth:`current`'s."""
        if prepared is not None and self._left_as(prepared.before):
            return prepared.listed
        return self.current().by_id

    def add_new(self, games: list[tuple[dict[str, Any], FrozenTally]], sums: TallySums,
                prepared: PreparedIndex | None = None) -> None:
        """Record archived games that the history index does not list yet (an import), as
        :meth:`append` of one put each would: (summary as kept, see
        ``index.kept_summary``; frozen tally) pairs and the sums of their tallies. Many at
        once are added to the index in one go.

        With ``prepared`` (:meth:`prepare_add`) that adds these games to the files as they
        still are, the prepared history.json is renamed into place and history.log removed
        (it held no complete line, or there was no history.json and its lines are in the
        prepared one): what :meth:`_fold` would write, without building it under the lock."""
        self.last_added = None
        if (prepared is not None and prepared.added == frozenset(summary["id"] for summary, _tally in games)
                and self._left_as(prepared.before)):
            self._put_prepared(prepared)
            return
        index = self.current()
        before = index.state()
        if not self._folds(index, len(games)):
            self.append([{"put": {**summary, "tally": thaw_tally(tally)}} for summary, tally in games])
            added = [(summary, pack_tally(tally)) for summary, tally in games]
        else:
            try:
                new = NewGames.of(games, sums)
                index.put_new(new)
                self._fold(index)
            except BaseException:
                self.place.folder.history = None
                raise
            added = new.added()
        self.last_added = (before, index.state(), added)

    def _put_prepared(self, prepared: PreparedIndex) -> None:
        """The rename of :meth:`add_new` with a prepared history.json that fits."""
        prepared.replaced, self.place.folder.history = self.place.folder.history, None
        prepared.file.commit()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.place.log_path)
        fsync_folder(self.place.data_dir)
        index = prepared.index
        index.signature = signature(self.place.history_path)
        index.log_id, index.log_offset, index.log_lines = None, 0, 0
        self.place.folder.history = index
        self.last_added = (prepared.before, index.state(), prepared.games)

    def added_summaries(self) -> AddedSummaries | None:
        """What the last :meth:`add_new` of this index added, for another process's Store (see
        :meth:`catch_up`); None when it added nothing yet."""
        if self.last_added is None:
            return None
        return AddedSummaries.of(*self.last_added)

    def catch_up(self, added: AddedSummaries | None, new: NewGames) -> History:
        """The index brought up to date after another process added games (``added.games()``, as
        ``new``, worked out by the caller before it took the folder lock) as ``added`` says:
        when the index cached here is the one that import started from and the files are still
        those it left, the games are added to it, with no file read; otherwise (or with
        ``added`` None) it is read from the files (:meth:`current`)."""
        index = self.place.folder.history
        if (added is None or index is None or index.state() != added.before
                or not self._left_as(added.after)):
            return self.current()
        index.put_new(new)
        index.signature, index.log_id, index.log_offset, index.log_lines = added.after
        return index

    def lists(self, game_id: str) -> bool:
        """Whether the index lists game ``game_id``, as :meth:`current` would say.

        When history.json is no longer the version cached here (another
        process, an import, wrote it whole) and the cached index does not
        list the game, the files :meth:`current` would build the index from
        are first searched for the id as JSON writes it: history.json,
        history.log, and the game's archive shard (from which a missing or
        damaged index is rebuilt). A game whose id none of them holds is not
        listed, and the index is left to be read by the next call that needs
        all of it (``Store.catch_up`` takes an import in without reading it).
        A save of a game in progress asks this: reading the index an import
        of 10,000 games wrote takes about 0.5 s, under the folder lock. Only
        ids of letters, digits, ``-`` and ``_`` are searched for (no JSON
        escape can change them); others, and a grown log alone (whose new
        lines :meth:`current` reads by themselves), read the index.
        """
        cached = self.place.folder.history
        if (cached is None or game_id in cached.by_id or not PLAIN_ID.fullmatch(game_id)
                or signature(self.place.history_path) == cached.signature):
            return game_id in self.current().by_id
        return self._mentions(game_id) and game_id in self.current().by_id

    def _mentions(self, game_id: str) -> bool:
        """Whether history.json, history.log or the game's shard holds ``game_id`` as a JSON
        string (True also when one of them can not be read: the caller then reads the index)."""
        needle = f'"{game_id}"'.encode("ascii")
        for path in (self.place.history_path, self.place.log_path, self.place.archive_dir / shard_name(game_id)):
            try:
                if needle in path.read_bytes():
                    return True
            except FileNotFoundError:
                continue
            except OSError:
                return True
        return False

    def _left_as(self, state: IndexState) -> bool:
        """True when history.json and history.log are the versions an index in ``state`` holds."""
        if signature(self.place.history_path) != state[0]:
            return False
        try:
            info = os.stat(self.place.log_path)
        except FileNotFoundError:
            return state[1] is None and state[2] == 0
        return state[1] == (info.st_dev, info.st_ino) and info.st_size == state[2]

    def _append_log(self, index: History, entries: list[dict[str, Any]]) -> None:
        """The append of :meth:`append` to history.log."""
        payload = b"".join(dump_json(entry) + b"\n" for entry in entries)
        created = not self.place.log_path.exists()
        fd = os.open(self.place.log_path, os.O_WRONLY | os.O_CREAT, OWNER_ONLY)
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
            fsync_folder(self.place.data_dir)
        self._apply_entries(index, entries)
        index.log_id = (info.st_dev, info.st_ino)
        index.log_offset += len(payload)
        index.log_lines += len(entries)

    def _fold(self, index: History) -> None:
        """Write the index whole as history.json, then remove history.log (a kill between
        the two only makes the next read apply the log's lines a second time, which changes nothing)."""
        self.place.storage(self.place.history_path).write({"summaries": index.rows()})
        index.signature = signature(self.place.history_path)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.place.log_path)
        fsync_folder(self.place.data_dir)
        index.log_id, index.log_offset, index.log_lines = None, 0, 0
