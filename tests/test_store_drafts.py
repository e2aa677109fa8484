"""The drafts of rounds entered hand by hand: kept by the store, one per game,
never lost to a concurrent update, a restart or a damaged file."""

from __future__ import annotations

import json
import threading

import pytest

from companion.store import Store, StoreError

PLAYERS = [f"P{n}" for n in range(6)]


def add_part(player: str, value: int):
    """A change that puts ``player``'s part into the draft, keeping the others'."""

    def change(draft):
        draft = draft or {"round": 1, "parts": {}}
        draft["parts"][player] = {"hand": [value]}
        return draft

    return change


def test_no_draft_reads_as_none(tmp_path):
    assert Store(tmp_path).get_draft("g1") is None


def test_update_returns_and_keeps_the_new_draft_per_game(tmp_path):
    store = Store(tmp_path)
    assert store.update_draft("g1", add_part("Ann", 3)) == {"round": 1, "parts": {"Ann": {"hand": [3]}}}
    store.update_draft("g2", add_part("Ben", 5))
    assert store.get_draft("g1") == {"round": 1, "parts": {"Ann": {"hand": [3]}}}
    assert store.get_draft("g2") == {"round": 1, "parts": {"Ben": {"hand": [5]}}}


def test_a_returned_draft_is_a_copy(tmp_path):
    store = Store(tmp_path)
    store.update_draft("g1", add_part("Ann", 3))
    store.get_draft("g1")["parts"].clear()
    assert store.get_draft("g1")["parts"] == {"Ann": {"hand": [3]}}


def test_none_drops_the_draft_and_dropping_nothing_writes_nothing(tmp_path):
    store = Store(tmp_path)
    store.update_draft("g1", add_part("Ann", 3))
    assert store.update_draft("g1", lambda draft: None) is None
    assert store.get_draft("g1") is None
    assert json.loads((tmp_path / "drafts.json").read_text()) == {"drafts": {}}
    before = (tmp_path / "drafts.json").stat().st_mtime_ns
    assert store.update_draft("g1", lambda draft: None) is None
    assert (tmp_path / "drafts.json").stat().st_mtime_ns == before


def test_concurrent_updates_from_threads_lose_nothing(tmp_path):
    store = Store(tmp_path)
    start = threading.Barrier(len(PLAYERS))

    def enter(player: str) -> None:
        start.wait()
        for value in range(15):
            store.update_draft("g1", add_part(player, value))

    threads = [threading.Thread(target=enter, args=(player,)) for player in PLAYERS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.get_draft("g1") == {"round": 1, "parts": {player: {"hand": [14]} for player in PLAYERS}}


def test_two_stores_on_one_folder_share_the_drafts(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)
    first.update_draft("g1", add_part("Ann", 3))
    second.update_draft("g1", add_part("Ben", 4))
    assert first.get_draft("g1")["parts"] == {"Ann": {"hand": [3]}, "Ben": {"hand": [4]}}


def test_a_restart_keeps_the_draft(tmp_path):
    Store(tmp_path).update_draft("g1", add_part("Ann", 3))
    assert Store(tmp_path).get_draft("g1") == {"round": 1, "parts": {"Ann": {"hand": [3]}}}


WRONG_SHAPES = {
    "no-table": b"{}",
    "other-table": b'{"hands":{"g1":{"round":1,"parts":{}}}}',
    "extra-table": b'{"drafts":{},"more":{}}',
    "not-a-draft": b'{"drafts":{"g1":{"x":1}}}',
    "round-as-text": b'{"drafts":{"g1":{"round":"one","parts":{}}}}',
    "part-not-a-map": b'{"drafts":{"g1":{"round":1,"parts":{"Ann":[3]}}}}',
    "by-not-a-map": b'{"drafts":{"g1":{"round":1,"parts":{},"by":"Ann"}}}',
}
"""drafts.json files of valid JSON whose shape is not the one the store writes."""


@pytest.mark.parametrize("content", [b"{not json", b'{"drafts": [1, 2]}', b"\xff\xfe", b"", *WRONG_SHAPES.values()],
                         ids=["json", "shape", "utf8", "zero-bytes", *WRONG_SHAPES])
def test_a_damaged_drafts_file_is_kept_aside_with_a_notice_and_the_store_opens(tmp_path, content):
    Store(tmp_path)
    (tmp_path / "drafts.json").write_bytes(content)
    store = Store(tmp_path)
    [aside] = sorted(tmp_path.glob("drafts.json.corrupt-*"))
    assert aside.read_bytes() == content
    [notice] = store.notices
    assert "rounds being entered hand by hand" in notice and "No saved game is affected" in notice
    assert store.get_draft("g1") is None
    store.update_draft("g1", add_part("Ann", 3))
    assert Store(tmp_path).get_draft("g1") == {"round": 1, "parts": {"Ann": {"hand": [3]}}}


def test_the_change_error_reaches_the_caller_and_nothing_is_saved(tmp_path):
    store = Store(tmp_path)
    store.update_draft("g1", add_part("Ann", 3))

    def refuse(draft):
        raise KeyError("no such player")

    with pytest.raises(KeyError):
        store.update_draft("g1", refuse)
    assert store.get_draft("g1") == {"round": 1, "parts": {"Ann": {"hand": [3]}}}


@pytest.mark.parametrize("bad", [[1, 2], {"when": object()}], ids=["not-an-object", "not-json"])
def test_a_draft_that_is_not_a_json_object_is_refused(tmp_path, bad):
    store = Store(tmp_path)
    with pytest.raises(StoreError):
        store.update_draft("g1", lambda draft: bad)
    assert store.get_draft("g1") is None


def test_a_game_id_that_is_not_text_is_refused(tmp_path):
    with pytest.raises(StoreError, match="A game id is text"):
        Store(tmp_path).get_draft(7)
