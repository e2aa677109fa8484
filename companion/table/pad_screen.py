"""What one phone's score pad shows and tells: the screen its taps leave
(:class:`Screen`, with the conflict :class:`Question` over a sheet), what a
tap tells (:class:`Told`) and what its undo button offers
(:class:`UndoOffered`, which also tells what a tap on it meant), and the
guard of the taps that put a screen up (:func:`not_while_saving`). Plain
data: :class:`companion.table.pad_session.PadSession` makes them, the view
(``companion.ui.pad``) draws them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from companion.pads import Pad
from companion.table.saving import Conflict, SheetMark

VIEWS = ("pad", "changes", "phone", "board", "invite")
"""What ``PadSession.go`` shows: the table, the change log, "Whose
phone is this?", the board's QR code, the invite."""


@dataclass(frozen=True)
class Question:
    """The question put over a sheet when another phone changed the game.

    Attributes:
        conflict: what happened and the answers (``saving.Conflict``).
        entry: the sheet's entry the answer "apply mine" saves (None: a delete).
    """

    conflict: Conflict
    entry: dict[str, Any] | None


@dataclass(frozen=True)
class Screen:
    """What the pad screen shows of one phone's taps.

    Attributes:
        sheet: the mark of the round sheet open (None: none).
        question: the conflict question over that sheet (None: none).
        view: one of :data:`VIEWS`.
        detail: the number of the round whose detail is shown (None: none).
        mine: the player whose "My hand" sheet is open (None: none).
        refusal: why this phone's last action was refused ("" for none).
        refused_at: the game's newest change number when it was refused: a
            refusal shown on the table is out of date once a newer change is.
        restored: None, or the sheet was brought back from the data folder
            ("" or what happened to it meanwhile): it is marked not saved yet.
        unfolded: the table shows every round, not only the newest
            (``companion.ui.round_rows.ROUNDS_SHOWN``).
        arrived: the words telling whose hands, entered on other phones
            while a new round's sheet was open, it took in ("" for none).
        pending: while this phone's save of its sheet runs, the game as the
            save will leave it (``saving.preview_round``: the rules accepted
            the entry on the game shown): the table shows it, with the
            sheet out of sight but kept as typed, until the store answers
            (None: no such save). A save refused then shows the sheet again.
    """

    sheet: SheetMark | None = None
    question: Question | None = None
    view: str = "pad"
    detail: int | None = None
    mine: str | None = None
    refusal: str = ""
    refused_at: int = 0
    restored: str | None = None
    unfolded: bool = False
    arrived: str = ""
    pending: Pad | None = None


@dataclass(frozen=True)
class Told:
    """What one tap tells, besides the :class:`Screen` it leaves.

    Attributes:
        message: the message bar's line ("" for none).
        undo: the change number the message's "Undo" takes back (None: no Undo).
        left: the screen changed: the message shown over the old one goes
            (before ``message`` is shown).
        announce: a change was saved (or may have been): every screen of the
            game is told; ``pad`` is the game as saved (None: read it again).
        pad: see ``announce``.
        hands: the game's hand-by-hand draft changed: every screen is told.
        phone: this phone's new label to keep ("" for none).
        refused: why a "My hand" sheet's send was refused, shown on the sheet
            (None: it was not).
    """

    message: str = ""
    undo: int | None = None
    left: bool = False
    announce: bool = False
    pad: Pad | None = None
    hands: bool = False
    phone: str = ""
    refused: str | None = None


UNDO_SETTLE = 2.0
"""Seconds after another phone's change moved what the undo button takes
back during which a tap on it is taken as a tap on what it offered before:
the phone may have been tapped before it painted the new words."""


@dataclass(frozen=True)
class UndoOffered:
    """What a phone's undo button offers, as the pad screen last drew it.

    Attributes:
        undo_id: the change it takes back (``Pad.undo_id``; None: none).
        before: the change it took back until another phone's change moved
            it (None when this phone moved it, or it has not moved).
        since: when it moved (``time.monotonic()`` seconds).
    """

    undo_id: int | None
    before: int | None = None
    since: float = 0.0

    def moved(self, undo_id: int | None, own: bool, now: float) -> UndoOffered:
        """What the button offers once the game drawn offers ``undo_id``
        (a change saved at ``now`` seconds; ``own``: by this phone)."""
        if undo_id == self.undo_id:
            return self
        return UndoOffered(undo_id, None if own else self.undo_id, now)

    def meant(self, expected: int | None, drawn_at: float, now: float) -> int | None:
        """The change a tap on the button drawn with ``expected`` meant, at
        ``now`` seconds, on a screen drawn since ``drawn_at``: within
        :data:`UNDO_SETTLE` seconds after another phone's change moved it,
        when the button was on the screen already then, the change it
        offered before (undoing that one is refused with the pad's words
        instead of undoing a change nobody asked to undo); else ``expected``."""
        if (expected == self.undo_id and self.before is not None and drawn_at < self.since
                and now - self.since < UNDO_SETTLE):
            return self.before
        return expected


def not_while_saving(tap: Callable[..., Told]) -> Callable[..., Told]:
    """A tap of ``PadSession`` that puts another screen up (a sheet, a
    view, a detail) or takes one down, not taken (it returns ``Told()``)
    while a save of this phone runs (``PadSession.start``): a tap that
    reaches the server before the save's repaint, or one on the table that
    shows what the save will leave (:attr:`Screen.pending`), whose sheet
    shows again if the save is refused."""

    @wraps(tap)
    def taken(session: Any, *args: Any) -> Told:
        return Told() if session.saving else tap(session, *args)

    return taken
