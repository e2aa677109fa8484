"""Files an import writes, built before the folder lock is taken and put in place under it.

An import of many games rewrites most of the archive's shards and the
history index. Reading, building and fsyncing them all under the folder lock
made every save on another phone wait for it (about a second for 10,000
games into 10,000: ``bench/store.py saves``). So each file's next version is
built before the lock is taken, from the version on disk then: a temp file
beside it, written and fsynced, held locked so that no cleaner of stale temp
files removes it (``files.new_temp``), with the version it was built from
held open (:class:`PreparedFile`). :func:`prepare_shards` builds the shards;
``history.HistoryIndex.prepare_add`` the index. Under the lock, the import
puts a prepared file in place (:meth:`PreparedFile.commit`, a rename) only
when the file is still the version it was built from and the import still
adds the same games to it (:meth:`PreparedShard.fits`); any other it builds
there, as before. The journal that undoes a cut-short import covers both
alike: the renames come after it is begun.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import StoreError
from companion.store import files
from companion.store.files import JSON_OPTIONS, AtomicJSONStorage, JSONText, dump_json, signature, write_all
from companion.store.index import History, IndexState, PackedTally
from companion.store.tables import games_table

Signature = tuple[int, int, int, int, int]


@dataclass
class PreparedFile:
    """A file's next version, written and fsynced beside it and not yet in place.

    Attributes:
        path: the file.
        base: the signature of the version it was built from (None: there was no file).
        fd: the temp file, open and locked until it is put in place or removed.
        temp: the temp file's path.
        held: the version it was built from (-1: there was no file), held open until
            :meth:`discard`, so that its inode can not be another file's while it is compared
            with the file on disk (see ``files.KeptVersion``).
        committed: whether :meth:`commit` put it in place.
    """

    path: Path
    base: Signature | None
    fd: int
    temp: str
    held: int
    committed: bool = False

    @classmethod
    def begun(cls, path: Path, base: Signature | None, held: int, **fields: Any) -> PreparedFile:
        """A new one for ``path`` (with ``fields`` of a subclass), its temp file made and locked
        (``files.new_temp``), not yet written; ``held`` (see the attributes) is closed when the
        temp file can not be made (OSError: a full disk)."""
        try:
            fd, temp = files.new_temp(path.parent, path.name)
        except BaseException:
            if held >= 0:
                os.close(held)
            raise
        return cls(path, base, fd, temp, held, **fields)

    def still_base(self) -> bool:
        """Whether the file on disk is still the version this was built from."""
        return signature(self.path) == self.base

    def commit(self) -> None:
        """Put it in place (a rename over the file; the caller fsyncs the folder, under a
        journal that undoes what a lost rename leaves) and close the temp file. The version it
        replaced stays open until :meth:`discard`: closing the last hold on a replaced file
        frees its blocks (about 0.1 ms a shard), which an import does after it lets go of the
        folder lock. Where an open file can not be renamed (no ``fcntl``: Windows), both are
        closed first."""
        try:
            if files.fcntl is None:
                self._close("fd", "held")
            os.replace(self.temp, self.path)
        except BaseException:
            self.discard()
            raise
        self.committed = True
        self._close("fd")

    def discard(self) -> None:
        """Let go of the files: the temp file is removed when it was not put in place (one that
        can not be removed now is left to the next cleaning of stale temps), and the version
        it was built from is closed."""
        if not self.committed and (self.fd >= 0 or self.held >= 0):
            if files.fcntl is None:
                self._close("fd", "held")
            with contextlib.suppress(OSError):
                os.unlink(self.temp)
        self._close("fd", "held")

    def _close(self, *names: str) -> None:
        """Close these of the open files (``fd``, ``held``), each once."""
        for name in names:
            fd = getattr(self, name)
            if fd >= 0:
                setattr(self, name, -1)
                os.close(fd)


def held_version(path: Path) -> int | None:
    """The version of ``path`` on disk now, opened to be held while its next version is built
    (an fd; -1: there is no file); None when it can not be opened."""
    try:
        return os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return -1
    except OSError:
        return None


def prepared_file(path: Path, base: Signature | None, held: int, payload: bytes) -> PreparedFile:
    """``payload`` written and fsynced to a locked temp file beside ``path`` (``files.new_temp``),
    as the next version of the file whose version ``base`` is held open at ``held`` (-1: none);
    the temp file is removed and ``held`` closed when the write fails (OSError: a full disk)."""
    prepared = PreparedFile.begun(path, base, held)
    try:
        _write_synced(prepared.fd, payload)
    except BaseException:
        prepared.discard()
        raise
    return prepared


@dataclass
class PreparedShard(PreparedFile):
    """One archive shard's next version (a :class:`PreparedFile`); ``ids`` are the games it adds
    to the version it was built from."""

    ids: frozenset[str] = frozenset()

    def fits(self, ids: Iterable[str]) -> bool:
        """Whether this is still the shard's next version: the file is still the version it was
        built from, and ``ids`` (the games the import adds to it now) are the games it adds."""
        return self.ids == frozenset(ids) and self.still_base()


def prepare_shards(
    folder: Path, groups: dict[str, list[tuple[str, dict[str, Any] | JSONText]]], writers: int
) -> dict[str, PreparedShard]:
    """Build the next version of each shard in ``groups`` (shard name -> (game id, document or its
    JSON text) pairs to add) in the archive ``folder``, without the folder lock: each shard as it
    is on disk now with those games added, written as ``tables.write_games`` writes it, by
    ``writers`` threads at once (each mostly waits for its fsync). A shard that can not be read
    now (damaged, or its games without ids) is left out: the import builds it under the lock,
    where damage is set aside. Returns the prepared shards by name; the caller commits or
    discards each. Raises OSError when a temp file can not be written (a full disk), having
    removed those it made."""
    prepared: dict[str, PreparedShard] = {}
    try:
        with concurrent.futures.ThreadPoolExecutor(writers) as pool:
            written = []
            for name, group in sorted(groups.items()):
                built = _built(folder / name, group)
                if built is None:
                    continue
                base, held, payload, ids = built
                shard = prepared[name] = PreparedShard.begun(folder / name, base, held, ids=ids)
                written.append(pool.submit(_write_synced, shard.fd, payload))
            for done in written:
                done.result()
    except BaseException:
        for shard in prepared.values():
            shard.discard()
        raise
    return prepared


def _built(
    path: Path, group: list[tuple[str, dict[str, Any] | JSONText]]
) -> tuple[Signature | None, int, bytes, frozenset[str]] | None:
    """The shard at ``path`` as it is now with the games of ``group`` it does not hold yet added
    (a game it holds is saved already: the import keeps that copy): (the signature of the version
    read, that version held open (-1: no file), the new file's bytes, the ids added). None when
    the shard holds every game of the group already, can not be read now, or changed while it
    was read."""
    held = held_version(path)
    if held is None:
        return None
    docs = _games_of(path, held)
    added = [] if docs is None else [(game_id, doc) for game_id, doc in group if game_id not in docs]
    if docs is None or not added:
        if held >= 0:
            os.close(held)
        return None
    docs.update(added)
    payload = dump_json(games_table(docs.values()), **JSON_OPTIONS)
    return (files.fd_signature(held) if held >= 0 else None), held, payload, frozenset(gid for gid, _doc in added)


def _games_of(path: Path, held: int) -> dict[str, dict[str, Any]] | None:
    """The games by id of the shard at ``path`` when it is still the version open at ``held``
    (-1: no file), else None (it changed, or it can not be read: damaged, a game without id)."""
    storage = AtomicJSONStorage(path, access_mode="r", **JSON_OPTIONS)
    try:
        rows = (storage.read() or {}).get("games", {}).values()
    except (StoreError, OSError):
        return None
    if storage.version != (files.fd_signature(held) if held >= 0 else None):
        return None
    if not all(isinstance(row.get("id"), str) for row in rows):
        return None
    return {row["id"]: row for row in rows}


def _write_synced(fd: int, payload: bytes) -> None:
    """Write ``payload`` to the open file ``fd`` and fsync it."""
    write_all(fd, payload)
    os.fsync(fd)


@dataclass
class PreparedIndex:
    """history.json as an import will leave it, built before the folder lock
    (``history.HistoryIndex.prepare_add``).

    Attributes:
        file: the new history.json, written beside it (a :class:`PreparedFile`).
        before: the :data:`~companion.store.index.IndexState` of the files it was built from.
        listed: the ids of the games those files list.
        index: the index with the import's games added (its signature and history.log's state
            stay those of the files it was built from until it is put in place).
        games: the games it adds, as ``index.AddedSummaries`` takes them.
        replaced: once it is put in place, the index the folder cached until then, held here
            so that it is freed (about 20 ms for 10,000 games) after the import lets go of the
            folder lock, with this.
    """

    file: PreparedFile
    before: IndexState
    listed: frozenset[str]
    index: History
    games: list[tuple[dict[str, Any], PackedTally]]
    replaced: History | None = None

    @property
    def added(self) -> frozenset[str]:
        """The ids of the games it adds."""
        return frozenset(summary["id"] for summary, _tally in self.games)
