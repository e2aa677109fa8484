"""Up to 9: how its saved rounds of older document schemas gain today's fields."""

from __future__ import annotations

from typing import Any

from companion.games.up_to_nine.scoring import RoundResult, went_out


def went_out_field(entry: dict[str, Any]) -> dict[str, Any]:
    """An Up to 9 round of schema 1 with the ``went_out`` field of schema 2.

    Schema 1 left "went out" to be read from the hands: the player whose
    hand was given as no cards (:func:`went_out`; seed 003, "Slutt
    på runden og straffepoeng"). The field names that player, or is null
    when nobody (or, in a damaged entry, more than one player) reads as gone
    out; the pad's replay then judges the round as it judges a new one.
    """
    results = entry.get("results")
    out: list[str] = []
    if isinstance(results, dict):
        for player, result in results.items():
            try:
                if isinstance(result, dict) and went_out(
                    RoundResult(result.get("laid_down"), result.get("hand") or (), result.get("points"))
                ):
                    out.append(player)
            except (ValueError, TypeError):
                continue
    return {**entry, "went_out": out[0] if len(out) == 1 else None}

