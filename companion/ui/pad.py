"""The score pad screen (/pad/:game_id): the table, the entry sheets, the
change log, whose phone this is, the end.

The screen shows the game through ``use_game``: the pad every session
shares, replayed once per change, and a change saved on another phone
repaints this one (the game's pubsub topic; sessions on other games are not
told). What a tap does (save, undo, a conflict's question and its answers,
a hand sent, whose phone) is decided by this phone's
``companion.table.pad_session.PadSession``, in plain Python: this module
draws its screen (the parts in ``companion.ui.pad_parts``), forwards the
taps to it (:class:`Taps`) and shows what it tells. The rules are the
pad's, the layout is this module's. A phone that has entered a round keeps
the next new round's sheet built out of sight (:class:`ReadySheet`), so
"Add round" and "Save round" show and hide it rather than build it and
take it down.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion import registry
from companion.i18n import _, current_language
from companion.pads import Pad
from companion.table import kept_sheets
from companion.table.pad_screen import Told
from companion.table.pad_session import NEW_ROUND, PadSession
from companion.ui.board import BoardInvite
from companion.ui.deleted import DeletedGame
from companion.ui.games import game_ui
from companion.ui.hands_view import HandsBox
from companion.ui.invite import InviteView
from companion.ui.lesson import lesson_card
from companion.ui.pad_parts import (
    ChangesView,
    Facts,
    MenuFacts,
    PadBar,
    conflict_card,
    cover,
    end_banner,
    notice_line,
    pad_layout,
    phone_view,
    pinned,
    problem_screen,
    scrolling,
    sheet_notice,
)
from companion.ui.round_detail import RoundDetail
from companion.ui.score_table import deal_text
from companion.ui.state import (
    SessionState,
    announce_hands,
    announce_saved,
    name_phone,
    navigate,
    own_paint_sent,
    use_game,
    use_keep_awake,
    use_session,
    use_store,
)
from companion.ui.widgets import TOUCH, error_line

SLOW_SAVE = 0.5
"""Seconds a save of this phone takes before the message bar says it is saving (a slow or
busy disk, the store's lock held by other work): meanwhile the taps that would save again or
leave the sheet (Save, Cancel, Delete round, an answer) are not taken (``PadSession.start``)."""


class Taps:
    """The pad's handlers, the same objects for the whole life of the pad
    (so the memoised parts are skipped while their words stay): each
    forwards a tap to ``pads`` (the phone's :class:`PadSession`) and shows
    what it tells in ``session`` (a ``SessionState``), a save's work in a
    task of ``page`` (off the event loop)."""

    def __init__(self, pads: PadSession, session: SessionState, page: Any) -> None:
        self.pads, self.session, self.page = pads, session, page
        self.waiting: Callable[[], object] | None = None
        self.on_undo = lambda expected: self.later(pads.undo, pads.offered(expected))
        self.on_go = lambda view: self.on_table(partial(self.now, pads.go, view))
        self.on_end = lambda: self.later(pads.end)
        self.on_finish = lambda: self.later(pads.finish)
        self.on_row = lambda number: self.on_table(partial(self.now, pads.open_sheet, number))
        self.on_detail = lambda number: self.on_table(partial(self.now, pads.show_detail, number))
        self.on_add = lambda: self.on_table(partial(self.now, pads.open_sheet, NEW_ROUND))
        self.on_close = lambda: self.now(pads.close_sheet)
        self.on_fold = lambda unfolded: self.now(pads.fold, unfolded)
        self.on_hand = lambda: self.on_table(partial(self.now, pads.my_hand))
        self.on_typed = lambda entry: pads.typed(entry)
        self.on_save_hands = lambda: self.later(pads.save_hands)
        self.on_clear_hands = lambda: self.later(pads.clear_stale_hands)

    def on_table(self, tap: Callable[[], object]) -> None:
        """A tap on the table (or on a view over it) that puts a screen over
        it (a sheet, a round's detail, a view, "My hand"), ``tap()``: run
        now, or, while a save of this phone runs (the table may show then
        what it saves: ``Screen.pending``), once that save is done and the
        game as saved drawn, so a player who taps "Add round" as their round
        shows loses no tap. The first such tap is kept; it is dropped when
        the save's sheet shows again (its question or refusal comes first),
        when the game is finished or gone then, or when the pad is not drawn
        again (the phone left it). A tap that saves is not kept: while a
        save runs it is not taken (``PadSession.start``), which is what
        makes a double tap save once."""
        if not self.pads.saving:
            tap()
        elif self.waiting is None:
            self.waiting = tap

    def show(self, told: Told) -> str | None:
        """Show what a tap told (``Told``); returns its refusal for the sheet."""
        session, game_id = self.session, self.pads.game_id
        if told.left:
            session.dismissed(session.message_id)
        if told.phone:
            self.page.run_task(name_phone, session, told.phone)
        if told.announce:
            announce_saved(session, game_id, told.pad)
        if told.hands:
            announce_hands(session, game_id)
        if told.message:
            expected = told.undo
            undo = None if expected is None else lambda: self.later(self.pads.undo, expected)
            session.tell(told.message, undo=undo)
        return told.refused

    def now(self, tap, *args) -> str | None:
        """Run the tap ``tap(*args)`` (a ``PadSession`` method) and show what it tells."""
        return self.show(tap(*args))

    def later(self, tap, *args) -> None:
        """Run the tap ``tap(*args)`` (a ``PadSession`` coroutine that saves) in a task and show
        what it tells; not taken while a save of this phone runs (``PadSession.start``)."""
        work = self.pads.start(tap, *args)
        if work is not None:
            self.page.run_task(self._save, work)

    def in_task(self, tap, *args) -> None:
        """Run ``tap(*args)`` (a ``PadSession`` coroutine that saves nothing) in a task and show what it tells."""
        self.page.run_task(self._run, tap(*args))

    async def _run(self, work) -> None:
        self.show(await work)

    async def _save(self, work) -> None:
        """Await the save ``work`` and show what it tells; one slower than :data:`SLOW_SAVE` says
        "Saving..." in the message bar from then until it is done. The save's own repaint and
        what it tells are drawn together, as without the timer."""
        told_at: list[int] = []

        def say_saving() -> None:
            self.session.tell(_("Saving..."), stays=True)
            told_at.append(self.session.message_id)

        slow = asyncio.get_running_loop().call_later(SLOW_SAVE, say_saving)
        try:
            told = await work
        finally:
            slow.cancel()
            waiting, self.waiting = self.waiting, None
        for message_id in told_at:
            self.session.dismissed(message_id)
        self.show(told)
        if waiting is not None and self.pads.state.sheet is None:
            drawings = self.pads.drawings
            await own_paint_sent()
            pad = self.pads.pad
            if self.pads.drawings > drawings and pad is not None and not pad.finished:
                waiting()

    def submit(self, entry: dict) -> None:
        """A sheet's "Save": saved in a task; a refusal is shown over the sheet."""
        self.later(self.pads.submit, entry)


@ft.component
def PadScreen() -> ft.Control:
    """The score pad of one game (route /pad/:game_id), as saved now: a
    :func:`GamePad` keyed on the game, so going from one game's address
    straight to another's starts afresh (no sheet or view of the first
    game stays open)."""
    game_id = ft.use_route_params().get("game_id", "")
    return GamePad(game_id, key=game_id)


def hand_sheet(pads: PadSession, taps: Taps) -> ft.Control:
    """The open "My hand" sheet of ``pads.state.mine``."""
    pad, mine = pads.pad, pads.state.mine
    return pinned(
        notice_line(pads.hand_mark.notice),
        sheet=game_ui(pad.GAME).Entry(
            pad, None, lambda entry: taps.now(pads.send_hand, entry), lambda: taps.now(pads.show_hand, None), None,
            only=mine, start=pads.hand_start(mine),
            key=f"{pad.id}-hand-{mine}-{pads.hand_mark.restarts}",
        ),
    )


def sheet_notes(pads: PadSession, taps: Taps) -> tuple[ft.Control | None, ...]:
    """What shows over the open round sheet: that it was brought back not
    saved yet, whose hands it took in meanwhile, the question another phone's
    change puts (else what changed meanwhile), why its save was refused; None
    for each that is not."""
    pad, state = pads.pad, pads.state
    question = state.question
    restored = " ".join(filter(None, [_(kept_sheets.NOT_SAVED), state.restored]))
    return (
        None if state.restored is None else notice_line(restored, "not-saved"),
        notice_line(state.arrived, "hands-came-in"),
        conflict_card(pad, question.conflict, lambda: taps.later(pads.answer, True),
                      lambda: taps.later(pads.answer, False), lambda: taps.later(pads.answer, True, True))
        if question is not None else notice_line(sheet_notice(pad, state.sheet)),
        error_line(state.refusal),
    )


def round_sheet(pads: PadSession, taps: Taps) -> ft.Control:
    """The open round sheet, under :func:`sheet_notes`."""
    pad = pads.pad
    shown, number = pads.sheet_round()
    return pinned(
        *sheet_notes(pads, taps),
        sheet=game_ui(pad.GAME).Entry(
            shown, number, taps.submit, taps.on_close, lambda: taps.later(pads.delete_round),
            on_change=taps.on_typed, key=f"{pad.id}-sheet-{pads.sheets_opened}",
            **({"start": pads.sheet_start} if pads.sheet_start is not None else {}),
        ),
    )


READY_AFTER = 0.3
"""Seconds after this phone's new-round sheet closed before the next one is
built out of sight (:class:`ReadySheet`): the phones have painted what the
save changed by then, and a hand has not reached "Add round" again yet."""


@dataclass
class ReadySheet:
    """This phone's sheet for a new round, kept built between rounds once
    the phone has opened one: "Add round" then only shows it and a save
    only hides it, where a sheet built at each tap had every one of its
    controls made, sent, drawn and taken down again at every round. A phone
    that never opens a new round's sheet holds none.

    Attributes:
        pad: the game it was built on. A sheet reads its starting values
            from the game once, so it is built anew before it shows on
            another game (a round saved meanwhile).
        number: how many this phone built before it (in its key: another
            number builds it anew).
        used: it has been shown since it was built, so it may hold taps.
        open: it showed in the last drawing.
    """

    pad: Pad
    number: int = 0
    used: bool = False
    open: bool = False


def blank_new_round(pads: PadSession) -> bool:
    """Whether the sheet open now was opened by "Add round" on nothing (no
    hands entered, not brought back; ``PadSession.sheet_blank``), the one a
    :class:`ReadySheet` holds; an edit that a conflict's answer turns into
    a new round stays the sheet it was."""
    state = pads.state
    hand_open = state.mine is not None and not pads.pad.finished
    return state.sheet is not None and pads.sheet_blank and not hand_open


def ready_sheet(kept: ReadySheet | None, pad: Pad, showing: bool) -> ReadySheet | None:
    """The :class:`ReadySheet` to draw for ``pad`` (None: none), from the one
    ``kept`` (None: none yet), while a blank new round's sheet is
    ``showing`` or not: one is first built when a sheet shows, built anew
    when it shows after it was used or on another game, and dropped once it
    is closed on a finished game. One open when another phone ends or
    finishes the game stays, with what was typed on it, as any open sheet
    does (its save then asks whether to play on)."""
    if pad.finished and not showing:
        return None
    if showing:
        if kept is None:
            kept = ReadySheet(pad)
        elif not kept.open and (kept.used or kept.pad is not pad):
            kept = ReadySheet(pad, kept.number + 1)
        kept.pad, kept.used = pad, True
    if kept is not None:
        kept.open = showing
    return kept


async def build_ready_later(held: Any, pads: PadSession, refresh) -> None:
    """After :data:`READY_AFTER` seconds, build the next :class:`ReadySheet`
    (``held.current``, used and closed) on the game as shown then, and draw
    it (``refresh(number)``), unless a sheet shows again meanwhile or the
    game has gone or finished."""
    await asyncio.sleep(READY_AFTER)
    kept = held.current
    if kept is None or kept.open or not kept.used or pads.pad is None or pads.pad.finished:
        return
    held.current = ReadySheet(pads.pad, kept.number + 1)
    refresh(kept.number + 1)


@ft.component
def _ReadyEntry(pad: Pad, submit, close, on_change, language: str) -> ft.Control:
    """The blank new round's sheet on ``pad`` that a :class:`ReadySheet`
    keeps, in ``language`` (a language code): drawn again only when one of
    them changes, so a hidden one costs a save nothing."""
    return game_ui(pad.GAME).Entry(pad, None, submit, close, None, on_change=on_change)


ReadyEntry = ft.memo(_ReadyEntry)


def ready_cover(pads: PadSession, taps: Taps, kept: ReadySheet) -> ft.Control:
    """The cover holding ``kept``'s sheet, shown while it is open, under :func:`sheet_notes` then."""
    notes = sheet_notes(pads, taps) if kept.open else ()
    entry = ReadyEntry(kept.pad, taps.submit, taps.on_close, taps.on_typed, current_language(),
                       key=f"{kept.pad.id}-ready-{kept.number}")
    return ft.Container(content=pinned(*notes, sheet=entry), bgcolor=ft.Colors.SURFACE,
                        visible=kept.open and pads.state.pending is None)


def over_the_pad(pads: PadSession, taps: Taps, title: str) -> ft.Control | None:
    """What is shown instead of the table now (a sheet, a view), or None for the table."""
    pad, state = pads.pad, pads.state
    def back():
        taps.on_go("pad")

    if state.mine is not None and not pad.finished:
        return hand_sheet(pads, taps)
    if state.sheet is not None:
        return round_sheet(pads, taps)
    if state.view == "changes":
        return scrolling(ChangesView(pad, pads.table_refusal, taps.on_undo, back))
    if state.view == "board":
        return scrolling(BoardInvite(pad.id, back))
    if state.view == "invite":
        return scrolling(InviteView(f"/pad/{pad.id}", title, back))
    if state.view == "phone":
        return scrolling(phone_view(pad, pads.phone, lambda label: taps.now(pads.pick_phone, label), back))
    if state.detail is not None and state.detail <= len(pad.rows):
        return scrolling(RoundDetail(pad, state.detail, on_edit=lambda number: taps.now(pads.edit_from_detail, number),
                                     on_close=lambda: taps.now(pads.show_detail, None)))
    return None


def the_table(pads: PadSession, taps: Taps, above: ft.Control | None, ready: ReadySheet | None = None) -> ft.Control:
    """The table of ``pads.table_pad``, covered by ``above`` when that is
    not None, and by ``ready``'s sheet while that is open (:func:`ready_cover`,
    kept out of sight while it is not); while the sheet's save runs with
    what it saves shown (``Screen.pending``), the sheet is kept, out of sight.

    The table's controls stay, covered, under a sheet or a view
    (:func:`companion.ui.pad_parts.pad_layout`): closing the sheet after a
    save then sends the phones only what the save changed, not the whole
    table anew; opening a sheet sends only the sheet, or only that the
    ready one shows."""
    pad, pending = pads.table_pad, pads.state.pending is not None
    table_hands = pads.table_hands
    language = current_language()
    menu = MenuFacts(pad.GAME, pad.id, len(pad.players), not (pad.finished or pad.is_over) and bool(pad.rows), language)
    facts = tuple(game_ui(pad.GAME).facts(pad))
    table = pad_layout(
        pad,
        PadBar(registry.game(pad.GAME).title, deal_text(pad), pad.undo_label if pad.can_undo else _("Undo"),
               pad.undo_id, menu, taps.on_undo, taps.on_go, taps.on_end),
        [Facts(facts) if facts else None, lesson_card(pad),
         error_line(pads.table_refusal) if above is None else None],
        on_row=taps.on_row,
        on_detail=taps.on_detail,
        on_add=taps.on_add,
        hands_control=HandsBox(table_hands, language, taps.on_save_hands, taps.on_clear_hands)
        if table_hands.stale or table_hands.status is not None else None,
        on_hand=taps.on_hand if pad.HAND_BY_HAND else None,
        covered=not pending and (above is not None or (ready is not None and ready.open)),
        end=end_banner(pad, taps.on_finish),
        unfolded=pads.state.unfolded,
        on_fold=taps.on_fold,
    )
    layers = [table]
    if ready is not None:
        layers.append(ready_cover(pads, taps, ready))
    if above is not None:
        layers.append(cover(above, shown=not pending))
    return ft.Stack(layers, fit=ft.StackFit.EXPAND, expand=True)


@ft.component
def GamePad(game_id: str) -> ft.Control:
    """The score pad of saved game ``game_id``: the table, its sheets and views."""
    store = use_store()
    session = use_session(watch=("phone",))
    page = ft.context.page
    held = ft.use_ref(None)
    if held.current is None:
        pads = PadSession(store, game_id, painted=own_paint_sent)
        held.current = (pads, Taps(pads, session, page))
    pads, taps = held.current
    _screen, pads.on_change = ft.use_state(pads.state)
    ready = ft.use_ref(None)
    _ready_built, set_ready_built = ft.use_state(0)
    use_keep_awake()
    ft.use_effect(lambda: session.showed_pad(game_id), [game_id])
    shown = use_game(game_id)
    pads.see(shown.pad, shown.draft, session.phone, session.own_changes.get(game_id))
    ft.use_effect(lambda: taps.in_task(pads.bring_back, game_ui(shown.pad.GAME).sheet_entry)
                  if shown.pad is not None else None, [session.phone, shown.pad is None])
    showing = shown.pad is not None and blank_new_round(pads)

    def after_closing() -> None:
        if not showing and ready.current is not None:
            page.run_task(build_ready_later, ready, pads, set_ready_built)

    ft.use_effect(after_closing, [showing])
    if shown.problem:
        return problem_screen(_("This game can not be opened"), shown.problem)
    if shown.pad is None:
        return ft.Column(
            [
                DeletedGame(game_id, back=lambda: navigate("/")),
                ft.FilledButton(_("Go to Play"), on_click=lambda: navigate("/"), height=TOUCH),
            ],
            spacing=12,
        )
    ready.current = ready_sheet(ready.current, shown.pad, showing)
    above = None if showing else over_the_pad(pads, taps, registry.game(shown.pad.GAME).title)
    return the_table(pads, taps, above, ready.current)
