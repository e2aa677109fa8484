"""Game documents for the storage tests (the saved game document of companion.document)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

PLAYERS = ["Ann", "Ben", "Cato"]


def stamp(minutes: int) -> str:
    """An ISO 8601 UTC time ``minutes`` after 2026-01-01T00:00."""
    start = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    return (start + dt.timedelta(minutes=minutes)).isoformat()


def one_up_round(went_out: str) -> dict[str, Any]:
    """A One Up round entry as its pad saves it: ``went_out`` emptied their hand, the others kept K and 3."""
    return {"hands": {name: [] if name == went_out else ["K", "3"] for name in PLAYERS},
            "went_out": went_out, "ended_by": went_out}


def make_doc(order: int = 0, *, finished: bool = False, rounds: int = 2, **fields: Any) -> dict[str, Any]:
    """A valid schema-2 game; a higher ``order`` is created later; ``fields`` override any key.

    A finished one is marked finished (not ended early) before its rounds reach the end the
    rules set, so by the rules it has no winner: ``winners`` is ``[]``, as the store lists it."""
    doc = {
        "schema": 2,
        "id": uuid.uuid4().hex,
        "game": "one_up",
        "players": list(PLAYERS),
        "first_dealer": 1,
        "options": {"joker": False, "limit": 40},
        "rounds": [{"id": f"{n + 1:08x}", "rev": n + 1, **one_up_round(PLAYERS[n % 3])} for n in range(rounds)],
        "seq": rounds,
        "log": [],
        "created": stamp(order * 60),
        "updated": stamp(order * 60 + 30),
        "finished": finished,
        "ended_early": False,
        "winners": [],
    }
    doc.update(fields)
    return doc
