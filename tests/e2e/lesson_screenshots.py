"""Photograph "Learn to play": a lesson's steps on a phone and on the board.

    .venv/bin/python tests/e2e/lesson_screenshots.py [--out docs/screenshots] [--only one_up ...]

Starts main.py on a fresh data folder holding, for each game with a lesson,
a game of Ann, Ben and Cy on each step of its lesson (the score step after
its first round), and saves ``lesson-<game>-<step>-light.png`` at 390x844
and ``lesson-<game>-board-light.png`` (its first step on the board, 1280x800);
then Play with its "Learn to play" buttons (``lesson-play-light.png``) and
the set-up of a lesson (``lesson-new-light.png``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from harness import BOARD, launch_browser
from shots import options, run, serving, session

from companion import registry
from companion.registry import new_pad
from companion.store import Store

PLAYERS = ["Ann", "Ben", "Cy"]

FIRST_ROUNDS = {
    "one_up": {"hands": {"Ann": [], "Ben": "6 K 6", "Cy": "A 2 2"}, "went_out": "Ann"},
    "one_card": {"winner": "Ben"},
    "up_to_nine": {"results": {"Ann": {"laid_down": True, "hand": "", "points": None},
                               "Ben": {"laid_down": False, "hand": "K 5 5", "points": None},
                               "Cy": {"laid_down": True, "hand": "3", "points": None}}},
    "up_or_down": {"scores": {"Ann": {"rows": [[6, 4], [3, 2]], "discarded": 2}, "Ben": {"rows": [[8, 3]]},
                              "Cy": {"rows": [[5, 5]], "discarded": 1}}},
}
"""A first round of each game to explain (the keywords of its pad's ``add_round``)."""


def seed(data_dir: Path, games: list[str]) -> dict[tuple[str, int], str]:
    """Save a game on each step of each lesson of ``games``; returns (game, step) -> game id."""
    store = Store(data_dir)
    ids = {}
    for game in games:
        for step in range(len(registry.game(game).lesson.steps)):
            pad = new_pad(game, PLAYERS)
            if step >= 3 and game in FIRST_ROUNDS:
                pad.add_round(**FIRST_ROUNDS[game])
            pad.lesson = {"step": step}
            store.save_game(pad.to_doc())
            ids[(game, step)] = pad.id
    return ids


def take(args, playwright, scratch: Path) -> None:
    """Photograph each step of each lesson asked for."""
    games = list(args.only) or [spec.id for spec in registry.GAMES if spec.lesson is not None]
    with serving(scratch, lambda folder: seed(folder, games)) as (server, ids):
        browser = launch_browser(playwright)
        with session(browser, server.url) as phone:
            phone.open("/")
            phone.scroll(600)
            phone.screenshot(args.out / "lesson-play-light.png", "Learn to play")
            phone.open("/new?game=one_up&lesson=1")
            phone.screenshot(args.out / "lesson-new-light.png", "Who plays?")
        for (game, step), game_id in ids.items():
            with session(browser, server.url) as phone:
                phone.open(f"/pad/{game_id}")
                phone.screenshot(args.out / f"lesson-{game}-{step + 1}-light.png", f"step {step + 1} of")
            if step == 0:
                with session(browser, server.url, viewport=BOARD) as board:
                    board.open(f"/board/{game_id}")
                    board.screenshot(args.out / f"lesson-{game}-board-light.png", "Learn to play")
        browser.close()


if __name__ == "__main__":
    sys.exit(run(options(__doc__, only="games to photograph (ids)"), take))
