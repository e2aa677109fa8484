"""The tap-to-paint baseline of bench/live.py: a Flet counter app served like main.py.

    python bench/counter_flet.py PORT

Web mode on 127.0.0.1:PORT, no CDN, no browser window: a "Count" button
and the count under it (test id ``count``), in Flet's declarative style
like the app.
"""

from __future__ import annotations

import os
import sys

import flet as ft


@ft.component
def Counter() -> ft.Control:
    """A button that adds one to the count shown."""
    count, set_count = ft.use_state(0)
    return ft.Column(
        [
            ft.FilledButton("Count", on_click=lambda: set_count(count + 1)),
            ft.Semantics(identifier="count", content=ft.Text(str(count))),
        ]
    )


def main(page: ft.Page) -> None:
    """Render the counter."""
    page.render(Counter)


if __name__ == "__main__":
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
