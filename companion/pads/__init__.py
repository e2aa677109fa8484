"""Score pads: the model behind each game's score screen (no UI, no storage).

The shared engine of every game's pad: :mod:`companion.pads.base` (what
every pad offers), ``versions`` and ``changelog`` (round ids, revisions, the
change log), ``table`` (names, counts, JSON) and ``hands`` (hand-by-hand
entry).  Each game's own pad class lives in its package
(``companion/games/<id>/pad.py``); which pad belongs to which game is the
registry's (:mod:`companion.registry`): :func:`pad_class` looks it up,
:func:`new_pad` starts a game and :func:`pad_from_doc` rebuilds one from its
saved document.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.i18n import _
from companion.pads.base import Pad, PadError, Place, Row


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
        options: house rules (see each game's ``OPTIONS``).

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


__all__ = ["Pad", "PadError", "Place", "Row", "new_pad", "pad_class", "pad_from_doc"]
