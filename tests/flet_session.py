"""Flet sessions run in this process on a fake phone connection, without a browser.

Used by the in-process screen tests and by bench/render.py. A :class:`Phone`
is a ``flet.messaging.connection.Connection`` that encodes every message the
server sends as Flet's web server does (msgpack, so a value the client could
not receive fails here too), counts them, and answers every client method
call (services such as ``SharedPreferences.get``, ``page.get_device_info``)
through its ``answer`` function, ``None`` by default. :func:`open_session`
starts an app's ``main(page)`` on a new session as Flet's web server does and
waits until it has painted (sessions of one server share a :func:`server_hub`); :func:`settle` waits until sessions are quiet;
:func:`click` fires a control's click as a tap on the phone would;
:func:`until` waits for what work in a thread brings (:func:`tap` and
:func:`find_on` wait for the control they look for that way).
:func:`shown_strings` walks the rendered tree and returns every string the
screen shows. Nothing here knows Companion.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

SETTLE = 0.005
"""Seconds between looks at whether the sessions are done painting."""

QUIET_LOOKS = 2
"""Looks in a row with nothing at work and no message sent after which the
sessions count as done painting (the second look lets the loop run what a
handler that just ended handed to it)."""

WAITING_TASKS = frozenset({"Session.__updates_scheduler", "MessageBar.<locals>.hide_later", "Working.<locals>.tick",
                           "build_ready_later"})
"""Tasks that wait for as long as a session lives or for a timer (Flet's
update loop, a message's timer, a progress line's next second): they do not
count as work still running."""

SETTLE_LIMIT = 60.0
"""Seconds after which :func:`settle` gives up: a session still busy then is a fault."""

_encode = configure_encode_object_for_msgpack(BaseControl)

Answer = Callable[[str, Any], Any]
"""A phone's answer to a method call: (method name, arguments) -> result."""


class _CountingExecutor(ThreadPoolExecutor):
    """The thread pool that runs the hub's handlers, counting the handlers
    handed to it and not yet ended (``pending``), which :func:`settle` waits for."""

    def __init__(self) -> None:
        super().__init__(thread_name_prefix="flet_session")
        self.pending = 0
        self._count = threading.Lock()

    def submit(self, fn, /, *args, **kwargs):
        """Run ``fn(*args, **kwargs)`` on a thread of the pool, counted in ``pending`` until it ends."""
        with self._count:
            self.pending += 1
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._ended)
        return future

    def _ended(self, _future) -> None:
        with self._count:
            self.pending -= 1


_executor = _CountingExecutor()


def server_hub() -> PubSubHub:
    """A pubsub hub on the running loop as Flet's web server makes it: its
    handlers run on a thread pool, so a session that announces something
    never runs another session's handler in its own context."""
    return PubSubHub(asyncio.get_running_loop(), executor=_executor)


def no_answer(name: str, args: Any) -> None:
    """The default :data:`Answer`: every method call returns ``None`` (nothing kept, nothing known)."""
    return None


class Phone(Connection):
    """A phone's connection to a session in this process.

    Takes the process's ``PubSubHub`` and ``answer``, the function that
    answers the session's method calls (:data:`Answer`). ``sent`` counts the
    messages the server sent; ``kept``, when a list, gets each of them as sent
    (msgpack bytes); ``session`` is set by :func:`open_session`.
    """

    def __init__(self, hub: PubSubHub, answer: Answer = no_answer) -> None:
        super().__init__()
        self.pubsubhub = hub
        self.loop = asyncio.get_running_loop()
        self.answer = answer
        self.sent = 0
        self.kept: list[bytes] | None = None
        self.session: Session | None = None
        self.page_url = "http://127.0.0.1:8550"  # the address the phone opened; Flet builds routes on it

    def send_message(self, message) -> None:
        """Encode ``message`` as the web server does, count it, and answer a method call."""
        packed = msgpack.packb([message.action, message.body], default=_encode)
        self.sent += 1
        if self.kept is not None:
            self.kept.append(packed)
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            body = message.body
            self.loop.call_soon(self.session.handle_invoke_method_results,
                                body.control_id, body.call_id, self.answer(body.name, body.args), None)


def _working() -> list[str]:
    """The names of the tasks still at work (a tap's handler, a save in a
    thread awaited by it), leaving out the caller and :data:`WAITING_TASKS`,
    and one name for each hub handler still running on its thread pool."""
    me = asyncio.current_task()
    return sorted(
        name for task in asyncio.all_tasks()
        if task is not me and not task.done()
        and (name := task.get_coro().__qualname__) not in WAITING_TASKS
    ) + ["hub handler"] * _executor.pending


async def settle(connections: list[Phone]) -> None:
    """Wait until no task is at work (:func:`_working`) and none of
    ``connections`` is sent anything for :data:`QUIET_LOOKS` looks in a row,
    so that a save slowed down by a busy machine is waited for, not missed.

    Raises:
        AssertionError: when that has not happened within :data:`SETTLE_LIMIT` seconds.
    """
    loop = asyncio.get_running_loop()
    give_up = loop.time() + SETTLE_LIMIT
    quiet, last = 0, -1
    while quiet < QUIET_LOOKS:
        await asyncio.sleep(SETTLE)
        now = sum(connection.sent for connection in connections)
        busy = _working()
        quiet, last = (quiet + 1, last) if now == last and not busy else (0, now)
        assert loop.time() < give_up, f"still at work after {SETTLE_LIMIT:.0f} s: {busy}"


async def _start(session: Session, main: Callable[[Any], None]) -> None:
    """Run ``main`` on the session's page as Flet's web server does (in a task
    of its own, with the page as the context's)."""
    _context_page.set(session.page)
    context.reset_auto_update()
    main(session.page)
    await session.after_event(session.page)


async def open_session(main: Callable[[Any], None], route: str, hub: PubSubHub,
                       answer: Answer = no_answer, client_ip: str = "127.0.0.1", keep: bool = False) -> Phone:
    """Start ``main(page)`` on a new session whose page is at ``route`` and
    whose phone answers method calls with ``answer``, seen from ``client_ip``
    (with ``keep``, the phone keeps every message, :attr:`Phone.kept`);
    returns the phone once the session has painted (see :func:`settle`)."""
    connection = Phone(hub, answer)
    if keep:
        connection.kept = []
    session = connection.session = Session(connection)
    session.page.route = route
    session.page.client_ip = client_ip
    msgpack.packb(session.get_page_patch(), default=_encode)
    await asyncio.create_task(_start(session, main))
    await settle([connection])
    return connection


def controls(root: Any, visible: bool = False) -> Iterator[BaseControl]:
    """Every control in the tree under ``root`` (a page, a control), each once,
    parents before children: what a session would send the phone (the fields
    Flet does not skip, a component's rendered body). With ``visible``, a
    control whose ``visible`` is false or whose ``opacity`` is 0 (the phone
    paints nothing of it and leaves it out of the accessibility tree) and
    everything under it are left out."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        value = stack.pop()
        if value is None or isinstance(value, (str, bytes, int, float, bool)) or id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, BaseControl):
            if visible and _unseen(value):
                continue
            yield value
        if dataclasses.is_dataclass(value):
            children = [getattr(value, field.name, None) for field in dataclasses.fields(value)
                        if not field.metadata.get("skip", False) and field.name != "_parent"]
            if hasattr(value, "_b"):
                children.append(value._b)
        elif isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, (list, tuple)):
            children = list(value)
        else:
            continue
        stack.extend(reversed(children))


SHOWN_FIELDS: tuple[str, ...] = (
    "value", "text", "label", "hint_text", "helper_text", "error_text", "prefix_text", "suffix_text",
    "counter_text", "tooltip", "semantics_label", "title", "subtitle", "content", "placeholder_text",
    "message", "key_label", "badge",
)
"""Fields of a control that hold text the phone shows or reads out (a string
value; spans, texts in other controls are reached as controls)."""


def _strings(value: Any) -> Iterator[str]:
    """The strings in a field's value: itself, or a tooltip's/badge's ``message``/``label``."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, BaseControl):
        for name in ("message", "label", "text"):
            inner = getattr(value, name, None)
            if isinstance(inner, str):
                yield inner


def shown_strings(root: Any) -> list[str]:
    """Every non-empty string shown under ``root``, in tree order: the
    :data:`SHOWN_FIELDS` of each visible control (a hidden control and what is
    under it are left out) and of the text spans of a ``Text``.

    Takes a page or a control; returns the strings, stripped, repeats kept.
    """
    found: list[str] = []
    for control in controls(root, visible=True):
        for name in SHOWN_FIELDS:
            for text in _strings(getattr(control, name, None)):
                if text.strip():
                    found.append(text.strip())
        for span in _spans(getattr(control, "spans", None)):
            found.append(span)
    return found


def _spans(spans: list | None) -> Iterator[str]:
    """The texts of ``spans`` (``TextSpan``s) and of their own spans, stripped, non-empty."""
    for span in spans or []:
        if isinstance(getattr(span, "text", None), str) and span.text.strip():
            yield span.text.strip()
        yield from _spans(getattr(span, "spans", None))


def find(root: Any, predicate: Callable[[BaseControl], bool]) -> BaseControl:
    """The first control under ``root`` for which ``predicate`` is true; raises
    ``LookupError`` when there is none."""
    for control in controls(root):
        if predicate(control):
            return control
    raise LookupError("no such control on the screen")


WAIT_SECONDS = 60
"""How long :func:`until` waits for a screen to show what is awaited (a
loaded machine may take long over work done in a thread)."""


LOOK_AGAIN = 0.25
"""Seconds after which :func:`until` looks at a screen again though the phone was sent nothing new."""


async def until(phone: Phone, ready: Callable[[Any], bool], timeout: float = WAIT_SECONDS) -> None:
    """Wait until ``ready(page)`` is true for the phone's page, looking each
    time the session is quiet after the phone was sent something new (or
    every :data:`LOOK_AGAIN` seconds); raises ``TimeoutError`` after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not ready(phone.session.page):
        looked, sent = loop.time(), phone.sent
        while phone.sent == sent and loop.time() - looked < LOOK_AGAIN:
            if loop.time() > deadline:
                raise TimeoutError(f"the screen did not get ready in {timeout} s")
            await settle([phone])


async def find_on(phone: Phone, predicate: Callable[[BaseControl], bool], timeout: float = WAIT_SECONDS) -> BaseControl:
    """The first control on ``phone``'s screen for which ``predicate`` is true (:func:`find`),
    once there is one: a control that a save on another phone brings is drawn only when the
    notice of it has come (in a thread). Raises ``LookupError`` when none has come after
    ``timeout`` seconds."""
    try:
        await until(phone, lambda page: _has(page, predicate), timeout)
    except TimeoutError:
        raise LookupError(f"no such control on the screen after {timeout} s") from None
    return find(phone.session.page, predicate)


def _has(root: Any, predicate: Callable[[BaseControl], bool]) -> bool:
    """Whether a control under ``root`` makes ``predicate`` true."""
    return any(predicate(control) for control in controls(root))


async def click(phone: Phone, control: BaseControl, event: str = "click", data: Any = None) -> None:
    """Fire ``event`` on ``control`` as the phone does when it is tapped (in a
    task of its own, as the web server handles each message), then wait until
    the session has painted what followed."""

    async def tap() -> None:
        await phone.session.dispatch_event(control._i, event, data)
        await phone.session.after_event(control)

    await asyncio.create_task(tap())
    await settle([phone])


async def type_on(phone: Phone, field: BaseControl, typed: str, more: str) -> None:
    """Type into the text field ``field`` as a phone does while the server is
    busy: the phone reports its text ``typed`` and the change, then, before
    the server has painted what answers that change, its text ``more`` (the
    keys pressed since); waits until the session is quiet."""

    async def keys() -> None:
        phone.session.apply_patch(field._i, {"value": typed})
        await phone.session.dispatch_event(field._i, "change", typed)
        phone.session.apply_patch(field._i, {"value": more})
        await phone.session.after_event(field)

    await asyncio.create_task(keys())
    await settle([phone])


def run_alone(coroutine: Any) -> Any:
    """Run ``coroutine`` to its end on a new event loop in a thread of its
    own (the browser tests' Playwright may keep a loop in this thread), in a
    copy of the caller's context (its language, for one); returns its result."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(contextvars.copy_context().run, asyncio.run, coroutine).result()


def _words(control: Any) -> str | None:
    """The text a control shows by itself (a Text's value, a button's text), else None."""
    for name in ("value", "content"):
        words = getattr(control, name, None)
        if isinstance(words, str):
            return words
    return None


def shows(phone: Phone, text: str) -> bool:
    """Whether a control on ``phone``'s screen shows exactly ``text`` (drawn: see :func:`_drawn`)."""
    return any(_words(control) == text and _drawn(control) for control in list(phone.session.index.values()))


def _tappable_showing(phone: Phone, text: str) -> BaseControl | None:
    """The control on ``phone``'s screen that shows ``text`` and can be tapped
    (drawn: neither it nor a control above it hidden or transparent), else None."""
    for control in list(phone.session.index.values()):
        if _words(control) == text and getattr(control, "on_click", None) is not None and _drawn(control):
            return control
    return None


def tappable(phone: Phone, text: str) -> BaseControl:
    """The control on ``phone``'s screen that shows ``text`` and can be tapped
    now (see :func:`_tappable_showing`); raises ``LookupError`` when none does."""
    control = _tappable_showing(phone, text)
    if control is None:
        raise LookupError(f"nothing to tap shows {text!r}")
    return control


def _unseen(control: BaseControl) -> bool:
    """Whether ``control`` itself is out of sight: hidden, or of opacity 0 (the phone paints
    nothing of it and leaves it out of the accessibility tree), and so is all under it."""
    return getattr(control, "visible", True) is False or getattr(control, "opacity", 1) == 0


def _drawn(control: BaseControl | None) -> bool:
    """Whether the phone draws ``control``: neither it nor a control above it is :func:`_unseen`."""
    while control is not None:
        if _unseen(control):
            return False
        control = getattr(control, "parent", None)
    return True


async def tap(phone: Phone, text: str, timeout: float = WAIT_SECONDS) -> None:
    """Tap the control on ``phone``'s screen that shows ``text`` (a button),
    as the phone would, once it is there (what a save on another phone
    brings is drawn when its notice has come, in a thread), and wait until
    the session is quiet; raises ``LookupError`` when none has shown after
    ``timeout`` seconds."""
    try:
        await until(phone, lambda _page: _tappable_showing(phone, text) is not None, timeout)
    except TimeoutError:
        raise LookupError(f"nothing to tap shows {text!r} after {timeout} s") from None
    await click(phone, _tappable_showing(phone, text))


async def taps_together(phone: Phone, *taps: str | BaseControl) -> None:
    """Tap, on ``phone``'s screen, each of ``taps`` (a control, or the text
    of the control showing it; one twice: a double tap), all reaching the
    server before it paints what the first did: each tap's event in a task
    of its own, as the web server handles them; then wait until the session
    is quiet. Raises ``LookupError`` when a text does not show now."""
    shown = [tappable(phone, tap) if isinstance(tap, str) else tap for tap in taps]
    await asyncio.gather(*(phone.session.dispatch_event(control._i, "click", None) for control in shown))
    await settle([phone])


async def tap_while_busy(phone: Phone, text: str | BaseControl) -> None:
    """Tap the control on ``phone``'s screen that shows ``text`` while a task
    of the session is still at work, such as a save waiting in its thread:
    so without :func:`settle`, which would wait for that task. Waits until
    the control shows, then a moment for what the tap painted; raises
    ``LookupError`` when none has shown after :data:`WAIT_SECONDS`. Given
    a control instead of a text, taps it as it is: a tap the phone sent
    before it drew that control out of sight."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT_SECONDS
    while (control := text if isinstance(text, BaseControl) else _tappable_showing(phone, text)) is None:
        if loop.time() > deadline:
            raise LookupError(f"nothing to tap shows {text!r} after {WAIT_SECONDS} s")
        await asyncio.sleep(SETTLE)
    await phone.session.dispatch_event(control._i, "click", None)
    await phone.session.after_event(control)
    await asyncio.sleep(SETTLE * QUIET_LOOKS)


async def go_to(phone: Phone, route: str) -> None:
    """Go to ``route`` on ``phone`` as its browser does when the address
    changes without a reload (the route and a route change event), and wait
    until the session has painted it."""
    page = phone.session.page
    page.route = route
    await click(phone, page, "route_change", {"route": route})
