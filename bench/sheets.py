"""Benchmark: what keeping a round sheet costs per tap, as ratios against a round saved, measured in the same run.

A round sheet is kept in the data folder at every tap (``Store.keep_sheet``:
the lock, one ``stat``, one atomic write of ``sheets.json`` with its fsyncs;
companion/table/kept_sheets.py), off the event loop. The baseline is what
every save already costs: adding a round to a game of 12 and of 22 rounds
(``Store.update_game``). Each repeat, interleaved: one tap kept (One Up,
three players, a value more in Ann's hand), one round added to each game.
The sheets file holds, as at a busy table, the sheets of 8 phones on 4
games besides the one measured. Prints the medians in milliseconds and the
ratio tap / round saved.

Target: a tap kept costs at most what a round saved costs (ratio <= 1.0).

    python bench/sheets.py [--repeats N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from companion.games.one_up import OneUpPad  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.table import kept_sheets  # noqa: E402
from companion.table.saving import SheetMark  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cy"]
VALUES = ["A", "2", "3", "4", "5", "6", "K"]
TARGET = 1.0
"""Most a tap kept may cost, as a share of a round saved."""


def game(store: Store, rounds: int) -> str:
    """A One Up game of Ann, Ben and Cy with ``rounds`` rounds saved in ``store``; its id."""
    pad = OneUpPad(PLAYERS, options={"limit": 10_000})
    for _number in range(rounds):
        pad.add_round({"Ann": "K 6", "Ben": "3", "Cy": ""}, "Cy")
    store.save_game(pad.to_doc())
    return pad.id


def entry(taps: int) -> dict:
    """A One Up sheet after ``taps`` taps on Ann's values (each tap one value more, in circle order)."""
    return {"hands": {"Ann": VALUES[: taps % len(VALUES) + 1], "Ben": ["3"], "Cy": []}, "went_out": None,
            "ended_by": None}


def timed(step: Callable[[], object]) -> float:
    """Seconds ``step()`` took."""
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    repeats = parser.parse_args().repeats
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        games = {12: game(store, 12), 22: game(store, 22)}
        measured = game(store, 3)
        for phone in range(8):
            for other in range(4):
                kept_sheets.keep(store, f"game-{other}", f"Phone {phone:04X}",
                                 kept_sheets.KeptSheet(SheetMark(None, None, 4), entry(phone)))
        times: dict[str, list[float]] = {"tap kept": [], "round saved (12 rounds)": [], "round saved (22 rounds)": []}
        for tap in range(repeats):
            sheet = kept_sheets.KeptSheet(SheetMark(None, None, 4), entry(tap))
            times["tap kept"].append(timed(lambda: kept_sheets.keep(store, measured, "Ann's phone", sheet)))
            for rounds, game_id in games.items():
                times[f"round saved ({rounds} rounds)"].append(timed(lambda game_id=game_id: store.update_game(
                    game_id, lambda pad: pad.add_round({"Ann": "K", "Ben": "", "Cy": "3"}, "Ben"))))
        medians = {name: statistics.median(values) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:28} {value * 1000:7.2f} ms (median of {repeats})")
    for rounds in (12, 22):
        ratio = medians["tap kept"] / medians[f"round saved ({rounds} rounds)"]
        verdict = "ok" if ratio <= TARGET else "over the target"
        print(f"tap kept / round saved ({rounds} rounds): {ratio:.2f} (target <= {TARGET:.1f}: {verdict})")


if __name__ == "__main__":
    main()
