"""The game store: documents, listing, undo, migration,
corrupt files, the TinyDB storage class, the data folder and two writers."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from store_helpers import PLAYERS, make_doc, stamp
from tinydb import TinyDB

from companion.document import MIGRATIONS
from companion.registry import doc_games
from companion.store import (
    AtomicJSONStorage,
    CorruptFileError,
    GameNotFoundError,
    Store,
    StoreError,
    migrate_doc,
    resolve_data_dir,
    summarize,
)

REPO = Path(__file__).resolve().parent.parent


def temp_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.tmp"))


# ---------------------------------------------------------------- round trip


def test_saved_game_comes_back_equal(tmp_path):
    store = Store(tmp_path)
    doc = make_doc(rounds=3, options={"joker": True, "limit": 30, "nested": [1, {"a": None}]})
    store.save_game(doc)
    assert store.get_game(doc["id"]) == doc
    assert Store(tmp_path).get_game(doc["id"]) == doc


def test_unicode_names_round_trip(tmp_path):
    store = Store(tmp_path)
    doc = make_doc(players=["Åse", "Øyvind", "Jürgen"], first_dealer=2)
    store.save_game(doc)
    assert Store(tmp_path).get_game(doc["id"])["players"] == ["Åse", "Øyvind", "Jürgen"]


def test_a_whole_number_longer_than_64_bits_is_written_and_read_back(tmp_path):
    path = tmp_path / "db.json"
    AtomicJSONStorage(path).write({"games": {"1": {"limit": 2**70, "name": "Åse"}}})
    assert json.loads(path.read_text(encoding="utf-8")) == {"games": {"1": {"limit": 2**70, "name": "Åse"}}}


def test_store_keeps_its_own_copy(tmp_path):
    store = Store(tmp_path)
    doc = make_doc(rounds=1)
    store.save_game(doc)
    doc["rounds"].append({"id": f"{len(doc['rounds']) + 1:08x}", "rev": 0, "late": True})
    got = store.get_game(doc["id"])
    assert len(got["rounds"]) == 1
    got["players"].append("Intruder")
    assert store.get_game(doc["id"])["players"] == PLAYERS


def test_save_replaces_by_id(tmp_path):
    store = Store(tmp_path)
    doc = make_doc(rounds=1)
    store.save_game(doc)
    doc["rounds"].append({"id": f"{len(doc['rounds']) + 1:08x}", "rev": 0, "went_out": "Ann"})
    doc["updated"] = stamp(999)
    store.save_game(doc)
    assert store.get_game(doc["id"])["rounds"] == doc["rounds"]
    assert [s["id"] for s in store.list_games()] == [doc["id"]]


def test_unknown_game_is_none(tmp_path):
    assert Store(tmp_path).get_game("0" * 32) is None


def test_game_id_must_be_text(tmp_path):
    with pytest.raises(StoreError, match="id is text"):
        Store(tmp_path).get_game(42)


def test_finished_game_moves_to_archive_and_back(tmp_path):
    store = Store(tmp_path)
    doc = make_doc(rounds=4)
    store.save_game(doc)
    assert [s["id"] for s in store.unfinished_games()] == [doc["id"]]
    doc.update(finished=True, winners=["Cato"])
    store.save_game(doc)
    assert store.unfinished_games() == []
    assert store.get_game(doc["id"]) == doc
    assert store.list_games()[0]["finished"] is True
    assert json.loads((tmp_path / "games.json").read_text())["games"] == {}
    doc.update(finished=False, winners=[])
    store.save_game(doc)
    assert [s["id"] for s in store.unfinished_games()] == [doc["id"]]
    assert [s["id"] for s in store.list_games()] == [doc["id"]]
    assert store.get_game(doc["id"]) == doc


def test_iter_games_yields_every_game_once(tmp_path):
    store = Store(tmp_path)
    docs = [make_doc(n, finished=n % 2 == 0) for n in range(7)]
    for doc in docs:
        store.save_game(doc)
    got = list(store.iter_games())
    assert sorted(d["id"] for d in got) == sorted(d["id"] for d in docs)
    assert {d["id"]: d for d in got} == {d["id"]: d for d in docs}


# ---------------------------------------------------------------- listing


def test_list_is_newest_first_with_summaries(tmp_path):
    store = Store(tmp_path)
    docs = [make_doc(n, finished=n in (1, 3), rounds=n) for n in range(5)]
    for doc in (docs[2], docs[0], docs[4], docs[1], docs[3]):
        store.save_game(doc)
    listed = store.list_games()
    assert [s["id"] for s in listed] == [d["id"] for d in reversed(docs)]
    assert listed[1] == {
        "id": docs[3]["id"], "game": "one_up", "players": PLAYERS, "created": stamp(180),
        "updated": stamp(210), "finished": True, "ended_early": False, "winners": [], "rounds": 3,
    }
    assert listed[0] == summarize(docs[4])


def test_list_limit_and_offset(tmp_path):
    store = Store(tmp_path)
    docs = [make_doc(n, finished=n % 3 == 0) for n in range(12)]
    store.add_games(docs)
    newest = [d["id"] for d in reversed(docs)]
    assert [s["id"] for s in store.list_games(limit=5)] == newest[:5]
    assert [s["id"] for s in store.list_games(limit=5, offset=5)] == newest[5:10]
    assert [s["id"] for s in store.list_games(limit=5, offset=10)] == newest[10:]
    assert store.list_games(limit=0) == []


def test_list_orders_by_instant_across_utc_offsets(tmp_path):
    store = Store(tmp_path)
    early = make_doc(created="2026-03-01T12:00:00+02:00")
    late = make_doc(created="2026-03-01T11:00:00+00:00")
    store.save_game(late)
    store.save_game(early)
    assert [s["id"] for s in store.list_games()] == [late["id"], early["id"]]


@pytest.mark.parametrize("limit, offset", [(-1, 0), (5, -2), ("5", 0), (True, 0), (2.5, 0)])
def test_bad_limit_or_offset(tmp_path, limit, offset):
    with pytest.raises(StoreError, match="whole number"):
        Store(tmp_path).list_games(limit=limit, offset=offset)


def test_listed_summaries_do_not_share_state(tmp_path):
    store = Store(tmp_path)
    store.save_game(make_doc(finished=True))
    store.list_games()[0]["players"].append("X")
    assert store.list_games()[0]["players"] == PLAYERS


def test_unfinished_games_are_the_games_in_progress(tmp_path):
    store = Store(tmp_path)
    old, new = make_doc(1), make_doc(2)
    done = make_doc(3, finished=True)
    stopped = make_doc(4, finished=True, ended_early=True, winners=["Ann", "Cato"])
    for doc in (new, done, old, stopped):
        store.save_game(doc)
    assert [s["id"] for s in store.unfinished_games()] == [new["id"], old["id"]]
    assert store.unfinished_games()[0]["rounds"] == 2


# ---------------------------------------------------------------- delete and undo


def test_delete_returns_doc_and_restore_puts_it_back(tmp_path):
    store = Store(tmp_path)
    keep, live, done = make_doc(0), make_doc(1), make_doc(2, finished=True)
    for doc in (keep, live, done):
        store.save_game(doc)
    for doc in (live, done):
        deleted = store.delete_game(doc["id"])
        assert deleted == doc
        assert store.get_game(doc["id"]) is None
        assert doc["id"] not in [s["id"] for s in store.list_games()]
        store.restore_game(deleted)
        assert store.get_game(doc["id"]) == doc
    assert [s["id"] for s in store.list_games()] == [done["id"], live["id"], keep["id"]]
    assert [s["id"] for s in store.unfinished_games()] == [live["id"], keep["id"]]


def test_restore_twice_is_harmless(tmp_path):
    store = Store(tmp_path)
    doc = make_doc()
    store.save_game(doc)
    deleted = store.delete_game(doc["id"])
    store.restore_game(deleted)
    store.restore_game(deleted)
    assert [s["id"] for s in store.list_games()] == [doc["id"]]


def test_restore_does_not_overwrite_a_newer_save(tmp_path):
    store = Store(tmp_path)
    doc = make_doc(rounds=1)
    store.save_game(doc)
    deleted = store.delete_game(doc["id"])
    doc["rounds"].append({"id": f"{len(doc['rounds']) + 1:08x}", "rev": 0, "went_out": "Ben"})
    store.save_game(doc)
    with pytest.raises(StoreError, match="saved again"):
        store.restore_game(deleted)
    assert len(store.get_game(doc["id"])["rounds"]) == 2


def test_delete_unknown_game(tmp_path):
    with pytest.raises(GameNotFoundError, match="nothing was deleted"):
        Store(tmp_path).delete_game("abc")


# ---------------------------------------------------------------- validation


BAD_FIELDS = [
    ({"game": "poker"}, "'game' must be one of"),
    ({"players": ["Ann"]}, "2 to 6 players"),
    ({"players": ["A", "B", "C", "D", "E", "F", "G"]}, "2 to 6 players"),
    ({"players": "Ann, Ben"}, "'players' must be a list"),
    ({"players": ["Ann", ""]}, "'players' must be a list"),
    ({"first_dealer": 3}, "'first_dealer' must be a seat number from 0 to 2"),
    ({"first_dealer": True}, "'first_dealer'"),
    ({"options": []}, "'options' must be a JSON object"),
    ({"rounds": {"1": {}}}, "'rounds' must be a list"),
    ({"rounds": [[1, 2]]}, "'rounds' must be a list of JSON objects"),
    ({"created": "yesterday"}, "'created' must be an ISO 8601"),
    ({"updated": "2026-01-01T10:00:00"}, "'updated' must be an ISO 8601 date and time with a UTC offset"),
    ({"finished": "no"}, "'finished' must be true or false"),
    ({"ended_early": 0}, "'ended_early' must be true or false"),
    ({"winners": ["Zed"]}, "'winners' must be a list of names taken from 'players'"),
    ({"winners": "Ann"}, "'winners'"),
    ({"id": ""}, "needs an 'id'"),
    ({"id": 12}, "needs an 'id'"),
    ({"id": "a/b"}, "needs an 'id'"),
    ({"schema": 3}, "newer version of Companion"),
    ({"schema": "1"}, "'schema' must be a whole number"),
    ({"options": {"x": float("nan")}}, "cannot be saved as JSON"),
    ({"options": {"x": {1, 2}}}, "cannot be saved as JSON"),
]


@pytest.mark.parametrize("fields, message", BAD_FIELDS)
def test_bad_doc_is_refused_and_nothing_written(tmp_path, fields, message):
    store = Store(tmp_path)
    good = make_doc(0)
    store.save_game(good)
    before = (tmp_path / "games.json").read_bytes()
    bad = make_doc(1)
    bad.update(fields)
    with pytest.raises(StoreError, match=message):
        store.save_game(bad)
    assert (tmp_path / "games.json").read_bytes() == before
    assert [s["id"] for s in store.list_games()] == [good["id"]]


def test_doc_missing_a_field_is_refused(tmp_path):
    doc = make_doc()
    del doc["winners"]
    with pytest.raises(StoreError, match="'winners'"):
        Store(tmp_path).save_game(doc)


def test_not_a_dict_is_refused(tmp_path):
    with pytest.raises(StoreError, match="JSON object"):
        Store(tmp_path).save_game(["not", "a", "game"])


def test_store_error_is_a_value_error():
    assert issubclass(StoreError, ValueError)


# ---------------------------------------------------------------- migration


def schema_0_doc(order: int = 0) -> dict:
    doc = make_doc(order, first_dealer=None)
    del doc["schema"], doc["first_dealer"], doc["ended_early"]
    doc["dealer"] = "Cato"
    return doc


def test_migrate_schema_0_to_1():
    old = schema_0_doc()
    new = MIGRATIONS[0](old, doc_games())
    assert new["schema"] == 1
    assert new["first_dealer"] == 2
    assert new["ended_early"] is False
    assert "dealer" not in new
    assert "schema" not in old and old["dealer"] == "Cato"
    assert {k: v for k, v in new.items() if k not in ("schema", "first_dealer", "ended_early")} == {
        k: v for k, v in old.items() if k != "dealer"
    }


def test_migrate_unknown_dealer_defaults_to_seat_0():
    old = schema_0_doc()
    old["dealer"] = "Nobody"
    assert migrate_doc(old, doc_games())["first_dealer"] == 0


def test_current_doc_is_not_migrated():
    doc = make_doc()
    assert migrate_doc(doc, doc_games()) is doc


def test_older_doc_on_disk_is_migrated_when_read(tmp_path):
    old = schema_0_doc()
    with TinyDB(tmp_path / "games.json", storage=AtomicJSONStorage) as db:
        db.table("games").insert(old)
    store = Store(tmp_path)
    got = store.get_game(old["id"])
    assert (got["schema"], got["first_dealer"], got["ended_early"]) == (2, 2, False)
    assert store.unfinished_games()[0]["id"] == old["id"]
    assert store.notices == []


def test_save_game_migrates_an_older_doc(tmp_path):
    store = Store(tmp_path)
    old = schema_0_doc()
    store.save_game(old)
    assert store.get_game(old["id"])["first_dealer"] == 2


# ---------------------------------------------------------------- corrupt files


def corrupt_notice(store: Store, path: Path) -> str:
    notices = [n for n in store.notices if str(path) in n]
    assert len(notices) == 1, store.notices
    return notices[0]


def set_aside_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


@pytest.mark.parametrize("garbage", [b'{"games": {"1": {"id": "x"', b"\xff\xfe not text", b"[1, 2, 3]", b"null"])
def test_corrupt_games_file_is_moved_aside(tmp_path, garbage):
    done = make_doc(0, finished=True)
    Store(tmp_path).save_game(done)
    (tmp_path / "games.json").write_bytes(garbage)
    store = Store(tmp_path)
    moved = set_aside_files(tmp_path / "games.json")
    assert len(moved) == 1
    assert moved[0].read_bytes() == garbage
    assert moved[0].name.startswith("games.json.corrupt-2")
    notice = corrupt_notice(store, tmp_path / "games.json")
    assert str(moved[0]) in notice and "fresh" in notice
    assert store.unfinished_games() == []
    assert [s["id"] for s in store.list_games()] == [done["id"]]
    doc = make_doc(1)
    store.save_game(doc)
    assert store.get_game(doc["id"]) == doc
    assert moved[0].read_bytes() == garbage


def test_games_file_with_an_invalid_game_is_moved_aside(tmp_path):
    with TinyDB(tmp_path / "games.json", storage=AtomicJSONStorage) as db:
        db.table("games").insert(make_doc(players=["Solo"]))
    before = (tmp_path / "games.json").read_bytes()
    store = Store(tmp_path)
    assert "2 to 6 players" in corrupt_notice(store, tmp_path / "games.json")
    assert set_aside_files(tmp_path / "games.json")[0].read_bytes() == before


def test_file_corrupted_while_running_is_moved_aside_on_save(tmp_path):
    store = Store(tmp_path)
    store.save_game(make_doc(0))
    (tmp_path / "games.json").write_text("{oops")
    doc = make_doc(1)
    store.save_game(doc)
    assert set_aside_files(tmp_path / "games.json")[0].read_text() == "{oops"
    assert [s["id"] for s in store.unfinished_games()] == [doc["id"]]
    assert len(store.notices) == 1


def test_corrupt_history_is_rebuilt_from_archive(tmp_path):
    docs = [make_doc(n, finished=True) for n in range(6)]
    Store(tmp_path).add_games(docs)
    (tmp_path / "history.json").write_text("not json at all")
    store = Store(tmp_path)
    assert set_aside_files(tmp_path / "history.json")[0].read_text() == "not json at all"
    assert "rebuilt" in corrupt_notice(store, tmp_path / "history.json")
    assert [s["id"] for s in store.list_games()] == [d["id"] for d in reversed(docs)]


def test_missing_history_is_rebuilt_without_notice(tmp_path):
    docs = [make_doc(n, finished=True) for n in range(3)]
    Store(tmp_path).add_games(docs)
    (tmp_path / "history.json").unlink()
    store = Store(tmp_path)
    assert store.notices == []
    assert [s["id"] for s in store.list_games()] == [d["id"] for d in reversed(docs)]


def test_corrupt_archive_shard_is_moved_aside_and_its_games_unlisted(tmp_path):
    docs = [make_doc(n, finished=True) for n in range(20)]
    Store(tmp_path).add_games(docs)
    victim = docs[0]
    shard = next(p for p in (tmp_path / "archive").glob("*.json") if victim["id"] in p.read_text())
    lost = {d["id"] for d in docs if d["id"] in shard.read_text()}
    shard.write_bytes(b"\x00\x00\x00")
    store = Store(tmp_path)
    assert store.get_game(victim["id"]) is None
    assert set_aside_files(shard)[0].read_bytes() == b"\x00\x00\x00"
    assert "no longer appear" in corrupt_notice(store, shard)
    assert {s["id"] for s in store.list_games()} == {d["id"] for d in docs} - lost
    assert Store(tmp_path).notices == []


def test_every_corrupt_file_is_kept(tmp_path):
    (tmp_path / "games.json").write_text("first")
    Store(tmp_path)
    (tmp_path / "games.json").write_text("second")
    Store(tmp_path)
    assert sorted(p.read_text() for p in set_aside_files(tmp_path / "games.json")) == ["first", "second"]


def test_unusable_data_folder_is_a_store_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot use"):
        Store(blocker / "data")


# ---------------------------------------------------------------- AtomicJSONStorage


def test_storage_works_under_tinydb(tmp_path):
    path = tmp_path / "db.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert({"a": 1})
        db.table("t").insert({"b": "ø"})
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        assert db.all() == [{"a": 1}]
        assert db.table("t").all() == [{"b": "ø"}]
    assert json.loads(path.read_text()) == {"_default": {"1": {"a": 1}}, "t": {"1": {"b": "ø"}}}
    assert os.listdir(tmp_path) == ["db.json"]


def test_storage_passes_json_options_and_creates_dirs(tmp_path):
    path = tmp_path / "deep" / "er" / "db.json"
    with TinyDB(path, storage=AtomicJSONStorage, create_dirs=True, indent=2, sort_keys=True) as db:
        db.insert({"b": 1, "a": 2})
    assert path.read_text() == json.dumps({"_default": {"1": {"a": 2, "b": 1}}}, indent=2, sort_keys=True)


def test_storage_in_a_missing_folder_fails_at_open_as_tinydb_does(tmp_path):
    path = tmp_path / "missing" / "db.json"
    with pytest.raises(FileNotFoundError) as caught:
        TinyDB(path, storage=AtomicJSONStorage)
    assert caught.value.filename == str(path)
    assert os.listdir(tmp_path) == []


def test_storage_missing_file_is_empty_db_and_an_empty_file_is_damage_never_replaced(tmp_path):
    path = tmp_path / "db.json"
    assert AtomicJSONStorage(path).read() is None
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        assert db.all() == []
    path.write_bytes(b"")
    with pytest.raises(CorruptFileError, match=r"db\.json cannot be read as a database: it is empty\.$"):
        AtomicJSONStorage(path).read()
    with pytest.raises(CorruptFileError):
        AtomicJSONStorage(path).write({"games": {}})
    assert path.read_bytes() == b""


def test_storage_read_only_mode_refuses_writes(tmp_path):
    path = tmp_path / "db.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert({"a": 1})
    with TinyDB(path, storage=AtomicJSONStorage, access_mode="r") as db:
        assert db.all() == [{"a": 1}]
        with pytest.raises(OSError, match="read-only"):
            db.insert({"a": 2})


def test_storage_bad_access_mode(tmp_path):
    with pytest.raises(StoreError, match="access_mode"):
        AtomicJSONStorage(tmp_path / "db.json", access_mode="w")


@pytest.mark.parametrize("content, reason", [
    (b"{not json", "not valid JSON"),
    (b"\x80\x81", "not utf-8 text"),
    (b'{"_default": []}', "not a set of tables"),
    (b'{"_default": {"1": 5}}', "not a set of tables"),
])
def test_storage_reports_corrupt_file_and_never_overwrites_it(tmp_path, content, reason):
    path = tmp_path / "db.json"
    path.write_bytes(content)
    db = TinyDB(path, storage=AtomicJSONStorage)
    with pytest.raises(CorruptFileError, match=reason) as caught:
        db.all()
    assert caught.value.path == path
    with pytest.raises(CorruptFileError):
        db.insert({"a": 1})
    with pytest.raises(CorruptFileError):
        db.drop_tables()
    assert path.read_bytes() == content


def test_storage_checks_a_file_changed_behind_its_back_before_writing(tmp_path):
    path = tmp_path / "db.json"
    storage = AtomicJSONStorage(path)
    storage.write({"t": {}})
    path.write_text("garbage!")
    with pytest.raises(CorruptFileError):
        storage.write({"t": {"1": {"a": 1}}})
    assert path.read_text() == "garbage!"


def test_storage_removes_stale_temp_files_at_open(tmp_path):
    path = tmp_path / "db.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert({"a": 1})
    stale = [tmp_path / ".db.json.abcd_123.tmp", tmp_path / ".db.json.zz99zz99.tmp"]
    for temp in stale:
        temp.write_text('{"half": ')
    unrelated = [tmp_path / ".other.json.abcd1234.tmp", tmp_path / "notes.tmp"]
    for other in unrelated:
        other.write_text("keep")
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        assert db.all() == [{"a": 1}]
    assert sorted(os.listdir(tmp_path)) == sorted(["db.json", ".other.json.abcd1234.tmp", "notes.tmp"])


def test_storage_keeps_a_temp_file_a_live_writer_holds(tmp_path):
    path = tmp_path / "db.json"
    temp = tmp_path / ".db.json.live1234.tmp"
    with open(temp, "wb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        AtomicJSONStorage(path)
        assert temp.exists()
    AtomicJSONStorage(path)
    assert not temp.exists()


def test_store_open_removes_stale_temps_everywhere(tmp_path):
    store = Store(tmp_path)
    store.save_game(make_doc(finished=True))
    shard = next((tmp_path / "archive").glob("*.json"))
    for temp in (tmp_path / ".games.json.aaaaaaaa.tmp", tmp_path / ".move.json.bbbbbbbb.tmp",
                 tmp_path / "archive" / f".{shard.name}.cccccccc.tmp"):
        temp.write_text("{")
    Store(tmp_path)
    assert temp_files(tmp_path) == []


# ---------------------------------------------------------------- data folder


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    monkeypatch.delenv("COMPANION_DATA", raising=False)
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return monkeypatch


def test_data_dir_precedence(clean_env, tmp_path):
    assert resolve_data_dir() == tmp_path / "home" / ".local" / "share" / "companion"
    clean_env.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert resolve_data_dir() == tmp_path / "flet"
    clean_env.setenv("COMPANION_DATA", str(tmp_path / "env"))
    assert resolve_data_dir() == tmp_path / "env"
    assert resolve_data_dir(str(tmp_path / "cli")) == tmp_path / "cli"
    assert resolve_data_dir("~/games") == tmp_path / "home" / "games"


def test_empty_values_are_skipped(clean_env, tmp_path):
    clean_env.setenv("COMPANION_DATA", "")
    clean_env.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert resolve_data_dir("") == tmp_path / "flet"


def test_store_creates_the_folder(tmp_path):
    Store(tmp_path / "a" / "b").save_game(make_doc())
    assert (tmp_path / "a" / "b" / "games.json").exists()


# ---------------------------------------------------------------- two writers


def test_threads_saving_different_games_lose_nothing(tmp_path):
    store = Store(tmp_path)
    other = Store(tmp_path)
    docs = [[make_doc(t * 100 + n, finished=n % 4 == 3, rounds=n % 3) for n in range(12)] for t in range(6)]
    errors = []

    def writer(mine, target):
        try:
            for doc in mine:
                target.save_game(doc)
                doc["rounds"].append({"id": f"{len(doc['rounds']) + 1:08x}", "rev": 0, "extra": True})
                target.save_game(doc)
        except Exception as error:  # reported below, with the thread's failure
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(mine, store if t % 2 else other))
               for t, mine in enumerate(docs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    everything = [doc for mine in docs for doc in mine]
    fresh = Store(tmp_path)
    assert {s["id"] for s in fresh.list_games(limit=1000)} == {d["id"] for d in everything}
    for doc in everything:
        assert fresh.get_game(doc["id"]) == doc
    assert len(fresh.unfinished_games()) == 54


WRITER_SCRIPT = """
import sys
sys.path.insert(0, {repo!r})
sys.path.insert(0, {tests!r})
from companion.store import Store
from store_helpers import make_doc
store = Store(sys.argv[1])
for n in range(25):
    doc = make_doc(int(sys.argv[2]) * 100 + n, finished=n % 5 == 0)
    store.save_game(doc)
    print(doc["id"], flush=True)
"""


def test_two_processes_saving_at_once_lose_nothing(tmp_path):
    script = tmp_path / "writer.py"
    script.write_text(WRITER_SCRIPT.format(repo=str(REPO), tests=str(REPO / "tests")))
    data = tmp_path / "data"
    store = Store(data)
    mine = make_doc(999, finished=True)
    store.save_game(mine)
    assert [s["id"] for s in store.list_games()] == [mine["id"]]
    children = [subprocess.Popen([sys.executable, str(script), str(data), str(n)], stdout=subprocess.PIPE, text=True)
                for n in range(2)]
    outputs = [child.communicate(timeout=120)[0] for child in children]
    assert [child.returncode for child in children] == [0, 0]
    saved = {line for output in outputs for line in output.split()}
    assert len(saved) == 50
    for reader in (store, Store(data)):
        assert {s["id"] for s in reader.list_games(limit=100)} == saved | {mine["id"]}
        assert len(reader.unfinished_games()) == 40
    assert temp_files(data) == []


def test_data_folder_layout():
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        store.save_game(make_doc())
        assert sorted(os.listdir(folder)) == ["archive", "games.json", "store.lock"]
        store.save_game(make_doc(finished=True))
        assert sorted(os.listdir(folder)) == ["archive", "games.json", "history.json", "store.lock"]


# ---------------------------------------------------------------- model check


class StoreAgainstModel(RuleBasedStateMachine):
    """Random saves, finishes, reopenings, deletes and undos through two Store
    objects on one folder; the list, the games in progress and every game
    always match a plain dict of the saved documents."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.mkdtemp()
        self.stores = [Store(self.folder), Store(self.folder)]
        self.model: dict[str, dict] = {}
        self.deleted: list[dict] = []
        self.created = 0

    def teardown(self) -> None:
        shutil.rmtree(self.folder)

    def pick(self, index: int) -> dict:
        return self.model[sorted(self.model)[index % len(self.model)]]

    @rule(which=st.integers(0, 1), finished=st.booleans(), rounds=st.integers(0, 3))
    def start_game(self, which, finished, rounds):
        self.created += 1
        doc = make_doc(self.created, finished=finished, rounds=rounds)
        self.stores[which].save_game(doc)
        self.model[doc["id"]] = doc

    @precondition(lambda self: self.model)
    @rule(which=st.integers(0, 1), index=st.integers(0, 99), finish=st.booleans())
    def play_on(self, which, index, finish):
        doc = self.pick(index)
        doc["rounds"].append({"id": f"{len(doc['rounds']) + 1:08x}", "rev": 0, "went_out": "Ann"})
        doc["updated"] = stamp(self.created * 60 + len(doc["rounds"]))
        doc.update(finished=finish, winners=[])
        self.stores[which].save_game(doc)

    @precondition(lambda self: self.model)
    @rule(which=st.integers(0, 1), index=st.integers(0, 99))
    def delete(self, which, index):
        doc = self.pick(index)
        assert self.stores[which].delete_game(doc["id"]) == doc
        self.deleted.append(self.model.pop(doc["id"]))

    @precondition(lambda self: self.deleted)
    @rule(which=st.integers(0, 1))
    def undo_delete(self, which):
        doc = self.deleted.pop()
        self.stores[which].restore_game(doc)
        self.model[doc["id"]] = doc

    @invariant()
    def store_matches_model(self):
        newest = sorted(self.model.values(), key=lambda d: (d["created"], d["updated"], d["id"]), reverse=True)
        for store in self.stores:
            assert store.list_games(limit=1000) == [summarize(d) for d in newest]
            assert store.unfinished_games() == [summarize(d) for d in newest if not d["finished"]]
            assert {d["id"]: d for d in store.iter_games()} == self.model


TestStoreAgainstModel = StoreAgainstModel.TestCase
TestStoreAgainstModel.settings = settings(
    max_examples=20, stateful_step_count=12, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_document_game_ids_are_the_setup_table_order():
    assert [(game, entry.players) for game, entry in doc_games().items()] == [
        ("one_up", range(2, 7)), ("one_card", range(2, 7)), ("up_to_nine", range(2, 7)), ("up_or_down", range(2, 7)),
    ]
