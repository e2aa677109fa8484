"""Backups: a whole data folder as one JSON file, and the checks on import.

A backup is ``{"format": "companion-backup", "schema": 1, "exported": <ISO 8601
UTC>, "games": [game documents]}``. On import every game is migrated, checked
and replayed through its score pad before anything is saved. A large backup
is checked on every core but one at once (the core left serves the phones at
the table meanwhile): the games are cut into parts, worker processes forked
after the file is parsed check the parts they inherit while this process
checks others, and the first bad game (by its place in the file) refuses the
whole backup, as a check one game after another would. On two cores this
process checks every game: a forked worker would cost about half a second of
processor time more for 10,000 games (each page of the games it reads
copied), taken from the phones.
"""

from __future__ import annotations

import codecs
import concurrent.futures
import json
import multiprocessing
import os
from concurrent.futures.process import BrokenProcessPool
from collections.abc import Iterable
from typing import Any, NamedTuple

from companion import rules_core
from companion.document import is_int, load_doc, order_key
from companion.errors import BackupError, StoreError
from companion.i18n import _, format_decimal
from companion.stats import FrozenTally, TallySums, frozen_game_tally
from companion.store.files import dump_json, load_json, paused_gc
from companion.store.tables import is_ended

BACKUP_FORMAT = "companion-backup"
"""The ``format`` field that marks a JSON file as a Companion backup."""

BACKUP_SCHEMA = 1
"""Version of the backup file this code writes; import reads versions 1 to this."""
MAX_BACKUP_BYTES = 64 * 1024 * 1024
"""Largest backup file import_json accepts (64 MB: 10,000 games of 12 rounds with their change logs take about 33 MB)."""
PARALLEL_FROM = 1000
"""Backups of at least this many games are checked by worker processes, one per core beyond two (see the module
docstring)."""

PART = 100
"""Games per part of a large backup handed to a worker or checked by this process (see :func:`_check_in_parallel`):
small, as a worker holds up to three parts that this process can no longer take (the one it checks and two queued)
and this process waits for them at the end."""


class CheckedBackup(NamedTuple):
    """The games of a backup as :func:`parse_backup` returns them.

    ``games`` holds (current-schema document, its statistics tally,
    ``companion.stats.frozen_game_tally``)
    pairs in the backup's order; ``sums`` is the
    ``companion.stats.TallySums`` of the tallies of the finished games
    among them (those that go to the archive).
    """

    games: list[tuple[dict[str, Any], FrozenTally]]
    sums: TallySums

_inherited: list[Any] = []
"""In a forked worker: the games of the backup being checked, as the parent held them (see :func:`_inherit`)."""


def backup_text(games: Iterable[dict[str, Any]]) -> str:
    """A backup of ``games`` (game documents) as JSON text: ``{"format": "companion-backup",
    "schema": 1, "exported": <ISO 8601 UTC>, "games": [the games, newest first]}``."""
    with paused_gc():
        docs = sorted(games, key=order_key, reverse=True)
        backup = {"format": BACKUP_FORMAT, "schema": BACKUP_SCHEMA, "exported": rules_core.now_iso(), "games": docs}
        text = dump_json(backup).decode("utf-8")
        del docs, backup  # let go while the collector is paused, so it does not scan them once
    return text


def parse_backup(data: bytes | str) -> CheckedBackup:
    """The games of a backup, each migrated, checked and replayed once by its pad (see :meth:`Store.import_json`).

    Takes the file's bytes or text; returns a :class:`CheckedBackup`: the
    (current-schema game document, frozen statistics tally) pairs in the
    backup's order, and the sums of the tallies of its finished games.
    Raises BackupError with a message saying what is wrong: also for a
    file nested too deeply or holding a number too long to read.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not isinstance(data, (bytes, bytearray)):
        raise BackupError(_("A backup is the content of a file (bytes or text), not {kind}.").format(
            kind=type(data).__name__))
    if len(data) > MAX_BACKUP_BYTES:
        raise BackupError(_(
            "This file is {size} MB; a Companion backup can be at most {most} MB. Nothing was imported."
        ).format(size=format_decimal(len(data) / 1024 / 1024, 1), most=MAX_BACKUP_BYTES // 1024 // 1024))
    with paused_gc():
        return _read_backup(data)


def _read_backup(data: bytes | bytearray) -> CheckedBackup:
    """The work of :func:`parse_backup` once the size is checked."""
    try:
        backup = load_json(bytes(data).removeprefix(codecs.BOM_UTF8))
    except json.JSONDecodeError as error:
        raise BackupError(_("This file is not a Companion backup: it is not JSON text. Nothing was imported.")) from error
    except RecursionError as error:
        raise BackupError(_(
            "This file is not a Companion backup: it is nested far deeper than a backup is. Nothing was imported."
        )) from error
    except ValueError as error:
        raise BackupError(_(
            "This file is not a Companion backup: it holds a number too long to be a score. Nothing was imported."
        )) from error
    if not isinstance(backup, dict) or backup.get("format") != BACKUP_FORMAT:
        raise BackupError(_(
            "This file is JSON but not a Companion backup (it has no \"format\": \"{format}\"). Nothing was imported."
        ).format(format=BACKUP_FORMAT))
    version = backup.get("schema")
    if not is_int(version) or not 1 <= version <= BACKUP_SCHEMA:
        raise BackupError(_(
            "This backup has version {version}; this Companion reads versions 1 to {newest}. "
            "Update Companion to import it. Nothing was imported."
        ).format(version=repr(version), newest=BACKUP_SCHEMA))
    games = backup.get("games")
    if not isinstance(games, list):
        raise BackupError(_("This backup has no list of games. Nothing was imported."))
    checked = _check_in_parallel(games) if len(games) >= PARALLEL_FROM else _check_slice(games, 1)
    seen: set[str] = set()
    for number, (doc, _tally) in enumerate(checked.games, start=1):
        if doc["id"] in seen:
            raise BackupError(_("Game {number} in the backup repeats the id {id}. Nothing was imported.").format(
                number=number, id=doc["id"]))
        seen.add(doc["id"])
    return checked


def _check_slice(games: list[Any], first: int) -> CheckedBackup:
    """Migrate, check and replay each game of ``games``, the first being game number ``first`` of the backup.

    Returns their :class:`CheckedBackup`; raises BackupError naming the
    first game that is not valid. The pad class of each kind of game (the
    documents' ``game`` field, a game id) is looked up in the registry once
    per call, not once per document, and the names of each seating of
    players (what ``rules_core.name_problem`` says of them) are read once
    per call; nothing else about a document is kept.
    """
    checked = []
    sums = TallySums()
    pads: dict[str, type[rules_core.Pad]] = {}
    seatings: dict[tuple[str, ...], str | None] = {}
    kinds = rules_core.doc_games()
    for number, game in enumerate(games, start=first):
        try:
            doc = load_doc(game, kinds, log_records=False)
            seating = tuple(doc["players"])
            problem = seatings.get(seating, False)
            if problem is False:
                problem = seatings[seating] = next(filter(None, map(rules_core.name_problem, seating)), None)
            if problem is not None:
                raise StoreError(problem)
            kind = doc["game"]
            pad_type = pads.get(kind) or pads.setdefault(kind, rules_core.pad_class(kind))
            tally = frozen_game_tally(pad_type.from_loaded_doc(doc, log_records=True))
        except (StoreError, rules_core.PadError) as error:
            reason = str(error).rstrip(".")
            raise BackupError(_("Game {number} in the backup is not valid: {reason}. Nothing was imported.").format(
                number=number, reason=reason)) from error
        except RecursionError as error:
            raise BackupError(_(
                "Game {number} in the backup is not valid: it is nested too deeply. Nothing was imported."
            ).format(number=number)) from error
        if is_ended(doc):
            sums.add(doc["game"], tally)
        checked.append((doc, tally))
    return CheckedBackup(checked, sums)


def _inherit(games: list[Any]) -> None:
    """Start of a forked worker: keep the parent's ``games`` (inherited with the process, never copied)."""
    _inherited[:] = games


def _check_inherited(start: int, stop: int) -> tuple[list[tuple[dict[str, Any] | None, FrozenTally]], TallySums]:
    """In a forked worker: :func:`_check_slice` of games ``start`` to ``stop`` (0-based) of :data:`_inherited`.

    Returns its games as (document, tally) pairs with the document None
    when it is the game as inherited (current schema: the parent holds it
    already), so that only migrated documents are sent back, and its sums.
    Raises BackupError as :func:`_check_slice`.
    """
    games = _inherited[start:stop]
    checked = _check_slice(games, start + 1)
    return [(None if doc is game else doc, tally) for game, (doc, tally) in zip(games, checked.games)], checked.sums


def _cores() -> int:
    """How many cores this process may run on (1 when the system does not say)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _check_in_parallel(games: list[Any]) -> CheckedBackup:
    """:func:`_check_slice` of all ``games``, in parts of :data:`PART` games checked by this process and by
    forked workers (one per core beyond two: this process takes one, the phones another) together.

    The workers get the games by inheriting the memory of this process
    (``fork``), not through a pipe, take the parts from the first on, and
    send back only the tallies (and any migrated document); they run the
    rules core alone, take no lock and write nothing. This process takes
    the parts from the last on that no worker has started yet, so all end
    at about the same time whatever else this process and the machine do.
    Falls back to checking one game after another where processes can not
    be forked (no ``fork`` start method, two cores or fewer, a fork refused by
    the system, a worker that dies). The result and the refusal are those of
    :func:`_check_slice` over the whole list: when several parts hold a bad
    game, the first part's error is raised.
    """
    cores = _cores()
    if cores < 3 or "fork" not in multiprocessing.get_all_start_methods():
        return _check_slice(games, 1)
    parts = [(start, min(start + PART, len(games))) for start in range(0, len(games), PART)]
    done: list[CheckedBackup | BackupError | None] = [None] * len(parts)
    context = multiprocessing.get_context("fork")
    try:
        with concurrent.futures.ProcessPoolExecutor(
            cores - 2, mp_context=context, initializer=_inherit, initargs=(games,)
        ) as pool:
            futures = [pool.submit(_check_inherited, start, stop) for start, stop in parts]
            for number in reversed(range(len(parts))):
                if not futures[number].cancel():
                    break
                start, stop = parts[number]
                try:
                    done[number] = _check_slice(games[start:stop], start + 1)
                except BackupError as error:
                    done[number] = error
                    break
            for number, future in enumerate(futures):
                if done[number] is None:
                    try:
                        inherited, sums = future.result()
                    except BackupError as error:
                        done[number] = error
                    else:
                        start, stop = parts[number]
                        done[number] = CheckedBackup(
                            [(game if doc is None else doc, tally) for game, (doc, tally) in zip(games[start:stop], inherited)],
                            sums)
                if isinstance(done[number], BackupError):
                    for later in futures[number:]:
                        later.cancel()
                    raise done[number]
    except (BrokenProcessPool, OSError):
        return _check_slice(games, 1)
    checked = CheckedBackup([], TallySums())
    for part in done:
        checked.games.extend(part.games)
        checked.sums.merge(part.sums)
    return checked
