"""What the change log costs a saved game: size on disk and time to load and change.

A long evening of One Up (40 rounds, 10 of them corrected, one deleted, the
game finished) is saved with its change log and, as the baseline in the same
run, the same game with an empty log. Printed: the JSON size of each and the
ratio, and the median time of ``pad_from_doc`` and of one whole change as the
store makes it (load, add a round, ``to_doc``) for each, with ratios.

    python bench/pads.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.registry import pad_from_doc  # noqa: E402
from companion.games.one_up import OneUpPad

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def evening() -> OneUpPad:
    """40 rounds by two phones, 10 corrections and a delete, then the finish or an early end."""
    pad = OneUpPad(PLAYERS, options={"limit": 400})
    for number in range(40):
        out = PLAYERS[number % 4]
        hands = {player: "" if player == out else "K 3" for player in PLAYERS}
        pad.by = "Ann's phone" if number % 2 else "Ben's phone"
        pad.add_round(hands, out)
    pad.by = "Cy's phone"
    for number in range(2, 40, 4):
        pad.edit_round(number, {"Ann": "", "Ben": "A", "Cy": "2", "Dee": "K"}, "Ann")
    pad.delete_round(7)
    if pad.is_over:
        pad.finish()
    else:
        pad.end_early()
    return pad


def median_ms(action: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``action`` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def change(doc: dict) -> dict:
    """One change as the store makes it: rebuild the pad, add a round, save the document."""
    pad = pad_from_doc(doc)
    pad.by = "Dee's phone"
    pad.add_round({"Ann": "", "Ben": "A", "Cy": "2", "Dee": "K"}, "Ann")
    return pad.to_doc()


def main() -> None:
    """Print sizes and times, the logged game against the same game without its log."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    repeat = parser.parse_args().repeat
    logged = json.loads(json.dumps(evening().to_doc()))
    bare = {**logged, "log": []}
    size_logged, size_bare = len(json.dumps(logged)), len(json.dumps(bare))
    print(f"changes in the log: {len(logged['log'])}")
    print(f"document: {size_logged} bytes with the log, {size_bare} without ({size_logged / size_bare:.2f}x)")
    for what, action in (("load", pad_from_doc), ("load + add + save", change)):
        with_log = median_ms(lambda: action(logged), repeat)
        without = median_ms(lambda: action(bare), repeat)
        print(f"{what}: {with_log:.2f} ms with the log, {without:.2f} ms without ({with_log / without:.2f}x)")


if __name__ == "__main__":
    main()
