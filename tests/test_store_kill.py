"""SIGKILL during every kind of store operation loses no acknowledged change.

A forked child (forking is fast, so hundreds of kills fit in a test run)
drives one data folder through the operations screens use: start a game,
add a round and delete the last round through ``update_game``, end a game
early (it moves to the archive), reopen a finished game, delete a game in
progress or a finished one, and import a backup of several games. Before
each operation it writes the state it is about to make ("doing"), after it
returned the state the store gave back ("done"). The parent kills it with
SIGKILL at a random moment, opens the folder and checks that every game is
in its last acknowledged state, or, for the operation under way, wholly in
the state before it or wholly in the state after it (an import: all of its
games or none). The parent also counts the kills that hit an operation
under way.
"""

from __future__ import annotations

import json
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import companion.store.folder as store_folder
from companion.pads import OneCardPad
from companion.stats import player_stats
from companion.store import Store

KILLS = 260
PLAYERS = ["Ann", "Ben", "Cy"]


def _without_id(mark: Any) -> Any:
    """A round (or a round's mark in the log) without its random id."""
    return {key: value for key, value in mark.items() if key != "id"} if isinstance(mark, dict) else mark


def without_time(doc: dict[str, Any] | None) -> dict[str, Any] | None:
    """A doc without what a predicted change can not know: the second it is
    saved (``updated``, the log's times) and the random ids of new rounds."""
    if doc is None:
        return None
    timeless = {key: value for key, value in doc.items() if key != "updated"}
    timeless["rounds"] = [_without_id(entry) for entry in doc["rounds"]]
    timeless["log"] = [
        {
            key: ({side: _without_id(mark) for side, mark in value.items()} if key == "round" else value)
            for key, value in record.items()
            if key != "at"
        }
        for record in doc["log"]
    ]
    return timeless


def child(folder: Path, log_fd: int, seed: int) -> None:
    """Run operations forever, logging each one; the parent kills this process."""
    store_folder._FOLDERS.clear()
    rng = random.Random(seed)
    store = Store(folder)
    docs = {doc["id"]: doc for doc in store.iter_games()}

    def emit(kind: str, changes: dict[str, Any]) -> None:
        os.write(log_fd, (kind + " " + json.dumps(changes) + "\n").encode())

    def predicted(doc: dict[str, Any], change) -> dict[str, Any]:
        pad = OneCardPad.from_doc(doc)
        change(pad)
        return pad.to_doc()

    def new_doc(rounds: int, end: bool) -> dict[str, Any]:
        pad = OneCardPad(PLAYERS, options={"target": 1000})
        for n in range(rounds):
            pad.add_round(PLAYERS[rng.randrange(3)])
        if end and rounds:
            pad.end_early()
        return pad.to_doc()

    while True:
        live = [gid for gid, doc in docs.items() if not doc["finished"]]
        ended = [gid for gid, doc in docs.items() if doc["finished"]]
        roll = rng.random()
        if roll < 0.08 or not live:
            doc = new_doc(rng.randint(0, 2), end=False)
            emit("doing", {doc["id"]: doc})
            store.save_game(doc)
            changes = {doc["id"]: store.get_game(doc["id"])}
        elif roll < 0.45:
            game_id = rng.choice(live)
            winner = rng.choice(PLAYERS)
            emit("doing", {game_id: predicted(docs[game_id], lambda pad: pad.add_round(winner))})
            changes = {game_id: store.update_game(game_id, lambda pad: pad.add_round(winner)).to_doc()}
        elif roll < 0.55 and docs[live[0]]["rounds"]:
            game_id = live[0]
            last = len(docs[game_id]["rounds"])
            emit("doing", {game_id: predicted(docs[game_id], lambda pad: pad.delete_round(last))})
            changes = {game_id: store.update_game(game_id, lambda pad: pad.delete_round(last)).to_doc()}
        elif roll < 0.68 and docs[live[-1]]["rounds"]:
            game_id = live[-1]
            emit("doing", {game_id: predicted(docs[game_id], lambda pad: pad.end_early())})
            changes = {game_id: store.update_game(game_id, lambda pad: pad.end_early()).to_doc()}
        elif roll < 0.76 and ended:
            game_id = rng.choice(ended)
            doc = dict(docs[game_id], finished=False, ended_early=False, winners=[])
            emit("doing", {game_id: doc})
            store.save_game(doc)
            changes = {game_id: doc}
        elif roll < 0.88:
            game_id = rng.choice(ended or live)
            emit("doing", {game_id: None})
            store.delete_game(game_id)
            changes = {game_id: None}
        else:
            games = [new_doc(rng.randint(1, 3), end=rng.random() < 0.6) for _ in range(rng.randint(3, 12))]
            backup = json.dumps({"format": "companion-backup", "schema": 1,
                                 "exported": "2026-12-01T00:00:00+00:00", "games": games})
            emit("doing", {doc["id"]: doc for doc in games})
            assert store.import_json(backup) == len(games)
            changes = {doc["id"]: doc for doc in games}
        emit("done", changes)
        for game_id, doc in changes.items():
            if doc is None:
                docs.pop(game_id, None)
            else:
                docs[game_id] = doc


def read_log(path: Path) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The acknowledged changes in order, and the change under way when the child died (or None)."""
    acked, pending = [], None
    for line in path.read_text().splitlines(keepends=True):
        if not line.endswith("\n"):
            continue
        kind, payload = line.rstrip("\n").split(" ", 1)
        if kind == "doing":
            pending = json.loads(payload)
        else:
            acked.append(json.loads(payload))
            pending = None
    return acked, pending


def test_sigkill_during_any_operation_loses_no_acknowledged_change(tmp_path):
    data = tmp_path / "data"
    Store(data)
    rng = random.Random(20261201)
    expected: dict[str, dict[str, Any]] = {}
    acknowledged = under_way = imports_cut = 0
    for kill in range(1, KILLS + 1):
        log = tmp_path / "child.log"
        log_fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        pid = os.fork()
        if pid == 0:
            try:
                child(data, log_fd, kill)
            finally:
                os._exit(1)
        os.close(log_fd)
        wanted = rng.randint(0, 6)
        deadline = time.monotonic() + 30
        while log.read_text().count("\ndone ") < wanted:
            assert os.waitpid(pid, os.WNOHANG) == (0, 0), "the child stopped on its own"
            assert time.monotonic() < deadline, "the child made no progress"
            time.sleep(0.001)
        time.sleep(rng.uniform(0, 0.02))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, "the child failed"

        acked, pending = read_log(log)
        for changes in acked:
            acknowledged += 1
            for game_id, doc in changes.items():
                if doc is None:
                    expected.pop(game_id, None)
                else:
                    expected[game_id] = doc
        if rng.random() < 0.5:
            store_folder._FOLDERS.clear()
        store = Store(data)
        assert store.notices == [], f"kill {kill}: {store.notices}"
        found = {doc["id"]: doc for doc in store.iter_games()}
        if pending is not None:
            under_way += 1
            before = {game_id: expected.get(game_id) for game_id in pending}
            now = {game_id: found.get(game_id) for game_id in pending}
            after = {game_id: without_time(doc) for game_id, doc in pending.items()}
            assert now == before or {gid: without_time(doc) for gid, doc in now.items()} == after, (
                f"kill {kill}: the change under way was half done: " + json.dumps(
                    {gid: [key for key in set(now.get(gid) or {}) | set(before.get(gid) or {})
                           if (now.get(gid) or {}).get(key) != (before.get(gid) or {}).get(key)]
                     for gid in pending}
                )
            )
            if len(pending) > 1 and now == before:
                imports_cut += 1
            for game_id, doc in now.items():
                if doc is None:
                    expected.pop(game_id, None)
                else:
                    expected[game_id] = doc
        assert found == expected, f"kill {kill}: saved games differ from the acknowledged ones"
        assert sorted(s["id"] for s in store.list_games(limit=10_000)) == sorted(expected)
        assert sorted(data.rglob("*.tmp")) == []
        assert not (data / "move.json").exists() and not (data / "import.json").exists()
        assert store.player_stats() == player_stats(found.values())

    assert acknowledged >= 2 * KILLS
    assert under_way >= KILLS // 4
    assert imports_cut >= 3
    assert sum(doc["finished"] for doc in expected.values()) >= 5
