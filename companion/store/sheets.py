"""Round sheets open on the phones: what each phone has typed on a game's sheet, kept in ``sheets.json``.

A kept sheet is plain JSON that the screens build (its shape is
:mod:`companion.table.kept_sheets`'); the store only keeps it, so that a
round half entered on a phone outlives a reload, the phone's lost
connection and a restart of the server. It is the same kind of small file
as ``drafts.json`` (:mod:`~companion.store.drafts`): one TinyDB table,
``sheets``, keyed by game id, each game's value the sheets of that game by
the label of the phone that holds it (``{"<game id>": {"Ann's phone":
{...}}}``), written whole and atomically (:class:`AtomicJSONStorage`) under
the folder's lock. The version last read or written is kept in this
process while it is the file on disk (``Folder.sheets``), so keeping one
more tap costs one ``stat`` and one atomic write, no read. An unreadable
``sheets.json``, or one whose rows are not sheets by phone, is set aside
with a notice, like any damaged file of the store, and a fresh one is
started: no saved game is in it.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from companion.errors import CorruptFileError, StoreError
from companion.i18n import _, lazy
from companion.store.damage import Damage
from companion.store.files import AtomicJSONStorage
from companion.store.sidetable import SideTable

SHEETS_FILE = "sheets.json"
"""The file of the kept round sheets, in the data folder."""


def checked_sheets(path: Path, rows: dict[str, Any]) -> dict[str, dict[str, dict[str, Any]]]:
    """The rows of ``sheets.json`` (game id -> phone label -> sheet) as the store keeps them.

    Raises StoreError (CorruptFileError naming ``path``) when a game's row
    is not an object of JSON objects.
    """
    for sheets in rows.values():
        if not isinstance(sheets, dict) or not all(isinstance(sheet, dict) for sheet in sheets.values()):
            raise CorruptFileError(path, lazy("a kept round sheet is damaged"))
    return rows


class KeptSheets:
    """The part of a :class:`companion.store.Store` that owns ``sheets.json``: the round sheets
    open on the phones (the Store's ``kept_sheet``, ``keep_sheet``, ``drop_sheets``). Its
    methods run under the folder lock the Store holds."""

    def __init__(self, damage: Damage) -> None:
        self.file = SideTable(
            damage, SHEETS_FILE, "sheets",
            lazy("It held the rounds being typed on the phones' round sheets, which were dropped: "
                 "a round not saved yet is entered again. No saved game is affected."),
            check=checked_sheets, kept=damage.place.folder.sheets,
        )

    def read(self) -> tuple[AtomicJSONStorage, dict[str, dict[str, dict[str, Any]]]]:
        """sheets.json's storage and its sheets by game id, then by phone (a
        new dict whose rows are shared with the folder's cache: read them,
        never change them); a damaged file is set aside (with a notice) and
        started afresh (caller holds the lock)."""
        return self.file.read()

    @staticmethod
    def check_phone(phone: Any) -> None:
        """Raise StoreError when ``phone`` (a phone's label) is not text."""
        if not isinstance(phone, str) or not phone:
            raise StoreError(_("A phone's label is text; got {value}.").format(value=repr(phone)))

    def get(self, game_id: str, phone: str) -> dict[str, Any] | None:
        """The sheet of game ``game_id`` kept for the phone labelled ``phone`` (a fresh copy), or None."""
        return copy.deepcopy(self.read()[1].get(game_id, {}).get(phone))

    def keep(self, game_id: str, phone: str, sheet: dict[str, Any] | None) -> None:
        """Keep ``sheet`` as the sheet of game ``game_id`` on the phone labelled ``phone`` (None
        drops it; dropping one not kept writes nothing); see ``Store.keep_sheet`` (caller holds
        the lock for writing)."""
        storage, rows = self.read()
        phones = dict(rows.get(game_id, {}))
        if sheet is None:
            if phones.pop(phone, None) is None:
                return
        else:
            phones[phone] = copy.deepcopy(sheet)
        if phones:
            rows[game_id] = phones
        else:
            rows.pop(game_id, None)
        self.write(storage, rows)

    def forget(self, game_id: str) -> None:
        """Drop every sheet kept for game ``game_id``, writing nothing when
        it has none (caller holds the lock for writing)."""
        storage, rows = self.read()
        if rows.pop(game_id, None) is not None:
            self.write(storage, rows)

    def write(self, storage: AtomicJSONStorage, rows: dict[str, dict[str, dict[str, Any]]]) -> None:
        """Write sheets.json whole and keep what was written as its latest
        version (caller holds the lock for writing)."""
        try:
            self.file.write(storage, rows)
        except TypeError as error:
            raise StoreError(_("A kept sheet holds plain JSON only ({error}). Nothing was saved.").format(
                error=error)) from error
