"""The score table's rounds: one line per round, players across.

Every number comes from the pad (``pad.rows``); this module only lays them
out. :data:`RoundRows` shows each round: its number (a button opening the
round's detail, ``on_detail(number)``), then per player the running total,
the game's ``change_text`` (the change of the round; Up to 9 adds the
level) and the marks D (dealt) and S (started). A tap elsewhere on a round
row calls ``on_row(number)`` (edit or delete it). Each round is a
:class:`Line` of plain text worked out first (:func:`round_line`, once for
every phone: :func:`companion.ui.worked_out.worked_out`) and painted by a
memoised component keyed by :func:`line_key`, a few controls each (each
cell is one text of two styled parts), so a save paints again only the
rounds it changed (a new round, or the rounds after an edited one); while
folded, a new round takes over the line of the round that leaves the fold. The table shows
the newest :data:`ROUNDS_SHOWN` rounds, the older ones behind one "Show
all rounds" button: a screen of round 22 holds about as many controls as
one of round 1. The header over the rounds is
:mod:`companion.ui.score_table`'s.

Test ids: ``round-<n>`` (a round row).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.i18n import N_, _, ngettext, pgettext
from companion.pads import Pad, Row
from companion.ui.games import game_ui
from companion.ui.state import use_latest
from companion.ui.widgets import TOUCH
from companion.ui.worked_out import worked_out

ROUND_COLUMN = TOUCH
"""Width of the round-number column (a button), in logical pixels."""

SMALL_TEXT = 13
"""Font size of a cell's change and marks, and of the legends (logical pixels)."""

NAME_TEXT = 14
"""Font size of the names in the header."""

MARKS_LEGEND = N_("D dealt, S started the round.")
"""What the letters in a round's cells mean (shown under a table with rounds; a
msgid: show it through ``_()``)."""

TAP_HINT = N_("Tap a round to change or delete it, its number to see what was entered.")
"""How to reach a round's sheet and its detail (shown under the pad's rounds; a
msgid: show it through ``_()``)."""


def _marks(row: Row, player: str) -> str:
    """ "D" when ``player`` dealt the round, "S" when they started it, both "DS"
    (the letters of the current language, as ``MARKS_LEGEND`` explains them)."""
    dealt = pgettext("round mark: dealt", "D") if row.dealer == player else ""
    return dealt + (pgettext("round mark: started", "S") if row.starter == player else "")


@dataclass(frozen=True)
class Cell:
    """One player's cell of one round, as text.

    Attributes:
        player: the player's name.
        total: the running total after the round ("12").
        change: the game's ``change_text`` of the round ("+5", Up to 9's
            "+5 L2").
        marks: "D" (dealt), "S" (started), "DS" or "".
    """

    player: str
    total: str
    change: str
    marks: str


@dataclass(frozen=True)
class Line:
    """One round of the table, every word of it already in the session's
    language: equal values paint the same line, so a line that did not
    change is not built again (:func:`RoundLine` is memoised on it).

    Attributes:
        number: the round's number (from 1).
        short: the number column's text ("R4").
        label: the line's name for screen readers and tests ("Round 4").
        detail_label: the number button's name ("Round 4 detail").
        cells: one :class:`Cell` per player, in seating order.
    """

    number: int
    short: str
    label: str
    detail_label: str
    cells: tuple[Cell, ...]


def round_line(pad: Pad, row: Row) -> Line:
    """The :class:`Line` of ``row`` (one of ``pad.rows``): running totals,
    the game's change text (its UI module's ``change_text``) and the marks."""
    change_text = game_ui(pad.GAME).change_text
    return Line(
        number=row.number,
        short=_("R{number}").format(number=row.number),
        label=_("Round {number}").format(number=row.number),
        detail_label=_("Round {number} detail").format(number=row.number),
        cells=tuple(
            Cell(player, str(row.totals[player]), change_text(pad, row, player), _marks(row, player))
            for player in pad.players
        ),
    )


TOTAL_STYLE = ft.TextStyle(size=18, weight=ft.FontWeight.W_600)
CHANGE_STYLE = ft.TextStyle(size=SMALL_TEXT, weight=ft.FontWeight.W_500, color=ft.Colors.ON_SURFACE_VARIANT)
"""The styles of a cell's two parts: the running total; the change and the marks under it."""

NUMBER_BORDER = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)
LINE_PADDING = ft.Padding.symmetric(vertical=2)
"""The frame of a round's number button and the room inside a round's line
(built once, like the styles: a line built again compares the same objects)."""

ROUNDS_SHOWN = 3
"""Rounds the table shows while folded: the newest ones. Older rounds are
behind one "Show all rounds" button, so the screen holds about as many
controls at round 22 as at round 1 (bench/render.py --controls)."""


def _cell(cell: Cell) -> ft.Control:
    """One player's cell of a round: one text, the running total, with the
    change and the marks under it as its one styled part ("12" over "+5
    D"): two controls. A screen reader hears the cells with the round's
    line they are in ("Round 4, 12, +5 D, ...")."""
    under = f"{cell.change} {cell.marks}" if cell.marks else cell.change
    return ft.Text(
        cell.total, style=TOTAL_STYLE, spans=[ft.TextSpan("\n" + under, style=CHANGE_STYLE)],
        text_align=ft.TextAlign.CENTER, expand=1,
    )


def _round_number(line: Line, on_detail: Callable[[int], None] | None) -> ft.Control:
    """The round's number ("R4"); a framed button named "Round <n> detail"
    when ``on_detail`` is given."""
    if on_detail is None:
        return ft.Text(line.short, size=NAME_TEXT, color=ft.Colors.ON_SURFACE_VARIANT, width=ROUND_COLUMN,
                       text_align=ft.TextAlign.CENTER)
    label = ft.Text(line.short, size=NAME_TEXT, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Semantics(
        label=line.detail_label,
        button=True,
        exclude_semantics=True,
        on_tap=lambda: on_detail(line.number),
        content=ft.Container(
            width=ROUND_COLUMN,
            height=TOUCH,
            border_radius=8,
            border=NUMBER_BORDER,
            ink=True,
            on_click=lambda: on_detail(line.number),
            alignment=ft.Alignment.CENTER,
            content=label,
        ),
    )


@ft.component
def _RoundLine(
    line: Line, on_row: Callable[[int], None] | None, on_detail: Callable[[int], None] | None
) -> ft.Control:
    """One round as a line: its number (the detail's button), then its
    cells, tapped together (the number stays outside the round's tap, a
    button of its own); a line without ``on_row`` is only read: no frame to
    tap, its number inside the round."""
    cells = [_cell(cell) for cell in line.cells]
    if on_row is None:
        return ft.Semantics(
            identifier=f"round-{line.number}",
            label=line.label,
            container=True,
            content=ft.Row([_round_number(line, on_detail), *cells], spacing=2, height=TOUCH + 8,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER),
        )
    return ft.Row(
        [
            _round_number(line, on_detail),
            ft.Semantics(
                identifier=f"round-{line.number}",
                button=True,
                label=line.label,
                container=True,
                expand=True,
                content=ft.Container(
                    height=TOUCH + 8,
                    border_radius=8,
                    padding=LINE_PADDING,
                    ink=True,
                    on_click=lambda: on_row(line.number),
                    content=ft.Row(cells, spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                ),
            ),
        ],
        spacing=2,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


RoundLine = ft.memo(_RoundLine)
"""A round's line, built again only when its :class:`Line` (or a handler)
is not equal to the one it was built from: after a save, the lines of the
rounds that did not change cost nothing to paint. Keyed by :func:`line_key`,
so a line keeps its place in the diff when the rounds shown move on, and
while folded the line of the round that leaves is reused for the new one."""


def round_lines(pad: Pad, unfolded: bool) -> tuple[Line, ...]:
    """The :class:`Line` of each round the table shows (:func:`shown_rows`),
    oldest first (:func:`round_line`), worked out once per pad and language
    for every phone (:func:`worked_out`): a folded table works out the
    lines of its newest rounds, not one line per round of the game."""
    return worked_out(pad, "lines" if unfolded else "newest lines",
                      lambda shown: tuple(round_line(shown, row) for row in shown_rows(shown.rows, unfolded)))


def shown_rows(rows: list[Row], unfolded: bool) -> list[Row]:
    """The rounds the table shows: all of ``rows`` when ``unfolded`` or when
    they are no more than :data:`ROUNDS_SHOWN`, else the newest
    :data:`ROUNDS_SHOWN` of them."""
    return rows if unfolded else rows[-ROUNDS_SHOWN:]


def line_key(number: int, unfolded: bool) -> int:
    """The key of round ``number``'s line in the table: while folded, its
    place in a ring of :data:`ROUNDS_SHOWN` (``number % ROUNDS_SHOWN``),
    so the line of the round that leaves the fold when a round is added
    takes the new round (one line built again and its changes sent, the
    two others only moved up) rather than one line removed and a whole new
    one built and sent, which costs Flet about twice as much on every
    phone watching (bench/render.py); unfolded, the round's number (each
    round keeps its line, a new round adds one)."""
    return number if unfolded else number % ROUNDS_SHOWN


def fold_label(rounds: int, unfolded: bool) -> str:
    """The words of the button that folds or unfolds a table of ``rounds``
    rounds: "Show all 22 rounds", or "Show only the last 3 rounds"."""
    if unfolded:
        return ngettext("Show only the last round", "Show only the last {count} rounds", ROUNDS_SHOWN).format(
            count=ROUNDS_SHOWN)
    return ngettext("Show all {count} rounds", "Show all {count} rounds", rounds).format(count=rounds)


@ft.component
def _RoundRows(
    lines: tuple[Line, ...],
    rounds: int,
    on_row: Callable[[int], None] | None = None,
    on_detail: Callable[[int], None] | None = None,
    unfolded: bool = False,
    on_fold: Callable[[bool], None] | None = None,
) -> ft.Control:
    """The rounds ``lines`` of a game of ``rounds`` rounds (:func:`round_lines`
    with the same ``unfolded``), oldest first, in a column;
    ``on_row(number)`` is called when a round is tapped, ``on_detail(number)``
    when its number is.

    Folded (``unfolded`` False), the column holds the newest
    :data:`ROUNDS_SHOWN` rounds and, above them when there are more, one
    button that shows them all (:func:`fold_label`); unfolded, every round,
    under the button that folds it again. The button calls
    ``on_fold(unfolded)`` with the state asked for: the caller keeps it (the
    pad's table must know it, :func:`companion.ui.pad_parts.pad_layout`;
    :data:`FoldingRounds` keeps its own). Each round is a :data:`RoundLine` keyed by
    :func:`line_key`, with handlers that stay the same from one render to the next (calling
    the latest ``on_row`` / ``on_detail``), so after a save only the new or
    changed lines are built and sent. A line whose round, handlers and key
    are those of the last render is that render's very component, kept:
    Flet skips it without comparing it (an equal one built anew would be
    compared, then skipped by its memo).
    """
    tap_row = use_latest(lambda number: on_row(number))
    tap_detail = use_latest(lambda number: on_detail(number))
    rows: list[ft.Control] = []
    if rounds > ROUNDS_SHOWN:
        rows.append(
            ft.TextButton(
                fold_label(rounds, unfolded),
                icon=ft.Icons.UNFOLD_LESS if unfolded else ft.Icons.UNFOLD_MORE,
                height=TOUCH,
                on_click=lambda: on_fold(not unfolded),
            )
        )
    kept = ft.use_ref({})
    lines_now = {}
    for line in lines:
        args = (line, tap_row if on_row is not None else None, tap_detail if on_detail is not None else None,
                line_key(line.number, unfolded))
        lines_now[args] = kept.current.get(args) or RoundLine(*args[:3], key=args[3])
        rows.append(lines_now[args])
    kept.current = lines_now
    return ft.Column(rows, spacing=2)


RoundRows = ft.memo(_RoundRows)
"""The rounds of the table (:func:`_RoundRows`), skipped whole while its
lines, fold and handlers are equal to the last ones (a screen drawn again
for anything but a change of the game)."""


def pad_rounds(
    pad: Pad,
    unfolded: bool,
    on_row: Callable[[int], None] | None = None,
    on_detail: Callable[[int], None] | None = None,
    on_fold: Callable[[bool], None] | None = None,
) -> ft.Control:
    """:data:`RoundRows` of ``pad``'s rounds as the table shows them
    (``unfolded`` or its newest only: :func:`round_lines`), with the
    handlers :data:`RoundRows` takes."""
    return RoundRows(round_lines(pad, unfolded), len(pad.rows), on_row, on_detail, unfolded, on_fold)


@ft.component
def FoldingRounds(pad: Pad) -> ft.Control:
    """:func:`pad_rounds` of ``pad`` that keeps whether it is unfolded
    itself (folded as it opens), for a table that is only read."""
    unfolded, set_unfolded = ft.use_state(False)
    return pad_rounds(pad, unfolded, on_fold=set_unfolded)
