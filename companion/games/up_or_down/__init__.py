"""Up or Down?, as one package: its rules, pad, setup row and rules figures.

The package by role (the rules' public API is re-exported here): ``rules``
(the cards, the ring, the rows of a display, the colours; the terms are
defined there), ``scoring`` (a display's score, the winners), ``setup_row``
(the numbered cards, the ring and the piles), ``figures`` (the figures of
its rules text), ``pad`` (the score pad and the statistics' best round).
It has no house rule.  :data:`SPEC` is what the registry lists; its screens
are ``companion/ui/games/up_or_down.py``.

Source: seed ``004_f6f235c439507bc6.txt`` and rulings.md, "Up or Down?".
"""

from __future__ import annotations

from pathlib import Path

from companion.games.spec import GameSpec
from companion.games.up_or_down.figures import rule_figures
from companion.games.up_or_down.lesson import LESSON
from companion.games.up_or_down.pad import UpOrDownPad, best_round_score
from companion.games.up_or_down.rules import (
    CARDS_IN_PLAY,
    COLOURS,
    DISCARD_POINTS,
    HAND_SIZE,
    HIGHEST_CARD,
    LOWEST_CARD,
    MAX_ROWS,
    RING_SIZE,
    TITLE,
    CardNumberError,
    RowSummary,
    UpOrDownError,
    card_number,
    cards_in_play,
    check_in_play,
    check_row,
    colour_name,
    colour_text,
    colours_text,
    ring_neighbours,
    row_direction,
)
from companion.games.up_or_down.scoring import player_score, row_score, row_summary_score, winners
from companion.games.up_or_down.setup_row import SETUP

SPEC = GameSpec(
    id="up_or_down",
    icon="SWAP_VERT",
    pad=UpOrDownPad,
    setup=SETUP,
    figures=rule_figures,
    rules_file=Path(__file__).with_name("rules.md"),
    record=("best_score", best_round_score),
    lesson=LESSON,
)
"""Up or Down? for the registry."""

__all__ = [
    "CARDS_IN_PLAY", "COLOURS", "DISCARD_POINTS", "HAND_SIZE", "HIGHEST_CARD", "LOWEST_CARD", "MAX_ROWS",
    "RING_SIZE", "SETUP", "SPEC", "TITLE", "CardNumberError", "RowSummary", "UpOrDownError", "UpOrDownPad",
    "card_number", "cards_in_play", "check_in_play", "check_row", "colour_name", "colour_text", "colours_text",
    "player_score", "ring_neighbours", "row_direction", "row_score", "row_summary_score", "rule_figures", "winners",
]
