"""Backups: a whole data folder as one JSON file, and the checks on import.

A backup is ``{"format": "companion-backup", "schema": 1, "exported": <ISO 8601
UTC>, "games": [game documents]}``, written with one game per line (see
:func:`backup_text`). On import every game is migrated, checked and replayed
through its score pad before anything is saved.

A large backup is checked on every core at once, in parts of :data:`PART`
games that forked workers and this process share. A file in the line layout
that :func:`backup_text` writes is not parsed whole: the workers are forked
first, and each parses the lines of its parts, checks their games and sends
back each game as the store writes it (:class:`PreparedGame`). Any other
file (an older backup, one edited by hand), and any line-layout file with
something wrong in it, is parsed whole and checked as before, so the refusal
is the same whatever the layout: the first bad game (by its place in the
file) refuses the whole backup, as a check one game after another would.
"""

from __future__ import annotations

import codecs
import concurrent.futures
import json
import multiprocessing
import os
import re
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple

from companion import rules_core
from companion.document import is_int, load_doc, order_key, summarize
from companion.errors import BackupError, StoreError
from companion.i18n import _, format_decimal
from companion.stats import FrozenTally, TallySums, freeze_tally, game_tally
from companion.store.files import dump_json, load_json, paused_gc
from companion.store.index import history_row, kept_summary, shard_name
from companion.store.tables import is_ended, tally_of

BACKUP_FORMAT = "companion-backup"
"""The ``format`` field that marks a JSON file as a Companion backup."""

BACKUP_SCHEMA = 1
"""Version of the backup file this code writes; import reads versions 1 to this."""
MAX_BACKUP_BYTES = 64 * 1024 * 1024
"""Largest backup file import_json accepts (64 MB: 10,000 games of 12 rounds with their change logs take about 33 MB)."""
PARALLEL_FROM = 1000
"""Backups of at least this many games are checked by worker processes, one per core (see the module docstring)."""

PART = 100
"""Games per part of a large backup handed to a worker or checked by this process (see :func:`_share_parts`):
small, as a worker holds up to three parts that this process can no longer take (the one it checks and two queued)
and this process waits for them at the end."""

_LINE_HEAD = re.compile(
    rb'\{"format":"%s","schema":%d,"exported":"[^"\\\n]*","games":\[\n' % (BACKUP_FORMAT.encode(), BACKUP_SCHEMA))
"""The first line of a backup in the line layout (:func:`backup_text`), its newline included."""
_LINE_TAIL = b"\n]}"
"""The end of a backup in the line layout that holds at least one game: a newline and the closing line."""


class CheckedBackup(NamedTuple):
    """The games of a backup as :func:`parse_backup` returns them.

    ``games`` holds (current-schema document, its statistics tally,
    ``companion.stats.freeze_tally`` of ``companion.stats.game_tally``)
    pairs in the backup's order; ``sums`` is the
    ``companion.stats.TallySums`` of the tallies of the finished games
    among them (those that go to the archive).
    """

    games: list[tuple[dict[str, Any], FrozenTally]]
    sums: TallySums


class PreparedGame(NamedTuple):
    """One checked game as the store writes it (see :func:`prepare_game`).

    ``id`` and ``kind`` (the document's ``game``: "one_up"...); ``ended``:
    finished or ended early, so it goes to the archive; ``text``: the
    current-schema document as the store's files hold it (compact UTF-8
    JSON, ``files.dump_json``). For a game that goes to the archive (else
    None): ``summary``, its history summary as the index keeps it
    (``index.kept_summary``); ``tally``, its frozen statistics tally;
    ``order``, its ``companion.document.order_key``; ``shard``, the name
    of its archive shard file (``index.shard_name``); ``row``, its row of
    history.json as the store writes it (``index.history_row``). All of it is worked
    out where the game is checked (in a worker, for a large backup), so
    the process that writes has only to put it in place.
    """

    id: str
    kind: str
    ended: bool
    text: bytes
    summary: dict[str, Any] | None
    tally: FrozenTally | None
    order: tuple[float, float, str] | None
    shard: str | None
    row: bytes | None


class PreparedBackup(NamedTuple):
    """The games of a backup as :func:`read_backup` returns them: :class:`PreparedGame` s in the
    backup's order, and the ``companion.stats.TallySums`` of the tallies of the ended ones."""

    games: list[PreparedGame]
    sums: TallySums


def prepare_game(doc: dict[str, Any], tally: FrozenTally | None = None) -> PreparedGame:
    """A checked current-schema document as the store writes it (:class:`PreparedGame`).

    ``tally`` is the game's frozen statistics tally when the caller has it;
    else, for a game that goes to the archive, the game is replayed for it
    (``tables.tally_of``). Raises nothing for a checked document.
    """
    if not is_ended(doc):
        return PreparedGame(doc["id"], doc["game"], False, dump_json(doc), None, None, None, None, None)
    if tally is None:
        tally = freeze_tally(tally_of(doc))
    summary = kept_summary(summarize(doc))
    return PreparedGame(doc["id"], doc["game"], True, dump_json(doc), summary, tally, order_key(doc),
                        shard_name(doc["id"]), dump_json(history_row(summary, tally)))


def backup_text(games: list[dict[str, Any]], exported: str) -> bytes:
    """A backup file of ``games`` (current-schema documents, in the order given) exported at
    ``exported`` (ISO 8601 UTC), as UTF-8 bytes in the line layout.

    The first line is ``{"format":"companion-backup","schema":1,"exported":"<time>","games":[``,
    then one line per game (its document as the store writes it, with a comma after every
    game but the last), then the closing line ``]}``. It is one JSON document; as a raw
    newline can not occur inside a JSON string, each game line holds exactly one game.
    """
    head = dump_json({"format": BACKUP_FORMAT, "schema": BACKUP_SCHEMA, "exported": exported, "games": []})
    head = head.removesuffix(b"]}") + b"\n"
    if not games:
        return head + b"]}"
    return head + b",\n".join(map(dump_json, games)) + _LINE_TAIL


def _checked_bytes(data: Any) -> bytes:
    """The backup file as bytes, after the checks of its type and size (BackupError if wrong)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not isinstance(data, (bytes, bytearray)):
        raise BackupError(_("A backup is the content of a file (bytes or text), not {kind}.").format(
            kind=type(data).__name__))
    if len(data) > MAX_BACKUP_BYTES:
        raise BackupError(_(
            "This file is {size} MB; a Companion backup can be at most {most} MB. Nothing was imported."
        ).format(size=format_decimal(len(data) / 1024 / 1024, 1), most=MAX_BACKUP_BYTES // 1024 // 1024))
    return bytes(data).removeprefix(codecs.BOM_UTF8)


def parse_backup(data: bytes | str) -> CheckedBackup:
    """The games of a backup, each migrated, checked and replayed once by its pad, from the file parsed whole.

    Takes the file's bytes or text; returns a :class:`CheckedBackup`: the
    (current-schema game document, frozen statistics tally) pairs in the
    backup's order, and the sums of the tallies of its finished games.
    Raises BackupError with a message saying what is wrong: also for a
    file nested too deeply or holding a number too long to read.
    """
    data = _checked_bytes(data)
    with paused_gc():
        return _read_backup(data)


def read_backup(data: bytes | str) -> PreparedBackup:
    """The games of a backup, checked as :func:`parse_backup` checks them, as the store writes them
    (see :meth:`Store.import_json`).

    A large file in the line layout (:func:`backup_text`) is read line by
    line by forked workers and this process together; any other file, or
    one whose lines do not all parse and pass, is read by
    :func:`parse_backup`, so the result and the refusal are those of
    :func:`parse_backup`. Returns a :class:`PreparedBackup`; raises
    BackupError as :func:`parse_backup` does.
    """
    data = _checked_bytes(data)
    with paused_gc():
        parts = _line_parts(data)
        prepared = _prepare_in_parallel(data, parts) if parts is not None else None
        if prepared is not None:
            return prepared
        checked = _read_backup(data)
        return PreparedBackup([prepare_game(doc, tally) for doc, tally in checked.games], checked.sums)


def _read_backup(data: bytes) -> CheckedBackup:
    """The work of :func:`parse_backup` once the size is checked."""
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
    checked = _check_in_parallel(games) if len(games) >= PARALLEL_FROM else _check_slice(games, 1)
    seen: set[str] = set()
    for number, (doc, _tally) in enumerate(checked.games, start=1):
        if doc["id"] in seen:
            raise BackupError(_("Game {number} in the backup repeats the id {id}. Nothing was imported.").format(
                number=number, id=doc["id"]))
        seen.add(doc["id"])
    return checked


def _check_game(
    game: Any, number: int, pads: dict[str, type[rules_core.Pad]]
) -> tuple[dict[str, Any], FrozenTally]:
    """Migrate, check and replay one game of a backup, game number ``number`` in it: its
    (current-schema document, frozen tally). ``pads`` holds the pad class of each kind of game
    looked up so far (it is filled in here). Raises BackupError naming the game when it is not valid."""
    try:
        doc = load_doc(game)
        kind = doc["game"]
        pad_type = pads.get(kind) or pads.setdefault(kind, rules_core.pad_class(kind))
        return doc, freeze_tally(game_tally(pad_type.from_loaded_doc(doc)))
    except (StoreError, rules_core.PadError) as error:
        reason = str(error).rstrip(".")
        raise BackupError(_("Game {number} in the backup is not valid: {reason}. Nothing was imported.").format(
            number=number, reason=reason)) from error
    except RecursionError as error:
        raise BackupError(_(
            "Game {number} in the backup is not valid: it is nested too deeply. Nothing was imported."
        ).format(number=number)) from error


def _check_slice(games: list[Any], first: int) -> CheckedBackup:
    """Migrate, check and replay each game of ``games``, the first being game number ``first`` of the backup.

    Returns their :class:`CheckedBackup`; raises BackupError naming the
    first game that is not valid. The pad class of each kind of game (the
    documents' ``game`` field, "one_up"...) is looked up in the registry once
    per call, not once per document; nothing about a document is kept.
    """
    checked = []
    sums = TallySums()
    pads: dict[str, type[rules_core.Pad]] = {}
    for number, game in enumerate(games, start=first):
        doc, tally = _check_game(game, number, pads)
        if is_ended(doc):
            sums.add(doc["game"], tally)
        checked.append((doc, tally))
    return CheckedBackup(checked, sums)


def _line_parts(data: bytes) -> list[tuple[int, int, int]] | None:
    """The parts of a large backup in the line layout (:func:`backup_text`), or None for any other
    file or one of fewer than :data:`PARALLEL_FROM` games.

    Each part is (start, stop, first): the byte offsets of its lines (``stop``
    at the newline after its last line) and the number of its first game.
    Only the layout is looked at here (the first line, the closing line, a
    comma at the end of every game line but the last), not the games.
    """
    head = _LINE_HEAD.match(data)
    if head is None or not data.endswith(_LINE_TAIL):
        return None
    end = len(data) - len(_LINE_TAIL)
    starts = [head.end()]
    while (newline := data.find(b"\n", starts[-1], end)) >= 0:
        if data[newline - 1] != ord(","):
            return None
        starts.append(newline + 1)
    if len(starts) < PARALLEL_FROM or data[end - 1] == ord(","):
        return None
    starts.append(end + 1)
    return [(starts[n], starts[min(n + PART, len(starts) - 1)] - 1, n + 1) for n in range(0, len(starts) - 1, PART)]


_inherited: list[Any] = []
"""In a forked worker: what the parent held for it (see :func:`_inherit`): the parsed games of the
backup, or its bytes in the line layout."""


def _inherit(value: Any) -> None:
    """Start of a forked worker: keep the parent's ``value`` (inherited with the process, never copied)."""
    _inherited[:] = [value]


def _prepare_lines(data: bytes, start: int, stop: int, first: int) -> PreparedBackup | None:
    """The games on the lines between byte offsets ``start`` and ``stop`` of a backup in the line
    layout (game number ``first`` first), each parsed, checked (:func:`_check_game`) and prepared
    (:func:`prepare_game`); None when a line is not one JSON value followed by the comma its place
    asks for, or a game is not valid (the caller then reads the file whole, for the refusal)."""
    games = []
    sums = TallySums()
    pads: dict[str, type[rules_core.Pad]] = {}
    try:
        for number, line in enumerate(data[start:stop].split(b"\n"), start=first):
            doc, tally = _check_game(load_json(line.removesuffix(b",")), number, pads)
            game = prepare_game(doc, tally)
            if game.ended:
                sums.add(game.kind, tally)
            games.append(game)
    except (BackupError, RecursionError, ValueError):
        return None
    return PreparedBackup(games, sums)


def _prepare_inherited(start: int, stop: int, first: int) -> PreparedBackup | None:
    """In a forked worker: :func:`_prepare_lines` of the backup's bytes it inherited."""
    return _prepare_lines(_inherited[0], start, stop, first)


def _check_inherited(start: int, stop: int) -> tuple[list[tuple[dict[str, Any] | None, FrozenTally]], TallySums]:
    """In a forked worker: :func:`_check_slice` of games ``start`` to ``stop`` (0-based) of the inherited games.

    Returns its games as (document, tally) pairs with the document None
    when it is the game as inherited (current schema: the parent holds it
    already), so that only migrated documents are sent back, and its sums.
    Raises BackupError as :func:`_check_slice`.
    """
    games = _inherited[0][start:stop]
    checked = _check_slice(games, start + 1)
    return [(None if doc is game else doc, tally) for game, (doc, tally) in zip(games, checked.games)], checked.sums


def _cores() -> int:
    """How many cores this process may run on (1 when the system does not say)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _share_parts(
    parts: list[tuple[int, ...]], inherit: Any, there: Callable[..., Any], here: Callable[..., Any]
) -> list[Any] | None:
    """Run every part on every core: ``there(*part)`` in forked workers (one per other core), which
    inherit ``inherit`` (see :func:`_inherit`), and ``here(*part)`` in this process, together.

    The workers take the parts from the first on; this process takes the
    parts from the last on that no worker has started yet, so all end at
    about the same time whatever else this process and the machine do. A
    part's result is a failure when it is None or a BackupError (raised by
    ``there`` or returned by ``here``). Returns the results in the parts'
    order up to the first failure (included; the parts after it are
    dropped), or None when processes can not be forked here (no ``fork``
    start method, one core, a fork refused by the system, a worker that
    dies): the caller then does the work another way.
    """
    cores = _cores()
    if cores < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    done: list[Any] = [None] * len(parts)
    started = [False] * len(parts)
    context = multiprocessing.get_context("fork")
    try:
        with concurrent.futures.ProcessPoolExecutor(
            cores - 1, mp_context=context, initializer=_inherit, initargs=(inherit,)
        ) as pool:
            futures = [pool.submit(there, *part) for part in parts]
            for number in reversed(range(len(parts))):
                if not futures[number].cancel():
                    break
                started[number] = True
                done[number] = here(*parts[number])
                if done[number] is None or isinstance(done[number], BackupError):
                    break
            for number, future in enumerate(futures):
                if not started[number]:
                    try:
                        done[number] = future.result()
                    except BackupError as error:
                        done[number] = error
                if done[number] is None or isinstance(done[number], BackupError):
                    for later in futures[number:]:
                        later.cancel()
                    return done[: number + 1]
    except (BrokenProcessPool, OSError):
        return None
    return done


def _prepare_in_parallel(data: bytes, parts: list[tuple[int, int, int]]) -> PreparedBackup | None:
    """:func:`_prepare_lines` of every part of a backup in the line layout, shared by this process and
    forked workers (:func:`_share_parts`), forked before anything is parsed. Returns the backup's
    :class:`PreparedBackup`, or None when a part fails, a game id repeats or processes can not be
    forked (the caller then reads the file whole, for the same result or refusal)."""
    done = _share_parts(parts, data, _prepare_inherited, lambda start, stop, first: _prepare_lines(data, start, stop, first))
    if done is None or any(part is None for part in done):
        return None
    prepared = PreparedBackup([], TallySums())
    for part in done:
        prepared.games.extend(part.games)
        prepared.sums.merge(part.sums)
    if len({game.id for game in prepared.games}) < len(prepared.games):
        return None
    return prepared


def _check_part(games: list[Any], start: int, stop: int) -> CheckedBackup | BackupError:
    """:func:`_check_slice` of games ``start`` to ``stop`` (0-based) of ``games``, or its refusal."""
    try:
        return _check_slice(games[start:stop], start + 1)
    except BackupError as error:
        return error


def _check_in_parallel(games: list[Any]) -> CheckedBackup:
    """:func:`_check_slice` of all ``games``, in parts of :data:`PART` games checked by this process and by
    forked workers together (:func:`_share_parts`).

    The workers get the games by inheriting the memory of this process
    (``fork``), not through a pipe, and send back only the tallies (and any
    migrated document); they run the rules core alone, take no lock and
    write nothing. Falls back to checking one game after another where
    processes can not be forked. The result and the refusal are those of
    :func:`_check_slice` over the whole list: when several parts hold a bad
    game, the first part's error is raised.
    """
    parts = [(start, min(start + PART, len(games))) for start in range(0, len(games), PART)]
    done = _share_parts(parts, games, _check_inherited, lambda start, stop: _check_part(games, start, stop))
    if done is None:
        return _check_slice(games, 1)
    if isinstance(done[-1], BackupError):
        raise done[-1]
    checked = CheckedBackup([], TallySums())
    for (start, stop), part in zip(parts, done):
        if isinstance(part, CheckedBackup):
            part_games, sums = part
        else:
            inherited, sums = part
            part_games = [(game if doc is None else doc, tally) for game, (doc, tally) in zip(games[start:stop], inherited)]
        checked.games.extend(part_games)
        checked.sums.merge(sums)
    return checked
