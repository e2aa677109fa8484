"""Regenerate the screenshots of the play screens, light and dark.

    .venv/bin/python tests/e2e/screenshots.py [--out docs/screenshots]

Saves a few games into a fresh temporary data folder (through the pads and
the store, as the app would), starts main.py on it, and photographs each
screen at 390x844 in headless Chromium with the system colour scheme light,
then dark: ``<screen>-light.png`` and ``<screen>-dark.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from harness import ROOT, AppPage, launch_browser
from shots import options, run, serving, session
from steps import PLAYERS

from companion.registry import new_pad
from companion.pads.hands import with_part
from companion.store import Store


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

    six = new_pad("one_up", ["Alexander", "Bartholomew", "Christopher", "Dominique", "Evangeline", "Frederick"])
    for went_out in ("Alexander", "Dominique", "Bartholomew", "Frederick", "Christopher", "Evangeline", "Alexander"):
        hands = {player: "" if player == went_out else "K 5 3" for player in six.players}
        hands["Evangeline"] = hands["Evangeline"] and "A 2"
        six.add_round(hands, went_out=went_out)
    store.save_game(six.to_doc())
    ids["six"] = six.id

    running = new_pad("one_up", PLAYERS)
    running.add_round({"Ann": "K 3", "Ben": "5", "Cy": []}, went_out="Cy")
    running.add_round({"Ann": [], "Ben": "A 2", "Cy": "6"}, went_out="Ann")
    store.save_game(running.to_doc())
    ids["one_up"] = running.id

    by_hand = new_pad("one_up", PLAYERS)
    by_hand.add_round({"Ann": "K 3", "Ben": "5", "Cy": []}, went_out="Cy")
    store.save_game(by_hand.to_doc())
    entered = {"Ann": {"hand": ["4", "K"], "went_out": False, "ended_by": False},
               "Cy": {"hand": ["A"], "went_out": False, "ended_by": False}}
    for player, part in entered.items():
        store.update_draft(
            by_hand.id, lambda draft, player=player, part=part: with_part(by_hand, draft, player, part, f"{player}'s phone")
        )
    ids["hands"] = by_hand.id
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
        app.type_into("Ann's rows, typed", "8 3, 2 1, 3y 2b")
        app.see("41 points")

    def pad_six(app: AppPage) -> None:
        app.see("Round 8")

    def round_detail(app: AppPage) -> None:
        app.tap("Round 2 detail")
        app.see("played for level 2")

    def entry_up_to_nine_edit(app: AppPage) -> None:
        app.page.get_by_test_id("round-2").click()
        app.see("Round 2 (edit)")
        app.see("played for level 2")

    def entry_one_card(app: AppPage) -> None:
        app.tap("Add round")
        app.see("Who emptied their hand first?")

    def hands_waiting(app: AppPage) -> None:
        app.wait_text("hands-status", "Ann done, Cy done, waiting for Ben")

    def hands_entry(app: AppPage) -> None:
        app.tap("My hand")
        app.tap("Ben's phone")
        app.tap("6", within="hand-Ben")
        app.tap("2", within="hand-Ben")
        app.see("8 points")

    def finished(app: AppPage) -> None:
        app.see("wins!")
        app.scroll(600)

    def history(app: AppPage) -> None:
        app.tap("Show player statistics")
        app.see("Players")

    def history_game(app: AppPage) -> None:
        app.see("Delete this game")
        app.tap("Show the chart of the totals")
        app.page.get_by_test_id("totals-chart").wait_for()

    return [
        ("play", "/", nothing),
        ("new-game", "/new", new_game),
        ("new-game-up-to-nine", "/new", new_up_to_nine),
        ("pad-one-up", f"/pad/{ids['one_up']}", pad_one_up),
        ("entry-one-up", f"/pad/{ids['one_up']}", entry_one_up),
        ("pad-up-to-nine", f"/pad/{ids['up_to_nine']}", pad_up_to_nine),
        ("entry-up-to-nine", f"/pad/{ids['up_to_nine']}", entry_up_to_nine),
        ("entry-up-to-nine-edit", f"/pad/{ids['up_to_nine']}", entry_up_to_nine_edit),
        ("pad-round-detail", f"/pad/{ids['up_to_nine']}", round_detail),
        ("pad-six-players", f"/pad/{ids['six']}", pad_six),
        ("entry-up-or-down", f"/pad/{ids['up_or_down']}", entry_up_or_down),
        ("entry-one-card", f"/pad/{ids['one_card']}", entry_one_card),
        ("hands-waiting", f"/pad/{ids['hands']}", hands_waiting),
        ("hands-entry", f"/pad/{ids['hands']}", hands_entry),
        ("pad-finished", f"/pad/{ids['finished']}", finished),
        ("history", "/history", history),
        ("history-game", f"/history/{ids['finished']}", history_game),
    ]


def main(argv: list[str] | None = None) -> int:
    """Take every screenshot; returns the exit status."""
    parser = options(__doc__, only="take only the screens whose name starts with one of these", metavar="PREFIX")
    return run(parser, take, argv)


def take(args, playwright, scratch: Path) -> None:
    """Photograph every screen (or those ``args.only`` names) light, then dark."""
    with serving(scratch, seed) as (server, ids):
        browser = launch_browser(playwright)
        for scheme in ("light", "dark"):
            for name, path, prepare in shots(ids):
                if args.only and not name.startswith(tuple(args.only)):
                    continue
                with session(browser, server.url, scheme=scheme) as app:
                    app.open(path)
                    prepare(app)
                    target = args.out / f"{name}-{scheme}.png"
                    app.screenshot(target)
                print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
