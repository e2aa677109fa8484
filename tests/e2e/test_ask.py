"""Ask the app in the browser: move checker, setup guide, rules.

Expected answers follow the seeds and the project's rulings: Up to 9 level 4
is three sets of 3 with at most 2 wilds, one per set (seed 003,
"Nivåtabellen"); a wild on the table keeps what it was laid as (seed 003,
"Merk"); under a pending A♠ only a joker answers and any 3 shields (seed
002, "The Attack Ladder"); One Up is dealt from 56 cards, 6 each, 57 with
the wild joker (seed 000, "Setup" and "Variants"); a deck holds each card
once per standard deck in it (decks by player count, the rulings).

No test here saves a game: from the bottom tab Check follows the newest game
in progress when the session showed no pad, so the tests share one server
with no game in it (conftest.py). Check and the guide following a game are
in test_ask_follow.py.
"""

from __future__ import annotations

import re

from harness import PHONE
from steps import LEVEL_FOUR, TWELVE, check_game, read, type_cards

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): none saves a game, so Check follows none."""

NAV_BAR = 80
"""Height of the bottom navigation bar: an answer above it is on screen."""


def chosen_cards(app, test_id: str) -> list[str]:
    """The cards marked chosen inside ``test_id``, by name (a card's label is its
    name then ", chosen": "king of clubs, chosen")."""
    name = r"(?:\d+|ace|jack|queen|king) of (?:spades|hearts|diamonds|clubs)|(?:black |colour )?joker"
    return sorted(set(re.findall(rf"({name}), chosen", read(app, test_id))))


def answer_on_screen(app, test_id: str, expected: str) -> None:
    """Wait until the answer ``test_id`` reads ``expected``, then check that it
    lies inside the phone's screen above the navigation bar, unscrolled."""
    assert app.wait_text(test_id, expected) == expected
    app.settle()
    box = app.page.get_by_test_id(test_id).bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] - NAV_BAR, box


def lay_off_slot(app) -> None:
    """Tap the "Card to lay off" slot once the screen is at rest (typing
    scrolls the field into view), and wait until it takes the cards."""
    app.settle()
    app.tap("Card to lay off", exact=False)
    app.page.get_by_role("button", name=re.compile(r"Card to lay off.*cards go here", re.S)).first.wait_for()
    app.settle()


def test_up_to_nine_level_four_meld_with_two_wilds_shows_the_grouping(app):
    app.tab("Check")
    check_game(app, "Up to 9")
    app.tap("4", within="levels")
    app.see("Level 4: 3 sets of 3")
    type_cards(app, "Or type cards", LEVEL_FOUR, submit=True)
    app.see("Yes: level 4, 3 sets of 3.")
    assert read(app, "wilds").strip().startswith("Wilds used: 2 of 2 allowed")
    grouping = read(app, "grouping")
    assert "set of 7s (no wild)" in grouping
    assert "set of kings (2♠ as K)" in grouping
    assert "set of 5s (3♦ as 5)" in grouping


def test_find_a_meld_in_a_twelve_card_hand(app):
    app.open("/check/up_to_nine")
    app.tap("4", within="levels")
    type_cards(app, "Or type cards", TWELVE, submit=True)
    app.see("Your cards (12 of at most 12)")
    app.tap("Find it in my hand")
    app.see("Found it: lay down these 9 cards.")
    assert chosen_cards(app, "cards") == sorted(["7 of spades", "7 of hearts", "7 of diamonds", "king of clubs",
                                                 "king of diamonds", "2 of spades", "5 of hearts", "5 of clubs",
                                                 "3 of diamonds"])
    assert "set of kings (2♠ as K)" in read(app, "grouping")


def test_one_card_hand_under_a_pending_ace_of_spades(app):
    app.tab("Check")
    check_game(app, "One-card")
    type_cards(app, "Or type cards", "AS", submit=True)
    app.see("An attack is pending")
    type_cards(app, "Or type cards", "BJ CJ 3h 3c AH 2S 7D KS 5S", submit=True)
    app.see("4 of 9 may be played: black joker, colour joker, 3♥, 3♣.")
    assert chosen_cards(app, "hand") == sorted(["black joker", "colour joker", "3 of hearts", "3 of clubs"])
    app.tap("Take the attack")
    assert "You draw 5 cards." in read(app, "take")


def test_one_card_refuses_a_typed_plain_joker_and_keeps_the_hand_as_it_was(app):
    app.tab("Check")
    check_game(app, "One-card")
    type_cards(app, "Or type cards", "7h", submit=True)
    app.see("Top card: 7 of hearts")
    type_cards(app, "Or type cards", "8h JK", submit=True)
    app.see("One-card has two jokers with different attack values: write BJ for the black joker or CJ for the "
            "colour joker")
    assert app.page.get_by_test_id("hand").count() == 0
    type_cards(app, "Or type cards", "8h", submit=True)
    app.see("Choose the suit named with the 7 to check your cards.")
    assert "8 of hearts" in read(app, "hand")


def test_setup_guide_for_one_up_with_four_players(app):
    app.tap("How do I deal?")
    app.tap("One Up")
    app.tap("4", within="players")
    assert app.wait_text("deck-size", "56 cards in play") == "56 cards in play"
    assert app.wait_text("hand-size", "6 cards each") == "6 cards each"
    app.see("A 2 3 4 5 6: 8 of each (48)")
    app.tap("Pick a first player")
    assert re.fullmatch(r"Seat [1-4] starts\.", app.text_of("first"))


def test_rules_search_for_joker_finds_three_games(app):
    app.tab("Rules")
    type_cards(app, "Search all rules", "joker", submit=False)
    app.see("sections in 3 games")
    hits = read(app, "hits")
    for game in ("One Up ·", "One-card ·", "Up to 9 ·"):
        assert game in hits
    app.page.get_by_text("One-card · Special cards").click()
    section = read(app, "section-special")
    assert "colour joker" in section
    assert "|" not in section, "the attack table is drawn as a table, not as text"


def test_setup_guide_words_per_game(app):
    app.tap("How do I deal?")
    app.tap("Up or Down?")
    app.see("In the middle: 6 face-up cards in a ring")
    assert app.page.get_by_text("Discard pile:").count() == 0
    assert app.page.get_by_text("runs and sets").count() == 0
    app.tap("Up to 9")
    app.see("Discard pile: the top card of the draw pile, turned face up.")
    app.see("cards come back from the last round in runs and sets")
    app.tap("One-card")
    app.see("Shuffle well before every deal: riffle about seven times")
    assert app.page.get_by_text("rulings").count() == 0


# ---- the checker --------------------------------------------------------------------

def test_lay_off_onto_a_laid_wild_follows_what_it_was_laid_as(app):
    app.open("/check/up_to_nine")
    app.tap("Lay off")
    app.see("Group on the table")
    assert app.page.get_by_text("Your level").count() == 0
    type_cards(app, "Or type cards", "5H 6H 7H 2S")
    lay_off_slot(app)
    type_cards(app, "Or type cards", "8H")
    answer_on_screen(app, "answer", (
        "No: 8♥ does not continue the hearts straight 5 to 8: only 4♥ or 9♥ fit. It depends on the wilds: "
        "with 2♠ as 4♥ the answer is yes. Tap a wild in the group to say what it was laid as."))
    app.tap("2 of spades = 8♥", within="group", exact=False)
    answer_on_screen(app, "answer", (
        "Yes: 8♥ goes on the hearts straight 4 to 7 at the high end. It depends on the wilds: "
        "with 2♠ as 8♥ the answer is no. Tap a wild in the group to say what it was laid as."))
    app.see("Read as: hearts straight 4 to 7")
    app.tap("Clear")
    answer_on_screen(app, "answer", "Add the cards of the group on the table.")
    type_cards(app, "Or type cards", "4C 5C 6C 7C")
    lay_off_slot(app)
    type_cards(app, "Or type cards", "2H")
    answer_on_screen(app, "answer", (
        "Yes: 2♥ goes on the clubs straight 4 to 7 as a wild for 8♣ at the high end, "
        "or for 3♣ at the low end; it stays the card it is laid as."))


def test_every_checker_knows_the_decks(app):
    app.open("/check/one_card")
    app.tap("3", within="check-players")
    type_cards(app, "Or type cards", "9S")
    # The hand is typed once 9S is the top card, as a player does once the card shows.
    answer_on_screen(app, "answer", "Add the cards in your hand.")
    type_cards(app, "Or type cards", "5H 5H 5H")
    answer_on_screen(app, "answer", (
        "No deck holds these cards. "
        "5♥: 3 held, but the 1 deck for 3 players has only 1."))
    check_game(app, "Up to 9")
    app.tap("4", within="check-players")
    type_cards(app, "Or type cards", "5H 5H 5H 6H")
    answer_on_screen(app, "answer", (
        "No deck holds these cards. "
        "5♥: 3 held, but the 2 decks for 4 players have only 2."))
    check_game(app, "One Up")
    app.page.get_by_role("switch", name="Wild joker variant").click()
    app.tap("JK")
    # The first joker is the top card once the answer speaks of it; a second tap before that
    # repaint met the tile being replaced, and was lost.
    app.see("On the joker you may play a King or an Ace.")
    app.tap("JK")
    answer_on_screen(app, "answer", (
        "No deck holds these cards. "
        "Joker: 2 held, but One Up's deck has only 1."))
    check_game(app, "Up or Down?")
    app.tap("2", within="check-players")
    type_cards(app, "Or type numbers", "4 60")
    answer_on_screen(app, "ring-answer", (
        "No deck holds these cards: there is no card 60 with 2 players: cards 1 to 54 are in play."))


def test_a_twelve_card_hand_waits_for_find_and_answers_stay_on_screen(app):
    app.open("/check/up_to_nine")
    app.tap("4", within="levels")
    type_cards(app, "Or type cards", TWELVE)
    answer_on_screen(app, "answer", "12 cards: level 4 lays down 9. Tap Find it in my hand, or take out 3 "
                                    "to check a lay-down.")
    app.tap("Find it in my hand")
    answer_on_screen(app, "answer", "Found it: lay down these 9 cards.")
    assert app.text_of("wilds") == "Wilds used: 2 of 2 allowed (max 1 per set, at least one set with no wild)."


def test_one_card_seven_with_no_suit_named_has_one_suit_row(app):
    app.open("/check/one_card")
    type_cards(app, "Or type cards", "7S")
    app.see("Suit named with the 7: none")
    assert app.page.get_by_label("spades", exact=True).count() == 1
    type_cards(app, "Or type cards", "9H 7D 4S")
    answer_on_screen(app, "answer", "1 of 3 may be played: 7♦.")
    app.tap("Suit named with the 7", exact=False)
    app.tap("♥ hearts")
    app.see("Suit named with the 7: ♥ hearts")
    answer_on_screen(app, "answer", "2 of 3 may be played: 9♥, 7♦.")
    app.tap("Clear the hand")
    app.see("Your hand: empty")
    type_cards(app, "Or type cards", "BJ")
    answer_on_screen(app, "answer", "Your card may not be played: draw a card.")


def test_a_wild_laid_off_on_a_set_is_worded_with_its_article(app):
    app.open("/check/up_to_nine")
    app.tap("Lay off")
    app.tap("Set")
    type_cards(app, "Or type cards", "8S 8H 8D")
    app.wait_text("answer", "Pick the card to lay off on the set of 8s.")
    lay_off_slot(app)
    type_cards(app, "Or type cards", "2H")
    answer_on_screen(app, "answer", (
        "Yes: 2♥ goes on the set of 8s as a wild for an 8; "
        "it stays the card it is laid as."))


EMPTY_PILES = (" Then play a card from the hand you held before drawing; both piles are empty, "
               "so if none fits, there is no card to draw and your turn passes.")
"""How a take answer ends when taking the attack empties both piles."""


def test_taking_an_attack_with_few_cards_left_forgives_the_rest(app):
    app.open("/check/one_card")
    type_cards(app, "Or type cards", "BJ")
    app.see("An attack is pending")
    type_cards(app, "Or type cards", "9D 5S")
    app.tap("Take the attack")
    answer_on_screen(app, "take", (
        "You draw 7 cards. Then play a card from the hand you held before drawing, or draw one more card."))
    app.page.get_by_role("switch", name="Fewer cards left to draw").click()
    answer_on_screen(app, "take", "You draw no cards; all 7 are forgiven." + EMPTY_PILES)
    for left in range(1, 5):
        app.tap("Cards left plus")
        app.see(f"You draw {left} card")
    answer_on_screen(app, "take", "You draw 4 cards; the other 3 of the 7 are forgiven." + EMPTY_PILES)
