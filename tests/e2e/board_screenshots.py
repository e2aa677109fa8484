"""Regenerate the screenshots of the board for the table, light and dark.

    .venv/bin/python tests/e2e/board_screenshots.py [--out docs/screenshots]

Starts main.py on a fresh temporary data folder holding an Up to 9 game of
six players in play (two rounds) and a finished One-card game, opens the
board of each in a 1280x800 landscape browser (a tablet or a TV) and saves
``board-<name>-light.png`` and ``board-<name>-dark.png`` (``playing``,
``finished``), then the pad's "Board for the table" on a phone
(``board-invite``) and the board it opens there (``board-phone``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from harness import PHONE, ROOT, AppPage, launch_browser, missing, start_app

sys.path.insert(0, str(ROOT))

from companion.pads import new_pad  # noqa: E402
from companion.store import Store  # noqa: E402

BOARD = {"width": 1280, "height": 800}
"""The board's screen: a landscape tablet or TV, in CSS pixels."""

STILL_MS = 1_000
"""Gap between two screenshots that must be the same before one is kept
(milliseconds): on a busy machine Flutter's accessibility tree holds the
board's text while the screen still shows the "Working..." splash, whose
spinner turns."""

STILL_ATTEMPTS = 30

SPLASH_BYTES = 10_000
"""Largest PNG of the nearly empty "Working..." splash at these sizes (it
compresses to under 5 KB; every board and phone screen is over 30 KB)."""


def still_screenshot(driver: AppPage, path: Path, wait_for: str) -> None:
    """Save a screenshot at ``path`` once ``wait_for`` is shown and two
    screenshots ``STILL_MS`` apart are the same picture, not the splash.

    Raises:
        AssertionError: the screen kept changing for ``STILL_ATTEMPTS`` tries.
    """
    driver.see(wait_for)
    before = b""
    for _ in range(STILL_ATTEMPTS):
        driver.settle()
        shot = driver.page.screenshot()
        if shot == before and len(shot) > SPLASH_BYTES:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(shot)
            return
        before = shot
        driver.next_frame(STILL_MS)
    driver.fail(f"the screen kept changing while {wait_for!r} was shown")

SIX = ["Ann", "Ben", "Cy", "Dora", "Evangeline", "Finn"]


def seed(data_dir: Path) -> dict[str, str]:
    """Save the two games; returns name -> game id."""
    store = Store(data_dir)
    playing = new_pad("up_to_nine", SIX)
    laid = {"laid_down": True, "hand": "", "points": None}
    playing.add_round({
        "Ann": laid, "Ben": {"laid_down": False, "hand": "K 5 5", "points": None},
        "Cy": {"laid_down": True, "hand": "3", "points": None},
        "Dora": {"laid_down": False, "hand": "Q J 9 2", "points": None},
        "Evangeline": {"laid_down": True, "hand": "7 7", "points": None},
        "Finn": {"laid_down": False, "hand": "A", "points": None},
    })
    playing.add_round({
        "Ann": {"laid_down": False, "hand": "8 4", "points": None}, "Ben": laid,
        "Cy": {"laid_down": True, "hand": "6", "points": None},
        "Dora": {"laid_down": True, "hand": "K", "points": None},
        "Evangeline": {"laid_down": False, "hand": "9 9 2", "points": None},
        "Finn": {"laid_down": True, "hand": "4", "points": None},
    })
    finished = new_pad("one_card", ["Ann", "Ben", "Cy"], options={"target": 3})
    for winner in ("Ben", "Ann", "Ben", "Cy", "Ben"):
        finished.add_round(winner)
    finished.finish()
    store.add_games([playing.to_doc(), finished.to_doc()])
    return {"playing": playing.id, "finished": finished.id}


def main() -> int:
    """Take the screenshots; returns the exit code (1 when the browser is missing)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    reason = missing()
    if reason:
        print(f"can not take screenshots: {reason}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="companion-board-shots-") as folder:
        data_dir = Path(folder) / "data"
        data_dir.mkdir()
        games = seed(data_dir)
        server = start_app(data_dir, Path(folder) / "server.log")
        try:
            with sync_playwright() as playwright:
                browser = launch_browser(playwright)
                for scheme in ("light", "dark"):
                    for name, wait_for in (("playing", "Round 3"), ("finished", "Ben wins!")):
                        page = browser.new_context(viewport=BOARD, color_scheme=scheme).new_page()
                        board = AppPage(page, server.url)
                        board.open(f"/board/{games[name]}")
                        still_screenshot(board, args.out / f"board-{name}-{scheme}.png", wait_for)
                        page.context.close()
                    page = browser.new_context(viewport=PHONE, color_scheme=scheme).new_page()
                    phone = AppPage(page, server.url)
                    phone.open(f"/pad/{games['playing']}")
                    phone.tap("More")
                    phone.tap("Board for the table")
                    still_screenshot(phone, args.out / f"board-invite-{scheme}.png", "Open the board here")
                    phone.tap("Open the board here")
                    still_screenshot(phone, args.out / f"board-phone-{scheme}.png", "Round 3")
                    page.context.close()
                browser.close()
        finally:
            server.stop()
        problem = server.tracebacks()
    if problem:
        print(f"the server printed a traceback:\n{problem}", file=sys.stderr)
        return 1
    print(f"screenshots saved in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
