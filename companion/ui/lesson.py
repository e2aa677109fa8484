"""The first lesson on the screen ("Learn to play"): the step card on the
score pad and its line on the board.

Thin over ``companion.table.lesson``, which says what each step says and
saves the step the table is on with the game: a tap on Next, "Step back" or
"Leave the lesson" saves it there and repaints every phone and the board
showing the game (``announce_saved``). "Tell me more" opens the step's
section of the rules; "What may I play?" opens the checker on this game
(its house rules, and the phone's player where the game has levels).
Test ids: ``lesson`` (the card), ``lesson-line-<n>`` (its lines),
``board-lesson`` (the board's line).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial

import flet as ft

from companion.i18n import _
from companion.pads import Pad
from companion.table import lesson
from companion.table.lesson import StepCard
from companion.table.saving import Outcome
from companion.ui.state import announce_saved, navigate, use_session, use_store
from companion.ui.widgets import TOUCH, labelled


def step_heading(card: StepCard) -> str:
    """ "Learn to play, step 2 of 5: Who starts, and what a turn is"."""
    return _("Learn to play, step {number} of {count}: {title}").format(
        number=card.number, count=card.count, title=card.title)


@ft.component
def LessonCard(game_id: str, card: StepCard) -> ft.Control:
    """The step ``card`` of saved game ``game_id``'s lesson, with "Step back", Next
    (on the last step: "Finish the lesson"), "Tell me more", "What may I
    play?" while the round is played, and "Leave the lesson"."""
    store = use_store()
    session = use_session()
    page = ft.context.page

    async def save(work: Callable[[], Outcome]) -> None:
        outcome = await asyncio.to_thread(work)
        if outcome.saved:
            announce_saved(session, game_id, outcome.pad)
        else:
            session.tell(outcome.message)

    def tap(work: Callable[..., Outcome], *args) -> None:
        page.run_task(save, partial(work, store, game_id, *args, session.phone or None))

    at = card.step
    more = ft.TextButton(_("Tell me more"), icon=ft.Icons.MENU_BOOK_OUTLINED, height=TOUCH,
                         on_click=lambda: navigate(f"/rules?game={card.game}&section={card.section}&game_id={game_id}"))
    check = ft.FilledTonalButton(_("What may I play?"), icon=ft.Icons.RULE, height=TOUCH,
                                 on_click=lambda: navigate(f"/check/{card.game}?game_id={game_id}"))
    buttons = ft.Row(
        [
            ft.OutlinedButton(_("Step back"), height=TOUCH, disabled=at == 0,
                              on_click=lambda: tap(lesson.move, at, at - 1)),
            ft.FilledButton(_("Finish the lesson") if card.last else _("Next"), height=TOUCH, expand=True,
                            on_click=lambda: tap(lesson.move, at, at + 1)),
        ],
    )
    return labelled("lesson", ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=12,
        padding=12,
        content=ft.Column(
            [
                ft.Text(step_heading(card), weight=ft.FontWeight.W_600, size=16,
                        color=ft.Colors.ON_SECONDARY_CONTAINER),
                *[labelled(f"lesson-line-{n}", ft.Text(line, color=ft.Colors.ON_SECONDARY_CONTAINER))
                  for n, line in enumerate(card.lines, start=1)],
                *([check] if card.checks else []),
                ft.Row([more, ft.TextButton(_("Leave the lesson"), height=TOUCH,
                                            on_click=lambda: tap(lesson.leave, at))], wrap=True, spacing=0),
                buttons,
            ],
            spacing=6,
        ),
    ))


def lesson_card(pad: Pad) -> ft.Control | None:
    """The step card of ``pad``'s lesson (:class:`LessonCard`), None outside a lesson."""
    card = lesson.step_card(pad)
    return None if card is None else LessonCard(pad.id, card)


def board_lesson(pad: Pad | None, size: int) -> list[ft.Control]:
    """The board's line of the lesson the table is on ("Learn to play, step 2
    of 5: ...") in type of ``size``, as a list of one; an empty list outside
    a lesson, so that an ordinary game's board carries no control for it."""
    card = None if pad is None else lesson.step_card(pad)
    if card is None:
        return []
    return [labelled("board-lesson", ft.Text(step_heading(card), size=size, color=ft.Colors.PRIMARY,
                                            weight=ft.FontWeight.W_600))]
