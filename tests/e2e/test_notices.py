"""The store's notices in the browser: several stay small, "OK" hides them on the phone's screen."""

from __future__ import annotations

from harness import ANSWER_TIMEOUT_MS, ONE_THREAD, PHONE, AppPage, home_port, start_app

from companion.store import Store

DAMAGED = ("drafts.json", "deleted.json", "history.json")
"""Files damaged before the app starts: one notice each."""


def test_three_notices_leave_new_game_in_view_and_ok_hides_them(phone_pool, tmp_path):
    data = tmp_path / "data"
    Store(data)
    for name in DAMAGED:
        (data / name).write_bytes(b"{not json")
    server = start_app(data, tmp_path / "server.log", home_port(), single_thread=ONE_THREAD)
    try:
        app = AppPage(phone_pool.take(), server.url, shots_dir=tmp_path)
        try:
            app.open("/")
            app.see("Show 2 more notices")
            app.tap("Show 2 more notices")
            app.see("Show fewer")
            new_game = app.button("New game").bounding_box()
            app.tap("OK")
            app.button("OK").wait_for(state="hidden", timeout=ANSWER_TIMEOUT_MS)
            app.see("New game")
        finally:
            phone_pool.give_back(app)
        problem = server.tracebacks()
    finally:
        server.stop()
    assert new_game["y"] + new_game["height"] <= PHONE["height"]
    assert not problem, f"the server printed a traceback during the test:\n{problem}"
