"""How fast is Up to 9's find_meld on the worst hands, against a plain exhaustive search?

Run from the repo root:  .venv/bin/python bench/meld.py

For every level the script looks for the hands that find_meld finds hardest
(12 cards, 6 to 8 of them 2s and 3s: hand-made ones plus a seeded random
sample, the slowest kept), then times find_meld and the exhaustive search
below on the slowest one in the same process and prints the median of each
and their ratio.  Both must agree on the fewest wilds (or on "no meld").
Target (issue 2): under 1 ms median per level, at least 20x faster.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from functools import partial
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.cards import SUITS, Card, parse_cards  # noqa: E402
from companion.games.up_to_nine import LEVELS, Level, find_meld, position_rank  # noqa: E402

HAND_SIZE = 12
SAMPLE = 150
CANDIDATES = 3
FAST_REPEATS = 301
SLOW_REPEATS = 3

HAND_MADE = (
    "♠4 ♠5 ♠6 ♠7 ♥2 ♥3 ♦2 ♦3 ♣2 ♣3 ♠K ♥K",
    "♥5 ♥6 ♥8 ♥9 ♠2 ♣3 ♦2 ♠3 ♥2 ♦5 ♣3 ♠9",
    "7♠ 7♥ K♣ K♦ 5♥ 5♣ 2♠ 3♦ 2♥ 3♣ 2♦ 3♠",
    "♠A ♠K ♠Q ♠J ♥A ♥2 ♠2 ♦3 ♣2 ♥3 ♦2 ♣3",
    "♦4 ♦6 ♦8 ♦10 ♦Q ♦A ♠2 ♥2 ♣2 ♠3 ♥3 ♣3",
    "♠5 ♥5 ♦5 ♣9 ♥9 ♠J ♠2 ♠3 ♥2 ♥3 ♦2 ♦3",
)


def exhaustive_group(kind: str, cards: list[Card]) -> int | None:
    """Fewest wilds for one group: try every rank, or every suit and window."""
    best = None
    if kind == "set":
        for rank in range(1, 14):
            naturals = sum(card.rank == rank for card in cards)
            if naturals and all(card.rank == rank or card.rank in (2, 3) for card in cards):
                wilds = len(cards) - naturals
                best = wilds if best is None else min(best, wilds)
        return best
    for suit in SUITS:
        for start in range(1, 16 - len(cards)):
            free = [(position_rank(p)) for p in range(start, start + len(cards))]
            wilds = 0
            for card in cards:
                if card.suit == suit and card.rank in free:
                    free.remove(card.rank)
                elif card.rank in (2, 3):
                    wilds += 1
                else:
                    break
            else:
                if wilds < len(cards) and (best is None or wilds < best):
                    best = wilds
    return best


def exhaustive(level: Level, hand: list[Card]) -> int | None:
    """Plain search: every subset of the contract's size, every split into its groups."""
    sizes = [spec.size for spec in level.groups]

    def splits(items: list[int], remaining: list[int]):
        if not remaining:
            yield []
            return
        for chosen in combinations(items, remaining[0]):
            rest = [i for i in items if i not in chosen]
            for tail in splits(rest, remaining[1:]):
                yield [chosen, *tail]

    best = None
    for subset in combinations(range(len(hand)), level.card_count):
        for split in splits(list(subset), sizes):
            wilds = []
            for spec, indices in zip(level.groups, split, strict=True):
                w = exhaustive_group(spec.kind, [hand[i] for i in indices])
                if w is None or w > spec.max_wild:
                    break
                wilds.append(w)
            else:
                total = sum(wilds)
                if (total <= level.max_wild and sum(w == 0 for w in wilds) >= level.min_clean
                        and (best is None or total < best)):
                    best = total
    return best


def random_hand(rng: random.Random) -> list[Card]:
    """12 cards, 6 to 8 of them 2s and 3s, the rest bunched in two suits."""
    wilds = rng.randint(6, 8)
    suits = rng.sample(SUITS, 2)
    low = rng.randint(1, 7)
    hand = [Card(rng.choice((2, 3)), rng.choice(SUITS)) for _ in range(wilds)]
    hand += [Card(rng.choice([r for r in range(low, low + 7) if r not in (2, 3)] or [1]), rng.choice(suits))
             for _ in range(HAND_SIZE - wilds)]
    rng.shuffle(hand)
    return hand


def median_ms(call, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    rng = random.Random(9)
    pool = [parse_cards(text) for text in HAND_MADE]
    pool += [random_hand(rng) for _ in range(SAMPLE)]
    print(f"find_meld vs exhaustive search, {HAND_SIZE}-card hands with 6-8 wilds, "
          f"median of {FAST_REPEATS} / {SLOW_REPEATS} runs")
    print(f"{'level':<6}{'contract':<27}{'find_meld ms':>13}{'exhaustive ms':>15}{'ratio':>9}  "
          f"{'result':<9}{'wilds in hand':<15}hand")
    worst_fast, worst_ratio = 0.0, float("inf")
    for level in LEVELS:
        by_slowness = sorted(pool, key=lambda hand, number=level.number: -median_ms(partial(find_meld, number, hand), 5))
        slowest = None
        for hand in by_slowness[:CANDIDATES]:
            fast = median_ms(partial(find_meld, level.number, hand), FAST_REPEATS)
            if slowest is None or fast > slowest[0]:
                slowest = (fast, hand)
        fast, hand = slowest
        found = find_meld(level.number, hand)
        expected = exhaustive(level, hand)
        if (None if found is None else found.wilds_used) != expected:
            raise SystemExit(f"disagreement on level {level.number}: {hand} -> {found} vs {expected}")
        slow = median_ms(partial(exhaustive, level, hand), SLOW_REPEATS)
        result = "none" if found is None else f"{found.wilds_used} wild"
        shown = " ".join(str(card) for card in hand)
        in_hand = sum(card.rank in (2, 3) for card in hand)
        print(f"{level.number:<6}{level.contract:<27}{fast:>13.3f}{slow:>15.1f}{slow / fast:>8.0f}x  "
              f"{result:<9}{in_hand:<15}{shown}")
        worst_fast = max(worst_fast, fast)
        worst_ratio = min(worst_ratio, slow / fast)
    print(f"slowest find_meld median {worst_fast:.3f} ms (target < 1 ms); "
          f"smallest ratio {worst_ratio:.0f}x (target >= 20x)")


if __name__ == "__main__":
    main()
