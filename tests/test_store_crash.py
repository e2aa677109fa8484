"""SIGKILL at random moments loses no saved round.

A child process saves rounds in a loop into the game in progress, also
editing and deleting rounds (so the game shrinks and grows), now and then
finishing the game (which moves it to the archive) and sometimes playing on
after the end (which moves it back). Before each save it prints
"saving <doc>", after the save returned "saved <doc>". The parent kills it
with SIGKILL at a random moment (after a random number of acknowledged saves
plus a random delay; one kill in three a random delay after a move between
files started), ``KILLS`` times (``COMPANION_KILL_CYCLES=300``, as the
README says, before a change to the store lands). After each kill the folder opens
through Store, every game is exactly in its last acknowledged state or in
the state whose save was under way, the list agrees, and no temp file is
left.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from companion.store import Store

REPO = Path(__file__).resolve().parent.parent
KILLS = int(os.environ.get("COMPANION_KILL_CYCLES", "24"))
"""Kill cycles (each a new Python process): one in three during a move between files."""

CHILD = r"""
import json, random, sys, uuid
sys.path.insert(0, {repo!r})
from companion.store import Store

folder, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
store = Store(folder)
live = store.unfinished_games()
doc = store.get_game(live[0]["id"]) if live else None
counter = seed * 100000
print("ready", flush=True)


def emit(kind, game):
    print(kind, json.dumps(game), flush=True)


while True:
    counter += 1
    stamp = "2026-01-01T00:00:00+00:00"
    if doc is None:
        doc = {{"schema": 2, "id": uuid.uuid4().hex, "game": "up_to_nine", "players": ["Ann", "Ben", "Cy"],
               "first_dealer": 0, "options": {{"levels": "preset"}}, "rounds": [], "seq": 0, "log": [], "created": stamp,
               "updated": stamp, "finished": False, "ended_early": False, "winners": []}}
    else:
        roll = rng.random()
        rounds = doc["rounds"]
        if roll < 0.55 or not rounds:
            rounds.append({{"id": f"{{counter:08x}}", "rev": 0, "n": counter, "note": "x" * rng.randint(0, 300)}})
        elif roll < 0.75:
            at = rng.randrange(len(rounds))
            rounds[at] = {{"id": rounds[at]["id"], "rev": 0, "n": counter, "edited": True}}
        elif roll < 0.85:
            del rounds[rng.randrange(len(rounds)):][: rng.randint(1, 3)]
        else:
            doc["finished"] = True
            doc["winners"] = ["Ann"]
    emit("saving", doc)
    store.save_game(doc)
    emit("saved", doc)
    if doc["finished"]:
        doc = dict(doc, finished=False, winners=[]) if rng.random() < 0.3 else None
"""


def read_log(path: Path) -> tuple[dict[str, dict], dict | None, int]:
    """The last acknowledged doc of each game by id, the doc whose save was under way
    when the child died (or None), and the number of acknowledged saves."""
    acked: dict[str, dict] = {}
    pending = None
    saves = 0
    text = path.read_text()
    for line in text.splitlines(keepends=True):
        if not line.endswith("\n") or line == "ready\n":
            continue
        kind, payload = line.rstrip("\n").split(" ", 1)
        doc = json.loads(payload)
        if kind == "saving":
            pending = doc
        else:
            acked[doc["id"]] = doc
            pending = None
            saves += 1
    return acked, pending, saves


def wait_until(log: Path, child: subprocess.Popen, reached: Callable[[str], bool]) -> None:
    """Poll the child's log until ``reached(text)`` (so kills do not depend on the machine's speed)."""
    deadline = time.monotonic() + 60
    while True:
        text = log.read_text()
        if text.startswith("ready\n") and reached(text):
            return
        assert child.poll() is None, "the child stopped on its own"
        assert time.monotonic() < deadline, "the child made no progress"
        time.sleep(0.001)


def acknowledged_at_least(count: int) -> Callable[[str], bool]:
    return lambda text: text.count("\nsaved ") >= count


def moving(text: str) -> bool:
    """A game is moving between files: a finished game is being saved (to the archive), or
    the game just finished is being saved unfinished again (back from the archive)."""
    lines = text.rstrip("\n").rsplit("\n", 2)
    if not text.endswith("\n") or len(lines) < 2 or not lines[-1].startswith("saving "):
        return False
    just_finished = lines[-2].startswith("saved ") and '"finished": true' in lines[-2]
    return '"finished": true' in lines[-1] or just_finished


def test_sigkill_loses_no_acknowledged_round(tmp_path):
    data = tmp_path / "data"
    script = tmp_path / "child.py"
    script.write_text(CHILD.format(repo=str(REPO)))
    rng = random.Random(20261130)
    expected: dict[str, dict] = {}
    saves = finished = mid_save_kills = 0
    largest = 0
    for kill in range(1, KILLS + 1):
        log = tmp_path / f"child-{kill}.log"
        with open(log, "w") as out:
            child = subprocess.Popen([sys.executable, str(script), str(data), str(kill)], stdout=out)
        try:
            if kill % 3:
                wait_until(log, child, acknowledged_at_least(rng.randint(0, 12)))
                time.sleep(rng.uniform(0.0, 0.05))
            else:
                wait_until(log, child, moving)
                time.sleep(rng.uniform(0.0, 0.012))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
        assert child.returncode == -signal.SIGKILL

        acked, pending, acknowledged = read_log(log)
        saves += acknowledged
        expected.update(acked)
        store = Store(data)
        assert store.notices == []
        for game_id, doc in expected.items():
            allowed = [doc] + ([pending] if pending and pending["id"] == game_id else [])
            assert store.get_game(game_id) in allowed, f"kill {kill}: game {game_id} lost saved rounds"
        if pending is not None:
            mid_save_kills += 1
            if pending["id"] not in expected:
                assert store.get_game(pending["id"]) in (None, pending)
        known = set(expected) | ({pending["id"]} if pending else set())
        found = {game_id: store.get_game(game_id) for game_id in known}
        expected = {game_id: doc for game_id, doc in found.items() if doc is not None}
        listed = [s["id"] for s in store.list_games(limit=10_000)]
        assert sorted(listed) == sorted(expected)
        assert len(store.unfinished_games()) <= 1
        assert sorted(data.rglob("*.tmp")) == []
        assert not (data / "move.json").exists()
        finished = sum(doc["finished"] for doc in expected.values())
        largest = max([largest] + [len(doc["rounds"]) for doc in expected.values()])
        os.remove(log)

    assert saves >= 3 * KILLS
    assert mid_save_kills >= KILLS // 3
    assert finished >= 3
    assert largest >= 5
