"""A round sheet kept as it is typed (companion/table/kept_sheets.py and the pad):
brought back on the same phone after a restart or a reload with the values
typed, marked not saved yet; dropped on save, on Cancel, on "Drop mine",
with the game finished or deleted; never brought to another phone; damaged
kept data dropped, never a broken screen. Scores: seed 000, "Scoring", each
value once, K=10, 6=6."""

from __future__ import annotations

import asyncio
import threading

import flet as ft
import pytest

from companion.registry import new_pad, pad_from_doc
from companion.server.key import TableAccess
from companion.store import Store, StoreError
from companion.table import kept_sheets, saving
from companion.ui.app import session_main
from companion.ui.games import game_ui
from companion.table.kept_sheets import KeptSheet, SheetWriter, from_json, restore
from companion.table.saving import SheetMark
from companion.ui.state import PHONE_KEY
from flet_session import click, controls, find, go_to, open_session, run_alone, server_hub, shows, tap, until

PLAYERS = ["Ann", "Ben", "Cy"]
ANN_K_6 = {"hands": {"Ann": ["6", "K"], "Ben": [], "Cy": []}, "went_out": None, "ended_by": None}
"""A One Up sheet with K and 6 tapped for Ann (16 points; the sheet lists
the values in circle order) and nothing else."""
ROUND = {"hands": {"Ann": ["K"], "Ben": [], "Cy": ["A"]}, "went_out": "Ben", "ended_by": None}
"""A whole One Up round: Ben went out, Ann holds K (10), Cy an Ace (1)."""


def one_up(store: Store, rounds: int = 0) -> str:
    """A One Up game of Ann, Ben and Cy with ``rounds`` rounds like :data:`ROUND`; returns its id."""
    pad = new_pad("one_up", PLAYERS)
    for _number in range(rounds):
        pad.add_round(**ROUND)
    store.save_game(pad.to_doc())
    return pad.id


def fits(game_id_game: str):
    """The sheet check of a game (its UI module's ``sheet_entry``)."""
    return game_ui(game_id_game).sheet_entry


# ---- the kept sheet's shape ------------------------------------------------------------

def test_a_sheet_goes_to_json_and_back():
    for kept in (KeptSheet(SheetMark(None, None, 4), ANN_K_6), KeptSheet(SheetMark("0000000a", 3, 2, False), None),
                 KeptSheet(SheetMark(None, None, 4, place=2), ANN_K_6)):
        assert from_json(kept.to_json()) == kept


def test_a_sheet_kept_before_places_were_kept_reads_as_after_the_last_round():
    data = {"mark": {"round_id": None, "rev": None, "number": 4, "in_play": True}, "entry": None}
    assert from_json(data).mark.place is None


@pytest.mark.parametrize("data", [
    [1], {"mark": None, "entry": None}, {"mark": {"round_id": None, "rev": None, "number": 0, "in_play": True}},
    {"mark": {"round_id": "x", "rev": None, "number": 2, "in_play": True}, "entry": None},
    {"mark": {"round_id": None, "rev": None, "number": 2, "in_play": "yes"}, "entry": None},
    {"mark": {"round_id": None, "rev": None, "number": 2, "in_play": True}, "entry": [1]},
    {"mark": {"round_id": None, "rev": None, "number": True, "in_play": True}, "entry": None},
    {"mark": {"round_id": None, "rev": None, "number": 4, "in_play": True, "place": 0}, "entry": None},
    {"mark": {"round_id": None, "rev": None, "number": 4, "in_play": True, "place": "2"}, "entry": None},
    {"mark": {"round_id": "x", "rev": 1, "number": 2, "in_play": True, "place": 2}, "entry": None},
], ids=["not-an-object", "no-mark", "number-0", "edit-without-rev", "in-play", "entry", "number-bool", "place-0",
        "place-text", "edit-with-place"])
def test_damaged_sheet_data_reads_as_none(data):
    assert from_json(data) is None


# ---- bringing a sheet back ---------------------------------------------------------------

def test_nothing_kept_brings_nothing_back(tmp_path):
    store = Store(tmp_path)
    game_id = one_up(store)
    assert restore(store, game_id, "Ann's phone", fits("one_up")) is None


def test_a_kept_sheet_comes_back_to_its_phone_only(tmp_path):
    store = Store(tmp_path)
    game_id = one_up(store, rounds=1)
    kept_sheets.keep(store, game_id, "Ann's phone", KeptSheet(SheetMark(None, None, 2), ANN_K_6))
    assert restore(store, game_id, "Ben's phone", fits("one_up")) is None
    sheet, pad = restore(Store(tmp_path), game_id, "Ann's phone", fits("one_up"))
    assert sheet == KeptSheet(SheetMark(None, None, 2), ANN_K_6)
    assert pad.next_round == 2


def test_an_edit_comes_back_as_an_edit_of_its_round(tmp_path):
    store = Store(tmp_path)
    game_id = one_up(store, rounds=2)
    mark = saving.mark_round(pad_from_doc(store.get_game(game_id)), 1)
    kept_sheets.keep(store, game_id, "Ann's phone", KeptSheet(mark, ANN_K_6))
    sheet, _pad = restore(store, game_id, "Ann's phone", fits("one_up"))
    assert sheet == KeptSheet(mark, ANN_K_6)


def test_an_edit_of_a_round_deleted_meanwhile_comes_back_as_a_new_round_with_the_values(tmp_path):
    store = Store(tmp_path)
    game_id = one_up(store, rounds=2)
    mark = saving.mark_round(pad_from_doc(store.get_game(game_id)), 1)
    kept_sheets.keep(store, game_id, "Ann's phone", KeptSheet(mark, ANN_K_6))
    store.update_game(game_id, lambda pad: pad.delete_round(mark.round_id), by="Ben's phone")
    sheet, _pad = restore(store, game_id, "Ann's phone", fits("one_up"))
    assert sheet.mark == SheetMark(None, None, 2)
    assert sheet.entry == ANN_K_6
    assert sheet.notice == ("Round 1 was deleted on Ben's phone while this sheet was away. "
                            "Saving adds these values as round 2.")


def test_an_edit_of_a_deleted_round_with_nothing_typed_is_dropped(tmp_path):
    store = Store(tmp_path)
    game_id = one_up(store, rounds=2)
    mark = saving.mark_round(pad_from_doc(store.get_game(game_id)), 1)
    kept_sheets.keep(store, game_id, "Ann's phone", KeptSheet(mark, None))
    store.update_game(game_id, lambda pad: pad.delete_round(mark.round_id))
    assert restore(store, game_id, "Ann's phone", fits("one_up")) is None
    assert store.kept_sheet(game_id, "Ann's phone") is None


def test_a_sheet_opened_in_play_is_dropped_once_the_game_ended(tmp_path):
    store = Store(tmp_path)
    game_id = one_up(store, rounds=1)
    kept_sheets.keep(store, game_id, "Ann's phone", KeptSheet(SheetMark(None, None, 2), ANN_K_6))
    store.update_game(game_id, lambda pad: pad.end_early())
    assert restore(store, game_id, "Ann's phone", fits("one_up")) is None
    assert store.kept_sheet(game_id, "Ann's phone") is None


def test_a_sheet_of_a_deleted_game_is_dropped(tmp_path):
    store = Store(tmp_path)
    game_id = one_up(store)
    kept_sheets.keep(store, game_id, "Ann's phone", KeptSheet(SheetMark(None, None, 1), ANN_K_6))
    store.delete_game(game_id)
    store.restore_deleted(game_id)
    assert restore(store, game_id, "Ann's phone", fits("one_up")) is None


class GamesUnreadable(Store):
    """A store whose games can not be read now (a lock kept busy by another copy, say)."""

    def get_game(self, game_id):
        raise StoreError("the data folder is busy")


def test_a_game_that_can_not_be_read_now_brings_nothing_back_and_drops_nothing(tmp_path):
    store = Store(tmp_path)
    game_id = one_up(store)
    kept_sheets.keep(store, game_id, "Ann's phone", KeptSheet(SheetMark(None, None, 1), ANN_K_6))
    assert restore(GamesUnreadable(tmp_path), game_id, "Ann's phone", fits("one_up")) is None
    assert store.kept_sheet(game_id, "Ann's phone")["entry"] == ANN_K_6


@pytest.mark.parametrize("entry", [
    {"hands": {"Ann": ["Q"]}, "went_out": None, "ended_by": None},
    {"hands": {"Ann": ["K"], "Ben": 7, "Cy": []}, "went_out": None, "ended_by": None},
    {"results": {}},
], ids=["unknown-value", "hand-not-a-list", "another-games-entry"])
def test_an_entry_the_sheet_can_not_start_from_is_dropped(tmp_path, entry):
    store = Store(tmp_path)
    game_id = one_up(store)
    store.keep_sheet(game_id, "Ann's phone", {"mark": {"round_id": None, "rev": None, "number": 1, "in_play": True},
                                               "entry": entry})
    assert restore(store, game_id, "Ann's phone", fits("one_up")) is None
    assert store.kept_sheet(game_id, "Ann's phone") is None


@pytest.mark.parametrize("game", ["one_up", "up_to_nine", "up_or_down"])
def test_each_games_sheet_starts_from_the_entry_it_hands_over(game):
    pad = new_pad(game, PLAYERS)
    entry = {
        "one_up": ANN_K_6,
        "up_to_nine": {"results": {"Ann": {"laid_down": True, "hand": ["K", "5"], "points": None},
                                   "Ben": {"laid_down": False, "hand": [], "points": 40},
                                   "Cy": {"laid_down": True, "hand": [], "points": None}}, "went_out": "Cy"},
        "up_or_down": {"scores": {"Ann": {"rows": [["red", "red", "blue"], [8, 3]], "discarded": 2},
                                  "Ben": {"rows": [[]], "discarded": 0}, "Cy": {"rows": [[]], "discarded": 1}}},
    }[game]
    assert game_ui(game).sheet_entry(pad, None, entry) == entry


def test_one_card_sheets_start_from_no_entry():
    with pytest.raises(ValueError):
        game_ui("one_card").sheet_entry(new_pad("one_card", PLAYERS), None, {"winner": "Ann"})


# ---- the writer ------------------------------------------------------------------------

def test_the_writer_writes_in_order_and_only_the_newest_of_those_waiting():
    written: list[str] = []
    first_runs, release = threading.Event(), threading.Event()

    def slow(name: str):
        def write():
            first_runs.set()
            release.wait(10)
            written.append(name)
        return write

    async def run():
        writer = SheetWriter()
        writer.put(slow("A"))
        await asyncio.to_thread(first_runs.wait, 10)
        writer.put(lambda: written.append("B"))
        writer.put(lambda: written.append("C"))
        release.set()
        await writer.done()
        writer.put(lambda: written.append("D"))
        await writer.done()

    run_alone(run())
    assert written == ["A", "C", "D"]


# ---- on the pad (in-process sessions) ------------------------------------------------------

def phone(label: str):
    """A phone that keeps the label ``label`` and nothing else."""
    return lambda name, args: label if name == "get" and args == {"key": PHONE_KEY} else None


def in_card(page, player: str, text: str) -> ft.Control:
    """The button showing ``text`` in ``player``'s part of the One Up sheet."""
    card = find(page, lambda control: isinstance(control, ft.Semantics) and control.identifier == f"hand-{player}")
    return find(card, lambda control: getattr(control, "on_click", None) is not None
                and getattr(control, "content", None) == text)


def texts(page) -> list[str]:
    """The texts of the Text controls on ``page``."""
    return [control.value for control in controls(page) if isinstance(control, ft.Text) and isinstance(control.value, str)]


async def kept(store: Store, game_id: str, label: str, entry: dict | None):
    """Wait until the sheet kept for ``label`` holds ``entry``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while (store.kept_sheet(game_id, label) or {}).get("entry") != entry:
        assert loop.time() < deadline, "the sheet was not kept"
        await asyncio.sleep(0.02)


def pad_session(tmp_path, play, rounds: int = 0):
    """Run ``play(tmp_path, game_id, start)`` where ``start(label)`` opens a new
    server process's session (a new Store on the same folder, its own hub) on
    the game's pad, on the phone labelled ``label``."""

    async def run():
        game_id = one_up(Store(tmp_path), rounds)

        async def start(label: str):
            store = Store(tmp_path)
            main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
            return store, await open_session(main, f"/pad/{game_id}", server_hub(), phone(label))

        return await play(tmp_path, game_id, start)

    return run_alone(run())


def test_the_half_typed_sheet_comes_back_after_a_restart_and_saves_what_was_typed(tmp_path):
    async def play(_tmp, game_id, start):
        store, ann = await start("Ann's phone")
        await tap(ann, "Add round")
        await click(ann, in_card(ann.session.page, "Ann", "K"))
        await click(ann, in_card(ann.session.page, "Ann", "6"))
        assert "16 points" in texts(ann.session.page)
        await kept(store, game_id, "Ann's phone", ANN_K_6)
        store, again = await start("Ann's phone")
        await until(again, lambda page: kept_sheets.NOT_SAVED in " ".join(texts(page)))
        assert "Round 1" in texts(again.session.page)
        assert "16 points" in texts(again.session.page)
        await click(again, in_card(again.session.page, "Ben", "A"))
        await kept(store, game_id, "Ann's phone", {**ANN_K_6, "hands": {**ANN_K_6["hands"], "Ben": ["A"]}})
        await click(again, in_card(again.session.page, "Cy", "Cy went out"))
        await tap(again, "Save round")
        await until(again, lambda _page: shows(again, "Round 1 saved"))
        saved = pad_from_doc(store.get_game(game_id))
        assert saved.rounds[0]["hands"] == {"Ann": ["6", "K"], "Ben": ["A"], "Cy": []}
        assert saved.totals == {"Ann": 16, "Ben": 1, "Cy": 0}
        await kept(store, game_id, "Ann's phone", None)
        assert store.kept_sheet(game_id, "Ann's phone") is None

    pad_session(tmp_path, play)


def test_another_phone_does_not_get_the_sheet_and_cancel_drops_it(tmp_path):
    async def play(_tmp, game_id, start):
        store, ann = await start("Ann's phone")
        await tap(ann, "Add round")
        await click(ann, in_card(ann.session.page, "Ann", "K"))
        await kept(store, game_id, "Ann's phone", {**ANN_K_6, "hands": {**ANN_K_6["hands"], "Ann": ["K"]}})
        _store, ben = await start("Ben's phone")
        assert shows(ben, "Add round")
        assert not any(kept_sheets.NOT_SAVED in text for text in texts(ben.session.page))
        await tap(ann, "Cancel")
        await until(ann, lambda _page: shows(ann, "Add round"))
        await kept_sheets_dropped(store, game_id, "Ann's phone")

    pad_session(tmp_path, play)


async def kept_sheets_dropped(store: Store, game_id: str, label: str) -> None:
    """Wait until no sheet is kept for ``label`` on game ``game_id``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while store.kept_sheet(game_id, label) is not None:
        assert loop.time() < deadline, "the sheet was not dropped"
        await asyncio.sleep(0.02)


def test_an_edit_sheet_comes_back_told_that_its_round_changed_meanwhile(tmp_path):
    async def play(_tmp, game_id, start):
        store, ann = await start("Ann's phone")
        row = find(ann.session.page, lambda control: isinstance(control, ft.Semantics) and control.identifier == "round-1")
        await click(ann, find(row, lambda control: getattr(control, "on_click", None) is not None))
        await until(ann, lambda _page: shows(ann, "Round 1 (edit)"))
        await click(ann, in_card(ann.session.page, "Ann", "6"))
        await kept(store, game_id, "Ann's phone", {**ROUND, "hands": {**ROUND["hands"], "Ann": ["6", "K"]}})
        store.update_game(game_id, lambda pad: pad.edit_round(1, **{**ROUND, "went_out": "Cy", "hands": {
            "Ann": ["K"], "Ben": ["A"], "Cy": []}}), by="Ben's phone")
        store, again = await start("Ann's phone")
        await until(again, lambda page: kept_sheets.NOT_SAVED in " ".join(texts(page)))
        words = " ".join(texts(again.session.page))
        assert "Round 1 was changed on Ben's phone while this sheet was open." in words
        await tap(again, "Save round")
        await until(again, lambda _page: shows(again, "Save mine over it"))
        await tap(again, "Keep theirs")
        await kept_sheets_dropped(store, game_id, "Ann's phone")
        assert pad_from_doc(store.get_game(game_id)).rounds[0]["went_out"] == "Cy"

    pad_session(tmp_path, play, rounds=1)


def test_ending_the_game_drops_every_phones_kept_sheet(tmp_path):
    async def play(_tmp, game_id, start):
        store, ann = await start("Ann's phone")
        kept_sheets.keep(store, game_id, "Ben's phone", KeptSheet(SheetMark(None, None, 2), ANN_K_6))
        await tap(ann, "End the game now")
        await until(ann, lambda _page: shows(ann, "Game ended"))
        assert store.kept_sheet(game_id, "Ben's phone") is None

    pad_session(tmp_path, play, rounds=1)


def test_a_sheet_left_for_another_screen_is_there_on_coming_back(tmp_path):
    async def play(_tmp, game_id, start):
        store, ann = await start("Ann's phone")
        await tap(ann, "Add round")
        await click(ann, in_card(ann.session.page, "Ann", "K"))
        await kept(store, game_id, "Ann's phone", {**ANN_K_6, "hands": {**ANN_K_6["hands"], "Ann": ["K"]}})
        await go_to(ann, "/history")
        await go_to(ann, f"/pad/{game_id}")
        await until(ann, lambda page: kept_sheets.NOT_SAVED in " ".join(texts(page)))
        assert "10 points" in texts(ann.session.page)

    pad_session(tmp_path, play)


def test_a_new_rounds_sheet_comes_back_told_that_its_round_was_saved_meanwhile(tmp_path):
    async def play(_tmp, game_id, start):
        store, ann = await start("Ann's phone")
        await tap(ann, "Add round")
        await click(ann, in_card(ann.session.page, "Ann", "K"))
        await click(ann, in_card(ann.session.page, "Ann", "6"))
        await kept(store, game_id, "Ann's phone", ANN_K_6)
        store.update_game(game_id, lambda pad: pad.add_round(**ROUND), by="Ben's phone")
        store, again = await start("Ann's phone")
        await until(again, lambda page: kept_sheets.NOT_SAVED in " ".join(texts(page)))
        assert ("Round 1 was just saved on Ben's phone. Saving yours will ask whether it is another round."
                in texts(again.session.page))
        await click(again, in_card(again.session.page, "Ben", "A"))
        await click(again, in_card(again.session.page, "Cy", "Cy went out"))
        await tap(again, "Save round")
        await until(again, lambda _page: shows(again, "Save as round 2"))
        await tap(again, "Save as round 2")
        await until(again, lambda _page: shows(again, "Round 2 saved"))
        saved = pad_from_doc(store.get_game(game_id))
        assert [row["hands"]["Ann"] for row in saved.rounds] == [["K"], ["6", "K"]]
        await kept_sheets_dropped(store, game_id, "Ann's phone")

    pad_session(tmp_path, play)
