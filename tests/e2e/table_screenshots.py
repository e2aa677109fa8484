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

import sys
from pathlib import Path

from harness import Server, launch_browser
from shots import options, run, serving, session
from steps import PLAYERS, latest, name_phone

from companion.registry import new_pad
from companion.store import Store


def seed(data_dir: Path) -> str:
    """Save a One-card game with rounds won by Ann (on Ann's phone) and Ben
    (on Ben's phone); returns its id."""
    store = Store(data_dir)
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    store.update_game(pad.id, lambda saved: saved.add_round("Ann"), by="Ann's phone")
    store.update_game(pad.id, lambda saved: saved.add_round("Ben"), by="Ben's phone")
    return pad.id


def photograph(browser, server: Server, game_id: str, scheme: str, out: Path) -> None:
    """Take the four screenshots in one colour scheme, on Ann's and Ben's phones."""
    with session(browser, server.url, scheme=scheme) as ann, session(browser, server.url, scheme=scheme) as ben:
        for phone, player in ((ann, "Ann"), (ben, "Ben")):
            phone.open(f"/pad/{game_id}")
            name_phone(phone, player)
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
        shown = latest(server, game_id).undo_label
        ben.screenshot(out / f"changes-{scheme}.png", wait_for="Round 1 changed")
        Store(server.data_dir).update_game(game_id, lambda pad: pad.undo(), by="Cy's phone")
        ben.tap(shown)
        ben.screenshot(out / f"changes-refused-{scheme}.png", wait_for="Cy's phone already undid round 1 changed")


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns the exit code (1 when the browser is missing)."""
    return run(options(__doc__), take, argv)


def take(args, playwright, scratch: Path) -> None:
    """Photograph the four screens light, then dark, each on a fresh game."""
    browser = launch_browser(playwright)
    for scheme in ("light", "dark"):
        with serving(scratch, seed, name=scheme) as (server, game_id):
            photograph(browser, server, game_id, scheme, args.out)
    browser.close()
    print(f"screenshots written to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
