"""The baseline of bench/startup.py: a hello-world Flet app served like main.py.

    python bench/hello_flet.py PORT

Web mode on 127.0.0.1:PORT, no CDN, no browser window, one line of text.
"""

from __future__ import annotations

import os
import sys

import flet as ft

HELLO = "Hello from Flet"


def main(page: ft.Page) -> None:
    """Show one line of text."""
    page.add(ft.Text(HELLO))


if __name__ == "__main__":
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
