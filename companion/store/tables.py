"""The ``games`` table of the store's files, read and written whole.

:class:`GamesInProgress` is the part of a Store that owns ``games.json``
(the games in progress, an unreadable file set aside and started afresh);
:func:`write_games` writes the ``games`` table of it or of an archive shard;
:func:`is_ended` tells which games belong in the archive instead, and
:func:`tally_of` replays a saved game for its statistics tally.
"""

from __future__ import annotations

import json

from collections.abc import Iterable
from typing import Any, NamedTuple

from companion import rules_core
from companion.document import load_doc
from companion.errors import StoreError
from companion.i18n import lazy
from companion.stats import TallySums, freeze_tally, game_tally
from companion.store.damage import Damage
from companion.store.files import AtomicJSONStorage


class GameText(NamedTuple):
    """A checked game document that belongs in the archive, kept as its JSON text instead of
    the document (an import lets each parsed document go once it is checked, see
    ``companion.store.backup``): ``summary`` is the one the index keeps
    (``index.kept_summary`` of ``companion.document.summarize``) and ``text`` the
    document's JSON text (``files.json_text``), put into its archive shard as it is."""

    summary: dict[str, Any]
    text: bytes


def outline(game: dict[str, Any] | GameText) -> dict[str, Any]:
    """What the store reads of a game it is about to write (``id``, ``game``, ``finished``,
    ``ended_early``): the document itself, or a :class:`GameText`'s summary."""
    return game.summary if type(game) is GameText else game


def is_ended(doc: dict[str, Any]) -> bool:
    """True for a game document that belongs in the archive: finished, or ended early."""
    return doc["finished"] or doc["ended_early"]


def tally_of(doc: dict[str, Any]) -> dict[str, Any]:
    """The statistics tally (``companion.stats.game_tally``) of a saved game document,
    replaying it through its pad; ``{}`` (the game left out of the statistics) when it does
    not replay."""
    try:
        return game_tally(rules_core.pad_from_doc(doc))
    except rules_core.PadError:
        return {}


def games_table(docs: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """The content of a file of games (games.json or an archive shard): its ``games`` table, one
    line per document (or its JSON text), numbered from 1 in the given order."""
    return {"games": {str(n): doc for n, doc in enumerate(docs, start=1)}}


def write_games(storage: AtomicJSONStorage, docs: Iterable[dict[str, Any]], *, sync_folder: bool = True) -> None:
    """Write a file's ``games`` table whole (:func:`games_table`): each document a checked
    document of the current schema. ``sync_folder`` as in ``AtomicJSONStorage.write``."""
    storage.write(games_table(docs), sync_folder=sync_folder)


class GamesInProgress:
    """The part of a :class:`companion.store.Store` that owns ``games.json``, the games in
    progress (neither finished nor ended early). Its methods run under the folder lock the
    Store holds; an unreadable file is set aside by ``damage`` and started afresh."""

    def __init__(self, damage: Damage) -> None:
        self.damage = damage
        self.place = damage.place
        self.path = self.place.games_path

    def read(self) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]:
        """games.json's storage and its games by id (a new dict; the documents are shared
        with the folder's cache: read them, never change them); an unreadable file is set
        aside and started afresh.

        The games of the version last read or written in this process are kept
        (``Folder.games``, a :class:`~companion.store.files.KeptVersion`): while
        that version is the file on disk, they are not read or checked again.
        A file that was kept and is gone is told once in ``notices`` (it held
        games in progress).
        """
        kept_games = self.place.folder.games
        storage = self.place.storage(self.path)
        kept = kept_games.look(self.path)
        if kept is not None:
            storage.assume_read(kept[0])
            return storage, dict(kept[1])
        try:
            data = storage.read()
            if data is None and kept_games.held():
                kept_games.drop()
                self.place.notices.append(lazy(
                    "Companion's file of the games in progress, {path}, was removed while Companion ran. "
                    "The games in progress it held can not be shown; finished games are not affected. "
                    "If the file was moved, put it back, or import a backup in History.", path=self.path))
            raw = (data or {}).get("games", {})
            kinds = rules_core.doc_games()
            games = {doc["id"]: doc for doc in (load_doc(dict(row), kinds) for row in raw.values())}
        except StoreError as error:
            kept_games.drop()
            self.damage.set_aside(
                error, self.path,
                lazy("It held the games in progress, which could not be read from it; a fresh file was "
                     "started. Finished games are not affected."),
            )
            return self.place.storage(self.path), {}
        kept_games.keep(self.path, storage.version, games)
        return storage, dict(games)

    def ids_now(self) -> frozenset[str]:
        """The ids of the games games.json holds now, read without the folder lock and kept
        nowhere (none when it can not be read): what work done before the lock takes as the
        games in progress, to be checked under it."""
        try:
            rows = (AtomicJSONStorage(self.path, access_mode="r").read() or {}).get("games", {})
            return frozenset(row["id"] for row in rows.values() if isinstance(row.get("id"), str))
        except (StoreError, OSError, AttributeError):
            return frozenset()

    def write(self, storage: AtomicJSONStorage, games: dict[str, dict[str, Any]]) -> None:
        """Write games.json whole (``games`` by id, in order) and keep what was written as its
        latest version (see :meth:`read`)."""
        write_games(storage, games.values())
        self.place.folder.games.keep(self.path, storage.version, dict(games))

    def add_tallies(self, sums: TallySums) -> None:
        """Add the statistics tally of each game in progress to ``sums``: each replayed once,
        then kept (``Folder.live_tallies``, by its saved text) until it changes (caller holds the
        lock)."""
        cache = self.place.folder.live_tallies
        current = self.read()[1]
        for game_id in list(cache):
            if game_id not in current:
                del cache[game_id]
        for game_id, doc in current.items():
            text = json.dumps(doc, sort_keys=True)
            if game_id not in cache or cache[game_id][0] != text:
                cache[game_id] = (text, freeze_tally(tally_of(doc)))
            sums.add(doc["game"], cache[game_id][1])

    def write_empty(self) -> None:
        """Give the folder an empty games.json (caller holds the lock for writing)."""
        self.write(self.place.storage(self.path), {})
