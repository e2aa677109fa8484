"""The score pad at the table, in the browser: messages, layout, quick entry.

Expected figures follow the seeds and rulings.md: One-card gives the round's
winner one round win (seed 002); Up or Down? scores each row as its cards x
the count of its commonest colour, +1 per card on the discard pile, and the
rulings' example (rows 8 with 3 yellow, 2 of two colours, 8 with 5 blue) is
24 + 2 + 40 = 66 (rulings.md, Up or Down?); Up to 9 scores the cards left
(seed 003) and moves whoever laid down up one level.
"""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

import pytest

from companion.games.one_card import OneCardPad
from companion.games.one_up import OneUpPad
from companion.games.up_to_nine import UpToNinePad
from companion.store import Store
from harness import PHONE, AppPage
from steps import new_game

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each opens games it saved or started itself
(the CSV and statistics test, which reads every game, starts its own)."""

NAVIGATION_BAR = 72
"""Height of the navigation bar at the bottom (the app's theme), in CSS pixels."""

MESSAGE_UNDO_GONE_S = 14.0
"""Longest wait for a message with "Undo" to close by itself (it stays 10 s)."""

UNDO_MESSAGE_S = 10.0
"""How long a message with "Undo" stays when nobody closes it."""


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
    assert wait_message_gone(app, MESSAGE_UNDO_GONE_S) > 2.0

    app.tap("Add round")
    app.tap("Ann won")
    assert app.wait_text("total-Ann", "1") == "1"
    app.page.get_by_test_id("round-2").click()
    app.tap("Delete this round")
    app.see("Round 2 deleted")
    assert app.wait_text("total-Ann", "0") == "0"
    app.tap("Undo")
    assert app.wait_text("total-Ann", "1") == "1"

    app.page.get_by_test_id("round-2").click()
    app.tap("Delete this round")
    app.see("Round 2 deleted")
    app.settle()
    app.tap("Close message")
    assert wait_message_gone(app, UNDO_MESSAGE_S - 2) < UNDO_MESSAGE_S - 2

    app.tap("Add round")
    app.tap("Ben won")
    app.see("Round 2 saved")
    app.tab("Check")
    app.see("Check a move")
    assert not message_shown(app)


# ---- games saved before the page opens -----------------------------------------------

LONG = ["Alexander", "Bartholomew", "Christopher", "Dominique", "Evangeline", "Frederick"]


@pytest.fixture
def seeded(server, phones):
    """``seeded(docs)``: the game documents ``docs`` saved in the server's data
    folder, then a phone (conftest.py's ``phones``) on the home screen."""

    def start(docs: list[dict]) -> AppPage:
        Store(server.data_dir).add_games(docs)
        return phones("/")

    return start


def box(app, test_id: str) -> dict:
    """The on-screen box (x, y, width, height in CSS pixels) of the node ``test_id``."""
    return app.page.get_by_test_id(test_id).first.bounding_box()


def button_box(app, name: str) -> dict:
    """The on-screen box of the button named ``name``."""
    return app.button(name).bounding_box()


def one_card_game(rounds: int, players: list[str]) -> dict:
    """A One-card game of ``rounds`` rounds, won in turn by the players."""
    pad = OneCardPad(players, options={"target": rounds + 1})
    for number in range(rounds):
        pad.add_round(players[number % len(players)])
    return pad.to_doc()


def test_totals_and_add_round_stay_in_view_over_twelve_rounds(seeded):
    doc = one_card_game(12, ["Ann", "Ben"])
    app = seeded([doc])
    app.open(f"/pad/{doc['id']}")
    app.see("Round 13: Ann deals")
    app.tap("Add round")
    app.tap("Ben won")
    app.see("Round 13 saved")
    app.settle()
    screen = PHONE["height"] - NAVIGATION_BAR
    add, message = button_box(app, "Add round"), box(app, "message")
    assert add["y"] + add["height"] <= message["y"]
    assert message["y"] + message["height"] <= screen
    app.tap("Close message")
    wait_message_gone(app, MESSAGE_UNDO_GONE_S)
    app.settle()
    total, add = box(app, "total-Ann"), button_box(app, "Add round")
    assert app.wait_text("total-Ben", "7") == "7"
    assert 0 <= total["y"] and total["y"] + total["height"] <= screen / 3
    assert screen - 100 <= add["y"] + add["height"] <= screen
    assert box(app, "round-13")["y"] + box(app, "round-13")["height"] <= add["y"]
    assert app.page.get_by_test_id("round-10").count() == 0

    app.tap("Show all 13 rounds")
    app.page.get_by_test_id("round-1").wait_for()
    app.scroll(-2_000)
    assert box(app, "total-Ann")["y"] == total["y"]
    assert button_box(app, "Add round")["y"] == add["y"]
    assert box(app, "round-1")["y"] >= total["y"] + total["height"]


def test_six_long_names_the_dealer_and_the_legends(seeded):
    doc = one_card_game(2, LONG)
    app = seeded([doc])
    app.open(f"/pad/{doc['id']}")
    app.see("Round 3: Christopher deals")
    for name, shown in zip(LONG, ("Alexa.", "Barth.", "Chris.", "Domin.", "Evang.", "Frede."), strict=True):
        # A column is read as the player's standing, then the name as shown ("Alexander: 0 round wins",
        # "Alexa."), then the dealer's badge on the dealer's column only: the others' is unseen and unread.
        read = app.page.locator(f'[aria-label^="{name}:"]').get_attribute("aria-label").split("\n")
        assert read[1:] == ([shown, "deals"] if name == "Christopher" else [shown])
    assert app.text_of("names-legend") == (
        "Alexa. Alexander, Barth. Bartholomew, Chris. Christopher, Domin. Dominique, "
        "Evang. Evangeline, Frede. Frederick"
    )
    assert app.page.get_by_test_id("dealer-Christopher").count() == 1
    assert app.page.get_by_test_id("dealer-Alexander").count() == 0
    app.see("D dealt, S started the round.")
    assert app.text_of("round-2").split() == [
        "Round", "2", "1", "0", "1", "+1", "D", "0", "0", "S", "0", "0", "0", "0", "0", "0"]


def test_a_round_opens_to_its_detail_and_on_to_its_sheet(seeded):
    pad = OneUpPad(["Ann", "Ben", "Cy"])
    pad.add_round({"Ann": "K 3", "Ben": "", "Cy": "5"}, "Ben")
    pad.add_round({"Ann": "", "Ben": "K K 3 3 5", "Cy": "5"}, "Ann")
    app = seeded([pad.to_doc()])
    app.open(f"/pad/{pad.id}")
    assert app.text_of("round-2").split() == ["Round", "2", "3", "-10", "18", "+18", "DS", "10", "+5"]
    app.tap("Round 2 detail")
    app.see("Ben dealt, Ben started")
    assert app.text_of("detail-Ann") == " ".join(
        ["Ann", "-10 this round, total 3", "penalty 0 points", "no cards left", "went out, gave back 10"]
    )
    assert app.text_of("detail-Ben") == " ".join(["Ben", "+18 this round, total 18", "cards left: K K 3 3 5"])
    app.tap("Change this round")
    app.see("Round 2 (edit)")
    app.tap("Cancel")
    app.see("Round 3: Cy deals")


def up_to_nine_game(rounds: int) -> dict:
    """Up to 9 between Ann and Ben: Ann goes out every round (20 points for
    Ben's 2♥ in round 1, 5 points typed after)."""
    pad = UpToNinePad(["Ann", "Ben"])
    pad.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "hand": "♥2"}})
    for _ in range(rounds - 1):
        pad.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "points": 5}})
    return pad.to_doc()


def test_up_to_nine_contract_played_for_and_round_penalty(seeded):
    doc = up_to_nine_game(3)
    app = seeded([doc])
    app.open(f"/pad/{doc['id']}")
    assert app.text_of("round-1").split() == ["Round", "1", "0", "0", "L2", "D", "20", "+20", "L1", "S"]
    assert app.text_of("round-3").split() == ["Round", "3", "0", "0", "L4", "D", "30", "+5", "L1", "S"]
    app.page.get_by_test_id("round-2").click()
    app.see("Round 2 (edit)")
    app.see("played for level 2: 2 sets of 3 · wilds 1")
    app.see("played for level 1: straight of 4 · wilds 0")


def test_up_to_nine_after_level_nine(seeded):
    doc = up_to_nine_game(9)
    app = seeded([doc])
    app.open(f"/pad/{doc['id']}")
    app.see("Ann wins!")
    app.see("Ann: level 9 laid down")
    assert app.text_of("round-9").split()[2:5] == ["0", "0", "done"]
    app.page.get_by_test_id("round-9").click()
    app.see("played for level 9")
    app.see("played for level 1: straight of 4 · wilds 0")
    app.tap("Cancel")
    app.tap("Add round")
    app.see("Round 10")
    app.see("level 9 done")
    app.see("level 1: straight of 4 · wilds 0")
    assert "level 9 done:" not in app.text_of("result-Ann")
    assert "wilds" not in app.text_of("result-Ann")


@pytest.mark.own_server
def test_csv_and_statistics_wording(seeded):
    one_up = OneUpPad(["Ann", "Ben"], created="2026-11-30T20:15:00+00:00")
    one_up.add_round({"Ann": "K 6 5 4 3 2 A", "Ben": ""}, "Ben")
    one_up.add_round({"Ann": "K", "Ben": "2"}, ended_by="Ann")
    nine = UpToNinePad(["Ann", "Cy"], created="2026-11-29T08:05:00+00:00")
    for _ in range(9):
        nine.add_round({"Ann": {"laid_down": True}, "Cy": {"laid_down": False, "points": 5}})
    app = seeded([one_up.to_doc(), nine.to_doc()])
    app.tab("History")
    with app.page.expect_download() as download:
        app.tap("Export CSV")
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert [row["started_utc"] for row in rows[::2]] == ["2026-11-29 08:05:00"] * 9 + ["2026-11-30 20:15:00"] * 2
    assert [row["level_after_round"] for row in rows if row["player"] == "Ann"][:9] == [
        "2", "3", "4", "5", "6", "7", "8", "9", "done",
    ]
    app.tap("Show player statistics")
    app.see("One Up: 20.5 penalty points a round (hands only, give-backs not taken off)")


class Taps:
    """Taps and typed keys counted as a player at the table makes them."""

    def __init__(self, app) -> None:
        self.app = app
        self.taps = 0
        self.keys = 0

    def tap(self, name: str) -> None:
        """Tap the button named ``name``: one tap."""
        self.taps += 1
        self.app.tap(name)

    def type(self, label: str, text: str) -> None:
        """Tap the field labelled ``label`` (one tap) and type ``text`` (one key per character)."""
        self.taps += 1
        self.keys += len(text)
        self.app.type_into(label, text)


def test_up_or_down_rulings_example_typed_in_few_taps(app):
    new_game(app, "Up or Down?", ["Ann", "Ben"])
    count = Taps(app)
    count.tap("Count the scores")
    count.type("Ann's rows, typed", "8 3, 2 1, 8 5")
    app.see("66 points")
    count.tap("Save scores")
    assert app.wait_text("total-Ann", "66") == "66"
    assert (count.taps, count.keys) == (3, 13)
    assert count.taps <= 8

    app.tap("Round 1 detail")
    assert app.text_of("detail-Ann") == " ".join([
        "Ann", "+66 this round, total 66",
        "row 1: 8 cards, 3 of the commonest colour = 24 points",
        "row 2: 2 cards, 1 of the commonest colour = 2 points",
        "row 3: 8 cards, 5 of the commonest colour = 40 points",
        "discard pile: 0 cards", "24 + 2 + 40 + 0 discarded",
    ])


def test_up_or_down_ten_discards_typed_in_few_taps(app):
    new_game(app, "Up or Down?", ["Ann", "Ben"])
    count = Taps(app)
    count.tap("Count the scores")
    count.type("Ann's rows, typed", "8 3, 2 1, 8 5")
    count.type("Ann's discard pile", "10")
    app.see("76 points")
    count.tap("Ben")
    count.type("Ben's rows, typed", "4 2")
    count.type("Ben's discard pile", "10")
    app.see("18 points")
    count.tap("Save scores")
    assert app.wait_text("total-Ann", "76") == "76"
    assert app.wait_text("total-Ben", "18") == "18"
    # Per player: their name (Ann is shown first), their rows, their discard pile; then one save.
    assert count.taps == 7


def test_up_or_down_colours_typed_and_buttons_kept(app):
    new_game(app, "Up or Down?", ["Ann", "Ben"])
    app.tap("Count the scores")
    # The pad's own "Ben" (his column's head) answers the same name until the sheet is drawn.
    app.page.get_by_label("Ann's rows, typed").first.wait_for()
    app.tap("Ben")
    app.type_into("Ben's rows, typed", "3y 2b")
    app.see("15 points")
    app.tap("Row 1 red plus")
    app.see("18 points")
    app.tap("Discard pile plus")
    app.see("19 points")
    app.type_into("Ben's rows, typed", "3y")
    app.see("10 points")
    app.type_into("Ben's rows, typed", "3y 2")
    app.see("Row 1: give a count and a colour for each colour (3y 2b)")
    # Text that can not be read leaves the rows as last read ("3y": 9, and 1 discarded).
    app.see("10 points")


def test_an_import_of_nothing_new_then_a_refused_one(seeded, tmp_path):
    app = seeded([one_card_game(2, ["Ann", "Ben"])])
    app.tab("History")
    with app.page.expect_download() as download:
        app.tap("Export backup")
    again = tmp_path / "backup.json"
    again.write_bytes(Path(download.value.path()).read_bytes())
    with app.page.expect_file_chooser() as chooser:
        app.tap("Import backup")
    chooser.value.set_files(str(again))
    app.see("Nothing new in backup.json: its games are already saved here")

    broken = tmp_path / "broken.json"
    broken.write_text("not a backup", encoding="utf-8")
    with app.page.expect_file_chooser() as chooser:
        app.tap("Import backup")
    chooser.value.set_files(str(broken))
    app.see("Nothing was imported.")
    assert not message_shown(app)



def test_an_impossible_row_keeps_its_title_whole_beside_the_refusal(app):
    """A row of 3 cards can not hold 5 of one colour (rulings.md, Up or Down?): the refusal takes the
    score's place in the row's heading, and it wraps there; the heading's "Row 1" was squeezed to
    a letter a line beside it."""
    new_game(app, "Up or Down?", ["Ann", "Ben"])
    app.tap("Count the scores")
    app.type_into("Ann's rows, typed", "3 5")
    app.see("a row of 3 cards can not hold 5 of one colour")
    app.settle()
    # The row's card: its heading on two lines of the refusal (about 92 px), not four of "R", "o", "w", "1".
    card = app.page.get_by_test_id("row-Ann-1").bounding_box()
    assert card["height"] < 110, card
