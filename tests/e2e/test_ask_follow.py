"""Check and the setup guide follow the game of the phone's session, in the browser.

Opened from the bottom tab, Check follows the game whose pad this session
showed last (its options: One Up's wild joker, an edited Up to 9 level
table; the player count of the game); the setup guide follows the options
picked for a new game and the game's pad. One Up is dealt from 56 cards, 57
with the wild joker (seed 000, "Setup" and "Variants").

The tests share one server (conftest.py): each starts the games it follows
on its own phone, so another test's games are never the one followed. The
checker and guide with no game saved are in test_ask.py.
"""

from __future__ import annotations

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each follows a game it started on its own phone."""


def new_game(app, game: str, players: list[str]) -> None:
    """From the home screen: New game, pick ``game``, type the names (not started yet)."""
    app.tap("New game")
    app.see("Players")
    app.tap(game)
    for name in players:
        app.submit_for("Player's name", name, f"Remove {name}")


def test_setup_guide_follows_the_one_up_wild_joker_from_new_game_and_from_the_pad(app):
    new_game(app, "One Up", ["Ann", "Ben"])
    app.page.get_by_role("switch", name="Wild joker variant").click()
    app.tap("How do I deal this?")
    assert app.wait_text("deck-size", "57 cards in play") == "57 cards in play"
    app.see("joker: 1")
    app.see("one joker goes in for the wild joker variant")
    app.tap("Back")
    app.tap("Start game")
    app.tap("More")
    app.tap("How do I deal this?")
    assert app.wait_text("deck-size", "57 cards in play") == "57 cards in play"
    app.tab("Check")
    app.button("JK").wait_for()
    assert app.page.get_by_role("switch", name="Wild joker variant").is_checked()


def test_check_tab_follows_the_game_in_progress_and_keeps_its_level_table(app):
    new_game(app, "Up to 9", ["Kim", "Lou"])
    app.tap("Edit level 1")
    app.tap("Level 1 group 1 cards minus")
    app.tap("Start game")
    app.see("Kim: level 1")
    app.tab("Check")
    app.see("Level 1: straight of 3")
    assert app.page.get_by_test_id("check-players").count() == 0
    app.tap("One Up")
    app.see("Wild joker variant")
    app.tap("Up to 9")
    app.see("Level 1: straight of 3")


def test_check_tab_follows_the_pad_shown_last(app):
    new_game(app, "Up to 9", ["Kim", "Lou"])
    app.tap("Edit level 1")
    app.tap("Level 1 group 1 cards minus")
    app.tap("Start game")
    app.see("Kim: level 1")
    app.tab("Play")
    new_game(app, "One Up", ["Ann", "Ben", "Cy"])
    app.page.get_by_role("switch", name="Wild joker variant").click()
    app.tap("Start game")
    app.see("Ends at 40 points, wild joker")
    app.tab("Play")
    app.page.get_by_text("Up to 9 · Kim and Lou").first.click()
    app.see("Kim: level 1")
    app.tab("Check")
    app.see("Level 1: straight of 3")
    assert app.page.get_by_test_id("check-players").count() == 0
    app.tap("One Up")
    app.see("Wild joker variant")
    assert not app.page.get_by_role("switch", name="Wild joker variant").is_checked()
    app.tap("Up to 9")
    app.see("Level 1: straight of 3")
    app.tab("Play")
    app.page.get_by_text("One Up · Ann, Ben and Cy").first.click()
    app.see("Ends at 40 points, wild joker")
    app.tab("Check")
    app.button("JK").wait_for()
    assert app.page.get_by_role("switch", name="Wild joker variant").is_checked()
    assert app.page.get_by_test_id("check-players").count() == 0
