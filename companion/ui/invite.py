""""Invite phones" (from the pad's menu): the QR code a phone scans to open this game.

The code (drawn with segno) and the link under it name the machine's
address on the network and, when the app asks for one, the table's key;
the host can renew the key here (see companion/ui/access.py).
"""

from __future__ import annotations

import io
from collections.abc import Callable

import flet as ft
import segno

from companion.ui.access import use_gate
from companion.ui.state import use_session
from companion.ui.widgets import TOUCH, screen_header

QR_MODULE_PX = 8
"""Pixels per QR module in the PNG (shown at ``QR_SIZE``, never smoothed)."""

QR_SIZE = 240
"""Width and height of the QR code on screen, in logical pixels."""


def qr_png(text: str) -> bytes:
    """A QR code of ``text`` as PNG bytes: black on white with the standard
    4-module quiet zone, error correction level M (readable when a little
    of the screen shines)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=QR_MODULE_PX, border=4)
    return out.getvalue()


@ft.component
def InviteView(path: str, title: str, back: Callable[[], None]) -> ft.Control:
    """The invite for the screen at ``path`` (such as ``/pad/<id>``): QR code,
    link and key under the title ``title``; ``back`` leaves it.

    When the app listens on this computer only, says that phones can not
    reach it. With a key, "Renew the key" makes a new one: every other
    phone must scan again.
    """
    gate = use_gate()
    session = use_session()
    access = gate.access
    url = access.invite_url(path)

    def renew():
        gate.renew()
        session.tell("New key: every other phone must scan the code again")

    lines: list[ft.Control] = [
        screen_header("Invite phones", title, back=back),
        ft.Text("Scan with a phone's camera on the same Wi-Fi to open this game there."),
        ft.Container(
            ft.Image(
                src=qr_png(url),
                width=QR_SIZE,
                height=QR_SIZE,
                filter_quality=ft.FilterQuality.NONE,
                semantics_label="QR code of the link below",
            ),
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
                content=ft.Text(f"Table key: {access.key}", weight=ft.FontWeight.W_600),
            ),
            ft.Text(
                "Only phones with this key see the games. Renewing it locks out "
                "every other phone until it scans the new code.",
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            ft.OutlinedButton("Renew the key", icon=ft.Icons.KEY, on_click=renew, height=TOUCH),
        ]
    else:
        lines.append(
            ft.Text(
                "Companion listens on this computer only, so phones can not open "
                "this link. Start it with --host 0.0.0.0 to let them join.",
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return ft.Column(lines, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
