"""One Up rules: seed 000_02c14a96903c59d4.txt and rulings.md, One Up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card, CardError
from companion.games.one_up import (
    CHIP_VALUES,
    GAME_LIMIT,
    JOKER,
    PENALTY_POINTS,
    SHORT_GAME_LIMIT,
    VALUE_CIRCLE,
    OneUpScoreError,
    card_value,
    check_play,
    chips,
    give_back,
    hand_penalty,
    is_game_over,
    next_starter,
    next_value,
    playable_values,
    score_round,
    winners,
)
from companion.verdict import Verdict


# Issue 2's cases

def test_issue_cases_hand_penalty():
    assert hand_penalty("K K 3 3 5") == 18
    assert hand_penalty("A A") == 1


def test_issue_cases_check_play():
    assert check_play("6", "K").legal
    assert check_play("K", "A").legal
    assert not check_play("4", "6").legal


def test_issue_cases_give_back():
    assert give_back(14) == 10
    assert give_back(7) == 1
    assert give_back(0) == 0


# Cards and the value circle

def test_value_circle_is_a_to_6_then_king():
    assert VALUE_CIRCLE == ("A", "2", "3", "4", "5", "6", "K")
    assert [next_value(v) for v in VALUE_CIRCLE] == ["2", "3", "4", "5", "6", "K", "A"]


@pytest.mark.parametrize(
    ("top", "allowed"),
    [("3", ("3", "4")), ("6", ("6", "K")), ("K", ("K", "A")), ("A", ("A", "2"))],
)
def test_seed_examples_of_what_may_follow(top, allowed):
    assert playable_values(top) == allowed
    for value in VALUE_CIRCLE:
        assert check_play(top, value).legal == (value in allowed)


def test_suit_is_allowed_and_ignored():
    assert card_value("K♠") == "K"
    assert card_value("3h") == "3"
    assert card_value(Card(1, "D")) == "A"
    assert check_play("♥3", "4♣").legal
    assert hand_penalty("K♠ K♥ 3 3♦ 5c") == 18


@pytest.mark.parametrize("card", ["7", "8♠", "9", "10h", "J", "Q♦"])
def test_seven_to_queen_is_no_one_up_card(card):
    with pytest.raises(CardError, match="A 2 3 4 5 6 K"):
        card_value(card)
    with pytest.raises(CardError, match="not a One Up card"):
        check_play("4", card)
    with pytest.raises(CardError):
        hand_penalty(["A", card])


def test_unreadable_card_raises_card_error():
    with pytest.raises(CardError, match="'X'"):
        check_play("X", "4")


def test_next_value_refuses_a_non_value():
    with pytest.raises(ValueError, match="not a One Up value"):
        next_value("7")


def test_illegal_play_says_what_may_be_played():
    verdict = check_play("4", "6")
    assert verdict == Verdict(False, "On a 4 you may play a 4 or a 5, not a 6.")
    assert check_play("K", "2").reason == "On a King you may play a King or an Ace, not a 2."
    assert check_play("6", "A").reason == "On a 6 you may play a 6 or a King, not an Ace."


def test_legal_play_has_empty_reason():
    assert check_play("5", "5") == Verdict(True, "")


def test_seed_turn_example():
    # Top 4; Anna 5; Ben draws; Carla 6; Dan K; Anna her second K; Ben the Ace he drew.
    pile = ["4"]
    for player, card in [("Anna", "5"), ("Carla", "6"), ("Dan", "K"), ("Anna", "K"), ("Ben", "A")]:
        assert check_play(pile[-1], card).legal, player
        pile.append(card)
    # Ben had no 5 or 6 on the 5: neither of his other values fits.
    assert playable_values("5") == ("5", "6")
    assert not check_play("5", "4").legal
    assert not check_play("5", "K").legal


# Wild joker variant

def test_joker_refused_without_the_variant():
    for text in ("JK", "BJ", "CJ"):
        with pytest.raises(CardError, match="wild joker variant"):
            check_play("4", text)
        with pytest.raises(CardError, match="wild joker variant"):
            hand_penalty(["A", text])


@pytest.mark.parametrize("top", list(VALUE_CIRCLE))
def test_joker_goes_on_any_card(top):
    assert check_play(top, "JK", joker=True).legal
    assert JOKER in playable_values(top, joker=True)


def test_only_king_or_ace_follow_the_joker():
    assert playable_values("JK", joker=True) == ("K", "A")
    for value in VALUE_CIRCLE:
        assert check_play("JK", value, joker=True).legal == (value in ("K", "A"))
    assert check_play("JK", "4", joker=True).reason == (
        "On the joker only a King or an Ace may follow, not a 4."
    )


def test_variant_reason_mentions_the_joker():
    assert check_play("4", "6", joker=True).reason == (
        "On a 4 you may play a 4, a 5 or the joker, not a 6."
    )


def test_joker_left_in_hand_scores_20():
    assert PENALTY_POINTS[JOKER] == 20
    assert hand_penalty("JK", joker=True) == 20
    assert hand_penalty("JK K A", joker=True) == 31


def test_seven_refused_in_the_variant_too():
    with pytest.raises(CardError, match="A 2 3 4 5 6 K and the joker"):
        card_value("7", joker=True)


# Penalty points: seed, "Scoring" and "Tips for beginners"

@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("3 3 5 K", 18),  # Ben dropped out
        ("A A", 1),  # Carla
        ("A A A 2", 3),  # three Aces and a 2
        ("4 4 4", 4),  # three 4s
        ("K K", 10),  # two Kings
        ("A 2 3 4 5 6 K", 31),
        ("", 0),
    ],
)
def test_seed_penalty_examples(hand, points):
    assert hand_penalty(hand) == points


def test_penalty_values_are_a_to_6_and_king_10():
    assert PENALTY_POINTS == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "K": 10, "joker": 20}
    for value in VALUE_CIRCLE:
        assert hand_penalty([value]) == PENALTY_POINTS[value]


def test_hand_as_list_of_cards_and_text():
    assert hand_penalty([Card(13, "S"), "K", "3", Card(3), "5"]) == 18


# Give back: seed, "Scoring" ("Going out pays")

@pytest.mark.parametrize(("total", "back"), [(0, 0), (1, 1), (9, 1), (10, 10), (11, 10), (39, 10)])
def test_give_back_thresholds(total, back):
    assert give_back(total) == back


@pytest.mark.parametrize("bad", [-1, 2.5, "10", True, None])
def test_give_back_refuses_bad_totals(bad):
    with pytest.raises(OneUpScoreError, match="0 or more"):
        give_back(bad)


# Scoring a round

def test_score_round_seed_scoring_example():
    totals = {"Anna": 14, "Ben": 3, "Carla": 0}
    hands = {"Anna": [], "Ben": "3 3 5 K", "Carla": ["A", "A"]}
    assert score_round(totals, hands, "Anna") == {"Anna": 4, "Ben": 21, "Carla": 1}


def test_going_out_gives_back_one_below_ten():
    assert score_round({"A": 7, "B": 0}, {"A": [], "B": "K"}, "A") == {"A": 6, "B": 10}


def test_going_out_with_nothing_stays_at_zero():
    assert score_round({"A": 0, "B": 5}, {"A": [], "B": "2 2"}, "A") == {"A": 0, "B": 7}


def test_give_back_uses_total_before_this_round():
    # 10 before the round: gives back 10, even though others score now.
    assert score_round({"A": 10, "B": 10}, {"A": [], "B": "6"}, "A") == {"A": 0, "B": 16}


def test_everybody_dropped_out():
    result = score_round({"A": 3, "B": 12}, {"A": "A A A 2", "B": "K 6 6"}, None)
    assert result == {"A": 6, "B": 28}


def test_joker_variant_scoring():
    result = score_round({"A": 0, "B": 0}, {"A": [], "B": "JK 4"}, "A", joker=True)
    assert result == {"A": 0, "B": 24}


def test_first_round_may_start_from_empty_totals():
    assert score_round({}, {"A": [], "B": "5"}, "A") == {"A": 0, "B": 5}


def test_score_round_names_a_player_without_cards_entered():
    with pytest.raises(OneUpScoreError, match="Carla"):
        score_round({"Anna": 0, "Carla": 0}, {"Anna": []}, "Anna")


def test_score_round_refuses_unknown_player_out():
    with pytest.raises(OneUpScoreError, match="Zed"):
        score_round({"A": 0}, {"A": "4"}, "Zed")


def test_player_who_went_out_holds_no_cards():
    with pytest.raises(OneUpScoreError, match="clear A's hand"):
        score_round({"A": 0, "B": 0}, {"A": "4", "B": "5"}, "A")


def test_empty_hand_means_the_player_went_out():
    with pytest.raises(OneUpScoreError, match="mark B as the player who went out"):
        score_round({"A": 0, "B": 0}, {"A": "4", "B": []}, None)


def test_score_round_refuses_negative_total():
    with pytest.raises(OneUpScoreError, match="B's total"):
        score_round({"A": 0, "B": -3}, {"A": [], "B": "4"}, "A")


def test_score_round_refuses_a_seven():
    with pytest.raises(CardError):
        score_round({"A": 0, "B": 0}, {"A": [], "B": "7 4"}, "A")


def test_score_round_does_not_change_its_inputs():
    totals = {"A": 12, "B": 3}
    hands = {"A": [], "B": ["K"]}
    score_round(totals, hands, "A")
    assert totals == {"A": 12, "B": 3}
    assert hands == {"A": [], "B": ["K"]}


@pytest.mark.parametrize("bad", [None, 5, "A B", ["A", "B"]])
def test_scoring_refuses_totals_that_are_not_a_mapping(bad):
    with pytest.raises(OneUpScoreError, match="running totals must map"):
        score_round(bad, {"A": []}, "A")
    with pytest.raises(OneUpScoreError, match="running totals must map"):
        is_game_over(bad)
    with pytest.raises(OneUpScoreError, match="running totals must map"):
        winners(bad)


def test_score_round_refuses_hands_that_are_not_a_mapping():
    with pytest.raises(OneUpScoreError, match="hands must map"):
        score_round({"A": 3}, None, None)


# End of the game, winners, chips, next starter

def test_game_over_at_40():
    assert GAME_LIMIT == 40
    assert not is_game_over({"A": 39, "B": 0})
    assert is_game_over({"A": 40, "B": 0})
    assert is_game_over({"A": 12, "B": 55})
    assert not is_game_over({})


def test_short_game_ends_at_30():
    assert SHORT_GAME_LIMIT == 30
    assert is_game_over({"A": 30}, limit=SHORT_GAME_LIMIT)
    assert not is_game_over({"A": 29}, limit=30)


def test_game_limit_must_be_positive():
    with pytest.raises(OneUpScoreError, match="limit"):
        is_game_over({"A": 3}, limit=0)


def test_fewest_points_win():
    assert winners({"A": 41, "B": 12, "C": 20}) == ["B"]


def test_ties_share_the_win():
    assert winners({"A": 12, "B": 41, "C": 12}) == ["A", "C"]


def test_no_players_no_winners():
    assert winners({}) == []


@pytest.mark.parametrize(("total", "pair"), [(23, (2, 3)), (0, (0, 0)), (40, (4, 0)), (9, (0, 9))])
def test_chips(total, pair):
    assert CHIP_VALUES == (10, 1)
    assert chips(total) == pair


def test_chips_refuse_negative():
    with pytest.raises(OneUpScoreError):
        chips(-1)


def test_next_starter_is_who_ended_the_round():
    assert next_starter("Ben", ["Anna"]) == "Ben"
    assert next_starter(None, ["Anna", "Carla", "Dan"]) == "Dan"
    with pytest.raises(OneUpScoreError, match="has not ended"):
        next_starter(None, [])


# Properties

values = st.sampled_from(VALUE_CIRCLE)
hands = st.lists(values, max_size=10)


@settings(max_examples=200)
@given(hands)
def test_hand_penalty_is_sum_of_distinct_values(hand):
    assert hand_penalty(hand) == sum(PENALTY_POINTS[v] for v in set(hand))


@settings(max_examples=100)
@given(st.lists(st.sampled_from(VALUE_CIRCLE + (JOKER,)), max_size=8))
def test_hand_penalty_with_joker_is_sum_of_distinct_values(hand):
    cards = ["JK" if v == JOKER else v for v in hand]
    assert hand_penalty(cards, joker=True) == sum(PENALTY_POINTS[v] for v in set(hand))


players = ["Ann", "Ben", "Cat", "Dan"]


@st.composite
def rounds(draw):
    went_out = draw(st.sampled_from(players + [None]))
    round_hands = {
        name: [] if name == went_out else draw(st.lists(values, min_size=1, max_size=8))
        for name in players
    }
    return round_hands, went_out


@settings(max_examples=150)
@given(st.lists(rounds(), min_size=1, max_size=12))
def test_totals_never_go_below_zero(sequence):
    totals = {name: 0 for name in players}
    for round_hands, went_out in sequence:
        new = score_round(totals, round_hands, went_out)
        assert all(total >= 0 for total in new.values())
        for name in players:
            if name == went_out:
                assert new[name] == totals[name] - give_back(totals[name])
            else:
                assert new[name] == totals[name] + hand_penalty(round_hands[name])
        totals = new


@settings(max_examples=200)
@given(st.integers(min_value=0, max_value=10_000))
def test_give_back_never_exceeds_total_and_chips_add_up(total):
    assert 0 <= give_back(total) <= total
    black, white = chips(total)
    assert black * 10 + white == total
    assert 0 <= white < 10


def test_score_round_player_who_went_out_may_be_left_out_of_hands():
    assert score_round({"Ann": 14, "Ben": 5}, {"Ben": "K K 3 3 5"}, "Ann") == {"Ann": 4, "Ben": 23}


def test_a_hand_of_cards_and_texts_in_any_notation_is_scored_once_per_value() -> None:
    hands = {"Ann": [Card(13), "K", "3h", "kS"], "Ben": []}
    assert score_round({"Ann": 4, "Ben": 12}, hands, "Ben") == {"Ann": 17, "Ben": 2}


@pytest.mark.parametrize(("hand", "message"), [
    (["K", ["3"]], "expected a card, got ['3']"),
    (["K", "Q"], "'Q' is not a One Up card: One Up uses only A 2 3 4 5 6 K (the 7s to Queens stay in the box)"),
    (["3", "JK"], "The joker is only used in the wild joker variant, which is off here: take the joker out"),
])
def test_a_saved_hand_with_a_card_one_up_can_not_use_is_refused_naming_it(hand: list, message: str) -> None:
    with pytest.raises(CardError) as refused:
        score_round({}, {"Ann": hand, "Ben": []}, "Ben")
    assert str(refused.value) == message
