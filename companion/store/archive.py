"""The archive of finished games on disk, and its history index kept in step.

:class:`Archive` is the part of a Store that reads archive shards (setting
an unreadable one aside and dropping its games from the index, with a
notice naming them), and keeps ``history.json`` and ``history.log`` up to
date: the log's new lines read as other processes append them, changes
appended as one line each, the log folded into ``history.json`` when long,
and the index rebuilt from the shards when it is unreadable or disagrees
with them. The index in memory and the shard names are in
:mod:`companion.store.index`.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

from companion.document import load_doc, order_key, summarize
from companion.errors import CorruptFileError, StoreError
from companion.i18n import lazy
from companion.stats import FrozenTally, TallySums, check_tally, thaw_tally
from companion.store.files import (
    AtomicJSONStorage,
    dump_json,
    fsync_folder,
    load_json,
    looks_whole,
    paused_gc,
    remove_stale_temps,
    signature,
    write_all,
)
from companion.store.folder import OWNER_ONLY
from companion.store.index import EMPTY_SHARD_BYTES, SHARD_NAMES, History, check_summary, kept_summary, shard_name
from companion.store.tables import GameTables, tally_of

FOLD_AT = 500
"""history.log is folded into history.json once it has this many lines and
at least as many as the index has games (so folding costs little per change)."""


class Archive(GameTables):
    """The part of a Store that reads the archive shards and keeps the history index up to date."""

    def _shard(
        self, name: str, *, repair_history: bool = True, checked: bool = True, remove_temps: bool = True
    ) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]:
        """One archive shard's storage and its games by id; an unreadable shard is set aside.

        With ``repair_history``, the games that shard held are dropped from
        the history index so the list shows no game that cannot open, and the
        notice names them. Without ``checked`` (for a write that replaces or
        removes one game), the other games are kept as stored, only their ids
        read: each is checked when it is read for itself. ``remove_temps``
        False skips the look for temp files that killed writes of the shard
        left: the caller only reads, or has called :meth:`_remove_archive_temps`
        before opening many shards.
        """
        path = self._archive_dir / name
        index = self._history_index() if repair_history else None
        storage = self._storage(path, remove_temps=remove_temps)
        try:
            rows = (storage.read() or {}).get("games", {}).values()
            if checked:
                return storage, {doc["id"]: doc for doc in (load_doc(dict(row)) for row in rows)}
            if not all(isinstance(row.get("id"), str) for row in rows):
                raise CorruptFileError(path, lazy("a game in it has no id"))
            return storage, {row["id"]: row for row in rows}
        except StoreError as error:
            lost: list[str] = []
            if index is not None:
                lost = sorted((gid for gid in index.by_id if shard_name(gid) == name),
                              key=lambda gid: order_key(index.by_id[gid]))
            held = lazy("It held these finished games, which no longer appear in the history: {games}. A fresh file "
                        "was started in its place.", games=self._describe(lost)) if lost else lazy(
                "It held finished games that could not be listed. A fresh file was started in its place.")
            self._set_aside(error, path, held)
            if lost and not self.read_only:
                self._append_history([{"drop": gid} for gid in lost])
            return self._storage(path), {}

    def _remove_archive_temps(self) -> None:
        """Remove the temp files that killed writes left in the archive folder, all in one look
        (before many shards are opened to be written, each with ``remove_temps`` False)."""
        if not self.read_only:
            remove_stale_temps(self._archive_dir, SHARD_NAMES)

    def _held_shards(self) -> set[str]:
        """The archive shard files that hold at least one game, by size, without reading them; an
        empty file (0 bytes, which the store never writes) is counted, as it is damage that may
        have held games: read, it is set aside."""
        try:
            entries = list(os.scandir(self._archive_dir))
        except FileNotFoundError:
            return set()
        return {entry.name for entry in entries
                if entry.name in SHARD_NAMES and entry.is_file()
                and not 0 < entry.stat().st_size <= EMPTY_SHARD_BYTES}

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
        if not looks_whole(self._history_path, b'{"summaries":{') or self._history_looks_empty():
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
                self._set_aside(error, self._log_path, lazy("The list of finished games was rebuilt from the saved games."))
                return self._rebuild_history()
        with paused_gc():
            return self._load_history()

    def _read_log(self, index: History) -> bool:
        """Apply the complete lines of history.log past ``index.log_offset``; False if the log was replaced.
        Raises CorruptFileError for a log that is not a file Companion can read (a folder, say)."""
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
        except IsADirectoryError as error:
            raise CorruptFileError(self._log_path, lazy("it is a folder where Companion keeps a file")) from error
        except OSError as error:
            raise CorruptFileError(self._log_path, lazy(
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
            raise CorruptFileError(self._log_path, lazy("a line of it is not one Companion writes")) from error
        raise CorruptFileError(self._log_path, lazy("a line of it is not one Companion writes"))

    @staticmethod
    def _apply_entries(index: History, entries: list[dict[str, Any]]) -> None:
        """Apply changes this store made (``{"put": row}`` / ``{"drop": id}``) to the index, unparsed."""
        for entry in entries:
            if "drop" in entry:
                index.drop([entry["drop"]])
            else:
                index.put(kept_summary(entry["put"]), entry["put"]["tally"])

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
                    raise StoreError(lazy("a summary has a bad statistics tally"))
                summaries.append(summary)
                tallies[summary["id"]] = tally
        except StoreError as error:
            self._set_aside(error, self._history_path, lazy("The list of finished games was rebuilt from the saved games."))
            return self._rebuild_history()
        index = History.build(signature(self._history_path), summaries, tallies)
        try:
            self._read_log(index)
        except StoreError as error:
            self._set_aside(error, self._log_path, lazy("The list of finished games was rebuilt from the saved games."))
            return self._rebuild_history()
        if not complete:
            return self._rebuild_history()
        listed = {name for name, count in index.shards.items() if count > 0}
        recovering = self._move_path.exists() or self._import_path.exists()
        if not recovering and listed != self._held_shards():
            if existed:
                self._set_aside(
                    CorruptFileError(self._history_path, lazy("it did not list every finished game")), self._history_path,
                    lazy("The list of finished games was rebuilt from the saved games; no game was lost."),
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
            for doc in self._shard(name, repair_history=False, remove_temps=False)[1].values():
                summaries.append(check_summary(summarize(doc)))
                tallies[doc["id"]] = tally_of(doc)
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
        index = self._history_index()
        try:
            if self._folds(index, len(entries)):
                self._apply_entries(index, entries)
                self._fold_history(index)
            else:
                self._append_log(index, entries)
                if index.log_lines >= max(FOLD_AT, len(index.by_id)):
                    self._fold_history(index)
        except BaseException:
            self._folder.history = None
            raise

    @staticmethod
    def _folds(index: History, changes: int) -> bool:
        """True when ``changes`` changes to ``index`` are written as a whole new history.json
        rather than appended to history.log (see :meth:`_append_history`)."""
        return index.signature is None or (index.log_offset == 0 and changes >= max(FOLD_AT, len(index.by_id)))

    def _add_to_history(self, games: list[tuple[dict[str, Any], FrozenTally]], sums: TallySums) -> None:
        """Record archived games that the history index does not list yet (an import), as
        :meth:`_append_history` of one put each would: (summary as kept, see
        ``index.kept_summary``; frozen tally) pairs and the sums of their tallies. Many at
        once are added to the index in one go."""
        index = self._history_index()
        if not self._folds(index, len(games)):
            self._append_history([{"put": {**summary, "tally": thaw_tally(tally)}} for summary, tally in games])
            return
        try:
            index.put_new(games, sums)
            self._fold_history(index)
        except BaseException:
            self._folder.history = None
            raise

    def _append_log(self, index: History, entries: list[dict[str, Any]]) -> None:
        """The append of :meth:`_append_history` to history.log."""
        payload = b"".join(dump_json(entry) + b"\n" for entry in entries)
        created = not self._log_path.exists()
        fd = os.open(self._log_path, os.O_WRONLY | os.O_CREAT, OWNER_ONLY)
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
        self._apply_entries(index, entries)
        index.log_id = (info.st_dev, info.st_ino)
        index.log_offset += len(payload)
        index.log_lines += len(entries)

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
        """Add an archived game's summary and statistics tally to the history index."""
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
