"""The table's key at the door of every session: :func:`KeyGate`.

When the app asks for the table's key (``TableAccess.required``, see
companion/server/key.py), a browser sees the app only after presenting the
current key: in the link it opened (``?key=...``, from the invite's QR
code) or kept on the phone from an earlier visit (SharedPreferences), so a
reload or a dropped Wi-Fi does not lock it out. Any other browser sees only
"Ask the host for the table's QR code". Renewing the key (from the invite
screen, by a session that holds the key) locks every other session out at
once, and every phone until it scans the new code.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urlsplit

import flet as ft

from companion.i18n import N_, _, ngettext
from companion.ui.state import use_session
from companion.ui.widgets import TOUCH, error_line

KEY_PREF = "companion.table-key"
"""The SharedPreferences key under which a phone keeps the table's key."""

KEY_TOPIC = "table-key"
"""Pubsub topic on which the session that renewed the key tells the others."""

ASK_THE_HOST = N_("Ask the host for the table's QR code")
"""What a browser without the key is asked first (an English msgid, shown through ``_()``)."""

NOT_THE_KEY = N_("That key does not open this table. Check it on the host's \u201cInvite phones\u201d screen.")
"""The line under the key field when the key typed is not the table's (marked; translated where shown)."""

NO_KEY = N_("Type the table key first: the host finds it on the \u201cInvite phones\u201d screen.")
"""The line under the key field when "Join" was tapped on an empty field (marked)."""


@dataclass(frozen=True)
class Gate:
    """What the screens below :func:`KeyGate` reach with :func:`use_gate`:
    the process's ``TableAccess``; ``renew()``, which makes a new key, keeps
    it on this phone and locks every other session out (raising the
    StoreError of ``TableAccess.renew``, nothing changed, when the key can
    not be saved); ``offer(route)``,
    which lets the browser in when the address ``route`` carries the key;
    ``enter(typed)``, which lets it in when ``typed`` is the key as the
    invite shows it, read aloud and typed (any case, with or without its
    dashes), and returns why it did not ("" when it did:
    :func:`key_refusal`); and ``checking``, True while the phone's storage
    is still being read."""

    access: object
    renew: Callable[[], None]
    offer: Callable[[str], None]
    enter: Callable[[str], str]
    checking: bool = False


GateContext = ft.create_context(None)


def use_gate() -> Gate:
    """The session's :class:`Gate` (call inside a component below :func:`KeyGate`)."""
    return ft.use_context(GateContext)


def key_in(route: str) -> str | None:
    """The ``key`` parameter of ``route`` (path and query), None when it has none."""
    return dict(parse_qsl(urlsplit(route).query)).get("key")


def without_key(route: str) -> str:
    """``route`` (path and query) with its ``key`` parameter taken out:
    "/pad/x?key=k&a=1" -> "/pad/x?a=1"."""
    parts = urlsplit(route)
    rest = [(name, value) for name, value in parse_qsl(parts.query) if name != "key"]
    return parts.path + (f"?{urlencode(rest)}" if rest else "")


async def keep_key(prefs, key: str) -> None:
    """Keep ``key`` on the phone (``prefs``: its SharedPreferences); when the
    phone's storage does not answer, the key lasts for this session only."""
    try:
        await prefs.set(KEY_PREF, key)
    except (RuntimeError, TimeoutError):
        pass


async def kept_key(prefs) -> str:
    """The key kept on the phone ("" when none, or when its storage does not answer)."""
    try:
        kept = await prefs.get(KEY_PREF)
    except (RuntimeError, TimeoutError):
        return ""
    return kept if isinstance(kept, str) else ""


def key_refusal(typed: str, wait: float) -> str:
    """Why the key ``typed`` on the locked screen does not let the phone in, when it does not:
    :data:`NO_KEY` for an empty field; the seconds left to wait (``wait``, after the
    address's wrong keys: ``TableAccess.wait_left``), in which even the right key is not
    checked; else :data:`NOT_THE_KEY`."""
    if not typed:
        return _(NO_KEY)
    if wait > 0:
        seconds = math.ceil(wait)
        return ngettext("Too many wrong keys were typed here: wait {count} second, then type the key again.",
                        "Too many wrong keys were typed here: wait {count} seconds, then type the key again.",
                        seconds).format(count=seconds)
    return _(NOT_THE_KEY)


@ft.component
def AskTheHost() -> ft.View:
    """The one screen a browser without the key sees, at any address: no
    game, no history, no rules (blank while the phone's storage is read).
    An address that carries the key, opened in this tab, is offered to the
    gate; so is the key typed in its field (as the host reads it out from
    the invite: for a phone whose camera does not scan), with why it did
    not open the table under the field when it did not (:func:`key_refusal`),
    the key typed left in the field to be corrected. The screen
    scrolls, so the field stays in reach above a phone's keyboard."""
    gate = use_gate()
    page = ft.context.page
    route = page.route or "/"
    typed = ft.use_ref("")
    refusal, set_refusal = ft.use_state("")
    ft.use_effect(lambda: gate.offer(route), [route])

    def join() -> None:
        set_refusal(gate.enter(typed.current.strip()))

    def change(e: ft.Event[ft.TextField]) -> None:
        typed.current = e.control.value or ""

    controls: list[ft.Control] = [] if gate.checking else [
        ft.Icon(ft.Icons.QR_CODE_2, size=96, color=ft.Colors.PRIMARY),
        ft.Text(_(ASK_THE_HOST), theme_style=ft.TextThemeStyle.HEADLINE_SMALL, text_align=ft.TextAlign.CENTER),
        ft.Text(
            _("Scan it with this phone's camera to join the game."),
            color=ft.Colors.ON_SURFACE_VARIANT,
            text_align=ft.TextAlign.CENTER,
        ),
        ft.Text(_("No camera at hand? Type the table key the host reads out:"), text_align=ft.TextAlign.CENTER),
        ft.TextField(label=_("Table key"), value=typed.current, on_change=change, on_submit=lambda: join(),
                     autocorrect=False, capitalization=ft.TextCapitalization.CHARACTERS, width=320),
        error_line(refusal),
        ft.FilledButton(_("Join"), icon=ft.Icons.LOGIN, on_click=lambda: join(), height=TOUCH),
    ]
    return ft.View(
        route=ft.use_view_path(),
        vertical_alignment=ft.MainAxisAlignment.CENTER,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[control for control in controls if control is not None],
        spacing=12,
        padding=24,
        scroll=ft.ScrollMode.AUTO,
    )


LOCKED_ROUTES: list[ft.Route] = [
    ft.Route(index=True, component=AskTheHost),
    ft.Route(path=":rest*", component=AskTheHost),
]
"""Every address of a session without the key leads to :func:`AskTheHost`."""


@ft.component
def KeyGate(access, routes: list[ft.Route]):
    """The app's router on ``routes`` when this session may open it, else one to :func:`AskTheHost`.

    Takes the process's ``TableAccess`` and the app's route table. With no key asked, shows the
    app. Else: an admitted key in the address the browser opened (at first, or later in the same
    tab, which Flet serves on the same session), or typed on :func:`AskTheHost`, is kept on the
    phone and taken out of the address bar; without one, the key kept on the phone is tried. A key
    offered from a link, typed or kept on the phone counts against the phone's address when it is
    wrong (``TableAccess.tries``: after a few wrong keys, the address waits before its next key is
    checked). The key is checked again at every render and whenever another session renews it
    (heard on ``KEY_TOPIC`` through the session's ``companion.table.live.Listening``, which
    listens again after a reload or a dropped connection and checks once more then).
    """
    page = ft.context.page
    session = use_session(watch=())
    presented, set_presented = ft.use_state(None)
    _renewals, set_renewals = ft.use_state(0)

    async def admit(key: str):
        await keep_key(session.prefs, key)
        set_presented(key)
        page.navigate(without_key(page.route or "/"))

    async def find_key():
        kept = await kept_key(session.prefs)
        if kept and not access.tries(kept, page.client_ip):
            kept = ""
        set_presented(lambda current: kept if current is None else current)

    def enter(key: str) -> str:
        wait = access.wait_left(page.client_ip)
        if not key or wait > 0 or not access.tries(key, page.client_ip):
            return key_refusal(key, wait)
        page.run_task(admit, key)
        return ""

    def offer(route: str):
        enter(key_in(route) or "")

    def recheck():
        set_renewals(lambda count: count + 1)

    def listen():
        if not access.required:
            return None
        page.run_task(find_key)
        return session.listening.listen(KEY_TOPIC, recheck)

    ft.use_effect(listen, [])

    def renew():
        key = access.renew()
        set_presented(key)
        page.run_task(keep_key, session.prefs, key)
        page.pubsub.send_others_on_topic(KEY_TOPIC, None)

    if not access.admits(presented):
        gate = Gate(access, renew, offer, enter, checking=presented is None)
        return GateContext(gate, lambda: ft.Router(LOCKED_ROUTES, manage_views=True, key="locked"))
    return GateContext(Gate(access, renew, offer, enter), lambda: ft.Router(routes, manage_views=True, key="open"))
