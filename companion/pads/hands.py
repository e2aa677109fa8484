"""A round entered hand by hand: each player enters their own part of the
next round on their own phone, and any phone saves it once every part is in.

The draft of that round is plain JSON, kept by the store per game
(``Store.update_draft``) so it outlives a reload and a server restart::

    {"round": 4,                                  # the round it is for
     "parts": {"Ann": {...}, "Cy": {...}},        # each player's raw part
     "by": {"Ann": "Ann's phone", "Cy": "..."}}   # the phone that entered it

A part is what :meth:`companion.pads.base.Pad.hand_part` takes out of a
sheet's entry: raw inputs only. Nothing here applies a rule: the round is
checked by the pad's ``add_round`` when it is saved, as any other round.
A draft whose ``round`` is no longer the game's next round (that round was
saved another way) is stale and is dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
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


def is_stale(pad: Pad, draft: Mapping[str, Any]) -> bool:
    """True when ``draft`` is not for ``pad``'s next round any more (that
    round was saved another way, or the game is finished)."""
    return pad.finished or draft.get("round") != pad.next_round


def with_part(pad: Pad, draft: Mapping[str, Any] | None, player: str, part: Mapping[str, Any],
              by: str | None) -> dict[str, Any]:
    """``draft`` (None or stale: a new one for ``pad``'s next round) with
    ``player``'s part set to ``part``, entered on the phone ``by``.

    Raises:
        PadError: ``player`` is not playing in ``pad``'s game.
    """
    if player not in pad.players:
        raise PadError(_("{name} is not playing in this game: choose from {names}").format(
            name=repr(player), names=join_names(pad.players)))
    if draft is None or is_stale(pad, draft):
        draft = {"round": pad.next_round, "parts": {}, "by": {}}
    return {
        "round": draft["round"],
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
    """Who is done and who is missing in ``draft`` (players of ``pad``)."""
    parts = draft.get("parts", {})
    return HandsStatus(
        draft.get("round", pad.next_round),
        tuple(player for player in pad.players if player in parts),
        tuple(player for player in pad.players if player not in parts),
    )
