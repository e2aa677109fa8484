"""Up to 9's first lesson: its steps, the words of its turn and tip, and a
round's penalty explained card by card, with the level each player plays next.

Rule: seed 003, "Setup", "A turn", "Scoring" (2 and 3 cost 20; the other
values are rulings.md's preset: A 15, 10-K 10, 4-9 5) and "End of a round"
(whoever laid down climbs one level).

>>> from companion.games.up_to_nine.pad import UpToNinePad
>>> pad = UpToNinePad(["Ann", "Ben"])
>>> _ = pad.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "hand": "K 5 2"}})
>>> explain(pad, 1, "Ben")
'Ben keeps K, 5 and 2: 10 + 5 + 20 = 35 penalty points; next round: level 1'
>>> explain(pad, 1, "Ann")
'Ann has no cards left: no penalty points; next round: level 2'
"""

from __future__ import annotations

from companion.cards import as_cards, show_cards
from companion.games.lesson_steps import DEAL, NEXT, PLAY, SCORE, TURN, Lesson, Step, kept_line
from companion.games.up_to_nine.levels import FINISHED
from companion.games.up_to_nine.scoring import PENALTY_POINTS
from companion.i18n import N_, _, ngettext
from companion.pads.base import Pad


def _score(pad: Pad, number: int, player: str) -> str:
    """``player``'s penalty points of round ``number`` in words, from the pad's own figures."""
    result = pad.rounds[number - 1]["results"][player]
    total = pad.rows[number - 1].penalty[player]
    if result.get("hand"):
        cards = as_cards(result["hand"])
        return kept_line(player, [show_cards([card]) for card in cards], [PENALTY_POINTS[card.rank] for card in cards],
                         total)
    if result.get("points") is not None:
        return ngettext("{name}: {points} penalty point, as typed", "{name}: {points} penalty points, as typed",
                        total).format(name=player, points=total)
    return _("{name} has no cards left: no penalty points").format(name=player)


def explain(pad: Pad, number: int, player: str) -> str:
    """The penalty of ``player`` in round ``number`` (from 1) of Up to 9's ``pad``,
    card by card ("Ben keeps K, 5 and 2: 10 + 5 + 20 = 35 penalty points"),
    and the level they play next (one up after a lay-down), as the pad scored them."""
    level = pad.rows[number - 1].level[player]
    if level >= FINISHED:
        return _("{score}; level 9 is laid down").format(score=_score(pad, number, player))
    return _("{score}; next round: level {level}").format(score=_score(pad, number, player), level=level)


LESSON = Lesson(
    game="up_to_nine",
    steps=(Step(DEAL, "setup"), Step(TURN, "turn"), Step(PLAY, "special"), Step(SCORE, "scoring"),
           Step(NEXT, "end")),
    turn=N_("On your turn: take the top card of the draw pile or of the discard pile. If your hand holds "
            "your level's whole contract, lay it down; once it is down, add cards to any group on the "
            "table. Then discard one card."),
    check=N_("The checker opens on your level: pick the cards you hope to lay down, and it says whether "
             "they make the contract and how many wilds they use."),
    enter=N_("When a hand is empty, tap Add round, mark who laid down and enter the cards each player "
             "still holds."),
    tip=N_("A 2 or 3 still in your hand costs 20 at the end: spend it as a wild in your contract "
           "rather than keep it."),
    explain=explain,
)
"""Up to 9's lesson."""
