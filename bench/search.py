"""How long a rules search takes, as players type it.

Runs 75 queries of the kinds players type (words, typos, players' words,
short questions, words of another language; English, Norwegian, German)
through ``companion.rulebook.ranking.search`` and, interleaved with each, a plain
Python loop over the same texts (every section's plain text of the
language, lower-cased, scanned for each query word) as the baseline.
Prints the median and 95th percentile of both and their ratio, the first
search of each language (the index built) apart, and checks the 95th
percentile against the 50 ms budget.

    .venv/bin/python bench/search.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import i18n  # noqa: E402
from companion.registry import GAME_IDS  # noqa: E402
from companion.rulebook import rules_for  # noqa: E402
from companion.rulebook.ranking import search  # noqa: E402

BUDGET_MS = 50.0
"""A search must answer within 50 ms (the search's speed target)."""

QUERIES: tuple[tuple[str, str], ...] = tuple(
    (code, query) for code, queries in (
        ("en", ["joker", "jokr", "Jocker", "who starts", "what beats a king", "level 4",
                "can I play a 7 on an attack", "stacking attacks", "give back", "lay off", "went out",
                "safety valve", "safty valve", "discard pile", "draw pile empty", "shield", "wild budget",
                "tie", "ace", "colour joker", "dronning", "sikkerhetsventil", "Reihe Auslage", "jokere nivå",
                "how many cards", "penalty points", "drop out", "one card", "skip", "reverse"]),
        ("nb", ["hvem begynner", "hvem starter", "hva slår en konge", "nivå 4", "kan jeg spille en 7 på et angrep",
                "stable angrep", "dronning", "jokker", "donere", "knekt", "sikkerhetsventil", "gikk ut",
                "straffepoeng", "kastebunke", "tress", "safety valve", "Reihe", "hvor mange kort", "skjold",
                "legge ned", "uavgjort", "stå av"]),
        ("de", ["wer beginnt", "wer fängt an", "was schlägt einen König", "Stufe 4",
                "darf ich eine 7 auf einen Angriff spielen", "Angriffe stapeln", "Jokr", "Reihe", "Auslage",
                "Strasse", "Sicherheitsventl", "sikkerhetsventil", "donere", "zurückgeben", "angelegt",
                "persönlicher Ablagestapel", "Schild", "aussteigen", "wie viele Karten", "Gleichstand",
                "shield", "nivå", "Strafpunkte"]),
    ) for query in queries
)
"""(language, query): the kinds of queries players type in each language."""


def plain_loop(query: str, texts: list[str]) -> list[int]:
    """The baseline: the sections (by number) whose lower-cased text holds every query word."""
    words = query.lower().split()
    return [number for number, text in enumerate(texts) if all(word in text for word in words)]


def percentile(runs: list[float], share: float) -> float:
    """The ``share`` (0..1) percentile of ``runs``."""
    ordered = sorted(runs)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    """Run the bench; print the figures; return 1 when the 95th percentile is over the budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="times each query is run (default 5)")
    args = parser.parse_args(argv)
    texts = {code: [section.plain.lower() for game in GAME_IDS for section in rules_for(game, language=code).sections]
             for code in i18n.LANGUAGES}
    for code in i18n.LANGUAGES:
        started = time.perf_counter()
        search("card", language=code)
        print(f"first search in {code} (index built): {(time.perf_counter() - started) * 1000:.1f} ms")
    ours, baseline = [], []
    for _ in range(args.rounds):
        for code, query in QUERIES:
            started = time.perf_counter()
            plain_loop(query, texts[code])
            middle = time.perf_counter()
            search(query, language=code)
            ended = time.perf_counter()
            baseline.append((middle - started) * 1000)
            ours.append((ended - middle) * 1000)
    p95, base95 = percentile(ours, 0.95), percentile(baseline, 0.95)
    print(f"{len(QUERIES)} queries x {args.rounds} rounds, interleaved")
    print(f"plain loop (baseline): median {statistics.median(baseline):.3f} ms, p95 {base95:.3f} ms")
    print(f"rules search:          median {statistics.median(ours):.3f} ms, p95 {p95:.3f} ms, "
          f"max {max(ours):.3f} ms")
    print(f"p95 ratio search / plain loop: {p95 / base95:.0f}x; budget {BUDGET_MS:.0f} ms: "
          f"{'within' if p95 <= BUDGET_MS else 'OVER'}")
    return 0 if p95 <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
