"""The start-up the screenshot scripts (tests/e2e/*_screenshots.py) share.

Each script seeds a fresh data folder with example games, runs main.py on
it and photographs screens in headless Chromium. :func:`options` makes the
common command line (``--out``, and ``--only`` where a script takes only
some shots), :func:`run` checks that the browser is there and gives the
script a scratch folder and Playwright, :func:`serving` runs the app on a
seeded folder and fails when it printed a traceback, :func:`session` opens
one browser session (a phone, or a board at ``BOARD``).
``AppPage.screenshot`` takes each picture once the screen is painted and still.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from harness import PHONE, ROOT, AppPage, Server, missing, start_app

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

Seeded = TypeVar("Seeded")

OUT = ROOT / "docs" / "screenshots"
"""Where the screenshots go unless ``--out`` says otherwise."""

class ServerTraceback(Exception):
    """The app printed a traceback while it was photographed (the message holds it)."""


def options(doc: str, *, only: str | None = None, metavar: str = "NAME",
            choices: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The command line of a screenshot script whose module docstring is
    ``doc``: ``--out`` (a folder, default docs/screenshots) and, when
    ``only`` (its help) is given, ``--only`` (zero or more ``metavar``,
    each one of ``choices`` if given)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the pictures (default: docs/screenshots)")
    if only:
        parser.add_argument("--only", nargs="*", default=(), metavar=metavar, help=only,
                            choices=None if choices is None else list(choices))
    return parser


def run(parser: argparse.ArgumentParser, take: Callable[[argparse.Namespace, object, Path], None],
        argv: list[str] | None = None) -> int:
    """Parse ``argv`` with ``parser`` and call ``take(args, playwright, scratch)``
    with a started Playwright and a scratch folder (removed after).

    Returns the exit code: 0, or 1 (with the reason on stderr) when Chromium
    or Playwright is missing or the app printed a traceback.
    """
    args = parser.parse_args(argv)
    reason = missing()
    if reason:
        print(f"can not take screenshots: {reason}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="companion-shots-") as scratch, sync_playwright() as playwright:
        try:
            take(args, playwright, Path(scratch))
        except ServerTraceback as error:
            print(error, file=sys.stderr)
            return 1
    return 0


@contextmanager
def serving(scratch: Path, seed: Callable[[Path], Seeded], *, name: str = "data",
            everywhere: bool = False) -> Iterator[tuple[Server, Seeded]]:
    """Seed the data folder ``scratch/name`` with ``seed(data_dir)`` and run
    main.py on it (on every interface when ``everywhere``, so the table's
    key is asked); yields the server and what ``seed`` returned, and stops
    the server after.

    Raises:
        ServerTraceback: the server printed a traceback meanwhile.
        RuntimeError: the server did not start (with its output).
    """
    data_dir = scratch / name
    data_dir.mkdir(parents=True, exist_ok=True)
    seeded = seed(data_dir)
    server = start_app(data_dir, scratch / f"{name}.log", host="0.0.0.0" if everywhere else "127.0.0.1")
    try:
        yield server, seeded
    finally:
        server.stop()
    problem = server.tracebacks()
    if problem:
        raise ServerTraceback(f"the server printed a traceback:\n{problem}")


@contextmanager
def session(browser, url: str, *, viewport: dict[str, int] = PHONE, scheme: str = "light",
            locale: str | None = None) -> Iterator[AppPage]:
    """A browser session of its own on the app at ``url`` (nothing opened
    yet), with ``viewport``, colour ``scheme`` ("light" or "dark") and
    browser language ``locale`` (None: the browser's own); closed after."""
    context = browser.new_context(viewport=viewport, color_scheme=scheme, locale=locale)
    try:
        page = context.new_page()
        yield AppPage(page, url)
    finally:
        context.close()
