"""Damaged files: an unreadable file is set aside unchanged and the user told which games it held.

:class:`DamagedFiles` is the part of a Store that moves a file it can not
read to ``<name>.corrupt-<UTC timestamp>`` (never overwriting one) and adds
a plain-words notice naming the games the file held, from their summaries
in the history index where they are known.
"""

from __future__ import annotations

import datetime as dt
import itertools
import os
from collections.abc import Callable, Iterable
from typing import Any
from pathlib import Path

from babel.support import LazyProxy

from companion import rules_core
from companion.errors import CorruptFileError, StoreError
from companion.i18n import _, lazy, ngettext
from companion.store.files import JSON_OPTIONS, AtomicJSONStorage, KeptVersion, fsync_folder
from companion.store.folder import FolderState

NAMED_GAMES = 5
"""How many games a notice about a damaged file names before "and N more"."""

Described = tuple[tuple[str, str | None, tuple[str, ...], str], ...]
"""Some games as a notice names them: (game id, game title or None when the
history does not know the game, its players, the day it started "YYYY-MM-DD")."""


def describe_games(games: Described) -> str:
    """Plain words for some games, in the current language: "One Up with Ann and Ben (2026-01-01)"
    for each (a game the history does not know by its id: "game 0123"), joined by "; ", the games
    after the first :data:`NAMED_GAMES` counted as "2 more"."""
    described = [
        _("{game} with {players} ({date})").format(game=title, players=rules_core.join_names(list(players)), date=day)
        if title is not None else _("game {id}").format(id=game_id)
        for game_id, title, players, day in games[:NAMED_GAMES]
    ]
    if len(games) > NAMED_GAMES:
        more = len(games) - NAMED_GAMES
        described.append(ngettext("{count} more", "{count} more", more).format(count=more))
    return "; ".join(described)


def _without_stop(error: StoreError) -> str:
    """The message of ``error`` in the current language, without its full stop (a notice's sentence goes on)."""
    return str(error).rstrip(".")


class DamagedFiles(FolderState):
    """The part of a Store that sets unreadable files aside and writes the notices about them."""

    def _describe(self, game_ids: Iterable[str]) -> LazyProxy:
        """Some archived games in plain words (:func:`describe_games`), read in the language of
        whoever reads it, from their summaries in the history index as they are now."""
        history = self._folder.history
        games = []
        for game_id in game_ids:
            summary = history.by_id.get(game_id) if history else None
            if summary is None:
                games.append((game_id, None, (), ""))
            else:
                title = rules_core.game_title(summary["game"])
                games.append((game_id, title, tuple(summary["players"]), summary["created"][:10]))
        return LazyProxy(describe_games, tuple(games), enable_cache=False)

    def _set_aside(self, error: StoreError, path: Path, consequence: str | LazyProxy) -> None:
        """Move an unreadable file to ``<name>.corrupt-<timestamp>`` and tell the user.

        ``consequence`` says what it means for the games (best made with
        ``companion.i18n.lazy``). The notice added to ``notices`` is lazy
        (``companion.i18n.lazy``): each phone reads it in its own language. A
        file already gone (set aside a moment ago) is left alone. A read-only
        store can not move it: the notice says it was left as it is.
        """
        reason = error.reason if isinstance(error, CorruptFileError) else LazyProxy(
            _without_stop, error, enable_cache=False)
        if self.read_only:
            self.notices.append(lazy(
                "Companion could not read its file {path}: {reason}. It was left as it is "
                "(the data folder is read-only). {consequence}",
                path=path, reason=reason, consequence=consequence,
            ))
            return
        stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        for n in itertools.count(2):
            if not target.exists():
                break
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(path, target)
            fsync_folder(path.parent)
        except FileNotFoundError:
            return
        except OSError as move_error:
            raise StoreError(_(
                "Companion could not read its file {path} ({reason}) nor move it aside "
                "({cause}). Check the data folder's permissions."
            ).format(path=path, reason=reason, cause=move_error.strerror or move_error)) from move_error
        self.notices.append(lazy(
            "Companion could not read its file {path}: {reason}. The file was not changed; "
            "it was moved to {target}. {consequence}",
            path=path, reason=reason, target=target, consequence=consequence,
        ))

    def _side_table(
        self, name: str, table: str, consequence: str | LazyProxy, *,
        check: Callable[[Path, dict[str, Any]], dict[str, Any]] | None = None,
        kept: KeptVersion | None = None,
    ) -> tuple[AtomicJSONStorage, dict[str, Any]]:
        """A small file of the data folder that holds one table keyed by game
        id and no saved game (``drafts.json``, ``deleted.json``): its storage
        and the table's rows (a new dict; empty when the file is missing).

        ``check(path, rows)``, when given, returns the rows as the store
        keeps them or raises StoreError. An unreadable file, one that holds
        other tables than ``table`` (or none), or one that ``check`` refuses,
        is set aside with the notice ``consequence`` and started afresh. With ``kept``, the rows of the version last read or
        written in this process are kept there and not read again while that
        version is the file on disk (the caller then keeps what it writes).
        The caller holds the folder's lock.
        """
        path = self.data_dir / name
        mode = "r" if self.read_only else "r+"
        storage = AtomicJSONStorage(path, access_mode=mode, **JSON_OPTIONS)
        seen = kept.look(path) if kept is not None else None
        if seen is not None:
            storage.assume_read(seen[0])
            return storage, dict(seen[1])
        try:
            data = storage.read()
            if data is not None and set(data) != {table}:
                raise CorruptFileError(path, lazy("it is JSON but not the file Companion keeps under that name"))
            rows = dict((data or {}).get(table, {}))
            if check is not None:
                rows = check(path, rows)
        except StoreError as error:
            self._set_aside(error, path, consequence)
            return AtomicJSONStorage(path, access_mode=mode, **JSON_OPTIONS), {}
        if kept is not None:
            kept.keep(path, storage.version, rows)
        return storage, dict(rows)
