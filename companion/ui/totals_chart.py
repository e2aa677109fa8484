"""A line chart of every player's running total over the rounds (flet-charts).

Shown on a finished game of more than one round (the score pad, and
History behind a button: :func:`FoldedChart`). The points are the pad's
rows: x = round number (0 = before round 1), y = running total; built
again only when a round changed them (:data:`TotalsChart` is memoised on
:class:`ChartLines`, worked out once per save for every phone).

``flet_charts`` is imported when the first chart is drawn, not when the app
starts (it is the heaviest import of the app's cold start).
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.i18n import _
from companion.pads import Pad
from companion.ui.widgets import TOUCH
from companion.ui.worked_out import worked_out

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


@dataclass(frozen=True)
class ChartLines:
    """The chart's lines as plain values: equal values draw the same chart,
    so the chart is built again only when a round changed it.

    Attributes:
        players: the players in seating order (one line and colour each).
        totals: per player, the running total after each round, from round 1.
    """

    players: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]

    @property
    def rounds(self) -> int:
        """How many rounds the lines run over."""
        return len(self.totals[0]) if self.totals else 0


def chart_lines(pad: Pad) -> ChartLines:
    """The :class:`ChartLines` of ``pad`` (its rows' running totals), worked
    out once per pad and change for every phone showing it
    (:func:`companion.ui.worked_out.worked_out`)."""
    return worked_out(pad, "chart", lambda shown: ChartLines(
        tuple(shown.players), tuple(tuple(row.totals[player] for row in shown.rows) for player in shown.players)))


def _axis_range(lines: ChartLines) -> tuple[int, int, int]:
    """The y axis of ``lines``: (lowest, top, step), a round step of about six
    grid lines (:func:`_grid_step`) from a multiple of it at or below the
    lowest total (and 0) to the one above the highest."""
    values = [0, *(total for line in lines.totals for total in line)]
    step = _grid_step(max(1, max(values) - min(values)))
    return (min(values) // step) * step, (max(values) // step + 1) * step, step


def _legend(players: tuple[str, ...]) -> ft.Control:
    """The players' names, each after a dot of its line's colour."""
    return ft.Row(
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
            for seat, player in enumerate(players)
        ],
        wrap=True,
        spacing=12,
    )


@ft.component
def _TotalsChart(lines: ChartLines, round_word: str, label: str) -> ft.Control:
    """The running totals of ``lines`` as lines (x: the round, 0 before round
    1; y: the total), with a legend of the players; ``round_word`` names the
    x axis, ``label`` is what a screen reader says of the chart."""
    import flet_charts as fch

    def labels(values: range | list[int]) -> list[fch.ChartAxisLabel]:
        return [fch.ChartAxisLabel(value=value, label=ft.Text(str(value), size=11)) for value in values]

    lowest, top, step = _axis_range(lines)
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=0, y=0)]
            + [fch.LineChartDataPoint(x=number, y=total) for number, total in enumerate(totals, start=1)],
            color=PLAYER_COLOURS[seat % len(PLAYER_COLOURS)],
            stroke_width=3,
            point=True,
        )
        for seat, totals in enumerate(lines.totals)
    ]
    chart = fch.LineChart(
        data_series=series, height=CHART_HEIGHT, min_x=0, max_x=max(1, lines.rounds), min_y=lowest, max_y=top,
        interactive=False,
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.with_opacity(0.2, ft.Colors.ON_SURFACE), width=1
        ),
        left_axis=fch.ChartAxis(labels=labels(range(lowest, top + 1, step)), label_size=36),
        bottom_axis=fch.ChartAxis(labels=labels(_axis_labels(lines.rounds)), label_size=24,
                                  title=ft.Text(round_word, size=11), title_size=18),
    )
    return ft.Semantics(
        identifier="totals-chart",
        label=label,
        container=True,
        content=ft.Column([ft.Container(chart, padding=ft.Padding.only(right=16)), _legend(lines.players)], spacing=8),
    )


TotalsChart = ft.memo(_TotalsChart)
"""The chart (:func:`_TotalsChart`), built again only when its lines or words changed."""


def totals_chart(pad: Pad) -> ft.Control:
    """The running totals of ``pad`` as lines, with a legend of the players
    (:data:`TotalsChart` of :func:`chart_lines`)."""
    return TotalsChart(chart_lines(pad), _("round"), _("Chart of the running totals over the rounds"))


@ft.component
def FoldedChart(pad: Pad) -> ft.Control:
    """The chart of ``pad`` behind a button, built only once asked for
    ("Show the chart of the totals"; "Hide the chart" folds it again): its
    points are the rounds, so a screen that shows a game's rounds folded
    holds as many controls at round 22 as at round 1 until the chart is
    opened."""
    shown, set_shown = ft.use_state(False)
    button = ft.TextButton(
        _("Hide the chart") if shown else _("Show the chart of the totals"),
        icon=ft.Icons.EXPAND_LESS if shown else ft.Icons.SHOW_CHART,
        height=TOUCH,
        on_click=lambda: set_shown(not shown),
    )
    return ft.Column([button, totals_chart(pad)], spacing=8) if shown else button
