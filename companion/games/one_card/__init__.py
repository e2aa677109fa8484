"""One-card: the rules of the Korean shedding game with the attack ladder.

Source: seed ``002_7ca371b2d702903f.txt`` (One-card) and rulings.md,
"One-card" (the attack values, whose table the seed lost).

Terms:

top
    The top card of the discard pile.
attack
    A 2, an ace or a joker: the next player must answer it, shield it or
    draw the running total.
running total (``attack_total``)
    Cards the pending attack makes the next player draw; 0 when no attack
    is pending.
last attack (``last_attack``)
    The attack card played last; an answer must have an attack value at
    least as high as this card's (not the running total's).
shield
    A 3 of any suit played on a pending attack: the attack is cancelled.
declared suit
    The suit named by the player of a 7; the next card must be of that suit,
    another 7 or a joker.

The package by role (the public API is re-exported here): ``deck`` (the
cards, their attack values and effects, the start of the pile, the match),
``pile`` (the discard pile and the plays on it), ``setup_row`` (decks and
deal), ``options`` (the round wins of a match, checked once), ``figures``
(the figures the rules text uses), ``pad`` (the match pad).  :data:`SPEC`
is what the registry lists; its screens are ``companion/ui/games/one_card.py``.

Every card must have a suit (``"9♠"``, ``"9s"``, ``"S9"``); the jokers are
``BJ`` (black) and ``CJ`` (colour).  A suit is kept as its letter
(``"S" "H" "D" "C"``); ``♠ ♥ ♦ ♣`` and lower case are read too.
"""

from __future__ import annotations

from pathlib import Path

from companion.games.one_card.deck import (
    ATTACK_VALUES,
    BLACK_JOKER,
    BURIED_AT_START,
    COLOUR_JOKER,
    EFFECTS,
    MATCH_WINS,
    ONE_OF_A_KIND,
    SHIELD_RANK,
    TWO_PLAYER_EFFECTS,
    WILD_RANK,
    OneCardError,
    attack_value,
    buried_at_start,
    card_effect,
    match_winners,
    normalise_suit,
    read_card,
    start_ranks,
)
from companion.games.one_card.figures import rule_figures
from companion.games.one_card.lesson import LESSON
from companion.games.one_card.options import OPTIONS
from companion.games.one_card.pad import OneCardPad
from companion.games.one_card.pile import OneCardState, check_play, piles_emptied, play, take_attack
from companion.games.one_card.setup_row import SETUP, TITLE
from companion.games.spec import GameSpec
from companion.verdict import IllegalMove, Verdict

SPEC = GameSpec(
    id="one_card",
    icon="STYLE",
    pad=OneCardPad,
    setup=SETUP,
    figures=rule_figures,
    rules_file=Path(__file__).with_name("rules.md"),
    options=OPTIONS,
    lesson=LESSON,
)
"""One-card for the registry."""

__all__ = [
    "ATTACK_VALUES",
    "BLACK_JOKER",
    "BURIED_AT_START",
    "COLOUR_JOKER",
    "EFFECTS",
    "MATCH_WINS",
    "ONE_OF_A_KIND",
    "SHIELD_RANK",
    "TWO_PLAYER_EFFECTS",
    "WILD_RANK",
    "OPTIONS",
    "SETUP",
    "SPEC",
    "TITLE",
    "OneCardPad",
    "IllegalMove",
    "OneCardError",
    "OneCardState",
    "Verdict",
    "attack_value",
    "buried_at_start",
    "card_effect",
    "check_play",
    "match_winners",
    "normalise_suit",
    "piles_emptied",
    "play",
    "read_card",
    "rule_figures",
    "start_ranks",
    "take_attack",
]
