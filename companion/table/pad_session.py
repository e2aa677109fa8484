"""One phone's score pad on one game: what each tap on it does.

A :class:`PadSession` holds what the pad screen shows over its table (a
round sheet, the conflict question put over it, a view such as "Changes",
a round's detail, a "My hand" sheet, why the last action was refused) as
one :class:`Screen`, and has one method per tap. A tap changes the screen
(``on_change`` is called with the new one) and returns a :class:`Told` (both
in :mod:`companion.table.pad_screen`): what the phone tells (the message
bar's line and the change its Undo takes back) and what the other phones
must be told (a change saved, a hand entered). The view (``companion.ui.pad``)
draws the screen, forwards the taps and shows what is told; nothing here knows Flet.

Every tap that changes the game is one transaction on the latest saved
version (:mod:`companion.table.saving`), run off the event loop
(``asyncio.to_thread``): the methods that save are coroutines. A round
sheet keeps only its ``SheetMark``; what it holds is kept for this phone
at each tap (:mod:`companion.table.kept_sheets`). A round entered hand by
hand goes through :mod:`companion.table.hands`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import Any

from companion.errors import ConflictError
from companion.i18n import _
from companion.pads import Pad, PadError
from companion.table import hands, kept_sheets, saving
from companion.table.pad_screen import VIEWS, Question, Screen, Told, UndoOffered, not_while_saving
from companion.table.phones import phone_player
from companion.table.saving import DELETE, Outcome, SheetMark

NEW_ROUND = 0
"""The round number :meth:`PadSession.open_sheet` takes for "a new round"."""


class PadSession:
    """The taps of one phone on the score pad of saved game ``game_id`` in ``store`` (a
    ``companion.store.Store``).

    The view calls :meth:`see` at each drawing with the game as shown, then draws :attr:`state`;
    ``on_change(screen)`` is called whenever a tap changes :attr:`state`. ``clock`` gives seconds
    (``time.monotonic``); ``painted()`` returns once the view has sent what a change of :attr:`state`
    drew (the next turn of the event loop by default). Besides the screen it keeps :attr:`hand_mark`
    (what the open "My hand" sheet was opened on), :attr:`sheet_start` (the entry the open round sheet
    started from: the hands entered, or the sheet kept as typed), :attr:`sheets_opened` (how many round
    sheets this phone opened: the open one's number, which stays while a conflict's answer moves the
    sheet to another round, so the screen keeps what was typed on it), :attr:`sheet_blank` (the open
    sheet was opened by "Add round" on nothing: no hands entered, not brought back) and :attr:`writer`
    (the kept sheet's writes, ``kept_sheets.SheetWriter``), :attr:`drawings` (how many times the view
    drew it: :meth:`see`); :attr:`table_hands` is what the pad shows of the round entered hand by hand
    (``hands.table_hands``) and :attr:`me` the player who holds this phone (None: no player), as
    :meth:`see` last read them (reading the label in every language at each drawing, so the first "My
    hand" tap does not wait for the other languages' catalogs).
    """

    def __init__(self, store: Any, game_id: str, *, on_change: Callable[[Screen], object] = lambda _screen: None,
                 clock: Callable[[], float] = time.monotonic,
                 painted: Callable[[], Awaitable[None]] = partial(asyncio.sleep, 0)) -> None:
        self.store = store
        self.game_id = game_id
        self.on_change = on_change
        self.clock = clock
        self.painted = painted
        self.state = Screen()
        self.pad: Pad | None = None
        self.draft: dict[str, Any] | None = None
        self.table_hands: hands.Hands | None = None
        self.me: str | None = None
        self.phone = ""
        self.hand_mark: hands.HandMark | None = None
        self.writer = kept_sheets.SheetWriter()
        self._opened: Pad | None = None
        self.sheet_start: dict[str, Any] | None = None
        self.sheets_opened = 0
        self.sheet_blank = False
        self._typed: dict[str, Any] | None = None
        self._taken: dict[str, Any] | None = None
        self._hand_next = False
        self._saving = False
        self._seen: UndoOffered | None = None
        self._drawn: tuple[object, float] | None = None
        self.drawings = 0

    def see(self, pad: Pad | None, draft: dict[str, Any] | None, phone: str, own_change: int | None = None) -> None:
        """The game as the screen shows it now: ``pad`` (None: none), its
        hand-by-hand ``draft`` (as saved), this phone's label ``phone`` and
        the newest change this phone saved to it (``own_change``, None:
        none). An open "My hand" sheet follows a round saved another way
        (``hands.follow``); an open round sheet keeps what was typed on it
        through a delete of the game (:meth:`_through_delete`); the undo
        button's offer follows the game."""
        self._through_delete(pad)
        self.pad, self.draft, self.phone = pad, draft, phone
        self.drawings += 1
        self.table_hands = None if pad is None else hands.table_hands(pad, draft)
        self.me = None if pad is None else phone_player(pad.players, phone)
        now = self.clock()
        state = self.state
        screen = (state.view, state.sheet, state.detail, state.mine)
        if self._drawn is None or self._drawn[0] != screen:
            self._drawn = (screen, now)
        undo_id = None if pad is None else pad.undo_id
        own = pad is not None and own_change == pad.latest_change_id
        self._seen = UndoOffered(undo_id) if self._seen is None else self._seen.moved(undo_id, own, now)
        if pad is not None and state.mine is not None and not pad.finished and self.hand_mark is not None:
            self.hand_mark = hands.follow(pad, self.table_hands.draft, state.mine, self.hand_mark)
        self._take_in_hands()

    def _take_in_hands(self) -> None:
        """An open new round's sheet takes in hands entered meanwhile on other phones (:func:`hands.came_in`)."""
        sheet, parts = self.state.sheet, hands.parts_in(self.table_hands)
        self._taken = None if sheet is None else self._taken
        if sheet is None or self._taken is None or self.saving:
            return
        came, self._taken = hands.came_in(self.pad, sheet, parts, self.sheet_start, self._typed, self._taken), parts
        if came is not None:
            self.sheet_start, self.sheet_blank, self.sheets_opened = came[0], False, self.sheets_opened + 1
            self._keep(sheet, self.sheet_start)
            self.state = replace(self.state, arrived=came[1])

    def _through_delete(self, pad: Pad | None) -> None:
        """The game drawn goes from :attr:`pad` to ``pad``. Deleted (None) while a round sheet is open
        with values typed, the sheet is to start from them once the game is restored, as one brought
        back does; restored, they are kept in the data folder again (the delete dropped the game's
        kept sheets), and the refusal shown goes: it was told before or while the game was gone."""
        sheet = self.state.sheet
        if sheet is not None and pad is None and self.pad is not None and self._typed is not None:
            self.sheet_start, self.sheet_blank = self._typed, False
        elif pad is not None and self.pad is None and self.drawings:
            if sheet is not None:
                self._keep(sheet, self._typed)
            self.state = replace(self.state, refusal="")

    @property
    def by(self) -> str | None:
        """This phone's label as the change log records it (None: none yet)."""
        return self.phone or None

    @property
    def table_refusal(self) -> str:
        """The refusal shown on the table: "" once a newer change is shown
        than the one it was about ("undo now takes back that one")."""
        state = self.state
        return state.refusal if state.refused_at >= self.pad.latest_change_id else ""

    @property
    def saving(self) -> bool:
        """Whether a save of this phone runs now (:meth:`start`)."""
        return self._saving

    @property
    def table_pad(self) -> Pad:
        """The game the table shows: as this phone's running save will leave it (:attr:`Screen.pending`), else :attr:`pad`."""
        return self.state.pending or self.pad

    def hand_start(self, player: str) -> dict[str, Any] | None:
        """The entry ``player``'s "My hand" sheet starts from: their hand as
        entered so far for the round being played (None: not entered)."""
        return hands.sheet_start(self.pad, self.table_hands, player)[0]

    def sheet_round(self) -> tuple[Pad, int | None]:
        """The game the open sheet shows and its round's number (None: a
        new round): the game as saved now, or, when the round it edits was
        deleted meanwhile, the game as the sheet opened it."""
        sheet = self.state.sheet
        if sheet.new:
            return self.pad, None
        try:
            return self.pad, self.pad.round_number(sheet.round_id)
        except (ConflictError, PadError):
            return self._opened or self.pad, sheet.number

    def offered(self, expected: int | None) -> int | None:
        """The change a tap on the undo button drawn with ``expected``
        (``pad.undo_id``) meant (``UndoOffered.meant``). A change this phone
        saved starts no wait; a screen shown after the change showed the new
        words only."""
        shown = self._seen
        return expected if shown is None else shown.meant(expected, self._drawn[1], self.clock())

    def _set(self, **changes: Any) -> None:
        """Change the screen and tell the view."""
        self.state = replace(self.state, **changes)
        self.on_change(self.state)

    def _at(self) -> int:
        """The newest change number of the game shown now (0: none shown, the
        game was deleted)."""
        return 0 if self.pad is None else self.pad.latest_change_id

    def _refuse(self, text: str, at: int | None = None) -> None:
        """Show ``text`` (why this phone's last action was refused; "" for
        none), as of change number ``at`` (None: the change shown now)."""
        self._set(refusal=text, refused_at=self._at() if at is None else at)

    def _keep(self, mark: SheetMark | None, entry: dict[str, Any] | None) -> None:
        """Keep this phone's sheet, open on ``mark`` with ``entry`` as typed
        (None: as opened), in the data folder; ``mark`` None drops it."""
        self._typed = entry
        kept = None if mark is None else kept_sheets.KeptSheet(mark, entry)
        self.writer.put(partial(kept_sheets.keep, self.store, self.game_id, self.phone, kept))

    def _show_sheet(self, mark: SheetMark | None, restored: str | None = None) -> Told:
        """Open an entry sheet on ``mark``, or close it (None); a sheet kept
        from before comes back with ``restored`` and is marked not saved yet."""
        if mark is not None:
            self.sheets_opened += 1
            self.sheet_blank = mark.new and restored is None and self.sheet_start is None
        self._set(sheet=mark, question=None, restored=restored, arrived="")
        self._keep(mark, self.sheet_start if mark is not None else None)
        return Told(left=True)

    def start(self, tap: Callable[..., Awaitable[Told]], *args: Any) -> Awaitable[Told] | None:
        """Begin the tap ``tap(*args)``, one of this class's coroutines that
        save (a round, a delete, an answer, hands, an undo, an end): the
        awaitable that runs it, or None when a save of this phone still runs
        (the tap is not taken). From this call until it ends, the taps that
        would save again, open a sheet or leave one are not taken: two taps
        reaching the server before the repaint, or a "Cancel" during the
        save, so one tap saves once and its outcome is shown where it was
        tapped (a conflict asked on its sheet, a refusal shown there)."""
        if self._saving:
            return None
        self._saving = True
        return self._alone(tap(*args))

    async def _alone(self, work: Awaitable[Told]) -> Told:
        """Await ``work`` (see :meth:`start`), then take taps again."""
        try:
            return await work
        finally:
            self._saving = False

    @not_while_saving
    def open_sheet(self, number: int) -> Told:
        """Tap on round ``number`` or on "Add round" (:data:`NEW_ROUND`):
        its sheet opens; a new round starts from the hands entered so far
        (hands that contradict each other are told as the refusal)."""
        pad = self.pad
        self._opened = pad
        self.sheet_start, clash = hands.sheet_start(pad, self.table_hands) if number == NEW_ROUND else (None, "")
        self._taken = hands.parts_in(self.table_hands) if number == NEW_ROUND else None
        self._refuse(clash)
        return self._show_sheet(saving.mark_new(pad) if number == NEW_ROUND else saving.mark_round(pad, number))

    @not_while_saving
    def close_sheet(self) -> Told:
        """"Cancel" on a sheet: back to the table, its refusal gone."""
        told = self._show_sheet(None)
        self._refuse("")
        return told

    def typed(self, entry: dict[str, Any]) -> None:
        """A tap on the open sheet: ``entry`` is what it holds now (kept). A refusal shown over
        the sheet goes: it spoke of the values before the tap ("Save round" checks them again)."""
        self._keep(self.state.sheet, entry)
        if self.state.refusal:
            self._refuse("")

    @not_while_saving
    def show_detail(self, number: int | None) -> Told:
        """Show round ``number``'s detail, or close it (None)."""
        self._set(detail=number)
        return Told(left=True)

    @not_while_saving
    def edit_from_detail(self, number: int) -> Told:
        """"Edit" on a round's detail: its sheet instead (the table after)."""
        self.show_detail(None)
        return self.open_sheet(number)

    def fold(self, unfolded: bool) -> Told:
        """Show every round of the table (``unfolded`` True) or only the newest."""
        self._set(unfolded=unfolded)
        return Told()

    @not_while_saving
    def go(self, view: str) -> Told:
        """Show ``view`` (one of :data:`VIEWS`)."""
        self._refuse("")
        self._set(view=view)
        return Told(left=True)

    def show_hand(self, player: str | None) -> Told:
        """Show ``player``'s "My hand" sheet, or close it (None)."""
        self._set(mine=player)
        return Told(left=True)

    def open_hand(self, player: str) -> Told:
        """Open ``player``'s "My hand" sheet, marked with the game as it is now."""
        self.hand_mark = hands.mark_hand(self.pad, self.table_hands.draft, player)
        return self.show_hand(player)

    @not_while_saving
    def my_hand(self) -> Told:
        """"My hand": this phone's player's hand; "Whose phone is this?" first when nobody said."""
        self._refuse("")
        if self.me is None:
            self._hand_next = True
            return self.go("phone")
        return self.open_hand(self.me)

    @not_while_saving
    def pick_phone(self, label: str) -> Told:
        """A tap in "Whose phone is this?": this phone is ``label`` from now
        on; back to the table, or to the player's hand when "My hand" asked.
        A tap that comes once the question was left (a second tap on it
        before the repaint) changes nothing."""
        if self.state.view != "phone":
            return Told()
        player = phone_player(self.pad.players, label)
        self.phone, self.me = label, player
        told = replace(self.go("pad"), phone=label)
        hand_next, self._hand_next = self._hand_next, False
        if hand_next and player is not None:
            self.open_hand(player)
            return told
        return replace(told, message=_("This phone is now {phone}").format(phone=label))

    def send_hand(self, entry: dict[str, Any]) -> Told:
        """"Send" on the open "My hand" sheet (``entry``: the sheet's entry):
        the hand goes into the draft, or ``Told.refused`` says why not."""
        player = self.state.mine
        refusal, self.hand_mark = hands.send_hand(self.store, self.game_id, player, entry, self.by, self.hand_mark)
        if refusal:
            return Told(refused=refusal)
        self.show_hand(None)
        return Told(message=_("{player}'s hand is in").format(player=player), left=True, hands=True)

    async def save_hands(self) -> Told:
        """"Save round" once every hand is in (``hands.save_hands``)."""
        at = self._at()
        outcome = await asyncio.to_thread(hands.save_hands, self.store, self.game_id, self.by)
        self._refuse("" if outcome.saved else outcome.message, at)
        if not outcome.saved:
            return Told(announce=True)
        return Told(outcome.message, outcome.pad.undo_id, announce=True, pad=outcome.pad)

    async def clear_stale_hands(self) -> Told:
        """"Clear" on hands whose deal was saved another way."""
        await asyncio.to_thread(hands.clear_hands, self.store, self.game_id)
        return Told(hands=True)

    def _entry_now(self, entry: dict[str, Any] | None, typed: dict[str, Any] | None) -> dict[str, Any] | None:
        """The open sheet's entry now: ``entry``, the one a save took, unless
        values were tapped on the sheet since (``typed`` is what was kept then)."""
        return entry if self._typed is typed else self._typed

    def _settle(self, outcome: Outcome, entry: dict[str, Any] | None) -> tuple[str | None, Told]:
        """After a save from the sheet: close it and tell, put the conflict
        question, or hand back the refusal (with nothing told)."""
        if outcome.saved:
            self._show_sheet(None)
            return None, Told(outcome.message, outcome.pad.undo_id, left=True, announce=True, pad=outcome.pad)
        if outcome.conflict is not None:
            self._set(question=Question(outcome.conflict, entry))
            return None, Told()
        return outcome.message, Told()

    async def _save_from_sheet(self, mark: SheetMark, entry: dict[str, Any]) -> Outcome:
        """Save the sheet's entry on ``mark``; a new round the sheet started
        from the hands entered hand by hand uses them up (they are cleared).

        A sheet that did not start from values (opened on nothing or on a
        saved round) shows what it saves at once: when the rules accept the
        entry on the game shown, the table shows the game as the save will
        leave it (:attr:`Screen.pending`) while the store makes it durable
        and checks it on the latest version, a save started once that is
        drawn (:attr:`painted`), so the two do not share the processor
        first. The caller draws the outcome
        (its sheet closed, or shown again with the question or refusal)."""
        pending = None if self.sheet_start is not None or self.pad is None else saving.preview_round(
            self.pad, mark, entry, self.by)
        try:
            if pending is not None:
                self._set(pending=pending, refusal="")
                await self.painted()
            outcome = await asyncio.to_thread(saving.save_round, self.store, self.game_id, mark, entry, self.by)
            if outcome.saved and mark.new and self.sheet_start is not None:
                await asyncio.to_thread(hands.clear_hands, self.store, self.game_id)
        except BaseException:
            self._set(pending=None)
            raise
        self.state = replace(self.state, pending=None)
        return outcome

    async def submit(self, entry: dict[str, Any]) -> Told:
        """"Save" on the open sheet (through :meth:`start`, so a tap while a
        save runs is not a second save); while a conflict question is put,
        "Save" says to answer it first (the answer then saves this entry, as
        it is now). A question
        put once the save is done is about the sheet as it is then (values
        tapped on it during the save included)."""
        mark, question = self.state.sheet, self.state.question
        if mark is None:
            return Told()
        if question is not None:
            self._set(question=Question(question.conflict, entry))
            self._refuse(_("First answer the question above: \u201c{apply}\u201d or \u201c{drop}\u201d").format(
                apply=question.conflict.apply_label, drop=question.conflict.drop_label))
            return Told()
        at, typed = self._at(), self._typed
        outcome = await self._save_from_sheet(mark, entry)
        refusal, told = self._settle(outcome, self._entry_now(entry, typed))
        self._refuse(refusal or "", at)
        return told

    async def delete_round(self) -> Told:
        """"Delete round" on the open sheet."""
        mark = self.state.sheet
        if mark is None:
            return Told()
        at = self._at()
        outcome = await asyncio.to_thread(saving.delete_round, self.store, self.game_id, mark, self.by)
        if outcome.saved or outcome.conflict is not None:
            return self._settle(outcome, None)[1]
        told = self._show_sheet(None)
        self._refuse(outcome.message, at)
        return told

    async def answer(self, keep_mine: bool, also: bool = False) -> Told:
        """The answer to the conflict question: keep the game as it is
        (``keep_mine`` False), or save mine on the question's mark (with
        ``also``, on its third answer's mark)."""
        question = self.state.question
        if question is None:
            return Told()
        conflict, at = question.conflict, self._at()
        self._refuse("")
        if not keep_mine:
            told = self._show_sheet(None)
            return replace(told, message=_("Nothing changed: the game stays as saved on the other phone"))
        mark = conflict.also[1] if also and conflict.also is not None else conflict.mark
        self._set(sheet=mark)
        self._keep(mark, self._typed)
        typed = self._typed
        if conflict.kind == DELETE:
            outcome = await asyncio.to_thread(saving.delete_round, self.store, self.game_id, mark, self.by)
        else:
            outcome = await self._save_from_sheet(mark, question.entry)
        self._set(question=None)
        refusal, told = self._settle(outcome, self._entry_now(question.entry, typed))
        if refusal:
            self._refuse(refusal, at)
        return told

    async def undo(self, expected: int | None) -> Told:
        """Undo change number ``expected`` (the one the button offered:
        see :meth:`offered`), refused with the pad's words when another
        phone undid it or built on it meanwhile."""
        outcome = await asyncio.to_thread(saving.undo, self.store, self.game_id, expected, self.by)
        if not outcome.saved:
            self._refuse(outcome.message, outcome.at)
            return Told()
        self._refuse("")
        return Told(outcome.message, announce=True, pad=outcome.pad)

    async def _act(self, change: Callable[[Pad], object], done: str) -> Told:
        """Save ``change`` to the game and tell ``done``, with its Undo; a
        finished game drops every phone's kept sheet."""
        outcome = await asyncio.to_thread(saving.change_game, self.store, self.game_id, change, self.by)
        self._refuse("" if outcome.saved else outcome.message, outcome.at)
        if not outcome.saved:
            return Told()
        if outcome.pad.finished:
            await asyncio.to_thread(kept_sheets.drop_game, self.store, self.game_id)
        return Told(done, outcome.pad.undo_id, announce=True, pad=outcome.pad)

    async def finish(self) -> Told:
        """"Finish game" under the winners."""
        return await self._act(lambda saved: saved.finish(), _("Game finished"))

    async def end(self) -> Told:
        """"End the game now" in the menu."""
        return await self._act(lambda saved: saved.end_early(), _("Game ended"))

    async def bring_back(self, fits: Callable[[Pad, int | None, dict[str, Any]], object]) -> Told:
        """Once this phone's label is known, open again the sheet it had
        open on this game (kept as typed: the server restarted, the page
        was reloaded, the connection came back), unless a sheet is open
        now; ``fits`` builds the game's sheet (``kept_sheets.restore``)."""
        phone = self.phone
        if not phone or self.state.sheet is not None:
            return Told()
        kept = await asyncio.to_thread(kept_sheets.restore, self.store, self.game_id, phone, fits)
        if kept is None or self.state.sheet is not None or phone != self.phone:
            return Told()
        sheet, self._opened = kept
        self.sheet_start = sheet.entry
        return self._show_sheet(sheet.mark, sheet.notice)
