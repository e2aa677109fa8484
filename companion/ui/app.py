"""The app shell: theme, bottom navigation bar, routes, wakelock, banners.

How a screen plugs in: a screen is a ``@ft.component`` function that returns
its content (a Column or similar, no ``ft.View``). Add an ``ft.Route`` for it
to ``ROUTES`` below; the shell wraps every screen in one ``ft.View`` with the
navigation bar, the store's notices banner and the message bar, and scrolls
it (a screen listed in ``SCROLLING_SCREENS`` fills the view and scrolls its
own parts instead). A screen reads
its path parameters with ``ft.use_route_params()``, the store with
``use_store()`` and the session state with ``use_session()``
(companion/ui/state.py), and moves on with ``navigate("/route")``. A screen
that shows one game reads it with ``use_game(game_id)`` (live: repainted
when another phone saves it); a list of games calls ``use_games_list()``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion.i18n import N_, _, ngettext
from companion.ui.access import KeyGate
from companion.ui.board import BoardScreen
from companion.ui.check import CheckScreen
from companion.ui.history import HistoryGameScreen, HistoryScreen
from companion.ui.new_game import NewGameScreen
from companion.ui.pad import PadScreen
from companion.ui.play import PlayScreen
from companion.ui.rules import RulesScreen
from companion.ui.setup_guide import SetupScreen
from companion.table.live import Listening, game_cache
from companion.ui.language import load_language, start_locale, use_language
from companion.ui.state import (
    HeldSession,
    SessionContext,
    SessionState,
    StoreContext,
    in_turn,
    load_phone,
    navigate,
    use_session,
    use_store,
)
from companion.ui.widgets import SUIT_FONT, SUIT_FONT_URL, TILE_STYLE, TOUCH

SEED_COLOUR = "#1B6E4F"
"""The one seed colour of the Material 3 theme (card-table green)."""

APP_TITLE = "Companion"

MESSAGE_SECONDS = 4
MESSAGE_SECONDS_UNDO = 10
"""How long a message stays (with an "Undo" button: longer)."""

TABS: tuple[tuple[str, str, ft.IconData, ft.IconData], ...] = (
    ("/", N_("Play"), ft.Icons.STYLE_OUTLINED, ft.Icons.STYLE),
    ("/check", N_("Check"), ft.Icons.RULE_OUTLINED, ft.Icons.RULE),
    ("/rules", N_("Rules"), ft.Icons.MENU_BOOK_OUTLINED, ft.Icons.MENU_BOOK),
    ("/history", N_("History"), ft.Icons.HISTORY_OUTLINED, ft.Icons.HISTORY),
)
"""Bottom navigation: (route, label, icon, selected icon); each label is an
English msgid, shown through ``_()``."""

TAB_OF_PATH: tuple[tuple[str, int], ...] = (
    ("/check", 1),
    ("/rules", 2),
    ("/history", 3),
)
"""Path prefix -> selected tab; everything else (play, new game, pads, the
setup guide reached from New game) belongs to Play."""


def build_theme() -> ft.Theme:
    """The Material 3 theme from the seed colour (used for light and dark).

    Standard visual density keeps buttons and list rows at least 48 px high.
    """
    return ft.Theme(
        color_scheme_seed=SEED_COLOUR,
        visual_density=ft.VisualDensity.STANDARD,
        navigation_bar_theme=ft.NavigationBarTheme(height=72),
        button_theme=ft.ButtonTheme(style=TILE_STYLE),
    )


SCROLLING_SCREENS: tuple[str, ...] = ("/pad/", "/rules")
"""Paths (and path prefixes, ending in "/") of the screens that scroll
themselves: the score pad keeps its totals and add button in view, the
rules scroll to the section a lesson asks for; the shell does not scroll them."""


def scrolls_itself(pathname: str) -> bool:
    """Whether the screen at ``pathname`` does its own scrolling (see :data:`SCROLLING_SCREENS`)."""
    return any(pathname == path or (path.endswith("/") and pathname.startswith(path))
               for path in SCROLLING_SCREENS)


def tab_index(pathname: str) -> int:
    """The navigation bar tab (0-3) that ``pathname`` belongs to."""
    for prefix, index in TAB_OF_PATH:
        if pathname == prefix or pathname.startswith(prefix + "/"):
            return index
    return 0


def query_params(route: str) -> dict[str, str]:
    """The query string of ``route`` as a dict (first value of each key)."""
    return {key: values[0] for key, values in parse_qs(urlparse(route).query).items()}


NOTICES_HEIGHT = 280
"""Height (logical pixels) of the scrolling box that shows every notice once
the user asks for them all: the screen's own buttons stay in view at 390x844."""

NOTICE_LINES = 4
"""Lines of the first notice shown before the user asks for them all."""


@ft.component
def NoticesBanner() -> ft.Control:
    """The store's notices (a damaged file set aside, ...) that this phone has
    not dismissed: the first one (up to :data:`NOTICE_LINES` lines when more
    follow) and "Show N more notices", which shows them all in a box of
    :data:`NOTICES_HEIGHT` that scrolls. "OK" dismisses the notices shown;
    one that arrives later is shown. With nothing to show, an empty hidden
    box (a component that returned nothing was seen to stay on the screen)."""
    store = use_store()
    session = use_session()
    every, set_every = ft.use_state(False)
    told = len(store.notices)
    notices = [str(notice) for notice in store.notices[session.notices_dismissed:told]]

    def dismiss():
        session.notices_dismissed = told
        set_every(False)

    if not notices:
        return ft.Container(visible=False)
    colour = ft.Colors.ON_TERTIARY_CONTAINER
    more = len(notices) - 1
    if every:
        shown: ft.Control = ft.Container(
            ft.Column([ft.Text(notice, color=colour) for notice in notices], spacing=8, scroll=ft.ScrollMode.AUTO),
            height=NOTICES_HEIGHT,
        )
    else:
        shown = ft.Text(notices[0], color=colour, max_lines=NOTICE_LINES if more > 0 else None,
                        overflow=ft.TextOverflow.ELLIPSIS)
    actions: list[ft.Control] = []
    if more > 0:
        actions.append(ft.TextButton(
            _("Show fewer") if every
            else ngettext("Show {count} more notice", "Show {count} more notices", more).format(count=more),
            on_click=lambda: set_every(not every), height=TOUCH,
        ))
    actions.append(ft.TextButton(_("OK"), on_click=dismiss, height=TOUCH))
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=12,
        padding=ft.Padding.only(left=16, top=8, right=8, bottom=0),
        content=ft.Column(
            [
                ft.Row(
                    [ft.Icon(ft.Icons.INFO_OUTLINE, color=colour), ft.Container(shown, expand=True)],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                ft.Row(actions, alignment=ft.MainAxisAlignment.END, spacing=0),
            ],
            spacing=0,
        ),
    )


def _message_bar(session: SessionState, shown: bool) -> ft.Control:
    """The message bar of :func:`MessageBar` for ``session``'s last message
    (``shown`` or kept hidden): the text, "Undo" (hidden when the message has
    nothing to take back) and the close button."""
    message_id, undo = session.message_id, session.undo

    def on_undo():
        take_back = session.undo if session.message_id == message_id else None
        if take_back is not None:  # else a tap sent before the phone hid the button (a second tap on it)
            session.dismissed(message_id)
            take_back()

    actions = [
        ft.TextButton(_("Undo"), on_click=on_undo, height=TOUCH, visible=undo is not None,
                      style=ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY)),
        ft.IconButton(
            icon=ft.Icon(ft.Icons.CLOSE, semantics_label=_("Close message"), color=ft.Colors.ON_INVERSE_SURFACE),
            on_click=lambda: session.dismissed(message_id), width=TOUCH, height=TOUCH,
        ),
    ]
    text = ft.Semantics(
        identifier="message",
        content=ft.Text(session.message, color=ft.Colors.ON_INVERSE_SURFACE),
    )
    return ft.Container(
        visible=shown,
        bgcolor=ft.Colors.INVERSE_SURFACE,
        border_radius=8,
        padding=ft.Padding.only(left=16, right=4),
        content=ft.Row(
            [ft.Container(text, expand=True), *actions],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )


@ft.component
def MessageBar(location: str) -> ft.Control:
    """The session's last message above the navigation bar, while the screen
    at ``location`` (the path shown) is the one that told it: "Undo" when the
    change can be taken back, a close button, and it goes away by itself after
    ``MESSAGE_SECONDS`` (``MESSAGE_SECONDS_UNDO`` with "Undo"; never: ``stays``).

    Until this session's first message, the bar is one empty hidden box: a
    phone that only watches the game never builds it (seven controls less
    to hold per phone). From then on the bar is always there, hidden without a
    message: a component that returned nothing after a timer's change was
    seen to stay on the screen. Its "Undo" is always there too, hidden when
    the message has nothing to take back, so a message with or without it
    only changes what is shown: a button added and removed made the phone
    build both buttons anew at every save (bench/live.py --phone-cpu).
    """
    session = use_session()
    timed = ft.use_ref(0)

    async def hide_later(told: int, seconds: float):
        await asyncio.sleep(seconds)
        session.dismissed(told)

    def start_timer():
        """Time the message shown (once per message), in a task of its own: an
        effect's task is cancelled when the effect runs again."""
        message_id = session.message_id
        if session.message and not session.message_stays and timed.current != message_id:
            timed.current = message_id
            ft.context.page.run_task(hide_later, message_id, MESSAGE_SECONDS_UNDO if session.undo else MESSAGE_SECONDS)

    ft.use_effect(start_timer)
    ft.use_effect(lambda: session.entered(location), [location])
    shown = bool(session.message) and session.message_screen == location
    built = ft.use_ref(False)
    built.current = built.current or shown
    if not built.current:
        return ft.Container(visible=False)

    return _message_bar(session, shown)


@ft.component
def Shell() -> ft.View:
    """One view around every screen: notices banner, the screen (scrolling),
    the message bar and the navigation bar."""
    outlet = ft.use_route_outlet()
    location = ft.use_route_location()

    def on_tab(e: ft.Event[ft.NavigationBar]):
        navigate(TABS[e.control.selected_index][0])

    return ft.View(
        route=ft.use_view_path(),
        padding=ft.Padding.symmetric(horizontal=8, vertical=8),
        controls=[
            ft.Column(
                [NoticesBanner(), outlet],
                scroll=None if scrolls_itself(location) else ft.ScrollMode.AUTO,
                expand=True,
                spacing=10,
            ),
            MessageBar(location),
        ],
        navigation_bar=ft.NavigationBar(
            selected_index=tab_index(location),
            on_change=on_tab,
            destinations=[
                ft.NavigationBarDestination(icon=icon, selected_icon=selected, label=_(label))
                for _route, label, icon, selected in TABS
            ],
        ),
    )


@ft.component
def CheckRoute() -> ft.Control:
    """/check and /check/:game: the move checker, started on a game if named."""
    return CheckScreen(ft.use_route_params().get("game"))


@ft.component
def SetupRoute() -> ft.Control:
    """/setup?game=..&players=..&back=..: the dealer's setup guide (``back``:
    the app's screen it was opened from, for its back arrow)."""
    params = query_params(ft.context.page.route or "")
    players = params.get("players", "")
    back = params.get("back", "")
    return SetupScreen(
        params.get("game"),
        int(players) if players.isdigit() else None,
        back if back.startswith("/") and not back.startswith("//") else None,
    )


@ft.component
def NotFound() -> ft.Control:
    """Any other address: say so and offer the way home."""
    return ft.Column(
        [
            ft.Text(_("There is nothing at this address."), size=20),
            ft.FilledButton(_("Go to Play"), on_click=lambda: navigate("/"), height=TOUCH),
        ]
    )


ROUTES: list[ft.Route] = [
    ft.Route(path="board/:game_id", component=BoardScreen),
    ft.Route(
        component=Shell,
        outlet=True,
        children=[
            ft.Route(index=True, component=PlayScreen),
            ft.Route(path="new", component=NewGameScreen),
            ft.Route(path="pad/:game_id", component=PadScreen),
            ft.Route(path="check", component=CheckRoute),
            ft.Route(path="check/:game", component=CheckRoute),
            ft.Route(path="rules", component=RulesScreen),
            ft.Route(path="setup", component=SetupRoute),
            ft.Route(path="history", component=HistoryScreen),
            ft.Route(path="history/:game_id", component=HistoryGameScreen),
            ft.Route(path=":rest*", component=NotFound),
        ],
    )
]
"""The route table of the contracts (see the module docstring to add one).
The board for the table comes first, outside the shell: its own view,
without the navigation bar."""


@ft.component
def App(store, access) -> list[ft.View]:
    """The root component of one browser session.

    Takes the process's ``Store`` and ``companion.server.key.TableAccess`` (the
    whole app is behind its :func:`~companion.ui.access.KeyGate`); registers a
    Clipboard first (see the comment there); creates this session's
    ``SessionState`` with its Flet services, the store's shared game cache and
    the topics the session listens to (``use_game``, ``use_games_list``), sets this session's
    language (``use_language``; read again on reconnecting, as a reload can
    cut its first reading short) and reads this phone's label. A phone that
    disconnects stops listening (a notice that arrives while the connection
    is going is dropped) and, when it comes back, listens again and re-reads
    what it shows.
    """
    page = ft.context.page
    # Flet 1.0.5's web client never answers the first service a session
    # registers when the phone reconnects to a restarted host (a plain Flet
    # page does the same): the phone's language, read from its storage, was
    # lost with the restart. That first service is this one, which nothing calls.
    ft.use_ref(ft.Clipboard)
    language = use_language()

    async def run(listener: Callable[[], None]) -> None:
        in_turn(listener)

    # Held in a ref, not a state: the session's changes redraw only the
    # components that show them (``use_session``), not the whole app.
    held = ft.use_ref(
        lambda: HeldSession(SessionState(
            wakelock=ft.Wakelock(),
            # A service of its own, not the language's: with the label read on the
            # language's service, a phone lost its label after the host's restart.
            prefs=ft.SharedPreferences(),
            listening=Listening(
                page.pubsub, lambda listener: page.run_task(run, listener),
                lambda: page.session.connection is not None,
            ),
            games=game_cache(store),
        ))
    ).current
    session = held.state

    def listen():
        def connected():
            session.listening.reconnected()
            session.saved()
            page.run_task(load_language, language, page)

        page.on_disconnect = session.listening.disconnected
        page.on_connect = connected
        page.run_task(load_phone, session)

    ft.use_effect(listen, [], cleanup=session.listening.disconnected)
    return StoreContext(
        store,
        lambda: SessionContext(
            held,
            lambda: KeyGate(access, ROUTES),
        ),
    )


def session_main(store, access) -> Callable[[ft.Page], None]:
    """The Flet entry point (see companion/server/__init__.py): renders :func:`App`,
    the suit font (``SUIT_FONT``, served at ``SUIT_FONT_URL``) and Flutter's locale
    (the browser request's language, ``start_locale``) named with the
    first frame on every route. After that frame the page changes only for a
    language (chosen now, or kept on the phone and read as the session
    starts): the phone's web client builds the app again on a change of the
    page, and a text field being typed into loses the focus, so that the
    Enter of a name typed in the first seconds was lost when the font was
    named a second after the first frame on Play. The price: the phone
    registers the font, and lays its texts out again, just after drawing its
    first screen (0.1-0.2 s of its main thread, measured on Play); the first
    frame itself does not wait for the font.

    Takes the process's ``companion.store.Store`` and
    ``companion.server.key.TableAccess``; returns ``main(page)``.
    """

    def main(page: ft.Page) -> None:
        page.title = APP_TITLE
        page.theme = build_theme()
        page.dark_theme = build_theme()
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.fonts = {SUIT_FONT: SUIT_FONT_URL}
        start_locale(page)
        page.render_views(App, store, access)

    return main
