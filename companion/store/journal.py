"""Moves of a game between games.json and the archive, and imports: each journaled so a crash
leaves it completed or undone.

:class:`Journals` is the part of a Store that writes: a game saved where it
belongs (``games.json`` or an archive shard), a move between the two or out
of the archive recorded in ``move.json`` first, many games added at once
(an import) recorded in ``import.json`` first. Taking the folder lock
(:meth:`Journals._locked`) first completes or undoes whatever such a record
says a killed or failed writer left unfinished.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from companion import rules_core
from companion.document import load_doc, summarize
from companion.errors import ReadOnlyError, StoreError
from companion.i18n import _, lazy
from companion.stats import FrozenTally, TallySums, freeze_tally, game_tally
from companion.store.archive import Archive
from companion.store.files import JSON_OPTIONS, AtomicJSONStorage, fsync_folder
from companion.store.index import digest, kept_summary, shard_name
from companion.store.tables import is_ended, tally_of

SHARD_WRITERS = 16
"""Threads that write archive shards at once during an import (each mostly waits for the disk)."""


class Journals(Archive):
    """The part of a Store that holds the folder lock, saves games and journals moves and imports."""

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
            raise ReadOnlyError(_(
                "Companion can not write to its data folder {folder}, so nothing was saved. "
                "Make the folder writable, or start Companion with another folder (--data-dir)."
            ).format(folder=self.data_dir))

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
                raise StoreError(lazy("the record of a move between files is incomplete"))
        except StoreError as error:
            self._set_aside(error, self._move_path, lazy("A half-done move of a game between files was dropped."))
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
                self._put_archived(doc, tally_of(doc))
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
                raise StoreError(lazy("the record of an import is incomplete"))
        except StoreError as error:
            self._set_aside(error, self._import_path, lazy("An import that was cut short could not be undone."))
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
        self._remove_archive_temps()
        for name in sorted({shard_name(gid) for gid in ids}):
            storage, docs = self._shard(name, repair_history=False, checked=False, remove_temps=False)
            if doomed & set(docs):
                self._write_table(storage, (doc for gid, doc in docs.items() if gid not in doomed))

    # -- writing --------------------------------------------------------------

    def _save(
        self,
        doc: dict[str, Any],
        *,
        pad: rules_core.Pad | None = None,
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
        if not is_ended(doc):
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
        tally = game_tally(pad) if pad is not None else tally_of(doc)
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

    def _delete_archived(
        self, game_id: str, before: Callable[[dict[str, Any]], None] | None = None
    ) -> dict[str, Any] | None:
        """Delete a finished game from the archive (caller holds the lock); returns its document, or None
        when the archive does not hold it. ``before(doc)``, when given, runs first, before anything is changed.

        The move is journaled (see :meth:`_finish_move`). Its shard is read and
        rewritten without the game; the games it keeps are not checked again.
        The caller pauses the garbage collector (``files.paused_gc``) around
        this call: the parsed shard is then let go before the collector could
        scan it.
        """
        if game_id not in self._history_index().by_id:
            return None
        shard = self._shard(shard_name(game_id), checked=False)
        if game_id not in shard[1]:
            return None
        doc = load_doc(dict(shard[1][game_id]))
        if before is not None:
            before(doc)
        self._begin_move("delete", doc)
        self._after_commit(lambda: self._drop_from_archive(game_id, shard))
        return doc

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

    def _add(self, games: list[tuple[dict[str, Any], FrozenTally | None]], sums: TallySums | None = None) -> int:
        """Add (document, frozen tally or None) pairs as one transaction journaled in import.json.

        ``sums`` is the ``companion.stats.TallySums`` of the tallies of the
        finished games among them, when the caller has it (then every tally
        is given); it is used up.
        """
        repeated = [gid for gid, count in Counter(doc["id"] for doc, _tally in games).items() if count > 1]
        if repeated:
            raise StoreError(_("Game {id} appears more than once; nothing was added.").format(id=repeated[0]))
        with self._locked(writing=True):
            self._check_writable()
            storage, current = self._games()
            index = self._history_index()
            new = []
            for doc, tally in games:
                if doc["id"] not in current and doc["id"] not in index.by_id:
                    new.append((doc, tally))
                elif sums is not None and is_ended(doc):
                    sums.remove(doc["game"], tally)
            if not new:
                return 0
            ids = [doc["id"] for doc, _tally in new]
            AtomicJSONStorage(self._import_path, **JSON_OPTIONS).write({"imports": {"1": {"ids": ids}}})
            try:
                self._write_added(new, storage, current, sums)
            except BaseException:
                with contextlib.suppress(StoreError, OSError):
                    self._undo_import(ids)
                    self._end_journal(self._import_path)
                raise
            self._end_journal(self._import_path)
            return len(new)

    def _write_added(
        self,
        new: list[tuple[dict[str, Any], FrozenTally | None]],
        storage: AtomicJSONStorage,
        current: dict[str, dict[str, Any]],
        sums: TallySums | None,
    ) -> None:
        """Write new games: each archive shard once, the index once, games.json once
        (``sums`` as in :meth:`_add`, or None to add the tallies up here).

        The shards are read one by one, then written by :data:`SHARD_WRITERS`
        threads at once: each write waits mostly for its fsync, and the disk
        takes many together. The archive folder is fsynced once, after the
        last shard is renamed into place (the journal undoes an import whose
        renames a crash lost). The index is brought up to date and written
        while they wait (its work needs the processor, theirs the disk); the
        journal in import.json undoes both if either fails or is cut short.
        """
        by_shard: dict[str, list[dict[str, Any]]] = {}
        archived = []
        for doc, tally in new:
            if is_ended(doc):
                by_shard.setdefault(shard_name(doc["id"]), []).append(doc)
                archived.append((kept_summary(summarize(doc)), tally if tally is not None else freeze_tally(tally_of(doc))))
        if sums is None:
            sums = TallySums.of((summary["game"], tally) for summary, tally in archived)
        shards = []
        self._remove_archive_temps()
        for name, group in sorted(by_shard.items()):
            shard, docs = self._shard(name, checked=False, remove_temps=False)
            docs.update((doc["id"], doc) for doc in group)
            shards.append((shard, list(docs.values())))
        with concurrent.futures.ThreadPoolExecutor(SHARD_WRITERS) as writers:
            written = [writers.submit(self._write_table, shard, docs, sync_folder=False) for shard, docs in shards]
            if archived:
                self._add_to_history(archived, sums)
            for done in written:
                done.result()
        if shards:
            fsync_folder(self._archive_dir)
        in_progress = [doc for doc, _tally in new if not is_ended(doc)]
        if in_progress:
            current.update((doc["id"], doc) for doc in in_progress)
            self._write_table(storage, current.values())
