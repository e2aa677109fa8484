"""Backups: a whole data folder as one JSON file, and the checks on import.

A backup is ``{"format": "companion-backup", "schema": 1, "exported": <ISO 8601
UTC>, "games": [game documents]}``. On import every game is migrated, checked
and replayed through its score pad before anything is saved.
"""

from __future__ import annotations

import json
from typing import Any

from companion.document import is_int, load_doc
from companion.errors import BackupError, StoreError
from companion.i18n import _, format_decimal
from companion.pads import PadError, pad_class
from companion.stats import game_tally
from companion.store.files import load_json, paused_gc

BACKUP_FORMAT = "companion-backup"
"""The ``format`` field that marks a JSON file as a Companion backup."""

BACKUP_SCHEMA = 1
"""Version of the backup file this code writes; import reads versions 1 to this."""
MAX_BACKUP_BYTES = 64 * 1024 * 1024
"""Largest backup file import_json accepts (64 MB: 10,000 games of 12 rounds with their change logs take about 33 MB)."""


def parse_backup(data: bytes | str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The games of a backup, each migrated, checked and replayed once by its pad (see :meth:`Store.import_json`).

    Takes the file's bytes or text; returns (current-schema game document,
    its statistics tally from ``companion.stats.game_tally``) pairs in the
    backup's order. Raises BackupError with a message saying what is wrong:
    also for a file nested too deeply or holding a number too long to read.
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


def _read_backup(data: bytes | bytearray) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The work of :func:`parse_backup` once the size is checked."""
    try:
        backup = load_json(bytes(data).decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
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
    games_read = []
    seen: set[str] = set()
    for number, game in enumerate(games, start=1):
        try:
            doc = load_doc(game)
            tally = game_tally(pad_class(doc["game"]).from_loaded_doc(doc))
        except (StoreError, PadError) as error:
            reason = str(error).rstrip(".")
            raise BackupError(_("Game {number} in the backup is not valid: {reason}. Nothing was imported.").format(
                number=number, reason=reason)) from error
        except RecursionError as error:
            raise BackupError(_(
                "Game {number} in the backup is not valid: it is nested too deeply. Nothing was imported."
            ).format(number=number)) from error
        if doc["id"] in seen:
            raise BackupError(_("Game {number} in the backup repeats the id {id}. Nothing was imported.").format(
                number=number, id=doc["id"]))
        seen.add(doc["id"])
        games_read.append((doc, tally))
    return games_read
