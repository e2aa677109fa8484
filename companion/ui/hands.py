"""How the screens keep and save a round entered hand by hand.

Each player enters their own part of the next round on their own phone
(:func:`enter_hand`); the parts go into the game's draft, which the store
keeps (``Store.update_draft``, shape in :mod:`companion.pads.hands`). Once
every part is in, any phone saves the round (:func:`save_hands`) through
the same path as a sheet (``saving.save_round``: the pad's ``add_round``
checks it by the rules, on the game as saved at that moment), and the draft
is cleared. A draft for a round that was saved another way meanwhile is
not used: :func:`table_hands` says so until someone clears it
(:func:`clear_hands`) or starts the next round's hands.

Plain Python: no flet here, so the browser-free tests drive it with a real
``Store``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.errors import StoreError
from companion.i18n import _
from companion.pads import Pad, PadError, pad_from_doc
from companion.pads.changelog import who
from companion.pads.hands import HandsStatus, entered_by, is_stale, status, with_part
from companion.ui import saving
from companion.ui.saving import Outcome, SheetMark


@dataclass(frozen=True)
class Hands:
    """What a pad shows of the round being entered hand by hand.

    Attributes:
        draft: the draft for the pad's next round (None: no hand is in).
        status: who is done and who is missing (None without a draft).
        stale: the words telling that a draft's round was saved another way
            ("" when there is no such draft).
        stale_round: that draft's round (None when there is no such draft).
    """

    draft: dict[str, Any] | None
    status: HandsStatus | None
    stale: str = ""
    stale_round: int | None = None


def table_hands(pad: Pad, draft: dict[str, Any] | None) -> Hands:
    """What ``pad`` (the game as saved now) shows of ``draft``, its game's
    hand-by-hand draft as saved (``Store.get_draft``; the screens get it
    with the pad from the game cache, ``companion.ui.live.Shown.draft``).
    A game whose rounds are entered whole shows no draft."""
    if not pad.HAND_BY_HAND or draft is None:
        return Hands(None, None)
    if is_stale(pad, draft):
        return Hands(None, None, not_used(pad, draft.get("round")), draft.get("round"))
    return Hands(draft, status(pad, draft))


def not_used(pad: Pad, number: object) -> str:
    """Why a draft for round ``number`` is not used: that round was saved
    another way (on the phone that made ``pad``'s newest change)."""
    newest = pad.changes[0].by if pad.changes else None
    return _("Round {number} was saved on {phone}, so the hands entered for it were not used.").format(
        number=number, phone=who(newest)
    )


def enter_hand(store: Any, game_id: str, player: str, entry: dict, by: str | None) -> str | None:
    """Put ``player``'s part of ``entry`` (a sheet's entry: the pad's
    ``add_round`` keyword arguments) into the draft of game ``game_id``'s
    next round, as saved when the store takes it; ``by`` is this phone's
    label. A draft for a round saved meanwhile is replaced by a new one.

    Returns None when it is in, else why not (the pad's or the store's words).
    """

    def change(draft: dict[str, Any] | None) -> dict[str, Any]:
        doc = store.get_game(game_id)
        if doc is None:
            raise PadError(_("This game is not saved any more; it may have been deleted"))
        pad = pad_from_doc(doc)
        return with_part(pad, draft, player, pad.hand_part(entry, player), by)

    try:
        store.update_draft(game_id, change)
    except (PadError, StoreError) as error:
        return str(error)
    return None


def clear_hands(store: Any, game_id: str, number: int) -> None:
    """Drop game ``game_id``'s draft if it is the one for round ``number``
    (a draft started meanwhile for another round stays). A store that can
    not write now leaves it: it is not used for any other round."""
    try:
        store.update_draft(game_id, lambda draft: None if draft is None or draft.get("round") == number else draft)
    except StoreError:
        pass


def save_hands(store: Any, game_id: str, by: str | None) -> Outcome:
    """Save the round whose hands are all in (the draft of game
    ``game_id``) as the round it was entered for, with ``by`` (this
    phone's label) and the phone that entered each hand in the change log,
    and clear the draft.

    Returns an :class:`Outcome`: saved ("Round 4 saved"); refused by the
    pad (the rules' words, the draft kept to be put right); or, when that
    round was saved meanwhile on another phone, refused with the draft
    cleared (nothing saved twice).
    """
    try:
        draft = store.get_draft(game_id)
    except StoreError as error:
        return Outcome(False, str(error))
    if draft is None:
        return Outcome(False, _("The hands were cleared on another phone: nothing to save"))
    number = draft["round"]
    try:
        doc = store.get_game(game_id)
        if doc is None:
            return Outcome(False, _("This game is not saved any more; it may have been deleted"))
        pad = pad_from_doc(doc)
        entry = pad.join_hands(draft["parts"])
    except (PadError, StoreError) as error:
        return Outcome(False, str(error))
    outcome = saving.save_round(store, game_id, SheetMark(None, None, number), entry, by, entered_by(pad, draft))
    if outcome.saved:
        clear_hands(store, game_id, number)
        return outcome
    if outcome.conflict is not None:
        clear_hands(store, game_id, number)
        latest = saving.latest(store, game_id)
        return Outcome(False, not_used(latest, number) if latest is not None else outcome.message)
    return outcome
