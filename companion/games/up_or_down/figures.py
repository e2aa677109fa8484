"""Up or Down?: the figures its rules text uses, taken from the rules core."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.up_or_down.rules import (
    CARDS_IN_PLAY,
    COLOURS,
    DISCARD_POINTS,
    HAND_SIZE,
    HIGHEST_CARD,
    MAX_ROWS,
    RING_SIZE,
    RowSummary,
)
from companion.games.up_or_down.scoring import player_score, row_summary_score
from companion.games.up_or_down.setup_row import SETUP
from companion.i18n import N_, _
from companion.wording import join_words, markdown_table

_EXAMPLE_ROWS: tuple[tuple[int, int, str], ...] = (
    (8, 3, N_("yellow")), (2, 1, N_("two colours")), (8, 5, N_("blue")),
)
"""The rulings' scoring example: (cards, commonest colour count, what is common, an English msgid)."""


def rule_figures(options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The figures Up or Down?'s rules text uses, by placeholder name.

    Args:
        options: the game's options; Up or Down? has no house rule that
            changes a figure, so they are not read.

    Returns:
        ``up_or_down_highest``, ``up_or_down_colour_count``,
        ``up_or_down_cards`` (a Markdown table), ``up_or_down_hand``,
        ``up_or_down_ring``, ``up_or_down_rows``,
        ``up_or_down_discard_points``, ``up_or_down_starter`` and
        ``up_or_down_example`` (the scoring example priced here), as text.

    Rule: seed 004 and rulings.md, "Up or Down?" (cards in play, scoring example).

    >>> rule_figures()["up_or_down_example"]
    'rows of 8 cards (3 yellow the most), 2 cards (two colours) and 8 cards (5 blue the most), with nothing discarded, score 24 + 2 + 40 = 66.'
    """
    described = [
        _("{cards} cards ({what})").format(cards=cards, what=_(what)) if most == 1
        else _("{cards} cards ({most} {what} the most)").format(cards=cards, most=most, what=_(what))
        for cards, most, what in _EXAMPLE_ROWS
    ]
    points = [row_summary_score(cards, most) for cards, most, _what in _EXAMPLE_ROWS]
    total = player_score([RowSummary(cards, most) for cards, most, _what in _EXAMPLE_ROWS], 0)
    return {
        "up_or_down_highest": str(HIGHEST_CARD),
        "up_or_down_colour_count": str(len(COLOURS)),
        "up_or_down_cards": markdown_table(
            [_("Players"), _("Cards in play")],
            [(n, _("1 to {highest}").format(highest=highest)) for n, highest in CARDS_IN_PLAY.items()],
        ),
        "up_or_down_hand": str(HAND_SIZE),
        "up_or_down_ring": str(RING_SIZE),
        "up_or_down_rows": str(MAX_ROWS),
        "up_or_down_discard_points": str(DISCARD_POINTS),
        "up_or_down_starter": _("First to play: {player}.").format(player=_(SETUP.first_player)),
        "up_or_down_example": _("rows of {rows}, with nothing discarded, score {points} = {total}.").format(
            rows=join_words(described), points=" + ".join(str(p) for p in points), total=total),
    }
