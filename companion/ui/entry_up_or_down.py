"""Up or Down?'s scoring sheet: each player's rows as colour counts.

One player at a time (tap a name at the top; every player's total is shown
there, live): up to 3 rows, each counted with six colour steppers, and the
cards on the player's own discard pile. Every score is the pad's
(``score_preview``); a row saved as cards + commonest colour (an import) is
shown as such and kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.games.up_or_down import COLOURS, MAX_ROWS
from companion.pads import PadError, UpOrDownPad
from companion.pads.base import points_text
from companion.ui.entry_sheet import Submit, player_card, sheet_frame
from companion.ui.widgets import TOUCH, icon_button, stepper, tile_button

SWATCHES: dict[str, str] = {
    "red": ft.Colors.RED_400,
    "orange": ft.Colors.ORANGE_400,
    "yellow": ft.Colors.YELLOW_600,
    "green": ft.Colors.GREEN_500,
    "blue": ft.Colors.BLUE_400,
    "purple": ft.Colors.PURPLE_300,
}
"""Screen colour of each card colour name."""


def _counts(row: list[Any]) -> dict[str, int] | list[int]:
    """A stored row as colour counts, or the stored [cards, commonest] pair."""
    if len(row) == 2 and all(isinstance(v, int) for v in row):
        return list(row)
    return {colour: row.count(colour) for colour in COLOURS}


def _row(counts: dict[str, int] | list[int]) -> list[Any]:
    """The pad's row for the sheet's counts (colour names, one per card)."""
    if isinstance(counts, list):
        return counts
    return [colour for colour in COLOURS for _ in range(counts[colour])]


def _blank_row() -> dict[str, int]:
    return {colour: 0 for colour in COLOURS}


def _score(pad: UpOrDownPad, rows: list, discarded: int) -> str:
    """A player's score in words, or the pad's reason it can not be scored."""
    try:
        return points_text(pad.score_preview([_row(r) for r in rows], discarded))
    except PadError as exc:
        return str(exc)


@ft.observable
@dataclass
class UpOrDownDraft:
    """An Up or Down? count being entered: per player ``{"rows": [colour
    counts or a stored (cards, commonest) pair], "discarded": int}``, the
    player shown, and the pad's refusal of the last save ("" when none)."""

    sheets: dict[str, dict]
    shown: str
    error: str = ""

    def _change(self, update: Callable[[dict], dict]) -> None:
        """Replace the shown player's sheet by ``update(sheet)``."""
        self.sheets[self.shown] = update(self.sheets[self.shown])
        self.error = ""

    def show(self, player: str) -> None:
        """Show ``player``'s display."""
        self.shown = player

    def step_colour(self, index: int, colour: str, delta: int) -> None:
        """One more (``delta`` 1) or one fewer (-1) card of ``colour`` in row ``index``."""
        def update(data):
            rows = list(data["rows"])
            rows[index] = {**rows[index], colour: max(0, rows[index][colour] + delta)}
            return {**data, "rows": rows}
        self._change(update)

    def remove_row(self, index: int) -> None:
        """Drop row ``index`` of the shown player."""
        self._change(lambda data: {**data, "rows": data["rows"][:index] + data["rows"][index + 1:]})

    def add_row(self) -> None:
        """Start another (empty) row for the shown player."""
        self._change(lambda data: {**data, "rows": [*data["rows"], _blank_row()]})

    def step_discard(self, delta: int) -> None:
        """One more or one fewer card on the shown player's discard pile."""
        self._change(lambda data: {**data, "discarded": max(0, data["discarded"] + delta)})

    def entry(self) -> dict:
        """The keyword arguments of ``UpOrDownPad.add_round`` / ``edit_round``."""
        return {
            "scores": {
                player: {"rows": [_row(r) for r in data["rows"]], "discarded": data["discarded"]}
                for player, data in self.sheets.items()
            }
        }


def _draft(pad: UpOrDownPad, number: int | None) -> UpOrDownDraft:
    """A blank count (one empty row each), or the stored entry ``number`` to edit."""
    if number is None:
        sheets = {player: {"rows": [_blank_row()], "discarded": 0} for player in pad.players}
    else:
        stored = pad.rounds[number - 1]["scores"]
        sheets = {
            player: {"rows": [_counts(row) for row in stored[player]["rows"]], "discarded": stored[player]["discarded"]}
            for player in pad.players
        }
    return UpOrDownDraft(sheets, pad.players[0])


@ft.component
def UpOrDownEntry(pad: UpOrDownPad, number: int | None, submit: Submit, close, delete) -> ft.Control:
    """The end-of-game count for Up or Down? (a new entry when ``number`` is None)."""
    draft, _ = ft.use_state(lambda: _draft(pad, number))
    sheets, shown = draft.sheets, draft.shown
    sheet = sheets[shown]

    def save():
        draft.error = submit(draft.entry()) or ""

    picker = ft.Row(
        [
            ft.Column(
                [
                    tile_button(player, selected=player == shown, on_click=partial(draft.show, player), width=104),
                    ft.Text(
                        _score(pad, sheets[player]["rows"], sheets[player]["discarded"]),
                        size=12, text_align=ft.TextAlign.CENTER, width=104,
                    ),
                ],
                spacing=2,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for player in pad.players
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )
    row_blocks: list[ft.Control] = []
    for index, counts in enumerate(sheet["rows"]):
        row_score = _score(pad, [counts], 0)
        if isinstance(counts, list):
            lines: list[ft.Control] = [
                ft.Text(f"{counts[0]} cards, {counts[1]} of the commonest colour (saved as counts)")
            ]
        else:
            lines = [
                stepper(
                    colour, counts[colour],
                    on_minus=partial(draft.step_colour, index, colour, -1),
                    on_plus=partial(draft.step_colour, index, colour, 1),
                    colour=SWATCHES[colour],
                    name=f"Row {index + 1} {colour}",
                )
                for colour in COLOURS
            ]
        row_blocks.append(
            player_card(
                [
                    ft.Row(
                        [
                            ft.Text(f"Row {index + 1}", weight=ft.FontWeight.W_600, expand=True),
                            ft.Text(row_score),
                            icon_button(
                                ft.Icons.DELETE_OUTLINE, f"Remove row {index + 1}", partial(draft.remove_row, index)
                            ),
                        ]
                    ),
                    *lines,
                ],
                test_id=f"row-{shown}-{index + 1}",
            )
        )
    add_row = None
    if len(sheet["rows"]) < MAX_ROWS:
        add_row = ft.TextButton(
            "Add a row", icon=ft.Icons.ADD, height=TOUCH,
            on_click=draft.add_row,
        )
    discard = stepper(
        "Cards on the discard pile",
        sheet["discarded"],
        on_minus=partial(draft.step_discard, -1),
        on_plus=partial(draft.step_discard, 1),
        name="Discard pile",
    )
    return sheet_frame(
        "Count the scores" + (" (edit)" if number else ""),
        [
            ft.Text(
                "Tap a player, then count the colours in each row and the cards on their discard pile.",
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            picker,
            ft.Text(f"{shown}'s display", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            *row_blocks,
            add_row,
            discard,
        ],
        error=draft.error,
        on_save=save,
        on_cancel=close,
        on_delete=delete if number else None,
        save_label="Save scores",
    )
