"""Browser-test fixtures: a Companion server and a page per test.

Each test gets its own ``main.py`` on 127.0.0.1 and a fresh temporary data
folder, so no game saved by one test is seen by another; when the test
ends, the server's output must hold no "Traceback". A module that sets
``SHARED_SERVER = True`` (its tests depend on no game but the ones they
save themselves, each under a new id) shares one ``main.py`` and data
folder among its tests instead (but a test marked ``own_server``), and
each test is checked against the part of the server's output printed
while it ran; under pytest-xdist a module's tests run on one worker
(``--dist loadfile``). The browser is Debian's headless Chromium driven by
Playwright (one for the session), at a phone's 390x844. A phone (``app``,
``phones``) is a page kept warm from an earlier test (:class:`PhonePool`):
a new session of the app, with the phone storage of a new phone, without
loading and compiling the app afresh; the servers start on the worker's
home port where they can (``home_port``), so the kept pages find the app's
files in their cache. Every test here that uses them is marked ``browser``
and skipped (with the reason) when Chromium or Playwright is missing; the
screens' plain-Python state (test_screen_state.py) runs anywhere.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import ONE_THREAD, PHONE, SHOT_TIMEOUT_MS, AppPage, home_port, launch_browser, missing, start_app

HERE = Path(__file__).resolve().parent
REASON = missing()


BROWSER_FIXTURES = frozenset({"app", "browser", "server"})

BROWSER_TIMEOUT = 300
"""Most seconds a browser test may take, its server's start and stop included
(pytest-timeout fails it then, and the run goes on). The slowest took about
150 s while eight test runs shared the machine's two cores (load average
30); a test that hangs (a wait without a limit, a server that never stops)
is cut off here instead of at CI's 90 minutes."""


def pytest_collection_modifyitems(config, items):
    """Mark this folder's tests that use the browser ``browser``, with a time
    limit of ``BROWSER_TIMEOUT`` unless the test sets its own; skip them when
    they can not run."""
    for item in items:
        in_here = Path(str(item.fspath)).resolve().parent == HERE
        if in_here and BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(BROWSER_TIMEOUT))
            if REASON:
                item.add_marker(pytest.mark.skip(reason=f"browser tests skipped: {REASON}"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the test item (for failure screenshots)."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    """Companion's main.py with a fresh data folder, for the tests of one
    ``SHARED_SERVER`` module (``server`` checks each test's part of its output).

    When the module's tests are done, fails when the server printed a
    traceback after the last test's part (its output is in ``server.log``
    in a tmp folder named after ``shared-server``).
    """
    folder = tmp_path_factory.mktemp("shared-server")
    data_dir = folder / "data"
    data_dir.mkdir()
    app = start_app(data_dir, folder / "server.log", home_port(), single_thread=ONE_THREAD)
    app.checked = 0
    try:
        yield app
        problem = app.tracebacks(since=app.checked)
    finally:
        app.stop()
    assert not problem, f"the server printed a traceback after the module's last test:\n{problem}"


@pytest.fixture
def server(request, tmp_path):
    """Companion's main.py with a fresh data folder, for one test (for the
    module, ``shared_server``, in a ``SHARED_SERVER`` module, unless the
    test is marked ``own_server``: it needs a data folder holding only
    what it saved itself).

    After the test, fails it when the server printed a traceback while it
    ran (the output is in ``server.log`` in the test's tmp_path, or the
    shared server's).
    """
    if getattr(request.module, "SHARED_SERVER", False) and request.node.get_closest_marker("own_server") is None:
        app = request.getfixturevalue("shared_server")
        start = len(app.log())
        yield app
        app.checked = len(app.log())
        problem = app.tracebacks(since=start)
        assert not problem, f"the server printed a traceback during the test:\n{problem}"
        return
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    app = start_app(data_dir, tmp_path / "server.log", home_port(), single_thread=ONE_THREAD)
    try:
        yield app
        problem = app.tracebacks()
    finally:
        app.stop()
    assert not problem, f"the server printed a traceback during the test:\n{problem}"


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium for the whole session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


class PhonePool:
    """Browser pages (each in a browser context of its own, so a phone of its
    own) kept from test to test: loading the app in a page that had it
    before takes about half the time of a new page, whose renderer must
    load and compile the app's scripts again.

    :meth:`take` gives an idle page (a new one when none is idle);
    :meth:`give_back` ends the test's session on it and makes it a new
    phone again for the next test.
    """

    def __init__(self, browser) -> None:
        self.browser = browser
        self.idle: list = []

    def take(self):
        """An idle page at the phone's size and light colours, on a phone that
        asks for reduced motion (Playwright ``Page``): Flutter then draws no
        transition frame by frame, which was about a quarter of the browser's
        processor time in a run of the browser tests, and a tap's outcome is on
        the screen at once."""
        while self.idle:
            page = self.idle.pop()
            if not page.is_closed():
                return page
        context = self.browser.new_context(viewport=PHONE, color_scheme="light", reduced_motion="reduce")
        return context.new_page()

    def give_back(self, phone: AppPage) -> None:
        """End ``phone``'s session and keep its page for another test, or close
        its context when it can not be made a new phone again.

        The page goes to a file of the app's server (a still image: no
        session, no reconnecting, and the same site, so the page keeps its
        renderer and what it compiled); other tabs the test opened in its
        context are closed, its phone storage (the app's
        ``SharedPreferences``), session storage and cookies are emptied and
        its size and colours set back. A closed page (a test closed the
        phone) is dropped.
        """
        from playwright.sync_api import Error as PlaywrightError

        page = phone.browser_page
        if page.is_closed():
            return
        try:
            for other in page.context.pages:
                if other is not page:
                    other.close()
            page.goto(phone.base_url + "/favicon.png")
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            page.context.clear_cookies()
            page.set_viewport_size(PHONE)
            page.emulate_media(color_scheme="light")
        except PlaywrightError:
            page.context.close()
            return
        self.idle.append(page)

    def kept(self) -> set:
        """The browser contexts of the idle pages."""
        return {page.context for page in self.idle if not page.is_closed()}


@pytest.fixture(scope="session")
def phone_pool(browser):
    """The session's :class:`PhonePool`."""
    return PhonePool(browser)


@pytest.fixture(autouse=True)
def no_session_left_open(request):
    """After a browser test, close every browser session (context) it left
    open, but the kept phones (:class:`PhonePool`): a page left on a stopped
    server keeps trying to reconnect and takes CPU from every later test of
    the run."""
    if "browser" not in request.fixturenames:
        yield
        return
    pool, browser = request.getfixturevalue("phone_pool"), request.getfixturevalue("browser")
    yield
    kept = pool.kept()
    for context in browser.contexts:
        if context not in kept:
            context.close()


def _screenshot_on_failure(request, page, shot: Path, what: str) -> None:
    """When the test failed, save a screenshot of ``page`` at ``shot`` and name it in the report
    (or say that the page gave none within ``SHOT_TIMEOUT_MS``: a page that stopped answering
    fails its test once, not its teardown too)."""
    from playwright.sync_api import Error as PlaywrightError

    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed and not page.is_closed():
        try:
            page.screenshot(path=str(shot), timeout=SHOT_TIMEOUT_MS)
        except PlaywrightError as exc:
            report.sections.append(("browser", f"no screenshot of {what}: {exc.message.splitlines()[0]}"))
            return
        report.sections.append(("browser", f"screenshot of {what}: {shot}"))


@pytest.fixture
def app(request, phone_pool, server, tmp_path):
    """A phone (a kept page, :class:`PhonePool`) on the app's home screen: a new
    session and a new phone's storage. The home screen is loaded when the test
    first uses the page, unless it opens another address first
    (:meth:`AppPage.open_first`).

    When the test fails, a screenshot of the page is saved in the test's
    tmp_path and named in the report.
    """
    driver = AppPage(phone_pool.take(), server.url, shots_dir=tmp_path)
    driver.open_first("/")
    yield driver
    _screenshot_on_failure(request, driver.browser_page, tmp_path / "failure.png", "the failed page")
    phone_pool.give_back(driver)


@pytest.fixture
def phones(request, phone_pool, server, tmp_path):
    """``open_phone(path="/")``: one more phone on ``path`` (a kept page of a
    browser context of its own, :class:`PhonePool`: a session with its own
    phone storage), as an ``AppPage``.

    When the test fails, each phone's screen is saved in tmp_path and named
    in the report.
    """
    opened: list[AppPage] = []

    def open_phone(path: str = "/") -> AppPage:
        driver = AppPage(phone_pool.take(), server.url, shots_dir=tmp_path / f"phone-{len(opened) + 1}")
        opened.append(driver)
        driver.open(path)
        return driver

    yield open_phone
    for number, driver in enumerate(opened, start=1):
        _screenshot_on_failure(request, driver.browser_page, tmp_path / f"failure-phone-{number}.png", f"phone {number}")
        phone_pool.give_back(driver)
