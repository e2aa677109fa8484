"""The board's sizes (/board/:game_id): its font sizes and widths for the
screen it is on, so that every player's line fits the screen's width and
height (a TV at the table can not be scrolled).

Plain Python over Flet's text style: :func:`board_sizes` is tested without a
browser; ``companion.ui.board`` lays the board out with what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

BOARD_WIDTH = 1280
"""The screen the board is drawn for (a landscape tablet or TV), in logical pixels."""

SMALLEST_SCALE = 0.45
"""The board shrinks with a narrower or lower screen (a phone) down to this share of its size."""

TIGHT_HEIGHT = 1.05
"""Line height of the board's big texts, a share of their font size (the font size, nearly)."""

TIGHT = ft.TextStyle(height=TIGHT_HEIGHT)
"""The style of the board's big texts: lines of :data:`TIGHT_HEIGHT`."""

TEXT_HEIGHT = 1.35
"""Line height of the board's other texts, a share of their font size (measured in
Chromium at 1280x800: a 26 px note takes 35 px)."""

SCALE_STEP = 0.01
"""How much smaller the board is made at each step until it fits the screen's height."""

FIT_MARGIN = 1.02
"""The share of the board's estimated height a screen must hold for the sizes to be left as
they are: room for what the estimate leaves out (a mark wrapped under a name is counted;
the rounding of each size is not)."""


@dataclass(frozen=True)
class BoardSizes:
    """The sizes of the board, in logical pixels (font sizes and widths); the
    defaults are those of a 1280x800 screen, read from 2 m.

    Attributes:
        total: a player's total.
        name: a name and a place.
        last: a player's score in the last round.
        status: the title line (the game, whose deal) and the winners.
        note: the small lines (the marks, a note under a name, the headings).
        place, last_column, total_column: the widths of those columns.
        gap: the padding and spacing between parts.
    """

    total: int = 88
    name: int = 48
    last: int = 44
    status: int = 36
    note: int = 26
    place: int = 90
    last_column: int = 240
    total_column: int = 260
    gap: int = 16


def board_height(lines: int, marked: int, ended: bool, sizes: BoardSizes = BoardSizes()) -> float:
    """The height the board takes with ``sizes``, in logical pixels (an estimate from the line
    heights: :data:`TIGHT_HEIGHT`, :data:`TEXT_HEIGHT`).

    Args:
        lines: the players' lines (one per player).
        marked: how many of them carry a mark ("deals", "starts"), counted as a line of its own
            under the name (where a long name puts it).
        ended: the end of the game (the winners) shows above the headings.
    """
    small = sizes.note * TEXT_HEIGHT
    spacing = sizes.gap // 2
    height = sizes.gap * 2 + max(48, sizes.status * TEXT_HEIGHT) + spacing + small
    if ended:
        height += spacing + (sizes.status + 8 + sizes.note) * TEXT_HEIGHT + sizes.gap
    line = spacing + 8 + max(sizes.total * TIGHT_HEIGHT, sizes.name * TIGHT_HEIGHT + small + sizes.gap)
    return height + lines * line + marked * (small + 4)


def board_sizes(width: float | None, height: float | None = None, lines: int = 0, marked: int = 0,
                ended: bool = False) -> BoardSizes:
    """The board's sizes for a screen ``width`` x ``height`` logical pixels (None: not known
    yet, taken as 1280 wide and high enough): every size of :class:`BoardSizes` times the
    share of ``BOARD_WIDTH`` the screen is wide, made smaller in steps of :data:`SCALE_STEP`
    until the board (:func:`board_height` of ``lines``, ``marked`` and ``ended`` at those
    sizes, with :data:`FIT_MARGIN`) fits ``height``: some of its height does not shrink with
    the texts; rounded, never larger than the defaults nor smaller than ``SMALLEST_SCALE`` of
    them."""
    scale = max(SMALLEST_SCALE, min(1.0, (width or BOARD_WIDTH) / BOARD_WIDTH))
    sizes = _scaled(scale)
    while height and lines and scale > SMALLEST_SCALE and board_height(lines, marked, ended, sizes) * FIT_MARGIN > height:
        scale = max(SMALLEST_SCALE, scale - SCALE_STEP)
        sizes = _scaled(scale)
    return sizes


def _scaled(scale: float) -> BoardSizes:
    """Every size of :class:`BoardSizes` times ``scale``, rounded."""
    return BoardSizes(**{name: round(value * scale) for name, value in vars(BoardSizes()).items()})
