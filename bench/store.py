"""Benchmark: the cost of saving a round and of listing games must not grow with history.

Runs the same steps on a data folder with 10 finished games (the baseline)
and one with 10,000, in this process, and prints the medians and the ratios
against the baseline. Targets (issue 3): adding a round to the game in
progress at most 1.5x, listing the newest 50 games at most 3x.

    .venv/bin/python bench/store.py [--repeats N]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.store import Store  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cato", "Dina"]
HISTORY_SIZES = (10, 10_000)
ROUNDS_PER_GAME = 12
"""Rounds in each fixture game; the timed save adds round 13 to the game in progress."""
TARGETS = {"add round": 1.5, "list newest 50": 3.0}


def _stamp(minutes: int) -> str:
    start = dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc)
    return (start + dt.timedelta(minutes=minutes)).isoformat()


def _round(number: int) -> dict[str, Any]:
    """A round entry about the size a One Up pad writes: each player's cards left."""
    hands = {name: ["7H", "QS", "AD", "10C"][: (number + seat) % 5] for seat, name in enumerate(PLAYERS)}
    return {"went_out": PLAYERS[number % len(PLAYERS)], "hands": hands}


def _game(number: int, *, finished: bool, rounds: int) -> dict[str, Any]:
    return {
        "schema": 1,
        "id": uuid.uuid4().hex,
        "game": "one_up",
        "players": list(PLAYERS),
        "first_dealer": number % len(PLAYERS),
        "options": {"joker": False, "limit": 40},
        "rounds": [_round(n) for n in range(rounds)],
        "created": _stamp(number * 90),
        "updated": _stamp(number * 90 + 60),
        "finished": finished,
        "ended_early": False,
        "winners": [PLAYERS[number % len(PLAYERS)]] if finished else [],
    }


def _median_seconds(action, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(history: int, repeats: int) -> dict[str, float]:
    """Median seconds of each measured step with ``history`` finished games saved."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        start = time.perf_counter()
        store.add_games(_game(n, finished=True, rounds=ROUNDS_PER_GAME) for n in range(history))
        build = time.perf_counter() - start
        current = _game(history + 1, finished=False, rounds=ROUNDS_PER_GAME)
        store.save_game(current)
        store.list_games(50)
        os.sync()

        def add_round() -> None:
            current["rounds"].append(_round(ROUNDS_PER_GAME))
            store.save_game(current)

        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            add_round()
            times.append(time.perf_counter() - start)
            current["rounds"].pop()
        results = {
            "add round": statistics.median(times),
            "list newest 50": _median_seconds(lambda: store.list_games(50), repeats),
        }
        current["finished"] = True
        current["winners"] = [PLAYERS[0]]
        start = time.perf_counter()
        store.save_game(current)
        results["finish game (once)"] = time.perf_counter() - start
        start = time.perf_counter()
        store.list_games(50)
        results["first list after finish (once)"] = time.perf_counter() - start
        print(f"  {history:>6} games: fixture built in {build:.2f} s", flush=True)
        return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200, help="timed repetitions per step (default 200)")
    args = parser.parse_args()
    runs = {size: run(size, args.repeats) for size in HISTORY_SIZES}
    base, big = runs[HISTORY_SIZES[0]], runs[HISTORY_SIZES[-1]]
    print(f"\n{'step':32} {'10 games':>12} {'10,000 games':>14} {'ratio':>7} {'target':>7}")
    for step in base:
        ratio = big[step] / base[step]
        target = f"<= {TARGETS[step]}" if step in TARGETS else "-"
        verdict = "" if step not in TARGETS else ("  ok" if ratio <= TARGETS[step] else "  OVER")
        print(f"{step:32} {base[step] * 1000:>10.3f}ms {big[step] * 1000:>12.3f}ms {ratio:>7.2f} {target:>7}{verdict}")


if __name__ == "__main__":
    main()
