"""The games in progress as last read or written, kept while games.json is
unchanged (companion/store/files.py ``KeptVersion``): a game is not read or
checked again until a write, by this process or another, replaces the
file, and such a write is seen at the next look, however soon."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.games.one_card import OneCardPad
from companion.store import Store
from companion.store import files as store_files
from companion.store import tables as store_tables

REPO = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Ben", "Cy"]

ELSEWHERE = """
import sys
sys.path.insert(0, sys.argv[1])
from companion.store import Store
Store(sys.argv[2]).update_game(sys.argv[3], lambda pad: pad.add_round("Cy"), by="Cy's phone")
"""
"""Another process saving a round won by Cy in a game of the data folder."""


def saved_match(store: Store, rounds: int = 1) -> str:
    """A One-card game of Ann, Ben and Cy with ``rounds`` rounds won by Ann, saved; its id."""
    pad = OneCardPad(PLAYERS, options={"target": 1000})
    for _ in range(rounds):
        pad.add_round("Ann")
    store.save_game(pad.to_doc())
    return pad.id


def counting_reads(monkeypatch) -> tuple[list[str], list[str]]:
    """Count, from now on, the files read (by name) and the game documents checked (by id)."""
    reads: list[str] = []
    checks: list[str] = []
    real_read, real_load = store_files.AtomicJSONStorage.read, store_tables.load_doc
    monkeypatch.setattr(store_files.AtomicJSONStorage, "read", lambda self: reads.append(self.path.name) or real_read(self))
    monkeypatch.setattr(store_tables, "load_doc", lambda raw, games: checks.append(raw["id"]) or real_load(raw, games))
    return reads, checks


def test_an_unchanged_game_is_not_read_again(tmp_path, monkeypatch):
    store = Store(tmp_path)
    game_ids = [saved_match(store) for _ in range(10)]
    store.get_game(game_ids[0])
    reads, checks = counting_reads(monkeypatch)
    docs = [store.get_game(game_id) for game_id in game_ids for _ in range(3)]
    listed = store.list_games()
    assert (reads, checks, len(docs), len(listed)) == ([], [], 30, 10)


def test_a_save_keeps_what_it_wrote_and_reads_nothing_after_it(tmp_path, monkeypatch):
    store = Store(tmp_path)
    game_id = saved_match(store)
    reads, checks = counting_reads(monkeypatch)
    store.update_game(game_id, lambda pad: pad.add_round("Ben"))
    doc = store.get_game(game_id)
    assert ([name for name in reads if name != "move.json"], checks) == ([], [])
    assert [entry["winner"] for entry in doc["rounds"]] == ["Ann", "Ben"]


def test_another_process_save_is_seen_at_once(tmp_path, monkeypatch):
    store = Store(tmp_path)
    game_id = saved_match(store)
    before = store.get_game(game_id)
    done = subprocess.run([sys.executable, "-c", ELSEWHERE, str(REPO), str(tmp_path), game_id],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    reads, checks = counting_reads(monkeypatch)
    after = store.get_game(game_id)
    again = store.get_game(game_id)
    assert [entry["winner"] for entry in before["rounds"]] == ["Ann"]
    assert [entry["winner"] for entry in after["rounds"]] == [entry["winner"] for entry in again["rounds"]] == ["Ann", "Cy"]
    assert (reads, checks) == (["games.json"], [game_id])


def test_a_new_file_of_the_same_size_and_time_is_seen(tmp_path):
    store = Store(tmp_path)
    game_id = saved_match(store)
    store.get_game(game_id)
    path = tmp_path / "games.json"
    old = os.stat(path)
    text = path.read_text(encoding="utf-8")
    changed = text.replace('"Ann"', '"Anx"').replace('"target":1000', '"target":1001')
    assert len(changed) == len(text) and changed != text
    temp = tmp_path / "replacement.json"
    temp.write_text(changed, encoding="utf-8")
    os.utime(temp, ns=(old.st_atime_ns, old.st_mtime_ns))
    os.replace(temp, path)
    assert (os.stat(path).st_size, os.stat(path).st_mtime_ns) == (old.st_size, old.st_mtime_ns)
    assert (store.get_game(game_id)["players"], store.get_game(game_id)["options"]["target"]) == (
        ["Anx", "Ben", "Cy"], 1001
    )


def test_a_document_handed_out_is_a_copy(tmp_path):
    store = Store(tmp_path)
    game_id = saved_match(store)
    doc = store.get_game(game_id)
    doc["players"].append("Dee")
    doc["rounds"].clear()
    for listed in store.iter_games():
        listed["options"]["target"] = 5
    assert (store.get_game(game_id)["players"], len(store.get_game(game_id)["rounds"])) == (PLAYERS, 1)
    assert store.get_game(game_id)["options"]["target"] == 1000
