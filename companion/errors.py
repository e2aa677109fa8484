"""The errors of saving and reading games, shared by the store and the pads.

Every one is a :class:`StoreError` (a ``ValueError``) whose message is for the
user: what went wrong and what to do. They live apart from the store so that
the pads can raise :class:`ConflictError` without importing storage.
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.i18n import lazy


class PadError(ValueError):
    """An entry, option or operation a pad refuses; the message is for the user.

    Raised for bad names, an unknown card, a card the game does not use, an
    impossible score, a round number that does not exist, and so on.  The pad
    is unchanged when it is raised.  It lives here, beside the store's
    errors, so that the store can catch it before any pad is imported.
    """


class StoreError(ValueError):
    """A game could not be saved or read; the message says why and what to do."""


class CorruptFileError(StoreError):
    """A database file is not valid JSON of TinyDB's shape (or cannot be read).

    ``path`` is the file, ``reason`` the plain-words cause (text, or a
    ``companion.i18n.lazy`` message). The file is left untouched;
    :class:`Store` moves it aside and starts afresh. The message is lazy
    (read in the language current when ``str()`` is taken of the error), as
    the store notices damage as it opens and tells each phone later.
    """

    def __init__(self, path: str | os.PathLike[str], reason: object) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(lazy("{path} cannot be read as a database: {reason}.", path=self.path, reason=reason))


class GameNotFoundError(StoreError):
    """No saved game has the given id."""


class BackupError(StoreError):
    """A backup file was refused by :meth:`Store.import_json`; nothing was changed."""


# ---------------------------------------------------------------------------
# Game documents: migration, validation, summaries


class ConflictError(StoreError):
    """A change was made against a version of a game that has changed since.

    Raised when a round being edited or deleted was changed or deleted on
    another phone, or when a new round was entered on a sheet opened before
    another round was saved. Nothing was saved; the message says what
    happened and what to do.
    """


class ReadOnlyError(StoreError):
    """The data folder can be read but not written (a read-only disk or folder).

    Games can still be listed and opened; every save raises this error, whose
    message names the folder and the cause. Nothing was changed.
    """


class DiskFullError(StoreError):
    """The disk holding the data folder is full; the game stays as last saved."""
