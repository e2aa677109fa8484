"""Up or Down? on the screens: the scoring sheet, the lines under the pad's
title and the history line; the rows as typed are read by
``companion.ui.games.up_or_down_rows``, the checker is
``companion.ui.games.up_or_down_check``.

Rules: seed 004 (the ring, rows up or down, a row x its commonest colour,
+1 per discarded card) through ``companion.games.up_or_down``; scores
through ``companion.pads.UpOrDownPad``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft

from companion.games.up_or_down import COLOURS, MAX_ROWS, colour_text
from companion.i18n import N_, _, ngettext
from companion.games.up_or_down import UpOrDownPad
from companion.pads import PadError, Row
from companion.pads.base import points_text
from companion.stats import PlayerStats
from companion.ui.entry_sheet import HAND_DONE, Submit, entering, player_card, sheet_frame, sheet_title, use_changes
from companion.ui.games import ADD_ROUND
from companion.ui.games.up_or_down_check import Check
from companion.ui.games.up_or_down_rows import (
    NO_BREAK,
    TYPED_HINT,
    blank_row,
    commonest_text,
    counts_example,
    pad_row,
    read_rows,
    rows_text,
    stored_counts,
)
from companion.ui.score_table import Extra, signed
from companion.ui.widgets import TOUCH, PhoneText, error_line, icon_button, stepper, tile_button

__all__ = [
    "Check", "Entry", "add_label", "board_note", "board_unit", "change_text", "entry_lines", "facts",
    "options_panel", "sheet_entry", "stats_parts", "total_extras",
]
"""The hooks every game's UI module offers (see ``companion.ui.games``)."""

GAME = "up_or_down"
"""This module's registry id."""

COUNT_SCORES = N_("Count the scores")
"""The pad's add button before the game's one scoring (seed 004: scores are
counted once, at the end); marked, translated where shown."""

SWATCHES: dict[str, str] = {
    "red": ft.Colors.RED_400,
    "orange": ft.Colors.ORANGE_400,
    "yellow": ft.Colors.YELLOW_600,
    "green": ft.Colors.GREEN_500,
    "blue": ft.Colors.BLUE_400,
    "purple": ft.Colors.PURPLE_300,
}
"""Screen colour of each card colour name."""


def _score(pad: UpOrDownPad, rows: list, discarded: int) -> str:
    """A player's score in words, or the pad's reason it can not be scored."""
    try:
        return points_text(pad.score_preview([pad_row(r) for r in rows], discarded))
    except PadError as exc:
        return str(exc)


@ft.observable
@dataclass
class UpOrDownDraft:
    """An Up or Down? count being entered: per player ``{"rows": [colour
    counts or a stored (cards, commonest) pair], "discarded": int}``, the
    player shown, the pad's refusal of the last save ("" when none), the
    rows as typed per player and why they can not be read. The discard pile
    is a number typed the same way (``discards_typed``, ``discard_error``),
    or stepped with - and +. Both fields are painted as the phone holds them
    (:class:`PhoneText`), so a repaint never writes an older text over the
    keys typed since; what the sheet sets itself (a tile tapped, another
    player shown) is painted once."""

    sheets: dict[str, dict]
    shown: str
    error: str = ""
    typed: dict[str, str] = field(default_factory=dict)
    typing_error: str = ""
    discards_typed: dict[str, str] = field(default_factory=dict)
    discard_error: str = ""
    rows_field: PhoneText = field(default_factory=PhoneText)
    discard_field: PhoneText = field(default_factory=PhoneText)

    def _replace(self, update: Callable[[dict], dict]) -> None:
        """Replace the shown player's sheet by ``update(sheet)``; what was typed for it is dropped."""
        self.sheets[self.shown] = update(self.sheets[self.shown])
        self.typed.pop(self.shown, None)
        self.error = ""
        self.typing_error = ""
        self.discards_typed.pop(self.shown, None)
        self.discard_error = ""

    def _put_changed(self, rows: str | None, discard: str | None) -> None:
        """Have the next paint write the shown player's rows and discard pile into each field
        whose text is no longer ``rows`` / ``discard`` (None: write it whatever it was)."""
        for text, now, phone in ((rows, self.rows_typed(), self.rows_field),
                                 (discard, self.discard_typed(), self.discard_field)):
            if now != text:
                phone.put(now)

    def _change(self, update: Callable[[dict], dict]) -> None:
        """Replace the shown player's sheet by ``update(sheet)`` (a tap) and paint the fields whose
        text that changes (a tap on the discard pile leaves the rows as the phone holds them)."""
        rows, discard = self.rows_typed(), self.discard_typed()
        self._replace(update)
        self._put_changed(rows, discard)

    def show(self, player: str) -> None:
        """Show ``player``'s display (both fields painted with the player's texts)."""
        self.shown = player
        self.typing_error = ""
        self.discard_error = ""
        self._put_changed(None, None)

    def type_rows(self, text: str) -> None:
        """The shown player's rows typed as ``text`` (:func:`read_rows`): they
        replace the rows when they can be read, else the reason is kept in
        ``typing_error`` and the rows stay as they were."""
        try:
            rows = read_rows(text)
        except ValueError as exc:
            self.typed[self.shown] = text
            self.typing_error = str(exc)
            return
        discard = self.discard_typed()
        self._replace(lambda data: {**data, "rows": rows or [blank_row()]})
        self.typed[self.shown] = text
        self._put_changed(text, discard)

    def rows_typed(self) -> str:
        """The typed-rows field's text for the shown player: what was typed,
        or the rows as :func:`rows_text` writes them."""
        return self.typed.get(self.shown, rows_text(self.sheets[self.shown]["rows"]))

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
        self._change(lambda data: {**data, "rows": [*data["rows"], blank_row()]})

    def type_discard(self, text: str) -> None:
        """The shown player's discard pile typed as ``text``, a whole number
        ("" counts 0); other text is refused in ``discard_error`` and the
        count stays as it was."""
        typed = text.strip()
        if typed and not (typed.isascii() and typed.isdigit()):
            self.discards_typed[self.shown] = text
            self.discard_error = _("Type the cards on the discard pile as a whole number, like 4")
            return
        rows_typed = self.typed.get(self.shown)
        self._replace(lambda data: {**data, "discarded": int(typed or 0)})
        if rows_typed is not None:
            self.typed[self.shown] = rows_typed
        self.discards_typed[self.shown] = text

    def discard_typed(self) -> str:
        """The discard field's text for the shown player: what was typed, or the count."""
        return self.discards_typed.get(self.shown, str(self.sheets[self.shown]["discarded"]))

    def step_discard(self, delta: int) -> None:
        """One more or one fewer card on the shown player's discard pile."""
        self._change(lambda data: {**data, "discarded": max(0, data["discarded"] + delta)})

    def entry(self) -> dict:
        """The keyword arguments of ``UpOrDownPad.add_round`` / ``edit_round``."""
        return {
            "scores": {
                player: {"rows": [pad_row(r) for r in data["rows"]], "discarded": data["discarded"]}
                for player, data in self.sheets.items()
            }
        }


def _draft(pad: UpOrDownPad, number: int | None, start: dict | None = None,
           only: str | None = None) -> UpOrDownDraft:
    """A blank count (one empty row each), the entry ``start`` to go on
    with, or the stored entry ``number`` to edit; ``only``'s display is
    shown first (else the first player's)."""
    if number is None and start is None:
        sheets = {player: {"rows": [blank_row()], "discarded": 0} for player in pad.players}
    else:
        stored = start["scores"] if start is not None else pad.rounds[number - 1]["scores"]
        sheets = {
            player: {
                "rows": [stored_counts(row) for row in stored[player]["rows"]] or [blank_row()],
                "discarded": stored[player]["discarded"],
            }
            for player in pad.players
        }
    return UpOrDownDraft(sheets, only or pad.players[0])


def sheet_entry(pad: UpOrDownPad, number: int | None, entry: dict) -> dict:
    """The entry the count for ``number`` (None: a new entry) holds when it
    starts from ``entry``, each player's score worked out as it shows it;
    raises (KeyError, TypeError, ValueError...) for an entry it can not
    start from (see ``companion.ui.entry_sheet``)."""
    draft = _draft(pad, number, entry)
    for sheet in draft.sheets.values():
        _score(pad, sheet["rows"], sheet["discarded"])
    return draft.entry()


def _player_tiles(pad: UpOrDownPad, draft: UpOrDownDraft, only: str | None) -> ft.Control:
    """The players whose display may be shown (``entering``), each a tile over their score so far;
    a tap shows that player's display."""
    return ft.Row(
        [
            ft.Column(
                [
                    tile_button(player, selected=player == draft.shown, on_click=partial(draft.show, player),
                                width=104),
                    ft.Text(
                        _score(pad, draft.sheets[player]["rows"], draft.sheets[player]["discarded"]),
                        size=12, text_align=ft.TextAlign.CENTER, width=104,
                    ),
                ],
                spacing=2,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for player in entering(pad, only)
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


def _row_block(pad: UpOrDownPad, draft: UpOrDownDraft, index: int, counts: dict[str, int] | list[int]) -> ft.Control:
    """Row ``index`` (from 0) of the shown player's display: its score, a button that removes it,
    and its counts (a colour stepper each, or the two numbers typed in words)."""
    if isinstance(counts, list):
        lines: list[ft.Control] = [ft.Text(commonest_text(counts))]
    else:
        lines = [
            stepper(
                colour_text(colour), counts[colour],
                on_minus=partial(draft.step_colour, index, colour, -1),
                on_plus=partial(draft.step_colour, index, colour, 1),
                colour=SWATCHES[colour],
                name=_("Row {number} {colour}").format(number=index + 1, colour=colour_text(colour)),
            )
            for colour in COLOURS
        ]
    heading = ft.Row([
        ft.Text(_("Row {number}").format(number=index + 1), weight=ft.FontWeight.W_600),
        # The score takes the width left, so a refusal in its place wraps there and leaves the title whole.
        ft.Text(_score(pad, [counts], 0), expand=True, text_align=ft.TextAlign.END),
        icon_button(ft.Icons.DELETE_OUTLINE, _("Remove row {number}").format(number=index + 1),
                    partial(draft.remove_row, index)),
    ])
    return player_card([heading, *lines], test_id=f"row-{draft.shown}-{index + 1}")


def _typed_rows(draft: UpOrDownDraft) -> ft.Control:
    """The field that takes the shown player's rows typed in one line (``UpOrDownDraft.type_rows``)."""
    return ft.TextField(
        label=_("{player}'s rows, typed").format(player=draft.shown),
        helper=_(TYPED_HINT).format(counts=counts_example().replace(" ", NO_BREAK)),
        value=draft.rows_field.value(draft.rows_typed()),
        ref=draft.rows_field.field,
        error=draft.typing_error or None,
        error_max_lines=3,
        helper_max_lines=2,
        on_change=lambda e: draft.type_rows(e.control.value),
        autocorrect=False,
    )


def _discard_row(draft: UpOrDownDraft) -> ft.Control:
    """The shown player's discard pile: - and + around a field that takes the count typed."""
    discard = _("Discard pile")
    return ft.Row(
        [
            icon_button(ft.Icons.REMOVE, _("{name} minus").format(name=discard),
                        partial(draft.step_discard, -1), disabled=draft.sheets[draft.shown]["discarded"] <= 0),
            ft.TextField(
                label=_("{player}'s discard pile").format(player=draft.shown),
                value=draft.discard_field.value(draft.discard_typed()),
                ref=draft.discard_field.field,
                keyboard_type=ft.KeyboardType.NUMBER, expand=True, text_align=ft.TextAlign.CENTER,
                on_change=lambda e: draft.type_discard(e.control.value),
            ),
            icon_button(ft.Icons.ADD, _("{name} plus").format(name=discard), partial(draft.step_discard, 1)),
        ],
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _sheet_words(number: int | None, only: str | None) -> tuple[str, str]:
    """The sheet's title and the hint under it: one player's own count (``only``), or the count of
    every player, new ("Count the scores", as its button) or an edit of round ``number``
    ("Round 2 (edit)", as every game's edit is titled)."""
    if only:
        return (_("{player}'s count").format(player=only),
                _("Type your rows or count the colours with the buttons, and count the cards on your discard pile."))
    title = sheet_title(number, number, None) if number else _(COUNT_SCORES)
    return title, _(
        "Tap a player, then type their rows or count the colours with the buttons, "
        "and count the cards on their discard pile."
    )


@ft.component
def Entry(pad: UpOrDownPad, number: int | None, submit: Submit, close, delete, *,
          only: str | None = None, start: dict | None = None, on_change=None) -> ft.Control:
    """The end-of-game count for Up or Down? (a new entry when ``number`` is
    None); ``only``, ``start`` and ``on_change``: see
    ``companion.ui.entry_sheet`` (with ``only``, no other player's display
    can be picked)."""
    draft = ft.use_state(lambda: _draft(pad, number, start, only))[0]
    use_changes(draft.entry(), on_change)
    sheet = draft.sheets[draft.shown]

    def save():
        draft.error = submit(draft.entry()) or ""

    add_row = None
    if len(sheet["rows"]) < MAX_ROWS:
        add_row = ft.TextButton(_("Add a row"), icon=ft.Icons.ADD, height=TOUCH, on_click=draft.add_row)
    title, hint = _sheet_words(number, only)
    return sheet_frame(
        title,
        [
            ft.Text(hint, color=ft.Colors.ON_SURFACE_VARIANT),
            _player_tiles(pad, draft, only),
            ft.Text(_("{player}'s display").format(player=draft.shown), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            _typed_rows(draft),
            *[_row_block(pad, draft, index, counts) for index, counts in enumerate(sheet["rows"])],
            add_row,
            _discard_row(draft),
            error_line(draft.discard_error),
        ],
        error=draft.error,
        on_save=save,
        on_cancel=close,
        on_delete=delete if number else None,
        save_label=_(HAND_DONE) if only else _("Save scores"),
    )


# ---- the pad, the new game and the history --------------------------------------------

def options_panel(chosen: Mapping[str, Any], set_option: Callable[[str, Any], None]) -> None:
    """Up or Down? has no house rules: nothing on the New game screen."""
    return None


def facts(pad: UpOrDownPad) -> list[str]:
    """No line under the pad's title."""
    return []


def add_label(pad: UpOrDownPad) -> str:
    """The pad's add button: ``COUNT_SCORES`` before the scores are in, then "Add round"."""
    return _(ADD_ROUND) if pad.rows else _(COUNT_SCORES)


def total_extras(pad: UpOrDownPad, player: str) -> tuple[Extra, ...]:
    """Nothing under an Up or Down? total."""
    return ()


def change_text(pad: UpOrDownPad, row: Row, player: str) -> str:
    """A round cell's small text: the points scored ("+22")."""
    return signed(row.points[player])


def stats_parts(stats: PlayerStats) -> list[str]:
    """A player's Up or Down? statistics: the best score of one game."""
    return [] if stats.best_score is None else [_("best score {score}").format(score=stats.best_score)]


def entry_lines(pad: UpOrDownPad, number: int, player: str) -> list[str]:
    """What was entered for ``player`` in round ``number``: each row (its
    cards and commonest colour's count, or its colours) with the row's
    score (``pad.score_preview``), and the cards on the discard pile."""
    stored = pad.rounds[number - 1]["scores"][player]
    lines = []
    for index, row in enumerate(stored["rows"], start=1):
        counts = stored_counts(row)
        if isinstance(counts, list):
            what = commonest_text(counts)
        else:
            what = ", ".join(f"{counts[colour]} {colour_text(colour)}" for colour in COLOURS if counts[colour])
        lines.append(_("row {number}: {cards} = {points}").format(
            number=index, cards=what or _("no cards"), points=points_text(pad.score_preview([row], 0))
        ))
    discarded = stored["discarded"]
    lines.append(ngettext("discard pile: {count} card", "discard pile: {count} cards", discarded).format(count=discarded))
    return lines


def board_unit(pad: UpOrDownPad) -> str:
    """The heading of the board's totals: "Points"."""
    return _("Points")


def board_note(pad: UpOrDownPad, player: str) -> str:
    """Nothing under a name on the board: the total says it all."""
    return ""
