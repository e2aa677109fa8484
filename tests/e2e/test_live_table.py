"""Live table in the browser: a save on one phone is painted on the other
phones of that game without a reload, an open sheet is told that its round
changed and shows the round as saved now, the Play list of another phone
shows a game started elsewhere, a phone on another game keeps its own, and
a phone on a game deleted elsewhere says who deleted it and can restore it.

Which sessions are told at all (only those showing the game) is unit-tested
in tests/test_live.py. One-card scores one round win per round (seed 002,
"Winning").

The tests share one server (conftest.py), each on games it saved or started
itself, told apart by their players where a screen lists games.
"""

from __future__ import annotations

from companion.store import Store
from steps import latest, new_game, pad_on, saved_game

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each opens games it saved or started itself."""


def test_a_save_paints_on_the_other_phones_of_the_game_and_not_elsewhere(server, phones):
    game_id = saved_game(server, winners=("Ann",))
    other_id = saved_game(server, winners=("Cy", "Cy"))
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    cy = pad_on(phones, other_id, "Cy")
    for number, winner in ((2, "Ben"), (3, "Ben"), (4, "Cy")):
        ann.tap("Add round")
        ann.tap(f"{winner} won")
        ann.see(f"Round {number} saved")
        ben.page.get_by_test_id(f"round-{number}").wait_for()
    assert [ben.wait_text(f"total-{player}", want) for player, want in zip(["Ann", "Ben", "Cy"], "121")] == list("121")
    assert [cy.text_of(f"total-{player}") for player in ["Ann", "Ben", "Cy"]] == ["0", "0", "2"]
    assert [round_["winner"] for round_ in latest(server, game_id).rounds] == ["Ann", "Ben", "Ben", "Cy"]


def test_an_open_sheet_is_told_its_round_changed_with_the_new_values(server, phones):
    game_id = saved_game(server, winners=("Ann", "Ben"))
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    ben.page.get_by_test_id("round-2").click()
    ben.see("Round 2 (edit)")
    ann.page.get_by_test_id("round-2").click()
    ann.tap("Cy won")
    ann.see("Round 2 saved")
    ben.wait_text(
        "sheet-notice",
        "Round 2 was changed on Ann's phone while this sheet was open. "
        "Round 2 now: Ann 0, Ben 0, Cy +1. Saving will ask which to keep.",
    )


def test_a_game_started_on_one_phone_shows_in_the_play_list_of_another(server, phones):
    ann, ben = phones("/"), phones("/")
    ben.see("New game")
    new_game(ann, "One-card", ["Ann", "Bea"])
    ann.button("More").wait_for()
    ben.see("One-card · Ann and Bea")


def test_a_game_deleted_on_one_phone_is_told_on_another_and_restored_there(server, phones):
    game_id = saved_game(server, winners=("Ann",), players=["Ann", "Ben", "Dee"])
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    ann.open(f"/history/{game_id}")
    ann.tap("Delete this game")
    ann.see("One-card game deleted")
    ann.see("Recently deleted")
    ben.see("Game deleted")
    ben.page.get_by_text("Ann's phone deleted this game (").wait_for()
    ben.tap("Restore this game")
    ben.page.get_by_test_id("round-1").wait_for()
    ann.page.get_by_text("One-card · Ann, Ben and Dee").wait_for()
    assert [round_["winner"] for round_ in latest(server, game_id).rounds] == ["Ann"]
    assert Store(server.data_dir).deleted_games() == []
