"""The worked examples of the rules text, computed by the rules core: each
number and verdict the text gives is the one the code gives for the same cards."""

from __future__ import annotations

import re

import pytest

from companion.games import one_card, up_or_down, up_to_nine
from companion.games.one_card import OneCardState, check_play
from companion.games.up_to_nine.lay_off import check_lay_off, lay_off
from companion.rulebook import rules_for


def plain(game: str, section: str) -> str:
    """The English text of one section, on one line."""
    return rules_for(game, language="en").section(section).plain


def test_one_card_passing_an_attack_on_example():
    text = plain("one_card", "special")
    state = OneCardState(top="A♦", attack_total=one_card.attack_value("2♣") + one_card.attack_value("A♦"),
                         last_attack="A♦")
    assert f"so {state.attack_total} cards wait" in text
    assert state.attack_total == 5
    assert check_play(state, "A♣", ["A♣", "9♥"]).legal
    assert check_play(state, one_card.BLACK_JOKER, [one_card.BLACK_JOKER, "9♥"]).legal
    assert not check_play(state, "2♠", ["2♠", "9♥"]).legal
    assert "on the A♦ only an ace or a joker passes it on, and a 2 is too weak" in text


@pytest.mark.parametrize(("level", "cards", "legal", "wilds"), [
    (1, "♦A ♦2 ♦3 ♦4", True, 0),
    (2, "9♠ 9♥ 9♦ J♣ J♦ ♣3", True, 1),
    (3, "♣9 ♣10 ♠2 ♣Q ♣K", True, 1),
    (3, "♣9 ♣10 ♠2 ♣Q ♥3", False, None),
    (8, "♥6 ♥7 ♠2 ♥9 ♥10 ♣3 Q♠ Q♥ ♦2", True, 3),
])
def test_up_to_nine_lay_down_examples(level, cards, legal, wilds):
    verdict = up_to_nine.check_meld(level, cards)
    assert verdict.legal is legal
    if legal:
        assert verdict.wilds_used == wilds
    else:
        assert "needs 2 wilds but level 3 allows 1" in verdict.reason
    text = plain("up_to_nine", "turn")
    assert "Level 1: ♦A ♦2 ♦3 ♦4 uses no wild" in text
    assert "Level 2: 9 9 9 and J J ♣3 is good, with one wild (the ♣3 as a jack)." in text
    assert "it needs two wilds, one more than level 3 allows" in text
    assert "spends the whole budget, two wilds in the straight and one in the set" in text


def test_up_to_nine_level_3_example_reads_the_2_as_the_missing_jack():
    straight = up_to_nine.check_meld(3, "♣9 ♣10 ♠2 ♣Q ♣K").groups[0]
    wild = [slot for slot in straight.slots if slot.wild]
    assert [(slot.rank, slot.suit) for slot in wild] == [(11, "C")]
    assert "the ♠2 standing for the ♣J" in plain("up_to_nine", "turn")


def test_up_to_nine_lay_off_example():
    group = up_to_nine.check_meld(1, "♥10 ♥J ♥Q ♥K").groups[0]
    assert check_lay_off(group, "♥9").at == "low"
    group = lay_off(group, "♥9")
    wild = check_lay_off(group, "♣2", at="low")
    assert wild.legal and wild.slot.wild and (wild.slot.rank, wild.slot.suit) == (8, "H")
    group = lay_off(group, "♣2", at="low")
    assert check_lay_off(group, "♥A").at == "high"
    assert not check_lay_off(group, "♠7").legal
    group = lay_off(group, "♥A")
    assert not check_lay_off(group, "♥2", at="high").legal
    text = plain("up_to_nine", "turn")
    assert "then the ♣2 below that as a wild ♥8 (for good)" in text
    assert "The ♥A goes above the ♥K, and after it the straight takes nothing more at that end." in text


def test_up_to_nine_penalty_example():
    hand = "♠3 ♥A ♦J ♣7"
    points = [up_to_nine.hand_penalty(card) for card in hand.split()]
    assert points == [20, 15, 10, 5]
    total = up_to_nine.hand_penalty(hand)
    assert f"A hand of {hand} costs {' + '.join(map(str, points))} = {total}." in plain("up_to_nine", "scoring")


def test_up_or_down_ring_and_row_examples():
    ring = [5, 22, 58, 70, 95, 120]
    assert up_or_down.ring_neighbours(ring, 61) == (58, 70)
    assert up_or_down.ring_neighbours(ring, 3) == (5, 120)
    text = plain("up_or_down", "turn")
    assert "With 5, 22, 58, 70, 95 and 120 in the ring, a 61 goes between 58 and 70." in text
    assert "a 3 goes between 120 and 5" in text
    scoring = plain("up_or_down", "scoring")
    assert f"A row of 5 cards holding 4 of one colour scores 5 × 4 = {up_or_down.row_summary_score(5, 4)}." in scoring


@pytest.mark.parametrize("language", ["en", "nb", "de"])
def test_every_number_of_an_example_is_the_same_in_each_language(language):
    """The translations carry the examples' cards and numbers unchanged."""
    def numbers(text: str) -> list[str]:
        return re.findall(r"[♠♥♦♣]?\d+|[♠♥♦♣][AJQK]", text)

    for game, section in (("up_to_nine", "scoring"), ("up_or_down", "turn"), ("up_or_down", "scoring"),
                          ("one_card", "special")):
        english = rules_for(game, language="en").section(section)
        other = rules_for(game, language=language).section(section)
        for mine, theirs in zip(english.blocks, other.blocks, strict=True):
            assert sorted(numbers(theirs.text)) == sorted(numbers(mine.text)), (game, section, theirs.text)
