"""Rounds being entered hand by hand: one draft per game, kept in ``drafts.json``.

A draft is plain JSON that the screens build (its shape is
:mod:`companion.pads.hands`'); the store only keeps it, so that a round
half entered on several phones outlives a reload and a restart of the
server. ``drafts.json`` holds one TinyDB table, ``drafts``, keyed by game
id: each draft is a TinyDB document whose id is its game's, inserted,
replaced or removed through TinyDB's table
(:class:`~companion.store.sidetable.ByGameId`), which writes the file whole
and atomically (:class:`AtomicJSONStorage`) under the folder's lock, so two
phones entering their hands at once both get theirs in. An unreadable
``drafts.json`` is set aside with a notice, like any damaged file of the
store, and a fresh one is started: no saved game is in it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb.table import Document

from companion.document import is_int
from companion.errors import CorruptFileError, StoreError
from companion.i18n import _, lazy
from companion.store.damage import Damage
from companion.store.files import AtomicJSONStorage
from companion.store.guard import ChangeFailed
from companion.store.sidetable import SideTable, replacing

DRAFTS_FILE = "drafts.json"
"""The file of the drafts, in the data folder."""

DraftChange = Callable[[dict[str, Any] | None], dict[str, Any] | None]
"""``change(draft)``: the game's draft as saved (None: none) -> the new draft (None: drop it)."""


def checked_drafts(path: Path, rows: dict[str, Any]) -> dict[str, Any]:
    """The drafts of ``drafts.json`` (game id -> draft), unchanged, once each has the outline of
    a draft (``companion.pads.hands``): a ``round`` number, ``parts`` by player (text) each a JSON
    object, and, when present, ``by`` a JSON object and ``rounds`` a list.

    Raises CorruptFileError naming ``path`` for a draft of another outline."""
    for draft in rows.values():
        parts = draft.get("parts")
        if not (is_int(draft.get("round")) and isinstance(parts, dict)
                and all(isinstance(part, dict) for part in parts.values())
                and isinstance(draft.get("by", {}), dict) and isinstance(draft.get("rounds", []), list)):
            raise CorruptFileError(path, lazy("a round being entered hand by hand is damaged"))
    return rows


class Drafts:
    """The part of a :class:`companion.store.Store` that owns ``drafts.json``: the drafts of
    rounds entered hand by hand, by game id (the Store's ``get_draft``, ``update_draft``).
    Its methods run under the folder lock the Store holds."""

    def __init__(self, damage: Damage) -> None:
        self.file = SideTable(
            damage, DRAFTS_FILE, "drafts",
            lazy("It held the rounds being entered hand by hand, which were dropped: each player enters "
                 "their hand again. No saved game is affected."),
            check=checked_drafts,
        )

    def read(self) -> tuple[AtomicJSONStorage, dict[str, dict[str, Any]]]:
        """drafts.json's storage and its drafts by game id; an unreadable file
        is set aside (with a notice) and started afresh."""
        return self.file.read()

    def get(self, game_id: str) -> dict[str, Any] | None:
        """The draft of game ``game_id`` (a fresh copy), or None when it has none."""
        return copy.deepcopy(self.read()[1].get(game_id))

    def update(self, game_id: str, change: DraftChange) -> dict[str, Any] | None:
        """Replace the draft of game ``game_id`` by ``change(draft)`` (see ``Store.update_draft``;
        caller holds the lock for writing): returns the new draft, None when dropped.

        Raises StoreError when the draft is not a JSON object or not plain
        JSON; whatever ``change`` raises reaches the caller (as
        ``ChangeFailed``), and then nothing is saved.
        """
        storage, drafts = self.read()
        try:
            new = change(copy.deepcopy(drafts.get(game_id)))
        except Exception as error:
            raise ChangeFailed(error) from error
        if new is not None and not isinstance(new, dict):
            raise StoreError(_("A draft is a JSON object; got {kind}. Nothing was saved.").format(
                kind=type(new).__name__))
        table = self.file.table(storage)
        try:
            if new is None:
                if game_id not in drafts:
                    return None
                table.remove(doc_ids=[game_id])
            elif game_id in drafts:
                table.update(replacing(new), doc_ids=[game_id])
            else:
                table.insert(Document(new, doc_id=game_id))
        except TypeError as error:
            raise StoreError(_("A draft holds plain JSON only ({error}). Nothing was saved.").format(
                error=error)) from error
        return copy.deepcopy(new)
