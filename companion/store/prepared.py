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
    """

    path: Path
    base: Signature | None
    ids: frozenset[str]
    fd: int
    temp: str

    def fits(self, ids: Iterable[str]) -> bool:
        """Whether this is still the shard's next version: the file is still the version it was
        built from, and ``ids`` (the games the import adds to it now) are the games it adds."""
        return self.ids == frozenset(ids) and signature(self.path) == self.base

    def commit(self) -> None:
        """Put it in place (a rename over the shard; the caller fsyncs the folder after all of
        them, under the import's journal) and let go of the temp file."""
        try:
            os.replace(self.temp, self.path)
        except BaseException:
            self.discard()
            raise
        fd, self.fd = self.fd, -1
        os.close(fd)

    def discard(self) -> None:
        """Let go of the temp file and remove it when it was not put in place."""
        if self.fd < 0:
            return
        fd, self.fd = self.fd, -1
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.temp)
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
                path = folder / name
                storage = AtomicJSONStorage(path, access_mode="r", **JSON_OPTIONS)
                try:
                    rows = (storage.read() or {}).get("games", {}).values()
                except (StoreError, OSError):
                    continue
                if not all(isinstance(row.get("id"), str) for row in rows):
                    continue
                docs = {row["id"]: row for row in rows}
                docs.update(group)
                payload = dump_json({"games": {str(n): doc for n, doc in enumerate(docs.values(), start=1)}},
                                    **JSON_OPTIONS)
                fd, temp = files.new_temp(folder, name)
                prepared[name] = PreparedShard(path, storage.version, frozenset(gid for gid, _doc in group), fd, temp)
                written.append(pool.submit(_write_synced, fd, payload))
            for done in written:
                done.result()
    except BaseException:
        for shard in prepared.values():
            shard.discard()
        raise
    return prepared


def _write_synced(fd: int, payload: bytes) -> None:
    """Write ``payload`` to the open file ``fd`` and fsync it."""
    write_all(fd, payload)
    os.fsync(fd)
