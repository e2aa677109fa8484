"""How long the server takes to answer a tap on the Check tab.

Every checker answer is one call into ``companion.table.ask_answers`` (which
calls the rules core and words its verdict); the screen does nothing else
but draw the result.  This times each kind of answer on a heavy input
(a 12-card hand, many wilds) and prints the median and the 95th percentile
against a no-op handler timed the same way in the same process, and checks
the medians against the 16 ms frame budget of issue 5.

    .venv/bin/python bench/checker.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.cards import parse_card, parse_cards  # noqa: E402
from companion.table import ask_answers as ask  # noqa: E402

BUDGET_MS = 16.0
"""A checker answer must be ready within one frame at 60 Hz (issue 5)."""

TWELVE_CARD_ONE_CARD_HAND = parse_cards("BJ CJ 3♥ 3♣ A♥ 2♠ 7♦ K♠ 5♠ Q♥ J♣ 10♦")
NINE_CARD_MELD = parse_cards("7♠ 7♥ 7♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦")
WILD_HAND = parse_cards("2♠ 2♥ 3♦ 3♣ 2♦ 3♠ ♥5 ♥7 ♥9 ♥J ♥K ♣4")
"""12 cards, 6 of them wild: the hardest kind of hand for find_meld."""
LEVEL_FOUR_HAND = parse_cards("9♠ 7♠ J♥ 7♥ Q♣ 7♦ K♣ K♦ 2♠ 5♥ 5♣ 3♦")
RING = [4, 34, 52, 60, 88, 101]
ROW = [12, 20, 31, 47, 59, 70]

CASES: dict[str, Callable[[], object]] = {
    "no-op handler (baseline)": lambda: None,
    "One Up: top card + your card": lambda: ask.one_up_answer(parse_card("6"), parse_card("K")),
    "One-card: 12-card hand under an attack": lambda: ask.one_card_answer(
        parse_card("A♠"), TWELVE_CARD_ONE_CARD_HAND, attack_total=7),
    "Up to 9: check a level-4 meld (2 wilds)": lambda: ask.meld_answer(4, NINE_CARD_MELD),
    "Up to 9: find level 4 in 12 cards": lambda: ask.find_answer(4, LEVEL_FOUR_HAND),
    "Up to 9: find level 9 in 12 cards, 6 wilds": lambda: ask.find_answer(9, WILD_HAND),
    "Up to 9: find level 8 in 12 cards, 6 wilds": lambda: ask.find_answer(8, WILD_HAND),
    "Up to 9: lay off a wild on a straight": lambda: ask.lay_off_answer(
        "straight", parse_cards("♣4 ♣5 ♣6 ♣7"), parse_card("♥2")),
    "Up or Down?: ring neighbours": lambda: ask.ring_answer(RING, 37),
    "Up or Down?: card on a row": lambda: ask.row_answer(ROW, 75),
}
"""Label -> the call a tap makes (the first entry is the baseline)."""


def time_call(call: Callable[[], object], repeat: int) -> list[float]:
    """Run ``call`` ``repeat`` times after a warm-up; return each run in milliseconds."""
    for _ in range(5):
        call()
    runs = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        call()
        runs.append((time.perf_counter_ns() - start) / 1e6)
    return runs


def main(argv: list[str] | None = None) -> int:
    """Time every case, print a table; exit 1 if a median is over the budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=300, help="timed runs per case (default 300)")
    args = parser.parse_args(argv)

    results = {label: time_call(call, args.repeat) for label, call in CASES.items()}
    baseline = statistics.median(results["no-op handler (baseline)"])
    width = max(map(len, CASES))
    print(f"{'checker answer':<{width}}  {'median ms':>10}  {'p95 ms':>8}  {'x no-op':>9}  budget")
    worst = 0.0
    for label, runs in results.items():
        median = statistics.median(runs)
        p95 = statistics.quantiles(runs, n=20)[-1]
        ratio = median / baseline if baseline else float("inf")
        ok = "ok" if median < BUDGET_MS else "OVER"
        worst = max(worst, median)
        print(f"{label:<{width}}  {median:>10.4f}  {p95:>8.4f}  {ratio:>9.0f}  {ok}")
    print(f"slowest median {worst:.3f} ms of a {BUDGET_MS:.0f} ms budget "
          f"({worst / BUDGET_MS:.1%}); {args.repeat} runs per case")
    return 0 if worst < BUDGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
