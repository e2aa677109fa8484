"""QR codes on the screens, drawn by segno (a maintained QR library).

One helper, :func:`qr_image`, for every screen that shows a link to scan
(the board for the table, the invitation of the phones).
"""

from __future__ import annotations

import io

import flet as ft

from companion.i18n import _

QR_SIZE = 240
"""Width and height of a QR code on the screen, in logical pixels."""

QR_SCALE = 8
"""Pixels per QR module in the PNG (sharp when the image is shown at ``QR_SIZE``)."""


def qr_png(url: str) -> bytes:
    """The QR code of ``url`` (a ``str``) as PNG bytes: black on white, with
    the quiet zone of 4 modules the QR standard asks for, error correction
    level M (segno picks the smallest version that holds ``url``).

    Raises:
        segno.DataOverflowError: ``url`` is too long for any QR code.
    """
    import segno  # deferred: see companion.ui.startup

    buffer = io.BytesIO()
    segno.make(url, error="m", micro=False).save(buffer, kind="png", scale=QR_SCALE, border=4)
    return buffer.getvalue()


def qr_image(url: str, size: int = QR_SIZE) -> ft.Image:
    """An ``ft.Image`` of the QR code of ``url``, ``size`` logical pixels
    square, named "QR code of <url>" (in the current language) for screen readers.

    Raises:
        segno.DataOverflowError: ``url`` is too long for any QR code.
    """
    return ft.Image(
        src=qr_png(url), width=size, height=size, fit=ft.BoxFit.CONTAIN,
        filter_quality=ft.FilterQuality.NONE,
        semantics_label=_("QR code of {url}").format(url=url),
    )
