"""Start Companion in web mode.

    python main.py [--port N] [--host H] [--data-dir D] [--no-browser] [--require-key]

Serves the app on http://127.0.0.1:8550 (or a free port when 8550 is taken),
prints the address, and opens the browser where there is one. With
``--host 0.0.0.0`` the phones on the same Wi-Fi can open it too, with the
table's access key (the invite link carries it; ``--require-key`` asks for it
on this computer too).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from companion.server import build_app, serve
from companion.server.addresses import OPEN_HOSTS, invite_host, is_loopback, own_authorities
from companion.server.key import TableAccess
from companion.store import Store, StoreError, resolve_data_dir
from companion.transfers import Transfers
from companion.ui.startup import session_entry, wait_until_listening, warm_in_background

DEFAULT_PORT = 8550
DEFAULT_HOST = "127.0.0.1"
ASSETS_DIR = Path(__file__).resolve().parent / "assets"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Read the command line.

    Takes the arguments after the program name (``sys.argv[1:]`` when None);
    returns a namespace with ``port`` (int or None), ``host`` (str),
    ``data_dir`` (str or None), ``no_browser``, ``require_key`` and
    ``single_thread_renderer`` (bool).
    """
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Companion: score pads, move checker, setup guide and rules "
        "for four card games, served to a browser.",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"TCP port (default {DEFAULT_PORT}, or a free one if that is taken)",
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="address to listen on (default 127.0.0.1: this computer only; "
        "0.0.0.0 lets phones on the same network open it)",
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="folder for the saved games (default: COMPANION_DATA, then the "
        "app data folder)",
    )
    parser.add_argument(
        "--no-browser",
        action="store_true",
        help="do not open a browser window",
    )
    parser.add_argument(
        "--require-key",
        action="store_true",
        help="ask every browser for the table's access key even on this "
        "computer only (it is always asked when --host is not loopback)",
    )
    parser.add_argument(
        "--single-thread-renderer",
        action="store_true",
        help="phones draw on one thread: for a phone whose page froze after a tap "
        "(each tap then paints somewhat slower)",
    )
    args = parser.parse_args(argv)
    if args.port is not None and not 0 < args.port < 65536:
        parser.error(f"--port must be between 1 and 65535, not {args.port}")
    return args


def _port_is_free(host: str, port: int) -> bool:
    """True when ``port`` can be bound on ``host`` right now."""
    bind_host = host if host not in OPEN_HOSTS else "0.0.0.0"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # As the web server does: a port left in TIME_WAIT by a stopped server is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((bind_host, port))
        except OSError:
            return False
    return True


def choose_port(host: str, wanted: int | None) -> int:
    """The port to serve on.

    Takes the listening address and the port asked for (None: the default
    8550). Returns ``wanted`` when it is free; for the default, a free port
    chosen by the system when 8550 is taken. Raises SystemExit with a message
    when an explicitly asked port is taken.
    """
    port = DEFAULT_PORT if wanted is None else wanted
    if _port_is_free(host, port):
        return port
    if wanted is not None:
        raise SystemExit(
            f"Port {wanted} is already in use. Pick another with --port, "
            "or leave --port out to get a free one."
        )
    bind_host = host if host not in OPEN_HOSTS else "0.0.0.0"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((bind_host, 0))
        return probe.getsockname()[1]


def _has_graphical_browser() -> bool:
    """False on a machine without a display (a server, a container)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _open_browser_when_up(url: str, host: str, port: int, timeout: float = 15.0) -> None:
    """Wait until the server answers on ``host``:``port`` (at most ``timeout`` seconds), then open ``url``.

    Runs in a daemon thread; does nothing when no browser can be found.
    """
    import webbrowser  # only where a browser is opened: not imported before the server listens

    wait_until_listening(host, port, timeout)
    try:
        webbrowser.open(url)
    except webbrowser.Error:
        pass


def open_store(data_dir: str | None) -> Store:
    """Open the data folder and print what the store noticed.

    Takes the ``--data-dir`` value (None: the default folder). Returns the
    open Store; its notices (a damaged file set aside, a read-only folder)
    are printed and also shown in the app. Raises SystemExit with the
    store's plain-words message, never a traceback, when the folder can not
    be used at all. The games in progress are checked as the server starts
    listening, before the first screen is drawn, and every other file once
    the first phone has its screen (see :func:`main`).
    """
    try:
        store = Store(resolve_data_dir(data_dir), check_games=False)
    except StoreError as error:
        raise SystemExit(f"Companion did not start: {error}") from None
    for notice in store.notices:
        print(f"Note: {notice}", flush=True)
    return store


def _noting(store: Store, reading: Callable[[], object]) -> None:
    """Call ``reading()`` (a read of the store's files) and print the notices it added
    (damage found) and the StoreError it raised, if any."""
    known = len(store.notices)
    try:
        reading()
    except StoreError as error:
        print(f"Note: {error}", flush=True)
    for notice in store.notices[known:]:
        print(f"Note: {notice}", flush=True)


def start_lines(access: TableAccess, url: str, host: str) -> list[str]:
    """What the console says once the app runs: where (``url``, this
    computer's own address), and, when the app listens beyond this computer
    (``host`` not a loopback address) and asks for the table's key, the link
    to hand to the phones on the network (a loopback link is of no use to a
    phone, so ``--require-key`` on loopback prints none)."""
    lines = [f"Companion is running at {url}  (Ctrl+C stops it)"]
    if access.required and not is_loopback(host):
        lines.append(f"Invite phones on the same network: {access.invite_url()}")
    return lines


def keyed_access(data_dir: Path, *, required: bool, listen_host: str, invite: str, port: int,
                 notices: list) -> TableAccess:
    """The table's key (``companion.server.key.TableAccess``) for an app listening on ``listen_host``:``port``,
    whose invite names ``invite``; a notice about a key file that held no key goes to ``notices``
    (and is printed). After each renewal of the key (from the invite screen) the console says so
    and prints the new links (:func:`start_lines`). Raises SystemExit in plain words when the key
    file can not be kept."""
    shown_host = DEFAULT_HOST if listen_host in OPEN_HOSTS else listen_host

    def renewed() -> None:
        print("The table's key was renewed: every phone and the board must scan the new code.", flush=True)
        for line in start_lines(access, access.invite_url("/", host=shown_host), listen_host):
            print(line, flush=True)

    known = len(notices)
    try:
        access = TableAccess(data_dir, required=required, host=invite, port=port, notices=notices,
                             on_renew=renewed)
    except (OSError, StoreError) as error:
        raise SystemExit(f"Companion did not start: the table's key file can not be kept: {error}") from None
    for notice in notices[known:]:
        print(f"Note: {notice}", flush=True)
    return access


def _exit_on_sigterm(signum: int, _frame: object) -> None:
    """SIGTERM's handler: leave through ``SystemExit`` (code 143, as a process ended by SIGTERM
    reports in a shell), so that the clean-up after serving runs. The web server handles
    SIGTERM itself while it serves, then raises it again once it has stopped: this handler
    is what then runs, instead of the system ending the process on the spot."""
    raise SystemExit(128 + signum)


def main(argv: list[str] | None = None) -> None:
    """Parse the command line, open the store and serve the app until stopped (Ctrl+C, SIGTERM);
    then end the long-work process and every process it started, and remove the files in transit."""
    args = parse_args(argv)
    store = open_store(args.data_dir)
    port = choose_port(args.host, args.port)
    shown_host = DEFAULT_HOST if args.host in OPEN_HOSTS else args.host
    access = keyed_access(store.data_dir, required=args.require_key or not is_loopback(args.host),
                          listen_host=args.host, invite=invite_host(args.host), port=port, notices=store.notices)
    url = access.invite_url("/", host=shown_host) if access.required else f"http://{shown_host}:{port}"
    for line in start_lines(access, url, args.host):
        print(line, flush=True)
    if not args.no_browser and _has_graphical_browser():
        threading.Thread(
            target=_open_browser_when_up, args=(url, args.host, port), daemon=True
        ).start()
    warming = warm_in_background(
        args.host, port,
        first=lambda: _noting(store, store.unfinished_games),
        then=lambda: _noting(store, store.check_files),
    )
    transfers = Transfers()
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    app = build_app(
        session_entry(store, access, warming),
        assets_dir=str(ASSETS_DIR),
        allowed=own_authorities(args.host, port, [socket.gethostname()]),
        on_request=warming.requested.set,
        transfers=transfers,
        single_thread=args.single_thread_renderer,
    )
    try:
        serve(app, args.host, port)
    finally:
        worker = sys.modules.get("companion.long_work")
        if worker is not None:
            worker.stop()
        transfers.close()


if __name__ == "__main__":
    main()
