"""One Up's first lesson: its steps, the words of its turn and tip, and a
round's penalty explained value by value.

Rule: seed 000, "Setup", "A turn", "Scoring" (each value counted once, K 10,
A-6 their number) and rulings.md, One Up (the give-back).

>>> from companion.games.one_up.pad import OneUpPad
>>> pad = OneUpPad(["Ann", "Ben"])
>>> _ = pad.add_round({"Ann": [], "Ben": "6 K 6"}, went_out="Ann")
>>> explain(pad, 1, "Ben")
'Ben keeps 6 and K: 6 + 10 = 16 penalty points'
>>> explain(pad, 1, "Ann")
'Ann went out: no penalty points, 0 given back'
"""

from __future__ import annotations

from companion.cards import as_card, show_cards
from companion.games.lesson_steps import DEAL, NEXT, PLAY, SCORE, TURN, Lesson, Step, kept_line
from companion.games.one_up.rules import JOKER, PENALTY_POINTS, VALUE_CIRCLE, card_value
from companion.i18n import N_, _
from companion.pads.base import Pad

_ORDER = (*VALUE_CIRCLE, JOKER)


def _shown(value: str) -> str:
    """A One Up value in the current language's card letters ("K", "JK" for the joker)."""
    return show_cards([as_card("JK" if value == JOKER else value)])


def explain(pad: Pad, number: int, player: str) -> str:
    """The penalty of ``player`` in round ``number`` (from 1) of One Up's
    ``pad``, value by value: "Ben keeps 6 and K: 6 + 10 = 16 penalty points";
    for the player who went out, what they gave back (the pad's own change
    of their total). The sum is the pad's penalty of the round (seed 000,
    "Scoring": each value held counts once)."""
    entry = pad.rounds[number - 1]
    row = pad.rows[number - 1]
    joker = bool(pad.options.get("joker"))
    values = sorted({card_value(card, joker=joker) for card in entry["hands"][player]}, key=_ORDER.index)
    if not values:
        return _("{name} went out: no penalty points, {given} given back").format(
            name=player, given=-row.points[player])
    return kept_line(player, [_shown(value) for value in values], [PENALTY_POINTS[value] for value in values],
                     row.penalty[player])


LESSON = Lesson(
    game="one_up",
    steps=(Step(DEAL, "setup"), Step(TURN, "turn"), Step(PLAY, "special"), Step(SCORE, "scoring"),
           Step(NEXT, "tips")),
    starts=N_("The youngest player starts."),
    turn=N_("On your turn: play one card onto the discard pile (the value on top, or the next one "
            "along A 2 3 4 5 6 K, then A again), or draw one card, or drop out for the rest of the round."),
    check=N_("Pick the top card of the discard pile, then a card from your hand."),
    enter=N_("When someone goes out or the last player drops out, tap Add round and enter the cards "
             "each player still holds."),
    tip=N_("Two cards of one value cost no more than one; a K costs 10, so play it when a 6 or a K is on top."),
    explain=explain,
)
"""One Up's lesson."""
