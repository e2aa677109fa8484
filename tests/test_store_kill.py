"""SIGKILL during every kind of store operation loses no acknowledged change.

A forked child (forking is fast, so hundreds of kills fit in a test run)
drives one data folder through the operations screens use (``OPERATIONS``):
start a game, add a round and delete the last round through
``update_game``, end a game early (it moves to the archive), reopen a
finished game, delete a game in progress or a finished one, and import a
backup of several games. Before each operation it writes the operation and
the state it is about to make ("doing"), after it returned the state the
store gave back ("done").

Cycles take turns. In an "aimed" cycle the child makes a few random
operations, then the cycle's operation (the operations in turn), and kills
itself with SIGKILL just before that operation's n-th write, fsync, rename
or removal (n going 0, 1, 2, ... over the cycles), so every operation is
cut at each of its steps, whatever the machine's speed; when the operation
has fewer steps it ends and the parent kills the child a random moment
later. In a "random" cycle the parent kills it a random moment after a
random number of operations (anywhere, mid-write too). After each kill the
parent opens the folder and checks that every game is in its last
acknowledged state, or, for the operation under way, wholly in the state
before it or wholly in the state after it (an import: all of its games or
none). It counts the kills that hit each operation under way: each is hit
at least ``AT_LEAST`` times.

``KILLS`` cycles by default; ``COMPANION_KILL_CYCLES=300`` (README) runs
more before a change to the store lands.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import companion.store.folder as store_folder
import companion.store.history as history
from companion.games.one_card import OneCardPad
from companion.stats import player_stats
from companion.store import Store

KILLS = int(os.environ.get("COMPANION_KILL_CYCLES", "70"))
"""Kill cycles: half aimed (each operation cut at its steps 0 to 4 at
least), half at random moments."""
PLAYERS = ["Ann", "Ben", "Cy"]
OPERATIONS = ("start", "add round", "delete round", "end early", "reopen", "delete game", "import")
AT_LEAST = 3
"""Kills each operation takes while under way (at least)."""
STEPS = ("write", "fsync", "replace", "unlink", "remove")
"""The ``os`` calls an aimed kill counts: the store writes, fsyncs, renames and removes its files through them."""


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


def aim(operation: str, step: int) -> None:
    """Make this (child) process kill itself with SIGKILL just before the
    ``step``-th (from 0) call of ``STEPS`` made while ``operation`` runs
    (see ``child``'s ``running``)."""
    calls = 0
    for name in STEPS:
        real = getattr(os, name)

        def counted(*args, _real=real, **kwargs):
            nonlocal calls
            if running == [operation]:
                if calls == step:
                    os.kill(os.getpid(), signal.SIGKILL)
                calls += 1
            return _real(*args, **kwargs)

        setattr(os, name, counted)


running: list[str] = []
"""In the child: the operation under way (none between operations)."""


def child(folder: Path, log_fd: int, seed: int, aimed: tuple[int, str, int] | None) -> None:
    """Run operations forever, logging each one; the parent kills this process.

    ``aimed`` (after, operation, step): after ``after`` random operations
    make ``operation``, killed before its ``step``-th call of ``STEPS``
    (``aim``); it writes "passed" when the operation ended first."""
    store_folder._FOLDERS.clear()
    rng = random.Random(seed)
    store = Store(folder)
    docs = {doc["id"]: doc for doc in store.iter_games()}
    write = os.write
    made = 0
    if aimed is not None:
        aim(aimed[1], aimed[2])

    def emit(kind: str, operation: str, changes: dict[str, Any]) -> None:
        write(log_fd, f"{kind}\t{operation}\t{json.dumps(changes)}\n".encode())

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

    def random_operation() -> str:
        """One of ``OPERATIONS`` at random, among those the folder allows now."""
        live = [gid for gid, doc in docs.items() if not doc["finished"]]
        ended = [gid for gid, doc in docs.items() if doc["finished"]]
        roll = rng.random()
        if roll < 0.08 or not live:
            return "start"
        if roll < 0.45:
            return "add round"
        if roll < 0.55 and docs[live[0]]["rounds"]:
            return "delete round"
        if roll < 0.68 and docs[live[-1]]["rounds"]:
            return "end early"
        if roll < 0.76 and ended:
            return "reopen"
        if roll < 0.88:
            return "delete game"
        return "import"

    def first_needed(operation: str) -> str:
        """``operation``, or the one to make first when the folder does not allow
        it yet (a round added to the game it needs, in ``round_for``)."""
        live = [gid for gid, doc in docs.items() if not doc["finished"]]
        ended = [gid for gid, doc in docs.items() if doc["finished"]]
        if operation in ("add round", "delete round", "end early") and not live:
            return "start"
        needed_game = {"delete round": live[0], "end early": live[-1]}.get(operation) if live else None
        if needed_game is not None and not docs[needed_game]["rounds"]:
            round_for[:] = [needed_game]
            return "add round"
        if operation == "reopen" and not ended:
            return "end early" if live and docs[live[-1]]["rounds"] else first_needed("end early")
        if operation == "delete game" and not docs:
            return "start"
        return operation

    round_for: list[str] = []
    while True:
        if aimed is not None and made >= aimed[0]:
            operation = first_needed(aimed[1])
            if operation == aimed[1]:
                running[:] = [operation]
        else:
            operation = random_operation()
        live = [gid for gid, doc in docs.items() if not doc["finished"]]
        ended = [gid for gid, doc in docs.items() if doc["finished"]]
        if operation == "start":
            doc = new_doc(rng.randint(0, 2), end=False)
            emit("doing", operation, {doc["id"]: doc})
            store.save_game(doc)
            changes = {doc["id"]: store.get_game(doc["id"])}
        elif operation == "add round":
            game_id = round_for.pop() if round_for else rng.choice(live)
            winner = rng.choice(PLAYERS)
            emit("doing", operation, {game_id: predicted(docs[game_id], lambda pad: pad.add_round(winner))})
            changes = {game_id: store.update_game(game_id, lambda pad: pad.add_round(winner)).to_doc()}
        elif operation == "delete round":
            game_id = live[0]
            last = len(docs[game_id]["rounds"])
            emit("doing", operation, {game_id: predicted(docs[game_id], lambda pad: pad.delete_round(last))})
            changes = {game_id: store.update_game(game_id, lambda pad: pad.delete_round(last)).to_doc()}
        elif operation == "end early":
            game_id = live[-1]
            emit("doing", operation, {game_id: predicted(docs[game_id], lambda pad: pad.end_early())})
            changes = {game_id: store.update_game(game_id, lambda pad: pad.end_early()).to_doc()}
        elif operation == "reopen":
            game_id = rng.choice(ended)
            doc = dict(docs[game_id], finished=False, ended_early=False, winners=[])
            emit("doing", operation, {game_id: doc})
            store.save_game(doc)
            changes = {game_id: doc}
        elif operation == "delete game":
            game_id = rng.choice(ended or live)
            emit("doing", operation, {game_id: None})
            store.delete_game(game_id)
            changes = {game_id: None}
        else:
            games = [new_doc(rng.randint(1, 3), end=rng.random() < 0.6) for _ in range(rng.randint(3, 12))]
            backup = json.dumps({"format": "companion-backup", "schema": 1,
                                 "exported": "2026-12-01T00:00:00+00:00", "games": games})
            emit("doing", operation, {doc["id"]: doc for doc in games})
            assert store.import_json(backup) == len(games)
            changes = {doc["id"]: doc for doc in games}
        emit("done", operation, changes)
        made += 1
        if running:
            running.clear()
            aimed = None
            write(log_fd, b"passed\n")
        for game_id, doc in changes.items():
            if doc is None:
                docs.pop(game_id, None)
            else:
                docs[game_id] = doc


def read_log(path: Path) -> tuple[list[dict[str, Any]], tuple[str, dict[str, Any]] | None]:
    """The acknowledged changes in order, and the operation under way when the
    child died with the change it was making (or None)."""
    acked, pending = [], None
    for line in path.read_text().splitlines(keepends=True):
        if not line.endswith("\n") or line == "passed\n":
            continue
        kind, operation, payload = line.rstrip("\n").split("\t", 2)
        if kind == "doing":
            pending = operation, json.loads(payload)
        else:
            acked.append(json.loads(payload))
            pending = None
    return acked, pending


def wait_for_kill(pid: int, log: Path, ready: Callable[[str], bool], rng: random.Random) -> None:
    """Wait until the child killed itself, or ``ready(log text)`` (then kill
    it a random moment later); the child must die by SIGKILL."""
    seen, deadline = "", time.monotonic() + 60
    while not ready(text := log.read_text()):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if text != seen:
            seen, deadline = text, time.monotonic() + 60
        assert time.monotonic() < deadline, "the child made no progress for 60 s"
        time.sleep(0.001)
    else:
        time.sleep(rng.uniform(0, 0.02))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, "the child failed"


def test_sigkill_during_any_operation_loses_no_acknowledged_change(tmp_path):
    data = tmp_path / "data"
    Store(data)
    rng = random.Random(20261201)
    expected: dict[str, dict[str, Any]] = {}
    acknowledged = imports_cut = 0
    under_way = dict.fromkeys(OPERATIONS, 0)
    for kill in range(1, KILLS + 1):
        log = tmp_path / "child.log"
        log_fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        wanted = rng.randint(0, 6)
        turn = kill // 2
        aimed = (wanted, OPERATIONS[turn % len(OPERATIONS)], turn // len(OPERATIONS)) if kill % 2 == 0 else None
        pid = os.fork()
        if pid == 0:
            try:
                child(data, log_fd, kill, aimed)
            finally:
                os._exit(1)
        os.close(log_fd)
        if aimed:
            wait_for_kill(pid, log, lambda text: "\npassed\n" in text, rng)
        else:
            wait_for_kill(pid, log, lambda text: text.count("\ndone\t") >= wanted, rng)

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
            operation, pending = pending
            under_way[operation] += 1
            before = {game_id: expected.get(game_id) for game_id in pending}
            now = {game_id: found.get(game_id) for game_id in pending}
            after = {game_id: without_time(doc) for game_id, doc in pending.items()}
            assert now == before or {gid: without_time(doc) for gid, doc in now.items()} == after, (
                f"kill {kill}: the {operation} under way was half done: " + json.dumps(
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
    assert min(under_way.values()) >= AT_LEAST, under_way
    assert imports_cut >= 3
    assert sum(doc["finished"] for doc in expected.values()) >= 5


def test_sigkill_at_each_step_of_an_import_built_before_the_lock(tmp_path):
    """An import that builds its shards and its history index before the folder lock (the index
    as short as the import, history.log empty), killed before each of its writes, fsyncs, renames
    and removals in turn: the folder then holds all of its games or none, with no notice and no
    temp file, and the statistics agree with the games."""
    rng = random.Random(20261205)

    def game(rounds: int, end: bool) -> dict[str, Any]:
        pad = OneCardPad(PLAYERS, options={"target": 1000})
        for _ in range(rounds):
            pad.add_round(PLAYERS[rng.randrange(3)])
        if end:
            pad.end_early()
        return pad.to_doc()

    def backup(games: list[dict[str, Any]]) -> str:
        return json.dumps({"format": "companion-backup", "schema": 1, "exported": "2026-12-05T00:00:00+00:00",
                           "games": games})

    base = tmp_path / "base"
    saved = [game(2, True), game(3, True), game(1, False)]
    Store(base).import_json(backup(saved))
    assert not (base / "history.log").exists()
    games = [game(rng.randint(1, 4), True) for _ in range(5)] + [game(2, False)]
    before = {doc["id"]: doc for doc in saved}
    after = {**before, **{doc["id"]: doc for doc in games}}

    def built_under_the_lock(self, index):
        raise AssertionError("history.json was built under the folder lock")

    step = cut = 0
    while True:
        data = tmp_path / f"data-{step}"
        shutil.copytree(base, data)
        pid = os.fork()
        if pid == 0:
            try:
                history.FOLD_AT = 1
                history.HistoryIndex._fold = built_under_the_lock
                store_folder._FOLDERS.clear()
                store = Store(data)
                aim("import", step)
                running.append("import")
                store.import_json(backup(games))
                os._exit(0)
            finally:
                os._exit(1)
        _, status = os.waitpid(pid, 0)
        if os.WIFEXITED(status):
            assert os.WEXITSTATUS(status) == 0, f"step {step}: the import failed, or built history.json under the lock"
        else:
            assert os.WTERMSIG(status) == signal.SIGKILL
            cut += 1
        store_folder._FOLDERS.clear()
        store = Store(data)
        assert store.notices == [], f"step {step}: {store.notices}"
        found = {doc["id"]: doc for doc in store.iter_games()}
        assert found in (before, after), f"step {step}: the import was half done"
        assert sorted(s["id"] for s in store.list_games(limit=100)) == sorted(found)
        assert sorted(data.rglob("*.tmp")) == []
        assert not (data / "move.json").exists() and not (data / "import.json").exists()
        assert store.player_stats() == player_stats(found.values())
        if os.WIFEXITED(status):
            break
        step += 1
    assert cut >= 20, cut
