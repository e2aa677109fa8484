"""The browser tests' own checks, without a browser: a server's output is
checked for tracebacks from a given point on, so the tests of a module that
share one server (conftest.py, ``SHARED_SERVER``) each answer only for what
the server printed while they ran."""

from __future__ import annotations

import subprocess
import sys

from harness import Server


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
