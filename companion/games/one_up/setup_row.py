"""One Up: its setup row (the deck from its value circle, the deal, who starts).

Rule: seed 000, "Setup" and "The cards"; "Variants" (the wild joker goes
in).  The deck lines come from :data:`companion.games.one_up.rules.VALUE_CIRCLE`.

>>> from companion.games.setup_rows import plan
>>> guide = plan(SETUP, 4)
>>> guide.deck_size, guide.hand_size, guide.deck
(56, 6, ('A 2 3 4 5 6: 8 of each (48)', 'K: 8'))
>>> plan(SETUP, 4, {"joker": True, "limit": 30}).deck_size
57
"""

from __future__ import annotations

from companion.cards import RANK_LABELS
from companion.games.one_up.rules import TITLE, VALUE_CIRCLE
from companion.games.setup_rows import SHUFFLE_AND_DEAL, CardLine, Deal, GameSetup, Variant, rank_runs
from companion.i18n import N_

_LINES = tuple(CardLine(" ".join(run), len(run), 8) for run in rank_runs(VALUE_CIRCLE))
"""One Up's deck lines from its value circle: each value 8 times (2 decks x 4 suits)."""

SETUP = GameSetup(
    game="one_up",
    title=TITLE,
    source="seed 000, Setup and The cards",
    deals=(
        Deal(
            players=range(2, 7),
            decks=2,
            lines=_LINES,
            hand_size=6,
            take=N_(
                "From {decks} standard decks take these {deck_size} cards: "
                "{deck_lines}. The 7s to Queens and the jokers stay out."
            ),
        ),
    ),
    discard_start=N_("the top card of the draw pile, turned face up beside it"),
    first_player=N_(
        "the youngest player in the first round; after that, whoever "
        "ended the last round (went out, or dropped out last); play goes clockwise"
    ),
    steps=(
        SHUFFLE_AND_DEAL,
        N_("Put the other {rest} cards face down in the middle: the draw pile."),
        N_("Turn the top card of the draw pile face up beside it: it starts the discard pile."),
        N_("The youngest player starts the first round; play goes clockwise. "
           "Later rounds start with whoever ended the round before."),
    ),
    ranks=frozenset(rank for rank, label in RANK_LABELS.items() if label in VALUE_CIRCLE),
    variants=(
        Variant(
            option="joker",
            lines=(CardLine(N_("joker"), 1, 1),),
            take=N_(
                "From {decks} standard decks take these {deck_size} cards: "
                "{deck_lines}. The 7s to Queens stay out; one joker goes in "
                "for the wild joker variant."
            ),
            jokers=("plain",),
        ),
    ),
)
"""One Up's setup row."""
