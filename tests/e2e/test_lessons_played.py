"""Learn to play in the browser: a table of two phones learns each game by
playing its first round. One phone starts the lesson from Play with the
table's names; the other opens the same game mid-lesson and sees the step
the table is on; either phone moves the steps on; the round is entered on
the pad as usual, and the lesson then explains each player's score with
the pad's own numbers (seed 000, "Scoring": each value counted once,
K 10); the last step leaves an ordinary game.

The tests share one server (conftest.py), each on the game it starts.
"""

from __future__ import annotations

import re

from steps import latest, read, tap_values, went_out

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each starts its own game."""


def start_lesson(app, game: str, players: list[str]) -> str:
    """From Play: "Learn to play" on ``game`` (its title), the names typed, the game
    started; returns the saved game's id once its pad shows the lesson's first step."""
    app.tap(f"Learn {game}")
    app.see("Who plays?")
    for name in players:
        app.submit_for("Player's name", name, f"Remove {name}")
    app.tap("Start game")
    app.page.wait_for_url(re.compile(r"/pad/"))
    app.see("Learn to play, step 1 of 5")
    return app.page.url.rsplit("/", 1)[-1]


def step_on(phone, number: int, title: str) -> None:
    """Wait until ``phone`` shows step ``number`` of the lesson, headed ``title``."""
    phone.see(f"Learn to play, step {number} of 5: {title}")


def test_one_up_first_round_on_two_phones(server, phones):
    ann = phones("/")
    game_id = start_lesson(ann, "One Up", ["Ann", "Ben"])
    assert "Ann deals 6 cards to each player." in read(ann, "lesson")
    ben = phones(f"/pad/{game_id}")
    step_on(ben, 1, "Take out the cards and deal")
    ben.tap("Next")
    step_on(ann, 2, "Who starts, and what a turn is")
    ann.tap("Step back")
    step_on(ben, 1, "Take out the cards and deal")
    ben.tap("Next")
    step_on(ann, 2, "Who starts, and what a turn is")
    ann.tap("Next")
    step_on(ben, 3, "Play the round")
    ben.button("What may I play?").wait_for()
    ann.tap("Next")
    step_on(ben, 4, "Score the round")
    ben.tap("Add round")
    tap_values(ben, "Ben", ["6", "K"])
    went_out(ben, "Ann")
    ben.tap("Save round")
    ann.see("Ben keeps 6 and K: 6 + 10 = 16 penalty points")
    assert ann.wait_text("total-Ben", "16") == "16"
    ann.tap("Next")
    step_on(ben, 5, "A tip for next time")
    ben.tap("Finish the lesson")
    ann.gone("Learn to play, step 5 of 5: A tip for next time")
    pad = latest(server, game_id)
    assert (pad.lesson, pad.totals) == (None, {"Ann": 0, "Ben": 16})


def test_one_card_tell_me_more_and_a_round_won(server, phones):
    ann = phones("/")
    game_id = start_lesson(ann, "One-card", ["Ann", "Ben"])
    ben = phones(f"/pad/{game_id}")
    assert "Ann deals 7 cards to each player." in read(ben, "lesson")
    ben.tap("Next")
    step_on(ann, 2, "Who starts, and what a turn is")
    assert "Ben starts. On your turn: put one card on the discard pile" in read(ann, "lesson")
    ann.tap("Tell me more")
    ann.page.wait_for_url(re.compile(r"/rules\?game=one_card&section=turn"))
    ann.page.get_by_test_id("section-turn").wait_for()
    ann.tap("Back")
    step_on(ann, 2, "Who starts, and what a turn is")
    ann.tap("Next")
    step_on(ben, 3, "Play the round")
    ben.tap("Next")
    step_on(ann, 4, "Score the round")
    ann.tap("Add round")
    ann.tap("Ben won")
    ben.see("Ben played the last card first: +1, 1 round win in all")
    assert ben.wait_text("total-Ben", "1") == "1"
    ben.tap("Leave the lesson")
    ann.gone("Learn to play, step 4 of 5: Score the round")
    assert [(pad.lesson, pad.totals) for pad in [latest(server, game_id)]] == [(None, {"Ann": 0, "Ben": 1})]


def test_up_to_nine_checker_on_the_game_and_a_hand_explained(server, phones):
    ann = phones("/")
    game_id = start_lesson(ann, "Up to 9", ["Ann", "Ben"])
    ben = phones(f"/pad/{game_id}")
    for phone, number in ((ben, 1), (ann, 2)):
        step_on(phone, number, ("Take out the cards and deal", "Who starts, and what a turn is")[number - 1])
        phone.tap("Next")
    step_on(ben, 3, "Play the round")
    ben.tap("What may I play?")
    ben.page.wait_for_url(re.compile(rf"/check/up_to_nine\?game_id={game_id}"))
    ben.see("Level 1: straight of 4")
    ben.tap("Back")
    step_on(ben, 3, "Play the round")
    ben.tap("Next")
    step_on(ann, 4, "Score the round")
    ann.tap("Add round")
    ann.tap("Ann went out")
    ann.gone("Ann's points instead of cards")
    ann.tap("K", within="result-Ben")
    ann.tap("5", within="result-Ben")
    ann.tap("Save round")
    ben.see("Ben keeps K and 5: 10 + 5 = 15 penalty points; next round: level 1")
    ben.see("Ann has no cards left: no penalty points; next round: level 2")
    assert ben.wait_text("total-Ben", "15") == "15"


def test_up_or_down_joined_and_reloaded_mid_lesson_and_its_single_round_explained(server, phones):
    ann = phones("/")
    game_id = start_lesson(ann, "Up or Down?", ["Ann", "Ben"])
    ann.tap("Next")
    step_on(ann, 2, "Who starts, and what a turn is")
    ben = phones(f"/pad/{game_id}")
    step_on(ben, 2, "Who starts, and what a turn is")
    ann.reload()
    step_on(ann, 2, "Who starts, and what a turn is")
    for phone, number, title in ((ben, 2, "Who starts, and what a turn is"), (ann, 3, "Play the round")):
        step_on(phone, number, title)
        phone.tap("Next")
    step_on(ann, 4, "Score the round")
    ann.tap("Count the scores")
    for _ in range(3):
        ann.tap("Row 1 yellow plus")
    ann.tap("Ben")
    for _ in range(2):
        ann.tap("Row 1 green plus")
    ann.tap("Discard pile plus")
    ann.tap("Save scores")
    ben.see("Ann: rows of 3 × 3, 0 on the discard pile: 9 points")
    ben.see("Ben: rows of 2 × 2, 1 on the discard pile: 4 + 1 = 5 points")
    assert latest(server, game_id).totals == {"Ann": 9, "Ben": 5}
    ben.tap("Next")
    step_on(ann, 5, "A tip for next time")
    ann.see("The game is over: the pad shows who won.")
