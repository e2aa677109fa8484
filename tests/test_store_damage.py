"""Damaged files, a read-only folder and a full disk never stop the app nor hide a game."""

from __future__ import annotations

import errno
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from store_helpers import make_doc, one_up_round

from companion.store import DiskFullError, ReadOnlyError, Store, StoreError
from companion.store import history as store_history
from companion.store import files as store_files

REPO = Path(__file__).resolve().parent.parent
DEEP = b"[" * 100_000 + b"]" * 100_000
LONG_NUMBER = b'{"games":{"1":{"id":' + b"7" * 5000 + b"}}}"


def set_aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def finished_games(folder: Path, count: int = 12) -> list[dict]:
    docs = [make_doc(n, finished=True) for n in range(count)]
    Store(folder).add_games(docs)
    return docs


def shard_of(folder: Path, doc: dict) -> Path:
    return next(p for p in (folder / "archive").glob("??.json") if doc["id"] in p.read_text())


@pytest.mark.parametrize("content", [DEEP, LONG_NUMBER, b""], ids=["nested", "long-number", "zero-bytes"])
def test_damaged_games_file_is_kept_aside_and_finished_games_stay(tmp_path, content):
    docs = finished_games(tmp_path)
    (tmp_path / "games.json").write_bytes(content)
    store = Store(tmp_path)
    assert set_aside(tmp_path / "games.json")[0].read_bytes() == content
    [notice] = store.notices
    assert "games in progress" in notice and "Finished games are not affected" in notice
    assert {s["id"] for s in store.list_games(limit=100)} == {d["id"] for d in docs}
    fresh = make_doc(99)
    store.save_game(fresh)
    assert store.get_game(fresh["id"]) == fresh


@pytest.mark.parametrize(
    "content",
    [DEEP, b'{"summaries":{"1":{"rounds":' + b"9" * 5000 + b"}}}", b"", b'{"_default":{}}'],
    ids=["nested", "long-number", "zero-bytes", "no-table"],
)
def test_damaged_or_empty_history_is_rebuilt_without_losing_a_game(tmp_path, content):
    docs = finished_games(tmp_path)
    (tmp_path / "history.json").write_bytes(content)
    store = Store(tmp_path)
    assert {s["id"] for s in store.list_games(limit=100)} == {d["id"] for d in docs}
    assert set_aside(tmp_path / "history.json")[0].read_bytes() == content
    [notice] = store.notices
    assert "rebuilt from the saved games" in notice
    assert Store(tmp_path).notices == []


def test_history_missing_games_of_a_shard_is_rebuilt(tmp_path):
    docs = finished_games(tmp_path, 40)
    history = json.loads((tmp_path / "history.json").read_text())
    victim = shard_of(tmp_path, docs[0]).name
    from companion.store.index import shard_name

    history["summaries"] = {k: row for k, row in history["summaries"].items() if shard_name(row["id"]) != victim}
    (tmp_path / "history.json").write_text(json.dumps(history, separators=(",", ":")))
    store = Store(tmp_path)
    store.check_files()
    assert {s["id"] for s in store.list_games(limit=100)} == {d["id"] for d in docs}
    assert any("did not list every finished game" in notice for notice in store.notices)


@pytest.mark.parametrize("content", [DEEP, b'{"games":{"1":{"n":' + b"5" * 5000 + b"}}}", b""],
                         ids=["nested", "long-number", "zero-bytes"])
def test_damaged_shard_is_kept_aside_and_its_games_named(tmp_path, content):
    docs = finished_games(tmp_path, 30)
    shard = shard_of(tmp_path, docs[0])
    lost = [d for d in docs if d["id"] in shard.read_text()]
    shard.write_bytes(content)
    store = Store(tmp_path)
    store.check_files()
    assert set_aside(shard)[0].read_bytes() == content
    [notice] = store.notices
    assert "One Up with Ann, Ben and Cato (2026-01-01)" in notice
    assert "no longer appear in the history" in notice
    assert {s["id"] for s in store.list_games(limit=100)} == {d["id"] for d in docs} - {d["id"] for d in lost}
    assert store.get_game(lost[0]["id"]) is None
    assert Store(tmp_path).notices == []


def test_nested_shard_is_found_by_the_check_at_start(tmp_path):
    docs = finished_games(tmp_path, 5)
    shard = shard_of(tmp_path, docs[0])
    shard.write_bytes(DEEP)
    store = Store(tmp_path)
    assert store.notices == []
    store.check_files()
    assert len(store.notices) == 1 and str(shard) in store.notices[0]
    assert "One Up with Ann, Ben and Cato (2026-01-01)" in store.notices[0]


def test_lock_that_is_a_folder_is_kept_aside(tmp_path):
    docs = finished_games(tmp_path, 3)
    os.remove(tmp_path / "store.lock")
    (tmp_path / "store.lock").mkdir()
    (tmp_path / "store.lock" / "inside").write_text("kept")
    store = Store(tmp_path)
    assert (set_aside(tmp_path / "store.lock")[0] / "inside").read_text() == "kept"
    assert "held no game" in store.notices[0]
    doc = make_doc(50)
    store.save_game(doc)
    assert len(store.list_games()) == len(docs) + 1


def test_history_log_that_is_a_folder_is_set_aside_and_hides_no_game(tmp_path):
    docs = finished_games(tmp_path, 12)
    (tmp_path / "history.log").mkdir()
    (tmp_path / "history.log" / "inside").write_text("kept")
    store = Store(tmp_path)
    assert {s["id"] for s in store.list_games(limit=100)} == {d["id"] for d in docs}
    [aside] = set_aside(tmp_path / "history.log")
    assert (aside / "inside").read_text() == "kept"
    assert [str(notice) for notice in store.notices] == [
        f"Companion could not read its file {tmp_path / 'history.log'}: it is a folder where Companion keeps "
        f"a file. The file was not changed; it was moved to {aside}. "
        "The list of finished games was rebuilt from the saved games."]
    playing, done = make_doc(50), make_doc(51, finished=True)
    store.save_game(playing)
    store.save_game(done)
    assert (store.get_game(playing["id"]), store.get_game(done["id"])) == (playing, done)
    assert len(Store(tmp_path).list_games(limit=100)) == 14


MISSING_GAMES = (
    "Companion's file of the games in progress, {path}, is missing, though its data folder holds Companion's "
    "other files. The games in progress it held can not be shown; finished games are not affected. If the file "
    "was moved, put it back and start Companion again, or import a backup in History."
)
GONE_GAMES = (
    "Companion's file of the games in progress, {path}, was removed while Companion ran. The games in progress "
    "it held can not be shown; finished games are not affected. If the file was moved, put it back, or import "
    "a backup in History."
)


@pytest.mark.parametrize("check_games", [True, False], ids=["checked", "checked-later"])
def test_a_missing_games_file_is_told_and_the_finished_games_stay(tmp_path, check_games):
    docs = finished_games(tmp_path, 3)
    playing = make_doc(50)
    Store(tmp_path).save_game(playing)
    Store(tmp_path).update_draft(playing["id"], lambda draft: {"round": 3, "parts": {}})
    os.remove(tmp_path / "games.json")
    store = Store(tmp_path, check_games=check_games)
    assert [str(notice) for notice in store.notices] == [MISSING_GAMES.format(path=tmp_path / "games.json")]
    assert {s["id"] for s in store.list_games(limit=100)} == {d["id"] for d in docs}
    assert Store(tmp_path).notices == []


def test_a_fresh_folder_is_given_its_games_file_without_a_word(tmp_path):
    store = Store(tmp_path / "new")
    assert (store.notices, (tmp_path / "new" / "games.json").read_text()) == ([], '{"games":{}}')
    assert Store(tmp_path / "new").notices == []


def test_a_games_file_removed_while_the_store_runs_is_told_once(tmp_path):
    store = Store(tmp_path)
    playing = make_doc(50)
    store.save_game(playing)
    os.remove(tmp_path / "games.json")
    assert store.unfinished_games() == []
    assert store.unfinished_games() == []
    assert [str(notice) for notice in store.notices] == [GONE_GAMES.format(path=tmp_path / "games.json")]
    fresh = make_doc(51)
    store.save_game(fresh)
    assert [s["id"] for s in store.unfinished_games()] == [fresh["id"]] and len(store.notices) == 1


def test_a_games_file_set_aside_while_the_store_runs_is_not_told_as_removed(tmp_path):
    store = Store(tmp_path)
    store.save_game(make_doc(50))
    (tmp_path / "games.json").write_bytes(b"{not json")
    assert store.unfinished_games() == []
    assert store.unfinished_games() == []
    [notice] = store.notices
    assert "games in progress, which could not be read from it" in notice


def test_every_data_file_is_the_owners_only(tmp_path):
    finished_games(tmp_path, 12)
    store = Store(tmp_path)
    store.save_game(make_doc(60, finished=True))
    playing = make_doc(61)
    store.save_game(playing)
    store.update_draft(playing["id"], lambda draft: {"hands": {}})
    store.delete_game(playing["id"])
    files = [path for path in tmp_path.rglob("*") if path.is_file()]
    assert {path.name for path in files} >= {"history.log", "store.lock", "games.json", "drafts.json",
                                              "deleted.json", "history.json"}
    assert {path.name: oct(path.stat().st_mode & 0o777) for path in files} == {
        path.name: "0o600" for path in files}


def test_data_files_left_readable_by_everyone_are_made_the_owners_only_at_open(tmp_path):
    finished_games(tmp_path, 12)
    Store(tmp_path).save_game(make_doc(60, finished=True))
    shards = sorted((tmp_path / "archive").glob("*.json"))
    for path in [tmp_path / "history.log", tmp_path / "store.lock", tmp_path / "history.json", *shards]:
        os.chmod(path, 0o644)
    store = Store(tmp_path)
    assert [oct((tmp_path / name).stat().st_mode & 0o777) for name in ("history.log", "store.lock", "history.json")] == [
        "0o600"] * 3
    store.check_files()
    assert {oct(path.stat().st_mode & 0o777) for path in shards} == {"0o600"}


def test_read_only_folder_lists_and_reads_but_refuses_saves(tmp_path, monkeypatch):
    docs = finished_games(tmp_path, 4)
    playing = make_doc(9)
    Store(tmp_path).save_game(playing)
    before = {p.name: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if mode == os.W_OK else real_access(path, mode))

    def no_write(*_args, **_kwargs):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(store_files, "new_temp", no_write)
    store = Store(tmp_path)
    assert store.read_only
    assert "can not write to its data folder" in store.notices[0]
    assert len(store.list_games()) == 5
    assert store.get_game(docs[0]["id"]) == docs[0]
    playing["rounds"].append({"id": "000000ff", "rev": 3, **one_up_round("Ann")})
    playing["seq"] = 3
    with pytest.raises(ReadOnlyError, match="can not write"):
        store.save_game(playing)
    with pytest.raises(ReadOnlyError):
        store.delete_game(docs[0]["id"])
    with pytest.raises(ReadOnlyError):
        store.update_game(playing["id"], lambda pad: None)
    assert {p.name: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


def test_write_refused_by_the_system_is_a_read_only_error(tmp_path, monkeypatch):
    store = Store(tmp_path)
    doc = make_doc()
    store.save_game(doc)

    def no_write(*_args, **_kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(store_files, "new_temp", no_write)
    changed = dict(doc, rounds=[])
    with pytest.raises(ReadOnlyError, match="Permission denied"):
        store.save_game(changed)
    monkeypatch.undo()
    assert store.get_game(doc["id"]) == doc


class FullDisk:
    """The ``os`` module as the store's files see it on a disk that fills up:
    every os.write after the first ``allowed`` ones fails with ENOSPC."""

    def __init__(self, allowed: int) -> None:
        self.allowed = allowed

    def __getattr__(self, name: str):
        return getattr(os, name)

    def write(self, fd: int, data) -> int:
        if self.allowed <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.allowed -= 1
        return os.write(fd, data)


def disk_full_after(monkeypatch, allowed: int) -> None:
    """Patch the writes of the store's files so that the disk is full after ``allowed`` writes."""
    full = FullDisk(allowed)
    monkeypatch.setattr(store_files, "os", full)
    monkeypatch.setattr(store_history, "os", full)


def temps(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.tmp"))


def finish(store: Store, doc: dict) -> None:
    store.save_game(dict(doc, finished=True, winners=["Ann"]))


def reopen(store: Store, doc: dict) -> None:
    store.save_game(dict(doc, finished=False, winners=[], rounds=doc["rounds"][:1]))


def delete(store: Store, doc: dict) -> None:
    store.delete_game(doc["id"])


def end_early(store: Store, doc: dict) -> None:
    """End the game early through ``update_game`` (a finished game is reopened first: it can not be ended again)."""

    def change(pad) -> None:
        if pad.finished:
            pad.reopen()
        pad.end_early()

    store.update_game(doc["id"], change)


def add_round(store: Store, doc: dict) -> None:
    store.update_game(doc["id"], lambda pad: pad.add_round({"Ann": "K", "Ben": "", "Cato": "3"}, "Ben"))


@pytest.mark.parametrize("operation", [add_round, finish, end_early, reopen, delete])
@pytest.mark.parametrize("archived", [False, True], ids=["in-progress", "archived"])
def test_disk_full_leaves_the_game_as_last_saved_or_as_the_change_saved_it(tmp_path, monkeypatch, operation, archived):
    """The disk fills up after 0, 1, 2... writes: every failure point of the operation is tried."""
    for allowed in range(12):
        folder = tmp_path / str(allowed)
        store = Store(folder)
        others = [make_doc(n, finished=True) for n in range(3)]
        store.add_games(others)
        doc = make_doc(5, rounds=3, finished=archived, winners=["Ben"] if archived else [])
        store.save_game(doc)
        listed = store.list_games()
        disk_full_after(monkeypatch, allowed)
        try:
            operation(store, doc)
        except DiskFullError as error:
            assert "the game stays as it was last saved" in str(error)
            assert store.get_game(doc["id"]) == doc
            assert temps(folder) == []
            monkeypatch.undo()
            again = Store(folder)
            assert again.get_game(doc["id"]) == doc
            assert again.list_games() == listed
            assert again.notices == []
            continue
        monkeypatch.undo()
        changed = store.get_game(doc["id"])
        assert changed != doc
        again = Store(folder)
        assert again.get_game(doc["id"]) == changed
        assert [s["id"] for s in again.list_games()] == [s["id"] for s in store.list_games()]
        assert temps(folder) == [] and not (folder / "move.json").exists()
        break
    else:
        pytest.fail("the operation never got through")


@pytest.mark.parametrize("allowed", [0, 1, 2, 3, 5])
def test_import_on_a_full_disk_imports_nothing(tmp_path, monkeypatch, allowed):
    source = Store(tmp_path / "source")
    source.add_games([make_doc(n, finished=n % 3 > 0) for n in range(30)])
    backup = source.export_json()
    store = Store(tmp_path / "data")
    mine = make_doc(100, finished=True)
    store.save_game(mine)
    disk_full_after(monkeypatch, allowed)
    with pytest.raises(DiskFullError):
        store.import_json(backup)
    assert [s["id"] for s in store.list_games(limit=100)] == [mine["id"]]
    monkeypatch.undo()
    again = Store(tmp_path / "data")
    assert [s["id"] for s in again.list_games(limit=100)] == [mine["id"]]
    assert [d["id"] for d in again.iter_games()] == [mine["id"]]
    assert temps(tmp_path / "data") == []
    assert not (tmp_path / "data" / "import.json").exists()
    assert again.import_json(backup) == 30


def test_only_store_errors_leave_the_store(tmp_path, monkeypatch):
    store = Store(tmp_path)
    doc = make_doc()
    store.save_game(doc)

    def broken(*_args, **_kwargs):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(store_files, "new_temp", broken)
    with pytest.raises(StoreError, match="Input/output error"):
        store.save_game(dict(doc, rounds=[]))
    os.utime(tmp_path / "games.json", ns=(1, 1))  # another version on disk: the kept one is read again
    monkeypatch.setattr(store_files.AtomicJSONStorage, "read", lambda self: (_ for _ in ()).throw(RecursionError()))
    with pytest.raises(StoreError, match="nested too deeply"):
        store.list_games()
    with pytest.raises(StoreError):
        list(store.iter_games())


# ---------------------------------------------------------------- python main.py


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_main_starts_with_every_kind_of_damage_at_once(tmp_path):
    data = tmp_path / "data"
    docs = finished_games(data, 20)
    Store(data).save_game(make_doc(40))
    shard = shard_of(data, docs[0])
    shard.write_bytes(DEEP)
    (data / "games.json").write_bytes(DEEP)
    (data / "history.json").write_bytes(b'{"summaries":{"1":{"rounds":' + b"9" * 5000 + b"}}}")
    os.remove(data / "store.lock")
    (data / "store.lock").mkdir()
    port = free_port()
    log = tmp_path / "server.log"
    with open(log, "w", encoding="utf-8") as written:
        server = subprocess.Popen(
            [sys.executable, "main.py", "--data-dir", str(data), "--no-browser", "--port", str(port)],
            cwd=REPO, stdout=written, stderr=subprocess.STDOUT, text=True,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    assert page.status == 200
                    break
            except OSError:
                assert server.poll() is None, log.read_text(encoding="utf-8")
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        # Every file is checked once the start-up's warming is over (no phone comes here): wait for its notes.
        while log.read_text(encoding="utf-8").count("Note: Companion could not read its file") < 4:
            assert server.poll() is None, log.read_text(encoding="utf-8")
            assert time.monotonic() < deadline, "the notes of the file check did not come"
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)
    output = log.read_text(encoding="utf-8")
    assert "Companion is running" in output
    assert "Traceback" not in output
    assert output.count("Note: Companion could not read its file") == 4


def test_main_says_in_plain_words_when_the_folder_can_not_be_used(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    done = subprocess.run(
        [sys.executable, "main.py", "--data-dir", str(blocker / "data"), "--no-browser"],
        cwd=REPO, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    assert f"Companion did not start: Companion cannot use {blocker / 'data'} as its data folder" in done.stderr
    assert "Choose another one with --data-dir" in done.stderr


def test_read_only_folder_without_an_archive_still_opens(tmp_path, monkeypatch):
    playing = make_doc(3)
    Store(tmp_path).save_game(playing)
    os.rmdir(tmp_path / "archive")

    def refused(*_args, **_kwargs):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(Path, "mkdir", refused)
    store = Store(tmp_path)
    assert store.read_only and "Read-only file system" in store.notices[0]
    assert [s["id"] for s in store.list_games()] == [playing["id"]]
    assert store.player_stats()[0].name == "Ann"
    with pytest.raises(ReadOnlyError):
        store.save_game(playing)
