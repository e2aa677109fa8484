"""Up to 9: the contract game where every 2 and 3 is a wild and itself.

Source: seed ``003_5f63daae766756c0.txt`` (Up to 9, Norwegian) and
rulings.md, "Up to 9" (the level table and the penalty points the seed lost).

Terms (glossary.md):

level
    One of the 9 stages; each has a contract and a wild budget (``LEVELS``).
contract
    The groups a level asks for, laid down all at once ("straight of 4",
    "2 sets of 3").
straight
    Consecutive positions of one suit.  Positions run A(1) 2 3 .. K(13) A(14):
    an ace is low or high, one straight may have an ace at both ends
    (A 2 .. K A), it never wraps (Q K A 2 is no straight) and holds each
    position once.
set
    Cards of one rank, any suits.
wild
    A 2 or 3 standing for another card: another rank, or (in a straight)
    another suit.  A 2 or 3 standing for itself is a natural card and costs
    nothing: ``2♥ 3♥ 4♥ 5♥`` uses no wild, a set of 2s is all natural.
    Every other card is only ever itself.
natural
    A card standing for itself.  Every group needs at least one natural card:
    it fixes the straight's suit or the set's rank (the seed's "cards minus
    max wild is the least number of real cards"; with the preset budgets this
    always holds, with a house-rule table it is what makes a group mean
    something).
lay off (donate)
    Add one card to a group already on the table, at an end of a straight or
    to a set; a wild laid off is locked to the card it stands for.
penalty points
    What the cards left in a hand cost when a round ends (``PENALTY_GROUPS``).

The package by role (the public API is re-exported here):

- ``levels``: the level table (``LEVELS``, ``Level``, ``GroupSpec``).
- ``readings``: reading cards for a meld; what each card stands for.
- ``search``: the cheapest reading of a contract inside a hand.
- ``explain``: why cards are not a contract, in words.
- ``melds``: ``check_meld``, ``check_group``, ``find_meld``.
- ``lay_off``: laying off a card on a group on the table.
- ``scoring``: penalty points, ``Standing``, ``RoundResult``, winners.
- ``figures``: the figures the rules text uses.
- ``setup_row``: decks and deal; ``options``: the level table, checked once.
- ``pad``: the score pad; ``upgrades``: older saved rounds, and the
  statistics' personal record.

:data:`SPEC` is what the registry lists; the screens are
``companion/ui/games/up_to_nine*.py``.
"""

from __future__ import annotations

from pathlib import Path

from companion.games.up_to_nine.explain import wilds_used_text
from companion.games.up_to_nine.figures import rule_figures
from companion.games.up_to_nine.lesson import LESSON
from companion.games.up_to_nine.lay_off import (
    LaidReading,
    LayOffError,
    LayOffVerdict,
    check_lay_off,
    laid_readings,
    lay_off,
    lay_off_by_reading,
    read_laid,
    wild_choices,
)
from companion.games.up_to_nine.levels import (
    FINISHED,
    HIGH_ACE,
    KINDS,
    LEVEL_COUNT,
    LEVELS,
    LOW_ACE,
    SET,
    STRAIGHT,
    WILD_RANKS,
    GroupSpec,
    Level,
    LevelError,
    check_levels,
    get_level,
    levels_from_json,
    levels_to_json,
    position_rank,
)
from companion.games.spec import GameSpec
from companion.games.up_to_nine.options import OPTIONS
from companion.games.up_to_nine.pad import UpToNinePad, highest_level_laid
from companion.games.up_to_nine.setup_row import SETUP, TITLE
from companion.games.up_to_nine.melds import FIND_MELD_MOST_CARDS, check_group, check_meld, find_meld
from companion.games.up_to_nine.readings import MeldCard, MeldGroup, MeldVerdict, meld_card
from companion.games.up_to_nine.scoring import (
    HAND_SIZE,
    MAX_HAND_PENALTY,
    PENALTY_GROUPS,
    PENALTY_POINTS,
    PENALTY_STEP,
    RoundResult,
    Standing,
    UpToNineScoreError,
    hand_penalty,
    penalty_groups,
    score_round,
    went_out,
    winners,
)

SPEC = GameSpec(
    id="up_to_nine",
    icon="STAIRS",
    pad=UpToNinePad,
    setup=SETUP,
    figures=rule_figures,
    rules_file=Path(__file__).with_name("rules.md"),
    options=OPTIONS,
    record=("highest_level", highest_level_laid),
    lesson=LESSON,
)
"""Up to 9 for the registry."""

__all__ = [
    "FIND_MELD_MOST_CARDS", "FINISHED", "HAND_SIZE", "HIGH_ACE", "KINDS", "LEVELS", "LEVEL_COUNT", "LOW_ACE",
    "MAX_HAND_PENALTY", "PENALTY_GROUPS", "PENALTY_POINTS", "PENALTY_STEP", "SET",
    "OPTIONS", "SETUP", "SPEC", "STRAIGHT", "TITLE", "UpToNinePad", "WILD_RANKS", "GroupSpec", "LaidReading", "LayOffError", "LayOffVerdict",
    "Level", "LevelError", "MeldCard", "MeldGroup", "MeldVerdict", "RoundResult",
    "Standing", "UpToNineScoreError", "check_group", "check_lay_off", "check_levels",
    "check_meld", "find_meld", "get_level", "hand_penalty", "laid_readings", "lay_off", "lay_off_by_reading",
    "levels_from_json", "levels_to_json", "meld_card", "penalty_groups", "position_rank", "read_laid",
    "rule_figures", "score_round", "went_out", "wild_choices", "wilds_used_text", "winners",
]
