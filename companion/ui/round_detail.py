"""One round as it was scored: what was entered for each player and what it
made (the change of the total, the penalty, the give-back, the contract).

Opened from a round's number on the score pad (``RoundRows``' detail
button); "Change this round" opens the round's entry sheet. Every figure is
the pad's (``pad.rows``); what was entered is said by the game's UI module
(``entry_lines``). Test ids: ``detail-<player>`` (a player's box).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.pads import Pad
from companion.pads.base import points_text
from companion.ui.entry_sheet import player_card
from companion.ui.games import game_ui
from companion.ui.score_table import signed
from companion.ui.widgets import SUIT_TEXT, screen_header


def detail_lines(pad: Pad, number: int, player: str) -> list[str]:
    """What round ``number`` (from 1) was for ``player``, in lines: the change
    of the total and the total after it, the penalty points where they
    differ from that change (One Up's give-back), what was entered (the
    game's ``entry_lines``) and the pad's note (went out, gave back 10, laid
    down level 3)."""
    row = pad.rows[number - 1]
    lines = [_("{change} this round, total {total}").format(change=signed(row.points[player]),
                                                            total=row.totals[player])]
    if row.penalty and row.penalty[player] != row.points[player]:
        lines.append(_("penalty {points}").format(points=points_text(row.penalty[player])))
    lines.extend(game_ui(pad.GAME).entry_lines(pad, number, player))
    if row.detail.get(player):
        lines.append(row.detail[player])
    return lines


def who_dealt(pad: Pad, number: int) -> str:
    """ "Ann dealt, Ben started" (or only the dealer when the pad can not know who started)."""
    row = pad.rows[number - 1]
    if row.starter:
        return _("{dealer} dealt, {starter} started").format(dealer=row.dealer, starter=row.starter)
    return _("{dealer} dealt").format(dealer=row.dealer)


@ft.component
def RoundDetail(pad: Pad, number: int, on_edit: Callable[[int], None], on_close: Callable[[], None]) -> ft.Control:
    """Round ``number`` of ``pad`` as it was scored, one box per player, its lines in
    ``SUIT_TEXT`` (they may quote cards); ``on_edit(number)`` opens its entry sheet,
    ``on_close()`` goes back to the table."""
    boxes = [
        player_card(
            [
                ft.Text(player, size=18, weight=ft.FontWeight.W_600),
                *[ft.Text(line, size=15, style=SUIT_TEXT) for line in detail_lines(pad, number, player)],
            ],
            test_id=f"detail-{player}",
        )
        for player in pad.players
    ]
    return ft.Column(
        [
            screen_header(_("Round {number}").format(number=number), who_dealt(pad, number), back=on_close),
            *boxes,
            ft.Row(
                [
                    ft.FilledButton(
                        _("Change this round"), icon=ft.Icons.EDIT, height=56, expand=True,
                        on_click=lambda: on_edit(number),
                    ),
                    ft.OutlinedButton(_("Back to the table"), height=56, on_click=on_close),
                ]
            ),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
