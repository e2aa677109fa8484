"""Saving games where they belong, moves between files and imports: each journaled, so a crash
leaves it completed or undone.

:class:`Moves` is the Store's writer: it holds the folder lock
(:meth:`Moves.locked`, which first completes or undoes whatever the
journal, :class:`~companion.store.journal.Journal`, says a killed or failed
writer left unfinished), saves a game where it belongs (``games.json``,
:class:`~companion.store.tables.GamesInProgress`, or the archive,
:class:`~companion.store.archive.Archive`), records a move between the two
or out of the archive in ``move.json`` first, and many games added at once
(an import) in ``import.json`` first.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from companion import rules_core
from companion.document import load_doc, prepare_doc, summarize
from companion.errors import GameNotFoundError, StoreError
from companion.i18n import _
from companion.stats import FrozenTally, TallySums, freeze_tally, game_tally
from companion.store.archive import Archive
from companion.store.files import AtomicJSONStorage, JSONText, fsync_folder, paused_gc
from companion.store.guard import ChangeFailed
from companion.store.folder import Place, make_owner_only
from companion.store.history import PreparedIndex
from companion.store.index import digest, kept_summary, shard_name
from companion.store.journal import Journal
from companion.store.prepared import PreparedShard, prepare_shards
from companion.store.shards import Shard
from companion.store.tables import GameText, GamesInProgress, is_ended, outline, tally_of, write_games

SHARD_WRITERS = 16
"""Threads that write archive shards at once during an import (each mostly waits for the disk)."""


Groups = dict[str, list[tuple[str, dict[str, Any] | JSONText]]]
"""Finished games by the archive shard they go to: shard name -> (game id, document, or its JSON
text for a ``GameText``) pairs."""


def finished_games(
    games: list[tuple[dict[str, Any] | GameText, FrozenTally | None]]
) -> tuple[Groups, dict[str, tuple[dict[str, Any], FrozenTally]]]:
    """The finished games among ``games`` (as :meth:`Moves.add` takes them; games in progress go
    to games.json and are left out), in the two forms an import writes them in: by archive
    shard (:data:`Groups`, in the order given), and as the history index takes them, game id ->
    (summary as kept, see ``index.kept_summary``; frozen tally, made by replaying the game when
    none is given)."""
    groups: Groups = {}
    archived: dict[str, tuple[dict[str, Any], FrozenTally]] = {}
    for doc, tally in games:
        if type(doc) is GameText:
            game_id = doc.summary["id"]
            groups.setdefault(shard_name(game_id), []).append((game_id, JSONText(doc.text)))
            archived[game_id] = (doc.summary, tally)
        elif is_ended(doc):
            groups.setdefault(shard_name(doc["id"]), []).append((doc["id"], doc))
            archived[doc["id"]] = (kept_summary(summarize(doc)),
                                   tally if tally is not None else freeze_tally(tally_of(doc)))
    return groups, archived


class Prepared(NamedTuple):
    """What an import works out before the folder lock: the finished games among all it was given
    by archive shard (:func:`finished_games`), and the files built from them: archive shards by
    name (:func:`prepare_shards`) and the history index (``HistoryIndex.prepare_add``; None: none)."""

    groups: Groups
    shards: dict[str, PreparedShard]
    index: PreparedIndex | None


class Moves:
    """The part of a :class:`companion.store.Store` that holds the folder lock and writes games:
    ``games`` (games.json), ``archive`` (shards and index) and ``journal`` (move.json,
    import.json) are its collaborators."""

    def __init__(self, place: Place, games: GamesInProgress, archive: Archive, journal: Journal) -> None:
        self.place = place
        self.games = games
        self.archive = archive
        self.journal = journal

    @contextlib.contextmanager
    def locked(self, *, writing: bool = False) -> Iterator[None]:
        """Hold the folder lock; first finish or undo what a killed or failed writer left.

        When that can not be written now (a full disk), a read goes on with
        what the files hold, and a write (``writing``) raises: it waits until
        the unfinished change is settled. A read-only store takes only the
        lock of this process (it can not create the lock file, and it
        changes nothing).
        """
        if self.place.read_only:
            with self.place.folder.thread_lock:
                yield
            return
        with self.place.folder:
            try:
                self.finish_move()
                self.finish_import()
            except OSError:
                self.place.folder.history = None
                if writing:
                    raise
            yield

    def finish_move(self) -> None:
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
        entry = self.journal.move()
        if entry is None:
            return
        to, game_id, expected = entry["to"], entry["id"], entry["digest"]
        if to == "archive":
            shard, docs = self.archive.shard(shard_name(game_id), checked=False)
            doc = docs.get(game_id)
            written = doc is not None and digest(doc) == expected
            if entry.get("from_current") is True and game_id in self.games.read()[1]:
                if written:
                    del docs[game_id]
                    write_games(shard, docs.values())
            elif written:
                self.archive.put(doc, tally_of(doc))
        elif to == "current":
            doc = self.games.read()[1].get(game_id)
            if doc is not None and digest(doc) == expected:
                self.archive.drop(game_id)
        else:
            self.archive.drop(game_id)
        self.journal.end_move()

    def _settle(self) -> None:
        """After a write of a move failed: finish or undo the move now if the disk allows
        (else at the next operation), and forget the cached index, which may be ahead of
        the files."""
        self.place.folder.history = None
        with contextlib.suppress(OSError, StoreError):
            self.finish_move()

    def finish_import(self) -> None:
        """Undo an import that a killed writer left unfinished (import.json names its games)."""
        ids = self.journal.imported()
        if ids is None:
            return
        self._undo_import(ids)
        self.journal.end_import()

    def _undo_import(self, ids: list[str]) -> None:
        """Remove the games of an import cut short from every file it may have written."""
        doomed = set(ids)
        storage, current = self.games.read()
        if doomed & set(current):
            self.games.write(storage, {gid: doc for gid, doc in current.items() if gid not in doomed})
        listed = [gid for gid in ids if gid in self.archive.index.current().by_id]
        if listed:
            self.archive.index.append([{"drop": gid} for gid in listed])
        self.archive.shards.remove_temps()
        for name in sorted({shard_name(gid) for gid in ids}):
            storage, docs = self.archive.shards.read(name, checked=False, remove_temps=False)[:2]
            if doomed & set(docs):
                write_games(storage, (doc for gid, doc in docs.items() if gid not in doomed))

    def saved_of(self, game_ids: list[str]) -> set[str]:
        """Those of ``game_ids`` whose game is saved, in progress or archived,
        looking up the games in progress and the history index once (caller holds the lock)."""
        in_progress, archived = self.games.read()[1], self.archive.index.current().by_id
        return {game_id for game_id in game_ids if game_id in in_progress or game_id in archived}

    # -- reading the whole folder, a file at a time ----------------------------

    def iter_docs(self) -> Iterator[dict[str, Any]]:
        """Every saved game's full document (see ``Store.iter_games``): the games in progress,
        then the archive shard by shard, each file read under the lock, let go between files."""
        seen: set[str] = set()
        with self.locked():
            current = [rules_core.copy_json(doc) for doc in self.games.read()[1].values()]
            archived = set(self.archive.index.current().by_id)
        for doc in current:
            seen.add(doc["id"])
            yield doc
        for name in sorted({shard_name(gid) for gid in archived}):
            with self.locked():
                docs = self.archive.shard(name, remove_temps=False)[1]
            for game_id, doc in docs.items():
                if game_id in archived and game_id not in seen:
                    seen.add(game_id)
                    yield doc

    def check_archive(self) -> None:
        """Read the history index and every archive shard (see ``Store.check_files``), each file
        under the lock, and make each shard its owner's only (``folder.make_owner_only``)."""
        with self.locked():
            self.place.folder.history = None
            index = self.archive.index.current()
            names = sorted({shard_name(gid) for gid in index.by_id} | self.archive.shards.held())
            if not self.place.read_only:
                make_owner_only(self.place.archive_dir, names)
        for name in names:
            with self.locked():
                self.archive.shard(name, remove_temps=False)

    # -- writing --------------------------------------------------------------

    def get(self, game_id: str) -> dict[str, Any] | None:
        """A fresh copy of the document of game ``game_id``, or None (caller holds the lock)."""
        doc = self.games.read()[1].get(game_id)
        return rules_core.copy_json(doc) if doc is not None else self.archive.doc(game_id)

    def update(self, game_id: str, change: Callable[[rules_core.Pad], object], by: str | None) -> rules_core.Pad:
        """The transaction of ``Store.update_game`` (caller holds the lock for writing): reads the
        game once, replays its pad, sets ``pad.by``, calls ``change(pad)`` and saves the pad's
        document; returns the pad. Raises GameNotFoundError, StoreError, or ChangeFailed
        carrying what ``change`` raised (nothing is then saved)."""
        games = self.games.read()
        doc = games[1].get(game_id)
        shard = None
        if doc is None and self.archive.holds(game_id):
            shard = self.archive.shard(shard_name(game_id))
            doc = shard[1].get(game_id)
        if doc is None:
            raise GameNotFoundError(_("There is no saved game with id {id}; it may have been deleted.").format(
                id=game_id))
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
            self.save(prepare_doc(pad.to_doc(), rules_core.doc_games()), pad=pad, games=games, shard=shard)
        return pad

    def delete(self, game_id: str, before: Callable[[dict[str, Any]], None]) -> dict[str, Any] | None:
        """Delete game ``game_id``, in progress or archived, and return its document; None when
        no game has this id. ``before(doc)`` runs first, before anything is changed (caller holds
        the lock for writing)."""
        storage, current = self.games.read()
        doc = current.get(game_id)
        if doc is not None:
            before(doc)
            current.pop(game_id)
            self.games.write(storage, current)
            return rules_core.copy_json(doc)
        with paused_gc():
            return self.delete_archived(game_id, before)

    def restore(self, prepared: dict[str, Any]) -> None:
        """Save deleted game ``prepared`` again, unless it is saved unchanged (caller holds the lock
        for writing); StoreError when a different game with its id was saved since."""
        existing = self.get(prepared["id"])
        if existing == prepared:
            return
        if existing is not None:
            raise StoreError(_(
                "Game {id} was saved again after it was deleted; the deleted copy was not restored over it."
            ).format(id=prepared["id"]))
        self.save(prepared)

    def save(
        self,
        doc: dict[str, Any],
        *,
        pad: rules_core.Pad | None = None,
        games: tuple[AtomicJSONStorage, dict[str, dict[str, Any]]] | None = None,
        shard: Shard | None = None,
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
        archived = self.archive.holds(game_id)
        storage, current = games if games is not None else self.games.read()
        if not is_ended(doc):
            if archived:
                self.journal.begin_move("current", doc)
            try:
                current[game_id] = doc
                self.games.write(storage, current)
            except BaseException:
                if archived:
                    self._settle()
                raise
            if archived:
                self._after_commit(lambda: self.archive.drop(game_id, shard))
            return
        tally = game_tally(pad) if pad is not None else tally_of(doc)
        from_current = game_id in current
        self.journal.begin_move("archive", doc, from_current=from_current)
        try:
            if shard is None:
                shard = self.archive.shard(shard_name(game_id), checked=False)
            storage_of_shard, docs = shard
            docs[game_id] = doc
            write_games(storage_of_shard, docs.values())
            if from_current:
                del current[game_id]
                self.games.write(storage, current)
        except BaseException:
            self._settle()
            raise
        self._after_commit(lambda: self.archive.put(doc, tally))

    def delete_archived(
        self, game_id: str, before: Callable[[dict[str, Any]], None] | None = None
    ) -> dict[str, Any] | None:
        """Delete a finished game from the archive (caller holds the lock); returns its document, or None
        when the archive does not hold it. ``before(doc)``, when given, runs first, before anything is changed.

        The move is journaled (see :meth:`finish_move`). Its shard is read and
        rewritten without the game; the games it keeps are not checked again.
        The caller pauses the garbage collector (``files.paused_gc``) around
        this call: the parsed shard is then let go before the collector could
        scan it.
        """
        if not self.archive.holds(game_id):
            return None
        shard = self.archive.shard(shard_name(game_id), checked=False)
        if game_id not in shard[1]:
            return None
        doc = load_doc(dict(shard[1][game_id]), rules_core.doc_games())
        if before is not None:
            before(doc)
        self.journal.begin_move("delete", doc)
        self._after_commit(lambda: self.archive.drop(game_id, shard))
        return doc

    def _after_commit(self, rest: Callable[[], None]) -> None:
        """Do the steps of a move after its commit point, then forget the move.

        The change is saved once its commit point is written: if these steps
        fail (a full disk), the move is left recorded and completed at the
        next operation, and the caller is told the change was saved.
        """
        try:
            rest()
            self.journal.end_move()
        except OSError:
            self._settle()

    def add(
        self, games: list[tuple[dict[str, Any] | GameText, FrozenTally | None]], sums: TallySums | None = None
    ) -> int:
        """Add (document, frozen tally or None) pairs as one transaction journaled in import.json.
        A document may be given as its text (a ``tables.GameText`` of a finished game, with its tally).

        ``sums`` is the ``companion.stats.TallySums`` of the tallies of the
        finished games among them, when the caller has it (then every tally
        is given); it is used up.
        """
        self.archive.index.last_added = None
        repeated = [gid for gid, count in Counter(outline(doc)["id"] for doc, _tally in games).items() if count > 1]
        if repeated:
            raise StoreError(_("Game {id} appears more than once; nothing was added.").format(id=repeated[0]))
        groups, archived = finished_games(games)
        prepared, index = {}, None
        try:
            if not self.place.read_only:
                prepared = prepare_shards(self.place.archive_dir, groups, SHARD_WRITERS)
                index = self.archive.index.prepare_add(list(archived.values()), self.games.ids_now)
            return self._add_locked(games, sums, archived, Prepared(groups, prepared, index))
        finally:
            for shard in prepared.values():
                shard.discard()
            if index is not None:
                index.file.discard()

    def _add_locked(
        self, games: list[tuple[dict[str, Any] | GameText, FrozenTally | None]], sums: TallySums | None,
        archived: dict[str, tuple[dict[str, Any], FrozenTally]], prepared: Prepared,
    ) -> int:
        """:meth:`add` under the folder lock, with the summaries of the finished games
        (:func:`finished_games`) and the files built before it."""
        with self.locked(writing=True):
            self.place.check_writable()
            storage, current = self.games.read()
            listed = self.archive.index.listed_before(prepared.index)
            new = []
            for doc, tally in games:
                facts = outline(doc)
                if facts["id"] not in current and facts["id"] not in listed:
                    new.append((doc, tally))
                elif sums is not None and is_ended(facts):
                    sums.remove(facts["game"], tally)
            if not new:
                return 0
            ids = [outline(doc)["id"] for doc, _tally in new]
            if len(new) < len(games):
                adding = set(ids)
                prepared = prepared._replace(groups={
                    name: kept for name, group in prepared.groups.items()
                    if (kept := [pair for pair in group if pair[0] in adding])})
            self.journal.begin_import(ids)
            try:
                self._write_added(new, storage, current, sums, [archived[gid] for gid in ids if gid in archived],
                                  prepared)
            except BaseException:
                self.archive.index.last_added = None
                with contextlib.suppress(StoreError, OSError):
                    self._undo_import(ids)
                    self.journal.end_import()
                raise
            self.journal.end_import()
            return len(new)

    def _write_added(
        self,
        new: list[tuple[dict[str, Any] | GameText, FrozenTally | None]],
        storage: AtomicJSONStorage,
        current: dict[str, dict[str, Any]],
        sums: TallySums | None,
        archived: list[tuple[dict[str, Any], FrozenTally]],
        prepared: Prepared,
    ) -> None:
        """Write new games: each archive shard once, the index once, games.json once
        (``sums`` as in :meth:`add`, or None to add the tallies up here; ``archived``: the
        summaries of the finished games among them, as :func:`finished_games` gives them).

        The finished games go to the shards ``prepared.groups`` names (those of ``new``
        only). A file built before the lock (``prepared``) that still fits is renamed into place;
        the other shards are read one by one, then written by :data:`SHARD_WRITERS` threads
        at once: each write waits mostly for its fsync, and the disk takes many together.
        The archive folder is fsynced once, after the last shard is renamed into place (the
        journal undoes an import whose renames a crash lost). The index is brought up to
        date and written while they wait (its work needs the processor, theirs the disk);
        the journal in import.json undoes both if either fails or is cut short.
        """
        groups = prepared.groups
        if sums is None:
            sums = TallySums.of((summary["game"], tally) for summary, tally in archived)
        shards, ready = [], []
        self.archive.shards.remove_temps()
        for name, group in sorted(groups.items()):
            built = prepared.shards.get(name)
            if built is not None and built.fits(gid for gid, _doc in group):
                ready.append(built)
                continue
            shard, docs = self.archive.shard(name, checked=False, remove_temps=False)
            docs.update(group)
            shards.append((shard, list(docs.values())))
        with concurrent.futures.ThreadPoolExecutor(SHARD_WRITERS) as writers:
            written = [writers.submit(write_games, shard, docs, sync_folder=False) for shard, docs in shards]
            for built in ready:
                built.commit()
            if archived:
                self.archive.index.add_new(archived, sums, prepared.index)
            for done in written:
                done.result()
        if shards or ready:
            fsync_folder(self.place.archive_dir)
        in_progress = [doc for doc, _tally in new if not is_ended(outline(doc))]
        if in_progress:
            current.update((doc["id"], doc) for doc in in_progress)
            self.games.write(storage, current)
