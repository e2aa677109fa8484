"""The board for the table in the browser: a 1280x800 landscape page that
shows the game as saved, repaints when a phone saves, and offers nothing
that changes the game.

The tests share one server and data folder (conftest.py), each on a game
of its own; the board and the phone are two browser contexts, that is two sessions. Games are set up
through a ``Store`` on the server's folder. One-card gives the round's
winner one round win (seed 002, "Winning"); the deal moves one seat a
round and the player after the dealer starts.
"""

from __future__ import annotations

import pytest

from companion.registry import new_pad
from companion.store import Store
import steps
from harness import BOARD, AppPage

PLAYERS = ["Ann", "Ben", "Cy"]
SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each opens the board or the pad of a game it saved itself."""


@pytest.fixture
def board(request, phone_pool, server, tmp_path):
    """``open_board(path)``: a browser session at 1280x800 on ``path`` (a kept
    page, conftest.py's ``PhonePool``). When the test fails, the board's
    screen is saved in tmp_path."""
    opened: list[AppPage] = []

    def open_board(path: str) -> AppPage:
        page = phone_pool.take()
        page.set_viewport_size(BOARD)
        driver = AppPage(page, server.url, shots_dir=tmp_path / "board")
        opened.append(driver)
        driver.open(path)
        return driver

    yield open_board
    report = getattr(request.node, "report_call", None)
    for driver in opened:
        if report is not None and report.failed and not driver.page.is_closed():
            shot = tmp_path / "failure-board.png"
            driver.page.screenshot(path=str(shot))
            report.sections.append(("browser", f"screenshot of the board: {shot}"))
        phone_pool.give_back(driver)


def one_card_game(server, *winners: str, finish: bool = False, target: int = 3) -> str:
    """Save a One-card game of Ann, Ben and Cy with one round won by each of
    ``winners`` (finished when ``finish``); returns its id."""
    pad = new_pad("one_card", PLAYERS, options={"target": target})
    for winner in winners:
        pad.add_round(winner)
    if finish:
        pad.finish()
    Store(server.data_dir).save_game(pad.to_doc())
    return pad.id


def test_the_board_shows_places_totals_the_last_round_and_whose_deal(server, board):
    game_id = one_card_game(server, "Ann", "Ben", "Ann")
    shown = board(f"/board/{game_id}")
    assert shown.wait_text("board-total-Ann", "2") == "2"
    assert [shown.text_of(f"board-total-{player}") for player in PLAYERS] == ["2", "1", "0"]
    assert [shown.text_of(f"board-place-{player}") for player in PLAYERS] == ["1", "2", "3"]
    assert [shown.text_of(f"board-last-{player}") for player in PLAYERS] == ["+1", "0", "0"]
    assert shown.text_of("board-round") == "Round 3"
    assert shown.text_of("board-status") == "Round 4: Ann deals, Ben starts"


def test_a_save_on_a_phone_paints_on_the_board_without_a_reload(server, board, phones):
    game_id = one_card_game(server, "Ann")
    shown = board(f"/board/{game_id}")
    assert shown.wait_text("board-status", "Round 2: Ben deals, Cy starts") == "Round 2: Ben deals, Cy starts"
    pad = phones(f"/pad/{game_id}")
    pad.tap("Add round")
    pad.tap("Cy won")
    assert shown.wait_text("board-total-Cy", "1") == "1"
    assert shown.wait_text("board-status", "Round 3: Cy deals, Ann starts") == "Round 3: Cy deals, Ann starts"
    assert [shown.text_of(f"board-place-{player}") for player in PLAYERS] == ["1", "3", "1"]
    assert shown.text_of("board-last-Cy") == "+1"
    pad.tap("Add round")
    pad.tap("Cy won")
    assert shown.wait_text("board-total-Cy", "2") == "2"
    assert shown.text_of("board-round") == "Round 3"


def marks_on_lines(shown: AppPage, word: str) -> list[str]:
    """The players on whose line the board shows the mark ``word`` ("deals", "starts"), one entry per mark shown."""
    places = {player: shown.page.get_by_test_id(f"board-place-{player}").bounding_box() for player in PLAYERS}
    owners = []
    for mark in shown.page.get_by_text(word, exact=True).all():
        middle = (box := mark.bounding_box())["y"] + box["height"] / 2
        owners.extend(player for player, place in places.items() if place["y"] <= middle <= place["y"] + place["height"])
    return owners


def test_the_marks_follow_the_dealer_and_the_starter_when_a_save_changes_the_places(server, board, phones):
    game_id = one_card_game(server, "Ann")
    shown = board(f"/board/{game_id}")
    assert shown.wait_text("board-status", "Round 2: Ben deals, Cy starts") == "Round 2: Ben deals, Cy starts"
    pad = phones(f"/pad/{game_id}")
    for winner, status in [("Cy", "Round 3: Cy deals, Ann starts"), ("Cy", "Round 4: Ann deals, Ben starts"),
                           ("Ben", "Round 5: Ben deals, Cy starts")]:
        pad.tap("Add round")
        pad.tap(f"{winner} won")
        assert shown.wait_text("board-status", status) == status
        shown.settle()
        dealer, starter = status.removesuffix(" starts").split(": ")[1].split(" deals, ")
        assert marks_on_lines(shown, "deals") == [dealer]
        assert marks_on_lines(shown, "starts") == [starter]


def test_the_marks_follow_the_dealer_when_the_first_round_orders_the_places(server, board, phones):
    pad = new_pad("one_up", PLAYERS)
    Store(server.data_dir).save_game(pad.to_doc())
    shown = board(f"/board/{pad.id}")
    assert shown.wait_text("board-status", "Round 1: Ann deals") == "Round 1: Ann deals"
    phone = phones(f"/pad/{pad.id}")
    phone.tap("Add round")
    steps.tap_values(phone, "Ann", ["K", "6"])
    steps.tap_values(phone, "Ben", ["A"])
    steps.went_out(phone, "Cy")
    phone.tap("Save round")
    assert shown.wait_text("board-status", "Round 2: Ben deals, Cy starts") == "Round 2: Ben deals, Cy starts"
    shown.settle()
    assert [shown.text_of(f"board-place-{player}") for player in PLAYERS] == ["3", "2", "1"]
    assert marks_on_lines(shown, "deals") == ["Ben"]
    assert marks_on_lines(shown, "starts") == ["Cy"]


def test_nothing_on_the_board_changes_the_game(server, board):
    game_id = one_card_game(server, "Ann", "Ben")
    shown = board(f"/board/{game_id}")
    shown.wait_text("board-total-Ben", "1")
    shown.settle()
    page = shown.page
    assert [node.inner_text().strip() for node in page.get_by_role("button").all()] == ["Open the pad"]
    assert page.get_by_role("tab").count() == 0
    assert page.get_by_role("textbox").count() == 0
    assert page.get_by_role("checkbox").count() == 0
    assert page.get_by_role("menuitem").count() == 0
    shown.tap("Open the pad")
    shown.see("Add round")


def test_a_finished_game_shows_the_winners(server, board):
    game_id = one_card_game(server, "Ben", "Ben", finish=True, target=2)
    shown = board(f"/board/{game_id}")
    assert shown.wait_text("board-status", "Finished") == "Finished"
    shown.see("Ben wins!")
    assert "Ben wins with 2 round wins" in shown.text_of("board-winners")
    assert shown.text_of("board-place-Ben") == "1"


def test_a_missing_game_says_so_plainly(server, board):
    shown = board("/board/0123456789abcdef0123456789abcdef")
    shown.see("This game is not here (deleted?)")
    assert shown.page.get_by_role("tab").count() == 0


def test_the_pads_menu_shows_the_boards_qr_code_and_opens_the_board(server, phones):
    game_id = one_card_game(server, "Ann")
    phone = phones(f"/pad/{game_id}")
    phone.tap("More")
    phone.tap("Board for the table")
    phone.see(f"{server.url}/board/{game_id}")
    assert phone.page.get_by_role("img", name=f"QR code of {server.url}/board/{game_id}").count() == 1
    phone.tap("Open the board here")
    assert phone.wait_text("board-total-Ann", "1") == "1"
    assert phone.page.get_by_role("tab").count() == 0


def test_a_long_name_is_cut_short_before_the_totals(server, board):
    long_name = "Maximilian-Alexander von Hohenzollern-Sigmaringen"
    pad = new_pad("up_to_nine", ["Ann", long_name, "Bartholomew Featherstonehaugh"])
    Store(server.data_dir).save_game(pad.to_doc())
    shown = board(f"/board/{pad.id}")
    total = shown.page.get_by_test_id(f"board-total-{long_name}").bounding_box()
    name = shown.page.get_by_text(long_name, exact=True).first.bounding_box()
    assert name["x"] + name["width"] <= total["x"]


def test_on_a_phone_the_dealer_and_the_starter_keep_their_names_beside_their_marks(server, phones):
    pad = new_pad("up_to_nine", PLAYERS)
    Store(server.data_dir).save_game(pad.to_doc())
    shown = phones(f"/board/{pad.id}")
    shown.see("starts")
    widths = {name: shown.page.get_by_text(name, exact=True).first.bounding_box()["width"] for name in PLAYERS}
    assert all(width >= 20 for width in widths.values()), widths


SHORT_PHONE = {"width": 390, "height": 664}
"""A short phone's screen (an iPhone 13's viewport with the browser's bars)."""


def in_view(shown: AppPage, test_id: str, height: int, least: int = 60) -> bool:
    """Whether the node ``test_id`` is on a screen ``height`` px high, at
    least ``least`` px of it (waits until it is shown): Flutter clips a node
    scrolled out of the screen to what still shows of it."""
    node = shown.page.get_by_test_id(test_id)
    node.wait_for(state="visible")
    box = node.bounding_box()
    return box["y"] >= 0 and box["y"] + box["height"] <= height and box["height"] >= least


def test_the_winning_round_puts_the_winner_in_view_on_every_phone_and_the_board(server, board, phones):
    game_id = one_card_game(server, *["Ben", "Cy", "Ann"] * 4, target=5)
    shown = board(f"/board/{game_id}")
    ann, ben = steps.pad_on(phones, game_id, "Ann"), steps.pad_on(phones, game_id, "Ben")
    for phone in (ann, ben):
        phone.page.set_viewport_size(SHORT_PHONE)
    ann.tap("Add round")
    ann.tap("Ann won")
    assert shown.wait_text("board-status", "Game over") == "Game over"
    assert in_view(shown, "board-winners", BOARD["height"])
    assert shown.page.get_by_text("deals", exact=True).count() == 0
    for phone in (ann, ben):
        phone.see("Ann wins!")
        phone.settle()
        assert in_view(phone, "game-over", SHORT_PHONE["height"])
    ann.tap("Finish game")
    ann.see("Game finished")
    later = phones(f"/pad/{game_id}")
    later.page.set_viewport_size(SHORT_PHONE)
    later.see("Ann wins!")
    later.settle()
    assert in_view(later, "game-over", SHORT_PHONE["height"])


def test_six_players_fit_the_tv_in_play_with_long_names_and_once_the_game_ended(server, board):
    """Every line of a table of six is on the 1280x800 screen, with the marks beside two long names
    and with the winners above the lines: the sixth line was cut below the screen in both."""
    long_names = ["Maximiliane Wolkenstein", "Bartholomew Fitzgerald", "Christabel Montgomery",
                  "Wilhelmina Wolkenstein", "Eve", "Åsmund Ødegård-Ærlig"]
    playing = new_pad("up_to_nine", long_names)
    names = ["Al", "Bo", "Cy", "Di", "Ed", "Flo"]
    ended = new_pad("up_to_nine", names)
    ended.add_round({name: {"laid_down": name == "Al", "hand": "" if name == "Al" else "5", "points": None}
                     for name in names})
    ended.end_early()
    for pad in (playing, ended):
        Store(server.data_dir).save_game(pad.to_doc())
    shown = board(f"/board/{playing.id}")
    shown.see("starts")
    assert all(in_view(shown, f"board-total-{name}", BOARD["height"]) for name in long_names)
    shown.open(f"/board/{ended.id}")
    shown.see("Al wins!")
    assert all(in_view(shown, f"board-total-{name}", BOARD["height"]) for name in names)
