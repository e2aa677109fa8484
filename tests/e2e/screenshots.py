"""Regenerate the screenshots of the play screens (issue 4), light and dark.

    .venv/bin/python tests/e2e/screenshots.py [--out docs/screenshots]

Saves a few games into a fresh temporary data folder (through the pads and
the store, as the app would), starts main.py on it, and photographs each
screen at 390x844 in headless Chromium with the system colour scheme light,
then dark: ``<screen>-light.png`` and ``<screen>-dark.png``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from harness import PHONE, ROOT, AppPage, launch_browser, missing, start_app

sys.path.insert(0, str(ROOT))

from companion.pads import new_pad  # noqa: E402
from companion.store import Store  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cy"]


def seed(data_dir: Path) -> dict[str, str]:
    """Save the example games; returns screen name -> game id."""
    store = Store(data_dir)
    ids: dict[str, str] = {}

    finished = new_pad("one_up", PLAYERS)
    finished.add_round({"Ann": "K 3", "Ben": "5 5 2", "Cy": []}, went_out="Cy")
    finished.add_round({"Ann": [], "Ben": "K 6 4", "Cy": "A 2 3"}, went_out="Ann")
    finished.add_round({"Ann": "K 6", "Ben": "K 5 4", "Cy": []}, went_out="Cy")
    finished.finish()
    store.save_game(finished.to_doc())
    ids["finished"] = finished.id

    one_card = new_pad("one_card", PLAYERS, options={"target": 3})
    for winner in ("Ben", "Ann", "Ben"):
        one_card.add_round(winner)
    store.save_game(one_card.to_doc())
    ids["one_card"] = one_card.id

    up_or_down = new_pad("up_or_down", ["Ann", "Ben"])
    store.save_game(up_or_down.to_doc())
    ids["up_or_down"] = up_or_down.id

    nine = new_pad("up_to_nine", PLAYERS, first_dealer=1)
    nine.add_round({
        "Ann": {"laid_down": True, "hand": []},
        "Ben": {"laid_down": True, "hand": "K 5"},
        "Cy": {"laid_down": False, "points": 35},
    })
    nine.add_round({
        "Ann": {"laid_down": True, "hand": "2"},
        "Ben": {"laid_down": False, "hand": "A 9 9"},
        "Cy": {"laid_down": True, "hand": []},
    })
    store.save_game(nine.to_doc())
    ids["up_to_nine"] = nine.id

    running = new_pad("one_up", PLAYERS)
    running.add_round({"Ann": "K 3", "Ben": "5", "Cy": []}, went_out="Cy")
    running.add_round({"Ann": [], "Ben": "A 2", "Cy": "6"}, went_out="Ann")
    store.save_game(running.to_doc())
    ids["one_up"] = running.id
    return ids


def shots(ids: dict[str, str]) -> list[tuple[str, str, Callable[[AppPage], None]]]:
    """(file name, address, what to do before the picture) for every screen."""

    def nothing(app: AppPage) -> None:
        app.see("Companion")

    def new_game(app: AppPage) -> None:
        for name in PLAYERS[:2]:
            app.tap(name)
            app.button(f"Remove {name}").wait_for()

    def new_up_to_nine(app: AppPage) -> None:
        app.tap("Up to 9")
        app.tap("Edit level 4")
        app.scroll(520)

    def pad_one_up(app: AppPage) -> None:
        app.see("Round 3")

    def entry_one_up(app: AppPage) -> None:
        app.tap("Add round")
        app.tap("K", within="hand-Ann")
        app.tap("6", within="hand-Ann")
        app.tap("4", within="hand-Cy")
        app.tap("Ben went out")

    def pad_up_to_nine(app: AppPage) -> None:
        app.see("Round 3")

    def entry_up_to_nine(app: AppPage) -> None:
        app.tap("Add round")
        app.tap("Ann laid down")
        app.tap("K", within="result-Ann")
        app.tap("7", within="result-Ann")

    def entry_up_or_down(app: AppPage) -> None:
        app.tap("Count the scores")
        for _ in range(3):
            app.tap("Row 1 yellow plus")
        for _ in range(2):
            app.tap("Row 1 blue plus")
        app.tap("Discard pile plus")
        app.see("16 points")

    def entry_one_card(app: AppPage) -> None:
        app.tap("Add round")
        app.see("Who emptied their hand first?")

    def finished(app: AppPage) -> None:
        app.see("wins!")
        app.scroll(600)

    def history(app: AppPage) -> None:
        app.tap("Show player statistics")
        app.see("Players")

    def history_game(app: AppPage) -> None:
        app.see("Delete this game")
        app.page.get_by_test_id("totals-chart").wait_for()

    return [
        ("play", "/", nothing),
        ("new-game", "/new", new_game),
        ("new-game-up-to-nine", "/new", new_up_to_nine),
        ("pad-one-up", f"/pad/{ids['one_up']}", pad_one_up),
        ("entry-one-up", f"/pad/{ids['one_up']}", entry_one_up),
        ("pad-up-to-nine", f"/pad/{ids['up_to_nine']}", pad_up_to_nine),
        ("entry-up-to-nine", f"/pad/{ids['up_to_nine']}", entry_up_to_nine),
        ("entry-up-or-down", f"/pad/{ids['up_or_down']}", entry_up_or_down),
        ("entry-one-card", f"/pad/{ids['one_card']}", entry_one_card),
        ("pad-finished", f"/pad/{ids['finished']}", finished),
        ("history", "/history", history),
        ("history-game", f"/history/{ids['finished']}", history_game),
    ]


def main(argv: list[str] | None = None) -> int:
    """Take every screenshot; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    reason = missing()
    if reason:
        print(f"cannot take screenshots: {reason}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        data_dir = Path(scratch) / "data"
        ids = seed(data_dir)
        server = start_app(data_dir, Path(scratch) / "server.log")
        try:
            with sync_playwright() as playwright:
                browser = launch_browser(playwright)
                for scheme in ("light", "dark"):
                    for name, path, prepare in shots(ids):
                        context = browser.new_context(viewport=PHONE, color_scheme=scheme)
                        app = AppPage(context.new_page(), server.url)
                        app.open(path)
                        prepare(app)
                        target = args.out / f"{name}-{scheme}.png"
                        app.screenshot(target)
                        print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
                        context.close()
                browser.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
