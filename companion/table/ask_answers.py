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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion import setup
from companion.cards import Card, CardError
from companion.i18n import _
from companion.wording import sentence

CHECK_PLAYERS = 4
"""The player count the checker assumes when no saved game gives one (it
fixes the decks in play and One-card's two-player cards)."""

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
        text: the line, in plain words, kept as whole sentences
            (``companion.wording.sentence``): a reason of the rules core
            written as a clause (``"there is no card 200: ..."``) starts upper
            case and ends with a full stop like every other answer.
    """

    kind: str
    text: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", sentence(self.text))

    @property
    def legal(self) -> bool | None:
        """True for yes, False for no, None while waiting or on bad input."""
        return {YES: True, NO: False}.get(self.kind)


def card_text(card: Card) -> str:
    """A card as the checker writes it, the one notation of ``str(card)``:
    ``"5♥"``, ``"K"`` (no suit), ``"black joker"``."""
    return str(card)


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the checker lists them, comma-separated: ``"black joker, 3♥"``."""
    return ", ".join(card_text(card) for card in cards)


def deck_answer(game: str, players: int, cards: Sequence[Card],
                options: Mapping[str, Any] | None = None) -> Answer | None:
    """An error answer when the game's deck can not hold ``cards`` all at once.

    Args:
        game: a standard-deck game id (One Up, One-card, Up to 9).
        players: the player count, which fixes how many decks are used.
        cards: every card the checker was given (a hand and the table).
        options: the game's options (One Up's ``joker`` puts one joker in).

    Returns:
        ``None`` when the deck holds them all, else an ``"error"`` answer
        naming the card, how many are entered and how many the deck has
        (``setup.check_copies``; the player count only where the deck
        changes with it), the reason written as a sentence of its own.

    Rule: the Setup sections of seeds 000, 002 and 003; the project's
    rulings (decks by player count).
    """
    try:
        verdict = setup.check_copies(game, players, list(cards), options)
    except (CardError, ValueError) as error:
        return Answer(ERROR, str(error))
    if verdict:
        return None
    return Answer(ERROR, _("No deck holds these cards. {reason}").format(reason=sentence(verdict.reason)))
