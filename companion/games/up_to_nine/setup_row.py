"""Up to 9: its setup row (decks by table size, the deal, who starts).

Rule: seed 003, "En runde, steg for steg" (Oppsett); rulings.md, Up to 9
(the deck counts, which the seed lost).

>>> from companion.games.setup_rows import plans_by_deck
>>> [(counts, p.deck_size) for counts, p in plans_by_deck(SETUP)]
[([2, 3, 4], 104), ([5, 6], 156)]
"""

from __future__ import annotations

from companion.games.setup_rows import (
    DEALERS_LEFT,
    LEFT_OF_DEALER,
    SHUFFLE_AND_DEAL,
    SHUFFLE_GROUPED,
    STANDARD_DECK,
    CardLine,
    Deal,
    GameSetup,
)
from companion.games.up_to_nine.scoring import HAND_SIZE
from companion.i18n import N_

TITLE = "Up to 9"
"""The game's name as the app shows it."""

SETUP = GameSetup(
    game="up_to_nine",
    title=TITLE,
    source="seed 003, En runde, steg for steg (Oppsett)",
    deals=(
        Deal(
            players=range(2, 5),
            decks=2,
            lines=(CardLine(STANDARD_DECK, 52, 2),),
            hand_size=HAND_SIZE,
            take=N_("Take {decks} standard decks without jokers: {deck_size} cards."),
            presets=("decks", "deck_size", "deck"),
            notes=(
                N_("{decks} decks ({deck_size} cards) for 2-4 players is the app's preset; "
                   "the seed's deck count was lost."),
            ),
        ),
        Deal(
            players=range(5, 7),
            decks=3,
            lines=(CardLine(STANDARD_DECK, 52, 3),),
            hand_size=HAND_SIZE,
            take=N_("Take {decks} standard decks without jokers: {deck_size} cards."),
            presets=("decks", "deck_size", "deck"),
            notes=(
                N_("{decks} decks ({deck_size} cards) for 5-6 players is the app's preset; "
                   "the seed's deck count was lost."),
            ),
        ),
    ),
    discard_start=N_("the top card of the draw pile, turned face up"),
    first_player=DEALERS_LEFT,
    shuffle=SHUFFLE_GROUPED,
    steps=(
        SHUFFLE_AND_DEAL,
        N_("Put the other {rest} cards face down in the middle: the draw pile."),
        N_("Turn the top card of the draw pile face up: it starts the discard pile."),
        LEFT_OF_DEALER,
        N_("Each player plays for their own level: everybody is on level 1 in "
           "the first round."),
    ),
)
"""Up to 9's setup row."""
