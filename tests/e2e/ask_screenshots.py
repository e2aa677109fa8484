"""Screenshots of the Check, setup guide and Rules screens, light and dark.

    .venv/bin/python tests/e2e/ask_screenshots.py [--out docs/screenshots] [--only NAME ...]

Starts main.py on a free port with a fresh data folder (holding a saved
One Up game with house rules, for the rules screen opened from a pad, and
an Up to 9 game with an edited level table, for the Check tab opened after
its pad), drives headless Chromium at 390x844 through each screen and saves
``check-*.png``, ``setup-*.png`` and ``rules-*.png``, each as ``-light`` and
``-dark`` (``--only``: just the shots named, such as ``check-one-card-take``).  Not a test (pytest does not collect it); the browser tests in
test_ask.py check the same screens.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from harness import PHONE, AppPage, launch_browser, start_app  # noqa: E402
from test_ask import LEVEL_FOUR, TWELVE, type_cards  # noqa: E402

from companion.games import up_to_nine  # noqa: E402
from companion.pads import new_pad  # noqa: E402
from companion.store import Store  # noqa: E402

PAINTED_BYTES = 20_000
"""A 390x844 PNG of a painted screen is larger than this; a blank one is far smaller."""

STABLE_TRIES = 20
"""Most pictures taken while waiting for two equal frames in a row."""


def stable_screenshot(app: AppPage, path: Path, wait_for: str) -> None:
    """Save a screenshot once ``wait_for`` shows and two frames in a row are the same.

    Flutter can expose a screen's text before it has painted it (or while it
    is still loading a font), so one picture after the text appears may be blank.
    """
    app.see(wait_for)
    app.page.mouse.move(0, 0)
    previous = None
    for _ in range(STABLE_TRIES):
        app.settle()
        picture = app.page.screenshot()
        if picture == previous and len(picture) > PAINTED_BYTES:
            break
        previous = picture
    path.write_bytes(picture)


def check_one_up(app: AppPage) -> str:
    app.open("/check/one_up")
    app.tap("4")
    app.tap("6")
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
    type_cards(app, "Or type numbers", "4 34 52 60 88 101")
    type_cards(app, "Or type numbers", "37")
    app.see("37 goes between 34 and 52")
    app.scroll(160)
    return "37 goes between 34 and 52"


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


def main(argv: list[str] | None = None) -> int:
    """Take every screenshot; print each file written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE.parents[1] / "docs" / "screenshots"))
    parser.add_argument("--only", nargs="+", metavar="NAME", help="take only these shots")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        pad = new_pad("one_up", ["Ann", "Ben", "Cy"], options={"joker": True, "limit": 30})
        levels = up_to_nine.levels_to_json()
        levels[0]["groups"][0]["size"] = 3
        nine = new_pad("up_to_nine", ["Kim", "Lou"], options={"levels": levels})
        store = Store(data_dir)
        store.save_game(pad.to_doc())
        store.save_game(nine.to_doc())
        shots: dict[str, Callable[[AppPage], str]] = {
            "check-one-up": check_one_up,
            "check-one-card": check_one_card,
            "check-one-card-take": check_one_card_take,
            "check-after-pad": lambda app: check_after_pad(app, nine.id),
            "check-up-to-nine": check_up_to_nine,
            "check-up-to-nine-find": check_find,
            "check-up-to-nine-lay-off": check_lay_off,
            "check-up-or-down": check_up_or_down,
            "setup-one-up": setup_one_up,
            "setup-one-up-joker": lambda app: setup_one_up_joker(app, pad.id),
            "setup-up-or-down": setup_up_or_down,
            "setup-steps": setup_steps,
            "rules-one-card": rules_one_card,
            "rules-search": rules_search,
            "rules-house-rules": lambda app: rules_house_rules(app, pad.id),
        }
        if args.only:
            unknown = sorted(set(args.only) - set(shots))
            if unknown:
                parser.error(f"no shot named {', '.join(unknown)}; the shots: {', '.join(shots)}")
            shots = {name: steps for name, steps in shots.items() if name in args.only}
        server = start_app(data_dir, Path(tmp) / "server.log")
        try:
            with sync_playwright() as playwright:
                browser = launch_browser(playwright)
                for scheme in ("light", "dark"):
                    for name, steps in shots.items():
                        context = browser.new_context(viewport=PHONE, color_scheme=scheme)
                        page = context.new_page()
                        page.set_default_timeout(15_000)
                        app = AppPage(page, server.url)
                        wait_for = steps(app)
                        path = out / f"{name}-{scheme}.png"
                        stable_screenshot(app, path, wait_for)
                        print(path)
                        context.close()
                browser.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
