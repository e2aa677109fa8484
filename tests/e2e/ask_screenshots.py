"""Screenshots of the Check, setup guide and Rules screens, light and dark.

    .venv/bin/python tests/e2e/ask_screenshots.py [--out docs/screenshots] [--only NAME ...]

Starts main.py on a free port with a fresh data folder (holding a saved
One Up game with house rules, for the rules screen opened from a pad, and
an Up to 9 game with an edited level table, for the Check tab opened after
its pad), drives headless Chromium at 390x844 through each screen and saves
``check-*.png``, ``setup-*.png`` and ``rules-*.png``, each as ``-light`` and
``-dark`` (``--only``: just the shots named, such as ``check-one-card-take``).
Not a test (pytest does not collect it); the browser tests in
test_ask.py check the same screens.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from harness import AppPage, launch_browser
from shots import options, run, serving, session
from steps import LEVEL_FOUR, TWELVE, type_cards

from companion.games import up_to_nine
from companion.registry import new_pad
from companion.store import Store


def check_one_up(app: AppPage) -> str:
    """A 6 on a 4, typed (the screen's "4" and "6" buttons include the player count's)."""
    app.open("/check/one_up")
    for card in ("4", "6"):
        app.settle()
        type_cards(app, "Or type cards", card)
    return "No. On a 4"


def check_one_card(app: AppPage) -> str:
    app.open("/check/one_card")
    type_cards(app, "Or type cards", "AS")
    app.see("An attack is pending")
    type_cards(app, "Or type cards", "BJ CJ 3h 3c AH 2S 7D KS 5S")
    app.see("4 of 9 may be played")
    app.scroll(230)
    return "4 of 9 may be played"


def check_one_card_take(app: AppPage) -> str:
    app.open("/check/one_card")
    type_cards(app, "Or type cards", "BJ")
    app.see("An attack is pending")
    type_cards(app, "Or type cards", "9D 5S")
    app.tap("Take the attack")
    app.see("You draw 7 cards.")
    app.page.get_by_role("switch", name="Fewer cards left to draw").click()
    for left in range(1, 5):
        app.tap("Cards left plus")
        app.see(f"You draw {left} card")
    return "the other 3 of the 7 are forgiven"


def check_after_pad(app: AppPage, game_id: str) -> str:
    """The Check tab tapped on an Up to 9 pad (a click event on the tab, so
    no pointer rests on it and its tooltip stays hidden)."""
    app.open(f"/pad/{game_id}")
    app.see("Kim: level 1")
    app.page.get_by_role("tab", name="Check").dispatch_event("click")
    return "Level 1: straight of 3"


def check_up_to_nine(app: AppPage) -> str:
    app.open("/check/up_to_nine")
    app.tap("4", within="levels")
    type_cards(app, "Or type cards", LEVEL_FOUR)
    app.see("Yes: level 4")
    app.scroll(700)
    return "set of kings"


def check_find(app: AppPage) -> str:
    app.open("/check/up_to_nine")
    app.tap("4", within="levels")
    type_cards(app, "Or type cards", TWELVE)
    app.tap("Find it in my hand")
    app.see("Found it")
    app.scroll(160)
    return "Found it"


def check_lay_off(app: AppPage) -> str:
    app.open("/check/up_to_nine")
    app.tap("Lay off")
    type_cards(app, "Or type cards", "5h 6h 7h 2s")
    app.tap("Card to lay off", exact=False)
    type_cards(app, "Or type cards", "8h")
    app.see("It depends on the wilds")
    app.tap("2♠ = 8♥", within="group", exact=False)
    app.see("Yes: 8♥ goes on the hearts straight 4 to 7")
    app.scroll(-2000)
    return "Yes: 8♥ goes on the hearts straight 4 to 7"


def check_up_or_down(app: AppPage) -> str:
    app.open("/check/up_or_down")
    type_cards(app, "Or type numbers", "9 41 58 66 93 117")
    type_cards(app, "Or type numbers", "50")
    app.see("50 goes between 41 and 58")
    app.scroll(160)
    return "50 goes between 41 and 58"


def setup_one_up(app: AppPage) -> str:
    app.open("/setup?game=one_up&players=4")
    return "cards in play"


def setup_one_up_joker(app: AppPage, game_id: str) -> str:
    app.open(f"/setup?game=one_up&players=3&back=/pad/{game_id}")
    return "57"


def setup_up_or_down(app: AppPage) -> str:
    app.open("/setup?game=up_or_down&players=3")
    app.see("In the middle")
    app.scroll(300)
    return "In the middle"


def setup_steps(app: AppPage) -> str:
    app.open("/setup?game=up_to_nine&players=5")
    app.see("Steps")
    app.scroll(520)
    app.page.get_by_role("checkbox").first.click()
    app.tap("Pick a first player")
    app.see("starts.")
    return "starts."


def rules_one_card(app: AppPage) -> str:
    app.open("/rules?game=one_card")
    app.page.get_by_text("Special cards").first.click()
    app.see("Next player draws")
    app.scroll(640)
    return "Next player draws"


def rules_search(app: AppPage) -> str:
    app.open("/rules")
    type_cards(app, "Search all rules", "joker", submit=False)
    return "sections in 3 games"


def rules_house_rules(app: AppPage, game_id: str) -> str:
    app.open(f"/rules?game=one_up&game_id={game_id}")
    return "This game's house rules"


SHOTS: dict[str, tuple[Callable[..., str], str | None]] = {
    "check-one-up": (check_one_up, None),
    "check-one-card": (check_one_card, None),
    "check-one-card-take": (check_one_card_take, None),
    "check-after-pad": (check_after_pad, "up_to_nine"),
    "check-up-to-nine": (check_up_to_nine, None),
    "check-up-to-nine-find": (check_find, None),
    "check-up-to-nine-lay-off": (check_lay_off, None),
    "check-up-or-down": (check_up_or_down, None),
    "setup-one-up": (setup_one_up, None),
    "setup-one-up-joker": (setup_one_up_joker, "one_up"),
    "setup-up-or-down": (setup_up_or_down, None),
    "setup-steps": (setup_steps, None),
    "rules-one-card": (rules_one_card, None),
    "rules-search": (rules_search, None),
    "rules-house-rules": (rules_house_rules, "one_up"),
}
"""Each shot's name, its steps and the saved game they are given (its key in
:func:`seed`'s ids; None: only the page). The steps return the text to wait
for before the picture."""


def seed(data_dir: Path) -> dict[str, str]:
    """Save a One Up game with house rules (a wild joker, a limit of 30) and
    an Up to 9 game whose first level is a straight of 3; returns their ids
    by game."""
    pad = new_pad("one_up", ["Ann", "Ben", "Cy"], options={"joker": True, "limit": 30})
    levels = up_to_nine.levels_to_json()
    levels[0]["groups"][0]["size"] = 3
    nine = new_pad("up_to_nine", ["Kim", "Lou"], options={"levels": levels})
    store = Store(data_dir)
    store.save_game(pad.to_doc())
    store.save_game(nine.to_doc())
    return {"one_up": pad.id, "up_to_nine": nine.id}


def main(argv: list[str] | None = None) -> int:
    """Take every screenshot (or those ``--only`` names); print each file written."""
    return run(options(__doc__, only="take only these shots", choices=SHOTS), take, argv)


def take(args, playwright, scratch: Path) -> None:
    """Photograph the shots named in ``args.only`` (all when none), light, then dark."""
    names = [name for name in SHOTS if not args.only or name in args.only]
    args.out.mkdir(parents=True, exist_ok=True)
    with serving(scratch, seed) as (server, ids):
        browser = launch_browser(playwright)
        for scheme in ("light", "dark"):
            for name in names:
                steps, game = SHOTS[name]
                with session(browser, server.url, scheme=scheme) as app:
                    wait_for = steps(app) if game is None else steps(app, ids[game])
                    app.page.mouse.move(0, 0)
                    path = args.out / f"{name}-{scheme}.png"
                    app.screenshot(path, wait_for)
                print(path)
        browser.close()


if __name__ == "__main__":
    raise SystemExit(main())
