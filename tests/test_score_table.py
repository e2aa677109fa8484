"""The score table's rounds as text (``round_line``): what each cell reads,
and that a round a save did not touch reads the same, so its memoised line
is not built again.

Figures: One Up counts each value once, the player who went out scores 0,
and going out gives back 10 from a total of 10 or more (rulings.md, One
Up): K 3 is 10 + 3 = 13, A A is 1; then Ann goes out from 13 to 3, 6 6 is
6. Who starts One Up's first round is not known, so it has no S.
"""

from __future__ import annotations

from companion import i18n
from companion.games.one_up import OneUpPad
from companion.registry import new_pad
from companion.ui.round_rows import Cell, Line, line_key, round_line
from companion.ui.pad_parts import end_banner
from companion.ui.score_table import headings
from flet_session import shown_strings
from test_pads_up_to_nine import nine_rounds, res

PLAYERS = ["Ann", "Ben", "Cy"]


def two_rounds() -> OneUpPad:
    pad = OneUpPad(PLAYERS)
    pad.add_round({"Ann": "K 3", "Ben": "A A", "Cy": ""}, "Cy")
    pad.add_round({"Ann": "", "Ben": "6 6", "Cy": "4"}, "Ann")
    return pad


def test_a_round_reads_its_totals_changes_and_marks():
    pad = two_rounds()
    assert [round_line(pad, row) for row in pad.rows] == [
        Line(1, "R1", "Round 1", "Round 1 detail",
             (Cell("Ann", "13", "+13", "D"), Cell("Ben", "1", "+1", ""), Cell("Cy", "0", "0", ""))),
        Line(2, "R2", "Round 2", "Round 2 detail",
             (Cell("Ann", "3", "-10", ""), Cell("Ben", "7", "+6", "D"), Cell("Cy", "4", "+4", "S"))),
    ]


def test_a_new_round_leaves_the_earlier_lines_equal():
    before = two_rounds()
    after = two_rounds()
    after.add_round({"Ann": "5", "Ben": "", "Cy": "K"}, "Ben")
    assert [round_line(after, row) for row in after.rows[:2]] == [round_line(before, row) for row in before.rows]
    assert round_line(after, after.rows[2]).number == 3


def test_an_edit_changes_the_lines_from_the_edited_round_on():
    before = two_rounds()
    after = two_rounds()
    after.edit_round(1, {"Ann": "K", "Ben": "A A", "Cy": ""}, "Cy")
    assert round_line(after, after.rows[0]) != round_line(before, before.rows[0])
    assert round_line(after, after.rows[0]).cells[0] == Cell("Ann", "10", "+10", "D")


def test_chips_are_one_text_of_the_icon_fonts_dots_read_out_by_their_counts():
    from companion.ui.score_table import BLACK_CHIP, WHITE_CHIP, Chips, Dots, Note, shown_extra

    assert shown_extra(Chips(2, 1)) == Dots(BLACK_CHIP * 2 + WHITE_CHIP, "2 black chips and 1 white chip")
    assert shown_extra(Chips(1, 0)).label == "1 black chip"
    assert shown_extra(Chips(0, 3)).label == "3 white chips"
    with i18n.language("de"):
        assert shown_extra(Chips(2, 1)).label == "2 schwarze Chips und 1 weißer Chip"
    assert shown_extra(Note("level-Ann", "level 3")) == Note("level-Ann", "level 3")


def test_the_table_folds_to_its_newest_three_rounds():
    from companion.ui.round_rows import fold_label, round_lines

    pad = two_rounds()
    for hands, out in (({"Ann": "5", "Ben": "", "Cy": "K"}, "Ben"), ({"Ann": "", "Ben": "2", "Cy": "3"}, "Ann")):
        pad.add_round(hands, out)
    assert [line.number for line in round_lines(pad, False)] == [2, 3, 4]
    assert [line.number for line in round_lines(pad, True)] == [1, 2, 3, 4]
    assert [cell.total for cell in round_lines(pad, False)[-1].cells] == [
        str(pad.rows[-1].totals[player]) for player in pad.players]
    assert (fold_label(4, False), fold_label(4, True)) == ("Show all 4 rounds", "Show only the last 3 rounds")


def test_nobody_is_marked_to_deal_once_the_rules_end_the_game_before_finish_is_tapped():
    pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
    hands = [{"Ann": "K 3", "Ben": "", "Cy": "5"}, {"Ann": "", "Ben": "4 4", "Cy": "6"}]
    for number in range(12):
        pad.add_round(hands[number % 2], "Ben" if number % 2 == 0 else "Ann")
    assert pad.is_over and not pad.finished
    assert [(heading.deals, heading.badge) for heading in headings(pad)] == [(False, "")] * 3


def test_line_keys_ring_while_folded_and_follow_the_round_unfolded():
    assert [line_key(number, False) for number in range(10, 15)] == [1, 2, 0, 1, 2]
    assert [line_key(number, True) for number in (1, 12, 13)] == [1, 12, 13]


def test_up_to_nines_end_offers_only_to_finish_once_every_player_laid_down_level_nine():
    """Ann and Ben both laid down level 9 in round 9 (test_pads_up_to_nine's ``nine_rounds``):
    nobody can move up, so the end banner offers to finish, not to play on. Had Ben not laid
    down in round 9, he could still move up, and playing on is offered."""
    both = nine_rounds()
    only_ann = nine_rounds()
    only_ann.edit_round(9, {"Ann": res(True), "Ben": res(False, "K♠")})
    offers = [[text for text in shown_strings(end_banner(pad, lambda: None)) if "finish" in text.lower()]
              for pad in (both, only_ann)]
    assert offers == [
        ["Every player has laid down level 9, so nobody can move up any more: finish the game.", "Finish game"],
        ["Finish the game, or play on with another round.", "Finish game"],
    ]


def test_a_card_chosen_on_a_sheet_draws_its_suit_with_the_suit_font():
    """Up to 9's cards left ("Q♥") are drawn with the suits' fallback font, as every text that may
    show a suit is: the offline client has no other font with ♥ (it drew a box)."""
    from companion.ui.card_picker import card_counter
    from companion.ui.widgets import SUIT_TEXT

    chosen = card_counter(["A", "K"], ["Q♥"], lambda rank: None, lambda index: None).controls[1].controls[0].content
    assert (chosen.value, chosen.style) == ("Q♥", SUIT_TEXT)
