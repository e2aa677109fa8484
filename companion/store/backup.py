"""Backups: a whole data folder as one JSON file, and the checks on import.

A backup is ``{"format": "companion-backup", "schema": 1, "exported": <ISO 8601
UTC>, "games": [game documents]}``. On import every game is migrated, checked
and replayed through its score pad before anything is saved.

An export writes each game on a line of its own (:func:`backup_text`), and
an import reads such a file game by game (:func:`_check_lines`): each game is
parsed, checked and, once it is finished, kept only as its text, so the
memory one parsed game took is used again for the next, instead of the whole
file's games being held as Python objects at once (hundreds of megabytes
for 10,000 games, which the system must hand over page by page and take
back). Any other layout, and any backup that is refused, is read whole by
:func:`_read_backup`, whose messages say what is wrong. A large backup
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
from companion.document import is_int, load_doc, order_key, summarize
from companion.errors import BackupError, StoreError
from companion.i18n import _, format_decimal
from companion.stats import FrozenTally, TallySums, frozen_game_tally
from companion.store.files import dump_json, json_text, load_json, paused_gc
from companion.store.index import kept_summary
from companion.store.tables import GameText, is_ended, outline

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
    pairs in the backup's order, a finished game read line by line given
    as its text (``companion.store.tables.GameText``); ``sums`` is the
    ``companion.stats.TallySums`` of the tallies of the finished games
    among them (those that go to the archive).
    """

    games: list[tuple[dict[str, Any] | GameText, FrozenTally]]
    sums: TallySums

_inherited: list[Any] = []
"""In a forked worker: the games of the backup being checked, as the parent held them (see :func:`_inherit`)."""


GAMES_OPENING = b',"games":['
"""How the first line of a backup laid out by :func:`backup_text` ends: its games follow, one per line."""
GAMES_CLOSING = b"\n]}"
"""How a backup laid out by :func:`backup_text` ends, on a line of its own after the last game."""


def backup_text(games: Iterable[dict[str, Any]]) -> str:
    """A backup of ``games`` (game documents) as JSON text: ``{"format": "companion-backup",
    "schema": 1, "exported": <ISO 8601 UTC>, "games": [the games, newest first]}``, laid out
    with the fields before the games on the first line, each game on a line of its own
    (a comma ending each but the last) and the closing brackets on the last line, which
    :func:`parse_backup` reads game by game (see the module docstring)."""
    with paused_gc():
        docs = sorted(games, key=order_key, reverse=True)
        head = dump_json({"format": BACKUP_FORMAT, "schema": BACKUP_SCHEMA, "exported": rules_core.now_iso()})
        text = b"".join([head[:-1], GAMES_OPENING, b"\n", b",\n".join(map(dump_json, docs)), GAMES_CLOSING])
        del docs  # let go while the collector is paused, so it does not scan them once
    return text.decode("utf-8")


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
    """The work of :func:`parse_backup` once the size is checked: game by game
    (:func:`_check_lines`) when the file is laid out as :func:`backup_text` writes
    it and holds no error, else the whole file at once, which words any refusal."""
    data = bytes(data).removeprefix(codecs.BOM_UTF8)
    checked = _check_lines(data)
    if checked is None:
        checked = _check_whole(data)
    seen: set[str] = set()
    for number, (doc, _tally) in enumerate(checked.games, start=1):
        game_id = outline(doc)["id"]
        if game_id in seen:
            raise BackupError(_("Game {number} in the backup repeats the id {id}. Nothing was imported.").format(
                number=number, id=game_id))
        seen.add(game_id)
    return checked


def _check_lines(data: bytes) -> CheckedBackup | None:
    """The games of a backup laid out as :func:`backup_text` writes it, read one line at a time:
    each game parsed, checked (:class:`_Checker`), written again as the store writes it
    (``files.json_text``) and, when it goes to the archive unchanged by the check, kept as
    that text (``companion.store.tables.GameText``) while its parsed document is let go.

    None when the file is laid out otherwise, when anything in it is not
    what a valid backup holds (its first line, a game's line, a game the
    check refuses: the whole file is then read by :func:`_check_whole`,
    which words the refusal as for any other file), when a game is nested
    too deeply for orjson to write it (read whole, it is refused or saved
    as before: a line alone sits two levels less deep than in the file),
    and when the backup is large enough to be checked by worker processes
    (:func:`_check_in_parallel` shares the parsed games with them).
    """
    head = data[:data.find(b"\n") + 1]
    if not (head.endswith(GAMES_OPENING + b"\n") and data.endswith(GAMES_CLOSING)):
        return None
    lines = _lines(data, len(head), len(data) - len(GAMES_CLOSING))
    if lines is None or len(lines) >= PARALLEL_FROM and _cores() >= 3:
        return None
    try:
        backup = load_json(head[:-1] + GAMES_CLOSING[1:])
    except (json.JSONDecodeError, RecursionError, ValueError):
        return None
    if not (isinstance(backup, dict) and backup.get("format") == BACKUP_FORMAT and backup.get("games") == []
            and is_int(version := backup.get("schema")) and 1 <= version <= BACKUP_SCHEMA):
        return None
    checker = _Checker()
    checked = CheckedBackup([], TallySums())
    for number, line in enumerate(lines, start=1):
        try:
            game = load_json(line)
            doc, tally = checker.check(game, number)
        except (json.JSONDecodeError, RecursionError, ValueError, BackupError):
            return None
        text = json_text(doc)
        if text is None:
            return None
        if is_ended(doc):
            checked.sums.add(doc["game"], tally)
            if doc is game:
                doc = GameText(kept_summary(summarize(doc)), text)
        checked.games.append((doc, tally))
        del game
    return checked


def _lines(data: bytes, start: int, end: int) -> list[memoryview] | None:
    """The games' lines of a backup laid out as :func:`backup_text` writes it: the lines of
    ``data[start:end]`` (a game's JSON text holds no line break), each but the last without
    the comma that ends it; none when that is empty; views of ``data``, not copies. None when
    a line but the last does not end with a comma (the games are then not such a list)."""
    if start == end:
        return []
    lines = []
    view = memoryview(data)
    find, comma = data.find, ord(",")
    while (stop := find(b"\n", start, end)) >= 0:
        if data[stop - 1] != comma:
            return None
        lines.append(view[start:stop - 1])
        start = stop + 1
    lines.append(view[start:end])
    return lines


def _check_whole(data: bytes) -> CheckedBackup:
    """The games of a backup parsed whole, then checked (on every core but one when it is large):
    the refusals of :func:`parse_backup`, the ids repeated aside."""
    try:
        backup = load_json(data)
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
    return _check_in_parallel(games) if len(games) >= PARALLEL_FROM else _check_slice(games, 1)


class _Checker:
    """Migrates, checks and replays the games of one backup, one at a time (:meth:`check`).

    The pad class of each kind of game (the documents' ``game`` field, a
    game id) is looked up in the registry once, not once per document, and
    the names of each seating of players (what ``rules_core.name_problem``
    says of them) are read once; nothing else about a document is kept.
    """

    def __init__(self) -> None:
        self.pads: dict[str, type[rules_core.Pad]] = {}
        self.seatings: dict[tuple[str, ...], str | None] = {}
        self.kinds = rules_core.doc_games()

    def check(self, game: Any, number: int) -> tuple[dict[str, Any], FrozenTally]:
        """Game number ``number`` of the backup (as parsed) as (current-schema document, frozen
        statistics tally); the document is ``game`` itself unless it was migrated.

        Raises BackupError naming the game and what is wrong with it.
        """
        try:
            doc = load_doc(game, self.kinds, log_records=False)
            seating = tuple(doc["players"])
            problem = self.seatings.get(seating, False)
            if problem is False:
                problem = self.seatings[seating] = next(filter(None, map(rules_core.name_problem, seating)), None)
            if problem is not None:
                raise StoreError(problem)
            kind = doc["game"]
            pad_type = self.pads.get(kind) or self.pads.setdefault(kind, rules_core.pad_class(kind))
            return doc, frozen_game_tally(pad_type.from_loaded_doc(doc, log_records=True))
        except (StoreError, rules_core.PadError) as error:
            reason = str(error).rstrip(".")
            raise BackupError(_("Game {number} in the backup is not valid: {reason}. Nothing was imported.").format(
                number=number, reason=reason)) from error
        except RecursionError as error:
            raise BackupError(_(
                "Game {number} in the backup is not valid: it is nested too deeply. Nothing was imported."
            ).format(number=number)) from error


def _check_slice(games: list[Any], first: int) -> CheckedBackup:
    """Migrate, check and replay each game of ``games``, the first being game number ``first`` of the backup
    (:meth:`_Checker.check`).

    Returns their :class:`CheckedBackup`; raises BackupError naming the
    first game that is not valid.
    """
    checker = _Checker()
    checked = CheckedBackup([], TallySums())
    for number, game in enumerate(games, start=first):
        doc, tally = checker.check(game, number)
        if is_ended(doc):
            checked.sums.add(doc["game"], tally)
        checked.games.append((doc, tally))
    return checked


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
