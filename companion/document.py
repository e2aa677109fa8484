"""The saved game document: its shape, schema version, migrations and checks.

One place for the document that the pads write (``Pad.to_doc``), the store
keeps and a backup carries. A document is plain JSON with the outer fields
``schema``, ``id``, ``game``, ``players``, ``first_dealer``, ``options``,
``rounds``, ``created``, ``updated``, ``finished``, ``ended_early`` and
``winners``; ``options`` and the entries of ``rounds`` are each game's own and
are checked by replaying them through the game's pad.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from typing import Any

from companion import setup
from companion.errors import StoreError

SCHEMA = 1
"""The version of the saved game document this code reads and writes."""

GAMES = setup.GAME_IDS
"""The values a document's ``game`` field may take (``companion.setup.GAME_IDS``)."""

SUMMARY_FIELDS = ("id", "game", "players", "created", "updated", "finished", "ended_early", "winners")
"""Fields copied from a game into its summary (plus ``rounds``: the number of rounds)."""

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a game id may be: 1 to 64 letters, digits, ``-`` or ``_``."""


def _migrate_0_to_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 (before versioning) -> 1.

    Schema 0 had no ``schema`` key, named the first dealer by player name in
    ``dealer`` instead of the seat index ``first_dealer``, and had no
    ``ended_early`` flag (a game stopped early was simply left unfinished).
    """
    migrated = {key: value for key, value in doc.items() if key != "dealer"}
    players = doc.get("players")
    dealer = doc.get("dealer")
    seats = players if isinstance(players, list) else []
    migrated["first_dealer"] = seats.index(dealer) if dealer in seats else 0
    migrated["ended_early"] = False
    migrated["schema"] = 1
    return migrated


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_0_to_1}
"""Document upgrades: from-version -> function returning the next version."""


def _label(doc: Any) -> str:
    """Name a document in an error message by its id when it has a usable one."""
    game_id = doc.get("id") if isinstance(doc, dict) else None
    return f"Game {game_id}" if isinstance(game_id, str) and game_id else "The game"


def migrate_doc(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring a game document up to the current schema (:data:`SCHEMA`).

    Takes a dict as saved by any version (a missing ``schema`` key means
    version 0) and returns a dict at version ``SCHEMA``; the input is not
    changed (the same object is returned when it is already current).
    Raises StoreError when the version is not a whole number, is newer than
    this code knows, or has no migration.
    """
    if not isinstance(doc, dict):
        raise StoreError(f"A saved game must be a JSON object, not {type(doc).__name__}.")
    version = doc.get("schema", 0)
    if not isinstance(version, int) or isinstance(version, bool):
        raise StoreError(f"{_label(doc)}: 'schema' must be a whole number, not {version!r}.")
    if version > SCHEMA:
        raise StoreError(
            f"{_label(doc)} was saved by a newer version of Companion (document version {version}; "
            f"this one reads up to {SCHEMA}). Update Companion to open it."
        )
    while version < SCHEMA:
        if version not in MIGRATIONS:
            raise StoreError(f"{_label(doc)}: document version {version} is not one Companion knows.")
        doc = MIGRATIONS[version](doc)
        version = doc["schema"]
    return doc


def is_int(value: Any) -> bool:
    """True for a whole number that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def utc_seconds(value: Any) -> float:
    """Seconds since the epoch of an ISO 8601 timestamp with a UTC offset; ValueError if it is not one."""
    if not isinstance(value, str):
        raise ValueError(value)
    moment = dt.datetime.fromisoformat(value)
    if moment.tzinfo is None:
        raise ValueError(value)
    return moment.timestamp()


def validate_doc(doc: dict[str, Any]) -> None:
    """Check the outer shape of a current-schema game document.

    Checks the types of every outer field of the saved game document
    (the shape in this module's docstring); ``options`` and the entries of
    ``rounds`` are only required to be JSON objects. Returns None; raises
    StoreError naming the first field that is wrong.
    """
    label = _label(doc)

    def fail(message: str) -> None:
        raise StoreError(f"{label}: {message}")

    if not isinstance(doc, dict):
        raise StoreError(f"A saved game must be a JSON object, not {type(doc).__name__}.")
    if doc.get("schema") != SCHEMA or not is_int(doc.get("schema")):
        fail(f"'schema' must be {SCHEMA}.")
    game_id = doc.get("id")
    if not isinstance(game_id, str) or not ID_PATTERN.fullmatch(game_id):
        raise StoreError(f"A saved game needs an 'id' of 1 to 64 letters, digits, '-' or '_'; got {game_id!r}.")
    if doc.get("game") not in GAMES:
        fail(f"'game' must be one of {', '.join(GAMES)}; got {doc.get('game')!r}.")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        fail("'players' must be a list of player names (non-empty text).")
    counts = setup.GAMES[doc["game"]].players
    if len(players) not in counts:
        fail(f"'players' must name {counts.start} to {counts.stop - 1} players; got {len(players)}.")
    dealer = doc.get("first_dealer")
    if not is_int(dealer) or not 0 <= dealer < len(players):
        fail(f"'first_dealer' must be a seat number from 0 to {len(players) - 1}; got {dealer!r}.")
    if not isinstance(doc.get("options"), dict):
        fail("'options' must be a JSON object.")
    rounds = doc.get("rounds")
    if not isinstance(rounds, list) or not all(isinstance(entry, dict) for entry in rounds):
        fail("'rounds' must be a list of JSON objects, one per round.")
    for field in ("created", "updated"):
        try:
            utc_seconds(doc.get(field))
        except ValueError:
            fail(f"'{field}' must be an ISO 8601 date and time with a UTC offset; got {doc.get(field)!r}.")
    for field in ("finished", "ended_early"):
        if not isinstance(doc.get(field), bool):
            fail(f"'{field}' must be true or false; got {doc.get(field)!r}.")
    winners = doc.get("winners")
    if not isinstance(winners, list) or not all(isinstance(w, str) and w in players for w in winners):
        fail("'winners' must be a list of names taken from 'players'.")



def plain_copy(doc: Any) -> Any:
    """A deep copy made of plain JSON types; StoreError if the value cannot be JSON."""
    try:
        return json.loads(json.dumps(doc, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise StoreError(f"{_label(doc)} cannot be saved as JSON: {error}.") from error


def load_doc(raw: dict[str, Any]) -> dict[str, Any]:
    """Migrate and validate a document read from a file or a backup; StoreError if bad."""
    doc = migrate_doc(raw)
    validate_doc(doc)
    return doc


def prepare_doc(doc: dict[str, Any]) -> dict[str, Any]:
    """The store's own plain-JSON copy of a caller's document, migrated and validated."""
    return load_doc(plain_copy(doc))


def summarize(doc: dict[str, Any]) -> dict[str, Any]:
    """The list entry of a game document.

    Takes a valid current-schema document; returns a new dict with ``id``,
    ``game``, ``players``, ``created``, ``updated``, ``finished``,
    ``ended_early``, ``winners`` (copied) and ``rounds`` (the number of rounds).
    """
    summary = {field: doc[field] for field in SUMMARY_FIELDS}
    summary["players"] = list(doc["players"])
    summary["winners"] = list(doc["winners"])
    summary["rounds"] = len(doc["rounds"])
    return summary



def order_key(entry: dict[str, Any]) -> tuple[float, float, str]:
    """Sort key of a game or summary: newest ``created`` first, then ``updated``, then id."""
    return (utc_seconds(entry["created"]), utc_seconds(entry["updated"]), entry["id"])
