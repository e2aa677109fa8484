"""One Up's score_round reads a hand given as a list of card texts in one loop of
table lookups; every other hand goes the long way. Both give the same totals and refusals."""

from __future__ import annotations

import pytest

from companion.cards import Card, CardError
from companion.games.one_up import OneUpScoreError, hand_penalty, score_round

HANDS = [
    ["K", "3"], ["K", "K", "3", "3", "5"], ["A"], ["kh", "3\u2665", "K\u2660"], "K K 3 3 5", ("6", "6"),
    [Card(13, None), "3"], ["2", "4", "6", "A", "K", "3", "5"],
]


@pytest.mark.parametrize("hand", HANDS)
def test_a_hand_costs_its_penalty_whatever_its_form(hand: object) -> None:
    totals = score_round({"Ann": 12, "Ben": 3}, {"Ann": [], "Ben": hand}, "Ann")
    assert totals == {"Ann": 2, "Ben": 3 + hand_penalty(hand)}


def test_the_joker_counts_only_in_its_variant() -> None:
    assert score_round({"Ann": 0, "Ben": 0}, {"Ann": [], "Ben": ["JK", "K"]}, "Ann", joker=True) == {"Ann": 0, "Ben": 30}
    with pytest.raises(CardError, match="only used in the wild joker variant"):
        score_round({"Ann": 0, "Ben": 0}, {"Ann": [], "Ben": ["K", "JK"]}, "Ann")


@pytest.mark.parametrize(("hand", "error", "message"), [
    ([], OneUpScoreError, "Ben has no cards left, so Ben went out: mark Ben as the player who went out"),
    ("", OneUpScoreError, "Ben has no cards left, so Ben went out: mark Ben as the player who went out"),
    (["K", "9"], CardError, "'9' is not a One Up card"),
    (["K", ["3"]], CardError, ""),
    (["K", None], CardError, ""),
])
def test_a_bad_hand_is_refused_as_before(hand: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        score_round({"Ann": 0, "Ben": 0}, {"Ann": [], "Ben": hand}, "Ann")
    assert str(caught.value).startswith(message)
    if error is CardError:
        with pytest.raises(CardError) as direct:
            hand_penalty(hand)
        assert str(direct.value) == str(caught.value)
