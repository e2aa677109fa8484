"""The first lesson at the table ("Learn to play"): which step the table is
on, what that step says with the table's own names, and moving it on.

The step is part of the game: the pad's ``lesson`` (``{"step": n}``), saved
in the game's document through the store's one save path
(:func:`companion.table.saving.change_game`), so any phone moves it on, a
phone that joins or reloads sees the step the table is on, and the live
repaint carries it to every phone and the board. Leaving the lesson drops
the field and keeps the game; the rounds played meanwhile are ordinary
rounds. A step is no change of the scores: it writes no change record, so
Undo never takes one back.

The steps and their words are each game's (``companion/games/<id>/lesson.py``,
its spec's ``lesson``); the deal is the setup guide's
(``companion.setup.plan``), the scores the pad's. Plain Python, no Flet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion import registry, setup
from companion.games.lesson_steps import DEAL, NEXT, PLAY, SCORE, TITLES, TURN, Lesson
from companion.i18n import _
from companion.pads import Pad, PadError
from companion.pads.base import now_iso
from companion.table.saving import Outcome, change_game

LESSON_ROUND = 1
"""The round a lesson teaches: it starts with a new game, so its first round."""


@dataclass(frozen=True)
class StepCard:
    """The step the table is on, in the current language.

    Attributes:
        step: its index (from 0); ``number`` is ``step + 1``.
        count: how many steps the lesson has.
        kind: the kind of step (``companion.games.lesson_steps.DEAL`` ...).
        title: its heading ("Take out the cards and deal").
        lines: what it says, line by line, with the table's names.
        game: the game id.
        section: the key of the rules section the step teaches (a key of
            ``companion.rulebook.SECTIONS``; "Tell me more" opens it).
    """

    step: int
    count: int
    kind: str
    title: str
    lines: tuple[str, ...]
    game: str
    section: str

    @property
    def number(self) -> int:
        """The step's number as shown (from 1)."""
        return self.step + 1

    @property
    def last(self) -> bool:
        """True on the lesson's last step (its Next finishes the lesson)."""
        return self.step == self.count - 1

    @property
    def checks(self) -> bool:
        """True on the step where "What may I play?" is offered (playing the round)."""
        return self.kind == PLAY


def lesson_of(game: str) -> Lesson | None:
    """The lesson of game id ``game`` (its spec's ``lesson``), None for a game without one."""
    return registry.game(game).lesson


def begin(pad: Pad) -> None:
    """Put a new game's ``pad`` on its lesson's first step (before it is first saved).

    Raises:
        PadError: the game has no lesson.
    """
    if lesson_of(pad.GAME) is None:
        raise PadError(_("{game} has no lesson yet").format(game=registry.game(pad.GAME).title))
    pad.lesson = {"step": 0}


def _starter(pad: Pad, lesson: Lesson) -> str:
    """Who starts the lesson's round, in a sentence: the pad's name for them, else the lesson's words."""
    starter = pad.rows[0].starter if pad.rows else pad.next_starter
    if starter is None:
        return _(lesson.starts)
    return _("{name} starts.").format(name=starter)


def _lines(pad: Pad, lesson: Lesson, kind: str) -> tuple[str, ...]:
    """What a step of ``kind`` says for ``pad``, line by line."""
    if kind == DEAL:
        plan = setup.plan(pad.GAME, len(pad.players), pad.options)
        return (
            plan.steps[0].partition(" ")[2],
            _("{dealer} deals {hand_size} cards to each player.").format(
                dealer=pad.dealer(LESSON_ROUND), hand_size=plan.hand_size),
            f"{plan.start_label}: {plan.discard_start}",
        )
    if kind == TURN:
        return (" ".join(filter(None, [_starter(pad, lesson), _(lesson.turn)])),)
    if kind == PLAY:
        return (_("Play the round with the real cards. Not sure a card may go? Tap What may I play?"),
                _(lesson.check))
    if kind == SCORE:
        if len(pad.rows) < LESSON_ROUND:
            return (_(lesson.enter),)
        return tuple(lesson.explain(pad, LESSON_ROUND, player) for player in pad.players)
    if pad.is_over or pad.finished:
        return (_(lesson.tip), _("The game is over: the pad shows who won."))
    return (_(lesson.tip), _("Then play on: the pad keeps every round, this one included."))


def step_card(pad: Pad) -> StepCard | None:
    """The step ``pad``'s table is on, in the current language; None outside a lesson
    (or for a step its game's lesson does not have: a document from another version)."""
    lesson = lesson_of(pad.GAME)
    if pad.lesson is None or lesson is None or pad.lesson["step"] >= len(lesson.steps):
        return None
    index = pad.lesson["step"]
    step = lesson.steps[index]
    return StepCard(index, len(lesson.steps), step.kind, _(TITLES[step.kind]), _lines(pad, lesson, step.kind),
                    pad.GAME, step.section)


def _moved(pad: Pad, at: int, to: int | None) -> None:
    """Move ``pad``'s lesson from step ``at`` to ``to`` (None, or a step its lesson has not:
    leave it); a move to a step does nothing when another phone moved the lesson from ``at``
    already, a leave leaves from any step, and a lesson left already is left (a second tap
    on "Leave the lesson" or "Finish the lesson"). Raises PadError for a move to a step of
    a lesson left meanwhile."""
    lesson = lesson_of(pad.GAME)
    inside = to is not None and lesson is not None and 0 <= to < len(lesson.steps)
    if pad.lesson is None:
        if not inside:
            return
        raise PadError(_("The lesson was left on another phone; the game goes on as usual."))
    if inside and pad.lesson["step"] != at:
        return
    pad.lesson = {"step": to} if inside else None
    pad.updated = now_iso()


def move(store: Any, game_id: str, at: int, to: int, by: str | None) -> Outcome:
    """Move the lesson of saved game ``game_id`` from step ``at`` to step ``to``
    (Next: ``at + 1``, Back: ``at - 1``; past the last step the lesson ends and
    the game goes on). Two phones tapping Next together move it one step: the
    later tap finds it moved from ``at`` and leaves it. Returns the save's
    ``Outcome`` (refused, never raising, as ``change_game``)."""
    return change_game(store, game_id, lambda pad: _moved(pad, at, to), by)


def leave(store: Any, game_id: str, at: int, by: str | None) -> Outcome:
    """Leave the lesson of saved game ``game_id`` at step ``at``: the game and its
    rounds stay, as an ordinary game. Returns the save's ``Outcome``."""
    return change_game(store, game_id, lambda pad: _moved(pad, at, None), by)
