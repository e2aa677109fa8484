"""Ask the app in the browser: move checker, setup guide, rules (issue 5).

Expected answers follow the seeds and rulings.md: Up to 9 level 4 is three
sets of 3 with at most 2 wilds, one per set (seed 003, "Nivåtabellen");
under a pending A♠ only a joker answers and any 3 shields (seed 002, "The
Attack Ladder"); One Up is dealt from 56 cards, 6 each (seed 000, "Setup").
"""

from __future__ import annotations

import re

LEVEL_FOUR = "7s 7h 7d KC KD 2s 5h 5c 3d"
"""Three sets of 3 with two wilds: 7 7 7, K K + 2, 5 5 + 3 (the seed's example)."""

TWELVE = "9s 7s JH 7h QC 7d KC KD 2S 5H 5C 3D"
"""The same contract hidden in a 12-card hand with three cards that do not belong."""


def type_cards(app, label: str, text: str, *, submit: bool = True) -> None:
    """Type ``text`` into the field ``label`` (``AppPage.type_into``), Enter after unless ``submit`` is False."""
    app.type_into(label, text, submit=submit)


def read(app, test_id: str) -> str:
    """Everything the node ``test_id`` says: its own and its children's labels, then its text.

    Flutter merges the texts of a Semantics container into its label, and a
    card's label ("7♠, chosen") sits on its own node.
    """
    node = app.page.get_by_test_id(test_id)
    node.wait_for(state="attached", timeout=10_000)
    return node.evaluate(
        "e => [e, ...e.querySelectorAll('*')].map(x => x.getAttribute('aria-label') || '')"
        ".join('\\n') + '\\n' + e.innerText"
    )


def chosen_cards(app, test_id: str) -> list[str]:
    """The cards marked chosen inside ``test_id`` (a card's label ends in ", chosen")."""
    return sorted(set(re.findall(r"(\S+), chosen", read(app, test_id))))


def test_up_to_nine_level_four_meld_with_two_wilds_shows_the_grouping(app):
    app.tab("Check")
    app.tap("Up to 9")
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
    assert chosen_cards(app, "cards") == sorted(["7♠", "7♥", "7♦", "K♣", "K♦", "2♠", "5♥", "5♣", "3♦"])
    assert "set of kings (2♠ as K)" in read(app, "grouping")


def test_one_card_hand_under_a_pending_ace_of_spades(app):
    app.tab("Check")
    app.tap("One-card")
    type_cards(app, "Or type cards", "AS", submit=True)
    app.see("An attack is pending")
    type_cards(app, "Or type cards", "BJ CJ 3h 3c AH 2S 7D KS 5S", submit=True)
    app.see("4 of 9 may be played: black joker, colour joker, 3♥, 3♣.")
    assert chosen_cards(app, "hand") == sorted(["BJ", "CJ", "3♥", "3♣"])
    app.tap("Take the attack")
    assert "Take the attack: draw 5 cards." in read(app, "take")


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
