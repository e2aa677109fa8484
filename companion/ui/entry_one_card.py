"""One-card's round entry: tap the player who won the round (saved at once)."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.pads import OneCardPad
from companion.ui.entry_sheet import Submit, sheet_frame
from companion.ui.widgets import TOUCH


@ft.component
def OneCardEntry(pad: OneCardPad, number: int | None, submit: Submit, close, delete) -> ft.Control:
    """One big button per player; a tap enters (or, editing, changes) the round's winner."""
    error, set_error = ft.use_state("")
    current = pad.rounds[number - 1]["winner"] if number else None

    def won(player: str):
        problem = submit({"winner": player})
        if problem:
            set_error(problem)

    buttons = [
        ft.Row(
            [
                (ft.FilledButton if player == current else ft.OutlinedButton)(
                    f"{player} won", icon=ft.Icons.EMOJI_EVENTS_OUTLINED,
                    on_click=partial(won, player), height=TOUCH + 8, expand=True,
                )
            ]
        )
        for player in pad.players
    ]
    return sheet_frame(
        f"Round {number or pad.next_round}" + (" (edit)" if number else ""),
        [ft.Text("Who emptied their hand first?", size=18), *buttons],
        error=error,
        on_save=None,
        on_cancel=close,
        on_delete=delete if number else None,
    )
