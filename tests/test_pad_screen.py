"""The score pad screen's plain-Python parts: short names in the header,
the message bar's screen, the round detail, Up to 9's contract played for,
Up or Down?'s typed rows.

Figures: One Up counts each value once and going out gives back 10 from a
total of 10 or more (rulings.md, One Up); Up to 9 moves whoever laid down up
one level (seed 003); Up or Down? scores a row as cards x commonest colour
(rulings.md, Up or Down?: 8 x 3 + 2 x 1 + 8 x 5 = 66).
"""

from __future__ import annotations

import pytest

from companion.registry import new_pad
from companion.ui.app import scrolls_itself
from companion.ui.games import game_ui
from companion.ui.games.up_or_down import _draft as up_or_down_draft
from companion.ui.games.up_or_down_rows import read_row, read_rows, rows_text
from companion.ui.games.up_to_nine import contract_text, played_for
from companion.ui.history import import_message
from companion.ui.round_detail import detail_lines, who_dealt
from companion.ui.score_table import name_room, names_legend, short_names
from companion.ui.state import SessionState
from companion.ui.widgets import back_button, screen_header, title_text

LONG = ["Alexander", "Bartholomew", "Christopher", "Dominique", "Evangeline", "Frederick"]


class TestHeaderNames:
    def test_room_per_player_count(self):
        assert [name_room(count) for count in range(2, 7)] == [19, 13, 9, 7, 6]

    def test_six_long_names_are_shortened_with_a_legend(self):
        assert list(short_names(LONG).values()) == ["Alexa.", "Barth.", "Chris.", "Domin.", "Evang.", "Frede."]
        assert names_legend(LONG).startswith("Alexa. Alexander, Barth. Bartholomew, ")

    def test_names_that_fit_stay_whole(self):
        assert short_names(["Alexander", "Bartholomew", "Cy"]) == {
            "Alexander": "Alexander", "Bartholomew": "Bartholomew", "Cy": "Cy",
        }
        assert names_legend(["Ann", "Ben"]) == ""

    def test_shortened_names_that_would_read_the_same_get_the_seat(self):
        shown = short_names(["Alexander", "Alexandra", "Bo", "Cy", "Dee", "Eve"])
        assert (shown["Alexander"], shown["Alexandra"], shown["Bo"]) == ("Ale.1", "Ale.2", "Bo")


class TestMessageScreen:
    def test_a_message_is_dropped_when_another_screen_is_entered(self):
        session = SessionState()
        session.entered("/pad/abc")
        session.tell("Round 4 deleted", undo=lambda: None)
        assert session.message_screen == "/pad/abc"
        session.entered("/pad/abc")
        assert session.message == "Round 4 deleted"
        session.entered("/check")
        assert (session.message, session.undo) == ("", None)

    def test_a_message_told_for_the_next_screen_stays_there(self):
        session = SessionState()
        session.entered("/history/abc")
        session.tell("One-card game deleted", undo=lambda: None, screen="/history")
        session.entered("/history")
        assert session.message == "One-card game deleted"
        assert session.undo is not None


    def test_an_import_of_nothing_new_says_so(self):
        assert import_message(0, "backup.json") == "Nothing new in backup.json: its games are already saved here"
        assert import_message(1, "b.json") == "Imported 1 game from b.json"
        assert import_message(3, "b.json") == "Imported 3 games from b.json"

    def test_only_the_pad_and_the_rules_scroll_themselves(self):
        paths = ("/pad/abc", "/rules", "/", "/history", "/padding", "/rulesx")
        assert [scrolls_itself(path) for path in paths] == [True, True, False, False, False, False]


class TestRoundDetail:
    def test_one_up_shows_the_cards_and_the_give_back(self):
        pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
        pad.add_round({"Ann": "K 3", "Ben": "", "Cy": "5"}, "Ben")
        pad.add_round({"Ann": "", "Ben": "K K 3 3 5", "Cy": "5"}, "Ann")
        assert detail_lines(pad, 2, "Ann") == [
            "-10 this round, total 3", "penalty 0 points", "no cards left", "went out, gave back 10",
        ]
        assert detail_lines(pad, 2, "Ben") == ["+18 this round, total 18", "cards left: K K 3 3 5"]
        assert (who_dealt(pad, 1), who_dealt(pad, 2)) == ("Ann dealt", "Ben dealt, Ben started")

    def test_up_to_nine_shows_the_contract_played_for(self):
        pad = new_pad("up_to_nine", ["Ann", "Ben"])
        pad.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "hand": "♥2"}})
        pad.add_round({"Ann": {"laid_down": False, "points": 25}, "Ben": {"laid_down": True, "hand": "K♠ 5♦"}})
        assert detail_lines(pad, 2, "Ann") == [
            "+25 this round, total 25", "played for level 2: 2 sets of 3 · wilds 1", "did not lay down",
            "points typed: 25",
        ]
        assert detail_lines(pad, 2, "Ben") == [
            "+15 this round, total 35", "played for level 1: straight of 4 · wilds 0", "cards left: K♠ 5♦",
            "laid down level 1",
        ]

    def test_up_or_down_shows_each_row(self):
        pad = new_pad("up_or_down", ["Ann", "Ben"])
        pad.add_round({"Ann": {"rows": [[8, 3], [2, 1], [8, 5]]},
                       "Ben": {"rows": [["yellow", "yellow", "blue"]], "discarded": 1}})
        assert detail_lines(pad, 1, "Ann")[0] == "+66 this round, total 66"
        assert detail_lines(pad, 1, "Ann")[1:] == [
            "row 1: 8 cards, 3 of the commonest colour = 24 points",
            "row 2: 2 cards, 1 of the commonest colour = 2 points",
            "row 3: 8 cards, 5 of the commonest colour = 40 points",
            "discard pile: 0 cards",
            "24 + 2 + 40 + 0 discarded",
        ]
        assert detail_lines(pad, 1, "Ben")[1:] == [
            "row 1: 2 yellow, 1 blue = 6 points", "discard pile: 1 card", "6 + 1 discarded",
        ]

    def test_one_card_has_only_the_winner(self):
        pad = new_pad("one_card", ["Ann", "Ben"])
        pad.add_round("Ben")
        assert detail_lines(pad, 1, "Ben") == ["+1 this round, total 1", "won the round"]
        assert detail_lines(pad, 1, "Ann") == ["0 this round, total 0"]


class TestUpToNineContracts:
    def test_level_played_for_and_after_level_nine(self):
        pad = new_pad("up_to_nine", ["Ann", "Ben"])
        for _ in range(9):
            pad.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "points": 5}})
        assert [played_for(pad, number, "Ann") for number in (1, 2, 9)] == [1, 2, 9]
        assert played_for(pad, 9, "Ben") == 1
        assert contract_text(pad, 10) == "level 9 done"
        assert "·" not in contract_text(pad, pad.level("Ann"))
        assert game_ui("up_to_nine").change_text(pad, pad.rows[8], "Ann") == "0 done"


class TestUpOrDownTyping:
    def test_the_rulings_example_typed(self):
        assert read_rows("8 3, 2 1, 8 5") == [[8, 3], [2, 1], [8, 5]]
        assert read_rows("8x3; 2×1 / 8 5\n") == [[8, 3], [2, 1], [8, 5]]

    def test_counts_per_colour(self):
        assert read_row("3y 2b 1r", 1) == {"red": 1, "orange": 0, "yellow": 3, "green": 0, "blue": 2, "purple": 0}
        assert read_row("Yellow2 o1", 2) == {"red": 0, "orange": 1, "yellow": 2, "green": 0, "blue": 0, "purple": 0}
        assert rows_text(read_rows("8 3, 3y 2b")) == "8 3, 3y 2b"

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("8", "Row 1: give the cards in the row and its commonest colour's count (8 3)"),
            ("8 3, 1 2 3", "Row 2: give the cards in the row"),
            ("3y 2", "Row 1: give a count and a colour for each colour"),
            ("3z", "Row 1: 'z' is not a colour"),
        ],
    )
    def test_what_can_not_be_read_is_named(self, text, message):
        with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
            read_rows(text)

    def test_typing_replaces_the_rows_and_scores_66(self):
        pad = new_pad("up_or_down", ["Ann", "Ben"])
        draft = up_or_down_draft(pad, None)
        draft.type_rows("8 3, 2 1, 8")
        assert draft.typing_error.startswith("Row 3:")
        assert draft.rows_typed() == "8 3, 2 1, 8"
        draft.type_rows("8 3, 2 1, 8 5")
        assert (draft.typing_error, draft.sheets["Ann"]["rows"]) == ("", [[8, 3], [2, 1], [8, 5]])
        assert pad.score_preview(draft.entry()["scores"]["Ann"]["rows"]) == 66
        draft.step_discard(1)
        assert draft.rows_typed() == "8 3, 2 1, 8 5"


def test_a_ready_title_goes_with_a_subtitle():
    """A title handed to the title row ready made (kept by a component from
    one render to the next) is shown over its subtitle; alone it would have
    to be stretched, which a kept control can not be, so it is refused."""
    title = title_text("One Up")
    row = screen_header(title, "Round 2: Ben deals", back=back_button(lambda: None))
    assert row.controls[1].controls == [title, row.controls[1].controls[1]]
    assert row.controls[1].controls[1].value == "Round 2: Ben deals"
    with pytest.raises(ValueError, match="subtitle"):
        screen_header(title_text("One Up"))
