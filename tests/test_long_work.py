"""Long work in the worker process (companion/long_work.py): a backup, a
CSV table and an import made there on the server's data folder, through
files, seen by the server's own store at once; a refused backup raised here
with the store's message in the asking phone's language, and nothing
imported; stopping ends the worker and the processes it started; the
worker runs in the kernel's idle class, after the server and the phones."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import signal
import subprocess
import time

import psutil
import pytest

from companion.i18n import language
from companion.registry import new_pad
from companion.store import Store, StoreError
from companion.store.history import HistoryIndex
from companion import long_work, transfers
from companion.long_work import import_backup_file, in_worker, write_backup, write_export, write_rounds_table

from companion.server.key import TableAccess
from companion.ui.app import session_main
from flet_session import open_session, run_alone, server_hub, shows, taps_together


def finished_game(players: list[str]) -> dict:
    """A One Up game of ``players`` ended after one round, in which the first went out and the others held a K."""
    pad = new_pad("one_up", players)
    pad.add_round({player: [] if player == players[0] else "K" for player in players}, went_out=players[0])
    pad.end_early()
    return pad.to_doc()


def test_a_backup_made_in_the_worker_is_the_store_s_own(tmp_path):
    store = Store(tmp_path)
    store.save_game(finished_game(["Ann", "Ben"]))
    path = tmp_path / "backup.json"
    size = run_alone(in_worker(write_backup, store.data_dir, path))
    assert size == path.stat().st_size
    made = json.loads(path.read_text(encoding="utf-8"))
    assert made["games"] == json.loads(store.export_json())["games"]


def test_a_rounds_table_made_in_the_worker_has_a_line_per_player_and_round(tmp_path):
    store = Store(tmp_path)
    store.save_game(finished_game(["Ann", "Ben", "Cy"]))
    path = tmp_path / "rounds.csv"
    run_alone(in_worker(write_rounds_table, store.data_dir, path))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 3


def test_an_import_in_the_worker_is_seen_by_the_server_s_store(tmp_path):
    source = Store(tmp_path / "other phone")
    for players in (["Ann", "Ben"], ["Cy", "Dee"]):
        source.save_game(finished_game(players))
    store = Store(tmp_path / "server")
    assert store.list_games() == []
    sent = tmp_path / "sent.json"
    sent.write_text(source.export_json(), encoding="utf-8")
    added, summaries = run_alone(in_worker(import_backup_file, store.data_dir, sent))
    assert added == 2
    assert sorted(game["id"] for game in store.list_games()) == sorted(game["id"] for game in source.list_games())
    assert summaries is not None


def backup_of(path, games: list[dict]) -> None:
    """Write a backup of ``games`` (made by a store of their own) to ``path``."""
    source = Store(path.parent / f"{path.stem} source")
    source.add_games(games)
    path.write_text(source.export_json(), encoding="utf-8")


def what_it_lists(store: Store) -> tuple[list[dict], list]:
    """Every game the store lists, and its player statistics."""
    return store.list_games(limit=1_000), store.player_stats()


def read_again(store: Store) -> tuple[list[dict], list]:
    """:func:`what_it_lists` after the store has read its history index again from the files."""
    store.check_files()
    return what_it_lists(store)


@pytest.mark.parametrize("kept", [0, 3], ids=["index written whole", "index log appended"])
def test_the_server_s_store_takes_in_the_worker_s_import_without_reading_the_index_again(tmp_path, monkeypatch, kept):
    store = Store(tmp_path / "server")
    store.add_games([finished_game([f"P{n}", "Kim"]) for n in range(kept)])
    assert len(store.list_games()) == kept
    sent = tmp_path / "sent.json"
    backup_of(sent, [finished_game(["Kim", f"Q{n}"]) for n in range(4)])
    added, summaries = run_alone(in_worker(import_backup_file, store.data_dir, sent))
    assert added == 4
    monkeypatch.setattr(HistoryIndex, "current", lambda self: pytest.fail("the index was read again"))
    store.catch_up(summaries)
    monkeypatch.undo()
    listed, stats = what_it_lists(store)
    assert len(listed) == kept + 4
    assert next(player for player in stats if player.name == "Kim").games == kept + 4
    assert (listed, stats) == read_again(store)


def test_an_import_the_server_s_store_missed_is_read_from_the_files_before_the_next_is_taken_in(tmp_path):
    store = Store(tmp_path / "server")
    store.add_games([finished_game(["Ann", "Ben"])])
    store.list_games()
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    backup_of(first, [finished_game(["Cy", "Dee"])])
    backup_of(second, [finished_game(["Eve", "Fay"])])
    run_alone(in_worker(import_backup_file, store.data_dir, first))
    added, summaries = run_alone(in_worker(import_backup_file, store.data_dir, second))
    store.catch_up(summaries)
    listed, stats = what_it_lists(store)
    assert sorted(name for game in listed for name in game["players"]) == ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
    assert (listed, stats) == read_again(store)


def test_after_a_change_since_the_worker_s_import_the_index_is_read_again_and_lists_each_game_once(tmp_path):
    store = Store(tmp_path / "server")
    store.add_games([finished_game(["Ann", "Ben"])])
    store.list_games()
    sent = tmp_path / "sent.json"
    backup_of(sent, [finished_game(["Cy", "Dee"]), finished_game(["Eve", "Fay"])])
    added, summaries = run_alone(in_worker(import_backup_file, store.data_dir, sent))
    store.save_game(finished_game(["Gus", "Hal"]))
    store.catch_up(summaries)
    listed, stats = what_it_lists(store)
    assert sorted(name for game in listed for name in game["players"]) == [
        "Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    assert (listed, stats) == read_again(store)


def test_an_import_that_added_nothing_gives_nothing_to_take_in(tmp_path):
    store = Store(tmp_path / "server")
    game = finished_game(["Ann", "Ben"])
    store.add_games([game])
    sent = tmp_path / "sent.json"
    backup_of(sent, [game])
    assert run_alone(in_worker(import_backup_file, store.data_dir, sent)) == (0, None)
    store.catch_up(None)
    assert [listed["id"] for listed in store.list_games()] == [game["id"]]


def test_a_refused_backup_is_told_in_the_asking_phone_s_language_and_nothing_is_imported(tmp_path):
    store = Store(tmp_path)
    with language("de"), pytest.raises(StoreError) as refused:
        sent = tmp_path / "sent.json"
        sent.write_bytes(b"not json")
        run_alone(in_worker(import_backup_file, store.data_dir, sent))
    assert str(refused.value) == ("Diese Datei ist keine Companion-Sicherung: sie ist kein JSON-Text. "
                                  "Nichts wurde importiert.")
    assert store.list_games() == []


def test_a_sent_backup_that_is_gone_is_refused_in_words_and_nothing_is_imported(tmp_path):
    store = Store(tmp_path / "data")
    with language("de"), pytest.raises(StoreError) as refused:
        run_alone(in_worker(import_backup_file, store.data_dir, tmp_path / "gone.json"))
    assert str(refused.value) == ("Die gesendete Sicherung konnte auf dem Server nicht gelesen werden "
                                  "(No such file or directory), daher wurde nichts importiert. Sende sie noch einmal.")
    assert store.list_games() == []


def test_an_export_the_disk_can_not_hold_is_refused_in_words_and_leaves_no_half_file(tmp_path):
    path = tmp_path / "rounds.csv"

    def half_then_full(out) -> None:
        out.write("game_id,game\r\n" * 1000)
        out.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(StoreError) as refused:
        write_export(path, half_then_full)
    assert str(refused.value) == ("The server's disk is full, so the file could not be made and nothing was "
                                  "exported. Free some space on it and try again.")
    assert not path.exists()


def test_an_export_the_worker_can_not_write_is_told_in_the_asking_phone_s_language(tmp_path):
    store = Store(tmp_path / "data")
    store.save_game(finished_game(["Ann", "Ben"]))
    for job in (write_backup, write_rounds_table):
        with language("nb"), pytest.raises(StoreError) as refused:
            run_alone(in_worker(job, store.data_dir, tmp_path / "gone" / "export"))
        assert str(refused.value) == ("Companion kunne ikke skrive filen som skulle eksporteres "
                                      "(No such file or directory), så ingenting ble eksportert.")


def test_a_store_that_can_not_be_read_leaves_no_half_export(tmp_path):
    path = tmp_path / "rounds.csv"

    def unreadable(out) -> None:
        out.write("game_id\r\n")
        raise StoreError("A shard could not be read")

    with pytest.raises(StoreError, match="^A shard could not be read$"):
        write_export(path, unreadable)
    assert not path.exists()


def test_an_export_whose_half_file_can_not_be_removed_is_still_refused_in_words(tmp_path, monkeypatch):
    path = tmp_path / "rounds.csv"

    def read_only(out) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    def unlink(self, missing_ok=False) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(type(path), "unlink", unlink)
    with pytest.raises(StoreError) as refused:
        write_export(path, read_only)
    assert str(refused.value) == ("Companion could not write the file to export (Read-only file system), "
                                  "so nothing was exported.")


def test_an_export_cut_short_by_anything_leaves_no_half_file(tmp_path):
    path = tmp_path / "rounds.csv"

    def out_of_memory(out) -> None:
        out.write("game_id\r\n" * 100)
        raise MemoryError

    with pytest.raises(MemoryError):
        write_export(path, out_of_memory)
    assert not path.exists()


def start_helper() -> int:
    """In the worker: start a process that would run for minutes (as an import's forked helpers
    do while they check a big backup); returns its id."""
    return subprocess.Popen(["sleep", "600"]).pid


KILLED_WITHIN = 30.0
"""Seconds a killed process of the worker's group may take to end: it runs in the kernel's
idle class, so on a busy machine it may wait a moment for the processor to end."""


def _left_after(leader: int, seconds: float) -> list[int]:
    """The processes of the worker's group (:func:`_started_by_the_worker`) still running
    after ``seconds``, or none as soon as they have all ended."""
    deadline = time.monotonic() + seconds
    while (left := _started_by_the_worker(leader)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def _started_by_the_worker(leader: int) -> list[int]:
    """The running processes in the worker's process group (the worker and what it started)."""
    found = []
    for process in psutil.process_iter(["status"]):
        try:
            if os.getpgid(process.pid) == leader and process.info["status"] != psutil.STATUS_ZOMBIE:
                found.append(process.pid)
        except (ProcessLookupError, psutil.NoSuchProcess):
            continue
    return found


def test_stopping_ends_the_worker_and_every_process_it_started(tmp_path):
    store = Store(tmp_path)
    store.save_game(finished_game(["Ann", "Ben"]))
    run_alone(in_worker(write_backup, store.data_dir, tmp_path / "backup.json"))
    worker = next(iter(long_work._pool._processes.values()))
    helper = run_alone(in_worker(start_helper))
    assert sorted(_started_by_the_worker(worker.pid)) == sorted([worker.pid, helper])
    long_work.stop()
    worker.join(timeout=30)
    assert worker.exitcode == -signal.SIGKILL
    assert _left_after(worker.pid, KILLED_WITHIN) == []
    assert long_work._pool is None


WORKER_LOST = ("The server's helper for long work stopped before it was done (it may have run out of memory), "
               "so nothing was changed. Try again; for a big backup, close other programs on the server first.")


def test_a_worker_killed_during_a_job_is_told_in_words_and_the_next_job_gets_a_new_one(tmp_path):
    store = Store(tmp_path)
    store.save_game(finished_game(["Ann", "Ben"]))

    async def killed_during_a_job():
        await in_worker(start_helper)
        worker = next(iter(long_work._pool._processes.values()))
        job = asyncio.ensure_future(in_worker(time.sleep, 60))
        await asyncio.sleep(0.5)
        os.kill(worker.pid, signal.SIGKILL)
        with pytest.raises(StoreError) as told:
            await job
        return worker, str(told.value)

    worker, told = run_alone(killed_during_a_job())
    assert told == WORKER_LOST
    assert long_work._pool is None
    assert _left_after(worker.pid, KILLED_WITHIN) == []
    path = tmp_path / "backup.json"
    assert run_alone(in_worker(write_backup, store.data_dir, path)) == path.stat().st_size
    assert next(iter(long_work._pool._processes.values())).pid != worker.pid
    long_work.stop()


def test_a_worker_that_ended_between_jobs_is_replaced_before_the_next_job(tmp_path):
    """The job is given at once after the worker ended, before its pool can have seen it."""
    store = Store(tmp_path)
    store.save_game(finished_game(["Ann", "Ben"]))
    run_alone(in_worker(write_backup, store.data_dir, tmp_path / "first.json"))
    worker = next(iter(long_work._pool._processes.values()))
    os.kill(worker.pid, signal.SIGKILL)
    worker.join(timeout=30)
    path = tmp_path / "second.json"
    assert run_alone(in_worker(write_backup, store.data_dir, path)) == path.stat().st_size
    long_work.stop()


def test_every_job_waiting_on_a_worker_that_died_is_told_in_words(tmp_path):
    async def four_jobs_then_a_kill():
        jobs = [asyncio.ensure_future(in_worker(time.sleep, 60)) for _ in range(4)]
        while long_work._pool is None or not long_work._pool._processes:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        os.kill(next(iter(long_work._pool._processes.values())).pid, signal.SIGKILL)
        return [str(answer) if isinstance(answer, StoreError) else repr(answer)
                for answer in await asyncio.gather(*jobs, return_exceptions=True)]

    for _attempt in range(3):
        assert run_alone(four_jobs_then_a_kill()) == [WORKER_LOST] * 4
    long_work.stop()


def worker_policy() -> tuple[int, int]:
    """In the worker: its scheduling policy and its process group's leader (for the test below)."""
    return os.sched_getscheduler(0), os.getpgid(0)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="the kernel's idle class is Linux's")
def test_the_worker_leads_its_group_and_runs_on_the_time_the_server_leaves(tmp_path):
    policy, leader = run_alone(in_worker(worker_policy))
    worker = next(iter(long_work._pool._processes.values()))
    long_work.stop()
    assert (policy, leader) == (os.SCHED_IDLE, worker.pid)


@pytest.mark.parametrize("button", ["Export backup", "Export CSV"])
def test_an_export_tapped_twice_before_the_repaint_makes_and_offers_one_file(tmp_path, button):
    offered: list[str] = []

    def answer(name, args):
        if name == "launch_url":
            offered.append(args["url"])

    async def run():
        transfers.install(transfers.Transfers(tmp_path / "files"))
        try:
            store = Store(tmp_path / "data")
            store.save_game(new_pad("one_up", ["Ann", "Ben", "Cy"]).to_doc())
            main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
            phone = await open_session(main, "/history", server_hub(), answer=answer)
            await taps_together(phone, button, button)
            return len(offered), len(list((tmp_path / "files").rglob("*.*"))), shows(phone, button)
        finally:
            transfers.install(None)

    assert run_alone(run()) == (1, 1, True)
