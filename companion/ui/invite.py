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
    reach it. With a key (shown in groups, to be read aloud), "Renew the key" makes a new one:
    every other phone and the board must scan again (a key the data folder can not take is told in
    the message bar, and the key stays as it was).
    """
    gate = use_gate()
    session = use_session()
    access = gate.access
    url = access.invite_url(path)

    def renew():
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
        lines += [
            ft.Semantics(
                identifier="invite-key",
                content=ft.Text(_("Table key: {key}").format(key=spoken_key(access.key)), weight=ft.FontWeight.W_600),
            ),
            ft.Text(
                _("Only phones with this key see the games. Renewing it locks out every other phone "
                  "and the board until each scans the new code."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            ft.OutlinedButton(_("Renew the key"), icon=ft.Icons.KEY, on_click=renew, height=TOUCH),
        ]
    else:
        lines.append(
            ft.Text(
                _("Companion listens on this computer only, so phones can not open "
                  "this link. Start it with --host 0.0.0.0 to let them join."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return ft.Column(lines, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
