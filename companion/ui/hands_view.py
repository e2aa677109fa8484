"""The pad's box for the round being entered hand by hand: who is done, who
is missing, and the save once every hand is in; or, when that round was
saved another way, that the hands entered were not used.

Layout only: the words come from :mod:`companion.pads.hands` and
:mod:`companion.table.hands`.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import N_, _
from companion.table.hands import Hands
from companion.ui.widgets import TOUCH

MY_HAND = N_("My hand")
"""The pad's button that opens this phone's player's own hand (marked; translate where shown)."""


def hands_box(hands: Hands, on_save: Callable[[], None], on_clear: Callable[[], None]) -> ft.Control | None:
    """The box above the pad's buttons (None when no round is being
    entered hand by hand): the round, who is done and who is missing
    ("Ann done, Cy done, waiting for Ben") and "Save round 4" once every
    hand is in; for a draft whose round was saved another way, why its
    hands were not used and "OK" (``on_clear``) to put the box away."""
    if hands.stale:
        return ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=10,
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SECONDARY_CONTAINER),
                    ft.Semantics(
                        identifier="hands-stale", expand=True,
                        content=ft.Text(hands.stale, color=ft.Colors.ON_SECONDARY_CONTAINER),
                    ),
                    ft.TextButton(_("OK"), on_click=on_clear, height=TOUCH),
                ]
            ),
        )
    if hands.status is None:
        return None
    now = hands.status
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.GROUPS, color=ft.Colors.ON_PRIMARY_CONTAINER),
                ft.Text(_("Round {number}, hand by hand").format(number=now.number), weight=ft.FontWeight.W_600,
                        color=ft.Colors.ON_PRIMARY_CONTAINER, expand=True),
            ]
        ),
        ft.Semantics(
            identifier="hands-status",
            content=ft.Text(now.text, size=16, color=ft.Colors.ON_PRIMARY_CONTAINER),
        ),
    ]
    if now.complete:
        lines.append(
            ft.FilledButton(_("Save round {number}").format(number=now.number), icon=ft.Icons.CHECK, on_click=on_save, height=TOUCH)
        )
    return ft.Semantics(
        identifier="hands",
        container=True,
        content=ft.Container(
            bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=12, padding=10,
            content=ft.Column(lines, spacing=6),
        ),
    )


@ft.component
def _HandsBox(hands: Hands, language: str, on_save: Callable[[], None], on_clear: Callable[[], None]) -> ft.Control:
    """:func:`hands_box` in ``language`` (a language code), for a pad that
    has a round being entered hand by hand or a draft not used."""
    return hands_box(hands, lambda: on_save(), lambda: on_clear())


HandsBox = ft.memo(_HandsBox)
"""The hands box (:func:`_HandsBox`), built again only when who is done
changes (or the language): a save of another kind leaves it as it is. Give
it handlers that stay the same from one render to the next."""
