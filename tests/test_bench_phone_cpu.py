"""The taps bench's reading of a Chromium trace (bench/live.py, ``phone_cpu``):
per tap, in the order of the taps, the CPU time of the tapped page's main
thread from the server's first message after the tap to the change seen."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from live import phone_cpu  # noqa: E402


def mark(name: str, at: int, page: int) -> dict:
    """A page's performance mark ``name`` at ``at`` us, on page ``page``'s main thread."""
    return {"cat": "blink.user_timing", "name": name, "ph": "I", "pid": page, "tid": page, "ts": at}


def task(at: int, lasting: int, cpu: int, page: int) -> dict:
    """A task of page ``page``'s main thread: from ``at`` us, ``lasting`` us long, ``cpu`` us of CPU."""
    return {"cat": "toplevel", "name": "ThreadControllerImpl::RunTask", "ph": "X", "pid": page, "tid": page,
            "ts": at, "dur": lasting, "tdur": cpu}


def test_each_tap_counts_its_own_pages_tasks_from_the_first_message_to_the_change_seen(tmp_path):
    trace = tmp_path / "trace.json"
    trace.write_text(json.dumps({"traceEvents": [
        mark("tap", 100, page=1), mark("tap", 150, page=2), mark("message", 160, page=2), mark("seen", 170, page=2),
        mark("message", 200, page=1), mark("message", 400, page=1), mark("seen", 500, page=1),
        task(50, 100, 90_000, page=1),    # over before the message: not counted
        task(190, 20, 15_000, page=1),    # reads the message (the mark is inside it): counted
        task(300, 50, 40_000, page=1),    # counted
        task(600, 10, 5_000, page=1),     # after the change was seen: not counted
        task(165, 2, 2_000, page=2),      # the other page's tap
        task(300, 50, 7_000, page=2),     # the other page, after its change was seen: not counted
    ]}))
    assert phone_cpu(trace) == [55.0, 2.0]


def test_a_tap_with_no_message_before_its_change_was_seen_is_refused(tmp_path):
    trace = tmp_path / "trace.json"
    trace.write_text(json.dumps([mark("tap", 100, page=1), mark("seen", 200, page=1), mark("message", 300, page=1)]))
    with pytest.raises(ValueError, match="no server message"):
        phone_cpu(trace)
