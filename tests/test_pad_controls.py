"""The size of the pad's screen does not grow with the game: Flet sessions
of the app in this process (tests/flet_session.py), counting the controls
a phone is sent and keeps (every control of the page, as Flet indexes it).

The table shows the newest ``ROUNDS_SHOWN`` rounds, the older ones behind
one "Show all N rounds" button, and a round's line is a few controls; so
the pad at round 22 holds at most 1.3x the controls of round 1 (the same at
round 12), and History's table likewise. A save made on one phone repaints
every other phone showing the game (the new round, the new totals), and a
phone that unfolded its table keeps it unfolded through the save.

Game: One Up of Ann, Ben and Cy without an end (a limit of 100,000
points); in round n the player at seat n mod 3 goes out and the others hold
K 5 (15 points each, rulings.md One Up: each value counted once), so after
round 1 Ann has 0, Ben and Cy 15; the save adds a round where Ann goes out
and Ben and Cy hold a 6.
"""

from __future__ import annotations

from companion.pads import new_pad
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from companion.table.live import game_cache, game_topic
from flet_session import controls, find, open_session, run_alone, server_hub, settle, shows, tap, until

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
    assert (one, twelve, twenty_two) == (124, 159, 159)
    assert twenty_two / one <= 1.3


def test_history_controls_at_rounds_1_and_22_without_the_chart(tmp_path):
    """History's game screen, its chart of the totals left out (its points
    are the rounds themselves), holds at most 1.3x the controls at round 22."""

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        counted = []
        for played in (1, 22):
            phone = await open_session(main, f"/history/{long_game(store, played)}", hub)
            chart = find(phone.session.page, lambda control: getattr(control, "identifier", None) == "totals-chart")
            counted.append(len(list(controls(phone.session.page))) - len(list(controls(chart))))
        return counted

    one, twenty_two = run_alone(run())
    assert (one, twenty_two) == (102, 129)
    assert twenty_two / one <= 1.3


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
    """Three phones on a 12-round game: a save works out the 13 rounds'
    lines once (13 calls of ``round_line``), not once per phone (39)."""
    from companion.ui import score_table

    worked: list[int] = []
    round_line = score_table.round_line

    def counting(pad, row):
        worked.append(row.number)
        return round_line(pad, row)

    async def run():
        store = Store(tmp_path)
        main, hub = session_main_of(tmp_path, store), server_hub()
        game_id = long_game(store, 12)
        phones = [await open_session(main, f"/pad/{game_id}", hub) for _phone in range(3)]
        monkeypatch.setattr(score_table, "round_line", counting)
        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "6", "Cy": "6"}, "Ann"))
        version, _listed = game_cache(store).put(game_id, saved)
        hub.send_all_on_topic(game_topic(game_id), version)
        await settle(phones)
        return [shows(phone, "R13") for phone in phones]

    assert run_alone(run()) == [True] * 3
    assert sorted(worked) == list(range(1, 14))
