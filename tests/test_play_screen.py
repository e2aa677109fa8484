"""Play, the home screen every phone opens first, does not grow with the
games left unfinished: it lists the newest ``RESUME_SHOWN`` games in
progress, and "Show more games in progress" adds ``RESUME_MORE`` at a time (Flet sessions of
the app in this process, tests/flet_session.py).

Games: One Up of P<n>, Ben and Cy (game n of those saved, from 0), each with
one round where P<n> goes out and Ben holds K 5, Cy K (15 and 10 points:
rulings.md One Up, each value counted once), game n started and last
played a minute after game n - 1, so that the last is the newest.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import flet as ft

from companion.registry import new_pad
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from companion.ui.play import RESUME_MORE, RESUME_SHOWN
from flet_session import controls, open_session, run_alone, server_hub, shows, tap


def games_in_progress(store: Store, count: int) -> None:
    """``count`` games in progress saved in ``store`` (the module's games),
    game n started and last played n minutes after the first."""
    for number in range(count):
        first = f"P{number}"
        pad = new_pad("one_up", [first, "Ben", "Cy"], options={"limit": 100_000})
        pad.add_round({first: "", "Ben": "K 5", "Cy": "K"}, first)
        when = (datetime(2026, 12, 1, 18, tzinfo=timezone.utc) + timedelta(minutes=number)).isoformat()
        store.save_game({**pad.to_doc(), "created": when, "updated": when})


def play(tmp_path, games: int, more_taps: int = 0) -> tuple[int, list[str], bool]:
    """Play opened with ``games`` games in progress, "Show more games in progress" tapped
    ``more_taps`` times: the controls held, the titles of the games listed
    (in their order) and whether that button shows."""

    async def run():
        store = Store(tmp_path)
        games_in_progress(store, games)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        phone = await open_session(main, "/", server_hub())
        for _ in range(more_taps):
            await tap(phone, "Show more games in progress")
        listed = [control.title.value for control in controls(phone.session.page, visible=True)
                  if isinstance(control, ft.ListTile)]
        return len(list(controls(phone.session.page))), listed, shows(phone, "Show more games in progress")

    return run_alone(run())


def titles(*numbers: int) -> list[str]:
    """The lines of games ``numbers`` as Play lists them."""
    return [f"One Up · P{number}, Ben and Cy" for number in numbers]


def test_play_holds_as_many_controls_with_200_games_in_progress_as_with_6(tmp_path):
    six, two_hundred = play(tmp_path / "six", 6), play(tmp_path / "many", 200)
    assert six[0] == two_hundred[0]
    assert (len(six[1]), six[2]) == (len(two_hundred[1]), two_hundred[2]) == (RESUME_SHOWN, True)


def test_five_games_in_progress_are_listed_without_show_more(tmp_path):
    assert play(tmp_path, 5)[1:] == (titles(4, 3, 2, 1, 0), False)


def test_the_newest_games_are_listed_first(tmp_path):
    assert play(tmp_path, 7)[1] == titles(6, 5, 4, 3, 2)


def test_show_more_adds_twenty_games_until_every_game_is_listed(tmp_path):
    assert (RESUME_SHOWN, RESUME_MORE) == (5, 20)
    assert play(tmp_path / "once", 30, more_taps=1)[1:] == (titles(*range(29, 4, -1)), True)
    assert play(tmp_path / "twice", 30, more_taps=2)[1:] == (titles(*range(29, -1, -1)), False)
