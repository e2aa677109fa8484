"""Joining a table in the browser: the invite link, the table's key, a foreign web page.

The tests share one main.py with ``--require-key`` (key mode on loopback)
and a One-card game saved before the server starts, Ann with one round win
(seed 002 has no score; rulings.md keeps a tally of round wins); each reads
the table's key from the data folder when it needs it, as one renews it.
Every phone is its own browser context, so it keeps its own
SharedPreferences.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.registry import new_pad
from companion.server.key import spoken_key
from companion.store import Store
from companion.ui.access import ASK_THE_HOST
from harness import ANSWER_TIMEOUT_MS, ONE_THREAD, PHONE, AppPage, home_port, start_app

SHARED_SERVER = True
"""The module's tests run on one worker (conftest.py), sharing one keyed server (``keyed_server``)."""

PLAYERS = ["Ann", "Ben"]

FOREIGN_SITE = "http://elsewhere.test/"
"""A web site the user visits elsewhere (served by the test, never fetched)."""


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory):
    """main.py with ``--require-key`` and a One-card game, for the module's
    tests; yields (server, game id). Each test reads the key it needs from
    the data folder when it needs it (one test renews it).

    Fails when the server printed a traceback after the last test's part
    of its output.
    """
    folder = tmp_path_factory.mktemp("keyed-server")
    data_dir = folder / "data"
    store = Store(data_dir)
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    store.update_game(pad.id, lambda saved: saved.add_round("Ann"), by="Ann's phone")
    server = start_app(data_dir, folder / "server.log", home_port(), require_key=True, single_thread=ONE_THREAD)
    server.checked = 0
    try:
        yield server, pad.id
        problem = server.tracebacks(since=server.checked)
    finally:
        server.stop()
    assert not problem, f"the server printed a traceback after the module's last test:\n{problem}"


@pytest.fixture
def keyed(keyed_server):
    """The module's keyed server and its game's id; fails the test when the
    server printed a traceback while it ran."""
    server, _ = keyed_server
    start = len(server.log())
    yield keyed_server
    server.checked = len(server.log())
    problem = server.tracebacks(since=start)
    assert not problem, f"the server printed a traceback during the test:\n{problem}"


def table_key(server) -> str:
    """The key main.py keeps in its data folder now."""
    return (Path(server.data_dir) / "table-key.txt").read_text(encoding="utf-8").strip()


def phone(browser, server, tmp_path: Path, name: str) -> AppPage:
    """A new phone (its own browser context and storage), no page opened yet."""
    page = browser.new_context(viewport=PHONE, color_scheme="light", reduced_motion="reduce").new_page()
    page.set_default_timeout(15_000)
    return AppPage(page, server.url, shots_dir=tmp_path / name)


def new_tab(app: AppPage, path: str) -> AppPage:
    """A new tab of the same phone (same storage, a new Flet session) opened at ``path``."""
    tab = AppPage(app.page.context.new_page(), app.base_url, shots_dir=app.shots_dir)
    tab.open(path)
    return tab


def locked_out(app: AppPage) -> None:
    """Wait for the ask-the-host text and check that nothing of the app shows."""
    app.see(ASK_THE_HOST)
    assert app.page.get_by_role("tab").count() == 0
    assert app.page.get_by_text("Ann").count() == 0


def test_a_second_phone_joins_by_the_invite_link(browser, keyed, tmp_path):
    server, game_id = keyed
    host = phone(browser, server, tmp_path, "host")
    host.open(f"/pad/{game_id}?key={table_key(server)}")
    host.wait_text("total-Ann", "1")
    host.page.wait_for_url(lambda url: "key=" not in url, timeout=ANSWER_TIMEOUT_MS)
    host.tap("More")
    host.tap("Invite phones")
    link = host.text_of("invite-link")
    assert link == f"{server.url}/pad/{game_id}?key={table_key(server)}"
    assert host.text_of("invite-key") == f"Table key: {spoken_key(table_key(server))}"

    guest = phone(browser, server, tmp_path, "guest")
    guest.page.goto(link)
    guest.enable_semantics()
    assert guest.wait_text("total-Ann", "1") == "1"
    guest.page.wait_for_url(f"{server.url}/pad/{game_id}", timeout=ANSWER_TIMEOUT_MS)
    guest.tab("History")
    guest.see("Every saved game, newest first")
    guest.page.wait_for_url(f"{server.url}/history", timeout=ANSWER_TIMEOUT_MS)


def test_without_the_key_a_browser_sees_only_the_ask_text(browser, keyed, tmp_path):
    server, game_id = keyed
    stranger = phone(browser, server, tmp_path, "stranger")
    for path in ("/", f"/pad/{game_id}", "/history", "/rules", f"/pad/{game_id}?key=not-the-key"):
        stranger.open(path)
        locked_out(stranger)


def test_reload_keeps_access_and_renewing_locks_the_old_key_out(browser, keyed, tmp_path):
    server, game_id = keyed
    old_key = table_key(server)
    host = phone(browser, server, tmp_path, "host")
    host.open(f"/pad/{game_id}?key={old_key}")
    host.wait_text("total-Ann", "1")
    guest = phone(browser, server, tmp_path, "guest")
    guest.open(f"/pad/{game_id}?key={old_key}")
    guest.wait_text("total-Ann", "1")
    guest.reload()
    assert guest.wait_text("total-Ann", "1") == "1"
    assert new_tab(guest, f"/pad/{game_id}").wait_text("total-Ann", "1") == "1"

    host.tap("More")
    host.tap("Invite phones")
    host.tap("Renew the key")
    host.tap("Renew now")
    host.see("New key: every other phone and the board must scan the code again")
    new_key = table_key(server)
    assert new_key != old_key
    assert host.text_of("invite-key") == f"Table key: {spoken_key(new_key)}"
    locked_out(guest)
    guest.reload()
    locked_out(guest)
    locked_out(new_tab(guest, f"/pad/{game_id}"))
    locked_out(new_tab(guest, f"/pad/{game_id}?key={old_key}"))

    assert new_tab(host, f"/pad/{game_id}").wait_text("total-Ann", "1") == "1"
    guest.open(f"/pad/{game_id}?key={new_key}")
    assert guest.wait_text("total-Ann", "1") == "1"


def test_a_page_from_another_site_can_not_reach_the_app(browser, keyed, tmp_path):
    server, _ = keyed
    visitor = phone(browser, server, tmp_path, "visitor")
    visitor.page.route(FOREIGN_SITE, lambda route: route.fulfill(content_type="text/html", body="<p>elsewhere</p>"))
    visitor.page.goto(FOREIGN_SITE)
    probe = """url => new Promise(done => {
        const socket = new WebSocket(url);
        socket.onopen = () => { socket.close(); done("open"); };
        socket.onerror = () => done("refused");
    })"""
    socket_url = server.url.replace("http://", "ws://") + "/ws"
    assert visitor.page.evaluate(probe, socket_url) == "refused"

    visitor.page.goto(server.url + "/")
    assert visitor.page.evaluate(probe, socket_url) == "open"


def test_a_phone_that_can_not_scan_joins_with_the_key_typed_as_read_aloud(browser, keyed, tmp_path):
    """The key as the invite shows it, read out and typed with spaces between its groups (the
    field writes capitals), opens the game's address the phone was on; a wrong one is refused
    in words; a reload keeps the phone in (the key is kept on it)."""
    server, game_id = keyed
    guest = phone(browser, server, tmp_path, "typed")
    guest.open(f"/pad/{game_id}")
    locked_out(guest)
    guest.type_into("Table key", "ABCDE FGHJK MNPQR STVWX")
    guest.tap("Join")
    guest.see("That key does not open this table.")
    guest.type_into("Table key", spoken_key(table_key(server)).replace("-", " "), submit=True)
    assert guest.wait_text("total-Ann", "1") == "1"
    guest.reload()
    assert guest.wait_text("total-Ann", "1") == "1"
