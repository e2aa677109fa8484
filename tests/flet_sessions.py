"""Flet sessions in this process, without a browser (for the render tests
and bench/render.py).

Each session (a "phone") runs on a :class:`Phone` connection that encodes
every message the server sends as Flet's web server does (msgpack) and
answers every service call the app makes on the phone (SharedPreferences,
Wakelock) with no result, as a phone that keeps nothing would. The
sessions share one Flet pubsub hub, as the sessions of one server do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

SETTLE = 0.02
"""Seconds between looks at whether the sessions are done sending."""

_ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Phone(Connection):
    """A phone's connection to the server, in this process.

    Takes the shared :class:`PubSubHub`. ``sent`` counts the messages the
    server sent it; ``session`` is its Flet session (set by :func:`open_phone`).
    Must be made on the running event loop.
    """

    def __init__(self, hub: PubSubHub) -> None:
        super().__init__()
        self.pubsubhub = hub
        self.loop = asyncio.get_running_loop()
        self.sent = 0
        self.session: Session | None = None
        self.page_url = "http://127.0.0.1:8550"

    def send_message(self, message: Any) -> None:
        """Encode ``message`` as the web server does, count it, and answer a service call with no result."""
        msgpack.packb([message.action, message.body], default=_ENCODE)
        self.sent += 1
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            body = message.body
            self.loop.call_soon(self.session.handle_invoke_method_results, body.control_id, body.call_id, None, None)


async def settle(phones: list[Phone]) -> None:
    """Wait until none of ``phones`` is sent anything for three looks
    :data:`SETTLE` seconds apart (every session is done drawing)."""
    quiet, last = 0, -1
    while quiet < 3:
        await asyncio.sleep(SETTLE)
        now = sum(phone.sent for phone in phones)
        quiet, last = (quiet + 1, last) if now == last else (0, now)


async def _start(session: Session, main: Callable[[ft.Page], None]) -> None:
    """Run ``main`` on the session's page as Flet's web server does (in a
    task of its own, with the page as the context's)."""
    _context_page.set(session.page)
    context.reset_auto_update()
    main(session.page)
    await session.after_event(session.page)


async def open_phone(main: Callable[[ft.Page], None], route: str, hub: PubSubHub) -> Phone:
    """A new session running the app ``main`` (a Flet entry point) at
    ``route`` ("/pad/<id>"), on the shared ``hub``; returns its connection
    once its first frame is sent (not yet settled: see :func:`settle`)."""
    phone = Phone(hub)
    session = phone.session = Session(phone)
    session.page.route = route
    session.page.client_ip = "127.0.0.1"
    msgpack.packb(session.get_page_patch(), default=_ENCODE)
    await asyncio.create_task(_start(session, main))
    return phone


def run_alone(coroutine: Any) -> Any:
    """Run ``coroutine`` to its end on a new event loop in a thread of its
    own (the browser tests' Playwright may keep a loop in this thread);
    returns its result."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


def _words(control: Any) -> str | None:
    """The text a control shows by itself (a Text's value, a button's text), else None."""
    for name in ("value", "content"):
        words = getattr(control, name, None)
        if isinstance(words, str):
            return words
    return None


def shows(phone: Phone, text: str) -> bool:
    """Whether a control on ``phone``'s screen shows exactly ``text``."""
    return any(_words(control) == text for control in list(phone.session.index.values()))


async def tap(phone: Phone, text: str) -> None:
    """Tap the control on ``phone``'s screen that shows ``text`` (a button),
    as the phone would; raises LookupError when none does."""
    for control in list(phone.session.index.values()):
        if _words(control) == text and getattr(control, "on_click", None) is not None:
            await phone.session.dispatch_event(control._i, "click", None)
            return
    raise LookupError(f"nothing to tap shows {text!r}")


async def go_to(phone: Phone, route: str) -> None:
    """Go to ``route`` on ``phone`` as its browser does when the address
    changes without a reload (the route and a route change event)."""
    page = phone.session.page
    page.route = route
    await phone.session.dispatch_event(page._i, "route_change", {"route": route})
