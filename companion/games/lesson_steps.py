"""A game's first lesson as data: the steps a table is walked through while
it plays its first round with the real cards, and the words of each.

Each game package gives one :class:`Lesson` (``companion/games/<id>/lesson.py``,
``LESSON``); ``companion.table.lesson`` puts its steps together with the
table's own names, the setup guide's deal and the pad's scores.  Every step
names the section of the game's rules text it teaches (a key of
``companion.rulebook.SECTIONS``), so "Tell me more" opens that section.
Pure Python: no UI, no storage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.i18n import N_, ngettext
from companion.wording import join_words

if TYPE_CHECKING:
    from companion.pads.base import Pad

DEAL, TURN, PLAY, SCORE, NEXT = "deal", "turn", "play", "score", "next"
"""The kinds of step, in the order a first round meets them: the deal, who
starts and what a turn is, playing the round (with the checker at hand),
the round's scores explained, and a tip for the next round."""

TITLES: dict[str, str] = {
    DEAL: N_("Take out the cards and deal"),
    TURN: N_("Who starts, and what a turn is"),
    PLAY: N_("Play the round"),
    SCORE: N_("Score the round"),
    NEXT: N_("A tip for next time"),
}
"""The heading of each kind of step (English msgids)."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    Attributes:
        kind: what the step does (:data:`DEAL` ... :data:`NEXT`).
        section: the key of the rules section it teaches (``"setup"``).
    """

    kind: str
    section: str


@dataclass(frozen=True)
class Lesson:
    """A game's first lesson, given by its package as ``LESSON``.

    Attributes:
        game: the game id.
        steps: the steps in order.
        turn: what a turn is, in two or three short sentences (an English
            msgid, said after "Ben starts.").
        starts: who starts when the score pad can not name them (One Up's
            youngest player), an English msgid; "" where the pad always can.
        check: what to pick in the checker for "What may I play?" (an
            English msgid).
        enter: what to enter on the pad once the round is over (an English msgid).
        tip: one tip for the next round (an English msgid).
        explain: ``explain(pad, number, player)``: the score of ``player``
            in round ``number`` (from 1) of ``pad`` explained in one line in
            the current language, from the rules core's own figures
            ("Ben keeps 6 and K: 6 + 10 = 16 penalty points").
    """

    game: str
    steps: tuple[Step, ...]
    turn: str
    check: str
    enter: str
    tip: str
    explain: Callable[[Pad, int, str], str]
    starts: str = ""


def worked_sum(points: list[int], total: int) -> str:
    """A sum as the lesson works it out: ``"6 + 10 = 16"``, or the total alone for one figure."""
    return " + ".join(map(str, points)) + f" = {total}" if len(points) > 1 else str(total)


def kept_line(name: str, kept: list[str], points: list[int], total: int) -> str:
    """One player's penalty for the cards left in hand, in the current language:
    ``"Ben keeps 6 and K: 6 + 10 = 16 penalty points"``.

    Takes the player's name, what was kept as shown (values or cards, in
    the language's letters), each one's penalty points and the round's
    penalty as the pad scored it (``total``)."""
    return ngettext("{name} keeps {values}: {sum} penalty point", "{name} keeps {values}: {sum} penalty points",
                    total).format(name=name, values=join_words(kept), sum=worked_sum(points, total))
