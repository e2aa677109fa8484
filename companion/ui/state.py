"""What the screens share: the store (one per process) and the session state.

Every browser session (a tab, a phone) has its own ``SessionState``; the
``Store`` is shared by all of them. Screens reach both through the hooks
``use_store()`` and ``use_session()`` instead of module-level globals.
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from collections import deque
from dataclasses import dataclass, field
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.pads import Pad
from companion.pads.table import is_hidden
from companion.errors import StoreError
from companion.table.live import GAMES_TOPIC, Shown, game_topic, line_topic
from companion.table.phones import unnamed_phone_label


@ft.observable
@dataclass
class SessionState:
    """Screen state of one browser session.

    ``revision`` grows by one after every change this session (or, through
    the page's pubsub, another session) made to the saved games: screens that
    read the store re-read it when it moves. ``message`` is a short line shown
    in the message bar above the navigation bar (empty: none), ``message_id``
    counts the messages told, ``undo`` is the handler of the message's
    "Undo" button (None: no button), ``message_stays`` True for a message
    that stays until replaced or dismissed (it does not time out) and
    ``message_screen`` the path of the
    screen the message belongs to; ``screen`` is the path shown now (kept by
    the app shell through :meth:`entered`). ``notices_dismissed`` counts the
    store's notices this phone dismissed (the first ones: the store only
    adds to its list); the banner shows those after them. ``wakelock`` holds
    this session's Flet Wakelock service (kept referenced here so it stays
    registered). ``new_game_draft`` keeps
    the New game screen's draft (game, players, options) while the setup
    guide it opened is shown, so the names typed are still there on return.
    ``phone`` is this phone's label, recorded with every change it saves and
    named in other phones' messages ("Ann's phone", written in the language
    the phone had when it was named); ``prefs`` holds the
    Flet SharedPreferences service that keeps the label on the phone.
    ``pad_game_id`` is the saved game whose score pad this session showed
    last (empty: none yet); the Check tab follows it. ``own_changes`` maps
    a game's id to the number of the newest change this session saved to it
    (``Pad.latest_change_id``; see :func:`announce_saved`), so a screen can
    tell this phone's changes from other phones'.
    ``listening`` is this session's ``companion.table.live.Listening``: the
    game topics its screens listen to (see :func:`use_game`); ``games`` the
    store's ``companion.table.live.GameCache`` shared by every session.
    """

    revision: int = 0
    message: str = ""
    message_id: int = 0
    undo: Any = field(default=None, repr=False)
    message_stays: bool = False
    message_screen: str = ""
    screen: str = ""
    notices_dismissed: int = 0
    wakelock: Any = field(default=None, repr=False)
    new_game_draft: Any = field(default=None, repr=False)
    phone: str = ""
    prefs: Any = field(default=None, repr=False)
    pad_game_id: str = ""
    own_changes: dict[str, int] = field(default_factory=dict, repr=False)
    listening: Any = field(default=None, repr=False)
    games: Any = field(default=None, repr=False)

    def saved(self) -> None:
        """Mark that the saved games changed: screens reading them refresh."""
        self.revision += 1

    def tell(self, text: str, undo: Callable[[], None] | None = None, *, screen: str | None = None,
             stays: bool = False) -> None:
        """Show ``text`` in the message bar at the bottom of the screen, with an
        "Undo" button calling ``undo`` when one is given; with ``stays``, until
        it is replaced or dismissed (work still going on), else for a few seconds.

        The message belongs to ``screen`` (a path such as ``/history``; by
        default the screen shown now): it is dropped when another screen is
        entered, so its Undo never acts from a screen it does not name. Pass
        the destination when the caller navigates right after telling.
        """
        self.undo = undo
        self.message = text
        self.message_stays = stays
        self.message_screen = self.screen if screen is None else screen
        self.message_id += 1

    def dismissed(self, message_id: int) -> None:
        """Message ``message_id`` was closed or timed out (a newer message stays)."""
        if message_id == self.message_id:
            self.undo = None
            self.message = ""

    def showed_pad(self, game_id: str) -> None:
        """The score pad of saved game ``game_id`` is shown now (the Check tab follows it)."""
        if self.pad_game_id != game_id:
            self.pad_game_id = game_id

    def entered(self, path: str) -> None:
        """The screen at ``path`` is shown now: a message of another screen is dropped."""
        self.screen = path
        if self.message and self.message_screen != path:
            self.dismissed(self.message_id)


StoreContext = ft.create_context(None)
SessionContext = ft.create_context(None)


def use_store():
    """The process's ``companion.store.Store`` (call inside a component)."""
    return ft.use_context(StoreContext)


@dataclass(frozen=True)
class HeldSession:
    """This session's ``SessionState`` as handed down the component tree
    (``SessionContext``'s value): not observable itself, so a component
    that reads it is not redrawn by every change of the session, only by
    the changes it names (:func:`use_session`)."""

    state: SessionState


def use_session(watch: Sequence[str] | None = None) -> SessionState:
    """This browser session's ``SessionState`` (call inside a component).

    ``watch`` names the ``SessionState`` fields the calling component
    shows (``("phone",)``); it re-renders when one of them changes. None
    (the default): it re-renders on every change of the session; ``()``:
    on none (it only calls the session's methods or reads its services).
    """
    session = ft.use_context(SessionContext).state
    watched = None if watch is None else frozenset(watch)
    _changes, set_changes = ft.use_state(0)
    listener = ft.use_ref(None)

    def changed(_sender: SessionState, name: str | None) -> None:
        if watched is None or name is None or name in watched:
            set_changes(lambda count: count + 1)

    if watched != frozenset() and listener.current is None:
        # The session keeps its listeners weakly: the ref keeps this one.
        listener.current = (changed, session.subscribe(changed))

    def stop() -> None:
        if listener.current is not None:
            listener.current[1]()
            listener.current = None

    ft.use_effect(lambda: None, [], cleanup=stop)
    return session


def use_keep_awake() -> None:
    """Keep this device's screen on while the calling component is shown (a
    pad at the table, the board): the session's Wakelock is enabled when the
    component first shows and disabled when it goes. A browser that refuses
    (or does not answer) leaves the screen to its own timeout."""
    session = use_session(watch=())

    async def keep_awake():
        try:
            await session.wakelock.enable()
        except (RuntimeError, TimeoutError):
            pass

    async def let_sleep():
        try:
            await session.wakelock.disable()
        except (RuntimeError, TimeoutError):
            pass

    ft.use_effect(keep_awake, [], cleanup=let_sleep)


def navigate(route: str) -> None:
    """Go to ``route`` (a path such as ``/pad/<id>``) in this session."""
    ft.context.page.navigate(route)


def _use_topic(session: SessionState, topic: str, listener: Callable[[], None],
               game_id: str | None = None) -> None:
    """While the calling component is mounted, call ``listener()`` when
    another session announces ``topic`` (through ``session.listening``);
    with ``game_id``, also keep that game in the shared cache meanwhile."""
    stop = ft.use_ref(None)

    def start() -> None:
        if game_id is None:
            stop.current = session.listening.listen(topic, listener)
            return
        session.games.watch(game_id)
        quiet = session.listening.listen(topic, listener)

        def leave() -> None:
            quiet()
            session.games.unwatch(game_id)

        stop.current = leave

    def end() -> None:
        if stop.current is not None:
            stop.current()
            stop.current = None

    ft.use_effect(start, [topic], cleanup=end)


def use_game(game_id: str) -> Shown:
    """The game ``game_id`` as saved now, for a screen that shows it (the
    score pad, the board); call inside a component.

    Returns a ``companion.table.live.Shown``: the latest pad (shared with every
    session: read it, never change it), or why there is none. While the
    calling component is mounted, its session listens to the game's topic
    and the component re-renders when another session announces a change
    of this game (:func:`announce_saved`); it stops listening when the
    component leaves the screen or the session disconnects. The game is
    read and replayed once per change for all sessions together; its first
    drawing reads the saved version, so a reload shows a change another
    process made. The component also re-renders when this session saved
    something (``SessionState.revision`` moved).
    """
    session = use_session(watch=("revision",))
    _version, set_version = ft.use_state(0)
    drawn = ft.use_ref(False)
    _use_topic(session, game_topic(game_id), lambda: set_version(session.games.get(game_id).version), game_id)
    shown = session.games.get(game_id, fresh=not drawn.current)
    drawn.current = True
    return shown


def use_latest(handler: Callable[..., Any]) -> Callable[..., Any]:
    """A function that stays the same object from one render of the
    calling component to the next and calls the ``handler`` given at the
    latest render (with the same arguments); call inside a component.

    Handed to a memoised component (``ft.memo``) in place of a handler made
    anew at each render, it lets that component be skipped while its other
    arguments are equal. It takes any arguments, so Flet would pass it the
    event: give a control's ``on_click`` a lambda that calls it
    (``on_click=lambda: on_add()``), never the function itself."""
    latest = ft.use_ref(None)
    latest.current = handler
    return ft.use_callback(lambda *args: latest.current(*args), [])


def use_games_list() -> int:
    """Listen, while the calling component is mounted, for changes of the
    list of games (created, finished, reopened, deleted, imported) made by
    other sessions; returns a number that grows with each (for memo
    dependencies). Call inside a component. The component is not drawn again by the session's
    other changes (a message shown or timed out): a list of games is read from the store."""
    session = use_session(watch=("revision",))
    seen, set_seen = ft.use_state(0)
    _use_topic(session, GAMES_TOPIC, lambda: set_seen(lambda count: count + 1))
    return seen + session.revision


def use_saves_of(game_ids: Sequence[str], saved: Callable[[], None]) -> None:
    """While the calling component is mounted, call ``saved()`` (on the session's loop) each time
    another session saves a change of one of the games ``game_ids`` (a round added, edited,
    deleted, undone: :func:`announce_saved` on the game's line topic; a hand entered is not
    one): a list that shows those games in progress (their rounds) reads them again. Only the
    lines shown listen, so a save costs the phones whose list shows that game, not every phone on
    the list's screen; the same games shown in another order are not listened to again.
    Call inside a component."""
    session = use_session(watch=())
    stops = ft.use_ref(list)

    def start() -> None:
        stops.current = [session.listening.listen(line_topic(game_id), saved) for game_id in game_ids]

    def end() -> None:
        for stop in stops.current:
            stop()
        stops.current = []

    ft.use_effect(start, [tuple(sorted(game_ids))], cleanup=end)


def use_read(read: Callable[[], Any], dependencies: Sequence[Any]) -> Any:
    """What ``read()`` (a read of the store: a list of games) returns, for the calling component,
    or the StoreError it raised (for the caller to show). Read at once when the component is
    first drawn (there is nothing to show yet), then in a thread each time ``dependencies``
    change, the last answer drawn meanwhile: a read waits for the store's lock, which the
    worker holds for a second or more while it writes an import, and the event loop waiting
    with it would stall every phone. An older read that comes back after a newer one started
    is dropped (Flet cancels an effect's task when it runs again). Call inside a component."""

    def answer() -> Any:
        try:
            return read()
        except StoreError as error:
            return error

    value, set_value = ft.use_state(answer)
    drawn = ft.use_ref(lambda: list(dependencies))

    async def read_again() -> None:
        if drawn.current != list(dependencies):
            drawn.current = list(dependencies)
            set_value(await asyncio.to_thread(answer))

    ft.use_effect(read_again, list(dependencies))
    return value


PHONE_KEY = "companion.phone"
"""The SharedPreferences key under which a phone keeps its label."""


LABEL_LIMIT = 64
"""The most characters in a phone's label kept on the phone: a player's name
(``companion.pads.table.NAME_LIMIT``) and the words around it in any language."""


async def load_phone(session: SessionState) -> None:
    """Read this phone's label from the phone (``session.prefs``) into
    ``session.phone``; a phone that has none gets :func:`unnamed_phone_label`,
    kept for next time, as does a phone whose kept label no phone could have
    been given (not text, longer than :data:`LABEL_LIMIT`, or with a hidden
    character: ``companion.pads.table.is_hidden``), since the change log
    records it. When the phone's storage does not answer, the label lasts
    for this session only and nothing is written over the label the phone
    keeps (its kept round sheets and its name in the change log stay its own
    after the next reload). A label chosen while the phone was asked
    (:func:`name_phone`, "I am Ben") stays: the answer is then dropped."""
    asked_with = session.phone
    try:
        saved = await session.prefs.get(PHONE_KEY)
    except (RuntimeError, TimeoutError):
        if session.phone == asked_with:
            session.phone = unnamed_phone_label()
        return
    if session.phone != asked_with:
        return
    if isinstance(saved, str) and saved.strip() and len(saved) <= LABEL_LIMIT and not any(map(is_hidden, saved)):
        session.phone = saved
        return
    await name_phone(session, unnamed_phone_label())


async def name_phone(session: SessionState, label: str) -> None:
    """Make ``label`` this phone's label ("Ann's phone"), now and after a reload."""
    session.phone = label
    try:
        await session.prefs.set(PHONE_KEY, label)
    except (RuntimeError, TimeoutError):
        pass


OWN_PAINT_TURNS = 2
"""Turns of the event loop :func:`after_own_paint` lets pass: one for the
session's update scheduler (woken by the state just set) to diff and queue
its patch, one for the connection's sender to write it."""


def after_own_paint(tell_others: Callable[[], object]) -> None:
    """Call ``tell_others()`` once this session's repaint has been sent: the
    phone that tapped gets its own change first, and the other phones'
    sessions draw theirs after it, off its path.

    The state a handler sets wakes its session's update scheduler at once;
    the event loop runs what is queued in order, so letting
    :data:`OWN_PAINT_TURNS` turns pass puts the diff and the write of this
    session's patch before the notice. Outside an event loop (no session
    running) ``tell_others`` is called at once.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        tell_others()
        return

    def later(turns: int) -> None:
        if turns:
            loop.call_soon(later, turns - 1)
        else:
            tell_others()

    later(OWN_PAINT_TURNS)


async def own_paint_sent() -> None:
    """Return once this session's repaint, woken by the state a handler has
    just set, has been sent (:data:`OWN_PAINT_TURNS` turns of the event
    loop, as :func:`after_own_paint`): work started then, such as a save in
    a thread, does not hold up its diff."""
    for _turn in range(OWN_PAINT_TURNS):
        await asyncio.sleep(0)


class _Relay:
    """The redraws waiting for their turn on one event loop (:func:`in_turn`)."""

    def __init__(self) -> None:
        self.waiting: deque[tuple[contextvars.Context, Callable[[], object]]] = deque()
        self.running = False

    def next(self) -> None:
        """Call the first redraw waiting, then, once its repaint is sent, the next one."""
        if not self.waiting:
            self.running = False
            return
        held, draw = self.waiting.popleft()
        try:
            held.run(draw)
        finally:
            after_own_paint(self.next)


_RELAYS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Relay] = weakref.WeakKeyDictionary()


def in_turn(draw: Callable[[], object]) -> None:
    """Call ``draw()`` (a session's listener, redrawing it for a change another
    session announced) once every redraw handed here before it has had its
    repaint sent (:func:`after_own_paint`), one session at a time, in the
    context it was handed in (the context names the session drawn).

    The sessions of one server share one event loop: told all at once, each
    would draw in turn and every phone would be sent its patch only after the
    last one had drawn. In turn, the first phone is sent its patch after one
    drawing, and paints while the server draws the next. Outside an event
    loop ``draw`` is called at once. Returns nothing.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        draw()
        return
    relay = _RELAYS.get(loop)
    if relay is None:
        relay = _RELAYS[loop] = _Relay()
    relay.waiting.append((contextvars.copy_context(), draw))
    if not relay.running:
        relay.running = True
        relay.next()


def announce_saved(session: SessionState, game_id: str | None = None, pad: Pad | None = None, *,
                   listed: bool = False) -> None:
    """After a save: refresh this session's screens and tell the sessions
    that show what changed.

    ``game_id`` names the game changed (None: none in particular) and
    ``pad`` is the pad its save returned (``Store.update_game``), kept as
    the shared snapshot every session shows (None: the game is read again
    when next shown, as after a delete or a restore). ``listed`` is True
    when the list of games changed (a game created, deleted, restored, or
    games imported); a game finished or reopened is noticed from ``pad``.
    Only sessions listening to the game's topic or its line's (a list
    showing it: :func:`use_saves_of`), or, for the list, to
    ``GAMES_TOPIC``, are told, after this session's own repaint has been sent
    (:func:`after_own_paint`); the others cost nothing.
    """
    session.saved()
    if game_id is not None and pad is not None:
        session.own_changes[game_id] = pad.latest_change_id
    pubsub = ft.context.page.pubsub
    topics: list[tuple[str, int | None]] = []
    if game_id is not None:
        version, moved = session.games.put(game_id, pad)
        listed = listed or moved
        topics += [(game_topic(game_id), version), (line_topic(game_id), None)]
    if listed:
        topics.append((GAMES_TOPIC, None))

    def tell_others() -> None:
        for topic, message in topics:
            pubsub.send_others_on_topic(topic, message)

    after_own_paint(tell_others)


def announce_hands(session: SessionState, game_id: str) -> None:
    """After a hand was entered or cleared (game ``game_id``'s hand-by-hand
    draft changed, the game did not): refresh this session's screens and
    tell the sessions showing the game; the shared cache reads the draft
    again once for all of them (``GameCache.hands_changed``)."""
    session.saved()
    version = session.games.hands_changed(game_id)
    pubsub = ft.context.page.pubsub
    after_own_paint(lambda: pubsub.send_others_on_topic(game_topic(game_id), version))
