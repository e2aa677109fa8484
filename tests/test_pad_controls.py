"""The size of the pad's, the board's and History's screens does not grow
with the game: Flet sessions of the app in this process
(tests/flet_session.py), counting the controls a phone is sent and keeps
(every control of the page, as Flet indexes it).

The table shows the newest ``ROUNDS_SHOWN`` rounds, the older ones behind
one "Show all N rounds" button, and a round's line is a few controls; so
the pad at round 22 holds at most 1.3x the controls of round 1 (the same at
round 12), and History's game likewise (its chart, whose points are the
rounds, built only when asked for); the board shows the last round only;
the menu's change log its newest 10 changes ("Show older changes" for 20 more).
A save made on one phone repaints every other phone and board showing the
game (the new round, the new totals), and a phone that unfolded its table
keeps it unfolded through the save.

Game: One Up of Ann, Ben and Cy without an end (a limit of 100,000
points); in round n the player at seat n mod 3 goes out and the others hold
K 5 (15 points each, rulings.md One Up: each value counted once), so after
round 1 Ann has 0, Ben and Cy 15; the save adds a round where Ann goes out
(giving back 10 from a total of 10 or more: companion/games/one_up.py
GIVE_BACK, seed "Scoring") and Ben and Cy hold a 6.
"""

from __future__ import annotations

import flet as ft

from companion.registry import new_pad
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from companion.table.live import game_cache, game_topic
from flet_session import click, controls, find, open_session, run_alone, server_hub, settle, shows, tap, until

PLAYERS = ["Ann", "Ben", "Cy"]


def long_game(store: Store, rounds: int) -> str:
    """The module's One Up game with ``rounds`` rounds saved in ``store``; its id."""
    pad = new_pad("one_up", PLAYERS, options={"limit": 100_000})
    for number in range(rounds):
        pad.add_round({player: "" if seat == number % 3 else "K 5" for seat, player in enumerate(PLAYERS)},
                      PLAYERS[number % 3])
    store.save_game(pad.to_doc())
    return pad.id


def session_main_of(tmp_path, store: Store):
    """The app's session entry over ``store`` (no table key asked)."""
    return session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))


def count_at(tmp_path, route: str, rounds: tuple[int, ...]) -> list[int]:
    """The controls of a fresh session at ``route`` (``{id}`` replaced by the
    game's id) for a game of each of ``rounds`` rounds."""

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        counted = []
        for played in rounds:
            phone = await open_session(main, route.format(id=long_game(store, played)), hub)
            counted.append(len(list(controls(phone.session.page))))
        return counted

    return run_alone(run())


def test_pad_controls_at_rounds_1_12_and_22(tmp_path):
    one, twelve, twenty_two = count_at(tmp_path, "/pad/{id}", (1, 12, 22))
    assert (one, twelve, twenty_two) == (106, 135, 135)
    assert twenty_two / one <= 1.3


def test_board_controls_at_rounds_1_12_and_22(tmp_path):
    """The board shows the last round only: the same controls at every round."""
    assert count_at(tmp_path, "/board/{id}", (1, 12, 22)) == [85, 85, 85]


def test_history_controls_at_rounds_1_12_and_22(tmp_path):
    """History's game screen: the round table folded to its newest rounds
    and the chart of the totals (its points are the rounds) behind a button,
    so round 22 holds at most 1.3x the controls of round 1 (a one-round game
    draws no chart, as on the pad)."""
    one, twelve, twenty_two = count_at(tmp_path, "/history/{id}", (1, 12, 22))
    assert (one, twelve, twenty_two) == (86, 109, 109)
    assert twenty_two / one <= 1.3


def test_history_builds_the_chart_only_when_asked_and_folds_it_again(tmp_path):
    """The chart of a 12-round game: not built as History opens; "Show the
    chart of the totals" builds it, one line per player of 13 points (round 0
    and the 12 rounds: after round 1 Ann has 0, Ben and Cy 15) ending at the
    totals the header shows; "Hide the chart" drops it."""

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        phone = await open_session(main, f"/history/{long_game(store, 12)}", hub)
        totals = [int(find(phone.session.page, lambda control, player=player: getattr(control, "identifier", None)
                           == f"total-{player}").content.value) for player in PLAYERS]

        def chart_lines():
            return [[(point.x, point.y) for point in control.points] for control in controls(phone.session.page)
                    if type(control).__name__ == "LineChartData"]

        before = chart_lines()
        await tap(phone, "Show the chart of the totals")
        shown = chart_lines()
        await tap(phone, "Hide the chart")
        return before, shown, chart_lines(), shows(phone, "Show the chart of the totals"), totals

    before, shown, after, button, totals = run_alone(run())
    assert (before, after, button) == ([], [], True)
    assert [len(line) for line in shown] == [13, 13, 13]
    assert [line[:2] for line in shown] == [[(0, 0), (1, 0)], [(0, 0), (1, 15)], [(0, 0), (1, 15)]]
    assert [line[-1] for line in shown] == [(12, total) for total in totals]


def test_show_all_rounds_unfolds_the_table_and_folds_it_again(tmp_path):
    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        phone = await open_session(main, f"/pad/{long_game(store, 12)}", hub)
        folded = [shows(phone, f"R{number}") for number in (9, 10, 11, 12)]
        await tap(phone, "Show all 12 rounds")
        unfolded = all(shows(phone, f"R{number}") for number in range(1, 13))
        await tap(phone, "Show only the last 3 rounds")
        return folded, unfolded, shows(phone, "R9"), shows(phone, "Show all 12 rounds")

    assert run_alone(run()) == ([False, True, True, True], True, False, True)


def change_log(tmp_path, rounds: tuple[int, ...], more_taps: int = 0) -> list[tuple[int, list[str]]]:
    """For a game of each of ``rounds`` rounds (one change each), the menu's
    "Changes" opened on a fresh session and "Show older changes" tapped ``more_taps``
    times: the controls held and the test ids of the change lines shown."""

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        seen = []
        for played in rounds:
            phone = await open_session(main, f"/pad/{long_game(store, played)}", hub)
            await click(phone, find(phone.session.page, lambda control: isinstance(control, ft.PopupMenuItem)
                                    and control.content == "Changes"))
            for _ in range(more_taps):
                await tap(phone, "Show older changes")
            lines = [control.identifier for control in controls(phone.session.page, visible=True)
                     if str(getattr(control, "identifier", "")).startswith("change-")]
            seen.append((len(list(controls(phone.session.page))), lines))
        return seen

    return run_alone(run())


def test_the_change_log_shows_its_newest_ten_changes_at_any_length(tmp_path):
    """Changes of a 12-round and a 60-round game: the newest 10 ("round 60
    added" down to "round 51 added"), and as many controls for both."""
    (twelve, twelve_lines), (sixty, sixty_lines) = change_log(tmp_path, (12, 60))
    assert twelve == sixty
    assert twelve_lines == [f"change-{number}" for number in range(12, 2, -1)]
    assert sixty_lines == [f"change-{number}" for number in range(60, 50, -1)]


def test_show_more_on_the_change_log_adds_twenty_changes_until_all_show(tmp_path):
    [(_, once)] = change_log(tmp_path / "once", (40,), more_taps=1)
    [(_, twice)] = change_log(tmp_path / "twice", (40,), more_taps=2)
    assert once == [f"change-{number}" for number in range(40, 10, -1)]
    assert twice == [f"change-{number}" for number in range(40, 0, -1)]


def test_a_save_on_one_phone_repaints_the_others_watching(tmp_path):
    """Three phones on a 12-round game, the third with its table unfolded;
    round 13 is saved (as a phone's save is: the store, the game cache, the
    game's topic): every phone shows round 13 and Ben's new total, the folded ones
    drop round 10 from view, the unfolded one still shows round 1."""

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        game_id = long_game(store, 12)
        phones = [await open_session(main, f"/pad/{game_id}", hub) for _phone in range(3)]
        await tap(phones[2], "Show all 12 rounds")

        def total(phone, player):
            return next(control.content.value for control in controls(phone.session.page)
                        if getattr(control, "identifier", None) == f"total-{player}")

        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "6", "Cy": "6"}, "Ann"))
        version, _listed = game_cache(store).put(game_id, saved)
        before = [total(phone, "Ben") for phone in phones]
        hub.send_all_on_topic(game_topic(game_id), version)
        await settle(phones)
        for phone in phones:
            await until(phone, lambda _page, phone=phone: shows(phone, "R13"))

        return (before, str(saved.totals["Ben"]), [shows(phone, "R13") for phone in phones], [shows(phone, "R10") for phone in phones],
                [shows(phone, "R1") for phone in phones], [total(phone, "Ben") for phone in phones])

    before, ben, *shown = run_alone(run())
    assert before != [ben] * 3
    assert shown == [[True] * 3, [False, False, True], [False, False, True], [ben] * 3]


def test_a_save_works_out_the_round_lines_once_for_every_phone(tmp_path, monkeypatch):
    """Three phones on a 12-round game, folded: a save works out the lines
    of the three rounds they show once (rounds 11 to 13), not once per
    phone (9 calls of ``round_line``) nor for every round (13)."""
    from companion.ui import round_rows

    worked: list[int] = []
    round_line = round_rows.round_line

    def counting(pad, row):
        worked.append(row.number)
        return round_line(pad, row)

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        game_id = long_game(store, 12)
        phones = [await open_session(main, f"/pad/{game_id}", hub) for _phone in range(3)]
        monkeypatch.setattr(round_rows, "round_line", counting)
        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "6", "Cy": "6"}, "Ann"))
        version, _listed = game_cache(store).put(game_id, saved)
        hub.send_all_on_topic(game_topic(game_id), version)
        await settle(phones)
        return [shows(phone, "R13") for phone in phones]

    assert run_alone(run()) == [True] * 3
    assert sorted(worked) == [11, 12, 13]


def test_a_save_repaints_every_board_and_works_out_its_lines_once(tmp_path, monkeypatch):
    """Three boards on a 12-round game; round 13 saved (Ann out, Ben and Cy
    hold a 6): each board shows "Round 13", the new totals and the last
    round's changes (Ann, out with a total of 10 or more, gives back 10:
    companion/games/one_up.py GIVE_BACK, seed "Scoring"; Ben +6), and the
    board's lines were worked out once for the three boards, not once per
    board."""
    from companion.ui import board

    worked: list[int] = []
    work_out = board.work_out_board_lines

    def counting(pad):
        worked.append(len(pad.rows))
        return work_out(pad)

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        game_id = long_game(store, 12)
        boards = [await open_session(main, f"/board/{game_id}", hub) for _board in range(3)]
        monkeypatch.setattr(board, "work_out_board_lines", counting)
        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "6", "Cy": "6"}, "Ann"))
        version, _listed = game_cache(store).put(game_id, saved)
        hub.send_all_on_topic(game_topic(game_id), version)
        await settle(boards)

        def text(phone, test_id):
            return find(phone.session.page, lambda control: getattr(control, "identifier", None) == test_id).content.value

        return ([[text(phone, test_id) for test_id in ("board-round", "board-last-Ann", "board-last-Ben",
                                                        "board-total-Ben")] for phone in boards],
                str(saved.totals["Ben"]))

    shown, ben = run_alone(run())
    assert shown == [["Round 13", "-10", "+6", ben]] * 3
    assert worked == [13]


def test_a_save_repaints_history_with_its_chart_open(tmp_path):
    """History on a 12-round game with its chart open; round 13 saved: the
    table shows round 13 and Ben's new total, and the chart's lines run to
    round 13, ending at the new totals."""

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        game_id = long_game(store, 12)
        phone = await open_session(main, f"/history/{game_id}", hub)
        await tap(phone, "Show the chart of the totals")
        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "6", "Cy": "6"}, "Ann"))
        version, _listed = game_cache(store).put(game_id, saved)
        hub.send_all_on_topic(game_topic(game_id), version)
        await settle([phone])
        await until(phone, lambda _page: shows(phone, "R13"))
        ends = [(control.points[-1].x, control.points[-1].y) for control in controls(phone.session.page)
                if type(control).__name__ == "LineChartData"]
        ben = find(phone.session.page, lambda control: getattr(control, "identifier", None) == "total-Ben")
        return ends, ben.content.value, [saved.totals[player] for player in PLAYERS], str(saved.totals["Ben"])

    ends, shown_ben, totals, ben = run_alone(run())
    assert shown_ben == ben
    assert ends == [(13, total) for total in totals]
