"""A floor for bench/live.py: the pad's screen drawn in few Flet controls
(80, where the pad holds 135), still showing what it shows.

    python bench/lean_flet.py PORT

Web mode on 127.0.0.1:PORT, no CDN, no browser window. The screen of a
One Up game of three players past its twelfth round, as the pad shows it
(folded), with every part a phone at the table sees, each in few controls:

- the navigation bar and its four tabs;
- the game's bar: back, the game's name with whose deal it is under it
  (one text of two styled parts), the menu's button;
- a column per player: the name with "deals" under it on the dealer's
  (one text of two parts), the big total (the first under test id
  ``total``), the chips' dots;
- the game's facts; the button showing every round;
- the newest three rounds, each a round-number button (the round's detail)
  beside a tappable line of one cell per player (one text of two parts:
  the running total over the change and the marks);
- the legend of the marks; "Add round", "My hand" and "Finish".

No test id but ``total`` and the sheet's, no screen-reader label of its
own, no memoised part, no sheet kept built between rounds: about the least
a screen of the pad's content costs Flet (a spacer, a round number drawn
as a container and a text, and the test ids could still go). "Add round"
opens bench/plain_flet.py's sheet, shaped as the pad's One Up sheet (test
id ``hand``), the page hidden under it as the pad's table is; "Save round"
writes to the disk as the store does, then the totals and the newest round
change.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import flet as ft
from plain_flet import SAVES, save_durably, sheet_cover

PLAYERS = ("Ann", "Ben", "Cy")
"""The players of the page's game."""

SMALL = ft.TextStyle(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
BIG = ft.TextStyle(size=18, weight=ft.FontWeight.W_600)


def _column(seat: int, total: int) -> ft.Control:
    """Player ``seat``'s column: name and "deals" (on the first), the big total, the chips."""
    name = ft.Text(PLAYERS[seat], spans=[ft.TextSpan("\ndeals" if seat == 0 else "\n", style=SMALL)],
                   text_align=ft.TextAlign.CENTER)
    points = ft.Text(str(total + 10 * seat), size=34, weight=ft.FontWeight.BOLD)
    return ft.Container(
        ft.Column([name, ft.Semantics(identifier="total", content=points) if seat == 0 else points,
                   ft.Text("\ue163" * (seat + 3), size=11, font_family="MaterialIcons")],
                  spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        expand=1, padding=6, border_radius=10, bgcolor=ft.Colors.PRIMARY_CONTAINER if seat == 0 else None,
    )


def _line(number: int, total: int) -> ft.Control:
    """Round ``number``'s line: its number's button and a tappable row of one cell per player."""
    cells = [ft.Text(str(total + 5 * seat), style=BIG, spans=[ft.TextSpan(f"\n+{seat + 1}", style=SMALL)],
                     text_align=ft.TextAlign.CENTER, expand=1) for seat in range(len(PLAYERS))]
    return ft.Row([
        ft.Container(ft.Text(f"R{number}"), width=48, height=48, border_radius=8, on_click=lambda: None,
                     border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), alignment=ft.Alignment.CENTER),
        ft.Container(ft.Row(cells, spacing=2), expand=True, height=56, border_radius=8, ink=True,
                     on_click=lambda: None),
    ], spacing=2)


@ft.component
def LeanPad(folder: Path) -> ft.View:
    """The lean pad's view (see the module's docstring); "Save round" writes to ``folder``."""
    total, set_total = ft.use_state(0)
    is_open, set_open = ft.use_state(False)

    def save() -> None:
        save_durably(folder, total + 1)
        set_open(False)
        set_total(total + 1)

    table = ft.Column([
        ft.Row([ft.IconButton(ft.Icons.ARROW_BACK),
                ft.Text("One Up", size=20, spans=[ft.TextSpan("\nRound 13: Ben deals, Cy starts", style=SMALL)],
                        expand=True),
                ft.IconButton(ft.Icons.MORE_VERT)]),
        ft.Row([ft.Container(width=48), *(_column(seat, total) for seat in range(len(PLAYERS)))], spacing=2),
        ft.Text("Ends at 100 points. Chips: black 5, white 1."),
        ft.TextButton("Show all 12 rounds", icon=ft.Icons.UNFOLD_MORE),
        *(_line(number, total) for number in (total + 10, total + 11, total + 12)),
        ft.Text("D dealt, S started the round.", style=SMALL),
        ft.Row([ft.FilledButton("Add round", on_click=lambda: set_open(True)), ft.OutlinedButton("My hand"),
                ft.OutlinedButton("Finish")]),
    ], scroll=ft.ScrollMode.AUTO, expand=True, visible=not is_open)
    shown: list[ft.Control] = [table]
    if is_open:
        shown.append(sheet_cover(len(PLAYERS), "Round 13", save, lambda: set_open(False)))
    return ft.View(
        route="/",
        controls=[ft.Stack(shown, fit=ft.StackFit.EXPAND, expand=True)],
        navigation_bar=ft.NavigationBar(destinations=[
            ft.NavigationBarDestination(icon=icon, label=label)
            for icon, label in ((ft.Icons.STYLE, "Games"), (ft.Icons.RULE, "Check"), (ft.Icons.MENU_BOOK, "Rules"),
                                (ft.Icons.HISTORY, "History"))
        ]),
    )


def main(page: ft.Page) -> None:
    """Render the lean pad's view."""
    page.render_views(LeanPad, SAVES)


if __name__ == "__main__":
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
