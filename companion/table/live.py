"""Live games: who is told about a save, and one replay per change for all.

Terms:

- **game topic** (``game:<id>``): the pubsub topic on which a save of one
  game is announced; a session listens to it only while a screen showing
  that game (the score pad, the board) is on it.
- **games topic** (:data:`GAMES_TOPIC`): announced when the list of games
  changes (a game created, finished, reopened, deleted, restored, or games
  imported); the Play list and History listen to it.
- **line topic** (``line:<id>``): announced with the game topic when a
  change of the game itself is saved (not when a hand is entered): a list
  showing that game in progress (Play, History) listens to it, to redraw
  its rounds.
- **game cache** (:class:`GameCache`): one per store, process-wide; holds the
  latest pad of each game shown, keyed by game id with a version that grows
  with each announced change. A game is kept only while a screen shows it
  (:meth:`GameCache.watch`); the first screen to show it again reads it
  again, so a change made by another process on the same folder while no
  screen showed the game is never hidden. The session that saves puts the pad its save
  returned (``Store.update_game``); every other session showing the game
  renders that same pad, so a change is read and replayed at most once, not
  once per session. With the pad, the cache keeps the game's hand-by-hand
  draft (``Store.get_draft``), read once per change too
  (:meth:`GameCache.hands_changed` after a hand is entered). Pads in the cache are shared snapshots: screens read
  them and never change them (every change goes through
  ``companion.table.saving`` on the latest saved version). A game that can not
  be read is not kept: each session reads it again and gets the reason in
  its own language.

Changes made by another process on the same data folder while a screen
shows the game are not announced here: each time a screen draws the game,
the cache asks the store for the game's saved version stamp
(``Store.saved_stamp``: one ``stat`` of the games file, no lock, no read)
and reads the game again only when that differs from the version cached
(or is not known without a read: a finished game), so the screens show
such a change when they are next drawn, when the game is next changed
here, or when it is opened again.

Plain Python (no flet): the hooks that use it are in companion/ui/state.py.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.errors import StoreError
from companion.document import version_stamp
from companion.pads import Pad, PadError
from companion.registry import pad_from_doc

GAMES_TOPIC = "games"
"""Pubsub topic announcing that the list of games changed."""


def game_topic(game_id: str) -> str:
    """The pubsub topic of game ``game_id``: ``"game:<id>"``."""
    return f"game:{game_id}"


def line_topic(game_id: str) -> str:
    """The pubsub topic of game ``game_id``'s line in a list of games: ``"line:<id>"``."""
    return f"line:{game_id}"


@dataclass(frozen=True)
class Shown:
    """A game as a screen shows it now.

    Attributes:
        version: the cache's version of this game (grows with each change).
        pad: the latest pad (shared: read only), or None when there is none.
        problem: why there is no pad, in plain words: the store's or the
            pad's own refusal, in the language of the session that read it
            ("" when there is one or the game is simply not saved; the
            screens put their own title over it).
        stamp: the saved version shown (``companion.document.version_stamp``),
            None when there is no pad.
        draft: the game's hand-by-hand draft as saved (``Store.get_draft``;
            shared: read only), None when it has none, when its rounds are
            entered whole, or when the draft can not be read now.
    """

    version: int
    pad: Pad | None
    problem: str = ""
    stamp: tuple[Any, Any, Any] | None = None
    draft: dict[str, Any] | None = None

    @property
    def missing(self) -> bool:
        """True when no game has this id (deleted, or never saved here)."""
        return self.pad is None and not self.problem


class GameCache:
    """The latest pad of each game shown, for every session of one store.

    Thread-safe (a worker thread may announce). ``loads`` counts the games
    read from the store and replayed, ``reads`` the store reads of any kind
    (games and drafts), for tests and benches (``Store.saved_stamp``, which
    reads no file, is not counted).
    """

    def __init__(self, store: Any) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._shown: dict[str, Shown] = {}
        self._watchers: dict[str, int] = {}
        self._version = 0
        self.loads = 0
        self.reads = 0

    def get(self, game_id: str, fresh: bool = False) -> Shown:
        """The game ``game_id`` as saved now. A watched game whose saved
        version stamp (``Store.saved_stamp``, known without a read) is the
        one cached is returned as cached, unless ``fresh`` (a screen drawing
        the game for the first time, such as a phone that reloaded, reads
        the store); else the saved game is read and, when it is not the
        version cached (another process may have changed the data folder),
        replayed once (then cached with its draft). Never raises: a store or
        pad refusal is in ``Shown.problem`` (not cached: read again at each
        call, in the caller's language)."""
        with self._lock:
            shown = self._shown.get(game_id)
            if (not fresh and shown is not None and shown.pad is not None and self._watchers.get(game_id)
                    and self._store.saved_stamp(game_id) == shown.stamp):
                return shown
            self.reads += 1
            try:
                doc = self._store.get_game(game_id)
            except StoreError as error:
                doc, problem = None, str(error)
            else:
                problem = ""
            if shown is not None and not problem and (
                (shown.pad is not None and doc is not None and shown.stamp == version_stamp(doc))
                or (shown.pad is None and doc is None)
            ):
                return shown
            self.loads += 1
            self._version += 1
            shown = self._shown_of(game_id, doc, problem, self._version)
            if not shown.problem:
                self._shown[game_id] = shown
            return shown

    def watch(self, game_id: str) -> None:
        """A screen shows game ``game_id`` from now on: keep it cached."""
        with self._lock:
            self._watchers[game_id] = self._watchers.get(game_id, 0) + 1

    def unwatch(self, game_id: str) -> None:
        """A screen that showed game ``game_id`` left; the last one to leave
        drops it from the cache."""
        with self._lock:
            left = self._watchers.get(game_id, 0) - 1
            if left > 0:
                self._watchers[game_id] = left
                return
            self._watchers.pop(game_id, None)
            self._forget(game_id)

    def _forget(self, game_id: str) -> None:
        self._shown.pop(game_id, None)

    def _draft(self, game_id: str, pad: Pad) -> dict[str, Any] | None:
        """The draft of ``pad``'s game as saved now (None: none, a game
        entered whole, or a store refusal: no draft is shown then)."""
        if not pad.HAND_BY_HAND:
            return None
        self.reads += 1
        try:
            return self._store.get_draft(game_id)
        except StoreError:
            return None

    def _shown_of(self, game_id: str, doc: dict[str, Any] | None, problem: str, version: int) -> Shown:
        if doc is None:
            return Shown(version, None, problem)
        try:
            pad = pad_from_doc(doc)
        except PadError as error:
            return Shown(version, None, str(error))
        return Shown(version, pad, stamp=version_stamp(doc), draft=self._draft(game_id, pad))

    def put(self, game_id: str, pad: Pad | None) -> tuple[int, bool]:
        """Record a change of game ``game_id``: ``pad`` is the pad as saved
        (the cache keeps it as the shared snapshot, with the game's draft
        read again), or None to read the game again when next shown
        (deleted, restored, changed elsewhere).

        Returns ``(version, listed)``: the new version, and whether the
        change moves the game in or out of the list of games in progress
        (finished or reopened, per the cached pad before it).
        """
        with self._lock:
            before = self._shown.get(game_id)
            self._version += 1
            if pad is None or not self._watchers.get(game_id):
                self._forget(game_id)
            else:
                self._shown[game_id] = Shown(
                    self._version, pad, stamp=version_stamp(pad.to_doc()), draft=self._draft(game_id, pad)
                )
            was = before.pad.finished if before is not None and before.pad is not None else None
            now = pad.finished if pad is not None else None
            return self._version, was is not None and now is not None and was != now

    def hands_changed(self, game_id: str) -> int:
        """Record that game ``game_id``'s hand-by-hand draft changed (a hand
        entered or cleared): the cached pad stays, its draft is read again
        (the game itself is read when next shown if it is not cached).
        Returns the new version."""
        with self._lock:
            self._version += 1
            shown = self._shown.get(game_id)
            if shown is not None and shown.pad is not None and self._watchers.get(game_id):
                self._shown[game_id] = Shown(
                    self._version, shown.pad, stamp=shown.stamp, draft=self._draft(game_id, shown.pad)
                )
            else:
                self._forget(game_id)
            return self._version


_CACHES: weakref.WeakKeyDictionary[Any, GameCache] = weakref.WeakKeyDictionary()
_CACHES_LOCK = threading.Lock()


def game_cache(store: Any) -> GameCache:
    """The process-wide :class:`GameCache` of ``store`` (made at first use)."""
    with _CACHES_LOCK:
        cache = _CACHES.get(store)
        if cache is None:
            cache = _CACHES[store] = GameCache(store)
        return cache


class Listening:
    """The topics one session listens to, and what runs when one is announced.

    Takes the session's pubsub client (``subscribe_topic``,
    ``unsubscribe_topic``, ``unsubscribe_all``), ``schedule(callback)``
    that runs a no-argument callback on the session's own loop, and
    ``connected()`` telling whether the session has a live connection.
    A topic is subscribed while at least one listener wants it; a notice
    that arrives while the session is disconnected is dropped; after a
    reconnection (:meth:`reconnected`) every listener is called once, since
    notices were missed meanwhile.
    """

    def __init__(self, pubsub: Any, schedule: Callable[[Callable[[], None]], None],
                 connected: Callable[[], bool]) -> None:
        self._pubsub = pubsub
        self._schedule = schedule
        self._connected = connected
        self._listeners: dict[str, list[Callable[[], None]]] = {}

    @property
    def topics(self) -> list[str]:
        """The topics listened to now, sorted."""
        return sorted(self._listeners)

    def listen(self, topic: str, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` (on the session's loop) each time ``topic`` is
        announced by another session; returns the function that stops it."""
        listeners = self._listeners.setdefault(topic, [])
        if not listeners:
            self._pubsub.subscribe_topic(topic, self._on_notice)
        listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners.get(topic, []):
                self._listeners[topic].remove(listener)
                if not self._listeners[topic]:
                    del self._listeners[topic]
                    self._pubsub.unsubscribe_topic(topic)

        return stop

    def _on_notice(self, topic: str, _message: Any) -> None:
        if not self._connected():
            return
        for listener in list(self._listeners.get(topic, [])):
            self._schedule(listener)

    def disconnected(self) -> None:
        """The connection went: stop receiving notices (listeners are kept)."""
        self._pubsub.unsubscribe_all()

    def reconnected(self) -> None:
        """The connection is back: subscribe again and call every listener once."""
        for topic, listeners in self._listeners.items():
            self._pubsub.subscribe_topic(topic, self._on_notice)
            for listener in list(listeners):
                self._schedule(listener)
