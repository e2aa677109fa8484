"""The score table: players across, rounds down, running totals in each cell.

Every number comes from the pad (``pad.rows``, ``pad.totals``,
``pad.leaders``, ``pad.winners``); this module only lays them out. The
header shows each player's total in big digits with the leader (or winner)
highlighted (and One Up's chips under it); each round row shows the running totals, the change of the
round, and marks the dealer (D) and the starting player (S). A tap on a
round row calls ``on_row(number)`` (edit or delete it).

Test ids: ``total-<player>`` (the big total), ``level-<player>`` (Up to 9),
``round-<n>`` (a round row).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.pads import Pad, Row
from companion.pads.up_to_nine import FINISHED
from companion.ui.widgets import BIG_DIGITS, TOUCH, labelled

ROUND_COLUMN = 40
"""Width of the round-number column, in logical pixels."""

LEVEL_GAME = "up_to_nine"
"""The game whose cells show a level beside the penalty points."""

CHIPS_GAME = "one_up"
"""The game whose totals are also shown as chips (seed 000, "Variants")."""

MARKS_LEGEND = "D dealt, S started."
"""What the letters beside a round's change mean (shown under a table with rounds)."""


def _signed(points: int) -> str:
    """A change of a total with its sign: "+5", "-10", "0"."""
    return f"+{points}" if points > 0 else str(points)


def chips_view(black: int, white: int) -> ft.Control:
    """One Up's chips: a filled dot per black chip (10), a ringed dot per white chip (1)."""
    dots = [
        ft.Container(width=9, height=9, border_radius=5, bgcolor=ft.Colors.ON_SURFACE)
        for _ in range(black)
    ] + [
        ft.Container(width=9, height=9, border_radius=5, border=ft.Border.all(1.5, ft.Colors.ON_SURFACE))
        for _ in range(white)
    ]
    return ft.Row(dots, spacing=2, run_spacing=2, wrap=True, alignment=ft.MainAxisAlignment.CENTER)


def _header(pad: Pad) -> ft.Control:
    """Names and big totals; the leaders (winners once over) highlighted."""
    highlighted = set(pad.winners or pad.leaders) if pad.rows else set()
    totals = pad.totals
    cells: list[ft.Control] = [ft.Container(width=ROUND_COLUMN)]
    for player in pad.players:
        lead = player in highlighted
        extra: list[ft.Control] = []
        if pad.GAME == LEVEL_GAME:
            level = pad.level(player)
            words = "done" if level == FINISHED else f"level {level}"
            extra.append(labelled(f"level-{player}", ft.Text(words, size=12)))
        if pad.GAME == CHIPS_GAME:
            extra.append(chips_view(*pad.chips(player)))
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
    small = _signed(row.points[player])
    if pad.GAME == LEVEL_GAME:
        small = "done" if row.level[player] == FINISHED else f"L{row.level[player]}"
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
