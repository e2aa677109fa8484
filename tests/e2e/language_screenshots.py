"""Regenerate the screenshots of Play, a score pad, History and the board in Norwegian bokmål and German, light and dark.

    .venv/bin/python tests/e2e/language_screenshots.py [--out docs/screenshots] [--only nb]

Saves the example games of ``screenshots.py`` into a fresh temporary data
folder, starts main.py on it and opens each screen in headless Chromium
whose language is Norwegian (``nb-NO``) or German (``de-DE``), so the app
follows the browser's language, in the light and the dark colour scheme:
``play-<code>-<scheme>.png``, ``pad-one-up-<code>-<scheme>.png`` and
``history-<code>-<scheme>.png`` at 390x844, ``board-<code>-<scheme>.png`` at
1280x800. The words waited for are read from the app's own catalogs in that
language.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from itertools import product
from pathlib import Path

from harness import BOARD, PHONE, ROOT, AppPage, launch_browser
from screenshots import seed
from shots import options, run, serving, session

from companion.i18n import _, language

LOADED_MS = 90_000
"""How long a screen may take to show its words on a loaded machine."""

BROWSER_LOCALES = {"nb": "nb-NO", "de": "de-DE"}
"""Each language photographed and the browser language that makes the app speak it."""

SCHEMES = ("light", "dark")
"""The browser's colour schemes photographed (the app follows the browser's)."""


def shots(ids: dict[str, str]) -> list[tuple[str, str, dict[str, int], Callable[[AppPage], str]]]:
    """(file name, address, viewport, what to do first) for every screen; the
    preparation returns the text to wait for before the picture, in the
    current language."""

    def play(app: AppPage) -> str:
        return _("New game")

    def pad(app: AppPage) -> str:
        app.page.get_by_test_id("round-2").wait_for()
        return "Ann"

    def history(app: AppPage) -> str:
        app.tap(_("Show player statistics"))
        return _("Players")

    def board(app: AppPage) -> str:
        return _("deals")

    return [
        ("play", "/", PHONE, play),
        ("pad-one-up", f"/pad/{ids['one_up']}", PHONE, pad),
        ("history", "/history", PHONE, history),
        ("board", f"/board/{ids['up_to_nine']}", BOARD, board),
    ]


def main(argv: list[str] | None = None) -> int:
    """Take every screenshot in each language; returns the exit status."""
    return run(options(__doc__, only="take only these languages", metavar="CODE", choices=BROWSER_LOCALES), take, argv)


def take(args, playwright, scratch: Path) -> None:
    """Photograph every screen in each language (or those ``args.only`` names)."""
    with serving(scratch, seed) as (server, ids):
        browser = launch_browser(playwright)
        for code, locale in BROWSER_LOCALES.items():
            if args.only and code not in args.only:
                continue
            for (name, path, viewport, prepare), scheme in product(shots(ids), SCHEMES):
                with session(browser, server.url, viewport=viewport, scheme=scheme, locale=locale) as app:
                    app.open(path)
                    with language(code):
                        wait_for = prepare(app)
                    app.see(wait_for, timeout=LOADED_MS)
                    target = args.out / f"{name}-{code}-{scheme}.png"
                    app.screenshot(target, wait_for)
                print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
