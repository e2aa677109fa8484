"""The house rules offered on the New game screen, one block per game.

Option names and defaults are the pads' (``PADS[game].DEFAULTS``); the values
that mean something (One Up's limits, One-card's default target) come from
the rules core. Nothing is checked here: the pad checks the options when the
game starts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from companion.games import one_up
from companion.pads import PADS
from companion.ui.level_editor import LevelTable
from companion.ui.widgets import TOUCH, section_title, stepper


def _switch(label: str, value: bool, on_change: Callable[[bool], None]) -> ft.Control:
    """A labelled switch row at least 48 px high."""
    return ft.Container(
        height=TOUCH,
        content=ft.Switch(label=label, value=value, on_change=lambda e: on_change(e.control.value)),
    )


@ft.component
def GameOptions(game: str, options: Mapping[str, Any], set_option: Callable[[str, Any], None]) -> ft.Control | None:
    """The option block of ``game``.

    Takes the game id, the options chosen so far (missing keys: the pad's
    defaults) and ``set_option(name, value)``. Returns None for a game
    without options.
    """
    chosen = {**PADS[game].DEFAULTS, **options}
    if game == "one_up":
        return ft.Column(
            [
                section_title("House rules"),
                _switch("Wild joker variant", chosen["joker"], lambda on: set_option("joker", on)),
                _switch(
                    f"Short game: ends at {one_up.SHORT_GAME_LIMIT} points, not {one_up.GAME_LIMIT}",
                    chosen["limit"] == one_up.SHORT_GAME_LIMIT,
                    lambda on: set_option("limit", one_up.SHORT_GAME_LIMIT if on else one_up.GAME_LIMIT),
                ),
            ],
            spacing=4,
        )
    if game == "one_card":
        target = chosen["target"]
        return ft.Column(
            [
                section_title("Match"),
                stepper(
                    "Round wins to take the match",
                    target,
                    on_minus=lambda: set_option("target", max(1, target - 1)),
                    on_plus=lambda: set_option("target", target + 1),
                    name="Round wins",
                ),
            ],
            spacing=4,
        )
    if game == "up_to_nine":
        return LevelTable(chosen["levels"], lambda levels: set_option("levels", levels))
    return None
