"""Several stores on one folder, in this process (two threads at once) and in another process,
against a model: a plain dict of the games every acknowledged operation left."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.document import summarize
from companion.games.one_card import OneCardPad
from companion.stats import player_stats
from companion.store import Store

REPO = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Ben", "Cy"]

WORKER = r"""
import json, sys
sys.path.insert(0, {repo!r})
from companion.stats import player_stats
from companion.store import Store
store = Store(sys.argv[1])
for line in sys.stdin:
    order = json.loads(line)
    op = order["op"]
    if op == "save":
        store.save_game(order["doc"])
        answer = None
    elif op == "add":
        answer = store.update_game(order["id"], lambda pad: pad.add_round(order["winner"])).to_doc()
    elif op == "end":
        answer = store.update_game(order["id"], lambda pad: pad.end_early()).to_doc()
    elif op == "delete":
        answer = store.delete_game(order["id"])
    elif op == "import":
        answer = store.import_json(order["backup"])
    else:
        answer = {{"games": {{d["id"]: d for d in store.iter_games()}}, "list": store.list_games(limit=1000),
                  "stats": [s.__dict__ for s in store.player_stats()]}}
    print(json.dumps(answer), flush=True)
"""


class Worker:
    """A Store in another process, driven line by line over its stdin."""

    def __init__(self, folder: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER.format(repo=str(REPO)), folder],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )

    def ask(self, **order: Any) -> Any:
        self.process.stdin.write(json.dumps(order) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, "the worker process stopped"
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        assert self.process.wait(timeout=30) == 0


def entries(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Round entries as the table entered them, without their ids and revisions."""
    return [{key: value for key, value in entry.items() if key not in ("id", "rev")} for entry in rounds]


class StoresAgainstModel(RuleBasedStateMachine):
    """Stores 0 and 1 live in this process; store 2 is the worker process."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.mkdtemp()
        self.local = [Store(self.folder), Store(self.folder)]
        self.worker = Worker(self.folder)
        self.model: dict[str, dict[str, Any]] = {}
        self.deleted: list[dict[str, Any]] = []
        self.games_started = 0

    def new_id(self) -> str:
        """The next game id of this run: a counter, so that a replayed run picks the same games."""
        self.games_started += 1
        return f"{self.games_started:032x}"

    def teardown(self) -> None:
        self.worker.close()
        shutil.rmtree(self.folder)

    def pick(self, index: int, *, finished: bool | None = None) -> str | None:
        ids = sorted(gid for gid, doc in self.model.items() if finished is None or doc["finished"] == finished)
        return ids[index % len(ids)] if ids else None

    def save(self, which: int, doc: dict[str, Any]) -> None:
        if which == 2:
            self.worker.ask(op="save", doc=doc)
        else:
            self.local[which].save_game(doc)

    @rule(which=st.integers(0, 2), rounds=st.integers(0, 3))
    def start_game(self, which, rounds):
        pad = OneCardPad(PLAYERS, options={"target": 1000}, game_id=self.new_id())
        for n in range(rounds):
            pad.add_round(PLAYERS[n % 3])
        doc = pad.to_doc()
        self.save(which, doc)
        self.model[doc["id"]] = doc

    @precondition(lambda self: any(not doc["finished"] for doc in self.model.values()))
    @rule(which=st.integers(0, 2), index=st.integers(0, 99), winner=st.sampled_from(PLAYERS))
    def add_round(self, which, index, winner):
        game_id = self.pick(index, finished=False)
        if which == 2:
            doc = self.worker.ask(op="add", id=game_id, winner=winner)
        else:
            doc = self.local[which].update_game(game_id, lambda pad: pad.add_round(winner)).to_doc()
        assert entries(doc["rounds"]) == entries(self.model[game_id]["rounds"]) + [{"winner": winner}]
        self.model[game_id] = doc

    @precondition(lambda self: any(not doc["finished"] for doc in self.model.values()))
    @rule(index=st.integers(0, 99))
    def two_threads_add_to_one_game(self, index):
        game_id = self.pick(index, finished=False)
        results: list[dict[str, Any]] = []
        errors: list[BaseException] = []

        def add(store: Store, winner: str) -> None:
            try:
                results.append(store.update_game(game_id, lambda pad: pad.add_round(winner)).to_doc())
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=add, args=(store, winner))
                   for store, winner in zip(self.local, ("Ann", "Cy"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if errors:
            raise errors[0]
        last = max(results, key=lambda doc: len(doc["rounds"]))
        before = self.model[game_id]["rounds"]
        assert last["rounds"][: len(before)] == before
        assert sorted(r["winner"] for r in last["rounds"][len(before):]) == ["Ann", "Cy"]
        self.model[game_id] = last

    @precondition(lambda self: any(not doc["finished"] and doc["rounds"] for doc in self.model.values()))
    @rule(which=st.integers(0, 2), index=st.integers(0, 99))
    def end_early(self, which, index):
        ids = sorted(gid for gid, doc in self.model.items() if not doc["finished"] and doc["rounds"])
        game_id = ids[index % len(ids)]
        if which == 2:
            doc = self.worker.ask(op="end", id=game_id)
        else:
            doc = self.local[which].update_game(game_id, lambda pad: pad.end_early()).to_doc()
        assert doc["finished"] and doc["ended_early"]
        self.model[game_id] = doc

    @precondition(lambda self: any(doc["finished"] for doc in self.model.values()))
    @rule(which=st.integers(0, 2), index=st.integers(0, 99))
    def reopen(self, which, index):
        game_id = self.pick(index, finished=True)
        doc = self.local[min(which, 1)].update_game(game_id, lambda pad: pad.reopen()).to_doc()
        assert not doc["finished"] and not doc["ended_early"] and doc["log"][-1]["kind"] == "reopen"
        self.model[game_id] = doc

    @precondition(lambda self: self.model)
    @rule(which=st.integers(0, 2), index=st.integers(0, 99))
    def delete(self, which, index):
        game_id = self.pick(index)
        if which == 2:
            doc = self.worker.ask(op="delete", id=game_id)
        else:
            doc = self.local[which].delete_game(game_id)
        assert doc == self.model.pop(game_id)
        self.deleted.append(doc)

    @precondition(lambda self: self.deleted)
    @rule(which=st.integers(0, 1))
    def undo_delete(self, which):
        doc = self.deleted.pop()
        self.local[which].restore_game(doc)
        self.model[doc["id"]] = doc

    @rule(which=st.integers(0, 2), count=st.integers(1, 4), also_known=st.booleans())
    def import_backup(self, which, count, also_known):
        games = []
        for n in range(count):
            pad = OneCardPad(PLAYERS, game_id=self.new_id())
            pad.add_round(PLAYERS[n % 3])
            if n % 2:
                pad.end_early()
            games.append(pad.to_doc())
        known = list(self.model.values())[:1] if also_known else []
        backup = json.dumps({"format": "companion-backup", "schema": 1,
                             "exported": "2026-12-01T00:00:00+00:00", "games": games + known})
        added = self.worker.ask(op="import", backup=backup) if which == 2 else self.local[which].import_json(backup)
        assert added == count
        self.model.update((doc["id"], doc) for doc in games)

    @invariant()
    def every_store_sees_the_model(self):
        newest = sorted(self.model.values(), key=lambda d: (d["created"], d["updated"], d["id"]), reverse=True)
        listed = [summarize(doc) for doc in newest]
        stats = player_stats(self.model.values())
        for store in self.local:
            assert {doc["id"]: doc for doc in store.iter_games()} == self.model
            assert [s["id"] for s in store.list_games(limit=1000)] == [s["id"] for s in listed]
            assert store.player_stats() == stats
        seen = self.worker.ask(op="dump")
        assert seen["games"] == self.model
        assert [s["id"] for s in seen["list"]] == [s["id"] for s in listed]
        assert seen["stats"] == [s.__dict__ for s in stats]


TestStoresAgainstModel = StoresAgainstModel.TestCase
TestStoresAgainstModel.settings = settings(
    max_examples=25, stateful_step_count=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
