"""What every game's checker answer is made of: the ``Answer`` line and how
it writes cards.

Plain Python (no Flet).  Each game's answers live in its UI module
(``companion.ui.games.<id>``): each reads the player's input, asks the rules
core (``companion.games.*``) and words its verdict for the screen; nothing
there decides a rule.  Bad input (an unreadable card, a card the game does
not use) becomes an ``Answer`` of kind ``"error"`` carrying the core's
message, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards import SUIT_SYMBOLS, Card

YES = "yes"
NO = "no"
WAIT = "wait"
ERROR = "error"


@dataclass(frozen=True)
class Answer:
    """One line of the checker.

    Attributes:
        kind: ``"yes"`` (legal, shown green), ``"no"`` (illegal, red),
            ``"wait"`` (more input needed, neutral) or ``"error"`` (the input
            can not be read; the text says what to fix).
        text: the line, in plain words.
    """

    kind: str
    text: str

    @property
    def legal(self) -> bool | None:
        """True for yes, False for no, None while waiting or on bad input."""
        return {YES: True, NO: False}.get(self.kind)


def card_text(card: Card) -> str:
    """A card as the checker writes it: ``"5♥"``, ``"K"`` (no suit), ``"black joker"``."""
    if card.is_joker:
        return card.name
    return f"{card.label}{SUIT_SYMBOLS.get(card.suit, '')}"


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the checker lists them, comma-separated: ``"black joker, 3♥"``."""
    return ", ".join(card_text(card) for card in cards)
