"""How the screens keep and save a round entered hand by hand.

Each player enters their own part of the next round on their own phone
(:func:`enter_hand`); the parts go into the game's draft, which the store
keeps (``Store.update_draft``, shape in :mod:`companion.pads.hands`). Once
every part is in, any phone saves the round (:func:`save_hands`) in one
transaction on the game as saved at that moment (``Store.update_game``: the
pad's ``add_round`` checks it by the rules, as a sheet's round), and the
draft is cleared. A draft for a deal that was saved another way meanwhile is
not used: :func:`table_hands` says so until someone clears it
(:func:`clear_hands`) or starts the next round's hands. A "My hand" sheet
remembers what it was opened on (:class:`HandMark`): a round saved another
way while it is open is told over it and it starts again blank
(:func:`follow`), and a send refuses to replace, unasked, a hand entered
elsewhere while it was open (:func:`send_hand`).

Plain Python: no flet here, so the browser-free tests drive it with a real
``Store``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.errors import ConflictError, StoreError
from companion.i18n import _, ngettext
from companion.pads import Pad, PadError
from companion.registry import pad_from_doc
from companion.pads.changelog import who
from companion.wording import join_words
from companion.pads.hands import (
    HandsStatus,
    added_since,
    ended_only,
    entered_by,
    is_stale,
    round_ids,
    stale_round,
    start_entry,
    status,
    take_in,
    with_part,
)
from companion.table import saving
from companion.table.saving import Outcome, SheetMark


@dataclass(frozen=True)
class Hands:
    """What a pad shows of the round being entered hand by hand.

    Attributes:
        draft: the draft for the pad's next round (None: no hand is in).
        status: who is done and who is missing (None without a draft).
        stale: the words telling that a draft's deal was saved another way,
            or that the game was ended ("" when there is no such draft).
    """

    draft: dict[str, Any] | None
    status: HandsStatus | None
    stale: str = ""


def table_hands(pad: Pad, draft: dict[str, Any] | None) -> Hands:
    """What ``pad`` (the game as saved now) shows of ``draft``, its game's
    hand-by-hand draft as saved (``Store.get_draft``; the screens get it
    with the pad from the game cache, ``companion.table.live.Shown.draft``).
    A game whose rounds are entered whole shows no draft."""
    if not pad.HAND_BY_HAND or draft is None:
        return Hands(None, None)
    if is_stale(pad, draft):
        return Hands(None, None, not_used(pad, draft))
    return Hands(draft, status(pad, draft))


def sheet_start(pad: Pad, hands: Hands, player: str | None = None) -> tuple[dict[str, Any] | None, str]:
    """The hands entered so far for ``pad``'s next round (``hands``, from
    :func:`table_hands`; only ``player``'s when given) as an entry to start
    a sheet from (None when none is in), and "" or the pad's words for the
    hands contradicting each other (the sheet then starts from them with
    the contested mark unset: :func:`companion.pads.hands.start_entry`)."""
    draft = hands.draft
    if draft is None or (player is not None and player not in draft["parts"]):
        return None, ""
    parts = draft["parts"] if player is None else {player: draft["parts"][player]}
    return start_entry(pad, parts)


def parts_in(hands: Hands | None) -> dict[str, Any]:
    """The parts (player -> part) of the draft a pad shows (``hands``, from :func:`table_hands`;
    None: no pad), a copy; none for no draft."""
    draft = hands.draft if hands is not None else None
    return dict(draft["parts"]) if draft is not None else {}


def came_in(pad: Pad, mark: SheetMark, parts: dict[str, Any], began: dict[str, Any] | None,
            typed: dict[str, Any] | None, taken: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """What the open sheet ``mark`` holds once the hands entered on other phones meanwhile are
    in, when it is a sheet of ``pad``'s next round (a deal saved another way meanwhile makes it
    a question, not a sheet to fill): ``parts`` (the draft's now), of which it had ``taken``
    in; it started from ``began`` and holds ``typed`` (None: a blank sheet, or as it began). A
    hand is taken for a player whose part of the sheet is as it began
    (:func:`companion.pads.hands.take_in`).

    Returns:
        None when it takes none; else the entry it holds now and the words telling whose
        hands came in (or the pad's words for the hands contradicting each other).
    """
    if not parts or not mark.new or mark.number != pad.next_round:
        return None
    start = began if began is not None else pad.join_hands({})
    took = take_in(pad, start, typed if typed is not None else start, taken, parts)
    if took is None:
        return None
    entry, players, clash = took
    return entry, clash or ngettext(
        "{names}'s hand, entered on another phone, is on this sheet now.",
        "The hands of {names}, entered on other phones, are on this sheet now.", len(players),
    ).format(names=join_words(players))


def not_used(pad: Pad, draft: dict[str, Any]) -> str:
    """Why a stale ``draft`` (``companion.pads.hands.is_stale``) is not used
    for ``pad`` (the game as saved now): the game was ended (on the phone
    that ended it), or its round was saved another way (on the phone that
    made ``pad``'s newest change)."""
    number = stale_round(pad, draft)
    if ended_only(pad, draft):
        return _("The game was ended on {phone}, so the hands entered for round {number} were not saved as a round.").format(
            number=number, phone=who(pad.ended_by))
    newest = pad.changes[0].by if pad.changes else None
    return _("Round {number} was saved on {phone}, so the hands entered for it were not used.").format(
        number=number, phone=who(newest)
    )


def enter_hand(store: Any, game_id: str, player: str, entry: dict, by: str | None,
               mark: HandMark | None = None) -> str | None:
    """Put ``player``'s part of ``entry`` (a sheet's entry: the pad's
    ``add_round`` keyword arguments) into the draft of game ``game_id``'s
    deal being played, as saved when the store takes it; ``by`` is this
    phone's label. A stale draft is replaced by a new one. From a sheet
    opened on ``mark``, it is refused when a round was added since (the
    deal was saved: :func:`hand_notice`'s words) or when ``player``'s hand
    was entered or changed elsewhere meanwhile ("Ann's hand was entered on
    <phone> while this was open: send again to replace it").

    Returns None when it is in, else why not (the pad's or the store's words).
    """

    def change(draft: dict[str, Any] | None) -> dict[str, Any]:
        doc = store.get_game(game_id)
        if doc is None:
            raise PadError(_("This game is not saved any more; it may have been deleted"))
        pad = pad_from_doc(doc)
        if mark is not None and added_since(pad, mark.rounds):
            raise PadError(hand_notice(pad, mark))
        part = _part_now(pad, draft, player)
        if mark is not None and part is not None and part != mark.part:
            raise PadError(_("{player}'s hand was entered on {phone} while this was open: "
                             "send again to replace it").format(player=player,
                                                                phone=who(entered_by(pad, draft)[player])))
        return with_part(pad, draft, player, pad.hand_part(entry, player), by)

    try:
        store.update_draft(game_id, change)
    except (PadError, StoreError) as error:
        return str(error)
    return None


def clear_hands(store: Any, game_id: str) -> None:
    """Drop game ``game_id``'s draft if it is stale (a round was added since
    it began, or the game is gone); a draft started meanwhile for the deal
    being played stays. A store that can not write now leaves it: it is not
    used for any other round."""

    def change(draft: dict[str, Any] | None) -> dict[str, Any] | None:
        if draft is None:
            return None
        doc = store.get_game(game_id)
        if doc is None or is_stale(pad_from_doc(doc), draft):
            return None
        return draft

    try:
        store.update_draft(game_id, change)
    except (PadError, StoreError):
        pass


@dataclass(frozen=True)
class HandMark:
    """What a "My hand" sheet was opened on.

    Attributes:
        rounds: the ids of the rounds saved then (a round added since was
            saved another way: the sheet's deal is over).
        part: the player's part in the draft then (None: not in); a part
            found different at the send was entered elsewhere meanwhile.
        notice: "" or why the sheet started again (:func:`follow`).
        restarts: how many times it started again (part of the sheet's key).
    """

    rounds: tuple[str, ...]
    part: dict[str, Any] | None
    notice: str = ""
    restarts: int = 0


def _part_now(pad: Pad, draft: dict[str, Any] | None, player: str) -> dict[str, Any] | None:
    """``player``'s part in ``draft`` when it is for ``pad``'s deal being played, else None."""
    if draft is None or is_stale(pad, draft):
        return None
    return draft.get("parts", {}).get(player)


def mark_hand(pad: Pad, draft: dict[str, Any] | None, player: str) -> HandMark:
    """The mark of ``player``'s "My hand" sheet opened now on ``pad`` with
    its game's ``draft`` (as saved)."""
    return HandMark(tuple(round_ids(pad)), _part_now(pad, draft, player))


def hand_notice(pad: Pad, mark: HandMark) -> str:
    """"" while no round was added to ``pad`` since ``mark``; else that the
    first such round was saved on the phone that made ``pad``'s newest
    change, and that this sheet is now for the round now next."""
    added = added_since(pad, mark.rounds)
    if not added:
        return ""
    newest = pad.changes[0].by if pad.changes else None
    return _("Round {number} was just saved on {phone}, so the hand typed here was not used: "
             "enter your hand for round {next}.").format(number=added[0], phone=who(newest), next=pad.next_round)


def follow(pad: Pad, draft: dict[str, Any] | None, player: str, mark: HandMark) -> HandMark:
    """``mark`` of ``player``'s open sheet as ``pad`` (with ``draft``)
    stands now: itself while no round was added since; else a mark for the
    round now next, carrying :func:`hand_notice`'s words and one restart
    more (the sheet, keyed by it, starts again from that round's hands).
    A delete or an undo changes nothing: the hand stays for the deal."""
    notice = hand_notice(pad, mark)
    if not notice:
        return mark
    return HandMark(tuple(round_ids(pad)), _part_now(pad, draft, player), notice, mark.restarts + 1)


def send_hand(store: Any, game_id: str, player: str, entry: dict, by: str | None,
              mark: HandMark) -> tuple[str | None, HandMark]:
    """:func:`enter_hand` from ``player``'s sheet opened on ``mark``.

    Returns (None, ``mark``) when the hand is in; else (why not, the mark
    to send with next: ``mark`` with the player's part as saved now, so
    that sending again replaces a hand entered elsewhere meanwhile).
    """
    refusal = enter_hand(store, game_id, player, entry, by, mark)
    if refusal is None:
        return None, mark
    pad = saving.latest(store, game_id)
    try:
        draft = store.get_draft(game_id)
    except StoreError:
        return refusal, mark
    return refusal, mark if pad is None else replace(mark, part=_part_now(pad, draft, player))


def save_hands(store: Any, game_id: str, by: str | None) -> Outcome:
    """Save the round whose hands are all in (the draft of game
    ``game_id``) as the game's next round, with ``by`` (this phone's
    label) and the phone that entered each hand in the change log, and
    clear the draft. The draft is checked on the game as the store saves
    it: a round added since the draft began refuses it.

    Returns an :class:`Outcome`: saved ("Round 4 saved"); refused by the
    pad (the rules' words, the draft kept to be put right); when the deal
    was saved meanwhile another way, refused with the draft cleared
    (nothing saved twice); or, when the game was ended meanwhile, refused
    with the draft kept (it is the deal being played again if the game is
    taken back into play).
    """
    try:
        draft = store.get_draft(game_id)
    except StoreError as error:
        return Outcome(False, str(error))
    if draft is None:
        return Outcome(False, _("The hands were cleared on another phone: nothing to save"))

    ended: list[bool] = []

    def change(pad: Pad) -> None:
        if is_stale(pad, draft):
            ended.append(ended_only(pad, draft))
            raise ConflictError(not_used(pad, draft))
        entry = pad.join_hands(draft["parts"])
        pad.hands_by = entered_by(pad, draft)
        pad.add_round(**entry, expected_round=pad.next_round)

    try:
        pad = store.update_game(game_id, change, by=by)
    except ConflictError as error:
        if not any(ended):
            clear_hands(store, game_id)
        return Outcome(False, str(error))
    except saving.REFUSED as error:
        return Outcome(False, str(error))
    clear_hands(store, game_id)
    return Outcome(True, _("Round {number} saved").format(number=pad.next_round - 1), pad=pad)
