"""One-card's first lesson: its steps, the words of its turn and tip, and a
round's result explained with the pad's tally of round wins.

Rule: seed 002, "Setup", "A turn", "Special cards" (attacks and the 3 that
blocks them) and "Winning"; rulings.md, One-card (round wins are counted
toward the match).

>>> from companion.games.one_card.pad import OneCardPad
>>> pad = OneCardPad(["Ann", "Ben"])
>>> _ = pad.add_round("Ben")
>>> explain(pad, 1, "Ben"), explain(pad, 1, "Ann")
('Ben played the last card first: +1, 1 round win in all', 'Ann: +0, 0 round wins in all')
"""

from __future__ import annotations

from companion.games.lesson_steps import DEAL, NEXT, PLAY, SCORE, TURN, Lesson, Step
from companion.i18n import N_, ngettext
from companion.pads.base import Pad


def explain(pad: Pad, number: int, player: str) -> str:
    """What round ``number`` (from 1) of One-card's ``pad`` gave ``player``: the
    round's winner +1, everyone else +0, and the round wins so far (the pad's
    own figures; seed 002, "Winning", and the match tally of rulings.md)."""
    row = pad.rows[number - 1]
    total = row.totals[player]
    if row.points[player]:
        return ngettext("{name} played the last card first: +1, {total} round win in all",
                        "{name} played the last card first: +1, {total} round wins in all", total).format(
            name=player, total=total)
    return ngettext("{name}: +0, {total} round win in all", "{name}: +0, {total} round wins in all",
                    total).format(name=player, total=total)


LESSON = Lesson(
    game="one_card",
    steps=(Step(DEAL, "setup"), Step(TURN, "turn"), Step(PLAY, "special"), Step(SCORE, "scoring"),
           Step(NEXT, "winning")),
    turn=N_("On your turn: put one card on the discard pile that matches the top card's suit or rank, "
            "or draw one card. A 2, an A or a joker makes the next player draw unless they answer "
            "with a stronger one or a 3."),
    check=N_("Pick the top card of the discard pile (and the attack waiting, if there is one), "
             "then a card from your hand."),
    enter=N_("When someone plays their last card, tap Add round and then the player who won."),
    tip=N_("Hold on to a 3 while you can: it is the only card that stops an attack aimed at you."),
    explain=explain,
)
"""One-card's lesson."""
