"""One-card on the screens: the round sheet (who won), the match option and
the lines under the pad's title; the checker is
``companion.ui.games.one_card_check``.

Rules: seed 002 (attacks, shields, the 7 names a suit, match wins) through
``companion.games.one_card``; rounds through ``companion.pads.OneCardPad``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import flet as ft

from companion.i18n import _, ngettext
from companion.games.one_card import OneCardPad
from companion.pads import Row
from companion.stats import PlayerStats
from companion.ui.entry_sheet import Submit, sheet_frame, sheet_title
from companion.ui.games import ADD_ROUND
from companion.ui.games.one_card_check import Check
from companion.ui.score_table import Extra, signed
from companion.ui.widgets import TOUCH, section_title, stepper

__all__ = [
    "Check", "Entry", "add_label", "board_note", "board_unit", "change_text", "entry_lines", "facts",
    "options_panel", "sheet_entry", "stats_parts", "total_extras",
]
"""The hooks every game's UI module offers (see ``companion.ui.games``)."""


def sheet_entry(pad: OneCardPad, number: int | None, entry: dict) -> dict:
    """A One-card sheet starts from no entry (its one tap saves the round),
    so any ``entry`` is one it can not start from: raises ValueError."""
    raise ValueError("a One-card sheet starts from no entry")


@ft.component
def Entry(pad: OneCardPad, number: int | None, submit: Submit, close, delete, *, on_change=None) -> ft.Control:
    """One big button per player; a tap enters (or, editing, changes) the
    round's winner. ``on_change`` is never called: the tap that would change
    the sheet saves it. The winner last tapped, else (editing) the round's
    winner as saved now, is the filled button, so a sheet shown again under
    a question or a refusal shows which winner they speak of."""
    error, set_error = ft.use_state("")
    tapped, set_tapped = ft.use_state(None)
    current = tapped or (pad.rounds[number - 1]["winner"] if number and number <= len(pad.rounds) else None)

    def won(player: str):
        set_tapped(player)
        problem = submit({"winner": player})
        if problem:
            set_error(problem)

    buttons = [
        ft.Row(
            [
                (ft.FilledButton if player == current else ft.OutlinedButton)(
                    _("{player} won").format(player=player), icon=ft.Icons.EMOJI_EVENTS_OUTLINED,
                    on_click=partial(won, player), height=TOUCH + 8, expand=True,
                )
            ]
        )
        for player in pad.players
    ]
    return sheet_frame(
        sheet_title(number or pad.next_round, number, None),
        [ft.Text(_("Who emptied their hand first?"), size=18), *buttons],
        error=error,
        on_save=None,
        on_cancel=close,
        on_delete=delete if number else None,
    )


# ---- the pad, the new game and the history --------------------------------------------

def options_panel(chosen: Mapping[str, Any], set_option: Callable[[str, Any], None]) -> ft.Control:
    """The match option on the New game screen: round wins that take the match
    (``target``, default ``one_card.MATCH_WINS``). ``chosen``: every option's
    value; ``set_option(name, value)``, here with the step from the value now."""
    target = chosen["target"]
    return ft.Column(
        [
            section_title(_("Match")),
            stepper(
                _("Round wins to take the match"),
                target,
                on_minus=lambda: set_option("target", lambda now: max(1, now - 1)),
                on_plus=lambda: set_option("target", lambda now: now + 1),
                name=_("Round wins"),
            ),
        ],
        spacing=4,
    )


def facts(pad: OneCardPad) -> list[str]:
    """The line under the pad's title: the round wins that take the match."""
    return [ngettext(
        "First to {target} round win takes the match", "First to {target} round wins takes the match", pad.target
    ).format(target=pad.target)]


def add_label(pad: OneCardPad) -> str:
    """The pad's add button: always "Add round"."""
    return _(ADD_ROUND)


def total_extras(pad: OneCardPad, player: str) -> tuple[Extra, ...]:
    """Nothing under a One-card total."""
    return ()


def change_text(pad: OneCardPad, row: Row, player: str) -> str:
    """A round cell's small text: the round win ("+1") or "0"."""
    return signed(row.points[player])


def stats_parts(stats: PlayerStats) -> list[str]:
    """No One-card line in a player's statistics (wins are counted for every game)."""
    return []


def entry_lines(pad: OneCardPad, number: int, player: str) -> list[str]:
    """Nothing entered per player in One-card: the round's winner is the pad's note."""
    return []


def board_unit(pad: OneCardPad) -> str:
    """The heading of the board's totals: "Round wins" (seed 002, "Winning")."""
    return _("Round wins")


def board_note(pad: OneCardPad, player: str) -> str:
    """Nothing under a name on the board: the total says it all."""
    return ""
