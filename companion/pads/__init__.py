"""Score pads: the model behind each game's score screen (no UI, no storage).

Which pad belongs to which game is the registry's (:mod:`companion.registry`);
:func:`pad_class` looks it up, :func:`new_pad` starts a game and
:func:`pad_from_doc` rebuilds one from its saved document.  ``PADS`` and
``GAME_TITLES`` are read from the registry when first asked for.  See
:mod:`companion.pads.base` for what every pad offers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.i18n import _
from companion.pads.base import Pad, PadError, Place, Row
from companion.pads.one_card import OneCardPad
from companion.pads.one_up import OneUpPad
from companion.pads.up_or_down import UpOrDownPad
from companion.pads.up_to_nine import UpToNinePad


def __getattr__(name: str) -> Any:
    """``PADS`` (game id -> pad class) and ``GAME_TITLES`` (game id -> shown
    name), built from the registry in its order; the registry imports the pads,
    so it is imported here only when one of them is asked for.

    Raises:
        AttributeError: for any other name.
    """
    from companion import registry

    if name == "PADS":
        return {entry.id: entry.pad for entry in registry.GAMES}
    if name == "GAME_TITLES":
        return {entry.id: entry.title for entry in registry.GAMES}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def pad_class(game: str) -> type[Pad]:
    """The pad class for a game id (``registry.game(game).pad``).

    Raises:
        PadError: for an unknown game id, naming the known ones.
    """
    from companion import registry

    try:
        return registry.game(game).pad
    except registry.UnknownGameError as exc:
        raise PadError(str(exc)) from None


def new_pad(
    game: str,
    players: Sequence[str],
    *,
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Pad:
    """Start a new game's pad.

    Args:
        game: a game id of ``companion.registry.GAMES``.
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
        raise PadError(_("A saved game must be a JSON object"))
    return pad_class(doc.get("game")).from_doc(doc)


__all__ = [
    "GAME_TITLES", "PADS", "OneCardPad", "OneUpPad", "Pad", "PadError", "Place", "Row",
    "UpOrDownPad", "UpToNinePad", "new_pad", "pad_class", "pad_from_doc",
]
