"""A line chart of every player's running total over the rounds (flet-charts).

Shown on a finished game (the score pad and History). The points are the
pad's rows: x = round number (0 = before round 1), y = running total.

``flet_charts`` is imported when the first chart is drawn, not when the app
starts (it is the heaviest import of the app's cold start).
"""

from __future__ import annotations

import flet as ft

from companion.i18n import _
from companion.pads import Pad

PLAYER_COLOURS: tuple[str, ...] = (
    ft.Colors.BLUE_400,
    ft.Colors.ORANGE_400,
    ft.Colors.GREEN_400,
    ft.Colors.PINK_300,
    ft.Colors.PURPLE_300,
    ft.Colors.BROWN_300,
)
"""One line colour per seat (up to 6 players), readable on light and dark."""

CHART_HEIGHT = 220


def _axis_labels(top: int) -> list[int]:
    """About five round numbers along the x axis."""
    step = max(1, round(top / 5))
    return list(range(0, top + 1, step))


def _grid_step(span: int) -> int:
    """A round step (1, 2, 5, 10, 20, 50, ...) giving about six grid lines over ``span`` points."""
    scale = 1
    while True:
        for factor in (1, 2, 5):
            if span <= 6 * factor * scale:
                return factor * scale
        scale *= 10


def totals_chart(pad: Pad) -> ft.Control:
    """The running totals of ``pad`` as lines, with a legend of the players."""
    import flet_charts as fch

    def labels(values: range | list[int]) -> list[fch.ChartAxisLabel]:
        return [fch.ChartAxisLabel(value=value, label=ft.Text(str(value), size=11)) for value in values]

    rows = pad.rows
    highest = max([0, *[max(row.totals.values()) for row in rows]])
    lowest = min([0, *[min(row.totals.values()) for row in rows]])
    step = _grid_step(max(1, highest - lowest))
    lowest = (lowest // step) * step
    top = (highest // step + 1) * step
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=0, y=0)]
            + [fch.LineChartDataPoint(x=row.number, y=row.totals[player]) for row in rows],
            color=PLAYER_COLOURS[seat % len(PLAYER_COLOURS)],
            stroke_width=3,
            point=True,
        )
        for seat, player in enumerate(pad.players)
    ]
    chart = fch.LineChart(
        data_series=series,
        height=CHART_HEIGHT,
        min_x=0,
        max_x=max(1, len(rows)),
        min_y=lowest,
        max_y=top,
        interactive=False,
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.with_opacity(0.2, ft.Colors.ON_SURFACE), width=1
        ),
        left_axis=fch.ChartAxis(labels=labels(range(lowest, top + 1, step)), label_size=36),
        bottom_axis=fch.ChartAxis(
            labels=labels(_axis_labels(len(rows))),
            label_size=24,
            title=ft.Text(_("round"), size=11),
            title_size=18,
        ),
    )
    legend = ft.Row(
        [
            ft.Row(
                [
                    ft.Container(width=14, height=14, border_radius=7,
                                 bgcolor=PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]),
                    ft.Text(player, size=13),
                ],
                spacing=4,
                tight=True,
            )
            for seat, player in enumerate(pad.players)
        ],
        wrap=True,
        spacing=12,
    )
    return ft.Semantics(
        identifier="totals-chart",
        label=_("Chart of the running totals over the rounds"),
        container=True,
        content=ft.Column([ft.Container(chart, padding=ft.Padding.only(right=16)), legend], spacing=8),
    )
