"""Browser-test fixtures: a Companion server and a page per test.

Each test gets its own ``main.py`` on 127.0.0.1, a free port and a fresh
temporary data folder, so no game saved by one test is seen by another;
when the test ends, the server's output must hold no "Traceback". A module
that sets ``SHARED_SERVER = True`` (its tests depend on no game but the ones
they save themselves, each under a new id) shares one ``main.py`` and data
folder among its tests instead, and each test is checked against the part
of the server's output printed while it ran; under pytest-xdist such a
module's tests run on one worker (``--dist loadgroup``). The browser is
Debian's headless Chromium driven by Playwright (one for the session), at a
phone's 390x844. Every test here that uses them is marked ``browser`` and
skipped (with the reason) when Chromium or Playwright is missing; the
screens' plain-Python state (test_screen_state.py) runs anywhere.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import PHONE, AppPage, launch_browser, missing, start_app

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
            if getattr(item.module, "SHARED_SERVER", False):
                item.add_marker(pytest.mark.xdist_group(item.module.__name__))


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
    app = start_app(data_dir, folder / "server.log")
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
    module, ``shared_server``, in a ``SHARED_SERVER`` module).

    After the test, fails it when the server printed a traceback while it
    ran (the output is in ``server.log`` in the test's tmp_path, or the
    shared server's).
    """
    if getattr(request.module, "SHARED_SERVER", False):
        app = request.getfixturevalue("shared_server")
        start = len(app.log())
        yield app
        app.checked = len(app.log())
        problem = app.tracebacks(since=start)
        assert not problem, f"the server printed a traceback during the test:\n{problem}"
        return
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    app = start_app(data_dir, tmp_path / "server.log")
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


@pytest.fixture(autouse=True)
def no_session_left_open(request):
    """After a browser test, close every browser session (context) it left
    open: a page left on a stopped server keeps trying to reconnect and takes
    CPU from every later test of the run."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


@pytest.fixture
def app(request, browser, server, tmp_path):
    """A fresh page (its own browser session) on the app's home screen.

    When the test fails, a screenshot of the page is saved in the test's
    tmp_path and named in the report.
    """
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    page = context.new_page()
    driver = AppPage(page, server.url, shots_dir=tmp_path)
    driver.open("/")
    yield driver
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        shot = tmp_path / "failure.png"
        page.screenshot(path=str(shot))
        report.sections.append(("browser", f"screenshot of the failed page: {shot}"))
    context.close()


@pytest.fixture
def phones(request, browser, server, tmp_path):
    """``open_phone(path="/")``: one more phone on ``path`` (a browser context of
    its own, that is a session with its own phone storage), as an ``AppPage``.

    When the test fails, each phone's screen is saved in tmp_path and named
    in the report.
    """
    contexts = []

    def open_phone(path: str = "/") -> AppPage:
        context = browser.new_context(viewport=PHONE, color_scheme="light")
        contexts.append(context)
        page = context.new_page()
        driver = AppPage(page, server.url, shots_dir=tmp_path / f"phone-{len(contexts)}")
        driver.open(path)
        return driver

    yield open_phone
    report = getattr(request.node, "report_call", None)
    for number, context in enumerate(contexts, start=1):
        if report is not None and report.failed and context.pages:
            shot = tmp_path / f"failure-phone-{number}.png"
            context.pages[0].screenshot(path=str(shot))
            report.sections.append(("browser", f"screenshot of phone {number}: {shot}"))
        context.close()
