"""Damaged files: an unreadable file is set aside unchanged and the user told which games it held.

:class:`Damage` is the collaborator every part of a Store calls when it can
not read its file: it moves the file to ``<name>.corrupt-<UTC timestamp>``
(never overwriting one) and adds a plain-words notice naming the games the
file held, from their summaries in the history index where they are known.
"""

from __future__ import annotations

import datetime as dt
import itertools
import os
from collections.abc import Iterable
from pathlib import Path

from babel.support import LazyProxy

from companion import rules_core
from companion.errors import CorruptFileError, StoreError
from companion.i18n import _, lazy, ngettext
from companion.store.files import fsync_folder
from companion.store.folder import Place

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


class Damage:
    """Sets the unreadable files of one Store's folder (a :class:`~companion.store.folder.Place`) aside
    and writes the notices about them, for every part of the store."""

    def __init__(self, place: Place) -> None:
        self.place = place

    def describe(self, game_ids: Iterable[str]) -> LazyProxy:
        """Some archived games in plain words (:func:`describe_games`), read in the language of
        whoever reads it, from their summaries in the history index as they are now."""
        history = self.place.folder.history
        games = []
        for game_id in game_ids:
            summary = history.by_id.get(game_id) if history else None
            if summary is None:
                games.append((game_id, None, (), ""))
            else:
                title = rules_core.game_title(summary["game"])
                games.append((game_id, title, tuple(summary["players"]), summary["created"][:10]))
        return LazyProxy(describe_games, tuple(games), enable_cache=False)

    def set_aside(self, error: StoreError, path: Path, consequence: str | LazyProxy) -> None:
        """Move an unreadable file to ``<name>.corrupt-<timestamp>`` and tell the user.

        ``consequence`` says what it means for the games (best made with
        ``companion.i18n.lazy``). The notice added to ``notices`` is lazy
        (``companion.i18n.lazy``): each phone reads it in its own language. A
        file already gone (set aside a moment ago) is left alone. A read-only
        store can not move it: the notice says it was left as it is.
        """
        reason = error.reason if isinstance(error, CorruptFileError) else LazyProxy(
            _without_stop, error, enable_cache=False)
        if self.place.read_only:
            self.place.notices.append(lazy(
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
        self.place.notices.append(lazy(
            "Companion could not read its file {path}: {reason}. The file was not changed; "
            "it was moved to {target}. {consequence}",
            path=path, reason=reason, target=target, consequence=consequence,
        ))
