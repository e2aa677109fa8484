"""The checker's answers (each game's UI module in companion.ui.games), without a browser.

Expected verdicts follow the seeds and rulings.md; the wording of reasons is
the rules core's, so these tests check the verdict, the figures and that the
core's reason is passed on.
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion.cards import Card, parse_card, parse_cards
from companion.games import one_card, one_up, up_to_nine
from companion.i18n import language
from companion.table import ask_answers as ask
from companion.ui.games import one_card_check as one_card_ui
from companion.ui.games import one_up as one_up_ui
from companion.ui.games import up_or_down_check as up_or_down_ui
from companion.ui.games import up_to_nine_check as up_to_nine_ui
from companion.ui.games import up_to_nine_groups


def c(text: str) -> Card:
    return parse_card(text)


# ---- One Up ---------------------------------------------------------------------------

@pytest.mark.parametrize(("top", "card", "kind"), [
    ("6", "K", ask.YES), ("K", "A", ask.YES), ("4", "4", ask.YES), ("4", "5", ask.YES),
    ("4", "6", ask.NO), ("A", "K", ask.NO),
])
def test_one_up_verdicts(top, card, kind):
    answer = one_up_ui.one_up_answer(c(top), c(card))
    assert answer.kind == kind
    assert answer.legal is (kind == ask.YES)


def test_one_up_reason_comes_from_the_core():
    answer = one_up_ui.one_up_answer(c("4"), c("6"))
    assert answer.text == "No. " + one_up.check_play("4", "6").reason
    assert one_up_ui.one_up_answer(c("6"), c("K")).text == "Yes: a King may go on a 6."


def test_one_up_joker_variant():
    assert one_up_ui.one_up_answer(c("3"), c("JK"), joker=True).kind == ask.YES
    assert one_up_ui.one_up_answer(c("JK"), c("K"), joker=True).kind == ask.YES
    assert one_up_ui.one_up_answer(c("JK"), c("5"), joker=True).kind == ask.NO
    off = one_up_ui.one_up_answer(c("3"), c("JK"), joker=False)
    assert off.kind == ask.ERROR and "wild joker variant" in off.text


def test_one_up_waits_and_says_what_fits():
    assert one_up_ui.one_up_answer(None, None).kind == ask.WAIT
    hint = one_up_ui.one_up_answer(c("6"), None, joker=True)
    assert hint.kind == ask.WAIT
    assert hint.text == "On a 6 you may play a 6, a King or the joker. Pick your card."


def test_one_up_rejects_a_card_the_game_does_not_use():
    answer = one_up_ui.one_up_answer(c("8"), c("K"))
    assert answer.kind == ask.ERROR and "'8' is not a One Up card" in answer.text


# ---- One-card -------------------------------------------------------------------------

def test_under_a_pending_ace_of_spades_only_jokers_and_threes_are_legal():
    hand = parse_cards("BJ CJ 3♥ 3♣ A♥ 2♠ 7♦ K♠ 5♠")
    answer = one_card_ui.one_card_answer(c("A♠"), hand, attack_total=5)
    legal = [item.card for item in answer.cards if item.legal]
    assert legal == parse_cards("BJ CJ 3♥ 3♣")
    assert answer.summary.kind == ask.YES
    assert answer.summary.text == "4 of 9 may be played: black joker, colour joker, 3♥, 3♣."
    totals = {str(item.card): item.text for item in answer.cards if item.legal}
    assert totals["black joker"] == "Plays; the attack total becomes 12."
    assert totals["colour joker"] == "Plays; the attack total becomes 15."
    assert totals["3♥"] == "Shields: the attack of 5 is cancelled."
    for item in answer.cards:
        if not item.legal:
            assert item.text == one_card.check_play(one_card.OneCardState("A♠", 5), item.card, hand).reason


def test_take_the_attack_says_what_to_draw():
    answer = one_card_ui.one_card_answer(c("2♥"), parse_cards("A♣ 9♦"), attack_total=6)
    assert answer.attack == "Attack pending: 6 cards, last attack card 2♥."
    assert answer.take == ("You draw 6 cards. Then play a card from the hand you held before drawing, "
                           "or draw one more card.")
    ace = answer.cards[0]
    assert ace.legal and ace.text == "Plays; the attack total becomes 9."
    assert not answer.cards[1].legal


EMPTY_PILES = (" Then play a card from the hand you held before drawing; both piles are empty, "
               "so if none fits, there is no card to draw and your turn passes.")
"""What every answer ends with when taking the attack empties both piles."""


@pytest.mark.parametrize(("cards_left", "take"), [
    (None, "You draw 7 cards. Then play a card from the hand you held before drawing, or draw one more card."),
    (30, "You draw 7 cards. Then play a card from the hand you held before drawing, or draw one more card."),
    (7, "You draw 7 cards, the last in both piles." + EMPTY_PILES),
    (4, "You draw 4 cards; the other 3 of the 7 are forgiven." + EMPTY_PILES),
    (6, "You draw 6 cards; the other 1 of the 7 is forgiven." + EMPTY_PILES),
    (1, "You draw 1 card; the other 6 of the 7 are forgiven." + EMPTY_PILES),
    (0, "You draw no cards; all 7 are forgiven." + EMPTY_PILES),
])
def test_taking_an_attack_when_the_piles_run_short_forgives_the_rest(cards_left, take):
    answer = one_card_ui.one_card_answer(c("BJ"), parse_cards("9♦"), attack_total=7, cards_left=cards_left)
    assert answer.take == take
    assert answer.summary == ask.Answer(ask.NO, "Your card may not be played: take the attack.")


def test_a_count_of_cards_left_that_is_no_count_is_an_error_not_a_crash():
    answer = one_card_ui.one_card_answer(c("BJ"), parse_cards("9♦"), attack_total=7, cards_left=-1)
    assert answer.summary.kind == ask.ERROR
    assert answer.summary.text.startswith("The cards left in the draw and discard piles must be")


@pytest.mark.parametrize(("top", "total", "hand", "cards_left", "after"), [
    # A lone joker from before may be played: the cards drawn count in the hand (seed 002, Special Cards).
    ("A♥", 3, "BJ", None, (ask.YES, "1 of 1 may be played: black joker.")),
    ("2♥", 2, "CJ", 1, (ask.YES, "1 of 1 may be played: colour joker.")),
    ("A♥", 3, "9♥ 9♠", None, (ask.YES, "1 of 2 may be played: 9♥.")),
    ("BJ", 7, "9♠ 4♦", None, (ask.YES, "2 of 2 may be played: 9♠, 4♦.")),
    ("2♥", 2, "9♠ 4♦", None, (ask.NO, "None of your 2 cards may be played: draw a card.")),
    ("2♥", 2, "9♠", 2, (ask.NO, "Your card may not be played, and both piles are empty: there is no card to draw, so your turn passes.")),
    ("2♥", 2, "BJ", 0, (ask.NO, "Your card may not be played, and both piles are empty: there is no card to draw, so your turn passes.")),
    ("2♥", 2, "9♠ 4♦", 0,
     (ask.NO, "None of your 2 cards may be played, and both piles are empty: there is no card to draw, so your turn passes.")),
])
def test_taking_the_attack_says_what_may_be_played_after(top, total, hand, cards_left, after):
    """rulings.md, One-card: taking the attack does not end the turn; the player plays from the
    hand held before the draw, on the same top card with the attack reset, or draws one card."""
    answer = one_card_ui.one_card_answer(c(top), parse_cards(hand), attack_total=total, cards_left=cards_left)
    assert (answer.after_take.kind, answer.after_take.text) == after


def test_no_attack_or_no_hand_no_line_after_taking():
    assert one_card_ui.one_card_answer(c("9♠"), parse_cards("9♥")).after_take is None
    assert one_card_ui.one_card_answer(c("A♥"), (), attack_total=3).after_take is None


def test_no_attack_no_take_line_and_plain_matching():
    answer = one_card_ui.one_card_answer(c("9♠"), parse_cards("3♦ 9♥ 7♣ J♠"))
    assert answer.attack == "" and answer.take == ""
    assert [item.legal for item in answer.cards] == [False, True, True, True]
    assert answer.cards[2].text == "Plays; name a suit for the next player."
    assert answer.cards[3].text == "Plays. Skip: the next player loses their turn."


def test_jack_with_two_players_lets_you_play_again():
    answer = one_card_ui.one_card_answer(c("9♠"), parse_cards("J♠ 4♥"), players=2)
    assert answer.cards[0].text == "Plays. " + one_card.card_effect("J♠", 2)


@pytest.mark.parametrize("named, summary", [
    (None, (ask.WAIT, "Choose the suit named with the 7 to check your cards.")),
    ("H", (ask.YES, "1 of 1 may be played: 8\u2665.")),
    ("S", (ask.NO, "Your card may not be played: draw a card.")),
])
def test_a_hand_under_a_7_whose_suit_was_not_given_waits_for_it(named, summary):
    answer = one_card_ui.one_card_answer(c("7\u2665"), parse_cards("8\u2665"), declared_suit=named)
    assert (answer.summary.kind, answer.summary.text) == summary


def test_declared_suit_is_followed():
    answer = one_card_ui.one_card_answer(c("7♣"), parse_cards("2♥ 9♥ 9♣"), declared_suit="H")
    assert [item.legal for item in answer.cards] == [True, True, False]


def test_a_lone_joker_is_never_legal_and_nothing_fits_says_draw():
    answer = one_card_ui.one_card_answer(c("9♠"), parse_cards("BJ"))
    assert answer.summary.kind == ask.NO
    assert answer.summary.text == "Your card may not be played: draw a card."
    pending = one_card_ui.one_card_answer(c("CJ"), parse_cards("A♠ 9♠"), attack_total=10)
    assert pending.summary.text == "None of your 2 cards may be played: take the attack."


def test_one_card_bad_state_is_an_error_not_a_crash():
    answer = one_card_ui.one_card_answer(c("9♠"), parse_cards("9♥"), attack_total=4)
    assert answer.summary.kind == ask.ERROR and "no attack card" in answer.summary.text
    assert one_card_ui.one_card_answer(None, ()).summary.kind == ask.WAIT
    assert one_card_ui.one_card_answer(c("9♠"), ()).summary.kind == ask.WAIT


# ---- Up to 9 ---------------------------------------------------------------------------

def test_level_four_meld_with_two_wilds_and_its_grouping():
    cards = parse_cards("7♠ 7♥ 7♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦")
    answer = up_to_nine_ui.meld_answer(4, cards)
    assert answer.summary.kind == ask.YES
    assert answer.wilds == ("Wilds used: 2 of 2 allowed "
                            "(max 1 per set, at least one set with no wild).")
    groups = {g.title: g.slots for g in answer.groups}
    assert set(groups) == {"set of 7s", "set of kings", "set of 5s"}
    assert all(stands is None for _, stands in groups["set of 7s"])
    assert (c("2♠"), Card(13)) in groups["set of kings"]
    assert (c("3♦"), Card(5)) in groups["set of 5s"]
    assert answer.chosen == frozenset(range(9))


def test_level_line_shows_contract_and_budget():
    assert up_to_nine_ui.level_line(5) == "Level 5: straight of 4 + set of 3 · max wild 1 + 1"


def test_illegal_meld_passes_the_core_reason():
    answer = up_to_nine_ui.meld_answer(1, parse_cards("♠Q ♠K ♠A ♠2"))
    assert answer.summary.kind == ask.NO
    assert answer.summary.text == "No. " + up_to_nine.check_meld(1, "♠Q ♠K ♠A ♠2").reason + "."
    assert answer.groups == ()


def test_find_meld_in_twelve_cards_marks_the_cards_to_lay_down():
    hand = parse_cards("9♠ 7♠ J♥ 7♥ Q♣ 7♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦")
    answer = up_to_nine_ui.find_answer(4, hand)
    assert answer.summary.kind == ask.YES
    assert answer.summary.text == "Found it: lay down these 9 cards."
    assert Counter(hand[i] for i in answer.chosen) == Counter(up_to_nine.find_meld(4, hand).cards)
    assert {hand[i] for i in set(range(12)) - answer.chosen} == set(parse_cards("9♠ J♥ Q♣"))


def test_find_marks_each_copy_once_with_two_decks():
    hand = parse_cards("♥4 ♥4 ♥5 ♥6 ♥7 9♣")
    answer = up_to_nine_ui.find_answer(1, hand)
    assert len(answer.chosen) == 4 and 5 not in answer.chosen


def test_find_meld_says_so_when_there_is_none():
    answer = up_to_nine_ui.find_answer(9, parse_cards("♥4 ♠9 ♣K"))
    assert answer.summary.kind == ask.NO
    assert answer.summary.text == "No straight of 9 within the budget in these 3 cards."


def test_up_to_nine_with_an_edited_level_table():
    table = up_to_nine.levels_to_json()
    table[0]["groups"][0]["size"] = 3
    levels = up_to_nine.levels_from_json(table)
    assert up_to_nine_ui.meld_answer(1, parse_cards("♥4 ♥5 ♥6"), levels).summary.kind == ask.YES
    assert up_to_nine_ui.meld_answer(1, parse_cards("♥4 ♥5 ♥6")).summary.kind == ask.NO


def test_lay_off_natural_and_wild():
    run = parse_cards("♣4 ♣5 ♣6 ♣7")
    down, line = up_to_nine_groups.lay_off_answer("straight", run, c("♣3"))
    assert down.kind == ask.YES
    assert down.text == "Yes: 3♣ goes on the clubs straight 4 to 7 at the low end."
    assert line.title == "clubs straight 4 to 7"
    wild, _ = up_to_nine_groups.lay_off_answer("straight", run, c("♥2"))
    assert wild.text == ("Yes: 2♥ goes on the clubs straight 4 to 7 as a wild for 8♣ at the high end, "
                         "or for 3♣ at the low end; it stays the card it is laid as.")
    king, _ = up_to_nine_groups.lay_off_answer("set", parse_cards("8♠ 8♥ 8♦"), c("♣K"))
    assert king.kind == ask.NO and "does not fit the set of 8s" in king.text


def test_lay_off_on_something_that_is_no_group():
    answer, line = up_to_nine_groups.lay_off_answer("set", parse_cards("K♣ K♦ A♦"), c("K♥"))
    assert answer.kind == ask.ERROR and line is None
    assert up_to_nine_groups.lay_off_answer("straight", (), None)[0].kind == ask.WAIT


def test_up_to_nine_rejects_jokers_with_the_core_message():
    answer = up_to_nine_ui.meld_answer(1, [Card(None, None, "black"), c("♥5"), c("♥6"), c("♥7")])
    assert answer.summary.kind == ask.ERROR


# ---- Up or Down? ----------------------------------------------------------------------

def test_ring_between_and_outside():
    ring = [4, 34, 52, 60, 88, 101]
    assert up_or_down_ui.ring_answer(ring, 37).text == "37 goes between 34 and 52: take 34 or 52 into your display."
    outside = up_or_down_ui.ring_answer(ring, 120)
    assert outside.kind == ask.YES
    assert outside.text == ("120 is outside the ring, so it goes between the lowest (4) and the "
                            "highest (101): take 4 or 101 into your display.")
    assert up_or_down_ui.ring_answer(ring, 34).kind == ask.ERROR
    assert up_or_down_ui.ring_answer(ring[:1], 37).kind == ask.WAIT


def test_a_ring_not_whole_answers_for_the_numbers_entered_and_says_so():
    """Five of the ring's six numbers: 60 lands outside them, which a sixth number above 50 could
    change, so the answer says it holds for the five entered."""
    assert up_or_down_ui.ring_answer([10, 20, 30, 40, 50], 60).text == (
        "60 is outside the ring, so it goes between the lowest (10) and the highest (50): take 10 or 50 into "
        "your display. (Only 5 of the ring's 6 numbers are entered: the answer holds for those.)")


def test_row_direction_and_verdicts():
    assert up_or_down_ui.row_answer([12, 20, 31], 40).text == "Yes: the row runs upward and 40 continues it."
    no = up_or_down_ui.row_answer([12, 20, 31], 25)
    assert no.kind == ask.NO and "runs upward" in no.text
    assert up_or_down_ui.row_answer([12], 5).text == "Yes: 5 is the row's second card and makes it run down."
    assert up_or_down_ui.row_answer([], 5).text == "Yes: 5 starts the row."
    assert up_or_down_ui.row_answer([30, 20, 25], 10).kind == ask.ERROR
    assert up_or_down_ui.row_answer([30, 20], None).kind == ask.WAIT


def test_read_numbers():
    assert up_or_down_ui.read_numbers(" 4 34, 52;60 ") == [4, 34, 52, 60]
    assert up_or_down_ui.read_numbers("") == []
    with pytest.raises(ValueError, match="'x'"):
        up_or_down_ui.read_numbers("4 x")


def test_attack_value_of_a_top_card():
    assert one_card_ui.attack_value(c("A♠")) == 5
    assert one_card_ui.attack_value(c("9♠")) == 0
    assert one_card_ui.attack_value(c("JK")) == 0
    answer = one_card_ui.one_card_answer(c("JK"), parse_cards("9♠"))
    assert answer.summary.kind == ask.ERROR and "BJ" in answer.summary.text


# ---- the checker knows the decks (setup.check_copies, up_or_down.check_in_play) ------

def test_one_card_three_copies_of_a_card_are_flagged_with_the_count():
    answer = one_card_ui.one_card_answer(c("9♠"), parse_cards("5♥ 5♥ 5♥"), players=3)
    assert answer.summary == ask.Answer(
        ask.ERROR, "No deck holds these cards. 5♥: 3 held, but the 1 deck for 3 players has only 1.")
    jokers = one_card_ui.one_card_answer(c("9♠"), parse_cards("BJ BJ BJ"), players=6)
    assert jokers.summary.text == (
        "No deck holds these cards. Black joker: 3 held, but the 2 decks for 6 players have only 2.")
    assert one_card_ui.one_card_answer(c("9♠"), parse_cards("5♥ 5♥"), players=6).summary.kind == ask.NO


@pytest.mark.parametrize("players", [2, 4, 6])
def test_one_up_two_jokers_are_flagged_with_no_player_count(players):
    """One Up's deck is the same for every player count (seed 000, "The cards"): the refusal
    names none, whatever count the checker was handed (the followed game's, say)."""
    answer = one_up_ui.one_up_answer(c("JK"), c("JK"), joker=True, players=players)
    assert answer == ask.Answer(ask.ERROR, "No deck holds these cards. Joker: 2 held, but One Up's deck has only 1.")


def test_up_to_nine_copies_follow_the_decks_for_the_player_count():
    four = up_to_nine_ui.meld_answer(1, parse_cards("5♥ 5♥ 5♥ 6♥"), players=4)
    assert four.summary.text == "No deck holds these cards. 5♥: 3 held, but the 2 decks for 4 players have only 2."
    assert up_to_nine_ui.meld_answer(1, parse_cards("5♥ 5♥ 5♥ 6♥"), players=5).summary.kind == ask.NO
    laid, line = up_to_nine_groups.lay_off_answer("set", parse_cards("8♠ 8♠"), c("8♠"), players=3)
    assert laid.kind == ask.ERROR and "8♠: 3 held" in laid.text and line is None


def test_up_or_down_numbers_out_of_play_or_twice():
    assert up_or_down_ui.numbers_answer(2, [4, 60]) == ask.Answer(
        ask.ERROR, "No deck holds these cards: there is no card 60 with 2 players: cards 1 to 54 are in play.")
    assert up_or_down_ui.numbers_answer(3, [4, 34, 4]).text == (
        "No deck holds these cards: card 4 is entered twice: the deck has each number once.")
    assert up_or_down_ui.numbers_answer(6, [4, 120]) is None


# ---- Up to 9: a hand waits for Find; a laid wild's reading -----------------------------

def test_a_twelve_card_hand_waits_for_find_instead_of_no():
    hand = parse_cards("9♠ 7♠ J♥ 7♥ Q♣ 7♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦")
    answer = up_to_nine_ui.meld_answer(4, hand)
    assert answer.summary == ask.Answer(
        ask.WAIT, "12 cards: level 4 lays down 9. Tap Find it in my hand, or take out 3 to check a lay-down.")
    assert up_to_nine_ui.MAX_HAND == up_to_nine.FIND_MELD_MOST_CARDS


def test_find_with_one_card_says_this_card():
    assert up_to_nine_ui.find_answer(9, parse_cards("♥4")).summary.text == (
        "No straight of 9 within the budget in this card.")


def test_lay_off_follows_what_the_laid_wild_stands_for():
    group = parse_cards("5♥ 6♥ 7♥ 2♠")
    default, line = up_to_nine_groups.lay_off_answer("straight", group, c("8♥"))
    assert default == ask.Answer(ask.NO, (
        "No: 8♥ does not continue the hearts straight 5 to 8: only 4♥ or 9♥ fit. It depends on the wilds: "
        "with 2♠ as 4♥ the answer is yes. Tap a wild in the group to say what it was laid as."))
    assert line.title == "hearts straight 5 to 8"
    as_four, line = up_to_nine_groups.lay_off_answer("straight", group, c("8♥"), {3: c("4♥")})
    assert as_four == ask.Answer(ask.YES, (
        "Yes: 8♥ goes on the hearts straight 4 to 7 at the high end. It depends on the wilds: "
        "with 2♠ as 8♥ the answer is no. Tap a wild in the group to say what it was laid as."))
    assert line.title == "hearts straight 4 to 7"
    bad, line = up_to_nine_groups.lay_off_answer("straight", group, c("8♥"), {3: c("9♥")})
    assert bad == ask.Answer(ask.ERROR, "this straight can not be read with 2♠ as 9♥.") and line is None


def test_a_wild_laid_off_on_a_set_reads_with_its_article():
    answer, _ = up_to_nine_groups.lay_off_answer("set", parse_cards("8♠ 8♥ 8♦"), c("2♥"))
    assert answer.text == "Yes: 2♥ goes on the set of 8s as a wild for an 8; it stays the card it is laid as."


def test_wilds_line_says_the_budget_once():
    answer = up_to_nine_ui.meld_answer(3, parse_cards("5♥ 6♥ 2♠ 8♥ 9♥"))
    assert answer.wilds == "Wilds used: 1 of 1 allowed."


def test_cards_print_one_way():
    for text in ("8♥", "10♠", "black joker", "colour joker"):
        card = c(text)
        assert ask.card_text(card) == str(card) == text


# ---- every answer ends as a sentence ends -------------------------------------------------

SENTENCES = {
    "en": ("An attack of 4 is pending but 9♠ is no attack card: say which attack card was played last.",
           "There is no card 200: cards are numbered 1 to 126.",
           "The row 5 9 7 does not keep one direction: it starts going up but 7 follows 9.",
           "No. Level 1 needs a straight of 4: exactly 4 cards, not 1.",
           "'8' is not a One Up card: One Up uses only A 2 3 4 5 6 K (the 7s to Queens stay in the box)."),
    "de": ("Ein Angriff über 4 ist offen, aber 9♠ ist keine Angriffskarte: sag, welche Angriffskarte zuletzt kam.",
           "Es gibt keine Karte 200: die Karten sind von 1 bis 126 nummeriert.",
           "Die Reihe 5 9 7 hält keine Richtung: sie beginnt aufwärts, aber 7 folgt auf 9.",
           "Nein. Stufe 1 verlangt Straße aus 4: genau 4 Karten, nicht 1.",
           "'8' ist keine One-Up-Karte: One Up spielt nur mit A 2 3 4 5 6 K "
           "(die Siebenen bis Damen bleiben in der Schachtel)."),
    "nb": ("Et angrep på 4 venter, men 9♠ er ikke et angrepskort: si hvilket angrepskort som ble lagt sist.",
           "Det finnes ikke noe kort 200: kortene er nummerert 1 til 126.",
           "Rekken 5 9 7 holder ikke én retning: den begynner oppover, men 7 kommer etter 9.",
           "Nei. Nivå 1 krever straight på 4: nøyaktig 4 kort, ikke 1.",
           "'8' er ikke et One Up-kort: One Up bruker bare A 2 3 4 5 6 K (sjuerne til damene blir liggende i esken)."),
}
"""Per language: a refusal of each game's checker whose reason, from the rules core, is a
clause with no full stop of its own, as the answer shows it: a sentence."""


@pytest.mark.parametrize("code", ["en", "de", "nb"])
def test_reasons_and_refusals_end_with_a_full_stop_in_every_language(code):
    with language(code):
        shown = (one_card_ui.one_card_answer(c("9♠"), parse_cards("9♥"), attack_total=4).summary.text,
                 up_or_down_ui.ring_answer([200, 3], 37).text,
                 up_or_down_ui.row_answer([5, 9, 7], 3).text,
                 up_to_nine_ui.meld_answer(1, parse_cards("K♠")).summary.text,
                 one_up_ui.one_up_answer(c("8"), c("K")).text)
    assert shown == SENTENCES[code]


def _answer_texts():
    """Texts of many checker answers: every game, legal, illegal, waiting and bad input."""
    for top, card in [("6", "K"), ("4", "6"), ("8", "K"), ("JK", "5"), ("3", "JK"), ("Q", "A")]:
        yield one_up_ui.one_up_answer(c(top), c(card)).text
        yield one_up_ui.one_up_answer(c(top), c(card), joker=True).text
    for top, total, hand in [("9♠", 0, "9♥ 3♦ BJ"), ("A♠", 5, "2♥ 3♣"), ("9♠", 4, "9♥"), ("A♠", 3, "9♥"),
                             ("CJ", 10, "A♠"), ("7♥", 0, "8♥")]:
        answer = one_card_ui.one_card_answer(c(top), parse_cards(hand), attack_total=total)
        yield from (answer.summary.text, *(item.text for item in answer.cards), answer.attack, answer.take)
    for level, hand in [(1, "K♠"), (1, "5♠ 6♥ 7♠ 8♠"), (3, "2♠ 2♥ 3♦ 3♣ 4♠"), (8, "7♠ 7♥ 7♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦")]:
        yield up_to_nine_ui.meld_answer(level, parse_cards(hand)).summary.text
        yield up_to_nine_ui.find_answer(level, parse_cards(hand)).summary.text
    for kind, group, card in [("straight", "4♣ 5♣ 6♣ 7♣", "8♦"), ("set", "K♣ 5♥", "K♦"), ("straight", "BJ", "8♣")]:
        yield up_to_nine_groups.lay_off_answer(kind, parse_cards(group), c(card))[0].text
    for ring, card in [([200, 3], 37), ([4, 4, 5], 9), ([4, 34], 4)]:
        yield up_or_down_ui.ring_answer(ring, card).text
    for row, card in [([5, 9, 7], 3), ([5, 9], 7), ([5], 5)]:
        yield up_or_down_ui.row_answer(row, card).text
    yield up_or_down_ui.numbers_answer(4, [130]).text


@pytest.mark.parametrize("code", ["en", "de", "nb"])
def test_every_checker_answer_starts_and_ends_as_a_sentence(code):
    with language(code):
        texts = [text for text in _answer_texts() if text]
    assert [text for text in texts if not (text[0].isupper() or not text[0].isalpha())
            or not text.rstrip(")»”\"'").endswith((".", "!", "?"))] == []
