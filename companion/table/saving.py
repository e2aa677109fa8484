"""How the screens save a change to a game: one transaction on the latest
saved version, through ``Store.update_game``, and what to tell the user.

No screen keeps a pad across a user's think time to save it. An entry sheet
remembers only a :class:`SheetMark` (the round id and revision it showed, or
the number a new round would get); the save hands that mark to the pad
(``expected_rev`` / ``expected_round``) so a round changed, deleted or added
on another phone meanwhile is refused with a ``ConflictError`` instead of
being overwritten or silently doubled. This module turns every outcome into
an :class:`Outcome` the screen shows: saved, refused by the rules (PadError),
refused by the store (read-only folder, full disk, game deleted: StoreError)
or a :class:`Conflict` the user resolves. A refusal of the rules core that
reaches a save without being worded as a PadError is a ValueError too, and
is told the same way (nothing is saved: ``update_game`` saves only when the
change returns).

Plain Python: no flet here, so the browser-free tests drive it with a real
``Store``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.errors import ConflictError, StoreError
from companion.i18n import _
from companion.pads import Pad, PadError
from companion.registry import pad_from_doc
from companion.rules_core import copy_json

REFUSED = (PadError, StoreError, ValueError)
"""What a save may be refused with: the pad's and the store's errors, and
the rules core's (all ValueErrors; listed for the reader)."""

ADD, EDIT, GONE, DELETE, ENDED = "add", "edit", "gone", "delete", "ended"
"""Conflict kinds: a new round met another new round; an edited round was
changed meanwhile; an edited round was deleted meanwhile; a round to delete
was changed meanwhile (or the game ended before it was deleted); the game
was ended while a round was being entered or edited."""


@dataclass(frozen=True)
class SheetMark:
    """What an entry sheet was opened on.

    Attributes:
        round_id: the round's stable id, or None for a new round.
        rev: the round's revision the sheet showed (None for a new round).
        number: the round's number when the sheet was opened (for a new
            round: the number it would be saved as, ``pad.next_round``).
        in_play: True when the game was in play then (not finished): a save
            finding it finished now asks before taking it back into play
            (``Pad.expect_in_play``).
        place: for a new round, the number it is put at instead of after
            the last round (the pad's ``add_at``: a round deleted on another
            phone while it was edited here goes back in its place); None:
            after the last.
    """

    round_id: str | None
    rev: int | None
    number: int
    in_play: bool = True
    place: int | None = None

    @property
    def new(self) -> bool:
        """True for a sheet entering a new round."""
        return self.round_id is None


def mark_new(pad: Pad) -> SheetMark:
    """The mark of a sheet opened for a new round of ``pad`` (as round ``pad.next_round``)."""
    return SheetMark(None, None, pad.next_round, not pad.finished)


def mark_round(pad: Pad, number: int) -> SheetMark:
    """The mark of a sheet opened on round ``number`` (from 1) of ``pad``.

    Raises:
        PadError: ``pad`` has no such round.
    """
    return SheetMark(pad.round_id(number), pad.round_rev(number), number, not pad.finished)


@dataclass(frozen=True)
class Conflict:
    """A change refused because the game moved on; the user decides.

    Attributes:
        kind: ``ADD``, ``EDIT``, ``GONE`` or ``DELETE``.
        message: the pad's words ("Round 4 was just saved on Ben's phone:
            save yours as round 5, or drop it?").
        mark: the mark to save against when the user keeps their entry:
            the round as it is now (``EDIT``, ``DELETE``), or a new round at
            the current next number (``ADD``, ``GONE``).
        apply_label: the button that applies the user's entry again
            ("Save mine over it", "Save as round 5", "Put it back as round
            2", "Delete it anyway").
        drop_label: the button that keeps the game as it is now
            ("Keep theirs", "Drop mine", "Keep it").
        also: a third answer, (its button's words, the mark to save
            against), or None: for a round deleted under an edit, saving
            the entry over the round that has its number now ("Save over
            round 2 now").
    """

    kind: str
    message: str
    mark: SheetMark
    apply_label: str
    drop_label: str
    also: tuple[str, SheetMark] | None = None


@dataclass(frozen=True)
class Outcome:
    """What became of one change.

    Attributes:
        saved: True when the change is saved.
        message: what to tell: after a save, what was saved ("Round 4
            saved"); else why not, in plain words.
        conflict: set when the game moved on and the user must choose.
        pad: after a save, the pad as saved (to read numbers and labels
            from; not to save again later).
        at: after a refusal, the number of the newest change of the game
            as the refusal saw it (``Pad.latest_change_id``; None when the
            game could not be read): the refusal is out of date once a
            screen shows a newer change.
    """

    saved: bool
    message: str
    conflict: Conflict | None = None
    pad: Pad | None = None
    at: int | None = None


def change_game(store: Any, game_id: str, change: Callable[[Pad], object], by: str | None) -> Outcome:
    """Run ``change(pad)`` on the latest saved version of game ``game_id``
    and save it (``Store.update_game``), with ``by`` (this phone's label)
    recorded in the change log.

    Returns a saved :class:`Outcome` (``message`` empty: the caller words
    it, ``pad`` the saved pad), or an unsaved one whose ``message`` is the
    pad's refusal (PadError), the conflict (ConflictError) or the store's
    reason (StoreError: read-only folder, full disk, lock busy, game deleted).
    Nothing is saved then. Never raises those errors.
    """
    seen: list[int] = []

    def noted(pad: Pad) -> object:
        seen.append(pad.latest_change_id)
        return change(pad)

    try:
        pad = store.update_game(game_id, noted, by=by)
    except REFUSED as error:
        return Outcome(False, str(error), at=seen[-1] if seen else None)
    return Outcome(True, "", pad=pad)


def latest(store: Any, game_id: str) -> Pad | None:
    """The game as saved now, or None when it can not be read."""
    try:
        doc = store.get_game(game_id)
        return None if doc is None else pad_from_doc(doc)
    except (PadError, StoreError):
        return None


def _new_round_conflict(kind: str, message: str, pad: Pad, in_play: bool) -> Conflict:
    """A conflict whose answer is to save the user's entry as the next round
    (``in_play`` as the sheet's mark had it, so a game ended meanwhile is
    asked about next)."""
    number = pad.next_round
    return Conflict(kind, message, SheetMark(None, None, number, in_play),
                    _("Save as round {number}").format(number=number), _("Drop mine"))


def _gone_conflict(message: str, pad: Pad, mark: SheetMark) -> Conflict:
    """The answers when the round ``mark`` names was deleted while it was
    edited: put it back at its number (the order of rounds decides the deal,
    and in One Up the give-backs and who starts), save it over the round
    that has that number now (when one does), or drop it."""
    place = min(mark.number, pad.next_round)
    back = SheetMark(None, None, pad.next_round, mark.in_play, place=place)
    also = None
    if place <= len(pad.rows):
        over = SheetMark(pad.round_id(place), pad.round_rev(place), place, mark.in_play)
        also = (_("Save over round {number} now").format(number=place), over)
    return Conflict(GONE, message, back, _("Put it back as round {number}").format(number=place), _("Drop mine"),
                    also)


def moved(pad: Pad, mark: SheetMark) -> bool:
    """True when the round ``mark`` names changed or went since its sheet
    was opened (for a new round: another round was added or deleted), as
    ``pad`` (the game as saved now) has it."""
    if mark.new:
        return pad.next_round != mark.number
    try:
        return pad.round_rev(mark.round_id) != mark.rev
    except (ConflictError, PadError):
        return True


def _expect_in_play(pad: Pad, mark: SheetMark, deleting: bool = False) -> None:
    """Refuse (ConflictError, ``Pad.expect_in_play``) a change from a sheet
    opened while the game was in play when the game has ended since, unless
    its round moved too: the round's own question is put first, and the end
    is asked about at the next save."""
    if mark.in_play and not moved(pad, mark):
        pad.expect_in_play(deleting)


def _conflict(store: Any, game_id: str, mark: SheetMark, message: str, deleting: bool) -> Conflict | None:
    """The choice to offer after a ConflictError on ``mark``'s round; None
    when there is nothing left to choose (the game is gone, or a round to
    delete is already deleted). A round that moved is asked about before
    an end of the game (see :func:`_expect_in_play`)."""
    pad = latest(store, game_id)
    if pad is None:
        return None
    if mark.in_play and pad.finished and not moved(pad, mark):
        ended = SheetMark(mark.round_id, mark.rev, pad.next_round if mark.new else mark.number, False, mark.place)
        if deleting:
            return Conflict(DELETE, message, ended, _("Delete it and play on"), _("Keep it"))
        return Conflict(ENDED, message, ended, _("Save and play on"), _("Drop mine"))
    if mark.new:
        return _new_round_conflict(ADD, message, pad, mark.in_play)
    try:
        number = pad.round_number(mark.round_id)
    except (ConflictError, PadError):
        return None if deleting else _gone_conflict(message, pad, mark)
    now = SheetMark(mark.round_id, pad.round_rev(number), number, mark.in_play)
    if deleting:
        return Conflict(DELETE, message, now, _("Delete it anyway"), _("Keep it"))
    return Conflict(EDIT, message, now, _("Save mine over it"), _("Keep theirs"))


def _save_entry(mark: SheetMark, entry: dict, pad: Pad) -> None:
    """Put a sheet's ``entry`` into ``pad`` on ``mark``: a new round in its
    place, or the edit of the round ``mark`` names, refused (ConflictError)
    when that round or the round count moved since the sheet was opened, or
    the game ended (:func:`_expect_in_play`); the rules' own refusals are
    PadErrors or ValueErrors."""
    _expect_in_play(pad, mark)
    if mark.new:
        pad.add_at = mark.place
        pad.add_round(**entry, expected_round=mark.number)
    else:
        pad.edit_round(mark.round_id, **entry, expected_rev=mark.rev)


def preview_round(pad: Pad, mark: SheetMark, entry: dict, by: str | None) -> Pad | None:
    """The game ``pad`` (as a phone shows it) as saving the sheet's
    ``entry`` on ``mark`` by ``by`` will leave it, when the rules and the
    sheet's mark accept it there (None when they refuse it: the save's own
    answer tells why); ``pad`` and ``entry`` are left unchanged. A phone
    draws it while the save is made durable; the store checks the entry
    again on the latest saved version (:func:`save_round`), which decides."""
    copy = pad_from_doc(pad.to_doc())
    copy.by = by
    try:
        _save_entry(mark, copy_json(entry), copy)
    except (ConflictError, *REFUSED):
        return None
    return copy


def save_round(store: Any, game_id: str, mark: SheetMark, entry: dict, by: str | None) -> Outcome:
    """Save a sheet's entry: a new round (``mark.new``) or an edit of the
    round ``mark`` names, refused when that round or the round count moved
    on since the sheet was opened (the pad's ``expected_round`` /
    ``expected_rev``, ``companion.pads.versions``).

    ``entry`` is the pad's ``add_round`` / ``edit_round`` keyword arguments;
    ``by`` this phone's label (a round entered hand by hand is saved by
    ``companion.table.hands.save_hands``). Returns an :class:`Outcome`: saved
    ("Round 4 saved"), refused (the pad's or the store's reason), or with a
    :class:`Conflict` to put to the user.
    """

    try:
        pad = store.update_game(game_id, partial(_save_entry, mark, entry), by=by)
    except ConflictError as error:
        return Outcome(False, str(error), _conflict(store, game_id, mark, str(error), deleting=False))
    except REFUSED as error:
        return Outcome(False, str(error))
    number = (mark.place or pad.next_round - 1) if mark.new else pad.round_number(mark.round_id)
    return Outcome(True, _("Round {number} saved").format(number=number), pad=pad)


def delete_round(store: Any, game_id: str, mark: SheetMark, by: str | None) -> Outcome:
    """Delete the round ``mark`` names, refused when it changed or went since
    the sheet showed it (``expected_rev``).

    Returns an :class:`Outcome`: saved ("Round 4 deleted"), refused, or with
    a ``DELETE`` :class:`Conflict` when the round was changed meanwhile (a
    round already deleted leaves nothing to choose: only the message).
    """
    def change(pad: Pad) -> None:
        _expect_in_play(pad, mark, deleting=True)
        pad.delete_round(mark.round_id, expected_rev=mark.rev)

    try:
        pad = store.update_game(game_id, change, by=by)
    except ConflictError as error:
        return Outcome(False, str(error), _conflict(store, game_id, mark, str(error), deleting=True))
    except REFUSED as error:
        return Outcome(False, str(error))
    return Outcome(True, _("Round {number} deleted").format(number=mark.number), pad=pad)


def undo(store: Any, game_id: str, expected: int | None, by: str | None) -> Outcome:
    """Undo, from the saved change log, change number ``expected`` (the one
    the screen offered: ``pad.undo_id``), refused with the pad's reason
    when another phone undid it or built on it meanwhile.

    Returns an :class:`Outcome`: saved ("Undone: round 4 added"), or refused.
    """
    taken: list[str] = []
    outcome = change_game(store, game_id, lambda pad: taken.append(pad.undo(expected=expected)), by)
    if not outcome.saved:
        return outcome
    return Outcome(True, _("Undone: {change}").format(change=taken[0]), pad=outcome.pad)
