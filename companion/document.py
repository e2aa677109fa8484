"""The saved game document: its shape, schema version, migrations and checks.

One place for the document that the pads write (``Pad.to_doc``), the store
keeps and a backup carries. A document is plain JSON with the outer fields

``schema``
    :data:`SCHEMA`.
``id``, ``game``, ``players``, ``first_dealer``, ``options``
    the game, who plays in seating order, round 1's dealer, the house rules.
``rounds``
    one JSON object per round, oldest first: the game's own entry fields plus
    ``id`` (a stable round id, :data:`ROUND_ID_PATTERN`) and ``rev`` (the
    number of the change that wrote the round's current entry; a round of
    an older schema gets its round number).
``seq``
    the number of the newest change ever made to the game (changes are
    numbered 1, 2, ...; a new game has 0).
``log``
    the change log, oldest first, at most :data:`LOG_LIMIT` records (older
    ones are dropped and can no longer be undone); each record is a JSON
    object with at least ``id`` (its change number), ``at`` (ISO 8601 UTC),
    ``by`` (text or null) and ``kind`` (one of :data:`CHANGE_KINDS`); the
    rest is read by ``companion.pads.changelog``.
``created``, ``updated``, ``finished``, ``ended_early``, ``winners``
    times, the end of the game and its winners.
``lesson`` (only while the table is taught the game)
    the step of its first lesson the table is on: ``{"step": n}``, n from 0
    (``companion.table.lesson``). A document without it is a game outside a
    lesson, so the schema did not change when it came.

``options`` and the entry fields of ``rounds`` are each game's own and are
checked by replaying them through the game's pad.

The messages of the StoreErrors raised here are lazy (``companion.i18n.lazy``):
each is read in the language current when ``str()`` is taken of the error,
since a damaged saved game found as the store opens is told to each phone
later, in its own language.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
from collections.abc import Callable, Collection, Mapping
from itertools import repeat
from typing import Any, NamedTuple

from babel.support import LazyProxy

from companion.errors import StoreError
from companion.i18n import lazy

SCHEMA = 2
"""The version of the saved game document this code reads and writes."""

SUMMARY_FIELDS = ("id", "game", "players", "created", "updated", "finished", "ended_early", "winners")
"""Fields copied from a game into its summary (plus ``rounds``: the number of rounds)."""

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a game id may be: 1 to 64 letters, digits, ``-`` or ``_``."""

ROUND_ID_PATTERN = re.compile(r"[0-9a-f]{8}")
"""What a round id is: 8 lower-case hex digits, unique within its game."""

ROUND_KEYS = ("id", "rev")
"""The fields of a saved round that are the document's, not the game's entry."""

LOG_LIMIT = 100
"""The most change records a document keeps; the oldest are dropped first."""

CHANGE_KINDS = ("add", "edit", "delete", "option", "finish", "end_early", "reopen", "undo")
"""What a change record may be: a round added, edited or deleted, an option
changed, the game finished, ended early or reopened, or an undo."""


def new_round_id(taken: Collection[str]) -> str:
    """A fresh random round id (8 hex digits) not in ``taken``."""
    while True:
        round_id = secrets.token_hex(4)
        if round_id not in taken:
            return round_id


def _old_round_id(game_id: Any, number: int, taken: Collection[str]) -> str:
    """The round id a migration gives round ``number`` of game ``game_id``.

    Derived from the game id and the round number, so that every phone that
    migrates the same old document names its rounds alike; a clash within
    the game takes the next hash.
    """
    salt = 0
    while True:
        seed = f"{game_id}/{number}/{salt}".encode()
        round_id = hashlib.sha256(seed).hexdigest()[:8]
        if round_id not in taken:
            return round_id
        salt += 1


def _migrate_0_to_1(doc: dict[str, Any], games: Mapping[str, DocGame]) -> dict[str, Any]:
    """Schema 0 (before versioning) -> 1.

    Schema 0 had no ``schema`` key, named the first dealer by player name in
    ``dealer`` instead of the seat index ``first_dealer``, and had no
    ``ended_early`` flag (a game stopped early was simply left unfinished).
    ``games`` is not read (every migration takes it).
    """
    migrated = {key: value for key, value in doc.items() if key != "dealer"}
    players = doc.get("players")
    dealer = doc.get("dealer")
    seats = players if isinstance(players, list) else []
    migrated["first_dealer"] = seats.index(dealer) if dealer in seats else 0
    migrated["ended_early"] = False
    migrated["schema"] = 1
    return migrated


class DocGame(NamedTuple):
    """What the document checks need of one game: its ``players`` (the player
    counts it takes, ``range(2, 7)``: 2 to 6) and its ``round_upgrades``
    (schema version -> how one of its saved round entries gains the fields
    of the next schema). The caller gives them (the registry's
    ``doc_games``, or a pad for its own game): this module looks up no game."""

    players: range
    round_upgrades: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]


def _migrate_1_to_2(doc: dict[str, Any], games: Mapping[str, DocGame]) -> dict[str, Any]:
    """Schema 1 -> 2: round ids and revisions, the change log, each game's own new fields.

    Round ``n`` (from 1) gets the id :func:`_old_round_id` derives and
    revision ``n``; ``seq`` becomes the number of rounds (so every later
    change numbers above every revision) and the log starts empty. A game's
    rounds gain the fields its ``round_upgrades[1]`` in ``games`` gives (Up to 9's
    ``went_out``). Anything that is not of the expected type is left for
    :func:`validate_doc` to name.
    """
    migrated = dict(doc)
    rounds = doc.get("rounds")
    if isinstance(rounds, list):
        game = doc.get("game")
        upgrade = games[game].round_upgrades.get(1) if isinstance(game, str) and game in games else None
        taken: set[str] = set()
        new_rounds: list[Any] = []
        for number, entry in enumerate(rounds, 1):
            if isinstance(entry, dict):
                entry = upgrade(entry) if upgrade else dict(entry)
                round_id = _old_round_id(doc.get("id"), number, taken)
                taken.add(round_id)
                entry = {"id": round_id, "rev": number, **{k: v for k, v in entry.items() if k not in ROUND_KEYS}}
            new_rounds.append(entry)
        migrated["rounds"] = new_rounds
        migrated["seq"] = len(new_rounds)
    else:
        migrated["seq"] = 0
    migrated["log"] = []
    migrated["schema"] = 2
    return migrated


MIGRATIONS: dict[int, Callable[[dict[str, Any], Mapping[str, DocGame]], dict[str, Any]]] = {
    0: _migrate_0_to_1, 1: _migrate_1_to_2,
}
"""Document upgrades: from-version -> function of the document and the games
(game id -> :class:`DocGame`) returning the next version."""


def _label(doc: Any) -> LazyProxy:
    """Name a document in an error message by its id when it has a usable one."""
    game_id = doc.get("id") if isinstance(doc, dict) else None
    return lazy("Game {id}", id=game_id) if isinstance(game_id, str) and game_id else lazy("The game")


def _not_an_object(doc: Any) -> LazyProxy:
    """The message for a saved game that is not a JSON object (``doc`` is what was found)."""
    return lazy("A saved game must be a JSON object, not {kind}.", kind=type(doc).__name__)


def migrate_doc(doc: dict[str, Any], games: Mapping[str, DocGame]) -> dict[str, Any]:
    """Bring a game document up to the current schema (:data:`SCHEMA`).

    Takes a dict as saved by any version (a missing ``schema`` key means
    version 0) and the games (game id -> :class:`DocGame`, whose round
    upgrades its rounds get) and returns a dict at version ``SCHEMA``; the input is not
    changed (the same object is returned when it is already current).
    Raises StoreError when the version is not a whole number, is newer than
    this code knows, or has no migration.
    """
    if not isinstance(doc, dict):
        raise StoreError(_not_an_object(doc))
    version = doc.get("schema", 0)
    if not isinstance(version, int) or isinstance(version, bool):
        raise StoreError(lazy("{game}: 'schema' must be a whole number, not {value}.",
            game=_label(doc), value=repr(version)))
    if version > SCHEMA:
        raise StoreError(lazy(
            "{game} was saved by a newer version of Companion (document version {version}; "
            "this one reads up to {newest}). Update Companion to open it.",
            game=_label(doc), version=version, newest=SCHEMA,
        ))
    while version < SCHEMA:
        if version not in MIGRATIONS:
            raise StoreError(lazy("{game}: document version {version} is not one Companion knows.",
                game=_label(doc), version=version))
        doc = MIGRATIONS[version](doc, games)
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


def validate_doc(doc: dict[str, Any], games: Mapping[str, DocGame], *, log_records: bool = True) -> None:
    """Check the outer shape of a current-schema game document.

    ``games`` (game id -> :class:`DocGame`) are the games a document may be
    of, in the order an error names them, with the player counts each takes.
    Checks the types of every outer field of the saved game document
    (the shape in this module's docstring): each round's ``id`` and ``rev``,
    ``seq``, and each log record's ``id``, ``at``, ``by`` and ``kind``; a
    round's entry fields, ``options`` and the rest of a log record are only
    required to be JSON. With ``log_records`` False the log is only checked
    to be a list of at most :data:`LOG_LIMIT` JSON objects: the caller
    checks each record's fields with :func:`check_log_record` as it reads
    the record anyway (a pad loading the game: the log is walked once).
    Returns None; raises StoreError naming the first field that is wrong.
    """
    def fail(message: LazyProxy) -> None:
        raise StoreError(lazy("{game}: {problem}", game=_label(doc), problem=message))

    if not isinstance(doc, dict):
        raise StoreError(_not_an_object(doc))
    if doc.get("schema") != SCHEMA or not is_int(doc.get("schema")):
        fail(lazy("'schema' must be {version}.", version=SCHEMA))
    game_id = doc.get("id")
    if not isinstance(game_id, str) or not ID_PATTERN.fullmatch(game_id):
        raise StoreError(lazy("A saved game needs an 'id' of 1 to 64 letters, digits, '-' or '_'; got {value}.",
            value=repr(game_id)))
    if doc.get("game") not in games:
        fail(lazy("'game' must be one of {games}; got {value}.", games=", ".join(games), value=repr(doc.get("game"))))
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        fail(lazy("'players' must be a list of player names (non-empty text)."))
    counts = games[doc["game"]].players
    if len(players) not in counts:
        fail(lazy("'players' must name {least} to {most} players; got {count}.",
            least=counts.start, most=counts.stop - 1, count=len(players)))
    dealer = doc.get("first_dealer")
    if not is_int(dealer) or not 0 <= dealer < len(players):
        fail(lazy("'first_dealer' must be a seat number from 0 to {last}; got {value}.",
            last=len(players) - 1, value=repr(dealer)))
    if not isinstance(doc.get("options"), dict):
        fail(lazy("'options' must be a JSON object."))
    rounds = doc.get("rounds")
    if not isinstance(rounds, list) or not all(map(isinstance, rounds, repeat(dict))):
        fail(lazy("'rounds' must be a list of JSON objects, one per round."))
    for field in ("created", "updated"):
        if not _is_utc_time(doc.get(field)):
            fail(lazy("'{field}' must be an ISO 8601 date and time with a UTC offset; got {value}.",
                field=field, value=repr(doc.get(field))))
    for field in ("finished", "ended_early"):
        if not isinstance(doc.get(field), bool):
            fail(lazy("'{field}' must be true or false; got {value}.", field=field, value=repr(doc.get(field))))
    winners = doc.get("winners")
    if not isinstance(winners, list) or not all(isinstance(w, str) and w in players for w in winners):
        fail(lazy("'winners' must be a list of names taken from 'players'."))
    seq = doc.get("seq")
    if not is_int(seq) or seq < 0:
        fail(lazy("'seq' must be a whole number, 0 or more; got {value}.", value=repr(seq)))
    _validate_rounds(rounds, seq, fail)
    _validate_log(doc, seq, log_records)
    _validate_lesson(doc.get("lesson", {"step": 0}), fail)


def _validate_lesson(lesson: Any, fail: Callable[[LazyProxy], None]) -> None:
    """:func:`validate_doc`'s check of ``lesson`` (``{"step": n}``, n from 0, or absent);
    ``fail`` raises the StoreError naming what is wrong."""
    if not isinstance(lesson, dict) or set(lesson) != {"step"} or not is_int(lesson["step"]) or lesson["step"] < 0:
        fail(lazy("'lesson' must be a JSON object with a 'step' of 0 or more; got {value}.", value=repr(lesson)))


def _validate_rounds(rounds: list[dict[str, Any]], seq: int, fail: Callable[[LazyProxy], None]) -> None:
    """:func:`validate_doc`'s check of each round's ``id`` (8 hex digits, each once) and
    ``rev`` (0 to ``seq``), each read once (a wrong id is named before a repeated one, and
    that before a wrong rev); ``fail`` raises the StoreError naming what is wrong."""
    round_ids = [entry.get("id") for entry in rounds]
    revs = [entry.get("rev") for entry in rounds]
    if not set(map(type, round_ids)) <= {str} or not all(map(ROUND_ID_PATTERN.fullmatch, round_ids)):
        fail(lazy("every round needs an 'id' of 8 hex digits (0-9, a-f)."))
    if len(set(round_ids)) != len(round_ids):
        fail(lazy("two rounds have the same 'id'."))
    if revs and not (set(map(type, revs)) <= {int} and 0 <= min(revs) and max(revs) <= seq):
        fail(lazy("every round needs a 'rev': a whole number from 0 to 'seq' ({seq}).", seq=seq))


def _validate_log(doc: dict[str, Any], seq: int, records: bool) -> None:
    """Check the outer shape of a document's change log (see the module docstring), each record's
    fields too when ``records`` (see :func:`validate_doc`)."""
    log = doc.get("log")
    if not isinstance(log, list) or not all(map(isinstance, log, repeat(dict))):
        raise StoreError(lazy("{game}: {problem}", game=_label(doc),
                              problem=lazy("'log' must be a list of JSON objects, one per change.")))
    if len(log) > LOG_LIMIT:
        raise StoreError(lazy("{game}: {problem}", game=_label(doc), problem=lazy(
            "'log' holds {count} changes; at most {most} are kept.", count=len(log), most=LOG_LIMIT)))
    if records:
        previous = 0
        for record in log:
            previous = check_log_record(doc, record, previous)


def check_log_record(doc: dict[str, Any], record: dict[str, Any], previous: int) -> int:
    """Check the outer fields of one record of ``doc``'s change log (``id``, ``at``, ``by``, ``kind``;
    see the module docstring), ``previous`` being the number of the record before it (0 for the first).

    Returns the record's number; raises StoreError naming the game and the field that is wrong.
    """
    number = record.get("id")
    seq = doc["seq"]
    if not (type(number) is int or is_int(number)) or not previous < number <= seq:
        problem = lazy("the changes in 'log' must be numbered upwards from 1 to 'seq' ({seq}); got {value}.",
                       seq=seq, value=repr(number))
    elif not _is_utc_time(record.get("at")):
        problem = lazy("change {number} of 'log' needs an 'at' time in ISO 8601 with a UTC offset.", number=number)
    elif (by := record.get("by")) is not None and not isinstance(by, str):
        problem = lazy("change {number} of 'log': 'by' must be text or null.", number=number)
    elif record.get("kind") not in CHANGE_KINDS:
        problem = lazy("change {number} of 'log': 'kind' must be one of {kinds}.",
                       number=number, kinds=", ".join(CHANGE_KINDS))
    else:
        return number
    raise StoreError(lazy("{game}: {problem}", game=_label(doc), problem=problem))


def _is_utc_time(value: Any) -> bool:
    """True when :func:`utc_seconds` reads ``value`` (ISO 8601 text with a UTC offset), without working out the seconds."""
    if not isinstance(value, str):
        return False
    try:
        return dt.datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False



def plain_copy(doc: Any) -> Any:
    """A deep copy made of plain JSON types; StoreError if the value cannot be JSON."""
    try:
        return json.loads(json.dumps(doc, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise StoreError(lazy("{game} cannot be saved as JSON: {error}.", game=_label(doc), error=error)) from error


def load_doc(raw: dict[str, Any], games: Mapping[str, DocGame], *, log_records: bool = True) -> dict[str, Any]:
    """Migrate and validate a document read from a file or a backup; StoreError if bad.

    ``games``: game id -> :class:`DocGame` (see :func:`validate_doc`).
    ``log_records`` False leaves each log record's fields to the caller (see :func:`validate_doc`).
    """
    doc = migrate_doc(raw, games)
    validate_doc(doc, games, log_records=log_records)
    return doc


def prepare_doc(doc: dict[str, Any], games: Mapping[str, DocGame]) -> dict[str, Any]:
    """The store's own plain-JSON copy of a caller's document, migrated and
    validated against ``games`` (game id -> :class:`DocGame`)."""
    return load_doc(plain_copy(doc), games)


def version_stamp(doc: dict[str, Any]) -> tuple[Any, Any, Any]:
    """What tells one saved version of a game from another: the time of its
    last change (``updated``), the id of the last record of its change
    log (None before the first change) and the lesson's step (``lesson``,
    None outside a lesson: a step is no change record, and two steps may
    fall in one second). Every change to a game writes one of them,
    so two documents of one game with the same stamp are the same version.
    """
    log = doc.get("log") or ()
    return doc.get("updated"), log[-1].get("id") if log else None, (doc.get("lesson") or {}).get("step")


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
