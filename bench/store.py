"""Benchmark: what a long history costs, as ratios against a short one measured in the same run.

Builds a data folder with 10 finished games (the baseline) and one with
10,000, and times the same steps on each: adding a round to the game in
progress, listing the newest 50 games, finishing a game, deleting a
finished game, opening the store in a new process, showing the player
statistics, exporting a backup of everything and importing it into an
empty folder. Prints the medians, the ratio 10,000 / 10 and the target.

Targets: add round at most 1.5x, list at most 3x, finish, delete and open at
most 2x; statistics under 100 ms, export and import under 2 s at 10,000 games.

    python bench/store.py [--repeats N] [--sizes 10,10000]

``import`` measures what importing a big backup costs the processor against
the tree before, in the same run: backups of 10,000 One Up games of 12 and of
22 rounds (four to six players from a club's tables, varied hands, some
rounds corrected, some games still in play), laid out as Companion's export
writes them, are imported into an empty folder
by this tree and by a checkout of ``--baseline`` (a git ref, default
``main``, checked out into a temporary worktree), each in a new process, the
runs interleaved (size by size, the two trees' order swapped each repeat).
Printed: the CPU seconds of each import (the process and its worker
processes) and the ratio baseline / this tree per size; target at least 1.6.

    python bench/store.py import [--baseline main] [--games 10000] [--rounds 12,22] [--repeats 5]

``saves`` measures what an import in the worker process costs a save made meanwhile, as a
phone's "Save round" makes it: a folder of ``--games`` finished games and a game in play; a
round is saved to that game (``Store.update_game``, in a thread, as the server does) every
20 ms, first with nothing else going on, then while the worker (``companion.long_work``, in
the kernel's idle class, as History's "Import backup" runs it) imports a backup of ``--games``
other games and this process's store takes in what it added (``Store.catch_up``, as History
does), ``--repeats`` times. Printed: the saves' p95 alone, their worst during the
import (a save waits while the import holds the store's lock), and what that adds to a
"Save round" tap, against the files bench's target for a tap while a file moves (at most 2x
its time with nothing moving: a tap of about :data:`TAP_MS` ms may take that much more).

    python bench/store.py saves [--games 10000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from companion import long_work  # noqa: E402
from companion.games.one_up import OneUpPad  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.store.backup import backup_text  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cato", "Dina"]
ROUNDS_PER_GAME = 12
RATIO_TARGETS = {"add round": 1.5, "list newest 50": 3.0, "finish a game": 2.0,
                 "delete a finished game": 2.0, "open in a new process": 2.0}
"""Steps whose cost at 10,000 games may be at most this many times the cost at 10."""
SECONDS_TARGETS = {"player statistics": 0.1, "export (once)": 2.0, "import (once)": 2.0}
"""Steps whose cost at 10,000 games must stay under this many seconds."""

TAP_MS = 50
"""A phone's tap to paint with nothing moving on this machine (the files bench's idle p95 reads 40-60 ms)."""

OPEN_SCRIPT = """
import sys, time
sys.path.insert(0, {repo!r})
from companion.store import Store
start = time.perf_counter()
Store(sys.argv[1])
print(time.perf_counter() - start)
"""


def _template() -> dict[str, Any]:
    """A real One Up game of 12 rounds, as its pad saves it (so imports and statistics replay it)."""
    pad = OneUpPad(PLAYERS, options={"limit": 1000})
    for number in range(ROUNDS_PER_GAME):
        out = PLAYERS[number % len(PLAYERS)]
        pad.add_round({name: "" if name == out else "K 3" for name in PLAYERS}, out)
    return pad.to_doc()


TEMPLATE = _template()


def _stamp(minutes: int) -> str:
    start = dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc)
    return (start + dt.timedelta(minutes=minutes)).isoformat()


def _game(number: int, *, finished: bool) -> dict[str, Any]:
    doc = json.loads(json.dumps(TEMPLATE))
    doc.update(id=uuid.uuid4().hex, created=_stamp(number * 90), updated=_stamp(number * 90 + 60),
               finished=finished, winners=["Ann"] if finished else [])
    return doc


def _children_cpu() -> float:
    """CPU seconds (user and system) of the child processes that have ended so far (the import's workers)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _median(action: Callable[[], object], repeats: int, setup: Callable[[], object] | None = None) -> float:
    times = []
    for _ in range(repeats):
        if setup is not None:
            setup()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(history: int, repeats: int) -> dict[str, float]:
    """Seconds of each measured step with ``history`` finished games saved (medians, or once)."""
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        start = time.perf_counter()
        store.add_games(_game(n, finished=True) for n in range(history))
        build = time.perf_counter() - start
        current = _game(history + 1, finished=False)
        store.save_game(current)
        store.list_games(50)

        def add_round() -> None:
            current["rounds"].append(dict(current["rounds"][0], id=uuid.uuid4().hex[:8]))
            store.save_game(current)
            current["rounds"].pop()

        results["add round"] = _median(add_round, repeats)
        results["list newest 50"] = _median(lambda: store.list_games(50), repeats)

        pending: list[dict[str, Any]] = []

        def new_game() -> None:
            pending.append(_game(history + 2 + len(pending), finished=False))
            store.save_game(pending[-1])

        def finish() -> None:
            store.save_game(dict(pending[-1], finished=True, winners=["Ann"]))

        results["finish a game"] = _median(finish, repeats, setup=new_game)
        finished_ids = [doc["id"] for doc in pending]
        results["delete a finished game"] = _median(lambda: store.delete_game(finished_ids.pop()), repeats)

        script = Path(folder) / "open.py"
        script.write_text(OPEN_SCRIPT.format(repo=str(REPO)))
        opens = [float(subprocess.run([sys.executable, str(script), folder], capture_output=True, text=True,
                                      check=True).stdout) for _ in range(max(3, repeats // 20))]
        script.unlink()
        results["open in a new process"] = statistics.median(opens)

        store.player_stats()
        results["player statistics"] = _median(store.player_stats, max(3, repeats // 10))

        start, export_cpu = time.perf_counter(), time.process_time()
        backup = store.export_json()
        results["export (once)"] = time.perf_counter() - start
        export_cpu = time.process_time() - export_cpu
        with tempfile.TemporaryDirectory() as other:
            target = Store(other)
            start, cpu, workers = time.perf_counter(), time.process_time(), _children_cpu()
            added = target.import_json(backup)
            results["import (once)"] = time.perf_counter() - start
            cpu, workers = time.process_time() - cpu, _children_cpu() - workers
            assert added == history + 1, added
        print(f"  {history:>6} games: fixture built in {build:.2f} s, backup {len(backup) / 1e6:.1f} MB, "
              f"export {results['export (once)']:.2f} s on the clock and {export_cpu:.2f} s of CPU, "
              f"import {results['import (once)']:.2f} s on the clock and {cpu:.2f} s of CPU here plus "
              f"{workers:.2f} s in worker processes (the clock counts waits for other programs' turns)", flush=True)
    return results


IMPORT_TARGET = 1.6
"""The baseline's import CPU over this tree's must be at least this."""

TABLES = [["Ann", "Ben", "Cato", "Dina"], ["Eli", "Fay", "Gus", "Hege", "Ivo"], ["Ben", "Ann", "Jon", "Kari"],
          ["Hege", "Dina", "Eli", "Fay", "Gus", "Jon"], ["Kari", "Ivo", "Cato", "Ann"], ["Gus", "Jon", "Ben", "Fay", "Eli"]]
"""The club's usual tables, in seating order: each game of an import backup is played at one of them."""

IMPORT_SCRIPT = """
import json, resource, sys, tempfile, time
sys.path.insert(0, sys.argv[1])
from companion.store import Store
data = open(sys.argv[2], "rb").read()
def workers():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
with tempfile.TemporaryDirectory() as folder:
    store = Store(folder)
    wall, cpu, forked = time.perf_counter(), time.process_time(), workers()
    added = store.import_json(data)
    wall, cpu, forked = time.perf_counter() - wall, time.process_time() - cpu, workers() - forked
print(json.dumps({"added": added, "wall": wall, "cpu": cpu + forked}))
"""


def _played_game(rng: random.Random, rounds: int) -> dict[str, Any]:
    """A One Up game of ``rounds`` rounds as a table plays it: varied hands, now and then a round
    corrected; finished (three games in four) or still in play."""
    players = rng.choice(TABLES)
    pad = OneUpPad(players, first_dealer=rng.randrange(len(players)), options={"limit": 1000})

    def entry() -> dict[str, Any]:
        out = rng.choice([*players, None])
        hands = {name: [] if name == out else rng.sample(VALUES, rng.randint(1, 2)) for name in players}
        return {"hands": hands, "went_out": out, "ended_by": out or rng.choice(players)}

    for _ in range(rounds):
        pad.add_round(**entry())
        if rng.random() < 0.05:
            pad.edit_round(rng.randint(1, pad.next_round - 1), **entry())
    if rng.random() < 0.75:
        pad.end_early()
    return pad.to_doc()


VALUES = ["A", "2", "3", "4", "5", "6", "K"]
"""The One Up card values the import backups' hands are dealt from."""


def _import_backup(games: int, rounds: int, path: Path) -> float:
    """Write a backup of ``games`` games of ``rounds`` rounds to ``path``
    (200 different games, each saved again under new ids and times) as Companion's export
    writes one (``backup_text``: a game per line), so that the import reads what a user
    imports; returns its size in MB."""
    rng = random.Random(rounds)
    played = [_played_game(rng, rounds) for _ in range(200)]
    docs = []
    for number in range(games):
        doc = dict(played[number % len(played)], id=uuid.UUID(int=rng.getrandbits(128)).hex,
                   created=_stamp(number * 90), updated=_stamp(number * 90 + 60))
        docs.append(doc)
    data = backup_text(docs).encode("utf-8")
    path.write_bytes(data)
    return len(data) / 1e6


def _import_cpu(tree: Path, backup: Path, games: int) -> dict[str, float]:
    """CPU seconds (with worker processes) and clock seconds of one import of ``backup`` by the code in ``tree``."""
    done = subprocess.run([sys.executable, "-c", IMPORT_SCRIPT, str(tree), str(backup)],
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the import by {tree} failed:\n{done.stderr}")
    result = json.loads(done.stdout)
    assert result["added"] == games, result
    return result


def import_ratio(baseline: str, games: int, sizes: list[int], repeats: int) -> None:
    """Print the import CPU of this tree against ``baseline`` (a git ref), interleaved (see the module docstring)."""
    with tempfile.TemporaryDirectory() as folder:
        base_tree = Path(folder) / "baseline"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(base_tree), baseline],
                       check=True)
        try:
            backups = {}
            for rounds in sizes:
                backups[rounds] = Path(folder) / f"backup-{rounds}.json"
                size = _import_backup(games, rounds, backups[rounds])
                print(f"backup of {games:,} games of {rounds} rounds: {size:.1f} MB", flush=True)
            trees = {"baseline": base_tree, "this tree": REPO}
            cpu: dict[tuple[str, int], list[float]] = {(name, rounds): [] for name in trees for rounds in sizes}
            for repeat in range(repeats):
                for rounds in sizes if repeat % 2 == 0 else sizes[::-1]:
                    order = list(trees) if (repeat + sizes.index(rounds)) % 2 == 0 else list(trees)[::-1]
                    for name in order:
                        result = _import_cpu(trees[name], backups[rounds], games)
                        cpu[name, rounds].append(result["cpu"])
                        print(f"  repeat {repeat + 1}, {rounds} rounds, {name}: {result['cpu']:.2f} s of CPU, "
                              f"{result['wall']:.2f} s on the clock", flush=True)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base_tree)], check=False)
    print(f"\nImport of {games:,} games, CPU seconds (the process and its workers), medians of {repeats}; "
          f"baseline {baseline}:")
    for rounds in sizes:
        base, ours = statistics.median(cpu["baseline", rounds]), statistics.median(cpu["this tree", rounds])
        ratio = base / ours
        print(f"  {rounds:>2} rounds: baseline {base:.2f} s, this tree {ours:.2f} s, {ratio:.2f}x less "
              f"(target at least {IMPORT_TARGET}x: {'ok' if ratio >= IMPORT_TARGET else 'SHORT'})")
    print(f"Load average at the end: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")


def _saves(store: Store, game_id: str, until: Callable[[], bool]) -> list[float]:
    """Save a round to ``game_id`` every 20 ms (a round added, or the first taken away once
    there are 40) until ``until()``; the milliseconds each save took."""
    took = []
    while not until():
        start = time.perf_counter()
        store.update_game(game_id, lambda pad: pad.delete_round(1) if pad.next_round > 40 else pad.add_round(
            {name: "" if name == PLAYERS[0] else "K 3" for name in PLAYERS}, PLAYERS[0]))
        took.append((time.perf_counter() - start) * 1000)
        time.sleep(0.02)
    return took


def saves_during_import(games: int, repeats: int) -> None:
    """Print what imports in the worker cost saves made meanwhile (see the module docstring)."""
    def p95(values: list[float]) -> float:
        return sorted(values)[max(0, round(0.95 * len(values)) - 1)]

    with tempfile.TemporaryDirectory() as folder:
        template = _game(0, finished=True)
        for repeat in range(repeats):
            data = Path(folder) / f"data-{repeat}"
            store = Store(data)
            store.add_games([dict(template, id=uuid.uuid4().hex) for _ in range(games)])
            playing = OneUpPad(PLAYERS, options={"limit": 1000})
            store.save_game(playing.to_doc())
            backup = Path(folder) / "backup.json"
            backup.write_text(backup_text([dict(template, id=uuid.uuid4().hex) for _ in range(games)]),
                              encoding="utf-8")
            asyncio.run(long_work.in_worker(long_work.write_backup, data, Path(folder) / "warm.json"))
            until = time.perf_counter() + 3.0
            alone = _saves(store, playing.id, lambda: time.perf_counter() > until)
            done = threading.Event()
            during: list[float] = []
            saver = threading.Thread(target=lambda: during.extend(_saves(store, playing.id, done.is_set)))
            saver.start()
            start = time.perf_counter()
            try:
                _added, summaries = asyncio.run(long_work.in_worker(long_work.import_backup_file, data, backup))
                store.catch_up(summaries)
            finally:
                done.set()
                saver.join()
                long_work.stop()
            took = time.perf_counter() - start
            added = max(during) - p95(alone)
            print(f"  repeat {repeat + 1}: import of {games:,} games into {games:,}: {took:.1f} s; saves alone "
                  f"p95 {p95(alone):.0f} ms ({len(alone)}), during the import worst {max(during):.0f} ms "
                  f"({len(during)}): up to {added:.0f} ms more on a \"Save round\" tap (a tap of "
                  f"{TAP_MS} ms stays within 2x while this is under {TAP_MS} ms: "
                  f"{'ok' if added <= TAP_MS else 'OVER'})", flush=True)


def main() -> None:
    if sys.argv[1:2] == ["saves"]:
        parser = argparse.ArgumentParser(description="Saves made while the worker imports a backup")
        parser.add_argument("--games", type=int, default=10000, help="games saved, and in the backup (default 10,000)")
        parser.add_argument("--repeats", type=int, default=3, help="imports (default 3)")
        args = parser.parse_args(sys.argv[2:])
        saves_during_import(args.games, args.repeats)
        return
    if sys.argv[1:2] == ["import"]:
        parser = argparse.ArgumentParser(description="Import CPU against a baseline tree, in the same run")
        parser.add_argument("--baseline", default="main", help="git ref of the tree to compare with (default main)")
        parser.add_argument("--games", type=int, default=10000, help="games in each backup (default 10,000)")
        parser.add_argument("--rounds", default="12,22", help="rounds per game, one backup each (default 12,22)")
        parser.add_argument("--repeats", type=int, default=5, help="imports per tree and size (default 5)")
        args = parser.parse_args(sys.argv[2:])
        import_ratio(args.baseline, args.games, [int(rounds) for rounds in args.rounds.split(",")], args.repeats)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=100, help="timed repetitions per step (default 100)")
    parser.add_argument("--sizes", default="10,10000", help="the baseline and the large history (default 10,10000)")
    args = parser.parse_args()
    small, large = (int(size) for size in args.sizes.split(","))
    base, big = run(small, args.repeats), run(large, args.repeats)
    print(f"\n{'step':26} {f'{small} games':>12} {f'{large:,} games':>14} {'ratio':>7}  target")
    for step in base:
        ratio = big[step] / base[step]
        if step in RATIO_TARGETS:
            target, ok = f"<= {RATIO_TARGETS[step]}x", ratio <= RATIO_TARGETS[step]
        else:
            target, ok = f"< {SECONDS_TARGETS[step] * 1000:.0f} ms", big[step] < SECONDS_TARGETS[step]
        print(f"{step:26} {base[step] * 1000:>10.3f}ms {big[step] * 1000:>12.3f}ms {ratio:>7.2f}  "
              f"{target} {'ok' if ok else 'OVER'}")
    imported, exported = big["import (once)"], big["export (once)"]
    print(f"\nImport of the {large:,}-game backup: {imported:.2f} s (target under 2 s: "
          f"{'ok' if imported < 2 else 'OVER'}); {imported / exported:.2f}x the export of the same backup "
          f"in this run, {imported / large * 1000:.3f} ms per game.")


if __name__ == "__main__":
    main()
