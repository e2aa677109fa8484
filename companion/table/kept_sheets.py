"""How the screens keep a round sheet as it is typed, and bring it back.

An open round sheet (a new round or an edit of a past round, any game) is
kept in the data folder for the phone that has it open (``Store.keep_sheet``,
keyed by game and by the phone's label, the one "Whose phone is this?"
sets and the phone keeps), so that after the host's restart, a reload or a
lost connection the phone returns to the same sheet with the same values,
marked "Not saved yet". What is kept is plain JSON::

    {"mark": {"round_id": "1a2b3c4d" | None, "rev": 3 | None,   # the sheet's SheetMark
              "number": 4, "in_play": True,
              "place": 2},       # only for a new round put back at a number (SheetMark.place)
     "entry": {...} | None}      # the sheet's entry as typed (None: nothing typed yet)

The entry is what the game's sheet hands to ``submit`` (the pad's
``add_round`` / ``edit_round`` keyword arguments), so a sheet brought back
starts from it as a sheet starts from the hands entered
(``companion.ui.entry_sheet``'s ``start``). It is written at each tap
(:class:`SheetWriter`: one write at a time, off the event loop, the newest
sheet written next) and dropped when the round is saved, the sheet is
cancelled or the conflict question answered "drop mine", and with the game
when it is finished, ended or deleted. Whether the sheet's round was saved
or changed meanwhile on another phone is told from its mark, as for a
sheet that stayed open (``companion.ui.pad_parts.sheet_notice``, the save's
conflict question).

Plain Python: no flet here, so the browser-free tests drive it with a real
``Store``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.errors import ConflictError, StoreError
from companion.i18n import N_, _
from companion.pads import Pad, PadError
from companion.registry import pad_from_doc
from companion.pads.changelog import who
from companion.table import saving
from companion.table.saving import SheetMark

NOT_SAVED = N_("Not saved yet: the values typed on this phone were kept. Check them, then save.")
"""The line over a sheet brought back (marked; translated where shown)."""


@dataclass(frozen=True)
class KeptSheet:
    """A round sheet as kept for one phone.

    Attributes:
        mark: what the sheet was opened on (``companion.table.saving.SheetMark``).
        entry: the sheet's entry as last typed (the pad's ``add_round`` /
            ``edit_round`` keyword arguments), or None while nothing was typed.
        notice: "" or what happened to the sheet's round while the phone
            was away that changed the sheet (its round was deleted: the
            values are kept for a new round).
    """

    mark: SheetMark
    entry: dict[str, Any] | None
    notice: str = ""

    def to_json(self) -> dict[str, Any]:
        """The sheet as the store keeps it (shape in the module's docstring)."""
        mark = self.mark
        kept_mark = {"round_id": mark.round_id, "rev": mark.rev, "number": mark.number, "in_play": mark.in_play}
        if mark.place is not None:
            kept_mark["place"] = mark.place
        return {"mark": kept_mark, "entry": self.entry}


def from_json(data: Any) -> KeptSheet | None:
    """The :class:`KeptSheet` ``data`` (as ``Store.kept_sheet`` returns it)
    describes, or None when it is not one (damaged)."""
    if not isinstance(data, dict):
        return None
    mark, entry = data.get("mark"), data.get("entry")
    if not isinstance(mark, dict) or not (entry is None or isinstance(entry, dict)):
        return None
    round_id, rev, number, in_play = (mark.get(name) for name in ("round_id", "rev", "number", "in_play"))
    new = round_id is None and rev is None
    edit = isinstance(round_id, str) and isinstance(rev, int) and not isinstance(rev, bool)
    if not (new or edit) or not _counts(number):
        return None
    if not isinstance(in_play, bool):
        return None
    place = mark.get("place")
    if place is not None and (not new or not _counts(place)):
        return None
    return KeptSheet(SheetMark(round_id, rev, number, in_play, place), entry)


def _counts(value: Any) -> bool:
    """Whether ``value`` is a round number: an int (not a bool) of at least 1."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def keep(store: Any, game_id: str, phone: str, sheet: KeptSheet | None) -> None:
    """Keep ``sheet`` as game ``game_id``'s sheet on the phone labelled
    ``phone`` (None: drop it). A store that can not write now (read-only
    folder, full disk, busy) leaves it as it was: the sheet on the screen
    still holds every value and its save tells what is wrong."""
    if not phone:
        return
    try:
        store.keep_sheet(game_id, phone, None if sheet is None else sheet.to_json())
    except StoreError:
        pass


def drop_game(store: Any, game_id: str) -> None:
    """Drop every phone's sheet of game ``game_id`` (it was finished or
    ended); a store that can not write now leaves them (they are not
    brought back over a finished game: :func:`restore`)."""
    try:
        store.drop_sheets(game_id)
    except StoreError:
        pass


def _gone_notice(pad: Pad, mark: SheetMark) -> str:
    """That the round ``mark`` edits was deleted (on the phone that made
    ``pad``'s newest change) and that saving adds the values typed as round
    ``pad.next_round``."""
    newest = pad.changes[0].by if pad.changes else None
    return _("Round {number} was deleted on {phone} while this sheet was away. "
             "Saving adds these values as round {next}.").format(
        number=mark.number, phone=who(newest), next=pad.next_round)


def restore(store: Any, game_id: str, phone: str,
            fits: Callable[[Pad, int | None, dict[str, Any]], object]) -> tuple[KeptSheet, Pad] | None:
    """The sheet kept for game ``game_id`` on the phone labelled ``phone``,
    to open again, with the game as saved now (the pad it opens over), or
    None when there is none to open.

    ``fits(pad, number, entry)`` builds the game's sheet from ``entry`` for
    round ``number`` (None: a new round) and raises (KeyError, TypeError,
    ValueError, IndexError, AttributeError) when it can not. A kept sheet is
    dropped, and None returned, when it is damaged (its shape, or an entry
    its game's sheet can not start from), when the game is gone, or when the
    game was finished or ended since the sheet was opened. A sheet editing
    a round deleted since comes back as a new round's sheet with the values
    typed and :func:`_gone_notice`'s words (nothing typed: dropped). Never
    raises the store's errors: a store or a game that can not be read now
    brings nothing back and drops nothing.
    """
    if not phone:
        return None
    try:
        data = store.kept_sheet(game_id, phone)
        doc = None if data is None else store.get_game(game_id)
    except StoreError:
        return None
    if data is None:
        return None
    try:
        pad = None if doc is None else pad_from_doc(doc)
    except PadError:
        return None
    kept = from_json(data)
    if kept is not None and pad is not None and not (kept.mark.in_play and pad.finished):
        kept = _for_pad(pad, kept)
    else:
        kept = None
    if kept is not None and kept.entry is not None:
        try:
            fits(pad, None if kept.mark.new else pad.round_number(kept.mark.round_id), kept.entry)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            kept = None
    if kept is None:
        keep(store, game_id, phone, None)
        return None
    return kept, pad


def _for_pad(pad: Pad, kept: KeptSheet) -> KeptSheet | None:
    """``kept`` as it opens over ``pad`` (the game as saved now): itself, or,
    when the round it edits is gone, a new round's sheet with the values
    typed (None when nothing was typed)."""
    if kept.mark.new:
        return kept
    try:
        pad.round_number(kept.mark.round_id)
    except (ConflictError, PadError):
        if kept.entry is None:
            return None
        return KeptSheet(saving.mark_new(pad), kept.entry, _gone_notice(pad, kept.mark))
    return kept


class SheetWriter:
    """Runs the writes of one phone's kept sheet in order, one at a time,
    off the event loop, always the newest next.

    ``put(write)`` hands the write to do now (a function of no argument:
    keep this sheet, drop it). While a write runs, the write handed last
    waits and replaces any that waited before it (each keeps the whole
    sheet, so the newest holds every tap before it); it runs as soon as the
    running one ends. So the file ends as the newest sheet, taps never
    queue up, and a drop after a save is never overtaken by an older keep.
    Outside an event loop the write runs at once.
    """

    def __init__(self) -> None:
        self._waiting: Callable[[], None] | None = None
        self._task: asyncio.Task | None = None

    def put(self, write: Callable[[], None]) -> None:
        """Run ``write`` after the write running now (in place of any waiting)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            write()
            return
        self._waiting = write
        if self._task is None:
            self._task = loop.create_task(self._run())

    async def _run(self) -> None:
        """Run the waiting writes in a thread, one after another, until none waits."""
        try:
            while self._waiting is not None:
                write, self._waiting = self._waiting, None
                await asyncio.to_thread(write)
        finally:
            self._task = None

    async def done(self) -> None:
        """Wait until every write handed so far has run."""
        while self._task is not None:
            await asyncio.shield(self._task)
