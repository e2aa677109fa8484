"""The board for the table without a browser: its lines (places with ties,
totals, the last round, whose deal, the winners, the game's note), its
paths, and the words it shares with the pad.

Expected figures: One-card gives the round's winner one round win (seed
002, "Winning"); the deal moves one seat a round and the player after the
dealer starts (pads/base.py, ``dealer``, ``next_starter``); One Up's first
round has no known starter and the one who went out starts the next
(seed 000); Up to 9 moves whoever laid down up one level and counts the
cards left, K 10 and 5 five (seed 003).
"""

from __future__ import annotations

import pytest

from companion.registry import new_pad
from companion.server.key import TableAccess
from companion.ui.board import BoardLine, board_lines, board_path
from companion.ui.board_sizes import FIT_MARGIN, BoardSizes, board_height, board_sizes
from companion.ui.qr import qr_png
from companion.ui.score_table import deal_text, winners_text

PLAYERS = ["Ann", "Ben", "Cy"]


def one_card(*winners: str, target: int = 3):
    """A One-card game of Ann, Ben and Cy with one round won by each of ``winners``."""
    pad = new_pad("one_card", PLAYERS, options={"target": target})
    for winner in winners:
        pad.add_round(winner)
    return pad


def test_before_the_first_round_nobody_has_a_place_and_the_first_dealer_deals():
    assert list(board_lines(one_card())) == [
        BoardLine(None, "Ann", 0, "", True, False, False, ""),
        BoardLine(None, "Ben", 0, "", False, True, False, ""),
        BoardLine(None, "Cy", 0, "", False, False, False, ""),
    ]


def test_tied_players_share_a_place_and_the_next_place_is_skipped():
    assert list(board_lines(one_card("Ann", "Ben"))) == [
        BoardLine(1, "Ann", 1, "0", False, True, False, ""),
        BoardLine(1, "Ben", 1, "+1", False, False, False, ""),
        BoardLine(3, "Cy", 0, "0", True, False, False, ""),
    ]


def test_a_finished_game_marks_the_winners_and_nobody_deals():
    pad = one_card("Ann", "Ann", target=2)
    pad.finish()
    assert list(board_lines(pad)) == [
        BoardLine(1, "Ann", 2, "+1", False, False, True, ""),
        BoardLine(2, "Ben", 0, "0", False, False, False, ""),
        BoardLine(2, "Cy", 0, "0", False, False, False, ""),
    ]
    assert deal_text(pad) == "Finished"
    assert winners_text(pad) == "Ann wins!"


def test_a_won_game_not_yet_finished_shows_itself_over_with_nobody_to_deal():
    pad = one_card("Ann", "Ann", target=2)
    assert (pad.is_over, pad.finished) == (True, False)
    assert list(board_lines(pad)) == [
        BoardLine(1, "Ann", 2, "+1", False, False, True, ""),
        BoardLine(2, "Ben", 0, "0", False, False, False, ""),
        BoardLine(2, "Cy", 0, "0", False, False, False, ""),
    ]
    assert deal_text(pad) == "Game over"
    pad.add_round("Ben")
    assert deal_text(pad) == "Game over"


def test_one_up_lowest_total_first_and_who_went_out_starts():
    pad = new_pad("one_up", PLAYERS)
    pad.add_round({"Ann": "K", "Ben": "5", "Cy": ""}, went_out="Cy")
    assert deal_text(pad) == "Round 2: Ben deals, Cy starts"
    assert list(board_lines(pad)) == [
        BoardLine(1, "Cy", 0, "0", False, True, False, ""),
        BoardLine(2, "Ben", 5, "+5", True, False, False, ""),
        BoardLine(3, "Ann", 10, "+10", False, False, False, ""),
    ]


def test_one_up_first_round_names_no_starter():
    assert deal_text(new_pad("one_up", PLAYERS, first_dealer=2)) == "Round 1: Cy deals"


def test_up_to_nine_ranks_by_level_and_notes_the_contract():
    pad = new_pad("up_to_nine", ["Ann", "Ben"])
    pad.add_round({
        "Ann": {"laid_down": True, "hand": [], "points": None},
        "Ben": {"laid_down": False, "hand": "K 5", "points": None},
    })
    assert list(board_lines(pad)) == [
        BoardLine(1, "Ann", 0, "0 L2", False, True, False, "level 2: 2 sets of 3"),
        BoardLine(2, "Ben", 15, "+15 L1", True, False, False, "level 1: straight of 4"),
    ]


def test_a_tie_at_the_end_shares_the_win():
    pad = one_card("Ann", "Ben")
    pad.end_early()
    assert winners_text(pad) == "Ann and Ben share the win!"


def test_the_board_link_names_the_machine_and_carries_the_tables_key(tmp_path):
    assert board_path("ab12") == "/board/ab12"
    keyed = TableAccess(tmp_path, required=True, host="192.168.1.20", port=8550)
    assert keyed.invite_url(board_path("ab12")) == f"http://192.168.1.20:8550/board/ab12?key={keyed.key}"
    open_table = TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550)
    assert open_table.invite_url(board_path("ab12")) == "http://127.0.0.1:8550/board/ab12"


def test_qr_png_is_a_version_3_code_at_8_pixels_a_module_with_its_quiet_zone():
    png = qr_png("http://192.168.1.20:8550/board/ab12")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == ((29 + 2 * 4) * 8, (29 + 2 * 4) * 8)


def test_board_sizes_follow_the_width_between_a_floor_and_the_tv_sizes():
    assert board_sizes(1280) == BoardSizes()
    assert board_sizes(None) == BoardSizes()
    assert board_sizes(1920) == BoardSizes()
    assert board_sizes(640) == BoardSizes(
        total=44, name=24, last=22, status=18, note=13, place=45, last_column=120, total_column=130, gap=8
    )
    assert board_sizes(200) == board_sizes(576) == BoardSizes(
        total=40, name=22, last=20, status=16, note=12, place=40, last_column=108, total_column=117, gap=7
    )


def test_a_table_of_six_fits_a_screen_800_high_and_a_table_of_four_keeps_the_tv_sizes():
    """A TV can not be scrolled: six players with the marks under two names (in play), or with
    the winners above them (ended), took about 850 px of an 800 px screen, and the sixth line
    was cut. The sizes now shrink until the height the board needs (board_height) fits, for
    screens 800, 600 and 500 px high; the same six lines on a narrower screen only follow its
    width, as before."""
    assert board_sizes(1280, 800, lines=4, marked=2) == BoardSizes()
    playing = board_sizes(1280, 800, lines=6, marked=2)
    assert playing == BoardSizes(total=74, name=40, last=37, status=30, note=22, place=76, last_column=202,
                                 total_column=218, gap=13)
    assert board_height(6, 2, False, playing) * FIT_MARGIN <= 800 < board_height(6, 2, False) * FIT_MARGIN
    for height in (800, 600, 500):
        ended = board_sizes(1280, height, lines=6, ended=True)
        assert board_height(6, 0, True, ended) * FIT_MARGIN <= height
    assert board_sizes(640, 800, lines=6, marked=2) == board_sizes(640)
