"""Play at the table in the browser: score pads end to end.

Expected totals follow the seeds: One Up counts each value once (A=1 .. 6=6,
K=10) and going out gives back 10 from a total of 10 or more (seed 000,
"Scoring"); Up to 9 moves whoever laid down up one level (seed 003);
Up or Down? scores cards in a row x its commonest colour, +1 per discarded
card (seed 004). The history test exports a backup, imports a copy of a game
and deletes it with undo, all through the History screen.

The tests share one server (conftest.py), each on games of its own players
and game; the last starts its own, to show that a test's server holds no
game of another test.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from steps import PLAYERS, new_game, tap_values, went_out

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each starts a game no other test here starts
(its game and players), the last a server of its own."""


def totals(app, players: list[str], expected: list[str]) -> list[str]:
    """The big totals of ``players`` once they read ``expected`` (or after a timeout)."""
    return [app.wait_text(f"total-{player}", want) for player, want in zip(players, expected)]



def test_one_up_rounds_edit_and_reload(app):
    new_game(app, "One Up", PLAYERS)
    app.see("Round 1: Ann deals")

    app.tap("Add round")
    tap_values(app, "Ann", ["K", "3"])
    tap_values(app, "Ben", ["5"])
    went_out(app, "Cy")
    app.tap("Save round")
    assert totals(app, PLAYERS, ["13", "5", "0"]) == ["13", "5", "0"]

    app.tap("Add round")
    went_out(app, "Ann")
    tap_values(app, "Ben", ["A", "2"])
    tap_values(app, "Cy", ["6"])
    app.tap("Save round")
    # Ann had 13 (>= 10) and went out: gives back 10.
    assert totals(app, PLAYERS, ["3", "8", "6"]) == ["3", "8", "6"]

    app.page.get_by_test_id("round-1").click()
    app.see("Round 1 (edit)")
    tap_values(app, "Ann", ["4"])
    app.tap("Save round")
    # Round 1 now K 3 4 = 17 for Ann; round 2 gives back 10: 7.
    assert totals(app, PLAYERS, ["7", "8", "6"]) == ["7", "8", "6"]

    app.reload()
    app.open("/")
    app.see("Resume a game")
    app.page.get_by_text("One Up · Ann, Ben and Cy").first.click()
    assert totals(app, PLAYERS, ["7", "8", "6"]) == ["7", "8", "6"]


def test_up_to_nine_lay_down_moves_up_a_level(app):
    new_game(app, "Up to 9", PLAYERS)
    app.see("Ann: level 1, straight of 4")

    app.tap("Add round")
    app.tap("Ann went out")
    app.gone("Ann's points instead of cards")
    app.tap("K", within="result-Ben")
    app.tap("5", within="result-Ben")
    app.see("15 points")
    app.type_into("Cy's points instead of cards", "25")
    app.see("next: level 2")
    app.tap("Save round")

    assert app.wait_text("level-Ann", "level 2") == "level 2"
    assert app.wait_text("level-Ben", "level 1") == "level 1"
    assert totals(app, PLAYERS, ["0", "15", "25"]) == ["0", "15", "25"]
    app.see("Ann: level 2, 2 sets of 3")


def test_up_or_down_scores(app):
    new_game(app, "Up or Down?", ["Ann", "Ben"])
    app.tap("Count the scores")

    for _ in range(3):
        app.tap("Row 1 yellow plus")
    for _ in range(2):
        app.tap("Row 1 blue plus")
    app.tap("Add a row")
    for _ in range(2):
        app.tap("Row 2 red plus")
    for _ in range(3):
        app.tap("Discard pile plus")
    app.see("22 points")

    app.tap("Ben")
    for _ in range(4):
        app.tap("Row 1 green plus")
    app.tap("Discard pile plus")
    app.see("17 points")
    app.tap("Save scores")

    assert totals(app, ["Ann", "Ben"], ["22", "17"]) == ["22", "17"]
    app.see("Ann wins!")
    app.tap("Finish game")
    app.see("Game finished")
    # Scored once: one round draws no chart (a single line from nothing to the totals).
    assert app.page.get_by_test_id("totals-chart").count() == 0


def test_history_backup_import_and_delete_with_undo(app, tmp_path):
    new_game(app, "One-card", ["Ann", "Ben"])
    app.tap("Add round")
    app.tap("Ben won")
    app.tap("More")
    app.tap("End the game now")
    app.see("Ben wins!")

    app.tab("History")
    with app.page.expect_download() as download:
        app.tap("Export backup")
    backup = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    ours = [game for game in backup["games"] if game["game"] == "one_card" and game["winners"] == ["Ben"]]
    assert len(ours) >= 1

    # The same game played by Dee and Eve: the round keeps its id and revision
    # (the game's change log names them), Eve won it.
    played = ours[0]["rounds"][0]
    copy = {**backup, "games": [{**ours[0], "id": uuid.uuid4().hex, "players": ["Dee", "Eve"],
                                 "rounds": [{"id": played["id"], "rev": played["rev"], "winner": "Eve"}],
                                 "winners": ["Eve"]}]}
    upload = tmp_path / "backup.json"
    upload.write_text(json.dumps(copy), encoding="utf-8")
    with app.page.expect_file_chooser() as chooser:
        app.tap("Import backup")
    chooser.value.set_files(str(upload))
    app.see("Imported 1 game from backup.json")

    app.page.get_by_text("One-card · Dee and Eve").first.click()
    app.see("Eve wins")
    app.tap("Delete this game")
    app.see("One-card game deleted")
    assert app.page.get_by_text("One-card · Dee and Eve").count() == 0
    app.tap("Undo")
    app.see("One-card · Dee and Eve")


def test_new_game_keeps_the_names_across_the_deal_guide(app):
    app.tap("New game")
    app.see("Players")
    app.tap("Add")
    app.see("Type the player's name first")
    app.tap("Up to 9")
    for name in ["Kim", "Lou"]:
        app.submit_for("Player's name", name, f"Remove {name}")
    app.tap("How do I deal this?")
    app.see("How to deal")
    app.tap("Back")
    app.button("Remove Kim").wait_for()
    app.button("Remove Lou").wait_for()
    app.see("Level table")
    app.tap("Start")
    app.see("Kim: level 1")


@pytest.mark.own_server
def test_a_test_sees_no_game_of_another_test(app):
    """The tests above saved games on the module's server; this one starts its own, on an empty data folder."""
    app.see("No game in progress")
    app.tab("History")
    app.see("No games saved yet")
