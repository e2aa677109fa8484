"""The round sheets kept for the phones: one per game and phone, kept across
a restart, dropped with the game, a damaged file set aside."""

from __future__ import annotations

import json
import threading

import pytest

from companion.store import Store, StoreError
from tests.store_helpers import make_doc

SHEET = {"mark": {"round_id": None, "rev": None, "number": 1, "in_play": True}, "entry": {"winner": "Ann"}}


def test_no_sheet_reads_as_none(tmp_path):
    assert Store(tmp_path).kept_sheet("g1", "Ann's phone") is None


def test_sheets_are_kept_per_game_and_phone_and_outlive_a_restart(tmp_path):
    store = Store(tmp_path)
    store.keep_sheet("g1", "Ann's phone", SHEET)
    store.keep_sheet("g1", "Phone 3FA2", {"entry": None})
    store.keep_sheet("g2", "Ann's phone", {"entry": {"winner": "Cy"}})
    again = Store(tmp_path)
    assert again.kept_sheet("g1", "Ann's phone") == SHEET
    assert again.kept_sheet("g1", "Phone 3FA2") == {"entry": None}
    assert again.kept_sheet("g2", "Ann's phone") == {"entry": {"winner": "Cy"}}
    assert again.kept_sheet("g2", "Phone 3FA2") is None


def test_a_kept_sheet_is_replaced_and_returned_as_a_copy(tmp_path):
    store = Store(tmp_path)
    store.keep_sheet("g1", "Ann's phone", SHEET)
    store.keep_sheet("g1", "Ann's phone", {"entry": {"winner": "Ben"}})
    store.kept_sheet("g1", "Ann's phone")["entry"].clear()
    assert store.kept_sheet("g1", "Ann's phone") == {"entry": {"winner": "Ben"}}


def test_none_drops_one_phones_sheet_and_dropping_nothing_writes_nothing(tmp_path):
    store = Store(tmp_path)
    store.keep_sheet("g1", "Ann's phone", SHEET)
    store.keep_sheet("g1", "Ben's phone", SHEET)
    store.keep_sheet("g1", "Ann's phone", None)
    assert json.loads((tmp_path / "sheets.json").read_text()) == {"sheets": {"g1": {"Ben's phone": SHEET}}}
    store.keep_sheet("g1", "Ben's phone", None)
    assert json.loads((tmp_path / "sheets.json").read_text()) == {"sheets": {}}
    before = (tmp_path / "sheets.json").stat().st_mtime_ns
    store.keep_sheet("g1", "Ben's phone", None)
    store.drop_sheets("g1")
    assert (tmp_path / "sheets.json").stat().st_mtime_ns == before


def test_drop_sheets_drops_every_phones_sheet_of_that_game_only(tmp_path):
    store = Store(tmp_path)
    store.keep_sheet("g1", "Ann's phone", SHEET)
    store.keep_sheet("g1", "Ben's phone", SHEET)
    store.keep_sheet("g2", "Ann's phone", SHEET)
    store.drop_sheets("g1")
    assert Store(tmp_path).kept_sheet("g1", "Ben's phone") is None
    assert Store(tmp_path).kept_sheet("g2", "Ann's phone") == SHEET


@pytest.mark.parametrize("finished", [False, True], ids=["in-progress", "archived"])
def test_deleting_a_game_drops_its_kept_sheets(tmp_path, finished):
    store = Store(tmp_path)
    doc = make_doc(finished=finished, id="g1")
    store.save_game(doc)
    store.keep_sheet("g1", "Ann's phone", SHEET)
    store.keep_sheet("g2", "Ann's phone", SHEET)
    store.delete_game("g1")
    assert store.kept_sheet("g1", "Ann's phone") is None
    assert store.kept_sheet("g2", "Ann's phone") == SHEET


def test_another_store_on_the_folder_sees_each_write(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path / ".." / tmp_path.name)
    first.keep_sheet("g1", "Ann's phone", {"entry": 1})
    assert second.kept_sheet("g1", "Ann's phone") == {"entry": 1}
    second.keep_sheet("g1", "Ann's phone", {"entry": 2})
    assert first.kept_sheet("g1", "Ann's phone") == {"entry": 2}


@pytest.mark.parametrize(
    "content",
    [b"{not json", b'{"sheets": {"g1": [1]}}', b'{"sheets": {"g1": {"Ann\'s phone": 3}}}', b"\xff\xfe", b""],
    ids=["json", "game-row", "sheet", "utf8", "zero-bytes"],
)
def test_a_damaged_sheets_file_is_set_aside_with_a_notice_and_the_store_opens(tmp_path, content):
    (tmp_path / "sheets.json").write_bytes(content)
    store = Store(tmp_path)
    [aside] = sorted(tmp_path.glob("sheets.json.corrupt-*"))
    assert aside.read_bytes() == content
    [notice] = store.notices
    assert "round sheets" in notice and "No saved game is affected" in notice
    assert store.kept_sheet("g1", "Ann's phone") is None
    store.keep_sheet("g1", "Ann's phone", SHEET)
    assert Store(tmp_path).kept_sheet("g1", "Ann's phone") == SHEET


def test_a_file_damaged_while_the_store_runs_is_set_aside_at_the_next_write(tmp_path):
    store = Store(tmp_path)
    store.keep_sheet("g1", "Ann's phone", SHEET)
    (tmp_path / "sheets.json").write_bytes(b"{oops")
    store.keep_sheet("g1", "Ben's phone", SHEET)
    assert len(list(tmp_path.glob("sheets.json.corrupt-*"))) == 1
    assert Store(tmp_path).kept_sheet("g1", "Ben's phone") == SHEET
    assert Store(tmp_path).kept_sheet("g1", "Ann's phone") is None


@pytest.mark.parametrize("bad", [[1, 2], {"when": object()}], ids=["not-an-object", "not-json"])
def test_a_sheet_that_is_not_a_json_object_is_refused(tmp_path, bad):
    store = Store(tmp_path)
    with pytest.raises(StoreError):
        store.keep_sheet("g1", "Ann's phone", bad)
    assert store.kept_sheet("g1", "Ann's phone") is None


@pytest.mark.parametrize("phone", ["", None, 7])
def test_a_phone_label_that_is_not_text_is_refused(tmp_path, phone):
    with pytest.raises(StoreError, match="label is text"):
        Store(tmp_path).keep_sheet("g1", phone, SHEET)


def test_phones_keeping_their_sheets_at_once_lose_none(tmp_path):
    store = Store(tmp_path)
    phones = [f"Phone {n:04X}" for n in range(6)]
    start = threading.Barrier(len(phones))

    def tap(phone: str) -> None:
        start.wait()
        for taps in range(15):
            store.keep_sheet("g1", phone, {"entry": {"taps": taps}})

    threads = [threading.Thread(target=tap, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [Store(tmp_path).kept_sheet("g1", phone) for phone in phones] == [{"entry": {"taps": 14}}] * 6
