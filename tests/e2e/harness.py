"""Drive Companion in headless Chromium: start main.py, open pages, tap, type.

Used by the browser tests (conftest.py), the screenshot scripts (shots.py)
and the benchmarks that drive a browser. Needs Playwright's Python package
and Debian's Chromium at /usr/bin/chromium (never `playwright install`);
:func:`missing` says which is absent.

Flutter draws on a canvas; its accessibility tree (the DOM that Playwright
can query) is built only when asked: :meth:`AppPage.open` does that after
every page load. Buttons are then found by role and name, text fields by
label, and the app's ``ft.Semantics(identifier=...)`` nodes by test id.

Every wait here waits for a condition (a text, a field's value, the focus,
no new frame for a while) and fails with an ``AssertionError`` naming a
screenshot of the page when the condition does not come; there is no fixed
pause (a typing that a Flutter text field lost while it took the focus is
seen and typed again).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, NoReturn

ROOT = Path(__file__).resolve().parents[2]
"""The repository (where main.py is)."""

CHROMIUM = "/usr/bin/chromium"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Flags that keep headless Chromium quiet and offline (flet-here.md)."""

PHONE = {"width": 390, "height": 844}
"""The viewport of the tests and screenshots (a common phone, in CSS pixels)."""

BOARD = {"width": 1280, "height": 800}
"""The viewport of the board for the table: a landscape tablet or TV, in CSS pixels."""

TEST_ID_ATTRIBUTE = "flt-semantics-identifier"
"""Where Flutter writes ``ft.Semantics(identifier=...)`` in the DOM."""

SERVER_START_TIMEOUT = 90.0
"""Most seconds a server may take to listen: about 1 s when the machine is idle, over 30 s
when eight test runs share its two cores (a ceiling on a wait, not a pause)."""
STOP_TIMEOUT = 10.0
FOCUS_TIMEOUT_MS = 1_000
"""How long a clicked Flutter text field may take to have the focus before it is clicked again."""

TYPED_TIMEOUT_MS = 2_000
"""How long a text field may take to hold what was typed before typing again."""

HELD_FRAME_MS = 500
"""Longest wait for Flutter's frame after the typing before the field's text is looked at again."""

QUIET_MS = 300
"""A screen has settled when Flutter drew no frame for this long (milliseconds;
shorter than the 500 ms a text cursor stays on or off)."""

NAV_BAR = 80
"""Height of the bottom navigation bar in CSS pixels: a control drawn below the screen's
height minus this is hidden under it (or past the screen's edge)."""

TITLE_BAR = 72
"""Height of a screen's title row in CSS pixels: a control drawn above this
line may be hidden under it (or past the screen's top)."""

VIEW_MARGIN = 16
"""Pixels a control is scrolled above the navigation bar, or below the title row, before it is tapped."""

VIEW_SCROLLS = 3
"""Most wheel scrolls made to bring a control into view (a screen at its end scrolls no further)."""

SCROLLBAR_FADE_MS = 1_500
"""How long to wait, after a scroll has come to rest, for the scrollbar to
start fading out (Flutter waits 600 ms); a screen that did not scroll draws
nothing more and the wait simply ends."""

SHOT_TIMEOUT_MS = 10_000
"""Most time a failure's screenshot may take (milliseconds): about 0.2 s; a page whose
renderer stopped answering gives none, and its test fails with its own message."""

ANSWER_TIMEOUT_MS = 30_000
"""Most time the app may take to show what a wait looks for, and Playwright's
default for a page's actions (milliseconds): well under a second on an idle
machine, over 10 s seen when eight test runs share two cores. A ceiling, not
a pause: every wait ends as soon as its condition holds."""

SETTLE_TIMEOUT_MS = 10_000
"""Most time a screen may take to settle (an animation that never stops fails)."""

PAINTED_BYTES = 10_000
"""A screenshot PNG this small is a blank screen or Flet's "Working..." splash
(under 5 KB at 390x844 and at 1280x800); every painted screen is over 13 KB."""

BLANK_RETRY_MS = 1_000
"""Most time to wait for a frame before a blank screenshot is taken again (milliseconds)."""

STILL_ATTEMPTS = 30
"""Most pictures :meth:`AppPage.screenshot` takes while waiting for a painted, still screen."""

FRAME_CLOCK = """
(() => {
  const request = window.requestAnimationFrame.bind(window);
  window.__lastFrame = performance.now();
  window.requestAnimationFrame = (callback) => request((time) => {
    window.__lastFrame = performance.now();
    return callback(time);
  });
})();
"""
"""Page script that notes when the last animation frame was drawn (``settle``)."""


def missing() -> str | None:
    """Why the browser tests can not run here, or None when they can."""
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is missing (pip install -e '.[test]')"
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


_home: list[int] = []
"""This process's home port, once :func:`home_port` chose it."""


def home_port() -> int:
    """This process's home port on 127.0.0.1 while it is free, else another free port.

    The browser tests start their servers one after another on the same
    port where they can, so a page kept from an earlier test finds the
    app's files in its cache and its service worker (cached by address,
    port included) instead of loading and compiling them afresh. A port
    still in TIME_WAIT counts as free (uvicorn binds with SO_REUSEADDR
    too); one that something listens on does not.
    """
    if not _home:
        _home.append(free_port())
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", _home[0]))
        except OSError:
            return free_port()
    return _home[0]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = SERVER_START_TIMEOUT) -> None:
    """Block until something accepts connections on ``port``.

    Raises RuntimeError when ``process`` exits first or after ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode} before listening")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listened on port {port} within {timeout} s")


@dataclass
class Server:
    """A running ``main.py`` (or another Flet script) and where to reach it."""

    process: subprocess.Popen
    url: str
    port: int
    data_dir: Path | None
    log_path: Path
    _log: IO[str]

    def stop(self) -> None:
        """Terminate the server, kill it if it does not stop in time, close its log."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP_TIMEOUT)
        self._log.close()

    def log(self) -> str:
        """What the server printed so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def tracebacks(self, since: int = 0) -> str:
        """The server's output from its first "Traceback" after character ``since``
        of its log on ("" when it printed none there)."""
        log = self.log()
        start = log.find("Traceback", since)
        return "" if start < 0 else log[start:]


def start_script(
    script: Path,
    args: list[str],
    log_path: Path,
    port: int,
    data_dir: Path | None = None,
    *,
    prefix: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
) -> Server:
    """Start ``script`` with this Python and wait until it listens on ``port``.

    ``prefix`` goes before the command (e.g. ``setpriv`` to run it as
    another user); ``env`` adds to (or overrides) this process's environment.
    Output goes to ``log_path``. Raises RuntimeError (with the log) when it
    does not come up.
    """
    log = open(log_path, "w", encoding="utf-8")
    environment = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    process = subprocess.Popen(
        [*prefix, sys.executable, str(script), *args], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        env=environment,
    )
    server = Server(process, f"http://127.0.0.1:{port}", port, data_dir, log_path, log)
    try:
        wait_for_port(port, process)
    except RuntimeError as error:
        server.stop()
        raise RuntimeError(f"{error}\n--- server output ---\n{server.log()}") from error
    return server


def restart(server: Server) -> None:
    """Stop ``server`` as :meth:`Server.stop` does and start its command again
    on the same port, with the same data folder and its output added to the
    same log: the host's app restarted while the phones stay on its address.
    Returns once it listens again (the phones reconnect by themselves).

    Raises RuntimeError (with the log) when it does not come up.
    """
    command = list(server.process.args)
    server.stop()
    server._log = open(server.log_path, "a", encoding="utf-8")
    server.process = subprocess.Popen(
        command, cwd=ROOT, stdout=server._log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        wait_for_port(server.port, server.process)
    except RuntimeError as error:
        raise RuntimeError(f"{error}\n--- server output ---\n{server.log()}") from error


ONE_THREAD = True
"""The browser tests' servers make their pages draw on one thread (``start_app``'s
``single_thread``): in the web client's multi-threaded renderer, a page hung for good now and
then after a tap that drew new text (its main thread spinning in FreeType's autohinter), and a
test failed for it about once in 30 runs of tests/e2e/test_rules.py, never on the app's account.
The benches leave it off and measure what phones get."""


def start_app(
    data_dir: Path,
    log_path: Path,
    port: int | None = None,
    *,
    host: str = "127.0.0.1",
    require_key: bool = False,
    single_thread: bool = False,
    prefix: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
) -> Server:
    """Start Companion's main.py listening on ``host`` ("0.0.0.0": every
    interface, so the table's key is asked; reached at 127.0.0.1 either way)
    with ``data_dir``, no browser window; with ``require_key``, every browser
    must bring the table's key (``--require-key``; the key is in
    ``data_dir/table-key.txt``); with ``single_thread``, the pages draw on one
    thread (``--single-thread-renderer``, as the browser tests run: see
    ``ONE_THREAD``); ``prefix`` and ``env`` as for :func:`start_script`."""
    port = port or free_port()
    args = ["--host", host, "--port", str(port), "--data-dir", str(data_dir), "--no-browser"]
    if require_key:
        args.append("--require-key")
    if single_thread:
        args.append("--single-thread-renderer")
    return start_script(ROOT / "main.py", args, log_path, port, data_dir, prefix=prefix, env=env)


def launch_browser(playwright):
    """Headless Debian Chromium with the project's flags; test ids read from Flutter."""
    playwright.selectors.set_test_id_attribute(TEST_ID_ATTRIBUTE)
    return _launch(playwright.chromium)


def browser_in_language(browser, language: str):
    """Another headless Debian Chromium like ``browser`` whose own language is ``language`` (a
    language tag, e.g. ``"nb-NO"``): every request it makes asks for it, the WebSocket's handshake
    too, as a phone's browser set to that language does. A context's ``locale`` is not enough for
    the handshake: Debian's Chromium 150 sends it with the browser's own Accept-Language (Chromium
    before 151 leaves the emulated language off WebSocket requests). Close it after use."""
    return _launch(browser.browser_type, f"--accept-lang={language}")


def _launch(browser_type, *extra_args: str):
    """Headless Debian Chromium from Playwright's ``browser_type`` with the project's flags and ``extra_args``."""
    return browser_type.launch(executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *extra_args])


def in_browser(work: Callable[[object], None], what: str) -> None:
    """Call ``work(browser)`` with :func:`launch_browser`'s Chromium, closed
    afterwards (a bench's measuring); where the browser can not run here
    (:func:`missing`), print "<what>: skipped (<reason>)" instead. Returns nothing."""
    reason = missing()
    if reason:
        print(f"{what}: skipped ({reason})")
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        work(browser)
        browser.close()


_CLOCKED: weakref.WeakSet = weakref.WeakSet()
"""The pages that already run :data:`FRAME_CLOCK` (a page kept for several tests gets it once)."""


class AppPage:
    """One browser page on the app, with helpers that wait the Flutter way.

    Takes a Playwright ``Page``, the server's base URL and the folder for
    the screenshots of failed waits (None: the system's temporary folder);
    the page's own actions (a click, a ``wait_for``) then wait up to
    ``ANSWER_TIMEOUT_MS`` too.
    """

    def __init__(self, page, base_url: str, shots_dir: Path | None = None) -> None:
        self.browser_page = page
        """The Playwright ``Page`` as it is (:attr:`page` loads the first address if it is due)."""
        self._first: str | None = None
        self.base_url = base_url
        self.shots_dir = shots_dir
        self.failures = 0
        page.set_default_timeout(ANSWER_TIMEOUT_MS)
        if page not in _CLOCKED:
            page.add_init_script(FRAME_CLOCK)
            _CLOCKED.add(page)

    @property
    def page(self):
        """The Playwright ``Page``, on the app: the address :meth:`open_first`
        named is loaded now if nothing was opened since."""
        if self._first is not None:
            self.open(self._first)
        return self.browser_page

    def open_first(self, path: str = "/") -> None:
        """Load ``path`` when the page is first used, unless :meth:`open` comes
        first: a test that starts on another address loads the app once, in a
        session of its own (a second load in the same tab would take over the
        first one's session, with the work it started for the first address)."""
        self._first = path

    def fail(self, message: str) -> NoReturn:
        """Raise an ``AssertionError`` with ``message`` and the path of a screenshot of the page now
        (or why there is none: a page that gives none within ``SHOT_TIMEOUT_MS``)."""
        import tempfile

        from playwright.sync_api import Error as PlaywrightError

        self.failures += 1
        folder = self.shots_dir or Path(tempfile.mkdtemp(prefix="companion-e2e-"))
        folder.mkdir(parents=True, exist_ok=True)
        shot = folder / f"wait-failed-{self.failures}.png"
        try:
            self.page.screenshot(path=str(shot), timeout=SHOT_TIMEOUT_MS)
        except PlaywrightError as exc:
            raise AssertionError(f"{message} (no screenshot: {exc.message.splitlines()[0]})") from None
        raise AssertionError(f"{message} (screenshot: {shot})")

    def open(self, path: str = "/") -> None:
        """Load ``path`` and switch Flutter's accessibility tree on."""
        self._first = None
        self.browser_page.goto(self.base_url + path)
        self.enable_semantics()

    def reload(self) -> None:
        """Reload the page (a new session) and switch the accessibility tree on again."""
        self.page.reload()
        self.enable_semantics()

    def enable_semantics(self) -> None:
        """Click Flutter's hidden "enable accessibility" placeholder."""
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30_000)
        self.page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        self.page.wait_for_selector("flt-semantics", state="attached", timeout=ANSWER_TIMEOUT_MS)

    def button(self, name: str, *, within: str | None = None, exact: bool = True):
        """The button named ``name`` (inside test id ``within`` if given).

        An icon button is named by its tooltip, which Flutter puts on a node
        around the button: that node (found by label) is taken too.
        """
        scope = self.page.get_by_test_id(within) if within else self.page
        return scope.get_by_role("button", name=name, exact=exact).or_(scope.get_by_label(name, exact=exact)).first

    def tap(self, name: str, *, within: str | None = None, exact: bool = True) -> None:
        """Tap the button named ``name`` (inside test id ``within`` if given)."""
        self.button(name, within=within, exact=exact).click()

    def tab(self, name: str) -> None:
        """Tap a navigation bar destination."""
        self.page.get_by_role("tab", name=name).click()

    def _focused(self, label: str) -> bool:
        """Whether the text field labelled ``label`` has the focus now or within ``FOCUS_TIMEOUT_MS``."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(
                "label => ((document.activeElement && document.activeElement.getAttribute('aria-label')) || '')"
                ".startsWith(label)",
                arg=label, polling=20, timeout=FOCUS_TIMEOUT_MS,
            )
        except PlaywrightTimeout:
            return False
        return True

    def _holds(self, text: str) -> bool:
        """Whether the focused field holds ``text`` within ``TYPED_TIMEOUT_MS`` and still
        after Flutter's next frame (or ``HELD_FRAME_MS``): the browser writes keys into
        the field's element at once, and Flutter, when it takes the click later than
        the keys (a busy page), starts its editing from its own empty text and the
        keys are lost, though the element held them for a moment."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        holds = "text => document.activeElement && document.activeElement.value === text"
        try:
            self.page.wait_for_function(holds, arg=text, polling=50, timeout=TYPED_TIMEOUT_MS)
        except PlaywrightTimeout:
            return False
        self.next_frame(HELD_FRAME_MS)
        return bool(self.page.evaluate(holds, text))

    def type_into(self, label: str, text: str, *, submit: bool = False, attempts: int = 4) -> None:
        """Type ``text`` into the text field labelled ``label`` (replacing its text).

        Click until the field has the focus (after a tab switch Flutter's
        first click can leave it on the page), select all, let Flutter draw
        a frame (on a busy page the first key typed at once after Ctrl+A was
        lost, in every try; Flutter most likely still took the Control key as held), type, then wait
        for the field to hold ``text``: on a busy machine a re-render can
        take the focus mid-word, so the typing is repeated until it does
        (``fill()`` loses text on Flutter fields). ``submit`` presses Enter after.

        Raises:
            AssertionError: if the field never holds ``text`` (with a screenshot path).
        """
        for _ in range(attempts):
            for _ in range(5):
                self.click_in_view(self.page.get_by_label(label).first)
                if self._focused(label):
                    break
            self.page.keyboard.press("Control+a")
            self.next_frame(HELD_FRAME_MS)
            self.page.keyboard.type(text)
            if self._holds(text):
                break
        else:
            value = self.page.evaluate("document.activeElement ? document.activeElement.value : null")
            self.fail(f"the field {label!r} holds {value!r}, not {text!r}")
        if submit:
            self.page.keyboard.press("Enter")

    def click_in_view(self, target) -> None:
        """Click the Playwright locator ``target`` where the phone draws it.

        A control that lies under the bottom navigation bar or past the
        screen's bottom edge (a card field below the fold), or under the
        title row or past the top edge (a field the screen was scrolled
        away from), is first scrolled into view with the mouse wheel, as a
        player scrolls, and the screen let come to rest. Left to Playwright,
        the click scrolls the accessibility tree at once while Flutter draws
        the scroll later, and the tap lands on whatever Flutter still draws
        under that point (a rank tile above the card field was tapped
        instead of the field; a row's buttons instead of the rows' field
        above them). A screen that scrolls no further is left as it is.
        """
        size = self.page.viewport_size
        bottom = size["height"] - NAV_BAR
        for _ in range(VIEW_SCROLLS):
            box = target.bounding_box()
            if box is None:
                break
            if box["y"] + box["height"] > bottom:
                scroll = box["y"] + box["height"] - bottom + VIEW_MARGIN
            elif box["y"] < TITLE_BAR:
                scroll = box["y"] - TITLE_BAR - VIEW_MARGIN
            else:
                break
            self.settle()
            self.page.mouse.move(size["width"] / 2, size["height"] / 2)
            self.page.mouse.wheel(0, scroll)
            self.settle()
            moved = target.bounding_box()
            if moved is None or moved["y"] == box["y"]:
                break
        target.click()

    def submit_for(self, label: str, text: str, button: str) -> None:
        """Type ``text`` into the field ``label``, press Enter once, and wait for the button
        ``button`` that the submit brings (a name's "Remove <name>"): the field is painted as
        the phone holds it, so no repaint between the typing and the Enter swallows the submit.

        Raises:
            AssertionError: if the button does not show within ``ANSWER_TIMEOUT_MS`` (with a screenshot path).
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        self.type_into(label, text, submit=True)
        try:
            self.button(button).wait_for(timeout=ANSWER_TIMEOUT_MS)
        except PlaywrightTimeout:
            self.fail(f"{button!r} did not show after entering {text!r} into {label!r}")

    def settle(self) -> None:
        """Wait until Flutter has drawn no new frame for ``QUIET_MS`` (a scroll or
        an animation has come to rest).

        Raises:
            AssertionError: if frames keep coming for ``SETTLE_TIMEOUT_MS``.
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(
                "quiet => performance.now() - (window.__lastFrame || 0) > quiet",
                arg=QUIET_MS, polling=50, timeout=SETTLE_TIMEOUT_MS,
            )
        except PlaywrightTimeout:
            self.fail(f"the screen kept drawing new frames for {SETTLE_TIMEOUT_MS / 1000:.0f} s")

    def next_frame(self, timeout_ms: float) -> bool:
        """Wait for Flutter to draw a new frame; False when none came within ``timeout_ms``."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        mark = self.page.evaluate("() => window.__lastFrame || 0")
        try:
            self.page.wait_for_function(
                "mark => (window.__lastFrame || 0) > mark", arg=mark, polling=50, timeout=timeout_ms,
            )
        except PlaywrightTimeout:
            return False
        return True

    def scroll(self, pixels: int) -> None:
        """Scroll the screen down by ``pixels`` (up when negative) with the mouse
        wheel, once the screen is at rest, until it rests again and its
        scrollbar has faded out."""
        self.settle()
        self.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        self.page.mouse.wheel(0, pixels)
        self.settle()
        if self.next_frame(SCROLLBAR_FADE_MS):
            self.settle()

    def see(self, text: str, *, timeout: float = ANSWER_TIMEOUT_MS, exact: bool = False) -> None:
        """Wait until ``text`` is visible (a substring unless ``exact``).

        Texts inside a Semantics container are merged into the container's
        label, so labels are searched too.

        Raises:
            AssertionError: if it is not visible within ``timeout`` ms (with a screenshot path).
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        found = self.page.get_by_text(text, exact=exact).or_(self.page.get_by_label(text, exact=exact))
        try:
            found.first.wait_for(state="visible", timeout=timeout)
        except PlaywrightTimeout:
            self.fail(f"{text!r} did not show within {timeout / 1000:g} s")

    def gone(self, label: str, *, timeout: float = ANSWER_TIMEOUT_MS) -> None:
        """Wait until no control labelled ``label`` is on the screen (a tap that
        folds part of a sheet away has been drawn, so the next tap meets the
        screen as it now stands, not a control that moved under it)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.get_by_label(label).first.wait_for(state="detached", timeout=timeout)
        except PlaywrightTimeout:
            self.fail(f"{label!r} was still shown after {timeout / 1000:g} s")

    def text_of(self, test_id: str) -> str:
        """The visible text inside the node with ``test_id``, stripped."""
        node = self.page.get_by_test_id(test_id)
        node.wait_for(state="attached", timeout=ANSWER_TIMEOUT_MS)
        return node.inner_text().strip()

    def wait_text(self, test_id: str, expected: str, timeout: float = ANSWER_TIMEOUT_MS / 1000) -> str:
        """Wait until the node ``test_id`` reads ``expected`` (spaces at the ends
        aside); returns the text read.

        Raises:
            AssertionError: if it does not within ``timeout`` seconds, naming
                what it read last and a screenshot.
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(
                """([attribute, id, expected]) => {
                    const node = document.querySelector(`[${attribute}="${id}"]`);
                    return node !== null && node.innerText.trim() === expected;
                }""",
                arg=[TEST_ID_ATTRIBUTE, test_id, expected], polling=100, timeout=timeout * 1000,
            )
        except PlaywrightTimeout:
            node = self.page.get_by_test_id(test_id)
            seen = node.first.inner_text().strip() if node.count() else None
            self.fail(f"{test_id!r} reads {seen!r}, not {expected!r}, after {timeout:g} s")
        return self.text_of(test_id)

    def changed(self, test_id: str, before: str, timeout: float = ANSWER_TIMEOUT_MS / 1000) -> str:
        """Wait until the node ``test_id`` no longer reads ``before`` (spaces at
        the ends aside): what a tap or an entry brought has been drawn. Returns
        the text read.

        Raises:
            AssertionError: if it still reads ``before`` after ``timeout`` seconds (with a screenshot path).
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(
                """([attribute, id, before]) => {
                    const node = document.querySelector(`[${attribute}="${id}"]`);
                    return node !== null && node.innerText.trim() !== before;
                }""",
                arg=[TEST_ID_ATTRIBUTE, test_id, before.strip()], polling=100, timeout=timeout * 1000,
            )
        except PlaywrightTimeout:
            self.fail(f"{test_id!r} still reads {before!r} after {timeout:g} s")
        return self.text_of(test_id)

    def screenshot(self, path: Path, wait_for: str | None = None) -> None:
        """Save a screenshot at ``path`` once ``wait_for`` text (if given) is
        visible and the screen is painted and still: two pictures in a row,
        each taken once the screen settled, are the same and not blank.

        Flutter's accessibility tree, which :meth:`see` reads, can hold a
        screen's text seconds before the screen is painted (or while a font
        loads, or while the "Working..." splash still shows).

        Raises:
            AssertionError: if no such picture came in ``STILL_ATTEMPTS`` tries (with a screenshot path).
        """
        if wait_for:
            self.see(wait_for)
        before = b""
        for _ in range(STILL_ATTEMPTS):
            self.settle()
            shot = self.page.screenshot()
            painted = len(shot) > PAINTED_BYTES
            if painted and shot == before:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(shot)
                return
            before = shot
            if not painted:
                self.next_frame(BLANK_RETRY_MS)
        self.fail(f"the screen was not painted and still in {STILL_ATTEMPTS} pictures")
