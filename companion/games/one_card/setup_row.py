"""One-card: its setup row (decks by table size, the deal, the start of the discard pile).

Rule: seed 002, "Setup"; rulings.md, One-card (a second deck for 6
players, who starts).  The buried start cards come from
:data:`companion.games.one_card.deck.BURIED_AT_START`.

>>> from companion.games.setup_rows import check_copies
>>> check_copies(SETUP, 3, "5♥ 5♥ 9♠").reason
'5♥: 2 held, but the 1 deck for 3 players has only 1.'
"""

from __future__ import annotations

from typing import Any

from companion.games.one_card.deck import start_ranks
from companion.games.setup_rows import STANDARD_DECK, SHUFFLE_AND_DEAL, CardLine, Deal, GameSetup
from companion.i18n import N_
from companion.wording import join_words

TITLE = "One-card"
"""The game's name as the app shows it."""


def _deck(decks: int) -> tuple[CardLine, ...]:
    """One-card's deck lines: ``decks`` standard decks, each with both jokers (seed 002, Setup)."""
    return (
        CardLine(STANDARD_DECK, 52, decks),
        CardLine(N_("black joker"), 1, decks),
        CardLine(N_("colour joker"), 1, decks),
    )


def _start_words() -> dict[str, Any]:
    """``{buried}`` and ``{leading}`` of the row's texts: the ranks buried at the start
    and those that may lead, in the current language (seed 002, Setup)."""
    buried, leading = start_ranks()
    return {"buried": ", ".join(buried), "leading": join_words(leading, "or")}


SETUP = GameSetup(
    game="one_card",
    title=TITLE,
    source="seed 002, Setup",
    deals=(
        Deal(
            players=range(2, 3),
            decks=1,
            lines=_deck(1),
            hand_size=7,
            take=N_("Take one standard deck with both jokers: {deck_size} cards."),
        ),
        Deal(
            players=range(3, 6),
            decks=1,
            lines=_deck(1),
            hand_size=5,
            take=N_("Take one standard deck with both jokers: {deck_size} cards."),
        ),
        Deal(
            players=range(6, 7),
            decks=2,
            lines=_deck(2),
            hand_size=5,
            take=N_("Take {decks} standard decks, each with both jokers: {deck_size} cards."),
            presets=("decks", "deck_size", "deck"),
            notes=(
                N_("A second deck for 6 players is the app's preset; the seed "
                   "names one 54-card deck."),
            ),
        ),
    ),
    discard_start=N_(
        "the top card of the draw pile, turned face up; a {buried} "
        "or joker is buried in the draw pile and the next card turned, until "
        "a plain {leading} leads"
    ),
    first_player=N_("the player on the dealer's left; play goes clockwise until a Q reverses it"),
    steps=(
        SHUFFLE_AND_DEAL,
        N_("Put the other {rest} cards face down in the middle: the draw pile."),
        N_("Turn the top card face up. If it is a {buried} or a joker, "
           "push it into the middle of the draw pile and turn the next one. Stop "
           "at the first {leading}: it starts the discard pile."),
        N_("The player on the dealer's left starts; play goes clockwise until a Q reverses it."),
    ),
    presets=("first_player",),
    notes=(
        N_("Who starts is the app's preset: the seed does not say, so the "
           "player on the dealer's left starts, as in most shedding games."),
    ),
    jokers=("black", "colour"),
    extra=_start_words,
)
"""One-card's setup row."""
