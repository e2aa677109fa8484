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

from steps import latest, read, tap_values

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each starts its own game."""


def start_lesson(app, game: str, players: list[str]) -> str:
    """From Play: "Learn to play" on ``game`` (its title), the names typed, the game
    started; returns the saved game's id once its pad shows the lesson's first step."""
    app.tap(game)
    app.see("Who plays?")
    for name in players:
        app.submit_until("Player's name", name, f"Remove {name}")
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
    ann.tap("Next")
    step_on(ben, 3, "Play the round")
    ben.button("What may I play?").wait_for()
    ann.tap("Next")
    step_on(ben, 4, "Score the round")
    ben.tap("Add round")
    tap_values(ben, "Ben", ["6", "K"])
    ben.tap("Ann went out")
    ben.tap("Save round")
    ann.see("Ben keeps 6 and K: 6 + 10 = 16 penalty points")
    assert ann.wait_text("total-Ben", "16") == "16"
    ann.tap("Next")
    step_on(ben, 5, "A tip for next time")
    ben.tap("Finish the lesson")
    ann.gone("Learn to play, step 5 of 5: A tip for next time")
    pad = latest(server, game_id)
    assert (pad.lesson, pad.totals) == (None, {"Ann": 0, "Ben": 16})
