"""Score pads: the model behind each game's score screen (no UI, no storage).

The shared engine of every game's pad: :mod:`companion.pads.base` (what
every pad offers), ``versions`` and ``changelog`` (round ids, revisions, the
change log), ``table`` (names, counts, JSON) and ``hands`` (hand-by-hand
entry).  Each game's own pad class lives in its package
(``companion/games/<id>/pad.py``); which pad belongs to which game is the
registry's, the layer above the games: ``companion.registry``'s
``pad_class`` looks it up, ``new_pad`` starts a game and ``pad_from_doc``
rebuilds one from its saved document.
"""

from __future__ import annotations

from companion.pads.base import Pad, PadError, Place, Row

__all__ = ["Pad", "PadError", "Place", "Row"]
