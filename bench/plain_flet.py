"""A baseline of bench/live.py's taps: a plain Flet page of a given number
of controls, served like main.py.

    python bench/plain_flet.py PORT CONTROLS

Web mode on 127.0.0.1:PORT, no CDN, no browser window: bench/counter_flet.py's
"Count" button and count (test id ``count``) over rows of plain texts, in
all ``CONTROLS`` controls as Flet counts them (every control of the page),
so a tap on it costs what Flet's floor costs for a screen that size.
"""

from __future__ import annotations

import os
import sys

import flet as ft

PAGE_CONTROLS = 6
"""Controls of the page around the rows: the page, its view, the counter's
component, column, button and count (the count's Semantics and Text are two)."""

ROW_CONTROLS = 4
"""Controls of one row: a row of three texts."""


@ft.component
def Plain(controls: int) -> ft.Control:
    """The counter over rows of three texts, ``controls`` controls in all (to within a row)."""
    count, set_count = ft.use_state(0)
    rows = max(0, (controls - PAGE_CONTROLS - 2) // ROW_CONTROLS)
    return ft.Column(
        [
            ft.FilledButton("Count", on_click=lambda: set_count(count + 1)),
            ft.Semantics(identifier="count", content=ft.Text(str(count))),
            *(ft.Row([ft.Text(f"{row}"), ft.Text(f"+{row % 7}"), ft.Text(f"{row * 3}")]) for row in range(rows)),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


def main(page: ft.Page) -> None:
    """Render the page of ``sys.argv[2]`` controls."""
    page.render(Plain, int(sys.argv[2]))


if __name__ == "__main__":
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
