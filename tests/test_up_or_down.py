"""Up or Down?: seed 004 and rulings.md, "Up or Down?"."""

import random
import re
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import CardError
from companion.games.up_or_down import (
    CARDS_IN_PLAY,
    COLOURS,
    HIGHEST_CARD,
    MAX_ROWS,
    RowSummary,
    UpOrDownError,
    card_number,
    cards_in_play,
    check_row,
    colour_name,
    player_score,
    ring_neighbours,
    row_direction,
    row_score,
    row_summary_score,
    winners,
)
from companion.verdict import Verdict

# cards_in_play ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [(2, range(1, 55)), (3, range(1, 79)), (4, range(1, 103)), (5, range(1, 127)), (6, range(1, 127))],
)
def test_cards_in_play_by_player_count(players, expected):
    assert cards_in_play(players) == expected


def test_cards_in_play_sizes():
    assert [len(cards_in_play(n)) for n in range(2, 7)] == [54, 78, 102, 126, 126]


def test_cards_in_play_is_the_table():
    assert {n: cards_in_play(n)[-1] for n in CARDS_IN_PLAY} == CARDS_IN_PLAY


@pytest.mark.parametrize("players", [0, 1, 7, -2, True, "4", 4.0, None])
def test_cards_in_play_rejects_other_counts(players):
    with pytest.raises(ValueError, match="2-6 players"):
        cards_in_play(players)


# ring_neighbours -------------------------------------------------------------


def test_seed_example_37_goes_between_34_and_52():
    assert ring_neighbours([8, 34, 52, 71, 90, 113], 37) == (34, 52)


def test_ring_in_any_order():
    assert ring_neighbours([90, 52, 8, 113, 34, 71], 37) == (34, 52)


def test_card_below_the_lowest_goes_between_lowest_and_highest():
    assert ring_neighbours([34, 52, 8, 71, 90, 113], 3) == (8, 113)


def test_card_above_the_highest_goes_between_lowest_and_highest():
    assert ring_neighbours([34, 52, 8, 71, 90, 113], 126) == (8, 113)


def test_neighbours_next_to_each_other_by_number():
    assert ring_neighbours([10, 12, 40, 41, 60, 80], 11) == (10, 12)


def test_ring_numbers_may_be_typed_text():
    assert ring_neighbours(["34", "52", "8", "71", "90", "113"], " 37 ") == (34, 52)


def test_card_already_in_the_ring_is_an_error():
    with pytest.raises(UpOrDownError, match="card 52 is already in the ring"):
        ring_neighbours([8, 34, 52, 71, 90, 113], 52)


def test_ring_with_a_number_twice_is_an_error():
    with pytest.raises(UpOrDownError, match="card 34 appears twice in the ring"):
        ring_neighbours([8, 34, 34, 71, 90, 113], 37)


@pytest.mark.parametrize(
    ("ring", "card", "message"),
    [
        ([0, 34, 52, 71, 90, 113], 37, "there is no card 0"),
        ([8, 34, 52, 71, 90, 127], 37, "there is no card 127"),
        ([8, 34, 52, 71, 90, 113], 200, "there is no card 200"),
        ([8, 34, 52, 71, 90, 113], "x", "'x' is not a card number"),
        ([8, 34, 52, 71, 90, 113], 37.5, "37.5 is not a card number"),
        ([8, 34, 52, 71, 90, 113], True, "True is not a card number"),
        ([52], 37, "at least two cards"),
        ([], 37, "at least two cards"),
        ("8 34 52", 37, "list of card numbers"),
    ],
)
def test_bad_ring_input_is_a_clear_error(ring, card, message):
    with pytest.raises(UpOrDownError, match=message):
        ring_neighbours(ring, card)


@pytest.mark.parametrize("bad", [None, 37, {"ring": [8, 34]}])
def test_lists_that_are_no_lists_are_a_clear_error(bad):
    with pytest.raises(UpOrDownError, match="give the ring as a list of card numbers"):
        ring_neighbours(bad, 37)
    with pytest.raises(UpOrDownError, match="give the row as a list of card numbers"):
        check_row(bad, 37)
    with pytest.raises(UpOrDownError, match="give the row as a list of colour names"):
        row_score(bad)
    with pytest.raises(UpOrDownError, match="give the display as a list of rows"):
        player_score(bad, 0)
    with pytest.raises(UpOrDownError, match="give each row as a list of colour names"):
        player_score([["red", "blue"], bad], 0)


@pytest.mark.parametrize("card", [0, 127, "x", 37.5, None])
def test_a_card_number_that_does_not_exist_is_a_card_error(card):
    with pytest.raises(CardError):
        ring_neighbours([8, 34, 52, 71, 90, 113], card)
    with pytest.raises(CardError):
        check_row([10, 20], card)
    with pytest.raises(UpOrDownError):
        card_number(card)


def test_up_or_down_error_is_a_value_error():
    assert issubclass(UpOrDownError, ValueError)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, HIGHEST_CARD), min_size=7, max_size=7, unique=True),
    st.randoms(use_true_random=False),
)
def test_ring_neighbours_are_the_nearest_cards(numbers, rng):
    card, ring = numbers[0], numbers[1:]
    lower, higher = ring_neighbours(ring, card)
    if min(ring) < card < max(ring):
        assert lower < card < higher
        assert lower in ring and higher in ring
        assert not any(lower < n < higher for n in ring)
    else:
        assert (lower, higher) == (min(ring), max(ring))
    shuffled = list(ring)
    rng.shuffle(shuffled)
    assert ring_neighbours(shuffled, card) == (lower, higher)


# rows ------------------------------------------------------------------------


@pytest.mark.parametrize("card", [1, 64, 126])
def test_empty_row_accepts_any_card(card):
    assert check_row([], card) == Verdict(True, "")


@pytest.mark.parametrize("card", [3, 90])
def test_one_card_row_accepts_either_direction(card):
    assert check_row([40], card).legal


def test_ascending_row_takes_a_higher_card():
    assert check_row([5, 9, 30], 31).legal


def test_ascending_row_refuses_a_lower_card():
    verdict = check_row([5, 9, 30], 12)
    assert not verdict.legal
    assert "runs upward and ends at 30" in verdict.reason
    assert "must be higher than 30" in verdict.reason


def test_descending_row_takes_a_lower_card():
    assert check_row([100, 60], 1).legal


def test_descending_row_refuses_a_higher_card():
    verdict = check_row([100, 60], 61)
    assert not verdict.legal
    assert "runs downward and ends at 60" in verdict.reason
    assert "must be lower than 60" in verdict.reason


def test_direction_is_fixed_by_the_first_two_cards():
    assert check_row([50, 20], 10).legal
    assert not check_row([50, 20], 60).legal
    assert check_row([20, 50], 60).legal
    assert not check_row([20, 50], 10).legal


def test_refused_card_reason_says_what_to_do():
    reason = check_row([5, 9], 7).reason
    assert "start a new row" in reason
    assert f"with {MAX_ROWS} rows out" in reason


def test_card_equal_to_the_last_is_impossible():
    with pytest.raises(UpOrDownError, match="card 9 is already in this row"):
        check_row([5, 9], 9)


def test_row_with_a_number_twice_is_an_error():
    with pytest.raises(UpOrDownError, match="card 5 appears twice in the row"):
        check_row([5, 9, 5], 12)


def test_row_that_changes_direction_is_an_error():
    with pytest.raises(UpOrDownError, match="starts going up but 7 follows 9"):
        check_row([5, 9, 7], 12)


def test_row_with_a_bad_number_is_an_error():
    with pytest.raises(UpOrDownError, match="there is no card 130"):
        check_row([5, 130], 12)
    with pytest.raises(UpOrDownError, match="there is no card 0"):
        check_row([5, 9], 0)


@pytest.mark.parametrize(
    ("row", "direction"),
    [([], None), ([7], None), ([7, 8], "up"), ([8, 7], "down"), ([1, 50, 126], "up"), ([126, 50, 1], "down")],
)
def test_row_direction(row, direction):
    assert row_direction(row) == direction


# colours and scores ----------------------------------------------------------


def test_six_distinct_colour_names():
    assert len(COLOURS) == 6
    assert len(set(COLOURS)) == 6


@pytest.mark.parametrize("text", ["Blue", "  PURPLE ", "red"])
def test_colour_name_any_case(text):
    assert colour_name(text) == text.strip().lower()


@pytest.mark.parametrize("text", ["pink", "", 3])
def test_colour_name_rejects_unknown(text):
    with pytest.raises(UpOrDownError, match="is not a colour"):
        colour_name(text)


def test_row_score_is_length_times_commonest_colour():
    assert row_score(["yellow", "blue", "yellow"]) == 6


def test_row_score_of_one_colour():
    assert row_score(["green"] * 5) == 25


def test_row_score_empty_row_is_zero():
    assert row_score([]) == 0


def test_row_score_ignores_case():
    assert row_score(["Blue", "blue", " BLUE", "red"]) == 12


def test_row_score_counts_any_names():
    assert row_score(["teal", "teal", "mauve"]) == 6


@pytest.mark.parametrize("colours", ["yellow blue", ["yellow", 3], ["yellow", " "], [None]])
def test_row_score_rejects_unreadable_rows(colours):
    with pytest.raises(UpOrDownError):
        row_score(colours)


EIGHT_THREE_YELLOW = ["yellow", "yellow", "yellow", "red", "red", "green", "blue", "purple"]
TWO_COLOURS = ["orange", "green"]
EIGHT_FIVE_BLUE = ["blue", "red", "blue", "blue", "green", "blue", "orange", "blue"]


def test_rows_of_the_example_score_separately():
    assert row_score(EIGHT_THREE_YELLOW) == 24
    assert row_score(TWO_COLOURS) == 2
    assert row_score(EIGHT_FIVE_BLUE) == 40


def test_example_display_scores_66():
    assert player_score([EIGHT_THREE_YELLOW, TWO_COLOURS, EIGHT_FIVE_BLUE], 0) == 66


def test_example_display_as_counts_scores_66():
    assert player_score([RowSummary(8, 3), RowSummary(2, 1), RowSummary(8, 5)], 0) == 66
    assert player_score([RowSummary(8, 3), RowSummary(2, 1), EIGHT_FIVE_BLUE], 0) == 66


@pytest.mark.parametrize("pair", [[8, 3], (2, 1)])
def test_a_row_of_counts_must_be_a_row_summary(pair):
    with pytest.raises(UpOrDownError, match=r"give a row's counts as a RowSummary\(cards, commonest\)"):
        player_score([pair], 0)


def test_discarded_cards_score_one_each():
    assert player_score([EIGHT_THREE_YELLOW, TWO_COLOURS, EIGHT_FIVE_BLUE], 7) == 73
    assert player_score([], 4) == 4
    assert player_score([[]], 0) == 0


def test_more_than_three_rows_is_an_error():
    with pytest.raises(UpOrDownError, match="at most 3 rows, not 4"):
        player_score([["red"], ["red"], ["red"], ["red"]], 0)


@pytest.mark.parametrize("discarded", [-1, 1.5, "3", None, True])
def test_bad_discard_count_is_an_error(discarded):
    with pytest.raises(UpOrDownError, match="discard pile must be a whole number"):
        player_score([TWO_COLOURS], discarded)


@pytest.mark.parametrize("rows", ["red red", {"row": ["red"]}, [{"cards": 2}], ["red blue"]])
def test_unreadable_display_is_an_error(rows):
    with pytest.raises(UpOrDownError):
        player_score(rows, 0)


@pytest.mark.parametrize(
    ("cards", "commonest", "points"),
    [(8, 3, 24), (2, 1, 2), (8, 5, 40), (0, 0, 0), (6, 1, 6), (7, 2, 14), (12, 12, 144)],
)
def test_row_summary_score(cards, commonest, points):
    assert row_summary_score(cards, commonest) == points


@pytest.mark.parametrize(
    ("cards", "commonest", "message"),
    [
        (2, 3, "a row of 2 cards can not hold 3 of one colour"),
        (8, 1, "a row of 8 cards holds at least 2 of one colour"),
        (1, 0, "a row of 1 card holds at least 1 of one colour"),
        (-1, 0, "cards in the row must be a whole number"),
        (3, -1, "commonest colour count must be a whole number"),
        (3.0, 1, "cards in the row must be a whole number"),
        (127, 30, "can not hold 127 cards"),
    ],
)
def test_row_summary_rejects_impossible_counts(cards, commonest, message):
    with pytest.raises(UpOrDownError, match=message):
        row_summary_score(cards, commonest)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(COLOURS), max_size=30))
def test_row_score_matches_its_summary(colours):
    commonest = max((colours.count(c) for c in COLOURS), default=0)
    assert row_score(colours) == row_summary_score(len(colours), commonest)
    assert row_score(colours) == len(colours) * commonest


def test_winners_highest_total_and_ties_share():
    assert winners({"Ann": 66, "Ben": 70, "Cy": 70}) == ["Ben", "Cy"]
    assert winners({"Ann": 66, "Ben": 12}) == ["Ann"]
    assert winners({}) == []


@pytest.mark.parametrize(("scores", "message"), [
    ([("Ann", 66)], "give the scores as player name -> points"),
    ({"Ann": -1}, "Ann's points must be a whole number, 0 or more, not -1"),
    ({"Ann": 6.5}, "Ann's points must be a whole number, 0 or more, not 6.5"),
    ({"Ann": True}, "Ann's points must be a whole number"),
])
def test_winners_refuses_bad_scores(scores, message):
    with pytest.raises(UpOrDownError, match=re.escape(message)):
        winners(scores)


@pytest.mark.parametrize(("value", "number"), [(37, 37), ("37", 37), (" 1 ", 1), ("126", 126)])
def test_card_number_reads_ints_and_text(value, number):
    assert card_number(value) == number


@pytest.mark.parametrize("value", ["", "abc", "٣٧", "-3", "3.5", None, [3]])
def test_card_number_rejects_non_numbers(value):
    with pytest.raises(UpOrDownError, match="is not a card number"):
        card_number(value)


def test_ring_neighbours_matches_a_sorted_scan():
    rng = random.Random(4)
    for _ in range(50):
        numbers = rng.sample(range(1, HIGHEST_CARD + 1), 7)
        card, ring = numbers[0], numbers[1:]
        ordered = sorted(ring)
        inside = [(a, b) for a, b in pairwise(ordered) if a < card < b]
        expected = inside[0] if inside else (ordered[0], ordered[-1])
        assert ring_neighbours(ring, card) == expected
