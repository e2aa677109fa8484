"""A round entered hand by hand: each player enters their own part of the
next round on their own phone, and any phone saves it once every part is in.

The draft of that round is plain JSON, kept by the store per game
(``Store.update_draft``) so it outlives a reload and a server restart::

    {"round": 4,                                  # the round it is for
     "rounds": ["1a2b3c4d", ...],                 # the rounds saved when it began
     "parts": {"Ann": {...}, "Cy": {...}},        # each player's raw part
     "by": {"Ann": "Ann's phone", "Cy": "..."}}   # the phone that entered it

A part is what :meth:`companion.pads.base.Pad.hand_part` takes out of a
sheet's entry: raw inputs only. Nothing here applies a rule: the round is
checked by the pad's ``add_round`` when it is saved, as any other round.

The hands in the players' hands belong to the deal being played, whatever
its number: a draft is stale (and dropped) only when a round was added
since it began (a round id saved now that ``rounds`` does not hold: the
deal was saved another way). After a round is deleted or undone the draft
is for the round now next. A draft without ``rounds`` (written before
drafts kept them) is stale when its ``round`` is not the game's next round.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from companion.i18n import _
from companion.pads.base import Pad, PadError, join_names


@dataclass(frozen=True)
class HandsStatus:
    """Who has entered their part of a drafted round.

    Attributes:
        number: the round the draft is for.
        done: the players whose part is in, in seating order.
        missing: the players whose part is not, in seating order.
    """

    number: int
    done: tuple[str, ...]
    missing: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """True when every player's part is in."""
        return not self.missing

    @property
    def text(self) -> str:
        """The status in words: "Ann done, Cy done, waiting for Ben", or
        "Every hand is in" once nobody is missing."""
        if self.complete:
            return _("Every hand is in")
        done = [_("{name} done").format(name=player) for player in self.done]
        return ", ".join([*done, _("waiting for {names}").format(names=join_names(list(self.missing)))])


def round_ids(pad: Pad) -> list[str]:
    """The ids of ``pad``'s saved rounds, oldest first."""
    return [pad.round_id(number) for number in range(1, pad.next_round)]


def added_since(pad: Pad, rounds: Collection[str]) -> list[int]:
    """The numbers (from 1, ascending) of ``pad``'s rounds whose ids are not
    in ``rounds`` (the ids saved at some earlier moment): the rounds added since."""
    return [number for number, round_id in enumerate(round_ids(pad), start=1) if round_id not in rounds]


def is_stale(pad: Pad, draft: Mapping[str, Any]) -> bool:
    """True when ``draft`` is not for ``pad``'s deal being played any more:
    the game is finished, or a round was added since the draft began (its
    ``rounds``; a draft without them: its ``round`` is not the next round)."""
    if pad.finished:
        return True
    rounds = draft.get("rounds")
    if isinstance(rounds, list):
        return bool(added_since(pad, rounds))
    return draft.get("round") != pad.next_round


def ended_only(pad: Pad, draft: Mapping[str, Any]) -> bool:
    """True when ``draft`` is stale only because the game was finished or
    ended early: no round was added since it began, so it would be the deal
    being played again if the game were taken back into play."""
    rounds = draft.get("rounds")
    added = added_since(pad, rounds) if isinstance(rounds, list) else draft.get("round") != pad.next_round
    return pad.finished and not added


def stale_round(pad: Pad, draft: Mapping[str, Any]) -> object:
    """The round that made a stale ``draft`` stale: the first round added
    since it began (its ``round`` for a draft without ``rounds``, or when
    only the game's end made it stale)."""
    rounds = draft.get("rounds")
    added = added_since(pad, rounds) if isinstance(rounds, list) else []
    return added[0] if added else draft.get("round")


def with_part(pad: Pad, draft: Mapping[str, Any] | None, player: str, part: Mapping[str, Any],
              by: str | None) -> dict[str, Any]:
    """``draft`` (None or stale: a new one for ``pad``'s next round) with
    ``player``'s part set to ``part``, entered on the phone ``by``; its
    ``round`` is ``pad``'s next round.

    Raises:
        PadError: ``player`` is not playing in ``pad``'s game.
    """
    if player not in pad.players:
        raise PadError(_("{name} is not playing in this game: choose from {names}").format(
            name=repr(player), names=join_names(pad.players)))
    if draft is None or is_stale(pad, draft):
        draft = {"rounds": round_ids(pad), "parts": {}, "by": {}}
    return {
        "round": pad.next_round,
        **({"rounds": draft["rounds"]} if "rounds" in draft else {}),
        "parts": {**draft["parts"], player: dict(part)},
        "by": {**draft["by"], player: by},
    }


def entered_by(pad: Pad, draft: Mapping[str, Any]) -> dict[str, str | None]:
    """Who entered each hand in ``draft``: player -> the phone's label (None when the draft does not
    say it as text), for the players of ``pad`` whose hand is in, in seating order."""
    phones = draft.get("by")
    phones = phones if isinstance(phones, Mapping) else {}
    return {player: phone if isinstance(phone := phones.get(player), str) else None
            for player in pad.players if player in draft.get("parts", {})}


def status(pad: Pad, draft: Mapping[str, Any]) -> HandsStatus:
    """Who is done and who is missing in ``draft`` (a draft of ``pad`` that
    is not stale, so for its next round)."""
    parts = draft.get("parts", {})
    return HandsStatus(
        pad.next_round,
        tuple(player for player in pad.players if player in parts),
        tuple(player for player in pad.players if player not in parts),
    )


def start_entry(pad: Pad, parts: Mapping[str, Mapping[str, Any]]) -> tuple[dict[str, Any], str]:
    """The entry a sheet starts from, made of the players' ``parts`` (the
    pad's ``join_hands``), and "" or the pad's words for the parts
    contradicting each other ("Ann and Ben each say they went out: only one
    player can"). A mark that several parts set (a flag: True in more than
    one part) is left unset then, for the user to choose; everything else
    entered is kept.

    Raises:
        PadError: the game's rounds are entered whole.
    """
    try:
        return pad.join_hands(parts), ""
    except PadError as error:
        clash = str(error)
    flags = {key for part in parts.values() for key, value in part.items() if value is True}
    claimed = {flag for flag in flags if sum(part.get(flag) is True for part in parts.values()) > 1}
    settled = {player: {key: (False if key in claimed else value) for key, value in part.items()}
               for player, part in parts.items()}
    return pad.join_hands(settled), clash


def take_in(pad: Pad, began: Mapping[str, Any], typed: Mapping[str, Any], opened: Mapping[str, Any],
            parts: Mapping[str, Any]) -> tuple[dict[str, Any], list[str], str] | None:
    """An open sheet of ``pad``'s next round after hands came in on other phones: the parts that
    came in or changed since ``opened`` (the draft's parts the sheet last took in) are taken into
    the sheet for each player whose part of it is still as it began; a part the sheet's user
    entered stays theirs.

    Args:
        began: the entry the sheet started from.
        typed: the entry it holds now.
        opened: the draft's parts (player -> part) when the sheet opened or last took parts in.
        parts: the draft's parts now.

    Returns:
        None when no part came in for a player left as the sheet began; else the entry the sheet
        holds now, the players whose parts it took (in seating order) and "" or the words for
        the parts contradicting each other. A mark set on the sheet (who went out) stays; a
        part taken that sets it too has it unset, for the user to see (as :func:`start_entry`).
    """
    now = {player: pad.hand_part(typed, player) for player in pad.players}
    taken = [player for player in pad.players
             if player in parts and parts[player] != opened.get(player)
             and now[player] == pad.hand_part(began, player)]
    if not taken:
        return None
    merged = {**now, **{player: parts[player] for player in taken}}
    try:
        return pad.join_hands(merged), taken, ""
    except PadError as error:
        clash = str(error)
    kept = {key for player in pad.players if player not in taken for key, value in now[player].items() if value is True}
    settled = {player: {key: (False if key in kept and value is True else value) for key, value in part.items()}
               if player in taken else part for player, part in merged.items()}
    return start_entry(pad, settled)[0], taken, clash
