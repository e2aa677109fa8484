"""Up to 9 rules: seed 003_5f63daae766756c0.txt and rulings.md, Up to 9."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card, CardError, parse_card, parse_cards
from companion.games.up_to_nine import (
    FINISHED,
    LEVELS,
    PENALTY_POINTS,
    GroupSpec,
    LayOffVerdict,
    Level,
    LevelError,
    MeldGroup,
    MeldVerdict,
    RoundResult,
    UpToNineScoreError,
    Standing,
    check_group,
    check_lay_off,
    check_levels,
    check_meld,
    find_meld,
    hand_penalty,
    lay_off,
    levels_from_json,
    levels_to_json,
    penalty_groups,
    position_rank,
    score_round,
    went_out,
    wilds_used_text,
    winners,
)
from companion.verdict import IllegalMove, Verdict


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def shown(group: MeldGroup) -> str:
    return str(group)


# ---- issue 2's cases ----------------------------------------------------------

def test_issue_level_1_twos_and_threes_as_themselves():
    verdict = check_meld(1, "2♥ 3♥ 4♥ 5♥")
    assert verdict.legal
    assert verdict.wilds_used == 0
    assert [shown(g) for g in verdict.groups] == ["2♥ 3♥ 4♥ 5♥"]


def test_issue_level_1_low_ace():
    verdict = check_meld(1, "A♦ 2♦ 3♦ 4♦")
    assert verdict.legal
    assert verdict.wilds_used == 0
    assert [slot.position for slot in verdict.groups[0].slots] == [1, 2, 3, 4]


def test_issue_level_1_no_wrap():
    verdict = check_meld(1, "Q♠ K♠ A♠ 2♠")
    assert not verdict.legal
    assert verdict.reason == (
        "Q♠ K♠ A♠ 2♠: needs 1 wild but level 1 allows none "
        "(a straight stops at the ace: Q K A 2 does not wrap around)"
    )


def test_issue_level_1_mixed_suits():
    verdict = check_meld(1, "5♠ 6♥ 7♠ 8♠")
    assert not verdict.legal
    assert verdict.reason == "Level 1 needs a straight of 4 in one suit: 5♠ 6♥ 7♠ 8♠ mixes spades and hearts"
    assert verdict.wilds_used == 0 and verdict.groups == []


def test_issue_level_4_two_wilds():
    verdict = check_meld(4, "7♠ 7♥ 7♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦")
    assert verdict.legal
    assert verdict.wilds_used == 2
    assert [shown(g) for g in verdict.groups] == ["7♠ 7♥ 7♦", "K♣ K♦ 2♠=K", "5♥ 5♣ 3♦=5"]
    assert [g.wilds for g in verdict.groups] == [0, 1, 1]


def test_issue_level_7_three_wilds():
    verdict = check_meld(7, "5♥ 6♥ 2♠ 8♥ 9♥ 3♣ 2♦")
    assert verdict.legal
    assert verdict.wilds_used == 3


def test_issue_level_2_no_set_of_kings_and_ace():
    assert not check_group("set", "K♣ K♦ A♦").legal
    assert check_group("set", "K♣ K♦ A♦").reason == "K♣ K♦ A♦ is no set: it mixes kings and aces"
    verdict = check_meld(2, "K♣ K♦ A♦ 7♠ 7♥ 7♦")
    assert not verdict.legal
    assert verdict.reason == (
        "Level 2 needs 2 sets of 3: K♣ K♦ A♦ 7♠ 7♥ 7♦ has 3 ranks (kings, aces and 7s) for only 2 sets"
    )


def test_issue_level_2_set_of_twos_is_natural():
    group = check_group("set", "2♥ 2♠ 2♣")
    assert group.legal and group.wilds_used == 0
    verdict = check_meld(2, "2♥ 2♠ 2♣ 7♠ 7♥ 7♦")
    assert verdict.legal
    assert verdict.wilds_used == 0
    assert [shown(g) for g in verdict.groups] == ["2♥ 2♠ 2♣", "7♠ 7♥ 7♦"]
    assert all(not slot.wild for g in verdict.groups for slot in g.slots)


# ---- the seed's examples ------------------------------------------------------

def test_seed_level_1_spade_straight():
    verdict = check_meld(1, "5♠ 6♠ 7♠ 8♠")
    assert verdict.legal and verdict.wilds_used == 0


def test_seed_natural_three_in_its_place():
    verdict = check_meld(1, "3♥ 4♥ 5♥ 6♥")
    assert verdict.legal and verdict.wilds_used == 0
    assert verdict.groups[0].slots[0].wild is False
    assert verdict.groups[0].slots[0].stands_for == parse_card("3♥")


def test_seed_level_7_stands_for():
    group = check_meld(7, "5♥ 6♥ 2♠ 8♥ 9♥ 3♣ 2♦").groups[0]
    assert group.kind == "straight"
    assert shown(group) == "5♥ 6♥ 2♠=7♥ 8♥ 9♥ 3♣=10♥ 2♦=J♥"
    assert group.cards == tuple(cards("5♥ 6♥ 2♠ 8♥ 9♥ 3♣ 2♦"))
    assert group.stands_for == tuple(cards("5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥"))
    assert [slot.wild for slot in group.slots] == [False, False, True, False, False, True, True]
    assert [slot.position for slot in group.slots] == [5, 6, 7, 8, 9, 10, 11]
    assert (group.suit, group.low, group.high, group.rank) == ("H", 5, 11, None)
    assert group.name == "hearts straight 5 to J"


def test_seed_level_4_stands_for_in_sets():
    groups = check_meld(4, "7♠ 7♥ 7♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦").groups
    kings = groups[1]
    assert (kings.kind, kings.rank, kings.suit) == ("set", 13, None)
    assert kings.stands_for == (parse_card("K♣"), parse_card("K♦"), Card(13, None))
    assert kings.slots[2].card == parse_card("2♠") and kings.slots[2].wild


def test_seed_donation_example():
    straight = check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0]
    eight = check_lay_off(straight, "8♣")
    assert eight.legal and eight.at == "high"
    assert eight.stands_for == parse_card("8♣") and not eight.slot.wild
    three = check_lay_off(straight, "3♣")
    assert three.legal and three.at == "low"
    assert not three.slot.wild and three.slot.position == 3
    king = check_lay_off(straight, "K♣")
    assert not king.legal
    assert king.reason == "K♣ does not continue the clubs straight 4 to 7: only 3♣ or 8♣ fit"
    kings = check_meld(2, "K♠ K♥ K♦ 8♠ 8♥ 8♦").groups[0]
    assert check_lay_off(kings, "K♣").legal


def test_seed_min_natural_cards_level_9():
    assert check_meld(9, "4♠ 5♠ 6♠ 7♠ 8♠ 2♥ 3♥ 2♦ 3♦").legal
    verdict = check_meld(9, "4♠ 5♠ 6♠ 7♠ 2♣ 2♥ 3♥ 2♦ 3♦")
    assert not verdict.legal
    assert verdict.reason == "4♠ 5♠ 6♠ 7♠ 2♣ 2♥ 3♥ 2♦ 3♦: needs 5 wilds but level 9 allows 4"


# ---- rulings: straights ---------------------------------------------------------

def test_ace_high_straight():
    verdict = check_meld(1, "J♠ Q♠ K♠ A♠")
    assert verdict.legal and verdict.wilds_used == 0
    assert [slot.position for slot in verdict.groups[0].slots] == [11, 12, 13, 14]
    assert verdict.groups[0].slots[-1].stands_for == parse_card("A♠")


def test_straight_with_an_ace_at_both_ends():
    verdict = check_group("straight", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")
    assert verdict.legal and verdict.wilds_used == 0
    assert [slot.position for slot in verdict.groups[0].slots] == list(range(1, 15))


def test_straight_of_fourteen_with_one_ace_uses_a_wild():
    verdict = check_group("straight", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 3♥")
    assert verdict.legal and verdict.wilds_used == 1
    assert str(verdict.groups[0].slots[-1]) == "3♥=A♠"


def test_straight_longer_than_fourteen_is_refused():
    verdict = check_group("straight", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠")
    assert not verdict.legal
    assert verdict.reason == "a straight has at least 2 and at most 14 cards, not 15"


def test_no_position_twice():
    verdict = check_meld(1, "5♠ 6♠ 6♠ 7♠")
    assert not verdict.legal
    assert verdict.reason == (
        "Level 1 needs a straight of 4 in one suit: 5♠ 6♠ 6♠ 7♠ has 6♠ 2 times; "
        "a straight holds each position once"
    )


def test_cards_too_far_apart():
    verdict = check_meld(3, "4♠ 5♠ 10♠ 2♥ 3♥")
    assert verdict.reason == (
        "Level 3 needs a straight of 5 in one suit: 4♠ 5♠ 10♠ 2♥ 3♥ runs from 4♠ to 10♠: "
        "7 positions, more than a straight of 5 holds"
    )


def test_two_aces_need_a_full_straight():
    verdict = check_meld(1, "A♠ A♠ 2♠ 3♠")
    assert verdict.reason == (
        "Level 1 needs a straight of 4 in one suit: A♠ A♠ 2♠ 3♠ runs from A♠ to A♠: "
        "14 positions, more than a straight of 4 holds"
    )


def test_three_of_other_suit_is_a_wild_in_a_straight():
    verdict = check_meld(3, "A♥ 2♥ 3♠ 4♥ 5♥")
    assert verdict.legal and verdict.wilds_used == 1
    slot = verdict.groups[0].slots[2]
    assert slot.wild and slot.stands_for == parse_card("3♥") and slot.position == 3


def test_natural_card_is_never_wild():
    verdict = check_meld(3, "5♠ 6♠ 7♠ 8♠ K♥")
    assert not verdict.legal
    assert verdict.reason == "Level 3 needs a straight of 5 in one suit: 5♠ 6♠ 7♠ 8♠ K♥ mixes spades and hearts"


def test_two_as_wild_or_as_itself_cheapest_reading():
    verdict = check_meld(3, "2♥ 3♥ 4♥ 5♥ 2♠")
    assert verdict.legal and verdict.wilds_used == 1
    assert shown(verdict.groups[0]) == "2♥ 3♥ 4♥ 5♥ 2♠=6♥"


def test_duplicate_three_one_natural_one_wild():
    verdict = check_meld(3, "3♥ 3♥ 4♥ 5♥ 6♥")
    assert verdict.legal and verdict.wilds_used == 1
    assert [slot.wild for slot in verdict.groups[0].slots] == [False, False, False, False, True]


def test_group_of_wild_ranks_only_reads_one_as_itself():
    verdict = check_group("straight", "2♠ 3♥ 2♦ 3♣")
    assert verdict.legal and verdict.wilds_used == 3
    assert sum(not slot.wild for slot in verdict.groups[0].slots) == 1


# ---- rulings: sets and budgets ------------------------------------------------------

def test_three_in_a_set_of_twos_is_a_wild():
    verdict = check_meld(2, "2♥ 2♠ 3♣ 9♠ 9♥ 9♦")
    assert verdict.legal and verdict.wilds_used == 1
    assert str(verdict.groups[0].slots[2]) == "3♣=2"


def test_budget_message_level_3():
    verdict = check_meld(3, "5♥ 6♥ 2♠ 9♥ 3♣")
    assert verdict.reason == "5♥ 6♥ 2♠ 9♥ 3♣: needs 2 wilds but level 3 allows 1"


def test_level_4_one_wild_per_set():
    verdict = check_meld(4, "7♠ 7♥ 7♦ K♣ 2♦ 2♠ 5♥ 5♣ 5♦")
    assert not verdict.legal
    assert verdict.reason == (
        "7♠ 7♥ 7♦ K♣ 2♦ 2♠ 5♥ 5♣ 5♦: the set of kings needs 2 wilds but level 4 allows 1 per set"
    )


def test_level_4_needs_a_clean_set():
    verdict = check_meld(4, "7♠ 7♥ 2♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦")
    assert not verdict.legal
    assert verdict.reason == "7♠ 7♥ 2♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦: needs 3 wilds but level 4 allows 2"
    both = check_meld(4, "7♠ 7♥ 3♥ K♣ K♦ 2♠ 9♥ 9♣ 9♦")
    assert both.legal and both.wilds_used == 2


def test_level_4_clean_rule_alone():
    table = list(LEVELS)
    table[3] = Level(4, LEVELS[3].groups, max_wild=3, min_clean=1)
    verdict = check_meld(4, "7♠ 7♥ 2♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦", levels=table)
    assert not verdict.legal
    assert verdict.reason == (
        "7♠ 7♥ 2♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦: level 4 needs at least one set with no wild "
        "(and at most 3 wilds in all); these cards can not do that"
    )


def test_level_5_split_budget():
    assert check_meld(5, "4♥ 5♥ 2♠ 7♥ 9♠ 9♥ 3♦").wilds_used == 2
    verdict = check_meld(5, "4♥ 2♣ 2♠ 7♥ 9♠ 9♥ 9♦")
    assert not verdict.legal
    assert verdict.reason == (
        "4♥ 2♣ 2♠ 7♥ 9♠ 9♥ 9♦: the hearts straight 4 to 7 needs 2 wilds "
        "but level 5 allows 1 in the straight"
    )


def test_level_8_split_budget():
    verdict = check_meld(8, "6♦ 7♦ 2♠ 9♦ 3♠ J♦ Q♠ Q♥ 3♣")
    assert verdict.legal and verdict.wilds_used == 3
    assert [g.wilds for g in verdict.groups] == [2, 1]


def test_straight_leaves_a_card_to_the_set():
    meld = "4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 7♠ 2♣ 3♦"
    verdict = check_meld(8, meld)
    assert verdict.legal and verdict.wilds_used == 2
    assert shown(verdict.groups[0]) == "4♥ 5♥ 6♥ 2♣=7♥ 8♥ 9♥"
    assert shown(verdict.groups[1]) == "7♥ 7♠ 3♦=7"
    found = find_meld(8, meld + " K♠ Q♠")
    assert found.wilds_used == 2


def test_wrap_hint_only_where_a_straight_is_asked_for():
    verdict = check_meld(2, "A♠ K♠ 2♠ 3♠ A♥ K♦")
    assert verdict.reason == "A♠ K♠ 2♠ 3♠ A♥ K♦: needs 2 wilds but level 2 allows 1"


def test_wrong_card_count():
    verdict = check_meld(1, "5♠ 6♠ 7♠ 8♠ 9♠")
    assert not verdict.legal
    assert verdict.reason == "Level 1 needs a straight of 4: exactly 4 cards, not 5"
    assert check_meld(4, "7♠ 7♥ 7♦").reason == "Level 4 needs 3 sets of 3: exactly 9 cards, not 3"


def test_cards_that_fit_no_split():
    verdict = check_meld(5, "4♥ 5♥ 6♥ 7♥ 7♠ 7♦ K♥")
    assert verdict.reason == (
        "Level 5 needs a straight of 4 + set of 3: 4♥ 5♥ 6♥ 7♥ 7♠ 7♦ K♥ can not be split that way"
    )


def test_jokers_and_missing_suits_are_refused():
    with pytest.raises(CardError, match="without jokers"):
        check_meld(1, "5♠ 6♠ 7♠ BJ")
    with pytest.raises(CardError, match="without jokers"):
        find_meld(1, "5♠ 6♠ 7♠ JK")
    with pytest.raises(CardError, match="needs a suit"):
        check_meld(1, "5♠ 6♠ 7♠ 8")
    with pytest.raises(CardError, match="without jokers"):
        hand_penalty("K CJ")


@pytest.mark.parametrize("level", [0, 10, -1, "3", 2.0, True])
def test_level_out_of_range(level):
    with pytest.raises(LevelError, match="1 to 9"):
        check_meld(level, "5♠ 6♠ 7♠ 8♠")
    with pytest.raises(ValueError):
        find_meld(level, "5♠ 6♠ 7♠ 8♠")


# ---- the level table --------------------------------------------------------------

def test_levels_table():
    assert len(LEVELS) == 9
    assert [level.number for level in LEVELS] == list(range(1, 10))
    assert [level.contract for level in LEVELS] == [
        "straight of 4", "2 sets of 3", "straight of 5", "3 sets of 3", "straight of 4 + set of 3",
        "straight of 6", "straight of 7", "straight of 6 + set of 3", "straight of 9",
    ]
    assert [level.max_wild for level in LEVELS] == [0, 1, 1, 2, 2, 2, 3, 3, 4]
    assert [level.budget_text for level in LEVELS] == [
        "0", "1", "1", "2 total, max 1 per set, at least one set with no wild", "1 + 1",
        "2", "3", "2 + 1", "4",
    ]
    assert [level.card_count for level in LEVELS] == [4, 6, 5, 9, 7, 6, 7, 9, 9]
    assert LEVELS[3].min_clean == 1
    assert [g.max_wild for g in LEVELS[3].groups] == [1, 1, 1]
    assert LEVELS[4].groups == (GroupSpec("straight", 4, 1), GroupSpec("set", 3, 1))
    assert LEVELS[7].groups == (GroupSpec("straight", 6, 2), GroupSpec("set", 3, 1))


def test_house_rule_table():
    table = list(LEVELS)
    table[0] = Level(1, (GroupSpec("straight", 4, 1),), max_wild=1)
    verdict = check_meld(1, "Q♠ K♠ A♠ 2♠", levels=table)
    assert verdict.legal and verdict.wilds_used == 1
    assert shown(verdict.groups[0]) == "2♠=J♠ Q♠ K♠ A♠"
    assert find_meld(1, "Q♠ K♠ A♠ 2♠ 9♥", levels=table).wilds_used == 1
    assert find_meld(1, "Q♠ K♠ A♠ 2♠ 9♥") is None


def test_levels_json_round_trip():
    raw = levels_to_json()
    assert raw[3] == {
        "groups": [{"kind": "set", "size": 3, "max_wild": 1}] * 3, "max_wild": 2, "min_clean": 1,
    }
    assert levels_from_json(raw) == LEVELS
    raw[0]["max_wild"] = -1
    with pytest.raises(LevelError, match="level 1's wild budget"):
        levels_from_json(raw)
    with pytest.raises(LevelError, match="list of 9 levels"):
        levels_from_json(raw[:8])


def test_bad_tables_and_specs():
    with pytest.raises(LevelError, match="exactly 9 levels"):
        check_levels(LEVELS[:8])
    with pytest.raises(LevelError, match="entry 2"):
        check_levels((LEVELS[0], LEVELS[0], *LEVELS[2:]))
    with pytest.raises(LevelError, match="straight or a set"):
        GroupSpec("run", 4, 0)
    with pytest.raises(LevelError, match="2 to 14"):
        GroupSpec("straight", 15, 0)
    with pytest.raises(LevelError, match="groups with no wild must be a whole number from 0 to 1, not 2"):
        Level(1, (GroupSpec("set", 3, 0),), max_wild=0, min_clean=2)


def test_position_rank():
    assert [position_rank(p) for p in (1, 2, 13, 14)] == [1, 2, 13, 1]
    with pytest.raises(LevelError, match="from 1 to 14, not 15"):
        position_rank(15)


# ---- find_meld ----------------------------------------------------------------------

def test_find_meld_picks_fewest_wilds():
    found = find_meld(3, "4♠ 5♠ 6♠ 7♠ 2♥ 9♦ 8♠ K♣")
    assert found.wilds_used == 0
    assert shown(found.groups[0]) == "4♠ 5♠ 6♠ 7♠ 8♠"


def test_find_meld_none_when_impossible():
    assert find_meld(1, "4♠ 5♠ 7♥ 9♦ K♣ Q♥") is None
    assert find_meld(9, "4♠ 5♠ 6♠ 7♠ 2♣ 2♥ 3♥ 2♦ 3♦ 3♣ 2♣ K♥") is None
    assert find_meld(9, "4♠ 5♠ 6♠ 7♠ 2♣ 2♥ 3♥ 2♦ 3♦ 3♠ 2♠ K♥").wilds_used == 3
    assert find_meld(2, "") is None


def test_find_meld_level_4_in_twelve_cards():
    found = find_meld(4, "7♠ 7♥ 7♦ 7♣ 2♠ 3♥ 9♠ 9♥ K♦ 2♦ 3♣ 5♠")
    assert found.legal and found.wilds_used == 2
    assert [shown(g) for g in found.groups] == ["7♠ 7♥ 7♦", "2♠ 2♦ 3♥=2", "9♠ 9♥ 3♣=9"]


def test_find_meld_is_deterministic():
    hand = "5♥ 6♥ 2♠ 8♥ 9♥ 3♣ 2♦ 9♠ 10♠ 3♥ Q♣ 4♦"
    assert find_meld(7, hand) == find_meld(7, hand)


# ---- laying off --------------------------------------------------------------------

def test_lay_off_never_past_an_ace():
    straight = check_meld(1, "J♣ Q♣ K♣ A♣").groups[0]
    assert check_lay_off(straight, "10♣").legal
    verdict = check_lay_off(straight, "9♣")
    assert verdict.reason == "9♣ does not continue the clubs straight J to A: only 10♣ fits (nothing goes past an ace)"
    high = check_lay_off(straight, "2♣", at="high")
    assert not high.legal
    assert high.reason == "the clubs straight J to A can not grow at its high end: it stops at the ace"


def test_lay_off_ace_to_ace_is_full():
    full = check_group("straight", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠").groups[0]
    verdict = check_lay_off(full, "2♠")
    assert verdict.reason == "the spades straight A to A can not grow at either end: it stops at the ace"


def test_lay_off_wild_on_a_straight():
    straight = check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0]
    high = check_lay_off(straight, "2♥")
    assert high.legal and high.at == "high"
    assert str(high.slot) == "2♥=8♣" and high.slot.position == 8
    low = check_lay_off(straight, "2♥", at="low")
    assert str(low.slot) == "2♥=3♣"
    grown = lay_off(straight, "2♥", at="low")
    assert shown(grown) == "2♥=3♣ 4♣ 5♣ 6♣ 7♣"
    assert (grown.low, grown.high, grown.wilds) == (3, 7, 1)


def test_lay_off_ace_at_the_high_end():
    straight = check_meld(1, "10♦ J♦ Q♦ K♦").groups[0]
    ace = check_lay_off(straight, "A♦")
    assert ace.legal and ace.slot.position == 14
    wild = check_lay_off(straight, "3♠")
    assert str(wild.slot) == "3♠=A♦" and wild.at == "high"


def test_lay_off_on_a_set():
    eights = check_meld(2, "8♠ 8♥ 8♦ K♠ K♥ K♦").groups[0]
    assert check_lay_off(eights, "8♣").legal
    wild = check_lay_off(eights, "3♣")
    assert wild.legal and wild.slot.wild and wild.stands_for == Card(8, None)
    king = check_lay_off(eights, "K♣")
    assert not king.legal
    assert king.reason == "K♣ does not fit the set of 8s: it takes only 8s (or a 2 or 3 as a wild)"
    assert shown(lay_off(eights, "2♦")) == "8♠ 8♥ 8♦ 2♦=8"


def test_lay_off_natural_two_on_a_set_of_twos():
    twos = check_group("set", "2♥ 2♠ 2♣").groups[0]
    verdict = check_lay_off(twos, "2♦")
    assert verdict.legal and not verdict.slot.wild


def test_lay_off_errors():
    straight = check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0]
    with pytest.raises(IllegalMove, match="only 3♣ or 8♣ fit"):
        lay_off(straight, "K♣")
    with pytest.raises(ValueError, match="'low' or 'high'"):
        check_lay_off(straight, "8♣", at="top")
    with pytest.raises(ValueError, match="MeldVerdict.groups"):
        check_lay_off("4♣ 5♣ 6♣ 7♣", "8♣")
    eights = check_meld(2, "8♠ 8♥ 8♦ K♠ K♥ K♦").groups[0]
    with pytest.raises(ValueError, match="a set has no ends"):
        check_lay_off(eights, "8♣", at="low")
    with pytest.raises(CardError):
        check_lay_off(straight, "BJ")


def test_lay_off_keeps_growing():
    straight = check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0]
    for card in ("8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣"):
        straight = lay_off(straight, card)
    assert (straight.low, straight.high) == (4, 14)
    assert not check_lay_off(straight, "2♣", at="high").legal
    assert lay_off(straight, "3♣").low == 3


def test_verdict_types():
    assert isinstance(check_meld(1, "5♠ 6♠ 7♠ 8♠"), MeldVerdict)
    assert isinstance(check_meld(1, "5♠ 6♠ 7♠ 8♠"), Verdict)
    assert isinstance(check_lay_off(check_meld(1, "5♠ 6♠ 7♠ 8♠").groups[0], "9♠"), LayOffVerdict)
    assert bool(check_meld(1, "5♠ 6♠ 7♠ 8♠")) and not check_meld(1, "5♠ 6♥ 7♠ 8♠")


# ---- penalty points --------------------------------------------------------------------

def test_hand_penalty_table():
    assert PENALTY_POINTS == {1: 15, 2: 20, 3: 20, 4: 5, 5: 5, 6: 5, 7: 5, 8: 5, 9: 5,
                              10: 10, 11: 10, 12: 10, 13: 10}
    assert hand_penalty("2♥ 3♠ A♦ K♣ 10♥ 4♠ 9♦") == 85
    assert hand_penalty([]) == 0
    assert hand_penalty("K Q 2") == 40
    assert penalty_groups()[0] == (["2", "3"], 20)
    assert penalty_groups()[2] == (["10", "J", "Q", "K"], 10)


# ---- scoring ---------------------------------------------------------------------------

def test_score_round_moves_up_and_adds_penalties():
    standings = {"Ann": Standing(1, 0), "Ben": Standing(1, 0), "Cy": Standing(3, 40)}
    results = {
        "Ann": RoundResult(True),
        "Ben": RoundResult(False, "2♥ K♠ 5♦"),
        "Cy": RoundResult(True, "A♠"),
    }
    assert score_round(standings, results) == {
        "Ann": Standing(2, 0), "Ben": Standing(1, 35), "Cy": Standing(4, 55),
    }


def test_score_round_points_instead_of_cards():
    new = score_round({"Ann": Standing(5, 10)}, {"Ann": RoundResult(False, "K♠", 30)})
    assert new == {"Ann": Standing(5, 40)}


def test_score_round_level_9_finishes():
    new = score_round({"Ann": Standing(9, 50), "Ben": Standing(9, 20)},
                      {"Ann": RoundResult(True), "Ben": RoundResult(False, "3♠")})
    assert new == {"Ann": Standing(FINISHED, 50), "Ben": Standing(9, 40)}
    assert winners(new) == ["Ann"]


def test_winners_tie_break_and_shared_win():
    assert winners({"Ann": Standing(10, 50), "Ben": Standing(10, 20), "Cy": Standing(9, 0)}) == ["Ben"]
    assert winners({"Ann": Standing(10, 20), "Ben": Standing(10, 20), "Cy": Standing(10, 30)}) == ["Ann", "Ben"]
    assert winners({"Ann": Standing(9, 0), "Ben": Standing(4, 0)}) == []


def test_score_round_refuses_two_players_going_out():
    with pytest.raises(UpToNineScoreError) as caught:
        score_round({"Ann": Standing(1, 0), "Ben": Standing(2, 0), "Cy": Standing(1, 0)},
                    {"Ann": RoundResult(True), "Ben": RoundResult(True, ""), "Cy": RoundResult(False, "K♠")})
    assert str(caught.value) == (
        "Ann and Ben have nothing left, but only one player can go out in a round: "
        "enter the cards or penalty points of the others"
    )


def test_score_round_refuses_going_out_without_laying_down():
    with pytest.raises(UpToNineScoreError) as caught:
        score_round({"Ann": Standing(1, 0), "Ben": Standing(1, 0)}, {"Ann": RoundResult(False), "Ben": RoundResult(True, "K♠")})
    assert str(caught.value) == (
        "Ann has nothing left, so Ann went out and must have laid down: "
        "mark Ann as laid down, or enter Ann's cards"
    )


def test_score_round_zero_points_entered_is_not_going_out():
    new = score_round({"Ann": Standing(1, 0), "Ben": Standing(3, 5), "Cy": Standing(2, 0)},
                      {"Ann": RoundResult(True), "Ben": RoundResult(False, points=0),
                       "Cy": RoundResult(False, [], 0)})
    assert new == {"Ann": Standing(2, 0), "Ben": Standing(3, 5), "Cy": Standing(2, 0)}


@pytest.mark.parametrize(("result", "expected"), [
    (RoundResult(True), True),
    (RoundResult(True, ""), True),
    (RoundResult(True, []), True),
    (RoundResult(True, points=0), False),
    (RoundResult(False, "K♠"), False),
])
def test_went_out(result, expected):
    assert went_out(result) is expected


@pytest.mark.parametrize("standings, results, message", [
    ({"Ann": Standing(0, 0)}, {"Ann": RoundResult(False)}, "Ann's level \\(1 to 9, or 10 when finished\\) must be a whole number from 1 to 10"),
    ({"Ann": Standing(11, 0)}, {"Ann": RoundResult(False)}, "Ann's level \\(1 to 9, or 10 when finished\\) must be a whole number from 1 to 10"),
    ({"Ann": Standing(2, -5)}, {"Ann": RoundResult(False)}, "Ann's penalty points must be"),
    ({"Ann": Standing(2, 0)}, {"Ann": RoundResult(False, points=-1)}, "Ann's penalty points must be"),
    ({"Ann": Standing(2, 0), "Ben": Standing(1, 0)}, {"Ann": RoundResult(False)}, "no round result for Ben"),
    ({"Ann": Standing(2, 0)}, {"Ann": RoundResult(False), "Zed": RoundResult(True)}, "Zed is not in"),
    ({"Ann": Standing(10, 0)}, {"Ann": RoundResult(True)}, "already laid down level 9"),
    ({"Ann": Standing(2, 0)}, {"Ann": RoundResult("yes")}, "laid_down must be true or false"),
    ({"Ann": Standing(2, 0)}, {"Ann": RoundResult(False, "K♠ ZZ")}, "Ann's hand: 'ZZ' is not a card"),
    ({"Ann": "level 2"}, {"Ann": RoundResult(False)}, "Ann's standing is a"),
    ({"Ann": Standing(2, 0)}, {"Ann": {"laid_down": True, "hand": "K♠"}}, "Ann's round result must be a RoundResult"),
    ({"Ann": (2, 0)}, {"Ann": RoundResult(True)}, "Ann's standing is a Standing\\(level, penalty\\)"),
    ({"Ann": {"level": 2, "penalty": 0}}, {"Ann": RoundResult(True)}, "Ann's standing is a Standing"),
])
def test_score_round_errors(standings, results, message):
    with pytest.raises(UpToNineScoreError, match=message):
        score_round(standings, results)


@pytest.mark.parametrize("bad", [None, 7, "Ann Ben", [("Ann", (1, 0))]])
def test_standings_and_results_must_be_mappings(bad):
    with pytest.raises(UpToNineScoreError, match="the standings must map"):
        score_round(bad, {"Ann": RoundResult(True)})
    with pytest.raises(UpToNineScoreError, match="the round results must map"):
        score_round({"Ann": Standing(1, 0)}, bad)
    with pytest.raises(UpToNineScoreError, match="the standings must map"):
        winners(bad)


def test_score_errors_are_value_errors():
    assert issubclass(UpToNineScoreError, ValueError) and issubclass(LevelError, ValueError)


# ---- properties -------------------------------------------------------------------------

SMALL_RANKS = [1, 2, 3, 4, 5, 6, 7, 12, 13]
small_cards = st.builds(Card, rank=st.sampled_from(SMALL_RANKS), suit=st.sampled_from(["S", "H"]))
any_cards = st.builds(Card, rank=st.integers(1, 13), suit=st.sampled_from(["S", "H", "D", "C"]))
wild_heavy = st.one_of(
    any_cards,
    st.builds(Card, rank=st.sampled_from([2, 3]), suit=st.sampled_from(["S", "H", "D", "C"])),
)

HOUSE = (
    Level(1, (GroupSpec("straight", 3, 1), GroupSpec("straight", 3, 1)), max_wild=1),
    Level(2, (GroupSpec("straight", 3, 1), GroupSpec("set", 3, 1)), max_wild=1, min_clean=1),
    Level(3, (GroupSpec("set", 2, 1), GroupSpec("set", 2, 1), GroupSpec("straight", 3, 2)), max_wild=2),
    *LEVELS[3:],
)


def card_key(card: Card) -> tuple[int, str]:
    return card.rank, card.suit


@lru_cache(maxsize=None)
def brute_group(kind: str, group: tuple[Card, ...]) -> int | None:
    """Fewest wilds for one group, trying every meaning of every card."""
    best = None
    if kind == "set":
        meanings = [[(rank, None)] * len(group) for rank in range(1, 14)]
    else:
        meanings = []
        for suit in "SHDC":
            for start in range(1, 16 - len(group)):
                meanings.append([(position_rank(p), suit) for p in range(start, start + len(group))])
    for meaning in meanings:
        for order in permutations(group):
            wilds = 0
            for card, (rank, suit) in zip(order, meaning, strict=True):
                if card.rank == rank and suit in (None, card.suit):
                    continue
                if card.rank not in (2, 3):
                    break
                wilds += 1
            else:
                if wilds < len(group) and (best is None or wilds < best):
                    best = wilds
    return best


def brute_min_wilds(level: Level, hand: list[Card]) -> int | None:
    """Fewest wilds for the contract in the hand: every subset, every split, every reading."""
    best = None
    sizes = [spec.size for spec in level.groups]

    def splits(items, remaining):
        if not remaining:
            yield []
            return
        for chosen in combinations(items, remaining[0]):
            rest = [i for i in items if i not in chosen]
            for tail in splits(rest, remaining[1:]):
                yield [chosen, *tail]

    for subset in combinations(range(len(hand)), level.card_count):
        for split in splits(list(subset), sizes):
            wilds = []
            for spec, indices in zip(level.groups, split, strict=True):
                w = brute_group(spec.kind, tuple(sorted((hand[i] for i in indices), key=card_key)))
                if w is None or w > spec.max_wild:
                    break
                wilds.append(w)
            else:
                total = sum(wilds)
                if (total <= level.max_wild and sum(w == 0 for w in wilds) >= level.min_clean
                        and (best is None or total < best)):
                    best = total
    return best


def assert_sound(verdict: MeldVerdict, level: Level) -> None:
    """Every group is a straight or set of its spec; every slot tells the truth."""
    assert verdict.legal
    assert len(verdict.groups) == len(level.groups)
    for spec, group in zip(level.groups, verdict.groups, strict=True):
        assert group.kind == spec.kind and len(group.slots) == spec.size
        assert group.wilds <= spec.max_wild and group.wilds < spec.size
        for slot in group.slots:
            if slot.wild:
                assert slot.card.rank in (2, 3)
                assert slot.stands_for != slot.card
            else:
                assert slot.stands_for == slot.card
        if spec.kind == "straight":
            positions = [slot.position for slot in group.slots]
            assert positions == list(range(positions[0], positions[0] + spec.size))
            assert {slot.suit for slot in group.slots} == {group.suit}
            assert all(position_rank(slot.position) == slot.rank for slot in group.slots)
        else:
            assert {slot.rank for slot in group.slots} == {group.rank}
    assert verdict.wilds_used == sum(group.wilds for group in verdict.groups)
    assert verdict.wilds_used <= level.max_wild
    assert sum(group.wilds == 0 for group in verdict.groups) >= level.min_clean


@settings(max_examples=150, deadline=None)
@given(level=st.integers(1, 9), hand=st.lists(wild_heavy, min_size=0, max_size=12))
def test_find_meld_result_passes_check_meld(level, hand):
    found = find_meld(level, hand)
    if found is None:
        return
    assert_sound(found, LEVELS[level - 1])
    laid = found.cards
    assert not Counter(laid) - Counter(hand)
    again = check_meld(level, laid)
    assert again.legal and again.wilds_used == found.wilds_used


@settings(max_examples=150, deadline=None)
@given(level=st.integers(1, 9), data=st.data())
def test_check_meld_reads_each_card_once(level, data):
    size = LEVELS[level - 1].card_count
    meld = data.draw(st.lists(st.one_of(small_cards, wild_heavy), min_size=size, max_size=size))
    verdict = check_meld(level, meld)
    if verdict.legal:
        assert Counter(verdict.cards) == Counter(meld)
        assert_sound(verdict, LEVELS[level - 1])
    else:
        assert verdict.reason and verdict.groups == [] and verdict.wilds_used == 0


@settings(max_examples=60, deadline=None)
@given(level=st.sampled_from([1, 2, 3, 5]), data=st.data())
def test_find_meld_matches_brute_force(level, data):
    spec = LEVELS[level - 1]
    hand = data.draw(st.lists(small_cards, min_size=spec.card_count - 1, max_size=spec.card_count + 2))
    found = find_meld(level, hand)
    expected = brute_min_wilds(spec, hand)
    assert (found is None) == (expected is None)
    if found is not None:
        assert found.wilds_used == expected


@settings(max_examples=60, deadline=None)
@given(level=st.sampled_from([1, 2, 3]), data=st.data())
def test_house_table_matches_brute_force(level, data):
    spec = HOUSE[level - 1]
    hand = data.draw(st.lists(small_cards, min_size=spec.card_count, max_size=spec.card_count + 2))
    found = find_meld(level, hand, levels=HOUSE)
    expected = brute_min_wilds(spec, hand)
    assert (found is None) == (expected is None)
    if found is not None:
        assert found.wilds_used == expected
        assert_sound(found, spec)
        assert not Counter(found.cards) - Counter(hand)


@settings(max_examples=40, deadline=None)
@given(hand=st.lists(small_cards, min_size=9, max_size=10))
def test_level_4_matches_brute_force(hand):
    found = find_meld(4, hand)
    expected = brute_min_wilds(LEVELS[3], hand)
    assert (found is None) == (expected is None)
    if found is not None:
        assert found.wilds_used == expected


@settings(max_examples=100, deadline=None)
@given(group=st.lists(wild_heavy, min_size=2, max_size=6), kind=st.sampled_from(["straight", "set"]))
def test_check_group_matches_brute_force(group, kind):
    verdict = check_group(kind, group)
    expected = brute_group(kind, tuple(sorted(group, key=card_key)))
    assert verdict.legal == (expected is not None)
    if verdict.legal:
        assert verdict.wilds_used == expected
        assert Counter(verdict.cards) == Counter(group)


@pytest.mark.parametrize(
    ("points", "message"),
    [
        (225, "Ann's 225 penalty points are more than a hand can cost: at most 11 cards x 20 = 220."),
        (9999, "Ann's 9999 penalty points are more than a hand can cost: at most 11 cards x 20 = 220."),
        (12, "Ann's 12 penalty points can not come from a hand: every card costs a multiple of 5."),
    ],
)
def test_score_round_refuses_a_points_figure_no_hand_can_cost(points, message):
    standings = {"Ann": Standing(1, 0), "Ben": Standing(1, 0)}
    results = {"Ann": RoundResult(False, points=points), "Ben": RoundResult(True, [])}
    with pytest.raises(UpToNineScoreError) as caught:
        score_round(standings, results)
    assert str(caught.value).startswith(message)


def test_score_round_takes_the_largest_possible_hand_penalty():
    results = {"Ann": RoundResult(False, points=220), "Ben": RoundResult(True, [])}
    assert score_round({"Ann": Standing(1, 0), "Ben": Standing(1, 0)}, results) == {
        "Ann": Standing(1, 220), "Ben": Standing(2, 0),
    }


def test_standing_is_a_pair_and_never_equals_a_mapping():
    standing = Standing(2, 35)
    assert standing == (2, 35)
    assert (standing.level, standing.penalty, standing[0], standing[1]) == (2, 35, 2, 35)
    assert standing != {"level": 2, "penalty": 35}
    assert hash(standing) == hash((2, 35))


@pytest.mark.parametrize("result", [(True, []), {"laid_down": False, "cards": "K♠ 2♥ 5♦"}])
def test_went_out_takes_only_a_round_result(result):
    with pytest.raises(UpToNineScoreError, match="the player's round result must be a RoundResult"):
        went_out(result)


@pytest.mark.parametrize(("level", "used", "text"), [
    (1, 0, "Wilds used: 0 of 0 allowed."),
    (3, 1, "Wilds used: 1 of 1 allowed."),
    (5, 1, "Wilds used: 1 of 2 allowed (1 + 1)."),
    (4, 2, "Wilds used: 2 of 2 allowed (max 1 per set, at least one set with no wild)."),
])
def test_wilds_used_text_shows_the_budget_once(level, used, text):
    assert wilds_used_text(LEVELS[level - 1], used) == text
