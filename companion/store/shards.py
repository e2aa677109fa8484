"""The archive's shard files: ``archive/<xx>.json``, each one ``games`` table of finished games.

:class:`ShardFiles` is the part of a Store that reads a shard (an unreadable
one set aside with a notice naming the games it held), tells which shards
hold games without reading them, and removes the temp files that killed
writes left in the archive folder. Which shard holds a game is
:func:`companion.store.index.shard_name`; the archive as the screens see it
(shards and history index in step) is :mod:`~companion.store.archive`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from companion import rules_core
from companion.document import load_doc
from companion.errors import CorruptFileError, StoreError
from companion.i18n import lazy
from companion.store.damage import Damage
from companion.store.files import AtomicJSONStorage, remove_stale_temps
from companion.store.index import EMPTY_SHARD_BYTES, SHARD_NAMES

Shard = tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]
"""One shard as read: its storage and its games by id."""


class ShardFiles:
    """The part of a :class:`companion.store.Store` that owns the archive's shard files
    (its methods run under the folder lock the Store holds)."""

    def __init__(self, damage: Damage) -> None:
        self.damage = damage
        self.place = damage.place
        self.folder = self.place.archive_dir

    def read(
        self, name: str, *, checked: bool = True, remove_temps: bool = True,
        listed: Callable[[], list[str]] | None = None,
    ) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]], list[str]]:
        """Shard ``name``'s storage, its games by id, and the games it lost: an unreadable shard
        is set aside and started afresh, the notice naming the games ``listed()`` gives (the
        games the history lists in it, asked only then), which are returned as lost (else []).

        Without ``checked`` (for a write that replaces or removes one game),
        the games are kept as stored, only their ids read: each is checked
        when it is read for itself. ``remove_temps`` False skips the look for
        temp files that killed writes of the shard left: the caller only
        reads, or has called :meth:`remove_temps` before opening many shards.
        """
        path = self.folder / name
        storage = self.place.storage(path, remove_temps=remove_temps)
        try:
            rows = (storage.read() or {}).get("games", {}).values()
            if checked:
                games = rules_core.doc_games()
                return storage, {doc["id"]: doc for doc in (load_doc(dict(row), games) for row in rows)}, []
            if not all(isinstance(row.get("id"), str) for row in rows):
                raise CorruptFileError(path, lazy("a game in it has no id"))
            return storage, {row["id"]: row for row in rows}, []
        except StoreError as error:
            lost = listed() if listed is not None else []
            held = lazy("It held these finished games, which no longer appear in the history: {games}. A fresh file "
                        "was started in its place.", games=self.damage.describe(lost)) if lost else lazy(
                "It held finished games that could not be listed. A fresh file was started in its place.")
            self.damage.set_aside(error, path, held)
            return self.place.storage(path), {}, lost

    def remove_temps(self) -> None:
        """Remove the temp files that killed writes left in the archive folder, all in one look
        (before many shards are opened to be written, each with ``remove_temps`` False)."""
        if not self.place.read_only:
            remove_stale_temps(self.folder, SHARD_NAMES)

    def held(self) -> set[str]:
        """The shard files that hold at least one game, by size, without reading them; an
        empty file (0 bytes, which the store never writes) is counted, as it is damage that may
        have held games: read, it is set aside."""
        try:
            entries = list(os.scandir(self.folder))
        except FileNotFoundError:
            return set()
        return {entry.name for entry in entries
                if entry.name in SHARD_NAMES and entry.is_file()
                and not 0 < entry.stat().st_size <= EMPTY_SHARD_BYTES}
