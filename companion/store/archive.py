"""The archive of finished games as the rest of the store sees it: shards and history index in step.

:class:`Archive` is the part of a Store that holds the archive's shard
files (:class:`~companion.store.shards.ShardFiles`) and its history index
(:class:`~companion.store.history.HistoryIndex`) together: a shard found
damaged drops its games from the index (so the list shows no game that can
not open), a game put in or dropped from the archive is put in or dropped
from the index in the order that keeps the list true. The moves of games
into and out of the archive, journaled, are :mod:`~companion.store.moves`.
"""

from __future__ import annotations

from typing import Any

from companion.document import order_key, summarize
from companion.store.history import HistoryIndex
from companion.store.index import shard_name
from companion.store.shards import Shard, ShardFiles
from companion.store.tables import write_games


class Archive:
    """The part of a :class:`companion.store.Store` that keeps the finished games: ``shards``
    and ``index`` in step (its methods run under the folder lock the Store holds)."""

    def __init__(self, shards: ShardFiles, index: HistoryIndex) -> None:
        self.shards = shards
        self.index = index
        self.place = shards.place

    def holds(self, game_id: str) -> bool:
        """Whether the history index lists game ``game_id`` (the archive holds it)."""
        return self.index.lists(game_id)

    def shard(self, name: str, *, checked: bool = True, remove_temps: bool = True) -> Shard:
        """One shard's storage and its games by id (see ``ShardFiles.read`` for ``checked`` and
        ``remove_temps``); when the shard is damaged, the games the index lists in it are named in
        the notice and dropped from the index, and it is started afresh."""
        index = self.index.current()

        def listed() -> list[str]:
            return sorted((gid for gid in index.by_id if shard_name(gid) == name),
                          key=lambda gid: order_key(index.by_id[gid]))

        storage, docs, lost = self.shards.read(name, checked=checked, remove_temps=remove_temps, listed=listed)
        if lost and not self.place.read_only:
            self.index.append([{"drop": gid} for gid in lost])
        return storage, docs

    def doc(self, game_id: str) -> dict[str, Any] | None:
        """The document of archived game ``game_id`` (checked, current schema), or None."""
        if not self.holds(game_id):
            return None
        return self.shard(shard_name(game_id))[1].get(game_id)

    def put(self, doc: dict[str, Any], tally: dict[str, Any]) -> None:
        """Add an archived game's summary and statistics tally to the history index."""
        self.index.append([{"put": {**summarize(doc), "tally": tally}}])

    def drop(self, game_id: str, shard: Shard | None = None) -> None:
        """Remove an archived game: summary first (so the list never shows a missing game), then the doc.

        ``shard`` is the game's shard as the caller just read it (it is then not read again).
        """
        self.index.append([{"drop": game_id}])
        storage, docs = shard if shard is not None else self.shard(shard_name(game_id), checked=False)
        if docs.pop(game_id, None) is not None:
            write_games(storage, docs.values())
