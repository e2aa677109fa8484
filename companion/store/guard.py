"""The store's error contract: only the store's own errors leave a Store method.

:func:`guarded` wraps each public method of :class:`companion.store.Store`;
:func:`check_id` refuses a game id that is not text;
:func:`translate` turns an error of the file system or of a damaged file
into a plain-words :class:`companion.errors.StoreError` (DiskFullError and
ReadOnlyError among them); :class:`ChangeFailed` carries the error of the
``change`` given to ``Store.update_game`` past that translation.
"""

from __future__ import annotations

import contextlib
import errno
import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from companion.errors import DiskFullError, ReadOnlyError, StoreError
from companion.i18n import _

_Result = TypeVar("_Result")


def check_id(game_id: Any) -> None:
    """Raise StoreError when ``game_id`` (given to a Store method) is not text."""
    if not isinstance(game_id, str):
        raise StoreError(_("A game id is text; got {value}.").format(value=repr(game_id)))


class ChangeFailed(Exception):
    """Carries an error raised by the ``change`` of update_game past the store's error translation."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


READ_ONLY_ERRNOS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
"""OSError numbers that mean the data folder can not be written (it opens read-only)."""

DISK_FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})
"""OSError numbers that mean the disk (or the user's quota) is full."""


def guarded(method: Callable[..., _Result]) -> Callable[..., _Result]:
    """Let only the store's own errors leave a Store method (see :func:`translate`).

    Wraps ``method``: StoreError passes, an OSError, RecursionError,
    ValueError or MemoryError becomes the StoreError :func:`translate` gives,
    and the error a :class:`ChangeFailed` carries is raised as it was.
    """

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> _Result:
        try:
            return method(self, *args, **kwargs)
        except ChangeFailed as failed:
            raise failed.error from None
        except StoreError:
            raise
        except (OSError, RecursionError, ValueError, MemoryError) as error:
            raise translate(self.data_dir, error) from error

    return run


@contextlib.contextmanager
def full_disk_refuses_import(data_dir: Path) -> Iterator[None]:
    """Tell a full disk met inside (an OSError) as an import refused whole: a DiskFullError saying
    that nothing was imported into the data folder ``data_dir`` (an import is all or nothing), not
    a single game's words (:func:`translate`)."""
    try:
        yield
    except OSError as error:
        if error.errno not in DISK_FULL_ERRNOS:
            raise
        raise DiskFullError(_(
            "The disk that holds {folder} is full, so nothing was imported; the games saved "
            "before stay as they were. Free some space and try again."
        ).format(folder=data_dir)) from error


def translate(data_dir: Path, error: BaseException) -> StoreError:
    """The plain-words StoreError (DiskFullError, ReadOnlyError or StoreError) for an error
    of the file system or of a damaged file met while using the data folder ``data_dir``."""
    if isinstance(error, OSError) and error.errno in DISK_FULL_ERRNOS:
        return DiskFullError(_(
            "The disk that holds {folder} is full, so the change was not saved; "
            "the game stays as it was last saved. Free some space and try again."
        ).format(folder=data_dir))
    if isinstance(error, OSError) and error.errno in READ_ONLY_ERRNOS:
        return ReadOnlyError(_(
            "Companion can not write to its data folder {folder} "
            "({cause}), so the change was not saved. "
            "Make the folder writable, or start Companion with another folder (--data-dir)."
        ).format(folder=data_dir, cause=error.strerror or error))
    if isinstance(error, OSError):
        return StoreError(_(
            "Companion could not use its data folder {folder} ({cause}); the change was not saved."
        ).format(folder=data_dir, cause=error.strerror or error))
    if isinstance(error, RecursionError):
        return StoreError(_("A game in {folder} is nested too deeply to be read or saved.").format(folder=data_dir))
    if isinstance(error, MemoryError):
        return StoreError(_("A file in {folder} is too large to read.").format(folder=data_dir))
    return StoreError(_("A game in {folder} could not be read or saved: {error}.").format(folder=data_dir, error=error))
