"""The score table: players across, rounds down, running totals in each cell.

Every number comes from the pad (``pad.rows``, ``pad.totals``,
``pad.leaders``, ``pad.winners``); this module only lays them out. The
header shows each player's total in big digits with the leader (or winner)
highlighted, and what the game adds under it (its UI module's
``total_extras``: One Up's chips, Up to 9's level); each round row shows the
running totals, the game's ``change_text`` (the change of the round, or Up
to 9's level) and marks the dealer (D) and the starting player (S). A tap on a
round row calls ``on_row(number)`` (edit or delete it).

Test ids: ``total-<player>`` (the big total), ``level-<player>`` (Up to 9),
``round-<n>`` (a round row).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.pads import Pad, Row
from companion.ui.games import game_ui
from companion.ui.widgets import BIG_DIGITS, TOUCH, labelled

ROUND_COLUMN = 40
"""Width of the round-number column, in logical pixels."""

MARKS_LEGEND = "D dealt, S started."
"""What the letters beside a round's change mean (shown under a table with rounds)."""


def signed(points: int) -> str:
    """A change of a total with its sign: "+5", "-10", "0"."""
    return f"+{points}" if points > 0 else str(points)


def _header(pad: Pad) -> ft.Control:
    """Names and big totals; the leaders (winners once over) highlighted."""
    highlighted = set(pad.winners or pad.leaders) if pad.rows else set()
    ui = game_ui(pad.GAME)
    totals = pad.totals
    cells: list[ft.Control] = [ft.Container(width=ROUND_COLUMN)]
    for player in pad.players:
        lead = player in highlighted
        extra = ui.total_extras(pad, player)
        cells.append(
            ft.Container(
                expand=1,
                padding=ft.Padding.symmetric(vertical=6, horizontal=2),
                border_radius=10,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else None,
                content=ft.Column(
                    [
                        ft.Text(
                            player, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                            weight=ft.FontWeight.W_600 if lead else None,
                            color=ft.Colors.ON_PRIMARY_CONTAINER if lead else None,
                        ),
                        labelled(
                            f"total-{player}",
                            ft.Text(
                                str(totals[player]), size=BIG_DIGITS, weight=ft.FontWeight.BOLD,
                                color=ft.Colors.ON_PRIMARY_CONTAINER if lead else None,
                            ),
                        ),
                        *extra,
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            )
        )
    return ft.Row(cells, spacing=2, vertical_alignment=ft.CrossAxisAlignment.START)


def _cell(pad: Pad, row: Row, player: str) -> ft.Control:
    """One player's cell of one round: running total, change, markers."""
    marks = []
    if row.dealer == player:
        marks.append("D")
    if row.starter == player:
        marks.append("S")
    small = game_ui(pad.GAME).change_text(pad, row, player)
    if marks:
        small = f"{small} {''.join(marks)}"
    return ft.Container(
        expand=1,
        content=ft.Column(
            [
                ft.Text(str(row.totals[player]), size=18, weight=ft.FontWeight.W_600),
                ft.Text(small, size=11, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )


def _round_row(pad: Pad, row: Row, on_row: Callable[[int], None] | None) -> ft.Control:
    """One round as a tappable line."""
    line = ft.Container(
        height=TOUCH + 4,
        border_radius=8,
        padding=ft.Padding.symmetric(vertical=4),
        ink=on_row is not None,
        on_click=partial(on_row, row.number) if on_row else None,
        content=ft.Row(
            [
                ft.Container(
                    width=ROUND_COLUMN,
                    content=ft.Text(f"R{row.number}", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                    alignment=ft.Alignment.CENTER,
                ),
                *[_cell(pad, row, player) for player in pad.players],
            ],
            spacing=2,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )
    return ft.Semantics(
        identifier=f"round-{row.number}",
        button=on_row is not None,
        label=f"Round {row.number}",
        container=True,
        content=line,
    )


def score_table(pad: Pad, on_row: Callable[[int], None] | None = None) -> ft.Control:
    """The whole table for ``pad``; ``on_row(number)`` is called when a round is tapped."""
    lines: list[ft.Control] = [_header(pad), ft.Divider(height=1)]
    lines.extend(_round_row(pad, row, on_row) for row in pad.rows)
    return ft.Column(lines, spacing=2)
