"""One-card rules: seed 002_7ca371b2d702903f.txt and rulings.md, One-card."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import verdict
from companion.cards import Card, CardError, full_deck, parse_card
from companion.games import one_card
from companion.games.one_card import (
    ATTACK_VALUES,
    IllegalMove,
    OneCardState,
    attack_value,
    buried_at_start,
    card_effect,
    check_play,
    play,
    take_attack,
)

DECK = full_deck(jokers=("black", "colour"))


def pending(card: str) -> OneCardState:
    """A pile with one attack card on top and its attack pending."""
    return OneCardState(card, attack_value(card), card)


# Issue 2's cases

def test_issue_pending_two_answered_by_ace_of_clubs():
    state = pending("2♥")
    assert check_play(state, "A♣", "A♣ 9♦").legal
    assert play(state, "A♣").attack_total == 5


def test_issue_pending_ace_of_spades_not_answered_by_plain_ace():
    assert not check_play(pending("A♠"), "A♥", "A♥ 9♦").legal


def test_issue_pending_colour_joker_shielded_by_three():
    assert check_play(pending("CJ"), "3♣", "3♣ 9♦").legal


def test_issue_three_on_nine_without_attack_is_illegal():
    assert not check_play(OneCardState("9♠"), "3♦", "3♦ 5♥").legal


@pytest.mark.parametrize("joker", ["BJ", "CJ"])
@pytest.mark.parametrize("state", [OneCardState("9♠"), OneCardState("BJ"), pending("2♥"), pending("A♠")])
def test_issue_lone_joker_never_legal(joker, state):
    result = check_play(state, joker, [joker])
    assert not result.legal
    assert result.reason.endswith("so take the attack instead." if state.attack_pending else "so draw instead.")


@pytest.mark.parametrize(("drawn", "legal"), [(0, False), (1, True), (7, True)])
def test_a_lone_joker_after_taking_an_attack_counts_the_cards_just_drawn(drawn, legal):
    """rulings.md, One-card: after taking the attack the player plays from the hand held before
    the draw; the cards drawn are not playable this turn but are held, so a lone joker from
    before is not the last card (seed, Special Cards: a joker may not be the winning card).
    With both piles empty nothing is drawn, and the joker would empty the hand."""
    drawn_cards, after = take_attack(pending("BJ"), cards_left=drawn)
    assert drawn_cards == drawn
    assert check_play(after, "BJ", ["BJ"], drawn=drawn_cards).legal is legal


def test_cards_drawn_must_be_a_count():
    with pytest.raises(one_card.OneCardError):
        check_play(OneCardState("9♠"), "9♥", ["9♥"], drawn=-1)


# Attack values (rulings.md table)

def test_attack_table():
    assert ATTACK_VALUES == {
        Card(2): 2,
        Card(1, "H"): 3,
        Card(1, "D"): 3,
        Card(1, "C"): 3,
        Card(1, "S"): 5,
        Card(None, None, "black"): 7,
        Card(None, None, "colour"): 10,
    }


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("2♠", 2), ("2♥", 2), ("2♦", 2), ("2♣", 2),
        ("A♥", 3), ("A♦", 3), ("A♣", 3), ("A♠", 5),
        ("BJ", 7), ("CJ", 10),
        ("3♠", 0), ("7♥", 0), ("K♣", 0), ("10♦", 0), ("J♠", 0), ("Q♥", 0), ("9♣", 0),
    ],
)
def test_attack_value(card, value):
    assert attack_value(card) == value
    assert attack_value(parse_card(card)) == value


def test_cards_need_a_suit_and_a_known_joker():
    with pytest.raises(CardError, match="needs a suit"):
        attack_value("9")
    with pytest.raises(CardError, match="BJ .* CJ"):
        attack_value("JK")
    with pytest.raises(CardError, match="'ZZ'"):
        check_play(OneCardState("9♠"), "ZZ", "ZZ")


# The hierarchy: seed, "The Attack Ladder"

def answers(last: str) -> set[str]:
    """Every card of the deck, other than a 3, that answers an attack ending in ``last``."""
    state = pending(last)
    return {
        str(card)
        for card in DECK
        if card.rank != 3 and card != parse_card(last) and check_play(state, card, [card, "4♥"]).legal
    }


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        # A 2 is answered by a 2, any A, the A♠, or either joker.
        ("2♥", {"2♠", "2♦", "2♣", "A♥", "A♦", "A♣", "A♠", "black joker", "colour joker"}),
        # An ordinary A is answered by another A, the A♠, or either joker.
        ("A♦", {"A♥", "A♣", "A♠", "black joker", "colour joker"}),
        # The A♠ is answered by a joker only.
        ("A♠", {"black joker", "colour joker"}),
        # The black joker is answered by the colour joker only.
        ("BJ", {"colour joker"}),
        # The colour joker cannot be answered at all.
        ("CJ", set()),
    ],
)
def test_seed_hierarchy(last, expected):
    assert answers(last) == expected


@pytest.mark.parametrize("card", ["A♠", "BJ", "CJ"])
def test_one_of_a_kind_never_answers_its_own_kind(card):
    # Seed 002: the A♠ is answered by a joker only, the black joker by the
    # colour joker only, the colour joker by nothing (two decks hold a second one).
    result = check_play(pending(card), card, [card, "9♦"])
    assert not result.legal
    with pytest.raises(IllegalMove):
        play(pending(card), card)


def test_one_of_a_kind_reasons():
    assert check_play(pending("A♠"), "A♠", "A♠ 9♦").reason == (
        "An attack of 5 is pending (last attack A♠): one A♠ never answers another. "
        "Answer with either joker, shield with a 3, or take 5 cards."
    )
    assert check_play(pending("BJ"), "BJ", "BJ 9♦").reason == (
        "An attack of 7 is pending (last attack black joker): one black joker never answers another. "
        "Answer with the colour joker, shield with a 3, or take 7 cards."
    )
    assert check_play(pending("CJ"), "CJ", "CJ 9♦").reason == (
        "An attack of 10 is pending (last attack colour joker), which nothing can answer: "
        "colour joker can't be played. Shield with a 3 or take 10 cards."
    )


@pytest.mark.parametrize(("last", "card", "total"), [("2♥", "2♥", 4), ("A♣", "A♥", 6), ("A♥", "A♥", 6)])
def test_ordinary_attack_cards_answer_their_own_kind(last, card, total):
    assert check_play(pending(last), card, [card, "9♦"]).legal
    assert play(pending(last), card).attack_total == total


def test_ordinary_ace_reason_lists_any_ace():
    assert check_play(pending("A♦"), "2♣", "2♣ 9♦").reason == (
        "An attack of 3 is pending (last attack A♦): 2♣ (2) is too weak to answer it. "
        "Answer with any ace or either joker, shield with a 3, or take 3 cards."
    )


@pytest.mark.parametrize("last", ["2♥", "A♦", "A♠", "BJ", "CJ"])
@pytest.mark.parametrize("three", ["3♠", "3♥", "3♦", "3♣"])
def test_any_three_shields_any_attack(last, three):
    state = pending(last)
    assert check_play(state, three, [three, "9♥"]).legal
    after = play(state, three)
    assert after == OneCardState(three)
    assert after.attack_total == 0
    assert after.last_attack is None


def test_three_stacked_twos_carry_six_and_still_answerable():
    state = OneCardState("9♥")
    for two in ("2♥", "2♠", "2♣"):
        state = play(state, two)
    assert state.attack_total == 6
    assert state.last_attack == parse_card("2♣")
    assert check_play(state, "2♦", "2♦ 9♠").legal
    for ace in ("A♥", "A♦", "A♣", "A♠"):
        assert check_play(state, ace, [ace, "9♠"]).legal
    assert play(state, "2♦").attack_total == 8
    assert play(state, "A♠").attack_total == 11


def test_comparison_is_against_last_card_not_total():
    # A total of 9 ending in an ace: a plain ace still answers, a 2 does not.
    state = play(play(OneCardState("9♥"), "2♥"), "2♠")
    state = play(state, "A♣")
    assert state.attack_total == 7
    assert check_play(state, "A♦", "A♦ 5♠").legal
    assert not check_play(state, "2♦", "2♦ 5♠").legal


def test_answer_ignores_suit_and_top():
    state = pending("2♥")
    for two in ("2♠", "2♦", "2♣"):
        assert check_play(state, two, [two]).legal
    assert play(state, "2♠").attack_total == 4


@pytest.mark.parametrize("card", ["9♥", "5♥", "J♥", "Q♥", "K♥", "7♥", "7♠", "10♣"])
def test_nothing_else_while_attack_pending(card):
    result = check_play(pending("2♥"), card, [card, "4♦"])
    assert not result.legal
    assert result.reason.startswith("An attack of 2 is pending (last attack 2♥)")
    with pytest.raises(IllegalMove):
        play(pending("2♥"), card, declare="H")


def test_attack_reason_in_plain_words():
    assert check_play(pending("A♠"), "A♥", "A♥ 9♦").reason == (
        "An attack of 5 is pending (last attack A♠): A♥ (3) is too weak to answer it. "
        "Answer with either joker, shield with a 3, or take 5 cards."
    )
    assert check_play(pending("2♥"), "9♥", "9♥").reason == (
        "An attack of 2 is pending (last attack 2♥): 9♥ does not answer it. "
        "Answer with any 2, any ace or either joker, shield with a 3, or take 2 cards."
    )
    assert check_play(pending("BJ"), "A♠", "A♠ 4♦").reason == (
        "An attack of 7 is pending (last attack black joker): A♠ (5) is too weak to answer it. "
        "Answer with the colour joker, shield with a 3, or take 7 cards."
    )
    assert check_play(pending("CJ"), "BJ", "BJ 4♦").reason == (
        "An attack of 10 is pending (last attack colour joker), which nothing can answer: "
        "black joker can't be played. Shield with a 3 or take 10 cards."
    )


# Taking an attack

def test_take_attack_draws_total_and_resets():
    state = play(play(OneCardState("9♥"), "2♥"), "A♥")
    cards, after = take_attack(state)
    assert cards == 5
    assert after == OneCardState("A♥")
    assert after.top == parse_card("A♥")
    assert after.attack_total == 0
    assert after.last_attack is None


def test_after_taking_a_joker_attack_anything_may_lead():
    cards, after = take_attack(pending("CJ"))
    assert cards == 10
    for card in ("9♥", "3♦", "J♠", "2♣"):
        assert check_play(after, card, [card, "4♦"]).legal


def test_after_taking_a_two_the_two_must_be_matched():
    _, after = take_attack(pending("2♥"))
    assert check_play(after, "9♥", "9♥ 4♦").legal
    assert check_play(after, "2♠", "2♠ 4♦").legal
    assert not check_play(after, "9♠", "9♠ 4♦").legal


def test_take_attack_without_attack_is_illegal():
    with pytest.raises(IllegalMove, match="No attack is pending"):
        take_attack(OneCardState("9♥"))


# Ordinary play with no attack pending: seed, "How to Play"

def test_match_suit_or_rank():
    state = OneCardState("9♠")
    assert check_play(state, "4♠", "4♠ 5♦").legal
    assert check_play(state, "9♥", "9♥ 5♦").legal
    result = check_play(state, "4♥", "4♥ 5♦")
    assert not result.legal
    assert result.reason == "4♥ does not match 9♠: play a spade, a 9, a 7 or a joker."


def test_three_without_attack_is_ordinary():
    state = OneCardState("9♠")
    assert check_play(state, "3♠", "3♠ 5♦").legal
    assert check_play(OneCardState("3♥"), "3♦", "3♦ 5♦").legal
    assert check_play(state, "3♦", "3♦ 5♥").reason == (
        "3♦ does not match 9♠: play a spade, a 9, a 7 or a joker. "
        "A 3 shields only while an attack is pending."
    )
    assert play(state, "3♠") == OneCardState("3♠")


@pytest.mark.parametrize("top", ["9♠", "4♥", "K♦", "2♣"])
@pytest.mark.parametrize("seven", ["7♠", "7♥", "7♦", "7♣"])
def test_seven_on_anything(top, seven):
    assert check_play(OneCardState(top), seven, [seven, "5♦"]).legal


@pytest.mark.parametrize("top", ["9♠", "4♥", "K♦", "7♣"])
@pytest.mark.parametrize("joker", ["BJ", "CJ"])
def test_joker_on_anything(top, joker):
    assert check_play(OneCardState(top), joker, [joker, "5♦"]).legal


@pytest.mark.parametrize("joker", ["BJ", "CJ"])
def test_anything_on_a_joker(joker):
    state = OneCardState(joker)
    for card in DECK:
        if not card.is_joker:
            assert check_play(state, card, [card, "5♦"]).legal


def test_joker_starts_an_attack():
    after = play(OneCardState("9♠"), "BJ")
    assert (after.attack_total, after.last_attack) == (7, parse_card("BJ"))
    assert play(after, "CJ").attack_total == 17


def test_plain_attack_card_matches_like_any_card():
    assert check_play(OneCardState("9♥"), "2♥", "2♥ 4♠").legal
    assert not check_play(OneCardState("9♥"), "2♠", "2♠ 4♠").legal
    assert check_play(OneCardState("A♦"), "A♠", "A♠ 4♠").legal


# The 7 and the declared suit

def test_seven_declares_a_suit():
    after = play(OneCardState("9♠"), "7♠", declare="♥")
    assert after.declared_suit == "H"
    assert after.top == parse_card("7♠")
    assert check_play(after, "4♥", "4♥ 5♦").legal
    assert check_play(after, "7♦", "7♦ 5♦").legal
    assert check_play(after, "BJ", "BJ 5♦").legal
    result = check_play(after, "5♠", "5♠ 5♦")
    assert not result.legal
    assert result.reason == "The 7 asked for hearts: play a heart, another 7 or a joker, not 5♠."


@pytest.mark.parametrize("suit", ["♥", "H", "h", "hearts", "♥\ufe0f"])
def test_declared_suit_is_normalised(suit):
    assert play(OneCardState("9♠"), "7♣", declare=suit).declared_suit == "H"
    assert OneCardState("7♣", declared_suit=suit).declared_suit == "H"


def test_seven_without_a_suit_is_illegal():
    with pytest.raises(IllegalMove, match="Name a suit"):
        play(OneCardState("9♠"), "7♠")


def test_bad_suit_is_refused():
    with pytest.raises(CardError, match="not a suit"):
        play(OneCardState("9♠"), "7♠", declare="X")


def test_only_a_seven_declares():
    with pytest.raises(IllegalMove, match="Only a 7"):
        play(OneCardState("9♠"), "4♠", declare="H")


def test_other_plays_clear_the_declared_suit():
    after = play(OneCardState("7♠", declared_suit="D"), "5♦")
    assert after.declared_suit is None
    assert after == OneCardState("5♦")


def test_seven_on_a_declared_seven_declares_again():
    after = play(OneCardState("7♠", declared_suit="D"), "7♥", declare="C")
    assert after.declared_suit == "C"


# Joker never last, card in hand

def test_joker_with_other_cards_is_legal():
    assert check_play(OneCardState("9♠"), "BJ", "BJ 4♦").legal
    assert check_play(OneCardState("9♠"), "CJ", "BJ CJ").legal


def test_lone_joker_cannot_answer_an_attack():
    """Under an attack, drawing is taking the attack (rulings.md, One-card)."""
    result = check_play(pending("A♠"), "CJ", "CJ")
    assert result.reason == (
        "The colour joker can't be your last card: a hand is never emptied with a joker, so take the attack instead."
    )


def test_hand_without_the_card_is_read_as_holding_it():
    assert check_play(OneCardState("9♠"), "4♠", "5♠ 6♠").legal
    assert not check_play(OneCardState("9♠"), "4♥", "5♠ 6♠").legal


def test_joker_with_an_otherwise_empty_hand_is_its_last_card():
    result = check_play(OneCardState("9♠"), "BJ", [])
    assert result.reason == (
        "The black joker can't be your last card: a hand is never emptied with a joker, so draw instead."
    )


def test_last_ordinary_card_may_go_out():
    assert check_play(OneCardState("9♠"), "4♠", ["4♠"]).legal


# Play and state

def test_play_raises_illegal_move_with_reason():
    with pytest.raises(IllegalMove, match="does not match 9♠"):
        play(OneCardState("9♠"), "4♥")


def test_illegal_move_is_the_shared_value_error():
    assert one_card.IllegalMove is verdict.IllegalMove
    assert issubclass(IllegalMove, ValueError)


def test_state_accepts_strings_or_cards():
    assert OneCardState("2♥", 2, "2♥") == OneCardState(Card(2, "H"), 2, Card(2, "H"))
    assert OneCardState("♥2", attack_total=2, last_attack="h2").last_attack == Card(2, "H")


def test_a_top_card_alone_stands_for_a_pile_with_no_attack():
    assert check_play("9♠", "9♦", ["9♦", "5♣"]) == check_play(OneCardState("9♠"), "9♦", ["9♦", "5♣"])
    assert not check_play("9♠", "3♦", ["3♦", "5♣"]).legal
    assert play(Card(9, "S"), "9♦") == OneCardState("9♦")
    with pytest.raises(IllegalMove, match="No attack is pending"):
        take_attack("2♥")


@pytest.mark.parametrize("bad", [None, 5, ["9♠"]])
def test_a_state_that_is_no_pile_is_refused_clearly(bad):
    with pytest.raises(ValueError, match="discard pile as a OneCardState") as raised:
        check_play(bad, "9♦", ["9♦"])
    assert type(raised.value) is one_card.OneCardError
    with pytest.raises(ValueError, match="discard pile as a OneCardState"):
        play(bad, "9♦")
    with pytest.raises(ValueError, match="discard pile as a OneCardState"):
        take_attack(bad)


def test_state_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        OneCardState("9♠").top = parse_card("4♠")


def test_state_fills_in_the_obvious():
    assert OneCardState("A♠", 5).last_attack == parse_card("A♠")
    assert OneCardState("A♠", last_attack="A♠").attack_total == 5
    assert OneCardState("A♠").attack_pending is False


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"top": "9♠", "attack_total": 3}, "no attack card"),
        ({"top": "9♠", "attack_total": -1}, "0 or more"),
        ({"top": "A♠", "attack_total": 2, "last_attack": "A♠"}, "less than the 5"),
        ({"top": "9♠", "attack_total": 4, "last_attack": "9♠"}, "only 2s, aces and jokers"),
        ({"top": "9♠", "declared_suit": "H"}, "only with a 7"),
        ({"top": "JK"}, "BJ"),
    ],
)
def test_impossible_states_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        OneCardState(**kwargs)


# Card effects, start card, deal: seed, "Special Cards" and "Setup"

def test_card_effects_in_words():
    assert card_effect("J♠", 3) == "Skip: the next player loses their turn."
    assert card_effect("J♠", 2) == "Skip: the other player loses their turn, so you play again."
    assert card_effect("Q♥", 4) == "Reverse: play changes direction."
    assert card_effect("Q♥", 2) == "Reverse: with two players this is a skip, so you play again."
    assert card_effect("K♦", 2) == card_effect("K♦", 5) == (
        "Extra turn: take another turn at once (play a second card, or draw one if nothing fits)."
    )
    assert card_effect("7♣", 3).startswith("Wild: name a suit")
    assert card_effect("A♠", 3) == "Attack: the next player draws 5 cards unless they answer or shield."
    assert card_effect("CJ", 3) == "Attack: the next player draws 10 cards unless they answer or shield."
    assert card_effect("3♦", 3).startswith("Shield")
    assert card_effect("9♦", 3) == ""


def test_card_effect_needs_two_players():
    with pytest.raises(ValueError, match="2 or more"):
        card_effect("J♠", 1)


@pytest.mark.parametrize("card", DECK, ids=str)
def test_start_card_rule(card):
    plain = not card.is_joker and card.rank in (4, 5, 6, 8, 9, 10)
    assert buried_at_start(card) is not plain




# Properties

cards = st.sampled_from(DECK)
suits = st.sampled_from("SHDC")


@settings(max_examples=200)
@given(st.lists(st.tuples(cards, suits), max_size=25))
def test_random_games_keep_the_pile_consistent(moves):
    """Play every card that is legal; check_play and play agree, and the total adds up."""
    state = OneCardState("9♥")
    for card, suit in moves:
        legal = check_play(state, card, [card, "4♦"]).legal
        declare = suit if card.rank == 7 else None
        if not legal:
            with pytest.raises(IllegalMove):
                play(state, card, declare=declare)
            if state.attack_pending:
                drawn, state = take_attack(state)
                assert drawn > 0
                assert not state.attack_pending
            continue
        after = play(state, card, declare=declare)
        assert after.top == card
        if state.attack_pending and card.rank == 3:
            assert after.attack_total == 0
        else:
            assert after.attack_total == state.attack_total + attack_value(card)
        if after.last_attack is not None:
            assert after.attack_total >= attack_value(after.last_attack)
        state = after


# The match (rulings.md, One-card: first to MATCH_WINS round wins, a house rule)

def test_match_wins_default_is_five():
    assert one_card.MATCH_WINS == 5


@pytest.mark.parametrize(("wins", "target", "expected"), [
    ({"Ann": 4, "Ben": 2}, 5, []),
    ({"Ann": 5, "Ben": 2}, 5, ["Ann"]),
    ({"Ann": 1, "Ben": 3, "Cy": 3}, 3, ["Ben", "Cy"]),
    ({"Ann": 2, "Ben": 1}, 1, ["Ann"]),
    ({}, 5, []),
])
def test_match_winners(wins, target, expected):
    assert one_card.match_winners(wins, target) == expected


def test_match_winners_default_target():
    assert one_card.match_winners({"Ann": 5, "Ben": 4}) == ["Ann"]
    assert one_card.match_winners({"Ann": 4, "Ben": 4}) == []


@pytest.mark.parametrize(("wins", "target", "message"), [
    ([("Ann", 5)], 5, "player name -> count"),
    ({"Ann": -1}, 5, "Ann's round wins must be a whole number, 0 or more, not -1"),
    ({"Ann": True}, 5, "Ann's round wins"),
    ({"Ann": 2}, 0, "whole number, 1 or more, not 0"),
])
def test_match_winners_bad_input(wins, target, message):
    with pytest.raises(ValueError, match=message):
        one_card.match_winners(wins, target)


# Taking an attack when the piles run short: seed, "Running Out of Cards to Draw"

@pytest.mark.parametrize(("cards_left", "drawn"), [(None, 12), (20, 12), (12, 12), (5, 5), (0, 0)])
def test_take_attack_draws_what_is_left_and_forgives_the_rest(cards_left, drawn):
    state = OneCardState("BJ", attack_total=12, last_attack="BJ")
    taken, after = take_attack(state, cards_left)
    assert taken == drawn
    assert after == OneCardState("BJ")


@pytest.mark.parametrize("bad", [-1, 2.5, True, "3"])
def test_take_attack_refuses_a_count_of_cards_left_that_is_no_count(bad):
    with pytest.raises(one_card.OneCardError, match="The cards left in the draw and discard piles must be"):
        take_attack(OneCardState("2♥", attack_total=2), bad)


# A 7 on top whose named suit is not given: seed, "Special Cards"

@pytest.mark.parametrize("card", ["5♣", "5♦", "K♥"])
def test_seven_on_top_with_no_suit_named_answers_no_suit_at_all(card):
    verdict = check_play(OneCardState("7♦"), card, [card, "4♠"])
    assert not verdict.legal
    assert verdict.reason == (
        "The 7♦ on top named a suit, and which one was not given: only a card of that suit, "
        f"another 7 or a joker may follow it. Say which suit was named to check {card}."
    )


@pytest.mark.parametrize("card", ["7♠", "BJ"])
def test_seven_on_top_with_no_suit_named_still_takes_a_seven_or_a_joker(card):
    assert check_play(OneCardState("7♦"), card, [card, "4♠"]).legal


def test_reason_names_each_card_that_fits_once():
    assert check_play("9♠", "4♥", ["4♥"]).reason == (
        "4♥ does not match 9♠: play a spade, a 9, a 7 or a joker."
    )
    assert check_play("8♠", "4♥", ["4♥"]).reason == (
        "4♥ does not match 8♠: play a spade, an 8, a 7 or a joker."
    )
