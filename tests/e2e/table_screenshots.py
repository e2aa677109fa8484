"""Regenerate the screenshots of several phones on one game, light and dark.

    .venv/bin/python tests/e2e/table_screenshots.py [--out docs/screenshots]

Starts main.py on a fresh temporary data folder holding a One-card game of
Ann, Ben and Cy with two rounds, opens it on two phones (two browser
contexts at 390x844) and photographs on the second phone: the question
after both phones entered a new round (``conflict-add``), the question
after both edited round 1 (``conflict-edit``), the change log
(``changes``) and an undo refused because another phone undid it first
(``changes-refused``); each as ``<name>-light.png`` and ``<name>-dark.png``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from harness import PHONE, ROOT, AppPage, launch_browser, missing, start_app

sys.path.insert(0, str(ROOT))

from companion.pads import new_pad, pad_from_doc  # noqa: E402
from companion.store import Store  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cy"]


def seed(data_dir: Path) -> str:
    """Save a One-card game with rounds won by Ann (on Ann's phone) and Ben
    (on Ben's phone); returns its id."""
    store = Store(data_dir)
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    store.update_game(pad.id, lambda saved: saved.add_round("Ann"), by="Ann's phone")
    store.update_game(pad.id, lambda saved: saved.add_round("Ben"), by="Ben's phone")
    return pad.id


def phone(browser, url: str, scheme: str, game_id: str, player: str) -> AppPage:
    """A new phone (browser context) on the game's pad, named after ``player``."""
    page = browser.new_context(viewport=PHONE, color_scheme=scheme).new_page()
    page.set_default_timeout(15_000)
    driver = AppPage(page, url)
    driver.open(f"/pad/{game_id}")
    driver.tap("More")
    driver.tap("Whose phone is this?")
    driver.tap(f"{player}'s phone")
    driver.see(f"This phone is now {player}'s phone")
    return driver


def photograph(browser, url: str, data_dir: Path, game_id: str, scheme: str, out: Path) -> None:
    """Take the four screenshots in one colour scheme."""
    ann, ben = (phone(browser, url, scheme, game_id, player) for player in ("Ann", "Ben"))
    ann.tap("Add round")
    ben.tap("Add round")
    ann.tap("Cy won")
    ben.tap("Ann won")
    ben.screenshot(out / f"conflict-add-{scheme}.png", wait_for="save yours as round 4, or drop it?")
    ben.tap("Drop mine")

    ann.page.get_by_test_id("round-1").click()
    ben.page.get_by_test_id("round-1").click()
    ann.tap("Cy won")
    ann.see("Round 1 saved")
    ben.tap("Ben won")
    ben.screenshot(out / f"conflict-edit-{scheme}.png", wait_for="Round 1 now: Ann 0, Ben 0, Cy +1")
    ben.tap("Keep theirs")

    ben.tap("More")
    ben.tap("Changes")
    shown = pad_from_doc(Store(data_dir).get_game(game_id)).undo_label
    ben.screenshot(out / f"changes-{scheme}.png", wait_for="Round 1 changed")
    Store(data_dir).update_game(game_id, lambda pad: pad.undo(), by="Cy's phone")
    ben.tap(shown)
    ben.screenshot(out / f"changes-refused-{scheme}.png", wait_for="Cy's phone already undid round 1 changed")
    for driver in (ann, ben):
        driver.page.context.close()


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns the exit code (1 when the browser is missing)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args(argv)
    reason = missing()
    if reason:
        print(f"can not take screenshots: {reason}", file=sys.stderr)
        return 1
    out = Path(args.out)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            for scheme in ("light", "dark"):
                data_dir = Path(folder) / scheme
                data_dir.mkdir()
                game_id = seed(data_dir)
                server = start_app(data_dir, Path(folder) / f"server-{scheme}.log")
                try:
                    photograph(browser, server.url, data_dir, game_id, scheme, out)
                finally:
                    server.stop()
        finally:
            browser.close()
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
