"""One Up, as one package: its rules, pad, setup row, house rules and rules figures.

The package by role (the rules' public API is re-exported here): ``rules``
(the cards, the value circle, plays and the penalty of a hand; the terms
are defined there), ``scoring`` (a round's score, the give-back, the end of
the game, chips, who starts), ``setup_row`` (deck and deal), ``options``
(the wild joker and the limit, checked once), ``figures`` (the figures of
its rules text), ``pad`` (the score pad).  :data:`SPEC` is what the
registry lists.  Its screens are ``companion/ui/games/one_up.py``.

Source: seed ``000_02c14a96903c59d4.txt`` (One Up) and rulings.md, "One Up".
"""

from __future__ import annotations

from pathlib import Path

from companion.games.one_up.figures import rule_figures
from companion.games.one_up.lesson import LESSON
from companion.games.one_up.options import OPTIONS
from companion.games.one_up.pad import OneUpPad
from companion.games.one_up.rules import (
    CHIP_VALUES,
    GAME_LIMIT,
    GIVE_BACK,
    JOKER,
    JOKER_FOLLOWERS,
    PENALTY_POINTS,
    SHORT_GAME_LIMIT,
    TITLE,
    VALUE_CIRCLE,
    OneUpError,
    OneUpScoreError,
    card_value,
    check_play,
    hand_penalty,
    next_value,
    playable_values,
    value_name,
)
from companion.games.one_up.scoring import chips, give_back, is_game_over, next_starter, score_round, winners
from companion.games.one_up.setup_row import SETUP
from companion.games.spec import GameSpec
from companion.i18n import N_

SPEC = GameSpec(
    id="one_up",
    icon="FILTER_1",
    pad=OneUpPad,
    setup=SETUP,
    figures=rule_figures,
    rules_file=Path(__file__).with_name("rules.md"),
    options=OPTIONS,
    # One Up's give-back (rulings.md, One Up) lowers a total but is not a penalty, so it is not counted.
    penalty_note=N_("hands only, give-backs not taken off"),
    lesson=LESSON,
)
"""One Up for the registry."""

__all__ = [
    "CHIP_VALUES", "GAME_LIMIT", "GIVE_BACK", "JOKER", "JOKER_FOLLOWERS", "OPTIONS", "PENALTY_POINTS",
    "SETUP", "SHORT_GAME_LIMIT", "SPEC", "TITLE", "VALUE_CIRCLE", "OneUpError", "OneUpPad", "OneUpScoreError",
    "card_value", "check_play", "chips", "give_back", "hand_penalty", "is_game_over", "next_starter",
    "next_value", "playable_values", "rule_figures", "score_round", "value_name", "winners",
]
