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
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from companion.errors import StoreError
from companion.i18n import current_language, language
from companion.stats import export_csv
from companion.store import Store

_pool: ProcessPoolExecutor | None = None


def backup_text(data_dir: Path) -> str:
    """The full backup of the games in ``data_dir`` as JSON text (``Store.export_json``)."""
    return Store(data_dir).export_json()


def rounds_table(data_dir: Path) -> str:
    """Every round of every game in ``data_dir`` as CSV text (``companion.stats.export_csv``)."""
    return export_csv(Store(data_dir).iter_games())


def import_backup(data_dir: Path, data: bytes) -> int:
    """Import the backup ``data`` into ``data_dir`` (``Store.import_json``); returns the games added."""
    return Store(data_dir).import_json(data)


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
    the current language, when the store refused.
    """
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    done, result = await asyncio.get_running_loop().run_in_executor(_pool, _run, current_language(), job, args)
    if not done:
        raise StoreError(result)
    return result
