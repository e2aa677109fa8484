"""Up or Down?'s first lesson: its steps, the words of its turn and tip, and
each player's score explained row by row.

Rule: seed 004, "Setup", "A turn" and "Scoring" (a row scores its cards
times the cards of its commonest colour; each card on the personal discard
pile 1 point); the game is a single round.

>>> from companion.games.up_or_down.pad import UpOrDownPad
>>> pad = UpOrDownPad(["Ann", "Ben"])
>>> _ = pad.add_round({"Ann": {"rows": [[5, 4], ["red", "blue"]], "discarded": 3},
...                    "Ben": {"rows": [[8, 2]]}})
>>> explain(pad, 1, "Ann")
'Ann: rows of 5 × 4 and 2 × 1, 3 on the discard pile: 20 + 2 + 3 = 25 points'
>>> explain(pad, 1, "Ben")
'Ben: rows of 8 × 2, 0 on the discard pile: 16 points'
"""

from __future__ import annotations

from collections import Counter

from companion.games.lesson_steps import DEAL, NEXT, PLAY, SCORE, TURN, Lesson, Step, worked_sum
from companion.games.up_or_down.rules import DISCARD_POINTS
from companion.games.up_or_down.scoring import row_summary_score
from companion.i18n import N_, _, ngettext
from companion.pads.base import Pad
from companion.wording import join_words


def _counts(row: list) -> tuple[int, int]:
    """A stored row's cards and the cards of its commonest colour (a row of colour names, or its counts)."""
    if row and all(isinstance(item, int) for item in row):
        return row[0], row[1]
    return len(row), max(Counter(row).values(), default=0)


def explain(pad: Pad, number: int, player: str) -> str:
    """The score of ``player`` in round ``number`` (from 1) of Up or Down?'s ``pad``:
    each row's cards times its commonest colour, and the discard pile's cards,
    adding up to the pad's own score of the round."""
    stored = pad.rounds[number - 1]["scores"][player]
    rows = [_counts(row) for row in stored["rows"]]
    points = [row_summary_score(cards, commonest) for cards, commonest in rows]
    discarded = stored["discarded"]
    if discarded:
        points.append(discarded * DISCARD_POINTS)
    total = pad.rows[number - 1].points[player]
    if not rows:
        return ngettext("{name}: no rows, {discarded} on the discard pile: {sum} point",
                        "{name}: no rows, {discarded} on the discard pile: {sum} points", total).format(
            name=player, discarded=discarded, sum=worked_sum(points, total))
    shown = join_words([f"{cards} × {commonest}" for cards, commonest in rows])
    return ngettext("{name}: rows of {rows}, {discarded} on the discard pile: {sum} point",
                    "{name}: rows of {rows}, {discarded} on the discard pile: {sum} points", total).format(
        name=player, rows=shown, discarded=discarded, sum=worked_sum(points, total))


LESSON = Lesson(
    game="up_or_down",
    steps=(Step(DEAL, "setup"), Step(TURN, "turn"), Step(PLAY, "turn"), Step(SCORE, "scoring"),
           Step(NEXT, "winning")),
    turn=N_("On your turn: put a card from your hand in the ring, between the numbers just below and just "
            "above it; take one of its two new neighbours into one of your rows; then draw a card from "
            "either pile."),
    check=N_("Type the ring's numbers and the card you want to place: the checker says where it goes, "
             "and whether a card fits one of your rows."),
    enter=N_("Once the last card is in play, tap Count the scores and enter each player's rows and the "
             "cards on their discard pile."),
    tip=N_("Next game, keep each row to few colours: a row's length counts as many times as its "
           "commonest colour."),
    explain=explain,
)
"""Up or Down?'s lesson."""
