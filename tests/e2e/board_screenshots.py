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

import sys
from pathlib import Path

from harness import BOARD, launch_browser
from shots import options, run, serving, session

from companion.registry import new_pad
from companion.store import Store

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


def main(argv: list[str] | None = None) -> int:
    """Take the screenshots; returns the exit code (1 when the browser is missing)."""
    return run(options(__doc__), take, argv)


def take(args, playwright, scratch: Path) -> None:
    """Photograph both boards and the phone's way to the board, light, then dark."""
    with serving(scratch, seed) as (server, games):
        browser = launch_browser(playwright)
        for scheme in ("light", "dark"):
            for name, wait_for in (("playing", "Round 3"), ("finished", "Ben wins!")):
                with session(browser, server.url, viewport=BOARD, scheme=scheme) as board:
                    board.open(f"/board/{games[name]}")
                    board.screenshot(args.out / f"board-{name}-{scheme}.png", wait_for)
            with session(browser, server.url, scheme=scheme) as phone:
                phone.open(f"/pad/{games['playing']}")
                phone.tap("More")
                phone.tap("Board for the table")
                phone.screenshot(args.out / f"board-invite-{scheme}.png", "Open the board here")
                phone.tap("Open the board here")
                phone.screenshot(args.out / f"board-phone-{scheme}.png", "Round 3")
        browser.close()
    print(f"screenshots saved in {args.out}")


if __name__ == "__main__":
    sys.exit(main())
