"""What the server loads before it listens, for the first frame, and after it: the first frame comes soon.

Before it listens, main.py imports only what opening the store and serving
need. The rest is imported here, in a thread that starts as soon as the
server accepts connections, in two steps:

1. What the first frame needs, while the browser is still loading Flet's
   web client (over a second, during which the server has nothing else to
   do): the app's screens and Flet's renderer (:data:`FIRST_FRAME_MODULES`),
   the Flet controls the shell, the Play screen, a pad and the key gate
   draw (:data:`FIRST_FRAME_FLET`: Flet imports each control's module the
   first time its name is used), and the work main.py gives for it
   (reading the games in progress, which the Play screen lists). A session
   that opens before this step is done waits for it (see
   :func:`session_entry`), so two threads never import the app at once.
   The first session compiles the catalog of its own language itself.
   (Leaving this step to the first session was tried: it then imported
   the app after its WebSocket opened, about 0.4 s of CPU more on the
   path to the first frame, and the first frame came later.)
2. Everything else, :data:`WARM_AFTER` seconds after the first session
   has drawn its screen (so that the screen is sent and painted
   meanwhile; after :data:`FIRST_SESSION_WAIT` seconds with no page or
   file request when no session came: a phone still fetching the web
   client, which can take longer than that on a slow network or a busy
   machine, is waited for),
   so that the first tap that needs one does not wait for it: the rules
   core as the store reads it (``companion.rules_core``), the gettext
   catalogs of every language, compiled from their ``.po`` files (a pad's
   first frame reads a phone's label in every language), the libraries
   that only some screens use (:data:`DEFERRED`), each imported where it is
   used, and the rules search's index of every language; then the work
   main.py gives last (reading every saved file once); and last of all,
   what is alive by then is put out of the garbage collector's reach
   (:func:`settle_heap`).

While it imports, the warming lets the server's event loop take the
interpreter's lock sooner (:func:`yielding_often`), so that the web
client's files are sent at full speed meanwhile.

This module is the one place that says what is loaded late; a test checks
that the first frame's import set leaves :data:`DEFERRED` out and that
:data:`FIRST_FRAME_FLET` covers what the first screens draw.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import socket
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator

import flet as ft

from companion import rules_core
from companion.i18n import LANGUAGES, translations
from companion.server.addresses import OPEN_HOSTS

APP_MODULE = "companion.ui.app"
"""The module with the app's shell, routes and screens; its ``session_main``
is the Flet entry point."""

FIRST_FRAME_MODULES: tuple[str, ...] = (APP_MODULE, "flet.components.component")
"""The modules of the first frame that are not imported before the server
listens: the app's screens and Flet's renderer of components."""

FIRST_FRAME_FLET: tuple[str, ...] = (
    "Clipboard", "Column", "Container", "CrossAxisAlignment", "Divider", "FilledButton", "Icon", "IconButton",
    "ListTile", "MainAxisAlignment", "NavigationBar", "NavigationBarDestination", "NavigationBarTheme",
    "OutlinedButton", "Padding", "PopupMenuButton", "PopupMenuItem", "Router", "Row", "ScrollMode",
    "Semantics", "SharedPreferences", "Stack", "StackFit", "Text", "TextAlign", "TextOverflow",
    "TextButton", "TextThemeStyle", "Theme", "ThemeMode", "View", "VisualDensity", "Wakelock", "use_callback", "use_context",
    "use_effect", "use_ref", "use_route_location", "use_route_outlet", "use_route_params", "use_state", "use_view_path",
)
"""The Flet names the first frames use (the shell, Play, a pad, the key gate)
that ``flet`` imports only when first read; reading them all costs about
0.3 s of CPU, a third of it for ``Theme``."""

DEFERRED: tuple[str, ...] = ("segno", "snowballstemmer", "bm25s", "rapidfuzz", "flet_charts")
"""Libraries the first frames do not use, imported where they are used (QR
codes, the rules search's stemmer, ranking and typo matching, charts) and warmed after the first
frame's modules, with the rules search's index of every language."""

WARM_SEARCH = "card"
"""The word searched in every language to build the rules search's index (cached by ``companion.rulebook``)."""

CATALOG_DOMAINS: tuple[str, ...] = ("companion", "rules")
"""The gettext domains compiled for every language while warming."""

FIRST_SESSION_WAIT = 5.0
"""Most seconds the second step of the warming waits for a first session with
no page or file request meanwhile."""

LONGEST_SESSION_WAIT = 60.0
"""Most seconds the second step of the warming waits for a first session
while page or file requests keep coming (a client that fetches without
ever opening a session, such as a link preview or a crawler, does not
keep the saved files from being read once)."""

WARM_AFTER = 1.0
"""Seconds between the first session's drawing and the second step of the
warming: the screen drawn is sent to the phone and painted meanwhile."""

WARM_SWITCH_INTERVAL = 0.0005
"""Seconds the warming thread may hold the interpreter lock while the server's
event loop waits for it (Python's default is 0.005). The web client's files
(about 12 MB) are sent in chunks of 64 KiB, each read in a worker thread and
written by the event loop, and every hand-over waits for the lock: fetched
while the warming ran, they took a median 1.34 s with the default and 0.36 s
with this interval (4 starts each, on a loaded machine)."""

LISTEN_POLL = 0.02
"""Seconds between two looks at whether the server listens yet."""

LISTEN_TIMEOUT = 60.0
"""Most seconds to wait for the server to listen before warming anyway."""


def wait_until_listening(host: str, port: int, timeout: float = LISTEN_TIMEOUT) -> bool:
    """Wait until something accepts TCP connections on ``host``:``port``.

    Takes the address to connect to (a listen address such as "0.0.0.0" is
    reached at 127.0.0.1), the port and the most seconds to wait. Returns
    True once a connection was accepted, False after ``timeout`` seconds.
    """
    address = "127.0.0.1" if host in OPEN_HOSTS else host
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((address, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(LISTEN_POLL)
    return False


def warm_first_frame() -> None:
    """Import :data:`FIRST_FRAME_MODULES` and every name of :data:`FIRST_FRAME_FLET`.
    Returns nothing."""
    for name in FIRST_FRAME_MODULES:
        importlib.import_module(name)
    for name in FIRST_FRAME_FLET:
        getattr(ft, name)


def warm_later() -> None:
    """Import the rules core the store replays saved games with (``rules_core.load_all``:
    the registry, every game package and the pads), compile the catalogs of every
    language and domain (cached by ``companion.i18n.translations``), import
    every module of :data:`DEFERRED` and build the rules search's index of
    every language (a search of :data:`WARM_SEARCH`). Returns nothing."""
    rules_core.load_all()
    for code in LANGUAGES:
        for domain in CATALOG_DOMAINS:
            translations(code, domain)
    for name in DEFERRED:
        importlib.import_module(name)
    from companion.rulebook.ranking import search  # imported with the screens, not before the server listens

    for code in LANGUAGES:
        search(WARM_SEARCH, language=code)


class OpenNow:
    """The objects open now (the Flet sessions of the phones, as :func:`session_entry`
    notes them), held weakly: an object gone is no longer in it. Safe from any thread."""

    def __init__(self) -> None:
        self._held: weakref.WeakSet = weakref.WeakSet()
        self._lock = threading.Lock()

    def add(self, thing: object) -> None:
        """Note ``thing`` (weakly referable) as open."""
        with self._lock:
            self._held.add(thing)

    def now(self) -> list[object]:
        """The objects noted and still alive."""
        with self._lock:
            return list(self._held)


OPEN_SESSIONS = OpenNow()
"""The Flet sessions of the phones open now (:func:`session_entry` notes each)."""


def settle_heap(watched: OpenNow = OPEN_SESSIONS) -> None:
    """Collect the garbage there is, then put every object still alive (the
    modules, catalogs, rules index and files warmed above, which live as
    long as the server) out of the cyclic garbage collector's reach
    (``gc.freeze``): a full collection, which a table's saves set off now
    and then, then walks only what came later, not everything loaded.

    The objects ``watched`` holds at that moment (the Flet sessions of the
    phones already open) are frozen with the rest, and so are their
    screens, whose reference cycles would never be collected once the phone
    has gone. So each is watched: :data:`SETTLE_AGAIN_AFTER` seconds after
    the last of them has ended, the heap is settled again in a thread of its
    own (the objects frozen before are let back first), which collects those
    screens and freezes what lives then, watching the sessions open then in
    turn. The sessions are those noted as they opened, not found among every
    object the collector tracks (``gc.get_objects``): that list holds a
    tuple another thread is still building, whose resizing then fails
    (``SystemError`` in a phone's first screen). Returns nothing."""
    gc.unfreeze()
    gc.collect()
    alive = watched.now()
    gc.freeze()
    if alive:
        ended = _Ended(len(alive), watched)
        for thing in alive:
            weakref.finalize(thing, ended.one)


SETTLE_AGAIN_AFTER = 1.0
"""Seconds between the end of the last session watched by :func:`settle_heap`
and the next settling: the end is noted while the session is being torn
down, and its screen is garbage only once that is over."""


class _Ended:
    """Counts down the watched objects of one :func:`settle_heap` (``left``,
    of those ``watched`` holds) as each ends, and settles the heap again, in a
    thread named ``settle``, :data:`SETTLE_AGAIN_AFTER` seconds after the last."""

    def __init__(self, left: int, watched: OpenNow) -> None:
        self.left = left
        self.watched = watched
        self.lock = threading.Lock()

    def one(self) -> None:
        """One of the watched objects has ended (called by its ``weakref.finalize``)."""
        with self.lock:
            self.left -= 1
            last = self.left == 0
        if last:
            again = threading.Timer(SETTLE_AGAIN_AFTER, settle_heap, args=(self.watched,))
            again.name, again.daemon = "settle", True
            again.start()


class _Yielding:
    """How many :func:`yielding_often` blocks run now, and the interval before the first."""

    lock = threading.Lock()
    blocks = 0
    interval = 0.0


@contextlib.contextmanager
def yielding_often() -> Iterator[None]:
    """Within the block, the interpreter hands its lock to a waiting thread after
    :data:`WARM_SWITCH_INTERVAL` seconds instead of Python's default; the
    interval before the first of several blocks running at once is set back
    when the last one ends. Yields nothing."""
    with _Yielding.lock:
        if _Yielding.blocks == 0:
            _Yielding.interval = sys.getswitchinterval()
            sys.setswitchinterval(WARM_SWITCH_INTERVAL)
        _Yielding.blocks += 1
    try:
        yield
    finally:
        with _Yielding.lock:
            _Yielding.blocks -= 1
            if _Yielding.blocks == 0:
                sys.setswitchinterval(_Yielding.interval)


class Warming:
    """Where the warming of one server is: ``first_frame`` is set once its first
    step is over (done or failed: a session then imports what it needs itself,
    and an import error shows there), ``served`` once a session has drawn its
    screen, ``later`` when the second step starts; ``requested`` is set by the
    server as each page or file request arrives (a phone fetching the web
    client, see ``companion.server.build_app``) and cleared by the warming as
    it notes it."""

    def __init__(self) -> None:
        self.first_frame = threading.Event()
        self.served = threading.Event()
        self.later = threading.Event()
        self.requested = threading.Event()


def warm_in_background(host: str, port: int, first: Callable[[], None] | None = None,
                       then: Callable[[], None] | None = None, *,
                       wait: float = FIRST_SESSION_WAIT, after: float = WARM_AFTER,
                       longest: float = LONGEST_SESSION_WAIT) -> Warming:
    """Start a daemon thread that waits until the server listens on ``host``:``port``,
    runs :func:`warm_first_frame` and ``first()`` (other work the first frame
    needs, such as reading the games in progress), waits for a first session
    to draw its screen (when ``wait`` seconds pass with no page or file
    request, the phone fetching the client having gone quiet or none having
    come, it waits no longer; nor, whatever is requested, after ``longest``
    seconds) and ``after`` seconds more,
    then runs :func:`warm_later` and ``then()`` (other work that should not
    slow the first frame, such as reading every saved file once), and last
    :func:`settle_heap`. ``first``, ``then`` and :func:`settle_heap` run even
    when the warming step before them failed; each step runs in
    :func:`yielding_often`.

    Returns the :class:`Warming` to give :func:`session_entry`.
    """
    warming = Warming()

    def warm() -> None:
        wait_until_listening(host, port)
        with yielding_often():
            try:
                warm_first_frame()
            finally:
                try:
                    if first is not None:
                        first()
                finally:
                    warming.first_frame.set()
        given_up = time.monotonic() + longest
        while not warming.served.wait(wait) and warming.requested.is_set() and time.monotonic() < given_up:
            warming.requested.clear()
        time.sleep(after)
        warming.later.set()
        with yielding_often():
            try:
                warm_later()
            finally:
                try:
                    if then is not None:
                        then()
                finally:
                    settle_heap()

    threading.Thread(target=warm, name="warm", daemon=True).start()
    return warming


def session_entry(store, access, warming: Warming | None = None) -> Callable[[ft.Page], None]:
    """The Flet entry point of main.py: ``companion.ui.app.session_main(store, access)``,
    with the app imported at the first session rather than before the server listens.

    Takes the process's ``companion.store.Store`` and ``companion.server.key.TableAccess``
    and the :class:`Warming` of :func:`warm_in_background` (None: nothing warms).
    Returns ``main(page)``, which notes the page's session as open
    (:data:`OPEN_SESSIONS`), waits for the first step of the warming before
    it imports the app, and tells the warming once it has drawn.
    """

    def main(page: ft.Page) -> None:
        OPEN_SESSIONS.add(page.session)
        if warming is not None:
            warming.first_frame.wait()
        importlib.import_module(APP_MODULE).session_main(store, access)(page)
        if warming is not None:
            warming.served.set()

    return main
