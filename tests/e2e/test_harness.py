"""The browser tests' own checks: a server's output is checked for
tracebacks from a given point on, so the tests of a module that share one
server (conftest.py, ``SHARED_SERVER``) each answer only for what the
server printed while they ran; a worker's servers start on its home port
while it is free; a page kept for another test comes back as a new phone."""

from __future__ import annotations

import socket
import subprocess
import sys

from harness import PHONE, AppPage, Server, home_port


def test_tracebacks_are_read_from_the_given_point_of_the_servers_output(tmp_path):
    log_path = tmp_path / "server.log"
    first = "Companion is running\nTraceback (most recent call last):\n  ValueError: one\n"
    log_path.write_text(first + "a session opened\nTraceback (most recent call last):\n  KeyError: two\n")
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    server = Server(process, "http://127.0.0.1:1", 1, None, log_path, open(log_path, encoding="utf-8"))
    try:
        assert server.tracebacks().startswith("Traceback (most recent call last):\n  ValueError: one\n")
        assert server.tracebacks(since=len(first)) == "Traceback (most recent call last):\n  KeyError: two\n"
        assert server.tracebacks(since=len(server.log())) == ""
    finally:
        server.stop()


def test_the_home_port_is_kept_while_free_and_another_is_given_while_something_listens_on_it():
    home = home_port()
    assert home_port() == home
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", home))
        listener.listen()
        other = home_port()
        assert other != home
    assert home_port() == home


def test_a_kept_page_comes_back_as_a_new_phone_on_a_new_session(phone_pool, server):
    """A page given back to the pool and taken again holds nothing of the phone
    it was (its kept language, label: the app's SharedPreferences in local
    storage; session storage; cookies; a size a test set) and no session."""
    first = AppPage(phone_pool.take(), server.url)
    first.open("/")
    first.button("New game").wait_for()
    first.page.evaluate("() => { localStorage.setItem('flutter.kept', 'yes'); sessionStorage.setItem('kept', 'yes'); }")
    first.page.context.add_cookies([{"name": "kept", "value": "yes", "url": server.url}])
    first.page.set_viewport_size({"width": 800, "height": 600})
    phone_pool.give_back(first)
    again = AppPage(phone_pool.take(), server.url)
    assert again.page is first.page
    assert again.page.url == f"{server.url}/favicon.png"
    assert again.page.evaluate("() => [localStorage.length, sessionStorage.length]") == [0, 0]
    assert again.page.context.cookies() == []
    assert again.page.viewport_size == PHONE
    again.open("/")
    again.button("New game").wait_for()
    phone_pool.give_back(again)


def test_the_browser_tests_pages_draw_on_one_thread(app):
    """The browser tests' servers run with --single-thread-renderer (``harness.ONE_THREAD``): their
    pages are not cross-origin isolated, so the web client draws without its worker."""
    app.open("/")
    app.button("New game").wait_for()
    assert app.page.evaluate("() => self.crossOriginIsolated") is False
