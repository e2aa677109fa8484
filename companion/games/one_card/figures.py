"""One-card: the figures its rules text uses, taken from the rules core."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.cards import Card
from companion.games.one_card.deck import ATTACK_VALUES, MATCH_WINS, OneCardError, start_ranks
from companion.wording import count_text, join_words, markdown_table, player_counts_text, whole_number


def _attack_card_name(card: Card) -> str:
    """An ``ATTACK_VALUES`` key in words: ``"any 2"`` for a rank key, else the card."""
    return f"any {card.label}" if card.suit is None and not card.is_joker else str(card)


def rule_figures(options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The figures One-card's rules text uses, by placeholder name.

    Args:
        options: the game's options (house rule ``target``: round wins that
            take the match); ``None`` for the preset.

    Returns:
        ``one_card_decks``, ``one_card_deal``, ``one_card_buried``,
        ``one_card_leading``, ``one_card_starter``, ``one_card_attacks`` (a
        Markdown table) and ``one_card_target``, as text.

    Raises:
        OneCardError: for a ``target`` that is not a whole number from 1.

    Rule: seed 002, "Setup" and "The Attack Ladder"; rulings.md, One-card.

    >>> figures = rule_figures()
    >>> figures["one_card_buried"], figures["one_card_leading"], figures["one_card_target"]
    ('2, 3, 7, A, J, Q, K', '4, 5, 6, 8, 9 or 10', '5')
    """
    # The setup table reads this module's constants when it loads, so it is
    # imported when the figures are asked for, not when this module loads.
    from companion import setup

    target = whole_number((options or {}).get("target", MATCH_WINS), "One-card's round wins for a match",
                          least=1, error=OneCardError)
    decks = [
        f"{player_counts_text(counts)}: {count_text(p.decks, 'deck')}, {p.deck_size} cards"
        for counts, p in setup.plans_by_deck("one_card")
    ]
    by_size: dict[int, list[int]] = {}
    for deal in setup.GAMES["one_card"].deals:
        by_size.setdefault(deal.hand_size, []).extend(deal.players)
    deals = []
    for size, counts in by_size.items():
        low, high = min(counts), max(counts)
        deals.append(f"{size} each with {low} players" if low == high else f"{size} each with {low} or more players")
    by_value: dict[int, list[str]] = {}
    for card, value in ATTACK_VALUES.items():
        by_value.setdefault(value, []).append(_attack_card_name(card))
    buried, leading = start_ranks()
    return {
        "one_card_decks": "Decks by table size: " + "; ".join(decks) + ".",
        "one_card_deal": f"Deal {', and '.join(deals)}.",
        "one_card_buried": ", ".join(buried),
        "one_card_leading": join_words(leading, "or"),
        "one_card_starter": f"First to play: {setup.GAMES['one_card'].first_player}.",
        "one_card_attacks": markdown_table(
            ["Attack card", "Next player draws"],
            [(" ".join(names), value) for value, names in sorted(by_value.items())],
        ),
        "one_card_target": str(target),
    }
