"""Atomic, crash-safe JSON files: the TinyDB storage every store file uses.

A write goes to a locked temp file beside its target, is flushed and fsynced,
renamed over the target and the folder fsynced, so a killed write leaves the
old file or the new one, whole. Temp files of killed writes are removed the
next time the file is opened.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import os
import re
import tempfile
from collections.abc import Container, Iterator
from pathlib import Path
from typing import Any

import orjson
from tinydb.storages import Storage

from companion.errors import CorruptFileError, StoreError
from companion.i18n import lazy

try:
    import fcntl
except ImportError:  # Windows: an open file cannot be removed there, which guards a write in progress.
    fcntl = None

JSON_OPTIONS = {"ensure_ascii": False, "separators": (",", ":")}
"""How the store's own files are written: compact, text as UTF-8 (what :func:`dump_json` writes)."""


def load_json(text: str | bytes) -> Any:
    """Parse JSON text (str, or UTF-8 bytes) with orjson, several times faster than json.loads.

    Raises RecursionError for nesting deeper than orjson's limit (1,024
    levels), ValueError (not a JSONDecodeError) for a number too large to
    read, and json.JSONDecodeError (orjson's is one) for anything else that
    is not JSON. A whole number longer than 64 bits reads as a float, as
    orjson reads it.
    """
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as error:
        if error.msg.startswith("depth limit exceeded"):
            raise RecursionError(error.msg) from error
        if error.msg.startswith("number is infinity"):
            raise ValueError(error.msg) from error
        raise


class JSONText:
    """A value already written as JSON text (``text``, UTF-8 bytes, as :func:`json_text` writes
    it), which :func:`dump_json` puts as it is into what it writes (an import keeps each checked
    game so, its parsed document let go)."""

    __slots__ = ("text",)

    def __init__(self, text: bytes) -> None:
        self.text = text


def _fragment(value: Any) -> orjson.Fragment:
    """orjson's ``default`` in :func:`dump_json`: a :class:`JSONText`'s text, written as it is."""
    if type(value) is JSONText:
        return orjson.Fragment(value.text)
    raise TypeError(f"Type is not JSON serializable: {type(value).__name__}")


def _parsed(value: Any) -> Any:
    """json.dumps's ``default`` in :func:`dump_json`: a :class:`JSONText`'s value, read back."""
    if type(value) is JSONText:
        return orjson.loads(value.text)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def json_text(value: Any) -> bytes | None:
    """``value`` as compact UTF-8 JSON written by orjson (what :func:`dump_json` writes), or None
    when orjson can not write it (nested over 255 levels, a whole number longer than 64 bits)."""
    try:
        return orjson.dumps(value, default=_fragment)
    except orjson.JSONEncodeError:
        return None


def dump_json(value: Any, **options: Any) -> bytes:
    """``value`` as UTF-8 JSON bytes: by orjson when ``options`` are none or :data:`JSON_OPTIONS`
    (the same text json.dumps writes with them, several times faster), else by json.dumps with them.

    A value orjson can not write (a whole number longer than 64 bits, a key
    that is not text) is written by json.dumps as well. A :class:`JSONText`
    is written as its text. Raises TypeError or ValueError for a value that
    is not JSON.
    """
    if not options or options == JSON_OPTIONS:
        text = json_text(value)
        if text is not None:
            return text
        options = JSON_OPTIONS
    return json.dumps(value, **{"default": _parsed, **options}).encode("utf-8")

_TEMP_NAME = re.compile(r"^\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp$")


def signature(path: Path) -> tuple[int, int, int, int, int] | None:
    """What identifies one version of a file (device, inode, size, mtime, ctime); None if missing."""
    try:
        return _signature_of(os.stat(path))
    except FileNotFoundError:
        return None


def _signature_of(info: os.stat_result) -> tuple[int, int, int, int, int]:
    """:func:`signature` from a file's status (``os.stat`` or ``os.fstat``)."""
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def fd_signature(fd: int) -> tuple[int, int, int, int, int]:
    """:func:`signature` of the file open at ``fd``."""
    return _signature_of(os.fstat(fd))


class KeptVersion:
    """What was read from one version of a file, kept while that version is the file on disk.

    A version is known by its :func:`signature` (device, inode, size,
    mtime, ctime). The kept version's file is held open, so its inode can
    not be given to another file while it is kept: since every write of the
    store's files is a new file renamed over the old one
    (:class:`AtomicJSONStorage`), a write by any process, however soon
    after, has another signature, whatever the granularity of the file
    system's clock. Looking costs one ``stat``, no read.

    On systems that are not POSIX nothing is kept (an open file can not be
    replaced there), so every look misses and the file is read.

    One object is kept whole in one attribute, so a thread may look while
    another keeps a new version (it then sees the old or the new one).
    """

    def __init__(self) -> None:
        self._kept: tuple[tuple[int, int, int, int, int], Any, int] | None = None

    def look(self, path: Path) -> tuple[tuple[int, int, int, int, int], Any] | None:
        """``(signature, value)`` of the version kept when it is still the file at ``path``, else None."""
        kept = self._kept
        if kept is None or signature(path) != kept[0]:
            return None
        return kept[0], kept[1]

    def keep(self, path: Path, version: tuple[int, int, int, int, int] | None, value: Any) -> None:
        """Keep ``value`` as what version ``version`` (its signature, as read or written) of the
        file ``path`` holds; nothing is kept when that version is no longer the file at ``path``
        (or ``version`` is None)."""
        self.drop()
        if version is None or os.name != "posix":
            return
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return
        if _signature_of(os.fstat(fd)) != version:
            os.close(fd)
            return
        self._kept = (version, value, fd)

    def held(self) -> bool:
        """Whether a version is kept (the file was read or written in this process and is
        not known to have changed since)."""
        return self._kept is not None

    def drop(self) -> None:
        """Keep nothing (and let go of the file held open)."""
        kept, self._kept = self._kept, None
        if kept is not None:
            os.close(kept[2])


def fsync_folder(folder: Path) -> None:
    """Make a rename or removal in ``folder`` durable (POSIX; Windows has no folder fsync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def new_temp(folder: Path, target: str) -> tuple[int, str]:
    """Create and lock a temp file beside ``target``: ``.<target>.<8 random chars>.tmp``.

    The lock (POSIX flock) tells :func:`remove_stale_temps` the writer is alive;
    a temp that a cleaner removed before it could be locked is replaced.
    """
    while True:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target}.", suffix=".tmp")
        if fcntl is None:
            return fd, temp
        fcntl.flock(fd, fcntl.LOCK_EX)
        if os.fstat(fd).st_nlink:
            return fd, temp
        os.close(fd)


@contextlib.contextmanager
def paused_gc(*, lasting: bool = False) -> Iterator[None]:
    """Hold off Python's cyclic garbage collector while a large file is parsed or built.

    Parsing makes millions of small containers, each batch of which makes
    the collector scan the whole heap again: paused, reading 10,000 games
    is several times faster. The collector is resumed afterwards (unless it
    was already off); nothing those steps build is a reference cycle.

    With ``lasting`` True, what the steps leave alive (an import's games in
    play, which the store keeps) goes to the collector's oldest generation
    as it resumes (``gc.freeze`` then ``gc.unfreeze``), instead of being
    walked whole by the first young collection after it (about 0.2 s of
    processor time for the 2,500 games in play of a 10,000-game backup).
    That is done only in a process that holds nothing frozen on purpose
    (the server does, ``companion.ui.startup.settle_heap``), which
    ``gc.unfreeze`` would let go.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if lasting and not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def looks_whole(path: Path, head: bytes) -> bool:
    """True when ``path`` is missing, or starts with ``head`` and ends with ``}}``
    as the store writes it (a cheap check at open: two small reads, no parsing);
    False for an empty file, which the store never writes."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(len(head))
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - 2))
            return start == head and handle.read() == b"}}"
    except FileNotFoundError:
        return True
    except OSError:
        return False


def write_all(fd: int, payload: bytes) -> None:
    """Write every byte of ``payload`` to the open file ``fd`` (os.write may write only part)."""
    view = memoryview(payload)
    while view:
        view = view[os.write(fd, view):]


def _atomic_write(path: Path, payload: bytes, *, sync_folder: bool = True) -> tuple[int, int, int, int, int] | None:
    """Replace ``path`` by ``payload`` so a reader sees the old or the new file, never a mix.

    Writes a temp file in the same folder, fsyncs it, renames it
    over ``path`` with os.replace and fsyncs the folder (unless
    ``sync_folder`` is False: the caller fsyncs it once after many writes,
    under a journal that undoes them if the renames are lost). Returns the
    new file's signature. A temp file is removed if the write fails; one
    left by a killed process is removed by the next open
    (:func:`remove_stale_temps`).
    """
    folder = path.parent
    fd, temp = new_temp(folder, path.name)
    try:
        try:
            write_all(fd, payload)
            os.fsync(fd)
            if fcntl is not None:
                os.replace(temp, path)
        finally:
            os.close(fd)
        if fcntl is None:
            os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    if sync_folder:
        fsync_folder(folder)
    return signature(path)


def _remove_if_abandoned(path: str) -> bool:
    """Remove one temp file unless a live writer holds it; True if removed."""
    if fcntl is None:
        try:
            os.remove(path)
        except (PermissionError, FileNotFoundError):
            return False
        return True
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        try:
            same_file = os.path.samestat(os.stat(path), os.fstat(fd))
        except FileNotFoundError:
            return False
        if same_file:
            os.unlink(path)
        return same_file
    finally:
        os.close(fd)


def remove_stale_temps(folder: str | os.PathLike[str], targets: Container[str]) -> int:
    """Remove temp files left in ``folder`` by killed writes of the files named in ``targets``.

    Only names of the form ``.<target>.<8 chars>.tmp`` are touched, and only
    when no live writer holds them. Returns how many were removed.
    """
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return 0
    removed = 0
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match and match["target"] in targets and _remove_if_abandoned(entry.path):
            removed += 1
    return removed


class AtomicJSONStorage(Storage):
    """A TinyDB storage (JSON file) whose writes are atomic and crash-safe.

    Use as ``TinyDB(path, storage=AtomicJSONStorage)``. Takes TinyDB's usual
    JSON-storage arguments: ``create_dirs`` (make the folder), ``encoding``
    (default UTF-8), ``access_mode`` ("r" or "rb" = read only; "r+"/"rb+"
    default) and any json.dumps keyword (``indent``, ``sort_keys``...).

    - Opening for writing a file whose folder is missing (without
      ``create_dirs``) raises FileNotFoundError, as TinyDB's JSONStorage does.
    - Opening removes the temp files that killed writes of this file left
      (unless ``remove_temps`` is False: the caller has just removed them
      from the whole folder, for many files at once).
    - A write goes to a temp file in the same folder, is flushed and fsynced,
      renamed over the file (os.replace) and the folder fsynced: a kill at
      any moment leaves the old or the new file, whole.
    - A missing file reads as an empty database (None). An empty file
      (0 bytes) is damage, as every write here leaves a whole JSON object
      (``{}`` at the least): it raises :class:`CorruptFileError`.
    - A file that is not JSON, not UTF-8, cannot be opened, is nested too
      deeply, holds a number too long to read, or is not an object of
      tables of documents raises :class:`CorruptFileError` (a
      StoreError) from read(); write() refuses to replace such a file
      (it checks the file again when it changed since this storage last
      read or wrote it), so it is never overwritten.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        create_dirs: bool = False,
        encoding: str | None = None,
        access_mode: str = "r+",
        *,
        remove_temps: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__()
        if access_mode not in ("r", "rb", "r+", "rb+"):
            raise StoreError(f"access_mode must be 'r', 'rb', 'r+' or 'rb+'; got {access_mode!r}.")
        self.path = Path(path)
        self._encoding = encoding or "utf-8"
        self._writable = "+" in access_mode
        self._dump_options = kwargs
        self._seen: tuple[int, int, int, int, int] | None = None
        if self._writable and create_dirs:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if self._writable:
            if not self.path.parent.is_dir():
                raise FileNotFoundError(
                    errno.ENOENT, "The folder of this database does not exist (pass create_dirs=True)", str(self.path)
                )
            if remove_temps:
                remove_stale_temps(self.path.parent, {self.path.name})

    def _load(self) -> dict[str, dict[str, Any]] | None:
        """Parse the file; CorruptFileError if it is not a TinyDB file.

        Remembers the signature of the version read only when it was valid,
        so write() checks an unreadable file again rather than replace it.
        """
        self._seen = None
        try:
            with open(self.path, "rb") as handle:
                info = os.fstat(handle.fileno())
                raw = handle.read()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise CorruptFileError(self.path, lazy("it cannot be opened ({cause})", cause=error.strerror or error)) from error
        if not raw:
            raise CorruptFileError(self.path, lazy("it is empty"))
        signature = _signature_of(info)
        try:
            with paused_gc():
                data = load_json(raw.decode(self._encoding))
        except UnicodeDecodeError as error:
            raise CorruptFileError(self.path, lazy("it is not {encoding} text", encoding=self._encoding)) from error
        except json.JSONDecodeError as error:
            raise CorruptFileError(self.path, lazy(
                "it is not valid JSON ({problem} at line {line}, column {column})",
                problem=error.msg, line=error.lineno, column=error.colno,
            )) from error
        except RecursionError as error:
            raise CorruptFileError(self.path, lazy("it is nested too deeply to be one of Companion's files")) from error
        except ValueError as error:
            raise CorruptFileError(self.path, lazy("it holds a number too long to read")) from error
        if not isinstance(data, dict) or not all(
            isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values())
            for table in data.values()
        ):
            raise CorruptFileError(self.path, lazy("it is JSON but not a set of tables of documents"))
        self._seen = signature
        return data

    @property
    def version(self) -> tuple[int, int, int, int, int] | None:
        """The signature of the version of the file last read (when valid) or written
        here; None before."""
        return self._seen

    def assume_read(self, version: tuple[int, int, int, int, int]) -> None:
        """Take ``version`` (the :attr:`version` of this file that another storage on it
        read or wrote, and whose content the caller holds) as read here: write() replaces
        it without reading it again."""
        self._seen = version

    def read(self) -> dict[str, dict[str, Any]] | None:
        """Return the whole database ``{table: {doc_id: document}}``, or None when the file is missing.

        Raises CorruptFileError when the file cannot be read as a database (an empty file among them).
        """
        return self._load()

    def write(self, data: dict[str, dict[str, Any]], *, sync_folder: bool = True) -> None:
        """Atomically replace the file by ``data`` serialised as JSON.

        With ``sync_folder`` False the rename is not made durable here: the
        caller fsyncs the folder (``fsync_folder``) once after writing many
        files, and journals the writes so that a rename lost in a crash is
        undone with the rest. Raises OSError in read-only mode,
        CorruptFileError when the file on disk changed since it was last
        read here and is not a valid database (it is then left as it is).
        """
        if not self._writable:
            raise OSError(f"Cannot write to {self.path}: it was opened read-only.")
        on_disk = signature(self.path)
        if on_disk is not None and on_disk != self._seen:
            self._load()
        payload = (dump_json(data, **self._dump_options) if self._encoding == "utf-8"
                   else json.dumps(data, **self._dump_options).encode(self._encoding))
        self._seen = _atomic_write(self.path, payload, sync_folder=sync_folder)

    def close(self) -> None:
        """Nothing to release: the file is open only inside read() and write()."""
