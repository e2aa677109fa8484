"""Browser-test fixtures: one Companion server per session, a page per test.

The server is ``main.py`` on 127.0.0.1, a free port and a fresh temporary
data folder; the browser is Debian's headless Chromium driven by
Playwright, at a phone's 390x844. Every test here that uses them is marked
``browser`` and skipped (with the reason) when Chromium or Playwright is
missing; the screens' plain-Python state (test_screen_state.py) runs anywhere.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import PHONE, AppPage, launch_browser, missing, start_app

HERE = Path(__file__).resolve().parent
REASON = missing()


BROWSER_FIXTURES = frozenset({"app", "browser", "server"})


def pytest_collection_modifyitems(config, items):
    """Mark this folder's tests that use the browser ``browser``; skip them when they can not run."""
    for item in items:
        in_here = Path(str(item.fspath)).resolve().parent == HERE
        if in_here and BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
            if REASON:
                item.add_marker(pytest.mark.skip(reason=f"browser tests skipped: {REASON}"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the test item (for failure screenshots)."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """Companion's main.py with a fresh data folder, for the whole session."""
    data_dir = tmp_path_factory.mktemp("companion-data")
    log_path = tmp_path_factory.mktemp("companion-log") / "server.log"
    app = start_app(data_dir, log_path)
    yield app
    app.stop()


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium for the whole session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def app(request, browser, server, tmp_path):
    """A fresh page (its own browser session) on the app's home screen.

    When the test fails, a screenshot of the page is saved in the test's
    tmp_path and named in the report.
    """
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    page = context.new_page()
    page.set_default_timeout(15_000)
    driver = AppPage(page, server.url)
    driver.open("/")
    yield driver
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        shot = tmp_path / "failure.png"
        page.screenshot(path=str(shot))
        report.sections.append(("browser", f"screenshot of the failed page: {shot}"))
    context.close()
