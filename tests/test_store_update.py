"""Store.update_game: every change is one transaction on the latest saved game."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion import rules_core
from companion.errors import ConflictError
from companion.pads import PadError
from companion.games.one_card import OneCardPad
from companion.store.index import shard_name
from companion.store import GameNotFoundError, Store, StoreError
from companion.store import files as store_files
from companion.store.history import HistoryIndex
from companion.registry import new_pad

REPO = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Ben", "Cy"]


def new_match(store: Store) -> str:
    pad = OneCardPad(PLAYERS, options={"target": 1000})
    store.save_game(pad.to_doc())
    return pad.id


def test_update_applies_the_change_to_the_saved_game_and_returns_the_pad(tmp_path):
    store = Store(tmp_path)
    game_id = new_match(store)
    pad = store.update_game(game_id, lambda pad: pad.add_round("Ben"))
    assert isinstance(pad, OneCardPad)
    assert pad.totals == {"Ann": 0, "Ben": 1, "Cy": 0}
    saved = Store(tmp_path).get_game(game_id)
    assert [entry["winner"] for entry in saved["rounds"]] == ["Ben"]
    assert saved["rounds"][0]["id"] == pad.round_id(1)
    assert saved == pad.to_doc()


def test_each_update_starts_from_the_latest_save(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)
    game_id = new_match(first)
    first.update_game(game_id, lambda pad: pad.add_round("Ann"))
    pad = second.update_game(game_id, lambda pad: pad.add_round("Cy"))
    assert [row.number for row in pad.rows] == [1, 2]
    assert [r["winner"] for r in first.get_game(game_id)["rounds"]] == ["Ann", "Cy"]


def test_a_refused_change_saves_nothing_and_reaches_the_caller(tmp_path):
    store = Store(tmp_path)
    game_id = new_match(store)
    store.update_game(game_id, lambda pad: pad.add_round("Ann"))
    before = store.get_game(game_id)

    def half_done(pad):
        pad.add_round("Ben")
        pad.add_round("Nobody")

    with pytest.raises(PadError, match="Nobody"):
        store.update_game(game_id, half_done)
    assert store.get_game(game_id) == before


def test_a_conflict_raised_by_the_change_reaches_the_caller_unchanged(tmp_path):
    store = Store(tmp_path)
    game_id = new_match(store)
    refusal = ConflictError("Ben's phone deleted round 4 while you were editing it.")

    def refuse(pad):
        raise refusal

    with pytest.raises(ConflictError) as raised:
        store.update_game(game_id, refuse)
    assert raised.value is refusal
    assert store.get_game(game_id)["rounds"] == []


def test_a_missing_game_is_game_not_found(tmp_path):
    store = Store(tmp_path)
    game_id = new_match(store)
    store.delete_game(game_id)
    with pytest.raises(GameNotFoundError, match=game_id):
        store.update_game(game_id, lambda pad: pad.add_round("Ann"))
    with pytest.raises(StoreError, match="text"):
        store.update_game(7, lambda pad: None)


def test_by_is_given_to_the_pad_and_named_in_its_change_log(tmp_path):
    store = Store(tmp_path)
    game_id = new_match(store)
    seen = []
    pad = store.update_game(game_id, lambda pad: (seen.append(pad.by), pad.add_round("Ann")), by="Ben's phone")
    assert seen == ["Ben's phone"]
    assert pad.changes[0].by == "Ben's phone"
    assert store.get_game(game_id)["log"][-1]["by"] == "Ben's phone"


def test_finishing_through_update_moves_the_game_to_the_history(tmp_path):
    store = Store(tmp_path)
    game_id = new_match(store)
    store.update_game(game_id, lambda pad: (pad.add_round("Cy"), pad.end_early()))
    assert store.unfinished_games() == []
    [summary] = store.list_games()
    assert (summary["id"], summary["ended_early"], summary["winners"]) == (game_id, True, ["Cy"])
    [ann, ben, cy] = store.player_stats()
    assert (cy.name, cy.games, cy.finished, cy.wins) == ("Cy", 1, 1, 1)
    assert (ann.wins, ben.wins) == (0, 0)


ADDER = """
import sys, threading
sys.path.insert(0, {repo!r})
from companion.store import Store
folder, game_id, who = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = Store(folder)
names = ["Ann", "Ben", "Cy"]
failures = []

def add(thread):
    try:
        for n in range(15):
            store.update_game(game_id, lambda pad: pad.add_round(names[(who + thread + n) % 3]))
    except Exception as error:
        failures.append(repr(error))

threads = [threading.Thread(target=add, args=(t,)) for t in range(3)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print("failures", failures, flush=True)
sys.exit(1 if failures else 0)
"""


def test_three_processes_of_three_threads_lose_no_round(tmp_path):
    script = tmp_path / "adder.py"
    script.write_text(ADDER.format(repo=str(REPO)))
    data = tmp_path / "data"
    game_id = new_match(Store(data))
    children = [
        subprocess.Popen([sys.executable, str(script), str(data), game_id, str(n)], stdout=subprocess.PIPE, text=True)
        for n in range(3)
    ]
    outputs = [child.communicate(timeout=240)[0] for child in children]
    assert [child.returncode for child in children] == [0, 0, 0], outputs
    doc = Store(data).get_game(game_id)
    assert len(doc["rounds"]) == 135
    wins = {name: sum(r["winner"] == name for r in doc["rounds"]) for name in PLAYERS}
    assert wins == {"Ann": 45, "Ben": 45, "Cy": 45}


def test_threads_in_one_process_lose_no_round(tmp_path):
    store = Store(tmp_path)
    game_id = new_match(store)
    other = Store(tmp_path)

    def add(target, winner):
        for _ in range(10):
            target.update_game(game_id, lambda pad: pad.add_round(winner))

    threads = [threading.Thread(target=add, args=(store if n % 2 else other, PLAYERS[n])) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(store.get_game(game_id)["rounds"]) == 30


@pytest.mark.parametrize("archived", [False, True], ids=["in-progress", "finished"])
def test_a_change_reads_and_replays_the_game_once(tmp_path, monkeypatch, archived):
    store = Store(tmp_path)
    game_id = new_match(store)
    store.update_game(game_id, lambda pad: pad.add_round("Ann"))
    if archived:
        store.update_game(game_id, lambda pad: pad.end_early())
    store.list_games()
    reads: list[str] = []
    replays: list[str] = []
    real_read, real_replay = store_files.AtomicJSONStorage.read, rules_core.pad_from_doc
    monkeypatch.setattr(store_files.AtomicJSONStorage, "read",
                        lambda self: reads.append(self.path.name) or real_read(self))
    monkeypatch.setattr(rules_core, "pad_from_doc", lambda doc: replays.append(doc["id"]) or real_replay(doc))
    store.update_game(game_id, lambda pad: pad.set_option("target", 999))
    expected = [shard_name(game_id)] if archived else []  # games.json as kept since its last write
    assert sorted(name for name in reads if name != "move.json") == sorted(expected)
    assert replays == [game_id]


IMPORTER = """
import sys
sys.path.insert(0, {repo!r})
from companion.registry import new_pad
from companion.store import Store
docs = []
for _ in range(int(sys.argv[2])):
    pad = new_pad("one_card", ["Cy", "Dee"])
    pad.add_round("Cy")
    pad.end_early()
    docs.append(pad.to_doc())
print(Store(sys.argv[1]).add_games(docs))
"""


def test_a_round_saved_after_another_process_grew_the_history_does_not_read_it_again(tmp_path, monkeypatch):
    server = Store(tmp_path)
    playing = new_pad("one_card", ["Ann", "Ben"])
    server.save_game(playing.to_doc())
    server.list_games()
    done = subprocess.run([sys.executable, "-c", IMPORTER.format(repo=str(REPO)), str(tmp_path), "20"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["20"]

    def unread(self, *args):
        raise AssertionError("the grown history index was read for a round of a game in progress")

    monkeypatch.setattr(HistoryIndex, "_load", unread)
    monkeypatch.setattr(HistoryIndex, "_read_log", unread)
    saved = server.update_game(playing.id, lambda pad: pad.add_round("Ann"))
    assert len(saved.rounds) == 1
    monkeypatch.undo()
    assert len(Store(tmp_path).get_game(playing.id)["rounds"]) == 1
    assert len(server.list_games(limit=50)) == 21


def test_a_game_in_progress_and_in_the_grown_history_is_put_back_in_one_place_by_a_save(tmp_path):
    server = Store(tmp_path)
    playing = new_pad("one_card", ["Ann", "Ben"])
    playing.add_round("Ben")
    server.save_game(playing.to_doc())
    server.list_games()
    before = (tmp_path / "games.json").read_bytes()
    ender = subprocess.run([sys.executable, "-c", ENDER.format(repo=str(REPO)), str(tmp_path), playing.id],
                           capture_output=True, text=True, check=True)
    assert ender.stdout.split() == ["True"]
    (tmp_path / "games.json").write_bytes(before)  # an old games.json put back, as a notice may advise
    server.update_game(playing.id, lambda pad: pad.add_round("Ann"))
    assert [summary["id"] for summary in Store(tmp_path).list_games(limit=50)] == [playing.id]
    assert Store(tmp_path).get_game(playing.id)["finished"] is False
    server.delete_game(playing.id)
    assert Store(tmp_path).get_game(playing.id) is None
    assert Store(tmp_path).list_games(limit=50) == []


ENDER = """
import sys
sys.path.insert(0, {repo!r})
from companion.store import Store
print(Store(sys.argv[1]).update_game(sys.argv[2], lambda pad: pad.end_early()).finished)
"""


def test_a_game_only_a_rebuilt_history_lists_is_found_after_another_process_archived_it(tmp_path):
    server = Store(tmp_path)
    server.add_games(_ended_games(30))
    playing = new_pad("one_card", ["Ann", "Ben"])
    playing.add_round("Ben")
    server.save_game(playing.to_doc())
    server.list_games()
    ender = subprocess.run([sys.executable, "-c", ENDER.format(repo=str(REPO)), str(tmp_path), playing.id],
                           capture_output=True, text=True, check=True)
    assert ender.stdout.split() == ["True"]
    for name in ("history.json", "history.log"):
        (tmp_path / name).unlink(missing_ok=True)
    assert server.get_game(playing.id)["ended_early"] is True
    server.delete_game(playing.id)
    assert Store(tmp_path).get_game(playing.id) is None


def _ended_games(count: int) -> list[dict]:
    """``count`` One-card games of Cy and Dee ended after one round."""
    docs = []
    for _ in range(count):
        pad = new_pad("one_card", ["Cy", "Dee"])
        pad.add_round("Cy")
        pad.end_early()
        docs.append(pad.to_doc())
    return docs
