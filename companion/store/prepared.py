"""Archive shards an import writes, built before the folder lock is taken and put in place under it.

An import of many games rewrites most of the archive's shards. Reading,
building and fsyncing them all under the folder lock made every save on
another phone wait for it (about a second for 10,000 games into 10,000:
``bench/store.py saves``). So :func:`prepare_shards` builds each shard's
next version before the lock is taken, from the version on disk then: a temp
file beside the shard, written and fsynced, held locked so that no cleaner
of stale temp files removes it (``files.new_temp``). Under the lock, the
import puts a prepared shard in place (:meth:`PreparedShard.commit`, a rename)
only when the shard is still the version it was built from and the import
still adds the same games to it (:meth:`PreparedShard.fits`); any other
shard it builds there, as before. The journal that undoes a cut-short
import covers both alike: the renames come after it is begun.
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

Signature = tuple[int, int, int, int, int]


@dataclass
class PreparedShard:
    """One shard's next version, written beside it and not yet in place.

    Attributes:
        path: the shard.
        base: the signature of the version it was built from (None: there was no file).
        ids: the games it adds to that version.
        fd: the temp file, open and locked until it is put in place or removed.
        temp: the temp file's path.
        held: the version it was built from, held open until then (-1: there was no file).
    """

    path: Path
    base: Signature | None
    ids: frozenset[str]
    fd: int
    temp: str
    held: int

    def fits(self, ids: Iterable[str]) -> bool:
        """Whether this is still the shard's next version: the file is still the version it was
        built from (held open since, so that its inode can not be another file's: see
        ``files.KeptVersion``), and ``ids`` (the games the import adds to it now) are the games
        it adds."""
        return self.ids == frozenset(ids) and signature(self.path) == self.base

    def commit(self) -> None:
        """Put it in place (a rename over the shard; the caller fsyncs the folder after all of
        them, under the import's journal) and let go of the temp file. Where an open file can
        not be renamed (no ``fcntl``: Windows), it is closed first."""
        try:
            if files.fcntl is None:
                self._close()
            os.replace(self.temp, self.path)
        except BaseException:
            self.discard()
            raise
        self._close()

    def discard(self) -> None:
        """Let go of the temp file and remove it when it was not put in place (a temp file
        that can not be removed now is left to the next cleaning of stale temps)."""
        if self.fd < 0 and self.held < 0:
            return
        if files.fcntl is None:
            self._close()
        with contextlib.suppress(OSError):
            os.unlink(self.temp)
        self._close()

    def _close(self) -> None:
        """Close the temp file and the shard's version held open, once."""
        for name in ("fd", "held"):
            fd = getattr(self, name)
            if fd >= 0:
                setattr(self, name, -1)
                os.close(fd)


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
                fd, temp = files.new_temp(folder, name)
                prepared[name] = PreparedShard(folder / name, base, ids, fd, temp, held)
                written.append(pool.submit(_write_synced, fd, payload))
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
    try:
        held = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        held = -1
    except OSError:
        return None
    docs = _games_of(path, held)
    added = [] if docs is None else [(game_id, doc) for game_id, doc in group if game_id not in docs]
    if docs is None or not added:
        if held >= 0:
            os.close(held)
        return None
    docs.update(added)
    payload = dump_json({"games": {str(n): doc for n, doc in enumerate(docs.values(), start=1)}}, **JSON_OPTIONS)
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
