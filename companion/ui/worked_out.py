"""Values worked out once per pad for every phone showing it.

The sessions showing one game share the pad the game cache keeps
(``companion.ui.live.game_cache``): what a screen shows of it as plain
values (the score table's headings and round lines, the board's lines) is
worked out once per pad, change and language by :func:`worked_out`, not
once per phone, so a save costs each further phone watching only the
painting of what changed.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any

from companion.i18n import current_language
from companion.pads import Pad

_WORKED_OUT: weakref.WeakKeyDictionary[Pad, dict[tuple, Any]] = weakref.WeakKeyDictionary()
_WORKED_OUT_LOCK = threading.Lock()


def worked_out(pad: Pad, name: str, make: Callable[[Pad], Any]) -> Any:
    """``make(pad)``, worked out once per pad, change and language: the
    sessions showing one game share the pad the game cache keeps, so a
    save's plain values (the score table's headings and round lines, the
    board's lines) are worked out once for every phone watching, not once
    per phone. ``name`` tells
    the values apart; a later change of ``pad`` (its newest change, its
    rounds) or another language works them out again."""
    key = (name, current_language(), pad.latest_change_id, len(pad.rows), pad.finished)
    with _WORKED_OUT_LOCK:
        kept = _WORKED_OUT.setdefault(pad, {})
        if key in kept:
            return kept[key]
    value = make(pad)
    with _WORKED_OUT_LOCK:
        kept = _WORKED_OUT.setdefault(pad, {})
        stale = [old for old in kept if old[0] == name and old != key]
        for old in stale:
            del kept[old]
        kept[key] = value
    return value

