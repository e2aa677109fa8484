"""Up or Down?: its setup row (the numbered cards for the player count, the ring, the two piles).

Rule: seed 004, "Vorwort"; rulings.md, Up or Down? (cards in play by
player count, who starts).  The numbered cards come from
:data:`companion.games.up_or_down.rules.CARDS_IN_PLAY`.

>>> from companion.games.setup_rows import plan
>>> plan(SETUP, 2).deck_size, plan(SETUP, 2).steps[0]
(54, '1. Take the cards numbered 1 to 54 (54 cards); 55 to 126 stay in the box.')
"""

from __future__ import annotations

from typing import Any

from companion.games.setup_rows import DEALERS_LEFT, LEFT_OF_DEALER, SHUFFLE_AND_DEAL, CardLine, Deal, GameSetup
from companion.games.up_or_down.rules import CARDS_IN_PLAY, HAND_SIZE, HIGHEST_CARD, RING_SIZE, TITLE, cards_in_play
from companion.i18n import N_


def _deals() -> tuple[Deal, ...]:
    """One deal per player count, from the card range table of Up or Down?."""
    deals = []
    for players, highest in CARDS_IN_PLAY.items():
        if highest == HIGHEST_CARD:
            take = N_("Use all {deck_size} numbered cards.")
        else:
            take = N_(
                "Take the cards numbered 1 to {deck_size} ({deck_size} cards); "
                "{next_number} to {last_number} stay in the box."
            )
        deals.append(Deal(
            players=range(players, players + 1),
            decks=1,
            lines=(CardLine(N_("numbers 1 to {kinds}"), highest, 1),),
            hand_size=HAND_SIZE,
            take=take,
            numbers=cards_in_play(players),
            presets=("deck_size", "deck"),
            notes=(
                N_("Cards 1 to {deck_size} for {players} players is the app's preset, "
                   "the published game's table; the seed only says to fit the deck "
                   "to the player count."),
            ),
        ))
    return tuple(deals)


def _last_number() -> dict[str, Any]:
    """``{last_number}`` of the row's texts: the highest card of the box (seed 004)."""
    return {"last_number": HIGHEST_CARD}


SETUP = GameSetup(
    game="up_or_down",
    title=TITLE,
    source="seed 004, Vorwort",
    deals=_deals(),
    discard_start=N_(
        "{laid_out} face-up cards in a ring, from low to high; the rest split into "
        "a face-up pile and a face-down pile inside the ring"
    ),
    first_player=DEALERS_LEFT,
    start_label=N_("In the middle"),
    laid_out=RING_SIZE,
    steps=(
        SHUFFLE_AND_DEAL,
        N_("Turn up {laid_out} cards and lay them in a ring, from the lowest to the highest."),
        N_("Split the other {rest} cards into two piles of {pile_a} and {pile_b}. "
           "Put both inside the ring: one face up, the other face down."),
        LEFT_OF_DEALER,
    ),
    presets=("first_player",),
    notes=(
        N_("Who starts is the app's preset: the seed does not say, so the "
           "player on the dealer's left starts."),
    ),
    ranks=frozenset(),
    extra=_last_number,
)
"""Up or Down?'s setup row."""
