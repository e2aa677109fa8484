"""The score pad at the table, in the browser: messages, layout, quick entry.

Expected figures follow the seeds and rulings.md: One-card gives the round's
winner one round win (seed 002); Up or Down? scores each row as its cards x
the count of its commonest colour, +1 per card on the discard pile, and the
rulings' example (rows 8 with 3 yellow, 2 of two colours, 8 with 5 blue) is
24 + 2 + 40 = 66 (rulings.md, Up or Down?); Up to 9 scores the cards left
(seed 003) and moves whoever laid down up one level.
"""

from __future__ import annotations

import time

from test_play import new_game

MESSAGE_GONE_S = 8.0
"""Longest wait for a plain message to close by itself (it stays 4 s)."""


def message_shown(app) -> bool:
    """Whether the message bar is on screen now."""
    return app.page.get_by_test_id("message").count() > 0


def wait_message_gone(app, timeout: float) -> float:
    """Seconds until the message bar has gone; fails after ``timeout`` seconds."""
    start = time.monotonic()
    while message_shown(app):
        if time.monotonic() - start > timeout:
            app.fail(f"the message stayed over {timeout:g} s")
        time.sleep(0.2)
    return time.monotonic() - start


def test_a_message_closes_by_itself_on_its_x_and_when_leaving(app):
    new_game(app, "One-card", ["Ann", "Ben"])
    app.tap("Add round")
    app.tap("Ben won")
    app.see("Round 1 saved")
    assert wait_message_gone(app, MESSAGE_GONE_S) > 2.0

    app.tap("Add round")
    app.tap("Ann won")
    app.see("Round 2 saved")
    app.tap("Close message")
    assert wait_message_gone(app, 1.5) < 1.5

    app.tap("Add round")
    app.tap("Ben won")
    app.see("Round 3 saved")
    app.tab("Check")
    app.see("Check a move")
    assert not message_shown(app)
