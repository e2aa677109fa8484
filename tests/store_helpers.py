"""Game documents for the storage tests (contracts.md, "Saved game document")."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

PLAYERS = ["Ann", "Ben", "Cato"]


def stamp(minutes: int) -> str:
    """An ISO 8601 UTC time ``minutes`` after 2026-01-01T00:00."""
    start = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    return (start + dt.timedelta(minutes=minutes)).isoformat()


def make_doc(order: int = 0, *, finished: bool = False, rounds: int = 2, **fields: Any) -> dict[str, Any]:
    """A valid schema-2 game; a higher ``order`` is created later; ``fields`` override any key."""
    doc = {
        "schema": 2,
        "id": uuid.uuid4().hex,
        "game": "one_up",
        "players": list(PLAYERS),
        "first_dealer": 1,
        "options": {"joker": False, "limit": 40},
        "rounds": [{"id": f"{n + 1:08x}", "rev": n + 1, "went_out": PLAYERS[n % 3],
                    "hands": {"Ann": ["7H"], "Ben": [], "Cato": ["KS", "2C"]}}
                   for n in range(rounds)],
        "seq": rounds,
        "log": [],
        "created": stamp(order * 60),
        "updated": stamp(order * 60 + 30),
        "finished": finished,
        "ended_early": False,
        "winners": ["Ben"] if finished else [],
    }
    doc.update(fields)
    return doc
