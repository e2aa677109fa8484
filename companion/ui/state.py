"""What the screens share: the store (one per process) and the session state.

Every browser session (a tab, a phone) has its own ``SessionState``; the
``Store`` is shared by all of them. Screens reach both through the hooks
``use_store()`` and ``use_session()`` instead of module-level globals.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft


@ft.observable
@dataclass
class SessionState:
    """Screen state of one browser session.

    ``revision`` grows by one after every change this session (or, through
    the page's pubsub, another session) made to the saved games: screens that
    read the store re-read it when it moves. ``message`` is a short line shown
    in the message bar above the navigation bar (empty: none), ``message_id``
    counts the messages told, ``undo`` is the handler of the message's
    "Undo" button (None: no button) and ``message_screen`` the path of the
    screen the message belongs to; ``screen`` is the path shown now (kept by
    the app shell through :meth:`entered`). ``notices_dismissed`` hides the store's
    notices banner. ``wakelock`` holds this session's Flet Wakelock service
    (kept referenced here so it stays registered). ``new_game_draft`` keeps
    the New game screen's draft (game, players, options) while the setup
    guide it opened is shown, so the names typed are still there on return.
    ``phone`` is this phone's label, recorded with every change it saves and
    named in other phones' messages ("Ann's phone"); ``prefs`` holds the
    Flet SharedPreferences service that keeps the label on the phone.
    """

    revision: int = 0
    message: str = ""
    message_id: int = 0
    undo: Any = field(default=None, repr=False)
    message_screen: str = ""
    screen: str = ""
    notices_dismissed: bool = False
    wakelock: Any = field(default=None, repr=False)
    new_game_draft: Any = field(default=None, repr=False)
    phone: str = ""
    prefs: Any = field(default=None, repr=False)

    def saved(self) -> None:
        """Mark that the saved games changed: screens reading them refresh."""
        self.revision += 1

    def tell(self, text: str, undo: Callable[[], None] | None = None, *, screen: str | None = None) -> None:
        """Show ``text`` in the message bar at the bottom of the screen, with an
        "Undo" button calling ``undo`` when one is given.

        The message belongs to ``screen`` (a path such as ``/history``; by
        default the screen shown now): it is dropped when another screen is
        entered, so its Undo never acts from a screen it does not name. Pass
        the destination when the caller navigates right after telling.
        """
        self.undo = undo
        self.message = text
        self.message_screen = self.screen if screen is None else screen
        self.message_id += 1

    def dismissed(self, message_id: int) -> None:
        """Message ``message_id`` was closed or timed out (a newer message stays)."""
        if message_id == self.message_id:
            self.undo = None
            self.message = ""

    def entered(self, path: str) -> None:
        """The screen at ``path`` is shown now: a message of another screen is dropped."""
        self.screen = path
        if self.message and self.message_screen != path:
            self.dismissed(self.message_id)


STORE_TOPIC = "saved-games"
"""Pubsub topic on which a session tells the others that saved games changed."""

StoreContext = ft.create_context(None)
SessionContext = ft.create_context(None)


def use_store():
    """The process's ``companion.store.Store`` (call inside a component)."""
    return ft.use_context(StoreContext)


def use_session() -> SessionState:
    """This browser session's ``SessionState`` (call inside a component).

    The calling component re-renders when the session state changes.
    """
    return ft.use_context(SessionContext)


def navigate(route: str) -> None:
    """Go to ``route`` (a path such as ``/pad/<id>``) in this session."""
    ft.context.page.navigate(route)


PHONE_KEY = "companion.phone"
"""The SharedPreferences key under which a phone keeps its label."""


def phone_label(player: str) -> str:
    """The label of the phone a player holds: "Ann's phone"."""
    return f"{player}'s phone"


def phone_player(players: Sequence[str], label: str) -> str | None:
    """The player among ``players`` who holds the phone labelled ``label``
    ("Ben's phone" -> "Ben"), or None when it is no player's phone."""
    return next((player for player in players if phone_label(player) == label), None)


def unnamed_phone_label() -> str:
    """A short label for a phone nobody has named yet: "Phone 3FA2" (four
    random hex digits, kept on the phone so it stays the same after a reload)."""
    return f"Phone {secrets.token_hex(2).upper()}"


async def load_phone(session: SessionState) -> None:
    """Read this phone's label from the phone (``session.prefs``) into
    ``session.phone``; a phone that has none gets :func:`unnamed_phone_label`,
    kept for next time. When the phone's storage does not answer, the label
    lasts for this session only."""
    try:
        saved = await session.prefs.get(PHONE_KEY)
    except (RuntimeError, TimeoutError):
        saved = None
    if isinstance(saved, str) and saved.strip():
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


def announce_saved(session: SessionState) -> None:
    """After a save: refresh this session's screens and tell the other sessions."""
    session.saved()
    ft.context.page.pubsub.send_others_on_topic(STORE_TOPIC, None)
