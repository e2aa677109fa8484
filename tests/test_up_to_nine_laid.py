"""Up to 9: a group on the table read the way it was laid (seed 003, "Merk"),
and laying off on it (seed 003, "Donering")."""

from __future__ import annotations

import pytest

from companion.cards import Card, parse_card
from companion.games.up_to_nine import (
    FIND_MELD_MOST_CARDS,
    HAND_SIZE,
    LayOffError,
    LevelError,
    check_group,
    check_lay_off,
    check_meld,
    laid_readings,
    lay_off_by_reading,
    read_laid,
    wild_choices,
)


def test_a_straight_with_a_wild_at_one_end_reads_two_ways_the_checkers_first():
    readings = laid_readings("straight", "5♥ 6♥ 7♥ 2♠")
    assert [str(r.group) for r in readings] == ["5♥ 6♥ 7♥ 2♠=8♥", "2♠=4♥ 5♥ 6♥ 7♥"]
    assert str(readings[0].group) == str(check_group("straight", "5♥ 6♥ 7♥ 2♠").groups[0])
    assert readings[1].stands_for == tuple(map(parse_card, ["5♥", "6♥", "7♥", "4♥"]))
    assert readings[1].wild == (False, False, False, True)
    assert readings[1].wild_text == "2♠ as 4♥"


def test_a_wild_in_the_middle_has_one_reading_and_a_natural_two_is_no_wild():
    assert [str(r.group) for r in laid_readings("straight", "5♥ 2♠ 7♥")] == ["5♥ 2♠=6♥ 7♥"]
    natural = laid_readings("straight", "A♥ 2♥ 3♥")
    assert str(natural[0].group) == "A♥ 2♥ 3♥" and natural[0].wild_text == ""


def test_two_equal_wilds_swapped_count_once():
    readings = laid_readings("straight", "5♥ 6♥ 2♠ 2♠")
    assert sorted(r.wild_text for r in readings) == [
        "2♠ as 3♥ and 2♠ as 4♥", "2♠ as 4♥ and 2♠ as 7♥", "2♠ as 7♥ and 2♠ as 8♥",
    ]


def test_a_set_of_twos_and_threes_reads_as_either_rank():
    readings = laid_readings("set", "2♠ 2♥ 3♦")
    assert [r.wild_text for r in readings] == ["3♦ as 2", "2♠ as 3 and 2♥ as 3"]
    assert [r.group.rank for r in readings] == [2, 3]


def test_no_group_has_no_reading():
    assert laid_readings("set", "K♣ K♦ A♦") == ()
    with pytest.raises(LayOffError, match="^K♣ K♦ A♦ is no set: it mixes kings and aces$"):
        read_laid("set", "K♣ K♦ A♦")
    with pytest.raises(LevelError):
        laid_readings("row", "K♣ K♦")


def test_seed_merk_the_laid_reading_decides_the_lay_off():
    group = "5♥ 6♥ 7♥ 2♠"
    as_four = read_laid("straight", group, {3: "4♥"})
    assert str(as_four.group) == "2♠=4♥ 5♥ 6♥ 7♥"
    verdict = check_lay_off(as_four.group, "8♥")
    assert verdict.legal and verdict.at == "high"
    as_eight = read_laid("straight", group)
    assert check_lay_off(as_eight.group, "8♥").reason == (
        "8♥ does not continue the hearts straight 5 to 8: only 4♥ or 9♥ fit"
    )
    by_reading = lay_off_by_reading("straight", group, "8♥")
    assert [(r.wild_text, v.legal) for r, v in by_reading] == [("2♠ as 8♥", False), ("2♠ as 4♥", True)]


def test_a_reading_the_cards_can_not_have_is_refused():
    with pytest.raises(LayOffError, match="can not be read with 2♠ as 9♥"):
        read_laid("straight", "5♥ 6♥ 7♥ 2♠", {3: "9♥"})
    with pytest.raises(LayOffError, match="0 to 3, not 4"):
        read_laid("straight", "5♥ 6♥ 7♥ 2♠", {4: "4♥"})


def test_wild_choices_follow_the_other_wilds():
    group = "5♥ 6♥ 2♠ 3♣"
    assert [str(c) for c in wild_choices("straight", group, 2)] == ["7♥", "3♥", "4♥", "8♥"]
    assert [str(c) for c in wild_choices("straight", group, 2, {3: "8♥"})] == ["7♥"]
    assert wild_choices("straight", group, 0) == (parse_card("5♥"),)
    with pytest.raises(LayOffError, match="0 to 3"):
        wild_choices("straight", group, 7)


def test_a_wild_that_fits_both_ends_names_both():
    straight = check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0]
    verdict = check_lay_off(straight, "2♦")
    assert verdict.at == "high" and verdict.stands_for == parse_card("8♣")
    assert verdict.also is not None and verdict.also.stands_for == parse_card("3♣")
    assert check_lay_off(straight, "2♦", at="low").also is None
    assert check_lay_off(straight, "8♣").also is None


def test_a_wild_in_a_set_stands_for_the_rank():
    reading = read_laid("set", "8♠ 8♥ 2♣")
    assert reading.stands_for[2] == Card(8, None) and reading.wild_text == "2♣ as 8"


def test_find_meld_most_cards_is_a_deal_and_a_draw():
    assert FIND_MELD_MOST_CARDS == HAND_SIZE + 1 == 12
