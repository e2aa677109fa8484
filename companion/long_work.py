"""Long work on the whole history (a backup, a CSV table, an import) in a process of its own.

A thread of the server's process is not enough: reading, checking and
writing thousands of games is Python work that holds the interpreter's lock
(the GIL), so every other phone's tap waited for it. The work runs instead
in one worker process, started at its first use and kept for the next, on
the same data folder: the store's file lock keeps the two processes' writes
apart, and the server's store sees the files the worker changed (the history
index is checked against its files at each read).

:func:`in_worker` runs one of the module-level jobs below there and raises,
as a ``StoreError``, what the store refused, with its message in the
language of the phone that asked.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TextIO

from companion.errors import StoreError
from companion.i18n import _, current_language, language
from companion.stats import write_csv
from companion.store import AddedSummaries, Store
from companion.store.guard import DISK_FULL_ERRNOS

_pool: ProcessPoolExecutor | None = None
_ended: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
"""The pools :func:`_end` has ended or is ending."""
_ending = threading.Lock()


def write_backup(data_dir: Path, path: Path) -> int:
    """Write the full backup of the games in ``data_dir`` (``Store.export_json``) to the new file
    ``path`` as UTF-8 JSON; returns its size in bytes. Raises StoreError as
    :func:`write_export` does."""
    text = Store(data_dir).export_json()
    return write_export(Path(path), lambda out: out.write(text))


def write_rounds_table(data_dir: Path, path: Path) -> int:
    """Write every round of every game in ``data_dir`` (``companion.stats.write_csv``) to the new
    file ``path`` as UTF-8 CSV, a game at a time; returns its size in bytes. Raises StoreError as
    :func:`write_export` does, and when the store can not be read."""
    return write_export(Path(path), lambda out: write_csv(Store(data_dir).iter_games(), out))


def write_export(path: Path, write: Callable[[TextIO], object]) -> int:
    """Make the export file ``path`` (UTF-8, line ends as ``write`` writes them) by calling
    ``write`` with it open as text; returns its size in bytes.

    Raises:
        StoreError: the file could not be written (a full disk, a folder that
            can not be written), in words for the user; and what ``write``
            raises (a StoreError of the store it reads). Whatever was
            raised, what was written of the file is removed, so no half
            file is offered.
    """
    try:
        with open(path, "w", encoding="utf-8", newline="") as out:
            write(out)
        return path.stat().st_size
    except BaseException as error:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)
        if not isinstance(error, OSError):
            raise
        if error.errno in DISK_FULL_ERRNOS:
            raise StoreError(_(
                "The server's disk is full, so the file could not be made and nothing was exported. "
                "Free some space on it and try again."
            )) from error
        raise StoreError(_(
            "Companion could not write the file to export ({cause}), so nothing was exported."
        ).format(cause=error.strerror or error)) from error


def import_backup_file(data_dir: Path, path: Path) -> tuple[int, AddedSummaries | None]:
    """Import the backup file ``path`` into ``data_dir`` (``Store.import_json``, all or nothing); returns
    the games added, and what the import added to the history index (``Store.imported_summaries``),
    for the server's Store to take in (``Store.catch_up``). The file is left as it is. Raises
    StoreError: the store refused the backup, or the file sent can not be read (gone, say)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise StoreError(_(
            "The backup sent could not be read on the server ({cause}), so nothing was imported. Send it again."
        ).format(cause=error.strerror or error)) from error
    store = Store(data_dir)
    added = store.import_json(data)
    return added, store.imported_summaries()


def stop() -> None:
    """End the worker process and every process it started (an import checks a big backup in
    forked helpers), at once, and forget it; the next :func:`in_worker` starts a new one.

    The worker leads a process group of its own (it calls ``os.setpgrp`` as it starts), so one
    SIGKILL to that group ends them all. Called as the server stops (SIGTERM, Ctrl+C): a
    worker is never left running without its server. Work under way is lost; an import
    in progress is then undone by the store as a cut-short write is.
    """
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        _end(pool)


def _end(pool: ProcessPoolExecutor) -> None:
    """Kill ``pool``'s worker and its process group (see :func:`stop`), and shut the pool down;
    once per pool, whoever asks (every job that was waiting on a worker that died asks, each
    from a thread of its own, and a pool shut down twice at once closes its pipes twice)."""
    with _ending:
        if pool in _ended:
            return
        _ended.add(pool)
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)


def _start_worker() -> None:
    """In the worker as it starts: lead a process group of its own (:func:`stop`), and run
    only on the processor time the server and the phones leave (the kernel's idle class,
    where there is one): a file moving must not slow another phone's taps."""
    os.setpgrp()
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _run(code: str, job: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bool, Any]:
    """In the worker: ``job(*args)`` in the language ``code``; returns (True, its
    result), or (False, the message) when the store refused with a ``StoreError``."""
    with language(code):
        try:
            return True, job(*args)
        except StoreError as error:
            return False, str(error)


async def in_worker(job: Callable[..., Any], *args: Any) -> Any:
    """Run ``job(*args)`` (a module-level function of this module) in the worker process.

    Returns its result. Raises ``StoreError`` with the store's message, in
    the current language, when the store refused; and with a plain message
    when the worker ended while it did the job (killed, or out of memory):
    an import cut short so is undone by the store. A worker that has ended
    is ended with what it started, and a new one started, so one lost
    worker does not stop every later export or import; one that ended
    while it had nothing to do is replaced before the job is given.
    """
    loop = asyncio.get_running_loop()
    pool = _worker()
    if not _alive(pool):
        await _forget(pool)
        pool = _worker()
    try:
        running = loop.run_in_executor(pool, _run, current_language(), job, args)
    except BrokenProcessPool:
        await _forget(pool)
        pool = _worker()
        running = loop.run_in_executor(pool, _run, current_language(), job, args)
    try:
        done, result = await running
    except BrokenProcessPool as error:
        await _forget(pool)
        raise StoreError(_(
            "The server's helper for long work stopped before it was done (it may have run out of memory), "
            "so nothing was changed. Try again; for a big backup, close other programs on the server first."
        )) from error
    if not done:
        raise StoreError(result)
    return result


def _alive(pool: ProcessPoolExecutor) -> bool:
    """False when a worker process ``pool`` started has ended (the pool may not have seen it yet:
    it marks itself broken a few milliseconds later, and a job given meanwhile would be lost)."""
    return all(process.is_alive() for process in list((getattr(pool, "_processes", None) or {}).values()))


def _worker() -> ProcessPoolExecutor:
    """The worker's pool, started when there is none."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker)
    return _pool


async def _forget(pool: ProcessPoolExecutor) -> None:
    """After ``pool``'s worker ended: forget the pool (unless another has replaced it already)
    and end what the worker started (:func:`_end`, in a thread)."""
    global _pool
    if _pool is pool:
        _pool = None
    await asyncio.to_thread(_end, pool)
