"""Play's and History's lists follow the rounds saved on other phones (Flet
sessions of the app in this process, tests/flet_session.py).

A line of a game in progress says how many rounds it has ("in progress, 4
rounds"); when another phone saves a round of that game, the line on a
phone showing Play or History says 5 at once, without leaving the tab. Only
the phones whose list shows that game read their list again: a phone whose
list shows other games is not drawn again.

Games: One Up of Ann, Ben and Cy with 4 rounds (in round n the player at
seat n mod 3 goes out, the others hold a 3: rulings.md One Up) and, for the
phone that must stay quiet, five newer ones of P1 to P5, Eli and Fay with 2 rounds.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from companion.registry import new_pad
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from flet_session import go_to, open_session, run_alone, server_hub, settle, shown_strings, tap
from test_hands_rounds import open_my_hand
from test_pad_renders import enter_round_ten, renders  # noqa: F401 (renders: the fixture counting the components drawn)


def game_of(store: Store, players: list[str], rounds: int, minute: int = 0) -> str:
    """A One Up game of ``players`` with ``rounds`` rounds saved in ``store``, started and last
    played ``minute`` minutes after the first game; its id."""
    pad = new_pad("one_up", players)
    for number in range(rounds):
        pad.add_round({player: "" if seat == number % 3 else "3" for seat, player in enumerate(players)},
                      players[number % 3])
    when = (datetime(2026, 12, 1, 18, tzinfo=timezone.utc) + timedelta(minutes=minute)).isoformat()
    store.save_game({**pad.to_doc(), "created": when, "updated": when})
    return pad.id


def lists(phone, words: str) -> bool:
    """Whether a line on ``phone``'s screen holds ``words`` (a game's line: its players, its
    rounds, after the date)."""
    return any(words in text for text in shown_strings(phone.session.page))


async def save_a_round(phone) -> None:
    """On ``phone``'s One Up pad of Ann, Ben and Cy: "Add round", Ann holds a King, Ben a 5,
    Cy went out (test_pad_renders' ``enter_round_ten``), "Save round"."""
    await enter_round_ten(phone)
    await tap(phone, "Save round")


async def play_history_and_pad(store: Store, game_id: str) -> list:
    """Three phones of one table on ``store``: one on Play, one on History, one on game
    ``game_id``'s pad, every one settled."""
    main, hub = session_main(store, TableAccess(store.data_dir, required=False, host="127.0.0.1", port=8550)), server_hub()
    on_play = await open_session(main, "/", hub)
    on_history = await open_session(main, "/", hub)
    await go_to(on_history, "/history")
    phones = [on_play, on_history, await open_session(main, f"/pad/{game_id}", hub)]
    await settle(phones)
    return phones


def test_a_round_saved_on_one_phone_shows_on_play_and_history_of_the_others(tmp_path):
    async def run():
        store = Store(tmp_path)
        game_id = game_of(store, ["Ann", "Ben", "Cy"], 4)
        phones = await play_history_and_pad(store, game_id)
        before = [lists(phone, "in progress, 4 rounds") for phone in phones[:2]]
        await save_a_round(phones[2])
        await settle(phones)
        after = [(lists(phone, "in progress, 5 rounds"), lists(phone, "in progress, 4 rounds")) for phone in phones[:2]]
        return before, after, len(store.get_game(game_id)["rounds"])

    before, after, saved = run_alone(run())
    assert (before, after, saved) == ([True, True], [(True, False), (True, False)], 5)


def test_a_list_that_does_not_show_the_game_saved_is_not_drawn_again(tmp_path, renders):
    """Play lists the five newest games in progress: with five games started after Ann's, a
    phone on Play does not show Ann's game and is not drawn again when a round of it is
    saved, while a phone on History (20 games a page) shows the round."""

    async def run():
        store = Store(tmp_path)
        game_id = game_of(store, ["Ann", "Ben", "Cy"], 4, minute=0)
        for minute in range(1, 6):
            game_of(store, [f"P{minute}", "Eli", "Fay"], 2, minute=minute)
        phones = on_play, on_history, saver = await play_history_and_pad(store, game_id)
        listed = (lists(on_play, "Ann, Ben and Cy"), lists(on_history, "Ann, Ben and Cy"))
        renders.clear()
        await save_a_round(saver)
        await settle(phones)
        return listed, lists(on_history, "in progress, 5 rounds"), renders["PlayScreen"], renders["HistoryScreen"] > 0

    assert run_alone(run()) == ((False, True), True, 0, True)


def test_a_hand_sent_from_a_phone_does_not_draw_the_lists_again(tmp_path, renders):
    """Cy sends his hand for round 5 from "My hand": the round count does not change, so Play and
    History, which show the game, are not drawn again (they listen to the game's saved changes,
    not to its hands); the round then saved from the hands is."""

    async def run():
        store = Store(tmp_path)
        game_id = game_of(store, ["Ann", "Ben", "Cy"], 4)
        phones = await play_history_and_pad(store, game_id)
        renders.clear()
        await open_my_hand(phones[2], "Cy")
        await tap(phones[2], "K")
        await tap(phones[2], "My hand is in")
        await settle(phones)
        return [renders[name] for name in ("PlayScreen", "HistoryScreen")], store.get_draft(game_id)["round"]

    assert run_alone(run()) == ([0, 0], 5)
