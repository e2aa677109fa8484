""""Invite phones" (from the pad's menu): the QR code a phone scans to open this game.

The code (drawn with segno) and the link under it name the machine's
address on the network and, when the app asks for one, the table's key;
the host can renew the key here (see companion/ui/access.py).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.errors import StoreError
from companion.i18n import _
from companion.server.key import spoken_key
from companion.ui.access import use_gate
from companion.ui.qr import qr_image
from companion.ui.state import use_session
from companion.ui.widgets import TOUCH, screen_header


@ft.component
def InviteView(path: str, title: str, back: Callable[[], None]) -> ft.Control:
    """The invite for the screen at ``path`` (such as ``/pad/<id>``): QR code,
    link and key under the title ``title``; ``back`` leaves it.

    When the app listens on this computer only, says that phones can not
    reach it. With a key (shown in groups, to be read aloud), "Renew the key" asks first, then
    "Renew now" makes a new one: every other phone and the board must scan again (a key the data
    folder can not take is told in the message bar, and the key stays as it was); "Keep this key"
    leaves it.
    """
    gate = use_gate()
    session = use_session()
    access = gate.access
    url = access.invite_url(path)
    asking, set_asking = ft.use_state(False)

    def renew():
        set_asking(False)
        try:
            gate.renew()
        except StoreError as error:
            session.tell(str(error))
            return
        session.tell(_("New key: every other phone and the board must scan the code again"))

    lines: list[ft.Control] = [
        screen_header(_("Invite phones"), title, back=back),
        ft.Text(_("Scan with a phone's camera on the same Wi-Fi to open this game there.")),
        ft.Container(
            qr_image(url),
            bgcolor=ft.Colors.WHITE,
            border_radius=12,
            alignment=ft.Alignment.CENTER,
        ),
        ft.Semantics(identifier="invite-link", content=ft.Text(url, size=16)),
    ]
    if access.required:
        lines += _key_lines(access.key, asking, set_asking, renew)
    else:
        lines.append(
            ft.Text(
                _("Companion listens on this computer only, so phones can not open "
                  "this link. Start it with --host 0.0.0.0 to let them join."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return ft.Column(lines, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _key_lines(key: str, asking: bool, set_asking: Callable[[bool], None], renew: Callable[[], None]) -> list[ft.Control]:
    """The invite's lines about the table's ``key``: the key in groups (test id ``invite-key``),
    what renewing it does, and "Renew the key" (``set_asking(True)``), or, while ``asking``,
    "Renew now" (``renew``) and "Keep this key" (``set_asking(False)``)."""
    return [
        ft.Semantics(
            identifier="invite-key",
            content=ft.Text(_("Table key: {key}").format(key=spoken_key(key)), weight=ft.FontWeight.W_600),
        ),
        ft.Text(
            _("Only phones with this key see the games. Renewing it locks out every other phone "
              "and the board until each scans the new code."),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        ft.Row([ft.FilledButton(_("Renew now"), icon=ft.Icons.KEY, on_click=renew, height=TOUCH),
                ft.OutlinedButton(_("Keep this key"), on_click=lambda: set_asking(False), height=TOUCH)],
               wrap=True, spacing=8)
        if asking else
        ft.OutlinedButton(_("Renew the key"), icon=ft.Icons.KEY, on_click=lambda: set_asking(True), height=TOUCH),
    ]
