"""Score pads: the model behind each game's score screen (no UI, no storage).

``PADS`` maps a game id to its pad class; :func:`new_pad` starts a game and
:func:`pad_from_doc` rebuilds one from its saved document.  See
:mod:`companion.pads.base` for what every pad offers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion import setup
from companion.pads.base import Pad, PadError, Place, Row
from companion.pads.one_card import OneCardPad
from companion.pads.one_up import OneUpPad
from companion.pads.up_or_down import UpOrDownPad
from companion.pads.up_to_nine import UpToNinePad

PADS: dict[str, type[Pad]] = {
    pad.GAME: pad for pad in (OneUpPad, OneCardPad, UpToNinePad, UpOrDownPad)
}
"""Game id ("one_up", "one_card", "up_to_nine", "up_or_down") -> pad class."""

GAME_TITLES: dict[str, str] = {game: setup.GAMES[game].title for game in PADS}
"""Game id -> the game's name as shown ("One Up", "Up or Down?")."""


def pad_class(game: str) -> type[Pad]:
    """The pad class for a game id.

    Raises:
        PadError: for an unknown game id, naming the known ones.
    """
    if not isinstance(game, str) or game not in PADS:
        raise PadError(f"There is no game {game!r}: choose one of {', '.join(PADS)}")
    return PADS[game]


def new_pad(
    game: str,
    players: Sequence[str],
    *,
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Pad:
    """Start a new game's pad.

    Args:
        game: a game id from ``PADS``.
        players: names in seating order (2-6, unique, not blank).
        first_dealer: seat (index into ``players``) of round 1's dealer.
        options: house rules (see each pad's ``DEFAULTS``).

    Raises:
        PadError: an unknown game, bad names or player count, bad options.
    """
    return pad_class(game)(players, first_dealer=first_dealer, options=options)


def pad_from_doc(doc: Mapping[str, Any]) -> Pad:
    """Rebuild the right pad from a saved game document (see ``Pad.to_doc``).

    Raises:
        PadError: not a game document, an unknown game, or rounds the rules
            can not score.
    """
    if not isinstance(doc, Mapping):
        raise PadError("A saved game must be a JSON object")
    return pad_class(doc.get("game")).from_doc(doc)


__all__ = [
    "GAME_TITLES", "PADS", "OneCardPad", "OneUpPad", "Pad", "PadError", "Place", "Row",
    "UpOrDownPad", "UpToNinePad", "new_pad", "pad_class", "pad_from_doc",
]
