"""A baseline of bench/live.py's taps: a plain Flet page of a given number
of controls, served like main.py.

    python bench/plain_flet.py PORT CONTROLS [SHEET_CONTROLS [kept|hidden|unread]]

Web mode on 127.0.0.1:PORT, no CDN, no browser window: bench/counter_flet.py's
"Count" button and count (test id ``count``) over rows of plain texts, in
all ``CONTROLS`` controls as Flet counts them (every control of the page),
so a tap on it costs what Flet's floor costs for a screen that size.

With ``SHEET_CONTROLS``, the page does instead what the pad's "Add round" and
"Save round" do, with plain controls and no more: an "Add round" button and a
total (test id ``total``) over the rows, which "Add round" covers with a
sheet of ``SHEET_CONTROLS`` controls shaped as the pad's One Up sheet (a
heading with the round's name, test id ``hand``, over one part per player:
a row of value buttons and two outlined buttons; "Save round" and "Cancel"
under them) over the page's controls (kept, hidden or unread, below);
"Save round" writes a file of a saved game's size to the disk as the store
does (a temp file fsynced, renamed over the last, the folder
fsynced), then takes the sheet away and changes the three totals and the
texts of a round's line (the pad's screen keeps its size from its fourth
round on: it shows the newest rounds). Flet's floor for those two taps on a
screen of the pad's size.

The last word says what becomes of the page's controls under the sheet
(:data:`UNDER_SHEET`): ``kept`` (the default) as they are; ``hidden``
(``visible`` false), as the pad's table is (folded, its usual way), so that a screen reader and the
keyboard's Tab reach only the sheet, the phone drawing the page anew when
the sheet goes; ``unread``, kept drawn but out of a screen reader's reach
(in a ``Semantics`` that excludes them while the sheet shows). The last two
are Flet's floor for a pad that keeps its covered table out of a screen
reader's reach.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import flet as ft

PAGE_CONTROLS = 6
"""Controls of the page around the rows: the page, its view, the counter's
component, column, button and count (the count's Semantics and Text are two)."""

ROW_CONTROLS = 4
"""Controls of one row: a row of three texts."""


def plain_row(row: int, shown: int | None = None) -> ft.Row:
    """Row number ``row`` of a plain page: three texts, the first ``shown`` (the row's number when None)."""
    return ft.Row([ft.Text(f"{row if shown is None else shown}"), ft.Text(f"+{row % 7}"), ft.Text(f"{row * 3}")])


@ft.component
def Plain(controls: int) -> ft.Control:
    """The counter over rows of three texts, ``controls`` controls in all (to within a row)."""
    count, set_count = ft.use_state(0)
    rows = max(0, (controls - PAGE_CONTROLS - 2) // ROW_CONTROLS)
    return ft.Column(
        [
            ft.FilledButton("Count", on_click=lambda: set_count(count + 1)),
            ft.Semantics(identifier="count", content=ft.Text(str(count))),
            *(plain_row(row) for row in range(rows)),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


SHEET_PAGE_CONTROLS = 11
"""Controls of :func:`PlainSheet`'s page around its rows: the page, its view,
the component, the stack, the column, the button, the totals' row and its
three totals (the first two: a Semantics and its Text)."""

SHEET_FRAME_CONTROLS = 11
"""Controls of :func:`PlainSheet`'s sheet around its players' parts: the
cover and its column; the heading row with its back button (two), the
round's name (a Semantics and its Text) and "Save"; the hint; the bottom
row with "Save round" and "Cancel"."""

PART_VALUES = ("A", "2", "3", "4", "5", "6", "K")
"""The value buttons of one player's part of :func:`PlainSheet`'s sheet, as a One Up sheet has them."""

PART_CONTROLS = 8 + len(PART_VALUES)
"""Controls of one player's part (:func:`sheet_part`)."""


def sheet_part(player: int) -> ft.Control:
    """Player ``player``'s part of :func:`PlainSheet`'s sheet, shaped as the pad's One Up part: a
    Semantics over a bordered Container over a column of a heading row (the name and the points),
    a row of value buttons and a row of two outlined buttons (went out, dropped out last)."""
    name = f"P{player}"
    return ft.Semantics(
        identifier=f"part-{player}",
        content=ft.Container(
            ft.Column([
                ft.Row([ft.Text(name, expand=True), ft.Text("0 points")]),
                ft.Row([ft.Button(value, width=44) for value in PART_VALUES], spacing=4),
                ft.Row([ft.OutlinedButton(f"{name} went out"), ft.OutlinedButton(f"{name} dropped out last")]),
            ], spacing=8),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            border_radius=12,
            padding=8,
        ),
    )


SAVED_BYTES = 4096
"""Bytes :func:`save_durably` writes: about a game of twelve rounds as the store keeps it."""


def save_durably(folder: Path, number: int) -> None:
    """Write :data:`SAVED_BYTES` bytes (holding ``number``) to ``folder``/game.json
    the way the store makes a save durable: a temp file written and fsynced,
    renamed over the file, the folder fsynced."""
    temp, target = folder / "game.json.tmp", folder / "game.json"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, str(number).encode().ljust(SAVED_BYTES, b" "))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temp, target)
    folder_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(folder_fd)
    finally:
        os.close(folder_fd)


UNDER_SHEET = ("kept", "hidden", "unread")
"""What :func:`PlainSheet` does with its page's controls while its sheet covers them (see the module's docstring)."""


@ft.component
def PlainSheet(controls: int, sheet_controls: int, folder: Path, under: str = "kept") -> ft.Control:
    """The page of ``controls`` controls that "Add round" covers with a sheet
    of ``sheet_controls`` (each to within a row; see the module's docstring),
    whose "Save round" writes to ``folder``; ``under`` (one of
    :data:`UNDER_SHEET`) says what becomes of the page's controls under it."""
    total, set_total = ft.use_state(0)
    is_open, set_open = ft.use_state(False)
    rows = max(0, (controls - SHEET_PAGE_CONTROLS) // ROW_CONTROLS)
    table = ft.Column(
        [
            ft.FilledButton("Add round", on_click=lambda: set_open(True)),
            ft.Row([ft.Semantics(identifier="total", content=ft.Text(str(total))), ft.Text(str(2 * total)),
                    ft.Text(str(3 * total))]),
            *(plain_row(row, total if row == 0 else None) for row in range(rows)),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        visible=not (under == "hidden" and is_open),
    )
    page = ft.Semantics(content=table, exclude_semantics=is_open, expand=True) if under == "unread" else table
    if not is_open:
        return ft.Stack([page], fit=ft.StackFit.EXPAND, expand=True)

    def save() -> None:
        save_durably(folder, total + 1)
        set_open(False)
        set_total(total + 1)

    players = max(0, sheet_controls - SHEET_FRAME_CONTROLS) // PART_CONTROLS
    cover = sheet_cover(players, "Round 1", save, lambda: set_open(False))
    return ft.Stack([page, cover], fit=ft.StackFit.EXPAND, expand=True)


def sheet_cover(players: int, title: str, save: Callable[[], None], close: Callable[[], None]) -> ft.Control:
    """The sheet of a plain page's "Add round", shaped as the pad's One Up sheet, over the whole page:
    a heading (back, ``title`` under test id ``hand``, "Save"), a hint, one part per player
    (:func:`sheet_part`, ``players`` of them), "Save round" and "Cancel". The saves call ``save()``,
    back and "Cancel" ``close()``."""
    return ft.Container(
        ft.Column([
            ft.Row([ft.IconButton(ft.Icons.ARROW_BACK, on_click=close),
                    ft.Semantics(identifier="hand", content=ft.Text(title, size=22), expand=True),
                    ft.FilledButton("Save", on_click=save)]),
            ft.Text("Tap the values each player has left, then who went out."),
            *(sheet_part(player) for player in range(players)),
            ft.Row([ft.FilledButton("Save round", on_click=save, expand=True),
                    ft.OutlinedButton("Cancel", on_click=close)]),
        ], scroll=ft.ScrollMode.AUTO, expand=True),
        bgcolor=ft.Colors.SURFACE,
        padding=8,
    )


SAVES = Path(tempfile.mkdtemp(prefix="plain-saves-"))
"""The folder :func:`PlainSheet`'s saves are written to (the system's temporary folder, as the bench's data)."""


def main(page: ft.Page) -> None:
    """Render the page of ``sys.argv[2]`` controls (:func:`PlainSheet` with ``sys.argv[3]`` in its sheet,
    ``sys.argv[4]`` saying what becomes of the page under it, :data:`UNDER_SHEET`)."""
    if len(sys.argv) > 3:
        page.render(PlainSheet, int(sys.argv[2]), int(sys.argv[3]), SAVES, *sys.argv[4:5])
    else:
        page.render(Plain, int(sys.argv[2]))


if __name__ == "__main__":
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
